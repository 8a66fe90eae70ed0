//! Every native integration test, one module per file, in one binary (a binary
//! per file linked the whole crate again for each). A module’s tests are named by
//! its path, so `cargo test --test suite octal_records::` runs one file's.

mod common;

mod arena_spec;
mod cli;
mod connect4;
mod dice_spec;
mod fuzz;
mod impartial_spec;
mod latex;
mod octal_records;
mod orchard_spec;
mod parity;
mod partizan;
mod quotient;
mod scenario_props;
mod search;
mod snakes_methods;
mod snakes_seed;
mod sweep;
