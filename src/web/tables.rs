//! Tables and links as the page exports them: LaTeX, QR codes (the drawing bundle).

use super::js_error;
use crate::toolkit::Lang;
use wasm_bindgen::prelude::*;

/// A table (or a matrix with its row and column numbers) as LaTeX, from the
/// cells as the page shows them in `lang`: see [`crate::toolkit::latex::tabular`].
///
/// # Errors
/// A JS `Error` when `rows` is not an array of arrays of strings.
#[wasm_bindgen(js_name = latexTable)]
pub fn latex_table(
    caption: &str,
    headers: Vec<String>,
    rows: JsValue,
    lang: &str,
    source: &str,
) -> Result<String, JsError> {
    let rows: Vec<Vec<String>> = serde_wasm_bindgen::from_value(rows).map_err(js_error)?;
    let lang = if lang == "fr" { Lang::Fr } else { Lang::En };
    Ok(crate::toolkit::latex::tabular(caption, &headers, &rows, lang, source))
}

/// The QR code of `text` (a share link) as an SVG document, black modules on
/// white with the standard quiet zone, `size` pixels wide at least.
///
/// # Errors
/// A JS `Error` when `text` is too long for any QR code (about 2,900 bytes).
#[wasm_bindgen(js_name = qrSvg)]
pub fn qr_svg(text: &str, size: u32) -> Result<String, JsError> {
    let code = qrcode::QrCode::with_error_correction_level(text.as_bytes(), qrcode::EcLevel::L).map_err(js_error)?;
    Ok(code
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(size, size)
        .quiet_zone(true)
        .build())
}
