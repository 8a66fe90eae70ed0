//! The Dice Battle scenario: `mode` (`sequential`, `compare`, `one-turn`), `dice`,
//! `target`, `first`, `second`, `simulate`, `seed` — the CLI's flag names.

use super::compare::{compare, simulate, Comparison, Simulation, MAX_GAMES};
use super::one_turn::{exact_matrix, matrix, solve_game, MatrixGame};
use super::sequential::{self, Sequential, MAX_DICE, MAX_TARGET};
use super::simultaneous::{self, Simultaneous, MAX_SIM_DICE, MAX_SIM_TARGET};
use super::{blind_choice, expected_points, score_distribution, Strategy};
use crate::error::Quoted;
use crate::scenario::{whole, Params};
use crate::{Error, Matrix, Progress};
use serde::Serialize;

/// What the Dice Battle view computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// The sequential game: EG and OPT, and the table of strategies.
    Sequential,
    /// Two strategies compared exactly (and simulated when asked).
    Compare,
    /// The simultaneous game in one turn.
    OneTurn,
    /// The simultaneous game over many turns: a matrix game in every state.
    Simultaneous,
    /// The seed's question 6: a 1 scores 0, solved by value iteration.
    Variant,
}

impl Mode {
    pub const ALL: [Mode; 5] = [
        Mode::Sequential,
        Mode::Compare,
        Mode::OneTurn,
        Mode::Simultaneous,
        Mode::Variant,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Mode::Sequential => "sequential",
            Mode::Compare => "compare",
            Mode::OneTurn => "one-turn",
            Mode::Simultaneous => "simultaneous",
            Mode::Variant => "variant",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scenario {
    pub mode: Mode,
    /// D: most dice a player may throw.
    pub dice: usize,
    /// N: points to reach.
    pub target: usize,
    /// Strategies of player 1 (moving first) and player 2, for `compare`.
    pub first: Strategy,
    pub second: Strategy,
    /// Games to simulate next to the exact comparison (0: none).
    pub simulate: u64,
    pub seed: u64,
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            mode: Mode::Sequential,
            dice: 10,
            target: 100,
            first: Strategy::Optimal,
            second: Strategy::Blind,
            simulate: 0,
            seed: 1,
        }
    }
}

impl Scenario {
    pub const KEYS: &'static [&'static str] = &["mode", "dice", "target", "first", "second", "simulate", "seed"];

    pub(crate) fn from_params(params: &mut Params) -> Result<Self, Error> {
        let mut s = Scenario::default();
        if let Some(x) = params.choice("mode", &Mode::ALL, Mode::name)? {
            s.mode = x;
        }
        let count = |key: &'static str, text: &str, max: usize| whole(key, text, 1, max as u64).map(|v| v as usize);
        if let Some(v) = params.take("dice") {
            s.dice = count("dice", &v, MAX_DICE)?;
        }
        if let Some(v) = params.take("target") {
            s.target = count("target", &v, MAX_TARGET)?;
        }
        for key in ["first", "second"] {
            if let Some(v) = params.take(key) {
                let strategy = Strategy::from_name(&v).filter(|st| !matches!(st, Strategy::Fixed(d) if *d > s.dice));
                let strategy = strategy.ok_or_else(|| Error::InvalidValue {
                    key: if key == "first" { "first" } else { "second" },
                    value: Quoted::new(&v),
                    expected: text!(
                        "blind, random, optimal or a number of dice from 1 to {}",
                        "blind, random, optimal ou un nombre de dés de 1 à {}",
                        s.dice
                    ),
                })?;
                if key == "first" {
                    s.first = strategy;
                } else {
                    s.second = strategy;
                }
            }
        }
        if s.mode == Mode::Simultaneous && (s.dice > MAX_SIM_DICE || s.target > MAX_SIM_TARGET) {
            let key = if s.dice > MAX_SIM_DICE { "dice" } else { "target" };
            return Err(Error::Conflict {
                key,
                message: text!(
                    "the multi-turn simultaneous game takes at most {MAX_SIM_DICE} dice and a target of {MAX_SIM_TARGET} \
                     (it solves a matrix game in each of N² states)",
                    "le jeu simultané en plusieurs tours prend au plus {MAX_SIM_DICE} dés et une cible de {MAX_SIM_TARGET} \
                     (il résout un jeu matriciel dans chacun des N² états)"
                ),
            });
        }
        if let Some(v) = params.take("simulate") {
            s.simulate = whole("simulate", &v, 0, MAX_GAMES)?;
        }
        if let Some(v) = params.take("seed") {
            s.seed = whole("seed", &v, 0, u64::from(u32::MAX))?;
        }
        Ok(s)
    }

    pub(crate) fn pairs(&self) -> Vec<(&'static str, String)> {
        let d = Scenario::default();
        let mut out = vec![("mode", self.mode.name().to_string()), ("dice", self.dice.to_string())];
        if self.mode != Mode::OneTurn {
            out.push(("target", self.target.to_string()));
        }
        if self.first != d.first {
            out.push(("first", self.first.name()));
        }
        if self.second != d.second {
            out.push(("second", self.second.name()));
        }
        if self.simulate != d.simulate {
            out.push(("simulate", self.simulate.to_string()));
        }
        if self.seed != d.seed {
            out.push(("seed", self.seed.to_string()));
        }
        out
    }
}

