//! Two-player Snakes and Ladders (seed 000, D. Audet, *Probabilités et espérances
//! dans le jeu de serpents et échelles à deux joueurs*).
//!
//! A board gives a characteristic matrix A ([`characteristic_matrix`]); the win
//! probabilities P solve P + APᵀ = J and the expected lengths E solve
//! E − AEᵀ = J. [`distributions`] computes both from one player's finish-time
//! distribution.

mod board;
mod characteristic;
pub mod distributions;
mod presets;
mod scenario;
mod termination;

pub use board::{Board, Die, FinishRule, Jump, MAX_FACE, MAX_SQUARES, MIN_SQUARES};
pub use characteristic::{characteristic_matrix, CharacteristicMatrix};
pub use presets::{Model, Preset};
pub use scenario::{solve, Scenario};
pub use termination::trapped_squares;
