//! Exact fractions of bounded size: what [`Rational`](super::number::Rational)
//! is in a web bundle built without the `bignum` feature (Snakes and Ladders'
//! own bundle: num-bigint and the exact solvers' big-number arithmetic are a
//! quarter of its bytes, and most boards never need them).
//!
//! A [`Small`] is `n/d` in lowest terms with `|n|, d ≤ 2^53`: every one is then
//! exactly an `f64` pair, so [`Small::to_f64`] rounds once, as `BigRational`
//! does, and a bundle's answers equal the full bundle's to the last bit. Each
//! operation works in `i128` (products of two bounded numbers fit), reduces,
//! and checks the bound again. A result past it (or a division by zero) is
//! never a wrong number: it is a *spoilt* value (`d = 0`, NaN as an `f64`),
//! every operation on it is spoilt too, and a flag is raised for the thread.
//! [`watch`] runs a computation and tells whether the flag rose during it: the
//! callers ([`exact_or_unavailable`](super::number::exact_or_unavailable))
//! then answer [`Error::Unavailable`](super::Error::Unavailable), and the page
//! asks the family's full bundle, whose fractions have no bound.

use num_traits::{One, Zero};
use std::cell::Cell;
use std::cmp::Ordering;
use std::ops::{Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Sub, SubAssign};

/// The largest numerator or denominator (2^53: every integer up to it is an `f64`).
pub const BOUND: i128 = 1 << 53;

thread_local! {
    /// Whether a value past [`BOUND`] was made on this thread since the last [`watch`] began.
    static SPOILT: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f` and says whether any [`Small`] it made went past [`BOUND`]
/// (the flag of an enclosing `watch` is kept raised too).
///
/// ```
/// use ludolab::toolkit::small::{watch, Small};
/// let (x, spoilt) = watch(|| Small::new(1, 3) + Small::new(1, 6));
/// assert_eq!((x, spoilt), (Small::new(1, 2), false));
/// let (_, spoilt) = watch(|| Small::new(1, 1 << 40) * Small::new(1, 1 << 20));
/// assert!(spoilt);
/// ```
pub fn watch<T>(f: impl FnOnce() -> T) -> (T, bool) {
    let outer = SPOILT.with(|s| s.replace(false));
    let value = f();
    let spoilt = SPOILT.with(|s| s.replace(outer || s.get()));
    (value, spoilt)
}

/// An exact fraction `n/d` in lowest terms, `|n|, d ≤ 2^53`, or a spoilt value
/// (equal values have equal parts: both in lowest terms).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Small {
    n: i64,
    /// Positive; 0 for a spoilt value.
    d: i64,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Small {
    /// The spoilt value, the flag raised.
    fn spoilt() -> Small {
        SPOILT.with(|s| s.set(true));
        Small { n: 0, d: 0 }
    }

    /// `n/d` in lowest terms; spoilt when `d = 0` or either part is past [`BOUND`] once reduced.
    pub fn new(n: i128, d: i128) -> Small {
        if d == 0 {
            return Small::spoilt();
        }
        let g = gcd(n.unsigned_abs(), d.unsigned_abs()) as i128;
        let (mut n, mut d) = (n / g, d / g);
        if d < 0 {
            (n, d) = (-n, -d);
        }
        if n.abs() > BOUND || d > BOUND {
            return Small::spoilt();
        }
        Small {
            n: n as i64,
            d: d as i64,
        }
    }

    /// The integer `n`.
    pub fn from_integer(n: i64) -> Small {
        Small::new(n.into(), 1)
    }

    /// Whether an operation went past the bound on the way to this value.
    pub fn is_spoilt(&self) -> bool {
        self.d == 0
    }

    /// The numerator in lowest terms, with the sign.
    pub fn numer(&self) -> &i64 {
        &self.n
    }

    /// The denominator in lowest terms (positive; 0 when spoilt).
    pub fn denom(&self) -> &i64 {
        &self.d
    }

    /// The nearest `f64` (rounded once: both parts are exact `f64`s); NaN when spoilt.
    pub fn to_f64(&self) -> f64 {
        if self.is_spoilt() {
            f64::NAN
        } else {
            self.n as f64 / self.d as f64
        }
    }

    /// Whether the value is below zero.
    pub fn is_negative(&self) -> bool {
        self.n < 0 && !self.is_spoilt()
    }

    fn parts(&self) -> (i128, i128) {
        (self.n.into(), self.d.into())
    }

    fn combine(&self, other: &Small, f: impl FnOnce((i128, i128), (i128, i128)) -> (i128, i128)) -> Small {
        if self.is_spoilt() || other.is_spoilt() {
            return Small::spoilt();
        }
        let (n, d) = f(self.parts(), other.parts());
        Small::new(n, d)
    }
}

impl Ord for Small {
    /// By value (exact: products of two bounded parts fit in `i128`); spoilt values last.
    fn cmp(&self, other: &Small) -> Ordering {
        match (self.is_spoilt(), other.is_spoilt()) {
            (false, false) => {
                let ((a, b), (c, d)) = (self.parts(), other.parts());
                (a * d).cmp(&(c * b))
            }
            (s, o) => s.cmp(&o),
        }
    }
}

impl PartialOrd for Small {
    fn partial_cmp(&self, other: &Small) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl std::fmt::Display for Small {
    /// `n/d`, or `n` for an integer, as `BigRational` writes them; `NaN` when spoilt.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.d {
            0 => write!(f, "NaN"),
            1 => write!(f, "{}", self.n),
            d => write!(f, "{}/{d}", self.n),
        }
    }
}

