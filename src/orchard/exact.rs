//! The seed's memoised recursion, in exact fractions: the reference the fast
//! solver and the chain are tested against, and the fractions the chain view
//! shows. Positions are written as the seed writes them: trees in decreasing
//! order, empty trees removed.

use super::smooth::Smooth;
use super::{Strategy, MAX_TREES};
use crate::toolkit::sort;
use crate::toolkit::Error;
use num_rational::BigRational;
use rustc_hash::FxHashMap;

/// Most positions the exact recursion memoises before giving up.
pub const MAX_EXACT_POSITIONS: usize = 200_000;

/// The exact win probabilities of one rule set, memoised.
pub struct Exact {
    basket: usize,
    strategy: Strategy,
    /// In [`Smooth`] fractions: sums without a gcd each (BENCHMARKS.md,
    /// "Orchard's exact fractions").
    memo: FxHashMap<(Vec<u8>, usize), Smooth>,
}

/// At most how many positions the exact recursion memoises for `trees` and
/// `crows`: the multisets of fruit counts under the fullest tree, for each
/// number of crows.
pub fn positions_bound(trees: &[u8], crows: usize) -> f64 {
    let t = trees.len();
    let most = usize::from(trees.iter().copied().max().unwrap_or(0));
    (0..t).fold(1.0, |acc, i| acc * (most + t - i) as f64 / (i + 1) as f64) * crows as f64
}

/// Every strategy's exact win probability from `trees` with `crows`, in the
/// order of [`Strategy::ALL`].
///
/// # Errors
/// [`Error::TooLarge`] at once when the game may have more than
/// [`MAX_EXACT_POSITIONS`] positions.
pub fn all_strategies(
    trees: &[u8],
    crows: usize,
    basket: usize,
    progress: crate::toolkit::Progress,
) -> Result<Vec<BigRational>, Error> {
    let bound = positions_bound(trees, crows);
    if bound > MAX_EXACT_POSITIONS as f64 {
        return Err(Error::too_large(
            text!(
                "exact fractions are computed for games of at most {MAX_EXACT_POSITIONS} positions \
                 (this one may have {bound:.0}): the decimals are shown",
                "les fractions exactes sont calculées pour les parties d'au plus {MAX_EXACT_POSITIONS} positions \
                 (celle-ci peut en avoir {bound:.0}) : les décimales sont affichées"
            ),
            Some(bound as u64),
            MAX_EXACT_POSITIONS as u64,
        ));
    }
    let mut out = Vec::new();
    for (k, strategy) in Strategy::ALL.into_iter().enumerate() {
        out.push(Exact::new(basket, strategy).win(trees, crows)?);
        progress((k + 1) as f64 / 4.0, &[]);
    }
    Ok(out)
}

/// The seed's form: non-empty trees, decreasing.
pub fn seed_form(trees: &[u8]) -> Vec<u8> {
    let mut t: Vec<u8> = trees.iter().copied().filter(|&v| v > 0).collect();
    sort::sort_by(&mut t, |a, b| b.cmp(a));
    t
}

/// `trees` after one fruit is taken from tree `i`, in the seed's form.
pub fn pick(trees: &[u8], i: usize) -> Vec<u8> {
    let mut t = trees.to_vec();
    t[i] -= 1;
    seed_form(&t)
}

impl Exact {
    /// A memo for one basket size and strategy.
    pub fn new(basket: usize, strategy: Strategy) -> Exact {
        Exact {
            basket,
            strategy,
            memo: FxHashMap::default(),
        }
    }

    /// P(trees, crows) exactly.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] for more than [`MAX_TREES`] trees;
    /// [`Error::TooLarge`] once more than [`MAX_EXACT_POSITIONS`] positions are memoised.
    pub fn win(&mut self, trees: &[u8], crows: usize) -> Result<BigRational, Error> {
        check_trees(trees)?;
        Ok(self.value(&seed_form(trees), crows)?.to_rational())
    }

    /// P(trees, crows) for `trees` in the seed's form, at most [`MAX_TREES`] of them.
    fn value(&mut self, trees: &[u8], crows: usize) -> Result<Smooth, Error> {
        if trees.is_empty() {
            return Ok(Smooth::one());
        }
        if crows == 0 {
            return Ok(Smooth::zero());
        }
        if let Some(p) = self.memo.get(&(trees.to_vec(), crows)) {
            return Ok(p.clone());
        }
        if self.memo.len() >= MAX_EXACT_POSITIONS {
            return Err(Error::too_large(
                text!(
                    "exact fractions are computed for games of at most {MAX_EXACT_POSITIONS} positions",
                    "les fractions exactes sont calculées pour les parties d'au plus {MAX_EXACT_POSITIONS} positions"
                ),
                None,
                MAX_EXACT_POSITIONS as u64,
            ));
        }
        let n = trees.len();
        let mut p = self.value(trees, crows - 1)?;
        for i in 0..n {
            p += &self.value(&pick(trees, i), crows)?;
        }
        for (after, q) in self.outcomes(trees, crows)? {
            p += &(&q * &self.value(&after, crows)?);
        }
        // n + 2 faces: at most 10.
        let mut p = p.divided_by(n as u32 + 2);
        p.reduce();
        self.memo.insert((trees.to_vec(), crows), p.clone());
        Ok(p)
    }

