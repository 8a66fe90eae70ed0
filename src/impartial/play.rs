//! Playing Nim against the computer: the page sends the heaps and a move, the
//! core checks it and answers with the computer's move and its reasons. And
//! the misère quotient's sum box: the page sends a sum, the core answers with
//! its outcome and winning moves from the quotient it keeps.

use super::nim::nim_sum;
use super::quotient::report::{sum_moves, SumMove};
use super::quotient::Quotient;
use super::scenario::{Mode, Scenario, MAX_HEAPS, MAX_NIM_HEAP, MAX_SUM_HEAPS};
use crate::toolkit::{Error, Quoted, Text};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;
use std::sync::Arc;

/// Nim keeps the starting heaps; the sum box keeps its quotient.
pub enum Session {
    /// Nim against the computer.
    Nim {
        /// The starting heaps.
        start: Vec<u64>,
    },
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
    /// A Nim position.
    Nim(NimTurn),
    /// A misère sum by its quotient.
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

/// The position after a request of Nim.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NimTurn {
    /// The heaps now.
    pub heaps: Vec<u64>,
    /// Their nim-sum.
    pub nim_sum: u64,
    /// The computer's move, `[heap, from, to]`, when it played one.
    pub played: Option<[u64; 3]>,
    /// Why the computer chose it.
    pub reason: Option<Text>,
    /// Once the heaps are empty: who took the last token, 1 (you) or 2 (the computer).
    pub over: Option<u8>,
    /// For each heap, the sizes you may leave that win (nim-sum 0 after).
    pub winning: Vec<Option<u64>>,
}

fn turn(heaps: Vec<u64>, played: Option<[u64; 3]>, reason: Option<Text>, last: u8) -> Turn {
    let s = nim_sum(&heaps);
    Turn::Nim(NimTurn {
        over: heaps.iter().all(|&h| h == 0).then_some(last),
        winning: heaps.iter().map(|&h| (h ^ s < h).then_some(h ^ s)).collect(),
        nim_sum: s,
        heaps,
        played,
        reason,
    })
}

impl Session {
    /// Nim from the scenario's heaps.
    ///
    /// # Errors
    /// [`Error::NotPlayable`] in the other modes.
    pub fn new(s: &Scenario) -> Result<Session, Error> {
        if s.mode == Mode::Quotient {
            return Ok(Session::Quotient {
                quotient: Quotient::cached(&s.code, s.heap_limit, &mut |_, _| {})?,
                start: s.heaps.clone(),
            });
        }
        if s.mode != Mode::Nim {
            return Err(Error::NotPlayable {
                what: text!("this mode of the impartial games", "ce mode des jeux impartiaux"),
            });
        }
        Ok(Session::Nim { start: s.heaps.clone() })
    }

    /// The starting position, you to move.
    ///
    /// # Errors
    /// A link's sum beyond its quotient (the link's check prevents it).
    pub fn start(&self) -> Result<Turn, Error> {
        match self {
            Session::Nim { start } => Ok(turn(start.clone(), None, None, 2)),
            Session::Quotient { start, .. } => self.show(start.clone()),
        }
    }

    /// Reads heaps `3,4,5` (the sum box: also an empty sum, and up to
    /// 1,000 heaps).
    ///
    /// # Errors
    /// [`Error::InvalidValue`] for anything else.
    pub fn heaps(&self, text: &str) -> Result<Vec<u64>, Error> {
        let sum = matches!(self, Session::Quotient { .. });
        if sum && text.trim().is_empty() {
            return Ok(Vec::new());
        }
        let heaps: Option<Vec<u64>> = text
            .split(',')
            .map(|h| h.trim().parse::<u64>().ok().filter(|&h| h <= MAX_NIM_HEAP))
            .collect();
        let most = if sum { MAX_SUM_HEAPS } else { MAX_HEAPS };
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

    /// The position `heaps`, you to move.
    ///
    /// # Errors
    /// A heap beyond the quotient, named with the largest it covers.
    pub fn show(&self, heaps: Vec<u64>) -> Result<Turn, Error> {
        match self {
            Session::Nim { .. } => Ok(turn(heaps, None, None, 2)),
            Session::Quotient { quotient, .. } => {
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

    fn nim_only(&self) -> Result<(), Error> {
        match self {
            Session::Nim { .. } => Ok(()),
            Session::Quotient { .. } => Err(Error::NotPlayable {
                what: text!(
                    "a sum by its quotient (ask for its outcome)",
                    "une somme par son quotient (demandez son issue)"
                ),
            }),
        }
    }

    /// Your move `heap:to`: heap `heap` (from 0) down to `to` tokens.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] for a heap that does not exist or a size that does not take a token.
    pub fn play(&self, mut heaps: Vec<u64>, mv: &str) -> Result<Turn, Error> {
        self.nim_only()?;
        let parsed = mv
            .split_once(':')
            .and_then(|(h, to)| Some((h.trim().parse::<usize>().ok()?, to.trim().parse::<u64>().ok()?)));
        match parsed {
            Some((h, to)) if h < heaps.len() && to < heaps[h] => {
                heaps[h] = to;
                Ok(turn(heaps, None, None, 1))
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

    /// The computer's move: a winning one when the nim-sum is not 0, otherwise
    /// one or two tokens from a heap chosen at random (from `seed`), hoping for a mistake.
    ///
    /// # Errors
    /// [`Error::NotPlayable`] for the sum box.
    pub fn reply(&self, mut heaps: Vec<u64>, seed: u64) -> Result<Turn, Error> {
        self.nim_only()?;
        let s = nim_sum(&heaps);
        if heaps.iter().all(|&h| h == 0) {
            return Ok(turn(heaps, None, None, 1));
        }
        if let Some(k) = heaps.iter().position(|&h| h ^ s < h) {
            let (from, to) = (heaps[k], heaps[k] ^ s);
            heaps[k] = to;
            let reason = text!(
                "The nim-sum is {s}: I take heap {k} from {from} to {to}, leaving a nim-sum of 0.",
                "La somme de Nim vaut {s} : je fais passer le tas {k} de {from} à {to}, ce qui laisse une somme de Nim nulle."
            );
            return Ok(turn(heaps, Some([k as u64, from, to]), Some(reason), 2));
        }
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
        Ok(turn(heaps.clone(), Some([k as u64, from, heaps[k]]), Some(reason), 2))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_computer_answers_with_a_nim_sum_of_zero_and_refuses_bad_moves() {
        let nim = |t: Turn| match t {
            Turn::Nim(t) => t,
            Turn::Sum(_) => panic!("a Nim session answers with Nim"),
        };
        let session = Session::new(&Scenario::default()).unwrap();
        let start = nim(session.start().unwrap());
        assert_eq!(start.nim_sum, 6);
        assert_eq!(start.winning.iter().filter(|w| w.is_some()).count(), 7);
        // A losing move for you: take one from heap 0; the computer restores nim-sum 0.
        let after = nim(session.play(start.heaps.clone(), "0:7").unwrap());
        let reply = nim(session.reply(after.heaps, 3).unwrap());
        assert_eq!(reply.nim_sum, 0);
        assert!(session.play(vec![3], "0:3").is_err());
        assert!(session.play(vec![3], "1:0").is_err());
        assert_eq!(nim(session.play(vec![1], "0:0").unwrap()).over, Some(1));
        assert!(session.heaps("x").is_err());
    }
}
