//! `ludolab nim`, `octal`, `subtraction`, `graph-game`, `misere`, `solitaire`.

use super::{json, query, scenario, Failure};
use ludolab::impartial::report::ValuesReport;
use ludolab::impartial::{analyse, Report};
use ludolab::registry::Scenario;
use std::io::{self, Write};

/// The flags of `ludolab nim`.
#[derive(clap::Args)]
pub struct NimArgs {
    /// The heaps, e.g. 8 8 7 7 7 6 4 4 4 2 1.
    #[arg(required = true)]
    heaps: Vec<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

impl NimArgs {
    /// The link's query.
    pub fn query(&self) -> String {
        query(
            "impartial",
            &[("mode", Some("nim".into())), ("heaps", Some(self.heaps.join(",")))],
        )
    }
}

/// The flags of `ludolab octal`.
#[derive(clap::Args)]
pub struct OctalArgs {
    /// The code, e.g. 0.77, 0.137, 4.07.
    code: String,
    /// Heaps up to this size (1 to 1,000,000).
    #[arg(long)]
    up_to: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

impl OctalArgs {
    /// The link's query.
    pub fn query(&self) -> String {
        query(
            "impartial",
            &[
                ("mode", Some("octal".into())),
                ("code", Some(self.code.clone())),
                ("up_to", self.up_to.clone()),
            ],
        )
    }
}

/// The flags of `ludolab subtraction`.
#[derive(clap::Args)]
pub struct SubtractionArgs {
    /// The numbers a move may take, e.g. 1,2,3.
    #[arg(long)]
    set: String,
    /// Heaps up to this size.
    #[arg(long)]
    up_to: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

impl SubtractionArgs {
    /// The link's query.
    pub fn query(&self) -> String {
        query(
            "impartial",
            &[
                ("mode", Some("subtraction".into())),
                ("set", Some(self.set.clone())),
                ("up_to", self.up_to.clone()),
            ],
        )
    }
}

/// The flags of `ludolab graph-game`.
#[derive(clap::Args)]
pub struct GraphArgs {
    /// node-kayles (remove a vertex and its neighbours) or colouring (one colour).
    #[arg(long, default_value = "node-kayles")]
    game: String,
    /// Edges "0-1,1-2,2-3" (an optional "n:" prefix adds isolated vertices).
    #[arg(long)]
    edges: Option<String>,
    /// A preset: path:N, cycle:N, star:N, grid:RxC, complete:N, petersen.
    #[arg(long)]
    preset: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

impl GraphArgs {
    /// The link's query (`--game` is the link's `rule`).
    pub fn query(&self) -> String {
        query(
            "impartial",
            &[
                ("mode", Some("graph".into())),
                ("rule", Some(self.game.clone())),
                ("edges", self.edges.clone()),
                ("preset", self.preset.clone()),
            ],
        )
    }
}

/// The flags of `ludolab misere`.
#[derive(clap::Args)]
pub struct MisereArgs {
    /// Nim heaps, e.g. 1,2,3.
    #[arg(long)]
    nim: Option<String>,
    /// An octal code (with --heaps).
    #[arg(long)]
    code: Option<String>,
    /// Heaps of the octal game, e.g. 4,9.
    #[arg(long)]
    heaps: Option<String>,
    /// A graph for misère node-Kayles: edges "0-1,1-2".
    #[arg(long)]
    edges: Option<String>,
    /// A graph preset for misère node-Kayles.
    #[arg(long)]
    preset: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

impl MisereArgs {
    /// The link's query (`of` follows from the flags given).
    pub fn query(&self) -> String {
        let of = if self.nim.is_some() {
            "nim"
        } else if self.code.is_some() || self.heaps.is_some() {
            "octal"
        } else {
            "graph"
        };
        query(
            "impartial",
            &[
                ("mode", Some("misere".into())),
                ("of", Some(of.into())),
                ("heaps", self.nim.clone().or_else(|| self.heaps.clone())),
                ("code", self.code.clone()),
                ("edges", self.edges.clone()),
                ("preset", self.preset.clone()),
            ],
        )
    }
}

/// The flags of `ludolab solitaire`.
#[derive(clap::Args)]
pub struct SolitaireArgs {
    /// The line: 1 a peg, 0 an empty hole, e.g. 1101101 (up to 20 holes).
    line: String,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

impl SolitaireArgs {
    /// The link's query.
    pub fn query(&self) -> String {
        query(
            "impartial",
            &[("mode", Some("solitaire".into())), ("line", Some(self.line.clone()))],
        )
    }
}

/// Runs an impartial-games subcommand on its query.
pub fn run(query: &str, as_json: bool, out: &mut dyn Write) -> Result<(), Failure> {
    let Scenario::Impartial(s) = scenario(query)? else {
        unreachable!("game=impartial parses to an impartial scenario")
    };
    let report = analyse(&s, &mut |_| {})?;
    if as_json {
        json(out, &report)
    } else {
        Ok(print(out, &report)?)
    }
}

fn values(out: &mut dyn Write, a: &ValuesReport) -> io::Result<()> {
    let values = &a.values.0;
    writeln!(out, "Grundy values G(0..={}):", values.len() - 1)?;
    for (row, chunk) in values.chunks(20).take(10).enumerate() {
        let cells: Vec<String> = chunk.iter().map(|v| format!("{v:>3}")).collect();
        writeln!(out, "{:>6} {}", row * 20, cells.join(""))?;
    }
    if values.len() > 200 {
        writeln!(out, "   … ({} values; --json prints them all)", values.len())?;
    }
    match &a.periodicity {
        Some(p) => {
            // Millions of exceptions (.354) are summarised; --json lists them all.
            let e = &p.exceptions;
            let listed = if e.len() <= 20 {
                format!("{e:?}")
            } else {
                format!("{:?} … {}", &e[..10], e[e.len() - 1])
            };
            writeln!(
                out,
                "Period {} from n₀ = {}, {} exceptions {listed}; {} (Guy–Smith with t = {}: needs n₀ ≤ n < {}, checked up to {})",
                p.period,
                p.preperiod,
                e.len(),
                if p.proven { "proven" } else { "not proven yet" },
                p.t,
                p.needed_up_to,
                p.checked_up_to
            )?;
        }
        None => writeln!(out, "No period found up to {}", values.len() - 1)?,
    }
    writeln!(
        out,
        "Largest value {} (first at heap {})",
        a.largest.value, a.largest.at
    )?;
    if let Some(r) = &a.rare {
        writeln!(
            out,
            "Sparse space: mask {}{}{}; {} rare heaps among the {} computed, the last at {}",
            r.mask,
            if r.by_position { ", by heap parity" } else { "" },
            if r.odd { ", odd class rare" } else { "" },
            r.count,
            a.computed.unwrap_or(values.len() - 1),
            r.last.map_or_else(|| "none".to_string(), |l| l.to_string())
        )?;
    }
    Ok(())
}

fn print(out: &mut dyn Write, report: &Report) -> io::Result<()> {
    match report {
        Report::Nim(a) => {
            writeln!(out, "Nim {:?}", a.heaps)?;
            for (h, row) in a.heaps.iter().zip(&a.binary) {
                writeln!(out, "  {h:>6}  {row}")?;
            }
            writeln!(
                out,
                "  nim-sum {}  ({})",
                a.binary.last().map_or("", String::as_str),
                a.nim_sum
            )?;
            if a.nim_sum == 0 {
                writeln!(out, "A P-position: the player to move loses.")?;
            } else {
                writeln!(out, "An N-position: {} winning moves", a.winning_moves.len())?;
                for m in &a.winning_moves {
                    writeln!(out, "  heap {} (0-based): {} → {}", m.heap, m.from, m.to)?;
                }
            }
        }
        Report::Octal(a) | Report::Subtraction(a) => values(out, a)?,
        Report::Graph(a) => {
            let g = &a.graph;
            writeln!(
                out,
                "Graph: {} vertices, {} edges; value {}",
                g.vertices,
                g.edges.len(),
                a.grundy
            )?;
            for (vs, v) in &g.components {
                writeln!(out, "  component {vs:?}: value {v}")?;
            }
            writeln!(
                out,
                "Winning moves (remove the vertex and its neighbours): {:?}",
                g.winning_vertices
            )?;
        }
        Report::Sum(a) => {
            for c in &a.sum.components {
                let winning = c
                    .winning_move
                    .as_ref()
                    .map_or(String::new(), |m| format!(" — winning move: {m}"));
                writeln!(out, "{}: value {}{winning}", c.text, c.value)?;
            }
            writeln!(out, "Total: {}", a.sum.total)?;
        }
        Report::Misere(a) => {
            writeln!(
                out,
                "Misère: the player to move {}",
                if a.loses { "loses" } else { "wins" }
            )?;
            for m in &a.misere_winning {
                writeln!(out, "  winning move: {m}")?;
            }
        }
        Report::Solitaire(a) => {
            let sol = &a.solitaire;
            writeln!(
                out,
                "Line {}: the player to move {}",
                sol.line,
                if sol.loses { "loses" } else { "wins" }
            )?;
            for j in &sol.winning_jumps {
                writeln!(out, "  winning jump: {} over {} into {}", j.from, j.over, j.to)?;
            }
        }
    }
    Ok(())
}
