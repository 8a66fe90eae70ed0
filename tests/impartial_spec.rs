//! Impartial games against SPEC §4 and seed 003, and the fast method against the
//! definition.

use ludolab::impartial::table::{codes, table, Status};
use ludolab::impartial::{
    find_period, misere_nim_loses, naive_values, nim_sum, subtraction_values, values, values_by, winning_moves,
    NimMove, OctalCode, Way,
};
use proptest::prelude::*;
use std::collections::HashMap;

/// The seed's slides 33–34: Kayles, G(0..=100).
const KAYLES: [u16; 101] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, //
    6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, //
    7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, //
    7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, //
    7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, //
    7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, //
    7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, //
    7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, //
    7, 4, 1, 2, 8, 1,
];

/// The seed's slides 35–36: the game on paths (0.137), G(0..=127).
const PATHS: [u16; 128] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, //
    3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, //
    1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, //
    3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, //
    1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, //
    3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, //
    1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, //
    3, 3, 0, 1, 1, 3, 0, 2,
];

fn code(text: &str) -> OctalCode {
    OctalCode::parse(text).unwrap()
}

#[test]
fn the_seeds_sequences_by_both_methods() {
    assert_eq!(naive_values(&code("0.77"), 100), KAYLES);
    assert_eq!(values(&code("0.77"), 100, &mut |_, _| {}).unwrap().0, KAYLES);
    assert_eq!(naive_values(&code("0.137"), 127), PATHS);
    assert_eq!(values(&code("0.137"), 127, &mut |_, _| {}).unwrap().0, PATHS);
}

#[test]
fn periods_exceptions_and_proofs() {
    let kayles = values(&code("0.77"), 1000, &mut |_, _| {}).unwrap().0;
    let p = find_period(&kayles, Some(2)).unwrap();
    assert_eq!((p.period, p.preperiod, p.proven), (12, 71, true));
    assert_eq!(p.exceptions, [0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70]);
    assert_eq!(p.needed_up_to, 2 * 71 + 12 + 2);
    let paths = values(&code("0.137"), 1000, &mut |_, _| {}).unwrap().0;
    let p = find_period(&paths, Some(3)).unwrap();
    assert_eq!((p.period, p.preperiod, p.proven), (34, 52, true));
    assert_eq!(p.exceptions, [0, 14, 16, 17, 31, 34, 51]);
    // Too few values for the theorem: the period is seen but not proven.
    let p = find_period(&paths[..=159], Some(3)).unwrap();
    assert_eq!((p.period, p.proven), (34, false));
    // Dawson's Kayles 0.07 is node-Kayles on paths shifted by one: G(n) = G₀.₁₃₇(n − 1).
    let dawson = values(&code("0.07"), 300, &mut |_, _| {}).unwrap().0;
    assert!((1..=300).all(|n| dawson[n] == paths[n - 1]));
}

/// The published tables count heap 0 among the rare heaps: .45 has 11 (tczajka's
/// table of octal games), all of them below 200.
#[test]
fn octal_45_has_11_rare_heaps_as_published() {
    let (_, m) = values(&code("0.45"), 4096, &mut |_, _| {}).unwrap();
    assert_eq!((m.rare_positions, m.last_rare), (11, Some(198)));
}

#[test]
fn the_sparse_space_statistics_count_what_they_say() {
    // Codes whose classes settle late (.376), a domain variant (.106) and .16.
    for (text, n) in [("0.376", 20_000), ("0.106", 20_000), ("0.16", 20_000)] {
        let c = code(text);
        let (g, m) = values(&c, n, &mut |_, _| {}).unwrap();
        assert_eq!(g, naive_values(&c, n), "{text}");
        let rare: Vec<usize> = (0..=m.computed)
            .filter(|&k| ((g[k] & m.mask).count_ones() % 2 == 1) ^ (m.by_position && k % 2 == 1) == m.flip)
            .collect();
        assert_eq!(rare.len(), m.rare_positions, "{text}");
        assert_eq!(rare.last().copied(), m.last_rare, "{text}");
        // A sparse space worth the name: few rare heaps.
        assert!(
            m.rare_positions * 20 < m.computed,
            "{text}: {} rare of {}",
            m.rare_positions,
            m.computed
        );
    }
}

