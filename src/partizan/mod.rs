//! Partizan games (the chapter after the impartial one): Left and Right have
//! different moves, and a position's value is no longer a nimber but a game
//! in canonical form — a number, a nimber, an infinitesimal such as `↑`, a
//! switch such as `±1`, or a hotter form — whose sign says who wins and whose
//! thermograph says how much a move is worth.
//!
//! * [`game`]: canonical forms, hash-consed, with sum, negation and comparison;
//!   [`dyadic`]: their numbers.
//! * [`thermograph`]: walls, mean and temperature, exact.
//! * [`notation`]: CGSuite's notation, written and read.
//! * [`rules`]: what a ruleset gives the solver, the solver by parts, and the
//!   game-tree search that checks it, and what the report needs of a
//!   ruleset's positions (`Board`); the rulesets [`domineering`], [`toads`]
//!   (Toads and Frogs), [`clobber`], [`hackenbush`], [`cutcake`] and
//!   [`konane`], on boards read by [`grid`], listed once in `rulesets` (one
//!   line each); [`drawing`]: what the page draws beside a board, and how.
//! * [`outcome`]: who wins a position too large for its canonical form, by a
//!   search whose leaves are the values of its small parts.
//! * [`report`]: one position analysed, whatever its ruleset, and the cost
//!   guard; [`scenario`]: the link's keys.

pub mod atomic;
pub mod clobber;
pub mod cutcake;
pub mod domineering;
pub mod drawing;
pub mod dyadic;
mod family;
pub mod game;
pub mod grid;
pub mod hackenbush;
pub mod konane;
pub mod notation;
pub mod outcome;
pub mod report;
pub mod rules;
mod rulesets;
pub mod sample;
pub mod scenario;
pub mod text;
pub mod thermograph;
pub mod toads;

pub use dyadic::Dyadic;
pub use family::PartizanGames;
pub use game::{GameId, Games, Outcome, Relation, Side};
