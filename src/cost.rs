//! A cheap estimate of what a scenario costs to compute in the browser, so the
//! page can ask before a long computation. The constants come from the in-browser
//! benchmark (BENCHMARKS.md): rough, within a few times, never run.

use crate::scenario::Scenario;
use crate::{arena, dice, impartial, snakes};
use serde::Serialize;

/// Above this estimate the page asks before computing.
pub const CONFIRM_SECONDS: f64 = 3.0;

#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Cost {
    /// Expected time in the browser's worker.
    pub seconds: f64,
    /// Expected peak memory of the solver.
    pub megabytes: f64,
}

fn binomial(n: usize, k: usize) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// The estimate for a scenario.
///
/// ```
/// use ludolab::{cost::estimate, scenario::parse};
/// assert!(estimate(&parse("game=snakes&preset=audet").unwrap()).seconds < 0.1);
/// let big = parse("game=orchard&trees=8&fruits=20&crows=20&strategy=optimal").unwrap();
/// assert!(estimate(&big).seconds > 3.0);
/// ```
pub fn estimate(s: &Scenario) -> Cost {
    let (seconds, megabytes) = match s {
        Scenario::Snakes(s) => {
            let n = s.model.size() as f64;
            let t = match s.method {
                snakes::Method::Vectorised => 5e-7 * n.powi(3),
                snakes::Method::Exact => 1e-4 * n.powi(3),
                _ => 4e-7 * n * n * (1.0 + s.starts.len() as f64 * 0.1),
            };
            (t, 50.0 * n * n / 1e6 + 5.0)
        }
        Scenario::Dice(s) => {
            let (d, n) = (s.dice as f64, s.target as f64);
            let t = match s.mode {
                dice::Mode::Simultaneous => 4.2e-8 * n * n * d.powi(3),
                dice::Mode::OneTurn => 1e-3,
                dice::Mode::Variant => 1e-6 * d * n * n,
                dice::Mode::Sequential => 2e-7 * d * n * n * 10.0_f64.min(1.0 + n / 100.0),
                dice::Mode::Compare => 2e-7 * d * n * n + 5e-7 * s.simulate as f64 * (1.0 + n / 20.0),
            };
            (t, 8.0 * n * n * (d + 2.0) / 1e6 + 5.0)
        }
        Scenario::Orchard(s) => {
            let trees = s.game.trees.len();
            let fruits = usize::from(s.game.trees.iter().copied().max().unwrap_or(1));
            let positions = binomial(fruits + trees, trees);
            let c = s.game.crows as f64;
            let mut t = 4.0 * 2.3e-8 * positions * c;
            if let Some(p) = &s.position {
                let f = usize::from(p.iter().copied().max().unwrap_or(1));
                t += 4.0 * 2.3e-8 * binomial(f + p.len(), p.len()) * c;
            }
            t += 1e-7 * s.simulate as f64 * positions.log2().max(1.0);
            (
                t,
                positions * 4.0 / 1e6 + 2.0 * positions / (trees * fruits + 1) as f64 * c * 64.0 / 1e6 + 5.0,
            )
        }
        Scenario::Arena(s) => match s.kind {
            arena::Kind::Subtraction => {
                let v = 2.0 * (s.sticks + 1) as f64;
                (2e-7 * v * s.take.len() as f64, v * 60.0 / 1e6 + 2.0)
            }
            arena::Kind::Chomp => {
                let boards = binomial(s.rows + s.cols, s.rows.min(s.cols));
                let squares = (s.rows * s.cols) as f64;
                if boards <= arena::chomp::MAX_ARENA_BOARDS as f64 {
                    (
                        3.7e-6 * boards * squares / 100.0 * 2.0,
                        boards * squares * 9.0 / 1e6 + 5.0,
                    )
                } else {
                    (1e-8 * boards * squares * s.rows as f64, boards / 1e6 + 5.0)
                }
            }
            arena::Kind::Edges => (1e-3, 5.0),
        },
        Scenario::Impartial(s) => match s.mode {
            impartial::Mode::Octal => {
                let n = s.up_to as f64;
                (1e-6 * n, n * 2.0 / 1e6 + 5.0)
            }
            impartial::Mode::Subtraction => {
                let n = s.up_to as f64;
                (2e-8 * n * s.set.len() as f64, n * 2.0 / 1e6 + 5.0)
            }
            impartial::Mode::Solitaire => (0.4, 10.0),
            _ => (0.05, 20.0),
        },
    };
    Cost { seconds, megabytes }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{parse, Game};

    #[test]
    fn defaults_are_cheap_and_the_largest_inputs_ask_first() {
        for game in Game::ALL {
            let c = estimate(&Scenario::default_for(game));
            assert!(c.seconds < 1.0 && c.megabytes < 200.0, "{game:?}: {c:?}");
        }
        for heavy in [
            "game=orchard&trees=8&fruits=20&crows=20&strategy=optimal",
            "game=dice&mode=simultaneous&dice=15&target=200",
            "game=snakes&squares=200&method=vectorised",
            "game=arena&kind=chomp&rows=12&cols=12",
        ] {
            let c = estimate(&parse(heavy).unwrap());
            assert!(c.seconds > CONFIRM_SECONDS, "{heavy}: {c:?}");
            assert!(c.megabytes < 2000.0, "{heavy}: {c:?}");
        }
    }
}
