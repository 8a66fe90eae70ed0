//! What the Connect Four solve view shows: the position, its exact score, each
//! column's score with when the game ends, the best columns, and, when a limit
//! stopped the solve, the bounds proven so far.

use crate::games::connect4::solver::{ending, verdict, Ending, Limits, Solved, Solver, Stop};
use crate::games::connect4::{plan_probes, Board, ColumnScores, Position};
use crate::toolkit::{no_such_part, Error, ProbeAnswer, ProbePlan, Progress, Quoted, Text, UNKNOWN_SHARE};
use serde::Serialize;
use std::cell::RefCell;

/// Nodes the page's solve may visit (five to seven minutes in the browser's
/// worker; every column of 7 × 6 from the empty board takes 8.2·10⁸ after
/// its score, each part of the columns split over workers its own limit):
/// beyond, it says the bounds it proved.
pub const PAGE_NODE_LIMIT: u64 = 4_000_000_000;
/// Slots of the page's table (4 MB: the size at which solves are fastest,
/// see [`crate::games::connect4::DEFAULT_SLOTS`]).
pub const PAGE_SLOTS: usize = crate::games::connect4::DEFAULT_SLOTS;

/// What a solve may spend and how it searches: the page's by default; the
/// command line sets its own (`--node-limit`, `--table`, `--threads`, the
/// solver's switches) around the family's computation with [`on_machine`],
/// so the command line computes through the family as the page does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Machine {
    /// Slots of the transposition table.
    pub slots: usize,
    /// Limits of the position's solve (the columns get what it leaves).
    pub limits: Limits,
    /// Threads searching the position (helpers share the table).
    pub threads: usize,
    /// The mirror image's positions shared in the table.
    pub symmetry: bool,
    /// Enhanced transposition cut-offs.
    pub etc: bool,
    /// The follow-up bound on a position and on each child.
    pub follow_up: bool,
    /// The children's table entries asked for together.
    pub prefetch: bool,
    /// A position whose own solve took at most this many nodes gets every
    /// column's score in the same report ([`COLUMNS_AT_ONCE`] in the page; 0
    /// for the score alone, as Pons' batch files ask).
    pub columns_at_once: u64,
}

impl Machine {
    /// The page's: a 4 MB table, [`PAGE_NODE_LIMIT`], one thread, every technique on.
    pub const PAGE: Machine = Machine {
        slots: PAGE_SLOTS,
        limits: Limits {
            nodes: PAGE_NODE_LIMIT,
            seconds: None,
        },
        threads: 1,
        symmetry: true,
        etc: true,
        follow_up: true,
        prefetch: true,
        columns_at_once: COLUMNS_AT_ONCE,
    };

    fn solver(&self) -> Solver {
        let mut solver = Solver::new(self.slots);
        solver.set_threads(self.threads);
        solver.set_symmetry(self.symmetry);
        solver.set_etc(self.etc);
        solver.set_follow_up(self.follow_up);
        solver.set_prefetch(self.prefetch);
        solver
    }
}

/// Runs `f` (a family's computation) with `machine`'s settings for every
/// Connect Four solve in it, then the page's again.
pub fn on_machine<R>(machine: Machine, f: impl FnOnce() -> R) -> R {
    let before = MACHINE.with(|m| m.replace(machine));
    let out = f();
    MACHINE.with(|m| m.set(before));
    out
}

thread_local! {
    /// The settings of this thread's solves ([`on_machine`]).
    static MACHINE: std::cell::Cell<Machine> = const { std::cell::Cell::new(Machine::PAGE) };
    /// The position whose score came alone (its columns to follow) and the
    /// solver that scored it: the columns' follow-up on that same position
    /// starts from the table its solve filled, and searches far fewer nodes
    /// (BENCHMARKS.md, "Connect Four solved"). Any other request starts
    /// afresh, so a report depends on its link and, for the follow-up, on the
    /// solve just before it, never on what else was solved earlier.
    static SCORED_ALONE: RefCell<Option<(u32, u32, String, Solver)>> = const { RefCell::new(None) };
}

/// The solver this thread kept for the position after `moves` (`reuse`: its
/// table warm from that position's score or probes), else a fresh one with
/// the machine's settings; nothing stays kept meanwhile.
fn solver_for(width: u32, height: u32, moves: &str, reuse: bool) -> Solver {
    let kept = SCORED_ALONE.with(|kept| kept.borrow_mut().take());
    match kept {
        Some((w, h, m, solver)) if reuse && (w, h) == (width, height) && m == moves => solver,
        _ => MACHINE.with(std::cell::Cell::get).solver(),
    }
}

