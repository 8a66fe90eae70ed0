//! The thin wasm-bindgen adapter between the page and the core (wasm32 only).
//!
//! The worker calls [`solve`]; the main thread calls [`parse_link`] on every link
//! and edit (so that Rust alone decides what is valid) and [`heatmap::draw_heatmap`]
//! to draw results. Errors become JS `Error`s carrying the core's message.

pub mod chart;
pub mod graph;
pub mod heatmap;

use crate::scenario::{self, Game, Lang, Scenario};
use crate::snakes;
use serde::Serialize;
use std::collections::BTreeMap;
use wasm_bindgen::prelude::*;

/// Milliseconds between two progress reports sent to JS (a few per second).
const PROGRESS_INTERVAL_MS: f64 = 200.0;

#[wasm_bindgen(start)]
fn start() {
    // A panic (a bug: solvers return errors) shows its message in the console.
    console_error_panic_hook::set_once();
}

fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// A core error as a JS `Error`: the English message, the French one in `fr`,
/// and the share-link key at fault (if any) in `key`, for marking the field.
fn core_error(e: crate::Error) -> JsValue {
    let error = js_sys::Error::new(&e.message(Lang::En));
    let _ = js_sys::Reflect::set(&error, &"fr".into(), &e.message(Lang::Fr).into());
    if let Some(key) = e.key() {
        let _ = js_sys::Reflect::set(&error, &"key".into(), &key.into());
    }
    error.into()
}

fn to_js(value: &impl Serialize) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(js_error)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LinkInfo {
    game: &'static str,
    title: &'static str,
    /// The language the link names (`en`, `fr`), or null: the page then uses the browser's.
    lang: Option<&'static str>,
    /// The canonical query, to put in the address bar.
    query: String,
    fields: BTreeMap<&'static str, String>,
    choices: BTreeMap<&'static str, Vec<&'static str>>,
}

fn link_info(link: &scenario::Link) -> LinkInfo {
    let s = &link.scenario;
    let game = s.game();
    LinkInfo {
        game: game.key(),
        title: game.title(),
        lang: link.lang.map(Lang::key),
        query: scenario::link_query(link),
        fields: scenario::fields(s).into_iter().collect(),
        choices: scenario::choices(game).into_iter().collect(),
    }
}

/// Parses and validates a share-link query; returns `{game, title, lang,
/// query, fields, choices}` or throws an `Error` naming the bad key or value
/// (English `message`, French `fr`), with the key also in its `key` property
/// (for marking the field at fault).
#[wasm_bindgen(js_name = parseLink)]
pub fn parse_link(query: &str) -> Result<JsValue, JsValue> {
    let link = scenario::parse_link(query).map_err(core_error)?;
    Ok(to_js(&link_info(&link))?)
}

/// A rough estimate of a link's cost in this browser: `{seconds, megabytes,
/// confirm}`; `confirm` is true when the page should ask before computing.
#[wasm_bindgen(js_name = estimateCost)]
pub fn estimate_cost(query: &str) -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    struct Estimate {
        seconds: f64,
        megabytes: f64,
        confirm: bool,
    }
    let c = crate::cost::estimate(&scenario::parse(query).map_err(core_error)?);
    Ok(to_js(&Estimate {
        seconds: c.seconds,
        megabytes: c.megabytes,
        confirm: c.seconds > crate::cost::CONFIRM_SECONDS,
    })?)
}

/// Panics on purpose: the browser tests check that a panic in the worker (a bug,
/// should one ever happen) shows a message and the worker restarts.
#[wasm_bindgen(js_name = debugPanic)]
pub fn debug_panic() {
    panic!("a deliberate panic for the tests");
}

/// The canonical link of `game`'s default scenario (Snakes and Ladders for an unknown game).
#[wasm_bindgen(js_name = defaultLink)]
pub fn default_link(game: &str) -> String {
    let scenario = Game::from_key(game).map_or_else(Scenario::default, Scenario::default_for);
    scenario::to_query(&scenario)
}

#[derive(Serialize)]
struct GameEntry {
    key: &'static str,
    title: &'static str,
}

/// The five families, in menu order: `[{key, title}]`.
#[wasm_bindgen(js_name = gameList)]
pub fn game_list() -> Result<JsValue, JsError> {
    to_js(
        &Game::ALL
            .iter()
            .map(|g| GameEntry {
                key: g.key(),
                title: g.title(),
            })
            .collect::<Vec<_>>(),
    )
}

