//! Playing on an arena against the computer: the page sends a vertex and a
//! move, the core checks the move, answers with the computer's choice and its
//! reasons, and describes the new position (its moves, the hints, whether the
//! game is over). The stick game and Chomp are arenas too, so one set of rules
//! serves all three kinds; the toolkit's one play session answers the page
//! ([`Table`] for a solved arena).

use super::report::{build, Built};
use super::scenario::Scenario;
use crate::games::attractor::{choose_move, solve, Solution};
use crate::games::graph::{Outcome, Player};
use crate::games::subtraction::{stick_position, stick_vertex};
use crate::toolkit::play::{Reply, ReplyOf, Table};
use crate::toolkit::{Error, Lang, Quoted};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;

/// Most vertices of an arena the page plays on (Chomp 10 × 10 and the stick game are below).
pub const MAX_PLAYED: usize = 4_000_000;

/// A solved arena, kept between moves: the computer chooses by its attractors' ranks.
pub struct Solved {
    built: Built,
    solution: Solution,
}

/// Play on a solved arena.
pub type Session = crate::toolkit::play::Session<Solved>;

/// A move from a position, as the page offers it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Move {
    /// The vertex it leads to.
    pub to: usize,
    /// The position it leads to, without the player (`6`, `3,3,1`, `a`).
    pub position: String,
    /// The stick game: sticks taken.
    pub take: Option<usize>,
    /// Chomp: the square eaten, `[row, col]` from the poison.
    pub square: Option<[usize; 2]>,
    /// Whether it wins for the player making it (it enters their attractor, lowering the rank).
    pub winning: bool,
}

/// A position of play.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Position {
    /// The vertex.
    pub vertex: usize,
    /// The position without the player.
    pub position: String,
    /// The player to move: 1 or 2.
    pub player: u8,
    /// The stick game: sticks left.
    pub sticks: Option<usize>,
    /// Chomp: row lengths from the poisoned row up.
    pub board: Option<Vec<u8>>,
    /// The moves; none when the game is over.
    pub moves: Vec<Move>,
    /// Whether the game is over (a terminal vertex).
    pub over: bool,
    /// Who won, once over (1 or 2; none for a draw).
    pub winner: Option<u8>,
    /// Rank of the vertex in each player's attractor (none outside).
    pub ranks: [Option<u32>; 2],
    /// The same position with the other player to move, where the arena has it
    /// (the stick game): the computer starts from there.
    pub twin: Option<usize>,
}

/// What the page receives after a request: the computer's move on the arena,
/// its reasons, the position now.
pub type Turn = crate::toolkit::Turn<Move, Position>;

impl Solved {
    /// Builds and solves the arena of `s`.
    ///
    /// # Errors
    /// The builders' errors; [`Error::TooLarge`] for a Chomp bar beyond 10 × 10
    /// (no arena) or an arena beyond [`MAX_PLAYED`] vertices.
    pub fn new(s: &Scenario) -> Result<Solved, Error> {
        let built = build(s)?;
        let n = built.arena().len();
        if n > MAX_PLAYED {
            return Err(Error::too_large(
                text!(
                    "play is offered on arenas of at most {MAX_PLAYED} vertices (this one has {n})",
                    "le jeu est proposé sur les arènes d'au plus {MAX_PLAYED} sommets (celle-ci en a {n})"
                ),
                Some(n as u64),
                MAX_PLAYED as u64,
            ));
        }
        let solution = solve(built.arena());
        Ok(Solved { built, solution })
    }

    /// Reads a vertex sent by the page.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] for a vertex that is not in the arena.
    pub fn vertex(&self, text: &str) -> Result<usize, Error> {
        let n = self.built.arena().len();
        text.trim()
            .parse::<usize>()
            .ok()
            .filter(|&v| v < n)
            .ok_or_else(|| Error::InvalidValue {
                key: "position",
                value: Quoted::new(text),
                expected: text!("a vertex from 0 to {}", "un sommet de 0 à {}", n - 1),
            })
    }

    /// The position at vertex `v`.
    pub fn position(&self, v: usize) -> Position {
        let arena = self.built.arena();
        let ranks = [0, 1].map(|p| {
            let a = &self.solution.attractors[p];
            a.contains(v).then_some(a.rank[v])
        });
        let over = arena.is_terminal(v);
        let winner = match arena.outcome(v) {
            Some(Outcome::Win(p)) if over => Some(p.number()),
            _ => None,
        };
        let moves = arena
            .successors(v)
            .iter()
            .map(|&t| self.describe_move(v, t as usize))
            .collect();
        Position {
            vertex: v,
            position: self.built.position(v),
            player: arena.owner(v).number(),
            sticks: matches!(self.built, Built::Sticks(_)).then(|| stick_position(v).0),
            board: match &self.built {
                Built::Chomp(c) => Some(c.board(v)),
                _ => None,
            },
            moves,
            over,
            winner,
            ranks,
            twin: self.twin(v),
        }
    }

