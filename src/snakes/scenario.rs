//! The Snakes and Ladders scenario: the parameters a share link and the CLI carry.
//!
//! Keys: `preset`, `squares`, `ladder`, `snake`, `die`, `rule` (a board; the board
//! keys override the preset's), or `matrix` (a characteristic matrix typed
//! directly); `width` (columns of the drawn grid), `method`, `players`, `starts`.
//! Links are written canonically: a board equal to a preset is written as the
//! preset, any other board in full; keys at their default are left out.

use super::{exact, vectorised, Board, Die, ExactMatrix, FinishRule, Jump, Model, Preset};
use crate::error::Quoted;
use crate::number::{format_exact, parse_rational};
use crate::scenario::{whole, Params};
use crate::{Error, Text};

/// Columns of the drawn board by default.
pub const DEFAULT_WIDTH: usize = 10;
/// Most columns of the drawn board.
pub const MAX_WIDTH: usize = 100;
/// Players in a race: at least 2, at most this.
pub const MAX_PLAYERS: usize = super::players::MAX_PLAYERS;

/// How P and E are computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// Finish-time distributions (SPEC §1), the default.
    Distributions,
    /// The matrix series of Theorems 3.1 / 4.1, with a bound on its truncation.
    Series,
    /// The n² × n² systems of Theorems 2.1 / 4.1 by sparse LU (n ≤ 200).
    Vectorised,
    /// The vectorised systems over the rationals (n ≤ 12).
    Exact,
}

impl Method {
    pub const ALL: [Method; 4] = [Method::Distributions, Method::Series, Method::Vectorised, Method::Exact];

    pub fn name(self) -> &'static str {
        match self {
            Method::Distributions => "distributions",
            Method::Series => "series",
            Method::Vectorised => "vectorised",
            Method::Exact => "exact",
        }
    }

    pub fn from_name(name: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.name() == name)
    }

    /// Largest `n` the method takes.
    pub fn max_squares(self) -> usize {
        match self {
            Method::Vectorised => vectorised::MAX_SQUARES,
            Method::Exact => exact::MAX_SQUARES,
            _ => super::MAX_SQUARES,
        }
    }
}

/// What the Snakes and Ladders view computes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scenario {
    /// The board, or a characteristic matrix.
    pub model: Model,
    /// Columns of the drawn grid (boustrophedon numbering).
    pub width: usize,
    pub method: Method,
    /// Start squares of the players of the race (2 to 6 players).
    pub starts: Vec<usize>,
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            model: Preset::Audet.model(),
            width: DEFAULT_WIDTH,
            method: Method::Distributions,
            starts: vec![0, 0],
        }
    }
}

const BOARD_KEYS: [&str; 5] = ["squares", "ladder", "snake", "die", "rule"];

