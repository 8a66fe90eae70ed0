//! Bar charts of distributions (finish times, game lengths) and line charts,
//! drawn with plotters on a canvas or, for export, as SVG (the same code on
//! either backend, text kept as text).

use super::{js_error, on_canvas, svg};
use crate::draw::OKABE_ITO;
use crate::toolkit::heatmap::{tick, tick_decimals};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

/// One colour per series, from the heat maps' Okabe–Ito palette: blue,
/// vermilion, bluish green, reddish purple, orange, sky blue (yellow and
/// black left out: too faint and too heavy beside the others).
const COLOURS: [RGBColor; 6] = [
    OKABE_ITO[4],
    OKABE_ITO[5],
    OKABE_ITO[2],
    OKABE_ITO[6],
    OKABE_ITO[0],
    OKABE_ITO[1],
];

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Options {
    #[serde(default)]
    x_label: String,
    #[serde(default)]
    y_label: String,
    /// Names of the series (legend), one per colour.
    #[serde(default)]
    names: Vec<String>,
    /// Value of the first bar's x (1 for "roll 1").
    #[serde(default = "one")]
    x_start: f64,
    #[serde(default = "one")]
    scale: f64,
    /// Category names under the bars (instead of numbers).
    #[serde(default)]
    labels: Vec<String>,
    /// The language's decimal mark for tick labels ("," in French).
    #[serde(default = "dot")]
    decimal_mark: String,
    /// The language's thousands separator (",", or a narrow space in French).
    #[serde(default)]
    thousands: String,
    /// Whole counts: integer ticks, with thousands separators.
    #[serde(default)]
    counts: bool,
}

fn dot() -> String {
    ".".into()
}

fn one() -> f64 {
    1.0
}

/// Where the bars sit, in canvas pixels, for hover.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Layout {
    plot_x: i32,
    plot_y: i32,
    plot_w: i32,
    plot_h: i32,
    bars: usize,
}

/// Draws `bars` bars; bar `k` has height `values[k]` and the colour of series
/// `series[k]` (the player who wins on that move, say). Returns the layout.
///
/// # Errors
/// A JS `Error` when the options or arrays do not fit together, or the canvas has no 2D context.
#[wasm_bindgen(js_name = drawBars)]
pub fn draw_bars(
    canvas: HtmlCanvasElement,
    values: &[f64],
    series: &[u8],
    options: JsValue,
) -> Result<JsValue, JsError> {
    let o = bar_options(values, series, options)?;
    on_canvas(canvas, |root| bars_on(root, values, series, &o))
}

/// The bar chart of [`draw_bars`] as an SVG document `width × height` pixels
/// (options as there, `scale` 1): axis titles, ticks and legend are `<text>`.
///
/// # Errors
/// As [`draw_bars`].
#[wasm_bindgen(js_name = barsSvg)]
pub fn bars_svg(values: &[f64], series: &[u8], width: u32, height: u32, options: JsValue) -> Result<String, JsError> {
    let o = bar_options(values, series, options)?;
    svg(width, height, |root| bars_on(root, values, series, &o).map(drop))
}

fn bar_options(values: &[f64], series: &[u8], options: JsValue) -> Result<Options, JsError> {
    if values.is_empty() || (series.len() != values.len() && !series.is_empty()) {
        return Err(JsError::new("a bar chart needs one series index per value"));
    }
    serde_wasm_bindgen::from_value(options).map_err(js_error)
}

