//! The link sweep, natively: every valid link of the seeded generator (every
//! family and mode, limits and degenerate cases) computes through the CLI's
//! JSON, with no null where the report's type promises a number.
//!
//! `LUDOLAB_SWEEP_SEED` replays a run (the seed is printed); `LUDOLAB_SWEEP_LINKS`
//! sets how many links (`make sweep` runs 1,000).

use ludolab::sweep::sweep;
use std::process::Command;

/// Keys whose value may be null: the `Option` fields of the reports, and the
/// matrices that are null where undefined (P and E of boards where games may
/// never end). A null anywhere else is a number the report promised and lost.
const NULLABLE: &[&str] = &[
    // Snakes and Ladders
    "p",
    "e",
    "p00",
    "e00",
    "p_exact",
    "e_exact",
    "expected_rolls",
    "median",
    "min",
    "expected_length",
    "undefined",
    // Dice Battle
    "simulation",
    "win_probability",
    "matrix_exact",
    // Orchard
    "by_turn",
    "by_turn_note",
    "chain",
    "chain_note",
    "simulation_note",
    "advice",
    "after",
    "min_crows",
    // Impartial games
    "period",
    "preperiod",
    "periodicity",
    "computed",
    "other",
    "equivalent",
    "colouring",
    "graph",
    "winning_move",
    "rare",
    "same_as",
    "theorem_t",
    // Game graphs
    "winner",
    "ranks",
    "labels",
    "iteration_agrees",
    "drawing",
    "note",
    // Partizan games: a value that is not a number, a link with no sum box, a
    // value that is not all-small (no atomic weight)
    "number",
    "sum",
    "atomic_weight",
    "atomic_display",
    // Parity games
    "steps",
    // Parity: the run stepped is tangle learning's or Zielonka's, never both.
    "tangle_steps",
    "pg",
    "wasm_memory_mb",
    // The search
    "best_move",
    "exact_answer",
    "exact_note",
    "disagrees",
    "tree",
    "depth",
    "cells",
    "columns",
    "shape",
    "board",
    "sticks",
    "vertex",
    "places",
    "played",
    "reason",
    // Connect Four solved: a draw ends with no winner, a finished solve was not stopped.
    "ending",
    "stopped",
];

/// Nullable fields known by their place only (a name other reports use for numbers):
/// paths without their indices. The search tree's root has no parent, and a
/// move pruned unsearched has no visit, value or window.
const NULLABLE_PATHS: &[&str] = &[
    // An octal game's sparse space with no rare heap.
    ".rare.last",
    // The orchard advisor's random strategy: no single position after its pick.
    ".advice.strategies.after",
    ".advice.strategies.after_label",
    // A search stopped by the node limit before any finished: no value, no depth.
    ".value",
    ".runs.value",
    ".searched_depth",
    // Chomp's boards: a strategy's move only from its owner's vertices in its attractor.
    ".bars",
    ".bars.moves",
    ".tree.nodes.parent",
    ".tree.nodes.visit",
    ".tree.nodes.value",
    ".tree.nodes.window",
    // How soon a tree node ends: only for nodes the search proved won or lost.
    ".tree.ends",
    // Connect Four solved: a full column (or a stopped solve) has no score, no verdict.
    ".score",
    ".verdict",
    ".columns.score",
    // A Hackenbush drawing: the ground is a line, and a vertex cut off from it is not drawn.
    ".drawing.x",
    // A search's exact answer left for later: its estimate only then.
    ".exact_later",
];

fn nullable(key: &str, path: &str) -> bool {
    if NULLABLE.contains(&key) {
        return true;
    }
    let mut bare = String::new();
    let mut depth = 0;
    for c in path.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            _ if depth == 0 => bare.push(c),
            _ => {}
        }
    }
    NULLABLE_PATHS.contains(&bare.as_str())
}

/// The paths of the nulls in `value` that no nullable key holds.
fn bad_nulls(value: &serde_json::Value, key: &str, path: &str, out: &mut Vec<String>) {
    match value {
        serde_json::Value::Null if !nullable(key, path) => out.push(path.to_string()),
        serde_json::Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                bad_nulls(item, key, &format!("{path}[{i}]"), out);
            }
        }
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                bad_nulls(v, k, &format!("{path}.{k}"), out);
            }
        }
        _ => {}
    }
}

#[test]
fn every_valid_link_computes_with_every_promised_number() {
    let seed: u64 = std::env::var("LUDOLAB_SWEEP_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_secs())
        });
    let count: usize = std::env::var("LUDOLAB_SWEEP_LINKS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    eprintln!("link sweep: seed {seed} ({count} links; replay with LUDOLAB_SWEEP_SEED={seed})");
    let links = sweep(seed, count, 1.0);
    let mut checked = 0;
    for link in links.iter().filter(|l| l.bad_key.is_none()) {
        let started = std::time::Instant::now();
        let out = Command::new(env!("CARGO_BIN_EXE_ludolab"))
            // Whole, as the page receives it: past 4 MB the CLI otherwise
            // summarises long lists (`first`, `last`), and a matrix's nulls
            // where undefined would sit under keys no longer theirs.
            .args(["report", "--whole", &link.query])
            .output()
            .expect("the binary runs");
        let took = started.elapsed().as_secs_f64();
        if took > 2.0 {
            // Not a failure (timings are for benchmarks), but a cost estimate to look at.
            eprintln!(
                "slow: {took:.1} s (estimated {:.2} s in the browser): {}",
                link.seconds, link.query
            );
        }
        assert!(
            out.status.success(),
            "seed {seed}: {} failed: {}",
            link.query,
            String::from_utf8_lossy(&out.stderr)
        );
        let json: serde_json::Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("seed {seed}: {}: not valid JSON: {e}", link.query));
        let mut nulls = Vec::new();
        bad_nulls(&json, "", "", &mut nulls);
        assert!(nulls.is_empty(), "seed {seed}: {}: null at {nulls:?}", link.query);
        checked += 1;
    }
    assert!(checked * 2 > count, "seed {seed}: only {checked} valid links");
}
