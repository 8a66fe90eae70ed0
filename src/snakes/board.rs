//! The board model: squares, jumps (ladders and snakes), a die and a finish rule.

use crate::toolkit::number::{format_exact, parse_rational, ratio, to_f64, Rational};
use crate::toolkit::Quoted;
use crate::toolkit::{sort, Error};
use num_traits::{One, Zero};
use std::collections::BTreeMap;
use std::fmt;

/// Fewest squares a board may have (`n`, the goal's number).
pub const MIN_SQUARES: usize = 2;
/// Most squares a board may have: P and E have n² entries each.
pub const MAX_SQUARES: usize = 2500;
/// Largest face value of a die.
pub const MAX_FACE: u32 = 1000;
/// How far the die's probabilities may sum from 1.
pub const PROBABILITY_TOLERANCE: f64 = 1e-9;

/// What happens when a roll would take the token past the goal `n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FinishRule {
    /// A roll that reaches or passes `n` wins (the seed's rule).
    Overshoot,
    /// A roll that passes `n` leaves the token where it is (the Milton Bradley rule).
    Exact,
    /// The token goes back by the excess (reflected again at 0 if the excess is larger than `n`).
    Bounce,
}

impl FinishRule {
    /// Every rule, in menu order.
    pub const ALL: [FinishRule; 3] = [FinishRule::Overshoot, FinishRule::Exact, FinishRule::Bounce];
    /// Their link names, in the same order.
    pub const NAMES: [&'static str; 3] = ["overshoot", "exact", "bounce"];

    /// The name used in share links and on the command line.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// Where a token on `from` ends after moving `face` squares, before any jump;
    /// `n` means the goal.
    pub fn landing(self, from: usize, face: u32, n: usize) -> usize {
        let target = from + face as usize;
        if target <= n {
            return target;
        }
        match self {
            FinishRule::Overshoot => n,
            FinishRule::Exact => from,
            FinishRule::Bounce => {
                // Fold the walk into [0, n]: forward to n, back to 0, forward again…
                let r = target % (2 * n);
                if r <= n {
                    r
                } else {
                    2 * n - r
                }
            }
        }
    }
}

impl fmt::Display for FinishRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A die: distinct face values, each with its exact probability (summing to 1).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Die {
    faces: Vec<(u32, Rational)>,
}

impl Die {
    /// A fair die with faces `1..=sides`.
    ///
    /// # Errors
    /// As [`Die::from_weights`].
    pub fn fair(sides: u32) -> Result<Die, Error> {
        check_face_count(sides as usize)?;
        let faces: Vec<u32> = (1..=sides).collect();
        Die::from_faces(&faces)
    }

    /// A die whose listed faces are equally likely; a value listed twice is twice as likely
    /// (the seed's Example 1 die is `1,2,3,1,2,3`).
    ///
    /// # Errors
    /// As [`Die::from_weights`].
    pub fn from_faces(faces: &[u32]) -> Result<Die, Error> {
        check_face_count(faces.len())?;
        let weight = ratio(1, faces.len() as i64);
        Die::from_weights(&faces.iter().map(|&f| (f, weight.clone())).collect::<Vec<_>>())
    }

    /// A die given by `(face, probability)` pairs; repeated faces add up. The
    /// probabilities must be in `[0, 1]` and sum to 1 within 1e-9; they are then
    /// rescaled to sum to exactly 1.
    ///
    /// # Errors
    /// [`Error::InvalidBoard`] for a face out of range, a probability outside
    /// `[0, 1]` or probabilities that do not sum to 1.
    pub fn from_weights(weights: &[(u32, Rational)]) -> Result<Die, Error> {
        check_face_count(weights.len())?;
        let mut merged: BTreeMap<u32, Rational> = BTreeMap::new();
        for (face, p) in weights {
            let face = *face;
            if face == 0 || face > MAX_FACE {
                return Err(Error::InvalidBoard(text!(
                    "die face {face} is not allowed (faces are 1 to {MAX_FACE})",
                    "la face {face} du dé n'est pas permise (les faces vont de 1 à {MAX_FACE})"
                )));
            }
            if *p < Rational::zero() || *p > Rational::one() {
                return Err(Error::InvalidBoard(text!(
                    "die face {face} has probability {} (allowed: 0 to 1)",
                    "la face {face} du dé a la probabilité {} (permis : de 0 à 1)",
                    format_exact(p)
                )));
            }
            *merged.entry(face).or_insert_with(Rational::zero) += p;
        }
        let total: Rational = merged.values().sum();
        if (to_f64(&total) - 1.0).abs() > PROBABILITY_TOLERANCE {
            return Err(Error::InvalidBoard(text!(
                "the die's probabilities sum to {} (they must sum to 1 within {PROBABILITY_TOLERANCE:e})",
                "les probabilités du dé ont pour somme {} (elles doivent avoir pour somme 1 à {PROBABILITY_TOLERANCE:e} près)",
                to_f64(&total)
            )));
        }
        let faces = merged
            .into_iter()
            .filter(|(_, p)| !p.is_zero())
            .map(|(f, p)| (f, p / &total))
            .collect();
        Ok(Die { faces })
    }

