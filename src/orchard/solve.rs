//! The win probability and the expected number of rolls of every position, by
//! dynamic programming over canonical positions, layer by layer.
//!
//! With `n` non-empty trees the die has `n + 2` faces, so for `c ≥ 1` crows
//! left (`P(∅, c) = 1`, `P(x, 0) = 0`)
//!
//! P(x, c) = [P(x, c − 1) + Σ_trees P(x − e_t, c) + B_K(x, c)] / (n + 2),
//!
//! where the basket value `B_K` is 1 when at most `K` fruits are left, and
//! otherwise follows the strategy through `B_0 = P`,
//! `B_k(u) = op_t B_{k−1}(u − e_t)`: `max`/`min` take from the fullest / emptiest
//! tree, `random` averages over the non-empty trees, `optimal` maximises. Picking
//! the K fruits one at a time reaches every multiset of K fruits, so `optimal`
//! is exact. The expected number of rolls `E` follows the same recursion with
//! `+ 1` (and the optimal basket's E is that of the pick that maximises P).
//!
//! A position with `T` fruits only needs positions with `T − 1` fruits (and
//! itself with one crow fewer), so the solver keeps two layers of fruit totals
//! in memory, each holding a vector over `c = 1..=C` per position.

use super::state::{groups, Space};
use super::Strategy;
use crate::toolkit::{Error, Progress};

/// Most fruits a basket may pick.
pub const MAX_BASKET: usize = 4;
/// Most crows the solver handles (games allow 20; the sweeps search further).
pub const MAX_SOLVER_CROWS: usize = 60;

/// What to solve: a space of positions, crows `1..=crows`, a basket rule.
#[derive(Clone, Debug)]
pub struct Request<'a> {
    /// The positions.
    pub space: &'a Space,
    /// Crow pieces.
    pub crows: usize,
    /// Fruits a basket picks.
    pub basket: usize,
    /// How the basket picks.
    pub strategy: Strategy,
    /// Canonical positions whose values are returned.
    pub probes: &'a [Vec<u8>],
    /// Also compute the expected number of rolls.
    pub rolls: bool,
    /// Keep every position's values (a [`Table`]), not just the probes'.
    pub keep: bool,
}

impl<'a> Request<'a> {
    /// A request for the win probabilities of `probes`, without the rolls or
    /// the whole table (set [`Request::rolls`] and [`Request::keep`] for those).
    pub fn new(space: &'a Space, crows: usize, basket: usize, strategy: Strategy, probes: &'a [Vec<u8>]) -> Self {
        Request {
            space,
            crows,
            basket,
            strategy,
            probes,
            rolls: false,
            keep: false,
        }
    }
}

/// The values of one position for `c = 1..=crows` (index `c − 1`).
#[derive(Clone, Debug, PartialEq)]
pub struct Values {
    /// `win[c − 1]`: the win probability with c crows left.
    pub win: Vec<f64>,
    /// Empty when the rolls were not asked for.
    pub rolls: Vec<f64>,
}

/// Every position's values, when [`Request::keep`] is set.
#[derive(Clone, Debug)]
pub struct Table {
    space: Space,
    crows: usize,
    /// For each rank, the index of the position within its layer.
    local: Vec<u32>,
    win: Vec<Vec<f64>>,
    rolls: Vec<Vec<f64>>,
}

impl Table {
    /// The positions the table holds.
    pub fn space(&self) -> &Space {
        &self.space
    }

    /// P(x, c) for a canonical position `x` (c = 0 is a loss, no fruit a win).
    pub fn win(&self, x: &[u8], crows: usize) -> f64 {
        self.at(&self.win, x, crows, 1.0)
    }

    /// P(x, c) for c = 1, 2, … up to the table's crows, finding `x` once.
    pub fn win_by_crows(&self, x: &[u8]) -> Vec<f64> {
        let total: usize = x.iter().map(|&v| usize::from(v)).sum();
        if total == 0 || self.win.is_empty() {
            return vec![if total == 0 { 1.0 } else { 0.0 }; self.crows];
        }
        let i = self.local[self.space.rank(x)] as usize;
        self.win[total][i * self.crows..(i + 1) * self.crows].to_vec()
    }

    /// The expected number of rolls from `x` with `crows` left.
    pub fn rolls(&self, x: &[u8], crows: usize) -> f64 {
        self.at(&self.rolls, x, crows, 0.0)
    }

