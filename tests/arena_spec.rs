//! Game graphs and attractors against SPEC §5 and seed 004, and the backward
//! algorithm against the seed's iteration.

use crate::common;
use ludolab::games::chomp::{losing_boards, winning_moves, Bar, Boards};
use ludolab::games::subtraction::stick_vertex;
use ludolab::games::{
    attractor, chomp_arena, choose_move, iterate, parse_arena, solve, subtraction_arena, Arena, Outcome, Player,
};
use ludolab::graphs::{analyse, Kind, Report, Scenario};
use proptest::prelude::*;
use std::collections::HashMap;

#[test]
fn the_seeds_stick_game() {
    let arena = subtraction_arena(9, &[1, 2, 3], true).unwrap();
    assert_eq!(arena.len(), 20);
    let s = solve(&arena);
    assert_eq!([s.attractors[0].size, s.attractors[1].size], [10, 10]);
    assert_eq!([s.attractors[0].max_rank, s.attractors[1].max_rank], [5, 5]);
    assert_eq!(s.draws, 0);
    // The player to move loses iff sticks ≡ 1 (mod 4) (misère), ≡ 0 (normal).
    for n in 1..=60 {
        for (misere, losing) in [(true, 1), (false, 0)] {
            let arena = subtraction_arena(n, &[1, 2, 3], misere).unwrap();
            let s = solve(&arena);
            let start = stick_vertex(n, Player::One);
            let expected = if n % 4 == losing { Player::Two } else { Player::One };
            assert_eq!(s.winner(start), Some(expected), "n = {n}, misère {misere}");
        }
    }
}

#[test]
fn chomp_4_by_3_as_in_the_seed() {
    let c = chomp_arena(&[3, 3, 3, 3], 3).unwrap();
    assert_eq!(c.arena.len(), 66);
    let s = solve(&c.arena);
    assert_eq!([s.attractors[0].size, s.attractors[1].size], [33, 33]);
    assert_eq!(s.draws, 0);
    assert_eq!(
        Boards::new(4, 3, 100).unwrap().count(),
        35,
        "C(7, 3) boards, the empty one included"
    );
}

/// Chomp by plain memoised recursion on row lengths: the player to move wins iff
/// some move leaves a losing board.
fn wins(board: &[u8], memo: &mut HashMap<Vec<u8>, bool>) -> bool {
    if let Some(&w) = memo.get(board) {
        return w;
    }
    let mut w = false;
    for r in 0..board.len() {
        for c in 0..usize::from(board[r]) {
            if (r, c) != (0, 0) {
                let next: Vec<u8> = board
                    .iter()
                    .enumerate()
                    .map(|(k, &l)| if k >= r { l.min(c as u8) } else { l })
                    .collect();
                if !wins(&next, memo) {
                    w = true;
                }
            }
        }
    }
    memo.insert(board.to_vec(), w);
    w
}

#[test]
fn chomp_rectangles_have_one_winning_first_move() {
    for rows in 1..=6 {
        for cols in 1..=6 {
            if (rows, cols) == (1, 1) {
                continue;
            }
            let start = vec![cols as u8; rows];
            let c = chomp_arena(&start, cols).unwrap();
            let s = solve(&c.arena);
            let from_arena: Vec<[usize; 2]> = Boards::moves(&start)
                .filter(|&(r, col)| {
                    let v = c.vertex(&Boards::eat(&start, r, col), Player::Two).unwrap();
                    s.attractors[0].contains(v)
                })
                .map(|(r, col)| [r, col])
                .collect();
            let (boards, losing) = losing_boards(rows, cols).unwrap();
            assert_eq!(from_arena, winning_moves(&boards, &losing, &start), "{rows} × {cols}");
            let mut memo = HashMap::new();
            let from_recursion: Vec<[usize; 2]> = Boards::moves(&start)
                .filter(|&(r, col)| !wins(&Boards::eat(&start, r, col), &mut memo))
                .map(|(r, col)| [r, col])
                .collect();
            assert_eq!(from_arena, from_recursion, "{rows} × {cols}");
            assert_eq!(from_arena.len(), 1, "{rows} × {cols}: {from_arena:?}");
            if rows == cols {
                assert_eq!(from_arena, [[1, 1]], "square boards: the square diagonal to the poison");
            }
        }
    }
    // A non-rectangular start (an L): symmetric, so the second player wins.
    let c = chomp_arena(&[3, 1, 1], 3).unwrap();
    assert_eq!(solve(&c.arena).winner(0), Some(Player::Two));
}

