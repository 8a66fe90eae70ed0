//! `mode=octal`: an octal game's values by code, their period and its proof.

use super::rules::ModeRules;
use crate::impartial::report::{octal_report, ValuesReport};
use crate::impartial::scenario::Scenario;
use crate::toolkit::{Cost, Error, Label, Progress, UsedKey};

/// Heaps a preview computes on the page's main thread (under a millisecond).
pub const PREVIEW_HEAPS: usize = 200;

/// Heaps probed to see whether a period is proven early (Kayles: at once).
const PROBE: usize = 4096;

/// An octal game's time: a short probe of its first values tells a period
/// proven early (the rest is a fill) from one that needs every heap computed.
pub(super) fn octal_seconds(s: &Scenario) -> f64 {
    let n = s.up_to as f64;
    let probe = s.up_to.min(PROBE);
    let proven = crate::impartial::octal::values(&s.code, probe, &mut |_, _| {})
        .ok()
        .and_then(|(g, _)| crate::impartial::period::find_period(&g, s.code.theorem_t()))
        .is_some_and(|p| p.proven);
    if proven {
        1e-8 * n + 1e-3
    } else {
        // Every heap computed: 1.2 µs each in the browser for .354 (20.2 million
        // in 24 s) and .16. Codes whose values need long searches cost more, and
        // a probe of the first heaps does not tell them apart (.376: 25 µs):
        // the estimate is low for those, though above the 3 s that asks first.
        1.5e-6 * n
    }
}

/// The octal games' rules.
pub struct Rules;

impl ModeRules for Rules {
    const LABEL: Label = Label::new("octal game", "jeu octal");
    const HINT: Label = Label::new(
        "A take-and-break game by its octal code d₀.d₁d₂…: Kayles is 0.77, the path game (Dawson’s chess) 0.137, Dawson’s Kayles 0.07.",
        "Un jeu de prise et de coupe donné par son code octal d₀.d₁d₂… : Kayles est 0.77, le jeu des chemins (échecs de Dawson) 0.137, le Kayles de Dawson 0.07.",
    );
    const KEYS: &'static [UsedKey] = &[UsedKey::form("code"), UsedKey::form("up_to")];
    type Output = ValuesReport;

    fn cost(s: &Scenario) -> Cost {
        Cost {
            seconds: octal_seconds(s),
            megabytes: s.up_to as f64 * 2.0 / 1e6 + 5.0,
            uncertain: false,
        }
    }

    fn analyse(s: &Scenario, progress: Progress) -> Result<ValuesReport, Error> {
        octal_report(s, Vec::new(), progress, &mut |_| {})
    }

    /// The first [`PREVIEW_HEAPS`] heaps' values, at once.
    fn preview(s: &Scenario) -> Option<ValuesReport> {
        let first = Scenario {
            up_to: s.up_to.min(PREVIEW_HEAPS),
            ..s.clone()
        };
        octal_report(&first, Vec::new(), &mut |_, _| {}, &mut |_| {}).ok()
    }
}