/// Grundy's game (split a heap into two unequal heaps): OEIS A002188, and the
/// sparse values Flammenkamp lists below 232 (mask …11110: G(n) with an even
/// number of 1 bits once its lowest bit is dropped).
#[test]
fn grundys_game_matches_oeis_and_flammenkamps_sparse_values() {
    const A002188: [u16; 105] = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1, 2, 4,
        1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4,
        3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
    ];
    let grundy = code("grundy");
    assert_eq!(grundy, OctalCode::parse(" Grundy ").unwrap());
    let g = naive_values(&grundy, 6000);
    assert_eq!(&g[..105], &A002188[..]);
    for way in [Way::Auto, Way::Sparse, Way::Dense] {
        assert_eq!(values_by(&grundy, 6000, way).unwrap(), g, "{way:?}");
    }
    let sparse: Vec<(usize, u16)> = (0..232)
        .filter(|&n| (g[n] & 254).count_ones() % 2 == 0)
        .map(|n| (n, g[n]))
        .collect();
    let flammenkamp: Vec<(usize, u16)> = vec![
        (0, 0),
        (1, 0),
        (2, 0),
        (3, 1),
        (4, 0),
        (6, 1),
        (7, 0),
        (9, 1),
        (10, 0),
        (12, 1),
        (15, 1),
        (20, 0),
        (23, 0),
        (26, 0),
        (28, 1),
        (31, 1),
        (34, 1),
        (37, 1),
        (40, 1),
        (43, 1),
        (46, 1),
        (49, 1),
        (50, 0),
        (52, 1),
        (53, 0),
        (55, 1),
        (58, 1),
        (61, 1),
        (87, 7),
        (90, 7),
        (93, 7),
        (146, 6),
        (149, 6),
        (152, 6),
        (158, 11),
        (161, 11),
        (164, 11),
        (167, 11),
        (176, 7),
        (179, 7),
        (181, 12),
        (182, 7),
        (185, 7),
        (188, 7),
        (190, 12),
        (193, 12),
        (196, 10),
        (231, 10),
    ];
    assert_eq!(sparse, flammenkamp);
    // The engine finds the same mask, and no theorem proves a period.
    let (_, method) = values(&grundy, 100_000, &mut |_, _| {}).unwrap();
    assert_eq!((method.mask, method.flip), (254, false));
    assert_eq!(method.computed, 100_000, "no period can stop the computation");
    let p = find_period(&g, grundy.theorem_t());
    assert!(p.is_none_or(|p| !p.proven));
}

