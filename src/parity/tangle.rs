//! Tangle learning (van Dijk, "Attracting Tangles to Solve Parity Games",
//! CAV 2018): the solver with no time-outs on the random games that separate
//! solvers (priorities 0..N, one or two successors each). Oink's `tl.cpp`
//! (Apache-2.0) was studied for its bookkeeping; this code is our own.
//!
//! A *tangle* of player α is a strongly connected set of vertices, with one move
//! fixed at each of α's vertices, whose highest priority favours α: every play
//! that stays in it is won by α, and α's opponent can only leave it by the
//! tangle's *escapes*. Attractors that treat a known tangle as one vertex (it is
//! attracted once all its escapes are) reach further than attractors of
//! vertices alone, and that is the whole idea:
//!
//! 1. Decompose the remaining game from the highest priority down into regions,
//!    as Zielonka's and the promotion algorithms do: a region of priority p is
//!    the attractor, for the player p favours, of the top vertices of p (and of
//!    the next priorities of the same parity), attracting learned tangles too.
//! 2. A region whose top vertices the opponent cannot leave (its α-tops all have
//!    a move inside, its opponent tops no move to a lower region) is *closed*.
//!    In a closed region, the strongly connected components of the moves α
//!    keeps (its strategy) and all of the opponent's moves inside are tangles;
//!    those with no escape at all are dominions.
//! 3. A closed region of the highest priority of its parity is itself a
//!    dominion. Every dominion is attracted in the whole game (tangles too),
//!    its vertices solved, and the decomposition starts again; otherwise the
//!    tangles found are kept and the decomposition repeats with them.
//!
//! Each round learns a tangle or solves a dominion, so the rounds end. The
//! vertices are renumbered by priority (consecutive priorities of one parity
//! merged) as for [`promotion`](super::promotion).
//!
//! # Complexity
//! Each round is O(V + E + the tangles' sizes). The number of rounds is
//! exponential in the worst case (van Dijk gives a family), small on the random
//! and practical games tried in BENCHMARKS.md.
//!
//! ```
//! use ludolab::parity::{generate, tangle::tangle, verify};
//! let game = generate::recursive_ladder(20).unwrap();
//! let s = tangle(&game, &mut |_| true).unwrap();
//! assert!(verify::check(&game, &s).is_ok());
//! ```

use super::attractor::Attractors;
use super::game::{Parity, ParityGame};
use super::promotion::unsorted;
use super::scc::Components;
use super::tangles::{
    holds_a_cycle, marks, owner_bit, Prepared, Scc, Tangles, DELETED, ESCAPE, FOUND, LIVE, ODD, REGION,
};
use super::{Progress, Solution, NO_MOVE, PROGRESS_EVERY};
use crate::toolkit::sort;

/// In the subgame below the regions built so far in this round (one place
/// left of `LIVE`: a round's rest starts as the live vertices).
const REST: u8 = 2;
/// In a region of this round built before the current one, the even player's.
const ABOVE_EVEN: u8 = 64;
/// The same, the odd player's.
const ABOVE_ODD: u8 = 128;
const ABOVE: u8 = ABOVE_EVEN | ABOVE_ODD;

/// The mark of `player`'s regions above.
fn above_bit(player: Parity) -> u8 {
    match player {
        Parity::Even => ABOVE_EVEN,
        Parity::Odd => ABOVE_ODD,
    }
}

/// Where a region of the round began, to build the round again from it.
#[derive(Clone, Copy)]
struct RegionStart {
    /// Its first top.
    start: u32,
    /// Whether no region of each parity came before it.
    highest: [bool; 2],
}

