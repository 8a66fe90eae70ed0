//! A fixed-size transposition table: 2^k slots in buckets of two, each slot
//! one 64-bit word holding a partial key, an 8-bit bound and how much work
//! the bound cost (one word, so a lookup costs one cache miss, not two as with
//! separate key and value arrays: most of a solve's time is those misses; the
//! two slots of a bucket share a cache line).
//!
//! A position's key is below 2^49 (7 columns of 7 bits). It is scrambled by
//! a multiplication modulo 2^49 by an odd constant, a bijection; the bucket is
//! the top k − 1 bits of the result and a slot keeps the other 50 − k bits, so
//! bucket and stored bits together give back the key: no two positions are ever
//! confused. (Pons uses a prime number
//! of slots and the key modulo it; a power of two replaces the division by a
//! multiplication, the same idea.)
//!
//! The slots are atomic words read and written with relaxed ordering (plain
//! loads and stores on x86-64 and in wasm): several threads may share one
//! table (`--threads`), and since an entry is one word, none ever reads half
//! of another's entry; a lost update only loses a bound, never makes one wrong.
//!
//! Replacement (Breuker's two-level policy): the first slot of a bucket keeps
//! the entry that cost the most work (the log2 of the nodes below it), the
//! second takes every other entry. A single always-replacing slot loses the
//! bounds near the root, each worth millions of nodes, to the leaves' traffic.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Bits of a key.
const KEY_BITS: u32 = 49;
/// Fewest slots: 2^17 (1 MB).
pub const MIN_SLOTS: usize = 1 << 17;
/// Most slots a caller may ask for (2^28: 2 GB natively).
pub const MAX_SLOTS: usize = 1 << 28;
/// An odd multiplier spreading keys over the slots (2^49 / φ, made odd).
const SCRAMBLE: u64 = 0x0000_9E37_79B9_7F4B | 1;
/// Bits of a slot below the stored key bits: the value (8) and the work (6).
const LOW: u32 = 14;

/// The table.
pub struct Table {
    /// Per slot: the stored key bits, shifted left by [`LOW`], the work
    /// (6 bits) and the value (8 bits).
    slots: Vec<AtomicU64>,
    /// Key bits a slot keeps: [`KEY_BITS`] − log2 of the buckets.
    rest: u32,
}

impl Table {
    /// A table of the first power of two of slots at or above `slots`
    /// (clamped to [`MIN_SLOTS`]..=[`MAX_SLOTS`]): 8 bytes a slot.
    ///
    /// # Complexity
    /// O(`slots`) to allocate.
    pub fn new(slots: usize) -> Table {
        let n = Table::slots_for(slots);
        // Written now, not zeroed lazily by the system: a solve then never
        // waits for a fresh page (a short solve would spend most of its time so).
        let slots: Vec<AtomicU64> = (0..n).map(|_| AtomicU64::new(0)).collect();
        for page in slots.chunks(512) {
            page[0].store(std::hint::black_box(0), Relaxed);
        }
        let bits = n.trailing_zeros() - 1;
        Table {
            slots,
            rest: KEY_BITS - bits,
        }
    }

    /// The slots a table asked for `slots` has: `slots` clamped to
    /// [`MIN_SLOTS`]..=[`MAX_SLOTS`], then rounded up to a power of two.
    pub fn slots_for(slots: usize) -> usize {
        slots.clamp(MIN_SLOTS, MAX_SLOTS).next_power_of_two()
    }

    /// Slots.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Never: a table has [`MIN_SLOTS`] at least.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Slots holding an entry.
    #[cfg(test)]
    pub(crate) fn occupied(&self) -> usize {
        self.slots.iter().filter(|s| s.load(Relaxed) != 0).count()
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        for slot in &mut self.slots {
            *slot.get_mut() = 0;
        }
    }

    /// The first slot of `key`'s bucket and the bits it keeps there.
    #[inline]
    fn slot(&self, key: u64) -> (usize, u64) {
        let h = key.wrapping_mul(SCRAMBLE) & ((1 << KEY_BITS) - 1);
        (((h >> self.rest) as usize) << 1, h & ((1 << self.rest) - 1))
    }

    /// Stores `value` (not 0, which means empty) for `key`, found after
    /// searching `nodes` nodes.
    #[inline]
    pub fn put(&self, key: u64, value: u8, nodes: u64) {
        let (i, rest) = self.slot(key);
        let work = u64::from(63 - nodes.max(1).leading_zeros());
        let entry = rest << LOW | work << 8 | u64::from(value);
        let first = self.slots[i].load(Relaxed);
        if first >> LOW == rest || (first >> 8) & 63 <= work {
            if first >> LOW != rest && first != 0 {
                // The displaced entry is still good: it takes the second slot.
                self.slots[i + 1].store(first, Relaxed);
            }
            self.slots[i].store(entry, Relaxed);
        } else {
            self.slots[i + 1].store(entry, Relaxed);
        }
    }

