//! Zielonka's recursion recorded for the page: the course's walk through the
//! algorithm (Zielonka 1998; McNaughton 1993), one priority a call as the
//! textbook writes it, each call's attractors kept. The solver the CLI and the
//! page run is [`zielonka`](super::zielonka), Oink's faster bookkeeping of the
//! same recursion; the two agree on every game of the tests.
//!
//! In a game `G` with largest priority `p`, let `α` be the player `p` favours,
//! `U` the vertices of priority `p` and `A = Attr_α(U)`. Solve `G \ A`
//! recursively. If the opponent wins nothing there, α wins all of `G`: from
//! `A` it forces a visit to `U`, elsewhere it plays as in the subgame, and a play
//! that visits `U` forever sees `p` forever. Otherwise the opponent's region of
//! the subgame is a trap for α in `G`: its attractor `B` is won by the opponent,
//! and the rest `G \ B` is solved again (here: the loop goes round with `G \ B`
//! while its top priority is still `p`).
//!
//! The recursion runs on an explicit stack of frames, so no game can overflow
//! the call stack. Each frame owns a range of one buffer of vertices and
//! partitions it in place, so the memory is O(V + E) whatever the depth.
//!
//! # Complexity
//! O(V^d) in the worst case (d distinct priorities); each call also scans its
//! game, which the solver avoids.
//!
//! ```
//! use ludolab::parity::{generate, verify, walk::zielonka_steps, Parity};
//! let game = generate::ladder(4).unwrap();
//! let (s, steps) = zielonka_steps(&game, 100);
//! assert!(verify::check(&game, &s).is_ok());
//! assert_eq!(steps[0].game.len(), 8);
//! // Each vertex of a ladder is won by the player of its parity.
//! assert!((0..8).all(|v| s.winner[v] == Parity::of(v as u32)));
//! ```

use super::attractor::Attractors;
use super::game::{Parity, ParityGame};
use super::{Solution, NO_MOVE};

/// One call of the recursion: the game is `verts[start..end]`, the vertices
/// already won by the opponent of `alpha` are `verts[end..full]`.
struct Frame {
    start: usize,
    end: usize,
    full: usize,
    /// Where the top priority's attractor begins (`verts[split..end]`).
    split: usize,
    alpha: Parity,
    top: u32,
    /// Its entry in the recorded steps, if recorded.
    step: Option<usize>,
    /// Waiting for the solve of what is left once the top priority was removed
    /// with the opponent's attractor: a call of its own (its top favours maybe
    /// the other player), whose answer is joined to `verts[end..full]`.
    tail: bool,
}

/// What a finished call leaves: `verts[start..cut]` won by `first`, the rest of
/// its range by the other player.
#[derive(Clone, Copy)]
struct Done {
    cut: usize,
    first: Parity,
}

/// One step of Zielonka's recursion, as the page draws it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Step {
    /// Depth of the call (0: the whole game).
    pub depth: usize,
    /// The game of this call.
    pub game: Vec<u32>,
    /// Its largest priority.
    pub top: u32,
    /// The player that priority favours.
    pub alpha: Parity,
    /// `Attr_α` of the top-priority vertices.
    pub attractor: Vec<u32>,
    /// The opponent's region of the subgame, once it is solved (empty: α wins all).
    pub opponent_region: Vec<u32>,
    /// Its attractor `B`, removed before the next round.
    pub removed: Vec<u32>,
}

struct Zielonka<'g> {
    game: &'g ParityGame,
    attr: Attractors,
    active: Vec<bool>,
    verts: Vec<u32>,
    moves: Vec<u32>,
    scratch: Vec<u32>,
    /// The steps recorded so far (at most `max_steps`).
    steps: Vec<Step>,
    max_steps: usize,
}

