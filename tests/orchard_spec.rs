//! Orchard against every number SPEC §3 and seed 002 publish, and its methods
//! against each other: the layered solver, the seed's recursion in fractions,
//! the chain's M^1000, the outcome by roll, the simulation.

use ludolab::orchard::advice::advise;
use ludolab::orchard::by_turn::by_turn;
use ludolab::orchard::chain::chain;
use ludolab::orchard::exact::Exact;
use ludolab::orchard::simulate::simulate;
use ludolab::orchard::sweep::{min_crows, sweep, Range};
use ludolab::orchard::{solve, win_probability, Game, Request, Space, Strategy};
use num_traits::ToPrimitive;
use proptest::prelude::*;

fn game(trees: &[u8], crows: usize, basket: usize) -> Game {
    Game {
        trees: trees.to_vec(),
        crows,
        basket,
    }
}

/// The seed's eight small states (max strategy), trees and crows.
const SEED_STATES: [(&[u8], usize, f64); 8] = [
    (&[2, 2], 2, 0.677372685185),
    (&[2, 2], 1, 0.371527777778),
    (&[2], 2, 0.814814814815),
    (&[1, 1], 2, 0.840277777778),
    (&[2], 1, 0.555555555556),
    (&[1, 1], 1, 0.583333333333),
    (&[1], 2, 0.888888888889),
    (&[1], 1, 0.666666666667),
];

#[test]
fn the_seeds_small_states_three_ways() {
    let c = chain(&game(&[2, 2], 2, 2), Strategy::Max).unwrap();
    let mut exact = Exact::new(2, Strategy::Max);
    for (trees, crows, p) in SEED_STATES {
        let (solved, _) = win_probability(&game(trees, crows, 2), Strategy::Max).unwrap();
        assert!((solved - p).abs() < 5e-13, "{trees:?}|{crows}: {solved}");
        let e = exact.win(trees, crows).unwrap().to_f64().unwrap();
        assert!((e - p).abs() < 5e-13, "{trees:?}|{crows}: exact {e}");
        let k = c
            .states
            .iter()
            .position(|s| s.trees == trees && s.crows == crows)
            .unwrap();
        assert!((c.victory_power[k] - p).abs() < 5e-13, "{trees:?}|{crows}: M^1000");
    }
    // The seed's graph: 10 states, A = 22|2 first, edges A→B 1/4, A→C 1/2, A→F 1/4.
    let labels: Vec<&str> = c.labels.iter().map(String::as_str).collect();
    assert_eq!(
        labels,
        ["22|2", "22|1", "21|2", "21|1", "2|2", "11|2", "2|1", "11|1", "1|2", "1|1", "defeat", "victory"]
    );
    let from_a: Vec<(&str, &str)> = c
        .edges
        .iter()
        .filter(|e| e.from == 0)
        .map(|e| (labels[e.to], e.fraction.as_str()))
        .collect();
    assert_eq!(from_a, [("22|1", "1/4"), ("21|2", "1/2"), ("11|2", "1/4")]);
    assert_eq!(c.victory_exact[0], "2341/3456");
    assert!(c.max_difference < 1e-12);
}

#[test]
fn the_default_game() {
    let g = game(&[10; 4], 9, 2);
    let value = |s| win_probability(&g, s).unwrap().0;
    let (max, optimal) = (value(Strategy::Max), value(Strategy::Optimal));
    assert!((max - 0.684047498128).abs() < 5e-13, "{max}");
    assert!((optimal - max).abs() < 1e-13, "max is optimal here: {optimal}");
    assert!((value(Strategy::Random) - 0.631998).abs() < 5e-7);
    assert!((value(Strategy::Min) - 0.532399).abs() < 5e-7);
    // The fewest crows giving P > 1/2 with 4 trees of 10 fruits: 8.
    let least = min_crows(Range { trees: 4, fruits: 10 }, Strategy::Max, 2, &mut |_, _| {}).unwrap();
    assert_eq!(least.min_crows[3][9], Some(8));
    let s = sweep(Range { trees: 4, fruits: 10 }, 9, Strategy::Max, 2, &mut |_, _| {}).unwrap();
    assert!((s.table[3][9] - max).abs() < 1e-13, "the sweep holds the game itself");
    // One tree of one fruit: the tree or the basket wins, the crow loses, each 1/3.
    assert!((s.table[0][0] - (1.0 - (1.0f64 / 3.0).powi(9))).abs() < 1e-14);
}

