//! Game-tree search for two-player games of perfect information, in negamax
//! form: the value of a position is the best, over its moves, of minus the
//! value of the position after the move, for the player to move.
//!
//! * **Minimax** visits every node down to the depth limit.
//! * **Alpha-beta** keeps a window `(α, β)` of values still worth knowing and
//!   stops at a move whose value reaches β (a *cut-off*): the opponent would
//!   never allow this line. Same value as minimax, fewer nodes.
//! * **Ordered** alpha-beta tries the moves the heuristic likes first, so the
//!   cut-offs come sooner.
//! * **TT**: iterative deepening (depth 1, 2, …) with a transposition table: a
//!   position reached by two move orders is searched once per depth, and the
//!   previous depth's best move is tried first.
//!
//! Values: a proven win is [`WIN`], a proven loss `−WIN`, a draw 0; the
//! heuristic scores lie strictly between ([`HEURISTIC_MAX`]). A value is
//! *exact* when it is ±[`WIN`], or when no heuristic leaf was evaluated.

pub use super::keys::Algorithm;
use crate::toolkit::sort;
use std::collections::HashMap;
use std::hash::Hash;

/// The value of a proven win for the player to move.
pub const WIN: i32 = 1_000_000;
/// Heuristic scores lie within ±this (below a proven outcome).
pub const HEURISTIC_MAX: i32 = 100_000;
/// Deepest line searched: a game longer than this (a heap of 10⁶ sticks taken
/// one by one) stops the search there, as the node limit does, instead of
/// overflowing the stack.
pub const MAX_PLY: u32 = 1_000;

/// A game the engine can search.
pub trait Game {
    /// A position, with the player to move.
    type Position: Clone + Eq + Hash;
    /// A move.
    type Move: Copy + Eq + std::fmt::Debug;

    /// The moves from `p` (none at a terminal position).
    fn moves(&self, p: &Self::Position) -> Vec<Self::Move>;
    /// The position after `m`.
    fn play(&self, p: &Self::Position, m: Self::Move) -> Self::Position;
    /// At a terminal position, its value for the player to move: 1 a win, 0 a draw, −1 a loss.
    fn outcome(&self, p: &Self::Position) -> Option<i32>;
    /// A score of `p` for the player to move by heuristic `h`, within ±[`HEURISTIC_MAX`].
    fn heuristic(&self, p: &Self::Position, h: usize) -> i32;
    /// A 64-bit key of `p`, for the transposition table and repetitions.
    fn key(&self, p: &Self::Position) -> u64;
    /// Whether no position can come back (then the table is safe to use; with
    /// cycles a value depends on the path, so the table stays off).
    fn acyclic(&self) -> bool {
        true
    }
    /// Whether the move from `p` to `after` passes the turn to the opponent
    /// (always in alternating games; an arena's owners need not alternate).
    fn passes(&self, p: &Self::Position, after: &Self::Position) -> bool {
        let _ = (p, after);
        true
    }
}

/// What a search is asked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// Plies searched below the root (`None`: to the end of the game).
    pub depth: Option<u32>,
    /// The heuristic evaluated at the depth limit.
    pub heuristic: usize,
    /// The search stops after this many nodes (the result then says so).
    pub max_nodes: u64,
    /// Record the tree (nodes, values, pruned moves) up to this many nodes.
    pub record: usize,
}

impl Limits {
    /// A search to the end of the game, unrecorded, stopped after `max_nodes` nodes.
    pub fn to_the_end(max_nodes: u64) -> Limits {
        Limits {
            depth: None,
            heuristic: 0,
            max_nodes,
            record: 0,
        }
    }
}

/// One node of a recorded search tree.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct TreeNode {
    /// The parent node (none for the root).
    pub parent: Option<u32>,
    /// The move from the parent, by its index in the parent's list of moves
    /// as the game generates them (not the order they were tried in).
    pub choice: u32,
    /// Depth below the root.
    pub ply: u32,
    /// When the node was entered (0, 1, …); none for a move pruned unsearched.
    pub visit: Option<u32>,
    /// The value found, for the player to move at this node (none when pruned).
    pub value: Option<i32>,
    /// The window `(α, β)` the node was searched with.
    pub window: Option<[i32; 2]>,
    /// Whether the node is a leaf evaluated by the heuristic.
    pub heuristic: bool,
    /// Whether the search stopped at this node's moves (a cut-off).
    pub cutoff: bool,
    /// Whether the root's player moves here (arenas need not alternate), so
    /// the page can show every value from the root's side.
    pub rooted: bool,
}

