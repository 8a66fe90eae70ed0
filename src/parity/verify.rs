//! Checking a claimed solution, whoever computed it.
//!
//! A solution is right when (1) every vertex has a winner; (2) each region is
//! closed for its winner: a vertex the winner owns has a move that is an edge
//! and stays in the region, a vertex the loser owns has every successor in the
//! region; and (3) in the region with the winner's moves fixed — a graph the
//! loser alone steers — no cycle has a largest priority of the loser's parity.
//! (3) is decided as Oink's verifier does it: for each vertex `v` of the loser's
//! parity, from the highest down, Tarjan's strongly connected components in the
//! vertices ordered at or below `v`; a component with a cycle whose largest
//! priority favours the loser is a play the loser wins.
//!
//! # Complexity
//! O(V + E) for (1) and (2); O(d · (V + E)) for (3), d the number of priorities
//! of the losers' parity, each vertex searched once per such priority at most.

use super::game::{Parity, ParityGame};
use super::promotion::sorted;
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

/// Part (3): in the vertices renumbered by priority (so "ordered at or below"
/// is an index comparison), one Tarjan search per loser-favoured vertex not yet
/// covered at its priority.
fn cycles(game: &ParityGame, won: &[Parity], moves: &[Option<u32>]) -> Result<(), Text> {
    let n = game.len();
    let (sorted, order) = sorted(game);
    let mut rank = vec![0u32; n];
    for (i, &v) in order.iter().enumerate() {
        rank[v as usize] = i as u32;
    }
    // The graph the loser steers, in sorted indices: the winner's one move, or every edge.
    let mut offsets = Vec::with_capacity(n + 1);
    let mut targets = Vec::with_capacity(game.edge_count());
    offsets.push(0u32);
    for &v in &order {
        let v = v as usize;
        match moves[v].filter(|_| game.owner(v) == won[v]) {
            Some(m) => targets.push(rank[m as usize]),
            None => targets.extend(game.successors(v).iter().map(|&t| rank[t as usize])),
        }
        offsets.push(targets.len() as u32);
    }
    let won_sorted: Vec<Parity> = order.iter().map(|&v| won[v as usize]).collect();
    let pr = sorted.priorities();
    // done[v] = 1 + the priority at which v's component was already examined.
    let mut done = vec![0u32; n];
    let mut low = vec![0u64; n];
    let mut index = vec![0u64; n];
    let mut counter: u64 = 0;
    let mut tarjan: Vec<u32> = Vec::new();
    let mut call: Vec<(u32, u32)> = Vec::new();
    for root in (0..n).rev() {
        let p = pr[root];
        // Only a vertex whose priority favours the loser of its region starts a search.
        if Parity::of(p) == won_sorted[root] || done[root] == p + 1 {
            continue;
        }
        let bottom = counter;
        counter += 1;
        index[root] = counter;
        low[root] = counter;
        tarjan.push(root as u32);
        call.push((root as u32, offsets[root]));
        while let Some(&mut (v, ref mut edge)) = call.last_mut() {
            let vu = v as usize;
            if *edge < offsets[vu + 1] {
                let t = targets[*edge as usize] as usize;
                *edge += 1;
                if t > root || done[t] == p + 1 {
                    continue;
                }
                if index[t] <= bottom {
                    counter += 1;
                    index[t] = counter;
                    low[t] = counter;
                    tarjan.push(t as u32);
                    call.push((t as u32, offsets[t]));
                } else {
                    low[vu] = low[vu].min(index[t]);
                }
                continue;
            }
            call.pop();
            if let Some(&(parent, _)) = call.last() {
                let parent = parent as usize;
                low[parent] = low[parent].min(low[vu]);
            }
            if low[vu] != index[vu] {
                continue;
            }
            // v roots a component: pop it, find its largest priority and whether it has a cycle.
            let mut top = 0u32;
            let mut size = 0usize;
            let mut top_vertex = vu;
            while let Some(w) = tarjan.pop() {
                let w = w as usize;
                done[w] = p + 1;
                size += 1;
                if pr[w] >= top {
                    top = pr[w];
                    top_vertex = w;
                }
                if w == vu {
                    break;
                }
            }
            let self_loop = targets[offsets[vu] as usize..offsets[vu + 1] as usize].contains(&(vu as u32));
            if (size > 1 || self_loop) && Parity::of(top) != won_sorted[root] {
                let id = game.id(order[top_vertex] as usize);
                let priority = game.priority(order[top_vertex] as usize);
                let (en, fr) = match won_sorted[root] {
                    Parity::Even => ("Even", "Pair"),
                    Parity::Odd => ("Odd", "Impair"),
                };
                return Err(Text {
                    en: format!("the loser wins a cycle through vertex {id} (priority {priority}) inside the region won by {en}"),
                    fr: format!("le perdant gagne un cycle par le sommet {id} (priorité {priority}) dans la région gagnée par {fr}"),
                });
            }
        }
    }
    Ok(())
}
