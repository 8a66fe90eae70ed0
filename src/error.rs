//! The one error type of the crate.
//!
//! Every variant names the value at fault and, where there is one, the allowed
//! range or set, so that a message can be shown next to the field that caused it.

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
        expected: String,
    },
    /// A number outside its allowed range.
    #[error("{what} = {value} is out of range (allowed: {min} to {max})")]
    OutOfRange {
        what: String,
        value: String,
        min: String,
        max: String,
    },
    /// A value that is valid alone but not with the rest of the scenario.
    #[error("{message}")]
    Conflict { key: &'static str, message: String },
    /// A board that breaks a rule of the game; the message names the square or face at fault.
    #[error("invalid board: {0}")]
    InvalidBoard(String),
    /// A characteristic matrix from which the goal cannot be reached everywhere.
    #[error("games can last forever: the goal cannot be reached from square(s) {}", list(.trapped))]
    NotTerminating { trapped: Vec<usize> },
    /// A linear system that could not be solved.
    #[error("{what}: the linear system is singular or ill-conditioned")]
    Singular { what: &'static str },
    /// A computation refused because the input is too large for the method.
    #[error("{0}")]
    TooLarge(String),
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
    pub fn out_of_range(what: &str, value: impl fmt::Display, min: impl fmt::Display, max: impl fmt::Display) -> Error {
        Error::OutOfRange {
            what: what.into(),
            value: value.to_string(),
            min: min.to_string(),
            max: max.to_string(),
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

fn list(items: &[usize]) -> String {
    const SHOWN: usize = 20;
    let mut s = items
        .iter()
        .take(SHOWN)
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    if items.len() > SHOWN {
        s.push_str(&format!(" and {} more", items.len() - SHOWN));
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
