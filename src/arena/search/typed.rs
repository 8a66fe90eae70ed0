//! Any arena of the game-graphs family for the search: a position is a vertex,
//! its owner the player to move. Arenas may have cycles: a position met again
//! on the current line is an endless play, a draw.

use super::engine::{Game, HEURISTIC_MAX};
use super::keys::ARENA_HEURISTICS as HEURISTICS;
use crate::arena::graph::{Arena, Outcome};

/// An arena as a game.
pub struct ArenaGame<'a> {
    arena: &'a Arena,
    acyclic: bool,
}

impl<'a> ArenaGame<'a> {
    /// The game on `arena`.
    pub fn new(arena: &'a Arena) -> ArenaGame<'a> {
        ArenaGame {
            arena,
            acyclic: acyclic(arena),
        }
    }
}

/// Whether no vertex can be reached again from itself.
fn acyclic(arena: &Arena) -> bool {
    let n = arena.len();
    // Kahn: every vertex leaves when its predecessors have.
    let mut indegree = vec![0usize; n];
    for v in 0..n {
        for &t in arena.successors(v) {
            indegree[t as usize] += 1;
        }
    }
    let mut ready: Vec<usize> = (0..n).filter(|&v| indegree[v] == 0).collect();
    let mut seen = 0;
    while let Some(v) = ready.pop() {
        seen += 1;
        for &t in arena.successors(v) {
            indegree[t as usize] -= 1;
            if indegree[t as usize] == 0 {
                ready.push(t as usize);
            }
        }
    }
    seen == n
}

impl Game for ArenaGame<'_> {
    type Position = usize;
    type Move = u32;

    fn moves(&self, p: &usize) -> Vec<u32> {
        self.arena.successors(*p).to_vec()
    }

    fn play(&self, _: &usize, m: u32) -> usize {
        m as usize
    }

    fn outcome(&self, p: &usize) -> Option<i32> {
        if !self.arena.is_terminal(*p) {
            return None;
        }
        Some(match self.arena.outcome(*p) {
            Some(Outcome::Win(w)) if w == self.arena.owner(*p) => 1,
            Some(Outcome::Win(_)) => -1,
            _ => 0,
        })
    }

    fn heuristic(&self, p: &usize, h: usize) -> i32 {
        match HEURISTICS.get(h).map(|x| x.name) {
            Some("mobility") => (self.arena.successors(*p).len() as i32 * 100).min(HEURISTIC_MAX),
            _ => 0,
        }
    }

    fn key(&self, p: &usize) -> u64 {
        *p as u64
    }

    fn acyclic(&self) -> bool {
        self.acyclic
    }

    fn passes(&self, p: &usize, after: &usize) -> bool {
        self.arena.owner(*p) != self.arena.owner(*after)
    }
}
