//! Partizan games checked two ways: every canonical form's outcome against a
//! plain game-tree search of the position (thousands of random small positions
//! of each ruleset), the group laws on random games, the thermograph's mean
//! against its additivity, and the values Winning Ways publishes (Cutcake,
//! Hackenbush strings, small Domineering boards).

use ludolab::partizan::atomic::AtomicWeights;
use ludolab::partizan::clobber::Clobber;
use ludolab::partizan::cutcake::Cutcake;
use ludolab::partizan::domineering::Domineering;
use ludolab::partizan::game::{GameId, Games, Outcome, Side};
use ludolab::partizan::grid::Grid;
use ludolab::partizan::hackenbush::Hackenbush;
use ludolab::partizan::konane::Konane;
use ludolab::partizan::notation::{parse, Namer};
use ludolab::partizan::report::{analyse, check, Ruleset};
use ludolab::partizan::rules::{first_player_wins, Rules, Solver};
use ludolab::partizan::thermograph::{Thermograph, Walls};
use ludolab::partizan::toads::ToadsAndFrogs;
use ludolab::partizan::Dyadic;
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::HashMap;

fn quiet() -> impl FnMut(f64, &[(&'static str, i64)]) {
    |_, _| {}
}

/// The canonical form's outcome equals the search's, for each position.
fn outcomes_agree<R: Rules + Clone>(rules: R, positions: &[R::Position], name: impl Fn(&R::Position) -> String) {
    let mut games = Games::new();
    let mut solver = Solver::new(rules.clone(), 1 << 22);
    let mut memo = HashMap::new();
    for p in positions {
        let v = solver.value(&mut games, p, &mut quiet()).unwrap();
        let by_value = games.outcome(v);
        let left = first_player_wins(&rules, p, Side::Left, &mut memo);
        let right = first_player_wins(&rules, p, Side::Right, &mut memo);
        assert_eq!(by_value, Outcome::from_first(left, right), "{}", name(p));
    }
}

fn random_grid(rng: &mut Xoshiro256PlusPlus, cells: &[u8], most: u8) -> Grid {
    let rows = rng.random_range(1..=4u8);
    let cols = rng.random_range(1..=4u8.min(most / rows));
    Grid {
        rows,
        cols,
        cells: (0..rows * cols)
            .map(|_| cells[rng.random_range(0..cells.len())])
            .collect(),
    }
}

#[test]
fn domineering_outcomes_match_a_search() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(42);
    // Empty cells three times as often as blocked ones.
    let boards: Vec<Grid> = (0..2000).map(|_| random_grid(&mut rng, &[0, 0, 0, 1], 16)).collect();
    outcomes_agree(Domineering, &boards, Domineering::write);
}

#[test]
fn clobber_outcomes_match_a_search() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(43);
    let boards: Vec<Grid> = (0..2000).map(|_| random_grid(&mut rng, &[0, 1, 1, 2, 2], 12)).collect();
    outcomes_agree(Clobber, &boards, Clobber::write);
}

#[test]
fn konane_outcomes_match_a_search() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(47);
    // Empty cells as often as stones, so that jumps (and runs of them) are common.
    let boards: Vec<Grid> = (0..2000).map(|_| random_grid(&mut rng, &[0, 0, 1, 2], 16)).collect();
    outcomes_agree(Konane, &boards, Clobber::write);
}

/// Values worked by hand: a jump to nothing left is `{0|}` = 1; a stone
/// that may stop or jump on has two options of one value; a jump each way is
/// `*`; two jumps for Left against one for Right, each ending the game, `{1|0}`.
#[test]
fn konane_values_worked_by_hand() {
    for (position, value) in [
        ("x.o", "0"),
        ("xo.", "1"),
        ("ox.", "-1"),
        ("xo.o.", "1"),
        ("..xo.", "*"),
        ("xo.xo.", "{1|0}"),
        ("x/o/.", "1"),
    ] {
        let a = analyse(Ruleset::Konane, position, &mut quiet()).unwrap();
        assert_eq!(a.value, value, "{position}");
    }
}

#[test]
fn toads_and_frogs_outcomes_match_a_search() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(44);
    let strips: Vec<Vec<u8>> = (0..2000)
        .map(|_| {
            let n = rng.random_range(1..=10);
            (0..n).map(|_| b"TF.."[rng.random_range(0..4)]).collect()
        })
        .collect();
    outcomes_agree(ToadsAndFrogs, &strips, |s| ToadsAndFrogs::write(s));
}

/// Cutcake for the plain search: a cake is its pieces sorted, without the 1 × 1
/// ones (no one can cut them): the same game, far fewer states than the lists
/// in the order the cuts leave them.
#[derive(Clone)]
struct SortedCake;

impl Rules for SortedCake {
    type Position = Vec<(u16, u16)>;
    fn moves(&self, pieces: &Vec<(u16, u16)>, side: Side) -> Vec<Vec<(u16, u16)>> {
        Cutcake
            .moves(pieces, side)
            .into_iter()
            .map(|mut next| {
                next.retain(|&p| p != (1, 1));
                next.sort_unstable();
                next
            })
            .collect()
    }
    fn parts(&self, pieces: &Vec<(u16, u16)>) -> Vec<(Vec<(u16, u16)>, bool)> {
        Cutcake.parts(pieces)
    }
}

#[test]
fn cutcake_outcomes_match_a_search() {
    let pieces: Vec<Vec<(u16, u16)>> = (1..=6)
        .flat_map(|r| (1..=6).map(move |c| vec![(r, c)]))
        .chain([vec![(2, 3), (3, 2)], vec![(1, 4), (2, 2), (4, 1)]])
        .collect();
    outcomes_agree(SortedCake, &pieces, |p| Cutcake::write(p));
    // And 2,000 random cakes of one to three pieces, sides 1 to 4: sums of pieces.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(49);
    let cakes: Vec<Vec<(u16, u16)>> = (0..2000)
        .map(|_| {
            let mut cake: Vec<(u16, u16)> = (0..rng.random_range(1..=3))
                .map(|_| (rng.random_range(1..=4), rng.random_range(1..=4)))
                .collect();
            cake.sort_unstable();
            cake
        })
        .collect();
    outcomes_agree(SortedCake, &cakes, |p| Cutcake::write(p));
}

