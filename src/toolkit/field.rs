//! The fields of a family's share link: each key with its label, its kind and
//! its allowed range. The parsers read their limits from here, and the page
//! builds its form controls from the same table, so a limit is written once.

use super::error::{Error, Quoted};
use super::lang::Label;
use serde::Serialize;

/// What a key's value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Kind {
    /// A whole number in `min..=max`.
    Whole {
        /// Smallest value.
        min: u64,
        /// Largest value.
        max: u64,
    },
    /// 1 to `most` whole numbers in `min..=max`, separated by commas.
    Wholes {
        /// Smallest number.
        min: u64,
        /// Largest number.
        max: u64,
        /// Most numbers.
        most: usize,
    },
    /// One of a fixed set of names.
    Choice {
        /// The names, in the order menus offer them.
        values: &'static [&'static str],
    },
    /// One of a fixed set of names, or a whole number in `min..=max` (a strategy
    /// by name, or a fixed number of dice).
    ChoiceOrWhole {
        /// The names.
        values: &'static [&'static str],
        /// Smallest number.
        min: u64,
        /// Largest number (the scenario may lower it).
        max: u64,
    },
    /// Text with a syntax of its own (a board, a graph, a code), checked by its parser.
    Text {
        /// Most characters.
        most: usize,
        /// Valid values, the degenerate ones included: the page's hints and the link sweep's samples.
        examples: &'static [&'static str],
    },
}

/// A key that one value of a choice uses, and where the page edits it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct UsedKey {
    /// The key.
    pub key: &'static str,
    /// Whether the form shows it; if not, the result's drawing edits it (a
    /// graph drawn by hand, a sum typed beside its answer).
    pub form: bool,
}

impl UsedKey {
    /// A key the form shows.
    pub const fn form(key: &'static str) -> UsedKey {
        UsedKey { key, form: true }
    }

    /// A key the result's drawing edits.
    pub const fn drawn(key: &'static str) -> UsedKey {
        UsedKey { key, form: false }
    }
}

/// The keys a value of a choice (a mode) uses, in link order. A link writes
/// only these, and the page's form shows only these: one table says both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Uses {
    /// The choice's value.
    pub value: &'static str,
    /// Its keys; a key that is itself a choice with `uses` brings its value's keys.
    pub keys: &'static [UsedKey],
}

/// One key of a share link (and the CLI flag of the same name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Field {
    /// The key (`rows`).
    pub key: &'static str,
    /// What the page calls it (`Rows`, `Lignes`).
    pub label: Label,
    /// Its kind and range.
    #[serde(flatten)]
    pub kind: Kind,
    /// For a choice whose values use different keys: which keys each uses.
    #[serde(skip_serializing_if = "<[Uses]>::is_empty")]
    pub uses: &'static [Uses],
    /// For a choice drawn from one of the core's lists (the searched games, the
    /// parity solvers, the partizan rulesets): what the page's menu calls each
    /// value, in the order of the values. The page reads them here, so no label
    /// of a list's entry is written in JavaScript.
    #[serde(rename = "labels", skip_serializing_if = "<[Label]>::is_empty")]
    pub value_labels: &'static [Label],
    /// For such a choice: the help the page shows beside the field the value
    /// governs (a ruleset's notation), in the order of the values.
    #[serde(rename = "hints", skip_serializing_if = "<[Label]>::is_empty")]
    pub value_hints: &'static [Label],
    /// The largest whole number the command line takes, where it goes beyond
    /// the page's `max` (a game too large for a browser tab, not for the core):
    /// read by [`Params`](super::Params) made [`for_command_line`](super::Params::for_command_line).
    #[serde(skip)]
    pub command_max: Option<u64>,
}

impl Field {
    /// A whole number in `min..=max`.
    pub const fn whole(key: &'static str, label: Label, min: u64, max: u64) -> Field {
        Field {
            key,
            label,
            kind: Kind::Whole { min, max },
            uses: &[],
            value_labels: &[],
            value_hints: &[],
            command_max: None,
        }
    }

    /// 1 to `most` whole numbers in `min..=max`.
    pub const fn wholes(key: &'static str, label: Label, min: u64, max: u64, most: usize) -> Field {
        Field {
            key,
            label,
            kind: Kind::Wholes { min, max, most },
            uses: &[],
            value_labels: &[],
            value_hints: &[],
            command_max: None,
        }
    }

