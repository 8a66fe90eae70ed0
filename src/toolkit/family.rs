//! The contract every game family fulfils, so that the registry, the page, the
//! worker, the cost guard and the CLI reach all of them the same way.

use super::command::Command;
use super::error::{Error, Text};
use super::field::Field;
use super::lang::Label;
use super::link::Params;
use serde::Serialize;
use std::fmt::Debug;
use std::hash::Hash;

/// A progress sink: solvers call it with the fraction of the work done, in
/// `[0, 1]` (or [`UNKNOWN_SHARE`] when a solver cannot tell, as a game-tree
/// search cannot: the page then shows a moving bar, no percentage and no time
/// left), and counts that say what was done (`("heaps", 4_194_304)`,
/// `("rare", 41)`, `("score at least", -3)`; the page translates the names), often none.
///
/// Front ends decide how often to forward it (the web adapter throttles it to a few
/// updates per second), so solvers may call it as often as is cheap for them.
pub type Progress<'a> = &'a mut dyn FnMut(f64, Counts);

/// Named counts of the work done, for a progress message (signed: a bound
/// proven so far may be negative).
pub type Counts<'a> = &'a [(&'static str, i64)];

/// The fraction of a [`Progress`] call whose share of the work is not known.
pub const UNKNOWN_SHARE: f64 = -1.0;

/// One allowed value of a choice key, with what it means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// The key, as in the link.
    pub key: &'static str,
    /// The value, as in the link.
    pub value: &'static str,
    /// What the value means, in one sentence.
    pub explain: Label,
}

/// A link pair whose view always needs code that the family's own web bundle
/// holds back (Cargo.toml, `package.metadata.ludolab.later`): the page's first
/// script fetches the family's full bundle at once for a link with it, not its
/// own bundle and then the full one. A link without it that still needs such
/// code (a rare case within a mode) hears [`Error::Unavailable`] and gets the
/// full bundle then.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct HeldBack {
    /// The link's key.
    pub key: &'static str,
    /// Its value.
    pub value: &'static str,
    /// The cargo feature holding the code.
    pub feature: &'static str,
}

/// One probe of an answer found by probes side by side ([`Family::probes`]):
/// the interval a threshold's test left the answer in.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct ProbeAnswer {
    /// The threshold tested.
    pub threshold: i64,
    /// The answer lies within these, both included; none when a limit stopped the probe.
    pub bounds: Option<[i64; 2]>,
    /// Work done (the solver's nodes).
    pub nodes: u64,
}

/// What the page's workers do next for an answer found by probes
/// ([`Family::probe_plan`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProbePlan {
    /// The answer lies within these, both included (every probe's interval at once).
    pub bounds: [i64; 2],
    /// Whether the probes are over: the answer is one value, or a limit stopped a probe.
    pub done: bool,
    /// Thresholds to test now, at most one per idle worker.
    pub start: Vec<i64>,
    /// Thresholds in flight that no longer matter: their workers stop.
    pub stop: Vec<i64>,
    /// Named counts for the progress line (what the answers so far prove),
    /// beside the work the probes add up.
    pub counts: Vec<(&'static str, i64)>,
}

/// The error of a probe asked of a family that answers in one run.
pub fn no_probes() -> Error {
    Error::Conflict {
        key: "game",
        message: Text::written(
            "this answer comes from one run: it has no probes".to_string(),
            "cette réponse vient d’un seul calcul : elle n’a pas de sondes".to_string(),
        ),
    }
}

/// A rough estimate of what a scenario costs to compute in the browser.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Cost {
    /// Expected time in the browser's worker.
    pub seconds: f64,
    /// Expected peak memory of the solver.
    pub megabytes: f64,
    /// Whether the time cannot be told before the work is done (a misère
    /// quotient's size is known only once it is built): `seconds` is then what
    /// the costliest known cases of that size take, and the page says it cannot tell.
    pub uncertain: bool,
}

/// The seeded generator of [`Family::sample`]: the same links from the same seed everywhere.
pub type Sampler = rand_xoshiro::Xoshiro256PlusPlus;

/// Above this estimate the page asks before computing.
pub const CONFIRM_SECONDS: f64 = 3.0;

