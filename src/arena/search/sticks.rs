//! The stick game for the search: a heap of sticks, a move takes one of the
//! take set's numbers; whoever cannot move loses (normal) or wins (misère).

use super::engine::{Game, HEURISTIC_MAX};
use super::keys::STICKS_HEURISTICS as HEURISTICS;

/// The stick game with a take set.
pub struct Sticks {
    take: Vec<usize>,
    misere: bool,
}

impl Sticks {
    /// The game with `take` (sorted) and its rule.
    pub fn new(take: &[usize], misere: bool) -> Sticks {
        Sticks {
            take: take.to_vec(),
            misere,
        }
    }
}

impl Game for Sticks {
    type Position = usize;
    type Move = usize;

    fn moves(&self, p: &usize) -> Vec<usize> {
        self.take.iter().copied().filter(|&t| t <= *p).collect()
    }

    fn play(&self, p: &usize, m: usize) -> usize {
        p - m
    }

    fn outcome(&self, p: &usize) -> Option<i32> {
        self.moves(p).is_empty().then_some(if self.misere { 1 } else { -1 })
    }

    fn heuristic(&self, p: &usize, h: usize) -> i32 {
        let m = self.take.iter().copied().max().unwrap_or(1);
        match HEURISTICS.get(h).map(|x| x.name) {
            Some("modulo") => {
                let losing = if self.misere { 1 } else { 0 };
                if p % (m + 1) == losing % (m + 1) {
                    -1000
                } else {
                    1000
                }
            }
            Some("parity") => {
                if p % 2 == 1 {
                    1000
                } else {
                    -1000
                }
            }
            _ => 0,
        }
        .clamp(-HEURISTIC_MAX, HEURISTIC_MAX)
    }

    fn key(&self, p: &usize) -> u64 {
        *p as u64
    }
}
