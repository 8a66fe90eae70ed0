//! Heat maps: one drawing for the page's canvas, its SVG export and Python's
//! notebooks, on any plotters backend ([`heatmap_on`]); [`heatmap_svg`] is the
//! SVG document.

use super::{svg, DrawError, Pixels};
use crate::toolkit::heatmap::{
    block_means, block_modes, categories, colour_bar_steps, column_ticks, ticks, value_range, Layout,
};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::colors::colormaps::ViridisRGB;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use serde::{Deserialize, Serialize};

/// Colour of undefined (NaN) cells.
const UNDEFINED: RGBColor = RGBColor(205, 205, 205);
/// Okabe–Ito: distinguishable under the common colour-vision deficiencies;
/// the one palette of every drawing (the charts take their series from it).
pub const OKABE_ITO: [RGBColor; 8] = [
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(0, 158, 115),
    RGBColor(240, 228, 66),
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(204, 121, 167),
    RGBColor(0, 0, 0),
];

/// What a heat map shows beside its cells (the page's options, camelCase in JSON).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[allow(missing_docs)]
pub struct Options {
    #[serde(default)]
    pub x_label: String,
    #[serde(default)]
    pub y_label: String,
    /// Draw distinct values with a discrete legend instead of a colour bar.
    #[serde(default)]
    pub categorical: bool,
    /// Device pixel ratio: text and margins are scaled by it.
    #[serde(default = "one")]
    pub scale: f64,
    /// Colour-bar range; the data's range when absent.
    pub min: Option<f64>,
    pub max: Option<f64>,
    /// Decimals of the colour-bar labels.
    #[serde(default = "two")]
    pub decimals: usize,
    /// `"diverging"`: a red–white–blue scale centred on 0 (gains); viridis otherwise.
    #[serde(default)]
    pub palette: Option<String>,
    /// Numbers shown for the first row and column (1 for "1 tree").
    #[serde(default)]
    pub row_start: usize,
    #[serde(default)]
    pub col_start: usize,
    /// The language's decimal mark ("," in French) and word for undefined cells.
    #[serde(default = "dot")]
    pub decimal_mark: String,
    #[serde(default = "undefined")]
    pub undefined_label: String,
}

fn dot() -> String {
    ".".into()
}

fn undefined() -> String {
    "not defined".into()
}

/// Red (negative) – white (0) – blue (positive), ColorBrewer's RdBu: readable with
/// the common colour-vision deficiencies.
fn diverging(v: f64, min: f64, max: f64) -> RGBColor {
    const STOPS: [(f64, [f64; 3]); 5] = [
        (0.0, [178.0, 24.0, 43.0]),
        (0.25, [239.0, 138.0, 98.0]),
        (0.5, [247.0, 247.0, 247.0]),
        (0.75, [103.0, 169.0, 207.0]),
        (1.0, [33.0, 102.0, 172.0]),
    ];
    let t = if max > min {
        ((v - min) / (max - min)).clamp(0.0, 1.0)
    } else {
        0.5
    };
    let k = STOPS.iter().position(|(x, _)| *x >= t).unwrap_or(4).max(1);
    let ((x0, c0), (x1, c1)) = (STOPS[k - 1], STOPS[k]);
    let f = (t - x0) / (x1 - x0);
    let mix = |a: f64, b: f64| (a + (b - a) * f).round() as u8;
    RGBColor(mix(c0[0], c1[0]), mix(c0[1], c1[1]), mix(c0[2], c1[2]))
}

fn one() -> f64 {
    1.0
}

fn two() -> usize {
    2
}

/// What a drawn heat map tells the page.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Drawn {
    /// Where the cells are, for hover.
    pub layout: Layout,
    /// The colour scale's range.
    pub min: f64,
    /// See `min`.
    pub max: f64,
    /// The values of a categorical map, in the legend's order.
    pub categories: Option<Vec<f64>>,
}

