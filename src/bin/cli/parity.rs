//! `ludolab parity`: parity games in PGSolver's format or generated from the
//! link's keys, solved (tangle learning, Zielonka's algorithm, priority
//! promotion), and solutions verified.

use super::family::help;
use super::{json, query, Failure};
use ludolab::parity::report::{build, solve_report, ParityKeys};
use ludolab::parity::{generate, pgformat, preprocess::Steps, verify, Parity, ParityGame, ParitySource};
use ludolab::registry::{self, Scenario};
use ludolab::toolkit::Field;
use serde::Serialize;
use std::io::{self, Read, Write};
use std::time::Instant;

/// The link's keys as flags (`--source`, `--vertices`, `--priorities`,
/// `--min-degree`, `--max-degree`, `--seed`, `--size`, `--levels`,
/// `--breadth`, `--solver`), made from the family's own list of keys
/// (`ludolab::parity::scenario::FIELDS`) and read through the registry as the
/// command line reads links (`registry::parse_command_line`: the generators'
/// ranges, beyond the page's). `--generate`, `--height` and `--width` are the
/// names this command first gave `--source`, `--levels` and `--breadth`; the
/// typed game (`pg`) is `--file` here (the family's `COMMANDS` says so).
pub struct LinkKeys {
    /// The link's pairs the flags gave, in the fields' order.
    pairs: Vec<(&'static str, String)>,
}

/// The parity link's keys that are flags (the typed game is `--file`).
fn link_fields() -> impl Iterator<Item = &'static Field> {
    ludolab::parity::scenario::FIELDS.iter().filter(|f| f.key != "pg")
}

/// A key's earlier flag name, kept as an alias.
fn earlier_name(key: &str) -> Option<&'static str> {
    match key {
        "source" => Some("generate"),
        "levels" => Some("height"),
        "breadth" => Some("width"),
        _ => None,
    }
}

impl clap::Args for LinkKeys {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        link_fields().fold(cmd, |cmd, f| {
            let field = f.on_command_line();
            let mut arg = clap::Arg::new(f.key).long(f.key).value_name("VALUE").help(help(&field));
            if let Some(name) = earlier_name(f.key) {
                arg = arg.visible_alias(name);
            }
            cmd.arg(arg)
        })
    }
    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

