//! A parity link: the game's `source` (`typed` with `pg`, or a generator with
//! its values), the `solver`, and the `step` of Zielonka's recursion shown.

use super::game::MAX_PRIORITY;
use super::generate::{MAX_DEGREE, MAX_JURDZINSKI, MAX_LADDER, MAX_RANDOM_VERTICES};
use super::report::{ParityKeys, EXAMPLE_PG};
use super::{pgformat, ParitySource, SolverKind};
use crate::toolkit::{field, Error, Field, Label, Params};

/// The solvers in the menu's order (the default first): the names are [`SolverKind`]'s.
pub use super::solvers::SOLVERS;
/// Longest parity game typed or loaded in the page, in characters (a link carries it).
pub const MAX_PG_TEXT: usize = 100_000;
/// Most vertices of a generated parity game in the page (the command line
/// reaches [`MAX_RANDOM_VERTICES`]: every key's flag reaches what the generators
/// take, and the page's limits below are its own).
pub const MAX_PAGE_PARITY: u64 = 1_000_000;
/// Largest `n` of a (recursive) ladder in the page.
pub const MAX_PAGE_LADDER: u64 = 100_000;
/// Largest size of Two Counters in the page (68,250 vertices; recursive
/// tangle learning takes about 6 s natively there, twice that in a browser;
/// the other solvers take minutes from about 20).
pub const MAX_PAGE_TWO_COUNTERS: u64 = 150;
/// Largest height and width of Jurdziński's games in the page.
pub const MAX_PAGE_JURDZINSKI: u64 = 300;
/// Largest step of the recursion a link may name.
pub const MAX_STEP: u64 = 10_000_000;

/// The keys of a parity link, in link order.
pub const FIELDS: &[Field] = &[
    Field::choice(
        "source",
        Label::new("Parity game", "Jeu de parité"),
        &ParitySource::NAMES,
    )
    .labelled(&ParitySource::LABELS)
    .hinted(&ParitySource::HINTS)
    .using(&ParitySource::USES),
    Field::text(
        "pg",
        Label::new("The game (PGSolver's format)", "Le jeu (format de PGSolver)"),
        MAX_PG_TEXT,
        &[
            EXAMPLE_PG,
            "parity 0;\n0 0 0 0;\n",
            "parity 1;\n0 1 0 1;\n1 2 1 0,1;\n",
            "parity 2;\n0 3 1 0,1;\n1 2 0 2;\n2 1 1 1,2;\n",
        ],
    ),
    Field::whole("vertices", Label::new("Vertices", "Sommets"), 1, MAX_PAGE_PARITY).reaching(MAX_RANDOM_VERTICES),
    Field::whole(
        "priorities",
        Label::new("Highest priority", "Plus grande priorité"),
        0,
        MAX_PAGE_PARITY,
    )
    .reaching(MAX_PRIORITY as u64),
    Field::whole(
        "min-degree",
        Label::new("Fewest successors", "Successeurs, au moins"),
        1,
        MAX_DEGREE,
    ),
    Field::whole(
        "max-degree",
        Label::new("Most successors", "Successeurs, au plus"),
        1,
        MAX_DEGREE,
    ),
    Field::whole("seed", Label::new("Seed", "Graine"), 0, u32::MAX as u64),
    Field::whole(
        "size",
        Label::new("n (the family's size)", "n (taille de la famille)"),
        1,
        MAX_PAGE_LADDER,
    )
    .reaching(MAX_LADDER),
    Field::whole(
        "levels",
        Label::new("Height h (Jurdziński)", "Hauteur h (Jurdziński)"),
        0,
        MAX_PAGE_JURDZINSKI,
    )
    .reaching(MAX_JURDZINSKI),
    Field::whole(
        "breadth",
        Label::new("Width w (Jurdziński)", "Largeur w (Jurdziński)"),
        0,
        MAX_PAGE_JURDZINSKI,
    )
    .reaching(MAX_JURDZINSKI),
    Field::choice("solver", Label::new("Solver", "Solveur"), &SOLVERS).labelled(&super::solvers::LABELS),
    Field::whole("step", Label::new("Step", "Étape"), 0, MAX_STEP),
];

/// One parity view.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Scenario {
    /// The game's source, its generator's values and the solver.
    pub keys: ParityKeys,
    /// Up to which call of Zielonka's recursion the page shows (the last when absent).
    pub step: Option<u32>,
}

crate::link_scenario!(Scenario);