#[test]
fn hackenbush_outcomes_match_a_search() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(45);
    for _ in 0..2000 {
        // A random drawing of up to 8 edges on 5 vertices besides the ground.
        let n = rng.random_range(1..=8);
        let text: Vec<String> = (0..n)
            .map(|_| {
                let u = rng.random_range(0..6);
                let v = rng.random_range(0..6);
                let name = |k: u32| if k == 0 { "g".to_string() } else { format!("v{k}") };
                format!("{}-{}:{}", name(u), name(v), ["b", "r", "g"][rng.random_range(0..3)])
            })
            .collect();
        let (drawing, standing) = Hackenbush::parse(&text.join(",")).unwrap();
        let copy = drawing.clone();
        outcomes_agree(drawing, &[standing], |s| copy.write(*s));
    }
}

/// Random canonical games: each built from two random sets of earlier ones
/// (from `seeds`), each set of a size in `options`.
fn random_games_from(
    games: &mut Games,
    rng: &mut Xoshiro256PlusPlus,
    mut pool: Vec<GameId>,
    options: std::ops::Range<usize>,
    count: usize,
) -> Vec<GameId> {
    while pool.len() < count {
        let mut pick = || -> Vec<GameId> {
            (0..rng.random_range(options.clone()))
                .map(|_| pool[rng.random_range(0..pool.len())])
                .collect()
        };
        let (l, r) = (pick(), pick());
        let g = games.make(l, r);
        pool.push(g);
    }
    pool
}

/// Random canonical games from 0, ±1 and *, with up to two options a side.
fn random_games(games: &mut Games, rng: &mut Xoshiro256PlusPlus, count: usize) -> Vec<GameId> {
    let seeds = vec![Games::ZERO, games.integer(1), games.integer(-1), games.nimber(1)];
    random_games_from(games, rng, seeds, 0..3, count)
}

#[test]
fn group_laws_hold_on_random_games() {
    let mut games = Games::new();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(46);
    let pool = random_games(&mut games, &mut rng, 120);
    for _ in 0..600 {
        let g = pool[rng.random_range(0..pool.len())];
        let h = pool[rng.random_range(0..pool.len())];
        let k = pool[rng.random_range(0..pool.len())];
        assert_eq!(games.sub(g, g), Games::ZERO);
        let (gh, hg) = (games.add(g, h), games.add(h, g));
        assert_eq!(gh, hg);
        let (gh_k, g_hk) = {
            let a = games.add(gh, k);
            let hk = games.add(h, k);
            (a, games.add(g, hk))
        };
        assert_eq!(gh_k, g_hk);
        // g ≤ h exactly when h − g ≥ 0.
        let d = games.sub(h, g);
        assert_eq!(games.le(g, h), games.le(Games::ZERO, d));
        // The mean is additive.
        let mut walls = Walls::new();
        let (mg, mh, mgh) = (
            Thermograph::of(&mut games, g, &mut walls).mean,
            Thermograph::of(&mut games, h, &mut walls).mean,
            Thermograph::of(&mut games, gh, &mut walls).mean,
        );
        assert_eq!(mg.add(mh), mgh);
        // CGSuite's notation reads back as the same game.
        let mut namer = Namer::new();
        let written = namer.name(&mut games, g);
        assert_eq!(parse(&mut games, &written).unwrap(), g, "{written}");
        // And so do the page's signs (↑³, ±1, ⧾2, −1/2).
        let shown = ludolab::partizan::notation::unicode(&written);
        assert_eq!(parse(&mut games, &shown).unwrap(), g, "{shown}");
    }
}

#[test]
fn textbook_identities() {
    let mut games = Games::new();
    let value = |games: &mut Games, text: &str| parse(games, text).unwrap();
    let pairs = [
        ("^ + ^ + *", "{0|^}"),
        ("* + *", "0"),
        ("1/2 + 1/2", "1"),
        ("{0|1}", "1/2"),
        ("^ + v", "0"),
        ("*2 + *3", "*"),
        ("+-1 + +-1", "0"),
        ("{1|-1} + 1", "{2|0}"),
    ];
    for (a, b) in pairs {
        let (x, y) = (value(&mut games, a), value(&mut games, b));
        assert_eq!(x, y, "{a} = {b}");
    }
    // ↑ is positive, ↑* fuzzy with 0, ↑ < every positive number.
    let up = value(&mut games, "^");
    assert_eq!(games.outcome(up), Outcome::L);
    let up_star = value(&mut games, "^*");
    assert_eq!(games.outcome(up_star), Outcome::N);
    let small = games.number(Dyadic::new(1, 10));
    assert!(games.le(up, small) && !games.le(small, up));
}

/// Winning Ways (ch. 2): with Left cutting between columns, a cake of `h`
/// rows and `w` columns is worth `⌊w / 2ᵏ⌋ − 1` where `2ᵏ ≤ h < 2ᵏ⁺¹`, when
/// `w ≥ h`, and the negative of the turned cake otherwise.
#[test]
fn cutcake_matches_winning_ways() {
    let mut games = Games::new();
    let mut solver = Solver::new(Cutcake, 1 << 20);
    let formula = |h: i64, w: i64| -> i64 {
        let (a, b, sign) = if w >= h { (h, w, 1) } else { (w, h, -1) };
        let k = 63 - i64::from(a.leading_zeros());
        sign * (b / (1 << k) - 1)
    };
    for h in 1..=16u16 {
        for w in 1..=16u16 {
            let v = solver.value(&mut games, &vec![(h, w)], &mut quiet()).unwrap();
            let expected = games.integer(formula(i64::from(h), i64::from(w)));
            assert_eq!(v, expected, "{h}x{w}");
        }
    }
}

