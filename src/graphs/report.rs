//! What an arena view shows: one report per kind of arena.

use super::layout;
use super::scenario::{Kind, Scenario, MAX_LISTED};
use crate::games::attractor::{iterate, solve, Solution, OUTSIDE};
use crate::games::chomp::{self, chomp_arena, losing_boards, winning_moves, Boards, ChompArena};
use crate::games::edges::{parse_arena, TypedArena};
use crate::games::graph::{Arena, Outcome, Player};
use crate::games::subtraction::{stick_position, subtraction_arena};
use crate::toolkit::{Error, Lang, Packed, Text};
use serde::Serialize;

/// Most moves of an arena the page draws (more would be a grey blur, and slow to lay out).
pub const MAX_DRAWN_EDGES: usize = 4_000;

/// Most vertices of a Chomp arena drawn board by board (4 × 5: 252 vertices);
/// beyond, the page shows the ranks in numbers.
pub const MAX_CHOMP_DRAWN: usize = 260;

/// Most vertices on which the seed's iteration is run as a check of the ranks.
pub const MAX_CHECKED: usize = 20_000;

/// The attractors of a built arena: what every kind with an arena reports.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Attractors {
    /// Vertices of the arena.
    pub vertices: usize,
    /// Moves of the arena.
    pub edges: usize,
    /// Sizes of the attractors of player 1 and player 2.
    pub attractor_sizes: [usize; 2],
    /// Vertices in neither: draws or endless plays.
    pub draws: usize,
    /// Largest rank in each attractor.
    pub max_rank: [u32; 2],
    /// `layers[p][k]`: vertices of rank k in player p + 1's attractor.
    pub layers: [Vec<usize>; 2],
    /// The start vertex.
    pub start: usize,
    /// Ranks in each attractor (null outside), for arenas of at most 2,000 vertices.
    pub ranks: Option<[Vec<Option<u32>>; 2]>,
    /// Vertex labels in English (`9:P1`), for arenas of at most 2,000 vertices.
    pub labels: Option<Vec<String>>,
    /// The seed's iteration gave the same ranks (checked up to 20,000 vertices).
    pub iteration_agrees: Option<bool>,
    /// What the page draws, for arenas of at most 2,000 vertices and 4,000 moves.
    pub drawing: Option<Drawing>,
}

/// A small arena as the page draws it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Drawing {
    /// The player to move at each vertex: 0 or 1.
    pub owner: Packed<u8>,
    /// Successors of `v`: `targets[offsets[v]..offsets[v + 1]]`.
    pub offsets: Packed<u32>,
    /// See `offsets`.
    pub targets: Packed<u32>,
    /// 0 for a vertex with moves; 1 or 2 a win of that player; 3 a draw.
    pub outcome: Packed<u8>,
    /// Each vertex's position without the player (`9`, `3,3,1`, `a`).
    pub positions: Vec<String>,
    /// Where each vertex is drawn, in grid units, and where each edge bends.
    pub layout: layout::Layout,
}

/// The stick game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Sticks {
    /// `"subtraction"`.
    pub kind: &'static str,
    /// The start's label (`9:P1`).
    pub start_label: String,
    /// The start without the player (`9`).
    pub start_position: String,
    /// Who wins from the start with best play (1 or 2).
    pub winner: Option<u8>,
    /// Numbers of sticks that win from the start.
    pub winning_takes: Vec<usize>,
    /// The attractors.
    #[serde(flatten)]
    pub arena: Attractors,
}

