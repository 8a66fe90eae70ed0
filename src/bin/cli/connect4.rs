//! `ludolab connect4`: a Connect Four position's exact score (Pons' convention),
//! per-column scores, and Pons' batch format on standard input. It computes
//! through the Connect Four family, as the page does, with the solver's limits
//! and switches the flags set (`connect4::report::on_machine`): `--json`
//! prints the family's report.

use super::{family, Failure};
use ludolab::connect4::report::{on_machine, Machine, PAGE_NODE_LIMIT, PAGE_SLOTS};
use ludolab::games::connect4::Limits;
use ludolab::registry::{self, Scenario};
use std::io::{self, BufRead, Write};

/// The flags of `ludolab connect4`: `width`, `height` and `moves` are the
/// link's keys, read and checked by the Connect Four family as a link is;
/// the others are the command line's own (the solver's limits and switches).
#[derive(clap::Args)]
pub struct Args {
    /// The position: columns 1..W from the left, as digits (`4453`; commas allowed). Empty: the start.
    #[arg(long)]
    moves: Option<String>,
    /// Columns (4 to 7; the command line's default is the standard 7).
    #[arg(long, default_value = "7")]
    width: String,
    /// Rows (4 to 6; the command line's default is the standard 6).
    #[arg(long, default_value = "6")]
    height: String,
    /// Also score every column (`column_scores`, null for a full one): the family's `columns` task.
    #[arg(long)]
    analyze: bool,
    /// Nodes a solve may visit before it stops with bounds instead of a score
    /// (the page's limit by default: every column of 7 × 6 from the empty board takes 8.2·10⁸).
    #[arg(long, default_value_t = PAGE_NODE_LIMIT)]
    node_limit: u64,
    /// Seconds a solve may take before it stops with bounds (none by default).
    #[arg(long)]
    time_limit: Option<f64>,
    /// Slots of the transposition table (8 bytes each; rounded up to a power of two, 2^17 to 2^28).
    #[arg(long, default_value_t = PAGE_SLOTS)]
    table: usize,
    /// Keep a position and its mirror image apart in the table (to measure the symmetry).
    #[arg(long)]
    no_symmetry: bool,
    /// Do not look children up in the table before searching them (to measure it).
    #[arg(long)]
    no_etc: bool,
    /// Do not bound a position's score by the opponent's follow-up (claimeven; to measure it).
    #[arg(long)]
    no_follow_up: bool,
    /// Do not ask for the children's table entries while ordering them (to measure it).
    #[arg(long)]
    no_prefetch: bool,
    /// Threads searching each position, sharing the table (the answer is the
    /// same; `nodes` counts every thread's).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    threads: u32,
    /// Read one position per line from standard input (`moves` or `moves score`)
    /// and print `moves score` per line, as Pons' tools do.
    #[arg(long)]
    batch: bool,
    /// Print JSON (one object per line with --batch).
    #[arg(long)]
    pub json: bool,
    /// Print the share link the flags make, and compute nothing.
    #[arg(long)]
    link: bool,
}

impl Args {
    /// The solver's settings the flags give.
    fn machine(&self) -> Machine {
        Machine {
            slots: self.table,
            limits: Limits {
                nodes: self.node_limit,
                seconds: self.time_limit,
            },
            threads: self.threads as usize,
            symmetry: !self.no_symmetry,
            etc: !self.no_etc,
            follow_up: !self.no_follow_up,
            prefetch: !self.no_prefetch,
            // A batch asks each position's score alone, as Pons' tools answer it.
            columns_at_once: if self.batch { 0 } else { Machine::PAGE.columns_at_once },
        }
    }

    /// The position after `moves`, read by the family as a link is.
    fn scenario(&self, moves: Option<&str>) -> Result<Scenario, ludolab::Error> {
        let pairs = [
            ("game", "connect4"),
            ("width", self.width.as_str()),
            ("height", self.height.as_str()),
        ];
        let query = ludolab::toolkit::write_query(pairs.into_iter().chain(moves.map(|m| ("moves", m))));
        registry::parse(&query)
    }
}

/// Runs `ludolab connect4`: the family's report of each position (its
/// `columns` task with `--analyze`), on the settings the flags give.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let tasks = if args.analyze {
        vec!["columns".to_string()]
    } else {
        Vec::new()
    };
    let solve = |scenario: &Scenario, out: &mut dyn Write| {
        on_machine(args.machine(), || {
            family::compute(scenario, &tasks, args.json, false, out)
        })
    };
    if !args.batch {
        let scenario = args.scenario(args.moves.as_deref())?;
        if args.link {
            writeln!(out, "{}", registry::to_query(&scenario))?;
            return Ok(());
        }
        return solve(&scenario, out);
    }
    for (i, line) in io::stdin().lock().lines().enumerate() {
        let line = line.map_err(|e| Failure::Read("standard input".into(), e))?;
        // Pons' files carry the expected score after the moves: ignored here.
        let moves = line.split_whitespace().next().unwrap_or("");
        let scenario = args.scenario(Some(moves)).map_err(|e| {
            Failure::Input(ludolab::Error::Conflict {
                key: "moves",
                message: ludolab::toolkit::Text::same(format!("line {}: {e}", i + 1)),
            })
        })?;
        if args.json {
            solve(&scenario, out)?;
        } else {
            let report = on_machine(args.machine(), || scenario.analyse(&mut |_, _| {}))?;
            let registry::Report::Connect4(r) = report else {
                unreachable!("a Connect Four scenario reports as Connect Four")
            };
            let score = r.score.map_or_else(|| "?".to_string(), |s| s.to_string());
            writeln!(out, "{moves} {score}")?;
        }
        // Each line's answer as soon as it is known, as a reader of a long batch expects.
        out.flush()?;
    }
    Ok(())
}
