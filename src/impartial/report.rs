//! What an impartial-games view shows: one report per mode. The keys the CLI
//! prints are the issue's: `nim_sum`, `winning_moves`, `values`, `period`,
//! `preperiod`, `exceptions`, `proven`, `grundy`.

use super::graph::{colouring_value, NodeKayles};
use super::misere::{misere_graph, misere_octal_loses};
use super::nim::{binary_rows, misere_nim_loses, nim_sum, winning_moves, NimMove};
pub use super::octal::Largest;
use super::octal::{values_from, Method};
use super::period::{find_period, Periodicity};
use super::quotient::report::{quotient_report, sum_moves, QuotientReport, SumMove};
use super::quotient::Quotient;
use super::scenario::{MisereOf, Mode, Scenario};
use super::solitaire::{Jump, Solitaire, MAX_HOLES};
use super::subtraction::subtraction_values;
use super::sum::{parse_sum, sum_value, SumValue};
use super::table::{table, Status, TableReport};
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
    /// The winning moves of an octal sum answered by its quotient.
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

/// The report of an impartial-games view: one variant per mode.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Report {
    /// Nim.
    Nim(NimReport),
    /// An octal game.
    Octal(ValuesReport),
    /// A subtraction game.
    Subtraction(ValuesReport),
    /// A graph game.
    Graph(GraphReport),
    /// A sum.
    Sum(SumReport),
    /// Misère play.
    Misere(MisereReport),
    /// A misère quotient and a sum by it.
    Quotient(Box<QuotientReport>),
    /// Peg solitaire.
    Solitaire(SolitaireReport),
    /// The table of octal codes.
    Table(TableReport),
}

