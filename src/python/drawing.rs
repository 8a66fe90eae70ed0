//! The page's drawings for notebooks: each function hands a result (as its
//! report's JSON writes it, or the arrays Python holds) to the core's one
//! drawing function (`src/draw/`) and returns the SVG document. No drawing
//! code on the Python side.

use super::LinkError;
use crate::draw::{self, DrawError};
use crate::toolkit::Lang;
use pyo3::prelude::*;

fn failed(e: DrawError) -> PyErr {
    LinkError::new_err(e.0)
}

fn read<T: serde::de::DeserializeOwned>(what: &str, json: &str) -> PyResult<T> {
    serde_json::from_str(json).map_err(|e| LinkError::new_err(format!("{what}: {e}")))
}

/// A solved parity game's drawing (its report's `drawing`, JSON), the start ringed.
#[pyfunction]
#[pyo3(signature = (drawing, start=None))]
fn parity_svg(drawing: &str, start: Option<u32>) -> PyResult<String> {
    let d = read("a parity game's drawing", drawing)?;
    draw::arena::whole_svg(&draw::arena::parity(&d, start)).map_err(failed)
}

/// An attractor's drawing: `owner` (1 or 2 per vertex), `edges` (index
/// pairs), `player` (1 or 2), each vertex's rank (None outside) and label.
#[pyfunction]
fn attractor_svg(
    owner: Vec<u8>,
    edges: Vec<(usize, usize)>,
    player: u8,
    ranks: Vec<Option<u32>>,
    labels: Vec<String>,
) -> PyResult<String> {
    if owner.iter().chain([&player]).any(|&p| !(1..=2).contains(&p)) {
        return Err(LinkError::new_err("a player is 1 or 2"));
    }
    let owner: Vec<u8> = owner.iter().map(|p| p - 1).collect();
    let arena =
        draw::arena::attractor(&owner, &edges, player - 1, &ranks, labels, |k| format!("rank {k}")).map_err(failed)?;
    draw::arena::whole_svg(&arena).map_err(failed)
}

/// A partizan game's thermograph (`Game._thermograph`'s JSON) `width` pixels wide.
#[pyfunction]
fn thermograph_svg(thermograph: &str, width: f64) -> PyResult<String> {
    let th = read("a thermograph", thermograph)?;
    draw::thermograph::thermograph_svg(&th, width, Lang::En).map_err(failed)
}

/// A partizan game's canonical form (`Game._canonical`'s JSON) as a game tree.
#[pyfunction]
fn game_tree_svg(form: &str) -> PyResult<String> {
    Ok(draw::game_tree::game_tree_svg(
        &read("a canonical form", form)?,
        Lang::En,
    ))
}

/// A Connect Four board: `cells` row by row from the top (0, 1 or 2), each
/// column's score above it (an empty list: none).
#[pyfunction]
fn connect4_svg(width: usize, height: usize, cells: Vec<u8>, scores: Vec<Option<i32>>) -> PyResult<String> {
    draw::connect4::board_svg(width, height, &cells, &scores, Lang::En).map_err(failed)
}

/// Adds the drawing functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parity_svg, m)?)?;
    m.add_function(wrap_pyfunction!(attractor_svg, m)?)?;
    m.add_function(wrap_pyfunction!(thermograph_svg, m)?)?;
    m.add_function(wrap_pyfunction!(game_tree_svg, m)?)?;
    m.add_function(wrap_pyfunction!(connect4_svg, m)?)
}
