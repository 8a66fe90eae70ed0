//! Hex on an n × n rhombus. The first player joins the top and bottom rows,
//! the second the left and right columns; a game never ends in a draw (the
//! full board always holds exactly one crossing), and the first player wins
//! every n × n board from the start (strategy stealing: an extra stone never
//! hurts). Cells are named by column letter and row number, `a1` at the top
//! left; `a1` and the opposite corner are the acute corners, so cell (r, c)
//! touches (r, c ± 1), (r ± 1, c), (r − 1, c + 1) and (r + 1, c − 1).
//!
//! A position is two bit sets of the cells (row by row from the top, bit
//! r·n + c), one per player; a connection is found by flooding a player's
//! stones from their first edge with the six neighbour shifts.

use super::engine::{Game, HEURISTIC_MAX};
use super::keys::Heuristic;

/// The heuristics by their place in [`HEURISTICS`], which is what the engine
/// passes (a test in the module's root checks each place holds its name).
pub(super) const DISTANCE: usize = 0;
use super::searched::{replay, Exact, ExactAnswer, PositionView, Searched, Shape};
use crate::toolkit::number::spread_bits;
use crate::toolkit::{Error, Field, Label, Params, Text};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// What the page's menu calls the game.
pub const TITLE: crate::toolkit::Label = crate::toolkit::Label::new("Hex", "Hex");

/// What a student would try: how far each player is from joining their edges, or nothing.
pub const HEURISTICS: &[Heuristic] = &[
    Heuristic {
        name: "distance",
        explain: Label::new(
            "Distance: the fewest empty cells each player still needs to join their two edges (their own stones are free, the opponent's block); the opponent's count minus yours.",
            "Distance : le plus petit nombre de cases vides qu’il manque à chaque joueur pour relier ses deux bords (ses pions ne coûtent rien, ceux de l’adversaire bloquent) ; celui de l’adversaire moins le vôtre.",
        ),
    },
    Heuristic {
        name: "zero",
        explain: Label::new(
            "A deliberately poor one: every position is worth 0, so a limited search sees only the moves that win at once.",
            "Une mauvaise exprès : toute position vaut 0, si bien qu’une recherche limitée ne voit que les coups qui gagnent tout de suite.",
        ),
    },
];

/// The smallest board.
pub const MIN_SIZE: usize = 2;
/// The largest board (its cells fit one 128-bit set).
pub const MAX_SIZE: usize = 11;
/// The largest board whose exact answer is computed (by [`Solver`]; its
/// table's keys are exact up to 32 cells, and 6 × 6 is beyond a page's minute).
pub const MAX_EXACT_SIZE: usize = 5;
/// The positions [`Solver`] may visit for one exact answer.
pub const EXACT_NODES: u64 = 50_000_000;

/// The board's key, the game's own (`size`).
pub const SIZE_FIELD: Field = Field::whole(
    "size",
    Label::new("Board size n (Hex)", "Taille n du plateau (Hex)"),
    MIN_SIZE as u64,
    MAX_SIZE as u64,
);

/// The board's keys.
pub const FIELDS: &[Field] = &[SIZE_FIELD];

/// The board a link asks for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Keys {
    /// Cells on a side.
    pub size: usize,
}

impl Default for Keys {
    /// The 3 × 3 board: small enough to follow every line of play.
    fn default() -> Keys {
        Keys { size: 3 }
    }
}

impl Keys {
    /// Reads `size`.
    ///
    /// # Errors
    /// A size outside 2 to 11.
    pub fn read(&mut self, params: &mut Params) -> Result<(), Error> {
        if let Some(n) = params.count(&SIZE_FIELD)? {
            self.size = n;
        }
        Ok(())
    }

