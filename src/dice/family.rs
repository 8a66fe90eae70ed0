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
    type Session = Session;
    type Turn = Turn;

    /// Calibrated on the in-browser benchmark (BENCHMARKS.md).
    fn cost(s: &Scenario) -> Cost {
        let (d, n) = (s.dice as f64, s.target as f64);
        let simulation = 9e-8 * s.simulate as f64 * (1.0 + n / 20.0);
        let seconds = match s.mode {
            Mode::Simultaneous => 4.2e-8 * n * n * d.powi(3),
            Mode::OneTurn => 1e-3,
            Mode::Variant => 1e-7 * d * n * n,
            // Nine comparisons and the curves of Figure 1 beside the solve.
            // EG in fractions (exact=yes): 1.2 s in the browser for D = 6, N = 40.
            Mode::Sequential => 3e-7 * d * n * n + simulation + if s.exact { 2e-5 * n * n * d * d } else { 0.0 },
            Mode::Compare => 1.5e-8 * d * n * n + simulation,
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
