//! Share links: round trips on arbitrary valid scenarios, no panic on arbitrary input.

use ludolab::scenario::{parse, to_query, Game, Scenario};
use ludolab::snakes::{self, Preset};
use proptest::prelude::*;

fn any_scenario() -> impl Strategy<Value = Scenario> {
    prop_oneof![
        prop::sample::select(Preset::ALL.to_vec())
            .prop_map(|preset| Scenario::Snakes(snakes::Scenario { preset })),
        prop::sample::select(Game::ALL.to_vec()).prop_map(Scenario::default_for),
    ]
}

/// Queries built from the real vocabulary mixed with noise, so that most reach
/// deep into the parsers instead of failing on the first key.
fn any_query() -> impl Strategy<Value = String> {
    let key = prop_oneof![
        Just("game".to_string()),
        Just("v".to_string()),
        Just("preset".to_string()),
        "[a-z%=&#?]{0,8}",
    ];
    let value = prop_oneof![
        prop::sample::select(
            Game::ALL
                .iter()
                .map(|g| g.key().to_string())
                .collect::<Vec<_>>()
        ),
        prop::sample::select(
            Preset::ALL
                .iter()
                .map(|p| p.name().to_string())
                .collect::<Vec<_>>()
        ),
        Just("1".to_string()),
        ".{0,12}",
    ];
    prop::collection::vec((key, value), 0..5).prop_map(|pairs| {
        pairs
            .into_iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("&")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn links_round_trip(s in any_scenario()) {
        let query = to_query(&s);
        prop_assert_eq!(parse(&query), Ok(s));
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
