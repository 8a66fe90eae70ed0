//! Playing Nim against the computer, on the toolkit's one play session
//! ([`NimTable`]: the page sends the heaps and a move, the core checks it and
//! answers with the computer's move and its reasons). And the misère
//! quotient's sum box, which is a question rather than play: the page sends a
//! sum, the core answers with its outcome and winning moves from the quotient
//! it keeps.

use super::nim::nim_sum;
use super::quotient::report::{sum_moves, SumMove};
use super::quotient::Quotient;
use super::scenario::{Mode, Scenario, MAX_HEAPS, MAX_NIM_HEAP, MAX_SUM_HEAPS};
use crate::toolkit::play::{Reply, Session as PlaySession, Table};
use crate::toolkit::{Action, Error, Quoted, Request, Text, Turn as PlayTurn};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;
use std::sync::Arc;

/// Nim plays on the toolkit's session; the sum box keeps its quotient.
pub enum Session {
    /// Nim against the computer.
    Nim(PlaySession<NimTable>),
    /// Sums by a misère quotient.
    Quotient {
        /// The quotient.
        quotient: Arc<Quotient>,
        /// The link's sum.
        start: Vec<u64>,
    },
}

/// The answer to a request.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Turn {
    /// A Nim turn: the computer's move `[heap, from, to]`, why, and the position now.
    Nim(PlayTurn<[u64; 3], NimView>),
    /// A misère sum's outcome by its quotient.
    Sum(SumTurn),
}

/// A misère sum's outcome by its quotient.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SumTurn {
    /// The sum.
    pub heaps: Vec<u64>,
    /// Its element.
    pub element: String,
    /// Whether the player to move loses.
    pub loses: bool,
    /// Its winning moves.
    pub winning_moves: Vec<SumMove>,
    /// The same, in words.
    pub misere_winning: Vec<Text>,
}

/// Nim from the link's heaps, you (player 1) moving first; the computer
/// plays a winning move when there is one.
pub struct NimTable {
    start: Vec<u64>,
}

/// A Nim position: the heaps, and who is to move (1 you, 2 the computer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NimPosition {
    heaps: Vec<u64>,
    to_move: u8,
}

/// What the page draws of a Nim position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NimView {
    /// The position as the page sends it back: `3,4,5` with you to move,
    /// `3,4,5/2` with the computer to move.
    pub position: String,
    /// The heaps.
    pub heaps: Vec<u64>,
    /// Their nim-sum.
    pub nim_sum: u64,
    /// Whether every heap is empty.
    pub over: bool,
    /// Once over: who took the last token and so won, 1 (you) or 2 (the computer).
    pub winner: Option<u8>,
    /// For each heap, the size you may leave that wins (nim-sum 0 after), if any.
    pub winning: Vec<Option<u64>>,
}

/// Reads heaps `3,4,5`: 1 to `most` sizes up to [`MAX_NIM_HEAP`] (the sum box
/// also an empty sum).
fn read_heaps(text: &str, most: usize, empty: bool) -> Result<Vec<u64>, Error> {
    if empty && text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let heaps: Option<Vec<u64>> = text
        .split(',')
        .map(|h| h.trim().parse::<u64>().ok().filter(|&h| h <= MAX_NIM_HEAP))
        .collect();
    heaps
        .filter(|h| !h.is_empty() && h.len() <= most)
        .ok_or_else(|| Error::InvalidValue {
            key: "position",
            value: Quoted::new(text),
            expected: text!(
                "heap sizes separated by commas",
                "des tailles de tas séparées par des virgules"
            ),
        })
}

impl Table for NimTable {
    type Position = NimPosition;
    type Move = [u64; 3];
    type View = NimView;

    fn start(&self) -> Result<NimPosition, Error> {
        Ok(NimPosition {
            heaps: self.start.clone(),
            to_move: 1,
        })
    }

