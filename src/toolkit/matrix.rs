//! A dense, row-major matrix of `f64`, the shape every result matrix is reported in.

use serde::ser::{Serialize, SerializeStruct, Serializer};

/// A dense `rows × cols` matrix stored row-major: entry `(i, j)` is `data[i * cols + j]`.
///
/// Natively it serializes as its rows (`[[1.0, 2.0], [3.0, 4.0]]`, the CLI's
/// JSON); on wasm32 as `{rows, cols, data}` with `data` packed as a typed
/// array (see [`packed`](super::packed)).
///
/// ```
/// use ludolab::Matrix;
/// let m = Matrix::from_rows(&[vec![1.0, 2.0], vec![3.0, 4.0]]);
/// assert_eq!(m.get(1, 0), 3.0);
/// assert_eq!(m.row(0), &[1.0, 2.0]);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Matrix {
    rows: usize,
    cols: usize,
    data: Vec<f64>,
}

impl Matrix {
    /// The `rows × cols` zero matrix.
    pub fn zeros(rows: usize, cols: usize) -> Self {
        Matrix {
            rows,
            cols,
            data: vec![0.0; rows * cols],
        }
    }

    /// Builds a matrix from its rows. All rows must have the same length (checked
    /// by callers that take user input; a mismatch here is a programming error).
    pub fn from_rows(rows: &[Vec<f64>]) -> Self {
        let cols = rows.first().map_or(0, Vec::len);
        debug_assert!(rows.iter().all(|r| r.len() == cols));
        Matrix {
            rows: rows.len(),
            cols,
            data: rows.concat(),
        }
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Entry `(i, j)`.
    pub fn get(&self, i: usize, j: usize) -> f64 {
        self.data[i * self.cols + j]
    }

    /// Sets entry `(i, j)`.
    pub fn set(&mut self, i: usize, j: usize, value: f64) {
        self.data[i * self.cols + j] = value;
    }

    /// Row `i`.
    pub fn row(&self, i: usize) -> &[f64] {
        &self.data[i * self.cols..(i + 1) * self.cols]
    }

    /// Row `i`, mutably.
    pub fn row_mut(&mut self, i: usize) -> &mut [f64] {
        &mut self.data[i * self.cols..(i + 1) * self.cols]
    }

    /// All entries, row-major, mutably.
    pub fn entries_mut(&mut self) -> impl Iterator<Item = &mut f64> {
        self.data.iter_mut()
    }

    /// The entries, row-major.
    pub fn as_slice(&self) -> &[f64] {
        &self.data
    }

    /// The rows as nested vectors (the JSON shape of the CLI).
    pub fn to_rows(&self) -> Vec<Vec<f64>> {
        self.data.chunks(self.cols.max(1)).map(<[f64]>::to_vec).collect()
    }

    /// Largest absolute difference between two matrices of the same shape.
    pub fn max_abs_diff(&self, other: &Matrix) -> f64 {
        assert_eq!((self.rows, self.cols), (other.rows, other.cols), "shape mismatch");
        self.data
            .iter()
            .zip(&other.data)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max)
    }
}

impl Serialize for Matrix {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if cfg!(target_arch = "wasm32") {
            let mut m = serializer.serialize_struct("Matrix", 3)?;
            m.serialize_field("rows", &self.rows)?;
            m.serialize_field("cols", &self.cols)?;
            m.serialize_field("data", &Flat(&self.data))?;
            m.end()
        } else {
            self.to_rows().serialize(serializer)
        }
    }
}

struct Flat<'a>(&'a [f64]);

impl Serialize for Flat<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        super::packed::serialize_slice(self.0, serializer)
    }
}
