//! Connect Four on a board of 4 to 7 columns and 4 to 6 rows, as bitboards:
//! column c holds bits c·(h + 1) to c·(h + 1) + h − 1, the bit above is always
//! empty, so shifts by 1, h, h + 1 and h + 2 find the four directions without
//! wrapping (Pascal Pons's representation). Columns are numbered from 1. This
//! is the teaching search's game (heuristics, the engine's `Game` trait); the
//! exact solver has its own compact position (`crate::games::connect4`).

use super::engine::{Game, HEURISTIC_MAX};

/// The heuristics by their place in [`super::keys::CONNECT4_HEURISTICS`], which is
/// what the engine passes (a test in the module's root checks each place holds its name).
pub(super) const OPEN_LINES: usize = 0;
pub(super) const CENTRE: usize = 1;
pub(super) const EDGES: usize = 2;
use super::searched::{Exact, ExactAnswer, PositionView, Searched, Shape};
use crate::toolkit::Text;

/// Nodes Connect Four's solver may visit for the search view's exact answer
/// (under a second in the browser); beyond, the page says the bounds it
/// proved and the solve view (`kind=connect4`) goes further.
pub const EXACT_NODES: u64 = 5_000_000;
/// Slots of that solve's table (the solver's default: 4 MB).
const EXACT_SLOTS: usize = crate::games::connect4::DEFAULT_SLOTS;

// The board sizes are the solver's (`crate::games::connect4`): one place decides them.

/// Connect Four on `width` × `height`.
pub struct ConnectFour {
    width: u32,
    height: u32,
    /// Every window of four cells in a row, as a bit mask.
    windows: Vec<u64>,
}

/// A position: the stones of the player to move, and every stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stones {
    /// Stones of the player to move.
    pub mine: u64,
    /// Every stone on the board.
    pub mask: u64,
}

impl ConnectFour {
    /// The board `width` × `height` (4 to 7 by 4 to 6).
    pub fn new(width: u32, height: u32) -> ConnectFour {
        let h1 = height + 1;
        let cell = |c: u32, r: u32| 1u64 << (c * h1 + r);
        let mut windows = Vec::new();
        for c in 0..width {
            for r in 0..height {
                for (dc, dr) in [(1i32, 0i32), (0, 1), (1, 1), (1, -1)] {
                    let (ec, er) = (c as i32 + 3 * dc, r as i32 + 3 * dr);
                    if (0..width as i32).contains(&ec) && (0..height as i32).contains(&er) {
                        windows.push((0..4).fold(0, |m, k| {
                            m | cell((c as i32 + k * dc) as u32, (r as i32 + k * dr) as u32)
                        }));
                    }
                }
            }
        }
        ConnectFour { width, height, windows }
    }

    /// The empty board.
    pub fn start() -> Stones {
        Stones { mine: 0, mask: 0 }
    }

    /// A column's label, from 1.
    pub fn label(m: u8) -> String {
        (m + 1).to_string()
    }

    /// The board's columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Stones already in column `c`.
    pub fn stacked(&self, p: &Stones, c: u32) -> u32 {
        (p.mask >> (c * (self.height + 1)) & ((1u64 << self.height) - 1)).count_ones()
    }

    /// The board's rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    fn top(&self, c: u32) -> u64 {
        1u64 << (c * (self.height + 1) + self.height - 1)
    }

    fn aligned(&self, stones: u64) -> bool {
        let h = u64::from(self.height);
        [1, h, h + 1, h + 2].iter().any(|&d| {
            let m = stones & (stones >> d);
            m & (m >> (2 * d)) != 0
        })
    }

    /// Who holds each cell, row by row from the top: 0 empty, 1 the first player, 2 the second.
    pub fn cells(&self, p: &Stones) -> Vec<u8> {
        let first_to_move = p.mask.count_ones() % 2 == 0;
        let mut out = Vec::new();
        for r in (0..self.height).rev() {
            for c in 0..self.width {
                let bit = 1u64 << (c * (self.height + 1) + r);
                out.push(if p.mask & bit == 0 {
                    0
                } else if (p.mine & bit != 0) == first_to_move {
                    1
                } else {
                    2
                });
            }
        }
        out
    }

    fn centrality(&self, stones: u64) -> i32 {
        let mut score = 0;
        for c in 0..self.width {
            let column = stones >> (c * (self.height + 1)) & ((1 << self.height) - 1);
            let near = self.width as i32 - (2 * c as i32 - (self.width as i32 - 1)).abs();
            score += near * column.count_ones() as i32;
        }
        score
    }
}

