//! Any arena of the game-graphs family for the search: a position is a vertex,
//! its owner the player to move. Arenas may have cycles: a position met again
//! on the current line is an endless play, a draw.

use super::engine::{Game, HEURISTIC_MAX};
use super::keys::Heuristic;

/// The heuristics by their place in [`HEURISTICS`], which is
/// what the engine passes (a test in the module's root checks each place holds its name).
pub(super) const MOBILITY: usize = 0;
use super::searched::{replay, Exact, ExactAnswer, PositionView, Searched, Shape, Started};
use crate::games::attractor::solve;
use crate::games::edges::{parse_arena, TypedArena, EDGES_FIELD, EXAMPLE_EDGES};
use crate::games::graph::{Arena, Outcome};
use crate::toolkit::{Error, Field, Label, Params, Text};

/// The arena's key, the game's own (`edges`).
pub const FIELDS: &[Field] = &[EDGES_FIELD];

/// The arena a link asks for, as typed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Keys {
    /// The statements, as typed.
    pub edges: String,
}

impl Default for Keys {
    /// The example arena, with its cycle.
    fn default() -> Keys {
        Keys {
            edges: EXAMPLE_EDGES.into(),
        }
    }
}

impl Keys {
    /// Reads `edges`, which must parse.
    ///
    /// # Errors
    /// The arena's errors, naming `edges`.
    pub fn read(&mut self, params: &mut Params) -> Result<(), Error> {
        if let Some(v) = params.text(&EDGES_FIELD)? {
            parse_arena(&v)?;
            self.edges = v;
        }
        Ok(())
    }

    /// The link's pairs.
    pub fn write(&self, out: &mut Vec<(&'static str, String)>) {
        out.push(("edges", self.edges.clone()));
    }
}

/// The arena of `keys`, parsed.
///
/// # Errors
/// The arena's errors.
pub fn prepare(keys: &Keys) -> Result<TypedArena, Error> {
    parse_arena(&keys.edges)
}

/// How a link writes the moves: separated by commas.
pub const MOVES_JOINED_BY: &str = ",";

/// What the page's menu calls the game.
pub const TITLE: crate::toolkit::Label = crate::toolkit::Label::new("arena typed by hand", "arène tapée à la main");

/// Mobility, and a poor one.
pub const HEURISTICS: &[Heuristic] = &[
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

/// An arena as a game.
pub struct ArenaGame<'a> {
    arena: &'a Arena,
    acyclic: bool,
}

impl<'a> ArenaGame<'a> {
    /// The game on `arena`.
    pub fn new(arena: &'a Arena) -> ArenaGame<'a> {
        ArenaGame {
            arena,
            acyclic: acyclic(arena),
        }
    }
}

/// Whether no vertex can be reached again from itself.
fn acyclic(arena: &Arena) -> bool {
    let n = arena.len();
    // Kahn: every vertex leaves when its predecessors have.
    let mut indegree = vec![0usize; n];
    for v in 0..n {
        for &t in arena.successors(v) {
            indegree[t as usize] += 1;
        }
    }
    let mut ready: Vec<usize> = (0..n).filter(|&v| indegree[v] == 0).collect();
    let mut seen = 0;
    while let Some(v) = ready.pop() {
        seen += 1;
        for &t in arena.successors(v) {
            indegree[t as usize] -= 1;
            if indegree[t as usize] == 0 {
                ready.push(t as usize);
            }
        }
    }
    seen == n
}

impl Game for ArenaGame<'_> {
    type Position = usize;
    type Move = u32;

    fn moves(&self, p: &usize) -> Vec<u32> {
        self.arena.successors(*p).to_vec()
    }

    fn play(&self, _: &usize, m: u32) -> usize {
        m as usize
    }

    fn outcome(&self, p: &usize) -> Option<i32> {
        if !self.arena.is_terminal(*p) {
            return None;
        }
        Some(match self.arena.outcome(*p) {
            Some(Outcome::Win(w)) if w == self.arena.owner(*p) => 1,
            Some(Outcome::Win(_)) => -1,
            _ => 0,
        })
    }

    fn heuristic(&self, p: &usize, h: usize) -> i32 {
        match h {
            MOBILITY => (self.arena.successors(*p).len() as i32 * 100).min(HEURISTIC_MAX),
            _ => 0,
        }
    }

    fn key(&self, p: &usize) -> u64 {
        *p as u64
    }

    fn acyclic(&self) -> bool {
        self.acyclic
    }

    fn passes(&self, p: &usize, after: &usize) -> bool {
        self.arena.owner(*p) != self.arena.owner(*after)
    }
}

/// An arena from a link's edges, with its vertex names.
pub type ArenaFrom<'a> = Started<ArenaGame<'a>, &'a TypedArena>;

/// The arena game of a typed arena.
pub fn game(typed: &TypedArena) -> ArenaFrom<'_> {
    Started {
        game: ArenaGame::new(&typed.arena),
        start: typed.arena.start,
        names: typed,
    }
}

impl Searched for ArenaFrom<'_> {
    fn start(&self) -> usize {
        self.start
    }
    fn label(&self, _: &usize, m: u32) -> String {
        self.names.names[m as usize].clone()
    }
    fn view(&self, p: &usize, view: &mut PositionView) {
        view.vertex = Some(self.names.names[*p].clone());
    }
    fn player(&self, p: &usize, _: usize) -> u8 {
        self.names.arena.owner(*p).number()
    }
    /// The attractors (vertices in neither are draws).
    fn exact(&self, moves: &[String]) -> Option<Result<Exact, Text>> {
        let p = replay(self, moves).ok()?;
        let arena = &self.names.arena;
        let solution = solve(arena);
        let me = arena.owner(p);
        let value = match solution.winner(p) {
            Some(w) if w == me => 1,
            Some(_) => -1,
            None => 0,
        };
        let mine = &solution.attractors[me.index()];
        let winning_moves = arena
            .successors(p)
            .iter()
            .map(|&t| t as usize)
            .filter(|&t| match value {
                // Any move that stays in the attractor keeps the win (the
                // strategy moves to a smaller rank, but a larger one wins too).
                1 => mine.contains(t),
                0 => solution.winner(t).is_none(),
                _ => false,
            })
            .map(|t| self.names.names[t].clone())
            .collect();
        Some(Ok(Exact::from(ExactAnswer {
            value,
            winning_moves,
            method: "attractor",
            score: None,
            verdict: None,
        })))
    }
    fn shape(&self) -> Shape {
        // Paths visit each vertex at most once (a repetition is a draw).
        let n = self.names.arena.len().max(1) as f64;
        Shape {
            branching: self.names.arena.edge_count() as f64 / n,
            length: n,
            per_node: 1e-7,
            whole: None,
            ordering: 0.0,
        }
    }
}
