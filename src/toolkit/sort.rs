//! Small stable sorts, for the web bundles' sake.
//!
//! The standard library's sorts are fast and large: each element type and
//! comparator is its own copy of pdqsort or driftsort with their small-sort
//! networks, 3–8 kB of wasm each, and a family's bundle held 4–13 of them
//! (25–78 kB, measured with twiggy on the staged bundles; BENCHMARKS.md, "Bundle
//! sizes"). The lists our solvers sort are short (a board's jumps, a row's
//! entries, a game's options) or sorted once per solve, so these sorts trade a
//! little speed for one shared copy:
//!
//! * up to [`SMALL`] elements, an insertion sort in place (a few hundred bytes
//!   per comparator, no allocation: the hot callers sort a handful of options);
//! * beyond, a bottom-up merge sort of the *positions* `0..n`, compiled once for
//!   every caller (the comparator is a `dyn` call), then the permutation applied
//!   in place, cycle by cycle.
//!
//! Both are stable: equal elements keep their order, so results never depend on
//! which sort ran.
//!
//! # Complexity
//! `O(n²)` comparisons up to [`SMALL`] elements, `O(n log n)` comparisons and
//! `O(n)` swaps beyond, with `O(n)` extra memory (the positions).

use std::cmp::Ordering;

/// Up to this many elements, insertion sort (no allocation, no indirection).
pub const SMALL: usize = 20;

/// Sorts `v` stably by `is_less` (a strict weak order: `is_less(a, b)` when `a`
/// goes before `b`).
///
/// In wasm, the merge sort below; natively, where code size does not matter,
/// the standard library's stable sort beyond [`SMALL`] elements (the merge sort's
/// `dyn` comparisons made a 10⁶-vertex parity game's read, solve and check 25%
/// slower). Both are stable, so both give the same order.
pub fn sort_by_less<T>(v: &mut [T], mut is_less: impl FnMut(&T, &T) -> bool) {
    if v.len() <= SMALL {
        insertion(v, &mut is_less);
        return;
    }
    #[cfg(not(target_arch = "wasm32"))]
    v.sort_by(|a, b| {
        if is_less(a, b) {
            Ordering::Less
        } else if is_less(b, a) {
            Ordering::Greater
        } else {
            Ordering::Equal
        }
    });
    #[cfg(target_arch = "wasm32")]
    merge_sort_by_less(v, is_less);
}

/// The bundles' sort beyond [`SMALL`] elements: the positions merge-sorted
/// (one copy for every caller), then the permutation applied.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn merge_sort_by_less<T>(v: &mut [T], mut is_less: impl FnMut(&T, &T) -> bool) {
    let order = stable_order(v.len(), &mut |a, b| is_less(&v[a], &v[b]));
    permute(v, order);
}

/// Sorts `v` stably by `compare`, as [`slice::sort_by`] does.
pub fn sort_by<T>(v: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    sort_by_less(v, |a, b| compare(a, b) == Ordering::Less);
}

/// Sorts `v` stably by `key`, as [`slice::sort_by_key`] does.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by_less(v, |a, b| key(a) < key(b));
}

/// Sorts `v` in increasing order, as [`slice::sort`] does.
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by_less(v, |a, b| a < b);
}

/// Stable insertion sort: each element moves left past the larger ones.
fn insertion<T>(v: &mut [T], is_less: &mut impl FnMut(&T, &T) -> bool) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && is_less(&v[j], &v[j - 1]) {
            v.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// The positions `0..n` in stable sorted order: a bottom-up merge sort, runs of
/// [`SMALL`] first sorted by insertion. One copy for every caller.
#[inline(never)]
fn stable_order(n: usize, is_less: &mut dyn FnMut(usize, usize) -> bool) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    for run in order.chunks_mut(SMALL) {
        for i in 1..run.len() {
            let mut j = i;
            while j > 0 && is_less(run[j], run[j - 1]) {
                run.swap(j, j - 1);
                j -= 1;
            }
        }
    }
    let mut other = vec![0usize; n];
    let mut width = SMALL;
    while width < n {
        for (out, start) in other.chunks_mut(2 * width).zip((0..n).step_by(2 * width)) {
            let mid = (start + width).min(n);
            let end = (start + 2 * width).min(n);
            let (mut a, mut b) = (start, mid);
            for slot in out.iter_mut() {
                // The left run's element wins ties: stability.
                let take_right = b < end && (a == mid || is_less(order[b], order[a]));
                if take_right {
                    *slot = order[b];
                    b += 1;
                } else {
                    *slot = order[a];
                    a += 1;
                }
            }
        }
        std::mem::swap(&mut order, &mut other);
        width *= 2;
    }
    order
}

/// Puts `v[order[k]]` at `k` for every `k`, in place: each cycle of the
/// permutation is followed once (a finished position is marked `order[k] = k`).
fn permute<T>(v: &mut [T], mut order: Vec<usize>) {
    for i in 0..v.len() {
        let mut k = i;
        while order[k] != i {
            let from = order[k];
            v.swap(k, from);
            order[k] = k;
            k = from;
        }
        order[k] = k;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Stability visible: pairs sorted by their first half keep the second's
    /// order, by the public sort and by the bundles' merge sort (natively, the
    /// public sort is the standard one past `SMALL` elements).
    fn check(v: Vec<(u8, u32)>) {
        let mut std = v.clone();
        std.sort_by_key(|p| p.0);
        let mut ours = v.clone();
        sort_by_key(&mut ours, |p| p.0);
        assert_eq!(ours, std);
        let mut merged = v;
        merge_sort_by_less(&mut merged, |a, b| a.0 < b.0);
        assert_eq!(merged, std);
    }

    #[test]
    fn agrees_with_the_standard_stable_sort_at_every_length_around_the_runs() {
        // Lengths from empty to several merge passes, odd and even tails.
        for n in (0..=3 * SMALL + 3).chain([97, 160, 161, 1000, 4099]) {
            let v: Vec<(u8, u32)> = (0..n as u32)
                .map(|i| ((i.wrapping_mul(2_654_435_761) >> 27) as u8 % 7, i))
                .collect();
            check(v.clone());
            check(v.iter().rev().copied().collect());
            check((0..n as u32).map(|i| (0, i)).collect());
        }
    }

    #[test]
    fn orders_by_a_comparator_and_by_ord() {
        let mut v: Vec<i64> = (0..500).map(|i| (i * 7919) % 503 - 250).collect();
        let mut w = v.clone();
        sort(&mut v);
        w.sort();
        assert_eq!(v, w);
        sort_by(&mut v, |a, b| b.cmp(a));
        w.reverse();
        assert_eq!(v, w);
        let mut s: Vec<String> = vec!["b".into(), "a".into(), "c".into()];
        sort(&mut s);
        assert_eq!(s, ["a", "b", "c"]);
    }

    proptest::proptest! {
        /// Any list, with many ties, any length across the insertion and merge paths.
        #[test]
        fn any_list_sorts_as_the_standard_stable_sort(keys in proptest::collection::vec(0u8..12, 0..300)) {
            check(keys.into_iter().zip(0..).collect());
        }
    }
}