/// Chomp: from its arena up to 10 × 10, by a direct recursion over the boards beyond.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Chomp {
    /// `"chomp"`.
    pub kind: &'static str,
    /// `"arena"` (the attractors were computed) or `"direct"` (only who wins and the first moves).
    pub method: &'static str,
    /// Rows and columns of the box.
    pub rows: usize,
    /// See `rows`.
    pub cols: usize,
    /// Boards within the box, the empty one included: C(rows + cols, rows).
    pub boards: usize,
    /// The start's label (`4,4,4:P1`).
    pub start_label: String,
    /// The start without the player (`4,4,4`).
    pub start_position: String,
    /// Who wins from the start with best play (1 or 2).
    pub winner: Option<u8>,
    /// Squares `[row, col]` (0-based from the poison) that win from the start.
    pub winning_first_moves: Vec<[usize; 2]>,
    /// Why there is no arena (bars beyond 10 × 10).
    pub note: Option<Text>,
    /// Every vertex's board, for arenas of at most [`MAX_CHOMP_DRAWN`] vertices:
    /// the page draws them as small bars layered by rank (a graph of every move
    /// would be a tangle: each board has up to rows × cols moves).
    pub bars: Option<ChompBars>,
    /// [`MAX_CHOMP_DRAWN`], so that the page can say where drawing stops.
    pub bars_limit: usize,
    /// The attractors, when the arena was built.
    #[serde(flatten)]
    pub arena: Option<Attractors>,
}

/// Chomp's vertices as the page draws them: each board and, in each attractor,
/// the winning move of the vertex's owner.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChompBars {
    /// Row lengths of each vertex's board, the poisoned row first.
    pub boards: Vec<Vec<u8>>,
    /// The player to move at each vertex: 0 or 1.
    pub owner: Vec<u8>,
    /// `moves[p][v]`: in player p + 1's attractor, from p + 1's own vertex of
    /// rank > 0, the square `[row, col]` eaten by the strategy's move (to the
    /// successor of smallest rank); none elsewhere.
    pub moves: [Vec<Option<[usize; 2]>>; 2],
}

/// An arena typed by hand.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Typed {
    /// `"edges"`.
    pub kind: &'static str,
    /// The start's name.
    pub start_label: String,
    /// The start's name (as `start_label`: typed arenas name their own vertices).
    pub start_position: String,
    /// Who wins from the start with best play (1 or 2; none: a draw or an endless play).
    pub winner: Option<u8>,
    /// The vertices player 1 may move to from the start and win.
    pub winning_targets: Vec<String>,
    /// The attractors.
    #[serde(flatten)]
    pub arena: Attractors,
}

/// The report of an arena view: one variant per kind.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Report {
    /// The stick game.
    Subtraction(Sticks),
    /// Chomp.
    Chomp(Chomp),
    /// An arena typed by hand.
    Edges(Typed),
}

/// A scenario's arena, with what names its vertices.
pub enum Built {
    /// The stick game: vertex `2k + p` is k sticks with player p + 1 to move.
    Sticks(Arena),
    /// Chomp, by board rank.
    Chomp(ChompArena),
    /// An arena typed by hand, with its names.
    Typed(TypedArena),
}

impl Built {
    /// The arena.
    pub fn arena(&self) -> &Arena {
        match self {
            Built::Sticks(a) => a,
            Built::Chomp(c) => &c.arena,
            Built::Typed(t) => &t.arena,
        }
    }

    /// A vertex's position without the player: `9` (sticks), `3,3,1` (row lengths), its typed name.
    pub fn position(&self, v: usize) -> String {
        match self {
            Built::Sticks(_) => stick_position(v).0.to_string(),
            Built::Chomp(c) => c.board(v).iter().map(u8::to_string).collect::<Vec<_>>().join(","),
            Built::Typed(t) => t.names[v].clone(),
        }
    }

    /// A vertex as people read it in `lang`: `9:P1` (`9:J1` in French), `3,3,1:P2`, or its typed name.
    pub fn label(&self, v: usize, lang: Lang) -> String {
        if let Built::Typed(t) = self {
            t.names[v].clone()
        } else {
            let p = if lang == Lang::Fr { "J" } else { "P" };
            format!("{}:{p}{}", self.position(v), self.arena().owner(v).number())
        }
    }
}

/// The arena of a scenario.
///
/// # Errors
/// The builders' errors.
pub fn build(s: &Scenario) -> Result<Built, Error> {
    Ok(match s.kind {
        Kind::Subtraction => Built::Sticks(subtraction_arena(s.stick.sticks, &s.stick.take, s.stick.misere)?),
        Kind::Chomp => Built::Chomp(chomp_arena(&s.bar.start(), s.bar.cols)?),
        Kind::Edges => Built::Typed(parse_arena(&s.edges)?),
    })
}

