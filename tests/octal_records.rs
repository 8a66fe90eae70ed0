//! The hardest published octal-game solutions, re-proved (Gangolli and Plambeck
//! 1989; Flammenkamp's tables), in release mode and ignored by the plain
//! `cargo test`: `make records` (part of `make test`) proves .16 and counts
//! Grundy's game's rare heaps to 2¹⁹ in seconds;
//! `make test-slow` adds .376 and .354 (about a minute each) and Grundy's game
//! to 2²⁴ heaps.

use ludolab::impartial::{find_period, values, OctalCode};

fn solve(code: &str, up_to: usize) -> (usize, usize, bool) {
    solve_counting_rare(code, up_to).0
}

/// The period, preperiod and proof, and the rare heaps (heap 0 included).
fn solve_counting_rare(code: &str, up_to: usize) -> ((usize, usize, bool), usize) {
    let c = OctalCode::parse(code).unwrap();
    let (g, method) = values(&c, up_to, &mut |_, _| {}).unwrap();
    let p = find_period(&g, c.theorem_t()).expect("a period");
    ((p.period, p.preperiod, p.proven), method.rare_positions)
}

#[test]
#[ignore = "a minute in release mode: make test-slow"]
fn slow_octal_376_has_period_4_after_2268248_heaps() {
    // 510 rare values in the published table (tczajka's, heap 0 counted).
    assert_eq!(solve_counting_rare("0.376", 4_600_000), ((4, 2_268_248, true), 510));
}

#[test]
#[ignore = "a minute in release mode: make test-slow"]
fn slow_octal_354_has_period_1180_after_10061916_heaps() {
    assert_eq!(solve("0.354", 20_200_000), (1180, 10_061_916, true));
}

#[test]
#[ignore = "seconds in release mode: make records"]
fn octal_16_has_period_149459_after_105351_heaps() {
    assert_eq!(solve("0.16", 1_000_000), (149_459, 105_351, true));
}

/// Grundy's game to 2¹⁹ heaps: the sparse space of the published tables (mask
/// …11110, even) holds 1,274 rare heaps, heap 0 included, the last at 82,860
/// (the next, the 1,275th, at 7,250,049: `slow_grundys_game_to_2_24_heaps`).
/// 2¹⁹ is six times the last rare heap, many blocks of the sparse method past it;
/// 2²¹ took 50 s of make test's native lane (BENCHMARKS.md, "make test").
#[test]
#[ignore = "seconds in release mode: make records"]
fn grundys_game_to_2_19_heaps_has_1274_rare_heaps() {
    let c = OctalCode::parse("grundy").unwrap();
    let (_, method) = values(&c, 1 << 19, &mut |_, _| {}).unwrap();
    assert_eq!((method.mask, method.flip), (254, false));
    assert_eq!((method.rare_positions, method.last_rare), (1274, Some(82_860)));
}

/// Grundy's game to 2²⁴ heaps: no period proven, the sparse space of
/// Flammenkamp's list (mask …11110, even): 1,274 rare heaps (heap 0 included)
/// up to 82,860, then G(7,250,049) = 256, the 1,275th (Flammenkamp knows 1,287,
/// some beyond this range). About three minutes.
#[test]
#[ignore = "minutes in release mode: make test-slow"]
fn slow_grundys_game_to_2_24_heaps() {
    let c = OctalCode::parse("grundy").unwrap();
    let (g, method) = values(&c, 1 << 24, &mut |_, _| {}).unwrap();
    assert!(find_period(&g, c.theorem_t()).is_none_or(|p| !p.proven));
    assert_eq!((method.mask, method.flip, method.computed), (254, false, 1 << 24));
    println!(
        "Grundy's game to 2^24: {} rare heaps, the last at {:?}; largest value {}",
        method.rare_positions,
        method.last_rare,
        g.iter().max().unwrap()
    );
    assert_eq!((method.rare_positions, method.last_rare), (1275, Some(7_250_049)));
    assert_eq!(g[7_250_049], 256);
}
