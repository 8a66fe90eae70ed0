//! Dice Battle against every number SPEC §2 and seed 001 publish.

use ludolab::dice::compare::{compare, simulate};
use ludolab::dice::one_turn::{exact_matrix, matrix, solve_game};
use ludolab::dice::{sequential, Strategy};
use proptest::prelude::*;

#[test]
fn sequential_d10_n100_matches_the_spec() {
    let s = sequential::solve(10, 100).unwrap();
    assert!((s.eg.get(0, 0) - 0.0687190473).abs() < 1e-10, "{}", s.eg.get(0, 0));
    assert_eq!(s.opt(0, 0), 6);
    assert_eq!(s.all_tied, 180, "states where every number of dice is optimal");
    // EG is a gain: between −1 and 1; near the goal the mover is favoured.
    assert!(s.eg.as_slice().iter().all(|v| (-1.0..=1.0).contains(v)));
    assert_eq!(s.eg.get(99, 0), 1.0);
}

#[test]
fn the_seeds_small_examples() {
    // D = 3, N = 2: player 1 always 3 dice against player 2 always 1 die.
    let s = sequential::solve(3, 2).unwrap();
    let c = compare(&s, Strategy::Fixed(3), Strategy::Fixed(1));
    assert!((c.win_probability.unwrap() - 841.0 / 1296.0).abs() < 1e-14);
    assert_eq!(format!("{:.4}", c.expected_gain), "0.2978");
    let c = compare(&s, Strategy::Fixed(1), Strategy::Fixed(1));
    assert!((c.win_probability.unwrap() - 31.0 / 36.0).abs() < 1e-14);
    assert_eq!(format!("{:.4}", c.expected_gain), "0.7222");
}

#[test]
fn table_1_exact() {
    let s = sequential::solve(10, 100).unwrap();
    let table = [
        (Strategy::Blind, [0.06699, -0.03129, 0.31870]),
        (Strategy::Optimal, [0.16779, 0.06872, 0.39867]),
        (Strategy::Random, [-0.20472, -0.28425, 0.05514]),
    ];
    for (first, row) in table {
        for (second, expected) in [Strategy::Blind, Strategy::Optimal, Strategy::Random]
            .into_iter()
            .zip(row)
        {
            let c = compare(&s, first, second);
            assert_eq!(
                format!("{:.5}", c.expected_gain),
                format!("{expected:.5}"),
                "{first:?} vs {second:?}"
            );
        }
    }
    // Optimal against itself is EG(0, 0).
    assert!((compare(&s, Strategy::Optimal, Strategy::Optimal).expected_gain - s.eg.get(0, 0)).abs() < 1e-12);
}

#[test]
fn simulation_agrees_with_the_exact_value() {
    let s = sequential::solve(10, 100).unwrap();
    for (first, second) in [
        (Strategy::Optimal, Strategy::Blind),
        (Strategy::Random, Strategy::Optimal),
    ] {
        let exact = compare(&s, first, second).expected_gain;
        let sim = simulate(&s, first, second, 20_000, 7).unwrap();
        assert!(
            (sim.expected_gain - exact).abs() < 4.0 * sim.standard_error,
            "{sim:?} vs {exact}"
        );
        assert_eq!(
            sim,
            simulate(&s, first, second, 20_000, 7).unwrap(),
            "the seed fixes the games"
        );
    }
    assert!(simulate(&s, Strategy::Blind, Strategy::Blind, 0, 1).is_err());
}

#[test]
fn one_turn_d3_fractions() {
    let m = exact_matrix(3).unwrap();
    assert_eq!(
        m,
        vec![
            vec!["0", "-3/8", "-49/216"],
            vec!["3/8", "0", "-773/3888"],
            vec!["49/216", "773/3888", "0"]
        ]
    );
    let f = matrix(3);
    assert!((f.get(2, 1) - 773.0 / 3888.0).abs() < 1e-15);
}

