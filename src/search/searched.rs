//! One trait for the games the teaching search explores ([`Searched`]), what
//! the page sees of a position and of its exact answer, and the helpers
//! every game shares: replaying a link's moves, a full search to the end.
//!
//! A new searched game is one file in this folder implementing the engine's
//! [`Game`] and [`Searched`], with its heuristics and keys, and one line in
//! the list (`list.rs`).

use super::engine::{search, Algorithm, Game, Limits, WIN};
use crate::toolkit::{Error, Quoted, Text};
use serde::Serialize;

/// Nodes the exact solution may visit.
pub const MAX_EXACT_NODES: u64 = 30_000_000;

/// The position searched, as the page draws it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PositionView {
    /// The moves played from the start to reach it.
    pub history: Vec<String>,
    /// The player to move: 1 or 2.
    pub player: u8,
    /// Whether the game is over.
    pub over: bool,
    /// Who won, once over (1 or 2; none for a draw).
    pub winner: Option<u8>,
    /// The legal moves.
    pub moves: Vec<String>,
    /// Where each move is drawn: (row, column) on the grid of `cells` or on
    /// Chomp's bar; none for moves shown as buttons (sticks, arenas).
    pub places: Option<Vec<[u32; 2]>>,
    /// Tic-tac-toe and Connect Four: each cell, row by row from the top (0 empty, 1 or 2).
    pub cells: Option<Vec<u8>>,
    /// Columns of the grid of `cells`.
    pub columns: Option<u32>,
    /// The grid's shape when its cells are not squares: `hex` (Hex's rhombus,
    /// each row shifted half a cell to the right of the one above).
    pub shape: Option<&'static str>,
    /// Chomp: row lengths from the poisoned row up.
    pub board: Option<Vec<u8>>,
    /// The stick game: sticks left.
    pub sticks: Option<usize>,
    /// An arena: the vertex's name.
    pub vertex: Option<String>,
    /// Once a grid game is won: the cells of the winning line (tic-tac-toe's
    /// three, Connect Four's four) or chain (Hex's, edge to edge), indices
    /// into `cells`, for the page to mark; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<Vec<u32>>,
}

/// The exact answer, where it fits.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExactAnswer {
    /// 1: the player to move wins, 0: a draw, −1: a loss.
    pub value: i32,
    /// The moves that keep that outcome: the winning moves of a win, the
    /// drawing moves of a draw; none in a lost position (every move loses).
    pub winning_moves: Vec<String>,
    /// How it was found: `search` (to the end), `solver` (Connect Four's), `hex-solver`,
    /// `attractor`, `retrograde` (every board) or `heaps`.
    pub method: &'static str,
    /// Connect Four: the score in Pons' convention (how soon; see
    /// [`crate::games::connect4::solver`]); left out for other games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<i32>,
    /// The score in words (Connect Four); left out for other games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdict: Option<Text>,
}

/// An exact answer and, when a dedicated solver found it (Connect Four's),
/// the nodes it took: its run then stands for `tt` to the end.
#[derive(Clone, Debug, PartialEq)]
pub struct Exact {
    /// The answer.
    pub answer: ExactAnswer,
    /// The solver's nodes; none for answers found otherwise.
    pub solver_nodes: Option<u64>,
}

impl From<ExactAnswer> for Exact {
    fn from(answer: ExactAnswer) -> Exact {
        Exact {
            answer,
            solver_nodes: None,
        }
    }
}

/// How a game's tree grows, for the page's estimate of a search's time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shape {
    /// Moves per position, about.
    pub branching: f64,
    /// Moves in a whole game, at most.
    pub length: f64,
    /// Seconds per node in the browser's worker (measured by `make bench-web`).
    pub per_node: f64,
    /// The whole tree's nodes, when known (tic-tac-toe's 549,946).
    pub whole: Option<f64>,
    /// Seconds more per node for the run that orders moves by the heuristic
    /// (the table's run pays a quarter of it, its stored best move first):
    /// Hex's distance heuristic on every child, 0 where ordering is cheap.
    pub ordering: f64,
}

