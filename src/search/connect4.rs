//! Connect Four for the teaching search: the game's own position
//! ([`crate::games::connect4::Position`], two bitboards, Pons' layout), the
//! engine's [`Game`] over it with the heuristics a student would try, and its
//! exact answer from the game's solver. Columns are numbered from 1.

use super::engine::{Game, HEURISTIC_MAX};
use super::keys::Heuristic;

/// The heuristics by their place in [`HEURISTICS`], which is
/// what the engine passes (a test in the module's root checks each place holds its name).
pub(super) const OPEN_LINES: usize = 0;
pub(super) const CENTRE: usize = 1;
pub(super) const EDGES: usize = 2;
use super::searched::{straight_line, Exact, ExactAnswer, PositionView, Searched, Shape};
use crate::games::connect4::{Board, Position, HEIGHT_FIELD, WIDTH_FIELD};
use crate::toolkit::{Error, Field, Label, Params, Text};

/// The board's keys, the game's own (`width`, `height`).
pub const FIELDS: &[Field] = &[WIDTH_FIELD, HEIGHT_FIELD];

/// The board a link asks for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Keys {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
}

impl Default for Keys {
    /// The standard 7 × 6 board.
    fn default() -> Keys {
        Keys { width: 7, height: 6 }
    }
}

impl Keys {
    /// Reads `width` and `height`.
    ///
    /// # Errors
    /// A size outside the fields' ranges.
    pub fn read(&mut self, params: &mut Params) -> Result<(), Error> {
        if let Some(w) = params.count(&WIDTH_FIELD)? {
            self.width = w;
        }
        if let Some(h) = params.count(&HEIGHT_FIELD)? {
            self.height = h;
        }
        Ok(())
    }

    /// The link's pairs.
    pub fn write(&self, out: &mut Vec<(&'static str, String)>) {
        out.push(("width", self.width.to_string()));
        out.push(("height", self.height.to_string()));
    }
}

/// The board of `keys`.
///
/// # Errors
/// A size the game does not have, naming its key.
pub fn prepare(keys: &Keys) -> Result<Board, Error> {
    Board::new(keys.width as u32, keys.height as u32)
}

/// The game on `board`.
pub fn game(board: &Board) -> ConnectFour {
    ConnectFour::new(*board)
}

/// How a link writes the moves: one digit each, no separator (`4453`), as
/// the Connect Four chapter's link does (commas are read too).
pub const MOVES_JOINED_BY: &str = "";

/// What the page's menu calls the game.
pub const TITLE: crate::toolkit::Label = crate::toolkit::Label::new("Connect Four", "Puissance 4");

/// Open lines, the centre, and a poor one.
pub const HEURISTICS: &[Heuristic] = &[
    Heuristic {
        name: "lines",
        explain: Label::new(
            "Open lines: every four-in-a-row window with only your stones counts 1 for one stone, 4 for two and 16 for three; the opponent's count against you.",
            "Lignes ouvertes : chaque fenêtre de quatre cases ne portant que vos pions compte 1 pour un pion, 4 pour deux et 16 pour trois ; celles de l’adversaire comptent contre vous.",
        ),
    },
    Heuristic {
        name: "centre",
        explain: Label::new(
            "The centre: a stone counts more the nearer it is to the middle column, where it belongs to more lines.",
            "Le centre : un pion compte d’autant plus qu’il est près de la colonne du milieu, où il appartient à plus de lignes.",
        ),
    },
    Heuristic {
        name: "edges",
        explain: Label::new(
            "A deliberately poor one: stones near the edges count more, though they belong to fewer lines.",
            "Une mauvaise exprès : les pions près des bords comptent plus, bien qu’ils appartiennent à moins de lignes.",
        ),
    },
];

/// Nodes Connect Four's solver may visit for the search view's exact answer
/// (under a second in the browser); beyond, the page says the bounds it
/// proved and the Connect Four chapter (`game=connect4`) goes further.
pub const EXACT_NODES: u64 = 5_000_000;
/// Slots of that solve's table (the solver's default: 4 MB).
const EXACT_SLOTS: usize = crate::games::connect4::DEFAULT_SLOTS;

/// Connect Four on a board of the game's sizes.
pub struct ConnectFour {
    board: Board,
    /// Every window of four cells in a row, as a bit mask.
    windows: Vec<u64>,
}

impl ConnectFour {
    /// Connect Four on `board`.
    pub fn new(board: Board) -> ConnectFour {
        ConnectFour {
            windows: board.windows(),
            board,
        }
    }

