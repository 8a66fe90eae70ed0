//! Game graphs drawn with plotters on a canvas (main thread): vertices at the
//! layout's grid positions under the page's pan and zoom, circles for player 1's
//! vertices and squares for player 2's, filled by attractor, the winning
//! strategy's moves drawn thick.

use super::{js_error, on_canvas, svg};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

/// Okabe–Ito blue and vermillion for the players; grey for the rest.
const PLAYER: [RGBColor; 2] = [RGBColor(0, 114, 178), RGBColor(213, 94, 0)];
const PALE: [RGBColor; 2] = [RGBColor(204, 227, 240), RGBColor(247, 215, 196)];
const EDGE: RGBColor = RGBColor(150, 150, 150);

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct GraphOptions {
    /// Grid positions.
    x: Vec<f64>,
    y: Vec<f64>,
    /// 0: player 1's vertex (circle), 1: player 2's (square).
    owner: Vec<u8>,
    /// 0: not (yet) attracted; 1 or 2: in that player's attractor so far; 3 or 4:
    /// its newest layer; 5: a draw.
    fill: Vec<u8>,
    labels: Vec<String>,
    /// A second line under each vertex (its rank), empty for none.
    #[serde(default)]
    notes: Vec<String>,
    /// Moves as flat pairs (from, to).
    edges: Vec<u32>,
    /// For each move, the points where it bends (grid units), from the layout.
    #[serde(default)]
    bends: Vec<Vec<[f64; 2]>>,
    /// The moves drawn thick (the winning strategy), by their index in `edges`.
    strong: Vec<u32>,
    /// Pixels per grid unit (before the device scale), and the pan in pixels.
    zoom: f64,
    pan_x: f64,
    pan_y: f64,
    #[serde(default = "one")]
    scale: f64,
    /// A vertex to ring (the current position in play).
    highlight: Option<u32>,
}

fn one() -> f64 {
    1.0
}

/// How grid units map to canvas pixels: `px = origin + unit · coordinate`, and
/// where each text was drawn (`[centre x, centre y, width, height, font size]`,
/// canvas pixels; widths estimated), so that a test can see what a reader sees.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Mapping {
    unit: f64,
    origin_x: f64,
    origin_y: f64,
    radius: f64,
    texts: Vec<[f64; 5]>,
}

/// Smallest text drawn, in CSS pixels: what a phone reader can read. A label
/// that does not fit at this size is left out until the reader zooms in.
const MIN_FONT: f64 = 12.0;

/// Estimated width of `text` at `size` pixels (sans-serif, an average glyph).
fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.58
}

/// Draws a game graph; returns the mapping from grid units to canvas pixels,
/// for hover and clicks.
///
/// # Errors
/// A JS `Error` when the options or arrays do not fit together, or the canvas has no 2D context.
#[wasm_bindgen(js_name = drawArena)]
pub fn draw_arena(canvas: HtmlCanvasElement, options: JsValue) -> Result<JsValue, JsError> {
    let o: GraphOptions = serde_wasm_bindgen::from_value(options).map_err(js_error)?;
    on_canvas(canvas, |root| arena_on(root, &o))
}

/// The game graph of [`draw_arena`] as an SVG document `width × height`
/// pixels (the page passes the zoom and pan that fit the whole graph).
///
/// # Errors
/// As [`draw_arena`].
#[wasm_bindgen(js_name = arenaSvg)]
pub fn arena_svg(width: u32, height: u32, options: JsValue) -> Result<String, JsError> {
    let o: GraphOptions = serde_wasm_bindgen::from_value(options).map_err(js_error)?;
    svg(width, height, |root| arena_on(root, &o).map(drop))
}

