//! Everything the Snakes and Ladders view shows, for one scenario.

use super::players::{finish_times, race, OnePlayer, Race};
use super::scenario::{Method, Scenario};
use super::surprises::{surprises, Surprise};
use super::{analyse, distributions, exact, series, vectorised, FinishRule, Model, Solution, Termination};
use crate::toolkit::number::{Fraction, Rational};
use crate::toolkit::Lang;
use crate::toolkit::{sort, Error, Matrix, Progress, Text};
use serde::Serialize;

/// Boards up to this size get P and E as fractions too, whatever the method
/// (milliseconds of work, and the fractions are still readable).
pub const FRACTIONS_UP_TO: usize = 8;

/// Mass left unfinished when the rules table's distributions stop.
const RULES_TAIL: f64 = 1e-10;

/// How games end on the board, as reported to the user.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TerminationReport {
    /// Whether A^k → 0: every game ends with probability 1, from every square.
    pub terminates: bool,
    /// Squares from which the goal cannot be reached.
    pub trapped: Vec<usize>,
    /// Squares from which the goal can be reached but a game may also last forever.
    pub unsure: Vec<usize>,
    /// Whether a game with every player on square 0 ends with probability 1.
    pub ends_from_start: bool,
    /// Probability that one player from square 0 never finishes.
    pub start_never_finishes: f64,
    /// Probability that a two-player game from (0, 0) lasts forever.
    pub start_game_never_ends: f64,
    /// Why some entries of P and E are undefined, if any are.
    pub undefined: Option<Text>,
}

/// Largest board whose characteristic matrix A goes into the report (as a heat map).
pub const MAX_A_SHOWN: usize = 200;
/// Largest board whose A also goes in as fractions (as a table).
pub const MAX_A_TABLE: usize = 20;

/// One row of the table comparing the finish rules on the current board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RuleRow {
    /// The rule's link name.
    pub rule: &'static str,
    /// Whether every game ends under this rule.
    pub terminates: bool,
    /// `p[0][0]` (NaN when the game from (0, 0) may not end).
    pub p00: f64,
    /// `e[0][0]` (`None` when the game from (0, 0) may last forever).
    pub e00: Option<f64>,
    /// One player's expected rolls from 0 (`None` when it may never finish).
    pub expected_rolls: Option<f64>,
    /// One player's median number of rolls.
    pub median: Option<usize>,
    /// Why the row's numbers were not computed (games under this rule last
    /// too long for the distributions), if so; its numbers are then NaN / none.
    pub note: Option<Text>,
}

/// Everything the Snakes and Ladders view shows (one mode).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// Squares of the board (the goal's number).
    pub n: usize,
    /// The method's link name.
    pub method: &'static str,
    /// How games end.
    #[serde(flatten)]
    pub termination: TerminationReport,
    /// P (NaN where undefined, `null` in JSON: see `undefined`).
    pub p: Matrix,
    /// E (NaN where undefined).
    pub e: Matrix,
    /// `p[0][0]`, when defined.
    pub p00: Option<f64>,
    /// `e[0][0]`, when defined.
    pub e00: Option<f64>,
    /// P and E as fractions (`exact` method, or any method up to
    /// [`FRACTIONS_UP_TO`] squares; `None` entries where undefined).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_exact: Option<Vec<Vec<Option<String>>>>,
    /// See `p_exact`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub e_exact: Option<Vec<Vec<Option<String>>>>,
    /// Rolls or series terms summed.
    pub terms: usize,
    /// Bound on the truncation error of every entry of P.
    pub error_bound: f64,
    /// The same for E.
    pub error_bound_e: f64,
    /// One player alone from square 0.
    pub one_player: OnePlayer,
    /// The race of the scenario's players.
    pub players: Race,
    /// Where P goes against intuition.
    pub surprises: Vec<Surprise>,
    /// The three finish rules on this board (empty for a typed matrix).
    pub rules: Vec<RuleRow>,
    /// The squares a token can rest on (not the start of a jump).
    pub resting: Vec<usize>,
    /// The characteristic matrix A, for boards of at most 200 squares.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub a: Option<Matrix>,
    /// A as fractions, for boards of at most 20 squares.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub a_text: Option<Vec<Vec<String>>>,
    /// With `exact=yes`: the headline numbers as fractions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<ExactHeadline>,
}

