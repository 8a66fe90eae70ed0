//! Exact numbers typed by users: integers, decimals and fractions (`3`, `0.125`,
//! `1/6`, `-2.5e-3`), read as exact rationals so that `0.1` means one tenth.
//!
//! With the `bignum` feature (every native build, and the web bundles of the
//! families whose answers are long fractions) a [`Rational`] is num-bigint's
//! `BigRational`; without it (Snakes and Ladders' own web bundle) it is a
//! [`Small`](super::small::Small), whose parts stay within 2^53: work that
//! outgrows them answers [`Error::Unavailable`] through [`exact_or_unavailable`],
//! and the page asks the family's full bundle.

#[cfg(feature = "bignum")]
use num_bigint::BigInt;
use num_traits::{One, Zero};
#[cfg(feature = "bignum")]
use num_traits::{Signed, ToPrimitive};

use super::error::{Error, Text};

/// An exact rational number.
#[cfg(feature = "bignum")]
pub type Rational = num_rational::BigRational;
/// An exact rational number, of bounded size in this build (see the module's documentation).
#[cfg(not(feature = "bignum"))]
pub type Rational = super::small::Small;

/// The fraction `n/d` (`d ≠ 0`), in lowest terms.
///
/// ```
/// use ludolab::toolkit::number::{ratio, format_rational};
/// assert_eq!(format_rational(&ratio(-2, 12)), "-1/6");
/// ```
pub fn ratio(n: i64, d: i64) -> Rational {
    Rational::new(n.into(), d.into())
}

/// Runs exact work; in a build whose fractions are bounded (no `bignum`
/// feature), a fraction that outgrew the bound on the way makes the answer
/// [`Error::Unavailable`] (naming `what()`): the family's full bundle computes it.
///
/// # Errors
/// `f`'s errors, and [`Error::Unavailable`] as above.
pub fn exact_or_unavailable<T>(what: fn() -> Text, f: impl FnOnce() -> Result<T, Error>) -> Result<T, Error> {
    #[cfg(feature = "bignum")]
    {
        let _ = what;
        f()
    }
    #[cfg(not(feature = "bignum"))]
    {
        match super::small::watch(f) {
            (_, true) => Err(Error::Unavailable {
                what: what(),
                feature: "bignum",
            }),
            (answer, false) => answer,
        }
    }
}

/// `a + b`: through Lehmer's gcd with big numbers ([`lehmer::add`](super::lehmer::add)).
#[cfg(feature = "bignum")]
pub fn add(a: &Rational, b: &Rational) -> Rational {
    super::lehmer::add(a, b)
}

/// `a × b`: through Lehmer's gcd with big numbers ([`lehmer::mul`](super::lehmer::mul)).
#[cfg(feature = "bignum")]
pub fn mul(a: &Rational, b: &Rational) -> Rational {
    super::lehmer::mul(a, b)
}

/// `a + b`.
#[cfg(not(feature = "bignum"))]
pub fn add(a: &Rational, b: &Rational) -> Rational {
    a + b
}

/// `a × b`.
#[cfg(not(feature = "bignum"))]
pub fn mul(a: &Rational, b: &Rational) -> Rational {
    a * b
}

/// Longest number text accepted (a guard against pathological input).
const MAX_LEN: usize = 64;
/// Largest decimal exponent accepted in `1e…` notation.
const MAX_EXPONENT: i64 = 30;

/// Parses `text` as an exact rational; `None` when it is not a number.
///
/// ```
/// use ludolab::toolkit::number::{parse_rational, format_rational};
/// let x = parse_rational("0.125").unwrap();
/// assert_eq!(format_rational(&x), "1/8");
/// assert_eq!(format_rational(&parse_rational("2/12").unwrap()), "1/6");
/// assert!(parse_rational("1/0").is_none());
/// ```
pub fn parse_rational(text: &str) -> Option<Rational> {
    let text = text.trim();
    if text.is_empty() || text.len() > MAX_LEN {
        return None;
    }
    if let Some((num, den)) = text.split_once('/') {
        let (num, den) = (parse_decimal(num.trim())?, parse_decimal(den.trim())?);
        return (!den.is_zero()).then(|| num / den);
    }
    parse_decimal(text)
}

