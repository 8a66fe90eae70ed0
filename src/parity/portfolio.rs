//! The default solver: tangle learning and recursive tangle learning in turn,
//! each run given a slice of time that grows fourfold from one round to the
//! next, until one of them finishes.
//!
//! Why: each of the two loses somewhere and wins elsewhere (BENCHMARKS.md,
//! "Parity games at the frontier"): on the random games that separate solvers
//! tangle learning takes 0.3–1.3 s where the recursive variant takes up to
//! 2.2 s; on Oink's counter families at 10,000 and on Two Counters, which van
//! Dijk built against tangle learning, the recursive variant takes
//! milliseconds to a second where tangle learning runs for minutes. Priority
//! promotion and Zielonka's algorithm each lose by minutes somewhere the two
//! tangle learners do not. Run in turn with growing slices, the pair is never
//! much slower than the faster of the two: if the faster one needs `t`, it
//! finishes in a round whose slice is under `4t`, after rounds whose slices
//! sum to under `4t/3` for each solver, so the whole run stays within about
//! `2 · (4 + 4/3) · t` ≈ `11t` at worst; measured, the factor is 1.5 to 3.
//!
//! Slices are of time, not of work: the two count work in units whose cost
//! differs tenfold from game to game, and a budget of work let the slower one
//! run far longer than its share. So which of the two finishes can differ
//! from one machine to another on games where both are close; the solution,
//! verified, is the same game's.
//!
//! # Complexity
//! Within a constant factor of the faster of the two solvers.

use super::tangles::Prepared;
use super::{recursive_tangle, tangle, Progress, Solution, SolverKind};
use crate::parity::ParityGame;
use web_time::Instant;

/// The solvers run in turn, in their order.
pub const MEMBERS: [SolverKind; 2] = [SolverKind::Tangle, SolverKind::RecursiveTangle];

/// The first round's time for each solver, in seconds: at least 5 ms, and
/// 0.2 µs per vertex and edge, about four of tangle learning's passes over the
/// game natively, since no slice shorter than a pass can finish anything (a
/// solver looks at the clock between regions, after about 10⁶ edges).
pub fn first_slice(game: &ParityGame) -> f64 {
    (5e-3f64).max(2e-7 * (game.len() + game.edge_count()) as f64)
}

/// The first round's budget, in edges looked at (a few milliseconds).
pub const FIRST_BUDGET: u64 = 1 << 22;

/// Solves `game` by tangle learning and recursive tangle learning in turn (see the
/// [module](self)); `None` when `progress` returns false. Also says which
/// solver finished.
pub fn portfolio(game: &ParityGame, progress: &mut dyn FnMut(Progress) -> bool) -> Option<(Solution, SolverKind)> {
    // Renumbered once for every run of either solver.
    let prepared = Prepared::new(game);
    let mut slice = first_slice(game);
    // The work of the rounds before, so that the progress shown keeps growing.
    let mut spent = 0u64;
    loop {
        for kind in MEMBERS {
            let mut over = false;
            let mut seen = 0;
            let started = Instant::now();
            let mut inner = |p: Progress| {
                seen = p.work;
                // The caller's Cancel first: it must win over a slice's end.
                if !progress(Progress {
                    solved: p.solved,
                    work: spent + p.work,
                }) {
                    return false;
                }
                over = started.elapsed().as_secs_f64() > slice;
                !over
            };
            let found = match kind {
                SolverKind::Tangle => tangle::tangle_prepared(game, &prepared, &mut inner),
                _ => recursive_tangle::recursive_tangle_prepared(game, &prepared, &mut inner),
            };
            if let Some(solution) = found {
                return Some((solution, kind));
            }
            if !over {
                // Stopped by the caller, not by the slice.
                return None;
            }
            spent += seen;
        }
        slice *= 4.0;
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

    #[test]
    fn a_cancelled_run_returns_nothing() {
        // Large enough that each solver reports progress before it finishes.
        let game = generate::random(200_000, 100, 2, 5, true, 3).unwrap();
        assert!(portfolio(&game, &mut |_| false).is_none());
    }
}
