//! The arena scenario: `kind` (`subtraction`, `chomp`, `edges`, `search`,
//! `connect4`: Connect Four solved, with `width`, `height` and `moves`) and
//! its keys — `sticks`, `take`, `misere`; `rows`, `cols`, `board`; `edges` —
//! plus `player` (whose attractor the page colours) and `step` (the layer it
//! shows). The search (`kind=search`) adds `search` (the game), `width` and
//! `height` (Connect Four), `depth`, `heuristic`, `algorithm` and `moves` (the
//! position, as the moves from the start).

use super::chomp::{self, Boards};
use super::connect4;
use super::edges::parse_arena;
use super::graph::Player;
use super::parity::{self, report::ParityKeys, SolverKind};
use super::search::keys::{
    parse_moves, Algorithm, SearchAsk, SearchGame, HEURISTIC_NAMES, MAX_DEPTH, MAX_MOVES, MAX_NODES, MAX_NODE_LIMIT,
    MAX_TREE_DEPTH, MIN_NODE_LIMIT,
};
use super::subtraction::{MAX_STICKS, MAX_TAKE, MAX_TAKES};
use crate::toolkit::{field, Error, Field, Label, Params, Quoted};

/// Where the arena comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The seed's stick game (a subtraction game).
    Subtraction,
    /// Chomp, the poisoned chocolate bar.
    Chomp,
    /// An arena typed by hand.
    Edges,
    /// A game searched by minimax and alpha-beta (the course's next chapter).
    Search,
    /// Connect Four solved exactly: the score of the position and of each column.
    Connect4,
    /// A parity game: winning regions and strategies, Zielonka's recursion step by step.
    Parity,
}

