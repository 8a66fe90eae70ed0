//! The exact score of a Connect Four position (Pons' convention): 0 a draw;
//! positive, the player to move wins, and a four completed with the `m`-th
//! stone of the game scores ⌊(W·H + 2 − m)/2⌋; negative, the opponent wins.
//!
//! Negamax with alpha-beta over the moves that do not lose at once, the moves
//! creating the most threats first (the centre on ties), a transposition table
//! holding upper and lower bounds, one entry for a position and its mirror
//! image near the start, Allis' follow-up as a static bound on a position and
//! on each of its children before any child is searched, each child looked up
//! in the table before any is searched (an enhanced transposition cutoff; the
//! children's entries are asked for together, so their cache misses overlap),
//! and at the root a null-window search: each pass asks "is the score above
//! `m`?" and halves the interval of scores still possible, trying a draw and
//! small scores first.
//!
//! A node builds each child once: its threats (which order the moves, and
//! which moves the child may play) and its follow-up bound (a cutoff here,
//! a bound there) are handed down, not computed again by the child.
//!
//! # Complexity
//! Exponential in the empty cells; the table and the ordering make 7 × 6 from
//! the empty board about 5·10⁸ nodes. Memory: the table, 8 bytes a slot.

use super::position::{Board, Position};
use super::table::Table;
use crate::toolkit::Text;
use serde::{Deserialize, Serialize};
use std::sync::atomic::Ordering::Relaxed;
use web_time::Instant;

/// Slots of the table by default: 2^19 (4 MB). Small on purpose: the time
/// of a solve is the table's memory misses, and 4 MB stays within the
/// processor's address-translation cache and last-level cache, so a lookup
/// costs a few times less than in a table of hundreds of megabytes, more than
/// making up for the bounds a small table loses (7 × 6 from the empty board
/// at several table sizes: BENCHMARKS.md, "Connect Four solved").
pub const DEFAULT_SLOTS: usize = 1 << 19;
/// Nodes a solve may visit by default before it stops and says so.
pub const DEFAULT_NODE_LIMIT: u64 = 20_000_000_000;
/// An interval of scores this wide around a draw is searched sign first.
const NARROW: i32 = 8;
/// Nodes between two progress reports (and two looks at the clock).
const REPORT_EVERY: u64 = 1 << 20;
/// Nodes between two looks of a helper thread at whether the main search is done.
const HELPER_EVERY: u64 = 1 << 12;
/// Plies from the root within which a helper thread rotates the move order.
const ROTATE_DEPTH: i32 = 1;
/// Plies from the root within which the threads say which positions they are
/// searching, and a thread defers a move into one another is searching
/// (ABDADA: Weill 1996): deep enough that the threads part near the root,
/// shallow enough that the marks cost nothing beside the subtrees below them.
const SHARE_DEPTH: i32 = 14;
/// Slots of the marks of positions being searched (a power of two).
const BUSY_SLOTS: usize = 1 << 16;
/// With several threads, the positions with at most this many empty cells go
/// to each thread's own table, not the shared one: they are most of the table's
/// traffic, cheap to search again, and a write to a shared line makes the other
/// core fetch it anew (two threads ran at 9.3 M nodes/s each against 15 M
/// alone). 7 × 6 from the empty board on two threads, five pairs alternated:
/// 16.2–22.7 s against 20.5–24.0 s, faster in each pair (BENCHMARKS.md).
const PRIVATE_EMPTIES: i32 = 20;
/// Slots of a thread's own table (2 MB: 2^18 and 2^19 did no better).
const PRIVATE_SLOTS: usize = 1 << 18;

/// The slot of a position's mark (Fibonacci hashing of its key).
fn busy_slot(key: u64) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - BUSY_SLOTS.trailing_zeros())) as usize
}
/// Positions with fewer stones share their table entry with their mirror
/// image; later ones are almost never symmetric, and the mirror costs time
/// (measured: BENCHMARKS.md).
const SYMMETRY_STONES: i32 = 12;

/// The threshold the root search tests next when the score is known to lie
/// in `[min, max]` (`min < max`): halve the interval, trying scores near a
/// draw first (Pons): far scores are cheap to refute, as the bounds cut the
/// search short. Once the interval is narrow around a draw, ask the sign,
/// then the score next to a draw on that side: a draw or ±1 then takes two
/// passes, not three or four (measured: BENCHMARKS.md).
fn next_threshold(min: i32, max: i32) -> i32 {
    let med = min + (max - min) / 2;
    let narrow = max - min <= NARROW;
    if narrow && min < 0 && 0 < max {
        0
    } else if narrow && min == 1 && max > 1 {
        1
    } else if narrow && max == 0 && min < -1 {
        -1
    } else if med <= 0 && min / 2 < med {
        min / 2
    } else if med >= 0 && max / 2 > med {
        max / 2
    } else {
        med
    }
}

/// The thresholds to test next, side by side, when the score is known to lie
/// in `bounds` and `running` are being tested ([`Solver::probe`], one worker
/// each; the page's workers share no table): up to `free` of them, breadth
/// first over the intervals the answers could leave, each interval split at
/// a threshold in flight within it or else where [`Solver::solve`] would
/// test it, the answer "above" first. The first is the one the serial
/// search tests next; the others speculate on the answers to come. Near the
/// end two workers test the thresholds on either side of the score at once:
/// 7 × 6 from the empty board asks "> 0?" (17 s natively) and "> 1?" (7 s),
/// which one after the other take 24 s (BENCHMARKS.md, "Connect Four").
pub fn plan_probes(bounds: [i32; 2], running: &[i32], free: usize) -> Vec<i32> {
    let mut planned: Vec<i32> = running.to_vec();
    let mut start = Vec::new();
    let mut intervals = std::collections::VecDeque::from([bounds]);
    // Each interval splits in two, so a few levels cover any `free`.
    while let Some([min, max]) = intervals.pop_front() {
        if start.len() >= free || intervals.len() > 256 {
            break;
        }
        if min >= max {
            continue;
        }
        let t = planned
            .iter()
            .copied()
            .find(|&t| min <= t && t < max)
            .unwrap_or_else(|| {
                let t = next_threshold(min, max);
                start.push(t);
                t
            });
        if !planned.contains(&t) {
            planned.push(t);
        }
        intervals.push_back([t + 1, max]);
        intervals.push_back([min, t]);
    }
    start
}

