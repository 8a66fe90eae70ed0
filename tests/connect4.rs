//! The Connect Four solver against published numbers: Pons' test sets (the
//! shared sample of 50 positions per set, with his scores), Tromp's values of
//! the empty boards, and the CLI's contract.
//!
//! The sample's harder sets take longer: `make test` runs the ignored tests
//! here beside the others (`make connect4`: `cargo test --test suite --
//! --ignored connect4::`); the long solves (7 × 6, 7 × 5, all of Begin-Hard)
//! are the benchmark's (`make bench-connect4`), not a test's, and 6 × 6 is the
//! browser tests' (tests/e2e/connect4.test.mjs).

use ludolab::games::connect4::{Board, Limits, Solver};
use std::process::Command;

/// A random position of `board` from `picks` (each a column; a full one takes
/// the next), played while more than `empty` cells are empty and never
/// completing a four: the position and its moves as the link writes them.
fn random_position(board: &Board, picks: &[u32], empty: u32) -> (ludolab::games::connect4::Position, String) {
    let width = board.width();
    let mut p = board.start();
    let mut moves = String::new();
    for &pick in picks {
        if board.area() - p.stones() <= empty {
            break;
        }
        let Some(c) = (0..width).map(|k| (pick + k) % width).find(|&c| p.can_play(c)) else {
            break;
        };
        if p.wins_with(c) {
            break;
        }
        p.play_column(c);
        moves.push(char::from_digit(c + 1, 10).unwrap());
    }
    (p, moves)
}

/// One set of the shared sample: its name and its positions (moves, score).
fn sample_set(name: &str) -> Vec<(String, i32)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/connect4_pons_sample.json");
    let text = std::fs::read_to_string(path).expect("the shared Pons sample");
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["sets"][name]["positions"]
        .as_array()
        .unwrap_or_else(|| panic!("set {name} in the sample"))
        .iter()
        .map(|p| {
            (
                p["moves"].as_str().unwrap().to_string(),
                p["score"].as_i64().unwrap() as i32,
            )
        })
        .collect()
}

/// Solves `count` positions of `set` with one table, as a batch does, and
/// compares every score with Pons'.
fn check_set(set: &str, count: usize) {
    let board = Board::new(7, 6).unwrap();
    let mut solver = Solver::new(1 << 22);
    let positions = sample_set(set);
    assert_eq!(positions.len(), 50, "{set}");
    for (moves, score) in positions.iter().take(count) {
        let p = board.play_moves(moves).unwrap();
        let solved = solver.solve(&p, Limits::default(), &mut |_| true);
        assert_eq!(solved.score, Some(*score), "{set}: {moves}");
        assert!(solved.exact && solved.bounds == [*score, *score]);
    }
}

#[test]
fn end_easy_positions_score_as_pons_published() {
    check_set("Test_L3_R1", 50);
}

#[test]
fn middle_easy_positions_score_as_pons_published() {
    check_set("Test_L2_R1", 50);
}

#[test]
#[ignore = "release build: make test runs it"]
fn middle_medium_positions_score_as_pons_published() {
    check_set("Test_L2_R2", 50);
}

#[test]
#[ignore = "release build: make test runs it"]
fn begin_easy_positions_score_as_pons_published() {
    check_set("Test_L1_R1", 50);
}

#[test]
#[ignore = "release build: make test runs it"]
fn begin_medium_positions_score_as_pons_published() {
    check_set("Test_L1_R2", 50);
}

#[test]
#[ignore = "release build: make test runs it"]
fn first_begin_hard_positions_score_as_pons_published() {
    check_set("Test_L1_R3", 3);
}

/// Tromp's values: the first player wins 7 × 6 with its 21st stone (+1), the
/// second wins 6 × 4 and 6 × 6 with the last stone (−1), every other size is a draw.
fn tromp(width: u32, height: u32) -> i32 {
    match (width, height) {
        (7, 6) => 1,
        (6, 4) | (6, 6) => -1,
        _ => 0,
    }
}

fn check_empty(width: u32, height: u32) {
    let board = Board::new(width, height).unwrap();
    let solved = Solver::new(1 << 22).solve(&board.start(), Limits::default(), &mut |_| true);
    assert_eq!(solved.score, Some(tromp(width, height)), "{width} × {height}");
}

