//! Priority promotion (Benerecetti, Dell'Erba, Mogavero, "Solving parity games
//! via priority promotion", CAV 2016 and FMSD 2018), the modern solver.
//!
//! Why this one: it needs nothing but attractors, like Zielonka's algorithm, so
//! the page can explain both with the same words; on the games practitioners
//! meet it is as fast as tangle learning (van Dijk's comparisons in Oink), and it
//! solves Friedmann's recursive ladders, where Zielonka's algorithm takes
//! exponential time, at once.
//!
//! The game is looked at from the highest priority down. The *region* of a
//! priority `p` is the attractor, for the player `p` favours, of the vertices of
//! priority `p` not yet in a higher region, inside the subgame of the vertices
//! whose region is at most `p`. A region is a quasi-dominion: every play that
//! stays in it is won by its player. Three cases:
//! * the opponent can leave it for a lower region (it is *open*): go down to the
//!   next priority;
//! * it is closed and the opponent cannot leave at all: it is a *dominion*, won
//!   with its attractor in the whole game; remove it and start again from the top;
//! * the opponent can leave it only for higher regions: *promote* it to the
//!   lowest of them (which favours the same player, by maximality), attract
//!   again there and look at that region; the regions below are recomputed.
//!
//! Vertices are first renumbered by priority and the priorities densely
//! (compression, which merges neighbours of one parity, is a
//! [preprocessing step](super::preprocess) before any solver).
//!
//! # Complexity
//! Exponential in the worst case (Benerecetti et al. give the families), O(V·E)
//! memory-free rounds per dominion; near-linear on random games.
//!
//! ```
//! use ludolab::parity::{generate, promotion::promotion, verify};
//! let game = generate::recursive_ladder(20).unwrap();
//! let s = promotion(&game, &mut |_| true).unwrap();
//! assert!(verify::check(&game, &s).is_ok());
//! ```

use super::attractor::Attractors;
use super::game::{Parity, ParityGame};
use super::{Progress, Solution, NO_MOVE, PROGRESS_EVERY};
use crate::toolkit::sort;

/// `game` with its vertices renumbered by increasing priority and its
/// priorities renumbered densely, each distinct priority kept apart with its
/// parity (Oink's renumbering; merging neighbours of one parity is
/// [`preprocess`](super::preprocess)'s compression, a step of its own);
/// `order[i]` is the original vertex of index `i`.
pub(crate) fn sorted(game: &ParityGame) -> (ParityGame, Vec<u32>) {
    let n = game.len();
    let mut order: Vec<u32> = (0..n as u32).collect();
    sort::sort_by_key(&mut order, |&v| (game.priority(v as usize), v));
    let mut rank = vec![0u32; n];
    for (i, &v) in order.iter().enumerate() {
        rank[v as usize] = i as u32;
    }
    let mut priority = Vec::with_capacity(n);
    let mut last: Option<(u32, u32)> = None;
    for &v in &order {
        let p = game.priority(v as usize);
        let q = match last {
            None => p % 2,
            Some((orig, q)) if orig == p => q,
            Some((orig, q)) if orig % 2 == p % 2 => q + 2,
            Some((_, q)) => q + 1,
        };
        last = Some((p, q));
        priority.push(q);
    }
    let mut offsets = Vec::with_capacity(n + 1);
    let mut targets = Vec::with_capacity(game.edge_count());
    offsets.push(0u32);
    for &v in &order {
        targets.extend(game.successors(v as usize).iter().map(|&t| rank[t as usize]));
        offsets.push(targets.len() as u32);
    }
    let owner = order.iter().map(|&v| game.owner(v as usize)).collect();
    match ParityGame::new(priority, owner, offsets, targets) {
        Ok(g) => (g, order),
        Err(e) => unreachable!("a renumbered valid game stays valid: {e}"),
    }
}

