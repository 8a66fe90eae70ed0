//! Misère quotients (issue 28): every quotient cross-checked against the
//! exhaustive search on every sum it can reach, the known presentations, the
//! even order of Plambeck–Siegel, the sum box's answers in any order of the
//! heaps, and the edges (heap limit 0, the largest limit, a heap beyond it).

use ludolab::impartial::misere::octal_options;
use ludolab::impartial::quotient::Quotient;
use ludolab::impartial::{misere_octal_loses, OctalCode};
use ludolab::registry::{self, Report, Scenario};
use proptest::prelude::*;
use rustc_hash::FxHashMap as HashMap;

fn quotient(code: &str, n: usize) -> Quotient {
    Quotient::build(&OctalCode::parse(code).unwrap(), n, &mut |_, _| {}).unwrap()
}

/// The exhaustive search (as `misere_octal_loses`, one memo for every sum).
struct Search {
    code: OctalCode,
    memo: HashMap<Vec<u16>, bool>,
}

impl Search {
    fn loses(&mut self, heaps: &[u16]) -> bool {
        let mut h: Vec<u16> = heaps.iter().copied().filter(|&x| x > 0).collect();
        h.sort_unstable();
        if let Some(&l) = self.memo.get(&h) {
            return l;
        }
        let options = octal_options(&self.code, &h);
        let loses = !options.is_empty() && options.iter().all(|o| !self.loses(o));
        self.memo.insert(h, loses);
        loses
    }
}

/// Every sum of heaps 1..=q.reached() with at most `tokens` tokens: the
/// quotient and the exhaustive search agree, and so do the winning moves.
fn agrees_with_search(code: &str, q: &Quotient, tokens: usize) -> usize {
    let c = OctalCode::parse(code).unwrap();
    // The library's own search, on a few sums (the memo below is the same search).
    assert_eq!(
        misere_octal_loses(&c, &[1, 2, 3]).unwrap(),
        q.sum(&[1, 2, 3])
            .map(|s| s.loses)
            .unwrap_or_else(|_| misere_octal_loses(&c, &[1, 2, 3]).unwrap())
    );
    let mut search = Search {
        code: c,
        memo: HashMap::default(),
    };
    let mut count = 0;
    let mut stack: Vec<(Vec<u64>, usize, usize)> = vec![(Vec::new(), q.reached(), tokens)];
    while let Some((sum, max, left)) = stack.pop() {
        let heaps: Vec<u16> = sum.iter().map(|&h| h as u16).collect();
        let searched = search.loses(&heaps);
        let by_quotient = q.sum(&sum).unwrap();
        assert_eq!(by_quotient.loses, searched, "{code}: the sum {sum:?}");
        // Each winning move leaves a sum the search says is lost.
        for (heap, leaves) in &by_quotient.winning_moves {
            let mut after = sum.clone();
            let at = after.iter().position(|h| h == heap).expect("a heap of the sum");
            after.remove(at);
            after.extend(leaves);
            let after: Vec<u16> = after.iter().map(|&h| h as u16).collect();
            assert!(search.loses(&after), "{code}: {sum:?} by {heap} → {leaves:?}");
        }
        // A lost sum has no winning move; a won one has one unless it has no move at all.
        assert!(!searched || by_quotient.winning_moves.is_empty(), "{code}: {sum:?}");
        count += 1;
        for h in 1..=max.min(left) {
            let mut next = sum.clone();
            next.push(h as u64);
            stack.push((next, h, left - h));
        }
    }
    count
}

#[test]
fn misere_nim_with_heaps_of_one_and_two_is_the_issues_example() {
    // 0.33 on heaps ≤ 2 is Nim: ⟨a, b | a² = 1, b³ = b⟩, P = {a, b²} (Plambeck–Siegel).
    let q = quotient("0.33", 2);
    assert_eq!(q.order(), 6);
    assert_eq!(q.presentation(), "⟨a, b | a² = 1, b³ = b⟩");
    let p: Vec<String> = q.p_portion().into_iter().map(|e| q.name(e)).collect();
    assert_eq!(p, ["a", "b²"]);
    assert_eq!(q.name(q.heap_element(0)), "1");
    assert_eq!(q.growth(), [1, 2, 6]);
    // Heaps of 1 alone: ⟨a | a² = 1⟩, order 2 (the misère rule for heaps of 1: odd loses).
    let q = quotient("0.33", 1);
    assert_eq!(q.presentation(), "⟨a | a² = 1⟩");
}

#[test]
fn every_quotient_agrees_with_the_exhaustive_search_up_to_30_tokens() {
    // The games of the sources, each to a heap limit whose quotient is proven in well under a second.
    for (code, n, tokens) in [
        ("0.77", 30, 30),
        ("0.07", 24, 30),
        ("0.137", 23, 30),
        ("0.4", 25, 30),
        ("0.6", 12, 30),
        ("0.75", 30, 30),
        ("0.15", 30, 30),
        ("0.33", 3, 40),
        ("4.07", 12, 26),
        ("grundy", 16, 30),
    ] {
        let q = quotient(code, n);
        assert!(q.stopped().is_none(), "{code} up to {n}");
        assert_eq!(q.reached(), n);
        assert!(q.order() == 1 || q.order() % 2 == 0, "{code}: even order");
        let sums = agrees_with_search(code, &q, tokens);
        assert!(sums > 1000, "{code}: {sums} sums checked");
    }
}

