//! The atomic weight of an all-small game: how many `↑`s it is worth, the
//! unit in which all-small games (Clobber's, for instance) are compared.
//!
//! A game is *all-small* when in every one of its followers either both
//! players can move or neither can; such games are infinitesimal, and each
//! has an atomic weight `aw(G)`, a game (usually an integer) with
//! `aw(G + H) = aw(G) + aw(H)`, `aw(↑) = 1`, `aw(*k) = 0`, and the
//! *two-ahead rule*: `aw(G) ≥ 2` implies `G > 0` (Winning Ways, ch. 7–8).
//!
//! It is computed by the *atomic weight calculus* (Siegel, *Combinatorial
//! Game Theory*, 2013, II.7): let `G° = {aw(Gᴸ) − 2 | aw(Gᴿ) + 2}`. When
//! `G°` is not an integer, `aw(G) = G°`. When it is, compare `G` with the
//! *far star* `☆ = *m`, `m` one more than every nimber among `G`'s followers
//! (and at least 1): if `G < ☆`, `aw(G)` is the least integer `n` with
//! `n ⧐ aw(Gᴸ) − 2` for every Left option (0 when Left has none); if
//! `G > ☆`, the greatest `n` with `aw(Gᴿ) + 2 ⧐ n` for every Right option (0
//! when Right has none); otherwise `aw(G) = G°`.
//!
//! ```
//! use ludolab::partizan::{atomic::AtomicWeights, notation, Games};
//! let mut games = Games::new();
//! let up_up_star = notation::parse(&mut games, "^^*").unwrap();
//! let aw = AtomicWeights::new().of(&mut games, up_up_star).unwrap();
//! assert_eq!(aw, games.integer(2));
//! ```
//!
//! # Complexity
//! One step per follower of `G`'s canonical form (memoised), each a few
//! comparisons and sums in the [`Games`] store.

use super::dyadic::Dyadic;
use super::game::{GameId, Games, Side};
use std::collections::HashMap;

/// Atomic weights and what they need (all-smallness, far stars, stops), memoised.
#[derive(Default)]
pub struct AtomicWeights {
    weight: HashMap<GameId, GameId>,
    all_small: HashMap<GameId, bool>,
    far_star: HashMap<GameId, u32>,
    stops: HashMap<(GameId, Side), Dyadic>,
}

impl AtomicWeights {
    /// An empty memo.
    pub fn new() -> AtomicWeights {
        AtomicWeights::default()
    }

    /// `aw(g)` when `g` is all-small; `None` otherwise (other infinitesimals
    /// may be atomic too, but this chapter computes the all-small ones only).
    pub fn of(&mut self, games: &mut Games, g: GameId) -> Option<GameId> {
        self.is_all_small(games, g).then(|| self.weight(games, g))
    }

    /// Whether every follower of `g` has options for both players or for neither.
    pub fn is_all_small(&mut self, games: &Games, g: GameId) -> bool {
        if let Some(&known) = self.all_small.get(&g) {
            return known;
        }
        let (left, right) = (games.left(g), games.right(g));
        let result =
            left.is_empty() == right.is_empty() && left.iter().chain(right).all(|&o| self.is_all_small(games, o));
        self.all_small.insert(g, result);
        result
    }

    fn weight(&mut self, games: &mut Games, g: GameId) -> GameId {
        if let Some(&known) = self.weight.get(&g) {
            return known;
        }
        let (two, minus_two) = (games.integer(2), games.integer(-2));
        let mut shifted = [Vec::new(), Vec::new()];
        for (k, (side, by)) in [(Side::Left, minus_two), (Side::Right, two)].into_iter().enumerate() {
            for o in games.options(g, side).to_vec() {
                let w = self.weight(games, o);
                shifted[k].push(games.add(w, by));
            }
        }
        let [left, right] = shifted;
        let naive = games.make(left.clone(), right.clone());
        let integer = games.number_value(naive).is_some_and(Dyadic::is_integer);
        let result = if !integer {
            naive
        } else {
            let star = games.nimber(self.far_star(games, g));
            match (games.le(g, star), games.le(star, g)) {
                (true, false) => {
                    // The least integer n with n ⧐ every shifted Left option.
                    let least = left
                        .iter()
                        .map(|&x| {
                            let n = ceiling(self.stop(games, x, Side::Right));
                            let at = games.number(Dyadic::integer(n));
                            if games.le(at, x) {
                                n + 1
                            } else {
                                n
                            }
                        })
                        .max();
                    games.integer(least.unwrap_or(0))
                }
                (false, true) => {
                    // The greatest integer n with every shifted Right option ⧐ n.
                    let greatest = right
                        .iter()
                        .map(|&x| {
                            let n = floor(self.stop(games, x, Side::Left));
                            let at = games.number(Dyadic::integer(n));
                            if games.le(x, at) {
                                n - 1
                            } else {
                                n
                            }
                        })
                        .min();
                    games.integer(greatest.unwrap_or(0))
                }
                _ => naive,
            }
        };
        self.weight.insert(g, result);
        result
    }

    /// One more than the largest nimber among `g`'s followers, at least 1.
    fn far_star(&mut self, games: &Games, g: GameId) -> u32 {
        if let Some(k) = games.nimber_value(g) {
            return k + 1;
        }
        if let Some(&known) = self.far_star.get(&g) {
            return known;
        }
        let mut m = 1;
        for &o in games.left(g).iter().chain(games.right(g)) {
            m = m.max(self.far_star(games, o));
        }
        self.far_star.insert(g, m);
        m
    }

    /// `g`'s left stop (Left moving first, play ending on a number) or right stop.
    fn stop(&mut self, games: &Games, g: GameId, side: Side) -> Dyadic {
        if let Some(x) = games.number_value(g) {
            return x;
        }
        if let Some(&known) = self.stops.get(&(g, side)) {
            return known;
        }
        let options = games.options(g, side).to_vec();
        let mut best: Option<Dyadic> = None;
        for o in options {
            let s = self.stop(games, o, side.other());
            best = Some(match (best, side) {
                (None, _) => s,
                (Some(b), Side::Left) => b.max(s),
                (Some(b), Side::Right) => b.min(s),
            });
        }
        // A form that is not a number has options on both sides.
        let s = best.unwrap_or(Dyadic::ZERO);
        self.stops.insert((g, side), s);
        s
    }
}

fn floor(x: Dyadic) -> i64 {
    x.floor() as i64
}

fn ceiling(x: Dyadic) -> i64 {
    -(x.neg().floor() as i64)
}
