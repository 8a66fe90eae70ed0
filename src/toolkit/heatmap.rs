//! Heat-map geometry, independent of any drawing backend: where the plot goes on
//! the canvas, how cells are aggregated into blocks when there are more rows than
//! pixels, which ticks to label, and which categories a categorical matrix has.
//!
//! `src/web/heatmap.rs` draws with it; keeping it here lets it be tested natively.

use serde::Serialize;

/// Most categories a categorical heat map shows with a legend.
pub const MAX_CATEGORIES: usize = 24;

/// Where a heat map's parts sit on a canvas, in canvas pixels.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Layout {
    /// Left edge of the cells.
    pub plot_x: u32,
    /// Top edge of the cells.
    pub plot_y: u32,
    /// Width of the cells' area.
    pub plot_w: u32,
    /// Height of the cells' area.
    pub plot_h: u32,
    /// Rows of the matrix drawn.
    pub rows: usize,
    /// Columns of the matrix drawn.
    pub cols: usize,
    /// Side of the square blocks of cells drawn as one rectangle (1: every cell drawn).
    pub block: usize,
    /// Left edge of the colour bar or legend.
    pub legend_x: u32,
}

impl Layout {
    /// Margins `(left, right, top, bottom)` around the cells: ticks and axis titles
    /// on the left and below, the colour bar or legend on the right.
    fn margins(scale: f64) -> (u32, u32, u32, u32) {
        let px = |v: f64| (v * scale).round() as u32;
        (px(64.0), px(96.0), px(12.0), px(48.0))
    }

    /// The canvas height at which a `rows × cols` heat map `width` pixels wide has
    /// square cells and no blank band.
    pub fn fitting_height(rows: usize, cols: usize, width: u32, scale: f64) -> u32 {
        let (left, right, top, bottom) = Layout::margins(scale);
        let plot_w = f64::from(width.saturating_sub(left + right).max(1));
        top + bottom + (plot_w * rows.max(1) as f64 / cols.max(1) as f64).ceil() as u32
    }

    /// Lays a `rows × cols` heat map out on a `width × height` canvas whose text is
    /// scaled by `scale` (the device pixel ratio). Cells are square.
    pub fn new(rows: usize, cols: usize, width: u32, height: u32, scale: f64) -> Layout {
        let px = |v: f64| (v * scale).round() as u32;
        let (left, right, top, bottom) = Layout::margins(scale);
        let avail_w = width.saturating_sub(left + right).max(1);
        let avail_h = height.saturating_sub(top + bottom).max(1);
        let (rows, cols) = (rows.max(1), cols.max(1));
        // Square cells: the largest cell side that fits both ways.
        let side = (f64::from(avail_w) / cols as f64).min(f64::from(avail_h) / rows as f64);
        let plot_w = ((side * cols as f64).floor() as u32).max(1);
        let plot_h = ((side * rows as f64).floor() as u32).max(1);
        // Aggregate when a cell would be thinner than one pixel.
        let block = rows
            .div_ceil(plot_h as usize)
            .max(cols.div_ceil(plot_w as usize))
            .max(1);
        Layout {
            plot_x: left,
            plot_y: top,
            plot_w,
            plot_h,
            rows,
            cols,
            block,
            legend_x: left + plot_w + px(20.0),
        }
    }

    /// Rows and columns of drawn blocks.
    pub fn blocks(&self) -> (usize, usize) {
        (self.rows.div_ceil(self.block), self.cols.div_ceil(self.block))
    }

    /// Pixel span `[from, to)` of block `k` along an axis of `cells` cells and `length` pixels.
    pub fn span(&self, k: usize, cells: usize, origin: u32, length: u32) -> (i32, i32) {
        let at = |c: usize| origin as i32 + (c.min(cells) as f64 * f64::from(length) / cells as f64).round() as i32;
        (at(k * self.block), at((k + 1) * self.block))
    }

    /// The cell under canvas point `(x, y)`, if any.
    pub fn cell_at(&self, x: f64, y: f64) -> Option<(usize, usize)> {
        let fx = (x - f64::from(self.plot_x)) / f64::from(self.plot_w);
        let fy = (y - f64::from(self.plot_y)) / f64::from(self.plot_h);
        if !(0.0..1.0).contains(&fx) || !(0.0..1.0).contains(&fy) {
            return None;
        }
        Some(((fy * self.rows as f64) as usize, (fx * self.cols as f64) as usize))
    }

