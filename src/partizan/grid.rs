//! Small boards of cells (Domineering, Clobber): reading `rows/joined/by/slashes`,
//! the eight symmetries of a rectangle, and splitting into connected regions.

use crate::toolkit::{Error, Quoted};

/// The most rows and columns a board may have.
pub const MAX_SIDE: usize = 8;

/// A board of `rows × cols` cells, row by row; what a cell holds is the ruleset's.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    /// Rows.
    pub rows: u8,
    /// Columns.
    pub cols: u8,
    /// The cells, row by row.
    pub cells: Vec<u8>,
}

impl Grid {
    /// The cell at row `r`, column `c`.
    pub fn at(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.cols as usize + c]
    }

    /// Sets the cell at row `r`, column `c`.
    pub fn set(&mut self, r: usize, c: usize, v: u8) {
        let cols = self.cols as usize;
        self.cells[r * cols + c] = v;
    }

    /// Reads `rows/joined/by/slashes`, each character one cell through `cell`
    /// (`None` for a character the ruleset does not know).
    ///
    /// # Errors
    /// [`Error::InvalidValue`] on key `position` naming the character or row at fault.
    pub fn parse(text: &str, cell: impl Fn(char) -> Option<u8>, allowed: &str) -> Result<Grid, Error> {
        let rows: Vec<&str> = text.split('/').collect();
        let bad = |value: &str, en: String, fr: String| Error::InvalidValue {
            key: "position",
            value: Quoted::new(value),
            expected: crate::toolkit::Text { en, fr },
        };
        if rows.len() > MAX_SIDE {
            return Err(bad(
                text,
                format!("at most {MAX_SIDE} rows joined by /"),
                format!("au plus {MAX_SIDE} lignes jointes par /"),
            ));
        }
        let cols = rows[0].chars().count();
        let mut cells = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            let n = row.chars().count();
            if n == 0 || n > MAX_SIDE {
                return Err(bad(
                    row,
                    format!("row {} with 1 to {MAX_SIDE} cells", r + 1),
                    format!("une ligne {} de 1 à {MAX_SIDE} cases", r + 1),
                ));
            }
            if n != cols {
                return Err(bad(
                    row,
                    format!("row {} as long as row 1 ({cols} cells)", r + 1),
                    format!("une ligne {} aussi longue que la ligne 1 ({cols} cases)", r + 1),
                ));
            }
            for (c, ch) in row.chars().enumerate() {
                if let Some(v) = cell(ch) {
                    cells.push(v);
                } else {
                    {
                        let t = text!(
                            "one of {allowed} (row {}, column {})",
                            "l’un de {allowed} (ligne {}, colonne {})",
                            r + 1,
                            c + 1
                        );
                        return Err(Error::InvalidValue {
                            key: "position",
                            value: Quoted::new(&ch.to_string()),
                            expected: t,
                        });
                    }
                }
            }
        }
        Ok(Grid {
            rows: rows.len() as u8,
            cols: cols as u8,
            cells,
        })
    }

    /// The board written back, each cell through `sign`.
    pub fn write(&self, sign: impl Fn(u8) -> char) -> String {
        let mut out = String::new();
        for r in 0..self.rows as usize {
            if r > 0 {
                out.push('/');
            }
            for c in 0..self.cols as usize {
                out.push(sign(self.at(r, c)));
            }
        }
        out
    }

    /// The sum over `parts` of `growth^size`: a cost estimate for regions
    /// whose positions grow about geometrically with their size.
    pub fn grown(parts: Vec<(Grid, bool)>, size: fn(&Grid) -> usize, growth: f64) -> f64 {
        parts.iter().map(|(g, _)| growth.powi(size(g) as i32)).sum()
    }

    /// The cells where `other`, a board of the same size, differs.
    pub fn changed(&self, other: &Grid) -> Vec<usize> {
        (0..self.cells.len())
            .filter(|&i| self.cells[i] != other.cells[i])
            .collect()
    }

    /// One of the eight symmetries: `k & 4` transposes (rows become columns),
    /// `k & 1` flips top to bottom, `k & 2` left to right.
    pub fn symmetry(&self, k: u8) -> Grid {
        let (rows, cols) = (self.rows as usize, self.cols as usize);
        let transposed = k & 4 != 0;
        let (nr, nc) = if transposed { (cols, rows) } else { (rows, cols) };
        let mut cells = vec![0; nr * nc];
        for r in 0..rows {
            for c in 0..cols {
                let (mut rr, mut cc) = (r, c);
                if k & 1 != 0 {
                    rr = rows - 1 - rr;
                }
                if k & 2 != 0 {
                    cc = cols - 1 - cc;
                }
                let (tr, tc) = if transposed { (cc, rr) } else { (rr, cc) };
                cells[tr * nc + tc] = self.at(r, c);
            }
        }
        Grid {
            rows: nr as u8,
            cols: nc as u8,
            cells,
        }
    }

    /// The board with the values `a` and `b` swapped (one player's stones for
    /// the other's: the negative position in Clobber and Konane).
    pub fn swapped(&self, a: u8, b: u8) -> Grid {
        let cells = self
            .cells
            .iter()
            .map(|&v| match v {
                v if v == a => b,
                v if v == b => a,
                v => v,
            })
            .collect();
        Grid { cells, ..*self }
    }

    /// The least of the board's eight symmetries and of its `negative`'s,
    /// marked `true` when it is the negative's: one normal form for a board,
    /// its mirror images and their colour-swapped twins.
    pub fn normal_form(&self, negative: &Grid) -> (Grid, bool) {
        let mut best = (self.clone(), false);
        for k in 0..8u8 {
            for (base, negated) in [(self, false), (negative, true)] {
                let v = base.symmetry(k);
                if v < best.0 {
                    best = (v, negated);
                }
            }
        }
        best
    }

    /// The regions of cells for which `inside` holds, orthogonally connected,
    /// each cropped to its bounding box with every other cell set to `outside`.
    pub fn regions(&self, inside: impl Fn(u8) -> bool, outside: u8) -> Vec<Grid> {
        let (rows, cols) = (self.rows as usize, self.cols as usize);
        let mut seen = vec![false; rows * cols];
        let mut out = Vec::new();
        for start in 0..rows * cols {
            if seen[start] || !inside(self.cells[start]) {
                continue;
            }
            let mut stack = vec![start];
            let mut members = Vec::new();
            seen[start] = true;
            while let Some(i) = stack.pop() {
                members.push(i);
                let (r, c) = (i / cols, i % cols);
                let mut near = Vec::with_capacity(4);
                if r > 0 {
                    near.push(i - cols);
                }
                if r + 1 < rows {
                    near.push(i + cols);
                }
                if c > 0 {
                    near.push(i - 1);
                }
                if c + 1 < cols {
                    near.push(i + 1);
                }
                for j in near {
                    if !seen[j] && inside(self.cells[j]) {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
            let r0 = members.iter().map(|i| i / cols).min().unwrap_or(0);
            let r1 = members.iter().map(|i| i / cols).max().unwrap_or(0);
            let c0 = members.iter().map(|i| i % cols).min().unwrap_or(0);
            let c1 = members.iter().map(|i| i % cols).max().unwrap_or(0);
            let (nr, nc) = (r1 - r0 + 1, c1 - c0 + 1);
            let mut cells = vec![outside; nr * nc];
            for &i in &members {
                cells[(i / cols - r0) * nc + (i % cols - c0)] = self.cells[i];
            }
            out.push(Grid {
                rows: nr as u8,
                cols: nc as u8,
                cells,
            });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dots(text: &str) -> Grid {
        Grid::parse(
            text,
            |c| match c {
                '.' => Some(0),
                '#' => Some(1),
                _ => None,
            },
            ". #",
        )
        .unwrap()
    }

    #[test]
    fn symmetries_and_regions() {
        let g = dots("..#/.##");
        let back = |g: &Grid| g.write(|v| if v == 0 { '.' } else { '#' });
        assert_eq!(back(&g.symmetry(1)), ".##/..#");
        assert_eq!(back(&g.symmetry(2)), "#../##.");
        assert_eq!(back(&g.symmetry(4)), "../.#/##");
        let regions = dots(".#./.#.").regions(|v| v == 0, 1);
        assert_eq!(regions.len(), 2);
        assert_eq!(back(&regions[0]), "./.");
        for (text, at) in [("../...", "..."), ("..x", "x"), ("", "")] {
            let e = Grid::parse(text, |c| (c == '.').then_some(0), ".").unwrap_err();
            assert_eq!(e.value(), Some(at), "{text}");
        }
    }
}