/// The headline numbers as exact fractions (`exact=yes`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExactHeadline {
    /// One player's expected rolls from square 0 (`None` when it may never finish).
    pub expected_rolls: Option<Fraction>,
    /// `p[0][0]`, on boards of at most [`exact::MAX_SQUARES`] squares where defined.
    pub p00: Option<Fraction>,
    /// `e[0][0]`, likewise.
    pub e00: Option<Fraction>,
}

/// Analyses a scenario: P and E by its method on the squares where games surely
/// end, the termination report, one player, the race, surprises and the rules table.
///
/// # Errors
/// The method's errors ([`Error::NoConvergence`], [`Error::Singular`]).
pub fn analyse_scenario(scenario: &Scenario, progress: Progress) -> Result<Report, Error> {
    let exact_a = scenario.model.exact_matrix();
    let a = exact_a.to_f64();
    let n = a.size();
    let t = analyse(&a)?;
    let sure = t.sure();

    // P and E on the closed sub-board where games surely end.
    let mut p = Matrix::from_rows(&vec![vec![f64::NAN; n]; n]);
    let mut e = p.clone();
    let (mut p_exact, mut e_exact) = (None, None);
    // p[0][0] and e[0][0] as fractions, when P and E were solved exactly.
    let mut corner = None;
    let (mut terms, mut error_bound, mut error_bound_e) = (0, 0.0, 0.0);
    if !sure.is_empty() {
        let a_sure = a.restrict(&sure);
        let mut scaled = |f: f64, c: crate::toolkit::Counts| progress(0.9 * f, c);
        let solution = match scenario.method {
            Method::Distributions => distributions::solve(&a_sure, &mut scaled)?,
            Method::Series => series::solve(&a_sure, &mut scaled)?,
            Method::Vectorised => vectorised::solve(&a_sure, &mut scaled)?,
            Method::Exact => {
                let s = exact::solve(&exact_a.restrict(&sure), &mut scaled)?;
                corner = corner_of(&s, &sure);
                let (pf, ef) = s.to_f64();
                (p_exact, e_exact) = spread_fractions(&s, &sure, n);
                Solution {
                    p: pf,
                    e: ef,
                    terms: 0,
                    error_bound: 0.0,
                    error_bound_e: 0.0,
                }
            }
        };
        for (a_i, &i) in sure.iter().enumerate() {
            for (a_j, &j) in sure.iter().enumerate() {
                p.set(i, j, solution.p.get(a_i, a_j));
                e.set(i, j, solution.e.get(a_i, a_j));
            }
        }
        terms = solution.terms;
        error_bound = solution.error_bound;
        error_bound_e = solution.error_bound_e;
        let fractions_up_to = if scenario.exact {
            exact::MAX_SQUARES
        } else {
            FRACTIONS_UP_TO
        };
        if scenario.method != Method::Exact && sure.len() <= fractions_up_to {
            let s = exact::solve(&exact_a.restrict(&sure), &mut |_, _| {})?;
            corner = corner_of(&s, &sure);
            (p_exact, e_exact) = spread_fractions(&s, &sure, n);
        }
    }

    // One player from 0 and the race, from the finish-time distributions.
    let mut squares: Vec<usize> = scenario.starts.iter().copied().chain([0]).collect();
    sort::sort(&mut squares);
    squares.dedup();
    let times = finish_times(&a, &t, &squares, super::players::TAIL)?;
    let zero = squares.iter().position(|&s| s == 0).expect("0 is included");
    let one_player =
        OnePlayer::from_distribution(0, &times.finish[zero], &times.survival[zero], t.finish_probability[0]);
    let race = race(&scenario.starts, &squares, &times, &t);

    let resting: Vec<usize> = match &scenario.model {
        Model::Board(b) => (0..n).filter(|&i| b.after_jump(i) == i).collect(),
        Model::Matrix(_) => (0..n).collect(),
    };
    let comparable: Vec<usize> = resting
        .iter()
        .copied()
        .filter(|i| sure.binary_search(i).is_ok())
        .collect();
    let surprises = surprises(&p, &comparable);
    let rules = match &scenario.model {
        Model::Board(b) => FinishRule::ALL
            .into_iter()
            .map(|rule| {
                if rule == b.rule() {
                    // The board's own rule: square 0's distribution is already known.
                    let r = super::players::race(&[0, 0], &squares, &times, &t);
                    Ok(RuleRow {
                        rule: rule.name(),
                        terminates: t.terminates(),
                        p00: r.win_probabilities[0],
                        e00: r.expected_length,
                        expected_rolls: one_player.expected_rolls,
                        median: one_player.median,
                        note: None,
                    })
                } else {
                    rule_row(&b.with_rule(rule), rule)
                }
            })
            .collect::<Result<Vec<_>, _>>()?,
        Model::Matrix(_) => Vec::new(),
    };
    let exact = if scenario.exact {
        let rolls = super::exact_rolls::expected_rolls(&exact_a, 0, &mut |f, c| progress(0.9 + 0.1 * f, c))?;
        Some(ExactHeadline {
            expected_rolls: rolls.as_ref().map(Fraction::of),
            p00: corner.as_ref().map(|(p, _)| Fraction::of(p)),
            e00: corner.as_ref().map(|(_, e)| Fraction::of(e)),
        })
    } else {
        None
    };
    progress(1.0, &[]);
    let defined = |x: f64| x.is_finite().then_some(x);
    Ok(Report {
        n,
        method: scenario.method.name(),
        termination: report(&t),
        p00: defined(p.get(0, 0)),
        e00: defined(e.get(0, 0)),
        p,
        e,
        p_exact,
        e_exact,
        terms,
        error_bound,
        error_bound_e,
        one_player,
        players: race,
        surprises,
        rules,
        resting,
        a: (n <= MAX_A_SHOWN).then(|| exact_a.to_f64().to_dense()),
        a_text: (n <= MAX_A_TABLE).then(|| {
            exact_a
                .to_dense()
                .iter()
                .map(|row| row.iter().map(crate::toolkit::number::format_rational).collect())
                .collect()
        }),
        exact,
    })
}