/// Keeps `solver` for the position after `moves` (see [`solver_for`]).
fn keep_solver(width: u32, height: u32, moves: &str, solver: Solver) {
    SCORED_ALONE.with(|kept| *kept.borrow_mut() = Some((width, height, moves.to_string(), solver)));
}

/// One column of the board, as the page writes it above the column.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Column {
    /// Its number, from 1.
    pub column: u32,
    /// Whether a stone fits.
    pub playable: bool,
    /// The score for the player to move after a stone there (Pons' convention);
    /// none for a full column or when a limit stopped the solve.
    pub score: Option<i32>,
    /// How the game then ends (none: a draw, or no score).
    pub ending: Option<Ending>,
    /// Whether it reaches the position's score.
    pub best: bool,
}

/// The solve view's report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Connect4Report {
    /// `"connect4"`.
    pub kind: &'static str,
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// The moves from the empty board, one digit each.
    pub moves: String,
    /// Each cell, row by row from the top: 0 empty, 1 or 2.
    pub cells: Vec<u8>,
    /// Stones on the board.
    pub stones: u32,
    /// The player to move: 1 or 2.
    pub to_move: u8,
    /// Whether the game is over.
    pub over: bool,
    /// The winner of a finished game (none: a draw, or not over).
    pub winner: Option<u8>,
    /// The position's score for the player to move; none when a limit stopped it.
    pub score: Option<i32>,
    /// The score lies within these, both included.
    pub bounds: [i32; 2],
    /// What stopped the solve, if anything did.
    pub stopped: Option<Stop>,
    /// How the game ends with best play (none: a draw, or unsolved).
    pub ending: Option<Ending>,
    /// The score in words.
    pub verdict: Option<Text>,
    /// Whether the columns' scores are still to come (a follow-up computes
    /// them: the position's own solve was long, and its score comes first).
    pub columns_later: bool,
    /// Whether the score is proven (no limit stopped the solve).
    pub exact: bool,
    /// The columns that reach the position's score (none while the columns are to come).
    pub best_columns: Vec<u32>,
    /// Every column's score, when the columns' task scored them all (the
    /// command line's `--analyze`); none otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column_scores: Option<Vec<Option<i32>>>,
    /// The columns, from the left.
    pub columns: Vec<Column>,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds taken.
    pub seconds: f64,
    /// The node limit.
    pub node_limit: u64,
}

/// A position whose own solve took at most this many nodes gets every
/// column's score in the same report (a few seconds more in the browser's
/// worker); beyond, the report comes with the position's score alone, at
/// once, and the page asks for the columns as a follow-up
/// ([`solve_view`] with `every_column`).
pub const COLUMNS_AT_ONCE: u64 = 20_000_000;

/// The progress line's counts during a solve: the nodes, the score window
/// proven so far (a column's, with its number, while columns are scored), and
/// nodes per second once a tenth of a second has passed. How long a solve
/// takes is not known in advance: no share of the work, so no time left.
fn tell(progress: Progress, at: &crate::games::connect4::Progress) {
    let mut counts = vec![("nodes", i64::try_from(at.nodes).unwrap_or(i64::MAX))];
    if let Some(c) = at.column {
        counts.push(("column", i64::from(c)));
    }
    counts.push(("score at least", i64::from(at.bounds[0])));
    counts.push(("score at most", i64::from(at.bounds[1])));
    if at.seconds >= 0.1 {
        counts.push(("nodes per second", (at.nodes as f64 / at.seconds) as i64));
    }
    progress(UNKNOWN_SHARE, &counts);
}

/// The columns marked best, by number.
fn columns_best(columns: &[Column]) -> Vec<u32> {
    columns.iter().filter(|c| c.best).map(|c| c.column).collect()
}

/// Solves the position after `moves` on `width` × `height`; `progress` hears
/// the nodes searched. Every column is scored when `every_column` says so or
/// the position's own solve was cheap ([`COLUMNS_AT_ONCE`]); otherwise the
/// report's `columns_later` says the columns are still to come.
///
/// # Errors
/// A board size outside 4–7 × 4–6, or moves that are not a game (named by move).
pub fn solve_view(
    width: u32,
    height: u32,
    moves: &str,
    every_column: bool,
    progress: Progress,
) -> Result<Connect4Report, Error> {
    let at_once = MACHINE.with(std::cell::Cell::get).columns_at_once;
    solve_view_within(width, height, moves, every_column, at_once, progress)
}