#[test]
fn small_empty_boards_have_tromps_values() {
    for (w, h) in [(4, 4), (5, 4), (4, 5), (6, 4), (4, 6)] {
        check_empty(w, h);
    }
}

#[test]
#[ignore = "release build: make test runs it"]
fn empty_boards_solved_within_seconds_have_tromps_values() {
    for (w, h) in [(5, 5), (7, 4), (6, 5), (5, 6)] {
        check_empty(w, h);
    }
}

#[test]
fn a_node_limit_never_looks_solved() {
    let board = Board::new(7, 6).unwrap();
    let limits = Limits {
        nodes: 10_000,
        seconds: None,
    };
    let mut solver = Solver::new(0);
    for (moves, score) in sample_set("Test_L1_R3").iter().take(10) {
        let p = board.play_moves(moves).unwrap();
        let s = solver.solve(&p, limits, &mut |_| true);
        assert_eq!((s.score, s.exact), (None, false), "{moves}");
        assert!(
            s.bounds[0] <= *score && *score <= s.bounds[1],
            "{moves}: {score} ∉ {:?}",
            s.bounds
        );
    }
}

#[test]
fn per_column_scores_agree_with_the_score_and_the_best_columns() {
    let board = Board::new(7, 6).unwrap();
    let mut solver = Solver::new(1 << 20);
    for (moves, score) in sample_set("Test_L2_R1").iter().take(12) {
        let p = board.play_moves(moves).unwrap();
        let (solved, columns) = solver.analyze(&p, Limits::default(), &mut |_| true);
        assert_eq!(solved.score, Some(*score), "{moves}");
        assert_eq!(columns.iter().flatten().max(), Some(score), "{moves}");
        let best = solver.best_columns(&p, *score, Limits::default()).unwrap();
        let from_columns: Vec<u32> = (1..=7).filter(|&c| columns[c as usize - 1] == Some(*score)).collect();
        assert_eq!(best, from_columns, "{moves}");
        // A full column has no score; any other column has one.
        for c in 0..7 {
            assert_eq!(columns[c as usize].is_some(), p.can_play(c), "{moves} column {}", c + 1);
        }
    }
}

mod follow_up {
    //! The follow-up bound (claimeven and an odd threat's zugzwang) prunes the
    //! search: it must never cut below a position's true score. Random games
    //! on every board size, checked against solves with the rule off.
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn never_below_the_true_score(
            width in 4u32..=7,
            height in 4u32..=6,
            picks in proptest::collection::vec(0u32..7, 0..42),
        ) {
            let board = Board::new(width, height).unwrap();
            // At most 14 empty cells left: solved at once.
            let (p, _) = random_position(&board, &picks, 14);
            prop_assume!(!p.over() && board.area() - p.stones() <= 20);
            if let Some(bound) = p.follow_up_bound() {
                let mut exact = Solver::new(0);
                exact.set_follow_up(false);
                let truth = exact.solve(&p, Limits::default(), &mut |_| true).score.unwrap();
                prop_assert!(truth <= bound, "{} × {}: score {} above the bound {}", width, height, truth, bound);
                // The rule's own solve agrees.
                let with = Solver::new(0).solve(&p, Limits::default(), &mut |_| true).score.unwrap();
                prop_assert_eq!(with, truth);
            }
        }
    }

    /// Empty cells per column, from the page's cells (row by row from the top).
    fn empty_per_column(p: &ludolab::games::connect4::Position) -> Vec<u32> {
        let w = p.board().width() as usize;
        let mut empty = vec![0; w];
        for (i, &c) in p.cells().iter().enumerate() {
            if c == 0 {
                empty[i % w] += 1;
            }
        }
        empty
    }

    #[test]
    fn both_cases_answer_and_never_lie() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(27);
        // (cases answered, of which an opponent's win) for: every column even; one odd.
        let mut seen = [[0u32; 2]; 2];
        for game in 0..3_000 {
            let (width, height) = [(4, 4), (5, 4), (4, 5), (6, 4), (5, 5), (7, 4)][game % 6];
            let board = Board::new(width, height).unwrap();
            let mut p = board.start();
            let stop = board.area() - rng.random_range(8..=14);
            while p.stones() < stop {
                let open: Vec<u32> = (0..width).filter(|&c| p.can_play(c) && !p.wins_with(c)).collect();
                if open.is_empty() {
                    break;
                }
                p.play_column(open[rng.random_range(0..open.len())]);
            }
            if p.over() || p.can_win_next() {
                continue;
            }
            let Some(bound) = p.follow_up_bound() else { continue };
            let odd = empty_per_column(&p).iter().filter(|&&e| e % 2 == 1).count();
            assert!(odd <= 1, "{width} × {height}: the rule answered with {odd} odd columns");
            let mut exact = Solver::new(0);
            exact.set_follow_up(false);
            let truth = exact.solve(&p, Limits::default(), &mut |_| true).score.unwrap();
            assert!(
                truth <= bound,
                "{width} × {height} after {} stones: {truth} above {bound}",
                p.stones()
            );
            seen[odd][usize::from(bound < 0)] += 1;
        }
        // Each case met, and each proves wins for the opponent, not only draws.
        assert!(seen[0][0] > 0 && seen[0][1] > 0 && seen[1][1] > 0, "{seen:?}");
    }
}

