//! The four methods agree; termination, one player, m players and the seed's
//! series approximations against SPEC §1.

use crate::common;

use common::{any_board, any_matrix};
use ludolab::registry::{parse, Scenario};
use ludolab::snakes::{
    analyse_scenario, series, Board, Die, FinishRule, Jump, Method, Model, Preset, Report, Scenario as Snakes,
};
use ludolab::Matrix;
use proptest::prelude::*;

fn run(model: &Model, method: Method, starts: &[usize]) -> Report {
    let s = Snakes {
        model: model.clone(),
        width: 10,
        method,
        starts: starts.to_vec(),
        exact: false,
    };
    analyse_scenario(&s, &mut |_, _| {}).unwrap_or_else(|e| panic!("{method:?}: {e}"))
}

fn link(query: &str) -> Report {
    let Scenario::Snakes(s) = parse(query).unwrap() else {
        panic!("a snakes link")
    };
    analyse_scenario(&s, &mut |_, _| {}).unwrap()
}

/// Largest difference between two matrices that are defined at the same places.
fn gap(a: &Matrix, b: &Matrix) -> f64 {
    a.as_slice().iter().zip(b.as_slice()).fold(0.0, |worst, (x, y)| {
        assert_eq!(x.is_nan(), y.is_nan(), "defined at different places");
        if x.is_nan() {
            worst
        } else {
            worst.max((x - y).abs() / y.abs().max(1.0))
        }
    })
}

fn agree(model: &Model, tolerance: f64) {
    let n = model.size();
    let scenario = |method| Snakes {
        model: model.clone(),
        width: 10,
        method,
        starts: vec![0, 0],
        exact: false,
    };
    let reference = match analyse_scenario(&scenario(Method::Distributions), &mut |_, _| {}) {
        Ok(a) => a,
        Err(e) if e.to_string().contains("did not converge within") => {
            // Games that last beyond 10⁷ rolls (a cycle only a run of one face escapes):
            // one player's distribution, which every method reports, cannot be summed.
            let slow = Snakes {
                method: Method::Series,
                ..scenario(Method::Series)
            };
            assert!(analyse_scenario(&slow, &mut |_, _| {}).is_err());
            return;
        }
        Err(e) => {
            // Only a board whose games last extremely long may exhaust the sums; the
            // vectorised method then still solves it.
            assert!(e.to_string().contains("would need more than 1,000,000 rolls"), "{e}");
            let direct = run(model, Method::Vectorised, &[0, 0]);
            let longest = direct
                .e
                .as_slice()
                .iter()
                .copied()
                .filter(|v| v.is_finite())
                .fold(0.0, f64::max);
            assert!(longest > 1e5, "gave up on a board whose games last {longest} moves");
            return;
        }
    };
    // P = (I − A)W subtracts sums of size W ≈ E/2 that carry ~ε√T·W of rounding:
    // on boards with long games, the series keeps 1e-12 relative to that scale.
    let longest = reference
        .e
        .as_slice()
        .iter()
        .copied()
        .filter(|v| v.is_finite())
        .fold(1.0, f64::max);
    let mut others = vec![Method::Series];
    if n <= Method::Vectorised.max_squares() {
        others.push(Method::Vectorised);
    }
    if n <= Method::Exact.max_squares() {
        others.push(Method::Exact);
    }
    for method in others {
        let other = run(model, method, &[0, 0]);
        let (dp, de) = (gap(&reference.p, &other.p), gap(&reference.e, &other.e));
        let p_tolerance = if method == Method::Series {
            tolerance * longest
        } else {
            tolerance
        };
        assert!(
            dp <= p_tolerance && de <= tolerance,
            "{method:?}: P differs by {dp:e}, E by {de:e} (relative)"
        );
    }
}

