//! Where the page draws each vertex of a small arena, in grid units.
//!
//! The stick game is drawn as the seed draws it: a column per number of sticks
//! (most on the left), a row per player to move. Every other arena gets the
//! layered drawing of [`crate::toolkit::layout`], in which no edge passes
//! through a vertex it does not join.

use crate::games::graph::Arena;
use crate::toolkit::layout::{row_gap, try_layered};
pub use crate::toolkit::layout::{Layout, VERTEX_RADIUS};

/// The moves of an arena in successor-list order, as `(from, to)`.
pub fn moves(arena: &Arena) -> Vec<(usize, usize)> {
    (0..arena.len())
        .flat_map(|v| arena.successors(v).iter().map(move |&t| (v, t as usize)))
        .collect()
}

/// Most bend points of a drawn arena: beyond, its long moves would be a tangle.
pub const MAX_BENDS: usize = 20_000;

/// A layered drawing of `arena`, play starting at the top; `None` when its long
/// moves would need more than [`MAX_BENDS`] bend points.
pub fn arena_layout(arena: &Arena) -> Option<Layout> {
    try_layered(arena.len(), arena.start, &moves(arena), MAX_BENDS)
}

/// Columns by number of sticks (most on the left), a row per player to move.
/// The two rows are far enough apart that no move passes through a vertex.
pub fn sticks_layout(arena: &Arena) -> Layout {
    let n = arena.len();
    let most = (n / 2).saturating_sub(1);
    let widest = (0..n)
        .flat_map(|v| {
            arena
                .successors(v)
                .iter()
                .map(move |&t| (v / 2).abs_diff(t as usize / 2))
        })
        .max()
        .unwrap_or(1);
    let gap = row_gap(widest as f64);
    Layout {
        x: (0..n).map(|v| (most - v / 2) as f64).collect(),
        y: (0..n).map(|v| (v % 2) as f64 * gap).collect(),
        columns: (most + 1) as f64,
        rows: gap + 1.0,
        bends: vec![Vec::new(); arena.edge_count()],
        upward: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{edges::parse_arena, subtraction_arena};
    use crate::toolkit::layout::first_clash;

    #[test]
    fn the_typed_example_is_layered_without_edges_through_vertices() {
        for text in [
            crate::games::edges::EXAMPLE_EDGES,
            "s:1>a:2; s>b:2; a>s; a>w; b>l; b>w; w=1; l=2",
            "a:1>b:2; b>c:1; c>d:2; d>a; a>d; b>d; c>a",
            "x=1",
            "a:1>a",
        ] {
            let t = parse_arena(text).unwrap();
            let l = arena_layout(&t.arena).expect("a small arena is drawn");
            assert_eq!(first_clash(&l, &moves(&t.arena)), None, "{text}");
            let distinct_rows: std::collections::BTreeSet<u64> = l.y.iter().map(|y| y.to_bits()).collect();
            if t.arena.len() > 2 {
                assert!(distinct_rows.len() > 1, "{text}: all vertices in one row");
            }
        }
    }

    #[test]
    fn stick_games_leave_room_for_long_moves() {
        for take in [vec![1, 2, 3], vec![1, 7, 30], vec![100]] {
            let a = subtraction_arena(120, &take, true).unwrap();
            assert_eq!(first_clash(&sticks_layout(&a), &moves(&a)), None, "{take:?}");
        }
    }
}