    /// The link's pairs.
    pub fn write(&self, out: &mut Vec<(&'static str, String)>) {
        out.push(("size", self.size.to_string()));
    }
}

/// The board's size.
///
/// # Errors
/// None: the size was checked as it was read.
pub fn prepare(keys: &Keys) -> Result<usize, Error> {
    Ok(keys.size)
}

/// Hex on the board of `size`.
pub fn game(size: &usize) -> Hex {
    Hex::new(*size)
}

/// Hex on an n × n board.
pub struct Hex {
    n: u32,
    /// Every cell.
    all: u128,
    /// The top row, the bottom row, the left column, the right column.
    top: u128,
    bottom: u128,
    left: u128,
    right: u128,
    /// The cells in the order moves are tried: nearest the centre first.
    order: Vec<u8>,
}

/// A position: each player's stones (bit r·n + c). The first player moves
/// when both have as many stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stones {
    /// The first player's stones (joining top and bottom).
    pub first: u128,
    /// The second player's stones (joining left and right).
    pub second: u128,
}

impl Stones {
    fn first_to_move(&self) -> bool {
        self.first.count_ones() == self.second.count_ones()
    }
}

impl Hex {
    /// The board of `n` × `n` cells (2 to 11).
    pub fn new(n: usize) -> Hex {
        let n = n.clamp(MIN_SIZE, MAX_SIZE) as u32;
        let bit = |r: u32, c: u32| 1u128 << (r * n + c);
        let (mut top, mut bottom, mut left, mut right) = (0, 0, 0, 0);
        for k in 0..n {
            top |= bit(0, k);
            bottom |= bit(n - 1, k);
            left |= bit(k, 0);
            right |= bit(k, n - 1);
        }
        let all = if n * n == 128 {
            u128::MAX
        } else {
            (1u128 << (n * n)) - 1
        };
        // Twice the distance from the centre, on the hexagonal grid: the
        // centre's cells are the strong first moves.
        let centre = f64::from(n - 1) / 2.0;
        let mut order: Vec<u8> = (0..(n * n) as u8).collect();
        order.sort_by(|&a, &b| {
            let d = |x: u8| {
                let (r, c) = (
                    f64::from(u32::from(x) / n) - centre,
                    f64::from(u32::from(x) % n) - centre,
                );
                // Hex distance in axial coordinates (r, c): (|dr| + |dc| + |dr + dc|) / 2.
                r.abs() + c.abs() + (r + c).abs()
            };
            d(a).total_cmp(&d(b)).then(a.cmp(&b))
        });
        Hex {
            n,
            all,
            top,
            bottom,
            left,
            right,
            order,
        }
    }

    /// Cells on a side.
    pub fn size(&self) -> u32 {
        self.n
    }

    /// The cells next to any of `set`.
    fn neighbours(&self, set: u128) -> u128 {
        let n = self.n;
        let not_left = self.all & !self.left;
        let not_right = self.all & !self.right;
        // (r, c+1) and (r−1, c+1) never come from the right column; (r, c−1)
        // and (r+1, c−1) never from the left one.
        let east = set & not_right;
        let west = set & not_left;
        ((east << 1) | (east >> (n - 1)) | (west >> 1) | (west << (n - 1)) | (set << n) | (set >> n)) & self.all
    }

    /// The stones of `own` connected to `from` (one of their edges).
    fn flood(&self, own: u128, from: u128) -> u128 {
        let mut reached = own & from;
        loop {
            let next = reached | (self.neighbours(reached) & own);
            if next == reached {
                return reached;
            }
            reached = next;
        }
    }

    /// Whether the first player's stones join top and bottom.
    pub fn first_joined(&self, first: u128) -> bool {
        self.flood(first, self.top) & self.bottom != 0
    }

    /// Whether the second player's stones join left and right.
    pub fn second_joined(&self, second: u128) -> bool {
        self.flood(second, self.left) & self.right != 0
    }

