//! Partizan games as a [`Family`]: one position of a ruleset, analysed.

use super::report::{analyse_sum, estimate, Analysis};
use super::scenario::{Scenario, FIELDS};
use crate::toolkit::{Cost, Error, Family, Field, Label, Progress};

/// Partizan games: canonical forms, outcomes, thermographs.
pub struct PartizanGames;

impl Family for PartizanGames {
    const KEY: &'static str = "partizan";
    const TITLE: Label = Label::new("Partizan games", "Jeux partisans");
    const FIELDS: &'static [Field] = FIELDS;
    type Scenario = Scenario;
    type Report = Analysis;
    type Extra = ();
    type Session = ();
    type Turn = ();

    /// From the parts the solve visits (estimated by ruleset) at the page's
    /// measured rate (BENCHMARKS.md, "Partizan games").
    fn cost(s: &Scenario) -> Cost {
        let parts = estimate(s.ruleset, &s.position).unwrap_or(0.0)
            + s.sum.iter().map(|(r, p)| estimate(*r, p).unwrap_or(0.0)).sum::<f64>();
        Cost {
            seconds: parts * SECONDS_PER_PART,
            megabytes: 5.0 + parts * 1e-3,
            uncertain: false,
        }
    }

    fn analyse(s: &Scenario, progress: Progress) -> Result<Analysis, Error> {
        analyse_sum(s.ruleset, &s.position, &s.sum, progress)
    }
}

/// The page's time per part solved (canonical forms and their sums included).
const SECONDS_PER_PART: f64 = 2e-5;
