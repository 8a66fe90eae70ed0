//! What a search link may say, apart from the arena's keys: the game searched,
//! its heuristics (named and explained), the algorithm, the depth and the
//! moves, and [`SearchAsk`], all a search is given. A leaf of the search
//! module: the arena's scenario reads the link into a [`SearchAsk`] without
//! importing the search, and the search never sees the scenario.

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

/// Which game is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SearchGame {
    /// Tic-tac-toe.
    TicTacToe,
    /// Connect Four.
    ConnectFour,
    /// Chomp.
    Chomp,
    /// The stick game.
    Sticks,
    /// An arena typed by hand.
    Arena,
}

impl SearchGame {
    /// Every game, in menu order.
    pub const ALL: [SearchGame; 5] = [
        SearchGame::TicTacToe,
        SearchGame::ConnectFour,
        SearchGame::Chomp,
        SearchGame::Sticks,
        SearchGame::Arena,
    ];
    /// Their link names.
    pub const NAMES: [&'static str; 5] = ["tictactoe", "connect4", "chomp", "sticks", "arena"];

    /// The value of the `search` key.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// The game's heuristics; the first is its default.
    pub fn heuristics(self) -> &'static [Heuristic] {
        match self {
            SearchGame::TicTacToe => TICTACTOE_HEURISTICS,
            SearchGame::ConnectFour => CONNECT4_HEURISTICS,
            SearchGame::Chomp => CHOMP_HEURISTICS,
            SearchGame::Sticks => STICKS_HEURISTICS,
            SearchGame::Arena => ARENA_HEURISTICS,
        }
    }
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

    /// The value of the `algorithm` key.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

/// What a search link asks: the search's only input, read from the link by
/// the arena's scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchAsk {
    /// The game.
    pub game: SearchGame,
    /// The moves played from the start.
    pub moves: Vec<String>,
    /// Connect Four's columns and rows.
    pub width: usize,
    /// Connect Four's rows.
    pub height: usize,
    /// Chomp's box: rows and columns.
    pub rows: usize,
    /// Chomp's columns.
    pub cols: usize,
    /// Chomp's start: row lengths from the poisoned row up.
    pub board: Vec<u8>,
    /// The stick game's sticks.
    pub sticks: usize,
    /// The stick game's take set.
    pub take: Vec<usize>,
    /// Whether the stick game's last mover loses.
    pub misere: bool,
    /// An arena's edges, as typed.
    pub edges: String,
    /// The depth limit (none: to the end).
    pub depth: Option<u32>,
    /// The heuristic's name.
    pub heuristic: &'static str,
    /// The chosen algorithm.
    pub algorithm: Algorithm,
    /// The nodes a run may visit.
    pub node_limit: u64,
}

impl SearchAsk {
    /// The heuristic's place in the game's list (the engine's index).
    pub fn heuristic_index(&self) -> usize {
        self.game
            .heuristics()
            .iter()
            .position(|h| h.name == self.heuristic)
            .unwrap_or(0)
    }
}

/// Every heuristic name of every game (the `heuristic` key's values).
pub const HEURISTIC_NAMES: [&str; 8] = [
    "lines", "centre", "edges", "parity", "squares", "modulo", "mobility", "zero",
];

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

/// Reads the `moves` key: move labels separated by commas (none: the start).
///
/// # Errors
/// [`Error::InvalidValue`] beyond [`MAX_MOVES`] moves.
pub fn parse_moves(text: &str) -> Result<Vec<String>, Error> {
    let moves: Vec<String> = text
        .split(',')
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .map(String::from)
        .collect();
    if moves.len() > MAX_MOVES {
        return Err(Error::InvalidValue {
            key: "moves",
            value: Quoted::new(text),
            expected: text!("at most {} moves", "au plus {} coups", MAX_MOVES),
        });
    }
    Ok(moves)
}

