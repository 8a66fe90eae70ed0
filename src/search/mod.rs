//! The course's next chapter: when the graph is too big to build, search it —
//! depth-limited minimax with a heuristic, alpha-beta, move ordering, a
//! transposition table — and compare with the exact answer where it fits.
//!
//! * [`engine`]: the search, generic over a small [`engine::Game`] trait.
//! * [`searched`]: the one trait every searched game implements ([`Searched`]:
//!   how it is written and drawn, its exact answer, its tree's size).
//! * The games, one file each: [`tictactoe`], [`connect4`] (the game's
//!   bitboards; its exact answer is the game's solver,
//!   [`crate::games::connect4`]), [`chomp`] (any size), [`sticks`] (any take
//!   set), [`typed`] (any arena), [`hex`]; [`list`](mod@list): the one list of
//!   them, and `with_game!`, the one place a link's game is built.
//! * [`keys`]: what a link asks besides its game; [`scenario`]: the link's keys.
//! * [`analyse`]: a link's search report (the four algorithms side by side, the
//!   tree for small depths, the exact outcome when it fits); [`Session`]: play.

pub mod chomp;
pub mod connect4;
pub mod distance;
pub mod engine;
mod family;
pub mod hex;
pub mod keys;
pub mod list;
pub mod scenario;
pub mod searched;
pub mod sticks;
pub mod text;
pub mod tictactoe;
pub mod typed;

use self::engine::{search, Found, Limits, TreeNode, Work, WIN};
pub use self::family::GameSearch;
pub use self::keys::{
    parse_moves, Algorithm, Heuristic, MAX_DEPTH, MAX_MOVES, MAX_NODES, MAX_NODE_LIMIT, MAX_TREE_DEPTH, MIN_NODE_LIMIT,
};
use self::list::{match_game, searched_games, with_game};
pub use self::list::{GameKeys, SearchAsk, SearchGame, HEURISTIC_NAMES};
use self::searched::{replay, view};
pub use self::searched::{Exact, ExactAnswer, PositionView, Searched, Shape, MAX_EXACT_NODES};
use crate::toolkit::play::{Reply, ReplyOf, Table};
use crate::toolkit::{Error, Lang, Progress, Text};
use serde::Serialize;
use web_time::Instant;

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
    /// Its work: nodes (the root included), finished games, cut-offs, table answers.
    #[serde(flatten)]
    pub work: Work,
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
    /// Whether this is only the position, nothing searched ([`preview`]).
    pub preview: bool,
    /// When the exact answer was left for later beside a depth-limited search
    /// ([`EXACT_BESIDE_SECONDS`]), the seconds it is estimated to take in a
    /// browser: the `exact` task computes it. None: it was not left.
    pub exact_later: Option<f64>,
}

/// Beside a depth-limited search, the exact answer is computed at once only
/// when it is estimated to take at most this long in a browser; else the
/// heuristic answer comes alone, and the exact one on request (the `exact`
/// task, with its own progress and Cancel): Hex 5 × 5 at depth 2 took 14 s
/// for a search of milliseconds (issue 70).
pub const EXACT_BESIDE_SECONDS: f64 = 1.0;

/// Whether `s` leaves the exact answer for later (see [`EXACT_BESIDE_SECONDS`]).
fn exact_later<G: Searched>(game: &G, s: &SearchAsk) -> bool {
    s.depth.is_some() && game.exact_cost(s.moves.len()).0 > EXACT_BESIDE_SECONDS
}

fn run<G: Searched>(
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
        work: found.work,
        depth: found.depth,
        complete: found.complete,
        solver: false,
        ms,
    };
    (r, found)
}

struct Ask {
    algorithm: Algorithm,
    depth: Option<u32>,
    heuristic: usize,
    /// A run of `tt` known already (Connect Four's solver): not searched again.
    given: Option<Run>,
}

fn report_for<G: Searched>(
    game: &G,
    s: &SearchAsk,
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
        game: s.game.name(),
        algorithm: ask.algorithm.name(),
        depth: ask.depth,
        heuristic: s.game.heuristics()[ask.heuristic].name,
        heuristics: s.game.heuristics(),
        position,
        value: chosen.value,
        exact: chosen.exact,
        complete: chosen.complete,
        node_limit: s.node_limit,
        searched_depth: chosen.value.and(chosen.depth),
        best_move: chosen.best_move.clone(),
        pv: chosen.pv.clone(),
        nodes: chosen.work.nodes,
        cutoffs: chosen.work.cutoffs,
        ms: chosen.ms,
        runs,
        tree,
        exact_answer,
        exact_note,
        disagrees,
        preview: false,
        exact_later: None,
    })
}

