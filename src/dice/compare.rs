//! Strategies compared exactly (a Markov chain over the states) and by a seeded
//! Monte Carlo simulation, to show that the two agree.

use super::scores::Support;
use super::{blind_choice, Sequential};
use crate::toolkit::{Error, Text};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;

/// How a player chooses its number of dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// Always `d* = min(D, 6)`, the number maximising the expected score.
    Blind,
    /// Uniformly at random among 1..=D.
    Random,
    /// OPT of the sequential game.
    Optimal,
    /// Always this many dice (the seed's small examples).
    Fixed(usize),
}

impl Strategy {
    /// The three strategies by name, in the order of the seed's Table 1.
    pub const ALL: [Strategy; 3] = [Strategy::Blind, Strategy::Optimal, Strategy::Random];
    /// Their names, in the same order.
    pub const NAMES: [&'static str; 3] = ["blind", "optimal", "random"];

    /// The name used in links and on the command line (`blind`, `random`,
    /// `optimal`, or a number of dice).
    pub fn name(self) -> String {
        match self {
            Strategy::Blind => "blind".into(),
            Strategy::Random => "random".into(),
            Strategy::Optimal => "optimal".into(),
            Strategy::Fixed(d) => d.to_string(),
        }
    }

    /// Parses a name; a number is a fixed number of dice (checked against D by the caller).
    pub fn from_name(name: &str) -> Option<Strategy> {
        match name {
            "blind" => Some(Strategy::Blind),
            "random" => Some(Strategy::Random),
            "optimal" => Some(Strategy::Optimal),
            _ => name.parse::<usize>().ok().filter(|&d| d >= 1).map(Strategy::Fixed),
        }
    }

    /// Probability of throwing `d` dice (1 ≤ d ≤ D) with `own` points against `other`.
    fn probability(self, d: usize, own: usize, other: usize, seq: &Sequential) -> f64 {
        match self {
            Strategy::Blind => f64::from(d == blind_choice(seq.dice)),
            Strategy::Random => 1.0 / seq.dice as f64,
            Strategy::Optimal => f64::from(d == seq.opt(own, other)),
            Strategy::Fixed(f) => f64::from(d == f.min(seq.dice)),
        }
    }
}

/// The exact outcome of player 1 (moving first, from 0–0) against player 2.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    /// Player 1's strategy.
    pub first: String,
    /// Player 2's strategy.
    pub second: String,
    /// Probability that player 1 wins (there are no draws); none where only the
    /// expected gain is defined (the simultaneous games, which may end in a draw).
    pub win_probability: Option<f64>,
    /// Player 1's expected gain, `2·win − 1`.
    pub expected_gain: f64,
}

/// Evaluates two fixed strategies exactly: with `A(a,b)` (`B(a,b)`) player 1's
/// probability of winning when player 1 (player 2) is to move, P1 having `a`
/// points and P2 `b`,
/// `A(a,b) = Σ_d π1(d) Σ_k P(d,k) [a+k ≥ N ? 1 : B(a+k, b)]` and symmetrically for B;
/// every turn scores, so states are solved by decreasing `a + b`.
///
/// # Complexity
/// O(N² · D · 6D), like the sequential game.
///
/// ```
/// use ludolab::dice::{compare, sequential, Strategy};
/// let seq = sequential::solve(10, 100).unwrap();
/// let c = compare::compare(&seq, Strategy::Optimal, Strategy::Blind);
/// assert_eq!(format!("{:.5}", c.expected_gain), "0.16779");
/// ```
pub fn compare(seq: &Sequential, first: Strategy, second: Strategy) -> Comparison {
    let (n, dice) = (seq.target, seq.dice);
    let support: Vec<Support> = (1..=dice).map(Support::new).collect();
    // a[x][y] = A(x, y); bt[y][x] = B(x, y), transposed so that both lookups,
    // B(x + k, y) and A(x, y + k), read contiguous rows.
    let mut a = vec![0.0; n * n];
    let mut bt = vec![0.0; n * n];
    for sum in (0..=2 * (n - 1)).rev() {
        for x in sum.saturating_sub(n - 1)..=sum.min(n - 1) {
            let y = sum - x;
            let (mut va, mut vb) = (0.0, 0.0);
            for (d, s) in (1..=dice).zip(&support) {
                let w1 = first.probability(d, x, y, seq);
                if w1 != 0.0 {
                    va += w1 * s.expect(x, &bt[y * n..(y + 1) * n], 1.0, 1.0);
                }
                let w2 = second.probability(d, y, x, seq);
                if w2 != 0.0 {
                    vb += w2 * s.expect(y, &a[x * n..(x + 1) * n], 1.0, 0.0);
                }
            }
            a[x * n + y] = va;
            bt[y * n + x] = vb;
        }
    }
    let win = a[0];
    Comparison {
        first: first.name(),
        second: second.name(),
        win_probability: Some(win),
        expected_gain: 2.0 * win - 1.0,
    }
}

