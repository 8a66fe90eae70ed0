//! Parity games, the chapter after attractors (seed 004): each vertex has a
//! priority; an infinite play is won by Even when the largest priority seen
//! infinitely often is even, by Odd otherwise. Parity games are determined with
//! positional strategies, so a solution is a partition of the vertices into the
//! two winning regions and one move per vertex its winner owns.
//!
//! * [`game`]: the game; [`pgformat`]: PGSolver's file format, games and solutions.
//! * [`zielonka`](mod@zielonka): Zielonka's recursive algorithm with Oink's
//!   bookkeeping; [`walk`]: the same recursion one priority a call, recorded
//!   for the page, built from attractors ([`attractor`](mod@attractor), the
//!   arena's backward algorithm on a subgame).
//! * [`promotion`]: priority promotion (Benerecetti, Dell'Erba, Mogavero 2016),
//!   the modern solver.
//! * [`tangle`](mod@tangle): tangle learning (van Dijk 2018), the one with no
//!   time-outs on the random games that separate solvers;
//!   [`recursive_tangle`](mod@recursive_tangle): its recursive variant (Oink's
//!   rtl), which also looks inside the regions it cannot use whole.
//! * [`spm`](mod@spm): small progress measures (Jurdziński 2000), the
//!   textbook's measure-lifting solver.
//! * [`solvers`]: the list of solvers, one line each, that the link, the CLI,
//!   the page's menu and the dispatch are made from.
//! * [`portfolio`](mod@portfolio): the default, tangle learning and its
//!   recursive variant in turn with doubling slices of time, each run
//!   resumed where it stopped (never far behind the faster).
//! * [`scc`](mod@scc): any solver run component by component, bottom-up
//!   (Oink's `--scc`), one-parity components won at once;
//!   [`preprocess`]: Oink's preprocessing (one parity, self-loops,
//!   winner-controlled winning cycles, compression), each step switchable,
//!   then the solver: the entry of the CLI and the page.
//! * [`verify`](mod@verify): checks any claimed solution.
//! * [`generate`]: PGSolver's random games, ladders, Jurdziński's games and
//!   Friedmann's recursive ladders; [`hard`]: Oink's games built against
//!   particular solvers (the counter families, Two Counters).
//! * [`scenario`]: the link's keys; [`report`]: what the page's view shows.

pub mod attractor;
mod family;
pub mod game;
pub mod generate;
pub mod hard;
pub mod pgformat;
pub mod portfolio;
pub mod preprocess;
pub mod promotion;
pub mod recursive_tangle;
pub mod report;
pub mod scc;
pub mod scenario;
pub mod solvers;
mod sources;
pub mod spm;
pub mod tangle;
mod tangles;
pub mod verify;
pub mod walk;
pub mod zielonka;

pub use family::{ParityGames, MEMBERS_FROM_SECONDS, MEMBERS_MEGABYTES};
pub use game::{Parity, ParityGame};
pub use solvers::{RandomCost, SolverKind};
pub use sources::ParitySource;
pub use verify::verify;

use serde::Serialize;

/// "No move": a vertex its winner does not own.
pub const NO_MOVE: u32 = u32::MAX;

/// How far a solve has come, for the page's progress line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Progress {
    /// Vertices whose winner is known for good.
    pub solved: usize,
    /// Edges looked at so far (the work, in the unit both solvers share).
    pub work: u64,
}

/// How often, in edges looked at, a solver reports progress: a member of the
/// portfolio run side by side hears at its next report that another finished,
/// so this is also how long the losers go on (2^20 edges: about 10 ms, most of
/// a counter family's whole solve).
pub const PROGRESS_EVERY: u64 = 1 << 16;

/// A solved game: each vertex's winner and, where the winner moves, its move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The winner of each vertex.
    pub winner: Vec<Parity>,
    /// `strategy[v]`: the move at `v` when `v`'s winner owns it, else [`NO_MOVE`].
    pub moves: Vec<u32>,
}

impl Solution {
    /// The winner's move at `v`, if its winner owns it.
    pub fn strategy(&self, v: usize) -> Option<u32> {
        (self.moves[v] != NO_MOVE).then_some(self.moves[v])
    }

    /// The vertices `player` wins, in increasing order.
    pub fn region(&self, player: Parity) -> Vec<u32> {
        (0..self.winner.len() as u32)
            .filter(|&v| self.winner[v as usize] == player)
            .collect()
    }

    /// Keeps the moves of winner-owned vertices only.
    pub(crate) fn tidy(mut self, game: &ParityGame) -> Solution {
        for v in 0..game.len() {
            if game.owner(v) != self.winner[v] {
                self.moves[v] = NO_MOVE;
            }
        }
        self
    }
}

/// Solves `game` with `solver`; `progress` is called now and then and stops the
/// solve (`None`) when it returns false.
///
/// ```
/// use ludolab::parity::{generate, solve, verify, SolverKind};
/// let game = generate::recursive_ladder(6).unwrap();
/// for kind in SolverKind::ALL {
///     let s = solve(&game, kind, &mut |_| true).unwrap();
///     assert!(verify::check(&game, &s).is_ok());
/// }
/// ```
pub fn solve(game: &ParityGame, solver: SolverKind, progress: &mut dyn FnMut(Progress) -> bool) -> Option<Solution> {
    solve_by(game, solver, progress).map(|(s, _)| s)
}

/// [`solve`], also saying which solver finished (the portfolio's choice; any
/// other solver names itself).
pub fn solve_by(
    game: &ParityGame,
    solver: SolverKind,
    progress: &mut dyn FnMut(Progress) -> bool,
) -> Option<(Solution, SolverKind)> {
    solvers::run(game, solver, progress)
}