fn arena_on<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, o: &GraphOptions) -> Result<Mapping, JsError> {
    let n = o.x.len();
    if o.y.len() != n || o.owner.len() != n || o.fill.len() != n || o.labels.len() != n || o.edges.len() % 2 != 0 {
        return Err(JsError::new(
            "a graph needs x, y, owner, fill and labels for every vertex, and edges in pairs",
        ));
    }
    if o.edges.iter().any(|&v| v as usize >= n) || o.strong.iter().any(|&e| 2 * e as usize >= o.edges.len()) {
        return Err(JsError::new("an edge names a vertex or a move that does not exist"));
    }
    let s = if o.scale.is_finite() {
        o.scale.clamp(0.5, 4.0)
    } else {
        1.0
    };
    let unit = o.zoom.clamp(4.0, 400.0) * s;
    // Never wider than the layout's clearance: no edge may seem to touch a vertex it does not join.
    let radius = (unit * 0.28).min(26.0 * s).max(1.0);
    let (origin_x, origin_y) = (40.0 * s + o.pan_x * s, 40.0 * s + o.pan_y * s);
    let at = |v: usize| -> (i32, i32) {
        (
            (origin_x + unit * o.x[v]).round() as i32,
            (origin_y + unit * o.y[v]).round() as i32,
        )
    };
    root.fill(&WHITE).map_err(js_error)?;
    let (w, h) = root.dim_in_pixel();
    let visible = |(x, y): (i32, i32)| x > -100 && y > -100 && x < w as i32 + 100 && y < h as i32 + 100;

    let point = |[x, y]: [f64; 2]| -> (i32, i32) {
        (
            (origin_x + unit * x).round() as i32,
            (origin_y + unit * y).round() as i32,
        )
    };
    let draw_edge = |k: usize, style: ShapeStyle| -> Result<(), JsError> {
        let (a, b) = (o.edges[2 * k] as usize, o.edges[2 * k + 1] as usize);
        let bends: Vec<(i32, i32)> = o
            .bends
            .get(k)
            .map_or(Vec::new(), |b| b.iter().copied().map(point).collect());
        let (p, q) = (at(a), at(b));
        if a == b {
            // A move back to the same vertex: a small loop above it.
            let c = (p.0, p.1 - (radius * 1.6) as i32);
            root.draw(&Circle::new(c, (radius * 0.8) as i32, style))
                .map_err(js_error)?;
            return Ok(());
        }
        if !visible(p) && !visible(q) && bends.iter().all(|&b| !visible(b)) {
            return Ok(());
        }
        // The first and last segments stop at the vertices' rims.
        let from = bends.first().copied().unwrap_or(q);
        let to = bends.last().copied().unwrap_or(p);
        let unit_vector = |(x0, y0): (i32, i32), (x1, y1): (i32, i32)| {
            let (dx, dy) = (f64::from(x1 - x0), f64::from(y1 - y0));
            let len = dx.hypot(dy).max(1.0);
            (dx / len, dy / len)
        };
        let (sx, sy) = unit_vector(p, from);
        let (ux, uy) = unit_vector(to, q);
        let start = (p.0 + (sx * radius) as i32, p.1 + (sy * radius) as i32);
        let end = (q.0 - (ux * radius) as i32, q.1 - (uy * radius) as i32);
        let mut path = vec![start];
        path.extend(bends.iter().copied());
        path.push(end);
        root.draw(&PathElement::new(path, style)).map_err(js_error)?;
        // An arrowhead at the target.
        let head = (radius * 0.5).max(4.0 * s);
        let left = (
            end.0 - (ux * head - uy * head * 0.5) as i32,
            end.1 - (uy * head + ux * head * 0.5) as i32,
        );
        let right = (
            end.0 - (ux * head + uy * head * 0.5) as i32,
            end.1 - (uy * head - ux * head * 0.5) as i32,
        );
        root.draw(&Polygon::new(vec![end, left, right], style.color.filled()))
            .map_err(js_error)?;
        Ok(())
    };
    for k in 0..o.edges.len() / 2 {
        draw_edge(k, EDGE.stroke_width(s.round().max(1.0) as u32))?;
    }
    for &k in &o.strong {
        let colour = PLAYER[usize::from(o.owner[o.edges[2 * k as usize] as usize]).min(1)];
        draw_edge(k as usize, colour.stroke_width((2.5 * s).round() as u32))?;
    }
    let font_size = (radius * 0.62).clamp(MIN_FONT * s, 14.0 * s);
    let mut texts: Vec<[f64; 5]> = Vec::new();
    // Whether a box clears every text already drawn (a note may not cover a neighbour's label).
    let clear = |texts: &[[f64; 5]], b: [f64; 5]| {
        texts
            .iter()
            .all(|t| (t[0] - b[0]).abs() * 2.0 >= t[2] + b[2] || (t[1] - b[1]).abs() * 2.0 >= t[3] + b[3])
    };
    let text = ("sans-serif", font_size)
        .into_font()
        .color(&BLACK)
        .pos(Pos::new(HPos::Center, VPos::Center));
    let r = radius as i32;
    for v in 0..n {
        let c = at(v);
        if !visible(c) {
            continue;
        }
        let (fill, stroke) = match o.fill[v] {
            1 | 2 => (PALE[usize::from(o.fill[v] - 1)], PLAYER[usize::from(o.fill[v] - 1)]),
            3 | 4 => (PLAYER[usize::from(o.fill[v] - 3)], PLAYER[usize::from(o.fill[v] - 3)]),
            5 => (RGBColor(235, 235, 235), RGBColor(90, 90, 90)),
            _ => (WHITE, RGBColor(120, 120, 120)),
        };
        let width = (1.5 * s).round() as u32;
        if o.owner[v] == 0 {
            root.draw(&Circle::new(c, r, fill.filled())).map_err(js_error)?;
            root.draw(&Circle::new(c, r, stroke.stroke_width(width)))
                .map_err(js_error)?;
        } else {
            let corners = [(c.0 - r, c.1 - r), (c.0 + r, c.1 + r)];
            root.draw(&Rectangle::new(corners, fill.filled())).map_err(js_error)?;
            root.draw(&Rectangle::new(corners, stroke.stroke_width(width)))
                .map_err(js_error)?;
        }
        if o.highlight == Some(v as u32) {
            root.draw(&Circle::new(
                c,
                r + (4.0 * s) as i32,
                BLACK.stroke_width((2.0 * s) as u32),
            ))
            .map_err(js_error)?;
        }
        // A label that would overlap its neighbours waits for the reader to zoom in.
        let label = [
            f64::from(c.0),
            f64::from(c.1),
            text_width(&o.labels[v], font_size),
            font_size,
            font_size,
        ];
        if !o.labels[v].is_empty() && label[2] <= unit * 0.95 && font_size <= unit * 0.9 && clear(&texts, label) {
            let colour = if matches!(o.fill[v], 3 | 4) { WHITE } else { BLACK };
            root.draw(&Text::new(o.labels[v].clone(), c, text.clone().color(&colour)))
                .map_err(js_error)?;
            texts.push(label);
        }
        if let Some(note) = o.notes.get(v).filter(|n| !n.is_empty()) {
            let below = (c.0, c.1 + r + (font_size * 0.8) as i32);
            let b = [
                f64::from(below.0),
                f64::from(below.1),
                text_width(note, font_size),
                font_size,
                font_size,
            ];
            if b[2] <= unit * 0.95 && clear(&texts, b) {
                root.draw(&Text::new(
                    note.clone(),
                    below,
                    text.clone().color(&RGBColor(60, 60, 60)),
                ))
                .map_err(js_error)?;
                texts.push(b);
            }
        }
    }
    Ok(Mapping {
        unit,
        origin_x,
        origin_y,
        radius,
        texts,
    })
}
