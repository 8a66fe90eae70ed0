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
//! This is the series of Theorem 3.1 read column by column (`A^k J (A^k)ᵀ =
//! u_k u_kᵀ` with `u_k = A^k 1`), and costs n² per roll instead of n³.

use super::{trapped_squares, CharacteristicMatrix};
use crate::{Error, Matrix, Progress};

/// The series stops once every `S_i(t)` is at most this: the neglected terms of
/// `p_ij` then add up to at most `S_i(t)`, far below double rounding.
pub const TAIL: f64 = 1e-18;

/// Most rolls summed before giving up (a board whose spectral radius is within
/// ~1e-5 of 1).
pub const MAX_ROLLS: usize = 4_000_000;

/// Rolls per chunk: the survival and finish vectors of a chunk are kept (row per
/// roll) and folded into P and W with one pass of a register-blocked product.
const CHUNK: usize = 64;
/// Rows and columns of the tiles of P and W accumulated in registers: 4 × 8 gives
/// eight independent AVX accumulators, enough to hide the latency of FMA.
const TILE_I: usize = 4;
const TILE_J: usize = 8;

/// The two-player matrices of a race.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// `p[i][j]`: probability that the player to move, on `i`, wins against an opponent on `j`.
    pub p: Matrix,
    /// `e[i][j]`: expected total number of moves (both players) until someone wins.
    pub e: Matrix,
    /// Number of rolls summed.
    pub rolls: usize,
}

/// Solves P + APᵀ = J and E − AEᵀ = J by the finish-time distributions.
///
/// # Errors
/// [`Error::NotTerminating`] with the trapped squares when A^k does not tend to 0;
/// [`Error::NoConvergence`] when the tail is still above [`TAIL`] after
/// [`MAX_ROLLS`] rolls.
///
/// # Complexity
/// O(T·(n² + nnz(A))) time and O(n²) memory, where T is the number of rolls until
/// the survival probabilities fall below [`TAIL`] (about 800 on the `audet` board).
///
/// ```
/// use ludolab::snakes::{distributions, CharacteristicMatrix};
/// // The seed's Example 2: p_00 = 1192/1683, e_00 = 664/363.
/// let a = CharacteristicMatrix::from_dense(&[vec![0.125, 0.25], vec![0.375, 0.5]]).unwrap();
/// let s = distributions::solve(&a, &mut |_| {}).unwrap();
/// assert!((s.p.get(0, 0) - 1192.0 / 1683.0).abs() < 1e-14);
/// assert!((s.e.get(0, 0) - 664.0 / 363.0).abs() < 1e-13);
/// ```
pub fn solve(a: &CharacteristicMatrix, progress: Progress) -> Result<Solution, Error> {
    let trapped = trapped_squares(a);
    if !trapped.is_empty() {
        return Err(Error::NotTerminating { trapped });
    }
    let n = a.size();
    // Rows are padded to whole tiles with zeros (padded squares never contribute).
    let width = n.div_ceil(TILE_J) * TILE_J;
    // y[t] = S(t0 + t − 1) and f[t] = f(t0 + t) for the rolls t0.. of the current chunk,
    // packed in panels (see `pack`).
    // f(t) = A^(t−1) g, with g the one-roll goal probabilities, is computed directly
    // rather than as S(t−1) − S(t): no cancellation, so P ≥ 0 exactly.
    let mut y = vec![0.0; CHUNK * width];
    let mut f = vec![0.0; CHUNK * width];
    let mut survival = vec![1.0; n];
    let mut finish = a.goal().to_vec();
    let mut next_survival = vec![0.0; n];
    let mut next_finish = vec![0.0; n];
    // P = Σ f(t) S(t−1)ᵀ and W = Σ S(t−1) S(t−1)ᵀ (symmetric: upper tiles only).
    let mut p: Vec<f64> = vec![0.0; width * width];
    let mut w: Vec<f64> = vec![0.0; width * width];
    let mut rolls = 0;
    loop {
        let mut filled = 0;
        let mut remaining = f64::INFINITY;
        while filled < CHUNK && remaining > TAIL {
            pack(&survival, filled, &mut y);
            pack(&finish, filled, &mut f);
            a.apply_pair(&survival, &finish, &mut next_survival, &mut next_finish);
            std::mem::swap(&mut survival, &mut next_survival);
            std::mem::swap(&mut finish, &mut next_finish);
            filled += 1;
            rolls += 1;
            remaining = survival.iter().copied().fold(0.0, f64::max);
        }
        accumulate(&f, &y, filled, width, &mut p, false);
        accumulate(&y, &y, filled, width, &mut w, true);
        if remaining <= TAIL {
            break;
        }
        if rolls >= MAX_ROLLS {
            return Err(Error::NoConvergence {
                method: "the distributions method",
                steps: rolls,
                remaining,
            });
        }
        // Progress: the remaining mass falls geometrically from 1 to TAIL.
        progress((remaining.ln() / TAIL.ln()).clamp(0.0, 1.0));
    }
    // E = Σ (S(t−1) + S(t)) S(t−1)ᵀ = 2W − P, since S(t) = S(t−1) − f(t).
    let mut pm = Matrix::zeros(n, n);
    let mut em = Matrix::zeros(n, n);
    for i in 0..n {
        for j in 0..n {
            let pij = p[i * width + j];
            let wij = if i <= j {
                w[i * width + j]
            } else {
                w[j * width + i]
            };
            // Sums of probabilities that are exactly 1 may round to 1 + 2⁻⁵².
            pm.set(i, j, pij.min(1.0));
            em.set(i, j, 2.0 * wij - pij);
        }
    }
    progress(1.0);
    Ok(Solution {
        p: pm,
        e: em,
        rolls,
    })
}

