//! "Surprises": where P goes against intuition (seed 000, end of §5). p_ij is
//! generally increasing in the mover's square i and decreasing in the opponent's
//! square j; the seed's example is `p[74][91]` = 0.494 against `p[81][91]` = 0.251.

use crate::toolkit::{sort, Matrix};
use serde::Serialize;

/// Smallest change reported.
pub const THRESHOLD: f64 = 0.05;

/// A pair of squares where P moves the "wrong" way by more than [`THRESHOLD`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Surprise {
    /// `"mover"`: `p[from][fixed] > p[to][fixed]` although from < to (the mover is
    /// further but wins less often); `"opponent"`: `p[fixed][to] > p[fixed][from]`
    /// although from < to (the opponent is further but the mover wins more often).
    pub kind: &'static str,
    /// The square held fixed.
    pub fixed: usize,
    /// The square before.
    pub from: usize,
    /// The square after (further on).
    pub to: usize,
    /// P at `from` and at `to`.
    pub before: f64,
    /// p after.
    pub after: f64,
}

impl Surprise {
    /// How far p goes against intuition.
    pub fn size(&self) -> f64 {
        (self.before - self.after).abs()
    }
}

/// For each column (opponent's square), the largest drop of p as the mover's
/// square increases, and for each row the largest rise as the opponent's square
/// increases; those above [`THRESHOLD`], largest first. Only `squares` are
/// compared (on a board, the squares a token can rest on).
///
/// # Complexity
/// O(n²): one scan per row and per column keeping the best value so far.
pub fn surprises(p: &Matrix, squares: &[usize]) -> Vec<Surprise> {
    let mut found = Vec::new();
    for &j in squares {
        // Largest p[i][j] − p[i'][j] with i < i'.
        let best = largest_drop(squares.iter().map(|&i| (i, p.get(i, j))));
        if let Some((from, to, before, after)) = best {
            found.push(Surprise {
                kind: "mover",
                fixed: j,
                from,
                to,
                before,
                after,
            });
        }
    }
    for &i in squares {
        // Largest p[i][j'] − p[i][j] with j < j': a drop of −p.
        let best = largest_drop(squares.iter().map(|&j| (j, -p.get(i, j))));
        if let Some((from, to, before, after)) = best {
            found.push(Surprise {
                kind: "opponent",
                fixed: i,
                from,
                to,
                before: -before,
                after: -after,
            });
        }
    }
    found.retain(|s| s.size() > THRESHOLD);
    sort::sort_by(&mut found, |a, b| {
        b.size()
            .total_cmp(&a.size())
            .then((a.kind, a.fixed).cmp(&(b.kind, b.fixed)))
    });
    found
}

/// The pair `(a, b)` with a before b maximising `value(a) − value(b)`, if positive
/// (NaN values skipped).
fn largest_drop(values: impl Iterator<Item = (usize, f64)>) -> Option<(usize, usize, f64, f64)> {
    let mut best_so_far: Option<(usize, f64)> = None;
    let mut best: Option<(usize, usize, f64, f64)> = None;
    for (k, v) in values.filter(|(_, v)| v.is_finite()) {
        if let Some((a, va)) = best_so_far {
            if va - v > best.map_or(0.0, |(_, _, x, y)| x - y) {
                best = Some((a, k, va, v));
            }
        }
        if best_so_far.is_none_or(|(_, va)| v > va) {
            best_so_far = Some((k, v));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_largest_drop_per_column_and_rise_per_row() {
        let p = Matrix::from_rows(&[vec![0.5, 0.6, 0.2], vec![0.9, 0.1, 0.3], vec![0.3, 0.2, 0.4]]);
        let found = surprises(&p, &[0, 1, 2]);
        // Column 0: 0.9 (row 1) → 0.3 (row 2); row 1: 0.1 (col 1) → 0.3 (col 2) is a rise of 0.2…
        assert_eq!(
            found[0],
            Surprise {
                kind: "mover",
                fixed: 0,
                from: 1,
                to: 2,
                before: 0.9,
                after: 0.3
            }
        );
        assert!(found
            .iter()
            .any(|s| s.kind == "opponent" && s.fixed == 1 && (s.from, s.to) == (1, 2)));
        assert!(found.windows(2).all(|w| w[0].size() >= w[1].size()));
        assert!(surprises(&p, &[2]).is_empty());
    }
}
