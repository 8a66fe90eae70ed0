//! Periodicity of a Grundy sequence (SPEC §4): the smallest period p, the
//! pre-period n₀ (the smallest n from which G(n + p) = G(n) holds), the
//! exceptions (the n < n₀ whose value differs from the periodic value of their
//! residue), and a proof by the Guy–Smith theorem: for an octal game whose moves
//! remove at most t tokens, G(n + p) = G(n) for all n₀ ≤ n < 2n₀ + p + t implies
//! it for every n ≥ n₀. Without a theorem (Grundy's game) a period is only
//! ever observed, never proven.

use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
/// The period found in a sequence of values, with its proof.
pub struct Periodicity {
    /// The period p.
    pub period: usize,
    /// The pre-period n₀: G(n + p) = G(n) for every n ≥ n₀.
    pub preperiod: usize,
    /// The n < n₀ with G(n) ≠ G(n + kp) for n + kp ≥ n₀.
    pub exceptions: Vec<usize>,
    /// Whether the computed values cover the Guy–Smith range.
    pub proven: bool,
    /// The theorem's t (largest number of tokens a move removes); `None` when
    /// no theorem applies (Grundy's game).
    pub t: Option<usize>,
    /// The theorem needs G(n + p) = G(n) for n₀ ≤ n < `needed_up_to` (so values up
    /// to `needed_up_to + p − 1`); the values checked go up to `checked_up_to`.
    pub needed_up_to: usize,
    /// The largest n whose value was computed.
    pub checked_up_to: usize,
}

/// The smallest period proven by the values `g` (G(0..g.len())); if none is,
/// the smallest that holds over at least two periods at the end of the range
/// (`proven: false`); `None` when nothing repeats. `t` is the Guy–Smith
/// theorem's, `None` for a game it does not cover.
///
/// # Complexity
/// O(N) per candidate period that holds for a long stretch; candidates that fail
/// near the end cost O(1), so typically O(N + p_max).
///
/// ```
/// use ludolab::impartial::{naive_values, find_period, OctalCode};
/// let kayles = naive_values(&OctalCode::parse("0.77").unwrap(), 200);
/// let p = find_period(&kayles, Some(2)).unwrap();
/// assert_eq!((p.period, p.preperiod, p.proven), (12, 71, true));
/// ```
pub fn find_period(g: &[u16], t: Option<usize>) -> Option<Periodicity> {
    let last = g.len().checked_sub(1)?;
    let mut fallback = None;
    // Periods that hold over a long stretch: a multiple of one holds from its n₀
    // at least, so its walk starts there (else a short period after a long
    // pre-period, as .376's 4 after 2,268,248, would cost O(N) per multiple).
    let mut long: Vec<(usize, usize)> = Vec::new();
    for p in 1..=last / 2 {
        // n₀(p): walk back from the end while G(n + p) = G(n).
        let mut n0 = last + 1 - p;
        if let Some(&(_, from)) = long.iter().find(|&&(q, _)| p % q == 0) {
            n0 = n0.min(from);
        }
        while n0 > 0 && g[n0 - 1 + p] == g[n0 - 1] {
            n0 -= 1;
        }
        if last + 1 - p - n0 >= 2 * p && long.len() < 8 {
            long.push((p, n0));
        }
        if t.is_some_and(|t| 2 * n0 + p + t + p - 1 <= last) {
            return Some(describe(g, p, n0, t, true));
        }
        if fallback.is_none() && last + 1 >= n0 + 2 * p && n0 + 3 * p <= last + 1 {
            fallback = Some(describe(g, p, n0, t, false));
        }
    }
    fallback
}

fn describe(g: &[u16], p: usize, n0: usize, t: Option<usize>, proven: bool) -> Periodicity {
    let periodic = |n: usize| g[n0 + (n + p * (n0 / p + 1) - n0) % p];
    Periodicity {
        period: p,
        preperiod: n0,
        exceptions: (0..n0).filter(|&n| g[n] != periodic(n)).collect(),
        proven,
        t,
        needed_up_to: 2 * n0 + p + t.unwrap_or(0),
        checked_up_to: g.len() - 1,
    }
}
