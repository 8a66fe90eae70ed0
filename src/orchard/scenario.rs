//! The Orchard scenario: `trees`, `fruits` (one count, or one per tree like
//! `10,10,7,3`), `crows`, `strategy`, `basket`, `simulate`, `seed`, and the
//! advisor's `position` and `crows_left` — the CLI's flag names.

use super::advice::{advise, Advice};
use super::by_turn::{by_turn, ByTurn};
use super::chain::{chain, Chain};
use super::simulate::{simulate, Simulation, MAX_GAMES};
use super::{label, solve, Game, Request, Strategy, MAX_BASKET, MAX_FRUITS, MAX_TREES};
use crate::error::Quoted;
use crate::scenario::{whole, Params};
use crate::{Error, Progress, Text};
use serde::Serialize;

/// Most crows a game may have.
pub const MAX_CROWS: usize = 20;
/// Largest game (positions × crows) whose every value is kept, for the
/// optimal strategy's simulation and outcome by roll.
pub const MAX_KEPT: usize = 2_000_000;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scenario {
    pub game: Game,
    pub strategy: Strategy,
    /// Games to simulate next to the exact value (0: none).
    pub simulate: u64,
    pub seed: u64,
    /// The advisor's position (fruits per tree) and crows left.
    pub position: Option<Vec<u8>>,
    pub crows_left: Option<usize>,
}

impl Default for Scenario {
    /// The seed program's defaults: 4 trees of 10 fruits, 9 crows, `max`.
    fn default() -> Self {
        Scenario {
            game: Game {
                trees: vec![10; 4],
                crows: 9,
                basket: 2,
            },
            strategy: Strategy::Max,
            simulate: 0,
            seed: 1,
            position: None,
            crows_left: None,
        }
    }
}

/// A list of fruit counts (`10,10,7,3`), each in `min..=20`, at most 8.
fn fruit_list(key: &'static str, text: &str, min: u64) -> Result<Vec<u8>, Error> {
    let items: Vec<&str> = text.split(',').map(str::trim).collect();
    let expected = || {
        text!(
            "at most {MAX_TREES} whole numbers from {min} to {MAX_FRUITS}, separated by commas",
            "au plus {MAX_TREES} nombres entiers de {min} à {MAX_FRUITS}, séparés par des virgules"
        )
    };
    if items.len() > MAX_TREES || items.iter().any(|s| s.is_empty()) {
        return Err(Error::InvalidValue {
            key,
            value: Quoted::new(text),
            expected: expected(),
        });
    }
    items
        .iter()
        .map(|s| match s.parse::<u64>() {
            Ok(v) if (min..=MAX_FRUITS as u64).contains(&v) => Ok(v as u8),
            _ => Err(Error::InvalidValue {
                key,
                value: Quoted::new(s),
                expected: expected(),
            }),
        })
        .collect()
}

impl Scenario {
    pub const KEYS: &'static [&'static str] = &[
        "trees",
        "fruits",
        "crows",
        "strategy",
        "basket",
        "simulate",
        "seed",
        "position",
        "crows_left",
    ];

    pub(crate) fn from_params(params: &mut Params) -> Result<Self, Error> {
        let mut s = Scenario::default();
        let trees = params
            .take("trees")
            .map(|v| whole("trees", &v, 1, MAX_TREES as u64))
            .transpose()?;
        let fruits = params.take("fruits").map(|v| fruit_list("fruits", &v, 1)).transpose()?;
        s.game.trees = match (trees, fruits) {
            (t, Some(list)) if list.len() > 1 => {
                if t.is_some_and(|t| t as usize != list.len()) {
                    return Err(Error::Conflict {
                        key: "fruits",
                        message: text!(
                            "fruits lists {} trees but trees = {}; give one count per tree, or one count for all",
                            "fruits donne {} arbres mais trees = {} ; donnez un nombre par arbre, ou un seul nombre pour tous",
                            list.len(),
                            t.unwrap_or(0)
                        ),
                    });
                }
                list
            }
            (t, Some(one)) => vec![one[0]; t.map_or(s.game.trees.len(), |t| t as usize)],
            (Some(t), None) => vec![s.game.trees[0]; t as usize],
            (None, None) => s.game.trees,
        };
        if let Some(v) = params.take("crows") {
            s.game.crows = whole("crows", &v, 1, MAX_CROWS as u64)? as usize;
        }
        if let Some(v) = params.take("strategy") {
            s.strategy = Strategy::from_name(&v)
                .ok_or_else(|| params.invalid("strategy", &v, Strategy::ALL.iter().map(|x| x.name())))?;
        }
        if let Some(v) = params.take("basket") {
            s.game.basket = whole("basket", &v, 1, MAX_BASKET as u64)? as usize;
        }
        if let Some(v) = params.take("simulate") {
            s.simulate = whole("simulate", &v, 0, MAX_GAMES)?;
        }
        if let Some(v) = params.take("seed") {
            s.seed = whole("seed", &v, 0, u64::from(u32::MAX))?;
        }
        if let Some(v) = params.take("position") {
            let p = fruit_list("position", &v, 0)?;
            if p.iter().all(|&t| t == 0) {
                return Err(Error::InvalidValue {
                    key: "position",
                    value: Quoted::new(&v),
                    expected: text!(
                        "at least one fruit left on the trees",
                        "au moins un fruit restant sur les arbres"
                    ),
                });
            }
            s.position = Some(p);
        }
        if let Some(v) = params.take("crows_left") {
            s.crows_left = Some(whole("crows_left", &v, 1, MAX_CROWS as u64)? as usize);
            if s.position.is_none() {
                s.position = Some(s.game.trees.clone());
            }
        }
        Ok(s)
    }

    pub(crate) fn pairs(&self) -> Vec<(&'static str, String)> {
        let list = |t: &[u8]| t.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
        let trees = &self.game.trees;
        let fruits = if trees.iter().all(|&t| t == trees[0]) {
            trees[0].to_string()
        } else {
            list(trees)
        };
        let mut out = vec![
            ("trees", trees.len().to_string()),
            ("fruits", fruits),
            ("crows", self.game.crows.to_string()),
            ("strategy", self.strategy.name().to_string()),
        ];
        if self.game.basket != 2 {
            out.push(("basket", self.game.basket.to_string()));
        }
        if self.simulate > 0 {
            out.push(("simulate", self.simulate.to_string()));
        }
        if self.seed != 1 {
            out.push(("seed", self.seed.to_string()));
        }
        if let Some(p) = &self.position {
            out.push(("position", list(p)));
            out.push(("crows_left", self.crows_left.unwrap_or(self.game.crows).to_string()));
        }
        out
    }
}