    /// The fewest empty cells `own` still needs to join `from` to `to`
    /// (its stones cost nothing, `theirs` block), or none.
    fn distance(&self, own: u128, theirs: u128, from: u128, to: u128) -> Option<i32> {
        let open = self.all & !theirs;
        // Breadth-first by cost: `reached` holds every cell within `cost`
        // empty cells (own stones joined for free).
        let mut reached = self.flood(own, from) | (from & open & !own);
        reached = self.flood_within(own, reached);
        let mut cost = i32::from((own & from) == 0);
        loop {
            if reached & to != 0 {
                return Some(cost);
            }
            let next = self.flood_within(own, reached | (self.neighbours(reached) & open));
            if next == reached {
                return None;
            }
            reached = next;
            cost += 1;
        }
    }

    /// `own`'s groups and the two edges, for [`Hex::connection`].
    fn groups(&self, own: u128, edges: (u128, u128)) -> Groups {
        // The two edges first (their rows stand for their neighbourhood).
        let mut groups = Groups {
            stones: [0; MAX_NODES],
            touch: [0; MAX_NODES],
            count: 2,
        };
        (groups.touch[0], groups.touch[1]) = edges;
        let mut rest = own;
        while rest != 0 {
            let group = self.flood_within(own, rest & rest.wrapping_neg());
            rest &= !group;
            groups.push(group, self.neighbours(group) & !group);
        }
        groups
    }

    /// `groups` with a stone on `cell` (one bit), which joins every group it touches.
    fn with_stone(&self, groups: &Groups, cell: u128) -> Groups {
        let mut out = Groups {
            stones: [0; MAX_NODES],
            touch: [0; MAX_NODES],
            count: 2,
        };
        (out.touch[0], out.touch[1]) = (groups.touch[0], groups.touch[1]);
        let mut joined = cell;
        for g in 2..groups.count {
            if groups.touch[g] & cell != 0 {
                joined |= groups.stones[g];
            } else {
                out.push(groups.stones[g], groups.touch[g]);
            }
        }
        out.push(joined, self.neighbours(joined) & !joined);
        out
    }

    /// A connection between the two edges of `groups` that the opponent
    /// cannot cut even moving first, and its carrier (the empty cells it
    /// needs), or none found: the groups and the edges linked directly or
    /// by bridges (two empty cells next to both sides; at an edge, two
    /// empty cells of its row next to the group), the bridges' cells all
    /// different. Each intrusion into a bridge is answered in its other
    /// cell, so the connection holds; a connection of another shape may be
    /// missed (the search then finds it), never invented.
    fn connection(&self, groups: &Groups, empty: u128) -> Option<u128> {
        let Groups { stones, touch, count } = groups;
        // Depth first from the first edge; a node is entered once (a path
        // missed for its carriers only costs a cut, never a wrong answer).
        let mut seen = 1u32;
        let mut stack = [(0usize, 0u128); MAX_NODES];
        let mut depth = 1;
        while depth > 0 {
            depth -= 1;
            let (node, used) = stack[depth];
            if node == 1 {
                return Some(used);
            }
            for next in 1..*count {
                if seen >> next & 1 == 1 {
                    continue;
                }
                // Direct: a group on an edge's row, or the edge on a group's.
                let direct = stones[next] & touch[node] != 0 || stones[node] & touch[next] != 0;
                let link = if direct {
                    Some(used)
                } else {
                    let common = touch[node] & touch[next] & empty & !used;
                    (common.count_ones() >= 2).then(|| {
                        let first = common & common.wrapping_neg();
                        let rest = common ^ first;
                        used | first | (rest & rest.wrapping_neg())
                    })
                };
                if let Some(used) = link {
                    seen |= 1 << next;
                    stack[depth] = (next, used);
                    depth += 1;
                }
            }
        }
        None
    }

    /// `set` grown through `own` stones, which cost nothing.
    fn flood_within(&self, own: u128, set: u128) -> u128 {
        let mut reached = set;
        loop {
            let next = reached | (self.neighbours(reached) & own);
            if next == reached {
                return reached;
            }
            reached = next;
        }
    }

