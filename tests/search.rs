//! The search (minimax, alpha-beta, ordering, transposition table) against
//! independently known answers: the size of the full tic-tac-toe tree, the
//! attractor on arenas, the retrograde analysis of Chomp; and the algorithms
//! against each other on random positions of every game.

use crate::common;
use ludolab::games::{chomp_arena, solve, Arena, Player};
use ludolab::registry::{self, Scenario};
use ludolab::search::chomp::ChompGame;
use ludolab::search::connect4::ConnectFour;
use ludolab::search::engine::{search, Algorithm, Found, Game, Limits, WIN};
use ludolab::search::sticks::Sticks;
use ludolab::search::tictactoe::TicTacToe;
use ludolab::search::typed::ArenaGame;
use proptest::prelude::*;

fn limits(depth: Option<u32>, heuristic: usize) -> Limits {
    Limits {
        depth,
        heuristic,
        max_nodes: u64::MAX,
        record: 0,
    }
}

fn run<G: Game>(game: &G, p: &G::Position, algorithm: Algorithm, depth: Option<u32>, h: usize) -> Found<G::Move> {
    search(game, p, algorithm, limits(depth, h), &mut |_| {})
}

/// A position reached by `moves` random legal moves (stopping at the end of the game).
fn random_position<G: Game>(game: &G, start: G::Position, picks: &[usize]) -> G::Position {
    let mut p = start;
    for &k in picks {
        let moves = game.moves(&p);
        if moves.is_empty() {
            break;
        }
        p = game.play(&p, moves[k % moves.len()]);
    }
    p
}

#[test]
fn plain_minimax_visits_the_whole_tic_tac_toe_tree() {
    // 549,946 nodes counting the root, 255,168 finished games, a draw
    // (Schaeffer's count; OEIS A008907 sums to 255,168 games).
    let f = run(&TicTacToe, &TicTacToe::start(), Algorithm::Minimax, None, 0);
    assert_eq!(f.work.nodes, 549_946);
    assert_eq!(f.work.terminals, 255_168);
    assert_eq!((f.value, f.exact, f.complete), (0, true, true));
    assert_eq!(f.work.cutoffs, 0);
}

#[test]
fn every_algorithm_proves_the_draw_with_fewer_nodes() {
    let start = TicTacToe::start();
    let minimax = run(&TicTacToe, &start, Algorithm::Minimax, None, 0).work.nodes;
    for algorithm in [Algorithm::AlphaBeta, Algorithm::Ordered, Algorithm::Table] {
        let f = run(&TicTacToe, &start, algorithm, None, 0);
        assert_eq!((f.value, f.exact), (0, true), "{algorithm:?}");
        assert!(f.work.nodes < minimax / 10, "{algorithm:?}: {} nodes", f.work.nodes);
    }
}

#[test]
fn a_won_position_is_a_proven_win_at_any_depth() {
    // X: 1, 2; O: 4, 5; X to move wins at 3.
    let g = TicTacToe;
    let p = [0u8, 3, 1, 4].iter().fold(TicTacToe::start(), |p, &m| g.play(&p, m));
    for depth in [Some(1), Some(3), None] {
        for algorithm in Algorithm::ALL {
            let f = run(&g, &p, algorithm, depth, 0);
            assert_eq!(
                (f.value, f.exact, f.pv.first()),
                (WIN, true, Some(&2)),
                "{algorithm:?} {depth:?}"
            );
        }
    }
}

#[test]
fn connect_four_4_by_4_is_a_draw_and_5_by_4_too() {
    // Small boards are draws (John Tromp's table of solved widths and heights).
    for (w, h) in [(4, 4), (5, 4)] {
        let g = ConnectFour::new(ludolab::games::connect4::Board::new(w, h).unwrap());
        let f = run(&g, &g.board().start(), Algorithm::Table, None, 0);
        assert_eq!((f.value, f.exact), (0, true), "{w} × {h}");
        let o = run(&g, &g.board().start(), Algorithm::Ordered, None, 0);
        assert_eq!((o.value, o.exact), (0, true), "{w} × {h}");
    }
}

