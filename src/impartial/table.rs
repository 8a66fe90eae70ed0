//! A live table of octal games, as Flammenkamp's tables give them: every code
//! 0.d₁…d_D and 4.d₁…d_D (D ≤ 3) with its period, pre-period, proof, largest
//! value and sparse space, and the codes that are the same game grouped with a
//! representative.

use super::octal::{values, Largest, OctalCode};
use super::period::find_period;
use crate::toolkit::sort;
use crate::toolkit::{Error, Progress};
use serde::Serialize;
use std::collections::HashMap;

/// Most digits after the point of the table's codes.
pub const MAX_TABLE_DIGITS: usize = 3;

/// Most heaps a table computes for each code (a thousand codes at a time).
pub const MAX_TABLE_UP_TO: usize = 1 << 16;

/// Every code with 1 to `digits` digits after the point, its last digit not 0,
/// after 0 and 4, and 4.0 (a heap splits in two): those that allow a move, each
/// once, fewer digits first.
///
/// ```
/// use ludolab::impartial::table::codes;
/// assert_eq!(codes(1).len(), 15); // 0.1 … 0.7, 4.0, 4.1 … 4.7
/// assert_eq!(codes(3).len(), 2 * (7 + 56 + 448) + 1);
/// ```
pub fn codes(digits: usize) -> Vec<OctalCode> {
    let mut out = vec![OctalCode::parse("4.0").expect("a code")];
    for len in 1..=digits {
        for d0 in ["0", "4"] {
            for k in 0..8usize.pow(len as u32) {
                let fraction: String = (0..len)
                    .rev()
                    .map(|i| char::from(b'0' + (k / 8usize.pow(i as u32) % 8) as u8))
                    .collect();
                if !fraction.ends_with('0') {
                    out.push(OctalCode::parse(&format!("{d0}.{fraction}")).expect("a code"));
                }
            }
        }
    }
    sort::sort_by_key(&mut out, |c| (c.max_removal(), c.to_string()));
    out
}

/// Whether a row's period is proven, not found, or its values only 0 and 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// A period proven by the Guy–Smith theorem, with a value above 1.
    Solved,
    /// No period proven within the range.
    Unsolved,
    /// Proven, and every value 0 or 1: the game is a matter of parity.
    Trivial,
}

impl Status {
    /// The status of values whose period is `proven` or not, and whose
    /// largest value is `top`.
    pub fn of(proven: bool, top: u16) -> Status {
        match (proven, top <= 1) {
            (false, _) => Status::Unsolved,
            (true, true) => Status::Trivial,
            (true, false) => Status::Solved,
        }
    }
}

/// One code of the table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    /// The code.
    pub code: String,
    /// The group's representative when this code is the same game as an
    /// earlier one (equal values, or values shifted by one), else `None`.
    pub same_as: Option<String>,
    /// How the values follow the representative's: G(n) = G_rep(n − shift)
    /// for every heap both know (1: one heap later, as when a single token
    /// cannot be taken; −1: one heap earlier; 0: equal).
    pub shift: i8,
    /// The period, if one was found.
    pub period: Option<usize>,
    /// Its pre-period.
    pub preperiod: Option<usize>,
    /// Whether the period is proven.
    pub proven: bool,
    /// The largest value and where it first occurs.
    pub largest: Largest,
    /// Heaps in the sparse class (codes that split), among those computed.
    pub rare: Option<usize>,
    /// Solved, unsolved or trivial.
    pub status: Status,
}

/// The table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableReport {
    /// `"table"`.
    pub mode: &'static str,
    /// Digits after the point.
    pub digits: usize,
    /// Heaps computed for each code.
    pub up_to: usize,
    /// One row per code, fewer digits first.
    pub rows: Vec<Row>,
    /// Distinct games (rows that are their own representative).
    pub games: usize,
}

/// Most heaps by which a code's values may follow its representative's.
pub const MAX_SHIFT: usize = 3;

fn hash(values: &[u16]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    values.hash(&mut h);
    h.finish()
}

