//! Heap by heap: the quotient Q_n of heaps 0..n from Q_(n−1).
//!
//! After Plambeck and Siegel ("Misère quotients for impartial games", JCTA
//! 2008, §6) and Siegel's MisereSolver: the new heap's options are sums of
//! smaller heaps, so their elements in Q_(n−1) are known.
//! 1. *Conservative extension*: try each element x of Q_(n−1) that the heap
//!    could be (its outcome agrees with its options', and for every y, xy ∈ P
//!    only if no option times y is in P); the walk ([`super::search`]) proves
//!    or refutes it on every sum holding the new heap. Proven: Q_n = Q_(n−1).
//! 2. Otherwise *expand*: a trial monoid Q_(n−1) × C(i, p), the new heap
//!    free in the cyclic factor; the walk marks each element's outcome and
//!    finds the least sum the trial gets wrong. That sum's heaps are then
//!    freed (each its own cyclic factor) or their cyclic factors lengthened,
//!    one heap first, then two, until the least failure moves later; repeated
//!    until the walk finds none. The trial then maps every sum to an element
//!    whose outcome is the sum's, so Q_n is the trial's reachable part modulo
//!    "no element tells them apart" (Moore's partition refinement).

use super::monoid::{Table, Trial};
use super::search::{Halt, Walk, NEXT, PREVIOUS, UNKNOWN};
use rustc_hash::FxHashMap;
use std::collections::HashMap;

/// The most elements of a trial monoid.
pub const MAX_TRIAL: u64 = 1 << 16;
/// The most elements of a reduced trial (its table has order² entries; the
/// quotients kept have at most [`super::MAX_ORDER`]).
pub const MAX_REDUCED: usize = 4 * super::MAX_ORDER;

/// Why the construction stopped before the heap limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stuck {
    /// A walk needed more states than its budget.
    Budget,
    /// A trial monoid would have more than [`MAX_TRIAL`] elements.
    Size,
    /// No refinement of the trial moved the least failure.
    Refinement,
}

/// The quotient so far: Q_n and the element of each heap 0..=n.
pub struct Builder {
    /// The options of each heap, as lists of smaller heaps.
    pub rules: Vec<Vec<Vec<u16>>>,
    /// Q_n.
    pub table: Table,
    /// The element of each heap 0..=n.
    pub phi: Vec<u32>,
    /// States one walk may visit.
    pub budget: u64,
    /// States visited by every walk so far.
    pub work: u64,
    /// `work` when the current heap began.
    heap_start: u64,
}

/// The most work all the walks (and reductions) of one heap may do.
pub const HEAP_BUDGET: u64 = 60_000_000;

impl Builder {
    /// Q_0: heap 0 is the identity.
    pub fn new(rules: Vec<Vec<Vec<u16>>>, budget: u64) -> Builder {
        Builder {
            rules,
            table: Table::trivial(),
            phi: vec![0],
            budget,
            work: 0,
            heap_start: 0,
        }
    }

    /// The states the next walk may visit: its own budget, or what is left
    /// of the heap's.
    fn walk_budget(&self) -> Result<u64, Stuck> {
        let left = HEAP_BUDGET.saturating_sub(self.work - self.heap_start);
        if left == 0 {
            return Err(Stuck::Budget);
        }
        Ok(self.budget.min(left))
    }

    /// The heaps with options, smallest first, up to `n`.
    fn active(&self, n: usize) -> Vec<usize> {
        (1..=n).filter(|&h| !self.rules[h].is_empty()).collect()
    }