    /// The basket's value: 1 when at most K fruits are left, else the expected
    /// P after the strategy's pick.
    ///
    /// # Errors
    /// As [`Exact::win`].
    pub fn basket_value(&mut self, trees: &[u8], crows: usize) -> Result<BigRational, Error> {
        check_trees(trees)?;
        let mut p = Smooth::zero();
        for (after, q) in self.outcomes(&seed_form(trees), crows)? {
            p += &(&q * &self.value(&after, crows)?);
        }
        Ok(p.to_rational())
    }

    /// Where the basket leads, with probabilities (the empty position when at
    /// most K fruits are left).
    ///
    /// # Errors
    /// As [`Exact::win`].
    pub fn basket_outcomes(&mut self, trees: &[u8], crows: usize) -> Result<Vec<(Vec<u8>, BigRational)>, Error> {
        check_trees(trees)?;
        Ok(self
            .outcomes(&seed_form(trees), crows)?
            .into_iter()
            .map(|(after, q)| (after, q.to_rational()))
            .collect())
    }

    /// [`Exact::basket_outcomes`] for `trees` in the seed's form, in [`Smooth`] fractions.
    fn outcomes(&mut self, trees: &[u8], crows: usize) -> Result<Vec<(Vec<u8>, Smooth)>, Error> {
        let total: usize = trees.iter().map(|&t| usize::from(t)).sum();
        if total <= self.basket {
            return Ok(vec![(Vec::new(), Smooth::one())]);
        }
        if self.strategy == Strategy::Optimal {
            let mut best: Option<(Vec<u8>, Smooth)> = None;
            for after in sub_multisets(trees, self.basket) {
                let p = self.value(&after, crows)?;
                if best.as_ref().is_none_or(|(_, b)| p > *b) {
                    best = Some((after, p));
                }
            }
            let (after, _) = best.expect("a basket has a pick when fruits are left");
            return Ok(vec![(after, Smooth::one())]);
        }
        let mut out: Vec<(Vec<u8>, Smooth)> = vec![(trees.to_vec(), Smooth::one())];
        for _ in 0..self.basket {
            let mut next: Vec<(Vec<u8>, Smooth)> = Vec::new();
            for (t, q) in out {
                let n = t.len();
                let picks: Vec<(usize, Smooth)> = match self.strategy {
                    Strategy::Max => vec![(0, q)],
                    Strategy::Min => vec![(n - 1, q)],
                    // One tree of n: at most 8.
                    _ => (0..n).map(|i| (i, q.clone().divided_by(n as u32))).collect(),
                };
                for (i, w) in picks {
                    let after = pick(&t, i);
                    match next.iter_mut().find(|(s, _)| *s == after) {
                        Some((_, acc)) => *acc += &w,
                        None => next.push((after, w)),
                    }
                }
            }
            out = next;
        }
        Ok(out)
    }
}

/// Refuses more trees than the die has faces for (the divisions by n + 2
/// and by n must stay 7-smooth).
fn check_trees(trees: &[u8]) -> Result<(), Error> {
    if trees.len() > MAX_TREES {
        return Err(Error::out_of_range(
            text!("number of trees", "nombre d'arbres"),
            trees.len(),
            1,
            MAX_TREES,
        ));
    }
    Ok(())
}

/// Every distinct position reached by taking `k` fruits from `trees` (seed's
/// form in and out), fullest trees first.
pub fn sub_multisets(trees: &[u8], k: usize) -> Vec<Vec<u8>> {
    picks(trees, k).into_iter().map(|take| after(trees, &take)).collect()
}

/// The ways to take `k` fruits from `trees` (any order) that lead to distinct
/// positions: for each, how many fruits come from each tree. Trees are tried in
/// the order given, so with `trees` decreasing the fullest come first.
pub fn picks(trees: &[u8], k: usize) -> Vec<Vec<u8>> {
    fn go(t: &[u8], take: &mut Vec<u8>, from: usize, k: usize, seen: &mut Vec<Vec<u8>>, out: &mut Vec<Vec<u8>>) {
        if k == 0 {
            let s = after(t, take);
            if !seen.contains(&s) {
                seen.push(s);
                out.push(take.clone());
            }
            return;
        }
        for i in from..t.len() {
            // Among neighbouring trees of equal size only non-increasing takes:
            // the others give the same orchards again (8 full trees and a
            // basket of 4: 5 takes instead of 330).
            let repeats = i > 0 && t[i] == t[i - 1] && take[i] >= take[i - 1];
            if take[i] < t[i] && !repeats {
                take[i] += 1;
                go(t, take, i, k - 1, seen, out);
                take[i] -= 1;
            }
        }
    }
    let mut out = Vec::new();
    go(trees, &mut vec![0; trees.len()], 0, k, &mut Vec::new(), &mut out);
    out
}

/// The position (seed's form) after taking `take[i]` fruits from tree `i`.
pub fn after(trees: &[u8], take: &[u8]) -> Vec<u8> {
    seed_form(&trees.iter().zip(take).map(|(t, k)| t - k).collect::<Vec<u8>>())
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;

    fn ratio(n: usize, d: usize) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    #[test]
    fn the_seed_s_small_states() {
        let mut e = Exact::new(2, Strategy::Max);
        let p = e.win(&[2, 2], 2).unwrap();
        assert_eq!(p, BigRational::new(BigInt::from(2341), BigInt::from(3456)));
        assert_eq!(e.win(&[1, 1], 1).unwrap(), ratio(7, 12));
        assert_eq!(sub_multisets(&[2, 2], 2), vec![vec![2], vec![1, 1]]);
        assert_eq!(sub_multisets(&[2, 1], 2), vec![vec![1]]);
    }
}
