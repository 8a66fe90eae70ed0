//! Subtraction games: a move takes s tokens from a heap for some s in a finite
//! set S; G(n) = mex{G(n − s) : s ∈ S, s ≤ n}.

use crate::toolkit::Error;

/// Most numbers in a subtraction set, and the largest.
pub const MAX_SET: usize = 20;
/// The largest number a subtraction set may hold.
pub const MAX_TAKE: usize = 1000;

/// G(0..=n) for the subtraction set `set`.
///
/// # Errors
/// [`Error::OutOfRange`] for an empty set, more than 20 numbers, a number
/// outside 1..=1000 or n beyond 10⁷.
///
/// # Complexity
/// O(n · |S|).
pub fn subtraction_values(set: &[usize], n: usize) -> Result<Vec<u16>, Error> {
    if set.is_empty() || set.len() > MAX_SET {
        return Err(Error::out_of_range(
            text!(
                "numbers in the subtraction set",
                "nombres de l'ensemble de soustraction"
            ),
            set.len(),
            1,
            MAX_SET,
        ));
    }
    if let Some(&s) = set.iter().find(|&&s| !(1..=MAX_TAKE).contains(&s)) {
        return Err(Error::out_of_range(
            text!("number taken", "nombre pris"),
            s,
            1,
            MAX_TAKE,
        ));
    }
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
        for &s in set.iter().filter(|&&s| s <= i) {
            seen.insert(g[i - s]);
        }
        g[i] = seen.mex();
    }
    Ok(g)
}