#[test]
fn the_stick_game_follows_the_modulo_rule() {
    // Take 1 to 3, normal play: multiples of 4 lose.
    let g = Sticks::new(&[1, 2, 3], false);
    for n in 0..30usize {
        let f = run(&g, &n, Algorithm::Table, None, 0);
        let expect = if n % 4 == 0 { -WIN } else { WIN };
        assert_eq!((f.value, f.exact), (expect, true), "{n} sticks");
    }
}

#[test]
fn a_heap_too_long_to_search_stops_instead_of_overflowing() {
    // One stick at a time from 10⁶: the line is a million plies deep.
    let g = Sticks::new(&[1], false);
    let f = run(&g, &1_000_000, Algorithm::AlphaBeta, None, 0);
    assert!(!f.complete && !f.exact);
}

#[test]
fn the_search_link_reports_the_four_algorithms_and_the_exact_answer() {
    let Scenario::Search(s) = registry::parse("game=search").unwrap() else {
        panic!("an arena link")
    };
    let report = ludolab::search::analyse(&s.ask(), &mut |_, _| {}).unwrap();
    let r = report;
    assert_eq!(r.position.history, ["5", "1", "3"]);
    assert_eq!(r.runs.len(), 4);
    assert_eq!(r.best_move.as_deref(), Some("7"), "O must block at 7");
    let exact = r.exact_answer.as_ref().unwrap();
    assert_eq!(
        (exact.value, exact.winning_moves.as_slice()),
        (0, ["7".to_string()].as_slice())
    );
    assert_eq!(r.disagrees, Some(false));
    let tree = r.tree.as_ref().unwrap();
    assert_eq!(tree.nodes.len(), tree.moves.len());
    // Alpha-beta drew fewer nodes than minimax searched, and recorded pruned moves.
    assert!(tree.nodes.iter().any(|n| n.visit.is_none()));
    assert!(r.runs[1].work.nodes < r.runs[0].work.nodes);
    // The poor heuristic at depth 1 plays the first move that does not lose at once.
    let Scenario::Search(s) =
        registry::parse("game=search&search=tictactoe&moves=5,1,3&depth=1&heuristic=zero").unwrap()
    else {
        panic!()
    };
    let r = ludolab::search::analyse(&s.ask(), &mut |_, _| {}).unwrap();
    assert_eq!((r.best_move.as_deref(), r.disagrees), (Some("2"), Some(true)));
}

/// At the node limit a result says it is not solved: plain alpha-beta to the
/// end of 5 × 4 Connect Four stops with no value and no move (what an
/// interrupted search holds is no estimate), iterative deepening keeps its
/// deepest finished depth or solves it, and the play still answers a move.
#[test]
fn a_search_stopped_by_the_node_limit_is_never_called_solved() {
    let Scenario::Search(s) =
        registry::parse("game=search&search=connect4&width=5&height=4&depth=end&algorithm=alphabeta&moves=").unwrap()
    else {
        panic!()
    };
    let r = ludolab::search::analyse(&s.ask(), &mut |_, _| {}).unwrap();
    assert_eq!(
        (r.exact, r.complete, r.value, r.best_move.as_deref()),
        (false, false, None, None)
    );
    assert_eq!((r.node_limit, r.nodes, r.searched_depth), (4_000_000, 4_000_000, None));
    assert!(r.pv.is_empty());
    for run in &r.runs {
        // Solved only when finished; a value only from a finished search.
        assert!(!run.exact || run.complete, "{}", run.algorithm);
        assert_eq!(
            run.value.is_some(),
            run.complete || run.algorithm == "tt",
            "{}",
            run.algorithm
        );
    }
    let tt = r.runs.iter().find(|x| x.algorithm == "tt").unwrap();
    assert_eq!((tt.value, tt.exact), (Some(0), true));
    assert_eq!(r.exact_answer.as_ref().map(|a| a.value), Some(0));
    assert_eq!(r.disagrees, None, "no move, nothing to disagree with");
    // Against the computer, the stopped algorithm falls back on iterative deepening.
    let session = ludolab::search::Session::new(ludolab::search::Opponent::new(&s.ask()).unwrap());
    let turn = session
        .answer(&ludolab::toolkit::Request {
            position: "",
            action: ludolab::toolkit::Action::Reply,
            seed: 0,
        })
        .unwrap();
    assert!(turn.played.is_some());
    // Named as the page's menu names it, not by its link key `tt`.
    let reason = turn.reason.unwrap();
    assert!(
        reason.en.contains("iterative deepening with a transposition table"),
        "{}",
        reason.en
    );
    assert!(reason.fr.contains("approfondissement itératif"), "{}", reason.fr);
}

