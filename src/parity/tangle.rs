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
use super::promotion::{sorted, unsorted};
use super::{Progress, Solution, NO_MOVE, PROGRESS_EVERY};

/// "No tangle priority": a tangle deleted (one of its vertices was solved, or
/// it was attracted into a dominion).
const DELETED: u32 = u32::MAX;

/// The learned tangles, kept apart from the vertices they hold.
#[derive(Default)]
struct Tangles {
    /// Its (compressed) priority, or [`DELETED`].
    priority: Vec<u32>,
    /// Its vertices with their moves, `(vertex, move or NO_MOVE)`, end to end.
    members: Vec<(u32, u32)>,
    members_at: Vec<u32>,
    /// Its escapes (the opponent's ways out), end to end.
    escapes: Vec<u32>,
    escapes_at: Vec<u32>,
    /// Escapes still outside the attractor being built (0: not counted yet this round).
    left: Vec<u32>,
    /// For each vertex, the tangles it is an escape of.
    escape_of: Vec<Vec<u32>>,
}

impl Tangles {
    fn members(&self, t: usize) -> &[(u32, u32)] {
        &self.members[self.members_at[t] as usize..self.members_at[t + 1] as usize]
    }

    fn escapes(&self, t: usize) -> &[u32] {
        &self.escapes[self.escapes_at[t] as usize..self.escapes_at[t + 1] as usize]
    }

    fn len(&self) -> usize {
        self.priority.len()
    }
}

/// The solver's state over the renumbered game.
struct Solver<'g> {
    game: &'g ParityGame,
    attr: Attractors,
    /// Not solved yet.
    live: Vec<bool>,
    /// The subgame below the regions built so far in this round.
    rest: Vec<bool>,
    /// The region being built (and, when a dominion grows, the dominion).
    region: Vec<bool>,
    region_list: Vec<u32>,
    /// The region's top vertices.
    tops: Vec<u32>,
    /// Dominions found among the tangles of a region.
    found: Vec<bool>,
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
}

