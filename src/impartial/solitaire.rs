//! The seed's exercise: two-player peg solitaire on a line. A move jumps a peg
//! over an adjacent peg into the empty hole just beyond, removing the peg jumped
//! over; whoever cannot move loses.

use crate::toolkit::Error;
use crate::toolkit::Quoted;
use serde::Serialize;

/// Most holes on the line.
pub const MAX_HOLES: usize = 20;

/// A jump: the peg at `from` over `over` into `to` (0-based holes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Jump {
    /// The hole of the peg that jumps.
    pub from: usize,
    /// The hole of the peg jumped over (and removed).
    pub over: usize,
    /// The empty hole the peg lands in.
    pub to: usize,
}

/// Every configuration of a line of `n` holes solved at once (bit i = a peg in hole i).
pub struct Solitaire {
    n: usize,
    /// `lost[c]`: the player to move loses from configuration c.
    lost: Vec<bool>,
}

fn jumps(n: usize, c: u32) -> impl Iterator<Item = (Jump, u32)> {
    (0..n).flat_map(move |from| {
        [1i64, -1].into_iter().filter_map(move |d| {
            let over = from as i64 + d;
            let to = from as i64 + 2 * d;
            if to < 0 || to >= n as i64 {
                return None;
            }
            let (over, to) = (over as usize, to as usize);
            let peg = |i: usize| c >> i & 1 == 1;
            (peg(from) && peg(over) && !peg(to))
                .then(|| (Jump { from, over, to }, c & !(1 << from) & !(1 << over) | 1 << to))
        })
    })
}

impl Solitaire {
    /// # Errors
    /// [`Error::OutOfRange`] for lines outside 1..=20 holes.
    ///
    /// # Complexity
    /// O(2ⁿ · n): every jump removes a peg, so configurations are solved by
    /// increasing number of pegs.
    pub fn new(n: usize) -> Result<Solitaire, Error> {
        if !(1..=MAX_HOLES).contains(&n) {
            return Err(Error::out_of_range(text!("holes", "trous"), n, 1, MAX_HOLES));
        }
        let size = 1usize << n;
        // The configurations by number of pegs, in one counting pass: a sort of
        // 2^20 of them by comparisons cost more than the solving (0.7 s for the
        // table of every length natively, against its 0.15 s estimate).
        let mut start = [0usize; MAX_HOLES + 2];
        for c in 0..size as u32 {
            start[c.count_ones() as usize + 1] += 1;
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        let mut order = vec![0u32; size];
        for c in 0..size as u32 {
            let slot = &mut start[c.count_ones() as usize];
            order[*slot] = c;
            *slot += 1;
        }
        let mut lost = vec![false; size];
        for c in order {
            lost[c as usize] = jumps(n, c).all(|(_, next)| !lost[next as usize]);
        }
        Ok(Solitaire { n, lost })
    }

    /// Parses a configuration: `1` or `o` a peg, `0`, `.` or `_` a hole.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] (key `line`).
    pub fn parse(text: &str) -> Result<(usize, u32), Error> {
        let t = text.trim();
        let bad = || Error::InvalidValue {
            key: "line",
            value: Quoted::new(text),
            expected: text!(
                "1 to {MAX_HOLES} holes written 1 (a peg) or 0 (empty), e.g. 1101",
                "de 1 à {MAX_HOLES} trous écrits 1 (une fiche) ou 0 (vide), par exemple 1101"
            ),
        };
        if t.is_empty() || t.chars().count() > MAX_HOLES {
            return Err(bad());
        }
        let mut c = 0u32;
        for (i, ch) in t.chars().enumerate() {
            match ch {
                '1' | 'o' | 'O' => c |= 1 << i,
                '0' | '.' | '_' => {}
                _ => return Err(bad()),
            }
        }
        Ok((t.chars().count(), c))
    }

    /// Whether the player to move loses from configuration `c` (a bit per hole).
    pub fn loses(&self, c: u32) -> bool {
        self.lost[c as usize]
    }

    /// The jumps that leave the opponent lost.
    pub fn winning_jumps(&self, c: u32) -> Vec<Jump> {
        jumps(self.n, c)
            .filter(|&(_, next)| self.lost[next as usize])
            .map(|(j, _)| j)
            .collect()
    }

    /// How many configurations of the line are lost for the player to move.
    pub fn lost_count(&self) -> usize {
        self.lost.iter().filter(|&&l| l).count()
    }

    /// For the full line with one empty hole at each place: lost for the player to move?
    pub fn one_hole(&self) -> Vec<bool> {
        let full = (1u32 << self.n) - 1;
        (0..self.n).map(|h| self.lost[(full & !(1 << h)) as usize]).collect()
    }
}
