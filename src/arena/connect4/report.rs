//! What the Connect Four solve view shows: the position, its exact score, each
//! column's score with when the game ends, the best columns, and, when a limit
//! stopped the solve, the bounds proven so far.

use super::solver::{ending, verdict, Ending, Limits, Solver, Stop};
use super::{Board, Position};
use crate::toolkit::{Error, Progress, Text, UNKNOWN_SHARE};
use serde::Serialize;

/// Nodes the page's solve may visit (about ten minutes in the browser's
/// worker): beyond, it says the bounds it proved.
pub const PAGE_NODE_LIMIT: u64 = 2_000_000_000;
/// Slots of the page's table (4 MB: the size at which solves are fastest,
/// see [`crate::arena::connect4::DEFAULT_SLOTS`]).
pub const PAGE_SLOTS: usize = crate::arena::connect4::DEFAULT_SLOTS;

/// One column of the board, as the page writes it above the column.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Column {
    /// Its number, from 1.
    pub column: u32,
    /// Whether a stone fits.
    pub playable: bool,
    /// The score for the player to move after a stone there (Pons' convention);
    /// none for a full column or when a limit stopped the solve.
    pub score: Option<i32>,
    /// How the game then ends (none: a draw, or no score).
    pub ending: Option<Ending>,
    /// Whether it reaches the position's score.
    pub best: bool,
}

/// The solve view's report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Connect4Report {
    /// `"connect4"`.
    pub kind: &'static str,
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// The moves from the empty board, one digit each.
    pub moves: String,
    /// Each cell, row by row from the top: 0 empty, 1 or 2.
    pub cells: Vec<u8>,
    /// Stones on the board.
    pub stones: u32,
    /// The player to move: 1 or 2.
    pub to_move: u8,
    /// Whether the game is over.
    pub over: bool,
    /// The winner of a finished game (none: a draw, or not over).
    pub winner: Option<u8>,
    /// The position's score for the player to move; none when a limit stopped it.
    pub score: Option<i32>,
    /// The score lies within these, both included.
    pub bounds: [i32; 2],
    /// What stopped the solve, if anything did.
    pub stopped: Option<Stop>,
    /// How the game ends with best play (none: a draw, or unsolved).
    pub ending: Option<Ending>,
    /// The score in words.
    pub verdict: Option<Text>,
    /// The columns, from the left.
    pub columns: Vec<Column>,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds taken.
    pub seconds: f64,
    /// The node limit.
    pub node_limit: u64,
}

/// Solves the position after `moves` on `width` × `height`, column by column;
/// `progress` hears the nodes searched.
///
/// # Errors
/// A board size outside 4–7 × 4–6, or moves that are not a game (named by move).
pub fn solve_view(width: u32, height: u32, moves: &str, progress: Progress) -> Result<Connect4Report, Error> {
    let board = Board::new(width, height)?;
    let p = Position::from_moves(&board, moves)?;
    let mut solver = Solver::new(PAGE_SLOTS);
    let limits = Limits {
        nodes: PAGE_NODE_LIMIT,
        seconds: None,
    };
    let (solved, scores) = solver.analyze(&p, limits, &mut |at| {
        // How long a solve takes is not known in advance (no share of the
        // work, so no time left): the counts say what is known, the nodes,
        // the score window proven so far, and nodes per second (once a tenth
        // of a second has passed).
        let nodes = i64::try_from(at.nodes).unwrap_or(i64::MAX);
        let rate = if at.seconds >= 0.1 {
            (at.nodes as f64 / at.seconds) as i64
        } else {
            0
        };
        let counts = [
            ("nodes", nodes),
            ("score at least", i64::from(at.bounds[0])),
            ("score at most", i64::from(at.bounds[1])),
            ("nodes per second", rate),
        ];
        progress(UNKNOWN_SHARE, &counts[..if rate > 0 { 4 } else { 3 }]);
        true
    });
    let columns = (0..width)
        .map(|c| {
            let score = scores[c as usize];
            Column {
                column: c + 1,
                playable: !p.over() && p.can_play(c),
                score,
                ending: score.and_then(|v| ending(&board, p.stones(), v)),
                best: score.is_some() && score == solved.score,
            }
        })
        .collect();
    let won = p.won();
    progress(1.0, &[("nodes", i64::try_from(solved.nodes).unwrap_or(i64::MAX))]);
    Ok(Connect4Report {
        kind: "connect4",
        width,
        height,
        moves: moves.to_string(),
        cells: p.cells(),
        stones: p.stones(),
        to_move: p.to_move(),
        over: p.over(),
        winner: won.then(|| 3 - p.to_move()),
        score: solved.score,
        bounds: solved.bounds,
        stopped: solved.stopped,
        ending: solved.score.and_then(|v| ending(&board, p.stones(), v)),
        verdict: solved.score.map(|v| verdict(&board, p.stones(), v)),
        columns,
        nodes: solved.nodes,
        seconds: solved.seconds,
        node_limit: PAGE_NODE_LIMIT,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_say_their_scores_and_endings() {
        // 4 × 4 after 1,2,1,2,1,2: player 1 completes the column-1 four now.
        let r = solve_view(4, 4, "121212", &mut |_, _| {}).unwrap();
        assert_eq!(r.score, Some(r.columns[0].score.unwrap()));
        assert!(r.columns[0].best);
        let e = r.columns[0].ending.unwrap();
        assert_eq!((e.winner, e.on_move), (1, 7));
        assert_eq!(r.to_move, 1);
        // A finished game: no playable column, the winner named.
        let r = solve_view(4, 4, "1212121", &mut |_, _| {}).unwrap();
        assert!(r.over && r.columns.iter().all(|c| !c.playable && c.score.is_none()));
        assert_eq!(r.winner, Some(1));
        // A full column has no score.
        let r = solve_view(4, 4, "1111", &mut |_, _| {}).unwrap();
        assert!(!r.columns[0].playable && r.columns[0].score.is_none());
        assert_eq!(r.columns.iter().filter(|c| c.score.is_some()).count(), 3);
    }

    #[test]
    fn bad_input_is_refused_by_key() {
        assert_eq!(solve_view(8, 6, "", &mut |_, _| {}).unwrap_err().key(), Some("width"));
        assert_eq!(solve_view(7, 6, "9", &mut |_, _| {}).unwrap_err().key(), Some("moves"));
    }
}
