//! Greatest common divisors of big integers by Lehmer's algorithm, and the sum
//! and product of reduced fractions built on it.
//!
//! `num-bigint` reduces every `BigRational` with Stein's binary gcd, one bit at
//! a time, each step a shift of the whole number: on the fractions of a few
//! hundred digits that the exact Snakes and Ladders elimination makes, that gcd
//! was about 80 % of the time (BENCHMARKS.md, "Lehmer's gcd"). Lehmer's
//! algorithm (Knuth, *TAOCP* vol. 2, §4.5.2, Algorithm L) runs Euclid's
//! algorithm on the leading 62 bits only, as long as the quotients it finds are
//! certain, and then applies the whole run of steps to the big numbers at once:
//! one step of big arithmetic for about 30 bits of progress instead of one.
//!
//! Every step here is a unimodular map `(u, v) → (Au + Bv, Cu + Dv)`,
//! `AD − BC = ±1`, which keeps the gcd whatever the quotients; a run is kept
//! only when it leaves both numbers non-negative and smaller, else one exact
//! Euclid step is taken. So the gcd is right even where the leading bits
//! mislead, and the algorithm ends.
//!
//! The sums and products follow Henrici (Knuth §4.5.1): they divide out the
//! common factors before multiplying, so the gcds run on the smaller numbers.
//!
//! # Complexity
//! O(n²) word operations for `n`-word numbers, as Stein's, but with some 30
//! times fewer passes over the numbers.
//!
//! ```
//! use ludolab::toolkit::lehmer::{add, gcd, mul};
//! use ludolab::toolkit::number::parse_rational;
//! use num_bigint::BigUint;
//! let a = BigUint::from(2u32).pow(200) * 3u32 * 7u32;
//! let b = BigUint::from(2u32).pow(150) * 5u32 * 7u32;
//! assert_eq!(gcd(&a, &b), BigUint::from(2u32).pow(150) * 7u32);
//! let (x, y) = (parse_rational("5/6").unwrap(), parse_rational("7/10").unwrap());
//! assert_eq!(add(&x, &y), parse_rational("23/15").unwrap());
//! assert_eq!(mul(&x, &y), parse_rational("7/12").unwrap());
//! ```

use super::number::Rational;
use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, ToPrimitive, Zero};

