//! Chomp: a chocolate bar whose bottom-left square is poisoned. A move eats a
//! square and every square above and to its right; whoever eats the poison loses,
//! so the poison-only board is terminal and lost by the player to move.
//!
//! A board is its row lengths from the poisoned row up, non-increasing
//! (`[3, 3, 1]`: two full rows of 3, then one square). Boards within r rows and c
//! columns are numbered by the colex rank of the lengths read upwards from the
//! top row: there are C(r + c, r) of them, the empty one included.

use super::graph::{Arena, Outcome, Player};
use super::subtraction::join;
use crate::toolkit::{Error, Field, Label, Params};

/// Most boards (within the rows × columns box) an arena is built for: 10 × 10.
pub const MAX_ARENA_BOARDS: usize = 200_000;
/// Most boards the direct recursion (first moves only) handles: 12 × 12.
pub const MAX_DIRECT_BOARDS: usize = 3_000_000;
/// Most rows or columns.
pub const MAX_SIDE: usize = 40;

/// The link's `rows` key, in every chapter that shows Chomp.
pub const ROWS_FIELD: Field = Field::whole("rows", Label::new("Rows", "Lignes"), 1, MAX_SIDE as u64);
/// The link's `cols` key.
pub const COLS_FIELD: Field = Field::whole("cols", Label::new("Columns", "Colonnes"), 1, MAX_SIDE as u64);
/// The link's `board` key: a starting board other than the full bar.
pub const BOARD_FIELD: Field = Field::wholes(
    "board",
    Label::new("Starting board (optional)", "Tablette de départ (facultative)"),
    0,
    MAX_SIDE as u64,
    MAX_SIDE,
);

/// A Chomp bar as a link says it: the one place its keys are read and written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bar {
    /// Rows of the bar.
    pub rows: usize,
    /// Columns of the bar.
    pub cols: usize,
    /// A non-rectangular starting board (row lengths from the poisoned row up).
    pub board: Option<Vec<u8>>,
}

impl Default for Bar {
    /// The 4 × 3 bar.
    fn default() -> Self {
        Bar {
            rows: 4,
            cols: 3,
            board: None,
        }
    }
}

impl Bar {
    /// Reads `rows`, `cols` and `board` (absent keys keep their values); a
    /// board sets its own rows (a `rows` that differs is refused) and widens
    /// the box to its longest row. Returns
    /// the key to blame when the box is too large for a chapter: `rows`
    /// unless only `cols` was given.
    ///
    /// # Errors
    /// The first key at fault; a board that does not fit its box.
    pub fn read(&mut self, params: &mut Params) -> Result<&'static str, Error> {
        let rows = params.count(&ROWS_FIELD)?;
        let cols = params.count(&COLS_FIELD)?;
        self.rows = rows.unwrap_or(self.rows);
        self.cols = cols.unwrap_or(self.cols);
        if let Some(lengths) = params.wholes::<u8>(&BOARD_FIELD)? {
            // A board and a `rows` that disagree: refused, not one changed to fit (issue 70).
            if let Some(r) = rows.filter(|&r| r != lengths.len()) {
                return Err(Error::Conflict {
                    key: "board",
                    message: text!(
                        "the board has {} rows where \"rows\" says {r}: give one, or both alike",
                        "la tablette a {} lignes là où « rows » dit {r} : donnez l’un des deux, ou les deux pareils",
                        lengths.len()
                    ),
                });
            }
            self.rows = lengths.len();
            self.cols = self.cols.max(usize::from(lengths.iter().copied().max().unwrap_or(1)));
            check_board(&lengths, self.rows, self.cols)?;
            self.board = Some(lengths);
        }
        Ok(if rows.is_some() || cols.is_none() {
            "rows"
        } else {
            "cols"
        })
    }

    /// The link's pairs.
    pub fn write(&self, out: &mut Vec<(&'static str, String)>) {
        out.push(("rows", self.rows.to_string()));
        out.push(("cols", self.cols.to_string()));
        if let Some(b) = &self.board {
            out.push(("board", join(&b.iter().map(|&l| usize::from(l)).collect::<Vec<_>>())));
        }
    }

    /// The starting board (the full bar unless `board` is given).
    pub fn start(&self) -> Vec<u8> {
        self.board.clone().unwrap_or_else(|| vec![self.cols as u8; self.rows])
    }
}

/// The boards within `rows × cols`, numbered.
#[derive(Clone, Debug)]
pub struct Boards {
    rows: usize,
    cols: usize,
    binom: Vec<Vec<usize>>,
    count: usize,
}

