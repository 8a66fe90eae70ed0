//! P and E by vectorisation (Theorems 2.1 and 4.1 of seed 000):
//! `vec(P) = (I + (I ⊗ A) T)^{-1} vec(J)` and `vec(E) = (I − (I ⊗ A) T)^{-1} vec(J)`,
//! where `T` is the commutation matrix (`T vec(X) = vec(Xᵀ)`).
//!
//! Row `(i, j)` of the system reads `x_ij ± Σ_k a_ik x_jk = 1`: n² unknowns with
//! `1 + nnz(row i of A)` entries each, solved by faer's sparse LU.

use super::{trapped_squares, CharacteristicMatrix, Solution};
use crate::toolkit::linalg::sparse_solve;
use crate::toolkit::{Error, Matrix, Progress, Text};

/// Largest board the vectorised method takes: its system has n² unknowns.
pub const MAX_SQUARES: usize = 200;

/// Solves the two n² × n² systems of Theorems 2.1 and 4.1.
///
/// # Errors
/// [`Error::TooLarge`] for more than 200 squares; [`Error::NotTerminating`] when
/// A^k does not tend to 0 (the systems may then be singular);
/// [`Error::Singular`] if the factorisation fails.
///
/// # Complexity
/// Sparse LU of two n² × n² matrices with `n²(1 + f)` entries (`f` faces):
/// fill-in makes it far costlier than the other methods beyond a few dozen squares.
///
/// ```
/// use ludolab::snakes::{vectorised, CharacteristicMatrix};
/// let a = CharacteristicMatrix::from_dense(&[vec![0.125, 0.25], vec![0.375, 0.5]]).unwrap();
/// let s = vectorised::solve(&a, &mut |_, _| {}).unwrap();
/// assert!((s.p.get(0, 1) - 152.0 / 187.0).abs() < 1e-14);
/// assert!((s.e.get(1, 1) - 504.0 / 121.0).abs() < 1e-13);
/// ```
pub fn solve(a: &CharacteristicMatrix, progress: Progress) -> Result<Solution, Error> {
    let n = a.size();
    if n > MAX_SQUARES {
        return Err(Error::too_large(
            text!(
                "the vectorised method solves an n²×n² system and takes at most {MAX_SQUARES} squares \
             (this board has {n}): choose the distributions or series method",
                "la méthode vectorisée résout un système n²×n² et prend au plus {MAX_SQUARES} cases \
             (ce plateau en a {n}) : choisissez la méthode des distributions ou des séries"
            ),
            Some(n as u64),
            MAX_SQUARES as u64,
        ));
    }
    let trapped = trapped_squares(a);
    if !trapped.is_empty() {
        return Err(Error::NotTerminating { trapped });
    }
    progress(0.0, &[]);
    let p = solve_one(
        a,
        1.0,
        text!("the vectorised system for P", "le système vectorisé pour P"),
    )?;
    progress(0.5, &[]);
    let e = solve_one(
        a,
        -1.0,
        text!("the vectorised system for E", "le système vectorisé pour E"),
    )?;
    progress(1.0, &[]);
    Ok(Solution {
        p,
        e,
        terms: 0,
        error_bound: 0.0,
        error_bound_e: 0.0,
    })
}

/// Solves `X + sign · A Xᵀ = J`, unknowns ordered as `vec` does (column-major).
fn solve_one(a: &CharacteristicMatrix, sign: f64, what: Text) -> Result<Matrix, Error> {
    let n = a.size();
    let at = |i: usize, j: usize| j * n + i;
    let mut entries = Vec::with_capacity(n * n * 8);
    for i in 0..n {
        for j in 0..n {
            let row = at(i, j);
            entries.push((row, row, 1.0));
            entries.extend(a.row(i).map(|(k, aik)| (row, at(j, k), sign * aik)));
        }
    }
    let x = sparse_solve(n * n, &entries, &vec![1.0; n * n], what)?;
    let mut m = Matrix::zeros(n, n);
    for i in 0..n {
        for j in 0..n {
            m.set(i, j, x[at(i, j)]);
        }
    }
    Ok(m)
}
