//! Scenarios: one typed parameter set per game, written to and read from the
//! share-link query string (`game=snakes&v=1&preset=audet`).
//!
//! [`parse`] is the one place that decides what a valid input is: the page calls
//! it (through the wasm adapter) on every link and every edit, and the CLI turns
//! its flags into the same `key=value` pairs before calling it.

use crate::error::Quoted;
use crate::{arena, dice, impartial, orchard, snakes, Error};

/// The share-link format version written by [`to_query`] (key `v`).
pub const FORMAT_VERSION: &str = "1";

/// The five game families.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Game {
    Snakes,
    Dice,
    Orchard,
    Impartial,
    Graphs,
}

impl Game {
    pub const ALL: [Game; 5] = [Game::Snakes, Game::Dice, Game::Orchard, Game::Impartial, Game::Graphs];

    /// The value of the `game` key.
    pub fn key(self) -> &'static str {
        match self {
            Game::Snakes => "snakes",
            Game::Dice => "dice",
            Game::Orchard => "orchard",
            Game::Impartial => "impartial",
            Game::Graphs => "arena",
        }
    }

    /// The family's name as the page shows it.
    pub fn title(self) -> &'static str {
        match self {
            Game::Snakes => "Snakes and Ladders",
            Game::Dice => "Dice Battle",
            Game::Orchard => "Orchard",
            Game::Impartial => "Impartial games",
            Game::Graphs => "Game graphs",
        }
    }

    pub fn from_key(key: &str) -> Option<Game> {
        Game::ALL.into_iter().find(|g| g.key() == key)
    }
}

/// The page's language, kept in the share link as `lang` (the CLI stays English).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
    Fr,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Fr];

    /// The value of the `lang` key.
    pub fn key(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
        }
    }
}

/// A whole share link: the scenario and, when the link names one, the language.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Link {
    pub scenario: Scenario,
    pub lang: Option<Lang>,
}

/// The parameters of one view.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Scenario {
    Snakes(snakes::Scenario),
    Dice(dice::Scenario),
    Orchard(orchard::Scenario),
    Arena(arena::Scenario),
    Impartial(impartial::Scenario),
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario::Snakes(snakes::Scenario::default())
    }
}

impl Scenario {
    /// The default scenario of `game`.
    pub fn default_for(game: Game) -> Scenario {
        match game {
            Game::Snakes => Scenario::Snakes(snakes::Scenario::default()),
            Game::Dice => Scenario::Dice(dice::Scenario::default()),
            Game::Orchard => Scenario::Orchard(orchard::Scenario::default()),
            Game::Graphs => Scenario::Arena(arena::Scenario::default()),
            Game::Impartial => Scenario::Impartial(impartial::Scenario::default()),
        }
    }

    pub fn game(&self) -> Game {
        match self {
            Scenario::Snakes(_) => Game::Snakes,
            Scenario::Dice(_) => Game::Dice,
            Scenario::Orchard(_) => Game::Orchard,
            Scenario::Arena(_) => Game::Graphs,
            Scenario::Impartial(_) => Game::Impartial,
        }
    }
}

/// The `key=value` pairs of a link not yet read by a scenario.
#[derive(Debug)]
pub struct Params {
    pairs: Vec<(String, String)>,
}

impl Params {
    /// Removes and returns the value of `key`.
    pub fn take(&mut self, key: &str) -> Option<String> {
        let at = self.pairs.iter().position(|(k, _)| k == key)?;
        Some(self.pairs.remove(at).1)
    }

    /// The error for a value of `key` that is not one of `allowed`.
    pub fn invalid<'a>(&self, key: &'static str, value: &str, allowed: impl Iterator<Item = &'a str>) -> Error {
        let names: Vec<&str> = allowed.collect();
        Error::InvalidValue {
            key,
            value: Quoted::new(value),
            expected: text!("one of {}", "l'une des valeurs {}", names.join(", ")),
        }
    }

    /// Removes `key` and reads it as one of `all` (by `name`); `None` when absent.
    pub fn choice<T: Copy>(
        &mut self,
        key: &'static str,
        all: &[T],
        name: fn(T) -> &'static str,
    ) -> Result<Option<T>, Error> {
        match self.take(key) {
            None => Ok(None),
            Some(v) => all
                .iter()
                .copied()
                .find(|&x| name(x) == v)
                .map(Some)
                .ok_or_else(|| self.invalid(key, &v, all.iter().map(|&x| name(x)))),
        }
    }

    /// Fails on the first key left unread, listing the keys `game` accepts.
    fn finish(self, game: &[&str]) -> Result<(), Error> {
        match self.pairs.into_iter().next() {
            None => Ok(()),
            Some((key, _)) => {
                let allowed: Vec<&str> = ["game", "v", "lang"].iter().chain(game).copied().collect();
                Err(Error::UnknownKey {
                    key: Quoted::new(&key),
                    allowed: allowed.join(", "),
                })
            }
        }
    }
}

