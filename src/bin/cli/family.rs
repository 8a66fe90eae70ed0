//! Every family's subcommands, made from the registry: each key of the
//! family's fields is a flag of its name (`up_to` is `--up-to`), each
//! [`Command`] of the family a subcommand, and what they compute is the
//! family's report through [`Scenario::analyse`], printed by the family's own
//! printer or as the JSON the page receives. Nothing here names a family.

use super::{json, Failure};
use ludolab::registry::{self, Game, Scenario};
use ludolab::toolkit::{Command, Field, Kind, Spelling};
use std::io::{self, Write};
use std::time::Instant;

/// The command line's own flags, beside the link's keys.
const JSON: &str = "json";
const LINK: &str = "link";
const TASK: &str = "task";

/// Whether a key is a yes-or-no choice, given as a switch.
fn yes_no(field: &Field) -> bool {
    matches!(field.kind, Kind::Choice { values } if values == ["no", "yes"] || values == ["yes", "no"])
}

/// The key's help: its label and what it accepts, from its field (the
/// command line's range where it reaches beyond the page's).
pub fn help(field: &Field) -> String {
    let accepts = match field.on_command_line().kind {
        _ if yes_no(field) => String::new(),
        Kind::Whole { min, max } => format!(" ({min} to {max})"),
        Kind::Wholes { min, max, most } => format!(" (up to {most} numbers from {min} to {max}, by commas)"),
        Kind::Choice { values } => format!(": {}", values.join(", ")),
        Kind::ChoiceOrWhole { values, min, max } => format!(": {}, or {min} to {max}", values.join(", ")),
        Kind::Text { examples, .. } => examples
            .iter()
            .find(|e| !e.is_empty())
            .map_or(String::new(), |e| format!(", e.g. {e}")),
    };
    format!("{}{accepts}", field.label.en)
}

/// The field of `key` in `game`'s list (the first, where searched games share a key).
fn field(game: Game, key: &str) -> Option<&'static Field> {
    game.fields().iter().find(|f| f.key == key)
}

/// The choice keys a command fixes (a mode, a kind: values that use other keys).
fn fixed(game: Game, command: &Command) -> Vec<(&'static str, &'static str)> {
    command
        .pairs
        .iter()
        .filter(|(k, _)| field(game, k).is_some_and(|f| !f.uses.is_empty()))
        .copied()
        .collect()
}

/// The keys a command offers as flags of their own name: those its fixed
/// choices use (and, for a choice among them, every value's), else every key
/// of the family; each once, none that the command spells otherwise or fixes.
fn offered(game: Game, command: &Command) -> Vec<&'static Field> {
    let fixed = fixed(game, command);
    let mut keys: Vec<&'static str> = Vec::new();
    if fixed.is_empty() {
        keys.extend(game.fields().iter().map(|f| f.key));
    } else {
        let mut queue: Vec<&'static str> = Vec::new();
        for (key, value) in &fixed {
            if let Some(f) = field(game, key) {
                queue.extend(f.keys_of(value).iter().map(|u| u.key));
            }
        }
        while let Some(key) = queue.pop() {
            if keys.contains(&key) {
                continue;
            }
            keys.push(key);
            if let Some(f) = field(game, key) {
                queue.extend(f.uses.iter().flat_map(|u| u.keys.iter().map(|k| k.key)));
            }
        }
    }
    let spelled: Vec<&str> = command.flags.iter().filter_map(ludolab::toolkit::Flag::key).collect();
    let mut seen = Vec::new();
    game.fields()
        .iter()
        .filter(|f| {
            keys.contains(&f.key)
                && !spelled.contains(&f.key)
                && !fixed.iter().any(|(k, _)| *k == f.key)
                && !seen.contains(&f.key)
                && {
                    seen.push(f.key);
                    true
                }
        })
        .collect()
}

