//! `ludolab dice`: the sequential game, strategies compared, the simultaneous games.

use super::{json, query, rounded, scenario, Failure};
use ludolab::dice::report::{Head, Tables};
use ludolab::dice::{analyse, Report};
use ludolab::registry::Scenario;
use std::io::{self, Write};

/// What `ludolab dice` computes (the link's `mode`).
#[derive(Clone, Copy, clap::ValueEnum)]
enum Mode {
    Sequential,
    Compare,
    OneTurn,
    Simultaneous,
    Variant,
}

/// The flags of `ludolab dice`, named like the link's keys.
#[derive(clap::Args)]
pub struct Args {
    /// sequential, compare, one-turn, simultaneous or variant.
    #[arg(value_enum)]
    mode: Mode,
    /// D: most dice a player may throw (1 to 30).
    #[arg(long)]
    dice: Option<String>,
    /// N: points to reach (1 to 1000).
    #[arg(long)]
    target: Option<String>,
    /// Strategy of player 1, who moves first: blind, random, optimal or a number of dice.
    #[arg(long)]
    first: Option<String>,
    /// Strategy of player 2.
    #[arg(long)]
    second: Option<String>,
    /// Also simulate this many games (compare).
    #[arg(long)]
    simulate: Option<String>,
    /// Seed of the simulation.
    #[arg(long)]
    seed: Option<String>,
    /// The sequential game's EG as exact fractions (D ≤ 6, N ≤ 40).
    #[arg(long)]
    exact: bool,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

impl Args {
    fn query(&self) -> String {
        let mode = ludolab::dice::Mode::NAMES[self.mode as usize];
        query(
            "dice",
            &[
                ("mode", Some(mode.to_string())),
                ("dice", self.dice.clone()),
                ("target", self.target.clone()),
                ("first", self.first.clone()),
                ("second", self.second.clone()),
                ("simulate", self.simulate.clone()),
                ("seed", self.seed.clone()),
                ("exact", self.exact.then(|| "yes".to_string())),
            ],
        )
    }
}

/// Runs `ludolab dice`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let Scenario::Dice(s) = scenario(&args.query())? else {
        unreachable!("game=dice parses to a Dice scenario")
    };
    let report = analyse(&s, &mut |_, _| {})?;
    if args.json {
        json(out, &report)
    } else {
        Ok(print(out, &report)?)
    }
}

fn head(out: &mut dyn Write, h: &Head) -> io::Result<()> {
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

fn tables(out: &mut dyn Write, what: &str, t: &Tables) -> io::Result<()> {
    writeln!(out, "{what}: EG(0,0) = {:.10}, OPT(0,0) = {} dice", t.eg00, t.opt00)
}

fn print(out: &mut dyn Write, report: &Report) -> io::Result<()> {
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
