//! The course's next chapter: when the graph is too big to build, search it —
//! depth-limited minimax with a heuristic, alpha-beta, move ordering, a
//! transposition table — and compare with the exact answer where it fits.
//!
//! * [`engine`]: the search, generic over a small [`engine::Game`] trait.
//! * The games: [`tictactoe`], [`connect4`] (bitboards, 4 × 4 to 7 × 6),
//!   [`chomp`] (any size), [`sticks`] (any take set), [`typed`] (any arena).
//! * [`analyse`]: a link's search report (the four algorithms side by side, the
//!   tree for small depths, the exact outcome when it fits); [`Session`]: play.

pub mod chomp;
pub mod connect4;
pub mod distance;
pub mod engine;
pub mod keys;
pub mod sticks;
pub mod tictactoe;
pub mod typed;

pub use self::engine::Algorithm;
use self::engine::{search, Found, Game, Limits, TreeNode, WIN};
pub use self::keys::{
    parse_moves, Heuristic, SearchGame, HEURISTIC_NAMES, MAX_DEPTH, MAX_MOVES, MAX_NODES, MAX_NODE_LIMIT,
    MAX_TREE_DEPTH, MIN_NODE_LIMIT,
};
use super::attractor::solve;
use super::chomp::{losing_boards, Boards, MAX_DIRECT_BOARDS};
use super::edges::parse_arena;
use super::scenario::Scenario;
use crate::toolkit::{Error, Progress, Quoted, Text};
use serde::Serialize;
use web_time::Instant;

/// Nodes the exact solution may visit.
pub const MAX_EXACT_NODES: u64 = 30_000_000;
/// Most nodes of a drawn tree.
pub const MAX_TREE_NODES: usize = 3_000;
/// Positions the distances of a drawn tree's proven nodes may visit in all.
const DISTANCE_BUDGET: u64 = 2_000_000;

/// One algorithm's run on the position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Run {
    /// The algorithm's link name.
    pub algorithm: &'static str,
    /// The value for the player to move: 1, 0 or −1 when exact, else the
    /// heuristic score of the deepest search finished; none when the node limit
    /// stopped the search before any finished (its value would mean nothing).
    pub value: Option<i32>,
    /// Whether the value is a proven outcome.
    pub exact: bool,
    /// The best move found.
    pub best_move: Option<String>,
    /// The principal variation.
    pub pv: Vec<String>,
    /// Nodes visited, the root included.
    pub nodes: u64,
    /// Nodes that were finished games.
    pub terminals: u64,
    /// Alpha-beta cut-offs.
    pub cutoffs: u64,
    /// Positions answered by the transposition table.
    pub table_hits: u64,
    /// The depth searched (iterative deepening: the deepest completed); none: to the end.
    pub depth: Option<u32>,
    /// Whether it finished within its node limit.
    pub complete: bool,
    /// Whether Connect Four's exact solver answered for it (`tt` to the end):
    /// its value and move are the solver's, its nodes the solver's.
    pub solver: bool,
    /// Milliseconds taken.
    pub ms: f64,
}

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
    /// Chomp: row lengths from the poisoned row up.
    pub board: Option<Vec<u8>>,
    /// The stick game: sticks left.
    pub sticks: Option<usize>,
    /// An arena: the vertex's name.
    pub vertex: Option<String>,
}

/// The exact answer, where it fits.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExactAnswer {
    /// 1: the player to move wins, 0: a draw, −1: a loss.
    pub value: i32,
    /// The moves that keep that outcome: the winning moves of a win, the
    /// drawing moves of a draw; none in a lost position (every move loses).
    pub winning_moves: Vec<String>,
    /// How it was found: `search` (to the end), `solver` (Connect Four's),
    /// `attractor`, `retrograde` (every board) or `heaps`.
    pub method: &'static str,
    /// Connect Four: the score in Pons' convention (how soon; see
    /// [`crate::arena::connect4::solver`]); left out for other games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<i32>,
    /// The score in words (Connect Four); left out for other games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdict: Option<Text>,
}

/// A recorded search tree, for depths up to 4.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Tree {
    /// The nodes, the root first.
    pub nodes: Vec<TreeNode>,
    /// The move leading to each node (empty for the root).
    pub moves: Vec<String>,
    /// For a node proven won or lost: the moves (of both players) to the end
    /// with best play, the winner hurrying and the loser holding out
    /// ([`distance`]); none for other nodes or beyond the budget.
    pub ends: Vec<Option<u32>>,
    /// Whether the tree was cut at the node limit.
    pub partial: bool,
    /// A node's value for a proven win (minus it: a loss); heuristic scores
    /// lie strictly within a tenth of it.
    pub win: i32,
}

