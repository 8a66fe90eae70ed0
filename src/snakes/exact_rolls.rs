//! One player's expected number of rolls to finish, as an exact fraction, on
//! boards of up to 2,500 squares.
//!
//! With `A` the characteristic matrix (moves between squares off the goal),
//! the expected rolls `x` solve `(I − A) x = 1`. Dense elimination over the
//! rationals is hopeless at this size, but a board moves mostly forward: a
//! roll goes a few squares ahead, a ladder further ahead, and only snakes (and
//! the bounce rule) go back. So the squares are taken from the goal down. Each
//! square's `x` is kept as an affine expression in the `x` of the squares
//! below it that something above jumps back to (the *open* squares); when the
//! sweep reaches an open square, its expression is solved for itself and
//! substituted into the few expressions still needed (those a square below
//! will still read). The work grows with the squares times the expressions
//! kept times the open squares, not with n³.

use super::ExactMatrix;
use crate::toolkit::number::{add, mul, Rational};
use crate::toolkit::{Error, Progress};
use num_traits::{One, Zero};
use std::collections::{BTreeMap, HashMap};

/// Most open squares (squares some later square jumps back to, pending) the
/// exact sweep carries at once: past this the fractions' sizes make it too slow.
pub const MAX_OPEN: usize = 400;

/// `constant + Σ coefficient · x[square]` over open squares.
#[derive(Clone, Debug, Default)]
struct Affine {
    constant: Rational,
    terms: BTreeMap<usize, Rational>,
}

impl Affine {
    /// `self += k · other`.
    fn add_scaled(&mut self, k: &Rational, other: &Affine) {
        self.constant = add(&self.constant, &mul(k, &other.constant));
        for (&s, c) in &other.terms {
            let slot = self.terms.entry(s).or_insert_with(Rational::zero);
            *slot = add(slot, &mul(k, c));
            if slot.is_zero() {
                self.terms.remove(&s);
            }
        }
    }

    /// `self += k · x[s]`.
    fn add_term(&mut self, k: &Rational, s: usize) {
        let slot = self.terms.entry(s).or_insert_with(Rational::zero);
        *slot = add(slot, k);
        if slot.is_zero() {
            self.terms.remove(&s);
        }
    }

    fn scale(&mut self, k: &Rational) {
        self.constant = mul(&self.constant, k);
        for c in self.terms.values_mut() {
            *c = mul(c, k);
        }
    }
}

