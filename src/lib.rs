//! Ludolab: exact mathematics of games of chance and strategy.
//!
//! The crate is one core shared by three front ends: the web page (through the
//! thin adapter in `web`, compiled for `wasm32` only), the `ludolab` CLI and
//! the tests. Its layers, bottom to top:
//!
//! 1. [`toolkit`]: share-link parsing, exact numbers, matrices, the error type
//!    and the [`Family`](toolkit::Family) contract; it imports nothing above it.
//! 2. One module per game family ([`snakes`], [`dice`], [`orchard`],
//!    [`impartial`], [`arena`]): pure solvers that never panic on bad input and
//!    return [`Error`], whose messages name the value at fault and the allowed
//!    range. No family imports another.
//! 3. [`registry`]: the list of families, through which the page, the worker,
//!    the cost guard and the CLI reach every one of them; [`sweep`]: seeded
//!    links of every family for the tests.
//! 4. Adapters: `web` (wasm32 only: converts and draws) and the CLI (`src/bin`).
//!
//! A family's parameters form its scenario, written to and parsed from the
//! share-link query string (`game=snakes&v=1&preset=audet`); the CLI flags use
//! the same names, so [`registry::parse`] is the one place that decides what a
//! valid input is.

// First, so that its `text!` macro is in scope in every module below.
#[macro_use]
pub mod toolkit;

#[cfg(feature = "arena")]
pub mod arena;
#[cfg(feature = "dice")]
pub mod dice;
#[cfg(feature = "impartial")]
pub mod impartial;
#[cfg(feature = "orchard")]
pub mod orchard;
#[cfg(feature = "snakes")]
pub mod snakes;

pub mod registry;
pub mod sweep;

#[cfg(target_arch = "wasm32")]
pub mod web;

pub use toolkit::{Error, Matrix, Progress, Text};