/// The four operations for every mix of owned and borrowed operands.
macro_rules! operation {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $f:expr) => {
        impl $trait<&Small> for &Small {
            type Output = Small;
            fn $method(self, other: &Small) -> Small {
                self.combine(other, $f)
            }
        }
        impl $trait<Small> for Small {
            type Output = Small;
            fn $method(self, other: Small) -> Small {
                (&self).$method(&other)
            }
        }
        impl $trait<&Small> for Small {
            type Output = Small;
            fn $method(self, other: &Small) -> Small {
                (&self).$method(other)
            }
        }
        impl $trait<Small> for &Small {
            type Output = Small;
            fn $method(self, other: Small) -> Small {
                self.$method(&other)
            }
        }
        impl $assign<&Small> for Small {
            fn $assign_method(&mut self, other: &Small) {
                *self = (&*self).$method(other);
            }
        }
        impl $assign<Small> for Small {
            fn $assign_method(&mut self, other: Small) {
                *self = (&*self).$method(&other);
            }
        }
    };
}

operation!(Add, add, AddAssign, add_assign, |(a, b), (c, d)| (a * d + c * b, b * d));
operation!(Sub, sub, SubAssign, sub_assign, |(a, b), (c, d)| (a * d - c * b, b * d));
operation!(Mul, mul, MulAssign, mul_assign, |(a, b), (c, d)| (a * c, b * d));
// (A zero divisor gives d = 0, which `Small::new` spoils.)
operation!(Div, div, DivAssign, div_assign, |(a, b), (c, d)| (a * d, b * c));

impl Neg for Small {
    type Output = Small;
    fn neg(self) -> Small {
        -&self
    }
}

impl Neg for &Small {
    type Output = Small;
    fn neg(self) -> Small {
        if self.is_spoilt() {
            return Small::spoilt();
        }
        Small { n: -self.n, d: self.d }
    }
}

impl Zero for Small {
    fn zero() -> Small {
        Small { n: 0, d: 1 }
    }
    fn is_zero(&self) -> bool {
        self.n == 0 && self.d == 1
    }
}

impl Default for Small {
    /// Zero, as `BigRational`'s default.
    fn default() -> Small {
        Small::zero()
    }
}

impl One for Small {
    fn one() -> Small {
        Small { n: 1, d: 1 }
    }
}

impl std::iter::Sum for Small {
    fn sum<I: Iterator<Item = Small>>(iter: I) -> Small {
        iter.fold(Small::zero(), |acc, x| acc + x)
    }
}

