//! The parity solvers, one line each (as Oink's `solvers.cpp` registers its
//! own): the link's name, the label the page's menu shows, the solver's
//! function, and its time on the sparse random games that separate solvers.
//! [`SolverKind`], the `solver` key's values, the dispatch and the page's
//! labels are made from the list; each solver is its own file.

use super::{portfolio, promotion, recursive_tangle, spm, tangle, zielonka};
use super::{ParityGame, Progress, Solution};
use crate::toolkit::Label;
use serde::Serialize;

/// Where a solver reports its progress, and hears whether to go on.
type Reports<'a> = &'a mut dyn FnMut(Progress) -> bool;

/// How a solver runs: alone, or choosing among others (the portfolio says
/// which of its members finished).
enum Run {
    Alone(fn(&ParityGame, Reports) -> Option<Solution>),
    Chooses(fn(&ParityGame, Reports) -> Option<(Solution, SolverKind)>),
}

/// What a solver takes on a sparse random game of 10⁶ vertices with
/// priorities up to 10⁵ or more (the family that separates solvers; it grows
/// about as N^2.5: `family.rs`), measured in the page or natively.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RandomCost {
    /// Seconds at 10⁶ vertices, and whether that is a time seen to finish
    /// (false: what it took to give up on).
    Seconds(f64, bool),
    /// Its members' (the portfolio).
    Members,
}

macro_rules! parity_solvers {
    ($($(#[$doc:meta])* $variant:ident = $name:literal, $label:expr, $run:expr, $random:expr;)*) => {
        /// The solvers, by the names the CLI and the link use, in the menu's order.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum SolverKind {
            $($(#[$doc])* $variant,)*
        }

        impl SolverKind {
            /// Every solver, in the menu's order.
            pub const ALL: [SolverKind; [$($name),*].len()] = [$(SolverKind::$variant),*];

            /// The name the CLI and the link use.
            pub const fn name(self) -> &'static str {
                match self { $(SolverKind::$variant => $name),* }
            }

            /// What the page's menu calls it.
            pub const fn label(self) -> Label {
                match self { $(SolverKind::$variant => $label),* }
            }

            /// Its time on the sparse random games.
            pub const fn random_cost(self) -> RandomCost {
                match self { $(SolverKind::$variant => $random),* }
            }

            fn run(self) -> Run {
                match self { $(SolverKind::$variant => $run),* }
            }
        }

        /// The `solver` key's values, in the menu's order.
        pub const SOLVERS: [&str; [$($name),*].len()] = [$($name),*];
        /// What the menu calls them, in the same order.
        pub const LABELS: [Label; [$($name),*].len()] = [$($label),*];
    };
}

parity_solvers! {
    /// The default: recursive tangle learning, Zielonka's algorithm and tangle
    /// learning side by side on the machine's cores, or tangle learning and
    /// its recursive variant in turn on one, until one finishes ([`portfolio`](mod@portfolio)).
    Portfolio = "portfolio",
        Label::new(
            "the first of several solvers to finish (side by side on every core, in turn on one)",
            "le premier de plusieurs solveurs à finir (côte à côte sur chaque cœur, tour à tour sur un seul)",
        ),
        Run::Chooses(portfolio::portfolio), RandomCost::Members;
    /// Priority promotion: quasi-dominions promoted to higher priorities.
    Promotion = "promotion", Label::new("priority promotion", "promotion de priorités"),
        Run::Alone(promotion::promotion), RandomCost::Seconds(200.0, true);
    /// Tangle learning: strongly connected winning pieces learned and attracted whole.
    Tangle = "tangle", Label::new("tangle learning", "apprentissage d’enchevêtrements"),
        Run::Alone(tangle::tangle), RandomCost::Seconds(60.0, true);
    /// Recursive tangle learning: tangles also looked for inside the regions
    /// that leak, and below each closed region's top (Oink's rtl).
    RecursiveTangle = "recursive-tangle",
        Label::new("recursive tangle learning", "apprentissage récursif d’enchevêtrements"),
        Run::Alone(recursive_tangle::recursive_tangle), RandomCost::Seconds(300.0, false);
    /// Zielonka's recursive algorithm: exponential on some families (Friedmann's
    /// recursive ladder), fast on most games, and the one the course steps through.
    Zielonka = "zielonka", Label::new("Zielonka’s recursive algorithm", "algorithme récursif de Zielonka"),
        Run::Alone(zielonka::zielonka), RandomCost::Seconds(28.0, true);
    /// Small progress measures (Jurdziński 2000): each vertex's measure lifted
    /// until none can be; Odd wins where a measure reaches the top.
    Spm = "spm", Label::new("small progress measures", "petites mesures de progrès"),
        Run::Alone(spm::spm), RandomCost::Seconds(f64::INFINITY, false);
}

/// Solves `game` with `solver`, saying which solver finished (the portfolio's
/// choice; any other solver names itself); `None` when `progress` stopped it.
pub(super) fn run(
    game: &ParityGame,
    solver: SolverKind,
    progress: &mut dyn FnMut(Progress) -> bool,
) -> Option<(Solution, SolverKind)> {
    match solver.run() {
        Run::Alone(solve) => solve(game, progress).map(|s| (s, solver)),
        Run::Chooses(solve) => solve(game, progress),
    }
}