#[test]
fn table_2_optimal_mixed_strategies() {
    for dice in 2..=4 {
        let g = solve_game(&matrix(dice)).unwrap();
        assert!(
            (g.strategy[dice - 1] - 1.0).abs() < 1e-9,
            "D = {dice}: play D dice, {:?}",
            g.strategy
        );
        assert!(g.value.abs() < 1e-9);
    }
    for dice in 5..=10 {
        let g = solve_game(&matrix(dice)).unwrap();
        let expected = [(2, 1520.0 / 8657.0), (3, 11457.0 / 216425.0), (5, 166968.0 / 216425.0)];
        for (d, p) in expected {
            assert!(
                (g.strategy[d - 1] - p).abs() < 1e-7,
                "D = {dice}, p({d}) = {} ≠ {p}",
                g.strategy[d - 1]
            );
        }
        let rest: f64 = g
            .strategy
            .iter()
            .enumerate()
            .filter(|(i, _)| ![1, 2, 4].contains(i))
            .map(|(_, p)| p)
            .sum();
        assert!(rest < 1e-7, "D = {dice}: {:?}", g.strategy);
        assert!(g.value.abs() < 1e-9 && g.lower <= g.value + 1e-9 && g.value <= g.upper + 1e-9);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn one_turn_matrices_are_antisymmetric(dice in 1usize..=30) {
        let m = matrix(dice);
        for a in 0..dice {
            for b in 0..dice {
                prop_assert!((m.get(a, b) + m.get(b, a)).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn lp_values_lie_between_the_pure_bounds(rows in prop::collection::vec(prop::collection::vec(-1.0f64..1.0, 4), 1..6)) {
        let cols = rows[0].len();
        let m = ludolab::Matrix::from_rows(&rows);
        let g = solve_game(&m).unwrap();
        let maxmin = (0..m.rows()).map(|i| (0..cols).map(|j| m.get(i, j)).fold(f64::INFINITY, f64::min)).fold(f64::NEG_INFINITY, f64::max);
        let minmax = (0..cols).map(|j| (0..m.rows()).map(|i| m.get(i, j)).fold(f64::NEG_INFINITY, f64::max)).fold(f64::INFINITY, f64::min);
        prop_assert!(maxmin - 1e-9 <= g.value && g.value <= minmax + 1e-9, "{maxmin} ≤ {} ≤ {minmax}", g.value);
        prop_assert!(g.upper - g.lower <= 1e-9);
    }

    #[test]
    fn any_strategy_against_itself_has_value_zero(weights in prop::collection::vec(0.0f64..1.0, 1..=20)) {
        // One turn, the same mixed strategy x on both sides: xᵀ M x = 0 since M = −Mᵀ.
        let dice = weights.len();
        let total: f64 = weights.iter().sum::<f64>().max(1e-9);
        let x: Vec<f64> = weights.iter().map(|w| w / total).collect();
        let m = matrix(dice);
        let value: f64 = (0..dice).map(|a| (0..dice).map(|b| x[a] * m.get(a, b) * x[b]).sum::<f64>()).sum();
        prop_assert!(value.abs() < 1e-12, "{value}");
    }

    #[test]
    fn a_symmetric_game_has_value_zero(dice in 1usize..=12) {
        prop_assert!(solve_game(&matrix(dice)).unwrap().value.abs() < 1e-9);
    }
}

#[test]
fn simultaneous_multi_turn_matches_the_spec() {
    let s = ludolab::dice::simultaneous::solve(10, 100, &mut |_, _| {}).unwrap();
    for (i, j, v) in [
        (90, 95, "-0.148545"),
        (50, 60, "-0.230099"),
        (0, 50, "-0.729554"),
        (98, 99, "-0.270532"),
    ] {
        assert_eq!(format!("{:.6}", s.eg.get(i, j)), v, "EG1({i},{j})");
    }
    assert!(s.antisymmetry < 1e-12, "{}", s.antisymmetry);
    assert!(s.eg.get(0, 0).abs() < 1e-12, "the symmetric start is worth 0");
    // Most states have a pure saddle point; every strategy is a distribution.
    assert!(s.mixed_states > 0 && s.mixed_states < 2000, "{}", s.mixed_states);
    for i in (0..100).step_by(7) {
        for j in (0..100).step_by(11) {
            let total: f64 = s.mixed(i, j).iter().sum();
            assert!((total - 1.0).abs() < 1e-9 && s.mixed(i, j).iter().all(|&p| p >= 0.0));
        }
    }
    assert!(ludolab::dice::simultaneous::solve(16, 100, &mut |_, _| {}).is_err());
}

#[test]
fn table_4_the_optimal_simultaneous_strategy_never_loses_on_average() {
    let Ok(ludolab::registry::Scenario::Dice(s)) =
        ludolab::registry::parse("game=dice&mode=simultaneous&dice=10&target=100")
    else {
        panic!("a dice link")
    };
    let ludolab::dice::Report::Simultaneous(a) = ludolab::dice::analyse(&s, &mut |_, _| {}).unwrap() else {
        panic!("the simultaneous mode's report")
    };
    let gains: Vec<(String, f64)> = a.table.iter().map(|c| (c.second.clone(), c.expected_gain)).collect();
    assert_eq!(gains.len(), 4);
    // It guarantees the game's value, 0, against anything; against itself it gets exactly that.
    assert!(gains.iter().all(|(_, g)| *g >= -1e-12), "{gains:?}");
    assert!(gains[3].1.abs() < 1e-12, "{gains:?}");
    // The weaker the opponent, the larger the gain: random < blind < optimal sequential in strength.
    assert!(gains[1].1 > gains[0].1 && gains[0].1 > gains[2].1, "{gains:?}");
}

#[test]
fn figure_1_curves_agree_with_table_1() {
    let c = ludolab::dice::compare::curves(10, 100, &mut |_, _| {}).unwrap();
    assert_eq!(c.by_dice.len(), 10);
    assert_eq!(format!("{:.5}", c.by_dice[9].1), "0.16779");
    assert_eq!(c.by_target.last().map(|p| p.0), Some(100));
    assert!((c.by_target.last().unwrap().1 - c.by_dice[9].1).abs() < 1e-15);
    // Moving first is an advantage, and optimal play adds to it: every gain is positive.
    assert!(c.by_dice.iter().all(|&(_, g)| g > 0.0));
}

#[test]
fn tables_2_and_3_of_the_one_turn_game() {
    let Ok(ludolab::registry::Scenario::Dice(s)) = ludolab::registry::parse("game=dice&mode=one-turn&dice=10") else {
        panic!("a dice link")
    };
    let ludolab::dice::Report::OneTurn(a) = ludolab::dice::analyse(&s, &mut |_, _| {}).unwrap() else {
        panic!("the one-turn mode's report")
    };
    assert_eq!(a.table_2.len(), 9);
    assert!((a.table_2[0].1[1] - 1.0).abs() < 1e-9, "D = 2 plays 2 dice");
    assert!((a.table_2[8].1[4] - 166968.0 / 216425.0).abs() < 1e-7);
    let gain = |i: usize, j: usize| a.table_3[i * 3 + j].expected_gain;
    for i in 0..3 {
        assert!(gain(i, i).abs() < 1e-12, "a strategy against itself has value 0");
        for j in 0..3 {
            assert!((gain(i, j) + gain(j, i)).abs() < 1e-12, "zero-sum and symmetric");
        }
    }
    // The optimal strategy (row 1) gains against both others.
    assert!(gain(1, 0) > 0.0 && gain(1, 2) > 0.0);
}

/// The seed's names of the two numbers, which the page's labels show ("D:",
/// "N:"), read in a link as the keys they label; the link then writes the keys.
#[test]
fn a_link_may_name_d_and_n_as_the_seed_does() {
    use ludolab::registry::{check, parse, to_query};
    let s = parse("game=dice&v=1&mode=compare&N=100&D=10").unwrap();
    assert_eq!(
        to_query(&s),
        to_query(&parse("game=dice&v=1&mode=compare&dice=10&target=100").unwrap())
    );
    assert!(to_query(&s).contains("dice=10&target=100"));
    // The key itself wins over its seed name; a bad value names the key read.
    let both = check("game=dice&v=1&dice=4&D=10").unwrap();
    assert!(to_query(&both.link.scenario).contains("dice=4"));
    assert_eq!(both.errors[0].key(), Some("D"), "D is then a key of its own, unknown");
    let bad = check("game=dice&v=1&N=0").unwrap();
    assert_eq!(bad.errors[0].key(), Some("target"));
    assert_eq!(bad.typed, vec![("target".to_string(), "0".to_string())]);
}
