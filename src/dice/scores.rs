//! The score of one turn (SPEC §2): d dice; if any shows 1 the turn scores 1,
//! otherwise the sum of the dice.

use crate::toolkit::number::Rational;
use num_traits::{One, Zero};

/// `P(d, k)`: probability that `d` dice score `k`, for `k = 0..=6d` (index k).
///
/// `P(d,1) = 1 − (5/6)^d`; `P(d,k) = (5/6)^d Q(d,k)` for `2d ≤ k ≤ 6d` with
/// `Q(1,k) = 1/5` for `k = 2..6` and `Q(d,k) = Σ_{j=2..6} Q(d−1,k−j)/5`.
///
/// ```
/// use ludolab::dice::score_distribution;
/// let p = score_distribution(1);
/// assert!((p[1] - 1.0 / 6.0).abs() < 1e-15 && (p[6] - 1.0 / 6.0).abs() < 1e-15);
/// ```
pub fn score_distribution(d: usize) -> Vec<f64> {
    let mut q = vec![0.0; 6 * d + 1];
    q[2..=6].fill(0.2);
    for m in 2..=d {
        let mut next = vec![0.0; 6 * d + 1];
        for k in 2 * m..=6 * m {
            next[k] = (2..=6).filter(|&j| k >= j + 2 * (m - 1)).map(|j| q[k - j]).sum::<f64>() / 5.0;
        }
        q = next;
    }
    let no_one = (5.0f64 / 6.0).powi(d as i32);
    let mut p: Vec<f64> = q.iter().map(|x| x * no_one).collect();
    p[1] = 1.0 - no_one;
    p
}

/// The same distribution as exact fractions.
pub fn exact_score_distribution(d: usize) -> Vec<Rational> {
    let fifth = Rational::new(1.into(), 5.into());
    let mut q = vec![Rational::zero(); 6 * d + 1];
    for item in q.iter_mut().take(7).skip(2) {
        *item = fifth.clone();
    }
    for m in 2..=d {
        let mut next = vec![Rational::zero(); 6 * d + 1];
        for (k, slot) in next.iter_mut().enumerate().take(6 * m + 1).skip(2 * m) {
            let sum: Rational = (2..=6)
                .filter(|&j| k >= j + 2 * (m - 1))
                .map(|j| q[k - j].clone())
                .sum();
            *slot = sum * &fifth;
        }
        q = next;
    }
    let no_one = num_traits::pow(Rational::new(5.into(), 6.into()), d);
    let mut p: Vec<Rational> = q.iter().map(|x| x * &no_one).collect();
    p[1] = Rational::one() - &no_one;
    p
}

/// `EP(d) = 4d(5/6)^d + 1 − (5/6)^d`, the expected score of `d` dice.
pub fn expected_points(d: usize) -> f64 {
    let no_one = (5.0f64 / 6.0).powi(d as i32);
    4.0 * d as f64 * no_one + 1.0 - no_one
}

/// The blind choice: the number of dice (at most `max_dice`) maximising EP, `min(D, 6)`.
pub fn blind_choice(max_dice: usize) -> usize {
    max_dice.min(6)
}

/// The scores `d` dice can make: 1 (any die shows 1) or `2d..=6d`, with the sums
/// of their probabilities from each score on (the chances to reach the target).
pub(crate) struct Support {
    d: usize,
    one: f64,
    /// P(d, 2d + m) for m = 0..=4d.
    probs: Vec<f64>,
    /// `tail[m]` = Σ_{m' ≥ m} probs[m'].
    tail: Vec<f64>,
}

impl Support {
    pub(crate) fn new(d: usize) -> Support {
        let p = score_distribution(d);
        let probs = p[2 * d..].to_vec();
        let mut tail = vec![0.0; probs.len() + 1];
        for m in (0..probs.len()).rev() {
            tail[m] = tail[m + 1] + probs[m];
        }
        Support {
            d,
            one: p[1],
            probs,
            tail,
        }
    }

    /// `Σ_k P(d,k) · (i + k ≥ N ? reach : sign · row[i + k])` with `N = row.len()`:
    /// the expectation after one throw from `i` points, `row` holding the values
    /// of the next states. A dot product over a contiguous row, plus the chance
    /// of reaching the target at once.
    pub(crate) fn expect(&self, i: usize, row: &[f64], sign: f64, reach: f64) -> f64 {
        let n = row.len();
        let mut v = self.one * if i + 1 >= n { reach } else { sign * row[i + 1] };
        let start = i + 2 * self.d;
        let inside = n.saturating_sub(start).min(self.probs.len());
        if inside > 0 {
            let dot: f64 = self.probs[..inside]
                .iter()
                .zip(&row[start..start + inside])
                .map(|(p, e)| p * e)
                .sum();
            v += sign * dot;
        }
        v + reach * self.tail[inside]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distributions_sum_to_one_and_match_ep() {
        for d in 1..=30 {
            let p = score_distribution(d);
            let total: f64 = p.iter().sum();
            assert!((total - 1.0).abs() < 1e-13, "d = {d}: {total}");
            let mean: f64 = p.iter().enumerate().map(|(k, q)| k as f64 * q).sum();
            assert!((mean - expected_points(d)).abs() < 1e-11, "d = {d}");
            let exact = exact_score_distribution(d.min(8));
            let approx = score_distribution(d.min(8));
            for (e, a) in exact.iter().zip(&approx) {
                assert!((crate::toolkit::number::to_f64(e) - a).abs() < 1e-15);
            }
        }
        assert_eq!(
            format!("{:.4} {:.4}", expected_points(5), expected_points(6)),
            "8.6357 8.7027"
        );
        let best = (1..=10)
            .max_by(|&a, &b| expected_points(a).total_cmp(&expected_points(b)))
            .unwrap();
        assert_eq!(best, blind_choice(10));
    }
}
