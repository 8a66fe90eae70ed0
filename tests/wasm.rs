//! The solver through the wasm boundary, as the worker calls it (run in Node by
//! wasm-bindgen-test: `cargo test --target wasm32-unknown-unknown --test wasm`).
#![cfg(target_arch = "wasm32")]

use js_sys::{Float64Array, Function, Reflect};
use ludolab::web::{default_link, extra, extra_part, join_parts, parse_link, play, solve, task_parts};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn get(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(key)).expect("an object")
}

#[wasm_bindgen_test]
fn solve_returns_p_and_e_as_typed_arrays_with_progress() {
    // A JS callback that records every fraction it is given.
    let seen = js_sys::Array::new();
    let record = Function::new_with_args("fraction", "this.push(fraction)").bind0(&seen);
    let out = solve("game=snakes&preset=audet", &record).expect("audet solves");
    assert_eq!(get(&out, "n").as_f64(), Some(100.0));
    // Matrices arrive as {rows, cols, data}, data packed as {f64: bytes} (the worker unpacks it).
    let p = get(&out, "p");
    assert_eq!(get(&p, "rows").as_f64(), Some(100.0));
    let packed = |m: &JsValue| -> Float64Array {
        let bytes: js_sys::Uint8Array = get(&get(m, "data"), "f64").dyn_into().expect("packed bytes");
        Float64Array::new_with_byte_offset_and_length(&bytes.buffer(), bytes.byte_offset(), bytes.length() / 8)
    };
    let p = packed(&p);
    let e = packed(&get(&out, "e"));
    assert_eq!(p.length(), 10_000);
    assert!((p.get_index(0) - 0.5086541980).abs() < 1e-9, "{}", p.get_index(0));
    assert!((e.get_index(0) - 47.7605600697).abs() < 1e-9, "{}", e.get_index(0));
    // Row-major, rows = the player to move: p[81][91] = 0.25082.
    assert!((p.get_index(81 * 100 + 91) - 0.25082).abs() < 1e-5);
    // Progress is throttled but always ends with 1.
    assert!(seen.length() >= 1);
    assert_eq!(seen.get(seen.length() - 1).as_f64(), Some(1.0));
}

#[wasm_bindgen_test]
fn errors_cross_the_boundary_as_js_errors_with_the_key() {
    let noop = Function::new_no_args("");
    let err = solve("game=snakes&preset=nope", &noop).expect_err("an invalid preset fails");
    let message = get(&err, "message").as_string().unwrap();
    assert!(message.contains("invalid value \"nope\" for \"preset\""), "{message}");
    // The same error in French, for a French page.
    let french = get(&err, "fr").as_string().unwrap();
    assert!(french.contains("valeur \"nope\" invalide pour \"preset\""), "{french}");

    // A link with a bad key keeps the family and lists the key at fault.
    let info = parse_link("game=snakes&colour=red").expect("the family is known");
    let errors: js_sys::Array = get(&info, "errors").dyn_into().unwrap();
    assert_eq!(errors.length(), 1);
    assert_eq!(get(&errors.get(0), "key"), "colour");
    let err = parse_link("game=chess").expect_err("an unknown family fails");
    assert_eq!(get(&err, "key"), "game");
    assert!(err.is_instance_of::<js_sys::Error>());
}

#[wasm_bindgen_test]
fn links_are_canonicalised() {
    let info = parse_link("#game=snakes&preset=grid1").expect("a valid link");
    assert_eq!(get(&info, "query"), "game=snakes&v=1&preset=grid1");
    assert!(get(&info, "lang").is_null());
    // The language is kept, after the version.
    let info = parse_link("lang=fr&game=snakes&preset=grid1").expect("a French link");
    assert_eq!(get(&info, "query"), "game=snakes&v=1&lang=fr&preset=grid1");
    assert_eq!(get(&info, "lang"), "fr");
    assert_eq!(get(&get(&info, "fields"), "preset"), "grid1");
    assert_eq!(
        default_link("orchard"),
        "game=orchard&v=1&trees=4&fruits=10&crows=9&strategy=max"
    );
    assert_eq!(
        default_link("impartial"),
        "game=impartial&v=1&mode=nim&heaps=8%2C8%2C7%2C7%2C7%2C6%2C4%2C4%2C4%2C2%2C1"
    );
    assert_eq!(default_link("dice"), "game=dice&v=1&mode=sequential&dice=10&target=100");
    assert_eq!(default_link("no-such-game"), "game=snakes&v=1&preset=audet");
}

