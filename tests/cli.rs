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
    assert_eq!(object.keys().collect::<Vec<_>>(), ["e", "n", "p"]);
    assert_eq!(json["n"], 100);
    let p = json["p"].as_array().unwrap();
    assert_eq!(p.len(), 100);
    assert!(p.iter().all(|row| row.as_array().unwrap().len() == 100));
    assert!((json["p"][0][0].as_f64().unwrap() - 0.5086541980).abs() < 1e-9);
    assert!((json["e"][0][0].as_f64().unwrap() - 47.7605600697).abs() < 1e-9);
    // Rows are the player to move: p[74][91] = 0.494 and p[81][91] = 0.251 (seed Figure 3 discussion).
    assert_eq!(
        format!("{:.3}", json["p"][74][91].as_f64().unwrap()),
        "0.494"
    );
    assert_eq!(
        format!("{:.3}", json["p"][81][91].as_f64().unwrap()),
        "0.251"
    );
}

#[test]
fn snakes_table_shows_the_seeds_excerpt() {
    let out = ludolab(&["snakes", "--preset", "audet"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("p[0][0] = 0.5086541980"), "{text}");
    assert!(text.contains("e[0][0] = 47.7605600697"), "{text}");
    // Figure 3, row 50: 0.696 0.706 0.703 0.697 … 0.513.
    let row50 = text
        .lines()
        .find(|l| l.trim_start().starts_with("50 "))
        .unwrap();
    assert!(
        row50.contains("0.696   0.706   0.703   0.697   0.513"),
        "{row50}"
    );
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
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "game=snakes&v=1&preset=grid1\n"
    );
}
