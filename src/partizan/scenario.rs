//! A partizan link: `ruleset` and `position` (in the ruleset's own notation).

use super::report::{Ruleset, RULESETS};
use crate::toolkit::{field, Error, Field, Label, Params};

/// The longest position a link may hold.
pub const MAX_POSITION: usize = 400;

/// The keys of a partizan link, in link order.
pub const FIELDS: &[Field] = &[
    Field::choice("ruleset", Label::new("Ruleset", "Règle du jeu"), RULESETS),
    Field::text(
        "position",
        Label::new("Position", "Position"),
        MAX_POSITION,
        &[
            "..../..../....",
            "../..",
            ".",
            "#",
            "..#/.../#..",
            "TT..FF",
            "T.F",
            "F",
            "xoxo/oxox",
            "x",
            "g-a:b,a-b:r",
            "g-a:g,a-b:g,b-c:g",
            "g-g:b",
            "3x4",
            "1x1",
            "2x3+1x4",
            "{1|*}",
            "^^*",
            "+-1",
            "{|}",
            "{0||0|-2}",
        ],
    ),
];

/// One partizan view: the ruleset and the position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scenario {
    /// The ruleset.
    pub ruleset: Ruleset,
    /// The position, as the ruleset writes it.
    pub position: String,
}

/// The position each ruleset opens with.
pub fn default_position(ruleset: Ruleset) -> &'static str {
    match ruleset {
        Ruleset::Domineering => "..../..../..../....",
        Ruleset::Toads => "TTT..FFF",
        Ruleset::Clobber => "xoxo/oxox/xoxo",
        Ruleset::Hackenbush => "g-a:b,a-b:r,b-c:b,g-d:r,d-e:g,g-f:g",
        Ruleset::Cutcake => "4x6+3x5",
        Ruleset::Expr => "{2|-1} + ^ + *",
    }
}

impl Default for Scenario {
    /// Domineering on the empty 4 × 4 board.
    fn default() -> Self {
        Scenario {
            ruleset: Ruleset::Domineering,
            position: default_position(Ruleset::Domineering).to_string(),
        }
    }
}

crate::link_scenario!(Scenario);

impl Scenario {
    /// Reads a partizan link's keys; an absent position is the ruleset's own start.
    ///
    /// # Errors
    /// The first key at fault: an unknown ruleset, a position that breaks the
    /// ruleset's notation (naming the character, row, edge or token), or one
    /// beyond what the cost guard allows.
    pub fn parse(params: &mut Params) -> Result<Self, Error> {
        let f = |key| field(FIELDS, key);
        let ruleset = params
            .choice(f("ruleset"), &Ruleset::ALL, Ruleset::name)?
            .unwrap_or_default();
        let position = match params.text(f("position"))? {
            Some(p) => p,
            None => default_position(ruleset).to_string(),
        };
        let position = super::report::check(ruleset, &position)?;
        Ok(Scenario { ruleset, position })
    }

    /// The link's pairs.
    pub fn write(&self) -> Vec<(&'static str, String)> {
        vec![
            ("ruleset", self.ruleset.name().to_string()),
            ("position", self.position.clone()),
        ]
    }
}