/// `[-]digits[.digits][e[-]digits]`, exactly.
fn parse_decimal(text: &str) -> Option<Rational> {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(at) => (&text[..at], text[at + 1..].parse::<i64>().ok()?),
        None => (text, 0),
    };
    if exponent.abs() > MAX_EXPONENT {
        return None;
    }
    let (negative, digits) = match mantissa.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, mantissa.strip_prefix('+').unwrap_or(mantissa)),
    };
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    if (int.is_empty() && frac.is_empty()) || !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value = from_digits(&format!("{int}{frac}"), exponent - frac.len() as i64)?;
    Some(if negative { -value } else { value })
}

/// `digits × 10^scale`.
#[cfg(feature = "bignum")]
fn from_digits(digits: &str, scale: i64) -> Option<Rational> {
    let all: BigInt = digits.parse().ok()?;
    let ten = BigInt::from(10);
    Some(if scale >= 0 {
        Rational::from_integer(all * num_traits::pow(ten, scale as usize))
    } else {
        Rational::new(all, num_traits::pow(ten, (-scale) as usize))
    })
}

/// `digits × 10^scale`, spoilt when it does not fit (leading zeros and
/// trailing zeros of the decimals cost nothing).
#[cfg(not(feature = "bignum"))]
fn from_digits(digits: &str, mut scale: i64) -> Option<Rational> {
    let mut digits = digits.trim_start_matches('0');
    while scale < 0 && digits.ends_with('0') {
        digits = &digits[..digits.len() - 1];
        scale += 1;
    }
    if digits.is_empty() {
        return Some(Rational::zero());
    }
    let power = |k: i64| 10i128.checked_pow(u32::try_from(k).ok()?);
    let parts = digits.parse::<i128>().ok().and_then(|all| {
        if scale >= 0 {
            Some((all.checked_mul(power(scale)?)?, 1))
        } else {
            Some((all, power(-scale)?))
        }
    });
    // Past i128 is past the bound too: `Small::new` spoils it.
    let (n, d) = parts.unwrap_or((0, 0));
    Some(Rational::new(n, d))
}

/// Writes a rational as an integer or `p/q` in lowest terms.
pub fn format_rational(x: &Rational) -> String {
    if x.denom().is_one() {
        x.numer().to_string()
    } else {
        format!("{}/{}", x.numer(), x.denom())
    }
}

/// Writes a rational as a short exact decimal when it has one (denominator
/// 2^a·5^b and at most 12 decimals), else as `p/q`: links stay readable (`0.25`)
/// and exact (`1/6`).
pub fn format_exact(x: &Rational) -> String {
    // The denominator as 2^twos · 5^fives · rest.
    #[cfg(feature = "bignum")]
    let (twos, fives, rest) = {
        let (mut d, two, five) = (x.denom().clone(), BigInt::from(2), BigInt::from(5));
        let (mut twos, mut fives) = (0u32, 0u32);
        while (&d % &two).is_zero() {
            d /= &two;
            twos += 1;
        }
        while (&d % &five).is_zero() {
            d /= &five;
            fives += 1;
        }
        (twos, fives, d)
    };
    #[cfg(not(feature = "bignum"))]
    let (twos, fives, rest) = {
        let mut d = *x.denom();
        let (mut twos, mut fives) = (0u32, 0u32);
        while d != 0 && d % 2 == 0 {
            d /= 2;
            twos += 1;
        }
        while d != 0 && d % 5 == 0 {
            d /= 5;
            fives += 1;
        }
        (twos, fives, d)
    };
    let places = twos.max(fives);
    if !rest.is_one() || places > 12 || x.denom().is_one() {
        return format_rational(x);
    }
    // The numerator times 10^places / the denominator, an integer.
    #[cfg(feature = "bignum")]
    let digits = (x * Rational::from_integer(num_traits::pow(BigInt::from(10), places as usize)))
        .to_integer()
        .abs()
        .to_string();
    #[cfg(not(feature = "bignum"))]
    let digits = (i128::from(*x.numer()).abs() * (10i128.pow(places) / i128::from(*x.denom()))).to_string();
    let digits = format!("{digits:0>width$}", width = places as usize + 1);
    let (int, frac) = digits.split_at(digits.len() - places as usize);
    let frac = frac.trim_end_matches('0');
    let sign = if x < &Rational::zero() { "-" } else { "" };
    format!("{sign}{int}.{frac}")
}

