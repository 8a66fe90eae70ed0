//! The impartial-games scenario: `mode` (`nim`, `octal`, `subtraction`, `graph`,
//! `sum`, `misere`, `solitaire`) and its keys: `heaps`; `code`, `up_to`; `set`;
//! `edges` or `preset`, `rule`; `sum`, `other`; `of`; `line`.

use super::graph::{colouring_value, Graph, NodeKayles};
use super::misere::{misere_graph, misere_octal_loses};
use super::nim::{binary_rows, misere_nim_loses, nim_sum, winning_moves, NimMove};
use super::octal::{values, OctalCode};
use super::period::{find_period, Periodicity};
use super::solitaire::{Jump, Solitaire, MAX_HOLES};
use super::subtraction::subtraction_values;
use super::sum::{parse_sum, sum_value, SumValue};
use crate::scenario::{number_list, whole, Params};
use crate::{Error, Progress, Text};
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    Nim,
    Octal,
    Subtraction,
    Graph,
    Sum,
    Misere,
    Solitaire,
}

impl Mode {
    pub const ALL: [Mode; 7] = [
        Mode::Nim,
        Mode::Octal,
        Mode::Subtraction,
        Mode::Graph,
        Mode::Sum,
        Mode::Misere,
        Mode::Solitaire,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Mode::Nim => "nim",
            Mode::Octal => "octal",
            Mode::Subtraction => "subtraction",
            Mode::Graph => "graph",
            Mode::Sum => "sum",
            Mode::Misere => "misere",
            Mode::Solitaire => "solitaire",
        }
    }
}

/// What a misère position is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MisereOf {
    Nim,
    Octal,
    Graph,
}

/// Most heaps of a Nim position, the largest heap, and values computed in the page.
pub const MAX_HEAPS: usize = 40;
pub const MAX_NIM_HEAP: u64 = 1_000_000_000;
pub const MAX_UP_TO: usize = 1_000_000;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scenario {
    pub mode: Mode,
    pub heaps: Vec<u64>,
    pub code: OctalCode,
    pub up_to: usize,
    pub set: Vec<usize>,
    /// The drawn graph (edges or a preset), and the game played on it.
    pub graph: Graph,
    pub graph_text: String,
    pub colouring: bool,
    pub sum: String,
    pub other: Option<String>,
    pub of: MisereOf,
    pub line: String,
}

pub const DEFAULT_GRAPH: &str = "path:7";

impl Default for Scenario {
    /// The seed's Nim example.
    fn default() -> Self {
        Scenario {
            mode: Mode::Nim,
            heaps: vec![8, 8, 7, 7, 7, 6, 4, 4, 4, 2, 1],
            code: OctalCode::parse("0.77").expect("Kayles"),
            up_to: 200,
            set: vec![1, 2, 3],
            graph: Graph::preset(DEFAULT_GRAPH).expect("a preset"),
            graph_text: DEFAULT_GRAPH.into(),
            colouring: false,
            sum: "nim 3; 0.77 10; path:5".into(),
            other: None,
            of: MisereOf::Octal,
            line: "1101101".into(),
        }
    }
}

