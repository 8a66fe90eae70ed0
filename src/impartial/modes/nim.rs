//! `mode=nim`: the seed's binary sum, the winning moves, and play against the computer.

use super::rules::ModeRules;
use super::too_many_heaps;
use crate::impartial::nim::{binary_rows, nim_sum, winning_moves};
use crate::impartial::report::NimReport;
use crate::impartial::scenario::Scenario;
use crate::toolkit::{Cost, Error, Progress, UsedKey};

/// Nim's rules.
pub struct Rules;

impl ModeRules for Rules {
    const KEYS: &'static [UsedKey] = &[UsedKey::form("heaps")];
    type Output = NimReport;

    fn check(s: &mut Scenario, _: &[&str]) -> Result<(), Error> {
        too_many_heaps(s)
    }

    fn cost(_: &Scenario) -> Cost {
        Cost {
            seconds: 1e-3,
            megabytes: 1.0,
            uncertain: false,
        }
    }

    fn analyse(s: &Scenario, _: Progress) -> Result<NimReport, Error> {
        let sum = nim_sum(&s.heaps);
        Ok(NimReport {
            mode: "nim",
            heaps: s.heaps.clone(),
            nim_sum: sum,
            grundy: sum.min(u64::from(u16::MAX)) as u16,
            winning_moves: winning_moves(&s.heaps),
            binary: binary_rows(&s.heaps),
        })
    }
}
