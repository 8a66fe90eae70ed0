//! Fractions whose denominators have no prime factor above 7: every Orchard
//! probability is one, since the die has at most 10 faces (8 trees, the basket
//! and the crow) and a random basket picks among at most 8 trees.
//!
//! Writing `n / (2^a 3^b 5^c 7^d)` and keeping the exponents apart makes a sum
//! a multiplication by small powers and an addition, with no greatest common
//! divisor: `BigRational` spends about 70 % of the exact recursion in `gcd`
//! (BENCHMARKS.md, "Orchard's exact fractions"). Only [`Smooth::to_rational`]
//! reduces, once per answer.
//!
//! # Complexity
//! Addition, comparison and division by a small number are linear in the
//! number of digits; multiplication is that of `BigInt`.
//!
//! ```
//! use ludolab::orchard::smooth::Smooth;
//! let third = Smooth::one().divided_by(3);
//! let sixth = third.clone().divided_by(2);
//! assert_eq!((third + &sixth).to_rational().to_string(), "1/2");
//! ```

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Pow, Zero};
use std::cmp::Ordering;

/// The primes a denominator may hold.
const PRIMES: [u32; 4] = [2, 3, 5, 7];

/// `num / (2^exp[0] 3^exp[1] 5^exp[2] 7^exp[3])`, not necessarily reduced.
#[derive(Clone, Debug)]
pub struct Smooth {
    num: BigInt,
    exp: [u32; 4],
}

/// `d` as exponents of [`PRIMES`].
///
/// # Panics
/// When `d` is 0 or has a prime factor above 7: the callers divide by die
/// faces and tree counts, which the scenario bounds (at most 10 and 8).
fn exponents(mut d: u32) -> [u32; 4] {
    assert!(d > 0, "a die face count or tree count is positive");
    let mut e = [0; 4];
    for (k, p) in PRIMES.into_iter().enumerate() {
        while d % p == 0 {
            d /= p;
            e[k] += 1;
        }
    }
    assert_eq!(d, 1, "only 7-smooth divisors occur in the Orchard");
    e
}

/// `2^e[0] 3^e[1] 5^e[2] 7^e[3]`.
fn power(e: [u32; 4]) -> BigInt {
    PRIMES
        .into_iter()
        .zip(e)
        .filter(|&(_, k)| k > 0)
        .fold(BigInt::one(), |acc, (p, k)| acc * BigInt::from(p).pow(k))
}

impl Smooth {
    /// 0.
    pub fn zero() -> Smooth {
        Smooth {
            num: BigInt::zero(),
            exp: [0; 4],
        }
    }

    /// 1.
    pub fn one() -> Smooth {
        Smooth {
            num: BigInt::one(),
            exp: [0; 4],
        }
    }

    /// `self / d` for `d` from 1 to 10 (any 7-smooth `d`).
    pub fn divided_by(mut self, d: u32) -> Smooth {
        for (k, e) in exponents(d).into_iter().enumerate() {
            self.exp[k] += e;
        }
        self
    }

    /// The numerator over the denominator `exp`, which must be a multiple of ours.
    fn numerator_over(&self, exp: [u32; 4]) -> BigInt {
        let lift: [u32; 4] = std::array::from_fn(|k| exp[k] - self.exp[k]);
        if lift == [0; 4] {
            return self.num.clone();
        }
        // Usually a few small primes: one multiplication by a machine word.
        let word = PRIMES.into_iter().zip(lift).try_fold(1u64, |acc, (p, k)| {
            u64::from(p).checked_pow(k).and_then(|f| acc.checked_mul(f))
        });
        match word {
            Some(f) => &self.num * f,
            None => &self.num * power(lift),
        }
    }

    /// Drops the factors the numerator shares with the denominator: kept small,
    /// the numbers stay as short as reduced fractions.
    pub fn reduce(&mut self) {
        if self.num.is_zero() {
            self.exp = [0; 4];
            return;
        }
        for (k, p) in PRIMES.into_iter().enumerate() {
            while self.exp[k] > 0 && (&self.num % p).is_zero() {
                self.num /= p;
                self.exp[k] -= 1;
            }
        }
    }

