//! The Snakes and Ladders scenario: the parameters a share link and the CLI carry.
//!
//! Keys: `preset`, `squares`, `ladder`, `snake`, `die`, `rule` (a board; the board
//! keys override the preset's), or `matrix` (a characteristic matrix typed
//! directly); `width` (columns of the drawn grid), `method`, `players`, `starts`.
//! Links are written canonically: a board equal to a preset is written as the
//! preset, any other board in full; keys at their default are left out.

use super::{exact, vectorised, Board, Die, ExactMatrix, FinishRule, Jump, Model, Preset, MAX_SQUARES, MIN_SQUARES};
use crate::toolkit::number::{format_exact, parse_rational};
use crate::toolkit::{field, yes_no, Error, Field, Label, Params, Quoted, Text, EXACT};

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
    /// The vectorised systems over the rationals (n ≤ 20).
    Exact,
}

impl Method {
    /// Every method, in menu order.
    pub const ALL: [Method; 4] = [Method::Distributions, Method::Series, Method::Vectorised, Method::Exact];
    /// Their link names, in the same order.
    pub const NAMES: [&'static str; 4] = ["distributions", "series", "vectorised", "exact"];

    /// The value of the `method` key.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// The method called `name`, if any.
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

/// Longest text of jumps, a die or a matrix.
pub const MAX_TEXT: usize = 200_000;

/// The keys of a Snakes and Ladders link, in link order.
pub const FIELDS: &[Field] = &[
    Field::choice("preset", Label::new("Board", "Plateau"), &Preset::NAMES),
    Field::whole(
        "squares",
        Label::new("Squares n (the goal)", "Cases n (l’arrivée)"),
        MIN_SQUARES as u64,
        MAX_SQUARES as u64,
    ),
    Field::text(
        "ladder",
        Label::new("Ladders (from:to)", "Échelles (départ:arrivée)"),
        MAX_TEXT,
        &["2:9", "1:38,4:14,9:31", "3:60", "1:5"],
    ),
    Field::text(
        "snake",
        Label::new("Snakes (from:to)", "Serpents (départ:arrivée)"),
        MAX_TEXT,
        &["8:3", "16:6,48:26", "99:1", "4:3"],
    ),
    Field::text(
        "die",
        Label::new("Die", "Dé"),
        10_000,
        &["1,2,3,4,5,6", "2", "1", "1:0.5,2:1/4,3:0.25", "1,2,3", "6"],
    ),
    Field::choice("rule", Label::new("Finish rule", "Règle d’arrivée"), &FinishRule::NAMES),
    Field::text(
        "matrix",
        Label::new("Matrix A (rows separated by ;)", "Matrice A (lignes séparées par ;)"),
        MAX_TEXT,
        &["1/8,1/4;3/8,1/2", "0.5", "0,1;1,0", "1/3,1/3;1/3,1/3", "0"],
    ),
    Field::whole(
        "width",
        Label::new("Columns of the drawn board", "Colonnes du plateau dessiné"),
        1,
        MAX_WIDTH as u64,
    ),
    Field::choice("method", Label::new("Method", "Méthode"), &Method::NAMES),
    Field::whole(
        "players",
        Label::new("Players (race)", "Joueurs (course)"),
        2,
        MAX_PLAYERS as u64,
    ),
    Field::wholes(
        "starts",
        Label::new("Start squares", "Cases de départ"),
        0,
        MAX_SQUARES as u64 - 1,
        MAX_PLAYERS,
    ),
    EXACT,
];

/// What the Snakes and Ladders view computes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scenario {
    /// The board, or a characteristic matrix.
    pub model: Model,
    /// Columns of the drawn grid (boustrophedon numbering).
    pub width: usize,
    /// How P and E are computed.
    pub method: Method,
    /// Start squares of the players of the race (2 to 6 players).
    pub starts: Vec<usize>,
    /// `exact=yes`: one player's expected rolls as a fraction, and P and E
    /// as fractions on boards of at most 20 squares.
    pub exact: bool,
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            model: Preset::Audet.model(),
            width: DEFAULT_WIDTH,
            method: Method::Distributions,
            starts: vec![0, 0],
            exact: false,
        }
    }
}

const BOARD_KEYS: [&str; 5] = ["squares", "ladder", "snake", "die", "rule"];

crate::link_scenario!(Scenario);