/// The work a search did, as the page's table of runs counts it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Work {
    /// Nodes visited (the root included).
    pub nodes: u64,
    /// Nodes that were finished games (terminal positions).
    pub terminals: u64,
    /// Cut-offs (alpha-beta stopped at a move).
    pub cutoffs: u64,
    /// Positions answered by the transposition table.
    pub table_hits: u64,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Found<M> {
    /// The value for the player to move.
    pub value: i32,
    /// Whether it is a proven outcome (not a heuristic score).
    pub exact: bool,
    /// The principal variation: the best move and the best replies after it.
    pub pv: Vec<M>,
    /// The nodes, finished games, cut-offs and table answers it took.
    pub work: Work,
    /// The deepest depth completed (iterative deepening), or the depth asked.
    pub depth: Option<u32>,
    /// Whether the search finished within its node limit.
    pub complete: bool,
    /// Whether `value` and `pv` come from a finished search: the whole search,
    /// or, when the node limit stopped iterative deepening, its deepest finished
    /// depth. Otherwise they are the debris of an interrupted search, not an
    /// estimate of anything.
    pub estimate: bool,
    /// The tree, when recorded.
    pub tree: Vec<TreeNode>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

struct Entry<M> {
    depth: Option<u32>,
    value: i32,
    bound: Bound,
    /// A value (or bound) settled by finished games only, within `height` plies.
    proven: bool,
    height: u32,
    best: Option<M>,
}

/// What a node's search returns.
#[derive(Clone, Copy)]
struct Out<M> {
    value: i32,
    best: Option<M>,
    /// The value (or the bound, after a cut-off) rests on finished games only.
    proven: bool,
    /// Plies below the node the proof reaches: any search at least this deep
    /// finds the same value (so a proven table entry answers such searches).
    height: u32,
}

struct Search<'g, G: Game> {
    game: &'g G,
    limits: Limits,
    algorithm: Algorithm,
    work: Work,
    stopped: bool,
    table: HashMap<u64, Entry<G::Move>>,
    tree: Vec<TreeNode>,
    /// Nodes entered while recording (the tree's visit order).
    visits: u32,
    /// The positions on the current path (a repetition is a draw: arenas have cycles).
    path: Vec<u64>,
    /// Whether the game has no cycles (no repetition to look for; the table is safe).
    acyclic: bool,
}