/// What one probe proved ([`Solver::probe`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Probed {
    /// The score lies within these, both included; none when a limit stopped the probe.
    pub bounds: Option<[i32; 2]>,
    /// What stopped it, if anything did.
    pub stopped: Option<Stop>,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds taken.
    pub seconds: f64,
}

/// What stopped a solve before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stop {
    /// The node limit.
    NodeLimit,
    /// The time limit.
    TimeLimit,
    /// The caller (the page's Cancel).
    Cancelled,
}

/// Where a solve stands, for a progress line.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Progress {
    /// Nodes so far.
    pub nodes: u64,
    /// Seconds so far.
    pub seconds: f64,
    /// The score is proven within these, both included: the position's, or
    /// while [`Solver::analyze`] scores a column, that column's (for the
    /// player to move in the position).
    pub bounds: [i32; 2],
    /// The column being scored (from 1), during [`Solver::analyze`].
    pub column: Option<u32>,
}

/// The limits of one solve.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// Most nodes.
    pub nodes: u64,
    /// Most seconds (none: no time limit).
    pub seconds: Option<f64>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            nodes: DEFAULT_NODE_LIMIT,
            seconds: None,
        }
    }
}

/// A solve's answer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Solved {
    /// The score for the player to move; none when a limit stopped it first.
    pub score: Option<i32>,
    /// Whether the score is proven (always, when there is one).
    pub exact: bool,
    /// The score lies within these, both included (equal when exact).
    pub bounds: [i32; 2],
    /// What stopped it, if anything did.
    pub stopped: Option<Stop>,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds taken.
    pub seconds: f64,
}

/// The scores of some columns of one position ([`Solver::analyze_columns`]),
/// or of all of them put together from such parts ([`ColumnScores::join`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ColumnScores {
    /// Each column's score for the player to move, from the left; none for a
    /// full column, one not asked for, or one a limit stopped.
    pub scores: Vec<Option<i32>>,
    /// What stopped the scoring, if anything did.
    pub stopped: Option<Stop>,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds of work (the parts' added up, when they were put together).
    pub seconds: f64,
}

impl ColumnScores {
    /// Parts of one position's columns, each scoring other columns, as one:
    /// each column's score from the part that has it, the work added up,
    /// stopped if any part was. None when two parts score the same column or
    /// the parts are of boards of other widths.
    pub fn join(parts: &[ColumnScores]) -> Option<ColumnScores> {
        let width = parts.first()?.scores.len();
        let mut joined = ColumnScores {
            scores: vec![None; width],
            stopped: None,
            nodes: 0,
            seconds: 0.0,
        };
        for part in parts {
            if part.scores.len() != width {
                return None;
            }
            for (slot, &score) in joined.scores.iter_mut().zip(&part.scores) {
                if score.is_some() {
                    if slot.is_some() {
                        return None;
                    }
                    *slot = score;
                }
            }
            joined.stopped = joined.stopped.or(part.stopped);
            joined.nodes = joined.nodes.saturating_add(part.nodes);
            joined.seconds += part.seconds;
        }
        Some(joined)
    }

    /// The solve of `p` from every column's score: the best of them; when a
    /// limit stopped a column, no score, and the bounds the finished columns
    /// prove (the position scores at least their best).
    pub fn solved(&self, p: &Position) -> Solved {
        let area = p.board().area() as i32;
        let n = p.stones() as i32;
        let full = [-(area - n) / 2, (area + 1 - n) / 2];
        let score = if self.stopped.is_some() {
            None
        } else if p.over() {
            Some(if p.won() { -p.board().win_score(p.stones()) } else { 0 })
        } else {
            self.scores.iter().flatten().copied().max()
        };
        let bounds = match score {
            Some(v) => [v, v],
            None => [self.scores.iter().flatten().copied().fold(full[0], i32::max), full[1]],
        };
        Solved {
            score,
            exact: score.is_some(),
            bounds,
            stopped: self.stopped,
            nodes: self.nodes,
            seconds: self.seconds,
        }
    }
}

/// How a game with score `score` ends, from a position of `stones` stones:
/// the winner, the move of the game (from 1) that completes its four, and
/// which of its own stones from now that is; none for a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Ending {
    /// 1 or 2.
    pub winner: u8,
    /// The move of the game completing the four.
    pub on_move: u32,
    /// The winner's stones from now, that one included.
    pub stone: u32,
}

/// The ending a score announces (Pons' convention), none for a draw.
///
/// ```
/// use ludolab::games::connect4::{solver::ending, Board};
/// let board = Board::new(7, 6).unwrap();
/// // The empty board scores +1: the first player wins with move 41, its 21st stone.
/// let e = ending(&board, 0, 1).unwrap();
/// assert_eq!((e.winner, e.on_move, e.stone), (1, 41, 21));
/// ```
pub fn ending(board: &Board, stones: u32, score: i32) -> Option<Ending> {
    if score == 0 {
        return None;
    }
    let area = board.area();
    let mover = stones % 2;
    // The winner's moves are those of its parity; moves base − 1 and base share the score.
    let parity = if score > 0 { (stones + 1) % 2 } else { stones % 2 };
    let base = (area + 2).checked_sub(2 * score.unsigned_abs())?;
    let on_move = if base % 2 == parity { base } else { base.checked_sub(1)? };
    let winner = if (score > 0) == (mover == 0) { 1 } else { 2 };
    Some(Ending {
        winner,
        on_move,
        stone: (on_move - stones).div_ceil(2),
    })
}