/// What a search view shows.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SearchReport {
    /// `"search"`.
    pub kind: &'static str,
    /// The game's link name.
    pub game: &'static str,
    /// The chosen algorithm.
    pub algorithm: &'static str,
    /// The depth limit (none: to the end).
    pub depth: Option<u32>,
    /// The heuristic's name.
    pub heuristic: &'static str,
    /// The game's heuristics, explained.
    pub heuristics: &'static [Heuristic],
    /// The position searched.
    pub position: PositionView,
    /// The chosen algorithm's value (1, 0, −1 when exact, else the heuristic
    /// score); none when the node limit stopped it before any search finished.
    pub value: Option<i32>,
    /// Whether the value is a proven outcome: the game is solved from here.
    pub exact: bool,
    /// Whether the chosen algorithm finished within [`node_limit`](Self::node_limit).
    pub complete: bool,
    /// The nodes a run may visit.
    pub node_limit: u64,
    /// The depth the chosen algorithm finished (iterative deepening stopped by the
    /// node limit: the deepest finished); none: to the end, or nothing finished.
    pub searched_depth: Option<u32>,
    /// The best move.
    pub best_move: Option<String>,
    /// The principal variation.
    pub pv: Vec<String>,
    /// Nodes visited.
    pub nodes: u64,
    /// Cut-offs.
    pub cutoffs: u64,
    /// Milliseconds taken by the chosen algorithm.
    pub ms: f64,
    /// The four algorithms on the same position, at the same depth.
    pub runs: Vec<Run>,
    /// The chosen algorithm's tree, for depths up to 4.
    pub tree: Option<Tree>,
    /// The exact answer, where it fits in the page.
    pub exact_answer: Option<ExactAnswer>,
    /// Why there is no exact answer.
    pub exact_note: Option<Text>,
    /// Whether the chosen move differs from every move of the exact answer.
    pub disagrees: Option<bool>,
}

fn bad_move(text: &str, at: usize, legal: &[String]) -> Error {
    Error::InvalidValue {
        key: "moves",
        value: Quoted::new(text),
        expected: text!(
            "a legal move at move {}: one of {}",
            "un coup légal au coup {} : l'un de {}",
            at + 1,
            legal.join(", ")
        ),
    }
}

