//! `mode=graph`: node-Kayles (or the colouring game) on a graph drawn by hand.

use super::rules::ModeRules;
use crate::impartial::graph::{bits, colouring_value, NodeKayles, MAX_MEMO, MAX_VERTICES};
use crate::impartial::report::{GraphReport, GraphResult};
use crate::impartial::scenario::Scenario;
use crate::toolkit::{Cost, Error, Label, Progress, UsedKey};

/// The graph's keys (a preset or edges, edited on the drawing): also misère play's.
pub(super) const GRAPH_KEYS: [UsedKey; 2] = [UsedKey::drawn("preset"), UsedKey::drawn("edges")];

/// The graph games' rules.
pub struct Rules;

impl ModeRules for Rules {
    const LABEL: Label = Label::new("graph game", "jeu sur un graphe");
    const HINT: Label = Label::new(
        "On a graph you draw: a move removes a vertex and its neighbours (node-Kayles), or colours a vertex no neighbour of which is coloured (one colour): the same game.",
        "Sur un graphe que vous dessinez : un coup retire un sommet et ses voisins (node-Kayles), ou colorie un sommet dont aucun voisin n’est colorié (une couleur) : c’est le même jeu.",
    );
    const KEYS: &'static [UsedKey] = &[GRAPH_KEYS[0], GRAPH_KEYS[1], UsedKey::form("rule")];
    type Output = GraphReport;

    fn cost(_: &Scenario) -> Cost {
        Cost {
            seconds: 0.01,
            megabytes: 20.0,
            uncertain: false,
        }
    }

    fn analyse(s: &Scenario, _: Progress) -> Result<GraphReport, Error> {
        let g = &s.graph;
        let mut solver = NodeKayles::new(g);
        let all = g.all();
        let components = g
            .components(all)
            .into_iter()
            .map(|c| (bits(c).collect(), solver.component(c)))
            .collect();
        let value = solver.value(all);
        if solver.exhausted() {
            return Err(Error::too_large(
                text!(
                    "this graph needs more than {} positions in memory; try fewer vertices or more edges",
                    "ce graphe demande plus de {} positions en mémoire ; essayez moins de sommets ou plus d'arêtes",
                    MAX_MEMO
                ),
                None,
                MAX_MEMO as u64,
            ));
        }
        let (x, y) = g.drawing(&s.graph_text);
        Ok(GraphReport {
            mode: "graph",
            grundy: value,
            graph: GraphResult {
                vertices: g.len(),
                edges: g.edges(),
                components,
                winning_vertices: solver.winning_moves(all),
                colouring: if g.len() <= 16 { Some(colouring_value(g)?) } else { None },
                positions_memoised: solver.memoised(),
                max_vertices: MAX_VERTICES,
                x,
                y,
            },
        })
    }
}
