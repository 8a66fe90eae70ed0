//! Thermographs: how a game's value behaves when each move is taxed `t`.
//!
//! Cooling `G` by `t` taxes every move by `t`. Winning Ways draws the result
//! as two walls over the temperature axis: for a number `x`, a vertical mast at
//! `x`; otherwise the *scaffolds*
//!
//! ```text
//! Lₜ(G) = max over Gᴸ of Rₜ(Gᴸ) − t,      Rₜ(G) = min over Gᴿ of Lₜ(Gᴿ) + t,
//! ```
//!
//! which meet at the *temperature* `τ`, above which both walls are the mast at
//! the *mean* `m = L_τ(G) = R_τ(G)`. Walls are piecewise linear with slopes 0
//! and ±1 and breakpoints at dyadic rationals, so everything here is exact.
//! A number has no positive temperature: CGSuite gives `−1` to an integer and
//! `−1/2ᵏ` to `m/2ᵏ` (how far from its birth the number is), as here.
//!
//! ```
//! use ludolab::partizan::{game::Games, thermograph::Thermograph, Dyadic};
//! let mut g = Games::new();
//! let (two, minus_one) = (g.integer(2), g.integer(-1));
//! let hot = g.make(vec![two], vec![minus_one]); // {2 | −1}
//! let th = Thermograph::of(&mut g, hot, &mut Default::default());
//! assert_eq!(th.mean, Dyadic::new(1, 1)); // ½
//! assert_eq!(th.temperature, Dyadic::new(3, 1)); // 3/2
//! ```
//!
//! # Complexity
//! One thermograph per follower of the game (remembered by id); each wall has
//! at most as many breakpoints as the game has followers.

use super::dyadic::Dyadic;
use super::game::{GameId, Games};
use crate::toolkit::sort;
use serde::Serialize;
use std::collections::HashMap;

/// A piecewise linear function of `t ≥ 0`: its breakpoints `(t, value)` from
/// `t = 0`, linear between them, with `slope` after the last.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Line {
    points: Vec<(Dyadic, Dyadic)>,
    slope: i8,
}

impl Line {
    fn constant(x: Dyadic) -> Line {
        Line {
            points: vec![(Dyadic::ZERO, x)],
            slope: 0,
        }
    }

    fn at(&self, t: Dyadic) -> Dyadic {
        let i = self.points.partition_point(|(pt, _)| *pt <= t);
        // i ≥ 1 for t ≥ 0: the first point is at 0.
        let (t0, v0) = self.points[i.saturating_sub(1)];
        let slope = if i < self.points.len() {
            segment_slope(self.points[i - 1], self.points[i])
        } else {
            self.slope
        };
        v0.add(times(t.add(t0.neg()), slope))
    }

    /// The slope just after `t`.
    fn slope_after(&self, t: Dyadic) -> i8 {
        let i = self.points.partition_point(|(pt, _)| *pt <= t);
        if i < self.points.len() && i > 0 {
            segment_slope(self.points[i - 1], self.points[i])
        } else {
            self.slope
        }
    }

    /// `f(t) + k·t`.
    fn tilt(&self, k: i8) -> Line {
        Line {
            points: self.points.iter().map(|&(t, v)| (t, v.add(times(t, k)))).collect(),
            slope: self.slope + k,
        }
    }

    /// The pointwise maximum (`upper`) or minimum of two lines.
    fn envelope(&self, other: &Line, upper: bool) -> Line {
        let mut ts: Vec<Dyadic> = self.points.iter().chain(other.points.iter()).map(|p| p.0).collect();
        sort::sort(&mut ts);
        ts.dedup();
        // Crossings strictly inside each interval, and on the last ray.
        let mut crossings = Vec::new();
        for w in 0..ts.len() {
            let a = ts[w];
            let d = self.at(a).add(other.at(a).neg());
            let ds = self.slope_after(a) - other.slope_after(a);
            if ds == 0 || d == Dyadic::ZERO {
                continue;
            }
            // d + ds·(t − a) = 0 at t = a − d/ds, when that is ahead.
            let dt = divide(d.neg(), ds);
            if dt > Dyadic::ZERO && (w + 1 == ts.len() || a.add(dt) < ts[w + 1]) {
                crossings.push(a.add(dt));
            }
        }
        ts.extend(crossings);
        sort::sort(&mut ts);
        ts.dedup();
        let pick = |x: Dyadic, y: Dyadic| if (x >= y) == upper { x } else { y };
        let points: Vec<(Dyadic, Dyadic)> = ts.iter().map(|&t| (t, pick(self.at(t), other.at(t)))).collect();
        let last = *ts.last().unwrap_or(&Dyadic::ZERO);
        let (a, b) = (self.at(last), other.at(last));
        let slope = if a == b {
            if upper {
                self.slope.max(other.slope)
            } else {
                self.slope.min(other.slope)
            }
        } else if (a > b) == upper {
            self.slope
        } else {
            other.slope
        };
        Line { points, slope }.simplified()
    }