impl Game for ConnectFour {
    type Position = Stones;
    type Move = u8;

    fn moves(&self, p: &Stones) -> Vec<u8> {
        if self.outcome(p).is_some() {
            return Vec::new();
        }
        (0..self.width)
            .filter(|&c| p.mask & self.top(c) == 0)
            .map(|c| c as u8)
            .collect()
    }

    fn play(&self, p: &Stones, m: u8) -> Stones {
        let mask = p.mask | (p.mask + (1u64 << (u32::from(m) * (self.height + 1))));
        Stones {
            mine: p.mine ^ p.mask,
            mask,
        }
    }

    fn outcome(&self, p: &Stones) -> Option<i32> {
        if self.aligned(p.mine ^ p.mask) {
            Some(-1)
        } else if p.mask.count_ones() == self.width * self.height {
            Some(0)
        } else {
            None
        }
    }

    fn heuristic(&self, p: &Stones, h: usize) -> i32 {
        let theirs = p.mine ^ p.mask;
        match h {
            OPEN_LINES => {
                let mut score = 0;
                for &w in &self.windows {
                    let (a, b) = ((p.mine & w).count_ones(), (theirs & w).count_ones());
                    if b == 0 && a > 0 {
                        score += 1 << (2 * (a - 1));
                    }
                    if a == 0 && b > 0 {
                        score -= 1 << (2 * (b - 1));
                    }
                }
                score * 100
            }
            CENTRE => (self.centrality(p.mine) - self.centrality(theirs)) * 100,
            EDGES => (self.centrality(theirs) - self.centrality(p.mine)) * 100,
            _ => 0,
        }
        .clamp(-HEURISTIC_MAX, HEURISTIC_MAX)
    }

    fn key(&self, p: &Stones) -> u64 {
        // Unique: the mask's bits plus the mover's (Pons).
        p.mine + p.mask
    }
}

impl Searched for ConnectFour {
    fn start(&self) -> Stones {
        ConnectFour::start()
    }
    fn label(&self, _: &Stones, m: u8) -> String {
        ConnectFour::label(m)
    }
    fn view(&self, p: &Stones, view: &mut PositionView) {
        view.cells = Some(self.cells(p));
        view.columns = Some(self.width());
    }
    fn place(&self, p: &Stones, m: u8) -> Option<[u32; 2]> {
        // The stone lands on the lowest empty cell of its column.
        let stones = self.stacked(p, u32::from(m));
        Some([self.height() - 1 - stones, u32::from(m)])
    }
    /// The dedicated solver's answer (`crate::games::connect4`), within
    /// [`EXACT_NODES`]: the outcome, the score (how soon), the best columns.
    fn exact(&self, moves: &[String]) -> Option<Result<Exact, Text>> {
        use crate::games::connect4::{self as solver, Board};
        let board = Board::new(self.width(), self.height()).ok()?;
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
            branching: f64::from(self.width()),
            length: f64::from(self.width() * self.height()),
            per_node: 1e-7,
            whole: None,
        }
    }
    fn exact_cost(&self, played: usize) -> (f64, f64) {
        // The solver: about 1.64^(empty cells) nodes (Tromp's boards from
        // empty: 8·10³ for 4 × 4, 5·10⁷ for 6 × 6), to its limit.
        let empty = f64::from(self.width() * self.height()) - played as f64;
        (
            1.5e-7 * 1.64f64.powf(empty).min(EXACT_NODES as f64),
            (EXACT_SLOTS * 8) as f64 / 1e6,
        )
    }
}