type Fractions = Option<Vec<Vec<Option<String>>>>;

/// p[0][0] and e[0][0] of an exact solution on the `sure` squares, when 0 is one of them.
fn corner_of(s: &exact::ExactSolution, sure: &[usize]) -> Option<(Rational, Rational)> {
    (sure.first() == Some(&0)).then(|| (s.p[0][0].clone(), s.e[0][0].clone()))
}

/// Exact P and E on the sure squares, placed in n × n tables (`None` elsewhere).
fn spread_fractions(s: &exact::ExactSolution, sure: &[usize], n: usize) -> (Fractions, Fractions) {
    let spread = |m: &[Vec<String>]| {
        let mut full = vec![vec![None; n]; n];
        for (a, &i) in sure.iter().enumerate() {
            for (b, &j) in sure.iter().enumerate() {
                full[i][j] = Some(m[a][b].clone());
            }
        }
        Some(full)
    };
    (
        spread(&exact::ExactSolution::strings(&s.p)),
        spread(&exact::ExactSolution::strings(&s.e)),
    )
}

fn report(t: &Termination) -> TerminationReport {
    let (trapped, unsure) = (list(&t.trapped, Lang::En), list(&t.unsure, Lang::En));
    let (trapped_fr, unsure_fr) = (list(&t.trapped, Lang::Fr), list(&t.unsure, Lang::Fr));
    let undefined = match (t.trapped.is_empty(), t.unsure.is_empty()) {
        (true, true) => None,
        (false, true) => Some(text!(
            "P and E are not defined on the rows and columns of the trapped squares (the goal cannot be reached \
             from {trapped}): there P + APᵀ = J and E − AEᵀ = J do not hold.",
            "P et E ne sont pas définies sur les lignes et colonnes des cases piégées (l'arrivée est inaccessible \
             depuis {trapped_fr}) : P + APᵀ = J et E − AEᵀ = J n'y sont pas vérifiées."
        )),
        (true, false) => Some(text!(
            "P and E are not defined on the rows and columns of the squares from which a game may last forever \
             ({unsure}): there P + APᵀ = J and E − AEᵀ = J do not hold.",
            "P et E ne sont pas définies sur les lignes et colonnes des cases d'où une partie peut durer \
             indéfiniment ({unsure_fr}) : P + APᵀ = J et E − AEᵀ = J n'y sont pas vérifiées."
        )),
        (false, false) => Some(text!(
            "P and E are not defined on the rows and columns of the trapped squares (the goal cannot be reached \
             from {trapped}) and the squares from which a game may last forever ({unsure}): there P + APᵀ = J \
             and E − AEᵀ = J do not hold.",
            "P et E ne sont pas définies sur les lignes et colonnes des cases piégées (l'arrivée est inaccessible \
             depuis {trapped_fr}) et des cases d'où une partie peut durer indéfiniment ({unsure_fr}) : \
             P + APᵀ = J et E − AEᵀ = J n'y sont pas vérifiées."
        )),
    };
    TerminationReport {
        terminates: t.terminates(),
        trapped: t.trapped.clone(),
        unsure: t.unsure.clone(),
        ends_from_start: t.ends_surely(&[0]),
        start_never_finishes: 1.0 - t.finish_probability[0],
        start_game_never_ends: t.never_ends(&[0, 0]),
        undefined,
    }
}

