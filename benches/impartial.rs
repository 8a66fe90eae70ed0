//! Impartial-games benchmarks: `cargo bench --bench impartial`.

use criterion::{criterion_group, criterion_main, Criterion};
use ludolab::impartial::{find_period, naive_values, values, values_by, Graph, NodeKayles, OctalCode, Way};
use std::hint::black_box;
use std::time::Duration;

/// A random graph of 30 vertices and 51 edges (G(n, 0.1), seed 7; also in www/bench.js).
pub const RANDOM_30: &str = "30: 0-4,0-7,0-9,0-11,0-12,0-22,1-6,1-7,1-29,2-16,2-24,2-28,3-8,3-26,4-10,4-19,4-20,4-24,4-25,4-29,5-17,5-23,5-28,6-27,6-28,7-26,9-12,10-19,10-22,12-25,12-27,14-19,14-22,14-26,15-18,16-17,16-18,16-21,16-25,16-27,17-27,18-25,18-27,20-29,21-23,21-27,24-27,25-29,26-28,27-28,27-29";

fn impartial(c: &mut Criterion) {
    let kayles = OctalCode::parse("0.77").unwrap();
    let paths = OctalCode::parse("0.137").unwrap();
    let kayles_values = naive_values(&kayles, 200);
    let paths_values = naive_values(&paths, 200);
    c.bench_function("impartial/periodicity proof, Kayles (values to 200)", |b| {
        b.iter(|| find_period(black_box(&kayles_values), Some(2)).unwrap());
    });
    c.bench_function("impartial/periodicity proof, 0.137 (values to 200)", |b| {
        b.iter(|| find_period(black_box(&paths_values), Some(3)).unwrap());
    });
    c.bench_function("impartial/Kayles G(0..=10^5)", |b| {
        b.iter(|| values(black_box(&kayles), 100_000, &mut |_, _| {}).unwrap());
    });
    // The 3-digit octal table (1,023 codes to 200 heaps), a link of `make lighthouse`:
    // the whole table, and its values alone (by the definition, as the table computes them).
    let codes = ludolab::impartial::table::codes(3);
    c.bench_function("impartial/octal table, 3-digit codes to 200", |b| {
        b.iter(|| ludolab::impartial::table::table(black_box(3), 200, &mut |_, _| {}).unwrap());
    });
    c.bench_function("impartial/octal table's values alone, 3-digit codes to 200", |b| {
        b.iter(|| {
            codes
                .iter()
                .map(|code| naive_values(black_box(code), 200)[200])
                .sum::<u16>()
        });
    });
    let graph = Graph::parse(RANDOM_30).unwrap();
    c.bench_function("impartial/node-Kayles on a random 30-vertex graph", |b| {
        b.iter(|| NodeKayles::new(black_box(&graph)).value(graph.all()));
    });
    let mut group = c.benchmark_group("impartial-heavy");
    group.sample_size(10).measurement_time(Duration::from_secs(20));
    group.bench_function("Kayles G(0..=10^6)", |b| {
        b.iter(|| values(black_box(&kayles), 1_000_000, &mut |_, _| {}).unwrap());
    });
    // 0.16 has no period within reach: the sparse-space method alone.
    let sixteen = OctalCode::parse("0.16").unwrap();
    group.bench_function("0.16 G(0..=10^5), sparse space alone", |b| {
        b.iter(|| values(black_box(&sixteen), 100_000, &mut |_, _| {}).unwrap());
    });
    group.bench_function("0.16 G(0..=10^6), sparse space alone", |b| {
        b.iter(|| values(black_box(&sixteen), 1_000_000, &mut |_, _| {}).unwrap());
    });
    group.bench_function("Kayles G(0..=20000) by the definition (O(n^2))", |b| {
        b.iter(|| naive_values(black_box(&kayles), 20_000));
    });
    group.finish();
    // The ways side by side in one run: the definition (the reference), the
    // sparse way alone (the engine before the dense way), the dense way alone,
    // and the engine choosing block by block.
    let mut ways = c.benchmark_group("octal-ways");
    ways.sample_size(10).measurement_time(Duration::from_secs(10));
    let code_106 = OctalCode::parse("0.106").unwrap();
    ways.bench_function("0.106 G(0..=2^15) by the definition", |b| {
        b.iter(|| naive_values(black_box(&code_106), 1 << 15));
    });
    ways.bench_function("0.106 G(0..=2^17), engine", |b| {
        b.iter(|| values(black_box(&code_106), 1 << 17, &mut |_, _| {}).unwrap());
    });
    for (code, n) in [("0.64", 1usize << 16), ("0.06", 1 << 16), ("grundy", 1 << 18)] {
        let c = OctalCode::parse(code).unwrap();
        for way in [Way::Sparse, Way::Dense, Way::Auto] {
            ways.bench_function(format!("{code} G(0..=2^{}), {way:?}", n.trailing_zeros()), |b| {
                b.iter(|| values_by(black_box(&c), n, way).unwrap());
            });
        }
    }
    ways.finish();
}

criterion_group!(benches, impartial);
criterion_main!(benches);
