//! The Snakes and Ladders scenario: the parameters a share link and the CLI carry.

use super::{distributions, Preset};
use crate::scenario::Params;
use crate::{Error, Progress};

/// What the Snakes and Ladders view computes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scenario {
    /// The board (`preset=`).
    pub preset: Preset,
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            preset: Preset::Audet,
        }
    }
}

impl Scenario {
    /// The keys of this game, in the order links write them.
    pub const KEYS: &'static [&'static str] = &["preset"];

    /// Reads the game's keys; absent keys keep their defaults.
    pub(crate) fn from_params(params: &mut Params) -> Result<Self, Error> {
        let mut scenario = Scenario::default();
        if let Some(value) = params.take("preset") {
            scenario.preset = Preset::from_name(&value).ok_or_else(|| {
                params.invalid("preset", &value, Preset::ALL.iter().map(|p| p.name()))
            })?;
        }
        Ok(scenario)
    }

    /// The game's `(key, value)` pairs, in [`Self::KEYS`] order.
    pub(crate) fn pairs(&self) -> Vec<(&'static str, String)> {
        vec![("preset", self.preset.name().to_string())]
    }
}

/// Computes P and E for the scenario by the finish-time distributions.
///
/// # Errors
/// As [`distributions::solve`].
pub fn solve(scenario: &Scenario, progress: Progress) -> Result<distributions::Solution, Error> {
    let a = scenario.preset.model().characteristic_matrix();
    distributions::solve(&a, progress)
}
