//! Hex for the teaching search: the game's own position and solver
//! ([`crate::games::hex`]), the engine's [`Game`] over them with the
//! heuristic a student would try, and the exact answer from the game's solver.

use super::engine::{Game, HEURISTIC_MAX};
use super::keys::Heuristic;

/// The heuristics by their place in [`HEURISTICS`], which is what the engine
/// passes (a test in the module's root checks each place holds its name).
pub(super) const DISTANCE: usize = 0;
use super::searched::{replay, Exact, ExactAnswer, PositionView, Searched, Shape};
pub use crate::games::hex::{Hex, Solver, Stones, MAX_SIZE, MIN_SIZE};
use crate::toolkit::number::spread_bits;
use crate::toolkit::{Error, Field, Label, Params, Text};

/// How a link writes the moves: separated by commas.
pub const MOVES_JOINED_BY: &str = ",";

/// What the page's menu calls the game.
pub const TITLE: crate::toolkit::Label = crate::toolkit::Label::new("Hex", "Hex");

/// What a student would try: how far each player is from joining their edges, or nothing.
pub const HEURISTICS: &[Heuristic] = &[
    Heuristic {
        name: "distance",
        explain: Label::new(
            "Distance: the fewest empty cells each player still needs to join their two edges (their own stones are free, the opponent's block); the opponent's count minus yours.",
            "Distance : le plus petit nombre de cases vides qu’il manque à chaque joueur pour relier ses deux bords (ses pions ne coûtent rien, ceux de l’adversaire bloquent) ; celui de l’adversaire moins le vôtre.",
        ),
    },
    Heuristic {
        name: "zero",
        explain: Label::new(
            "A deliberately poor one: every position is worth 0, so a limited search sees only the moves that win at once.",
            "Une mauvaise exprès : toute position vaut 0, si bien qu’une recherche limitée ne voit que les coups qui gagnent tout de suite.",
        ),
    },
];

/// The largest board whose exact answer is computed (by [`Solver`]; its
/// table's keys are exact up to 32 cells, and 6 × 6 is beyond a page's minute).
pub const MAX_EXACT_SIZE: usize = 5;
/// The positions [`Solver`] may visit for one exact answer.
pub const EXACT_NODES: u64 = 50_000_000;

/// The board's key, the game's own (`size`).
pub const SIZE_FIELD: Field = Field::whole(
    "size",
    Label::new("Board size n (Hex)", "Taille n du plateau (Hex)"),
    MIN_SIZE as u64,
    MAX_SIZE as u64,
);

/// The board's keys.
pub const FIELDS: &[Field] = &[SIZE_FIELD];

/// The board a link asks for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Keys {
    /// Cells on a side.
    pub size: usize,
}

impl Default for Keys {
    /// The 3 × 3 board: small enough to follow every line of play.
    fn default() -> Keys {
        Keys { size: 3 }
    }
}

impl Keys {
    /// Reads `size`.
    ///
    /// # Errors
    /// A size outside 2 to 11.
    pub fn read(&mut self, params: &mut Params) -> Result<(), Error> {
        if let Some(n) = params.count(&SIZE_FIELD)? {
            self.size = n;
        }
        Ok(())
    }

    /// The link's pairs.
    pub fn write(&self, out: &mut Vec<(&'static str, String)>) {
        out.push(("size", self.size.to_string()));
    }
}

/// The board's size.
///
/// # Errors
/// None: the size was checked as it was read.
pub fn prepare(keys: &Keys) -> Result<usize, Error> {
    Ok(keys.size)
}

/// Hex on the board of `size`.
pub fn game(size: &usize) -> Hex {
    Hex::new(*size)
}

impl Game for Hex {
    type Position = Stones;
    type Move = u8;

    fn moves(&self, p: &Stones) -> Vec<u8> {
        Hex::moves(self, p)
    }

    fn play(&self, p: &Stones, m: u8) -> Stones {
        Hex::play(self, p, m)
    }

    fn outcome(&self, p: &Stones) -> Option<i32> {
        Hex::outcome(self, p)
    }

    fn heuristic(&self, p: &Stones, h: usize) -> i32 {
        if h != DISTANCE {
            return 0;
        }
        let far = (self.size() * self.size()) as i32;
        let (first, second) = self.distances(p);
        let (first, second) = (first.unwrap_or(far), second.unwrap_or(far));
        let score = if p.first_to_move() {
            second - first
        } else {
            first - second
        };
        (score * 100).clamp(-HEURISTIC_MAX, HEURISTIC_MAX)
    }