/// The score distribution of every number of dice, and EP.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Scores {
    /// `distribution[d − 1][k]`: P(d, k).
    pub distribution: Vec<Vec<f64>>,
    /// `expected_points[d − 1]`: EP(d).
    pub expected_points: Vec<f64>,
    pub blind_choice: usize,
}

/// Everything computed for one Dice Battle scenario.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    pub mode: &'static str,
    pub dice: usize,
    pub target: usize,
    pub scores: Scores,
    /// EG (rows = points of the player to move) and OPT, for sequential and compare.
    #[serde(skip)]
    pub sequential: Option<Sequential>,
    /// The exact table of strategies (rows = player 1) for sequential; one comparison for compare.
    pub table: Vec<Comparison>,
    pub simulation: Option<Simulation>,
    /// The one-turn matrix, its fractions (D ≤ 6) and its game.
    #[serde(skip)]
    pub matrix: Option<Matrix>,
    pub matrix_exact: Option<Vec<Vec<String>>>,
    pub game: Option<MatrixGame>,
    /// The multi-turn simultaneous game (its EG1 and strategies are sent separately).
    #[serde(skip)]
    pub simultaneous: Option<Simultaneous>,
    /// States that needed the LP, and max |EG1 + EG1ᵀ|.
    pub mixed_states: Option<usize>,
    pub antisymmetry: Option<f64>,
    /// The seed's Figure 1 (sequential mode).
    pub curves: Option<super::compare::Curves>,
    /// One-turn game: the optimal mixed strategy for D = 2..=10 (the seed's Table 2)
    /// and the 3 × 3 expected gains of blind, optimal and random (Table 3).
    pub table_2: Vec<(usize, Vec<f64>)>,
    pub table_3: Vec<Comparison>,
    /// Value iterations of the variant: all pairs, and the most one pair needed.
    pub iterations: Option<usize>,
    pub max_iterations: Option<usize>,
}

/// Player 2's distribution over 1..=D in a state (own points, opponent's points).
type OpponentStrategy<'a> = dyn Fn(usize, usize) -> Vec<f64> + 'a;

/// The seed's Table 4: the optimal simultaneous strategy (player 1) against blind,
/// random, the optimal sequential strategy and itself, as `Comparison`s.
fn table_4(sim: &Simultaneous) -> Result<Vec<Comparison>, Error> {
    let dice = sim.dice;
    let seq = sequential::solve(dice, sim.target)?;
    let blind = blind_choice(dice);
    let pure = |d: usize| {
        let mut y = vec![0.0; dice];
        y[d - 1] = 1.0;
        y
    };
    let rows: [(&str, Box<OpponentStrategy>); 4] = [
        ("blind", Box::new(move |_, _| pure(blind))),
        ("random", Box::new(move |_, _| vec![1.0 / dice as f64; dice])),
        ("optimal sequential", Box::new(|own, other| pure(seq.opt(own, other)))),
        (
            "optimal simultaneous",
            Box::new(|own, other| sim.mixed(own, other).to_vec()),
        ),
    ];
    Ok(rows
        .iter()
        .map(|(name, other)| {
            let gain = simultaneous::against(sim, other.as_ref());
            Comparison {
                first: "optimal simultaneous".into(),
                second: (*name).into(),
                // Draws are possible here: only the gain is defined by the table.
                win_probability: f64::NAN,
                expected_gain: gain,
            }
        })
        .collect())
}