/// A score in words, for the player to move of a position of `stones` stones.
pub fn verdict(board: &Board, stones: u32, score: i32) -> Text {
    match ending(board, stones, score) {
        None => text!("a draw", "match nul"),
        Some(e) if score > 0 => Text {
            en: format!(
                "player {} (to move) wins with its {} stone from now, move {} of the game",
                e.winner,
                ordinal_en(e.stone),
                e.on_move
            ),
            fr: format!(
                "le joueur {} (qui joue) gagne avec son {} pion à partir de maintenant, au coup {} de la partie",
                e.winner,
                ordinal_fr(e.stone),
                e.on_move
            ),
        },
        Some(e) => text!(
            "player {} (the opponent) wins on move {} of the game",
            "le joueur {} (l'adversaire) gagne au coup {} de la partie",
            e.winner,
            e.on_move
        ),
    }
}

fn ordinal_en(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn ordinal_fr(n: u32) -> String {
    if n == 1 {
        "1er".into()
    } else {
        format!("{n}e")
    }
}

/// The solver, with its table kept from one position to the next (a batch
/// reuses what the previous positions proved).
pub struct Solver {
    table: Table,
    symmetry: bool,
    etc: bool,
    follow_up: bool,
    prefetch: bool,
    threads: usize,
    /// How many threads are searching a position hashed to each slot, near
    /// the root (several threads only).
    busy: Vec<std::sync::atomic::AtomicU8>,
    /// Each thread's own table (several threads only).
    private: Vec<Table>,
}

/// One solve in progress.
struct Search<'s> {
    table: &'s Table,
    /// This thread's own table, for the positions of `private_from` stones and more.
    private: Option<&'s Table>,
    private_from: i32,
    /// The marks of positions being searched, when several threads search.
    busy: Option<&'s [std::sync::atomic::AtomicU8]>,
    /// The cells of each column, in the order ties are tried: from the centre out.
    order_cells: [u64; 8],
    /// A helper thread's number (0: the main search): near the root, a helper
    /// tries the moves rotated by it, so the threads start on different subtrees.
    rotate: usize,
    /// Stones of the position the search started from.
    root_stones: i32,
    width: usize,
    symmetry: bool,
    etc: bool,
    follow_up: bool,
    prefetch: bool,
    area: i32,
    /// Table codes: an upper bound `v` is `v − lo + 1`, a lower bound `v − lo + 1 + span`.
    lo: i32,
    span: i32,
    nodes: u64,
    limits: Limits,
    /// Nodes between two looks at the limits (a helper looks more often: it
    /// stops as soon as the main search is done).
    every: u64,
    next_report: u64,
    /// The next node count to look at the limits: the next report or the node limit.
    next_check: u64,
    start: Instant,
    bounds: [i32; 2],
    /// The column being scored (from 1), when the search is of a child.
    column: Option<u32>,
    stopped: Option<Stop>,
    report: &'s mut dyn FnMut(&Progress) -> bool,
}

impl Solver {
    /// A solver with a table of about `slots` slots (see [`Table::new`]).
    pub fn new(slots: usize) -> Solver {
        Solver {
            table: Table::new(slots),
            symmetry: true,
            etc: true,
            follow_up: true,
            // Natively only: in wasm it showed no gain (7 × 6 in the browser,
            // two runs each: 61.5 s and 82.3 s without, 68.7 s and 65.8 s with).
            prefetch: cfg!(not(target_arch = "wasm32")),
            threads: 1,
            busy: Vec::new(),
            private: Vec::new(),
        }
    }