    /// Starts bringing `key`'s bucket into the cache, so the lookup that
    /// follows a little later finds the line there (the solve's time is
    /// mostly these misses). On x86-64, the processor's prefetch instruction:
    /// it waits for nothing. Elsewhere, a load whose value is dropped: the
    /// processor goes on meanwhile, but each such load must still complete
    /// before the instructions after it leave the pipeline, so the search
    /// stalls on it (a profile put 57% of the 7 × 6 solve's time there; the
    /// instruction made 7 × 6 a fifth faster, BENCHMARKS.md).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        let i = self.slot(key).0;
        #[cfg(target_arch = "x86_64")]
        prefetch_line(self.slots[i..].as_ptr());
        #[cfg(not(target_arch = "x86_64"))]
        std::hint::black_box(self.slots[i].load(Relaxed));
    }

    /// The value stored for `key`, or 0.
    #[inline]
    pub fn get(&self, key: u64) -> u8 {
        let (i, rest) = self.slot(key);
        let (a, b) = (self.slots[i].load(Relaxed), self.slots[i + 1].load(Relaxed));
        if a >> LOW == rest {
            a as u8
        } else if b >> LOW == rest {
            b as u8
        } else {
            0
        }
    }
}

/// The processor's hint to bring the cache line of `line` closer (SSE's
/// `prefetcht0`, which every x86-64 processor has).
///
/// The crate's one `unsafe` block (ARCHITECTURE.md, Decisions): the standard
/// library's stable prefetch is an intrinsic marked `unsafe`, though a
/// prefetch reads nothing the program sees, never faults and changes no
/// state but the cache; the stable safe `std::hint` version is not there yet.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
#[allow(unsafe_code)]
fn prefetch_line(line: *const AtomicU64) {
    use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
    // SAFETY: a prefetch is a hint: it dereferences nothing and cannot fault,
    // whatever the address (here always one of the table's slots), and SSE
    // is part of every x86-64 processor.
    unsafe { _mm_prefetch::<_MM_HINT_T0>(line.cast()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_powers_of_two_within_bounds() {
        assert_eq!(Table::new(0).len(), MIN_SLOTS);
        assert_eq!(Table::new((1 << 23) + 9).len(), 1 << 24);
        // The largest asked for by its size alone: a table of it is 2 GB.
        assert_eq!(Table::slots_for(usize::MAX), MAX_SLOTS);
        assert_eq!(Table::slots_for(MAX_SLOTS - 1), MAX_SLOTS);
        // The stored bits, the work and the value fit in a word at the smallest size.
        assert!(KEY_BITS - (MIN_SLOTS.trailing_zeros() - 1) + LOW <= 64);
    }

    #[test]
    fn slot_and_stored_bits_give_back_the_key() {
        let t = Table::new(0);
        let mut seen = std::collections::HashMap::new();
        for key in (0..1u64 << 49).step_by((1 << 33) + 12_345).chain(1..100_000) {
            let (i, rest) = t.slot(key);
            assert_eq!(seen.insert((i, rest), key), None, "two keys share slot and bits");
        }
    }

    #[test]
    fn entries_come_back_and_the_costly_one_stays() {
        let mut t = Table::new(0);
        t.put(5, 7, 1 << 20);
        assert_eq!(t.get(5), 7);
        let bucket = |t: &Table, k: u64| t.slot(k).0;
        let mut same = (6..).filter(|&k| bucket(&t, k) == bucket(&t, 5));
        let (a, b) = (same.next().unwrap(), same.next().unwrap());
        // Cheaper entries of the same bucket take the second slot, one after
        // the other; the costly one stays.
        t.put(a, 9, 10);
        assert_eq!((t.get(5), t.get(a)), (7, 9));
        t.put(b, 11, 10);
        assert_eq!((t.get(5), t.get(a), t.get(b)), (7, 0, 11));
        // A costlier one takes the first slot and moves the other down.
        t.put(a, 13, 1 << 30);
        assert_eq!((t.get(5), t.get(a), t.get(b)), (7, 13, 0));
        // A key stored again is updated where it is, never held twice.
        t.put(5, 3, 1);
        assert_eq!((t.get(5), t.get(a)), (3, 13));
        t.put(5, 4, 1 << 40);
        assert_eq!((t.get(5), t.get(a)), (4, 13));
        let absent = (6..).find(|&k| k != 5 && k != a && k != b).unwrap();
        assert_eq!(t.get(absent), 0);
        t.clear();
        assert_eq!(t.get(a), 0);
    }
}
