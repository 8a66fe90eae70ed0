//! The command line's text of a search report.

use super::SearchReport;
use std::fmt::{self, Write};

/// Writes the report as text: the chosen run, the four runs side by side and the exact answer.
///
/// # Errors
/// Only the writer's.
pub fn print(r: &SearchReport, out: &mut dyn Write) -> fmt::Result {
    let depth = r.depth.map_or("to the end".to_string(), |d| format!("depth {d}"));
    let p = &r.position;
    let at = if p.history.is_empty() {
        "at the start".to_string()
    } else {
        format!("after {}", p.history.join(","))
    };
    writeln!(
        out,
        "{} {at}, player {} to move; {depth}, heuristic {}",
        r.game, p.player, r.heuristic
    )?;
    let value = |v: Option<i32>, exact: bool| match (exact, v) {
        (true, Some(1)) => "win (1)".to_string(),
        (true, Some(0)) => "draw (0)".to_string(),
        (true, _) => "loss (-1)".to_string(),
        (false, Some(v)) => format!("{v} (heuristic)"),
        (false, None) => "none (stopped)".to_string(),
    };
    let verdict = if r.exact {
        "solved".to_string()
    } else if !r.complete {
        format!(
            "not solved: stopped at the node limit ({} nodes){}",
            r.node_limit,
            r.searched_depth
                .map_or(String::new(), |d| format!("; the estimate is depth {d}'s"))
        )
    } else {
        "not solved: an estimate by the heuristic".to_string()
    };
    writeln!(
        out,
        "{}: value {}, best move {}, principal variation {} ({verdict})",
        r.algorithm,
        value(r.value, r.exact),
        r.best_move.as_deref().unwrap_or("none"),
        r.pv.join(" ")
    )?;
    writeln!(
        out,
        "\nalgorithm   value              best   nodes        cut-offs   table hits   ms"
    )?;
    for run in &r.runs {
        writeln!(
            out,
            "{:<11} {:<18} {:<6} {:<12} {:<10} {:<12} {:.1}{}",
            run.algorithm,
            value(run.value, run.exact),
            run.best_move.as_deref().unwrap_or("-"),
            run.work.nodes,
            run.work.cutoffs,
            run.work.table_hits,
            run.ms,
            if run.solver {
                "  (Connect Four's exact solver)"
            } else if run.complete {
                ""
            } else {
                "  (stopped at the node limit)"
            }
        )?;
    }
    match (&r.exact_answer, &r.exact_note) {
        (Some(a), _) => writeln!(
            out,
            "\nExact ({}): {}{}; moves that keep it: {}{}",
            a.method,
            value(Some(a.value), true),
            a.score
                .zip(a.verdict.as_ref())
                .map_or(String::new(), |(v, words)| format!(", score {v}: {words}")),
            if a.winning_moves.is_empty() {
                "none".to_string()
            } else {
                a.winning_moves.join(", ")
            },
            if r.disagrees == Some(true) {
                "  — the search's move differs"
            } else {
                ""
            }
        ),
        (None, Some(note)) => writeln!(out, "\nNo exact answer: {note}"),
        _ => Ok(()),
    }
}
