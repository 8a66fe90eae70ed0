//! Random positions of every ruleset across its whole accepted range, for the
//! link sweeps and the estimate test ([`Family::sample`](crate::toolkit::Family::sample)):
//! boards of every shape up to 8 × 8 (full, sparse, blocked), strips up to 40
//! squares, drawings up to 48 edges, cakes up to 16 pieces of 64 × 64, typed
//! sums of ups, nimbers, switches and braces. The link's parser and cost
//! guard still decide: a position past the guard is drawn again by the sweep.

use super::cutcake::{MAX_PIECES, MAX_SIDE as CAKE_SIDE};
use super::grid::MAX_SIDE;
use super::hackenbush::MAX_EDGES;
use super::notation::{MAX_NIMBER, MAX_NUMBER};
use super::rulesets::Ruleset;
use super::scenario::MAX_SUM;
use super::toads::MAX_LENGTH;
use crate::toolkit::Sampler;
use rand::RngExt;

/// A whole number in `min..=max`, small ones more often (log-uniform), the
/// limits now and then.
fn spread(rng: &mut Sampler, min: u64, max: u64) -> u64 {
    match rng.random_range(0..8) {
        0 => min,
        1 => max,
        _ => {
            let span = (max - min) as f64 + 1.0;
            min + ((span.powf(rng.random_range(0.0..1.0)) - 1.0) as u64).min(max - min)
        }
    }
}

/// A grid of `rows × cols` cells drawn from `cells` with the given weights,
/// rows joined by `/`.
fn grid(rng: &mut Sampler, cells: &[(char, u32)]) -> String {
    let rows = spread(rng, 1, MAX_SIDE as u64) as usize;
    let cols = spread(rng, 1, MAX_SIDE as u64) as usize;
    let total: u32 = cells.iter().map(|c| c.1).sum();
    (0..rows)
        .map(|_| {
            (0..cols)
                .map(|_| {
                    let mut pick = rng.random_range(0..total);
                    cells
                        .iter()
                        .find(|c| {
                            let hit = pick < c.1;
                            pick = pick.saturating_sub(c.1);
                            hit
                        })
                        .map_or('.', |c| c.0)
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Stones of both players and empty cells: a checkerboard now and then (the
/// densest captures), else random with a random share of empty cells.
fn stones(rng: &mut Sampler) -> String {
    if rng.random_range(0..4) == 0 {
        let rows = spread(rng, 1, MAX_SIDE as u64) as usize;
        let cols = spread(rng, 1, MAX_SIDE as u64) as usize;
        return (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| if (r + c) % 2 == 0 { 'x' } else { 'o' })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/");
    }
    let empty = rng.random_range(0..6);
    grid(rng, &[('x', 3), ('o', 3), ('.', empty)])
}

/// A drawing of up to [`MAX_EDGES`] edges grown from the ground: each edge
/// from a vertex already drawn to a new one (a tree) or, now and then, to one
/// already there (a cycle, an edge between two ground vertices).
fn drawing(rng: &mut Sampler) -> String {
    let edges = spread(rng, 1, MAX_EDGES as u64) as usize;
    let colours: &[char] = match rng.random_range(0..3) {
        0 => &['b', 'r'],
        1 => &['g'],
        _ => &['b', 'r', 'g'],
    };
    let mut vertices = vec!["g".to_string()];
    let mut out = Vec::with_capacity(edges);
    for k in 0..edges {
        let from = vertices[rng.random_range(0..vertices.len())].clone();
        let to = if vertices.len() > 1 && rng.random_range(0..6) == 0 {
            vertices[rng.random_range(0..vertices.len())].clone()
        } else {
            vertices.push(format!("v{k}"));
            format!("v{k}")
        };
        let colour = colours[rng.random_range(0..colours.len())];
        out.push(format!("{from}-{to}:{colour}"));
    }
    out.join(",")
}

/// Up to [`MAX_PIECES`] pieces, each side up to [`CAKE_SIDE`].
fn cake(rng: &mut Sampler) -> String {
    let pieces = spread(rng, 1, MAX_PIECES as u64);
    (0..pieces)
        .map(|_| {
            format!(
                "{}x{}",
                spread(rng, 1, u64::from(CAKE_SIDE)),
                spread(rng, 1, u64::from(CAKE_SIDE))
            )
        })
        .collect::<Vec<_>>()
        .join("+")
}

/// A strip of toads, frogs and empty squares.
fn strip(rng: &mut Sampler) -> String {
    let length = spread(rng, 1, MAX_LENGTH as u64);
    let empty = rng.random_range(1..4);
    (0..length)
        .map(|_| match rng.random_range(0..2 + empty) {
            0 => 'T',
            1 => 'F',
            _ => '.',
        })
        .collect()
}

/// One term of a typed sum: a number, a nimber, ups or downs (with a star),
/// a switch, a tiny, or braces around smaller terms.
fn term(rng: &mut Sampler, depth: u32) -> String {
    let most = MAX_NUMBER as u64;
    match rng.random_range(0..if depth < 3 { 8 } else { 6 }) {
        0 => {
            let n = spread(rng, 0, most);
            if rng.random_range(0..2) == 0 {
                format!("-{n}")
            } else {
                n.to_string()
            }
        }
        1 => format!("{}/{}", spread(rng, 1, 15), 1u64 << spread(rng, 1, 6)),
        2 => format!("*{}", spread(rng, 0, MAX_NIMBER as u64)),
        3 => {
            let arrow = if rng.random_range(0..2) == 0 { '^' } else { 'v' };
            let star = if rng.random_range(0..2) == 0 { "*" } else { "" };
            format!("{arrow}{}{star}", spread(rng, 1, most))
        }
        4 => format!("+-{}", spread(rng, 1, most)),
        5 => format!("Tiny({})", spread(rng, 1, 8)),
        _ => {
            let side = |rng: &mut Sampler| {
                (0..rng.random_range(0..3))
                    .map(|_| term(rng, depth + 1))
                    .collect::<Vec<_>>()
                    .join(",")
            };
            let (left, right) = (side(rng), side(rng));
            format!("{{{left}|{right}}}")
        }
    }
}

/// A sum of one to four terms.
fn expression(rng: &mut Sampler) -> String {
    (0..spread(rng, 1, 4))
        .map(|_| term(rng, 0))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// A random position of `ruleset`.
pub fn position(ruleset: Ruleset, rng: &mut Sampler) -> String {
    match ruleset {
        Ruleset::Domineering => {
            let blocked = rng.random_range(0..4);
            grid(rng, &[('.', 6), ('#', blocked)])
        }
        Ruleset::Clobber => stones(rng),
        Ruleset::Konane => {
            let empty = rng.random_range(1..6);
            grid(rng, &[('x', 3), ('o', 3), ('.', empty)])
        }
        Ruleset::Toads => strip(rng),
        Ruleset::Hackenbush => drawing(rng),
        Ruleset::Cutcake => cake(rng),
        Ruleset::Expr => expression(rng),
    }
}

/// A sum box of one to [`MAX_SUM`] parts of any rulesets.
pub fn sum(rng: &mut Sampler) -> String {
    (0..spread(rng, 1, MAX_SUM as u64))
        .map(|_| {
            let ruleset = Ruleset::ALL[rng.random_range(0..Ruleset::ALL.len())];
            format!("{}:{}", ruleset.name(), position(ruleset, rng))
        })
        .collect::<Vec<_>>()
        .join("; ")
}
