//! The default solver: tangle learning alone for a first turn of a few hundred
//! passes' worth of work, then tangle learning and recursive tangle learning in
//! turn, each given the same slice of time every round, each run going on
//! exactly where it stopped (mid-pass, its tangles and dominions kept), until
//! one of them finishes.
//!
//! Why: each of the two loses somewhere and wins elsewhere (BENCHMARKS.md,
//! "Parity games at the frontier"): on the random games that separate solvers
//! tangle learning is often the faster; on Oink's counter families at 10,000
//! and on Two Counters, which van Dijk built against tangle learning, the
//! recursive variant takes milliseconds to seconds where tangle learning runs
//! for minutes. Priority promotion and Zielonka's algorithm each lose by
//! minutes somewhere the two tangle learners do not. Since a run stopped
//! mid-pass goes on with nothing lost, the slices need not grow: if the
//! faster one needs `t`, the rounds stop within `t · (1 + r)` plus one round
//! (`r` the other's share over the finisher's, [`SHARES`]), with no cliff at
//! a round's end. (Slices that doubled each round, as runs that restarted
//! their pass needed, cost up to twice that, decided by where the finisher
//! fell in its last slice.)
//!
//! The solo turn: on the random games tangle learning finishes within a few
//! hundred passes over the game (up to 139 on the five 10⁵-vertex games of the
//! benchmarks), where the rounds would also have paid the recursive variant's
//! share, half as much again. Where the recursive variant is the one that
//! finishes, its cost is [`SOLO_PASSES`] passes of tangle learning at most,
//! which on the counter families and Two Counters is a small part of the
//! whole (tangle learning's passes are cheap there). Counted in work (edges
//! looked at), not time: the same turn on every machine.
//!
//! Slices are of time, not of work: the two count work in units whose cost
//! differs tenfold from game to game. So which of the two finishes can differ
//! from one machine to another on games where both are close; the solution,
//! verified, is the same game's.
//!
//! # Complexity
//! Within `1 + r` times the faster of the two solvers (at most 3 with these
//! shares) plus a round, after [`SOLO_PASSES`] passes of tangle learning,
//! `O(SOLO_PASSES · (V + E))`.

use super::recursive_tangle::RecursiveTangleRun;
use super::tangle::TangleRun;
use super::tangles::Prepared;
use super::{Progress, Solution, SolverKind};
use crate::parity::ParityGame;
use web_time::Instant;

/// The solvers run in turn, in their order.
pub const MEMBERS: [SolverKind; 2] = [SolverKind::Tangle, SolverKind::RecursiveTangle];

/// Each member's share of a round: tangle learning gets twice the recursive
/// variant's time. On the random games too large for the solo turn the default
/// then needs about 1.5× the time of tangle learning alone instead of 2×, and
/// on Two Counters 3× the recursive variant's instead of 2×.
pub const SHARES: [f64; 2] = [2.0, 1.0];

/// A round's time for each solver, in seconds, before its share: at least
/// 5 ms, and 0.2 µs per vertex and edge, about four of tangle learning's
/// passes over the game natively, so that a turn does more than look at the
/// clock (a solver looks at it after about 10⁶ edges) and the runs switch a
/// few hundred times a second at most.
pub fn slice(game: &ParityGame) -> f64 {
    (5e-3f64).max(2e-7 * (game.len() + game.edge_count()) as f64)
}

/// Tangle learning's solo turn, in passes over the game: its work (edges
/// looked at) up to this many times the game's vertices and edges.
pub const SOLO_PASSES: u64 = 256;

/// The solo turn's work for `game`, in tangle learning's units (edges looked at).
pub fn solo_budget(game: &ParityGame) -> u64 {
    SOLO_PASSES * (game.len() + game.edge_count()) as u64
}

/// The members run side by side on a machine of several cores, most useful
/// first: as many as there are cores. The recursive variant finishes Oink's
/// counter families and Two Counters in milliseconds where the others need
/// minutes; Zielonka's algorithm is the fastest on the sparse random games
/// (3.5 s at 10⁶ vertices where tangle learning takes 11 s and the recursive
/// variant gives up past minutes); tangle learning wins some random games
/// of 10⁵ vertices by a few tenths of a second.
pub const SIDE_BY_SIDE: [SolverKind; 3] = [SolverKind::RecursiveTangle, SolverKind::Zielonka, SolverKind::Tangle];

