//! The command line's text of a Snakes and Ladders report: the headline
//! numbers, excerpts of P and E as the seed's Figures 3–4 show them, the
//! surprises and the finish rules compared.

use super::{Report, Scenario};
use crate::Matrix;
use std::fmt::{self, Write};

/// Writes the report as text.
///
/// # Errors
/// Only the writer's.
pub fn print(s: &Scenario, a: &Report, out: &mut dyn Write) -> fmt::Result {
    let n = a.n;
    let name = s
        .preset()
        .map_or_else(|| "custom".to_string(), |p| format!("preset {}", p.name()));
    writeln!(out, "Snakes and Ladders, {name} (n = {n}), method {}", a.method)?;
    let t = &a.termination;
    if t.terminates {
        writeln!(out, "Every game ends with probability 1 (A^k → 0).")?;
    } else {
        writeln!(out, "Trapped squares (the goal cannot be reached): {:?}", t.trapped)?;
        if !t.unsure.is_empty() {
            writeln!(out, "Squares from which a game may last forever: {:?}", t.unsure)?;
        }
        writeln!(
            out,
            "From square 0: one player never finishes with probability {:.6}; a two-player game lasts forever \
             with probability {:.6}.",
            t.start_never_finishes, t.start_game_never_ends
        )?;
        if let Some(why) = &t.undefined {
            writeln!(out, "{why}")?;
        }
    }
    if a.terms > 0 {
        writeln!(
            out,
            "{} terms summed; truncation error at most {:.1e}.",
            a.terms, a.error_bound
        )?;
    }
    writeln!(out)?;
    let show = |v: Option<f64>| v.map_or_else(|| "undefined".to_string(), |v| format!("{v:.10}"));
    writeln!(
        out,
        "p[0][0] = {}  win probability of the first player, both on 0",
        show(a.p00)
    )?;
    writeln!(
        out,
        "e[0][0] = {}  expected number of moves of a game from 0, 0",
        show(a.e00)
    )?;
    if let (Some(p), Some(e)) = (&a.p_exact, &a.e_exact) {
        writeln!(
            out,
            "p[0][0] = {}, e[0][0] = {} exactly",
            p[0][0].as_deref().unwrap_or("undefined"),
            e[0][0].as_deref().unwrap_or("undefined")
        )?;
    }
    let o = &a.one_player;
    writeln!(
        out,
        "One player from 0: expected rolls {}, median {}, minimum {}.",
        o.expected_rolls.map_or("infinite".into(), |v| format!("{v:.4}")),
        o.median.map_or("none".into(), |v| v.to_string()),
        o.min.map_or("none".into(), |v| v.to_string()),
    )?;
    if let Some(x) = &a.exact {
        let show = |f: &Option<crate::toolkit::number::Fraction>| {
            f.as_ref().map_or("not computed".into(), ToString::to_string)
        };
        writeln!(
            out,
            "Exactly: expected rolls of one player from 0 = {}",
            x.expected_rolls.as_ref().map_or("infinite".into(), ToString::to_string)
        )?;
        if x.p00.is_some() || x.e00.is_some() {
            writeln!(out, "Exactly: p[0][0] = {}, e[0][0] = {}", show(&x.p00), show(&x.e00))?;
        }
    }
    let r = &a.players;
    let wins: Vec<String> = r.win_probabilities.iter().map(|p| format!("{p:.6}")).collect();
    writeln!(
        out,
        "Race of {} players from {:?}: win probabilities {}; expected length {} moves.",
        r.starts.len(),
        r.starts,
        wins.join(", "),
        r.expected_length.map_or("infinite".into(), |v| format!("{v:.4}"))
    )?;
    writeln!(out)?;
    let picks = excerpt(n);
    print_excerpt(out, "P", "probability that the player to move wins", &a.p, &picks, 3)?;
    writeln!(out)?;
    print_excerpt(out, "E", "expected number of moves until someone wins", &a.e, &picks, 2)?;
    if !a.surprises.is_empty() {
        writeln!(out)?;
        writeln!(out, "Surprises (P against intuition by more than 0.05), largest first:")?;
        for sp in a.surprises.iter().take(8) {
            let (x, y) = match sp.kind {
                "mover" => (
                    format!("p[{}][{}]", sp.from, sp.fixed),
                    format!("p[{}][{}]", sp.to, sp.fixed),
                ),
                _ => (
                    format!("p[{}][{}]", sp.fixed, sp.from),
                    format!("p[{}][{}]", sp.fixed, sp.to),
                ),
            };
            writeln!(out, "  {x} = {:.3} but {y} = {:.3}", sp.before, sp.after)?;
        }
    }
    if !a.rules.is_empty() {
        writeln!(out)?;
        writeln!(
            out,
            "{:<10} {:>10} {:>10} {:>14} {:>7}",
            "rule", "p[0][0]", "e[0][0]", "one player", "median"
        )?;
        for row in &a.rules {
            if let Some(note) = &row.note {
                writeln!(out, "{:<10} {}", row.rule, note.en)?;
                continue;
            }
            writeln!(
                out,
                "{:<10} {:>10.6} {:>10} {:>14} {:>7}",
                row.rule,
                row.p00,
                row.e00.map_or("infinite".into(), |v| format!("{v:.4}")),
                row.expected_rolls.map_or("infinite".into(), |v| format!("{v:.4}")),
                row.median.map_or("none".into(), |v| v.to_string())
            )?;
        }
    }
    Ok(())
}

/// The rows and columns of the seed's Figures 3–4: the first four, four in the
/// middle and the last four (all of them on a small board).
fn excerpt(n: usize) -> Vec<usize> {
    if n <= 12 {
        return (0..n).collect();
    }
    let mid = n / 2;
    [0, 1, 2, 3, mid, mid + 1, mid + 2, mid + 3, n - 4, n - 3, n - 2, n - 1].to_vec()
}

fn print_excerpt(
    out: &mut dyn Write,
    name: &str,
    meaning: &str,
    m: &Matrix,
    picks: &[usize],
    decimals: usize,
) -> fmt::Result {
    writeln!(
        out,
        "{name}: {meaning} (rows: square of the player to move; columns: square of the opponent)"
    )?;
    write!(out, "{:>5}", "")?;
    for &j in picks {
        write!(out, " {j:>7}")?;
    }
    writeln!(out)?;
    for &i in picks {
        write!(out, "{i:>5}")?;
        for &j in picks {
            let v = m.get(i, j);
            if v.is_finite() {
                write!(out, " {v:>7.decimals$}")?;
            } else {
                write!(out, " {:>7}", "—")?;
            }
        }
        writeln!(out)?;
    }
    Ok(())
}
