//! The default solver: tangle learning and priority promotion in turn, each
//! run given a budget of work (edges looked at) that grows fourfold from one
//! round to the next, until one of them finishes.
//!
//! Why: each of the two loses badly somewhere and wins elsewhere (BENCHMARKS.md,
//! "Parity games at the frontier"): priority promotion needs over 30 s on Oink's
//! counter families and a minute on some random games of the family that
//! separates solvers, where tangle learning takes milliseconds to two seconds;
//! tangle learning needs 22 s on Two Counters 14, which promotion solves in
//! 0.14 s. Run in turn with growing budgets, the pair is never much slower than
//! the faster of the two: if the faster one needs `w`, it finishes in a round
//! whose budget is under `4w`, after rounds whose budgets sum to under `4w/3`
//! for each solver, so the whole run stays within about `2 · (4 + 4/3) · w`
//! ≈ `11w` at worst and within `2w` when the faster one needs less than the
//! first budget; measured, the factor is far smaller (BENCHMARKS.md).
//!
//! # Complexity
//! Within a constant factor of the faster of the two solvers.

use super::{promotion, tangle, Progress, Solution, SolverKind};
use crate::parity::ParityGame;

/// The first round's budget, in edges looked at (a few milliseconds).
pub const FIRST_BUDGET: u64 = 1 << 22;

/// Solves `game` by tangle learning and priority promotion in turn (see the
/// [module](self)); `None` when `progress` returns false. Also says which
/// solver finished.
pub fn portfolio(game: &ParityGame, progress: &mut dyn FnMut(Progress) -> bool) -> Option<(Solution, SolverKind)> {
    let mut budget = FIRST_BUDGET;
    // The work of the rounds before, so that the progress shown keeps growing.
    let mut spent = 0u64;
    loop {
        for kind in [SolverKind::Tangle, SolverKind::Promotion] {
            let mut over = false;
            let mut seen = 0;
            let mut inner = |p: Progress| {
                seen = p.work;
                if p.work > budget {
                    over = true;
                    return false;
                }
                progress(Progress {
                    solved: p.solved,
                    work: spent + p.work,
                })
            };
            let found = match kind {
                SolverKind::Tangle => tangle::tangle(game, &mut inner),
                _ => promotion::promotion(game, &mut inner),
            };
            if let Some(solution) = found {
                return Some((solution, kind));
            }
            if !over {
                // Stopped by the caller, not by the budget.
                return None;
            }
            spent += seen;
        }
        budget = budget.saturating_mul(4);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parity::{hard, verify};

    /// Each solver's bad family is finished by the other one, and verified.
    #[test]
    fn the_faster_solver_finishes_each_family() {
        // Promotion needs over 20 s on counter_rr 300; tangle learning, milliseconds.
        let rr = hard::counter_rr(300).unwrap();
        let (s, kind) = portfolio(&rr, &mut |_| true).unwrap();
        assert_eq!(kind, SolverKind::Tangle);
        assert!(verify::check(&rr, &s).is_ok());
        // Tangle learning needs about 1 s on Two Counters 12 natively; promotion, 0.03 s.
        let tc = hard::two_counters(12).unwrap();
        let (s, kind) = portfolio(&tc, &mut |_| true).unwrap();
        assert_eq!(kind, SolverKind::Promotion);
        assert!(verify::check(&tc, &s).is_ok());
    }

    #[test]
    fn a_cancelled_run_returns_nothing() {
        let tc = hard::two_counters(12).unwrap();
        assert!(portfolio(&tc, &mut |_| false).is_none());
    }
}
