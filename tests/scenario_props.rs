//! Share links: round trips on arbitrary valid scenarios, no panic on arbitrary input.

use crate::common;

use common::any_scenario;
use ludolab::orchard;
use ludolab::registry::{parse, to_query, Game, Scenario};
use ludolab::snakes::{FinishRule, Method, Preset};
use proptest::prelude::*;

fn any_link_scenario() -> impl Strategy<Value = Scenario> {
    prop_oneof![
        3 => any_scenario().prop_map(Scenario::Snakes),
        2 => any_orchard().prop_map(Scenario::Orchard),
        1 => prop::sample::select(Game::ALL.to_vec()).prop_map(Scenario::default_for),
    ]
}

fn any_orchard() -> impl Strategy<Value = orchard::Scenario> {
    (
        prop::collection::vec(1u8..=20, 1..=8),
        1usize..=20,
        1usize..=4,
        0usize..4,
        prop::option::of((prop::collection::vec(0u8..=20, 1..=8), 1usize..=20)),
        0u64..3,
    )
        .prop_map(|(trees, crows, basket, k, advisor, simulate)| {
            let mut position = advisor;
            if let Some((p, _)) = &mut position {
                if p.iter().all(|&t| t == 0) {
                    p[0] = 1;
                }
            }
            orchard::Scenario {
                game: orchard::Game { trees, crows, basket },
                strategy: orchard::Strategy::ALL[k],
                simulate: simulate * 1000,
                seed: 1 + simulate,
                crows_left: position.as_ref().map(|(_, c)| *c),
                position: position.map(|(p, _)| p),
                exact: simulate == 2,
            }
        })
}

