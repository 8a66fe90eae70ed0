//! A family's bundle: the registry's adapter. The worker calls [`solve`],
//! [`extra`] and [`play`]; the main thread calls [`parse_link`] on every link
//! and edit, and [`estimate_cost`] before a solve.

use super::{map_of, to_js};
use crate::registry::{self, Game, Scenario, Session};
use crate::toolkit::{Action, Counts, Error, Label, Lang, ProbeAnswer, Request, CONFIRM_SECONDS};
use serde::Serialize;
use std::cell::RefCell;
use std::collections::BTreeMap;
use wasm_bindgen::prelude::*;

/// Milliseconds between two progress reports sent to JS (a few per second).
const PROGRESS_INTERVAL_MS: f64 = 200.0;

/// A core error as a JS `Error`: the English message, the French one in `fr`,
/// the share-link key at fault (if any) in `key`, for marking the field, and
/// in `needs` the cargo feature this bundle leaves out, if that is what failed.
fn core_error(e: Error) -> JsValue {
    let error = js_sys::Error::new(&e.message(Lang::En));
    let _ = js_sys::Reflect::set(&error, &"fr".into(), &e.message(Lang::Fr).into());
    if let Some(key) = e.key() {
        let _ = js_sys::Reflect::set(&error, &"key".into(), &key.into());
    }
    // The worker then loads the family's full bundle and asks again.
    if let Some(feature) = e.needs() {
        let _ = js_sys::Reflect::set(&error, &"needs".into(), &feature.into());
    }
    error.into()
}

/// [`core_error`] for a link's work that failed after its link was read (a
/// sum too long to add, known once its parts are solved): also the message
/// naming the field by its label (`field`, in both languages), for beside it.
fn work_error(game: Game, e: Error) -> JsValue {
    let field = e.key().map(|_| field_error(game, &e).message);
    let error = core_error(e);
    if let Some(field) = field.and_then(|m| to_js(&m).ok()) {
        let _ = js_sys::Reflect::set(&error, &"field".into(), &field);
    }
    error
}
/// One key at fault in a link, for the message beside its field.
#[derive(Serialize)]
struct FieldError {
    key: String,
    /// The field's label, when the key is one of the family's.
    label: Option<Label>,
    /// Beside the field: what was typed and what is expected.
    detail: BTreeMap<&'static str, String>,
    /// The whole message, naming the field by its label.
    message: BTreeMap<&'static str, String>,
}

fn field_error(game: Game, e: &Error) -> FieldError {
    let key = e.key().unwrap_or("").to_string();
    let label = game.label(&key);
    let in_both = |f: &dyn Fn(Lang) -> String| map_of(Lang::ALL.iter().map(|&l| (l.key(), f(l))));
    FieldError {
        detail: in_both(&|l| e.detail(l)),
        message: in_both(&|l| match label {
            Some(label) => format!("{} — {}", label.get(l), e.detail(l)),
            None => e.message(l),
        }),
        label,
        key,
    }
}

#[derive(Serialize)]
struct LinkInfo {
    game: &'static str,
    title: Label,
    /// The language the link names (`en`, `fr`), or null: the page then uses the browser's.
    lang: Option<&'static str>,
    /// `present=1`: the results alone, large (the page hides its form).
    present: bool,
    /// `embed=1`: one view sized to its frame, without header or menu.
    embed: bool,
    /// The canonical query of what could be kept (valid: the link itself).
    query: String,
    /// Every value of the form: the kept ones, and those at fault as typed.
    fields: BTreeMap<String, String>,
    choices: BTreeMap<&'static str, &'static [&'static str]>,
    /// Choice values allowed by this scenario where they depend on other keys
    /// (a searched game's heuristics), with what each means.
    options: Vec<crate::toolkit::Choice>,
    /// The keys at fault; empty for a valid link.
    errors: Vec<FieldError>,
}

/// Reads a share link for the page. A link with bad values keeps its family,
/// its mode and every good value: `errors` lists each key at fault (its label,
/// what was typed, what is expected) and `fields` holds the values as typed.
/// Throws only when the family cannot be told (no `game`, or an unknown one).
///
/// # Errors
/// A JS `Error` with the core's message (and the key at fault) when the input is not valid.
#[wasm_bindgen(js_name = parseLink)]
pub fn parse_link(query: &str) -> Result<JsValue, JsValue> {
    let checked = registry::check(query).map_err(core_error)?;
    let link = &checked.link;
    let game = link.scenario.game();
    let mut fields = map_of(link.scenario.pairs().into_iter().map(|(k, v)| (k.to_string(), v)));
    for (k, v) in &checked.typed {
        fields.insert(k.clone(), v.clone());
    }
    Ok(to_js(&LinkInfo {
        game: game.key(),
        title: game.title(),
        lang: link.lang.map(Lang::key),
        present: link.display.present,
        embed: link.display.embed,
        query: registry::link_query(link),
        fields,
        choices: map_of(game.choices()),
        options: link.scenario.options(),
        errors: checked.errors.iter().map(|e| field_error(game, e)).collect(),
    })?)
}

#[derive(Serialize)]
struct FamilySpec {
    key: &'static str,
    title: Label,
    fields: &'static [crate::toolkit::Field],
    tasks: &'static [&'static str],
    default_link: String,
    held_back: &'static [crate::toolkit::HeldBack],
}

