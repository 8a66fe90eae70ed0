//! The thin wasm-bindgen adapter between the page and the core (wasm32 only).
//!
//! It converts and draws; it decides nothing. Links are read by the registry
//! ([`crate::registry::check`]); reports are the families' typed reports,
//! serialized with their own field names (snake_case, as in the CLI's JSON),
//! their long arrays packed as `{"f64": bytes}` (see
//! [`crate::toolkit::packed`]) which the worker turns into typed arrays. The
//! worker calls [`solve`], [`extra`] and [`play`]; the main thread calls
//! [`parse_link`] on every link and edit (a family's bundle, [`links`]), and the
//! drawing functions ([`chart`], [`graph`], [`heatmap`], [`latex_table`],
//! [`qr_svg`]: the drawing bundle, feature `draw`, one for every family).

// The drawing bundle's (feature `draw`, ARCHITECTURE.md "Loading"): what every
// family's page draws, in a bundle of its own shared by all of them.
#[cfg(feature = "draw")]
pub mod chart;
#[cfg(feature = "draw")]
pub mod graph;
#[cfg(feature = "draw")]
pub mod heatmap;
#[cfg(feature = "draw")]
mod tables;
#[cfg(feature = "draw")]
pub use tables::{latex_table, qr_svg};
// Only the families that draw these (a bundle of another family has none).
#[cfg(any(feature = "partizan", feature = "connect4", feature = "parity"))]
pub mod figures;
// A family's bundle: reading links, solving, playing (every family's feature).
#[cfg(feature = "registry")]
pub mod links;
#[cfg(feature = "registry")]
pub use links::*;

use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn start() {
    // A panic (a bug: solvers return errors) shows its message in the console.
    console_error_panic_hook::set_once();
}

fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// A drawing on a page's canvas: the drawing code runs on plotters' canvas
/// backend and what it returns (the layout, for hover) goes back to JS.
#[cfg(feature = "draw")]
fn on_canvas<T: Serialize>(
    canvas: web_sys::HtmlCanvasElement,
    draw: impl FnOnce(
        &plotters::drawing::DrawingArea<plotters_canvas::CanvasBackend, plotters::coord::Shift>,
    ) -> Result<T, JsError>,
) -> Result<JsValue, JsError> {
    use plotters::drawing::IntoDrawingArea;
    let backend = plotters_canvas::CanvasBackend::with_canvas_object(canvas)
        .ok_or_else(|| JsError::new("canvas has no 2D context"))?;
    let root = backend.into_drawing_area();
    let drawn = draw(&root)?;
    root.present().map_err(js_error)?;
    to_js(&drawn)
}

/// A drawing as an SVG document `width × height` pixels: the same drawing code
/// as on the canvas, on plotters' SVG backend (text stays text; [`crate::draw::svg`]).
#[cfg(feature = "draw")]
fn svg(
    width: u32,
    height: u32,
    draw: impl FnOnce(
        &plotters::drawing::DrawingArea<plotters::backend::SVGBackend, plotters::coord::Shift>,
    ) -> Result<(), JsError>,
) -> Result<String, JsError> {
    // The drawing's own error is kept aside: a JsError cannot be a DrawError.
    let mut failed = None;
    let drawn = crate::draw::svg(width, height, |root| {
        draw(root).map_err(|e| {
            failed = Some(e);
            crate::draw::DrawError(String::new())
        })
    });
    match (drawn, failed) {
        (_, Some(e)) => Err(e),
        (Ok(text), None) => Ok(text),
        (Err(e), None) => Err(js_error(e)),
    }
}

fn to_js(value: &impl Serialize) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible().serialize_bytes_as_arrays(false))
        .map_err(js_error)
}

/// A map of a few pairs, inserted one by one: `collect()` into a `BTreeMap`
/// sorts its input first with a stable sort, whose code wasm carries once per
/// element type (about 6 kB each, in every family's bundle).
#[cfg(feature = "registry")]
fn map_of<K: Ord, V>(pairs: impl IntoIterator<Item = (K, V)>) -> std::collections::BTreeMap<K, V> {
    let mut map = std::collections::BTreeMap::new();
    for (key, value) in pairs {
        map.insert(key, value);
    }
    map
}
