//! What Oink does before a solver runs, each step switchable ([`Steps`]) and
//! counted ([`Preprocessed`]), then the solver on what is left:
//!
//! 1. **Single parity**: a game whose priorities all have one parity is won
//!    by that player everywhere (moving anywhere).
//! 2. **Self-loops**: a vertex with an edge to itself whose priority has its
//!    owner's parity is won by its owner (who stays there); one whose only
//!    edge is to itself is won by the parity of its priority.
//! 3. **Winner-controlled winning cycles**: a strongly connected set of
//!    vertices all owned by one player, whose top priority has that player's
//!    parity, is won by that player: each vertex moves towards the top one,
//!    which moves back into the set, so every play inside sees the top
//!    priority again and again. Found as Oink's `solveTrivialCycles` finds
//!    them: the components of each player's own subgraph, and in a component
//!    whose top priority is the opponent's, the part below the player's best
//!    priority looked at again.
//! 4. Both players' attractors of what steps 2 and 3 solved (each step's
//!    before the next, as in Oink).
//! 5. **Priority compression** of what is left: priorities renumbered densely,
//!    consecutive priorities of one parity merged (no play's winner changes,
//!    and the solvers have fewer levels to go through). Without it the solvers
//!    still renumber (keeping every priority apart), as Oink's default does.
//! 6. **Components bottom-up** ([`scc`](mod@super::scc)), or the whole game
//!    at once, by the chosen solver.
//!
//! Each solved part stays solved in the whole game: a vertex left after the
//! attractors has no successor its owner has won (it would have been
//! attracted), so it keeps one among those left, and the edges it has out of
//! them lead to its opponent's region, which no winning play of its owner takes.
//!
//! # Complexity
//! Steps 1, 2, 4 and 5: O(V + E) (step 5 also sorts the priorities). Step 3:
//! O(d·(V + E)) at worst for d priorities (each round of a component drops its
//! top priority), near-linear on random games.
//!
//! ```
//! use ludolab::parity::preprocess::{solve, Steps};
//! use ludolab::parity::{generate, verify, SolverKind};
//! let game = generate::random(2000, 2000, 1, 2, true, 7).unwrap();
//! let (s, _, pre) = solve(&game, SolverKind::Zielonka, Steps::ALL, &mut |_| true).unwrap();
//! assert!(verify::check(&game, &s).is_ok());
//! assert!(pre.self_loops > 0 && pre.left < game.len());
//! ```

use super::game::{Parity, ParityGame};
use super::scc::{solve_by_components, subgame, Solved, Tarjan};
use super::{solve_by, Progress, Solution, SolverKind, NO_MOVE};
use crate::toolkit::sort;
use serde::Serialize;

/// Which steps run (the CLI's `--no-single`, `--no-loops`, `--no-wcwc`,
/// `--no-compress` and `--no-scc`, Oink's names, turn each off).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Steps {
    /// A game of one parity solved at once.
    pub single: bool,
    /// Self-loops.
    pub loops: bool,
    /// Winner-controlled winning cycles.
    pub wcwc: bool,
    /// Priority compression of what is left.
    pub compress: bool,
    /// Components bottom-up.
    pub scc: bool,
}

impl Steps {
    /// Every step (the default of the CLI and the page).
    pub const ALL: Steps = Steps {
        single: true,
        loops: true,
        wcwc: true,
        compress: true,
        scc: true,
    };
    /// None: the solver alone on the whole game.
    pub const NONE: Steps = Steps {
        single: false,
        loops: false,
        wcwc: false,
        compress: false,
        scc: false,
    };
}

impl Default for Steps {
    fn default() -> Steps {
        Steps::ALL
    }
}

/// What the steps did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Preprocessed {
    /// Whether the game (or what was left of it) had one parity and was solved so.
    pub single_parity: bool,
    /// Vertices solved by their self-loop.
    pub self_loops: usize,
    /// Winner-controlled winning cycles found.
    pub cycles: usize,
    /// Vertices on them.
    pub on_cycles: usize,
    /// Vertices then attracted to what those steps solved.
    pub attracted: usize,
    /// Vertices left to the solver.
    pub left: usize,
    /// Distinct priorities of what was left.
    pub priorities: usize,
    /// Distinct priorities once compressed (as many when compression is off).
    pub compressed: usize,
}

/// Settles every vertex of `vertices` (all that is not done, each keeping a
/// successor among them) as won by `player`, moving to such a successor.
fn settle_all(s: &mut Solved, vertices: &[u32], player: Parity) {
    let moves: Vec<u32> = vertices
        .iter()
        .map(|&v| {
            s.game
                .successors(v as usize)
                .iter()
                .copied()
                .find(|&t| !s.done[t as usize])
                .unwrap_or(NO_MOVE)
        })
        .collect();
    for (&v, to) in vertices.iter().zip(moves) {
        s.settle(v, player, to);
    }
}