/// Every family, in menu order: `[{key, title, fields, tasks, default_link,
/// held_back}]`, each field with its label, kind and range (the page's form
/// limits), `held_back` the link pairs whose views need the family's full bundle.
///
/// # Errors
/// A JS `Error` with the core's message (and the key at fault) when the input is not valid.
#[wasm_bindgen(js_name = families)]
pub fn families() -> Result<JsValue, JsError> {
    to_js(
        &Game::ALL
            .iter()
            .map(|&g| FamilySpec {
                key: g.key(),
                title: g.title(),
                fields: g.fields(),
                tasks: g.tasks(),
                default_link: registry::to_query(&Scenario::default_for(g)),
                held_back: g.held_back(),
            })
            .collect::<Vec<_>>(),
    )
}

/// The links of renamed or split families and the family each opens now,
/// `[[old game, old kind or "*", new game], …]` ([`registry::RENAMED`]): the
/// page picks the bundle of an old link's family before any wasm is read.
///
/// # Errors
/// None in practice (serialization).
#[wasm_bindgen(js_name = renamedLinks)]
pub fn renamed_links() -> Result<JsValue, JsError> {
    to_js(&registry::RENAMED)
}

/// The canonical link of `game`'s default scenario (Snakes and Ladders for an unknown game).
#[wasm_bindgen(js_name = defaultLink)]
pub fn default_link(game: &str) -> String {
    let scenario = Game::from_key(game).map_or_else(Scenario::default, Scenario::default_for);
    registry::to_query(&scenario)
}

/// A rough estimate of a link's cost in this browser: `{seconds, megabytes,
/// confirm, uncertain}`; `confirm` is true when the page should ask before
/// computing, `uncertain` when the time cannot be told beforehand.
///
/// # Errors
/// A JS `Error` with the core's message (and the key at fault) when the input is not valid.
#[wasm_bindgen(js_name = estimateCost)]
pub fn estimate_cost(query: &str) -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    struct Estimate {
        seconds: f64,
        megabytes: f64,
        confirm: bool,
        uncertain: bool,
        /// Members of the answer the page may run side by side ([`solve_member`]), or 0.
        members: usize,
        /// Workers that may probe the answer side by side ([`probe`]), or 0.
        probes: usize,
    }
    let scenario = registry::parse(query).map_err(core_error)?;
    let c = scenario.cost();
    Ok(to_js(&Estimate {
        seconds: c.seconds,
        megabytes: c.megabytes,
        confirm: c.seconds > CONFIRM_SECONDS,
        uncertain: c.uncertain,
        members: scenario.members(),
        probes: scenario.probes(),
    })?)
}

/// Panics on purpose: the browser tests check that a panic in the worker (a bug,
/// should one ever happen) shows a message and the worker restarts.
#[wasm_bindgen(js_name = debugPanic)]
pub fn debug_panic() {
    panic!("a deliberate panic for the tests");
}

/// Forwards progress to `progress(fraction, counts)` a few times per second,
/// `counts` an object of the solver's named counts (`{heaps: 4194304, rare: 41}`).
fn throttled(progress: &js_sys::Function) -> impl FnMut(f64, Counts) + '_ {
    let mut last = f64::NEG_INFINITY;
    move |fraction: f64, counts: Counts| {
        let now = js_sys::Date::now();
        if now - last >= PROGRESS_INTERVAL_MS || fraction >= 1.0 {
            last = now;
            let named = js_sys::Object::new();
            for &(name, count) in counts {
                let _ = js_sys::Reflect::set(&named, &JsValue::from_str(name), &JsValue::from_f64(count as f64));
            }
            // A failing callback must not abort the computation.
            let _ = progress.call2(&JsValue::NULL, &JsValue::from_f64(fraction), &named);
        }
    }
}

/// Solves the scenario of a share-link query, calling `progress(fraction)` a
/// few times per second: the family's typed report.
///
/// # Errors
/// A JS `Error` with the core's message (and the key at fault) when the input is not valid.
#[wasm_bindgen]
pub fn solve(query: &str, progress: &js_sys::Function) -> Result<JsValue, JsValue> {
    let mut report = throttled(progress);
    let scenario = registry::parse(query).map_err(core_error)?;
    let game = scenario.game();
    Ok(to_js(&scenario.analyse(&mut report).map_err(|e| work_error(game, e))?)?)
}

