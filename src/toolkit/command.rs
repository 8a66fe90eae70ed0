//! The command line's subcommands, declared by each family beside its fields.
//!
//! A subcommand is a family's link with some keys given: `ludolab octal 0.77`
//! is `game=impartial&mode=octal&code=0.77`. Every key the subcommand uses is a
//! flag of its own name (`--up-to`), made from the family's [`Field`](super::Field)s
//! by the command line, which decides nothing else: a [`Command`] says only
//! what differs from that rule — the pairs it writes, and the few keys spelled
//! otherwise (a positional argument, a short flag, an earlier name, a file).
//! So the flags and the link can never disagree on a range or a value.

/// One subcommand of the command line over a family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Command {
    /// The subcommand's name (`octal-table`).
    pub name: &'static str,
    /// What it computes, in one sentence (its help).
    pub about: &'static str,
    /// Pairs written before the flags. A choice key whose values use other
    /// keys (a mode, a kind) is fixed there, and the subcommand offers the
    /// keys that value uses; any other key written there is a default that
    /// its flag overrides.
    pub pairs: &'static [(&'static str, &'static str)],
    /// Keys spelled otherwise than `--key VALUE`, and switches of the command
    /// line's own.
    pub flags: &'static [Flag],
    /// Whether its JSON adds `seconds`, the time the report took (searches
    /// whose time is part of the answer: misère play, partizan games).
    pub timed: bool,
}

impl Command {
    /// A subcommand offering every key of its family as a flag of its name.
    pub const fn plain(name: &'static str, about: &'static str) -> Command {
        Command {
            name,
            about,
            pairs: &[],
            flags: &[],
            timed: false,
        }
    }

    /// The same subcommand, its JSON with the seconds the report took.
    pub const fn timed(self) -> Command {
        Command { timed: true, ..self }
    }

    /// The same subcommand writing `pairs` first.
    pub const fn with(self, pairs: &'static [(&'static str, &'static str)]) -> Command {
        Command { pairs, ..self }
    }

    /// The same subcommand with keys spelled otherwise.
    pub const fn spelled(self, flags: &'static [Flag]) -> Command {
        Command { flags, ..self }
    }
}

/// A key spelled otherwise than `--key VALUE`, or a switch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flag {
    /// The flag's name (`--name`), or the positional argument's.
    pub name: &'static str,
    /// How it is read.
    pub spelling: Spelling,
    /// Its help, where the key's label does not say it.
    pub help: &'static str,
}

/// How a [`Flag`] is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spelling {
    /// The next positional argument is `key`'s value; with `many`, every
    /// remaining one, joined by commas (`ludolab nim 3 4 5`).
    Positional {
        /// The key.
        key: &'static str,
        /// Whether it takes every remaining argument.
        many: bool,
    },
    /// `--name VALUE` (and `-short VALUE`) is `key`'s value, and writes `sets` too.
    Value {
        /// The key.
        key: &'static str,
        /// A one-letter name, if any.
        short: Option<char>,
        /// Pairs written with it (an empty value removes the key).
        sets: &'static [(&'static str, &'static str)],
    },
    /// `--name` alone writes `sets` (an empty value removes the key).
    Switch {
        /// The pairs written.
        sets: &'static [(&'static str, &'static str)],
    },
    /// `--name FILE`: the text of the file (standard input for `-`) is `key`'s value.
    File {
        /// The key.
        key: &'static str,
    },
    /// `--name` runs the family's follow-up `tasks` after its report.
    Tasks {
        /// The tasks, as the family names them.
        tasks: &'static [&'static str],
    },
}

impl Flag {
    /// The key it gives a value, if any.
    pub fn key(&self) -> Option<&'static str> {
        match self.spelling {
            Spelling::Positional { key, .. } | Spelling::Value { key, .. } | Spelling::File { key } => Some(key),
            Spelling::Switch { .. } | Spelling::Tasks { .. } => None,
        }
    }
}

/// `key` read from a positional argument (every remaining one with `many`).
pub const fn positional(key: &'static str, many: bool, help: &'static str) -> Flag {
    Flag {
        name: key,
        spelling: Spelling::Positional { key, many },
        help,
    }
}

/// `--name VALUE` as `key`, writing `sets` too.
pub const fn renamed(name: &'static str, key: &'static str, sets: &'static [(&'static str, &'static str)]) -> Flag {
    Flag {
        name,
        spelling: Spelling::Value { key, short: None, sets },
        help: "",
    }
}

/// `--key VALUE` also spelled `-short VALUE`.
pub const fn short(key: &'static str, short: char) -> Flag {
    Flag {
        name: key,
        spelling: Spelling::Value {
            key,
            short: Some(short),
            sets: &[],
        },
        help: "",
    }
}

/// `--name` alone, writing `sets`.
pub const fn switch(name: &'static str, sets: &'static [(&'static str, &'static str)], help: &'static str) -> Flag {
    Flag {
        name,
        spelling: Spelling::Switch { sets },
        help,
    }
}

/// `--key FILE`: the file's text is the key's value.
pub const fn file(key: &'static str, help: &'static str) -> Flag {
    Flag {
        name: key,
        spelling: Spelling::File { key },
        help,
    }
}

/// `--name FILE`: the file's text is `key`'s value (`ludolab parity --file`
/// for the link's `pg`).
pub const fn file_named(name: &'static str, key: &'static str, help: &'static str) -> Flag {
    Flag {
        name,
        spelling: Spelling::File { key },
        help,
    }
}

/// `--name`: the follow-up `tasks` after the report.
pub const fn tasks(name: &'static str, tasks: &'static [&'static str], help: &'static str) -> Flag {
    Flag {
        name,
        spelling: Spelling::Tasks { tasks },
        help,
    }
}
