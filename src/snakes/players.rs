//! One player's finish-time distribution, and games of m players built from it.
//!
//! Tokens move independently, so everything about a race of m players on start
//! squares `s_1..s_m` (moving in turn, player 1 first) follows from each square's
//! distribution: with `S_s(t)` = P(not finished after t rolls) and `f_s(t)` =
//! P(finishing on roll t), player k wins on its t-th roll (move `(t−1)m + k`) with
//! probability `f_{s_k}(t) Π_{l<k} S_{s_l}(t) Π_{l>k} S_{s_l}(t−1)`.

use super::{CharacteristicMatrix, Termination};
use crate::toolkit::{sort, Error, Progress};
use serde::Serialize;

/// Most players in a race.
pub const MAX_PLAYERS: usize = 6;
/// The per-square sequences stop when the mass that can still finish is below
/// this: it bounds what the win probabilities miss (and, divided by 1 − ρ, the
/// expected lengths).
pub const TAIL: f64 = 1e-13;
/// Step limit (a board whose spectral radius is within ~1e-6 of 1).
const MAX_ROLLS: usize = 10_000_000;

/// `finish[k][t − 1]` = f_s(t) and `survival[k][t]` = S_s(t) for the requested squares.
pub struct FinishTimes {
    /// `finish[s][t − 1]`: probability that a token from square s finishes at roll t.
    pub finish: Vec<Vec<f64>>,
    /// `survival[s][t]`: probability that it has not finished after t rolls.
    pub survival: Vec<Vec<f64>>,
}

/// The finish-time distributions of one player from each of `squares`, on the
/// full matrix (a trapped token stays in play forever). Each follows the token's
/// position distribution `π_t = π_(t−1) A` from its square: `f(t) = π_(t−1)·g`,
/// `S(t) = Σ π_t`. It stops when the mass that can still finish (on squares from
/// which the goal is reachable) is below `tail` ([`TAIL`] for full precision).
///
/// # Errors
/// [`Error::NoConvergence`] after the step limit.
///
/// # Complexity
/// O(T·nnz(A)) per square, T the number of rolls.
pub fn finish_times(
    a: &CharacteristicMatrix,
    t: &Termination,
    squares: &[usize],
    tail: f64,
) -> Result<FinishTimes, Error> {
    let n = a.size();
    let mut live = vec![true; n];
    for &s in &t.trapped {
        live[s] = false;
    }
    let mut out = FinishTimes {
        finish: Vec::with_capacity(squares.len()),
        survival: Vec::with_capacity(squares.len()),
    };
    let mut pi = vec![0.0; n];
    let mut next = vec![0.0; n];
    for &start in squares {
        pi.fill(0.0);
        pi[start] = 1.0;
        let (mut finish, mut survival) = (Vec::new(), vec![1.0]);
        let mut rolls = 0;
        loop {
            next.fill(0.0);
            let mut finishing = 0.0;
            for (i, &mass) in pi.iter().enumerate() {
                if mass != 0.0 {
                    finishing += mass * a.goal()[i];
                    for (j, p) in a.row(i) {
                        next[j] += mass * p;
                    }
                }
            }
            std::mem::swap(&mut pi, &mut next);
            finish.push(finishing);
            survival.push(pi.iter().sum());
            rolls += 1;
            let remaining: f64 = pi.iter().zip(&live).filter(|&(_, &l)| l).map(|(m, _)| m).sum();
            if remaining <= tail {
                break;
            }
            if rolls >= MAX_ROLLS {
                return Err(Error::NoConvergence {
                    method: "the finish-time distribution",
                    steps: rolls,
                    remaining,
                });
            }
        }
        out.finish.push(finish);
        out.survival.push(survival);
    }
    // Squares stop after different numbers of rolls: pad to a common length.
    let rolls = out.finish.iter().map(Vec::len).max().unwrap_or(0);
    for (f, s) in out.finish.iter_mut().zip(out.survival.iter_mut()) {
        let last = *s.last().unwrap_or(&1.0);
        f.resize(rolls, 0.0);
        s.resize(rolls + 1, last);
    }
    Ok(out)
}

