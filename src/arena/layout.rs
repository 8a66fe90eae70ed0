//! Where the page draws each vertex of a small arena, in grid units.
//!
//! The stick game is drawn as the seed draws it: a column per number of sticks
//! (most on the left), a row per player to move. Every other arena gets a
//! layered drawing by the Sugiyama method, as Graphviz's `dot` does:
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

use super::attractor::Solution;
use super::graph::Arena;
use serde::Serialize;

/// The radius of a drawn vertex, in grid units; the page draws vertices at most this big.
pub const VERTEX_RADIUS: f64 = 0.3;

/// Crossing-reduction sweeps (each one down and one up).
const SWEEPS: usize = 12;

/// Where to draw a small arena.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Layout {
    /// Column of each vertex (grid units, from 0).
    pub x: Vec<f64>,
    /// Row of each vertex (grid units, from 0, downwards).
    pub y: Vec<f64>,
    /// Width of the drawing: the largest x + 1.
    pub columns: f64,
    /// Height of the drawing: the largest y + 1.
    pub rows: f64,
    /// For each edge, in successor-list order: its bend points `[x, y]`, from the
    /// source to the target (empty for a straight edge).
    pub bends: Vec<Vec<[f64; 2]>>,
    /// Edges drawn reversed in the layering (they close a cycle): they go up.
    pub upward: usize,
}

/// Columns by number of sticks (most on the left), a row per player to move.
/// The two rows are far enough apart that no move passes through a vertex.
pub fn sticks_layout(arena: &Arena) -> Layout {
    let n = arena.len();
    let most = (n / 2).saturating_sub(1);
    let widest = (0..n)
        .flat_map(|v| {
            arena
                .successors(v)
                .iter()
                .map(move |&t| (v / 2).abs_diff(t as usize / 2))
        })
        .max()
        .unwrap_or(1);
    let gap = row_gap(widest as f64);
    Layout {
        x: (0..n).map(|v| (most - v / 2) as f64).collect(),
        y: (0..n).map(|v| (v % 2) as f64 * gap).collect(),
        columns: (most + 1) as f64,
        rows: gap + 1.0,
        bends: vec![Vec::new(); arena.edge_count()],
        upward: 0,
    }
}

/// The gap between two rows one unit apart so that a segment spanning `dx`
/// columns passes at more than [`VERTEX_RADIUS`] from the other vertices of
/// both rows: the distance from a vertex one unit beside an end is
/// `gap / √(dx² + gap²)`.
fn row_gap(dx: f64) -> f64 {
    let r = VERTEX_RADIUS * 1.15;
    (r * dx / (1.0 - r * r).sqrt()).max(1.0)
}

