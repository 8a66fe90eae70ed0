//! What a mode of the impartial games says about itself.

use crate::impartial::scenario::Scenario;
use crate::toolkit::{Cost, Error, Label, Progress, UsedKey};
use serde::Serialize;

/// One impartial mode: its keys, its checks, its cost and its analysis.
/// The list in `scenario.rs` names the module whose `Rules` implement this.
pub trait ModeRules {
    /// What the page's menu calls the mode.
    const LABEL: Label;

    /// What the page says beside the menu when the mode is chosen.
    const HINT: Label;

    /// The keys the mode reads, in link order: the link writes these and
    /// the page's form shows those marked `form`.
    const KEYS: &'static [UsedKey];

    /// What the mode's analysis returns (a variant of the family's report).
    type Output: Serialize;

    /// Sets what the mode's defaults depend on and refuses keys that do not
    /// fit together; `given` lists the keys the link named.
    ///
    /// # Errors
    /// The first key at fault, with the numbers involved.
    fn check(s: &mut Scenario, given: &[&str]) -> Result<(), Error> {
        let _ = (s, given);
        Ok(())
    }

    /// The expected time and memory, calibrated on the in-browser benchmark.
    fn cost(s: &Scenario) -> Cost;

    /// Computes the mode's report.
    ///
    /// # Errors
    /// The solvers' errors.
    fn analyse(s: &Scenario, progress: Progress) -> Result<Self::Output, Error>;

    /// What the page shows under the go-ahead question of a long computation,
    /// when a small part of it costs nothing (an octal game's first heaps):
    /// the same report for less. None by default.
    fn preview(s: &Scenario) -> Option<Self::Output> {
        let _ = s;
        None
    }
}