/// The solver's state over the renumbered game.
struct Solver<'g> {
    game: &'g ParityGame,
    attr: Attractors,
    /// Each vertex's marks (`LIVE`, `REST`, `REGION`, `FOUND`, its owner,
    /// `ESCAPE`) in one byte: the attractor reads one cache line per
    /// predecessor instead of five arrays (75 % of the time is there).
    flags: Vec<u8>,
    /// The region being built (and, when a dominion grows, the dominion).
    region_list: Vec<u32>,
    /// Each vertex's region in this round's order (where it is marked `ABOVE`).
    region_of: Vec<u32>,
    /// This round's regions so far, in order.
    regions: Vec<RegionStart>,
    /// The first region a round after one that learned tangles must build
    /// again: the regions before it come out as they did (see [`Solver::round`]).
    restart: usize,
    /// Where the next round starts, when the last one learned tangles and
    /// solved nothing.
    resume: Option<usize>,
    /// Whether rounds start again from `resume` (off when the page records
    /// every region, and in the tests that compare).
    shortcut: bool,
    /// The region's top vertices.
    tops: Vec<u32>,
    /// Dominions found among the tangles of a region.
    found_list: Vec<u32>,
    /// The move of each of the region's player's vertices (`NO_MOVE` if none yet).
    moves: Vec<u32>,
    /// Successors of an opponent vertex still outside the attractor (0: not counted yet).
    left: Vec<u32>,
    left_touched: Vec<u32>,
    tangles: Tangles,
    queue: Vec<u32>,
    winner: Vec<Parity>,
    won_moves: Vec<u32>,
    solved: usize,
    scc: Scc,
    /// The run recorded for the page, when asked for (small games).
    record: Option<Record>,
    /// A round stopped by its progress: the top it was at, which parities
    /// had met no region yet and whether it had learned a tangle, so that
    /// the next round goes on from there with nothing lost.
    stopped: Option<(usize, [bool; 2], bool)>,
}

/// A region as built, before what follows it changes the marks.
struct Snapshot {
    region: Vec<u32>,
    tops: Vec<u32>,
    solved: Vec<u32>,
}

/// The steps recorded so far, in the renumbered game.
struct Record {
    steps: Vec<TangleStep>,
    most: usize,
    round: usize,
    /// The tangles attracted whole into the region being built.
    attracted: Vec<u32>,
    /// The vertices of the last dominion solved.
    dominion: Vec<u32>,
}

/// One region of a tangle-learning run, as the page steps through it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TangleStep {
    /// The round (from 1): each starts again from the top of what is unsolved.
    pub round: usize,
    /// The region's top priority.
    pub priority: u32,
    /// The player it favours, whose region it is.
    pub player: Parity,
    /// The vertices solved before this step.
    pub solved: Vec<u32>,
    /// The region: the attractor of its tops, tangles taken whole.
    pub region: Vec<u32>,
    /// Its top vertices.
    pub tops: Vec<u32>,
    /// The tangles attracted whole into it, each by its vertices.
    pub attracted: Vec<Vec<u32>>,
    /// Whether the opponent cannot leave it downwards (then its tangles are learned).
    pub closed: bool,
    /// The tangles learned in it.
    pub learned: Vec<LearnedTangle>,
    /// The dominion solved at this step (with its attractor in the whole game), if any.
    pub dominion: Vec<u32>,
}

/// A tangle learned, as the page draws it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LearnedTangle {
    /// Its vertices.
    pub vertices: Vec<u32>,
    /// The moves that keep the play inside it, `[from, to]`, at its player's vertices.
    pub moves: Vec<[u32; 2]>,
    /// Where the opponent can leave it.
    pub escapes: Vec<u32>,
}

