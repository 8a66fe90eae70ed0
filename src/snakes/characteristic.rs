//! The characteristic matrix A of a chance-only race (seed 000, §1).

use super::board::{Board, MAX_SQUARES};
use crate::toolkit::number::{to_f64, Rational};
use crate::toolkit::{sort, Error, Matrix};
use num_traits::{One, Zero};

/// Tolerance on a typed matrix's row sums (a row may not exceed 1 by more).
const ROW_SUM_TOLERANCE: f64 = 1e-9;

/// The characteristic matrix A of a race over squares `0..n` with goal `n`:
/// `a_ij` is the probability to go from square `i` to square `j` in one roll,
/// jumps applied. Rows are sub-stochastic; the missing mass, the probability to
/// reach the goal, is kept explicitly in [`goal`](Self::goal) so that termination
/// is decided from the structure, not from rounding.
///
/// Stored sparse (compressed rows): a die with `f` faces gives at most `f`
/// entries per row.
#[derive(Clone, Debug, PartialEq)]
pub struct CharacteristicMatrix {
    n: usize,
    row_start: Vec<usize>,
    col: Vec<usize>,
    prob: Vec<f64>,
    goal: Vec<f64>,
}

impl CharacteristicMatrix {
    /// Builds a matrix from rows of `(column, probability)` entries and each row's
    /// probability to reach the goal. Entries with the same column are added.
    fn from_sparse_rows(rows: Vec<Vec<(usize, f64)>>, goal: Vec<f64>) -> Self {
        let n = rows.len();
        let mut row_start = Vec::with_capacity(n + 1);
        let (mut col, mut prob) = (Vec::new(), Vec::new());
        row_start.push(0);
        for mut row in rows {
            sort::sort_by_key(&mut row, |&(j, _)| j);
            for (j, p) in row {
                if col.len() > *row_start.last().unwrap() && *col.last().unwrap() == j {
                    *prob.last_mut().unwrap() += p;
                } else {
                    col.push(j);
                    prob.push(p);
                }
            }
            row_start.push(col.len());
        }
        CharacteristicMatrix {
            n,
            row_start,
            col,
            prob,
            goal,
        }
    }

    /// A matrix typed by the user (the seed notes that any chance-only race is
    /// such a matrix). The goal probability of row `i` is `1 − Σ_j a_ij`.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] for an empty or too large matrix, an entry outside
    /// `[0, 1]` or a row summing to more than 1; [`Error::InvalidBoard`] for a
    /// row of the wrong length.
    pub fn from_dense(rows: &[Vec<f64>]) -> Result<Self, Error> {
        let (sparse, goal) = dense_rows(rows)?;
        Ok(Self::from_sparse_rows(sparse, goal))
    }

    /// `n`, the number of squares off the goal (rows and columns `0..n`).
    pub fn size(&self) -> usize {
        self.n
    }

    /// Probability to reach the goal in one roll from each square.
    pub fn goal(&self) -> &[f64] {
        &self.goal
    }

    /// The non-zero entries `(j, a_ij)` of row `i`, by increasing `j`.
    pub fn row(&self, i: usize) -> impl Iterator<Item = (usize, f64)> + '_ {
        let range = self.row_start[i]..self.row_start[i + 1];
        self.col[range.clone()]
            .iter()
            .copied()
            .zip(self.prob[range].iter().copied())
    }

    /// The sub-matrix on `keep` (increasing squares), renumbered `0..keep.len()`;
    /// mass to squares not kept is dropped.
    pub fn restrict(&self, keep: &[usize]) -> CharacteristicMatrix {
        let index = renumbering(self.n, keep);
        let rows = keep
            .iter()
            .map(|&i| self.row(i).filter_map(|(j, p)| index[j].map(|k| (k, p))).collect())
            .collect();
        CharacteristicMatrix::from_sparse_rows(rows, keep.iter().map(|&i| self.goal[i]).collect())
    }

    /// `y = A x`.
    pub fn apply(&self, x: &[f64], y: &mut [f64]) {
        for (yi, bounds) in y.iter_mut().zip(self.row_start.windows(2)) {
            let range = bounds[0]..bounds[1];
            let mut sum = 0.0;
            for (&j, &p) in self.col[range.clone()].iter().zip(&self.prob[range]) {
                sum += p * x[j];
            }
            *yi = sum;
        }
    }

    /// `(y, v) = (A x, A u)` in one pass over A (two independent sums per row).
    pub fn apply_pair(&self, x: &[f64], u: &[f64], y: &mut [f64], v: &mut [f64]) {
        for ((yi, vi), bounds) in y.iter_mut().zip(v.iter_mut()).zip(self.row_start.windows(2)) {
            let range = bounds[0]..bounds[1];
            let (mut sx, mut su) = (0.0, 0.0);
            for (&j, &p) in self.col[range.clone()].iter().zip(&self.prob[range]) {
                sx += p * x[j];
                su += p * u[j];
            }
            *yi = sx;
            *vi = su;
        }
    }

    /// A as a dense matrix (for display and for small boards).
    pub fn to_dense(&self) -> Matrix {
        let mut m = Matrix::zeros(self.n, self.n);
        for i in 0..self.n {
            for (j, p) in self.row(i) {
                m.set(i, j, p);
            }
        }
        m
    }
}

