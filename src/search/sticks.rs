//! The stick game for the search: a heap of sticks, a move takes one of the
//! take set's numbers; whoever cannot move loses (normal) or wins (misère).

use super::engine::{Game, HEURISTIC_MAX};
use super::keys::Heuristic;

/// The heuristics by their place in [`HEURISTICS`], which is
/// what the engine passes (a test in the module's root checks each place holds its name).
pub(super) const MODULO: usize = 0;
pub(super) const PARITY: usize = 1;
use super::searched::{replay, Exact, ExactAnswer, PositionView, Searched, Shape, Started};
use crate::games::subtraction::{takes, wins, MISERE_FIELD, STICKS_FIELD, TAKE_FIELD};
use crate::toolkit::{Error, Field, Label, Text};

/// The heap's keys, the game's own (`sticks`, `take`, `misere`).
pub const FIELDS: &[Field] = &[STICKS_FIELD, TAKE_FIELD, MISERE_FIELD];

/// The heap and rules a link asks for (read and written by the game).
pub type Keys = crate::games::subtraction::Sticks;

/// The heap of `keys`.
///
/// # Errors
/// None: the keys were checked as they were read.
pub fn prepare(keys: &Keys) -> Result<Keys, Error> {
    Ok(keys.clone())
}

/// How a link writes the moves: separated by commas.
pub const MOVES_JOINED_BY: &str = ",";

/// What the page's menu calls the game.
pub const TITLE: crate::toolkit::Label = crate::toolkit::Label::new("stick game", "jeu des bâtonnets");

/// The modulo rule, parity, and a poor one.
pub const HEURISTICS: &[Heuristic] = &[
    Heuristic {
        name: "modulo",
        explain: Label::new(
            "The rule for takes 1 to m: a heap whose size is a multiple of m + 1 (one more than a multiple, misère) loses; it is exact when the take set is 1 to m.",
            "La règle des prises 1 à m : un tas dont la taille est un multiple de m + 1 (un de plus qu’un multiple, en misère) perd ; elle est exacte quand les prises vont de 1 à m.",
        ),
    },
    Heuristic {
        name: "parity",
        explain: Label::new(
            "Parity: an odd heap is good for the player to move, as if every move took one stick.",
            "Parité : un tas impair est bon pour le joueur qui doit jouer, comme si chaque coup prenait un bâtonnet.",
        ),
    },
    Heuristic {
        name: "zero",
        explain: Label::new(
            "A deliberately poor one: every heap is worth 0.",
            "Une mauvaise exprès : tout tas vaut 0.",
        ),
    },
];

/// The stick game with a take set.
pub struct Sticks {
    take: Vec<usize>,
    misere: bool,
}

impl Sticks {
    /// The game with `take` (sorted) and its rule.
    pub fn new(take: &[usize], misere: bool) -> Sticks {
        Sticks {
            take: take.to_vec(),
            misere,
        }
    }
}

impl Game for Sticks {
    type Position = usize;
    type Move = usize;

    fn moves(&self, p: &usize) -> Vec<usize> {
        takes(&self.take, *p).collect()
    }

    fn play(&self, p: &usize, m: usize) -> usize {
        p - m
    }

    fn outcome(&self, p: &usize) -> Option<i32> {
        self.moves(p).is_empty().then_some(if self.misere { 1 } else { -1 })
    }

    fn heuristic(&self, p: &usize, h: usize) -> i32 {
        let m = self.take.iter().copied().max().unwrap_or(1);
        match h {
            MODULO => {
                let losing = if self.misere { 1 } else { 0 };
                if p % (m + 1) == losing % (m + 1) {
                    -1000
                } else {
                    1000
                }
            }
            PARITY => {
                if p % 2 == 1 {
                    1000
                } else {
                    -1000
                }
            }
            _ => 0,
        }
        .clamp(-HEURISTIC_MAX, HEURISTIC_MAX)
    }

    fn key(&self, p: &usize) -> u64 {
        *p as u64
    }
}

/// The stick game from a link's heap.
pub type SticksFrom = Started<Sticks, ()>;

/// The stick game a link asks for.
pub fn game(keys: &Keys) -> SticksFrom {
    Started {
        game: Sticks::new(&keys.take, keys.misere),
        start: keys.sticks,
        names: (),
    }
}

impl Searched for SticksFrom {
    fn start(&self) -> usize {
        self.start
    }
    fn label(&self, _: &usize, m: usize) -> String {
        m.to_string()
    }
    fn view(&self, p: &usize, view: &mut PositionView) {
        view.sticks = Some(*p);
    }
    /// Each heap size's outcome, from 0 up (the stick game's own table).
    fn exact(&self, moves: &[String]) -> Option<Result<Exact, Text>> {
        let p = replay(self, moves).ok()?;
        let wins = wins(&self.game.take, self.game.misere, p);
        let winning_moves = if self.outcome(&p).is_some() {
            Vec::new()
        } else {
            self.moves(&p)
                .into_iter()
                .filter(|&t| !wins[p - t])
                .map(|t| t.to_string())
                .collect()
        };
        Some(Ok(Exact::from(ExactAnswer {
            value: if wins[p] { 1 } else { -1 },
            winning_moves,
            method: "heaps",
            score: None,
            verdict: None,
        })))
    }
    fn shape(&self) -> Shape {
        Shape {
            branching: self.game.take.len() as f64,
            length: self.start as f64,
            per_node: 5e-8,
            whole: None,
            ordering: 0.0,
        }
    }
    fn exact_cost(&self, _: usize) -> (f64, f64) {
        (1e-8 * self.start as f64 * self.game.take.len() as f64, 0.0)
    }
}