impl clap::FromArgMatches for LinkKeys {
    fn from_arg_matches(m: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let pairs = link_fields()
            .filter_map(|f| m.get_one::<String>(f.key).map(|v| (f.key, v.clone())))
            .collect();
        Ok(LinkKeys { pairs })
    }
    fn update_from_arg_matches(&mut self, m: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

impl LinkKeys {
    /// The parity scenario the flags say, read through the registry as the
    /// command line reads a link; the page's defaults for keys not given.
    fn scenario(&self) -> Result<ludolab::parity::scenario::Scenario, Failure> {
        match self.with_game(None)? {
            Scenario::Parity(s) => Ok(s),
            _ => unreachable!("a parity query is read as a parity scenario"),
        }
    }

    /// The `--source` given, if any.
    fn source(&self) -> Option<&str> {
        self.pairs.iter().find(|(k, _)| *k == "source").map(|(_, v)| v.as_str())
    }

    /// The scenario the flags say, with a typed game's text as its `pg`.
    fn with_game(&self, pg: Option<String>) -> Result<Scenario, Failure> {
        let mut pairs: Vec<(&str, Option<String>)> = self.pairs.iter().map(|(k, v)| (*k, Some(v.clone()))).collect();
        if let Some(text) = pg {
            pairs.retain(|(k, _)| *k != "source");
            pairs.extend([("source", Some("typed".into())), ("pg", Some(text))]);
        }
        Ok(registry::parse_command_line(&query("parity", &pairs))?)
    }
}

/// The flags of `ludolab parity`: the link's keys (above), and the command
/// line's own (files, preprocessing, output).
#[derive(clap::Args)]
pub struct Args {
    /// A game in PGSolver's format (`.pg` or gzip-compressed `.pg.gz`); `-` reads standard input.
    #[arg(long)]
    file: Option<String>,
    /// The link's keys: --source generates a game (random, ladder, jurdzinski,
    /// recursive-ladder, or Oink's counter-rr, counter-dp, counter-m,
    /// counter-qpt, counter-core, two-counters) and writes it in PGSolver's
    /// format (to --output, or standard output); --solver picks the solver.
    #[command(flatten)]
    keys: LinkKeys,
    /// Random games: no vertex is its own successor (PGSolver's -noself; the command line's only).
    #[arg(long)]
    no_self_loops: bool,
    /// Where a generated game (--source) is written (standard output by default).
    #[arg(long)]
    output: Option<String>,
    /// Solve the generated game instead of writing it (by --solver: the
    /// portfolio by default, tangle learning and its recursive variant in
    /// turn, never far behind the faster).
    #[arg(long)]
    solve: bool,
    /// Check a solution file (PGSolver's `paritysol` format) against the game instead of solving.
    #[arg(long, value_name = "SOLUTION")]
    verify: Option<String>,
    /// Every solution found is verified (`verified` in the JSON); kept for
    /// the scripts that asked for it.
    #[arg(long, hide = true)]
    check: bool,
    /// Preprocessing (all on by default, as in the page; Oink's names turn
    /// each off): --no-single, a game of one parity is not solved at once.
    #[arg(long)]
    no_single: bool,
    /// Self-loops are not solved first (a vertex winning its own loop, or
    /// stuck on a losing one).
    #[arg(long)]
    no_loops: bool,
    /// Winner-controlled winning cycles are not solved first (a cycle one
    /// player owns whose top priority is theirs).
    #[arg(long)]
    no_wcwc: bool,
    /// Priorities are not compressed (neighbours of one parity merged); the
    /// solvers still renumber them densely.
    #[arg(long)]
    no_compress: bool,
    /// Solve what is left at once. By default it is solved component by
    /// component, bottom-up (Oink's --scc): each strongly connected component
    /// left once the parts below are solved and attracted is solved alone by
    /// the solver, one of a single parity at once.
    #[arg(long)]
    no_scc: bool,
    /// Write the solution found in PGSolver's format to this file.
    #[arg(long, value_name = "FILE")]
    write_solution: Option<String>,
    /// Solve, and print the report as JSON: the page's, with `read_seconds` and
    /// `solve_seconds` beside it.
    #[arg(long)]
    pub json: bool,
    /// Print the share link the flags make (a file as its `pg`), and compute nothing.
    #[arg(long)]
    link: bool,
}

/// What `--json` prints after --verify.
#[derive(Serialize)]
struct Verdict {
    valid: bool,
    /// Why not, when not.
    fault: Option<String>,
    seconds: f64,
}

fn read(path: &str) -> Result<Vec<u8>, Failure> {
    if path == "-" {
        let mut bytes = Vec::new();
        io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| Failure::Read("standard input".into(), e))?;
        Ok(bytes)
    } else {
        std::fs::read(path).map_err(|e| Failure::Read(path.into(), e))
    }
}

fn generated(args: &Args, keys: &ParityKeys) -> Result<ParityGame, Failure> {
    match keys.source {
        // Self-loops are the command line's choice only (PGSolver's -noself).
        ParitySource::Random if args.no_self_loops => Ok(generate::random(
            keys.vertices,
            keys.priorities,
            keys.min_degree,
            keys.max_degree,
            false,
            keys.seed,
        )?),
        // A typed game without --file: the page's example, as the link says.
        _ => Ok(build(keys)?),
    }
}

/// Runs `ludolab parity`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let started = Instant::now();
    if let Some(source) = args.keys.source().filter(|s| *s != "typed" && args.file.is_some()) {
        return Err(Failure::Input(ludolab::Error::InvalidValue {
            key: "source",
            value: ludolab::toolkit::Quoted::new(source),
            expected: ludolab::toolkit::Text {
                en: "typed, or no --source: --file reads a typed game".into(),
                fr: "typed, ou pas de --source : --file lit un jeu écrit".into(),
            },
        }));
    }
    let file = match &args.file {
        Some(path) => Some(read(path)?),
        None => None,
    };
    if args.link {
        // The file's text is the link's `pg` (as far as a link holds it).
        let text = file.as_deref().map(|b| String::from_utf8_lossy(b).into_owned());
        writeln!(out, "{}", registry::to_query(&args.keys.with_game(text)?))?;
        return Ok(());
    }
    let mut keys = args.keys.scenario()?.keys;
    let game = if let Some(bytes) = &file {
        keys.source = ParitySource::Typed;
        pgformat::parse(bytes)?
    } else {
        let game = generated(args, &keys)?;
        if !args.solve && !args.json && args.verify.is_none() {
            let text = pgformat::write(&game);
            return match &args.output {
                Some(path) => std::fs::write(path, text).map_err(|e| Failure::Write(path.clone(), e)),
                None => Ok(out.write_all(text.as_bytes())?),
            };
        }
        game
    };
    let read_seconds = started.elapsed().as_secs_f64();
    if let Some(path) = &args.verify {
        let bytes = read(path)?;
        let (winner, moves) = pgformat::parse_solution(&game, &bytes)?;
        let fault = verify::verify(&game, &winner, &moves).err();
        let seconds = started.elapsed().as_secs_f64();
        if args.json {
            json(
                out,
                &Verdict {
                    valid: fault.is_none(),
                    fault: fault.as_ref().map(|t| t.en.clone()),
                    seconds,
                },
            )?;
        } else if fault.is_none() {
            writeln!(out, "the solution is right ({} vertices)", game.len())?;
        }
        return match fault {
            None => Ok(()),
            Some(why) => Err(Failure::Rejected(format!("the solution is wrong: {why}"))),
        };
    }
    let steps = Steps {
        single: !args.no_single,
        loops: !args.no_loops,
        wcwc: !args.no_wcwc,
        compress: !args.no_compress,
        scc: !args.no_scc,
    };
    // The page's report, solved and verified by the function the page's is.
    let (report, solution) = solve_report(&game, &keys, steps, &mut |_, _| {});
    if !report.verified {
        let why = verify::check(&game, &solution).err().map_or(String::new(), |t| t.en);
        return Err(Failure::Rejected(format!(
            "the solver's solution is wrong (a bug): {why}"
        )));
    }
    if let Some(path) = &args.write_solution {
        std::fs::write(path, pgformat::write_solution(&game, &solution))
            .map_err(|e| Failure::Write(path.clone(), e))?;
    }
    if args.json {
        // The report, and the terminal's timings beside it (reading or
        // generating the game; the solve alone is the report's `seconds`).
        let mut value = serde_json::to_value(&report).map_err(|e| Failure::Output(io::Error::other(e)))?;
        if let Some(map) = value.as_object_mut() {
            map.insert("read_seconds".into(), read_seconds.into());
            map.insert("solve_seconds".into(), report.seconds.into());
        }
        return json(out, &value);
    }
    writeln!(
        out,
        "{} vertices, {} edges; Even wins {}, Odd wins {} ({}, {:.3} s, verified)",
        report.vertices,
        report.edges,
        report.won_by_even.len(),
        report.won_by_odd.len(),
        if report.solver == report.finished_by {
            report.solver.to_string()
        } else {
            format!("{} → {}", report.solver, report.finished_by)
        },
        report.seconds,
    )?;
    if game.start.is_some() {
        let who = if report.start_winner == Parity::Even {
            "Even"
        } else {
            "Odd"
        };
        writeln!(out, "from the start vertex {}: {who} wins", report.start)?;
    }
    Ok(())
}
