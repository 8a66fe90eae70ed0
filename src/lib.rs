//! Ludolab: exact mathematics of games of chance and strategy.
//!
//! The crate is one core shared by three front ends: the web page (through the
//! thin adapter in [`web`], compiled for `wasm32` only), the `ludolab` CLI and
//! the tests. Solvers live in one module per game family and never panic on bad
//! input: they return [`Error`], whose messages name the offending value and the
//! allowed range.
//!
//! A game's parameters form a [`scenario::Scenario`], written to and parsed from
//! the share-link query string (`game=snakes&v=1&preset=audet`); the CLI flags use
//! the same names, so [`scenario::parse`] is the one place that decides what a
//! valid input is.

// First, so that its `text!` macro is in scope in every module below.
#[macro_use]
pub mod error;

pub mod arena;
pub mod cost;
pub mod dice;
pub mod heatmap;
pub mod impartial;
pub mod linalg;
pub mod matrix;
pub mod number;
pub mod orchard;
pub mod scenario;
pub mod snakes;

#[cfg(target_arch = "wasm32")]
pub mod web;

pub use error::{Error, Text};
pub use matrix::Matrix;

/// A progress sink: solvers call it with the fraction of the work done, in `[0, 1]`.
///
/// Front ends decide how often to forward it (the web adapter throttles it to a few
/// updates per second), so solvers may call it as often as is cheap for them.
pub type Progress<'a> = &'a mut dyn FnMut(f64);
