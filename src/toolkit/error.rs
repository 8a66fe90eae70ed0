//! The one error type of the crate.
//!
//! Every kind is structured: it keeps the share-link key at fault, the value
//! typed, the range or set allowed and the limit crossed as fields, read by
//! accessors ([`Error::key`], [`Error::value`], [`Error::range`],
//! [`Error::limit`]). The messages are built from those fields, in English
//! ([`Display`](fmt::Display), the CLI) and French ([`Error::message`]), so that
//! a message can be shown next to the field that caused it.

use super::lang::Lang;
use std::fmt;

/// Longest user-supplied value quoted in a message; longer ones are cut, so that
/// a hostile link cannot produce a megabyte-long error.
const MAX_QUOTED: usize = 40;

/// A user-supplied value, quoted safely in messages (truncated, invisible
/// characters shown as signs: [`visible`](super::text::visible)).
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
        // A quotation mark inside the value is shown as a double prime (″), which does not end the quote and every common font has.
        let shown: String = self
            .0
            .chars()
            .map(|c| if c == '"' { '″' } else { super::text::visible(c) })
            .collect();
        write!(f, "\"{shown}\"")
    }
}

/// A message in the page's two languages; English is what the CLI prints.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Text {
    /// The English text.
    pub en: String,
    /// The French text.
    pub fr: String,
}

impl Text {
    /// A text written the same in both languages: a link key, a formula.
    pub fn same(text: impl Into<String>) -> Text {
        let en = text.into();
        Text { fr: en.clone(), en }
    }

    /// A text from its two languages as formatted: long numbers grouped by
    /// thousands as each language writes them, each `{word|words}` agreeing
    /// with its number ([`text!`](crate::text) calls it: one call per message,
    /// kept out of line so that the hundreds of messages do not each carry it).
    #[inline(never)]
    pub fn written(en: String, fr: String) -> Text {
        Text {
            en: super::text::agree(&super::text::grouped(&en, Lang::En), Lang::En),
            fr: super::text::agree(&super::text::grouped(&fr, Lang::Fr), Lang::Fr),
        }
    }

    /// The text in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Fr => &self.fr,
        }
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.en)
    }
}

/// A [`Text`] from an English and a French format string sharing their arguments:
/// `text!("{n} {{tree|trees}}", "{n} {{arbre|arbres}}")`. A word in doubled braces
/// agrees with the number before it ([`agree`](super::text::agree)); numbers of five
/// digits or more are grouped by thousands ([`grouped`](super::text::grouped)).
#[macro_export]
macro_rules! text {
    ($en:literal, $fr:literal $(, $arg:expr)* $(,)?) => {
        $crate::toolkit::Text::written(format!($en $(, $arg)*), format!($fr $(, $arg)*))
    };
}

