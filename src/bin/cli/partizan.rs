//! `ludolab partizan`: a partizan position's value in canonical form, its
//! outcome, mean and temperature, and each player's winning moves.

use super::{json, query, scenario, Failure};
use ludolab::partizan::report::{analyse_sum, outcome_report, Solve};
use ludolab::partizan::Relation;
use ludolab::registry::Scenario;
use serde::Serialize;
use std::io::Write;
use std::time::Instant;

/// The flags of `ludolab partizan`: `ruleset` and `position` are the link's
/// keys, read and checked by the partizan family as a link is.
#[derive(clap::Args)]
pub struct Args {
    /// domineering, toads, clobber, hackenbush, cutcake or expr (CGSuite's notation).
    #[arg(long)]
    ruleset: Option<String>,
    /// The position in the ruleset's notation: Domineering `..../....` (rows by
    /// `/`, `#` blocked), Toads and Frogs `TT..FF`, Clobber `xo/ox`, Hackenbush
    /// `g-a:b,a-b:r`, Cutcake `2x3`, expr `{1|*} + ^`. Absent: the ruleset's start.
    #[arg(long, allow_hyphen_values = true)]
    position: Option<String>,
    /// Other positions added to this one, `ruleset:position` joined by `;`
    /// (`toads:T.F; expr:^`): the sum's value and where to play in it.
    #[arg(long, allow_hyphen_values = true)]
    sum: Option<String>,
    /// value (the default: canonical form, thermograph, winning moves) or
    /// outcome (who wins, by a search with small regions' values as leaves:
    /// larger positions, 7 × 7 Domineering within a minute).
    #[arg(long)]
    solve: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// What `--json` prints: the analysis (or the outcome's search) and the time it took.
#[derive(Serialize)]
struct Answer<T: Serialize> {
    #[serde(flatten)]
    analysis: T,
    seconds: f64,
}

/// Runs `ludolab partizan`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let q = query(
        "partizan",
        &[
            ("ruleset", args.ruleset.clone()),
            ("solve", args.solve.clone()),
            ("position", args.position.clone()),
            ("sum", args.sum.clone()),
        ],
    );
    let Scenario::Partizan(s) = scenario(&q)? else {
        unreachable!("a partizan query is a partizan scenario")
    };
    let start = Instant::now();
    if s.solve == Solve::Outcome {
        let analysis = outcome_report(s.ruleset, &s.position, &mut |_, _| {})?;
        let seconds = start.elapsed().as_secs_f64();
        if args.json {
            return json(out, &Answer { analysis, seconds });
        }
        let a = &analysis;
        writeln!(out, "{} {}", a.ruleset, a.position)?;
        writeln!(
            out,
            "outcome      {:?} (by search, regions of up to {} as values)",
            a.outcome, a.leaves_up_to
        )?;
        for (who, moves) in [("Left", &a.left_moves), ("Right", &a.right_moves)] {
            if moves.is_empty() {
                writeln!(out, "{who} moving first: no winning move")?;
            }
            for m in moves {
                writeln!(out, "{who} wins moving to {}", m.position)?;
            }
        }
        writeln!(out, "{} positions searched, {seconds:.3} s", a.positions)?;
        return Ok(());
    }
    let analysis = analyse_sum(s.ruleset, &s.position, &s.sum, &mut |_, _| {})?;
    let seconds = start.elapsed().as_secs_f64();
    if args.json {
        return json(out, &Answer { analysis, seconds });
    }
    let a = &analysis;
    writeln!(out, "{} {}", a.ruleset, a.position)?;
    writeln!(out, "value        {}", a.value)?;
    writeln!(out, "outcome      {:?}", a.outcome)?;
    writeln!(out, "mean         {}", a.mean)?;
    writeln!(out, "temperature  {}", a.temperature)?;
    if let Some(aw) = &a.atomic_weight {
        writeln!(out, "atomic weight {aw}")?;
    }
    for (who, moves) in [("Left", &a.left_moves), ("Right", &a.right_moves)] {
        if moves.is_empty() {
            writeln!(out, "{who} moving first: no winning move")?;
        }
        for m in moves {
            writeln!(out, "{who} wins moving to {}  (value {})", m.position, m.value)?;
        }
    }
    if let Some(sum) = &a.sum {
        let parts: Vec<String> = sum
            .parts
            .iter()
            .map(|p| format!("{} {} = {}", p.ruleset, p.position, p.value))
            .collect();
        writeln!(out, "sum of {}: {} ({:?})", parts.join(" + "), sum.value, sum.outcome)?;
        for (who, moves) in [("Left", &sum.left_moves), ("Right", &sum.right_moves)] {
            for m in moves {
                writeln!(
                    out,
                    "{who} wins the sum moving part {} to {}  (sum then {})",
                    m.part + 1,
                    m.position,
                    m.total
                )?;
            }
        }
        // Each pair of parts compared once: =, <, > or || (confused).
        for (i, row) in sum.order.iter().enumerate() {
            for (j, relation) in row.iter().enumerate().skip(i + 1) {
                let sign = match relation {
                    Relation::Equal => "=",
                    Relation::Less => "<",
                    Relation::Greater => ">",
                    Relation::Fuzzy => "||",
                };
                writeln!(out, "part {} {sign} part {}", i + 1, j + 1)?;
            }
        }
    }
    writeln!(out, "{} positions, {} forms, {seconds:.3} s", a.positions, a.forms)?;
    Ok(())
}
