//! Game graphs as a [`Family`]: the arena scenario, its cost, its report and play.

use super::play;
use super::report::{analyse, Report, MAX_CHECKED};
use super::scenario::{Kind, Scenario, FIELDS};
use crate::games::chomp;
use crate::toolkit::{command, Command, Cost, Error, Family, Field, Label, Progress, Request};

/// Game graphs and attractors (seed 004): the stick game, Chomp, arenas typed by hand.
pub struct GameGraphs;

fn binomial(n: usize, k: usize) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

impl Family for GameGraphs {
    const KEY: &'static str = "graphs";
    const TITLE: Label = Label::new("Game graphs", "Graphes de jeu");
    fn print(_: &Scenario, r: &Report, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        super::text::print(r, out)
    }

    const COMMANDS: &'static [Command] = &[
        Command::plain(
            "graphs",
            "Game graphs: any arena of the chapter, its attractors and ranks.",
        ),
        Command::plain(
            "subtraction-arena",
            "The stick game as an arena: attractors, ranks, winning takes.",
        )
        .with(&[("kind", "subtraction"), ("misere", "no")]),
        Command::plain("chomp", "Chomp as an arena: attractors and the winning first moves.")
            .with(&[("kind", "chomp")]),
        Command::plain(
            "arena",
            "An arena typed in a file (`a:1>b:2`, `b>c`, `c=1`, one per line): attractors and draws.",
        )
        .with(&[("kind", "edges")])
        .spelled(&[command::file(
            "edges",
            "A file of statements `a:1>b:2`, `b>c`, `c=1` (or `-` for standard input)",
        )]),
    ];
    const FIELDS: &'static [Field] = FIELDS;
    type Scenario = Scenario;
    type Report = Report;
    type Extra = ();
    type Part = ();
    type Session = play::Session;
    type Turn = play::Turn;

    /// Calibrated on the in-browser benchmark (BENCHMARKS.md).
    fn cost(s: &Scenario) -> Cost {
        let (seconds, megabytes) = match s.kind {
            Kind::Subtraction => {
                let v = 2.0 * (s.stick.sticks + 1) as f64;
                let take = s.stick.take.len() as f64;
                // Up to MAX_CHECKED vertices the ranks are checked by the seed's
                // iteration, a round per rank (6,838 sticks, 1 to 3: 0.57 s natively).
                let check = if v <= MAX_CHECKED as f64 {
                    6e-10 * v * v * take
                } else {
                    0.0
                };
                (1.5e-8 * v * take + check, v * 60.0 / 1e6 + 2.0)
            }
            Kind::Chomp => {
                let boards = binomial(s.bar.rows + s.bar.cols, s.bar.rows.min(s.bar.cols));
                let squares = (s.bar.rows * s.bar.cols) as f64;
                if boards <= chomp::MAX_ARENA_BOARDS as f64 {
                    (3.6e-8 * boards * squares, boards * squares * 9.0 / 1e6 + 5.0)
                } else {
                    // The direct recursion: every board and each of its moves.
                    (3.76e-9 * boards * squares, boards / 1e6 + 5.0)
                }
            }
            Kind::Edges => (1e-3, 5.0),
        };
        Cost {
            seconds,
            megabytes,
            uncertain: false,
        }
    }

    fn analyse(s: &Scenario, _: Progress) -> Result<Report, Error> {
        analyse(s)
    }

    fn session(s: &Scenario) -> Result<play::Session, Error> {
        play::Solved::new(s).map(play::Session::new)
    }

    fn play(session: &play::Session, request: &Request) -> Result<play::Turn, Error> {
        session.answer(request)
    }
}
