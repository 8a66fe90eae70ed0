//! `mode=table`: every octal code of up to `digits` digits, as the published tables give them.

use super::rules::ModeRules;
use crate::impartial::scenario::Scenario;
use crate::impartial::table::{codes, table, TableReport, MAX_TABLE_UP_TO};
use crate::toolkit::{Cost, Error, Label, Progress, UsedKey};

/// The table's rules.
pub struct Rules;

impl ModeRules for Rules {
    const LABEL: Label = Label::new("table of octal games", "table des jeux octaux");
    const HINT: Label = Label::new(
        "Every octal code of 1 to D digits, as the published tables give them: period, pre-period, proof, largest value, sparse space; codes that are the same game grouped.",
        "Tous les codes octaux de 1 à D chiffres, comme les donnent les tables publiées : période, prépériode, preuve, plus grande valeur, espace creux ; les codes qui sont le même jeu sont regroupés.",
    );
    const KEYS: &'static [UsedKey] = &[UsedKey::form("digits"), UsedKey::form("up_to")];
    type Output = TableReport;

    fn check(s: &mut Scenario, _: &[&str]) -> Result<(), Error> {
        if s.up_to > MAX_TABLE_UP_TO {
            return Err(Error::Conflict {
                key: "up_to",
                message: text!(
                    "the table computes every code: at most {} heaps each (not {})",
                    "la table calcule chaque code : au plus {} tas chacun (pas {})",
                    MAX_TABLE_UP_TO,
                    s.up_to
                ),
            });
        }
        Ok(())
    }

    /// Its codes each to `up_to`, most of them proven early, the unsolved
    /// ones heap by heap and worse than linearly (the times a code:
    /// BENCHMARKS.md, "Impartial games").
    fn cost(s: &Scenario) -> Cost {
        let n = s.up_to as f64;
        let codes = codes(s.digits).len() as f64;
        Cost {
            seconds: codes * (2e-4 + 4e-3 * (n / 2000.0).powf(1.5)),
            megabytes: n * 2.0 / 1e6 * 8.0 + 10.0,
            uncertain: false,
        }
    }

    fn analyse(s: &Scenario, progress: Progress) -> Result<TableReport, Error> {
        table(s.digits, s.up_to, progress)
    }

    /// The table's first rows: the one-digit codes, to at most
    /// [`PREVIEW_HEAPS`](super::octal::PREVIEW_HEAPS) heaps each, at once.
    fn preview(s: &Scenario) -> Option<TableReport> {
        table(1, s.up_to.min(super::octal::PREVIEW_HEAPS), &mut |_, _| {}).ok()
    }
}
