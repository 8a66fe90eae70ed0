//! Orchard — Le Verger (seed 002): Haba's cooperative game. Trees hold fruits, a
//! die shows one face per non-empty tree, a basket and a crow; the players win
//! when every fruit is picked and lose when the crow's puzzle is complete.
//!
//! * [`state`]: canonical positions (trees sorted, empty trees dropped) and their ranks.
//! * [`solve`](mod@solve): win probability and expected rolls of every position, layer by layer.
//! * [`exact`]: the seed's memoised recursion in exact fractions (small games).
//! * [`smooth`]: the fractions it computes in, denominators of primes up to 7.
//! * [`chain`]: small games as an absorbing Markov chain, with the seed's M¹⁰⁰⁰.
//! * [`advice`]: the best basket pick in a given position.
//! * [`simulate`]: the real game with the real die, seeded.

pub mod advice;
pub mod by_turn;
pub mod chain;
pub mod exact;
mod family;
pub mod scenario;
pub mod simulate;
pub mod smooth;
pub mod solve;
pub mod state;
pub mod sweep;
pub mod text;

pub use family::{Extra, Orchard};
pub use scenario::{analyse, Report, Scenario};
pub use solve::{solve, Request, Solution, Table, Values, MAX_BASKET};
pub use state::{label, Space, MAX_FRUITS, MAX_TREES};

/// How the basket's fruits are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// Each fruit from a tree with the most fruits.
    Max,
    /// Each fruit from a non-empty tree with the fewest fruits.
    Min,
    /// Each fruit from a non-empty tree chosen uniformly.
    Random,
    /// The fruits that maximise the win probability.
    Optimal,
}

impl Strategy {
    /// Every strategy, in menu order.
    pub const ALL: [Strategy; 4] = [Strategy::Max, Strategy::Min, Strategy::Random, Strategy::Optimal];
    /// Their link names, in the same order.
    pub const NAMES: [&'static str; 4] = ["max", "min", "random", "optimal"];

    /// The value of the `strategy` key.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Max => "max",
            Strategy::Min => "min",
            Strategy::Random => "random",
            Strategy::Optimal => "optimal",
        }
    }

    /// The strategy called `name`, if any.
    pub fn from_name(name: &str) -> Option<Strategy> {
        Strategy::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// A game: the fruits on each tree at the start, the crow's pieces and the basket.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    /// Fruits per tree, in the order given (1..=20 each, 1..=8 trees).
    pub trees: Vec<u8>,
    /// Pieces of the crow's puzzle: the players lose when it is complete.
    pub crows: usize,
    /// Fruits a basket picks.
    pub basket: usize,
}

impl Game {
    /// The positions of this game's space.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] beyond 8 trees or 20 fruits a tree.
    pub fn space(&self) -> Result<Space, Error> {
        Space::new(
            self.trees.len(),
            usize::from(self.trees.iter().copied().max().unwrap_or(0)),
        )
    }

    /// Fruits on all the trees.
    pub fn total_fruits(&self) -> usize {
        self.trees.iter().map(|&t| usize::from(t)).sum()
    }
}

use crate::toolkit::Error;

/// The win probability and expected rolls of one game under one strategy.
///
/// # Errors
/// The ranges of [`solve()`].
pub fn win_probability(game: &Game, strategy: Strategy) -> Result<(f64, f64), Error> {
    let space = game.space()?;
    let probes = [space.canonical(&game.trees)?];
    let request = Request {
        rolls: true,
        keep: false,
        ..Request::new(&space, game.crows, game.basket, strategy, &probes)
    };
    let v = &solve(&request, &mut |_, _| {})?.probes[0];
    Ok((v.win[game.crows - 1], v.rolls[game.crows - 1]))
}