/// Paints the cells as one image at the plot's place: drawn block by block,
/// each block costs two calls into JS and a colour string, which a phone's
/// first result paid for (BENCHMARKS.md, "Loading on a phone"). The
/// pixels are those of the blocks' rectangles, spans `[from, to)`.
fn put_cells(image: &dyn Pixels, layout: &Layout, colours: &[RGBColor]) -> Result<(), DrawError> {
    let (w, h) = (layout.plot_w as usize, layout.plot_h as usize);
    if w == 0 || h == 0 {
        return Ok(());
    }
    let (br, bc) = layout.blocks();
    let mut rgba = vec![255u8; w * h * 4];
    let clamp = |v: i32, most: usize| (v.max(0) as usize).min(most);
    for bi in 0..br {
        let (y0, y1) = layout.span(bi, layout.rows, 0, layout.plot_h);
        for bj in 0..bc {
            let (x0, x1) = layout.span(bj, layout.cols, 0, layout.plot_w);
            let (x0, x1) = (clamp(x0, w), clamp(x1, w));
            let RGBColor(r, g, b) = colours[bi * bc + bj];
            for y in clamp(y0, h)..clamp(y1, h) {
                for px in rgba[(y * w + x0) * 4..(y * w + x1.max(x0)) * 4].chunks_exact_mut(4) {
                    px.copy_from_slice(&[r, g, b, 255]);
                }
            }
        }
    }
    image.put(&rgba, w, h, layout.plot_x as i32, layout.plot_y as i32)
}

/// The heat map as an SVG document `width` pixels wide (280 to 4,000; the
/// height fits square cells): axis titles, ticks and colour bar labels are `<text>`.
///
/// # Errors
/// As [`checked`].
pub fn heatmap_svg(
    values: &[f64],
    rows: usize,
    cols: usize,
    width: u32,
    options: &Options,
) -> Result<String, DrawError> {
    checked(values, rows, cols, options)?;
    let width = width.clamp(280, 4000);
    let height = Layout::fitting_height(rows, cols, width, 1.0);
    let layout = Layout::new(rows, cols, width, height, 1.0);
    svg(width, height, |root| {
        heatmap_on(root, values, layout, options, 1.0, None).map(drop)
    })
}

/// Checks that `values` fill `rows × cols`, and the text scale `options` ask for (0.5 to 4).
///
/// # Errors
/// A message when they do not fit together.
pub fn checked(values: &[f64], rows: usize, cols: usize, options: &Options) -> Result<f64, DrawError> {
    if rows == 0 || cols == 0 || values.len() != rows * cols {
        return Err(DrawError(format!(
            "a {rows}×{cols} heat map needs {} values, got {}",
            rows * cols,
            values.len()
        )));
    }
    let scale = if options.scale.is_finite() {
        options.scale.clamp(0.5, 4.0)
    } else {
        1.0
    };
    Ok(scale)
}

/// Draws the heat map on `root` (a canvas or an SVG document): the cells block by
/// block (by `image` when given: one image, as a canvas takes it fastest), axes,
/// ticks, titles, and a colour bar or a legend.
///
/// # Errors
/// The backend's.
pub fn heatmap_on<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    values: &[f64],
    layout: Layout,
    options: &Options,
    scale: f64,
    image: Option<&dyn Pixels>,
) -> Result<Drawn, DrawError> {
    let (rows, cols) = (layout.rows, layout.cols);
    root.fill(&WHITE).map_err(DrawError::of)?;

    let is_diverging = options.palette.as_deref() == Some("diverging");
    let (min, max) = match (options.min, options.max) {
        (Some(lo), Some(hi)) if lo < hi => (lo, hi),
        _ if is_diverging => {
            // Centred on 0: the same distance to both ends.
            let (lo, hi) = value_range(values);
            let m = lo.abs().max(hi.abs()).max(1e-12);
            (-m, m)
        }
        _ => value_range(values),
    };
    let continuous = move |v: f64| -> RGBColor {
        if is_diverging {
            diverging(v, min, max)
        } else {
            ViridisRGB::get_color_normalized(v.clamp(min, max), min, max)
        }
    };
    // More than 24 categories (OPT with 30 dice) read better on a continuous scale than as 30 colours.
    let cats = if options.categorical { categories(values) } else { None };
    let colour = |v: f64| -> RGBColor {
        if !v.is_finite() {
            return UNDEFINED;
        }
        match &cats {
            Some(cats) => category_colour(cats.iter().position(|&c| c == v).unwrap_or(0), cats.len()),
            None => continuous(v),
        }
    };

    let (br, bc) = layout.blocks();
    let blocks = if cats.is_some() {
        block_modes(values, rows, cols, layout.block)
    } else {
        block_means(values, rows, cols, layout.block)
    };
    match image {
        Some(image) => {
            let colours: Vec<RGBColor> = blocks.iter().map(|&v| colour(v)).collect();
            put_cells(image, &layout, &colours)?;
        }
        None => {
            for bi in 0..br {
                let (y0, y1) = layout.span(bi, rows, layout.plot_y, layout.plot_h);
                for bj in 0..bc {
                    let (x0, x1) = layout.span(bj, cols, layout.plot_x, layout.plot_w);
                    let c = colour(blocks[bi * bc + bj]);
                    root.draw(&Rectangle::new([(x0, y0), (x1, y1)], c.filled()))
                        .map_err(DrawError::of)?;
                }
            }
        }
    }
    draw_axes(root, &layout, options, scale)?;
    match &cats {
        Some(cats) => draw_legend(root, &layout, cats, scale)?,
        None => draw_colour_bar(root, &layout, (min, max), options, scale, &continuous, image)?,
    }
    if values.iter().any(|v| !v.is_finite()) {
        draw_undefined_swatch(root, &layout, &options.undefined_label, scale)?;
    }
    Ok(Drawn {
        layout,
        min,
        max,
        categories: cats,
    })
}

