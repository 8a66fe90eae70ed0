//! A small game as an absorbing Markov chain, as the seed draws it: states
//! `22|2` (trees | crows), edges labelled with probabilities, defeat and
//! victory absorbing. The absorption probabilities are given twice: exactly
//! (the recursion in fractions) and by the seed's power method, a row of M¹⁰⁰⁰.

use super::exact::{pick, seed_form, Exact};
use super::{label, Game, Strategy};
use crate::toolkit::layout::{layered, Layout};
use crate::toolkit::number::format_rational;
use crate::toolkit::sort;
use crate::toolkit::Error;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use serde::Serialize;

/// Most transient states a chain may have (the drawing stays readable).
pub const MAX_CHAIN_STATES: usize = 40;
/// Largest game (positions × crows) whose chain is looked for.
const MAX_CHAIN_SEARCH: usize = 20_000;
/// The seed's exponent.
pub const POWER: u32 = 1000;

/// One transient state.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChainState {
    /// The state as the seed writes it (`22|2`).
    pub label: String,
    /// Trees, decreasing (the seed's form).
    pub trees: Vec<u8>,
    /// Crow pieces left.
    pub crows: usize,
    /// Fruits left.
    pub fruits: usize,
}

/// An edge `from → to` (indices into the states, then defeat, then victory).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Edge {
    /// The state it leaves.
    pub from: usize,
    /// The state it reaches (after the states: defeat, then victory).
    pub to: usize,
    /// Its probability as a fraction.
    pub fraction: String,
    /// Its probability.
    pub probability: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
/// A small game as the seed's absorbing Markov chain.
pub struct Chain {
    /// The transient states, the start first.
    pub states: Vec<ChainState>,
    /// Labels of all rows of M: the states, then "defeat", then "victory".
    pub labels: Vec<String>,
    /// The transitions.
    pub edges: Vec<Edge>,
    /// M as fractions, row-major, `(n + 2) × (n + 2)`.
    pub matrix: Vec<Vec<String>>,
    /// For each transient state, the probability of victory, exactly…
    pub victory_exact: Vec<String>,
    /// The probability of victory from each state (exact, as a decimal).
    pub victory: Vec<f64>,
    /// … and from the victory column of M¹⁰⁰⁰.
    pub victory_power: Vec<f64>,
    /// max |exact − power|.
    pub max_difference: f64,
    /// Where the page draws the states, then defeat and victory (a layered
    /// drawing: no edge passes through a state it does not join).
    pub layout: Layout,
}

