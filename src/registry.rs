//! The registry of game families: the one list the page, the worker, the cost
//! guard and the CLI reach every family through.
//!
//! A share link (`game=snakes&v=1&preset=audet`) names its family with `game`;
//! [`parse`] hands the other keys to that family's [`Family::parse`], the one
//! place that decides what a valid input is. [`check`] does the same but keeps
//! going past bad values, for the page: it keeps the family, the mode and every
//! valid value, and lists each key at fault.
//!
//! Adding a family: its folder with a type implementing [`Family`], and one
//! line in the `registry!` invocation below.

use crate::toolkit::{
    write_query, Choice, Command, Cost, Error, Family, Field, HeldBack, Kind, Label, Lang, Params, ProbeAnswer,
    ProbePlan, Progress, Quoted, Request, Sampler,
};
use serde::Serialize;

/// Every family's subcommands on the command line, with the family each
/// computes: a family's own [`Family::COMMANDS`], and one named by its `game`
/// key offering every key unless one of its own has that name.
pub fn commands() -> Vec<(Game, Command)> {
    let mut all = Vec::new();
    for &game in Game::ALL {
        let own = game.commands();
        if !own.iter().any(|c| c.name == game.key()) {
            all.push((game, Command::plain(game.key(), game.title().en)));
        }
        all.extend(own.iter().map(|&c| (game, c)));
    }
    all
}

/// The share-link format version written by [`to_query`] (key `v`).
pub const FORMAT_VERSION: &str = "1";

/// Keys every link may hold besides its family's.
pub const COMMON_KEYS: [&str; 5] = ["game", "v", "lang", "present", "embed"];

/// The keys that choose how the page shows a link (never what is computed);
/// each is off when absent and on as `key=1`.
pub const DISPLAY_KEYS: [&str; 2] = ["present", "embed"];

/// How the page shows a link: with its form (the default), presented to a
/// room (`present=1`: the results alone, large) or embedded in another page
/// (`embed=1`: one view sized to its frame, no header or menu).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Display {
    /// `present=1`: the results alone, large enough to read from the back of a room.
    pub present: bool,
    /// `embed=1`: one view for an `<iframe>`, with a link to open it in Ludolab.
    pub embed: bool,
}