/// gcd of two machine words (Stein's: no division).
fn gcd_word(mut a: u64, mut b: u64) -> u64 {
    if a == 0 {
        return b;
    }
    if b == 0 {
        return a;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

/// The leading run of Euclid's steps on `u ≥ v` that the top 62 bits decide:
/// the cofactors `(A, B, C, D)`, `B = 0` when not even one step is certain.
/// In machine words: the run stops before any sum or product would overflow.
fn leading_steps(u: &BigUint, v: &BigUint) -> (i64, i64, i64, i64) {
    let shift = u.bits().saturating_sub(62);
    let top = |x: &BigUint| (x >> shift).to_i64().expect("62 bits fit a word");
    let (mut x, mut y) = (top(u), top(v));
    let (mut a, mut b, mut c, mut d) = (1i64, 0i64, 0i64, 1i64);
    // Knuth's test: the quotients (x + A)/(y + C) and (x + B)/(y + D) agree,
    // so it is the true quotient of the big numbers too.
    let step = |x: i64, y: i64, a: i64, b: i64, c: i64, d: i64| -> Option<[i64; 6]> {
        let (yc, yd) = (y.checked_add(c)?, y.checked_add(d)?);
        if yc <= 0 || yd <= 0 {
            return None;
        }
        let q = x.checked_add(a)? / yc;
        if q != x.checked_add(b)? / yd {
            return None;
        }
        Some([
            c,
            a.checked_sub(q.checked_mul(c)?)?,
            d,
            b.checked_sub(q.checked_mul(d)?)?,
            y,
            x.checked_sub(q.checked_mul(y)?)?,
        ])
    };
    while let Some([na, nc, nb, nd, nx, ny]) = step(x, y, a, b, c, d) {
        (a, c, b, d, x, y) = (na, nc, nb, nd, nx, ny);
    }
    (a, b, c, d)
}

/// The non-negative magnitude of `x`, or `None` when it is negative.
fn natural(x: BigInt) -> Option<BigUint> {
    match x.sign() {
        Sign::Minus => None,
        _ => Some(x.into_parts().1),
    }
}

/// gcd(a, b), non-negative; gcd(0, 0) = 0.
pub fn gcd(a: &BigUint, b: &BigUint) -> BigUint {
    let (mut u, mut v) = if a >= b {
        (a.clone(), b.clone())
    } else {
        (b.clone(), a.clone())
    };
    while v.bits() > 64 {
        let (ca, cb, cc, cd) = leading_steps(&u, &v);
        let run = (cb != 0)
            .then(|| {
                let (ui, vi) = (BigInt::from(u.clone()), BigInt::from(v.clone()));
                let next_u = natural(&ui * ca + &vi * cb)?;
                let next_v = natural(&ui * cc + &vi * cd)?;
                (next_u < u && next_v < next_u).then_some((next_u, next_v))
            })
            .flatten();
        (u, v) = run.unwrap_or_else(|| {
            let r = &u % &v;
            (v, r)
        });
    }
    let small = v.to_u64().expect("at most 64 bits");
    if small == 0 {
        return u;
    }
    let rest = (&u % small).to_u64().expect("a remainder below a word");
    BigUint::from(gcd_word(small, rest))
}

/// gcd of two integers' magnitudes.
fn gcd_int(a: &BigInt, b: &BigInt) -> BigInt {
    BigInt::from(gcd(a.magnitude(), b.magnitude()))
}

/// `a + b`, reduced, for reduced `a` and `b` (Henrici's sum: with
/// `d₁ = gcd(b', d')`, `t = a'·(d'/d₁) + c'·(b'/d₁)` and `d₂ = gcd(t, d₁)`, the sum
/// of `a'/b'` and `c'/d'` is `(t/d₂) / ((b'/d₁)·(d'/d₂))`).
pub fn add(a: &Rational, b: &Rational) -> Rational {
    if a.is_zero() {
        return b.clone();
    }
    if b.is_zero() {
        return a.clone();
    }
    let (an, ad, bn, bd) = (a.numer(), a.denom(), b.numer(), b.denom());
    let d1 = gcd_int(ad, bd);
    if d1.is_one() {
        return Rational::new_raw(an * bd + bn * ad, ad * bd);
    }
    let (ad1, bd1) = (ad / &d1, bd / &d1);
    let t = an * &bd1 + bn * &ad1;
    if t.is_zero() {
        return Rational::zero();
    }
    let d2 = gcd_int(&t, &d1);
    Rational::new_raw(t / &d2, ad1 * (bd / d2))
}

/// `a · b`, reduced, for reduced `a` and `b` (cross factors divided out first).
pub fn mul(a: &Rational, b: &Rational) -> Rational {
    if a.is_zero() || b.is_zero() {
        return Rational::zero();
    }
    let (an, ad, bn, bd) = (a.numer(), a.denom(), b.numer(), b.denom());
    let d1 = gcd_int(an, bd);
    let d2 = gcd_int(bn, ad);
    Rational::new_raw((an / &d1) * (bn / &d2), (ad / d2) * (bd / d1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_integer::Integer;
    use proptest::prelude::*;

    /// A big number with many small factors (so that gcds are large too).
    fn big() -> impl Strategy<Value = BigUint> {
        proptest::collection::vec((1u64..u64::MAX, 0u32..6), 0..12).prop_map(|parts| {
            parts
                .into_iter()
                .fold(BigUint::one(), |acc, (w, k)| acc * w * BigUint::from(6u32).pow(k))
        })
    }

    fn rational() -> impl Strategy<Value = Rational> {
        (big(), big(), any::<bool>()).prop_map(|(n, d, negative)| {
            let n = BigInt::from_biguint(if negative { Sign::Minus } else { Sign::Plus }, n);
            Rational::new(n, BigInt::from(d))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn gcd_is_num_integers(a in big(), b in big(), common in big()) {
            let (a, b) = (a * &common, b * &common);
            prop_assert_eq!(gcd(&a, &b), a.gcd(&b));
            prop_assert_eq!(gcd(&b, &a), a.gcd(&b));
        }

        #[test]
        fn sums_and_products_are_big_rationals(x in rational(), y in rational()) {
            let sum = add(&x, &y);
            let product = mul(&x, &y);
            prop_assert_eq!(&sum, &(&x + &y));
            prop_assert_eq!(&product, &(&x * &y));
            // Reduced with a positive denominator, as `Ratio::new` leaves them.
            for r in [&sum, &product] {
                prop_assert!(r.denom() > &BigInt::zero());
                prop_assert!(r.numer().gcd(r.denom()).is_one());
            }
        }
    }

    #[test]
    fn edges() {
        let z = BigUint::zero();
        let big = BigUint::from(3u32).pow(100);
        assert_eq!(gcd(&z, &z), z);
        assert_eq!(gcd(&big, &z), big);
        assert_eq!(gcd(&z, &big), big);
        assert_eq!(gcd(&big, &big), big);
        assert_eq!(gcd(&big, &BigUint::one()), BigUint::one());
        // Consecutive Fibonacci numbers: the longest run of quotients 1.
        let (mut f, mut g) = (BigUint::one(), BigUint::one());
        for _ in 0..1000 {
            (f, g) = (g.clone(), f + g);
        }
        assert_eq!(gcd(&f, &g), BigUint::one());
        let x = Rational::new(BigInt::from(-3), BigInt::from(4));
        assert_eq!(add(&x, &-x.clone()), Rational::zero());
        assert_eq!(mul(&x, &Rational::zero()), Rational::zero());
    }
}
