//! `mode=nim`: the seed's binary sum, the winning moves, and play against the computer.

use super::rules::ModeRules;
use super::too_many_heaps;
use crate::impartial::nim::{binary_rows, nim_sum, winning_moves};
use crate::impartial::report::NimReport;
use crate::impartial::scenario::Scenario;
use crate::toolkit::{Cost, Error, Label, Progress, UsedKey};

/// Nim's rules.
pub struct Rules;

impl ModeRules for Rules {
    const LABEL: Label = Label::new("Nim", "Nim");
    const HINT: Label = Label::new(
        "Heaps of tokens; a move takes any number from one heap. Lost for the player to move iff the nim-sum is 0.",
        "Des tas de jetons ; un coup en prend autant qu’on veut dans un tas. Perdu pour le joueur qui joue si et seulement si la somme de Nim est 0.",
    );
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