/// Computes a Dice Battle scenario.
///
/// # Errors
/// The solvers' errors (ranges are checked when the scenario is parsed).
pub fn analyse(s: &Scenario, progress: Progress) -> Result<Analysis, Error> {
    let scores = Scores {
        distribution: (1..=s.dice).map(score_distribution).collect(),
        expected_points: (1..=s.dice).map(expected_points).collect(),
        blind_choice: blind_choice(s.dice),
    };
    let mut out = Analysis {
        mode: s.mode.name(),
        dice: s.dice,
        target: s.target,
        scores,
        sequential: None,
        table: Vec::new(),
        simulation: None,
        matrix: None,
        matrix_exact: None,
        game: None,
        simultaneous: None,
        mixed_states: None,
        antisymmetry: None,
        curves: None,
        iterations: None,
        max_iterations: None,
        table_2: Vec::new(),
        table_3: Vec::new(),
    };
    match s.mode {
        Mode::Sequential | Mode::Compare => {
            let seq = sequential::solve(s.dice, s.target)?;
            progress(0.5);
            out.table = if s.mode == Mode::Sequential {
                let all = [Strategy::Blind, Strategy::Optimal, Strategy::Random];
                all.iter()
                    .flat_map(|&a| all.iter().map(move |&b| (a, b)))
                    .map(|(a, b)| compare(&seq, a, b))
                    .collect()
            } else {
                vec![compare(&seq, s.first, s.second)]
            };
            if s.simulate > 0 {
                out.simulation = Some(simulate(&seq, s.first, s.second, s.simulate, s.seed)?);
            }
            if s.mode == Mode::Sequential {
                out.curves = Some(super::compare::curves(s.dice, s.target, &mut |f| {
                    progress(0.5 + 0.5 * f)
                })?);
            }
            out.sequential = Some(seq);
        }
        Mode::Variant => {
            let v = super::variant::solve(s.dice, s.target)?;
            out.iterations = Some(v.iterations);
            out.max_iterations = Some(v.max_iterations);
            out.sequential = Some(v.game);
        }
        Mode::Simultaneous => {
            let sim = simultaneous::solve(s.dice, s.target, &mut |f| progress(0.8 * f))?;
            out.table = table_4(&sim)?;
            out.mixed_states = Some(sim.mixed_states);
            out.antisymmetry = Some(sim.antisymmetry);
            out.simultaneous = Some(sim);
        }
        Mode::OneTurn => {
            let m = matrix(s.dice);
            let game = solve_game(&m)?;
            out.table_2 = (2..=10)
                .map(|d| solve_game(&matrix(d)).map(|g| (d, g.strategy)))
                .collect::<Result<_, _>>()?;
            // Table 3: x1ᵀ M x2 for blind, optimal and random on both sides.
            let pure = |d: usize| (1..=s.dice).map(|k| f64::from(k == d)).collect::<Vec<f64>>();
            let named = [
                ("blind", pure(blind_choice(s.dice))),
                ("optimal", game.strategy.clone()),
                ("random", vec![1.0 / s.dice as f64; s.dice]),
            ];
            for (first, x) in &named {
                for (second, y) in &named {
                    let gain: f64 = (0..s.dice)
                        .map(|a| (0..s.dice).map(|b| x[a] * m.get(a, b) * y[b]).sum::<f64>())
                        .sum();
                    out.table_3.push(Comparison {
                        first: (*first).into(),
                        second: (*second).into(),
                        win_probability: f64::NAN,
                        expected_gain: gain,
                    });
                }
            }
            out.game = Some(game);
            out.matrix_exact = exact_matrix(s.dice);
            out.matrix = Some(m);
        }
    }
    progress(1.0);
    Ok(out)
}
