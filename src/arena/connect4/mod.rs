//! Connect Four solved exactly, on every board of 4 to 7 columns and 4 to 6
//! rows, apart from the teaching search (which keeps its minimax, alpha-beta
//! and drawn trees for learning; its "exact answer" comes from here).
//!
//! * [`position`]: the board as two bitboards, moves, fours and threats.
//! * [`table`]: the fixed-size transposition table.
//! * [`solver`]: scores in Pons' convention, per-column scores, limits and progress.
//! * [`report`]: what the page's solve view shows.

pub mod position;
pub mod report;
pub mod solver;
pub mod table;

pub use position::{Board, Position, MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH};
pub use report::{solve_view, Connect4Report};
pub use solver::{Limits, Progress, Solved, Solver, Stop, DEFAULT_NODE_LIMIT, DEFAULT_SLOTS};
pub use table::Table;
