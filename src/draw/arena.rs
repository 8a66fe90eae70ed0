//! Game graphs (arenas, parity games, search trees): vertices at a layout's
//! grid positions under a zoom and pan, circles for player 1's vertices and
//! squares for player 2's, filled by attractor or winner, the winning
//! strategy's moves drawn thick. One drawing for the page's canvas, its SVG
//! export and Python's notebooks ([`arena_on`]); [`whole_svg`] fits the whole
//! graph in one SVG document.

use super::{svg, DrawError};
use crate::toolkit::layout::Layout;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use serde::{Deserialize, Serialize};

/// Okabe–Ito blue and vermillion for the players; grey for the rest.
const PLAYER: [RGBColor; 2] = [RGBColor(0, 114, 178), RGBColor(213, 94, 0)];
const PALE: [RGBColor; 2] = [RGBColor(204, 227, 240), RGBColor(247, 215, 196)];
const EDGE: RGBColor = RGBColor(150, 150, 150);

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[allow(missing_docs)]
pub struct Arena {
    /// Grid positions.
    pub x: Vec<f64>,
    pub y: Vec<f64>,
    /// 0: player 1's vertex (circle), 1: player 2's (square).
    pub owner: Vec<u8>,
    /// 0: not (yet) attracted; 1 or 2: in that player's attractor so far; 3 or 4:
    /// its newest layer; 5: a draw.
    pub fill: Vec<u8>,
    pub labels: Vec<String>,
    /// A second line under each vertex (its rank), empty for none.
    #[serde(default)]
    pub notes: Vec<String>,
    /// Moves as flat pairs (from, to).
    pub edges: Vec<u32>,
    /// For each move, the points where it bends (grid units), from the layout.
    #[serde(default)]
    pub bends: Vec<Vec<[f64; 2]>>,
    /// The moves drawn thick (the winning strategy), by their index in `edges`.
    pub strong: Vec<u32>,
    /// Pixels per grid unit (before the device scale), and the pan in pixels.
    #[serde(default = "seventy")]
    pub zoom: f64,
    #[serde(default)]
    pub pan_x: f64,
    #[serde(default)]
    pub pan_y: f64,
    #[serde(default = "one")]
    pub scale: f64,
    /// A vertex to ring (the current position in play).
    pub highlight: Option<u32>,
}

fn one() -> f64 {
    1.0
}

fn seventy() -> f64 {
    70.0
}

/// How grid units map to canvas pixels: `px = origin + unit · coordinate`, and
/// where each text was drawn (`[centre x, centre y, width, height, font size]`,
/// canvas pixels; widths estimated), so that a test can see what a reader sees.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
#[allow(missing_docs)]
pub struct Mapping {
    pub unit: f64,
    pub origin_x: f64,
    pub origin_y: f64,
    pub radius: f64,
    pub texts: Vec<[f64; 5]>,
}

/// Smallest text drawn, in CSS pixels: what a phone reader can read. A label
/// that does not fit at this size is left out until the reader zooms in.
const MIN_FONT: f64 = 12.0;

/// Estimated width of `text` at `size` pixels (sans-serif, an average glyph).
fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.58
}

