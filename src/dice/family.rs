//! Dice Battle as a [`Family`].

use super::play::{self, Session, Turn};
use super::report::{analyse, Report};
use super::scenario::{Mode, Scenario, FIELDS};
use crate::toolkit::{command, Command, Cost, Error, Family, Field, Label, Progress, Request};

/// Dice Battle (seed 001): the sequential game, its variant, two strategies
/// compared, the one-turn and multi-turn simultaneous games.
pub struct DiceBattle;

impl Family for DiceBattle {
    const KEY: &'static str = "dice";
    const TITLE: Label = Label::new("Dice Battle", "Dice Battle");
    fn print(_: &Scenario, r: &Report, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        super::text::print(r, out)
    }

    const COMMANDS: &'static [Command] = &[Command::plain(
        "dice",
        "Dice Battle: sequential (EG, OPT), compare (two strategies, exactly), one-turn (matrix game).",
    )
    .spelled(&[command::positional(
        "mode",
        false,
        "sequential, compare, one-turn, simultaneous or variant",
    )])];
    const FIELDS: &'static [Field] = FIELDS;
    type Scenario = Scenario;
    type Report = Report;
    type Extra = ();
    type Part = ();
    type Session = Session;
    type Turn = Turn;

    /// Calibrated on the in-browser benchmark (BENCHMARKS.md).
    fn cost(s: &Scenario) -> Cost {
        let (d, n) = (s.dice as f64, s.target as f64);
        let simulation = 9e-8 * s.simulate as f64 * (1.0 + n / 20.0);
        // Fitted on native release times (stop 77's estimate test: D from 2 to
        // 30, N from 20 to 1,000, on a day this machine ran 2.5 times slower
        // than for the browser figures of BENCHMARKS.md, to which they are scaled).
        let seconds = match s.mode {
            // D = 10, N = 100: 1.4 s natively; N = 20: 0.16 s.
            Mode::Simultaneous => 5.8e-6 * d * d * n.powf(1.5),
            Mode::OneTurn => 1e-3,
            // D = 2, 10, 30 at N = 1,000: 0.7 s, 2.8 s, 9.1 s natively.
            Mode::Variant => 1.8e-7 * d * n * n + 8e-8 * n * n,
            // Nine comparisons and the curves of Figure 1 beside the solve (D =
            // 10 and 20 at N = 1,000: 6.0 s and 18.9 s natively).
            // EG in fractions (exact=yes): 1.2 s in the browser for D = 6, N = 40.
            Mode::Sequential => {
                2e-7 * d * n * n
                    + 4.6e-10 * d.powi(3) * n * n
                    + simulation
                    + if s.exact { 2e-5 * n * n * d * d } else { 0.0 }
            }
            // D = 10 and 30 at N = 1,000: 0.3 s and 2.0 s natively.
            Mode::Compare => 4.8e-9 * d * n * n + 7.2e-10 * d * d * n * n + 6e-9 * n * n + simulation,
        };
        Cost {
            seconds,
            megabytes: 8.0 * n * n * (d + 2.0) / 1e6 + 5.0,
            uncertain: false,
        }
    }

    fn analyse(s: &Scenario, progress: Progress) -> Result<Report, Error> {
        analyse(s, progress)
    }

    fn session(s: &Scenario) -> Result<Session, Error> {
        play::session(s)
    }

    fn play(session: &Session, request: &Request) -> Result<Turn, Error> {
        session.answer(request)
    }
}
