//! What both tangle learners share ([`tangle`](super::tangle) and
//! [`recursive_tangle`](super::recursive_tangle)): the store of learned tangles
//! and the strongly connected components of a region under one player's moves.

use super::game::{Parity, ParityGame};
use super::promotion::sorted;
use super::scc::{Components, Tarjan};
use super::NO_MOVE;
use crate::toolkit::number::spread_bits;

/// A game as the tangle learners read it: renumbered by priority (priorities
/// renumbered densely) with its predecessor lists. Built once, it is shared by the
/// portfolio's runs, which otherwise would each pay for it again.
pub(crate) struct Prepared {
    pub(crate) game: ParityGame,
    /// `order[i]`: the original vertex of index `i`.
    pub(crate) order: Vec<u32>,
    pub(crate) pred_offsets: Vec<u32>,
    pub(crate) preds: Vec<u32>,
}

impl Prepared {
    pub(crate) fn new(game: &ParityGame) -> Prepared {
        let (game, order) = sorted(game);
        let (pred_offsets, preds) = game.predecessors();
        Prepared {
            game,
            order,
            pred_offsets,
            preds,
        }
    }
}

// A vertex's marks in the tangle learners, bits of one byte per vertex: their
// attractors read one cache line per predecessor instead of several arrays
// (the attractor is most of their time). Bit 2 is each learner's own.
/// Not solved yet.
pub(crate) const LIVE: u8 = 1;
/// In the region being built.
pub(crate) const REGION: u8 = 4;
/// In a dominion being solved.
pub(crate) const FOUND: u8 = 8;
/// Owned by the odd player.
pub(crate) const ODD: u8 = 16;
/// An escape of some learned tangle (else no tangle list need be read).
pub(crate) const ESCAPE: u8 = 32;

/// The bit of `player`'s vertices under [`ODD`].
pub(crate) fn owner_bit(player: Parity) -> u8 {
    match player {
        Parity::Even => 0,
        Parity::Odd => ODD,
    }
}

/// Every vertex live, with its owner.
pub(crate) fn marks(game: &ParityGame) -> Vec<u8> {
    (0..game.len()).map(|v| LIVE | owner_bit(game.owner(v))).collect()
}

/// "No tangle priority": a tangle deleted (one of its vertices was solved, or
/// it was attracted into a dominion).
pub(crate) const DELETED: u32 = u32::MAX;

/// The learned tangles, kept apart from the vertices they hold.
#[derive(Default)]
pub(crate) struct Tangles {
    /// Its (renumbered) priority, or [`DELETED`].
    pub(crate) priority: Vec<u32>,
    /// Its vertices with their moves, `(vertex, move or NO_MOVE)`, end to end.
    pub(crate) members: Vec<(u32, u32)>,
    pub(crate) members_at: Vec<u32>,
    /// Its escapes (the opponent's ways out), end to end.
    pub(crate) escapes: Vec<u32>,
    pub(crate) escapes_at: Vec<u32>,
    /// Escapes still outside the attractor being built (0: not counted yet this round).
    pub(crate) left: Vec<u32>,
    /// For each vertex, the tangles it is an escape of.
    pub(crate) escape_of: Vec<Vec<u32>>,
}

impl Tangles {
    /// No tangle yet, for a game of `n` vertices.
    pub(crate) fn new(n: usize) -> Tangles {
        Tangles {
            members_at: vec![0],
            escapes_at: vec![0],
            escape_of: vec![Vec::new(); n],
            ..Tangles::default()
        }
    }

    /// Learns `component` as a tangle of `player` at priority `p`, the player's
    /// vertices keeping their `moves`.
    pub(crate) fn push(
        &mut self,
        game: &ParityGame,
        component: &[u32],
        escapes: &[u32],
        p: u32,
        player: Parity,
        moves: &[u32],
    ) {
        let t = self.len() as u32;
        for &e in escapes {
            self.escape_of[e as usize].push(t);
        }
        self.priority.push(p);
        self.left.push(0);
        for &v in component {
            let m = if game.owner(v as usize) == player {
                moves[v as usize]
            } else {
                NO_MOVE
            };
            self.members.push((v, m));
        }
        self.members_at.push(self.members.len() as u32);
        self.escapes.extend_from_slice(escapes);
        self.escapes_at.push(self.escapes.len() as u32);
    }

    pub(crate) fn members(&self, t: usize) -> &[(u32, u32)] {
        &self.members[self.members_at[t] as usize..self.members_at[t + 1] as usize]
    }

    pub(crate) fn escapes(&self, t: usize) -> &[u32] {
        &self.escapes[self.escapes_at[t] as usize..self.escapes_at[t + 1] as usize]
    }

    /// Its members, to reorder (their order means nothing).
    pub(crate) fn members_mut(&mut self, t: usize) -> &mut [(u32, u32)] {
        &mut self.members[self.members_at[t] as usize..self.members_at[t + 1] as usize]
    }

    pub(crate) fn len(&self) -> usize {
        self.priority.len()
    }

    /// A number that names tangle `t` (its priority, vertices and moves),
    /// whatever the order of its vertices: two tangles with the same number
    /// are almost surely the same, and one taken for another only costs time.
    pub(crate) fn fingerprint(&self, t: usize) -> u64 {
        self.members(t)
            .iter()
            .fold(mix(u64::from(self.priority[t])), |h, &(v, m)| {
                h.wrapping_add(mix((u64::from(v) << 32) | u64::from(m)))
            })
    }

