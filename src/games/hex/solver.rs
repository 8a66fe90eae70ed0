//! Hex's own exact solver ([`Solver`]): a win-or-loss search with a table,
//! and the cuts a generic minimax does not know (connections by bridges).

use super::{cells, Hex, Stones};
use crate::toolkit::sort;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The table's hash: the packed cells are already spread, one multiply
/// mixes them (SipHash, the default, cost a tenth of the solver's time).
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0 ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    fn finish(&self) -> u64 {
        self.0 ^ self.0 >> 29
    }
}

/// Hex's own exact solver: a win-or-loss search (a game of Hex has no
/// draw) with a table of solved positions and three cuts that a generic
/// minimax does not know:
/// - a player who could not join their edges even with every empty cell has
///   lost (so the other has won);
/// - a player with a cell that joins their edges now wins;
/// - a player whose opponent has two such cells has lost, and one with a
///   single such cell to block must play it.
///
/// # Complexity
/// Exponential in the empty cells; the cuts keep 5 × 5 from the empty board
/// to a few million positions (BENCHMARKS.md).
pub struct Solver<'a> {
    game: &'a Hex,
    /// Solved positions (both players' cells side by side, the smaller of
    /// the position and its half-turn): whether the player to move wins.
    table: HashMap<u64, bool, BuildHasherDefault<Mix>>,
    /// Positions visited so far.
    pub nodes: u64,
    /// The last winning move found with each number of stones on the board.
    killers: [u8; 128],
    limit: u64,
}

impl<'a> Solver<'a> {
    /// A solver that gives up after `limit` positions.
    pub fn new(game: &'a Hex, limit: u64) -> Solver<'a> {
        Solver {
            game,
            table: HashMap::default(),
            killers: [u8::MAX; 128],
            nodes: 0,
            limit,
        }
    }

    /// Whether the player to move at `p` wins, and the moves that keep
    /// that outcome (the winning moves of a win; none of a loss), or none
    /// past the limit.
    pub fn winning_moves(&mut self, p: &Stones) -> Option<(bool, Vec<u8>)> {
        let wins = self.wins(p)?;
        if !wins || self.game.outcome(p).is_some() {
            return Some((wins, Vec::new()));
        }
        let mut winning = Vec::new();
        for m in self.game.moves(p) {
            if !self.wins(&self.game.play(p, m))? {
                winning.push(m);
            }
        }
        Some((wins, winning))
    }

    /// Whether the player to move wins, or none past the limit.
    fn wins(&mut self, p: &Stones) -> Option<bool> {
        let g = self.game;
        if g.outcome(p).is_some() {
            return Some(false);
        }
        // A position and its half-turn (which keeps both players' edges) are one entry.
        let turn = |x: u128| x.reverse_bits() >> (128 - g.n * g.n);
        let area = g.n * g.n;
        let pack = |first: u128, second: u128| first as u64 | (second as u64) << area;
        let key = pack(p.first, p.second).min(pack(turn(p.first), turn(p.second)));
        if let Some(&known) = self.table.get(&key) {
            return Some(known);
        }
        self.nodes += 1;
        if self.nodes > self.limit {
            return None;
        }
        let empty = g.all & !(p.first | p.second);
        let (own, theirs, own_edges, their_edges) = if p.first_to_move() {
            (p.first, p.second, (g.top, g.bottom), (g.left, g.right))
        } else {
            (p.second, p.first, (g.left, g.right), (g.top, g.bottom))
        };
        let joins = |stones: u128, (from, to): (u128, u128)| g.flood(stones, from) & to != 0;
        let value = if !joins(own | empty, own_edges) {
            false
        } else if !joins(theirs | empty, their_edges) {
            true
        } else {
            let mine = g.groups(own, own_edges);
            let others = g.groups(theirs, their_edges);
            if g.connection(&mine, empty).is_some() {
                true
            } else if g.connection(&others, empty).is_some() {
                false
            } else if cells(empty).any(|c| g.connection(&g.with_stone(&mine, c), empty & !c).is_some()) {
                // One stone gives a connection that cannot be cut.
                true
            } else {
                // Each cell that would give the opponent such a connection
                // must be answered inside it (the cell or its carrier).
                let must = cells(empty).fold(empty, |must, c| {
                    match g.connection(&g.with_stone(&others, c), empty & !c) {
                        Some(carrier) => must & (carrier | c),
                        None => must,
                    }
                });
                self.best_reply(p, must, own, theirs, own_edges, their_edges)?
            }
        };
        self.table.insert(key, value);
        Some(value)
    }

    /// Whether a move in `must` wins, tried in order of the distance each
    /// player would still need (false when `must` is empty).
    fn best_reply(
        &mut self,
        p: &Stones,
        must: u128,
        own: u128,
        theirs: u128,
        own_edges: (u128, u128),
        their_edges: (u128, u128),
    ) -> Option<bool> {
        let g = self.game;
        let far = (g.n * g.n) as i32;
        let mut ordered: Vec<(i32, u8)> = g
            .order
            .iter()
            .filter(|&&m| must >> m & 1 == 1)
            .map(|&m| {
                let with = own | 1u128 << m;
                let mine = g.distance(with, theirs, own_edges.0, own_edges.1).unwrap_or(far);
                let other = g.distance(theirs, with, their_edges.0, their_edges.1).unwrap_or(far);
                (mine - other, m)
            })
            .collect();
        // Stable: the centre first among equals; the move that last won at
        // this depth before all (a winning reply often wins again after
        // another move of the opponent's).
        let depth = (p.first | p.second).count_ones() as usize;
        let killer = self.killers[depth];
        sort::sort_by_key(&mut ordered, |&(score, m)| (m != killer, score));
        for (_, m) in ordered {
            if !self.wins(&g.play(p, m))? {
                self.killers[depth] = m;
                return Some(true);
            }
        }
        Some(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nodes enough for any position of the tests.
    const NODES: u64 = 50_000_000;

    #[test]
    fn a_connection_by_bridges_is_found_and_holds() {
        let g = Hex::new(5);
        let cell = |name: &str| {
            let (c, r) = (name.as_bytes()[0] - b'a', name[1..].parse::<u8>().unwrap() - 1);
            1u128 << (r * 5 + c)
        };
        let stones = |names: &[&str]| names.iter().fold(0, |s, n| s | cell(n));
        // c2 and b4: each a bridge from its edge's row, and a bridge between
        // them (b3, c3); all six carrier cells different.
        let own = stones(&["c2", "b4"]);
        let empty = g.all & !own;
        let groups = g.groups(own, (g.top, g.bottom));
        let carrier = g.connection(&groups, empty).expect("bridged to both edges");
        assert_eq!(carrier, stones(&["c1", "d1", "b3", "c3", "a5", "b5"]));
        // The opponent to move cannot stop it: the solver agrees.
        let p = Stones {
            first: own,
            second: stones(&["e5"]),
        };
        assert!(!Solver::new(&g, NODES).wins(&p).unwrap());
        // An opponent's stone in the middle bridge leaves no such connection.
        let cut = empty & !cell("b3");
        assert_eq!(g.connection(&groups, cut), None);
    }
}
