//! Recursive tangle learning (van Dijk, "Attracting Tangles to Solve Parity
//! Games", CAV 2018, and Oink's `rtl`): tangle learning that also looks for
//! tangles inside the regions it cannot use whole. Oink's `rtl.cpp`
//! (Apache-2.0) was studied for its order of work; this code is our own.
//!
//! As in [`tangle`](super::tangle), the game is cut from the highest priority
//! down into regions, each the attractor (tangles attracted whole) of the top
//! vertices of one parity in what is left below the regions above. Then:
//! * a region whose tops the opponent can leave downwards (an opponent top with
//!   an edge below, or a top of the region's player with no move inside)
//!   *leaks*: the opponent's attractor of those tops is taken out of it, and
//!   what remains is a game of its own, cut into regions in turn (the
//!   recursion);
//! * a closed region gives its tangles: the strongly connected pieces of the
//!   player's moves and the opponent's edges inside, reached from its tops;
//!   one with no escape at all is a dominion, attracted in the whole game and
//!   solved, and everything starts again from the top. Otherwise its highest
//!   top is taken out (with the opponent's attractor of it) and the rest is
//!   again a game of its own, so the tangles nested inside it are found too.
//!
//! Nested tangles are what the counter families and Two Counters hide from
//! plain tangle learning: one pass here learns what plain tangle learning
//! needs a round for each.
//!
//! A tangle comes into an attractor whole once none of its escapes is left
//! open (in the domain, outside the target); each vertex lists the tangles it
//! is an escape of, looked at when it comes in. On the families built against
//! tangle learning a tangle has tens of escapes and a vertex is an escape of
//! thousands of tangles, so the look is cut short twice: it reads first the
//! tangle's *watched* escape, the one last found open, kept in an array small
//! enough to stay in cache (as a SAT solver watches a literal of a clause);
//! and within one attraction it goes on from where the last look stopped, since
//! while an attractor only grows a closed escape stays closed.
//!
//! Those families also make a pass learn hundreds of tangles of which the
//! next pass attracts a handful and no later pass any other: a tangle no
//! attractor has taken within three passes of being learned is let
//! go, and the store compacted once the deleted hold most of it. A tangle let
//! go and learned again is kept for good, so none is learned more than twice
//! and the passes still end.
//!
//! An opponent's vertex comes into an attractor once none of its successors is
//! left in the domain, checked each time one of them comes in. On the families
//! above nearly every vertex has one or two successors, so each predecessor
//! entry carries the other successor of its vertex (when there are two): the
//! check is then one look at that vertex, instead of finding where the
//! vertex's successors start, reading them and looking at each, loads far
//! apart on a game larger than the cache.
//!
//! The recursion runs on an explicit stack of frames; a vertex lies in the
//! rest of at most one frame at a time (a child's game is carved out of its
//! parent's), so one array of frame numbers holds every frame's rest.
//!
//! # Complexity
//! Each pass is O(V·d + E·d + the tangles looked at) for a recursion of depth
//! d; the number of passes is exponential in the worst case, small on the
//! games of BENCHMARKS.md.
//!
//! ```
//! use ludolab::parity::{generate, recursive_tangle::recursive_tangle, verify};
//! let game = generate::recursive_ladder(20).unwrap();
//! let s = recursive_tangle(&game, &mut |_| true).unwrap();
//! assert!(verify::check(&game, &s).is_ok());
//! ```

use super::game::{Parity, ParityGame};
use super::promotion::unsorted;
use super::scc::Components;
use super::tangles::{
    holds_a_cycle, marks, owner_bit, Prepared, Scc, Tangles, DELETED, ESCAPE, FOUND, LIVE, ODD, REGION,
};
use super::{zielonka, Progress, Solution, NO_MOVE, PROGRESS_EVERY};
use crate::toolkit::sort;
use std::collections::BTreeSet;

/// In the opponent's attractor of a region's tops that leave (the learners' own bit).
const LEAK: u8 = 2;

/// What an attractor is built from and into.
#[derive(Clone, Copy)]
enum Mode {
    /// A region of the frame numbered so: from the frame's rest into `region`.
    Region(u32),
    /// The opponent's attractor of tops that leave: from the region into `leak`.
    Leak,
    /// A dominion: from the live game into `found`.
    Dominion,
}

