//! P and E from the finish-time distribution of one player (SPEC §1).
//!
//! Let `S_i(t) = (A^t 1)_i` be the probability that one player starting on `i`
//! has not finished after `t` rolls, and `f_i(t) = S_i(t−1) − S_i(t)` the
//! probability that it finishes on roll `t`. The two players' tokens move
//! independently, so with the mover on `i` and the opponent on `j`:
//!
//! * `p_ij = Σ_t f_i(t) S_j(t−1)`: the mover finishes on its `t`-th roll while the
//!   opponent has not finished in `t−1` rolls;
//! * `e_ij = Σ_t [S_i(t−1) S_j(t−1) + S_i(t) S_j(t−1)]`: move `2t−1` is played when
//!   neither has finished after `t−1` rolls each, move `2t` when the mover has not
//!   finished after `t` and the opponent after `t−1`.
//!
//! `f(t) = A^(t−1) g` is computed from the goal probabilities `g`, not as a
//! difference (no cancellation: P ≥ 0 exactly), and since `S(t) = S(t−1) − f(t)`,
//! `E = 2W − F` with `W = Σ_t S(t) S(t)ᵀ` and `F = Σ_t f(t) S(t−1)ᵀ` = P.

use super::sums::{certified_bound, residual, survival_sums, Sums, Tolerance};

use super::{trapped_squares, CharacteristicMatrix, Solution};
use crate::toolkit::{Error, Matrix, Progress};

/// Neglected tails: at most 1e-17 on P, 2e-15 + 1e-17 on E.
const TOLERANCE: Tolerance = Tolerance { f: 1e-17, w: 1e-15 };
/// Largest certified error accepted from the geometric-tail shortcut (on P, and
/// relative to the largest entry on E); above it the sums are redone in full.
/// The certificate includes rounding, amplified by `Σ s_k²` (hundreds on large
/// boards): about 1e-11 there, though the values agree with the full sums to ~3e-13.
pub(crate) const CERTIFIED: f64 = 1e-10;

/// Solves P + APᵀ = J and E − AEᵀ = J by the finish-time distributions.
///
/// # Errors
/// [`Error::NotTerminating`] with the trapped squares when A^k does not tend to 0;
/// [`Error::NoConvergence`] when the tail bound is not reached within the step limit.
///
/// # Complexity
/// O(T·(n² + nnz(A))) time and O(n²) memory, where T is the number of rolls until
/// the survival vector is the dominant eigenvector to rounding (then the rest is a
/// geometric series, certified by the residual) or falls to about 1e-8.
///
/// ```
/// use ludolab::snakes::{distributions, CharacteristicMatrix};
/// // The seed's Example 2: p_00 = 1192/1683, e_00 = 664/363.
/// let a = CharacteristicMatrix::from_dense(&[vec![0.125, 0.25], vec![0.375, 0.5]]).unwrap();
/// let s = distributions::solve(&a, &mut |_, _| {}).unwrap();
/// assert!((s.p.get(0, 0) - 1192.0 / 1683.0).abs() < 1e-14);
/// assert!((s.e.get(0, 0) - 664.0 / 363.0).abs() < 1e-13);
/// ```
pub fn solve(a: &CharacteristicMatrix, progress: Progress) -> Result<Solution, Error> {
    let trapped = trapped_squares(a);
    if !trapped.is_empty() {
        return Err(Error::NotTerminating { trapped });
    }
    let sums = survival_sums(a, true, &TOLERANCE, true, "the distributions method", &mut *progress)?;
    if sums.extrapolated {
        let solution = assemble(&sums);
        if let Some(certified) = certify(a, solution, sums.sum_s2) {
            return Ok(certified);
        }
    }
    let sums = if sums.extrapolated {
        survival_sums(a, true, &TOLERANCE, false, "the distributions method", progress)?
    } else {
        sums
    };
    Ok(Solution {
        error_bound: sums.f_tail,
        error_bound_e: 2.0 * sums.w_tail + sums.f_tail,
        ..assemble(&sums)
    })
}

/// P = F and E = 2W − F from the sums.
fn assemble(sums: &Sums) -> Solution {
    let n = sums.n;
    let mut p = Matrix::zeros(n, n);
    let mut e = Matrix::zeros(n, n);
    for i in 0..n {
        for j in 0..n {
            let pij = sums.f(i, j);
            // Sums of probabilities that are exactly 1 may round to 1 + 2⁻⁵².
            p.set(i, j, pij.clamp(0.0, 1.0));
            e.set(i, j, 2.0 * sums.w(i, j) - pij);
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

/// The solution with its error bounds certified by the residuals of P + APᵀ = J
/// and E − AEᵀ = J, if they are within [`CERTIFIED`] (relative to the largest
/// entry, at least 1, for E); `None` when they are not.
pub(crate) fn certify(a: &CharacteristicMatrix, s: Solution, sum_s2: f64) -> Option<Solution> {
    let bound_p = certified_bound(residual(a, &s.p, 1.0), sum_s2);
    let bound_e = certified_bound(residual(a, &s.e, -1.0), sum_s2);
    let scale_e = s.e.as_slice().iter().copied().fold(1.0, f64::max);
    (bound_p <= CERTIFIED && bound_e <= CERTIFIED * scale_e).then_some(Solution {
        error_bound: bound_p,
        error_bound_e: bound_e,
        ..s
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trapped_board_is_refused_with_its_squares() {
        // n = 3: square 1 loops on itself and square 2 forever.
        let a =
            CharacteristicMatrix::from_dense(&[vec![0.0, 0.5, 0.0], vec![0.0, 0.5, 0.5], vec![0.0, 1.0, 0.0]]).unwrap();
        let err = solve(&a, &mut |_, _| {}).unwrap_err();
        assert_eq!(err, Error::NotTerminating { trapped: vec![1, 2] });
    }

    #[test]
    fn progress_is_monotone_and_ends_at_one() {
        let a = CharacteristicMatrix::from_dense(&[vec![0.9]]).unwrap();
        let mut seen = Vec::new();
        solve(&a, &mut |f, _| seen.push(f)).unwrap();
        assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
        assert_eq!(seen.last(), Some(&1.0));
    }

    #[test]
    fn one_square_race_has_closed_forms() {
        // One square, stay with probability q: P + qP = 1 and E − qE = 1.
        for q in [0.0, 0.3, 0.9, 0.99] {
            let a = CharacteristicMatrix::from_dense(&[vec![q]]).unwrap();
            let s = solve(&a, &mut |_, _| {}).unwrap();
            assert!((s.p.get(0, 0) - 1.0 / (1.0 + q)).abs() < 1e-13, "q = {q}");
            assert!(
                (s.e.get(0, 0) - 1.0 / (1.0 - q)).abs() < 1e-10,
                "q = {q}: {}",
                s.e.get(0, 0)
            );
            assert!(
                s.error_bound < 1e-12 && s.error_bound_e < 1e-12 / (1.0 - q),
                "q = {q}: {s:?}"
            );
        }
    }
}
