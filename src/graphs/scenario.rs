//! The game-graphs scenario: `kind` (`subtraction`, `chomp`, `edges`) and its
//! keys — `sticks`, `take`, `misere`; `rows`, `cols`, `board`; `edges`, each
//! read and written by its game ([`crate::games`]) — plus `player` (whose
//! attractor the page colours) and `step` (the layer it shows).

use crate::games::chomp::{self, Bar, Boards, BOARD_FIELD, COLS_FIELD, ROWS_FIELD};
use crate::games::edges::{parse_arena, EDGES_FIELD};
use crate::games::graph::Player;
use crate::games::subtraction::{Sticks, MISERE_FIELD, STICKS_FIELD, TAKE_FIELD};
use crate::toolkit::{field, Error, Field, Label, Params};

pub use crate::games::edges::{EXAMPLE_EDGES, MAX_EDGES_TEXT};

/// Where the arena comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The seed's stick game (a subtraction game).
    Subtraction,
    /// Chomp, the poisoned chocolate bar.
    Chomp,
    /// An arena typed by hand.
    Edges,
}

impl Kind {
    /// Every kind, in menu order.
    pub const ALL: [Kind; 3] = [Kind::Subtraction, Kind::Chomp, Kind::Edges];
    /// Their link names, in the same order.
    pub const NAMES: [&'static str; 3] = ["subtraction", "chomp", "edges"];

    /// The value of the `kind` key.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

/// Most vertices whose ranks and labels go into the analysis (the page draws
/// every vertex up to this size and a summary above).
pub const MAX_LISTED: usize = 2_000;

/// Largest step of the attractor a link may name.
pub const MAX_STEP: u64 = 10_000_000;

/// The keys of a game-graphs link, in link order.
pub const FIELDS: &[Field] = &[
    Field::choice("kind", Label::new("Game", "Jeu"), &Kind::NAMES),
    STICKS_FIELD,
    TAKE_FIELD,
    MISERE_FIELD,
    ROWS_FIELD,
    COLS_FIELD,
    BOARD_FIELD,
    EDGES_FIELD,
    Field::choice(
        "player",
        Label::new("Attractor to build step by step", "Attracteur à construire pas à pas"),
        &["1", "2"],
    ),
    Field::whole("step", Label::new("Step", "Étape"), 0, MAX_STEP),
];

/// One arena view.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scenario {
    /// Where the arena comes from.
    pub kind: Kind,
    /// The stick game.
    pub stick: Sticks,
    /// Chomp's bar.
    pub bar: Bar,
    /// An arena typed by hand.
    pub edges: String,
    /// Whose attractor the page colours.
    pub player: Player,
    /// Up to which step the page shows it (the last when absent).
    pub step: Option<u32>,
}

impl Default for Scenario {
    /// The seed's stick game: 9 sticks, take 1 to 3, whoever takes the last loses.
    fn default() -> Self {
        Scenario {
            kind: Kind::Subtraction,
            stick: Sticks::default(),
            bar: Bar::default(),
            edges: EXAMPLE_EDGES.into(),
            player: Player::One,
            step: None,
        }
    }
}

crate::link_scenario!(Scenario);

impl Scenario {
    /// Reads a game-graphs link's keys; absent keys keep their defaults.
    ///
    /// # Errors
    /// The first key at fault.
    pub fn parse(params: &mut Params) -> Result<Self, Error> {
        let f = |key| field(FIELDS, key);
        let mut s = Scenario::default();
        if let Some(x) = params.choice(f("kind"), &Kind::ALL, Kind::name)? {
            s.kind = x;
        }
        s.stick.read(params)?;
        let blame = s.bar.read(params)?;
        if s.kind == Kind::Chomp {
            if let Err(e) = Boards::new(s.bar.rows, s.bar.cols, chomp::MAX_DIRECT_BOARDS) {
                return Err(Error::Conflict {
                    key: blame,
                    message: e.text(),
                });
            }
        }
        if let Some(v) = params.text(f("edges"))? {
            parse_arena(&v)?;
            s.edges = v;
        }
        if let Some(p) = params.choice(f("player"), &Player::BOTH, |p| ["1", "2"][p.index()])? {
            s.player = p;
        }
        if let Some(step) = params.whole(f("step"))? {
            s.step = Some(step as u32);
        }
        Ok(s)
    }

    /// The link's pairs: the kind, the keys of that kind, then `player` and `step`.
    pub fn write(&self) -> Vec<(&'static str, String)> {
        let mut out = vec![("kind", self.kind.name().to_string())];
        match self.kind {
            Kind::Subtraction => self.stick.write(&mut out),
            Kind::Chomp => self.bar.write(&mut out),
            Kind::Edges => out.push(("edges", self.edges.clone())),
        }
        if self.player == Player::Two {
            out.push(("player", "2".into()));
        }
        if let Some(step) = self.step {
            out.push(("step", step.to_string()));
        }
        out
    }
}
