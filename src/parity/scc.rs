//! Solving a game bottom-up by its strongly connected components, as Oink's
//! `--scc` does (one of its preprocessing steps), with two cheap cases on the
//! way: a component of one vertex is won at once, and so is one whose
//! priorities all have one parity (the winner moves anywhere inside).
//!
//! Tarjan's algorithm finds the components in an order where every component
//! comes after those it has edges into. Taken in that order, each component
//! without the vertices already attracted is a game of its own: a vertex left
//! in it has no successor its owner wins outside (it would have been
//! attracted), so it has a successor inside, and its edges out lead only to
//! regions its owner loses, which no play of the owner takes. Each such game
//! is solved alone by the chosen solver, and both players' regions are then
//! attracted in what is left of the whole game.
//!
//! # Complexity
//! O(V + E) besides the solves of the components; the solves are on games no
//! larger than the components.
//!
//! ```
//! use ludolab::parity::{generate, scc::solve_by_components, verify, SolverKind};
//! let game = generate::random(500, 40, 1, 2, true, 3).unwrap();
//! let (s, _) = solve_by_components(&game, SolverKind::Zielonka, &mut |_| true).unwrap();
//! assert!(verify::check(&game, &s).is_ok());
//! ```

use super::game::{Parity, ParityGame};
use super::{solve_by, Progress, Solution, SolverKind, NO_MOVE};

/// The components of `game` in Tarjan's order (each after those it has edges
/// into), each as its vertices; iterative, so no game overflows the call stack.
fn components(game: &ParityGame) -> Vec<Vec<u32>> {
    let n = game.len();
    let mut index = vec![0u32; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut calls: Vec<(u32, usize)> = Vec::new();
    let mut next = 1u32;
    let mut out = Vec::new();
    for root in 0..n as u32 {
        if index[root as usize] != 0 {
            continue;
        }
        calls.push((root, 0));
        while let Some(&(v, k)) = calls.last() {
            let vu = v as usize;
            if k == 0 && index[vu] == 0 {
                index[vu] = next;
                low[vu] = next;
                next += 1;
                on_stack[vu] = true;
                stack.push(v);
            }
            let succ = game.successors(vu);
            if k < succ.len() {
                calls.last_mut().expect("a call is on the stack").1 = k + 1;
                let wu = succ[k] as usize;
                if index[wu] == 0 {
                    calls.push((succ[k], 0));
                } else if on_stack[wu] {
                    low[vu] = low[vu].min(index[wu]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                low[parent as usize] = low[parent as usize].min(low[vu]);
            }
            if low[vu] == index[vu] {
                let mut component = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w as usize] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                out.push(component);
            }
        }
    }
    out
}

/// The solved part of the game and the attractors that grow it.
struct Solved<'g> {
    game: &'g ParityGame,
    pred_offsets: Vec<u32>,
    preds: Vec<u32>,
    done: Vec<bool>,
    winner: Vec<Parity>,
    moves: Vec<u32>,
    /// For each player, each vertex's successors not yet won by that player.
    left: [Vec<u32>; 2],
    queue: Vec<u32>,
    count: usize,
}

impl Solved<'_> {
    fn settle(&mut self, v: u32, winner: Parity, to: u32) {
        let u = v as usize;
        self.done[u] = true;
        self.winner[u] = winner;
        self.moves[u] = if self.game.owner(u) == winner { to } else { NO_MOVE };
        self.count += 1;
    }

    /// Attracts for `player` into its region from the vertices it just won
    /// (`fresh`, each settled once): every vertex it wins passes here once, so
    /// each edge into its region is counted once.
    fn attract(&mut self, player: Parity, fresh: &[u32]) {
        let p = player.index();
        self.queue.extend_from_slice(fresh);
        while let Some(v) = self.queue.pop() {
            for k in self.pred_offsets[v as usize] as usize..self.pred_offsets[v as usize + 1] as usize {
                let from = self.preds[k];
                let fu = from as usize;
                self.left[p][fu] -= 1;
                if self.done[fu] || (self.game.owner(fu) != player && self.left[p][fu] > 0) {
                    continue;
                }
                self.settle(from, player, v);
                self.queue.push(from);
            }
        }
    }
}

