//! Snakes and Ladders solver benchmarks: `cargo bench --bench snakes`.

use criterion::{criterion_group, criterion_main, Criterion};
use ludolab::snakes::{distributions, Preset};
use std::hint::black_box;

fn audet(c: &mut Criterion) {
    let a = Preset::Audet.model().characteristic_matrix();
    c.bench_function("snakes/audet P+E (distributions)", |b| {
        b.iter(|| distributions::solve(black_box(&a), &mut |_| {}).unwrap())
    });
}

criterion_group!(benches, audet);
criterion_main!(benches);
