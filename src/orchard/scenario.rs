//! The Orchard scenario: `trees`, `fruits` (one count, or one per tree like
//! `10,10,7,3`), `crows`, `strategy`, `basket`, `simulate`, `seed`, and the
//! advisor's `position` and `crows_left` — the CLI's flag names.

use super::advice::{advise, Advice};
use super::by_turn::{by_turn, ByTurn};
use super::chain::{chain, Chain};
use super::exact::all_strategies;
use super::simulate::{simulate, Simulation, MAX_GAMES};
use super::{label, solve, Game, Request, Strategy, MAX_BASKET, MAX_FRUITS, MAX_TREES};
use crate::toolkit::number::Fraction;
use crate::toolkit::sort;
use crate::toolkit::{field, yes_no, Error, Field, Label, Params, Progress, Quoted, Text, EXACT};
use serde::Serialize;

/// Most crows a game may have.
pub const MAX_CROWS: usize = 20;
/// Largest game (positions × crows) whose every value is kept, for the
/// optimal strategy's simulation and outcome by roll.
pub const MAX_KEPT: usize = 2_000_000;

/// The keys of an Orchard link, in link order.
pub const FIELDS: &[Field] = &[
    Field::whole("trees", Label::new("Trees", "Arbres"), 1, MAX_TREES as u64),
    Field::wholes(
        "fruits",
        Label::new("Fruits per tree", "Fruits par arbre"),
        1,
        MAX_FRUITS as u64,
        MAX_TREES,
    ),
    Field::whole(
        "crows",
        Label::new("Crow pieces", "Pièces du corbeau"),
        1,
        MAX_CROWS as u64,
    ),
    Field::choice(
        "strategy",
        Label::new("Basket strategy", "Stratégie du panier"),
        &Strategy::NAMES,
    ),
    Field::whole(
        "basket",
        Label::new("Fruits a basket picks", "Fruits cueillis par le panier"),
        1,
        MAX_BASKET as u64,
    ),
    Field::whole(
        "simulate",
        Label::new("Also simulate (games)", "Simuler aussi (parties)"),
        0,
        MAX_GAMES,
    ),
    Field::whole("seed", Label::new("Seed", "Graine"), 0, u32::MAX as u64),
    Field::wholes(
        "position",
        Label::new("Fruits per tree (advisor)", "Fruits par arbre (conseiller)"),
        0,
        MAX_FRUITS as u64,
        MAX_TREES,
    ),
    Field::whole(
        "crows_left",
        Label::new("Crows left", "Corbeaux restants"),
        1,
        MAX_CROWS as u64,
    ),
    EXACT,
];

/// One Orchard view.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scenario {
    /// The trees, the crows and the basket.
    pub game: Game,
    /// How the basket's fruits are chosen.
    pub strategy: Strategy,
    /// Games to simulate next to the exact value (0: none).
    pub simulate: u64,
    /// Seed of the simulation.
    pub seed: u64,
    /// The advisor's position (fruits per tree).
    pub position: Option<Vec<u8>>,
    /// The advisor's crows left.
    pub crows_left: Option<usize>,
    /// `exact=yes`: every strategy's win probability as a fraction.
    pub exact: bool,
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
            exact: false,
        }
    }
}

crate::link_scenario!(Scenario);

