//! Game graphs as a [`Family`]: the arena scenario, its cost, its report and play.

use super::chomp;
use super::connect4::report::{COLUMNS_AT_ONCE, PAGE_NODE_LIMIT, PAGE_SLOTS};
use super::connect4::{solve_view, Connect4Report};
use super::play;
use super::report::{analyse, Report};
use super::scenario::{Kind, Scenario, FIELDS};
use super::search;
use crate::toolkit::{unknown_task, Action, Choice, Cost, Error, Family, Field, Label, Params, Progress, Request};
use serde::Serialize;

/// A game against the computer: on an arena (by its attractors) or by a search.
pub enum Session {
    /// On the arena, the computer plays its attractor.
    Arena(play::Session),
    /// The computer searches at the scenario's depth with its heuristic.
    Search(search::Session),
}

/// The answer to a request of play.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Turn {
    /// On an arena.
    Arena(play::Turn),
    /// In a search.
    Search(search::Turn),
}

/// Game graphs and attractors (seed 004): the stick game, Chomp, arenas typed by hand.
pub struct GameGraphs;

fn binomial(n: usize, k: usize) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

impl Family for GameGraphs {
    const KEY: &'static str = "arena";
    const TITLE: Label = Label::new("Game graphs", "Graphes de jeu");
    const FIELDS: &'static [Field] = FIELDS;
    type Scenario = Scenario;
    type Report = Report;
    /// Connect Four's follow-up: every column's score, after a long solve
    /// whose report gave the position's score first.
    const TASKS: &'static [&'static str] = &["columns"];
    type Extra = Connect4Report;
    type Session = Session;
    type Turn = Turn;

    /// The keys, then a search's moves replayed (legal from the start).
    fn parse(params: &mut Params) -> Result<Scenario, Error> {
        let s = Scenario::parse(params)?;
        if s.kind == Kind::Search {
            search::check(&s.search_ask())?;
        }
        Ok(s)
    }

    fn write(s: &Scenario) -> Vec<(&'static str, String)> {
        s.write()
    }

    /// Calibrated on the in-browser benchmark (BENCHMARKS.md).
    fn cost(s: &Scenario) -> Cost {
        let (seconds, megabytes) = match s.kind {
            Kind::Subtraction => {
                let v = 2.0 * (s.sticks + 1) as f64;
                (1.5e-8 * v * s.take.len() as f64, v * 60.0 / 1e6 + 2.0)
            }
            Kind::Chomp => {
                let boards = binomial(s.rows + s.cols, s.rows.min(s.cols));
                let squares = (s.rows * s.cols) as f64;
                if boards <= chomp::MAX_ARENA_BOARDS as f64 {
                    (3.6e-8 * boards * squares, boards * squares * 9.0 / 1e6 + 5.0)
                } else {
                    // The direct recursion: every board and each of its moves.
                    (3.76e-9 * boards * squares, boards / 1e6 + 5.0)
                }
            }
            Kind::Edges => (1e-3, 5.0),
            Kind::Search => search::cost(&s.search_ask()),
            Kind::Connect4 => {
                // The position's own solve: about 1.35·1.6^(empty cells) nodes
                // from the empty boards (6 × 6: 3.0·10⁷, 7 × 6: 4.9·10⁸;
                // BENCHMARKS.md), to the limit; about four times that when it
                // is cheap enough for every column's score to follow at once.
                let empty = (s.width * s.height).saturating_sub(s.moves.len()) as f64;
                let own = 1.35 * 1.6f64.powf(empty);
                let nodes = if own <= COLUMNS_AT_ONCE as f64 { 4.0 * own } else { own };
                // 7.5 million nodes a second in the browser's worker (7 × 6: 4.9·10⁸ in 65 s).
                (
                    1.33e-7 * nodes.min(PAGE_NODE_LIMIT as f64),
                    (PAGE_SLOTS * 8) as f64 / 1e6 + 5.0,
                )
            }
            Kind::Parity => parity_cost(s),
        };
        Cost { seconds, megabytes }
    }

    fn analyse(s: &Scenario, progress: Progress) -> Result<Report, Error> {
        analyse(s, progress)
    }

    fn extra(s: &Scenario, task: &str, progress: Progress) -> Result<Connect4Report, Error> {
        match task {
            "columns" if s.kind == Kind::Connect4 => {
                solve_view(s.width as u32, s.height as u32, &s.moves.concat(), true, progress)
            }
            "columns" => Err(Error::Conflict {
                key: "kind",
                message: text!(
                    "every column's score is Connect Four's (kind=connect4)",
                    "le score de chaque colonne est celui du Puissance 4 (kind=connect4)"
                ),
            }),
            other => Err(unknown_task(other, Self::TASKS)),
        }
    }

    /// A search offers the heuristics of the game it searches.
    fn options(s: &Scenario) -> Vec<Choice> {
        if s.kind != Kind::Search {
            return Vec::new();
        }
        s.search
            .heuristics()
            .iter()
            .map(|h| Choice {
                key: "heuristic",
                value: h.name,
                explain: h.explain,
            })
            .collect()
    }

    fn session(s: &Scenario) -> Result<Session, Error> {
        if s.kind == Kind::Parity {
            return Err(Error::NotPlayable {
                what: text!(
                    "a parity game (its plays are infinite)",
                    "un jeu de parité (ses parties sont infinies)"
                ),
            });
        }
        if s.kind == Kind::Connect4 {
            return Err(Error::Conflict {
                key: "kind",
                message: text!(
                    "Connect Four's solve view plays by adding columns to the link's moves",
                    "la vue de résolution du Puissance 4 joue en ajoutant des colonnes aux coups du lien"
                ),
            });
        }
        Ok(if s.kind == Kind::Search {
            Session::Search(search::Session::new(&s.search_ask())?)
        } else {
            Session::Arena(play::Session::new(s)?)
        })
    }

    fn play(session: &Session, request: &Request) -> Result<Turn, Error> {
        match session {
            Session::Arena(session) => play_arena(session, request).map(Turn::Arena),
            Session::Search(session) => {
                let position = request.position;
                match request.action {
                    Action::Start => session.start(),
                    Action::Show => session.play(position, None, false),
                    Action::Move(m) => session.play(position, Some(m), false),
                    Action::Reply => session.play(position, None, true),
                }
                .map(Turn::Search)
            }
        }
    }
}