impl Solver<'_> {
    fn player(&self, p: u32) -> Parity {
        Parity::of(p)
    }

    /// Attracts for `player` from the queue into the region (from the rest of
    /// the round) or, for a `dominion`, into `FOUND` (from every live vertex),
    /// tangles of `player` of priority at most `most` as units.
    fn attract(&mut self, player: Parity, most: u32, dominion: bool) {
        let (target, domain) = if dominion { (FOUND, LIVE) } else { (REGION, REST) };
        let mine = owner_bit(player);
        while let Some(v) = self.queue.pop() {
            let range = self.attr.predecessor_range(v as usize);
            self.attr.work += range.len() as u64;
            for k in range {
                let from = self.attr.predecessor(k) as usize;
                let f = self.flags[from];
                if f & target != 0 {
                    // A top of the region finds its move into the region.
                    if f & ODD == mine && self.moves[from] == NO_MOVE {
                        self.moves[from] = v;
                    }
                    continue;
                }
                if f & domain == 0 {
                    continue;
                }
                if f & ODD != mine {
                    if self.left[from] == 0 {
                        let succ = self.game.successors(from);
                        self.attr.work += succ.len() as u64;
                        // Successors in the regions above (the player's) are not
                        // counted: the opponent may leave to them.
                        let counted = if dominion { LIVE } else { REST | REGION };
                        let flags = &self.flags;
                        self.left[from] = succ.iter().filter(|&&t| flags[t as usize] & counted != 0).count() as u32;
                        self.left_touched.push(from as u32);
                    }
                    self.left[from] -= 1;
                    if self.left[from] > 0 {
                        continue;
                    }
                    self.moves[from] = NO_MOVE;
                } else {
                    self.moves[from] = v;
                }
                self.add(from as u32, dominion);
            }
            if self.flags[v as usize] & ESCAPE != 0 {
                self.attract_tangles(v, player, most, dominion);
            }
        }
    }

    fn is_live(&self, v: usize) -> bool {
        self.flags[v] & LIVE != 0
    }

    /// Puts `v` in the region (leaving the rest) or in the dominion, and queues it.
    fn add(&mut self, v: u32, dominion: bool) {
        let f = &mut self.flags[v as usize];
        if dominion {
            *f |= FOUND;
            self.found_list.push(v);
        } else {
            *f = (*f | REGION) & !REST;
            self.region_list.push(v);
        }
        self.queue.push(v);
    }

    /// The tangles `v` is an escape of: one escape fewer outside; those of
    /// `player` with none left come in whole.
    fn attract_tangles(&mut self, v: u32, player: Parity, most: u32, dominion: bool) {
        // The tangles looked at are work too (on Two Counters, most of it).
        self.attr.work += self.tangles.escape_of[v as usize].len() as u64;
        for i in 0..self.tangles.escape_of[v as usize].len() {
            let t = self.tangles.escape_of[v as usize][i] as usize;
            let p = self.tangles.priority[t];
            if p == DELETED || p > most || Parity::of(p) != player {
                continue;
            }
            if self.tangles.left[t] == 0 {
                self.attr.work += self.tangles.escapes(t).len() as u64;
                // Escapes in the player's regions above were taken there; those
                // in the opponent's keep the tangle out.
                let taken = if dominion { 0 } else { above_bit(player) };
                let flags = &self.flags;
                let count = self
                    .tangles
                    .escapes(t)
                    .iter()
                    .filter(|&&e| flags[e as usize] & (LIVE | taken) == LIVE)
                    .count();
                self.tangles.left[t] = count as u32;
            }
            self.tangles.left[t] = self.tangles.left[t].saturating_sub(1);
            if self.tangles.left[t] > 0 {
                continue;
            }
            // A tangle with a solved vertex is gone for good.
            if self.tangles.members(t).iter().any(|&(u, _)| !self.is_live(u as usize)) {
                self.tangles.priority[t] = DELETED;
                continue;
            }
            if dominion {
                // Inside a dominion it will never be needed again.
                self.tangles.priority[t] = DELETED;
            } else if let Some(record) = &mut self.record {
                record.attracted.push(t as u32);
            }
            let (from, to) = (
                self.tangles.members_at[t] as usize,
                self.tangles.members_at[t + 1] as usize,
            );
            let (target, domain) = if dominion { (FOUND, LIVE) } else { (REGION, REST) };
            for k in from..to {
                let (u, m) = self.tangles.members[k];
                let f = self.flags[u as usize];
                if f & target != 0 || f & domain == 0 {
                    continue;
                }
                self.moves[u as usize] = m;
                self.add(u, dominion);
            }
        }
    }

    /// Forgets the escape counts of a round (or of a dominion's attractor).
    fn reset_counts(&mut self) {
        for &v in &self.left_touched {
            self.left[v as usize] = 0;
        }
        self.left_touched.clear();
        self.tangles.left.iter_mut().for_each(|l| *l = 0);
    }

    /// Attracts the dominion in `found_list` (won by `player`) in the whole
    /// live game and solves it.
    fn solve_dominion(&mut self, player: Parity) {
        self.reset_counts();
        self.queue.extend_from_slice(&self.found_list);
        self.attract(player, DELETED - 1, true);
        let members = std::mem::take(&mut self.found_list);
        for &v in &members {
            let v = v as usize;
            self.flags[v] &= !(FOUND | LIVE | REST);
            self.winner[v] = player;
            self.won_moves[v] = if self.game.owner(v) == player {
                self.moves[v]
            } else {
                NO_MOVE
            };
        }
        self.solved += members.len();
        self.reset_counts();
        if let Some(record) = &mut self.record {
            record.dominion = members;
        }
    }

    /// Records the region just built (`region`, `tops`), the tangles learned
    /// from index `first` on and the dominion solved, if any.
    fn note(&mut self, snapshot: Option<Snapshot>, player: Parity, closed: bool, first: usize) {
        let Some(Snapshot { region, tops, solved }) = snapshot else {
            return;
        };
        let learned = (first..self.tangles.len())
            .map(|t| LearnedTangle {
                vertices: self.tangles.members(t).iter().map(|&(v, _)| v).collect(),
                moves: self
                    .tangles
                    .members(t)
                    .iter()
                    .filter(|&&(_, m)| m != NO_MOVE)
                    .map(|&(v, m)| [v, m])
                    .collect(),
                escapes: self.tangles.escapes(t).to_vec(),
            })
            .collect();
        let Some(record) = &mut self.record else {
            return;
        };
        if record.steps.len() >= record.most {
            return;
        }
        let attracted = record
            .attracted
            .iter()
            .map(|&t| self.tangles.members(t as usize).iter().map(|&(v, _)| v).collect())
            .collect();
        record.steps.push(TangleStep {
            round: record.round,
            priority: 0,
            player,
            solved,
            region,
            tops,
            attracted,
            closed,
            learned,
            dominion: std::mem::take(&mut record.dominion),
        });
    }

    fn clear_region(&mut self) {
        for &v in &self.region_list {
            self.flags[v as usize] &= !REGION;
        }
        self.region_list.clear();
        self.tops.clear();
    }

    /// Closes region `index` of `player`: its vertices are now above.
    fn finish_region(&mut self, player: Parity, index: usize) {
        let above = above_bit(player);
        for &v in &self.region_list {
            let v = v as usize;
            self.flags[v] = (self.flags[v] & !REGION) | above;
            self.region_of[v] = index as u32;
        }
        self.region_list.clear();
        self.tops.clear();
    }

    /// One round: regions from the top down until a dominion is solved (true)
    /// or the bottom is reached (true when a tangle was learned); `None` when
    /// `progress`, asked between regions, says stop (a round of a large game
    /// takes long: the portfolio's slices and Cancel must not wait for its end).
    ///
    /// After a round that learned tangles and solved nothing, the next one
    /// starts at the first region a new tangle can change, the regions above
    /// it kept as they were (on rn 10⁵ seed 3, half of the attractors' work).
    /// A region is the least attractor of its tops in what the regions above
    /// leave, so with those unchanged it changes only if a new tangle comes
    /// in. A new tangle t of player α learned in region j has its escapes in
    /// α's regions above or in j (an opponent's vertex of t with a move into
    /// an opponent's region above would lie in that region), and it comes
    /// into an α-region when its last escape does: so not before the last
    /// α-region holding one of its escapes, or j if one lies in j. The next
    /// round starts at the least of these over the new tangles. No region
    /// before that point was closed (a closed region always learns
    /// something, which would have lowered it), so the rounds learn the same
    /// tangles in the same order, with the same moves, with the shortcut or
    /// without (a unit test compares them). The counts of successors and
    /// escapes left are the only state a region passes on to the next; they
    /// are counted again from the marks (`REST`, `REGION`, `ABOVE_*`) as a
    /// first touch would.
    fn round(&mut self, progress: &mut dyn FnMut(Progress) -> bool, next_report: &mut u64) -> Option<bool> {
        let n = self.game.len();
        // A stopped round goes on where it was: nothing changed since (the
        // portfolio's other run keeps its own state).
        let (mut top, mut highest, mut learned) = if let Some((start, highest, learned)) = self.stopped.take() {
            (Some(start), highest, learned)
        } else {
            let (top, highest) = self.start_round();
            (top, highest, false)
        };
        while let Some(start) = top {
            if self.attr.work >= *next_report {
                *next_report = self.attr.work + PROGRESS_EVERY;
                if !progress(Progress {
                    solved: self.solved,
                    work: self.attr.work,
                }) {
                    self.stopped = Some((start, highest, learned));
                    return None;
                }
            }
            let p = self.game.priority(start);
            let player = self.player(p);
            if let Some(record) = &mut self.record {
                record.attracted.clear();
            }
            let index = self.regions.len();
            self.regions.push(RegionStart {
                start: start as u32,
                highest,
            });
            // The tops: every vertex left of this priority's parity down to the
            // next priority of the other parity, each with its attractor.
            let mut i = start as isize;
            while i >= 0 {
                let v = i as usize;
                if self.flags[v] & REST != 0 {
                    if Parity::of(self.game.priority(v)) != player {
                        break;
                    }
                    self.tops.push(v as u32);
                    self.moves[v] = NO_MOVE;
                    self.add(v as u32, false);
                    self.attract(player, p, false);
                }
                i -= 1;
            }
            top = (0..(i.max(-1) + 1) as usize).rev().find(|&v| self.flags[v] & REST != 0);
            let closed = top.is_none() || self.closed(player);
            let snapshot = self.record.is_some().then(|| Snapshot {
                region: self.region_list.clone(),
                tops: self.tops.clone(),
                solved: (0..n as u32).filter(|&v| !self.is_live(v as usize)).collect(),
            });
            let first = self.tangles.len();
            if closed {
                if highest[player.index()] {
                    self.found_list = std::mem::take(&mut self.region_list);
                    for &v in &self.found_list {
                        self.flags[v as usize] = (self.flags[v as usize] & !REGION) | FOUND;
                    }
                    self.tops.clear();
                    self.solve_dominion(player);
                    self.note(snapshot, player, closed, first);
                    return Some(true);
                }
                if self.learn(p, player, index) {
                    learned = true;
                }
                if !self.found_list.is_empty() {
                    self.clear_region();
                    self.solve_dominion(player);
                    self.note(snapshot, player, closed, first);
                    return Some(true);
                }
            }
            self.note(snapshot, player, closed, first);
            self.finish_region(player, index);
            highest[player.index()] = false;
        }
        if learned && self.restart < self.regions.len() {
            self.resume = Some(self.restart);
        }
        Some(learned)
    }

    /// A new round's start: the rest made ready (every live vertex, or what
    /// the regions kept from the last round leave) and its first top, with
    /// whether no region of each parity has been met yet.
    fn start_round(&mut self) -> (Option<usize>, [bool; 2]) {
        // A round ends with no region, dominion or queue left (a stopped one
        // is resumed, not started again).
        debug_assert!(self.region_list.is_empty() && self.found_list.is_empty() && self.queue.is_empty());
        self.reset_counts();
        let n = self.game.len();
        // A round reads every vertex at least once: counted as work, so that the
        // progress and the portfolio's budgets follow the time rounds take.
        self.attr.work += n as u64;
        self.restart = usize::MAX;
        // Whether no region of each parity has been met yet: a closed one is then a dominion.
        let mut highest = [true, true];
        let top;
        if let Some(first) = self.resume.take().filter(|_| self.shortcut) {
            // The regions from `first` on go back to the rest.
            for v in 0..n {
                let f = self.flags[v];
                if f & ABOVE != 0 && self.region_of[v] as usize >= first {
                    self.flags[v] = (f & !ABOVE) | REST;
                }
            }
            let again = self.regions[first];
            self.regions.truncate(first);
            highest = again.highest;
            top = Some(again.start as usize);
        } else {
            // The rest is every live vertex.
            for f in &mut self.flags {
                *f = (*f & !(REST | ABOVE)) | ((*f & LIVE) << 1);
            }
            self.regions.clear();
            top = (0..n).rev().find(|&v| self.flags[v] & REST != 0);
        }
        if let Some(record) = &mut self.record {
            record.round += 1;
        }
        (top, highest)
    }

    /// Whether the region's tops keep the opponent in: each of the player's tops
    /// has a move inside, no opponent top has a move to the rest below.
    fn closed(&mut self, player: Parity) -> bool {
        for &v in &self.tops {
            let v = v as usize;
            if self.game.owner(v) == player {
                if self.moves[v] == NO_MOVE {
                    return false;
                }
            } else {
                let succ = self.game.successors(v);
                self.attr.work += succ.len() as u64;
                if succ.iter().any(|&t| self.flags[t as usize] & REST != 0) {
                    return false;
                }
            }
        }
        true
    }

    /// The tangles of a closed region: the strongly connected components of
    /// the player's moves and the opponent's edges inside, reached from the
    /// tops. Those without escape go to `found_list` (dominions); the others
    /// are learned. Whether any was learned or found.
    fn learn(&mut self, p: u32, player: Parity, index: usize) -> bool {
        let mut any = false;
        let tops = std::mem::take(&mut self.tops);
        self.scc.reset_marks();
        let mut components = Components::default();
        for &start in &tops {
            components.clear();
            self.scc
                .run_in_region(self.game, start, player, &self.flags, &self.moves, &mut components);
            for component in components.iter() {
                any |= self.keep(component, p, player, index);
            }
        }
        self.tops = tops;
        any
    }

    /// A component is a tangle when it holds a cycle (two vertices or more, or
    /// a loop); with no escape it is a dominion. Found in region `index`.
    fn keep(&mut self, component: &[u32], p: u32, player: Parity, index: usize) -> bool {
        if !holds_a_cycle(self.game, component, player, &self.moves) {
            return false;
        }
        let escapes = self.scc.open_escapes(self.game, component, player, &self.flags);
        if escapes.is_empty() {
            for &v in component {
                if self.flags[v as usize] & FOUND == 0 {
                    self.flags[v as usize] |= FOUND;
                    self.found_list.push(v);
                }
            }
            return true;
        }
        // The first region the tangle can come into: it comes in with its last
        // escape, so the last region of its player holding one if all lie in
        // those (an opponent's vertex of the tangle with a move into an
        // opponent's region above would be in that region), else its own.
        let above = above_bit(player);
        let mut first = 0;
        for &e in &escapes {
            let e = e as usize;
            self.flags[e] |= ESCAPE;
            first = if self.flags[e] & above != 0 {
                first.max(self.region_of[e] as usize)
            } else {
                index
            };
        }
        self.restart = self.restart.min(first.min(index));
        self.tangles
            .push(self.game, component, &escapes, p, player, &self.moves);
        true
    }
}

