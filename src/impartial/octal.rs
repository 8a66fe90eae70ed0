//! Octal games (SPEC §4): a code `d₀.d₁d₂…` where digit `d_k` (k ≥ 1) lets a
//! move remove k tokens from a heap leaving no heap (bit 1), one heap (bit 2)
//! or two non-empty heaps (bit 4); `d₀ = 4` lets a move split a heap without
//! removing anything. Kayles is 0.77, Dawson's chess (node-Kayles on a path) 0.137.
//! Grundy's game (split a heap into two unequal heaps) is not an octal game but
//! runs on the same engine: the code `grundy`.

use crate::toolkit::Quoted;
use crate::toolkit::{Error, Text};
use serde::Serialize;

/// Most digits after the point.
pub const MAX_DIGITS: usize = 9;

/// The name of Grundy's game wherever a code is accepted.
pub const GRUNDY: &str = "grundy";

/// An octal code.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct OctalCode {
    /// `digits[k]` = d_k; `digits[0]` is 0 or 4.
    digits: Vec<u8>,
    /// Grundy's game: the two parts of a split must differ.
    unequal: bool,
}

impl OctalCode {
    /// Parses `0.77`, `.137`, `4.07`, and `grundy` for Grundy's game.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] (key `code`) for anything else, a code without
    /// moves, a first digit other than 0 or 4, or more than 9 digits after the point.
    ///
    /// ```
    /// use ludolab::impartial::OctalCode;
    /// assert_eq!(OctalCode::parse(".77").unwrap().to_string(), "0.77");
    /// assert_eq!(OctalCode::parse("Grundy").unwrap().to_string(), "grundy");
    /// assert!(OctalCode::parse("0.8").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<OctalCode, Error> {
        if text.trim().eq_ignore_ascii_case(GRUNDY) {
            return Ok(OctalCode::grundy());
        }
        let bad = |expected: Text| Error::InvalidValue {
            key: "code",
            value: Quoted::new(text),
            expected,
        };
        let t = text.trim();
        let (whole, fraction) = t.split_once('.').ok_or_else(|| {
            bad(text!(
                "an octal code such as 0.77 or 4.07, or grundy",
                "un code octal comme 0.77 ou 4.07, ou grundy"
            ))
        })?;
        let d0 = match whole {
            "" | "0" => 0,
            "4" => 4,
            _ => {
                return Err(bad(text!(
                    "an octal code whose first digit is 0 or 4 (4: a heap may split without removing)",
                    "un code octal dont le premier chiffre est 0 ou 4 (4 : un tas peut se scinder sans retrait)"
                )))
            }
        };
        if fraction.is_empty() || fraction.len() > MAX_DIGITS || !fraction.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
            return Err(bad(text!(
                "an octal code with 1 to 9 octal digits (0–7) after the point",
                "un code octal de 1 à 9 chiffres octaux (0–7) après le point"
            )));
        }
        let mut digits = vec![d0];
        digits.extend(fraction.bytes().map(|b| b - b'0'));
        while digits.len() > 1 && digits[digits.len() - 1] == 0 {
            digits.pop();
        }
        if digits.iter().all(|&d| d == 0) {
            return Err(bad(text!(
                "an octal code with at least one move",
                "un code octal avec au moins un coup"
            )));
        }
        Ok(OctalCode { digits, unequal: false })
    }

    /// Grundy's game: a move splits one heap into two unequal non-empty heaps.
    pub fn grundy() -> OctalCode {
        OctalCode {
            digits: vec![4],
            unequal: true,
        }
    }

    /// The t of the Guy–Smith theorem, `None` for Grundy's game, which it does
    /// not cover (the split n/2 + n/2 that is refused has no counterpart at n + p).
    pub fn theorem_t(&self) -> Option<usize> {
        (!self.unequal).then(|| self.max_removal())
    }

    /// The smaller part `a` of each way to split `m` tokens into `a + (m − a)`.
    pub fn smaller_parts(&self, m: usize) -> std::ops::RangeInclusive<usize> {
        1..=if self.unequal { m.saturating_sub(1) / 2 } else { m / 2 }
    }

    /// The largest number of tokens a move removes (t in the Guy–Smith theorem).
    pub fn max_removal(&self) -> usize {
        self.digits.len() - 1
    }

    /// Digit d_k of the code (0 beyond its last digit).
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// Whether some move splits a heap in two.
    pub fn splits(&self) -> bool {
        self.digits.iter().any(|&d| d & 4 != 0)
    }
}

