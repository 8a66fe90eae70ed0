//! A thermograph as Winning Ways draws it: the tax `t` up the vertical axis,
//! the value across with larger values (Left's) to the left, one scale on
//! both axes so that the walls slope at 45°, the mast dashed at the mean. One
//! SVG document for the page and Python's notebooks ([`thermograph_svg`]).

use super::svg_text::{escape, signs, Svg};
use super::DrawError;
use crate::toolkit::{Lang, Text};
use serde::Deserialize;

/// A thermograph as the partizan report writes it: breakpoints `[t, value]`
/// of each wall from `t = 0` up, the mean and the temperature, each a dyadic
/// rational in text (`-3/4`).
#[derive(Clone, Debug, Deserialize)]
#[allow(missing_docs)]
pub struct Thermograph {
    pub left_wall: Vec<[String; 2]>,
    pub right_wall: Vec<[String; 2]>,
    pub mean: String,
    pub temperature: String,
}

/// A dyadic rational written `a` or `a/b`.
fn number(text: &str) -> Result<f64, DrawError> {
    let bad = || DrawError(format!("a thermograph's number is written a or a/b, not {text:?}"));
    let (a, b) = text.split_once('/').unwrap_or((text, "1"));
    let (a, b) = (
        a.trim().parse::<f64>().map_err(|_| bad())?,
        b.trim().parse::<f64>().map_err(|_| bad())?,
    );
    let x = a / b;
    if x.is_finite() {
        Ok(x)
    } else {
        Err(bad())
    }
}

