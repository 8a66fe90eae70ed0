//! Where the page draws each vertex of a small arena, in grid units: the stick
//! game as the seed draws it (a row per player, a column per number of sticks),
//! other arenas in rows by rank, with player 1's attractor on the left, the
//! draws in the middle and player 2's attractor on the right.

use super::attractor::Solution;
use super::graph::Arena;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Layout {
    pub x: Vec<f64>,
    pub y: Vec<f64>,
    pub columns: usize,
    pub rows: usize,
}

/// Columns by number of sticks (most on the left), a row per player to move.
pub fn sticks_layout(arena: &Arena) -> Layout {
    let n = arena.len();
    let most = (n / 2).saturating_sub(1);
    Layout {
        x: (0..n).map(|v| (most - v / 2) as f64).collect(),
        y: (0..n).map(|v| (v % 2) as f64).collect(),
        columns: most + 1,
        rows: 2,
    }
}

/// Rows by rank (in the attractor holding the vertex; draws in row 0), side by
/// side bands for player 1's attractor, the draws and player 2's attractor.
pub fn rank_layout(arena: &Arena, solution: &Solution) -> Layout {
    let n = arena.len();
    let band_of = |v: usize| match solution.winner(v) {
        Some(p) if p.index() == 0 => 0,
        Some(_) => 2,
        None => 1,
    };
    let row_of = |v: usize| match solution.winner(v) {
        Some(p) => solution.attractors[p.index()].rank[v] as usize,
        None => 0,
    };
    let rows = (0..n).map(row_of).max().unwrap_or(0) + 1;
    // Width of each band: the fullest row in it.
    let mut count = vec![vec![0usize; rows]; 3];
    let mut slot = vec![0usize; n];
    for (v, slot) in slot.iter_mut().enumerate() {
        let (b, c) = (band_of(v), row_of(v));
        *slot = count[b][c];
        count[b][c] += 1;
    }
    let width: Vec<usize> = count.iter().map(|c| c.iter().copied().max().unwrap_or(0)).collect();
    let left = [0, width[0] + usize::from(width[0] > 0), 0];
    let left = [left[0], left[1], left[1] + width[1] + usize::from(width[1] > 0)];
    Layout {
        x: (0..n).map(|v| (left[band_of(v)] + slot[v]) as f64).collect(),
        y: (0..n).map(|v| row_of(v) as f64).collect(),
        columns: left[2] + width[2],
        rows,
    }
}
