//! The sums over rolls shared by the `distributions` and `series` methods.
//!
//! With `u_t = S(t) = A^t 1` (one player's survival probabilities after `t`
//! rolls) and `f(t) = A^(t−1) g` (its finish probabilities at roll `t`), both
//! methods need `W = Σ_{t≥0} u_t u_tᵀ`, and `distributions` also needs
//! `F = Σ_{t≥1} f(t) u_(t−1)ᵀ`. They are accumulated by chunks of rolls in
//! register tiles; the sum stops when a rigorous bound on what is left is small.
//!
//! **Tail bound.** Let `s_k = max_i S_i(k)`. Since `S(k + L) = A^L S(k)` and
//! `‖A^L‖_∞ = s_L`, `s_(k+L) ≤ s_L s_k`. With `L` the first roll where
//! `s_L ≤ 1/2`, `Σ_{k≥K} s_k ≤ L s_K / (1 − s_L)`, so after `K` rolls every entry
//! of the rest of W is at most `R = s_K · L s_K / (1 − s_L)`, and every entry of
//! the rest of F at most `s_K²` (`Σ_{t>K} f_i(t) ≤ S_i(K)`, times `S_j(t−1) ≤ s_K`).

use super::CharacteristicMatrix;
use crate::{Error, Progress};

/// Most rolls summed before giving up (a board whose spectral radius is within
/// ~1e-6 of 1).
pub const MAX_ROLLS: usize = 10_000_000;
/// Rolls per chunk: their vectors are packed, then folded into the sums at once.
const CHUNK: usize = 64;
/// Rows and columns of the tiles accumulated in registers: 4 × 8 gives eight
/// independent AVX accumulators, enough to hide the latency of FMA.
const TILE_I: usize = 4;
const TILE_J: usize = 8;

/// The accumulated sums, on `width × width` arrays (`width` = n rounded up to a tile).
pub(crate) struct Sums {
    pub n: usize,
    pub width: usize,
    /// `W`, upper triangle (and the tiles that reach it) only: read it with [`Sums::w`].
    w: Vec<f64>,
    /// `F`, when asked for.
    f: Option<Vec<f64>>,
    /// Rolls summed.
    pub rolls: usize,
    /// Bound on every entry of the neglected tail of W.
    pub w_tail: f64,
    /// Bound on every entry of the neglected tail of F.
    pub f_tail: f64,
}

impl Sums {
    pub fn w(&self, i: usize, j: usize) -> f64 {
        let (i, j) = if i <= j { (i, j) } else { (j, i) };
        self.w[i * self.width + j]
    }

    pub fn f(&self, i: usize, j: usize) -> f64 {
        self.f.as_ref().map_or(f64::NAN, |f| f[i * self.width + j])
    }
}

/// Bounds the neglected tails must be under before the sums stop.
pub(crate) struct Tolerance {
    /// On every entry of the tail of F.
    pub f: f64,
    /// On every entry of the tail of W.
    pub w: f64,
}

/// Accumulates W (and F when `with_finish`) for a terminating matrix.
///
/// # Errors
/// [`Error::NoConvergence`] after [`MAX_ROLLS`] rolls.
pub(crate) fn survival_sums(
    a: &CharacteristicMatrix,
    with_finish: bool,
    tolerance: &Tolerance,
    method: &'static str,
    progress: Progress,
) -> Result<Sums, Error> {
    let n = a.size();
    // Rows are padded to whole tiles with zeros (padded squares never contribute).
    let width = n.div_ceil(TILE_J) * TILE_J;
    // The chunk's vectors u_(t−1) and f(t), packed in panels (see `pack`).
    let mut y = vec![0.0; CHUNK * width];
    let mut f = vec![0.0; CHUNK * width];
    let mut survival = vec![1.0; n];
    let mut finish = a.goal().to_vec();
    let mut next_survival = vec![0.0; n];
    let mut next_finish = vec![0.0; n];
    let mut w: Vec<f64> = vec![0.0; width * width];
    let mut f_sum: Option<Vec<f64>> = with_finish.then(|| vec![0.0; width * width]);
    let mut rolls = 0;
    // L and s_L of the tail bound, once s_L ≤ 1/2.
    let mut contraction: Option<(usize, f64)> = None;
    let (mut w_tail, mut f_tail) = (f64::INFINITY, f64::INFINITY);
    loop {
        let mut filled = 0;
        let mut done = false;
        while filled < CHUNK && !done {
            pack(&survival, filled, &mut y);
            pack(&finish, filled, &mut f);
            a.apply_pair(&survival, &finish, &mut next_survival, &mut next_finish);
            std::mem::swap(&mut survival, &mut next_survival);
            std::mem::swap(&mut finish, &mut next_finish);
            filled += 1;
            rolls += 1;
            let s = survival.iter().copied().fold(0.0, f64::max);
            if contraction.is_none() && s <= 0.5 {
                contraction = Some((rolls, s));
            }
            if let Some((l, s_l)) = contraction {
                w_tail = s * l as f64 * s / (1.0 - s_l);
                f_tail = s * s;
                done = f_tail <= tolerance.f && w_tail <= tolerance.w;
            }
        }
        accumulate(&y, &y, filled, width, &mut w, true);
        if let Some(f_sum) = f_sum.as_mut() {
            accumulate(&f, &y, filled, width, f_sum, false);
        }
        if done {
            break;
        }
        if rolls >= MAX_ROLLS {
            return Err(Error::NoConvergence {
                method,
                steps: rolls,
                remaining: w_tail,
            });
        }
        // The bound falls geometrically: report progress on a log scale.
        let target = tolerance.w.min(tolerance.f);
        let fraction = if w_tail.is_finite() {
            w_tail.ln().min(0.0) / target.ln()
        } else {
            0.1
        };
        progress(fraction.clamp(0.0, 0.99));
    }
    progress(1.0);
    Ok(Sums {
        n,
        width,
        w,
        f: f_sum,
        rolls,
        w_tail,
        f_tail,
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
