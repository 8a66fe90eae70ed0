//! `ludolab parity`: parity games in PGSolver's format or generated from the
//! link's keys, solved (tangle learning, Zielonka's algorithm, priority
//! promotion), and solutions verified.

use super::family::help;
use super::{json, query, Failure};
use ludolab::parity::report::{build, ParityKeys};
use ludolab::parity::{
    generate, pgformat,
    preprocess::{self, Preprocessed, Steps},
    verify, Parity, ParityGame, ParitySource, Progress,
};
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
/// typed game (`pg`) is `--file` here, and the page's `step` has no flag.
pub struct LinkKeys {
    /// The link's pairs the flags gave, in the fields' order.
    pairs: Vec<(&'static str, String)>,
}

/// The parity link's keys that are flags.
fn link_fields() -> impl Iterator<Item = &'static Field> {
    ludolab::parity::scenario::FIELDS
        .iter()
        .filter(|f| f.key != "pg" && f.key != "step")
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
        let pairs: Vec<(&str, Option<String>)> = self.pairs.iter().map(|(k, v)| (*k, Some(v.clone()))).collect();
        match registry::parse_command_line(&query("parity", &pairs))? {
            Scenario::Parity(s) => Ok(s),
            _ => unreachable!("a parity query is read as a parity scenario"),
        }
    }
}

/// The flags of `ludolab parity`: the link's keys (above), and the command
/// line's own (files, preprocessing, output).
#[derive(clap::Args)]
pub struct Args {
    /// A game in PGSolver's format (`.pg` or gzip-compressed `.pg.gz`); `-` reads standard input.
    #[arg(long, conflicts_with = "source", required_unless_present = "source")]
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
    /// Also verify the solution found (`verified` in the JSON).
    #[arg(long)]
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
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// What `--json` prints after a solve.
#[derive(Serialize)]
struct Answer<'a> {
    vertices: usize,
    edges: usize,
    won_by_even: Vec<u32>,
    won_by_odd: Vec<u32>,
    /// `[vertex, successor]` for every vertex its winner owns.
    strategy: Vec<[u32; 2]>,
    solver: &'a str,
    /// The solver that finished (the portfolio's choice; else `solver`).
    finished_by: &'a str,
    /// What the preprocessing steps solved and left.
    preprocessed: Preprocessed,
    /// The whole run: reading or generating, solving, verifying.
    seconds: f64,
    read_seconds: f64,
    solve_seconds: f64,
    /// With --check: whether the solution passed the verifier.
    #[serde(skip_serializing_if = "Option::is_none")]
    verified: Option<bool>,
    /// The process's peak resident memory, where the system tells (Linux).
    #[serde(skip_serializing_if = "Option::is_none")]
    peak_memory_mb: Option<f64>,
}

/// The peak resident memory of this process in MB (Linux's `VmHWM`), if known.
fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
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
        ParitySource::Typed => Err(Failure::Input(ludolab::Error::InvalidValue {
            key: "source",
            value: ludolab::toolkit::Quoted::new("typed"),
            expected: ludolab::toolkit::Text {
                en: "a generator (a typed game is read with --file)".into(),
                fr: "un générateur (un jeu écrit se lit avec --file)".into(),
            },
        })),
        // Self-loops are the command line's choice only (PGSolver's -noself).
        ParitySource::Random if args.no_self_loops => Ok(generate::random(
            keys.vertices,
            keys.priorities,
            keys.min_degree,
            keys.max_degree,
            false,
            keys.seed,
        )?),
        _ => Ok(build(keys)?),
    }
}

/// Runs `ludolab parity`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let started = Instant::now();
    let scenario = args.keys.scenario()?;
    let game = if let Some(path) = &args.file {
        pgformat::parse(&read(path)?)?
    } else {
        // clap requires --file or --source: the game is generated.
        let game = generated(args, &scenario.keys)?;
        if !args.solve && args.verify.is_none() {
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
    let kind = scenario.keys.solver;
    let solve_start = Instant::now();
    let steps = Steps {
        single: !args.no_single,
        loops: !args.no_loops,
        wcwc: !args.no_wcwc,
        compress: !args.no_compress,
        scc: !args.no_scc,
    };
    let Some((solution, finished_by, preprocessed)) = preprocess::solve(&game, kind, steps, &mut |_: Progress| true)
    else {
        unreachable!("the CLI never cancels")
    };
    let solve_seconds = solve_start.elapsed().as_secs_f64();
    let verified = args.check.then(|| verify::check(&game, &solution));
    if let Some(path) = &args.write_solution {
        std::fs::write(path, pgformat::write_solution(&game, &solution))
            .map_err(|e| Failure::Write(path.clone(), e))?;
    }
    let ids = |player: Parity| -> Vec<u32> {
        let mut ids: Vec<u32> = solution
            .region(player)
            .into_iter()
            .map(|v| game.id(v as usize))
            .collect();
        ids.sort_unstable();
        ids
    };
    let (even, odd) = (ids(Parity::Even), ids(Parity::Odd));
    if let Some(Err(why)) = &verified {
        return Err(Failure::Rejected(format!(
            "the solver's solution is wrong (a bug): {why}"
        )));
    }
    if args.json {
        let mut strategy: Vec<[u32; 2]> = (0..game.len())
            .filter_map(|v| solution.strategy(v).map(|m| [game.id(v), game.id(m as usize)]))
            .collect();
        strategy.sort_unstable();
        json(
            out,
            &Answer {
                vertices: game.len(),
                edges: game.edge_count(),
                won_by_even: even,
                won_by_odd: odd,
                strategy,
                solver: kind.name(),
                finished_by: finished_by.name(),
                preprocessed,
                seconds: started.elapsed().as_secs_f64(),
                read_seconds,
                solve_seconds,
                verified: verified.map(|v| v.is_ok()),
                peak_memory_mb: peak_memory_mb(),
            },
        )
    } else {
        writeln!(
            out,
            "{} vertices, {} edges; Even wins {}, Odd wins {} ({}, {:.3} s{})",
            game.len(),
            game.edge_count(),
            even.len(),
            odd.len(),
            if kind == finished_by {
                kind.name().to_string()
            } else {
                format!("{} → {}", kind.name(), finished_by.name())
            },
            solve_seconds,
            if verified.is_some() { ", verified" } else { "" }
        )?;
        if let Some(start) = game.start {
            let w = solution.winner[start as usize];
            writeln!(
                out,
                "from the start vertex {}: {} wins",
                game.id(start as usize),
                if w == Parity::Even { "Even" } else { "Odd" }
            )?;
        }
        Ok(())
    }
}