/// The parity all of `vertices` share, if they share one.
fn one_parity(game: &ParityGame, vertices: impl IntoIterator<Item = u32>) -> Option<Parity> {
    let mut it = vertices.into_iter();
    let first = Parity::of(game.priority(it.next()? as usize));
    it.all(|v| Parity::of(game.priority(v as usize)) == first)
        .then_some(first)
}

/// Step 3 for `player`: settles the vertices of every winner-controlled
/// winning cycle of `player`, adding them to `fresh`; `(cycles, vertices)`,
/// or `None` when `progress` stops the run.
fn winning_cycles(
    s: &mut Solved,
    tarjan: &mut Tarjan,
    stamp: &mut [u32],
    next_stamp: &mut u32,
    player: Parity,
    fresh: &mut Vec<u32>,
    progress: &mut dyn FnMut(Progress) -> bool,
) -> Option<(usize, usize)> {
    let game = s.game;
    let (mut cycles, mut on_cycles) = (0, 0);
    let first: Vec<u32> = (0..game.len() as u32)
        .filter(|&v| !s.done[v as usize] && game.owner(v as usize) == player)
        .collect();
    let mut sets = vec![first];
    let (mut work, mut total) = (0u64, 0u64);
    while let Some(set) = sets.pop() {
        *next_stamp += 1;
        let id = *next_stamp;
        for &v in &set {
            stamp[v as usize] = id;
        }
        work += set.len() as u64;
        total += set.len() as u64;
        if work > super::PROGRESS_EVERY {
            work = 0;
            if !progress(Progress {
                solved: s.count,
                work: total,
            }) {
                return None;
            }
        }
        let components = tarjan.components(
            |v| game.successors(v as usize),
            set.iter().copied(),
            |w| stamp[w as usize] == id,
        );
        for component in components.iter() {
            let v0 = component[0];
            if component.len() == 1 && !game.has_edge(v0 as usize, v0) {
                continue;
            }
            let top = component.iter().map(|&v| game.priority(v as usize)).max().unwrap_or(0);
            if Parity::of(top) == player {
                // Won: each vertex moves towards a vertex of the top priority,
                // found backwards from it (itself reached again, as the set is
                // strongly connected).
                *next_stamp += 1;
                let inside = *next_stamp;
                for &v in component {
                    stamp[v as usize] = inside;
                }
                let t = component
                    .iter()
                    .copied()
                    .find(|&v| game.priority(v as usize) == top)
                    .unwrap_or(v0);
                let mut queue = vec![t];
                let mut k = 0;
                while k < queue.len() {
                    let cur = queue[k];
                    k += 1;
                    let range = s.pred_offsets[cur as usize] as usize..s.pred_offsets[cur as usize + 1] as usize;
                    for k in range {
                        let from = s.preds[k];
                        if stamp[from as usize] == inside && !s.done[from as usize] {
                            s.settle(from, player, cur);
                            queue.push(from);
                        }
                    }
                }
                cycles += 1;
                on_cycles += component.len();
                fresh.extend_from_slice(component);
            } else {
                // The opponent's top: look again below this player's best priority.
                let best = component
                    .iter()
                    .map(|&v| game.priority(v as usize))
                    .filter(|&p| Parity::of(p) == player)
                    .max();
                if let Some(best) = best {
                    let below: Vec<u32> = component
                        .iter()
                        .copied()
                        .filter(|&v| game.priority(v as usize) <= best)
                        .collect();
                    sets.push(below);
                }
            }
        }
    }
    Some((cycles, on_cycles))
}

/// `game` with its priorities compressed (step 5); the distinct priorities
/// before and after.
fn compressed(game: &ParityGame) -> (Vec<u32>, usize, usize) {
    let mut distinct: Vec<u32> = game.priorities().to_vec();
    sort::sort(&mut distinct);
    distinct.dedup();
    let mut to = Vec::with_capacity(distinct.len());
    let mut q = 0u32;
    for (i, &p) in distinct.iter().enumerate() {
        if i == 0 {
            q = p % 2;
        } else if p % 2 != distinct[i - 1] % 2 {
            q += 1;
        }
        to.push(q);
    }
    let after = to.last().map_or(0, |&q| q as usize + 1) - to.first().map_or(0, |&q| q as usize);
    let priority = game
        .priorities()
        .iter()
        .map(|p| to[distinct.binary_search(p).unwrap_or(0)])
        .collect();
    (priority, distinct.len(), after)
}

