//! Small progress measures (M. Jurdziński, « Small progress measures for
//! solving parity games », STACS 2000), the textbook's measure-lifting solver.
//!
//! A measure gives each vertex a tuple of counts, one per odd priority, the
//! highest first, the count of priority q at most the number of vertices of
//! priority q, or ⊤. Comparing at priority p looks only at the counts of the
//! odd priorities ≥ p. `Prog(v, w)` is the least measure ≥ ρ(w) at p(v), and
//! strictly greater when p(v) is odd (a count can only grow so far before it
//! overflows to ⊤: an odd priority seen again and again). Lifting sets ρ(v) to
//! the least `Prog` over v's successors when Even owns v, the greatest when
//! Odd does, until no measure changes: Even wins exactly where ρ < ⊤, and
//! moves to a successor of least `Prog`. Odd's region and moves come from the
//! same lifting on the dual game (priorities + 1, owners swapped).
//!
//! A vertex of priority p only ever holds counts of the odd priorities ≥ p
//! (those below are cut to 0 by every `Prog` at p), so each stores those alone.
//!
//! # Complexity
//! O(d · E · Π (n_q + 1)) time over the odd priorities q (exponential in the
//! number of odd priorities: Jurdziński's own games, `source=jurdzinski`, are
//! built to reach it), O(V · d) memory, d the number of odd priorities.

use super::{Parity, ParityGame, Progress, Solution, NO_MOVE, PROGRESS_EVERY};
use crate::toolkit::sort;

/// Solves `game` by lifting Even's measures, then the dual game's; `None`
/// when `progress` returned false.
pub fn spm(game: &ParityGame, progress: &mut dyn FnMut(Progress) -> bool) -> Option<Solution> {
    let n = game.len();
    let mut work = 0u64;
    let mut winner = vec![Parity::Odd; n];
    let mut moves = vec![NO_MOVE; n];
    for player in [Parity::Even, Parity::Odd] {
        let mut lift = Lifting::new(game, player);
        lift.run(&mut work, progress)?;
        for v in 0..n {
            if !lift.top[v] {
                winner[v] = player;
                if game.owner(v) == player {
                    moves[v] = lift.best(v);
                }
            }
        }
    }
    Some(Solution { winner, moves })
}

/// The lifting for `player` (Even: the game itself; Odd: the dual game).
struct Lifting<'a> {
    game: &'a ParityGame,
    player: Parity,
    /// Each vertex's priority in the lifted game (+1 on the dual).
    priority: Vec<u32>,
    /// The most each count may reach (the lifted game's odd priorities,
    /// highest first): the number of vertices of that priority.
    most: Vec<u32>,
    /// Where each vertex's counts start in `counts`, and how many it has.
    start: Vec<usize>,
    len: Vec<u32>,
    counts: Vec<u32>,
    /// Measures at ⊤.
    top: Vec<bool>,
}

impl<'a> Lifting<'a> {
    fn new(game: &'a ParityGame, player: Parity) -> Self {
        let n = game.len();
        let shift = u32::from(player == Parity::Odd);
        let priority: Vec<u32> = (0..n).map(|v| game.priority(v) + shift).collect();
        let mut odd: Vec<u32> = priority.iter().copied().filter(|p| p % 2 == 1).collect();
        sort::sort_by(&mut odd, |a, b| b.cmp(a));
        odd.dedup();
        let mut most = vec![0u32; odd.len()];
        for &p in priority.iter().filter(|p| *p % 2 == 1) {
            if let Ok(i) = odd.binary_search_by(|q| p.cmp(q)) {
                most[i] += 1;
            }
        }
        // A vertex of priority p holds the counts of the odd priorities ≥ p.
        let len: Vec<u32> = priority
            .iter()
            .map(|&p| odd.partition_point(|&q| q >= p) as u32)
            .collect();
        let mut start = Vec::with_capacity(n);
        let mut total = 0;
        for &k in &len {
            start.push(total);
            total += k as usize;
        }
        Lifting {
            game,
            player,
            priority,
            most,
            start,
            len,
            counts: vec![0; total],
            top: vec![false; n],
        }
    }

    fn counts_of(&self, v: usize) -> usize {
        self.len[v] as usize
    }

