//! The one play session: every family whose play is "a position, its moves,
//! the computer's reply" (the game graphs' arenas, by attractor ranks; the
//! search's games, by a search at the link's depth; Nim, by the nim-sum;
//! Dice Battle, by OPT, a throw being the human's move) answers the page's
//! requests through [`Session`]. The family says how its positions are read,
//! moved and drawn and how the computer chooses ([`Table`]); the session
//! answers each [`Action`] the same way for all, with one [`Turn`].
//!
//! ```
//! use ludolab::toolkit::play::{Reply, Session, Table};
//! use ludolab::toolkit::{Action, Error, Request, Text};
//!
//! /// Take 1 or 2 from a heap; whoever takes the last wins. The computer
//! /// leaves a multiple of 3 when it can.
//! struct Heap(u64);
//! fn words(en: &str) -> Text {
//!     Text { en: en.into(), fr: en.into() }
//! }
//! impl Table for Heap {
//!     type Position = u64;
//!     type Move = u64;
//!     type View = u64;
//!     fn start(&self) -> Result<u64, Error> { Ok(self.0) }
//!     fn read(&self, text: &str) -> Result<u64, Error> {
//!         text.parse().map_err(|_| Error::InvalidValue {
//!             key: "position", value: ludolab::toolkit::Quoted::new(text), expected: words("a heap"),
//!         })
//!     }
//!     fn moved(&self, at: &u64, mv: &str, _seed: u64) -> Result<u64, Error> {
//!         let take = self.read(mv)?;
//!         Ok(at - take.clamp(1, 2).min(*at))
//!     }
//!     fn reply(&self, at: &u64, _seed: u64) -> Result<Option<Reply<u64, u64>>, Error> {
//!         let take = if at % 3 == 0 { 1 } else { at % 3 };
//!         Ok((*at > 0).then(|| Reply { played: take, reason: words("a multiple of 3"), now: at - take }))
//!     }
//!     fn view(&self, at: &u64) -> Result<u64, Error> { Ok(*at) }
//! }
//!
//! let session = Session::new(Heap(7));
//! let ask = |position, action| session.answer(&Request { position, action, seed: 0 });
//! assert_eq!(ask("", Action::Start)?.now, 7);
//! let turn = ask("7", Action::Reply)?;
//! assert_eq!((turn.played, turn.now), (Some(1), 6));
//! assert_eq!(ask("6", Action::Move("2"))?.now, 4);
//! assert_eq!(ask("0", Action::Reply)?.played, None, "nothing to play: the position, unchanged");
//! # Ok::<(), Error>(())
//! ```

use super::error::{Error, Text};
use super::family::{Action, Request, Turn};
use serde::Serialize;

/// A game as play sees it, with the computer's way of choosing.
pub trait Table {
    /// A position as the page and the session pass it between requests
    /// (an arena's vertex, the moves from the start).
    type Position;
    /// How a move the computer played is written for the page.
    type Move: Serialize;
    /// What the page draws of a position: its moves, who is to move, the outcome.
    type View: Serialize;

    /// Where play starts.
    ///
    /// # Errors
    /// The game's own (a link whose moves are not legal).
    fn start(&self) -> Result<Self::Position, Error>;

    /// The position the page sent.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] for a position that is not one of the game's.
    fn read(&self, position: &str) -> Result<Self::Position, Error>;

    /// The position after the human's move `mv` from `at` (its chance, as a
    /// throw of dice, drawn from `seed`).
    ///
    /// # Errors
    /// [`Error::InvalidValue`] for a move that is not legal there.
    fn moved(&self, at: &Self::Position, mv: &str, seed: u64) -> Result<Self::Position, Error>;

    /// The computer's move from `at` (its random choices drawn from `seed`),
    /// with its reason; none when the game is over there.
    ///
    /// # Errors
    /// The game's own.
    fn reply(&self, at: &Self::Position, seed: u64) -> Result<Option<ReplyOf<Self>>, Error>;

    /// What the page draws of `at`.
    ///
    /// # Errors
    /// The game's own (a searched game is built again for each request).
    fn view(&self, at: &Self::Position) -> Result<Self::View, Error>;
}

/// The computer's move on a table `T`.
pub type ReplyOf<T> = Reply<<T as Table>::Position, <T as Table>::Move>;

/// The computer's move: as the page writes it, why, and where it leads.
pub struct Reply<P, M> {
    /// The move, as the page writes it.
    pub played: M,
    /// Why the computer chose it.
    pub reason: Text,
    /// The position after it.
    pub now: P,
}

/// What play keeps between the page's requests: the game and what the
/// computer needs to choose (a solved arena, the link's search).
pub struct Session<T> {
    table: T,
}

impl<T: Table> Session<T> {
    /// A session on `table`.
    pub fn new(table: T) -> Session<T> {
        Session { table }
    }

    /// The game played.
    pub fn table(&self) -> &T {
        &self.table
    }

    /// Answers one request: the start, a position shown, the human's move,
    /// or the computer's.
    ///
    /// # Errors
    /// The table's: a position or a move that is not legal.
    pub fn answer(&self, request: &Request) -> Result<Turn<T::Move, T::View>, Error> {
        let t = &self.table;
        let shown = |p: T::Position| {
            Ok(Turn {
                played: None,
                reason: None,
                now: t.view(&p)?,
            })
        };
        match request.action {
            Action::Start => shown(t.start()?),
            Action::Show => shown(t.read(request.position)?),
            Action::Move(mv) => shown(t.moved(&t.read(request.position)?, mv, request.seed)?),
            Action::Reply => {
                let at = t.read(request.position)?;
                match t.reply(&at, request.seed)? {
                    None => shown(at),
                    Some(r) => Ok(Turn {
                        played: Some(r.played),
                        reason: Some(r.reason),
                        now: t.view(&r.now)?,
                    }),
                }
            }
        }
    }
}