#[test]
fn the_fewest_crows_solve_holds_every_crow_counts_sweep() {
    // The page draws both heat maps from the one solve up to 40 crows: each crow
    // count's table must be the sweep solved at that count, bit for bit, for
    // every strategy and basket (the optimal basket choice depends on the crows left).
    let range = Range { trees: 3, fruits: 5 };
    for strategy in [Strategy::Max, Strategy::Min, Strategy::Random, Strategy::Optimal] {
        for basket in [1, 2, 4] {
            let least = min_crows(range, strategy, basket, &mut |_, _| {}).unwrap();
            assert_eq!(least.tables.len(), least.searched_up_to);
            for crows in [1, 2, 7, 20, least.searched_up_to] {
                let alone = sweep(range, crows, strategy, basket, &mut |_, _| {}).unwrap();
                assert_eq!(
                    least.sweep(crows),
                    Some(alone),
                    "{strategy:?}, basket {basket}, {crows} crows"
                );
            }
            assert_eq!(least.sweep(0), None);
            assert_eq!(least.sweep(least.searched_up_to + 1), None);
            // And the fewest crows read from the same tables.
            for (t, row) in least.min_crows.iter().enumerate() {
                for (f, &fewest) in row.iter().enumerate() {
                    let first = least.tables.iter().position(|table| table[t][f] > 0.5).map(|c| c + 1);
                    assert_eq!(fewest, first);
                }
            }
        }
    }
}

#[test]
fn the_exact_random_strategy_and_the_unequal_orchard() {
    let mut exact = Exact::new(2, Strategy::Random);
    let p = exact.win(&[3, 2, 1], 3).unwrap().to_f64().unwrap();
    let (solved, _) = win_probability(&game(&[1, 3, 2], 3, 2), Strategy::Random).unwrap();
    assert!((p - solved).abs() < 1e-14, "{p} {solved}");
}

#[test]
fn optimal_is_at_least_every_strategy_on_a_sweep() {
    let range = Range { trees: 4, fruits: 6 };
    for basket in 1..=3 {
        let best = sweep(range, 6, Strategy::Optimal, basket, &mut |_, _| {}).unwrap();
        for other in [Strategy::Max, Strategy::Min, Strategy::Random] {
            let s = sweep(range, 6, other, basket, &mut |_, _| {}).unwrap();
            for (a, b) in best.table.iter().flatten().zip(s.table.iter().flatten()) {
                assert!(a + 1e-13 >= *b, "basket {basket}, {other:?}: {a} < {b}");
            }
        }
    }
    // And somewhere it is strictly better than min.
    let g = game(&[6, 6, 6, 6], 6, 2);
    assert!(win_probability(&g, Strategy::Optimal).unwrap().0 > win_probability(&g, Strategy::Min).unwrap().0 + 0.01);
}

#[test]
fn expected_rolls_two_ways_and_the_outcome_by_roll() {
    for strategy in Strategy::ALL {
        for (trees, crows, basket) in [(&[10u8; 4][..], 9, 2), (&[5, 3, 1][..], 4, 1), (&[4, 4][..], 3, 3)] {
            let g = game(trees, crows, basket);
            let space = g.space().unwrap();
            let probes = [space.canonical(trees).unwrap()];
            let request = Request {
                rolls: true,
                keep: true,
                ..Request::new(&space, crows, basket, strategy, &probes)
            };
            let solution = solve(&request, &mut |_, _| {}).unwrap();
            let v = &solution.probes[0];
            let b = by_turn(&g, strategy, solution.table.as_ref(), &mut |_, _| {}).unwrap();
            let won: f64 = b.victory.iter().sum();
            let lost: f64 = b.defeat.iter().sum();
            assert!((won - v.win[crows - 1]).abs() < 1e-12, "{strategy:?} {trees:?}");
            assert!((won + lost - 1.0).abs() < 1e-12);
            assert!(
                (b.expected_rolls - v.rolls[crows - 1]).abs() < 1e-9,
                "{strategy:?} {trees:?}"
            );
            // The kept table answers for the start too.
            let t = solution.table.as_ref().unwrap();
            assert_eq!(t.win(&probes[0], crows), v.win[crows - 1]);
        }
    }
}

#[test]
fn chains_agree_with_the_recursion() {
    for strategy in Strategy::ALL {
        for (trees, crows, basket) in [
            (&[2u8, 2][..], 2, 2),
            (&[3, 1][..], 2, 1),
            (&[2, 1, 1][..], 2, 2),
            (&[3][..], 3, 2),
        ] {
            let g = game(trees, crows, basket);
            let c = chain(&g, strategy).unwrap();
            assert!(c.max_difference < 1e-12, "{strategy:?} {trees:?}");
            let (p, _) = win_probability(&g, strategy).unwrap();
            assert!((c.victory[0] - p).abs() < 1e-13, "{strategy:?} {trees:?}");
            // Every row of M sums to 1.
            for row in &c.matrix {
                let s: f64 = row
                    .iter()
                    .map(|f| ludolab::toolkit::number::parse_rational(f).unwrap().to_f64().unwrap())
                    .sum();
                assert!((s - 1.0).abs() < 1e-15);
            }
        }
    }
    let err = chain(&game(&[10; 4], 9, 2), Strategy::Max).unwrap_err();
    assert!(err.to_string().contains("at most 40 states"), "{err}");
}