/// The table groups exactly the codes whose values are equal or shifted by one
/// heap, each with the first of them: checked against every pair of codes.
#[test]
fn the_tables_groups_are_those_of_a_brute_force_comparison() {
    let n = 500;
    let t = table(2, n, &mut |_, _| {}).unwrap();
    let all = codes(2);
    assert_eq!(t.rows.len(), all.len());
    let g: Vec<Vec<u16>> = all.iter().map(|c| naive_values(c, n)).collect();
    // G(n) = G_rep(n − shift) on every heap both know, by hand.
    let follows = |a: &[u16], rep: &[u16], shift: i8| {
        (0..=n).all(|k| {
            let j = k as i64 - i64::from(shift);
            !(0..=n as i64).contains(&j) || a[k] == rep[j as usize]
        })
    };
    let shifts = [0i8, 1, -1, 2, -2, 3, -3];
    let index = |code: &str| all.iter().position(|c| c.to_string() == code).unwrap();
    for (i, row) in t.rows.iter().enumerate() {
        assert_eq!(row.code, all[i].to_string());
        match &row.same_as {
            Some(rep) => {
                let r = index(rep);
                assert!(r < i && t.rows[r].same_as.is_none(), "{} → {rep}", row.code);
                assert!(follows(&g[i], &g[r], row.shift), "{} {rep} {}", row.code, row.shift);
                // The first such representative.
                for earlier in (0..r).filter(|&e| t.rows[e].same_as.is_none()) {
                    assert!(
                        !shifts.iter().any(|&s| follows(&g[i], &g[earlier], s)),
                        "{} {}",
                        row.code,
                        all[earlier]
                    );
                }
            }
            None => {
                for earlier in (0..i).filter(|&e| t.rows[e].same_as.is_none()) {
                    assert!(
                        !shifts.iter().any(|&s| follows(&g[i], &g[earlier], s)),
                        "{} {}",
                        row.code,
                        all[earlier]
                    );
                }
            }
        }
        let top = *g[i].iter().max().unwrap();
        assert_eq!(row.largest.value, top);
        assert_eq!(row.status == Status::Trivial, row.proven && top <= 1);
    }
    assert_eq!(t.games, t.rows.iter().filter(|r| r.same_as.is_none()).count());
    // Winning Ways' pairs: Dawson's Kayles 0.07 is the path game 0.137 one heap
    // later, so both are in one group; 0.6 is not solved at this range.
    let three = table(3, 400, &mut |_, _| {}).unwrap();
    let row = |c: &str| three.rows.iter().find(|r| r.code == c).unwrap().clone();
    let (dawson, paths) = (row("0.07"), row("0.137"));
    let rep = dawson.same_as.clone().unwrap_or("0.07".into());
    assert_eq!(paths.same_as, Some(rep.clone()));
    assert_eq!(paths.shift - dawson.shift, -1, "G₀.₀₇(n) = G₀.₁₃₇(n − 1)");
    assert_eq!(row("0.6").status, Status::Unsolved);
    assert_eq!((row("0.77").period, row("0.77").proven), (Some(12), true));
    assert!(table(4, 10, &mut |_, _| {}).is_err() && table(3, (1 << 16) + 1, &mut |_, _| {}).is_err());
    assert!(table(0, 10, &mut |_, _| {}).is_err());
    // The smallest tables: one heap, and too few heaps for shifts (only equal values group).
    for n in [1, 7] {
        let tiny = table(1, n, &mut |_, _| {}).unwrap();
        assert_eq!(tiny.rows.len(), 15);
        assert!(tiny.rows.iter().all(|r| r.shift == 0), "{n}");
        assert!(tiny.games >= 1 && tiny.games <= 15);
    }
}

#[test]
fn a_short_period_after_a_long_preperiod_is_found_in_linear_time() {
    // Period 4 from 50,000 on: every multiple of 4 holds as long; the search
    // must not walk back 50,000 heaps for each of them.
    let g: Vec<u16> = (0..300_000usize)
        .map(|n| {
            if n < 50_000 {
                (n % 7 + n % 11) as u16
            } else {
                (n % 4) as u16
            }
        })
        .collect();
    let p = find_period(&g, Some(3)).unwrap();
    assert_eq!((p.period, p.preperiod, p.proven), (4, 50_000, true));
}

#[test]
fn kayles_far_out_follows_its_period() {
    let (g, method) = values(&code("0.77"), 100_000, &mut |_, _| {}).unwrap();
    assert!((71..=100_000).all(|n| g[n] == g[71 + (n - 71) % 12]));
    assert!(method.computed < 100_000, "the proven period fills the rest");
}