    fn at(&self, layers: &[Vec<f64>], x: &[u8], crows: usize, done: f64) -> f64 {
        let total: usize = x.iter().map(|&v| usize::from(v)).sum();
        if total == 0 {
            return done;
        }
        if crows == 0 || layers.is_empty() {
            return 0.0;
        }
        let i = self.local[self.space.rank(x)] as usize;
        layers[total][i * self.crows + crows.min(self.crows) - 1]
    }
}

/// The solver's answer: the probes' values and, if kept, the whole table.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The values of the positions asked for, in their order.
    pub probes: Vec<Values>,
    /// Every position's values, when asked for.
    pub table: Option<Table>,
    /// Positions solved (the size of the space).
    pub positions: usize,
}

/// One layer of fruit totals: P and E and the partial baskets `B_1..B_{K−1}`,
/// stored crow-major (`[c][position]`): a solver pass over one crow count then
/// touches one slice of the previous layer, small enough to stay in cache.
struct Layer {
    win: Vec<f64>,
    rolls: Vec<f64>,
    basket: Vec<Vec<f64>>,
    basket_rolls: Vec<Vec<f64>>,
}

impl Layer {
    fn new(len: usize, crows: usize, basket: usize, rolls: bool) -> Layer {
        let size = len * crows;
        let r = if rolls { size } else { 0 };
        Layer {
            win: vec![0.0; size],
            rolls: vec![0.0; r],
            basket: (1..basket).map(|_| vec![0.0; size]).collect(),
            basket_rolls: (1..basket).map(|_| vec![0.0; r]).collect(),
        }
    }

    fn resize(&mut self, len: usize, crows: usize, rolls: bool) {
        let size = len * crows;
        let r = if rolls { size } else { 0 };
        self.win.resize(size, 0.0);
        self.rolls.resize(r, 0.0);
        self.basket.iter_mut().for_each(|v| v.resize(size, 0.0));
        self.basket_rolls.iter_mut().for_each(|v| v.resize(r, 0.0));
    }

    /// `B_k` (k = 0 is P itself) and its rolls.
    fn level(&self, k: usize) -> (&[f64], &[f64]) {
        if k == 0 {
            (&self.win, &self.rolls)
        } else {
            (&self.basket[k - 1], &self.basket_rolls[k - 1])
        }
    }
}

/// The moves of one layer's positions, computed once and reused for every crow
/// count: for position `i`, groups `start[i]..start[i + 1]` of equal trees, each
/// with its count and the index of the position after one pick from it.
struct Moves {
    start: Vec<u32>,
    count: Vec<u8>,
    next: Vec<u32>,
    /// Non-empty trees of each position.
    trees: Vec<u8>,
}

/// Checks the request's ranges.
fn check(r: &Request) -> Result<(), Error> {
    if !(1..=MAX_SOLVER_CROWS).contains(&r.crows) {
        return Err(Error::out_of_range(
            text!("crows", "corbeaux"),
            r.crows,
            1,
            MAX_SOLVER_CROWS,
        ));
    }
    if !(1..=MAX_BASKET).contains(&r.basket) {
        return Err(Error::out_of_range(
            text!("fruits a basket picks", "fruits cueillis par le panier"),
            r.basket,
            1,
            MAX_BASKET,
        ));
    }
    for p in r.probes {
        if p.len() != r.space.slots() || p.windows(2).any(|w| w[0] > w[1]) {
            return Err(Error::InvalidValue {
                key: "position",
                value: crate::toolkit::Quoted::new(&format!("{p:?}")),
                expected: text!(
                    "{} trees sorted ascending",
                    "{} arbres triés par ordre croissant",
                    r.space.slots()
                ),
            });
        }
        if p.iter().any(|&v| usize::from(v) > r.space.max_fruits()) {
            return Err(Error::out_of_range(
                text!("fruits on a tree", "fruits sur un arbre"),
                p.iter().max().unwrap_or(&0),
                0,
                r.space.max_fruits(),
            ));
        }
    }
    Ok(())
}

