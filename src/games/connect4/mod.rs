//! Connect Four on every board of 4 to 7 columns and 4 to 6 rows: the compact
//! position (two bitboards) and the exact solver. The Connect Four chapter
//! shows it; the teaching search plays on the same position and takes its
//! exact answer from the same solver.
//!
//! * [`position`]: the board as two bitboards, moves, fours and threats.
//! * [`table`]: the fixed-size transposition table.
//! * [`solver`]: scores in Pons' convention, per-column scores, limits and progress.

pub mod position;
pub mod solver;
pub mod table;

pub use position::{Board, Position, MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH};
pub use solver::{
    plan_probes, ColumnScores, Limits, Probed, Progress, Solved, Solver, Stop, DEFAULT_NODE_LIMIT, DEFAULT_SLOTS,
};
pub use table::Table;

use crate::toolkit::{Field, Label};

/// The link's `width` key, in every chapter that shows Connect Four.
pub const WIDTH_FIELD: Field = Field::whole(
    "width",
    Label::new("Columns of Connect Four", "Colonnes du Puissance 4"),
    MIN_WIDTH as u64,
    MAX_WIDTH as u64,
);
/// The link's `height` key.
pub const HEIGHT_FIELD: Field = Field::whole(
    "height",
    Label::new("Rows of Connect Four", "Lignes du Puissance 4"),
    MIN_HEIGHT as u64,
    MAX_HEIGHT as u64,
);