/// A scenario as a share link holds it: read from the link's keys and written
/// back to them, in one place (the scenario's own `parse` and `write`, made
/// this trait's by [`link_scenario!`](crate::link_scenario)).
pub trait LinkScenario: Sized {
    /// Reads the keys from `params` (absent keys keep their defaults).
    ///
    /// # Errors
    /// The first key at fault, named in the error.
    fn parse(params: &mut Params) -> Result<Self, Error>;
    /// The `(key, value)` pairs, in the family's field order.
    fn write(&self) -> Vec<(&'static str, String)>;
}

/// Makes a scenario's own `parse` and `write` its [`LinkScenario`]: one line
/// per family instead of the same two forwarding methods in every `Family`.
#[macro_export]
macro_rules! link_scenario {
    ($scenario:ty) => {
        impl $crate::toolkit::LinkScenario for $scenario {
            fn parse(params: &mut $crate::toolkit::Params) -> Result<Self, $crate::toolkit::Error> {
                <$scenario>::parse(params)
            }
            fn write(&self) -> Vec<(&'static str, String)> {
                <$scenario>::write(self)
            }
        }
    };
}

/// A game family: its link keys, its scenario, its cost and its typed report.
///
/// A family is a unit type (`snakes::SnakesAndLadders`); the registry lists
/// them once. Parsing reads the keys of [`Family::FIELDS`], whose labels and
/// ranges the page also receives to build its form.
pub trait Family {
    /// The value of the link's `game` key.
    const KEY: &'static str;
    /// The family's name in the menu.
    const TITLE: Label;
    /// Every key of the family's links, in the order links write them.
    const FIELDS: &'static [Field];
    /// Everything a link says about one view of the family.
    type Scenario: LinkScenario + Clone + Debug + Default + PartialEq + Eq + Hash;
    /// What [`Family::analyse`] computes: an enum with one variant per mode.
    type Report: Serialize + Debug;

    /// Reads the family's keys from `params` (absent keys keep their defaults).
    ///
    /// # Errors
    /// The first key at fault, named in the error.
    fn parse(params: &mut Params) -> Result<Self::Scenario, Error> {
        <Self::Scenario as LinkScenario>::parse(params)
    }

    /// The scenario's `(key, value)` pairs in [`Family::FIELDS`] order, keys at
    /// their default left out, so that equal scenarios give equal links.
    fn write(scenario: &Self::Scenario) -> Vec<(&'static str, String)> {
        scenario.write()
    }

    /// A rough estimate of the time and memory the analysis takes in the browser.
    fn cost(scenario: &Self::Scenario) -> Cost;

    /// Computes everything the family's view shows.
    ///
    /// # Errors
    /// What the solvers report (sizes beyond a method's limits, singular systems).
    fn analyse(scenario: &Self::Scenario, progress: Progress) -> Result<Self::Report, Error>;

    /// The values of a choice key that this scenario allows, when they depend
    /// on its other keys (a searched game's heuristics), each with what it
    /// means; empty when every key's own list applies. The page builds its
    /// selects from these, so it never knows which game allows what.
    fn options(scenario: &Self::Scenario) -> Vec<Choice> {
        let _ = scenario;
        Vec::new()
    }

    /// The link pairs whose views need code the family's own web bundle holds
    /// back ([`HeldBack`]); none by default.
    const HELD_BACK: &'static [HeldBack] = &[];

    /// The command line's subcommands over this family, each with the pairs it
    /// writes and the keys it spells otherwise; empty for one subcommand named
    /// [`Family::KEY`] offering every key.
    const COMMANDS: &'static [Command] = &[];

    /// Writes a report as the command line's text: the headline numbers and
    /// the tables a terminal can show (the page draws the same report).
    ///
    /// # Errors
    /// Only the writer's.
    fn print(scenario: &Self::Scenario, report: &Self::Report, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        let _ = (scenario, report, out);
        Ok(())
    }

    /// Writes a follow-up task's result as text (nothing by default).
    ///
    /// # Errors
    /// Only the writer's.
    fn print_extra(
        scenario: &Self::Scenario,
        task: &str,
        extra: &Self::Extra,
        out: &mut dyn std::fmt::Write,
    ) -> std::fmt::Result {
        let _ = (scenario, task, extra, out);
        Ok(())
    }

    /// What a follow-up task computes (`()` for a family without tasks).
    type Extra: Serialize + Debug;