/// What a student would try: open lines, good squares, or nothing at all.
pub const TICTACTOE_HEURISTICS: &[Heuristic] = &[
    Heuristic {
        name: "lines",
        explain: Label::new(
            "Lines still open: each line holding only your marks counts the square of their number, the opponent's the same against you.",
            "Lignes encore ouvertes : chaque ligne ne portant que vos marques compte le carré de leur nombre, celles de l’adversaire autant contre vous.",
        ),
    },
    Heuristic {
        name: "centre",
        explain: Label::new(
            "Good squares: the centre is worth 3, a corner 2, an edge 1; yours minus the opponent's.",
            "Bonnes cases : le centre vaut 3, un coin 2, un bord 1 ; les vôtres moins celles de l’adversaire.",
        ),
    },
    Heuristic {
        name: "zero",
        explain: Label::new(
            "A deliberately poor one: every position is worth 0, so a limited search plays the first move that does not lose at once.",
            "Une mauvaise exprès : toute position vaut 0, si bien qu’une recherche limitée joue le premier coup qui ne perd pas tout de suite.",
        ),
    },
];

/// Open lines, the centre, and a poor one.
pub const CONNECT4_HEURISTICS: &[Heuristic] = &[
    Heuristic {
        name: "lines",
        explain: Label::new(
            "Open lines: every four-in-a-row window with only your stones counts 1 for one stone, 4 for two and 16 for three; the opponent's count against you.",
            "Lignes ouvertes : chaque fenêtre de quatre cases ne portant que vos pions compte 1 pour un pion, 4 pour deux et 16 pour trois ; celles de l’adversaire comptent contre vous.",
        ),
    },
    Heuristic {
        name: "centre",
        explain: Label::new(
            "The centre: a stone counts more the nearer it is to the middle column, where it belongs to more lines.",
            "Le centre : un pion compte d’autant plus qu’il est près de la colonne du milieu, où il appartient à plus de lignes.",
        ),
    },
    Heuristic {
        name: "edges",
        explain: Label::new(
            "A deliberately poor one: stones near the edges count more, though they belong to fewer lines.",
            "Une mauvaise exprès : les pions près des bords comptent plus, bien qu’ils appartiennent à moins de lignes.",
        ),
    },
];

/// Parity, size, and a poor one.
pub const CHOMP_HEURISTICS: &[Heuristic] = &[
    Heuristic {
        name: "parity",
        explain: Label::new(
            "Parity: if every move ate one square, the player to move would win exactly when an odd number of squares besides the poison is left.",
            "Parité : si chaque coup mangeait une seule case, le joueur qui doit jouer gagnerait exactement quand il reste un nombre impair de cases hors le poison.",
        ),
    },
    Heuristic {
        name: "squares",
        explain: Label::new(
            "A deliberately poor one: the more squares left, the better, as if chocolate were the prize.",
            "Une mauvaise exprès : plus il reste de cases, mieux c’est, comme si le chocolat était le prix.",
        ),
    },
    Heuristic {
        name: "zero",
        explain: Label::new(
            "Every position is worth 0: a limited search then sees only the moves that lose at once.",
            "Toute position vaut 0 : une recherche limitée ne voit alors que les coups qui perdent tout de suite.",
        ),
    },
];

/// The modulo rule, parity, and a poor one.
pub const STICKS_HEURISTICS: &[Heuristic] = &[
    Heuristic {
        name: "modulo",
        explain: Label::new(
            "The rule for takes 1 to m: a heap whose size is a multiple of m + 1 (one more than a multiple, misère) loses; it is exact when the take set is 1 to m.",
            "La règle des prises 1 à m : un tas dont la taille est un multiple de m + 1 (un de plus qu’un multiple, en misère) perd ; elle est exacte quand les prises vont de 1 à m.",
        ),
    },
    Heuristic {
        name: "parity",
        explain: Label::new(
            "Parity: an odd heap is good for the player to move, as if every move took one stick.",
            "Parité : un tas impair est bon pour le joueur qui doit jouer, comme si chaque coup prenait un bâtonnet.",
        ),
    },
    Heuristic {
        name: "zero",
        explain: Label::new(
            "A deliberately poor one: every heap is worth 0.",
            "Une mauvaise exprès : tout tas vaut 0.",
        ),
    },
];

/// Mobility, and a poor one.
pub const ARENA_HEURISTICS: &[Heuristic] = &[
    Heuristic {
        name: "mobility",
        explain: Label::new(
            "Mobility: a position with more moves for the player to move is better.",
            "Mobilité : une position où le joueur qui doit jouer a plus de coups est meilleure.",
        ),
    },
    Heuristic {
        name: "zero",
        explain: Label::new(
            "A deliberately poor one: every position is worth 0.",
            "Une mauvaise exprès : toute position vaut 0.",
        ),
    },
];
