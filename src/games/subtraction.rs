//! The stick game of the seed (a subtraction game): N sticks, a move takes t
//! sticks for some t in the take set, and a player who cannot move loses (normal
//! play) or wins (misère: "whoever takes the last stick loses").

use super::graph::{Arena, Outcome, Player};
use crate::toolkit::sort;
use crate::toolkit::Error;
use crate::toolkit::{yes_no, Field, Label, Params};

/// Most sticks.
pub const MAX_STICKS: usize = 1_000_000;
/// Most numbers in a take set (the `take` key of every chapter: the arena, the
/// search, the impartial games' subtraction games).
pub const MAX_TAKES: usize = 20;
/// The largest number of sticks a move may take.
pub const MAX_TAKE: usize = 1000;

/// The link's `sticks` key, in every chapter that shows the stick game.
pub const STICKS_FIELD: Field = Field::whole("sticks", Label::new("Sticks", "Bâtonnets"), 1, MAX_STICKS as u64);
/// The link's `take` key: the take set (a subtraction set), in every chapter.
pub const TAKE_FIELD: Field = Field::wholes(
    "take",
    Label::new("A move takes", "Un coup prend"),
    1,
    MAX_TAKE as u64,
    MAX_TAKES,
);
/// The link's `misere` key.
pub const MISERE_FIELD: Field = Field::choice(
    "misere",
    Label::new(
        "Whoever takes the last stick loses",
        "Qui prend le dernier bâtonnet perd",
    ),
    &["yes", "no"],
);

/// A stick game as a link says it: the one place its keys are read and written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sticks {
    /// Sticks at the start.
    pub sticks: usize,
    /// How many sticks a move may take (sorted, distinct).
    pub take: Vec<usize>,
    /// Whoever takes the last stick loses.
    pub misere: bool,
}

impl Default for Sticks {
    /// The seed's game: 9 sticks, take 1 to 3, whoever takes the last loses.
    fn default() -> Self {
        Sticks {
            sticks: 9,
            take: vec![1, 2, 3],
            misere: true,
        }
    }
}

impl Sticks {
    /// Reads `sticks`, `take` and `misere` (absent keys keep their values).
    ///
    /// # Errors
    /// The first key at fault.
    pub fn read(&mut self, params: &mut Params) -> Result<(), Error> {
        if let Some(v) = params.count(&STICKS_FIELD)? {
            self.sticks = v;
        }
        if let Some(mut take) = params.wholes::<usize>(&TAKE_FIELD)? {
            sort::sort(&mut take);
            take.dedup();
            self.take = take;
        }
        if let Some(v) = params.choice(&MISERE_FIELD, &[true, false], yes_no)? {
            self.misere = v;
        }
        Ok(())
    }

    /// The link's pairs.
    pub fn write(&self, out: &mut Vec<(&'static str, String)>) {
        out.push(("sticks", self.sticks.to_string()));
        out.push(("take", join(&self.take)));
        out.push(("misere", yes_no(self.misere).to_string()));
    }
}

/// Numbers as a link writes them: `1,2,3`.
pub fn join(v: &[usize]) -> String {
    v.iter().map(usize::to_string).collect::<Vec<_>>().join(",")
}

/// The game's rule, written once: the takes allowed from a heap of `heap`
/// sticks (those of the take set that are at most `heap`).
pub fn takes(take: &[usize], heap: usize) -> impl Iterator<Item = usize> + '_ {
    take.iter().copied().filter(move |&t| t <= heap)
}

/// Checks a take set: 1 to [`MAX_TAKES`] numbers in 1..=[`MAX_TAKE`].
///
/// # Errors
/// [`Error::OutOfRange`] naming the count or the number at fault.
pub fn check_take(take: &[usize]) -> Result<(), Error> {
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
    Ok(())
}

/// Whether the player to move wins from each heap of 0..=`up_to` sticks (a
/// player with no move loses, or wins in misère).
///
/// # Complexity
/// O(up_to · |take|).
pub fn wins(take: &[usize], misere: bool, up_to: usize) -> Vec<bool> {
    let mut wins = vec![false; up_to + 1];
    for k in 0..=up_to {
        let mut moves = takes(take, k).peekable();
        wins[k] = match moves.peek() {
            None => misere,
            Some(_) => moves.any(|t| !wins[k - t]),
        };
    }
    wins
}

/// Vertex of `k` sticks with `player` to move.
pub fn stick_vertex(k: usize, player: Player) -> usize {
    2 * k + player.index()
}

/// The arena of every `(sticks, player to move)`, 0 ≤ sticks ≤ N: 2(N + 1)
/// vertices, play starting at (N, player 1).
///
/// # Errors
/// [`Error::OutOfRange`] for N outside 1..=10⁶, more than 20 takes or a take outside 1..=1000;
/// [`Error::InvalidValue`] for an empty take set.
pub fn subtraction_arena(sticks: usize, take: &[usize], misere: bool) -> Result<Arena, Error> {
    if !(1..=MAX_STICKS).contains(&sticks) {
        return Err(Error::out_of_range(text!("sticks", "bâtonnets"), sticks, 1, MAX_STICKS));
    }
    check_take(take)?;
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
            targets.extend(takes(take, k).map(|t| stick_vertex(k - t, p.other()) as u32));
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