/// A game the teaching search explores: the engine's [`Game`] (positions,
/// moves, heuristics) and how the page writes and draws it, what its exact
/// answer is, and how big its tree grows. One file per game implements it;
/// `with_game!` in the module's root builds the game a link asks for.
pub trait Searched: Game {
    /// The position a link starts from.
    fn start(&self) -> Self::Position;
    /// How move `m` is written, in links and on the page.
    fn label(&self, p: &Self::Position, m: Self::Move) -> String;
    /// What the page draws of `p`: its cells, board, sticks or vertex.
    fn view(&self, p: &Self::Position, view: &mut PositionView);
    /// The exact answer after `moves` (none when they are not a game), or why
    /// it is not computed.
    fn exact(&self, moves: &[String]) -> Option<Result<Exact, Text>>;
    /// How the game's tree grows, for the page's estimate of a link's time.
    fn shape(&self) -> Shape;
    /// What computing the exact answer after `played` moves adds to that
    /// estimate: seconds and megabytes.
    fn exact_cost(&self, played: usize) -> (f64, f64) {
        let _ = played;
        (0.0, 0.0)
    }
    /// Where the page draws move `m` on its grid: (row, column) of `cells`
    /// (tic-tac-toe, Connect Four's landing cell) or of the bar (Chomp, rows
    /// from the poisoned one); none for games drawn as buttons.
    fn place(&self, p: &Self::Position, m: Self::Move) -> Option<[u32; 2]> {
        let _ = (p, m);
        None
    }
    /// The player to move at `p`, given `ply` moves from the start.
    fn player(&self, p: &Self::Position, ply: usize) -> u8 {
        let _ = p;
        if ply % 2 == 0 {
            1
        } else {
            2
        }
    }
}

/// A game with the position a link starts it from, and what it needs to name
/// its moves (an arena's vertex names): the engine's games delegated once.
pub struct Started<G: Game, X> {
    /// The engine's game.
    pub game: G,
    /// Where the link starts it.
    pub start: G::Position,
    /// What else it needs (an arena's names, Chomp's box).
    pub names: X,
}

impl<G: Game, X> Game for Started<G, X> {
    type Position = G::Position;
    type Move = G::Move;
    fn moves(&self, p: &G::Position) -> Vec<G::Move> {
        self.game.moves(p)
    }
    fn play(&self, p: &G::Position, m: G::Move) -> G::Position {
        self.game.play(p, m)
    }
    fn outcome(&self, p: &G::Position) -> Option<i32> {
        self.game.outcome(p)
    }
    fn heuristic(&self, p: &G::Position, h: usize) -> i32 {
        self.game.heuristic(p, h)
    }
    fn key(&self, p: &G::Position) -> u64 {
        self.game.key(p)
    }
    fn acyclic(&self) -> bool {
        self.game.acyclic()
    }
    fn passes(&self, p: &G::Position, after: &G::Position) -> bool {
        self.game.passes(p, after)
    }
}

fn bad_move<G: Searched>(game: &G, p: &G::Position, text: &str, at: usize, legal: &[String]) -> Error {
    let expected = if legal.is_empty() {
        // The game ended before this move: who won, not an empty list.
        let player = game.player(p, at);
        let winner = match game.outcome(p) {
            Some(v) if v > 0 => Some(player),
            Some(v) if v < 0 => Some(3 - player),
            _ => None,
        };
        match winner {
            Some(w) => text!(
                "no move after move {}: the game is over, player {} won",
                "aucun coup après le coup {} : la partie est finie, le joueur {} a gagné",
                at,
                w
            ),
            None => text!(
                "no move after move {}: the game is over, a draw",
                "aucun coup après le coup {} : la partie est finie, nulle",
                at
            ),
        }
    } else {
        text!(
            "a legal move at move {}: one of {}",
            "un coup légal au coup {} : l’un de {}",
            at + 1,
            legal.join(", ")
        )
    };
    Error::InvalidValue {
        key: "moves",
        value: Quoted::new(text),
        expected,
    }
}

/// Replays `history` from the start: the position, or the first illegal move.
///
/// # Errors
/// [`Error::InvalidValue`] (key `moves`) naming the first illegal move and the legal ones.
pub fn replay<G: Searched>(game: &G, history: &[String]) -> Result<G::Position, Error> {
    let mut p = game.start();
    for (at, text) in history.iter().enumerate() {
        let moves = game.moves(&p);
        let labels: Vec<String> = moves.iter().map(|&m| game.label(&p, m)).collect();
        let Some(k) = labels.iter().position(|l| l == text.trim()) else {
            return Err(bad_move(game, &p, text, at, &labels));
        };
        p = game.play(&p, moves[k]);
    }
    Ok(p)
}

