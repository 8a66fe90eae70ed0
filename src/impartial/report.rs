//! What the impartial-games modes report (`super::modes` computes them; a new
//! mode may keep its report in its own module). The keys the CLI prints are
//! the issue's: `nim_sum`, `winning_moves`, `values`, `period`, `preperiod`,
//! `exceptions`, `proven`, `grundy`.

use super::nim::NimMove;
pub use super::octal::Largest;
use super::octal::{values_from, Method};
use super::period::{find_period, Periodicity};
use super::quotient::report::SumMove;
use super::scenario::Scenario;
use super::solitaire::Jump;
use super::sum::SumValue;
use super::table::Status;
use crate::toolkit::{Error, Packed, Progress, Text};
use serde::Serialize;

/// Nim: the seed's binary sum and the winning moves.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NimReport {
    /// `"nim"`.
    pub mode: &'static str,
    /// The heaps.
    pub heaps: Vec<u64>,
    /// The nim-sum.
    pub nim_sum: u64,
    /// The value (the nim-sum, capped at 65,535).
    pub grundy: u16,
    /// Every winning move.
    pub winning_moves: Vec<NimMove>,
    /// The heaps and the nim-sum in binary, aligned.
    pub binary: Vec<String>,
}

/// The values of heaps 0..=n of a heap game, and their period.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ValuesReport {
    /// `"octal"` or `"subtraction"`.
    pub mode: &'static str,
    /// The octal code or the take set, as the link writes it.
    pub game: String,
    /// G(0), …, G(n).
    pub values: Packed<u16>,
    /// G(n).
    pub grundy: u16,
    /// The period, when one was found.
    pub period: Option<usize>,
    /// The pre-period.
    pub preperiod: Option<usize>,
    /// Heaps below the pre-period whose value differs from the periodic one.
    pub exceptions: Vec<usize>,
    /// Whether the period is proven (Guy–Smith).
    pub proven: bool,
    /// Solved, unsolved or trivial, as the table of octal games says it.
    pub status: Status,
    /// The t of the Guy–Smith theorem; `None` when no theorem applies
    /// (Grundy's game), so that no period is ever proven.
    pub theorem_t: Option<usize>,
    /// The whole periodicity, when found.
    pub periodicity: Option<Periodicity>,
    /// Heaps computed one by one (the rest followed from a proven period).
    pub computed: Option<usize>,
    /// The sparse space of an octal game, as the published tables give it.
    pub rare: Option<Rare>,
    /// The largest value, and the first heap where it occurs.
    pub largest: Largest,
}

/// The sparse space of an octal game: heap n is *rare* when the parity of
/// `G(n) & mask` (plus n's, if `by_position`) is even, or odd if `odd`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Rare {
    /// The mask of the sparse space.
    pub mask: u16,
    /// Whether the class also depends on the parity of the heap.
    pub by_position: bool,
    /// Whether the rare class is the odd parity.
    pub odd: bool,
    /// Rare heaps among those computed one by one, heap 0 included (as the
    /// published tables count them).
    pub count: usize,
    /// The last rare heap within the range computed.
    pub last: Option<usize>,
}

/// A graph game's result: the value of each component and the winning moves.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GraphResult {
    /// Vertices of the graph.
    pub vertices: usize,
    /// Its edges.
    pub edges: Vec<(usize, usize)>,
    /// Vertices of each component, and its value.
    pub components: Vec<(Vec<usize>, u16)>,
    /// The vertices whose removal wins.
    pub winning_vertices: Vec<usize>,
    /// The colouring game's value by its own rules (small graphs), equal to node-Kayles.
    pub colouring: Option<u16>,
    /// Positions memoised by the search.
    pub positions_memoised: usize,
    /// Most vertices a graph may have (the editor's limit).
    pub max_vertices: usize,
    /// Where to draw each vertex (a standard drawing for presets, a circle otherwise).
    pub x: Vec<f64>,
    /// See `x`.
    pub y: Vec<f64>,
}