struct Promotion<'g> {
    game: &'g ParityGame,
    attr: Attractors,
    enabled: Vec<bool>,
    /// The region of each vertex (its own priority when in none).
    region: Vec<u32>,
    regions: Vec<Vec<u32>>,
    /// The highest index of each priority, once seen.
    top_index: Vec<usize>,
    moves: Vec<u32>,
    winner: Vec<Parity>,
    queue: Vec<u32>,
    solved: usize,
}

enum Status {
    Open,
    Dominion,
    Promote(u32),
}

impl Promotion<'_> {
    fn owner_favoured(&self, v: usize, p: u32) -> bool {
        self.game.owner(v) == Parity::of(p)
    }

    /// Grows region `p` by attraction from the vertices in `queue`.
    fn attract(&mut self, p: u32) {
        let mut at = 0;
        while at < self.queue.len() {
            let cur = self.queue[at];
            at += 1;
            let range = self.attr.predecessor_range(cur as usize);
            self.attr.work += range.len() as u64;
            for k in range {
                let from = self.attr.predecessor(k) as usize;
                if !self.enabled[from] || self.region[from] > p {
                    continue;
                }
                if self.region[from] == p {
                    // A top vertex of the region finds its move.
                    if self.owner_favoured(from, p) && self.moves[from] == NO_MOVE {
                        self.moves[from] = cur;
                    }
                    continue;
                }
                let take = if self.owner_favoured(from, p) {
                    self.moves[from] = cur;
                    true
                } else {
                    let succ = self.game.successors(from);
                    self.attr.work += succ.len() as u64;
                    let (enabled, region) = (&self.enabled, &self.region);
                    let escapes = succ.iter().any(|&t| enabled[t as usize] && region[t as usize] < p);
                    if !escapes {
                        self.moves[from] = NO_MOVE;
                    }
                    !escapes
                };
                if take {
                    self.region[from] = p;
                    self.regions[p as usize].push(from as u32);
                    self.queue.push(from as u32);
                }
            }
        }
        self.queue.clear();
    }

    fn reset(&mut self, p: u32) {
        let members = std::mem::take(&mut self.regions[p as usize]);
        for &v in &members {
            let v = v as usize;
            if self.enabled[v] && self.region[v] == p {
                self.region[v] = self.game.priority(v);
                self.moves[v] = NO_MOVE;
            }
        }
        let mut members = members;
        members.clear();
        self.regions[p as usize] = members;
    }

    /// Builds region `p` afresh from its vertices of priority `p`, from index `i` down.
    fn setup(&mut self, i: usize, p: u32) {
        self.reset(p);
        let mut j = i as isize;
        while j >= 0 && self.game.priority(j as usize) == p {
            let v = j as usize;
            if self.enabled[v] && self.region[v] == p {
                self.regions[p as usize].push(v as u32);
                self.queue.push(v as u32);
                self.moves[v] = NO_MOVE;
            }
            j -= 1;
        }
        self.attract(p);
    }

    fn status(&mut self, i: usize, p: u32) -> Status {
        let mut j = i as isize;
        while j >= 0 && self.game.priority(j as usize) == p {
            let v = j as usize;
            j -= 1;
            if !self.enabled[v] || self.region[v] > p {
                continue;
            }
            if self.owner_favoured(v, p) {
                if self.moves[v] == NO_MOVE {
                    return Status::Open;
                }
            } else {
                let succ = self.game.successors(v);
                self.attr.work += succ.len() as u64;
                if succ
                    .iter()
                    .any(|&t| self.enabled[t as usize] && self.region[t as usize] < p)
                {
                    return Status::Open;
                }
            }
        }
        let mut lowest: Option<u32> = None;
        for &v in &self.regions[p as usize] {
            let v = v as usize;
            if self.owner_favoured(v, p) {
                continue;
            }
            let succ = self.game.successors(v);
            self.attr.work += succ.len() as u64;
            for &t in succ {
                let t = t as usize;
                if self.enabled[t] && self.region[t] > p && lowest.is_none_or(|l| self.region[t] < l) {
                    lowest = Some(self.region[t]);
                }
            }
        }
        lowest.map_or(Status::Dominion, Status::Promote)
    }

    fn promote(&mut self, from: u32, to: u32) {
        let members = std::mem::take(&mut self.regions[from as usize]);
        for &v in &members {
            self.region[v as usize] = to;
            self.queue.push(v);
        }
        self.regions[to as usize].extend_from_slice(&members);
        self.attract(to);
    }

    /// Region `p` is a dominion: it and its attractor in the whole game are won
    /// by the player `p` favours.
    fn dominion(&mut self, p: u32) {
        let player = Parity::of(p);
        let seeds = std::mem::take(&mut self.regions[p as usize]);
        let mut out = Vec::with_capacity(seeds.len());
        self.attr
            .attract(self.game, &self.enabled, player, &seeds, &mut self.moves, &mut out);
        for &v in &out {
            let v = v as usize;
            self.attr.member[v] = false;
            self.enabled[v] = false;
            self.winner[v] = player;
        }
        self.solved += out.len();
    }
}

