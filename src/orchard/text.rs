//! The command line's text of an Orchard report and of its sweeps.

use super::sweep::{MinCrows, Sweep};
use super::Report;
use std::fmt::{self, Write};

/// Writes the report as text.
///
/// # Errors
/// Only the writer's.
pub fn print(a: &Report, out: &mut dyn Write) -> fmt::Result {
    let trees: Vec<String> = a.trees.iter().map(u8::to_string).collect();
    writeln!(
        out,
        "Orchard: {} trees ({} fruits), {} crows, a basket picks {}; strategy {} — position {}",
        a.trees.len(),
        trees.join(","),
        a.crows,
        a.basket,
        a.strategy,
        a.label
    )?;
    writeln!(out, "Win probability: {:.12}", a.win_probability)?;
    writeln!(out, "Expected rolls:  {:.6}", a.expected_rolls)?;
    writeln!(out, "\nStrategy   win probability   expected rolls")?;
    for v in &a.strategies {
        writeln!(
            out,
            "{:<9}  {:>15.12}   {:>14.6}",
            v.strategy, v.win_probability, v.expected_rolls
        )?;
    }
    if let Some(exact) = &a.exact {
        writeln!(out, "\nWin probability exactly:")?;
        for x in exact {
            writeln!(out, "{:<9}  {}", x.strategy, x.win_probability)?;
        }
    }
    if let Some(why) = &a.exact_note {
        writeln!(out, "\nNo exact fractions: {why}")?;
    }
    writeln!(out, "\nWin probability by crows ({}):", a.strategy)?;
    for (c, p) in a.by_crows.iter().enumerate() {
        writeln!(out, "  {:>2} crows: {p:.12}", c + 1)?;
    }
    match (&a.by_turn, &a.by_turn_note) {
        (Some(b), _) => {
            let total: f64 = b.victory.iter().sum();
            writeln!(
                out,
                "\nBy roll: P(victory) = {total:.12} over {} rolls; expected rolls {:.6} (summed by roll)",
                b.victory.len(),
                b.expected_rolls
            )?;
        }
        (None, Some(why)) => writeln!(out, "\nBy roll: not computed: {why}")?,
        _ => {}
    }
    if let Some(c) = &a.chain {
        writeln!(
            out,
            "\nThe chain ({} states; victory exactly and by M^1000):",
            c.states.len()
        )?;
        for (k, st) in c.states.iter().enumerate() {
            let edges: Vec<String> = c
                .edges
                .iter()
                .filter(|e| e.from == k)
                .map(|e| format!("{} {}", c.labels[e.to], e.fraction))
                .collect();
            writeln!(
                out,
                "  {:<8} → {:<50} P = {} = {:.12} (M^1000: {:.12})",
                st.label,
                edges.join(", "),
                c.victory_exact[k],
                c.victory[k],
                c.victory_power[k]
            )?;
        }
        writeln!(out, "  max |exact − M^1000| = {:.1e}", c.max_difference)?;
    }
    if let Some(s) = &a.simulation {
        writeln!(
            out,
            "\nSimulated {} games (seed {}): {:.6} ± {:.6} (standard error); exact {:.6}; mean rolls {:.4}",
            s.games, s.seed, s.win_probability, s.standard_error, a.win_probability, s.mean_rolls
        )?;
    }
    if let Some(why) = &a.simulation_note {
        writeln!(out, "\nSimulation: not computed: {why}")?;
    }
    if let Some(adv) = &a.advice {
        writeln!(
            out,
            "\nAdvisor, position {} (optimal play from here: {:.12}){}:",
            adv.label,
            adv.win_probability,
            if adv.basket_wins {
                " — a basket wins at once"
            } else {
                ""
            }
        )?;
        for p in &adv.picks {
            let take: Vec<String> = p.take.iter().map(u8::to_string).collect();
            writeln!(
                out,
                "  take {:<16} → {:<12} P = {:.12}",
                take.join(","),
                p.after_label,
                p.win_probability
            )?;
        }
        for st in &adv.strategies {
            writeln!(
                out,
                "  {:<7} picks → P = {:.12} (loses {:.2e}); played throughout: {:.12}",
                st.strategy, st.win_probability, st.loss, st.played_throughout
            )?;
        }
    }
    Ok(())
}

/// Writes the sweep of P over trees and fruits as text.
///
/// # Errors
/// Only the writer's.
pub fn print_sweep(table: &Sweep, out: &mut dyn Write) -> fmt::Result {
    writeln!(
        out,
        "\nWin probability, {} crows (rows: trees 1..8, columns: fruits 1..20):",
        table.crows
    )?;
    for (t, row) in table.table.iter().enumerate() {
        let cells: Vec<String> = row.iter().map(|p| format!("{p:.3}")).collect();
        writeln!(out, "{:>2} {}", t + 1, cells.join(" "))?;
    }
    Ok(())
}

/// Writes the fewest crows for P > 1/2 as text.
///
/// # Errors
/// Only the writer's.
pub fn print_min_crows(least: &MinCrows, out: &mut dyn Write) -> fmt::Result {
    writeln!(
        out,
        "\nFewest crows for P > 1/2 (searched up to {}; '-' beyond):",
        least.searched_up_to
    )?;
    for (t, row) in least.min_crows.iter().enumerate() {
        let cells: Vec<String> = row
            .iter()
            .map(|c| c.map_or("-".into(), |c| format!("{c:>2}")))
            .collect();
        writeln!(out, "{:>2} {}", t + 1, cells.join(" "))?;
    }
    Ok(())
}
