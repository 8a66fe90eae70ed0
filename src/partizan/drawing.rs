//! What the page draws of a position beyond its cells, with the positions each
//! click on it leads to (so that no rule is written in the page): a Hackenbush
//! drawing's vertices at their heights and its edges with what chopping each
//! leaves; a cake's cuts with the pieces each leaves.

use serde::Serialize;

/// What the page draws beside a ruleset's board: one variant per ruleset that
/// has one (serialized without a tag: the page knows its ruleset).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Drawing {
    /// A Hackenbush drawing.
    Edges(Edges),
    /// A Cutcake position's cuts.
    Cake(Cake),
}

/// A Hackenbush position as the page draws it: each vertex with its height
/// (edges from the ground), and the edges in the position's order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Edges {
    /// Vertex names, the ground first.
    pub vertices: Vec<String>,
    /// Each vertex's distance from the ground, in edges.
    pub level: Vec<u32>,
    /// Edges `[u, v, colour]`, colour `b`, `r` or `g`.
    pub edges: Vec<(usize, usize, char)>,
    /// For each edge, the position once it is chopped (what falls with it gone).
    pub chopped: Vec<String>,
}

/// A Cutcake position's cuts: for each piece, the position after each cut.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cake {
    /// One entry per piece, in the position's order.
    pub cuts: Vec<PieceCuts>,
}

/// The cuts of one `R × C` piece.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PieceCuts {
    /// `left[k − 1]`: the position after Left cuts between columns `k` and `k + 1`.
    pub left: Vec<String>,
    /// `right[k − 1]`: the position after Right cuts between rows `k` and `k + 1`.
    pub right: Vec<String>,
}