/// A layered drawing of `arena` (the Sugiyama method; see the module's documentation).
///
/// # Complexity
/// O(S · (V + E')) for E' edge segments after the bends and S sweeps; crossing
/// counts O(E'²) per layer pair at worst, fine for the 2,000 vertices drawn.
pub fn layered(arena: &Arena, _solution: &Solution) -> Layout {
    let n = arena.len();
    if n == 0 {
        return Layout::default();
    }
    let edges: Vec<(usize, usize)> = (0..n)
        .flat_map(|v| arena.successors(v).iter().map(move |&t| (v, t as usize)))
        .collect();
    let reversed = feedback_edges(n, arena.start, &edges);
    let dag: Vec<(usize, usize)> = edges
        .iter()
        .zip(&reversed)
        .filter(|((a, b), _)| a != b)
        .map(|(&(a, b), &r)| if r { (b, a) } else { (a, b) })
        .collect();
    let layer = longest_path_layers(n, arena.start, &dag);
    let depth = layer.iter().copied().max().unwrap_or(0) + 1;

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
    let mut roots: Vec<usize> = vec![arena.start];
    roots.extend((0..n).filter(|&v| v != arena.start));
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
            keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
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
        .zip(&edges)
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
    Layout {
        columns: x.iter().copied().fold(0.0, f64::max) + 1.0,
        rows: row_y[depth - 1] + 1.0,
        x: x[..n].to_vec(),
        y: y[..n].to_vec(),
        bends,
        upward: reversed.iter().filter(|&&r| r).count(),
    }
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
    ready.sort_by_key(|&v| usize::from(v != start));
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
        segs.sort_unstable();
        for i in 0..segs.len() {
            for j in i + 1..segs.len() {
                if segs[i].0 < segs[j].0 && segs[i].1 > segs[j].1 {
                    total += 1;
                }
            }
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::{edges::parse_arena, solve, subtraction_arena};

    /// Distance from point p to segment ab.
    fn distance(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
        let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
        let len2 = dx * dx + dy * dy;
        let t = if len2 == 0.0 {
            0.0
        } else {
            (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2).clamp(0.0, 1.0)
        };
        ((p[0] - a[0] - t * dx).powi(2) + (p[1] - a[1] - t * dy).powi(2)).sqrt()
    }

    /// No segment of an edge comes within the vertex radius of a vertex it does not join.
    fn assert_clear(arena: &Arena, l: &Layout) {
        let n = arena.len();
        let mut e = 0;
        for a in 0..n {
            for &b in arena.successors(a) {
                let b = b as usize;
                let mut points = vec![[l.x[a], l.y[a]]];
                points.extend(l.bends[e].iter().copied());
                points.push([l.x[b], l.y[b]]);
                for w in points.windows(2) {
                    for v in (0..n).filter(|&v| v != a && v != b) {
                        let d = distance([l.x[v], l.y[v]], w[0], w[1]);
                        assert!(d > VERTEX_RADIUS, "edge {a}→{b} passes {d:.3} from vertex {v}");
                    }
                }
                e += 1;
            }
        }
        for a in 0..n {
            for b in a + 1..n {
                assert!(
                    (l.x[a] - l.x[b]).abs() >= 1.0 - 1e-9 || (l.y[a] - l.y[b]).abs() >= 1.0 - 1e-9,
                    "vertices {a} and {b} overlap"
                );
            }
        }
    }

    #[test]
    fn the_typed_example_is_layered_without_edges_through_vertices() {
        for text in [
            crate::arena::EXAMPLE_EDGES,
            "s:1>a:2; s>b:2; a>s; a>w; b>l; b>w; w=1; l=2",
            "a:1>b:2; b>c:1; c>d:2; d>a; a>d; b>d; c>a",
            "x=1",
            "a:1>a",
        ] {
            let t = parse_arena(text).unwrap();
            let s = solve(&t.arena);
            let l = layered(&t.arena, &s);
            assert_clear(&t.arena, &l);
            let distinct_rows: std::collections::BTreeSet<u64> = l.y.iter().map(|y| y.to_bits()).collect();
            if t.arena.len() > 2 {
                assert!(distinct_rows.len() > 1, "{text}: all vertices in one row");
            }
        }
    }

    #[test]
    fn stick_games_leave_room_for_long_moves() {
        for take in [vec![1, 2, 3], vec![1, 7, 30], vec![100]] {
            let a = subtraction_arena(120, &take, true).unwrap();
            assert_clear(&a, &sticks_layout(&a));
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        #[test]
        fn random_arenas_are_drawn_clear(n in 1usize..25, raw in proptest::collection::vec((0usize..25, 0usize..25), 0..60)) {
            let edges: Vec<String> = raw.iter().map(|&(a, b)| format!("v{}:1>v{}:2", a % n, b % n)).collect();
            let mut text = edges.join(";");
            for v in 0..n {
                text.push_str(&format!(";v{v}:{}", 1 + v % 2));
            }
            let t = parse_arena(&text).unwrap();
            let s = solve(&t.arena);
            assert_clear(&t.arena, &layered(&t.arena, &s));
        }
    }
}
