//! `mode=sum`: a sum of games, and whether two sums are equivalent.

use super::rules::ModeRules;
use crate::impartial::report::SumReport;
use crate::impartial::scenario::Scenario;
use crate::impartial::sum::{parse_sum, sum_value};
use crate::toolkit::{Cost, Error, Label, Progress, UsedKey};

/// The sums' rules.
pub struct Rules;

impl ModeRules for Rules {
    const LABEL: Label = Label::new("sum of games", "somme de jeux");
    const HINT: Label = Label::new(
        "A position of several independent games: its value is the XOR of theirs. Compare two positions: equivalent iff equal values.",
        "Une position faite de plusieurs jeux indépendants : sa valeur est le XOR des leurs. Comparez deux positions : équivalentes si et seulement si leurs valeurs sont égales.",
    );
    const KEYS: &'static [UsedKey] = &[UsedKey::form("sum"), UsedKey::form("other")];
    type Output = SumReport;

    fn cost(_: &Scenario) -> Cost {
        Cost {
            seconds: 0.01,
            megabytes: 20.0,
            uncertain: false,
        }
    }

    fn analyse(s: &Scenario, _: Progress) -> Result<SumReport, Error> {
        let first = sum_value(&parse_sum(&s.sum)?)?;
        let other = s
            .other
            .as_ref()
            .map(|o| parse_sum(o).and_then(|c| sum_value(&c)))
            .transpose()?;
        Ok(SumReport {
            mode: "sum",
            grundy: first.total,
            equivalent: other.as_ref().map(|o| o.total == first.total),
            other,
            sum: first,
        })
    }
}
