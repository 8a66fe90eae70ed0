//! The impartial-games scenario: `mode` (`nim`, `octal`, `subtraction`, `graph`,
//! `sum`, `misere`, `solitaire`, `table`) and its keys: `heaps`; `code`, `up_to`;
//! `set`; `edges` or `preset`, `rule`; `sum`, `other`; `of`, `heap_limit`; `line`; `digits`.

use super::graph::Graph;
use super::octal::OctalCode;
use super::solitaire::Solitaire;
use super::sum::parse_sum;
use crate::toolkit::{field, Error, Field, Label, Params};

/// What the impartial-games view computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Nim: the nim-sum and the winning moves, and play.
    Nim,
    /// An octal game by code: values, period, proof.
    Octal,
    /// A subtraction game: values and period.
    Subtraction,
    /// Node-Kayles (or the colouring game) on a graph.
    Graph,
    /// A sum of games, and whether two sums are equivalent.
    Sum,
    /// Misère play by exhaustive search.
    Misere,
    /// Two-player peg solitaire on a line.
    Solitaire,
    /// The table of every octal code with up to `digits` digits.
    Table,
}

impl Mode {
    /// Every mode, in menu order.
    pub const ALL: [Mode; 8] = [
        Mode::Nim,
        Mode::Octal,
        Mode::Subtraction,
        Mode::Graph,
        Mode::Sum,
        Mode::Misere,
        Mode::Solitaire,
        Mode::Table,
    ];

    /// Their link names, in the same order.
    pub const NAMES: [&'static str; 8] = [
        "nim",
        "octal",
        "subtraction",
        "graph",
        "sum",
        "misere",
        "solitaire",
        "table",
    ];

    /// The value of the `mode` key.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

/// What a misère position is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MisereOf {
    /// Nim heaps.
    Nim,
    /// Heaps of an octal game.
    Octal,
    /// A graph (node-Kayles).
    Graph,
    /// The misère quotient of an octal game's heaps up to `heap_limit`, and a sum by it.
    Quotient,
}

