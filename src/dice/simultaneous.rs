//! The simultaneous game over many turns (SPEC §2): in each turn both players pick
//! their dice at once and both scores are added. EG1(i, j) is the value, for the
//! player with `i` points, of the matrix game with entries
//! `Σ_k Σ_l P(d1,k) P(d2,l) EG1(i+k, j+l)`; when a player reaches N the value is
//! `sign(i − j)` (both at once: the higher total wins, equal totals draw).

use super::one_turn::solve_game;
use super::score_distribution;
use super::sequential::MAX_DICE;
use crate::toolkit::{Error, Matrix, Progress};

/// Most dice in the multi-turn simultaneous game.
pub const MAX_SIM_DICE: usize = 15;
/// Largest target of the multi-turn simultaneous game.
pub const MAX_SIM_TARGET: usize = 200;

/// EG1 and the optimal mixed strategy of every state.
#[derive(Clone, Debug, PartialEq)]
pub struct Simultaneous {
    /// D: most dice per turn.
    pub dice: usize,
    /// N: points to reach.
    pub target: usize,
    /// EG1 (rows = points of player 1).
    pub eg: Matrix,
    /// `strategy[(i * N + j) * D + d − 1]`: probability that player 1 throws d dice in state (i, j).
    pub strategy: Vec<f64>,
    /// States that needed the LP (no pure saddle point).
    pub mixed_states: usize,
    /// max |EG1(i,j) + EG1(j,i)|: the game is symmetric, so EG1 is antisymmetric.
    pub antisymmetry: f64,
}

impl Simultaneous {
    /// Player 1's mixed strategy in state (i, j), for 1..=D dice.
    pub fn mixed(&self, i: usize, j: usize) -> &[f64] {
        let at = (i * self.target + j) * self.dice;
        &self.strategy[at..at + self.dice]
    }
}

/// Solves the multi-turn simultaneous game, state by state by decreasing i + j.
///
/// For a state (i, j), `R(d2; a) = Σ_l P(d2,l) V(a, j+l)` is computed once per row
/// `a` and reused: the payoff of (d1, d2) is `Σ_k P(d1,k) R(d2; i+k)`. A state whose
/// matrix has a pure saddle point takes it; the others are solved by LP.
///
/// # Errors
/// [`Error::OutOfRange`] beyond D = 15 or N = 200; the LP's errors.
///
/// # Complexity
/// O(N² · D² · 6D) plus one small LP per state without a saddle point.
pub fn solve(dice: usize, target: usize, progress: Progress) -> Result<Simultaneous, Error> {
    super::sequential::check(dice, target, MAX_SIM_TARGET)?;
    if dice > MAX_SIM_DICE {
        return Err(Error::OutOfRange {
            what: text!(
                "dice in the multi-turn simultaneous game (up to {MAX_DICE} elsewhere)",
                "dice dans le jeu simultané en plusieurs tours (jusqu'à {MAX_DICE} ailleurs)"
            ),
            value: dice.to_string(),
            min: "1".into(),
            max: MAX_SIM_DICE.to_string(),
        });
    }
    let n = target;
    let reach = n + 6 * dice; // totals beyond the target, for the final comparison
    let p: Vec<Vec<f64>> = (1..=dice).map(score_distribution).collect();
    let mut eg = Matrix::zeros(n, n);
    let mut strategy = vec![0.0; n * n * dice];
    let mut mixed_states = 0;
    let mut r = vec![0.0; dice * reach];
    let mut m = Matrix::zeros(dice, dice);
    let total_states = n * n;
    let mut done = 0;
    for sum in (0..=2 * (n - 1)).rev() {
        for i in sum.saturating_sub(n - 1)..=sum.min(n - 1) {
            let j = sum - i;
            // R(d2; a) for the rows a = i + k this state needs.
            for a in i + 1..(i + 6 * dice + 1).min(reach) {
                for (d2, pd) in p.iter().enumerate() {
                    r[d2 * reach + a] = pd
                        .iter()
                        .enumerate()
                        .skip(1)
                        .filter(|&(_, &q)| q != 0.0)
                        .map(|(l, &q)| q * value(&eg, n, a, j + l))
                        .sum();
                }
            }
            for (d1, pd) in p.iter().enumerate() {
                for d2 in 0..dice {
                    let entry: f64 = pd
                        .iter()
                        .enumerate()
                        .skip(1)
                        .filter(|&(_, &q)| q != 0.0)
                        .map(|(k, &q)| q * r[d2 * reach + i + k])
                        .sum();
                    m.set(d1, d2, entry);
                }
            }
            let at = (i * n + j) * dice;
            let v = if let Some((row, v)) = saddle_point(&m) {
                strategy[at + row] = 1.0;
                v
            } else {
                mixed_states += 1;
                let g = solve_game(&m)?;
                strategy[at..at + dice].copy_from_slice(&g.strategy);
                g.value
            };
            // (+ 0.0 turns −0.0 into 0.0.)
            eg.set(i, j, v.clamp(-1.0, 1.0) + 0.0);
            done += 1;
            if done % 256 == 0 {
                progress(f64::from(done) / total_states as f64, &[]);
            }
        }
    }
    let mut antisymmetry: f64 = 0.0;
    for i in 0..n {
        for j in 0..n {
            antisymmetry = antisymmetry.max((eg.get(i, j) + eg.get(j, i)).abs());
        }
    }
    progress(1.0, &[]);
    Ok(Simultaneous {
        dice,
        target,
        eg,
        strategy,
        mixed_states,
        antisymmetry,
    })
}

