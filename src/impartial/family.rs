//! The impartial games as a [`Family`].

use super::link::FIELDS;
use super::modes::{analyse, preview, Report};
use super::play::{Session, Turn};
use super::quotient::QUOTIENT_FEATURE;
use super::scenario::Scenario;
use crate::toolkit::{command, Command, Cost, Error, Family, Field, HeldBack, Label, Progress, Request};

/// Impartial games (seed 003): Sprague–Grundy values, Nim, octal and
/// subtraction games, graph games, sums, misère play, peg solitaire.
pub struct ImpartialGames;

impl Family for ImpartialGames {
    const KEY: &'static str = "impartial";
    const TITLE: Label = Label::new("Impartial games", "Jeux impartiaux");
    fn print(_: &Scenario, r: &Report, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        super::text::print(r, out)
    }

    const COMMANDS: &'static [Command] = &[
        Command::plain("impartial", "Impartial games: any mode of the chapter (--mode)."),
        Command::plain("nim", "Nim: the nim-sum (in binary, as the seed writes it) and every winning move.")
            .with(&[("mode", "nim")])
            .spelled(&[command::positional("heaps", true, "The heaps, e.g. 8 8 7 7 7 6 4 4 4 2 1")]),
        Command::plain("octal", "An octal game by code (0.77 Kayles, 0.137 Dawson's chess): Grundy values, period, proof.")
            .with(&[("mode", "octal")])
            .spelled(&[command::positional("code", false, "The code, e.g. 0.77, 0.137, 4.07, or grundy (Grundy's game)")]),
        Command::plain(
            "octal-table",
            "Every octal code of 1 to 3 digits: period, proof, largest value, sparse space, the same games grouped.",
        )
        .with(&[("mode", "table")]),
        Command::plain("subtraction", "A subtraction game (a finite set of takes): Grundy values and period.")
            .with(&[("mode", "subtraction")])
            .spelled(&[command::renamed("set", "take", &[])]),
        Command::plain(
            "graph-game",
            "Node-Kayles (or the one-colour colouring game) on a graph: components, value, winning moves.",
        )
        .with(&[("mode", "graph"), ("rule", "node-kayles")])
        .spelled(&[command::renamed("game", "rule", &[])]),
        Command::plain(
            "misere",
            "Misère play (whoever cannot move wins) by exhaustive search: Nim, octal heaps, graphs; or a misère quotient.",
        )
        .with(&[("mode", "misere"), ("of", "graph")])
        .timed()
        .spelled(&[
            command::renamed("nim", "heaps", &[("of", "nim")]),
            command::renamed("code", "code", &[("of", "octal")]),
            command::renamed("heaps", "heaps", &[("of", "octal")]),
            command::renamed("heap-limit", "heap_limit", &[]),
            command::switch(
                "quotient",
                &[("mode", "quotient"), ("of", "")],
                "The misère quotient of the octal game (with --code and --heap-limit)",
            ),
        ]),
        Command::plain("solitaire", "Two-player peg solitaire on a line (the seed's exercise).")
            .with(&[("mode", "solitaire")])
            .spelled(&[command::positional("line", false, "The line: 1 a peg, 0 an empty hole, e.g. 1101101")]),
    ];
    const FIELDS: &'static [Field] = FIELDS;
    /// The misère quotient mode: its solver is most of what a link of another
    /// mode would download for nothing (57 kB of the bundle's 404 kB).
    /// (The mode's first spelling, `mode=misere&of=quotient`, gets the full
    /// bundle when the core answers that it needs it.)
    const HELD_BACK: &'static [HeldBack] = &[HeldBack {
        key: "mode",
        value: "quotient",
        feature: QUOTIENT_FEATURE,
    }];
    type Scenario = Scenario;
    type Report = Report;
    type Extra = ();
    type Part = ();
    type Session = Session;
    type Turn = Turn;

    /// Each mode's own, calibrated on the in-browser benchmark (BENCHMARKS.md).
    fn cost(s: &Scenario) -> Cost {
        super::modes::cost(s)
    }

    /// A mode's first part under the go-ahead question (an octal game's first heaps).
    fn preview(s: &Scenario) -> Option<Report> {
        preview(s)
    }

    fn analyse(s: &Scenario, progress: Progress) -> Result<Report, Error> {
        analyse(s, progress)
    }

    fn session(s: &Scenario) -> Result<Session, Error> {
        Session::new(s)
    }

    fn play(session: &Session, request: &Request) -> Result<Turn, Error> {
        session.answer(request)
    }
}