    /// A sentence saying how cells were aggregated, when they were.
    pub fn note(&self) -> Option<String> {
        (self.block > 1).then(|| {
            format!(
                "{}×{} matrix drawn as blocks of {b}×{b} cells (the mean of each block); hover shows single cells.",
                self.rows,
                self.cols,
                b = self.block
            )
        })
    }
}

/// The block values of a `rows × cols` row-major matrix: the mean of the finite
/// entries of each `block × block` square (NaN when it has none).
pub fn block_means(values: &[f64], rows: usize, cols: usize, block: usize) -> Vec<f64> {
    let (br, bc) = (rows.div_ceil(block), cols.div_ceil(block));
    let mut sum = vec![0.0; br * bc];
    let mut count = vec![0u32; br * bc];
    for i in 0..rows {
        for j in 0..cols {
            let v = values[i * cols + j];
            if v.is_finite() {
                let k = (i / block) * bc + j / block;
                sum[k] += v;
                count[k] += 1;
            }
        }
    }
    sum.iter()
        .zip(&count)
        .map(|(&s, &c)| if c == 0 { f64::NAN } else { s / f64::from(c) })
        .collect()
}

/// The block values of a categorical matrix: the most frequent finite value of
/// each block (the smallest among ties; NaN when it has none).
pub fn block_modes(values: &[f64], rows: usize, cols: usize, block: usize) -> Vec<f64> {
    if block == 1 {
        return values.to_vec();
    }
    let (br, bc) = (rows.div_ceil(block), cols.div_ceil(block));
    let mut out = Vec::with_capacity(br * bc);
    for bi in 0..br {
        for bj in 0..bc {
            let mut seen: Vec<(f64, usize)> = Vec::new();
            for i in bi * block..((bi + 1) * block).min(rows) {
                for j in bj * block..((bj + 1) * block).min(cols) {
                    let v = values[i * cols + j];
                    if !v.is_finite() {
                        continue;
                    }
                    match seen.iter_mut().find(|(u, _)| *u == v) {
                        Some(entry) => entry.1 += 1,
                        None => seen.push((v, 1)),
                    }
                }
            }
            let best = seen.iter().fold(None::<(f64, usize)>, |best, &(v, c)| match best {
                Some((bv, bc)) if bc > c || (bc == c && bv < v) => Some((bv, bc)),
                _ => Some((v, c)),
            });
            out.push(best.map_or(f64::NAN, |(v, _)| v));
        }
    }
    out
}

/// The distinct finite values of a categorical matrix, sorted; `None` when there
/// are more than [`MAX_CATEGORIES`].
pub fn categories(values: &[f64]) -> Option<Vec<f64>> {
    let mut cats: Vec<f64> = Vec::new();
    for &v in values.iter().filter(|v| v.is_finite()) {
        if let Err(at) = cats.binary_search_by(|c| c.total_cmp(&v)) {
            if cats.len() == MAX_CATEGORIES {
                return None;
            }
            cats.insert(at, v);
        }
    }
    Some(cats)
}

/// The width of a digit of an 11 px label, in CSS px (sans-serif digits are
/// about 0.55 em wide; a little more, to be safe).
const DIGIT_PX: f64 = 6.6;
/// The least free space between two axis labels, in CSS px.
const LABEL_GAP: f64 = 8.0;

/// The column ticks of a heat map whose plot is `plot_w` CSS px wide: a
/// 1-2-5 step such that the labels (`start + k`, centred under their cells)
/// leave 8 px between neighbours however many digits they have.
pub fn column_ticks(cols: usize, start: usize, plot_w: f64) -> Vec<usize> {
    let widest = (cols.saturating_sub(1) + start).to_string().len() as f64;
    let spacing = (widest * DIGIT_PX + LABEL_GAP).max(36.0);
    ticks(cols, (plot_w / spacing) as usize)
}

