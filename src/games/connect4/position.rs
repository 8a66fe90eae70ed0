//! A Connect Four position, compact and apart from the solver (Pons): two
//! bitboards, the stones of the player to move and every stone.
//!
//! Column `c` (from 0, the left) holds bits `c·(H + 1)` to `c·(H + 1) + H − 1`,
//! bottom first; the bit above each column stays empty, so a shift by 1 (up),
//! `H + 1` (across), `H` and `H + 2` (the diagonals) never wraps from one column
//! into the next. With at most 7 columns of 6 rows and a guard bit, a board fits
//! in 49 bits.

use crate::toolkit::{Error, Quoted};

/// Fewest columns.
pub const MIN_WIDTH: u32 = 4;
/// Most columns.
pub const MAX_WIDTH: u32 = 7;
/// Fewest rows.
pub const MIN_HEIGHT: u32 = 4;
/// Most rows (7 columns of 6 rows and a guard bit each fit in 64 bits).
pub const MAX_HEIGHT: u32 = 6;

/// The board's shape and the masks every position of that shape shares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    width: u32,
    height: u32,
    /// The bottom cell of every column.
    bottom: u64,
    /// Every cell of the board.
    cells: u64,
    /// The rows (from 0 at the bottom) of the parity of `height`: when every
    /// column has an even number of empty cells, the player to move gets these
    /// if the opponent answers each stone right on top of it.
    mover_rows: u64,
}

impl Board {
    /// The board of `width` (4 to 7) columns and `height` (4 to 6) rows.
    ///
    /// # Errors
    /// A size outside those ranges, naming the link key (`width`, `height`).
    pub fn new(width: u32, height: u32) -> Result<Board, Error> {
        for (key, value, lo, hi) in [
            ("width", width, MIN_WIDTH, MAX_WIDTH),
            ("height", height, MIN_HEIGHT, MAX_HEIGHT),
        ] {
            if !(lo..=hi).contains(&value) {
                return Err(Error::NotWhole {
                    key,
                    value: Quoted::new(&value.to_string()),
                    min: lo.into(),
                    max: hi.into(),
                });
            }
        }
        let column = (1u64 << height) - 1;
        let (mut bottom, mut cells) = (0, 0);
        for c in 0..width {
            bottom |= 1 << (c * (height + 1));
            cells |= column << (c * (height + 1));
        }
        let mover_rows = (0..height)
            .filter(|r| r % 2 == height % 2)
            .fold(0, |rows, r| rows | bottom << r);
        Ok(Board {
            width,
            height,
            bottom,
            cells,
            mover_rows,
        })
    }

    /// Columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Cells: the most stones a game can have.
    pub fn area(&self) -> u32 {
        self.width * self.height
    }

    /// Every cell of column `c`.
    #[inline(always)]
    pub fn column(&self, c: u32) -> u64 {
        ((1u64 << self.height) - 1) << (c * (self.height + 1))
    }

    /// The cell of column `c`, row `r` (from the bottom).
    pub fn cell(&self, c: u32, r: u32) -> u64 {
        1u64 << (c * (self.height + 1) + r)
    }