    /// Reads a die as written in links: faces `1,2,3,1,2,3` (equally likely) or
    /// weights `1:0.5,2:1/4,3:0.25`.
    ///
    /// # Errors
    /// [`Error::InvalidBoard`] naming the face or entry at fault.
    pub fn parse(text: &str) -> Result<Die, Error> {
        let entries: Vec<&str> = text.split(',').map(str::trim).filter(|e| !e.is_empty()).collect();
        if entries.len() > MAX_FACE as usize {
            return Err(Error::OutOfRange {
                what: text!("number of die faces", "nombre de faces du dé"),
                value: entries.len().to_string(),
                min: "1".into(),
                max: MAX_FACE.to_string(),
            });
        }
        let face = |t: &str| -> Result<u32, Error> {
            t.trim().parse::<u32>().map_err(|_| {
                Error::InvalidBoard(text!(
                    "die face {} is not a whole number from 1 to {MAX_FACE}",
                    "la face {} du dé n'est pas un nombre entier de 1 à {MAX_FACE}",
                    Quoted::new(t.trim())
                ))
            })
        };
        if text.contains(':') {
            let mut weights = Vec::with_capacity(entries.len());
            for entry in entries {
                let (f, p) = entry.split_once(':').ok_or_else(|| {
                    Error::InvalidBoard(text!(
                        "die entry {} is not face:probability",
                        "l'entrée {} du dé n'est pas de la forme face:probabilité",
                        Quoted::new(entry)
                    ))
                })?;
                let f = face(f)?;
                let p = parse_rational(p).ok_or_else(|| {
                    Error::InvalidBoard(text!(
                        "die face {f} has probability {}, which is not a number",
                        "la face {f} du dé a la probabilité {}, qui n'est pas un nombre",
                        Quoted::new(p.trim())
                    ))
                })?;
                weights.push((f, p));
            }
            Die::from_weights(&weights)
        } else {
            Die::from_faces(&entries.into_iter().map(face).collect::<Result<Vec<_>, _>>()?)
        }
    }

    /// The die as written in links: the face list when all faces are equally
    /// likely, else `face:probability` pairs.
    pub fn to_text(&self) -> String {
        let first = &self.faces[0].1;
        if self.faces.iter().all(|(_, p)| p == first) {
            self.faces
                .iter()
                .map(|(f, _)| f.to_string())
                .collect::<Vec<_>>()
                .join(",")
        } else {
            self.faces
                .iter()
                .map(|(f, p)| format!("{f}:{}", format_exact(p)))
                .collect::<Vec<_>>()
                .join(",")
        }
    }

    /// The faces with their exact probabilities, by increasing face value.
    pub fn faces(&self) -> &[(u32, Rational)] {
        &self.faces
    }
}

/// Checks a number of squares against `2..=2500`.
///
/// # Errors
/// [`Error::OutOfRange`] naming `squares`.
pub fn check_squares(squares: usize) -> Result<(), Error> {
    if !(MIN_SQUARES..=MAX_SQUARES).contains(&squares) {
        return Err(Error::OutOfRange {
            what: text!("squares", "cases"),
            value: squares.to_string(),
            min: MIN_SQUARES.to_string(),
            max: MAX_SQUARES.to_string(),
        });
    }
    Ok(())
}

fn check_face_count(count: usize) -> Result<(), Error> {
    if count == 0 {
        return Err(Error::InvalidBoard(text!(
            "the die has no faces",
            "le dé n'a aucune face"
        )));
    }
    if count > MAX_FACE as usize {
        return Err(Error::OutOfRange {
            what: text!("number of die faces", "nombre de faces du dé"),
            value: count.to_string(),
            min: "1".into(),
            max: MAX_FACE.to_string(),
        });
    }
    Ok(())
}

/// A ladder (`to > from`) or a snake (`to < from`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Jump {
    /// The square it starts on.
    pub from: usize,
    /// The square it leads to.
    pub to: usize,
}

