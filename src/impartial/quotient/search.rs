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

use rustc_hash::FxHashSet;

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
    seen: FxHashSet<(u16, u32, Box<[u32]>)>,
    word: Vec<u32>,
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
            seen: FxHashSet::default(),
            word: vec![0; heaps],
        }
    }

    /// Visits every sum; on success every reachable element is marked.
    ///
    /// # Errors
    /// The least failure, or [`Halt::Budget`].
    pub fn run(&mut self) -> Result<(), Halt> {
        self.seen.clear();
        self.word.iter_mut().for_each(|w| *w = 0);
        let heaps = self.generator.len();
        let r = self.visit(heaps, 0, &[]);
        self.seen = FxHashSet::default();
        r
    }

    /// The state after adding heap `h` to a sum in state (`e`, `t`).
    fn step(&self, e: u32, t: &[u32], h: usize) -> (u32, Vec<u32>) {
        let x = self.generator[h];
        let mut next: Vec<u32> = t.iter().map(|&y| (self.product)(y, x)).collect();
        next.extend(self.options[h].iter().map(|&o| (self.product)(e, o)));
        next.sort_unstable();
        next.dedup();
        ((self.product)(e, x), next)
    }

    /// The sums that add heaps 0..`d` to a sum in state (`e`, `t`).
    fn visit(&mut self, d: usize, e: u32, t: &[u32]) -> Result<(), Halt> {
        if d == 0 {
            // Most visits: a slice, so that no copy is made for them.
            return self.check(e, t);
        }
        let h = d - 1;
        let (mut e, mut t) = (e, t.to_vec());
        if self.only_with_last && d == self.generator.len() {
            (e, t) = self.step(e, &t, h);
            self.word[h] = 1;
        }
        loop {
            self.work += 1 + t.len() as u64 / 8;
            if self.work > self.budget {
                return Err(Halt::Budget);
            }
            if !self.mark_only && !self.seen.insert((h as u16, e, t.clone().into_boxed_slice())) {
                break;
            }
            self.visit(h, e, &t)?;
            (e, t) = self.step(e, &t, h);
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