/// Solves `game` by priority promotion; `None` when `progress` returns false.
///
/// # Complexity
/// See the [module](self).
pub fn promotion(game: &ParityGame, progress: &mut dyn FnMut(Progress) -> bool) -> Option<Solution> {
    let n = game.len();
    let (sorted, order) = sorted(game);
    let top = sorted.max_priority().unwrap_or(0) as usize;
    let mut pp = Promotion {
        game: &sorted,
        attr: Attractors::new(&sorted),
        enabled: vec![true; n],
        region: sorted.priorities().to_vec(),
        regions: vec![Vec::new(); top + 1],
        top_index: vec![0; top + 1],
        moves: vec![NO_MOVE; n],
        winner: vec![Parity::Even; n],
        queue: Vec::new(),
        solved: 0,
    };
    let mut next_report = PROGRESS_EVERY;
    let mut i = n as isize - 1;
    while i >= 0 {
        if pp.attr.work >= next_report {
            next_report = pp.attr.work + PROGRESS_EVERY;
            if !progress(Progress {
                solved: pp.solved,
                work: pp.attr.work,
            }) {
                return None;
            }
        }
        let mut p = sorted.priority(i as usize);
        while i >= 0 && sorted.priority(i as usize) == p && (!pp.enabled[i as usize] || pp.region[i as usize] > p) {
            i -= 1;
        }
        if i < 0 || sorted.priority(i as usize) != p {
            // Nothing of priority p is left outside higher regions.
            pp.reset(p);
            continue;
        }
        pp.top_index[p as usize] = i as usize;
        pp.setup(i as usize, p);
        loop {
            match pp.status(i as usize, p) {
                Status::Open => {
                    while i >= 0 && sorted.priority(i as usize) == p {
                        i -= 1;
                    }
                    break;
                }
                Status::Dominion => {
                    pp.dominion(p);
                    i = n as isize - 1;
                    break;
                }
                Status::Promote(q) => {
                    pp.promote(p, q);
                    p = q;
                    i = pp.top_index[q as usize] as isize;
                }
            }
        }
    }
    debug_assert_eq!(pp.solved, n, "priority promotion leaves no vertex unsolved");
    Some(unsorted(game, &order, &pp.winner, &pp.moves))
}

/// A solution of the game [`sorted`] made (`winner`, `moves` by sorted index)
/// as a solution of `game`.
pub(crate) fn unsorted(game: &ParityGame, order: &[u32], winner: &[Parity], moves: &[u32]) -> Solution {
    let n = order.len();
    let mut solution = Solution {
        winner: vec![Parity::Even; n],
        moves: vec![NO_MOVE; n],
    };
    for (i, &v) in order.iter().enumerate() {
        solution.winner[v as usize] = winner[i];
        if moves[i] != NO_MOVE {
            solution.moves[v as usize] = order[moves[i] as usize];
        }
    }
    solution.tidy(game)
}
