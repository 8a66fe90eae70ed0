//! `mode=misere`: misère play (whoever cannot move wins) of Nim heaps, octal
//! heaps or a graph: Bouton's rule for Nim, an exhaustive search otherwise,
//! and the misère quotient for octal sums too large to search.

use super::graph::GRAPH_KEYS;
use super::rules::ModeRules;
use super::too_many_heaps;
use crate::impartial::graph::MAX_VERTICES;
use crate::impartial::misere::{heap_options, misere_graph, misere_octal_loses, MAX_MISERE_TOKENS};
use crate::impartial::nim::{misere_nim_loses, nim_sum};
use crate::impartial::quotient::report::{sum_moves, SumMove};
use crate::impartial::quotient::{Quotient, MAX_HEAP_LIMIT};
use crate::impartial::report::{GraphResult, MisereReport};
use crate::impartial::scenario::{MisereOf, Scenario, DEFAULT_MISERE_HEAPS};
use crate::toolkit::sort;
use crate::toolkit::{Cost, Error, Label, Progress, Text, UsedKey, Uses};

/// The keys each kind of misère position (`of`) uses.
pub const OF_USES: &[Uses] = &[
    Uses {
        value: "nim",
        keys: &[UsedKey::form("heaps")],
    },
    Uses {
        value: "octal",
        keys: &[UsedKey::form("code"), UsedKey::form("heaps")],
    },
    Uses {
        value: "graph",
        keys: &GRAPH_KEYS,
    },
];

/// Misère play's rules.
pub struct Rules;

impl ModeRules for Rules {
    const LABEL: Label = Label::new("misère play", "jeu misère");
    const HINT: Label = Label::new(
        "The player who cannot move wins. Values no longer add as in normal play (the seed’s conclusion): outcomes by exhaustive search, or by the misère quotient of an octal game (Plambeck–Siegel).",
        "Le joueur qui ne peut plus jouer gagne. Les valeurs ne s’additionnent plus comme en jeu normal (la conclusion du document) : les issues par recherche exhaustive, ou par le quotient misère d’un jeu octal (Plambeck–Siegel).",
    );
    const KEYS: &'static [UsedKey] = &[UsedKey::form("of")];
    type Output = MisereReport;

    fn check(s: &mut Scenario, given: &[&str]) -> Result<(), Error> {
        match s.of {
            MisereOf::Nim => too_many_heaps(s),
            MisereOf::Graph => Ok(()),
            MisereOf::Octal => {
                if !given.contains(&"heaps") {
                    // The Nim example's 58 tokens are too many for an exhaustive
                    // search: misère octal play starts from two small heaps instead.
                    s.heaps = DEFAULT_MISERE_HEAPS.to_vec();
                }
                let total: u64 = s.heaps.iter().sum();
                let largest = s.heaps.iter().copied().max().unwrap_or(0);
                let by_quotient = MAX_HEAP_LIMIT as u64;
                if total > MAX_MISERE_TOKENS as u64 && largest > by_quotient {
                    return Err(Error::Conflict {
                        key: "heaps",
                        message: text!(
                            "a misère sum is searched exhaustively up to {MAX_MISERE_TOKENS} tokens (these heaps hold {total}), beyond by the quotient of heaps up to {by_quotient} (not {largest})",
                            "une somme misère est cherchée exhaustivement jusqu’à {MAX_MISERE_TOKENS} jetons (ces tas en ont {total}), au-delà par le quotient des tas jusqu’à {by_quotient} (pas {largest})"
                        ),
                    });
                }
                Ok(())
            }
        }
    }

    fn cost(_: &Scenario) -> Cost {
        Cost {
            seconds: 0.01,
            megabytes: 20.0,
            uncertain: false,
        }
    }

    fn analyse(s: &Scenario, progress: Progress) -> Result<MisereReport, Error> {
        let misere_winning: Vec<Text>;
        let mut graph = None;
        let mut method = "search";
        let mut quotient_moves = Vec::new();
        let loses = match s.of {
            MisereOf::Nim => {
                method = "rule";
                let (words, moves) = nim_moves(&s.heaps);
                misere_winning = words;
                quotient_moves = moves;
                misere_nim_loses(&s.heaps)
            }
            MisereOf::Octal if s.heaps.iter().sum::<u64>() > MAX_MISERE_TOKENS as u64 => {
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
                sort::sort(&mut sorted);
                // The same moves as the quotient's answer: which heap, and what it leaves.
                for (i, &h) in sorted.iter().enumerate() {
                    if i > 0 && sorted[i - 1] == h {
                        continue;
                    }
                    for leaves in heap_options(&s.code, h) {
                        let mut after = sorted.clone();
                        after.remove(i);
                        after.extend(&leaves);
                        sort::sort(&mut after);
                        if misere_octal_loses(&s.code, &after)? {
                            quotient_moves.push(SumMove {
                                heap: u64::from(h),
                                leaves: leaves.iter().map(|&l| u64::from(l)).collect(),
                            });
                        }
                    }
                }
                misere_winning = quotient_moves.iter().map(SumMove::text).collect();
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
                    max_vertices: MAX_VERTICES,
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
        Ok(MisereReport {
            mode: "misere",
            of: s.of.name(),
            loses,
            misere_winning,
            method,
            winning_moves: quotient_moves,
            graph,
        })
    }
}

/// Misère Nim's winning moves, in words and as moves (the heap, what it leaves).
fn nim_moves(heaps: &[u64]) -> (Vec<Text>, Vec<SumMove>) {
    let total = nim_sum(heaps);
    let mut moves = Vec::new();
    let mut structured = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        // By Bouton's rule a move loses for the opponent only when it leaves a
        // nim-sum of 0 or heaps of 0 and 1 alone: so only `h ⊕ (others' sum)`,
        // 0 and 1 need trying, not every size below h (heaps reach 10⁹).
        let mut tries = vec![total ^ h, 0, 1];
        sort::sort(&mut tries);
        tries.dedup();
        for to in tries.into_iter().filter(|&to| to < h) {
            let mut after = heaps.to_vec();
            after[i] = to;
            if after.iter().any(|&x| x > 0) && misere_nim_loses(&after) {
                moves.push(text!("heap {i}: {h} → {to}", "tas {i} : {h} → {to}"));
                structured.push(SumMove {
                    heap: h,
                    leaves: if to == 0 { Vec::new() } else { vec![to] },
                });
            }
        }
    }
    (moves, structured)
}

#[cfg(test)]
mod tests {
    use super::*;

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
            let found: Vec<String> = nim_moves(&heaps).0.iter().map(|t| t.en.clone()).collect();
            assert_eq!(found, every, "{heaps:?}");
        }
    }
}
