//! The real game, simulated: the real die (one face per tree, empty or not, a
//! basket and a crow), a face of an empty tree rolled again, seeded.

use super::exact::{after, picks};
use super::{Game, Strategy, Table};
use crate::toolkit::sort;
use crate::toolkit::Error;
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;
use std::collections::HashMap;

/// Most games one simulation plays.
pub const MAX_GAMES: u64 = 10_000_000;

#[derive(Clone, Debug, PartialEq, Serialize)]
/// A Monte Carlo estimate of the real game.
pub struct Simulation {
    /// Games played.
    pub games: u64,
    /// Seed of the random numbers.
    pub seed: u64,
    /// Games won.
    pub wins: u64,
    /// Share of games won.
    pub win_probability: f64,
    /// √(p(1 − p)/games).
    pub standard_error: f64,
    /// Rolls that changed something (a re-rolled empty tree is not counted).
    pub mean_rolls: f64,
    /// Standard error of the mean number of rolls.
    pub rolls_standard_error: f64,
}

/// Plays `games` games of `game` with `strategy`.
///
/// # Errors
/// [`Error::OutOfRange`] for `games` outside 1..=10⁷; [`Error::TooLarge`] for
/// `optimal` without a `table` of every position's values.
pub fn simulate(
    game: &Game,
    strategy: Strategy,
    games: u64,
    seed: u64,
    table: Option<&Table>,
) -> Result<Simulation, Error> {
    if !(1..=MAX_GAMES).contains(&games) {
        return Err(Error::out_of_range(text!("simulate", "simulate"), games, 1, MAX_GAMES));
    }
    if strategy == Strategy::Optimal && table.is_none() {
        return Err(Error::too_large(
            text!("simulating the optimal strategy needs every position's value; this game is too large to keep them", "simuler la stratégie optimale demande la valeur de chaque position ; ce jeu est trop grand pour les garder"), None, 0));
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let n = game.trees.len();
    let (mut wins, mut rolls_sum, mut rolls_sq) = (0u64, 0.0, 0.0);
    let mut trees = game.trees.clone();
    // The optimal take depends only on the trees and the crows: decided once per state.
    let mut decided: HashMap<u128, Vec<u8>> = HashMap::new();
    for _ in 0..games {
        trees.copy_from_slice(&game.trees);
        let mut crows = game.crows;
        let mut fruits = game.total_fruits();
        let mut rolls = 0u64;
        let won = loop {
            let face = rng.random_range(0..n + 2);
            if face < n && trees[face] == 0 {
                continue;
            }
            rolls += 1;
            if face == n + 1 {
                crows -= 1;
                if crows == 0 {
                    break false;
                }
                continue;
            }
            if face < n {
                trees[face] -= 1;
                fruits -= 1;
            } else if fruits <= game.basket {
                break true;
            } else {
                basket(&mut trees, game.basket, strategy, crows, table, &mut decided, &mut rng);
                fruits -= game.basket;
            }
            if fruits == 0 {
                break true;
            }
        };
        wins += u64::from(won);
        rolls_sum += rolls as f64;
        rolls_sq += (rolls * rolls) as f64;
    }
    let g = games as f64;
    let p = wins as f64 / g;
    let mean = rolls_sum / g;
    let var = (rolls_sq / g - mean * mean).max(0.0);
    Ok(Simulation {
        games,
        seed,
        wins,
        win_probability: p,
        standard_error: (p * (1.0 - p) / g).sqrt(),
        mean_rolls: mean,
        rolls_standard_error: (var / g).sqrt(),
    })
}

/// Takes `k` fruits (more than `k` are left) as `strategy` says.
fn basket(
    trees: &mut [u8],
    k: usize,
    strategy: Strategy,
    crows: usize,
    table: Option<&Table>,
    decided: &mut HashMap<u128, Vec<u8>>,
    rng: &mut Xoshiro256PlusPlus,
) {
    if let (Strategy::Optimal, Some(table)) = (strategy, table) {
        // Trees of equal size are interchangeable: the choice is decided once
        // per sorted state and crows (a few hundred thousand at most, where the
        // arrangements number in the hundreds of millions), then applied to
        // the trees in the same order.
        let mut order: Vec<usize> = (0..trees.len()).collect();
        sort::sort_by_key(&mut order, |&i| trees[i]);
        let sorted: Vec<u8> = order.iter().map(|&i| trees[i]).collect();
        let key = sorted.iter().fold(crows as u128, |key, &t| key << 8 | u128::from(t));
        let take = decided.entry(key).or_insert_with(|| {
            let space = table.space();
            picks(&sorted, k)
                .into_iter()
                .map(|take| {
                    let x = space
                        .canonical(&after(&sorted, &take))
                        .expect("positions of the game fit its space");
                    (table.win(&x, crows), take)
                })
                .fold(None, |best: Option<(f64, Vec<u8>)>, (p, take)| match best {
                    Some((q, _)) if q >= p => best,
                    _ => Some((p, take)),
                })
                .map(|(_, take)| take)
                .unwrap_or_default()
        });
        for (&i, &t) in order.iter().zip(take.iter()) {
            trees[i] -= t;
        }
        return;
    }
    for _ in 0..k {
        let candidates = trees.iter().enumerate().filter(|&(_, &t)| t > 0);
        let i = match strategy {
            Strategy::Max => candidates
                .max_by_key(|&(i, &t)| (t, std::cmp::Reverse(i)))
                .map(|(i, _)| i),
            Strategy::Min => candidates.min_by_key(|&(i, &t)| (t, i)).map(|(i, _)| i),
            _ => {
                let nonempty: Vec<usize> = candidates.map(|(i, _)| i).collect();
                Some(nonempty[rng.random_range(0..nonempty.len())])
            }
        };
        if let Some(i) = i {
            trees[i] -= 1;
        }
    }
}
