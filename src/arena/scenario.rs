//! The arena scenario: `kind` (`subtraction`, `chomp`, `edges`) and its keys —
//! `sticks`, `take`, `misere`; `rows`, `cols`, `board`; `edges` — plus `player`
//! (whose attractor the page colours) and `step` (the layer it shows).

use super::attractor::{iterate, solve, Solution, OUTSIDE};
use super::chomp::{self, chomp_arena, losing_boards, winning_moves, Boards, ChompArena};
use super::edges::{parse_arena, TypedArena};
use super::graph::{Arena, Player};
use super::subtraction::{stick_position, subtraction_arena, MAX_STICKS, MAX_TAKE, MAX_TAKES};
use crate::scenario::{number_list, Params};
use crate::{Error, Text};
use serde::Serialize;

/// Where the arena comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Subtraction,
    Chomp,
    Edges,
}

impl Kind {
    pub const ALL: [Kind; 3] = [Kind::Subtraction, Kind::Chomp, Kind::Edges];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Subtraction => "subtraction",
            Kind::Chomp => "chomp",
            Kind::Edges => "edges",
        }
    }
}

/// A small arena with a cycle: from `a`, player 1 can win at `w`, or circle
/// through `b` forever; `b` can also lose for player 2.
pub const EXAMPLE_EDGES: &str = "a:1>b:2; b>a; a>c:2; c>w; w=1; c>l; l=2; b>d:1; d>l; d>b";

/// Most vertices whose ranks and labels go into the analysis (the page draws
/// every vertex up to this size and a summary above).
pub const MAX_LISTED: usize = 2_000;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scenario {
    pub kind: Kind,
    pub sticks: usize,
    pub take: Vec<usize>,
    pub misere: bool,
    pub rows: usize,
    pub cols: usize,
    /// A non-rectangular starting board (row lengths from the poisoned row up).
    pub board: Option<Vec<u8>>,
    pub edges: String,
    /// Whose attractor the page colours, and up to which step.
    pub player: Player,
    pub step: Option<u32>,
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
        }
    }
}

fn whole(key: &'static str, text: &str, min: usize, max: usize) -> Result<usize, Error> {
    crate::scenario::whole(key, text, min as u64, max as u64).map(|v| v as usize)
}

impl Scenario {
    pub const KEYS: &'static [&'static str] = &[
        "kind", "sticks", "take", "misere", "rows", "cols", "board", "edges", "player", "step",
    ];

    pub(crate) fn from_params(params: &mut Params) -> Result<Self, Error> {
        let mut s = Scenario::default();
        if let Some(x) = params.choice("kind", &Kind::ALL, Kind::name)? {
            s.kind = x;
        }
        if let Some(v) = params.take("sticks") {
            s.sticks = whole("sticks", &v, 1, MAX_STICKS)?;
        }
        if let Some(v) = params.take("take") {
            let mut take = number_list("take", &v, 1, MAX_TAKE, MAX_TAKES)?;
            take.sort_unstable();
            take.dedup();
            s.take = take;
        }
        if let Some(v) = params.take("misere") {
            s.misere = match v.as_str() {
                "yes" => true,
                "no" => false,
                _ => return Err(params.invalid("misere", &v, ["yes", "no"].into_iter())),
            };
        }
        if let Some(v) = params.take("rows") {
            s.rows = whole("rows", &v, 1, chomp::MAX_SIDE)?;
        }
        if let Some(v) = params.take("cols") {
            s.cols = whole("cols", &v, 1, chomp::MAX_SIDE)?;
        }
        if let Some(v) = params.take("board") {
            let lengths: Vec<u8> = number_list("board", &v, 0, chomp::MAX_SIDE, chomp::MAX_SIDE)?
                .into_iter()
                .map(|l| l as u8)
                .collect();
            // A board sets its own box unless rows/cols were given.
            s.rows = lengths.len();
            s.cols = s.cols.max(usize::from(lengths.iter().copied().max().unwrap_or(1)));
            chomp::check_board(&lengths, s.rows, s.cols)?;
            s.board = Some(lengths);
        }
        if s.kind == Kind::Chomp {
            if let Err(e) = Boards::new(s.rows, s.cols, chomp::MAX_DIRECT_BOARDS) {
                return Err(Error::Conflict {
                    key: "rows",
                    message: e.text(),
                });
            }
        }
        if let Some(v) = params.take("edges") {
            parse_arena(&v)?;
            s.edges = v;
        }
        if let Some(v) = params.take("player") {
            s.player = match v.as_str() {
                "1" => Player::One,
                "2" => Player::Two,
                _ => return Err(params.invalid("player", &v, ["1", "2"].into_iter())),
            };
        }
        if let Some(v) = params.take("step") {
            s.step = Some(whole("step", &v, 0, 10_000_000)? as u32);
        }
        Ok(s)
    }

    pub(crate) fn pairs(&self) -> Vec<(&'static str, String)> {
        let join = |v: &[usize]| v.iter().map(usize::to_string).collect::<Vec<_>>().join(",");
        let mut out = vec![("kind", self.kind.name().to_string())];
        match self.kind {
            Kind::Subtraction => {
                out.push(("sticks", self.sticks.to_string()));
                out.push(("take", join(&self.take)));
                out.push(("misere", if self.misere { "yes" } else { "no" }.to_string()));
            }
            Kind::Chomp => {
                out.push(("rows", self.rows.to_string()));
                out.push(("cols", self.cols.to_string()));
                if let Some(b) = &self.board {
                    out.push(("board", join(&b.iter().map(|&l| usize::from(l)).collect::<Vec<_>>())));
                }
            }
            Kind::Edges => out.push(("edges", self.edges.clone())),
        }
        if self.player == Player::Two {
            out.push(("player", "2".into()));
        }
        if let Some(step) = self.step {
            out.push(("step", step.to_string()));
        }
        out
    }

    /// The starting board of Chomp (the full bar unless `board` is given).
    pub fn start_board(&self) -> Vec<u8> {
        self.board.clone().unwrap_or_else(|| vec![self.cols as u8; self.rows])
    }
}