/// Berlekamp's rule for a blue-red string: the edges up to the first change
/// of colour count whole; after it each edge counts half the one before, with
/// its colour's sign.
fn berlekamp(colours: &[bool]) -> Dyadic {
    let sign = |blue: bool| if blue { 1 } else { -1 };
    let mut value = Dyadic::ZERO;
    let mut i = 0;
    while i < colours.len() && colours[i] == colours[0] {
        value = value.add(Dyadic::integer(sign(colours[0])));
        i += 1;
    }
    let mut exp = 0;
    for &c in &colours[i..] {
        exp += 1;
        value = value.add(Dyadic::new(i128::from(sign(c)), exp));
    }
    value
}

#[test]
fn hackenbush_strings_follow_berlekamps_rule() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(47);
    for _ in 0..400 {
        let n = rng.random_range(1..=12);
        let colours: Vec<bool> = (0..n).map(|_| rng.random_range(0..2) == 0).collect();
        let text: Vec<String> = colours
            .iter()
            .enumerate()
            .map(|(i, &b)| {
                let from = if i == 0 { "g".to_string() } else { format!("a{i}") };
                format!("{from}-a{}:{}", i + 1, if b { "b" } else { "r" })
            })
            .collect();
        let a = analyse(Ruleset::Hackenbush, &text.join(","), &mut quiet()).unwrap();
        assert_eq!(a.number, Some(berlekamp(&colours).to_string()), "{}", text.join(","));
    }
    // A green string of n edges is *n; two green edges side by side on the ground are 0.
    for n in 1..=6 {
        let text: Vec<String> = (0..n)
            .map(|i| {
                let from = if i == 0 { "g".to_string() } else { format!("a{i}") };
                format!("{from}-a{}:g", i + 1)
            })
            .collect();
        let a = analyse(Ruleset::Hackenbush, &text.join(","), &mut quiet()).unwrap();
        let expected = if n == 1 { "*".to_string() } else { format!("*{n}") };
        assert_eq!(a.value, expected);
    }
    assert_eq!(
        analyse(Ruleset::Hackenbush, "g-a:g,g-b:g", &mut quiet()).unwrap().value,
        "0"
    );
}

#[test]
fn small_domineering_boards() {
    // Winning Ways (ch. 1–2): a column of two cells is 1, of three 1, of four 2;
    // a row of n cells is −⌊n/2⌋; the 2 × 2 square is ±1, as is 3 × 3;
    // the 5 × 5 board is a second-player win (0).
    for (board, value) in [
        ("./.", "1"),
        ("././.", "1"),
        ("./././.", "2"),
        ("....", "-2"),
        (".....", "-2"),
        ("../..", "+-1"),
        (".../.../...", "+-1"),
        ("...../...../...../...../.....", "0"),
        ("#", "0"),
        (".", "0"),
    ] {
        let a = analyse(Ruleset::Domineering, board, &mut quiet()).unwrap();
        assert_eq!(a.value, value, "{board}");
    }
}

#[test]
fn winning_moves_are_those_to_good_positions() {
    // ±1 on the 2 × 2 square: Left wins by either vertical domino, Right by either horizontal one.
    let a = analyse(Ruleset::Domineering, "../..", &mut quiet()).unwrap();
    let left: Vec<&str> = a.left_moves.iter().map(|m| m.position.as_str()).collect();
    assert_eq!(left, ["#./#.", ".#/.#"]);
    assert_eq!(a.right_moves.len(), 2);
    // 0: the second player wins, so no first move wins.
    let a = analyse(Ruleset::Domineering, "...../...../...../...../.....", &mut quiet()).unwrap();
    assert!(a.left_moves.is_empty() && a.right_moves.is_empty());
    // A typed game's winning moves are its options that win.
    let a = analyse(Ruleset::Expr, "{1,*|-2}", &mut quiet()).unwrap();
    assert_eq!(a.left_moves.iter().map(|m| m.value.as_str()).collect::<Vec<_>>(), ["1"]);
    assert!(a.right_moves.iter().all(|m| m.value == "-2"));
}

#[test]
fn bad_positions_are_named() {
    for (ruleset, position, value) in [
        (Ruleset::Domineering, "../.x", "x"),
        (Ruleset::Domineering, "../...", "..."),
        (Ruleset::Toads, "TXF", "X"),
        (Ruleset::Clobber, "xo/o#", "#"),
        (Ruleset::Hackenbush, "g-a:b,a-b", "a-b"),
        (Ruleset::Hackenbush, "g-a:q", "g-a:q"),
        (Ruleset::Cutcake, "2x0", "2x0"),
        (Ruleset::Cutcake, "3x", "3x"),
        (Ruleset::Expr, "{1|2|3}", "|"),
        (Ruleset::Expr, "Tim(2)", "T"),
        // Cut short: the whole game quoted, the end said in words.
        (Ruleset::Expr, "Tiny", "Tiny"),
        (Ruleset::Expr, "{1|", "{1|"),
    ] {
        let e = check(ruleset, position).unwrap_err();
        assert_eq!(e.value(), Some(value), "{position}: {e}");
        assert_eq!(e.key(), Some("position"));
    }
    // The signs allowed are listed as typed: braces kept, not read as a plural.
    let e = check(Ruleset::Expr, "{1|?}").unwrap_err();
    assert!(e.to_string().contains("+ - +-, { , | }, parentheses"), "{e}");
    // Too large: refused before any work, with the estimate and the limit.
    let e = check(
        Ruleset::Domineering,
        "......../......../......../......../......../......../......../........",
    )
    .unwrap_err();
    assert_eq!(e.key(), Some("position"));
    assert!(e.to_string().contains("more than the 400,000 allowed"), "{e}");
    // 8 × 8 is beyond the outcome's search too: it is not suggested.
    assert!(!e.to_string().contains("solve=outcome"), "{e}");
    let e = check(Ruleset::Expr, "{1|").unwrap_err();
    assert!(e.to_string().contains("where the game ends too soon"), "{e}");
    assert!(
        e.message(ludolab::toolkit::Lang::Fr)
            .contains("où le jeu s’arrête trop tôt"),
        "{e}"
    );
    // 6 × 6 is searched for its outcome: there the suggestion stands.
    let e = check(Ruleset::Domineering, "....../....../....../....../....../......").unwrap_err();
    assert!(e.to_string().contains("solve=outcome"), "{e}");
}

