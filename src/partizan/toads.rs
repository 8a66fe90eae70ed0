//! Toads and Frogs: on a strip, Left's toads `T` move right and Right's frogs
//! `F` move left, each one square into an empty square `.`, or by jumping over
//! one creature of the other kind into the empty square just beyond. Whoever
//! cannot move loses.
//!
//! A position is the strip as text: `TT..FF`. Frogs at the left end and toads
//! at the right end can never move again and are dropped; the strip read
//! backwards with toads and frogs swapped is the negative.

use super::drawing::{Cell, View};
use super::game::Side;
use super::rules::{Board, Rules};
use crate::toolkit::{Error, Label, Quoted};

/// The longest strip read.
pub const MAX_LENGTH: usize = 40;

const TOAD: u8 = b'T';
const FROG: u8 = b'F';
const EMPTY: u8 = b'.';

/// Toads and Frogs' rules.
#[derive(Clone, Copy, Debug, Default)]
pub struct ToadsAndFrogs;

impl ToadsAndFrogs {
    /// Reads a strip of `T`, `F` and `.`.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] naming the character at fault and its square.
    pub fn parse(text: &str) -> Result<Vec<u8>, Error> {
        let n = text.chars().count();
        if n == 0 || n > MAX_LENGTH {
            return Err(Error::InvalidValue {
                key: "position",
                value: Quoted::new(text),
                expected: text!(
                    "a strip of 1 to {MAX_LENGTH} squares (T, F, .)",
                    "une bande de 1 à {MAX_LENGTH} cases (T, F, .)"
                ),
            });
        }
        text.chars()
            .enumerate()
            .map(|(i, c)| match c {
                'T' => Ok(TOAD),
                'F' => Ok(FROG),
                '.' => Ok(EMPTY),
                other => Err(Error::InvalidValue {
                    key: "position",
                    value: Quoted::new(&other.to_string()),
                    expected: text!("T, F or . (square {})", "T, F ou . (case {})", i + 1),
                }),
            })
            .collect()
    }

    /// The strip as text.
    pub fn write(strip: &[u8]) -> String {
        String::from_utf8_lossy(strip).into_owned()
    }
}

impl Board for ToadsAndFrogs {
    const VIEW: View = View::Cells {
        cells: &[
            Cell::new('T', "T", "left", Label::new("a toad", "un crapaud")),
            Cell::new('F', "F", "right", Label::new("a frog", "une grenouille")),
            Cell::EMPTY,
        ],
        strip: true,
    };

    fn read(text: &str) -> Result<(ToadsAndFrogs, Vec<u8>), Error> {
        Ok((ToadsAndFrogs, ToadsAndFrogs::parse(text)?))
    }

    fn text(&self, strip: &Vec<u8>) -> String {
        ToadsAndFrogs::write(strip)
    }

    fn size(strip: &Vec<u8>) -> usize {
        strip.len()
    }

    fn changed(&self, before: &Vec<u8>, after: &Vec<u8>) -> Vec<usize> {
        (0..before.len()).filter(|&i| before[i] != after[i]).collect()
    }

    fn estimate(&self, strip: &Vec<u8>) -> f64 {
        self.parts(strip)
            .iter()
            .map(|(s, _)| {
                // At most every arrangement of its toads, frogs and empty squares.
                let count = |k: u8| s.iter().filter(|&&c| c == k).count();
                multinomial(&[count(TOAD), count(FROG), count(EMPTY)])
            })
            .sum()
    }
}

/// `(a + b + …)! / (a! b! …)`, as a float.
fn multinomial(counts: &[usize]) -> f64 {
    let mut total = 0usize;
    let mut x = 1.0;
    for &k in counts {
        for i in 1..=k {
            total += 1;
            x *= total as f64 / i as f64;
        }
    }
    x
}

impl Rules for ToadsAndFrogs {
    type Position = Vec<u8>;

    fn moves(&self, strip: &Vec<u8>, side: Side) -> Vec<Vec<u8>> {
        let n = strip.len();
        let mut out = Vec::new();
        for i in 0..n {
            let target = match side {
                Side::Left if strip[i] == TOAD => {
                    if i + 1 < n && strip[i + 1] == EMPTY {
                        Some(i + 1)
                    } else if i + 2 < n && strip[i + 1] == FROG && strip[i + 2] == EMPTY {
                        Some(i + 2)
                    } else {
                        None
                    }
                }
                Side::Right if strip[i] == FROG => {
                    if i >= 1 && strip[i - 1] == EMPTY {
                        Some(i - 1)
                    } else if i >= 2 && strip[i - 1] == TOAD && strip[i - 2] == EMPTY {
                        Some(i - 2)
                    } else {
                        None
                    }
                }
                _ => None,
            };
            if let Some(t) = target {
                let mut next = strip.clone();
                next[t] = next[i];
                next[i] = EMPTY;
                out.push(next);
            }
        }
        out
    }

    fn parts(&self, strip: &Vec<u8>) -> Vec<(Vec<u8>, bool)> {
        let start = strip.iter().position(|&c| c != FROG).unwrap_or(strip.len());
        let end = strip
            .iter()
            .rposition(|&c| c != TOAD)
            .map_or(start, |e| e + 1)
            .max(start);
        let core = strip[start..end].to_vec();
        if !core.contains(&TOAD) && !core.contains(&FROG) {
            return Vec::new();
        }
        let mirrored: Vec<u8> = core
            .iter()
            .rev()
            .map(|&c| match c {
                TOAD => FROG,
                FROG => TOAD,
                other => other,
            })
            .collect();
        if mirrored < core {
            vec![(mirrored, true)]
        } else {
            vec![(core, false)]
        }
    }
}
