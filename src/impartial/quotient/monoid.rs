//! The finite commutative monoids the construction works in: an explicit
//! multiplication table (a quotient found so far) and the trial monoids built
//! from it, that table times one cyclic monoid per heap left free.

/// An explicit finite commutative monoid with a P-portion: element 0 is the
/// identity, `mul[a * order + b]` the product.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The number of elements.
    pub order: usize,
    /// The products, row by row.
    pub mul: Vec<u32>,
    /// Whether the player to move loses a sum of this element.
    pub p: Vec<bool>,
}

impl Table {
    /// The quotient of the empty closure {0}: the identity alone, an N-position
    /// (in misère play the player who cannot move wins).
    pub fn trivial() -> Table {
        Table {
            order: 1,
            mul: vec![0],
            p: vec![false],
        }
    }

    /// The product of `a` and `b`.
    pub fn product(&self, a: u32, b: u32) -> u32 {
        self.mul[a as usize * self.order + b as usize]
    }

    /// The smallest `i` with `x^i = x^(i+p)` for some `p ≥ 1`, and that `p`.
    pub fn index_and_period(&self, x: u32) -> (u32, u32) {
        let mut powers = vec![0u32];
        loop {
            let next = self.product(*powers.last().expect("the identity"), x);
            if let Some(i) = powers.iter().position(|&y| y == next) {
                return (i as u32, (powers.len() - i) as u32);
            }
            powers.push(next);
        }
    }
}

/// A trial monoid: the previous quotient times cyclic monoids
/// C(i, p) = ⟨x | x^(i+p) = x^i⟩, one per free heap, elements numbered in
/// mixed radix (the table's element first).
pub struct Trial<'a> {
    /// The previous quotient.
    pub base: &'a Table,
    /// Index and period of each cyclic factor.
    pub cyclic: Vec<(u32, u32)>,
    /// The number of elements.
    pub size: u64,
}

impl<'a> Trial<'a> {
    /// `base` times the cyclic monoids `cyclic`.
    pub fn new(base: &'a Table, cyclic: Vec<(u32, u32)>) -> Trial<'a> {
        let size = cyclic
            .iter()
            .fold(base.order as u64, |s, &(i, p)| s.saturating_mul(u64::from(i + p)));
        Trial { base, cyclic, size }
    }

    /// The generator of cyclic factor `k`.
    pub fn generator(&self, k: usize) -> u32 {
        self.cyclic[..k]
            .iter()
            .fold(self.base.order as u32, |s, &(i, p)| s * (i + p))
    }

    /// The product of `a` and `b`.
    pub fn product(&self, a: u32, b: u32) -> u32 {
        let order = self.base.order as u32;
        let mut out = self.base.product(a % order, b % order);
        let (mut a, mut b, mut scale) = (a / order, b / order, order);
        for &(i, p) in &self.cyclic {
            let r = i + p;
            let s = a % r + b % r;
            let e = if s < r { s } else { i + (s - i) % p };
            out += e * scale;
            a /= r;
            b /= r;
            scale *= r;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trial_monoid_multiplies_componentwise() {
        // Z/2 = ⟨a | a² = 1⟩ times C(1, 2) = ⟨x | x³ = x⟩.
        let z2 = Table {
            order: 2,
            mul: vec![0, 1, 1, 0],
            p: vec![false, true],
        };
        assert_eq!(z2.index_and_period(1), (0, 2));
        let t = Trial::new(&z2, vec![(1, 2)]);
        assert_eq!(t.size, 6);
        let x = t.generator(0);
        assert_eq!(x, 2);
        let x2 = t.product(x, x);
        let x3 = t.product(x2, x);
        assert_eq!(x3, x);
        assert_ne!(x2, x);
        let ax = t.product(1, x);
        assert_eq!(t.product(ax, 1), x);
    }
}