/// The expected number of rolls one player takes from `start` to the goal,
/// exactly; `None` when from `start` the game may never end (a square
/// reachable from it cannot reach the goal).
///
/// # Errors
/// [`Error::TooLarge`] when more than [`MAX_OPEN`] squares are open at once
/// (a board with hundreds of overlapping snakes); [`Error::Singular`] cannot
/// happen on a board whose reachable squares all reach the goal, but is
/// reported rather than assumed.
///
/// # Complexity
/// O(n · k · m) rational operations for n squares, at most k expressions kept
/// and m squares open at once (a few dozen on real boards), on numbers whose
/// size grows about linearly with n.
///
/// ```
/// use ludolab::snakes::{exact_rolls::expected_rolls, Preset};
/// let a = Preset::Example2.model().exact_matrix();
/// let e = expected_rolls(&a, 0, &mut |_, _| {}).unwrap().unwrap();
/// assert_eq!(e.to_string(), "24/11");
/// ```
pub fn expected_rolls(a: &ExactMatrix, start: usize, progress: Progress) -> Result<Option<Rational>, Error> {
    let n = a.size();
    if start >= n {
        return Ok(Some(Rational::zero()));
    }
    // The squares reachable from the start, and those that reach the goal.
    let mut reachable = vec![false; n];
    let mut stack = vec![start];
    reachable[start] = true;
    while let Some(i) = stack.pop() {
        for &(j, _) in a.row(i) {
            if !reachable[j] {
                reachable[j] = true;
                stack.push(j);
            }
        }
    }
    let mut pred: Vec<Vec<usize>> = vec![Vec::new(); n];
    for i in (0..n).filter(|&i| reachable[i]) {
        for &(j, _) in a.row(i) {
            pred[j].push(i);
        }
    }
    let mut live = vec![false; n];
    let mut stack: Vec<usize> = (0..n).filter(|&i| reachable[i] && !a.goal()[i].is_zero()).collect();
    for &i in &stack {
        live[i] = true;
    }
    while let Some(j) = stack.pop() {
        for &i in &pred[j] {
            if !live[i] {
                live[i] = true;
                stack.push(i);
            }
        }
    }
    if (0..n).any(|i| reachable[i] && !live[i]) {
        return Ok(None);
    }
    // An expression is read by the squares below it that move to it; it can
    // be dropped after the lowest of them. A square is open when one above
    // moves to it.
    let lowest_reader: Vec<Option<usize>> = (0..n)
        .map(|j| pred[j].iter().copied().filter(|&i| i < j).min())
        .collect();
    let open: Vec<bool> = (0..n).map(|j| pred[j].iter().any(|&i| i > j)).collect();
    let mut kept: HashMap<usize, Affine> = HashMap::new();
    let squares: Vec<usize> = (0..n).rev().filter(|&i| reachable[i]).collect();
    let total = squares.len();
    for (done, &i) in squares.iter().enumerate() {
        // x_i = 1 + Σ_j A_ij x_j, with x_i itself on the right (a roll that stays, or a loop back).
        let mut x = Affine {
            constant: Rational::one(),
            terms: BTreeMap::new(),
        };
        for (j, p) in a.row(i) {
            if *j > i {
                let e = kept.get(j).expect("squares above are solved first and kept while read");
                x.add_scaled(p, e);
            } else {
                x.add_term(p, *j);
            }
        }
        let itself = x.terms.remove(&i).unwrap_or_else(Rational::zero);
        let rest = Rational::one() - itself;
        if rest.is_zero() {
            return Err(Error::Singular {
                what: text!(
                    "one player's expected rolls",
                    "le nombre moyen de lancers d’un joueur seul"
                ),
            });
        }
        x.scale(&(Rational::one() / rest));
        if open[i] {
            // Every kept expression that waited for x_i gets it now.
            for e in kept.values_mut() {
                if let Some(c) = e.terms.remove(&i) {
                    e.add_scaled(&c, &x);
                }
            }
        }
        let open_now = x
            .terms
            .len()
            .max(kept.values().map(|e| e.terms.len()).max().unwrap_or(0));
        if open_now > MAX_OPEN {
            return Err(Error::too_large(
                text!(
                    "exact expected rolls carry at most {MAX_OPEN} squares open at once (this board needs {open_now}): \
                     the decimal value is shown",
                    "le nombre moyen exact de lancers garde au plus {MAX_OPEN} cases ouvertes à la fois \
                     (ce plateau en demande {open_now}) : la valeur décimale est affichée"
                ),
                Some(open_now as u64),
                MAX_OPEN as u64,
            ));
        }
        kept.insert(i, x);
        // Expressions no square below will read again.
        for &(j, _) in a.row(i) {
            if j > i && lowest_reader[j] == Some(i) && j != start {
                kept.remove(&j);
            }
        }
        if done % 64 == 0 {
            progress(done as f64 / total as f64, &[]);
        }
    }
    // Every square below the start that it could jump back to is solved now.
    let x = kept.remove(&start).expect("the start is kept to the end");
    debug_assert!(x.terms.is_empty());
    Ok(Some(x.constant))
}

