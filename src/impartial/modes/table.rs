//! `mode=table`: every octal code of up to `digits` digits, as the published tables give them.

use super::rules::ModeRules;
use crate::impartial::scenario::Scenario;
use crate::impartial::table::{codes, table, TableReport, MAX_TABLE_UP_TO};
use crate::toolkit::{Cost, Error, Progress, UsedKey};

/// The table's rules.
pub struct Rules;

impl ModeRules for Rules {
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
}