#[test]
fn the_quotients_settle_and_dawsons_games_shift_by_one_heap() {
    // Kayles and 0.75 settle early; Dawson's Kayles jumps at heap 25 (its
    // sums up to 30 tokens check the larger quotient in the test above).
    let q = quotient("0.75", 40);
    assert_eq!(q.order(), 8);
    let q = quotient("0.77", 40);
    assert_eq!(q.growth()[..13], [1, 2, 6, 6, 6, 12, 12, 12, 12, 18, 18, 18, 24]);
    // Dawson's Kayles heap n + 1 is Dawson's chess heap n: the same quotients, shifted.
    let (k, c) = (quotient("0.07", 20), quotient("0.137", 19));
    assert_eq!(k.growth()[1..], c.growth()[..]);
    for n in 1..=19 {
        assert_eq!(k.name(k.heap_element(n + 1)), c.name(c.heap_element(n)), "heap {n}");
    }
}

#[test]
fn a_large_quotient_is_verified_beyond_the_tokens_searched() {
    // Q of Dawson's Kayles to 30: order 360, every sum up to 32 tokens agrees.
    let q = quotient("0.07", 30);
    assert_eq!(q.order(), 360);
    assert!(agrees_with_search("0.07", &q, 32) > 40_000);
}

#[test]
fn kayles_single_heaps_to_52_agree_with_the_search() {
    // Beyond the 30 tokens of the sums above: each heap of 31..=48 alone and
    // with a heap of 1 to 4 (the quotient stays at 40 elements from heap 27).
    let q = quotient("0.77", 48);
    assert_eq!(q.order(), 40);
    let mut search = Search {
        code: OctalCode::parse("0.77").unwrap(),
        memo: HashMap::default(),
    };
    for h in 31..=48u64 {
        for extra in 0..=4u64 {
            let sum = [h, extra];
            let searched = search.loses(&[h as u16, extra as u16]);
            assert_eq!(q.sum(&sum).unwrap().loses, searched, "Kayles {h} + {extra}");
        }
    }
}

#[test]
fn the_edges_of_the_construction() {
    // Heap limit 0: the trivial quotient {1}, an N-position.
    let q = quotient("0.77", 0);
    assert_eq!((q.order(), q.reached()), (1, 0));
    assert_eq!(q.presentation(), "⟨ | ⟩ = {1}");
    assert!(!q.sum(&[]).unwrap().loses);
    // A game whose small heaps have no move: they are the identity.
    let q = quotient("0.07", 1);
    assert_eq!(q.order(), 1);
    assert_eq!(q.name(q.heap_element(1)), "1");
    // A heap beyond the quotient is refused with the largest heap covered.
    let q = quotient("0.77", 10);
    let e = q.sum(&[3, 11]).unwrap_err().to_string();
    assert!(e.contains("11") && e.contains("10"), "{e}");
    // The heap limit's maximum, and one beyond.
    let e = Quotient::build(&OctalCode::parse("0.77").unwrap(), 301, &mut |_, _| {}).unwrap_err();
    assert!(e.to_string().contains("301") && e.to_string().contains("300"), "{e}");
    // A budget too small stops cleanly, keeping the last complete quotient.
    let q = Quotient::build_with(&OctalCode::parse("0.07").unwrap(), 30, 2_000, &mut |_, _| {}).unwrap();
    let stop = q.stopped().expect("stopped early");
    assert_eq!(stop.heap, q.reached() + 1);
    assert_eq!(q.growth().len(), q.reached() + 1);
    assert!(q.reached() < 30);
}

#[test]
fn a_thousand_heaps_are_answered_at_once_and_in_any_order() {
    let q = quotient("0.77", 30);
    let heaps: Vec<u64> = (0..1000).map(|i| (i * 7 % 31) as u64).collect();
    let a = q.sum(&heaps).unwrap();
    let mut reversed = heaps.clone();
    reversed.reverse();
    assert_eq!(q.sum(&reversed).unwrap(), a);
    assert!(q.sum(&vec![1; 10_001]).is_err());
}