/// A game of the search, with how its moves and positions are written.
trait Shown: Game {
    fn start(&self) -> Self::Position;
    fn label(&self, p: &Self::Position, m: Self::Move) -> String;
    fn view(&self, p: &Self::Position, view: &mut PositionView);
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

impl Shown for tictactoe::TicTacToe {
    fn start(&self) -> tictactoe::Board {
        tictactoe::TicTacToe::start()
    }
    fn label(&self, _: &tictactoe::Board, m: u8) -> String {
        tictactoe::TicTacToe::label(m)
    }
    fn view(&self, p: &tictactoe::Board, view: &mut PositionView) {
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
    }
    fn place(&self, _: &tictactoe::Board, m: u8) -> Option<[u32; 2]> {
        Some([u32::from(m) / 3, u32::from(m) % 3])
    }
}

impl Shown for connect4::ConnectFour {
    fn start(&self) -> connect4::Stones {
        connect4::ConnectFour::start()
    }
    fn label(&self, _: &connect4::Stones, m: u8) -> String {
        connect4::ConnectFour::label(m)
    }
    fn view(&self, p: &connect4::Stones, view: &mut PositionView) {
        view.cells = Some(self.cells(p));
        view.columns = Some(self.width());
    }
    fn place(&self, p: &connect4::Stones, m: u8) -> Option<[u32; 2]> {
        // The stone lands on the lowest empty cell of its column.
        let stones = self.stacked(p, u32::from(m));
        Some([self.height() - 1 - stones, u32::from(m)])
    }
}

/// A game with the position a link starts it from, and what it needs to name
/// its moves (an arena's vertex names): the engine's games delegated once.
struct Started<G: Game, X> {
    game: G,
    start: G::Position,
    names: X,
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

type ChompFrom = Started<chomp::ChompGame, ()>;
type SticksFrom = Started<sticks::Sticks, ()>;
type ArenaFrom<'a> = Started<typed::ArenaGame<'a>, &'a super::edges::TypedArena>;

fn chomp_from(board: Vec<u8>) -> ChompFrom {
    Started {
        game: chomp::ChompGame,
        start: board,
        names: (),
    }
}

fn sticks_from(s: &Scenario) -> SticksFrom {
    Started {
        game: sticks::Sticks::new(&s.take, s.misere),
        start: s.sticks,
        names: (),
    }
}

fn arena_from(typed: &super::edges::TypedArena) -> ArenaFrom<'_> {
    Started {
        game: typed::ArenaGame::new(&typed.arena),
        start: typed.arena.start,
        names: typed,
    }
}

impl Shown for ChompFrom {
    fn start(&self) -> Vec<u8> {
        self.start.clone()
    }
    fn label(&self, _: &Vec<u8>, m: (u8, u8)) -> String {
        chomp::ChompGame::label(m)
    }
    fn view(&self, p: &Vec<u8>, view: &mut PositionView) {
        view.board = Some(p.clone());
    }
    fn place(&self, _: &Vec<u8>, m: (u8, u8)) -> Option<[u32; 2]> {
        Some([u32::from(m.0), u32::from(m.1)])
    }
}

impl Shown for SticksFrom {
    fn start(&self) -> usize {
        self.start
    }
    fn label(&self, _: &usize, m: usize) -> String {
        m.to_string()
    }
    fn view(&self, p: &usize, view: &mut PositionView) {
        view.sticks = Some(*p);
    }
}

impl Shown for ArenaFrom<'_> {
    fn start(&self) -> usize {
        self.start
    }
    fn label(&self, _: &usize, m: u32) -> String {
        self.names.names[m as usize].clone()
    }
    fn view(&self, p: &usize, view: &mut PositionView) {
        view.vertex = Some(self.names.names[*p].clone());
    }
    fn player(&self, p: &usize, _: usize) -> u8 {
        self.names.arena.owner(*p).number()
    }
}

/// Replays `history` from the start: the position, or the first illegal move.
fn replay<G: Shown>(game: &G, history: &[String]) -> Result<G::Position, Error> {
    let mut p = game.start();
    for (at, text) in history.iter().enumerate() {
        let moves = game.moves(&p);
        let labels: Vec<String> = moves.iter().map(|&m| game.label(&p, m)).collect();
        let Some(k) = labels.iter().position(|l| l == text.trim()) else {
            return Err(bad_move(text, at, &labels));
        };
        p = game.play(&p, moves[k]);
    }
    Ok(p)
}

fn view<G: Shown>(game: &G, p: &G::Position, history: &[String]) -> PositionView {
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
        board: None,
        sticks: None,
        vertex: None,
    };
    game.view(p, &mut v);
    v
}

fn run<G: Shown>(
    game: &G,
    p: &G::Position,
    algorithm: Algorithm,
    limits: Limits,
    progress: &mut dyn FnMut(f64),
) -> (Run, Found<G::Move>) {
    let started = Instant::now();
    let found = search(game, p, algorithm, limits, progress);
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    let labels = |moves: &[G::Move]| -> Vec<String> {
        let mut q = p.clone();
        moves
            .iter()
            .map(|&m| {
                let l = game.label(&q, m);
                q = game.play(&q, m);
                l
            })
            .collect()
    };
    let pv = labels(&found.pv);
    let r = Run {
        algorithm: algorithm.name(),
        value: found
            .estimate
            .then_some(if found.exact { found.value / WIN } else { found.value }),
        exact: found.exact,
        best_move: pv.first().cloned(),
        pv,
        nodes: found.nodes,
        terminals: found.terminals,
        cutoffs: found.cutoffs,
        table_hits: found.table_hits,
        depth: found.depth,
        complete: found.complete,
        solver: false,
        ms,
    };
    (r, found)
}

/// The moves from `p` that keep its exact value `value`, by a full search of each.
fn keeping<G: Shown>(game: &G, p: &G::Position, value: i32) -> Option<Vec<String>> {
    let mut out = Vec::new();
    for m in game.moves(p) {
        let after = game.play(p, m);
        let limits = Limits {
            depth: None,
            heuristic: 0,
            max_nodes: MAX_EXACT_NODES,
            record: 0,
        };
        let f = search(game, &after, Algorithm::Table, limits, &mut |_| {});
        if !f.complete {
            return None;
        }
        if -f.value / WIN == value {
            out.push(game.label(p, m));
        }
    }
    Some(out)
}