#[test]
fn degenerate_positions() {
    for (ruleset, position, value) in [
        (Ruleset::Domineering, "#", "0"),
        (Ruleset::Domineering, ".", "0"),
        (Ruleset::Toads, ".", "0"),
        (Ruleset::Toads, "F", "0"),
        (Ruleset::Toads, "T.", "1"),
        (Ruleset::Clobber, "x", "0"),
        (Ruleset::Clobber, "xo", "*"),
        (Ruleset::Hackenbush, "", "0"),
        (Ruleset::Hackenbush, "a-b:b", "0"),
        (Ruleset::Hackenbush, "g-g:b", "1"),
        (Ruleset::Cutcake, "1x1", "0"),
        (Ruleset::Expr, "{|}", "0"),
    ] {
        let a = analyse(ruleset, position, &mut quiet()).unwrap();
        assert_eq!(a.value, value, "{position}");
    }
}

#[test]
fn the_sum_box_reads_its_parts_and_names_a_bad_one() {
    use ludolab::partizan::scenario::read_sum;
    let parts = read_sum(" toads:T.F ; expr:^ ;; cutcake: 2x3 ").unwrap();
    assert_eq!(parts.len(), 3);
    assert_eq!(parts[2], (Ruleset::Cutcake, "2x3".to_string()));
    for (text, named) in [
        ("chess:e4", "part 1"),
        ("expr:^; toads:TX", "part 2"),
        ("expr", "part 1"),
    ] {
        let e = read_sum(text).unwrap_err();
        assert_eq!(e.key(), Some("sum"));
        assert!(e.to_string().contains(named), "{e}");
    }
    assert!(read_sum(&["expr:*"; 9].join(";")).is_err());
    // ±1 + ±1 + ↑ = ↑: Left wins moving first either in a switch (to 1, leaving
    // ±1 + 1 + ↑ = {2↑ | ↑} > 0) or by taking ↑ to 0 (leaving ±1 ± 1 = 0, Right to
    // move); Right's moves all lose.
    let a = ludolab::partizan::report::analyse_sum(
        Ruleset::Domineering,
        "../..",
        &parts_of("domineering:../..; expr:^"),
        &mut quiet(),
    )
    .unwrap();
    let sum = a.sum.unwrap();
    assert_eq!(sum.value, "^");
    assert_eq!(sum.outcome, Outcome::L);
    let left: Vec<(usize, &str)> = sum.left_moves.iter().map(|m| (m.part, m.total.as_str())).collect();
    assert_eq!(
        left,
        [(0, "{2↑|↑}"), (0, "{2↑|↑}"), (1, "{2↑|↑}"), (1, "{2↑|↑}"), (2, "0")]
    );
    assert!(sum.right_moves.is_empty()); // The parts compared: ±1 = ±1, and ±1 ‖ ↑ (confused: ±1 − ↑ is a first-player win).
    use ludolab::partizan::Relation::{Equal, Fuzzy};
    assert_eq!(
        sum.order,
        [[Equal, Equal, Fuzzy], [Equal, Equal, Fuzzy], [Fuzzy, Fuzzy, Equal]]
    );
    // ↑ < 1/2 and ↑ ‖ *; * < 1/2; {1|0} ‖ ↑ and ‖ 1/2 (a switch around them) but
    // {1|0} > * (in {1|0} + *, Right's two moves leave 0 + * or {1|0}, both Left's).
    let a = ludolab::partizan::report::analyse_sum(
        Ruleset::Expr,
        "^",
        &parts_of("expr:1/2; expr:*; expr:{1|0}"),
        &mut quiet(),
    )
    .unwrap();
    use ludolab::partizan::Relation::{Greater, Less};
    assert_eq!(
        a.sum.unwrap().order,
        [
            [Equal, Less, Fuzzy, Fuzzy],
            [Greater, Equal, Greater, Fuzzy],
            [Fuzzy, Less, Equal, Less],
            [Fuzzy, Fuzzy, Greater, Equal]
        ]
    );
}

fn parts_of(text: &str) -> Vec<(Ruleset, String)> {
    ludolab::partizan::scenario::read_sum(text).unwrap()
}

/// Who wins Domineering's rectangle `rows × cols`, by the search with small regions' values as leaves.
fn rectangle_outcome(rows: usize, cols: usize, small: usize) -> (Outcome, u64, f64) {
    use ludolab::partizan::outcome::OutcomeSearch;
    let board = Domineering::parse(&vec![".".repeat(cols); rows].join("/")).unwrap();
    let mut games = Games::new();
    let mut search = OutcomeSearch::new(Domineering, Domineering::empty_cells, small, 1 << 26);
    let start = std::time::Instant::now();
    let left = search
        .first_player_wins(&mut games, &board, Side::Left, &mut quiet())
        .unwrap();
    let right = search
        .first_player_wins(&mut games, &board, Side::Right, &mut quiet())
        .unwrap();
    (
        Outcome::from_first(left, right),
        search.nodes,
        start.elapsed().as_secs_f64(),
    )
}

#[test]
fn the_outcome_search_agrees_with_canonical_forms_on_rectangles() {
    for rows in 1..=4 {
        for cols in 1..=5 {
            let board = vec![".".repeat(cols); rows].join("/");
            let a = analyse(Ruleset::Domineering, &board, &mut quiet()).unwrap();
            for small in [0, 6, 12] {
                assert_eq!(
                    rectangle_outcome(rows, cols, small).0,
                    a.outcome,
                    "{rows}x{cols}, leaves of {small}"
                );
            }
        }
    }
}