#[test]
fn draws_on_a_cycle() {
    // a → b → a forever: player 1 avoids c (lost) and player 2 avoids l via d.
    let t = parse_arena(ludolab::games::edges::EXAMPLE_EDGES).unwrap();
    let s = solve(&t.arena);
    let name = |v: usize| t.names[v].as_str();
    let members = |p: usize| -> Vec<&str> {
        (0..t.arena.len())
            .filter(|&v| s.attractors[p].contains(v))
            .map(name)
            .collect()
    };
    assert_eq!(members(0), ["w"]);
    assert_eq!(members(1), ["c", "l"]);
    assert_eq!(s.draws, 3);
    assert_eq!(s.winner(0), None, "a is a draw");
}

#[test]
fn typed_arenas_explain_their_mistakes() {
    let err = |text: &str| parse_arena(text).unwrap_err().to_string();
    assert_eq!(
        err("a>b; b=1"),
        "invalid value \"a\" for \"edges\" (expected an owner for this vertex (write name:1 or name:2))"
    );
    assert!(err("a:1>b:3").contains("a move a>b, an owner a:1 or a:2"));
    assert!(err("a:1>b; a=1").contains("an outcome only on a vertex without moves"));
    assert!(err("a:1>b<c").contains("vertex names"));
    // A terminal with only an owner: that owner cannot move and loses.
    let t = parse_arena("a:1>b:2").unwrap();
    assert_eq!(t.arena.outcome(1), Some(Outcome::Win(Player::One)));
}

#[test]
fn strategies_win_from_the_attractor() {
    for (start, cols) in [(vec![4u8, 4, 4, 4, 4], 4), (vec![5, 5, 3, 2], 5)] {
        let c = chomp_arena(&start, cols).unwrap();
        let s = solve(&c.arena);
        // Both play: the winner's moves lower its rank, and it wins.
        let mut v = 0;
        let winner = s.winner(0).unwrap();
        let mut seed = 7usize;
        while !c.arena.is_terminal(v) {
            let rank_before = s.attractors[winner.index()].rank[v];
            let next = choose_move(&c.arena, &s, v, &mut |n| {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                (seed >> 33) % n
            })
            .unwrap() as usize;
            assert!(s.attractors[winner.index()].rank[next] < rank_before);
            v = next;
        }
        assert_eq!(c.arena.outcome(v), Some(Outcome::Win(winner)));
    }
}

/// Random arenas with cycles, some terminals of each outcome.
fn any_arena() -> impl Strategy<Value = Arena> {
    common::random_arena(2..40, 4, false)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// The backward algorithm gives the seed's sets and ranks.
    #[test]
    fn counters_equal_the_iteration(arena in any_arena()) {
        for p in Player::BOTH {
            prop_assert_eq!(attractor(&arena, p), iterate(&arena, p));
        }
        let s = solve(&arena);
        for v in 0..arena.len() {
            prop_assert!(!(s.attractors[0].contains(v) && s.attractors[1].contains(v)));
        }
    }
}

#[test]
fn the_scenario_reports_what_the_cli_prints() {
    let Report::Subtraction(r) = analyse(&Scenario::default()).unwrap() else {
        panic!("the stick game's report")
    };
    let a = &r.arena;
    assert_eq!(
        (a.vertices, a.attractor_sizes, a.max_rank, a.draws),
        (20, [10, 10], [5, 5], 0)
    );
    assert_eq!(r.winner, Some(2), "9 ≡ 1 (mod 4): the first player loses");
    assert_eq!(a.iteration_agrees, Some(true));
    assert_eq!(r.start_label, "9:P1");
    let s = Scenario {
        kind: Kind::Chomp,
        ..Scenario::default()
    };
    let Report::Chomp(r) = analyse(&s).unwrap() else {
        panic!("Chomp's report")
    };
    let a = r.arena.as_ref().expect("an arena up to 10 × 10");
    assert_eq!((a.vertices, a.attractor_sizes, r.method), (66, [33, 33], "arena"));
    assert_eq!(r.winning_first_moves.len(), 1);
    // Beyond 10 × 10 the first moves come from the direct recursion: no attractor is reported.
    let s = Scenario {
        kind: Kind::Chomp,
        bar: Bar {
            rows: 11,
            cols: 11,
            board: None,
        },
        ..Scenario::default()
    };
    let Report::Chomp(r) = analyse(&s).unwrap() else {
        panic!("Chomp's report")
    };
    assert_eq!((r.method, r.arena.is_none(), r.boards), ("direct", true, 705_432));
    assert!(r.note.is_some());
    assert_eq!(r.winning_first_moves, [[1, 1]]);
    assert_eq!(r.winner, Some(1));
}
