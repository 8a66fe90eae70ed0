//! A Connect Four board as the page shows it: the blue frame, player 1's
//! stones yellow and player 2's orange, each column's score above it (green a
//! win, grey a draw, red a loss for the player to move) and its number below.
//! An SVG document for Python's notebooks and a saved file ([`board_svg`]);
//! the page's board is the same picture made of buttons, to be played.

use super::svg_text::{escape, Svg};
use super::DrawError;
use crate::toolkit::{Lang, Text};

const CELL: f64 = 40.0;
const GAP: f64 = 4.0;
const PAD: f64 = 6.0;
const SCORES: f64 = 30.0;
const NUMBERS: f64 = 22.0;

/// The board of `width × height` `cells` (row by row from the top: 0 empty,
/// 1 or 2), with `scores[c]` above column `c` (none: full, or not scored;
/// an empty slice: no scores row).
///
/// # Errors
/// [`DrawError`] when the cells or the scores do not fit the board, or a cell is not 0, 1 or 2.
pub fn board_svg(
    width: usize,
    height: usize,
    cells: &[u8],
    scores: &[Option<i32>],
    lang: Lang,
) -> Result<String, DrawError> {
    if width == 0 || height == 0 || width > 64 || height > 64 || cells.len() != width * height {
        return Err(DrawError(format!(
            "a board of {width} × {height} (each 1 to 64) needs {} cells, not {}",
            width * height,
            cells.len()
        )));
    }
    if !scores.is_empty() && scores.len() != width {
        return Err(DrawError(format!("{} scores for {width} columns", scores.len())));
    }
    if let Some(bad) = cells.iter().find(|&&c| c > 2) {
        return Err(DrawError(format!("a cell is 0, 1 or 2, not {bad}")));
    }
    let top = if scores.is_empty() { 0.0 } else { SCORES };
    let frame = [
        width as f64 * (CELL + GAP) - GAP + 2.0 * PAD,
        height as f64 * (CELL + GAP) - GAP + 2.0 * PAD,
    ];
    let label: Text = text!(
        "the board, {} {{column|columns}} by {} {{row|rows}}",
        "le plateau, {} {{colonne|colonnes}} sur {} {{ligne|lignes}}",
        width,
        height
    );
    let mut s = Svg::new(frame[0], top + frame[1] + NUMBERS, "c4-drawing", label.get(lang));
    s.push(format!(
        r##"<rect x="0" y="{top}" width="{:.0}" height="{:.0}" rx="8" fill="#1f4e8c"/>"##,
        frame[0], frame[1]
    ));
    let centre = |col: usize| PAD + col as f64 * (CELL + GAP) + CELL / 2.0;
    for row in 0..height {
        for col in 0..width {
            let fill = ["#fff", "#e6b800", "#d55e00"][usize::from(cells[row * width + col])];
            s.push(format!(
                r##"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="{fill}" stroke="#173b69" stroke-width="2"/>"##,
                centre(col),
                top + PAD + row as f64 * (CELL + GAP) + CELL / 2.0,
                CELL / 2.0 - 1.0
            ));
        }
    }
    let text = |s: &mut Svg, x: f64, y: f64, colour: &str, weight: &str, said: &str| {
        s.push(format!(
            r#"<text x="{x:.1}" y="{y:.1}" font-size="14" font-weight="{weight}" fill="{colour}" font-family="sans-serif" text-anchor="middle">{}</text>"#,
            escape(said)
        ));
    };
    for (col, score) in scores.iter().enumerate() {
        let (said, colour) = match score {
            None => ("—".to_string(), "#666"),
            Some(0) => ("0".to_string(), "#333"),
            Some(v) if *v > 0 => (format!("+{v}"), "#00583f"),
            Some(v) => (format!("−{}", v.unsigned_abs()), "#8a2f00"),
        };
        text(&mut s, centre(col), SCORES - 10.0, colour, "700", &said);
    }
    for col in 0..width {
        text(
            &mut s,
            centre(col),
            top + frame[1] + 16.0,
            "#333",
            "400",
            &(col + 1).to_string(),
        );
    }
    Ok(s.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stones_scores_and_numbers_are_drawn_where_they_belong() {
        // 2 × 2 after "1": player 1's stone at the bottom of column 1.
        let svg = board_svg(2, 2, &[0, 0, 1, 0], &[Some(-1), Some(2)], Lang::En).unwrap();
        assert_eq!(svg.matches("<circle").count(), 4);
        assert_eq!(svg.matches(r##"fill="#e6b800""##).count(), 1);
        assert!(svg.contains(">−1</text>") && svg.contains(">+2</text>"));
        assert!(svg.contains(">1</text>") && svg.contains(">2</text>"));
        assert!(svg.contains("the board, 2 columns by 2 rows"));
        let bare = board_svg(1, 1, &[2], &[], Lang::Fr).unwrap();
        assert!(bare.contains(r##"fill="#d55e00""##) && bare.contains("le plateau, 1 colonne sur 1 ligne"));
    }

    #[test]
    fn cells_that_do_not_fit_are_refused() {
        assert!(board_svg(7, 6, &[0; 41], &[], Lang::En).is_err());
        assert!(board_svg(0, 6, &[], &[], Lang::En).is_err());
        assert!(board_svg(2, 1, &[0, 3], &[], Lang::En).is_err());
        assert!(board_svg(2, 1, &[0, 0], &[None], Lang::En).is_err());
    }
}
