//! The one error type of the crate.
//!
//! Every variant names the value at fault and, where there is one, the allowed
//! range or set, so that a message can be shown next to the field that caused it.

use crate::scenario::Lang;
use std::fmt;

/// Longest user-supplied value quoted in a message; longer ones are cut, so that
/// a hostile link cannot produce a megabyte-long error.
const MAX_QUOTED: usize = 40;

/// A user-supplied value, quoted safely in messages (truncated, control characters escaped).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quoted(pub String);

impl Quoted {
    /// Quotes `value`, keeping at most 40 characters.
    pub fn new(value: &str) -> Self {
        let mut s: String = value.chars().take(MAX_QUOTED).collect();
        if value.chars().count() > MAX_QUOTED {
            s.push('…');
        }
        Quoted(s)
    }
}

impl fmt::Display for Quoted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\"", self.0.escape_debug())
    }
}

/// A message in the page's two languages; English is what the CLI prints.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Text {
    pub en: String,
    pub fr: String,
}

impl Text {
    /// A text written the same in both languages: a link key, a formula.
    pub fn same(text: impl Into<String>) -> Text {
        let en = text.into();
        Text { fr: en.clone(), en }
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.en)
    }
}

/// A [`Text`] from an English and a French format string sharing their arguments:
/// `text!("{n} trees", "{n} arbres")`.
#[macro_export]
macro_rules! text {
    ($en:literal, $fr:literal $(, $arg:expr)* $(,)?) => {
        $crate::error::Text {
            en: format!($en $(, $arg)*),
            fr: format!($fr $(, $arg)*),
        }
    };
}

/// Everything that can go wrong in Ludolab, with messages meant for the user.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Error {
    /// A share-link or CLI key that the scenario does not have.
    #[error("unknown key {key} (allowed: {allowed})")]
    UnknownKey { key: Quoted, allowed: String },
    /// A key given twice in one link.
    #[error("key {key} is given more than once")]
    DuplicateKey { key: Quoted },
    /// A key that must be present is missing.
    #[error("missing key \"{key}\"")]
    MissingKey { key: &'static str },
    /// A value that is not one of the allowed ones.
    #[error("invalid value {value} for \"{key}\" (expected {expected})")]
    InvalidValue {
        key: &'static str,
        value: Quoted,
        expected: Text,
    },
    /// A number outside its allowed range.
    #[error("{what} = {value} is out of range (allowed: {min} to {max})")]
    OutOfRange {
        what: Text,
        value: String,
        min: String,
        max: String,
    },
    /// A value that is valid alone but not with the rest of the scenario.
    #[error("{message}")]
    Conflict { key: &'static str, message: Text },
    /// A board that breaks a rule of the game; the message names the square or face at fault.
    #[error("invalid board: {0}")]
    InvalidBoard(Text),
    /// A characteristic matrix from which the goal cannot be reached everywhere.
    #[error("games can last forever: the goal cannot be reached from square(s) {}", list(.trapped, Lang::En))]
    NotTerminating { trapped: Vec<usize> },
    /// A linear system that could not be solved.
    #[error("{what}: the linear system is singular or ill-conditioned")]
    Singular { what: Text },
    /// A computation refused because the input is too large for the method.
    #[error("{0}")]
    TooLarge(Text),
    /// An iterative method that did not reach its tolerance within its step limit.
    #[error("{method} did not converge within {steps} steps (remaining mass {remaining:e})")]
    NoConvergence {
        method: &'static str,
        steps: usize,
        remaining: f64,
    },
}

impl Error {
    /// The share-link key at fault, when the error is about one.
    /// [`Error::OutOfRange`] from any printable numbers.
    pub fn out_of_range(what: Text, value: impl fmt::Display, min: impl fmt::Display, max: impl fmt::Display) -> Error {
        Error::OutOfRange {
            what,
            value: value.to_string(),
            min: min.to_string(),
            max: max.to_string(),
        }
    }

    /// The message in `lang`: English is the [`Display`](fmt::Display) text.
    pub fn message(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            Error::UnknownKey { key, allowed } => format!("clé inconnue {key} (clés permises : {allowed})"),
            Error::DuplicateKey { key } => format!("la clé {key} est donnée plusieurs fois"),
            Error::MissingKey { key } => format!("clé \"{key}\" manquante"),
            Error::InvalidValue { key, value, expected } => {
                format!("valeur {value} invalide pour \"{key}\" (attendu : {})", expected.fr)
            }
            Error::OutOfRange { what, value, min, max } => {
                format!("{} = {value} est hors limites (permis : de {min} à {max})", what.fr)
            }
            Error::Conflict { message, .. } => message.fr.clone(),
            Error::InvalidBoard(why) => format!("plateau invalide : {}", why.fr),
            Error::NotTerminating { trapped } => format!(
                "la partie peut durer indéfiniment : l'arrivée est inaccessible depuis la ou les cases {}",
                list(trapped, Lang::Fr)
            ),
            Error::Singular { what } => format!("{} : le système linéaire est singulier ou mal conditionné", what.fr),
            Error::TooLarge(why) => why.fr.clone(),
            Error::NoConvergence {
                method,
                steps,
                remaining,
            } => format!("{method} n'a pas convergé en {steps} pas (masse restante {remaining:e})"),
        }
    }

    /// The message in both languages (to wrap one error's message in another).
    pub fn text(&self) -> Text {
        Text {
            en: self.message(Lang::En),
            fr: self.message(Lang::Fr),
        }
    }

    pub fn key(&self) -> Option<&str> {
        match self {
            Error::UnknownKey { key, .. } | Error::DuplicateKey { key } => Some(&key.0),
            Error::MissingKey { key } | Error::InvalidValue { key, .. } | Error::Conflict { key, .. } => Some(key),
            _ => None,
        }
    }
}

