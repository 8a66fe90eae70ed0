//! The command line's text of a partizan report: the value and its
//! thermograph's numbers, or the outcome's search, and the winning moves.

use super::report::PartizanReport;
use super::Relation;
use std::fmt::{self, Write};

/// Writes the report as text.
///
/// # Errors
/// Only the writer's.
pub fn print(report: &PartizanReport, out: &mut dyn Write) -> fmt::Result {
    let a = match report {
        PartizanReport::Outcome(a) => {
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
            return writeln!(out, "{} positions searched", a.positions);
        }
        PartizanReport::Value(a) => a,
        PartizanReport::Preview(p) => return writeln!(out, "{} {} (not solved)", p.ruleset, p.position),
    };
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
    writeln!(out, "{} positions, {} forms", a.positions, a.forms)
}