impl std::fmt::Display for OctalCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.unequal {
            return f.write_str(GRUNDY);
        }
        write!(f, "{}.", self.digits[0])?;
        for d in &self.digits[1..] {
            write!(f, "{d}")?;
        }
        if self.digits.len() == 1 {
            write!(f, "0")?;
        }
        Ok(())
    }
}

/// A set of small numbers, as bits.
#[derive(Clone, Debug, Default)]
pub(crate) struct Bits(Vec<u64>);

impl Bits {
    pub(crate) fn clear(&mut self) {
        self.0.iter_mut().for_each(|w| *w = 0);
    }

    pub(crate) fn insert(&mut self, v: u16) {
        let (w, b) = (usize::from(v) / 64, v % 64);
        if w >= self.0.len() {
            self.0.resize(w + 1, 0);
        }
        // Most values are in the set already: a load that finds the bit set
        // does not wait, as a read-modify-write of the same word would, for
        // the previous store (the mex loops are this chain).
        self.0[w] |= 1 << b;
    }

    pub(crate) fn contains(&self, v: u16) -> bool {
        self.0.get(usize::from(v) / 64).is_some_and(|w| w >> (v % 64) & 1 == 1)
    }

    /// Adds the values of a set given as words (bit v % 64 of word v / 64).
    pub(crate) fn or_words(&mut self, words: &[u64]) {
        if self.0.len() < words.len() {
            self.0.resize(words.len(), 0);
        }
        for (w, &x) in self.0.iter_mut().zip(words) {
            *w |= x;
        }
    }

    /// The smallest number not in the set.
    pub(crate) fn mex(&self) -> u16 {
        for (i, &w) in self.0.iter().enumerate() {
            if w != u64::MAX {
                return (i * 64) as u16 + w.trailing_ones() as u16;
            }
        }
        (self.0.len() * 64) as u16
    }
}

/// The options of a heap of n that do not split it: their Grundy values.
fn simple_options(code: &OctalCode, n: usize, g: &[u16], seen: &mut Bits) {
    for k in 1..=code.max_removal().min(n) {
        let d = code.digit(k);
        if d & 1 != 0 && n == k {
            seen.insert(0);
        }
        if d & 2 != 0 && n > k {
            seen.insert(g[n - k]);
        }
    }
}

/// The sizes m = n − k of the heaps a split divides (k = 0 for d₀ = 4).
fn split_sizes(code: &OctalCode, n: usize) -> impl Iterator<Item = usize> + '_ {
    (0..=code.max_removal().min(n))
        .filter(move |&k| code.digit(k) & 4 != 0 && n >= k + 2)
        .map(move |k| n - k)
}

/// G(0..=n) by the definition: O(n²) for games that split.
pub fn naive_values(code: &OctalCode, n: usize) -> Vec<u16> {
    let mut g = vec![0u16; n + 1];
    let mut seen = Bits::default();
    let mut top = 0u16;
    for i in 1..=n {
        // While every value is below 64 so is every XOR of two: the options fit one
        // word (the 3-digit octal table, 1,023 codes to 200 heaps, is almost all such).
        g[i] = if top < 64 {
            by_definition_in_a_word(code, i, &g)
        } else {
            by_definition(code, i, &g, &mut seen)
        };
        top = top.max(g[i]);
    }
    g
}

