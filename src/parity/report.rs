//! What the page's parity view shows: the game's counts, both winning regions,
//! each player's strategy, and for small games the drawing and Zielonka's
//! recursion call by call (or tangle learning region by region).

use super::game::{Parity, ParityGame};
use super::preprocess::{self, Preprocessed, Steps};
use super::tangle::{tangle_steps, TangleStep};
use super::walk::{zielonka_steps, Step};
use super::{pgformat, verify, ParitySource, SolverKind};
use crate::toolkit::layout::{try_layered, Layout};
use crate::toolkit::sort;
use crate::toolkit::{Error, Progress, Text, UNKNOWN_SHARE};
use serde::Serialize;
use web_time::Instant;

/// The parity game a link opens on: the course's kind of example, small enough
/// to follow Zielonka's recursion by hand (priorities 0 to 4, both owners,
/// self-loops, each player winning three or four vertices, three levels of calls).
pub const EXAMPLE_PG: &str = "parity 6;\n0 1 1 0,1 \"a\";\n1 4 1 2,4 \"b\";\n2 2 0 5,2 \"c\";\n3 3 0 0 \"d\";\n4 0 1 3 \"e\";\n5 1 0 5,2 \"f\";\n6 1 0 4,2 \"g\";\n";

/// Most vertices the page draws (beyond: the counts and a summary).
pub const MAX_DRAWN: usize = 60;
/// Most edges the page draws.
pub const MAX_DRAWN_EDGES: usize = 240;
/// Most calls of Zielonka's recursion (or regions of tangle learning) recorded for the page.
pub const MAX_STEPS: usize = 400;
/// Most bend points of a drawn game.
const MAX_BENDS: usize = 4_000;
/// The recursive ladder from which Zielonka's algorithm takes seconds (its time
/// grows geometrically with n: BENCHMARKS.md, "Parity games").
pub const ZIELONKA_LADDER_WARNING: u64 = 24;

/// A small game as the page draws it.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct ParityDrawing {
    /// The file's id of each vertex.
    pub ids: Vec<u32>,
    /// What the page writes for each vertex: the file's name, else its id.
    pub names: Vec<String>,
    /// Priorities.
    pub priority: Vec<u32>,
    /// 0 for Even (a circle), 1 for Odd (a square).
    pub owner: Vec<u8>,
    /// 0 if Even wins the vertex, 1 if Odd.
    pub winner: Vec<u8>,
    /// Successors of `v`: `targets[offsets[v]..offsets[v + 1]]`.
    pub offsets: Vec<u32>,
    /// See `offsets`.
    pub targets: Vec<u32>,
    /// For each vertex its winner owns, the index in `targets` of its winning move.
    pub strategy_edges: Vec<u32>,
    /// Where each vertex goes (grid units).
    pub layout: Layout,
}

/// The parity view's report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ParityReport {
    /// Always `parity`.
    pub kind: &'static str,
    /// Where the game came from.
    pub source: &'static str,
    /// Vertices.
    pub vertices: usize,
    /// Edges.
    pub edges: usize,
    /// The largest priority.
    pub max_priority: u32,
    /// How many distinct priorities.
    pub distinct_priorities: usize,
    /// The solver.
    pub solver: &'static str,
    /// The solver that finished: the portfolio's choice, else `solver` itself.
    pub finished_by: &'static str,
    /// Most calls (or regions) recorded in `steps` (or `tangle_steps`): [`MAX_STEPS`].
    pub max_steps: usize,
    /// What the preprocessing steps solved before the solver ran, and what they left.
    pub preprocessed: Preprocessed,
    /// The vertices Even wins (their ids, in order).
    pub won_by_even: Vec<u32>,
    /// The vertices Odd wins (their ids, in order).
    pub won_by_odd: Vec<u32>,
    /// `[vertex, successor]` for every vertex its winner owns and moves from:
    /// the winning strategies of both players, by ids, in order.
    pub strategy: Vec<[u32; 2]>,
    /// The vertex play starts from (its id), when the file names one; else vertex 0.
    pub start: u32,
    /// Who wins from there.
    pub start_winner: Parity,
    /// Seconds the solve took.
    pub seconds: f64,
    /// The solution passed the verifier.
    pub verified: bool,
    /// A word about the game (Zielonka's algorithm on a recursive ladder), if any.
    pub note: Option<Text>,
    /// The drawing, for games of at most [`MAX_DRAWN`] vertices.
    pub drawing: Option<ParityDrawing>,
    /// Zielonka's recursion call by call, for drawn games (unless the solver
    /// is tangle learning).
    pub steps: Option<Vec<Step>>,
    /// Tangle learning region by region, for drawn games when it is the solver.
    pub tangle_steps: Option<Vec<TangleStep>>,
    /// The game in PGSolver's format, when a link can carry it (to edit it).
    pub pg: Option<String>,
    /// In the page, the worker's WebAssembly memory after the solve (it never
    /// shrinks: the peak so far), in MB; `None` natively.
    pub wasm_memory_mb: Option<f64>,
    /// Natively, the process's peak resident memory in MB where the system
    /// tells (Linux); `None` in the page.
    pub peak_memory_mb: Option<f64>,
}

