//! Attractors inside a subgame: the arena's backward algorithm
//! (`games::attractor`, which a parity bundle does not carry) with two changes a parity solver needs: only
//! the vertices marked active count (the subgame), and the target is any set,
//! not the terminals.
//!
//! `Attr_J(T)` in a subgame `G`: the least set containing `T`, every vertex of
//! `J` in `G` with a successor in it, and every vertex of the opponent in `G`
//! whose successors in `G` all lie in it. From `Attr_J(T)`, J forces a visit to
//! `T` by moving to the successor that attracted each of its vertices.

use super::game::{Parity, ParityGame};

/// The predecessor lists and scratch memory shared by every attractor of one solve.
pub struct Attractors {
    pred_offsets: Vec<u32>,
    preds: Vec<u32>,
    /// Successors still outside the attractor, per opponent vertex met in this
    /// attractor (valid where `stamp` holds the current round).
    left: Vec<u32>,
    stamp: Vec<u32>,
    round: u32,
    /// Marks the vertices of the attractor being built (cleared by the caller).
    pub member: Vec<bool>,
    /// Edges looked at, for progress.
    pub work: u64,
}

impl Attractors {
    /// Scratch memory for `game`.
    ///
    /// # Complexity
    /// O(V + E).
    pub fn new(game: &ParityGame) -> Attractors {
        let (pred_offsets, preds) = game.predecessors();
        Attractors::with_predecessors(game.len(), pred_offsets, preds)
    }

    /// Scratch memory for a game of `n` vertices whose predecessor lists
    /// ([`ParityGame::predecessors`]) are already known.
    pub fn with_predecessors(n: usize, pred_offsets: Vec<u32>, preds: Vec<u32>) -> Attractors {
        Attractors {
            pred_offsets,
            preds,
            left: vec![0; n],
            stamp: vec![0; n],
            round: 0,
            member: vec![false; n],
            work: 0,
        }
    }

    /// The predecessors of `v`.
    pub fn predecessors(&self, v: usize) -> &[u32] {
        &self.preds[self.pred_offsets[v] as usize..self.pred_offsets[v + 1] as usize]
    }

    /// Where the predecessors of `v` lie (for [`Attractors::predecessor`]).
    pub fn predecessor_range(&self, v: usize) -> std::ops::Range<usize> {
        self.pred_offsets[v] as usize..self.pred_offsets[v + 1] as usize
    }

    /// The predecessor stored at `i`.
    pub fn predecessor(&self, i: usize) -> u32 {
        self.preds[i]
    }

    /// Appends `Attr_player(seeds)` in the subgame of the `active` vertices to
    /// `out` (seeds first) and marks its vertices in `member`; each attracted
    /// vertex of `player` gets its move in `moves`. Seeds already marked are
    /// taken once.
    ///
    /// # Complexity
    /// O(the attractor's vertices and the edges into them, plus the out-degree of
    /// the opponent vertices met).
    pub fn attract(
        &mut self,
        game: &ParityGame,
        active: &[bool],
        player: Parity,
        seeds: &[u32],
        moves: &mut [u32],
        out: &mut Vec<u32>,
    ) {
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            self.stamp.fill(0);
            self.round = 1;
        }
        let first = out.len();
        for &v in seeds {
            if !self.member[v as usize] {
                self.member[v as usize] = true;
                out.push(v);
            }
        }
        let mut at = first;
        while at < out.len() {
            let v = out[at];
            at += 1;
            let (lo, hi) = (
                self.pred_offsets[v as usize] as usize,
                self.pred_offsets[v as usize + 1] as usize,
            );
            self.work += (hi - lo) as u64;
            for i in lo..hi {
                let u = self.preds[i] as usize;
                if !active[u] || self.member[u] {
                    continue;
                }
                let take = if game.owner(u) == player {
                    moves[u] = v;
                    true
                } else {
                    if self.stamp[u] != self.round {
                        self.stamp[u] = self.round;
                        let succ = game.successors(u);
                        self.work += succ.len() as u64;
                        self.left[u] = succ.iter().filter(|&&t| active[t as usize]).count() as u32;
                    }
                    self.left[u] -= 1;
                    self.left[u] == 0
                };
                if take {
                    self.member[u] = true;
                    out.push(u as u32);
                }
            }
        }
    }
}