    /// Threads searching each position, sharing the table (1 by default;
    /// natively only: in wasm the solver runs on one thread whatever this says).
    /// The helpers search the same position as the main thread, so what they
    /// prove lands in the table for it, helper `k` trying the moves of the
    /// first ply rotated by `k`; within `SHARE_DEPTH` plies of the root each
    /// thread marks the positions it is searching and leaves a move into a
    /// marked one for after its other moves (ABDADA), so the threads divide
    /// the tree instead of repeating it; the positions of the last
    /// `PRIVATE_EMPTIES` cells go to each thread's own table of 2 MB. The answer
    /// is the main thread's, and the nodes are every thread's. Two threads, 7 × 6 from the empty board:
    /// 56–60 s and 5.6·10⁸ nodes against 70 s and 7.9·10⁸ without the marks
    /// and 93 s and 4.9·10⁸ on one thread, the same slow hour (BENCHMARKS.md).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
        if self.threads > 1 && self.busy.is_empty() {
            self.busy = (0..BUSY_SLOTS).map(|_| std::sync::atomic::AtomicU8::new(0)).collect();
        }
        // Natively only: in wasm no helper thread runs.
        if self.threads > 1 && cfg!(not(target_arch = "wasm32")) {
            while self.private.len() < self.threads {
                self.private.push(Table::new(PRIVATE_SLOTS));
            }
        }
    }

    /// Whether a position and its mirror image share their table entry
    /// (on by default; off, to measure what it saves).
    pub fn set_symmetry(&mut self, on: bool) {
        self.symmetry = on;
    }

    /// Whether a position first looks its children up in the table (an
    /// enhanced transposition cutoff; on by default; off, to measure it).
    pub fn set_etc(&mut self, on: bool) {
        self.etc = on;
    }

    /// Whether a position bounds its score, and each child's, by the
    /// opponent's follow-up ([`Position::follow_up_bound`]; on by default;
    /// off, to measure it).
    pub fn set_follow_up(&mut self, on: bool) {
        self.follow_up = on;
    }

    /// Whether a position asks for its children's table entries together,
    /// before it looks at any (on by default natively, off in wasm; off, to
    /// measure it).
    pub fn set_prefetch(&mut self, on: bool) {
        self.prefetch = on;
    }

    /// Forgets what the table holds.
    pub fn reset(&mut self) {
        self.table.clear();
        for t in &mut self.private {
            t.clear();
        }
    }

    /// A search of `p` with this solver's table; `helper` (0 for the main
    /// search) varies the order ties are tried in and how often it looks at `report`.
    fn search<'s>(
        &'s self,
        p: &Position,
        limits: Limits,
        report: &'s mut dyn FnMut(&Progress) -> bool,
        helper: usize,
    ) -> Search<'s> {
        let w = p.board().width() as usize;
        // Centre first, then alternately either side, the left one first (a
        // helper with an odd number: the mirror of that order).
        let mut order = [0; 8];
        for (i, slot) in order.iter_mut().enumerate().take(w) {
            let i = i as i32;
            let c = (w as i32 / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2) as u32;
            *slot = if helper % 2 == 1 { w as u32 - 1 - c } else { c };
        }
        let area = p.board().area() as i32;
        let lo = -area / 2;
        let every = if helper == 0 { REPORT_EVERY } else { HELPER_EVERY };
        Search {
            table: &self.table,
            private: self.private.get(helper).filter(|_| self.threads > 1),
            private_from: area - PRIVATE_EMPTIES,
            busy: (self.threads > 1).then_some(&self.busy[..]),
            rotate: helper,
            root_stones: p.stones() as i32,
            order_cells: order.map(|c| if (c as usize) < w { p.board().column(c) } else { 0 }),
            width: w,
            symmetry: self.symmetry,
            etc: self.etc,
            follow_up: self.follow_up,
            prefetch: self.prefetch,
            area,
            lo,
            span: (area + 1) / 2 - lo + 1,
            nodes: 0,
            limits,
            every,
            next_report: every,
            next_check: every.min(limits.nodes.saturating_add(1)),
            start: Instant::now(),
            bounds: [lo, (area + 1) / 2],
            column: None,
            stopped: None,
            report,
        }
    }

    /// Runs `main` on this thread while the helper threads search `p` with
    /// the same table, and stops them when it is done: `main`'s answer and
    /// the helpers' nodes.
    fn helped<R>(&self, p: &Position, limits: Limits, main: impl FnOnce() -> R) -> (R, u64) {
        #[cfg(not(target_arch = "wasm32"))]
        if self.threads > 1 {
            use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
            let done = AtomicBool::new(false);
            return std::thread::scope(|scope| {
                let helpers: Vec<_> = (1..self.threads)
                    .map(|k| {
                        let done = &done;
                        scope.spawn(move || {
                            let mut until_done = |_: &Progress| !done.load(Relaxed);
                            let mut s = self.search(p, limits, &mut until_done, k);
                            s.root(p);
                            s.nodes
                        })
                    })
                    .collect();
                let answer = main();
                done.store(true, Relaxed);
                // A helper that panicked (a bug) only lost its nodes.
                let nodes = helpers.into_iter().map(|h| h.join().unwrap_or(0)).sum();
                (answer, nodes)
            });
        }
        let _ = (p, limits);
        (main(), 0)
    }

    /// The score of `p` within `limits`; `report` hears the progress every
    /// 2^20 nodes and stops the solve by answering `false`.
    ///
    /// ```
    /// use ludolab::games::connect4::{Board, Limits, Solver};
    /// let board = Board::new(4, 4).unwrap();
    /// let mut solver = Solver::new(0);
    /// let solved = solver.solve(&board.start(), Limits::default(), &mut |_| true);
    /// assert_eq!(solved.score, Some(0)); // 4 × 4 is a draw
    /// ```
    pub fn solve(&mut self, p: &Position, limits: Limits, report: &mut dyn FnMut(&Progress) -> bool) -> Solved {
        let (mut solved, helpers) = self.helped(p, limits, || {
            let mut s = self.search(p, limits, report, 0);
            let score = s.root(p);
            s.answer(score)
        });
        solved.nodes += helpers;
        solved
    }

    /// Whether `p`'s score is above `threshold`, by one null-window pass of
    /// [`Solver::solve`] (on this thread alone, the table kept): the interval
    /// the answer leaves. Workers that share no table each probe one
    /// threshold ([`plan_probes`]) and the intersection of their intervals is
    /// the score once it is one value.
    ///
    /// # Complexity
    /// One pass of [`Solver::solve`]: most of a solve for the two thresholds
    /// beside the score, little for far ones.
    pub fn probe(
        &mut self,
        p: &Position,
        threshold: i32,
        limits: Limits,
        report: &mut dyn FnMut(&Progress) -> bool,
    ) -> Probed {
        let mut s = self.search(p, limits, report, 0);
        let bounds = s.probe(p, threshold);
        Probed {
            bounds,
            stopped: s.stopped,
            nodes: s.nodes,
            seconds: s.start.elapsed().as_secs_f64(),
        }
    }

    /// Each column's score for the player to move (none for a full column, or
    /// when a limit stopped it), and the solve of the position itself.
    pub fn analyze(
        &mut self,
        p: &Position,
        limits: Limits,
        report: &mut dyn FnMut(&Progress) -> bool,
    ) -> (Solved, Vec<Option<i32>>) {
        let every: Vec<u32> = (0..p.board().width()).collect();
        let columns = self.analyze_columns(p, &every, limits, report);
        (columns.solved(p), columns.scores)
    }

    /// The scores of the columns `which` (from 0) for the player to move, in
    /// that order, within `limits`: a part of [`Solver::analyze`] that another
    /// solver may do beside it (the page's workers), put together by
    /// [`ColumnScores::join`]. Columns not asked for keep no score.
    pub fn analyze_columns(
        &mut self,
        p: &Position,
        which: &[u32],
        limits: Limits,
        report: &mut dyn FnMut(&Progress) -> bool,
    ) -> ColumnScores {
        let (mut columns, helpers) = self.helped(p, limits, || self.analyze_here(p, which, limits, report));
        columns.nodes += helpers;
        columns
    }

    fn analyze_here(
        &self,
        p: &Position,
        which: &[u32],
        limits: Limits,
        report: &mut dyn FnMut(&Progress) -> bool,
    ) -> ColumnScores {
        let mut s = self.search(p, limits, report, 0);
        let width = p.board().width();
        let mut scores = vec![None; width as usize];
        if !p.over() {
            for &c in which.iter().filter(|&&c| c < width) {
                if !p.can_play(c) {
                    continue;
                }
                let score = if p.wins_with(c) {
                    Some((s.area + 1 - p.stones() as i32) / 2)
                } else {
                    let mut child = *p;
                    child.play_column(c);
                    s.bounds = s.full_bounds(&child);
                    s.column = Some(c + 1);
                    s.root(&child).map(|v| -v)
                };
                s.column = None;
                if s.stopped.is_some() {
                    break;
                }
                scores[c as usize] = score;
            }
        }
        ColumnScores {
            scores,
            stopped: s.stopped,
            nodes: s.nodes,
            seconds: s.start.elapsed().as_secs_f64(),
        }
    }

    /// The columns (from 1) reaching `score` from `p`: each checked by one
    /// null-window search, the table warm from the solve.
    pub fn best_columns(&mut self, p: &Position, score: i32, limits: Limits) -> Option<Vec<u32>> {
        let mut quiet = |_: &Progress| true;
        let mut s = self.search(p, limits, &mut quiet, 0);
        let mut best = Vec::new();
        if p.over() {
            return Some(best);
        }
        for c in 0..p.board().width() {
            if !p.can_play(c) {
                continue;
            }
            let reaches = if p.wins_with(c) {
                (s.area + 1 - p.stones() as i32) / 2 >= score
            } else {
                let mut child = *p;
                child.play_column(c);
                // The child scores at most −score: "is it ≤ −score?"
                if child.can_win_next() {
                    (s.area + 1 - child.stones() as i32) / 2 <= -score
                } else if child.non_losing_moves() == 0 {
                    -(s.area - child.stones() as i32) / 2 <= -score
                } else {
                    s.negamax(&child, -score, -score + 1) <= -score
                }
            };
            if s.stopped.is_some() {
                return None;
            }
            if reaches {
                best.push(c + 1);
            }
        }
        Some(best)
    }
}

