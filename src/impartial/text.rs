//! The command line's text of an impartial-games report, one part per mode.

use super::report::ValuesReport;
use super::table::TableReport;
use super::Report;
use std::fmt::{self, Write};

fn values(out: &mut dyn Write, a: &ValuesReport) -> fmt::Result {
    let values = &a.values.0;
    writeln!(out, "Grundy values G(0..={}):", values.len() - 1)?;
    for (row, chunk) in values.chunks(20).take(10).enumerate() {
        let cells: Vec<String> = chunk.iter().map(|v| format!("{v:>3}")).collect();
        writeln!(out, "{:>6} {}", row * 20, cells.join(""))?;
    }
    if values.len() > 200 {
        writeln!(out, "   … ({} values; --json prints them all)", values.len())?;
    }
    match &a.periodicity {
        Some(p) => {
            // Millions of exceptions (.354) are summarised; --json lists them all.
            let e = &p.exceptions;
            let listed = if e.len() <= 20 {
                format!("{e:?}")
            } else {
                format!("{:?} … {}", &e[..10], e[e.len() - 1])
            };
            let proof = match p.t {
                Some(t) => format!(
                    "{} (Guy–Smith with t = {t}: needs n₀ ≤ n < {}, checked up to {})",
                    if p.proven { "proven" } else { "not proven yet" },
                    p.needed_up_to,
                    p.checked_up_to
                ),
                None => format!(
                    "observed up to {}; no theorem proves a period of this game",
                    p.checked_up_to
                ),
            };
            writeln!(
                out,
                "Period {} from n₀ = {}, {} exceptions {listed}; {proof}",
                p.period,
                p.preperiod,
                e.len(),
            )?;
        }
        None => writeln!(out, "No period found up to {}", values.len() - 1)?,
    }
    writeln!(
        out,
        "Largest value {} (first at heap {})",
        a.largest.value, a.largest.at
    )?;
    if let Some(r) = &a.rare {
        writeln!(
            out,
            "Sparse space: mask {}{}{}; {} rare heaps among the {} computed (heap 0 included, as the published tables count), the last at {}",
            r.mask,
            if r.by_position { ", by heap parity" } else { "" },
            if r.odd { ", odd class rare" } else { "" },
            r.count,
            a.computed.unwrap_or(values.len() - 1),
            r.last.map_or_else(|| "none".to_string(), |l| l.to_string())
        )?;
    }
    Ok(())
}

/// Writes the report as text.
///
/// # Errors
/// Only the writer's.
pub fn print(report: &Report, out: &mut dyn Write) -> fmt::Result {
    match report {
        Report::Nim(a) => {
            writeln!(out, "Nim {:?}", a.heaps)?;
            for (h, row) in a.heaps.iter().zip(&a.binary) {
                writeln!(out, "  {h:>6}  {row}")?;
            }
            writeln!(
                out,
                "  nim-sum {}  ({})",
                a.binary.last().map_or("", String::as_str),
                a.nim_sum
            )?;
            if a.nim_sum == 0 {
                writeln!(out, "A P-position: the player to move loses.")?;
            } else {
                writeln!(out, "An N-position: {} winning moves", a.winning_moves.len())?;
                for m in &a.winning_moves {
                    writeln!(out, "  heap {} (0-based): {} → {}", m.heap, m.from, m.to)?;
                }
            }
        }
        Report::Octal(a) | Report::Subtraction(a) => values(out, a)?,
        Report::Graph(a) => {
            let g = &a.graph;
            writeln!(
                out,
                "Graph: {} vertices, {} edges; value {}",
                g.vertices,
                g.edges.len(),
                a.grundy
            )?;
            for (vs, v) in &g.components {
                writeln!(out, "  component {vs:?}: value {v}")?;
            }
            writeln!(
                out,
                "Winning moves (remove the vertex and its neighbours): {:?}",
                g.winning_vertices
            )?;
        }
        Report::Sum(a) => {
            for c in &a.sum.components {
                let winning = c
                    .winning_move
                    .as_ref()
                    .map_or(String::new(), |m| format!(" — winning move: {m}"));
                writeln!(out, "{}: value {}{winning}", c.text, c.value)?;
            }
            writeln!(out, "Total: {}", a.sum.total)?;
        }
        Report::Misere(a) => {
            writeln!(
                out,
                "Misère: the player to move {}",
                if a.loses { "loses" } else { "wins" }
            )?;
            for m in &a.misere_winning {
                writeln!(out, "  winning move: {m}")?;
            }
        }
        Report::Quotient(q) => {
            writeln!(out, "Misère quotient of {} up to heap {}", q.code, q.reached)?;
            if let Some(stop) = &q.stopped {
                writeln!(out, "  stopped at heap {}: {}", stop.heap, stop.why)?;
            }
            writeln!(out, "  |Q| = {}, |P| = {}", q.order, q.p_portion_size)?;
            writeln!(out, "  {}", q.presentation)?;
            writeln!(out, "  P = {{{}}}", q.p_portion.join(", "))?;
            writeln!(
                out,
                "  heaps: {}",
                q.heap_elements
                    .iter()
                    .enumerate()
                    .map(|(h, e)| format!("{h}:{e}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            )?;
            if !q.heaps.is_empty() {
                writeln!(
                    out,
                    "Sum {:?} = {}: the player to move {}",
                    q.heaps,
                    q.element,
                    if q.loses { "loses" } else { "wins" }
                )?;
                for m in &q.misere_winning {
                    writeln!(out, "  winning move: {m}")?;
                }
            }
        }
        Report::Solitaire(a) => {
            let sol = &a.solitaire;
            writeln!(
                out,
                "Line {}: the player to move {}",
                sol.line,
                if sol.loses { "loses" } else { "wins" }
            )?;
            for j in &sol.winning_jumps {
                writeln!(out, "  winning jump: {} over {} into {}", j.from, j.over, j.to)?;
            }
        }
        Report::Table(a) => table(out, a)?,
    }
    Ok(())
}

fn table(out: &mut dyn Write, a: &TableReport) -> fmt::Result {
    writeln!(
        out,
        "Octal codes of 1 to {} digits, heaps 0..={}: {} codes, {} games",
        a.digits,
        a.up_to,
        a.rows.len(),
        a.games
    )?;
    writeln!(
        out,
        "{:<7} {:<9} {:>7} {:>10} {:<8} {:>7} {:>6}  same game as",
        "code", "status", "period", "preperiod", "proof", "largest", "rare"
    )?;
    let dash = || "-".to_string();
    for r in &a.rows {
        // G(n) = G_rep(n − shift).
        let same = match (&r.same_as, r.shift) {
            (None, _) => String::new(),
            (Some(c), 0) => c.clone(),
            (Some(c), 1) => format!("{c}, one heap later"),
            (Some(c), -1) => format!("{c}, one heap earlier"),
            (Some(c), s) if s > 0 => format!("{c}, {s} heaps later"),
            (Some(c), s) => format!("{c}, {} heaps earlier", -s),
        };
        writeln!(
            out,
            "{:<7} {:<9} {:>7} {:>10} {:<8} {:>7} {:>6}  {same}",
            r.code,
            format!("{:?}", r.status).to_lowercase(),
            r.period.map_or_else(dash, |p| p.to_string()),
            r.preperiod.map_or_else(dash, |p| p.to_string()),
            if r.proven { "proven" } else { "-" },
            r.largest.value,
            r.rare.map_or_else(dash, |c| c.to_string()),
        )?;
    }
    Ok(())
}