    /// The elements of heap `h`'s options under `phi` in a monoid.
    fn option_elements(&self, h: usize, phi: &[u32], product: &dyn Fn(u32, u32) -> u32) -> Vec<u32> {
        let mut out: Vec<u32> = self.rules[h]
            .iter()
            .map(|parts| parts.iter().fold(0, |e, &k| product(e, phi[usize::from(k)])))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Adds the next heap.
    ///
    /// # Errors
    /// Why Q_(n+1) could not be found; Q_n is kept.
    pub fn next_heap(&mut self) -> Result<(), Stuck> {
        let n = self.phi.len();
        self.heap_start = self.work;
        if self.rules[n].is_empty() {
            // A heap without a move is the game 0.
            self.phi.push(0);
            return Ok(());
        }
        if let Some(x) = self.conservative(n)? {
            self.phi.push(x);
            return Ok(());
        }
        self.expand(n)
    }

    /// An element of Q_(n−1) that heap `n` is equivalent to, if any.
    fn conservative(&mut self, n: usize) -> Result<Option<u32>, Stuck> {
        let table = self.table.clone();
        let product = |a: u32, b: u32| table.product(a, b);
        let options = self.option_elements(n, &self.phi, &product);
        let loses = options.iter().all(|&o| !table.p[o as usize]);
        let active = self.active(n);
        let mut phi = self.phi.clone();
        phi.push(0);
        for x in 0..table.order as u32 {
            if table.p[x as usize] != loses {
                continue;
            }
            // Mex interpolation: x·y ∈ P needs every option·y outside P.
            let mex = (0..table.order as u32).all(|y| {
                !table.p[table.product(x, y) as usize]
                    || options.iter().all(|&o| !table.p[table.product(o, y) as usize])
            });
            if !mex {
                continue;
            }
            phi[n] = x;
            let generator = active.iter().map(|&h| phi[h]).collect();
            let opts = active
                .iter()
                .map(|&h| self.option_elements(h, &phi, &product))
                .collect();
            let mut walk = Walk::new(&product, generator, opts, table.order, self.walk_budget()?);
            walk.mark = table.p.iter().map(|&p| if p { PREVIOUS } else { NEXT }).collect();
            walk.only_with_last = true;
            let r = walk.run();
            self.work += walk.work;
            match r {
                Ok(()) => return Ok(Some(x)),
                Err(Halt::Budget) => return Err(Stuck::Budget),
                Err(Halt::Failure { .. }) => {}
            }
        }
        Ok(None)
    }

    /// Q_n as a new quotient: heap `n` freed in a trial, then the heaps of
    /// each least failure freed (or lengthened) until a trial is proven.
    fn expand(&mut self, n: usize) -> Result<(), Stuck> {
        let active = self.active(n);
        let mut phi = self.phi.clone();
        phi.push(0);
        let table = self.table.clone();
        let (mut base, mut phi) = self.marked_trial(&active, &table, &phi, &[(n, 2, 2)])?;
        loop {
            let Some((word, loses)) = self.verify(&active, &base, &phi)? else {
                self.table = base;
                self.phi = phi;
                return Ok(());
            };
            let support: Vec<usize> = (0..active.len()).filter(|&k| word[k] > 0).collect();
            let mut fixed = None;
            // One heap, then two, three, then all of them: each a marking only.
            let mut sizes: Vec<usize> = (1..=support.len().min(3)).collect();
            if support.len() > 3 {
                sizes.push(support.len());
            }
            'sizes: for size in sizes {
                for subset in subsets(&support, size) {
                    let free: Vec<(usize, u32, u32)> = subset
                        .iter()
                        .map(|&k| {
                            let h = active[k];
                            let (i, p) = base.index_and_period(phi[h]);
                            (
                                h,
                                i.max(word[k].saturating_sub(1)).max(1),
                                if p % 2 == 0 { p } else { 2 * p },
                            )
                        })
                        .collect();
                    let (t, f) = self.marked_trial(&active, &base, &phi, &free)?;
                    let e = active
                        .iter()
                        .zip(&word)
                        .fold(0, |e, (&h, &c)| (0..c).fold(e, |e, _| t.product(e, f[h])));
                    if t.p[e as usize] == loses {
                        fixed = Some((t, f));
                        break 'sizes;
                    }
                }
            }
            (base, phi) = fixed.ok_or(Stuck::Refinement)?;
        }
    }

    /// The trial `base` × one cyclic factor per heap of `free` (heap, index,
    /// period), each element's outcome taken from the first sum that reaches
    /// it, reduced to the classes those outcomes tell apart.
    fn marked_trial(
        &mut self,
        active: &[usize],
        base: &Table,
        phi: &[u32],
        free: &[(usize, u32, u32)],
    ) -> Result<(Table, Vec<u32>), Stuck> {
        let trial = Trial::new(base, free.iter().map(|&(_, i, p)| (i, p)).collect());
        if trial.size > MAX_TRIAL {
            return Err(Stuck::Size);
        }
        // The base is the first mixed-radix digit: its elements keep their numbers.
        let mut phi: Vec<u32> = phi.to_vec();
        for (k, &(h, _, _)) in free.iter().enumerate() {
            phi[h] = trial.generator(k);
        }
        let product = |a: u32, b: u32| trial.product(a, b);
        let generator: Vec<u32> = active.iter().map(|&h| phi[h]).collect();
        let opts = active
            .iter()
            .map(|&h| self.option_elements(h, &phi, &product))
            .collect();
        let mut walk = Walk::new(
            &product,
            generator.clone(),
            opts,
            trial.size as usize,
            self.walk_budget()?,
        );
        walk.mark_only = true;
        let r = walk.run();
        self.work += walk.work;
        match r {
            Err(Halt::Budget) => Err(Stuck::Budget),
            Err(Halt::Failure { .. }) => unreachable!("marking alone finds no failure"),
            Ok(()) => {
                // The reduction's work counts too: one signature per element and heap.
                self.work += walk.mark.iter().filter(|&&m| m != UNKNOWN).count() as u64 * generator.len() as u64;
                let (table, map) = reduce(&product, &walk.mark, &generator, MAX_REDUCED).ok_or(Stuck::Size)?;
                let phi = phi.iter().map(|&e| map.get(&e).copied().unwrap_or(0)).collect();
                Ok((table, phi))
            }
        }
    }