    /// One of `values`.
    pub const fn choice(key: &'static str, label: Label, values: &'static [&'static str]) -> Field {
        Field {
            key,
            label,
            kind: Kind::Choice { values },
            uses: &[],
            value_labels: &[],
            value_hints: &[],
            command_max: None,
        }
    }

    /// The same choice, with the keys each of its values uses.
    pub const fn using(self, uses: &'static [Uses]) -> Field {
        Field { uses, ..self }
    }

    /// The same choice, with what the menu calls each value (in the values' order).
    pub const fn labelled(self, value_labels: &'static [Label]) -> Field {
        Field { value_labels, ..self }
    }

    /// The same choice, with the help shown for each value (in the values' order).
    pub const fn hinted(self, value_hints: &'static [Label]) -> Field {
        Field { value_hints, ..self }
    }

    /// What the menu calls `value`, if the field says.
    pub fn label_of(&self, value: &str) -> Option<Label> {
        let Kind::Choice { values } = self.kind else {
            return None;
        };
        values
            .iter()
            .position(|v| *v == value)
            .and_then(|i| self.value_labels.get(i).copied())
    }

    /// The same whole-number field, whose command-line flag takes values up to
    /// `max` (the page keeps its own `max`).
    pub const fn reaching(self, max: u64) -> Field {
        Field {
            command_max: Some(max),
            ..self
        }
    }

    /// The field as the command line reads it: its range up to [`Field::command_max`] where it has one.
    pub fn on_command_line(&self) -> Field {
        match (self.kind, self.command_max) {
            (Kind::Whole { min, .. }, Some(max)) => Field {
                kind: Kind::Whole { min, max },
                ..*self
            },
            _ => *self,
        }
    }

    /// The keys `value` of this choice uses (none if it says nothing).
    pub fn keys_of(&self, value: &str) -> &'static [UsedKey] {
        self.uses.iter().find(|u| u.value == value).map_or(&[], |u| u.keys)
    }

    /// One of `values` or a whole number in `min..=max`.
    pub const fn choice_or_whole(
        key: &'static str,
        label: Label,
        values: &'static [&'static str],
        min: u64,
        max: u64,
    ) -> Field {
        Field {
            key,
            label,
            kind: Kind::ChoiceOrWhole { values, min, max },
            uses: &[],
            value_labels: &[],
            value_hints: &[],
            command_max: None,
        }
    }

    /// Text of at most `most` characters, with a syntax of its own; `examples` are valid values.
    pub const fn text(key: &'static str, label: Label, most: usize, examples: &'static [&'static str]) -> Field {
        Field {
            key,
            label,
            kind: Kind::Text { most, examples },
            uses: &[],
            value_labels: &[],
            value_hints: &[],
            command_max: None,
        }
    }

    /// `(min, max)` of a whole-number field (of its numbers for a list); any
    /// number for a field of another kind.
    pub fn bounds(&self) -> (u64, u64) {
        match self.kind {
            Kind::Whole { min, max } | Kind::Wholes { min, max, .. } | Kind::ChoiceOrWhole { min, max, .. } => {
                (min, max)
            }
            _ => (0, u64::MAX),
        }
    }

    /// Reads a whole number in the field's range.
    ///
    /// # Errors
    /// [`Error::NotWhole`] naming the key, the value and the range.
    pub fn read_whole(&self, text: &str) -> Result<u64, Error> {
        let (min, max) = self.bounds();
        match digits(text.trim()) {
            Some(v) if (min..=max).contains(&v) => Ok(v),
            _ => Err(Error::NotWhole {
                key: self.key,
                value: Quoted::new(text),
                min,
                max,
            }),
        }
    }

    /// Reads 1 to `most` comma-separated whole numbers in the field's range.
    ///
    /// # Errors
    /// [`Error::NotWholeList`] naming the key, the value, the range and the count.
    pub fn read_wholes<T: TryFrom<u64>>(&self, text: &str) -> Result<Vec<T>, Error> {
        // A field of another kind takes any list (a family's table decides the kind).
        let (min, max, most) = match self.kind {
            Kind::Wholes { min, max, most } => (min, max, most),
            _ => (0, u64::MAX, usize::MAX),
        };
        let values: Option<Vec<T>> = text
            .split(',')
            .map(|s| {
                digits(s.trim())
                    .filter(|v| (min..=max).contains(v))
                    .and_then(|v| T::try_from(v).ok())
            })
            .collect();
        match values {
            Some(v) if !v.is_empty() && v.len() <= most => Ok(v),
            _ => Err(Error::NotWholeList {
                key: self.key,
                value: Quoted::new(text),
                min,
                max,
                most,
            }),
        }
    }

    /// Reads one of the field's names as the item of `all` with that `name`.
    ///
    /// # Errors
    /// [`Error::NotOneOf`] naming the key, the value and the names allowed.
    pub fn read_choice<T: Copy>(&self, text: &str, all: &[T], name: fn(T) -> &'static str) -> Result<T, Error> {
        all.iter()
            .copied()
            .find(|&x| name(x) == text)
            .ok_or_else(|| self.not_one_of(text))
    }

    /// The error for a value that is not one of the field's names.
    pub fn not_one_of(&self, text: &str) -> Error {
        let allowed = match self.kind {
            Kind::Choice { values } | Kind::ChoiceOrWhole { values, .. } => {
                values.iter().map(|v| (*v).to_string()).collect()
            }
            _ => Vec::new(),
        };
        Error::NotOneOf {
            key: self.key,
            value: Quoted::new(text),
            allowed,
        }
    }

    /// Checks a text field's length before its own parser reads it.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] beyond the field's most characters.
    pub fn read_text<'a>(&self, text: &'a str) -> Result<&'a str, Error> {
        let most = match self.kind {
            Kind::Text { most, .. } => most,
            _ => usize::MAX,
        };
        if text.chars().count() > most {
            return Err(Error::InvalidValue {
                key: self.key,
                value: Quoted::new(text),
                expected: text!("at most {most} characters", "au plus {most} caractères"),
            });
        }
        Ok(text)
    }
}

