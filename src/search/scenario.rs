//! A search link: `search` (the game), the game's own keys (read and written
//! by the game, [`crate::games`]: `width`, `height`; `rows`, `cols`, `board`;
//! `sticks`, `take`, `misere`; `edges`), then the search's: `depth`,
//! `heuristic`, `algorithm`, `moves` (the position, as the moves from the
//! start), `node-limit` and `step` (the tree's node shown).

use super::keys::{
    parse_moves, Algorithm, SearchAsk, SearchGame, HEURISTIC_NAMES, MAX_DEPTH, MAX_MOVES, MAX_NODES, MAX_NODE_LIMIT,
    MAX_TREE_DEPTH, MIN_NODE_LIMIT,
};
use crate::games::chomp::{Bar, BOARD_FIELD, COLS_FIELD, ROWS_FIELD};
use crate::games::connect4::{HEIGHT_FIELD, WIDTH_FIELD};
use crate::games::edges::{parse_arena, EDGES_FIELD, EXAMPLE_EDGES};
use crate::games::subtraction::{Sticks, MISERE_FIELD, STICKS_FIELD, TAKE_FIELD};
use crate::toolkit::{field, Error, Field, Label, Params, Quoted};

/// Largest step of the tree a link may name.
pub const MAX_STEP: u64 = 10_000_000;

/// The keys of a search link, in link order.
pub const FIELDS: &[Field] = &[
    Field::choice("search", Label::new("Game searched", "Jeu exploré"), &SearchGame::NAMES),
    WIDTH_FIELD,
    HEIGHT_FIELD,
    ROWS_FIELD,
    COLS_FIELD,
    BOARD_FIELD,
    STICKS_FIELD,
    TAKE_FIELD,
    MISERE_FIELD,
    EDGES_FIELD,
    Field::choice_or_whole(
        "depth",
        Label::new("Depth (plies)", "Profondeur (demi-coups)"),
        &["end"],
        1,
        MAX_DEPTH as u64,
    ),
    Field::choice("heuristic", Label::new("Heuristic", "Heuristique"), &HEURISTIC_NAMES),
    Field::choice("algorithm", Label::new("Algorithm", "Algorithme"), &Algorithm::NAMES),
    Field::whole(
        "node-limit",
        Label::new("Nodes a search may visit", "Nœuds qu'une recherche peut visiter"),
        MIN_NODE_LIMIT,
        MAX_NODE_LIMIT,
    ),
    Field::text(
        "moves",
        Label::new("Moves from the start", "Coups depuis le début"),
        MAX_MOVES * 8,
        &[
            "",
            "5,1,3",
            "5",
            "1,2,3,4,5,6,7,8",
            "4,4,4,3",
            "1.1",
            "0.3,2.0",
            "2,1",
            "b",
            "1,5,9,2",
        ],
    ),
    Field::whole("step", Label::new("Step", "Étape"), 0, MAX_STEP),
];

/// One search view.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scenario {
    /// The game searched.
    pub game: SearchGame,
    /// Connect Four: columns.
    pub width: usize,
    /// Connect Four: rows.
    pub height: usize,
    /// Chomp's bar.
    pub bar: Bar,
    /// The stick game.
    pub stick: Sticks,
    /// An arena typed by hand.
    pub edges: String,
    /// The depth limit in plies (none: to the end of the game).
    pub depth: Option<u32>,
    /// The heuristic's name (one of the game's).
    pub heuristic: &'static str,
    /// The search algorithm.
    pub algorithm: Algorithm,
    /// The position searched: the moves from the start, as the game writes them.
    pub moves: Vec<String>,
    /// Nodes each search run may visit before it stops (and says so).
    pub node_limit: u64,
    /// The tree's node the page shows (the last when absent).
    pub step: Option<u32>,
}

impl Default for Scenario {
    /// Tic-tac-toe after X centre, O corner, X corner: O must block at 7,
    /// which a search of depth 2 sees and one of depth 1 may not.
    fn default() -> Self {
        Scenario {
            game: SearchGame::TicTacToe,
            width: 7,
            height: 6,
            bar: Bar::default(),
            stick: Sticks::default(),
            edges: EXAMPLE_EDGES.into(),
            depth: Some(2),
            heuristic: "lines",
            algorithm: Algorithm::AlphaBeta,
            moves: vec!["5".into(), "1".into(), "3".into()],
            node_limit: MAX_NODES,
            step: None,
        }
    }
}

