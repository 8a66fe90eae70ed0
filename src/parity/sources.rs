//! Where a parity game comes from, one line each: the `source` key's value,
//! what the page's menu calls it (both languages), a word beside its keys, the
//! link keys it reads, how it is built from them, and how many vertices a
//! family of size n has. The enum, the link's values and keys, the page's
//! menu and form and the CLI's `--source` come from this list; a generator is
//! its function and its line here (and, if some solver is slow on it, a
//! sentence of growth in `family.rs`'s cost).

use super::report::ParityKeys;
use super::{generate, hard, pgformat, ParityGame};
use crate::toolkit::{Error, Label, UsedKey, Uses};

/// Writes [`ParitySource`] and its lists from one line per source.
macro_rules! parity_sources {
    ($(
        $(#[$attr:meta])* $variant:ident = $name:literal, $label:expr, $hint:expr,
            keys [$($key:literal),*], build |$k:ident| $build:expr, vertices |$n:ident| $vertices:expr;
    )*) => {
        /// Where a parity game comes from (`source`): typed in PGSolver's
        /// format, or one of the generators (PGSolver's, Friedmann's, Oink's).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum ParitySource {
            $($(#[$attr])* $variant,)*
        }

        impl ParitySource {
            /// Every source, in menu order.
            pub const ALL: [ParitySource; [$($name),*].len()] = [$(ParitySource::$variant),*];
            /// Their link names.
            pub const NAMES: [&'static str; [$($name),*].len()] = [$($name),*];
            /// What the page's menu calls them.
            pub const LABELS: [Label; [$($name),*].len()] = [$($label),*];
            /// The word the page shows beside each one's keys (empty: none).
            pub const HINTS: [Label; [$($name),*].len()] = [$($hint),*];
            /// The link keys each one reads, which the link writes and the form shows.
            pub const USES: [Uses; [$($name),*].len()] = [$(Uses {
                value: $name,
                keys: &[$(UsedKey::form($key)),*],
            }),*];

            /// The vertices of the game a family of size `n` has (None for the others).
            pub fn vertices_of_size(self, n: u64) -> Option<u64> {
                match self {
                    $(ParitySource::$variant => {
                        let $n = n;
                        $vertices
                    })*
                }
            }

            /// The game the keys say.
            ///
            /// # Errors
            /// The parser's or the generator's error, naming the key at fault.
            pub fn build(self, keys: &ParityKeys) -> Result<ParityGame, Error> {
                match self {
                    $(ParitySource::$variant => {
                        let $k = keys;
                        $build
                    })*
                }
            }
        }
    };
}

parity_sources! {
    /// The `pg` key: a game in PGSolver's format.
    Typed = "typed", Label::new("typed or loaded (.pg)", "saisi ou chargé (.pg)"), Label::new("", ""),
        keys ["pg"], build |k| pgformat::typed(&k.pg), vertices |_n| None;
    /// `randomgame N P L H`, seeded.
    Random = "random", Label::new("random (PGSolver’s randomgame)", "aléatoire (randomgame de PGSolver)"), Label::new("", ""),
        keys ["vertices", "priorities", "min-degree", "max-degree", "seed"],
        build |k| generate::random(k.vertices, k.priorities, k.min_degree, k.max_degree, true, k.seed),
        vertices |_n| None;
    /// `laddergame n`.
    Ladder = "ladder", Label::new("ladder", "échelle"), Label::new("2n vertices.", "2n sommets."),
        keys ["size"], build |k| generate::ladder(k.size), vertices |n| Some(2 * n);
    /// `jurdzinskigame h w`.
    Jurdzinski = "jurdzinski", Label::new("Jurdziński’s game", "jeu de Jurdziński"), Label::new("", ""),
        keys ["levels", "breadth"], build |k| generate::jurdzinski(k.levels, k.breadth), vertices |_n| None;
    /// Friedmann's `recursiveladder n`.
    RecursiveLadder = "recursive-ladder",
        Label::new("Friedmann’s recursive ladder", "échelle récursive de Friedmann"),
        Label::new(
            "5n vertices; Zielonka’s algorithm takes exponential time on this family.",
            "5n sommets ; l’algorithme de Zielonka prend un temps exponentiel sur cette famille.",
        ),
        keys ["size"], build |k| generate::recursive_ladder(k.size), vertices |n| Some(5 * n);
    /// Oink's `counter_rr N` ([`hard`]).
    CounterRr = "counter-rr",
        Label::new("Oink’s counter_rr (against Zielonka’s algorithm)", "counter_rr d’Oink (contre l’algorithme de Zielonka)"),
        OINK,
        keys ["size"], build |k| hard::counter_rr(k.size), vertices |n| Some(4 * n);
    /// Oink's `counter_dp N`.
    CounterDp = "counter-dp",
        Label::new("Oink’s counter_dp (against priority promotion)", "counter_dp d’Oink (contre la promotion de priorités)"),
        OINK,
        keys ["size"], build |k| hard::counter_dp(k.size), vertices |n| Some(4 * n + 4);
    /// Oink's `counter_m N`.
    CounterM = "counter-m", Label::new("Oink’s counter_m", "counter_m d’Oink"), OINK,
        keys ["size"], build |k| hard::counter_m(k.size), vertices |n| Some(3 * n + 3);
    /// Oink's `counter_qpt N`.
    CounterQpt = "counter-qpt",
        Label::new(
            "Oink’s counter_qpt (against the quasi-polynomial algorithms)",
            "counter_qpt d’Oink (contre les algorithmes quasi polynomiaux)",
        ),
        OINK,
        keys ["size"], build |k| hard::counter_qpt(k.size), vertices |n| Some(2 * n);
    /// Oink's `counter_core N`.
    CounterCore = "counter-core", Label::new("Oink’s counter_core", "counter_core d’Oink"), OINK,
        keys ["size"], build |k| hard::counter_core(k.size), vertices |n| Some(6 * n + 3);
    /// Oink's `tc N`, Two Counters.
    TwoCounters = "two-counters",
        Label::new("Oink’s Two Counters (against every solver here)", "Two Counters d’Oink (contre tous les solveurs d’ici)"),
        OINK,
        keys ["size"], build |k| hard::two_counters(k.size), vertices |n| Some(3 * n * n + 5 * n);
}

/// The word beside the size of Oink's families.
const OINK: Label = Label::new(
    "A game Tom van Dijk built to defeat particular solvers (Oink’s tools): tangle learning solves the counter families at once.",
    "Un jeu que Tom van Dijk a construit pour mettre en échec certains solveurs (les outils d’Oink) : l’apprentissage d’enchevêtrements résout aussitôt les familles counter.",
);

impl ParitySource {
    /// The value of the `source` key.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// Whether the family is one of the games built to defeat solvers: Oink's
    /// counter families and Two Counters.
    pub fn is_counter(self) -> bool {
        matches!(
            self,
            ParitySource::CounterRr
                | ParitySource::CounterDp
                | ParitySource::CounterM
                | ParitySource::CounterQpt
                | ParitySource::CounterCore
                | ParitySource::TwoCounters
        )
    }
}