impl Scenario {
    /// The preset this scenario's model equals, if any.
    pub fn preset(&self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.model() == self.model)
    }

    /// Reads the game's keys; absent keys keep their defaults.
    ///
    /// # Errors
    /// The first key at fault; [`Error::Unavailable`] in a build with bounded
    /// fractions (no `bignum` feature) when the die's weights or a typed
    /// matrix, or the characteristic matrix made of them, outgrow the bound.
    pub fn parse(params: &mut Params) -> Result<Self, Error> {
        let what = || text!("numbers with this many digits", "des nombres d'autant de chiffres");
        crate::toolkit::number::exact_or_unavailable(what, || {
            let scenario = Self::read(params)?;
            // Bounded fractions: A is built now, so that the page's reading of
            // the link, not a later estimate or solve, learns that it needs more.
            #[cfg(not(feature = "bignum"))]
            let _ = scenario.model.exact_matrix();
            Ok(scenario)
        })
    }

    fn read(params: &mut Params) -> Result<Self, Error> {
        let f = |key| field(FIELDS, key);
        let preset = params.choice(f("preset"), &Preset::ALL, Preset::name)?;
        let mut board: Vec<(&'static str, String)> = Vec::new();
        for key in BOARD_KEYS {
            // Numbers and names are read by `build_board`; texts are checked for length here.
            if let Some(v) = params.text(f(key))? {
                board.push((key, v));
            }
        }
        let model = match params.text(f("matrix"))? {
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

        let width = params.count(f("width"))?.unwrap_or(DEFAULT_WIDTH);
        let method = params
            .choice(f("method"), &Method::ALL, Method::name)?
            .unwrap_or(Method::Distributions);
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
        let players = params.count(f("players"))?;
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
                            "\"starts\" lists {} {{square|squares}}; a race has 2 to {MAX_PLAYERS} players",
                            "\"starts\" donne {} {{case|cases}} ; une course a de 2 à {MAX_PLAYERS} joueurs",
                            starts.len()
                        ),
                    ));
                }
                if let Some(m) = players {
                    if starts.len() != m {
                        return Err(conflict(
                            "starts",
                            text!(
                                "\"starts\" lists {} {{square|squares}} for {m} {{player|players}}",
                                "\"starts\" donne {} {{case|cases}} pour {m} {{joueur|joueurs}}",
                                starts.len()
                            ),
                        ));
                    }
                }
                starts
            }
            None => vec![0; players.unwrap_or(2)],
        };
        let exact = params.choice(f("exact"), &[false, true], yes_no)?.unwrap_or(false);
        Ok(Scenario {
            model,
            width,
            method,
            starts,
            exact,
        })
    }

    /// The game's `(key, value)` pairs, in [`FIELDS`] order, defaults left out.
    pub fn write(&self) -> Vec<(&'static str, String)> {
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
        if self.exact {
            out.push(("exact", "yes".to_string()));
        }
        out
    }
}

fn conflict(key: &'static str, message: Text) -> Error {
    Error::Conflict { key, message }
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
        Some(v) => field(FIELDS, "squares").read_whole(v)? as usize,
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
        Some(v) => field(FIELDS, "rule").read_choice(v, &FinishRule::ALL, FinishRule::name)?,
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

/// The explicit board of a scenario, for the page's editor.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum BoardView {
    /// A board of squares and jumps.
    Board {
        /// Squares n.
        squares: usize,
        /// Columns of the drawn grid.
        width: usize,
        /// Ladders `[from, to]`.
        ladders: Vec<[usize; 2]>,
        /// Snakes `[from, to]`.
        snakes: Vec<[usize; 2]>,
        /// The die as the link writes it.
        die: String,
        /// The finish rule's link name.
        rule: &'static str,
    },
    /// A characteristic matrix typed directly.
    Matrix {
        /// Its size.
        n: usize,
        /// Columns of the drawn grid.
        width: usize,
        /// The matrix as the link writes it.
        matrix: String,
    },
}

impl Scenario {
    /// The board the editor draws: squares, jumps, die and rule, or the typed matrix.
    pub fn board_view(&self) -> BoardView {
        match &self.model {
            Model::Board(b) => {
                let pick = |up: bool| {
                    b.jumps()
                        .iter()
                        .filter(|j| (j.to > j.from) == up)
                        .map(|j| [j.from, j.to])
                        .collect()
                };
                BoardView::Board {
                    squares: b.squares(),
                    width: self.width,
                    ladders: pick(true),
                    snakes: pick(false),
                    die: b.die().to_text(),
                    rule: b.rule().name(),
                }
            }
            Model::Matrix(m) => BoardView::Matrix {
                n: m.size(),
                width: self.width,
                matrix: matrix_text(m),
            },
        }
    }

    /// The same scenario on a random board of `squares` squares (reproducible
    /// from `seed`): the players' starts are kept on the board, and a method
    /// that cannot take that many squares gives way to the distributions.
    ///
    /// # Errors
    /// As [`super::random_board`].
    pub fn with_random_board(&self, squares: usize, seed: u64) -> Result<Scenario, Error> {
        let mut s = self.clone();
        s.model = Model::Board(super::random_board(squares, seed)?);
        s.starts.iter_mut().for_each(|start| *start = (*start).min(squares - 1));
        if squares > s.method.max_squares() {
            s.method = Method::Distributions;
        }
        Ok(s)
    }
}