/// [`solve_view`], every column scored at once when the position's own
/// solve took at most `at_once` nodes.
fn solve_view_within(
    width: u32,
    height: u32,
    moves: &str,
    every_column: bool,
    at_once: u64,
    progress: Progress,
) -> Result<Connect4Report, Error> {
    let board = Board::new(width, height)?;
    let p = Position::from_moves(&board, moves)?;
    let machine = MACHINE.with(std::cell::Cell::get);
    let mut solver = solver_for(width, height, moves, every_column);
    let limits = machine.limits;
    let mut hear = |at: &crate::games::connect4::Progress| {
        tell(progress, at);
        true
    };
    let (solved, scores) = if every_column {
        // The follow-up: every column, the position's score their best.
        solver.analyze(&p, limits, &mut hear)
    } else {
        let mut solved = solver.solve(&p, limits, &mut hear);
        let mut scores = vec![None; width as usize];
        if solved.score.is_some() && solved.nodes <= at_once {
            // The table is warm from the position's own solve. A column
            // stopped by the limit keeps no score; the position keeps its own.
            let left = Limits {
                nodes: limits.nodes.saturating_sub(solved.nodes),
                ..limits
            };
            let (by_column, found) = solver.analyze(&p, left, &mut hear);
            solved.nodes += by_column.nodes;
            solved.seconds += by_column.seconds;
            scores = found;
        }
        (solved, scores)
    };
    let columns_later =
        solved.score.is_some() && (0..width).any(|c| !p.over() && p.can_play(c) && scores[c as usize].is_none());
    if columns_later && !every_column {
        keep_solver(width, height, moves, solver);
    }
    progress(1.0, &[("nodes", i64::try_from(solved.nodes).unwrap_or(i64::MAX))]);
    Ok(solved_view(
        &board,
        &p,
        moves,
        &solved,
        scores,
        every_column,
        limits.nodes,
    ))
}

/// The report of `p` (after `moves`) solved as `solved`, with the columns'
/// `scores`; `every_column` when they are the columns' task's.
fn solved_view(
    board: &Board,
    p: &Position,
    moves: &str,
    solved: &Solved,
    scores: Vec<Option<i32>>,
    every_column: bool,
    node_limit: u64,
) -> Connect4Report {
    let columns: Vec<Column> = (0..board.width())
        .map(|c| {
            let score = scores[c as usize];
            Column {
                column: c + 1,
                playable: !p.over() && p.can_play(c),
                score,
                ending: score.and_then(|v| ending(board, p.stones(), v)),
                best: score.is_some() && score == solved.score,
            }
        })
        .collect();
    let best_columns = columns_best(&columns);
    let columns_later = solved.score.is_some() && columns.iter().any(|c| c.playable && c.score.is_none());
    Connect4Report {
        score: solved.score,
        bounds: solved.bounds,
        stopped: solved.stopped,
        ending: solved.score.and_then(|v| ending(board, p.stones(), v)),
        verdict: solved.score.map(|v| verdict(board, p.stones(), v)),
        exact: solved.exact,
        columns_later,
        best_columns,
        column_scores: every_column.then_some(scores),
        columns,
        nodes: solved.nodes,
        seconds: solved.seconds,
        node_limit,
        ..unsolved(board, p, moves)
    }
}

/// The columns of `p` in the groups its columns' task splits into, one
/// group a part (the page's workers score the parts side by side): each
/// playable column alone, centre first, but a column and its mirror image
/// together when the position is its own mirror image (the second of the
/// two then finds its answers in the table the first filled). None when the
/// game is over.
pub fn column_groups(p: &Position) -> Vec<Vec<u32>> {
    if p.over() {
        return Vec::new();
    }
    let w = p.board().width();
    let mirror = p.is_symmetric();
    // Centre first, then alternately either side, the left one first (the solver's order).
    (0..w)
        .map(|i| (w as i32 / 2 + (1 - 2 * (i as i32 % 2)) * (i as i32 + 1) / 2) as u32)
        .filter(|&c| p.can_play(c) && !(mirror && c > w - 1 - c))
        .map(|c| {
            if mirror && c < w - 1 - c {
                vec![c, w - 1 - c]
            } else {
                vec![c]
            }
        })
        .collect()
}