    /// `Prog(v, w)` written into `out` (the counts of v's length); false for ⊤.
    fn prog(&self, v: usize, w: usize, out: &mut Vec<u32>) -> bool {
        out.clear();
        if self.top[w] {
            return false;
        }
        let k = self.counts_of(v);
        let (s, kw) = (self.start[w], self.counts_of(w));
        out.extend((0..k).map(|i| if i < kw { self.counts[s + i] } else { 0 }));
        if self.priority[v] % 2 == 0 {
            return true;
        }
        // The least greater measure at an odd priority: add one from its own
        // count (the last of v's), carrying upwards.
        for i in (0..k).rev() {
            if out[i] < self.most[i] {
                out[i] += 1;
                return true;
            }
            out[i] = 0;
        }
        false
    }

    /// Whether measure `a` (⊤ when None) is less than `b`, both of one length.
    fn less(a: Option<&[u32]>, b: Option<&[u32]>) -> bool {
        match (a, b) {
            (_, None) => a.is_some(),
            (None, Some(_)) => false,
            (Some(a), Some(b)) => a < b,
        }
    }

    /// The best `Prog` of v over its successors for its owner (least for the
    /// lifting player, greatest for the other), and the successor giving it.
    fn best_prog(&self, v: usize, scratch: &mut Vec<u32>, best: &mut Vec<u32>) -> (bool, u32) {
        let ours = self.game.owner(v) == self.player;
        let mut chosen = NO_MOVE;
        let mut best_finite = false;
        for &w in self.game.successors(v) {
            let finite = self.prog(v, w as usize, scratch);
            let candidate = finite.then_some(scratch.as_slice());
            let so_far = best_finite.then_some(best.as_slice());
            let better = chosen == NO_MOVE
                || if ours {
                    Self::less(candidate, so_far)
                } else {
                    Self::less(so_far, candidate)
                };
            if better {
                chosen = w;
                best_finite = finite;
                best.clear();
                best.extend_from_slice(scratch);
            }
        }
        (best_finite, chosen)
    }

    /// The lifting player's move at v: a successor of least `Prog`.
    fn best(&self, v: usize) -> u32 {
        self.best_prog(v, &mut Vec::new(), &mut Vec::new()).1
    }

    /// Lifts until no measure changes.
    fn run(&mut self, work: &mut u64, progress: &mut dyn FnMut(Progress) -> bool) -> Option<()> {
        let n = self.game.len();
        let (offsets, sources) = self.game.predecessors();
        let mut queued = vec![true; n];
        let mut queue: std::collections::VecDeque<u32> = (0..n as u32).collect();
        let (mut scratch, mut best) = (Vec::new(), Vec::new());
        let mut next_report = PROGRESS_EVERY;
        while let Some(v) = queue.pop_front() {
            let v = v as usize;
            queued[v] = false;
            *work += self.game.successors(v).len() as u64;
            if *work >= next_report {
                next_report = *work + PROGRESS_EVERY;
                let solved = self.top.iter().filter(|&&t| t).count();
                if !progress(Progress { solved, work: *work }) {
                    return None;
                }
            }
            if self.top[v] {
                continue;
            }
            let (finite, _) = self.best_prog(v, &mut scratch, &mut best);
            let (s, k) = (self.start[v], self.counts_of(v));
            let now = &self.counts[s..s + k];
            let raised = if finite { best.as_slice() > now } else { true };
            if !raised {
                continue;
            }
            if finite {
                self.counts[s..s + k].copy_from_slice(&best);
            } else {
                self.top[v] = true;
            }
            for &u in &sources[offsets[v] as usize..offsets[v + 1] as usize] {
                if !queued[u as usize] {
                    queued[u as usize] = true;
                    queue.push_back(u);
                }
            }
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parity::{generate, verify, zielonka::zielonka};

    /// The same regions as Zielonka's algorithm, and a strategy the verifier accepts.
    #[test]
    fn agrees_with_zielonka_and_verifies() {
        for seed in 0..40 {
            let game = generate::random(60, 8, 1, 3, true, seed).unwrap();
            let s = spm(&game, &mut |_| true).unwrap();
            assert!(verify::check(&game, &s).is_ok(), "seed {seed}");
            assert_eq!(s.winner, zielonka(&game, &mut |_| true).unwrap().winner, "seed {seed}");
        }
    }

    /// Jurdziński's own games, built to make the measures grow, and one vertex.
    #[test]
    fn solves_its_own_hard_games_and_the_smallest() {
        let game = generate::jurdzinski(3, 2).unwrap();
        let s = spm(&game, &mut |_| true).unwrap();
        assert!(verify::check(&game, &s).is_ok());
        let one = ParityGame::from_lists(&[(1, Parity::Even, vec![0])]).unwrap();
        let s = spm(&one, &mut |_| true).unwrap();
        assert_eq!(s.winner, vec![Parity::Odd]);
    }
}