/// How many intervals the colour bar's labels divide a bar `plot_h` CSS px
/// tall into (at most 4; 0: only its top label, for a bar too short for two
/// 11 px labels and a gap).
pub fn colour_bar_steps(plot_h: f64) -> usize {
    ((plot_h / (11.0 + LABEL_GAP)) as usize).min(4)
}

/// Indices `0, step, 2·step, …` below `count` with a 1-2-5 step that labels at most
/// `max_ticks` of them.
pub fn ticks(count: usize, max_ticks: usize) -> Vec<usize> {
    let max_ticks = max_ticks.max(1);
    let mut step = 1;
    'search: for magnitude in [1, 10, 100, 1000, 10_000] {
        for m in [1, 2, 5] {
            step = m * magnitude;
            if count.div_ceil(step) <= max_ticks {
                break 'search;
            }
        }
    }
    (0..count).step_by(step).collect()
}

/// Smallest and largest finite value (`(0, 1)` when there is none; a constant
/// matrix gets a unit range so that colours stay defined).
pub fn value_range(values: &[f64]) -> (f64, f64) {
    let (lo, hi) = values
        .iter()
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &v| {
            (lo.min(v), hi.max(v))
        });
    if lo > hi {
        (0.0, 1.0)
    } else if lo == hi {
        (lo - 0.5, hi + 0.5)
    } else {
        (lo, hi)
    }
}

/// A tick value as the page's language writes it: `decimals` decimals (none
/// for counts), the decimal mark, and thousands grouped.
pub fn tick(v: f64, decimals: usize, mark: &str, thousands: &str) -> String {
    let text = format!("{v:.decimals$}");
    let (int, frac) = text
        .split_once('.')
        .map_or((text.as_str(), None), |(a, b)| (a, Some(b)));
    let (sign, digits) = int.strip_prefix('-').map_or(("", int), |d| ("-", d));
    let mut grouped = String::new();
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k) % 3 == 0 {
            grouped.push_str(thousands);
        }
        grouped.push(c);
    }
    match frac {
        Some(f) => format!("{sign}{grouped}{mark}{f}"),
        None => format!("{sign}{grouped}"),
    }
}

