//! The bottom layer: share-link parsing, exact numbers, matrices, the error
//! type and the family contract. It imports nothing from the rest of the crate,
//! so every family and adapter can build on it.
//!
//! * [`link`]: the `key=value` pairs of a share link; [`field`](mod@field): each key's
//!   label, kind and range; [`lang`]: the two languages.
//! * [`error`]: the one error type, structured, in both languages.
//! * [`family`]: the [`Family`] trait every game family implements; [`play`]:
//!   the one play session of the games played by position and moves.
//! * [`number`] (exact rationals typed by users), `lehmer` (their gcd, sums and
//!   products, fast on long fractions), [`small`] (bounded fractions, for the
//!   bundles built without big numbers), [`matrix`], [`packed`]
//!   (long arrays: JSON natively, typed arrays in the page), [`linalg`]
//!   (sparse LU), [`heatmap`] (heat-map geometry, independent of drawing),
//!   [`layout`] (layered drawings of graphs: arenas, chains), [`latex`]
//!   (tables as LaTeX, for handouts), [`text`](mod@text) (a file's byte-order mark,
//!   invisible characters shown as signs), [`sort`](mod@sort) (small stable
//!   sorts, one copy per bundle), `summary` (answers too long for a
//!   terminal, natively).

#[macro_use]
pub mod error;
pub mod command;
pub mod family;
pub mod field;
pub mod heatmap;
pub mod lang;
pub mod latex;
pub mod layout;
#[cfg(feature = "bignum")]
pub mod lehmer;
pub mod linalg;
pub mod link;
pub mod matrix;
pub mod number;
pub mod packed;
pub mod play;
pub mod small;
pub mod sort;
// The terminal's summaries read JSON, which only the native build has.
#[cfg(not(target_arch = "wasm32"))]
pub mod summary;
pub mod text;

pub use command::{Command, Flag, Spelling};
pub use error::{Error, Quoted, Text};
pub use family::{
    no_probes, no_such_part, unknown_task, Action, Choice, Cost, Counts, Family, HeldBack, LinkScenario, ProbeAnswer,
    ProbePlan, Progress, Request, Sampler, Turn, CONFIRM_SECONDS, UNKNOWN_SHARE,
};
pub use field::{field, yes_no, Field, Kind, UsedKey, Uses, EXACT};
pub use lang::{Label, Lang};
pub use link::{write_query, Params};
pub use matrix::Matrix;
pub use packed::{Grid, Packed};

/// Whether two strings are equal, in a constant (the registry checks each
/// line's key against its family's at compile time).
pub const fn same_str(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}
