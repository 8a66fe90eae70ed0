//! The subcommands, one module per family, and what they share: turning flags
//! into a link query, writing JSON, and the exit status.

mod arena;
mod connect4;
mod dice;
mod impartial;
mod orchard;
mod parity;
mod partizan;
mod snakes;

use clap::{Parser, Subcommand};
use ludolab::registry::{self, Scenario};
use std::io::{self, Write};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "ludolab",
    version,
    about = "Exact mathematics of games of chance and strategy"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Two-player Snakes and Ladders: win probabilities P and expected lengths E.
    Snakes(Box<snakes::Args>),
    /// Dice Battle: sequential (EG, OPT), compare (two strategies, exactly), one-turn (matrix game).
    Dice(Box<dice::Args>),
    /// Orchard (Le Verger): win probability by basket strategy, the advisor, sweeps.
    Orchard(Box<orchard::Args>),
    /// The stick game as an arena: attractors, ranks, winning takes.
    SubtractionArena(Box<arena::SticksArgs>),
    /// Chomp as an arena: attractors and the winning first moves.
    Chomp(Box<arena::ChompArgs>),
    /// An arena typed in a file (`a:1>b:2`, `b>c`, `c=1`, one per line): attractors and draws.
    Arena(Box<arena::TypedArgs>),
    /// Minimax, alpha-beta, move ordering and a transposition table on any
    /// searched game (--game: tic-tac-toe, Connect Four, Chomp, the stick game,
    /// an arena, Hex), beside the exact answer; each game's keys are flags.
    Search(Box<arena::SearchArgs>),
    /// Connect Four solved exactly (4–7 × 4–6): the score in Pons' convention, how
    /// soon, the best columns, per-column scores; `--batch` reads Pons' test files.
    Connect4(Box<connect4::Args>),
    /// Parity games (PGSolver's format): winning regions and strategies (tangle learning,
    /// Zielonka's algorithm, priority promotion), generators, and a verifier for any solution.
    Parity(Box<parity::Args>),
    /// Partizan games (Domineering, Toads and Frogs, Clobber, Hackenbush, Cutcake, or
    /// CGSuite's notation): the value in canonical form, outcome, mean, temperature, winning moves.
    Partizan(Box<partizan::Args>),
    /// Nim: the nim-sum (in binary, as the seed writes it) and every winning move.
    Nim(Box<impartial::NimArgs>),
    /// An octal game by code (0.77 Kayles, 0.137 Dawson's chess): Grundy values, period, proof.
    Octal(Box<impartial::OctalArgs>),
    /// Every octal code of 1 to 3 digits: period, proof, largest value, sparse
    /// space, and the codes that are the same game grouped.
    OctalTable(Box<impartial::OctalTableArgs>),
    /// A subtraction game (a finite set of takes): Grundy values and period.
    Subtraction(Box<impartial::SubtractionArgs>),
    /// Node-Kayles (or the one-colour colouring game) on a graph: components, value, winning moves.
    GraphGame(Box<impartial::GraphArgs>),
    /// Misère play (whoever cannot move wins) by exhaustive search: Nim, octal heaps, graphs.
    Misere(Box<impartial::MisereArgs>),
    /// Two-player peg solitaire on a line (the seed's exercise).
    Solitaire(Box<impartial::SolitaireArgs>),
    /// Check a share link (the part after `#`) and print its canonical form.
    Link {
        /// For example `game=snakes&preset=audet`.
        query: String,
    },
    /// Compute any share link and print its family's report as JSON (what the page receives).
    Report {
        /// For example `game=graphs&kind=chomp&rows=4&cols=3`.
        query: String,
    },
}

/// Why a run failed.
pub enum Failure {
    /// The input: a message naming the key or value at fault.
    Input(ludolab::Error),
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

/// Parses the query a subcommand built.
pub fn scenario(query: &str) -> Result<Scenario, Failure> {
    Ok(registry::parse(query)?)
}

/// Writes `value` as one line of JSON.
pub fn json(out: &mut dyn Write, value: &impl serde::Serialize) -> Result<(), Failure> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::from)?;
    writeln!(out)?;
    Ok(())
}

/// `v` with `decimals` decimals; a value that rounds to zero is written 0, not -0.
pub fn rounded(v: f64, decimals: usize) -> String {
    let v = if v.abs() < 0.5 * 10f64.powi(-(decimals as i32)) {
        0.0
    } else {
        v
    };
    format!("{v:.decimals$}")
}

/// Runs the command line; the exit status says whether it worked.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    // Standard output flushes at every line end and takes a lock per write: a
    // parity game's answer is one line of 20 MB written in millions of pieces.
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match run(cli, &mut out).and_then(|()| out.flush().map_err(Failure::from)) {
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
    }
}

fn run(cli: Cli, out: &mut dyn Write) -> Result<(), Failure> {
    match cli.command {
        Command::Link { query } => {
            writeln!(out, "{}", registry::to_query(&registry::parse(&query)?))?;
            Ok(())
        }
        Command::Report { query } => json(out, &registry::parse(&query)?.analyse(&mut |_, _| {})?),
        Command::Snakes(args) => snakes::run(&args, out),
        Command::Dice(args) => dice::run(&args, out),
        Command::Orchard(args) => orchard::run(&args, out),
        Command::SubtractionArena(args) => arena::run(&args.query(), args.json, out),
        Command::Chomp(args) => arena::run(&args.query(), args.json, out),
        Command::Arena(args) => arena::run(&args.query()?, args.json, out),
        Command::Search(args) => arena::run(&args.query()?, args.json, out),
        Command::Connect4(args) => connect4::run(&args, out),
        Command::Parity(args) => parity::run(&args, out),
        Command::Partizan(args) => partizan::run(&args, out),
        Command::Nim(args) => impartial::run(&args.query(), args.json, out),
        Command::Octal(args) => impartial::run_octal(&args, out),
        Command::OctalTable(args) => impartial::run(&args.query(), args.json, out),
        Command::Subtraction(args) => impartial::run(&args.query(), args.json, out),
        Command::GraphGame(args) => impartial::run(&args.query(), args.json, out),
        Command::Misere(args) => impartial::run_misere(&args, out),
        Command::Solitaire(args) => impartial::run(&args.query(), args.json, out),
    }
}