    /// The names of the family's follow-up tasks: computations a view asks for
    /// once its report is drawn (Orchard's sweeps), sent as `task`.
    const TASKS: &'static [&'static str] = &[];

    /// Runs the follow-up task `task` on `scenario` (by default there is none).
    ///
    /// # Errors
    /// [`Error::NotOneOf`] for a task not in [`Family::TASKS`]; the solvers' errors.
    fn extra(scenario: &Self::Scenario, task: &str, progress: Progress) -> Result<Self::Extra, Error> {
        let _ = (scenario, progress);
        Err(unknown_task(task, Self::TASKS))
    }

    /// One part of a follow-up task split over the page's workers
    /// ([`Family::task_parts`]); `()` for a family that splits none.
    type Part: Serialize + serde::de::DeserializeOwned + Debug;

    /// How many parts the follow-up task `task` splits into, each computed
    /// alone (in its own worker) by [`Family::extra_part`] and put together
    /// by [`Family::join_parts`] into what [`Family::extra`] gives (the same
    /// answer; only the work counted may differ). Zero (the default) when the
    /// task runs whole.
    fn task_parts(scenario: &Self::Scenario, task: &str) -> usize {
        let _ = (scenario, task);
        0
    }

    /// Part `part` of the follow-up task `task` ([`Family::task_parts`]).
    /// Its progress counts say work done so far (no rate, no bound): the page
    /// adds them up over the parts for one bar.
    ///
    /// # Errors
    /// A task not split, or a part beyond [`Family::task_parts`]; the solvers' errors.
    fn extra_part(scenario: &Self::Scenario, task: &str, part: usize, progress: Progress) -> Result<Self::Part, Error> {
        let _ = progress;
        Err(no_such_part(task, part, Self::task_parts(scenario, task)))
    }

    /// The follow-up task `task` from its parts, in order ([`Family::task_parts`]).
    ///
    /// # Errors
    /// Parts that are not the task's (too few, too many, another position's).
    fn join_parts(scenario: &Self::Scenario, task: &str, parts: Vec<Self::Part>) -> Result<Self::Extra, Error> {
        Err(no_such_part(task, parts.len(), Self::task_parts(scenario, task)))
    }

    /// How many members of one answer may run side by side in the page's
    /// workers, each a whole solve by its own method (the parity portfolio's
    /// solvers): the first to finish answers and the others are stopped. Zero
    /// (the default) when the answer comes from one run.
    fn members(scenario: &Self::Scenario) -> usize {
        let _ = scenario;
        0
    }

    /// The answer by member `member` of [`Family::members`] alone, reported
    /// as the whole's (the member that finished named in it).
    ///
    /// # Errors
    /// As [`Family::analyse`]; by default this is [`Family::analyse`].
    fn analyse_member(scenario: &Self::Scenario, member: usize, progress: Progress) -> Result<Self::Report, Error> {
        let _ = member;
        Self::analyse(scenario, progress)
    }

    /// How many workers may probe the answer side by side: each tests
    /// whether the answer (an integer, Connect Four's score) is above a
    /// threshold, with no memory in common, and the page starts and stops
    /// probes as [`Family::probe_plan`] says until the answer is known
    /// ([`Family::probe_join`]). Zero (the default) when the answer comes from one run.
    fn probes(scenario: &Self::Scenario) -> usize {
        let _ = scenario;
        0
    }

    /// The next step of the probes, given the answers so far and the
    /// thresholds in flight, for `free` idle workers.
    ///
    /// # Errors
    /// A scenario without probes.
    fn probe_plan(
        scenario: &Self::Scenario,
        answers: &[ProbeAnswer],
        running: &[i64],
        free: usize,
    ) -> Result<ProbePlan, Error> {
        let _ = (scenario, answers, running, free);
        Err(no_probes())
    }

    /// One probe: whether the answer is above `threshold` ([`Family::probes`]).
    ///
    /// # Errors
    /// A scenario without probes; the solvers' errors.
    fn probe(scenario: &Self::Scenario, threshold: i64, progress: Progress) -> Result<ProbeAnswer, Error> {
        let _ = (scenario, threshold, progress);
        Err(no_probes())
    }