impl Boards {
    /// # Errors
    /// [`Error::OutOfRange`] for sides outside 1..=40 or more boards than `max`.
    pub fn new(rows: usize, cols: usize, max: usize) -> Result<Boards, Error> {
        for (what, v) in [(text!("rows", "lignes"), rows), (text!("columns", "colonnes"), cols)] {
            if !(1..=MAX_SIDE).contains(&v) {
                return Err(Error::out_of_range(what, v, 1, MAX_SIDE));
            }
        }
        let mut binom = vec![vec![0usize; rows + 2]; rows + cols + 2];
        for a in 0..binom.len() {
            binom[a][0] = 1;
            for b in 1..=rows + 1 {
                binom[a][b] = if a == 0 {
                    0
                } else {
                    binom[a - 1][b - 1].saturating_add(binom[a - 1][b])
                };
            }
        }
        let count = binom[rows + cols][rows];
        if count > max {
            return Err(Error::too_large(
                text!(
                    "a {rows} × {cols} bar has {count} boards; at most {max} are handled here",
                    "une tablette {rows} × {cols} a {count} positions ; au plus {max} sont traitées ici"
                ),
                Some(count as u64),
                max as u64,
            ));
        }
        Ok(Boards {
            rows,
            cols,
            binom,
            count,
        })
    }

    /// Boards in the box, the empty one included: C(rows + cols, rows).
    pub fn count(&self) -> usize {
        self.count
    }

    /// The rank of a board (row lengths, poisoned row first).
    pub fn rank(&self, lengths: &[u8]) -> usize {
        // Upwards from the top row the lengths increase: x_i = lengths[rows − 1 − i].
        (0..self.rows)
            .map(|i| self.binom[usize::from(lengths[self.rows - 1 - i]) + i][i + 1])
            .sum()
    }

    /// The board of a rank.
    pub fn board(&self, mut rank: usize) -> Vec<u8> {
        let mut lengths = vec![0u8; self.rows];
        for i in (0..self.rows).rev() {
            // The largest y with C(y, i + 1) ≤ rank; x_i = y − i.
            let mut y = i;
            while y < i + self.cols && self.binom[y + 1][i + 1] <= rank {
                y += 1;
            }
            rank -= self.binom[y][i + 1];
            lengths[self.rows - 1 - i] = (y - i) as u8;
        }
        lengths
    }

    /// The board after eating square (row, col) and everything above and right.
    pub fn eat(lengths: &[u8], row: usize, col: usize) -> Vec<u8> {
        lengths
            .iter()
            .enumerate()
            .map(|(r, &l)| if r >= row { l.min(col as u8) } else { l })
            .collect()
    }

    /// The squares one may eat (all but the poison): `(row, col)`.
    pub fn moves(lengths: &[u8]) -> impl Iterator<Item = (usize, usize)> + '_ {
        lengths
            .iter()
            .enumerate()
            .flat_map(|(r, &l)| (0..usize::from(l)).map(move |c| (r, c)))
            .filter(|&(r, c)| (r, c) != (0, 0))
    }
}

/// Checks a starting board: non-increasing lengths within the box, the poison present.
///
/// # Errors
/// [`Error::InvalidValue`] naming the board.
pub fn check_board(lengths: &[u8], rows: usize, cols: usize) -> Result<(), Error> {
    let ok = lengths.len() == rows
        && lengths.windows(2).all(|w| w[0] >= w[1])
        && lengths.first().is_some_and(|&l| l >= 1)
        && lengths.iter().all(|&l| usize::from(l) <= cols);
    if ok {
        Ok(())
    } else {
        let text: Vec<String> = lengths.iter().map(u8::to_string).collect();
        Err(Error::InvalidValue {
            key: "board",
            value: crate::toolkit::Quoted::new(&text.join(",")),
            expected: text!(
                "{rows} row lengths from the poisoned row up, each at most {cols}, never increasing, the first at least 1",
                "{rows} longueurs de lignes depuis la ligne empoisonnée, chacune au plus {cols}, jamais croissantes, la première au moins 1"
            ),
        })
    }
}

/// Chomp's arena, built by reachability from (start, player 1).
#[derive(Clone, Debug)]
pub struct ChompArena {
    /// The arena.
    pub arena: Arena,
    /// The numbering of the boards.
    pub boards: Boards,
    /// The board (rank) of each vertex.
    pub board_of: Vec<u32>,
    /// The vertex of (board rank, player): `id[2 · rank + player]` (`u32::MAX`: unreachable).
    id: Vec<u32>,
}

