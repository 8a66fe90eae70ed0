//! P and E by the matrix series of Theorems 3.1 and 4.1 (seed 000):
//! `P = (I − A) Σ_k A^k J (A^k)ᵀ` and `E = (I + A) Σ_k A^k J (A^k)ᵀ`.
//!
//! Since `J = 1·1ᵀ`, each term is the rank-one `u_k u_kᵀ` with `u_k = A^k 1`, so the
//! sum `W = Σ_{k<K} u_k u_kᵀ` costs n² per term. The series stops when the rigorous
//! bound on its neglected tail (see `sums`) is below 1e-16 and reports the number
//! of terms and that bound: every entry of the rest of W is at most `R`, so the
//! truncation error of P is at most `R` (`R − AR` with both in `[0, R]`) and that
//! of E at most `2R`. On boards with long games, `W ≈ E/2` is large and the
//! subtraction in `(I − A) W` costs digits of P (about ε√T·W); the distributions
//! method does not have that cancellation.

use super::sums::{survival_sums, Sums, Tolerance};
use super::{trapped_squares, CharacteristicMatrix, Solution};
use crate::toolkit::{Error, Matrix, Progress};

const TOLERANCE: Tolerance = Tolerance {
    f: f64::INFINITY,
    w: 1e-16,
};

/// Sums the series of Theorems 3.1 and 4.1 until its tail is negligible.
///
/// # Errors
/// [`Error::NotTerminating`] when A^k does not tend to 0 (the series diverges);
/// [`Error::NoConvergence`] when the bound is not reached within the step limit.
///
/// # Complexity
/// O(K·(n² + nnz(A))) for K terms, plus O(n·nnz(A)) to apply `I ± A`.
///
/// ```
/// use ludolab::snakes::{series, CharacteristicMatrix};
/// let a = CharacteristicMatrix::from_dense(&[vec![0.125, 0.25], vec![0.375, 0.5]]).unwrap();
/// let s = series::solve(&a, &mut |_, _| {}).unwrap();
/// assert!((s.p.get(1, 0) - 184.0 / 561.0).abs() < 1e-14);
/// assert!(s.error_bound <= 1e-16 && s.terms > 10);
/// ```
pub fn solve(a: &CharacteristicMatrix, progress: Progress) -> Result<Solution, Error> {
    let trapped = trapped_squares(a);
    if !trapped.is_empty() {
        return Err(Error::NotTerminating { trapped });
    }
    // The literal series: summed term by term up to its rigorous bound (the
    // geometric-tail shortcut, passed through I − A, costs digits of P).
    let sums = survival_sums(a, false, &TOLERANCE, false, "the series method", progress)?;
    Ok(Solution {
        error_bound: sums.w_tail,
        error_bound_e: 2.0 * sums.w_tail,
        ..assemble(a, &sums)
    })
}

/// P = (I − A) W and E = (I + A) W.
fn assemble(a: &CharacteristicMatrix, sums: &Sums) -> Solution {
    let n = sums.n;
    let mut p = Matrix::zeros(n, n);
    let mut e = Matrix::zeros(n, n);
    for i in 0..n {
        for j in 0..n {
            let w = sums.w(i, j);
            let aw: f64 = a.row(i).map(|(k, aik)| aik * sums.w(k, j)).sum();
            p.set(i, j, (w - aw).clamp(0.0, 1.0));
            e.set(i, j, w + aw);
        }
    }
    Solution {
        p,
        e,
        terms: sums.rolls,
        error_bound: f64::NAN,
        error_bound_e: f64::NAN,
    }
}

/// The first `terms` terms of the series, as the seed's Examples 3 and 4 do
/// (their "6 first terms" of E are `k = 0..=6`).
pub fn partial_sums(a: &CharacteristicMatrix, terms: usize) -> (Matrix, Matrix) {
    let n = a.size();
    let mut w = Matrix::zeros(n, n);
    let mut u = vec![1.0; n];
    let mut next = vec![0.0; n];
    for _ in 0..terms {
        for i in 0..n {
            for j in 0..n {
                w.set(i, j, w.get(i, j) + u[i] * u[j]);
            }
        }
        a.apply(&u, &mut next);
        std::mem::swap(&mut u, &mut next);
    }
    let mut p = Matrix::zeros(n, n);
    let mut e = Matrix::zeros(n, n);
    for i in 0..n {
        for j in 0..n {
            let aw: f64 = a.row(i).map(|(k, aik)| aik * w.get(k, j)).sum();
            p.set(i, j, w.get(i, j) - aw);
            e.set(i, j, w.get(i, j) + aw);
        }
    }
    (p, e)
}
