//! `ludolab nim`, `octal`, `subtraction`, `graph-game`, `misere`, `solitaire`.

use super::{json, query, scenario, Failure};
use ludolab::impartial::report::ValuesReport;
use ludolab::impartial::table::TableReport;
use ludolab::impartial::{analyse, octal_report, Report};
use ludolab::registry::Scenario;
use std::io::{self, Write};
use std::path::Path;

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
    /// The code, e.g. 0.77, 0.137, 4.07, or grundy (Grundy's game).
    code: String,
    /// Heaps up to this size (1 to 33,554,432).
    #[arg(long)]
    up_to: Option<String>,
    /// Save the values to this file as they come in (every 2^20 heaps, at each
    /// doubling and at the end), and resume from it when it exists: a long run
    /// survives an interruption, and a finished one extends to a larger --up-to.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<std::path::PathBuf>,
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

/// The flags of `ludolab octal-table`.
#[derive(clap::Args)]
pub struct OctalTableArgs {
    /// Codes of 1 to this many digits after the point (1 to 3).
    #[arg(long)]
    digits: Option<String>,
    /// Heaps up to this size for each code (1 to 65,536).
    #[arg(long)]
    up_to: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

impl OctalTableArgs {
    /// The link's query.
    pub fn query(&self) -> String {
        query(
            "impartial",
            &[
                ("mode", Some("table".into())),
                ("digits", self.digits.clone()),
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
    /// The misère quotient of the octal game (with --code and --heap-limit):
    /// its order, P-portion, presentation, heap elements and multiplication table.
    #[arg(long)]
    pub quotient: bool,
    /// The quotient covers heaps 0..=N (default 30, at most 300).
    #[arg(long, value_name = "N")]
    heap_limit: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

impl MisereArgs {
    /// The link's query: `mode=quotient` with --quotient, otherwise misère
    /// play with `of` following from the flags given.
    pub fn query(&self) -> String {
        let (mode, of) = if self.quotient {
            ("quotient", None)
        } else {
            ("misere", Some(self.of().into()))
        };
        query(
            "impartial",
            &[
                ("mode", Some(mode.into())),
                ("of", of),
                ("heaps", self.nim.clone().or_else(|| self.heaps.clone())),
                ("code", self.code.clone()),
                ("heap_limit", self.heap_limit.clone()),
                ("edges", self.edges.clone()),
                ("preset", self.preset.clone()),
            ],
        )
    }

    fn of(&self) -> &'static str {
        if self.nim.is_some() {
            "nim"
        } else if self.code.is_some() || self.heaps.is_some() {
            "octal"
        } else {
            "graph"
        }
    }
}

/// `ludolab misere`: the report, with the seconds it took in JSON.
///
/// # Errors
/// A link the core refuses.
pub fn run_misere(args: &MisereArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let Scenario::Impartial(s) = scenario(&args.query())? else {
        unreachable!("game=impartial parses to an impartial scenario")
    };
    let started = std::time::Instant::now();
    let report = analyse(&s, &mut |_, _| {})?;
    let seconds = started.elapsed().as_secs_f64();
    if !args.json {
        return Ok(print(out, &report)?);
    }
    let mut value = serde_json::to_value(&report).map_err(|e| Failure::Write("JSON".into(), io::Error::other(e)))?;
    if let Some(map) = value.as_object_mut() {
        map.insert("seconds".into(), serde_json::json!(seconds));
    }
    json(out, &value)
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

/// The first line of a checkpoint file; then the code, the number of values,
/// and the values as little-endian u16.
const CHECKPOINT_MAGIC: &str = "ludolab octal checkpoint 1";

/// The values saved in `path` for `code`, if the file exists.
fn read_checkpoint(path: &Path, code: &str) -> Result<Vec<u16>, Failure> {
    let shown = path.display().to_string();
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(Failure::Read(shown, e)),
    };
    let damaged = |why: String| Failure::Read(shown.clone(), io::Error::new(io::ErrorKind::InvalidData, why));
    let mut parts = bytes.splitn(4, |&b| b == b'\n');
    let (magic, saved, count, body) = (parts.next(), parts.next(), parts.next(), parts.next());
    if magic != Some(CHECKPOINT_MAGIC.as_bytes()) {
        return Err(damaged(format!(
            "not a checkpoint (its first line is not \"{CHECKPOINT_MAGIC}\")"
        )));
    }
    let saved = String::from_utf8_lossy(saved.unwrap_or_default());
    if saved != code {
        return Err(damaged(format!("a checkpoint of {saved}, not of {code}")));
    }
    let count: usize = String::from_utf8_lossy(count.unwrap_or_default())
        .parse()
        .map_err(|_| damaged("no count of values on its third line".into()))?;
    let body = body.unwrap_or_default();
    if body.len() != 2 * count {
        return Err(damaged(format!(
            "damaged: {} bytes of values for {count} values",
            body.len()
        )));
    }
    Ok(body.chunks_exact(2).map(|b| u16::from_le_bytes([b[0], b[1]])).collect())
}

/// Saves `values` to `path` through a temporary file, so an interruption
/// mid-write leaves the previous checkpoint whole.
fn write_checkpoint(path: &Path, code: &str, values: &[u16]) -> io::Result<()> {
    let mut bytes = format!("{CHECKPOINT_MAGIC}\n{code}\n{}\n", values.len()).into_bytes();
    bytes.extend(values.iter().flat_map(|v| v.to_le_bytes()));
    let partial = path.with_extension("partial");
    std::fs::write(&partial, bytes)?;
    std::fs::rename(&partial, path)
}

/// `ludolab octal`, resuming from and saving to `--checkpoint` when given.
pub fn run_octal(args: &OctalArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let Some(path) = &args.checkpoint else {
        return run(&args.query(), args.json, out);
    };
    let Scenario::Impartial(s) = scenario(&args.query())? else {
        unreachable!("game=impartial parses to an impartial scenario")
    };
    let code = s.code.to_string();
    let known = read_checkpoint(path, &code)?;
    let resumed = known.len().saturating_sub(1);
    if resumed > 0 {
        eprintln!("resuming {code} from {} ({resumed} heaps)", path.display());
    }
    let mut failed = None;
    let report = octal_report(&s, known, &mut |_, _| {}, &mut |values| {
        if values.len() - 1 > resumed && failed.is_none() {
            match write_checkpoint(path, &code, values) {
                Ok(()) => eprintln!("checkpoint: {} heaps saved to {}", values.len() - 1, path.display()),
                Err(e) => failed = Some(e),
            }
        }
    })?;
    if let Some(e) = failed {
        return Err(Failure::Write(path.display().to_string(), e));
    }
    let report = Report::Octal(report);
    if args.json {
        json(out, &report)
    } else {
        Ok(print(out, &report)?)
    }
}

/// Runs an impartial-games subcommand on its query.
pub fn run(query: &str, as_json: bool, out: &mut dyn Write) -> Result<(), Failure> {
    let Scenario::Impartial(s) = scenario(query)? else {
        unreachable!("game=impartial parses to an impartial scenario")
    };
    let report = analyse(&s, &mut |_, _| {})?;
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
            let proof = match p.t {
                Some(t) => format!(
                    "{} (Guy–Smith with t = {t}: needs n₀ ≤ n < {}, checked up to {})",
                    if p.proven { "proven" } else { "not proven yet" },
                    p.needed_up_to,
                    p.checked_up_to
                ),
                None => format!(
                    "observed up to {}; no theorem proves a period of this game",
                    p.checked_up_to
                ),
            };
            writeln!(
                out,
                "Period {} from n₀ = {}, {} exceptions {listed}; {proof}",
                p.period,
                p.preperiod,
                e.len(),
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
            "Sparse space: mask {}{}{}; {} rare heaps among the {} computed (heap 0 included, as the published tables count), the last at {}",
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
        Report::Quotient(q) => {
            writeln!(out, "Misère quotient of {} up to heap {}", q.code, q.reached)?;
            if let Some(stop) = &q.stopped {
                writeln!(out, "  stopped at heap {}: {}", stop.heap, stop.why)?;
            }
            writeln!(out, "  |Q| = {}, |P| = {}", q.order, q.p_portion_size)?;
            writeln!(out, "  {}", q.presentation)?;
            writeln!(out, "  P = {{{}}}", q.p_portion.join(", "))?;
            writeln!(
                out,
                "  heaps: {}",
                q.heap_elements
                    .iter()
                    .enumerate()
                    .map(|(h, e)| format!("{h}:{e}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            )?;
            if !q.heaps.is_empty() {
                writeln!(
                    out,
                    "Sum {:?} = {}: the player to move {}",
                    q.heaps,
                    q.element,
                    if q.loses { "loses" } else { "wins" }
                )?;
                for m in &q.misere_winning {
                    writeln!(out, "  winning move: {m}")?;
                }
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
        Report::Table(a) => table(out, a)?,
    }
    Ok(())
}

fn table(out: &mut dyn Write, a: &TableReport) -> io::Result<()> {
    writeln!(
        out,
        "Octal codes of 1 to {} digits, heaps 0..={}: {} codes, {} games",
        a.digits,
        a.up_to,
        a.rows.len(),
        a.games
    )?;
    writeln!(
        out,
        "{:<7} {:<9} {:>7} {:>10} {:<8} {:>7} {:>6}  same game as",
        "code", "status", "period", "preperiod", "proof", "largest", "rare"
    )?;
    let dash = || "-".to_string();
    for r in &a.rows {
        // G(n) = G_rep(n − shift).
        let same = match (&r.same_as, r.shift) {
            (None, _) => String::new(),
            (Some(c), 0) => c.clone(),
            (Some(c), 1) => format!("{c}, one heap later"),
            (Some(c), -1) => format!("{c}, one heap earlier"),
            (Some(c), s) if s > 0 => format!("{c}, {s} heaps later"),
            (Some(c), s) => format!("{c}, {} heaps earlier", -s),
        };
        writeln!(
            out,
            "{:<7} {:<9} {:>7} {:>10} {:<8} {:>7} {:>6}  {same}",
            r.code,
            format!("{:?}", r.status).to_lowercase(),
            r.period.map_or_else(dash, |p| p.to_string()),
            r.preperiod.map_or_else(dash, |p| p.to_string()),
            if r.proven { "proven" } else { "-" },
            r.largest.value,
            r.rare.map_or_else(dash, |c| c.to_string()),
        )?;
    }
    Ok(())
}
