//! `mode=subtraction`: a subtraction game's values and period.

use super::rules::ModeRules;
use crate::impartial::report::{values_report, ValuesReport};
use crate::impartial::scenario::Scenario;
use crate::impartial::subtraction::subtraction_values;
use crate::toolkit::{Cost, Error, Label, Progress, UsedKey};

/// The subtraction games' rules.
pub struct Rules;

impl ModeRules for Rules {
    const LABEL: Label = Label::new("subtraction game", "jeu de soustraction");
    const HINT: Label = Label::new(
        "A move takes s tokens for some s in a finite set.",
        "Un coup prend s jetons, s dans un ensemble fini.",
    );
    const KEYS: &'static [UsedKey] = &[UsedKey::form("take"), UsedKey::form("up_to")];
    type Output = ValuesReport;

    fn cost(s: &Scenario) -> Cost {
        let n = s.up_to as f64;
        Cost {
            seconds: 6e-9 * n * s.set.len() as f64,
            megabytes: n * 2.0 / 1e6 + 5.0,
            uncertain: false,
        }
    }

    fn analyse(s: &Scenario, _: Progress) -> Result<ValuesReport, Error> {
        let g = subtraction_values(&s.set, s.up_to)?;
        let set = s.set.iter().map(usize::to_string).collect::<Vec<_>>().join(",");
        let t = Some(s.set.iter().copied().max().unwrap_or(1));
        Ok(values_report("subtraction", set, g, t, None))
    }
}