impl Scenario {
    pub const KEYS: &'static [&'static str] = &[
        "mode", "heaps", "code", "up_to", "set", "edges", "preset", "rule", "sum", "other", "of", "line",
    ];

    pub(crate) fn from_params(params: &mut Params) -> Result<Self, Error> {
        let mut s = Scenario::default();
        if let Some(x) = params.choice("mode", &Mode::ALL, Mode::name)? {
            s.mode = x;
        }
        if let Some(v) = params.take("heaps") {
            s.heaps = number_list("heaps", &v, 0, MAX_NIM_HEAP, MAX_HEAPS)?;
        }
        if let Some(v) = params.take("code") {
            s.code = OctalCode::parse(&v)?;
        }
        if let Some(v) = params.take("up_to") {
            s.up_to = whole("up_to", &v, 1, MAX_UP_TO as u64)? as usize;
        }
        if let Some(v) = params.take("set") {
            let mut set = number_list("set", &v, 1, super::subtraction::MAX_TAKE, super::subtraction::MAX_SET)?;
            set.sort_unstable();
            set.dedup();
            s.set = set;
        }
        match (params.take("edges"), params.take("preset")) {
            (Some(_), Some(_)) => {
                return Err(Error::Conflict {
                    key: "preset",
                    message: text!(
                        "give the graph by its edges or by a preset, not both",
                        "donnez le graphe par ses arêtes ou par un préréglage, pas les deux"
                    ),
                })
            }
            (Some(e), None) => {
                s.graph = Graph::parse(&e)?;
                s.graph_text = e;
            }
            (None, Some(p)) => {
                s.graph = Graph::preset(&p)?;
                s.graph_text = p;
            }
            (None, None) => {}
        }
        if let Some(v) = params.take("rule") {
            s.colouring = match v.as_str() {
                "node-kayles" => false,
                "colouring" => true,
                _ => return Err(params.invalid("rule", &v, ["node-kayles", "colouring"].into_iter())),
            };
        }
        if let Some(v) = params.take("sum") {
            parse_sum(&v)?;
            s.sum = v;
        }
        if let Some(v) = params.take("other") {
            parse_sum(&v).map_err(|e| match e {
                Error::InvalidValue { value, expected, .. } => Error::InvalidValue {
                    key: "other",
                    value,
                    expected,
                },
                e => e,
            })?;
            s.other = Some(v);
        }
        if let Some(v) = params.take("of") {
            s.of = match v.as_str() {
                "nim" => MisereOf::Nim,
                "octal" => MisereOf::Octal,
                "graph" => MisereOf::Graph,
                _ => return Err(params.invalid("of", &v, ["nim", "octal", "graph"].into_iter())),
            };
        }
        if let Some(v) = params.take("line") {
            Solitaire::parse(&v)?;
            s.line = v;
        }
        if s.mode == Mode::Misere && s.of == MisereOf::Octal {
            let total: u64 = s.heaps.iter().sum();
            if total > super::misere::MAX_MISERE_TOKENS as u64 {
                return Err(Error::Conflict {
                    key: "heaps",
                    message: text!(
                        "misère play is searched exhaustively: at most {} tokens in all (these heaps hold {total})",
                        "le jeu misère est cherché exhaustivement : au plus {} jetons en tout (ces tas en ont {total})",
                        super::misere::MAX_MISERE_TOKENS
                    ),
                });
            }
        }
        Ok(s)
    }

    pub(crate) fn pairs(&self) -> Vec<(&'static str, String)> {
        let join = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        let graph_key = if Graph::preset(&self.graph_text).is_ok() {
            "preset"
        } else {
            "edges"
        };
        let mut out = vec![("mode", self.mode.name().to_string())];
        match self.mode {
            Mode::Nim => out.push(("heaps", join(&self.heaps))),
            Mode::Octal => {
                out.push(("code", self.code.to_string()));
                out.push(("up_to", self.up_to.to_string()));
            }
            Mode::Subtraction => {
                out.push(("set", join(&self.set.iter().map(|&x| x as u64).collect::<Vec<_>>())));
                out.push(("up_to", self.up_to.to_string()));
            }
            Mode::Graph => {
                out.push((graph_key, self.graph_text.clone()));
                if self.colouring {
                    out.push(("rule", "colouring".into()));
                }
            }
            Mode::Sum => {
                out.push(("sum", self.sum.clone()));
                if let Some(o) = &self.other {
                    out.push(("other", o.clone()));
                }
            }
            Mode::Misere => {
                let of = match self.of {
                    MisereOf::Nim => "nim",
                    MisereOf::Octal => "octal",
                    MisereOf::Graph => "graph",
                };
                out.push(("of", of.into()));
                match self.of {
                    MisereOf::Nim => out.push(("heaps", join(&self.heaps))),
                    MisereOf::Octal => {
                        out.push(("code", self.code.to_string()));
                        out.push(("heaps", join(&self.heaps)));
                    }
                    MisereOf::Graph => out.push((graph_key, self.graph_text.clone())),
                }
            }
            Mode::Solitaire => out.push(("line", self.line.clone())),
        }
        out
    }
}

/// A graph game's result: the value of each component and the winning moves.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GraphResult {
    pub vertices: usize,
    pub edges: Vec<(usize, usize)>,
    /// Vertices of each component, and its value.
    pub components: Vec<(Vec<usize>, u16)>,
    pub winning_vertices: Vec<usize>,
    /// The colouring game's value by its own rules (small graphs), equal to node-Kayles.
    pub colouring: Option<u16>,
    pub positions_memoised: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SolitaireResult {
    pub line: String,
    pub holes: usize,
    pub loses: bool,
    pub winning_jumps: Vec<Jump>,
    /// For lines of 1..=20 holes: (holes, lost configurations, lost one-hole configurations by hole).
    pub table: Vec<(usize, usize, Vec<bool>)>,
}

/// Everything computed for one impartial-games scenario. The keys the CLI prints
/// are the issue's: `nim_sum`, `winning_moves`, `values`, `period`, `preperiod`,
/// `exceptions`, `proven`, `grundy`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    pub mode: &'static str,
    pub grundy: Option<u16>,
    pub nim_sum: Option<u64>,
    pub winning_moves: Vec<NimMove>,
    pub binary: Vec<String>,
    pub values: Vec<u16>,
    pub period: Option<usize>,
    pub preperiod: Option<usize>,
    pub exceptions: Vec<usize>,
    pub proven: Option<bool>,
    pub periodicity: Option<Periodicity>,
    /// Heaps computed one by one (the rest followed from a proven period).
    pub computed: Option<usize>,
    pub graph: Option<GraphResult>,
    pub sum: Option<SumValue>,
    pub other: Option<SumValue>,
    pub equivalent: Option<bool>,
    /// Misère: whether the player to move loses.
    pub loses: Option<bool>,
    pub misere_winning: Vec<Text>,
    pub solitaire: Option<SolitaireResult>,
}