/// The end of a game against the computer: a move that ends it says so (no
/// look ahead past the end), and the winning line or chain is given.
#[test]
fn a_winning_reply_says_it_wins_and_the_line_is_marked() {
    let reply = |link: &str, position: &str| {
        let Scenario::Search(s) = registry::parse(link).unwrap() else {
            panic!("a search link")
        };
        let session = ludolab::search::Session::new(ludolab::search::Opponent::new(&s.ask()).unwrap());
        session
            .answer(&ludolab::toolkit::Request {
                position,
                action: ludolab::toolkit::Action::Reply,
                seed: 0,
            })
            .unwrap()
    };
    // Tic-tac-toe, X (1, 2) to move: 3 completes the top row.
    let turn = reply(
        "game=search&v=1&search=tictactoe&depth=2&algorithm=alphabeta",
        "1,4,2,5",
    );
    let reason = turn.reason.unwrap();
    assert_eq!(turn.played.as_deref(), Some("3"));
    assert!(reason.en.ends_with(" alpha-beta): 3 wins the game."), "{}", reason.en);
    assert!(
        reason.fr.ends_with(" alpha-bêta) : 3 gagne la partie."),
        "{}",
        reason.fr
    );
    assert_eq!((turn.now.over, turn.now.winner), (true, Some(1)));
    assert_eq!(turn.now.line, Some(vec![0, 1, 2]));
    // A reply before the end still says what it foresees; no line yet.
    let early = reply("game=search&v=1&search=tictactoe&depth=2", "1");
    assert!(early.reason.unwrap().en.contains("foresees"));
    assert_eq!(early.now.line, None);
    // Hex 2 × 2: the first player's a1 then b1 ... the computer's winning move joins top and bottom.
    let hex = reply("game=search&v=1&search=hex&size=2&depth=2", "a1,b1");
    assert!(hex.reason.unwrap().en.ends_with("wins the game."));
    let chain = hex.now.line.expect("a chain once won");
    assert_eq!(chain.len(), 2, "{chain:?}");
}

#[test]
fn illegal_moves_and_foreign_heuristics_are_refused_by_name() {
    for (query, key) in [
        ("game=search&moves=5,5", "moves"),
        ("game=search&search=connect4&width=4&moves=5", "moves"),
        ("game=search&search=chomp&rows=3&cols=3&moves=0.0", "moves"),
        ("game=search&search=sticks&sticks=2&take=3&moves=3", "moves"),
        ("game=search&search=chomp&heuristic=lines", "heuristic"),
        ("game=search&depth=0", "depth"),
        ("game=search&depth=43", "depth"),
        ("game=search&depth=deep", "depth"),
        ("game=search&search=connect4&height=7", "height"),
        ("game=search&search=connect4&width=3", "width"),
    ] {
        let e = registry::parse(query).unwrap_err();
        assert_eq!(e.key(), Some(key), "{query}: {e}");
    }
    // A finished game is a position too: nothing to search, the outcome shown.
    let Scenario::Search(s) = registry::parse("game=search&moves=1,4,2,5,3").unwrap() else {
        panic!()
    };
    let r = ludolab::search::analyse(&s.ask(), &mut |_, _| {}).unwrap();
    assert!(r.position.over);
    assert_eq!(r.position.winner, Some(1));
    assert_eq!(r.best_move, None);
    // A move after the end says who won and that no move is left, not an empty list (issue 70).
    use ludolab::toolkit::Lang;
    for (query, en, fr) in [
        (
            "game=search&moves=1,4,2,5,3,6",
            "no move after move 5: the game is over, player 1 won",
            "aucun coup après le coup 5 : la partie est finie, le joueur 1 a gagné",
        ),
        (
            "game=search&moves=1,2,3,5,4,6,8,7,9,1",
            "no move after move 9: the game is over, a draw",
            "aucun coup après le coup 9 : la partie est finie, nulle",
        ),
        // The stick game is misère by default: who takes the last stick loses.
        (
            "game=search&search=sticks&sticks=2&take=1,2&moves=2,1",
            "no move after move 1: the game is over, player 2 won",
            "aucun coup après le coup 1 : la partie est finie, le joueur 2 a gagné",
        ),
    ] {
        let e = registry::parse(query).unwrap_err();
        assert_eq!(e.key(), Some("moves"), "{query}: {e}");
        assert!(e.message(Lang::En).contains(en), "{query}: {}", e.message(Lang::En));
        assert!(e.message(Lang::Fr).contains(fr), "{query}: {}", e.message(Lang::Fr));
    }
}

