//! Playing Nim against the computer: the page sends the heaps and a move, the
//! core checks it and answers with the computer's move and its reasons.

use super::nim::nim_sum;
use super::scenario::{Mode, Scenario, MAX_HEAPS, MAX_NIM_HEAP};
use crate::toolkit::{Error, Quoted, Text};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;

/// Nim has nothing to keep between moves but the starting heaps.
pub struct Session {
    start: Vec<u64>,
}

/// The position after a request.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Turn {
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
    Turn {
        over: heaps.iter().all(|&h| h == 0).then_some(last),
        winning: heaps.iter().map(|&h| (h ^ s < h).then_some(h ^ s)).collect(),
        nim_sum: s,
        heaps,
        played,
        reason,
    }
}

impl Session {
    /// Nim from the scenario's heaps.
    ///
    /// # Errors
    /// [`Error::NotPlayable`] in the other modes.
    pub fn new(s: &Scenario) -> Result<Session, Error> {
        if s.mode != Mode::Nim {
            return Err(Error::NotPlayable {
                what: text!("this mode of the impartial games", "ce mode des jeux impartiaux"),
            });
        }
        Ok(Session { start: s.heaps.clone() })
    }

    /// The starting heaps, you to move.
    pub fn start(&self) -> Turn {
        turn(self.start.clone(), None, None, 2)
    }

    /// Reads heaps `3,4,5`.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] for anything else.
    pub fn heaps(&self, text: &str) -> Result<Vec<u64>, Error> {
        let heaps: Option<Vec<u64>> = text
            .split(',')
            .map(|h| h.trim().parse::<u64>().ok().filter(|&h| h <= MAX_NIM_HEAP))
            .collect();
        heaps
            .filter(|h| !h.is_empty() && h.len() <= MAX_HEAPS)
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
    pub fn show(&self, heaps: Vec<u64>) -> Turn {
        turn(heaps, None, None, 2)
    }

    /// Your move `heap:to`: heap `heap` (from 0) down to `to` tokens.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] for a heap that does not exist or a size that does not take a token.
    pub fn play(&self, mut heaps: Vec<u64>, mv: &str) -> Result<Turn, Error> {
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
    pub fn reply(&self, mut heaps: Vec<u64>, seed: u64) -> Turn {
        let s = nim_sum(&heaps);
        if heaps.iter().all(|&h| h == 0) {
            return turn(heaps, None, None, 1);
        }
        if let Some(k) = heaps.iter().position(|&h| h ^ s < h) {
            let (from, to) = (heaps[k], heaps[k] ^ s);
            heaps[k] = to;
            let reason = text!(
                "The nim-sum is {s}: I take heap {k} from {from} to {to}, leaving a nim-sum of 0.",
                "La somme de Nim vaut {s} : je fais passer le tas {k} de {from} à {to}, ce qui laisse une somme de Nim nulle."
            );
            return turn(heaps, Some([k as u64, from, to]), Some(reason), 2);
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
        turn(heaps.clone(), Some([k as u64, from, heaps[k]]), Some(reason), 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_computer_answers_with_a_nim_sum_of_zero_and_refuses_bad_moves() {
        let session = Session::new(&Scenario::default()).unwrap();
        let start = session.start();
        assert_eq!(start.nim_sum, 6);
        assert_eq!(start.winning.iter().filter(|w| w.is_some()).count(), 7);
        // A losing move for you: take one from heap 0; the computer restores nim-sum 0.
        let after = session.play(start.heaps.clone(), "0:7").unwrap();
        let reply = session.reply(after.heaps, 3);
        assert_eq!(reply.nim_sum, 0);
        assert!(session.play(vec![3], "0:3").is_err());
        assert!(session.play(vec![3], "1:0").is_err());
        assert_eq!(session.play(vec![1], "0:0").unwrap().over, Some(1));
        assert!(session.heaps("x").is_err());
    }
}
