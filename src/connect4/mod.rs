//! Connect Four solved exactly (its own chapter): the position's score in
//! Pons' convention, then every column's with how soon the game ends, on every
//! board of 4 to 7 columns and 4 to 6 rows. The position and the solver are
//! the game's own ([`crate::games::connect4`]), shared with the teaching search.
//!
//! * [`scenario`]: the link's keys (`width`, `height`, `moves`).
//! * [`report`]: what the page's solve view shows, and its follow-up task.

mod family;
pub mod report;
pub mod scenario;
pub mod text;

pub use crate::games::connect4::{Board, Position, Solver, MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH};
pub use family::ConnectFour;
pub use report::{solve_view, Connect4Report};
pub use scenario::{Scenario, FIELDS};