    /// A cell's name: column letter, row number (`a1` top left).
    pub fn name(&self, cell: u8) -> String {
        let (r, c) = (u32::from(cell) / self.n, u32::from(cell) % self.n);
        format!("{}{}", char::from(b'a' + c as u8), r + 1)
    }
}

/// The nodes of [`Hex::connection`]'s search: two edges and the groups
/// of a board up to [`MAX_EXACT_SIZE`] (at most 13 on 25 cells).
const MAX_NODES: usize = 16;

/// The table's hash: the packed cells are already spread, one multiply
/// mixes them (SipHash, the default, cost a tenth of the solver's time).
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0 ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    fn finish(&self) -> u64 {
        self.0 ^ self.0 >> 29
    }
}

/// A player's groups of stones, and their two edges as nodes 0 and 1.
#[derive(Clone, Copy)]
struct Groups {
    /// Each node's stones (none for the edges).
    stones: [u128; MAX_NODES],
    /// Each node's empty or other neighbours (an edge's row for an edge).
    touch: [u128; MAX_NODES],
    count: usize,
}

impl Groups {
    fn push(&mut self, stones: u128, touch: u128) {
        self.stones[self.count] = stones;
        self.touch[self.count] = touch;
        self.count += 1;
    }
}

/// The cells of `set`, one bit each.
fn cells(set: u128) -> impl Iterator<Item = u128> {
    let mut rest = set;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let low = rest & rest.wrapping_neg();
            rest ^= low;
            low
        })
    })
}

/// Hex's own exact solver: a win-or-loss search (a game of Hex has no
/// draw) with a table of solved positions and three cuts that a generic
/// minimax does not know:
/// - a player who could not join their edges even with every empty cell has
///   lost (so the other has won);
/// - a player with a cell that joins their edges now wins;
/// - a player whose opponent has two such cells has lost, and one with a
///   single such cell to block must play it.
///
/// # Complexity
/// Exponential in the empty cells; the cuts keep 5 × 5 from the empty board
/// to a few million positions (BENCHMARKS.md).
pub struct Solver<'a> {
    game: &'a Hex,
    /// Solved positions (both players' cells side by side, the smaller of
    /// the position and its half-turn): whether the player to move wins.
    table: HashMap<u64, bool, BuildHasherDefault<Mix>>,
    /// Positions visited so far.
    pub nodes: u64,
    /// The last winning move found with each number of stones on the board.
    killers: [u8; 128],
    limit: u64,
}

