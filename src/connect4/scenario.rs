//! A Connect Four link: `width`, `height` and `moves` (Pons' notation: one
//! digit a move, the columns numbered from 1).

use crate::games::connect4::{Board, HEIGHT_FIELD, WIDTH_FIELD};
use crate::toolkit::{field, Error, Field, Label, Params};

/// The board when the link names none: 5 × 5, solved with every column's
/// score in about a second in the page (7 × 6 from the empty board takes
/// about a minute there).
pub const DEFAULT_WIDTH: usize = 5;
/// See [`DEFAULT_WIDTH`].
pub const DEFAULT_HEIGHT: usize = 5;

/// Longest list of moves a link may hold (a 7 × 6 board holds 42 stones).
pub const MAX_MOVES_TEXT: usize = 200;

/// The keys of a Connect Four link, in link order.
pub const FIELDS: &[Field] = &[
    WIDTH_FIELD,
    HEIGHT_FIELD,
    Field::text(
        "moves",
        Label::new("Moves from the start", "Coups depuis le début"),
        MAX_MOVES_TEXT,
        &["", "4453", "44", "1212121", "4,4,4,3"],
    ),
];

/// One Connect Four view: the board and the position on it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scenario {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The moves from the start, one column number (1-based digit) each.
    pub moves: String,
}

impl Default for Scenario {
    /// The empty 5 × 5 board.
    fn default() -> Self {
        Scenario {
            width: DEFAULT_WIDTH,
            height: DEFAULT_HEIGHT,
            moves: String::new(),
        }
    }
}

crate::link_scenario!(Scenario);

impl Scenario {
    /// Reads a Connect Four link's keys; absent keys keep their defaults.
    ///
    /// # Errors
    /// The first key at fault: a size outside the boards solved, or moves
    /// that are not a game (a full column, a move after a four), named by move.
    pub fn parse(params: &mut Params) -> Result<Self, Error> {
        let f = |key| field(FIELDS, key);
        let mut s = Scenario::default();
        if let Some(w) = params.count(f("width"))? {
            s.width = w;
        }
        if let Some(h) = params.count(f("height"))? {
            s.height = h;
        }
        if let Some(v) = params.text(f("moves"))? {
            // Pons' notation: one digit a move; commas and spaces are allowed between.
            let board = Board::new(s.width as u32, s.height as u32)?;
            board.play_moves(&v)?;
            s.moves = v.chars().filter(char::is_ascii_digit).collect();
        }
        Ok(s)
    }

    /// The link's pairs.
    pub fn write(&self) -> Vec<(&'static str, String)> {
        vec![
            ("width", self.width.to_string()),
            ("height", self.height.to_string()),
            ("moves", self.moves.clone()),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(q: &str) -> Result<Scenario, Error> {
        Scenario::parse(&mut Params::from_query(q).unwrap())
    }

    #[test]
    fn reads_and_writes_a_position() {
        let s = parse("width=7&height=6&moves=4,4,5,3").unwrap();
        assert_eq!((s.width, s.height, s.moves.as_str()), (7, 6, "4453"));
        assert_eq!(s.write()[2], ("moves", "4453".to_string()));
        assert_eq!(parse("").unwrap(), Scenario::default());
    }

    #[test]
    fn refuses_sizes_and_moves_out_of_the_game() {
        assert_eq!(parse("width=8").unwrap_err().key(), Some("width"));
        assert_eq!(parse("height=3").unwrap_err().key(), Some("height"));
        // Column 6 does not exist on a 5-wide board.
        assert!(parse("moves=6").is_err());
        // A move after a four.
        assert!(parse("width=4&height=4&moves=12121213").is_err());
    }
}
