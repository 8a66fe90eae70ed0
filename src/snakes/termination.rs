//! Termination analysis: does A^k → 0, and where is the token trapped?

use super::CharacteristicMatrix;

/// The squares from which the goal cannot be reached, in increasing order.
///
/// A^k → 0 (every game ends with probability 1, from every square) exactly when
/// this list is empty: a square from which the goal is reachable leaks mass to
/// the goal at a geometric rate, a trapped square never does.
///
/// # Complexity
/// O(n + nnz(A)): one breadth-first search backwards from the squares with a
/// direct move to the goal.
///
/// ```
/// use ludolab::snakes::{trapped_squares, CharacteristicMatrix};
/// // Square 1 loops on itself forever.
/// let a = CharacteristicMatrix::from_dense(&[vec![0.5, 0.25], vec![0.0, 1.0]]).unwrap();
/// assert_eq!(trapped_squares(&a), vec![1]);
/// ```
pub fn trapped_squares(a: &CharacteristicMatrix) -> Vec<usize> {
    let n = a.size();
    // Predecessor lists: the reverse graph of A.
    let mut pred: Vec<Vec<usize>> = vec![Vec::new(); n];
    for i in 0..n {
        for (j, p) in a.row(i) {
            if p > 0.0 {
                pred[j].push(i);
            }
        }
    }
    let mut reaches = vec![false; n];
    let mut queue: Vec<usize> = (0..n).filter(|&i| a.goal()[i] > 0.0).collect();
    for &i in &queue {
        reaches[i] = true;
    }
    while let Some(j) = queue.pop() {
        for &i in &pred[j] {
            if !reaches[i] {
                reaches[i] = true;
                queue.push(i);
            }
        }
    }
    (0..n).filter(|&i| !reaches[i]).collect()
}
