//! What a Dice Battle view shows: one report per mode.

use super::compare::{compare, curves, simulate, Comparison, Curves, Simulation, Strategy};
use super::one_turn::{exact_matrix, matrix, solve_game, MatrixGame};
use super::scenario::{Mode, Scenario};
use super::sequential::{self, Sequential};
use super::simultaneous::{self, Simultaneous};
use super::{blind_choice, expected_points, score_distribution};
use crate::toolkit::number::{format_rational, Fraction};
use crate::toolkit::{Error, Grid, Matrix, Progress};
use serde::Serialize;

/// What every mode reports: the parameters and the score of one throw.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Head {
    /// The mode's link name.
    pub mode: &'static str,
    /// D: most dice per turn.
    pub dice: usize,
    /// N: points to reach.
    pub target: usize,
    /// `expected_points[d − 1]`: EP(d), the expected score of d dice.
    pub expected_points: Vec<f64>,
    /// d* = min(D, 6): the number of dice with the largest expected score.
    pub blind_choice: usize,
    /// `distribution[d − 1][k]`: P(d, k), the probability that d dice score k.
    pub distribution: Vec<Vec<f64>>,
}

/// EG and OPT of a sequential game (the seed's or its variant).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Tables {
    /// EG(i, j): the expected gain of the player to move with i points against j.
    pub eg: Matrix,
    /// OPT(i, j): the smallest optimal number of dice.
    pub opt: Grid<u8>,
    /// EG(0, 0).
    pub eg00: f64,
    /// OPT(0, 0).
    pub opt00: usize,
}

impl Tables {
    fn of(seq: &Sequential) -> Tables {
        Tables {
            eg00: seq.eg.get(0, 0),
            opt00: seq.opt(0, 0),
            opt: Grid::new(seq.target, seq.target, seq.opt.clone()),
            eg: seq.eg.clone(),
        }
    }
}

/// The sequential game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SequentialReport {
    /// Parameters and scores.
    #[serde(flatten)]
    pub head: Head,
    /// EG and OPT.
    #[serde(flatten)]
    pub tables: Tables,
    /// The exact 3 × 3 table of blind, optimal and random (rows: player 1), the seed's Table 1.
    pub table: Vec<Comparison>,
    /// The gain of optimal over blind as D and N vary (the seed's Figure 1).
    pub curves: Curves,
    /// A seeded simulation of `first` against `second`, when asked.
    pub simulation: Option<Simulation>,
    /// With `exact=yes`: EG(0, 0) and the whole of EG as fractions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<ExactEg>,
}

/// EG in exact fractions (`exact=yes`, D ≤ 6, N ≤ 40).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExactEg {
    /// EG(0, 0), the first player's expected gain at the start.
    pub eg00: Fraction,
    /// EG(i, j) as `p/q` (rows: the points of the player to move).
    pub eg: Vec<Vec<String>>,
}

/// Two strategies compared.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CompareReport {
    /// Parameters and scores.
    #[serde(flatten)]
    pub head: Head,
    /// Player 1's strategy.
    pub first: String,
    /// Player 2's strategy.
    pub second: String,
    /// Player 1's expected gain, exactly.
    pub expected_gain: f64,
    /// Player 1's win probability, exactly.
    pub win_probability: f64,
    /// The same as a one-row table.
    pub table: Vec<Comparison>,
    /// A seeded simulation, when asked.
    pub simulation: Option<Simulation>,
}

/// The simultaneous game in one turn (the seed's Tables 2 and 3).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OneTurnReport {
    /// Parameters and scores.
    #[serde(flatten)]
    pub head: Head,
    /// EG1(d1, d2): player 1's expected gain.
    pub matrix: Matrix,
    /// The same as fractions (D ≤ 6).
    pub matrix_exact: Option<Vec<Vec<String>>>,
    /// The game's solution.
    pub game: MatrixGame,
    /// Player 1's optimal mixed strategy (the game is symmetric: the same for player 2).
    pub strategy: Vec<f64>,
    /// The game's value (0: the game is symmetric).
    pub value: f64,
    /// The optimal mixed strategy for D = 2..=10.
    pub table_2: Vec<(usize, Vec<f64>)>,
    /// Expected gains of blind, optimal and random against each other, one turn.
    pub table_3: Vec<Comparison>,
}

/// The simultaneous game over many turns (the seed's Figure 4 and Table 4).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SimultaneousReport {
    /// Parameters and scores.
    #[serde(flatten)]
    pub head: Head,
    /// EG1(i, j): the value for player 1 with i points against j.
    pub eg: Matrix,
    /// Player 1's mixed strategy in each state: `strategy[i][j][d − 1]`.
    pub strategy: Grid<f64>,
    /// EG1(0, 0).
    pub value: f64,
    /// States that needed the LP (no pure saddle point).
    pub mixed_states: usize,
    /// max |EG1 + EG1ᵀ|.
    pub antisymmetry: f64,
    /// The optimal simultaneous strategy against blind, random, optimal sequential and itself.
    pub table: Vec<Comparison>,
}