/// Connect Four's moves read and written as the chapter's link writes them
/// (`4453`), commas still read; the other games keep their commas.
#[test]
fn connect_four_moves_are_written_as_the_chapter_writes_them() {
    let digits = registry::parse("game=search&search=connect4&moves=4453").unwrap();
    let commas = registry::parse("game=search&search=connect4&moves=4,4,5,3").unwrap();
    assert_eq!(digits, commas);
    let Scenario::Search(s) = &digits else { panic!() };
    assert_eq!(s.moves, ["4", "4", "5", "3"]);
    assert!(
        registry::to_query(&digits).ends_with("&moves=4453"),
        "{}",
        registry::to_query(&digits)
    );
    let e = registry::parse("game=search&search=connect4&width=4&moves=45").unwrap_err();
    assert_eq!(e.key(), Some("moves"), "{e}");
    let ttt = registry::parse("game=search&moves=5,1").unwrap();
    assert!(
        registry::to_query(&ttt).ends_with("&moves=5%2C1"),
        "{}",
        registry::to_query(&ttt)
    );
    // The chapter's own link and the searched game's say the same position.
    let chapter = registry::parse("game=connect4&moves=4453").unwrap();
    assert!(registry::to_query(&chapter).contains("moves=4453"));
}

#[test]
fn every_search_link_round_trips() {
    for query in [
        "game=search",
        "game=search&search=connect4&width=5&height=4&depth=end&algorithm=tt&moves=3,3",
        "game=search&search=chomp&rows=8&cols=8&depth=4&heuristic=squares",
        "game=search&search=sticks&sticks=21&take=1,3,4&misere=yes&moves=4",
        "game=search&search=arena&edges=a:1>b:2;b>a;b>c:1;c=2&moves=b",
    ] {
        let s = registry::parse(query).unwrap();
        let again = registry::parse(&registry::to_query(&s)).unwrap();
        assert_eq!(s, again, "{query}");
    }
}

/// Unlimited search equals the attractor: a small random arena, cycles allowed.
fn small_arena() -> impl Strategy<Value = Arena> {
    common::random_arena(1..9, 3, true)
}

