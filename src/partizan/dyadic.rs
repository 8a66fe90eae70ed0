//! Dyadic rationals m/2^k: the numbers of short partizan games (every number a
//! finite game equals is one of them).

use std::cmp::Ordering;
use std::fmt;

/// A dyadic rational `num / 2^exp`, kept normalized (`num` odd unless `exp`
/// is 0), so that equal numbers are equal values.
///
/// The numerator is an `i128`: the games Ludolab builds are bounded in size
/// (positions and typed games have limits), so their numbers stay far inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    num: i128,
    exp: u32,
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };

    /// The integer `n`.
    pub const fn integer(n: i64) -> Dyadic {
        Dyadic { num: n as i128, exp: 0 }
    }

    /// `num / 2^exp`, normalized.
    pub fn new(num: i128, exp: u32) -> Dyadic {
        let (mut num, mut exp) = (num, exp);
        while exp > 0 && num % 2 == 0 {
            num /= 2;
            exp -= 1;
        }
        if num == 0 {
            exp = 0;
        }
        Dyadic { num, exp }
    }

    /// The numerator (odd unless the number is an integer).
    pub fn numerator(self) -> i128 {
        self.num
    }

    /// `k` in `m/2^k`: 0 for an integer.
    pub fn exponent(self) -> u32 {
        self.exp
    }

    /// Whether the number is an integer.
    pub fn is_integer(self) -> bool {
        self.exp == 0
    }

    /// Both numerators over the larger denominator.
    fn aligned(self, other: Dyadic) -> (i128, i128, u32) {
        let exp = self.exp.max(other.exp);
        (self.num << (exp - self.exp), other.num << (exp - other.exp), exp)
    }

    /// The sum.
    #[allow(clippy::should_implement_trait)]
    pub fn add(self, other: Dyadic) -> Dyadic {
        let (a, b, exp) = self.aligned(other);
        Dyadic::new(a + b, exp)
    }

    /// The negative.
    #[allow(clippy::should_implement_trait)]
    pub fn neg(self) -> Dyadic {
        Dyadic {
            num: -self.num,
            exp: self.exp,
        }
    }

    /// Half of the number.
    pub fn half(self) -> Dyadic {
        Dyadic::new(self.num, self.exp + 1)
    }

    /// The largest integer at most the number.
    pub fn floor(self) -> i128 {
        self.num.div_euclid(1i128 << self.exp)
    }

    /// The simplest number strictly between `low` and `high` (either may be
    /// absent: no bound), as the simplicity theorem defines it: the integer
    /// nearest 0 if there is one, else the one with the smallest denominator.
    ///
    /// Returns `None` when `low ≥ high`.
    pub fn simplest_between(low: Option<Dyadic>, high: Option<Dyadic>) -> Option<Dyadic> {
        match (low, high) {
            (None, None) => Some(Dyadic::ZERO),
            (Some(l), None) => Some(if l.num < 0 { Dyadic::ZERO } else { int(l.floor() + 1) }),
            (None, Some(h)) => Some(if h.num > 0 {
                Dyadic::ZERO
            } else {
                // The largest integer strictly below h.
                int(-(h.neg().floor() + 1))
            }),
            (Some(l), Some(h)) => {
                if l >= h {
                    return None;
                }
                if l.num < 0 && h.num > 0 {
                    return Some(Dyadic::ZERO);
                }
                // Integers strictly between: the one nearest 0.
                let above_low = l.floor() + 1;
                let below_high = -(h.neg().floor() + 1);
                if above_low <= below_high {
                    return Some(int(if h.num <= 0 { below_high } else { above_low }));
                }
                // Else the fraction with the smallest denominator strictly between.
                let mut exp = 1;
                loop {
                    // Both bounds over 2^e; candidates are the multiples of 2^(e - exp).
                    let e = exp.max(l.exp).max(h.exp);
                    let (ln, hn) = (l.num << (e - l.exp), h.num << (e - h.exp));
                    let step = 1i128 << (e - exp);
                    let first = (ln.div_euclid(step) + 1) * step;
                    if first < hn {
                        return Some(Dyadic::new(first, e));
                    }
                    exp += 1;
                }
            }
        }
    }
}

fn int(n: i128) -> Dyadic {
    Dyadic { num: n, exp: 0 }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        let (a, b, _) = self.aligned(*other);
        a.cmp(&b)
    }
}

impl fmt::Display for Dyadic {
    /// `3`, `-1/2`, `5/8`: CGSuite's way of writing a number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1i128 << self.exp)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(num: i128, exp: u32) -> Dyadic {
        Dyadic::new(num, exp)
    }

    #[test]
    fn simplest_numbers_follow_the_simplicity_theorem() {
        let s = |l: Option<Dyadic>, h: Option<Dyadic>| Dyadic::simplest_between(l, h).unwrap();
        assert_eq!(s(None, None), Dyadic::ZERO);
        assert_eq!(s(Some(d(0, 0)), None), d(1, 0));
        assert_eq!(s(Some(d(3, 1)), None), d(2, 0));
        assert_eq!(s(None, Some(d(0, 0))), d(-1, 0));
        assert_eq!(s(None, Some(d(-3, 1))), d(-2, 0));
        assert_eq!(s(Some(d(0, 0)), Some(d(1, 0))), d(1, 1));
        assert_eq!(s(Some(d(-1, 0)), Some(d(1, 0))), Dyadic::ZERO);
        assert_eq!(s(Some(d(1, 1)), Some(d(1, 0))), d(3, 2));
        assert_eq!(s(Some(d(1, 0)), Some(d(4, 0))), d(2, 0));
        assert_eq!(s(Some(d(-4, 0)), Some(d(-1, 0))), d(-2, 0));
        assert_eq!(s(Some(d(5, 3)), Some(d(3, 2))), d(11, 4));
        assert_eq!(s(Some(d(1, 2)), Some(d(3, 2))), d(1, 1));
        assert_eq!(Dyadic::simplest_between(Some(d(1, 0)), Some(d(1, 0))), None);
    }

    #[test]
    fn arithmetic_and_order() {
        assert_eq!(d(1, 1).add(d(1, 1)), d(1, 0));
        assert_eq!(d(3, 2).add(d(-1, 3)), d(5, 3));
        assert!(d(-1, 1) < d(1, 3));
        assert_eq!(d(7, 2).floor(), 1);
        assert_eq!(d(-7, 2).floor(), -2);
        assert_eq!(d(-3, 2).to_string(), "-3/4");
        assert_eq!(d(4, 1).to_string(), "2");
    }
}