    /// A column's label, from 1.
    pub fn label(m: u8) -> String {
        (m + 1).to_string()
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    fn centrality(&self, stones: u64) -> i32 {
        let width = self.board.width() as i32;
        (0..self.board.width())
            .map(|c| {
                let near = width - (2 * c as i32 - (width - 1)).abs();
                near * (stones & self.board.column(c)).count_ones() as i32
            })
            .sum()
    }
}

impl Game for ConnectFour {
    type Position = Position;
    type Move = u8;

    fn moves(&self, p: &Position) -> Vec<u8> {
        if p.over() {
            return Vec::new();
        }
        (0..self.board.width())
            .filter(|&c| p.can_play(c))
            .map(|c| c as u8)
            .collect()
    }

    fn play(&self, p: &Position, m: u8) -> Position {
        let mut next = *p;
        next.play_column(u32::from(m));
        next
    }

    fn outcome(&self, p: &Position) -> Option<i32> {
        if p.won() {
            Some(-1)
        } else if p.over() {
            Some(0)
        } else {
            None
        }
    }

    fn heuristic(&self, p: &Position, h: usize) -> i32 {
        let mine = p.mine();
        let theirs = mine ^ p.mask();
        match h {
            OPEN_LINES => {
                let mut score = 0;
                for &w in &self.windows {
                    let (a, b) = ((mine & w).count_ones(), (theirs & w).count_ones());
                    if b == 0 && a > 0 {
                        score += 1 << (2 * (a - 1));
                    }
                    if a == 0 && b > 0 {
                        score -= 1 << (2 * (b - 1));
                    }
                }
                score * 100
            }
            CENTRE => (self.centrality(mine) - self.centrality(theirs)) * 100,
            EDGES => (self.centrality(theirs) - self.centrality(mine)) * 100,
            _ => 0,
        }
        .clamp(-HEURISTIC_MAX, HEURISTIC_MAX)
    }

    fn key(&self, p: &Position) -> u64 {
        p.key()
    }
}

impl Searched for ConnectFour {
    fn start(&self) -> Position {
        self.board.start()
    }
    fn label(&self, _: &Position, m: u8) -> String {
        ConnectFour::label(m)
    }
    fn view(&self, p: &Position, view: &mut PositionView) {
        view.cells = Some(p.cells());
        view.columns = Some(self.board.width());
        view.line = view
            .cells
            .as_deref()
            .and_then(|cells| straight_line(cells, self.board.width() as usize, 4));
    }
    fn place(&self, p: &Position, m: u8) -> Option<[u32; 2]> {
        // The stone lands on the lowest empty cell of its column.
        let stones = p.stacked(u32::from(m));
        Some([self.board.height() - 1 - stones, u32::from(m)])
    }
    /// The dedicated solver's answer (`crate::games::connect4`), within
    /// [`EXACT_NODES`]: the outcome, the score (how soon), the best columns.
    fn exact(&self, moves: &[String]) -> Option<Result<Exact, Text>> {
        use crate::games::connect4 as solver;
        let board = self.board;
        let p = board.play_moves(&moves.concat()).ok()?;
        let mut engine = solver::Solver::new(EXACT_SLOTS);
        let limits = solver::Limits {
            nodes: EXACT_NODES,
            seconds: None,
        };
        let solved = engine.solve(&p, limits, &mut |_| true);
        let best = solved.score.and_then(|v| engine.best_columns(&p, v, limits));
        Some(match (solved.score, best) {
            (Some(score), Some(best)) => Ok(Exact {
                answer: ExactAnswer {
                    value: score.signum(),
                    winning_moves: best.iter().map(u32::to_string).collect(),
                    method: "solver",
                    score: Some(score),
                    verdict: Some(solver::solver::verdict(&board, p.stones(), score)),
                },
                solver_nodes: Some(solved.nodes),
            }),
            _ => Err(text!(
                "not solved within {} million positions: the score (positive: the player to move wins) lies between {} and {}",
                "non résolu en {} millions de positions : le score (positif : le joueur qui joue gagne) est entre {} et {}",
                EXACT_NODES / 1_000_000,
                solved.bounds[0],
                solved.bounds[1]
            )),
        })
    }
    fn shape(&self) -> Shape {
        Shape {
            branching: f64::from(self.board.width()),
            length: f64::from(self.board.width() * self.board.height()),
            per_node: 1e-7,
            whole: None,
            ordering: 0.0,
        }
    }
    fn exact_cost(&self, played: usize) -> (f64, f64) {
        // The solver: about 1.64^(empty cells) nodes (Tromp's boards from
        // empty: 8·10³ for 4 × 4, 5·10⁷ for 6 × 6), to its limit.
        let empty = f64::from(self.board.width() * self.board.height()) - played as f64;
        (
            1.5e-7 * 1.64f64.powf(empty).min(EXACT_NODES as f64),
            (EXACT_SLOTS * 8) as f64 / 1e6,
        )
    }
}