/// Part `part` of the columns' task ([`column_groups`]): the scores of one
/// group of columns, each part within the page's node limit. `progress`
/// hears the nodes alone (work done, which the page adds up over the parts).
///
/// # Errors
/// As [`solve_view`]; a part beyond the groups.
pub fn columns_part(
    width: u32,
    height: u32,
    moves: &str,
    part: usize,
    progress: Progress,
) -> Result<ColumnScores, Error> {
    let board = Board::new(width, height)?;
    let p = Position::from_moves(&board, moves)?;
    let groups = column_groups(&p);
    let Some(which) = groups.get(part) else {
        return Err(no_such_part("columns", part, groups.len()));
    };
    let machine = MACHINE.with(std::cell::Cell::get);
    // A part after the position's score alone, in the worker that scored
    // it, starts from that solve's table and keeps it for the next part.
    let mut solver = solver_for(width, height, moves, true);
    let mut hear = |at: &crate::games::connect4::Progress| {
        progress(UNKNOWN_SHARE, &[("nodes", i64::try_from(at.nodes).unwrap_or(i64::MAX))]);
        true
    };
    let scored = solver.analyze_columns(&p, which, machine.limits, &mut hear);
    keep_solver(width, height, moves, solver);
    Ok(scored)
}

/// The columns' task put together from its parts ([`columns_part`], in
/// order): the report [`solve_view`] gives with `every_column`, its work
/// the parts' added up.
///
/// # Errors
/// As [`solve_view`]; parts that are not this position's (too few or too
/// many, or scoring columns outside their group).
pub fn join_columns(width: u32, height: u32, moves: &str, parts: Vec<ColumnScores>) -> Result<Connect4Report, Error> {
    let board = Board::new(width, height)?;
    let p = Position::from_moves(&board, moves)?;
    let groups = column_groups(&p);
    if parts.len() != groups.len() {
        return Err(no_such_part("columns", parts.len(), groups.len()));
    }
    let theirs = parts.iter().zip(&groups).all(|(part, group)| {
        part.scores.len() == width as usize
            && part
                .scores
                .iter()
                .enumerate()
                .all(|(c, score)| score.is_none() || group.contains(&(c as u32)))
    });
    let joined = ColumnScores::join(&parts)
        .filter(|_| theirs)
        .ok_or_else(|| Error::InvalidValue {
            key: "parts",
            value: Quoted::new("columns"),
            expected: Text::written(
                format!("the scores of the column groups {groups:?} of this position, one part each"),
                format!("les scores des groupes de colonnes {groups:?} de cette position, une partie chacun"),
            ),
        })?;
    let solved = joined.solved(&p);
    let limit = MACHINE.with(std::cell::Cell::get).limits.nodes;
    Ok(solved_view(&board, &p, moves, &solved, joined.scores, true, limit))
}

/// Every score the position after `moves` could have (Pons' convention):
/// a finished game's own (lost by the player to move, or drawn).
fn score_range(p: &Position) -> [i64; 2] {
    if p.over() {
        let v = if p.won() {
            -i64::from(p.board().win_score(p.stones()))
        } else {
            0
        };
        return [v, v];
    }
    let (area, n) = (i64::from(p.board().area()), i64::from(p.stones()));
    [-(area - n) / 2, (area + 1 - n) / 2]
}

/// The interval the probes' answers leave the score in, and whether a limit stopped one.
fn probed_bounds(p: &Position, answers: &[ProbeAnswer]) -> ([i64; 2], bool) {
    let mut bounds = score_range(p);
    let mut stopped = false;
    for a in answers {
        match a.bounds {
            Some([lo, hi]) => bounds = [bounds[0].max(lo), bounds[1].min(hi)],
            None => stopped = true,
        }
    }
    (bounds, stopped)
}