impl Scenario {
    /// Reads a search link's keys; absent keys keep their defaults.
    ///
    /// # Errors
    /// The first key at fault.
    pub fn parse(params: &mut Params) -> Result<Self, Error> {
        let f = |key| field(FIELDS, key);
        let mut s = Scenario::default();
        if let Some(g) = params.choice(f("search"), &SearchGame::ALL, SearchGame::name)? {
            s.game = g;
            if g != SearchGame::TicTacToe {
                // The default position is tic-tac-toe's; another game starts empty.
                s.moves.clear();
            }
        }
        if let Some(w) = params.count(f("width"))? {
            s.width = w;
        }
        if let Some(h) = params.count(f("height"))? {
            s.height = h;
        }
        s.bar.read(params)?;
        s.stick.read(params)?;
        if let Some(v) = params.text(f("edges"))? {
            parse_arena(&v)?;
            s.edges = v;
        }
        if let Some(v) = params.take("depth") {
            s.depth = if v == "end" {
                None
            } else {
                let whole = f("depth").read_whole(&v).map_err(|_| Error::InvalidValue {
                    key: "depth",
                    value: Quoted::new(&v),
                    expected: text!(
                        "end, or a whole number of plies from 1 to {}",
                        "end, ou un nombre entier de demi-coups de 1 à {}",
                        MAX_DEPTH
                    ),
                })?;
                Some(whole as u32)
            };
        }
        s.heuristic = s.game.heuristics()[0].name;
        if let Some(v) = params.take("heuristic") {
            let own = s.game.heuristics();
            s.heuristic = own
                .iter()
                .find(|h| h.name == v)
                .map(|h| h.name)
                .ok_or_else(|| Error::NotOneOf {
                    key: "heuristic",
                    value: Quoted::new(&v),
                    allowed: own.iter().map(|h| h.name.to_string()).collect(),
                })?;
        }
        if let Some(a) = params.choice(f("algorithm"), &Algorithm::ALL, Algorithm::name)? {
            s.algorithm = a;
        }
        if let Some(v) = params.text(f("moves"))? {
            s.moves = parse_moves(&v)?;
        }
        if let Some(v) = params.whole(f("node-limit"))? {
            s.node_limit = v;
        }
        if let Some(step) = params.whole(f("step"))? {
            s.step = Some(step as u32);
        }
        Ok(s)
    }

    /// The link's pairs: the game, its own keys, then the search's.
    pub fn write(&self) -> Vec<(&'static str, String)> {
        let mut out = vec![("search", self.game.name().to_string())];
        match self.game {
            SearchGame::TicTacToe => {}
            SearchGame::ConnectFour => {
                out.push(("width", self.width.to_string()));
                out.push(("height", self.height.to_string()));
            }
            SearchGame::Chomp => self.bar.write(&mut out),
            SearchGame::Sticks => self.stick.write(&mut out),
            SearchGame::Arena => out.push(("edges", self.edges.clone())),
        }
        out.push(("depth", self.depth.map_or_else(|| "end".to_string(), |d| d.to_string())));
        out.push(("heuristic", self.heuristic.to_string()));
        out.push(("algorithm", self.algorithm.name().to_string()));
        out.push(("moves", self.moves.join(",")));
        if self.node_limit != MAX_NODES {
            out.push(("node-limit", self.node_limit.to_string()));
        }
        // The tree's step, only where a tree is drawn.
        if let Some(step) = self.step.filter(|_| self.depth.is_some_and(|d| d <= MAX_TREE_DEPTH)) {
            out.push(("step", step.to_string()));
        }
        out
    }

    /// What the link asks of the search.
    pub fn ask(&self) -> SearchAsk {
        SearchAsk {
            game: self.game,
            moves: self.moves.clone(),
            width: self.width,
            height: self.height,
            rows: self.bar.rows,
            cols: self.bar.cols,
            board: self.bar.start(),
            sticks: self.stick.sticks,
            take: self.stick.take.clone(),
            misere: self.stick.misere,
            edges: self.edges.clone(),
            depth: self.depth,
            heuristic: self.heuristic,
            algorithm: self.algorithm,
            node_limit: self.node_limit,
        }
    }
}
