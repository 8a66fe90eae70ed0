//! The check that makes a trial monoid a proof: every sum of heaps, visited in
//! colex order (a position's options come before it), must get from the trial
//! the outcome its options give it.
//!
//! A sum w is described by its element e(w) and the set T(w) of its options'
//! elements; adding a heap h with element x and option elements O(h) gives
//! e(w + h) = e·x and T(w + h) = T·x ∪ e·O(h). So (e, T) is a finite state,
//! and two sums in the same state (with the same heaps still to add) have the
//! same future: the walk visits each state once. The first sum to reach an
//! element fixes its outcome (misère: a sum without options is won by the
//! player to move, otherwise lost iff no option is lost); any later sum with
//! the same element and another outcome is a failure, and the first failure
//! is the least sum (in colex order) that the trial gets wrong.

/// An element's mark: not reached yet.
pub const UNKNOWN: u8 = 0;
/// An element's mark: the player to move wins.
pub const NEXT: u8 = 1;
/// An element's mark: the player to move loses.
pub const PREVIOUS: u8 = 2;

/// Why a walk stopped before the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Halt {
    /// The least sum whose outcome the trial gets wrong: how many of each
    /// heap (indexed like the walk's heaps), and the outcome it really has.
    Failure {
        /// Copies of each heap.
        word: Vec<u32>,
        /// Whether the player to move really loses it.
        loses: bool,
    },
    /// More work than the budget allows.
    Budget,
}

/// The walk over the sums of some heaps in a monoid given by `product`.
pub struct Walk<'a> {
    /// The product of the monoid.
    pub product: &'a dyn Fn(u32, u32) -> u32,
    /// The element of each heap (heaps with options only, smallest first).
    pub generator: Vec<u32>,
    /// Its options' elements.
    pub options: Vec<Vec<u32>>,
    /// The marks (UNKNOWN, NEXT, PREVIOUS) of the elements.
    pub mark: Vec<u8>,
    /// Skip the sums without the last heap (their outcomes are already proven).
    pub only_with_last: bool,
    /// Only mark each element from the first sum reaching it: stop adding a
    /// heap once the element is marked (a sum reaching it later has the same
    /// element as an earlier one, and so do all its extensions).
    pub mark_only: bool,
    /// Work done: each state visited counts 1 and an eighth of its options'
    /// set (the set is what a step multiplies and sorts).
    pub work: u64,
    /// The most work a walk may do.
    pub budget: u64,
    seen: Seen,
    word: Vec<u32>,
    /// Each depth's option sets (the current one and the next), reused from
    /// sum to sum: a walk makes no allocation per state.
    sets: Vec<[Vec<u32>; 2]>,
}

impl<'a> Walk<'a> {
    /// A walk with no element marked.
    pub fn new(
        product: &'a dyn Fn(u32, u32) -> u32,
        generator: Vec<u32>,
        options: Vec<Vec<u32>>,
        size: usize,
        budget: u64,
    ) -> Walk<'a> {
        let heaps = generator.len();
        Walk {
            product,
            generator,
            options,
            mark: vec![UNKNOWN; size],
            only_with_last: false,
            mark_only: false,
            work: 0,
            budget,
            seen: Seen::default(),
            word: vec![0; heaps],
            sets: vec![Default::default(); heaps],
        }
    }

    /// Visits every sum; on success every reachable element is marked.
    ///
    /// # Errors
    /// The least failure, or [`Halt::Budget`].
    pub fn run(&mut self) -> Result<(), Halt> {
        self.seen = Seen::default();
        self.word.iter_mut().for_each(|w| *w = 0);
        let heaps = self.generator.len();
        let r = self.visit(heaps, 0, &[]);
        self.seen = Seen::default();
        r
    }

    /// The state after adding heap `h` to a sum in state (`e`, `t`): its
    /// element, and its option set written into `next`.
    fn step(&self, e: u32, t: &[u32], h: usize, next: &mut Vec<u32>) -> u32 {
        let x = self.generator[h];
        next.clear();
        next.extend(t.iter().map(|&y| (self.product)(y, x)));
        next.extend(self.options[h].iter().map(|&o| (self.product)(e, o)));
        next.sort_unstable();
        next.dedup();
        (self.product)(e, x)
    }

    /// The sums that add heaps 0..`d` to a sum in state (`e`, `t`).
    fn visit(&mut self, d: usize, e: u32, t: &[u32]) -> Result<(), Halt> {
        if d == 0 {
            // Most visits: a slice, so that no copy is made for them.
            return self.check(e, t);
        }
        let h = d - 1;
        // This depth's buffers, taken out while the deeper visits use theirs.
        let [mut set, mut next] = std::mem::take(&mut self.sets[h]);
        let mut e = e;
        if self.only_with_last && d == self.generator.len() {
            e = self.step(e, t, h, &mut set);
            self.word[h] = 1;
        } else {
            set.clear();
            set.extend_from_slice(t);
        }
        let r = self.add_copies(h, e, &mut set, &mut next);
        self.sets[h] = [set, next];
        r
    }

    /// Heap `h` added again and again to a sum in state (`e`, `set`), each
    /// sum's smaller heaps visited in turn.
    fn add_copies(&mut self, h: usize, mut e: u32, set: &mut Vec<u32>, next: &mut Vec<u32>) -> Result<(), Halt> {
        loop {
            self.work += 1 + set.len() as u64 / 8;
            if self.work > self.budget {
                return Err(Halt::Budget);
            }
            if !self.mark_only && !self.seen.insert(h as u32, e, set) {
                break;
            }
            self.visit(h, e, set)?;
            e = self.step(e, set, h, next);
            std::mem::swap(set, next);
            self.word[h] += 1;
            if self.mark_only && self.mark[e as usize] != UNKNOWN {
                break;
            }
        }
        self.word[h] = 0;
        Ok(())
    }

    fn check(&mut self, e: u32, t: &[u32]) -> Result<(), Halt> {
        debug_assert!(
            t.iter().all(|&x| self.mark[x as usize] != UNKNOWN),
            "options come first"
        );
        let loses = !t.is_empty() && t.iter().all(|&x| self.mark[x as usize] != PREVIOUS);
        let m = &mut self.mark[e as usize];
        if *m == UNKNOWN {
            *m = if loses { PREVIOUS } else { NEXT };
        } else if !self.mark_only && (*m == PREVIOUS) != loses {
            return Err(Halt::Failure {
                word: self.word.clone(),
                loses,
            });
        }
        Ok(())
    }
}