/// The nearest `f64`.
pub fn to_f64(x: &Rational) -> f64 {
    #[cfg(feature = "bignum")]
    return x.to_f64().unwrap_or(f64::NAN);
    #[cfg(not(feature = "bignum"))]
    return x.to_f64();
}

/// `1` as a rational.
pub fn one() -> Rational {
    Rational::one()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(text: &str) -> Rational {
        parse_rational(text).unwrap_or_else(|| panic!("{text} parses"))
    }

    #[test]
    fn numbers_parse_exactly() {
        assert_eq!(r("0.1"), Rational::new(1.into(), 10.into()));
        assert_eq!(r("1/6") * Rational::from_integer(6.into()), one());
        assert_eq!(r("-2.5e-3"), Rational::new((-1).into(), 400.into()));
        assert_eq!(r("1.5/3"), Rational::new(1.into(), 2.into()));
        assert_eq!(r(" 7 "), Rational::from_integer(7.into()));
        assert_eq!(r(".5"), Rational::new(1.into(), 2.into()));
        for bad in [
            "", "abc", "1/0", "1e400", "1..2", "--1", "1/2/3", "NaN", "inf", "0x10", "1e", ".",
        ] {
            assert!(parse_rational(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn exact_formatting_prefers_short_decimals() {
        assert_eq!(format_exact(&r("1/4")), "0.25");
        assert_eq!(format_exact(&r("1/6")), "1/6");
        assert_eq!(format_exact(&r("3")), "3");
        assert_eq!(format_exact(&r("-1/8")), "-0.125");
        assert_eq!(format_exact(&r("1/1024")), "0.0009765625");
        assert_eq!(format_exact(&r("1/1048576")), "1/1048576");
        for text in ["0.25", "1/6", "3", "-0.125", "0.001", "12.5"] {
            assert_eq!(r(&format_exact(&r(text))), r(text), "{text}");
        }
    }
}

/// An exact result as the page and `--json` receive it: numerator and
/// denominator as decimal strings (they may have thousands of digits), and the
/// nearest `f64` for the decimal view.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Fraction {
    /// The numerator in lowest terms, with its sign.
    pub numerator: String,
    /// The denominator in lowest terms (positive).
    pub denominator: String,
    /// The nearest `f64`.
    pub value: f64,
}

impl Fraction {
    /// `x` in lowest terms.
    ///
    /// ```
    /// use ludolab::toolkit::number::{parse_rational, Fraction};
    /// let f = Fraction::of(&parse_rational("-6/8").unwrap());
    /// assert_eq!((f.numerator.as_str(), f.denominator.as_str(), f.value), ("-3", "4", -0.75));
    /// ```
    pub fn of(x: &Rational) -> Fraction {
        Fraction {
            numerator: x.numer().to_string(),
            denominator: x.denom().to_string(),
            value: to_f64(x),
        }
    }
}

impl std::fmt::Display for Fraction {
    /// `p/q`, or `p` for an integer.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.denominator == "1" {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, self.denominator)
        }
    }
}

/// SplitMix64's finaliser (Steele, Lea and Flood, 2014): spreads every bit of
/// `x` over all 64, so that nearby inputs give unrelated outputs. For hash
/// keys built from several numbers; not a hash of its own (`spread_bits(0) == 0`).
///
/// ```
/// use ludolab::toolkit::number::spread_bits;
/// assert_eq!(spread_bits(0), 0);
/// assert_ne!(spread_bits(1), spread_bits(2));
/// assert_eq!(spread_bits(1).count_ones() > 16, true);
/// ```
pub fn spread_bits(x: u64) -> u64 {
    let x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// `v` with `decimals` decimals, as the command line's tables write it; a
/// value that rounds to zero is written 0, not -0.
pub fn rounded(v: f64, decimals: usize) -> String {
    let v = if v.abs() < 0.5 * 10f64.powi(-(decimals as i32)) {
        0.0
    } else {
        v
    };
    format!("{v:.decimals$}")
}
