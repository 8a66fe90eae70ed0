//! Dice Battle (seed 001, MOGPL): a race to N points in which each turn a
//! player throws 1..D dice; a turn scores the sum, or just 1 if any die shows 1.
//!
//! * [`sequential`]: players alternate; EG and OPT by dynamic programming.
//! * [`compare`]: fixed strategies evaluated exactly, and simulated.
//! * [`one_turn`]: both players choose at once, one turn: a matrix game by LP.
//! * [`simultaneous`]: both choose at once in every turn; [`variant`]: a 1 scores 0.
//! * [`scenario`]: the link's keys; [`report`]: what the view shows; [`play`]: play against the computer.

pub mod compare;
mod family;
pub mod one_turn;
pub mod play;
pub mod report;
pub mod scenario;
mod scores;
pub mod sequential;
pub mod simultaneous;
pub mod text;
pub mod variant;

pub use compare::Strategy;
pub use family::DiceBattle;
pub use report::{analyse, Report};
pub use scenario::{Mode, Scenario};
pub use scores::{blind_choice, exact_score_distribution, expected_points, score_distribution};
pub use sequential::Sequential;