    /// Every line of four cells on the board (across, up and both
    /// diagonals), each as a bit mask: what a four-in-a-row can fill.
    pub fn windows(&self) -> Vec<u64> {
        let (width, height) = (self.width as i32, self.height as i32);
        let mut windows = Vec::new();
        for c in 0..width {
            for r in 0..height {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let (ec, er) = (c + 3 * dc, r + 3 * dr);
                    if (0..width).contains(&ec) && (0..height).contains(&er) {
                        windows.push((0..4).fold(0, |m, k| m | self.cell((c + k * dc) as u32, (r + k * dr) as u32)));
                    }
                }
            }
        }
        windows
    }

    /// The top cell of column `c`.
    fn top(&self, c: u32) -> u64 {
        1u64 << (c * (self.height + 1) + self.height - 1)
    }

    /// The score of a four completed with the `m`-th stone of the game, for
    /// its player: ⌊(W·H + 2 − m)/2⌋ (Pons' convention; the loser scores its negative).
    pub fn win_score(&self, m: u32) -> i32 {
        (self.area() as i32 + 2 - m as i32) / 2
    }

    /// The empty board.
    pub fn start(&self) -> Position {
        Position {
            board: *self,
            current: 0,
            mask: 0,
            moves: 0,
        }
    }

    /// The empty cells where `stones` would complete a four (Pons).
    #[inline(always)]
    fn winning_cells(&self, stones: u64, mask: u64) -> u64 {
        // One copy per height, so every shift is a constant: the solve's
        // nodes are mostly these shifts (measured: BENCHMARKS.md); the
        // branch always goes the same way in a solve.
        let r = match self.height {
            4 => winning_cells_of::<4>(stones),
            5 => winning_cells_of::<5>(stones),
            _ => winning_cells_of::<6>(stones),
        };
        r & (self.cells ^ mask)
    }

    /// Whether `stones` hold a four.
    #[inline(always)]
    fn aligned(&self, stones: u64) -> bool {
        match self.height {
            4 => aligned_of::<4>(stones),
            5 => aligned_of::<5>(stones),
            _ => aligned_of::<6>(stones),
        }
    }

    /// `key` seen in a mirror (columns right to left): a position and its
    /// mirror image have the same score, so the table keeps one of them.
    #[inline(always)]
    fn mirror(&self, key: u64) -> u64 {
        let h1 = self.height + 1;
        let column = (1u64 << h1) - 1;
        let mut out = 0;
        for c in 0..self.width {
            out |= (key >> (c * h1) & column) << ((self.width - 1 - c) * h1);
        }
        out
    }
}

/// The cells (empty or not) where `stones` would complete a four on a board
/// of `H` rows.
#[inline(always)]
fn winning_cells_of<const H: u32>(stones: u64) -> u64 {
    // Vertical: three stones right below.
    let mut r = (stones << 1) & (stones << 2) & (stones << 3);
    for d in [H + 1, H, H + 2] {
        let p = (stones << d) & (stones << (2 * d));
        r |= p & (stones << (3 * d));
        r |= p & (stones >> d);
        let p = (stones >> d) & (stones >> (2 * d));
        r |= p & (stones << d);
        r |= p & (stones >> (3 * d));
    }
    r
}

/// Whether `stones` hold a four on a board of `H` rows.
#[inline(always)]
fn aligned_of<const H: u32>(stones: u64) -> bool {
    [1, H, H + 1, H + 2].iter().any(|&d| {
        let m = stones & (stones >> d);
        m & (m >> (2 * d)) != 0
    })
}

/// Why a move sequence is not a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// A character that is not a column digit (nor a separator).
    NotAColumn(char),
    /// A column outside 1..W.
    Outside(u32),
    /// A column already full.
    Full(u32),
    /// A move after a four was completed.
    AfterFour,
}

/// A position: the stones of the player to move and every stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    /// Stones of the player to move.
    current: u64,
    /// Every stone.
    mask: u64,
    /// Stones played.
    moves: u32,
}

