//! The search as a [`Family`]: its scenario, cost, report, the heuristics a
//! game offers, and play at the link's depth.

use super::scenario::{Scenario, FIELDS};
use super::{analyse, analyse_with, check, cost, preview, Opponent, SearchReport, Session, Turn};
use crate::toolkit::{
    command, unknown_task, Choice, Command, Cost, Error, Family, Field, Label, Params, Progress, Request, Sampler,
};
use rand::RngExt;

/// The course's chapter after attractors: minimax, alpha-beta, move ordering
/// and a transposition table on games too large to build, beside the exact answer.
pub struct GameSearch;

impl Family for GameSearch {
    const KEY: &'static str = "search";
    const TITLE: Label = Label::new("Game search", "Recherche dans les jeux");
    fn print(_: &Scenario, r: &SearchReport, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        super::text::print(r, out)
    }

    const COMMANDS: &'static [Command] = &[Command::plain(
        "search",
        "Minimax, alpha-beta, move ordering and a transposition table on any searched game \
         (--game: tic-tac-toe, Connect Four, Chomp, the stick game, an arena, Hex), beside the exact answer.",
    )
    .spelled(&[
        command::renamed("game", "search", &[]),
        command::file(
            "edges",
            "An arena: a file of statements `a:1>b:2`, `c=1` (or `-` for standard input)",
        ),
    ])];
    const FIELDS: &'static [Field] = FIELDS;
    type Scenario = Scenario;
    type Report = SearchReport;
    // Boxed: the registry's enum of tasks' results stays small.
    type Extra = Box<SearchReport>;
    type Part = ();
    type Session = Session;
    type Turn = Turn;

    /// The keys, then the moves replayed (legal from the start).
    fn parse(params: &mut Params) -> Result<Scenario, Error> {
        let s = Scenario::parse(params)?;
        check(&s.ask())?;
        Ok(s)
    }

    /// Random legal moves of the drawn game from its start, as many as a
    /// game of that length may hold (a game that ends stops there).
    fn sample(key: &str, drawn: &[(String, String)], rng: &mut Sampler) -> Option<String> {
        if key != "moves" {
            return None;
        }
        let mut s = Scenario::parse(&mut Params::new(drawn.to_vec()).ok()?).ok()?;
        s.moves.clear();
        let length = preview(&s.ask())?.position.moves.len().max(1) * 2;
        for _ in 0..rng.random_range(0..=length) {
            let view = preview(&s.ask())?.position;
            if view.over || view.moves.is_empty() {
                break;
            }
            let m = view.moves[rng.random_range(0..view.moves.len())].clone();
            s.moves.push(m);
        }
        s.write().into_iter().find(|(k, _)| *k == "moves").map(|(_, v)| v)
    }

    fn cost(s: &Scenario) -> Cost {
        let (seconds, megabytes) = cost(&s.ask());
        Cost {
            seconds,
            megabytes,
            uncertain: false,
        }
    }

    /// The position before a long search, played from under the go-ahead question.
    fn preview(s: &Scenario) -> Option<SearchReport> {
        preview(&s.ask())
    }

    fn analyse(s: &Scenario, progress: Progress) -> Result<SearchReport, Error> {
        analyse(&s.ask(), progress)
    }

    /// `exact`: the search again with the exact answer a depth-limited search left for later.
    const TASKS: &'static [&'static str] = &["exact"];

    fn extra(s: &Scenario, task: &str, progress: Progress) -> Result<Box<SearchReport>, Error> {
        match task {
            "exact" => analyse_with(&s.ask(), true, progress).map(Box::new),
            other => Err(unknown_task(other, Self::TASKS)),
        }
    }

    /// The game searched offers its own heuristics.
    fn options(s: &Scenario) -> Vec<Choice> {
        s.game
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
        Opponent::new(&s.ask()).map(Session::new)
    }

    fn play(session: &Session, request: &Request) -> Result<Turn, Error> {
        session.answer(request)
    }
}