/// Node-Kayles or the colouring game on a graph.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GraphReport {
    /// `"graph"`.
    pub mode: &'static str,
    /// The value of the whole graph.
    pub grundy: u16,
    /// The graph and its components.
    pub graph: GraphResult,
}

/// A sum of games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SumReport {
    /// `"sum"`.
    pub mode: &'static str,
    /// The value of the sum.
    pub grundy: u16,
    /// The sum, component by component.
    pub sum: SumValue,
    /// The sum compared with, when given.
    pub other: Option<SumValue>,
    /// Whether the two have the same value.
    pub equivalent: Option<bool>,
}

/// Misère play.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MisereReport {
    /// `"misere"`.
    pub mode: &'static str,
    /// `"nim"`, `"octal"` or `"graph"`.
    pub of: &'static str,
    /// Whether the player to move loses.
    pub loses: bool,
    /// The winning moves, in words.
    pub misere_winning: Vec<Text>,
    /// How the outcome was found: `"rule"` (misère Nim), `"search"`
    /// (exhaustive) or `"quotient"` (an octal sum of more than 40 tokens).
    pub method: &'static str,
    /// The winning moves, whatever answered (the rule, the search or the
    /// quotient): the heap moved in and the heaps it leaves (none: taken
    /// whole). Empty for a graph, whose moves are its `winning_vertices`.
    pub winning_moves: Vec<SumMove>,
    /// The graph, for a misère graph.
    pub graph: Option<GraphResult>,
}

/// Two-player peg solitaire on a line.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SolitaireResult {
    /// The line as typed.
    pub line: String,
    /// Its holes.
    pub holes: usize,
    /// Whether the player to move loses.
    pub loses: bool,
    /// The winning jumps.
    pub winning_jumps: Vec<Jump>,
    /// For lines of 1..=20 holes: (holes, lost configurations, lost one-hole configurations by hole).
    pub table: Vec<(usize, usize, Vec<bool>)>,
}

/// Peg solitaire.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SolitaireReport {
    /// `"solitaire"`.
    pub mode: &'static str,
    /// The line's analysis.
    pub solitaire: SolitaireResult,
}

/// The values report of an octal or a subtraction game.
pub(crate) fn values_report(
    mode: &'static str,
    game: String,
    g: Vec<u16>,
    t: Option<usize>,
    method: Option<Method>,
) -> ValuesReport {
    let p = find_period(&g, t);
    let largest = Largest::of(&g);
    ValuesReport {
        computed: method.as_ref().map(|m| m.computed),
        rare: method.filter(|m| m.mask != 0).map(|m| Rare {
            mask: m.mask,
            by_position: m.by_position,
            odd: m.flip,
            count: m.rare_positions,
            last: m.last_rare,
        }),
        largest,
        mode,
        game,
        grundy: g.last().copied().unwrap_or(0),
        period: p.as_ref().map(|p| p.period),
        preperiod: p.as_ref().map(|p| p.preperiod),
        exceptions: p.as_ref().map(|p| p.exceptions.clone()).unwrap_or_default(),
        proven: p.as_ref().is_some_and(|p| p.proven),
        status: Status::of(p.as_ref().is_some_and(|p| p.proven), largest.value),
        theorem_t: t,
        periodicity: p,
        values: Packed(g),
    }
}

/// An octal game's values to `s.up_to`, resuming from the values `known`
/// (a checkpoint, checked) and handing `checkpoint` the values computed so far
/// now and then (see [`super::octal::values_from`]).
///
/// # Errors
/// The engine's: a bound beyond its limit, a checkpoint of another game.
pub fn octal_report(
    s: &Scenario,
    known: Vec<u16>,
    progress: Progress,
    checkpoint: &mut dyn FnMut(&[u16]),
) -> Result<ValuesReport, Error> {
    let (g, method) = values_from(&s.code, s.up_to, known, progress, checkpoint)?;
    Ok(values_report(
        "octal",
        s.code.to_string(),
        g,
        s.code.theorem_t(),
        Some(method),
    ))
}
