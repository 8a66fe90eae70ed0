//! Snakes and Ladders as a [`Family`].

use super::analysis::{analyse_scenario, solve_matrices, Report};
use super::scenario::{Method, Scenario, FIELDS};
use crate::toolkit::number::exact_or_unavailable;
use crate::toolkit::{Command, Cost, Error, Family, Field, Label, Progress, Text};

/// What a build with bounded fractions cannot compute exactly (its full bundle can).
fn long_fractions() -> Text {
    text!("P and E as fractions this long", "P et E en fractions aussi longues")
}

/// Two-player Snakes and Ladders (seed 000): P, E and everything about them.
pub struct SnakesAndLadders;

/// Seconds in the browser for P and E in fractions: n⁴ pairs' work, times the
/// growth of the fractions, which snakes falling far back make long (a snake
/// 19 → 1 on 20 squares gives 170-digit denominators, a board without snakes
/// 30 digits; the times: BENCHMARKS.md). A typed matrix counts as the worst
/// board, or more where it leads back often: a dense one's pairs fill the whole
/// elimination, about n⁸ (random dense matrices of 8, 10 and 12 squares: 0.34,
/// 2.3 and 8.2 s), scaled by the square of its share of entries below the diagonal.
fn exact_cost(s: &Scenario) -> f64 {
    let n = s.model.size() as f64;
    let fall = match &s.model {
        super::Model::Board(b) => {
            b.jumps()
                .iter()
                .filter(|j| j.to < j.from)
                .map(|j| (j.from - j.to) as f64)
                .sum::<f64>()
                / n
        }
        super::Model::Matrix(_) => 1.5,
    };
    let board = 1e-7 * n.powi(4) * (1.0 + 25.0 * fall.min(1.5).powi(2));
    match &s.model {
        super::Model::Matrix(m) if n > 1.0 => {
            let back = (0..m.size())
                .map(|i| m.row(i).iter().filter(|(j, _)| *j < i).count())
                .sum::<usize>();
            let share = back as f64 / (n * (n - 1.0) / 2.0);
            board.max(4e-8 * n.powi(8) * share * share)
        }
        _ => board,
    }
}

impl Family for SnakesAndLadders {
    const KEY: &'static str = "snakes";
    const TITLE: Label = Label::new("Snakes and Ladders", "Serpents et échelles");
    fn print(s: &Scenario, r: &Report, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        super::text::print(s, r, out)
    }

    const COMMANDS: &'static [Command] = &[Command::plain(
        "snakes",
        "Two-player Snakes and Ladders: win probabilities P and expected lengths E.",
    )];
    const FIELDS: &'static [Field] = FIELDS;
    type Scenario = Scenario;
    type Report = Report;
    type Extra = ();
    type Part = ();
    /// `matrices`: P and E alone, no report (the in-browser benchmark times it).
    const TASKS: &'static [&'static str] = &["matrices"];
    type Session = ();
    type Turn = ();

    /// Calibrated on the in-browser benchmark (BENCHMARKS.md).
    fn cost(s: &Scenario) -> Cost {
        let n = s.model.size() as f64;
        let seconds = match s.method {
            Method::Vectorised => 5e-7 * n.powi(3),
            Method::Exact => exact_cost(s),
            _ => {
                // The sums run for a number of rolls that grows with the length
                // of a game: about constant up to 50 rolls for one player, then
                // proportional, the series running to about 22 times the
                // expected rolls (a 938-square board with a die of 1 to 3 and
                // the exact finish: 6,500 rolls, 57 times the time of a short
                // game; 100 squares, ten snakes, a die of 1 to 3: 2,609 rolls,
                // 54,709 terms, 90 times the default board's time; the same
                // weighted toward 1 with the exact finish: 10,543 rolls,
                // 231,770 terms, 1.7 s natively on a slow day).
                let a = s.model.characteristic_matrix();
                let rolls = super::termination::expected_rolls(&a, &[0]).unwrap_or(50.0);
                4e-7 * n * n * (1.0 + s.starts.len() as f64 * 0.1) * (rolls / 50.0).max(1.0)
            }
        };
        // Exact expected rolls: about 0.12 µs natively per unit of work, three
        // times that in the browser (BENCHMARKS.md); P and E in fractions up to 20 squares.
        let exact = if s.exact {
            3e-7 * super::exact_rolls::work(&s.model.exact_matrix())
                + if n <= super::exact::MAX_SQUARES as f64 {
                    exact_cost(s)
                } else {
                    0.0
                }
        } else {
            0.0
        };
        Cost {
            seconds: seconds + exact,
            megabytes: 50.0 * n * n / 1e6 + 5.0,
            uncertain: false,
        }
    }

    fn analyse(s: &Scenario, progress: Progress) -> Result<Report, Error> {
        exact_or_unavailable(long_fractions, || analyse_scenario(s, progress))
    }

    fn extra(s: &Scenario, task: &str, _: Progress) -> Result<(), Error> {
        match task {
            "matrices" => exact_or_unavailable(long_fractions, || solve_matrices(s)),
            other => Err(crate::toolkit::unknown_task(other, Self::TASKS)),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::registry::{parse, Extra};

    /// The benchmark's P and E alone go through the registry as every task does.
    #[test]
    fn the_matrices_task_solves_p_and_e_and_other_tasks_are_refused() {
        let link = parse("game=snakes&preset=audet").unwrap();
        assert!(matches!(link.extra("matrices", &mut |_, _| {}), Ok(Extra::Snakes(()))));
        let err = link.extra("sweep", &mut |_, _| {}).unwrap_err().to_string();
        assert!(err.contains("matrices"), "{err}");
    }
}