/// [`by_definition`] when G(0..i) are all below 64: the options' values as the bits of one word.
fn by_definition_in_a_word(code: &OctalCode, i: usize, g: &[u16]) -> u16 {
    let mut seen = 0u64;
    for k in 1..=code.max_removal().min(i) {
        let d = code.digit(k);
        if d & 1 != 0 && i == k {
            seen |= 1;
        }
        if d & 2 != 0 && i > k {
            seen |= 1 << g[i - k];
        }
    }
    for m in split_sizes(code, i) {
        let parts = code.smaller_parts(m);
        let (first, last) = (*parts.start(), *parts.end());
        if first > last {
            continue;
        }
        // The pairs (a, m − a): g[first..=last] against g[m − last..=m − first] reversed.
        let (small, large) = (&g[first..=last], &g[m - last..=m - first]);
        for (x, y) in small.iter().zip(large.iter().rev()) {
            seen |= 1 << ((x ^ y) & 63);
        }
    }
    seen.trailing_ones() as u16
}

/// G(i) from G(0..i) by the definition: the mex of every option's value, in O(i).
fn by_definition(code: &OctalCode, i: usize, g: &[u16], seen: &mut Bits) -> u16 {
    seen.clear();
    simple_options(code, i, g, seen);
    for m in split_sizes(code, i) {
        for a in code.smaller_parts(m) {
            seen.insert(g[a] ^ g[m - a]);
        }
    }
    seen.mex()
}

/// The largest value of a range, and the first heap where it occurs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Largest {
    /// The value.
    pub value: u16,
    /// The first heap with that value.
    pub at: usize,
}

impl Largest {
    /// The largest of `g` and its first heap (0 at 0 for no values).
    pub fn of(g: &[u16]) -> Largest {
        let value = g.iter().copied().max().unwrap_or(0);
        Largest {
            value,
            at: g.iter().position(|&v| v == value).unwrap_or(0),
        }
    }
}

/// How the values were computed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Method {
    /// The sparse space: heap n is in the sparse class when the parity of
    /// `G(n) & mask`, plus `n` if `by_position`, is even (odd if `flip`).
    pub mask: u16,
    /// Whether a heap's class also depends on the parity of its size.
    pub by_position: bool,
    /// Whether the sparse class is the odd parity instead.
    pub flip: bool,
    /// Heaps in the sparse class among those computed one by one, heap 0
    /// included as the published tables count them (.45: 11, .376: 510,
    /// Grundy's game to 2²¹: 1,274).
    pub rare_positions: usize,
    /// The last of them.
    pub last_rare: Option<usize>,
    /// Heaps computed one by one; the rest follow from a proven period.
    pub computed: usize,
}

/// Largest heap the fast method computes.
pub const MAX_HEAP: usize = 1 << 25;

/// The sparse-space classes: `class(n) = parity(G(n) & mask) ⊕ (n & 1 if by_position) ⊕ flip`;
/// heaps of class 0 are the sparse (rare) ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Classes {
    mask: u16,
    by_position: bool,
    /// Whether the rare class is the odd one (the pair rule below does not
    /// care; only the domain variant uses it, see `choose_classes`).
    flip: bool,
}

impl Classes {
    fn of(self, n: usize, v: u16) -> bool {
        ((v & self.mask).count_ones() % 2 == 1) ^ (self.by_position && n % 2 == 1) ^ self.flip
    }

    /// Whether value `g` can come from splitting m only with one part in each
    /// class, so that looping over the sparse heaps finds every way.
    fn mixed(self, g: u16, m: usize) -> bool {
        ((g & self.mask).count_ones() % 2 == 1) ^ (self.by_position && m % 2 == 1)
    }
}

/// Heaps per block: the pairs gathered before a block are those whose parts
/// both lie before it, and the classes are chosen again only between blocks.
const BLOCK: usize = 1024;

/// Below this many far pairs per block, gathering them first is not worth a
/// thread.
const PARALLEL_PAIRS: usize = 1 << 16;

/// In dense mode, one block in this many is computed the sparse way again, to
/// see whether that has become cheaper.
const RETRY_SPARSE: usize = 16;

/// The cores the pair gathering shares (the wasm build has one).
fn cores() -> usize {
    #[cfg(not(target_arch = "wasm32"))]
    return rayon::current_num_threads();
    #[cfg(target_arch = "wasm32")]
    1
}