fn list(squares: &[usize], lang: Lang) -> String {
    let shown: Vec<String> = squares.iter().take(12).map(usize::to_string).collect();
    let more = match (squares.len() > 12, lang) {
        (false, _) => String::new(),
        (true, Lang::En) => format!(" and {} more", squares.len() - 12),
        (true, Lang::Fr) => format!(" et {} de plus", squares.len() - 12),
    };
    format!("{}{more}", shown.join(", "))
}

/// p[0][0], e[0][0] and one player from 0 under one finish rule (from the
/// finish-time distribution of square 0 alone: O(T·nnz(A))).
fn rule_row(board: &super::Board, rule: FinishRule) -> Result<RuleRow, Error> {
    let a = super::characteristic_matrix(board);
    let t = analyse(&a)?;
    // The table shows 4–6 decimals: a looser tail is plenty and much cheaper.
    let times = match finish_times(&a, &t, &[0], RULES_TAIL) {
        Ok(times) => times,
        // Another rule may make games last astronomically long (a cycle that only
        // a run of one face escapes): that row says so; the board's own analysis stands.
        Err(Error::NoConvergence { steps, .. }) => {
            return Ok(RuleRow {
                rule: rule.name(),
                terminates: t.terminates(),
                p00: f64::NAN,
                e00: None,
                expected_rolls: None,
                median: None,
                note: Some(text!(
                    "not computed: games under this rule last more than {steps} rolls",
                    "non calculé : les parties durent plus de {steps} lancers avec cette règle"
                )),
            })
        }
        Err(e) => return Err(e),
    };
    let r: Race = race(&[0, 0], &[0], &times, &t);
    let one = OnePlayer::from_distribution(0, &times.finish[0], &times.survival[0], t.finish_probability[0]);
    Ok(RuleRow {
        rule: rule.name(),
        terminates: t.terminates(),
        p00: r.win_probabilities[0],
        e00: r.expected_length,
        expected_rolls: one.expected_rolls,
        median: one.median,
        note: None,
    })
}

/// P and E alone, by the scenario's method on the squares where games surely
/// end, with no report (the in-browser benchmark times this).
///
/// # Errors
/// The method's errors.
pub fn solve_matrices(scenario: &Scenario) -> Result<(), Error> {
    let a = scenario.model.characteristic_matrix();
    let sure = analyse(&a)?.sure();
    let a = a.restrict(&sure);
    match scenario.method {
        Method::Distributions => distributions::solve(&a, &mut |_, _| {}).map(drop),
        Method::Series => series::solve(&a, &mut |_, _| {}).map(drop),
        Method::Vectorised => vectorised::solve(&a, &mut |_, _| {}).map(drop),
        Method::Exact => exact::solve(&scenario.model.exact_matrix().restrict(&sure), &mut |_, _| {}).map(drop),
    }
}