struct Ask {
    algorithm: Algorithm,
    depth: Option<u32>,
    heuristic: usize,
    /// A run of `tt` known already (Connect Four's solver): not searched again.
    given: Option<Run>,
}

#[allow(clippy::type_complexity)]
fn report_for<G: Shown>(
    game: &G,
    s: &Scenario,
    ask: &Ask,
    exact: Option<Result<ExactAnswer, Text>>,
    progress: Progress,
) -> Result<SearchReport, Error> {
    let p = replay(game, &s.moves)?;
    let position = view(game, &p, &s.moves);
    let mut runs = Vec::new();
    let mut tree = None;
    let mut chosen: Option<Run> = None;
    for (k, &algorithm) in Algorithm::ALL.iter().enumerate() {
        let record = if algorithm == ask.algorithm && ask.depth.is_some_and(|d| d <= MAX_TREE_DEPTH) {
            MAX_TREE_NODES
        } else {
            0
        };
        let limits = Limits {
            depth: ask.depth,
            heuristic: ask.heuristic,
            max_nodes: s.node_limit,
            record,
        };
        if let Some(r) = ask.given.as_ref().filter(|r| r.algorithm == algorithm.name()) {
            if algorithm == ask.algorithm {
                chosen = Some(r.clone());
            }
            runs.push(r.clone());
            continue;
        }
        let (r, found) = run(game, &p, algorithm, limits, &mut |f| {
            progress((k as f64 + f) / 5.0, &[]);
        });
        if record > 0 {
            let mut moves = vec![String::new(); found.tree.len()];
            // Each node's move: replay from the root through its ancestors.
            let mut positions: Vec<Option<G::Position>> = vec![None; found.tree.len()];
            positions[0] = Some(p.clone());
            for (i, node) in found.tree.iter().enumerate().skip(1) {
                let Some(parent) = node.parent else { continue };
                if let Some(pp) = positions[parent as usize].clone() {
                    if let Some(&m) = game.moves(&pp).get(node.choice as usize) {
                        moves[i] = game.label(&pp, m);
                        positions[i] = Some(game.play(&pp, m));
                    }
                }
            }
            // How soon each proven node ends: short bounded searches (a proof
            // within the tree's depth needs no more than a few moves).
            let mut distances = distance::Distances::new(game, DISTANCE_BUDGET, 2 * MAX_TREE_DEPTH + 8);
            let ends = found
                .tree
                .iter()
                .zip(&positions)
                .map(|(node, at)| match (node.value, at) {
                    // A cut-off's value is a lower bound: −WIN there proves nothing.
                    (Some(v), Some(at)) if v == WIN || (v == -WIN && !node.cutoff) => distances.to_end(at, v > 0),
                    _ => None,
                })
                .collect();
            tree = Some(Tree {
                partial: found.tree.len() >= MAX_TREE_NODES,
                nodes: found.tree,
                moves,
                ends,
                win: WIN,
            });
        }
        if algorithm == ask.algorithm {
            chosen = Some(r.clone());
        }
        runs.push(r);
    }
    progress(0.8, &[]);
    let chosen = chosen.expect("the chosen algorithm is one of the four");
    let (exact_answer, exact_note) = match exact {
        // In a lost position every move loses: none is listed, none disagrees.
        Some(Ok(a)) if a.value < 0 => (
            Some(ExactAnswer {
                winning_moves: Vec::new(),
                ..a
            }),
            None,
        ),
        Some(Ok(a)) => (Some(a), None),
        Some(Err(why)) => (None, Some(why)),
        None => (None, None),
    };
    let disagrees = exact_answer
        .as_ref()
        .zip(chosen.best_move.as_ref())
        .filter(|(a, _)| a.value >= 0)
        .map(|(a, m)| !a.winning_moves.contains(m));
    progress(1.0, &[]);
    Ok(SearchReport {
        kind: "search",
        game: s.search.name(),
        algorithm: ask.algorithm.name(),
        depth: ask.depth,
        heuristic: s.search.heuristics()[ask.heuristic].name,
        heuristics: s.search.heuristics(),
        position,
        value: chosen.value,
        exact: chosen.exact,
        complete: chosen.complete,
        node_limit: s.node_limit,
        searched_depth: chosen.value.and(chosen.depth),
        best_move: chosen.best_move.clone(),
        pv: chosen.pv.clone(),
        nodes: chosen.nodes,
        cutoffs: chosen.cutoffs,
        ms: chosen.ms,
        runs,
        tree,
        exact_answer,
        exact_note,
        disagrees,
    })
}