/// The characteristic matrix with exact entries: what the `exact` method solves,
/// and the source of the `f64` matrix the other methods use.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ExactMatrix {
    /// Non-zero entries of each row, by increasing column.
    rows: Vec<Vec<(usize, Rational)>>,
    /// Probability to reach the goal from each square in one roll.
    goal: Vec<Rational>,
}

impl ExactMatrix {
    /// A matrix typed by the user (rows of exact entries).
    ///
    /// # Errors
    /// [`Error::OutOfRange`] for an empty or too large matrix, an entry outside
    /// `[0, 1]` or a row summing to more than 1; [`Error::InvalidBoard`] for a
    /// row of the wrong length.
    pub fn from_dense(rows: &[Vec<Rational>]) -> Result<Self, Error> {
        let (rows, goal) = dense_rows(rows)?;
        Ok(ExactMatrix { rows, goal })
    }

    /// `n`, the number of squares off the goal.
    pub fn size(&self) -> usize {
        self.rows.len()
    }

    /// The non-zero entries of row `i`, by increasing column.
    pub fn row(&self, i: usize) -> &[(usize, Rational)] {
        &self.rows[i]
    }

    /// Probability to reach the goal in one roll, per square.
    pub fn goal(&self) -> &[Rational] {
        &self.goal
    }

    /// The entries as dense rows (for display and links).
    pub fn to_dense(&self) -> Vec<Vec<Rational>> {
        let n = self.size();
        let mut dense = vec![vec![Rational::zero(); n]; n];
        for (i, row) in self.rows.iter().enumerate() {
            for (j, p) in row {
                dense[i][*j] = p.clone();
            }
        }
        dense
    }

    /// The nearest `f64` matrix.
    pub fn to_f64(&self) -> CharacteristicMatrix {
        let rows = self
            .rows
            .iter()
            .map(|r| r.iter().map(|(j, p)| (*j, to_f64(p))).collect())
            .collect();
        CharacteristicMatrix::from_sparse_rows(rows, self.goal.iter().map(to_f64).collect())
    }

    /// The sub-matrix on `keep` (increasing squares), renumbered `0..keep.len()`;
    /// mass to squares not kept is dropped.
    pub fn restrict(&self, keep: &[usize]) -> ExactMatrix {
        let index = renumbering(self.size(), keep);
        let rows = keep
            .iter()
            .map(|&i| {
                self.rows[i]
                    .iter()
                    .filter_map(|(j, p)| index[*j].map(|k| (k, p.clone())))
                    .collect()
            })
            .collect();
        ExactMatrix {
            rows,
            goal: keep.iter().map(|&i| self.goal[i].clone()).collect(),
        }
    }
}

/// `index[i]` = the position of square `i` in `keep`, if kept.
fn renumbering(n: usize, keep: &[usize]) -> Vec<Option<usize>> {
    let mut index = vec![None; n];
    for (k, &i) in keep.iter().enumerate() {
        index[i] = Some(k);
    }
    index
}