/// Decimals for ticks up to `top`: enough to tell ticks apart, none for counts.
pub fn tick_decimals(top: f64, counts: bool) -> usize {
    if counts || top >= 100.0 {
        0
    } else if top >= 1.0 {
        2
    } else {
        3
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_100_square_matrix_gets_one_rectangle_per_cell_on_a_large_canvas() {
        let l = Layout::new(100, 100, 640, 560, 1.0);
        assert_eq!(l.block, 1);
        assert_eq!(l.plot_w, l.plot_h, "square cells");
        assert!(l.plot_w >= 400);
        assert_eq!(l.note(), None);
        assert_eq!(
            l.cell_at(f64::from(l.plot_x) + 0.5, f64::from(l.plot_y) + 0.5),
            Some((0, 0))
        );
        let end = f64::from(l.plot_x + l.plot_w) - 0.5;
        assert_eq!(l.cell_at(end, f64::from(l.plot_y + l.plot_h) - 0.5), Some((99, 99)));
        assert_eq!(l.cell_at(f64::from(l.plot_x) - 1.0, 10.0), None);
    }

    #[test]
    fn the_fitting_height_leaves_no_blank_band() {
        for (rows, cols, width) in [(100, 100, 560), (2, 2, 300), (6, 6, 1200), (10, 40, 800)] {
            let height = Layout::fitting_height(rows, cols, width, 1.0);
            let l = Layout::new(rows, cols, width, height, 1.0);
            assert_eq!(l.plot_y + l.plot_h + 48, height, "{rows}×{cols} on {width}");
            assert!(l.plot_x + l.plot_w + 96 >= width - 1, "{rows}×{cols} on {width}");
        }
    }

    #[test]
    fn more_rows_than_pixels_aggregates_into_blocks() {
        let l = Layout::new(2500, 2500, 640, 560, 1.0);
        assert!(l.block > 1);
        let (br, bc) = l.blocks();
        assert!(br as u32 <= l.plot_h && bc as u32 <= l.plot_w);
        assert!(l.note().unwrap().contains("2500×2500 matrix drawn as blocks"));
        // Hover still resolves single cells.
        assert_eq!(
            l.cell_at(f64::from(l.plot_x + l.plot_w) - 0.01, f64::from(l.plot_y)),
            Some((0, 2499))
        );
        // Spans tile the plot exactly.
        assert_eq!(l.span(0, 2500, l.plot_x, l.plot_w).0, l.plot_x as i32);
        assert_eq!(l.span(bc - 1, 2500, l.plot_x, l.plot_w).1, (l.plot_x + l.plot_w) as i32);
    }

    #[test]
    fn blocks_average_finite_cells_and_take_modes_of_categories() {
        let v = [1.0, 3.0, 5.0, f64::NAN, 2.0, 2.0, 9.0, 9.0, 2.0];
        assert_eq!(block_means(&v, 3, 3, 2)[0], 2.0);
        assert_eq!(block_means(&v, 3, 3, 2)[1], 3.5);
        assert_eq!(block_modes(&v, 3, 3, 2), vec![1.0, 2.0, 9.0, 2.0]);
        assert!(block_means(&[f64::NAN], 1, 1, 1)[0].is_nan());
    }

    #[test]
    fn categories_ticks_and_ranges() {
        assert_eq!(categories(&[3.0, 1.0, 3.0, f64::NAN, 2.0]), Some(vec![1.0, 2.0, 3.0]));
        assert_eq!(categories(&(0..30).map(f64::from).collect::<Vec<_>>()), None);
        assert_eq!(ticks(100, 11), vec![0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
        assert_eq!(ticks(6, 10), vec![0, 1, 2, 3, 4, 5]);
        assert_eq!(ticks(2500, 8), (0..2500).step_by(500).collect::<Vec<_>>());
        assert_eq!(value_range(&[0.2, f64::NAN, 0.7]), (0.2, 0.7));
    }

    /// Column labels never overlap, for every width a phone or a desktop gives and
    /// every label length; the colour bar's labels neither.
    #[test]
    fn axis_labels_leave_a_gap_at_every_size() {
        for plot_w in [120.0, 200.0, 280.0, 330.0, 560.0, 1000.0] {
            for cols in [1, 2, 7, 10, 37, 100, 101, 999, 2500, 9999, 20_000] {
                for start in [0, 1, 95] {
                    let ticks = column_ticks(cols, start, plot_w);
                    assert!(!ticks.is_empty());
                    let centre = |k: usize| (k as f64 + 0.5) * plot_w / cols as f64;
                    let width = |k: usize| (k + start).to_string().len() as f64 * DIGIT_PX;
                    for pair in ticks.windows(2) {
                        let free = centre(pair[1]) - centre(pair[0]) - (width(pair[0]) + width(pair[1])) / 2.0;
                        assert!(
                            free >= LABEL_GAP - 1e-9,
                            "{cols} columns from {start} in {plot_w} px: {pair:?}"
                        );
                    }
                }
            }
        }
        for plot_h in [5.0, 18.0, 19.0, 30.0, 60.0, 76.0, 400.0] {
            let steps = colour_bar_steps(plot_h);
            assert!(steps <= 4);
            if steps > 0 {
                assert!(plot_h / steps as f64 >= 11.0 + LABEL_GAP, "{plot_h}");
            }
        }
        assert_eq!(colour_bar_steps(400.0), 4);
        assert_eq!(colour_bar_steps(10.0), 0);
    }

    #[test]
    fn ticks_are_whole_for_counts_and_grouped_by_thousands() {
        assert_eq!(tick(70000.0, tick_decimals(70000.0, true), ".", ","), "70,000");
        assert_eq!(tick(1234567.0, 0, ",", "\u{202f}"), "1\u{202f}234\u{202f}567");
        assert_eq!(tick(0.125, tick_decimals(0.5, false), ",", " "), "0,125");
        assert_eq!(tick(-2500.5, 1, ".", ","), "-2,500.5");
        assert_eq!(tick(999.0, 0, ".", ","), "999");
        assert_eq!(value_range(&[1.0, 1.0]), (0.5, 1.5));
        assert_eq!(value_range(&[]), (0.0, 1.0));
    }
}