fn heuristic_index(s: &Scenario) -> usize {
    s.search
        .heuristics()
        .iter()
        .position(|h| h.name == s.heuristic)
        .unwrap_or(0)
}

/// The exact answer of a game that a full search settles (tic-tac-toe, small Connect Four boards).
fn by_search<G: Shown>(game: &G, moves: &[String]) -> Option<Result<ExactAnswer, Text>> {
    let p = replay(game, moves).ok()?;
    let limits = Limits {
        depth: None,
        heuristic: 0,
        max_nodes: MAX_EXACT_NODES,
        record: 0,
    };
    let f = search(game, &p, Algorithm::Table, limits, &mut |_| {});
    if !f.complete {
        return Some(Err(text!(
            "solving this position to the end would take more than {} positions",
            "résoudre cette position jusqu'au bout demanderait plus de {} positions",
            MAX_EXACT_NODES
        )));
    }
    let value = f.value / WIN;
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

/// Computes a search scenario: the position after the link's moves, searched
/// by the four algorithms, the chosen one's tree (depth ≤ 4), and the exact
/// answer where it fits.
///
/// # Errors
/// [`Error::InvalidValue`] (key `moves`) for an illegal move; the arena's errors.
pub fn analyse(s: &Scenario, progress: Progress) -> Result<SearchReport, Error> {
    let ask = Ask {
        algorithm: s.algorithm,
        depth: s.depth,
        heuristic: heuristic_index(s),
        given: None,
    };
    match s.search {
        SearchGame::TicTacToe => {
            let g = tictactoe::TicTacToe;
            let exact = by_search(&g, &s.moves);
            report_for(&g, s, &ask, exact, progress)
        }
        SearchGame::ConnectFour => {
            let g = connect4::ConnectFour::new(s.width as u32, s.height as u32);
            let started = Instant::now();
            let solved = solve_connect4(s);
            let ms = started.elapsed().as_secs_f64() * 1000.0;
            let given = match (&solved, ask.depth) {
                (Some(Ok((answer, nodes))), None) => Some(solver_run(answer, *nodes, ms)),
                _ => None,
            };
            let exact = solved.map(|x| x.map(|(a, _)| a));
            report_for(&g, s, &Ask { given, ..ask }, exact, progress)
        }
        SearchGame::Chomp => {
            let g = chomp_from(s.start_board());
            let exact = chomp_exact(s);
            report_for(&g, s, &ask, exact, progress)
        }
        SearchGame::Sticks => {
            let g = sticks_from(s);
            let exact = sticks_exact(s, &g);
            report_for(&g, s, &ask, exact, progress)
        }
        SearchGame::Arena => {
            let typed = parse_arena(&s.edges)?;
            let g = arena_from(&typed);
            let exact = arena_exact(&g, &s.moves);
            report_for(&g, s, &ask, exact, progress)
        }
    }
}

/// Checks a search scenario: its arena parses and its moves are legal from the start.
///
/// # Errors
/// The arena's errors; [`Error::InvalidValue`] (key `moves`) naming the first illegal move.
pub fn check(s: &Scenario) -> Result<(), Error> {
    match s.search {
        SearchGame::TicTacToe => replay(&tictactoe::TicTacToe, &s.moves).map(drop),
        SearchGame::ConnectFour => {
            replay(&connect4::ConnectFour::new(s.width as u32, s.height as u32), &s.moves).map(drop)
        }
        SearchGame::Chomp => replay(&chomp_from(s.start_board()), &s.moves).map(drop),
        SearchGame::Sticks => replay(&sticks_from(s), &s.moves).map(drop),
        SearchGame::Arena => {
            let typed = parse_arena(&s.edges)?;
            replay(&arena_from(&typed), &s.moves).map(drop)
        }
    }
}

/// The estimated time of a search link in the browser: the four runs (each
/// stops at its node limit) and the exact answer where it is computed.
/// Calibrated on the in-browser benchmark (BENCHMARKS.md).
pub fn cost(s: &Scenario) -> (f64, f64) {
    // Per node in the browser's worker, measured by `make bench-web` (BENCHMARKS.md).
    let (branching, length, per_node): (f64, f64, f64) = match s.search {
        SearchGame::TicTacToe => (9.0, 9.0, 7e-8),
        SearchGame::ConnectFour => (s.width as f64, (s.width * s.height) as f64, 1e-7),
        SearchGame::Chomp => ((s.rows * s.cols) as f64, (s.rows * s.cols) as f64, 5e-9 * s.rows as f64),
        SearchGame::Sticks => (s.take.len() as f64, s.sticks as f64, 5e-8),
        SearchGame::Arena => match parse_arena(&s.edges) {
            // Paths visit each vertex at most once (a repetition is a draw).
            Ok(t) => {
                let n = t.arena.len().max(1) as f64;
                (t.arena.edge_count() as f64 / n, n, 1e-7)
            }
            Err(_) => (1.0, 1.0, 1e-7),
        },
    };
    let played = s.moves.len() as f64;
    let plies = s
        .depth
        .map_or(length - played, f64::from)
        .clamp(1.0, (length - played).max(1.0));
    let b = branching.max(1.0);
    // Minimax visits about b^d nodes (tic-tac-toe's whole tree has 549,946); the
    // three pruning searches about b^(0.6 d) each (b^(d/2) at best); each stops at the limit.
    let whole = if s.search == SearchGame::TicTacToe {
        549_946.0
    } else {
        f64::INFINITY
    };
    let limit = s.node_limit as f64;
    let minimax = b.powf(plies).min(whole).min(limit);
    let pruned = 3.0 * b.powf(0.6 * plies).min(whole).min(limit);
    let mut seconds = 1.25 * (minimax + pruned) * per_node;
    let mut megabytes = 5.0 + pruned / 3.0 * 48.0 / 1e6;
    match s.search {
        SearchGame::ConnectFour => {
            // The solver's exact answer: about 1.64^(empty cells) nodes (Tromp's
            // boards from empty: 8·10³ for 4 × 4, 5·10⁷ for 6 × 6), to its limit.
            let empty = (s.width * s.height) as f64 - played;
            seconds += 1.5e-7 * 1.64f64.powf(empty).min(CONNECT4_EXACT_NODES as f64);
            megabytes += (CONNECT4_SLOTS * 8) as f64 / 1e6;
        }
        SearchGame::Chomp => {
            let boards = binomial(s.rows + s.cols, s.rows.min(s.cols));
            if boards <= MAX_DIRECT_BOARDS as f64 {
                seconds += 3.76e-9 * boards * (s.rows * s.cols) as f64;
                megabytes += boards / 1e6;
            }
        }
        SearchGame::Sticks => seconds += 1e-8 * s.sticks as f64 * s.take.len() as f64,
        _ => {}
    }
    (seconds, megabytes)
}

fn binomial(n: usize, k: usize) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// Nodes Connect Four's solver may visit for the search view's exact answer
/// (under a second in the browser); beyond, the page says the bounds it
/// proved and the solve view (`kind=connect4`) goes further.
pub const CONNECT4_EXACT_NODES: u64 = 5_000_000;
/// Slots of that solve's table (8 MB).
const CONNECT4_SLOTS: usize = 1 << 20;

/// Connect Four's exact answer by the solver: the outcome, the score (how
/// soon), the best columns, and the nodes it took; why not, past its limit.
fn solve_connect4(s: &Scenario) -> Option<Result<(ExactAnswer, u64), Text>> {
    use crate::arena::connect4::{self as solver, Board};
    let board = Board::new(s.width as u32, s.height as u32).ok()?;
    let p = board.play_moves(&s.moves.concat()).ok()?;
    let mut engine = solver::Solver::new(CONNECT4_SLOTS);
    let limits = solver::Limits {
        nodes: CONNECT4_EXACT_NODES,
        seconds: None,
    };
    let solved = engine.solve(&p, limits, &mut |_| true);
    let best = solved.score.and_then(|v| engine.best_columns(&p, v, limits));
    Some(match (solved.score, best) {
        (Some(score), Some(best)) => Ok((
            ExactAnswer {
                value: score.signum(),
                winning_moves: best.iter().map(u32::to_string).collect(),
                method: "solver",
                score: Some(score),
                verdict: Some(solver::solver::verdict(&board, p.stones(), score)),
            },
            solved.nodes,
        )),
        _ => Err(text!(
            "not solved within {} million positions: the score (positive: the player to move wins) lies between {} and {}",
            "non résolu en {} millions de positions : le score (positif : le joueur qui joue gagne) est entre {} et {}",
            CONNECT4_EXACT_NODES / 1_000_000,
            solved.bounds[0],
            solved.bounds[1]
        )),
    })
}

/// `tt` to the end on Connect Four: the solver's exact answer stands for the
/// generic search's run (which stops at its node limit on large boards).
fn solver_run(answer: &ExactAnswer, nodes: u64, ms: f64) -> Run {
    let best = answer.winning_moves.first().cloned();
    Run {
        algorithm: Algorithm::Table.name(),
        value: Some(answer.value),
        exact: true,
        best_move: best.clone(),
        pv: best.into_iter().collect(),
        nodes,
        terminals: 0,
        cutoffs: 0,
        table_hits: 0,
        depth: None,
        complete: true,
        solver: true,
        ms,
    }
}

fn value_of(win: bool) -> i32 {
    if win {
        1
    } else {
        -1
    }
}

/// Chomp exactly: which boards lose, by the direct recursion over every board of the box.
fn chomp_exact(s: &Scenario) -> Option<Result<ExactAnswer, Text>> {
    let g = chomp_from(s.start_board());
    let p = replay(&g, &s.moves).ok()?;
    match losing_boards(s.rows, s.cols) {
        Err(_) => Some(Err(text!(
            "a {} × {} bar has more than {} boards: too many to solve every one in the page",
            "une tablette {} × {} a plus de {} positions : trop pour les résoudre toutes dans la page",
            s.rows,
            s.cols,
            MAX_DIRECT_BOARDS
        ))),
        Ok((boards, losing)) => {
            let lost = |b: &[u8]| losing[boards.rank(b)];
            let value = if g.outcome(&p).is_some() {
                -1
            } else {
                value_of(!lost(&p))
            };
            let winning_moves = Boards::moves(&p)
                .filter(|&(r, c)| lost(&Boards::eat(&p, r, c)))
                .map(|(r, c)| chomp::ChompGame::label((r as u8, c as u8)))
                .collect();
            Some(Ok(ExactAnswer {
                value,
                winning_moves,
                method: "retrograde",
                score: None,
                verdict: None,
            }))
        }
    }
}

/// The stick game exactly: each heap size's outcome, from 0 up.
fn sticks_exact(s: &Scenario, g: &SticksFrom) -> Option<Result<ExactAnswer, Text>> {
    let p = replay(g, &s.moves).ok()?;
    let mut wins = vec![false; p + 1];
    for k in 0..=p {
        wins[k] = match g.outcome(&k) {
            Some(o) => o == 1,
            None => g.moves(&k).iter().any(|&t| !wins[k - t]),
        };
    }
    let winning_moves = if g.outcome(&p).is_some() {
        Vec::new()
    } else {
        g.moves(&p)
            .into_iter()
            .filter(|&t| !wins[p - t])
            .map(|t| t.to_string())
            .collect()
    };
    Some(Ok(ExactAnswer {
        value: value_of(wins[p]),
        winning_moves,
        method: "heaps",
        score: None,
        verdict: None,
    }))
}

/// An arena exactly: the attractors (vertices in neither are draws).
fn arena_exact(g: &ArenaFrom<'_>, moves: &[String]) -> Option<Result<ExactAnswer, Text>> {
    let p = replay(g, moves).ok()?;
    let arena = &g.names.arena;
    let solution = solve(arena);
    let me = arena.owner(p);
    let value = match solution.winner(p) {
        Some(w) if w == me => 1,
        Some(_) => -1,
        None => 0,
    };
    let mine = &solution.attractors[me.index()];
    let winning_moves = arena
        .successors(p)
        .iter()
        .map(|&t| t as usize)
        .filter(|&t| match value {
            // Any move that stays in the attractor keeps the win (the
            // strategy moves to a smaller rank, but a larger one wins too).
            1 => mine.contains(t),
            0 => solution.winner(t).is_none(),
            _ => false,
        })
        .map(|t| g.names.names[t].clone())
        .collect();
    Some(Ok(ExactAnswer {
        value,
        winning_moves,
        method: "attractor",
        score: None,
        verdict: None,
    }))
}

/// Play against the computer at the scenario's depth, heuristic and algorithm:
/// the position is the list of moves from the start.
pub struct Session {
    scenario: Scenario,
    arena: Option<super::edges::TypedArena>,
}

/// The answer to a request of play.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Turn {
    /// The computer's move, when it played.
    pub played: Option<String>,
    /// Why: its search's value, depth and nodes.
    pub reason: Option<Text>,
    /// The position now.
    pub now: PositionView,
}