#[test]
fn a_board_with_long_games_shows_the_series_conditioning() {
    // Found by proptest: games last ~4771 moves. The distributions and vectorised
    // P agree to 2e-13; the series' P = (I − A)W loses ~1e-11 to cancellation.
    let Scenario::Snakes(s) = parse("game=snakes&squares=30&snake=23:19,28:1&die=2,7,12&rule=bounce").unwrap() else {
        panic!()
    };
    let model = s.model;
    let d = run(&model, Method::Distributions, &[0, 0]);
    let v = run(&model, Method::Vectorised, &[0, 0]);
    let series = run(&model, Method::Series, &[0, 0]);
    assert!(d.e.get(0, 0) > 4770.0);
    assert!(gap(&d.p, &v.p) <= 1e-12 && gap(&d.e, &v.e) <= 1e-12);
    assert!(gap(&series.p, &v.p) <= 1e-12 * d.e.get(0, 0));
    agree(&model, 1e-12);
}

/// Found by proptest: under the exact rule this board's games last about 10⁹ rolls
/// (12 to 16 cycle back to 0 through the snake; only eleven 1s in a row escape).
/// The board's own rule (overshoot) is analysed, and the rules table says why
/// the exact rule's row is not computed instead of failing the whole analysis.
#[test]
fn a_rule_whose_games_last_too_long_leaves_a_note_not_an_error() {
    let report = link("game=snakes&squares=23&snake=17:0&die=1:1/6,12:5/6&rule=overshoot");
    let exact = report.rules.iter().find(|r| r.rule == "exact").unwrap();
    assert!(exact.note.as_ref().unwrap().en.contains("more than 10,000,000 rolls"));
    assert!(exact.p00.is_nan() && exact.e00.is_none());
    let overshoot = report.rules.iter().find(|r| r.rule == "overshoot").unwrap();
    assert!(overshoot.note.is_none() && overshoot.p00 > 0.5);
    assert!(report.rules.iter().find(|r| r.rule == "bounce").unwrap().note.is_none());
}