    fn key(&self, p: &Stones) -> u64 {
        let cells = self.size() * self.size();
        if cells <= 32 {
            // Exact: each player's cells side by side.
            (p.first as u64) | (p.second as u64) << cells
        } else {
            // A mix of both sets (SplitMix64's finaliser): collisions are
            // negligible next to the tree sizes searched here.
            let mut x = (p.first as u64) ^ ((p.first >> 64) as u64).rotate_left(17);
            x ^= ((p.second as u64) ^ ((p.second >> 64) as u64).rotate_left(41)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            spread_bits(x)
        }
    }
}

impl Searched for Hex {
    fn start(&self) -> Stones {
        Hex::start(self)
    }
    fn label(&self, _: &Stones, m: u8) -> String {
        self.name(m)
    }
    fn view(&self, p: &Stones, view: &mut PositionView) {
        view.cells = Some(
            (0..self.size() * self.size())
                .map(|c| {
                    if p.first >> c & 1 == 1 {
                        1
                    } else if p.second >> c & 1 == 1 {
                        2
                    } else {
                        0
                    }
                })
                .collect(),
        );
        view.columns = Some(self.size());
        view.shape = Some("hex");
        view.line = self.winning_chain(p);
    }
    fn place(&self, _: &Stones, m: u8) -> Option<[u32; 2]> {
        Some([u32::from(m) / self.size(), u32::from(m) % self.size()])
    }
    /// Hex's own solver ([`Solver`]) on the position and on each move, up to 5 × 5.
    fn exact(&self, moves: &[String]) -> Option<Result<Exact, Text>> {
        if self.size() as usize > MAX_EXACT_SIZE {
            return Some(Err(text!(
                "the exact answer is computed up to {} × {}; from the empty board the first player wins every n × n board (strategy stealing), but which first moves win is not computed here",
                "la réponse exacte est calculée jusqu'à {} × {} ; depuis le plateau vide le premier joueur gagne sur tout plateau n × n (vol de stratégie), mais les premiers coups gagnants ne sont pas calculés ici",
                MAX_EXACT_SIZE,
                MAX_EXACT_SIZE
            )));
        }
        let p = replay(self, moves).ok()?;
        let mut solver = Solver::new(self, EXACT_NODES);
        let answer = solver.winning_moves(&p);
        Some(match answer {
            Some((wins, winning)) => Ok(Exact {
                answer: ExactAnswer {
                    value: if wins { 1 } else { -1 },
                    winning_moves: winning.iter().map(|&m| self.name(m)).collect(),
                    method: "hex-solver",
                    score: None,
                    verdict: None,
                },
                solver_nodes: Some(solver.nodes),
            }),
            None => Err(text!(
                "not solved within {} positions",
                "non résolu en {} positions",
                EXACT_NODES
            )),
        })
    }
    fn shape(&self) -> Shape {
        let cells = f64::from(self.size() * self.size());
        Shape {
            branching: cells / 2.0,
            length: cells,
            // The distance heuristic walks the board at each leaf: 11 × 11
            // to depth 3 took 0.78 s natively (stop 77), where 5 × 5's rate
            // said 0.08 s.
            per_node: 3e-7 * (cells / 25.0).max(1.0),
            whole: None,
            // 11 × 11 to the end: 4 million nodes in 2.1 s by minimax, 89 s
            // ordered, 19 s with the table (natively, stop 77).
            ordering: 1.2e-5 * cells / 121.0,
        }
    }
    fn exact_cost(&self, played: usize) -> (f64, f64) {
        if self.size() as usize > MAX_EXACT_SIZE {
            return (0.0, 0.0);
        }
        // [`Solver`] on the position and each move: about a third as long
        // for each stone played (measured natively from the empty 5 × 5,
        // BENCHMARKS.md; the worker takes about twice as long).
        let empty = f64::from(self.size() * self.size()) - played as f64;
        let share = 3f64.powf(empty - 25.0);
        (16.0 * share, 2.0 + 110.0 * share)
    }
    fn player(&self, p: &Stones, _: usize) -> u8 {
        if p.first_to_move() {
            1
        } else {
            2
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::engine::{search, Algorithm, Limits, WIN};
    use crate::search::searched::replay;

    /// A full search by plain minimax over every order of play, to check the
    /// engine's and the win test's answers on the smallest boards.
    fn minimax(g: &Hex, p: &Stones) -> i32 {
        if let Some(v) = g.outcome(p) {
            return v;
        }
        g.moves(p)
            .iter()
            .map(|&m| -minimax(g, &g.play(p, m)))
            .max()
            .expect("a board that is not full has a move")
    }

    #[test]
    fn the_first_player_wins_every_small_board_and_the_engine_agrees() {
        for n in 2..=3 {
            let g = Hex::new(n);
            assert_eq!(minimax(&g, &g.start()), 1, "{n} × {n}");
            let f = search(
                &g,
                &g.start(),
                Algorithm::Table,
                Limits::to_the_end(10_000_000),
                &mut |_| {},
            );
            assert!(f.complete && f.exact);
            assert_eq!(f.value, WIN);
        }
    }

    #[test]
    fn the_exact_winning_first_moves_agree_with_plain_minimax() {
        for n in 2..=3 {
            let g = Hex::new(n);
            let by_minimax: Vec<String> = (0..(n * n) as u8)
                .filter(|&m| minimax(&g, &g.play(&g.start(), m)) == -1)
                .map(|m| g.name(m))
                .collect();
            let exact = g.exact(&[]).unwrap().unwrap().answer;
            assert_eq!(exact.value, 1);
            let mut by_search = exact.winning_moves.clone();
            by_search.sort_by_key(|m| (m[1..].parse::<u32>().unwrap(), m[..1].to_string()));
            assert_eq!(by_search, by_minimax, "{n} × {n}");
            // The centre wins, and the winning set is symmetric under the
            // half-turn, which keeps both players' goals.
            if n == 3 {
                assert!(by_minimax.contains(&"b2".to_string()));
            }
            let turned = |m: &String| {
                let (c, r) = (m.as_bytes()[0] - b'a', m[1..].parse::<u8>().unwrap() - 1);
                g.name((n as u8 - 1 - r) * n as u8 + (n as u8 - 1 - c))
            };
            for m in &by_minimax {
                assert!(by_minimax.contains(&turned(m)), "{m} wins but not its half-turn");
            }
        }
    }

    #[test]
    fn moves_are_named_and_replayed() {
        let g = Hex::new(3);
        let p = replay(&g, &["b2".into(), "a1".into()]).unwrap();
        assert_eq!((p.first, p.second), (1 << 4, 1));
        assert!(replay(&g, &["b2".into(), "b2".into()]).is_err());
        assert!(replay(&g, &["d1".into()]).is_err());
    }

    /// Positions after `stones` random moves (none finished), seeded.
    fn random_positions(g: &Hex, stones: usize, count: usize, seed: u64) -> Vec<Stones> {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut out = Vec::new();
        while out.len() < count {
            let mut p = g.start();
            for _ in 0..stones {
                let moves = g.moves(&p);
                if moves.is_empty() {
                    break;
                }
                p = g.play(&p, moves[rng.random_range(0..moves.len())]);
            }
            if g.outcome(&p).is_none() {
                out.push(p);
            }
        }
        out
    }

    #[test]
    fn the_solver_agrees_with_the_generic_search_on_random_positions() {
        // 4 × 4 from every depth, 5 × 5 once the generic search can finish.
        for (n, stones, count) in [
            (3, 0, 1),
            (3, 3, 20),
            (4, 0, 1),
            (4, 2, 40),
            (4, 6, 80),
            (5, 10, 40),
            (5, 14, 80),
        ] {
            let g = Hex::new(n);
            for p in random_positions(&g, stones, count, 39 + stones as u64) {
                let f = search(&g, &p, Algorithm::Table, Limits::to_the_end(30_000_000), &mut |_| {});
                assert!(f.complete && f.exact);
                let mut solver = Solver::new(&g, EXACT_NODES);
                let (wins, winning) = solver.winning_moves(&p).expect("within the limit");
                assert_eq!(wins, f.value == WIN, "{n} × {n}: {p:?}");
                // Each move the solver calls winning loses for the opponent, by the engine.
                for m in winning {
                    let after = search(
                        &g,
                        &g.play(&p, m),
                        Algorithm::Table,
                        Limits::to_the_end(30_000_000),
                        &mut |_| {},
                    );
                    assert_eq!(after.value, -WIN, "{n} × {n}: {p:?} then {}", g.name(m));
                }
            }
        }
    }
}