/// The chain of `game` under `strategy`.
///
/// # Errors
/// [`Error::TooLarge`] when the chain has more than 40 states (or the game is
/// too large to look for it).
pub fn chain(game: &Game, strategy: Strategy) -> Result<Chain, Error> {
    let space = game.space()?;
    if space.size() * game.crows > MAX_CHAIN_SEARCH {
        return Err(too_large(None));
    }
    let mut exact = Exact::new(game.basket, strategy);
    let start = (seed_form(&game.trees), game.crows);
    let mut states: Vec<(Vec<u8>, usize)> = vec![start];
    // Transitions with exact probabilities; targets: Ok(state) or Err(victory?).
    type Target = Result<(Vec<u8>, usize), bool>;
    let mut rows: Vec<Vec<(Target, BigRational)>> = Vec::new();
    let mut k = 0;
    while k < states.len() {
        let (trees, crows) = states[k].clone();
        let n = trees.len();
        let face = BigRational::new(1.into(), (n as i64 + 2).into());
        let mut row: Vec<(Target, BigRational)> = Vec::new();
        let mut add = |target: Target, p: BigRational| match row.iter_mut().find(|(t, _)| *t == target) {
            Some((_, q)) => *q += p,
            None => row.push((target, p)),
        };
        let place = |t: Vec<u8>| if t.is_empty() { Err(true) } else { Ok((t, crows)) };
        add(
            if crows > 1 {
                Ok((trees.clone(), crows - 1))
            } else {
                Err(false)
            },
            face.clone(),
        );
        for i in 0..n {
            add(place(pick(&trees, i)), face.clone());
        }
        for (after, q) in exact.basket_outcomes(&trees, crows)? {
            add(place(after), &face * q);
        }
        for (t, _) in &row {
            if let Ok(s) = t {
                if !states.contains(s) {
                    states.push(s.clone());
                    if states.len() > MAX_CHAIN_STATES {
                        return Err(too_large(Some(states.len())));
                    }
                }
            }
        }
        rows.push(row);
        k += 1;
    }
    // The seed's order: most fruits first, then most crows, then fuller trees.
    let mut order: Vec<usize> = (0..states.len()).collect();
    let fruits = |t: &[u8]| t.iter().map(|&v| usize::from(v)).sum::<usize>();
    sort::sort_by(&mut order, |&a, &b| {
        let (ta, ca) = &states[a];
        let (tb, cb) = &states[b];
        (fruits(tb), cb, tb).cmp(&(fruits(ta), ca, ta))
    });
    let n = states.len();
    let index_of = |s: &(Vec<u8>, usize)| order.iter().position(|&o| states[o] == *s).expect("a found state");
    let (defeat, victory) = (n, n + 1);
    let mut m = vec![vec![BigRational::zero(); n + 2]; n + 2];
    let mut edges = Vec::new();
    for (row_index, &o) in order.iter().enumerate() {
        for (target, p) in &rows[o] {
            let to = match target {
                Ok(s) => index_of(s),
                Err(true) => victory,
                Err(false) => defeat,
            };
            m[row_index][to] += p;
        }
    }
    m[defeat][defeat] = BigRational::one();
    m[victory][victory] = BigRational::one();
    for (from, row) in m.iter().enumerate().take(n) {
        for (to, p) in row.iter().enumerate() {
            if !p.is_zero() {
                edges.push(Edge {
                    from,
                    to,
                    fraction: format_rational(p),
                    probability: p.to_f64().unwrap_or(f64::NAN),
                });
            }
        }
    }
    let dense: Vec<Vec<f64>> = m
        .iter()
        .map(|r| r.iter().map(|p| p.to_f64().unwrap_or(f64::NAN)).collect())
        .collect();
    let power = matrix_power(&dense, POWER);
    let mut victory_exact = Vec::new();
    let mut victory_f64 = Vec::new();
    let mut victory_power = Vec::new();
    for (row_index, &o) in order.iter().enumerate() {
        let (trees, crows) = &states[o];
        let p = exact.win(trees, *crows)?;
        victory_exact.push(format_rational(&p));
        victory_f64.push(p.to_f64().unwrap_or(f64::NAN));
        victory_power.push(power[row_index][victory]);
    }
    let max_difference = victory_f64
        .iter()
        .zip(&victory_power)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f64::max);
    let chain_states: Vec<ChainState> = order
        .iter()
        .map(|&o| {
            let (trees, crows) = &states[o];
            ChainState {
                label: label(trees, *crows),
                trees: trees.clone(),
                crows: *crows,
                fruits: fruits(trees),
            }
        })
        .collect();
    let mut labels: Vec<String> = chain_states.iter().map(|s| s.label.clone()).collect();
    labels.push("defeat".into());
    labels.push("victory".into());
    let pairs: Vec<(usize, usize)> = edges.iter().map(|e| (e.from, e.to)).collect();
    let layout = layered(n + 2, 0, &pairs);
    Ok(Chain {
        states: chain_states,
        labels,
        edges,
        layout,
        matrix: m.iter().map(|r| r.iter().map(format_rational).collect()).collect(),
        victory_exact,
        victory: victory_f64,
        victory_power,
        max_difference,
    })
}

fn too_large(states: Option<usize>) -> Error {
    Error::too_large(
        match states {
            Some(_) => text!(
                "the chain is drawn for games of at most {MAX_CHAIN_STATES} states; this one has more \
             (try 2 trees of 2 fruits and 2 crows, the seed's example)",
                "la chaîne est dessinée pour les parties d'au plus {MAX_CHAIN_STATES} états ; celle-ci en a plus \
             (essayez 2 arbres de 2 fruits et 2 corbeaux, l'exemple du document)"
            ),
            None => text!(
                "the chain is drawn for games of at most {MAX_CHAIN_STATES} states; this one has far more \
             (try 2 trees of 2 fruits and 2 crows, the seed's example)",
                "la chaîne est dessinée pour les parties d'au plus {MAX_CHAIN_STATES} états ; celle-ci en a bien plus \
             (essayez 2 arbres de 2 fruits et 2 corbeaux, l'exemple du document)"
            ),
        },
        states.map(|s| s as u64),
        MAX_CHAIN_STATES as u64,
    )
}

/// `m^e` by repeated squaring (the seed computes A × M¹⁰⁰⁰).
pub fn matrix_power(m: &[Vec<f64>], mut e: u32) -> Vec<Vec<f64>> {
    let n = m.len();
    let mul = |a: &[Vec<f64>], b: &[Vec<f64>]| -> Vec<Vec<f64>> {
        (0..n)
            .map(|i| (0..n).map(|j| (0..n).map(|k| a[i][k] * b[k][j]).sum()).collect())
            .collect()
    };
    let mut result: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    let mut base = m.to_vec();
    while e > 0 {
        if e & 1 == 1 {
            result = mul(&result, &base);
        }
        base = mul(&base, &base);
        e >>= 1;
    }
    result
}
