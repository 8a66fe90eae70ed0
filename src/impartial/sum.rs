//! Sums of games (seed 003, slides 19–28): a move is made in one component, the
//! value of the sum is the XOR of the components' values, and two positions are
//! equivalent exactly when their values are equal.

use super::graph::{Graph, NodeKayles};
use super::octal::{values, OctalCode};
use crate::toolkit::Quoted;
use crate::toolkit::{Error, Text};
use serde::Serialize;

/// Largest octal heap in a sum.
pub const MAX_SUM_HEAP: usize = 100_000;
/// Most components in a sum.
pub const MAX_COMPONENTS: usize = 20;

/// One component.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Component {
    /// A Nim heap of this many tokens.
    Nim(u64),
    /// A heap of this many tokens of an octal game.
    Octal(OctalCode, usize),
    /// Node-Kayles on a graph.
    Graph(Graph),
}

/// A component's value and, when the sum is won, the winning move in it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ComponentValue {
    /// The component as typed.
    pub text: Text,
    /// Its value.
    pub value: u16,
    /// A move in this component to the value that makes the total 0, if there is one.
    pub winning_move: Option<Text>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
/// A sum's value, component by component.
pub struct SumValue {
    /// Each component and its value.
    pub components: Vec<ComponentValue>,
    /// The XOR of the components' values.
    pub total: u16,
}

fn bad(text: &str) -> Error {
    Error::InvalidValue {
        key: "sum",
        value: Quoted::new(text),
        expected: text!(
            "components separated by ';': a Nim heap (7 or nim 7), an octal heap (0.77 10), \
             or a graph (graph 0-1,1-2 or path:6, cycle:5, star:4, grid:2x3, complete:4, petersen)",
            "des composantes séparées par ';' : un tas de Nim (7 ou nim 7), un tas octal (0.77 10) \
             ou un graphe (graph 0-1,1-2 ou path:6, cycle:5, star:4, grid:2x3, complete:4, petersen)"
        ),
    }
}

/// Parses `nim 7; 0.77 10; graph 0-1,1-2; cycle:5`.
///
/// # Errors
/// [`Error::InvalidValue`] (key `sum`) naming the component at fault; the
/// components' own errors and ranges.
pub fn parse_sum(text: &str) -> Result<Vec<Component>, Error> {
    let parts: Vec<&str> = text.split(';').map(str::trim).filter(|s| !s.is_empty()).collect();
    if parts.is_empty() || parts.len() > MAX_COMPONENTS {
        return Err(bad(text));
    }
    parts
        .into_iter()
        .map(|p| {
            let (head, rest) = p
                .split_once(char::is_whitespace)
                .map_or((p, ""), |(a, b)| (a, b.trim()));
            if let Ok(n) = p.parse::<u64>() {
                return Ok(Component::Nim(n));
            }
            match head {
                "nim" => rest.parse::<u64>().map(Component::Nim).map_err(|_| bad(p)),
                "graph" => Graph::parse(rest).map(Component::Graph),
                _ if head.contains('.') || head.eq_ignore_ascii_case(super::octal::GRUNDY) => {
                    let code = OctalCode::parse(head)?;
                    let n = rest.parse::<usize>().map_err(|_| bad(p))?;
                    if n > MAX_SUM_HEAP {
                        return Err(Error::out_of_range(
                            text!("octal heap in a sum", "tas octal dans une somme"),
                            n,
                            0,
                            MAX_SUM_HEAP,
                        ));
                    }
                    Ok(Component::Octal(code, n))
                }
                _ if head.contains(':') || head == "petersen" => Graph::preset(p).map(Component::Graph),
                _ => Err(bad(p)),
            }
        })
        .collect()
}

fn describe(c: &Component) -> Text {
    match c {
        Component::Nim(n) => text!("Nim heap {n}", "tas de Nim {n}"),
        Component::Octal(code, n) => text!("{code} heap {n}", "tas {code} de {n}"),
        Component::Graph(g) => text!(
            "node-Kayles on {} {{vertex|vertices}}, {} {{edge|edges}}",
            "node-Kayles sur {} {{sommet|sommets}}, {} {{arête|arêtes}}",
            g.len(),
            g.edges().len()
        ),
    }
}

/// Each component's value, the total, and in every component where one exists
/// the move that leaves a total of 0.
///
/// # Errors
/// The octal solver's errors.
pub fn sum_value(components: &[Component]) -> Result<SumValue, Error> {
    // An octal heap's whole sequence is kept: its options are looked up in it.
    let mut values_of = Vec::new();
    let mut sequences = Vec::new();
    for c in components {
        let (v, seq) = match c {
            Component::Nim(n) => ((*n).min(u64::from(u16::MAX)) as u16, Vec::new()),
            Component::Octal(code, n) => {
                let g = values(code, *n, &mut |_, _| {})?.0;
                (g[*n], g)
            }
            Component::Graph(g) => (NodeKayles::new(g).value(g.all()), Vec::new()),
        };
        values_of.push(v);
        sequences.push(seq);
    }
    let total = values_of.iter().fold(0, |s, v| s ^ v);
    let mut out = Vec::new();
    for ((c, &v), g) in components.iter().zip(&values_of).zip(&sequences) {
        let target = v ^ total;
        let winning_move = if total == 0 { None } else { move_to(c, g, target) };
        out.push(ComponentValue {
            text: describe(c),
            value: v,
            winning_move,
        });
    }
    Ok(SumValue { components: out, total })
}

/// A move in `c` to a position of value `target`, described (`g`: an octal
/// heap's values G(0..=n)).
fn move_to(c: &Component, g: &[u16], target: u16) -> Option<Text> {
    match c {
        Component::Nim(n) => {
            let k = n.checked_sub(u64::from(target)).filter(|&k| k > 0)?;
            Some(text!("take {k} (leave {target})", "prendre {k} (en laisser {target})"))
        }
        Component::Octal(code, n) => {
            let mut found = None;
            'moves: for k in 0..=code.max_removal().min(*n) {
                let d = code.digit(k);
                if k > 0 && d & 1 != 0 && *n == k && target == 0 {
                    found = Some(text!("take all {k}", "tout prendre ({k})"));
                    break;
                }
                if k > 0 && d & 2 != 0 && *n > k && g[n - k] == target {
                    found = Some(text!("take {k}, leaving {}", "prendre {k}, en laisser {}", n - k));
                    break;
                }
                if d & 4 != 0 && *n >= k + 2 {
                    for a in code.smaller_parts(n - k) {
                        if g[a] ^ g[n - k - a] == target {
                            let b = n - k - a;
                            found = Some(if k == 0 {
                                text!("split into heaps {a} and {b}", "scinder en tas de {a} et {b}")
                            } else {
                                text!(
                                    "take {k}, leaving heaps {a} and {b}",
                                    "prendre {k}, en laissant des tas de {a} et {b}"
                                )
                            });
                            break 'moves;
                        }
                    }
                }
            }
            found
        }
        Component::Graph(g) => {
            let mut solver = NodeKayles::new(g);
            let all = g.all();
            (0..g.len())
                .find(|&v| solver.value(all & !g.closed(v)) == target)
                .map(|v| {
                    text!(
                        "remove vertex {v} and its neighbours",
                        "retirer le sommet {v} et ses voisins"
                    )
                })
        }
    }
}
