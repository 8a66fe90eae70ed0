//! The simultaneous game in one turn (SPEC §2): both players pick their dice at
//! once, the higher score wins. `EG1(d1, d2) = P(K1 > K2) − P(K1 < K2)`; the
//! optimal mixed strategy and the value come from a zero-sum matrix game solved
//! as a linear program (microlp), for each player, so that the value is checked
//! against both sides' guarantees.

use super::{exact_score_distribution, score_distribution};
use crate::toolkit::number::{format_rational, Rational};
use crate::toolkit::{Error, Matrix};
#[cfg(feature = "lp")]
use microlp::{ComparisonOp, OptimizationDirection, Problem};
use num_traits::Zero;
use serde::Serialize;

/// Largest D whose matrix is also given as fractions.
pub const EXACT_UP_TO: usize = 6;
/// Most a reported value may fall outside the two sides' guarantees.
pub const DUALITY_TOLERANCE: f64 = 1e-9;

/// `EG1(d1, d2)` for `1 ≤ d1, d2 ≤ D` (rows = player 1).
pub fn matrix(dice: usize) -> Matrix {
    let p: Vec<Vec<f64>> = (1..=dice).map(score_distribution).collect();
    let mut m = Matrix::zeros(dice, dice);
    for (a, pa) in p.iter().enumerate() {
        for (b, pb) in p.iter().enumerate() {
            // P(K1 > K2) − P(K1 < K2) with the running distribution of K2.
            let mut below = 0.0; // P(K2 < k)
            let mut value = 0.0;
            for k in 0..pa.len().max(pb.len()) {
                let (qa, qb) = (pa.get(k).copied().unwrap_or(0.0), pb.get(k).copied().unwrap_or(0.0));
                let above = 1.0 - below - qb; // P(K2 > k)
                value += qa * (below - above);
                below += qb;
            }
            m.set(a, b, value);
        }
    }
    m
}

/// The same matrix as fractions (`p/q` strings), for `D ≤ 6`.
pub fn exact_matrix(dice: usize) -> Option<Vec<Vec<String>>> {
    if dice > EXACT_UP_TO {
        return None;
    }
    let p: Vec<Vec<Rational>> = (1..=dice).map(exact_score_distribution).collect();
    let cell = |pa: &Vec<Rational>, pb: &Vec<Rational>| {
        let mut below = Rational::zero();
        let total: Rational = pb.iter().sum();
        let mut value = Rational::zero();
        for k in 0..pa.len().max(pb.len()) {
            let (qa, qb) = (
                pa.get(k).cloned().unwrap_or_default(),
                pb.get(k).cloned().unwrap_or_default(),
            );
            let above = &total - &below - &qb;
            value += qa * (&below - above);
            below += qb;
        }
        format_rational(&value)
    };
    Some(p.iter().map(|pa| p.iter().map(|pb| cell(pa, pb)).collect()).collect())
}

/// The solution of a zero-sum matrix game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatrixGame {
    /// Player 1's optimal mixed strategy (probabilities of its rows).
    pub strategy: Vec<f64>,
    /// Player 2's optimal mixed strategy (probabilities of its columns).
    pub opponent_strategy: Vec<f64>,
    /// The value of the game for player 1.
    pub value: f64,
    /// What player 1's strategy guarantees (its worst case over the columns).
    pub lower: f64,
    /// What player 2's strategy concedes at most (its worst case over the rows).
    pub upper: f64,
}

