//! Named boards of SPEC §1.

use super::{Board, CharacteristicMatrix, Die, ExactMatrix, FinishRule, Jump};
use crate::toolkit::number::ratio;
use crate::toolkit::Error;
use std::fmt;

/// A race to solve: a board, or a characteristic matrix typed directly.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Model {
    /// A board of squares and jumps.
    Board(Board),
    /// A characteristic matrix typed directly.
    Matrix(ExactMatrix),
}

impl Model {
    /// The characteristic matrix A of the race.
    pub fn characteristic_matrix(&self) -> CharacteristicMatrix {
        self.exact_matrix().to_f64()
    }

    /// The characteristic matrix A with exact entries.
    pub fn exact_matrix(&self) -> ExactMatrix {
        match self {
            Model::Board(board) => super::exact_characteristic_matrix(board),
            Model::Matrix(a) => a.clone(),
        }
    }

    /// `n`, the number of squares off the goal.
    pub fn size(&self) -> usize {
        match self {
            Model::Board(board) => board.squares(),
            Model::Matrix(a) => a.size(),
        }
    }
}

/// The presets of SPEC §1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// The board of the seed's Figures 3–4 (chute 48→26), overshoot rule.
    Audet,
    /// The Milton Bradley board (chute 47→26), exact rule.
    MiltonBradley,
    /// The seed's Example 1: six squares, a three-faced die.
    Grid1,
    /// The seed's Example 2: a two-state chain given by its matrix.
    Example2,
}

/// Ladders and chutes shared by `audet` and `milton-bradley`, but for the chute
/// that starts on 47 or 48.
const CLASSIC_LADDERS: [(usize, usize); 9] = [
    (1, 38),
    (4, 14),
    (9, 31),
    (21, 42),
    (28, 84),
    (36, 44),
    (51, 67),
    (71, 91),
    (80, 100),
];
const CLASSIC_CHUTES: [(usize, usize); 9] = [
    (16, 6),
    (49, 11),
    (56, 53),
    (62, 19),
    (64, 60),
    (87, 24),
    (93, 73),
    (95, 75),
    (98, 78),
];

impl Preset {
    /// Every preset, in menu order.
    pub const ALL: [Preset; 4] = [Preset::Audet, Preset::MiltonBradley, Preset::Grid1, Preset::Example2];
    /// Their link names, in the same order.
    pub const NAMES: [&'static str; 4] = ["audet", "milton-bradley", "grid1", "example2"];

    /// The name used in share links and on the command line.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// The preset called `name`, if any.
    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The race this preset describes.
    pub fn model(self) -> Model {
        let built = match self {
            Preset::Audet => classic(48, FinishRule::Overshoot),
            Preset::MiltonBradley => classic(47, FinishRule::Exact),
            Preset::Grid1 => Die::from_faces(&[1, 2, 3])
                .and_then(|die| Board::new(6, jumps(&[(1, 5), (4, 3)]), die, FinishRule::Overshoot).map(Model::Board)),
            Preset::Example2 => {
                ExactMatrix::from_dense(&[vec![ratio(1, 8), ratio(1, 4)], vec![ratio(3, 8), ratio(1, 2)]])
                    .map(Model::Matrix)
            }
        };
        // The presets are constants checked by the tests below.
        built.unwrap_or_else(|e| unreachable!("preset {self} is invalid: {e}"))
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

fn jumps(pairs: &[(usize, usize)]) -> Vec<Jump> {
    pairs.iter().map(|&(from, to)| Jump { from, to }).collect()
}

fn classic(long_chute_start: usize, rule: FinishRule) -> Result<Model, Error> {
    let mut all = jumps(&CLASSIC_LADDERS);
    all.extend(jumps(&CLASSIC_CHUTES));
    all.push(Jump {
        from: long_chute_start,
        to: 26,
    });
    Board::new(100, all, Die::fair(6)?, rule).map(Model::Board)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_builds_and_round_trips_its_name() {
        for preset in Preset::ALL {
            let _ = preset.model();
            assert_eq!(Preset::from_name(preset.name()), Some(preset));
        }
        assert_eq!(Preset::from_name("nope"), None);
    }
}