/// Computes an impartial-games scenario.
///
/// # Errors
/// The solvers' errors.
pub fn analyse(s: &Scenario, progress: Progress) -> Result<Analysis, Error> {
    let mut a = Analysis {
        mode: s.mode.name(),
        grundy: None,
        nim_sum: None,
        winning_moves: Vec::new(),
        binary: Vec::new(),
        values: Vec::new(),
        period: None,
        preperiod: None,
        exceptions: Vec::new(),
        proven: None,
        periodicity: None,
        computed: None,
        graph: None,
        sum: None,
        other: None,
        equivalent: None,
        loses: None,
        misere_winning: Vec::new(),
        solitaire: None,
    };
    let period = |a: &mut Analysis, g: &[u16], t: usize| {
        if let Some(p) = find_period(g, t) {
            a.period = Some(p.period);
            a.preperiod = Some(p.preperiod);
            a.exceptions = p.exceptions.clone();
            a.proven = Some(p.proven);
            a.periodicity = Some(p);
        } else {
            a.proven = Some(false);
        }
    };
    match s.mode {
        Mode::Nim => {
            let sum = nim_sum(&s.heaps);
            a.nim_sum = Some(sum);
            a.grundy = Some(sum.min(u64::from(u16::MAX)) as u16);
            a.winning_moves = winning_moves(&s.heaps);
            a.binary = binary_rows(&s.heaps);
        }
        Mode::Octal => {
            let (g, method) = values(&s.code, s.up_to, progress)?;
            a.computed = Some(method.computed);
            period(&mut a, &g, s.code.max_removal());
            a.grundy = g.last().copied();
            a.values = g;
        }
        Mode::Subtraction => {
            let g = subtraction_values(&s.set, s.up_to)?;
            period(&mut a, &g, s.set.iter().copied().max().unwrap_or(1));
            a.grundy = g.last().copied();
            a.values = g;
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
                return Err(Error::TooLarge(text!(
                    "this graph needs more than {} positions in memory; try fewer vertices or more edges",
                    "ce graphe demande plus de {} positions en mémoire ; essayez moins de sommets ou plus d'arêtes",
                    super::graph::MAX_MEMO
                )));
            }
            a.grundy = Some(value);
            a.graph = Some(GraphResult {
                vertices: g.len(),
                edges: g.edges(),
                components,
                winning_vertices: solver.winning_moves(all),
                colouring: if g.len() <= 16 { Some(colouring_value(g)?) } else { None },
                positions_memoised: solver.memoised(),
            });
        }
        Mode::Sum => {
            let first = sum_value(&parse_sum(&s.sum)?)?;
            a.grundy = Some(first.total);
            if let Some(o) = &s.other {
                let second = sum_value(&parse_sum(o)?)?;
                a.equivalent = Some(second.total == first.total);
                a.other = Some(second);
            }
            a.sum = Some(first);
        }
        Mode::Misere => match s.of {
            MisereOf::Nim => {
                a.loses = Some(misere_nim_loses(&s.heaps));
                for (i, &h) in s.heaps.iter().enumerate() {
                    for to in 0..h {
                        let mut after = s.heaps.clone();
                        after[i] = to;
                        if after.iter().any(|&x| x > 0) && misere_nim_loses(&after) {
                            a.misere_winning
                                .push(text!("heap {i}: {h} → {to}", "tas {i} : {h} → {to}"));
                        }
                    }
                }
            }
            MisereOf::Octal => {
                let heaps: Vec<u16> = s.heaps.iter().map(|&h| h as u16).collect();
                a.loses = Some(misere_octal_loses(&s.code, &heaps)?);
                let mut sorted: Vec<u16> = heaps.iter().copied().filter(|&h| h > 0).collect();
                sorted.sort_unstable();
                for option in super::misere::octal_options(&s.code, &sorted) {
                    if misere_octal_loses(&s.code, &option)? {
                        let text: Vec<String> = option.iter().map(u16::to_string).collect();
                        a.misere_winning.push(if text.is_empty() {
                            text!("leave no heap", "ne laisser aucun tas")
                        } else {
                            text!("leave heaps {}", "laisser les tas {}", text.join(", "))
                        });
                    }
                }
            }
            MisereOf::Graph => {
                let (loses, moves) = misere_graph(&s.graph)?;
                a.loses = Some(loses);
                // For the drawing: the graph, its winning moves, no normal-play values.
                a.graph = Some(GraphResult {
                    vertices: s.graph.len(),
                    edges: s.graph.edges(),
                    components: Vec::new(),
                    winning_vertices: moves.clone(),
                    colouring: None,
                    positions_memoised: 0,
                });
                a.misere_winning = moves
                    .into_iter()
                    .map(|v| {
                        text!(
                            "remove vertex {v} and its neighbours",
                            "retirer le sommet {v} et ses voisins"
                        )
                    })
                    .collect();
            }
        },
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
                progress(holes as f64 / MAX_HOLES as f64);
            }
            let (loses, winning_jumps) = mine.expect("the line's own length is in 1..=20");
            a.solitaire = Some(SolitaireResult {
                line: s.line.clone(),
                holes: n,
                loses,
                winning_jumps,
                table,
            });
        }
    }
    Ok(a)
}
