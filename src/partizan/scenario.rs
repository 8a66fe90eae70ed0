//! A partizan link: `ruleset` and `position` (in the ruleset's own notation).

use super::report::{Solve, SOLVES};
use super::rulesets::{write_sum, Ruleset, RULESETS, RULESET_HINTS, RULESET_LABELS};
use crate::toolkit::{field, Error, Field, Label, Lang, Params, Quoted, Text};

/// The longest position a link may hold.
pub const MAX_POSITION: usize = 400;

/// The keys of a partizan link, in link order.
pub const FIELDS: &[Field] = &[
    Field::choice("ruleset", Label::new("Ruleset", "Règle du jeu"), RULESETS)
        .labelled(RULESET_LABELS)
        .hinted(RULESET_HINTS),
    Field::choice("solve", Label::new("Solve for", "Calculer"), SOLVES),
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
            "xo.o./.x...",
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
    Field::text(
        "sum",
        Label::new("Added to it (the sum box)", "Ajoutées (la boîte de somme)"),
        MAX_POSITION,
        &[
            "",
            "toads:T.F",
            "expr:^; expr:*",
            "domineering:../..; hackenbush:g-a:b,a-b:r",
            "cutcake:2x3",
        ],
    ),
];

/// The most positions the sum box adds to the link's position.
pub const MAX_SUM: usize = 8;

/// One partizan view: the ruleset and the position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scenario {
    /// The ruleset.
    pub ruleset: Ruleset,
    /// The position, as the ruleset writes it.
    pub position: String,
    /// The sum box: other positions added to this one (`ruleset:position`).
    pub sum: Vec<(Ruleset, String)>,
    /// The value (the default) or the outcome alone, by search.
    pub solve: Solve,
}

/// The position each ruleset opens with.
pub fn default_position(ruleset: Ruleset) -> &'static str {
    ruleset.start()
}

impl Default for Scenario {
    /// Domineering on the empty 4 × 4 board.
    fn default() -> Self {
        Scenario {
            ruleset: Ruleset::Domineering,
            position: default_position(Ruleset::Domineering).to_string(),
            sum: Vec::new(),
            solve: Solve::Value,
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
        let solve = params.choice(f("solve"), &Solve::ALL, Solve::name)?.unwrap_or_default();
        let position = super::report::check_for(ruleset, &position, solve)?;
        let sum = match params.text(f("sum"))? {
            Some(text) => read_sum(&text)?,
            None => Vec::new(),
        };
        Ok(Scenario {
            ruleset,
            position,
            sum,
            solve,
        })
    }

    /// The link's pairs.
    pub fn write(&self) -> Vec<(&'static str, String)> {
        let mut pairs = vec![("ruleset", self.ruleset.name().to_string())];
        if self.solve != Solve::Value {
            pairs.push(("solve", self.solve.name().to_string()));
        }
        pairs.extend([("position", self.position.clone())]);
        if !self.sum.is_empty() {
            pairs.push(("sum", write_sum(&self.sum)));
        }
        pairs
    }
}

/// Reads the sum box: up to [`MAX_SUM`] parts `ruleset:position` joined by
/// `;` (empty parts skipped), each checked as the link's own position is.
///
/// # Errors
/// [`Error::InvalidValue`] on key `sum`, naming the part (counted from 1) and
/// what is wrong with it.
pub fn read_sum(text: &str) -> Result<Vec<(Ruleset, String)>, Error> {
    let items: Vec<&str> = text.split(';').map(str::trim).filter(|s| !s.is_empty()).collect();
    let bad = |item: &str, why: Text| Error::InvalidValue {
        key: "sum",
        value: Quoted::new(item),
        expected: why,
    };
    if items.len() > MAX_SUM {
        return Err(bad(
            text,
            text!("at most {MAX_SUM} positions", "au plus {MAX_SUM} positions"),
        ));
    }
    let mut out = Vec::new();
    for (k, item) in items.iter().enumerate() {
        let k = k + 1;
        let Some((name, position)) = item.split_once(':') else {
            return Err(bad(
                item,
                text!(
                    "part {k} written ruleset:position",
                    "une partie {k} écrite règle:position"
                ),
            ));
        };
        let Some(ruleset) = Ruleset::from_name(name.trim()) else {
            let names = RULESETS.join(", ");
            return Err(bad(
                item,
                text!(
                    "part {k} to start with one of {names}",
                    "une partie {k} commençant par l’un de {names}"
                ),
            ));
        };
        // The part and its ruleset first, then what its position's own reader expects.
        let name = ruleset.name();
        let position = super::report::check(ruleset, position).map_err(|e| match e {
            Error::InvalidValue { value, expected, .. } => bad(
                item,
                Text::written(
                    format!("in part {k}, {name}: {}, not {value}", expected.en),
                    format!("dans la partie {k}, {name} : {}, pas {value}", expected.fr),
                ),
            ),
            e => {
                let (en, fr) = (e.message(Lang::En), e.message(Lang::Fr));
                bad(
                    item,
                    text!("in part {k}, {name}: {en}", "dans la partie {k}, {name} : {fr}"),
                )
            }
        })?;
        out.push((ruleset, position));
    }
    Ok(out)
}