macro_rules! registry {
    ($(#[$on:meta] $variant:ident = $key:literal => $family:ty),* $(,)?) => {
        /// The `game` key of every family, in menu order, whichever families this
        /// build has (a web bundle holds one): an unknown family is named against
        /// all of them, and the page's menu lists them.
        pub const FAMILY_KEYS: &[&str] = &[$($key),*];

        /// The game families, in menu order.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Game {
            $(
                #[$on]
                #[doc = concat!("The family of [`", stringify!($family), "`].")]
                $variant,
            )*
        }

        impl Game {
            /// Every family, in menu order.
            pub const ALL: &'static [Game] = &[$(#[$on] Game::$variant),*];

            /// The value of the `game` key.
            pub fn key(self) -> &'static str {
                match self { $(#[$on] Game::$variant => {
                    const { assert!(crate::toolkit::same_str(<$family as Family>::KEY, $key), "a registry line's key differs from its family's KEY") };
                    $key
                }),* }
            }

            /// The family's name in the menu.
            pub fn title(self) -> Label {
                match self { $(#[$on] Game::$variant => <$family as Family>::TITLE),* }
            }

            /// The link pairs whose views need code the family's own web bundle holds back.
            pub fn held_back(self) -> &'static [HeldBack] {
                match self { $(#[$on] Game::$variant => <$family as Family>::HELD_BACK),* }
            }

            /// The family's follow-up tasks.
            pub fn tasks(self) -> &'static [&'static str] {
                match self { $(#[$on] Game::$variant => <$family as Family>::TASKS),* }
            }

            /// The family's subcommands on the command line (empty: one named by its key).
            pub fn commands(self) -> &'static [Command] {
                match self { $(#[$on] Game::$variant => <$family as Family>::COMMANDS),* }
            }

            /// The family's link keys with their labels and ranges.
            pub fn fields(self) -> &'static [Field] {
                match self { $(#[$on] Game::$variant => <$family as Family>::FIELDS),* }
            }

            /// A random value of the text key `key`, given the pairs drawn so far
            /// (the family's [`Family::sample`]; none keeps the field's examples).
            pub fn sample(self, key: &str, drawn: &[(String, String)], rng: &mut Sampler) -> Option<String> {
                match self { $(#[$on] Game::$variant => <$family as Family>::sample(key, drawn, rng)),* }
            }

            fn parse(self, params: &mut Params) -> Result<Scenario, Error> {
                match self { $(#[$on] Game::$variant => <$family as Family>::parse(params).map(Scenario::$variant)),* }
            }
        }

        /// The parameters of one view, of any family.
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub enum Scenario {
            $(
                #[$on]
                #[doc = concat!("A scenario of [`", stringify!($family), "`].")]
                $variant(<$family as Family>::Scenario),
            )*
        }

        impl Scenario {
            /// The default scenario of `game`.
            pub fn default_for(game: Game) -> Scenario {
                match game { $(#[$on] Game::$variant => Scenario::$variant(Default::default())),* }
            }

            /// The scenario's family.
            pub fn game(&self) -> Game {
                match self { $(#[$on] Scenario::$variant(_) => Game::$variant),* }
            }

            /// The family's `(key, value)` pairs (all but `game`, `v` and `lang`), in link order.
            pub fn pairs(&self) -> Vec<(&'static str, String)> {
                match self { $(#[$on] Scenario::$variant(s) => <$family as Family>::write(s)),* }
            }

            /// A rough estimate of the time and memory the analysis takes in the browser.
            pub fn cost(&self) -> Cost {
                match self { $(#[$on] Scenario::$variant(s) => <$family as Family>::cost(s)),* }
            }

            /// The choice values this scenario allows where they depend on its other keys.
            pub fn options(&self) -> Vec<Choice> {
                match self { $(#[$on] Scenario::$variant(s) => <$family as Family>::options(s)),* }
            }

            /// Computes the family's report.
            ///
            /// # Errors
            /// The solvers' errors.
            pub fn analyse(&self, progress: Progress) -> Result<Report, Error> {
                match self { $(#[$on] Scenario::$variant(s) => <$family as Family>::analyse(s, progress).map(Report::$variant)),* }
            }

            /// How many members of the answer may run side by side in the
            /// page's workers, the first to finish answering (0: one run).
            pub fn members(&self) -> usize {
                match self { $(#[$on] Scenario::$variant(s) => <$family as Family>::members(s)),* }
            }

            /// The answer by member `member` alone, reported as the whole's.
            ///
            /// # Errors
            /// The solvers' errors.
            pub fn analyse_member(&self, member: usize, progress: Progress) -> Result<Report, Error> {
                match self { $(#[$on] Scenario::$variant(s) => <$family as Family>::analyse_member(s, member, progress).map(Report::$variant)),* }
            }

            /// How many workers may probe the answer side by side ([`Family::probes`]; 0: one run).
            pub fn probes(&self) -> usize {
                match self { $(#[$on] Scenario::$variant(s) => <$family as Family>::probes(s)),* }
            }

            /// The next step of the probes ([`Family::probe_plan`]).
            ///
            /// # Errors
            /// A scenario without probes.
            pub fn probe_plan(&self, answers: &[ProbeAnswer], running: &[i64], free: usize) -> Result<ProbePlan, Error> {
                match self { $(#[$on] Scenario::$variant(s) => <$family as Family>::probe_plan(s, answers, running, free)),* }
            }

            /// One probe ([`Family::probe`]).
            ///
            /// # Errors
            /// A scenario without probes; the solvers' errors.
            pub fn probe(&self, threshold: i64, progress: Progress) -> Result<ProbeAnswer, Error> {
                match self { $(#[$on] Scenario::$variant(s) => <$family as Family>::probe(s, threshold, progress)),* }
            }

            /// The report from the probes' answers ([`Family::probe_join`]).
            ///
            /// # Errors
            /// A scenario without probes; answers that leave the answer unknown.
            pub fn probe_join(&self, answers: &[ProbeAnswer], seconds: f64) -> Result<Report, Error> {
                match self { $(#[$on] Scenario::$variant(s) => <$family as Family>::probe_join(s, answers, seconds).map(Report::$variant)),* }
            }

            /// What the link holds, drawn before any work (a board under a
            /// go-ahead question); none for a family without such a picture.
            pub fn preview(&self) -> Option<Report> {
                match self { $(#[$on] Scenario::$variant(s) => <$family as Family>::preview(s).map(Report::$variant)),* }
            }

            /// Writes `report`, this scenario's, as the command line's text.
            ///
            /// # Errors
            /// The writer's, or a report of another family.
            pub fn print(&self, report: &Report, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
                match (self, report) {
                    $(#[$on] (Scenario::$variant(s), Report::$variant(r)) => <$family as Family>::print(s, r, out),)*
                    #[allow(unreachable_patterns)]
                    _ => Err(std::fmt::Error),
                }
            }

            /// Writes the result of the follow-up task `task` as text.
            ///
            /// # Errors
            /// The writer's, or a result of another family.
            pub fn print_extra(&self, task: &str, extra: &Extra, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
                match (self, extra) {
                    $(#[$on] (Scenario::$variant(s), Extra::$variant(x)) => <$family as Family>::print_extra(s, task, x, out),)*
                    #[allow(unreachable_patterns)]
                    _ => Err(std::fmt::Error),
                }
            }

            /// Runs a family's follow-up task (Orchard's sweeps).
            ///
            /// # Errors
            /// An unknown task, or the solvers' errors.
            pub fn extra(&self, task: &str, progress: Progress) -> Result<Extra, Error> {
                match self { $(#[$on] Scenario::$variant(s) => <$family as Family>::extra(s, task, progress).map(Extra::$variant)),* }
            }

            /// How many parts the follow-up task `task` splits into for the
            /// page's workers (0: it runs whole; [`Family::task_parts`]).
            pub fn task_parts(&self, task: &str) -> usize {
                match self { $(#[$on] Scenario::$variant(s) => <$family as Family>::task_parts(s, task)),* }
            }

            /// Part `part` of the follow-up task `task`, computed alone.
            ///
            /// # Errors
            /// A part that is not there, or the solvers' errors.
            pub fn extra_part(&self, task: &str, part: usize, progress: Progress) -> Result<Part, Error> {
                match self { $(#[$on] Scenario::$variant(s) => <$family as Family>::extra_part(s, task, part, progress).map(Part::$variant)),* }
            }

            /// The follow-up task `task` put together from its parts, read
            /// (in order) from `parts` as [`Scenario::extra_part`] wrote them:
            /// what [`Scenario::extra`] gives.
            ///
            /// # Errors
            /// Parts that do not read as this family's, or are not this task's.
            pub fn join_parts<'de, D: serde::Deserializer<'de>>(&self, task: &str, parts: D) -> Result<Extra, Error> {
                match self { $(#[$on] Scenario::$variant(s) => {
                    let parts: Vec<<$family as Family>::Part> = serde::Deserialize::deserialize(parts)
                        .map_err(|e| parts_unread(task, &e.to_string()))?;
                    <$family as Family>::join_parts(s, task, parts).map(Extra::$variant)
                }),* }
            }

            /// Prepares play on this scenario.
            ///
            /// # Errors
            /// [`Error::NotPlayable`], or the solvers' errors.
            pub fn session(&self) -> Result<Session, Error> {
                match self { $(#[$on] Scenario::$variant(s) => <$family as Family>::session(s).map(|x| Session::$variant(Box::new(x)))),* }
            }
        }

        /// The report of any family: its typed report, serialized as it is.
        #[derive(Debug, Serialize)]
        #[serde(untagged)]
        pub enum Report {
            $(
                #[$on]
                #[doc = concat!("A report of [`", stringify!($family), "`].")]
                $variant(<$family as Family>::Report),
            )*
        }

        /// What a follow-up task computes, for any family.
        #[derive(Debug, Serialize)]
        #[serde(untagged)]
        pub enum Extra {
            $(
                #[$on]
                #[doc = concat!("A task's result of [`", stringify!($family), "`].")]
                $variant(<$family as Family>::Extra),
            )*
        }

        /// One part of a split follow-up task, for any family.
        #[derive(Debug, Serialize)]
        #[serde(untagged)]
        pub enum Part {
            $(
                #[$on]
                #[doc = concat!("A task's part of [`", stringify!($family), "`].")]
                $variant(<$family as Family>::Part),
            )*
        }

        /// What play keeps between moves, for any family (boxed: sessions differ much in size).
        pub enum Session {
            $(
                #[$on]
                #[doc = concat!("A session of [`", stringify!($family), "`].")]
                $variant(Box<<$family as Family>::Session>),
            )*
        }

        /// The answer to a request of play, for any family.
        #[derive(Debug, Serialize)]
        #[serde(untagged)]
        pub enum Turn {
            $(
                #[$on]
                #[doc = concat!("A turn of [`", stringify!($family), "`].")]
                $variant(<$family as Family>::Turn),
            )*
        }

        impl Session {
            /// Answers one request of play.
            ///
            /// # Errors
            /// Illegal positions or moves, named.
            pub fn play(&self, request: &Request) -> Result<Turn, Error> {
                match self { $(#[$on] Session::$variant(s) => <$family as Family>::play(s, request).map(Turn::$variant)),* }
            }
        }
    };
}

/// Parts handed back that do not read as the task's (a page's bug, or a
/// part of another family's bundle).
fn parts_unread(task: &str, why: &str) -> Error {
    Error::InvalidValue {
        key: "parts",
        value: Quoted::new(task),
        expected: crate::toolkit::Text::written(
            format!("the parts of the task, in order ({why})"),
            format!("les parties de la tâche, dans l’ordre ({why})"),
        ),
    }
}

registry! {
    #[cfg(feature = "snakes")] Snakes = "snakes" => crate::snakes::SnakesAndLadders,
    #[cfg(feature = "dice")] Dice = "dice" => crate::dice::DiceBattle,
    #[cfg(feature = "orchard")] Orchard = "orchard" => crate::orchard::Orchard,
    #[cfg(feature = "impartial")] Impartial = "impartial" => crate::impartial::ImpartialGames,
    #[cfg(feature = "graphs")] Graphs = "graphs" => crate::graphs::GameGraphs,
    #[cfg(feature = "search")] Search = "search" => crate::search::GameSearch,
    #[cfg(feature = "connect4")] Connect4 = "connect4" => crate::connect4::ConnectFour,
    #[cfg(feature = "parity")] Parity = "parity" => crate::parity::ParityGames,
    #[cfg(feature = "partizan")] Partizan = "partizan" => crate::partizan::PartizanGames,
}

impl Game {
    /// The family whose `game` key is `key`.
    pub fn from_key(key: &str) -> Option<Game> {
        Game::ALL.iter().copied().find(|g| g.key() == key)
    }

    /// For each key of the family that takes one of a fixed set of values, those values.
    pub fn choices(self) -> Vec<(&'static str, &'static [&'static str])> {
        self.fields()
            .iter()
            .filter_map(|f| match f.kind {
                Kind::Choice { values } => Some((f.key, values)),
                _ => None,
            })
            .collect()
    }

    /// The label of one of the family's keys (the key itself for another).
    pub fn label(self, key: &str) -> Option<Label> {
        self.fields().iter().find(|f| f.key == key).map(|f| f.label)
    }
}

impl Default for Scenario {
    /// The first family's default (Snakes and Ladders in a build with every family).
    fn default() -> Self {
        Scenario::default_for(Game::ALL[0])
    }
}

/// A whole share link: the scenario and, when the link names one, the language.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Link {
    /// The scenario.
    pub scenario: Scenario,
    /// The language the link names.
    pub lang: Option<Lang>,
    /// How the page shows it (presented, embedded).
    pub display: Display,
}

/// The pairs of a query string in their order (a leading `#` or `?` is ignored).
fn query_pairs(query: &str) -> Vec<(String, String)> {
    let query = query.strip_prefix(['#', '?']).unwrap_or(query);
    form_urlencoded::parse(query.as_bytes())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect()
}

/// Links of families that were renamed or split, and the family each opens
/// now: `(old game, old kind, new game)`, a kind of `*` for any other kind
/// (or none). The arena family became four: game graphs (the stick game,
/// Chomp, typed arenas), the search, Connect Four and parity games.
pub const RENAMED: &[(&str, &str, &str)] = &[
    ("arena", "search", "search"),
    ("arena", "connect4", "connect4"),
    ("arena", "parity", "parity"),
    ("arena", "*", "graphs"),
];

/// Keys renamed within a family: `(game, other key, key today)`. The impartial
/// games' subtraction set is the stick game's `take`, as the game graphs and
/// the search write it; Dice Battle's `D` and `N` are the seed's names, which
/// the page's labels show ("D: most dice per turn"), so a link typed with them
/// is read.
pub const RENAMED_KEYS: &[(&str, &str, &str)] = &[
    ("impartial", "set", "take"),
    ("dice", "D", "dice"),
    ("dice", "N", "target"),
];

/// Rewrites an old link's pairs into its family's today ([`RENAMED`]): the
/// `game` key renamed, and `kind` dropped where it chose the new family; a
/// key of [`RENAMED_KEYS`] given its name today. The page then shows the new
/// link in the address bar.
///
/// ```
/// use ludolab::registry::{parse, to_query};
/// let s = parse("game=connect4&v=1&width=7&height=6&moves=4453").unwrap();
/// assert_eq!(to_query(&s), "game=connect4&v=1&width=7&height=6&moves=4453");
/// ```
pub fn renamed(pairs: &mut Vec<(String, String)>) {
    let Some(game) = pairs.iter().position(|(k, _)| k == "game") else {
        return;
    };
    for (family, old, new) in RENAMED_KEYS {
        if pairs[game].1 == *family && !pairs.iter().any(|(k, _)| k == new) {
            for pair in pairs.iter_mut().filter(|(k, _)| k == old) {
                pair.0 = (*new).to_string();
            }
        }
    }
    let kind = pairs.iter().position(|(k, _)| k == "kind");
    let kind_value = kind.map(|i| pairs[i].1.clone());
    let Some(&(_, old_kind, new)) = RENAMED.iter().find(|(old, old_kind, _)| {
        *old == pairs[game].1 && (*old_kind == "*" || kind_value.as_deref() == Some(*old_kind))
    }) else {
        return;
    };
    pairs[game].1 = new.to_string();
    if let (Some(i), true) = (kind, old_kind != "*") {
        pairs.remove(i);
    }
}

/// The family, version, language and display of a link, read before the family's keys.
fn head(params: &mut Params) -> Result<(Game, Option<Lang>, Display), Error> {
    let value = params.take("game").ok_or(Error::MissingKey { key: "game" })?;
    let game = Game::from_key(&value).ok_or_else(|| Error::NotOneOf {
        key: "game",
        value: Quoted::new(&value),
        allowed: FAMILY_KEYS.iter().map(|k| (*k).to_string()).collect(),
    })?;
    if let Some(v) = params.take("v") {
        if v != FORMAT_VERSION {
            return Err(Error::NotOneOf {
                key: "v",
                value: Quoted::new(&v),
                allowed: vec![FORMAT_VERSION.to_string()],
            });
        }
    }
    let lang = match params.take("lang") {
        None => None,
        Some(v) => Some(
            Lang::ALL
                .into_iter()
                .find(|l| l.key() == v)
                .ok_or_else(|| Error::NotOneOf {
                    key: "lang",
                    value: Quoted::new(&v),
                    allowed: Lang::ALL.iter().map(|l| l.key().to_string()).collect(),
                })?,
        ),
    };
    let mut flag = |key: &'static str| match params.take(key) {
        None => Ok(false),
        Some(v) if v == "1" => Ok(true),
        Some(v) => Err(Error::NotOneOf {
            key,
            value: Quoted::new(&v),
            allowed: vec!["1".to_string()],
        }),
    };
    let display = Display {
        present: flag("present")?,
        embed: flag("embed")?,
    };
    Ok((game, lang, display))
}

/// Parses a share-link query (`game=snakes&v=1&preset=audet`; a leading `#` or
/// `?` is ignored). An empty query is the default scenario; keys a link does
/// not set keep their defaults.
///
/// # Errors
/// [`Error::MissingKey`] without `game`; [`Error::NotOneOf`] for an unknown
/// game, version or language; the family's errors for its values;
/// [`Error::UnknownKey`] and [`Error::DuplicateKey`] for keys the family does
/// not have or that appear twice.
///
/// ```
/// use ludolab::registry::{parse, to_query};
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
/// Those of [`parse`].
///
/// ```
/// use ludolab::registry::{link_query, parse_link};
/// use ludolab::toolkit::Lang;
/// let link = parse_link("game=dice&lang=fr").unwrap();
/// assert_eq!(link.lang, Some(Lang::Fr));
/// assert!(link_query(&link).starts_with("game=dice&v=1&lang=fr&"));
/// ```
pub fn parse_link(query: &str) -> Result<Link, Error> {
    read_link(query, false)
}

/// Parses a link as the command line reads its flags: as [`parse`], with the
/// ranges a field's command-line flag reaches beyond the page's and without
/// the checks a family makes for the page only (a parity game of 10⁷ vertices).
///
/// # Errors
/// Those of [`parse`], with the command line's ranges.
///
/// ```
/// use ludolab::registry::{parse, parse_command_line};
/// let big = "game=parity&source=random&vertices=2000000";
/// assert!(parse(big).is_err(), "more than a browser tab holds");
/// assert!(parse_command_line(big).is_ok());
/// ```
pub fn parse_command_line(query: &str) -> Result<Scenario, Error> {
    read_link(query, true).map(|link| link.scenario)
}

fn read_link(query: &str, command_line: bool) -> Result<Link, Error> {
    let mut pairs = query_pairs(query);
    renamed(&mut pairs);
    let mut params = Params::new(pairs)?;
    if command_line {
        params = params.for_command_line();
    }
    if params.is_empty() {
        return Ok(Link {
            scenario: Scenario::default(),
            lang: None,
            display: Display::default(),
        });
    }
    let (game, lang, display) = head(&mut params)?;
    let scenario = game.parse(&mut params)?;
    params.finish(&COMMON_KEYS, game.fields())?;
    Ok(Link {
        scenario,
        lang,
        display,
    })
}

/// A link read by [`check`]: what could be kept, and what could not.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    /// The link without its bad values (defaults in their place).
    pub link: Link,
    /// One error per key at fault, in the order found.
    pub errors: Vec<Error>,
    /// The values typed for the keys at fault, as typed.
    pub typed: Vec<(String, String)>,
}

/// Most keys [`check`] sets aside before giving up on a link.
const MAX_SET_ASIDE: usize = 64;

/// Reads a share link for the page, keeping whatever is valid: the family, its
/// mode and every good value stay, and each bad key (a bad value, an unknown
/// or repeated key, a conflict) is set aside with its error.
///
/// # Errors
/// Only when the family itself cannot be told: no `game`, an unknown one, or a
/// bad version; or [`Error::Unavailable`] when this build cannot read the link
/// (the family's full bundle can). The language is kept when valid.
///
/// ```
/// use ludolab::registry::{check, to_query};
/// let c = check("game=graphs&v=1&kind=chomp&rows=41&cols=3").unwrap();
/// assert_eq!(to_query(&c.link.scenario), "game=graphs&v=1&kind=chomp&rows=4&cols=3");
/// assert_eq!(c.errors[0].key(), Some("rows"));
/// assert_eq!(c.typed, vec![("rows".to_string(), "41".to_string())]);
/// ```
pub fn check(query: &str) -> Result<Checked, Error> {
    let mut pairs = query_pairs(query);
    renamed(&mut pairs);
    let mut errors = Vec::new();
    let mut typed = Vec::new();
    // A repeated key: its first value is read, the others set aside.
    let mut i = 0;
    while i < pairs.len() {
        if pairs[..i].iter().any(|(k, _)| *k == pairs[i].0) {
            let (k, v) = pairs.remove(i);
            errors.push(Error::DuplicateKey { key: Quoted::new(&k) });
            typed.push((k, v));
        } else {
            i += 1;
        }
    }
    if pairs.is_empty() {
        return Ok(Checked {
            link: Link {
                scenario: Scenario::default(),
                lang: None,
                display: Display::default(),
            },
            errors,
            typed,
        });
    }
    let lang = pairs
        .iter()
        .find(|(k, _)| k == "lang")
        .and_then(|(_, v)| Lang::ALL.into_iter().find(|l| l.key() == v));
    // The head must be right: without the family there is nothing to keep. A
    // bad language or display value is set aside like a family's bad value.
    let game = loop {
        match head(&mut Params::new(pairs.clone())?) {
            Ok((game, ..)) => break game,
            Err(e) => {
                let aside = e
                    .key()
                    .filter(|k| *k == "lang" || DISPLAY_KEYS.contains(k))
                    .and_then(|k| pairs.iter().position(|(key, _)| key == k));
                let Some(at) = aside else { return Err(e) };
                typed.push(pairs.remove(at));
                errors.push(e);
            }
        }
    };
    loop {
        match parse_link(&write_query(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))) {
            Ok(link) => return Ok(Checked { link, errors, typed }),
            // Code this build holds back (a Snakes die with fractions past its
            // bound): the link is not at fault, so nothing is set aside; the
            // page reads it again with the family's full bundle.
            Err(e) if e.needs().is_some() => return Err(e),
            Err(e) => {
                // Set the key at fault aside and read the rest again; an error
                // that names no key (or a key not in the link) ends the search.
                let at = e.key().and_then(|k| pairs.iter().position(|(key, _)| key == k));
                match at {
                    Some(at) if errors.len() < MAX_SET_ASIDE && !COMMON_KEYS.contains(&pairs[at].0.as_str()) => {
                        typed.push(pairs.remove(at));
                        errors.push(e);
                    }
                    _ => {
                        errors.push(e);
                        return Ok(Checked {
                            link: Link {
                                scenario: Scenario::default_for(game),
                                lang,
                                display: Display::default(),
                            },
                            errors,
                            typed,
                        });
                    }
                }
            }
        }
    }
}

/// Writes a whole link: as [`to_query`], with `lang` after `v` when the link
/// names one, and its display keys (`present=1`, `embed=1`) last.
pub fn link_query(link: &Link) -> String {
    let query = query_with(&link.scenario, link.lang);
    let flags = [("present", link.display.present), ("embed", link.display.embed)];
    let on: Vec<_> = flags.iter().filter(|(_, on)| *on).map(|(k, _)| (*k, "1")).collect();
    if on.is_empty() {
        query
    } else {
        format!("{query}&{}", write_query(on.into_iter()))
    }
}

/// Writes a scenario as a share-link query: `game`, `v`, then the family's keys
/// in a fixed order, so that equal scenarios give equal links.
pub fn to_query(scenario: &Scenario) -> String {
    query_with(scenario, None)
}

fn query_with(scenario: &Scenario, lang: Option<Lang>) -> String {
    let pairs = scenario.pairs();
    let head = [("game", scenario.game().key()), ("v", FORMAT_VERSION)];
    let lang = lang.map(|l| ("lang", l.key()));
    write_query(
        head.into_iter()
            .chain(lang)
            .chain(pairs.iter().map(|(k, v)| (*k, v.as_str()))),
    )
}

/// A scenario's report with its follow-up `tasks` run after it, as one JSON
/// object: the report's fields, then each task's that the report lacks. What
/// `ludolab report` and every family subcommand's `--json` print, and what
/// Python's `ludolab.report` returns: one function, so the two cannot drift.
/// Native only (the page receives the report itself).
///
/// # Errors
/// The solvers' errors, an unknown task, or [`Error::InvalidValue`] (key
/// `report`) if a report could not be written as JSON (a bug).
#[cfg(not(target_arch = "wasm32"))]
pub fn json_report(scenario: &Scenario, tasks: &[&str], progress: Progress) -> Result<serde_json::Value, Error> {
    let report = scenario.analyse(progress)?;
    let unwritable = |e: serde_json::Error| Error::InvalidValue {
        key: "report",
        value: Quoted::new(&e.to_string()),
        expected: crate::toolkit::Text::same("a report that serde_json can write"),
    };
    let mut value = serde_json::to_value(&report).map_err(unwritable)?;
    for task in tasks {
        let extra = scenario.extra(task, progress)?;
        if let (Some(map), serde_json::Value::Object(more)) =
            (value.as_object_mut(), serde_json::to_value(&extra).map_err(unwritable)?)
        {
            for (k, v) in more {
                map.entry(k).or_insert(v);
            }
        }
    }
    Ok(value)
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
                "invalid value \"chess\" for \"game\" (expected one of snakes, dice, orchard, impartial, graphs, search, connect4, parity, partizan)",
            ),
            ("game=snakes&v=2", "invalid value \"2\" for \"v\" (expected one of 1)"),
            ("game=snakes&colour=red", "unknown key \"colour\" (allowed: game, v, lang, present, embed, preset, squares, ladder, snake, die, rule, matrix, width, method, players, starts, exact)"),
            ("game=dice&preset=audet", "unknown key \"preset\" (allowed: game, v, lang, present, embed, mode, dice, target, first, second, simulate, seed, exact)"),
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
    fn old_arena_links_open_the_family_they_name() {
        for (old, new) in [
            (
                "game=arena&v=1&kind=connect4&width=7&height=6&moves=4453",
                "game=connect4&v=1&width=7&height=6&moves=4453",
            ),
            ("#game=arena&kind=connect4", "game=connect4&v=1&width=5&height=5&moves="),
            (
                "game=arena&v=1&lang=fr&kind=parity&source=ladder&size=4",
                "game=parity&v=1&lang=fr&source=ladder&size=4&solver=portfolio",
            ),
            (
                "game=arena&kind=search&search=chomp&rows=3&cols=3&depth=end",
                "game=search&v=1&search=chomp&rows=3&cols=3&depth=end&heuristic=parity&algorithm=alphabeta&moves=",
            ),
            (
                "game=arena&v=1&kind=chomp&rows=4&cols=3",
                "game=graphs&v=1&kind=chomp&rows=4&cols=3",
            ),
            (
                "game=arena",
                "game=graphs&v=1&kind=subtraction&sticks=9&take=1%2C2%2C3&misere=yes",
            ),
        ] {
            assert_eq!(link_query(&parse_link(old).unwrap()), new, "{old}");
            // The page's reading keeps the family and every good value of a bad old link too.
            assert_eq!(link_query(&check(old).unwrap().link), new, "{old}");
        }
        let c = check("game=arena&kind=connect4&width=9&moves=44").unwrap();
        assert_eq!(c.link.scenario.game(), Game::Connect4);
        assert_eq!(c.errors[0].key(), Some("width"));
        // A kind the old family never had is still the game graphs' to refuse, by name.
        assert_eq!(parse("game=arena&kind=go").unwrap_err().key(), Some("kind"));
    }

    /// Each pair whose views need code a web bundle holds back opens a view of
    /// its family that native builds compute, and names a feature that native
    /// builds have by default and the family's own bundle holds back
    /// (Cargo.toml's `package.metadata.ludolab.later`: the page then fetches
    /// the family's full bundle at once).
    #[test]
    fn held_back_pairs_name_views_and_the_features_their_bundle_leaves_out() {
        let cargo = include_str!("../Cargo.toml");
        let later = cargo.split("[package.metadata.ludolab.later]").nth(1).unwrap();
        let later = later.split("\n\n").next().unwrap();
        let default = cargo.lines().find(|l| l.starts_with("default = ")).unwrap();
        let mut pairs = Vec::new();
        for &g in Game::ALL {
            for h in g.held_back() {
                let link = format!("game={}&v=1&{}={}", g.key(), h.key, h.value);
                let scenario = parse(&link).unwrap_or_else(|e| panic!("{link}: {e}"));
                assert!(scenario.analyse(&mut |_, _| {}).is_ok(), "{link}");
                let line = later.lines().find(|l| l.starts_with(&format!("{} = ", g.key())));
                assert!(
                    line.is_some_and(|l| l.contains(&format!("\"{}\"", h.feature))),
                    "{link}: {later}"
                );
                assert!(default.contains(&format!("\"{}\"", h.feature)), "{link}: {default}");
                pairs.push(link);
            }
        }
        assert_eq!(pairs, ["game=impartial&v=1&mode=quotient"]);
    }

    #[test]
    fn every_family_key_is_listed_in_menu_order() {
        let keys: Vec<_> = Game::ALL.iter().map(|g| g.key()).collect();
        assert_eq!(keys, FAMILY_KEYS);
    }

    #[test]
    fn defaults_fill_what_a_link_leaves_out() {
        assert_eq!(parse("").unwrap(), Scenario::default());
        assert_eq!(parse("#").unwrap(), Scenario::default());
        assert_eq!(parse("game=snakes").unwrap(), Scenario::default_for(Game::Snakes));
        // Every mode opens on its own defaults (misère octal play on two small heaps).
        assert_eq!(
            to_query(&parse("game=impartial&mode=misere").unwrap()),
            "game=impartial&v=1&mode=misere&of=octal&code=0.77&heaps=3%2C4"
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

    #[test]
    fn a_bad_value_keeps_the_family_the_mode_and_the_good_values() {
        let cases = [
            (
                "game=graphs&v=1&kind=chomp&rows=41&cols=3",
                "rows",
                "game=graphs&v=1&kind=chomp&rows=4&cols=3",
            ),
            (
                "game=impartial&v=1&mode=octal&code=9.99&up_to=500",
                "code",
                "game=impartial&v=1&mode=octal&code=0.77&up_to=500",
            ),
            (
                "game=dice&v=1&mode=one-turn&dice=0",
                "dice",
                "game=dice&v=1&mode=one-turn&dice=10",
            ),
            (
                "game=dice&v=1&lang=fr&mode=compare&target=x&colour=red",
                "target",
                "game=dice&v=1&lang=fr&mode=compare&dice=10&target=100",
            ),
        ];
        for (query, key, kept) in cases {
            let c = check(query).unwrap();
            assert_eq!(link_query(&c.link), kept, "{query}");
            assert_eq!(c.errors[0].key(), Some(key), "{query}");
            assert!(parse(query).is_err());
        }
        let c = check("game=dice&v=1&lang=fr&mode=compare&target=x&colour=red").unwrap();
        assert_eq!(c.errors.len(), 2);
        assert_eq!(
            c.typed,
            vec![("target".into(), "x".into()), ("colour".into(), "red".into())]
        );
        assert!(check("game=chess").is_err());
        assert!(check("game=dice&lang=de").unwrap().errors[0].key() == Some("lang"));
    }

    #[test]
    fn display_keys_round_trip_and_a_bad_one_is_set_aside() {
        let link = parse_link("game=dice&embed=1&lang=fr&present=1").unwrap();
        assert_eq!(
            link.display,
            Display {
                present: true,
                embed: true
            }
        );
        assert_eq!(
            link_query(&link),
            "game=dice&v=1&lang=fr&mode=sequential&dice=10&target=100&present=1&embed=1"
        );
        assert_eq!(parse_link("game=dice").unwrap().display, Display::default());
        assert_eq!(
            parse("game=dice&present=yes").unwrap_err().to_string(),
            "invalid value \"yes\" for \"present\" (expected one of 1)"
        );
        // One bad display value among good ones: the rest of the link is kept.
        let c = check("game=graphs&v=1&kind=chomp&rows=5&present=2&embed=1").unwrap();
        assert_eq!(link_query(&c.link), "game=graphs&v=1&kind=chomp&rows=5&cols=3&embed=1");
        assert_eq!(c.errors[0].key(), Some("present"));
        assert_eq!(c.typed, vec![("present".into(), "2".into())]);
        // Both bad, with a bad language: three errors, the family kept.
        let c = check("game=orchard&lang=xx&present=0&embed=no").unwrap();
        assert_eq!(c.errors.len(), 3);
        assert_eq!(c.link.scenario.game(), Game::Orchard);
    }

    #[test]
    fn defaults_are_cheap_and_the_largest_inputs_ask_first() {
        for &game in Game::ALL {
            let c = Scenario::default_for(game).cost();
            assert!(c.seconds < 1.0 && c.megabytes < 200.0, "{game:?}: {c:?}");
        }
        for heavy in [
            "game=orchard&trees=8&fruits=20&crows=20&strategy=optimal",
            "game=dice&mode=simultaneous&dice=15&target=200",
            "game=snakes&squares=200&method=vectorised",
            // The exact fractions' largest game within their limit (175,032 positions).
            "game=orchard&trees=7&fruits=10&exact=yes",
        ] {
            let c = parse(heavy).unwrap().cost();
            assert!(c.seconds > crate::toolkit::CONFIRM_SECONDS, "{heavy}: {c:?}");
            assert!(c.megabytes < 2000.0, "{heavy}: {c:?}");
        }
        // A dense typed matrix's exact P and E fill the whole elimination: 12 squares
        // took 6.3 s natively, where a board of 12 takes milliseconds.
        let dense = (0..12)
            .map(|i| {
                (0..12)
                    .map(|j| if (i + j) % 4 == 3 { "0" } else { "1/13" })
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect::<Vec<_>>()
            .join(";");
        let c = parse(&format!("game=snakes&matrix={dense}&method=exact"))
            .unwrap()
            .cost();
        assert!(c.seconds > crate::toolkit::CONFIRM_SECONDS, "{c:?}");
        // A period proven early makes a long octal computation cheap.
        let kayles = parse("game=impartial&mode=octal&code=0.77&up_to=1000000")
            .unwrap()
            .cost();
        let hard = parse("game=impartial&mode=octal&code=0.16&up_to=1000000")
            .unwrap()
            .cost();
        assert!(
            kayles.seconds < 0.1 && hard.seconds > 10.0 * kayles.seconds,
            "{kayles:?} {hard:?}"
        );
    }

    #[test]
    fn every_family_lists_its_keys_once_with_a_label_in_both_languages() {
        for &game in Game::ALL {
            let fields = game.fields();
            for (i, f) in fields.iter().enumerate() {
                assert!(
                    fields[..i].iter().all(|g| g.key != f.key),
                    "{}: {} twice",
                    game.key(),
                    f.key
                );
                assert!(!f.label.en.is_empty() && !f.label.fr.is_empty(), "{}", f.key);
                assert!(!COMMON_KEYS.contains(&f.key));
            }
            // Every key the default scenario writes is a field.
            for (key, _) in Scenario::default_for(game).pairs() {
                assert!(game.label(key).is_some(), "{}: {key}", game.key());
            }
        }
    }
}