/// Every algorithm at `depth` gives minimax's value; whatever one calls
/// proven is the value of the whole game (from a search to the end).
fn same_values<G: Game>(game: &G, p: &G::Position, depth: Option<u32>, h: usize) -> Result<(), TestCaseError> {
    let minimax = run(game, p, Algorithm::Minimax, depth, h);
    // The whole game's value where a search to the end is quick (not Connect Four's early positions).
    let limits = Limits {
        depth: None,
        heuristic: h,
        max_nodes: 200_000,
        record: 0,
    };
    // Searched only once a run claims a proven value: on Connect Four's early
    // positions it spends its whole node budget without finishing.
    let mut truth = None;
    for algorithm in Algorithm::ALL {
        let f = run(game, p, algorithm, depth, h);
        prop_assert_eq!(f.value, minimax.value, "{:?} at depth {:?}", algorithm, depth);
        // Pruning may skip the leaves minimax proved a value with, or prove one
        // minimax only estimated: which runs are proven can differ, never the values.
        if f.exact {
            let truth = truth.get_or_insert_with(|| search(game, p, Algorithm::Table, limits, &mut |_| {}));
            prop_assert!(
                !truth.exact || f.value == truth.value,
                "{:?} at depth {:?} calls {} proven, the whole game's value is {}",
                algorithm,
                depth,
                f.value,
                truth.value
            );
        }
        prop_assert!(f.work.nodes <= minimax.work.nodes || algorithm == Algorithm::Table);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn unlimited_search_equals_the_attractor(arena in small_arena()) {
        let game = ArenaGame::new(&arena);
        let solution = solve(&arena);
        let v = arena.start;
        let me = arena.owner(v);
        let expect = match solution.winner(v) {
            Some(w) if w == me => WIN,
            Some(_) => -WIN,
            None => 0,
        };
        for algorithm in Algorithm::ALL {
            let f = run(&game, &v, algorithm, None, 0);
            prop_assert!(f.complete);
            prop_assert_eq!(f.value, expect, "{:?}", algorithm);
        }
    }

    #[test]
    fn alpha_beta_equals_minimax_on_tic_tac_toe(picks in prop::collection::vec(0usize..9, 0..7), depth in 1u32..6, h in 0usize..3) {
        let p = random_position(&TicTacToe, TicTacToe::start(), &picks);
        same_values(&TicTacToe, &p, Some(depth), h)?;
    }

    #[test]
    fn alpha_beta_equals_minimax_on_connect_four(
        w in 4u32..=7, hgt in 4u32..=6, picks in prop::collection::vec(0usize..7, 0..20), depth in 1u32..5, h in 0usize..3,
    ) {
        let g = ConnectFour::new(ludolab::games::connect4::Board::new(w, hgt).unwrap());
        let p = random_position(&g, g.board().start(), &picks);
        same_values(&g, &p, Some(depth), h)?;
    }

    #[test]
    fn alpha_beta_equals_minimax_on_chomp(rows in 1usize..6, cols in 1usize..6, picks in prop::collection::vec(0usize..30, 0..4), depth in 1u32..4, h in 0usize..3) {
        let p = random_position(&ChompGame, vec![cols as u8; rows], &picks);
        same_values(&ChompGame, &p, Some(depth), h)?;
    }

    #[test]
    fn alpha_beta_equals_minimax_on_sticks(
        take in prop::collection::btree_set(1usize..8, 1..4), n in 0usize..40, misere in any::<bool>(), depth in 1u32..8, h in 0usize..3,
    ) {
        let take: Vec<usize> = take.into_iter().collect();
        let g = Sticks::new(&take, misere);
        same_values(&g, &n, Some(depth), h)?;
        same_values(&g, &n.min(18), None, h)?;
    }

    #[test]
    fn alpha_beta_equals_minimax_on_arenas(arena in small_arena(), depth in 1u32..6) {
        let game = ArenaGame::new(&arena);
        same_values(&game, &arena.start, Some(depth), 0)?;
        same_values(&game, &arena.start, None, 0)?;
    }
}

/// Chomp up to 5 × 5: the search to the end gives its arena's attractor, for
/// every board of the box (the table makes the larger ones quick).
#[test]
fn unlimited_search_equals_the_attractor_on_chomp() {
    for rows in 1..=5usize {
        for cols in 1..=5usize {
            let start = vec![cols as u8; rows];
            let c = chomp_arena(&start, cols).unwrap();
            let solution = solve(&c.arena);
            for v in 0..c.arena.len() {
                if c.arena.owner(v) != Player::One {
                    continue;
                }
                let board = c.board(v);
                let expect = match solution.winner(v) {
                    Some(Player::One) => WIN,
                    _ => -WIN,
                };
                let algorithms: &[Algorithm] = if rows * cols <= 9 {
                    &Algorithm::ALL
                } else {
                    &[Algorithm::Table]
                };
                for &algorithm in algorithms {
                    let f = run(&ChompGame, &board, algorithm, None, 0);
                    assert_eq!(
                        (f.value, f.exact),
                        (expect, true),
                        "{rows} × {cols}, {board:?}, {algorithm:?}"
                    );
                }
            }
        }
    }
}

/// Connect Four's exact answer comes from the solver on every board size: Pons'
/// published scores on 7 × 6, and `tt` to the end hands over to it.
#[test]
fn connect4_exact_answers_are_the_solvers_with_pons_scores() {
    for (moves, score) in [
        ("2252576253462244111563365343671351441", -1i32),
        ("7422341735647741166133573473242566", 1),
        ("23163416124767223154467471272416755633", 0),
    ] {
        let digits: Vec<String> = moves.chars().map(String::from).collect();
        let query = format!(
            "game=search&search=connect4&width=7&height=6&depth=end&algorithm=tt&moves={}",
            digits.join(",")
        );
        let Scenario::Search(s) = registry::parse(&query).unwrap() else {
            panic!()
        };
        let r = ludolab::search::analyse(&s.ask(), &mut |_, _| {}).unwrap();
        let a = r.exact_answer.as_ref().expect("solved");
        assert_eq!(
            (a.method, a.score, a.value),
            ("solver", Some(score), score.signum()),
            "{moves}"
        );
        assert!(a.verdict.is_some());
        let tt = r.runs.iter().find(|x| x.algorithm == "tt").unwrap();
        assert!(tt.solver && tt.exact && tt.complete);
        assert_eq!((r.value, r.exact), (Some(score.signum()), true));
        if score >= 0 {
            assert!(a.winning_moves.contains(r.best_move.as_ref().unwrap()));
            assert_eq!(r.disagrees, Some(false));
        }
    }
}

/// A node limit the user chose: the runs stop there and say so; out of range is refused by name.
#[test]
fn the_node_limit_is_a_link_key() {
    let Scenario::Search(s) = registry::parse(
        "game=search&search=connect4&width=7&height=6&depth=end&algorithm=alphabeta&moves=4,4&node-limit=20000",
    )
    .unwrap() else {
        panic!()
    };
    assert_eq!(s.node_limit, 20_000);
    assert!(registry::to_query(&Scenario::Search(s.clone())).contains("node-limit=20000"));
    let r = ludolab::search::analyse(&s.ask(), &mut |_, _| {}).unwrap();
    assert_eq!(
        (r.node_limit, r.nodes, r.complete, r.value),
        (20_000, 20_000, false, None)
    );
    for bad in ["999", "1000000001", "lots"] {
        let e = registry::parse(&format!("game=search&node-limit={bad}")).unwrap_err();
        assert_eq!(e.key(), Some("node-limit"), "{bad}");
    }
    // The default is not written.
    let default = registry::parse("game=search").unwrap();
    assert!(!registry::to_query(&default).contains("node-limit"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Two methods, one outcome: the teaching search to the end and the
    /// solver agree on random positions of 4 × 4 and 5 × 4 (sign of the score),
    /// and the solver's score is the same with and without the mirror symmetry.
    #[test]
    fn the_teaching_search_and_the_solver_agree_on_small_boards(
        wide in any::<bool>(),
        picks in proptest::collection::vec(0usize..7, 0..10),
    ) {
        use ludolab::games::connect4::{Board, Limits as SolverLimits, Solver};
        let w = if wide { 5 } else { 4 };
        let g = ConnectFour::new(ludolab::games::connect4::Board::new(w, 4).unwrap());
        let mut p = g.board().start();
        let mut moves = String::new();
        for &k in &picks {
            let legal = g.moves(&p);
            if legal.is_empty() {
                break;
            }
            let m = legal[k % legal.len()];
            moves.push(char::from(b'1' + m));
            p = g.play(&p, m);
        }
        let f = run(&g, &p, Algorithm::Table, None, 0);
        prop_assert!(f.exact);
        let position = Board::new(w, 4).unwrap().play_moves(&moves).unwrap();
        let mut with = Solver::new(0);
        let score = with.solve(&position, SolverLimits::default(), &mut |_| true).score.unwrap();
        prop_assert_eq!(f.value / WIN, score.signum(), "{}", moves);
        let mut without = Solver::new(0);
        without.set_symmetry(false);
        prop_assert_eq!(without.solve(&position, SolverLimits::default(), &mut |_| true).score, Some(score));
    }
}

/// "Win in n" under the drawn tree: every proven node of a stick game's tree
/// (take 1–3, normal play, depth 4) gets the moves to the end that dynamic
/// programming over the heap gives (the winner hurries, the loser holds out),
/// and the tree of tic-tac-toe's default link gives each proven node one too.
#[test]
fn proven_tree_nodes_say_how_soon_the_game_ends() {
    // Independently: over 0..=n sticks, (won, plies to the end) for the player to move.
    let take = [1usize, 2, 3];
    let mut dp: Vec<(bool, u32)> = vec![(false, 0)];
    for n in 1..=40usize {
        let after: Vec<(bool, u32)> = take.iter().filter(|&&t| t <= n).map(|&t| dp[n - t]).collect();
        let wins: Vec<u32> = after.iter().filter(|a| !a.0).map(|a| a.1 + 1).collect();
        dp.push(match wins.iter().min() {
            Some(&d) => (true, d),
            None => (false, after.iter().map(|a| a.1 + 1).max().unwrap()),
        });
    }
    let Scenario::Search(s) =
        registry::parse("game=search&search=sticks&sticks=9&take=1,2,3&misere=no&depth=4&algorithm=minimax").unwrap()
    else {
        panic!("an arena link")
    };
    let r = ludolab::search::analyse(&s.ask(), &mut |_, _| {}).unwrap();
    let tree = r.tree.as_ref().expect("a tree at depth 4");
    assert_eq!(tree.ends.len(), tree.nodes.len());
    let mut checked = 0;
    for (k, node) in tree.nodes.iter().enumerate() {
        // The sticks at node k: 9 minus the takes on its path.
        let mut sticks = 9usize;
        let mut v = k;
        while let Some(parent) = tree.nodes[v].parent {
            sticks -= tree.moves[v].parse::<usize>().unwrap();
            v = parent as usize;
        }
        match node.value {
            Some(value) if value.abs() == WIN => {
                assert_eq!(value > 0, dp[sticks].0, "node {k}: {sticks} sticks");
                assert_eq!(tree.ends[k], Some(dp[sticks].1), "node {k}: {sticks} sticks");
                checked += 1;
            }
            _ => assert_eq!(tree.ends[k], None, "node {k}"),
        }
    }
    assert!(checked > 10, "{checked} proven nodes");
    let Scenario::Search(s) = registry::parse("game=search&depth=4").unwrap() else {
        panic!("an arena link")
    };
    let r = ludolab::search::analyse(&s.ask(), &mut |_, _| {}).unwrap();
    let tree = r.tree.as_ref().unwrap();
    for (node, end) in tree.nodes.iter().zip(&tree.ends) {
        // A cut-off's value is a lower bound: −WIN there is not a proven loss.
        let proven = node.value.is_some_and(|v| v == WIN || (v == -WIN && !node.cutoff));
        assert_eq!(proven, end.is_some(), "{node:?}");
        // Tic-tac-toe: the winner makes the last move.
        if let (Some(v), Some(e)) = (node.value, end) {
            assert_eq!(v > 0, e % 2 == 1, "won ends on the winner's move");
        }
    }
}

/// A depth-limited search answers at once; the exact answer, when it costs far
/// more than the search, is left for later and computed by the `exact` task
/// (issue 70: Hex 5 × 5 at depth 2 took 14 s for a search of milliseconds).
#[test]
fn a_depth_limited_search_leaves_a_costly_exact_answer_for_later() {
    use ludolab::search::{analyse_with, EXACT_BESIDE_SECONDS};
    let parse = |q: &str| {
        let Scenario::Search(s) = registry::parse(q).unwrap() else {
            panic!()
        };
        s
    };
    let s = parse("game=search&search=hex&size=5&depth=2&moves=c3,b2");
    let quick = ludolab::search::analyse(&s.ask(), &mut |_, _| {}).unwrap();
    let later = quick.exact_later.expect("left for later");
    assert!(later > EXACT_BESIDE_SECONDS, "{later}");
    assert!(quick.exact_answer.is_none() && quick.value.is_some() && quick.best_move.is_some());
    // The page's estimate no longer counts it.
    let cost = registry::parse("game=search&search=hex&size=5&depth=2&moves=c3,b2")
        .unwrap()
        .cost();
    assert!(cost.seconds < EXACT_BESIDE_SECONDS, "{cost:?}");
    // The task computes it, the same search beside it.
    let whole = analyse_with(&s.ask(), true, &mut |_, _| {}).unwrap();
    assert_eq!(whole.exact_later, None);
    let exact = whole.exact_answer.expect("the exact answer");
    assert_eq!((whole.value, &whole.best_move), (quick.value, &quick.best_move));
    assert_eq!(exact.method, "hex-solver");
    // To the end, or cheap beside the search: computed at once, as before.
    for q in ["game=search&search=hex&size=4&depth=2", "game=search&depth=2"] {
        let r = ludolab::search::analyse(&parse(q).ask(), &mut |_, _| {}).unwrap();
        assert!(r.exact_later.is_none() && r.exact_answer.is_some(), "{q}");
    }
}