/// The work of [`expected_rolls`] on `a`, in units of one rational operation
/// on numbers of one digit per square: Σ over squares of (squares open there)²
/// times the squares above, for the cost estimate. Linear time.
pub fn work(a: &ExactMatrix) -> f64 {
    let n = a.size();
    // open[i]: how many squares below i something at or above i moves back to.
    let mut delta = vec![0i64; n + 1];
    // Square j is open from the highest square that moves back to it, down to j.
    let mut highest_source: Vec<Option<usize>> = vec![None; n];
    for i in 0..n {
        for &(j, _) in a.row(i) {
            if j < i {
                highest_source[j] = Some(highest_source[j].map_or(i, |h| h.max(i)));
            }
        }
    }
    for (j, top) in highest_source.iter().enumerate() {
        if let Some(top) = top {
            delta[j] += 1;
            delta[top + 1] -= 1;
        }
    }
    let mut open = 0i64;
    let mut total = 0.0;
    for (i, d) in delta.iter().take(n).enumerate() {
        open += d;
        let m = (open + 1) as f64;
        total += m * m * (n - i) as f64;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snakes::{exact_characteristic_matrix, Board, Die, FinishRule, Jump, Preset};
    use crate::toolkit::number::to_f64;

    /// `(I − A)x = 1` by dense Gaussian elimination over the rationals: the reference.
    fn dense(a: &ExactMatrix) -> Vec<Rational> {
        let n = a.size();
        let mut m: Vec<Vec<Rational>> = (0..n)
            .map(|i| {
                let mut row = vec![Rational::zero(); n + 1];
                row[i] = Rational::one();
                for (j, p) in a.row(i) {
                    row[*j] -= p;
                }
                row[n] = Rational::one();
                row
            })
            .collect();
        for c in 0..n {
            let p = (c..n).find(|&r| !m[r][c].is_zero()).expect("regular");
            m.swap(c, p);
            let inv = Rational::one() / m[c][c].clone();
            for x in &mut m[c] {
                *x *= &inv;
            }
            let pivot = m[c].clone();
            for (r, row) in m.iter_mut().enumerate() {
                if r != c && !row[c].is_zero() {
                    let f = row[c].clone();
                    for (x, p) in row.iter_mut().zip(&pivot).skip(c) {
                        *x -= &f * p;
                    }
                }
            }
        }
        m.into_iter().map(|row| row[n].clone()).collect()
    }

    #[test]
    fn agrees_with_dense_elimination_on_every_rule_and_snakes_that_overlap() {
        for rule in FinishRule::ALL {
            let jumps = vec![
                Jump { from: 3, to: 17 },
                Jump { from: 14, to: 2 },
                Jump { from: 19, to: 5 },
                Jump { from: 22, to: 1 },
                Jump { from: 9, to: 12 },
            ];
            let board = Board::new(25, jumps, Die::fair(6).unwrap(), rule).unwrap();
            let a = exact_characteristic_matrix(&board);
            let reference = dense(&a);
            for start in [0, 4, 13, 20] {
                let e = expected_rolls(&a, start, &mut |_, _| {}).unwrap().unwrap();
                assert_eq!(e, reference[start], "{rule:?} from {start}");
            }
        }
    }

    #[test]
    fn milton_bradley_is_althoen_king_and_schilling() {
        // AKS 1993: about 39.2251 rolls with the exact finish.
        let a = Preset::MiltonBradley.model().exact_matrix();
        let e = expected_rolls(&a, 0, &mut |_, _| {}).unwrap().unwrap();
        assert!((to_f64(&e) - 39.2251).abs() < 5e-5, "{}", to_f64(&e));
        let f = super::super::termination::expected_rolls(&a.to_f64(), &[0]).unwrap();
        assert!((to_f64(&e) - f).abs() < 1e-9);
    }

    #[test]
    fn a_start_that_may_never_finish_has_no_expectation() {
        // Square 1 with a die of 2 and the exact rule from 2 of 3 squares… a
        // snake 2 → 0 under a die of 2 faces {2}: from 0 one lands on 2, back to 0.
        let board = Board::new(
            4,
            vec![Jump { from: 2, to: 0 }],
            Die::from_faces(&[2]).unwrap(),
            FinishRule::Exact,
        )
        .unwrap();
        let a = exact_characteristic_matrix(&board);
        assert_eq!(expected_rolls(&a, 0, &mut |_, _| {}).unwrap(), None);
    }
}
