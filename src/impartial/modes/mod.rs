//! The impartial modes, one module each: its keys, checks, cost and analysis
//! ([`rules::ModeRules`]). The list naming them is in `scenario.rs`
//! (`impartial_modes!`); from it this module builds the family's report (one
//! variant per mode), the dispatch, and the table of each mode's keys that
//! the link writes and the page's form shows.

pub mod graph;
pub mod misere;
pub mod nim;
pub mod octal;
pub mod quotient;
pub mod rules;
pub mod solitaire;
pub mod subtraction;
pub mod sum;
pub mod table;

use crate::impartial::scenario::{impartial_modes, Mode, Scenario, MAX_HEAPS, MAX_SUM_HEAPS};
use crate::toolkit::{Cost, Error, Label, Progress, Uses};
use rules::ModeRules;
use serde::Serialize;

macro_rules! define_dispatch {
    ($($variant:ident $name:literal $module:ident,)*) => {
        /// The report of an impartial-games view: one variant per mode (its `mode` key tells them apart).
        #[derive(Clone, Debug, PartialEq, Serialize)]
        #[serde(untagged)]
        pub enum Report {
            $(
                #[doc = concat!("`mode=", $name, "`.")]
                $variant(<$module::Rules as ModeRules>::Output),
            )*
        }

        /// The keys each mode uses, in menu order (the `mode` field's `uses`).
        pub const MODE_USES: &[Uses] = &[$(Uses { value: $name, keys: <$module::Rules as ModeRules>::KEYS },)*];
        /// What the page's menu calls each mode, in menu order.
        pub const MODE_LABELS: &[Label] = &[$(<$module::Rules as ModeRules>::LABEL,)*];
        /// What the page says beside the menu for each mode, in menu order.
        pub const MODE_HINTS: &[Label] = &[$(<$module::Rules as ModeRules>::HINT,)*];

        /// Sets the mode's defaults and refuses keys that do not fit together.
        ///
        /// # Errors
        /// The first key at fault.
        pub fn check(s: &mut Scenario, given: &[&str]) -> Result<(), Error> {
            match s.mode {
                $(Mode::$variant => <$module::Rules as ModeRules>::check(s, given),)*
            }
        }

        /// The expected time and memory of the scenario's mode.
        pub fn cost(s: &Scenario) -> Cost {
            match s.mode {
                $(Mode::$variant => <$module::Rules as ModeRules>::cost(s),)*
            }
        }

        /// Computes an impartial-games scenario.
        ///
        /// # Errors
        /// The solvers' errors.
        pub fn analyse(s: &Scenario, progress: Progress) -> Result<Report, Error> {
            match s.mode {
                $(Mode::$variant => <$module::Rules as ModeRules>::analyse(s, progress).map(Report::$variant),)*
            }
        }

        /// The mode's preview under a go-ahead question, if it has one.
        pub fn preview(s: &Scenario) -> Option<Report> {
            match s.mode {
                $(Mode::$variant => <$module::Rules as ModeRules>::preview(s).map(Report::$variant),)*
            }
        }
    };
}
impartial_modes!(define_dispatch);

/// A Nim position of at most [`MAX_HEAPS`] heaps (only a misère sum by its quotient takes more).
fn too_many_heaps(s: &Scenario) -> Result<(), Error> {
    if s.heaps.len() > MAX_HEAPS {
        return Err(Error::Conflict {
            key: "heaps",
            message: text!(
                "at most {MAX_HEAPS} heaps here (not {}); only a misère sum by its quotient takes up to {MAX_SUM_HEAPS}",
                "au plus {MAX_HEAPS} tas ici (pas {}) ; seule une somme misère par son quotient en prend jusqu’à {MAX_SUM_HEAPS}",
                s.heaps.len()
            ),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The list, the enum and the keys' table agree: every mode has its keys,
    /// its label and its word, in menu order.
    #[test]
    fn every_mode_has_its_rules_in_menu_order() {
        let names: Vec<&str> = MODE_USES.iter().map(|u| u.value).collect();
        assert_eq!(names, Mode::NAMES);
        assert_eq!(Mode::ALL.len(), Mode::NAMES.len());
        for (i, &m) in Mode::ALL.iter().enumerate() {
            assert_eq!(m.name(), Mode::NAMES[i]);
            assert!(!MODE_USES[i].keys.is_empty(), "{}", m.name());
            // Its name in the menu and its word beside it, in both languages.
            for label in [MODE_LABELS[i], MODE_HINTS[i]] {
                assert!(!label.en.is_empty() && !label.fr.is_empty(), "{}", m.name());
            }
        }
        assert_eq!(MODE_LABELS.len(), Mode::ALL.len());
        assert_eq!(MODE_HINTS.len(), Mode::ALL.len());
    }
}