/// Everything computed for one arena scenario.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    pub kind: &'static str,
    pub vertices: usize,
    pub edges: usize,
    /// Sizes of the attractors of player 1 and player 2.
    pub attractor_sizes: [usize; 2],
    /// Vertices in neither: draws or endless plays.
    pub draws: usize,
    /// Largest rank in each attractor.
    pub max_rank: [u32; 2],
    /// `layers[p][k]`: vertices of rank k in player p + 1's attractor.
    pub layers: [Vec<usize>; 2],
    /// The start and who wins from it with best play (1, 2, or none: a draw).
    pub start: usize,
    pub start_label: String,
    pub winner: Option<u8>,
    /// Chomp: squares `[row, col]` (0-based from the poison) that win from the start.
    pub winning_first_moves: Vec<[usize; 2]>,
    /// The stick game: numbers of sticks that win from the start.
    pub winning_takes: Vec<usize>,
    /// A typed arena: the vertices player 1 may move to from the start and win.
    pub winning_targets: Vec<String>,
    /// Ranks in each attractor (null outside) and labels, for arenas of at most 2,000 vertices.
    pub ranks: Option<[Vec<Option<u32>>; 2]>,
    pub labels: Option<Vec<String>>,
    /// The seed's iteration gave the same ranks (checked up to 20,000 vertices).
    pub iteration_agrees: Option<bool>,
    /// Why there is no arena (Chomp bars beyond 10 × 10: first moves by direct recursion).
    pub note: Option<Text>,
}

/// A scenario's arena, with what names its vertices.
pub enum Built {
    Sticks(Arena),
    Chomp(ChompArena),
    Typed(TypedArena),
}

impl Built {
    pub fn arena(&self) -> &Arena {
        match self {
            Built::Sticks(a) => a,
            Built::Chomp(c) => &c.arena,
            Built::Typed(t) => &t.arena,
        }
    }

    /// A vertex as people read it: `9:J1` (sticks), `3,3,1:J2` (row lengths), or its typed name.
    pub fn label(&self, v: usize) -> String {
        match self {
            Built::Sticks(_) => {
                let (k, p) = stick_position(v);
                format!("{k}:J{}", p.number())
            }
            Built::Chomp(c) => {
                let b: Vec<String> = c.board(v).iter().map(u8::to_string).collect();
                format!("{}:J{}", b.join(","), c.arena.owner(v).number())
            }
            Built::Typed(t) => t.names[v].clone(),
        }
    }
}

/// The arena of a scenario.
///
/// # Errors
/// The builders' errors.
pub fn build(s: &Scenario) -> Result<Built, Error> {
    Ok(match s.kind {
        Kind::Subtraction => Built::Sticks(subtraction_arena(s.sticks, &s.take, s.misere)?),
        Kind::Chomp => Built::Chomp(chomp_arena(&s.start_board(), s.cols)?),
        Kind::Edges => Built::Typed(parse_arena(&s.edges)?),
    })
}