/// The variant where a 1 scores 0 (the seed's question 6).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VariantReport {
    /// Parameters and scores.
    #[serde(flatten)]
    pub head: Head,
    /// EG and OPT.
    #[serde(flatten)]
    pub tables: Tables,
    /// Value iterations over all pairs.
    pub iterations: usize,
    /// The most one pair needed.
    pub max_iterations: usize,
}

/// The report of a Dice Battle view: one variant per mode.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Report {
    /// The sequential game.
    Sequential(SequentialReport),
    /// Two strategies compared.
    Compare(CompareReport),
    /// The one-turn simultaneous game.
    OneTurn(OneTurnReport),
    /// The multi-turn simultaneous game.
    Simultaneous(SimultaneousReport),
    /// The variant where a 1 scores 0.
    Variant(VariantReport),
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
                win_probability: None,
                expected_gain: gain,
            }
        })
        .collect())
}

/// Computes a Dice Battle scenario.
///
/// # Errors
/// The solvers' errors (ranges are checked when the scenario is parsed).
pub fn analyse(s: &Scenario, progress: Progress) -> Result<Report, Error> {
    let head = Head {
        mode: s.mode.name(),
        dice: s.dice,
        target: s.target,
        expected_points: (1..=s.dice).map(expected_points).collect(),
        blind_choice: blind_choice(s.dice),
        distribution: (1..=s.dice).map(score_distribution).collect(),
    };
    let report = match s.mode {
        Mode::Sequential => {
            let seq = sequential::solve(s.dice, s.target)?;
            progress(0.5, &[]);
            let all = Strategy::ALL;
            let table = all
                .iter()
                .flat_map(|&a| all.iter().map(move |&b| (a, b)))
                .map(|(a, b)| compare(&seq, a, b))
                .collect();
            let simulation = (s.simulate > 0)
                .then(|| simulate(&seq, s.first, s.second, s.simulate, s.seed))
                .transpose()?;
            let curves = curves(s.dice, s.target, &mut |f, c| progress(0.5 + 0.5 * f, c))?;
            let exact = if s.exact {
                let eg = sequential::solve_exact(s.dice, s.target)?;
                Some(ExactEg {
                    eg00: Fraction::of(&eg[0][0]),
                    eg: eg.iter().map(|row| row.iter().map(format_rational).collect()).collect(),
                })
            } else {
                None
            };
            Report::Sequential(SequentialReport {
                head,
                tables: Tables::of(&seq),
                table,
                curves,
                simulation,
                exact,
            })
        }
        Mode::Compare => {
            let seq = sequential::solve(s.dice, s.target)?;
            progress(0.5, &[]);
            let c = compare(&seq, s.first, s.second);
            let simulation = (s.simulate > 0)
                .then(|| simulate(&seq, s.first, s.second, s.simulate, s.seed))
                .transpose()?;
            Report::Compare(CompareReport {
                head,
                first: c.first.clone(),
                second: c.second.clone(),
                expected_gain: c.expected_gain,
                win_probability: c.win_probability.unwrap_or(f64::NAN),
                table: vec![c],
                simulation,
            })
        }
        Mode::Variant => {
            let v = super::variant::solve(s.dice, s.target)?;
            Report::Variant(VariantReport {
                head,
                tables: Tables::of(&v.game),
                iterations: v.iterations,
                max_iterations: v.max_iterations,
            })
        }
        Mode::Simultaneous => {
            let sim = simultaneous::solve(s.dice, s.target, &mut |f, c| progress(0.8 * f, c))?;
            Report::Simultaneous(SimultaneousReport {
                head,
                table: table_4(&sim)?,
                value: sim.eg.get(0, 0),
                mixed_states: sim.mixed_states,
                antisymmetry: sim.antisymmetry,
                strategy: Grid::cells(sim.target, sim.target, sim.dice, sim.strategy.clone()),
                eg: sim.eg,
            })
        }
        Mode::OneTurn => {
            let m = matrix(s.dice);
            let game = solve_game(&m)?;
            let table_2 = (2..=10)
                .map(|d| solve_game(&matrix(d)).map(|g| (d, g.strategy)))
                .collect::<Result<_, _>>()?;
            // Table 3: x1ᵀ M x2 for blind, optimal and random on both sides.
            let pure = |d: usize| (1..=s.dice).map(|k| f64::from(k == d)).collect::<Vec<f64>>();
            let named = [
                ("blind", pure(blind_choice(s.dice))),
                ("optimal", game.strategy.clone()),
                ("random", vec![1.0 / s.dice as f64; s.dice]),
            ];
            let mut table_3 = Vec::new();
            for (first, x) in &named {
                for (second, y) in &named {
                    let gain: f64 = (0..s.dice)
                        .map(|a| (0..s.dice).map(|b| x[a] * m.get(a, b) * y[b]).sum::<f64>())
                        .sum();
                    table_3.push(Comparison {
                        first: (*first).into(),
                        second: (*second).into(),
                        win_probability: None,
                        expected_gain: gain,
                    });
                }
            }
            Report::OneTurn(OneTurnReport {
                head,
                matrix_exact: exact_matrix(s.dice),
                strategy: game.strategy.clone(),
                value: game.value,
                game,
                matrix: m,
                table_2,
                table_3,
            })
        }
    };
    progress(1.0, &[]);
    Ok(report)
}
