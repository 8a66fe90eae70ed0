//! The games Oink's tools build to defeat particular solvers, transcribed from
//! Tom van Dijk's Oink (`src/tools/counter_*.cpp`, `tc.cpp`, Apache-2.0): for
//! each `n`, the same vertices, priorities, owners, edges (in the same order)
//! and names as the tool writes.
//!
//! | family | vertices | built against |
//! |---|---|---|
//! | [`counter_rr`] | 4n | recursive algorithms (Zielonka) |
//! | [`counter_dp`] | 4n + 4 | priority promotion (delayed promotion) |
//! | [`counter_m`] | 3n + 3 | Zielonka with its optimisations |
//! | [`counter_qpt`] | 2n | the quasi-polynomial algorithms |
//! | [`counter_core`] | 6n + 3 | priority promotion with its core |
//! | [`two_counters`] | 3n² + 5n | tangle learning, Zielonka and priority promotion alike |
//!
//! Two Counters is written, as by `tc`, with its vertices sorted by priority
//! and its priorities renumbered; where `tc` sorts with `std::sort`, which
//! leaves the order of vertices of equal priority to the library, this sort is
//! stable: the game is the same, each vertex keeps its name, and vertices of
//! one priority may be numbered in another order.

use super::game::{Parity, ParityGame};
use crate::toolkit::sort;
use crate::toolkit::{Error, Quoted};

/// Largest `n` of the counter families (4 million vertices for `counter_rr`).
pub const MAX_COUNTER: u64 = 1_000_000;
/// Largest `n` of Two Counters (3 million vertices).
pub const MAX_TWO_COUNTERS: u64 = 1_000;

/// A vertex under construction: priority, owner, successors, name.
type Vertex = (u32, Parity, Vec<u32>, Option<Box<str>>);

fn size(n: u64, max: u64) -> Result<usize, Error> {
    if (1..=max).contains(&n) {
        Ok(n as usize)
    } else {
        Err(Error::NotWhole {
            key: "size",
            value: Quoted::new(&n.to_string()),
            min: 1,
            max,
        })
    }
}

fn owner(bit: usize) -> Parity {
    Parity::from_index(bit & 1)
}

fn build(vertices: Vec<Vertex>) -> Result<ParityGame, Error> {
    let named = vertices.iter().any(|v| v.3.is_some());
    let mut names = Vec::with_capacity(vertices.len());
    let mut lists = Vec::with_capacity(vertices.len());
    for (p, o, succ, name) in vertices {
        lists.push((p, o, succ));
        names.push(name);
    }
    Ok(ParityGame::from_lists(&lists)?.with_labels(None, named.then_some(names)))
}

fn blank(count: usize) -> Vec<Vertex> {
    vec![(0, Parity::Even, Vec::new(), None); count]
}

/// Oink's `counter_rr N`: n groups of four vertices in a ring.
///
/// # Errors
/// [`Error::NotWhole`] for `n` outside 1 to [`MAX_COUNTER`].
///
/// ```
/// use ludolab::parity::hard::counter_rr;
/// assert_eq!(counter_rr(1000).unwrap().len(), 4000);
/// ```
pub fn counter_rr(n: u64) -> Result<ParityGame, Error> {
    let n = size(n, MAX_COUNTER)?;
    let mut v = blank(4 * n);
    for i in 0..n {
        let (low, high, o) = ((n - 1 - i) as u32, (n + 1 + i) as u32, owner(n + i));
        let c = (4 * i) as u32;
        let (next0, next1) = if i == n - 1 { (0, 1) } else { (c + 4, c + 5) };
        v[4 * i] = (low, o, vec![c + 1, c + 2], None);
        v[4 * i + 1] = (low, o, vec![c, c + 3], None);
        v[4 * i + 2] = (high, o, vec![c + 3, next0], None);
        v[4 * i + 3] = (high, o, vec![c + 2, next1], None);
    }
    build(v)
}

/// Oink's `counter_dp N`: n + 1 pieces of four vertices in a chain.
///
/// # Errors
/// [`Error::NotWhole`] for `n` outside 1 to [`MAX_COUNTER`].
///
/// ```
/// use ludolab::parity::hard::counter_dp;
/// assert_eq!(counter_dp(1000).unwrap().len(), 4004);
/// ```
pub fn counter_dp(n: u64) -> Result<ParityGame, Error> {
    let n = size(n, MAX_COUNTER)?;
    let mut v = blank(4 * n + 4);
    for i in 0..=n {
        let c = (4 * i) as u32;
        let p = i as u32;
        v[4 * i] = (p, owner(1 + i), vec![c + 1], None);
        v[4 * i + 1] = (p, owner(1 + i), vec![c, c + 2], None);
        v[4 * i + 2] = (p, owner(i), vec![c + 1], None);
        v[4 * i + 3] = (p + 3, owner(i), vec![c + 2], None);
    }
    for i in 0..n {
        let c = (4 * i) as u32;
        v[4 * i + 6].2.push(c + 3);
        v[4 * i + 1].2.push(c + 7);
    }
    build(v)
}