#[wasm_bindgen_test]
fn orchard_solves_and_sweeps_through_the_worker_entry_points() {
    let noop = Function::new_no_args("");
    let out = solve("game=orchard&trees=2&fruits=2&crows=2", &noop).expect("the seed's example solves");
    assert!((get(&out, "win_probability").as_f64().unwrap() - 0.677372685185).abs() < 1e-12);
    let chain = get(&out, "chain");
    assert_eq!(get(&get(&chain, "victory_exact"), "0"), "2341/3456");
    let sweep = extra("game=orchard&crows=9", "sweep", &noop).expect("the sweep runs");
    let p = get(&get(&get(&sweep, "table"), "3"), "9").as_f64().unwrap();
    assert!((p - 0.684047498128).abs() < 1e-12, "{p}");
    let err = extra("game=orchard", "nope", &noop).expect_err("an unknown task");
    assert!(get(&err, "message")
        .as_string()
        .unwrap()
        .contains("invalid value \"nope\" for \"task\""));
}

#[wasm_bindgen_test]
fn arenas_send_a_drawing_and_play_through_the_core() {
    let noop = Function::new_no_args("");
    let out = solve("game=graphs&kind=chomp&rows=4&cols=3", &noop).expect("Chomp 4 × 3 solves");
    assert_eq!(get(&out, "vertices").as_f64(), Some(66.0));
    // Chomp is drawn as its boards (no graph layout: a tangle); other arenas as a graph.
    let boards: js_sys::Array = get(&get(&out, "bars"), "boards").dyn_into().expect("Chomp's boards");
    assert_eq!(boards.length(), 66);
    let sticks = solve("game=graphs&kind=subtraction&sticks=9", &noop).expect("the stick game solves");
    let x: js_sys::Array = get(&get(&get(&sticks, "drawing"), "layout"), "x")
        .dyn_into()
        .expect("a layout for a small arena");
    assert_eq!(x.length(), 20);
    let start = play("game=graphs&kind=chomp&rows=4&cols=3", "", "start", "", 1.0).expect("play starts");
    let now = get(&start, "now");
    let moves: js_sys::Array = get(&now, "moves").dyn_into().unwrap();
    assert_eq!(moves.length(), 11, "every square but the poison");
    let to = get(&moves.get(0), "to").as_f64().unwrap();
    let vertex = get(&now, "vertex").as_f64().unwrap();
    let after = play(
        "game=graphs&kind=chomp&rows=4&cols=3",
        &vertex.to_string(),
        "move",
        &to.to_string(),
        1.0,
    )
    .expect("a legal move");
    assert_eq!(get(&get(&after, "now"), "player").as_f64(), Some(2.0));
    assert!(play("game=graphs&kind=chomp&rows=4&cols=3", "0", "move", "0", 1.0).is_err());
}