impl fmt::Display for Jump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}→{}", self.from, self.to)
    }
}

/// A validated board: squares `0..=n` (0 is the start off the board, `n` the goal).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    squares: usize,
    jumps: Vec<Jump>,
    die: Die,
    rule: FinishRule,
}

impl Board {
    /// Builds a board, checking every rule of SPEC §1.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] when `squares` is not in `2..=2500`;
    /// [`Error::InvalidBoard`] naming the jump at fault when a jump starts on 0 or
    /// `n`, leaves the board, goes nowhere, shares its start with another jump or
    /// ends where another starts.
    ///
    /// ```
    /// use ludolab::snakes::{Board, Die, FinishRule, Jump};
    /// let die = Die::fair(6).unwrap();
    /// let ok = Board::new(10, vec![Jump { from: 2, to: 8 }], die.clone(), FinishRule::Overshoot);
    /// assert!(ok.is_ok());
    /// let bad = Board::new(10, vec![Jump { from: 0, to: 8 }], die, FinishRule::Overshoot);
    /// assert!(bad.unwrap_err().to_string().contains("square 0"));
    /// ```
    pub fn new(squares: usize, mut jumps: Vec<Jump>, die: Die, rule: FinishRule) -> Result<Board, Error> {
        check_squares(squares)?;
        let n = squares;
        for j in &jumps {
            if j.from == 0 || j.from >= n {
                return Err(Error::InvalidBoard(text!(
                    "jump {j} starts on square {} (jumps start on squares 1 to {})",
                    "le saut {j} part de la case {} (les sauts partent des cases 1 à {})",
                    j.from,
                    n - 1
                )));
            }
            if j.to > n {
                return Err(Error::InvalidBoard(text!(
                    "jump {j} ends on square {}, beyond the goal (squares 0 to {n})",
                    "le saut {j} arrive sur la case {}, au-delà de l'arrivée (cases 0 à {n})",
                    j.to
                )));
            }
            if j.to == j.from {
                return Err(Error::InvalidBoard(text!(
                    "jump {j} starts and ends on the same square",
                    "le saut {j} part et arrive sur la même case"
                )));
            }
        }
        sort::sort(&mut jumps);
        for w in jumps.windows(2) {
            if w[0].from == w[1].from {
                return Err(Error::InvalidBoard(text!(
                    "two jumps start on square {} ({} and {})",
                    "deux sauts partent de la case {} ({} et {})",
                    w[0].from,
                    w[0],
                    w[1]
                )));
            }
        }
        for j in &jumps {
            if let Ok(k) = jumps.binary_search_by_key(&j.to, |k| k.from) {
                return Err(Error::InvalidBoard(text!(
                    "jump {j} ends on square {}, where jump {} starts",
                    "le saut {j} arrive sur la case {}, d'où part le saut {}",
                    j.to,
                    jumps[k]
                )));
            }
        }
        Ok(Board {
            squares,
            jumps,
            die,
            rule,
        })
    }

    /// `n`: the goal's number, also the size of the characteristic matrix.
    pub fn squares(&self) -> usize {
        self.squares
    }

    /// The jumps, sorted by starting square.
    pub fn jumps(&self) -> &[Jump] {
        &self.jumps
    }

    /// The die.
    pub fn die(&self) -> &Die {
        &self.die
    }

    /// The finish rule.
    pub fn rule(&self) -> FinishRule {
        self.rule
    }

    /// The same board under another finish rule.
    pub fn with_rule(&self, rule: FinishRule) -> Board {
        Board { rule, ..self.clone() }
    }