    /// The least sum that `table` and `phi` get wrong, with its true outcome;
    /// `None` when there is none (a proof).
    fn verify(&mut self, active: &[usize], table: &Table, phi: &[u32]) -> Result<Option<(Vec<u32>, bool)>, Stuck> {
        let product = |a: u32, b: u32| table.product(a, b);
        let generator: Vec<u32> = active.iter().map(|&h| phi[h]).collect();
        let opts = active.iter().map(|&h| self.option_elements(h, phi, &product)).collect();
        let mut walk = Walk::new(&product, generator, opts, table.order, self.walk_budget()?);
        walk.mark = table.p.iter().map(|&p| if p { PREVIOUS } else { NEXT }).collect();
        let r = walk.run();
        self.work += walk.work;
        match r {
            Ok(()) => Ok(None),
            Err(Halt::Budget) => Err(Stuck::Budget),
            Err(Halt::Failure { word, loses }) => Ok(Some((word, loses))),
        }
    }
}

/// The subsets of `items` with `size` elements, in lexicographic order.
fn subsets(items: &[usize], size: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut pick = Vec::new();
    fn go(items: &[usize], size: usize, from: usize, pick: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if pick.len() == size {
            out.push(pick.clone());
            return;
        }
        for k in from..items.len() {
            pick.push(items[k]);
            go(items, size, k + 1, pick, out);
            pick.pop();
        }
    }
    go(items, size, 0, &mut pick, &mut out);
    out
}

/// The reached elements of a proven trial modulo "no sum tells them apart":
/// Moore's refinement from {P, N} under multiplication by each heap's element
/// (every element is a product of those, so this is the coarsest congruence
/// that keeps P). Returns the table and each reached element's class, or
/// `None` beyond `most` classes.
pub fn reduce(
    product: &dyn Fn(u32, u32) -> u32,
    mark: &[u8],
    generator: &[u32],
    most: usize,
) -> Option<(Table, HashMap<u32, u32>)> {
    let reached: Vec<u32> = (0..mark.len() as u32)
        .filter(|&e| mark[e as usize] != UNKNOWN)
        .collect();
    // Each reached element's place in `reached`: a dense table (a trial has at
    // most MAX_TRIAL elements), read order² times below.
    let mut index = vec![usize::MAX; mark.len()];
    for (i, &e) in reached.iter().enumerate() {
        index[e as usize] = i;
    }
    let next: Vec<Vec<usize>> = reached
        .iter()
        .map(|&e| generator.iter().map(|&g| index[product(e, g) as usize]).collect())
        .collect();
    let mut block: Vec<u32> = reached
        .iter()
        .map(|&e| u32::from(mark[e as usize] == PREVIOUS))
        .collect();
    let mut count = 0;
    loop {
        let mut ids: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        let fresh: Vec<u32> = (0..reached.len())
            .map(|i| {
                let mut sig = Vec::with_capacity(next[i].len() + 1);
                sig.push(block[i]);
                sig.extend(next[i].iter().map(|&j| block[j]));
                let len = ids.len() as u32;
                *ids.entry(sig).or_insert(len)
            })
            .collect();
        let now = ids.len();
        block = fresh;
        if now == count {
            break;
        }
        count = now;
    }
    if count > most {
        return None;
    }
    // Renumber so the identity's class is 0.
    let identity = block[index[0]];
    let swap = |b: u32| {
        if b == identity {
            0
        } else if b == 0 {
            identity
        } else {
            b
        }
    };
    let block: Vec<u32> = block.into_iter().map(swap).collect();
    let mut rep = vec![u32::MAX; count];
    for (i, &b) in block.iter().enumerate() {
        if rep[b as usize] == u32::MAX {
            rep[b as usize] = reached[i];
        }
    }
    let mut mul = vec![0; count * count];
    for a in 0..count {
        for b in 0..count {
            mul[a * count + b] = block[index[product(rep[a], rep[b]) as usize]];
        }
    }
    let p = rep.iter().map(|&e| mark[e as usize] == PREVIOUS).collect();
    let map = reached.iter().zip(&block).map(|(&e, &b)| (e, b)).collect();
    Some((Table { order: count, mul, p }, map))
}
