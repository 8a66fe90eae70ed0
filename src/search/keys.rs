//! What a search link may say besides its game: the algorithm, the depth,
//! the moves, the node limits, and what a heuristic is (each game names and
//! explains its own, in its file). A leaf of the search module.

use crate::toolkit::{Error, Label, Quoted};
use serde::Serialize;

/// A heuristic a student would invent, explained in one sentence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Heuristic {
    /// Its link name.
    pub name: &'static str,
    /// What it scores, in both languages.
    pub explain: Label,
}

/// Which search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Negamax, every node.
    Minimax,
    /// Negamax with alpha-beta cut-offs, moves in their natural order.
    AlphaBeta,
    /// Alpha-beta with the moves ordered by the heuristic.
    Ordered,
    /// Iterative deepening, ordering and a transposition table.
    Table,
}

impl Algorithm {
    /// Every algorithm, from the plainest.
    pub const ALL: [Algorithm; 4] = [
        Algorithm::Minimax,
        Algorithm::AlphaBeta,
        Algorithm::Ordered,
        Algorithm::Table,
    ];
    /// Their link names, in the same order.
    pub const NAMES: [&'static str; 4] = ["minimax", "alphabeta", "ordered", "tt"];
    /// What the page's menu calls them, in the same order.
    pub const LABELS: [Label; 4] = [
        Label::new("minimax", "minimax"),
        Label::new("alpha-beta", "alpha-bêta"),
        Label::new("alpha-beta with move ordering", "alpha-bêta avec tri des coups"),
        Label::new(
            "iterative deepening with a transposition table",
            "approfondissement itératif avec table de transposition",
        ),
    ];

    /// The value of the `algorithm` key.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

/// Most moves a link may replay.
pub const MAX_MOVES: usize = 200;
/// Deepest depth limit a link may ask (a whole game of Connect Four 7 × 6); `end` for none.
pub const MAX_DEPTH: u32 = 42;
/// Nodes a single run may visit before it stops (and says so), unless the
/// link's `node-limit` says otherwise.
pub const MAX_NODES: u64 = 4_000_000;
/// The largest `node-limit` a link may ask (about ten minutes in the browser).
pub const MAX_NODE_LIMIT: u64 = 1_000_000_000;
/// The smallest `node-limit`.
pub const MIN_NODE_LIMIT: u64 = 1_000;
/// Deepest search drawn as a tree.
pub const MAX_TREE_DEPTH: u32 = 4;

/// Reads the `moves` key: move labels separated by commas (none: the start);
/// for a game whose moves are written joined (`joined_by` empty: Connect
/// Four's `4453`), a text without commas is one move per character.
///
/// # Errors
/// [`Error::InvalidValue`] beyond [`MAX_MOVES`] moves.
pub fn parse_moves(text: &str, joined_by: &str) -> Result<Vec<String>, Error> {
    let moves: Vec<String> = if joined_by.is_empty() && !text.contains(',') {
        text.chars().filter(|c| !c.is_whitespace()).map(String::from).collect()
    } else {
        text.split(',')
            .map(str::trim)
            .filter(|m| !m.is_empty())
            .map(String::from)
            .collect()
    };
    if moves.len() > MAX_MOVES {
        return Err(Error::InvalidValue {
            key: "moves",
            value: Quoted::new(text),
            expected: text!("at most {} moves", "au plus {} coups", MAX_MOVES),
        });
    }
    Ok(moves)
}
