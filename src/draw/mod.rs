//! Drawings made by the core, on any plotters backend: the page's canvas
//! (through `src/web/`) and SVG documents (the page's export, Python's
//! notebooks through `src/python/`). One drawing function per picture, so the
//! page and a notebook show the same one: plotters for the heat maps and the
//! arenas, SVG written as text for the line drawings (thermograph, game tree,
//! Connect Four's board). Compiled for the page and for the Python module
//! (feature `python`): the command line draws nothing.

// Plotters' drawings: the page's and the Python module's only.
#[cfg(any(target_arch = "wasm32", feature = "python"))]
pub mod arena;
#[cfg(any(target_arch = "wasm32", feature = "python"))]
pub mod heatmap;
// SVG written as text: compiled natively too, so that their tests run with the others.
#[cfg(feature = "connect4")]
pub mod connect4;
#[cfg(feature = "partizan")]
pub mod game_tree;
pub mod svg_text;
#[cfg(feature = "partizan")]
pub mod thermograph;

#[cfg(any(target_arch = "wasm32", feature = "python"))]
pub use heatmap::OKABE_ITO;

/// A drawing that failed: the backend's message, or inputs that do not fit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawError(pub String);

impl DrawError {
    /// Any backend error as a message.
    pub fn of(e: impl std::fmt::Display) -> DrawError {
        DrawError(e.to_string())
    }
}

impl std::fmt::Display for DrawError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DrawError {}

#[cfg(any(target_arch = "wasm32", feature = "python"))]
/// Where a drawing can put a block of pixels at once (a canvas' image data):
/// many cells drawn one by one cost a phone's page its first second.
pub trait Pixels {
    /// Puts `w × h` RGBA pixels with their top left corner at `(x, y)`.
    ///
    /// # Errors
    /// The canvas' refusal.
    fn put(&self, rgba: &[u8], w: usize, h: usize, x: i32, y: i32) -> Result<(), DrawError>;
}

#[cfg(any(target_arch = "wasm32", feature = "python"))]
/// A drawing as an SVG document `width × height` pixels (each clamped to
/// 16..=10,000): plotters' SVG backend, text kept as text.
///
/// # Errors
/// The drawing's.
pub fn svg(
    width: u32,
    height: u32,
    draw: impl FnOnce(
        &plotters::drawing::DrawingArea<plotters::backend::SVGBackend, plotters::coord::Shift>,
    ) -> Result<(), DrawError>,
) -> Result<String, DrawError> {
    use plotters::drawing::IntoDrawingArea;
    let mut out = String::new();
    {
        let size = (width.clamp(16, 10_000), height.clamp(16, 10_000));
        let root = plotters::backend::SVGBackend::with_string(&mut out, size).into_drawing_area();
        draw(&root)?;
        root.present().map_err(DrawError::of)?;
    }
    Ok(out)
}