/// A key's flag: `up_to` is `--up-to` (made once per run: clap keeps names for the run's length).
fn long(key: &'static str) -> &'static str {
    if key.contains('_') {
        Box::leak(key.replace('_', "-").into_boxed_str())
    } else {
        key
    }
}

/// The clap subcommand of `command`.
pub fn clap_command(game: Game, command: &Command) -> clap::Command {
    let mut cmd = clap::Command::new(command.name).about(command.about);
    for flag in command.flags {
        let help = |key: &str| match (flag.help, field(game, key)) {
            ("", Some(f)) => help(f),
            (h, _) => h.to_string(),
        };
        let arg = clap::Arg::new(flag.name);
        cmd = cmd.arg(match flag.spelling {
            Spelling::Positional { key, many } => arg.help(help(key)).required(true).num_args(if many {
                clap::builder::ValueRange::new(1..)
            } else {
                1.into()
            }),
            Spelling::Value { key, short, .. } => {
                let arg = arg
                    .long(flag.name)
                    .value_name("VALUE")
                    .help(help(key))
                    .allow_hyphen_values(true)
                    .action(clap::ArgAction::Append);
                match short {
                    Some(c) => arg.short(c),
                    None => arg,
                }
            }
            Spelling::File { key } => arg.long(flag.name).value_name("FILE").help(help(key)),
            Spelling::Switch { .. } | Spelling::Tasks { .. } => {
                arg.long(flag.name).help(flag.help).action(clap::ArgAction::SetTrue)
            }
        });
    }
    for f in offered(game, command) {
        let name = long(f.key);
        let mut arg = clap::Arg::new(f.key).long(name).help(help(f));
        if name != f.key {
            arg = arg.alias(f.key);
        }
        cmd = cmd.arg(if yes_no(f) {
            // Off unless given: `--exact` is yes, `--exact=no` no.
            arg.num_args(0..=1)
                .require_equals(true)
                .default_missing_value("yes")
                .value_name("yes|no")
        } else {
            arg.value_name("VALUE")
                .allow_hyphen_values(true)
                .action(clap::ArgAction::Append)
        });
    }
    if !game.tasks().is_empty() {
        cmd = cmd.arg(
            clap::Arg::new(TASK)
                .long(TASK)
                .value_name("TASK")
                .action(clap::ArgAction::Append)
                .value_parser(game.tasks().to_vec())
                .help("Also run this follow-up task after the report (repeat for several)"),
        );
    }
    cmd.arg(
        clap::Arg::new(JSON)
            .long(JSON)
            .action(clap::ArgAction::SetTrue)
            .help("Print the report as JSON: the one the page receives, with `seconds`"),
    )
    .arg(
        clap::Arg::new(LINK)
            .long(LINK)
            .action(clap::ArgAction::SetTrue)
            .help("Print the share link the flags make, and compute nothing"),
    )
}

/// The link's pairs in the order they were set; a later pair replaces an
/// earlier one of its key, and an empty value removes it.
#[derive(Default)]
struct Pairs(Vec<(&'static str, String)>);

impl Pairs {
    fn set(&mut self, key: &'static str, value: String) {
        self.0.retain(|(k, _)| *k != key);
        if !value.is_empty() {
            self.0.push((key, value));
        }
    }

    fn set_all(&mut self, pairs: &[(&'static str, &'static str)]) {
        for (k, v) in pairs {
            self.set(k, (*v).to_string());
        }
    }
}

/// The values given to an argument, joined by commas (`--ladder 3:9 --ladder 5:20`).
fn given(m: &clap::ArgMatches, id: &str) -> Option<String> {
    let values: Vec<&String> = m.get_many::<String>(id)?.collect();
    Some(values.iter().map(|v| v.as_str()).collect::<Vec<_>>().join(","))
}

/// A file's text (standard input for `-`).
fn read(path: &str) -> Result<String, Failure> {
    if path == "-" {
        Ok(io::read_to_string(io::stdin()).map_err(|e| Failure::Read("standard input".into(), e))?)
    } else {
        std::fs::read_to_string(path).map_err(|e| Failure::Read(path.into(), e))
    }
}

/// The share-link query the flags make, and the follow-up tasks asked for.
pub fn query(game: Game, command: &Command, m: &clap::ArgMatches) -> Result<(String, Vec<String>), Failure> {
    let mut pairs = Pairs::default();
    pairs.set_all(command.pairs);
    let mut tasks: Vec<String> = m
        .try_get_many::<String>(TASK)
        .ok()
        .flatten()
        .map(|v| v.cloned().collect())
        .unwrap_or_default();
    let mut switched = Vec::new();
    for flag in command.flags {
        match flag.spelling {
            Spelling::Positional { key, .. } => {
                if let Some(v) = given(m, flag.name) {
                    pairs.set(key, v);
                }
            }
            Spelling::Value { key, sets, .. } => {
                if let Some(v) = given(m, flag.name) {
                    pairs.set(key, v);
                    pairs.set_all(sets);
                }
            }
            Spelling::File { key } => {
                if let Some(path) = m.get_one::<String>(flag.name) {
                    pairs.set(key, read(path)?);
                }
            }
            // Switches come last: they change what the values wrote (`--quotient`).
            Spelling::Switch { sets } if m.get_flag(flag.name) => switched.push(sets),
            Spelling::Tasks { tasks: these } if m.get_flag(flag.name) => {
                tasks.extend(these.iter().map(|t| (*t).to_string()));
            }
            Spelling::Switch { .. } | Spelling::Tasks { .. } => {}
        }
    }
    for f in offered(game, command) {
        match given(m, f.key) {
            Some(v) => pairs.set(f.key, v),
            None if yes_no(f) && !pairs.0.iter().any(|(k, _)| *k == f.key) => pairs.set(f.key, "no".into()),
            None => {}
        }
    }
    for sets in switched {
        pairs.set_all(sets);
    }
    let query = ludolab::toolkit::write_query(
        std::iter::once(("game", game.key())).chain(pairs.0.iter().map(|(k, v)| (*k, v.as_str()))),
    );
    Ok((query, tasks))
}

/// Runs a family's subcommand.
pub fn run(game: Game, command: &Command, m: &clap::ArgMatches, out: &mut dyn Write) -> Result<(), Failure> {
    let (query, tasks) = query(game, command, m)?;
    let scenario = registry::parse_command_line(&query)?;
    if m.get_flag(LINK) {
        writeln!(out, "{}", registry::to_query(&scenario))?;
        return Ok(());
    }
    compute(&scenario, &tasks, m.get_flag(JSON), command.timed, out)
}

/// Computes a scenario's report and its follow-up tasks, and prints them: as
/// the family's text, or as the report's JSON with each task's keys added
/// (those the report does not have) and, when `timed`, the seconds it all
/// took. `ludolab report` prints the same.
pub fn compute(
    scenario: &Scenario,
    tasks: &[String],
    as_json: bool,
    timed: bool,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let started = Instant::now();
    if as_json {
        let tasks: Vec<&str> = tasks.iter().map(String::as_str).collect();
        let mut value = registry::json_report(scenario, &tasks, &mut |_, _| {})?;
        if let (true, Some(map)) = (timed, value.as_object_mut()) {
            map.entry("seconds")
                .or_insert(serde_json::json!(started.elapsed().as_secs_f64()));
        }
        return json(out, &value);
    }
    let report = scenario.analyse(&mut |_, _| {})?;
    let extras = tasks
        .iter()
        .map(|t| Ok((t.as_str(), scenario.extra(t, &mut |_, _| {})?)))
        .collect::<Result<Vec<_>, ludolab::Error>>()?;
    let mut text = String::new();
    scenario
        .print(&report, &mut text)
        .map_err(|_| io::Error::other("the report could not be written as text"))?;
    for (task, extra) in &extras {
        scenario
            .print_extra(task, extra, &mut text)
            .map_err(|_| io::Error::other("a task's result could not be written as text"))?;
    }
    out.write_all(text.as_bytes())?;
    Ok(())
}