/// Calls `pair(a)` for each sparse heap a (of the sorted `part`) that splits
/// `m` as a + (m − a), skipping m/2 + m/2 in Grundy's game; returns how many.
fn sparse_parts(code: &OctalCode, part: &[u32], m: usize, mut pair: impl FnMut(usize)) -> usize {
    let below = &part[..part.partition_point(|&a| (a as usize) < m)];
    let half = if code.unequal && m % 2 == 0 {
        below.binary_search(&((m / 2) as u32)).ok()
    } else {
        None
    };
    let (left, right) = match half {
        Some(h) => (&below[..h], &below[h + 1..]),
        None => (below, &below[below.len()..]),
    };
    for &a in left.iter().chain(right) {
        pair(a as usize);
    }
    below.len()
}

/// Runs `fill(j, words of heap j)` for every heap of a block, on every core
/// of the native build.
fn for_each_heap(table: &mut [u64], words: usize, fill: impl Fn((usize, &mut [u64])) + Sync + Send) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use rayon::prelude::*;
        table.par_chunks_mut(words).enumerate().for_each(fill);
    }
    #[cfg(target_arch = "wasm32")]
    table.chunks_mut(words).enumerate().for_each(fill);
}

/// G(0..=n) by the sparse-space method (Winning Ways: "sparse space spells
/// speed"; Flammenkamp's range and domain variants), and by the proven period
/// once the Guy–Smith theorem applies.
///
/// Give each heap a class from the parity of its masked value (and, in the domain
/// variant, of its size). For a split of m into a + b, the class of the pair tells
/// the parity of G(a) ⊕ G(b): a candidate value that needs one part of each class
/// is found, or ruled out, by looping over the few heaps of the sparse class; a
/// candidate that needs two parts of the same class is searched among the pairs,
/// a search that usually stops early. Every value is exact whatever the classes:
/// they (chosen on the first values) only decide speed.
///
/// Heaps go by blocks of 1,024, and the pairs whose two parts lie before a
/// block are gathered for all its heaps at once, on every core of the native
/// build (rayon), as words of bits. In the sparse way only the pairs with a
/// *far* sparse part (a ≥ 1,024) are; when the sparse class keeps growing
/// (.04, .06), the searches read nearly every pair anyway, and the block goes
/// the dense way: every pair gathered in parallel, the mex read off the words.
/// The pairs read in each block decide the way of the next.
///
/// `progress` receives the fraction done and the counts `heaps` (computed) and
/// `rare` (the sparse class's size).
///
/// # Errors
/// [`Error::OutOfRange`] beyond [`MAX_HEAP`].
///
/// # Complexity
/// O(n · r) for r heaps in the sparse class, plus the searches that do not stop
/// early (one per heap whose value needs a full search); at worst O(n² / c) on
/// c cores.
pub fn values(code: &OctalCode, n: usize, progress: crate::toolkit::Progress) -> Result<(Vec<u16>, Method), Error> {
    values_from(code, n, Vec::new(), progress, &mut |_| {})
}

/// Which way [`values_by`] computes the heaps after the first 1,024.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    /// Each block the way the previous one showed cheaper ([`values`]).
    Auto,
    /// Always the sparse way (the engine before the dense way existed).
    Sparse,
    /// Always the dense way: every pair gathered, in parallel.
    Dense,
}

/// [`values`] with the way forced, for the tests and benchmarks that compare them.
///
/// # Errors
/// [`Error::OutOfRange`] beyond [`MAX_HEAP`].
pub fn values_by(code: &OctalCode, n: usize, way: Way) -> Result<Vec<u16>, Error> {
    Ok(compute(code, n, Vec::new(), way, &mut |_, _| {}, &mut |_| {})?.0)
}

/// [`values`], resuming from the values `known` (G(0), …: a checkpoint), and
/// handing `checkpoint` the values computed so far at each doubling of the
/// range, every 2²⁰ heaps and at the end, so that a long run can be resumed.
///
/// The last values of `known` are checked by the definition first.
///
/// # Errors
/// [`Error::OutOfRange`] beyond [`MAX_HEAP`] or for `known` longer than n + 1;
/// [`Error::InvalidValue`] (key `checkpoint`) when a checked value is wrong.
pub fn values_from(
    code: &OctalCode,
    n: usize,
    known: Vec<u16>,
    progress: crate::toolkit::Progress,
    checkpoint: &mut dyn FnMut(&[u16]),
) -> Result<(Vec<u16>, Method), Error> {
    compute(code, n, known, Way::Auto, progress, checkpoint)
}