/// Whether G(n) = G_rep(n − shift) for every n where both are known.
pub fn follows(g: &[u16], rep: &[u16], shift: i8) -> bool {
    let s = usize::from(shift.unsigned_abs());
    let n = g.len().min(rep.len());
    if shift >= 0 {
        g[s..n] == rep[..n - s]
    } else {
        g[..n - s] == rep[s..n]
    }
}

/// Computes the table of every code with up to `digits` digits, to `up_to` heaps.
///
/// Two codes are grouped when their values agree on every heap computed, or
/// when one's are the other's shifted by up to [`MAX_SHIFT`] heaps (G(n) =
/// G_rep(n − shift) wherever both are known: Dawson's Kayles 0.07 is the path
/// game 0.137 one heap later, since a single token cannot be taken), as the
/// published lookup tables group equivalent codes; the representative is the
/// first such code in the table's order.
///
/// # Errors
/// [`Error::OutOfRange`] for more than [`MAX_TABLE_DIGITS`] digits or more than
/// [`MAX_TABLE_UP_TO`] heaps.
///
/// # Complexity
/// One octal computation per code (2 × 8^D of them), plus a hash of each
/// value sequence for the grouping: O(codes × N) beyond the engine.
pub fn table(digits: usize, up_to: usize, progress: Progress) -> Result<TableReport, Error> {
    if !(1..=MAX_TABLE_DIGITS).contains(&digits) {
        return Err(Error::out_of_range(
            text!("digits of the table's codes", "chiffres des codes de la table"),
            digits,
            1,
            MAX_TABLE_DIGITS,
        ));
    }
    if up_to > MAX_TABLE_UP_TO {
        return Err(Error::out_of_range(
            text!("heaps per code of the table", "tas par code de la table"),
            up_to,
            1,
            MAX_TABLE_UP_TO,
        ));
    }
    let all = codes(digits);
    let mut rows = Vec::with_capacity(all.len());
    // Shifts of a few heaps only make sense over many more heaps.
    let most = if up_to >= 8 * MAX_SHIFT { MAX_SHIFT } else { 0 };
    let window = up_to + 1 - most;
    // Each representative's values, and the hashes of their windows
    // g[k..k + window] (k ≤ most) → (representative, k).
    let mut reps: Vec<(String, Vec<u16>)> = Vec::new();
    let mut windows: HashMap<u64, Vec<(usize, usize)>> = HashMap::new();
    for (k, code) in all.iter().enumerate() {
        let (g, method) = values(code, up_to, &mut |_, _| {})?;
        let p = find_period(&g, code.theorem_t());
        let largest = Largest::of(&g);
        let proven = p.as_ref().is_some_and(|p| p.proven);
        // G(n + kb) = G_rep(n + kr) on a window: G(n) = G_rep(n − (kb − kr)),
        // confirmed on every heap both know; the first representative wins.
        let mut found: Option<(usize, i8)> = None;
        for kb in 0..=most {
            for &(r, kr) in windows.get(&hash(&g[kb..kb + window])).into_iter().flatten() {
                let shift = kb as i8 - kr as i8;
                if follows(&g, &reps[r].1, shift) && found.is_none_or(|(fr, fs)| (r, shift.abs()) < (fr, fs.abs())) {
                    found = Some((r, shift));
                }
            }
        }
        let (same_as, shift) = if let Some((r, shift)) = found {
            (Some(reps[r].0.clone()), shift)
        } else {
            for kr in 0..=most {
                windows
                    .entry(hash(&g[kr..kr + window]))
                    .or_default()
                    .push((reps.len(), kr));
            }
            reps.push((code.to_string(), g.clone()));
            (None, 0)
        };
        rows.push(Row {
            code: code.to_string(),
            same_as,
            shift,
            period: p.as_ref().map(|p| p.period),
            preperiod: p.as_ref().map(|p| p.preperiod),
            proven,
            largest,
            rare: (method.mask != 0).then_some(method.rare_positions),
            status: Status::of(proven, largest.value),
        });
        progress((k + 1) as f64 / all.len() as f64, &[("codes", (k + 1) as i64)]);
    }
    let games = rows.iter().filter(|r| r.same_as.is_none()).count();
    Ok(TableReport {
        mode: "table",
        digits,
        up_to,
        rows,
        games,
    })
}