#[test]
fn the_seeds_nim_example() {
    let heaps = [8, 8, 7, 7, 7, 6, 4, 4, 4, 2, 1];
    assert_eq!(nim_sum(&heaps), 6, "the seed's slide says 5: an arithmetic slip");
    let moves = winning_moves(&heaps);
    let expected: Vec<NimMove> = [
        (2, 7, 1),
        (3, 7, 1),
        (4, 7, 1),
        (5, 6, 0),
        (6, 4, 2),
        (7, 4, 2),
        (8, 4, 2),
    ]
    .iter()
    .map(|&(heap, from, to)| NimMove { heap, from, to })
    .collect();
    assert_eq!(moves, expected);
    for m in &moves {
        let mut after = heaps;
        after[m.heap] = m.to;
        assert_eq!(nim_sum(&after), 0);
    }
}

fn misere_loses_by_search(heaps: &mut Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key = heaps.clone();
    key.sort_unstable();
    if let Some(&l) = memo.get(&key) {
        return l;
    }
    // No move left: the previous player took the last token and lost.
    let mut loses = heaps.iter().any(|&h| h > 0);
    for i in 0..heaps.len() {
        for take in 1..=heaps[i] {
            heaps[i] -= take;
            let opponent_loses = misere_loses_by_search(heaps, memo);
            heaps[i] += take;
            if opponent_loses {
                loses = false;
            }
        }
    }
    memo.insert(key, loses);
    loses
}

#[test]
fn misere_nim_follows_boutons_rule() {
    let mut memo = HashMap::new();
    for a in 0..6u64 {
        for b in 0..6 {
            for c in 0..6 {
                let mut heaps = vec![a, b, c];
                if heaps.iter().all(|&h| h == 0) {
                    continue;
                }
                assert_eq!(
                    misere_nim_loses(&heaps),
                    misere_loses_by_search(&mut heaps, &mut memo),
                    "{a} {b} {c}"
                );
            }
        }
    }
}

#[test]
fn subtraction_games() {
    let g = subtraction_values(&[1, 2, 3], 1000).unwrap();
    assert!(g.iter().enumerate().all(|(n, &v)| usize::from(v) == n % 4));
    let g = subtraction_values(&[2, 5], 200).unwrap();
    let p = find_period(&g, Some(5)).unwrap();
    assert!(p.proven);
    assert!(subtraction_values(&[], 10).is_err());
}

#[test]
fn codes_are_checked() {
    for bad in ["0.8", "1.7", "077", "0.", "0.0000000007", "0.000"] {
        assert!(OctalCode::parse(bad).is_err(), "{bad}");
    }
    assert_eq!(code("4.07").to_string(), "4.07");
    assert_eq!(code("0.770").to_string(), "0.77");
    assert_eq!(code("0.137").max_removal(), 3);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// The sparse-space method (and the proven period) equals the definition.
    #[test]
    fn fast_equals_naive(d0 in prop::sample::select(vec![0u8, 4]), digits in prop::collection::vec(0u8..8, 1..=4)) {
        let text = format!("{d0}.{}", digits.iter().map(u8::to_string).collect::<String>());
        prop_assume!(OctalCode::parse(&text).is_ok());
        let c = OctalCode::parse(&text).unwrap();
        // Past 2,048 heaps: the sparse classes are chosen again on the way.
        let naive = naive_values(&c, 3100);
        let fast = values(&c, 3100, &mut |_, _| {}).unwrap().0;
        prop_assert_eq!(&fast, &naive, "{}", text);
        // Each way alone, whatever the cost measured would choose.
        for way in [Way::Sparse, Way::Dense] {
            prop_assert_eq!(&values_by(&c, 3100, way).unwrap(), &naive, "{} {:?}", text, way);
        }
    }
}

mod graphs_misere_solitaire_sums {
    use super::*;
    use ludolab::impartial::solitaire::Solitaire;
    use ludolab::impartial::{
        colouring_value, misere_graph, misere_octal_loses, parse_sum, sum_value, Graph, NodeKayles,
    };