/// Stores `v` as roll `t` of a chunk packed in panels: the entries of squares
/// `4k..4k+4` for all the chunk's rolls are contiguous, so that the product below
/// reads memory in order.
fn pack(v: &[f64], t: usize, chunk: &mut [f64]) {
    for (k, panel) in v.chunks(TILE_I).enumerate() {
        let at = (k * CHUNK + t) * TILE_I;
        chunk[at..at + panel.len()].copy_from_slice(panel);
    }
}

/// `out += Σ_t x[t] z[t]ᵀ` over the first `rolls` rolls of two packed chunks
/// (`out` is `width × width`, `width` a multiple of [`TILE_J`]), by
/// `TILE_I × TILE_J` tiles kept in registers over all rolls. With `upper`, only
/// tiles that reach the diagonal or above are computed. Compiled for AVX2+FMA
/// too, chosen at run time.
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx"))]
fn accumulate(x: &[f64], z: &[f64], rolls: usize, width: usize, out: &mut [f64], upper: bool) {
    for i0 in (0..width).step_by(TILE_I) {
        let xp = &x[i0 * CHUNK..][..rolls * TILE_I];
        for j0 in (0..width).step_by(TILE_J) {
            if upper && j0 + TILE_J <= i0 {
                continue;
            }
            // Two panels of TILE_I squares make the TILE_J columns.
            let za = &z[j0 * CHUNK..][..rolls * TILE_I];
            let zb = &z[(j0 + TILE_I) * CHUNK..][..rolls * TILE_I];
            let mut acc = [[0.0; TILE_J]; TILE_I];
            for ((xi, zl), zr) in xp
                .chunks_exact(TILE_I)
                .zip(za.chunks_exact(TILE_I))
                .zip(zb.chunks_exact(TILE_I))
            {
                let mut zj = [0.0; TILE_J];
                zj[..TILE_I].copy_from_slice(zl);
                zj[TILE_I..].copy_from_slice(zr);
                for (row, &xa) in acc.iter_mut().zip(xi) {
                    for (cell, &zv) in row.iter_mut().zip(&zj) {
                        *cell += xa * zv;
                    }
                }
            }
            for (a, row) in acc.iter().enumerate() {
                let out_row = &mut out[(i0 + a) * width + j0..][..TILE_J];
                for (o, v) in out_row.iter_mut().zip(row) {
                    *o += v;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trapped_board_is_refused_with_its_squares() {
        // n = 3: square 1 loops on itself and square 2 forever.
        let a = CharacteristicMatrix::from_dense(&[
            vec![0.0, 0.5, 0.0],
            vec![0.0, 0.5, 0.5],
            vec![0.0, 1.0, 0.0],
        ])
        .unwrap();
        let err = solve(&a, &mut |_| {}).unwrap_err();
        assert_eq!(
            err,
            Error::NotTerminating {
                trapped: vec![1, 2]
            }
        );
    }

    #[test]
    fn progress_is_monotone_and_ends_at_one() {
        let a = CharacteristicMatrix::from_dense(&[vec![0.9]]).unwrap();
        let mut seen = Vec::new();
        solve(&a, &mut |f| seen.push(f)).unwrap();
        assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
        assert_eq!(seen.last(), Some(&1.0));
    }

    #[test]
    fn one_square_race_has_closed_forms() {
        // One square, stay with probability q: the mover wins with (1−q)/(1−q²) = 1/(1+q),
        // and the game lasts a geometric number of moves with mean 1/(1−q²)·(1+q) = 1/(1−q).
        for q in [0.0, 0.3, 0.9, 0.99] {
            let a = CharacteristicMatrix::from_dense(&[vec![q]]).unwrap();
            let s = solve(&a, &mut |_| {}).unwrap();
            assert!((s.p.get(0, 0) - 1.0 / (1.0 + q)).abs() < 1e-13, "q = {q}");
            assert!(
                (s.e.get(0, 0) - 1.0 / (1.0 - q)).abs() < 1e-10,
                "q = {q}: {}",
                s.e.get(0, 0)
            );
        }
    }
}