#[test]
fn helper_threads_change_the_time_not_the_answer() {
    let board = Board::new(7, 6).unwrap();
    let mut one = Solver::new(1 << 20);
    let mut three = Solver::new(1 << 20);
    three.set_threads(3);
    for (moves, score) in sample_set("Test_L2_R2").iter().take(8) {
        let p = board.play_moves(moves).unwrap();
        let a = one.solve(&p, Limits::default(), &mut |_| true);
        let b = three.solve(&p, Limits::default(), &mut |_| true);
        assert_eq!((a.score, b.score), (Some(*score), Some(*score)), "{moves}");
        let (solved, columns) = three.analyze(&p, Limits::default(), &mut |_| true);
        assert_eq!(solved.score, Some(*score), "{moves}");
        assert_eq!(columns.iter().flatten().max(), Some(score), "{moves}");
    }
    // Limits still hold: the main thread's node limit stops the solve with bounds.
    let limits = Limits {
        nodes: 50_000,
        seconds: None,
    };
    let s = three.solve(&board.start(), limits, &mut |_| true);
    assert_eq!((s.score, s.exact), (None, false));
    assert!(s.bounds[0] <= 1 && 1 <= s.bounds[1], "{:?}", s.bounds);
}

fn ludolab(args: &[&str], stdin: Option<&str>) -> std::process::Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludolab"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.unwrap_or("").as_bytes()).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

#[test]
fn cli_prints_the_score_bounds_and_best_columns() {
    let out = ludolab(
        &["connect4", "--width", "4", "--height", "4", "--moves", "", "--json"],
        None,
    );
    assert!(out.status.success());
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["score"], 0);
    assert_eq!(j["exact"], true);
    assert_eq!(j["bounds"], serde_json::json!([0, 0]));
    assert_eq!(j["best_columns"], serde_json::json!([1, 2, 3, 4]));
    assert!(j["nodes"].as_u64().unwrap() > 0 && j["seconds"].is_number());
    assert!(j.get("column_scores").is_none());

    // An End-Easy position, analysed: Pons' score, and the columns that reach it.
    let moves = "7422341735647741166133573473242566";
    let out = ludolab(&["connect4", "--moves", moves, "--analyze", "--json"], None);
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["score"], 1);
    let columns = j["column_scores"].as_array().unwrap();
    assert_eq!(columns.len(), 7);
    for c in j["best_columns"].as_array().unwrap() {
        assert_eq!(columns[c.as_u64().unwrap() as usize - 1], 1);
    }
}

#[test]
fn cli_at_the_node_limit_prints_bounds_and_no_score() {
    let out = ludolab(&["connect4", "--node-limit", "1000", "--json"], None);
    assert!(out.status.success());
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["score"], serde_json::Value::Null);
    assert_eq!(j["exact"], false);
    assert_eq!(j["stopped"], "node_limit");
    let b = j["bounds"].as_array().unwrap();
    assert!(b[0].as_i64().unwrap() <= 1 && 1 <= b[1].as_i64().unwrap());
    let text = ludolab(&["connect4", "--node-limit", "1000"], None);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("not solved") && !text.lines().any(|l| l.starts_with("score")),
        "{text}"
    );
}

