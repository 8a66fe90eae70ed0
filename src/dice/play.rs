//! Playing the sequential game against the computer. The page sends the score
//! and the number of dice thrown; the core rolls the dice (from the page's
//! seed), scores them, chooses the computer's dice by its strategy and says why.

use super::blind_choice;
use super::compare::Strategy;
use super::scenario::{Mode, Scenario};
use super::sequential::{self, Sequential};
use crate::toolkit::{Error, Quoted, Text};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;

/// The solved sequential game, kept between turns.
pub struct Session {
    seq: Sequential,
}

/// One throw.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Throw {
    /// Who threw: 1 (you) or 2 (the computer).
    pub player: u8,
    /// How many dice.
    pub dice: usize,
    /// The faces shown.
    pub faces: Vec<u8>,
    /// The score: the sum, or 1 if any die shows 1.
    pub score: usize,
}

/// The game after a request.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Turn {
    /// The throw just made, if any.
    pub throw: Option<Throw>,
    /// Why the computer threw that many dice.
    pub reason: Option<Text>,
    /// Points of you (player 1, moving first) and of the computer.
    pub points: [usize; 2],
    /// The winner once someone reached the target.
    pub over: Option<u8>,
    /// Your win probability if both play optimally from here (you to move).
    pub chance: Option<f64>,
    /// Most dice per turn.
    pub max_dice: usize,
    /// The target.
    pub target: usize,
}

/// The score of a throw: the sum, or 1 if any die shows 1 (SPEC §2).
pub fn score(faces: &[u8]) -> usize {
    if faces.contains(&1) {
        1
    } else {
        faces.iter().map(|&f| usize::from(f)).sum()
    }
}

fn roll(dice: usize, rng: &mut Xoshiro256PlusPlus) -> Vec<u8> {
    (0..dice).map(|_| rng.random_range(1..=6u8)).collect()
}

impl Session {
    /// Solves the sequential game of `s` (sequential mode only).
    ///
    /// # Errors
    /// [`Error::NotPlayable`] in the other modes.
    pub fn new(s: &Scenario) -> Result<Session, Error> {
        if s.mode != Mode::Sequential {
            return Err(Error::NotPlayable {
                what: text!("this mode of Dice Battle", "ce mode de Dice Battle"),
            });
        }
        Ok(Session {
            seq: sequential::solve(s.dice, s.target)?,
        })
    }

    fn turn(&self, points: [usize; 2], throw: Option<Throw>, reason: Option<Text>) -> Turn {
        let n = self.seq.target;
        let over = if points[0] >= n {
            Some(1)
        } else if points[1] >= n {
            Some(2)
        } else {
            None
        };
        let you_next = throw.as_ref().is_none_or(|t| t.player == 2);
        Turn {
            chance: (over.is_none() && you_next).then(|| (1.0 + self.seq.eg.get(points[0], points[1])) / 2.0),
            throw,
            reason,
            points,
            over,
            max_dice: self.seq.dice,
            target: n,
        }
    }

    /// The start: 0–0, you to move.
    pub fn start(&self) -> Turn {
        self.turn([0, 0], None, None)
    }

    /// Reads a position `you,computer` (points), with an optional third part,
    /// the computer's strategy.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] for points outside 0..N or an unknown strategy.
    pub fn position(&self, text: &str) -> Result<([usize; 2], Strategy), Error> {
        let n = self.seq.target;
        let bad = || Error::InvalidValue {
            key: "position",
            value: Quoted::new(text),
            expected: text!(
                "points you,computer from 0 to {}, then optionally a strategy",
                "des points vous,ordinateur de 0 à {}, puis éventuellement une stratégie",
                n - 1
            ),
        };
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        let point = |i: usize| parts.get(i).and_then(|p| p.parse::<usize>().ok()).filter(|&p| p < n);
        let (Some(a), Some(b)) = (point(0), point(1)) else {
            return Err(bad());
        };
        let strategy = match parts.get(2) {
            None => Strategy::Optimal,
            Some(name) => Strategy::from_name(name)
                .filter(|s| !matches!(s, Strategy::Fixed(d) if *d > self.seq.dice))
                .ok_or_else(bad)?,
        };
        if parts.len() > 3 {
            return Err(bad());
        }
        Ok(([a, b], strategy))
    }

