//! Zielonka's recursive algorithm (Zielonka 1998; McNaughton 1993), with the
//! bookkeeping of Oink's `zlk` (van Dijk, "Oink: an Implementation and
//! Evaluation of Modern Parity Game Solvers", TACAS 2018). Oink's `zlk.cpp`
//! (Apache-2.0) was studied; this code is our own. The page's walk through the
//! same recursion, one priority a call, is [`walk`](super::walk).
//!
//! In a game `G` whose top priorities (every priority above the opponent's
//! largest) favour `α`, let `A = Attr_α(top vertices)`. Solve `G \ A`. If the
//! opponent wins nothing there, α wins all of `G`. Otherwise the opponent's
//! region `W` of the subgame is a trap for α in `G`: its attractor `B` is won
//! by the opponent, and `G \ B` is solved by a second call.
//!
//! What makes it fast (none of it changes a winner):
//! * vertices renumbered by priority (priorities renumbered densely), so a call's top
//!   is the highest vertex not yet attracted, found by walking down from the
//!   previous call's top instead of scanning its game;
//! * one array `region` tells every vertex's place: still free (or, for an
//!   opponent vertex met by an attractor, minus its successors left), or the
//!   level of the call whose attractor took it. Levels only grow, so a call's
//!   game is every vertex free or at its own level or deeper: no call copies
//!   or scans its game, and an opponent vertex's count carries over to the
//!   call below (its subgame lost exactly the vertices attracted);
//! * the opponent's attractor `B` is grown from `W` only through `A` (the
//!   part of the subgame α wins is closed to the opponent there), and when
//!   it takes nothing from `A` the call is finished: α wins `G \ W`;
//! * the recursion runs on an explicit stack, so no game overflows the call
//!   stack.
//!
//! # Complexity
//! O(V^d) calls in the worst case (d distinct priorities): exponential on
//! Friedmann's recursive ladder; each call costs the attractors it computes.
//! Memory O(V + E).
//!
//! ```
//! use ludolab::parity::{generate, verify, zielonka::zielonka, Parity};
//! let game = generate::ladder(4).unwrap();
//! let s = zielonka(&game, &mut |_| true).unwrap();
//! assert!(verify::check(&game, &s).is_ok());
//! // Each vertex of a ladder is won by the player of its parity.
//! assert!((0..8).all(|v| s.winner[v] == Parity::of(v as u32)));
//! ```

use super::game::{Parity, ParityGame};
use super::promotion::{sorted, unsorted};
use super::{Progress, Solution, NO_MOVE, PROGRESS_EVERY};

/// In the game of the current call, not met by any attractor.
const FREE: i64 = i64::MIN;

/// One call: its top vertex, its level, and how far it got.
struct Frame {
    top: usize,
    level: i64,
    phase: Phase,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// The top attractor is not computed yet.
    Open,
    /// The subgame `G \ A` is being solved.
    First,
    /// `G \ B` is being solved; this call's set holds `B`.
    Second,
}

struct Zlk<'g> {
    game: &'g ParityGame,
    pred_offsets: Vec<u32>,
    preds: Vec<u32>,
    region: Vec<i64>,
    winning: Vec<Parity>,
    strategy: Vec<u32>,
    queue: Vec<u32>,
    /// Edges looked at, for progress.
    work: u64,
}