impl<'a> Solver<'a> {
    /// A solver that gives up after `limit` positions.
    pub fn new(game: &'a Hex, limit: u64) -> Solver<'a> {
        Solver {
            game,
            table: HashMap::default(),
            killers: [u8::MAX; 128],
            nodes: 0,
            limit,
        }
    }

    /// Whether the player to move at `p` wins, and the moves that keep
    /// that outcome (the winning moves of a win; none of a loss), or none
    /// past the limit.
    pub fn winning_moves(&mut self, p: &Stones) -> Option<(bool, Vec<u8>)> {
        let wins = self.wins(p)?;
        if !wins || self.game.outcome(p).is_some() {
            return Some((wins, Vec::new()));
        }
        let mut winning = Vec::new();
        for m in self.game.moves(p) {
            if !self.wins(&self.game.play(p, m))? {
                winning.push(m);
            }
        }
        Some((wins, winning))
    }

    /// Whether the player to move wins, or none past the limit.
    fn wins(&mut self, p: &Stones) -> Option<bool> {
        let g = self.game;
        if g.outcome(p).is_some() {
            return Some(false);
        }
        // A position and its half-turn (which keeps both players' edges) are one entry.
        let turn = |x: u128| x.reverse_bits() >> (128 - g.n * g.n);
        let area = g.n * g.n;
        let pack = |first: u128, second: u128| first as u64 | (second as u64) << area;
        let key = pack(p.first, p.second).min(pack(turn(p.first), turn(p.second)));
        if let Some(&known) = self.table.get(&key) {
            return Some(known);
        }
        self.nodes += 1;
        if self.nodes > self.limit {
            return None;
        }
        let empty = g.all & !(p.first | p.second);
        let (own, theirs, own_edges, their_edges) = if p.first_to_move() {
            (p.first, p.second, (g.top, g.bottom), (g.left, g.right))
        } else {
            (p.second, p.first, (g.left, g.right), (g.top, g.bottom))
        };
        let joins = |stones: u128, (from, to): (u128, u128)| g.flood(stones, from) & to != 0;
        let value = if !joins(own | empty, own_edges) {
            false
        } else if !joins(theirs | empty, their_edges) {
            true
        } else {
            let mine = g.groups(own, own_edges);
            let others = g.groups(theirs, their_edges);
            if g.connection(&mine, empty).is_some() {
                true
            } else if g.connection(&others, empty).is_some() {
                false
            } else if cells(empty).any(|c| g.connection(&g.with_stone(&mine, c), empty & !c).is_some()) {
                // One stone gives a connection that cannot be cut.
                true
            } else {
                // Each cell that would give the opponent such a connection
                // must be answered inside it (the cell or its carrier).
                let must = cells(empty).fold(empty, |must, c| {
                    match g.connection(&g.with_stone(&others, c), empty & !c) {
                        Some(carrier) => must & (carrier | c),
                        None => must,
                    }
                });
                self.best_reply(p, must, own, theirs, own_edges, their_edges)?
            }
        };
        self.table.insert(key, value);
        Some(value)
    }

    /// Whether a move in `must` wins, tried in order of the distance each
    /// player would still need (false when `must` is empty).
    fn best_reply(
        &mut self,
        p: &Stones,
        must: u128,
        own: u128,
        theirs: u128,
        own_edges: (u128, u128),
        their_edges: (u128, u128),
    ) -> Option<bool> {
        let g = self.game;
        let far = (g.n * g.n) as i32;
        let mut ordered: Vec<(i32, u8)> = g
            .order
            .iter()
            .filter(|&&m| must >> m & 1 == 1)
            .map(|&m| {
                let with = own | 1u128 << m;
                let mine = g.distance(with, theirs, own_edges.0, own_edges.1).unwrap_or(far);
                let other = g.distance(theirs, with, their_edges.0, their_edges.1).unwrap_or(far);
                (mine - other, m)
            })
            .collect();
        // Stable: the centre first among equals; the move that last won at
        // this depth before all (a winning reply often wins again after
        // another move of the opponent's).
        let depth = (p.first | p.second).count_ones() as usize;
        let killer = self.killers[depth];
        ordered.sort_by_key(|&(score, m)| (m != killer, score));
        for (_, m) in ordered {
            if !self.wins(&g.play(p, m))? {
                self.killers[depth] = m;
                return Some(true);
            }
        }
        Some(false)
    }
}

impl Game for Hex {
    type Position = Stones;
    type Move = u8;

    fn moves(&self, p: &Stones) -> Vec<u8> {
        if self.outcome(p).is_some() {
            return Vec::new();
        }
        let taken = p.first | p.second;
        self.order.iter().copied().filter(|&c| taken >> c & 1 == 0).collect()
    }

    fn play(&self, p: &Stones, m: u8) -> Stones {
        let bit = 1u128 << m;
        if p.first_to_move() {
            Stones {
                first: p.first | bit,
                ..*p
            }
        } else {
            Stones {
                second: p.second | bit,
                ..*p
            }
        }
    }

    /// Only the player who just moved can have joined their edges: the player to move has lost.
    fn outcome(&self, p: &Stones) -> Option<i32> {
        let joined = if p.first_to_move() {
            self.second_joined(p.second)
        } else {
            self.first_joined(p.first)
        };
        joined.then_some(-1)
    }

