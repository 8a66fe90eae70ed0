//! The games of PGSolver's generators, vertex for vertex: random games
//! (`randomgame N P L H`, here seeded), ladders (`laddergame n`), Jurdziński's
//! games (`jurdzinskigame h w`) and Friedmann's recursive ladders
//! (`recursiveladder n`, built to make Zielonka's algorithm exponential).

use super::game::{Parity, ParityGame, MAX_PRIORITY};
use crate::toolkit::{Error, Quoted};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::HashMap;

/// Most vertices a random game may have.
pub const MAX_RANDOM_VERTICES: u64 = 10_000_000;
/// Largest out-degree of a random game.
pub const MAX_DEGREE: u64 = 1000;
/// Most edges a random game may have.
pub const MAX_RANDOM_EDGES: u64 = 100_000_000;
/// Largest `n` of a ladder or a recursive ladder.
pub const MAX_LADDER: u64 = 2_000_000;
/// Largest height and width of Jurdziński's games.
pub const MAX_JURDZINSKI: u64 = 2000;
/// Most cells (`height × width`) of Jurdziński's games.
pub const MAX_JURDZINSKI_CELLS: u64 = 1_000_000;

fn whole(key: &'static str, value: u64, min: u64, max: u64) -> Result<u64, Error> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(Error::NotWhole {
            key,
            value: Quoted::new(&value.to_string()),
            min,
            max,
        })
    }
}

/// PGSolver's `randomgame N P L H`: `vertices` vertices, each with a priority
/// drawn uniformly from `0..=max_priority`, a random owner and between
/// `min_degree` and `max_degree` distinct successors, self-loops allowed or not;
/// the same seed gives the same game everywhere.
///
/// # Errors
/// [`Error::NotWhole`] naming the key (`vertices`, `priorities`, `min-degree`,
/// `max-degree`) whose value is outside its range.
///
/// ```
/// use ludolab::parity::generate::random;
/// let g = random(1000, 50, 2, 5, true, 7).unwrap();
/// assert_eq!(g, random(1000, 50, 2, 5, true, 7).unwrap());
/// assert!(random(10, 5, 3, 2, true, 1).is_err());
/// ```
pub fn random(
    vertices: u64,
    max_priority: u64,
    min_degree: u64,
    max_degree: u64,
    self_loops: bool,
    seed: u64,
) -> Result<ParityGame, Error> {
    let n = whole("vertices", vertices, 1, MAX_RANDOM_VERTICES)?;
    whole("priorities", max_priority, 0, u64::from(MAX_PRIORITY))?;
    let most = if self_loops { n } else { n - 1 }.min(MAX_DEGREE);
    if most == 0 {
        return Err(Error::NotWhole {
            key: "vertices",
            value: Quoted::new(&n.to_string()),
            min: 2,
            max: MAX_RANDOM_VERTICES,
        });
    }
    let high = whole("max-degree", max_degree, 1, most)?;
    let low = whole("min-degree", min_degree, 1, high)?;
    let per_vertex = MAX_RANDOM_EDGES / n;
    whole("max-degree", high, 1, per_vertex.min(most))?;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let n = n as usize;
    let mut priority = Vec::with_capacity(n);
    let mut owner = Vec::with_capacity(n);
    let mut offsets = Vec::with_capacity(n + 1);
    let mut targets = Vec::with_capacity(n * ((low + high) / 2 + 1) as usize);
    offsets.push(0u32);
    let range = if self_loops { n } else { n - 1 } as u32;
    let mut chosen: Vec<u32> = Vec::with_capacity(high as usize);
    for v in 0..n as u32 {
        priority.push(rng.random_range(0..=max_priority) as u32);
        owner.push(Parity::from_index(rng.random_range(0..2usize)));
        let k = rng.random_range(low..=high) as u32;
        // Floyd's sampling: k distinct values of 0..range.
        chosen.clear();
        for j in range - k..range {
            let t = rng.random_range(0..=j);
            chosen.push(if chosen.contains(&t) { j } else { t });
        }
        for &t in &chosen {
            targets.push(if !self_loops && t >= v { t + 1 } else { t });
        }
        offsets.push(targets.len() as u32);
    }
    ParityGame::new(priority, owner, offsets, targets)
}

/// PGSolver's `laddergame n`: `2n` vertices in a ring, vertex `i` of priority
/// and owner `i mod 2`, moving 1 or 2 steps on. Even wins everywhere.
///
/// # Errors
/// [`Error::NotWhole`] for `n` outside 1 to [`MAX_LADDER`].
pub fn ladder(n: u64) -> Result<ParityGame, Error> {
    let n = whole("size", n, 1, MAX_LADDER)?;
    let m = 2 * n as u32;
    let vertices: Vec<(u32, Parity, Vec<u32>)> = (0..m)
        .map(|i| {
            (
                i % 2,
                Parity::from_index((i % 2) as usize),
                vec![(i + 1) % m, (i + 2) % m],
            )
        })
        .collect();
    ParityGame::from_lists(&vertices)
}

