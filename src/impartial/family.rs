//! The impartial games as a [`Family`].

use super::link::FIELDS;
use super::modes::{analyse, Report};
use super::play::{Session, Turn};
use super::scenario::Scenario;
use crate::toolkit::{Action, Cost, Error, Family, Field, Label, Progress, Request};

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

    /// Each mode's own, calibrated on the in-browser benchmark (BENCHMARKS.md).
    fn cost(s: &Scenario) -> Cost {
        super::modes::cost(s)
    }

    fn analyse(s: &Scenario, progress: Progress) -> Result<Report, Error> {
        analyse(s, progress)
    }

    fn session(s: &Scenario) -> Result<Session, Error> {
        Session::new(s)
    }

    fn play(session: &Session, request: &Request) -> Result<Turn, Error> {
        if request.action == Action::Start {
            return session.start();
        }
        let heaps = session.heaps(request.position)?;
        match request.action {
            Action::Start | Action::Show => session.show(heaps),
            Action::Move(mv) => session.play(heaps, mv),
            Action::Reply => session.reply(heaps, request.seed),
        }
    }
}
