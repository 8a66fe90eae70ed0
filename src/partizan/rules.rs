//! What every ruleset gives the solver: each player's moves from a position,
//! and the position as a sum of independent parts. [`Solver`] turns that into
//! canonical forms; [`first_player_wins`] is the independent check, a plain
//! game-tree search of the whole position.
//!
//! A position that falls apart (Domineering's regions, Hackenbush's pieces
//! standing apart on the ground, Cutcake's pieces) is the sum of its parts,
//! each solved once in a normal form shared by every position containing it
//! (a region and its mirror images are one entry; a region turned a quarter
//! is the negative, Left's and Right's roles swapped).

use super::drawing::{Drawing, View};
use super::game::{GameId, Games, Side};
use crate::toolkit::{Error, Progress, UNKNOWN_SHARE};
use std::collections::HashMap;
use std::hash::Hash;

/// A ruleset: moves and independent parts.
pub trait Rules {
    /// A position (of a whole board, or of one part in normal form).
    type Position: Clone + Eq + Hash + Ord;

    /// The positions after each move of `side` from `position`.
    fn moves(&self, position: &Self::Position, side: Side) -> Vec<Self::Position>;

    /// `position` as a sum of parts, each in its normal form and marked
    /// `true` when the part stands for its negative. A part of a part is
    /// itself, unmarked; parts without moves may be left out (they are 0).
    fn parts(&self, position: &Self::Position) -> Vec<(Self::Position, bool)>;
}

/// A ruleset as the link writes it: how a position is read and written, its
/// size, what a move changed, and what solving it costs. Each ruleset file
/// implements it once; the report reaches every ruleset through it.
pub trait Board: Rules + Sized {
    /// How the page draws and edits its positions.
    const VIEW: View;

    /// Reads a position: the rules it is played under (a Hackenbush drawing
    /// carries its own edges) and the position.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] on key `position`, naming what is at fault.
    fn read(text: &str) -> Result<(Self, Self::Position), Error>;

    /// The position written as [`Board::read`] reads it.
    fn text(&self, position: &Self::Position) -> String;

    /// Its size for the outcome search's leaves: cells, squares or edges.
    fn size(position: &Self::Position) -> usize;

    /// What a move from `before` to `after` changed, for the page to mark:
    /// cells, squares, edges, or the piece cut.
    fn changed(&self, before: &Self::Position, after: &Self::Position) -> Vec<usize>;

    /// A rough count of the parts a solve visits (the cost guard's estimate,
    /// calibrated on the solves in BENCHMARKS.md).
    fn estimate(&self, position: &Self::Position) -> f64;

    /// The parts a value's solve visits, where they grow faster than
    /// [`Board::estimate`]'s count (which the outcome search's cost is fitted on).
    fn value_estimate(&self, position: &Self::Position) -> f64 {
        self.estimate(position)
    }

    /// What the page draws beside the board (a Hackenbush drawing), if anything.
    fn picture(&self, _position: &Self::Position) -> Option<Drawing> {
        None
    }

    /// The position as the link writes it, so that one position has one link.
    ///
    /// # Errors
    /// As [`Board::read`].
    fn link(text: &str) -> Result<String, Error> {
        let (rules, position) = Self::read(text)?;
        Ok(rules.text(&position))
    }
}

/// The canonical forms of a ruleset's positions, each part solved once.
pub struct Solver<R: Rules> {
    /// The ruleset.
    pub rules: R,
    memo: HashMap<R::Position, GameId>,
    /// The most parts solved before [`Error::TooLarge`] (the safety net
    /// behind each family's cost guard).
    pub limit: usize,
}

impl<R: Rules> Solver<R> {
    /// A solver of `rules` that solves at most `limit` parts.
    pub fn new(rules: R, limit: usize) -> Solver<R> {
        Solver {
            rules,
            memo: HashMap::new(),
            limit,
        }
    }

    /// How many parts have been solved.
    pub fn solved(&self) -> usize {
        self.memo.len()
    }

    /// The value of `position`: the sum of its parts' values.
    ///
    /// # Errors
    /// [`Error::TooLarge`] when more than [`Solver::limit`] parts would be solved.
    pub fn value(&mut self, games: &mut Games, position: &R::Position, progress: Progress) -> Result<GameId, Error> {
        let mut total = Games::ZERO;
        for (part, negated) in self.rules.parts(position) {
            let v = self.part(games, &part, progress)?;
            let v = if negated { games.neg(v) } else { v };
            total = games.add(total, v);
        }
        Ok(total)
    }

    fn part(&mut self, games: &mut Games, part: &R::Position, progress: Progress) -> Result<GameId, Error> {
        if let Some(&g) = self.memo.get(part) {
            return Ok(g);
        }
        if self.memo.len() >= self.limit {
            return Err(Error::TooLarge {
                message: text!(
                    "this position has more than {} parts to solve; try a smaller one",
                    "cette position a plus de {} parties à résoudre ; essayez-en une plus petite",
                    self.limit
                ),
                size: None,
                limit: self.limit as u64,
            });
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (i, side) in [Side::Left, Side::Right].into_iter().enumerate() {
            for next in self.rules.moves(part, side) {
                sides[i].push(self.value(games, &next, progress)?);
            }
        }
        let [left, right] = sides;
        let g = games.make(left, right);
        self.memo.insert(part.clone(), g);
        if self.memo.len() % 4096 == 0 {
            progress(UNKNOWN_SHARE, &[("positions", self.memo.len() as i64)]);
        }
        Ok(g)
    }

    /// Every move of `side` from `position`, with the value it leaves.
    ///
    /// # Errors
    /// As [`Solver::value`].
    pub fn moves(
        &mut self,
        games: &mut Games,
        position: &R::Position,
        side: Side,
        progress: Progress,
    ) -> Result<Vec<(R::Position, GameId)>, Error> {
        let mut out = Vec::new();
        for next in self.rules.moves(position, side) {
            let v = self.value(games, &next, progress)?;
            out.push((next, v));
        }
        Ok(out)
    }
}

/// Whether a move of `side` to a game of value `v` wins: `v ≥ 0` for Left
/// (she then wins moving second), `v ≤ 0` for Right.
pub fn wins(games: &mut Games, side: Side, v: GameId) -> bool {
    match side {
        Side::Left => games.le(Games::ZERO, v),
        Side::Right => games.le(v, Games::ZERO),
    }
}

/// Whether `side`, moving first from `position`, wins (normal play: who
/// cannot move loses), by a game-tree search of the whole position with a
/// memo: no values, no parts. The tests' second method.
pub fn first_player_wins<R: Rules>(
    rules: &R,
    position: &R::Position,
    side: Side,
    memo: &mut HashMap<(R::Position, Side), bool>,
) -> bool {
    if let Some(&known) = memo.get(&(position.clone(), side)) {
        return known;
    }
    let wins = rules
        .moves(position, side)
        .iter()
        .any(|next| !first_player_wins(rules, next, side.other(), memo));
    memo.insert((position.clone(), side), wins);
    wins
}
