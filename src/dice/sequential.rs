//! The sequential game (SPEC §2): players alternate; the one to move, with `i`
//! points against `j`, picks `d` dice. EG(i, j) is its expected gain (+1 win,
//! −1 loss) under optimal play by both, OPT(i, j) the smallest optimal `d`.

use super::scores::{exact_score_distribution, Support};
use crate::toolkit::lehmer::{add, mul};
use crate::toolkit::number::Rational;
use crate::toolkit::{Error, Matrix, Text};
use num_traits::Zero;

/// Most dice a player may throw.
pub const MAX_DICE: usize = 30;
/// Largest target.
pub const MAX_TARGET: usize = 1000;
/// Values within this of the best count as ties (the smallest d wins them).
pub const TIE: f64 = 1e-12;

/// EG and OPT, rows = points of the player to move, columns = the opponent's.
#[derive(Clone, Debug, PartialEq)]
pub struct Sequential {
    /// D: most dice per turn.
    pub dice: usize,
    /// N: points to reach.
    pub target: usize,
    /// EG(i, j): the expected gain of the player to move with i points against j.
    pub eg: Matrix,
    /// `opt[i * target + j]`: the smallest optimal number of dice.
    pub opt: Vec<u8>,
    /// States where every number of dice is optimal (all values within 1e-12).
    pub all_tied: usize,
}

impl Sequential {
    /// OPT(i, j): the smallest optimal number of dice.
    pub fn opt(&self, i: usize, j: usize) -> usize {
        self.opt[i * self.target + j] as usize
    }
}

/// Checks `dice` and `target` against their ranges.
///
/// # Errors
/// [`Error::OutOfRange`] naming the parameter.
pub fn check(dice: usize, target: usize, max_target: usize) -> Result<(), Error> {
    let range = |what: &str, value: usize, max: usize| Error::OutOfRange {
        what: Text::same(what),
        value: value.to_string(),
        min: "1".into(),
        max: max.to_string(),
    };
    if !(1..=MAX_DICE).contains(&dice) {
        return Err(range("dice", dice, MAX_DICE));
    }
    if !(1..=max_target).contains(&target) {
        return Err(range("target", target, max_target));
    }
    Ok(())
}

/// Solves the sequential game by dynamic programming:
/// `EG(i,j) = max_d −Σ_k P(d,k) EG(j, i+k)`, with the value +1 when the mover
/// reaches the target. Every turn scores at least 1, so states are solved by
/// decreasing `i + j`.
///
/// # Errors
/// [`Error::OutOfRange`] for `dice` outside `1..=30` or `target` outside `1..=1000`.
///
/// # Complexity
/// O(N² · D · 6D): about 5·10⁶ operations for D = 10, N = 100.
///
/// ```
/// use ludolab::dice::sequential;
/// let s = sequential::solve(10, 100).unwrap();
/// assert!((s.eg.get(0, 0) - 0.0687190473).abs() < 1e-10);
/// assert_eq!(s.opt(0, 0), 6);
/// ```
pub fn solve(dice: usize, target: usize) -> Result<Sequential, Error> {
    check(dice, target, MAX_TARGET)?;
    let n = target;
    let support: Vec<Support> = (1..=dice).map(Support::new).collect();
    let mut eg = Matrix::zeros(n, n);
    let mut opt = vec![0u8; n * n];
    let mut values = vec![0.0; dice + 1];
    let mut all_tied = 0;
    for sum in (0..=2 * (n - 1)).rev() {
        for i in sum.saturating_sub(n - 1)..=sum.min(n - 1) {
            let j = sum - i;
            // The opponent then moves with j points against i + k: EG(j, i + k).
            let row = eg.row(j);
            for (d, s) in support.iter().enumerate() {
                values[d + 1] = s.expect(i, row, -1.0, 1.0);
            }
            let best = values[1..].iter().copied().fold(f64::NEG_INFINITY, f64::max);
            // Ties: the smallest d within TIE of the best.
            let best_d = (1..=dice).find(|&d| values[d] >= best - TIE).unwrap_or(1);
            // A sure win sums its probabilities to 1 ± 2⁻⁵²: a gain stays in [−1, 1].
            eg.set(i, j, best.clamp(-1.0, 1.0));
            opt[i * n + j] = best_d as u8;
            all_tied += usize::from(values[1..].iter().all(|&v| v >= best - TIE));
        }
    }
    Ok(Sequential {
        dice,
        target,
        eg,
        opt,
        all_tied,
    })
}

/// Most dice for [`solve_exact`]: fractions' sizes grow fast with D.
pub const MAX_EXACT_DICE: usize = 6;
/// Largest target for [`solve_exact`].
pub const MAX_EXACT_TARGET: usize = 40;

/// EG as exact fractions: the recursion of [`solve`] over the rationals, with
/// the scores' exact distribution. Rows are the points of the player to move.
///
/// # Errors
/// [`Error::OutOfRange`] for `dice` outside `1..=6` or `target` outside `1..=40`.
///
/// # Complexity
/// O(N² · D · 6D) operations on fractions whose size grows with N.
///
/// ```
/// use ludolab::dice::sequential;
/// let eg = sequential::solve_exact(1, 1).unwrap();
/// assert_eq!(eg[0][0].to_string(), "1"); // one die always scores at least 1
/// let eg = sequential::solve_exact(3, 20).unwrap();
/// let float = sequential::solve(3, 20).unwrap();
/// let x: f64 = num_traits::ToPrimitive::to_f64(&eg[0][0]).unwrap();
/// assert!((x - float.eg.get(0, 0)).abs() < 1e-12);
/// ```
pub fn solve_exact(dice: usize, target: usize) -> Result<Vec<Vec<Rational>>, Error> {
    check(dice, target, MAX_TARGET)?;
    if dice > MAX_EXACT_DICE || target > MAX_EXACT_TARGET {
        return Err(Error::OutOfRange {
            what: text!(
                "exact EG: D (at most {MAX_EXACT_DICE}) and N (at most {MAX_EXACT_TARGET})",
                "EG exact : D (au plus {MAX_EXACT_DICE}) et N (au plus {MAX_EXACT_TARGET})"
            ),
            value: format!("D = {dice}, N = {target}"),
            min: "1".into(),
            max: format!("D = {MAX_EXACT_DICE}, N = {MAX_EXACT_TARGET}"),
        });
    }
    let n = target;
    let scores: Vec<Vec<Rational>> = (1..=dice).map(exact_score_distribution).collect();
    let mut eg = vec![vec![Rational::zero(); n]; n];
    for sum in (0..=2 * (n - 1)).rev() {
        for i in sum.saturating_sub(n - 1)..=sum.min(n - 1) {
            let j = sum - i;
            let mut best: Option<Rational> = None;
            for p in &scores {
                // A score k takes the mover to i + k: a win at N, else the opponent moves.
                let mut v = Rational::zero();
                for (k, pk) in p.iter().enumerate().filter(|(_, pk)| !pk.is_zero()) {
                    // Lehmer's gcd: the fractions reach hundreds of digits (BENCHMARKS.md).
                    v = if i + k >= n {
                        add(&v, pk)
                    } else {
                        add(&v, &-mul(pk, &eg[j][i + k]))
                    };
                }
                if best.as_ref().is_none_or(|b| v > *b) {
                    best = Some(v);
                }
            }
            eg[i][j] = best.expect("at least one die");
        }
    }
    Ok(eg)
}