/// The moves from the start that win for player 1 (with cycles, a winning
/// move lowers the rank: staying in the attractor may loop forever).
fn winning_from_start(arena: &Arena, solution: &Solution, strict: bool) -> Vec<usize> {
    let start = arena.start;
    let mine = &solution.attractors[0];
    if !mine.contains(start) || arena.owner(start) != Player::One {
        return Vec::new();
    }
    arena
        .successors(start)
        .iter()
        .map(|&t| t as usize)
        .filter(|&t| mine.contains(t) && (!strict || mine.rank[t] < mine.rank[start]))
        .collect()
}

fn attractors(built: &Built, solution: &Solution) -> Attractors {
    let arena = built.arena();
    let n = arena.len();
    let small = n <= MAX_LISTED;
    let ranks = |p: usize| -> Vec<Option<u32>> {
        solution.attractors[p]
            .rank
            .iter()
            .map(|&r| (r != OUTSIDE).then_some(r))
            .collect()
    };
    Attractors {
        vertices: n,
        edges: arena.edge_count(),
        attractor_sizes: [solution.attractors[0].size, solution.attractors[1].size],
        draws: solution.draws,
        max_rank: [solution.attractors[0].max_rank, solution.attractors[1].max_rank],
        layers: [
            solution.attractors[0].layers.clone(),
            solution.attractors[1].layers.clone(),
        ],
        start: arena.start,
        ranks: small.then(|| [ranks(0), ranks(1)]),
        labels: small.then(|| (0..n).map(|v| built.label(v, Lang::En)).collect()),
        iteration_agrees: (n <= MAX_CHECKED).then(|| {
            Player::BOTH
                .iter()
                .all(|&p| iterate(arena, p).rank == solution.attractors[p.index()].rank)
        }),
        drawing: if small && arena.edge_count() <= MAX_DRAWN_EDGES {
            drawing(built)
        } else {
            None
        },
    }
}

/// The square eaten to go from board `from` to board `to`: the lowest row that
/// shrank, at its new length.
fn eaten(from: &[u8], to: &[u8]) -> Option<[usize; 2]> {
    let row = (0..from.len()).find(|&r| to.get(r).copied().unwrap_or(0) < from[r])?;
    Some([row, usize::from(to.get(row).copied().unwrap_or(0))])
}

fn drawing(built: &Built) -> Option<Drawing> {
    // Chomp is drawn as bars by rank (`ChompBars`), not as a graph of its moves.
    if matches!(built, Built::Chomp(_)) {
        return None;
    }
    let arena = built.arena();
    let n = arena.len();
    let mut offsets = vec![0u32];
    let mut targets = Vec::new();
    for v in 0..n {
        targets.extend_from_slice(arena.successors(v));
        offsets.push(targets.len() as u32);
    }
    Some(Drawing {
        owner: (0..n).map(|v| arena.owner(v).index() as u8).collect::<Vec<_>>().into(),
        offsets: offsets.into(),
        targets: targets.into(),
        outcome: (0..n)
            .map(|v| match arena.outcome(v) {
                None => 0,
                Some(Outcome::Win(p)) => p.number(),
                Some(Outcome::Draw) => 3,
            })
            .collect::<Vec<_>>()
            .into(),
        positions: (0..n).map(|v| built.position(v)).collect(),
        layout: match built {
            Built::Sticks(a) => layout::sticks_layout(a),
            _ => layout::arena_layout(arena)?,
        },
    })
}

