//! The command line's text of a Connect Four report: the score in words, the
//! best columns, every column's score when they were all scored, or the
//! bounds a limit left; then the work.

use super::report::Connect4Report;
use crate::games::connect4::solver::Stop;
use std::fmt::{self, Write};

/// Writes the report as text.
///
/// # Errors
/// Only the writer's.
pub fn print(a: &Connect4Report, out: &mut dyn Write) -> fmt::Result {
    writeln!(out, "Connect Four {} × {}, moves \"{}\"", a.width, a.height, a.moves)?;
    if let Some(score) = a.score {
        let words = a.verdict.as_ref().map_or("", |v| v.en.as_str());
        writeln!(out, "score {score}: {words}")?;
        if !a.best_columns.is_empty() {
            let cols: Vec<String> = a.best_columns.iter().map(u32::to_string).collect();
            writeln!(out, "best columns: {}", cols.join(", "))?;
        }
    } else {
        let why = match a.stopped {
            Some(Stop::TimeLimit) => "the time limit (raise --time-limit)",
            _ => "the node limit (raise --node-limit)",
        };
        writeln!(
            out,
            "not solved: stopped by {why}; the score lies between {} and {}",
            a.bounds[0], a.bounds[1]
        )?;
    }
    work(a, out)
}

/// Writes what the columns' task adds: every column's score, and its work.
///
/// # Errors
/// Only the writer's.
pub fn print_columns(a: &Connect4Report, out: &mut dyn Write) -> fmt::Result {
    if let Some(columns) = &a.column_scores {
        let cells: Vec<String> = columns
            .iter()
            .map(|c| c.map_or_else(|| "-".to_string(), |s| s.to_string()))
            .collect();
        writeln!(out, "column scores: {}", cells.join(" "))?;
    }
    work(a, out)
}

/// The nodes searched, the time and the rate.
fn work(a: &Connect4Report, out: &mut dyn Write) -> fmt::Result {
    let rate = if a.seconds > 0.0 {
        a.nodes as f64 / a.seconds
    } else {
        0.0
    };
    writeln!(
        out,
        "{} nodes in {:.3} s ({:.1} M nodes/s)",
        a.nodes,
        a.seconds,
        rate / 1e6
    )
}
