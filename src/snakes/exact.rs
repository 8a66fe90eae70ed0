//! P and E as exact fractions: the vectorised system of Theorems 2.1 and 4.1
//! solved over the rationals, for small boards.

use super::ExactMatrix;
use crate::toolkit::number::{format_rational, to_f64, Rational};
use crate::toolkit::{Error, Matrix, Progress, Text};
use num_traits::{One, Zero};

/// Largest board the exact method takes (the system has n² unknowns of growing size).
pub const MAX_SQUARES: usize = 12;

/// P and E as fractions.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactSolution {
    /// P as fractions.
    pub p: Vec<Vec<Rational>>,
    /// E as fractions.
    pub e: Vec<Vec<Rational>>,
}

impl ExactSolution {
    /// The nearest `f64` matrices.
    pub fn to_f64(&self) -> (Matrix, Matrix) {
        let convert = |m: &Vec<Vec<Rational>>| {
            Matrix::from_rows(&m.iter().map(|row| row.iter().map(to_f64).collect()).collect::<Vec<_>>())
        };
        (convert(&self.p), convert(&self.e))
    }

    /// Entries as `p/q` strings.
    pub fn strings(m: &[Vec<Rational>]) -> Vec<Vec<String>> {
        m.iter().map(|row| row.iter().map(format_rational).collect()).collect()
    }
}

/// Solves `X + AXᵀ = J` and `X − AXᵀ = J` exactly by Gaussian elimination over
/// the rationals.
///
/// # Errors
/// [`Error::TooLarge`] for more than 12 squares; [`Error::Singular`] when a
/// system is singular (A^k does not tend to 0).
///
/// # Complexity
/// O(n⁶) rational operations at worst (dense elimination of n² unknowns), on
/// numbers whose size grows with n.
///
/// ```
/// use ludolab::snakes::{exact, Preset};
/// let s = exact::solve(&Preset::Example2.model().exact_matrix(), &mut |_, _| {}).unwrap();
/// assert_eq!(exact::ExactSolution::strings(&s.p)[0], ["1192/1683", "152/187"]);
/// assert_eq!(exact::ExactSolution::strings(&s.e)[1], ["1048/363", "504/121"]);
/// ```
pub fn solve(a: &ExactMatrix, progress: Progress) -> Result<ExactSolution, Error> {
    let n = a.size();
    if n > MAX_SQUARES {
        return Err(Error::too_large(
            text!(
                "the exact method works with fractions and takes at most {MAX_SQUARES} squares \
             (this board has {n}): choose another method",
                "la méthode exacte calcule en fractions et prend au plus {MAX_SQUARES} cases \
             (ce plateau en a {n}) : choisissez une autre méthode"
            ),
            Some(n as u64),
            MAX_SQUARES as u64,
        ));
    }
    let p = solve_one(
        a,
        false,
        text!("the exact system for P", "le système exact pour P"),
        &mut |f, c| progress(f / 2.0, c),
    )?;
    let e = solve_one(
        a,
        true,
        text!("the exact system for E", "le système exact pour E"),
        &mut |f, c| progress(0.5 + f / 2.0, c),
    )?;
    progress(1.0, &[]);
    Ok(ExactSolution { p, e })
}

/// Solves `X ± AXᵀ = J` (minus when `minus`), unknowns `x_ij` at `i·n + j`.
fn solve_one(a: &ExactMatrix, minus: bool, what: Text, progress: Progress) -> Result<Vec<Vec<Rational>>, Error> {
    let n = a.size();
    let m = n * n;
    // Augmented rows [M | 1].
    let mut rows: Vec<Vec<Rational>> = vec![vec![Rational::zero(); m + 1]; m];
    for i in 0..n {
        for j in 0..n {
            let r = i * n + j;
            rows[r][r] += Rational::one();
            for (k, aik) in a.row(i) {
                let c = j * n + k;
                if minus {
                    rows[r][c] -= aik;
                } else {
                    rows[r][c] += aik;
                }
            }
            rows[r][m] = Rational::one();
        }
    }
    for c in 0..m {
        // The pivot row: the sparsest one with a non-zero in column c (less fill-in).
        let pivot = (c..m)
            .filter(|&r| !rows[r][c].is_zero())
            .min_by_key(|&r| rows[r][c..].iter().filter(|v| !v.is_zero()).count())
            .ok_or_else(|| Error::Singular { what: what.clone() })?;
        rows.swap(c, pivot);
        let nonzero: Vec<usize> = (c..=m).filter(|&k| !rows[c][k].is_zero()).collect();
        let (head, tail) = rows.split_at_mut(c + 1);
        let pivot_row = &head[c];
        for row in tail.iter_mut() {
            if row[c].is_zero() {
                continue;
            }
            let factor = &row[c] / &pivot_row[c];
            for &k in &nonzero {
                let delta = &factor * &pivot_row[k];
                row[k] -= delta;
            }
        }
        progress(c as f64 / m as f64 * 0.9, &[]);
    }
    let mut x = vec![Rational::zero(); m];
    for r in (0..m).rev() {
        let mut v = rows[r][m].clone();
        for k in r + 1..m {
            if !rows[r][k].is_zero() {
                v -= &rows[r][k] * &x[k];
            }
        }
        x[r] = v / &rows[r][r];
    }
    Ok((0..n).map(|i| x[i * n..(i + 1) * n].to_vec()).collect())
}