/// A parity solve in the page: about 2 µs a vertex for either solver on random
/// games (BENCHMARKS.md, natively ×1.5), 150 bytes a vertex; Zielonka's
/// algorithm on Friedmann's ladders grows ×2.4 for each 2 more rungs from 0.06 s at 24,
/// priority promotion on them as n².
fn parity_cost(s: &Scenario) -> (f64, f64) {
    let s = &s.parity;
    use super::scenario::ParitySource;
    let vertices = match s.source {
        ParitySource::Typed => (s.pg.len() / 8) as f64,
        ParitySource::Random => s.vertices as f64 * (s.min_degree + s.max_degree) as f64 / 7.0,
        ParitySource::Ladder => 2.0 * s.size as f64,
        ParitySource::RecursiveLadder => 5.0 * s.size as f64,
        ParitySource::Jurdzinski => (s.levels.max(1) * (3 * s.breadth + 2)) as f64,
    };
    let mut seconds = 3e-6 * vertices;
    if s.source == ParitySource::RecursiveLadder {
        if s.solver == super::parity::SolverKind::Zielonka {
            seconds += 0.09 * 2.4f64.powf((s.size as f64 - 24.0) / 2.0);
        } else {
            // Priority promotion restarts from the top after each of its n dominions:
            // 0.39 s natively at n = 10,000, growing as n².
            seconds += 6e-9 * (s.size as f64).powi(2);
        }
    }
    (seconds, 150.0 * vertices / 1e6 + 5.0)
}

fn play_arena(session: &play::Session, request: &Request) -> Result<play::Turn, Error> {
    match request.action {
        Action::Start => Ok(session.start()),
        Action::Show => Ok(play::Turn {
            played: None,
            reason: None,
            now: session.position(session.vertex(request.position)?),
        }),
        Action::Move(to) => session.play(session.vertex(request.position)?, session.vertex(to)?),
        Action::Reply => Ok(session.reply(session.vertex(request.position)?, request.seed)),
    }
}
