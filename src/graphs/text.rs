//! The command line's text of a game-graph report: the attractors' sizes and
//! ranks, who wins from the start, and the winning first moves.

use super::report::{Attractors, Report};
use std::fmt::{self, Write};

fn attractors(out: &mut dyn Write, kind: &str, a: &Attractors, start: &str, winner: Option<u8>) -> fmt::Result {
    writeln!(out, "Arena ({kind}): {} vertices, {} moves", a.vertices, a.edges)?;
    for p in 0..2 {
        writeln!(
            out,
            "Attractor of player {}: {} vertices, max rank {}; by rank: {:?}",
            p + 1,
            a.attractor_sizes[p],
            a.max_rank[p],
            a.layers[p]
        )?;
    }
    writeln!(out, "Draws or endless plays: {}", a.draws)?;
    let winner = winner.map_or("nobody (a draw)".to_string(), |w| format!("player {w}"));
    writeln!(out, "From the start {start}: {winner} wins with best play")
}

fn ranks(out: &mut dyn Write, a: &Attractors) -> fmt::Result {
    if let (Some(labels), Some(ranks)) = (&a.labels, &a.ranks) {
        if labels.len() <= 60 {
            writeln!(out, "\nvertex       rank for 1   rank for 2")?;
            for (v, l) in labels.iter().enumerate() {
                let r = |p: usize| ranks[p][v].map_or("-".into(), |r| r.to_string());
                writeln!(out, "{l:<12} {:>10}   {:>10}", r(0), r(1))?;
            }
        }
    }
    Ok(())
}

/// Writes the report as text.
///
/// # Errors
/// Only the writer's.
pub fn print(report: &Report, out: &mut dyn Write) -> fmt::Result {
    match report {
        Report::Subtraction(r) => {
            attractors(out, r.kind, &r.arena, &r.start_label, r.winner)?;
            if !r.winning_takes.is_empty() {
                writeln!(out, "Winning first moves: take {:?}", r.winning_takes)?;
            }
            ranks(out, &r.arena)
        }
        Report::Chomp(r) => {
            if let Some(a) = &r.arena {
                attractors(out, r.kind, a, &r.start_label, r.winner)?;
            } else {
                writeln!(
                    out,
                    "Chomp {} × {}: {} boards, solved by a direct recursion",
                    r.rows, r.cols, r.boards
                )?;
                if let Some(note) = &r.note {
                    writeln!(out, "{note}")?;
                }
                let winner = r.winner.map_or("nobody".to_string(), |w| format!("player {w}"));
                writeln!(out, "From the start {}: {winner} wins with best play", r.start_label)?;
            }
            if !r.winning_first_moves.is_empty() {
                let moves: Vec<String> = r
                    .winning_first_moves
                    .iter()
                    .map(|[a, b]| format!("row {a}, column {b}"))
                    .collect();
                writeln!(
                    out,
                    "Winning first moves (0-based from the poison): {}",
                    moves.join("; ")
                )?;
            }
            match &r.arena {
                Some(a) => ranks(out, a),
                None => Ok(()),
            }
        }
        Report::Edges(r) => {
            attractors(out, r.kind, &r.arena, &r.start_label, r.winner)?;
            if !r.winning_targets.is_empty() {
                writeln!(out, "Winning first moves: to {}", r.winning_targets.join(", "))?;
            }
            ranks(out, &r.arena)
        }
    }
}