fn values_report(
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

/// Computes an impartial-games scenario.
///
/// # Errors
/// The solvers' errors.
pub fn analyse(s: &Scenario, progress: Progress) -> Result<Report, Error> {
    Ok(match s.mode {
        Mode::Nim => {
            let sum = nim_sum(&s.heaps);
            Report::Nim(NimReport {
                mode: "nim",
                heaps: s.heaps.clone(),
                nim_sum: sum,
                grundy: sum.min(u64::from(u16::MAX)) as u16,
                winning_moves: winning_moves(&s.heaps),
                binary: binary_rows(&s.heaps),
            })
        }
        Mode::Octal => Report::Octal(octal_report(s, Vec::new(), progress, &mut |_| {})?),
        Mode::Subtraction => {
            let g = subtraction_values(&s.set, s.up_to)?;
            let set = s.set.iter().map(usize::to_string).collect::<Vec<_>>().join(",");
            Report::Subtraction(values_report(
                "subtraction",
                set,
                g,
                Some(s.set.iter().copied().max().unwrap_or(1)),
                None,
            ))
        }
        Mode::Graph => {
            let g = &s.graph;
            let mut solver = NodeKayles::new(g);
            let all = g.all();
            let components = g
                .components(all)
                .into_iter()
                .map(|c| (super::graph::bits(c).collect(), solver.component(c)))
                .collect();
            let value = solver.value(all);
            if solver.exhausted() {
                return Err(Error::too_large(
                    text!(
                        "this graph needs more than {} positions in memory; try fewer vertices or more edges",
                        "ce graphe demande plus de {} positions en mémoire ; essayez moins de sommets ou plus d'arêtes",
                        super::graph::MAX_MEMO
                    ),
                    None,
                    super::graph::MAX_MEMO as u64,
                ));
            }
            let (x, y) = g.drawing(&s.graph_text);
            Report::Graph(GraphReport {
                mode: "graph",
                grundy: value,
                graph: GraphResult {
                    vertices: g.len(),
                    edges: g.edges(),
                    components,
                    winning_vertices: solver.winning_moves(all),
                    colouring: if g.len() <= 16 { Some(colouring_value(g)?) } else { None },
                    positions_memoised: solver.memoised(),
                    max_vertices: super::graph::MAX_VERTICES,
                    x,
                    y,
                },
            })
        }
        Mode::Sum => {
            let first = sum_value(&parse_sum(&s.sum)?)?;
            let other = s
                .other
                .as_ref()
                .map(|o| parse_sum(o).and_then(|c| sum_value(&c)))
                .transpose()?;
            Report::Sum(SumReport {
                mode: "sum",
                grundy: first.total,
                equivalent: other.as_ref().map(|o| o.total == first.total),
                other,
                sum: first,
            })
        }
        Mode::Misere if s.of == MisereOf::Quotient => {
            let q = Quotient::cached(&s.code, s.heap_limit, progress)?;
            Report::Quotient(Box::new(quotient_report(&q, s.heap_limit, &s.heaps)?))
        }
        Mode::Misere => misere(s, progress)?,
        Mode::Table => Report::Table(table(s.digits, s.up_to, progress)?),
        Mode::Solitaire => {
            let (n, c) = Solitaire::parse(&s.line)?;
            let mut table = Vec::new();
            let mut mine = None;
            for holes in 1..=MAX_HOLES {
                let sol = Solitaire::new(holes)?;
                table.push((holes, sol.lost_count(), sol.one_hole()));
                if holes == n {
                    mine = Some((sol.loses(c), sol.winning_jumps(c)));
                }
                progress(holes as f64 / MAX_HOLES as f64, &[]);
            }
            let (loses, winning_jumps) = mine.expect("the line's own length is in 1..=20");
            Report::Solitaire(SolitaireReport {
                mode: "solitaire",
                solitaire: SolitaireResult {
                    line: s.line.clone(),
                    holes: n,
                    loses,
                    winning_jumps,
                    table,
                },
            })
        }
    })
}

fn misere(s: &Scenario, progress: Progress) -> Result<Report, Error> {
    let mut misere_winning = Vec::new();
    let mut graph = None;
    let mut method = "search";
    let mut quotient_moves = Vec::new();
    let loses = match s.of {
        MisereOf::Quotient => unreachable!("analysed as a quotient"),
        MisereOf::Nim => {
            method = "rule";
            let total = nim_sum(&s.heaps);
            for (i, &h) in s.heaps.iter().enumerate() {
                // By Bouton's rule a move loses for the opponent only when it leaves a
                // nim-sum of 0 or heaps of 0 and 1 alone: so only `h ⊕ (others' sum)`,
                // 0 and 1 need trying, not every size below h (heaps reach 10⁹).
                let mut tries = vec![total ^ h, 0, 1];
                tries.sort_unstable();
                tries.dedup();
                for to in tries.into_iter().filter(|&to| to < h) {
                    let mut after = s.heaps.clone();
                    after[i] = to;
                    if after.iter().any(|&x| x > 0) && misere_nim_loses(&after) {
                        misere_winning.push(text!("heap {i}: {h} → {to}", "tas {i} : {h} → {to}"));
                    }
                }
            }
            misere_nim_loses(&s.heaps)
        }
        MisereOf::Octal if s.heaps.iter().sum::<u64>() > super::misere::MAX_MISERE_TOKENS as u64 => {
            // Too many tokens to search: the quotient of heaps up to the largest answers.
            let largest = s.heaps.iter().copied().max().unwrap_or(0) as usize;
            let q = Quotient::cached(&s.code, largest, progress)?;
            let (_, loses, moves) = sum_moves(&q, &s.heaps)?;
            method = "quotient";
            misere_winning = moves.iter().map(SumMove::text).collect();
            quotient_moves = moves;
            loses
        }
        MisereOf::Octal => {
            let heaps: Vec<u16> = s.heaps.iter().map(|&h| h as u16).collect();
            let mut sorted: Vec<u16> = heaps.iter().copied().filter(|&h| h > 0).collect();
            sorted.sort_unstable();
            for option in super::misere::octal_options(&s.code, &sorted) {
                if misere_octal_loses(&s.code, &option)? {
                    let text: Vec<String> = option.iter().map(u16::to_string).collect();
                    misere_winning.push(if text.is_empty() {
                        text!("leave no heap", "ne laisser aucun tas")
                    } else {
                        text!("leave heaps {}", "laisser les tas {}", text.join(", "))
                    });
                }
            }
            misere_octal_loses(&s.code, &heaps)?
        }
        MisereOf::Graph => {
            let (loses, moves) = misere_graph(&s.graph)?;
            let (x, y) = s.graph.drawing(&s.graph_text);
            // For the drawing: the graph, its winning moves, no normal-play values.
            graph = Some(GraphResult {
                vertices: s.graph.len(),
                edges: s.graph.edges(),
                components: Vec::new(),
                winning_vertices: moves.clone(),
                colouring: None,
                positions_memoised: 0,
                max_vertices: super::graph::MAX_VERTICES,
                x,
                y,
            });
            misere_winning = moves
                .into_iter()
                .map(|v| {
                    text!(
                        "remove vertex {v} and its neighbours",
                        "retirer le sommet {v} et ses voisins"
                    )
                })
                .collect();
            loses
        }
    };
    Ok(Report::Misere(MisereReport {
        mode: "misere",
        of: s.of.name(),
        loses,
        misere_winning,
        method,
        winning_moves: quotient_moves,
        graph,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::scenario::Scenario;

    /// The misère Nim moves found from Bouton's rule are those an exhaustive look finds.
    #[test]
    fn misere_nim_winning_moves_match_trying_every_size() {
        for heaps in [
            vec![1, 2, 3],
            vec![1, 1, 1],
            vec![5, 5],
            vec![7, 0, 3, 1],
            vec![2],
            vec![1],
            vec![6, 6, 1, 1, 2],
        ] {
            let s = Scenario {
                mode: Mode::Misere,
                of: MisereOf::Nim,
                heaps: heaps.clone(),
                ..Scenario::default()
            };
            let Report::Misere(r) = analyse(&s, &mut |_, _| {}).unwrap() else {
                panic!("a misère report")
            };
            let mut every = Vec::new();
            for (i, &h) in heaps.iter().enumerate() {
                for to in 0..h {
                    let mut after = heaps.clone();
                    after[i] = to;
                    if after.iter().any(|&x| x > 0) && misere_nim_loses(&after) {
                        every.push(format!("heap {i}: {h} → {to}"));
                    }
                }
            }
            let found: Vec<String> = r.misere_winning.iter().map(|t| t.en.clone()).collect();
            assert_eq!(found, every, "{heaps:?}");
        }
    }
}