/// Solves `game` by `solver` after the chosen preprocessing `steps` (see the
/// [module](self)); also says which solver finished (the portfolio's choice)
/// and what each step did. `None` when `progress` returns false.
///
/// # Complexity
/// See the [module](self).
pub fn solve(
    game: &ParityGame,
    solver: SolverKind,
    steps: Steps,
    progress: &mut dyn FnMut(Progress) -> bool,
) -> Option<(Solution, SolverKind, Preprocessed)> {
    let n = game.len();
    let mut pre = Preprocessed::default();
    let mut s = Solved::new(game);
    if n == 0 {
        return Some((
            Solution {
                winner: Vec::new(),
                moves: Vec::new(),
            },
            solver,
            pre,
        ));
    }
    if steps.single {
        if let Some(p) = one_parity(game, 0..n as u32) {
            pre.single_parity = true;
            let all: Vec<u32> = (0..n as u32).collect();
            settle_all(&mut s, &all, p);
            return Some((s.solution(), solver, pre));
        }
    }
    let mut fresh = [Vec::new(), Vec::new()];
    if steps.loops {
        for v in 0..n {
            if !game.has_edge(v, v as u32) {
                continue;
            }
            let p = Parity::of(game.priority(v));
            if game.owner(v) == p {
                s.settle(v as u32, p, v as u32);
            } else if game.successors(v).len() == 1 {
                s.settle(v as u32, p, NO_MOVE);
            } else {
                continue;
            }
            pre.self_loops += 1;
            fresh[p.index()].push(v as u32);
        }
    }
    // What the loops solved is attracted before the cycles are looked for,
    // as Oink does: on most games little is left for them.
    let settled = s.count;
    s.attract(Parity::Even, &fresh[0]);
    s.attract(Parity::Odd, &fresh[1]);
    pre.attracted = s.count - settled;
    let mut fresh = [Vec::new(), Vec::new()];
    if steps.wcwc {
        let mut tarjan = Tarjan::new(n);
        let mut stamp = vec![0u32; n];
        let mut next_stamp = 0;
        for player in [Parity::Even, Parity::Odd] {
            let mut found = Vec::new();
            let (c, v) = winning_cycles(
                &mut s,
                &mut tarjan,
                &mut stamp,
                &mut next_stamp,
                player,
                &mut found,
                progress,
            )?;
            pre.cycles += c;
            pre.on_cycles += v;
            fresh[player.index()].extend(found);
        }
    }
    let settled = s.count;
    s.attract(Parity::Even, &fresh[0]);
    s.attract(Parity::Odd, &fresh[1]);
    pre.attracted += s.count - settled;
    let rest: Vec<u32> = (0..n as u32).filter(|&v| !s.done[v as usize]).collect();
    pre.left = rest.len();
    if rest.is_empty() {
        return Some((s.solution(), solver, pre));
    }
    if steps.single {
        if let Some(p) = one_parity(game, rest.iter().copied()) {
            pre.single_parity = true;
            settle_all(&mut s, &rest, p);
            return Some((s.solution(), solver, pre));
        }
    }
    let whole = rest.len() == n;
    let mut left = if whole {
        None
    } else {
        Some(subgame(game, &rest, &mut vec![u32::MAX; n]))
    };
    let (priority, before, after) = compressed(left.as_ref().unwrap_or(game));
    pre.priorities = before;
    pre.compressed = before;
    if steps.compress {
        pre.compressed = after;
        left = Some(left.unwrap_or_else(|| game.clone()).with_priorities(priority));
    }
    let target = left.as_ref().unwrap_or(game);
    let done = s.count;
    let mut inner = |p: Progress| {
        progress(Progress {
            solved: done + p.solved,
            work: p.work,
        })
    };
    let pipeline = |kind: SolverKind, p: &mut dyn FnMut(Progress) -> bool| {
        if steps.scc {
            solve_by_components(target, kind, p)
        } else {
            solve_by(target, kind, p)
        }
    };
    // The portfolio on several cores: its members side by side, each on
    // every component in turn (portfolio.rs).
    let (solution, by) = match super::portfolio::side_by_side_members(solver, target) {
        #[cfg(not(target_arch = "wasm32"))]
        Some(members) => super::portfolio::side_by_side(members, &pipeline, &mut inner)?.0,
        _ => pipeline(solver, &mut inner)?,
    };
    if whole {
        // Priorities compressed or not, the vertices and edges are the game's.
        return Some((solution.tidy(game), by, pre));
    }
    for (i, &v) in rest.iter().enumerate() {
        let to = solution.moves[i];
        s.settle(
            v,
            solution.winner[i],
            if to == NO_MOVE { NO_MOVE } else { rest[to as usize] },
        );
    }
    Some((s.solution(), by, pre))
}