    fn heuristic(&self, p: &Stones, h: usize) -> i32 {
        if h != DISTANCE {
            return 0;
        }
        let far = (self.n * self.n) as i32;
        let first = self.distance(p.first, p.second, self.top, self.bottom).unwrap_or(far);
        let second = self.distance(p.second, p.first, self.left, self.right).unwrap_or(far);
        let score = if p.first_to_move() {
            second - first
        } else {
            first - second
        };
        (score * 100).clamp(-HEURISTIC_MAX, HEURISTIC_MAX)
    }

    fn key(&self, p: &Stones) -> u64 {
        let cells = self.n * self.n;
        if cells <= 32 {
            // Exact: each player's cells side by side.
            (p.first as u64) | (p.second as u64) << cells
        } else {
            // A mix of both sets (SplitMix64's finaliser): collisions are
            // negligible next to the tree sizes searched here.
            let mut x = (p.first as u64) ^ ((p.first >> 64) as u64).rotate_left(17);
            x ^= ((p.second as u64) ^ ((p.second >> 64) as u64).rotate_left(41)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            spread_bits(x)
        }
    }
}

impl Searched for Hex {
    fn start(&self) -> Stones {
        Stones { first: 0, second: 0 }
    }
    fn label(&self, _: &Stones, m: u8) -> String {
        self.name(m)
    }
    fn view(&self, p: &Stones, view: &mut PositionView) {
        view.cells = Some(
            (0..self.n * self.n)
                .map(|c| {
                    if p.first >> c & 1 == 1 {
                        1
                    } else if p.second >> c & 1 == 1 {
                        2
                    } else {
                        0
                    }
                })
                .collect(),
        );
        view.columns = Some(self.n);
        view.shape = Some("hex");
    }
    fn place(&self, _: &Stones, m: u8) -> Option<[u32; 2]> {
        Some([u32::from(m) / self.n, u32::from(m) % self.n])
    }
    /// Hex's own solver ([`Solver`]) on the position and on each move, up to 5 × 5.
    fn exact(&self, moves: &[String]) -> Option<Result<Exact, Text>> {
        if self.n as usize > MAX_EXACT_SIZE {
            return Some(Err(text!(
                "the exact answer is computed up to {} × {}; from the empty board the first player wins every n × n board (strategy stealing), but which first moves win is not computed here",
                "la réponse exacte est calculée jusqu'à {} × {} ; depuis le plateau vide le premier joueur gagne sur tout plateau n × n (vol de stratégie), mais les premiers coups gagnants ne sont pas calculés ici",
                MAX_EXACT_SIZE,
                MAX_EXACT_SIZE
            )));
        }
        let p = replay(self, moves).ok()?;
        let mut solver = Solver::new(self, EXACT_NODES);
        let answer = solver.winning_moves(&p);
        Some(match answer {
            Some((wins, winning)) => Ok(Exact {
                answer: ExactAnswer {
                    value: if wins { 1 } else { -1 },
                    winning_moves: winning.iter().map(|&m| self.name(m)).collect(),
                    method: "hex-solver",
                    score: None,
                    verdict: None,
                },
                solver_nodes: Some(solver.nodes),
            }),
            None => Err(text!(
                "not solved within {} positions",
                "non résolu en {} positions",
                EXACT_NODES
            )),
        })
    }
    fn shape(&self) -> Shape {
        let cells = f64::from(self.n * self.n);
        Shape {
            branching: cells / 2.0,
            length: cells,
            per_node: 3e-7,
            whole: None,
        }
    }
    fn exact_cost(&self, played: usize) -> (f64, f64) {
        if self.n as usize > MAX_EXACT_SIZE {
            return (0.0, 0.0);
        }
        // [`Solver`] on the position and each move: about a third as long
        // for each stone played (measured natively from the empty 5 × 5,
        // BENCHMARKS.md; the worker takes about twice as long).
        let empty = f64::from(self.n * self.n) - played as f64;
        let share = 3f64.powf(empty - 25.0);
        (16.0 * share, 2.0 + 110.0 * share)
    }
    fn player(&self, p: &Stones, _: usize) -> u8 {
        if p.first_to_move() {
            1
        } else {
            2
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::engine::{search, Algorithm, Limits, WIN};
    use crate::search::searched::replay;

    /// A full search by plain minimax over every order of play, to check the
    /// engine's and the win test's answers on the smallest boards.
    fn minimax(g: &Hex, p: &Stones) -> i32 {
        if let Some(v) = g.outcome(p) {
            return v;
        }
        g.moves(p)
            .iter()
            .map(|&m| -minimax(g, &g.play(p, m)))
            .max()
            .expect("a board that is not full has a move")
    }

    #[test]
    fn neighbours_are_the_six_of_the_rhombus() {
        let g = Hex::new(3);
        // b2 (row 1, column 1) touches b1, c1, a2, c2, a3, b3: not a1, not c3.
        let b2 = 1u128 << 4;
        let names: Vec<String> = (0..9u8)
            .filter(|&c| g.neighbours(b2) >> c & 1 == 1)
            .map(|c| g.name(c))
            .collect();
        assert_eq!(names, ["b1", "c1", "a2", "c2", "a3", "b3"]);
        // The acute corner a1 has two neighbours, the obtuse corner c1 three.
        assert_eq!(g.neighbours(1).count_ones(), 2);
        assert_eq!(g.neighbours(1 << 2).count_ones(), 3);
    }

    #[test]
    fn a_full_board_always_has_exactly_one_winner() {
        // Every filling of the 3 × 3 board with 5 first-player stones.
        let g = Hex::new(3);
        for first in 0u128..512 {
            if first.count_ones() != 5 {
                continue;
            }
            let second = !first & 511;
            assert_ne!(g.first_joined(first), g.second_joined(second), "{first:09b}");
        }
    }

    #[test]
    fn the_first_player_wins_every_small_board_and_the_engine_agrees() {
        for n in 2..=3 {
            let g = Hex::new(n);
            assert_eq!(minimax(&g, &g.start()), 1, "{n} × {n}");
            let f = search(
                &g,
                &g.start(),
                Algorithm::Table,
                Limits::to_the_end(10_000_000),
                &mut |_| {},
            );
            assert!(f.complete && f.exact);
            assert_eq!(f.value, WIN);
        }
    }

    #[test]
    fn the_exact_winning_first_moves_agree_with_plain_minimax() {
        for n in 2..=3 {
            let g = Hex::new(n);
            let by_minimax: Vec<String> = (0..(n * n) as u8)
                .filter(|&m| minimax(&g, &g.play(&g.start(), m)) == -1)
                .map(|m| g.name(m))
                .collect();
            let exact = g.exact(&[]).unwrap().unwrap().answer;
            assert_eq!(exact.value, 1);
            let mut by_search = exact.winning_moves.clone();
            by_search.sort_by_key(|m| (m[1..].parse::<u32>().unwrap(), m[..1].to_string()));
            assert_eq!(by_search, by_minimax, "{n} × {n}");
            // The centre wins, and the winning set is symmetric under the
            // half-turn, which keeps both players' goals.
            if n == 3 {
                assert!(by_minimax.contains(&"b2".to_string()));
            }
            let turned = |m: &String| {
                let (c, r) = (m.as_bytes()[0] - b'a', m[1..].parse::<u8>().unwrap() - 1);
                g.name((n as u8 - 1 - r) * n as u8 + (n as u8 - 1 - c))
            };
            for m in &by_minimax {
                assert!(by_minimax.contains(&turned(m)), "{m} wins but not its half-turn");
            }
        }
    }

    #[test]
    fn moves_are_named_and_replayed() {
        let g = Hex::new(3);
        let p = replay(&g, &["b2".into(), "a1".into()]).unwrap();
        assert_eq!((p.first, p.second), (1 << 4, 1));
        assert!(replay(&g, &["b2".into(), "b2".into()]).is_err());
        assert!(replay(&g, &["d1".into()]).is_err());
    }

    #[test]
    fn distance_counts_the_empty_cells_a_player_still_needs() {
        let g = Hex::new(3);
        assert_eq!(g.distance(0, 0, g.top, g.bottom), Some(3));
        // b2 taken by the first player: two more cells join it to both rows.
        assert_eq!(g.distance(1 << 4, 0, g.top, g.bottom), Some(2));
        // The second player's full middle column blocks... nothing: the first
        // player needs 3 cells through a column, but b1, b2, b3 are the second's.
        let column = (1 << 1) | (1 << 4) | (1 << 7);
        assert_eq!(g.distance(0, column, g.top, g.bottom), Some(3));
        // A full row of the second player's cuts the first player off.
        assert_eq!(g.distance(0, 0b111_000, g.top, g.bottom), None);
    }

    /// Positions after `stones` random moves (none finished), seeded.
    fn random_positions(g: &Hex, stones: usize, count: usize, seed: u64) -> Vec<Stones> {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut out = Vec::new();
        while out.len() < count {
            let mut p = g.start();
            for _ in 0..stones {
                let moves = g.moves(&p);
                if moves.is_empty() {
                    break;
                }
                p = g.play(&p, moves[rng.random_range(0..moves.len())]);
            }
            if g.outcome(&p).is_none() {
                out.push(p);
            }
        }
        out
    }

    #[test]
    fn the_solver_agrees_with_the_generic_search_on_random_positions() {
        // 4 × 4 from every depth, 5 × 5 once the generic search can finish.
        for (n, stones, count) in [
            (3, 0, 1),
            (3, 3, 20),
            (4, 0, 1),
            (4, 2, 40),
            (4, 6, 80),
            (5, 10, 40),
            (5, 14, 80),
        ] {
            let g = Hex::new(n);
            for p in random_positions(&g, stones, count, 39 + stones as u64) {
                let f = search(&g, &p, Algorithm::Table, Limits::to_the_end(30_000_000), &mut |_| {});
                assert!(f.complete && f.exact);
                let mut solver = Solver::new(&g, EXACT_NODES);
                let (wins, winning) = solver.winning_moves(&p).expect("within the limit");
                assert_eq!(wins, f.value == WIN, "{n} × {n}: {p:?}");
                // Each move the solver calls winning loses for the opponent, by the engine.
                for m in winning {
                    let after = search(
                        &g,
                        &g.play(&p, m),
                        Algorithm::Table,
                        Limits::to_the_end(30_000_000),
                        &mut |_| {},
                    );
                    assert_eq!(after.value, -WIN, "{n} × {n}: {p:?} then {}", g.name(m));
                }
            }
        }
    }

    #[test]
    fn a_connection_by_bridges_is_found_and_holds() {
        let g = Hex::new(5);
        let cell = |name: &str| {
            let (c, r) = (name.as_bytes()[0] - b'a', name[1..].parse::<u8>().unwrap() - 1);
            1u128 << (r * 5 + c)
        };
        let stones = |names: &[&str]| names.iter().fold(0, |s, n| s | cell(n));
        // c2 and b4: each a bridge from its edge's row, and a bridge between
        // them (b3, c3); all six carrier cells different.
        let own = stones(&["c2", "b4"]);
        let empty = g.all & !own;
        let groups = g.groups(own, (g.top, g.bottom));
        let carrier = g.connection(&groups, empty).expect("bridged to both edges");
        assert_eq!(carrier, stones(&["c1", "d1", "b3", "c3", "a5", "b5"]));
        // The opponent to move cannot stop it: the solver agrees.
        let p = Stones {
            first: own,
            second: stones(&["e5"]),
        };
        assert!(!Solver::new(&g, EXACT_NODES).wins(&p).unwrap());
        // An opponent's stone in the middle bridge leaves no such connection.
        let cut = empty & !cell("b3");
        assert_eq!(g.connection(&groups, cut), None);
    }
}