    /// The position as it stands (you to move).
    pub fn show(&self, points: [usize; 2]) -> Turn {
        self.turn(points, None, None)
    }

    /// You throw `dice` dice.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] for a number of dice outside 1..=D.
    pub fn throw(&self, points: [usize; 2], dice: &str, seed: u64) -> Result<Turn, Error> {
        let d = dice
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|d| (1..=self.seq.dice).contains(d))
            .ok_or_else(|| Error::InvalidValue {
                key: "move",
                value: Quoted::new(dice),
                expected: text!(
                    "a number of dice from 1 to {}",
                    "un nombre de dés de 1 à {}",
                    self.seq.dice
                ),
            })?;
        let faces = roll(d, &mut Xoshiro256PlusPlus::seed_from_u64(seed));
        let gained = score(&faces);
        let throw = Throw {
            player: 1,
            dice: d,
            faces,
            score: gained,
        };
        Ok(self.turn([points[0] + gained, points[1]], Some(throw), None))
    }

    /// The computer throws, by `strategy`.
    pub fn reply(&self, points: [usize; 2], strategy: Strategy, seed: u64) -> Turn {
        let [you, me] = points;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let dice = self.seq.dice;
        let (d, reason) = match strategy {
            Strategy::Optimal => {
                let d = self.seq.opt(me, you);
                let eg = self.seq.eg.get(me, you);
                (
                    d,
                    text!(
                        "OPT({me}, {you}) = {d}: with it the computer wins with probability {:.3} (EG = {eg:.3})",
                        "OPT({me}, {you}) = {d} : ainsi l'ordinateur gagne avec la probabilité {:.3} (EG = {eg:.3})",
                        (1.0 + eg) / 2.0
                    ),
                )
            }
            Strategy::Blind => {
                let d = blind_choice(dice);
                (
                    d,
                    text!(
                        "blind: always {d}, the number with the largest expected score",
                        "aveugle : toujours {d}, le nombre au plus grand score espéré"
                    ),
                )
            }
            Strategy::Random => (rng.random_range(1..=dice), text!("random", "au hasard")),
            Strategy::Fixed(f) => (f.min(dice), text!("always {f}", "toujours {f}")),
        };
        let faces = roll(d, &mut rng);
        let gained = score(&faces);
        let throw = Throw {
            player: 2,
            dice: d,
            faces,
            score: gained,
        };
        self.turn([you, me + gained], Some(throw), Some(reason))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_one_scores_one_and_otherwise_the_sum() {
        assert_eq!(score(&[6, 6, 1]), 1);
        assert_eq!(score(&[6, 5, 4]), 15);
        assert_eq!(score(&[2]), 2);
    }

    #[test]
    fn a_game_reaches_the_target_and_names_its_winner() {
        let s = Scenario {
            target: 30,
            ..Scenario::default()
        };
        let session = Session::new(&s).unwrap();
        let mut turn = session.start();
        assert_eq!(turn.points, [0, 0]);
        assert!((turn.chance.unwrap() - (1.0 + session.seq.eg.get(0, 0)) / 2.0).abs() < 1e-15);
        let mut seed = 7;
        while turn.over.is_none() {
            turn = session.throw(turn.points, "5", seed).unwrap();
            seed += 1;
            if turn.over.is_none() {
                turn = session.reply(turn.points, Strategy::Optimal, seed);
                seed += 1;
                let t = turn.throw.as_ref().unwrap();
                assert_eq!(t.faces.len(), t.dice);
                assert_eq!(t.score, score(&t.faces));
            }
        }
        assert!(turn.points.iter().any(|&p| p >= 30));
        assert!(session.throw([0, 0], "11", 1).is_err());
        assert!(session.position("30,0").is_err() && session.position("1,2,3").is_ok());
        assert!(Session::new(&Scenario {
            mode: Mode::OneTurn,
            ..Scenario::default()
        })
        .is_err());
    }
}