/// Computes an arena scenario.
///
/// # Errors
/// The builders' errors (except a Chomp bar too large for an arena, which
/// falls back to the direct recursion with a note).
pub fn analyse(s: &Scenario) -> Result<Analysis, Error> {
    analyse_full(s).map(|(a, _)| a)
}

/// [`analyse`], also returning the arena and its solution for drawing and play
/// (none when a Chomp bar is too large for an arena).
///
/// # Errors
/// As [`analyse`].
pub fn analyse_full(s: &Scenario) -> Result<(Analysis, Option<(Built, Solution)>), Error> {
    let built = match build(s) {
        Ok(b) => b,
        Err(Error::TooLarge(why)) if s.kind == Kind::Chomp => {
            let (boards, losing) = losing_boards(s.rows, s.cols)?;
            let start = s.start_board();
            let moves = winning_moves(&boards, &losing, &start);
            let a = Analysis {
                kind: s.kind.name(),
                vertices: 0,
                edges: 0,
                attractor_sizes: [0, 0],
                draws: 0,
                max_rank: [0, 0],
                layers: [Vec::new(), Vec::new()],
                start: 0,
                start_label: String::new(),
                winner: Some(if losing[boards.rank(&start)] { 2 } else { 1 }),
                winning_first_moves: moves,
                winning_takes: Vec::new(),
                winning_targets: Vec::new(),
                ranks: None,
                labels: None,
                iteration_agrees: None,
                note: Some(Text {
                    en: format!(
                        "{}: the first moves come from a direct recursion over the boards",
                        why.en
                    ),
                    fr: format!(
                        "{} : les premiers coups viennent d'une récursion directe sur les positions",
                        why.fr
                    ),
                }),
            };
            return Ok((a, None));
        }
        Err(e) => return Err(e),
    };
    let arena = built.arena();
    let label = |v: usize| built.label(v);
    let solution = solve(arena);
    let n = arena.len();
    let start = arena.start;
    let mine = &solution.attractors[0];
    let winning: Vec<usize> = if mine.contains(start) && arena.owner(start) == Player::One {
        arena
            .successors(start)
            .iter()
            .map(|&t| t as usize)
            // With cycles (typed arenas) a winning move lowers the rank: staying in
            // the attractor may loop forever. Sticks and Chomp always end.
            .filter(|&t| mine.contains(t) && (s.kind != Kind::Edges || mine.rank[t] < mine.rank[start]))
            .collect()
    } else {
        Vec::new()
    };
    let mut out = Analysis {
        kind: s.kind.name(),
        vertices: n,
        edges: arena.edge_count(),
        attractor_sizes: [solution.attractors[0].size, solution.attractors[1].size],
        draws: solution.draws,
        max_rank: [solution.attractors[0].max_rank, solution.attractors[1].max_rank],
        layers: [
            solution.attractors[0].layers.clone(),
            solution.attractors[1].layers.clone(),
        ],
        start,
        start_label: label(start),
        winner: solution.winner(start).map(Player::number),
        winning_first_moves: Vec::new(),
        winning_takes: Vec::new(),
        winning_targets: Vec::new(),
        ranks: None,
        labels: None,
        iteration_agrees: None,
        note: None,
    };
    match s.kind {
        Kind::Subtraction => {
            out.winning_takes = winning.iter().map(|&t| s.sticks - stick_position(t).0).collect();
        }
        Kind::Chomp => {
            let board = s.start_board();
            let Built::Chomp(c) = &built else {
                unreachable!("a Chomp scenario builds a Chomp arena")
            };
            out.winning_first_moves = Boards::moves(&board)
                .filter(|&(r, col)| {
                    let after = Boards::eat(&board, r, col);
                    c.vertex(&after, Player::Two).is_some_and(|v| mine.contains(v))
                })
                .map(|(r, col)| [r, col])
                .collect();
        }
        Kind::Edges => out.winning_targets = winning.iter().map(|&t| label(t)).collect(),
    }
    if n <= MAX_LISTED {
        let ranks = |p: usize| -> Vec<Option<u32>> {
            solution.attractors[p]
                .rank
                .iter()
                .map(|&r| (r != OUTSIDE).then_some(r))
                .collect()
        };
        out.ranks = Some([ranks(0), ranks(1)]);
        out.labels = Some((0..n).map(&label).collect());
    }
    if n <= 20_000 {
        out.iteration_agrees = Some(
            Player::BOTH
                .iter()
                .all(|&p| iterate(arena, p).rank == solution.attractors[p.index()].rank),
        );
    }
    Ok((out, Some((built, solution))))
}
