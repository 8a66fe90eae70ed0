//! What the page draws of a position beyond its cells, with the positions each
//! click on it leads to (so that no rule is written in the page): a Hackenbush
//! drawing's vertices at their heights and its edges with what chopping each
//! leaves; a cake's cuts with the pieces each leaves.

use crate::toolkit::Label;
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
/// (edges from the ground) and place, and the edges in the position's order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Edges {
    /// Vertex names, the ground first.
    pub vertices: Vec<String>,
    /// Each vertex's distance from the ground, in edges.
    pub level: Vec<u32>,
    /// Each vertex's place across, in slots from the left (`0.5` between the
    /// first two); none for the ground and for a vertex cut off from it.
    pub x: Vec<Option<f64>>,
    /// How many slots wide the drawing is (at least 1).
    pub slots: usize,
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

/// How the page draws and edits a ruleset's positions, said by the ruleset's
/// own file ([`Board::VIEW`](super::rules::Board::VIEW)) so that the page
/// names no ruleset: it draws by the view's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum View {
    /// Rows of cells joined by `/`: a click on a cell turns it into the next
    /// of `cells`; a strip is one row, whose squares are added or removed at its end.
    Cells {
        /// The signs a cell may hold, in the order a click cycles through them.
        cells: &'static [Cell],
        /// Whether the board is one row that grows and shrinks (Toads and Frogs).
        strip: bool,
    },
    /// Edges standing on the ground ([`Edges`]), chopped by a click.
    Edges,
    /// Rectangular pieces ([`Cake`]), cut by a click on a line.
    Cake,
    /// No board: a game typed in CGSuite's notation.
    Typed,
}

/// One sign of a board of cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Cell {
    /// The sign in the position's text (`x`).
    pub sign: char,
    /// What the page shows in the cell (`●`; empty for an empty cell).
    pub shown: &'static str,
    /// Whose it is, for its colour: `left`, `right`, `blocked` or `empty`.
    pub owner: &'static str,
    /// What a screen reader calls it.
    pub name: Label,
}

impl Cell {
    /// An empty cell, `.`.
    pub const EMPTY: Cell = Cell::new('.', "", "empty", Label::new("empty", "vide"));
    /// Left's stone, `x`.
    pub const LEFT_STONE: Cell = Cell::new('x', "●", "left", Label::new("Left’s stone", "pierre de Gauche"));
    /// Right's stone, `o`.
    pub const RIGHT_STONE: Cell = Cell::new('o', "○", "right", Label::new("Right’s stone", "pierre de Droite"));

    /// A sign, what is shown for it, whose it is and its name.
    pub const fn new(sign: char, shown: &'static str, owner: &'static str, name: Label) -> Cell {
        Cell {
            sign,
            shown,
            owner,
            name,
        }
    }
}