/// Computes an arena scenario.
///
/// # Errors
/// The builders' errors (except a Chomp bar too large for an arena, which
/// falls back to the direct recursion).
pub fn analyse(s: &Scenario) -> Result<Report, Error> {
    if s.kind == Kind::Chomp {
        return chomp_report(s);
    }
    let built = build(s)?;
    let arena = built.arena();
    let solution = solve(arena);
    let start = arena.start;
    let winner = solution.winner(start).map(Player::number);
    let start_label = built.label(start, Lang::En);
    let start_position = built.position(start);
    Ok(match s.kind {
        Kind::Subtraction => Report::Subtraction(Sticks {
            kind: "subtraction",
            start_label,
            start_position,
            winner,
            winning_takes: winning_from_start(arena, &solution, false)
                .into_iter()
                .map(|t| s.stick.sticks - stick_position(t).0)
                .collect(),
            arena: attractors(&built, &solution),
        }),
        _ => Report::Edges(Typed {
            kind: "edges",
            start_label,
            start_position,
            winner,
            winning_targets: winning_from_start(arena, &solution, true)
                .into_iter()
                .map(|t| built.position(t))
                .collect(),
            arena: attractors(&built, &solution),
        }),
    })
}

fn chomp_report(s: &Scenario) -> Result<Report, Error> {
    let board = s.bar.start();
    let position = |b: &[u8]| b.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
    let label = |b: &[u8]| format!("{}:P1", position(b));
    let boards = Boards::new(s.bar.rows, s.bar.cols, chomp::MAX_DIRECT_BOARDS)?.count();
    if boards > chomp::MAX_ARENA_BOARDS {
        let (boards, losing) = losing_boards(s.bar.rows, s.bar.cols)?;
        let lost = losing[boards.rank(&board)];
        return Ok(Report::Chomp(Chomp {
            kind: "chomp",
            method: "direct",
            rows: s.bar.rows,
            cols: s.bar.cols,
            boards: boards.count(),
            start_label: label(&board),
            start_position: position(&board),
            winner: Some(if lost { 2 } else { 1 }),
            winning_first_moves: winning_moves(&boards, &losing, &board),
            bars: None,
            bars_limit: MAX_CHOMP_DRAWN,
            note: Some(text!(
                "A {} × {} bar has {} boards: too many for an arena of vertices and moves in the page, \
                 so who wins and the winning first moves come from a direct recursion over the boards, \
                 without attractors",
                "Une tablette {} × {} a {} positions : trop pour une arène de sommets et de coups dans la page, \
                 donc le gagnant et les premiers coups gagnants viennent d'une récursion directe sur les positions, \
                 sans attracteurs",
                s.bar.rows,
                s.bar.cols,
                boards.count()
            )),
            arena: None,
        }));
    }
    let built = build(s)?;
    let Built::Chomp(c) = &built else {
        unreachable!("a Chomp scenario builds a Chomp arena")
    };
    let solution = solve(&c.arena);
    let mine = &solution.attractors[0];
    let winning_first_moves = Boards::moves(&board)
        .filter(|&(r, col)| {
            let after = Boards::eat(&board, r, col);
            c.vertex(&after, Player::Two).is_some_and(|v| mine.contains(v))
        })
        .map(|(r, col)| [r, col])
        .collect();
    let n = c.arena.len();
    let bars = (n <= MAX_CHOMP_DRAWN).then(|| {
        let boards: Vec<Vec<u8>> = (0..n).map(|v| c.board(v)).collect();
        let strategy = |p: usize| -> Vec<Option<[usize; 2]>> {
            let a = &solution.attractors[p];
            (0..n)
                .map(|v| {
                    if c.arena.owner(v).index() != p || !a.contains(v) || a.rank[v] == 0 {
                        return None;
                    }
                    let to = c
                        .arena
                        .successors(v)
                        .iter()
                        .map(|&t| t as usize)
                        .filter(|&t| a.contains(t))
                        .min_by_key(|&t| a.rank[t])?;
                    eaten(&boards[v], &boards[to])
                })
                .collect()
        };
        ChompBars {
            owner: (0..n).map(|v| c.arena.owner(v).index() as u8).collect(),
            moves: [strategy(0), strategy(1)],
            boards,
        }
    });
    Ok(Report::Chomp(Chomp {
        bars,
        bars_limit: MAX_CHOMP_DRAWN,
        kind: "chomp",
        method: "arena",
        rows: s.bar.rows,
        cols: s.bar.cols,
        boards,
        start_label: label(&board),
        start_position: position(&board),
        winner: solution.winner(c.arena.start).map(Player::number),
        winning_first_moves,
        note: None,
        arena: Some(attractors(&built, &solution)),
    }))
}
