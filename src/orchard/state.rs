//! Canonical Orchard positions and their ranks.
//!
//! Trees are interchangeable and an empty tree is as good as no tree (its die
//! face is rolled again), so a position is the multiset of fruits left. We store
//! it sorted ascending and padded with empty trees to a fixed number of slots,
//! `x₀ ≤ x₁ ≤ … ≤ x_{N−1} ≤ F`, and number it by the colex rank of the strictly
//! increasing `yᵢ = xᵢ + i`:
//!
//! rank(x) = Σᵢ C(xᵢ + i, i + 1),  0 ≤ rank < C(F + N, N).
//!
//! Taking one fruit from the first tree holding `v = x_j` keeps `x` sorted and
//! lowers the rank by exactly C(v + j − 1, j), so a move costs O(1) (no search).

use crate::toolkit::sort;
use crate::toolkit::Error;

/// All positions of at most `slots` trees with at most `max_fruits` fruits each.
#[derive(Clone, Debug)]
pub struct Space {
    slots: usize,
    max_fruits: usize,
    /// `binom[a * (slots + 1) + b]` = C(a, b) for a ≤ max_fruits + slots, b ≤ slots.
    binom: Vec<usize>,
    size: usize,
}

/// Most trees a game may have.
pub const MAX_TREES: usize = 8;
/// Most fruits a tree may start with.
pub const MAX_FRUITS: usize = 20;

impl Space {
    /// # Errors
    /// [`Error::OutOfRange`] when `slots` is not in 1..=8 or `max_fruits` not in 0..=20.
    pub fn new(slots: usize, max_fruits: usize) -> Result<Space, Error> {
        if !(1..=MAX_TREES).contains(&slots) {
            return Err(Error::out_of_range(
                text!("number of trees", "nombre d'arbres"),
                slots,
                1,
                MAX_TREES,
            ));
        }
        if max_fruits > MAX_FRUITS {
            return Err(Error::out_of_range(
                text!("fruits on a tree", "fruits sur un arbre"),
                max_fruits,
                0,
                MAX_FRUITS,
            ));
        }
        let width = slots + 1;
        let rows = max_fruits + slots + 1;
        let mut binom = vec![0usize; rows * width];
        for a in 0..rows {
            binom[a * width] = 1;
            for b in 1..width.min(a + 1) {
                binom[a * width + b] =
                    binom[(a - 1) * width + b - 1] + if b < a { binom[(a - 1) * width + b] } else { 0 };
            }
        }
        let size = binom[(max_fruits + slots) * width + slots];
        Ok(Space {
            slots,
            max_fruits,
            binom,
            size,
        })
    }

    /// Trees of a position (empty ones included).
    pub fn slots(&self) -> usize {
        self.slots
    }

    /// Most fruits on one tree.
    pub fn max_fruits(&self) -> usize {
        self.max_fruits
    }

    /// The number of positions, C(F + N, N).
    pub fn size(&self) -> usize {
        self.size
    }

    fn c(&self, a: usize, b: usize) -> usize {
        self.binom[a * (self.slots + 1) + b]
    }

    /// The canonical form of any list of trees (any order, zeros allowed): sorted
    /// ascending and padded with zeros to `slots`.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] for more trees than slots or a tree above `max_fruits`.
    pub fn canonical(&self, trees: &[u8]) -> Result<Vec<u8>, Error> {
        let nonempty: Vec<u8> = trees.iter().copied().filter(|&t| t > 0).collect();
        if nonempty.len() > self.slots {
            return Err(Error::out_of_range(
                text!("non-empty trees", "arbres non vides"),
                nonempty.len(),
                0,
                self.slots,
            ));
        }
        if let Some(&t) = nonempty.iter().find(|&&t| usize::from(t) > self.max_fruits) {
            return Err(Error::out_of_range(
                text!("fruits on a tree", "fruits sur un arbre"),
                t,
                0,
                self.max_fruits,
            ));
        }
        let mut x = vec![0u8; self.slots - nonempty.len()];
        x.extend(nonempty);
        sort::sort(&mut x);
        Ok(x)
    }

    /// The colex rank of a canonical position.
    pub fn rank(&self, x: &[u8]) -> usize {
        x.iter()
            .enumerate()
            .map(|(i, &v)| self.c(usize::from(v) + i, i + 1))
            .sum()
    }

