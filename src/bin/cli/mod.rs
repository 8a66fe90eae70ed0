//! The subcommands, one module per family, and what they share: turning flags
//! into a link query, writing JSON, and the exit status.

mod checkpoint;
mod connect4;
mod family;
mod parity;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use ludolab::registry;
use ludolab::toolkit::summary::{self, MAX_PRINTED_BYTES};
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

/// The subcommands with terminal work of their own (Pons' batch files,
/// solution files and verification): every other family's subcommands come
/// from the registry (`family.rs`).
#[derive(Parser)]
#[command(
    name = "ludolab",
    version,
    about = "Exact mathematics of games of chance and strategy"
)]
struct Cli {
    #[command(subcommand)]
    command: Own,
    /// Print JSON answers whole: above 4 MB, long lists are otherwise
    /// summarised (their length, first 20 elements and last).
    #[arg(long, global = true)]
    whole: bool,
}

/// Whether `--whole` was given: JSON answers are then never summarised.
static WHOLE: AtomicBool = AtomicBool::new(false);

#[derive(Subcommand)]
enum Own {
    /// Connect Four solved exactly (4–7 × 4–6): the score in Pons' convention, how
    /// soon, the best columns, per-column scores; `--batch` reads Pons' test files.
    Connect4(Box<connect4::Args>),
    /// Parity games (PGSolver's format): winning regions and strategies (tangle learning,
    /// Zielonka's algorithm, priority promotion), generators, and a verifier for any solution.
    Parity(Box<parity::Args>),
    /// Check a share link (the part after `#`) and print its canonical form.
    Link {
        /// For example `game=snakes&preset=audet`.
        query: String,
        /// Print JSON: the canonical link and the page's cost estimate
        /// (`estimate_seconds` in a browser's worker, `megabytes`, whether the
        /// page asks first and whether the time can be told), or `refused`
        /// with the reason and the key at fault.
        #[arg(long)]
        json: bool,
    },
    /// Compute any share link and print its family's report as JSON (what the page receives).
    Report {
        /// For example `game=graphs&kind=chomp&rows=4&cols=3`.
        query: String,
    },
}

/// The subcommands [`Own`] names: the registry's of the same name are left out.
const OWN: [&str; 2] = ["connect4", "parity"];

/// Why a run failed.
pub enum Failure {
    /// The input: a message naming the key or value at fault.
    Input(ludolab::Error),
    /// A share link's input: its errors name the link's keys, never a flag.
    Link(ludolab::Error),
    /// A file that could not be read.
    Read(String, io::Error),
    /// A file that could not be written.
    Write(String, io::Error),
    /// The output could not be written.
    Output(io::Error),
    /// A claim that was checked and found false (a solution file, say).
    Rejected(String),
}

impl From<ludolab::Error> for Failure {
    fn from(e: ludolab::Error) -> Self {
        Failure::Input(e)
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Output(e)
    }
}

/// The share-link query of `game` from flag values named like the link's keys;
/// absent flags are left out, so the scenario's defaults apply. Every
/// subcommand goes through here.
pub fn query(game: &str, pairs: &[(&str, Option<String>)]) -> String {
    ludolab::toolkit::write_query(
        std::iter::once(("game", game)).chain(pairs.iter().filter_map(|(k, v)| v.as_deref().map(|v| (*k, v)))),
    )
}

/// Writes `value` as one line of JSON; above [`MAX_PRINTED_BYTES`] without
/// `--whole`, summarised (the core's [`summary`]), with a note on standard error.
pub fn json(out: &mut dyn Write, value: &impl serde::Serialize) -> Result<(), Failure> {
    let text = serde_json::to_vec(value).map_err(io::Error::from)?;
    if text.len() <= MAX_PRINTED_BYTES || WHOLE.load(Ordering::Relaxed) {
        out.write_all(&text)?;
    } else {
        let summarised = summary::summarise(&text, "--whole prints every element").map_err(io::Error::from)?;
        eprintln!(
            "note: the answer is {:.1} MB of JSON; each list longer than {} is summarised \
             (its length, first {} elements and last); --whole prints it all",
            text.len() as f64 / 1e6,
            summary::LONG,
            summary::KEPT
        );
        serde_json::to_writer(&mut *out, &summarised).map_err(io::Error::from)?;
    }
    writeln!(out)?;
    Ok(())
}

