//! Termination analysis: does A^k → 0, which squares trap the token, and from
//! which squares does a game surely end?

use super::CharacteristicMatrix;
use crate::toolkit::linalg::sparse_solve;
use crate::toolkit::Error;
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
        let h = sparse_solve(
            live.len(),
            &identity_minus(&a_live),
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
/// are dropped): a measure of how long games last, for the cost estimate (the
/// page asks it at every edit, before any solve). The most over `starts`;
/// `None` when a start cannot finish.
///
/// `e = 1 + A_N e` on the squares `N` that reach the goal, by Gauss–Seidel
/// sweeps (each square's own loop divided out) from the last square down (most moves go forward, so a board without
/// snakes settles in one sweep), from `e = 0`: every sweep raises `e` toward
/// the solution. Within [`ROLLS_WORK`] entries visited, the sweeps stop once no
/// square moves by more than 10⁻¹¹ of its value; past it, the rest is
/// extrapolated from the last two sweeps' steps as a geometric tail (an
/// estimate, which is all the cost needs). No linear solver: the page's
/// bundle without faer computes the same estimate (`linalg`, Cargo.toml).
///
/// # Complexity
/// O(nnz(A)) per sweep, at most [`ROLLS_WORK`] in all.
pub fn expected_rolls(a: &CharacteristicMatrix, starts: &[usize]) -> Option<f64> {
    expected_rolls_within(a, starts, ROLLS_WORK).map(|(rolls, _)| rolls)
}

/// [`expected_rolls`] visiting at most `work` entries of A, and whether the sweeps
/// settled (else the tail was extrapolated).
fn expected_rolls_within(a: &CharacteristicMatrix, starts: &[usize], work: usize) -> Option<(f64, bool)> {
    let n = a.size();
    let reaches_goal = backwards(&predecessors(a), (0..n).filter(|&i| a.goal()[i] > 0.0));
    let live: Vec<usize> = (0..n).filter(|&i| reaches_goal[i]).collect();
    let starts: Vec<usize> = starts
        .iter()
        .map(|s| live.binary_search(s).ok())
        .collect::<Option<_>>()?;
    let a_live = a.restrict(&live);
    let nnz = (0..live.len()).map(|k| a_live.row(k).count()).sum::<usize>().max(1);
    let mut e = vec![0.0f64; live.len()];
    let (mut step, mut last_step) = (0.0f64, 0.0f64);
    for _ in 0..(work / nnz).max(2) {
        let before: Vec<f64> = starts.iter().map(|&k| e[k]).collect();
        let mut moved = 0.0f64;
        for k in (0..live.len()).rev() {
            // e_k = (1 + Σ_{l≠k} a_kl e_l) / (1 − a_kk): a square's own loop (an
            // overshoot that stays, under the exact finish) solved at once, not swept
            // (a_kk < 1 on a square that reaches the goal).
            let (mut others, mut stay) = (0.0, 0.0);
            for (l, p) in a_live.row(k) {
                if l == k {
                    stay += p;
                } else {
                    others += p * e[l];
                }
            }
            let value = (1.0 + others) / (1.0 - stay);
            moved = moved.max((value - e[k]) / value);
            e[k] = value;
        }
        last_step = step;
        step = starts.iter().zip(&before).map(|(&k, b)| e[k] - b).fold(0.0, f64::max);
        if moved <= 1e-11 {
            return Some((starts.iter().map(|&k| e[k]).fold(0.0, f64::max), true));
        }
    }
    // Not settled within the work allowed: each sweep's step shrinks by about
    // `ratio` (the spectral radius), so the steps left add up to step·r/(1−r).
    let ratio = if last_step > 0.0 {
        (step / last_step).min(0.999_999)
    } else {
        0.0
    };
    let most = starts.iter().map(|&k| e[k]).fold(0.0, f64::max);
    Some((most + step * ratio / (1.0 - ratio), false))
}

/// The entries of A that [`expected_rolls`] visits at most (about 20 ms in the
/// page's bundle): the cost estimate runs at every edit.
pub const ROLLS_WORK: usize = 20_000_000;

/// The entries of `I − A`, for [`sparse_solve`].
fn identity_minus(a: &CharacteristicMatrix) -> Vec<(usize, usize, f64)> {
    let mut entries = Vec::new();
    for k in 0..a.size() {
        entries.push((k, k, 1.0));
        entries.extend(a.row(k).map(|(l, p)| (k, l, -p)));
    }
    entries
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snakes::{characteristic_matrix, random_board, Board, Die, FinishRule, Jump, Preset};
    use crate::toolkit::Text;

    /// `E` from 0 by a direct solve of `(I − A_N) e = 1` (faer's sparse LU).
    fn solved(a: &CharacteristicMatrix) -> f64 {
        let n = a.size();
        let reaches = backwards(&predecessors(a), (0..n).filter(|&i| a.goal()[i] > 0.0));
        let live: Vec<usize> = (0..n).filter(|&i| reaches[i]).collect();
        let entries = identity_minus(&a.restrict(&live));
        let e = crate::toolkit::linalg::sparse_solve(live.len(), &entries, &vec![1.0; live.len()], Text::same("E"));
        e.unwrap()[0]
    }

    /// A die of 1 (nine times in ten) or 2, the exact finish: games last long.
    fn slow_board(jumps: Vec<Jump>) -> Board {
        let die = Die::from_faces(&[1, 1, 1, 1, 1, 1, 1, 1, 1, 2]).unwrap();
        Board::new(100, jumps, die, FinishRule::Exact).unwrap()
    }

    #[test]
    fn the_sweeps_agree_with_the_sparse_solve() {
        let mut boards: Vec<CharacteristicMatrix> =
            Preset::ALL.iter().map(|p| p.model().characteristic_matrix()).collect();
        for (squares, seed) in [(2, 1), (10, 2), (100, 3), (1000, 4), (2500, 5)] {
            boards.push(characteristic_matrix(&random_board(squares, seed).unwrap()));
        }
        // At the limits of a die: 1,000 faces under the exact finish, where a square
        // near the goal stays put 999 times in 1,000 (E = 1,000 rolls; swept without
        // its own loop divided out, 706 were estimated).
        let wide = Die::from_faces(&(1..=1000).collect::<Vec<_>>()).unwrap();
        let snakes: Vec<Jump> = (1..99)
            .map(|k| Jump {
                from: k * 10 - 1,
                to: k * 10 - 9,
            })
            .collect();
        boards.push(characteristic_matrix(
            &Board::new(1000, snakes, wide, FinishRule::Exact).unwrap(),
        ));
        for a in &boards {
            let (swept, direct) = (expected_rolls(a, &[0]).unwrap(), solved(a));
            assert!((swept - direct).abs() <= 1e-9 * direct, "{swept} against {direct}");
        }
    }

    #[test]
    fn past_its_work_the_tail_is_extrapolated_not_dropped() {
        let jumps = vec![
            Jump { from: 98, to: 0 },
            Jump { from: 90, to: 1 },
            Jump { from: 60, to: 2 },
        ];
        let a = characteristic_matrix(&slow_board(jumps));
        let direct = solved(&a);
        // Ten sweeps are far from settled: the sum so far is well short of E…
        let nnz: usize = (0..a.size()).map(|k| a.row(k).count()).sum();
        let (ten, settled) = expected_rolls_within(&a, &[0], 10 * nnz).unwrap();
        let (hundred, _) = expected_rolls_within(&a, &[0], 100 * nnz).unwrap();
        assert!(direct > 100.0 && !settled, "{direct}");
        // …and the extrapolated tail brings it within a few percent, closer with more sweeps.
        assert!((ten - direct).abs() < 0.05 * direct, "{ten} against {direct}");
        assert!(
            (hundred - direct).abs() <= (ten - direct).abs(),
            "{hundred}, {ten} against {direct}"
        );
        // The estimate the page gets, its work spent: E is 73,682 rolls here.
        let estimate = expected_rolls(&a, &[0]).unwrap();
        assert!((estimate - direct).abs() < 1e-6 * direct, "{estimate} against {direct}");
    }

    #[test]
    fn a_start_that_cannot_finish_has_no_expected_rolls() {
        // Die {2}: from 0 to 2, down the snake to 0, forever.
        let board = Board::new(
            4,
            vec![Jump { from: 2, to: 0 }],
            Die::from_faces(&[2]).unwrap(),
            FinishRule::Exact,
        );
        let a = characteristic_matrix(&board.unwrap());
        assert_eq!(expected_rolls(&a, &[0]), None);
        assert_eq!(expected_rolls(&a, &[]), Some(0.0));
    }
}
