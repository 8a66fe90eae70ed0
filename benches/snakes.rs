//! Snakes and Ladders solver benchmarks: `cargo bench --bench snakes`.

use criterion::{criterion_group, criterion_main, Criterion};
use ludolab::snakes::{
    analyse, characteristic_matrix, distributions, exact, exact_rolls, players, random_board, series, vectorised,
    Preset,
};
use std::hint::black_box;
use std::time::Duration;

fn audet(c: &mut Criterion) {
    let a = Preset::Audet.model().characteristic_matrix();
    c.bench_function("snakes/audet P+E (distributions)", |b| {
        b.iter(|| distributions::solve(black_box(&a), &mut |_, _| {}).unwrap());
    });
    c.bench_function("snakes/audet P+E (series)", |b| {
        b.iter(|| series::solve(black_box(&a), &mut |_, _| {}).unwrap());
    });
    let t = analyse(&a).unwrap();
    c.bench_function("snakes/audet race of 6 players", |b| {
        b.iter(|| players::race_on(black_box(&a), &t, &[0, 0, 0, 0, 0, 0], &mut |_, _| {}).unwrap());
    });
}

fn heavy(c: &mut Criterion) {
    let mut group = c.benchmark_group("snakes-heavy");
    group.sample_size(10).measurement_time(Duration::from_secs(20));
    let a = Preset::Audet.model().characteristic_matrix();
    group.bench_function("audet P+E (vectorised)", |b| {
        b.iter(|| vectorised::solve(black_box(&a), &mut |_, _| {}).unwrap());
    });
    let big = characteristic_matrix(&random_board(1000, 1).unwrap());
    group.bench_function("random n=1000 seed 1 P+E (distributions)", |b| {
        b.iter(|| distributions::solve(black_box(&big), &mut |_, _| {}).unwrap());
    });
    let twelve = ludolab::snakes::exact_characteristic_matrix(
        &ludolab::snakes::Board::new(
            12,
            vec![
                ludolab::snakes::Jump { from: 2, to: 9 },
                ludolab::snakes::Jump { from: 11, to: 3 },
                ludolab::snakes::Jump { from: 8, to: 1 },
            ],
            ludolab::snakes::Die::fair(6).unwrap(),
            ludolab::snakes::FinishRule::Overshoot,
        )
        .unwrap(),
    );
    group.bench_function("n=12 P+E (exact)", |b| {
        b.iter(|| exact::solve(black_box(&twelve), &mut |_, _| {}).unwrap());
    });
    let twenty = ludolab::snakes::exact_characteristic_matrix(&random_board(20, 2).unwrap());
    group.bench_function("random n=20 seed 2 P+E (exact)", |b| {
        b.iter(|| exact::solve(black_box(&twenty), &mut |_, _| {}).unwrap());
    });
    // One player's expected rolls as a fraction (exact=yes).
    let milton = Preset::MiltonBradley.model().exact_matrix();
    group.bench_function("milton-bradley expected rolls (exact)", |b| {
        b.iter(|| exact_rolls::expected_rolls(black_box(&milton), 0, &mut |_, _| {}).unwrap());
    });
    let thousand = ludolab::snakes::exact_characteristic_matrix(&random_board(1000, 7).unwrap());
    group.bench_function("random n=1000 seed 7 expected rolls (exact)", |b| {
        b.iter(|| exact_rolls::expected_rolls(black_box(&thousand), 0, &mut |_, _| {}).unwrap());
    });
    group.finish();
}

criterion_group!(benches, audet, heavy);
criterion_main!(benches);