    fn random_graph(n: usize, p_percent: u64, seed: u64) -> Graph {
        let mut s = seed;
        let mut next = || {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (s >> 33) % 100
        };
        let edges: Vec<(usize, usize)> = (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))).collect();
        let edges: Vec<(usize, usize)> = edges.into_iter().filter(|_| next() < p_percent).collect();
        Graph::new(n, &edges).unwrap()
    }

    #[test]
    fn node_kayles_on_paths_is_the_path_game_and_cycles_follow() {
        for (n, &expected) in PATHS.iter().enumerate().take(21).skip(1) {
            let path = Graph::preset(&format!("path:{n}")).unwrap();
            assert_eq!(NodeKayles::plain(&path).value(path.all()), expected, "path {n}");
        }
        for n in 3..=20 {
            let cycle = Graph::preset(&format!("cycle:{n}")).unwrap();
            // Any first move on a cycle leaves a path of n − 3: G = mex{G(path n − 3)}.
            let expected = u16::from(PATHS[n - 3] == 0);
            assert_eq!(NodeKayles::plain(&cycle).value(cycle.all()), expected, "cycle {n}");
            assert_eq!(
                NodeKayles::new(&cycle).value(cycle.all()),
                expected,
                "cycle {n} (recognised)"
            );
        }
    }

    #[test]
    fn shortcuts_colouring_and_search_agree_on_random_graphs() {
        for seed in 0..60 {
            let g = random_graph(4 + (seed as usize % 11), 15 + seed % 40, seed);
            let fast = NodeKayles::new(&g).value(g.all());
            assert_eq!(fast, NodeKayles::plain(&g).value(g.all()), "seed {seed}");
            assert_eq!(
                fast,
                colouring_value(&g).unwrap(),
                "seed {seed}: one colour = node-Kayles"
            );
        }
        let petersen = Graph::preset("petersen").unwrap();
        let mut solver = NodeKayles::new(&petersen);
        let v = solver.value(petersen.all());
        assert_eq!(v, colouring_value(&petersen).unwrap());
        for w in solver.winning_moves(petersen.all()) {
            assert_eq!(solver.value(petersen.all() & !petersen.closed(w)), 0);
        }
    }

    #[test]
    fn an_empty_edge_list_is_the_empty_graph_as_0_colon_is() {
        // Issue 69: `edges=` was refused while `edges=0:` was accepted.
        let empty = Graph::parse("").unwrap();
        assert_eq!(empty, Graph::parse("0:").unwrap());
        assert_eq!(empty, Graph::parse(" , ").unwrap());
        assert_eq!(NodeKayles::new(&empty).value(empty.all()), 0);
        assert!(Graph::parse("1:").unwrap() != empty);
    }

    #[test]
    fn misere_kayles_losing_rows() {
        let kayles = OctalCode::parse("0.77").unwrap();
        let losing: Vec<u16> = (1..=30)
            .filter(|&n| misere_octal_loses(&kayles, &[n]).unwrap())
            .collect();
        assert_eq!(losing, [1, 4, 9, 12, 20]);
        // Node-Kayles misère on a path = 0.137 misère on one heap.
        let paths = OctalCode::parse("0.137").unwrap();
        for n in 1..=14usize {
            let g = Graph::preset(&format!("path:{n}")).unwrap();
            assert_eq!(
                misere_graph(&g).unwrap().0,
                misere_octal_loses(&paths, &[n as u16]).unwrap(),
                "path {n}"
            );
        }
    }

    fn solitaire_loses(n: usize, c: u32) -> bool {
        for from in 0..n {
            for d in [1i64, -1] {
                let (over, to) = (from as i64 + d, from as i64 + 2 * d);
                if to < 0 || to >= n as i64 {
                    continue;
                }
                let (over, to) = (over as u32, to as u32);
                if c >> from & 1 == 1 && c >> over & 1 == 1 && c >> to & 1 == 0 {
                    let next = c & !(1 << from) & !(1 << over) | 1 << to;
                    if solitaire_loses(n, next) {
                        return false;
                    }
                }
            }
        }
        true
    }

    #[test]
    fn peg_solitaire_on_a_line() {
        for n in 1..=9 {
            let s = Solitaire::new(n).unwrap();
            for c in 0..(1u32 << n) {
                assert_eq!(s.loses(c), solitaire_loses(n, c), "n {n}, c {c:b}");
            }
        }
        let s = Solitaire::new(3).unwrap();
        let (n, c) = Solitaire::parse("110").unwrap();
        assert_eq!(n, 3);
        assert!(!s.loses(c));
        assert_eq!(s.winning_jumps(c).len(), 1);
        assert!(Solitaire::parse("11x").is_err());
    }

    #[test]
    fn sums_and_equivalence() {
        // The seed's slide 27: NIM(3, 1) has value 3 ⊕ 1 = 2.
        let s = sum_value(&parse_sum("nim 3; 1").unwrap()).unwrap();
        assert_eq!(s.total, 2);
        assert_eq!(
            s.components[0].winning_move.as_ref().map(|m| m.en.as_str()),
            Some("take 2 (leave 1)")
        );
        let s = sum_value(&parse_sum("0.77 10; 0.137 13; path:4; nim 2").unwrap()).unwrap();
        assert_eq!(s.total, KAYLES[10] ^ PATHS[13] ^ PATHS[4] ^ 2);
        assert!(s.components.iter().any(|c| c.winning_move.is_some()) || s.total == 0);
        // Kayles 10 (value 2) is equivalent to Nim 2; a path of 4 (value 0) to nothing.
        let a = sum_value(&parse_sum("0.77 10").unwrap()).unwrap().total;
        let b = sum_value(&parse_sum("nim 2").unwrap()).unwrap().total;
        assert_eq!(a, b);
        assert!(parse_sum("chess 3").is_err());
    }
}

