//! The `ludolab` binary: JSON shape, tables and errors.

use std::process::Command;

fn ludolab(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_ludolab"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn snakes_json_has_n_p_and_e_rows_by_player_to_move() {
    let out = ludolab(&["snakes", "--preset", "audet", "--json"]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    let object = json.as_object().unwrap();
    for key in ["n", "terminates", "trapped", "p", "e", "one_player"] {
        assert!(object.contains_key(key), "missing {key}");
    }
    assert!(!object.contains_key("p_exact"), "fractions only for small boards");
    // The race of the scenario's players (two from square 0 by default) is always there.
    assert_eq!(json["players"]["starts"], serde_json::json!([0, 0]));
    assert_eq!(json["terminates"], true);
    assert_eq!(json["one_player"]["median"], 30);
    assert_eq!(json["one_player"]["min"], 7);
    assert_eq!(
        format!("{:.4}", json["one_player"]["expected_rolls"].as_f64().unwrap()),
        "36.1931"
    );
    assert_eq!(json["n"], 100);
    let p = json["p"].as_array().unwrap();
    assert_eq!(p.len(), 100);
    assert!(p.iter().all(|row| row.as_array().unwrap().len() == 100));
    assert!((json["p"][0][0].as_f64().unwrap() - 0.5086541980).abs() < 1e-9);
    assert!((json["e"][0][0].as_f64().unwrap() - 47.7605600697).abs() < 1e-9);
    // Rows are the player to move: p[74][91] = 0.494 and p[81][91] = 0.251 (seed Figure 3 discussion).
    assert_eq!(format!("{:.3}", json["p"][74][91].as_f64().unwrap()), "0.494");
    assert_eq!(format!("{:.3}", json["p"][81][91].as_f64().unwrap()), "0.251");
}

#[test]
fn snakes_table_shows_the_seeds_excerpt() {
    let out = ludolab(&["snakes", "--preset", "audet"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("p[0][0] = 0.5086541980"), "{text}");
    assert!(text.contains("e[0][0] = 47.7605600697"), "{text}");
    // Figure 3, row 50: 0.696 0.706 0.703 0.697 … 0.513.
    let row50 = text.lines().find(|l| l.trim_start().starts_with("50 ")).unwrap();
    assert!(row50.contains("0.696   0.706   0.703   0.697   0.513"), "{row50}");
}

#[test]
fn bad_input_exits_with_a_message_naming_the_key() {
    let out = ludolab(&["snakes", "--preset", "nope"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err.trim(),
        "error: invalid value \"nope\" for \"preset\" (expected one of audet, milton-bradley, grid1, example2)"
    );
    let out = ludolab(&["link", "game=snakes&v=1&preset=grid1"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "game=snakes&v=1&preset=grid1\n");
}

#[test]
fn board_flags_match_the_link_keys() {
    // The seed's Example 1 typed out: the same as --preset grid1.
    let out = ludolab(&[
        "snakes",
        "--squares",
        "6",
        "--die",
        "1,2,3,1,2,3",
        "--ladder",
        "1:5",
        "--snake",
        "4:3",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!((json["p"][0][0].as_f64().unwrap() - 2.0 / 3.0).abs() < 1e-14);
    let out = ludolab(&["snakes", "--matrix", "1/8,1/4;3/8,1/2", "--method", "exact", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["p_exact"][0][0], "1192/1683");
    assert_eq!(json["e_exact"][1][1], "504/121");
    let out = ludolab(&[
        "snakes",
        "--preset",
        "audet",
        "--players",
        "3",
        "--starts",
        "0,0,0",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let wins = json["players"]["win_probabilities"].as_array().unwrap();
    assert_eq!(wins.len(), 3);
    assert!(json["players"]["expected_length"].as_f64().unwrap() > 30.0);
    // Repeated flags join into the link's comma lists.
    let out = ludolab(&[
        "snakes",
        "--squares",
        "20",
        "--ladder",
        "2:15",
        "--ladder",
        "5:9",
        "--snake",
        "18:3",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn trapped_boards_print_null_where_undefined() {
    let out = ludolab(&[
        "snakes",
        "--squares",
        "6",
        "--die",
        "1,2",
        "--ladder",
        "1:6",
        "--snake",
        "4:2,5:2",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["terminates"], false);
    assert_eq!(json["trapped"], serde_json::json!([1, 2, 3]));
    assert!(json["p"][0][0].is_null() && json["e"][0][0].is_null());
    assert_eq!(json["p"][5][5], 1.0);
    let out = ludolab(&["snakes", "--squares", "300", "--method", "vectorised"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("the vectorised method takes at most 200 squares"));
}

#[test]
fn dice_subcommands_print_the_link_keys() {
    let json = |args: &[&str]| -> serde_json::Value {
        let out = ludolab(args);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let seq = json(&["dice", "sequential", "--dice", "10", "--target", "100", "--json"]);
    assert!((seq["eg"][0][0].as_f64().unwrap() - 0.0687190473).abs() < 1e-10);
    assert_eq!(seq["opt"][0][0], 6);
    let cmp = json(&["dice", "compare", "--first", "optimal", "--second", "blind", "--json"]);
    assert_eq!(format!("{:.5}", cmp["expected_gain"].as_f64().unwrap()), "0.16779");
    let one = json(&["dice", "one-turn", "--dice", "3", "--json"]);
    assert_eq!(one["matrix_exact"][0][1], "-3/8");
    assert!((one["strategy"][2].as_f64().unwrap() - 1.0).abs() < 1e-9);
    let variant = json(&["dice", "variant", "--dice", "4", "--target", "30", "--json"]);
    assert!(variant["iterations"].as_u64().unwrap() > 0);
    let out = ludolab(&["dice", "simultaneous", "--dice", "16"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stderr).unwrap().contains("at most 15 dice"));
}

#[test]
fn orchard_mirrors_the_seed_program() {
    // The seed's short flags: -a trees, -f fruits, -c crows, -p strategy.
    let out = ludolab(&["orchard", "-a", "2", "-f", "2", "-c", "2", "-p", "max"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Win probability: 0.677372685185"), "{text}");
    assert!(text.contains("2341/3456"), "the chain's exact fraction: {text}");

    let out = ludolab(&["orchard", "--json", "--sweep", "--strategy", "random"]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert!((json["win_probability"].as_f64().unwrap() - 0.631998).abs() < 5e-7);
    assert!(json["expected_rolls"].as_f64().unwrap() > 30.0);
    let table = json["table"].as_array().unwrap();
    assert_eq!(table.len(), 8, "rows: trees 1..8");
    assert!(
        table.iter().all(|row| row.as_array().unwrap().len() == 20),
        "columns: fruits 1..20"
    );
    assert_eq!(json["table"][3][9], json["win_probability"]);
    assert_eq!(json["min_crows"].as_array().unwrap().len(), 8);
    assert!(json["min_crows"][3][9].as_u64().unwrap() >= 8);

    let out = ludolab(&["orchard", "--trees", "3", "--fruits", "1,2"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("fruits lists 2 trees but trees = 3"));
}

#[test]
fn arenas_print_attractors_and_first_moves() {
    let json = |args: &[&str]| -> serde_json::Value {
        let out = ludolab(args);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice(&out.stdout).expect("valid JSON")
    };
    let j = json(&[
        "subtraction-arena",
        "--sticks",
        "9",
        "--take",
        "1,2,3",
        "--misere",
        "--json",
    ]);
    assert_eq!(j["vertices"], 20);
    assert_eq!(j["attractor_sizes"], serde_json::json!([10, 10]));
    assert_eq!(j["max_rank"], serde_json::json!([5, 5]));
    assert_eq!(j["draws"], 0);
    assert_eq!(j["ranks"][0].as_array().unwrap().len(), 20);
    assert!(j["edges"].as_u64().unwrap() > 0);
    let j = json(&["chomp", "--rows", "4", "--cols", "3", "--json"]);
    assert_eq!(j["vertices"], 66);
    assert_eq!(j["attractor_sizes"], serde_json::json!([33, 33]));
    assert_eq!(j["winning_first_moves"].as_array().unwrap().len(), 1);
    let j = json(&["chomp", "--rows", "5", "--cols", "5", "--json"]);
    assert_eq!(j["winning_first_moves"], serde_json::json!([[1, 1]]));

    let path = std::env::temp_dir().join(format!("ludolab-arena-{}.txt", std::process::id()));
    std::fs::write(&path, "# a cycle with a way out\na:1>b:2\nb>a\na>w\nw=1\n").unwrap();
    let j = json(&["arena", "--edges", path.to_str().unwrap(), "--json"]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(j["vertices"], 3);
    assert_eq!(j["winner"], 1);
    assert_eq!(j["winning_targets"], serde_json::json!(["w"]));

    let out = ludolab(&["chomp", "--rows", "0"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("invalid value \"0\" for \"rows\" (expected a whole number from 1 to 40)"));
}

#[test]
fn impartial_subcommands_print_the_issue_keys() {
    let json = |args: &[&str]| -> serde_json::Value {
        let out = ludolab(args);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice(&out.stdout).expect("valid JSON")
    };
    let j = json(&["nim", "8", "8", "7", "7", "7", "6", "4", "4", "4", "2", "1", "--json"]);
    assert_eq!(j["nim_sum"], 6);
    assert_eq!(j["winning_moves"].as_array().unwrap().len(), 7);
    assert_eq!(
        j["winning_moves"][0],
        serde_json::json!({"heap": 2, "from": 7, "to": 1})
    );
    let j = json(&["octal", "0.77", "--up-to", "100000", "--json"]);
    assert_eq!(j["values"].as_array().unwrap().len(), 100_001);
    assert_eq!(
        (j["period"].as_u64(), j["preperiod"].as_u64(), j["proven"].as_bool()),
        (Some(12), Some(71), Some(true))
    );
    assert_eq!(j["exceptions"].as_array().unwrap().len(), 14);
    let j = json(&["subtraction", "--set", "1,2,3", "--up-to", "1000", "--json"]);
    assert_eq!(j["period"], 4);
    assert_eq!(j["values"][999], 3);
    let j = json(&[
        "graph-game",
        "--game",
        "node-kayles",
        "--edges",
        "0-1,1-2,2-3",
        "--json",
    ]);
    assert_eq!(j["grundy"], 0, "a path of 4 vertices: G = 0");
    let j = json(&["graph-game", "--preset", "path:10", "--json"]);
    assert_eq!(j["grundy"], 3);
    let j = json(&["misere", "--code", "0.77", "--heaps", "12", "--json"]);
    assert_eq!(j["loses"], true);
    let j = json(&["misere", "--nim", "1,1,1", "--json"]);
    assert_eq!(j["loses"], true);
    let j = json(&["solitaire", "110", "--json"]);
    assert_eq!(j["solitaire"]["loses"], false);
    let out = ludolab(&["octal", "0.9"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("for \"code\""));
}

/// `--checkpoint` saves the values, resumes from them to a larger bound with
/// the same report as one run, and refuses a file of another game or a damaged one.
#[test]
fn octal_checkpoints_resume_and_refuse_foreign_or_damaged_files() {
    let dir = std::env::temp_dir().join(format!("ludolab-checkpoint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("0.06.ck");
    let path = file.to_str().unwrap();
    let _ = std::fs::remove_file(&file);
    let first = ludolab(&["octal", "0.06", "--up-to", "3000", "--checkpoint", path]);
    assert!(first.status.success());
    assert!(String::from_utf8_lossy(&first.stderr).contains("3000 heaps saved"));
    let resumed = ludolab(&["octal", "0.06", "--up-to", "9000", "--checkpoint", path, "--json"]);
    assert!(String::from_utf8_lossy(&resumed.stderr).contains("resuming 0.06"));
    let direct = ludolab(&["octal", "0.06", "--up-to", "9000", "--json"]);
    assert!(resumed.status.success() && direct.status.success());
    assert_eq!(resumed.stdout, direct.stdout);

    let other = ludolab(&["octal", "0.07", "--up-to", "9000", "--checkpoint", path]);
    assert!(!other.status.success());
    assert!(String::from_utf8_lossy(&other.stderr).contains("a checkpoint of 0.06, not of 0.07"));

    let mut bytes = std::fs::read(&file).unwrap();
    let last = bytes.len() - 2;
    bytes[last] ^= 1;
    let flipped = dir.join("flipped.ck");
    std::fs::write(&flipped, &bytes).unwrap();
    let wrong = ludolab(&[
        "octal",
        "0.06",
        "--up-to",
        "9500",
        "--checkpoint",
        flipped.to_str().unwrap(),
    ]);
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("by its definition G(9000)"));

    let cut = dir.join("cut.ck");
    std::fs::write(&cut, &bytes[..100]).unwrap();
    let damaged = ludolab(&[
        "octal",
        "0.06",
        "--up-to",
        "9500",
        "--checkpoint",
        cut.to_str().unwrap(),
    ]);
    assert!(String::from_utf8_lossy(&damaged.stderr).contains("damaged"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `num/den` of a `{numerator, denominator}` JSON object, as f64 (both parts
/// are long decimal strings: divided digit by digit through their leading digits).
fn fraction_value(f: &serde_json::Value) -> f64 {
    let (n, d) = (f["numerator"].as_str().unwrap(), f["denominator"].as_str().unwrap());
    let lead = |s: &str| {
        s.trim_start_matches('-')[..s.trim_start_matches('-').len().min(15)]
            .parse::<f64>()
            .unwrap()
    };
    let scale = s_len(n) as i32 - s_len(d) as i32;
    let sign = if n.starts_with('-') { -1.0 } else { 1.0 };
    sign * lead(n) / lead(d) * 10f64.powi(scale - (s_len(n).min(15) as i32 - s_len(d).min(15) as i32))
}

fn s_len(s: &str) -> usize {
    s.trim_start_matches('-').len()
}

#[test]
fn exact_gives_numerator_and_denominator_strings_in_every_family() {
    // Snakes: one player's expected rolls on the Milton Bradley board (Althoen, King and Schilling: ≈ 39.2251).
    let out = ludolab(&["snakes", "--preset", "milton-bradley", "--exact", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rolls = &json["exact"]["expected_rolls"];
    assert!((fraction_value(rolls) - 39.2251).abs() < 5e-5, "{rolls}");
    assert!((rolls["value"].as_f64().unwrap() - json["one_player"]["expected_rolls"].as_f64().unwrap()).abs() < 1e-9);
    assert!(json["exact"]["p00"].is_null(), "P exactly only up to 20 squares");
    let text = String::from_utf8(ludolab(&["snakes", "--preset", "example2", "--exact"]).stdout).unwrap();
    assert!(
        text.contains("Exactly: p[0][0] = 1192/1683, e[0][0] = 664/363"),
        "{text}"
    );
    assert!(
        text.contains("Exactly: expected rolls of one player from 0 = 24/11"),
        "{text}"
    );
    // Orchard: the default game, every strategy (max is optimal here: equal fractions).
    let out = ludolab(&["orchard", "--exact", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let exact = json["exact"].as_array().unwrap();
    assert_eq!(exact.len(), 4);
    for (x, s) in exact.iter().zip(json["strategies"].as_array().unwrap()) {
        assert_eq!(x["strategy"], s["strategy"]);
        let f = &x["win_probability"];
        assert!(
            (fraction_value(f) - s["win_probability"].as_f64().unwrap()).abs() < 1e-12,
            "{f}"
        );
    }
    assert_eq!(exact[0]["win_probability"], exact[3]["win_probability"]);
    // Too large a game: a note, the decimals kept.
    let out = ludolab(&["orchard", "--trees", "8", "--fruits", "20", "--exact", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(json.get("exact").is_none());
    assert!(
        json["exact_note"]["en"].as_str().unwrap().contains("200,000 positions"),
        "thousands grouped"
    );
    // Dice Battle: EG(0, 0) for D = 3, N = 20, and the limit named.
    let out = ludolab(&[
        "dice",
        "sequential",
        "--dice",
        "3",
        "--target",
        "20",
        "--exact",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!((fraction_value(&json["exact"]["eg00"]) - json["eg00"].as_f64().unwrap()).abs() < 1e-12);
    assert_eq!(json["exact"]["eg"].as_array().unwrap().len(), 20);
    let out = ludolab(&["dice", "sequential", "--dice", "7", "--target", "20", "--exact"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("D ≤ 6 and N ≤ 40 (here D = 7 and N = 20)"));
}

/// A scratch file under the target directory, unique per test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("parity-cli");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn parity_generates_solves_and_verifies_by_the_contract() {
    let game = scratch("random.pg");
    let out = ludolab(&[
        "parity",
        "--generate",
        "random",
        "--vertices",
        "300",
        "--priorities",
        "20",
        "--min-degree",
        "1",
        "--max-degree",
        "3",
        "--seed",
        "9",
        "--output",
        game.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let mut answers = Vec::new();
    // Every solver of the list (`parity::solvers`), none named here.
    for solver in ludolab::parity::SolverKind::ALL.map(ludolab::parity::SolverKind::name) {
        let solution = scratch(&format!("random-{solver}.sol"));
        let out = ludolab(&[
            "parity",
            "--file",
            game.to_str().unwrap(),
            "--solver",
            solver,
            "--check",
            "--json",
            "--write-solution",
            solution.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        for key in [
            "won_by_even",
            "won_by_odd",
            "strategy",
            "solver",
            "finished_by",
            "seconds",
        ] {
            assert!(json.get(key).is_some(), "missing {key}");
        }
        assert_eq!(json["solver"], solver);
        // The portfolio names which of its two finished; the others, themselves.
        let by = json["finished_by"].as_str().unwrap();
        assert!(
            by == solver
                || (solver == "portfolio"
                    && ludolab::parity::portfolio::MEMBERS
                        .map(ludolab::parity::SolverKind::name)
                        .contains(&by)),
            "{by}"
        );
        assert_eq!(json["verified"], true);
        let even = json["won_by_even"].as_array().unwrap().len();
        let odd = json["won_by_odd"].as_array().unwrap().len();
        assert_eq!(even + odd, 300);
        // Every strategy pair is [vertex, successor] of a vertex in its owner's region.
        assert!(json["strategy"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p.as_array().unwrap().len() == 2));
        let out = ludolab(&[
            "parity",
            "--file",
            game.to_str().unwrap(),
            "--verify",
            solution.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        answers.push((json["won_by_even"].clone(), json["strategy"].as_array().unwrap().len()));
    }
    for other in &answers[1..] {
        assert_eq!(answers[0].0, other.0, "the solvers agree");
    }
    // A solution with one winner flipped is refused, with the reason.
    let text = std::fs::read_to_string(scratch("random-promotion.sol")).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let flip = 1 + lines.iter().skip(1).position(|l| l.split(' ').count() == 2).unwrap();
    let parts: Vec<&str> = lines[flip].trim_end_matches(';').split(' ').collect();
    lines[flip] = format!("{} {};", parts[0], 1 - parts[1].parse::<u32>().unwrap());
    let bad = scratch("bad.sol");
    std::fs::write(&bad, lines.join("\n")).unwrap();
    let out = ludolab(&[
        "parity",
        "--file",
        game.to_str().unwrap(),
        "--verify",
        bad.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["valid"], false);
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: the solution is wrong: "));
}

#[test]
fn parity_refuses_a_malformed_file_with_its_line() {
    let game = scratch("bad.pg");
    std::fs::write(&game, "parity 2;\n0 3 0 1;\n1 2 1;\n2 1 1 0;\n").unwrap();
    let out = ludolab(&["parity", "--file", game.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "error: line 3: vertex 1 has no successor (every vertex of a parity game needs one)"
    );
    let out = ludolab(&["parity", "--generate", "random", "--vertices", "5", "--max-degree", "9"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "error: --max-degree: 9 distinct successors need at least 9 vertices (there are 5)"
    );
    let out = ludolab(&["parity", "--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains("zielonka") && help.contains("promotion"), "{help}");
}

/// `ludolab link LINK --json`: the canonical link and the estimate the page's
/// cost guard uses, or the refusal with its reason and key (issue 70).
#[test]
fn link_json_gives_the_page_s_estimate_or_the_refusal() {
    let out = ludolab(&["link", "--json", "game=partizan&ruleset=clobber&position=xoxo/oxox"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["link"], "game=partizan&v=1&ruleset=clobber&position=xoxo%2Foxox");
    let cost = ludolab::registry::parse("game=partizan&ruleset=clobber&position=xoxo/oxox")
        .unwrap()
        .cost();
    assert_eq!(v["estimate_seconds"].as_f64(), Some(cost.seconds));
    assert_eq!(v["asks_first"], false);
    // A long one asks first.
    let out = ludolab(&["link", "--json", "game=connect4&width=7&height=6&moves="]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["asks_first"], true, "{v}");
    assert!(v["estimate_seconds"].as_f64().unwrap() > 3.0);
    // Refused before any work: the reason in both languages, the key, a failing exit.
    let out = ludolab(&["link", "--json", "game=connect4&width=%2B4"]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["key"], "width");
    assert_eq!(
        v["refused"],
        "invalid value \"+4\" for \"width\" (expected a whole number from 4 to 7)"
    );
    assert!(
        v["refused_fr"].as_str().unwrap().contains("nombre entier de 4 à 7"),
        "{v}"
    );
}

/// A share link's errors speak the link's keys, never a flag (issue 70): the
/// same conflicts given as flags lead with the flag.
#[test]
fn a_links_errors_name_its_keys_not_flags() {
    for (link, said) in [
        (
            "game=parity&v=1&source=random&vertices=5&max-degree=9",
            "error: \"max-degree\": 9 distinct successors need at least 9 vertices (there are 5)",
        ),
        (
            "game=graphs&v=1&kind=chomp&rows=13&cols=12",
            "error: \"rows\": a 13 × 12 bar has 5,200,300 boards; at most 3,000,000 are handled here",
        ),
    ] {
        for command in ["report", "link"] {
            let out = ludolab(&[command, link]);
            assert_eq!(out.status.code(), Some(1), "{command} {link}");
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(err.trim(), said, "{command} {link}");
            assert!(!err.contains("--"), "{err}");
        }
    }
}

/// `ludolab parity` reads the link's keys through the registry: the same
/// names as the page's link (its first names kept as aliases), the page's
/// defaults, and the generators' ranges beyond the page's, with errors naming
/// the key and the command line's range.
#[test]
fn parity_flags_are_the_link_s_keys_read_as_the_command_line_reads_links() {
    let stdout = |args: &[&str]| {
        let out = ludolab(args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let keys = [
        "--vertices",
        "40",
        "--priorities",
        "9",
        "--min-degree",
        "1",
        "--max-degree",
        "2",
        "--seed",
        "3",
    ];
    let by_key = stdout(&[&["parity", "--source", "random"], &keys[..]].concat());
    assert_eq!(
        by_key,
        stdout(&[&["parity", "--generate", "random"], &keys[..]].concat())
    );
    assert!(by_key.starts_with("parity 39;"), "{by_key}");
    assert_eq!(
        stdout(&["parity", "--source", "jurdzinski", "--levels", "2", "--breadth", "3"]),
        stdout(&["parity", "--generate", "jurdzinski", "--height", "2", "--width", "3"])
    );
    // The page's default size (8) when --size is not given.
    assert_eq!(
        stdout(&["parity", "--source", "ladder"]),
        stdout(&["parity", "--source", "ladder", "--size", "8"])
    );
    // Beyond the page's limits (Jurdziński's 300, Two Counters' 150), within the generators'.
    assert!(stdout(&["parity", "--source", "jurdzinski", "--levels", "301", "--breadth", "1"]).starts_with("parity "));
    assert!(ludolab::registry::parse("game=parity&source=jurdzinski&levels=301").is_err());
    let tc = stdout(&["parity", "--source", "two-counters", "--size", "151"]);
    assert_eq!(
        tc.lines().count(),
        1 + 3 * 151 * 151 + 5 * 151,
        "Two Counters 151: a header, 3n² + 5n vertices"
    );
    // At the ends of the command line's ranges: the error names the key and the range.
    for (args, key, range) in [
        (
            &["--source", "random", "--vertices", "10000001"][..],
            "vertices",
            "1 to 10000000",
        ),
        (&["--source", "random", "--vertices", "0"][..], "vertices", "1 to"),
        (
            &["--source", "jurdzinski", "--levels", "2001"][..],
            "levels",
            "0 to 2000",
        ),
        (&["--source", "ladder", "--size", "2000001"][..], "size", "1 to 2000000"),
        (&["--source", "two-counters", "--size", "1001"][..], "size", "1 to 1000"),
        (
            &["--source", "random", "--solver", "fastest"][..],
            "solver",
            "portfolio",
        ),
    ] {
        let out = ludolab(&[&["parity"], args].concat());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.contains(&format!("\"{key}\"")) && err.contains(range),
            "{args:?}: {err}"
        );
    }
    // Without --file or --source, the link's default: the page's example game,
    // written in PGSolver's format (as a generated game is), or solved with --json.
    let out = ludolab(&["parity"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("parity "));
    // --file reads a typed game: another --source is refused, naming it.
    let out = ludolab(&["parity", "--file", "-", "--source", "ladder"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("\"source\""));
}

#[test]
fn parity_reads_a_game_from_standard_input_and_names_the_start() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludolab"))
        .args(["parity", "--file", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"parity 2;\nstart 0;\n0 1 1 1,0;\n1 2 0 1;\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("2 vertices, 3 edges; Even wins 1, Odd wins 1"), "{text}");
    assert!(text.contains("from the start vertex 0: Odd wins"), "{text}");
}

/// `ludolab misere --quotient` (issue 28): the contract's keys, a sum of a
/// thousand tokens answered by the quotient in any order, and bad input named.
#[test]
fn misere_quotient_contract() {
    let run = |args: &[&str]| -> serde_json::Value {
        let out = ludolab(args);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice(&out.stdout).expect("JSON")
    };
    let q = run(&["misere", "--code", "0.33", "--quotient", "--heap-limit", "2", "--json"]);
    assert_eq!(q["order"], 6);
    assert_eq!(q["p_portion_size"], 2);
    assert_eq!(q["p_portion"], serde_json::json!(["a", "b²"]));
    assert_eq!(q["presentation"], "⟨a, b | a² = 1, b³ = b⟩");
    assert_eq!(q["heap_elements"], serde_json::json!(["1", "a", "b"]));
    assert_eq!(q["elements"].as_array().unwrap().len(), 6);
    assert_eq!(q["multiplication"].as_array().unwrap().len(), 6);
    assert!(q["seconds"].as_f64().unwrap() >= 0.0);
    // 1,000 tokens: 100 heaps of 1..=10 of Kayles, forwards and backwards.
    let heaps: Vec<String> = (0..100).map(|i| (i % 10 + 1).to_string()).collect();
    let forwards = run(&["misere", "--code", "0.77", "--heaps", &heaps.join(","), "--json"]);
    assert_eq!(forwards["method"], "quotient");
    let mut back = heaps.clone();
    back.reverse();
    let backwards = run(&["misere", "--code", "0.77", "--heaps", &back.join(","), "--json"]);
    assert_eq!(forwards["loses"], backwards["loses"]);
    assert_eq!(forwards["winning_moves"], backwards["winning_moves"]);
    // A small sum is still searched exhaustively.
    assert_eq!(
        run(&["misere", "--code", "0.77", "--heaps", "3,4", "--json"])["method"],
        "search"
    );
    for (args, named) in [
        (vec!["misere", "--code", "0.8", "--quotient", "--json"], "code"),
        (
            vec!["misere", "--code", "0.77", "--quotient", "--heap-limit", "301"],
            "300",
        ),
        (
            vec![
                "misere",
                "--code",
                "0.77",
                "--quotient",
                "--heap-limit",
                "5",
                "--heaps",
                "6",
            ],
            "up to 5",
        ),
    ] {
        let out = ludolab(&args);
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(named), "{args:?}: {err}");
    }
}

/// `ludolab search`'s flags are the search link's keys, made from the family's
/// list (issue 39): each key has its flag, a yes-or-no key is a flag, an
/// arena's text comes from a file, and a bad value is refused by the family
/// with the link's message.
#[test]
fn search_flags_are_the_links_keys() {
    let help = String::from_utf8(ludolab(&["search", "--help"]).stdout).unwrap();
    for f in ludolab::search::scenario::FIELDS.iter().filter(|f| f.key != "step") {
        let flag = if f.key == "search" { "--game" } else { f.key };
        assert!(
            help.contains(&format!("--{}", flag.trim_start_matches("--"))),
            "{flag} missing: {help}"
        );
    }
    let run = |args: &[&str]| -> serde_json::Value {
        let out = ludolab(args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    };
    // The misère stick game of 5 sticks, takes 1 or 2: 5 = 3·1 + 2 wins (take 1, leave 4 = 3 + 1).
    let misere = run(&[
        "search", "--game", "sticks", "--sticks", "5", "--take", "1,2", "--misere", "--depth", "end", "--json",
    ]);
    assert_eq!(misere["exact_answer"]["value"], 1);
    assert_eq!(misere["exact_answer"]["winning_moves"], serde_json::json!(["1"]));
    let normal = run(&[
        "search", "--game", "sticks", "--sticks", "5", "--take", "1,2", "--depth", "end", "--json",
    ]);
    assert_eq!(normal["exact_answer"]["winning_moves"], serde_json::json!(["2"]));
    let arena = scratch("search-arena.txt");
    std::fs::write(&arena, "a:1>b:2\nb>c\nc=1\n").unwrap();
    let typed = run(&[
        "search",
        "--game",
        "arena",
        "--edges",
        arena.to_str().unwrap(),
        "--depth",
        "end",
        "--json",
    ]);
    assert_eq!(typed["game"], "arena");
    for (args, key) in [
        (vec!["search", "--game", "chess"], "search"),
        (vec!["search", "--game", "chomp", "--rows", "41"], "rows"),
        (vec!["search", "--game", "tictactoe", "--depth", "0"], "depth"),
    ] {
        let out = ludolab(&args);
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&format!("for \"{key}\"")), "{args:?}: {err}");
    }
}

/// The exact answer of `ludolab search --game hex --size N --depth end`: its
/// value and its winning first moves, sorted.
fn hex_answer(size: &str) -> (i64, Vec<String>) {
    let out = ludolab(&["search", "--game", "hex", "--size", size, "--depth", "end", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut moves: Vec<String> = v["exact_answer"]["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    moves.sort();
    (v["exact_answer"]["value"].as_i64().unwrap(), moves)
}

/// Hex through the search's seam: the winning first moves of the small boards
/// (the first player wins every n × n board; on 4 × 4 exactly the short
/// diagonal wins, Hayward and Toft, "Hex: the full story", 2019), and a
/// bad size refused by name.
#[test]
fn hex_names_its_winning_first_moves() {
    let (value, three) = hex_answer("3");
    assert_eq!(value, 1);
    assert!(three.contains(&"b2".into()));
    let (_, four) = hex_answer("4");
    assert_eq!(four, ["a4", "b3", "c2", "d1"]);
    let bad = ludolab(&["search", "--game", "hex", "--size", "12", "--json"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("size"));
}

/// Hex 5 × 5 by its own solver (about 8 s in release, 14 s in the test
/// profile: `make test-slow`): the first player wins, by 13 first moves, the
/// short diagonal among them, a set that the half-turn keeps (it keeps both
/// players' edges); the solver itself is checked against the generic search
/// on random positions in `search::hex`'s tests.
#[test]
#[ignore]
fn hex_five_by_five_names_its_winning_first_moves() {
    let (value, moves) = hex_answer("5");
    assert_eq!(value, 1);
    assert_eq!(
        moves,
        ["a4", "a5", "b2", "b3", "b4", "c2", "c3", "c4", "d2", "d3", "d4", "e1", "e2"]
    );
    for diagonal in ["e1", "d2", "c3", "b4", "a5"] {
        assert!(moves.contains(&diagonal.to_string()));
    }
    let turned = |m: &String| {
        let (c, r) = (m.as_bytes()[0] - b'a', m[1..].parse::<u8>().unwrap());
        format!("{}{}", char::from(b'a' + 4 - c), 6 - r)
    };
    for m in &moves {
        assert!(moves.contains(&turned(m)), "{m} wins but not its half-turn");
    }
}

/// Files saved by a Windows editor start with a byte-order mark (issue 40): a
/// typed arena and a parity game read as without it, even when their first
/// line is a comment; a stray invisible character is named by a sign, never as
/// `\u{…}` or bytes.
#[test]
fn files_with_a_byte_order_mark_are_read_and_invisible_characters_shown_as_signs() {
    let arena = scratch("bom-arena.txt");
    std::fs::write(&arena, "\u{feff}# a comment first\na:1>b:2\nb>a\na>w\nw=1\n").unwrap();
    let out = ludolab(&["arena", "--edges", arena.to_str().unwrap(), "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((j["vertices"].as_u64(), j["winner"].as_u64()), (Some(3), Some(1)));
    std::fs::write(&arena, "\u{feff}a:1>b:2\nb>a\n").unwrap();
    let out = ludolab(&["arena", "--edges", arena.to_str().unwrap(), "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));

    let game = scratch("bom.pg");
    for text in [
        "\u{feff}parity 1;\n0 2 0 1;\n1 1 1 0,1;\n",
        "\u{feff}# a comment\nparity 1;\n0 2 0 1;\n1 1 1 0,1;\n",
    ] {
        std::fs::write(&game, text).unwrap();
        let out = ludolab(&["parity", "--file", game.to_str().unwrap()]);
        assert!(
            out.status.success(),
            "{text:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // One invisible character inside: refused, shown as a sign.
    std::fs::write(&game, "parity 1;\n0 2 0\u{200b} 1;\n1 1 1 0,1;\n").unwrap();
    let out = ludolab(&["parity", "--file", game.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("line 2") && err.contains("invisible character (◌)"),
        "{err}"
    );
    std::fs::write(&arena, "a:1>b:2\nb\u{200b}>a\n").unwrap();
    let out = ludolab(&["arena", "--edges", arena.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("b◌>a") && !err.contains("\\u"), "{err}");
    for noise in ["\t", "\r", "\u{1b}"] {
        std::fs::write(&arena, format!("a:1>b:2\nb{noise}c>a\n")).unwrap();
        let err = String::from_utf8_lossy(&ludolab(&["arena", "--edges", arena.to_str().unwrap()]).stderr).to_string();
        assert!(!err.contains('\\') && !err.contains("0x"), "{noise:?}: {err}");
    }
}

/// `ludolab partizan`: the JSON contract of issue 42 (value, canonical form,
/// outcome, number, mean, temperature, winning moves, seconds), and bad
/// positions named with their character, row or token.
#[test]
fn partizan_prints_the_contract() {
    let json = |args: &[&str]| -> serde_json::Value {
        let out = ludolab(&[&["partizan", "--json"], args].concat());
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice(&out.stdout).unwrap()
    };
    // The 2 × 3 Domineering board (two rows, three columns): {2 | −1/2}.
    let v = json(&["--ruleset", "domineering", "--position", ".../..."]);
    assert_eq!(v["value"], "{2|-1/2}");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["number"], serde_json::Value::Null);
    assert_eq!(v["canonical"]["left"][0]["value"], "2");
    assert_eq!(v["canonical"]["right"][0]["value"], "-1/2");
    assert_eq!(
        (v["mean"].as_str(), v["temperature"].as_str()),
        (Some("3/4"), Some("5/4"))
    );
    assert!(v["seconds"].as_f64().is_some());
    // Left wins moving first by the middle column only: the position after it.
    let left: Vec<&str> = v["left_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["position"].as_str().unwrap())
        .collect();
    // The middle column leaves two columns of two (1 + 1 = 2); a side column leaves ±1.
    assert_eq!(left, [".#./.#."]);
    for m in v["left_moves"].as_array().unwrap() {
        // Each winning move leaves a game Left wins moving second.
        let after = json(&[
            "--ruleset",
            "domineering",
            "--position",
            m["position"].as_str().unwrap(),
        ]);
        assert!(["L", "P"].contains(&after["outcome"].as_str().unwrap()), "{m}");
    }
    // Clobber's two stones side by side: either player clobbers and leaves nothing, *.
    let v = json(&["--ruleset", "clobber", "--position", "xo"]);
    assert_eq!((v["value"].as_str(), v["outcome"].as_str()), (Some("*"), Some("N")));
    let v = json(&["--ruleset", "expr", "--position", "{0|{0|0}}"]);
    assert_eq!(v["value"], "^");
    // ↑ is all-small: its atomic weight is 1; a hot game has none.
    assert_eq!(v["atomic_weight"], "1");
    let v = json(&["--ruleset", "expr", "--position", "+-1"]);
    assert_eq!(v["atomic_weight"], serde_json::Value::Null);
    let v = json(&["--ruleset", "cutcake", "--position", "1x5"]);
    assert_eq!((v["value"].as_str(), v["number"].as_str()), (Some("4"), Some("4")));
    let v = json(&["--ruleset", "expr", "--position", "-1/2"]);
    assert_eq!(
        (v["number"].as_str(), v["temperature"].as_str()),
        (Some("-1/2"), Some("-1/2"))
    );
    // Bad positions: the character, the row or the token at fault, and the key.
    for (ruleset, position, named) in [
        ("domineering", "../.x", "\"x\""),
        ("domineering", "../...", "row 2"),
        ("toads", "TQ", "\"Q\""),
        ("expr", "{1|2|3}", "\"|\""),
        ("hackenbush", "g-a:z", "\"g-a:z\""),
        ("nope", "..", "\"nope\""),
    ] {
        let out = ludolab(&["partizan", "--ruleset", ruleset, "--position", position]);
        assert!(!out.status.success());
        let message = String::from_utf8_lossy(&out.stderr);
        assert!(message.contains(named), "{ruleset} {position}: {message}");
    }
    // Who wins alone, by search: 5 × 5 a second-player win, 6 × 6 a first-player win.
    let five = ["....."; 5].join("/");
    let v = json(&["--solve", "outcome", "--position", &five]);
    assert_eq!((v["kind"].as_str(), v["outcome"].as_str()), (None, Some("P")));
    assert_eq!(v["left_moves"].as_array().map(Vec::len), Some(0));
    let six = ["......"; 6].join("/");
    let v = json(&["--solve", "outcome", "--position", &six]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["left_moves"].as_array().map(Vec::len), Some(18));
    // Past the cost guard: refused before any work.
    let big = ["........"; 8].join("/");
    let out = ludolab(&["partizan", "--position", &big]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("more than the 400,000 allowed"));
}

/// The JSON a run printed, its timings and memory removed (`seconds`,
/// `read_seconds`, a search's `ms`, a process's `peak_memory_mb`): everything
/// else is the same from one run to the next.
fn untimed(out: &std::process::Output, what: &str) -> serde_json::Value {
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(map) => {
                map.retain(|k, _| !k.ends_with("seconds") && k != "ms" && !k.ends_with("memory_mb"));
                map.values_mut().for_each(strip);
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    assert!(out.status.success(), "{what}: {}", String::from_utf8_lossy(&out.stderr));
    let mut v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    strip(&mut v);
    v
}

/// A valid value of `field` for a positional argument (its smallest, its first name, its first example).
fn sample(field: &ludolab::toolkit::Field) -> String {
    use ludolab::toolkit::Kind;
    match field.kind {
        Kind::Whole { min, .. } | Kind::Wholes { min, .. } => min.to_string(),
        Kind::Choice { values } | Kind::ChoiceOrWhole { values, .. } => values[0].to_string(),
        Kind::Text { examples, .. } => examples.iter().find(|e| !e.is_empty()).expect("an example").to_string(),
    }
}

/// `subcommand args --link` and `--json`, then `report` of that link: the
/// same report, field for field.
fn twin(args: &[String]) {
    let run = |more: &[&str]| {
        let all: Vec<&str> = args.iter().map(String::as_str).chain(more.iter().copied()).collect();
        ludolab(&all)
    };
    let link = run(&["--link"]);
    assert!(
        link.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&link.stderr)
    );
    let link = String::from_utf8(link.stdout).unwrap().trim().to_string();
    let json = untimed(&run(&["--json"]), &format!("{args:?}"));
    let report = untimed(&ludolab(&["report", &link]), &link);
    assert_eq!(json, report, "{args:?} (its link {link})");
}

/// The command line is the page's twin: every subcommand the registry lists
/// prints, with `--json`, the report `ludolab report` prints for the link the
/// same flags make (`--link`), field for field; and a seeded sample of the
/// link sweep's links, given as flags of their family's subcommand, makes the
/// same link and the same report.
#[test]
fn every_subcommand_prints_the_report_of_its_link() {
    use ludolab::registry::{self, Game};
    use ludolab::toolkit::Spelling;
    let commands = registry::commands();
    let mut walked = Vec::new();
    for (game, command) in &commands {
        let mut args = vec![command.name.to_string()];
        for flag in command.flags {
            if let Spelling::Positional { key, .. } = flag.spelling {
                let field = game
                    .fields()
                    .iter()
                    .find(|f| f.key == key)
                    .expect("a positional is a key");
                args.push(sample(field));
            }
        }
        // A default the page asks about first (Connect Four's empty 7 × 6
        // board) is too long for a test: the sweep's links below cover it.
        let made = ludolab(&args.iter().map(String::as_str).chain(["--link"]).collect::<Vec<_>>());
        let link = String::from_utf8(made.stdout).unwrap();
        if registry::parse(link.trim()).is_ok_and(|s| s.cost().seconds > 1.0) {
            continue;
        }
        twin(&args);
        walked.push(*game);
    }
    let mut swept = Vec::new();

    // Links of the sweep as flags of the subcommand named by the family's key.
    let seed = 67;
    let dir = std::env::temp_dir().join(format!("ludolab-twin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut checked = 0;
    for link in ludolab::sweep::sweep(seed, 60, 0.2)
        .iter()
        .filter(|l| l.bad_key.is_none())
    {
        let (game, command) = commands
            .iter()
            .find(|(g, c)| g.key() == link.game && c.name == link.game)
            .unwrap();
        let mut args = vec![command.name.to_string()];
        for (key, value) in url_pairs(&link.query) {
            if ["game", "v", "lang", "present", "embed"].contains(&key.as_str()) {
                continue;
            }
            let field = game
                .fields()
                .iter()
                .find(|f| f.key == key)
                .expect("a link key is a field");
            let spelled = command.flags.iter().find(|f| f.key() == Some(field.key));
            match spelled.map(|f| f.spelling) {
                Some(Spelling::File { .. }) => {
                    let path = dir.join(format!("{key}-{checked}.txt"));
                    std::fs::write(&path, &value).unwrap();
                    args.push(format!("--{}", spelled.unwrap().name));
                    args.push(path.to_str().unwrap().to_string());
                }
                Some(Spelling::Positional { .. }) => args.push(value),
                Some(_) => {
                    args.push(format!("--{}", spelled.unwrap().name));
                    args.push(value);
                }
                None => args.push(format!("--{}={value}", key.replace('_', "-"))),
            }
        }
        let made = ludolab(&args.iter().map(String::as_str).chain(["--link"]).collect::<Vec<_>>());
        assert!(
            made.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&made.stderr)
        );
        let canonical = registry::to_query(&registry::parse(&link.query).unwrap());
        assert_eq!(
            String::from_utf8(made.stdout).unwrap().trim(),
            canonical,
            "{}",
            link.query
        );
        twin(&args);
        swept.push(*game);
        checked += 1;
    }
    let _ = std::fs::remove_dir_all(&dir);
    for game in Game::ALL {
        assert!(
            walked.contains(game) || swept.contains(game),
            "{} has no subcommand walked",
            game.key()
        );
    }
    assert!(checked >= 20, "only {checked} links checked");
}

/// A query's pairs, decoded.
fn url_pairs(query: &str) -> Vec<(String, String)> {
    form_urlencoded::parse(query.as_bytes()).into_owned().collect()
}

/// An answer above 4 MB is summarised for the terminal (each long list: its
/// length, first elements and last), says so on standard error, and
/// `--whole` prints it all; an answer below the limit is whole.
#[test]
fn long_answers_are_summarised_unless_whole_is_asked() {
    // 2,197 squares and a die that shows 6, most squares trapped: 48 MB of P and E.
    let link = "game=snakes&squares=2197&ladder=1:5&snake=4:3&die=6&rule=bounce";
    let out = ludolab(&["report", link]);
    assert!(out.status.success());
    assert!(out.stdout.len() < 20_000, "{} bytes", out.stdout.len());
    let note = String::from_utf8_lossy(&out.stderr);
    assert!(note.contains("summarised") && note.contains("--whole"), "{note}");
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    let whole = ludolab(&["report", link, "--whole"]);
    assert!(whole.status.success() && whole.stderr.is_empty());
    let bytes = whole.stdout.len() as u64;
    assert!(bytes > 4_000_000, "{bytes} bytes");
    // The whole line less its line end.
    assert_eq!(summary["summarised"]["bytes"].as_u64().unwrap() + 1, bytes);
    let whole: serde_json::Value = serde_json::from_slice(&whole.stdout).unwrap();
    let trapped = whole["trapped"].as_array().unwrap();
    assert_eq!(summary["trapped"]["length"], trapped.len());
    assert_eq!(summary["trapped"]["first"].as_array().unwrap()[..], trapped[..20]);
    assert_eq!(summary["trapped"]["last"], trapped[trapped.len() - 1]);
    // A matrix: its rows summarised, and each kept row too.
    assert_eq!(summary["p"]["length"], 2197);
    assert_eq!(summary["p"]["first"][3]["first"][5], whole["p"][3][5]);
    // Every scalar is kept as it is.
    for key in ["n", "method", "terminates", "start_never_finishes"] {
        assert_eq!(summary[key], whole[key], "{key}");
    }
    // Below the limit nothing changes.
    let small = ludolab(&["octal", "0.376", "--up-to", "1000", "--json"]);
    let small: serde_json::Value = serde_json::from_slice(&small.stdout).unwrap();
    assert!(small.get("summarised").is_none());
    assert_eq!(small["values"].as_array().unwrap().len(), 1001);
}