impl Solver<'_> {
    fn player(&self, p: u32) -> Parity {
        Parity::of(p)
    }

    /// Attracts for `player` into `set` (marks `in_set`) from the queue, inside
    /// `within` (the rest of the round, or every live vertex for a dominion),
    /// tangles of `player` of priority at most `most` as units.
    fn attract(&mut self, player: Parity, most: u32, dominion: bool) {
        while let Some(v) = self.queue.pop() {
            if !dominion {
                self.rest[v as usize] = false;
            }
            let range = self.attr.predecessor_range(v as usize);
            self.attr.work += range.len() as u64;
            for k in range {
                let from = self.attr.predecessor(k) as usize;
                let inside = if dominion { self.live[from] } else { self.rest[from] };
                if self.in_set(from, dominion) {
                    // A top of the region finds its move into the region.
                    if self.game.owner(from) == player && self.moves[from] == NO_MOVE {
                        self.moves[from] = v;
                    }
                    continue;
                }
                if !inside {
                    continue;
                }
                if self.game.owner(from) != player {
                    if self.left[from] == 0 {
                        let succ = self.game.successors(from);
                        self.attr.work += succ.len() as u64;
                        self.left[from] = succ.iter().filter(|&&t| self.live[t as usize]).count() as u32;
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
            self.attract_tangles(v, player, most, dominion);
        }
    }

    fn in_set(&self, v: usize, dominion: bool) -> bool {
        if dominion {
            self.found[v]
        } else {
            self.region[v]
        }
    }

    fn add(&mut self, v: u32, dominion: bool) {
        if dominion {
            self.found[v as usize] = true;
            self.found_list.push(v);
        } else {
            self.region[v as usize] = true;
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
                let count = self
                    .tangles
                    .escapes(t)
                    .iter()
                    .filter(|&&e| self.live[e as usize])
                    .count();
                self.tangles.left[t] = count as u32;
            }
            self.tangles.left[t] = self.tangles.left[t].saturating_sub(1);
            if self.tangles.left[t] > 0 {
                continue;
            }
            // A tangle with a solved vertex is gone for good.
            if self.tangles.members(t).iter().any(|&(u, _)| !self.live[u as usize]) {
                self.tangles.priority[t] = DELETED;
                continue;
            }
            if dominion {
                // Inside a dominion it will never be needed again.
                self.tangles.priority[t] = DELETED;
            }
            let (from, to) = (
                self.tangles.members_at[t] as usize,
                self.tangles.members_at[t + 1] as usize,
            );
            for k in from..to {
                let (u, m) = self.tangles.members[k];
                let inside = if dominion {
                    self.live[u as usize]
                } else {
                    self.rest[u as usize]
                };
                if self.in_set(u as usize, dominion) || !inside {
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
            self.found[v] = false;
            self.live[v] = false;
            self.winner[v] = player;
            self.won_moves[v] = if self.game.owner(v) == player {
                self.moves[v]
            } else {
                NO_MOVE
            };
        }
        self.solved += members.len();
        self.reset_counts();
    }

    fn clear_region(&mut self) {
        for &v in &self.region_list {
            self.region[v as usize] = false;
        }
        self.region_list.clear();
        self.tops.clear();
    }

    /// One round: regions from the top down until a dominion is solved (true)
    /// or the bottom is reached (true when a tangle was learned).
    fn round(&mut self) -> bool {
        self.reset_counts();
        let n = self.game.len();
        // A round reads every vertex at least once: counted as work, so that the
        // progress and the portfolio's budgets follow the time rounds take.
        self.attr.work += n as u64;
        self.rest.copy_from_slice(&self.live);
        let mut learned = false;
        // Whether no region of each parity has been met yet: a closed one is then a dominion.
        let mut highest = [true, true];
        let mut top = (0..n).rev().find(|&v| self.rest[v]);
        while let Some(start) = top {
            let p = self.game.priority(start);
            let player = self.player(p);
            // The tops: every vertex left of this priority's parity down to the
            // next priority of the other parity, each with its attractor.
            let mut i = start as isize;
            while i >= 0 {
                let v = i as usize;
                if self.rest[v] {
                    if Parity::of(self.game.priority(v)) != player {
                        break;
                    }
                    self.tops.push(v as u32);
                    self.region[v] = true;
                    self.region_list.push(v as u32);
                    self.moves[v] = NO_MOVE;
                    self.queue.push(v as u32);
                    self.attract(player, p, false);
                }
                i -= 1;
            }
            top = (0..(i.max(-1) + 1) as usize).rev().find(|&v| self.rest[v]);
            let closed = top.is_none() || self.closed(player);
            if closed {
                if highest[player.index()] {
                    self.found_list = std::mem::take(&mut self.region_list);
                    for &v in &self.found_list {
                        self.region[v as usize] = false;
                        self.found[v as usize] = true;
                    }
                    self.tops.clear();
                    self.solve_dominion(player);
                    return true;
                }
                if self.learn(p, player) {
                    learned = true;
                }
                if !self.found_list.is_empty() {
                    self.clear_region();
                    self.solve_dominion(player);
                    return true;
                }
            }
            self.clear_region();
            highest[player.index()] = false;
        }
        learned
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
                if succ.iter().any(|&t| self.rest[t as usize]) {
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
    fn learn(&mut self, p: u32, player: Parity) -> bool {
        let mut any = false;
        let tops = std::mem::take(&mut self.tops);
        self.scc.reset_marks(&self.region_list);
        for &start in &tops {
            let mut components = Vec::new();
            self.scc
                .run(self.game, start, player, &self.region, &self.moves, &mut components);
            for component in components {
                any |= self.keep(component, p, player);
            }
        }
        self.tops = tops;
        any
    }

    /// A component is a tangle when it holds a cycle (two vertices or more, or
    /// a loop); with no escape it is a dominion.
    fn keep(&mut self, component: Vec<u32>, p: u32, player: Parity) -> bool {
        if let [v] = component[..] {
            let v = v as usize;
            let looped = if self.game.owner(v) == player {
                self.moves[v] == v as u32
            } else {
                self.game.has_edge(v, v as u32)
            };
            if !looped {
                return false;
            }
        }
        let mut escapes: Vec<u32> = Vec::new();
        for &v in &component {
            self.scc.inside[v as usize] = true;
        }
        for &v in &component {
            let v = v as usize;
            if self.game.owner(v) == player {
                continue;
            }
            for &t in self.game.successors(v) {
                let t = t as usize;
                if self.live[t] && !self.found[t] && !self.scc.inside[t] && !self.scc.escape[t] {
                    self.scc.escape[t] = true;
                    escapes.push(t as u32);
                }
            }
        }
        for &v in &component {
            self.scc.inside[v as usize] = false;
        }
        for &t in &escapes {
            self.scc.escape[t as usize] = false;
        }
        if escapes.is_empty() {
            for &v in &component {
                if !self.found[v as usize] {
                    self.found[v as usize] = true;
                    self.found_list.push(v);
                }
            }
            return true;
        }
        let t = self.tangles.len() as u32;
        for &e in &escapes {
            self.tangles.escape_of[e as usize].push(t);
        }
        self.tangles.priority.push(p);
        self.tangles.left.push(0);
        for &v in &component {
            let m = if self.game.owner(v as usize) == player {
                self.moves[v as usize]
            } else {
                NO_MOVE
            };
            self.tangles.members.push((v, m));
        }
        self.tangles.members_at.push(self.tangles.members.len() as u32);
        self.tangles.escapes.extend_from_slice(&escapes);
        self.tangles.escapes_at.push(self.tangles.escapes.len() as u32);
        true
    }
}

/// Tarjan's strongly connected components, iterative, over the subgraph of a
/// region: the player's vertices follow their one move, the opponent's every
/// edge inside the region.
struct Scc {
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    calls: Vec<(u32, u32)>,
    next: u32,
    /// Scratch marks for a component's members and escapes.
    inside: Vec<bool>,
    escape: Vec<bool>,
}

impl Scc {
    fn new(n: usize) -> Scc {
        Scc {
            index: vec![0; n],
            low: vec![0; n],
            on_stack: vec![false; n],
            stack: Vec::new(),
            calls: Vec::new(),
            next: 1,
            inside: vec![false; n],
            escape: vec![false; n],
        }
    }

    /// Unvisits the region's vertices (index 0 means not visited).
    fn reset_marks(&mut self, region: &[u32]) {
        for &v in region {
            self.index[v as usize] = 0;
        }
        self.next = 1;
    }

    /// The `k`-th edge of `v` in the restricted graph, if any.
    fn edge(game: &ParityGame, v: usize, k: u32, player: Parity, region: &[bool], moves: &[u32]) -> Option<(u32, u32)> {
        if game.owner(v) == player {
            return (k == 0 && moves[v] != NO_MOVE && region[moves[v] as usize]).then_some((moves[v], 1));
        }
        let succ = game.successors(v);
        let mut k = k as usize;
        while k < succ.len() {
            if region[succ[k] as usize] {
                return Some((succ[k], k as u32 + 1));
            }
            k += 1;
        }
        None
    }

    /// The components reachable from `start` not found before, each as its vertices.
    fn run(
        &mut self,
        game: &ParityGame,
        start: u32,
        player: Parity,
        region: &[bool],
        moves: &[u32],
        out: &mut Vec<Vec<u32>>,
    ) {
        if self.index[start as usize] != 0 {
            return;
        }
        self.visit(start);
        self.calls.push((start, 0));
        while let Some(&(v, k)) = self.calls.last() {
            let vu = v as usize;
            if let Some((w, next)) = Scc::edge(game, vu, k, player, region, moves) {
                self.calls.last_mut().expect("a call is on the stack").1 = next;
                let wu = w as usize;
                if self.index[wu] == 0 {
                    self.visit(w);
                    self.calls.push((w, 0));
                } else if self.on_stack[wu] {
                    self.low[vu] = self.low[vu].min(self.index[wu]);
                }
            } else {
                self.calls.pop();
                if let Some(&(parent, _)) = self.calls.last() {
                    let pu = parent as usize;
                    self.low[pu] = self.low[pu].min(self.low[vu]);
                }
                if self.low[vu] == self.index[vu] {
                    let mut component = Vec::new();
                    while let Some(w) = self.stack.pop() {
                        self.on_stack[w as usize] = false;
                        component.push(w);
                        if w == v {
                            break;
                        }
                    }
                    out.push(component);
                }
            }
        }
    }

    fn visit(&mut self, v: u32) {
        let vu = v as usize;
        self.index[vu] = self.next;
        self.low[vu] = self.next;
        self.next += 1;
        self.on_stack[vu] = true;
        self.stack.push(v);
    }
}

/// Solves `game` by tangle learning; `None` when `progress` returns false.
///
/// # Complexity
/// See the [module](self).
pub fn tangle(game: &ParityGame, progress: &mut dyn FnMut(Progress) -> bool) -> Option<Solution> {
    let n = game.len();
    let (sorted, order) = sorted(game);
    let mut s = Solver {
        game: &sorted,
        attr: Attractors::new(&sorted),
        live: vec![true; n],
        rest: vec![false; n],
        region: vec![false; n],
        region_list: Vec::new(),
        tops: Vec::new(),
        found: vec![false; n],
        found_list: Vec::new(),
        moves: vec![NO_MOVE; n],
        left: vec![0; n],
        left_touched: Vec::new(),
        tangles: Tangles {
            members_at: vec![0],
            escapes_at: vec![0],
            escape_of: vec![Vec::new(); n],
            ..Tangles::default()
        },
        queue: Vec::new(),
        winner: vec![Parity::Even; n],
        won_moves: vec![NO_MOVE; n],
        solved: 0,
        scc: Scc::new(n),
    };
    let mut next_report = PROGRESS_EVERY;
    while s.solved < n {
        if s.attr.work >= next_report {
            next_report = s.attr.work + PROGRESS_EVERY;
            if !progress(Progress {
                solved: s.solved,
                work: s.attr.work,
            }) {
                return None;
            }
        }
        if !s.round() {
            // Every round learns a tangle or solves a dominion (van Dijk, Lemma 5):
            // a round that does neither would loop for ever.
            debug_assert!(false, "a tangle-learning round found nothing");
            return None;
        }
    }
    Some(unsorted(game, &order, &s.winner, &s.won_moves))
}
