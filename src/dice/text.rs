//! The command line's text of a Dice Battle report, one part per mode.

use super::report::{Head, Tables};
use super::Report;
use crate::toolkit::number::rounded;
use std::fmt::{self, Write};

fn head(out: &mut dyn Write, h: &Head) -> fmt::Result {
    writeln!(
        out,
        "Dice Battle, {} mode: D = {} dice at most, target N = {}",
        h.mode, h.dice, h.target
    )?;
    let best = h.blind_choice;
    writeln!(
        out,
        "Expected points EP(d) is largest at d* = {best}: EP = {:.4}",
        h.expected_points[best - 1]
    )
}

fn tables(out: &mut dyn Write, what: &str, t: &Tables) -> fmt::Result {
    writeln!(out, "{what}: EG(0,0) = {:.10}, OPT(0,0) = {} dice", t.eg00, t.opt00)
}

/// Writes the report as text.
///
/// # Errors
/// Only the writer's.
pub fn print(report: &Report, out: &mut dyn Write) -> fmt::Result {
    match report {
        Report::Sequential(a) => {
            head(out, &a.head)?;
            tables(out, "Sequential game", &a.tables)?;
            if let Some(x) = &a.exact {
                writeln!(out, "EG(0,0) = {} exactly", x.eg00)?;
            }
            writeln!(out)?;
            writeln!(out, "Expected gain of player 1 (moving first), exactly:")?;
            writeln!(
                out,
                "{:>10} {:>10} {:>10} {:>10}",
                "P1 \\ P2", "blind", "optimal", "random"
            )?;
            for row in a.table.chunks(3) {
                write!(out, "{:>10}", row[0].first)?;
                for c in row {
                    write!(out, " {:>10.5}", c.expected_gain)?;
                }
                writeln!(out)?;
            }
        }
        Report::Variant(a) => {
            head(out, &a.head)?;
            tables(out, "Variant where a 1 scores 0", &a.tables)?;
            writeln!(
                out,
                "Value iteration to 1e-12: {} iterations over all state pairs, at most {} for one pair",
                a.iterations, a.max_iterations
            )?;
        }
        Report::Compare(a) => {
            head(out, &a.head)?;
            writeln!(
                out,
                "{} (first) against {}: player 1 wins with probability {:.10}, expected gain {:.10} (exact)",
                a.first, a.second, a.win_probability, a.expected_gain
            )?;
            if let Some(sim) = &a.simulation {
                writeln!(
                    out,
                    "Simulation of {} games (seed {}): expected gain {:.5} ± {:.5} (standard error)",
                    sim.games, sim.seed, sim.expected_gain, sim.standard_error
                )?;
            }
        }
        Report::Simultaneous(g) => {
            head(out, &g.head)?;
            let n = g.head.target;
            writeln!(out, "Simultaneous game over many turns: EG1(0,0) = {:.10}", g.value)?;
            writeln!(
                out,
                "{} of {} states need a mixed strategy (the others have a pure saddle point)",
                g.mixed_states,
                n * n
            )?;
            writeln!(out, "Antisymmetry: max |EG1(i,j) + EG1(j,i)| = {:.1e}", g.antisymmetry)?;
            writeln!(
                out,
                "Expected gain of the optimal simultaneous strategy (first) against:"
            )?;
            for c in &g.table {
                writeln!(out, "  {:<22} {:>10}", c.second, rounded(c.expected_gain, 6))?;
            }
            for (i, j) in [(0, 0), (0, n / 2)] {
                let mix: Vec<String> = g
                    .strategy
                    .cell(i, j)
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| **p > 1e-9)
                    .map(|(d, p)| format!("{} dice {:.4}", d + 1, p))
                    .collect();
                writeln!(
                    out,
                    "  EG1({i},{j}) = {}, play {}",
                    rounded(g.eg.get(i, j), 6),
                    mix.join(", ")
                )?;
            }
        }
        Report::OneTurn(a) => {
            head(out, &a.head)?;
            let (m, g) = (&a.matrix, &a.game);
            writeln!(out, "One turn, both players choosing at once: value {:.10}", g.value)?;
            writeln!(out, "Optimal mixed strategy (probability of each number of dice):")?;
            for (d, p) in g.strategy.iter().enumerate().filter(|(_, p)| **p > 1e-12) {
                writeln!(out, "  {} dice: {p:.6}", d + 1)?;
            }
            let exact = a.matrix_exact.is_some();
            writeln!(
                out,
                "EG1(d1, d2) (rows: player 1's dice){}:",
                if exact { ", exactly" } else { "" }
            )?;
            for i in 0..m.rows() {
                let row: Vec<String> = (0..m.cols())
                    .map(|j| match &a.matrix_exact {
                        Some(x) => format!("{:>11}", x[i][j]),
                        None => format!("{:>8.4}", m.get(i, j)),
                    })
                    .collect();
                writeln!(out, "{:>3} {}", i + 1, row.join(" "))?;
            }
        }
    }
    Ok(())
}