/// One game of the recursion.
struct Frame {
    id: u32,
    /// Its vertices, highest first.
    verts: Vec<u32>,
    /// Where the search for its next top resumes in `verts`.
    at: usize,
}

struct Rtl<'g> {
    game: &'g ParityGame,
    pred_offsets: &'g [u32],
    preds: &'g [u32],
    /// Beside each predecessor `preds[k]`, an edge `from → v`: the other
    /// successor of `from` if it has two, else [`ALONE`] or [`MANY`].
    other: Vec<u32>,
    /// Each vertex's marks (`LIVE`, `REGION`, `LEAK`, `FOUND`, its owner, `ESCAPE`).
    flags: Vec<u8>,
    /// The frame whose rest holds each vertex (none if no live frame has this number).
    rest: Vec<u32>,
    next_id: u32,
    region_list: Vec<u32>,
    leak_list: Vec<u32>,
    found_list: Vec<u32>,
    tops: Vec<u32>,
    moves: Vec<u32>,
    tangles: Tangles,
    queue: Vec<u32>,
    winner: Vec<Parity>,
    won_moves: Vec<u32>,
    solved: usize,
    scc: Scc,
    work: u64,
    /// A pass stopped by its progress: its frames and whether it had learned
    /// a tangle, so that the next pass goes on from there with nothing lost.
    stopped: Option<(Vec<Frame>, bool)>,
    /// The attraction under way (its mode, a frame's number for a region):
    /// within one, vertices only move from the domain into the target, so a
    /// tangle's escape found closed stays closed. `None` once marks are cleared.
    context: Option<(u8, u32)>,
    /// Numbers the attractions, so that what a tangle's `cursor` says holds
    /// only within the one it was written in.
    epoch: u32,
    /// Each tangle's attraction (`epoch`) in which `cursor` was written.
    seen: Vec<u32>,
    /// Where in its escapes the first one still open was, in attraction
    /// `seen`; `DONE` once its members were looked at.
    cursor: Vec<u32>,
    /// Each tangle's escape last found open (its first at first).
    watch: Vec<u32>,
    /// Passes begun afresh (not resumed).
    passes: u32,
    /// Each tangle's pass when learned.
    learned_in: Vec<u32>,
    /// Whether each tangle is kept for good: it came into an attractor, or it
    /// was learned again after being let go.
    kept: Vec<bool>,
    /// The tangles before this one were looked at for letting go.
    on_trial: usize,
    /// The fingerprints ([`Tangles::fingerprint`]) of the tangles let go.
    let_go: BTreeSet<u64>,
    /// The members the deleted tangles still hold in the store.
    dead_members: usize,
}

/// A tangle not attracted within this many passes after it was learned is let
/// go (deleted), unless it was let go before (see [`Rtl::let_go_unused`]).
const TRIAL_PASSES: u32 = 3;

/// [`Rtl::other`] of a vertex with one successor.
const ALONE: u32 = u32::MAX - 1;

/// [`Rtl::other`] of a vertex with three successors or more.
const MANY: u32 = u32::MAX;

/// For each predecessor entry of `preds` (an edge `from → v`), the other
/// successor of `from` when it has two, else [`ALONE`] or [`MANY`].
fn other_successors(game: &ParityGame, pred_offsets: &[u32], preds: &[u32]) -> Vec<u32> {
    let mut other = Vec::with_capacity(preds.len());
    for v in 0..game.len() {
        for &from in &preds[pred_offsets[v] as usize..pred_offsets[v + 1] as usize] {
            other.push(match *game.successors(from as usize) {
                [_] => ALONE,
                [a, b] => {
                    if a == v as u32 {
                        b
                    } else {
                        a
                    }
                }
                _ => MANY,
            });
        }
    }
    other
}

/// A tangle's `cursor` once it came in whole or cannot in this attraction.
const DONE: u32 = u32::MAX;