impl ChompArena {
    /// The board (row lengths) of vertex `v`.
    pub fn board(&self, v: usize) -> Vec<u8> {
        self.boards.board(self.board_of[v] as usize)
    }

    /// `id[2 · board rank + player index]`: the vertex, or `u32::MAX` when unreachable.
    pub fn vertex_table(&self) -> &[u32] {
        &self.id
    }

    /// The vertex of `(board, player)`, if reachable.
    pub fn vertex(&self, lengths: &[u8], player: Player) -> Option<usize> {
        let v = self.id[2 * self.boards.rank(lengths) + player.index()];
        (v != u32::MAX).then_some(v as usize)
    }
}

/// Builds the arena of Chomp from `start` (row lengths, poisoned row first).
///
/// # Errors
/// [`Error::InvalidValue`] for a bad board; [`Error::TooLarge`] beyond
/// [`MAX_ARENA_BOARDS`] boards in the box.
///
/// # Complexity
/// O(V · m · r) for V reachable vertices with at most m moves of r rows each.
pub fn chomp_arena(start: &[u8], cols: usize) -> Result<ChompArena, Error> {
    let rows = start.len();
    let boards = Boards::new(rows, cols, MAX_ARENA_BOARDS)?;
    check_board(start, rows, cols)?;
    let mut id = vec![u32::MAX; 2 * boards.count()];
    let mut board_of: Vec<u32> = Vec::new();
    let mut owner: Vec<Player> = Vec::new();
    let mut offsets = vec![0u32];
    let mut targets: Vec<u32> = Vec::new();
    let mut outcome = Vec::new();
    let first = boards.rank(start);
    id[2 * first] = 0;
    board_of.push(first as u32);
    owner.push(Player::One);
    // A board's moves are the same for both players: computed once.
    let mut moves_of: std::collections::HashMap<u32, Vec<u32>> = std::collections::HashMap::new();
    let mut v = 0;
    while v < board_of.len() {
        let b = board_of[v];
        let p = owner[v];
        let next_boards = if let Some(m) = moves_of.remove(&b) {
            m
        } else {
            let lengths = boards.board(b as usize);
            let m: Vec<u32> = Boards::moves(&lengths)
                .map(|(r, c)| boards.rank(&Boards::eat(&lengths, r, c)) as u32)
                .collect();
            // The other player's vertex of this board may come later.
            let twin = id[2 * b as usize + p.other().index()];
            if twin == u32::MAX || twin as usize > v {
                moves_of.insert(b, m.clone());
            }
            m
        };
        for &next in &next_boards {
            let next = next as usize;
            let key = 2 * next + p.other().index();
            if id[key] == u32::MAX {
                id[key] = board_of.len() as u32;
                board_of.push(next as u32);
                owner.push(p.other());
            }
            targets.push(id[key]);
        }
        // Only the poison left: the player to move must eat it.
        let terminal = targets.len() as u32 == *offsets.last().unwrap_or(&0);
        outcome.push(terminal.then_some(Outcome::Win(p.other())));
        offsets.push(targets.len() as u32);
        v += 1;
    }
    let arena = Arena::new(owner, offsets, targets, outcome, 0)?;
    Ok(ChompArena {
        arena,
        boards,
        board_of,
        id,
    })
}

/// Which boards are lost by the player to move, by a direct recursion over all
/// boards of the box in increasing rank (eating lowers the rank): the reference
/// for the arena, and the first moves of bars too large for one.
///
/// # Errors
/// [`Error::TooLarge`] beyond [`MAX_DIRECT_BOARDS`].
pub fn losing_boards(rows: usize, cols: usize) -> Result<(Boards, Vec<bool>), Error> {
    let boards = Boards::new(rows, cols, MAX_DIRECT_BOARDS)?;
    let mut losing = vec![false; boards.count()];
    for rank in 0..boards.count() {
        let lengths = boards.board(rank);
        if lengths[0] == 0 {
            continue; // the empty board: never reached
        }
        losing[rank] = Boards::moves(&lengths).all(|(r, c)| !losing[boards.rank(&Boards::eat(&lengths, r, c))]);
    }
    Ok((boards, losing))
}

/// The winning moves from `lengths` for the player to move: squares `[row, col]`
/// (0-based from the poison) that leave a losing board.
pub fn winning_moves(boards: &Boards, losing: &[bool], lengths: &[u8]) -> Vec<[usize; 2]> {
    Boards::moves(lengths)
        .filter(|&(r, c)| losing[boards.rank(&Boards::eat(lengths, r, c))])
        .map(|(r, c)| [r, c])
        .collect()
}