/// A whole number in `min..=max` for `key`, or the error that says so.
pub(crate) fn whole(key: &'static str, text: &str, min: u64, max: u64) -> Result<u64, Error> {
    match text.trim().parse::<u64>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(Error::InvalidValue {
            key,
            value: Quoted::new(text),
            expected: text!(
                "a whole number from {min} to {max}",
                "un nombre entier de {min} à {max}"
            ),
        }),
    }
}

/// 1 to `most` whole numbers in `min..=max` separated by commas, for `key`.
pub(crate) fn number_list<T: std::str::FromStr + PartialOrd + std::fmt::Display>(
    key: &'static str,
    text: &str,
    min: T,
    max: T,
    most: usize,
) -> Result<Vec<T>, Error> {
    let values: Option<Vec<T>> = text
        .split(',')
        .map(|s| s.trim().parse::<T>().ok().filter(|v| *v >= min && *v <= max))
        .collect();
    match values {
        Some(v) if !v.is_empty() && v.len() <= most => Ok(v),
        _ => Err(Error::InvalidValue {
            key,
            value: Quoted::new(text),
            expected: text!(
                "1 to {most} whole numbers from {min} to {max}, separated by commas",
                "de 1 à {most} nombres entiers de {min} à {max}, séparés par des virgules"
            ),
        }),
    }
}

/// Parses a share-link query (`game=snakes&v=1&preset=audet`; a leading `#` or
/// `?` is ignored). An empty query is the default scenario; keys a game does not
/// set keep their defaults.
///
/// # Errors
/// [`Error::MissingKey`] without `game`; [`Error::InvalidValue`] for an unknown
/// game, version or value; [`Error::UnknownKey`] and [`Error::DuplicateKey`] for
/// keys the game does not have or that appear twice.
///
/// ```
/// use ludolab::scenario::{parse, to_query};
/// let s = parse("#game=snakes&preset=grid1").unwrap();
/// assert_eq!(to_query(&s), "game=snakes&v=1&preset=grid1");
/// let err = parse("game=snakes&preset=nope").unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "invalid value \"nope\" for \"preset\" (expected one of audet, milton-bradley, grid1, example2)"
/// );
/// ```
pub fn parse(query: &str) -> Result<Scenario, Error> {
    parse_link(query).map(|link| link.scenario)
}

/// Parses a share link as [`parse`] does, keeping its language (`lang=en|fr`).
///
/// # Errors
/// Those of [`parse`], and [`Error::InvalidValue`] for a language other than
/// `en` or `fr`.
///
/// ```
/// use ludolab::scenario::{link_query, parse_link, Lang};
/// let link = parse_link("game=dice&lang=fr").unwrap();
/// assert_eq!(link.lang, Some(Lang::Fr));
/// assert!(link_query(&link).starts_with("game=dice&v=1&lang=fr&"));
/// ```
pub fn parse_link(query: &str) -> Result<Link, Error> {
    let query = query.strip_prefix(['#', '?']).unwrap_or(query);
    let mut pairs: Vec<(String, String)> = Vec::new();
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        if pairs.iter().any(|(k, _)| *k == key) {
            return Err(Error::DuplicateKey { key: Quoted::new(&key) });
        }
        pairs.push((key.into_owned(), value.into_owned()));
    }
    if pairs.is_empty() {
        return Ok(Link {
            scenario: Scenario::default(),
            lang: None,
        });
    }
    let mut params = Params { pairs };
    let game_value = params.take("game").ok_or(Error::MissingKey { key: "game" })?;
    let game = Game::from_key(&game_value)
        .ok_or_else(|| params.invalid("game", &game_value, Game::ALL.iter().map(|g| g.key())))?;
    if let Some(v) = params.take("v") {
        if v != FORMAT_VERSION {
            return Err(params.invalid("v", &v, [FORMAT_VERSION].into_iter()));
        }
    }
    let lang = params.choice("lang", &Lang::ALL, Lang::key)?;
    let scenario = match game {
        Game::Snakes => {
            let scenario = snakes::Scenario::from_params(&mut params)?;
            params.finish(snakes::Scenario::KEYS)?;
            Scenario::Snakes(scenario)
        }
        Game::Dice => {
            let scenario = dice::Scenario::from_params(&mut params)?;
            params.finish(dice::Scenario::KEYS)?;
            Scenario::Dice(scenario)
        }
        Game::Orchard => {
            let scenario = orchard::Scenario::from_params(&mut params)?;
            params.finish(orchard::Scenario::KEYS)?;
            Scenario::Orchard(scenario)
        }
        Game::Impartial => {
            let scenario = impartial::Scenario::from_params(&mut params)?;
            params.finish(impartial::Scenario::KEYS)?;
            Scenario::Impartial(scenario)
        }
        Game::Graphs => {
            let scenario = arena::Scenario::from_params(&mut params)?;
            params.finish(arena::Scenario::KEYS)?;
            Scenario::Arena(scenario)
        }
    };
    Ok(Link { scenario, lang })
}