#[test]
fn cli_batch_reads_pons_lines_and_keeps_going() {
    let input = "2252576253462244111563365343671351441 -1\n7422341735647741166133573473242566 1\n";
    let out = ludolab(&["connect4", "--batch"], Some(input));
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "2252576253462244111563365343671351441 -1\n7422341735647741166133573473242566 1\n"
    );
    let out = ludolab(&["connect4", "--batch", "--json"], Some(input));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        (lines[0]["score"].as_i64(), lines[1]["score"].as_i64()),
        (Some(-1), Some(1))
    );
}

#[test]
fn cli_refuses_bad_moves_naming_the_move() {
    for (moves, said) in [
        ("448", "column 8 is not on the board"),
        ("440", "column 0 is not on the board"),
        ("44a", "at move 3"),
        ("4444444", "column 4 is full"),
        ("12121213", "the game ended with a four at move 7"),
    ] {
        let out = ludolab(&["connect4", "--moves", moves, "--json"], None);
        assert!(!out.status.success(), "{moves}");
        assert!(out.stdout.is_empty(), "{moves}: nothing printed as if solved");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(said), "{moves}: {err}");
        assert!(!err.contains("panicked"), "{moves}: {err}");
    }
    // The board's keys are read by the family, as a link's are: the same
    // message, naming the key, the value and the range.
    for (args, said) in [
        (
            ["--width", "8"],
            "invalid value \"8\" for \"width\" (expected a whole number from 4 to 7)",
        ),
        (
            ["--height", "3"],
            "invalid value \"3\" for \"height\" (expected a whole number from 4 to 6)",
        ),
        (["--width", "x"], "for \"width\""),
    ] {
        let out = ludolab(&["connect4", args[0], args[1]], None);
        assert!(!out.status.success());
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(said), "{err}");
        let link = ludolab::registry::parse(&format!("game=connect4&{}={}", &args[0][2..], args[1]));
        let link = link.unwrap_err().to_string();
        assert!(err.contains(&link), "the link says {link}; the command line {err}");
    }
    // A bad line of a batch names its line.
    let out = ludolab(
        &["connect4", "--batch", "--width", "4", "--height", "4"],
        Some("22\n225\n"),
    );
    assert!(!out.status.success());
    assert!(String::from_utf8(out.stderr).unwrap().contains("line 2"));
    // Threads: 1 to 64, the value named when outside.
    for bad in ["0", "65", "two"] {
        let out = ludolab(&["connect4", "--threads", bad], None);
        assert!(!out.status.success(), "--threads {bad}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("--threads") && err.contains(bad), "{err}");
    }
    let out = ludolab(
        &["connect4", "--width", "4", "--height", "4", "--threads", "2", "--json"],
        None,
    );
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["score"], 0);
}

/// The page's follow-up after a long solve: the registry's task `columns`
/// scores every column, agreeing with the solver's own analysis; it belongs
/// to Connect Four alone.
#[test]
fn the_columns_task_scores_every_column_and_only_for_connect_four() {
    use ludolab::registry::{self, Extra};
    let link = registry::parse("game=connect4&width=6&height=4&moves=33").unwrap();
    let Ok(Extra::Connect4(r)) = link.extra("columns", &mut |_, _| {}) else {
        panic!("the columns task runs")
    };
    let board = Board::new(6, 4).unwrap();
    let p = ludolab::games::connect4::Position::from_moves(&board, "33").unwrap();
    let (solved, scores) = Solver::new(0).analyze(&p, Limits::default(), &mut |_| true);
    let got: Vec<Option<i32>> = r.columns.iter().map(|c| c.score).collect();
    assert_eq!((got, r.score, r.columns_later), (scores, solved.score, false));
    let chomp = registry::parse("game=graphs&kind=chomp&rows=3&cols=3").unwrap();
    assert!(chomp.extra("columns", &mut |_, _| {}).is_err());
    assert!(link.extra("rows", &mut |_, _| {}).is_err());
}