    /// The same number as a reduced `BigRational`.
    pub fn to_rational(&self) -> BigRational {
        BigRational::new(self.num.clone(), power(self.exp))
    }
}

impl std::ops::Add<&Smooth> for Smooth {
    type Output = Smooth;
    fn add(mut self, other: &Smooth) -> Smooth {
        self += other;
        self
    }
}

impl std::ops::AddAssign<&Smooth> for Smooth {
    fn add_assign(&mut self, other: &Smooth) {
        let exp: [u32; 4] = std::array::from_fn(|k| self.exp[k].max(other.exp[k]));
        self.num = self.numerator_over(exp) + other.numerator_over(exp);
        self.exp = exp;
    }
}

impl std::ops::Mul<&Smooth> for &Smooth {
    type Output = Smooth;
    // Denominators multiply: their exponents add.
    #[allow(clippy::suspicious_arithmetic_impl)]
    fn mul(self, other: &Smooth) -> Smooth {
        Smooth {
            num: &self.num * &other.num,
            exp: std::array::from_fn(|k| self.exp[k] + other.exp[k]),
        }
    }
}

impl PartialEq for Smooth {
    fn eq(&self, other: &Smooth) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Smooth {}

impl PartialOrd for Smooth {
    fn partial_cmp(&self, other: &Smooth) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Smooth {
    fn cmp(&self, other: &Smooth) -> Ordering {
        let exp: [u32; 4] = std::array::from_fn(|k| self.exp[k].max(other.exp[k]));
        self.numerator_over(exp).cmp(&other.numerator_over(exp))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A term: a numerator from 0 to 50 over a product of divisors 1 to 10.
    fn term() -> impl Strategy<Value = (u32, Vec<u32>)> {
        (0u32..50, proptest::collection::vec(1u32..=10, 0..6))
    }

    fn both((n, ds): &(u32, Vec<u32>)) -> (Smooth, BigRational) {
        let s = ds.iter().fold(
            Smooth {
                num: BigInt::from(*n),
                exp: [0; 4],
            },
            |s, &d| s.divided_by(d),
        );
        let r = ds
            .iter()
            .fold(BigRational::from_integer(BigInt::from(*n)), |r, &d| r / BigInt::from(d));
        (s, r)
    }

    proptest! {
        /// Sums, products, reductions and comparisons agree with `BigRational`'s.
        #[test]
        fn agrees_with_big_rational(terms in proptest::collection::vec(term(), 1..8)) {
            let mut sum = (Smooth::zero(), BigRational::zero());
            let mut product = (Smooth::one(), BigRational::one());
            for t in &terms {
                let (s, r) = both(t);
                prop_assert_eq!(s.cmp(&sum.0), r.cmp(&sum.1));
                sum.0 += &s;
                sum.1 += &r;
                product = (&product.0 * &s, product.1 * r);
                prop_assert_eq!(sum.0.to_rational(), sum.1.clone());
            }
            prop_assert_eq!(product.0.to_rational(), product.1.clone());
            let before = sum.0.clone();
            sum.0.reduce();
            prop_assert_eq!(&sum.0, &before);
            prop_assert_eq!(sum.0.to_rational(), sum.1);
            // Reduced, the denominator is the reduced fraction's.
            prop_assert_eq!(power(sum.0.exp), sum.0.to_rational().denom().clone());
        }
    }

    #[test]
    fn zero_reduces_to_an_empty_denominator() {
        let mut z = Smooth::one().divided_by(6) + &Smooth::zero();
        z.num = BigInt::zero();
        z.reduce();
        assert_eq!(z.exp, [0; 4]);
        assert_eq!(z.to_rational(), BigRational::zero());
    }

    #[test]
    #[should_panic(expected = "7-smooth")]
    fn an_eleventh_is_refused() {
        let _ = Smooth::one().divided_by(11);
    }
}