/// Oink's `counter_m N`: n + 1 pieces of three vertices.
///
/// # Errors
/// [`Error::NotWhole`] for `n` outside 1 to [`MAX_COUNTER`].
///
/// ```
/// use ludolab::parity::hard::counter_m;
/// assert_eq!(counter_m(1000).unwrap().len(), 3003);
/// ```
pub fn counter_m(n: u64) -> Result<ParityGame, Error> {
    let n = size(n, MAX_COUNTER)?;
    let mut v = blank(3 * n + 3);
    for i in 0..=n {
        let c = (3 * i) as u32;
        let low = (1 - (i & 1)) as u32;
        v[3 * i] = (i as u32 + 2, owner(i), vec![c + 1], None);
        v[3 * i + 1] = (low, owner(i), vec![c + 2], None);
        v[3 * i + 2] = (low, owner(1 + i), vec![c + 1], None);
    }
    for i in 0..n {
        let c = (3 * i) as u32;
        v[3 * i].2.push(c + 3);
        v[3 * i + 1].2.push(c + 3);
        v[3 * i + 5].2.push(c + 2);
    }
    build(v)
}

/// Oink's `counter_qpt N`: a chain of 2n vertices of Even, priorities 1 to
/// 2n, each even one with a move back to the first; named 1 to 2n.
///
/// # Errors
/// [`Error::NotWhole`] for `n` outside 1 to [`MAX_COUNTER`].
///
/// ```
/// use ludolab::parity::hard::counter_qpt;
/// assert_eq!(counter_qpt(1000).unwrap().len(), 2000);
/// ```
pub fn counter_qpt(n: u64) -> Result<ParityGame, Error> {
    let n = size(n, MAX_COUNTER)?;
    let last = 2 * n as u32;
    let v = (1..=last)
        .map(|i| {
            let mut succ = Vec::new();
            if i % 2 == 0 {
                succ.push(0);
            }
            if i < last {
                succ.push(i);
            }
            (i, Parity::Even, succ, Some(i.to_string().into_boxed_str()))
        })
        .collect();
    build(v)
}

/// Oink's `counter_core N`: 2n + 1 pieces of three vertices with self-loops.
///
/// # Errors
/// [`Error::NotWhole`] for `n` outside 1 to [`MAX_COUNTER`].
///
/// ```
/// use ludolab::parity::hard::counter_core;
/// assert_eq!(counter_core(1000).unwrap().len(), 6003);
/// ```
pub fn counter_core(n: u64) -> Result<ParityGame, Error> {
    let n = 2 * size(n, MAX_COUNTER)?;
    let mut v = blank(3 * n + 3);
    for i in 0..=n {
        let c = (3 * i) as u32;
        v[3 * i] = ((n + 1 + i) as u32, owner(i), vec![c + 1], None);
        v[3 * i + 1] = (i as u32, owner(i), vec![c + 2], None);
        v[3 * i + 2] = (i as u32, owner(1 + i), vec![c + 1, c + 2], None);
    }
    for i in 0..n {
        let c = (3 * i) as u32;
        v[3 * i + 2].2.push(c + 3);
        v[3 * i + 4].2.push(c);
    }
    build(v)
}