fn compute(
    code: &OctalCode,
    n: usize,
    known: Vec<u16>,
    way: Way,
    progress: crate::toolkit::Progress,
    checkpoint: &mut dyn FnMut(&[u16]),
) -> Result<(Vec<u16>, Method), Error> {
    if n > MAX_HEAP {
        return Err(Error::out_of_range(text!("heap size", "taille de tas"), n, 0, MAX_HEAP));
    }
    if known.len() > n + 1 {
        return Err(Error::out_of_range(
            text!("heaps already computed", "tas déjà calculés"),
            known.len() - 1,
            0,
            n,
        ));
    }
    check_known(code, &known)?;
    let start = n.min(BLOCK);
    let mut g = if known.len() > start + 1 {
        known
    } else {
        naive_values(code, start)
    };
    let mut classes = if code.splits() {
        choose_classes(&g).1
    } else {
        Classes {
            mask: 0,
            by_position: false,
            flip: false,
        }
    };
    let mut sparse: Vec<u32> = (1..g.len())
        .filter(|&a| !classes.of(a, g[a]))
        .map(|a| a as u32)
        .collect();
    let mut done = g.len() - 1;
    g.resize(n + 1, 0);
    let mut next_check = (done + 1).next_power_of_two().max(2048);
    let mut computed = n;
    let mut seen = Bits::default();
    let mut sizes: Vec<usize> = Vec::new();
    let mut scan: Vec<usize> = Vec::new();
    let mut gathered: Vec<u64> = Vec::new();
    let mut top = g.iter().copied().max().unwrap_or(0);
    let (mut dense, mut blocks, mut sparse_cost) = (false, 0usize, 0.0f64);
    'blocks: while done < n {
        let (first, last) = (done + 1, ((done / BLOCK + 1) * BLOCK).min(n));
        blocks += 1;
        let dense_now = code.splits()
            && match way {
                Way::Auto => dense && blocks % RETRY_SPARSE != 0,
                Way::Sparse => false,
                Way::Dense => true,
            };
        // Any XOR of values up to `top` is below its next power of two.
        let words = (usize::from(top) + 1).next_power_of_two().div_ceil(64);
        let near = sparse.partition_point(|&a| (a as usize) < BLOCK);
        let gather = code.splits() && (dense_now || (sparse.len() - near) * (last + 1 - first) >= PARALLEL_PAIRS);
        if gather {
            gathered.clear();
            gathered.resize(words * (last + 1 - first), 0);
            let (known, far) = (&g[..first], &sparse[near..]);
            for_each_heap(&mut gathered, words, |(j, out): (usize, &mut [u64])| {
                let mut add = |a: usize, m: usize| {
                    let v = usize::from(known[a] ^ known[m - a]);
                    out[v / 64] |= 1 << (v % 64);
                };
                for m in split_sizes(code, first + j) {
                    if dense_now {
                        // Every pair whose parts both lie before the block.
                        for a in (m + 1).saturating_sub(first).max(1)..=*code.smaller_parts(m).end() {
                            add(a, m);
                        }
                        continue;
                    }
                    // A sparse heap a ≥ BLOCK: m − a ≤ i − BLOCK < first.
                    sparse_parts(code, far, m, |a| add(a, m));
                }
            });
        }
        // The sparse heaps whose pairs are left for the heap-by-heap pass: the
        // near ones, and those found in this block (indices from `grown` on).
        let (near_end, grown) = if gather {
            (near, sparse.len())
        } else {
            (sparse.len(), sparse.len())
        };
        // Pairs read heap by heap, and what gathering every pair would read.
        let (mut reads, mut all_pairs) = (0usize, 0usize);
        for i in first..=last {
            seen.clear();
            if gather {
                seen.or_words(&gathered[(i - first) * words..(i - first + 1) * words]);
            }
            simple_options(code, i, &g, &mut seen);
            sizes.clear();
            sizes.extend(split_sizes(code, i));
            all_pairs += sizes.iter().map(|&m| m / 2).sum::<usize>();
            let candidate = if dense_now {
                // The pairs with a part in the block: a ≤ m − first < BLOCK.
                for &m in &sizes {
                    for a in code.smaller_parts(m).take_while(|&a| a + first <= m) {
                        seen.insert(g[a] ^ g[m - a]);
                    }
                }
                seen.mex()
            } else {
                for &m in &sizes {
                    for part in [&sparse[..near_end], &sparse[grown..]] {
                        reads += sparse_parts(code, part, m, |a| seen.insert(g[a] ^ g[m - a]));
                    }
                }
                scan.clear();
                scan.resize(sizes.len(), 1);
                let mut candidate = 0u16;
                'candidates: loop {
                    if !seen.contains(candidate) {
                        // Search the splits where this value needs two parts of one class.
                        for (s, &m) in sizes.iter().enumerate() {
                            if classes.mixed(candidate, m) {
                                continue;
                            }
                            // In locals, not through `scan`: this loop is most of the time.
                            let (end, from) = (*code.smaller_parts(m).end(), scan[s]);
                            let mut a = from;
                            let mut found = false;
                            while a <= end {
                                let v = g[a] ^ g[m - a];
                                a += 1;
                                seen.insert(v);
                                if v == candidate {
                                    found = true;
                                    break;
                                }
                            }
                            reads += a - from;
                            scan[s] = a;
                            if found {
                                candidate += 1;
                                continue 'candidates;
                            }
                        }
                        break;
                    }
                    candidate += 1;
                }
                candidate
            };
            g[i] = candidate;
            top = top.max(candidate);
            if !classes.of(i, candidate) {
                sparse.push(i as u32);
            }
        }
        // Gathering every pair on c cores costs about all_pairs / c (a little
        // more: the cores share memory); the sparse way read `reads` pairs
        // alone. One block's searches vary: the ratio is averaged over the
        // last blocks (weights 3/4, 1/4), so that a burst does not switch.
        if !dense_now {
            let ratio = reads as f64 * cores() as f64 / all_pairs.max(1) as f64;
            sparse_cost = if sparse_cost == 0.0 {
                ratio
            } else {
                0.75 * sparse_cost + 0.25 * ratio
            };
            dense = code.splits() && sparse_cost > 1.6;
        }
        done = last;
        // The first values may not show the classes the later ones keep to
        // (.376's settle after thousands of heaps): choose again on all of
        // them, often at first, and switch when that makes the sparse class
        // much smaller.
        if code.splits() && (done == next_check || done < 1 << 16) {
            let (rare, better) = choose_classes(&g[..=done]);
            if better != classes && rare * 4 < sparse.len() * 3 {
                classes = better;
                sparse = (1..=done).filter(|&a| !classes.of(a, g[a])).map(|a| a as u32).collect();
                // New classes: the sparse way is measured again before any dense block.
                (dense, sparse_cost) = (false, 0.0);
            }
        }
        progress(
            done as f64 / n as f64,
            &[("heaps", done as i64), ("rare", sparse.len() as i64)],
        );
        if done % (1 << 20) == 0 || done == next_check || done == n {
            checkpoint(&g[..=done]);
        }
        if done == next_check || done == n {
            next_check *= 2;
            // Once a period is proven, the rest follows from it.
            if let Some(p) = super::period::find_period(&g[..=done], code.theorem_t()).filter(|p| p.proven) {
                for j in done + 1..=n {
                    g[j] = g[j - p.period];
                }
                computed = done;
                break 'blocks;
            }
        }
    }
    progress(1.0, &[("heaps", n as i64), ("rare", sparse.len() as i64)]);
    // The classes the engine used depend on when it chose them (a resumed run
    // chooses on the checkpoint's values): the report gives those of all the
    // values computed, so that equal values give equal statistics.
    let classes = if code.splits() {
        choose_classes(&g[..=computed]).1
    } else {
        classes
    };
    let rare = |a: &usize| classes.mask != 0 && !classes.of(*a, g[*a]);
    let method = Method {
        mask: classes.mask,
        by_position: classes.by_position,
        flip: classes.flip,
        // Heap 0 counts, as in the published tables (Flammenkamp's, tczajka's).
        rare_positions: (0..=computed).filter(rare).count(),
        last_rare: (0..=computed).rev().find(rare),
        computed,
    };
    Ok((g, method))
}

