//! Termination analysis: does A^k → 0, which squares trap the token, and from
//! which squares does a game surely end?

use super::CharacteristicMatrix;
use crate::toolkit::linalg::sparse_solve;
use crate::toolkit::{Error, Text};
use serde::Serialize;

/// How games on a board end.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Termination {
    /// Squares from which the goal cannot be reached: a token there never finishes.
    pub trapped: Vec<usize>,
    /// Squares from which the goal can be reached, but so can a trapped square:
    /// a token there finishes with probability strictly between 0 and 1.
    pub unsure: Vec<usize>,
    /// For each square, the probability that one player starting there ever finishes.
    pub finish_probability: Vec<f64>,
}

impl Termination {
    /// Whether A^k → 0 (spectral radius below 1): no square traps the token.
    pub fn terminates(&self) -> bool {
        self.trapped.is_empty()
    }

    /// The squares from which a token finishes with probability 1, increasing.
    /// They form a closed sub-board: a move from one never leads elsewhere.
    pub fn sure(&self) -> Vec<usize> {
        let n = self.finish_probability.len();
        let mut sure = vec![true; n];
        for &i in self.trapped.iter().chain(&self.unsure) {
            sure[i] = false;
        }
        (0..n).filter(|&i| sure[i]).collect()
    }

    /// Whether a game with players on these squares ends with probability 1.
    pub fn ends_surely(&self, squares: &[usize]) -> bool {
        squares
            .iter()
            .all(|s| !self.trapped.contains(s) && !self.unsure.contains(s))
    }

    /// Probability that a game with players on `squares` never ends: no player ever finishes.
    pub fn never_ends(&self, squares: &[usize]) -> f64 {
        squares.iter().map(|&s| 1.0 - self.finish_probability[s]).product()
    }
}

/// Classifies the squares of A and computes each square's finish probability.
///
/// The finish probabilities `h` solve `(I − A_N) h = g_N` on the squares `N`
/// from which the goal is reachable (A_N has spectral radius below 1 there);
/// trapped squares have `h = 0` and sure squares `h = 1` exactly.
///
/// # Errors
/// [`Error::Singular`] if that system cannot be solved (it is regular in exact arithmetic).
///
/// # Complexity
/// Two graph searches, O(n + nnz(A)), and, only when some square is trapped, one
/// sparse LU of size n.
///
/// ```
/// use ludolab::snakes::{analyse, CharacteristicMatrix};
/// // Square 1 loops on itself forever; from 0, half the mass goes there.
/// let a = CharacteristicMatrix::from_dense(&[vec![0.0, 0.5], vec![0.0, 1.0]]).unwrap();
/// let t = analyse(&a).unwrap();
/// assert_eq!((t.trapped.clone(), t.unsure.clone()), (vec![1], vec![0]));
/// assert_eq!(t.finish_probability, vec![0.5, 0.0]);
/// ```
pub fn analyse(a: &CharacteristicMatrix) -> Result<Termination, Error> {
    let n = a.size();
    let pred = predecessors(a);
    // Squares that reach the goal: backwards from those with a direct move to it.
    let reaches_goal = backwards(&pred, (0..n).filter(|&i| a.goal()[i] > 0.0));
    let trapped: Vec<usize> = (0..n).filter(|&i| !reaches_goal[i]).collect();
    // Squares that reach a trapped square (trapped ones included).
    let reaches_trap = backwards(&pred, trapped.iter().copied());
    let unsure: Vec<usize> = (0..n).filter(|&i| reaches_goal[i] && reaches_trap[i]).collect();

    let mut finish_probability: Vec<f64> = (0..n).map(|i| if reaches_goal[i] { 1.0 } else { 0.0 }).collect();
    if !unsure.is_empty() {
        let live: Vec<usize> = (0..n).filter(|&i| reaches_goal[i]).collect();
        let a_live = a.restrict(&live);
        let mut entries = Vec::new();
        for k in 0..live.len() {
            entries.push((k, k, 1.0));
            entries.extend(a_live.row(k).map(|(l, p)| (k, l, -p)));
        }
        let h = sparse_solve(
            live.len(),
            &entries,
            a_live.goal(),
            text!("the finish probabilities", "les probabilités de finir"),
        )?;
        for &u in &unsure {
            let k = live.binary_search(&u).expect("unsure squares reach the goal");
            finish_probability[u] = h[k].clamp(0.0, 1.0);
        }
    }
    Ok(Termination {
        trapped,
        unsure,
        finish_probability,
    })
}

/// The expected number of rolls one player takes to finish from each of
/// `starts`, counting only the squares that reach the goal (moves into a trap
/// are dropped): a measure of how long games last, for the cost estimate.
/// `None` when the start cannot finish or the system is singular.
///
/// # Complexity
/// One sparse LU of size n.
pub fn expected_rolls(a: &CharacteristicMatrix, starts: &[usize]) -> Option<f64> {
    let n = a.size();
    let reaches_goal = backwards(&predecessors(a), (0..n).filter(|&i| a.goal()[i] > 0.0));
    let live: Vec<usize> = (0..n).filter(|&i| reaches_goal[i]).collect();
    let a_live = a.restrict(&live);
    let mut entries = Vec::new();
    for k in 0..live.len() {
        entries.push((k, k, 1.0));
        entries.extend(a_live.row(k).map(|(l, p)| (k, l, -p)));
    }
    let e = sparse_solve(live.len(), &entries, &vec![1.0; live.len()], Text::same("E")).ok()?;
    starts
        .iter()
        .map(|s| live.binary_search(s).ok().map(|k| e[k]))
        .try_fold(0.0f64, |most, e| e.map(|e| most.max(e)))
}

/// The squares from which one of `targets` is reachable (targets included).
fn backwards(pred: &[Vec<usize>], targets: impl Iterator<Item = usize>) -> Vec<bool> {
    let mut seen = vec![false; pred.len()];
    let mut queue: Vec<usize> = Vec::new();
    for t in targets {
        if !seen[t] {
            seen[t] = true;
            queue.push(t);
        }
    }
    while let Some(j) = queue.pop() {
        for &i in &pred[j] {
            if !seen[i] {
                seen[i] = true;
                queue.push(i);
            }
        }
    }
    seen
}

/// The squares from which the goal cannot be reached, in increasing order.
///
/// ```
/// use ludolab::snakes::{trapped_squares, CharacteristicMatrix};
/// let a = CharacteristicMatrix::from_dense(&[vec![0.5, 0.25], vec![0.0, 1.0]]).unwrap();
/// assert_eq!(trapped_squares(&a), vec![1]);
/// ```
pub fn trapped_squares(a: &CharacteristicMatrix) -> Vec<usize> {
    let reaches = backwards(&predecessors(a), (0..a.size()).filter(|&i| a.goal()[i] > 0.0));
    (0..a.size()).filter(|&i| !reaches[i]).collect()
}

/// `pred[j]`: the squares with a move to `j`.
fn predecessors(a: &CharacteristicMatrix) -> Vec<Vec<usize>> {
    let mut pred: Vec<Vec<usize>> = vec![Vec::new(); a.size()];
    for i in 0..a.size() {
        for (j, p) in a.row(i) {
            if p > 0.0 {
                pred[j].push(i);
            }
        }
    }
    pred
}
