//! `ludolab subtraction-arena`, `chomp`, `arena`: attractors and winning moves;
//! `ludolab search`: minimax and alpha-beta beside the exact answer.

use super::{json, query, scenario, Failure};
use ludolab::graphs::report::{Attractors, Report};
use ludolab::registry::Scenario;
use ludolab::search::SearchReport;
use ludolab::toolkit::{Field, Kind};
use std::io::{self, Write};

/// The flags of `ludolab subtraction-arena`.
#[derive(clap::Args)]
pub struct SticksArgs {
    /// Sticks at the start (1 to 1,000,000).
    #[arg(long)]
    sticks: Option<String>,
    /// Numbers of sticks a move may take, e.g. 1,2,3.
    #[arg(long)]
    take: Option<String>,
    /// Whoever takes the last stick loses (the seed's rule); otherwise they win.
    #[arg(long)]
    misere: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

impl SticksArgs {
    /// The link's query.
    pub fn query(&self) -> String {
        let misere = if self.misere { "yes" } else { "no" };
        query(
            "graphs",
            &[
                ("kind", Some("subtraction".into())),
                ("sticks", self.sticks.clone()),
                ("take", self.take.clone()),
                ("misere", Some(misere.into())),
            ],
        )
    }
}

/// The flags of `ludolab chomp`.
#[derive(clap::Args)]
pub struct ChompArgs {
    /// Rows of the bar (the poisoned square is bottom-left).
    #[arg(long)]
    rows: Option<String>,
    /// Columns of the bar.
    #[arg(long)]
    cols: Option<String>,
    /// A starting board: row lengths from the poisoned row up, e.g. 4,4,2.
    #[arg(long)]
    board: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

impl ChompArgs {
    /// The link's query.
    pub fn query(&self) -> String {
        query(
            "graphs",
            &[
                ("kind", Some("chomp".into())),
                ("rows", self.rows.clone()),
                ("cols", self.cols.clone()),
                ("board", self.board.clone()),
            ],
        )
    }
}

/// The flags of `ludolab arena`.
#[derive(clap::Args)]
pub struct TypedArgs {
    /// A file of statements `a:1>b:2`, `b>c`, `c=1` (or `-` for standard input).
    #[arg(long)]
    edges: String,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

impl TypedArgs {
    /// The link's query, with the arena read from the file.
    pub fn query(&self) -> Result<String, Failure> {
        let text = if self.edges == "-" {
            io::read_to_string(io::stdin())?
        } else {
            std::fs::read_to_string(&self.edges).map_err(|e| Failure::Read(self.edges.clone(), e))?
        };
        Ok(query(
            "graphs",
            &[("kind", Some("edges".into())), ("edges", Some(text))],
        ))
    }
}

/// The flags of `ludolab search`: one per key of a search link, made from the
/// family's own list of keys (`ludolab::search::scenario::FIELDS`: every searched game's
/// keys and the search's), so a new game's keys reach the command line with
/// nothing written here. `--game` is the link's `search`; a yes-or-no key is a
/// flag (`--misere`: yes when given, no when not, as the command always read
/// it); `--edges` names a file (or `-`) whose text is the key's value;
/// `--json` is the command line's own.
pub struct SearchArgs {
    /// The link's pairs the flags gave, in the fields' order.
    pairs: Vec<(&'static str, String)>,
    /// Print JSON.
    pub json: bool,
}

/// A key's flag: `search` is `--game`.
fn flag(key: &'static str) -> &'static str {
    if key == "search" {
        "game"
    } else {
        key
    }
}

/// Whether a key is a yes-or-no choice, given as a flag.
pub(super) fn yes_no(field: &Field) -> bool {
    matches!(field.kind, Kind::Choice { values } if values == ["no", "yes"] || values == ["yes", "no"])
}

/// The key's help: its label and what it accepts, from its field.
pub(super) fn help(field: &Field) -> String {
    let accepts = match field.kind {
        _ if yes_no(field) => String::new(),
        Kind::Whole { min, max } => format!(" ({min} to {max})"),
        Kind::Wholes { min, max, most } => format!(" (up to {most} numbers from {min} to {max}, by commas)"),
        Kind::Choice { values } => format!(": {}", values.join(", ")),
        Kind::ChoiceOrWhole { values, min, max } => format!(": {}, or {min} to {max}", values.join(", ")),
        Kind::Text { .. } if field.key == "edges" => {
            ": a file of statements `a:1>b:2`, `c=1` (or `-` for standard input)".into()
        }
        Kind::Text { .. } => String::new(),
    };
    format!("{}{accepts}", field.label.en)
}

/// The search link's keys, each once (games may share one).
fn search_fields() -> Vec<&'static Field> {
    let mut seen = Vec::new();
    ludolab::search::scenario::FIELDS
        .iter()
        .filter(|f| {
            f.key != "step" && !seen.contains(&f.key) && {
                seen.push(f.key);
                true
            }
        })
        .collect()
}

impl clap::Args for SearchArgs {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        let cmd = search_fields().into_iter().fold(cmd, |cmd, f| {
            let arg = clap::Arg::new(f.key).long(flag(f.key)).help(help(f));
            cmd.arg(if yes_no(f) {
                arg.action(clap::ArgAction::SetTrue)
            } else {
                arg.value_name(if f.key == "edges" { "FILE" } else { "VALUE" })
                    .required(f.key == "search")
            })
        });
        cmd.arg(
            clap::Arg::new("json")
                .long("json")
                .action(clap::ArgAction::SetTrue)
                .help("Print JSON (`value`, `exact`, `best_move`, `nodes`, `cutoffs`, the four runs, …)"),
        )
    }
    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

impl clap::FromArgMatches for SearchArgs {
    fn from_arg_matches(m: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let mut pairs = Vec::new();
        for f in search_fields() {
            if yes_no(f) {
                let on = if m.get_flag(f.key) { "yes" } else { "no" };
                pairs.push((f.key, on.to_string()));
            } else if let Some(v) = m.get_one::<String>(f.key) {
                pairs.push((f.key, v.clone()));
            }
        }
        Ok(SearchArgs {
            pairs,
            json: m.get_flag("json"),
        })
    }
    fn update_from_arg_matches(&mut self, m: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

impl SearchArgs {
    /// The link's query (an `--edges` file read).
    pub fn query(&self) -> Result<String, Failure> {
        let mut pairs = Vec::new();
        for (key, value) in &self.pairs {
            let value = match (*key, value.as_str()) {
                ("edges", "-") => io::read_to_string(io::stdin())?,
                ("edges", path) => std::fs::read_to_string(path).map_err(|e| Failure::Read(path.into(), e))?,
                _ => value.clone(),
            };
            pairs.push((*key, Some(value)));
        }
        Ok(query("search", &pairs))
    }
}

/// Runs a game-graphs or search subcommand on its query.
pub fn run(query: &str, as_json: bool, out: &mut dyn Write) -> Result<(), Failure> {
    match scenario(query)? {
        Scenario::Graphs(s) => {
            let report = ludolab::graphs::analyse(&s)?;
            if as_json {
                json(out, &report)
            } else {
                Ok(print(out, &report)?)
            }
        }
        Scenario::Search(s) => {
            let report = ludolab::search::analyse(&s.ask(), &mut |_, _| {})?;
            if as_json {
                json(out, &report)
            } else {
                Ok(search(out, &report)?)
            }
        }
        _ => unreachable!("the game-graphs and search subcommands write their own family's links"),
    }
}

fn attractors(out: &mut dyn Write, kind: &str, a: &Attractors, start: &str, winner: Option<u8>) -> io::Result<()> {
    writeln!(out, "Arena ({kind}): {} vertices, {} moves", a.vertices, a.edges)?;
    for p in 0..2 {
        writeln!(
            out,
            "Attractor of player {}: {} vertices, max rank {}; by rank: {:?}",
            p + 1,
            a.attractor_sizes[p],
            a.max_rank[p],
            a.layers[p]
        )?;
    }
    writeln!(out, "Draws or endless plays: {}", a.draws)?;
    let winner = winner.map_or("nobody (a draw)".to_string(), |w| format!("player {w}"));
    writeln!(out, "From the start {start}: {winner} wins with best play")
}

fn ranks(out: &mut dyn Write, a: &Attractors) -> io::Result<()> {
    if let (Some(labels), Some(ranks)) = (&a.labels, &a.ranks) {
        if labels.len() <= 60 {
            writeln!(out, "\nvertex       rank for 1   rank for 2")?;
            for (v, l) in labels.iter().enumerate() {
                let r = |p: usize| ranks[p][v].map_or("-".into(), |r| r.to_string());
                writeln!(out, "{l:<12} {:>10}   {:>10}", r(0), r(1))?;
            }
        }
    }
    Ok(())
}

fn print(out: &mut dyn Write, report: &Report) -> io::Result<()> {
    match report {
        Report::Subtraction(r) => {
            attractors(out, r.kind, &r.arena, &r.start_label, r.winner)?;
            if !r.winning_takes.is_empty() {
                writeln!(out, "Winning first moves: take {:?}", r.winning_takes)?;
            }
            ranks(out, &r.arena)
        }
        Report::Chomp(r) => {
            if let Some(a) = &r.arena {
                attractors(out, r.kind, a, &r.start_label, r.winner)?;
            } else {
                writeln!(
                    out,
                    "Chomp {} × {}: {} boards, solved by a direct recursion",
                    r.rows, r.cols, r.boards
                )?;
                if let Some(note) = &r.note {
                    writeln!(out, "{note}")?;
                }
                let winner = r.winner.map_or("nobody".to_string(), |w| format!("player {w}"));
                writeln!(out, "From the start {}: {winner} wins with best play", r.start_label)?;
            }
            if !r.winning_first_moves.is_empty() {
                let moves: Vec<String> = r
                    .winning_first_moves
                    .iter()
                    .map(|[a, b]| format!("row {a}, column {b}"))
                    .collect();
                writeln!(
                    out,
                    "Winning first moves (0-based from the poison): {}",
                    moves.join("; ")
                )?;
            }
            match &r.arena {
                Some(a) => ranks(out, a),
                None => Ok(()),
            }
        }
        Report::Edges(r) => {
            attractors(out, r.kind, &r.arena, &r.start_label, r.winner)?;
            if !r.winning_targets.is_empty() {
                writeln!(out, "Winning first moves: to {}", r.winning_targets.join(", "))?;
            }
            ranks(out, &r.arena)
        }
    }
}

fn search(out: &mut dyn Write, r: &SearchReport) -> io::Result<()> {
    let depth = r.depth.map_or("to the end".to_string(), |d| format!("depth {d}"));
    let p = &r.position;
    let at = if p.history.is_empty() {
        "at the start".to_string()
    } else {
        format!("after {}", p.history.join(","))
    };
    writeln!(
        out,
        "{} {at}, player {} to move; {depth}, heuristic {}",
        r.game, p.player, r.heuristic
    )?;
    let value = |v: Option<i32>, exact: bool| match (exact, v) {
        (true, Some(1)) => "win (1)".to_string(),
        (true, Some(0)) => "draw (0)".to_string(),
        (true, _) => "loss (-1)".to_string(),
        (false, Some(v)) => format!("{v} (heuristic)"),
        (false, None) => "none (stopped)".to_string(),
    };
    let verdict = if r.exact {
        "solved".to_string()
    } else if !r.complete {
        format!(
            "not solved: stopped at the node limit ({} nodes){}",
            r.node_limit,
            r.searched_depth
                .map_or(String::new(), |d| format!("; the estimate is depth {d}'s"))
        )
    } else {
        "not solved: an estimate by the heuristic".to_string()
    };
    writeln!(
        out,
        "{}: value {}, best move {}, principal variation {} ({verdict})",
        r.algorithm,
        value(r.value, r.exact),
        r.best_move.as_deref().unwrap_or("none"),
        r.pv.join(" ")
    )?;
    writeln!(
        out,
        "\nalgorithm   value              best   nodes        cut-offs   table hits   ms"
    )?;
    for run in &r.runs {
        writeln!(
            out,
            "{:<11} {:<18} {:<6} {:<12} {:<10} {:<12} {:.1}{}",
            run.algorithm,
            value(run.value, run.exact),
            run.best_move.as_deref().unwrap_or("-"),
            run.work.nodes,
            run.work.cutoffs,
            run.work.table_hits,
            run.ms,
            if run.solver {
                "  (Connect Four's exact solver)"
            } else if run.complete {
                ""
            } else {
                "  (stopped at the node limit)"
            }
        )?;
    }
    match (&r.exact_answer, &r.exact_note) {
        (Some(a), _) => writeln!(
            out,
            "\nExact ({}): {}{}; moves that keep it: {}{}",
            a.method,
            value(Some(a.value), true),
            a.score
                .zip(a.verdict.as_ref())
                .map_or(String::new(), |(v, words)| format!(", score {v}: {words}")),
            if a.winning_moves.is_empty() {
                "none".to_string()
            } else {
                a.winning_moves.join(", ")
            },
            if r.disagrees == Some(true) {
                "  — the search's move differs"
            } else {
                ""
            }
        ),
        (None, Some(note)) => writeln!(out, "\nNo exact answer: {note}"),
        _ => Ok(()),
    }
}
