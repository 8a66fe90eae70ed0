//! Subtraction games: a move takes s tokens from a heap for some s in a finite
//! set S; G(n) = mex{G(n − s) : s ∈ S, s ≤ n}.

use crate::games::subtraction::{check_take, takes};
use crate::toolkit::Error;

/// G(0..=n) for the subtraction set `set` (the stick game's take set, whose
/// rule is [`takes`]).
///
/// # Errors
/// [`Error::OutOfRange`] for an empty set, more than 20 numbers, a number
/// outside 1..=1000 or n beyond 10⁷.
///
/// # Complexity
/// O(n · |S|).
pub fn subtraction_values(set: &[usize], n: usize) -> Result<Vec<u16>, Error> {
    check_take(set)?;
    if n > super::octal::MAX_HEAP {
        return Err(Error::out_of_range(
            text!("heap size", "taille de tas"),
            n,
            0,
            super::octal::MAX_HEAP,
        ));
    }
    let mut g = vec![0u16; n + 1];
    let mut seen = super::octal::Bits::default();
    for i in 1..=n {
        seen.clear();
        for s in takes(set, i) {
            seen.insert(g[i - s]);
        }
        g[i] = seen.mex();
    }
    Ok(g)
}
