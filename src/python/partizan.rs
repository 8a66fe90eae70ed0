//! `ludolab._core.Game`: a short partizan game in canonical form, the
//! partizan family's [`GameId`] in one store shared by every `Game` of the
//! process (equal games are the same id: `==` and hashing are the store's).
//! The order, sums and negatives are the store's; the values of a ruleset's
//! position are the family's ([`value_in`]), the names CGSuite's ([`Namer`]).

use super::{python_error, run, LinkError};
use crate::partizan::notation::{self, Namer};
use crate::partizan::report::{canonical_form, ruleset, value_in, Ruleset, RULESETS};
use crate::partizan::thermograph::{Thermograph, Walls};
use crate::partizan::{GameId, Games, Relation};
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use std::sync::{LazyLock, Mutex, MutexGuard};

/// Every game Python has made, with their names and thermographs remembered.
struct Store {
    games: Games,
    namer: Namer,
    walls: Walls,
}

static STORE: LazyLock<Mutex<Store>> = LazyLock::new(|| {
    Mutex::new(Store {
        games: Games::new(),
        namer: Namer::new(),
        walls: Walls::new(),
    })
});

/// The store, even after a solve was stopped half-way while holding it (a
/// Ctrl-C): what it holds is still canonical forms, each complete when added.
fn store() -> MutexGuard<'static, Store> {
    STORE.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A short partizan game in canonical form.
#[pyclass(module = "ludolab._core", frozen, name = "Game")]
struct Game {
    id: GameId,
}

impl Game {
    fn of(id: GameId) -> Game {
        Game { id }
    }
}

#[pymethods]
impl Game {
    /// A game in CGSuite's notation: `Game("{1|*}")`, `Game("^^*")`, `Game("3/4")`.
    #[new]
    fn new(py: Python<'_>, text: &str) -> PyResult<Game> {
        Game::position(py, "expr", text, None)
    }

    /// The value of `position` under the ruleset `name` (`domineering`,
    /// `toads`, `clobber`, `hackenbush`, `cutcake`, `konane`, or `expr`).
    #[staticmethod]
    #[pyo3(signature = (name, position, progress = None))]
    fn position(py: Python<'_>, name: &str, position: &str, progress: Option<Py<PyAny>>) -> PyResult<Game> {
        let rules: Ruleset = ruleset(name).map_err(|e| python_error(&e))?;
        run(py, progress, |progress| {
            value_in(&mut store().games, rules, position, progress)
        })
        .map(Game::of)
    }

    /// The rulesets' names, in the page's order.
    #[staticmethod]
    fn rulesets() -> Vec<&'static str> {
        RULESETS.to_vec()
    }

    fn __add__(&self, other: &Game) -> Game {
        Game::of(store().games.add(self.id, other.id))
    }

    fn __sub__(&self, other: &Game) -> Game {
        Game::of(store().games.sub(self.id, other.id))
    }

    fn __neg__(&self) -> Game {
        Game::of(store().games.neg(self.id))
    }

    fn __pos__(&self) -> Game {
        Game::of(self.id)
    }

    /// The game order: `<=` is Conway's ≤; two games may be incomparable
    /// (then `<`, `==` and `>` are all false: see [`Game::fuzzy`]).
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<Game>() else {
            return Ok(py.NotImplemented());
        };
        let relation = store().games.compare(self.id, other.get().id);
        let holds = match op {
            CompareOp::Eq => relation == Relation::Equal,
            CompareOp::Ne => relation != Relation::Equal,
            CompareOp::Lt => relation == Relation::Less,
            CompareOp::Le => matches!(relation, Relation::Less | Relation::Equal),
            CompareOp::Gt => relation == Relation::Greater,
            CompareOp::Ge => matches!(relation, Relation::Greater | Relation::Equal),
        };
        Ok(pyo3::types::PyBool::new(py, holds).to_owned().into_any().unbind())
    }

    fn __hash__(&self) -> u64 {
        // Equal games are one id in the store.
        self.id.index() as u64
    }

    /// `G ‖ H`: neither ≤ the other (confused with).
    fn fuzzy(&self, other: &Game) -> bool {
        store().games.compare(self.id, other.id) == Relation::Fuzzy
    }

    /// Who wins: `L`, `R`, `N` (whoever starts) or `P` (whoever does not).
    #[getter]
    fn outcome(&self) -> &'static str {
        match store().games.outcome(self.id) {
            crate::partizan::Outcome::L => "L",
            crate::partizan::Outcome::R => "R",
            crate::partizan::Outcome::N => "N",
            crate::partizan::Outcome::P => "P",
        }
    }

    /// The mean and the temperature, exact, as text (`3/4`): the Python
    /// layer makes them `Fraction`s.
    #[getter]
    fn _thermal(&self) -> (String, String) {
        let mut s = store();
        let Store { games, walls, .. } = &mut *s;
        let t = Thermograph::of(games, self.id, walls);
        (t.mean.to_string(), t.temperature.to_string())
    }

    /// The thermograph's walls, as the page's report has them (JSON text).
    #[getter]
    fn _thermograph(&self) -> PyResult<String> {
        let mut s = store();
        let Store { games, walls, .. } = &mut *s;
        json(&Thermograph::of(games, self.id, walls))
    }

    /// The canonical form, nested, as the command line's JSON has it (text).
    #[getter]
    fn _canonical(&self) -> PyResult<String> {
        let mut s = store();
        let Store { games, namer, .. } = &mut *s;
        json(&canonical_form(games, namer, self.id))
    }

    /// Left's options of the canonical form.
    #[getter]
    fn left_options(&self) -> Vec<Game> {
        store().games.left(self.id).iter().map(|&g| Game::of(g)).collect()
    }

    /// Right's options of the canonical form.
    #[getter]
    fn right_options(&self) -> Vec<Game> {
        store().games.right(self.id).iter().map(|&g| Game::of(g)).collect()
    }

    /// The value in the page's signs (`⇑*`, `±1`).
    #[getter]
    fn display(&self) -> String {
        notation::unicode(&self.__str__())
    }

    /// CGSuite's notation (`^^*`, `+-1`, `{2|-1}`).
    fn __str__(&self) -> String {
        let mut s = store();
        let Store { games, namer, .. } = &mut *s;
        namer.name(games, self.id)
    }

    fn __repr__(&self) -> String {
        format!("Game({:?})", self.__str__())
    }
}

fn json(value: &impl serde::Serialize) -> PyResult<String> {
    serde_json::to_string(value).map_err(|e| LinkError::new_err(e.to_string()))
}

/// Adds `Game` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()
}