fn category_colour(k: usize, count: usize) -> RGBColor {
    if count <= OKABE_ITO.len() {
        OKABE_ITO[k]
    } else {
        ViridisRGB::get_color(k as f64 / (count - 1) as f64)
    }
}

fn font(size: f64, scale: f64) -> TextStyle<'static> {
    ("sans-serif", size * scale).into_font().color(&BLACK)
}

fn px(v: f64, scale: f64) -> i32 {
    (v * scale).round() as i32
}

fn draw_axes<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    l: &Layout,
    o: &Options,
    s: f64,
) -> Result<(), DrawError> {
    let (x, y, w, h) = (l.plot_x as i32, l.plot_y as i32, l.plot_w as i32, l.plot_h as i32);
    root.draw(&Rectangle::new([(x, y), (x + w, y + h)], BLACK.stroke_width(1)))
        .map_err(DrawError::of)?;
    let label = font(11.0, s);
    let right = label.pos(Pos::new(HPos::Right, VPos::Center));
    let below = label.pos(Pos::new(HPos::Center, VPos::Top));
    let centre = |k: usize, cells: usize, length: i32| ((k as f64 + 0.5) * f64::from(length) / cells as f64) as i32;
    for k in ticks(l.rows, (f64::from(h) / (24.0 * s)) as usize) {
        let ty = y + centre(k, l.rows, h);
        root.draw(&PathElement::new([(x - px(4.0, s), ty), (x, ty)], BLACK))
            .map_err(DrawError::of)?;
        root.draw(&Text::new(
            (k + o.row_start).to_string(),
            (x - px(6.0, s), ty),
            right.clone(),
        ))
        .map_err(DrawError::of)?;
    }
    for k in column_ticks(l.cols, o.col_start, f64::from(w) / s) {
        let tx = x + centre(k, l.cols, w);
        root.draw(&PathElement::new([(tx, y + h), (tx, y + h + px(4.0, s))], BLACK))
            .map_err(DrawError::of)?;
        root.draw(&Text::new(
            (k + o.col_start).to_string(),
            (tx, y + h + px(6.0, s)),
            below.clone(),
        ))
        .map_err(DrawError::of)?;
    }
    let title = font(13.0, s);
    let x_title = title.pos(Pos::new(HPos::Center, VPos::Top));
    root.draw(&Text::new(o.x_label.clone(), (x + w / 2, y + h + px(24.0, s)), x_title))
        .map_err(DrawError::of)?;
    let y_title = title
        .transform(FontTransform::Rotate270)
        .pos(Pos::new(HPos::Center, VPos::Top));
    root.draw(&Text::new(o.y_label.clone(), (x - px(58.0, s), y + h / 2), y_title))
        .map_err(DrawError::of)?;
    Ok(())
}

