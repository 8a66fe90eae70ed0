//! `ludolab orchard`: the win probability by basket strategy, the advisor, the sweeps.

use super::{json, query, scenario, Failure};
use ludolab::orchard::sweep::{min_crows, sweep, MinCrows, Range, Sweep};
use ludolab::orchard::{analyse, Report};
use ludolab::registry::Scenario;
use serde::Serialize;
use std::io::{self, Write};

/// The flags of `ludolab orchard`, named like the link's keys.
#[derive(clap::Args)]
pub struct Args {
    /// Number of trees (1 to 8).
    #[arg(short = 'a', long)]
    trees: Option<String>,
    /// Fruits per tree (1 to 20), or one count per tree: 10,10,7,3.
    #[arg(short, long)]
    fruits: Option<String>,
    /// Crow pieces (1 to 20).
    #[arg(short, long)]
    crows: Option<String>,
    /// Basket strategy: max, min, random or optimal.
    #[arg(short = 'p', long)]
    strategy: Option<String>,
    /// Fruits a basket picks (1 to 4; default 2).
    #[arg(long)]
    basket: Option<String>,
    /// Also print the sweeps: P for 1..8 trees × 1..20 fruits, and the fewest crows for P > 1/2.
    #[arg(long)]
    sweep: bool,
    /// Also simulate this many games with the real die.
    #[arg(long)]
    simulate: Option<String>,
    /// Seed of the simulation.
    #[arg(long)]
    seed: Option<String>,
    /// Advisor: the current position, fruits per tree (e.g. 7,5,0,3).
    #[arg(long)]
    position: Option<String>,
    /// Advisor: crows left (default: --crows).
    #[arg(long)]
    crows_left: Option<String>,
    /// Every strategy's win probability as an exact fraction too.
    #[arg(long)]
    exact: bool,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

impl Args {
    fn query(&self) -> String {
        query(
            "orchard",
            &[
                ("trees", self.trees.clone()),
                ("fruits", self.fruits.clone()),
                ("crows", self.crows.clone()),
                ("strategy", self.strategy.clone()),
                ("basket", self.basket.clone()),
                ("simulate", self.simulate.clone()),
                ("seed", self.seed.clone()),
                ("position", self.position.clone()),
                ("crows_left", self.crows_left.clone()),
                ("exact", self.exact.then(|| "yes".to_string())),
            ],
        )
    }
}

/// The report with the sweeps, when asked (`--sweep --json`).
#[derive(Serialize)]
struct WithSweeps<'a> {
    #[serde(flatten)]
    report: &'a Report,
    /// P for 1..8 trees × 1..20 fruits at the game's crows.
    table: Option<&'a Vec<Vec<f64>>>,
    /// The fewest crows giving P > 1/2.
    min_crows: Option<&'a Vec<Vec<Option<usize>>>>,
    min_crows_searched_up_to: Option<usize>,
}

/// Runs `ludolab orchard`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let Scenario::Orchard(s) = scenario(&args.query())? else {
        unreachable!("game=orchard parses to an Orchard scenario")
    };
    let report = analyse(&s, &mut |_, _| {})?;
    let sweeps = if args.sweep {
        // One solve up to 40 crows holds the sweep at the game's crow count.
        let least = min_crows(Range::FULL, s.strategy, s.game.basket, &mut |_, _| {})?;
        let at_crows = match least.sweep(s.game.crows) {
            Some(table) => table,
            None => sweep(Range::FULL, s.game.crows, s.strategy, s.game.basket, &mut |_, _| {})?,
        };
        Some((at_crows, least))
    } else {
        None
    };
    if args.json {
        json(
            out,
            &WithSweeps {
                report: &report,
                table: sweeps.as_ref().map(|(t, _)| &t.table),
                min_crows: sweeps.as_ref().map(|(_, m)| &m.min_crows),
                min_crows_searched_up_to: sweeps.as_ref().map(|(_, m)| m.searched_up_to),
            },
        )
    } else {
        Ok(print(out, &report, sweeps.as_ref())?)
    }
}

fn print(out: &mut dyn Write, a: &Report, sweeps: Option<&(Sweep, MinCrows)>) -> io::Result<()> {
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
    if let Some((table, least)) = sweeps {
        writeln!(
            out,
            "\nWin probability, {} crows (rows: trees 1..8, columns: fruits 1..20):",
            table.crows
        )?;
        for (t, row) in table.table.iter().enumerate() {
            let cells: Vec<String> = row.iter().map(|p| format!("{p:.3}")).collect();
            writeln!(out, "{:>2} {}", t + 1, cells.join(" "))?;
        }
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
    }
    Ok(())
}
