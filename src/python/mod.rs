//! The Python module `ludolab._core` (PyO3, feature `python`): a thin
//! adapter, as `src/web/` is for the page and `src/bin/` for the terminal.
//! It reads no key and decides no limit: a link goes to the registry, a
//! code to the family's solver, and what comes back goes to Python as the
//! command line prints it (JSON text, which `ludolab/__init__.py` loads) or
//! as raw values (Grundy values as bytes, for numpy to view).
//!
//! Every solve runs with the GIL released ([`run`]): two Python threads
//! solve on two cores. Its progress callback is where Python gets a word in:
//! at most every [`TICK`], it takes the GIL back, runs the signal handlers
//! (Ctrl-C) and the caller's progress function; an exception there stops
//! the solve by unwinding out of it ([`Stopped`]), since the families'
//! progress cannot say "stop" (the page stops its worker instead). Every
//! [`Error`] becomes a `LudolabError` (a `ValueError`) of its kind with the
//! command line's message; no panic crosses into Python.

mod drawing;
mod partizan;

use crate::registry;
use crate::toolkit::Error;
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

pyo3::create_exception!(
    _core,
    LudolabError,
    PyValueError,
    "A value Ludolab cannot take: the message names it and what is allowed, as the command line's does."
);
pyo3::create_exception!(
    _core,
    LinkError,
    LudolabError,
    "A key or value of a link (or of a function's keywords) that the family does not accept."
);
pyo3::create_exception!(
    _core,
    TooLargeError,
    LudolabError,
    "An input beyond what a solver takes (the cost guard's refusal): the message says the limit."
);
pyo3::create_exception!(
    _core,
    NeverEndsError,
    LudolabError,
    "A game that can last forever where a finite game is needed (a Snakes and Ladders board with a trap)."
);
pyo3::create_exception!(
    _core,
    SolveError,
    LudolabError,
    "A solve that could not finish: a singular system, no convergence, nothing to play."
);

/// How often a running solve looks at Python: signals (Ctrl-C) and the
/// progress function. Short enough for Ctrl-C to feel immediate, long enough
/// that taking the GIL costs nothing measurable.
const TICK: Duration = Duration::from_millis(50);

/// The payload of the unwinding that stops a solve from its progress callback.
struct Stopped;

/// The Python exception of a core error: its kind, and the command line's message.
fn python_error(e: &Error) -> PyErr {
    let message = e.to_string();
    match e {
        Error::TooLarge { .. } => TooLargeError::new_err(message),
        Error::NotTerminating { .. } => NeverEndsError::new_err(message),
        Error::Singular { .. }
        | Error::NoConvergence { .. }
        | Error::NotPlayable { .. }
        | Error::Unavailable { .. } => SolveError::new_err(message),
        // A conflict's message names the other keys; the key to change leads it (as on the command line).
        Error::Conflict { key, .. } => LinkError::new_err(format!("{key}: {message}")),
        _ => LinkError::new_err(message),
    }
}

/// What a solve's progress reaches: Python, at most every [`TICK`].
struct Watch {
    callback: Option<Py<PyAny>>,
    last: Instant,
    raised: Option<PyErr>,
}

impl Watch {
    fn tick(&mut self, fraction: f64) {
        if self.last.elapsed() < TICK {
            return;
        }
        self.last = Instant::now();
        let looked = Python::attach(|py| -> PyResult<()> {
            py.check_signals()?;
            if let Some(callback) = &self.callback {
                callback.call1(py, (fraction,))?;
            }
            Ok(())
        });
        if let Err(e) = looked {
            self.raised = Some(e);
            // resume_unwind, not panic!: no panic hook, no message on stderr.
            resume_unwind(Box::new(Stopped));
        }
    }
}

/// Runs `work` with the GIL released, its progress watched ([`Watch`]).
fn run<T: Send>(
    py: Python<'_>,
    progress: Option<Py<PyAny>>,
    work: impl FnOnce(crate::Progress) -> Result<T, Error> + Send,
) -> PyResult<T> {
    let mut watch = Watch {
        callback: progress,
        last: Instant::now(),
        raised: None,
    };
    let outcome = py.detach(|| catch_unwind(AssertUnwindSafe(|| work(&mut |fraction, _| watch.tick(fraction)))));
    match outcome {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(e)) => Err(python_error(&e)),
        Err(payload) if payload.is::<Stopped>() => {
            Err(watch.raised.take().unwrap_or_else(|| PyKeyboardInterrupt::new_err(())))
        }
        Err(payload) => {
            let why = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Err(pyo3::exceptions::PyRuntimeError::new_err(format!(
                "a solver failed (a bug in Ludolab, please report it with the call): {why}"
            )))
        }
    }
}