impl Search<'_> {
    fn answer(&self, score: Option<i32>) -> Solved {
        Solved {
            score,
            exact: score.is_some(),
            bounds: score.map_or(self.bounds, |v| [v, v]),
            stopped: self.stopped,
            nodes: self.nodes,
            seconds: self.start.elapsed().as_secs_f64(),
        }
    }

    /// Every score `p` could have.
    fn full_bounds(&self, p: &Position) -> [i32; 2] {
        let n = p.stones() as i32;
        [-(self.area - n) / 2, (self.area + 1 - n) / 2]
    }

    /// The score of a finished game: lost by the player to move, or drawn.
    fn final_score(&self, p: &Position) -> Option<i32> {
        Some(if p.won() { -p.board().win_score(p.stones()) } else { 0 })
    }

    /// The score of `p` by null-window passes; none if a limit stopped it.
    fn root(&mut self, p: &Position) -> Option<i32> {
        if p.over() {
            return self.final_score(p);
        }
        let n = p.stones() as i32;
        if p.can_win_next() {
            return Some((self.area + 1 - n) / 2);
        }
        let [mut min, mut max] = self.full_bounds(p);
        self.bounds = [min, max];
        while min < max {
            let med = next_threshold(min, max);
            let r = self.negamax(p, med, med + 1);
            if self.stopped.is_some() {
                return None;
            }
            if r <= med {
                max = r;
            } else {
                min = r;
            }
            self.bounds = [min, max];
        }
        Some(min)
    }

    /// One pass of [`Search::root`]: the interval `p`'s score is proven to
    /// lie in by asking whether it is above `threshold` (clamped to the
    /// scores possible); none if a limit stopped it.
    fn probe(&mut self, p: &Position, threshold: i32) -> Option<[i32; 2]> {
        if p.over() {
            return self.final_score(p).map(|v| [v, v]);
        }
        if p.can_win_next() {
            let v = (self.area + 1 - p.stones() as i32) / 2;
            return Some([v, v]);
        }
        let [min, max] = self.full_bounds(p);
        let m = threshold.clamp(min, max - 1);
        self.bounds = [min, max];
        let r = self.negamax(p, m, m + 1);
        if self.stopped.is_some() {
            return None;
        }
        Some(if r <= m { [min, r] } else { [r, max] })
    }

    /// Whether a limit (or the caller) stops the search now.
    #[cold]
    fn check(&mut self) {
        if self.nodes > self.limits.nodes {
            self.stopped = Some(Stop::NodeLimit);
            return;
        }
        self.next_report += self.every;
        self.next_check = self.next_report.min(self.limits.nodes.saturating_add(1));
        let seconds = self.start.elapsed().as_secs_f64();
        // A child's score, negated, is its column's for the player to move above it.
        let bounds = match self.column {
            Some(_) => [-self.bounds[1], -self.bounds[0]],
            None => self.bounds,
        };
        let progress = Progress {
            nodes: self.nodes,
            seconds,
            bounds,
            column: self.column,
        };
        if !(self.report)(&progress) {
            self.stopped = Some(Stop::Cancelled);
        } else if self.limits.seconds.is_some_and(|s| seconds > s) {
            self.stopped = Some(Stop::TimeLimit);
        }
    }

    /// The score of `p` if it lies in (α, β); else a bound on the side it fell.
    /// `p` is not over and its player to move cannot win at once.
    fn negamax(&mut self, p: &Position, alpha: i32, beta: i32) -> i32 {
        let threats = p.threats();
        let follow_up = if self.follow_up {
            p.follow_up_bound_with(threats)
        } else {
            None
        };
        self.node(p, threats, follow_up, alpha, beta)
    }

    /// [`negamax`](Self::negamax), given `p`'s [`threats`](Position::threats)
    /// and its follow-up bound (none when off): the parent computed both
    /// for each child, to order the moves and for its cutoffs, so no child
    /// computes them twice.
    fn node(&mut self, p: &Position, threats: u64, follow_up: Option<i32>, mut alpha: i32, mut beta: i32) -> i32 {
        let first = self.nodes;
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.check();
            if self.stopped.is_some() {
                return alpha;
            }
        }
        let next = p.non_losing_moves_with(threats);
        let n = p.stones() as i32;
        if next == 0 {
            // Every move lets the opponent complete a four with its next stone.
            return -(self.area - n) / 2;
        }
        if n >= self.area - 2 {
            // Two stones left, neither can win: a draw.
            return 0;
        }
        // The opponent cannot win with its next stone.
        let min = -(self.area - 2 - n) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        // We cannot win with this stone, nor at all if the opponent's follow-up holds us.
        let mut max = (self.area - 1 - n) / 2;
        if let Some(bound) = follow_up {
            max = max.min(bound);
        }
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        let symmetric = self.symmetry && n < SYMMETRY_STONES;
        let key = if symmetric { p.symmetric_key() } else { p.key() };
        let code = i32::from(self.table_at(n).get(key));
        if code > self.span {
            let lower = code - self.span + self.lo - 1;
            if alpha < lower {
                alpha = lower;
                if alpha >= beta {
                    return alpha;
                }
            }
        } else if code > 0 {
            let upper = code + self.lo - 1;
            if beta > upper {
                beta = upper;
                if alpha >= beta {
                    return beta;
                }
            }
        }
        let child_symmetric = self.symmetry && n + 1 < SYMMETRY_STONES;
        // Each child's own lookup (and the one below) will find its bucket in the cache.
        if self.prefetch && !child_symmetric {
            let mut rest = next;
            while rest != 0 {
                let cell = rest & rest.wrapping_neg();
                rest &= rest - 1;
                self.table_at(n + 1).prefetch(p.key_after(cell));
            }
        }
        // Each child once, centre first: its threats (the opponent's winning
        // cells after it: how the moves are ordered, and what the child needs
        // for its own moves) and its follow-up bound. A child whose score for
        // the opponent is known to be at most −β ends the search here, before
        // any child is searched: from the opponent's follow-up, or from the
        // table (an enhanced transposition cutoff, at every depth: the
        // children's entries were asked for above).
        let mut children = [(0u64, 0u64, None::<i32>); 8];
        // The children by the threats they create, most first (those right
        // above a playable cell counting more); stable, so the centre-first
        // order breaks ties.
        let mut order = [(0u8, 0u32); 8];
        let mut count = 0;
        for k in 0..self.width {
            let cell = next & self.order_cells[k];
            if cell == 0 {
                continue;
            }
            let mut child = *p;
            child.play(cell);
            let child_threats = child.threats();
            let child_follow_up = if self.follow_up {
                let u = child.follow_up_bound_with(child_threats);
                if let Some(u) = u {
                    if -u >= beta {
                        return -u;
                    }
                }
                u
            } else {
                None
            };
            if self.etc {
                let child_key = if child_symmetric {
                    child.symmetric_key()
                } else {
                    child.key()
                };
                let code = i32::from(self.table_at(n + 1).get(child_key));
                if code > 0 && code <= self.span {
                    // The child's upper bound u: this move scores at least −u.
                    let score = -(code + self.lo - 1);
                    if score >= beta {
                        return score;
                    }
                }
            }
            // The mover's threats, but those right above one of the
            // opponent's (`threats` less the cell just played): the opponent
            // reaches its own first. One right above a cell the opponent could
            // play takes that column from the opponent (a stone there lets the
            // mover win at once): it counts half again. Fewer nodes (7 × 6
            // from the empty board 3.66·10⁸ against 4.94·10⁸ counting every
            // threat alike; 6 × 6 2.25·10⁷ against 2.99·10⁷); a threat one
            // can play next weighted up instead, as c4 does, took more (4.2·10⁷
            // on 6 × 6), and the row's parity, stacked threats or the column
            // that proved a stored bound (kept in the table) under 1% each.
            let useful = child_threats & !((threats & !cell) << 1);
            let score = 2 * useful.count_ones() + (useful & (child.possible() << 1)).count_ones();
            let mut i = count;
            while i > 0 && order[i - 1].1 < score {
                order[i] = order[i - 1];
                i -= 1;
            }
            order[i] = (count as u8, score);
            children[count] = (cell, child_threats, child_follow_up);
            count += 1;
        }
        if self.rotate > 0 && n - self.root_stones < ROTATE_DEPTH && count > 1 {
            order[..count].rotate_left(self.rotate % count);
        }
        // Near the root with several threads: this position is marked as
        // being searched, and a move other than the first into a position
        // another thread is searching waits until the others are done (it
        // will likely be in the table by then).
        let shared = self.busy.filter(|_| n - self.root_stones < SHARE_DEPTH);
        if let Some(busy) = shared {
            busy[busy_slot(key)].fetch_add(1, Relaxed);
        }
        let mut deferred = [0u8; 8];
        let mut waiting = 0;
        let mut outcome = None;
        for (i, &(k, _)) in order[..count].iter().enumerate() {
            let (cell, _, _) = children[usize::from(k)];
            if let Some(busy) = shared.filter(|_| i > 0) {
                let mut child = *p;
                child.play(cell);
                let child_key = if child_symmetric {
                    child.symmetric_key()
                } else {
                    child.key()
                };
                if busy[busy_slot(child_key)].load(Relaxed) > 0 {
                    deferred[waiting] = k;
                    waiting += 1;
                    continue;
                }
            }
            outcome = self.child(p, children[usize::from(k)], &mut alpha, beta, key, first);
            if outcome.is_some() {
                break;
            }
        }
        if outcome.is_none() {
            for &k in &deferred[..waiting] {
                outcome = self.child(p, children[usize::from(k)], &mut alpha, beta, key, first);
                if outcome.is_some() {
                    break;
                }
            }
        }
        if let Some(busy) = shared {
            busy[busy_slot(key)].fetch_sub(1, Relaxed);
        }
        if let Some(score) = outcome {
            return score;
        }
        self.table_at(n)
            .put(key, (alpha - self.lo + 1) as u8, self.nodes - first);
        alpha
    }

    /// The table of the positions of `stones` stones: this thread's own for
    /// the last `PRIVATE_EMPTIES` cells when it has one, else the shared one.
    #[inline]
    fn table_at(&self, stones: i32) -> &Table {
        match self.private {
            Some(own) if stones >= self.private_from => own,
            _ => self.table,
        }
    }

    /// Searches one child of `p` (its cell, threats and follow-up bound) in
    /// the window (α, β), raising `alpha`: the node's answer when the search
    /// ends here (a cutoff, stored under `key`, or a stop), else none.
    #[inline]
    fn child(
        &mut self,
        p: &Position,
        (cell, child_threats, child_follow_up): (u64, u64, Option<i32>),
        alpha: &mut i32,
        beta: i32,
        key: u64,
        first: u64,
    ) -> Option<i32> {
        let mut child = *p;
        child.play(cell);
        let score = -self.node(&child, child_threats, child_follow_up, -beta, -*alpha);
        if self.stopped.is_some() {
            return Some(*alpha);
        }
        if score >= beta {
            self.table_at(p.stones() as i32)
                .put(key, (score - self.lo + 1 + self.span) as u8, self.nodes - first);
            return Some(score);
        }
        if score > *alpha {
            *alpha = score;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::super::position::Board;
    use super::*;

    fn solve(w: u32, h: u32, moves: &str) -> i32 {
        let p = Board::new(w, h).unwrap().play_moves(moves).unwrap();
        Solver::new(0)
            .solve(&p, Limits::default(), &mut |_| true)
            .score
            .unwrap()
    }

    /// Probes run as the page runs them: `workers` solvers that share no
    /// table, each testing the thresholds [`plan_probes`] gives it; the
    /// answers come in the order the probes were started (a worker whose
    /// threshold the others made useless is started afresh, as the page
    /// does). The score, and the probes made.
    fn probed(p: &Position, workers: usize) -> (i32, usize) {
        let mut solvers: Vec<Solver> = (0..workers).map(|_| Solver::new(1 << 17)).collect();
        let mut running: Vec<(usize, i32)> = Vec::new();
        let full = [-(p.board().area() as i32) / 2, (p.board().area() as i32 + 1) / 2];
        let mut bounds = full;
        let mut probes = 0;
        while bounds[0] < bounds[1] {
            running.retain(|&(_, t)| bounds[0] <= t && t < bounds[1]);
            let busy: Vec<i32> = running.iter().map(|&(_, t)| t).collect();
            let idle: Vec<usize> = (0..workers).filter(|w| running.iter().all(|&(r, _)| r != *w)).collect();
            for (w, t) in idle.iter().zip(plan_probes(bounds, &busy, idle.len())) {
                assert!(
                    bounds[0] <= t && t < bounds[1] && !busy.contains(&t),
                    "{t} in {bounds:?}, {busy:?}"
                );
                running.push((*w, t));
            }
            assert!(!running.is_empty(), "nothing to test in {bounds:?}");
            let (w, t) = running.remove(0);
            let got = solvers[w].probe(p, t, Limits::default(), &mut |_| true);
            let [lo, hi] = got.bounds.unwrap();
            assert!(lo <= hi && full[0] <= lo && hi <= full[1]);
            bounds = [bounds[0].max(lo), bounds[1].min(hi)];
            probes += 1;
        }
        (bounds[0], probes)
    }

    /// The thresholds of probes side by side: the serial search's next one
    /// first, then on either side of the score near a draw, never one in
    /// flight, always within the interval.
    #[test]
    fn probes_test_the_serial_threshold_first_then_its_neighbours() {
        assert_eq!(plan_probes([-21, 21], &[], 1), [next_threshold(-21, 21)]);
        assert_eq!(plan_probes([-3, 5], &[], 2), [0, 1]);
        assert_eq!(plan_probes([-3, 5], &[0], 1), [1]);
        assert_eq!(plan_probes([-3, 5], &[0, 1], 1), [-1]);
        assert_eq!(plan_probes([1, 5], &[0], 2).len(), 2);
        assert!(plan_probes([1, 1], &[], 3).is_empty());
        assert!(plan_probes([0, 1], &[0], 3).is_empty());
        for (bounds, running) in [([-21, 21], vec![]), ([-4, 9], vec![2, 7]), ([0, 3], vec![0, 1, 2])] {
            let start = plan_probes(bounds, &running, 8);
            for t in &start {
                assert!(bounds[0] <= *t && *t < bounds[1] && !running.contains(t), "{t}");
            }
            let mut unique = start.clone();
            unique.dedup();
            assert_eq!(unique.len(), start.len());
        }
    }

    /// Probes on one, two and three workers find the score the serial solve
    /// finds, on positions drawn at random (a seeded walk, up to a full board)
    /// and the edges: a game over, a win on the next move.
    #[test]
    fn probes_on_workers_find_the_serial_score() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(89);
        let mut cases: Vec<(u32, u32, String)> = vec![
            (4, 4, String::new()),
            (5, 4, String::new()),
            (4, 4, "1212121".to_string()),
            (4, 4, "121212".to_string()),
        ];
        for _ in 0..12 {
            let (w, h) = (rng.random_range(4..=6), rng.random_range(4..=5));
            let mut p = Board::new(w, h).unwrap().start();
            let mut moves = String::new();
            for _ in 0..rng.random_range(0..(w * h) as usize) {
                let open: Vec<u32> = (0..w).filter(|&c| p.can_play(c)).collect();
                if p.over() || open.is_empty() {
                    break;
                }
                let c = open[rng.random_range(0..open.len())];
                p.play_column(c);
                moves.push(char::from_digit(c + 1, 10).unwrap());
            }
            cases.push((w, h, moves));
        }
        for (w, h, moves) in cases {
            let p = Board::new(w, h).unwrap().play_moves(&moves).unwrap();
            let serial = solve(w, h, &moves);
            for workers in 1..=3 {
                assert_eq!(probed(&p, workers).0, serial, "{w}×{h} {moves:?} on {workers}");
            }
        }
    }

    /// A probe stopped by its node limit proves nothing.
    #[test]
    fn a_probe_stopped_by_a_limit_proves_nothing() {
        let p = Board::new(6, 5).unwrap().start();
        let limits = Limits {
            nodes: 1_000,
            seconds: None,
        };
        let got = Solver::new(0).probe(&p, 0, limits, &mut |_| true);
        assert_eq!((got.bounds, got.stopped), (None, Some(Stop::NodeLimit)));
    }

    /// With two threads, each keeps the positions near the end of the game in
    /// a table of its own; one thread has none.
    #[test]
    fn each_thread_keeps_the_last_cells_positions_to_itself() {
        let mut one = Solver::new(1 << 17);
        one.set_threads(1);
        assert!(one.private.is_empty());
        let mut two = Solver::new(1 << 17);
        two.set_threads(2);
        let board = Board::new(7, 5).unwrap();
        let solved = two.solve(&board.start(), Limits::default(), &mut |_| true);
        assert_eq!(solved.score, Some(0));
        assert_eq!(two.private.len(), 2);
        assert!(two.private.iter().all(|t| t.occupied() > 0));
        // Only positions with at most PRIVATE_EMPTIES empty cells went there.
        let mut report = |_: &Progress| true;
        let deep = two.search(&board.start(), Limits::default(), &mut report, 1);
        assert!(std::ptr::eq(
            deep.table_at(board.area() as i32 - PRIVATE_EMPTIES),
            &two.private[1]
        ));
        assert!(std::ptr::eq(
            deep.table_at(board.area() as i32 - PRIVATE_EMPTIES - 1),
            &two.table
        ));
    }

    /// Two threads solve 6 × 5 right and leave no position marked as being
    /// searched, also when a limit stops them mid-search.
    #[test]
    fn the_marks_of_positions_being_searched_are_all_cleared() {
        let mut s = Solver::new(1 << 16);
        s.set_threads(2);
        let solved = s.solve(&Board::new(6, 5).unwrap().start(), Limits::default(), &mut |_| true);
        assert_eq!(solved.score, Some(0));
        assert!(s.busy.iter().all(|b| b.load(Relaxed) == 0));
        let limits = Limits {
            nodes: 200_000,
            seconds: None,
        };
        let stopped = s.solve(&Board::new(7, 6).unwrap().start(), limits, &mut |_| true);
        assert_eq!(stopped.score, None);
        assert!(s.busy.iter().all(|b| b.load(Relaxed) == 0));
    }

    #[test]
    fn endings_count_moves_and_stones() {
        let b = Board::new(7, 6).unwrap();
        // After 6 stones, player 1 to move completes its four now: move 7, score 18.
        let e = ending(&b, 6, 18).unwrap();
        assert_eq!((e.winner, e.on_move, e.stone), (1, 7, 1));
        // After 7 stones (player 2 to move), −17: player 1 wins on move 9 (⌊(44 − 9)/2⌋ = 17).
        let e = ending(&b, 7, -17).unwrap();
        assert_eq!((e.winner, e.on_move), (1, 9));
        // 6 × 4: −1 from the empty board, the second player with the last stone.
        let b = Board::new(6, 4).unwrap();
        let e = ending(&b, 0, -1).unwrap();
        assert_eq!((e.winner, e.on_move), (2, 24));
        assert_eq!(verdict(&b, 0, 0).en, "a draw");
        assert_eq!(
            verdict(&b, 0, 3).en,
            "player 1 (to move) wins with its 10th stone from now, move 19 of the game"
        );
        assert_eq!(
            verdict(&b, 1, -3).en,
            "player 1 (the opponent) wins on move 19 of the game"
        );
        assert_eq!(ordinal_en(21), "21st");
        assert_eq!(ordinal_en(12), "12th");
    }

    #[test]
    fn finished_and_immediate_games() {
        // A four by player 1 at move 7 on 7 × 6: the player to move lost, −⌊(44 − 7)/2⌋.
        assert_eq!(solve(7, 6, "1212121"), -18);
        // Player 1 completes it with its 4th stone (move 7): 18.
        assert_eq!(solve(7, 6, "121212"), 18);
    }

    #[test]
    fn small_boards_from_empty() {
        // Tromp: 4 × 4, 5 × 4, 4 × 5, 5 × 5 are draws; 6 × 4: the second player
        // wins with the last stone (move 24: −⌊(26 − 24)/2⌋ = −1).
        assert_eq!(solve(4, 4, ""), 0);
        assert_eq!(solve(5, 4, ""), 0);
        assert_eq!(solve(4, 5, ""), 0);
        assert_eq!(solve(6, 4, ""), -1);
    }

    #[test]
    fn the_prefetch_changes_the_time_not_the_search() {
        // The same nodes, the same score, with and without it (7 × 4: 2·10⁶ nodes).
        let p = Board::new(7, 4).unwrap().start();
        let run = |on: bool| {
            let mut solver = Solver::new(0);
            solver.set_prefetch(on);
            let s = solver.solve(&p, Limits::default(), &mut |_| true);
            (s.score, s.nodes)
        };
        assert_eq!(run(true), run(false));
    }

    #[test]
    fn a_node_limit_gives_bounds_not_a_score() {
        let p = Board::new(7, 6).unwrap().start();
        let limits = Limits {
            nodes: 1_000,
            seconds: None,
        };
        let s = Solver::new(0).solve(&p, limits, &mut |_| true);
        assert_eq!((s.score, s.exact, s.stopped), (None, false, Some(Stop::NodeLimit)));
        assert!(s.bounds[0] <= 1 && 1 <= s.bounds[1], "{:?}", s.bounds);
    }

    #[test]
    fn analysis_and_best_columns_agree_with_the_score() {
        let board = Board::new(7, 6).unwrap();
        // An End-Easy position of Pons' set (score 1 for the player to move).
        let p = board.play_moves("7422341735647741166133573473242566").unwrap();
        let mut solver = Solver::new(0);
        let (solved, columns) = solver.analyze(&p, Limits::default(), &mut |_| true);
        assert_eq!(solved.score, Some(1));
        let best = solver.best_columns(&p, 1, Limits::default()).unwrap();
        let from_columns: Vec<u32> = (0..7)
            .filter(|&c| columns[c as usize] == Some(1))
            .map(|c| c + 1)
            .collect();
        assert_eq!(best, from_columns);
        assert!(!best.is_empty());
    }
}