#[test]
fn the_link_keeps_code_limit_and_sum_and_refuses_a_heap_beyond_the_limit() {
    let s = registry::parse("game=impartial&mode=quotient&code=0.07&heap_limit=20&heaps=3,4,20").unwrap();
    let again = registry::parse(&registry::to_query(&s)).unwrap();
    assert_eq!(s, again);
    let Report::Impartial(ludolab::impartial::Report::Quotient(r)) = s.analyse(&mut |_, _| {}).unwrap() else {
        panic!("a quotient report");
    };
    assert_eq!(r.heap_elements.len(), 21);
    assert_eq!(r.heap_elements[0], "1");
    assert_eq!(r.multiplication.len(), r.order);
    assert_eq!(r.p_portion_size, r.p_portion.len());
    let e = registry::parse("game=impartial&mode=quotient&code=0.07&heap_limit=20&heaps=21").unwrap_err();
    assert_eq!(e.key(), Some("heaps"));
    assert!(e.to_string().contains("20"));
    // Heap limit 0: the example sum does not fit; the sum is empty and the link round-trips.
    let zero = registry::parse("game=impartial&mode=quotient&heap_limit=0").unwrap();
    assert_eq!(registry::parse(&registry::to_query(&zero)).unwrap(), zero);
    assert!(zero.analyse(&mut |_, _| {}).is_ok());
    // The defaults: Kayles up to 30 with the sum 3 + 4.
    let Scenario::Impartial(d) = registry::parse("game=impartial&mode=quotient").unwrap() else {
        panic!("impartial");
    };
    assert_eq!((d.heap_limit, d.heaps.clone()), (30, vec![3, 4]));
    // The first spelling of a quotient link still opens it, and is written the new way.
    let old = registry::parse("game=impartial&mode=misere&of=quotient&code=0.07&heap_limit=5&heaps=5").unwrap();
    assert_eq!(
        old,
        registry::parse("game=impartial&mode=quotient&code=0.07&heap_limit=5&heaps=5").unwrap()
    );
    let written = registry::to_query(&old);
    assert!(
        written.contains("mode=quotient") && !written.contains("of="),
        "{written}"
    );
    // A link keeps only its mode's keys: misère Nim drops the code, the quotient drops `of`.
    let nim = registry::parse("game=impartial&mode=misere&of=nim&heaps=1,2&code=0.07&up_to=9").unwrap();
    assert!(
        !registry::to_query(&nim).contains("code"),
        "{}",
        registry::to_query(&nim)
    );
    // A misère octal sum of more than 40 tokens is answered by the quotient.
    let s = registry::parse("game=impartial&mode=misere&of=octal&code=0.77&heaps=20,20,20").unwrap();
    let Report::Impartial(ludolab::impartial::Report::Misere(m)) = s.analyse(&mut |_, _| {}).unwrap() else {
        panic!("a misère report");
    };
    assert_eq!(m.method, "quotient");
    let q = quotient("0.77", 20);
    assert_eq!(m.loses, q.sum(&[20, 20, 20]).unwrap().loses);
    assert_eq!(m.winning_moves.is_empty(), m.loses);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// Random octal codes of up to three digits: a proven quotient agrees
    /// with the search on every sum up to 22 tokens.
    #[test]
    fn random_codes_agree_with_the_search(d1 in 0u8..8, d2 in 0u8..8, d3 in 0u8..8, n in 4usize..14) {
        let text = format!("0.{d1}{d2}{d3}");
        let Ok(code) = OctalCode::parse(&text) else { return Ok(()); };
        let q = Quotient::build_with(&code, n, 2_000_000, &mut |_, _| {}).unwrap();
        prop_assert!(q.order() == 1 || q.order() % 2 == 0);
        agrees_with_search(&text, &q, 22);
    }
}

/// One JSON contract whatever answers a misère sum: the exhaustive search
/// (at most 40 tokens) gives its winning moves as the quotient does, heap by
/// heap with what each leaves, and the same moves.
#[test]
fn the_misere_mode_gives_the_same_moves_whichever_method_answers() {
    for (code, sums) in [
        ("0.07", vec![vec![5u64], vec![5, 3], vec![2, 4, 6], vec![1, 1, 7]]),
        ("0.33", vec![vec![4u64, 2], vec![6], vec![3, 3, 1]]),
    ] {
        let q = quotient(code, 10);
        for heaps in sums {
            let link = format!(
                "game=impartial&mode=misere&of=octal&code={code}&heaps={}",
                heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
            );
            let report = registry::parse(&link).unwrap().analyse(&mut |_, _| {}).unwrap();
            let json = serde_json::to_value(&report).unwrap();
            assert_eq!(json["method"], "search", "{link}");
            let mut searched: Vec<(u64, Vec<u64>)> = json["winning_moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| {
                    let mut leaves: Vec<u64> = m["leaves"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|l| l.as_u64().unwrap())
                        .collect();
                    leaves.sort_unstable();
                    (m["heap"].as_u64().unwrap(), leaves)
                })
                .collect();
            searched.sort();
            let mut by_quotient: Vec<(u64, Vec<u64>)> = q
                .sum(&heaps)
                .unwrap()
                .winning_moves
                .into_iter()
                .map(|(h, mut l)| {
                    l.sort_unstable();
                    (h, l)
                })
                .collect();
            by_quotient.sort();
            by_quotient.dedup();
            assert_eq!(searched, by_quotient, "{link}");
            assert_eq!(
                json["misere_winning"].as_array().unwrap().len(),
                searched.len(),
                "{link}"
            );
        }
    }
}
