//! Domineering: Left places vertical dominoes, Right horizontal ones, on the
//! empty cells of a board; whoever cannot place one loses.
//!
//! A position is its rows joined by `/`, `.` an empty cell and `#` a blocked
//! one (a domino covers two cells with `#`): `..../..../....` is the empty
//! 3 × 4 board. Regions of empty cells that do not touch are independent: the
//! position is their sum, each region solved once in the normal form of its
//! eight symmetries (a quarter turn swaps the players: the negative).
//!
//! ```
//! use ludolab::partizan::{domineering::Domineering, game::Games, notation::Namer, rules::Solver};
//! let mut g = Games::new();
//! let mut s = Solver::new(Domineering, 1 << 20);
//! let board = Domineering::parse("../..").unwrap();
//! let v = s.value(&mut g, &board, &mut |_, _| {}).unwrap();
//! assert_eq!(Namer::new().name(&mut g, v), "+-1");
//! ```

use super::drawing::{Cell, View};
use super::game::Side;
use super::grid::Grid;
use super::rules::{Board, Rules};
use crate::toolkit::{Error, Label};

const EMPTY: u8 = 0;
const BLOCKED: u8 = 1;

/// Domineering's rules.
#[derive(Clone, Copy, Debug, Default)]
pub struct Domineering;

impl Domineering {
    /// Reads a board: rows joined by `/`, `.` empty, `#` blocked.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] naming the character or row at fault.
    pub fn parse(text: &str) -> Result<Grid, Error> {
        Grid::parse(
            text,
            |c| match c {
                '.' => Some(EMPTY),
                '#' => Some(BLOCKED),
                _ => None,
            },
            ". #",
        )
    }

    /// The board written as [`Domineering::parse`] reads it.
    pub fn write(board: &Grid) -> String {
        board.write(|v| if v == EMPTY { '.' } else { '#' })
    }

    /// The empty cells of a board.
    pub fn empty_cells(board: &Grid) -> usize {
        board.cells.iter().filter(|&&v| v == EMPTY).count()
    }
}

/// Parts a Domineering region of `n` empty cells costs, about `growthⁿ`
/// (fitted on rectangles up to 5 × 6, BENCHMARKS.md: the count grows a
/// little faster than exponentially, so smaller regions are overestimated).
const GROWTH: f64 = 1.53;
/// The extra growth per empty cell of a region past 25 (see `estimate`).
const LATE_GROWTH: f64 = 1.38;

impl Board for Domineering {
    const VIEW: View = View::Cells {
        cells: &[
            Cell::EMPTY,
            Cell::new('#', "", "blocked", Label::new("blocked", "bloquée")),
        ],
        strip: false,
    };

    fn read(text: &str) -> Result<(Domineering, Grid), Error> {
        Ok((Domineering, Domineering::parse(text)?))
    }

    fn text(&self, board: &Grid) -> String {
        Domineering::write(board)
    }

    fn size(board: &Grid) -> usize {
        Domineering::empty_cells(board)
    }

    fn changed(&self, before: &Grid, after: &Grid) -> Vec<usize> {
        before.changed(after)
    }

    /// Past 25 empty cells a region's value grows faster still: 5 × 6 took 42
    /// times 5 × 5 (39 s natively on a slow day, stop 77's estimate test), not 1.53⁵.
    fn value_estimate(&self, board: &Grid) -> f64 {
        self.parts(board)
            .iter()
            .map(|(g, _)| {
                let cells = Domineering::empty_cells(g) as i32;
                GROWTH.powi(cells) * LATE_GROWTH.powi((cells - 25).max(0))
            })
            .sum()
    }

    fn estimate(&self, board: &Grid) -> f64 {
        Grid::grown(self.parts(board), Domineering::empty_cells, GROWTH)
    }
}

impl Rules for Domineering {
    type Position = Grid;

    fn moves(&self, board: &Grid, side: Side) -> Vec<Grid> {
        let (rows, cols) = (board.rows as usize, board.cols as usize);
        let (dr, dc) = match side {
            Side::Left => (1, 0),
            Side::Right => (0, 1),
        };
        let mut out = Vec::new();
        for r in 0..rows.saturating_sub(dr) {
            for c in 0..cols.saturating_sub(dc) {
                if board.at(r, c) == EMPTY && board.at(r + dr, c + dc) == EMPTY {
                    let mut next = board.clone();
                    next.set(r, c, BLOCKED);
                    next.set(r + dr, c + dc, BLOCKED);
                    out.push(next);
                }
            }
        }
        out
    }

    fn parts(&self, board: &Grid) -> Vec<(Grid, bool)> {
        board
            .regions(|v| v == EMPTY, BLOCKED)
            .into_iter()
            .filter(|region| region.cells.iter().filter(|&&v| v == EMPTY).count() >= 2)
            .map(|region| {
                // The least of the eight symmetries; a transposed one is the negative.
                let mut best = (region.clone(), false);
                for k in 1..8u8 {
                    let v = region.symmetry(k);
                    if v < best.0 {
                        best = (v, k & 4 != 0);
                    }
                }
                best
            })
            .collect()
    }
}
