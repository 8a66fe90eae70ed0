//! `mode=solitaire`: two-player peg solitaire on a line (the seed's exercise).

use super::rules::ModeRules;
use crate::impartial::report::{SolitaireReport, SolitaireResult};
use crate::impartial::scenario::Scenario;
use crate::impartial::solitaire::{Solitaire, MAX_HOLES};
use crate::toolkit::{Cost, Error, Label, Progress, UsedKey};

/// Peg solitaire's rules.
pub struct Rules;

impl ModeRules for Rules {
    const LABEL: Label = Label::new("peg solitaire", "solitaire");
    const HINT: Label = Label::new(
        "The seed’s exercise: a peg jumps over a neighbouring peg into the empty hole beyond, removing it; whoever cannot move loses.",
        "L’exercice du document : une fiche saute par-dessus une fiche voisine dans le trou vide au-delà, et la retire ; qui ne peut plus jouer perd.",
    );
    const KEYS: &'static [UsedKey] = &[UsedKey::form("line")];
    type Output = SolitaireReport;

    fn cost(_: &Scenario) -> Cost {
        // Every line length's table is built whatever the line (0.3–0.5 s
        // natively on a slow day, stop 77's estimate test).
        Cost {
            seconds: 0.15,
            megabytes: 10.0,
            uncertain: false,
        }
    }

    fn analyse(s: &Scenario, progress: Progress) -> Result<SolitaireReport, Error> {
        let (n, c) = Solitaire::parse(&s.line)?;
        let mut table = Vec::new();
        let mut mine = None;
        for holes in 1..=MAX_HOLES {
            let sol = Solitaire::new(holes)?;
            table.push((holes, sol.lost_count(), sol.one_hole()));
            if holes == n {
                mine = Some((sol.loses(c), sol.winning_jumps(c)));
            }
            progress(holes as f64 / MAX_HOLES as f64, &[]);
        }
        let (loses, winning_jumps) = mine.expect("the line's own length is in 1..=20");
        Ok(SolitaireReport {
            mode: "solitaire",
            solitaire: SolitaireResult {
                line: s.line.clone(),
                holes: n,
                loses,
                winning_jumps,
                table,
            },
        })
    }
}