impl Zielonka<'_> {
    /// Partitions `verts[start..end]` so that the members come last; returns where they begin.
    fn members_last(&mut self, start: usize, end: usize) -> usize {
        let mut lo = start;
        let mut hi = end;
        while lo < hi {
            if self.attr.member[self.verts[lo] as usize] {
                hi -= 1;
                self.verts.swap(lo, hi);
            } else {
                lo += 1;
            }
        }
        lo
    }

    fn top_priority(&self, start: usize, end: usize) -> u32 {
        self.verts[start..end]
            .iter()
            .map(|&v| self.game.priority(v as usize))
            .max()
            .unwrap_or(0)
    }

    /// Opens a call on `verts[start..end]`; `None` for an empty game.
    fn open(&mut self, start: usize, end: usize, full: usize, depth: usize) -> Option<Frame> {
        if start == end {
            return None;
        }
        let top = self.top_priority(start, end);
        let alpha = Parity::of(top);
        self.scratch.clear();
        let game = self.game;
        let seeds: Vec<u32> = self.verts[start..end]
            .iter()
            .copied()
            .filter(|&v| game.priority(v as usize) == top)
            .collect();
        let mut out = std::mem::take(&mut self.scratch);
        self.attr
            .attract(game, &self.active, alpha, &seeds, &mut self.moves, &mut out);
        let split = self.members_last(start, end);
        for &v in &out {
            self.attr.member[v as usize] = false;
            self.active[v as usize] = false;
        }
        let mut step = None;
        if self.steps.len() < self.max_steps {
            step = Some(self.steps.len());
            self.steps.push(Step {
                depth,
                game: self.verts[start..end].to_vec(),
                top,
                alpha,
                attractor: out.clone(),
                opponent_region: Vec::new(),
                removed: Vec::new(),
            });
        }
        self.scratch = out;
        Some(Frame {
            start,
            end,
            full,
            split,
            alpha,
            top,
            step,
            tail: false,
        })
    }

    /// Finishes a tail frame: `verts[start..end]` solved as `sub`, and
    /// `verts[end..full]` won by the opponent of `frame.alpha`.
    fn join(&mut self, frame: &Frame, sub: Done) -> Done {
        for i in frame.end..frame.full {
            self.active[self.verts[i] as usize] = true;
        }
        let lost_to = frame.alpha.other();
        if sub.first != lost_to {
            // verts[sub.cut..end] is won by lost_to, next to verts[end..full].
            return sub;
        }
        // Bring the part won by the other player to the front.
        let won_first = frame.end - sub.cut;
        self.verts[frame.start..frame.end].rotate_left(sub.cut - frame.start);
        Done {
            cut: frame.start + won_first,
            first: lost_to.other(),
        }
    }

    /// Resumes `frame` once its subgame `verts[start..split]` is solved.
    /// Returns the finished call, or `None` when it goes round again.
    fn resume(&mut self, frame: &mut Frame, sub: Done) -> Option<Done> {
        for i in frame.split..frame.end {
            self.active[self.verts[i] as usize] = true;
        }
        let opponent = frame.alpha.other();
        let (lo, hi) = if sub.first == opponent {
            (frame.start, sub.cut)
        } else {
            (sub.cut, frame.split)
        };
        if lo == hi {
            // α wins the whole game; its top vertices may go anywhere in it.
            for i in frame.start..frame.end {
                let v = self.verts[i] as usize;
                if self.game.priority(v) == frame.top && self.game.owner(v) == frame.alpha {
                    let active = &self.active;
                    self.moves[v] = self
                        .game
                        .successors(v)
                        .iter()
                        .copied()
                        .find(|&t| active[t as usize])
                        .unwrap_or(NO_MOVE);
                }
            }
            for i in frame.end..frame.full {
                self.active[self.verts[i] as usize] = true;
            }
            return Some(Done {
                cut: frame.end,
                first: frame.alpha,
            });
        }
        let seeds: Vec<u32> = self.verts[lo..hi].to_vec();
        let mut out = std::mem::take(&mut self.scratch);
        out.clear();
        self.attr
            .attract(self.game, &self.active, opponent, &seeds, &mut self.moves, &mut out);
        let cut = self.members_last(frame.start, frame.end);
        for &v in &out {
            self.attr.member[v as usize] = false;
            self.active[v as usize] = false;
        }
        if let Some(i) = frame.step {
            self.steps[i].opponent_region = seeds;
            self.steps[i].removed = out.clone();
        }
        self.scratch = out;
        frame.end = cut;
        None
    }
}

/// Solves `game` and records the first `max_steps` calls of the recursion, in
/// the order they open (the page's walk through it). Meant for the small games
/// the page draws: it has no progress and no cancel.
///
/// # Complexity
/// See the [module](self).
pub fn zielonka_steps(game: &ParityGame, max_steps: usize) -> (Solution, Vec<Step>) {
    let n = game.len();
    let mut z = Zielonka {
        game,
        attr: Attractors::new(game),
        active: vec![true; n],
        verts: (0..n as u32).collect(),
        moves: vec![NO_MOVE; n],
        scratch: Vec::new(),
        steps: Vec::new(),
        max_steps,
    };
    let mut stack: Vec<Frame> = Vec::new();
    // The result of the call that just finished, for its caller.
    let mut done: Option<Done> = None;
    match z.open(0, n, n, 0) {
        Some(f) => stack.push(f),
        None => {
            done = Some(Done {
                cut: 0,
                first: Parity::Even,
            });
        }
    }
    while !stack.is_empty() {
        let depth = stack.len();
        let frame = stack
            .last_mut()
            .unwrap_or_else(|| unreachable!("the loop holds a frame"));
        let Some(sub) = done.take() else {
            // Descend into the game without the top priority's attractor.
            let (start, split) = (frame.start, frame.split);
            match z.open(start, split, split, depth) {
                Some(child) => stack.push(child),
                None => {
                    done = Some(Done {
                        cut: start,
                        first: Parity::Even,
                    });
                }
            }
            continue;
        };
        if frame.tail {
            let finished = z.join(frame, sub);
            stack.pop();
            done = Some(finished);
            continue;
        }
        if let Some(finished) = z.resume(frame, sub) {
            stack.pop();
            done = Some(finished);
            continue;
        }
        let (start, end, full, alpha) = (frame.start, frame.end, frame.full, frame.alpha);
        if start == end {
            // The opponent's attractor took everything.
            for i in end..full {
                z.active[z.verts[i] as usize] = true;
            }
            stack.pop();
            done = Some(Done {
                cut: start,
                first: alpha,
            });
            continue;
        }
        if z.top_priority(start, end) == frame.top {
            // Go round in what is left: its top still favours α.
            stack.pop();
            if let Some(f) = z.open(start, end, full, depth - 1) {
                stack.push(f);
            }
        } else {
            // The top priority is gone: what is left is a game of its own.
            frame.tail = true;
            if let Some(child) = z.open(start, end, end, depth) {
                stack.push(child);
            }
        }
    }
    let Done { cut, first } = done.unwrap_or(Done {
        cut: 0,
        first: Parity::Even,
    });
    let mut winner = vec![first.other(); n];
    for &v in &z.verts[..cut] {
        winner[v as usize] = first;
    }
    let solution = Solution { winner, moves: z.moves }.tidy(game);
    (solution, z.steps)
}