/// The position of a search link before any search: shown under the go-ahead
/// question of a long search, and played from there (None when its moves do not replay).
pub fn preview(s: &SearchAsk) -> Option<SearchReport> {
    let build = || -> Result<SearchReport, Error> {
        with_game!(s, |g| {
            let p = replay(g, &s.moves)?;
            Ok(SearchReport {
                kind: "search",
                game: s.game.name(),
                algorithm: s.algorithm.name(),
                depth: s.depth,
                heuristic: s.game.heuristics()[s.heuristic_index()].name,
                heuristics: s.game.heuristics(),
                position: view(g, &p, &s.moves),
                value: None,
                exact: false,
                complete: false,
                node_limit: s.node_limit,
                searched_depth: None,
                best_move: None,
                pv: Vec::new(),
                nodes: 0,
                cutoffs: 0,
                ms: 0.0,
                runs: Vec::new(),
                tree: None,
                exact_answer: None,
                exact_note: None,
                disagrees: None,
                preview: true,
                exact_later: None,
            })
        })
    };
    build().ok()
}

/// Computes a search link: the position after its moves, searched by the
/// four algorithms, the chosen one's tree (depth ≤ 4), and the exact answer
/// where it fits.
///
/// # Errors
/// [`Error::InvalidValue`] (key `moves`) for an illegal move; the arena's errors.
pub fn analyse(s: &SearchAsk, progress: Progress) -> Result<SearchReport, Error> {
    analyse_with(s, false, progress)
}

/// [`analyse`], with the exact answer computed whatever its cost when
/// `exact` (the `exact` task: what a depth-limited search left for later).
///
/// # Errors
/// As [`analyse`].
pub fn analyse_with(s: &SearchAsk, exact: bool, progress: Progress) -> Result<SearchReport, Error> {
    with_game!(s, |g| {
        let started = Instant::now();
        let later = (!exact && exact_later(g, s)).then(|| g.exact_cost(s.moves.len()).0);
        let answer = if let Some(seconds) = later {
            let seconds = seconds.ceil();
            Some(Err(text!(
                "left for later beside a depth-limited search: about {} s more in a browser (ask for it apart: the exact task)",
                "laissée pour plus tard à côté d’une recherche limitée en profondeur : environ {} s de plus dans un navigateur (demandez-la à part : la tâche exact)",
                seconds
            )))
        } else {
            g.exact(&s.moves)
        };
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        // A dedicated solver's answer stands for `tt` to the end.
        let given = match (&answer, s.depth) {
            (
                Some(Ok(Exact {
                    answer,
                    solver_nodes: Some(nodes),
                })),
                None,
            ) => Some(solver_run(answer, *nodes, ms)),
            _ => None,
        };
        let ask = Ask {
            algorithm: s.algorithm,
            depth: s.depth,
            heuristic: s.heuristic_index(),
            given,
        };
        let mut report = report_for(g, s, &ask, answer.map(|x| x.map(|e| e.answer)), progress)?;
        report.exact_later = later;
        Ok(report)
    })
}

/// Checks a search link: its arena parses and its moves are legal from the start.
///
/// # Errors
/// The arena's errors; [`Error::InvalidValue`] (key `moves`) naming the first illegal move.
pub fn check(s: &SearchAsk) -> Result<(), Error> {
    with_game!(s, |g| replay(g, &s.moves).map(drop))
}

/// The estimated time and memory of a search link in the browser: the four
/// runs (each stops at its node limit) and the exact answer where it is
/// computed. Calibrated on the in-browser benchmark (BENCHMARKS.md).
pub fn cost(s: &SearchAsk) -> (f64, f64) {
    let estimate = || -> Result<(f64, f64), Error> { Ok(with_game!(s, |g| estimate(g, s))) };
    // An arena that does not parse costs nothing: the link's check refuses it.
    estimate().unwrap_or((0.0, 5.0))
}

fn estimate<G: Searched>(game: &G, s: &SearchAsk) -> (f64, f64) {
    let shape = game.shape();
    let played = s.moves.len() as f64;
    let plies = s
        .depth
        .map_or(shape.length - played, f64::from)
        .clamp(1.0, (shape.length - played).max(1.0));
    let b = shape.branching.max(1.0);
    // Minimax visits about b^d nodes (tic-tac-toe's whole tree has 549,946); the
    // three pruning searches about b^(0.6 d) each (b^(d/2) at best); each stops at the limit.
    let whole = shape.whole.unwrap_or(f64::INFINITY);
    let limit = s.node_limit as f64;
    let minimax = b.powf(plies).min(whole).min(limit);
    let each = b.powf(0.6 * plies).min(whole).min(limit);
    let pruned = 3.0 * each;
    // The ordered run evaluates each child; the table's run a quarter as often.
    let ordering = 1.25 * each * shape.ordering;
    let (exact_seconds, exact_megabytes) = if exact_later(game, s) {
        (0.0, 0.0)
    } else {
        game.exact_cost(s.moves.len())
    };
    (
        1.25 * (minimax + pruned) * shape.per_node + ordering + exact_seconds,
        5.0 + pruned / 3.0 * 48.0 / 1e6 + exact_megabytes,
    )
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
        work: Work {
            nodes,
            ..Work::default()
        },
        depth: None,
        complete: true,
        solver: true,
        ms,
    }
}

