//! The Dice Battle scenario: `mode` (`sequential`, `compare`, `one-turn`,
//! `simultaneous`, `variant`), `dice`, `target`, `first`, `second`,
//! `simulate`, `seed` — the CLI's flag names.

use super::compare::{Strategy, MAX_GAMES};
use super::sequential::{MAX_DICE, MAX_EXACT_DICE, MAX_EXACT_TARGET, MAX_TARGET};
use super::simultaneous::{MAX_SIM_DICE, MAX_SIM_TARGET};
use crate::toolkit::{field, yes_no, Error, Field, Label, Params, Quoted, EXACT};

/// What the Dice Battle view computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// The sequential game: EG and OPT, and the table of strategies.
    Sequential,
    /// Two strategies compared exactly (and simulated when asked).
    Compare,
    /// The simultaneous game in one turn.
    OneTurn,
    /// The simultaneous game over many turns: a matrix game in every state.
    Simultaneous,
    /// The seed's question 6: a 1 scores 0, solved by value iteration.
    Variant,
}

impl Mode {
    /// Every mode, in menu order.
    pub const ALL: [Mode; 5] = [
        Mode::Sequential,
        Mode::Compare,
        Mode::OneTurn,
        Mode::Simultaneous,
        Mode::Variant,
    ];
    /// Their link names, in the same order.
    pub const NAMES: [&'static str; 5] = ["sequential", "compare", "one-turn", "simultaneous", "variant"];

    /// The value of the `mode` key.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

/// The keys of a Dice Battle link, in link order.
pub const FIELDS: &[Field] = &[
    Field::choice("mode", Label::new("Game", "Jeu"), &Mode::NAMES),
    Field::whole(
        "dice",
        Label::new("D: most dice per turn", "D : dés au plus par tour"),
        1,
        MAX_DICE as u64,
    ),
    Field::whole(
        "target",
        Label::new("N: points to reach", "N : points à atteindre"),
        1,
        MAX_TARGET as u64,
    ),
    Field::choice_or_whole(
        "first",
        Label::new("Player 1 (moves first)", "Joueur 1 (joue en premier)"),
        &Strategy::NAMES,
        1,
        MAX_DICE as u64,
    ),
    Field::choice_or_whole(
        "second",
        Label::new("Player 2", "Joueur 2"),
        &Strategy::NAMES,
        1,
        MAX_DICE as u64,
    ),
    Field::whole(
        "simulate",
        Label::new("Also simulate (games)", "Simuler aussi (parties)"),
        0,
        MAX_GAMES,
    ),
    Field::whole("seed", Label::new("Seed", "Graine"), 0, u32::MAX as u64),
    EXACT,
];

/// One Dice Battle view.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scenario {
    /// What is computed.
    pub mode: Mode,
    /// D: most dice a player may throw.
    pub dice: usize,
    /// N: points to reach.
    pub target: usize,
    /// Strategy of player 1 (moving first), for `compare`.
    pub first: Strategy,
    /// Strategy of player 2, for `compare`.
    pub second: Strategy,
    /// Games to simulate next to the exact comparison (0: none).
    pub simulate: u64,
    /// Seed of the simulation.
    pub seed: u64,
    /// `exact=yes`: the sequential game's EG as fractions (D ≤ 6, N ≤ 40).
    pub exact: bool,
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            mode: Mode::Sequential,
            dice: 10,
            target: 100,
            first: Strategy::Optimal,
            second: Strategy::Blind,
            simulate: 0,
            seed: 1,
            exact: false,
        }
    }
}

crate::link_scenario!(Scenario);

