//! The seed's two heat maps: the win probability for every number of trees and
//! of fruits per tree at a given crow count, and the fewest crows giving a win
//! probability above 1/2. One solve over the largest orchard (8 trees of 20
//! fruits) holds every smaller equal orchard as a position.

use super::{solve, Request, Space, Strategy, MAX_FRUITS, MAX_TREES};
use crate::toolkit::{Error, Progress};
use serde::Serialize;

/// The fewest crows are searched up to this count.
pub const MAX_SWEEP_CROWS: usize = 40;

#[derive(Clone, Debug, PartialEq, Serialize)]
/// The win probability of every equal orchard of the sweep.
pub struct Sweep {
    /// Crow pieces.
    pub crows: usize,
    /// The strategy's link name.
    pub strategy: &'static str,
    /// Fruits a basket picks.
    pub basket: usize,
    /// `table[t − 1][f − 1]`: P with t trees of f fruits (t = 1..=8, f = 1..=20 for the full range).
    pub table: Vec<Vec<f64>>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
/// The fewest crows giving a win probability above 1/2, for every equal orchard.
pub struct MinCrows {
    /// The strategy's link name.
    pub strategy: &'static str,
    /// Fruits a basket picks.
    pub basket: usize,
    /// `min_crows[t − 1][f − 1]`: the fewest crows giving P > 1/2 (none up to 40: null).
    pub min_crows: Vec<Vec<Option<usize>>>,
    /// The crow counts searched: 1 to this.
    pub searched_up_to: usize,
    /// `tables[c − 1][t − 1][f − 1]`: P with t trees of f fruits and c crows, for
    /// every c searched: each crow count's [`Sweep`] without solving again.
    pub tables: Vec<Vec<Vec<f64>>>,
}

impl MinCrows {
    /// The win probabilities at `crows` crows, as [`sweep`] gives them (the same
    /// solve: a position's values at each crow count do not depend on how many
    /// more were solved); `None` above [`searched_up_to`](Self::searched_up_to)
    /// or at 0.
    pub fn sweep(&self, crows: usize) -> Option<Sweep> {
        let table = self.tables.get(crows.checked_sub(1)?)?.clone();
        Some(Sweep {
            crows,
            strategy: self.strategy,
            basket: self.basket,
            table,
        })
    }
}

/// The orchards swept: 1..=`trees` equal trees of 1..=`fruits` fruits (the page
/// and the CLI sweep 8 × 20).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    /// Most trees.
    pub trees: usize,
    /// Most fruits per tree.
    pub fruits: usize,
}

impl Range {
    /// The seed's sweep: 1 to 8 trees of 1 to 20 fruits.
    pub const FULL: Range = Range {
        trees: MAX_TREES,
        fruits: MAX_FRUITS,
    };

    /// Every equal orchard `t × f` as a position of the `trees × fruits` space.
    fn probes(self) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        for t in 1..=self.trees {
            for f in 1..=self.fruits {
                let mut x = vec![0u8; self.trees - t];
                x.extend(std::iter::repeat_n(f as u8, t));
                out.push(x);
            }
        }
        out
    }
}

fn solve_all(
    range: Range,
    crows: usize,
    strategy: Strategy,
    basket: usize,
    progress: Progress,
) -> Result<Vec<Vec<f64>>, Error> {
    let space = Space::new(range.trees, range.fruits)?;
    let probes = range.probes();
    let request = Request::new(&space, crows, basket, strategy, &probes);
    Ok(solve(&request, progress)?.probes.into_iter().map(|v| v.win).collect())
}

/// The win probability of every `t × f` orchard with `crows` crows.
///
/// # Errors
/// The ranges of [`solve()`](super::solve()).
pub fn sweep(
    range: Range,
    crows: usize,
    strategy: Strategy,
    basket: usize,
    progress: Progress,
) -> Result<Sweep, Error> {
    let values = solve_all(range, crows, strategy, basket, progress)?;
    Ok(Sweep {
        crows,
        strategy: strategy.name(),
        basket,
        table: values
            .chunks(range.fruits)
            .map(|row| row.iter().map(|w| w[crows - 1]).collect())
            .collect(),
    })
}

/// The fewest crows giving a win probability above 1/2, for every `t × f`
/// orchard, and the win probabilities at every crow count searched.
///
/// # Errors
/// The ranges of [`solve()`](super::solve()).
pub fn min_crows(range: Range, strategy: Strategy, basket: usize, progress: Progress) -> Result<MinCrows, Error> {
    let values = solve_all(range, MAX_SWEEP_CROWS, strategy, basket, progress)?;
    Ok(MinCrows {
        strategy: strategy.name(),
        basket,
        min_crows: values
            .chunks(range.fruits)
            .map(|row| {
                row.iter()
                    .map(|w| w.iter().position(|&p| p > 0.5).map(|c| c + 1))
                    .collect()
            })
            .collect(),
        searched_up_to: MAX_SWEEP_CROWS,
        tables: (0..MAX_SWEEP_CROWS)
            .map(|c| {
                values
                    .chunks(range.fruits)
                    .map(|row| row.iter().map(|w| w[c]).collect())
                    .collect()
            })
            .collect(),
    })
}