/// One player alone, from one square.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OnePlayer {
    /// The square one starts on.
    pub start: usize,
    /// Expected number of rolls to finish (`None` when it may never finish).
    pub expected_rolls: Option<f64>,
    /// Smallest t with P(finished after t rolls) ≥ 1/2 (`None` if that never happens).
    pub median: Option<usize>,
    /// Fewest rolls that can finish (`None` if the goal is unreachable).
    pub min: Option<usize>,
    /// Probability of ever finishing.
    pub finish_probability: f64,
    /// `distribution[t − 1]`: probability of finishing on roll t.
    pub distribution: Vec<f64>,
}

impl OnePlayer {
    /// The statistics of a finish-time distribution `f` (index t − 1) and survival `s` (index t).
    pub fn from_distribution(start: usize, f: &[f64], s: &[f64], finish_probability: f64) -> OnePlayer {
        let sure = finish_probability >= 1.0;
        let mut cumulative = 0.0;
        let mut median = None;
        for (t, &ft) in f.iter().enumerate() {
            cumulative += ft;
            if median.is_none() && cumulative >= 0.5 - 1e-12 {
                median = Some(t + 1);
            }
        }
        OnePlayer {
            start,
            expected_rolls: sure.then(|| s.iter().sum()),
            median,
            min: f.iter().position(|&ft| ft > 0.0).map(|t| t + 1),
            finish_probability,
            distribution: f.to_vec(),
        }
    }
}

/// A race of m players.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Race {
    /// The players' start squares, in the order they move.
    pub starts: Vec<usize>,
    /// Probability that each player wins.
    pub win_probabilities: Vec<f64>,
    /// Expected number of moves (all players) until someone wins; `None` when the
    /// game may last forever.
    pub expected_length: Option<f64>,
    /// Probability that nobody ever finishes.
    pub never_ends: f64,
    /// `length_distribution[M − 1]`: probability that the game ends on move M,
    /// won by player `(M − 1) mod m` (0-based).
    pub length_distribution: Vec<f64>,
}

/// The race of players on `starts`, from their squares' distributions
/// (`times` holds them in the order of `squares`).
pub fn race(starts: &[usize], squares: &[usize], times: &FinishTimes, t: &Termination) -> Race {
    let m = starts.len();
    let at: Vec<usize> = starts
        .iter()
        .map(|s| squares.iter().position(|q| q == s).expect("computed"))
        .collect();
    let rolls = times.finish[0].len();
    // S of player l after r rolls (r ≤ rolls), and f of player l on roll r (1 ≤ r ≤ rolls).
    let s = |l: usize, r: usize| times.survival[at[l]][r.min(rolls)];
    let f = |l: usize, r: usize| if r <= rolls { times.finish[at[l]][r - 1] } else { 0.0 };
    let mut win = vec![0.0; m];
    let mut lengths = Vec::with_capacity(rolls * m);
    let mut expected = 0.0;
    for r in 1..=rolls {
        for (k, won) in win.iter_mut().enumerate() {
            // Before move (r−1)m + k + 1: players before k have rolled r times, the others r − 1.
            let still: f64 = (0..m).map(|l| if l < k { s(l, r) } else { s(l, r - 1) }).product();
            expected += still;
            let others: f64 = (0..m)
                .filter(|&l| l != k)
                .map(|l| if l < k { s(l, r) } else { s(l, r - 1) })
                .product();
            let p = f(k, r) * others;
            *won += p;
            lengths.push(p);
        }
    }
    while lengths.last() == Some(&0.0) {
        lengths.pop();
    }
    Race {
        starts: starts.to_vec(),
        win_probabilities: win,
        expected_length: t.ends_surely(starts).then_some(expected),
        never_ends: t.never_ends(starts),
        length_distribution: lengths,
    }
}

/// Finish times of the distinct squares of `starts`, then the race: the whole
/// m-player computation for one board.
///
/// # Errors
/// As [`finish_times`].
pub fn race_on(a: &CharacteristicMatrix, t: &Termination, starts: &[usize], progress: Progress) -> Result<Race, Error> {
    let mut squares = starts.to_vec();
    sort::sort(&mut squares);
    squares.dedup();
    let times = finish_times(a, t, &squares, TAIL)?;
    progress(1.0, &[]);
    Ok(race(starts, &squares, &times, t))
}
