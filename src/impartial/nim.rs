//! Nim: heaps of tokens, a move takes any number from one heap. By Sprague and
//! Grundy a heap of n is worth n, and a position is lost for the player to move
//! exactly when the nim-sum (XOR) of its heaps is 0.

use serde::Serialize;

/// A winning move: heap `heap` (0-based) from `from` tokens down to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct NimMove {
    /// The heap, counted from 0.
    pub heap: usize,
    /// Its tokens before the move.
    pub from: u64,
    /// Its tokens after.
    pub to: u64,
}

/// The nim-sum of the heaps.
pub fn nim_sum(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |s, &h| s ^ h)
}

/// Every winning move: a heap h with h ⊕ s < h goes down to h ⊕ s (s the nim-sum).
///
/// ```
/// use ludolab::impartial::{nim_sum, winning_moves};
/// let heaps = [8, 8, 7, 7, 7, 6, 4, 4, 4, 2, 1];
/// assert_eq!(nim_sum(&heaps), 6);
/// assert_eq!(winning_moves(&heaps).len(), 7);
/// ```
pub fn winning_moves(heaps: &[u64]) -> Vec<NimMove> {
    let s = nim_sum(heaps);
    heaps
        .iter()
        .enumerate()
        .filter(|&(_, &h)| h ^ s < h)
        .map(|(heap, &h)| NimMove {
            heap,
            from: h,
            to: h ^ s,
        })
        .collect()
}

/// The heaps in binary, one row each, aligned in columns as the seed writes the
/// sum; the last row is the nim-sum.
pub fn binary_rows(heaps: &[u64]) -> Vec<String> {
    let s = nim_sum(heaps);
    let width = heaps
        .iter()
        .chain([&s])
        .map(|&h| 64 - h.leading_zeros() as usize)
        .max()
        .unwrap_or(1)
        .max(1);
    heaps.iter().chain([&s]).map(|&h| format!("{h:0width$b}")).collect()
}

/// Misère Nim (the player who takes the last token loses): the player to move
/// loses iff every heap has at most one token and their number is odd, or some
/// heap has two or more and the nim-sum is 0 (Bouton).
pub fn misere_nim_loses(heaps: &[u64]) -> bool {
    if heaps.iter().all(|&h| h <= 1) {
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
    } else {
        nim_sum(heaps) == 0
    }
}