    /// `3,4,5` (you to move) or `3,4,5/2` (the computer to move).
    fn read(&self, position: &str) -> Result<NimPosition, Error> {
        let (heaps, to_move) = match position.split_once('/') {
            Some((heaps, "2")) => (heaps, 2),
            Some((heaps, "1")) => (heaps, 1),
            Some(_) => (position, 0),
            None => (position, 1),
        };
        let heaps = read_heaps(heaps, MAX_HEAPS, false)?;
        if to_move == 0 {
            return Err(Error::InvalidValue {
                key: "position",
                value: Quoted::new(position),
                expected: text!(
                    "heaps, then /1 or /2 for who is to move",
                    "des tas, puis /1 ou /2 selon qui doit jouer"
                ),
            });
        }
        Ok(NimPosition { heaps, to_move })
    }

    /// Your move `heap:to`: heap `heap` (from 0) down to `to` tokens.
    fn moved(&self, at: &NimPosition, mv: &str, _seed: u64) -> Result<NimPosition, Error> {
        let heaps = &at.heaps;
        let parsed = mv
            .split_once(':')
            .and_then(|(h, to)| Some((h.trim().parse::<usize>().ok()?, to.trim().parse::<u64>().ok()?)));
        match parsed {
            Some((h, to)) if h < heaps.len() && to < heaps[h] => {
                let mut heaps = heaps.clone();
                heaps[h] = to;
                Ok(NimPosition { heaps, to_move: 2 })
            }
            _ => Err(Error::InvalidValue {
                key: "move",
                value: Quoted::new(mv),
                expected: text!(
                    "heap:size, a heap from 0 to {} left smaller",
                    "tas:taille, un tas de 0 à {} laissé plus petit",
                    heaps.len().saturating_sub(1)
                ),
            }),
        }
    }

    /// A winning move when the nim-sum is not 0, otherwise one or two tokens
    /// from a heap chosen at random (from `seed`), hoping for a mistake.
    fn reply(&self, at: &NimPosition, seed: u64) -> Result<Option<Reply<NimPosition, [u64; 3]>>, Error> {
        let mut heaps = at.heaps.clone();
        if heaps.iter().all(|&h| h == 0) {
            return Ok(None);
        }
        let s = nim_sum(&heaps);
        let (k, reason) = if let Some(k) = heaps.iter().position(|&h| h ^ s < h) {
            let (from, to) = (heaps[k], heaps[k] ^ s);
            heaps[k] = to;
            let reason = text!(
                "The nim-sum is {s}: I take heap {k} from {from} to {to}, leaving a nim-sum of 0.",
                "La somme de Nim vaut {s} : je fais passer le tas {k} de {from} à {to}, ce qui laisse une somme de Nim nulle."
            );
            (k, (from, reason))
        } else {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let open: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
            let k = open[rng.random_range(0..open.len())];
            let take = heaps[k].min(rng.random_range(1..=2));
            let from = heaps[k];
            heaps[k] -= take;
            let reason = text!(
                "The nim-sum is 0: no winning move for me, so I take {take} from heap {k} and hope for a mistake.",
                "La somme de Nim est nulle : aucun coup gagnant pour moi, je prends donc {take} dans le tas {k} en espérant une erreur."
            );
            (k, (from, reason))
        };
        let (from, reason) = reason;
        Ok(Some(Reply {
            played: [k as u64, from, heaps[k]],
            reason,
            now: NimPosition { heaps, to_move: 1 },
        }))
    }

    fn view(&self, at: &NimPosition) -> Result<NimView, Error> {
        let s = nim_sum(&at.heaps);
        let over = at.heaps.iter().all(|&h| h == 0);
        let text: Vec<String> = at.heaps.iter().map(u64::to_string).collect();
        Ok(NimView {
            position: if at.to_move == 2 {
                format!("{}/2", text.join(","))
            } else {
                text.join(",")
            },
            nim_sum: s,
            over,
            // Whoever moved last took the last token.
            winner: over.then(|| 3 - at.to_move),
            winning: at.heaps.iter().map(|&h| (h ^ s < h).then_some(h ^ s)).collect(),
            heaps: at.heaps.clone(),
        })
    }
}

