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

/// Tarjan's algorithm, iterative (no game overflows the call stack), over a
/// graph given edge by edge, its arrays kept between runs: a run touches only
/// the vertices it visits, and [`Tarjan::reset`] clears those.
pub(crate) struct Tarjan {
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    calls: Vec<(u32, u32)>,
    seen: Vec<u32>,
    next: u32,
}

impl Tarjan {
    pub(crate) fn new(n: usize) -> Tarjan {
        Tarjan {
            index: vec![0; n],
            low: vec![0; n],
            on_stack: vec![false; n],
            stack: Vec::new(),
            calls: Vec::new(),
            seen: Vec::new(),
            next: 1,
        }
    }

    /// Adds to `out` the components reachable from `root` not found since the
    /// last reset, in Tarjan's order (each after those it has edges into).
    /// `edge(v, k)` is the edge of `v` at or after cursor `k`, with the cursor
    /// after it: `(successor, next cursor)`, or `None` when none is left.
    pub(crate) fn search(&mut self, root: u32, edge: impl Fn(u32, u32) -> Option<(u32, u32)>, out: &mut Components) {
        if self.index[root as usize] != 0 {
            return;
        }
        self.visit(root);
        self.calls.push((root, 0));
        while let Some(&(v, k)) = self.calls.last() {
            let vu = v as usize;
            if let Some((w, next)) = edge(v, k) {
                self.calls.last_mut().expect("a call is on the stack").1 = next;
                let wu = w as usize;
                if self.index[wu] == 0 {
                    self.visit(w);
                    self.calls.push((w, 0));
                } else if self.on_stack[wu] {
                    self.low[vu] = self.low[vu].min(self.index[wu]);
                }
                continue;
            }
            self.calls.pop();
            if let Some(&(parent, _)) = self.calls.last() {
                let pu = parent as usize;
                self.low[pu] = self.low[pu].min(self.low[vu]);
            }
            if self.low[vu] == self.index[vu] {
                while let Some(w) = self.stack.pop() {
                    self.on_stack[w as usize] = false;
                    out.members.push(w);
                    if w == v {
                        break;
                    }
                }
                out.ends.push(out.members.len() as u32);
            }
        }
    }

    fn visit(&mut self, v: u32) {
        let vu = v as usize;
        self.index[vu] = self.next;
        self.low[vu] = self.next;
        self.next += 1;
        self.on_stack[vu] = true;
        self.stack.push(v);
        self.seen.push(v);
    }

    /// Unvisits every vertex visited since the last reset.
    pub(crate) fn reset(&mut self) {
        for v in self.seen.drain(..) {
            self.index[v as usize] = 0;
        }
        self.next = 1;
    }

    /// The strongly connected components of the subgraph of the graph
    /// `successors` gives on the vertices `inside` accepts, found from `roots`
    /// (each accepted), in Tarjan's order.
    pub(crate) fn components<'s>(
        &mut self,
        successors: impl Fn(u32) -> &'s [u32],
        roots: impl IntoIterator<Item = u32>,
        inside: impl Fn(u32) -> bool,
    ) -> Components {
        let mut out = Components::default();
        let edge = |v: u32, k: u32| {
            let succ = successors(v);
            (k as usize..succ.len())
                .find(|&i| inside(succ[i]))
                .map(|i| (succ[i], i as u32 + 1))
        };
        for root in roots {
            self.search(root, edge, &mut out);
        }
        self.reset();
        out
    }
}

/// Strongly connected components end to end, in the order found: most
/// components of a game are single vertices, and one buffer for all of them
/// spares a 10⁶-vertex game a million allocations.
#[derive(Default)]
pub(crate) struct Components {
    members: Vec<u32>,
    /// Where each component ends in `members`.
    ends: Vec<u32>,
}

impl Components {
    pub(crate) fn clear(&mut self) {
        self.members.clear();
        self.ends.clear();
    }

    /// The number of components.
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// The `i`-th component's vertices (the vertex it was found from last).
    pub(crate) fn get(&self, i: usize) -> &[u32] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.members[start..self.ends[i] as usize]
    }

    /// The components in the order found.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &[u32]> {
        (0..self.len()).map(|i| self.get(i))
    }
}

/// The components of `game` in Tarjan's order (each after those it has edges into).
fn components(game: &ParityGame) -> Components {
    Tarjan::new(game.len()).components(|v| game.successors(v as usize), 0..game.len() as u32, |_| true)
}