impl Rtl<'_> {
    fn in_domain(&self, mode: Mode, v: usize) -> bool {
        match mode {
            Mode::Region(id) => self.rest[v] == id,
            Mode::Leak => self.flags[v] & REGION != 0,
            Mode::Dominion => self.flags[v] & (LIVE | FOUND) == LIVE,
        }
    }

    /// The mark of `mode`'s target.
    fn target(mode: Mode) -> u8 {
        match mode {
            Mode::Region(_) => REGION,
            Mode::Leak => LEAK,
            Mode::Dominion => FOUND,
        }
    }

    fn in_target(&self, mode: Mode, v: usize) -> bool {
        self.flags[v] & Rtl::target(mode) != 0
    }

    fn is_live(&self, v: usize) -> bool {
        self.flags[v] & LIVE != 0
    }

    /// Moves `v` from the domain into the target, with its move, and queues it.
    fn add(&mut self, mode: Mode, v: u32, to: u32) {
        let u = v as usize;
        match mode {
            Mode::Region(_) => {
                self.rest[u] = 0;
                self.flags[u] |= REGION;
                self.region_list.push(v);
            }
            Mode::Leak => {
                self.flags[u] = (self.flags[u] & !REGION) | LEAK;
                self.leak_list.push(v);
            }
            Mode::Dominion => {
                self.flags[u] |= FOUND;
                self.found_list.push(v);
            }
        }
        self.moves[u] = to;
        self.queue.push(v);
    }

    /// Attracts for `player` from the queue, vertices and tangles.
    fn attract(&mut self, mode: Mode, player: Parity) {
        let key = match mode {
            Mode::Region(id) => (0, id),
            Mode::Leak => (1, 0),
            Mode::Dominion => (2, 0),
        };
        if self.context != Some(key) {
            self.context = Some(key);
            self.epoch = self.epoch.wrapping_add(1);
            if self.epoch == 0 {
                self.seen.fill(0);
                self.epoch = 1;
            }
        }
        let game = self.game;
        let (target, mine) = (Rtl::target(mode), owner_bit(player));
        while let Some(v) = self.queue.pop() {
            let range = self.pred_offsets[v as usize] as usize..self.pred_offsets[v as usize + 1] as usize;
            self.work += range.len() as u64;
            for k in range {
                let from = self.preds[k] as usize;
                let f = self.flags[from];
                if f & target != 0 {
                    // A top finds its move into the target.
                    if f & ODD == mine && self.moves[from] == NO_MOVE {
                        self.moves[from] = v;
                    }
                    continue;
                }
                // Solved vertices are in no domain (read first: one line for both).
                if f & LIVE == 0 || !self.in_domain(mode, from) {
                    continue;
                }
                if f & ODD == mine {
                    self.add(mode, from as u32, v);
                    continue;
                }
                // The opponent's vertex comes in once none of its successors
                // is left in the domain. Most have one or two, and `v` (in
                // the target now) is one of them: the other, read beside
                // the predecessor, spares three loads far apart (where its
                // successors start, the successors, and their marks).
                let other = self.other[k];
                if other != MANY {
                    self.work += 1;
                    if other == ALONE || !self.in_domain(mode, other as usize) {
                        self.add(mode, from as u32, NO_MOVE);
                    }
                } else {
                    let succ = game.successors(from);
                    self.work += succ.len() as u64;
                    if !succ.iter().any(|&t| self.in_domain(mode, t as usize)) {
                        self.add(mode, from as u32, NO_MOVE);
                    }
                }
            }
            if self.flags[v as usize] & ESCAPE != 0 {
                self.attract_tangles(mode, player, v);
            }
        }
    }

    /// The tangles of `player` that `v` (just attracted) was an escape of come
    /// in whole when they lie in the domain and the target and none of their
    /// escapes is left in the domain.
    fn attract_tangles(&mut self, mode: Mode, player: Parity, v: u32) {
        let count = self.tangles.escape_of[v as usize].len();
        self.work += count as u64;
        for i in 0..count {
            let t = self.tangles.escape_of[v as usize][i] as usize;
            let p = self.tangles.priority[t];
            if p == DELETED || Parity::of(p) != player {
                continue;
            }
            // The escapes first: most calls end there, an escape still open,
            // without reading the tangle's (often many more) vertices. Within
            // one attraction the scan goes on from the escape found open last
            // time: those before it were closed and stay closed.
            let from = if self.seen[t] == self.epoch { self.cursor[t] } else { 0 };
            if from == DONE {
                continue;
            }
            // The escape last found open first, from an array small enough to
            // stay in cache: it is often open again (as a SAT solver's watched
            // literal), and then the escapes are not read at all.
            let w = self.watch[t] as usize;
            self.work += 1;
            if !self.in_target(mode, w) && self.in_domain(mode, w) {
                continue;
            }
            self.seen[t] = self.epoch;
            let escapes = self.tangles.escapes(t);
            let open = escapes[from as usize..]
                .iter()
                .position(|&e| !self.in_target(mode, e as usize) && self.in_domain(mode, e as usize));
            if let Some(k) = open {
                self.work += k as u64 + 1;
                let at = from + k as u32;
                self.watch[t] = escapes[at as usize];
                self.cursor[t] = at;
                continue;
            }
            self.work += (escapes.len() - from as usize) as u64;
            // Whatever the members say, it holds for the rest of this
            // attraction: a member outside both stays outside, and one that
            // comes in stays in.
            self.cursor[t] = DONE;
            let members = self.tangles.members(t);
            let size = members.len();
            let mut fresh = false;
            let mut whole = true;
            let mut solved = false;
            let mut looked = members.len();
            for (i, &(u, _)) in members.iter().enumerate() {
                let u = u as usize;
                if !self.is_live(u) {
                    solved = true;
                    break;
                }
                if self.in_target(mode, u) {
                    continue;
                }
                if !self.in_domain(mode, u) {
                    whole = false;
                    looked = i + 1;
                    break;
                }
                fresh = true;
            }
            self.work += looked as u64;
            if !whole {
                // The member outside goes to the front, for the same reason.
                self.tangles.members_mut(t).swap(0, looked - 1);
            }
            if solved {
                // One of its vertices is solved: it is gone for good.
                self.tangles.priority[t] = DELETED;
                self.dead_members += size;
                continue;
            }
            if !whole || !fresh {
                continue;
            }
            self.kept[t] = true;
            let (from, to) = (
                self.tangles.members_at[t] as usize,
                self.tangles.members_at[t + 1] as usize,
            );
            for k in from..to {
                let (u, m) = self.tangles.members[k];
                if !self.in_target(mode, u as usize) {
                    self.add(mode, u, m);
                }
            }
        }
    }

    fn clear_marks(&mut self) {
        self.context = None;
        for &v in &self.region_list {
            self.flags[v as usize] &= !REGION;
        }
        self.region_list.clear();
        for &v in &self.leak_list {
            self.flags[v as usize] &= !LEAK;
        }
        self.leak_list.clear();
        self.tops.clear();
    }

    /// The tangles of the closed region of `player` at priority `p`, learned;
    /// dominions go to `found_list`. Whether any was found.
    fn learn(&mut self, p: u32, player: Parity) -> bool {
        let mut any = false;
        let mut components = Components::default();
        self.scc.reset_marks();
        for i in 0..self.tops.len() {
            let start = self.tops[i];
            components.clear();
            self.scc
                .run_in_region(self.game, start, player, &self.flags, &self.moves, &mut components);
            for component in components.iter() {
                self.work += component.len() as u64;
                if !holds_a_cycle(self.game, component, player, &self.moves) {
                    continue;
                }
                any = true;
                let escapes = self.scc.open_escapes(self.game, component, player, &self.flags);
                if escapes.is_empty() {
                    for &v in component {
                        self.flags[v as usize] |= FOUND;
                        self.found_list.push(v);
                    }
                } else {
                    for &e in &escapes {
                        self.flags[e as usize] |= ESCAPE;
                    }
                    self.tangles
                        .push(self.game, component, &escapes, p, player, &self.moves);
                    self.seen.push(0);
                    self.cursor.push(0);
                    self.watch.push(escapes[0]);
                    self.learned_in.push(self.passes);
                    let fingerprint = self.tangles.fingerprint(self.tangles.len() - 1);
                    self.kept.push(self.let_go.contains(&fingerprint));
                }
            }
        }
        any
    }

    /// Attracts the dominions found (won by `player`) in the whole live game and solves them.
    fn solve_dominion(&mut self, player: Parity) {
        self.queue.extend_from_slice(&self.found_list);
        self.attract(Mode::Dominion, player);
        // Vertices leave the game: what the tangles' cursors say no longer holds.
        self.context = None;
        for &v in &self.found_list {
            let v = v as usize;
            self.flags[v] &= !(FOUND | LIVE);
            self.winner[v] = player;
            self.won_moves[v] = if self.game.owner(v) == player {
                self.moves[v]
            } else {
                NO_MOVE
            };
        }
        self.solved += self.found_list.len();
        self.found_list.clear();
    }

    /// Lets go of the tangles learned [`TRIAL_PASSES`] passes ago or more that
    /// no attractor has taken since, and compacts the store when the deleted
    /// tangles hold most of it.
    ///
    /// On the families built against tangle learning a pass learns hundreds of
    /// tangles and the next pass attracts a few, and no pass after attracts
    /// the others: kept, they would be looked at whenever one of their escapes
    /// comes into an attractor, in every pass. One let go and found again is
    /// kept for good, so that no tangle is learned more than twice: the
    /// passes still end (each learns a tangle not in the store, or solves).
    fn let_go_unused(&mut self) {
        while self.on_trial < self.tangles.len() && self.learned_in[self.on_trial] + TRIAL_PASSES <= self.passes {
            let t = self.on_trial;
            self.on_trial += 1;
            if self.kept[t] || self.tangles.priority[t] == DELETED {
                continue;
            }
            self.let_go.insert(self.tangles.fingerprint(t));
            self.tangles.priority[t] = DELETED;
            self.dead_members += self.tangles.members(t).len();
        }
        if self.dead_members <= self.game.len().max(self.tangles.members.len() / 2) {
            return;
        }
        self.work += self.tangles.members.len() as u64;
        let renumber = self.tangles.compact();
        let mut kept = 0;
        for (t, &to) in renumber.iter().enumerate() {
            if to == DELETED {
                continue;
            }
            if t < self.on_trial {
                kept += 1;
            }
            let to = to as usize;
            (self.watch[to], self.learned_in[to], self.kept[to]) = (self.watch[t], self.learned_in[t], self.kept[t]);
        }
        let len = self.tangles.len();
        self.on_trial = kept;
        for v in [&mut self.watch, &mut self.learned_in] {
            v.truncate(len);
        }
        self.kept.truncate(len);
        // What the cursors said was within attractions now over.
        self.context = None;
        self.seen = vec![0; len];
        self.cursor = vec![0; len];
        self.dead_members = 0;
    }

    /// A new pass's first frame: the whole live game.
    fn first_frame(&mut self) -> Frame {
        let n = self.game.len();
        // A pass has at most 2n frames (their games form a laminar family).
        if self.next_id > u32::MAX - 2 * n as u32 - 2 {
            self.rest.fill(0);
            self.next_id = 1;
        }
        let all: Vec<u32> = (0..n as u32).filter(|&v| self.is_live(v as usize)).collect();
        self.work += n as u64;
        self.new_frame(all)
    }

    fn new_frame(&mut self, mut verts: Vec<u32>) -> Frame {
        let id = self.next_id;
        self.next_id += 1;
        for &v in &verts {
            self.rest[v as usize] = id;
        }
        sort::sort_by(&mut verts, |a, b| b.cmp(a));
        Frame { id, verts, at: 0 }
    }

    /// One pass over the live game: `Some(true)` when a dominion was solved or
    /// a tangle learned, `None` when `progress` stopped it.
    fn pass(&mut self, progress: &mut dyn FnMut(Progress) -> bool, next_report: &mut u64) -> Option<bool> {
        // A pass stopped goes on where it was: nothing changed since (the
        // portfolio's other run keeps its own state).
        let (mut stack, mut learned) = if let Some(stopped) = self.stopped.take() {
            stopped
        } else {
            self.passes += 1;
            self.let_go_unused();
            (vec![self.first_frame()], false)
        };
        while let Some(top) = stack.len().checked_sub(1) {
            if self.work >= *next_report {
                *next_report = self.work + PROGRESS_EVERY;
                if !progress(Progress {
                    solved: self.solved,
                    work: self.work,
                }) {
                    self.stopped = Some((stack, learned));
                    return None;
                }
            }
            let frame = &mut stack[top];
            let id = frame.id;
            let mut at = frame.at;
            while at < frame.verts.len() && self.rest[frame.verts[at] as usize] != id {
                at += 1;
            }
            if at == frame.verts.len() {
                stack.pop();
                continue;
            }
            let p = self.game.priority(frame.verts[at] as usize);
            let player = Parity::of(p);
            // The tops: every vertex of the rest of this parity down to the
            // other parity's next, each attracted as it comes.
            while at < frame.verts.len() {
                let v = frame.verts[at];
                if self.rest[v as usize] == id {
                    if Parity::of(self.game.priority(v as usize)) != player {
                        break;
                    }
                    self.tops.push(v);
                    self.add(Mode::Region(id), v, NO_MOVE);
                    self.attract(Mode::Region(id), player);
                }
                at += 1;
            }
            while at < frame.verts.len() && self.rest[frame.verts[at] as usize] != id {
                at += 1;
            }
            frame.at = at;
            let lowest = at == frame.verts.len();
            let mut leaks = false;
            if !lowest {
                for i in 0..self.tops.len() {
                    let v = self.tops[i] as usize;
                    let leaves = if self.game.owner(v) == player {
                        self.moves[v] == NO_MOVE
                    } else {
                        self.game.successors(v).iter().any(|&t| self.rest[t as usize] == id)
                    };
                    if leaves {
                        self.add(Mode::Leak, v as u32, NO_MOVE);
                    }
                }
                leaks = !self.queue.is_empty();
                self.attract(Mode::Leak, player.other());
            }
            if !leaks {
                learned |= self.learn(p, player);
                if !self.found_list.is_empty() {
                    self.clear_marks();
                    self.solve_dominion(player);
                    return Some(true);
                }
                // The highest top leaves, so that what is nested below it is looked at.
                if let Some(&v) = self.tops.iter().find(|&&v| self.flags[v as usize] & REGION != 0) {
                    self.add(Mode::Leak, v, NO_MOVE);
                    self.attract(Mode::Leak, player.other());
                }
            }
            let inner: Vec<u32> = self
                .region_list
                .iter()
                .copied()
                .filter(|&v| self.flags[v as usize] & REGION != 0)
                .collect();
            self.clear_marks();
            if !inner.is_empty() {
                let child = self.new_frame(inner);
                stack.push(child);
            }
        }
        Some(learned)
    }
}

