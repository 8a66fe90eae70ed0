//! `ludolab snakes`: P, E and everything about them.

use super::{json, query, scenario, Failure};
use ludolab::registry::Scenario;
use ludolab::snakes::{analyse_scenario, Report, Scenario as Snakes};
use ludolab::Matrix;
use std::io::{self, Write};

/// The flags of `ludolab snakes`, named like the link's keys.
#[derive(clap::Args)]
pub struct Args {
    /// Board preset: audet, milton-bradley, grid1 or example2 (other board flags override it).
    #[arg(long)]
    preset: Option<String>,
    /// Number of squares n (the goal's number), 2 to 2500.
    #[arg(long)]
    squares: Option<String>,
    /// A ladder FROM:TO (repeat the flag, or separate with commas).
    #[arg(long, value_name = "FROM:TO")]
    ladder: Vec<String>,
    /// A snake FROM:TO (repeat the flag, or separate with commas).
    #[arg(long, value_name = "FROM:TO")]
    snake: Vec<String>,
    /// The die: equally likely faces `1,2,3,4,5,6` or weights `1:0.5,2:1/4,3:0.25`.
    #[arg(long)]
    die: Option<String>,
    /// Finish rule: overshoot (a roll past the goal wins), exact or bounce.
    #[arg(long)]
    rule: Option<String>,
    /// A characteristic matrix typed directly, rows separated by `;`: "1/8,1/4;3/8,1/2".
    #[arg(long)]
    matrix: Option<String>,
    /// Columns of the drawn grid (the page's board; no effect on the numbers).
    #[arg(long)]
    width: Option<String>,
    /// distributions (default), series, vectorised (n ≤ 200) or exact (n ≤ 20).
    #[arg(long)]
    method: Option<String>,
    /// Players in a race (2 to 6), moving in turn from --starts.
    #[arg(long)]
    players: Option<String>,
    /// Start squares of the players, e.g. 0,0,0.
    #[arg(long)]
    starts: Option<String>,
    /// Headline numbers as exact fractions: one player's expected rolls (any
    /// board), p[0][0] and e[0][0] (up to 20 squares).
    #[arg(long)]
    exact: bool,
    /// Print JSON (rows of P and E = square of the player to move; null where undefined).
    #[arg(long)]
    json: bool,
}

impl Args {
    fn query(&self) -> String {
        let joined = |v: &[String]| (!v.is_empty()).then(|| v.join(","));
        query(
            "snakes",
            &[
                ("preset", self.preset.clone()),
                ("squares", self.squares.clone()),
                ("ladder", joined(&self.ladder)),
                ("snake", joined(&self.snake)),
                ("die", self.die.clone()),
                ("rule", self.rule.clone()),
                ("matrix", self.matrix.clone()),
                ("width", self.width.clone()),
                ("method", self.method.clone()),
                ("players", self.players.clone()),
                ("starts", self.starts.clone()),
                ("exact", self.exact.then(|| "yes".to_string())),
            ],
        )
    }
}

/// Runs `ludolab snakes`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let Scenario::Snakes(s) = scenario(&args.query())? else {
        unreachable!("game=snakes parses to a Snakes scenario")
    };
    let report = analyse_scenario(&s, &mut |_, _| {})?;
    if args.json {
        json(out, &report)
    } else {
        Ok(print(out, &s, &report)?)
    }
}

fn print(out: &mut dyn Write, s: &Snakes, a: &Report) -> io::Result<()> {
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
        let show = |f: &Option<ludolab::toolkit::number::Fraction>| {
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
) -> io::Result<()> {
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
