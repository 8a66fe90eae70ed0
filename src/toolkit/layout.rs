//! Layered drawings of directed graphs, for the page: game arenas, Markov
//! chains. Vertices get grid positions, long edges bend points.
//!
//! The Sugiyama method, as Graphviz's `dot` does it:
//!
//! 1. **Cycles broken**: a depth-first search from the start (then from any
//!    vertex left) reverses the edges that close a cycle, for the layering only.
//! 2. **Layers**: each vertex one layer below its lowest predecessor (longest
//!    path), so every edge goes down at least one layer; play reads top to bottom.
//! 3. **Long edges** get a bend point on every layer they cross.
//! 4. **Crossings** are reduced by barycentre sweeps, down and up, keeping the
//!    order with the fewest crossings.
//! 5. **Coordinates**: vertices and bend points of a layer one unit apart,
//!    shifted towards their neighbours' barycentre; the gap between two layers
//!    grows with the widest edge between them, so that no edge passes within
//!    [`VERTEX_RADIUS`] of a vertex it does not join.
//!
//! Every segment of an edge then joins two consecutive layers, which hold
//! nothing but vertices and bend points: an edge never passes through a vertex.

use crate::toolkit::sort;
use serde::{Deserialize, Serialize};

/// The radius of a drawn vertex, in grid units; the page draws vertices at most this big.
pub const VERTEX_RADIUS: f64 = 0.3;

/// Crossing-reduction sweeps (each one down and one up).
const SWEEPS: usize = 12;

/// Where to draw a graph.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Layout {
    /// Column of each vertex (grid units, from 0).
    pub x: Vec<f64>,
    /// Row of each vertex (grid units, from 0, downwards).
    pub y: Vec<f64>,
    /// Width of the drawing: the largest x + 1.
    pub columns: f64,
    /// Height of the drawing: the largest y + 1.
    pub rows: f64,
    /// For each edge, in the order given: its bend points `[x, y]`, from the
    /// source to the target (empty for a straight edge).
    pub bends: Vec<Vec<[f64; 2]>>,
    /// Edges drawn reversed in the layering (they close a cycle): they go up.
    pub upward: usize,
}

/// The gap between two rows one unit apart so that a segment spanning `dx`
/// columns passes at more than [`VERTEX_RADIUS`] from the other vertices of
/// both rows: the distance from a vertex one unit beside an end is
/// `gap / √(dx² + gap²)`.
pub fn row_gap(dx: f64) -> f64 {
    let r = VERTEX_RADIUS * 1.15;
    (r * dx / (1.0 - r * r).sqrt()).max(1.0)
}

/// A layered drawing of the directed graph on `n` vertices with `edges`,
/// play (or reading) starting at `start` (the Sugiyama method; see the module's
/// documentation). Bends are given per edge, in the order of `edges`.
///
/// ```
/// use ludolab::toolkit::layout::{layered, VERTEX_RADIUS};
/// // A triangle with a long edge: 0 → 1 → 2 and 0 → 2 bends around vertex 1.
/// let l = layered(3, 0, &[(0, 1), (1, 2), (0, 2)]);
/// assert_eq!((l.y[0] < l.y[1], l.y[1] < l.y[2]), (true, true));
/// assert_eq!(l.bends[2].len(), 1);
/// assert!((l.bends[2][0][0] - l.x[1]).abs() >= 1.0 - 1e-9 && VERTEX_RADIUS < 0.5);
/// ```
///
/// # Complexity
/// O(S · (V + E')) for E' edge segments after the bends and S sweeps; crossing
/// counts O(E'²) per layer pair at worst, fine for the 2,000 vertices drawn.
pub fn layered(n: usize, start: usize, edges: &[(usize, usize)]) -> Layout {
    try_layered(n, start, edges, usize::MAX).unwrap_or_default()
}

