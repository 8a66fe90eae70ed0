//! The hardest published octal-game solutions, re-proved (Gangolli and Plambeck
//! 1989; Flammenkamp's tables): `make records` runs them in release mode (about
//! a minute); they are ignored by the plain `cargo test`.

use ludolab::impartial::{find_period, values, OctalCode};

fn solve(code: &str, up_to: usize) -> (usize, usize, bool) {
    let c = OctalCode::parse(code).unwrap();
    let (g, _) = values(&c, up_to, &mut |_| {}).unwrap();
    let p = find_period(&g, c.max_removal()).expect("a period");
    (p.period, p.preperiod, p.proven)
}

#[test]
#[ignore = "a minute in release mode: make records"]
fn octal_376_has_period_4_after_2268248_heaps() {
    assert_eq!(solve("0.376", 4_600_000), (4, 2_268_248, true));
}

#[test]
#[ignore = "a minute in release mode: make records"]
fn octal_354_has_period_1180_after_10061916_heaps() {
    assert_eq!(solve("0.354", 20_200_000), (1180, 10_061_916, true));
}

#[test]
#[ignore = "seconds in release mode: make records"]
fn octal_16_has_period_149459_after_105351_heaps() {
    assert_eq!(solve("0.16", 1_000_000), (149_459, 105_351, true));
}