impl Scenario {
    /// The keys of this game, in the order links write them.
    pub const KEYS: &'static [&'static str] = &[
        "preset", "squares", "ladder", "snake", "die", "rule", "matrix", "width", "method", "players", "starts",
    ];

    /// The preset this scenario's model equals, if any.
    pub fn preset(&self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.model() == self.model)
    }

    /// Reads the game's keys; absent keys keep their defaults.
    pub(crate) fn from_params(params: &mut Params) -> Result<Self, Error> {
        let preset = match params.take("preset") {
            Some(v) => Some(
                Preset::from_name(&v)
                    .ok_or_else(|| params.invalid("preset", &v, Preset::ALL.iter().map(|p| p.name())))?,
            ),
            None => None,
        };
        let board: Vec<(&'static str, String)> = BOARD_KEYS
            .iter()
            .filter_map(|&k| params.take(k).map(|v| (k, v)))
            .collect();
        let model = match params.take("matrix") {
            Some(text) => {
                if let Some((key, _)) = board.first() {
                    return Err(conflict(
                        key,
                        text!(
                            "\"{key}\" cannot be combined with \"matrix\"",
                            "\"{key}\" ne peut pas être combiné avec \"matrix\""
                        ),
                    ));
                }
                if preset.is_some() {
                    return Err(conflict(
                        "preset",
                        text!(
                            "\"preset\" cannot be combined with \"matrix\"",
                            "\"preset\" ne peut pas être combiné avec \"matrix\""
                        ),
                    ));
                }
                Model::Matrix(parse_matrix(&text)?)
            }
            None => build_board(preset, &board)?,
        };
        let n = model.size();

        let width = match params.take("width") {
            Some(v) => parse_count("width", &v, 1, MAX_WIDTH)?,
            None => DEFAULT_WIDTH,
        };
        let method = match params.take("method") {
            Some(v) => Method::from_name(&v)
                .ok_or_else(|| params.invalid("method", &v, Method::ALL.iter().map(|m| m.name())))?,
            None => Method::Distributions,
        };
        if n > method.max_squares() {
            let (name, most) = (method.name(), method.max_squares());
            let message = if method == Method::Exact {
                text!(
                    "the {name} method takes at most {most} squares and this board has {n}: \
                     choose distributions, series or vectorised (n ≤ 200)",
                    "la méthode {name} prend au plus {most} cases et ce plateau en a {n} : \
                     choisissez distributions, series ou vectorised (n ≤ 200)"
                )
            } else {
                text!(
                    "the {name} method takes at most {most} squares and this board has {n}: \
                     choose distributions or series",
                    "la méthode {name} prend au plus {most} cases et ce plateau en a {n} : \
                     choisissez distributions ou series"
                )
            };
            return Err(conflict("method", message));
        }
        let players = match params.take("players") {
            Some(v) => Some(parse_count("players", &v, 2, MAX_PLAYERS)?),
            None => None,
        };
        let starts = match params.take("starts") {
            Some(v) => {
                let starts = parse_list(
                    "starts",
                    &v,
                    |t| t.parse::<usize>().ok().filter(|&s| s < n),
                    text!("squares from 0 to {}", "des cases de 0 à {}", n - 1),
                )?;
                if !(2..=MAX_PLAYERS).contains(&starts.len()) && players.is_none() {
                    return Err(conflict(
                        "starts",
                        text!(
                            "\"starts\" lists {} squares; a race has 2 to {MAX_PLAYERS} players",
                            "\"starts\" donne {} cases ; une course a de 2 à {MAX_PLAYERS} joueurs",
                            starts.len()
                        ),
                    ));
                }
                if let Some(m) = players {
                    if starts.len() != m {
                        return Err(conflict(
                            "starts",
                            text!(
                                "\"starts\" lists {} squares for {m} players",
                                "\"starts\" donne {} cases pour {m} joueurs",
                                starts.len()
                            ),
                        ));
                    }
                }
                starts
            }
            None => vec![0; players.unwrap_or(2)],
        };
        Ok(Scenario {
            model,
            width,
            method,
            starts,
        })
    }

    /// The game's `(key, value)` pairs, in [`Self::KEYS`] order, defaults left out.
    pub(crate) fn pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        match (self.preset(), &self.model) {
            (Some(p), _) => out.push(("preset", p.name().to_string())),
            (None, Model::Board(b)) => {
                out.push(("squares", b.squares().to_string()));
                let list = |up: bool| {
                    b.jumps()
                        .iter()
                        .filter(|j| (j.to > j.from) == up)
                        .map(|j| format!("{}:{}", j.from, j.to))
                        .collect::<Vec<_>>()
                        .join(",")
                };
                let (ladders, snakes) = (list(true), list(false));
                if !ladders.is_empty() {
                    out.push(("ladder", ladders));
                }
                if !snakes.is_empty() {
                    out.push(("snake", snakes));
                }
                let die = b.die().to_text();
                if die != "1,2,3,4,5,6" {
                    out.push(("die", die));
                }
                if b.rule() != FinishRule::Overshoot {
                    out.push(("rule", b.rule().name().to_string()));
                }
            }
            (None, Model::Matrix(m)) => out.push(("matrix", matrix_text(m))),
        }
        if self.width != DEFAULT_WIDTH {
            out.push(("width", self.width.to_string()));
        }
        if self.method != Method::Distributions {
            out.push(("method", self.method.name().to_string()));
        }
        if self.starts.len() != 2 {
            out.push(("players", self.starts.len().to_string()));
        }
        if self.starts.iter().any(|&s| s != 0) {
            out.push((
                "starts",
                self.starts.iter().map(usize::to_string).collect::<Vec<_>>().join(","),
            ));
        }
        out
    }
}

fn conflict(key: &'static str, message: Text) -> Error {
    Error::Conflict { key, message }
}

/// A whole number in `min..=max`.
fn parse_count(key: &'static str, text: &str, min: usize, max: usize) -> Result<usize, Error> {
    whole(key, text, min as u64, max as u64).map(|v| v as usize)
}

/// A comma-separated list whose items `item` accepts.
fn parse_list<T>(
    key: &'static str,
    text: &str,
    item: impl Fn(&str) -> Option<T>,
    expected: Text,
) -> Result<Vec<T>, Error> {
    text.split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| {
            item(t).ok_or_else(|| Error::InvalidValue {
                key,
                value: Quoted::new(t),
                expected: expected.clone(),
            })
        })
        .collect()
}

/// Jumps written `from:to,from:to`; ladders must go up and snakes down.
fn parse_jumps(key: &'static str, text: &str, up: bool) -> Result<Vec<Jump>, Error> {
    let jumps = parse_list(
        key,
        text,
        |t| {
            let (a, b) = t.split_once(':')?;
            Some(Jump {
                from: a.trim().parse().ok()?,
                to: b.trim().parse().ok()?,
            })
        },
        text!(
            "jumps written from:to, separated by commas",
            "des sauts écrits départ:arrivée, séparés par des virgules"
        ),
    )?;
    for j in &jumps {
        if (j.to > j.from) != up {
            let message = if up {
                text!(
                    "ladder {j} goes down: write it as a snake",
                    "l'échelle {j} descend : écrivez-la comme un serpent"
                )
            } else {
                text!(
                    "snake {j} goes up: write it as a ladder",
                    "le serpent {j} monte : écrivez-le comme une échelle"
                )
            };
            return Err(conflict(key, message));
        }
    }
    Ok(jumps)
}