/// Solves every position of `request.space` for crows `1..=request.crows`.
///
/// # Errors
/// [`Error::OutOfRange`] for crows outside 1..=60 or a basket outside 1..=4;
/// [`Error::InvalidValue`] for a probe that is not a canonical position.
///
/// # Complexity
/// O(S · C · d · K) time for S = C(F + N, N) positions with d distinct tree
/// sizes, and O(W · C · K) memory for the widest layer W (plus 4 bytes per
/// position for the rank index; the whole table when `keep`).
///
/// ```
/// use ludolab::orchard::{solve, Request, Space, Strategy};
/// let space = Space::new(2, 2).unwrap();
/// let probes = [vec![2, 2]];
/// let request = Request::new(&space, 2, 2, Strategy::Max, &probes);
/// let p = solve(&request, &mut |_, _| {}).unwrap().probes[0].win[1];
/// assert!((p - 0.677372685185).abs() < 1e-12); // the seed's state 22|2
/// ```
pub fn solve(request: &Request, progress: Progress) -> Result<Solution, Error> {
    check(request)?;
    let space = request.space;
    let (n_slots, crows, basket) = (space.slots(), request.crows, request.basket);
    let want_rolls = request.rolls;
    let mut local = vec![0u32; space.size()];
    let totals = n_slots * space.max_fruits();
    let mut probes_by_total: Vec<Vec<usize>> = vec![Vec::new(); totals + 1];
    for (i, p) in request.probes.iter().enumerate() {
        probes_by_total[p.iter().map(|&v| usize::from(v)).sum::<usize>()].push(i);
    }
    let mut found = vec![
        Values {
            win: Vec::new(),
            rolls: Vec::new()
        };
        request.probes.len()
    ];
    let mut kept_win = Vec::new();
    let mut kept_rolls = Vec::new();

    // Layer 0: the empty orchard, won at once.
    let mut prev = Layer::new(1, crows, basket, want_rolls);
    prev.win.fill(1.0);
    for &i in &probes_by_total[0] {
        found[i] = Values {
            win: vec![1.0; crows],
            rolls: if want_rolls { vec![0.0; crows] } else { Vec::new() },
        };
    }
    if request.keep {
        kept_win.push(prev.win.clone());
        kept_rolls.push(prev.rolls.clone());
    }

    let mut cur = Layer::new(0, crows, basket, want_rolls);
    let mut done = 1usize;
    let mut g: Vec<(usize, u8, u8)> = Vec::with_capacity(n_slots);
    let mut ranks: Vec<u32> = Vec::new();
    let mut moves = Moves {
        start: Vec::new(),
        count: Vec::new(),
        next: Vec::new(),
        trees: Vec::new(),
    };
    for (total, probes_here) in probes_by_total.iter().enumerate().skip(1) {
        ranks.clear();
        moves.start.clear();
        moves.count.clear();
        moves.next.clear();
        moves.trees.clear();
        space.for_each_with_total(total, &mut |x| {
            let rank = space.rank(x);
            local[rank] = ranks.len() as u32;
            ranks.push(rank as u32);
            groups(x, &mut g);
            moves.start.push(moves.next.len() as u32);
            moves.trees.push(g.iter().map(|&(_, _, m)| m).sum());
            for &(j, _, m) in &g {
                moves.count.push(m);
                // The previous layer is complete, so its local indices are set.
                moves.next.push(local[space.rank_after_pick(rank, x, j)]);
            }
        });
        let len = ranks.len();
        moves.start.push(moves.next.len() as u32);
        // Reused buffers: every entry read later is written first.
        cur.resize(len, crows, want_rolls);
        let mut bask = vec![0.0; crows];
        let mut bask_rolls = vec![0.0; if want_rolls { crows } else { 0 }];
        let mut sum = vec![0.0; crows];
        let mut sum_rolls = vec![0.0; crows];
        for i in 0..len {
            let at = i * crows;
            let m = Group {
                a: moves.start[i] as usize,
                b: moves.start[i + 1] as usize,
                trees: moves.trees[i],
            };
            sum.fill(0.0);
            sum_rolls.fill(0.0);
            for t in m.a..m.b {
                let w = f64::from(moves.count[t]);
                let s = moves.next[t] as usize * crows;
                sum.iter_mut()
                    .zip(&prev.win[s..s + crows])
                    .for_each(|(a, b)| *a += w * b);
                if want_rolls {
                    sum_rolls
                        .iter_mut()
                        .zip(&prev.rolls[s..s + crows])
                        .for_each(|(a, b)| *a += w * b);
                }
            }
            for k in 1..=basket.min(total) {
                let (src, src_rolls) = prev.level(k - 1);
                let (dst, dst_rolls): (&mut [f64], &mut [f64]) = if k == basket {
                    (&mut bask[..], &mut bask_rolls[..])
                } else {
                    let r: &mut [f64] = if want_rolls {
                        &mut cur.basket_rolls[k - 1][at..at + crows]
                    } else {
                        &mut []
                    };
                    (&mut cur.basket[k - 1][at..at + crows], r)
                };
                combine(request.strategy, &moves, &m, crows, src, src_rolls, dst, dst_rolls);
            }
            if total <= basket {
                bask.fill(1.0);
                bask_rolls.fill(0.0);
            }
            // Multiplying by 1/(n+2) keeps the serial chain over c short.
            let inv = 1.0 / f64::from(m.trees + 2);
            let mut p = 0.0;
            for (c, out) in cur.win[at..at + crows].iter_mut().enumerate() {
                p = (p + sum[c] + bask[c]) * inv;
                *out = p;
            }
            if want_rolls {
                let mut e = 0.0;
                for (c, out) in cur.rolls[at..at + crows].iter_mut().enumerate() {
                    e = 1.0 + (e + sum_rolls[c] + bask_rolls[c]) * inv;
                    *out = e;
                }
            }
        }
        for &i in probes_here {
            let at = local[space.rank(&request.probes[i])] as usize * crows;
            found[i] = Values {
                win: cur.win[at..at + crows].to_vec(),
                rolls: if want_rolls {
                    cur.rolls[at..at + crows].to_vec()
                } else {
                    Vec::new()
                },
            };
        }
        if request.keep {
            kept_win.push(cur.win.clone());
            kept_rolls.push(cur.rolls.clone());
        }
        std::mem::swap(&mut prev, &mut cur);
        done += len;
        progress(done as f64 / space.size() as f64, &[]);
    }
    Ok(Solution {
        probes: found,
        positions: space.size(),
        table: request.keep.then(|| Table {
            space: space.clone(),
            crows,
            local,
            win: kept_win,
            rolls: if want_rolls { kept_rolls } else { Vec::new() },
        }),
    })
}