/// Everything that can go wrong in Ludolab, with messages meant for the user.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Error {
    /// A share-link or CLI key that the scenario does not have.
    #[error("unknown key {key} (allowed: {})", .allowed.join(", "))]
    UnknownKey {
        /// The key as typed.
        key: Quoted,
        /// Every key the family accepts.
        allowed: Vec<&'static str>,
    },
    /// A key given twice in one link.
    #[error("key {key} is given more than once")]
    DuplicateKey {
        /// The key as typed.
        key: Quoted,
    },
    /// A key that must be present is missing.
    #[error("missing key \"{key}\"")]
    MissingKey {
        /// The missing key.
        key: &'static str,
    },
    /// A value that is not one of a fixed set.
    #[error("invalid value {value} for \"{key}\" (expected one of {})", .allowed.join(", "))]
    NotOneOf {
        /// The key at fault.
        key: &'static str,
        /// The value as typed.
        value: Quoted,
        /// The values allowed.
        allowed: Vec<String>,
    },
    /// A value that should be a whole number in `min..=max`.
    #[error("invalid value {value} for \"{key}\" (expected a whole number from {min} to {max})")]
    NotWhole {
        /// The key at fault.
        key: &'static str,
        /// The value as typed.
        value: Quoted,
        /// Smallest value allowed.
        min: u64,
        /// Largest value allowed.
        max: u64,
    },
    /// A value that should be 1 to `most` whole numbers in `min..=max`, separated by commas.
    #[error(
        "invalid value {value} for \"{key}\" (expected 1 to {most} whole numbers from {min} to {max}, separated by commas)"
    )]
    NotWholeList {
        /// The key at fault.
        key: &'static str,
        /// The value as typed.
        value: Quoted,
        /// Smallest number allowed.
        min: u64,
        /// Largest number allowed.
        max: u64,
        /// Most numbers allowed.
        most: usize,
    },
    /// A value whose form is wrong: `expected` says what is accepted.
    #[error("invalid value {value} for \"{key}\" (expected {expected})")]
    InvalidValue {
        /// The key at fault.
        key: &'static str,
        /// The value (or the part of it) at fault.
        value: Quoted,
        /// What the key accepts.
        expected: Text,
    },
    /// A number outside its allowed range (not tied to one link key).
    #[error("{what} = {value} is out of range (allowed: {min} to {max})")]
    OutOfRange {
        /// What the number counts.
        what: Text,
        /// The number.
        value: String,
        /// Smallest value allowed.
        min: String,
        /// Largest value allowed.
        max: String,
    },
    /// A value that is valid alone but not with the rest of the scenario.
    #[error("{message}")]
    Conflict {
        /// The key to change.
        key: &'static str,
        /// Why, naming the other keys.
        message: Text,
    },
    /// A board that breaks a rule of the game; the message names the square or face at fault.
    #[error("invalid board: {0}")]
    InvalidBoard(Text),
    /// Successor lists that do not form an arena (a bug of a builder, or a typed arena).
    #[error("invalid arena: {0}")]
    InvalidArena(Text),
    /// A game file that breaks its format: the line (from 1) and what is wrong there.
    #[error("line {line}: {what}")]
    Malformed {
        /// The line at fault, counted from 1.
        line: usize,
        /// What is wrong on it.
        what: Text,
    },
    /// A characteristic matrix from which the goal cannot be reached everywhere.
    #[error("games can last forever: the goal cannot be reached from square(s) {}", list(.trapped, Lang::En))]
    NotTerminating {
        /// The squares from which the goal cannot be reached.
        trapped: Vec<usize>,
    },
    /// A linear system that could not be solved.
    #[error("{what}: the linear system is singular or ill-conditioned")]
    Singular {
        /// Which system.
        what: Text,
    },
    /// A computation refused because its input is too large for the method.
    #[error("{message}")]
    TooLarge {
        /// What is too large and what to do instead.
        message: Text,
        /// The size of this input, when it is known before starting.
        size: Option<u64>,
        /// The most the method takes, in the same unit.
        limit: u64,
    },
    /// Play asked of a family or mode that has none.
    #[error("there is no play in {what}")]
    NotPlayable {
        /// The family or mode.
        what: Text,
    },
    /// Code this build leaves out: a family's web bundle is built without its
    /// `later` features (Cargo.toml, `package.metadata.ludolab.later`) so that
    /// most links download less; the page's worker then loads the family's full
    /// bundle and asks again. Never raised by a native build (it has every feature).
    #[error("{what}: this needs a part of the solver that is not downloaded yet ({feature}); check the connection and try again")]
    Unavailable {
        /// What was asked for.
        what: Text,
        /// The cargo feature that holds it.
        feature: &'static str,
    },
    /// An iterative method that did not reach its tolerance within its step limit.
    #[error("{method} did not converge within {steps} steps (remaining mass {remaining:e})")]
    NoConvergence {
        /// The method.
        method: &'static str,
        /// Steps made.
        steps: usize,
        /// What was left when it stopped.
        remaining: f64,
    },
}

impl Error {
    /// [`Error::OutOfRange`] from any printable numbers.
    pub fn out_of_range(what: Text, value: impl fmt::Display, min: impl fmt::Display, max: impl fmt::Display) -> Error {
        Error::OutOfRange {
            what,
            value: value.to_string(),
            min: min.to_string(),
            max: max.to_string(),
        }
    }

    /// [`Error::TooLarge`]: `size` of this input where known, `limit` the most allowed.
    pub fn too_large(message: Text, size: Option<u64>, limit: u64) -> Error {
        Error::TooLarge { message, size, limit }
    }

    /// The message in `lang`: English is the [`Display`](fmt::Display) text;
    /// long numbers are grouped by thousands as `lang` writes them (a value
    /// quoted as typed is left as it is).
    pub fn message(&self, lang: Lang) -> String {
        super::text::grouped(&self.message_ungrouped(lang), lang)
    }