/// [`layered`], or `None` when the long edges would need more than `most_bends`
/// bend points (a graph too tangled to draw readably, and slow to lay out).
pub fn try_layered(n: usize, start: usize, edges: &[(usize, usize)], most_bends: usize) -> Option<Layout> {
    if n == 0 {
        return Some(Layout::default());
    }
    let start = start.min(n - 1);
    let reversed = feedback_edges(n, start, edges);
    let dag: Vec<(usize, usize)> = edges
        .iter()
        .zip(&reversed)
        .filter(|((a, b), _)| a != b)
        .map(|(&(a, b), &r)| if r { (b, a) } else { (a, b) })
        .collect();
    let layer = longest_path_layers(n, start, &dag);
    let depth = layer.iter().copied().max().unwrap_or(0) + 1;
    let needed: usize = dag
        .iter()
        .map(|&(a, b)| layer[a].abs_diff(layer[b]).saturating_sub(1))
        .sum();
    if needed > most_bends {
        return None;
    }

    // Nodes: the vertices, then one bend point per crossed layer of each long edge.
    let mut node_layer = layer.clone();
    let mut segments: Vec<(usize, usize)> = Vec::new();
    // chain[e]: the nodes of edge e from its upper end to its lower end.
    let mut chains: Vec<Vec<usize>> = Vec::with_capacity(edges.len());
    for (&(a, b), &r) in edges.iter().zip(&reversed) {
        if a == b {
            chains.push(vec![a]);
            continue;
        }
        let (top, bottom) = if r { (b, a) } else { (a, b) };
        let mut chain = vec![top];
        for l in layer[top] + 1..layer[bottom] {
            node_layer.push(l);
            chain.push(node_layer.len() - 1);
        }
        chain.push(bottom);
        for w in chain.windows(2) {
            segments.push((w[0], w[1]));
        }
        chains.push(chain);
    }
    let nodes = node_layer.len();
    let mut up: Vec<Vec<usize>> = vec![Vec::new(); nodes];
    let mut down: Vec<Vec<usize>> = vec![Vec::new(); nodes];
    for &(a, b) in &segments {
        down[a].push(b);
        up[b].push(a);
    }

    // Initial order: breadth-first from the start, so play reads left to right.
    let mut order: Vec<Vec<usize>> = vec![Vec::new(); depth];
    let mut seen = vec![false; nodes];
    let mut queue = std::collections::VecDeque::new();
    let mut roots: Vec<usize> = vec![start];
    roots.extend((0..n).filter(|&v| v != start));
    for root in roots {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        queue.push_back(root);
        while let Some(v) = queue.pop_front() {
            order[node_layer[v]].push(v);
            for &w in down[v].iter().chain(&up[v]) {
                if !seen[w] {
                    seen[w] = true;
                    queue.push_back(w);
                }
            }
        }
    }
    let mut pos = vec![0usize; nodes];
    let place = |order: &[Vec<usize>], pos: &mut [usize]| {
        for row in order {
            for (i, &v) in row.iter().enumerate() {
                pos[v] = i;
            }
        }
    };
    place(&order, &mut pos);
    let mut best = order.clone();
    let mut best_crossings = crossings(&order, &pos, &down);
    for sweep in 0..2 * SWEEPS {
        let downward = sweep % 2 == 0;
        let layers: Vec<usize> = if downward {
            (1..depth).collect()
        } else {
            (0..depth.saturating_sub(1)).rev().collect()
        };
        for l in layers {
            let neighbours = if downward { &up } else { &down };
            let mut keyed: Vec<(f64, usize, usize)> = order[l]
                .iter()
                .enumerate()
                .map(|(i, &v)| {
                    let adj = &neighbours[v];
                    let key = if adj.is_empty() {
                        i as f64
                    } else {
                        adj.iter().map(|&w| pos[w] as f64).sum::<f64>() / adj.len() as f64
                    };
                    (key, i, v)
                })
                .collect();
            sort::sort_by(&mut keyed, |a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            order[l] = keyed.into_iter().map(|(_, _, v)| v).collect();
            for (i, &v) in order[l].iter().enumerate() {
                pos[v] = i;
            }
        }
        let c = crossings(&order, &pos, &down);
        if c < best_crossings {
            best_crossings = c;
            best = order.clone();
        }
    }
    let order = best;
    place(&order, &mut pos);

    // x: one unit apart in order, then a few passes pulling nodes towards the
    // mean of their neighbours while keeping the order and the unit spacing.
    let mut x: Vec<f64> = (0..nodes).map(|v| pos[v] as f64).collect();
    for pass in 0..8 {
        let downward = pass % 2 == 0;
        let layers: Vec<usize> = if downward {
            (0..depth).collect()
        } else {
            (0..depth).rev().collect()
        };
        for l in layers {
            let row = &order[l];
            let wanted: Vec<f64> = row
                .iter()
                .map(|&v| {
                    let adj: Vec<usize> = up[v].iter().chain(&down[v]).copied().collect();
                    if adj.is_empty() {
                        x[v]
                    } else {
                        adj.iter().map(|&w| x[w]).sum::<f64>() / adj.len() as f64
                    }
                })
                .collect();
            // Left to right: at least one unit after the previous node; then the
            // whole layer shifted back by its mean push, which keeps the spacing.
            let mut placed: Vec<f64> = Vec::with_capacity(row.len());
            for &w in &wanted {
                let min = placed.last().map_or(f64::NEG_INFINITY, |p| p + 1.0);
                placed.push(w.max(min));
            }
            let shift = placed.iter().zip(&wanted).map(|(p, w)| p - w).sum::<f64>() / row.len().max(1) as f64;
            for p in &mut placed {
                *p -= shift;
            }
            for (&v, &p) in row.iter().zip(&placed) {
                x[v] = p;
            }
        }
    }
    let min_x = x.iter().copied().fold(f64::INFINITY, f64::min);
    for v in &mut x {
        *v = (*v - min_x).round();
    }
    // Rounding may merge two neighbours: keep them one unit apart.
    for row in &order {
        for i in 1..row.len() {
            if x[row[i]] < x[row[i - 1]] + 1.0 {
                x[row[i]] = x[row[i - 1]] + 1.0;
            }
        }
    }

    // y: each gap as tall as its widest segment needs.
    let mut widest = vec![0.0f64; depth];
    for &(a, b) in &segments {
        let l = node_layer[a].min(node_layer[b]);
        widest[l] = widest[l].max((x[a] - x[b]).abs());
    }
    let mut row_y = vec![0.0f64; depth];
    for l in 1..depth {
        row_y[l] = row_y[l - 1] + row_gap(widest[l - 1]);
    }
    let y: Vec<f64> = node_layer.iter().map(|&l| row_y[l]).collect();

    let bends = chains
        .iter()
        .zip(edges)
        .map(|(chain, &(a, _))| {
            if chain.len() <= 2 {
                return Vec::new();
            }
            let inner = chain[1..chain.len() - 1].iter().map(|&d| [x[d], y[d]]);
            // The chain runs top to bottom: reverse it for an edge drawn upwards.
            if chain[0] == a {
                inner.collect()
            } else {
                inner.rev().collect()
            }
        })
        .collect();
    Some(Layout {
        columns: x.iter().copied().fold(0.0, f64::max) + 1.0,
        rows: row_y[depth - 1] + 1.0,
        x: x[..n].to_vec(),
        y: y[..n].to_vec(),
        bends,
        upward: reversed.iter().filter(|&&r| r).count(),
    })
}

/// Marks the edges that close a cycle in a depth-first search from `start`
/// (then from every vertex not yet reached): reversing them leaves a DAG.
fn feedback_edges(n: usize, start: usize, edges: &[(usize, usize)]) -> Vec<bool> {
    let mut out: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for (e, &(a, b)) in edges.iter().enumerate() {
        out[a].push((b, e));
    }
    // 0 unvisited, 1 on the stack, 2 done.
    let mut state = vec![0u8; n];
    let mut reversed = vec![false; edges.len()];
    let roots = std::iter::once(start).chain(0..n);
    for root in roots {
        if state[root] != 0 {
            continue;
        }
        // An explicit stack: arenas may be deep.
        let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
        state[root] = 1;
        while let Some(&mut (v, ref mut next)) = stack.last_mut() {
            if let Some(&(w, e)) = out[v].get(*next) {
                *next += 1;
                match state[w] {
                    0 => {
                        state[w] = 1;
                        stack.push((w, 0));
                    }
                    1 => reversed[e] = true,
                    _ => {}
                }
            } else {
                state[v] = 2;
                stack.pop();
            }
        }
    }
    reversed
}

/// Longest-path layers of a DAG: sources (and the start) on layer 0, every
/// other vertex one below its lowest predecessor.
fn longest_path_layers(n: usize, start: usize, dag: &[(usize, usize)]) -> Vec<usize> {
    let mut indegree = vec![0usize; n];
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(a, b) in dag {
        out[a].push(b);
        indegree[b] += 1;
    }
    let mut layer = vec![0usize; n];
    let mut ready: Vec<usize> = (0..n).filter(|&v| indegree[v] == 0).collect();
    // The start first, so that it sits on top when it is a source.
    sort::sort_by_key(&mut ready, |&v| usize::from(v != start));
    while let Some(v) = ready.pop() {
        for &w in &out[v] {
            layer[w] = layer[w].max(layer[v] + 1);
            indegree[w] -= 1;
            if indegree[w] == 0 {
                ready.push(w);
            }
        }
    }
    layer
}

/// Crossings between consecutive layers for an order (`pos` the index in its layer).
fn crossings(order: &[Vec<usize>], pos: &[usize], down: &[Vec<usize>]) -> usize {
    let mut total = 0;
    for row in order {
        let mut segs: Vec<(usize, usize)> = row
            .iter()
            .flat_map(|&v| down[v].iter().map(move |&w| (pos[v], pos[w])))
            .collect();
        // Sorted by upper end, then lower end: two segments cross when a later
        // one ends lower-left of an earlier one. Counted with a Fenwick tree of
        // the lower ends seen so far: O(E log E) per layer.
        sort::sort(&mut segs);
        let width = segs.iter().map(|&(_, b)| b + 1).max().unwrap_or(0);
        let mut tree = vec![0usize; width + 1];
        let mut i = 0;
        while i < segs.len() {
            // Segments sharing their upper end never cross each other: count the
            // whole group before adding it.
            let mut j = i;
            while j < segs.len() && segs[j].0 == segs[i].0 {
                let mut seen_above = 0;
                let mut k = width;
                while k > 0 {
                    seen_above += tree[k];
                    k &= k - 1;
                }
                let mut k = segs[j].1 + 1;
                let mut upto = 0;
                while k > 0 {
                    upto += tree[k];
                    k &= k - 1;
                }
                total += seen_above - upto;
                j += 1;
            }
            for &(_, b) in &segs[i..j] {
                let mut k = b + 1;
                while k <= width {
                    tree[k] += 1;
                    k += k & k.wrapping_neg();
                }
            }
            i = j;
        }
    }
    total
}

/// Distance from point p to segment ab.
pub fn distance(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 {
        0.0
    } else {
        (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2).clamp(0.0, 1.0)
    };
    ((p[0] - a[0] - t * dx).powi(2) + (p[1] - a[1] - t * dy).powi(2)).sqrt()
}

/// The first edge `(from, to)` (by index) whose drawing passes within
/// [`VERTEX_RADIUS`] of a vertex it does not join, and that vertex; or two
/// vertices drawn on top of each other (`to` = `from` = the first).
pub fn first_clash(layout: &Layout, edges: &[(usize, usize)]) -> Option<(usize, usize)> {
    let n = layout.x.len();
    let at = |v: usize| [layout.x[v], layout.y[v]];
    for (e, &(a, b)) in edges.iter().enumerate() {
        let mut points = vec![at(a)];
        points.extend(layout.bends.get(e).into_iter().flatten().copied());
        points.push(at(b));
        for w in points.windows(2) {
            if let Some(v) = (0..n).find(|&v| v != a && v != b && distance(at(v), w[0], w[1]) <= VERTEX_RADIUS) {
                return Some((e, v));
            }
        }
    }
    for a in 0..n {
        for b in a + 1..n {
            if (layout.x[a] - layout.x[b]).abs() < 1.0 - 1e-9 && (layout.y[a] - layout.y[b]).abs() < 1.0 - 1e-9 {
                return Some((a, a));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(96))]
        #[test]
        fn random_graphs_are_drawn_clear(n in 1usize..25, raw in proptest::collection::vec((0usize..25, 0usize..25), 0..60)) {
            let mut edges: Vec<(usize, usize)> = raw.iter().map(|&(a, b)| (a % n, b % n)).collect();
            edges.dedup();
            let l = layered(n, 0, &edges);
            proptest::prop_assert_eq!(first_clash(&l, &edges), None);
        }
    }

    /// The fast crossing count is the pairwise one.
    #[test]
    fn crossings_are_counted_as_pairs_are() {
        let mut rng = 1u64;
        for _ in 0..200 {
            let mut next = |m: usize| {
                rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                (rng >> 33) as usize % m
            };
            let (top, bottom) = (1 + next(6), 1 + next(6));
            let order = vec![(0..top).collect::<Vec<_>>(), (top..top + bottom).collect()];
            let mut down = vec![Vec::new(); top + bottom];
            let mut pos = vec![0; top + bottom];
            for (i, p) in pos.iter_mut().enumerate() {
                *p = if i < top { i } else { i - top };
            }
            for _ in 0..next(12) {
                let (a, b) = (next(top), top + next(bottom));
                down[a].push(b);
            }
            let mut pairs = 0;
            let segs: Vec<(usize, usize)> = (0..top)
                .flat_map(|a| down[a].iter().map(move |&b| (a, b - top)))
                .collect();
            for (i, s) in segs.iter().enumerate() {
                for t in &segs[i + 1..] {
                    if (s.0 < t.0 && s.1 > t.1) || (t.0 < s.0 && t.1 > s.1) {
                        pairs += 1;
                    }
                }
            }
            assert_eq!(crossings(&order, &pos, &down), pairs);
        }
    }

    #[test]
    fn empty_and_single_vertex_graphs() {
        assert_eq!(layered(0, 0, &[]), Layout::default());
        let one = layered(1, 0, &[(0, 0)]);
        assert_eq!((one.x.len(), one.bends.len()), (1, 1));
    }
}