impl<'a> std::iter::Sum<&'a Small> for Small {
    fn sum<I: Iterator<Item = &'a Small>>(iter: I) -> Small {
        iter.fold(Small::zero(), |acc, x| acc + x)
    }
}

// (The comparisons are with num-bigint's, which every native build has.)
#[cfg(all(test, feature = "bignum"))]
mod tests {
    use super::*;
    use num_bigint::BigInt;
    use num_rational::BigRational;
    use proptest::prelude::*;

    fn big(x: &Small) -> BigRational {
        BigRational::new(BigInt::from(*x.numer()), BigInt::from(*x.denom()))
    }

    #[test]
    fn bounds_are_kept_and_spoilt_values_spread() {
        assert_eq!(Small::new(6, -8), Small::new(-3, 4));
        assert_eq!(Small::new(BOUND, 1).numer(), &(1i64 << 53));
        let (past, spoilt) = watch(|| Small::new(BOUND + 1, 1));
        assert!(past.is_spoilt() && spoilt);
        // Parts past the bound that reduce within it are kept.
        let (x, spoilt) = watch(|| Small::new(4 * BOUND, 8) + Small::one());
        assert!(!spoilt && x == Small::new(BOUND + 2, 2));
        assert!(watch(|| Small::new(BOUND + 1, 2)).1);
        // A division by zero, and everything after it.
        let (x, spoilt) = watch(|| (Small::one() / Small::zero()) * Small::zero() + Small::one());
        assert!(spoilt && x.is_spoilt() && x.to_f64().is_nan());
        assert_eq!(x.to_string(), "NaN");
        // The flag of an enclosing watch stays raised; a later one starts clean.
        let ((_, inner), outer) = watch(|| {
            let _ = Small::new(1, BOUND * 2);
            watch(|| Small::one() + Small::one())
        });
        assert!(!inner && outer);
        assert!(!watch(|| Small::new(1, 3)).1);
    }

    #[test]
    fn writes_and_compares_as_big_rationals_do() {
        for (n, d) in [(1, 6), (-3, 4), (7, 1), (0, 5), (BOUND, 3)] {
            let x = Small::new(n, d);
            assert_eq!(x.to_string(), big(&x).to_string());
        }
        assert!(Small::new(1, 3) < Small::new(1, 2) && Small::new(-1, 2) < Small::zero());
        assert!(Small::new(-1, 3).is_negative() && !Small::zero().is_negative());
        let faces = [Small::new(1, 6), Small::new(1, 3), Small::new(1, 2)];
        assert_eq!(faces.iter().sum::<Small>(), Small::one());
    }

    proptest! {
        /// Each operation equals BigRational's wherever the result is within the
        /// bound, and is spoilt exactly where it is not.
        #[test]
        fn operations_agree_with_big_rationals(
            a in -BOUND..=BOUND, b in 1..=BOUND, c in -BOUND..=BOUND, d in 1..=BOUND,
            small in any::<bool>(),
        ) {
            // Small parts half the time, so that most results stay within the bound.
            let (a, b, c, d) = if small { (a % 1000, b % 1000 + 1, c % 1000, d % 1000 + 1) } else { (a, b, c, d) };
            let (x, y) = (Small::new(a, b), Small::new(c, d));
            let (bx, by) = (big(&x), big(&y));
            let bound = BigInt::from(BOUND);
            let mut exact = vec![(x.clone() + y.clone(), &bx + &by), (&x - &y, &bx - &by), (&x * &y, &bx * &by)];
            if c != 0 {
                exact.push((&x / &y, &bx / &by));
            }
            for (s, r) in exact {
                let fits = r.numer().magnitude() <= bound.magnitude() && r.denom() <= &bound;
                prop_assert_eq!(s.is_spoilt(), !fits);
                if fits {
                    prop_assert_eq!(big(&s), r.clone());
                    prop_assert_eq!(s.to_f64(), num_traits::ToPrimitive::to_f64(&r).unwrap());
                }
            }
            prop_assert_eq!(x.cmp(&y), bx.cmp(&by));
        }
    }
}