/// A pure saddle point: an entry that is the minimum of its row and the maximum
/// of its column (within 1e-12); returns the row and the value.
fn saddle_point(m: &Matrix) -> Option<(usize, f64)> {
    let (rows, cols) = (m.rows(), m.cols());
    let row_min: Vec<f64> = (0..rows)
        .map(|i| m.row(i).iter().copied().fold(f64::INFINITY, f64::min))
        .collect();
    let col_max: Vec<f64> = (0..cols)
        .map(|j| (0..rows).map(|i| m.get(i, j)).fold(f64::NEG_INFINITY, f64::max))
        .collect();
    let maxmin = row_min.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let minmax = col_max.iter().copied().fold(f64::INFINITY, f64::min);
    (minmax - maxmin <= 1e-12).then(|| (row_min.iter().position(|&v| v >= maxmin - 1e-15).unwrap_or(0), maxmin))
}

/// Player 1's expected gain from (0, 0) when it plays the optimal simultaneous
/// strategy of `sim` and player 2 plays `other` (its distribution over 1..=D in
/// each state, from player 2's point of view: `other(own, opponent)`), both
/// choosing at once every turn: the seed's Table 4.
///
/// # Complexity
/// O(N² · |supp x| · |supp y| · (6D)²).
pub fn against(sim: &Simultaneous, other: &dyn Fn(usize, usize) -> Vec<f64>) -> f64 {
    let (n, dice) = (sim.target, sim.dice);
    let p: Vec<Vec<f64>> = (1..=dice).map(score_distribution).collect();
    let mut v = Matrix::zeros(n, n);
    for sum in (0..=2 * (n - 1)).rev() {
        for i in sum.saturating_sub(n - 1)..=sum.min(n - 1) {
            let j = sum - i;
            let x = sim.mixed(i, j);
            let y = other(j, i);
            let mut total = 0.0;
            for (d1, &xd) in x.iter().enumerate().filter(|&(_, &q)| q > 0.0) {
                for (d2, &yd) in y.iter().enumerate().filter(|&(_, &q)| q > 0.0) {
                    let mut entry = 0.0;
                    for (k, &pk) in p[d1].iter().enumerate().skip(1).filter(|&(_, &q)| q != 0.0) {
                        for (l, &pl) in p[d2].iter().enumerate().skip(1).filter(|&(_, &q)| q != 0.0) {
                            entry += pk * pl * value(&v, n, i + k, j + l);
                        }
                    }
                    total += xd * yd * entry;
                }
            }
            v.set(i, j, total);
        }
    }
    v.get(0, 0)
}

/// V(a, b) for any totals: the table inside, and once a player reaches `n`,
/// +1, −1 or 0 as a > b, a < b or a = b (not `f64::signum`, which gives 1 for 0:
/// equal totals draw).
fn value(eg: &Matrix, n: usize, a: usize, b: usize) -> f64 {
    if a < n && b < n {
        return eg.get(a, b);
    }
    match a.cmp(&b) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Less => -1.0,
        std::cmp::Ordering::Equal => 0.0,
    }
}