/// Solves `game` by recursive tangle learning; `None` when `progress` returns false.
///
/// # Complexity
/// See the [module](self).
pub fn recursive_tangle(game: &ParityGame, progress: &mut dyn FnMut(Progress) -> bool) -> Option<Solution> {
    recursive_tangle_prepared(game, &Prepared::new(game), progress)
}

/// A recursive tangle-learning run that stops when its progress says so and
/// goes on later, keeping every tangle and dominion it found (the portfolio's
/// turns; a pass stopped halfway goes on where it was).
pub(crate) struct RecursiveTangleRun<'p> {
    solver: Rtl<'p>,
    next_report: u64,
}

impl<'p> RecursiveTangleRun<'p> {
    pub(crate) fn new(prepared: &'p Prepared) -> RecursiveTangleRun<'p> {
        let n = prepared.game.len();
        let solver = Rtl {
            game: &prepared.game,
            pred_offsets: &prepared.pred_offsets,
            preds: &prepared.preds,
            other: other_successors(&prepared.game, &prepared.pred_offsets, &prepared.preds),
            flags: marks(&prepared.game),
            rest: vec![0; n],
            next_id: 1,
            region_list: Vec::new(),
            leak_list: Vec::new(),
            found_list: Vec::new(),
            tops: Vec::new(),
            moves: vec![NO_MOVE; n],
            tangles: Tangles::new(n),
            queue: Vec::new(),
            winner: vec![Parity::Even; n],
            won_moves: vec![NO_MOVE; n],
            solved: 0,
            scc: Scc::new(n),
            work: 0,
            stopped: None,
            context: None,
            epoch: 0,
            seen: Vec::new(),
            cursor: Vec::new(),
            watch: Vec::new(),
            passes: 0,
            learned_in: Vec::new(),
            kept: Vec::new(),
            on_trial: 0,
            let_go: BTreeSet::new(),
            dead_members: 0,
        };
        RecursiveTangleRun {
            solver,
            next_report: PROGRESS_EVERY,
        }
    }

    /// Goes on until the game is solved (`Some(true)`), a pass finds nothing
    /// (`Some(false)`: never seen; the caller answers otherwise) or `progress`
    /// says stop (`None`).
    pub(crate) fn resume(&mut self, progress: &mut dyn FnMut(Progress) -> bool) -> Option<bool> {
        let n = self.solver.game.len();
        while self.solver.solved < n {
            if !self.solver.pass(progress, &mut self.next_report)? {
                // Every pass learns a tangle or solves a dominion (a closed
                // region's graph has a cycle below each top, and a tangle
                // already learned would have been attracted).
                debug_assert!(false, "a pass of recursive tangle learning found nothing");
                return Some(false);
            }
        }
        Some(true)
    }

    /// The solution found, in `game`'s numbering.
    pub(crate) fn solution(&self, game: &ParityGame, prepared: &Prepared) -> Solution {
        unsorted(game, &prepared.order, &self.solver.winner, &self.solver.won_moves)
    }

    /// The work done so far (edges looked at).
    #[cfg(test)]
    pub(crate) fn work(&self) -> u64 {
        self.solver.work
    }
}

/// [`recursive_tangle`] on a game already prepared.
fn recursive_tangle_prepared(
    game: &ParityGame,
    prepared: &Prepared,
    progress: &mut dyn FnMut(Progress) -> bool,
) -> Option<Solution> {
    let mut run = RecursiveTangleRun::new(prepared);
    if run.resume(progress)? {
        Some(run.solution(game, prepared))
    } else {
        // Should a pass ever find nothing, Zielonka's algorithm still answers.
        zielonka::zielonka(game, progress)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parity::{generate, hard, verify};

    /// Solves `game` by a run kept for its state, verified and checked
    /// against Zielonka's algorithm.
    fn solved(game: &ParityGame) -> (usize, usize) {
        let prepared = Prepared::new(game);
        let mut run = RecursiveTangleRun::new(&prepared);
        assert_eq!(run.resume(&mut |_| true), Some(true));
        let solution = run.solution(game, &prepared);
        assert!(verify::check(game, &solution).is_ok());
        let truth = zielonka::zielonka(game, &mut |_| true).unwrap();
        assert_eq!(solution.winner, truth.winner);
        let rtl = &run.solver;
        // Found again after being let go: kept, with its fingerprint let go.
        let again = (0..rtl.tangles.len())
            .filter(|&t| rtl.tangles.priority[t] != DELETED && rtl.let_go.contains(&rtl.tangles.fingerprint(t)))
            .count();
        (rtl.let_go.len(), again)
    }

    #[test]
    fn each_predecessor_entry_names_the_other_successor() {
        // 0 → 1; 1 → 1, 2 (a loop); 2 → 0, 1, 3; 3 → 2, 2 (an edge twice).
        let game = ParityGame::new(
            vec![0, 1, 2, 3],
            vec![Parity::Even, Parity::Odd, Parity::Even, Parity::Odd],
            vec![0, 1, 3, 6, 8],
            vec![1, 1, 2, 0, 1, 3, 2, 2],
        )
        .unwrap();
        let (offsets, preds) = game.predecessors();
        let other = other_successors(&game, &offsets, &preds);
        let mut seen = Vec::new();
        for v in 0..game.len() {
            for k in offsets[v] as usize..offsets[v + 1] as usize {
                seen.push((preds[k], v as u32, other[k]));
            }
        }
        sort::sort(&mut seen);
        let expected = vec![
            (0, 1, ALONE),
            (1, 1, 2),
            (1, 2, 1),
            (2, 0, MANY),
            (2, 1, MANY),
            (2, 3, MANY),
            (3, 2, 2),
            (3, 2, 2),
        ];
        assert_eq!(seen, expected);
    }

    #[test]
    fn tangles_never_attracted_are_let_go() {
        // Two Counters: a pass learns many tangles and the next attracts few.
        let (let_go, _) = solved(&hard::two_counters(12).unwrap());
        assert!(let_go > 100, "{let_go} tangles let go");
    }

    #[test]
    fn a_tangle_let_go_and_found_again_is_kept() {
        // Random games of the rn shape: some tangles are first attracted
        // several passes after they were learned, so are let go and found again.
        let mut again = 0;
        for seed in 0..30 {
            let game = generate::random(3_000, 3_000, 1, 2, true, seed).unwrap();
            again += solved(&game).1;
        }
        assert!(again > 0, "no tangle found again");
    }
}
