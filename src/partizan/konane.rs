//! Konane (Hawaiian checkers): Left owns the stones `x`, Right the stones `o`;
//! a move takes one of your stones orthogonally over an adjacent stone of the
//! opponent's into the empty cell just beyond, removing the stone jumped, and
//! may go on jumping in the same direction (each stop is a move of its own).
//! Whoever cannot move loses (Ernst, *Playing Konane Mathematically*, Games
//! of No Chance, 1996, studies its values).
//!
//! A position is written as Clobber's is: rows joined by `/`, `.` an empty
//! cell. A jump lands on an empty cell, so stones apart can meet and the
//! board's edges stop a jump: the whole board is one part, solved once for
//! its eight symmetries, and swapping the colours gives its negative.

use super::clobber::Clobber;
use super::drawing::View;
use super::game::Side;
use super::grid::Grid;
use super::rules::{Board, Rules};
use crate::toolkit::Error;

const EMPTY: u8 = 0;
const LEFT: u8 = 1;
const RIGHT: u8 = 2;

/// Konane's rules.
#[derive(Clone, Copy, Debug, Default)]
pub struct Konane;

/// Parts a Konane board of `n` stones costs, about `growthⁿ` (each jump
/// removes a stone, as in Clobber).
const GROWTH: f64 = 2.0;

/// Clobber's notation and drawing: the same signs, read, written and drawn by
/// Clobber's `Board`; only the cost differs.
impl Board for Konane {
    const VIEW: View = <Clobber as Board>::VIEW;

    fn read(text: &str) -> Result<(Konane, Grid), Error> {
        Clobber::read(text).map(|(_, board)| (Konane, board))
    }

    fn text(&self, board: &Grid) -> String {
        Clobber.text(board)
    }

    fn size(board: &Grid) -> usize {
        Clobber::size(board)
    }

    fn changed(&self, before: &Grid, after: &Grid) -> Vec<usize> {
        Clobber.changed(before, after)
    }

    fn estimate(&self, board: &Grid) -> f64 {
        GROWTH.powi(Self::size(board) as i32)
    }
}

impl Rules for Konane {
    type Position = Grid;

    fn moves(&self, board: &Grid, side: Side) -> Vec<Grid> {
        let (own, theirs) = match side {
            Side::Left => (LEFT, RIGHT),
            Side::Right => (RIGHT, LEFT),
        };
        let (rows, cols) = (board.rows as isize, board.cols as isize);
        let inside = |r: isize, c: isize| (0..rows).contains(&r) && (0..cols).contains(&c);
        let mut out = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                if board.at(r as usize, c as usize) != own {
                    continue;
                }
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    // Jump after jump in one direction, each landing a move.
                    let (mut next, mut at) = (board.clone(), (r, c));
                    loop {
                        let over = (at.0 + dr, at.1 + dc);
                        let land = (at.0 + 2 * dr, at.1 + 2 * dc);
                        if !inside(land.0, land.1)
                            || next.at(over.0 as usize, over.1 as usize) != theirs
                            || next.at(land.0 as usize, land.1 as usize) != EMPTY
                        {
                            break;
                        }
                        next.set(at.0 as usize, at.1 as usize, EMPTY);
                        next.set(over.0 as usize, over.1 as usize, EMPTY);
                        next.set(land.0 as usize, land.1 as usize, own);
                        out.push(next.clone());
                        at = land;
                    }
                }
            }
        }
        out
    }

    fn parts(&self, board: &Grid) -> Vec<(Grid, bool)> {
        if self.moves(board, Side::Left).is_empty() && self.moves(board, Side::Right).is_empty() {
            return Vec::new();
        }
        vec![board.normal_form(&board.swapped(LEFT, RIGHT))]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str, side: Side) -> Vec<String> {
        let (rules, board) = Konane::read(text).unwrap();
        rules.moves(&board, side).iter().map(Clobber::write).collect()
    }

    #[test]
    fn a_stone_jumps_once_or_on_in_one_direction() {
        assert_eq!(moves("xo.o.", Side::Left), ["..xo.", "....x"]);
        assert_eq!(moves("xo.o.", Side::Right), Vec::<String>::new());
        // A jump needs an empty cell beyond, inside the board.
        assert_eq!(moves("xo", Side::Left), Vec::<String>::new());
        assert_eq!(moves("xox", Side::Left), Vec::<String>::new());
        assert_eq!(moves("x/o/.", Side::Left), ["././x"]);
    }
}