    /// `v` with the other player to move: every (sticks, player) is a vertex of
    /// the stick game; Chomp's and typed arenas hold only what play reaches.
    fn twin(&self, v: usize) -> Option<usize> {
        match &self.built {
            Built::Sticks(_) => {
                let (sticks, player) = stick_position(v);
                Some(stick_vertex(sticks, player.other()))
            }
            Built::Chomp(_) | Built::Typed(_) => None,
        }
    }

    fn describe_move(&self, from: usize, to: usize) -> Move {
        let arena = self.built.arena();
        let me = arena.owner(from);
        let mine = &self.solution.attractors[me.index()];
        // With cycles a winning move must lower the rank (staying inside may loop).
        let winning = mine.contains(from) && mine.contains(to) && mine.rank[to] < mine.rank[from];
        let (take, square) = match &self.built {
            Built::Sticks(_) => (Some(stick_position(from).0 - stick_position(to).0), None),
            Built::Chomp(c) => {
                let (a, b) = (c.board(from), c.board(to));
                // The eaten square: the lowest changed row, at its new length.
                let row = (0..a.len()).find(|&r| a[r] != b[r]).unwrap_or(0);
                (None, Some([row, usize::from(b[row])]))
            }
            Built::Typed(_) => (None, None),
        };
        Move {
            to,
            position: self.built.position(to),
            take,
            square,
            winning,
        }
    }

    /// The human's move from `from` to `to`: `to`.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] when `to` is not a successor of `from`.
    pub fn play(&self, from: usize, to: usize) -> Result<usize, Error> {
        if !self.built.arena().successors(from).contains(&(to as u32)) {
            return Err(Error::InvalidValue {
                key: "move",
                value: Quoted::new(&to.to_string()),
                expected: text!("a move of the position {from}", "un coup de la position {from}"),
            });
        }
        Ok(to)
    }

    /// The computer's move from `from` (its owner's), with its reasons; the
    /// random fallback is drawn from `seed`. None at a terminal vertex.
    pub fn reply(&self, from: usize, seed: u64) -> Option<Reply<usize, Move>> {
        let arena = self.built.arena();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let to = choose_move(arena, &self.solution, from, &mut |n| rng.random_range(0..n))? as usize;
        let me = arena.owner(from);
        let mine = &self.solution.attractors[me.index()];
        let theirs = &self.solution.attractors[me.other().index()];
        let played = self.describe_move(from, to);
        let what = &played.position;
        let reason = if mine.contains(from) {
            text!(
                "I am in my attractor with rank {}: I move to {what} (rank {}), and I win whatever you do.",
                "Je suis dans mon attracteur, au rang {} : je joue vers {what} (rang {}), et je gagne quoi que vous fassiez.",
                mine.rank[from],
                mine.rank[to]
            )
        } else if theirs.contains(to) {
            text!(
                "Every move I have leads into your attractor: I play {what} and hope for a mistake.",
                "Tous mes coups mènent dans votre attracteur : je joue {what} en espérant une erreur."
            )
        } else if theirs.contains(from) {
            text!(
                "I am outside my attractor (you can win: you are in yours with rank {}). I play {what} at random, avoiding your attractor, and hope for a mistake.",
                "Je suis hors de mon attracteur (vous pouvez gagner : vous êtes dans le vôtre, au rang {}). Je joue {what} au hasard, en évitant votre attracteur, et j'espère une erreur.",
                theirs.rank[from]
            )
        } else {
            text!(
                "I am outside my attractor. I play {what} at random, avoiding your attractor, and hope for a mistake.",
                "Je suis hors de mon attracteur. Je joue {what} au hasard, en évitant votre attracteur, et j'espère une erreur."
            )
        };
        Some(Reply {
            played,
            reason,
            now: to,
        })
    }

    /// A vertex's label in `lang` (`9:P1`).
    pub fn label(&self, v: usize, lang: Lang) -> String {
        self.built.label(v, lang)
    }

    /// Who owns vertex `v`.
    pub fn owner(&self, v: usize) -> Player {
        self.built.arena().owner(v)
    }
}

impl Table for Solved {
    type Position = usize;
    type Move = Move;
    type View = Position;

    fn start(&self) -> Result<usize, Error> {
        Ok(self.built.arena().start)
    }

    fn read(&self, position: &str) -> Result<usize, Error> {
        self.vertex(position)
    }

    fn moved(&self, at: &usize, mv: &str, _seed: u64) -> Result<usize, Error> {
        self.play(*at, self.vertex(mv)?)
    }