    fn message_ungrouped(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            Error::UnknownKey { key, allowed } => {
                format!("clé inconnue {key} (clés permises : {})", allowed.join(", "))
            }
            Error::DuplicateKey { key } => format!("la clé {key} est donnée plusieurs fois"),
            Error::MissingKey { key } => format!("clé \"{key}\" manquante"),
            Error::NotOneOf { key, value, .. }
            | Error::NotWhole { key, value, .. }
            | Error::NotWholeList { key, value, .. }
            | Error::InvalidValue { key, value, .. } => {
                format!(
                    "valeur {value} invalide pour \"{key}\" (attendu : {})",
                    self.expected(lang)
                )
            }
            Error::OutOfRange { what, value, min, max } => {
                format!("{} = {value} est hors limites (permis : de {min} à {max})", what.fr)
            }
            Error::Conflict { message, .. } | Error::TooLarge { message, .. } => message.fr.clone(),
            Error::InvalidBoard(why) => format!("plateau invalide : {}", why.fr),
            Error::InvalidArena(why) => format!("arène invalide : {}", why.fr),
            Error::Malformed { line, what } => format!("ligne {line} : {}", what.fr),
            Error::NotTerminating { trapped } => format!(
                "la partie peut durer indéfiniment : l'arrivée est inaccessible depuis la ou les cases {}",
                list(trapped, Lang::Fr)
            ),
            Error::Singular { what } => format!("{} : le système linéaire est singulier ou mal conditionné", what.fr),
            Error::NotPlayable { what } => format!("il n'y a pas de partie à jouer dans {}", what.fr),
            Error::Unavailable { what, feature } => {
                format!(
                    "{} : il faut une partie du solveur pas encore téléchargée ({feature}) ; vérifiez la connexion et réessayez",
                    what.fr
                )
            }
            Error::NoConvergence {
                method,
                steps,
                remaining,
            } => format!("{method} n'a pas convergé en {steps} pas (masse restante {remaining:e})"),
        }
    }

    /// What a value of the key at fault should be, in `lang` (empty for kinds
    /// that are not about one value).
    pub fn expected(&self, lang: Lang) -> String {
        let fr = lang == Lang::Fr;
        match self {
            Error::NotOneOf { allowed, .. } => {
                let list = allowed.join(", ");
                if fr {
                    format!("l'une des valeurs {list}")
                } else {
                    format!("one of {list}")
                }
            }
            Error::NotWhole { min, max, .. } => {
                if fr {
                    format!("un nombre entier de {min} à {max}")
                } else {
                    format!("a whole number from {min} to {max}")
                }
            }
            Error::NotWholeList { min, max, most, .. } => {
                if fr {
                    format!("de 1 à {most} nombres entiers de {min} à {max}, séparés par des virgules")
                } else {
                    format!("1 to {most} whole numbers from {min} to {max}, separated by commas")
                }
            }
            Error::InvalidValue { expected, .. } => expected.get(lang).to_string(),
            _ => String::new(),
        }
    }

    /// The message to show beside the field at fault, which the page labels:
    /// what was typed and what is expected, without the link key.
    pub fn detail(&self, lang: Lang) -> String {
        match self {
            Error::NotOneOf { value, .. }
            | Error::NotWhole { value, .. }
            | Error::NotWholeList { value, .. }
            | Error::InvalidValue { value, .. } => match lang {
                Lang::En => format!("{value} is not valid: expected {}", self.expected(lang)),
                Lang::Fr => format!("{value} n’est pas valide : attendu {}", self.expected(lang)),
            },
            _ => self.message(lang),
        }
    }

    /// The message in both languages (to wrap one error's message in another).
    pub fn text(&self) -> Text {
        Text {
            en: self.message(Lang::En),
            fr: self.message(Lang::Fr),
        }
    }

    /// The cargo feature this build leaves out that the work needs ([`Error::Unavailable`]).
    pub fn needs(&self) -> Option<&'static str> {
        match self {
            Error::Unavailable { feature, .. } => Some(feature),
            _ => None,
        }
    }

    /// The share-link key at fault, when the error is about one.
    pub fn key(&self) -> Option<&str> {
        match self {
            Error::UnknownKey { key, .. } | Error::DuplicateKey { key } => Some(&key.0),
            Error::MissingKey { key }
            | Error::NotOneOf { key, .. }
            | Error::NotWhole { key, .. }
            | Error::NotWholeList { key, .. }
            | Error::InvalidValue { key, .. }
            | Error::Conflict { key, .. } => Some(key),
            _ => None,
        }
    }

    /// The value at fault as typed, when the error is about one.
    pub fn value(&self) -> Option<&str> {
        match self {
            Error::NotOneOf { value, .. }
            | Error::NotWhole { value, .. }
            | Error::NotWholeList { value, .. }
            | Error::InvalidValue { value, .. } => Some(&value.0),
            Error::OutOfRange { value, .. } => Some(value),
            _ => None,
        }
    }

    /// The range allowed `(min, max)`, when the error is about one.
    pub fn range(&self) -> Option<(String, String)> {
        match self {
            Error::NotWhole { min, max, .. } | Error::NotWholeList { min, max, .. } => {
                Some((min.to_string(), max.to_string()))
            }
            Error::OutOfRange { min, max, .. } => Some((min.clone(), max.clone())),
            _ => None,
        }
    }

    /// The limit crossed by an input too large for its method.
    pub fn limit(&self) -> Option<u64> {
        match self {
            Error::TooLarge { limit, .. } => Some(*limit),
            _ => None,
        }
    }

    /// The same error about `key` instead (a value read by a parser shared by two keys).
    #[must_use]
    pub fn for_key(self, key: &'static str) -> Error {
        match self {
            Error::NotOneOf { value, allowed, .. } => Error::NotOneOf { key, value, allowed },
            Error::NotWhole { value, min, max, .. } => Error::NotWhole { key, value, min, max },
            Error::NotWholeList {
                value, min, max, most, ..
            } => Error::NotWholeList {
                key,
                value,
                min,
                max,
                most,
            },
            Error::InvalidValue { value, expected, .. } => Error::InvalidValue { key, value, expected },
            Error::Conflict { message, .. } => Error::Conflict { key, message },
            other => Error::Conflict {
                key,
                message: other.text(),
            },
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
    fn quoted_values_are_truncated_and_shown_without_escapes() {
        let long = "x".repeat(100);
        assert_eq!(Quoted::new(&long).to_string().chars().count(), 43);
        // Invisible characters as signs, an inner quotation mark as one that does not end the quote.
        assert_eq!(Quoted::new("a\"b\n").to_string(), "\"a″b␊\"");
        assert_eq!(Quoted::new("\u{feff}x\t").to_string(), "\"◌x␉\"");
    }

    #[test]
    fn trapped_lists_are_shortened() {
        let e = Error::NotTerminating {
            trapped: (0..25).collect(),
        };
        assert!(e.to_string().ends_with("19 and 5 more"), "{e}");
    }

    #[test]
    fn accessors_give_the_key_the_value_the_range_and_the_limit() {
        let e = Error::NotWhole {
            key: "rows",
            value: Quoted::new("41"),
            min: 1,
            max: 40,
        };
        assert_eq!(e.key(), Some("rows"));
        assert_eq!(e.value(), Some("41"));
        assert_eq!(e.range(), Some(("1".into(), "40".into())));
        assert_eq!(e.limit(), None);
        assert_eq!(
            e.detail(Lang::En),
            "\"41\" is not valid: expected a whole number from 1 to 40"
        );
        let big = Error::too_large(Text::same("too big"), Some(50), 40);
        assert_eq!((big.limit(), big.key()), (Some(40), None));
        assert_eq!(e.clone().for_key("cols").key(), Some("cols"));
    }

    #[test]
    fn code_a_build_leaves_out_names_its_feature_in_both_languages() {
        let e = Error::Unavailable {
            what: text!("the vectorised system for P", "le système vectorisé pour P"),
            feature: "linalg",
        };
        assert_eq!((e.needs(), e.key()), (Some("linalg"), None));
        assert_eq!(
            e.message(Lang::En),
            "the vectorised system for P: this needs a part of the solver that is not downloaded yet (linalg); \
             check the connection and try again"
        );
        assert!(e
            .message(Lang::Fr)
            .starts_with("le système vectorisé pour P : il faut une partie du solveur"));
        assert_eq!(Error::NotPlayable { what: Text::same("x") }.needs(), None);
    }
}