/// The report of the link's member `member` alone (the parity portfolio's
/// solvers, one a worker: [`Scenario::members`] says how many): the page runs
/// them side by side and keeps the first to finish.
///
/// # Errors
/// As [`solve`].
#[wasm_bindgen(js_name = solveMember)]
pub fn solve_member(query: &str, member: usize, progress: &js_sys::Function) -> Result<JsValue, JsValue> {
    let mut report = throttled(progress);
    let scenario = registry::parse(query).map_err(core_error)?;
    let game = scenario.game();
    Ok(to_js(
        &scenario
            .analyse_member(member, &mut report)
            .map_err(|e| work_error(game, e))?,
    )?)
}

/// The next step of a link's probes side by side (Connect Four's score:
/// [`Scenario::probes`]): `{bounds, done, start, stop}` from the answers so
/// far (an array of [`probe`]'s), the thresholds in flight and the idle workers.
///
/// # Errors
/// As [`solve`]; a link without probes.
#[wasm_bindgen(js_name = probePlan)]
pub fn probe_plan(query: &str, answers: JsValue, running: Vec<f64>, free: usize) -> Result<JsValue, JsValue> {
    let scenario = registry::parse(query).map_err(core_error)?;
    let game = scenario.game();
    let answers: Vec<ProbeAnswer> =
        serde_wasm_bindgen::from_value(answers).map_err(|e| JsError::new(&e.to_string()))?;
    let running: Vec<i64> = running.iter().map(|&t| t as i64).collect();
    Ok(to_js(
        &scenario
            .probe_plan(&answers, &running, free)
            .map_err(|e| work_error(game, e))?,
    )?)
}

/// One probe of a link's answer: whether it is above `threshold`
/// (`{threshold, bounds, nodes}`), `progress` hearing the work done.
///
/// # Errors
/// As [`solve`]; a link without probes.
#[wasm_bindgen]
pub fn probe(query: &str, threshold: f64, progress: &js_sys::Function) -> Result<JsValue, JsValue> {
    let mut report = throttled(progress);
    let scenario = registry::parse(query).map_err(core_error)?;
    let game = scenario.game();
    Ok(to_js(
        &scenario
            .probe(threshold as i64, &mut report)
            .map_err(|e| work_error(game, e))?,
    )?)
}

/// A link's report from its probes' answers, once [`probe_plan`] says they
/// are done (`seconds`: the whole's time): what [`solve`] gives.
///
/// # Errors
/// As [`solve`]; answers that leave the answer unknown.
#[wasm_bindgen(js_name = probeJoin)]
pub fn probe_join(query: &str, answers: JsValue, seconds: f64) -> Result<JsValue, JsValue> {
    let scenario = registry::parse(query).map_err(core_error)?;
    let game = scenario.game();
    let answers: Vec<ProbeAnswer> =
        serde_wasm_bindgen::from_value(answers).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(to_js(
        &scenario
            .probe_join(&answers, seconds)
            .map_err(|e| work_error(game, e))?,
    )?)
}

/// The link's report as it stands before any work (Connect Four's board),
/// or `null`: the main thread draws it under a go-ahead question.
///
/// # Errors
/// A JS `Error` with the core's message when the link is not valid.
#[wasm_bindgen]
pub fn preview(query: &str) -> Result<JsValue, JsValue> {
    let scenario = registry::parse(query).map_err(core_error)?;
    match scenario.preview() {
        Some(report) => Ok(to_js(&report)?),
        None => Ok(JsValue::NULL),
    }
}

/// A family's follow-up task on a link (Orchard's `sweep`, `min-crows`, `value`).
///
/// # Errors
/// A JS `Error` with the core's message (and the key at fault) when the input is not valid.
#[wasm_bindgen]
pub fn extra(query: &str, task: &str, progress: &js_sys::Function) -> Result<JsValue, JsValue> {
    let mut report = throttled(progress);
    let scenario = registry::parse(query).map_err(core_error)?;
    let game = scenario.game();
    Ok(to_js(
        &scenario.extra(task, &mut report).map_err(|e| work_error(game, e))?,
    )?)
}

/// How many parts the follow-up task `task` of a link splits into, each
/// computed alone in a worker ([`extra_part`]) and put together by
/// [`join_parts`]; 0 when it runs whole ([`extra`]).
///
/// # Errors
/// A JS `Error` with the core's message when the link is not valid.
#[wasm_bindgen(js_name = taskParts)]
pub fn task_parts(query: &str, task: &str) -> Result<usize, JsValue> {
    Ok(registry::parse(query).map_err(core_error)?.task_parts(task))
}