#[test]
fn the_four_methods_agree_on_every_preset() {
    for preset in Preset::ALL {
        agree(&preset.model(), 1e-12);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_four_methods_agree_on_random_boards(board in any_board(2..=30)) {
        agree(&Model::Board(board), 1e-12);
    }

    #[test]
    fn the_four_methods_agree_on_random_matrices(m in any_matrix(1..=8)) {
        agree(&Model::Matrix(m), 1e-12);
    }
}

#[test]
fn exact_fractions_match_the_seed() {
    let a = run(&Preset::Example2.model(), Method::Exact, &[0, 0]);
    let text = |m: &Option<Vec<Vec<Option<String>>>>, i: usize, j: usize| m.as_ref().unwrap()[i][j].clone().unwrap();
    assert_eq!(
        [
            text(&a.p_exact, 0, 0),
            text(&a.p_exact, 0, 1),
            text(&a.p_exact, 1, 0),
            text(&a.p_exact, 1, 1)
        ],
        ["1192/1683", "152/187", "184/561", "328/561"]
    );
    assert_eq!(
        [
            text(&a.e_exact, 0, 0),
            text(&a.e_exact, 0, 1),
            text(&a.e_exact, 1, 0),
            text(&a.e_exact, 1, 1)
        ],
        ["664/363", "872/363", "1048/363", "504/121"]
    );
    let g = run(&Preset::Grid1.model(), Method::Exact, &[0, 0]);
    assert_eq!(text(&g.p_exact, 0, 0), "2/3");
    assert_eq!(text(&g.e_exact, 0, 0), "329/81");
}

#[test]
fn the_seeds_truncated_series_are_reproduced() {
    let a = Preset::Example2.model().characteristic_matrix();
    // Example 3 prints, as its 6-term approximation of P, the limit values of
    // Example 2 (no number of terms gives 0.7082): only the partial sums' approach
    // to them is checked.
    let (p6, _) = series::partial_sums(&a, 6);
    let (p40, _) = series::partial_sums(&a, 40);
    assert_eq!(format!("{:.4}", p6.get(0, 0)), "0.7065");
    assert!((p40.get(0, 0) - 1192.0 / 1683.0).abs() < 1e-12);
    // Example 4's E ≈ [[1.8252, 2.3935], [2.8784, 4.1463]] is the sum over k = 0..6 (SPEC §1).
    let (_, e) = series::partial_sums(&a, 7);
    for (i, j, v) in [(0, 0, "1.8252"), (0, 1, "2.3935"), (1, 0, "2.8784"), (1, 1, "4.1463")] {
        assert_eq!(format!("{:.4}", e.get(i, j)), v, "E[{i}][{j}]");
    }
}

#[test]
fn the_series_reports_its_terms_and_a_bound_it_keeps() {
    for preset in [Preset::Audet, Preset::MiltonBradley, Preset::Grid1] {
        let reference = run(&preset.model(), Method::Vectorised, &[0, 0]);
        for method in [Method::Series, Method::Distributions] {
            let a = run(&preset.model(), method, &[0, 0]);
            assert!(
                a.terms > 0 && a.error_bound > 0.0 && a.error_bound <= 1e-10,
                "{preset} {method:?}: {} terms, bound {}",
                a.terms,
                a.error_bound
            );
            // The reported bounds hold against an independent method (give or take
            // rounding, which the series' truncation bound does not count).
            assert!(
                reference.p.max_abs_diff(&a.p) <= a.error_bound + 1e-13,
                "{preset} {method:?}"
            );
            assert!(
                reference.e.max_abs_diff(&a.e) <= a.error_bound_e + 1e-12,
                "{preset} {method:?}"
            );
        }
    }
}

#[test]
fn one_player_matches_the_spec() {
    let cases = [
        ("game=snakes&preset=audet", 36.1931, 30, 7),
        ("game=snakes&preset=milton-bradley", 39.2251, 32, 7),
        ("game=snakes&preset=audet&rule=exact", 39.5984, 33, 7),
    ];
    for (query, expected, median, min) in cases {
        let o = link(query).one_player;
        assert_eq!(
            format!("{:.4}", o.expected_rolls.unwrap()),
            format!("{expected:.4}"),
            "{query}"
        );
        assert_eq!((o.median, o.min), (Some(median), Some(min)), "{query}");
        let total: f64 = o.distribution.iter().sum();
        assert!((total - 1.0).abs() < 1e-12, "{query}: the distribution sums to {total}");
    }
    let mb_overshoot = link("game=snakes&preset=milton-bradley&rule=overshoot");
    assert_eq!(
        format!("{:.4}", mb_overshoot.one_player.expected_rolls.unwrap()),
        "35.8349"
    );
    assert_eq!(format!("{:.6}", mb_overshoot.p.get(0, 0)), "0.508784");
    assert_eq!(format!("{:.4}", mb_overshoot.e.get(0, 0)), "47.4280");
}

#[test]
fn the_rules_table_compares_the_three_rules() {
    let a = link("game=snakes&preset=audet");
    let rules: Vec<(&str, String, String)> = a
        .rules
        .iter()
        .map(|r| (r.rule, format!("{:.6}", r.p00), format!("{:.4}", r.e00.unwrap())))
        .collect();
    assert_eq!(rules[0], ("overshoot", "0.508654".into(), "47.7606".into()));
    assert_eq!(rules[1], ("exact", "0.507803".into(), "52.5188".into()));
    assert_eq!(rules[2].0, "bounce");
    assert!(link("game=snakes&preset=example2").rules.is_empty());
}

fn board(n: usize, faces: &[u32], jumps: &[(usize, usize)]) -> Model {
    let jumps = jumps.iter().map(|&(from, to)| Jump { from, to }).collect();
    Model::Board(Board::new(n, jumps, Die::from_faces(faces).unwrap(), FinishRule::Overshoot).unwrap())
}

#[test]
fn boards_where_games_can_last_forever() {
    // SPEC §1: n = 6, faces {1, 2}, ladder 1→6, snakes 4→2 and 5→2.
    let model = board(6, &[1, 2], &[(1, 6), (4, 2), (5, 2)]);
    for method in Method::ALL {
        let a = run(&model, method, &[0, 0]);
        let t = &a.termination;
        assert!(!t.terminates);
        assert_eq!(t.trapped, vec![1, 2, 3]);
        assert!(!t.ends_from_start);
        assert!((t.start_never_finishes - 0.5).abs() < 1e-15);
        assert!((t.start_game_never_ends - 0.25).abs() < 1e-15);
        assert!(t
            .undefined
            .as_ref()
            .unwrap()
            .en
            .contains("the goal cannot be reached from 1, 2, 3"));
        // Only the sure square 5 has P and E; everything else is undefined, not garbage.
        assert!((a.p.get(5, 5) - 1.0).abs() < 1e-15 && (a.e.get(5, 5) - 1.0).abs() < 1e-15);
        assert!(a.p.get(0, 0).is_nan() && a.e.get(0, 5).is_nan() && a.p.get(2, 5).is_nan());
        // The race still reports who wins and how often nobody does.
        assert!((a.players.win_probabilities[0] - 0.5).abs() < 1e-15);
        assert!((a.players.win_probabilities[1] - 0.25).abs() < 1e-15);
        assert_eq!(a.players.expected_length, None);
        assert_eq!(a.one_player.expected_rolls, None);
    }
    // n = 6, a die that always shows 1, ladder 2→6, snake 4→3: square 3 is trapped
    // (spectral radius 1), yet every game started from 0 ends.
    let model = board(6, &[1], &[(2, 6), (4, 3)]);
    let a = run(&model, Method::Distributions, &[0, 0]);
    // Row 2 (the ladder's start, where a token never rests) only steps onto 3.
    assert_eq!(a.termination.trapped, vec![2, 3]);
    assert!(a.termination.ends_from_start);
    assert_eq!(a.termination.start_game_never_ends, 0.0);
    assert!(
        (a.p.get(0, 0) - 1.0).abs() < 1e-15,
        "the first player reaches 2→6 first"
    );
    assert_eq!(a.e.get(0, 0), 3.0, "moves: 0→1, 0→1, then 1→2→6 wins");
}

#[test]
fn races_of_m_players_agree_with_p_and_e() {
    let a = run(&Preset::Audet.model(), Method::Distributions, &[0, 0]);
    assert!((a.players.win_probabilities[0] - a.p.get(0, 0)).abs() < 1e-12);
    assert!((a.players.expected_length.unwrap() - a.e.get(0, 0)).abs() < 1e-10);
    for (i, j) in [(0, 50), (74, 91), (81, 91), (98, 99), (3, 2)] {
        let r = run(&Preset::Audet.model(), Method::Distributions, &[i, j]).players;
        assert!((r.win_probabilities[0] - a.p.get(i, j)).abs() < 1e-12, "p[{i}][{j}]");
        assert!(
            (r.expected_length.unwrap() - a.e.get(i, j)).abs() < 1e-10,
            "e[{i}][{j}]"
        );
        let total: f64 = r.length_distribution.iter().sum();
        assert!((total - 1.0).abs() < 1e-12);
    }
    // Symmetric starts: the order of play decides, and the probabilities sum to 1.
    for m in 2..=6 {
        let r = run(&Preset::Audet.model(), Method::Distributions, &vec![0; m]).players;
        let total: f64 = r.win_probabilities.iter().sum();
        assert!((total - 1.0).abs() < 1e-12, "{m} players: {total}");
        assert!(
            r.win_probabilities.windows(2).all(|w| w[0] > w[1]),
            "{m} players: {:?}",
            r.win_probabilities
        );
        // The length distribution's odd/even split is the winners' split.
        let by_winner: f64 = r.length_distribution.iter().step_by(m).sum();
        assert!((by_winner - r.win_probabilities[0]).abs() < 1e-12);
    }
}

#[test]
fn the_seeds_surprise_is_found() {
    let a = link("game=snakes&preset=audet");
    let top = &a.surprises[0];
    assert_eq!((top.kind, top.fixed, top.from, top.to), ("mover", 91, 74, 81));
    assert_eq!(format!("{:.3} {:.3}", top.before, top.after), "0.494 0.251");
    // Squares a token cannot rest on (jump starts) are never compared.
    assert!(a
        .surprises
        .iter()
        .all(|s| ![80, 71, 28].contains(&s.from) && ![80, 71, 28].contains(&s.to)));
}