/// Draws the arena `o` on `root` under its zoom and pan; returns where it put
/// things, for hover and clicks.
///
/// # Errors
/// [`DrawError`] when the arrays do not fit together, or the backend's.
pub fn arena_on<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, o: &Arena) -> Result<Mapping, DrawError> {
    let n = o.x.len();
    if o.y.len() != n || o.owner.len() != n || o.fill.len() != n || o.labels.len() != n || o.edges.len() % 2 != 0 {
        return Err(DrawError(
            "a graph needs x, y, owner, fill and labels for every vertex, and edges in pairs".into(),
        ));
    }
    if o.edges.iter().any(|&v| v as usize >= n) || o.strong.iter().any(|&e| 2 * e as usize >= o.edges.len()) {
        return Err(DrawError("an edge names a vertex or a move that does not exist".into()));
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
    root.fill(&WHITE).map_err(DrawError::of)?;
    let (w, h) = root.dim_in_pixel();
    let visible = |(x, y): (i32, i32)| x > -100 && y > -100 && x < w as i32 + 100 && y < h as i32 + 100;

    let point = |[x, y]: [f64; 2]| -> (i32, i32) {
        (
            (origin_x + unit * x).round() as i32,
            (origin_y + unit * y).round() as i32,
        )
    };
    let draw_edge = |k: usize, style: ShapeStyle| -> Result<(), DrawError> {
        let (a, b) = (o.edges[2 * k] as usize, o.edges[2 * k + 1] as usize);
        let bends: Vec<(i32, i32)> = o
            .bends
            .get(k)
            .map_or(Vec::new(), |b| b.iter().copied().map(point).collect());
        let (p, q) = (at(a), at(b));
        if a == b {
            // A move back to the same vertex: a small loop at its upper right,
            // clear of the label and rank written under the vertex above
            // (a loop straight above covered them) and of its right neighbour,
            // a grid unit away.
            let c = (p.0 + (radius * 1.1) as i32, p.1 - (radius * 1.1) as i32);
            root.draw(&Circle::new(c, (radius * 0.6) as i32, style))
                .map_err(DrawError::of)?;
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
        root.draw(&PathElement::new(path, style)).map_err(DrawError::of)?;
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
            .map_err(DrawError::of)?;
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
            root.draw(&Circle::new(c, r, fill.filled())).map_err(DrawError::of)?;
            root.draw(&Circle::new(c, r, stroke.stroke_width(width)))
                .map_err(DrawError::of)?;
        } else {
            let corners = [(c.0 - r, c.1 - r), (c.0 + r, c.1 + r)];
            root.draw(&Rectangle::new(corners, fill.filled()))
                .map_err(DrawError::of)?;
            root.draw(&Rectangle::new(corners, stroke.stroke_width(width)))
                .map_err(DrawError::of)?;
        }
        if o.highlight == Some(v as u32) {
            root.draw(&Circle::new(
                c,
                r + (4.0 * s) as i32,
                BLACK.stroke_width((2.0 * s) as u32),
            ))
            .map_err(DrawError::of)?;
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
                .map_err(DrawError::of)?;
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
                .map_err(DrawError::of)?;
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

/// Room above the top row for a move back to a vertex of the top row (drawn as
/// a loop at its upper right), in pixels beyond the 40-pixel margin, at `zoom`.
pub fn loop_room(o: &Arena, zoom: f64) -> f64 {
    let top = o.y.iter().copied().fold(f64::INFINITY, f64::min);
    let looped = o
        .edges
        .chunks_exact(2)
        .any(|e| e[0] == e[1] && o.y.get(e[0] as usize) == Some(&top));
    if looped {
        (1.7 * (zoom * 0.28).min(26.0) - 36.0).ceil().max(0.0)
    } else {
        0.0
    }
}

/// The whole graph `o` as an SVG document, whatever its zoom and pan:
/// vertices at most 70 pixels apart (and at least 8), at least 280 × 200
/// pixels, a graph narrower than that in the middle.
///
/// # Errors
/// As [`arena_on`].
pub fn whole_svg(o: &Arena) -> Result<String, DrawError> {
    let extent = |v: &[f64]| v.iter().copied().fold(0.0, f64::max);
    let (cols, rows) = (extent(&o.x) + 1.0, extent(&o.y) + 1.0);
    let zoom = (2400.0 / (cols - 1.0).max(1.0)).clamp(8.0, 70.0);
    let width = ((cols - 1.0) * zoom + 80.0).max(280.0).round();
    let room = loop_room(o, zoom);
    let height = ((rows - 1.0) * zoom + 80.0 + room).max(200.0).round();
    let fitted = Arena {
        zoom,
        pan_x: ((width - 80.0 - (cols - 1.0) * zoom) / 2.0).max(0.0),
        pan_y: room
            + if rows <= 1.0 {
                ((height - 80.0) / 2.0).max(0.0)
            } else {
                0.0
            },
        scale: 1.0,
        ..o.clone()
    };
    svg(width as u32, height as u32, |root| arena_on(root, &fitted).map(drop))
}

/// A game without a zoom or a pan yet (the whole graph's SVG fits it).
fn unplaced(layout: &Layout) -> Arena {
    Arena {
        x: layout.x.clone(),
        y: layout.y.clone(),
        owner: Vec::new(),
        fill: Vec::new(),
        labels: Vec::new(),
        notes: Vec::new(),
        edges: Vec::new(),
        bends: layout.bends.clone(),
        strong: Vec::new(),
        zoom: 70.0,
        pan_x: 0.0,
        pan_y: 0.0,
        scale: 1.0,
        highlight: None,
    }
}

/// A solved parity game as the page draws it: priorities in the vertices,
/// names under them, each vertex filled by its winner (blue Even, orange
/// Odd), the winning moves thick, the start ringed.
#[cfg(feature = "parity")]
pub fn parity(d: &crate::parity::report::ParityDrawing, start: Option<u32>) -> Arena {
    let n = d.ids.len();
    let mut edges = Vec::with_capacity(2 * d.targets.len());
    // A drawing read from elsewhere (a notebook's JSON) may not fit together:
    // whatever it says, nothing here indexes out of range (the drawing checks the rest).
    let bound = |k: usize| {
        d.offsets
            .get(k)
            .map_or(d.targets.len(), |&e| (e as usize).min(d.targets.len()))
    };
    for v in 0..n {
        for &t in d.targets.get(bound(v)..bound(v + 1)).unwrap_or(&[]) {
            edges.extend([v as u32, t]);
        }
    }
    Arena {
        owner: d.owner.clone(),
        fill: d.winner.iter().map(|&w| 1 + w).collect(),
        labels: d.priority.iter().map(u32::to_string).collect(),
        notes: d.names.clone(),
        edges,
        strong: d.strategy_edges.clone(),
        highlight: start
            .and_then(|s| d.ids.iter().position(|&id| id == s))
            .map(|v| v as u32),
        ..unplaced(&d.layout)
    }
}

/// The attractor of `player` (0 for player 1, 1 for player 2) in the arena of
/// `owner` (0 or 1 per vertex) and `edges`, laid out in layers from vertex
/// `start`, as the page draws its last step: the attractor filled pale in the
/// player's colour and its newest layer (the largest rank) strong, each
/// vertex's rank under it (`rank` words it), the player's winning moves (to a
/// smaller rank) thick. `ranks[v]` is `None` outside the attractor.
///
/// # Errors
/// [`DrawError`] when the arrays do not fit together or a vertex is out of range.
pub fn attractor(
    owner: &[u8],
    edges: &[(usize, usize)],
    player: u8,
    ranks: &[Option<u32>],
    labels: Vec<String>,
    rank: impl Fn(u32) -> String,
) -> Result<Arena, DrawError> {
    let n = owner.len();
    if ranks.len() != n || labels.len() != n || player > 1 || edges.iter().any(|&(a, b)| a >= n || b >= n) {
        return Err(DrawError(
            "an attractor needs a rank and a label for every vertex, edges between its vertices and a player 0 or 1"
                .into(),
        ));
    }
    let layout = crate::toolkit::layout::layered(n, 0, edges);
    let most = ranks.iter().flatten().copied().max();
    let fill = ranks
        .iter()
        .map(|r| match r {
            Some(k) if Some(*k) == most => 3 + player,
            Some(_) => 1 + player,
            None => 0,
        })
        .collect();
    // From each of the player's vertices of rank k > 0: its first move to a smaller rank.
    let mut strong = Vec::new();
    for v in 0..n {
        let Some(k) = ranks[v].filter(|&k| k > 0 && owner[v] == player) else {
            continue;
        };
        let best = (0..edges.len())
            .filter(|&e| edges[e].0 == v)
            .filter_map(|e| ranks[edges[e].1].filter(|&r| r < k).map(|r| (r, e)))
            .min();
        strong.extend(best.map(|(_, e)| e as u32));
    }
    Ok(Arena {
        owner: owner.to_vec(),
        fill,
        labels,
        notes: ranks.iter().map(|r| r.map(&rank).unwrap_or_default()).collect(),
        edges: edges.iter().flat_map(|&(a, b)| [a as u32, b as u32]).collect(),
        strong,
        ..unplaced(&layout)
    })
}
