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
//!
//! **Geometric tail.** Once `S(K)` is the dominant eigenvector of A to rounding
//! (`S(K) = ρ S(K−1)` entry by entry), the rest of the sums is geometric:
//! `Σ_{j≥0} S(K+j) S(K+j)ᵀ = S(K) S(K)ᵀ / (1 − ρ²)` and likewise for F. The sums
//! then stop early (3–4 times fewer rolls on large boards) and add that tail;
//! the callers certify the result by the residual of the defining equations
//! ([`certified_bound`]) and sum without the shortcut if it is not good enough.

use super::CharacteristicMatrix;
use crate::toolkit::{Error, Progress};

/// Most rolls summed before giving up: games on such a board last hundreds of
/// thousands of moves, and a direct method suits it better.
pub const MAX_ROLLS: usize = 1_000_000;
/// Rolls per chunk: their vectors are packed, then folded into the sums at once.
const CHUNK: usize = 64;
/// Rows and columns of the tiles accumulated in registers: 4 × 8 gives eight
/// independent AVX accumulators, enough to hide the latency of FMA.
const TILE_I: usize = 4;
/// Panels of `TILE_I` squares per tile row: 2 (4 × 8 tiles) on x86-64; 1 (4 × 4)
/// on wasm, whose 2-wide SIMD would need 16 accumulators for 4 × 8 and spill.
#[cfg(not(target_arch = "wasm32"))]
const PANELS: usize = 2;
#[cfg(target_arch = "wasm32")]
const PANELS: usize = 1;
const TILE_J: usize = PANELS * TILE_I;

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
    /// Whether the tail was added as a geometric series (then only the residual
    /// certifies the result).
    pub extrapolated: bool,
    /// `Σ_k s_k²` over all k (a bound on the rest included): see [`certified_bound`].
    pub sum_s2: f64,
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

/// Relative distance to the dominant mode below which the geometric tail is used.
const MODE_TOLERANCE: f64 = 1e-15;

/// Accumulates W (and F when `with_finish`) for a terminating matrix; with
/// `geometric_tail`, stops once the survival vector is the dominant mode and
/// adds the rest in closed form.
///
/// # Errors
/// [`Error::NoConvergence`] after [`MAX_ROLLS`] rolls.
pub(crate) fn survival_sums(
    a: &CharacteristicMatrix,
    with_finish: bool,
    tolerance: &Tolerance,
    geometric_tail: bool,
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
    let mut sum_s2 = 1.0; // s_0 = 1
                          // The geometric ratio ρ when the tail is to be added in closed form.
    let mut ratio: Option<f64> = None;
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
                if !done && geometric_tail {
                    // next_survival now holds S(K−1): is S(K) = ρ S(K−1) to rounding?
                    let rho = survival.iter().sum::<f64>() / next_survival.iter().sum::<f64>();
                    let deviation = survival
                        .iter()
                        .zip(&next_survival)
                        .map(|(x, y)| (x - rho * y).abs())
                        .fold(0.0, f64::max);
                    if rho < 1.0 && deviation <= MODE_TOLERANCE * s {
                        ratio = Some(rho);
                        done = true;
                    }
                }
            }
            sum_s2 += s * s;
        }
        accumulate(&y, &y, filled, width, &mut w, true);
        if let Some(f_sum) = f_sum.as_mut() {
            accumulate(&f, &y, filled, width, f_sum, false);
        }
        if done {
            break;
        }
        if rolls >= MAX_ROLLS {
            return Err(Error::too_large(
                text!(
                "{method} would need more than {MAX_ROLLS} rolls on this board (its games last very long): \
                 choose the vectorised method (up to 200 squares)",
                "{method} demanderait plus de {MAX_ROLLS} lancers sur ce plateau (ses parties durent très longtemps) : \
                 choisissez la méthode vectorisée (jusqu'à 200 cases)"
            ),
                None,
                MAX_ROLLS as u64,
            ));
        }
        // The bound falls geometrically: report progress on a log scale.
        let target = tolerance.w.min(tolerance.f);
        let fraction = if w_tail.is_finite() {
            w_tail.ln().min(0.0) / target.ln()
        } else {
            0.1
        };
        progress(fraction.clamp(0.0, 0.99), &[]);
    }
    if let Some(rho) = ratio {
        // Σ_{j≥0} S(K+j) S(K+j)ᵀ and Σ_{j≥0} f(K+1+j) S(K+j)ᵀ, geometric with ratio ρ².
        let scale = 1.0 / (1.0 - rho * rho);
        for i in 0..n {
            for j in i..n {
                w[i * width + j] += scale * survival[i] * survival[j];
            }
            if let Some(f_sum) = f_sum.as_mut() {
                for j in 0..n {
                    f_sum[i * width + j] += scale * finish[i] * survival[j];
                }
            }
        }
        (w_tail, f_tail) = (0.0, 0.0);
    }
    if let Some((l, s_l)) = contraction {
        // Σ_{k≥K} s_k² ≤ s_K Σ_{k≥K} s_k ≤ s_K · L s_K / (1 − s_L): rigorous, not geometric.
        let s = survival.iter().copied().fold(0.0, f64::max);
        sum_s2 += s * l as f64 * s / (1.0 - s_l);
    }
    progress(1.0, &[]);
    Ok(Sums {
        n,
        width,
        w,
        f: f_sum,
        rolls,
        w_tail,
        f_tail,
        extrapolated: ratio.is_some(),
        sum_s2,
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
            let mut acc = [[0.0; TILE_J]; TILE_I];
            // Two panels of TILE_I squares make the 8 columns on x86-64, one the 4 on wasm.
            #[cfg(not(target_arch = "wasm32"))]
            {
                let za = &z[j0 * CHUNK..][..rolls * TILE_I];
                let zb = &z[(j0 + TILE_I) * CHUNK..][..rolls * TILE_I];
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
            }
            #[cfg(target_arch = "wasm32")]
            {
                let za = &z[j0 * CHUNK..][..rolls * TILE_I];
                for (xi, zj) in xp.chunks_exact(TILE_I).zip(za.chunks_exact(TILE_I)) {
                    for (row, &xa) in acc.iter_mut().zip(xi) {
                        for (cell, &zv) in row.iter_mut().zip(zj) {
                            *cell += xa * zv;
                        }
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

/// A rigorous bound on the error of X from its residual: if `X + σ A Xᵀ = J + B`
/// (σ = ±1) then the error `D` solves `D + σ A Dᵀ = B`, so
/// `D = Σ_k (σA)^k (B − σ A Bᵀ) ((σA)^k)ᵀ` and, A being non-negative,
/// `|D|_max ≤ 2 |B|_max Σ_k s_k²` with `s_k = ‖A^k‖_∞`.
pub(crate) fn certified_bound(residual: f64, sum_s2: f64) -> f64 {
    2.0 * residual * sum_s2
}

/// `max_ij |x_ij + sign · Σ_k a_ik x_jk − 1|`: the residual of X + AXᵀ = J
/// (sign = 1) or X − AXᵀ = J (sign = −1).
pub(crate) fn residual(a: &CharacteristicMatrix, x: &crate::toolkit::Matrix, sign: f64) -> f64 {
    let n = a.size();
    let mut worst: f64 = 0.0;
    for i in 0..n {
        let row: Vec<(usize, f64)> = a.row(i).collect();
        for j in 0..n {
            let xj = x.row(j);
            let ax: f64 = row.iter().map(|&(k, aik)| aik * xj[k]).sum();
            worst = worst.max((x.get(i, j) + sign * ax - 1.0).abs());
        }
    }
    worst
}
