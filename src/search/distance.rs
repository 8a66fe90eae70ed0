//! How soon a proven game ends: the fewest moves (of both players) in which
//! the player to move can force a win, or the most a lost player can hold out.
//!
//! The engine proves a win or a loss but keeps no distance (its values are
//! ±[`super::engine::WIN`] however far the end is, which keeps its node
//! counts those of the textbook algorithms). The tree view then asks, for
//! each proven node, the least `d` such that
//!
//! * `win_within(p, d)`: `p` is won for its player to move, or some move
//!   reaches a position lost within `d − 1` (won within `d − 1` when the same
//!   player moves again);
//! * `lost_within(p, d)`: `p` is lost for its player to move, or it has moves
//!   and every one reaches a position won within `d − 1` for the opponent.
//!
//! Both are AND–OR searches bounded by `d`, memoised by position and depth,
//! and deepened one move at a time; a bounded search ends even on an arena
//! with cycles.
//!
//! # Complexity
//! O(b^d) positions for branching `b` at the distance `d` found, at most
//! `budget` in all; beyond it the distance is not given.

use super::engine::Game;
use std::collections::HashMap;

/// What is asked of a position: a forced win or a forced loss within some moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Ask {
    Win,
    Lost,
}

/// Bounded searches sharing one memo and one budget.
pub struct Distances<'g, G: Game> {
    game: &'g G,
    memo: HashMap<(u64, u32, Ask), bool>,
    budget: u64,
    most: u32,
}

impl<'g, G: Game> Distances<'g, G> {
    /// Distances on `game`, visiting at most `budget` positions in all and
    /// looking at most `most` moves ahead.
    pub fn new(game: &'g G, budget: u64, most: u32) -> Self {
        Distances {
            game,
            memo: HashMap::new(),
            budget,
            most,
        }
    }

    /// The moves (of both players) until the end of `p`, with best play,
    /// when `won` says who wins (true: its player to move); `None` beyond
    /// the budget or `most` moves.
    ///
    /// ```
    /// use ludolab::search::distance::Distances;
    /// use ludolab::search::sticks::Sticks;
    /// // 5 sticks, take 1 or 2, whoever takes the last wins: take 2, then answer.
    /// let game = Sticks::new(&[1, 2], false);
    /// let mut d = Distances::new(&game, 10_000, 20);
    /// assert_eq!(d.to_end(&5, true), Some(3));
    /// assert_eq!(d.to_end(&3, false), Some(2));
    /// // Taking 1 at a time, every move is forced: 5 sticks win in 5, 4 lose in 4.
    /// let ones = Sticks::new(&[1], false);
    /// let mut d = Distances::new(&ones, 100, 20);
    /// assert_eq!((d.to_end(&5, true), d.to_end(&4, false)), (Some(5), Some(4)));
    /// ```
    pub fn to_end(&mut self, p: &G::Position, won: bool) -> Option<u32> {
        let ask = if won { Ask::Win } else { Ask::Lost };
        (0..=self.most).find_map(|d| match self.within(p, d, ask) {
            Some(true) => Some(Some(d)),
            Some(false) => None,
            None => Some(None),
        })?
    }

    /// Whether `ask` holds at `p` within `d` moves; `None` once the budget is spent.
    fn within(&mut self, p: &G::Position, d: u32, ask: Ask) -> Option<bool> {
        let game = self.game;
        let outcome = game.outcome(p);
        if let Some(o) = outcome {
            return Some(if ask == Ask::Win { o > 0 } else { o < 0 });
        }
        if d == 0 {
            return Some(false);
        }
        let key = (game.key(p), d, ask);
        if let Some(&known) = self.memo.get(&key) {
            return Some(known);
        }
        let moves = game.moves(p);
        let mut holds = ask == Ask::Lost && !moves.is_empty();
        for m in moves {
            if self.budget == 0 {
                return None;
            }
            self.budget -= 1;
            let after = game.play(p, m);
            // The position after, seen by whoever moves there.
            let (theirs, other) = match (ask, game.passes(p, &after)) {
                (Ask::Win, true) => (Ask::Lost, true),
                (Ask::Win, false) => (Ask::Win, true),
                (Ask::Lost, true) => (Ask::Win, false),
                (Ask::Lost, false) => (Ask::Lost, false),
            };
            let found = self.within(&after, d - 1, theirs)?;
            if other && found {
                // A win: one move that works is enough.
                holds = true;
                break;
            }
            if !other && !found {
                // A loss: every move must lose; this one does not (within d).
                holds = false;
                break;
            }
        }
        self.memo.insert(key, holds);
        Some(holds)
    }
}