    /// The report from the probes' answers, once [`Family::probe_plan`] says
    /// they are done (`seconds`: the whole's time): what [`Family::analyse`]
    /// gives, but for the work counted.
    ///
    /// # Errors
    /// A scenario without probes; answers that leave the answer unknown.
    fn probe_join(scenario: &Self::Scenario, answers: &[ProbeAnswer], seconds: f64) -> Result<Self::Report, Error> {
        let _ = (scenario, answers, seconds);
        Err(no_probes())
    }

    /// The scenario's report as it stands before any work, when drawing it
    /// costs nothing (Connect Four's board from its moves): the page shows it
    /// under a go-ahead question, playable. None by default.
    fn preview(scenario: &Self::Scenario) -> Option<Self::Report> {
        let _ = scenario;
        None
    }

    /// A random value of the text key `key` for the link sweeps and the
    /// estimate test, given the pairs drawn before it (the ruleset before its
    /// position): positions across the whole accepted range that a list of
    /// examples cannot give (a random Clobber board of any shape). None keeps
    /// the field's examples; the registry's parser still has the last word.
    fn sample(key: &str, drawn: &[(String, String)], rng: &mut Sampler) -> Option<String> {
        let _ = (key, drawn, rng);
        None
    }

    /// What play keeps between moves (a solved arena, the optimal table); `()`
    /// for a family without play.
    type Session;
    /// What a request of play answers.
    type Turn: Serialize + Debug;

    /// Prepares play on `scenario` (by default a family has no play).
    ///
    /// # Errors
    /// [`Error::NotPlayable`] for a family or mode without play; the solvers' errors.
    fn session(scenario: &Self::Scenario) -> Result<Self::Session, Error> {
        let _ = scenario;
        Err(not_playable(Self::TITLE))
    }

    /// Answers one request of play: the rules, the computer's move and the
    /// hints are decided here, never in the page.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] for a position or a move that is not legal.
    fn play(session: &Self::Session, request: &Request) -> Result<Self::Turn, Error> {
        let _ = (session, request);
        Err(not_playable(Self::TITLE))
    }
}

/// The error for play asked of a family without any.
fn not_playable(title: Label) -> Error {
    Error::NotPlayable {
        what: Text {
            en: title.en.to_string(),
            fr: title.fr.to_string(),
        },
    }
}

/// The error for a task a family does not have.
pub fn unknown_task(task: &str, tasks: &[&str]) -> Error {
    Error::NotOneOf {
        key: "task",
        value: super::error::Quoted::new(task),
        allowed: tasks.iter().map(|t| (*t).to_string()).collect(),
    }
}

/// A part of a split task that is not there: part `part` of a task split
/// into `parts` (none when it is not split).
pub fn no_such_part(task: &str, part: usize, parts: usize) -> Error {
    if parts == 0 {
        return Error::Conflict {
            key: "task",
            message: Text::written(
                format!("the task \"{task}\" runs whole: it has no part {part}"),
                format!("la tâche « {task} » se calcule d’un bloc : elle n’a pas de partie {part}"),
            ),
        };
    }
    Error::out_of_range(
        Text::written(
            format!("part of the task \"{task}\""),
            format!("partie de la tâche « {task} »"),
        ),
        part,
        0,
        parts.saturating_sub(1),
    )
}

/// A move answered in a game against the computer, for every family whose
/// play is "a position, its moves, the computer's reply" (the game graphs'
/// arenas and the teaching search): the computer's move when it played one,
/// why it chose it, and the position now. `M` is how the family writes a
/// move, `P` a position with its moves.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Turn<M, P> {
    /// The computer's move, when it played one.
    pub played: Option<M>,
    /// Why the computer chose it.
    pub reason: Option<Text>,
    /// The position now.
    pub now: P,
}

/// What a request of play asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action<'a> {
    /// The starting position.
    Start,
    /// The position `position`, with its moves.
    Show,
    /// The human's move from `position`, written as the family reads moves.
    Move(&'a str),
    /// The computer's move from `position`.
    Reply,
}

/// A request of play from the page: a position, written as the family writes
/// positions, and what to do there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request<'a> {
    /// The position (ignored by [`Action::Start`]).
    pub position: &'a str,
    /// What to do.
    pub action: Action<'a>,
    /// Where the computer's random choices and the dice come from.
    pub seed: u64,
}