mod columns_in_parts {
    //! The page splits the columns' task over its workers: each part through
    //! the registry, written as the worker sends it (JSON values), read back
    //! and put together, is the task run whole, on random positions of every
    //! board size; any other family splits nothing.
    use super::{random_position, Board};
    use ludolab::registry::{self, Extra};
    use proptest::prelude::*;

    /// The task's report as JSON, its work left out (the parts count their own).
    fn answer(extra: Extra) -> serde_json::Value {
        let mut v = serde_json::to_value(extra).unwrap();
        v["nodes"] = 0.into();
        v["seconds"] = 0.into();
        v
    }

    fn check(link: &str) -> Result<(), TestCaseError> {
        let scenario = registry::parse(link).unwrap();
        let parts = scenario.task_parts("columns");
        let whole = answer(scenario.extra("columns", &mut |_, _| {}).unwrap());
        if parts == 0 {
            // Over, or one column left: nothing to split, and no part to ask for.
            let none = scenario.extra_part("columns", 0, &mut |_, _| {});
            prop_assert!(none.is_err());
            return Ok(());
        }
        let sent: Vec<serde_json::Value> = (0..parts)
            .map(|k| serde_json::to_value(scenario.extra_part("columns", k, &mut |_, _| {}).unwrap()).unwrap())
            .collect();
        let joined = answer(
            scenario
                .join_parts("columns", serde_json::Value::Array(sent.clone()))
                .unwrap(),
        );
        prop_assert_eq!(joined, whole, "{}", link);
        // One part missing, or one too many: refused, naming the parts.
        prop_assert!(scenario
            .join_parts("columns", serde_json::Value::Array(sent[1..].to_vec()))
            .is_err());
        let beyond = scenario.extra_part("columns", parts, &mut |_, _| {});
        prop_assert!(beyond.is_err());
        // What is not a part at all.
        let junk = scenario
            .join_parts("columns", serde_json::json!([{"scores": "none"}]))
            .unwrap_err();
        prop_assert_eq!(junk.key(), Some("parts"));
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]
        #[test]
        fn parts_put_together_are_the_task_whole(
            width in 4u32..=7,
            height in 4u32..=6,
            picks in proptest::collection::vec(0u32..7, 0..42),
        ) {
            // Random moves (a full column takes the next), at most 16 empty
            // cells left so that each case solves at once.
            let board = Board::new(width, height).unwrap();
            // A four is not completed (the edges test has games over).
            let (p, moves) = random_position(&board, &picks, 16);
            prop_assume!(board.area() - p.stones() <= 16);
            check(&format!("game=connect4&width={width}&height={height}&moves={moves}"))?;
        }
    }

    #[test]
    fn mirror_positions_and_edges() {
        for link in [
            "game=connect4&width=5&height=4&moves=",
            "game=connect4&width=4&height=4&moves=1212121",
            "game=connect4&width=4&height=4&moves=11112222333",
            "game=connect4&width=7&height=4&moves=4444",
        ] {
            check(link).unwrap();
        }
        // Every other family's tasks run whole.
        let orchard = registry::parse("game=orchard").unwrap();
        assert_eq!(orchard.task_parts("sweep"), 0);
        assert!(orchard.extra_part("sweep", 0, &mut |_, _| {}).is_err());
        assert!(orchard.join_parts("sweep", serde_json::json!([])).is_err());
        let c4 = registry::parse("game=connect4&width=5&height=4").unwrap();
        assert_eq!(c4.task_parts("columns"), 3);
        assert_eq!(c4.task_parts("rows"), 0);
        assert!(c4.extra_part("rows", 0, &mut |_, _| {}).is_err());
    }
}

/// The score by probes side by side, through the registry as the page asks
/// for it (`probePlan`, `probe`, `probeJoin`): two workers that share nothing,
/// simulated one answer at a time, each probe answered in the order it was
/// started, a useless one dropped. The report is the one solve's, but for the
/// work counted and the columns (which a probed score leaves to the follow-up).
mod probes {
    use super::{random_position, Board};
    use ludolab::registry::{self, Scenario};
    use ludolab::toolkit::ProbeAnswer;
    use proptest::prelude::*;