impl Scenario {
    /// Reads an Orchard link's keys; absent keys keep their defaults.
    ///
    /// # Errors
    /// The first key at fault.
    pub fn parse(params: &mut Params) -> Result<Self, Error> {
        let f = |key| field(FIELDS, key);
        let mut s = Scenario::default();
        let trees = params.count(f("trees"))?;
        let fruits = params.wholes::<u8>(f("fruits"))?;
        s.game.trees = match (trees, fruits) {
            (t, Some(list)) if list.len() > 1 => {
                if t.is_some_and(|t| t != list.len()) {
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
            (t, Some(one)) => vec![one[0]; t.unwrap_or(s.game.trees.len())],
            (Some(t), None) => vec![s.game.trees[0]; t],
            (None, None) => s.game.trees,
        };
        if let Some(v) = params.count(f("crows"))? {
            s.game.crows = v;
        }
        if let Some(v) = params.choice(f("strategy"), &Strategy::ALL, Strategy::name)? {
            s.strategy = v;
        }
        if let Some(v) = params.count(f("basket"))? {
            s.game.basket = v;
        }
        if let Some(v) = params.whole(f("simulate"))? {
            s.simulate = v;
        }
        if let Some(v) = params.whole(f("seed"))? {
            s.seed = v;
        }
        if let Some(p) = params.wholes::<u8>(f("position"))? {
            if p.iter().all(|&t| t == 0) {
                return Err(Error::InvalidValue {
                    key: "position",
                    value: Quoted::new(&p.iter().map(u8::to_string).collect::<Vec<_>>().join(",")),
                    expected: text!(
                        "at least one fruit left on the trees",
                        "au moins un fruit restant sur les arbres"
                    ),
                });
            }
            s.position = Some(p);
        }
        if let Some(v) = params.choice(f("exact"), &[false, true], yes_no)? {
            s.exact = v;
        }
        if let Some(v) = params.count(f("crows_left"))? {
            s.crows_left = Some(v);
            if s.position.is_none() {
                s.position = Some(s.game.trees.clone());
            }
        }
        Ok(s)
    }

    /// The link's pairs, keys at their default left out (but the game's own).
    pub fn write(&self) -> Vec<(&'static str, String)> {
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
        if self.exact {
            out.push(("exact", "yes".to_string()));
        }
        out
    }
}

/// One strategy's value for the bar chart.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StrategyValue {
    /// The strategy's link name.
    pub strategy: &'static str,
    /// Its win probability.
    pub win_probability: f64,
    /// Its expected number of rolls.
    pub expected_rolls: f64,
}

/// Everything an Orchard view shows (one mode).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// Fruits per tree at the start.
    pub trees: Vec<u8>,
    /// Crow pieces.
    pub crows: usize,
    /// Fruits a basket picks.
    pub basket: usize,
    /// The strategy's link name.
    pub strategy: &'static str,
    /// The start as the seed writes it (`22|2`).
    pub label: String,
    /// Canonical positions solved (of the game's own space).
    pub positions: usize,
    /// The win probability with the strategy.
    pub win_probability: f64,
    /// The expected number of rolls with the strategy.
    pub expected_rolls: f64,
    /// P with 1, 2, …, `crows` crows (same trees and strategy).
    pub by_crows: Vec<f64>,
    /// All four strategies, in the order max, min, random, optimal.
    pub strategies: Vec<StrategyValue>,
    /// Victory and defeat by roll.
    pub by_turn: Option<ByTurn>,
    /// Why there is no outcome by roll (too large).
    pub by_turn_note: Option<Text>,
    /// The game as the seed's Markov chain (small games).
    pub chain: Option<Chain>,
    /// Why there is no chain (too large).
    pub chain_note: Option<Text>,
    /// A seeded simulation, when asked.
    pub simulation: Option<Simulation>,
    /// Why the simulation asked for was not run (too large to keep every value).
    pub simulation_note: Option<Text>,
    /// The advisor's answer, when a position is given.
    pub advice: Option<Advice>,
    /// With `exact=yes`: every strategy's win probability as a fraction, in
    /// the order max, min, random, optimal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<Vec<ExactStrategy>>,
    /// Why the fractions asked for are not given (a game past
    /// [`MAX_EXACT_POSITIONS`](super::exact::MAX_EXACT_POSITIONS) positions).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact_note: Option<Text>,
}

/// One strategy's win probability as an exact fraction.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExactStrategy {
    /// The strategy's link name.
    pub strategy: &'static str,
    /// Its win probability, exactly.
    pub win_probability: Fraction,
}

/// Every strategy's exact win probability (the seed's recursion in fractions).
fn exact_strategies(game: &Game, progress: Progress) -> Result<Vec<ExactStrategy>, Error> {
    let values = all_strategies(&game.trees, game.crows, game.basket, progress)?;
    Ok(Strategy::ALL
        .into_iter()
        .zip(values)
        .map(|(strategy, p)| ExactStrategy {
            strategy: strategy.name(),
            win_probability: Fraction::of(&p),
        })
        .collect())
}

/// Computes an Orchard scenario.
///
/// # Errors
/// The solvers' errors (ranges are checked when the scenario is parsed).
pub fn analyse(s: &Scenario, progress: Progress) -> Result<Report, Error> {
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
        let solution = solve(&request, &mut |f, c| progress(share * (k as f64 + f) / 4.0, c))?;
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
    sort::sort_by_key(&mut strategies, |v| {
        Strategy::ALL.iter().position(|x| x.name() == v.strategy)
    });
    let main = main.expect("the scenario's strategy is solved");
    let (by_turn, by_turn_note) = match by_turn(game, s.strategy, table.as_ref(), &mut |_, _| {}) {
        Ok(b) => (Some(b), None),
        Err(Error::TooLarge { message: why, .. }) => (None, Some(why)),
        Err(e) => return Err(e),
    };
    let (chain, chain_note) = match chain(game, s.strategy) {
        Ok(c) => (Some(c), None),
        Err(Error::TooLarge { message: why, .. }) => (None, Some(why)),
        Err(e) => return Err(e),
    };
    // The optimal strategy's simulation needs every position's value: a game too
    // large to keep them says so instead of failing the whole analysis.
    let (simulation, simulation_note) = if s.simulate > 0 {
        match simulate(game, s.strategy, s.simulate, s.seed, table.as_ref()) {
            Ok(sim) => (Some(sim), None),
            Err(Error::TooLarge { message, .. }) => (None, Some(message)),
            Err(e) => return Err(e),
        }
    } else {
        (None, None)
    };
    progress(share, &[]);
    let advice = match &s.position {
        Some(p) => Some(advise(p, s.crows_left.unwrap_or(crows), game.basket, &mut |f, c| {
            progress(share + (1.0 - share) * f, c);
        })?),
        None => None,
    };
    let (exact, exact_note) = if s.exact {
        match exact_strategies(game, &mut |f, c| progress(0.95 + 0.05 * f, c)) {
            Ok(x) => (Some(x), None),
            Err(Error::TooLarge { message, .. }) => (None, Some(message)),
            Err(e) => return Err(e),
        }
    } else {
        (None, None)
    };
    progress(1.0, &[]);
    Ok(Report {
        exact,
        exact_note,
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
        simulation_note,
        advice,
    })
}
