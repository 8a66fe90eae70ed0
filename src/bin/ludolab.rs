//! `ludolab`: the native command line of Ludolab.
//!
//! Flags carry the share link's key names; each subcommand turns its flags into
//! a link query and the registry parses it, the one place that validates
//! input. Reports print as text, or as JSON through serde from the family's
//! typed report (`--json`).
//!
//! The CLI is native only: its dependencies (clap, serde_json) are not built for
//! wasm32, where this binary is empty.
#![cfg_attr(target_arch = "wasm32", no_main)]

#[cfg(not(target_arch = "wasm32"))]
mod cli;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}
