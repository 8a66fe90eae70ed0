//! The page's two languages.

/// The page's language, kept in the share link as `lang` (the CLI stays English).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English, the default and the CLI's language.
    En,
    /// French, the seeds' language.
    Fr,
}

impl Lang {
    /// Both languages, English first.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Fr];

    /// The value of the `lang` key.
    pub fn key(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
        }
    }
}

/// A short text known at compile time in both languages: a field's label, a family's title.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Label {
    /// The English text.
    pub en: &'static str,
    /// The French text.
    pub fr: &'static str,
}

impl Label {
    /// A label from its English and French texts.
    pub const fn new(en: &'static str, fr: &'static str) -> Label {
        Label { en, fr }
    }

    /// The label in `lang`.
    pub fn get(self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.en,
            Lang::Fr => self.fr,
        }
    }
}