fn list(items: &[usize], lang: Lang) -> String {
    const SHOWN: usize = 20;
    let mut s = items
        .iter()
        .take(SHOWN)
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    if items.len() > SHOWN {
        let more = items.len() - SHOWN;
        s.push_str(&match lang {
            Lang::En => format!(" and {more} more"),
            Lang::Fr => format!(" et {more} de plus"),
        });
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_values_are_truncated_and_escaped() {
        let long = "x".repeat(100);
        assert_eq!(Quoted::new(&long).to_string().chars().count(), 43);
        assert_eq!(Quoted::new("a\"b\n").to_string(), "\"a\\\"b\\n\"");
    }

    #[test]
    fn trapped_lists_are_shortened() {
        let e = Error::NotTerminating {
            trapped: (0..25).collect(),
        };
        assert!(e.to_string().ends_with("19 and 5 more"), "{e}");
    }
}

#[cfg(test)]
mod french {
    use crate::scenario::{parse, Lang};

    /// The French message says the same thing: the same key, value and bounds.
    #[test]
    fn french_messages_keep_the_key_the_value_and_the_range() {
        let cases = [
            ("game=orchard&trees=12", "valeur \"12\" invalide pour \"trees\" (attendu : un nombre entier de 1 à 8)"),
            ("game=snakes&colour=red", "clé inconnue \"colour\" (clés permises : game, v, lang, preset, squares, ladder, snake, die, rule, matrix, width, method, players, starts)"),
            ("game=snakes&ladder=9:3", "l'échelle 9→3 descend : écrivez-la comme un serpent"),
            ("game=dice&lang=de", "valeur \"de\" invalide pour \"lang\" (attendu : l'une des valeurs en, fr)"),
        ];
        for (query, french) in cases {
            let e = parse(query).unwrap_err();
            assert_eq!(e.message(Lang::Fr), french, "{query}");
            assert_eq!(e.message(Lang::En), e.to_string());
            assert_ne!(e.message(Lang::Fr), e.to_string());
        }
    }
}
