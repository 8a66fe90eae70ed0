//! Heat maps on a canvas (main thread) or, for export, as SVG: the drawing is
//! `draw::heatmap`'s, shared with Python's notebooks; here the canvas and JS.

use super::{js_error, on_canvas};
use crate::draw::heatmap::{checked, heatmap_on, Options};
use crate::draw::{DrawError, Pixels};
use crate::toolkit::heatmap::Layout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::{Clamped, JsCast};
use web_sys::HtmlCanvasElement;
use web_sys::{CanvasRenderingContext2d, ImageData};

/// A canvas takes a heat map's cells as one image.
struct Canvas2d(CanvasRenderingContext2d);

impl Pixels for Canvas2d {
    fn put(&self, rgba: &[u8], w: usize, h: usize, x: i32, y: i32) -> Result<(), DrawError> {
        let failed = |e: JsValue| DrawError(format!("a heat map's pixels: {e:?}"));
        let image = ImageData::new_with_u8_clamped_array_and_sh(Clamped(rgba), w as u32, h as u32).map_err(failed)?;
        self.0
            .put_image_data(&image, f64::from(x), f64::from(y))
            .map_err(failed)
    }
}

/// Draws a `rows × cols` row-major matrix on `canvas` (row 0 at the top) with
/// axis titles, ticks and a colour bar (or a discrete legend). Returns
/// `{layout, min, max, categories}`: `layout` places the cells in canvas
/// pixels, for hover.
///
/// # Errors
/// A JS `Error` when the options or arrays do not fit together, or the canvas has no 2D context.
#[wasm_bindgen(js_name = drawHeatmap)]
pub fn draw_heatmap(
    canvas: HtmlCanvasElement,
    values: &[f64],
    rows: usize,
    cols: usize,
    options: JsValue,
) -> Result<JsValue, JsError> {
    let (options, scale) = heatmap_options(values, rows, cols, options)?;
    let layout = Layout::new(rows, cols, canvas.width(), canvas.height(), scale);
    let context = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
        .map(Canvas2d);
    on_canvas(canvas, |root| {
        heatmap_on(
            root,
            values,
            layout,
            &options,
            scale,
            context.as_ref().map(|c| c as &dyn Pixels),
        )
        .map_err(js_error)
    })
}

/// The heat map of [`draw_heatmap`] as an SVG document `width` pixels wide
/// (the height fits square cells): axis titles, ticks and colour bar labels
/// are `<text>`.
///
/// # Errors
/// As [`draw_heatmap`].
#[wasm_bindgen(js_name = heatmapSvg)]
pub fn heatmap_svg(values: &[f64], rows: usize, cols: usize, width: u32, options: JsValue) -> Result<String, JsError> {
    let options: Options = serde_wasm_bindgen::from_value(options).map_err(js_error)?;
    crate::draw::heatmap::heatmap_svg(values, rows, cols, width, &options).map_err(js_error)
}

fn heatmap_options(values: &[f64], rows: usize, cols: usize, options: JsValue) -> Result<(Options, f64), JsError> {
    let options: Options = serde_wasm_bindgen::from_value(options).map_err(js_error)?;
    let scale = checked(values, rows, cols, &options).map_err(js_error)?;
    Ok((options, scale))
}

/// The canvas height (pixels) that gives a `rows × cols` heat map `width` pixels
/// wide square cells and no blank band, with text scaled by `scale`.
#[wasm_bindgen(js_name = heatmapHeight)]
pub fn heatmap_height(rows: usize, cols: usize, width: u32, scale: f64) -> u32 {
    let scale = if scale.is_finite() { scale.clamp(0.5, 4.0) } else { 1.0 };
    Layout::fitting_height(rows, cols, width, scale)
}
