//! When does the game end? The probability of victory and of defeat at each
//! roll, by pushing the start's probability forward through the chain of
//! (position, crows), one roll at a time.

use super::exact::{after, picks, seed_form};
use super::state::groups;
use super::{Game, Space, Strategy, Table};
use crate::toolkit::{Error, Progress};
use serde::Serialize;

/// Largest (positions × crows × longest game) pushed forward.
pub const MAX_WORK: usize = 50_000_000;

#[derive(Clone, Debug, PartialEq, Serialize)]
/// When the game ends: victory and defeat at each roll.
pub struct ByTurn {
    /// `victory[t − 1]`: the game is won at roll t.
    pub victory: Vec<f64>,
    /// `defeat[t − 1]`: probability of losing at roll t.
    pub defeat: Vec<f64>,
    /// Σ t (victory + defeat): the expected number of rolls, a second way.
    pub expected_rolls: f64,
}

/// Where a roll leads: a position's rank, or the end (victory).
type Target = Option<usize>;

/// The outcome distribution by roll of `game` under `strategy` (`optimal`
/// needs `table`).
///
/// # Errors
/// [`Error::TooLarge`] beyond [`MAX_WORK`] or for `optimal` without a table.
pub fn by_turn(game: &Game, strategy: Strategy, table: Option<&Table>, progress: Progress) -> Result<ByTurn, Error> {
    let space = game.space()?;
    let crows = game.crows;
    let longest = game.total_fruits() + crows;
    let work = space.size() * crows * longest;
    if work > MAX_WORK {
        return Err(Error::too_large(
            text!(
            "the outcome by roll is computed for games of at most {MAX_WORK} position × crow × roll steps \
             (this one needs {work})",
            "l'issue par lancer est calculée pour les parties d'au plus {MAX_WORK} étapes position × corbeau × lancer \
             (celle-ci en demande {work})"
        ),
            Some(work as u64),
            MAX_WORK as u64,
        ));
    }
    if strategy == Strategy::Optimal && table.is_none() {
        return Err(Error::too_large(
            text!(
                "the optimal strategy's outcome by roll needs every position's value",
                "l'issue par lancer de la stratégie optimale demande la valeur de chaque position"
            ),
            None,
            0,
        ));
    }
    // Moves of every position: trees (target, weight) and the basket, per crow
    // count for `optimal` (its pick may depend on the crows left).
    let size = space.size();
    let mut trees_of: Vec<Vec<(Target, f64)>> = vec![Vec::new(); size];
    let mut basket_of: Vec<Vec<Vec<(Target, f64)>>> = vec![Vec::new(); size];
    let mut faces = vec![0.0; size];
    let mut g = Vec::new();
    for total in 1..=space.slots() * space.max_fruits() {
        space.for_each_with_total(total, &mut |x| {
            let r = space.rank(x);
            groups(x, &mut g);
            let n: usize = g.iter().map(|&(_, _, m)| usize::from(m)).sum();
            faces[r] = (n + 2) as f64;
            trees_of[r] = g
                .iter()
                .map(|&(j, _, m)| ((total > 1).then(|| space.rank_after_pick(r, x, j)), f64::from(m)))
                .collect();
            basket_of[r] = if total <= game.basket {
                vec![vec![(None, 1.0)]]
            } else if strategy == Strategy::Optimal {
                let table = table.expect("checked above");
                let t = seed_form(x);
                let options: Vec<Vec<u8>> = picks(&t, game.basket)
                    .iter()
                    .map(|take| space.canonical(&after(&t, take)).expect("a smaller position fits"))
                    .collect();
                // Each option's values for every crow count, found once.
                let values: Vec<Vec<f64>> = options.iter().map(|o| table.win_by_crows(o)).collect();
                (1..=crows)
                    .map(|c| {
                        // (A table kept for fewer crows answers with its last: as `Table::win`.)
                        let at = (c - 1).min(values[0].len().saturating_sub(1));
                        let best = (1..options.len()).fold(0, |b, o| if values[o][at] > values[b][at] { o } else { b });
                        vec![(Some(space.rank(&options[best])), 1.0)]
                    })
                    .collect()
            } else {
                vec![fixed_basket(&space, x, game.basket, strategy)]
            };
        });
    }
    let at = |r: usize, c: usize| r * crows + (c - 1);
    let mut mass = vec![0.0; size * crows];
    let start = space.canonical(&game.trees)?;
    mass[at(space.rank(&start), crows)] = 1.0;
    let (mut victory, mut defeat) = (Vec::new(), Vec::new());
    let mut left = 1.0;
    for roll in 1..=longest {
        let mut next = vec![0.0; size * crows];
        let (mut won, mut lost) = (0.0, 0.0);
        for r in 0..size {
            for c in 1..=crows {
                let m = mass[at(r, c)];
                if m == 0.0 {
                    continue;
                }
                let q = m / faces[r];
                if c == 1 {
                    lost += q;
                } else {
                    next[at(r, c - 1)] += q;
                }
                let basket = &basket_of[r][if basket_of[r].len() == 1 { 0 } else { c - 1 }];
                for &(target, w) in trees_of[r].iter().chain(basket) {
                    match target {
                        Some(t) => next[at(t, c)] += q * w,
                        None => won += q * w,
                    }
                }
            }
        }
        victory.push(won);
        defeat.push(lost);
        left -= won + lost;
        mass = next;
        progress(roll as f64 / longest as f64, &[]);
        if left < 1e-15 {
            break;
        }
    }
    let expected_rolls = victory
        .iter()
        .zip(&defeat)
        .enumerate()
        .map(|(t, (v, d))| (t + 1) as f64 * (v + d))
        .sum();
    Ok(ByTurn {
        victory,
        defeat,
        expected_rolls,
    })
}

/// Where `max`, `min` or `random`'s basket leads from `x` (more than `k` fruits).
fn fixed_basket(space: &Space, x: &[u8], k: usize, strategy: Strategy) -> Vec<(Target, f64)> {
    let mut now: Vec<(Vec<u8>, f64)> = vec![(x.to_vec(), 1.0)];
    let mut g = Vec::new();
    for _ in 0..k {
        let mut next: Vec<(Vec<u8>, f64)> = Vec::new();
        for (y, q) in now {
            groups(&y, &mut g);
            let n: u8 = g.iter().map(|&(_, _, m)| m).sum();
            let choices: Vec<(usize, f64)> = match strategy {
                Strategy::Max => vec![(g[g.len() - 1].0, 1.0)],
                Strategy::Min => vec![(g[0].0, 1.0)],
                _ => g.iter().map(|&(j, _, m)| (j, f64::from(m) / f64::from(n))).collect(),
            };
            for (j, w) in choices {
                let mut z = y.clone();
                z[j] -= 1;
                match next.iter_mut().find(|(s, _)| *s == z) {
                    Some((_, acc)) => *acc += q * w,
                    None => next.push((z, q * w)),
                }
            }
        }
        now = next;
    }
    now.into_iter().map(|(y, q)| (Some(space.rank(&y)), q)).collect()
}
