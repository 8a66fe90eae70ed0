//! Share links as `key=value` pairs: what a family's parser reads.

use super::error::{Error, Quoted};
use super::field::Field;

/// The `key=value` pairs of a link not yet read by a scenario.
#[derive(Debug, Default)]
pub struct Params {
    pairs: Vec<(String, String)>,
    /// Read for the command line: a field's [`Field::command_max`] applies,
    /// and a family's page-only limits do not.
    command_line: bool,
}

impl Params {
    /// The pairs of a link in their order, each value without a leading
    /// byte-order mark; a key given twice is refused.
    ///
    /// # Errors
    /// [`Error::DuplicateKey`].
    pub fn new(mut pairs: Vec<(String, String)>) -> Result<Params, Error> {
        // A value pasted from a file saved by a Windows editor starts with a byte-order mark.
        for (_, value) in &mut pairs {
            if let Some(rest) = value.strip_prefix('\u{feff}') {
                *value = rest.to_string();
            }
        }
        for (i, (key, _)) in pairs.iter().enumerate() {
            if pairs[..i].iter().any(|(k, _)| k == key) {
                return Err(Error::DuplicateKey { key: Quoted::new(key) });
            }
        }
        Ok(Params {
            pairs,
            command_line: false,
        })
    }

    /// The same pairs read for the command line (see [`Params::is_command_line`]).
    pub fn for_command_line(self) -> Params {
        Params {
            command_line: true,
            ..self
        }
    }

    /// Whether the pairs are read for the command line, which takes games
    /// larger than a browser tab holds: a whole-number field's range reaches its
    /// [`Field::command_max`], and a family skips the checks it makes for the page only.
    pub fn is_command_line(&self) -> bool {
        self.command_line
    }

    /// The pairs of a query string (`a=1&b=2`; a leading `#` or `?` is ignored).
    ///
    /// # Errors
    /// [`Error::DuplicateKey`].
    pub fn from_query(query: &str) -> Result<Params, Error> {
        let query = query.strip_prefix(['#', '?']).unwrap_or(query);
        Params::new(
            form_urlencoded::parse(query.as_bytes())
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect(),
        )
    }

    /// Whether no pair is left.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// The pairs left, in link order.
    pub fn pairs(&self) -> &[(String, String)] {
        &self.pairs
    }

    /// Removes and returns the value of `key`.
    pub fn take(&mut self, key: &str) -> Option<String> {
        let at = self.pairs.iter().position(|(k, _)| k == key)?;
        Some(self.pairs.remove(at).1)
    }

    /// Removes `field`'s key and reads it as a whole number in the field's range.
    ///
    /// # Errors
    /// As [`Field::read_whole`].
    pub fn whole(&mut self, field: &Field) -> Result<Option<u64>, Error> {
        let field = if self.command_line {
            field.on_command_line()
        } else {
            *field
        };
        self.take(field.key).map(|v| field.read_whole(&v)).transpose()
    }

    /// [`Params::whole`] as a `usize`.
    ///
    /// # Errors
    /// As [`Field::read_whole`].
    pub fn count(&mut self, field: &Field) -> Result<Option<usize>, Error> {
        // Every range in the tables fits a usize on 32-bit targets too.
        Ok(self.whole(field)?.map(|v| v as usize))
    }

    /// Removes `field`'s key and reads it as a list of whole numbers.
    ///
    /// # Errors
    /// As [`Field::read_wholes`].
    pub fn wholes<T: TryFrom<u64>>(&mut self, field: &Field) -> Result<Option<Vec<T>>, Error> {
        self.take(field.key).map(|v| field.read_wholes(&v)).transpose()
    }

    /// Removes `field`'s key and reads it as one of `all` (by `name`).
    ///
    /// # Errors
    /// As [`Field::read_choice`].
    pub fn choice<T: Copy>(
        &mut self,
        field: &Field,
        all: &[T],
        name: fn(T) -> &'static str,
    ) -> Result<Option<T>, Error> {
        self.take(field.key)
            .map(|v| field.read_choice(&v, all, name))
            .transpose()
    }

    /// Removes `field`'s key and checks its length (its own parser reads it).
    ///
    /// # Errors
    /// As [`Field::read_text`].
    pub fn text(&mut self, field: &Field) -> Result<Option<String>, Error> {
        match self.take(field.key) {
            Some(v) => {
                field.read_text(&v)?;
                Ok(Some(v))
            }
            None => Ok(None),
        }
    }

    /// Fails on the first key left unread, listing `common` and the family's keys.
    ///
    /// # Errors
    /// [`Error::UnknownKey`].
    pub fn finish(self, common: &[&'static str], fields: &[Field]) -> Result<(), Error> {
        match self.pairs.into_iter().next() {
            None => Ok(()),
            Some((key, _)) => Err(Error::UnknownKey {
                key: Quoted::new(&key),
                allowed: common.iter().copied().chain(fields.iter().map(|f| f.key)).collect(),
            }),
        }
    }
}

/// Writes `pairs` as a query string (`a=1&b=2`), encoded by the WHATWG rules.
pub fn write_query<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    let mut out = form_urlencoded::Serializer::new(String::new());
    for (k, v) in pairs {
        out.append_pair(k, v);
    }
    out.finish()
}