impl Session {
    /// A session on `s` (a search scenario).
    ///
    /// # Errors
    /// The arena's errors.
    pub fn new(s: &Scenario) -> Result<Session, Error> {
        let arena = if s.search == SearchGame::Arena {
            Some(parse_arena(&s.edges)?)
        } else {
            None
        };
        Ok(Session {
            scenario: s.clone(),
            arena,
        })
    }

    /// The position of the link (its moves from the start), to play on from there.
    ///
    /// # Errors
    /// As [`Session::play`].
    pub fn start(&self) -> Result<Turn, Error> {
        self.play(&self.scenario.moves.join(","), None, false)
    }

    /// Answers a request: the start, a position, the human's move or the computer's.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] for an illegal position or move.
    pub fn play(&self, position: &str, mv: Option<&str>, reply: bool) -> Result<Turn, Error> {
        let mut history = parse_moves(position)?;
        if let Some(m) = mv {
            history.push(m.trim().to_string());
        }
        let s = &self.scenario;
        match s.search {
            SearchGame::TicTacToe => self.turn(&tictactoe::TicTacToe, history, reply),
            SearchGame::ConnectFour => self.turn(
                &connect4::ConnectFour::new(s.width as u32, s.height as u32),
                history,
                reply,
            ),
            SearchGame::Chomp => self.turn(&chomp_from(s.start_board()), history, reply),
            SearchGame::Sticks => self.turn(&sticks_from(s), history, reply),
            SearchGame::Arena => {
                let typed = self.arena.as_ref().expect("an arena session holds its arena");
                self.turn(&arena_from(typed), history, reply)
            }
        }
    }