/// A link's scenario: as `ludolab report` reads it (the page's ranges), or as
/// the family subcommands do (`command_line`: the command line's ranges).
fn scenario(link: &str, command_line: bool) -> PyResult<registry::Scenario> {
    let read = if command_line {
        registry::parse_command_line(link)
    } else {
        registry::parse(link)
    };
    read.map_err(|e| python_error(&e))
}

/// The report of a link, with its follow-up `tasks`, as the JSON text
/// `ludolab report LINK --json` prints ([`registry::json_report`]).
#[pyfunction]
#[pyo3(signature = (link, tasks = Vec::new(), command_line = false, progress = None))]
fn report(
    py: Python<'_>,
    link: &str,
    tasks: Vec<String>,
    command_line: bool,
    progress: Option<Py<PyAny>>,
) -> PyResult<String> {
    let scenario = scenario(link, command_line)?;
    let value = run(py, progress, |progress| {
        let tasks: Vec<&str> = tasks.iter().map(String::as_str).collect();
        registry::json_report(&scenario, &tasks, progress)
    })?;
    Ok(value.to_string())
}

/// The canonical form of a link (`ludolab link`).
#[pyfunction]
#[pyo3(signature = (link, command_line = false))]
fn link(link: &str, command_line: bool) -> PyResult<String> {
    Ok(registry::to_query(&scenario(link, command_line)?))
}

/// Every family's `game` key, in the page's menu order.
#[pyfunction]
fn families() -> Vec<&'static str> {
    registry::FAMILY_KEYS.to_vec()
}

/// `count` links drawn by the link sweep from `seed` (valid ones cost at most
/// `budget` seconds): the tests' seeded sample.
#[pyfunction]
fn sweep_links(seed: u64, count: usize, budget: f64) -> Vec<String> {
    crate::sweep::sweep(seed, count, budget)
        .into_iter()
        .map(|l| l.query)
        .collect()
}

/// The Grundy values G(0..=n) of an octal game (`0.77`, `4.07`, `grundy`),
/// as little-endian u16 bytes, by the command line's engine.
#[pyfunction]
#[pyo3(signature = (code, n, progress = None))]
fn grundy_octal(py: Python<'_>, code: &str, n: usize, progress: Option<Py<PyAny>>) -> PyResult<Py<PyBytes>> {
    let code = crate::impartial::octal::OctalCode::parse(code).map_err(|e| python_error(&e))?;
    let values = run(py, progress, |progress| {
        Ok(crate::impartial::octal::values(&code, n, progress)?.0)
    })?;
    Ok(PyBytes::new(py, &le_bytes(&values)).unbind())
}

/// The Grundy values G(0..=n) of the subtraction game of `set`, as [`grundy_octal`].
#[pyfunction]
fn grundy_subtraction(py: Python<'_>, set: Vec<usize>, n: usize) -> PyResult<Py<PyBytes>> {
    let values = run(py, None, |_| crate::impartial::subtraction::subtraction_values(&set, n))?;
    Ok(PyBytes::new(py, &le_bytes(&values)).unbind())
}

fn le_bytes(values: &[u16]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// A parity game in PGSolver's format (gzip-compressed or not) solved by the
/// solver `keys` names (a parity link's keys: `solver=zielonka`), with every
/// preprocessing step, verified: the JSON of `ludolab parity --file F --json`
/// without its timings of the terminal.
#[pyfunction]
#[pyo3(signature = (game, keys, progress = None))]
fn parity_solve(py: Python<'_>, game: &[u8], keys: &str, progress: Option<Py<PyAny>>) -> PyResult<String> {
    let registry::Scenario::Parity(s) = scenario(keys, true)? else {
        return Err(LinkError::new_err("the keys must be a parity link's (game=parity&…)"));
    };
    let mut keys = s.keys;
    keys.source = crate::parity::ParitySource::Typed;
    let game = game.to_vec();
    let report = run(py, progress, |progress| {
        let game = crate::parity::pgformat::parse(&game)?;
        let (report, _) =
            crate::parity::report::solve_report(&game, &keys, crate::parity::preprocess::Steps::ALL, progress);
        Ok(report)
    })?;
    if !report.verified {
        return Err(SolveError::new_err(
            "the solver's solution failed the verifier (a bug in Ludolab)",
        ));
    }
    serde_json::to_string(&report).map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))
}

