//! Parity games as a [`Family`]: the view's scenario, its cost and its report.

use super::report::ParityKeys;
use super::report::{parity_view, ParityReport};
use super::scenario::{Scenario, FIELDS};
use super::{ParitySource, RandomCost, SolverKind};
use crate::toolkit::{command, Command, Cost, Error, Family, Field, Label, Progress};

/// The portfolio's estimate from which the page runs its members side by
/// side: below it, a worker's start and a second build of the game cost more
/// than the members' turns.
pub const MEMBERS_FROM_SECONDS: f64 = 0.5;

/// The most memory the page's workers may hold together when they run the
/// portfolio's members side by side, in megabytes (each builds its own game:
/// about 470 MB at 10⁶ vertices, so two members there).
pub const MEMBERS_MEGABYTES: f64 = 1000.0;

/// Parity games, the chapter after attractors: winning regions, strategies,
/// Zielonka's recursion step by step.
pub struct ParityGames;

impl Family for ParityGames {
    const KEY: &'static str = "parity";
    const TITLE: Label = Label::new("Parity games", "Jeux de parité");
    const FIELDS: &'static [Field] = FIELDS;
    /// The typed game is a file on the command line (PGSolver's `.pg`, or
    /// `.pg.gz`, beyond the link's length); the terminal's own flags (writing
    /// a generated game, a solution, the verifier, the preprocessing steps)
    /// are `src/bin/cli/parity.rs`'s.
    const COMMANDS: &'static [Command] = &[Command::plain(
        "parity",
        "Parity games: generate one (--source) in PGSolver's format, or solve one (--file, or --source with \
         --solve or --json) and verify the solution; --json prints the page's report.",
    )
    .timed()
    .spelled(&[command::file_named(
        "file",
        "pg",
        "A game in PGSolver's format (`.pg`, or gzip-compressed `.pg.gz`); `-` reads standard input",
    )])];
    type Scenario = Scenario;
    type Report = ParityReport;
    type Extra = ();
    type Part = ();
    type Session = ();
    type Turn = ();

    /// A solver's cost from its two parts (the game's size and shape, and what a
    /// sparse random game adds); the default's from its two members'.
    fn cost(s: &Scenario) -> Cost {
        if s.keys.solver == SolverKind::Portfolio {
            // Tangle learning's solo turn first (portfolio.rs): SOLO_PASSES
            // passes, about 3 edges looked at a vertex each, 5 ns an edge in the
            // page on the families where the recursive variant then finishes.
            // Where tangle learning finishes within it, its time alone; else the
            // turn, then the rounds, which end within t·(1 + r) for the faster
            // of the two, r the other's share over the finisher's (the runs
            // resume where they stopped, so the slices need not grow). The
            // sparse random games' own growth is a measured time, not a bound:
            // the member that finishes first, at its share of the time.
            let [first, second] = super::portfolio::MEMBERS;
            let [a, b] = super::portfolio::SHARES;
            let ((t, ts), (p, ps)) = (parts(&s.keys, first), parts(&s.keys, second));
            let solo = super::portfolio::SOLO_PASSES as f64 * 3.0 * weighted_vertices(&s.keys) * 5e-9;
            let alone = t.seconds + ts.seconds;
            let seconds = if alone <= solo {
                alone
            } else {
                solo + (t.seconds * (1.0 + b / a)).min(p.seconds * (1.0 + a / b))
                    + (ts.seconds * (1.0 + b / a)).min(ps.seconds * (1.0 + a / b))
            };
            let (t, p) = (sum(&t, &ts), sum(&p, &ps));
            return Cost {
                seconds,
                megabytes: t.megabytes.max(p.megabytes),
                uncertain: t.uncertain && p.uncertain,
            };
        }
        let (bound, sparse) = parts(&s.keys, s.keys.solver);
        sum(&bound, &sparse)
    }

    fn analyse(s: &Scenario, progress: Progress) -> Result<ParityReport, Error> {
        parity_view(&s.keys, progress)
    }

    /// The portfolio's members side by side in the page's workers (as
    /// threads natively, `portfolio.rs`) when its estimate is long enough to
    /// pay for starting them: each worker builds the game again.
    fn members(s: &Scenario) -> usize {
        let cost = Self::cost(s);
        if s.keys.solver != SolverKind::Portfolio || cost.seconds < MEMBERS_FROM_SECONDS {
            return 0;
        }
        // Each worker holds its own game: together within a phone's tab.
        let fit = (MEMBERS_MEGABYTES / cost.megabytes.max(1.0)).floor() as usize;
        match super::portfolio::SIDE_BY_SIDE.len().min(fit) {
            0 | 1 => 0,
            n => n,
        }
    }

    fn analyse_member(s: &Scenario, member: usize, progress: Progress) -> Result<ParityReport, Error> {
        super::report::parity_member(&s.keys, member, progress)
    }

    fn session(_: &Scenario) -> Result<(), Error> {
        Err(Error::NotPlayable {
            what: text!(
                "a parity game (its plays are infinite)",
                "un jeu de parité (ses parties sont infinies)"
            ),
        })
    }
}

