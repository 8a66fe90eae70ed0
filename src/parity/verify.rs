//! Checking a claimed solution, whoever computed it.
//!
//! A solution is right when (1) every vertex has a winner; (2) each region is
//! closed for its winner: a vertex the winner owns has a move that is an edge
//! and stays in the region, a vertex the loser owns has every successor in the
//! region; and (3) in the region with the winner's moves fixed — a graph the
//! loser alone steers — no cycle has a largest priority of the loser's parity.
//! (3) is decided by cutting that graph into strongly connected components:
//! one whose top priority favours the loser holds a play the loser wins; in
//! one whose top favours the winner, a cycle the loser wins avoids every vertex
//! above the loser's best priority there, so what is left below it is cut
//! again. (Oink's verifier searches below each loser-favoured vertex in turn,
//! which took 37 s on a 10⁶-vertex game of the random family where this takes
//! under a second: BENCHMARKS.md.)
//!
//! # Complexity
//! O(V + E) for (1) and (2); O(d · (V + E)) at worst for (3), d the number
//! of priorities (each round of a component drops at least its top), near
//! linear when the components fall apart quickly, as on random games.

use super::game::{Parity, ParityGame};
use super::scc::Tarjan;
use super::Solution;
use crate::toolkit::Text;

/// Checks `solution` of `game`.
///
/// # Errors
/// The first fault found, in words naming the vertices (by their file ids).
pub fn check(game: &ParityGame, solution: &Solution) -> Result<(), Text> {
    let winner: Vec<Option<Parity>> = solution.winner.iter().copied().map(Some).collect();
    let moves: Vec<Option<u32>> = (0..game.len()).map(|v| solution.strategy(v)).collect();
    verify(game, &winner, &moves)
}

/// Checks a solution given as a winner and an optional move per vertex (a
/// solution file may leave vertices out: that is a fault).
///
/// # Errors
/// The first fault found, in words naming the vertices (by their file ids).
pub fn verify(game: &ParityGame, winner: &[Option<Parity>], moves: &[Option<u32>]) -> Result<(), Text> {
    let n = game.len();
    if winner.len() != n || moves.len() != n {
        return Err(text!(
            "the solution has {} {{entry|entries}}, the game {} {{vertex|vertices}}",
            "la solution a {} {{entrée|entrées}}, le jeu {} {{sommet|sommets}}",
            winner.len(),
            n
        ));
    }
    let mut won = Vec::with_capacity(n);
    for (v, &w) in winner.iter().enumerate() {
        let id = game.id(v);
        let Some(w) = w else {
            return Err(text!("vertex {} has no winner", "le sommet {} n'a pas de gagnant", id));
        };
        won.push(w);
    }
    for v in 0..n {
        let id = game.id(v);
        let w = won[v];
        if game.owner(v) == w {
            let Some(m) = moves[v] else {
                return Err(text!(
                    "vertex {} is won by its owner but has no move",
                    "le sommet {} est gagné par son joueur mais n'a pas de coup",
                    id
                ));
            };
            if !game.has_edge(v, m) {
                return Err(text!(
                    "the move {} → {} is not an edge",
                    "le coup {} → {} n'est pas un arc",
                    id,
                    game.id(m as usize)
                ));
            }
            if won[m as usize] != w {
                return Err(text!(
                    "the move {} → {} leaves its winner's region",
                    "le coup {} → {} sort de la région de son gagnant",
                    id,
                    game.id(m as usize)
                ));
            }
        } else if let Some(&t) = game.successors(v).iter().find(|&&t| won[t as usize] != w) {
            return Err(text!(
                "the loser escapes from {} to {}",
                "le perdant s'échappe de {} vers {}",
                id,
                game.id(t as usize)
            ));
        }
    }
    cycles(game, &won, moves)
}

/// Part (3): the graph the loser steers (the winner's one move, or every
/// edge; closed in each region by (2)) cut into strongly connected
/// components; a component with a cycle whose top priority favours the
/// loser of its region is a play the loser wins. Otherwise any such cycle
/// avoids the vertices above the loser's best priority in the component,
/// so the component is cut again without them.
fn cycles(game: &ParityGame, won: &[Parity], moves: &[Option<u32>]) -> Result<(), Text> {
    let n = game.len();
    let mut offsets = Vec::with_capacity(n + 1);
    let mut targets = Vec::with_capacity(game.edge_count());
    offsets.push(0u32);
    for v in 0..n {
        match moves[v].filter(|_| game.owner(v) == won[v]) {
            Some(m) => targets.push(m),
            None => targets.extend_from_slice(game.successors(v)),
        }
        offsets.push(targets.len() as u32);
    }
    let successors = |v: u32| &targets[offsets[v as usize] as usize..offsets[v as usize + 1] as usize];
    let mut tarjan = Tarjan::new(n);
    let mut stamp = vec![0u32; n];
    let mut sets = vec![(0..n as u32).collect::<Vec<u32>>()];
    let mut next = 0u32;
    while let Some(set) = sets.pop() {
        next += 1;
        let id = next;
        for &v in &set {
            stamp[v as usize] = id;
        }
        for component in tarjan
            .components(successors, set.iter().copied(), |w| stamp[w as usize] == id)
            .iter()
        {
            let v0 = component[0];
            if component.len() == 1 && !successors(v0).contains(&v0) {
                continue;
            }
            let region = won[v0 as usize];
            let top = component
                .iter()
                .copied()
                .max_by_key(|&v| (game.priority(v as usize), v))
                .unwrap_or(v0);
            let priority = game.priority(top as usize);
            if Parity::of(priority) != region {
                let id = game.id(top as usize);
                let (en, fr) = match region {
                    Parity::Even => ("Even", "Pair"),
                    Parity::Odd => ("Odd", "Impair"),
                };
                return Err(Text {
                    en: format!("the loser wins a cycle through vertex {id} (priority {priority}) inside the region won by {en}"),
                    fr: format!("le perdant gagne un cycle par le sommet {id} (priorité {priority}) dans la région gagnée par {fr}"),
                });
            }
            let best = component
                .iter()
                .map(|&v| game.priority(v as usize))
                .filter(|&p| Parity::of(p) != region)
                .max();
            if let Some(best) = best {
                sets.push(
                    component
                        .iter()
                        .copied()
                        .filter(|&v| game.priority(v as usize) <= best)
                        .collect(),
                );
            }
        }
    }
    Ok(())
}
