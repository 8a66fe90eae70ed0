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
}

/// Parts a Clobber group of `n` stones costs, about `growthⁿ` (as Domineering's).
const GROWTH: f64 = 2.0;

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
        Grid::grown(self.parts(board), Clobber::stones, GROWTH)
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
