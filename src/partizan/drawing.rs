//! What the page draws of a position beyond its board: a Hackenbush
//! drawing's vertices at their heights and its edges.

use serde::Serialize;

/// A Hackenbush position as the page draws it: each vertex with its height
/// (edges from the ground), and the edges in the position's order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Drawing {
    /// Vertex names, the ground first.
    pub vertices: Vec<String>,
    /// Each vertex's distance from the ground, in edges.
    pub level: Vec<u32>,
    /// Edges `[u, v, colour]`, colour `b`, `r` or `g`.
    pub edges: Vec<(usize, usize, char)>,
    /// For each edge, the position once it is chopped (what falls with it gone).
    pub chopped: Vec<String>,
}
