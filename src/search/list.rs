//! The searched games, listed once (`searched_games!`): each line names a
//! game's variant, its link name (the `search` key) and its file. Everything
//! that depends on the list is made from it here: [`SearchGame`], each game's
//! keys ([`GameKeys`]), the family's fields and the heuristics' names
//! ([`GAME_FIELDS`], [`HEURISTIC_NAMES`]), and `with_game!`, the one place a
//! link's game is built. A game's file gives its `HEURISTICS`, its `FIELDS`
//! and their `Keys` (read and written there), `prepare` (what the keys build:
//! a board, a parsed arena) and `game` (the searched game over it).

use super::keys::{Algorithm, Heuristic};
use super::{chomp, connect4, hex, sticks, tictactoe, typed};
use crate::toolkit::{Error, Field, Label, Params};

/// The searched games: variant = link name => file. A new game is its file
/// and one line here (and its drawing in the page).
macro_rules! searched_games {
    ($callback:ident ! ($($args:tt)*)) => {
        $callback! { ($($args)*)
            TicTacToe = "tictactoe" => tictactoe,
            ConnectFour = "connect4" => connect4,
            Chomp = "chomp" => chomp,
            Sticks = "sticks" => sticks,
            Arena = "arena" => typed,
            Hex = "hex" => hex,
        }
    };
}

macro_rules! define_games {
    (() $($variant:ident = $name:literal => $module:ident,)*) => {
        /// Which game is searched.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum SearchGame {
            $(
                #[doc = concat!("The game of `", stringify!($module), ".rs` (`search=", $name, "`).")]
                $variant,
            )*
        }

        impl SearchGame {
            /// Every game, in menu order.
            pub const ALL: &'static [SearchGame] = &[$(SearchGame::$variant),*];
            /// Their link names, in the same order.
            pub const NAMES: &'static [&'static str] = &[$($name),*];
            /// What the page's menu calls them (each game's `TITLE`), in the same order.
            pub const LABELS: &'static [Label] = &[$($module::TITLE),*];

            /// The value of the `search` key.
            pub fn name(self) -> &'static str {
                Self::NAMES[self as usize]
            }

            /// The game's heuristics; the first is its default.
            pub fn heuristics(self) -> &'static [Heuristic] {
                match self {
                    $(SearchGame::$variant => $module::HEURISTICS,)*
                }
            }

            /// What a link writes between two moves (each game's `MOVES_JOINED_BY`):
            /// a comma, or nothing where every move is one character.
            pub fn moves_joined_by(self) -> &'static str {
                match self {
                    $(SearchGame::$variant => $module::MOVES_JOINED_BY,)*
                }
            }

            /// The game's own link keys.
            pub fn fields(self) -> &'static [Field] {
                match self {
                    $(SearchGame::$variant => $module::FIELDS,)*
                }
            }
        }

        /// Every game's own keys, as the link gives them (each game reads and
        /// writes its own; a link may carry another game's, which are checked
        /// and left out of the canonical link).
        #[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
        pub struct GameKeys {
            $(
                #[doc = concat!("The keys of `", stringify!($module), ".rs`.")]
                pub $module: $module::Keys,
            )*
        }

        impl GameKeys {
            /// Reads every game's keys (absent keys keep their values).
            ///
            /// # Errors
            /// The first key at fault.
            pub fn read(&mut self, params: &mut Params) -> Result<(), Error> {
                $(self.$module.read(params)?;)*
                Ok(())
            }

            /// The link's pairs of `game`'s keys.
            pub fn write(&self, game: SearchGame, out: &mut Vec<(&'static str, String)>) {
                match game {
                    $(SearchGame::$variant => self.$module.write(out),)*
                }
            }
        }

        const GAME_FIELD_COUNT: usize = 0 $(+ $module::FIELDS.len())*;
        /// Every game's own keys, in list order (each key once: no two games share one).
        pub const GAME_FIELDS: [Field; GAME_FIELD_COUNT] = concat_fields(&[$($module::FIELDS),*]);

        const HEURISTIC_COUNT: usize = 0 $(+ $module::HEURISTICS.len())*;
        const HEURISTIC_UNION: ([&str; HEURISTIC_COUNT], usize) = union_names(&[$($module::HEURISTICS),*]);
        /// Every heuristic name of every game, each once (the `heuristic` key's values).
        pub const HEURISTIC_NAMES: &[&str] = HEURISTIC_UNION.0.split_at(HEURISTIC_UNION.1).0;
    };
}

searched_games!(define_games!());

/// Builds the game a link asks for and runs `$body` with `$g` bound to it;
/// `?` returns the game's own errors (an arena that does not parse).
macro_rules! with_game {
    ($ask:expr, |$g:ident| $body:expr) => {
        searched_games!(match_game!($ask, $g, $body))
    };
}

macro_rules! match_game {
    (($ask:expr, $g:ident, $body:expr) $($variant:ident = $name:literal => $module:ident,)*) => {{
        let ask: &$crate::search::SearchAsk = $ask;
        match ask.game {
            $(
                $crate::search::SearchGame::$variant => {
                    let prepared = $module::prepare(&ask.keys.$module)?;
                    let $g = &$module::game(&prepared);
                    $body
                }
            )*
        }
    }};
}

pub(crate) use {match_game, searched_games, with_game};

/// What a search link asks: the search's only input.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchAsk {
    /// The game.
    pub game: SearchGame,
    /// Its keys (and every other game's, unused).
    pub keys: GameKeys,
    /// The moves played from the start.
    pub moves: Vec<String>,
    /// The depth limit (none: to the end).
    pub depth: Option<u32>,
    /// The heuristic's name.
    pub heuristic: &'static str,
    /// The chosen algorithm.
    pub algorithm: Algorithm,
    /// The nodes a run may visit.
    pub node_limit: u64,
}

impl SearchAsk {
    /// The heuristic's place in the game's list (the engine's index).
    pub fn heuristic_index(&self) -> usize {
        self.game
            .heuristics()
            .iter()
            .position(|h| h.name == self.heuristic)
            .unwrap_or(0)
    }
}

/// The fields of several lists as one array, in order.
pub(super) const fn concat_fields<const N: usize>(lists: &[&[Field]]) -> [Field; N] {
    let mut out = [Field::whole("", Label::new("", ""), 0, 0); N];
    let (mut k, mut i) = (0, 0);
    while i < lists.len() {
        let mut j = 0;
        while j < lists[i].len() {
            out[k] = lists[i][j];
            k += 1;
            j += 1;
        }
        i += 1;
    }
    assert!(k == N, "the games' fields were miscounted");
    out
}

/// The names of several heuristic lists, each once, in order of first
/// appearance, and how many there are.
const fn union_names<const N: usize>(lists: &[&[Heuristic]]) -> ([&'static str; N], usize) {
    let mut out = [""; N];
    let (mut n, mut i) = (0, 0);
    while i < lists.len() {
        let mut j = 0;
        while j < lists[i].len() {
            let name = lists[i][j].name;
            let mut seen = false;
            let mut k = 0;
            while k < n {
                seen = seen || crate::toolkit::same_str(out[k], name);
                k += 1;
            }
            if !seen {
                out[n] = name;
                n += 1;
            }
            j += 1;
        }
        i += 1;
    }
    (out, n)
}