impl Scenario {
    /// Reads a parity link's keys; a typed game is parsed here (its errors
    /// name `pg`), a generator's keys are checked together (the game is built
    /// by the report).
    ///
    /// # Errors
    /// The first key at fault.
    pub fn parse(params: &mut Params) -> Result<Self, Error> {
        let f = |key| field(FIELDS, key);
        let mut s = Scenario::default();
        let k = &mut s.keys;
        if let Some(v) = params.choice(f("source"), &ParitySource::ALL, ParitySource::name)? {
            k.source = v;
        }
        if let Some(v) = params.text(f("pg"))? {
            k.pg = v;
        }
        for (key, slot) in [
            ("vertices", &mut k.vertices),
            ("priorities", &mut k.priorities),
            ("min-degree", &mut k.min_degree),
            ("max-degree", &mut k.max_degree),
            ("seed", &mut k.seed),
            ("size", &mut k.size),
            ("levels", &mut k.levels),
            ("breadth", &mut k.breadth),
        ] {
            if let Some(v) = params.whole(f(key))? {
                *slot = v;
            }
        }
        if let Some(v) = params.choice(f("solver"), &SolverKind::ALL, SolverKind::name)? {
            k.solver = v;
        }
        if let Some(step) = params.whole(f("step"))? {
            s.step = Some(step as u32);
        }
        s.check(params.is_command_line())?;
        Ok(s)
    }

    /// The keys checked together; the page's own limits (its edges, Two
    /// Counters' size) not for the command line, whose generators check theirs.
    fn check(&self, command_line: bool) -> Result<(), Error> {
        let k = &self.keys;
        match k.source {
            ParitySource::Typed => {
                pgformat::typed(&k.pg)?;
            }
            ParitySource::Random => {
                if k.min_degree > k.max_degree {
                    return Err(Error::Conflict {
                        key: "min-degree",
                        message: text!(
                            "the fewest successors ({}) exceed the most ({})",
                            "le nombre minimal de successeurs ({}) dépasse le maximal ({})",
                            k.min_degree,
                            k.max_degree
                        ),
                    });
                }
                if k.max_degree > k.vertices {
                    return Err(Error::Conflict {
                        key: "max-degree",
                        message: text!(
                            "{} distinct {{successor|successors}} need at least {} {{vertex|vertices}} (there are {})",
                            "{} {{successeur distinct demande|successeurs distincts demandent}} au moins {} {{sommet|sommets}} (il y en a {})",
                            k.max_degree,
                            k.max_degree,
                            k.vertices
                        ),
                    });
                }
                let edges = k.vertices * k.max_degree;
                let most = 10 * MAX_PAGE_PARITY;
                if edges > most && !command_line {
                    return Err(Error::Conflict {
                        key: "max-degree",
                        message: text!(
                            "{} vertices with up to {} successors: up to {} edges, more than the page's {}",
                            "{} sommets jusqu'à {} successeurs : jusqu'à {} arcs, plus que les {} de la page",
                            k.vertices,
                            k.max_degree,
                            edges,
                            most
                        ),
                    });
                }
            }
            ParitySource::TwoCounters if k.size > MAX_PAGE_TWO_COUNTERS && !command_line => {
                return Err(Error::Conflict {
                    key: "size",
                    message: text!(
                        "Two Counters of size {} has {} vertices; the page takes sizes up to {} (the command line goes further)",
                        "Two Counters de taille {} a {} sommets ; la page prend les tailles jusqu'à {} (la ligne de commande va plus loin)",
                        k.size,
                        3 * k.size * k.size + 5 * k.size,
                        MAX_PAGE_TWO_COUNTERS
                    ),
                });
            }
            _ => {}
        }
        Ok(())
    }

    /// The link's pairs: the source, its own keys, the solver, then `step`.
    pub fn write(&self) -> Vec<(&'static str, String)> {
        let k = &self.keys;
        let mut out = vec![("source", k.source.name().to_string())];
        // The keys the source reads (its line in `sources.rs`), in link order.
        for used in field(FIELDS, "source").keys_of(k.source.name()) {
            let value = match used.key {
                "pg" => k.pg.clone(),
                "vertices" => k.vertices.to_string(),
                "priorities" => k.priorities.to_string(),
                "min-degree" => k.min_degree.to_string(),
                "max-degree" => k.max_degree.to_string(),
                "seed" => k.seed.to_string(),
                "size" => k.size.to_string(),
                "levels" => k.levels.to_string(),
                "breadth" => k.breadth.to_string(),
                other => unreachable!("a source reads the link's keys only, not {other}"),
            };
            out.push((used.key, value));
        }
        out.push(("solver", k.solver.name().to_string()));
        if let Some(step) = self.step {
            out.push(("step", step.to_string()));
        }
        out
    }
}