fn bars_on<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    values: &[f64],
    series: &[u8],
    o: &Options,
) -> Result<Layout, JsError> {
    let s = if o.scale.is_finite() {
        o.scale.clamp(0.5, 4.0)
    } else {
        1.0
    };
    let px = |v: f64| (v * s).round() as u32;
    root.fill(&WHITE).map_err(js_error)?;
    let top = values
        .iter()
        .copied()
        .filter(|v| v.is_finite())
        .fold(0.0, f64::max)
        .max(if o.counts { 1.0 } else { 1e-300 })
        * 1.05;
    let decimals = tick_decimals(top, o.counts);
    // The tick labels' width decides the room left of the axis, so that the axis title never overlaps them.
    let widest = tick(top, decimals, &o.decimal_mark, &o.thousands).chars().count() as f64;
    let label_area = 30.0 + 7.0 * widest;
    let n = values.len();
    let x0 = o.x_start;
    let font = |size: f64| ("sans-serif", size * s).into_font();
    let (width, height) = root.dim_in_pixel();
    // The legend uses the whole width (from the left margin): fewer rows on a phone.
    let legend = Legend::place(&o.names, 8.0 * s, f64::from(width) - 8.0 * s, s);
    let mut chart = ChartBuilder::on(root)
        .margin(px(8.0))
        .margin_top(px(8.0 + legend.height))
        .x_label_area_size(px(40.0))
        .y_label_area_size(px(label_area))
        .build_cartesian_2d(x0 - 0.5..x0 + n as f64 - 0.5, 0.0..top)
        .map_err(js_error)?;
    let y_ticks = tick_count(f64::from(height) - (56.0 + legend.height) * s, s);
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc(o.x_label.as_str())
        .y_desc(o.y_label.as_str())
        .axis_desc_style(font(13.0))
        .label_style(font(11.0))
        .x_labels(if o.labels.is_empty() { 10 } else { n + 1 })
        .y_labels(if o.counts {
            (top as usize).clamp(1, y_ticks)
        } else {
            y_ticks
        })
        .x_label_formatter(&|x| {
            let k = (x - x0).round();
            if o.labels.is_empty() {
                // Bars stand on whole numbers: no label between two of them.
                if (x - x.round()).abs() < 0.01 {
                    tick(x.round(), 0, &o.decimal_mark, &o.thousands)
                } else {
                    String::new()
                }
            } else if (x - x0 - k).abs() < 0.01 && k >= 0.0 && (k as usize) < o.labels.len() {
                o.labels[k as usize].clone()
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y| {
            if o.counts && (y - y.round()).abs() > 1e-9 {
                String::new()
            } else {
                tick(*y, decimals, &o.decimal_mark, &o.thousands)
            }
        })
        .draw()
        .map_err(js_error)?;
    // Bars on whole pixels, a gap between neighbours wherever there is room for
    // one: anti-aliased edges of thin bars would blur them into bands.
    let edge = |k: usize| chart.backend_coord(&(x0 - 0.5 + k as f64, 0.0));
    let pitch = f64::from(edge(n).0 - edge(0).0) / n as f64;
    let gap = if pitch >= 3.0 {
        (pitch * 0.16).round().max(1.0) as i32
    } else {
        0
    };
    let base = edge(0).1;
    for (k, &v) in values.iter().enumerate() {
        let colour = COLOURS[series.get(k).copied().unwrap_or(0) as usize % COLOURS.len()];
        let (left, right) = (
            edge(k).0 + gap / 2,
            (edge(k + 1).0 - (gap - gap / 2)).max(edge(k).0 + gap / 2 + 1),
        );
        let tip = chart
            .backend_coord(&(x0 + k as f64, if v.is_finite() { v } else { 0.0 }))
            .1;
        if tip < base {
            root.draw(&Rectangle::new([(left, tip), (right, base)], colour.filled()))
                .map_err(js_error)?;
        }
    }
    let pixels = chart.plotting_area().get_pixel_range();
    finish(root, pixels, &legend, s, n)
}

/// How many tick labels to ask for on a vertical axis `room` pixels tall:
/// one per 36 CSS px, 2 to 10 (plotters rounds to nice steps and may give up
/// to half as many again, still 24 px apart: 11 px labels never touch).
fn tick_count(room: f64, s: f64) -> usize {
    ((room / (36.0 * s)).floor() as usize).clamp(2, 10)
}

/// The legend's entries placed in rows that wrap at the chart's right edge.
struct Legend<'a> {
    /// Each series' name and the top-left corner of its swatch (pixels).
    entries: Vec<(&'a str, i32, i32)>,
    /// The rows' height in CSS px (0 without a legend).
    height: f64,
}

impl<'a> Legend<'a> {
    /// Entries from `left` on, a new row wherever the next would pass `right`.
    fn place(names: &'a [String], left: f64, right: f64, s: f64) -> Legend<'a> {
        if names.len() < 2 {
            return Legend {
                entries: Vec::new(),
                height: 0.0,
            };
        }
        let row = 18.0 * s;
        let (mut x, mut y) = (left, 4.0 * s);
        let mut entries = Vec::new();
        for name in names {
            // A swatch, a space, the name at about 7 CSS px a character (12 px sans-serif).
            let width = (16.0 + 7.0 * name.chars().count() as f64) * s;
            if x > left && x + width > right {
                x = left;
                y += row;
            }
            entries.push((name.as_str(), x.round() as i32, y.round() as i32));
            x += width + 8.0 * s;
        }
        Legend {
            entries,
            height: (y + row) / s,
        }
    }
}

/// The legend (for several series); returns the plot's layout, for hover.
fn finish<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    (range_x, range_y): (std::ops::Range<i32>, std::ops::Range<i32>),
    legend: &Legend,
    s: f64,
    bars: usize,
) -> Result<Layout, JsError> {
    draw_legend(root, legend, s)?;
    Ok(Layout {
        plot_x: range_x.start,
        plot_y: range_y.start,
        plot_w: range_x.end - range_x.start,
        plot_h: range_y.end - range_y.start,
        bars,
    })
}

/// The legend above the plot: a swatch and a name per series, in rows.
fn draw_legend<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, legend: &Legend, s: f64) -> Result<(), JsError> {
    let px = |v: f64| (v * s).round() as i32;
    let label = ("sans-serif", 12.0 * s)
        .into_font()
        .color(&BLACK)
        .pos(Pos::new(HPos::Left, VPos::Center));
    for (k, &(name, x, y)) in legend.entries.iter().enumerate() {
        let swatch = [(x, y), (x + px(12.0), y + px(12.0))];
        root.draw(&Rectangle::new(swatch, COLOURS[k % COLOURS.len()].filled()))
            .map_err(js_error)?;
        root.draw(&Text::new(name.to_string(), (x + px(16.0), y + px(6.0)), label.clone()))
            .map_err(js_error)?;
    }
    Ok(())
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct LineOptions {
    #[serde(default)]
    x_label: String,
    #[serde(default)]
    y_label: String,
    #[serde(default = "one")]
    scale: f64,
    /// Names of the series when `ys` holds several (legend).
    #[serde(default)]
    names: Vec<String>,
    #[serde(default = "dot")]
    decimal_mark: String,
}

/// Draws the points `(xs[k], ys[k])` joined by a line, with markers; `ys` may
/// hold several series one after the other (`names` gives the legend). Returns
/// the layout in canvas pixels, for hover.
///
/// # Errors
/// A JS `Error` when the options or arrays do not fit together, or the canvas has no 2D context.
#[wasm_bindgen(js_name = drawLine)]
pub fn draw_line(canvas: HtmlCanvasElement, xs: &[f64], ys: &[f64], options: JsValue) -> Result<JsValue, JsError> {
    let o = line_options(xs, ys, options)?;
    on_canvas(canvas, |root| line_on(root, xs, ys, &o))
}

/// The line chart of [`draw_line`] as an SVG document `width × height` pixels.
///
/// # Errors
/// As [`draw_line`].
#[wasm_bindgen(js_name = lineSvg)]
pub fn line_svg(xs: &[f64], ys: &[f64], width: u32, height: u32, options: JsValue) -> Result<String, JsError> {
    let o = line_options(xs, ys, options)?;
    svg(width, height, |root| line_on(root, xs, ys, &o).map(drop))
}

fn line_options(xs: &[f64], ys: &[f64], options: JsValue) -> Result<LineOptions, JsError> {
    if xs.is_empty() || ys.is_empty() || ys.len() % xs.len() != 0 {
        return Err(JsError::new(
            "a line needs as many y values as x values per series, at least one",
        ));
    }
    serde_wasm_bindgen::from_value(options).map_err(js_error)
}

fn line_on<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    xs: &[f64],
    ys: &[f64],
    o: &LineOptions,
) -> Result<Layout, JsError> {
    let s = if o.scale.is_finite() {
        o.scale.clamp(0.5, 4.0)
    } else {
        1.0
    };
    let px = |v: f64| (v * s).round() as u32;
    root.fill(&WHITE).map_err(js_error)?;
    let (x0, x1) = xs
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| (a.min(v), b.max(v)));
    let (y0, y1) = ys
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| (a.min(v), b.max(v)));
    // One value (a single point, or a flat line): an axis around it, not a sliver
    // whose ticks all read the same.
    let pad = if y1 - y0 > 1e-9 {
        (y1 - y0) * 0.08
    } else {
        (y0.abs() * 0.1).max(0.05)
    };
    // One point stands in the middle of its axis, not at its left end.
    let (x0, x1) = if x1 > x0 { (x0, x1) } else { (x0 - 1.0, x0 + 1.0) };
    let font = |size: f64| ("sans-serif", size * s).into_font();
    let (width, height) = root.dim_in_pixel();
    let legend = Legend::place(&o.names, 10.0 * s, f64::from(width) - 24.0 * s, s);
    let y_ticks = tick_count(f64::from(height) - (60.0 + legend.height) * s, s);
    let mut chart = ChartBuilder::on(root)
        .margin(px(10.0))
        .margin_top(px(10.0 + legend.height))
        .margin_right(px(24.0))
        .x_label_area_size(px(40.0))
        .y_label_area_size(px(62.0))
        .build_cartesian_2d(x0..x1, (y0 - pad)..(y1 + pad))
        .map_err(js_error)?;
    chart
        .configure_mesh()
        .x_desc(o.x_label.as_str())
        .y_desc(o.y_label.as_str())
        .axis_desc_style(font(13.0))
        .label_style(font(11.0))
        // Whole-number axes (rolls, crows) label whole numbers only, each once.
        .x_labels(((x1 - x0).round() as usize + 1).min(12))
        .x_label_formatter(&|x| {
            if (x - x.round()).abs() < 1e-9 {
                format!("{}", x.round() as i64)
            } else {
                String::new()
            }
        })
        .y_labels(y_ticks)
        .y_label_formatter(&|y| format!("{y:.3}").replace('.', &o.decimal_mark))
        .draw()
        .map_err(js_error)?;
    let marker = if xs.len() > 60 { 1.5 } else { 3.0 };
    for (k, series) in ys.chunks(xs.len()).enumerate() {
        let colour = COLOURS[k % COLOURS.len()];
        let points: Vec<(f64, f64)> = xs.iter().copied().zip(series.iter().copied()).collect();
        chart
            .draw_series(LineSeries::new(points.clone(), colour.stroke_width(px(2.0))))
            .map_err(js_error)?;
        chart
            .draw_series(
                points
                    .iter()
                    .map(|&(x, y)| Circle::new((x, y), px(marker), colour.filled())),
            )
            .map_err(js_error)?;
    }
    let pixels = chart.plotting_area().get_pixel_range();
    finish(root, pixels, &legend, s, xs.len())
}
