//! Random boards, reproducible from a seed (the editor's "Random board", benchmarks).

use super::{Board, Die, FinishRule, Jump};
use crate::toolkit::Error;
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// A board of `squares` squares with about one ladder and one snake per ten
/// squares (the classic board's density), a fair d6 and the overshoot rule.
/// Ladders climb and snakes fall by up to a fifth of the board. The same seed
/// always gives the same board.
///
/// # Errors
/// [`Error::OutOfRange`] when `squares` is not in `2..=2500`.
///
/// ```
/// use ludolab::snakes::random_board;
/// let a = random_board(1000, 7).unwrap();
/// assert_eq!(a, random_board(1000, 7).unwrap());
/// assert!(a.jumps().len() > 150);
/// ```
pub fn random_board(squares: usize, seed: u64) -> Result<Board, Error> {
    super::board::check_squares(squares)?;
    let n = squares;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let reach = (n / 5).max(1);
    let mut jumps: Vec<Jump> = Vec::new();
    for k in 0..2 * (n / 10) {
        let from = rng.random_range(1..n);
        let step = rng.random_range(1..=reach);
        let to = if k % 2 == 0 {
            (from + step).min(n)
        } else {
            from.saturating_sub(step)
        };
        let clashes = jumps.iter().any(|j| j.from == from || j.to == from || j.from == to);
        if to != from && !clashes {
            jumps.push(Jump { from, to });
        }
    }
    Board::new(n, jumps, Die::fair(6)?, FinishRule::Overshoot)
}
