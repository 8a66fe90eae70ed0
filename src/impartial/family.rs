//! The impartial games as a [`Family`].

use super::play::{Session, Turn};
use super::report::{analyse, Report};
use super::scenario::{MisereOf, Mode, Scenario, FIELDS};
use crate::toolkit::{Action, Cost, Error, Family, Field, Label, Params, Progress, Request};

/// Heaps probed to see whether a period is proven early (Kayles: at once).
const PROBE: usize = 4096;

/// An octal game's time: a short probe of its first values tells a period
/// proven early (the rest is a fill) from one that needs every heap computed.
fn octal_seconds(s: &Scenario) -> f64 {
    let n = s.up_to as f64;
    let probe = s.up_to.min(PROBE);
    let proven = super::octal::values(&s.code, probe, &mut |_, _| {})
        .ok()
        .and_then(|(g, _)| super::period::find_period(&g, s.code.theorem_t()))
        .is_some_and(|p| p.proven);
    if proven {
        1e-8 * n + 1e-3
    } else {
        // Every heap computed: 1.2 µs each in the browser for .354 (20.2 million
        // in 24 s) and .16. Codes whose values need long searches cost more, and
        // a probe of the first heaps does not tell them apart (.376: 25 µs):
        // the estimate is low for those, though above the 3 s that asks first.
        1.5e-6 * n
    }
}

/// A table's time: its codes each to `up_to`, most of them proven early, the
/// unsolved ones heap by heap and worse than linearly (natively 3 ms a code at
/// 2,000 heaps, 70 ms at 16,384: BENCHMARKS.md).
fn table_seconds(s: &Scenario) -> f64 {
    let codes = super::table::codes(s.digits).len() as f64;
    codes * (2e-4 + 4e-3 * (s.up_to as f64 / 2000.0).powf(1.5))
}

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
            Mode::Octal => (octal_seconds(s), n * 2.0 / 1e6 + 5.0),
            Mode::Subtraction => (6e-9 * n * s.set.len() as f64, n * 2.0 / 1e6 + 5.0),
            Mode::Solitaire => (0.09, 10.0),
            Mode::Nim => (1e-3, 1.0),
            Mode::Table => (table_seconds(s), n * 2.0 / 1e6 * 8.0 + 10.0),
            Mode::Misere if s.of == MisereOf::Quotient => {
                // Quotients that stay small cost little (Kayles to 300: 1.5 s natively);
                // those that grow cost each expansion's proofs (Dawson's Kayles to
                // 30: 10 s, order 360) until a budget stops them (0.354 at heap 5:
                // 7 s). The estimate follows the costly ones near heap 24, so the
                // page asks first from about heap 35 (BENCHMARKS.md).
                let h = s.heap_limit as f64;
                (1e-3 + (h / 24.0).powi(3), 20.0 + h)
            }
            _ => (0.01, 20.0),
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
