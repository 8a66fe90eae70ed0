//! Partizan games as a [`Family`]: one position of a ruleset, analysed.

use super::report::{
    analyse_sum, estimate, outcome_report, preview, search_estimate, PartizanReport, Solve, VALUE_FOR_OUTCOME_PARTS,
};
use super::rulesets::Ruleset;
use super::scenario::{Scenario, FIELDS};
use crate::toolkit::{Command, Cost, Error, Family, Field, Label, Progress, Sampler};

/// Partizan games: canonical forms, outcomes, thermographs.
pub struct PartizanGames;

impl Family for PartizanGames {
    const KEY: &'static str = "partizan";
    const TITLE: Label = Label::new("Partizan games", "Jeux partisans");
    fn print(_: &Scenario, r: &PartizanReport, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        super::text::print(r, out)
    }

    const COMMANDS: &'static [Command] = &[Command::plain(
        "partizan",
        "Partizan games (a board of one of the rulesets, or a game in CGSuite's notation): \
         the value in canonical form, outcome, mean, temperature, winning moves.",
    )
    .timed()];
    const FIELDS: &'static [Field] = FIELDS;
    type Scenario = Scenario;
    type Report = PartizanReport;
    type Extra = ();
    type Part = ();
    type Session = ();
    type Turn = ();

    /// From the parts the solve visits (estimated by ruleset) at the page's
    /// measured rate (BENCHMARKS.md, "Partizan games").
    fn cost(s: &Scenario) -> Cost {
        let parts = estimate(s.ruleset, &s.position).unwrap_or(0.0);
        if s.solve == Solve::Outcome && parts > VALUE_FOR_OUTCOME_PARTS {
            let parts = search_estimate(s.ruleset, &s.position).unwrap_or(0.0);
            return Cost {
                seconds: SEARCH_SCALE * parts.powf(SEARCH_POWER),
                megabytes: 20.0 + parts * 2e-7,
                uncertain: true,
            };
        }
        let parts = parts + s.sum.iter().map(|(r, p)| estimate(*r, p).unwrap_or(0.0)).sum::<f64>();
        Cost {
            seconds: parts * SECONDS_PER_PART,
            megabytes: 5.0 + parts * 1e-3,
            uncertain: false,
        }
    }

    /// A board of the drawn ruleset (or the default's) of any size and
    /// shape; a sum box of any rulesets.
    fn sample(key: &str, drawn: &[(String, String)], rng: &mut Sampler) -> Option<String> {
        let ruleset = drawn
            .iter()
            .find(|(k, _)| k == "ruleset")
            .and_then(|(_, v)| Ruleset::from_name(v))
            .unwrap_or_default();
        match key {
            "position" => Some(super::sample::position(ruleset, rng)),
            "sum" => Some(super::sample::sum(rng)),
            _ => None,
        }
    }

    /// The board before a long solve: edited and played under the go-ahead question.
    fn preview(s: &Scenario) -> Option<PartizanReport> {
        preview(s.ruleset, &s.position).map(|p| PartizanReport::Preview(Box::new(p)))
    }

    fn analyse(s: &Scenario, progress: Progress) -> Result<PartizanReport, Error> {
        Ok(match s.solve {
            Solve::Value => PartizanReport::Value(Box::new(analyse_sum(s.ruleset, &s.position, &s.sum, progress)?)),
            Solve::Outcome => PartizanReport::Outcome(Box::new(outcome_report(s.ruleset, &s.position, progress)?)),
        })
    }
}

/// The page's time per part solved (canonical forms and their sums included).
const SECONDS_PER_PART: f64 = 2e-5;

/// The page's time for an outcome search, `SEARCH_SCALE · partsᵖ` with `p` =
/// [`SEARCH_POWER`]: the search prunes more the larger the board (fitted on 6 × 6
/// Domineering, 2.3 s in the browser, and 7 × 7, about 90 s: BENCHMARKS.md).
const SEARCH_SCALE: f64 = 9.5e-5;
/// See [`SEARCH_SCALE`].
const SEARCH_POWER: f64 = 0.66;