/// The characteristic matrix of a board (seed 000, §1): for every square `i < n`
/// and every face, the token moves by the face under the board's finish rule,
/// then takes the jump that starts where it landed, if any.
///
/// # Complexity
/// O(n·f log f) for `n` squares and a die with `f` faces.
///
/// ```
/// use ludolab::snakes::{characteristic_matrix, Preset, Model};
/// let Model::Board(board) = Preset::Grid1.model() else { unreachable!() };
/// let a = characteristic_matrix(&board);
/// // Row 1 of the seed's Example 1: to 2 with 1/3, to 3 with 2/3 (via the snake 4→3).
/// assert_eq!(a.row(1).collect::<Vec<_>>(), vec![(2, 1.0 / 3.0), (3, 2.0 / 3.0)]);
/// ```
pub fn characteristic_matrix(board: &Board) -> CharacteristicMatrix {
    exact_characteristic_matrix(board).to_f64()
}

/// The characteristic matrix of a board with exact entries.
pub fn exact_characteristic_matrix(board: &Board) -> ExactMatrix {
    let n = board.squares();
    let mut rows = Vec::with_capacity(n);
    let mut goal = vec![Rational::zero(); n];
    for (i, g) in goal.iter_mut().enumerate() {
        let mut row: Vec<(usize, Rational)> = Vec::with_capacity(board.die().faces().len());
        for (face, p) in board.die().faces() {
            let to = board.after_jump(board.rule().landing(i, *face, n));
            if to == n {
                *g += p;
            } else {
                match row.iter_mut().find(|(j, _)| *j == to) {
                    Some((_, q)) => *q += p,
                    None => row.push((to, p.clone())),
                }
            }
        }
        sort::sort_by_key(&mut row, |(j, _)| *j);
        rows.push(row);
    }
    ExactMatrix { rows, goal }
}

/// An entry of a typed matrix: a probability as a float (sums within
/// rounding) or exact.
trait Entry: Clone + PartialOrd {
    fn nought() -> Self;
    fn unit() -> Self;
    fn is_nought(&self) -> bool;
    /// How a message writes it.
    fn shown(&self) -> String;
    /// The sum of a row.
    fn sum(row: &[Self]) -> Self;
    /// The goal probability of a row summing to `sum` (at most 1).
    fn goal(sum: &Self) -> Self;
    /// Whether `sum` exceeds 1 (beyond rounding for floats).
    fn over_one(sum: &Self) -> bool;
}

impl Entry for f64 {
    fn nought() -> f64 {
        0.0
    }
    fn unit() -> f64 {
        1.0
    }
    fn is_nought(&self) -> bool {
        *self == 0.0
    }
    fn shown(&self) -> String {
        self.to_string()
    }
    fn sum(row: &[f64]) -> f64 {
        row.iter().sum()
    }
    /// A row summing to 1 within rounding has no exit.
    fn goal(sum: &f64) -> f64 {
        if *sum >= 1.0 - ROW_SUM_TOLERANCE {
            0.0
        } else {
            1.0 - sum
        }
    }
    fn over_one(sum: &f64) -> bool {
        *sum > 1.0 + ROW_SUM_TOLERANCE
    }
}

impl Entry for Rational {
    fn nought() -> Rational {
        Zero::zero()
    }
    fn unit() -> Rational {
        One::one()
    }
    fn is_nought(&self) -> bool {
        Zero::is_zero(self)
    }
    fn shown(&self) -> String {
        crate::toolkit::number::format_exact(self)
    }
    fn sum(row: &[Rational]) -> Rational {
        row.iter().fold(Zero::zero(), |acc: Rational, p| acc + p)
    }
    fn goal(sum: &Rational) -> Rational {
        <Rational as One>::one() - sum
    }
    fn over_one(sum: &Rational) -> bool {
        *sum > <Rational as One>::one()
    }
}

/// A matrix's non-zero entries by row, `(column, value)`, and each row's goal probability.
type SparseRows<T> = (Vec<Vec<(usize, T)>>, Vec<T>);

