//! Cutcake: a cake of `R × C` unit squares; Left cuts a piece between two
//! columns, Right between two rows, each cut splitting one piece in two.
//! Whoever cannot cut loses (every piece 1 wide for Left, 1 high for Right).
//!
//! A position is its pieces, `RxC` rows by columns, joined by `+`: `2x3`,
//! `2x3+1x4`. Each piece is a part of the sum; a piece turned a quarter is the
//! negative (Left's cuts become Right's).

use super::drawing::{Cake, Drawing, PieceCuts, View};
use super::game::Side;
use super::rules::{Board, Rules};
use crate::toolkit::{Error, Quoted};

/// The most rows or columns of a piece.
pub const MAX_SIDE: u16 = 64;
/// The most pieces a position lists.
pub const MAX_PIECES: usize = 16;

/// Cutcake's rules.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cutcake;

impl Cutcake {
    /// Reads pieces `RxC` joined by `+`.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] naming the piece at fault.
    pub fn parse(text: &str) -> Result<Vec<(u16, u16)>, Error> {
        let pieces: Vec<&str> = text.split('+').map(str::trim).collect();
        if pieces.len() > MAX_PIECES {
            return Err(Error::InvalidValue {
                key: "position",
                value: Quoted::new(text),
                expected: text!("at most {MAX_PIECES} pieces", "au plus {MAX_PIECES} morceaux"),
            });
        }
        pieces
            .into_iter()
            .map(|p| {
                let parsed = p.split_once(['x', 'X', '×']).and_then(|(r, c)| {
                    let (r, c) = (r.trim().parse::<u16>().ok()?, c.trim().parse::<u16>().ok()?);
                    (1..=MAX_SIDE).contains(&r).then_some(())?;
                    (1..=MAX_SIDE).contains(&c).then_some((r, c))
                });
                parsed.ok_or_else(|| Error::InvalidValue {
                    key: "position",
                    value: Quoted::new(p),
                    expected: text!(
                        "a piece RxC, rows and columns from 1 to {MAX_SIDE} (2x3)",
                        "un morceau RxC, lignes et colonnes de 1 à {MAX_SIDE} (2x3)"
                    ),
                })
            })
            .collect()
    }

    /// The pieces written as [`Cutcake::parse`] reads them.
    pub fn write(pieces: &[(u16, u16)]) -> String {
        pieces
            .iter()
            .map(|(r, c)| format!("{r}x{c}"))
            .collect::<Vec<_>>()
            .join("+")
    }
}

impl Board for Cutcake {
    const VIEW: View = View::Cake;

    fn read(text: &str) -> Result<(Cutcake, Vec<(u16, u16)>), Error> {
        Ok((Cutcake, Cutcake::parse(text)?))
    }

    fn text(&self, pieces: &Vec<(u16, u16)>) -> String {
        Cutcake::write(pieces)
    }

    fn size(pieces: &Vec<(u16, u16)>) -> usize {
        pieces.iter().map(|&(r, c)| usize::from(r) * usize::from(c)).sum()
    }

    fn changed(&self, before: &Vec<(u16, u16)>, after: &Vec<(u16, u16)>) -> Vec<usize> {
        // The piece cut: the first that differs.
        (0..before.len()).find(|&i| before[i] != after[i]).into_iter().collect()
    }

    fn estimate(&self, pieces: &Vec<(u16, u16)>) -> f64 {
        pieces.iter().map(|&(r, c)| f64::from(r) * f64::from(c)).sum()
    }

    /// Every cut of every piece, each as the position it leaves (the cut
    /// piece's two parts in its place, the one nearer the top or left first).
    fn picture(&self, pieces: &Vec<(u16, u16)>) -> Option<Drawing> {
        let after = |i: usize, a: (u16, u16), b: (u16, u16)| {
            let mut next = pieces.clone();
            next[i] = a;
            next.insert(i + 1, b);
            Cutcake::write(&next)
        };
        let cuts = pieces
            .iter()
            .enumerate()
            .map(|(i, &(r, c))| PieceCuts {
                left: (1..c).map(|k| after(i, (r, k), (r, c - k))).collect(),
                right: (1..r).map(|k| after(i, (k, c), (r - k, c))).collect(),
            })
            .collect();
        Some(Drawing::Cake(Cake { cuts }))
    }
}

impl Rules for Cutcake {
    type Position = Vec<(u16, u16)>;

    fn moves(&self, pieces: &Vec<(u16, u16)>, side: Side) -> Vec<Vec<(u16, u16)>> {
        let mut out = Vec::new();
        for (i, &(r, c)) in pieces.iter().enumerate() {
            let length = if side == Side::Left { c } else { r };
            // Every cut, both of each pair at a and length − a (the same pieces,
            // in the other order): each is a line of its own on the page.
            for a in 1..length {
                let (x, y) = match side {
                    Side::Left => ((r, a), (r, c - a)),
                    Side::Right => ((a, c), (r - a, c)),
                };
                let mut next = pieces.clone();
                next[i] = x;
                next.insert(i + 1, y);
                out.push(next);
            }
        }
        out
    }

    fn parts(&self, pieces: &Vec<(u16, u16)>) -> Vec<(Vec<(u16, u16)>, bool)> {
        pieces
            .iter()
            .filter(|&&(r, c)| r > 1 || c > 1)
            .map(|&(r, c)| {
                if r <= c {
                    (vec![(r, c)], false)
                } else {
                    (vec![(c, r)], true)
                }
            })
            .collect()
    }
}