/// The link of a random board (`squares` squares, reproducible from `seed`),
/// keeping the other keys of `query` (width, method, players…).
#[wasm_bindgen(js_name = randomBoardLink)]
pub fn random_board_link(query: &str, squares: usize, seed: u32) -> Result<String, JsValue> {
    let Scenario::Snakes(mut s) = scenario::parse(query).map_err(core_error)? else {
        return Err(JsError::new("not a Snakes and Ladders link").into());
    };
    s.model = snakes::Model::Board(snakes::random_board(squares, u64::from(seed)).map_err(core_error)?);
    s.starts.iter_mut().for_each(|start| *start = (*start).min(squares - 1));
    if squares > s.method.max_squares() {
        s.method = snakes::Method::Distributions;
    }
    Ok(scenario::to_query(&Scenario::Snakes(s)))
}

/// Largest board whose characteristic matrix A is sent to the page (as a heat map).
const MAX_A_SHOWN: usize = 200;
/// Largest board whose A is also sent as fractions (as a table).
const MAX_A_TABLE: usize = 20;

/// Solves the scenario of a share-link query, calling `progress(fraction)` a few
/// times per second. For Snakes and Ladders, returns the analysis (termination,
/// one player, race, surprises, rules…) with `p` and `e` as row-major
/// `Float64Array`s (NaN where undefined), and `a` (n ≤ 200) and `aText` (n ≤ 20)
/// for the view of A. Typed arrays are transferable to the main thread.
#[wasm_bindgen]
pub fn solve(query: &str, progress: &js_sys::Function) -> Result<JsValue, JsValue> {
    let mut report = throttled(progress);
    match scenario::parse(query).map_err(core_error)? {
        Scenario::Snakes(s) => {
            let analysis = snakes::analyse_scenario(&s, &mut report).map_err(core_error)?;
            let out = to_js(&analysis)?;
            set(&out, "game", &JsValue::from_str("snakes"))?;
            set(&out, "p", &js_sys::Float64Array::from(analysis.p.as_slice()))?;
            set(&out, "e", &js_sys::Float64Array::from(analysis.e.as_slice()))?;
            if analysis.n <= MAX_A_SHOWN {
                let exact = s.model.exact_matrix();
                set(
                    &out,
                    "a",
                    &js_sys::Float64Array::from(exact.to_f64().to_dense().as_slice()),
                )?;
                if analysis.n <= MAX_A_TABLE {
                    let text: Vec<Vec<String>> = exact
                        .to_dense()
                        .iter()
                        .map(|row| row.iter().map(crate::number::format_rational).collect())
                        .collect();
                    set(&out, "aText", &to_js(&text)?)?;
                }
            }
            Ok(out)
        }
        Scenario::Dice(s) => {
            let analysis = crate::dice::analyse(&s, &mut report).map_err(core_error)?;
            // (`game` here is the analysis's matrix game, not a tag.)
            let out = to_js(&analysis)?;
            if let Some(seq) = &analysis.sequential {
                set(&out, "eg", &js_sys::Float64Array::from(seq.eg.as_slice()))?;
                let opt: Vec<f64> = seq.opt.iter().map(|&d| f64::from(d)).collect();
                set(&out, "opt", &js_sys::Float64Array::from(opt.as_slice()))?;
                set(&out, "eg00", &JsValue::from_f64(seq.eg.get(0, 0)))?;
                set(&out, "opt00", &JsValue::from_f64(f64::from(seq.opt[0])))?;
            }
            if let Some(m) = &analysis.matrix {
                set(&out, "matrix", &js_sys::Float64Array::from(m.as_slice()))?;
            }
            if let Some(g) = &analysis.simultaneous {
                set(&out, "eg1", &js_sys::Float64Array::from(g.eg.as_slice()))?;
                set(&out, "mixed", &js_sys::Float64Array::from(g.strategy.as_slice()))?;
                set(&out, "eg00", &JsValue::from_f64(g.eg.get(0, 0)))?;
            }
            Ok(out)
        }
        Scenario::Orchard(s) => {
            let analysis = crate::orchard::analyse(&s, &mut report).map_err(core_error)?;
            Ok(to_js(&analysis)?)
        }
        Scenario::Arena(s) => arena_result(&s),
        Scenario::Impartial(s) => Ok(to_js(&crate::impartial::analyse(&s, &mut report).map_err(core_error)?)?),
    }
}