/// Solves `max_x min_j Σ_i x_i m_ij` (player 1, rows) and `min_y max_i Σ_j m_ij y_j`
/// (player 2, columns) as two linear programs.
///
/// # Errors
/// [`Error::Singular`] if a program fails; [`Error::Conflict`] if the value is not
/// within 1e-9 of both guarantees (it always is, by LP duality, unless the solver erred).
///
/// ```
/// use ludolab::dice::one_turn::solve_game;
/// use ludolab::Matrix;
/// // Matching pennies: value 0, both players mix half and half.
/// let g = solve_game(&Matrix::from_rows(&[vec![1.0, -1.0], vec![-1.0, 1.0]])).unwrap();
/// assert!(g.value.abs() < 1e-9 && (g.strategy[0] - 0.5).abs() < 1e-9);
/// ```
pub fn solve_game(m: &Matrix) -> Result<MatrixGame, Error> {
    let (rows, cols) = (m.rows(), m.cols());
    let (x, value) = row_player(m)?;
    // Player 2's problem is player 1's on −Mᵀ.
    let mut negated = Matrix::zeros(cols, rows);
    for i in 0..rows {
        for j in 0..cols {
            negated.set(j, i, -m.get(i, j));
        }
    }
    let (y, _) = row_player(&negated)?;
    let normalise = |v: Vec<f64>| {
        let v: Vec<f64> = v.into_iter().map(|p| p.max(0.0)).collect();
        let total: f64 = v.iter().sum();
        v.into_iter().map(|p| p / total).collect::<Vec<_>>()
    };
    let strategy = normalise(x);
    let opponent_strategy = normalise(y);
    let lower = (0..cols)
        .map(|j| (0..rows).map(|i| strategy[i] * m.get(i, j)).sum::<f64>())
        .fold(f64::INFINITY, f64::min);
    let upper = (0..rows)
        .map(|i| (0..cols).map(|j| opponent_strategy[j] * m.get(i, j)).sum::<f64>())
        .fold(f64::NEG_INFINITY, f64::max);
    if value < lower - DUALITY_TOLERANCE || value > upper + DUALITY_TOLERANCE || upper - lower > DUALITY_TOLERANCE {
        return Err(Error::Conflict {
            key: "dice",
            message: text!(
                "the matrix game's value {value} is not between the guarantees {lower} and {upper}",
                "la valeur {value} du jeu matriciel n'est pas entre les garanties {lower} et {upper}"
            ),
        });
    }
    Ok(MatrixGame {
        strategy,
        opponent_strategy,
        value,
        lower,
        upper,
    })
}

/// The row player's optimal mixed strategy and the value: maximise v subject to
/// `Σ_i x_i m_ij ≥ v` for every column, `Σ x = 1`, `x ≥ 0`.
#[cfg(feature = "lp")]
fn row_player(m: &Matrix) -> Result<(Vec<f64>, f64), Error> {
    let failed = Error::Singular {
        what: text!(
            "the matrix game's linear program",
            "le programme linéaire du jeu matriciel"
        ),
    };
    let bound = m.as_slice().iter().fold(0.0f64, |a, &v| a.max(v.abs())).max(1.0);
    let mut lp = Problem::new(OptimizationDirection::Maximize);
    let x: Vec<_> = (0..m.rows()).map(|_| lp.add_var(0.0, (0.0, 1.0))).collect();
    let v = lp.add_var(1.0, (-bound, bound));
    for j in 0..m.cols() {
        let mut terms: Vec<_> = x.iter().enumerate().map(|(i, &xi)| (xi, m.get(i, j))).collect();
        terms.push((v, -1.0));
        lp.add_constraint(terms.as_slice(), ComparisonOp::Ge, 0.0);
    }
    lp.add_constraint(
        x.iter().map(|&xi| (xi, 1.0)).collect::<Vec<_>>().as_slice(),
        ComparisonOp::Eq,
        1.0,
    );
    let solution = lp
        .solve()
        .map_err(|_| failed.clone())?
        .into_solution()
        .map_err(|_| failed)?;
    Ok((
        x.iter().map(|&xi| solution.var_value(xi)).collect(),
        solution.objective(),
    ))
}

/// [`row_player`] in a build without microlp (the Dice Battle web bundle most
/// links download: the sequential game needs no linear program).
#[cfg(not(feature = "lp"))]
fn row_player(_: &Matrix) -> Result<(Vec<f64>, f64), Error> {
    Err(Error::Unavailable {
        what: text!(
            "the matrix game's linear program",
            "le programme linéaire du jeu matriciel"
        ),
        feature: "lp",
    })
}
