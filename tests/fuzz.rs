//! Fuzzing: hostile links against the one parser, and the solvers' entry points
//! on arbitrary (bounded) inputs. `make test` runs 10⁴ cases per property;
//! `make fuzz` runs 10⁶ (LUDOLAB_FUZZ_CASES). Zero panics; every rejection names
//! its field.

use ludolab::games::{parse_arena, solve as solve_arena};
use ludolab::impartial::{values, Graph, NodeKayles, OctalCode, Solitaire};
use ludolab::registry::{link_query, parse, parse_link, to_query, Game};
use ludolab::toolkit::Lang;
use ludolab::Error;
use proptest::prelude::*;

fn cases() -> u32 {
    std::env::var("LUDOLAB_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000)
}

/// Every key of every game, and values meant to break parsers.
fn any_query() -> impl Strategy<Value = String> {
    let keys: Vec<&str> =
        "game v lang preset squares ladder snake die rule matrix width method players starts mode dice \
         target first second simulate seed trees fruits crows strategy basket position crows_left kind sticks take \
         misere rows cols board edges player step heaps code up_to set sum other of line"
            .split_whitespace()
            .collect();
    let key = prop_oneof![4 => prop::sample::select(keys).prop_map(str::to_string), 1 => "[a-z_%=&#?]{0,8}"];
    let mut words: Vec<String> = Game::ALL.iter().map(|g| g.key().to_string()).collect();
    // Hostile numbers and markup, and real values of every family (split on '|').
    let hostile = "NaN|nan|inf|-inf|Infinity|1e309|-1|-0|0|1e-400|18446744073709551616|99999999999999999999|0x10|\
                   1/0|0/0|fr|en|FR|<img src=x onerror=alert(1)>|%00|\u{0}|é|max|optimal|chomp|edges|octal|graph|0.77|4.07|\
                   0.137|path:40|petersen|complete:40|grid:7x7|yes|no|1,2,3|10,10,7,3|a:1>b:2;b>a|nim 3; 0.77 10";
    words.extend(hostile.split('|').map(|w| w.trim().to_string()));
    let value = prop_oneof![
        3 => prop::sample::select(words),
        2 => "-?[0-9]{1,25}(\\.[0-9]{0,5})?(e[+-]?[0-9]{1,3})?",
        1 => "[0-9]{1,3}([,:;>x-][0-9]{1,3}){0,6}",
        1 => ".{0,20}",
    ];
    prop::collection::vec((key, value), 0..7).prop_map(|pairs| {
        let mut out = form_urlencoded::Serializer::new(String::new());
        for (k, v) in &pairs {
            out.append_pair(k, v);
        }
        out.finish()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// A link either opens (and writes itself back the same) or says what is wrong, and where.
    #[test]
    fn links_open_or_explain(query in any_query()) {
        match parse_link(&query) {
            Ok(link) => {
                prop_assert_eq!(parse_link(&link_query(&link)), Ok(link.clone()));
                prop_assert_eq!(parse(&to_query(&link.scenario)), Ok(link.scenario));
            }
            Err(e) => {
                let message = e.to_string();
                prop_assert!(!message.is_empty());
                // Field errors name their field: the page marks it.
                if let Error::InvalidValue { key, .. } | Error::Conflict { key, .. } = &e {
                    prop_assert!(message.contains(key) || matches!(e, Error::Conflict { .. }), "{}", message);
                }
                prop_assert!(message.len() < 400, "short enough to show next to a field: {}", message);
                // The page shows the same error in French: written in French, as short.
                let french = e.message(Lang::Fr);
                prop_assert!(!french.is_empty() && french.len() < 450, "{}", french);
                for english in [" the ", " must ", " is ", " are ", " at most ", " with ", " from ", " or "] {
                    prop_assert!(!french.contains(english), "English in a French message: {}", french);
                }
            }
        }
    }

    /// Raw bytes never panic the parser.
    #[test]
    fn arbitrary_text_never_panics(query in any::<String>()) {
        let _ = parse(&query);
    }

    /// Octal codes of any text, and the solver on any valid one (small heaps).
    #[test]
    fn octal_codes(text in "[0-9.]{0,12}", n in 0usize..300) {
        if let Ok(code) = OctalCode::parse(&text) {
            let (g, _) = values(&code, n, &mut |_, _| {}).unwrap();
            prop_assert_eq!(g.len(), n + 1);
        }
    }

    /// Graphs typed by hand, and node-Kayles on the valid ones.
    #[test]
    fn typed_graphs(text in "([0-9]{1,2}:)?([0-9]{1,2}-[0-9]{1,2}[, ]?){0,12}") {
        if let Ok(g) = Graph::parse(&text) {
            if g.len() <= 14 {
                let mut solver = NodeKayles::new(&g);
                let v = solver.value(g.all());
                prop_assert_eq!(v == 0, solver.winning_moves(g.all()).is_empty());
            }
        }
    }

    /// Arenas typed by hand, with any statements, and their attractors.
    #[test]
    fn typed_arenas(text in "([a-d](:[12])?(>[a-d](:[12])?)?(=(1|2|draw))?;){1,10}") {
        if let Ok(t) = parse_arena(&text) {
            let s = solve_arena(&t.arena);
            prop_assert_eq!(s.attractors[0].size + s.attractors[1].size + s.draws, t.arena.len());
        }
    }

    /// Solitaire lines of any text.
    #[test]
    fn solitaire_lines(text in "[01o._x]{0,22}") {
        if let Ok((n, c)) = Solitaire::parse(&text) {
            let s = Solitaire::new(n).unwrap();
            prop_assert_eq!(s.loses(c), s.winning_jumps(c).is_empty());
        }
    }
}