#[wasm_bindgen_test]
fn connect4_solves_through_the_worker_entry_point_with_each_columns_score() {
    let noop = Function::new_no_args("");
    let out = solve("game=connect4&width=4&height=4&moves=1212", &noop).expect("4 × 4 solves");
    let result = out;
    assert_eq!(get(&result, "kind").as_string().as_deref(), Some("connect4"));
    let columns = js_sys::Array::from(&get(&result, "columns"));
    assert_eq!(columns.length(), 4);
    // Column 1 is playable and scored; the position's score is the best column's.
    let score = get(&result, "score").as_f64().expect("solved");
    let best = columns
        .iter()
        .filter_map(|c| get(&c, "score").as_f64())
        .fold(f64::NEG_INFINITY, f64::max);
    assert_eq!(score, best);
    assert!(solve("game=connect4&width=4&height=4&moves=15", &noop).is_err());
    assert_eq!(get(&result, "columns_later").as_bool(), Some(false));
    // The follow-up a long solve asks for: every column, through the worker's `extra`.
    let later = extra("game=connect4&width=5&height=4&moves=3", "columns", &noop).expect("columns");
    let scored = js_sys::Array::from(&get(&later, "columns"))
        .iter()
        .filter(|c| get(c, "score").as_f64().is_some())
        .count();
    assert_eq!((scored, get(&later, "columns_later").as_bool()), (5, Some(false)));
    // Only Connect Four has it; an unknown task is refused.
    assert!(extra("game=graphs&kind=chomp&rows=3&cols=3", "columns", &noop).is_err());
    assert!(extra("game=connect4", "rows", &noop).is_err());
}

#[wasm_bindgen_test]
fn connect4_columns_split_over_workers_come_back_whole() {
    // What the page's workers do: each part alone, sent back as a JS value,
    // then put together: the same columns as the task whole.
    let noop = Function::new_no_args("");
    let link = "game=connect4&width=5&height=4&moves=3";
    let parts = task_parts(link, "columns").expect("a link");
    assert_eq!(parts, 3, "a mirror position: the centre, then two pairs");
    let sent = js_sys::Array::new();
    for k in 0..parts {
        sent.push(&extra_part(link, "columns", k, &noop).expect("a part"));
    }
    let joined = join_parts(link, "columns", sent.clone().into()).expect("the parts put together");
    let whole = extra(link, "columns", &noop).expect("columns");
    let scores = |r: &JsValue| -> Vec<Option<f64>> {
        js_sys::Array::from(&get(r, "columns"))
            .iter()
            .map(|c| get(&c, "score").as_f64())
            .collect()
    };
    assert_eq!(scores(&joined), scores(&whole));
    assert_eq!(get(&joined, "score").as_f64(), get(&whole, "score").as_f64());
    assert!(get(&joined, "nodes").as_f64().unwrap() > 0.0);
    // Too few parts, a part beyond, a task that runs whole.
    sent.pop();
    assert!(join_parts(link, "columns", sent.into()).is_err());
    assert!(extra_part(link, "columns", parts, &noop).is_err());
    assert_eq!(task_parts("game=orchard", "sweep").unwrap(), 0);
    assert!(task_parts("game=connect4&width=9", "columns").is_err());
}

#[wasm_bindgen_test]
fn a_parity_game_is_solved_and_verified_in_wasm() {
    let record = Function::new_no_args("");
    let out = solve("game=parity", &record).expect("the example solves");
    assert_eq!(get(&out, "kind").as_string().as_deref(), Some("parity"));
    let size = |key: &str| js_sys::Array::from(&get(&out, key)).length();
    assert_eq!(size("won_by_even"), 3);
    assert_eq!(size("won_by_odd"), 4);
    assert_eq!(get(&out, "verified").as_bool(), Some(true));
    assert!(get(&out, "wasm_memory_mb").as_f64().is_some_and(|mb| mb > 0.0));
    // Friedmann's recursive ladder by both solvers: the same regions.
    let even = |solver: &str| {
        let out = solve(
            &format!("game=parity&source=recursive-ladder&size=12&solver={solver}"),
            &record,
        )
        .expect("the ladder solves");
        js_sys::Array::from(&get(&out, "won_by_even"))
            .to_vec()
            .iter()
            .map(wasm_bindgen::JsValue::as_f64)
            .collect::<Vec<_>>()
    };
    assert_eq!(even("zielonka"), even("promotion"));
}