/// Domineering's rectangles up to 7 × 7, by the search (Breuker, Uiterwijk,
/// van den Herik 2000; Drummond-Cole 2014): 5 × 5 is a second-player win,
/// 6 × 6 and 7 × 7 first-player wins; a board turned a quarter swaps Left and
/// Right, so its outcome is the mirror one (a check of the whole table).
#[test]
#[ignore = "minutes: make test-slow"]
#[allow(clippy::needless_range_loop)]
fn domineering_rectangles_to_seven_by_seven() {
    let small = ludolab::partizan::report::LEAVES_UP_TO;
    let mirror = |o: Outcome| match o {
        Outcome::L => Outcome::R,
        Outcome::R => Outcome::L,
        other => other,
    };
    // Rows and columns from 1, so the table's indices are the board's sides.
    let mut table = [[Outcome::P; 8]; 8];
    for rows in 1..=7 {
        for cols in 1..=7 {
            if cols < rows {
                continue;
            }
            let (outcome, nodes, seconds) = rectangle_outcome(rows, cols, small);
            eprintln!("{rows}x{cols}: {outcome:?}, {nodes} positions, {seconds:.1} s");
            table[rows][cols] = outcome;
            if rows != cols {
                let (turned, _, _) = rectangle_outcome(cols, rows, small);
                assert_eq!(turned, mirror(outcome), "{cols}x{rows} against {rows}x{cols}");
                table[cols][rows] = turned;
            }
        }
    }
    assert_eq!(
        (table[5][5], table[6][6], table[7][7]),
        (Outcome::P, Outcome::N, Outcome::N)
    );
    for row in &table[1..] {
        eprintln!(
            "{}",
            row[1..].iter().map(|o| format!("{o:?}")).collect::<Vec<_>>().join(" ")
        );
    }
}

/// Toads and Frogs' published values: Winning Ways' small positions (TFTF□ = 0,
/// TF□TF = 0, TFT□F = *, T□TFF = ↑), and Erickson's computed starting positions
/// (Games of No Chance, 1996): Tᵃ□□Fᵇ = {{a−3 | a−b} | {* | 3−b}} for a > b ≥ 2,
/// and Tᵃ□□□FFF = a − 7/2 for a ≥ 5.
#[test]
fn toads_and_frogs_published_values() {
    let value = |strip: &str| analyse(Ruleset::Toads, strip, &mut quiet()).unwrap().value;
    for (strip, v) in [("TFTF.", "0"), ("TF.TF", "0"), ("TFT.F", "*"), ("T.TFF", "^")] {
        assert_eq!(value(strip), v, "{strip}");
    }
    for a in 3..=7usize {
        for b in 2..a.min(6) {
            let strip = format!("{}..{}", "T".repeat(a), "F".repeat(b));
            let mut games = Games::new();
            let expected = parse(
                &mut games,
                &format!(
                    "{{{{{}|{}}}|{{*|{}}}}}",
                    a as i64 - 3,
                    a as i64 - b as i64,
                    3 - b as i64
                ),
            )
            .unwrap();
            let shown = Namer::new().name(&mut games, expected);
            assert_eq!(value(&strip), shown, "{strip}");
        }
    }
    for a in 5..=7 {
        let strip = format!("{}...FFF", "T".repeat(a));
        assert_eq!(value(&strip), Dyadic::new(2 * a as i128 - 7, 1).to_string(), "{strip}");
    }
}

/// Random all-small games: each built from two non-empty random sets of
/// earlier ones (or 0), so that every follower has moves for both or neither.
fn random_all_small(games: &mut Games, rng: &mut Xoshiro256PlusPlus, count: usize) -> Vec<GameId> {
    let seeds = vec![Games::ZERO, games.nimber(1), games.nimber(2)];
    random_games_from(games, rng, seeds, 1..4, count)
}

#[test]
fn atomic_weights_of_known_games() {
    // CGSuite's test cases (Siegel), and Winning Ways' aw(↑) = 1, aw(*k) = 0.
    let cases = [
        ("0", "0"),
        ("*", "0"),
        ("*5", "0"),
        ("^", "1"),
        ("v*", "-1"),
        ("^^*", "2"),
        ("^*6", "1"),
        ("{0|*||*|||*||||*}", "1"),
        ("{0||0|v*}", "1"),
        ("{0||0|vvv}", "0"),
        ("{^^^|vv}", "{1|0}"),
        (
            "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
            "0",
        ),
    ];
    let mut games = Games::new();
    let mut weights = AtomicWeights::new();
    let mut namer = Namer::new();
    for (game, weight) in cases {
        let g = parse(&mut games, game).unwrap();
        let aw = weights
            .of(&mut games, g)
            .unwrap_or_else(|| panic!("{game} is all-small"));
        assert_eq!(namer.name(&mut games, aw), weight, "aw({game})");
    }
    // Not all-small: numbers, switches, tinies.
    for game in ["1", "1/2", "+-1", "{0||0|-2}", "{1|^^||^}"] {
        let g = parse(&mut games, game).unwrap();
        assert_eq!(weights.of(&mut games, g), None, "{game}");
    }
}

#[test]
fn atomic_weight_is_additive_and_two_ahead_wins() {
    let mut games = Games::new();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(48);
    let pool = random_all_small(&mut games, &mut rng, 150);
    let mut weights = AtomicWeights::new();
    let two = games.integer(2);
    let minus_two = games.integer(-2);
    let (mut ahead, mut behind) = (0, 0);
    for _ in 0..800 {
        // Either sign, so that both players get ahead.
        let signed = |games: &mut Games, rng: &mut Xoshiro256PlusPlus| {
            let g = pool[rng.random_range(0..pool.len())];
            if rng.random_bool(0.5) {
                games.neg(g)
            } else {
                g
            }
        };
        let g = signed(&mut games, &mut rng);
        let h = signed(&mut games, &mut rng);
        let gh = games.add(g, h);
        let (ag, ah, agh) = (
            weights.of(&mut games, g).unwrap(),
            weights.of(&mut games, h).unwrap(),
            weights.of(&mut games, gh).unwrap(),
        );
        let sum = games.add(ag, ah);
        assert_eq!(sum, agh, "aw(G + H) = aw(G) + aw(H)");
        // The two-ahead rule, on the sum.
        if games.le(two, agh) {
            ahead += 1;
            assert_eq!(games.outcome(gh), Outcome::L);
        }
        if games.le(agh, minus_two) {
            behind += 1;
            assert_eq!(games.outcome(gh), Outcome::R);
        }
    }
    // The rule was put to the test both ways.
    assert!(ahead > 20 && behind > 20, "{ahead} {behind}");
}