/// The states a walk has seen, (heap, element, option set), interned: every
/// key's words in one pool (heap, element, length, the set), found through an
/// open-addressed table of offsets and hashes. A set of boxed slices spent
/// most of the walk allocating, freeing and hashing them one by one.
#[derive(Default)]
struct Seen {
    pool: Vec<u32>,
    /// Each slot: 0 when empty, else the key's offset in the pool plus 1, and its hash.
    slots: Vec<(usize, u64)>,
    len: usize,
}

impl Seen {
    fn hash(h: u32, e: u32, set: &[u32]) -> u64 {
        // FxHash's step over the words, then a final mix for the low bits the table uses.
        const K: u64 = 0xf135_7aea_2e62_a9c5;
        let mut x = (u64::from(h) << 32 | u64::from(e)).wrapping_mul(K);
        for &w in set {
            x = (x.rotate_left(26) ^ u64::from(w)).wrapping_mul(K);
        }
        x ^ (x >> 29)
    }

    /// Adds the key; false when it was there already.
    fn insert(&mut self, h: u32, e: u32, set: &[u32]) -> bool {
        if (self.len + 1) * 8 > self.slots.len() * 7 {
            self.grow();
        }
        let hash = Self::hash(h, e, set);
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            let (at, stored) = self.slots[i];
            if at == 0 {
                self.slots[i] = (self.pool.len() + 1, hash);
                self.pool.extend_from_slice(&[h, e, set.len() as u32]);
                self.pool.extend_from_slice(set);
                self.len += 1;
                return true;
            }
            if stored == hash {
                let key = &self.pool[at - 1..];
                if key[0] == h && key[1] == e && key[2] as usize == set.len() && key[3..3 + set.len()] == *set {
                    return false;
                }
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(1024);
        let old = std::mem::replace(&mut self.slots, vec![(0, 0); size]);
        for (at, hash) in old.into_iter().filter(|&(at, _)| at != 0) {
            let mut i = hash as usize & (size - 1);
            while self.slots[i].0 != 0 {
                i = (i + 1) & (size - 1);
            }
            self.slots[i] = (at, hash);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Seen;

    #[test]
    fn seen_tells_a_new_key_from_a_known_one_across_growth() {
        let mut seen = Seen::default();
        // Keys that differ only in the heap, the element, the length or one word.
        assert!(seen.insert(0, 0, &[]));
        assert!(!seen.insert(0, 0, &[]));
        assert!(seen.insert(1, 0, &[]));
        assert!(seen.insert(0, 1, &[]));
        assert!(seen.insert(0, 0, &[0]));
        assert!(seen.insert(0, 0, &[0, 0]));
        assert!(seen.insert(0, 0, &[1]));
        // Thousands more, through several growths, each found again afterwards.
        for k in 0..5_000u32 {
            assert!(seen.insert(2, k, &[k, k / 7, 3]));
        }
        for k in 0..5_000u32 {
            assert!(!seen.insert(2, k, &[k, k / 7, 3]), "{k}");
        }
        assert_eq!(seen.len, 5_006);
        assert!(!seen.insert(0, 0, &[0, 0]));
    }
}