/// A solver's cost on the game `k` describes, in two parts: what its size and
/// shape cost, and what a sparse random game adds ([`sparse_random`]), which the
/// default weighs apart.
//
// About 2 µs a vertex for either solver on random games in the page, 150 bytes a
// vertex, and the families' measured growth; Zielonka's algorithm on Friedmann's
// ladders grows ×2.4 for each 2 more rungs, priority promotion on them as n²
// (BENCHMARKS.md, "Parity games").
fn parts(k: &ParityKeys, solver: SolverKind) -> (Cost, Cost) {
    let vertices = weighted_vertices(k);
    let mut seconds = 3e-6 * vertices;
    let mut uncertain = false;
    let n = k.size as f64;
    match (k.source, solver) {
        // Two Counters defeats every solver here: measured times (release, this
        // machine) grow 2.1× per n for Zielonka and promotion (tc 20: 9 s and
        // 13 s), 4× for tangle learning (tc 12: 1.2 s); twice that in a browser.
        (ParitySource::TwoCounters, SolverKind::Tangle) => seconds += 2.0 * 0.075 * 4f64.powf(n - 10.0),
        // Recursive tangle learning grows as n^3.1 there (tc 200, 300, 500,
        // 1000: 5 s, 18 s, 88 s, 751 s).
        (ParitySource::TwoCounters, SolverKind::RecursiveTangle) => seconds += 2.0 * 5.0 * (n / 200.0).powf(3.1),
        // Small progress measures grow about 8.5× per n (tc 5, 6, 7: 0.25 s,
        // 1.5 s, 13 s natively on a day this machine ran twice as slow as
        // for the figures above; stop 77's estimate test).
        (ParitySource::TwoCounters, SolverKind::Spm) => seconds += 0.026 * 8.5f64.powf(n - 4.0),
        // Priority promotion 2.25× per n from tc 12 (0.1 s) to 16 (2.5 s).
        (ParitySource::TwoCounters, SolverKind::Promotion) => seconds += 0.1 * 2.25f64.powf(n - 12.0),
        (ParitySource::TwoCounters, _) => seconds += 2.0 * 0.007 * 2.1f64.powf(n - 10.0),
        // Tangle learning on Friedmann's recursive ladder and counter_m grows
        // as n² (recursive ladder 1000, 3000, 10000: 0.14 s, 0.86 s, 9.8 s;
        // counter_m 3000 and 10000: 0.24 s and 2.4 s; natively on that slow day).
        (ParitySource::RecursiveLadder, SolverKind::Tangle) => seconds += 0.14 * (n / 1000.0).powf(2.1),
        (ParitySource::CounterM, SolverKind::Tangle) => seconds += 0.24 * (n / 3000.0).powi(2),
        // Tangle learning on these two grows with n² (counter_dp 1000: 0.06 s;
        // counter_core 300 and 1000: 0.02 s and 0.27 s).
        (ParitySource::CounterDp, SolverKind::Tangle) => seconds += 2.0 * 0.07 * (n / 1000.0).powi(2),
        (ParitySource::CounterCore, SolverKind::Tangle) => seconds += 2.0 * 0.3 * (n / 1000.0).powf(2.2),
        // The counter families are built to make these two exponential; how
        // soon differs by family (Zielonka: counter_core 16 2.4 s, counter_rr
        // 30 0.5 s; counter_rr 300: over 20 s for promotion): past the sizes
        // measured, it cannot be told.
        (
            ParitySource::CounterRr | ParitySource::CounterDp | ParitySource::CounterM | ParitySource::CounterCore,
            SolverKind::Zielonka | SolverKind::Promotion,
        ) if k.size > 10 => {
            seconds += 60.0;
            uncertain = true;
        }
        // Small progress measures grow with the product of the odd
        // priorities' counts: Jurdziński's games are built to reach it, and
        // Friedmann's recursive ladder of 100 vertices runs over a minute while
        // random games of 10⁴ take milliseconds. Past the example, it cannot be told.
        // The counter families defeat them from size 6 (counter_core 8: 5 s,
        // counter_rr 16: 13 s) while staying under 50 vertices.
        (_, SolverKind::Spm) if vertices > 50.0 || (k.source.is_counter() && k.size >= 6) => {
            seconds += 60.0;
            uncertain = true;
        }
        _ => {}
    }
    if k.source == ParitySource::Jurdzinski {
        // Measured natively on a slow day (stop 77's estimate test), scaled to
        // the browser figures: Zielonka's algorithm 0.42 s at 50 levels × 50,
        // 8 s at 100 × 100, 11.6 s at 50 × 300; the others grow with the
        // breadth faster than with the levels, and past the cache (171 × 271:
        // 3.7 s; 100 × 100: 0.11 s).
        let (l, b) = (k.levels as f64, k.breadth as f64);
        // Recursive tangle learning grows as Zielonka's does, four times
        // slower (100 × 100: 1.15 s, 50 × 300: 2.2 s).
        seconds += if solver == SolverKind::Zielonka {
            4e-6 * (l * b).powf(1.5)
        } else if solver == SolverKind::RecursiveTangle {
            1e-6 * (l * b).powf(1.5)
        } else {
            6e-7 * l * b.powf(1.5) * (1.0 + vertices / 5e4)
        };
    }
    if k.source == ParitySource::RecursiveLadder {
        if solver == SolverKind::Zielonka {
            seconds += 0.09 * 2.4f64.powf((k.size as f64 - 24.0) / 2.0);
        } else {
            // Priority promotion restarts from the top after each of its n dominions.
            seconds += 6e-9 * (k.size as f64).powi(2);
        }
    }
    // Its measures: a count per vertex and odd priority above the vertex's.
    let measures = if solver == SolverKind::Spm {
        vertices * (k.priorities as f64).min(vertices) / 1e6
    } else {
        0.0
    };
    let bound = Cost {
        seconds,
        megabytes: 150.0 * vertices / 1e6 + 5.0 + measures,
        uncertain,
    };
    (bound, sparse_random(k, solver))
}

