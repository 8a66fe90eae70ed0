//! The impartial games as a [`Family`].

use super::play::{Session, Turn};
use super::report::{analyse, Report};
use super::scenario::{Mode, Scenario, FIELDS};
use crate::toolkit::{Action, Cost, Error, Family, Field, Label, Params, Progress, Request};

/// Impartial games (seed 003): Sprague–Grundy values, Nim, octal and
/// subtraction games, graph games, sums, misère play, peg solitaire.
pub struct ImpartialGames;

impl Family for ImpartialGames {
    const KEY: &'static str = "impartial";
    const TITLE: Label = Label::new("Impartial games", "Jeux impartiaux");
    const FIELDS: &'static [Field] = FIELDS;
    type Scenario = Scenario;
    type Report = Report;
    type Extra = ();
    type Session = Session;
    type Turn = Turn;

    fn parse(params: &mut Params) -> Result<Scenario, Error> {
        Scenario::parse(params)
    }

    fn write(s: &Scenario) -> Vec<(&'static str, String)> {
        s.write()
    }

    /// Calibrated on the in-browser benchmark (BENCHMARKS.md).
    fn cost(s: &Scenario) -> Cost {
        let n = s.up_to as f64;
        let (seconds, megabytes) = match s.mode {
            Mode::Octal => (1e-6 * n, n * 2.0 / 1e6 + 5.0),
            Mode::Subtraction => (2e-8 * n * s.set.len() as f64, n * 2.0 / 1e6 + 5.0),
            Mode::Solitaire => (0.4, 10.0),
            _ => (0.05, 20.0),
        };
        Cost { seconds, megabytes }
    }

    fn analyse(s: &Scenario, progress: Progress) -> Result<Report, Error> {
        analyse(s, progress)
    }

    fn session(s: &Scenario) -> Result<Session, Error> {
        Session::new(s)
    }

    fn play(session: &Session, request: &Request) -> Result<Turn, Error> {
        if request.action == Action::Start {
            return Ok(session.start());
        }
        let heaps = session.heaps(request.position)?;
        match request.action {
            Action::Start | Action::Show => Ok(session.show(heaps)),
            Action::Move(mv) => session.play(heaps, mv),
            Action::Reply => Ok(session.reply(heaps, request.seed)),
        }
    }
}