/// What the page draws of `p`, reached by `history`.
pub fn view<G: Searched>(game: &G, p: &G::Position, history: &[String]) -> PositionView {
    let player = game.player(p, history.len());
    let outcome = game.outcome(p);
    let mut v = PositionView {
        history: history.to_vec(),
        player,
        over: outcome.is_some(),
        winner: match outcome {
            Some(1) => Some(player),
            Some(-1) => Some(3 - player),
            _ => None,
        },
        moves: game.moves(p).iter().map(|&m| game.label(p, m)).collect(),
        places: game.moves(p).iter().map(|&m| game.place(p, m)).collect(),
        cells: None,
        columns: None,
        shape: None,
        board: None,
        sticks: None,
        vertex: None,
        line: None,
    };
    game.view(p, &mut v);
    v
}

/// The first straight line of `k` stones of one player on a grid of `cells`
/// (row by row, `columns` wide), across, down or along a diagonal: its cells'
/// indices, or none.
///
/// ```
/// use ludolab::search::searched::straight_line;
/// // X on the anti-diagonal of tic-tac-toe.
/// assert_eq!(straight_line(&[2, 2, 1, 0, 1, 0, 1, 0, 0], 3, 3), Some(vec![2, 4, 6]));
/// assert_eq!(straight_line(&[1, 2, 1, 0, 0, 0, 0, 0, 0], 3, 3), None);
/// ```
pub fn straight_line(cells: &[u8], columns: usize, k: usize) -> Option<Vec<u32>> {
    if columns == 0 || k == 0 {
        return None;
    }
    let rows = (cells.len() / columns) as i64;
    let at = |r: i64, c: i64| {
        ((0..rows).contains(&r) && (0..columns as i64).contains(&c)).then(|| r as usize * columns + c as usize)
    };
    for (start, &who) in cells.iter().enumerate().filter(|&(_, &w)| w != 0) {
        let (r, c) = ((start / columns) as i64, (start % columns) as i64);
        for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            let line: Option<Vec<u32>> = (0..k as i64)
                .map(|i| {
                    at(r + i * dr, c + i * dc)
                        .filter(|&x| cells[x] == who)
                        .map(|x| x as u32)
                })
                .collect();
            if line.is_some() {
                return line;
            }
        }
    }
    None
}

/// The exact value of `p` (1 won, 0 drawn, −1 lost for the player to move)
/// by a full search, or none beyond [`MAX_EXACT_NODES`].
fn settled<G: Searched>(game: &G, p: &G::Position) -> Option<i32> {
    let f = search(
        game,
        p,
        Algorithm::Table,
        Limits::to_the_end(MAX_EXACT_NODES),
        &mut |_| {},
    );
    f.complete.then_some(f.value / WIN)
}

/// The moves from `p` that keep its exact value `value`, by a full search of each.
pub fn keeping<G: Searched>(game: &G, p: &G::Position, value: i32) -> Option<Vec<String>> {
    let mut out = Vec::new();
    for m in game.moves(p) {
        if -settled(game, &game.play(p, m))? == value {
            out.push(game.label(p, m));
        }
    }
    Some(out)
}

/// The exact answer of a game that a full search settles (tic-tac-toe, small Connect Four boards).
pub fn by_search<G: Searched>(game: &G, moves: &[String]) -> Option<Result<ExactAnswer, Text>> {
    let p = replay(game, moves).ok()?;
    let Some(value) = settled(game, &p) else {
        return Some(Err(text!(
            "solving this position to the end would take more than {} positions",
            "résoudre cette position jusqu'au bout demanderait plus de {} positions",
            MAX_EXACT_NODES
        )));
    };
    Some(match keeping(game, &p, value) {
        Some(winning_moves) => Ok(ExactAnswer {
            value,
            winning_moves,
            method: "search",
            score: None,
            verdict: None,
        }),
        None => Err(text!(
            "solving every move to the end would take too long",
            "résoudre chaque coup jusqu'au bout prendrait trop de temps"
        )),
    })
}
