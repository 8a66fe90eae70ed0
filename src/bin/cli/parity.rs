//! `ludolab parity`: parity games in PGSolver's format, solved by Zielonka's
//! algorithm or priority promotion, generated, and solutions verified.

use super::{json, Failure};
use ludolab::parity::report::{build, ParityKeys};
use ludolab::parity::{
    generate, pgformat,
    preprocess::{self, Preprocessed, Steps},
    verify, Parity, ParityGame, ParitySource, Progress, SolverKind,
};
use serde::Serialize;
use std::io::{self, Read, Write};
use std::time::Instant;

/// A solver by the name the link uses, from the core's list (`SolverKind::ALL`).
fn solver(name: &str) -> Result<SolverKind, String> {
    SolverKind::ALL.into_iter().find(|s| s.name() == name).ok_or_else(|| {
        let names: Vec<&str> = SolverKind::ALL.iter().map(|s| s.name()).collect();
        format!("expected one of {}", names.join(", "))
    })
}

/// The generators' names, from the core's list of sources (every one but `typed`):
/// random (--vertices, --priorities, --min-degree, --max-degree, --seed),
/// jurdzinski (--height, --width), and the sized families (--size).
fn generator(name: &str) -> Result<ParitySource, String> {
    ParitySource::ALL
        .into_iter()
        .find(|s| *s != ParitySource::Typed && s.name() == name)
        .ok_or_else(|| {
            let names: Vec<&str> = ParitySource::NAMES.iter().copied().filter(|n| *n != "typed").collect();
            format!("expected one of {}", names.join(", "))
        })
}

/// The flags of `ludolab parity`.
#[derive(clap::Args)]
pub struct Args {
    /// A game in PGSolver's format (`.pg` or gzip-compressed `.pg.gz`); `-` reads standard input.
    #[arg(long, conflicts_with = "generate", required_unless_present = "generate")]
    file: Option<String>,
    /// Generate a game and write it in PGSolver's format (to --output, or standard output).
    /// random, ladder, jurdzinski, recursive-ladder, or Oink's counter-rr, counter-dp,
    /// counter-m, counter-qpt, counter-core, two-counters.
    #[arg(long, value_parser = generator)]
    generate: Option<ParitySource>,
    /// Random games: the number of vertices.
    #[arg(long, default_value_t = 1000)]
    vertices: u64,
    /// Random games: the highest priority (priorities are drawn from 0 to it).
    #[arg(long, default_value_t = 100)]
    priorities: u64,
    /// Random games: the fewest successors of a vertex.
    #[arg(long, default_value_t = 2)]
    min_degree: u64,
    /// Random games: the most successors of a vertex.
    #[arg(long, default_value_t = 5)]
    max_degree: u64,
    /// Random games: the seed (the same seed gives the same game).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random games: no vertex is its own successor.
    #[arg(long)]
    no_self_loops: bool,
    /// Ladders, recursive ladders, the counter families and Two Counters: n.
    #[arg(long, default_value_t = 10)]
    size: u64,
    /// Jurdziński's games: the height.
    #[arg(long, default_value_t = 3)]
    height: u64,
    /// Jurdziński's games: the width.
    #[arg(long, default_value_t = 3)]
    width: u64,
    /// Where --generate writes the game (standard output by default).
    #[arg(long)]
    output: Option<String>,
    /// Solve the generated game instead of writing it.
    #[arg(long)]
    solve: bool,
    /// The solver: portfolio (the default: tangle learning and recursive
    /// tangle learning in turn with doubling slices of time, never far
    /// behind the faster),
    /// zielonka (Zielonka's recursive algorithm), promotion (priority
    /// promotion), tangle (tangle learning), recursive-tangle (recursive tangle
    /// learning, Oink's rtl).
    #[arg(long, value_parser = solver, default_value = "portfolio")]
    solver: SolverKind,
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

fn generated(args: &Args, source: ParitySource) -> Result<ParityGame, ludolab::Error> {
    // Self-loops are the CLI's choice only (PGSolver's -noself); the rest as the page builds it.
    if source == ParitySource::Random && args.no_self_loops {
        return generate::random(
            args.vertices,
            args.priorities,
            args.min_degree,
            args.max_degree,
            false,
            args.seed,
        );
    }
    build(&ParityKeys {
        source,
        vertices: args.vertices,
        priorities: args.priorities,
        min_degree: args.min_degree,
        max_degree: args.max_degree,
        seed: args.seed,
        size: args.size,
        levels: args.height,
        breadth: args.width,
        ..ParityKeys::default()
    })
}

/// Runs `ludolab parity`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let started = Instant::now();
    let game = match (&args.file, args.generate) {
        (Some(path), _) => {
            let bytes = read(path)?;
            pgformat::parse(&bytes)?
        }
        (None, Some(family)) => {
            let game = generated(args, family)?;
            if !args.solve && args.verify.is_none() {
                let text = pgformat::write(&game);
                return match &args.output {
                    Some(path) => std::fs::write(path, text).map_err(|e| Failure::Write(path.clone(), e)),
                    None => Ok(out.write_all(text.as_bytes())?),
                };
            }
            game
        }
        (None, None) => unreachable!("clap requires --file or --generate"),
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
    let kind = args.solver;
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
