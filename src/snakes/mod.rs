//! Two-player Snakes and Ladders (seed 000, D. Audet, *Probabilités et espérances
//! dans le jeu de serpents et échelles à deux joueurs*).
//!
//! A board gives a characteristic matrix A ([`characteristic_matrix`]); the win
//! probabilities P solve P + APᵀ = J and the expected lengths E solve
//! E − AEᵀ = J. [`distributions`] computes both from one player's finish-time
//! distribution.

pub mod analysis;
mod board;
mod characteristic;
pub mod distributions;
pub mod exact;
pub mod exact_rolls;
mod family;
pub mod players;
mod presets;
mod random;
pub mod scenario;
pub mod series;
mod sums;
pub mod surprises;
mod termination;
pub mod text;
pub mod vectorised;

pub use analysis::{analyse_scenario, solve_matrices, Report, RuleRow, TerminationReport};
pub use board::{Board, Die, FinishRule, Jump, MAX_FACE, MAX_SQUARES, MIN_SQUARES};
pub use characteristic::{characteristic_matrix, exact_characteristic_matrix, CharacteristicMatrix, ExactMatrix};
pub use family::SnakesAndLadders;
pub use presets::{Model, Preset};
pub use random::random_board;
pub use scenario::{BoardView, Method, Scenario};
pub use termination::{analyse, trapped_squares, Termination};

use crate::toolkit::Matrix;

/// P and E as one method computed them.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// `p[i][j]`: probability that the player to move, on `i`, wins against an opponent on `j`.
    pub p: Matrix,
    /// `e[i][j]`: expected total number of moves (both players) until someone wins.
    pub e: Matrix,
    /// Rolls or series terms summed (0 for the direct methods).
    pub terms: usize,
    /// Bound on the error of every entry of P from truncation (0 for the direct methods).
    pub error_bound: f64,
    /// The same for E.
    pub error_bound_e: f64,
}