#[test]
fn monte_carlo_within_four_standard_errors() {
    let g = game(&[10; 4], 9, 2);
    for strategy in [Strategy::Max, Strategy::Min, Strategy::Random] {
        let (p, e) = win_probability(&g, strategy).unwrap();
        let s = simulate(&g, strategy, 40_000, 7, None).unwrap();
        assert!(
            (s.win_probability - p).abs() < 4.0 * s.standard_error,
            "{strategy:?}: {} vs {p}",
            s.win_probability
        );
        assert!(
            (s.mean_rolls - e).abs() < 4.0 * s.rolls_standard_error,
            "{strategy:?}: rolls {} vs {e}",
            s.mean_rolls
        );
    }
    // The optimal strategy needs every position's value.
    let g = game(&[6, 4, 2], 4, 2);
    let space = g.space().unwrap();
    let probes = [space.canonical(&g.trees).unwrap()];
    let request = Request {
        rolls: false,
        keep: true,
        ..Request::new(&space, 4, 2, Strategy::Optimal, &probes)
    };
    let solution = solve(&request, &mut |_, _| {}).unwrap();
    let p = solution.probes[0].win[3];
    let s = simulate(&g, Strategy::Optimal, 40_000, 3, solution.table.as_ref()).unwrap();
    assert!((s.win_probability - p).abs() < 4.0 * s.standard_error);
    assert!(simulate(&g, Strategy::Optimal, 10, 3, None).is_err());
    // Seeded: the same seed plays the same games.
    assert_eq!(
        simulate(&g, Strategy::Random, 1000, 9, None),
        simulate(&g, Strategy::Random, 1000, 9, None)
    );
}

#[test]
fn the_advisor() {
    let a = advise(&[4, 2, 1], 2, 2, &mut |_, _| {}).unwrap();
    assert_eq!(a.label, "4,2,1|2");
    let labels: Vec<&str> = a.picks.iter().map(|p| p.after_label.as_str()).collect();
    let mut sorted = labels.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, ["2,2,1|2", "3,1,1|2", "3,2|2", "4,1|2"]);
    // Picks are sorted, and the best one is what optimal play is worth after the basket.
    assert!(a.picks.windows(2).all(|w| w[0].win_probability >= w[1].win_probability));
    let mut exact = Exact::new(2, Strategy::Optimal);
    for p in &a.picks {
        let e = exact.win(&p.after, 2).unwrap().to_f64().unwrap();
        assert!((e - p.win_probability).abs() < 1e-14, "{:?}", p.after);
    }
    let p = exact.win(&[4, 2, 1], 2).unwrap().to_f64().unwrap();
    assert!((a.win_probability - p).abs() < 1e-14);
    for s in &a.strategies {
        assert!(
            s.loss >= -1e-15 && s.win_probability <= a.picks[0].win_probability + 1e-15,
            "{}",
            s.strategy
        );
    }
    let max = a.strategies.iter().find(|s| s.strategy == "max").unwrap();
    assert_eq!(
        max.after.as_deref(),
        Some(&[2u8, 2, 1][..]),
        "max takes both from the 4"
    );
    let min = a.strategies.iter().find(|s| s.strategy == "min").unwrap();
    assert_eq!(
        min.after.as_deref(),
        Some(&[4u8, 1][..]),
        "min empties the 1, then takes from the 2"
    );
    // With at most K fruits left the basket wins.
    assert!(advise(&[1, 1], 3, 2, &mut |_, _| {}).unwrap().basket_wins);
    assert!(advise(&[0, 0], 3, 2, &mut |_, _| {}).is_err());
}

#[test]
fn solver_errors_name_the_range() {
    let space = Space::new(2, 3).unwrap();
    let request = Request::new(&space, 61, 2, Strategy::Max, &[]);
    assert_eq!(
        solve(&request, &mut |_, _| {}).unwrap_err().to_string(),
        "crows = 61 is out of range (allowed: 1 to 60)"
    );
    assert_eq!(
        Space::new(9, 3).unwrap_err().to_string(),
        "number of trees = 9 is out of range (allowed: 1 to 8)"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// The layered solver is the seed's recursion, for any small orchard,
    /// strategy and basket: up to 3 trees of 4 fruits, or 4 to 8 trees of 1 or 2
    /// (the die's 10 faces and the random basket's eighths, the divisors the
    /// exact fractions' denominators hold).
    #[test]
    fn layered_solver_equals_the_recursion(
        trees in prop_oneof![
            prop::collection::vec(1u8..=4, 1..=3),
            prop::collection::vec(1u8..=2, 4..=8),
        ],
        crows in 1usize..=4,
        basket in 1usize..=4,
        k in 0usize..4,
    ) {
        let strategy = Strategy::ALL[k];
        let (p, _) = win_probability(&game(&trees, crows, basket), strategy).unwrap();
        let e = Exact::new(basket, strategy).win(&trees, crows).unwrap().to_f64().unwrap();
        prop_assert!((p - e).abs() < 1e-13, "{} vs {}", p, e);
    }
}

#[test]
fn the_recursion_refuses_more_trees_than_the_die_has_faces_for() {
    let err = Exact::new(2, Strategy::Random).win(&[1; 9], 1).unwrap_err();
    assert!(err.to_string().contains('9') && err.to_string().contains('8'), "{err}");
}