/// Solves `game` component by component (see the [module](self)), each
/// component's game by `solver`; `None` when `progress` returns false. Also
/// says which solver finished the largest component (the portfolio's choice).
///
/// # Complexity
/// See the [module](self).
pub fn solve_by_components(
    game: &ParityGame,
    solver: SolverKind,
    progress: &mut dyn FnMut(Progress) -> bool,
) -> Option<(Solution, SolverKind)> {
    let n = game.len();
    let (pred_offsets, preds) = game.predecessors();
    let mut s = Solved {
        game,
        pred_offsets,
        preds,
        done: vec![false; n],
        winner: vec![Parity::Even; n],
        moves: vec![NO_MOVE; n],
        left: [0, 1].map(|_| (0..n).map(|v| game.successors(v).len() as u32).collect()),
        queue: Vec::new(),
        count: 0,
    };
    let mut finisher = (0, solver);
    let mut local = vec![u32::MAX; n];
    let mut next_report = 0;
    for component in components(game) {
        let rest: Vec<u32> = component.into_iter().filter(|&v| !s.done[v as usize]).collect();
        if rest.is_empty() {
            continue;
        }
        for (i, &v) in rest.iter().enumerate() {
            local[v as usize] = i as u32;
        }
        // Each vertex left keeps a successor inside (see the module).
        let local_ref = &local;
        let inside = move |v: u32| {
            game.successors(v as usize)
                .iter()
                .copied()
                .filter(move |&t| local_ref[t as usize] != u32::MAX)
        };
        let first = Parity::of(game.priority(rest[0] as usize));
        let (mut even, mut odd) = (Vec::new(), Vec::new());
        if rest.iter().all(|&v| Parity::of(game.priority(v as usize)) == first) {
            // One parity (a single vertex among them): its player wins, moving anywhere inside.
            for &v in &rest {
                let to = inside(v).next().unwrap_or(NO_MOVE);
                s.settle(v, first, to);
            }
            match first {
                Parity::Even => even = rest.clone(),
                Parity::Odd => odd = rest.clone(),
            }
        } else {
            let mut offsets = Vec::with_capacity(rest.len() + 1);
            let mut targets = Vec::new();
            offsets.push(0u32);
            for &v in &rest {
                targets.extend(inside(v).map(|t| local[t as usize]));
                offsets.push(targets.len() as u32);
            }
            let priority = rest.iter().map(|&v| game.priority(v as usize)).collect();
            let owner = rest.iter().map(|&v| game.owner(v as usize)).collect();
            let sub = match ParityGame::new(priority, owner, offsets, targets) {
                Ok(sub) => sub,
                Err(e) => unreachable!("a component left is a game (each vertex keeps a successor inside): {e}"),
            };
            let before = s.count;
            let (solution, by) = solve_by(&sub, solver, &mut |p| {
                progress(Progress {
                    solved: before + p.solved,
                    work: p.work,
                })
            })?;
            if rest.len() > finisher.0 {
                finisher = (rest.len(), by);
            }
            for (i, &v) in rest.iter().enumerate() {
                let w = solution.winner[i];
                let to = solution.moves[i];
                s.settle(v, w, if to == NO_MOVE { NO_MOVE } else { rest[to as usize] });
                match w {
                    Parity::Even => even.push(v),
                    Parity::Odd => odd.push(v),
                }
            }
        }
        for &v in &rest {
            local[v as usize] = u32::MAX;
        }
        s.attract(Parity::Even, &even);
        s.attract(Parity::Odd, &odd);
        if s.count >= next_report {
            next_report = s.count + (n / 64).max(1);
            if !progress(Progress {
                solved: s.count,
                work: s.count as u64,
            }) {
                return None;
            }
        }
    }
    debug_assert_eq!(s.count, n, "every component is solved or attracted");
    let solution = Solution {
        winner: s.winner,
        moves: s.moves,
    };
    Some((solution.tidy(game), finisher.1))
}
