//! "What should I pick now?": in a given position, the win probability after
//! each possible basket pick (playing optimally afterwards), the best pick, and
//! what `max`, `min` and `random` would pick and lose.

use super::exact::{after, picks, seed_form, Exact};
use super::{solve, Request, Space, Strategy};
use crate::toolkit::sort;
use crate::toolkit::{Error, Progress};
use num_traits::ToPrimitive;
use serde::Serialize;

/// One possible basket pick.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pick {
    /// Fruits taken from each tree of the position (trees decreasing).
    pub take: Vec<u8>,
    /// The fruits left after the pick, per tree.
    pub after: Vec<u8>,
    /// The position after the pick, as [`position_label`] writes it.
    pub after_label: String,
    /// P(after, crows) under optimal play.
    pub win_probability: f64,
}

/// What a fixed strategy would do here.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StrategyPick {
    /// The strategy's link name.
    pub strategy: &'static str,
    /// The position after its pick (none for `random`, whose pick is random).
    pub after: Option<Vec<u8>>,
    /// That position as [`position_label`] writes it (`9,9,7,1|9`), as
    /// [`Pick::after_label`].
    pub after_label: Option<String>,
    /// Expected P after its pick, playing optimally afterwards.
    pub win_probability: f64,
    /// How much less than the best pick.
    pub loss: f64,
    /// P from this position when the strategy is played to the end.
    pub played_throughout: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
/// The advisor's answer for one position.
pub struct Advice {
    /// Trees, decreasing (the seed's form).
    pub position: Vec<u8>,
    /// Crow pieces left.
    pub crows: usize,
    /// The position as [`position_label`] writes it.
    pub label: String,
    /// P(position) under optimal play, before the roll.
    pub win_probability: f64,
    /// At most `basket` fruits are left: a basket wins at once.
    pub basket_wins: bool,
    /// Every distinct pick, best first.
    pub picks: Vec<Pick>,
    /// What each fixed strategy would pick, and what it loses.
    pub strategies: Vec<StrategyPick>,
}

/// A position as the advisor writes it: the fruit of each non-empty tree,
/// decreasing, separated by commas, then the crows left (`10,10,7,1|9`,
/// `4,2,1|2`): a reader compares it with the trees on the table, so the trees
/// never run together (the chain keeps the seed's `421|2`).
pub fn position_label(trees: &[u8], crows: usize) -> String {
    let mut t: Vec<u8> = trees.iter().copied().filter(|&v| v > 0).collect();
    sort::sort_by(&mut t, |a, b| b.cmp(a));
    let body: Vec<String> = t.iter().map(u8::to_string).collect();
    format!("{}|{crows}", body.join(","))
}

/// Advice for the basket in `position` (fruits per tree, any order) with `crows` left.
///
/// # Errors
/// The ranges of [`solve()`](super::solve()); [`Error::InvalidValue`] for a position without fruit.
pub fn advise(position: &[u8], crows: usize, basket: usize, progress: Progress) -> Result<Advice, Error> {
    let trees = seed_form(position);
    if trees.is_empty() {
        return Err(Error::InvalidValue {
            key: "position",
            value: crate::toolkit::Quoted::new("0"),
            expected: text!("at least one fruit on the trees", "au moins un fruit sur les arbres"),
        });
    }
    let space = Space::new(position.len().max(1), usize::from(trees[0]))?;
    let total: usize = trees.iter().map(|&t| usize::from(t)).sum();
    let basket_wins = total <= basket;
    let takes = if basket_wins {
        vec![trees.clone()]
    } else {
        picks(&trees, basket)
    };
    let afters: Vec<Vec<u8>> = takes.iter().map(|t| after(&trees, t)).collect();
    let mut probes: Vec<Vec<u8>> = afters.iter().map(|a| space.canonical(a)).collect::<Result<_, _>>()?;
    probes.push(space.canonical(&trees)?);
    let request = |strategy| Request::new(&space, crows, basket, strategy, &probes);
    let optimal = solve(&request(Strategy::Optimal), &mut |f, c| progress(0.25 * f, c))?;
    let value = |i: usize| optimal.probes[i].win[crows - 1];
    let mut all: Vec<Pick> = takes
        .iter()
        .zip(&afters)
        .enumerate()
        .map(|(i, (take, a))| Pick {
            take: take.clone(),
            after: a.clone(),
            after_label: position_label(a, crows),
            win_probability: value(i),
        })
        .collect();
    sort::sort_by(&mut all, |a, b| b.win_probability.total_cmp(&a.win_probability));
    let best = all[0].win_probability;
    let mut strategies = Vec::new();
    for (k, strategy) in [Strategy::Max, Strategy::Min, Strategy::Random].into_iter().enumerate() {
        let outcomes = Exact::new(basket, strategy).basket_outcomes(&trees, crows)?;
        let mut p = 0.0;
        for (a, q) in &outcomes {
            let i = afters.iter().position(|x| x == a).expect("a strategy's pick is a pick");
            p += q.to_f64().unwrap_or(f64::NAN) * value(i);
        }
        let throughout = solve(&request(strategy), &mut |f, c| progress(0.25 * (k as f64 + 1.0 + f), c))?;
        let after = (strategy != Strategy::Random || outcomes.len() == 1).then(|| outcomes[0].0.clone());
        strategies.push(StrategyPick {
            strategy: strategy.name(),
            after_label: after.as_ref().map(|a| position_label(a, crows)),
            after,
            win_probability: p,
            loss: best - p,
            played_throughout: throughout.probes[probes.len() - 1].win[crows - 1],
        });
    }
    Ok(Advice {
        label: position_label(&trees, crows),
        win_probability: value(probes.len() - 1),
        position: trees,
        crows,
        basket_wins,
        picks: all,
        strategies,
    })
}