    /// The rank after taking one fruit from slot `j`, where `j` is the first slot
    /// holding `x[j] > 0` (so the position stays sorted).
    #[inline]
    pub fn rank_after_pick(&self, rank: usize, x: &[u8], j: usize) -> usize {
        rank - self.c(usize::from(x[j]) + j - 1, j)
    }

    /// Calls `f` with every canonical position holding `total` fruits, in
    /// increasing rank (so that a solver's reads of nearby ranks hit the cache).
    pub fn for_each_with_total(&self, total: usize, f: &mut dyn FnMut(&[u8])) {
        let mut x = vec![0u8; self.slots];
        self.fill(&mut x, self.slots, self.max_fruits, total, f);
    }

    /// Chooses `x[i − 1]` (at most `high`), the last slot first: colex order is
    /// lexicographic order read from the last slot.
    fn fill(&self, x: &mut [u8], i: usize, high: usize, left: usize, f: &mut dyn FnMut(&[u8])) {
        if i == 0 {
            if left == 0 {
                f(x);
            }
            return;
        }
        // Slots 0..i hold at most `high` each: x[i − 1] ≥ left / i, and the
        // others must fit below it.
        let low = left.div_ceil(i);
        for v in low..=high.min(left) {
            if left - v > (i - 1) * v {
                continue;
            }
            x[i - 1] = v as u8;
            self.fill(x, i - 1, v, left - v, f);
        }
    }
}

/// The distinct non-empty values of a canonical position: `(first slot, value, count)`.
pub fn groups(x: &[u8], out: &mut Vec<(usize, u8, u8)>) {
    out.clear();
    for (j, &v) in x.iter().enumerate() {
        if v == 0 {
            continue;
        }
        match out.last_mut() {
            Some(g) if g.1 == v => g.2 += 1,
            _ => out.push((j, v, 1)),
        }
    }
}

/// A position as the seed writes it: trees in decreasing order, then the crows
/// (`22|2`); commas separate trees once one holds 10 fruits or more (`10,7|3`).
pub fn label(trees: &[u8], crows: usize) -> String {
    let mut t: Vec<u8> = trees.iter().copied().filter(|&v| v > 0).collect();
    sort::sort_by(&mut t, |a, b| b.cmp(a));
    let sep = if t.iter().any(|&v| v >= 10) { "," } else { "" };
    let body: Vec<String> = t.iter().map(u8::to_string).collect();
    format!("{}|{crows}", body.join(sep))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_number_every_position_once() {
        for (slots, max) in [(1, 5), (3, 4), (4, 10), (5, 3)] {
            let space = Space::new(slots, max).unwrap();
            let mut seen = vec![false; space.size()];
            for total in 0..=slots * max {
                let mut last = None;
                space.for_each_with_total(total, &mut |x| {
                    assert_eq!(x.iter().map(|&v| usize::from(v)).sum::<usize>(), total);
                    let r = space.rank(x);
                    assert!(last < Some(r), "ranks increase within a total");
                    last = Some(r);
                    assert!(!seen[r], "{x:?}");
                    seen[r] = true;
                });
            }
            assert!(seen.iter().all(|&s| s), "slots {slots}, max {max}");
        }
    }

    #[test]
    fn a_pick_moves_the_rank_by_one_binomial() {
        let space = Space::new(4, 6).unwrap();
        let mut g = Vec::new();
        for total in 1..=24 {
            space.for_each_with_total(total, &mut |x| {
                let r = space.rank(x);
                groups(x, &mut g);
                for &(j, _, _) in &g {
                    let mut y = x.to_vec();
                    y[j] -= 1;
                    assert_eq!(space.rank_after_pick(r, x, j), space.rank(&y));
                }
            });
        }
    }

    #[test]
    fn sizes_and_labels() {
        assert_eq!(Space::new(8, 20).unwrap().size(), 3_108_105);
        assert_eq!(Space::new(4, 10).unwrap().size(), 1001);
        assert_eq!(label(&[1, 2, 0, 2], 2), "221|2");
        assert_eq!(label(&[3, 10, 10, 7], 9), "10,10,7,3|9");
        assert!(Space::new(9, 1).is_err());
        assert!(Space::new(2, 21).is_err());
        let s = Space::new(3, 5).unwrap();
        assert_eq!(s.canonical(&[4, 0, 2]).unwrap(), vec![0, 2, 4]);
        assert!(s.canonical(&[1, 1, 1, 1]).is_err());
    }
}
