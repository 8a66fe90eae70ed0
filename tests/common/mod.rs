//! Random valid boards, scenarios and arenas, shared by the property tests.
#![allow(dead_code)]

use ludolab::games::{Arena, Outcome, Player};
use ludolab::snakes::{Board, Die, ExactMatrix, FinishRule, Jump, Method, Model, Scenario};
use ludolab::toolkit::number::Rational;
use proptest::prelude::*;

/// Keeps the jumps of `raw` that fit a board of `n` squares with those kept before
/// (one jump per start, no jump ending where another starts).
pub fn valid_jumps(n: usize, raw: &[(usize, usize)]) -> Vec<Jump> {
    let mut jumps: Vec<Jump> = Vec::new();
    for &(a, b) in raw {
        let (from, to) = (1 + a % (n - 1), b % (n + 1));
        let clashes = jumps.iter().any(|j| j.from == from || j.to == from || j.from == to);
        if from != to && !clashes {
            jumps.push(Jump { from, to });
        }
    }
    jumps
}

pub fn any_die() -> impl Strategy<Value = Die> {
    prop_oneof![
        prop::collection::vec(1u32..=8, 1..=6).prop_map(|faces| Die::from_faces(&faces).unwrap()),
        prop::collection::vec((1u32..=12, 1u32..=9), 1..=5).prop_map(|w| {
            let total: u32 = w.iter().map(|(_, x)| x).sum();
            let weights: Vec<(u32, Rational)> = w
                .iter()
                .map(|&(f, x)| (f, Rational::new(x.into(), total.into())))
                .collect();
            Die::from_weights(&weights).unwrap()
        }),
    ]
}

pub fn any_rule() -> impl Strategy<Value = FinishRule> {
    prop::sample::select(FinishRule::ALL.to_vec())
}

/// A random valid board of `squares` squares.
pub fn any_board(squares: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Board> {
    (
        squares,
        prop::collection::vec((0usize..10_000, 0usize..10_000), 0..12),
        any_die(),
        any_rule(),
    )
        .prop_map(|(n, raw, die, rule)| Board::new(n, valid_jumps(n, &raw), die, rule).unwrap())
}

/// A random sub-stochastic matrix with small denominators.
pub fn any_matrix(size: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = ExactMatrix> {
    size.prop_flat_map(|n| prop::collection::vec(prop::collection::vec(0u32..4, n + 1), n))
        .prop_map(|rows| {
            // Each row: weights over n squares plus the goal (the last), normalised.
            let dense: Vec<Vec<Rational>> = rows
                .iter()
                .map(|w| {
                    let total: u32 = w.iter().sum::<u32>().max(1);
                    w[..w.len() - 1]
                        .iter()
                        .map(|&x| Rational::new(x.into(), total.into()))
                        .collect()
                })
                .collect();
            ExactMatrix::from_dense(&dense).unwrap()
        })
}

pub fn any_scenario() -> impl Strategy<Value = Scenario> {
    let model = prop_oneof![
        4 => any_board(2..=60).prop_map(Model::Board),
        1 => any_matrix(1..=6).prop_map(Model::Matrix),
        1 => prop::sample::select(ludolab::snakes::Preset::ALL.to_vec()).prop_map(ludolab::snakes::Preset::model),
    ];
    (
        model,
        1usize..=30,
        prop::sample::select(Method::ALL.to_vec()),
        prop::collection::vec(0usize..100, 2..=6),
    )
        .prop_map(|(model, width, method, starts)| {
            let n = model.size();
            let method = if n > method.max_squares() {
                Method::Distributions
            } else {
                method
            };
            let starts = starts.into_iter().map(|s| s % n).collect();
            Scenario {
                model,
                width,
                method,
                starts,
                exact: false,
            }
        })
}

/// Random arenas of `vertices` vertices with cycles, up to `per_vertex` moves per
/// vertex and terminals of each outcome; play starts at vertex 0, or anywhere
/// when `any_start`.
pub fn random_arena(
    vertices: std::ops::Range<usize>,
    per_vertex: usize,
    any_start: bool,
) -> impl Strategy<Value = Arena> {
    vertices.prop_flat_map(move |n| {
        (
            prop::collection::vec(any::<bool>(), n),
            prop::collection::vec((0..n as u32, 0..n as u32), 0..per_vertex * n),
            prop::collection::vec(0u8..3, n),
            if any_start { (0..n).boxed() } else { Just(0).boxed() },
        )
            .prop_map(move |(owners, edges, outcomes, start)| {
                let owner: Vec<Player> = owners
                    .iter()
                    .map(|&b| if b { Player::One } else { Player::Two })
                    .collect();
                let outcome = outcomes
                    .iter()
                    .map(|&o| {
                        Some(match o {
                            0 => Outcome::Win(Player::One),
                            1 => Outcome::Win(Player::Two),
                            _ => Outcome::Draw,
                        })
                    })
                    .collect();
                let mut edges = edges;
                edges.sort_unstable();
                edges.dedup();
                Arena::from_edges(owner, &edges, outcome, start).unwrap()
            })
    })
}