/// Queries built from the real vocabulary mixed with noise, so that most reach
/// deep into the parsers instead of failing on the first key.
fn any_query() -> impl Strategy<Value = String> {
    let key = prop_oneof![
        prop::sample::select(vec![
            "game",
            "v",
            "present",
            "embed",
            "exact",
            "preset",
            "squares",
            "ladder",
            "snake",
            "die",
            "rule",
            "matrix",
            "width",
            "method",
            "players",
            "starts",
            "trees",
            "fruits",
            "crows",
            "strategy",
            "basket",
            "position",
            "crows_left",
            "simulate"
        ])
        .prop_map(str::to_string),
        "[a-z%=&#?]{0,8}",
    ];
    let mut words: Vec<String> = Game::ALL.iter().map(|g| g.key().to_string()).collect();
    words.extend(Preset::ALL.iter().map(|p| p.name().to_string()));
    words.extend(FinishRule::ALL.iter().map(|r| r.name().to_string()));
    words.extend(Method::ALL.iter().map(|m| m.name().to_string()));
    let value = prop_oneof![
        prop::sample::select(words),
        "[0-9]{1,4}",
        "[0-9]{1,3}:[0-9]{1,3}(,[0-9]{1,3}:[0-9]{1,3}){0,4}",
        "[0-9/.]{1,4}(,[0-9/.]{1,4}){0,3}(;[0-9/.]{1,4}(,[0-9/.]{1,4}){0,3}){0,3}",
        "[0-9]{1,2}(:[0-9./]{1,4})?(,[0-9]{1,2}(:[0-9./]{1,4})?){0,5}",
        ".{0,12}",
    ];
    prop::collection::vec((key, value), 0..6).prop_map(|pairs| {
        pairs
            .into_iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("&")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn links_round_trip(s in any_link_scenario()) {
        let query = to_query(&s);
        prop_assert_eq!(parse(&query), Ok(s), "{}", query);
        prop_assert_eq!(parse(&format!("#{query}")).map(|s| to_query(&s)), Ok(query));
    }

    #[test]
    fn any_query_parses_or_explains(query in any_query()) {
        match parse(&query) {
            Ok(s) => prop_assert_eq!(parse(&to_query(&s)), Ok(s)),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn arbitrary_strings_never_panic(query in any::<String>()) {
        let _ = parse(&query);
    }
}

#[test]
fn board_keys_override_the_preset_and_canonicalise() {
    let s = parse("game=snakes&preset=audet&rule=exact").unwrap();
    let q = to_query(&s);
    assert!(
        q.starts_with("game=snakes&v=1&squares=100&ladder=1%3A38%2C4%3A14"),
        "{q}"
    );
    assert!(q.ends_with("&rule=exact"), "{q}");
    // The Milton Bradley board is audet with 47→26 and the exact rule.
    let mb =
        parse("game=snakes&preset=audet&rule=exact&snake=16:6,47:26,49:11,56:53,62:19,64:60,87:24,93:73,95:75,98:78")
            .unwrap();
    assert_eq!(to_query(&mb), "game=snakes&v=1&preset=milton-bradley");
    let typed = parse("game=snakes&matrix=1/8,0.25;3/8,1/2").unwrap();
    assert_eq!(to_query(&typed), "game=snakes&v=1&preset=example2");
}

#[test]
fn bad_snakes_links_name_the_field() {
    let cases = [
        (
            "squares=1",
            "squares",
            "invalid value \"1\" for \"squares\" (expected a whole number from 2 to 2500)",
        ),
        ("squares=10&ladder=0:5", "ladder", "jump 0→5 starts on square 0"),
        (
            "squares=10&snake=3:8",
            "snake",
            "snake 3→8 goes up: write it as a ladder",
        ),
        (
            "squares=10&ladder=2:6&snake=6:1",
            "ladder",
            "jump 2→6 ends on square 6, where jump 6→1 starts",
        ),
        (
            "squares=10&die=1:0.5,2:0.4",
            "die",
            "the die's probabilities sum to 0.9",
        ),
        ("squares=10&die=0,1", "die", "die face 0 is not allowed"),
        ("rule=sideways", "rule", "invalid value \"sideways\" for \"rule\""),
        (
            "matrix=1/2,x;0,0",
            "matrix",
            "matrix entry [0][1] \"x\" is not a number",
        ),
        ("matrix=0.5,0.7;0,0", "matrix", "the sum of row 0 = 1.2 is out of range"),
        (
            "matrix=1/2&squares=4",
            "squares",
            "\"squares\" cannot be combined with \"matrix\"",
        ),
        (
            "preset=example2&rule=exact",
            "rule",
            "\"rule\" does not apply to the preset example2",
        ),
        (
            "method=exact",
            "method",
            "the exact method takes at most 20 squares and this board has 100",
        ),
        (
            "squares=300&method=vectorised",
            "method",
            "the vectorised method takes at most 200 squares",
        ),
        ("players=7", "players", "(expected a whole number from 2 to 6)"),
        (
            "players=3&starts=0,0",
            "starts",
            "\"starts\" lists 2 squares for 3 players",
        ),
        (
            "starts=0,100",
            "starts",
            "invalid value \"100\" for \"starts\" (expected squares from 0 to 99)",
        ),
        ("width=0", "width", "(expected a whole number from 1 to 100)"),
    ];
    for (query, key, message) in cases {
        let err = parse(&format!("game=snakes&{query}")).unwrap_err();
        assert!(err.to_string().contains(message), "{query}: {err}");
        assert_eq!(err.key(), Some(key), "{query}: {err}");
    }
}

#[test]
fn orchard_links_canonicalise_and_explain() {
    let s = parse("#game=orchard&trees=4&fruits=10&crows=9&strategy=max").unwrap();
    assert_eq!(s, Scenario::Orchard(orchard::Scenario::default()));
    assert_eq!(to_query(&s), "game=orchard&v=1&trees=4&fruits=10&crows=9&strategy=max");
    let s = parse("game=orchard&fruits=10,10,7,3&strategy=optimal&position=7,0,3&crows_left=4").unwrap();
    assert_eq!(
        to_query(&s),
        "game=orchard&v=1&trees=4&fruits=10%2C10%2C7%2C3&crows=9&strategy=optimal&position=7%2C0%2C3&crows_left=4"
    );
    // A list of equal counts is written as one count.
    assert_eq!(
        to_query(&parse("game=orchard&fruits=5,5,5").unwrap()),
        "game=orchard&v=1&trees=3&fruits=5&crows=9&strategy=max"
    );
    let cases = [
        (
            "game=orchard&trees=9",
            "invalid value \"9\" for \"trees\" (expected a whole number from 1 to 8)",
        ),
        (
            "game=orchard&fruits=10,21",
            "invalid value \"10,21\" for \"fruits\" (expected 1 to 8 whole numbers from 1 to 20, separated by commas)",
        ),
        (
            "game=orchard&trees=3&fruits=1,2",
            "fruits lists 2 trees but trees = 3; give one count per tree, or one count for all",
        ),
        (
            "game=orchard&crows=0",
            "invalid value \"0\" for \"crows\" (expected a whole number from 1 to 20)",
        ),
        (
            "game=orchard&strategy=greedy",
            "invalid value \"greedy\" for \"strategy\" (expected one of max, min, random, optimal)",
        ),
        (
            "game=orchard&basket=5",
            "invalid value \"5\" for \"basket\" (expected a whole number from 1 to 4)",
        ),
        (
            "game=orchard&position=0,0",
            "invalid value \"0,0\" for \"position\" (expected at least one fruit left on the trees)",
        ),
    ];
    for (query, message) in cases {
        let err = parse(query).unwrap_err();
        assert_eq!(err.to_string(), message, "{query}");
        assert!(err.key().is_some(), "{query}: the page marks a field");
    }
}

#[test]
fn arena_links_canonicalise_and_explain() {
    let s = parse("#game=graphs&kind=chomp&rows=4&cols=3").unwrap();
    assert_eq!(to_query(&s), "game=graphs&v=1&kind=chomp&rows=4&cols=3");
    assert_eq!(
        to_query(&parse("game=graphs").unwrap()),
        "game=graphs&v=1&kind=subtraction&sticks=9&take=1%2C2%2C3&misere=yes"
    );
    let Scenario::Graphs(a) = parse("game=graphs&kind=chomp&board=4,4,2").unwrap() else {
        panic!("an arena")
    };
    assert_eq!((a.bar.rows, a.bar.cols, a.bar.start()), (3, 4, vec![4, 4, 2]));
    assert_eq!(
        to_query(&parse("game=graphs&take=3,1,2,1&player=2&step=4").unwrap()),
        "game=graphs&v=1&kind=subtraction&sticks=9&take=1%2C2%2C3&misere=yes&player=2&step=4"
    );
    let cases = [
        ("game=graphs&kind=go", "invalid value \"go\" for \"kind\" (expected one of subtraction, chomp, edges)"),
        ("game=graphs&take=0,2", "invalid value \"0,2\" for \"take\" (expected 1 to 20 whole numbers from 1 to 1000, separated by commas)"),
        ("game=graphs&kind=chomp&rows=13&cols=13", "a 13 × 13 bar has 10,400,600 boards; at most 3,000,000 are handled here"),
        ("game=graphs&board=2,3", "invalid value \"2,3\" for \"board\" (expected 2 row lengths from the poisoned row up, each at most 3, never increasing, the first at least 1)"),
        // Refused, not changed to rows=3 (issue 70).
        ("game=graphs&kind=chomp&rows=2&board=3,2,1", "the board has 3 rows where \"rows\" says 2: give one, or both alike"),
        ("game=connect4&width=%2B4", "invalid value \"+4\" for \"width\" (expected a whole number from 4 to 7)"),
        ("game=graphs&kind=edges&edges=a>b", "invalid value \"a\" for \"edges\" (expected an owner for this vertex (write name:1 or name:2))"),
        ("game=parity&pg=parity%201%3B%0A0%201%200%201%3B", "line 2: successor 1 of vertex 0 is not a vertex of this file"),
        ("game=parity&source=random&vertices=3&max-degree=4", "4 distinct successors need at least 4 vertices (there are 3)"),
        ("game=parity&source=random&min-degree=6&max-degree=5", "the fewest successors (6) exceed the most (5)"),
        ("game=parity&source=ladder&size=0", "invalid value \"0\" for \"size\" (expected a whole number from 1 to 100000)"),
    ];
    for (query, message) in cases {
        let err = parse(query).unwrap_err();
        assert_eq!(err.to_string(), message, "{query}");
        assert!(err.key().is_some(), "{query}: the page marks a field");
    }
}