/// Friedmann's recursive ladder (PGSolver's `recursiveladder n`): `5n`
/// vertices on which Zielonka's algorithm makes exponentially many calls.
///
/// # Errors
/// [`Error::NotWhole`] for `n` outside 1 to [`MAX_LADDER`].
pub fn recursive_ladder(n: u64) -> Result<ParityGame, Error> {
    let n = whole("size", n, 1, MAX_LADDER)?;
    let height = n as i64 + 1;
    const W: i64 = 5;
    let count = (5 * height - 5) as usize;
    let mut vertices: Vec<(u32, Parity, Vec<u32>)> = vec![(0, Parity::Even, Vec::new()); count];
    for i in 0..height {
        let start = i * W - 2;
        let p = (i as u32 + 1) * 3 + 2;
        let start_player = (i % 2) as u32;
        let o = 1 - start_player;
        let (last, next_last, first) = (i == height - 1, i == height - 2, i == 0);
        let mut put = |j: i64, priority: u32, player: u32, succ: Vec<i64>| {
            let at = (start + j) as usize;
            vertices[at] = (
                priority,
                Parity::from_index(((start_player + player) % 2) as usize),
                succ.into_iter().map(|s| (s + start) as u32).collect(),
            );
        };
        if !first {
            put(0, o, 1, vec![3 - W, 1]);
            put(1, o, 0, if last { vec![0] } else { vec![0, 2] });
        }
        if !last {
            put(2, p, 1, vec![W + 1, 3]);
            let mut succ = Vec::new();
            if !first {
                succ.push(3 - W);
            }
            if !next_last {
                succ.push(W + 3);
            }
            succ.push(4);
            put(3, p - 1, 0, succ);
            put(4, p - 2, 1, vec![3, W + 1]);
        }
    }
    ParityGame::from_lists(&vertices)
}

/// A vertex of Jurdziński's game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Cell {
    Left(u64, u64),
    Right(u64, u64),
    Above(u64, u64),
}

/// Jurdziński's game of height `h` and width `w` (PGSolver's
/// `jurdzinskigame h w`, max-parity), the vertices reachable from `L(0,0)`,
/// numbered in breadth-first order.
///
/// # Errors
/// [`Error::NotWhole`] for `height` or `width` outside 0 to
/// [`MAX_JURDZINSKI`], or a product beyond [`MAX_JURDZINSKI_CELLS`].
pub fn jurdzinski(height: u64, width: u64) -> Result<ParityGame, Error> {
    let h = whole("height", height, 0, MAX_JURDZINSKI)?;
    let w = whole("width", width, 0, MAX_JURDZINSKI)?;
    whole("width", w, 0, MAX_JURDZINSKI_CELLS / h.max(1))?;
    let successors = |c: Cell| -> Vec<Cell> {
        use Cell::{Above, Left, Right};
        match c {
            Left(0, 0) => vec![Right(0, 0)],
            Left(0, x) if x < w => vec![Right(0, x - 1), Right(0, x)],
            Left(0, x) => vec![Right(0, x - 1)],
            Right(0, x) => {
                let mut s = vec![Left(0, x), Left(0, x + 1)];
                s.extend((1..h).map(|v| Right(v, x)));
                s
            }
            Left(y, 0) => vec![Above(y, 0), Right(y, 0)],
            Left(y, x) if x < w => vec![Right(y, x - 1), Above(y, x), Right(y, x)],
            Left(y, x) => vec![Right(y, x - 1)],
            Above(y, x) => vec![Right(y, x)],
            Right(y, x) => vec![Left(y, x), Left(y, x + 1), Right(0, x)],
        }
    };
    let label = |c: Cell| -> (u32, Parity) {
        match c {
            Cell::Left(0, _) => (0, Parity::Even),
            Cell::Right(0, _) => (1, Parity::Odd),
            Cell::Left(y, _) => (2 * y as u32, Parity::Odd),
            Cell::Right(y, _) => (2 * y as u32, Parity::Even),
            Cell::Above(y, _) => (2 * y as u32 + 1, Parity::Even),
        }
    };
    let mut index: HashMap<Cell, u32> = HashMap::new();
    let mut cells = vec![Cell::Left(0, 0)];
    index.insert(Cell::Left(0, 0), 0);
    let mut vertices = Vec::new();
    let mut at = 0;
    while at < cells.len() {
        let c = cells[at];
        at += 1;
        let succ: Vec<u32> = successors(c)
            .into_iter()
            .map(|s| {
                *index.entry(s).or_insert_with(|| {
                    cells.push(s);
                    (cells.len() - 1) as u32
                })
            })
            .collect();
        let (p, o) = label(c);
        vertices.push((p, o, succ));
    }
    ParityGame::from_lists(&vertices)
}