#[wasm_bindgen_test]
fn a_misere_quotient_is_built_and_a_sum_answered_in_wasm() {
    let record = Function::new_no_args("");
    // Nim with heaps of 1 and 2 (0.33 up to 2): ⟨a, b | a² = 1, b³ = b⟩.
    let query = "game=impartial&mode=quotient&code=0.33&heap_limit=2&heaps=1,1,2,2";
    let out = solve(query, &record).expect("the quotient builds");
    assert_eq!(get(&out, "order").as_f64(), Some(6.0));
    assert_eq!(
        get(&out, "presentation").as_string().as_deref(),
        Some("⟨a, b | a² = 1, b³ = b⟩")
    );
    assert_eq!(get(&out, "loses").as_bool(), Some(true));
    // The sum box: a play session keeps the quotient and answers each sum.
    let turn = play(query, "1,2,2", "show", "", 0.0).expect("a sum answers");
    assert_eq!(get(&turn, "element").as_string().as_deref(), Some("ab²"));
    assert_eq!(get(&turn, "loses").as_bool(), Some(false));
    assert!(play(query, "3", "show", "", 0.0).is_err(), "heap 3 is beyond the limit");
}

// The arena drawing (`draw::arena`, plotters): the page's and the notebooks' one
// drawing; compiled for wasm32 and Python only, so tested here.
use ludolab::draw::arena::{loop_room, whole_svg, Arena};

fn path(n: usize) -> Arena {
    Arena {
        x: (0..n).map(|v| v as f64).collect(),
        y: vec![0.0; n],
        owner: (0..n).map(|v| (v % 2) as u8).collect(),
        fill: vec![1; n],
        labels: (0..n).map(|v| v.to_string()).collect(),
        notes: Vec::new(),
        edges: (1..n as u32).flat_map(|v| [v - 1, v]).collect(),
        bends: Vec::new(),
        strong: Vec::new(),
        zoom: 70.0,
        pan_x: 0.0,
        pan_y: 0.0,
        scale: 1.0,
        highlight: Some(0),
    }
}

#[wasm_bindgen_test]
fn a_whole_graph_is_one_svg_with_every_vertex_and_label() {
    let svg = whole_svg(&path(4)).unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains(r#"width="290""#),
        "{}",
        &svg[..120]
    );
    // Two circles (player 1), two squares (player 2), each filled then outlined, a ring.
    assert_eq!(svg.matches("<circle").count(), 2 * 2 + 1);
    for label in ["0", "1", "2", "3"] {
        assert!(svg.contains(&format!(">\n{label}\n</text>")), "label {label}");
    }
}