/// The thermograph `th` as an SVG document `width` pixels wide (280 to 640):
/// its height follows from the one scale. Classes name each part for the
/// page's style sheet; presentation attributes draw it anywhere else.
///
/// # Errors
/// [`DrawError`] for a number that is not a dyadic rational, or a wall without points.
pub fn thermograph_svg(th: &Thermograph, width: f64, lang: Lang) -> Result<String, DrawError> {
    let wall = |points: &[[String; 2]]| -> Result<Vec<(f64, f64)>, DrawError> {
        if points.is_empty() {
            return Err(DrawError("a thermograph's wall has no point".into()));
        }
        points.iter().map(|[t, v]| Ok((number(t)?, number(v)?))).collect()
    };
    let walls = [wall(&th.left_wall)?, wall(&th.right_wall)?];
    let (temp, mean) = (number(&th.temperature)?, number(&th.mean)?);
    let values = walls.iter().flatten().map(|&(_, v)| v).chain([mean]);
    let (mut lo, mut hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| (lo.min(v), hi.max(v)));
    if hi - lo < 1.0 {
        lo -= 0.5;
        hi += 0.5;
    }
    let top = temp.max(0.0) * 1.3 + 1.0;
    let width = if width.is_finite() {
        width.clamp(280.0, 640.0)
    } else {
        600.0
    };
    let (left, right, up, bottom) = (20.0, 20.0, 20.0, 46.0);
    // The value range widened to fill the width at the one scale.
    let unit = ((width - left - right) / (hi - lo)).min(200.0 / top);
    let spare = (width - left - right) / unit - (hi - lo);
    let hi = hi + spare / 2.0;
    let height = up + bottom + top * unit;
    let x = |v: f64| left + (hi - v) * unit;
    let y = |t: f64| height - bottom - t * unit;
    let words = |t: Text| t.get(lang).to_string();
    let label = words(text!(
        "the thermograph: mean {}, temperature {}",
        "le thermographe : moyenne {}, température {}",
        signs(&th.mean),
        signs(&th.temperature)
    ));
    let mut s = Svg::new(width, height, "pz-thermo", &label);
    s.line(
        [left, y(0.0)],
        [width - right, y(0.0)],
        "pz-axis",
        r##"stroke="#555" stroke-width="1.5""##,
    );
    for (points, side, colour) in [(&walls[0], "left", "#0072b2"), (&walls[1], "right", "#d55e00")] {
        let pts: Vec<String> = points
            .iter()
            .map(|&(t, v)| format!("{:.1},{:.1}", x(v), y(t)))
            .collect();
        s.push(format!(
            r#"<polyline points="{}" class="pz-wall {side}" fill="none" stroke="{colour}" stroke-width="3"/>"#,
            pts.join(" ")
        ));
    }
    s.line(
        [x(mean), y(temp.max(0.0))],
        [x(mean), y(top)],
        "pz-mast",
        r##"stroke="#222" stroke-width="2.5" stroke-dasharray="6 4""##,
    );
    let text = |s: &mut Svg, at: [f64; 2], anchor: &str, said: String| {
        s.push(format!(
            r##"<text x="{:.1}" y="{:.1}" class="pz-label {anchor}" font-size="13" fill="#333" font-family="sans-serif" text-anchor="{anchor}">{}</text>"##,
            at[0],
            at[1],
            escape(&said)
        ));
    };
    if temp > 0.0 {
        s.line(
            [left, y(temp)],
            [width - right, y(temp)],
            "pz-level",
            r##"stroke="#999" stroke-width="1" stroke-dasharray="3 3""##,
        );
        let said = words(text!("temperature {}", "température {}", signs(&th.temperature)));
        text(&mut s, [width - right, y(temp) - 6.0], "end", said);
    }
    let said = words(text!("mean {}", "moyenne {}", signs(&th.mean)));
    text(&mut s, [x(mean), height - bottom + 18.0], "middle", said);
    text(
        &mut s,
        [left, height - 8.0],
        "start",
        words(text!("← Left", "← Gauche")),
    );
    text(
        &mut s,
        [width - right, height - 8.0],
        "end",
        words(text!("Right →", "Droite →")),
    );
    Ok(s.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn th(left: &[[&str; 2]], right: &[[&str; 2]], mean: &str, temperature: &str) -> Thermograph {
        let wall = |w: &[[&str; 2]]| w.iter().map(|[a, b]| [a.to_string(), b.to_string()]).collect();
        Thermograph {
            left_wall: wall(left),
            right_wall: wall(right),
            mean: mean.into(),
            temperature: temperature.into(),
        }
    }

    #[test]
    fn a_hot_switch_has_two_walls_meeting_at_its_temperature_and_a_mast() {
        // ±1 = {1|-1}: walls from 1 and -1 meet at t = 1 over the mean 0.
        let svg = thermograph_svg(
            &th(&[["0", "1"], ["1", "0"]], &[["0", "-1"], ["1", "0"]], "0", "1"),
            600.0,
            Lang::En,
        )
        .unwrap();
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(svg.contains("temperature 1") && svg.contains("mean 0") && svg.contains("pz-mast"));
        // One scale: the left wall goes from value 1 at t = 0 to 0 at t = 1, at 45°.
        let pts = svg.split(r#"points=""#).nth(1).unwrap().split('"').next().unwrap();
        let p: Vec<f64> = pts.split([' ', ',']).map(|v| v.parse().unwrap()).collect();
        assert!(((p[2] - p[0]).abs() - (p[3] - p[1]).abs()).abs() < 0.2, "45°: {pts}");
    }

    #[test]
    fn a_number_is_a_mast_alone_and_french_and_bad_numbers_are_handled() {
        let svg = thermograph_svg(&th(&[["0", "-3/4"]], &[["0", "-3/4"]], "-3/4", "-1/4"), 200.0, Lang::Fr).unwrap();
        assert!(svg.contains(r#"width="280""#), "the narrowest drawing");
        assert!(!svg.contains("pz-level"), "no temperature line for a number");
        assert!(svg.contains("moyenne −3/4") && svg.contains("← Gauche"));
        assert!(thermograph_svg(&th(&[["0", "x"]], &[["0", "1"]], "0", "0"), 600.0, Lang::En).is_err());
        assert!(thermograph_svg(&th(&[], &[["0", "1"]], "0", "0"), 600.0, Lang::En).is_err());
        assert!(thermograph_svg(&th(&[["0", "1/0"]], &[["0", "1"]], "0", "0"), 600.0, Lang::En).is_err());
    }
}