    fn reply(&self, at: &usize, seed: u64) -> Result<Option<ReplyOf<Self>>, Error> {
        Ok(Solved::reply(self, *at, seed))
    }

    fn view(&self, at: &usize) -> Result<Position, Error> {
        Ok(self.position(*at))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graphs::scenario::Kind;
    use crate::toolkit::{Action, Request};

    fn session(s: &Scenario) -> Session {
        Session::new(Solved::new(s).unwrap())
    }

    /// The page's request of `action` at vertex `v`.
    fn ask(session: &Session, v: usize, action: Action, seed: u64) -> Result<Turn, Error> {
        session.answer(&Request {
            position: &v.to_string(),
            action,
            seed,
        })
    }

    fn start(session: &Session) -> Position {
        ask(session, 0, Action::Start, 0).unwrap().now
    }

    /// "The computer starts": the start's twin has the computer to move, and
    /// its reply hands the turn back to player 1 in a position player 1 wins
    /// (9 sticks, takes 1–3, misère: 9 ≡ 1 mod 4 loses for whoever moves).
    #[test]
    fn the_computer_can_start_the_stick_game() {
        let session = session(&Scenario::default());
        let start = start(&session);
        let twin = start.twin.expect("every (sticks, player) is a vertex");
        let theirs = session.table().position(twin);
        assert_eq!(
            (theirs.sticks, theirs.player, theirs.twin),
            (Some(9), 2, Some(start.vertex))
        );
        let reply = ask(&session, twin, Action::Reply, 7).unwrap();
        let taken = reply.played.expect("the computer moves").take.unwrap();
        assert_eq!((reply.now.player, reply.now.sticks), (1, Some(9 - taken)));
        // 9 ≡ 1 (mod 4) is lost for whoever moves in misère play: the computer, now,
        // so player 1 is left a winning position.
        assert!(reply.now.moves.iter().any(|m| m.winning));
    }

    #[test]
    fn the_computer_wins_the_seeds_stick_game_from_its_attractor() {
        let s = Scenario::default();
        let session = session(&s);
        let start = start(&session);
        assert_eq!((start.sticks, start.player), (Some(9), 1));
        // 9 ≡ 1 (mod 4), misère: player 1 loses; every take is a losing move.
        assert!(start.moves.iter().all(|m| !m.winning));
        let mut v = start.vertex;
        let mut seed = 0;
        loop {
            let p = session.table().position(v);
            if p.over {
                assert_eq!(p.winner, Some(2), "the computer (player 2) wins");
                break;
            }
            if p.player == 1 {
                v = ask(&session, v, Action::Move(&p.moves[0].to.to_string()), 0)
                    .unwrap()
                    .now
                    .vertex;
            } else {
                let t = ask(&session, v, Action::Reply, seed).unwrap();
                seed += 1;
                assert!(t.played.as_ref().unwrap().winning);
                v = t.now.vertex;
            }
        }
    }

    #[test]
    fn chomp_moves_name_their_square_and_illegal_moves_are_refused() {
        let s = Scenario {
            kind: Kind::Chomp,
            bar: crate::games::chomp::Bar {
                rows: 2,
                cols: 2,
                board: None,
            },
            ..Scenario::default()
        };
        let session = session(&s);
        let start = start(&session);
        assert_eq!(start.board, Some(vec![2, 2]));
        let squares: Vec<[usize; 2]> = start.moves.iter().filter_map(|m| m.square).collect();
        assert_eq!(squares.len(), 3);
        assert!(squares.contains(&[1, 1]) && squares.contains(&[0, 1]) && squares.contains(&[1, 0]));
        // The only winning move of 2 × 2 eats the square diagonal to the poison.
        let winning: Vec<[usize; 2]> = start
            .moves
            .iter()
            .filter(|m| m.winning)
            .filter_map(|m| m.square)
            .collect();
        assert_eq!(winning, vec![[1, 1]]);
        let v = start.vertex;
        let refused = ask(&session, v, Action::Move(&v.to_string()), 0).unwrap_err();
        assert_eq!(refused.key(), Some("move"));
        for action in [Action::Show, Action::Reply, Action::Move("0")] {
            assert_eq!(ask(&session, 99_999, action, 0).unwrap_err().key(), Some("position"));
        }
        assert_eq!(
            ask(&session, v, Action::Move("99999"), 0).unwrap_err().key(),
            Some("position")
        );
        // At the end (the poison alone) the computer has nothing to play: the position, unchanged.
        let end = (0..usize::MAX)
            .map(|k| session.table().position(k))
            .find(|p| p.over)
            .unwrap();
        let turn = ask(&session, end.vertex, Action::Reply, 0).unwrap();
        assert_eq!((turn.played, turn.reason, turn.now), (None, None, end));
    }
}