    /// Drops the deleted tangles, renumbering the others in their order.
    /// Returns each old tangle's new number, or [`DELETED`].
    ///
    /// # Complexity
    /// O(members + escapes + the vertices' lists) of the store before.
    pub(crate) fn compact(&mut self) -> Vec<u32> {
        let mut renumber = vec![DELETED; self.len()];
        let (mut members, mut escapes) = (Vec::new(), Vec::new());
        let (mut members_at, mut escapes_at) = (vec![0], vec![0]);
        let mut kept = 0;
        for (t, to) in renumber.iter_mut().enumerate() {
            if self.priority[t] == DELETED {
                continue;
            }
            *to = kept as u32;
            self.priority[kept] = self.priority[t];
            self.left[kept] = self.left[t];
            members.extend_from_slice(self.members(t));
            members_at.push(members.len() as u32);
            escapes.extend_from_slice(self.escapes(t));
            escapes_at.push(escapes.len() as u32);
            kept += 1;
        }
        self.priority.truncate(kept);
        self.left.truncate(kept);
        (self.members, self.members_at, self.escapes, self.escapes_at) = (members, members_at, escapes, escapes_at);
        for list in &mut self.escape_of {
            list.retain_mut(|t| {
                *t = renumber[*t as usize];
                *t != DELETED
            });
            list.shrink_to_fit();
        }
        renumber
    }
}

/// A member's or priority's share of a fingerprint.
fn mix(x: u64) -> u64 {
    spread_bits(x.wrapping_add(0x9e37_79b9_7f4a_7c15))
}

/// Tarjan's strongly connected components ([`Tarjan`]) over the subgraph of
/// a region: the player's vertices follow their one move, the opponent's
/// every edge inside the region.
pub(crate) struct Scc {
    tarjan: Tarjan,
    /// Scratch marks for a component's members and escapes.
    inside: Vec<bool>,
    escape: Vec<bool>,
}

impl Scc {
    pub(crate) fn new(n: usize) -> Scc {
        Scc {
            tarjan: Tarjan::new(n),
            inside: vec![false; n],
            escape: vec![false; n],
        }
    }

    /// Unvisits the vertices visited since the last call.
    pub(crate) fn reset_marks(&mut self) {
        self.tarjan.reset();
    }

    /// The `k`-th edge of `v` in the restricted graph, if any.
    fn edge(
        game: &ParityGame,
        v: usize,
        k: u32,
        player: Parity,
        in_region: &impl Fn(usize) -> bool,
        moves: &[u32],
    ) -> Option<(u32, u32)> {
        if game.owner(v) == player {
            return (k == 0 && moves[v] != NO_MOVE && in_region(moves[v] as usize)).then_some((moves[v], 1));
        }
        let succ = game.successors(v);
        let mut k = k as usize;
        while k < succ.len() {
            if in_region(succ[k] as usize) {
                return Some((succ[k], k as u32 + 1));
            }
            k += 1;
        }
        None
    }

    /// The components reachable from `start` not found before, each as its
    /// vertices; `in_region(v)` says whether `v` lies in the region.
    pub(crate) fn run(
        &mut self,
        game: &ParityGame,
        start: u32,
        player: Parity,
        in_region: impl Fn(usize) -> bool,
        moves: &[u32],
        out: &mut Components,
    ) {
        self.tarjan.search(
            start,
            |v, k| Scc::edge(game, v as usize, k, player, &in_region, moves),
            out,
        );
    }

    /// [`Scc::run`] over the region of the learners' marks (`REGION` in `flags`).
    pub(crate) fn run_in_region(
        &mut self,
        game: &ParityGame,
        start: u32,
        player: Parity,
        flags: &[u8],
        moves: &[u32],
        out: &mut Components,
    ) {
        self.run(game, start, player, |v| flags[v] & REGION != 0, moves, out);
    }

    /// [`Scc::escapes`] to the vertices the learners' marks say are live and
    /// in no dominion being solved.
    pub(crate) fn open_escapes(
        &mut self,
        game: &ParityGame,
        component: &[u32],
        player: Parity,
        flags: &[u8],
    ) -> Vec<u32> {
        self.escapes(game, component, player, |t| flags[t] & (LIVE | FOUND) == LIVE)
    }

    /// The escapes of `component` (a tangle of `player`): the opponent's
    /// successors outside it that are `open` (live and not in a dominion being
    /// solved), each once.
    pub(crate) fn escapes(
        &mut self,
        game: &ParityGame,
        component: &[u32],
        player: Parity,
        open: impl Fn(usize) -> bool,
    ) -> Vec<u32> {
        let mut escapes: Vec<u32> = Vec::new();
        for &v in component {
            self.inside[v as usize] = true;
        }
        for &v in component {
            let v = v as usize;
            if game.owner(v) == player {
                continue;
            }
            for &t in game.successors(v) {
                let t = t as usize;
                if !self.inside[t] && !self.escape[t] && open(t) {
                    self.escape[t] = true;
                    escapes.push(t as u32);
                }
            }
        }
        for &v in component {
            self.inside[v as usize] = false;
        }
        for &t in &escapes {
            self.escape[t as usize] = false;
        }
        escapes
    }
}

/// Whether a strongly connected `component` holds a cycle: two vertices or
/// more, or one with a loop (the player's by its move, the opponent's by an edge).
pub(crate) fn holds_a_cycle(game: &ParityGame, component: &[u32], player: Parity, moves: &[u32]) -> bool {
    match *component {
        [v] => {
            let v = v as usize;
            if game.owner(v) == player {
                moves[v] == v as u32
            } else {
                game.has_edge(v, v as u32)
            }
        }
        _ => true,
    }
}