/// The parity game a parity link's keys generate (`source=two-counters&size=3`), in PGSolver's format.
#[pyfunction]
fn parity_generate(py: Python<'_>, keys: &str) -> PyResult<String> {
    let registry::Scenario::Parity(s) = scenario(keys, true)? else {
        return Err(LinkError::new_err("the keys must be a parity link's (game=parity&…)"));
    };
    run(py, None, |_| {
        Ok(crate::parity::pgformat::write(&crate::parity::report::build(&s.keys)?))
    })
}

/// The attractor of `player` (1 or 2) to `target` in the graph of `owner`
/// (each vertex's player, 1 or 2) and `edges`: each vertex's rank, or None
/// outside it.
#[pyfunction]
fn attractor(
    py: Python<'_>,
    owner: Vec<u8>,
    edges: Vec<(u32, u32)>,
    player: u8,
    target: Vec<u32>,
) -> PyResult<Vec<Option<u32>>> {
    use crate::games::Player;
    let as_player = |p: u8, what: &str| match p {
        1 => Ok(Player::One),
        2 => Ok(Player::Two),
        _ => Err(LinkError::new_err(format!(
            "{what} = {p} is out of range (allowed: 1 to 2)"
        ))),
    };
    let player = as_player(player, "player")?;
    let owner = owner
        .into_iter()
        .map(|p| as_player(p, "owner"))
        .collect::<PyResult<Vec<_>>>()?;
    let a = run(py, None, |_| crate::games::attractor_to(owner, &edges, player, &target))?;
    Ok(a.rank
        .into_iter()
        .map(|r| (r != crate::games::OUTSIDE).then_some(r))
        .collect())
}

/// A heat map of the `rows × cols` row-major `values` as an SVG document
/// `width` pixels wide: the page's drawing (`draw::heatmap`), its options as
/// the page's (JSON: `xLabel`, `yLabel`, `palette`, `categorical`, …).
#[pyfunction]
fn heatmap_svg(values: Vec<f64>, rows: usize, cols: usize, width: u32, options: &str) -> PyResult<String> {
    let options: crate::draw::heatmap::Options =
        serde_json::from_str(options).map_err(|e| LinkError::new_err(format!("heat map options: {e}")))?;
    crate::draw::heatmap::heatmap_svg(&values, rows, cols, width, &options).map_err(|e| LinkError::new_err(e.0))
}

/// The module: its functions, its exceptions and the crate's version.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(report, m)?)?;
    m.add_function(wrap_pyfunction!(link, m)?)?;
    m.add_function(wrap_pyfunction!(families, m)?)?;
    m.add_function(wrap_pyfunction!(sweep_links, m)?)?;
    m.add_function(wrap_pyfunction!(grundy_octal, m)?)?;
    m.add_function(wrap_pyfunction!(grundy_subtraction, m)?)?;
    m.add_function(wrap_pyfunction!(parity_solve, m)?)?;
    m.add_function(wrap_pyfunction!(parity_generate, m)?)?;
    m.add_function(wrap_pyfunction!(attractor, m)?)?;
    m.add_function(wrap_pyfunction!(heatmap_svg, m)?)?;
    partizan::register(m)?;
    drawing::register(m)?;
    let py = m.py();
    m.add("LudolabError", py.get_type::<LudolabError>())?;
    m.add("LinkError", py.get_type::<LinkError>())?;
    m.add("TooLargeError", py.get_type::<TooLargeError>())?;
    m.add("NeverEndsError", py.get_type::<NeverEndsError>())?;
    m.add("SolveError", py.get_type::<SolveError>())?;
    Ok(())
}
