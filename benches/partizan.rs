//! Partizan benchmarks: `cargo bench --bench partizan`. Domineering's rectangles
//! in canonical form (the target: every rectangle to 5 × 5 within 1 s),
//! the outcome search on 6 × 6, and the sum of typed games.

use criterion::{criterion_group, criterion_main, Criterion};
use ludolab::partizan::report::{analyse, outcome_report, Ruleset};
use std::hint::black_box;
use std::time::Duration;

fn board(rows: usize, cols: usize) -> String {
    vec![".".repeat(cols); rows].join("/")
}

fn canonical(c: &mut Criterion) {
    let mut g = c.benchmark_group("partizan/domineering value");
    g.sample_size(10).measurement_time(Duration::from_secs(8));
    for (rows, cols) in [(4, 4), (4, 5), (5, 5), (4, 6)] {
        let b = board(rows, cols);
        g.bench_function(format!("{rows}x{cols}"), |x| {
            x.iter(|| analyse(Ruleset::Domineering, black_box(&b), &mut |_, _| {}).unwrap());
        });
    }
    g.finish();
}

fn outcome(c: &mut Criterion) {
    let mut g = c.benchmark_group("partizan/domineering outcome by search");
    g.sample_size(10).measurement_time(Duration::from_secs(8));
    for (rows, cols) in [(5, 5), (6, 6)] {
        let b = board(rows, cols);
        g.bench_function(format!("{rows}x{cols}"), |x| {
            x.iter(|| outcome_report(Ruleset::Domineering, black_box(&b), &mut |_, _| {}).unwrap());
        });
    }
    g.finish();
}

fn typed(c: &mut Criterion) {
    let mut g = c.benchmark_group("partizan/typed");
    g.sample_size(20);
    let sum = "{2|-1} + ^ + * + {{3|1}|{0|-2}} + +-1/2 + *3";
    g.bench_function("a sum of six games", |x| {
        x.iter(|| analyse(Ruleset::Expr, black_box(sum), &mut |_, _| {}).unwrap());
    });
    g.finish();
}

criterion_group!(benches, canonical, outcome, typed);
criterion_main!(benches);
