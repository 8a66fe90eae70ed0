//! Attractors and ranks (seed 004, SPEC §5).
//!
//! The attractor of player J is the limit of `A₀ = J's winning terminals`,
//! `A_{k+1} = A_k ∪ {J's vertices with a successor in A_k} ∪ {the opponent's
//! non-terminal vertices whose successors all lie in A_k}`; `rank(v)` is the first
//! k with v ∈ A_k. From a vertex of its attractor, J wins by always moving to a
//! successor of smaller rank.

use super::graph::{Arena, Outcome, Player};
use crate::toolkit::Error;
use serde::Serialize;

/// Rank of the vertices outside the attractor.
pub const OUTSIDE: u32 = u32::MAX;

/// One player's attractor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Attractor {
    /// Whose attractor it is.
    pub player: Player,
    /// `rank[v]`, or [`OUTSIDE`].
    pub rank: Vec<u32>,
    /// Vertices in it.
    pub size: usize,
    /// Largest rank (0 for an attractor of terminals only; 0 when empty).
    pub max_rank: u32,
    /// How many vertices have each rank: `layers[k] = |A_k \ A_{k−1}|`.
    pub layers: Vec<usize>,
}

impl Attractor {
    /// Whether `v` is in the attractor.
    pub fn contains(&self, v: usize) -> bool {
        self.rank[v] != OUTSIDE
    }

    fn from_ranks(player: Player, rank: Vec<u32>) -> Attractor {
        let mut layers: Vec<usize> = Vec::new();
        for &r in rank.iter().filter(|&&r| r != OUTSIDE) {
            if layers.len() <= r as usize {
                layers.resize(r as usize + 1, 0);
            }
            layers[r as usize] += 1;
        }
        Attractor {
            player,
            size: layers.iter().sum(),
            max_rank: layers.len().saturating_sub(1) as u32,
            layers,
            rank,
        }
    }
}

fn wins(arena: &Arena, v: usize, player: Player) -> bool {
    arena.is_terminal(v) && arena.outcome(v) == Some(Outcome::Win(player))
}

/// The attractor of `player` by the backward algorithm: a counter of successors
/// not yet attracted per opponent vertex, vertices taken rank by rank.
///
/// # Complexity
/// O(V + E) time and memory.
///
/// ```
/// use ludolab::games::{attractor, subtraction_arena, Player};
/// let arena = subtraction_arena(9, &[1, 2, 3], true).unwrap();
/// let a = attractor(&arena, Player::One);
/// assert_eq!((a.size, a.max_rank), (10, 5));
/// ```
pub fn attractor(arena: &Arena, player: Player) -> Attractor {
    let n = arena.len();
    let (pred_offsets, preds) = arena.predecessors();
    let mut rank = vec![OUTSIDE; n];
    let mut left: Vec<u32> = (0..n).map(|v| arena.successors(v).len() as u32).collect();
    let mut layer: Vec<u32> = (0..n).filter(|&v| wins(arena, v, player)).map(|v| v as u32).collect();
    for &v in &layer {
        rank[v as usize] = 0;
    }
    let mut k = 0u32;
    let mut next = Vec::new();
    while !layer.is_empty() {
        next.clear();
        for &v in &layer {
            for &p in &preds[pred_offsets[v as usize] as usize..pred_offsets[v as usize + 1] as usize] {
                let p = p as usize;
                if rank[p] != OUTSIDE {
                    continue;
                }
                let take = if arena.owner(p) == player {
                    true
                } else {
                    left[p] -= 1;
                    left[p] == 0
                };
                if take {
                    rank[p] = k + 1;
                    next.push(p as u32);
                }
            }
        }
        std::mem::swap(&mut layer, &mut next);
        k += 1;
    }
    Attractor::from_ranks(player, rank)
}

