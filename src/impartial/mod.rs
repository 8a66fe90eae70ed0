//! Impartial games (seed 003): the Sprague–Grundy value of a position is the mex
//! of its options' values, the value of a sum is the XOR (nim-sum) of its parts,
//! and the player to move loses exactly when the value is 0.
//!
//! * [`nim`]: nim-sums, winning moves, misère Nim.
//! * [`octal`]: octal games by code (Kayles 0.77, Dawson's chess 0.137), fast.
//! * [`subtraction`]: subtraction games.
//! * [`period`]: periods, pre-periods, exceptions, the Guy–Smith proof.
//! * [`table`]: every octal code of up to three digits, grouped into games.
//! * [`graph`]: node-Kayles and the colouring game; [`sum`]: sums; [`misere`]:
//!   misère play; [`solitaire`]: peg solitaire on a line.
//! * [`modes`]: one module per mode of the view (its keys, checks, cost and
//!   analysis), listed once in [`scenario`]; [`link`]: the link's keys;
//!   [`report`]: what the modes show; [`play`]: Nim against the computer, and
//!   the quotient's sum box.
//! * [`quotient`]: misère quotients.

mod family;
pub mod graph;
pub mod link;
pub mod misere;
pub mod modes;
pub mod nim;
pub mod octal;
pub mod period;
pub mod play;
pub mod quotient;
pub mod report;
pub mod scenario;
pub mod solitaire;
pub mod subtraction;
pub mod sum;
pub mod table;
pub mod text;

pub use family::ImpartialGames;
pub use graph::{colouring_value, Graph, NodeKayles};
pub use misere::{misere_graph, misere_octal_loses};
pub use modes::{analyse, Report};
pub use nim::{binary_rows, misere_nim_loses, nim_sum, winning_moves, NimMove};
pub use octal::{naive_values, values, values_by, values_from, OctalCode, Way, GRUNDY};
pub use period::{find_period, Periodicity};
pub use report::octal_report;
pub use scenario::{MisereOf, Mode, Scenario};
pub use solitaire::Solitaire;
pub use subtraction::subtraction_values;
pub use sum::{parse_sum, sum_value, Component};
