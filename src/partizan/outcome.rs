//! Who wins a position too large for its canonical form: a game-tree search
//! whose leaves are the values of its small parts.
//!
//! A position is a sum of independent parts ([`Rules::parts`]). Parts up to
//! `small` in size are replaced by their canonical forms, added into one value
//! `S`; the search keeps the large parts as positions. From `(large parts, S)`
//! the player to move plays in a large part (its pieces that are small join
//! `S`) or in `S` itself, where the options of `S`'s canonical form stand for
//! every move in the small parts (a game and its canonical form are equal, so
//! any sum has the same outcome with either). With no large part left, the
//! outcome is read from `S`: Left moving first wins exactly when `S ≰ 0`.
//! Positions met twice are looked up, keyed by their large parts sorted and `S`.
//!
//! This is how Domineering's larger rectangles are solved (Breuker, Uiterwijk
//! and van den Herik 2000; Drummond-Cole 2014 with CGSuite's values as leaves).
//!
//! # Complexity
//! Exponential in the large parts' sizes; each small part's value is solved
//! once ([`Solver`]'s memo) and each `S` is a canonical form compared once.

use super::game::{GameId, Games, Side};
use super::rules::{Rules, Solver};
use crate::toolkit::sort;
use crate::toolkit::{Error, Progress, UNKNOWN_SHARE};
use std::collections::HashMap;

/// A search state: the large parts (each with whether it stands negated) and the sum of the small ones.
type State<P> = (Vec<(P, bool)>, GameId);

/// The outcome search over one ruleset.
pub struct OutcomeSearch<R: Rules>
where
    R::Position: Ord,
{
    solver: Solver<R>,
    size: fn(&R::Position) -> usize,
    small: usize,
    memo: HashMap<(State<R::Position>, Side), bool>,
    /// Positions searched (states expanded).
    pub nodes: u64,
    /// The most states remembered before [`Error::TooLarge`].
    pub limit: usize,
}

impl<R: Rules> OutcomeSearch<R>
where
    R::Position: Ord,
{
    /// A search over `rules` where parts of at most `small` (measured by
    /// `size`) are leaves, remembering at most `limit` states.
    pub fn new(rules: R, size: fn(&R::Position) -> usize, small: usize, limit: usize) -> Self {
        OutcomeSearch {
            solver: Solver::new(rules, limit),
            size,
            small,
            memo: HashMap::new(),
            nodes: 0,
            limit,
        }
    }

    /// The ruleset searched.
    pub fn rules(&self) -> &R {
        &self.solver.rules
    }

    /// The moves of `mover` from `position` in the order the search tries them:
    /// those that leave the opponent fewest replies and the mover most first.
    pub fn ordered_moves(&self, position: &R::Position, mover: Side) -> Vec<R::Position> {
        let rules = &self.solver.rules;
        let mut moves: Vec<(i64, R::Position)> = rules
            .moves(position, mover)
            .into_iter()
            .map(|next| {
                let own = rules.moves(&next, mover).len() as i64;
                let theirs = rules.moves(&next, mover.other()).len() as i64;
                (theirs - own, next)
            })
            .collect();
        sort::sort_by_key(&mut moves, |m| m.0);
        moves.into_iter().map(|m| m.1).collect()
    }

    /// The parts of `position` (standing negated when `negated`) split into
    /// large ones and the sum of the small ones' values, added to `sum`.
    fn split(
        &mut self,
        games: &mut Games,
        position: &R::Position,
        negated: bool,
        large: &mut Vec<(R::Position, bool)>,
        sum: &mut GameId,
        progress: Progress,
    ) -> Result<(), Error> {
        for (part, flipped) in self.solver.rules.parts(position) {
            let sign = negated ^ flipped;
            if (self.size)(&part) <= self.small {
                let v = self.solver.value(games, &part, progress)?;
                let v = if sign { games.neg(v) } else { v };
                *sum = games.add(*sum, v);
            } else {
                large.push((part, sign));
            }
        }
        Ok(())
    }

    /// Whether `side`, moving first from `position`, wins.
    ///
    /// # Errors
    /// [`Error::TooLarge`] past [`OutcomeSearch::limit`] remembered states.
    pub fn first_player_wins(
        &mut self,
        games: &mut Games,
        position: &R::Position,
        side: Side,
        progress: Progress,
    ) -> Result<bool, Error> {
        let mut large = Vec::new();
        let mut sum = Games::ZERO;
        self.split(games, position, false, &mut large, &mut sum, progress)?;
        sort::sort(&mut large);
        self.wins(games, (large, sum), side, progress)
    }

    fn wins(
        &mut self,
        games: &mut Games,
        state: State<R::Position>,
        side: Side,
        progress: Progress,
    ) -> Result<bool, Error> {
        if state.0.is_empty() {
            // Left moving first wins when S ≰ 0; Right when 0 ≰ S.
            return Ok(match side {
                Side::Left => !games.le(state.1, Games::ZERO),
                Side::Right => !games.le(Games::ZERO, state.1),
            });
        }
        let key = (state, side);
        if let Some(&known) = self.memo.get(&key) {
            return Ok(known);
        }
        if self.memo.len() >= self.limit {
            return Err(Error::TooLarge {
                message: text!(
                    "the search remembered more than {} positions; try a smaller board",
                    "la recherche a retenu plus de {} positions ; essayez un plateau plus petit",
                    self.limit
                ),
                size: None,
                limit: self.limit as u64,
            });
        }
        self.nodes += 1;
        if self.nodes % 65_536 == 0 {
            progress(UNKNOWN_SHARE, &[("positions", self.nodes as i64)]);
        }
        let ((large, sum), _) = &key;
        let mut result = false;
        // Moves in a large part: its own moves, the players swapped in a negated part.
        'search: for (i, (part, negated)) in large.iter().enumerate() {
            let mover = if *negated { side.other() } else { side };
            for next in self.ordered_moves(part, mover) {
                let mut rest: Vec<(R::Position, bool)> = large
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, p)| p.clone())
                    .collect();
                let mut s = *sum;
                self.split(games, &next, *negated, &mut rest, &mut s, progress)?;
                sort::sort(&mut rest);
                if !self.wins(games, (rest, s), side.other(), progress)? {
                    result = true;
                    break 'search;
                }
            }
        }
        // Moves in the small parts: the options of their sum's canonical form.
        if !result {
            for option in games.options(*sum, side).to_vec() {
                if !self.wins(games, (large.clone(), option), side.other(), progress)? {
                    result = true;
                    break;
                }
            }
        }
        self.memo.insert(key, result);
        Ok(result)
    }
}
