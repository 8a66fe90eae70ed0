//! The line drawings written as SVG text by the core (`draw::thermograph`,
//! `draw::game_tree`, `draw::connect4`): the page parses the document and
//! shows it; a notebook shows the same one. And a parity game's layout as the
//! drawing bundle's arena options. Each in its own family's bundle.

use super::js_error;
#[cfg(any(feature = "partizan", feature = "connect4"))]
use crate::toolkit::Lang;
use wasm_bindgen::prelude::*;

/// The language of `code` as links write it (`en`, `fr`); English otherwise.
#[cfg(any(feature = "partizan", feature = "connect4"))]
fn lang(code: &str) -> Lang {
    Lang::ALL.into_iter().find(|l| l.key() == code).unwrap_or(Lang::En)
}

/// The thermograph of a partizan report (`thermograph`) as an SVG document
/// `width` CSS pixels wide, its words in `lang` (`en` or `fr`).
///
/// # Errors
/// A JS `Error` when the thermograph is not the report's shape.
#[cfg(feature = "partizan")]
#[wasm_bindgen(js_name = thermographSvg)]
pub fn thermograph_svg(thermograph: JsValue, width: f64, language: &str) -> Result<String, JsError> {
    let th = serde_wasm_bindgen::from_value(thermograph).map_err(js_error)?;
    crate::draw::thermograph::thermograph_svg(&th, width, lang(language)).map_err(js_error)
}

/// The canonical form of a partizan report (`canonical`) as a game tree, an
/// SVG document, its words in `lang`.
///
/// # Errors
/// A JS `Error` when the form is not the report's shape.
#[cfg(feature = "partizan")]
#[wasm_bindgen(js_name = gameTreeSvg)]
pub fn game_tree_svg(form: JsValue, language: &str) -> Result<String, JsError> {
    let form = serde_wasm_bindgen::from_value(form).map_err(js_error)?;
    Ok(crate::draw::game_tree::game_tree_svg(&form, lang(language)))
}

/// A Connect Four board (`cells` row by row from the top: 0, 1 or 2) with
/// each column's score above it (`scores`: one per column, `null` where
/// none; empty for no row of scores), as an SVG document: the board saved
/// from the page, as a notebook draws it.
///
/// # Errors
/// A JS `Error` when the cells or scores do not fit the board.
#[cfg(feature = "connect4")]
#[wasm_bindgen(js_name = connect4BoardSvg)]
pub fn connect4_board_svg(
    width: usize,
    height: usize,
    cells: &[u8],
    scores: JsValue,
    language: &str,
) -> Result<String, JsError> {
    let scores: Vec<Option<i32>> = serde_wasm_bindgen::from_value(scores).map_err(js_error)?;
    crate::draw::connect4::board_svg(width, height, cells, &scores, lang(language)).map_err(js_error)
}

/// A solved parity game's drawing (the report's `drawing`) as the arena
/// options the drawing bundle's `drawArena` takes, start ringed: the one conversion the page
/// and Python's notebooks share (`draw::arena::parity`).
///
/// # Errors
/// A JS `Error` when the drawing is not the report's shape.
#[cfg(feature = "parity")]
#[wasm_bindgen(js_name = parityArena)]
pub fn parity_arena(drawing: JsValue, start: Option<u32>) -> Result<JsValue, JsError> {
    let d = serde_wasm_bindgen::from_value(drawing).map_err(js_error)?;
    super::to_js(&crate::draw::arena::parity(&d, start))
}