    /// Without breakpoints where the slope does not change.
    fn simplified(mut self) -> Line {
        let mut kept: Vec<(Dyadic, Dyadic)> = Vec::with_capacity(self.points.len());
        for p in self.points.drain(..) {
            while kept.len() >= 2 {
                let n = kept.len();
                if segment_slope(kept[n - 2], kept[n - 1]) == segment_slope(kept[n - 1], p) {
                    kept.pop();
                } else {
                    break;
                }
            }
            kept.push(p);
        }
        if kept.len() >= 2 {
            let n = kept.len();
            if segment_slope(kept[n - 2], kept[n - 1]) == self.slope {
                kept.pop();
            }
        }
        self.points = kept;
        self
    }
}

/// `x·k` for a small whole `k`.
fn times(x: Dyadic, k: i8) -> Dyadic {
    let mut r = Dyadic::ZERO;
    for _ in 0..k.unsigned_abs() {
        r = r.add(x);
    }
    if k < 0 {
        r.neg()
    } else {
        r
    }
}

/// `x / k` for `k` in ±1, ±2 (the slopes of a difference of walls).
fn divide(x: Dyadic, k: i8) -> Dyadic {
    let y = if k.unsigned_abs() == 2 { x.half() } else { x };
    if k < 0 {
        y.neg()
    } else {
        y
    }
}

/// The slope between two breakpoints: 0 or ±1.
fn segment_slope(a: (Dyadic, Dyadic), b: (Dyadic, Dyadic)) -> i8 {
    let (dt, dv) = (b.0.add(a.0.neg()), b.1.add(a.1.neg()));
    if dv == Dyadic::ZERO {
        0
    } else if dv == dt {
        1
    } else if dv == dt.neg() {
        -1
    } else {
        // Walls only have slopes 0 and ±1; a difference of walls ±2.
        if dv > Dyadic::ZERO {
            2
        } else {
            -2
        }
    }
}

/// A game's thermograph: its two walls from `t = 0` up to the temperature (the
/// mast above), its mean and its temperature.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Thermograph {
    /// The left wall's breakpoints `(t, value)` from `t = 0` to the temperature.
    #[serde(serialize_with = "points_text")]
    pub left_wall: Vec<(Dyadic, Dyadic)>,
    /// The right wall's breakpoints likewise.
    #[serde(serialize_with = "points_text")]
    pub right_wall: Vec<(Dyadic, Dyadic)>,
    /// The mast's value: the mean.
    #[serde(serialize_with = "text")]
    pub mean: Dyadic,
    /// Where the walls meet (negative for a number, as CGSuite gives it).
    #[serde(serialize_with = "text")]
    pub temperature: Dyadic,
}

fn text<S: serde::Serializer>(x: &Dyadic, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&x.to_string())
}

fn points_text<S: serde::Serializer>(points: &[(Dyadic, Dyadic)], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    let mut seq = s.serialize_seq(Some(points.len()))?;
    for (t, v) in points {
        seq.serialize_element(&[t.to_string(), v.to_string()])?;
    }
    seq.end()
}

/// The walls of every game met so far, by id (a memo shared by thermographs
/// of games with common followers).
#[derive(Clone, Debug, Default)]
pub struct Walls(HashMap<GameId, (Line, Line)>);

impl Walls {
    /// No walls known.
    pub fn new() -> Walls {
        Walls::default()
    }
}

impl Thermograph {
    /// The thermograph of `g` (walls of its followers kept in `memo`).
    pub fn of(games: &mut Games, g: GameId, memo: &mut Walls) -> Thermograph {
        let (left, right) = walls(games, g, memo);
        let mean = left.points.last().map_or(Dyadic::ZERO, |p| p.1);
        let temperature = match games.number_value(g) {
            Some(x) if x.is_integer() => Dyadic::integer(-1),
            Some(x) => Dyadic::new(-1, x.exponent()),
            None => left.points.last().map_or(Dyadic::ZERO, |p| p.0),
        };
        Thermograph {
            left_wall: left.points,
            right_wall: right.points,
            mean,
            temperature,
        }
    }
}