/// Values of a checkpoint checked by the definition: the first 64 and the last 8
/// (O(n) each), so a file of another game or a damaged one is refused.
fn check_known(code: &OctalCode, known: &[u16]) -> Result<(), Error> {
    let n = known.len();
    let mut seen = Bits::default();
    for i in (1..n.min(64)).chain(n.saturating_sub(8).max(64)..n) {
        let value = by_definition(code, i, known, &mut seen);
        if value != known[i] {
            return Err(Error::InvalidValue {
                key: "checkpoint",
                value: Quoted::new(&format!("G({i}) = {}", known[i])),
                expected: text!(
                    "values of the game {code} (by its definition G({i}) = {})",
                    "des valeurs du jeu {code} (par définition G({i}) = {})",
                    value
                ),
            });
        }
    }
    Ok(())
}

/// The classes that put the fewest heaps of `g` in the sparse class, with that
/// number: counted from how often each value occurs at even and odd sizes, so
/// trying every mask costs O(masks × values), not O(masks × heaps).
fn choose_classes(g: &[u16]) -> (usize, Classes) {
    let top = usize::from(g.iter().copied().max().unwrap_or(0)).max(1);
    let limit = (top + 1).next_power_of_two().min(1024);
    // How many heaps of each size parity have each value.
    let mut seen = vec![[0usize; 2]; top + 1];
    for (n, &v) in g.iter().enumerate().skip(1) {
        seen[usize::from(v)][n % 2] += 1;
    }
    let all = g.len().saturating_sub(1);
    let mut best = (
        usize::MAX,
        Classes {
            mask: 1,
            by_position: false,
            flip: false,
        },
    );
    for by_position in [false, true] {
        for mask in 1..limit as u16 {
            // Heaps of class 0 without the flip.
            let even: usize = seen
                .iter()
                .enumerate()
                .map(|(v, c)| {
                    let odd_value = (v as u16 & mask).count_ones() % 2 == 1;
                    (0..2)
                        .filter(|&p| !(odd_value ^ (by_position && p == 1)))
                        .map(|p| c[p])
                        .sum::<usize>()
                })
                .sum();
            // In the range variant the rare class is the even one, as in
            // Winning Ways: were it the odd one, two common parts would make
            // common values, and every mex would need a full search (Grundy's
            // game past 7,250,049, whose only odd heap under mask 256 would
            // otherwise win the count). The domain variant's odd class is
            // Flammenkamp's parity(G(n) & m) = (n − t) & 1 for odd t.
            let flips: &[(bool, usize)] = if by_position {
                &[(false, even), (true, all - even)]
            } else {
                &[(false, even)]
            };
            for &(flip, rare) in flips {
                if rare < best.0 {
                    best = (
                        rare,
                        Classes {
                            mask,
                            by_position,
                            flip,
                        },
                    );
                }
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every table code's values by the word (values below 64) agree with the
    /// general set, also past the heap where a value first reaches 64.
    #[test]
    fn values_in_a_word_are_the_definitions() {
        let mut crossed = 0;
        for code in crate::impartial::table::codes(3) {
            let fast = naive_values(&code, 400);
            let mut g = vec![0u16; 401];
            let mut seen = Bits::default();
            for i in 1..=400 {
                g[i] = by_definition(&code, i, &g, &mut seen);
            }
            assert_eq!(fast, g, "{code}");
            crossed += usize::from(g.iter().any(|&v| v >= 64));
        }
        // Some codes leave the word within 400 heaps (4.x splits grow): both paths run.
        assert!(crossed > 0);
    }
}
