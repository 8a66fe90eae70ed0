//! A search link: `search` (the game), the game's own keys (each game's file
//! reads and writes its own: [`GameKeys`]), then the search's: `depth`,
//! `heuristic`, `algorithm`, `moves` (the position, as the moves from the
//! start), `node-limit` and `step` (the tree's node shown).

use super::keys::{
    parse_moves, Algorithm, MAX_DEPTH, MAX_MOVES, MAX_NODES, MAX_NODE_LIMIT, MAX_TREE_DEPTH, MIN_NODE_LIMIT,
};
use super::list::{concat_fields, GameKeys, SearchAsk, SearchGame, GAME_FIELDS, HEURISTIC_NAMES};
use crate::toolkit::{field, Error, Field, Label, Params, Quoted};

/// Largest step of the tree a link may name.
pub const MAX_STEP: u64 = 10_000_000;

/// The `search` key: which game.
const GAME_FIELD: Field =
    Field::choice("search", Label::new("Game searched", "Jeu exploré"), SearchGame::NAMES).labelled(SearchGame::LABELS);

/// The search's own keys, after the game's.
const SEARCH_FIELDS: &[Field] = &[
    Field::choice_or_whole(
        "depth",
        Label::new("Depth (plies)", "Profondeur (demi-coups)"),
        &["end"],
        1,
        MAX_DEPTH as u64,
    ),
    Field::choice("heuristic", Label::new("Heuristic", "Heuristique"), HEURISTIC_NAMES),
    Field::choice("algorithm", Label::new("Algorithm", "Algorithme"), &Algorithm::NAMES).labelled(&Algorithm::LABELS),
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

const FIELD_COUNT: usize = 1 + GAME_FIELDS.len() + SEARCH_FIELDS.len();
const ALL_FIELDS: [Field; FIELD_COUNT] = concat_fields(&[&[GAME_FIELD], &GAME_FIELDS, SEARCH_FIELDS]);
/// The keys of a search link, in link order: the game, every game's own keys, the search's.
pub const FIELDS: &[Field] = &ALL_FIELDS;

/// One search view.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scenario {
    /// The game searched.
    pub game: SearchGame,
    /// Every game's keys (the link's own game's are used and written).
    pub keys: GameKeys,
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
            keys: GameKeys::default(),
            depth: Some(2),
            heuristic: "lines",
            algorithm: Algorithm::AlphaBeta,
            moves: vec!["5".into(), "1".into(), "3".into()],
            node_limit: MAX_NODES,
            step: None,
        }
    }
}

crate::link_scenario!(Scenario);

impl Scenario {
    /// Reads a search link's keys; absent keys keep their defaults.
    ///
    /// # Errors
    /// The first key at fault.
    pub fn parse(params: &mut Params) -> Result<Self, Error> {
        let f = |key| field(FIELDS, key);
        let mut s = Scenario::default();
        if let Some(g) = params.choice(f("search"), SearchGame::ALL, SearchGame::name)? {
            s.game = g;
            if g != SearchGame::TicTacToe {
                // The default position is tic-tac-toe's; another game starts empty.
                s.moves.clear();
            }
        }
        s.keys.read(params)?;
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
            s.moves = parse_moves(&v, s.game.moves_joined_by())?;
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
        self.keys.write(self.game, &mut out);
        out.push(("depth", self.depth.map_or_else(|| "end".to_string(), |d| d.to_string())));
        out.push(("heuristic", self.heuristic.to_string()));
        out.push(("algorithm", self.algorithm.name().to_string()));
        out.push(("moves", self.moves.join(self.game.moves_joined_by())));
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
            keys: self.keys.clone(),
            moves: self.moves.clone(),
            depth: self.depth,
            heuristic: self.heuristic,
            algorithm: self.algorithm,
            node_limit: self.node_limit,
        }
    }
}