/// Solves `game` by tangle learning; `None` when `progress` returns false.
///
/// # Complexity
/// See the [module](self).
pub fn tangle(game: &ParityGame, progress: &mut dyn FnMut(Progress) -> bool) -> Option<Solution> {
    run(game, &Prepared::new(game), progress, None).map(|(s, _)| s)
}

/// A tangle-learning run that stops when its progress says so and goes on
/// later from where it was, keeping every tangle and dominion it found (the
/// portfolio's turns; a round stopped halfway goes on where it was).
pub(crate) struct TangleRun<'p> {
    solver: Solver<'p>,
    next_report: u64,
}

impl<'p> TangleRun<'p> {
    pub(crate) fn new(prepared: &'p Prepared) -> TangleRun<'p> {
        TangleRun {
            solver: Solver::new(prepared, None),
            next_report: PROGRESS_EVERY,
        }
    }

    /// Goes on until the game is solved (`Some`) or `progress` says stop (`None`).
    pub(crate) fn resume(&mut self, progress: &mut dyn FnMut(Progress) -> bool) -> Option<()> {
        let n = self.solver.game.len();
        while self.solver.solved < n {
            if !self.solver.round(progress, &mut self.next_report)? {
                // Every round learns a tangle or solves a dominion (van Dijk, Lemma 5):
                // a round that does neither would loop for ever.
                debug_assert!(false, "a tangle-learning round found nothing");
                return None;
            }
        }
        Some(())
    }

    /// The solution found, in `game`'s numbering.
    pub(crate) fn solution(&self, game: &ParityGame, prepared: &Prepared) -> Solution {
        unsorted(game, &prepared.order, &self.solver.winner, &self.solver.won_moves)
    }

    /// The work done so far (edges looked at).
    #[cfg(test)]
    pub(crate) fn work(&self) -> u64 {
        self.solver.attr.work
    }
}

/// Solves `game` and records its first `max_steps` regions (the page's walk
/// through the run, on the small games it draws), in the game's own numbering.
///
/// ```
/// use ludolab::parity::{generate, tangle::tangle_steps, verify};
/// let game = generate::ladder(3).unwrap();
/// let (s, steps) = tangle_steps(&game, 100);
/// assert!(verify::check(&game, &s).is_ok());
/// // The first region is the top priority's, a dominion at once.
/// assert_eq!(steps[0].round, 1);
/// assert!(!steps[0].dominion.is_empty());
/// ```
pub fn tangle_steps(game: &ParityGame, max_steps: usize) -> (Solution, Vec<TangleStep>) {
    match run(game, &Prepared::new(game), &mut |_| true, Some(max_steps)) {
        Some(found) => found,
        None => unreachable!("a run whose progress never says stop is never cancelled"),
    }
}

impl<'p> Solver<'p> {
    /// A solver at the start of a run on `prepared`, recording its first
    /// `max_steps` regions if asked.
    fn new(prepared: &'p Prepared, max_steps: Option<usize>) -> Solver<'p> {
        let n = prepared.game.len();
        Solver {
            game: &prepared.game,
            attr: Attractors::with_predecessors(n, prepared.pred_offsets.clone(), prepared.preds.clone()),
            flags: marks(&prepared.game),
            region_list: Vec::new(),
            region_of: vec![0; n],
            regions: Vec::new(),
            restart: usize::MAX,
            resume: None,
            shortcut: max_steps.is_none(),
            tops: Vec::new(),
            found_list: Vec::new(),
            moves: vec![NO_MOVE; n],
            left: vec![0; n],
            left_touched: Vec::new(),
            tangles: Tangles::new(n),
            queue: Vec::new(),
            winner: vec![Parity::Even; n],
            won_moves: vec![NO_MOVE; n],
            solved: 0,
            scc: Scc::new(n),
            record: max_steps.map(|most| Record {
                steps: Vec::new(),
                most,
                round: 0,
                attracted: Vec::new(),
                dominion: Vec::new(),
            }),
            stopped: None,
        }
    }
}

fn run(
    game: &ParityGame,
    prepared: &Prepared,
    progress: &mut dyn FnMut(Progress) -> bool,
    max_steps: Option<usize>,
) -> Option<(Solution, Vec<TangleStep>)> {
    let n = game.len();
    let order = &prepared.order;
    let mut s = Solver::new(prepared, max_steps);
    let mut next_report = PROGRESS_EVERY;
    while s.solved < n {
        if !s.round(progress, &mut next_report)? {
            // Every round learns a tangle or solves a dominion (van Dijk, Lemma 5):
            // a round that does neither would loop for ever.
            debug_assert!(false, "a tangle-learning round found nothing");
            return None;
        }
    }
    let mut steps = s.record.map(|r| r.steps).unwrap_or_default();
    // Back to the game's numbering and priorities.
    let back = |vs: &mut Vec<u32>| vs.iter_mut().for_each(|v| *v = order[*v as usize]);
    for step in &mut steps {
        for vs in [&mut step.solved, &mut step.region, &mut step.tops, &mut step.dominion] {
            back(vs);
        }
        step.attracted.iter_mut().for_each(back);
        for t in &mut step.learned {
            back(&mut t.vertices);
            back(&mut t.escapes);
            t.moves.iter_mut().for_each(|m| *m = m.map(|v| order[v as usize]));
        }
        sort::sort(&mut step.solved);
        step.priority = step.tops.iter().map(|&v| game.priority(v as usize)).max().unwrap_or(0);
    }
    Some((unsorted(game, order, &s.winner, &s.won_moves), steps))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parity::{generate, hard, verify};

    /// Every tangle learned, in order: its priority and members with their moves.
    type Learned = Vec<(u32, Vec<(u32, u32)>)>;

    /// Solves `game` with the rounds' shortcut on or off: the solution, the
    /// tangles learned and the work.
    fn solve(game: &ParityGame, shortcut: bool) -> (Solution, Learned, u64) {
        let prepared = Prepared::new(game);
        let mut s = Solver::new(&prepared, None);
        s.shortcut = shortcut;
        let mut next = u64::MAX;
        while s.solved < game.len() {
            assert_eq!(s.round(&mut |_| true, &mut next), Some(true), "a round found nothing");
        }
        let tangles = (0..s.tangles.len())
            .map(|t| {
                let p = prepared.game.priority(s.tangles.members(t)[0].0 as usize);
                (p, s.tangles.members(t).to_vec())
            })
            .collect();
        let solution = unsorted(game, &prepared.order, &s.winner, &s.won_moves);
        (solution, tangles, s.attr.work)
    }

    #[test]
    fn rounds_started_again_below_the_unchanged_regions_learn_the_same_tangles() {
        let mut games = Vec::new();
        for seed in 0..300 {
            // The family that separates solvers (priorities 0..N, 1–2 successors),
            // small enough for many rounds of few regions, and denser ones.
            let n = 20 + seed % 180;
            games.push(generate::random(n, n, 1, 2, true, seed).unwrap());
            games.push(generate::random(n, 8, 1, 4, seed % 2 == 0, seed).unwrap());
        }
        games.push(hard::two_counters(3).unwrap());
        games.push(hard::counter_dp(30).unwrap());
        // Large enough for rounds of many regions (the work compared below).
        let small = games.len();
        for seed in 6..=8 {
            games.push(generate::random(5000, 5000, 1, 2, true, seed).unwrap());
        }
        let (mut with, mut without) = (0, 0);
        for (k, game) in games.iter().enumerate() {
            let (a, tangles_a, work_a) = solve(game, true);
            let (b, tangles_b, work_b) = solve(game, false);
            assert!(verify::check(game, &a).is_ok(), "game {k}");
            assert_eq!(a.winner, b.winner, "game {k}");
            assert_eq!(a.moves, b.moves, "game {k}");
            assert_eq!(tangles_a, tangles_b, "game {k}");
            if k >= small {
                (with, without) = (with + work_a, without + work_b);
            }
        }
        // And the shortcut does cut work where rounds have many regions.
        // (Rounds here have tens of regions, so about 0.85: 0.5 on 10⁵ vertices.)
        assert!(with * 10 < without * 9, "{with} against {without}");
    }
}