/// Games smaller than this (vertices and edges, after the preprocessing) are
/// solved in turn on one thread even where there are several cores: their
/// solve takes less than starting threads.
pub const SIDE_BY_SIDE_FROM: usize = 5_000;

/// The members to run side by side on `game` for `solver`: natively, for the
/// portfolio on a game of [`SIDE_BY_SIDE_FROM`] or more on a machine of several
/// cores, the first [`SIDE_BY_SIDE`] members, one a core; `None` (one run on
/// this thread) otherwise, and always in the page's wasm (whose workers race
/// instead: the family's `members`).
pub fn side_by_side_members(solver: SolverKind, game: &ParityGame) -> Option<&'static [SolverKind]> {
    if solver != SolverKind::Portfolio || game.len() + game.edge_count() < SIDE_BY_SIDE_FROM {
        return None;
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        if cores > 1 {
            return Some(&SIDE_BY_SIDE[..cores.min(SIDE_BY_SIDE.len())]);
        }
    }
    None
}

/// One member's whole run: its kind, and where it reports and hears whether to go on.
#[cfg(not(target_arch = "wasm32"))]
pub type Member<'a, T> = dyn Fn(SolverKind, &mut dyn FnMut(Progress) -> bool) -> Option<T> + Sync + 'a;

/// Runs `run` once for each of `members`, the first on this thread and each
/// other on a thread of its own: the first to finish wins and stops the others
/// (each hears it at its next report, within
/// [`PROGRESS_EVERY`](super::PROGRESS_EVERY) edges). `progress` is called on
/// this thread at the first member's reports, every 50 ms at most, with the
/// work of all the members together; when it returns false every member stops
/// and the answer is `None`. The preprocessing runs once before
/// (`preprocess.rs`), and each member then solves every component in turn, so
/// a game cut into many small components starts one thread a member, not one
/// a component.
///
/// Why this thread runs a member rather than wait for them: on two cores a
/// waiting thread woke 4 ms late (the scheduler's slice) to hear that a member
/// had finished and to stop the others, most of a counter family's whole solve
/// at 1,000 (counter-dp 1,000: the winner done at 4.7 ms, the others told at
/// 8.6 ms). Now the winner itself stops the others, and no thread waits.
///
/// # Complexity
/// The fastest member's time with the machine's cores shared among the
/// members; memory, the sum of the members'.
#[cfg(not(target_arch = "wasm32"))]
pub fn side_by_side<T: Send>(
    members: &[SolverKind],
    run: &Member<'_, T>,
    progress: &mut dyn FnMut(Progress) -> bool,
) -> Option<(T, SolverKind)> {
    use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
    use std::sync::Mutex;
    let stop = AtomicBool::new(false);
    let work: Vec<AtomicU64> = members.iter().map(|_| AtomicU64::new(0)).collect();
    let solved = AtomicUsize::new(0);
    let winner: Mutex<Option<(T, SolverKind)>> = Mutex::new(None);
    // The first answer is kept, and every member told to stop.
    let finish = |answer: Option<T>, kind: SolverKind| {
        if let Some(answer) = answer {
            let mut first = winner.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            if first.is_none() {
                *first = Some((answer, kind));
            }
            stop.store(true, Relaxed);
        }
    };
    let mut cancelled = false;
    std::thread::scope(|scope| {
        for (k, &kind) in members.iter().enumerate().skip(1) {
            let (stop, work, solved, finish) = (&stop, &work, &solved, &finish);
            scope.spawn(move || {
                let answer = run(kind, &mut |p: Progress| {
                    work[k].store(p.work, Relaxed);
                    solved.fetch_max(p.solved, Relaxed);
                    !stop.load(Relaxed)
                });
                finish(answer, kind);
            });
        }
        let mut shown: Option<Instant> = None;
        let answer = run(members[0], &mut |p: Progress| {
            work[0].store(p.work, Relaxed);
            solved.fetch_max(p.solved, Relaxed);
            if !cancelled && shown.is_none_or(|t| t.elapsed().as_secs_f64() >= 0.05) {
                shown = Some(Instant::now());
                let now = Progress {
                    solved: solved.load(Relaxed),
                    work: work.iter().map(|w| w.load(Relaxed)).sum(),
                };
                if !progress(now) {
                    cancelled = true;
                    stop.store(true, Relaxed);
                }
            }
            !stop.load(Relaxed)
        });
        finish(answer, members[0]);
    });
    if cancelled {
        return None;
    }
    winner.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Solves `game` by tangle learning and recursive tangle learning in turn, on
/// this thread (see the [module](self)); `None` when `progress` returns false.
/// Also says which solver finished. Where several cores can race the members
/// (`side_by_side_members`), the preprocessing does so instead.
pub fn portfolio(game: &ParityGame, progress: &mut dyn FnMut(Progress) -> bool) -> Option<(Solution, SolverKind)> {
    // Renumbered once for both runs.
    let prepared = Prepared::new(game);
    let mut tangle = TangleRun::new(&prepared);
    // Each run's work so far: the progress shown is their sum.
    let mut work = [0u64; 2];
    let budget = solo_budget(game);
    let mut spent = false;
    let solo = tangle.resume(&mut |p: Progress| {
        work[0] = p.work;
        // The caller's Cancel first, as in the rounds.
        if !progress(p) {
            return false;
        }
        spent = p.work >= budget;
        !spent
    });
    match solo {
        Some(()) => return Some((tangle.solution(game, &prepared), SolverKind::Tangle)),
        None if !spent => return None,
        None => {}
    }
    // Built only now: tangle learning often finishes in its solo turn, and the
    // recursive run's arrays (one a vertex, one an edge) would be paid for nothing.
    let mut recursive = RecursiveTangleRun::new(&prepared);
    let slice = slice(game);
    loop {
        for (k, kind) in MEMBERS.into_iter().enumerate() {
            let mut over = false;
            let started = Instant::now();
            let mut inner = |p: Progress| {
                work[k] = p.work;
                // The caller's Cancel first: it must win over a slice's end.
                if !progress(Progress {
                    solved: p.solved,
                    work: work[0] + work[1],
                }) {
                    return false;
                }
                over = started.elapsed().as_secs_f64() > slice * SHARES[k];
                !over
            };
            let done = match kind {
                SolverKind::Tangle => tangle.resume(&mut inner).map(|()| true),
                _ => recursive.resume(&mut inner),
            };
            match done {
                Some(true) if kind == SolverKind::Tangle => return Some((tangle.solution(game, &prepared), kind)),
                Some(true) => return Some((recursive.solution(game, &prepared), kind)),
                // A pass that found nothing (never seen): tangle learning goes on alone.
                Some(false) => {
                    return tangle
                        .resume(progress)
                        .map(|()| (tangle.solution(game, &prepared), SolverKind::Tangle))
                }
                None if !over => return None,
                None => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parity::{generate, hard, verify};

    /// Each solver's bad family is finished by the other one, and verified.
    #[test]
    fn the_faster_solver_finishes_each_family() {
        // A small random game: tangle learning, first in turn, finishes within
        // its first slice (a fraction of a millisecond).
        let rn = generate::random(1000, 1000, 1, 2, true, 1).unwrap();
        let (s, kind) = portfolio(&rn, &mut |_| true).unwrap();
        assert!(verify::check(&rn, &s).is_ok());
        assert_eq!(kind, SolverKind::Tangle);
        // Tangle learning needs seconds on Two Counters 30 natively; the
        // recursive variant, about 10 ms.
        let tc = hard::two_counters(30).unwrap();
        let (s, kind) = portfolio(&tc, &mut |_| true).unwrap();
        assert_eq!(kind, SolverKind::RecursiveTangle);
        assert!(verify::check(&tc, &s).is_ok());
    }

    /// On the random game where the rounds cost most (10⁵ vertices, seed 3 of
    /// the benchmarks), tangle learning finishes within its solo turn: the
    /// default then does exactly its work, none of the recursive variant's.
    #[test]
    fn the_solo_turn_finishes_the_hardest_random_benchmark() {
        let game = generate::random(100_000, 100_000, 1, 2, true, 3).unwrap();
        let last_work = |kind: SolverKind| {
            let mut last = 0;
            let s = crate::parity::solve(&game, kind, &mut |p| {
                last = p.work;
                true
            })
            .unwrap();
            assert!(verify::check(&game, &s).is_ok());
            last
        };
        let alone = last_work(SolverKind::Tangle);
        assert!(alone < solo_budget(&game), "{alone} edges: more than the solo turn");
        // Reported every 2^20 edges: far more than that is seen before the end.
        assert!(alone > 8 * crate::parity::PROGRESS_EVERY);
        let mut last = 0;
        portfolio(&game, &mut |p| {
            last = p.work;
            true
        })
        .unwrap();
        assert_eq!(last, alone);
    }

    /// One turn of a run: whether it finished.
    type Resume<'a> = dyn FnMut(&mut dyn FnMut(Progress) -> bool) -> bool + 'a;

    /// A run stopped halfway goes on exactly where it was: it answers right
    /// (its solution verified) and its work is that of a run never stopped,
    /// so the portfolio's turns lose nothing.
    #[test]
    fn runs_stopped_and_resumed_lose_nothing() {
        let game = generate::random(100_000, 100_000, 1, 2, true, 2).unwrap();
        let prepared = Prepared::new(&game);
        // Stopped at the first report of each of its first three turns.
        let turns = |resume: &mut Resume| {
            let mut stops = 0;
            for _ in 0..3 {
                let mut first = true;
                if resume(&mut |_| !std::mem::take(&mut first)) {
                    return stops;
                }
                stops += 1;
            }
            assert!(resume(&mut |_| true), "a turn with no stop finishes");
            stops
        };
        let mut t = TangleRun::new(&prepared);
        let stops = turns(&mut |p| t.resume(p).is_some());
        assert!(stops > 0, "the game is large enough to be stopped");
        // A verified solution is the game's one solution (its regions are unique):
        // no run left alone is needed to compare with.
        assert!(verify::check(&game, &t.solution(&game, &prepared)).is_ok());
        let mut alone = TangleRun::new(&prepared);
        assert!(alone.resume(&mut |_| true).is_some());
        assert_eq!(t.work(), alone.work());
        let mut r = RecursiveTangleRun::new(&prepared);
        let stops = turns(&mut |p| r.resume(p) == Some(true));
        assert!(stops > 0, "the game is large enough to be stopped");
        assert!(verify::check(&game, &r.solution(&game, &prepared)).is_ok());
        let mut alone = RecursiveTangleRun::new(&prepared);
        assert_eq!(alone.resume(&mut |_| true), Some(true));
        assert_eq!(r.work(), alone.work());
    }

    #[test]
    fn a_cancelled_run_returns_nothing() {
        // Large enough that each solver reports progress before it finishes.
        let game = generate::random(200_000, 100, 2, 5, true, 3).unwrap();
        assert!(portfolio(&game, &mut |_| false).is_none());
        assert!(side_by_side(
            &SIDE_BY_SIDE,
            &|kind, p| crate::parity::solve(&game, kind, p),
            &mut |_| false
        )
        .is_none());
    }

    /// Side by side, the first member to finish answers, verified, and stops
    /// the others: on Two Counters the recursive variant, well before
    /// Zielonka's algorithm or tangle learning would; on a random game, the
    /// same regions as every member alone.
    #[test]
    fn side_by_side_the_first_to_finish_answers() {
        let tc = hard::two_counters(30).unwrap();
        let (s, kind) = side_by_side(&SIDE_BY_SIDE, &|k, p| crate::parity::solve(&tc, k, p), &mut |_| true).unwrap();
        assert_eq!(kind, SolverKind::RecursiveTangle);
        assert!(verify::check(&tc, &s).is_ok());
        let rn = generate::random(100_000, 100_000, 1, 2, true, 2).unwrap();
        let (s, _) = side_by_side(&SIDE_BY_SIDE, &|k, p| crate::parity::solve(&rn, k, p), &mut |p| {
            assert!(p.solved <= rn.len());
            true
        })
        .unwrap();
        assert!(verify::check(&rn, &s).is_ok());
        let alone = crate::parity::solve(&rn, SolverKind::Zielonka, &mut |_| true).unwrap();
        assert_eq!(s.winner, alone.winner);
        // A small game takes turns on this thread, whatever the cores; so does any other solver.
        let small = generate::random(1000, 1000, 1, 2, true, 1).unwrap();
        assert!(side_by_side_members(SolverKind::Portfolio, &small).is_none());
        assert!(side_by_side_members(SolverKind::Zielonka, &rn).is_none());
    }

    /// A Cancel while the members run stops them all: the call returns
    /// promptly instead of waiting for the slowest (Zielonka's algorithm on
    /// Two Counters 60 would take minutes).
    #[test]
    fn a_cancel_side_by_side_stops_every_member() {
        let tc = hard::two_counters(60).unwrap();
        let mut calls = 0;
        let run = |k, p: &mut dyn FnMut(Progress) -> bool| crate::parity::solve(&tc, k, p);
        assert!(
            side_by_side(&[SolverKind::Zielonka, SolverKind::Tangle], &run, &mut |_| {
                calls += 1;
                calls < 3
            })
            .is_none()
        );
        assert_eq!(calls, 3);
    }
}