/// The rows of a typed square matrix as sparse rows and each row's goal
/// probability, every entry in [0, 1] and every row's sum at most 1.
fn dense_rows<T: Entry>(rows: &[Vec<T>]) -> Result<SparseRows<T>, Error> {
    let n = rows.len();
    if !(1..=MAX_SQUARES).contains(&n) {
        return Err(Error::OutOfRange {
            what: text!("matrix size", "taille de la matrice"),
            value: n.to_string(),
            min: "1".into(),
            max: MAX_SQUARES.to_string(),
        });
    }
    let mut sparse = Vec::with_capacity(n);
    let mut goal = Vec::with_capacity(n);
    for (i, row) in rows.iter().enumerate() {
        if row.len() != n {
            return Err(Error::InvalidBoard(text!(
                "row {i} of the matrix has {} entries (expected {n}: the matrix must be square)",
                "la ligne {i} de la matrice a {} entrées (attendu : {n}, la matrice doit être carrée)",
                row.len()
            )));
        }
        let mut entries = Vec::new();
        for (j, p) in row.iter().enumerate() {
            if *p < T::nought() || *p > T::unit() || p.partial_cmp(&T::nought()).is_none() {
                return Err(Error::OutOfRange {
                    what: text!("a[{i}][{j}]", "a[{i}][{j}]"),
                    value: p.shown(),
                    min: "0".into(),
                    max: "1".into(),
                });
            }
            if !p.is_nought() {
                entries.push((j, p.clone()));
            }
        }
        let sum = T::sum(row);
        if T::over_one(&sum) {
            return Err(Error::OutOfRange {
                what: text!("the sum of row {i}", "la somme de la ligne {i}"),
                value: sum.shown(),
                min: "0".into(),
                max: "1".into(),
            });
        }
        goal.push(T::goal(&sum));
        sparse.push(entries);
    }
    Ok((sparse, goal))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snakes::{Model, Preset};

    #[test]
    fn grid1_reproduces_the_seeds_transition_table() {
        let Model::Board(board) = Preset::Grid1.model() else {
            panic!("grid1 is a board")
        };
        let a = characteristic_matrix(&board).to_dense();
        let t = 1.0 / 3.0;
        let expected = [
            [0.0, 0.0, t, t, 0.0, t],
            [0.0, 0.0, t, 2.0 * t, 0.0, 0.0],
            [0.0, 0.0, 0.0, 2.0 * t, 0.0, t],
            [0.0, 0.0, 0.0, t, 0.0, t],
            [0.0, 0.0, 0.0, 0.0, 0.0, t],
            [0.0; 6],
        ];
        for (i, row) in expected.iter().enumerate() {
            for (j, &e) in row.iter().enumerate() {
                assert!((a.get(i, j) - e).abs() < 1e-15, "a[{i}][{j}] = {} ≠ {e}", a.get(i, j));
            }
        }
    }

    #[test]
    fn audet_first_row_matches_the_seed() {
        let Model::Board(board) = Preset::Audet.model() else {
            panic!()
        };
        let a = characteristic_matrix(&board);
        // a_01 = 0 (ladder 1→38), a_02 = a_03 = a_05 = a_06 = 1/6, a_04 = 0 (ladder 4→14); a_38 = 1/6.
        let row0: Vec<usize> = a.row(0).map(|(j, _)| j).collect();
        assert_eq!(row0, vec![2, 3, 5, 6, 14, 38]);
        assert!(a.row(3).any(|(j, p)| j == 8 && (p - 1.0 / 6.0).abs() < 1e-15));
        // From 99 every roll wins (overshoot): a_99,i = 0 for all i.
        assert_eq!(a.row(99).count(), 0);
        assert!((a.goal()[99] - 1.0).abs() < 1e-15);
    }

    #[test]
    fn dense_input_is_checked() {
        assert!(CharacteristicMatrix::from_dense(&[]).is_err());
        let err = CharacteristicMatrix::from_dense(&[vec![0.5, 0.7], vec![0.0, 0.0]]).unwrap_err();
        assert!(err.to_string().contains("the sum of row 0 = 1.2"), "{err}");
        let err = CharacteristicMatrix::from_dense(&[vec![0.5, -0.1], vec![0.0, 0.0]]).unwrap_err();
        assert!(err.to_string().contains("a[0][1] = -0.1 is out of range"), "{err}");
        let err = CharacteristicMatrix::from_dense(&[vec![0.5], vec![0.0, 0.0]]).unwrap_err();
        assert!(err.to_string().contains("row 0 of the matrix has 1 entries"), "{err}");
        let a = CharacteristicMatrix::from_dense(&[vec![0.125, 0.25], vec![0.375, 0.5]]).unwrap();
        assert_eq!(a.goal(), &[0.625, 0.125]);
    }
}
