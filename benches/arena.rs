//! Game-graph benchmarks: `cargo bench --bench arena`.

use criterion::{criterion_group, criterion_main, Criterion};
use ludolab::games::{attractor, iterate, Arena, Outcome, Player};
use ludolab::graphs::{analyse, Kind, Scenario};
use ludolab::search::connect4::ConnectFour;
use ludolab::search::engine::{search, Algorithm, Limits};
use ludolab::search::tictactoe::TicTacToe;
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::hint::black_box;
use std::time::Duration;

/// A random arena: `n` vertices, `m` edges, cycles everywhere, 1% terminals.
fn random_arena(n: usize, m: usize, seed: u64) -> Arena {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let terminal: Vec<bool> = (0..n).map(|_| rng.random_range(0..100) == 0).collect();
    let owner: Vec<Player> = (0..n)
        .map(|_| {
            if rng.random_range(0..2) == 0 {
                Player::One
            } else {
                Player::Two
            }
        })
        .collect();
    let mut edges = Vec::with_capacity(m);
    while edges.len() < m {
        let a = rng.random_range(0..n);
        if !terminal[a] {
            edges.push((a as u32, rng.random_range(0..n) as u32));
        }
    }
    let mut has_move = vec![false; n];
    for &(a, _) in &edges {
        has_move[a as usize] = true;
    }
    let outcome = (0..n)
        .map(|v| (!has_move[v]).then(|| Outcome::Win(Player::from_index(rng.random_range(0..2)))))
        .collect();
    Arena::from_edges(owner, &edges, outcome, 0).unwrap()
}

fn arena(c: &mut Criterion) {
    let small = random_arena(10_000, 50_000, 1);
    c.bench_function(
        "arena/attractor, backward with counters, 10^4 vertices, 5·10^4 edges",
        |b| b.iter(|| attractor(black_box(&small), Player::One)),
    );
    let mut group = c.benchmark_group("arena-heavy");
    group.sample_size(10).measurement_time(Duration::from_secs(20));
    group.bench_function("attractor, the seed's iterated F, 10^4 vertices, 5·10^4 edges", |b| {
        b.iter(|| iterate(black_box(&small), Player::One));
    });
    // The stick game of 4,999 sticks: 10^4 vertices and ranks up to ~5,000, where
    // re-scanning every vertex at every step (the course's loop) is quadratic.
    let sticks = ludolab::games::subtraction_arena(4_999, &[1, 2, 3], true).unwrap();
    group.bench_function("attractor, backward with counters, stick game of 10^4 vertices", |b| {
        b.iter(|| attractor(black_box(&sticks), Player::One));
    });
    group.bench_function("attractor, the seed's iterated F, stick game of 10^4 vertices", |b| {
        b.iter(|| iterate(black_box(&sticks), Player::One));
    });
    let large = random_arena(1_000_000, 5_000_000, 2);
    group.bench_function("attractor, backward with counters, 10^6 vertices, 5·10^6 edges", |b| {
        b.iter(|| attractor(black_box(&large), Player::One));
    });
    let chomp = Scenario {
        kind: Kind::Chomp,
        bar: ludolab::games::chomp::Bar {
            rows: 10,
            cols: 10,
            board: None,
        },
        ..Scenario::default()
    };
    group.bench_function("Chomp 10 x 10: graph, both attractors, first moves", |b| {
        b.iter(|| analyse(black_box(&chomp)).unwrap());
    });
    group.finish();
}

/// The four algorithms on the same positions (node counts in BENCHMARKS.md).
fn searches(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10).measurement_time(Duration::from_secs(5));
    let limits = |depth| Limits {
        depth,
        heuristic: 0,
        max_nodes: 4_000_000,
        record: 0,
    };
    for algorithm in Algorithm::ALL {
        group.bench_function(format!("tic-tac-toe to the end, {}", algorithm.name()), |b| {
            b.iter(|| {
                search(
                    &TicTacToe,
                    black_box(&TicTacToe::start()),
                    algorithm,
                    limits(None),
                    &mut |_| {},
                )
            });
        });
        let c4 = ConnectFour::new(ludolab::games::connect4::Board::new(6, 5).unwrap());
        group.bench_function(format!("Connect Four 6 x 5 to depth 8, {}", algorithm.name()), |b| {
            b.iter(|| {
                search(
                    &c4,
                    black_box(&c4.board().start()),
                    algorithm,
                    limits(Some(8)),
                    &mut |_| {},
                )
            });
        });
    }
    group.finish();
}

criterion_group!(benches, arena, searches);
criterion_main!(benches);