impl Position {
    /// The position after `moves`, columns 1..W from the left written as
    /// digits (`"4453"`, as Pons' tools read them; commas and spaces may separate them).
    ///
    /// # Errors
    /// Names the move at fault (counted from 1) and why: not a column, outside
    /// 1..W, a full column, a move after a four.
    ///
    /// ```
    /// use ludolab::games::connect4::Board;
    /// let board = Board::new(7, 6).unwrap();
    /// let p = board.play_moves("4453").unwrap();
    /// assert_eq!(p.stones(), 4);
    /// assert!(board.play_moves("448").is_err());
    /// ```
    pub fn from_moves(board: &Board, moves: &str) -> Result<Position, Error> {
        let mut p = board.start();
        let mut at = 0;
        for ch in moves.chars() {
            if ch == ',' || ch.is_whitespace() {
                continue;
            }
            at += 1;
            let fault = match ch.to_digit(10) {
                None => Some(MoveError::NotAColumn(ch)),
                Some(c) if c < 1 || c > board.width => Some(MoveError::Outside(c)),
                Some(_) if p.won() => Some(MoveError::AfterFour),
                Some(c) if !p.can_play(c - 1) => Some(MoveError::Full(c)),
                Some(c) => {
                    p.play_column(c - 1);
                    None
                }
            };
            if let Some(fault) = fault {
                return Err(move_error(moves, at, fault, board));
            }
        }
        Ok(p)
    }

    /// The board's shape.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Stones on the board.
    pub fn stones(&self) -> u32 {
        self.moves
    }

    /// The 1-based player to move (1 moves first).
    pub fn to_move(&self) -> u8 {
        if self.moves % 2 == 0 {
            1
        } else {
            2
        }
    }

    /// Whether the last stone completed a four (the player to move has lost).
    pub fn won(&self) -> bool {
        self.board.aligned(self.current ^ self.mask)
    }

    /// Whether the game is over: a four, or a full board.
    pub fn over(&self) -> bool {
        self.won() || self.moves == self.board.area()
    }

    /// The stones of the player to move, one bit a cell (column c holds bits
    /// c·(H + 1) to c·(H + 1) + H − 1, from the bottom).
    pub fn mine(&self) -> u64 {
        self.current
    }

    /// Every stone on the board, one bit a cell (as [`mine`](Self::mine)).
    pub fn mask(&self) -> u64 {
        self.mask
    }

    /// Stones in column `c` (from 0).
    pub fn stacked(&self, c: u32) -> u32 {
        (self.mask & self.board.column(c)).count_ones()
    }

    /// Whether column `c` (from 0) has room.
    pub fn can_play(&self, c: u32) -> bool {
        c < self.board.width && self.mask & self.board.top(c) == 0
    }

    /// Drops a stone in column `c` (from 0), which must have room.
    pub fn play_column(&mut self, c: u32) {
        let cell = (self.mask + (1u64 << (c * (self.board.height + 1)))) & self.board.column(c);
        self.play(cell);
    }

    /// Plays the stone `cell` (one bit among [`possible`](Self::possible)).
    #[inline(always)]
    pub fn play(&mut self, cell: u64) {
        self.current ^= self.mask;
        self.mask |= cell;
        self.moves += 1;
    }

    /// Whether dropping in column `c` (from 0) completes a four.
    pub fn wins_with(&self, c: u32) -> bool {
        self.winning() & self.possible() & self.board.column(c) != 0
    }

    /// A key unique to the position (Pons): every stone, plus the mover's.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// The [`Position::key`] of the position after a stone on `cell`.
    #[inline(always)]
    pub fn key_after(&self, cell: u64) -> u64 {
        (self.current ^ self.mask) + (self.mask | cell)
    }

    /// The smaller of the keys of the position and of its mirror image.
    #[inline(always)]
    pub fn symmetric_key(&self) -> u64 {
        let key = self.key();
        key.min(self.board.mirror(key))
    }

    /// Whether the position is its own mirror image: a stone in column `c`
    /// and one in its mirror column then lead to mirror positions, with the
    /// same score.
    pub fn is_symmetric(&self) -> bool {
        let key = self.key();
        self.board.mirror(key) == key
    }

    /// The cell each column's next stone would take.
    #[inline(always)]
    pub fn possible(&self) -> u64 {
        (self.mask + self.board.bottom) & self.board.cells
    }

    /// Empty cells where the player to move would complete a four.
    pub fn winning(&self) -> u64 {
        self.board.winning_cells(self.current, self.mask)
    }