/// Runs the command line; the exit status says whether it worked.
pub fn main() -> ExitCode {
    let generic: Vec<_> = registry::commands()
        .into_iter()
        .filter(|(_, c)| !OWN.contains(&c.name))
        .collect();
    let mut command = Cli::command();
    for (game, c) in &generic {
        let mut sub = family::clap_command(*game, c);
        if c.name == "octal" {
            sub = sub.arg(checkpoint::arg());
        }
        command = command.subcommand(sub);
    }
    let matches = command.get_matches();
    WHOLE.store(matches.get_flag("whole"), Ordering::Relaxed);
    // Standard output flushes at every line end and takes a lock per write: a
    // parity game's answer is one line of 20 MB written in millions of pieces.
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let ran = match matches.subcommand() {
        Some((name, m)) if !OWN.contains(&name) && !["link", "report"].contains(&name) => {
            let (game, c) = generic
                .iter()
                .find(|(_, c)| c.name == name)
                .expect("clap knows only these");
            match m.try_get_one::<std::path::PathBuf>(checkpoint::FLAG).ok().flatten() {
                Some(path) if !m.get_flag("link") => family::query(*game, c, m)
                    .and_then(|(q, _)| checkpoint::run(&q, path, m.get_flag("json"), &mut out)),
                _ => family::run(*game, c, m, &mut out),
            }
        }
        _ => Cli::from_arg_matches(&matches)
            .map_err(|e| e.exit())
            .and_then(|cli| run(cli, &mut out)),
    };
    match ran.and_then(|()| out.flush().map_err(Failure::from)) {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stopped early (`| head`) is not an error.
        Err(Failure::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Output(e)) => {
            eprintln!("error: cannot write the output: {e}");
            ExitCode::FAILURE
        }
        Err(Failure::Read(path, e)) => {
            eprintln!("error: cannot read {path}: {e}");
            ExitCode::FAILURE
        }
        Err(Failure::Write(path, e)) => {
            eprintln!("error: cannot write {path}: {e}");
            ExitCode::FAILURE
        }
        Err(Failure::Rejected(why)) => {
            eprintln!("error: {why}");
            ExitCode::FAILURE
        }
        // A conflict's message names the other keys; the flag to change leads it.
        Err(Failure::Input(e @ ludolab::Error::Conflict { key, .. })) => {
            eprintln!("error: --{key}: {e}");
            ExitCode::FAILURE
        }
        Err(Failure::Input(e)) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
        // A link's conflict leads with its key as the link writes it.
        Err(Failure::Link(e @ ludolab::Error::Conflict { key, .. })) => {
            eprintln!("error: \"{key}\": {e}");
            ExitCode::FAILURE
        }
        Err(Failure::Link(e)) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli, out: &mut dyn Write) -> Result<(), Failure> {
    match cli.command {
        Own::Link { query, json: false } => {
            writeln!(
                out,
                "{}",
                registry::to_query(&registry::parse(&query).map_err(Failure::Link)?)
            )?;
            Ok(())
        }
        Own::Link { query, json: true } => {
            let parsed = registry::parse(&query);
            let answer = match &parsed {
                Ok(scenario) => {
                    let cost = scenario.cost();
                    serde_json::json!({
                        "link": registry::to_query(scenario),
                        "estimate_seconds": cost.seconds,
                        "megabytes": cost.megabytes,
                        "asks_first": cost.seconds > ludolab::toolkit::CONFIRM_SECONDS,
                        "uncertain": cost.uncertain,
                    })
                }
                // Refused before any work: the reason, in both languages, and the key at fault.
                Err(e) => serde_json::json!({
                    "refused": e.message(ludolab::toolkit::Lang::En),
                    "refused_fr": e.message(ludolab::toolkit::Lang::Fr),
                    "key": e.key(),
                }),
            };
            writeln!(out, "{answer}")?;
            // A refused link fails, as without --json (the JSON said why).
            parsed.map(drop).map_err(Failure::Link)
        }
        Own::Report { query } => {
            family::compute(&registry::parse(&query).map_err(Failure::Link)?, &[], true, false, out)
        }
        Own::Connect4(args) => connect4::run(&args, out),
        Own::Parity(args) => parity::run(&args, out),
    }
}
