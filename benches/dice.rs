//! Dice Battle benchmarks: `cargo bench --bench dice`.

use criterion::{criterion_group, criterion_main, Criterion};
use ludolab::dice::compare::compare;
use ludolab::dice::one_turn::{matrix, solve_game};
use ludolab::dice::{sequential, Strategy};
use std::hint::black_box;
use std::time::Duration;

fn dice(c: &mut Criterion) {
    c.bench_function("dice/sequential D=10 N=100", |b| {
        b.iter(|| sequential::solve(black_box(10), 100).unwrap());
    });
    c.bench_function("dice/exact Table 1 (sequential + 9 comparisons) D=10 N=100", |b| {
        b.iter(|| {
            let s = sequential::solve(black_box(10), 100).unwrap();
            let all = [Strategy::Blind, Strategy::Optimal, Strategy::Random];
            all.iter()
                .flat_map(|&a| all.iter().map(move |&b| (a, b)))
                .map(|(a, b)| compare(&s, a, b))
                .collect::<Vec<_>>()
        });
    });
    c.bench_function("dice/one-turn LP D=10", |b| {
        b.iter(|| solve_game(&matrix(black_box(10))).unwrap());
    });
    let mut group = c.benchmark_group("dice-heavy");
    group.sample_size(10).measurement_time(Duration::from_secs(15));
    group.bench_function("sequential D=10 N=1000", |b| {
        b.iter(|| sequential::solve(black_box(10), 1000).unwrap());
    });
    group.bench_function("simultaneous multi-turn D=10 N=100", |b| {
        b.iter(|| ludolab::dice::simultaneous::solve(black_box(10), 100, &mut |_, _| {}).unwrap());
    });
    group.finish();
}

criterion_group!(benches, dice);
criterion_main!(benches);
