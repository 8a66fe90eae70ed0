//! Orchard as a [`Family`].

use super::by_turn::MAX_WORK;
use super::scenario::{analyse, Report, Scenario, FIELDS};
use super::sweep::{min_crows, sweep, MinCrows, Range, Sweep};
use super::{win_probability, Strategy};
use crate::toolkit::{command, unknown_task, Command, Cost, Error, Family, Field, Label, Progress};
use serde::Serialize;

/// Orchard — Le Verger (seed 002): the win probability by basket strategy.
pub struct Orchard;

/// A follow-up task's result.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Extra {
    /// P for 1..8 trees × 1..20 fruits at the link's crows.
    Sweep(Sweep),
    /// The fewest crows for P > 1/2, for every orchard of the sweep.
    MinCrows(MinCrows),
    /// The link's strategy alone (the benchmark's measure).
    Value {
        /// The win probability.
        win_probability: f64,
        /// The expected number of rolls.
        expected_rolls: f64,
    },
}

fn binomial(n: usize, k: usize) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// The most rolls a game can last: one per fruit and crow.
fn longest_game(s: &Scenario) -> f64 {
    (s.game.total_fruits() + s.game.crows) as f64
}

impl Family for Orchard {
    const KEY: &'static str = "orchard";
    const TITLE: Label = Label::new("Orchard", "Le Verger");
    fn print(_: &Scenario, r: &Report, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        super::text::print(r, out)
    }

    fn print_extra(_: &Scenario, _: &str, x: &Extra, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        match x {
            Extra::Sweep(t) => super::text::print_sweep(t, out),
            Extra::MinCrows(m) => super::text::print_min_crows(m, out),
            Extra::Value {
                win_probability,
                expected_rolls,
            } => writeln!(
                out,
                "Win probability {win_probability:.12}, expected rolls {expected_rolls:.6}"
            ),
        }
    }

    const COMMANDS: &'static [Command] = &[Command::plain(
        "orchard",
        "Orchard (Le Verger): win probability by basket strategy, the advisor, sweeps.",
    )
    .spelled(&[
        command::short("trees", 'a'),
        command::short("fruits", 'f'),
        command::short("crows", 'c'),
        command::short("strategy", 'p'),
        command::tasks(
            "sweep",
            &["sweep", "min-crows"],
            "Also the sweeps: P for 1..8 trees × 1..20 fruits, and the fewest crows for P > 1/2",
        ),
    ])];
    const FIELDS: &'static [Field] = FIELDS;
    const TASKS: &'static [&'static str] = &["sweep", "min-crows", "value"];
    type Scenario = Scenario;
    type Report = Report;
    type Extra = Extra;
    type Part = ();
    type Session = ();
    type Turn = ();

    /// Calibrated on the in-browser benchmark (BENCHMARKS.md).
    fn cost(s: &Scenario) -> Cost {
        let trees = s.game.trees.len();
        let fruits = usize::from(s.game.trees.iter().copied().max().unwrap_or(1));
        let positions = binomial(fruits + trees, trees);
        let c = s.game.crows as f64;
        // Four strategies, each a pass over the positions: a fixed cost per
        // position and one per crow count.
        // 8 trees of 20 fruits (3.1 million positions): 4.67 s in the worker
        // with 20 crows (BENCHMARKS.md, "Cost estimates"); 5.8 s natively with
        // one crow, 8.5 s with nine, on a day this machine ran 2.5 times slower
        // (stop 77's estimate test: the part per position was too small).
        let per_position = |crows: f64| 4.0 * (1.4e-7 + 1.1e-8 * crows);
        let mut seconds = per_position(c) * positions;
        if let Some(p) = &s.position {
            // The advisor solves its position's space up to its own crows left.
            let f = usize::from(p.iter().copied().max().unwrap_or(1));
            let left = s.crows_left.unwrap_or(s.game.crows) as f64;
            seconds += per_position(left) * binomial(f + p.len(), p.len());
        }
        // Exact fractions: four memoised recursions, each position a sum of
        // trees + 2 fractions whose length grows with the depth (fruits and
        // crows): about 0.1 µs per position, term and level in the browser, the
        // four strategies together; nothing past the limit.
        let bound = super::exact::positions_bound(&s.game.trees, s.game.crows);
        if s.exact && bound <= super::exact::MAX_EXACT_POSITIONS as f64 {
            seconds += 1e-7 * bound * (trees + 2) as f64 * longest_game(s);
        }
        // A simulated game lasts at most one roll per fruit and crow; the
        // optimal basket also looks its choice up in a table.
        let per_roll = if s.strategy == Strategy::Optimal { 5e-8 } else { 1.5e-8 };
        seconds += per_roll * s.simulate as f64 * (s.game.total_fruits() as f64 + c);
        // The outcome by roll (within its work limit): a pass per roll over the
        // positions and crows, after listing each position's baskets.
        let longest = longest_game(s);
        if positions * c * longest <= MAX_WORK as f64 {
            seconds += 5e-9 * positions * c * longest;
            if s.game.basket > 1 && matches!(s.strategy, Strategy::Optimal | Strategy::Random) {
                let choices = binomial(trees + s.game.basket - 1, s.game.basket);
                seconds += 2e-7 * positions * choices;
            }
        }
        Cost {
            seconds,
            megabytes: positions * 4.0 / 1e6 + 2.0 * positions / (trees * fruits + 1) as f64 * c * 64.0 / 1e6 + 5.0,
            uncertain: false,
        }
    }

    fn analyse(s: &Scenario, progress: Progress) -> Result<Report, Error> {
        analyse(s, progress)
    }

    fn extra(s: &Scenario, task: &str, progress: Progress) -> Result<Extra, Error> {
        match task {
            "sweep" => sweep(Range::FULL, s.game.crows, s.strategy, s.game.basket, progress).map(Extra::Sweep),
            "min-crows" => min_crows(Range::FULL, s.strategy, s.game.basket, progress).map(Extra::MinCrows),
            "value" => win_probability(&s.game, s.strategy).map(|(win_probability, expected_rolls)| Extra::Value {
                win_probability,
                expected_rolls,
            }),
            other => Err(unknown_task(other, Self::TASKS)),
        }
    }
}
