//! The stick game of the seed (a subtraction game): N sticks, a move takes t
//! sticks for some t in the take set, and a player who cannot move loses (normal
//! play) or wins (misère: "whoever takes the last stick loses").

use super::graph::{Arena, Outcome, Player};
use crate::toolkit::Error;

/// Most sticks.
pub const MAX_STICKS: usize = 1_000_000;
/// Most numbers in a take set, and the largest.
pub const MAX_TAKES: usize = 10;
/// The largest number of sticks a move may take.
pub const MAX_TAKE: usize = 100;

/// Vertex of `k` sticks with `player` to move.
pub fn stick_vertex(k: usize, player: Player) -> usize {
    2 * k + player.index()
}

/// The arena of every `(sticks, player to move)`, 0 ≤ sticks ≤ N: 2(N + 1)
/// vertices, play starting at (N, player 1).
///
/// # Errors
/// [`Error::OutOfRange`] for N outside 1..=10⁶ or a take outside 1..=100;
/// [`Error::InvalidValue`] for an empty take set.
pub fn subtraction_arena(sticks: usize, take: &[usize], misere: bool) -> Result<Arena, Error> {
    if !(1..=MAX_STICKS).contains(&sticks) {
        return Err(Error::out_of_range(text!("sticks", "bâtonnets"), sticks, 1, MAX_STICKS));
    }
    if take.is_empty() || take.len() > MAX_TAKES {
        return Err(Error::out_of_range(
            text!("numbers in the take set", "nombres de l'ensemble des prises"),
            take.len(),
            1,
            MAX_TAKES,
        ));
    }
    if let Some(&t) = take.iter().find(|&&t| !(1..=MAX_TAKE).contains(&t)) {
        return Err(Error::out_of_range(
            text!("sticks taken", "bâtonnets pris"),
            t,
            1,
            MAX_TAKE,
        ));
    }
    let n = 2 * (sticks + 1);
    let mut owner = Vec::with_capacity(n);
    let mut offsets = Vec::with_capacity(n + 1);
    let mut targets = Vec::new();
    let mut outcome = Vec::with_capacity(n);
    offsets.push(0u32);
    for k in 0..=sticks {
        for p in Player::BOTH {
            owner.push(p);
            let before = targets.len();
            targets.extend(
                take.iter()
                    .filter(|&&t| t <= k)
                    .map(|&t| stick_vertex(k - t, p.other()) as u32),
            );
            // No move: normal play loses, misère wins.
            outcome.push((targets.len() == before).then_some(Outcome::Win(if misere { p } else { p.other() })));
            offsets.push(targets.len() as u32);
        }
    }
    Arena::new(owner, offsets, targets, outcome, stick_vertex(sticks, Player::One))
}

/// `(sticks, player to move)` of a vertex.
pub fn stick_position(v: usize) -> (usize, Player) {
    (v / 2, Player::from_index(v % 2))
}