impl MisereOf {
    /// Every kind, in menu order.
    pub const ALL: [MisereOf; 4] = [MisereOf::Nim, MisereOf::Octal, MisereOf::Graph, MisereOf::Quotient];
    /// Their link names.
    pub const NAMES: [&'static str; 4] = ["nim", "octal", "graph", "quotient"];

    /// The value of the `of` key.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

/// Most heaps of a Nim position.
pub const MAX_HEAPS: usize = 40;
/// Most heaps of a misère sum answered by a quotient.
pub const MAX_SUM_HEAPS: usize = 1_000;
/// The quotient's heap limit of a link that names none.
pub const DEFAULT_HEAP_LIMIT: usize = 30;
/// The largest Nim heap.
pub const MAX_NIM_HEAP: u64 = 1_000_000_000;
/// Most heap sizes whose values are computed.
pub const MAX_UP_TO: usize = 1 << 25;
/// Longest text of a graph, a sum or a line.
pub const MAX_TEXT: usize = 4_000;

/// The keys of an impartial-games link, in link order.
pub const FIELDS: &[Field] = &[
    Field::choice("mode", Label::new("Game", "Jeu"), &Mode::NAMES),
    Field::wholes("heaps", Label::new("Heaps", "Tas"), 0, MAX_NIM_HEAP, MAX_SUM_HEAPS),
    Field::text(
        "code",
        Label::new("Octal code", "Code octal"),
        40,
        &[
            "0.77", "0.137", "0.07", "0.16", "4.07", "0.6", "0.51", "0.3", "4.7", "0.376", "0.354", "grundy",
        ],
    ),
    Field::whole("up_to", Label::new("Heaps up to", "Tas jusqu’à"), 1, MAX_UP_TO as u64),
    Field::wholes(
        "set",
        Label::new("Takes", "Prises"),
        1,
        super::subtraction::MAX_TAKE as u64,
        super::subtraction::MAX_SET,
    ),
    Field::text(
        "edges",
        Label::new("Graph (edges)", "Graphe (arêtes)"),
        MAX_TEXT,
        &["0-1,1-2,2-3", "1:", "3: 0-1", "0-1,1-2,2-0", "5: 0-1,2-3"],
    ),
    Field::text(
        "preset",
        Label::new("Graph (preset)", "Graphe (préréglage)"),
        40,
        &[
            "path:7",
            "cycle:6",
            "star:5",
            "grid:3x4",
            "complete:5",
            "petersen",
            "path:1",
        ],
    ),
    Field::choice("rule", Label::new("Rule", "Règle"), &["node-kayles", "colouring"]),
    Field::text(
        "sum",
        Label::new("Position", "Position"),
        MAX_TEXT,
        &["nim 3; 0.77 10; path:5", "nim 0", "0.137 20; cycle:5", "nim 1; nim 1"],
    ),
    Field::text(
        "other",
        Label::new("Compare with (optional)", "Comparer avec (facultatif)"),
        MAX_TEXT,
        &["nim 1", "nim 6", "0.77 4"],
    ),
    Field::choice(
        "of",
        Label::new("Position made of", "Position faite de"),
        &MisereOf::NAMES,
    ),
    Field::text(
        "line",
        Label::new("Line", "Ligne"),
        40,
        &["1101101", "1", "0", "11111111111111111111", "10"],
    ),
    Field::whole(
        "heap_limit",
        Label::new("Heaps up to (quotient)", "Tas jusqu’à (quotient)"),
        0,
        super::quotient::MAX_HEAP_LIMIT as u64,
    ),
    Field::whole(
        "digits",
        Label::new("Digits of the codes", "Chiffres des codes"),
        1,
        super::table::MAX_TABLE_DIGITS as u64,
    ),
];

/// One impartial-games view.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scenario {
    /// What is computed.
    pub mode: Mode,
    /// Nim heaps (also misère heaps).
    pub heaps: Vec<u64>,
    /// The octal game.
    pub code: OctalCode,
    /// Heap sizes 0..=up_to whose values are computed.
    pub up_to: usize,
    /// A subtraction game's takes (sorted, distinct).
    pub set: Vec<usize>,
    /// The drawn graph (edges or a preset).
    pub graph: Graph,
    /// The graph as the link writes it.
    pub graph_text: String,
    /// The colouring game instead of node-Kayles.
    pub colouring: bool,
    /// A sum of games.
    pub sum: String,
    /// A second sum to compare with.
    pub other: Option<String>,
    /// What a misère position is made of.
    pub of: MisereOf,
    /// A peg solitaire line.
    pub line: String,
    /// Digits after the point of the table's codes.
    pub digits: usize,
    /// The misère quotient covers heaps 0..=heap_limit.
    pub heap_limit: usize,
}

/// The heaps of a misère octal link that names none.
pub const DEFAULT_MISERE_HEAPS: [u64; 2] = [3, 4];

/// The graph of a link that names none.
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
            digits: 2,
            heap_limit: DEFAULT_HEAP_LIMIT,
        }
    }
}