/// The next step of the score's probes on the page's workers
/// ([`plan_probes`]): the thresholds to start, those in flight that the
/// answers made useless, and whether the score is known (or a probe was
/// stopped by the node limit).
///
/// # Errors
/// As [`solve_view`].
pub fn probe_plan(
    width: u32,
    height: u32,
    moves: &str,
    answers: &[ProbeAnswer],
    running: &[i64],
    free: usize,
) -> Result<ProbePlan, Error> {
    let board = Board::new(width, height)?;
    let p = Position::from_moves(&board, moves)?;
    let (bounds, stopped) = probed_bounds(&p, answers);
    let done = stopped || bounds[0] >= bounds[1];
    let useful = |t: &i64| !done && bounds[0] <= *t && *t < bounds[1];
    // Scores fit in i32 (a board has at most 42 cells).
    let narrow = |v: i64| v.clamp(-64, 64) as i32;
    let busy: Vec<i32> = running.iter().filter(|t| useful(t)).map(|&t| narrow(t)).collect();
    let start = if done {
        Vec::new()
    } else {
        plan_probes([narrow(bounds[0]), narrow(bounds[1])], &busy, free)
            .into_iter()
            .map(i64::from)
            .collect()
    };
    Ok(ProbePlan {
        bounds,
        done,
        start,
        stop: running.iter().copied().filter(|t| !useful(t)).collect(),
        counts: vec![("score at least", bounds[0]), ("score at most", bounds[1])],
    })
}

/// One probe of the score on the page's workers ([`Solver::probe`]): whether
/// it is above `threshold`. A worker keeps its table for the next probe of
/// the same position, and for the columns' follow-up after the score.
/// `progress` hears the nodes alone (work done, which the page adds up).
///
/// # Errors
/// As [`solve_view`].
pub fn probe_part(
    width: u32,
    height: u32,
    moves: &str,
    threshold: i64,
    progress: Progress,
) -> Result<ProbeAnswer, Error> {
    let board = Board::new(width, height)?;
    let p = Position::from_moves(&board, moves)?;
    let machine = MACHINE.with(std::cell::Cell::get);
    let mut solver = solver_for(width, height, moves, true);
    // The nodes and the rate: the page adds both up over its workers.
    let mut hear = |at: &crate::games::connect4::Progress| {
        let mut counts = vec![("nodes", i64::try_from(at.nodes).unwrap_or(i64::MAX))];
        if at.seconds >= 0.1 {
            counts.push(("nodes per second", (at.nodes as f64 / at.seconds) as i64));
        }
        progress(UNKNOWN_SHARE, &counts);
        true
    };
    let t = threshold.clamp(-64, 64) as i32;
    let probed = solver.probe(&p, t, machine.limits, &mut hear);
    keep_solver(width, height, moves, solver);
    Ok(ProbeAnswer {
        threshold,
        bounds: probed.bounds.map(|b| b.map(i64::from)),
        nodes: probed.nodes,
    })
}

/// The report from the probes' answers ([`probe_plan`] done): the score
/// alone, every column's to follow (as [`solve_view`] gives a long solve's),
/// its work the probes' added up; stopped by the node limit when a probe was.
///
/// # Errors
/// As [`solve_view`]; answers that leave the score unknown and stopped none.
pub fn probe_report(
    width: u32,
    height: u32,
    moves: &str,
    answers: &[ProbeAnswer],
    seconds: f64,
) -> Result<Connect4Report, Error> {
    let board = Board::new(width, height)?;
    let p = Position::from_moves(&board, moves)?;
    let (bounds, stopped) = probed_bounds(&p, answers);
    let known = !stopped && bounds[0] == bounds[1];
    if !known && !stopped {
        return Err(Error::InvalidValue {
            key: "probes",
            value: Quoted::new(&format!("{bounds:?}")),
            expected: Text::written(
                "answers that leave one score, or one stopped by the node limit".to_string(),
                "des réponses qui ne laissent qu’un score, ou l’une arrêtée par la limite de nœuds".to_string(),
            ),
        });
    }
    let narrow = |v: i64| v.clamp(-64, 64) as i32;
    let solved = Solved {
        score: known.then(|| narrow(bounds[0])),
        exact: known,
        bounds: [narrow(bounds[0]), narrow(bounds[1])],
        stopped: (!known).then_some(Stop::NodeLimit),
        nodes: answers.iter().map(|a| a.nodes).sum(),
        seconds,
    };
    let limit = MACHINE.with(std::cell::Cell::get).limits.nodes;
    let scores = vec![None; width as usize];
    Ok(solved_view(&board, &p, moves, &solved, scores, false, limit))
}

/// The position after `moves` with nothing solved yet (no node searched,
/// the score anywhere in its range, no column scored): the board a long
/// solve's go-ahead question shows, and from which a column can be played.
///
/// # Errors
/// As [`solve_view`]: the board's size, moves that are not a game.
pub fn unsolved_view(width: u32, height: u32, moves: &str) -> Result<Connect4Report, Error> {
    let board = Board::new(width, height)?;
    let p = Position::from_moves(&board, moves)?;
    Ok(unsolved(&board, &p, moves))
}