impl Kind {
    /// Every kind, in menu order.
    pub const ALL: [Kind; 6] = [
        Kind::Subtraction,
        Kind::Chomp,
        Kind::Edges,
        Kind::Search,
        Kind::Connect4,
        Kind::Parity,
    ];
    /// Their link names, in the same order.
    pub const NAMES: [&'static str; 6] = ["subtraction", "chomp", "edges", "search", "connect4", "parity"];

    /// The value of the `kind` key.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

/// A small arena with a cycle: from `a`, player 1 can win at `w`, or circle
/// through `b` forever; `b` can also lose for player 2.
pub const EXAMPLE_EDGES: &str = "a:1>b:2; b>a; a>c:2; c>w; w=1; c>l; l=2; b>d:1; d>l; d>b";

/// Most vertices whose ranks and labels go into the analysis (the page draws
/// every vertex up to this size and a summary above).
pub const MAX_LISTED: usize = 2_000;

/// Longest typed arena, in characters.
pub const MAX_EDGES_TEXT: usize = 200_000;

/// The solve view's board when the link names none: 5 × 5, solved with every
/// column's score in about a second in the page.
pub const CONNECT4_WIDTH: usize = 5;
/// See [`CONNECT4_WIDTH`].
pub const CONNECT4_HEIGHT: usize = 5;

pub use super::parity::ParitySource;

/// The parity solvers by link name.
pub const PARITY_SOLVERS: [&str; 2] = ["promotion", "zielonka"];

pub use super::parity::report::EXAMPLE_PG;

/// Longest parity game typed or loaded in the page, in characters (a link carries it).
pub const MAX_PG_TEXT: usize = 100_000;
/// Most vertices of a generated parity game in the page (the CLI takes 10⁷).
pub const MAX_PAGE_PARITY: u64 = 1_000_000;
/// Largest `n` of a (recursive) ladder in the page.
pub const MAX_PAGE_LADDER: u64 = 100_000;
/// Largest height and width of Jurdziński's games in the page.
pub const MAX_PAGE_JURDZINSKI: u64 = 300;

/// Largest step of the attractor a link may name.
pub const MAX_STEP: u64 = 10_000_000;

/// The keys of an arena link, in link order.
pub const FIELDS: &[Field] = &[
    Field::choice("kind", Label::new("Game", "Jeu"), &Kind::NAMES),
    Field::whole("sticks", Label::new("Sticks", "Bâtonnets"), 1, MAX_STICKS as u64),
    Field::wholes(
        "take",
        Label::new("A move takes", "Un coup prend"),
        1,
        MAX_TAKE as u64,
        MAX_TAKES,
    ),
    Field::choice(
        "misere",
        Label::new(
            "Whoever takes the last stick loses",
            "Qui prend le dernier bâtonnet perd",
        ),
        &["yes", "no"],
    ),
    Field::whole("rows", Label::new("Rows", "Lignes"), 1, chomp::MAX_SIDE as u64),
    Field::whole("cols", Label::new("Columns", "Colonnes"), 1, chomp::MAX_SIDE as u64),
    Field::wholes(
        "board",
        Label::new("Starting board (optional)", "Tablette de départ (facultative)"),
        0,
        chomp::MAX_SIDE as u64,
        chomp::MAX_SIDE,
    ),
    Field::text(
        "edges",
        Label::new("Arena", "Arène"),
        MAX_EDGES_TEXT,
        &[
            EXAMPLE_EDGES,
            "x=1",
            "a:1>b:2; b>a",
            "s:1>a:2; s>b:2; a>s; a>w; b>l; b>w; w=1; l=2",
            "a:1>a",
        ],
    ),
    Field::choice(
        "player",
        Label::new("Attractor to build step by step", "Attracteur à construire pas à pas"),
        &["1", "2"],
    ),
    Field::whole("step", Label::new("Step", "Étape"), 0, MAX_STEP),
    Field::choice("search", Label::new("Game searched", "Jeu exploré"), &SearchGame::NAMES),
    Field::whole(
        "width",
        Label::new("Columns of Connect Four", "Colonnes du Puissance 4"),
        connect4::MIN_WIDTH as u64,
        connect4::MAX_WIDTH as u64,
    ),
    Field::whole(
        "height",
        Label::new("Rows of Connect Four", "Lignes du Puissance 4"),
        connect4::MIN_HEIGHT as u64,
        connect4::MAX_HEIGHT as u64,
    ),
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
    Field::choice(
        "source",
        Label::new("Parity game", "Jeu de parité"),
        &ParitySource::NAMES,
    ),
    Field::text(
        "pg",
        Label::new("The game (PGSolver's format)", "Le jeu (format de PGSolver)"),
        MAX_PG_TEXT,
        &[
            EXAMPLE_PG,
            "parity 0;\n0 0 0 0;\n",
            "parity 1;\n0 1 0 1;\n1 2 1 0,1;\n",
            "parity 2;\n0 3 1 0,1;\n1 2 0 2;\n2 1 1 1,2;\n",
        ],
    ),
    Field::whole("vertices", Label::new("Vertices", "Sommets"), 1, MAX_PAGE_PARITY),
    Field::whole(
        "priorities",
        Label::new("Highest priority", "Plus grande priorité"),
        0,
        MAX_PAGE_PARITY,
    ),
    Field::whole(
        "min-degree",
        Label::new("Fewest successors", "Successeurs, au moins"),
        1,
        parity::generate::MAX_DEGREE,
    ),
    Field::whole(
        "max-degree",
        Label::new("Most successors", "Successeurs, au plus"),
        1,
        parity::generate::MAX_DEGREE,
    ),
    Field::whole("seed", Label::new("Seed", "Graine"), 0, u32::MAX as u64),
    Field::whole(
        "size",
        Label::new("n (size of the ladder)", "n (taille de l'échelle)"),
        1,
        MAX_PAGE_LADDER,
    ),
    Field::whole(
        "levels",
        Label::new("Height h (Jurdziński)", "Hauteur h (Jurdziński)"),
        0,
        MAX_PAGE_JURDZINSKI,
    ),
    Field::whole(
        "breadth",
        Label::new("Width w (Jurdziński)", "Largeur w (Jurdziński)"),
        0,
        MAX_PAGE_JURDZINSKI,
    ),
    Field::choice("solver", Label::new("Solver", "Solveur"), &PARITY_SOLVERS),
];

/// One arena view.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scenario {
    /// Where the arena comes from.
    pub kind: Kind,
    /// The stick game: sticks at the start.
    pub sticks: usize,
    /// The stick game: how many sticks a move may take (sorted, distinct).
    pub take: Vec<usize>,
    /// The stick game: whoever takes the last stick loses.
    pub misere: bool,
    /// Chomp: rows of the bar.
    pub rows: usize,
    /// Chomp: columns of the bar.
    pub cols: usize,
    /// A non-rectangular starting board (row lengths from the poisoned row up).
    pub board: Option<Vec<u8>>,
    /// An arena typed by hand.
    pub edges: String,
    /// Whose attractor the page colours.
    pub player: Player,
    /// Up to which step the page shows it (the last when absent).
    pub step: Option<u32>,
    /// The search: which game.
    pub search: SearchGame,
    /// Connect Four: columns.
    pub width: usize,
    /// Connect Four: rows.
    pub height: usize,
    /// The search's depth limit in plies (none: to the end of the game).
    pub depth: Option<u32>,
    /// The heuristic's name (one of the game's).
    pub heuristic: &'static str,
    /// The search algorithm.
    pub algorithm: Algorithm,
    /// The position searched: the moves from the start, as the game writes them.
    pub moves: Vec<String>,
    /// Nodes each search run may visit before it stops (and says so).
    pub node_limit: u64,
    /// Parity games: the game's source, its generator's values and the solver.
    pub parity: ParityKeys,
}

impl Default for Scenario {
    /// The seed's stick game: 9 sticks, take 1 to 3, whoever takes the last loses.
    fn default() -> Self {
        Scenario {
            kind: Kind::Subtraction,
            sticks: 9,
            take: vec![1, 2, 3],
            misere: true,
            rows: 4,
            cols: 3,
            board: None,
            edges: EXAMPLE_EDGES.into(),
            player: Player::One,
            step: None,
            // Tic-tac-toe after X centre, O corner, X corner: O must block at 7,
            // which a search of depth 2 sees and one of depth 1 may not.
            search: SearchGame::TicTacToe,
            width: 7,
            height: 6,
            depth: Some(2),
            heuristic: "lines",
            algorithm: Algorithm::AlphaBeta,
            moves: vec!["5".into(), "1".into(), "3".into()],
            node_limit: MAX_NODES,
            parity: ParityKeys::default(),
        }
    }
}

fn yes_no(v: bool) -> &'static str {
    if v {
        "yes"
    } else {
        "no"
    }
}

