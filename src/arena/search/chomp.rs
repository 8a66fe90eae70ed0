//! Chomp for the search: a board is its row lengths from the poisoned row up;
//! only the poison left is lost by the player to move.

use super::engine::{Game, HEURISTIC_MAX};
use super::keys::CHOMP_HEURISTICS as HEURISTICS;
use crate::arena::chomp::Boards;

/// Chomp on a bar of `rows` × `cols` (any size: no arena is built).
pub struct ChompGame;

impl ChompGame {
    /// A move's label: `row.column`, from the poison (0.0).
    pub fn label(m: (u8, u8)) -> String {
        format!("{}.{}", m.0, m.1)
    }
}

fn left(p: &[u8]) -> i32 {
    p.iter().map(|&l| i32::from(l)).sum::<i32>() - 1
}

impl Game for ChompGame {
    type Position = Vec<u8>;
    type Move = (u8, u8);

    fn moves(&self, p: &Vec<u8>) -> Vec<(u8, u8)> {
        Boards::moves(p).map(|(r, c)| (r as u8, c as u8)).collect()
    }

    fn play(&self, p: &Vec<u8>, m: (u8, u8)) -> Vec<u8> {
        Boards::eat(p, usize::from(m.0), usize::from(m.1))
    }

    fn outcome(&self, p: &Vec<u8>) -> Option<i32> {
        (left(p) <= 0).then_some(-1)
    }

    fn heuristic(&self, p: &Vec<u8>, h: usize) -> i32 {
        match HEURISTICS.get(h).map(|x| x.name) {
            Some("parity") => {
                if left(p) % 2 == 1 {
                    1000
                } else {
                    -1000
                }
            }
            Some("squares") => (left(p) * 10).min(HEURISTIC_MAX),
            _ => 0,
        }
    }

    fn key(&self, p: &Vec<u8>) -> u64 {
        // FNV-1a over the lengths: exact for short bars, a hash for long ones.
        p.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &l| {
            (h ^ u64::from(l)).wrapping_mul(0x0100_0000_01b3)
        })
    }
}
