//! Sparse linear systems, through faer's sparse LU (cargo feature `linalg`).
//!
//! Without the feature (the Snakes web bundle most links download: faer and its
//! gemm are a quarter of it), [`sparse_solve`] answers [`Error::Unavailable`]
//! and the page's worker asks the family's full bundle.

use super::error::{Error, Text};
#[cfg(feature = "linalg")]
use faer::{
    prelude::*,
    sparse::{SparseColMat, Triplet},
};

/// Solves `M x = b` for a sparse `n × n` matrix given by `(row, col, value)`
/// entries (repeated positions add up).
///
/// # Errors
/// [`Error::Singular`] when the factorisation fails or the solution is not finite;
/// [`Error::Unavailable`] in a build without the `linalg` feature.
#[cfg(feature = "linalg")]
pub fn sparse_solve(n: usize, entries: &[(usize, usize, f64)], b: &[f64], what: Text) -> Result<Vec<f64>, Error> {
    let singular = || Error::Singular { what: what.clone() };
    let triplets: Vec<Triplet<usize, usize, f64>> = entries
        .iter()
        .map(|&(row, col, val)| Triplet::new(row, col, val))
        .collect();
    let m = SparseColMat::<usize, f64>::try_new_from_triplets(n, n, &triplets).map_err(|_| singular())?;
    let lu = m.sp_lu().map_err(|_| singular())?;
    let rhs = Mat::<f64>::from_fn(n, 1, |i, _| b[i]);
    let x = lu.solve(&rhs);
    let x: Vec<f64> = (0..n).map(|i| x[(i, 0)]).collect();
    if x.iter().all(|v| v.is_finite()) {
        Ok(x)
    } else {
        Err(singular())
    }
}

/// [`sparse_solve`] in a build without faer.
///
/// # Errors
/// Always [`Error::Unavailable`], naming `what`.
#[cfg(not(feature = "linalg"))]
pub fn sparse_solve(_n: usize, _entries: &[(usize, usize, f64)], _b: &[f64], what: Text) -> Result<Vec<f64>, Error> {
    Err(Error::Unavailable {
        what,
        feature: "linalg",
    })
}

#[cfg(all(test, feature = "linalg"))]
mod tests {
    use super::*;

    #[test]
    fn solves_a_small_system() {
        // [[2, 1], [1, 3]] x = [3, 5] → x = [4/5, 7/5]
        let x = sparse_solve(
            2,
            &[(0, 0, 2.0), (0, 1, 1.0), (1, 0, 1.0), (1, 1, 3.0)],
            &[3.0, 5.0],
            text!("test", "test"),
        )
        .unwrap();
        assert!((x[0] - 0.8).abs() < 1e-15 && (x[1] - 1.4).abs() < 1e-15);
        assert!(sparse_solve(1, &[(0, 0, 0.0)], &[1.0], text!("test", "test")).is_err());
    }
}
