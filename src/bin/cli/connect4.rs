//! `ludolab connect4`: a Connect Four position's exact score (Pons' convention),
//! per-column scores, and Pons' batch format on standard input.

use super::{json, query, Failure};
use ludolab::games::connect4::solver::{verdict, Limits, Solved, Stop};
use ludolab::games::connect4::{Board, Position, Solver, DEFAULT_NODE_LIMIT, DEFAULT_SLOTS};
use ludolab::registry::Scenario;
use serde::Serialize;
use std::io::{self, BufRead, Write};

/// The flags of `ludolab connect4`: `width`, `height` and `moves` are the
/// link's keys, read and checked by the Connect Four family as a link is;
/// the others are the command line's own (the solver's limits and switches).
#[derive(clap::Args)]
pub struct Args {
    /// The position: columns 1..W from the left, as digits (`4453`; commas allowed). Empty: the start.
    #[arg(long)]
    moves: Option<String>,
    /// Columns (4 to 7; the command line's default is the standard 7).
    #[arg(long, default_value = "7")]
    width: String,
    /// Rows (4 to 6; the command line's default is the standard 6).
    #[arg(long, default_value = "6")]
    height: String,
    /// Also score every column (`column_scores`, null for a full one).
    #[arg(long)]
    analyze: bool,
    /// Nodes a solve may visit before it stops with bounds instead of a score.
    #[arg(long, default_value_t = DEFAULT_NODE_LIMIT)]
    node_limit: u64,
    /// Seconds a solve may take before it stops with bounds (none by default).
    #[arg(long)]
    time_limit: Option<f64>,
    /// Slots of the transposition table (8 bytes each; rounded up to a power of two, 2^17 to 2^28).
    #[arg(long, default_value_t = DEFAULT_SLOTS)]
    table: usize,
    /// Keep a position and its mirror image apart in the table (to measure the symmetry).
    #[arg(long)]
    no_symmetry: bool,
    /// Do not look children up in the table before searching them (to measure it).
    #[arg(long)]
    no_etc: bool,
    /// Do not bound a position's score by the opponent's follow-up (claimeven; to measure it).
    #[arg(long)]
    no_follow_up: bool,
    /// Do not ask for the children's table entries while ordering them (to measure it).
    #[arg(long)]
    no_prefetch: bool,
    /// Threads searching each position, sharing the table (the answer is the
    /// same; `nodes` counts every thread's).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    threads: u32,
    /// Read one position per line from standard input (`moves` or `moves score`)
    /// and print `moves score` per line, as Pons' tools do; the table is kept between lines.
    #[arg(long)]
    batch: bool,
    /// Print JSON (one object per line with --batch).
    #[arg(long)]
    pub json: bool,
}

/// What `--json` prints.
#[derive(Serialize)]
struct Answer {
    width: u32,
    height: u32,
    moves: String,
    /// The score for the player to move; null when a limit stopped the solve.
    score: Option<i32>,
    exact: bool,
    /// The score lies within these (equal when exact).
    bounds: [i32; 2],
    /// What stopped the solve: node_limit, time_limit; null when it finished.
    stopped: Option<Stop>,
    nodes: u64,
    seconds: f64,
    /// Columns (from 1) that keep the score; empty when the game is over or
    /// unsolved, and in a batch without --analyze.
    best_columns: Vec<u32>,
    /// With --analyze: each column's score, null for a full column.
    #[serde(skip_serializing_if = "Option::is_none")]
    column_scores: Option<Vec<Option<i32>>>,
    /// The score in words.
    verdict: Option<String>,
}

/// The link the flags name, read by the registry: the board and the moves.
fn link(args: &Args) -> Result<(Board, String), Failure> {
    let q = query(
        "connect4",
        &[
            ("width", Some(args.width.clone())),
            ("height", Some(args.height.clone())),
            ("moves", args.moves.clone()),
        ],
    );
    match ludolab::registry::parse(&q)? {
        Scenario::Connect4(s) => Ok((Board::new(s.width as u32, s.height as u32)?, s.moves)),
        _ => unreachable!("a connect4 query is a Connect Four scenario"),
    }
}