impl<G: Game> Search<'_, G> {
    /// Adds a node entered now to the recorded tree (while there is room).
    fn record(&mut self, parent: Option<u32>, choice: usize, ply: u32, window: [i32; 2], passes: bool) -> Option<u32> {
        if self.tree.len() >= self.limits.record {
            return None;
        }
        let rooted = parent.is_none_or(|n| self.tree[n as usize].rooted != passes);
        self.tree.push(TreeNode {
            parent,
            choice: choice as u32,
            ply,
            visit: Some(self.visits),
            value: None,
            window: Some(window),
            heuristic: false,
            cutoff: false,
            rooted,
        });
        self.visits += 1;
        Some(self.tree.len() as u32 - 1)
    }

    fn set_value(&mut self, node: Option<u32>, value: i32, heuristic: bool) {
        if let Some(n) = node {
            let t = &mut self.tree[n as usize];
            t.value = Some(value);
            t.heuristic = heuristic;
        }
    }

    /// The moves of `p` in the order the algorithm tries them, each with its
    /// index among the game's moves: as generated, or by the heuristic (the
    /// score for the player to move after it, best first), with the table's
    /// best move in front.
    fn ordered(&self, p: &G::Position, table_move: Option<G::Move>) -> Vec<(usize, G::Move)> {
        let mut moves: Vec<(usize, G::Move)> = self.game.moves(p).into_iter().enumerate().collect();
        if matches!(self.algorithm, Algorithm::Ordered | Algorithm::Table) {
            let mut keyed: Vec<(i32, usize, G::Move)> = moves
                .iter()
                .map(|&(i, m)| {
                    let after = self.game.play(p, m);
                    let score = match self.game.outcome(&after) {
                        Some(o) => o * WIN,
                        None => self.game.heuristic(&after, self.limits.heuristic),
                    };
                    // Smallest first: the opponent's score, or minus ours when we move again.
                    (if self.game.passes(p, &after) { score } else { -score }, i, m)
                })
                .collect();
            sort::sort_by_key(&mut keyed, |&(s, i, _)| (s, i));
            moves = keyed.into_iter().map(|(_, i, m)| (i, m)).collect();
            if let Some(tm) = table_move {
                if let Some(at) = moves.iter().position(|&(_, m)| m == tm) {
                    moves[..=at].rotate_right(1);
                }
            }
        }
        moves
    }

    /// Negamax from `p` with `left` plies to go (None: no limit), in the window `(alpha, beta)`.
    fn negamax(
        &mut self,
        p: &G::Position,
        left: Option<u32>,
        (mut alpha, beta): (i32, i32),
        ply: u32,
        node: Option<u32>,
    ) -> Out<G::Move> {
        self.work.nodes += 1;
        if self.work.nodes >= self.limits.max_nodes || ply >= MAX_PLY {
            self.stopped = true;
        }
        if let Some(o) = self.game.outcome(p) {
            self.work.terminals += 1;
            self.set_value(node, o * WIN, false);
            return Out {
                value: o * WIN,
                best: None,
                proven: true,
                height: 0,
            };
        }
        let key = self.game.key(p);
        if !self.acyclic && self.path.contains(&key) {
            // A repetition: an endless play, a draw (arenas may have cycles).
            self.set_value(node, 0, false);
            return Out {
                value: 0,
                best: None,
                proven: true,
                height: 0,
            };
        }
        if left == Some(0) || self.stopped {
            let h = self
                .game
                .heuristic(p, self.limits.heuristic)
                .clamp(-HEURISTIC_MAX, HEURISTIC_MAX);
            self.set_value(node, h, true);
            return Out {
                value: h,
                best: None,
                proven: false,
                height: 0,
            };
        }
        let original_alpha = alpha;
        let mut table_move = None;
        let use_table = self.algorithm == Algorithm::Table && self.acyclic;
        if use_table {
            if let Some(e) = self.table.get(&key) {
                // An entry answers a search of the same remaining depth, or of
                // any depth its proof fits in: then depth-limited minimax would
                // find the same value, so the table never changes one.
                let fits = e.depth == left || (e.proven && left.is_none_or(|l| l >= e.height));
                let usable = fits
                    && match e.bound {
                        Bound::Exact => true,
                        Bound::Lower => e.value >= beta,
                        Bound::Upper => e.value <= alpha,
                    };
                if usable {
                    self.work.table_hits += 1;
                    let out = Out {
                        value: e.value,
                        best: e.best,
                        proven: e.proven,
                        height: e.height,
                    };
                    self.set_value(node, out.value, false);
                    return out;
                }
                table_move = e.best;
            }
        }
        let moves = self.ordered(p, table_move);
        let prunes = self.algorithm != Algorithm::Minimax;
        let child_left = left.map(|d| d - 1);
        let mut best = Out {
            value: -WIN - 1,
            best: None,
            proven: true,
            height: 0,
        };
        // Whether every searched move's value is proven, and their deepest proof.
        let mut all_proven = true;
        let mut deepest = 0;
        let mut best_height = 0;
        self.path.push(key);
        for (k, &(i, m)) in moves.iter().enumerate() {
            let after = self.game.play(p, m);
            let passes = self.game.passes(p, &after);
            let window = match (prunes, passes) {
                (false, _) => (-WIN, WIN),
                (true, true) => (-beta, -alpha),
                (true, false) => (alpha, beta),
            };
            let child = node.and_then(|n| self.record(Some(n), i, ply + 1, [window.0, window.1], passes));
            let c = self.negamax(&after, child_left, window, ply + 1, child);
            let v = if passes { -c.value } else { c.value };
            all_proven &= c.proven;
            deepest = deepest.max(c.height + 1);
            if v > best.value {
                best.value = v;
                best.best = Some(m);
                best_height = c.height + 1;
            }
            if prunes {
                alpha = alpha.max(v);
                if alpha >= beta {
                    self.work.cutoffs += 1;
                    if let Some(n) = node {
                        self.tree[n as usize].cutoff = true;
                        // The moves left are pruned: recorded unsearched.
                        let rooted = self.tree[n as usize].rooted;
                        for &(j, pruned) in &moves[k + 1..] {
                            if self.tree.len() < self.limits.record {
                                let passes = self.game.passes(p, &self.game.play(p, pruned));
                                self.tree.push(TreeNode {
                                    parent: Some(n),
                                    choice: j as u32,
                                    ply: ply + 1,
                                    visit: None,
                                    value: None,
                                    window: None,
                                    heuristic: false,
                                    cutoff: false,
                                    rooted: rooted != passes,
                                });
                            }
                        }
                    }
                    break;
                }
            }
            if self.stopped {
                break;
            }
        }
        self.path.pop();
        // A proven win needs only its winning move; otherwise every move counts.
        // (A value reached by a cut-off is a bound, and proven only as a bound.)
        if best.value == WIN {
            best.proven = true;
            best.height = best_height;
        } else {
            best.proven = all_proven && !self.stopped;
            best.height = deepest;
        }
        if use_table && !self.stopped {
            let bound = if best.value <= original_alpha {
                Bound::Upper
            } else if best.value >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table.insert(
                key,
                Entry {
                    depth: left,
                    value: best.value,
                    bound,
                    proven: best.proven,
                    height: best.height,
                    best: best.best,
                },
            );
        }
        self.set_value(node, best.value, false);
        best
    }

    /// The principal variation: the best move, then the best replies, replayed
    /// by short searches of the same kind (cheap: the table holds most of it).
    fn principal(&mut self, root: &G::Position, first: Option<G::Move>, depth: Option<u32>) -> Vec<G::Move> {
        let mut pv = Vec::new();
        let mut p = root.clone();
        let mut next = first;
        let mut left = depth;
        let mut seen = vec![self.game.key(root)];
        while let Some(m) = next {
            pv.push(m);
            if pv.len() > 40 {
                break;
            }
            p = self.game.play(&p, m);
            left = left.map(|d| d.saturating_sub(1));
            // A drawn cycle is shown once round: the line stops where it repeats.
            let key = self.game.key(&p);
            if self.game.outcome(&p).is_some() || left == Some(0) || seen.contains(&key) {
                break;
            }
            seen.push(key);
            let saved = self.work;
            let record = std::mem::replace(&mut self.limits.record, 0);
            let out = self.negamax(&p, left, (-WIN - 1, WIN + 1), 0, None);
            self.limits.record = record;
            self.work = saved;
            next = out.best;
        }
        pv
    }
}