/// The process's peak resident memory in MB (Linux's `VmHWM`), if known.
fn peak_memory_mb() -> Option<f64> {
    #[cfg(target_arch = "wasm32")]
    {
        None
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let status = std::fs::read_to_string("/proc/self/status").ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb / 1024.0)
    }
}

/// The WebAssembly memory in MB (`None` natively).
fn wasm_memory_mb() -> Option<f64> {
    #[cfg(target_arch = "wasm32")]
    {
        Some(core::arch::wasm32::memory_size(0) as f64 * 65_536.0 / 1e6)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// The parity view's keys (the scenario's `parity`): where the game comes from,
/// its generator's values, and the solver.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParityKeys {
    /// Where the game comes from.
    pub source: ParitySource,
    /// The game typed (`source = typed`).
    pub pg: String,
    /// Random games: vertices.
    pub vertices: u64,
    /// Random games: the highest priority.
    pub priorities: u64,
    /// Random games: the fewest successors.
    pub min_degree: u64,
    /// Random games: the most successors.
    pub max_degree: u64,
    /// Random games: the seed.
    pub seed: u64,
    /// Ladders and recursive ladders: n.
    pub size: u64,
    /// Jurdziński's games: the height.
    pub levels: u64,
    /// Jurdziński's games: the width.
    pub breadth: u64,
    /// The solver.
    pub solver: SolverKind,
}

impl Default for ParityKeys {
    /// The example game, solved by the portfolio; a random game's keys as
    /// PGSolver's `randomgame 1000 100 2 5`.
    fn default() -> Self {
        ParityKeys {
            source: ParitySource::Typed,
            pg: EXAMPLE_PG.into(),
            vertices: 1000,
            priorities: 100,
            min_degree: 2,
            max_degree: 5,
            seed: 1,
            size: 8,
            levels: 3,
            breadth: 3,
            solver: SolverKind::Portfolio,
        }
    }
}

/// The game of a parity view.
///
/// # Errors
/// The parser's or the generator's error, naming the key at fault.
pub fn build(s: &ParityKeys) -> Result<ParityGame, Error> {
    s.source.build(s)
}

fn drawing(game: &ParityGame, solution: &super::Solution) -> Option<ParityDrawing> {
    let n = game.len();
    if n > MAX_DRAWN || game.edge_count() > MAX_DRAWN_EDGES {
        return None;
    }
    let mut offsets = vec![0u32];
    let mut targets = Vec::new();
    let mut strategy_edges = Vec::new();
    let mut moves = Vec::new();
    for v in 0..n {
        for &t in game.successors(v) {
            if solution.strategy(v) == Some(t)
                && strategy_edges
                    .last()
                    .is_none_or(|&e| (e as usize) < offsets[v] as usize)
            {
                strategy_edges.push(targets.len() as u32);
            }
            moves.push((v, t as usize));
            targets.push(t);
        }
        offsets.push(targets.len() as u32);
    }
    let start = game.start.unwrap_or(0) as usize;
    Some(ParityDrawing {
        ids: (0..n).map(|v| game.id(v)).collect(),
        names: (0..n)
            .map(|v| game.name(v).map_or_else(|| game.id(v).to_string(), String::from))
            .collect(),
        priority: game.priorities().to_vec(),
        owner: (0..n).map(|v| game.owner(v).index() as u8).collect(),
        winner: solution.winner.iter().map(|w| w.index() as u8).collect(),
        offsets,
        targets,
        strategy_edges,
        layout: try_layered(n, start, &moves, MAX_BENDS)?,
    })
}

/// Solves the scenario's parity game for the page.
///
/// # Errors
/// See [`build`].
pub fn parity_view(s: &ParityKeys, progress: Progress) -> Result<ParityReport, Error> {
    let game = build(s)?;
    // Every preprocessing step, then component by component, bottom-up, as
    // the command line does by default.
    Ok(solve_report(&game, s, Steps::ALL, progress).0)
}

/// The page's report of `s` (the portfolio) solved by its member `member`
/// alone ([`portfolio::SIDE_BY_SIDE`](super::portfolio::SIDE_BY_SIDE)), in
/// one of the page's workers while the others run the other members.
///
/// # Errors
/// As [`parity_view`]; [`Error::InvalidValue`] on `solver` for a member the
/// portfolio does not have.
pub fn parity_member(s: &ParityKeys, member: usize, progress: Progress) -> Result<ParityReport, Error> {
    let Some(&run) = super::portfolio::SIDE_BY_SIDE
        .get(member)
        .filter(|_| s.solver == SolverKind::Portfolio)
    else {
        return Err(Error::InvalidValue {
            key: "solver",
            value: crate::toolkit::Quoted::new(&format!("{} member {member}", s.solver.name())),
            expected: crate::text!(
                "one of the portfolio's {} members",
                "l’un des {} membres du portefeuille",
                super::portfolio::SIDE_BY_SIDE.len()
            ),
        });
    };
    let game = build(s)?;
    Ok(solve_report_by(&game, s, run, Steps::ALL, progress).0)
}

/// Solves `game` (built from `s`, or read from a file: `s.source` typed) by
/// `s.solver` after the preprocessing `steps`, verifies the solution, and
/// reports it: the page's report and the command line's, one for both; the
/// solution too (for the command line to write).
pub fn solve_report(
    game: &ParityGame,
    s: &ParityKeys,
    steps: Steps,
    progress: Progress,
) -> (ParityReport, super::Solution) {
    solve_report_by(game, s, s.solver, steps, progress)
}

/// [`solve_report`] with `run` solving in place of `s.solver`, the report
/// otherwise `s.solver`'s: one member of the portfolio in a page's worker
/// (`parity_member`), its report the portfolio's with the member that finished.
pub fn solve_report_by(
    game: &ParityGame,
    s: &ParityKeys,
    run: SolverKind,
    steps: Steps,
    progress: Progress,
) -> (ParityReport, super::Solution) {
    let kind = s.solver;
    let n = game.len();
    let started = Instant::now();
    // Work counted across the steps, each of which counts from zero.
    let (mut before, mut last) = (0u64, 0u64);
    let (solution, finished_by, preprocessed) = preprocess::solve(game, run, steps, &mut |p| {
        if p.work < last {
            before += last;
        }
        last = p.work;
        // The vertices solved are no share of the time: most solvers settle a
        // strongly connected game at once at the end, after a preprocessing that
        // solves a few (10⁵ random: 0.1 % at once, then nothing for seconds).
        // So a moving bar, and the counts.
        // A member's work is added to its fellows' in the page; the vertices
        // each has solved are not (they overlap), so a member reports its work alone.
        let work = ("work", (before + p.work) as i64);
        if run == kind {
            progress(UNKNOWN_SHARE, &[("solved", p.solved as i64), work]);
        } else {
            progress(UNKNOWN_SHARE, &[work]);
        }
        true
    })
    .unwrap_or_else(|| unreachable!("the page's progress never cancels: the worker is stopped instead"));
    let seconds = started.elapsed().as_secs_f64();
    let verified = verify::check(game, &solution).is_ok();
    let start = game.start.unwrap_or(0) as usize;
    let drawing = drawing(game, &solution);
    // The run the page steps through: tangle learning's when it is the
    // solver asked for, else Zielonka's recursion, the course's.
    let tangles = kind == SolverKind::Tangle;
    let steps = (drawing.is_some() && !tangles).then(|| zielonka_steps(game, MAX_STEPS).1);
    let tangle_run = (drawing.is_some() && tangles).then(|| tangle_steps(game, MAX_STEPS).1);
    let mut distinct: Vec<u32> = game.priorities().to_vec();
    sort::sort(&mut distinct);
    distinct.dedup();
    let note = (s.source == ParitySource::RecursiveLadder
        && kind == SolverKind::Zielonka
        && s.size >= ZIELONKA_LADDER_WARNING)
        .then(|| {
            crate::text!(
                "Friedmann built this family so that Zielonka's algorithm makes exponentially many calls: priority promotion solves it at once",
                "Friedmann a construit cette famille pour que l'algorithme de Zielonka fasse un nombre exponentiel d'appels : la promotion de priorités la résout aussitôt"
            )
        });
    let pg = (s.source != ParitySource::Typed && n <= MAX_DRAWN).then(|| pgformat::write(game));
    let region = |player: Parity| -> Vec<u32> {
        let mut ids: Vec<u32> = (0..n)
            .filter(|&v| solution.winner[v] == player)
            .map(|v| game.id(v))
            .collect();
        sort::sort(&mut ids);
        ids
    };
    let mut strategy: Vec<[u32; 2]> = (0..n)
        .filter_map(|v| solution.strategy(v).map(|m| [game.id(v), game.id(m as usize)]))
        .collect();
    sort::sort(&mut strategy);
    let report = ParityReport {
        kind: "parity",
        source: s.source.name(),
        vertices: n,
        edges: game.edge_count(),
        max_priority: game.max_priority().unwrap_or(0),
        distinct_priorities: distinct.len(),
        solver: kind.name(),
        finished_by: finished_by.name(),
        max_steps: MAX_STEPS,
        preprocessed,
        won_by_even: region(Parity::Even),
        won_by_odd: region(Parity::Odd),
        strategy,
        start: game.id(start),
        start_winner: solution.winner[start],
        seconds,
        verified,
        note,
        drawing,
        steps,
        tangle_steps: tangle_run,
        pg,
        wasm_memory_mb: wasm_memory_mb(),
        peak_memory_mb: peak_memory_mb(),
    };
    (report, solution)
}