impl Session {
    /// Nim from the scenario's heaps, or the sum box of its quotient.
    ///
    /// # Errors
    /// [`Error::NotPlayable`] in the other modes.
    pub fn new(s: &Scenario) -> Result<Session, Error> {
        match s.mode {
            Mode::Quotient => Ok(Session::Quotient {
                quotient: Quotient::cached(&s.code, s.heap_limit, &mut |_, _| {})?,
                start: s.heaps.clone(),
            }),
            Mode::Nim => Ok(Session::Nim(PlaySession::new(NimTable { start: s.heaps.clone() }))),
            _ => Err(Error::NotPlayable {
                what: text!("this mode of the impartial games", "ce mode des jeux impartiaux"),
            }),
        }
    }

    /// Answers one request: Nim's through its session; the sum box shows a
    /// sum (the link's at the start) and refuses moves.
    ///
    /// # Errors
    /// A position or a move that is not legal; a sum beyond the quotient.
    pub fn answer(&self, request: &Request) -> Result<Turn, Error> {
        match self {
            Session::Nim(session) => session.answer(request).map(Turn::Nim),
            Session::Quotient { quotient, start } => {
                let heaps = match request.action {
                    Action::Start => start.clone(),
                    Action::Show => read_heaps(request.position, MAX_SUM_HEAPS, true)?,
                    Action::Move(_) | Action::Reply => {
                        return Err(Error::NotPlayable {
                            what: text!(
                                "a sum by its quotient (ask for its outcome)",
                                "une somme par son quotient (demandez son issue)"
                            ),
                        })
                    }
                };
                let (element, loses, winning_moves) = sum_moves(quotient, &heaps)?;
                Ok(Turn::Sum(SumTurn {
                    heaps,
                    element,
                    loses,
                    misere_winning: winning_moves.iter().map(SumMove::text).collect(),
                    winning_moves,
                }))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_computer_answers_with_a_nim_sum_of_zero_and_refuses_bad_moves() {
        let session = Session::new(&Scenario::default()).unwrap();
        let ask = |position: &str, action| match session.answer(&Request {
            position,
            action,
            seed: 3,
        }) {
            Ok(Turn::Nim(t)) => Ok(t),
            Ok(Turn::Sum(_)) => panic!("a Nim session answers with Nim"),
            Err(e) => Err(e),
        };
        let start = ask("", Action::Start).unwrap().now;
        assert_eq!(start.nim_sum, 6);
        assert_eq!(start.winning.iter().filter(|w| w.is_some()).count(), 7);
        // A losing move for you: take one from heap 0; the computer restores nim-sum 0.
        let after = ask(&start.position, Action::Move("0:7")).unwrap().now;
        assert!(
            after.position.ends_with("/2"),
            "the computer's turn: {}",
            after.position
        );
        let reply = ask(&after.position, Action::Reply).unwrap();
        assert_eq!(reply.now.nim_sum, 0);
        assert!(reply.played.is_some() && reply.reason.is_some());
        assert!(ask("3", Action::Move("0:3")).is_err());
        assert!(ask("3", Action::Move("1:0")).is_err());
        // You take the last token: you win; the computer then has nothing to play.
        let last = ask("1", Action::Move("0:0")).unwrap().now;
        assert_eq!((last.over, last.winner), (true, Some(1)));
        assert_eq!(ask(&last.position, Action::Reply).unwrap().played, None);
        // The computer takes the last token: it wins.
        let took = ask("1/2", Action::Reply).unwrap().now;
        assert_eq!((took.over, took.winner), (true, Some(2)));
        assert!(ask("x", Action::Show).is_err());
        assert!(ask("3,4/3", Action::Show).is_err());
    }
}
