//! The seed's question 6: the variant where a turn with a 1 scores 0 instead of 1.
//! A turn can now score nothing, so EG(i, j) depends on EG(j, i):
//! `EG(i,j) = max_d [P(d,0)·(−EG(j,i)) + Σ_{k ≥ 2d} P(d,k)·(i+k ≥ N ? 1 : −EG(j,i+k))]`.
//!
//! The coupling stays within one total score: the states (i, j) and (j, i) form a
//! pair whose two equations are solved by value iteration (a contraction of factor
//! at most `P(D,0) = 1 − (5/6)^D`, twice per round) to 1e-12, pairs by decreasing
//! `i + j` as in the main game.

use super::score_distribution;
use super::sequential::{check, Sequential, MAX_TARGET, TIE};
use crate::toolkit::{Error, Matrix};

/// Stop when an iteration changes no value by more than this.
pub const TOLERANCE: f64 = 1e-12;
/// Iterations allowed for one pair before giving up.
const MAX_ITERATIONS: usize = 100_000;

/// EG and OPT of the variant, with the work value iteration did.
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    /// EG and OPT of the variant.
    pub game: Sequential,
    /// Iterations over all pairs, and the most one pair needed.
    pub iterations: usize,
    /// The most iterations one pair of states needed.
    pub max_iterations: usize,
}

/// Solves the variant.
///
/// # Errors
/// [`Error::OutOfRange`] for D outside 1..=30 or N outside 1..=1000;
/// [`Error::NoConvergence`] if a pair does not settle (it always does: the map contracts).
pub fn solve(dice: usize, target: usize) -> Result<Variant, Error> {
    check(dice, target, MAX_TARGET)?;
    let n = target;
    // zero[d] = P(d, 0); scores[d] = (P(d,k) for k ≥ 2d, from k = 2d).
    let p: Vec<Vec<f64>> = (1..=dice).map(score_distribution).collect();
    let zero: Vec<f64> = p.iter().map(|pd| pd[1]).collect();
    let mut eg = Matrix::zeros(n, n);
    let mut opt = vec![0u8; n * n];
    let (mut iterations, mut max_iterations, mut all_tied) = (0, 0, 0);
    // b[d] for a state: the part of the value from scoring (known: larger totals).
    let scoring = |eg: &Matrix, i: usize, j: usize, d: usize| -> f64 {
        p[d].iter()
            .enumerate()
            .skip(2 * (d + 1))
            .filter(|&(_, &q)| q != 0.0)
            .map(|(k, &q)| q * if i + k >= n { 1.0 } else { -eg.get(j, i + k) })
            .sum()
    };
    for sum in (0..=2 * (n - 1)).rev() {
        for i in sum.saturating_sub(n - 1)..=sum.min(n - 1) {
            let j = sum - i;
            if i > j {
                continue; // solved with its pair (j, i)
            }
            let bx: Vec<f64> = (0..dice).map(|d| scoring(&eg, i, j, d)).collect();
            let by: Vec<f64> = (0..dice).map(|d| scoring(&eg, j, i, d)).collect();
            let best = |b: &[f64], other: f64| -> (f64, usize) {
                let values: Vec<f64> = (0..dice).map(|d| zero[d] * -other + b[d]).collect();
                let top = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                (top, values.iter().position(|&v| v >= top - TIE).unwrap_or(0))
            };
            let (mut x, mut y) = (0.0, 0.0);
            let mut rounds = 0;
            loop {
                rounds += 1;
                let (nx, _) = best(&bx, y);
                let (ny, _) = best(&by, nx);
                let change = (nx - x).abs().max((ny - y).abs());
                (x, y) = (nx, ny);
                if change <= TOLERANCE {
                    break;
                }
                if rounds >= MAX_ITERATIONS {
                    return Err(Error::NoConvergence {
                        method: "value iteration",
                        steps: rounds,
                        remaining: change,
                    });
                }
            }
            iterations += rounds;
            max_iterations = max_iterations.max(rounds);
            for (a, b, own, other, bb) in [(i, j, x, y, &bx), (j, i, y, x, &by)] {
                let (_, d) = best(bb, other);
                let values: Vec<f64> = (0..dice).map(|d| zero[d] * -other + bb[d]).collect();
                all_tied += usize::from(values.iter().all(|&v| v >= own - TIE));
                eg.set(a, b, own.clamp(-1.0, 1.0));
                opt[a * n + b] = (d + 1) as u8;
                if i == j {
                    break;
                }
            }
        }
    }
    Ok(Variant {
        game: Sequential {
            dice,
            target,
            eg,
            opt,
            all_tied,
        },
        iterations,
        max_iterations,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain value iteration over every state at once (Jacobi), as an independent check.
    fn global_value_iteration(dice: usize, n: usize) -> Matrix {
        let p: Vec<Vec<f64>> = (1..=dice).map(score_distribution).collect();
        let mut eg = Matrix::zeros(n, n);
        loop {
            let mut next = Matrix::zeros(n, n);
            let mut change: f64 = 0.0;
            for i in 0..n {
                for j in 0..n {
                    let v = (1..=dice)
                        .map(|d| {
                            let pd = &p[d - 1];
                            pd[1] * -eg.get(j, i)
                                + pd.iter()
                                    .enumerate()
                                    .skip(2 * d)
                                    .map(|(k, &q)| q * if i + k >= n { 1.0 } else { -eg.get(j, i + k) })
                                    .sum::<f64>()
                        })
                        .fold(f64::NEG_INFINITY, f64::max);
                    change = change.max((v - eg.get(i, j)).abs());
                    next.set(i, j, v);
                }
            }
            eg = next;
            if change < 1e-14 {
                return eg;
            }
        }
    }

    #[test]
    fn pairs_agree_with_global_value_iteration() {
        for (dice, n) in [(1, 5), (3, 12), (6, 20)] {
            let v = solve(dice, n).unwrap();
            let g = global_value_iteration(dice, n);
            assert!(
                v.game.eg.max_abs_diff(&g) < 1e-10,
                "D = {dice}, N = {n}: {}",
                v.game.eg.max_abs_diff(&g)
            );
            assert!(v.iterations > 0 && v.max_iterations < 1000);
        }
    }
}
