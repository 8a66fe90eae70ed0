//! Orchard benchmarks: `cargo bench --bench orchard`.

use criterion::{criterion_group, criterion_main, Criterion};
use ludolab::orchard::sweep::{min_crows, sweep, Range};
use ludolab::orchard::{analyse, win_probability, Game, Scenario, Strategy};
use std::hint::black_box;
use std::time::Duration;

fn orchard(c: &mut Criterion) {
    let default = Game {
        trees: vec![10; 4],
        crows: 9,
        basket: 2,
    };
    c.bench_function("orchard/default game, the four strategies", |b| {
        b.iter(|| Strategy::ALL.map(|s| win_probability(black_box(&default), s).unwrap()));
    });
    c.bench_function("orchard/default game, the page's whole analysis", |b| {
        b.iter(|| analyse(black_box(&Scenario::default()), &mut |_, _| {}).unwrap());
    });
    let mut group = c.benchmark_group("orchard-heavy");
    group.sample_size(10).measurement_time(Duration::from_secs(20));
    let largest = Game {
        trees: vec![20; 8],
        crows: 20,
        basket: 2,
    };
    group.bench_function("8 trees x 20 fruits x 20 crows, optimal", |b| {
        b.iter(|| win_probability(black_box(&largest), Strategy::Optimal).unwrap());
    });
    group.bench_function("sweep 1-8 trees x 1-20 fruits at 9 crows, max", |b| {
        b.iter(|| sweep(Range::FULL, black_box(9), Strategy::Max, 2, &mut |_, _| {}).unwrap());
    });
    group.bench_function("fewest crows, 1-8 trees x 1-20 fruits, max", |b| {
        b.iter(|| min_crows(Range::FULL, black_box(Strategy::Max), 2, &mut |_, _| {}).unwrap());
    });
    group.finish();
}

criterion_group!(benches, orchard);
criterion_main!(benches);
