//! Connect Four as a [`Family`]: the solve view, its cost and its follow-up task.

use super::report::{
    column_groups, columns_part, join_columns, probe_part, probe_plan, probe_report, solve_view, Connect4Report,
    COLUMNS_AT_ONCE, PAGE_NODE_LIMIT, PAGE_SLOTS,
};
use super::scenario::{Scenario, FIELDS};
use crate::games::connect4::{Board, ColumnScores, Position};
use crate::toolkit::{
    no_such_part, unknown_task, Cost, Error, Family, Field, Label, Params, ProbeAnswer, ProbePlan, Progress, Sampler,
};
use rand::RngExt;

/// Connect Four solved exactly: the position's score, then every column's.
pub struct ConnectFour;

/// The position's own solve: about 1.35·1.6^(empty cells) nodes from the
/// empty boards (before the page's node limit).
fn own_nodes(s: &Scenario) -> f64 {
    let empty = (s.width * s.height).saturating_sub(s.moves.len()) as f64;
    1.35 * 1.6f64.powf(empty)
}

impl Family for ConnectFour {
    const KEY: &'static str = "connect4";
    const TITLE: Label = Label::new("Connect Four", "Puissance 4");
    const FIELDS: &'static [Field] = FIELDS;
    type Scenario = Scenario;
    type Report = Connect4Report;
    /// Every column's score, after a long solve whose report gave the
    /// position's score first.
    const TASKS: &'static [&'static str] = &["columns"];
    type Extra = Connect4Report;
    /// The scores of one group of columns: a column alone, or with its
    /// mirror image when the position is its own ([`column_groups`]).
    type Part = ColumnScores;
    type Session = ();
    type Turn = ();

    fn print(_: &Scenario, r: &Connect4Report, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        super::text::print(r, out)
    }

    fn print_extra(_: &Scenario, _: &str, r: &Connect4Report, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        super::text::print_columns(r, out)
    }

    /// Random legal moves on the drawn board, from none to a full board (a
    /// game that ends with a four stops there).
    fn sample(key: &str, drawn: &[(String, String)], rng: &mut Sampler) -> Option<String> {
        if key != "moves" {
            return None;
        }
        let s = Scenario::parse(&mut Params::new(drawn.to_vec()).ok()?).ok()?;
        let board = Board::new(s.width as u32, s.height as u32).ok()?;
        let mut p = board.start();
        let mut moves = String::new();
        for _ in 0..rng.random_range(0..=board.area()) {
            let open: Vec<u32> = (0..board.width()).filter(|&c| p.can_play(c)).collect();
            if p.won() || open.is_empty() {
                break;
            }
            let c = open[rng.random_range(0..open.len())];
            p.play_column(c);
            moves.push(char::from_digit(c + 1, 10)?);
        }
        Some(moves)
    }

    /// Calibrated on the in-browser benchmark (BENCHMARKS.md).
    fn cost(s: &Scenario) -> Cost {
        // About four times the position's own solve when every column's
        // score follows at once.
        let own = own_nodes(s);
        let nodes = if own <= COLUMNS_AT_ONCE as f64 { 4.0 * own } else { own };
        // The worker's rate in the browser (BENCHMARKS.md, "Connect Four").
        Cost {
            seconds: 1.33e-7 * nodes.min(PAGE_NODE_LIMIT as f64),
            megabytes: (PAGE_SLOTS * 8) as f64 / 1e6 + 5.0,
            uncertain: false,
        }
    }

    /// The board after the link's moves, nothing solved: shown under the
    /// go-ahead question of a long solve, and played from there.
    fn preview(s: &Scenario) -> Option<Connect4Report> {
        super::report::unsolved_view(s.width as u32, s.height as u32, &s.moves).ok()
    }

    fn analyse(s: &Scenario, progress: Progress) -> Result<Connect4Report, Error> {
        solve_view(s.width as u32, s.height as u32, &s.moves, false, progress)
    }

    /// A score that comes alone (its columns to follow) is probed by two
    /// workers: the two thresholds beside it take most of a solve, and one
    /// after the other on one worker they take their sum (7 × 6 from the
    /// empty board: 17 s and 7 s natively, BENCHMARKS.md). More workers
    /// would only speculate further from the score.
    fn probes(s: &Scenario) -> usize {
        if own_nodes(s) > COLUMNS_AT_ONCE as f64 {
            2
        } else {
            0
        }
    }

    fn probe_plan(s: &Scenario, answers: &[ProbeAnswer], running: &[i64], free: usize) -> Result<ProbePlan, Error> {
        probe_plan(s.width as u32, s.height as u32, &s.moves, answers, running, free)
    }

    fn probe(s: &Scenario, threshold: i64, progress: Progress) -> Result<ProbeAnswer, Error> {
        probe_part(s.width as u32, s.height as u32, &s.moves, threshold, progress)
    }

    fn probe_join(s: &Scenario, answers: &[ProbeAnswer], seconds: f64) -> Result<Connect4Report, Error> {
        probe_report(s.width as u32, s.height as u32, &s.moves, answers, seconds)
    }

    /// The columns' task splits by columns (each group's subtree searched
    /// alone); none when fewer than two groups are playable.
    fn task_parts(s: &Scenario, task: &str) -> usize {
        let groups = Board::new(s.width as u32, s.height as u32)
            .and_then(|board| Position::from_moves(&board, &s.moves))
            .map_or(0, |p| column_groups(&p).len());
        if task == "columns" && groups >= 2 {
            groups
        } else {
            0
        }
    }

    fn extra_part(s: &Scenario, task: &str, part: usize, progress: Progress) -> Result<ColumnScores, Error> {
        match task {
            "columns" if Self::task_parts(s, task) > 0 => {
                columns_part(s.width as u32, s.height as u32, &s.moves, part, progress)
            }
            "columns" => Err(no_such_part(task, part, 0)),
            other => Err(unknown_task(other, Self::TASKS)),
        }
    }

    fn join_parts(s: &Scenario, task: &str, parts: Vec<ColumnScores>) -> Result<Connect4Report, Error> {
        match task {
            "columns" if Self::task_parts(s, task) > 0 => {
                join_columns(s.width as u32, s.height as u32, &s.moves, parts)
            }
            "columns" => Err(no_such_part(task, parts.len(), 0)),
            other => Err(unknown_task(other, Self::TASKS)),
        }
    }

    fn extra(s: &Scenario, task: &str, progress: Progress) -> Result<Connect4Report, Error> {
        match task {
            "columns" => solve_view(s.width as u32, s.height as u32, &s.moves, true, progress),
            other => Err(unknown_task(other, Self::TASKS)),
        }
    }
}
