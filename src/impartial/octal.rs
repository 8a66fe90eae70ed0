//! Octal games (SPEC §4): a code `d₀.d₁d₂…` where digit `d_k` (k ≥ 1) lets a
//! move remove k tokens from a heap leaving no heap (bit 1), one heap (bit 2)
//! or two non-empty heaps (bit 4); `d₀ = 4` lets a move split a heap without
//! removing anything. Kayles is 0.77, Dawson's chess (node-Kayles on a path) 0.137.

use crate::toolkit::Quoted;
use crate::toolkit::{Error, Text};
use serde::Serialize;

/// Most digits after the point.
pub const MAX_DIGITS: usize = 9;

/// An octal code.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct OctalCode {
    /// `digits[k]` = d_k; `digits[0]` is 0 or 4.
    digits: Vec<u8>,
}

impl OctalCode {
    /// Parses `0.77`, `.137`, `4.07`.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] (key `code`) for anything else, a code without
    /// moves, a first digit other than 0 or 4, or more than 9 digits after the point.
    ///
    /// ```
    /// use ludolab::impartial::OctalCode;
    /// assert_eq!(OctalCode::parse(".77").unwrap().to_string(), "0.77");
    /// assert!(OctalCode::parse("0.8").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<OctalCode, Error> {
        let bad = |expected: Text| Error::InvalidValue {
            key: "code",
            value: Quoted::new(text),
            expected,
        };
        let t = text.trim();
        let (whole, fraction) = t.split_once('.').ok_or_else(|| {
            bad(text!(
                "an octal code such as 0.77 or 4.07",
                "un code octal comme 0.77 ou 4.07"
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
        Ok(OctalCode { digits })
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
        self.0[w] |= 1 << b;
    }

    pub(crate) fn contains(&self, v: u16) -> bool {
        self.0.get(usize::from(v) / 64).is_some_and(|w| w >> (v % 64) & 1 == 1)
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
    for i in 1..=n {
        seen.clear();
        simple_options(code, i, &g, &mut seen);
        for m in split_sizes(code, i) {
            for a in 1..=m / 2 {
                seen.insert(g[a] ^ g[m - a]);
            }
        }
        g[i] = seen.mex();
    }
    g
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
    /// Heaps in the sparse class among those computed one by one.
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
    /// Whether the rare class is the odd one (the pair rule below does not care).
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
/// # Errors
/// [`Error::OutOfRange`] beyond [`MAX_HEAP`].
///
/// # Complexity
/// O(n · r) for r heaps in the sparse class, plus the searches that do not stop
/// early (one per heap whose value needs a full search).
pub fn values(code: &OctalCode, n: usize, progress: crate::toolkit::Progress) -> Result<(Vec<u16>, Method), Error> {
    if n > MAX_HEAP {
        return Err(Error::out_of_range(text!("heap size", "taille de tas"), n, 0, MAX_HEAP));
    }
    let start = n.min(1024);
    let mut g = naive_values(code, start);
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
    g.resize(n + 1, 0);
    let mut seen = Bits::default();
    let mut next_check = 2048;
    let mut computed = n;
    let mut sizes: Vec<usize> = Vec::new();
    let mut scan: Vec<usize> = Vec::new();
    for i in start + 1..=n {
        seen.clear();
        simple_options(code, i, &g, &mut seen);
        sizes.clear();
        sizes.extend(split_sizes(code, i));
        // Every pair with a part in the sparse class.
        for &m in &sizes {
            for &a in &sparse {
                let a = a as usize;
                if a >= m {
                    break;
                }
                seen.insert(g[a] ^ g[m - a]);
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
                    while scan[s] <= m / 2 {
                        let a = scan[s];
                        scan[s] += 1;
                        let v = g[a] ^ g[m - a];
                        seen.insert(v);
                        if v == candidate {
                            candidate += 1;
                            continue 'candidates;
                        }
                    }
                }
                break;
            }
            candidate += 1;
        }
        g[i] = candidate;
        if !classes.of(i, candidate) {
            sparse.push(i as u32);
        }
        // The first values may not show the classes the later ones keep to
        // (.376's settle after thousands of heaps): choose again on all of
        // them, often at first, and switch when that makes the sparse class
        // much smaller.
        if code.splits() && (i == next_check || (i < 1 << 16 && i % 1024 == 0)) {
            let (rare, better) = choose_classes(&g[..=i]);
            if better != classes && rare * 4 < sparse.len() * 3 {
                classes = better;
                sparse = (1..=i).filter(|&a| !classes.of(a, g[a])).map(|a| a as u32).collect();
            }
        }
        if i == next_check || i == n {
            next_check *= 2;
            progress(i as f64 / n as f64);
            // Once a period is proven, the rest follows from it.
            if let Some(p) = super::period::find_period(&g[..=i], code.max_removal()).filter(|p| p.proven) {
                for j in i + 1..=n {
                    g[j] = g[j - p.period];
                }
                computed = i;
                break;
            }
        }
    }
    progress(1.0);
    Ok((
        g,
        Method {
            mask: classes.mask,
            by_position: classes.by_position,
            flip: classes.flip,
            rare_positions: sparse.len(),
            last_rare: sparse.last().map(|&a| a as usize),
            computed,
        },
    ))
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
            for (flip, rare) in [(false, even), (true, all - even)] {
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