/// The stick game is one game in three chapters: a heap wins for the player
/// to move (normal play) exactly where its Grundy value is not 0, where the
/// game graphs' arena says player 1 wins, and where the search's exact answer
/// says so; the impartial chapter's old `set` key opens as `take`.
#[test]
fn the_stick_game_is_one_game_in_three_chapters() {
    use ludolab::games::subtraction::{subtraction_arena, wins};
    use ludolab::registry::{self, Report, Scenario};
    for take in [vec![1, 2, 3], vec![1, 3, 4], vec![2, 5], vec![1, 1000], vec![3]] {
        let grundy = subtraction_values(&take, 40).unwrap();
        let normal = wins(&take, false, 40);
        assert!((0..=40).all(|n| normal[n] == (grundy[n] != 0)), "{take:?}");
        for misere in [false, true] {
            let table = wins(&take, misere, 40);
            for sticks in [1, 7, 20] {
                let arena = subtraction_arena(sticks, &take, misere).unwrap();
                let solved = ludolab::games::attractor::solve(&arena);
                let first = solved.winner(arena.start) == Some(ludolab::games::graph::Player::One);
                assert_eq!(first, table[sticks], "{take:?} misère {misere}, {sticks} sticks");
                let set = take.iter().map(usize::to_string).collect::<Vec<_>>().join(",");
                let link = format!(
                    "game=search&search=sticks&sticks={sticks}&take={set}&misere={}&depth=end",
                    if misere { "yes" } else { "no" }
                );
                let Ok(Report::Search(r)) = registry::parse(&link).unwrap().analyse(&mut |_, _| {}) else {
                    panic!("{link}")
                };
                assert_eq!(r.exact_answer.unwrap().value == 1, table[sticks], "{link}");
            }
        }
    }
    let old = registry::parse("game=impartial&v=1&mode=subtraction&set=1,3,4").unwrap();
    assert!(matches!(old, Scenario::Impartial(_)));
    assert!(registry::to_query(&old).contains("&take=1%2C3%2C4"));
}