    /// Empty cells where the opponent would complete a four.
    #[inline(always)]
    pub fn threats(&self) -> u64 {
        self.board.winning_cells(self.current ^ self.mask, self.mask)
    }

    /// Whether the player to move can complete a four now.
    pub fn can_win_next(&self) -> bool {
        self.winning() & self.possible() != 0
    }

    /// The moves that do not let the opponent win at once: the one forced
    /// block if there is one, none against two threats, and never a stone
    /// right below an opponent's winning cell. Assumes the player to move
    /// cannot win at once.
    pub fn non_losing_moves(&self) -> u64 {
        self.non_losing_moves_with(self.threats())
    }

    /// [`non_losing_moves`](Self::non_losing_moves), given the [`threats`](Self::threats)
    /// (the solver has them from the parent: the cells its last stone made winning).
    #[inline(always)]
    pub fn non_losing_moves_with(&self, threats: u64) -> u64 {
        let mut possible = self.possible();
        let forced = possible & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(threats >> 1)
    }

    /// An upper bound on the player to move's score from the opponent's
    /// follow-up: the opponent answers every stone right on top of it (Allis'
    /// claimeven, and his zugzwang of an odd threat). Two cases:
    ///
    /// * every column has an even number of empty cells: the player to move
    ///   only ever gets the empty cells of [`Board`]'s `mover_rows`, the
    ///   opponent all the others. If no four of the player to move fits in its
    ///   stones and those cells, it cannot win (at most 0); if moreover a four
    ///   of the opponent fits in its own, the opponent wins (at most −1).
    /// * exactly one column `c` has an odd number: there the player to move
    ///   gets the rows of the parity of the column's next cell, the opponent
    ///   the others. If the opponent has a winning cell in `c` on one of its
    ///   rows, the player to move must at last (when every other column is
    ///   full) fill the cell below it; so if no four of the player to move fits
    ///   in its stones, its cells of the other columns and of `c` below that
    ///   winning cell, the opponent wins, at the latest when every cell but
    ///   those above it is filled: at most −⌊(H + 1 − r)/2⌋ for a winning cell
    ///   on row `r` (from 0).
    ///
    /// None otherwise.
    pub fn follow_up_bound(&self) -> Option<i32> {
        self.follow_up_bound_with(self.threats())
    }

    /// [`follow_up_bound`](Self::follow_up_bound), given the [`threats`](Self::threats).
    #[inline(always)]
    pub fn follow_up_bound_with(&self, threats: u64) -> Option<i32> {
        let b = &self.board;
        let odd = self.possible() & !b.mover_rows;
        let empty = b.cells ^ self.mask;
        if odd == 0 {
            if b.aligned(self.current | (empty & b.mover_rows)) {
                return None;
            }
            let opponent = self.current ^ self.mask;
            return Some(if b.aligned(opponent | (empty & !b.mover_rows)) {
                -1
            } else {
                0
            });
        }
        if odd & (odd - 1) != 0 {
            return None;
        }
        let column = b.column(odd.trailing_zeros() / (b.height + 1));
        let threats = threats & column & b.mover_rows;
        if threats == 0 {
            return None;
        }
        let lowest = threats & threats.wrapping_neg();
        let below = (lowest - 1) & column;
        let mine = (empty & b.mover_rows & !column) | (empty & !b.mover_rows & below);
        if b.aligned(self.current | mine) {
            return None;
        }
        let row = (lowest.trailing_zeros() % (b.height + 1)) as i32;
        Some(-((b.height as i32 + 1 - row) / 2))
    }

    /// Who holds each cell, row by row from the top: 0 empty, 1 the first player, 2 the second.
    pub fn cells(&self) -> Vec<u8> {
        let first = if self.moves % 2 == 0 {
            self.current
        } else {
            self.current ^ self.mask
        };
        let h1 = self.board.height + 1;
        let mut out = Vec::with_capacity(self.board.area() as usize);
        for r in (0..self.board.height).rev() {
            for c in 0..self.board.width {
                let bit = 1u64 << (c * h1 + r);
                out.push(if self.mask & bit == 0 {
                    0
                } else if first & bit != 0 {
                    1
                } else {
                    2
                });
            }
        }
        out
    }
}