#[test]
fn a_cakes_cuts_are_listed_for_the_page() {
    use ludolab::partizan::drawing::{Drawing, PieceCuts};
    let a = analyse(Ruleset::Cutcake, "2x3+1x1", &mut quiet()).unwrap();
    let Some(Drawing::Cake(cake)) = a.drawing else {
        panic!("a cake's drawing");
    };
    let strings = |v: &[&str]| v.iter().map(ToString::to_string).collect::<Vec<_>>();
    assert_eq!(
        cake.cuts,
        [
            PieceCuts {
                left: strings(&["2x1+2x2+1x1", "2x2+2x1+1x1"]),
                right: strings(&["1x3+1x3+1x1"]),
            },
            // A 1 × 1 piece has no cut.
            PieceCuts {
                left: vec![],
                right: vec![]
            },
        ]
    );
    // Each listed cut is one of the ruleset's moves (its pieces in some order).
    let sorted = |text: &str| {
        let mut pieces = Cutcake::parse(text).unwrap();
        pieces.sort_unstable();
        pieces
    };
    let position = Cutcake::parse("2x3+1x1").unwrap();
    for (side, listed) in [(Side::Left, &cake.cuts[0].left), (Side::Right, &cake.cuts[0].right)] {
        let moves: Vec<Vec<(u16, u16)>> = Cutcake
            .moves(&position, side)
            .into_iter()
            .map(|mut m| {
                m.sort_unstable();
                m
            })
            .collect();
        for after in listed {
            assert!(moves.contains(&sorted(after)), "{after}");
        }
    }
}

#[test]
fn a_move_names_what_it_changed_on_the_board() {
    // Hackenbush: the edge chopped, not the edges that fall with it. Edge 0 is
    // the red edge on top, edge 1 the blue one under it: Left's only move chops
    // edge 1, and edge 0 falls.
    let a = analyse(Ruleset::Hackenbush, "a-b:r,g-a:b", &mut quiet()).unwrap();
    assert_eq!(a.value, "1/2");
    let left: Vec<&[usize]> = a.left_moves.iter().map(|m| m.changed.as_slice()).collect();
    assert_eq!(left, [&[1][..]]);
    // Cutcake: both cuts of each pair are moves of their own (a line each on the
    // page), and each names the piece cut. 1 × 4 = 3: Left wins by any of her
    // three cuts (3 = 1 + 2 = 2 + 1), Right has none.
    let a = analyse(Ruleset::Cutcake, "1x4", &mut quiet()).unwrap();
    assert_eq!(a.value, "3");
    let left: Vec<&str> = a.left_moves.iter().map(|m| m.position.as_str()).collect();
    assert_eq!(left, ["1x1+1x3", "1x2+1x2", "1x3+1x1"]);
    assert!(a.left_moves.iter().all(|m| m.changed == [0]));
    assert!(a.right_moves.is_empty());
}

/// Every ruleset of the one list, whatever it holds: its start position reads,
/// is within the cost guard, and its value's outcome is the search's; its board
/// is drawn from signs its view lists; its menu label and help exist in both
/// languages. A new ruleset is checked here by its line alone.
#[test]
fn every_ruleset_of_the_list_opens_solves_and_is_drawn() {
    use ludolab::partizan::report::{outcome_report, View, RULESETS, RULESET_HINTS, RULESET_LABELS};
    assert_eq!(RULESETS.len(), Ruleset::ALL.len());
    assert_eq!(RULESET_LABELS.len(), RULESETS.len());
    assert_eq!(RULESET_HINTS.len(), RULESETS.len());
    for (i, ruleset) in Ruleset::ALL.into_iter().enumerate() {
        let name = ruleset.name();
        assert_eq!(Ruleset::from_name(name), Some(ruleset));
        for label in [RULESET_LABELS[i], RULESET_HINTS[i]] {
            assert!(!label.en.is_empty() && !label.fr.is_empty(), "{name}");
        }
        let start = ruleset.start();
        assert_eq!(
            check(ruleset, start).unwrap(),
            start,
            "{name}: its start is as the link writes it"
        );
        let value = analyse(ruleset, start, &mut quiet()).unwrap();
        let searched = outcome_report(ruleset, start, &mut quiet()).unwrap();
        assert_eq!(value.outcome, searched.outcome, "{name}");
        assert_eq!(value.view, ruleset.view());
        if let View::Cells { cells, .. } = ruleset.view() {
            for sign in start.chars().filter(|&c| c != '/') {
                assert!(cells.iter().any(|c| c.sign == sign), "{name}: {sign} is drawn");
            }
        }
    }
}

/// The page's and the notebooks' drawings read the report as it is written:
/// every ruleset's start and a few typed games give a thermograph whose
/// walls and mast are drawn, and a game tree whose root names the value.
#[test]
fn every_report_draws_its_thermograph_and_its_game_tree() {
    use ludolab::draw::{game_tree, thermograph};
    use ludolab::toolkit::Lang;
    let mut cases: Vec<(Ruleset, &str)> = Ruleset::ALL.into_iter().map(|r| (r, r.start())).collect();
    cases.extend([
        (Ruleset::Expr, "{1|-1}"),
        (Ruleset::Expr, "3/4"),
        (Ruleset::Expr, "^*"),
        (Ruleset::Expr, "0"),
    ]);
    for (ruleset, position) in cases {
        let a = analyse(ruleset, position, &mut quiet()).unwrap();
        let json = serde_json::to_value(&a).unwrap();
        let th: thermograph::Thermograph = serde_json::from_value(json["thermograph"].clone()).unwrap();
        let svg = thermograph::thermograph_svg(&th, 600.0, Lang::En).unwrap();
        assert_eq!(svg.matches("<polyline").count(), 2, "{position}: both walls");
        assert!(
            svg.contains(&format!("mean {}", a.mean.replace('-', "−"))),
            "{position}: {svg}"
        );
        let form: game_tree::Form = serde_json::from_value(json["canonical"].clone()).unwrap();
        let tree = game_tree::game_tree_svg(&form, Lang::Fr);
        assert!(
            tree.contains("l’arbre de jeu de") && tree.matches("<rect").count() >= 1,
            "{position}"
        );
        let root = tree.split("<title>").nth(1).unwrap().split("</title>").next().unwrap();
        assert_eq!(
            root,
            ludolab::draw::svg_text::escape(&a.canonical.display),
            "{position}: the root's title"
        );
    }
}