/// One strategy's value for the bar chart.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StrategyValue {
    pub strategy: &'static str,
    pub win_probability: f64,
    pub expected_rolls: f64,
}

/// Everything computed for one Orchard scenario.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    pub trees: Vec<u8>,
    pub crows: usize,
    pub basket: usize,
    pub strategy: &'static str,
    pub label: String,
    /// Canonical positions solved (of the game's own space).
    pub positions: usize,
    pub win_probability: f64,
    pub expected_rolls: f64,
    /// P with 1, 2, …, `crows` crows (same trees and strategy).
    pub by_crows: Vec<f64>,
    /// All four strategies, in the order max, min, random, optimal.
    pub strategies: Vec<StrategyValue>,
    pub by_turn: Option<ByTurn>,
    /// Why there is no outcome by roll or chain (too large).
    pub by_turn_note: Option<Text>,
    pub chain: Option<Chain>,
    pub chain_note: Option<Text>,
    pub simulation: Option<Simulation>,
    pub advice: Option<Advice>,
}

/// Computes an Orchard scenario.
///
/// # Errors
/// The solvers' errors (ranges are checked when the scenario is parsed).
pub fn analyse(s: &Scenario, progress: Progress) -> Result<Analysis, Error> {
    let game = &s.game;
    let space = game.space()?;
    let start = [space.canonical(&game.trees)?];
    let keep = space.size() * game.crows <= MAX_KEPT;
    let crows = game.crows;
    let mut strategies = Vec::new();
    let mut table = None;
    let mut main = None;
    // The scenario's strategy first (its table is kept when small), then the others.
    let order: Vec<Strategy> = std::iter::once(s.strategy)
        .chain(Strategy::ALL.into_iter().filter(|&x| x != s.strategy))
        .collect();
    let share = if s.position.is_some() { 0.5 } else { 0.8 };
    for (k, &strategy) in order.iter().enumerate() {
        let request = Request {
            rolls: true,
            keep: k == 0 && keep,
            ..Request::new(&space, crows, game.basket, strategy, &start)
        };
        let solution = solve(&request, &mut |f| progress(share * (k as f64 + f) / 4.0))?;
        let v = &solution.probes[0];
        strategies.push(StrategyValue {
            strategy: strategy.name(),
            win_probability: v.win[crows - 1],
            expected_rolls: v.rolls[crows - 1],
        });
        if k == 0 {
            main = Some(v.clone());
            table = solution.table;
        }
    }
    strategies.sort_by_key(|v| Strategy::ALL.iter().position(|x| x.name() == v.strategy));
    let main = main.expect("the scenario's strategy is solved");
    let (by_turn, by_turn_note) = match by_turn(game, s.strategy, table.as_ref(), &mut |_| {}) {
        Ok(b) => (Some(b), None),
        Err(Error::TooLarge(why)) => (None, Some(why)),
        Err(e) => return Err(e),
    };
    let (chain, chain_note) = match chain(game, s.strategy) {
        Ok(c) => (Some(c), None),
        Err(Error::TooLarge(why)) => (None, Some(why)),
        Err(e) => return Err(e),
    };
    let simulation = if s.simulate > 0 {
        Some(simulate(game, s.strategy, s.simulate, s.seed, table.as_ref())?)
    } else {
        None
    };
    progress(share);
    let advice = match &s.position {
        Some(p) => Some(advise(p, s.crows_left.unwrap_or(crows), game.basket, &mut |f| {
            progress(share + (1.0 - share) * f)
        })?),
        None => None,
    };
    progress(1.0);
    Ok(Analysis {
        trees: game.trees.clone(),
        crows,
        basket: game.basket,
        strategy: s.strategy.name(),
        label: label(&game.trees, crows),
        positions: space.size(),
        win_probability: main.win[crows - 1],
        expected_rolls: main.rolls[crows - 1],
        by_crows: main.win,
        strategies,
        by_turn,
        by_turn_note,
        chain,
        chain_note,
        simulation,
        advice,
    })
}