/// One position's groups of equal trees in [`Moves`].
struct Group {
    a: usize,
    b: usize,
    trees: u8,
}

/// One basket step for one position: `dst = op_t src[next]` over its groups of
/// equal trees, for every crow count at once.
#[allow(clippy::too_many_arguments)]
#[inline]
fn combine(
    strategy: Strategy,
    moves: &Moves,
    m: &Group,
    crows: usize,
    src: &[f64],
    src_rolls: &[f64],
    dst: &mut [f64],
    dst_rolls: &mut [f64],
) {
    let rolls = !dst_rolls.is_empty();
    let row = |t: usize| {
        let s = moves.next[t] as usize * crows;
        s..s + crows
    };
    match strategy {
        Strategy::Max | Strategy::Min => {
            let r = row(if strategy == Strategy::Max { m.b - 1 } else { m.a });
            dst.copy_from_slice(&src[r.clone()]);
            if rolls {
                dst_rolls.copy_from_slice(&src_rolls[r]);
            }
        }
        Strategy::Random => {
            dst.fill(0.0);
            if rolls {
                dst_rolls.fill(0.0);
            }
            let w = 1.0 / f64::from(m.trees);
            for t in m.a..m.b {
                let q = f64::from(moves.count[t]) * w;
                let r = row(t);
                dst.iter_mut().zip(&src[r.clone()]).for_each(|(a, b)| *a += q * b);
                if rolls {
                    dst_rolls.iter_mut().zip(&src_rolls[r]).for_each(|(a, b)| *a += q * b);
                }
            }
        }
        Strategy::Optimal => {
            // Fullest tree first, so that ties go to what `max` would pick.
            let r = row(m.b - 1);
            dst.copy_from_slice(&src[r.clone()]);
            if rolls {
                dst_rolls.copy_from_slice(&src_rolls[r]);
            }
            for t in (m.a..m.b - 1).rev() {
                let r = row(t);
                if rolls {
                    for (((d, dr), v), vr) in dst
                        .iter_mut()
                        .zip(dst_rolls.iter_mut())
                        .zip(&src[r.clone()])
                        .zip(&src_rolls[r])
                    {
                        let better = *v > *d;
                        *d = if better { *v } else { *d };
                        *dr = if better { *vr } else { *dr };
                    }
                } else {
                    dst.iter_mut().zip(&src[r]).for_each(|(d, v)| *d = d.max(*v));
                }
            }
        }
    }
}
