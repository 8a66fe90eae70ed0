//! `ludolab subtraction-arena`, `chomp`, `arena`: attractors and winning moves;
//! `ludolab search`: minimax and alpha-beta beside the exact answer.

use super::{json, query, scenario, Failure};
use ludolab::graphs::report::{Attractors, Report};
use ludolab::registry::Scenario;
use ludolab::search::SearchReport;
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

/// The flags of `ludolab search` (the link's keys; `--game` is the link's `search`).
#[derive(clap::Args)]
pub struct SearchArgs {
    /// The game: tictactoe, connect4, chomp, sticks, arena or hex.
    #[arg(long)]
    game: String,
    /// minimax, alphabeta, ordered (alpha-beta with move ordering) or tt
    /// (iterative deepening with a transposition table).
    #[arg(long)]
    algorithm: Option<String>,
    /// Plies searched (1 to 42), or `end` to search to the end of the game.
    #[arg(long)]
    depth: Option<String>,
    /// The heuristic at the depth limit (each game's first is its default):
    /// tictactoe lines|centre|zero, connect4 lines|centre|edges, chomp
    /// parity|squares|zero, sticks modulo|parity|zero, arena mobility|zero,
    /// hex distance|zero.
    #[arg(long)]
    heuristic: Option<String>,
    /// The position: moves from the start, separated by commas (tic-tac-toe
    /// cells 1–9, Connect Four columns from 1, Chomp squares row.column from the
    /// poison 0.0, sticks taken, arena vertices, Hex cells a1…). Empty: the start.
    #[arg(long, default_value = "")]
    moves: String,
    /// Hex: cells on a side (2 to 11; exact answers up to 5).
    #[arg(long)]
    size: Option<String>,
    /// Connect Four: columns (4 to 7).
    #[arg(long)]
    width: Option<String>,
    /// Connect Four: rows (4 to 6).
    #[arg(long)]
    height: Option<String>,
    /// Chomp: rows of the bar.
    #[arg(long)]
    rows: Option<String>,
    /// Chomp: columns of the bar.
    #[arg(long)]
    cols: Option<String>,
    /// Chomp: a starting board, row lengths from the poisoned row up.
    #[arg(long)]
    board: Option<String>,
    /// The stick game: sticks at the start.
    #[arg(long)]
    sticks: Option<String>,
    /// The stick game: numbers of sticks a move may take, e.g. 1,2,3.
    #[arg(long)]
    take: Option<String>,
    /// The stick game: whoever takes the last stick loses.
    #[arg(long)]
    misere: bool,
    /// An arena: a file of statements `a:1>b:2`, `c=1` (or `-` for standard input).
    #[arg(long)]
    edges: Option<String>,
    /// Nodes each run may visit before it stops and says so (1,000 to
    /// 1,000,000,000; default 4,000,000). Connect Four's exact answer has its own
    /// limit (`ludolab connect4 --node-limit`).
    #[arg(long)]
    node_limit: Option<String>,
    /// Print JSON (`value`, `exact`, `best_move`, `nodes`, `cutoffs`, the four runs, …).
    #[arg(long)]
    pub json: bool,
}

impl SearchArgs {
    /// The link's query.
    pub fn query(&self) -> Result<String, Failure> {
        let edges = match &self.edges {
            None => None,
            Some(path) if path == "-" => Some(io::read_to_string(io::stdin())?),
            Some(path) => Some(std::fs::read_to_string(path).map_err(|e| Failure::Read(path.clone(), e))?),
        };
        let sticks_game = self.game == "sticks";
        Ok(query(
            "search",
            &[
                ("search", Some(self.game.clone())),
                ("algorithm", self.algorithm.clone()),
                ("depth", self.depth.clone()),
                ("heuristic", self.heuristic.clone()),
                ("size", self.size.clone()),
                ("width", self.width.clone()),
                ("height", self.height.clone()),
                ("rows", self.rows.clone()),
                ("cols", self.cols.clone()),
                ("board", self.board.clone()),
                ("sticks", self.sticks.clone()),
                ("take", self.take.clone()),
                (
                    "misere",
                    sticks_game.then(|| if self.misere { "yes" } else { "no" }.into()),
                ),
                ("edges", edges),
                ("moves", Some(self.moves.clone())),
                ("node-limit", self.node_limit.clone()),
            ],
        ))
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