/// A Monte Carlo estimate of the same comparison.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Simulation {
    /// Games played.
    pub games: u64,
    /// Seed of the random numbers.
    pub seed: u64,
    /// Share of games player 1 won.
    pub win_probability: f64,
    /// Player 1's mean gain (+1 a win, −1 a loss).
    pub expected_gain: f64,
    /// Standard error of the expected gain.
    pub standard_error: f64,
}

/// Most games simulated in one call.
pub const MAX_GAMES: u64 = 10_000_000;

/// Plays `games` games of player 1 (`first`, moving first) against `second`,
/// rolling the dice with a seeded PRNG (the same seed gives the same games).
///
/// # Errors
/// [`Error::OutOfRange`] when `games` is not in `1..=10⁷`.
pub fn simulate(
    seq: &Sequential,
    first: Strategy,
    second: Strategy,
    games: u64,
    seed: u64,
) -> Result<Simulation, Error> {
    if !(1..=MAX_GAMES).contains(&games) {
        return Err(Error::OutOfRange {
            what: Text::same("simulate"),
            value: games.to_string(),
            min: "1".into(),
            max: MAX_GAMES.to_string(),
        });
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut wins = 0u64;
    for _ in 0..games {
        let mut points = [0usize; 2];
        let strategies = [first, second];
        let mut turn = 0;
        loop {
            let (own, other) = (points[turn], points[1 - turn]);
            let d = match strategies[turn] {
                Strategy::Blind => blind_choice(seq.dice),
                Strategy::Random => rng.random_range(1..=seq.dice),
                Strategy::Optimal => seq.opt(own, other),
                Strategy::Fixed(f) => f.min(seq.dice),
            };
            let mut sum = 0;
            let mut pig_out = false;
            for _ in 0..d {
                let face = rng.random_range(1..=6usize);
                pig_out |= face == 1;
                sum += face;
            }
            points[turn] += if pig_out { 1 } else { sum };
            if points[turn] >= seq.target {
                wins += u64::from(turn == 0);
                break;
            }
            turn = 1 - turn;
        }
    }
    let w = wins as f64 / games as f64;
    // Gain = 2·win − 1: its standard error is twice that of the win rate.
    let standard_error = 2.0 * (w * (1.0 - w) / games as f64).sqrt();
    Ok(Simulation {
        games,
        seed,
        win_probability: w,
        expected_gain: 2.0 * w - 1.0,
        standard_error,
    })
}

/// The seed's Figure 1, exactly: the expected gain of the optimal strategy
/// (moving first) against the blind one, as a function of D (N fixed) and of N
/// (D fixed).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Curves {
    /// `(D, gain)` for D = 1..=dice, at the scenario's N.
    pub by_dice: Vec<(usize, f64)>,
    /// `(N, gain)` for up to 40 targets up to `min(target, 300)`, at the scenario's D.
    pub by_target: Vec<(usize, f64)>,
}

/// Largest N drawn on the curve by target (each point solves a sequential game).
pub const CURVE_MAX_TARGET: usize = 300;

/// Computes both curves (one sequential game and one comparison per point).
///
/// # Errors
/// As [`super::sequential::solve`].
pub fn curves(dice: usize, target: usize, progress: crate::toolkit::Progress) -> Result<Curves, Error> {
    let gain = |d: usize, n: usize| -> Result<f64, Error> {
        let seq = super::sequential::solve(d, n)?;
        Ok(compare(&seq, Strategy::Optimal, Strategy::Blind).expected_gain)
    };
    let top = target.min(CURVE_MAX_TARGET);
    let step = top.div_ceil(40).max(1);
    let mut targets: Vec<usize> = (step..=top).step_by(step).collect();
    if targets.last() != Some(&top) {
        targets.push(top);
    }
    let total = (dice + targets.len()) as f64;
    let mut by_dice = Vec::with_capacity(dice);
    for d in 1..=dice {
        by_dice.push((d, gain(d, target)?));
        progress(d as f64 / total, &[]);
    }
    let mut by_target = Vec::with_capacity(targets.len());
    for (k, &n) in targets.iter().enumerate() {
        by_target.push((n, gain(dice, n)?));
        progress((dice + k + 1) as f64 / total, &[]);
    }
    Ok(Curves { by_dice, by_target })
}