/// Oink's `tc N`, "Two Counters": two binary counters of n bits, one for each
/// player, each bit a small tangle with a deceleration lane to the lower bits;
/// hard for tangle learning, Zielonka's algorithm and priority promotion alike.
/// Written sorted by priority, the priorities renumbered (see the module).
///
/// # Errors
/// [`Error::NotWhole`] for `n` outside 1 to [`MAX_TWO_COUNTERS`].
///
/// ```
/// use ludolab::parity::hard::two_counters;
/// let g = two_counters(100).unwrap();
/// assert_eq!(g.len(), 30_500);
/// assert!((0..g.len()).all(|v| g.name(v).is_some()));
/// ```
pub fn two_counters(n: u64) -> Result<ParityGame, Error> {
    let n = size(n, MAX_TWO_COUNTERS)?;
    // Where each bit starts (its high vertex) and its input (the gate).
    let (mut high, mut input) = (
        [Vec::with_capacity(n), Vec::with_capacity(n)],
        [Vec::with_capacity(n), Vec::with_capacity(n)],
    );
    let mut count = 0usize;
    for i in 0..n {
        for side in 0..2 {
            high[side].push(count);
            input[side].push(count as u32 + 2);
            count += 4 + 3 * i;
        }
    }
    let mut v = blank(count);
    let mut top = ((n + 3) * n + 6 * n) as u32;
    for i in 0..n {
        for (side, high_priority, input_priority, low) in [
            (0, top - 2, top - 2 * n as u32 - 3, 2),
            (1, top - 1, top - 2 * n as u32 - 2, 1),
        ] {
            let c = high[side][i];
            let pl = (high_priority & 1) as usize;
            let name =
                |what: String| Some(format!("{}{i}-{what}", if pl == 1 { "Odd-" } else { "Even-" }).into_boxed_str());
            let own = &input[pl];
            let theirs = &input[1 - pl];
            let cu = c as u32;
            v[c] = (high_priority, owner(pl), vec![own[(i + n - 1) % n]], name("H".into()));
            v[c + 1] = (low, owner(1 + pl), vec![cu, cu + 3], name("T".into()));
            v[c + 2] = (input_priority, owner(1 + pl), vec![cu + 1], name("L".into()));
            // The connectors to the lower bits: a selector and two exits each.
            let (even_input, odd_input) = (&input[pl], &input[1 - pl]);
            for j in 0..i {
                let d = c + 3 + 3 * j;
                let du = d as u32;
                v[d] = (low - 1, owner(pl), vec![du + 1, du + 2], name(format!("S-{j}")));
                v[d + 1] = (
                    low - 1,
                    owner(1 + pl),
                    vec![du + 3, even_input[j]],
                    name(format!("A-{j}")),
                );
                v[d + 2] = (
                    low - 1,
                    owner(1 + pl),
                    vec![du + 3, odd_input[j]],
                    name(format!("B-{j}")),
                );
            }
            let x = c + 3 + 3 * i;
            let mut succ = vec![cu + 1];
            succ.extend(theirs[(i + 1 - pl)..n].iter().copied());
            v[x] = (low - 1, owner(pl), succ, name("Z".into()));
        }
        top -= 2;
    }
    // As `tc` writes it: sorted by priority, the priorities renumbered.
    let mut order: Vec<usize> = (0..count).collect();
    sort::sort_by_key(&mut order, |&k| v[k].0);
    let mut index = vec![0u32; count];
    for (at, &k) in order.iter().enumerate() {
        index[k] = at as u32;
    }
    let mut sorted: Vec<Vertex> = order
        .iter()
        .map(|&k| {
            let (p, o, succ, name) = &v[k];
            (*p, *o, succ.iter().map(|&t| index[t as usize]).collect(), name.clone())
        })
        .collect();
    renumber(&mut sorted);
    build(sorted)
}

/// Oink's `Game::renumber` on vertices sorted by priority: the priorities
/// become 0 or 1, then each new priority of the same parity two more, each
/// change of parity one more (gaps closed, order and parity kept).
fn renumber(vertices: &mut [Vertex]) {
    let mut current: Option<u32> = None;
    let mut last = None;
    for v in vertices.iter_mut() {
        let p = v.0;
        current = Some(match current {
            None => p & 1,
            Some(c) if p & 1 != c & 1 => c + 1,
            Some(c) if last != Some(p) => c + 2,
            Some(c) => c,
        });
        last = Some(p);
        v.0 = current.unwrap_or(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_limits() {
        assert_eq!(counter_rr(1).unwrap().len(), 4);
        assert_eq!(counter_dp(1).unwrap().len(), 8);
        assert_eq!(counter_m(1).unwrap().len(), 6);
        assert_eq!(counter_qpt(1).unwrap().len(), 2);
        assert_eq!(counter_core(1).unwrap().len(), 9);
        assert_eq!(two_counters(1).unwrap().len(), 8);
        for f in [counter_rr, counter_dp, counter_m, counter_qpt, counter_core] {
            assert!(f(0).is_err());
            assert!(f(MAX_COUNTER + 1).is_err());
        }
        assert!(two_counters(0).is_err());
        assert!(two_counters(MAX_TWO_COUNTERS + 1).is_err());
    }

    #[test]
    fn renumbering_keeps_order_and_parity_and_closes_gaps() {
        let mut v: Vec<Vertex> = [3, 3, 5, 8, 8, 10, 11]
            .iter()
            .map(|&p| (p, Parity::Even, vec![0], None))
            .collect();
        renumber(&mut v);
        let got: Vec<u32> = v.iter().map(|x| x.0).collect();
        assert_eq!(got, vec![1, 1, 3, 4, 4, 6, 7]);
    }
}