impl Scenario {
    /// Reads a Dice Battle link's keys; absent keys keep their defaults.
    ///
    /// # Errors
    /// The first key at fault.
    pub fn parse(params: &mut Params) -> Result<Self, Error> {
        let f = |key| field(FIELDS, key);
        let mut s = Scenario::default();
        if let Some(x) = params.choice(f("mode"), &Mode::ALL, Mode::name)? {
            s.mode = x;
        }
        if let Some(v) = params.count(f("dice"))? {
            s.dice = v;
        }
        if let Some(v) = params.count(f("target"))? {
            s.target = v;
        }
        for key in ["first", "second"] {
            let field = f(key);
            if let Some(v) = params.take(key) {
                let strategy = Strategy::from_name(&v).filter(|st| !matches!(st, Strategy::Fixed(d) if *d > s.dice));
                let strategy = strategy.ok_or_else(|| Error::InvalidValue {
                    key: field.key,
                    value: Quoted::new(&v),
                    expected: text!(
                        "blind, random, optimal or a number of dice from 1 to {}",
                        "blind, random, optimal ou un nombre de dés de 1 à {}",
                        s.dice
                    ),
                })?;
                if key == "first" {
                    s.first = strategy;
                } else {
                    s.second = strategy;
                }
            }
        }
        if s.mode == Mode::Simultaneous && (s.dice > MAX_SIM_DICE || s.target > MAX_SIM_TARGET) {
            let key = if s.dice > MAX_SIM_DICE { "dice" } else { "target" };
            return Err(Error::Conflict {
                key,
                message: text!(
                    "the multi-turn simultaneous game takes at most {MAX_SIM_DICE} dice and a target of {MAX_SIM_TARGET} \
                     (it solves a matrix game in each of N² states)",
                    "le jeu simultané en plusieurs tours prend au plus {MAX_SIM_DICE} dés et une cible de {MAX_SIM_TARGET} \
                     (il résout un jeu matriciel dans chacun des N² états)"
                ),
            });
        }
        if let Some(v) = params.whole(f("simulate"))? {
            s.simulate = v;
        }
        if let Some(v) = params.whole(f("seed"))? {
            s.seed = v;
        }
        if let Some(v) = params.choice(f("exact"), &[false, true], yes_no)? {
            s.exact = v;
        }
        if s.exact && s.mode == Mode::Sequential && (s.dice > MAX_EXACT_DICE || s.target > MAX_EXACT_TARGET) {
            return Err(Error::Conflict {
                key: "exact",
                message: text!(
                    "exact fractions of EG are computed for D ≤ {MAX_EXACT_DICE} and N ≤ {MAX_EXACT_TARGET} \
                     (here D = {} and N = {}): their numerators and denominators grow too fast beyond.",
                    "les fractions exactes de EG sont calculées pour D ≤ {MAX_EXACT_DICE} et N ≤ {MAX_EXACT_TARGET} \
                     (ici D = {} et N = {}) : leurs numérateurs et dénominateurs grandissent trop vite au-delà.",
                    s.dice,
                    s.target
                ),
            });
        }
        if s.exact && !matches!(s.mode, Mode::Sequential | Mode::OneTurn) {
            return Err(Error::Conflict {
                key: "exact",
                message: text!(
                    "exact fractions are given for the sequential game and the one-turn game",
                    "les fractions exactes sont données pour le jeu séquentiel et le jeu en un tour"
                ),
            });
        }
        Ok(s)
    }

    /// The link's pairs, keys at their default left out (but `mode` and `dice`),
    /// and only the keys the mode uses.
    pub fn write(&self) -> Vec<(&'static str, String)> {
        let d = Scenario::default();
        let mut out = vec![("mode", self.mode.name().to_string()), ("dice", self.dice.to_string())];
        if self.mode != Mode::OneTurn {
            out.push(("target", self.target.to_string()));
        }
        // Only the keys of the link's own mode: another mode's values do not ride along.
        if self.mode == Mode::Compare {
            if self.first != d.first {
                out.push(("first", self.first.name()));
            }
            if self.second != d.second {
                out.push(("second", self.second.name()));
            }
            if self.simulate != d.simulate {
                out.push(("simulate", self.simulate.to_string()));
            }
            if self.seed != d.seed {
                out.push(("seed", self.seed.to_string()));
            }
        }
        if self.exact && matches!(self.mode, Mode::Sequential | Mode::OneTurn) {
            out.push(("exact", "yes".to_string()));
        }
        out
    }
}