/// The left and right walls of `g`: constant after their last breakpoint,
/// which for a game that is not a number is at its temperature.
fn walls(games: &mut Games, g: GameId, memo: &mut Walls) -> (Line, Line) {
    if let Some(known) = memo.0.get(&g) {
        return known.clone();
    }
    let result = if let Some(x) = games.number_value(g) {
        (Line::constant(x), Line::constant(x))
    } else {
        {
            let mut left_scaffold: Option<Line> = None;
            for l in games.left(g).to_vec() {
                let (_, rw) = walls(games, l, memo);
                left_scaffold = Some(match left_scaffold {
                    None => rw,
                    Some(s) => s.envelope(&rw, true),
                });
            }
            let mut right_scaffold: Option<Line> = None;
            for r in games.right(g).to_vec() {
                let (lw, _) = walls(games, r, memo);
                right_scaffold = Some(match right_scaffold {
                    None => lw,
                    Some(s) => s.envelope(&lw, false),
                });
            }
            // A game that is not a number has options on both sides; should one
            // side be empty, the other scaffold stands for both.
            let (ls, rs) = match (left_scaffold, right_scaffold) {
                (Some(l), Some(r)) => (l.tilt(-1), r.tilt(1)),
                (Some(l), None) => (l.tilt(-1), l.tilt(-1)),
                (None, Some(r)) => (r.tilt(1), r.tilt(1)),
                (None, None) => (Line::constant(Dyadic::ZERO), Line::constant(Dyadic::ZERO)),
            };
            let tau = meeting(&ls, &rs);
            let mean = ls.at(tau);
            (cut(&ls, tau, mean), cut(&rs, tau, mean))
        }
    };
    memo.0.insert(g, result.clone());
    result
}

/// The first `t ≥ 0` where the left scaffold is no longer right of the right one.
fn meeting(ls: &Line, rs: &Line) -> Dyadic {
    let mut ts: Vec<Dyadic> = ls.points.iter().chain(rs.points.iter()).map(|p| p.0).collect();
    sort::sort(&mut ts);
    ts.dedup();
    for (w, &a) in ts.iter().enumerate() {
        let d = ls.at(a).add(rs.at(a).neg());
        if d <= Dyadic::ZERO {
            return a;
        }
        let ds = ls.slope_after(a) - rs.slope_after(a);
        if ds < 0 {
            let t = a.add(divide(d, -ds));
            if w + 1 == ts.len() || t <= ts[w + 1] {
                return t;
            }
        }
    }
    // Unreachable for walls (the scaffolds end with slopes −1 and +1).
    *ts.last().unwrap_or(&Dyadic::ZERO)
}

/// The line up to `tau`, then constant at `mean`.
fn cut(line: &Line, tau: Dyadic, mean: Dyadic) -> Line {
    let mut points: Vec<(Dyadic, Dyadic)> = line.points.iter().copied().filter(|p| p.0 < tau).collect();
    points.push((tau, mean));
    Line { points, slope: 0 }.simplified()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn th(games: &mut Games, g: GameId) -> Thermograph {
        Thermograph::of(games, g, &mut Walls::new())
    }

    #[test]
    fn switches_numbers_and_infinitesimals() {
        let mut g = Games::new();
        let one = g.integer(1);
        let m1 = g.integer(-1);
        let pm1 = g.make(vec![one], vec![m1]);
        let t = th(&mut g, pm1);
        assert_eq!((t.mean, t.temperature), (Dyadic::ZERO, Dyadic::integer(1)));
        assert_eq!(
            t.left_wall,
            vec![(Dyadic::ZERO, one_d()), (Dyadic::integer(1), Dyadic::ZERO)]
        );
        let star = g.nimber(1);
        let t = th(&mut g, star);
        assert_eq!((t.mean, t.temperature), (Dyadic::ZERO, Dyadic::ZERO));
        let half = g.number(Dyadic::new(1, 1));
        let t = th(&mut g, half);
        assert_eq!((t.mean, t.temperature), (Dyadic::new(1, 1), Dyadic::new(-1, 1)));
        let t = th(&mut g, Games::ZERO);
        assert_eq!(t.temperature, Dyadic::integer(-1));
    }

    fn one_d() -> Dyadic {
        Dyadic::integer(1)
    }

    #[test]
    fn a_game_with_a_kink() {
        // G = {3 | {0 | −4}}: the right option {0|−4} has mean −2, temperature 2.
        // Right scaffold: its left wall (0 − t until t = 2, then −2) + t.
        let mut g = Games::new();
        let (three, zero, m4) = (g.integer(3), Games::ZERO, g.integer(-4));
        let r = g.make(vec![zero], vec![m4]);
        let t = th(&mut g, r);
        assert_eq!((t.mean, t.temperature), (Dyadic::integer(-2), Dyadic::integer(2)));
        let gg = g.make(vec![three], vec![r]);
        let t = th(&mut g, gg);
        // Left scaffold 3 − t; right scaffold t·0 (0 − t + t = 0) up to 2, then −2 + t.
        // They meet where 3 − t = −2 + t: t = 5/2, mean 1/2.
        assert_eq!((t.mean, t.temperature), (Dyadic::new(1, 1), Dyadic::new(5, 1)));
        assert_eq!(
            t.right_wall,
            vec![
                (Dyadic::ZERO, Dyadic::ZERO),
                (Dyadic::integer(2), Dyadic::ZERO),
                (Dyadic::new(5, 1), Dyadic::new(1, 1))
            ]
        );
    }
}