/// Largest arena whose ranks are sent (the page plays on it).
const MAX_RANKS_SENT: usize = 4_000_000;

/// An arena's analysis, with `owner` and `rank1`/`rank2` (−1 outside) as typed
/// arrays for play; up to 2,000 vertices also `offsets`/`targets`, `outcome`
/// (0 none, 1 or 2 a win, 3 a draw) and a layout `x`/`y` for drawing; for Chomp
/// `boardVertex` (the vertex of board rank b and player p at 2b + p, −1 if unreachable).
fn arena_result(s: &crate::arena::Scenario) -> Result<JsValue, JsValue> {
    use crate::arena::{layout, Built, Outcome, Player};
    let (analysis, full) = crate::arena::analyse_full(s).map_err(core_error)?;
    let out = to_js(&analysis)?;
    let Some((built, solution)) = full else {
        return Ok(out);
    };
    let arena = built.arena();
    let n = arena.len();
    if n <= MAX_RANKS_SENT {
        let owner: Vec<u8> = (0..n).map(|v| arena.owner(v).index() as u8).collect();
        set(&out, "owner", &js_sys::Uint8Array::from(owner.as_slice()))?;
        for (p, key) in ["rank1", "rank2"].iter().enumerate() {
            let ranks: Vec<i32> = solution.attractors[p]
                .rank
                .iter()
                .map(|&r| if r == crate::arena::OUTSIDE { -1 } else { r as i32 })
                .collect();
            set(&out, key, &js_sys::Int32Array::from(ranks.as_slice()))?;
        }
    }
    if n <= crate::arena::MAX_LISTED {
        let mut offsets = vec![0u32];
        let mut targets = Vec::new();
        for v in 0..n {
            targets.extend_from_slice(arena.successors(v));
            offsets.push(targets.len() as u32);
        }
        set(&out, "offsets", &js_sys::Uint32Array::from(offsets.as_slice()))?;
        set(&out, "targets", &js_sys::Uint32Array::from(targets.as_slice()))?;
        let outcome: Vec<u8> = (0..n)
            .map(|v| match arena.outcome(v) {
                None => 0,
                Some(Outcome::Win(Player::One)) => 1,
                Some(Outcome::Win(Player::Two)) => 2,
                Some(Outcome::Draw) => 3,
            })
            .collect();
        set(&out, "outcome", &js_sys::Uint8Array::from(outcome.as_slice()))?;
        let l = match &built {
            Built::Sticks(a) => layout::sticks_layout(a),
            _ => layout::rank_layout(arena, &solution),
        };
        set(&out, "x", &js_sys::Float64Array::from(l.x.as_slice()))?;
        set(&out, "y", &js_sys::Float64Array::from(l.y.as_slice()))?;
    }
    if let Built::Chomp(c) = &built {
        let table: Vec<i32> = c
            .vertex_table()
            .iter()
            .map(|&v| if v == u32::MAX { -1 } else { v as i32 })
            .collect();
        set(&out, "boardVertex", &js_sys::Int32Array::from(table.as_slice()))?;
    }
    Ok(out)
}

/// Forwards progress to `progress(fraction)` a few times per second.
fn throttled(progress: &js_sys::Function) -> impl FnMut(f64) + '_ {
    let mut last = f64::NEG_INFINITY;
    move |fraction: f64| {
        let now = js_sys::Date::now();
        if now - last >= PROGRESS_INTERVAL_MS || fraction >= 1.0 {
            last = now;
            // A failing callback must not abort the computation.
            let _ = progress.call1(&JsValue::NULL, &JsValue::from_f64(fraction));
        }
    }
}