/// The field of `key` in `fields`.
///
/// # Panics
/// When a family asks for a key its own table does not list (a bug caught by its tests).
pub fn field<'a>(fields: &'a [Field], key: &str) -> &'a Field {
    fields
        .iter()
        .find(|f| f.key == key)
        .unwrap_or_else(|| panic!("no field {key}"))
}

/// The `exact` key of the families that can give their headline numbers as
/// exact fractions (Snakes and Ladders, Dice Battle, Orchard): `yes` or `no`.
pub const EXACT: Field = Field::choice(
    "exact",
    Label::new(
        "Headline numbers as exact fractions",
        "Résultats principaux en fractions exactes",
    ),
    &["no", "yes"],
);

/// `yes` or `no`, as choice keys write a flag.
pub fn yes_no(v: bool) -> &'static str {
    if v {
        "yes"
    } else {
        "no"
    }
}

/// A whole number written in digits only: Rust's reader also takes `+4`, which
/// a link would then write back as `4`, changing what was typed.
fn digits(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROWS: Field = Field::whole("rows", Label::new("Rows", "Lignes"), 1, 40);
    const TAKE: Field = Field::wholes("take", Label::new("Take", "Prise"), 1, 9, 3);

    #[test]
    fn numbers_are_read_within_the_table_s_range() {
        assert_eq!(ROWS.read_whole(" 40 "), Ok(40));
        // "+4" would be written back as "4": refused, not changed (issue 70).
        for bad in ["0", "41", "-1", "x", "", "1.5", "+4", "4 4"] {
            let e = ROWS.read_whole(bad).unwrap_err();
            assert_eq!(e.key(), Some("rows"));
            assert_eq!(e.range(), Some(("1".into(), "40".into())));
        }
        assert_eq!(TAKE.read_wholes::<usize>("1, 2,9"), Ok(vec![1, 2, 9]));
        for bad in ["", "1,2,3,4", "0", "1,,2", "10", "1,+2"] {
            assert!(TAKE.read_wholes::<usize>(bad).is_err(), "{bad}");
        }
        assert!(TAKE.read_wholes::<u8>("9").is_ok());
    }

    #[test]
    fn the_command_line_reads_a_reaching_field_up_to_its_own_largest() {
        let wide = ROWS.reaching(1000);
        assert!(wide.read_whole("41").is_err(), "the page's range is unchanged");
        let cli = wide.on_command_line();
        assert_eq!((cli.read_whole("1000"), cli.read_whole("1")), (Ok(1000), Ok(1)));
        assert_eq!(
            cli.read_whole("1001").unwrap_err().range(),
            Some(("1".into(), "1000".into()))
        );
        assert_eq!(
            ROWS.on_command_line(),
            ROWS,
            "a field without its own command-line range"
        );
    }
}
