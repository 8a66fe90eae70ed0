//! Clobber: Left owns the stones `x`, Right the stones `o`; a move takes one of
//! your stones onto an orthogonally adjacent stone of the opponent's, which is
//! removed (clobbered). Whoever cannot move loses.
//!
//! A position is its rows joined by `/`, `.` an empty cell: `xo/ox`. Groups of
//! stones that do not touch are independent (the position is their sum); a
//! group of one colour alone is 0. Each group is solved once for its eight
//! symmetries, and swapping the colours gives its negative.

use super::drawing::{Cell, View};
use super::game::Side;
use super::grid::Grid;
use super::rules::{Board, Rules};
use crate::toolkit::Error;

const EMPTY: u8 = 0;
const LEFT: u8 = 1;
const RIGHT: u8 = 2;

/// Clobber's rules.
#[derive(Clone, Copy, Debug, Default)]
pub struct Clobber;

impl Clobber {
    /// Reads a board: rows joined by `/`, `x` Left's stone, `o` Right's, `.` empty.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] naming the character or row at fault.
    pub fn parse(text: &str) -> Result<Grid, Error> {
        Grid::parse(
            text,
            |c| match c {
                '.' => Some(EMPTY),
                'x' => Some(LEFT),
                'o' => Some(RIGHT),
                _ => None,
            },
            "x o .",
        )
    }

    /// The board written as [`Clobber::parse`] reads it.
    pub fn write(board: &Grid) -> String {
        board.write(|v| match v {
            LEFT => 'x',
            RIGHT => 'o',
            _ => '.',
        })
    }

    /// The stones on a board.
    pub fn stones(board: &Grid) -> usize {
        board.cells.iter().filter(|&&v| v != EMPTY).count()
    }

    /// The stones that can capture or be captured now (an opposing stone beside
    /// them) or after one move (beside such a stone): those the play reaches soon.
    pub fn engaged(board: &Grid) -> usize {
        let (rows, cols) = (board.rows as usize, board.cols as usize);
        let near = |r: usize, c: usize| {
            [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)]
                .into_iter()
                .filter(move |&(nr, nc)| nr < rows && nc < cols && board.at(nr, nc) != EMPTY)
        };
        let now: Vec<bool> = (0..rows * cols)
            .map(|k| {
                let (r, c) = (k / cols, k % cols);
                let v = board.at(r, c);
                v != EMPTY && near(r, c).any(|(nr, nc)| board.at(nr, nc) != v)
            })
            .collect();
        (0..rows * cols)
            .filter(|&k| {
                let (r, c) = (k / cols, k % cols);
                board.at(r, c) != EMPTY && (now[k] || near(r, c).any(|(nr, nc)| now[nr * cols + nc]))
            })
            .count()
    }
}

/// What a Clobber region costs, in the page's parts (2·10⁻⁵ s each in a browser,
/// about twice the native time), for each capture it offers: `SCALE · 2^captures`.
/// Its stones alone could not tell the checkerboards apart (native, release, stop
/// 76, issue 70): 3 × 4 (12 stones, 17 captures) 0.03 s, 2 × 8 (16, 22) 0.57 s,
/// 4 × 4 (16, 24) 2.75 s, 3 × 6 (18, 27) 25 s; each capture about doubles the
/// time, and 4 × 4 fixes the scale.
///
/// A board of few captures for its stones is not cheaper for it: `xxxx/ooxo/oxox`
/// (12 stones, 11 captures) took 0.09 s and the same with `xxxo` below (16, 15)
/// 5.7 s (native, release, stop 79, issue 71), where `SCALE · 2^captures` said
/// 0.3 ms and 6 ms: each stone that can capture or be captured about triples the
/// time. The estimate is the larger of the two counts, the second
/// [`SCALE_PER_STONE`] · 3^(such stones), fixed on the same 4 × 4 (both counts
/// agree there), for a region at least 3 × 3: a strip two stones wide falls
/// apart into small regions as it is played, and its captures tell its time.
const SCALE: f64 = 0.0174;

/// The per-stone count's scale: `SCALE_PER_STONE · 3^16 = SCALE · 2^24`.
const SCALE_PER_STONE: f64 = SCALE * 16_777_216.0 / 43_046_721.0;

impl Clobber {
    /// The pairs of orthogonally adjacent stones of opposite colours: the
    /// captures the board offers either player.
    pub fn captures(board: &Grid) -> usize {
        let (rows, cols) = (board.rows as usize, board.cols as usize);
        let mut n = 0;
        for r in 0..rows {
            for c in 0..cols {
                let v = board.at(r, c);
                if v == EMPTY {
                    continue;
                }
                for (nr, nc) in [(r + 1, c), (r, c + 1)] {
                    if nr < rows && nc < cols && board.at(nr, nc) != EMPTY && board.at(nr, nc) != v {
                        n += 1;
                    }
                }
            }
        }
        n
    }
}

impl Board for Clobber {
    const VIEW: View = View::Cells {
        cells: &[Cell::LEFT_STONE, Cell::RIGHT_STONE, Cell::EMPTY],
        strip: false,
    };

    fn read(text: &str) -> Result<(Clobber, Grid), Error> {
        Ok((Clobber, Clobber::parse(text)?))
    }

    fn text(&self, board: &Grid) -> String {
        Clobber::write(board)
    }

    fn size(board: &Grid) -> usize {
        Clobber::stones(board)
    }

    fn changed(&self, before: &Grid, after: &Grid) -> Vec<usize> {
        before.changed(after)
    }

    fn estimate(&self, board: &Grid) -> f64 {
        self.parts(board)
            .iter()
            .map(|(g, _)| {
                let by_captures = SCALE * 2f64.powi(Clobber::captures(g) as i32);
                let by_stones = if g.rows >= 3 && g.cols >= 3 {
                    SCALE_PER_STONE * 3f64.powi(Clobber::engaged(g) as i32)
                } else {
                    0.0
                };
                by_captures.max(by_stones)
            })
            .sum()
    }
}

impl Rules for Clobber {
    type Position = Grid;

    fn moves(&self, board: &Grid, side: Side) -> Vec<Grid> {
        let (own, theirs) = match side {
            Side::Left => (LEFT, RIGHT),
            Side::Right => (RIGHT, LEFT),
        };
        let (rows, cols) = (board.rows as usize, board.cols as usize);
        let mut out = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                if board.at(r, c) != own {
                    continue;
                }
                let near = [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)];
                for (nr, nc) in near {
                    if nr < rows && nc < cols && board.at(nr, nc) == theirs {
                        let mut next = board.clone();
                        next.set(r, c, EMPTY);
                        next.set(nr, nc, own);
                        out.push(next);
                    }
                }
            }
        }
        out
    }

    fn parts(&self, board: &Grid) -> Vec<(Grid, bool)> {
        board
            .regions(|v| v != EMPTY, EMPTY)
            .into_iter()
            .filter(|g| g.cells.contains(&LEFT) && g.cells.contains(&RIGHT))
            .map(|group| group.normal_form(&group.swapped(LEFT, RIGHT)))
            .collect()
    }
}