#[test]
fn a_hackenbush_drawing_stands_stalks_straight_and_places_only_what_touches_the_ground() {
    // Issue 69: the page spread each height's vertices evenly, so stalks bent and a
    // vertex cut off from the ground was drawn as a lone dot on it.
    let (h, standing) = Hackenbush::parse("g-a:b,a-b:r,b-c:b,g-d:r,d-e:b,d-f:r,x-y:b").unwrap();
    let d = h.drawing(standing);
    let at = |name: &str| {
        let v = d.vertices.iter().position(|n| n == name).unwrap();
        (d.x[v], d.level[v])
    };
    // A stalk: a, b, c one above another.
    assert_eq!(at("a"), (Some(0.0), 1));
    assert_eq!(at("b"), (Some(0.0), 2));
    assert_eq!(at("c"), (Some(0.0), 3));
    // d over the middle of its two branches e and f.
    assert_eq!(at("e"), (Some(1.0), 2));
    assert_eq!(at("f"), (Some(2.0), 2));
    assert_eq!(at("d"), (Some(1.5), 1));
    assert_eq!(d.slots, 3);
    // x and y stand on nothing: no place, so nothing is drawn for them.
    assert_eq!(at("x").0, None);
    assert_eq!(at("y").0, None);
    assert_eq!(d.x[0], None, "the ground is a line, not a vertex");
    // Every chop leaves the remaining stalk's places as they were, up to the slots removed.
    let (after, standing) = Hackenbush::parse(&d.chopped[5]).unwrap();
    let e = after.drawing(standing);
    let b = e.vertices.iter().position(|n| n == "b").unwrap();
    assert_eq!(e.x[b], Some(0.0));
    // The empty drawing is one slot wide, with nothing placed.
    let (empty, none) = Hackenbush::parse("").unwrap();
    let d = empty.drawing(none);
    assert_eq!((d.slots, d.x.iter().flatten().count()), (1, 0));
}

#[test]
fn naming_a_large_value_builds_few_forms_beyond_the_solve() {
    // Issue 69: naming the options of a 4 × 4 Clobber board tried each against
    // up to its birthday's multiples of ↑, each a whole sum: 50 s after a 2 s
    // solve, the progress frozen. Only a form whose options are all numbers or
    // ups is tried now; the forms built are the measure (no timed test).
    let a = analyse(Ruleset::Clobber, "xoxo/oxox/xoxo", &mut quiet()).unwrap();
    // 821 forms now, 1,591 when every option was tried against multiples of ↑.
    assert!(a.forms < 1000, "{} forms", a.forms);
}

#[test]
fn positions_are_tidied_alike_in_every_ruleset_and_the_sum_names_its_part() {
    use ludolab::partizan::report::{check_for, Solve};
    // Issue 70: Hackenbush kept `g-a:b,,a-b:r` as typed where Cutcake tidied;
    // `G` was a vertex, so the position fell to 0 without a word.
    for (typed, tidied) in [
        ("g-a:b,,a-b:r", "g-a:b,a-b:r"),
        (" g-a:b , a-b:r ", "g-a:b,a-b:r"),
        ("G-a:b", "g-a:b"),
        // An edge not yet joined to the ground stays in the link (it is being drawn).
        ("a-b:r,g-c:b", "a-b:r,g-c:b"),
    ] {
        assert_eq!(
            check_for(Ruleset::Hackenbush, typed, Solve::Value).unwrap(),
            tidied,
            "{typed}"
        );
    }
    assert_eq!(analyse(Ruleset::Hackenbush, "G-a:b", &mut quiet()).unwrap().value, "1");
    // A sum's error names the part, its ruleset and what its position expects.
    use ludolab::partizan::scenario::read_sum;
    let e = read_sum("toads:T.F; domineering:..x").unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid value \"domineering:..x\" for \"sum\" (expected in part 2, domineering: one of . # (row 1, column 3), not \"x\")"
    );
}

#[test]
fn clobber_s_estimate_follows_the_captures_a_board_offers() {
    // Issue 70: Clobber 3 × 6 was accepted at 5.2 s estimated and took 26 s natively
    // (about twice that in a browser). Measured natively (release, stop 76, BENCHMARKS.md
    // "Naming values"); the page's estimate is for a browser, about twice native.
    use ludolab::partizan::report::{check_for, Solve};
    use ludolab::registry::parse;
    for (position, native) in [("xoxoxoxo/oxoxoxox", 0.57), ("xoxo/oxox/xoxo/oxox", 2.75)] {
        let cost = parse(&format!("game=partizan&ruleset=clobber&position={position}"))
            .unwrap()
            .cost();
        let browser = 2.0 * native;
        assert!(
            (browser / 2.0..=browser * 2.0).contains(&cost.seconds),
            "{position}: {cost:?}"
        );
    }
    // 3 × 4 whole, for the scale's small end.
    let small = parse("game=partizan&ruleset=clobber&position=xoxo/oxox/xoxo")
        .unwrap()
        .cost();
    assert!((0.03..=0.12).contains(&small.seconds), "{small:?}");
    // 3 × 6 (about 50 s in a browser) is refused before any work, with the limit.
    let e = check_for(Ruleset::Clobber, "xoxoxo/oxoxox/xoxoxo", Solve::Value).unwrap_err();
    assert_eq!(e.key(), Some("position"));
    assert!(e.to_string().contains("more than the 400,000 allowed"), "{e}");
    // Issue 71: a board of few captures for its stones took far longer than its
    // captures said (`xxxx/ooxo/oxox/xxxo`: 5.7 s native, estimated 11 ms); the stones
    // that can capture or be captured count too. Its six-row sibling (24 stones),
    // which ran past 5 minutes natively, is refused before any work.
    let mixed = parse("game=partizan&ruleset=clobber&position=xxxx/ooxo/oxox/xxxo")
        .unwrap()
        .cost();
    assert!((2.0..=25.0).contains(&mixed.seconds), "{mixed:?}");
    let e = check_for(Ruleset::Clobber, "xxxx/ooxo/oxox/xxxo/oxxx/ooox", Solve::Value).unwrap_err();
    assert!(e.to_string().contains("more than the 400,000 allowed"), "{e}");
    // A region of one colour offers no capture: next to nothing.
    assert!(
        parse("game=partizan&ruleset=clobber&position=xxxx/xxxx/xxxx/xxxx")
            .unwrap()
            .cost()
            .seconds
            < 0.01
    );
}