    fn turn<G: Shown>(&self, game: &G, mut history: Vec<String>, reply: bool) -> Result<Turn, Error> {
        let p = replay(game, &history)?;
        if !reply || game.outcome(&p).is_some() {
            return Ok(Turn {
                played: None,
                reason: None,
                now: view(game, &p, &history),
            });
        }
        let limits = Limits {
            depth: self.scenario.depth,
            heuristic: heuristic_index(&self.scenario),
            max_nodes: self.scenario.node_limit,
            record: 0,
        };
        let (mut r, mut found) = run(game, &p, self.scenario.algorithm, limits, &mut |_| {});
        // Stopped by the node limit with nothing finished: iterative deepening
        // always finishes some depth, so the computer still has a considered move.
        let fell_back = r.value.is_none();
        if fell_back {
            (r, found) = run(game, &p, Algorithm::Table, limits, &mut |_| {});
        }
        let Some(&m) = found.pv.first() else {
            return Ok(Turn {
                played: None,
                reason: None,
                now: view(game, &p, &history),
            });
        };
        let label = game.label(&p, m);
        let after = game.play(&p, m);
        history.push(label.clone());
        let value = match (r.exact, r.value) {
            (true, Some(1)) => text!("a win for me", "une victoire pour moi"),
            (true, Some(0)) => text!("a draw", "un match nul"),
            (true, _) => text!(
                "a loss for me against your best play",
                "une défaite pour moi si vous jouez au mieux"
            ),
            (false, v) => text!(
                "a score of {} by the heuristic (an estimate: not solved)",
                "un score de {} selon l'heuristique (une estimation : non résolu)",
                v.unwrap_or(0)
            ),
        };
        let depth = match (r.complete, r.depth, self.scenario.depth) {
            (true, _, None) => text!("to the end", "jusqu'au bout"),
            (_, Some(d), _) | (_, None, Some(d)) => text!("{d} plies deep", "à {d} demi-coups de profondeur"),
            (false, None, None) => text!("as far as the node limit", "jusqu'à la limite de nœuds"),
        };
        let algorithm = if fell_back {
            Algorithm::Table.name()
        } else {
            self.scenario.algorithm.name()
        };
        let reason = Text {
            en: format!(
                "I searched {} ({} nodes, {algorithm}): {label} foresees {}.",
                depth.en, r.nodes, value.en
            ),
            fr: format!(
                "J'ai cherché {} ({} nœuds, {algorithm}) : {label} prévoit {}.",
                depth.fr, r.nodes, value.fr
            ),
        };
        Ok(Turn {
            reason: Some(reason),
            played: Some(label),
            now: view(game, &after, &history),
        })
    }
}