/// A board from a preset (or an empty board) and the board keys that override it.
fn build_board(preset: Option<Preset>, keys: &[(&'static str, String)]) -> Result<Model, Error> {
    let get = |k: &str| keys.iter().find(|(key, _)| *key == k).map(|(_, v)| v.as_str());
    let base = match preset {
        Some(p) => match p.model() {
            Model::Board(b) => Some(b),
            Model::Matrix(m) => {
                if let Some((key, _)) = keys.first() {
                    return Err(conflict(
                        key,
                        text!(
                            "\"{key}\" does not apply to the preset {p}, which is a matrix",
                            "\"{key}\" ne s'applique pas au préréglage {p}, qui est une matrice"
                        ),
                    ));
                }
                return Ok(Model::Matrix(m));
            }
        },
        None if keys.is_empty() => return Ok(Preset::Audet.model()),
        None => None,
    };
    let squares = match get("squares") {
        Some(v) => parse_count("squares", v, super::MIN_SQUARES, super::MAX_SQUARES)?,
        None => base.as_ref().map_or(100, Board::squares),
    };
    let old = |up: bool| -> Vec<Jump> {
        base.as_ref().map_or(Vec::new(), |b| {
            b.jumps().iter().copied().filter(|j| (j.to > j.from) == up).collect()
        })
    };
    let mut jumps = match get("ladder") {
        Some(v) => parse_jumps("ladder", v, true)?,
        None => old(true),
    };
    jumps.extend(match get("snake") {
        Some(v) => parse_jumps("snake", v, false)?,
        None => old(false),
    });
    let die = match get("die") {
        Some(v) => Die::parse(v).map_err(|e| conflict("die", e.text()))?,
        None => base
            .as_ref()
            .map_or_else(|| Die::fair(6).expect("a d6"), |b| b.die().clone()),
    };
    let rule = match get("rule") {
        Some(v) => FinishRule::ALL
            .into_iter()
            .find(|r| r.name() == v)
            .ok_or_else(|| Error::InvalidValue {
                key: "rule",
                value: Quoted::new(v),
                expected: text!(
                    "one of overshoot, exact, bounce",
                    "l'une des valeurs overshoot, exact, bounce"
                ),
            })?,
        None => base.as_ref().map_or(FinishRule::Overshoot, Board::rule),
    };
    Board::new(squares, jumps, die, rule).map(Model::Board).map_err(|e| {
        // Name the field: jump errors belong to the jumps, size errors to squares.
        let key = match &e {
            Error::OutOfRange { .. } => "squares",
            _ if get("snake").is_some() && get("ladder").is_none() => "snake",
            _ => "ladder",
        };
        conflict(key, e.text())
    })
}

/// A matrix written `a,b;c,d` (rows separated by `;`), entries decimals or fractions.
fn parse_matrix(text: &str) -> Result<ExactMatrix, Error> {
    let rows: Vec<&str> = text.split(';').map(str::trim).filter(|r| !r.is_empty()).collect();
    if rows.len() > super::MAX_SQUARES {
        return Err(conflict(
            "matrix",
            text!(
                "the matrix has {} rows (at most {})",
                "la matrice a {} lignes (au plus {})",
                rows.len(),
                super::MAX_SQUARES
            ),
        ));
    }
    let mut dense = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        let mut entries = Vec::new();
        for (j, t) in row.split(',').enumerate() {
            if j >= super::MAX_SQUARES {
                return Err(conflict(
                    "matrix",
                    text!(
                        "row {i} of the matrix has more than {} entries",
                        "la ligne {i} de la matrice a plus de {} entrées",
                        super::MAX_SQUARES
                    ),
                ));
            }
            entries.push(parse_rational(t).ok_or_else(|| {
                conflict(
                    "matrix",
                    text!(
                        "matrix entry [{i}][{j}] {} is not a number",
                        "l'entrée [{i}][{j}] {} de la matrice n'est pas un nombre",
                        Quoted::new(t.trim())
                    ),
                )
            })?);
        }
        dense.push(entries);
    }
    ExactMatrix::from_dense(&dense).map_err(|e| conflict("matrix", e.text()))
}

fn matrix_text(m: &ExactMatrix) -> String {
    m.to_dense()
        .iter()
        .map(|row| row.iter().map(format_exact).collect::<Vec<_>>().join(","))
        .collect::<Vec<_>>()
        .join(";")
}