#[wasm_bindgen_test]
fn one_vertex_and_a_loop_fit_and_arrays_that_disagree_are_refused() {
    let mut one = path(1);
    one.edges = vec![0, 0];
    assert!(
        loop_room(&one, 400.0) > 0.0 && loop_room(&one, 70.0) == 0.0,
        "a big loop needs room above the margin"
    );
    assert!(whole_svg(&one).unwrap().contains(r#"height="200""#));
    let mut bad = path(3);
    bad.labels.pop();
    assert!(whole_svg(&bad).is_err());
    bad = path(3);
    bad.edges.push(7);
    assert!(whole_svg(&bad).is_err());
    bad = path(3);
    bad.strong = vec![5];
    assert!(whole_svg(&bad).is_err());
    assert!(whole_svg(&path(0)).is_ok(), "an empty graph draws an empty frame");
}

#[wasm_bindgen_test]
fn a_loop_is_drawn_beside_its_vertex_clear_of_the_label_above() {
    // Vertex 0 above vertex 1, which moves back to itself; vertex 0 has a note.
    let mut column = path(2);
    column.x = vec![0.0, 0.0];
    column.y = vec![0.0, 1.0];
    column.edges = vec![1, 1];
    column.notes = vec!["note".into(), String::new()];
    let svg = whole_svg(&column).unwrap();
    let number = |tag: &str, name: &str| -> f64 {
        let at = tag.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        tag[at..].split('"').next().unwrap().parse().unwrap()
    };
    let circles: Vec<&str> = svg.split("<circle").skip(1).collect();
    let vertex = circles.iter().map(|c| number(c, "r")).fold(0.0, f64::max);
    let looped = circles
        .iter()
        .find(|c| number(c, "r") < vertex * 0.8)
        .expect("the loop");
    let (cx, cy, r) = (number(looped, "cx"), number(looped, "cy"), number(looped, "r"));
    let below = svg.split("<text").find(|t| t.contains("\nnote\n")).expect("the note");
    let note_y = number(below, "y");
    // Edges are drawn first: the vertex is the first full-sized circle.
    let drawn = circles
        .iter()
        .find(|c| number(c, "r") >= vertex * 0.8)
        .expect("vertex 0");
    let (x0, y1) = (number(drawn, "cx"), 40.0 + 70.0);
    assert!(cx > x0, "the loop is beside its vertex, at {cx} against {x0}");
    assert!(
        cy - r > note_y + 6.0,
        "the loop's top {} is below the note above, at {note_y}",
        cy - r
    );
    assert!(cy < y1, "and above its vertex's centre");
}

/// The cost guard's promise, measured where its estimates are made for: a
/// link the page accepts answers in about the time its estimate says. For
/// every family, each value of each of its choice keys (a mode, a ruleset, a
/// solver, a generator, a searched game: the kinds of work) and any kind,
/// seeded links drawn across the whole accepted range (the families' own
/// random positions: boards of every shape, random legal moves, typed sums)
/// run through the worker's call under Node's V8 (the page's engine; the
/// wasm test build: the bundle's optimisation without the whole-program pass).
///
/// Estimates are in seconds of the machine BENCHMARKS.md's browser figures
/// come from; this machine runs 1 to 4 times slower from one day to the next.
/// So the run's speed is the median of time over estimate across the links
/// estimated above 50 ms (at least 1), and a link fails when it takes more than
/// four times its estimate at that speed plus a quarter second (a report's
/// fixed costs), or more than 10 s with an estimate under 1 s.
///
/// `make estimates` draws five links a kind from a new seed
/// (`LUDOLAB_ESTIMATE_SEED`, `LUDOLAB_ESTIMATE_LINKS` when the test is built).
#[wasm_bindgen_test]
fn every_accepted_link_answers_within_its_estimate() {
    let seed: u64 = option_env!("LUDOLAB_ESTIMATE_SEED")
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_261_202);
    let per_kind: usize = option_env!("LUDOLAB_ESTIMATE_LINKS")
        .and_then(|s| s.parse().ok())
        .unwrap_or(2);
    let links = ludolab::sweep::estimate_sample(seed, per_kind, 1.5);
    let games: std::collections::BTreeSet<&str> = links.iter().map(|l| l.game).collect();
    assert_eq!(games.len(), ludolab::registry::Game::ALL.len(), "{games:?}");
    let quiet = Function::new_no_args("");
    let runs: Vec<f64> = links
        .iter()
        .map(|link| {
            let started = js_sys::Date::now();
            // An error is an answer too (a solver's limit reached after the guard).
            let _ = solve(&link.query, &quiet);
            (js_sys::Date::now() - started) / 1000.0
        })
        .collect();
    let mut ratios: Vec<f64> = links
        .iter()
        .zip(&runs)
        .filter(|(l, _)| l.seconds > 0.05)
        .map(|(l, t)| t / l.seconds)
        .collect();
    ratios.sort_by(f64::total_cmp);
    let speed = ratios.get(ratios.len() / 2).copied().unwrap_or(1.0).max(1.0);
    let mut late = Vec::new();
    for (link, &took) in links.iter().zip(&runs) {
        let most = 4.0 * link.seconds * speed + 0.25;
        if took > most || (link.seconds < 1.0 && took > 10.0) {
            late.push(format!(
                "{took:.2} s where the page estimates {:.3} s (at most {most:.2} s): {}",
                link.seconds, link.query
            ));
        }
    }
    wasm_bindgen_test::console_log!(
        "estimate test: seed {seed}, {} links, this machine {speed:.1} times the estimates' speed",
        links.len()
    );
    assert!(
        late.is_empty(),
        "seed {seed}: {} of {} links ran past their estimates at {speed:.1} times their speed:\n{}",
        late.len(),
        links.len(),
        late.join("\n")
    );
}