/// The attractor of `player` to the set `target` in a graph with no
/// outcomes: Attr(T) = T ∪ {v of `player` with a successor in it} ∪ {v of
/// the opponent with every successor in it}, ranked from T (rank 0) on. It is
/// [`attractor`] on the arena where each vertex of `target` is a terminal won
/// by `player` (its own moves leave the game) and every other dead end a
/// draw, so that an opponent's dead end is never attracted. An empty graph
/// has the empty attractor.
///
/// # Errors
/// [`Error::InvalidArena`] for an edge or a target naming a vertex beyond
/// `owner`'s length; [`Error::TooLarge`] beyond [`MAX_VERTICES`](super::graph::MAX_VERTICES).
///
/// # Complexity
/// O(V + E).
///
/// ```
/// use ludolab::games::{attractor_to, Player};
/// // 0 → 1 → 2, 0 → 2, 1 → 0; player 1 owns 0, player 2 owns 1 and 2.
/// let owner = vec![Player::One, Player::Two, Player::Two];
/// let a = attractor_to(owner, &[(0, 1), (1, 2), (0, 2), (1, 0)], Player::One, &[2]).unwrap();
/// assert_eq!(a.rank, vec![1, 2, 0]);
/// ```
pub fn attractor_to(
    owner: Vec<Player>,
    edges: &[(u32, u32)],
    player: Player,
    target: &[u32],
) -> Result<Attractor, Error> {
    let n = owner.len();
    if n == 0 && edges.is_empty() && target.is_empty() {
        return Ok(Attractor::from_ranks(player, Vec::new()));
    }
    let mut aimed = vec![false; n];
    for &t in target {
        let Some(slot) = aimed.get_mut(t as usize) else {
            return Err(Error::InvalidArena(text!(
                "target vertex {t}, but there are {n} {{vertex|vertices}}",
                "sommet cible {t}, mais il y a {n} {{sommet|sommets}}"
            )));
        };
        *slot = true;
    }
    let kept: Vec<(u32, u32)> = edges
        .iter()
        .copied()
        .filter(|&(a, _)| !aimed.get(a as usize).copied().unwrap_or(false))
        .collect();
    let mut leaves = vec![true; n];
    for &(a, _) in &kept {
        if let Some(l) = leaves.get_mut(a as usize) {
            *l = false;
        }
    }
    let outcome = (0..n)
        .map(|v| {
            if aimed[v] {
                Some(Outcome::Win(player))
            } else {
                leaves[v].then_some(Outcome::Draw)
            }
        })
        .collect();
    let arena = Arena::from_edges(owner, &kept, outcome, 0)?;
    Ok(attractor(&arena, player))
}

/// The seed's iteration `A_{k+1} = A_k ∪ F(A_k)`, scanning every vertex at every
/// step (the course's `Attracteur`): the reference the fast algorithm is tested
/// against, and the step-by-step view.
///
/// # Complexity
/// O((max rank + 1) · (V + E)).
pub fn iterate(arena: &Arena, player: Player) -> Attractor {
    let n = arena.len();
    let mut rank: Vec<u32> = (0..n)
        .map(|v| if wins(arena, v, player) { 0 } else { OUTSIDE })
        .collect();
    let mut k = 0u32;
    loop {
        // F(A_k): computed from A_k alone, then added.
        let found: Vec<usize> = (0..n)
            .filter(|&v| rank[v] == OUTSIDE && !arena.is_terminal(v))
            .filter(|&v| {
                let s = arena.successors(v);
                if arena.owner(v) == player {
                    s.iter().any(|&t| rank[t as usize] <= k)
                } else {
                    s.iter().all(|&t| rank[t as usize] <= k)
                }
            })
            .collect();
        if found.is_empty() {
            break;
        }
        k += 1;
        for v in found {
            rank[v] = k;
        }
    }
    Attractor::from_ranks(player, rank)
}

/// Both attractors and the rest (draws or infinite plays).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Solution {
    /// The attractors of player 1 and player 2.
    pub attractors: [Attractor; 2],
    /// Vertices in neither attractor.
    pub draws: usize,
}

impl Solution {
    /// Who wins from `v` with best play (`None`: a draw or an endless play).
    pub fn winner(&self, v: usize) -> Option<Player> {
        Player::BOTH
            .into_iter()
            .find(|p| self.attractors[p.index()].contains(v))
    }
}

/// Both players' attractors.
pub fn solve(arena: &Arena) -> Solution {
    let attractors = [attractor(arena, Player::One), attractor(arena, Player::Two)];
    let draws = (0..arena.len())
        .filter(|&v| !attractors[0].contains(v) && !attractors[1].contains(v))
        .count();
    Solution { attractors, draws }
}

/// The move the owner of `v` makes: in its attractor, a successor of smallest
/// rank (a winning strategy); otherwise the seed's fallback, a successor outside
/// the opponent's attractor when there is one (the first such, or `pick` among
/// them when given a random index source). `None` at a terminal vertex.
pub fn choose_move(arena: &Arena, solution: &Solution, v: usize, pick: &mut dyn FnMut(usize) -> usize) -> Option<u32> {
    let succ = arena.successors(v);
    if succ.is_empty() {
        return None;
    }
    let me = arena.owner(v);
    let mine = &solution.attractors[me.index()];
    if mine.contains(v) {
        return succ.iter().copied().min_by_key(|&t| mine.rank[t as usize]);
    }
    let theirs = &solution.attractors[me.other().index()];
    let safe: Vec<u32> = succ.iter().copied().filter(|&t| !theirs.contains(t as usize)).collect();
    let from = if safe.is_empty() { succ.to_vec() } else { safe };
    Some(from[pick(from.len()) % from.len()])
}