impl Zlk<'_> {
    fn predecessors(&self, v: usize) -> std::ops::Range<usize> {
        self.pred_offsets[v] as usize..self.pred_offsets[v + 1] as usize
    }

    /// Attracts, for the player the priority of `top` favours, every free
    /// vertex of that parity from `top` down to the next free vertex of the
    /// other parity, into `set` at `level`. Returns that next free vertex (the
    /// subgame's top), if any.
    fn attract_top(&mut self, top: usize, level: i64, set: &mut Vec<u32>) -> Option<usize> {
        let game = self.game;
        let player = Parity::of(game.priority(top));
        let mut i = top as isize;
        while i >= 0 {
            let head = i as usize;
            i -= 1;
            if self.region[head] >= 0 {
                continue;
            }
            if Parity::of(game.priority(head)) != player {
                return Some(head);
            }
            self.region[head] = level;
            self.winning[head] = player;
            self.strategy[head] = NO_MOVE;
            self.queue.push(head as u32);
            while let Some(cur) = self.queue.pop() {
                set.push(cur);
                let range = self.predecessors(cur as usize);
                self.work += range.len() as u64;
                for k in range {
                    let from = self.preds[k] as usize;
                    if self.region[from] >= 0 {
                        continue;
                    }
                    let take = if game.owner(from) == player {
                        self.strategy[from] = cur;
                        true
                    } else {
                        // Minus the successors not yet taken, `cur` among them.
                        let left = if self.region[from] == FREE {
                            let succ = game.successors(from);
                            self.work += succ.len() as u64;
                            let inside = succ
                                .iter()
                                .filter(|&&t| {
                                    let r = self.region[t as usize];
                                    r < 0 || r >= level
                                })
                                .count();
                            1 - inside as i64
                        } else {
                            self.region[from] + 1
                        };
                        if left < 0 {
                            self.region[from] = left;
                        } else {
                            self.strategy[from] = NO_MOVE;
                        }
                        left == 0
                    };
                    if take {
                        self.region[from] = level;
                        self.winning[from] = player;
                        self.queue.push(from as u32);
                    }
                }
            }
        }
        None
    }

    /// Whether `v`, of the call at `level`, has a successor in that call's game won by `player`.
    fn move_to(&self, v: usize, level: i64, player: Parity) -> Option<u32> {
        self.game
            .successors(v)
            .iter()
            .copied()
            .find(|&t| self.region[t as usize] >= level && self.winning[t as usize] == player)
    }

    /// Grows the opponent's region `won` (of the subgame) into its attractor in
    /// the call's game, which can only enter it through `set` (α's top
    /// attractor). Returns how many vertices it took.
    fn attract_losing(&mut self, level: i64, player: Parity, set: &[u32], won: &mut Vec<u32>) -> usize {
        let game = self.game;
        let opponent = player.other();
        for &v in set {
            let v = v as usize;
            if self.winning[v] != player {
                continue;
            }
            self.work += game.successors(v).len() as u64;
            let taken = if game.owner(v) == player {
                self.move_to(v, level, player).is_none()
            } else if let Some(t) = self.move_to(v, level, opponent) {
                self.strategy[v] = t;
                true
            } else {
                false
            };
            if taken {
                if game.owner(v) == player {
                    self.strategy[v] = NO_MOVE;
                }
                self.winning[v] = opponent;
                self.queue.push(v as u32);
            }
        }
        let mut count = 0;
        while let Some(cur) = self.queue.pop() {
            count += 1;
            won.push(cur);
            self.region[cur as usize] = level;
            let range = self.predecessors(cur as usize);
            self.work += range.len() as u64;
            for k in range {
                let from = self.preds[k] as usize;
                if self.region[from] < level || self.winning[from] != player {
                    continue;
                }
                if game.owner(from) == player {
                    self.work += game.successors(from).len() as u64;
                    if self.move_to(from, level, player).is_some() {
                        continue;
                    }
                    self.strategy[from] = NO_MOVE;
                } else {
                    self.strategy[from] = cur;
                }
                self.winning[from] = opponent;
                self.queue.push(from as u32);
            }
        }
        count
    }
}