/// A typed game's sums are counted before they are done, and refused past
/// the limit with the sign's place, in both languages; within it, the count is
/// the estimate (the link's check reads the game on the page's main thread).
#[test]
fn typed_sums_past_their_limit_are_refused_before_any_work() {
    use ludolab::partizan::notation::{parse_counted, MAX_SUM_WORK};
    for big in ["^1024+*64", "v1024+^1024", "^400 + *64"] {
        let e = check(Ruleset::Expr, big).unwrap_err();
        assert_eq!(e.key(), Some("position"));
        assert!(e.to_string().contains("a smaller sum"), "{e}");
        assert_eq!(MAX_SUM_WORK, 3e6);
        assert!(e.to_string().contains("more than the 3,000,000"), "{e}");
        assert!(
            e.message(ludolab::toolkit::Lang::Fr).contains("une somme plus petite"),
            "{e}"
        );
    }
    // The sign at fault is named with its place (the second +).
    let e = check(Ruleset::Expr, "*2 + ^1000 + *64").unwrap_err();
    assert!(e.to_string().contains("character 12"), "{e}");
    // Within the limit: counted, computed, and each part alone costs nothing to add.
    let (_, work) = parse_counted(&mut Games::new(), "v256 + ^256").unwrap();
    assert!(work > 1e6 && work <= MAX_SUM_WORK, "{work}");
    let (_, work) = parse_counted(&mut Games::new(), "^1024").unwrap();
    assert_eq!(work, 0.0);
    let (_, work) = parse_counted(&mut Games::new(), "*5 + *7 + 3/4").unwrap();
    assert!(work < 10.0, "{work}");
    assert_eq!(
        analyse(Ruleset::Expr, "v256 + ^256", &mut |_, _| {}).unwrap().value,
        "0"
    );
}

/// Who wins is read from the value where the value is cheap: Cutcake 12 × 12
/// (over 20 s by the search) at once, and the same winner as the value says;
/// Domineering 5 × 6, whose value outgrew its estimate, is refused for a value
/// and searched for its outcome.
#[test]
fn an_outcome_within_the_value_s_reach_is_read_from_it() {
    use ludolab::partizan::report::outcome_report;
    let by_value = outcome_report(Ruleset::Cutcake, "12x12", &mut |_, _| {}).unwrap();
    let value = analyse(Ruleset::Cutcake, "12x12", &mut |_, _| {}).unwrap();
    assert_eq!(by_value.outcome, value.outcome);
    assert_eq!(
        by_value.left_moves.iter().map(|m| &m.position).collect::<Vec<_>>(),
        value.left_moves.iter().map(|m| &m.position).collect::<Vec<_>>()
    );
    let board = "....../....../....../....../......";
    let e = check(Ruleset::Domineering, board).unwrap_err();
    assert!(e.to_string().contains("solve=outcome"), "{e}");
    assert!(ludolab::partizan::report::check_for(
        Ruleset::Domineering,
        board,
        ludolab::partizan::report::Solve::Outcome
    )
    .is_ok());
}

/// The sum box adds the other parts for each move, not the total less the
/// part: a typed ↑²⁹⁷* beside a number is as quick as either.
#[test]
fn the_sum_box_s_moves_add_the_other_parts() {
    let others = vec![(Ruleset::Domineering, "../../..".to_string())];
    let a = ludolab::partizan::report::analyse_sum(Ruleset::Expr, "^297* - 8", &others, &mut |_, _| {}).unwrap();
    let sum = a.sum.expect("a sum");
    assert_eq!(sum.parts.len(), 2);
    // ↑²⁹⁷* − 8 + {0|0}... the sum is negative: Right wins whoever starts.
    assert_eq!(format!("{:?}", sum.outcome), "R");
}

/// A long chain (↓¹⁰²⁴: each form's option the next power) is written out to
/// `FORM_DEPTH` levels, the rest by value: its JSON stays within what readers
/// accept (serde_json's default is 128 levels; the link sweep found ↓¹⁰²⁴'s
/// 802 when the forms were bounded in number only).
#[test]
fn a_long_chain_of_forms_is_written_to_a_bounded_depth() {
    use ludolab::partizan::report::{Form, FORM_DEPTH};
    fn depth(f: &Form) -> usize {
        1 + f
            .left
            .iter()
            .chain(f.right.iter())
            .flatten()
            .map(depth)
            .max()
            .unwrap_or(0)
    }
    let a = analyse(Ruleset::Expr, "v1024", &mut quiet()).unwrap();
    assert_eq!(depth(&a.canonical), FORM_DEPTH + 1);
    let text = serde_json::to_string(&a).unwrap();
    let back: serde_json::Value = serde_json::from_str(&text).expect("within serde_json's default depth");
    assert_eq!(back["canonical"]["value"], "v1024");
    // A short chain is written out whole.
    let b = analyse(Ruleset::Expr, "v3", &mut quiet()).unwrap();
    assert!(depth(&b.canonical) < FORM_DEPTH);
}
