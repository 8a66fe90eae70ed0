//! Hex on an n × n rhombus, the game itself: its position (each player's
//! stones as a bit set), moves, who has joined their edges, and its own exact
//! solver ([`solver`]), beside Connect Four's; the search chapter shows it
//! through the engine (`search::hex`).
//!
//! The first player joins the top and bottom rows,
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

use crate::toolkit::sort;

pub mod solver;

pub use solver::Solver;

/// The smallest board.
pub const MIN_SIZE: usize = 2;
/// The largest board (121 cells in a `u128`).
pub const MAX_SIZE: usize = 11;

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
    /// Whether the first player moves: both have as many stones.
    pub fn first_to_move(&self) -> bool {
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
        sort::sort_by(&mut order, |&a, &b| {
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

    /// The chain that won: the fewest of the winner's stones joining their
    /// two edges (cells r·n + c, from the first edge to the second), or none
    /// while nobody has joined.
    ///
    /// # Complexity
    /// O(n² · n²/128) bit-set steps: one flood layer per stone of the chain.
    pub fn winning_chain(&self, p: &Stones) -> Option<Vec<u32>> {
        let (own, from, to) = if self.first_joined(p.first) {
            (p.first, self.top, self.bottom)
        } else if self.second_joined(p.second) {
            (p.second, self.left, self.right)
        } else {
            return None;
        };
        // Breadth-first layers of the winner's stones from the first edge;
        // then back from a stone on the second edge, one neighbour per layer.
        let mut layers = vec![own & from];
        let mut seen = own & from;
        while layers.last().is_some_and(|&l| l & to == 0) {
            let next = self.neighbours(*layers.last()?) & own & !seen;
            if next == 0 {
                return None;
            }
            seen |= next;
            layers.push(next);
        }
        let mut at = (layers.pop()? & to).trailing_zeros();
        let mut chain = vec![at];
        while let Some(layer) = layers.pop() {
            at = (self.neighbours(1u128 << at) & layer).trailing_zeros();
            chain.push(at);
        }
        chain.reverse();
        Some(chain)
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

    /// The empty board.
    pub fn start(&self) -> Stones {
        Stones { first: 0, second: 0 }
    }

    /// The empty cells, nearest the centre first; none once a player has joined their edges.
    pub fn moves(&self, p: &Stones) -> Vec<u8> {
        if self.outcome(p).is_some() {
            return Vec::new();
        }
        let taken = p.first | p.second;
        self.order.iter().copied().filter(|&c| taken >> c & 1 == 0).collect()
    }

    /// The position after the player to move takes cell `m`.
    pub fn play(&self, p: &Stones, m: u8) -> Stones {
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

    /// Only the player who just moved can have joined their edges: the
    /// player to move has lost (−1), else the game goes on (None).
    pub fn outcome(&self, p: &Stones) -> Option<i32> {
        let joined = if p.first_to_move() {
            self.second_joined(p.second)
        } else {
            self.first_joined(p.first)
        };
        joined.then_some(-1)
    }

    /// The empty cells each player still needs to join their edges (the
    /// first player's, the second's), None for a player cut off.
    pub fn distances(&self, p: &Stones) -> (Option<i32>, Option<i32>) {
        (
            self.distance(p.first, p.second, self.top, self.bottom),
            self.distance(p.second, p.first, self.left, self.right),
        )
    }
}

/// The nodes of [`Hex::connection`]'s search: two edges and the groups
/// of a board up to 5 × 5, the largest the solver is asked about (at most
/// 13 on 25 cells).
const MAX_NODES: usize = 16;

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

#[cfg(test)]
mod tests {
    use super::*;

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
    #[test]
    fn the_winning_chain_joins_the_winner_s_edges_through_neighbours() {
        let g = Hex::new(3);
        // Every filling of the 3 × 3 board: the one winner's chain starts on
        // its first edge, ends on its second, and each stone touches the next.
        for first in 0u128..512 {
            if first.count_ones() != 5 {
                continue;
            }
            let p = Stones {
                first,
                second: !first & 511,
            };
            let chain = g.winning_chain(&p).expect("a full board has a winner");
            let (own, from, to) = if g.first_joined(first) {
                (p.first, g.top, g.bottom)
            } else {
                (p.second, g.left, g.right)
            };
            assert!(
                from >> chain[0] & 1 == 1 && to >> chain[chain.len() - 1] & 1 == 1,
                "{first:09b}: {chain:?}"
            );
            assert!(chain.iter().all(|&c| own >> c & 1 == 1));
            assert!(
                chain.windows(2).all(|w| g.neighbours(1 << w[0]) >> w[1] & 1 == 1),
                "{chain:?}"
            );
            assert!(chain.len() >= 3 && chain.len() <= 5);
        }
        assert_eq!(g.winning_chain(&g.start()), None, "nobody has joined");
        // The first player's middle column b1, b2, b3: the shortest chain, 3 stones.
        let column = Stones {
            first: (1 << 1) | (1 << 4) | (1 << 7),
            second: 1 | (1 << 3),
        };
        assert_eq!(g.winning_chain(&column), Some(vec![1, 4, 7]));
    }
}
