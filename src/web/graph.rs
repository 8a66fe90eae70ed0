//! Game graphs on a canvas (main thread) or, for export, as SVG: the drawing
//! is `draw::arena`'s, shared with Python's notebooks; here the canvas and JS.

use super::{js_error, on_canvas};
use crate::draw::arena::{arena_on, whole_svg, Arena};
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

/// Draws a game graph; returns the mapping from grid units to canvas pixels,
/// for hover and clicks.
///
/// # Errors
/// A JS `Error` when the options or arrays do not fit together, or the canvas has no 2D context.
#[wasm_bindgen(js_name = drawArena)]
pub fn draw_arena(canvas: HtmlCanvasElement, options: JsValue) -> Result<JsValue, JsError> {
    let o: Arena = serde_wasm_bindgen::from_value(options).map_err(js_error)?;
    on_canvas(canvas, |root| arena_on(root, &o).map_err(js_error))
}

/// The whole game graph of [`draw_arena`] as an SVG document (the zoom and
/// pan that fit it are the core's: `draw::arena::whole_svg`).
///
/// # Errors
/// As [`draw_arena`].
#[wasm_bindgen(js_name = arenaSvg)]
pub fn arena_svg(options: JsValue) -> Result<String, JsError> {
    let o: Arena = serde_wasm_bindgen::from_value(options).map_err(js_error)?;
    whole_svg(&o).map_err(js_error)
}
