//! Chomp for the search: a board is its row lengths from the poisoned row up;
//! only the poison left is lost by the player to move.

use super::engine::{Game, HEURISTIC_MAX};
use super::keys::Heuristic;

/// The heuristics by their place in [`HEURISTICS`], which is
/// what the engine passes (a test in the module's root checks each place holds its name).
pub(super) const PARITY: usize = 0;
pub(super) const SQUARES: usize = 1;
use super::searched::{replay, Exact, ExactAnswer, PositionView, Searched, Shape, Started};
use crate::games::chomp::Boards;
use crate::games::chomp::{losing_boards, MAX_DIRECT_BOARDS};
use crate::games::chomp::{Bar, BOARD_FIELD, COLS_FIELD, ROWS_FIELD};
use crate::toolkit::{Error, Field, Label, Text};

/// The bar's keys, the game's own (`rows`, `cols`, `board`).
pub const FIELDS: &[Field] = &[ROWS_FIELD, COLS_FIELD, BOARD_FIELD];

/// The bar a link asks for (read and written by the game).
pub type Keys = Bar;

/// The bar of `keys`.
///
/// # Errors
/// None: the keys were checked as they were read.
pub fn prepare(keys: &Keys) -> Result<Bar, Error> {
    Ok(keys.clone())
}

/// How a link writes the moves: separated by commas.
pub const MOVES_JOINED_BY: &str = ",";

/// What the page's menu calls the game.
pub const TITLE: crate::toolkit::Label = crate::toolkit::Label::new("Chomp", "Chomp");

/// Parity, size, and a poor one.
pub const HEURISTICS: &[Heuristic] = &[
    Heuristic {
        name: "parity",
        explain: Label::new(
            "Parity: if every move ate one square, the player to move would win exactly when an odd number of squares besides the poison is left.",
            "Parité : si chaque coup mangeait une seule case, le joueur qui doit jouer gagnerait exactement quand il reste un nombre impair de cases hors le poison.",
        ),
    },
    Heuristic {
        name: "squares",
        explain: Label::new(
            "A deliberately poor one: the more squares left, the better, as if chocolate were the prize.",
            "Une mauvaise exprès : plus il reste de cases, mieux c’est, comme si le chocolat était le prix.",
        ),
    },
    Heuristic {
        name: "zero",
        explain: Label::new(
            "Every position is worth 0: a limited search then sees only the moves that lose at once.",
            "Toute position vaut 0 : une recherche limitée ne voit alors que les coups qui perdent tout de suite.",
        ),
    },
];

/// Chomp on a bar of `rows` × `cols` (any size: no arena is built).
pub struct ChompGame;

impl ChompGame {
    /// A move's label: `row.column`, from the poison (0.0).
    pub fn label(m: (u8, u8)) -> String {
        format!("{}.{}", m.0, m.1)
    }
}

fn left(p: &[u8]) -> i32 {
    p.iter().map(|&l| i32::from(l)).sum::<i32>() - 1
}

impl Game for ChompGame {
    type Position = Vec<u8>;
    type Move = (u8, u8);

    fn moves(&self, p: &Vec<u8>) -> Vec<(u8, u8)> {
        Boards::moves(p).map(|(r, c)| (r as u8, c as u8)).collect()
    }

    fn play(&self, p: &Vec<u8>, m: (u8, u8)) -> Vec<u8> {
        Boards::eat(p, usize::from(m.0), usize::from(m.1))
    }

    fn outcome(&self, p: &Vec<u8>) -> Option<i32> {
        (left(p) <= 0).then_some(-1)
    }

    fn heuristic(&self, p: &Vec<u8>, h: usize) -> i32 {
        match h {
            PARITY => {
                if left(p) % 2 == 1 {
                    1000
                } else {
                    -1000
                }
            }
            SQUARES => (left(p) * 10).min(HEURISTIC_MAX),
            _ => 0,
        }
    }

    fn key(&self, p: &Vec<u8>) -> u64 {
        // FNV-1a over the lengths: exact for short bars, a hash for long ones.
        p.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &l| {
            (h ^ u64::from(l)).wrapping_mul(0x0100_0000_01b3)
        })
    }
}

/// Chomp from a link's start board, with its box (rows, columns).
pub type ChompFrom = Started<ChompGame, (usize, usize)>;

/// The Chomp a link asks for.
pub fn game(bar: &Bar) -> ChompFrom {
    Started {
        game: ChompGame,
        start: bar.start(),
        names: (bar.rows, bar.cols),
    }
}

impl Searched for ChompFrom {
    fn start(&self) -> Vec<u8> {
        self.start.clone()
    }
    fn label(&self, _: &Vec<u8>, m: (u8, u8)) -> String {
        ChompGame::label(m)
    }
    fn view(&self, p: &Vec<u8>, view: &mut PositionView) {
        view.board = Some(p.clone());
    }
    fn place(&self, _: &Vec<u8>, m: (u8, u8)) -> Option<[u32; 2]> {
        Some([u32::from(m.0), u32::from(m.1)])
    }
    /// Which boards lose, by the direct recursion over every board of the box.
    fn exact(&self, moves: &[String]) -> Option<Result<Exact, Text>> {
        let p = replay(self, moves).ok()?;
        let (rows, cols) = self.names;
        match losing_boards(rows, cols) {
            Err(_) => Some(Err(text!(
                "a {} × {} bar has more than {} boards: too many to solve every one in the page",
                "une tablette {} × {} a plus de {} positions : trop pour les résoudre toutes dans la page",
                rows,
                cols,
                MAX_DIRECT_BOARDS
            ))),
            Ok((boards, losing)) => {
                let lost = |b: &[u8]| losing[boards.rank(b)];
                let value = if self.outcome(&p).is_some() || lost(&p) { -1 } else { 1 };
                let winning_moves = Boards::moves(&p)
                    .filter(|&(r, c)| lost(&Boards::eat(&p, r, c)))
                    .map(|(r, c)| ChompGame::label((r as u8, c as u8)))
                    .collect();
                Some(Ok(Exact::from(ExactAnswer {
                    value,
                    winning_moves,
                    method: "retrograde",
                    score: None,
                    verdict: None,
                })))
            }
        }
    }
    fn shape(&self) -> Shape {
        let (rows, cols) = self.names;
        let cells = (rows * cols) as f64;
        Shape {
            branching: cells,
            length: cells,
            // 4 × 14 to the end: 16 million nodes in 2.5 s natively on a slow
            // day (stop 77's estimate test), scaled to the browser figures.
            per_node: 1.5e-8 * (rows + 2) as f64,
            whole: None,
            ordering: 0.0,
        }
    }
    fn exact_cost(&self, _: usize) -> (f64, f64) {
        let (rows, cols) = self.names;
        let boards = binomial(rows + cols, rows.min(cols));
        if boards <= MAX_DIRECT_BOARDS as f64 {
            (3.76e-9 * boards * (rows * cols) as f64, boards / 1e6)
        } else {
            (0.0, 0.0)
        }
    }
}

/// C(n, k), as a float (the boards of a box: C(rows + cols, rows)).
fn binomial(n: usize, k: usize) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}