/// A part of `game` as a game of its own: the vertices `rest` (each keeping a
/// successor among them), numbered in that order, with the edges between
/// them. `local` maps a vertex of `rest` to its new number and is
/// [`u32::MAX`] elsewhere (as it is left).
pub(crate) fn subgame(game: &ParityGame, rest: &[u32], local: &mut [u32]) -> ParityGame {
    for (i, &v) in rest.iter().enumerate() {
        local[v as usize] = i as u32;
    }
    let mut offsets = Vec::with_capacity(rest.len() + 1);
    let mut targets = Vec::new();
    offsets.push(0u32);
    for &v in rest {
        targets.extend(
            game.successors(v as usize)
                .iter()
                .map(|&t| local[t as usize])
                .filter(|&t| t != u32::MAX),
        );
        offsets.push(targets.len() as u32);
    }
    for &v in rest {
        local[v as usize] = u32::MAX;
    }
    let priority = rest.iter().map(|&v| game.priority(v as usize)).collect();
    let owner = rest.iter().map(|&v| game.owner(v as usize)).collect();
    match ParityGame::new(priority, owner, offsets, targets) {
        Ok(sub) => sub,
        Err(e) => unreachable!("a part whose every vertex keeps a successor inside is a game: {e}"),
    }
}

/// The solved part of the game and the attractors that grow it.
pub(crate) struct Solved<'g> {
    pub(crate) game: &'g ParityGame,
    pub(crate) pred_offsets: Vec<u32>,
    pub(crate) preds: Vec<u32>,
    pub(crate) done: Vec<bool>,
    pub(crate) winner: Vec<Parity>,
    pub(crate) moves: Vec<u32>,
    /// For each player, each vertex's successors not yet won by that player.
    left: [Vec<u32>; 2],
    queue: Vec<u32>,
    pub(crate) count: usize,
}

impl<'g> Solved<'g> {
    /// Nothing solved yet.
    pub(crate) fn new(game: &'g ParityGame) -> Solved<'g> {
        let n = game.len();
        let (pred_offsets, preds) = game.predecessors();
        Solved {
            game,
            pred_offsets,
            preds,
            done: vec![false; n],
            winner: vec![Parity::Even; n],
            moves: vec![NO_MOVE; n],
            left: [0, 1].map(|_| (0..n).map(|v| game.successors(v).len() as u32).collect()),
            queue: Vec::new(),
            count: 0,
        }
    }

    /// The solution so far, as a [`Solution`] of the whole game.
    pub(crate) fn solution(self) -> Solution {
        let game = self.game;
        Solution {
            winner: self.winner,
            moves: self.moves,
        }
        .tidy(game)
    }

    pub(crate) fn settle(&mut self, v: u32, winner: Parity, to: u32) {
        let u = v as usize;
        self.done[u] = true;
        self.winner[u] = winner;
        self.moves[u] = if self.game.owner(u) == winner { to } else { NO_MOVE };
        self.count += 1;
    }

    /// Attracts for `player` into its region from the vertices it just won
    /// (`fresh`, each settled once): every vertex it wins passes here once, so
    /// each edge into its region is counted once.
    pub(crate) fn attract(&mut self, player: Parity, fresh: &[u32]) {
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
    let mut s = Solved::new(game);
    let mut finisher = (0, solver);
    let mut local = vec![u32::MAX; n];
    let mut next_report = 0;
    for component in components(game).iter() {
        let rest: Vec<u32> = component.iter().copied().filter(|&v| !s.done[v as usize]).collect();
        if rest.is_empty() {
            continue;
        }
        let first = Parity::of(game.priority(rest[0] as usize));
        let (mut even, mut odd) = (Vec::new(), Vec::new());
        if rest.iter().all(|&v| Parity::of(game.priority(v as usize)) == first) {
            // One parity (a single vertex among them): its player wins, moving
            // anywhere inside (each vertex left keeps a successor inside: see the module).
            for &v in &rest {
                local[v as usize] = 0;
            }
            for &v in &rest {
                let to = game
                    .successors(v as usize)
                    .iter()
                    .copied()
                    .find(|&t| local[t as usize] != u32::MAX)
                    .unwrap_or(NO_MOVE);
                s.settle(v, first, to);
            }
            for &v in &rest {
                local[v as usize] = u32::MAX;
            }
            match first {
                Parity::Even => even = rest.clone(),
                Parity::Odd => odd = rest.clone(),
            }
        } else {
            let sub = subgame(game, &rest, &mut local);
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
    Some((s.solution(), finisher.1))
}
