//! Playing the sequential game against the computer, on the toolkit's one
//! play session ([`crate::toolkit::play`]). The page sends the points (and
//! the computer's strategy) and the number of dice thrown; the core rolls
//! the dice from the page's seed (a throw is the human's move: its faces are
//! chance), scores them, chooses the computer's number of dice by its
//! strategy and says why.

use super::blind_choice;
use super::compare::Strategy;
use super::scenario::{Mode, Scenario};
use super::sequential::{self, Sequential};
use crate::toolkit::play::{Reply, ReplyOf, Session as PlaySession, Table};
use crate::toolkit::{Error, Quoted, Text};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;

/// Play on the solved sequential game.
pub type Session = PlaySession<DiceTable>;

/// A request of play answered: the computer's throw when it threw, why, and
/// the game now.
pub type Turn = crate::toolkit::Turn<Throw, DiceView>;

/// The solved sequential game, kept between turns.
pub struct DiceTable {
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

/// A position of play: the points, the computer's strategy, and the throw
/// that led here (none for a position the page sent: you to move).
#[derive(Clone, Debug, PartialEq)]
pub struct Points {
    /// Points of you (player 1, moving first) and of the computer.
    pub points: [usize; 2],
    /// How the computer chooses its dice.
    pub strategy: Strategy,
    /// The throw just made.
    pub last: Option<Throw>,
}

/// What the page draws of a position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DiceView {
    /// The position as the page sends it back: `you,computer,strategy`.
    pub position: String,
    /// Points of you and of the computer.
    pub points: [usize; 2],
    /// The throw that led here, if any (yours or the computer's).
    pub throw: Option<Throw>,
    /// Whether someone reached the target.
    pub over: bool,
    /// The winner (1 you, 2 the computer) once the game is over.
    pub winner: Option<u8>,
    /// Your win probability if both play optimally from here, when you are to move.
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

/// `dice` dice thrown by `player` with the randomness of `seed`.
fn throw(player: u8, dice: usize, rng: &mut Xoshiro256PlusPlus) -> Throw {
    let faces: Vec<u8> = (0..dice).map(|_| rng.random_range(1..=6u8)).collect();
    Throw {
        player,
        dice,
        score: score(&faces),
        faces,
    }
}

/// Solves the sequential game of `s` for play (sequential mode only).
///
/// # Errors
/// [`Error::NotPlayable`] in the other modes; the solver's errors.
pub fn session(s: &Scenario) -> Result<Session, Error> {
    if s.mode != Mode::Sequential {
        return Err(Error::NotPlayable {
            what: text!("this mode of Dice Battle", "ce mode de Dice Battle"),
        });
    }
    Ok(PlaySession::new(DiceTable {
        seq: sequential::solve(s.dice, s.target)?,
    }))
}

impl DiceTable {
    /// The computer's number of dice at `points` by `strategy`, and why.
    fn choose(&self, [you, me]: [usize; 2], strategy: Strategy, rng: &mut Xoshiro256PlusPlus) -> (usize, Text) {
        let dice = self.seq.dice;
        match strategy {
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
        }
    }

    fn winner(&self, points: [usize; 2]) -> Option<u8> {
        let n = self.seq.target;
        if points[0] >= n {
            Some(1)
        } else if points[1] >= n {
            Some(2)
        } else {
            None
        }
    }
}

impl Table for DiceTable {
    type Position = Points;
    type Move = Throw;
    type View = DiceView;

    fn start(&self) -> Result<Points, Error> {
        Ok(Points {
            points: [0, 0],
            strategy: Strategy::Optimal,
            last: None,
        })
    }

    /// Reads `you,computer` (points below the target), then optionally the
    /// computer's strategy.
    fn read(&self, text: &str) -> Result<Points, Error> {
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
        // A finished game reads too (its winner's points beyond the target
        // by less than one throw), so that a reply there answers "over".
        let point = |i: usize| {
            parts
                .get(i)
                .and_then(|p| p.parse::<usize>().ok())
                .filter(|&p| p < n + 6 * self.seq.dice)
        };
        let (Some(a), Some(b)) = (point(0), point(1)) else {
            return Err(bad());
        };
        if a >= n && b >= n {
            return Err(bad());
        }
        let strategy = match parts.get(2) {
            None => Strategy::Optimal,
            Some(name) => Strategy::from_name(name)
                .filter(|s| !matches!(s, Strategy::Fixed(d) if *d > self.seq.dice))
                .ok_or_else(bad)?,
        };
        if parts.len() > 3 {
            return Err(bad());
        }
        Ok(Points {
            points: [a, b],
            strategy,
            last: None,
        })
    }

    /// You throw `mv` dice; the faces come from `seed`.
    fn moved(&self, at: &Points, mv: &str, seed: u64) -> Result<Points, Error> {
        let d = mv
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|d| (1..=self.seq.dice).contains(d))
            .ok_or_else(|| Error::InvalidValue {
                key: "move",
                value: Quoted::new(mv),
                expected: text!(
                    "a number of dice from 1 to {}",
                    "un nombre de dés de 1 à {}",
                    self.seq.dice
                ),
            })?;
        let thrown = throw(1, d, &mut Xoshiro256PlusPlus::seed_from_u64(seed));
        Ok(Points {
            points: [at.points[0] + thrown.score, at.points[1]],
            strategy: at.strategy,
            last: Some(thrown),
        })
    }