/// The game's own `(key, value)` pairs (all but `game` and `v`), in link order.
pub fn fields(scenario: &Scenario) -> Vec<(&'static str, String)> {
    match scenario {
        Scenario::Snakes(s) => s.pairs(),
        Scenario::Dice(s) => s.pairs(),
        Scenario::Orchard(s) => s.pairs(),
        Scenario::Arena(s) => s.pairs(),
        Scenario::Impartial(s) => s.pairs(),
    }
}

/// For each key of `game` that takes one of a fixed set of values, those values
/// (what the page offers in its menus).
pub fn choices(game: Game) -> Vec<(&'static str, Vec<&'static str>)> {
    match game {
        Game::Snakes => vec![
            ("preset", snakes::Preset::ALL.iter().map(|p| p.name()).collect()),
            ("rule", snakes::FinishRule::ALL.iter().map(|r| r.name()).collect()),
            ("method", snakes::Method::ALL.iter().map(|m| m.name()).collect()),
        ],
        Game::Dice => vec![
            ("mode", dice::Mode::ALL.iter().map(|m| m.name()).collect()),
            ("first", vec!["blind", "optimal", "random"]),
            ("second", vec!["blind", "optimal", "random"]),
        ],
        Game::Orchard => vec![("strategy", orchard::Strategy::ALL.iter().map(|s| s.name()).collect())],
        Game::Impartial => vec![
            ("mode", impartial::Mode::ALL.iter().map(|m| m.name()).collect()),
            ("rule", vec!["node-kayles", "colouring"]),
            ("of", vec!["nim", "octal", "graph"]),
        ],
        Game::Graphs => vec![
            ("kind", arena::Kind::ALL.iter().map(|k| k.name()).collect()),
            ("misere", vec!["yes", "no"]),
            ("player", vec!["1", "2"]),
        ],
    }
}

/// Writes a whole link: as [`to_query`], with `lang` after `v` when the link names one.
pub fn link_query(link: &Link) -> String {
    query_with(&link.scenario, link.lang)
}

/// Writes a scenario as a share-link query: `game`, `v`, then the game's keys in
/// a fixed order, so that equal scenarios give equal links.
pub fn to_query(scenario: &Scenario) -> String {
    query_with(scenario, None)
}

fn query_with(scenario: &Scenario, lang: Option<Lang>) -> String {
    let mut out = form_urlencoded::Serializer::new(String::new());
    out.append_pair("game", scenario.game().key());
    out.append_pair("v", FORMAT_VERSION);
    if let Some(lang) = lang {
        out.append_pair("lang", lang.key());
    }
    for (key, value) in fields(scenario) {
        out.append_pair(key, &value);
    }
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_key_and_the_allowed_values() {
        let cases = [
            ("preset=audet", "missing key \"game\""),
            (
                "game=chess",
                "invalid value \"chess\" for \"game\" (expected one of snakes, dice, orchard, impartial, arena)",
            ),
            ("game=snakes&v=2", "invalid value \"2\" for \"v\" (expected one of 1)"),
            ("game=snakes&colour=red", "unknown key \"colour\" (allowed: game, v, lang, preset, squares, ladder, snake, die, rule, matrix, width, method, players, starts)"),
            ("game=dice&preset=audet", "unknown key \"preset\" (allowed: game, v, lang, mode, dice, target, first, second, simulate, seed)"),
            (
                "game=snakes&preset=audet&preset=grid1",
                "key \"preset\" is given more than once",
            ),
        ];
        for (query, message) in cases {
            assert_eq!(parse(query).unwrap_err().to_string(), message, "{query}");
        }
    }

    #[test]
    fn defaults_fill_what_a_link_leaves_out() {
        assert_eq!(parse("").unwrap(), Scenario::default());
        assert_eq!(parse("#").unwrap(), Scenario::default());
        assert_eq!(
            parse("game=snakes").unwrap(),
            Scenario::Snakes(snakes::Scenario::default())
        );
        assert_eq!(
            to_query(&parse("?game=impartial").unwrap()),
            "game=impartial&v=1&mode=nim&heaps=8%2C8%2C7%2C7%2C7%2C6%2C4%2C4%2C4%2C2%2C1"
        );
    }

    #[test]
    fn hostile_values_are_quoted_harmlessly() {
        let err = parse("game=snakes&preset=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E").unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid value \"<img src=x onerror=alert(1)>\" for \"preset\" (expected one of audet, milton-bradley, grid1, example2)"
        );
    }
}