impl Scenario {
    /// Reads an impartial-games link's keys; absent keys keep their defaults.
    ///
    /// # Errors
    /// The first key at fault.
    pub fn parse(params: &mut Params) -> Result<Self, Error> {
        let f = |key| field(FIELDS, key);
        let mut s = Scenario::default();
        if let Some(x) = params.choice(f("mode"), &Mode::ALL, Mode::name)? {
            s.mode = x;
        }
        let heaps_given = match params.wholes::<u64>(f("heaps"))? {
            Some(v) => {
                s.heaps = v;
                true
            }
            None => false,
        };
        if let Some(v) = params.text(f("code"))? {
            s.code = OctalCode::parse(&v)?;
        }
        if let Some(v) = params.count(f("up_to"))? {
            s.up_to = v;
        }
        if let Some(mut set) = params.wholes::<usize>(f("set"))? {
            set.sort_unstable();
            set.dedup();
            s.set = set;
        }
        match (params.text(f("edges"))?, params.text(f("preset"))?) {
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
        if let Some(v) = params.choice(
            f("rule"),
            &[false, true],
            |c| if c { "colouring" } else { "node-kayles" },
        )? {
            s.colouring = v;
        }
        if let Some(v) = params.text(f("sum"))? {
            parse_sum(&v)?;
            s.sum = v;
        }
        if let Some(v) = params.text(f("other"))? {
            parse_sum(&v).map_err(|e| e.for_key("other"))?;
            s.other = Some(v);
        }
        if let Some(v) = params.choice(f("of"), &MisereOf::ALL, MisereOf::name)? {
            s.of = v;
        }
        if let Some(v) = params.text(f("line"))? {
            Solitaire::parse(&v)?;
            s.line = v;
        }
        if let Some(v) = params.count(f("digits"))? {
            s.digits = v;
        }
        if let Some(v) = params.count(f("heap_limit"))? {
            s.heap_limit = v;
        }
        let misere_heaps = s.mode == Mode::Misere && matches!(s.of, MisereOf::Octal | MisereOf::Quotient);
        if s.heaps.len() > MAX_HEAPS && !misere_heaps {
            return Err(Error::Conflict {
                key: "heaps",
                message: text!(
                    "at most {MAX_HEAPS} heaps here (not {}); only a misère sum by its quotient takes up to {MAX_SUM_HEAPS}",
                    "au plus {MAX_HEAPS} tas ici (pas {}) ; seule une somme misère par son quotient en prend jusqu’à {MAX_SUM_HEAPS}",
                    s.heaps.len()
                ),
            });
        }
        if s.mode == Mode::Table && s.up_to > super::table::MAX_TABLE_UP_TO {
            return Err(Error::Conflict {
                key: "up_to",
                message: text!(
                    "the table computes every code: at most {} heaps each (not {})",
                    "la table calcule chaque code : au plus {} tas chacun (pas {})",
                    super::table::MAX_TABLE_UP_TO,
                    s.up_to
                ),
            });
        }
        if s.mode == Mode::Misere && matches!(s.of, MisereOf::Octal | MisereOf::Quotient) && !heaps_given {
            // The Nim example's 58 tokens are too many for an exhaustive search:
            // misère octal play starts from two small heaps instead.
            s.heaps = DEFAULT_MISERE_HEAPS.to_vec();
            if s.of == MisereOf::Quotient {
                // The example sum within a small heap limit (an empty sum at limit 0).
                s.heaps.retain(|&h| h <= s.heap_limit as u64);
            }
        }
        let largest = s.heaps.iter().copied().max().unwrap_or(0);
        if s.mode == Mode::Misere && s.of == MisereOf::Octal {
            let total: u64 = s.heaps.iter().sum();
            let by_quotient = super::quotient::MAX_HEAP_LIMIT as u64;
            if total > super::misere::MAX_MISERE_TOKENS as u64 && largest > by_quotient {
                return Err(Error::Conflict {
                    key: "heaps",
                    message: text!(
                        "a misère sum is searched exhaustively up to {} tokens (these heaps hold {total}), beyond by the quotient of heaps up to {by_quotient} (not {largest})",
                        "une somme misère est cherchée exhaustivement jusqu’à {} jetons (ces tas en ont {total}), au-delà par le quotient des tas jusqu’à {by_quotient} (pas {largest})",
                        super::misere::MAX_MISERE_TOKENS
                    ),
                });
            }
        }
        if s.mode == Mode::Misere && s.of == MisereOf::Quotient && largest > s.heap_limit as u64 {
            return Err(Error::Conflict {
                key: "heaps",
                message: text!(
                    "the quotient covers heaps up to {} (the heap limit): heap {largest} is beyond it; raise the limit or remove the heap",
                    "le quotient couvre les tas jusqu’à {} (la limite de tas) : le tas {largest} la dépasse ; relevez la limite ou retirez le tas",
                    s.heap_limit
                ),
            });
        }
        Ok(s)
    }

    /// The link's pairs: the mode, then the keys of that mode.
    pub fn write(&self) -> Vec<(&'static str, String)> {
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
                out.push(("of", self.of.name().into()));
                match self.of {
                    MisereOf::Nim => out.push(("heaps", join(&self.heaps))),
                    MisereOf::Octal => {
                        out.push(("code", self.code.to_string()));
                        out.push(("heaps", join(&self.heaps)));
                    }
                    MisereOf::Graph => out.push((graph_key, self.graph_text.clone())),
                    MisereOf::Quotient => {
                        out.push(("code", self.code.to_string()));
                        out.push(("heap_limit", self.heap_limit.to_string()));
                        // An empty sum (heap limit 0) writes no key: the key takes one heap at least.
                        if !self.heaps.is_empty() {
                            out.push(("heaps", join(&self.heaps)));
                        }
                    }
                }
            }
            Mode::Solitaire => out.push(("line", self.line.clone())),
            Mode::Table => {
                out.push(("digits", self.digits.to_string()));
                out.push(("up_to", self.up_to.to_string()));
            }
        }
        out
    }
}