    /// The probes' report as JSON, on two simulated workers.
    fn probed(scenario: &Scenario) -> serde_json::Value {
        let mut answers: Vec<ProbeAnswer> = Vec::new();
        let mut running: Vec<i64> = Vec::new();
        for _ in 0..200 {
            let plan = scenario.probe_plan(&answers, &running, 2 - running.len()).unwrap();
            assert!(plan.bounds[0] <= plan.bounds[1], "{plan:?} {answers:?}");
            running.retain(|t| !plan.stop.contains(t));
            if plan.done {
                let report = scenario.probe_join(&answers, 0.0).unwrap();
                return serde_json::to_value(report).unwrap();
            }
            for t in &plan.start {
                assert!(
                    !running.contains(t) && plan.bounds[0] <= *t && *t < plan.bounds[1],
                    "{plan:?}"
                );
            }
            running.extend(plan.start.iter().copied());
            assert!(!running.is_empty(), "nothing at work: {plan:?}");
            let t = running.remove(0);
            answers.push(scenario.probe(t, &mut |_, _| {}).unwrap());
        }
        panic!("the probes never ended");
    }

    /// What the score says, not how it was found.
    fn score(v: &serde_json::Value) -> serde_json::Value {
        serde_json::json!([
            v["score"],
            v["bounds"],
            v["exact"],
            v["stopped"],
            v["verdict"],
            v["ending"]
        ])
    }

    fn check(link: &str) {
        let scenario = registry::parse(link).unwrap();
        let whole = serde_json::to_value(scenario.analyse(&mut |_, _| {}).unwrap()).unwrap();
        let probed = probed(&scenario);
        assert_eq!(score(&probed), score(&whole), "{link}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]
        #[test]
        fn probes_give_the_one_solves_score(
            width in 4u32..=7,
            height in 4u32..=6,
            picks in proptest::collection::vec(0u32..7, 0..42),
        ) {
            let board = Board::new(width, height).unwrap();
            let (p, moves) = random_position(&board, &picks, 18);
            prop_assume!(board.area() - p.stones() <= 18);
            check(&format!("game=connect4&width={width}&height={height}&moves={moves}"));
        }
    }

    #[test]
    fn the_edges_and_who_probes() {
        for link in [
            "game=connect4&width=5&height=4&moves=",
            "game=connect4&width=4&height=4&moves=1212121",
            "game=connect4&width=4&height=4&moves=121212",
            "game=connect4&width=6&height=5&moves=",
        ] {
            check(link);
        }
        // Only a score that comes alone is probed: 6 × 6 from the empty board, not 5 × 4.
        assert_eq!(registry::parse("game=connect4&width=6&height=6").unwrap().probes(), 2);
        assert_eq!(registry::parse("game=connect4&width=5&height=4").unwrap().probes(), 0);
        // A probe stopped by a limit (no bounds) ends the probes, the score unknown.
        let c4 = registry::parse("game=connect4&width=5&height=4").unwrap();
        let stopped = ProbeAnswer {
            threshold: 0,
            bounds: None,
            nodes: 7,
        };
        assert!(c4.probe_plan(&[stopped], &[1], 1).unwrap().done);
        assert_eq!(c4.probe_plan(&[stopped], &[1], 1).unwrap().stop, [1]);
        let report = serde_json::to_value(c4.probe_join(&[stopped], 0.5).unwrap()).unwrap();
        assert_eq!(
            (report["score"].clone(), report["stopped"].clone()),
            (serde_json::Value::Null, "node_limit".into())
        );
        // Answers that leave the score unknown are refused by name.
        let half = ProbeAnswer {
            threshold: 0,
            bounds: Some([-10, 0]),
            nodes: 7,
        };
        assert_eq!(c4.probe_join(&[half], 0.5).unwrap_err().key(), Some("probes"));
        // Every other family answers in one run.
        let orchard = registry::parse("game=orchard").unwrap();
        assert_eq!(orchard.probes(), 0);
        assert!(orchard.probe(0, &mut |_, _| {}).is_err());
        assert!(orchard.probe_plan(&[], &[], 1).is_err());
        assert!(orchard.probe_join(&[], 0.0).is_err());
    }
}