/// Solves `game` by Zielonka's algorithm; `None` when `progress` returns false.
///
/// # Complexity
/// See the [module](self).
pub fn zielonka(game: &ParityGame, progress: &mut dyn FnMut(Progress) -> bool) -> Option<Solution> {
    let n = game.len();
    if n == 0 {
        return Some(Solution {
            winner: Vec::new(),
            moves: Vec::new(),
        });
    }
    let (game_sorted, order) = sorted(game);
    let (pred_offsets, preds) = game_sorted.predecessors();
    let mut z = Zlk {
        game: &game_sorted,
        pred_offsets,
        preds,
        region: vec![FREE; n],
        winning: vec![Parity::Even; n],
        strategy: vec![NO_MOVE; n],
        queue: Vec::new(),
        work: 0,
    };
    // The set of each call on the stack: its top attractor `A`, then `B`.
    let mut sets: Vec<Vec<u32>> = Vec::new();
    let mut stack = vec![Frame {
        top: n - 1,
        level: 0,
        phase: Phase::Open,
    }];
    let mut next_level = 1;
    // The regions won by Even and Odd in the call that just finished.
    let mut won = [Vec::new(), Vec::new()];
    let mut next_report = PROGRESS_EVERY;
    while !stack.is_empty() {
        if z.work >= next_report {
            next_report = z.work + PROGRESS_EVERY;
            // The opponents' regions of the outer calls in their second half are won for good.
            let solved = stack
                .iter()
                .take_while(|f| f.phase == Phase::Second)
                .enumerate()
                .map(|(d, _)| sets[d].len())
                .sum();
            if !progress(Progress { solved, work: z.work }) {
                return None;
            }
            continue;
        }
        let depth = stack.len() - 1;
        let frame = &mut stack[depth];
        let (top, level) = (frame.top, frame.level);
        let player = Parity::of(game_sorted.priority(top));
        let (mine, theirs) = (player.index(), player.other().index());
        if sets.len() <= depth {
            sets.push(Vec::new());
        }
        match frame.phase {
            Phase::Open => {
                frame.phase = Phase::First;
                let mut set = std::mem::take(&mut sets[depth]);
                set.clear();
                let below = z.attract_top(top, level, &mut set);
                sets[depth] = set;
                if let Some(below) = below {
                    stack.push(Frame {
                        top: below,
                        level: next_level,
                        phase: Phase::Open,
                    });
                    next_level += 1;
                }
            }
            Phase::First => {
                let set = std::mem::take(&mut sets[depth]);
                let mut lost = std::mem::take(&mut won[theirs]);
                let taken = if lost.is_empty() {
                    0
                } else {
                    z.attract_losing(level, player, &set, &mut lost)
                };
                won[theirs] = lost;
                if taken == 0 {
                    // α wins the call's game but the opponent's region: its
                    // top vertices move to any successor it wins.
                    for &v in &set {
                        let v = v as usize;
                        if game_sorted.owner(v) != player {
                            continue;
                        }
                        let s = z.strategy[v];
                        if s == NO_MOVE || z.winning[s as usize] != player {
                            z.strategy[v] = z.move_to(v, level, player).unwrap_or(NO_MOVE);
                        }
                    }
                    won[mine].extend_from_slice(&set);
                    sets[depth] = set;
                    stack.pop();
                    continue;
                }
                // Everything α still holds goes back into play, for the second call.
                let mut second_top = None;
                for &v in set.iter().chain(won[mine].iter()) {
                    let v = v as usize;
                    if z.winning[v] == player {
                        z.region[v] = FREE;
                        second_top = second_top.max(Some(v));
                    }
                }
                won[mine].clear();
                sets[depth] = std::mem::take(&mut won[theirs]);
                won[theirs] = set;
                won[theirs].clear();
                match second_top {
                    None => {
                        // B is the whole game.
                        won[theirs] = std::mem::take(&mut sets[depth]);
                        stack.pop();
                    }
                    Some(second_top) => {
                        frame.phase = Phase::Second;
                        stack.push(Frame {
                            top: second_top,
                            level: next_level,
                            phase: Phase::Open,
                        });
                        next_level += 1;
                    }
                }
            }
            Phase::Second => {
                let b = std::mem::take(&mut sets[depth]);
                won[theirs].extend_from_slice(&b);
                sets[depth] = b;
                stack.pop();
            }
        }
    }
    let moves: Vec<u32> = (0..n)
        .map(|v| {
            if game_sorted.owner(v) == z.winning[v] {
                z.strategy[v]
            } else {
                NO_MOVE
            }
        })
        .collect();
    Some(unsorted(game, &order, &z.winning, &moves))
}