    /// The computer throws by its strategy, unless the game is over.
    fn reply(&self, at: &Points, seed: u64) -> Result<Option<ReplyOf<Self>>, Error> {
        if self.winner(at.points).is_some() {
            return Ok(None);
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let (d, reason) = self.choose(at.points, at.strategy, &mut rng);
        let thrown = throw(2, d, &mut rng);
        Ok(Some(Reply {
            played: thrown.clone(),
            reason,
            now: Points {
                points: [at.points[0], at.points[1] + thrown.score],
                strategy: at.strategy,
                last: Some(thrown),
            },
        }))
    }

    fn view(&self, at: &Points) -> Result<DiceView, Error> {
        let [you, me] = at.points;
        let winner = self.winner(at.points);
        let you_next = at.last.as_ref().is_none_or(|t| t.player == 2);
        Ok(DiceView {
            position: format!("{you},{me},{}", at.strategy.name()),
            points: at.points,
            throw: at.last.clone(),
            over: winner.is_some(),
            winner,
            chance: (winner.is_none() && you_next).then(|| (1.0 + self.seq.eg.get(you, me)) / 2.0),
            max_dice: self.seq.dice,
            target: self.seq.target,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toolkit::{Action, Request};

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
        let play = session(&s).unwrap();
        let ask = |position: &str, action, seed| play.answer(&Request { position, action, seed });
        let mut turn = ask("", Action::Start, 0).unwrap();
        assert_eq!((turn.now.points, turn.now.position.as_str()), ([0, 0], "0,0,optimal"));
        let eg = play.table().seq.eg.get(0, 0);
        assert!((turn.now.chance.unwrap() - (1.0 + eg) / 2.0).abs() < 1e-15);
        let mut seed = 7;
        while !turn.now.over {
            turn = ask(&turn.now.position, Action::Move("5"), seed).unwrap();
            seed += 1;
            let mine = turn.now.throw.clone().unwrap();
            assert_eq!((mine.player, mine.dice, mine.faces.len()), (1, 5, 5));
            assert_eq!(turn.now.chance, None, "the computer's turn");
            let before = turn.now.points;
            turn = ask(&turn.now.position, Action::Reply, seed).unwrap();
            seed += 1;
            if before[0] >= 30 {
                assert!(turn.played.is_none(), "nothing is thrown after the end");
                continue;
            }
            let t = turn.played.as_ref().unwrap();
            assert_eq!(t.faces.len(), t.dice);
            assert_eq!(t.score, score(&t.faces));
            assert_eq!(turn.now.points, [before[0], before[1] + t.score]);
            assert!(turn.reason.as_ref().unwrap().en.starts_with("OPT("));
        }
        let w = turn.now.winner.unwrap();
        assert!(turn.now.points[usize::from(w - 1)] >= 30 && turn.now.chance.is_none());
        assert!(ask("0,0", Action::Move("11"), 1).is_err());
        assert!(ask("0,0", Action::Move("0"), 1).is_err());
        assert!(ask("1,2,3", Action::Show, 0).is_ok());
        let over = ask("31,2", Action::Reply, 0).unwrap();
        assert_eq!(
            (over.played, over.now.winner),
            (None, Some(1)),
            "a finished game reads, and nothing is thrown"
        );
        assert!(ask("30,30", Action::Show, 0).is_err(), "two winners");
        assert!(
            ask(&format!("{},0", 30 + 6 * s.dice), Action::Show, 0).is_err(),
            "beyond one throw"
        );
        assert!(
            ask(&format!("1,2,{}", s.dice + 1), Action::Show, 0).is_err(),
            "a fixed strategy beyond D"
        );
        assert!(ask("1,2,blind,x", Action::Show, 0).is_err());
        assert!(session(&Scenario {
            mode: Mode::OneTurn,
            ..Scenario::default()
        })
        .is_err());
    }

    #[test]
    fn the_same_seed_throws_the_same_faces_and_each_strategy_gives_its_reason() {
        let play = session(&Scenario::default()).unwrap();
        let ask = |position: &str, action, seed| play.answer(&Request { position, action, seed });
        let a = ask("3,4", Action::Move("4"), 42).unwrap();
        assert_eq!(a, ask("3,4", Action::Move("4"), 42).unwrap());
        for (strategy, said) in [("blind", "blind: always"), ("random", "random"), ("2", "always 2")] {
            let turn = ask(&format!("3,4,{strategy}"), Action::Reply, 5).unwrap();
            assert!(turn.reason.unwrap().en.starts_with(said), "{strategy}");
            assert!(turn.now.position.ends_with(strategy), "{}", turn.now.position);
        }
    }
}