/// Part `part` of a link's follow-up task (Connect Four's columns, a group of
/// them), computed alone: the page's workers compute the parts side by side.
///
/// # Errors
/// As [`extra`]; a part that is not there.
#[wasm_bindgen(js_name = extraPart)]
pub fn extra_part(query: &str, task: &str, part: usize, progress: &js_sys::Function) -> Result<JsValue, JsValue> {
    let mut report = throttled(progress);
    let scenario = registry::parse(query).map_err(core_error)?;
    let game = scenario.game();
    Ok(to_js(
        &scenario
            .extra_part(task, part, &mut report)
            .map_err(|e| work_error(game, e))?,
    )?)
}

/// A link's follow-up task put together from its parts (an array, in
/// order, as [`extra_part`] gave them): what [`extra`] gives.
///
/// # Errors
/// As [`extra`]; parts that are not the task's.
#[wasm_bindgen(js_name = joinParts)]
pub fn join_parts(query: &str, task: &str, parts: JsValue) -> Result<JsValue, JsValue> {
    let scenario = registry::parse(query).map_err(core_error)?;
    let game = scenario.game();
    Ok(to_js(
        &scenario
            .join_parts(task, serde_wasm_bindgen::Deserializer::from(parts))
            .map_err(|e| work_error(game, e))?,
    )?)
}

thread_local! {
    /// The last session of play, with the link it was made for.
    static SESSION: RefCell<Option<(Scenario, Session)>> = const { RefCell::new(None) };
}

/// One request of play on a link: `action` is `start`, `show`, `move` (with
/// `mv`, the move as the family writes it) or `reply` (the computer's move);
/// `position` is written as the family writes positions. The solved game is
/// kept between requests.
///
/// # Errors
/// A JS `Error` with the core's message (and the key at fault) when the input is not valid.
#[wasm_bindgen]
pub fn play(query: &str, position: &str, action: &str, mv: &str, seed: f64) -> Result<JsValue, JsValue> {
    let scenario = registry::parse(query).map_err(core_error)?;
    let action = match action {
        "start" => Action::Start,
        "show" => Action::Show,
        "move" => Action::Move(mv),
        "reply" => Action::Reply,
        other => return Err(JsError::new(&format!("unknown action {other:?}")).into()),
    };
    let request = Request {
        position,
        action,
        seed: seed as u64,
    };
    SESSION.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell.as_ref().is_none_or(|(s, _)| *s != scenario) {
            let session = scenario.session().map_err(core_error)?;
            *cell = Some((scenario, session));
        }
        let (_, session) = cell.as_ref().expect("just set");
        Ok(to_js(&session.play(&request).map_err(core_error)?)?)
    })
}

/// The explicit board of a Snakes and Ladders link, for the editor:
/// `{kind: 'board', squares, width, ladders, snakes, die, rule}` or
/// `{kind: 'matrix', n, width, matrix}`.
///
/// # Errors
/// A JS `Error` with the core's message (and the key at fault) when the input is not valid.
#[cfg(feature = "snakes")]
// A bundle of Snakes and Ladders alone has no other scenario.
#[allow(irrefutable_let_patterns)]
#[wasm_bindgen(js_name = snakesBoard)]
pub fn snakes_board(query: &str) -> Result<JsValue, JsValue> {
    let Scenario::Snakes(s) = registry::parse(query).map_err(core_error)? else {
        return Err(JsError::new("not a Snakes and Ladders link").into());
    };
    Ok(to_js(&s.board_view())?)
}

/// The link of a random board (`squares` squares, reproducible from `seed`),
/// keeping the other keys of `query` (width, method, players…).
///
/// # Errors
/// A JS `Error` with the core's message (and the key at fault) when the input is not valid.
#[cfg(feature = "snakes")]
// A bundle of Snakes and Ladders alone has no other scenario.
#[allow(irrefutable_let_patterns)]
#[wasm_bindgen(js_name = randomBoardLink)]
pub fn random_board_link(query: &str, squares: usize, seed: u32) -> Result<String, JsValue> {
    let Scenario::Snakes(s) = registry::parse(query).map_err(core_error)? else {
        return Err(JsError::new("not a Snakes and Ladders link").into());
    };
    let s = s.with_random_board(squares, u64::from(seed)).map_err(core_error)?;
    Ok(registry::to_query(&Scenario::Snakes(s)))
}

/// The seeded link sweep of the browser tests: `count` links of every family,
/// valid ones costing at most `budget` seconds, one in four spoiled (see
/// [`crate::sweep`]).
///
/// # Errors
/// A JS `Error` with the core's message (and the key at fault) when the input is not valid.
#[wasm_bindgen(js_name = sweepLinks)]
pub fn sweep_links(seed: f64, count: usize, budget: f64) -> Result<JsValue, JsError> {
    to_js(&crate::sweep::sweep(seed as u64, count, budget))
}