/// Runs `ludolab connect4`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let (board, moves) = link(args)?;
    let mut solver = Solver::new(args.table);
    solver.set_symmetry(!args.no_symmetry);
    solver.set_etc(!args.no_etc);
    solver.set_follow_up(!args.no_follow_up);
    solver.set_prefetch(!args.no_prefetch);
    solver.set_threads(args.threads as usize);
    let limits = Limits {
        nodes: args.node_limit,
        seconds: args.time_limit,
    };
    if !args.batch {
        let p = board.play_moves(&moves)?;
        let answer = solve(&mut solver, &p, &moves, limits, args.analyze, true);
        return if args.json {
            json(out, &answer)
        } else {
            Ok(print(out, &answer)?)
        };
    }
    for (i, line) in io::stdin().lock().lines().enumerate() {
        let line = line.map_err(|e| Failure::Read("standard input".into(), e))?;
        // Pons' files carry the expected score after the moves: ignored here.
        let moves = line.split_whitespace().next().unwrap_or("");
        let p = board.play_moves(moves).map_err(|e| {
            Failure::Input(ludolab::Error::Conflict {
                key: "moves",
                message: ludolab::toolkit::Text::same(format!("line {}: {e}", i + 1)),
            })
        })?;
        let answer = solve(&mut solver, &p, moves, limits, args.analyze, false);
        if args.json {
            json(out, &answer)?;
        } else {
            let score = answer.score.map_or_else(|| "?".to_string(), |s| s.to_string());
            writeln!(out, "{moves} {score}")?;
        }
        // Each line's answer as soon as it is known, as a reader of a long batch expects.
        out.flush()?;
    }
    Ok(())
}

/// Solves `p`; `best` also finds the best columns when not analysing (a batch,
/// timed as a benchmark, skips them).
fn solve(solver: &mut Solver, p: &Position, moves: &str, limits: Limits, analyze: bool, best: bool) -> Answer {
    let mut quiet = |_: &ludolab::games::connect4::Progress| true;
    let (solved, columns): (Solved, Option<Vec<Option<i32>>>) = if analyze {
        let (s, c) = solver.analyze(p, limits, &mut quiet);
        (s, Some(c))
    } else {
        (solver.solve(p, limits, &mut quiet), None)
    };
    let best_columns = match (&columns, solved.score) {
        (Some(c), Some(score)) => (1..=p.board().width())
            .filter(|&i| c[i as usize - 1] == Some(score))
            .collect(),
        (None, Some(score)) if best => solver.best_columns(p, score, limits).unwrap_or_default(),
        _ => Vec::new(),
    };
    Answer {
        width: p.board().width(),
        height: p.board().height(),
        moves: moves.chars().filter(char::is_ascii_digit).collect(),
        score: solved.score,
        exact: solved.exact,
        bounds: solved.bounds,
        stopped: solved.stopped,
        nodes: solved.nodes,
        seconds: solved.seconds,
        best_columns,
        column_scores: columns,
        verdict: solved.score.map(|s| verdict(p.board(), p.stones(), s).en),
    }
}

fn print(out: &mut dyn Write, a: &Answer) -> io::Result<()> {
    writeln!(out, "Connect Four {} × {}, moves \"{}\"", a.width, a.height, a.moves)?;
    if let Some(score) = a.score {
        writeln!(out, "score {score}: {}", a.verdict.as_deref().unwrap_or(""))?;
        if !a.best_columns.is_empty() {
            let cols: Vec<String> = a.best_columns.iter().map(u32::to_string).collect();
            writeln!(out, "best columns: {}", cols.join(", "))?;
        }
    } else {
        let why = match a.stopped {
            Some(Stop::TimeLimit) => "the time limit (raise --time-limit)",
            _ => "the node limit (raise --node-limit)",
        };
        writeln!(
            out,
            "not solved: stopped by {why}; the score lies between {} and {}",
            a.bounds[0], a.bounds[1]
        )?;
    }
    if let Some(columns) = &a.column_scores {
        let cells: Vec<String> = columns
            .iter()
            .map(|c| c.map_or_else(|| "-".to_string(), |s| s.to_string()))
            .collect();
        writeln!(out, "column scores: {}", cells.join(" "))?;
    }
    let rate = if a.seconds > 0.0 {
        a.nodes as f64 / a.seconds
    } else {
        0.0
    };
    writeln!(
        out,
        "{} nodes in {:.3} s ({:.1} M nodes/s)",
        a.nodes,
        a.seconds,
        rate / 1e6
    )
}
