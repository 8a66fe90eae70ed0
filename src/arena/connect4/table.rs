//! A fixed-size transposition table: 2^k slots, each one 64-bit word holding a
//! partial key and an 8-bit bound (one word, so a lookup costs one cache miss,
//! not two as with separate key and value arrays: most of a solve's time is
//! those misses).
//!
//! A position's key is below 2^49 (7 columns of 7 bits). It is scrambled by
//! a multiplication modulo 2^49 by an odd constant, a bijection; the slot is
//! the top k bits of the result and the slot keeps the other 49 − k bits, so
//! slot and stored bits together give back the key: no two positions are ever
//! confused. (Pons uses a prime number
//! of slots and the key modulo it; a power of two replaces the division by a
//! multiplication, the same idea.) A new entry always replaces the old one.

/// Bits of a key.
const KEY_BITS: u32 = 49;
/// Fewest slots: 2^17 (1 MB).
pub const MIN_SLOTS: usize = 1 << 17;
/// Most slots a caller may ask for (2^28: 2 GB natively).
pub const MAX_SLOTS: usize = 1 << 28;
/// An odd multiplier spreading keys over the slots (2^49 / φ, made odd).
const SCRAMBLE: u64 = 0x0000_9E37_79B9_7F4B | 1;

/// The table.
pub struct Table {
    /// The stored key bits, shifted left by 8, and the value.
    slots: Vec<u64>,
    /// log2 of the slots.
    bits: u32,
}

impl Table {
    /// A table of the first power of two of slots at or above `slots`
    /// (clamped to [`MIN_SLOTS`]..=[`MAX_SLOTS`]): 8 bytes a slot.
    ///
    /// # Complexity
    /// O(`slots`) to allocate.
    pub fn new(slots: usize) -> Table {
        let n = slots.clamp(MIN_SLOTS, MAX_SLOTS).next_power_of_two();
        // Written now, not zeroed lazily by the system: a solve then never
        // waits for a fresh page (a short solve would spend most of its time so).
        let mut slots = vec![0; n];
        for page in slots.chunks_mut(512) {
            page[0] = std::hint::black_box(0);
        }
        Table {
            slots,
            bits: n.trailing_zeros(),
        }
    }

    /// Slots.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Never: a table has [`MIN_SLOTS`] at least.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.slots.fill(0);
    }

    /// The slot of `key` and the bits it keeps there.
    #[inline]
    fn slot(&self, key: u64) -> (usize, u64) {
        let h = key.wrapping_mul(SCRAMBLE) & ((1 << KEY_BITS) - 1);
        let rest = KEY_BITS - self.bits;
        ((h >> rest) as usize, h & ((1 << rest) - 1))
    }

    /// Stores `value` (not 0, which means empty) for `key`.
    #[inline]
    pub fn put(&mut self, key: u64, value: u8) {
        let (i, rest) = self.slot(key);
        self.slots[i] = rest << 8 | u64::from(value);
    }

    /// The value stored for `key`, or 0.
    #[inline]
    pub fn get(&self, key: u64) -> u8 {
        let (i, rest) = self.slot(key);
        let entry = self.slots[i];
        if entry >> 8 == rest {
            entry as u8
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_powers_of_two_within_bounds() {
        assert_eq!(Table::new(0).len(), MIN_SLOTS);
        assert_eq!(Table::new((1 << 23) + 9).len(), 1 << 24);
        assert_eq!(Table::new(usize::MAX).len(), MAX_SLOTS);
        // The stored bits and the value fit in a word at the smallest size.
        assert!(KEY_BITS - MIN_SLOTS.trailing_zeros() + 8 <= 64);
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
    fn entries_come_back_and_are_replaced() {
        let mut t = Table::new(0);
        t.put(5, 7);
        assert_eq!(t.get(5), 7);
        // Another key of the same slot replaces it, and the old key is gone.
        let other = (6..).find(|&k| t.slot(k).0 == t.slot(5).0).unwrap();
        t.put(other, 9);
        assert_eq!((t.get(5), t.get(other)), (0, 9));
        let n = other;
        assert_eq!(t.get(6), 0);
        t.clear();
        assert_eq!(t.get(n), 0);
    }
}
