//! Ludolab: exact mathematics of games of chance and strategy.
//!
//! The crate is one core shared by three front ends: the web page (through the
//! thin adapter in `web`, compiled for `wasm32` only), the `ludolab` CLI and
//! the tests. Its layers, bottom to top:
//!
//! 1. [`toolkit`]: share-link parsing, exact numbers, matrices, the error type
//!    and the [`Family`](toolkit::Family) contract; it imports nothing above it.
//! 2. [`games`]: the games that more than one chapter shows, each written once
//!    (arenas and their attractors, the stick game, Chomp, Connect Four's
//!    position and solver); it imports the toolkit only.
//! 3. One module per game family ([`snakes`], [`dice`], [`orchard`],
//!    [`impartial`], [`graphs`], [`search`], [`connect4`], [`parity`],
//!    [`partizan`]): pure
//!    solvers that never panic on bad input and return [`Error`], whose
//!    messages name the value at fault and the allowed range. No family
//!    imports another.
//! 4. [`registry`]: the list of families, through which the page, the worker,
//!    the cost guard and the CLI reach every one of them; [`sweep`]: seeded
//!    links of every family for the tests.
//! 5. Adapters: `web` (wasm32 only: converts and draws) and the CLI (`src/bin`).
//!
//! A family's parameters form its scenario, written to and parsed from the
//! share-link query string (`game=snakes&v=1&preset=audet`); the CLI flags use
//! the same names, so [`registry::parse`] is the one place that decides what a
//! valid input is.

// First, so that its `text!` macro is in scope in every module below.
#[macro_use]
pub mod toolkit;

// The impartial games show the stick game as a subtraction game (its rule, its `take` key).
#[cfg(any(feature = "graphs", feature = "search", feature = "connect4", feature = "impartial"))]
pub mod games;

#[cfg(feature = "connect4")]
pub mod connect4;
#[cfg(feature = "dice")]
pub mod dice;
#[cfg(feature = "graphs")]
pub mod graphs;
#[cfg(feature = "impartial")]
pub mod impartial;
#[cfg(feature = "orchard")]
pub mod orchard;
#[cfg(feature = "parity")]
pub mod parity;
#[cfg(feature = "partizan")]
pub mod partizan;
#[cfg(feature = "search")]
pub mod search;
#[cfg(feature = "snakes")]
pub mod snakes;

#[cfg(feature = "registry")]
pub mod registry;
#[cfg(feature = "registry")]
pub mod sweep;

pub mod draw;

#[cfg(target_arch = "wasm32")]
pub mod web;

#[cfg(all(feature = "python", not(target_arch = "wasm32")))]
pub mod python;

pub use toolkit::{Error, Matrix, Progress, Text};