/// Orchard's computations beside the analysis, for a link: `task` is `"sweep"`
/// (P for 1..8 trees × 1..20 fruits at the link's crows: `{table, crows, …}`),
/// `"min-crows"` (the fewest crows for P > 1/2: `{min_crows, searched_up_to, …}`)
/// or `"value"` (the link's strategy alone: `{win_probability, expected_rolls}`,
/// for the benchmark).
#[wasm_bindgen(js_name = orchardTask)]
pub fn orchard_task(query: &str, task: &str, progress: &js_sys::Function) -> Result<JsValue, JsValue> {
    let Scenario::Orchard(s) = scenario::parse(query).map_err(core_error)? else {
        return Err(JsError::new("not an Orchard link").into());
    };
    let mut report = throttled(progress);
    match task {
        "sweep" => Ok(to_js(
            &crate::orchard::sweep::sweep(
                crate::orchard::sweep::Range::FULL,
                s.game.crows,
                s.strategy,
                s.game.basket,
                &mut report,
            )
            .map_err(core_error)?,
        )?),
        "min-crows" => Ok(to_js(
            &crate::orchard::sweep::min_crows(
                crate::orchard::sweep::Range::FULL,
                s.strategy,
                s.game.basket,
                &mut report,
            )
            .map_err(core_error)?,
        )?),
        "value" => {
            #[derive(Serialize)]
            struct Value {
                win_probability: f64,
                expected_rolls: f64,
            }
            let (win_probability, expected_rolls) =
                crate::orchard::win_probability(&s.game, s.strategy).map_err(core_error)?;
            Ok(to_js(&Value {
                win_probability,
                expected_rolls,
            })?)
        }
        other => Err(JsError::new(&format!(
            "unknown Orchard task {other:?} (expected sweep, min-crows or value)"
        ))
        .into()),
    }
}

/// For the in-browser benchmark: P and E alone (the scenario's method on the
/// sure sub-board, no report), returning nothing; the worker times it.
#[wasm_bindgen(js_name = solveSnakesMatrices)]
pub fn solve_snakes_matrices(query: &str) -> Result<(), JsValue> {
    let Scenario::Snakes(s) = scenario::parse(query).map_err(core_error)? else {
        return Err(JsError::new("not a Snakes and Ladders link").into());
    };
    let a = s.model.characteristic_matrix();
    let sure = snakes::analyse(&a).map_err(core_error)?.sure();
    let a = a.restrict(&sure);
    match s.method {
        snakes::Method::Distributions => snakes::distributions::solve(&a, &mut |_| {}).map(drop),
        snakes::Method::Series => snakes::series::solve(&a, &mut |_| {}).map(drop),
        snakes::Method::Vectorised => snakes::vectorised::solve(&a, &mut |_| {}).map(drop),
        snakes::Method::Exact => snakes::exact::solve(&s.model.exact_matrix().restrict(&sure), &mut |_| {}).map(drop),
    }
    .map_err(core_error)
}

#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
enum BoardInfo {
    Board {
        squares: usize,
        width: usize,
        ladders: Vec<[usize; 2]>,
        snakes: Vec<[usize; 2]>,
        die: String,
        rule: &'static str,
    },
    Matrix {
        n: usize,
        width: usize,
        matrix: String,
    },
}

/// The explicit board of a Snakes and Ladders link, for the editor:
/// `{kind: 'board', squares, width, ladders, snakes, die, rule}` or
/// `{kind: 'matrix', n, width, matrix}`. Throws like `parseLink`.
#[wasm_bindgen(js_name = snakesBoard)]
pub fn snakes_board(query: &str) -> Result<JsValue, JsValue> {
    let Scenario::Snakes(s) = scenario::parse(query).map_err(core_error)? else {
        return Err(JsError::new("not a Snakes and Ladders link").into());
    };
    let info = match &s.model {
        snakes::Model::Board(b) => {
            let pick = |up: bool| {
                b.jumps()
                    .iter()
                    .filter(|j| (j.to > j.from) == up)
                    .map(|j| [j.from, j.to])
                    .collect()
            };
            BoardInfo::Board {
                squares: b.squares(),
                width: s.width,
                ladders: pick(true),
                snakes: pick(false),
                die: b.die().to_text(),
                rule: b.rule().name(),
            }
        }
        snakes::Model::Matrix(m) => BoardInfo::Matrix {
            n: m.size(),
            width: s.width,
            matrix: m
                .to_dense()
                .iter()
                .map(|row| {
                    row.iter()
                        .map(crate::number::format_exact)
                        .collect::<Vec<_>>()
                        .join(",")
                })
                .collect::<Vec<_>>()
                .join(";"),
        },
    };
    Ok(to_js(&info)?)
}

fn set(object: &JsValue, key: &str, value: &JsValue) -> Result<(), JsError> {
    js_sys::Reflect::set(object, &JsValue::from_str(key), value)
        .map(|_| ())
        .map_err(|_| JsError::new("cannot set a result field"))
}