impl Scenario {
    /// Reads an arena link's keys; absent keys keep their defaults.
    ///
    /// # Errors
    /// The first key at fault.
    pub fn parse(params: &mut Params) -> Result<Self, Error> {
        let f = |key| field(FIELDS, key);
        let mut s = Scenario::default();
        if let Some(x) = params.choice(f("kind"), &Kind::ALL, Kind::name)? {
            s.kind = x;
        }
        if let Some(v) = params.count(f("sticks"))? {
            s.sticks = v;
        }
        if let Some(mut take) = params.wholes::<usize>(f("take"))? {
            take.sort_unstable();
            take.dedup();
            s.take = take;
        }
        if let Some(v) = params.choice(f("misere"), &[true, false], yes_no)? {
            s.misere = v;
        }
        let rows = params.count(f("rows"))?;
        let cols = params.count(f("cols"))?;
        s.rows = rows.unwrap_or(s.rows);
        s.cols = cols.unwrap_or(s.cols);
        if let Some(lengths) = params.wholes::<u8>(f("board"))? {
            // A board sets its own box unless rows/cols were given.
            s.rows = lengths.len();
            s.cols = s.cols.max(usize::from(lengths.iter().copied().max().unwrap_or(1)));
            chomp::check_board(&lengths, s.rows, s.cols)?;
            s.board = Some(lengths);
        }
        // The search builds no arena: Chomp of any size is searched.
        if s.kind == Kind::Chomp {
            if let Err(e) = Boards::new(s.rows, s.cols, chomp::MAX_DIRECT_BOARDS) {
                let key = if rows.is_some() || cols.is_none() {
                    "rows"
                } else {
                    "cols"
                };
                return Err(Error::Conflict { key, message: e.text() });
            }
        }
        if let Some(v) = params.text(f("edges"))? {
            parse_arena(&v)?;
            s.edges = v;
        }
        if let Some(p) = params.choice(f("player"), &Player::BOTH, |p| ["1", "2"][p.index()])? {
            s.player = p;
        }
        if let Some(step) = params.whole(f("step"))? {
            s.step = Some(step as u32);
        }
        let game = params.choice(f("search"), &SearchGame::ALL, SearchGame::name)?;
        if let Some(g) = game {
            s.search = g;
            if g != SearchGame::TicTacToe {
                // The default position is tic-tac-toe's; another game starts empty.
                s.moves.clear();
            }
        }
        let width = params.count(f("width"))?;
        let height = params.count(f("height"))?;
        if s.kind == Kind::Connect4 && width.is_none() && height.is_none() {
            // The solve view opens on a board the page solves, column by column,
            // in about a second (7 × 6 from the empty board takes hours there).
            (s.width, s.height) = (CONNECT4_WIDTH, CONNECT4_HEIGHT);
        }
        s.width = width.unwrap_or(s.width);
        s.height = height.unwrap_or(s.height);
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
        s.heuristic = s.search.heuristics()[0].name;
        if let Some(v) = params.take("heuristic") {
            let own = s.search.heuristics();
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
        let moves_given = params.text(f("moves"))?;
        if let Some(v) = &moves_given {
            s.moves = parse_moves(v)?;
        }
        if let Some(v) = params.whole(f("node-limit"))? {
            s.node_limit = v;
        }
        s.parse_parity(params)?;
        if s.kind == Kind::Connect4 {
            // Pons' notation: one digit a move; the solver's position says what is legal.
            if moves_given.is_none() {
                // The default moves are tic-tac-toe's; Connect Four starts empty.
                s.moves.clear();
            }
            let board = connect4::Board::new(s.width as u32, s.height as u32)?;
            board.play_moves(&s.moves.concat())?;
            s.moves = s
                .moves
                .concat()
                .chars()
                .filter(char::is_ascii_digit)
                .map(String::from)
                .collect();
        }
        Ok(s)
    }

    /// The parity keys; a typed game is parsed here (its errors name `pg`), a
    /// generator's keys are checked together (the game is built by the report).
    fn parse_parity(&mut self, params: &mut Params) -> Result<(), Error> {
        let f = |key| field(FIELDS, key);
        if let Some(v) = params.choice(f("source"), &ParitySource::ALL, ParitySource::name)? {
            self.parity.source = v;
        }
        if let Some(v) = params.text(f("pg"))? {
            self.parity.pg = v;
        }
        for (key, slot) in [
            ("vertices", &mut self.parity.vertices),
            ("priorities", &mut self.parity.priorities),
            ("min-degree", &mut self.parity.min_degree),
            ("max-degree", &mut self.parity.max_degree),
            ("seed", &mut self.parity.seed),
            ("size", &mut self.parity.size),
            ("levels", &mut self.parity.levels),
            ("breadth", &mut self.parity.breadth),
        ] {
            if let Some(v) = params.whole(f(key))? {
                *slot = v;
            }
        }
        if let Some(v) = params.choice(f("solver"), &SolverKind::ALL, SolverKind::name)? {
            self.parity.solver = v;
        }
        if self.kind != Kind::Parity {
            return Ok(());
        }
        match self.parity.source {
            ParitySource::Typed => {
                parity::pgformat::typed(&self.parity.pg)?;
            }
            ParitySource::Random => {
                if self.parity.min_degree > self.parity.max_degree {
                    return Err(Error::Conflict {
                        key: "min-degree",
                        message: text!(
                            "the fewest successors ({}) exceed the most ({})",
                            "le nombre minimal de successeurs ({}) dépasse le maximal ({})",
                            self.parity.min_degree,
                            self.parity.max_degree
                        ),
                    });
                }
                if self.parity.max_degree > self.parity.vertices {
                    return Err(Error::Conflict {
                        key: "max-degree",
                        message: text!(
                            "{} distinct successors need at least {} vertices (there are {})",
                            "{} successeurs distincts demandent au moins {} sommets (il y en a {})",
                            self.parity.max_degree,
                            self.parity.max_degree,
                            self.parity.vertices
                        ),
                    });
                }
                let edges = self.parity.vertices * self.parity.max_degree;
                let most = 10 * MAX_PAGE_PARITY;
                if edges > most {
                    return Err(Error::Conflict {
                        key: "max-degree",
                        message: text!(
                            "{} vertices with up to {} successors: up to {} edges, more than the page's {}",
                            "{} sommets jusqu'à {} successeurs : jusqu'à {} arcs, plus que les {} de la page",
                            self.parity.vertices,
                            self.parity.max_degree,
                            edges,
                            most
                        ),
                    });
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The link's pairs: the kind, the keys of that kind, then `player` and `step`.
    pub fn write(&self) -> Vec<(&'static str, String)> {
        let join = |v: &[usize]| v.iter().map(usize::to_string).collect::<Vec<_>>().join(",");
        let mut out = vec![("kind", self.kind.name().to_string())];
        match self.kind {
            Kind::Subtraction => {
                out.push(("sticks", self.sticks.to_string()));
                out.push(("take", join(&self.take)));
                out.push(("misere", yes_no(self.misere).to_string()));
            }
            Kind::Chomp => {
                out.push(("rows", self.rows.to_string()));
                out.push(("cols", self.cols.to_string()));
                if let Some(b) = &self.board {
                    out.push(("board", join(&b.iter().map(|&l| usize::from(l)).collect::<Vec<_>>())));
                }
            }
            Kind::Edges => out.push(("edges", self.edges.clone())),
            Kind::Search => {
                self.write_search(&mut out, &join);
                return out;
            }
            Kind::Connect4 => {
                out.push(("width", self.width.to_string()));
                out.push(("height", self.height.to_string()));
                out.push(("moves", self.moves.concat()));
                return out;
            }
            Kind::Parity => {
                out.push(("source", self.parity.source.name().to_string()));
                let keys: &[(&'static str, u64)] = match self.parity.source {
                    ParitySource::Typed => {
                        out.push(("pg", self.parity.pg.clone()));
                        &[]
                    }
                    ParitySource::Random => &[
                        ("vertices", self.parity.vertices),
                        ("priorities", self.parity.priorities),
                        ("min-degree", self.parity.min_degree),
                        ("max-degree", self.parity.max_degree),
                        ("seed", self.parity.seed),
                    ],
                    ParitySource::Ladder | ParitySource::RecursiveLadder => &[("size", self.parity.size)],
                    ParitySource::Jurdzinski => &[("levels", self.parity.levels), ("breadth", self.parity.breadth)],
                };
                out.extend(keys.iter().map(|&(k, v)| (k, v.to_string())));
                out.push(("solver", self.parity.solver.name().to_string()));
                if let Some(step) = self.step {
                    out.push(("step", step.to_string()));
                }
                return out;
            }
        }
        if self.player == Player::Two {
            out.push(("player", "2".into()));
        }
        if let Some(step) = self.step {
            out.push(("step", step.to_string()));
        }
        out
    }

    /// A search link's pairs: the game, its own keys, then the search's.
    fn write_search(&self, out: &mut Vec<(&'static str, String)>, join: &dyn Fn(&[usize]) -> String) {
        out.push(("search", self.search.name().to_string()));
        match self.search {
            SearchGame::TicTacToe => {}
            SearchGame::ConnectFour => {
                out.push(("width", self.width.to_string()));
                out.push(("height", self.height.to_string()));
            }
            SearchGame::Chomp => {
                out.push(("rows", self.rows.to_string()));
                out.push(("cols", self.cols.to_string()));
                if let Some(b) = &self.board {
                    out.push(("board", join(&b.iter().map(|&l| usize::from(l)).collect::<Vec<_>>())));
                }
            }
            SearchGame::Sticks => {
                out.push(("sticks", self.sticks.to_string()));
                out.push(("take", join(&self.take)));
                out.push(("misere", yes_no(self.misere).to_string()));
            }
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
    }

    /// The starting board of Chomp (the full bar unless `board` is given).
    pub fn start_board(&self) -> Vec<u8> {
        self.board.clone().unwrap_or_else(|| vec![self.cols as u8; self.rows])
    }

    /// What a search link asks of the search.
    pub fn search_ask(&self) -> SearchAsk {
        SearchAsk {
            game: self.search,
            moves: self.moves.clone(),
            width: self.width,
            height: self.height,
            rows: self.rows,
            cols: self.cols,
            board: self.start_board(),
            sticks: self.sticks,
            take: self.take.clone(),
            misere: self.misere,
            edges: self.edges.clone(),
            depth: self.depth,
            heuristic: self.heuristic,
            algorithm: self.algorithm,
            node_limit: self.node_limit,
        }
    }
}
