//! Tic-tac-toe: cells numbered 1 to 9 row by row from the top left; X moves first.

use super::engine::{Game, HEURISTIC_MAX};
use super::keys::Heuristic;

/// The heuristics by their place in [`HEURISTICS`], which is
/// what the engine passes (a test in the module's root checks each place holds its name).
pub(super) const OPEN_LINES: usize = 0;
pub(super) const CENTRE: usize = 1;
use super::searched::{by_search, straight_line, Exact, PositionView, Searched, Shape};
use crate::toolkit::{Error, Field, Label, Params, Text};

/// How a link writes the moves: separated by commas.
pub const MOVES_JOINED_BY: &str = ",";

/// What the page's menu calls the game.
pub const TITLE: crate::toolkit::Label = crate::toolkit::Label::new("tic-tac-toe", "morpion");

/// What a student would try: open lines, good squares, or nothing at all.
pub const HEURISTICS: &[Heuristic] = &[
    Heuristic {
        name: "lines",
        explain: Label::new(
            "Lines still open: each line holding only your marks counts the square of their number, the opponent's the same against you.",
            "Lignes encore ouvertes : chaque ligne ne portant que vos marques compte le carré de leur nombre, celles de l’adversaire autant contre vous.",
        ),
    },
    Heuristic {
        name: "centre",
        explain: Label::new(
            "Good squares: the centre is worth 3, a corner 2, an edge 1; yours minus the opponent's.",
            "Bonnes cases : le centre vaut 3, un coin 2, un bord 1 ; les vôtres moins celles de l’adversaire.",
        ),
    },
    Heuristic {
        name: "zero",
        explain: Label::new(
            "A deliberately poor one: every position is worth 0, so a limited search plays the first move that does not lose at once.",
            "Une mauvaise exprès : toute position vaut 0, si bien qu’une recherche limitée joue le premier coup qui ne perd pas tout de suite.",
        ),
    },
];

/// Tic-tac-toe has no keys of its own.
pub const FIELDS: &[Field] = &[];

/// Tic-tac-toe's keys: none.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Keys;

impl Keys {
    /// Reads nothing.
    ///
    /// # Errors
    /// None.
    pub fn read(&mut self, _: &mut Params) -> Result<(), Error> {
        Ok(())
    }

    /// Writes nothing.
    pub fn write(&self, _: &mut Vec<(&'static str, String)>) {}
}

/// Nothing to prepare.
///
/// # Errors
/// None.
pub fn prepare(_: &Keys) -> Result<(), Error> {
    Ok(())
}

/// The game.
pub fn game(_: &()) -> TicTacToe {
    TicTacToe
}

/// The eight lines, as bit masks of cells 0..9.
const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

/// Tic-tac-toe.
pub struct TicTacToe;

/// A position: the mover's cells and the other player's, as bit masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Cells of the player to move.
    pub mine: u16,
    /// Cells of the other player.
    pub theirs: u16,
}

impl TicTacToe {
    /// The empty board, X to move.
    pub fn start() -> Board {
        Board { mine: 0, theirs: 0 }
    }

    /// A cell's label, 1 to 9.
    pub fn label(m: u8) -> String {
        (m + 1).to_string()
    }
}

fn won(cells: u16) -> bool {
    // Each line is a mask: won when every cell of one is taken.
    LINES.iter().any(|line| line & !cells == 0)
}

impl Game for TicTacToe {
    type Position = Board;
    type Move = u8;

    fn moves(&self, p: &Board) -> Vec<u8> {
        if self.outcome(p).is_some() {
            return Vec::new();
        }
        (0..9).filter(|&c| (p.mine | p.theirs) >> c & 1 == 0).collect()
    }

    fn play(&self, p: &Board, m: u8) -> Board {
        Board {
            mine: p.theirs,
            theirs: p.mine | 1 << m,
        }
    }

    fn outcome(&self, p: &Board) -> Option<i32> {
        if won(p.theirs) {
            Some(-1)
        } else if (p.mine | p.theirs) == 0o777 {
            Some(0)
        } else {
            None
        }
    }

    fn heuristic(&self, p: &Board, h: usize) -> i32 {
        match h {
            OPEN_LINES => {
                let mut score = 0;
                for &l in &LINES {
                    let (a, b) = ((p.mine & l).count_ones() as i32, (p.theirs & l).count_ones() as i32);
                    if b == 0 {
                        score += a * a;
                    }
                    if a == 0 {
                        score -= b * b;
                    }
                }
                score * 1000
            }
            CENTRE => {
                const WEIGHT: [i32; 9] = [2, 1, 2, 1, 3, 1, 2, 1, 2];
                let sum = |cells: u16| (0..9).filter(|&c| cells >> c & 1 == 1).map(|c| WEIGHT[c]).sum::<i32>();
                (sum(p.mine) - sum(p.theirs)) * 1000
            }
            _ => 0,
        }
        .clamp(-HEURISTIC_MAX, HEURISTIC_MAX)
    }

    fn key(&self, p: &Board) -> u64 {
        u64::from(p.mine) | u64::from(p.theirs) << 9
    }
}

impl Searched for TicTacToe {
    fn start(&self) -> Board {
        TicTacToe::start()
    }
    fn label(&self, _: &Board, m: u8) -> String {
        TicTacToe::label(m)
    }
    fn view(&self, p: &Board, view: &mut PositionView) {
        let x_to_move = (p.mine | p.theirs).count_ones() % 2 == 0;
        let (x, o) = if x_to_move {
            (p.mine, p.theirs)
        } else {
            (p.theirs, p.mine)
        };
        view.cells = Some(
            (0..9)
                .map(|c| if x >> c & 1 == 1 { 1 } else { 2 * (o >> c & 1) as u8 })
                .collect(),
        );
        view.columns = Some(3);
        view.line = view.cells.as_deref().and_then(|cells| straight_line(cells, 3, 3));
    }
    fn place(&self, _: &Board, m: u8) -> Option<[u32; 2]> {
        Some([u32::from(m) / 3, u32::from(m) % 3])
    }
    fn exact(&self, moves: &[String]) -> Option<Result<Exact, Text>> {
        by_search(self, moves).map(|r| r.map(Exact::from))
    }
    fn shape(&self) -> Shape {
        Shape {
            branching: 9.0,
            length: 9.0,
            per_node: 7e-8,
            whole: Some(549_946.0),
            ordering: 0.0,
        }
    }
}