/// The report of `p` (after `moves`) before any solve: the position's own
/// fields, which a solve's report keeps, and no score.
fn unsolved(board: &Board, p: &Position, moves: &str) -> Connect4Report {
    let (width, height) = (board.width(), board.height());
    let reach = (width * height).div_ceil(2) as i32;
    Connect4Report {
        kind: "connect4",
        width,
        height,
        moves: moves.to_string(),
        cells: p.cells(),
        stones: p.stones(),
        to_move: p.to_move(),
        over: p.over(),
        winner: p.won().then(|| 3 - p.to_move()),
        score: None,
        bounds: [-reach, reach],
        stopped: None,
        ending: None,
        verdict: None,
        exact: false,
        columns_later: false,
        best_columns: Vec::new(),
        column_scores: None,
        columns: (0..width)
            .map(|c| Column {
                column: c + 1,
                playable: !p.over() && p.can_play(c),
                score: None,
                ending: None,
                best: false,
            })
            .collect(),
        nodes: 0,
        seconds: 0.0,
        node_limit: MACHINE.with(std::cell::Cell::get).limits.nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_unsolved_view_is_the_solved_one_without_its_scores() {
        let solved = solve_view(4, 4, "1212", false, &mut |_, _| {}).unwrap();
        let shown = unsolved_view(4, 4, "1212").unwrap();
        assert_eq!(
            (shown.cells, shown.stones, shown.to_move, shown.over),
            (solved.cells, solved.stones, solved.to_move, solved.over)
        );
        assert_eq!((shown.score, shown.nodes, shown.columns_later), (None, 0, false));
        assert!(shown.bounds[0] <= solved.score.unwrap() && solved.score.unwrap() <= shown.bounds[1]);
        assert_eq!(
            shown.columns.iter().map(|c| c.playable).collect::<Vec<_>>(),
            solved.columns.iter().map(|c| c.playable).collect::<Vec<_>>()
        );
        let won = unsolved_view(4, 4, "1212121").unwrap();
        assert_eq!((won.over, won.winner), (true, Some(1)));
        assert!(won.columns.iter().all(|c| !c.playable));
        assert!(unsolved_view(4, 4, "115").is_err(), "a column beyond the board");
        assert!(unsolved_view(9, 4, "").is_err());
    }

    #[test]
    fn columns_say_their_scores_and_endings() {
        // 4 × 4 after 1,2,1,2,1,2: player 1 completes the column-1 four now.
        let r = solve_view(4, 4, "121212", false, &mut |_, _| {}).unwrap();
        assert_eq!(r.score, Some(r.columns[0].score.unwrap()));
        assert!(r.columns[0].best);
        let e = r.columns[0].ending.unwrap();
        assert_eq!((e.winner, e.on_move), (1, 7));
        assert_eq!(r.to_move, 1);
        // A finished game: no playable column, the winner named.
        let r = solve_view(4, 4, "1212121", false, &mut |_, _| {}).unwrap();
        assert!(r.over && r.columns.iter().all(|c| !c.playable && c.score.is_none()));
        assert_eq!(r.winner, Some(1));
        // A full column has no score.
        let r = solve_view(4, 4, "1111", false, &mut |_, _| {}).unwrap();
        assert!(!r.columns[0].playable && r.columns[0].score.is_none());
        assert_eq!(r.columns.iter().filter(|c| c.score.is_some()).count(), 3);
    }

    #[test]
    fn a_long_solve_gives_the_score_first_and_the_columns_on_request() {
        // 7 × 4 after a stone in column 1 (+1, 10⁶ nodes) as if it were long.
        let first = solve_view_within(7, 4, "1", false, 0, &mut |_, _| {}).unwrap();
        assert_eq!((first.score, first.columns_later), (Some(1), true));
        assert!(first.columns.iter().all(|c| c.playable && c.score.is_none() && !c.best));
        // The follow-up: every column, each progress report's window holding
        // that column's final score (for the player to move on the board).
        // 7 × 4 after a stone in column 1: columns score 0 or +1, so a window
        // of the opponent's scores (not negated) would miss them.
        let mut windows: Vec<(i64, i64, i64)> = Vec::new();
        let all = solve_view_within(7, 4, "1", true, 0, &mut |_, counts| {
            let get = |name: &str| counts.iter().find(|(n, _)| *n == name).map(|&(_, v)| v);
            if let (Some(c), Some(lo), Some(hi)) = (get("column"), get("score at least"), get("score at most")) {
                windows.push((c, lo, hi));
            }
        })
        .unwrap();
        assert!(!all.columns_later);
        let scores: Vec<i32> = all.columns.iter().map(|c| c.score.unwrap()).collect();
        assert_eq!(scores, [0, 1, 1, 1, 1, 1, 0]);
        assert!(all.columns.iter().all(|c| c.best == (c.score == first.score)));
        // Some window narrow enough to tell a column's score from its negative.
        assert!(windows.iter().any(|&(_, lo, hi)| hi - lo <= 1), "{windows:?}");
        for (c, lo, hi) in windows {
            let v = i64::from(scores[c as usize - 1]);
            assert!(lo <= v && v <= hi, "column {c}: {v} outside [{lo}, {hi}]");
        }
        // A cheap solve scores every column at once; a finished game has nothing later.
        assert!(!solve_view(6, 5, "3434", false, &mut |_, _| {}).unwrap().columns_later);
        assert!(
            !solve_view_within(4, 4, "1212121", false, 0, &mut |_, _| {})
                .unwrap()
                .columns_later
        );
    }

    #[test]
    fn the_columns_after_a_score_alone_start_from_its_table_and_only_then() {
        let quiet = &mut |_: f64, _: &[(&str, i64)]| {};
        let scores = |r: &Connect4Report| r.columns.iter().map(|c| c.score).collect::<Vec<_>>();
        // 6 × 4 after a stone in column 1, its score alone (as if long), then its columns.
        assert!(solve_view_within(6, 4, "1", false, 0, quiet).unwrap().columns_later);
        let warm = solve_view_within(6, 4, "1", true, 0, quiet).unwrap();
        // Taken once: the same follow-up again starts afresh, and so does one
        // after another position's score, or after the same moves on another board.
        let cold = solve_view_within(6, 4, "1", true, 0, quiet).unwrap();
        assert!(solve_view_within(6, 4, "12", false, 0, quiet).unwrap().columns_later);
        let after_another = solve_view_within(6, 4, "1", true, 0, quiet).unwrap();
        assert!(solve_view_within(5, 4, "1", false, 0, quiet).unwrap().columns_later);
        let other_board = solve_view_within(6, 4, "1", true, 0, quiet).unwrap();
        // A score that comes with its columns keeps nothing for later.
        assert!(
            !solve_view_within(6, 4, "1", false, u64::MAX, quiet)
                .unwrap()
                .columns_later
        );
        let after_at_once = solve_view_within(6, 4, "1", true, 0, quiet).unwrap();
        assert_eq!(scores(&warm), [Some(0), Some(0), Some(1), Some(1), Some(0), Some(0)]);
        for r in [&cold, &after_another, &other_board, &after_at_once] {
            assert_eq!(scores(r), scores(&warm));
            assert_eq!((r.score, r.nodes), (warm.score, cold.nodes));
        }
        assert!(warm.nodes < cold.nodes, "{} against {}", warm.nodes, cold.nodes);
    }

    /// The columns' task in parts, each as in a worker of its own (nothing
    /// kept from the part before), put together.
    fn in_parts(width: u32, height: u32, moves: &str) -> Result<Connect4Report, Error> {
        let p = Position::from_moves(&Board::new(width, height)?, moves)?;
        let parts = (0..column_groups(&p).len())
            .map(|k| {
                SCORED_ALONE.with(|kept| kept.borrow_mut().take());
                columns_part(width, height, moves, k, &mut |_, _| {})
            })
            .collect::<Result<Vec<_>, _>>()?;
        join_columns(width, height, moves, parts)
    }

    #[test]
    fn columns_group_centre_first_and_mirror_columns_together_on_a_mirror_position() {
        let groups =
            |w, h, moves: &str| column_groups(&Position::from_moves(&Board::new(w, h).unwrap(), moves).unwrap());
        assert_eq!(groups(7, 6, ""), [vec![3], vec![2, 4], vec![1, 5], vec![0, 6]]);
        assert_eq!(groups(6, 4, ""), [vec![2, 3], vec![1, 4], vec![0, 5]]);
        assert_eq!(groups(7, 4, "44"), [vec![3], vec![2, 4], vec![1, 5], vec![0, 6]]);
        // Not its own mirror: each column alone; a full column in none.
        assert_eq!(groups(7, 4, "1"), [[3], [2], [4], [1], [5], [0], [6]]);
        assert_eq!(groups(4, 4, "1111"), [[2], [1], [3]]);
        // A full centre on a mirror position: the pairs left.
        assert_eq!(groups(5, 4, "3333"), [vec![1, 3], vec![0, 4]]);
        // A game over has nothing to score.
        assert!(groups(4, 4, "1212121").is_empty());
    }

    #[test]
    fn the_columns_in_parts_are_the_columns_whole() {
        let quiet = &mut |_: f64, _: &[(&str, i64)]| {};
        for (w, h, moves) in [
            (7, 4, "1"),
            (6, 4, ""),
            (7, 4, "44"),
            (4, 4, "1111"),
            (4, 4, "121212"),
            (5, 4, "3333"),
            (5, 5, ""),
        ] {
            let whole = solve_view_within(w, h, moves, true, 0, quiet).unwrap();
            let split = in_parts(w, h, moves).unwrap();
            assert!(split.nodes > 0, "{w} × {h} {moves}: the parts' work counted");
            assert_eq!(
                Connect4Report {
                    nodes: 0,
                    seconds: 0.0,
                    ..split
                },
                Connect4Report {
                    nodes: 0,
                    seconds: 0.0,
                    ..whole
                },
                "{w} × {h} after {moves:?}"
            );
        }
    }

    #[test]
    fn parts_that_are_not_the_positions_are_refused() {
        let quiet = &mut |_: f64, _: &[(&str, i64)]| {};
        let part = |k| columns_part(5, 4, "", k, &mut |_, _| {}).unwrap();
        let parts = vec![part(0), part(1), part(2)];
        assert!(join_columns(5, 4, "", parts.clone()).is_ok());
        // Too few, too many, out of order (a part scoring outside its group), another position's.
        let short = join_columns(5, 4, "", parts[..2].to_vec()).unwrap_err();
        assert_eq!(short.range(), Some(("0".into(), "2".into())), "{short}");
        assert!(join_columns(5, 4, "", [parts.clone(), vec![part(0)]].concat()).is_err());
        assert_eq!(
            join_columns(5, 4, "", vec![part(1), part(0), part(2)])
                .unwrap_err()
                .key(),
            Some("parts")
        );
        assert!(join_columns(5, 4, "1", parts.clone()).is_err());
        assert!(join_columns(6, 4, "", parts).is_err());
        // A part beyond the groups, and one of a finished game (nothing to split).
        let beyond = columns_part(5, 4, "", 3, quiet).unwrap_err();
        assert_eq!(beyond.range(), Some(("0".into(), "2".into())), "{beyond}");
        let over = columns_part(4, 4, "1212121", 0, quiet).unwrap_err();
        assert_eq!(over.key(), Some("task"), "{over}");
        assert_eq!(columns_part(8, 4, "", 0, quiet).unwrap_err().key(), Some("width"));
    }

    #[test]
    fn a_stopped_part_leaves_bounds_not_a_score() {
        let limited = Machine {
            limits: Limits {
                nodes: 1000,
                seconds: None,
            },
            ..Machine::PAGE
        };
        let joined = on_machine(limited, || in_parts(6, 5, "")).unwrap();
        assert_eq!(
            (joined.score, joined.exact, joined.stopped),
            (None, false, Some(Stop::NodeLimit))
        );
        let whole = on_machine(limited, || solve_view_within(6, 5, "", true, 0, &mut |_, _| {})).unwrap();
        assert_eq!((whole.score, whole.stopped), (None, Some(Stop::NodeLimit)));
        // The finished columns' best is a lower bound; the full range above.
        assert!(joined.bounds[0] <= 0 && joined.bounds[1] == 15, "{:?}", joined.bounds);
        assert!(joined.columns.iter().all(|c| !c.best));
    }

    #[test]
    fn bad_input_is_refused_by_key() {
        assert_eq!(
            solve_view(8, 6, "", false, &mut |_, _| {}).unwrap_err().key(),
            Some("width")
        );
        assert_eq!(
            solve_view(7, 6, "9", false, &mut |_, _| {}).unwrap_err().key(),
            Some("moves")
        );
    }
}