/// The game's size in vertices, a random game's weighted by its successors.
fn weighted_vertices(k: &ParityKeys) -> f64 {
    match k.source {
        ParitySource::Typed => (k.pg.len() / 8) as f64,
        ParitySource::Random => k.vertices as f64 * (k.min_degree + k.max_degree) as f64 / 7.0,
        ParitySource::Jurdzinski => (k.levels.max(1) * (3 * k.breadth + 2)) as f64,
        other => other.vertices_of_size(k.size).unwrap_or(0) as f64,
    }
}

/// Two costs paid one after the other.
fn sum(a: &Cost, b: &Cost) -> Cost {
    Cost {
        seconds: a.seconds + b.seconds,
        megabytes: a.megabytes + b.megabytes,
        uncertain: a.uncertain || b.uncertain,
    }
}

/// What a sparse random game with many priorities adds to a solver's cost: the
/// family that separates solvers (1–2 successors, priorities up to the number of
/// vertices: Oink's `rngame N N 1 2`) grows much faster than its size, about as
/// N^2.5 and in proportion to the priorities up to 10⁵; denser games do not.
//
// Calibrated on 10⁶ vertices, seed 2, in the page's worker or natively (about the
// same here; BENCHMARKS.md, "Parity games at the frontier", stop 60): tangle
// learning about 60 s (the default 80 s and 480 MB), Zielonka 28 s, priority
// promotion about 200 s, the recursive variant over 300 s; the default 0.2–0.6 s at
// 10⁵ and 15 s at 3·10⁵; at 10⁶ with priorities up to 10⁴ 8 s, up to 10³ 5 s; with
// 2–5 successors 2.5 s at 10⁶ (priorities up to 10⁶).
fn sparse_random(k: &ParityKeys, solver: SolverKind) -> Cost {
    let none = Cost {
        seconds: 0.0,
        megabytes: 0.0,
        uncertain: false,
    };
    if k.source != ParitySource::Random || k.max_degree > 2 {
        return none;
    }
    let size = k.vertices as f64 / 1e6;
    let spread = (k.priorities as f64 / 1e5).min(1.0);
    let (at_million, uncertain) = match solver.random_cost() {
        // Not seen to finish at 10⁶: what it took to give up on.
        RandomCost::Seconds(seconds, finished) => (seconds, !finished),
        // Its members' (`Family::cost` combines them).
        RandomCost::Members => return none,
    };
    // One game of this family differs from the next by far more than any size
    // tells (10⁶ vertices: 11 s to 165 s over seeds for the default): from
    // 2·10⁵ on, the time is said to be unknowable, `seconds` the seed measured.
    Cost {
        seconds: at_million * size.powf(2.5) * spread,
        megabytes: 400.0 * size * spread.sqrt(),
        uncertain: (uncertain && size * spread >= 0.5) || size * spread >= 0.2,
    }
}