impl Board {
    /// [`Position::from_moves`] on this board.
    ///
    /// # Errors
    /// As [`Position::from_moves`].
    pub fn play_moves(&self, moves: &str) -> Result<Position, Error> {
        Position::from_moves(self, moves)
    }
}

fn move_error(moves: &str, at: usize, fault: MoveError, board: &Board) -> Error {
    let w = board.width;
    let expected = match fault {
        MoveError::NotAColumn(ch) => text!(
            "a column 1 to {} at move {} (not \"{}\")",
            "une colonne de 1 à {} au coup {} (pas « {} »)",
            w,
            at,
            // An invisible character as a sign, never as '\u{…}'.
            crate::toolkit::text::visible(ch)
        ),
        MoveError::Outside(c) => text!(
            "a column 1 to {} at move {} (column {} is not on the board)",
            "une colonne de 1 à {} au coup {} (la colonne {} n'est pas sur la grille)",
            w,
            at,
            c
        ),
        MoveError::Full(c) => text!(
            "a column with room at move {} (column {} is full)",
            "une colonne non pleine au coup {} (la colonne {} est pleine)",
            at,
            c
        ),
        MoveError::AfterFour => text!(
            "no move {}: the game ended with a four at move {}",
            "pas de coup {} : la partie s'est terminée par un alignement au coup {}",
            at,
            at - 1
        ),
    };
    Error::InvalidValue {
        key: "moves",
        value: Quoted::new(moves),
        expected,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_outside_the_ranges_name_the_key() {
        assert_eq!(Board::new(3, 6).unwrap_err().key(), Some("width"));
        assert_eq!(Board::new(8, 6).unwrap_err().key(), Some("width"));
        assert_eq!(Board::new(7, 3).unwrap_err().key(), Some("height"));
        assert_eq!(Board::new(7, 7).unwrap_err().key(), Some("height"));
        assert!(Board::new(4, 4).is_ok() && Board::new(7, 6).is_ok());
    }

    /// The 69 lines of the standard board (24 across, 21 up, 12 each
    /// diagonal), and a four found by them exactly when the bit shifts find it,
    /// along games played column by column in a fixed pseudo-random order.
    #[test]
    fn windows_are_the_lines_a_four_fills() {
        let board = Board::new(7, 6).unwrap();
        let windows = board.windows();
        assert_eq!(windows.len(), 69);
        assert!(windows.iter().all(|w| w.count_ones() == 4));
        assert_eq!(Board::new(4, 4).unwrap().windows().len(), 10);
        let mut seed = 12345u64;
        for _ in 0..200 {
            let mut p = board.start();
            while !p.over() {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let c = (seed >> 33) as u32 % 7;
                if !p.can_play(c) {
                    continue;
                }
                p.play_column(c);
                // The player who just moved holds the stones that are not `mine`.
                let theirs = p.mine() ^ p.mask();
                let by_windows = windows.iter().any(|&w| w & !theirs == 0);
                assert_eq!(p.won(), by_windows);
                if by_windows {
                    break;
                }
            }
        }
    }

    #[test]
    fn bad_moves_name_the_move_and_the_reason() {
        let b = Board::new(7, 6).unwrap();
        let msg = |m: &str| b.play_moves(m).unwrap_err().to_string();
        assert!(msg("44x").contains("move 3"), "{}", msg("44x"));
        assert!(msg("48").contains("column 8 is not on the board"));
        assert!(msg("40").contains("column 0 is not on the board"));
        assert!(msg("4444444").contains("column 4 is full"), "{}", msg("4444444"));
        // 1 and 2 alternate: 1 stacks four in column 1 at move 7.
        assert!(
            msg("12121213").contains("ended with a four at move 7"),
            "{}",
            msg("12121213")
        );
        assert_eq!(b.play_moves("4,4, 5 3").unwrap(), b.play_moves("4453").unwrap());
        assert_eq!(b.play_moves("").unwrap(), b.start());
    }

    #[test]
    fn fours_in_every_direction_are_seen() {
        let b = Board::new(7, 6).unwrap();
        for (moves, won) in [
            ("1212121", true),       // vertical
            ("1122334", true),       // horizontal
            ("7642241334473", true), // diagonal up
            ("2463464533543", true), // diagonal down
            ("112233", false),
        ] {
            assert_eq!(b.play_moves(moves).unwrap().won(), won, "{moves}");
        }
        // The winner of a four at move m scores ⌊(44 − m)/2⌋: the 41st stone, 1.
        assert_eq!(b.win_score(41), 1);
        assert_eq!(b.win_score(7), 18);
    }

    /// Whether `grid` (rows from the top, as [`Position::cells`]) holds a four
    /// of `who` through (`r`, `c`), cell by cell: no shifts.
    fn four_through(grid: &[u8], w: i32, h: i32, r: i32, c: i32, who: u8) -> bool {
        let at = |r: i32, c: i32| (0..h).contains(&r) && (0..w).contains(&c) && grid[(r * w + c) as usize] == who;
        [(0, 1), (1, 0), (1, 1), (1, -1)].iter().any(|&(dr, dc)| {
            let run = |s: i32| (1..4).take_while(|&k| at(r + s * k * dr, c + s * k * dc)).count();
            run(1) + run(-1) >= 3
        })
    }

    #[test]
    fn fours_and_winning_cells_agree_with_a_cell_by_cell_check_at_every_size() {
        // Random games on every board (each height has its own shifts),
        // checked after each stone against the grid.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for w in MIN_WIDTH..=MAX_WIDTH {
            for h in MIN_HEIGHT..=MAX_HEIGHT {
                let b = Board::new(w, h).unwrap();
                for _ in 0..40 {
                    let mut p = b.start();
                    while !p.over() {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        let open: Vec<u32> = (0..w).filter(|&c| p.can_play(c)).collect();
                        let mover = p.to_move();
                        let grid = p.cells();
                        let (wi, hi) = (w as i32, h as i32);
                        // winning(): the empty cells where the mover's stone makes a four.
                        for r in 0..hi {
                            for c in 0..wi {
                                let bit = 1u64 << (c as u32 * (h + 1) + (hi - 1 - r) as u32);
                                let empty = grid[(r * wi + c) as usize] == 0;
                                let expect = empty && four_through(&grid, wi, hi, r, c, mover);
                                assert_eq!(p.winning() & bit != 0, expect, "{w}x{h} cell ({r}, {c})");
                            }
                        }
                        p.play_column(open[(seed % open.len() as u64) as usize]);
                        let grid = p.cells();
                        let won = (0..hi).any(|r| {
                            (0..wi).any(|c| {
                                grid[(r * wi + c) as usize] == mover && four_through(&grid, wi, hi, r, c, mover)
                            })
                        });
                        assert_eq!(p.won(), won, "{w}x{h}");
                    }
                }
            }
        }
    }

    #[test]
    fn cells_and_mirror() {
        let b = Board::new(4, 4).unwrap();
        let p = b.play_moves("12").unwrap();
        assert_eq!(&p.cells()[12..], &[1, 2, 0, 0]);
        let q = b.play_moves("43").unwrap();
        assert_eq!(p.symmetric_key(), q.symmetric_key());
        assert_ne!(p.key(), q.key());
        // The key after a stone, without playing it (what the solver prefetches).
        for c in 0..4 {
            let mut after = p;
            after.play_column(c);
            assert_eq!(p.key_after(p.possible() & b.column(c)), after.key());
        }
    }
}