/// Play against the computer at the scenario's depth, heuristic and algorithm:
/// a position is the list of moves from the start, replayed (and so checked)
/// at each request.
pub struct Opponent {
    /// The link (an arena's edges are parsed again at each request: a few
    /// hundred vertices at most, typed by hand).
    scenario: SearchAsk,
}

/// Play against a search: the toolkit's one play session.
pub type Session = crate::toolkit::play::Session<Opponent>;

/// The answer to a request of play: the computer's move (as the link writes
/// moves), why (its search's value, depth and nodes), the position now.
pub type Turn = crate::toolkit::Turn<String, PositionView>;

impl Opponent {
    /// The opponent of the search link `s`.
    ///
    /// # Errors
    /// The arena's errors; the link's moves, when one is not legal.
    pub fn new(s: &SearchAsk) -> Result<Opponent, Error> {
        check(s)?;
        Ok(Opponent { scenario: s.clone() })
    }

    /// `history` if every move of it is legal from the start.
    fn checked(&self, history: Vec<String>) -> Result<Vec<String>, Error> {
        with_game!(&self.scenario, |g| replay(g, &history).map(drop))?;
        Ok(history)
    }

    /// The computer's move from `history` by the link's search.
    fn choose<G: Searched>(&self, game: &G, history: &[String]) -> Result<Option<ReplyOf<Self>>, Error> {
        let p = replay(game, history)?;
        if game.outcome(&p).is_some() {
            return Ok(None);
        }
        let limits = Limits {
            depth: self.scenario.depth,
            heuristic: self.scenario.heuristic_index(),
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
            return Ok(None);
        };
        let label = game.label(&p, m);
        let mut now = history.to_vec();
        now.push(label.clone());
        // A move that ends the game says so: no look ahead past the end.
        let after = game.play(&p, m);
        let ended = game.outcome(&after).map(|v| match v {
            0 => text!(
                "{label} ends the game in a draw",
                "{label} termine la partie par un match nul"
            ),
            // The player to move after it has lost: the computer won.
            _ => text!("{label} wins the game", "{label} gagne la partie"),
        });
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
        // The algorithm as the page's menu names it, not its link key.
        let algorithm = Algorithm::LABELS[if fell_back {
            Algorithm::Table
        } else {
            self.scenario.algorithm
        } as usize];
        let (nodes, said) = (r.work.nodes, |lang: Lang| match &ended {
            Some(end) => end.get(lang).to_string(),
            None => match lang {
                Lang::En => format!("{label} foresees {}", value.en),
                Lang::Fr => format!("{label} prévoit {}", value.fr),
            },
        });
        let reason = Text::written(
            format!(
                "I searched {} ({nodes} nodes, {}): {}.",
                depth.en,
                algorithm.en,
                said(Lang::En)
            ),
            format!(
                "J'ai cherché {} ({nodes} nœuds, {}) : {}.",
                depth.fr,
                algorithm.fr,
                said(Lang::Fr)
            ),
        );
        Ok(Some(Reply {
            played: label,
            reason,
            now,
        }))
    }
}

impl Table for Opponent {
    type Position = Vec<String>;
    type Move = String;
    type View = PositionView;

    /// The link's moves.
    fn start(&self) -> Result<Vec<String>, Error> {
        self.checked(self.scenario.moves.clone())
    }

    fn read(&self, position: &str) -> Result<Vec<String>, Error> {
        self.checked(parse_moves(position, self.scenario.game.moves_joined_by())?)
    }

    /// The history and the move, written as the game labels it.
    fn moved(&self, at: &Vec<String>, mv: &str, _seed: u64) -> Result<Vec<String>, Error> {
        let mut history = at.clone();
        history.push(mv.trim().to_string());
        self.checked(history)
    }

    fn reply(&self, at: &Vec<String>, _seed: u64) -> Result<Option<ReplyOf<Self>>, Error> {
        with_game!(&self.scenario, |g| self.choose(g, at))
    }

    fn view(&self, at: &Vec<String>) -> Result<PositionView, Error> {
        with_game!(&self.scenario, |g| Ok(view(g, &replay(g, at)?, at)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each game matches its heuristics by their place in its list: each
    /// place holds the name the link uses.
    #[test]
    fn each_heuristic_place_holds_its_name() {
        for (list, place, name) in [
            (chomp::HEURISTICS, chomp::PARITY, "parity"),
            (chomp::HEURISTICS, chomp::SQUARES, "squares"),
            (connect4::HEURISTICS, connect4::OPEN_LINES, "lines"),
            (connect4::HEURISTICS, connect4::CENTRE, "centre"),
            (connect4::HEURISTICS, connect4::EDGES, "edges"),
            (sticks::HEURISTICS, sticks::MODULO, "modulo"),
            (sticks::HEURISTICS, sticks::PARITY, "parity"),
            (tictactoe::HEURISTICS, tictactoe::OPEN_LINES, "lines"),
            (tictactoe::HEURISTICS, tictactoe::CENTRE, "centre"),
            (typed::HEURISTICS, typed::MOBILITY, "mobility"),
            (hex::HEURISTICS, hex::DISTANCE, "distance"),
        ] {
            assert_eq!(list[place].name, name);
        }
    }
}
