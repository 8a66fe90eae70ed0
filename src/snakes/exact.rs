//! P and E as exact fractions: the vectorised system of Theorems 2.1 and 4.1
//! solved over the rationals, for small boards.

use super::ExactMatrix;
use crate::toolkit::number::{add, format_rational, mul, to_f64, Rational};
use crate::toolkit::{sort, Error, Matrix, Progress, Text};
use num_traits::{One, Zero};
use std::collections::BTreeMap;

/// Largest board the exact method takes (the system has n² unknowns of growing size).
pub const MAX_SQUARES: usize = 20;

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
/// [`Error::TooLarge`] for more than 20 squares; [`Error::Singular`] when a
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
///
/// The equation of `x_ij` reads `x_ij = 1 ∓ Σ_k a_ik x_jk`: a pair leads to
/// pairs further along the board, and back only through snakes. So the pairs
/// are eliminated from the goal down (decreasing `i + j`): each one's equation
/// is reduced by the pairs already eliminated (their reduced rows, read
/// lazily), solved for itself and kept as a row over the pairs still to come;
/// a back-substitution in the opposite order gives the values. This is
/// Gaussian elimination in an order that keeps the rows short, not a dense one.
fn solve_one(a: &ExactMatrix, minus: bool, what: Text, progress: Progress) -> Result<Vec<Vec<Rational>>, Error> {
    let n = a.size();
    let m = n * n;
    let mut order: Vec<usize> = (0..m).collect();
    sort::sort_by_key(&mut order, |&u| {
        (std::cmp::Reverse(u / n + u % n), std::cmp::Reverse(u))
    });
    let mut position = vec![0usize; m];
    for (k, &u) in order.iter().enumerate() {
        position[u] = k;
    }
    // rows[k]: x_order[k] = constant + Σ coefficient · x at later positions.
    let mut rows: Vec<(Rational, BTreeMap<usize, Rational>)> = Vec::with_capacity(m);
    for (k, &u) in order.iter().enumerate() {
        let (i, j) = (u / n, u % n);
        let mut terms: BTreeMap<usize, Rational> = BTreeMap::new();
        for (l, aik) in a.row(i) {
            let slot = terms.entry(position[j * n + l]).or_insert_with(Rational::zero);
            *slot = add(slot, &if minus { aik.clone() } else { -aik });
        }
        let mut constant = Rational::one();
        // Replace every earlier pair by its reduced row, earliest first (each brings only later ones).
        while let Some((&first, _)) = terms.first_key_value() {
            if first >= k {
                break;
            }
            let c = terms.remove(&first).expect("the first key is there");
            if c.is_zero() {
                continue;
            }
            let (row_constant, row_terms) = &rows[first];
            constant = add(&constant, &mul(&c, row_constant));
            for (&p, v) in row_terms {
                let slot = terms.entry(p).or_insert_with(Rational::zero);
                *slot = add(slot, &mul(&c, v));
            }
        }
        let itself = terms.remove(&k).unwrap_or_else(Rational::zero);
        let rest = Rational::one() - itself;
        if rest.is_zero() {
            return Err(Error::Singular { what });
        }
        let inverse = Rational::one() / rest;
        constant = mul(&constant, &inverse);
        terms.retain(|_, v| !v.is_zero());
        for v in terms.values_mut() {
            *v = mul(v, &inverse);
        }
        rows.push((constant, terms));
        if k % 16 == 0 {
            progress(0.9 * k as f64 / m as f64, &[]);
        }
    }
    // Back-substitution: the last pair's row has no terms left.
    let mut x = vec![Rational::zero(); m];
    for k in (0..m).rev() {
        let (constant, terms) = &rows[k];
        let mut v = constant.clone();
        for (&p, c) in terms {
            v = add(&v, &mul(c, &x[p]));
        }
        x[k] = v;
    }
    Ok((0..n)
        .map(|i| (0..n).map(|j| x[position[i * n + j]].clone()).collect())
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snakes::{exact_characteristic_matrix, random_board};

    /// P + APᵀ = J and E − AEᵀ = J hold exactly, entry by entry: the
    /// elimination order is checked against the equations themselves.
    #[test]
    fn the_fractions_solve_the_equations_exactly() {
        for (n, seed) in [(2, 1), (9, 4), (17, 2), (20, 5)] {
            let a = exact_characteristic_matrix(&random_board(n, seed).unwrap());
            let s = solve(&a, &mut |_, _| {}).unwrap();
            let m = a.size();
            for i in 0..m {
                for j in 0..m {
                    let mut p = s.p[i][j].clone();
                    let mut e = s.e[i][j].clone();
                    for (k, aik) in a.row(i) {
                        p += aik * &s.p[j][*k];
                        e -= aik * &s.e[j][*k];
                    }
                    assert!(p.is_one() && e.is_one(), "n = {n}, seed {seed}: ({i}, {j})");
                }
            }
        }
    }

    #[test]
    fn more_than_20_squares_is_refused_with_the_limit() {
        let a = exact_characteristic_matrix(&random_board(21, 1).unwrap());
        let e = solve(&a, &mut |_, _| {}).unwrap_err();
        assert!(e.to_string().contains("at most 20 squares (this board has 21)"), "{e}");
    }
}