    /// The square a token ends on after landing on `square` (the jump, if any, applied).
    pub fn after_jump(&self, square: usize) -> usize {
        match self.jumps.binary_search_by_key(&square, |j| j.from) {
            Ok(k) => self.jumps[k].to,
            Err(_) => square,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d6() -> Die {
        Die::fair(6).unwrap()
    }

    fn board(n: usize, jumps: &[(usize, usize)]) -> Result<Board, Error> {
        let jumps = jumps.iter().map(|&(from, to)| Jump { from, to }).collect();
        Board::new(n, jumps, d6(), FinishRule::Overshoot)
    }

    #[test]
    fn bad_boards_name_the_square_at_fault() {
        let cases: &[(&[(usize, usize)], &str)] = &[
            (&[(0, 5)], "jump 0→5 starts on square 0 (jumps start on squares 1 to 9)"),
            (&[(10, 5)], "jump 10→5 starts on square 10"),
            (
                &[(3, 11)],
                "jump 3→11 ends on square 11, beyond the goal (squares 0 to 10)",
            ),
            (&[(3, 3)], "jump 3→3 starts and ends on the same square"),
            (&[(3, 7), (3, 1)], "two jumps start on square 3 (3→1 and 3→7)"),
            (&[(2, 6), (6, 1)], "jump 2→6 ends on square 6, where jump 6→1 starts"),
        ];
        for (jumps, message) in cases {
            let err = board(10, jumps).unwrap_err().to_string();
            assert!(err.contains(message), "{err} does not contain {message}");
        }
        assert!(board(1, &[])
            .unwrap_err()
            .to_string()
            .contains("squares = 1 is out of range (allowed: 2 to 2500)"));
        assert!(board(2501, &[]).is_err());
        assert!(
            board(10, &[(9, 10), (1, 0)]).is_ok(),
            "jumps may end on the goal or the start"
        );
    }

    #[test]
    fn bad_dice_name_the_face_at_fault() {
        assert_eq!(
            Die::from_faces(&[]).unwrap_err().to_string(),
            "invalid board: the die has no faces"
        );
        assert!(Die::from_faces(&[0, 1])
            .unwrap_err()
            .to_string()
            .contains("die face 0 is not allowed"));
        let err = Die::parse("1:0.5,2:0.4").unwrap_err().to_string();
        assert!(err.contains("sum to 0.9"), "{err}");
        let err = Die::parse("1:NaN").unwrap_err().to_string();
        assert!(
            err.contains("die face 1 has probability \"NaN\", which is not a number"),
            "{err}"
        );
        let err = Die::parse("1:1.5,2:-0.5").unwrap_err().to_string();
        assert!(
            err.contains("die face 1 has probability 1.5 (allowed: 0 to 1)"),
            "{err}"
        );
        assert!(Die::parse("1,x")
            .unwrap_err()
            .to_string()
            .contains("die face \"x\" is not a whole number"));
        assert!(Die::parse("1:0.5;2")
            .unwrap_err()
            .to_string()
            .contains("is not a number"));
        assert!(Die::parse("").unwrap_err().to_string().contains("no faces"));
        let die = Die::parse("1,2,3,1,2,3").unwrap();
        assert_eq!(die.faces().len(), 3);
        assert_eq!(die, Die::fair(3).unwrap());
        assert_eq!(die.to_text(), "1,2,3");
        // Within 1e-9 of 1: accepted and rescaled to exactly 1.
        let die = Die::parse("1:0.3333333333,2:0.3333333333,3:0.3333333333").unwrap();
        assert_eq!(die.to_text(), "1,2,3");
        let weighted = Die::parse("1:1/2, 2:0.25, 3:1/4").unwrap();
        assert_eq!(weighted.to_text(), "1:0.5,2:0.25,3:0.25");
        assert_eq!(Die::parse(&weighted.to_text()).unwrap(), weighted);
    }

    #[test]
    fn finish_rules_place_the_token() {
        // From 98 on a 100-square board, a roll of 5 passes the goal by 3.
        assert_eq!(FinishRule::Overshoot.landing(98, 5, 100), 100);
        assert_eq!(FinishRule::Exact.landing(98, 5, 100), 98);
        assert_eq!(FinishRule::Bounce.landing(98, 5, 100), 97);
        assert_eq!(FinishRule::Bounce.landing(98, 2, 100), 100);
        // An excess larger than the board folds back from 0.
        assert_eq!(FinishRule::Bounce.landing(5, 12, 6), 5);
        assert_eq!(FinishRule::Bounce.landing(5, 7, 6), 0);
    }
}