/// Searches `root` of `game` with `algorithm` within `limits`.
///
/// ```
/// use ludolab::search::{engine::{search, Algorithm, Limits}, tictactoe::TicTacToe};
/// // Tic-tac-toe is a draw; alpha-beta proves it with far fewer nodes than minimax.
/// let limits = Limits::to_the_end(u64::MAX);
/// let a = search(&TicTacToe, &TicTacToe::start(), Algorithm::AlphaBeta, limits, &mut |_| {});
/// assert_eq!((a.value, a.exact), (0, true));
/// assert!(a.work.nodes < 549_946);
/// ```
///
/// # Complexity
/// Minimax O(b^d) nodes for branching b and depth d; alpha-beta about
/// O(b^(d/2)) with good ordering; the table bounds it by the positions reached.
pub fn search<G: Game>(
    game: &G,
    root: &G::Position,
    algorithm: Algorithm,
    limits: Limits,
    progress: &mut dyn FnMut(f64),
) -> Found<G::Move> {
    let mut s = Search {
        game,
        limits,
        algorithm,
        work: Work::default(),
        stopped: false,
        table: HashMap::new(),
        tree: Vec::new(),
        visits: 0,
        path: Vec::new(),
        acyclic: game.acyclic(),
    };
    let full = (-WIN - 1, WIN + 1);
    // Whether some depth of iterative deepening finished before the node limit.
    let mut finished = false;
    let (out, depth) = if algorithm == Algorithm::Table {
        // Iterative deepening: depth 1, 2, … up to the limit (or until proven).
        let most = limits.depth.unwrap_or(u32::MAX);
        let mut last: Option<(Out<G::Move>, u32)> = None;
        let mut d = 1;
        loop {
            // The tree shown is the last depth's.
            s.tree.clear();
            s.visits = 0;
            let root_node = s.record(None, 0, 0, [-WIN, WIN], false);
            let out = s.negamax(root, Some(d), full, 0, root_node);
            if s.stopped && last.is_some() {
                // The unfinished depth is dropped: the last finished one answers.
                break;
            }
            last = Some((out, d));
            finished |= !s.stopped;
            progress(f64::from(d) / f64::from(most.min(64)));
            if out.proven || d >= most || s.stopped {
                break;
            }
            d += 1;
        }
        let (out, d) = last.expect("depth 1 is always searched");
        // Searched to the end: proven before the depth limit mattered.
        let depth = if limits.depth.is_none() && out.proven {
            None
        } else {
            Some(d)
        };
        (out, depth)
    } else {
        let root_node = s.record(None, 0, 0, [-WIN, WIN], false);
        (s.negamax(root, limits.depth, full, 0, root_node), limits.depth)
    };
    progress(1.0);
    let complete = !s.stopped;
    let estimate = complete || (algorithm == Algorithm::Table && finished);
    let value = out.value;
    let exact = out.proven;
    let pv = if complete {
        s.principal(root, out.best, depth)
    } else if estimate {
        out.best.into_iter().collect()
    } else {
        Vec::new()
    };
    Found {
        value,
        exact: exact && complete,
        pv,
        work: s.work,
        depth,
        complete,
        estimate,
        tree: s.tree,
    }
}