fn draw_colour_bar<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    l: &Layout,
    (min, max): (f64, f64),
    o: &Options,
    s: f64,
    colour: &dyn Fn(f64) -> RGBColor,
    image: Option<&dyn Pixels>,
) -> Result<(), DrawError> {
    let decimals = o.decimals.min(6);
    let (x, y, h) = (l.legend_x as i32, l.plot_y as i32, l.plot_h as i32);
    let width = px(16.0, s);
    // Top = max, bottom = min, one strip per pixel row (as an image on a canvas).
    let strip = |k: i32| colour(max - (max - min) * (f64::from(k) + 0.5) / f64::from(h));
    match image {
        Some(image) if width > 0 && h > 0 => {
            let (w, rows) = (width as usize, h as usize);
            let mut rgba = vec![255u8; w * rows * 4];
            for (k, row) in rgba.chunks_exact_mut(w * 4).enumerate() {
                let RGBColor(r, g, b) = strip(k as i32);
                for px in row.chunks_exact_mut(4) {
                    px.copy_from_slice(&[r, g, b, 255]);
                }
            }
            image.put(&rgba, w, rows, x, y)?;
        }
        _ => {
            for k in 0..h {
                root.draw(&Rectangle::new([(x, y + k), (x + width, y + k + 1)], strip(k).filled()))
                    .map_err(DrawError::of)?;
            }
        }
    }
    root.draw(&Rectangle::new([(x, y), (x + width, y + h)], BLACK.stroke_width(1)))
        .map_err(DrawError::of)?;
    let label = font(11.0, s).pos(Pos::new(HPos::Left, VPos::Center));
    // As many labels as fit without touching (a one-row heat map: its top only).
    let steps = colour_bar_steps(f64::from(h) / s);
    for k in 0..=steps {
        let at = if steps == 0 { 0.0 } else { k as f64 / steps as f64 };
        let ty = y + (f64::from(h) * at) as i32;
        let v = max - (max - min) * at;
        root.draw(&PathElement::new(
            [(x + width, ty), (x + width + px(4.0, s), ty)],
            BLACK,
        ))
        .map_err(DrawError::of)?;
        root.draw(&Text::new(
            format!("{v:.decimals$}").replace('.', &o.decimal_mark),
            (x + width + px(6.0, s), ty),
            label.clone(),
        ))
        .map_err(DrawError::of)?;
    }
    Ok(())
}

/// A grey swatch labelled "undefined" under the colour bar or legend.
fn draw_undefined_swatch<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    l: &Layout,
    word: &str,
    s: f64,
) -> Result<(), DrawError> {
    let (x, y) = (l.legend_x as i32, (l.plot_y + l.plot_h) as i32 + px(8.0, s));
    root.draw(&Rectangle::new(
        [(x, y), (x + px(14.0, s), y + px(14.0, s))],
        UNDEFINED.filled(),
    ))
    .map_err(DrawError::of)?;
    let label = font(11.0, s).pos(Pos::new(HPos::Left, VPos::Center));
    root.draw(&Text::new(word.to_string(), (x + px(20.0, s), y + px(7.0, s)), label))
        .map_err(DrawError::of)?;
    Ok(())
}

fn draw_legend<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    l: &Layout,
    cats: &[f64],
    s: f64,
) -> Result<(), DrawError> {
    let (x, y) = (l.legend_x as i32, l.plot_y as i32);
    let step = px(18.0, s)
        .min(l.plot_h as i32 / cats.len().max(1) as i32)
        .max(px(8.0, s));
    let label = font(11.0, s).pos(Pos::new(HPos::Left, VPos::Center));
    for (k, &v) in cats.iter().enumerate() {
        let ty = y + k as i32 * step;
        let swatch = [(x, ty), (x + px(14.0, s), ty + step - px(3.0, s))];
        root.draw(&Rectangle::new(swatch, category_colour(k, cats.len()).filled()))
            .map_err(DrawError::of)?;
        root.draw(&Text::new(
            format!("{v}"),
            (x + px(20.0, s), ty + (step - px(3.0, s)) / 2),
            label.clone(),
        ))
        .map_err(DrawError::of)?;
    }
    Ok(())
}
