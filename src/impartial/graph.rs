//! Games on an undirected graph (seed 003, slides 15–16). Node-Kayles: a move
//! removes a vertex and its neighbours. The colouring game with one colour: a
//! move colours a vertex none of whose neighbours is coloured — the same game,
//! as the seed says (tested). A position splits into connected components whose
//! values XOR; each component's value is memoised by its vertex set, and paths,
//! cycles and complete graphs are recognised and valued directly.

use super::octal::{naive_values, Bits, OctalCode};
use crate::toolkit::Quoted;
use crate::toolkit::{Error, Text};
use serde::Serialize;
use std::collections::HashMap;

/// Most vertices of a drawn graph.
pub const MAX_VERTICES: usize = 40;

/// A simple undirected graph on vertices 0..n, as neighbour bit masks.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Graph {
    n: usize,
    adj: Vec<u64>,
}

fn bad(text: &str, expected: Text) -> Error {
    Error::InvalidValue {
        key: "edges",
        value: Quoted::new(text),
        expected,
    }
}

impl Graph {
    /// A graph of `n` vertices and `edges` (loops and repeats ignored).
    ///
    /// # Errors
    /// [`Error::OutOfRange`] beyond 40 vertices or for an edge to a missing vertex.
    pub fn new(n: usize, edges: &[(usize, usize)]) -> Result<Graph, Error> {
        if n > MAX_VERTICES {
            return Err(Error::out_of_range(text!("vertices", "sommets"), n, 0, MAX_VERTICES));
        }
        let mut adj = vec![0u64; n];
        for &(a, b) in edges {
            if a >= n || b >= n {
                return Err(Error::out_of_range(
                    text!("vertex", "sommet"),
                    a.max(b),
                    0,
                    n.saturating_sub(1),
                ));
            }
            if a != b {
                adj[a] |= 1 << b;
                adj[b] |= 1 << a;
            }
        }
        Ok(Graph { n, adj })
    }

    /// Parses `"0-1,1-2,2-3"` (commas, semicolons, spaces or new lines between
    /// edges); an optional `n:` prefix (`"5: 0-1"`) adds isolated vertices;
    /// an empty text, like `"0:"`, is the graph without vertices.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] naming the text; the ranges of [`Graph::new`].
    pub fn parse(text: &str) -> Result<Graph, Error> {
        let (count, list) = match text.split_once(':') {
            Some((n, rest)) => (
                Some(n.trim().parse::<usize>().map_err(|_| {
                    bad(
                        text,
                        text!("a vertex count before ':'", "un nombre de sommets avant ':'"),
                    )
                })?),
                rest,
            ),
            None => (None, text),
        };
        let mut edges = Vec::new();
        for item in list
            .split([',', ';', ' ', '\n'])
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            let (a, b) = item.split_once('-').ok_or_else(|| {
                bad(
                    item,
                    text!(
                        "edges written a-b, e.g. 0-1,1-2",
                        "des arêtes écrites a-b, par exemple 0-1,1-2"
                    ),
                )
            })?;
            let parse = |s: &str| {
                s.trim().parse::<usize>().map_err(|_| {
                    bad(
                        item,
                        text!("vertex numbers from 0", "des numéros de sommets à partir de 0"),
                    )
                })
            };
            edges.push((parse(a)?, parse(b)?));
        }
        let n = count
            .unwrap_or(0)
            .max(edges.iter().map(|&(a, b)| a.max(b) + 1).max().unwrap_or(0));
        // An empty text, like `0:`, is the empty graph: no move, the player to move loses.
        Graph::new(n, &edges)
    }

    /// `path:N`, `cycle:N`, `star:N` (N leaves), `grid:RxC`, `complete:N`, `petersen`.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] (key `preset`) for another name; sizes as [`Graph::new`].
    pub fn preset(text: &str) -> Result<Graph, Error> {
        let bad = || Error::InvalidValue {
            key: "preset",
            value: Quoted::new(text),
            expected: text!(
                "path:N, cycle:N, star:N, grid:RxC, complete:N or petersen",
                "path:N, cycle:N, star:N, grid:RxC, complete:N ou petersen"
            ),
        };
        let (name, size) = text.split_once(':').unwrap_or((text, ""));
        let number = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
        let mut edges = Vec::new();
        let n = match name.trim() {
            "path" => {
                let n = number(size)?;
                edges.extend((1..n).map(|i| (i - 1, i)));
                n
            }
            "cycle" => {
                let n = number(size)?;
                if n < 3 {
                    return Err(bad());
                }
                edges.extend((0..n).map(|i| (i, (i + 1) % n)));
                n
            }
            "star" => {
                let leaves = number(size)?;
                edges.extend((1..=leaves).map(|i| (0, i)));
                leaves + 1
            }
            "complete" => {
                let n = number(size)?;
                edges.extend((0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))));
                n
            }
            "grid" => {
                let (r, c) = size.split_once('x').ok_or_else(bad)?;
                let (r, c) = (number(r)?, number(c)?);
                for i in 0..r {
                    for j in 0..c {
                        if j + 1 < c {
                            edges.push((i * c + j, i * c + j + 1));
                        }
                        if i + 1 < r {
                            edges.push((i * c + j, (i + 1) * c + j));
                        }
                    }
                }
                r * c
            }
            "petersen" => {
                edges.extend((0..5).map(|i| (i, (i + 1) % 5)));
                edges.extend((0..5).map(|i| (i, i + 5)));
                edges.extend((0..5).map(|i| (5 + i, 5 + (i + 2) % 5)));
                10
            }
            _ => return Err(bad()),
        };
        if n == 0 {
            return Err(bad());
        }
        Graph::new(n, &edges)
    }

    /// Where to draw each vertex, in the unit square: the standard drawing of a
    /// preset named by `text` (a path in a line, a grid as a grid, a star round
    /// its centre, Petersen's graph as an outer pentagon and an inner
    /// pentagram), else a circle, on which no edge passes through a vertex.
    pub fn drawing(&self, text: &str) -> (Vec<f64>, Vec<f64>) {
        use std::f64::consts::TAU;
        let n = self.n;
        let on_circle = |k: usize, count: usize, radius: f64| {
            let a = TAU * k as f64 / count.max(1) as f64 - TAU / 4.0;
            (0.5 + radius * a.cos(), 0.5 + radius * a.sin())
        };
        let (name, size) = text.split_once(':').unwrap_or((text, ""));
        let points: Vec<(f64, f64)> = match name.trim() {
            "path" if Graph::preset(text).is_ok() => (0..n)
                .map(|i| (0.05 + 0.9 * i as f64 / (n.max(2) - 1) as f64, 0.5))
                .collect(),
            "star" if Graph::preset(text).is_ok() => (0..n)
                .map(|i| {
                    if i == 0 {
                        (0.5, 0.5)
                    } else {
                        on_circle(i - 1, n - 1, 0.4)
                    }
                })
                .collect(),
            "grid" if Graph::preset(text).is_ok() => {
                let (r, c) = size.split_once('x').unwrap_or(("1", "1"));
                let (r, c) = (
                    r.trim().parse::<usize>().unwrap_or(1),
                    c.trim().parse::<usize>().unwrap_or(1),
                );
                let step = 0.9 / (r.max(c).max(2) - 1) as f64;
                (0..n)
                    .map(|v| (0.05 + step * (v % c) as f64, 0.05 + step * (v / c) as f64))
                    .collect()
            }
            "petersen" if n == 10 => (0..10)
                .map(|v| {
                    if v < 5 {
                        on_circle(v, 5, 0.42)
                    } else {
                        on_circle(v - 5, 5, 0.2)
                    }
                })
                .collect(),
            _ => (0..n).map(|v| on_circle(v, n, 0.4)).collect(),
        };
        points.into_iter().unzip()
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Every vertex, as a bit mask.
    pub fn all(&self) -> u64 {
        if self.n == 64 {
            u64::MAX
        } else {
            (1u64 << self.n) - 1
        }
    }

    /// The edges `(a, b)` with `a < b`.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        (0..self.n)
            .flat_map(|a| {
                (a + 1..self.n)
                    .filter(move |&b| self.adj[a] >> b & 1 == 1)
                    .map(move |b| (a, b))
            })
            .collect()
    }

    /// The closed neighbourhood of v: v and its neighbours.
    pub fn closed(&self, v: usize) -> u64 {
        self.adj[v] | 1 << v
    }

    /// The connected components of the subgraph induced by `mask`.
    pub fn components(&self, mut mask: u64) -> Vec<u64> {
        let mut out = Vec::new();
        while mask != 0 {
            let mut comp = mask & mask.wrapping_neg();
            let mut frontier = comp;
            while frontier != 0 {
                let v = frontier.trailing_zeros() as usize;
                frontier &= frontier - 1;
                let new = self.adj[v] & mask & !comp;
                comp |= new;
                frontier |= new;
            }
            mask &= !comp;
            out.push(comp);
        }
        out
    }
}

/// Node-Kayles values, memoised per component.
pub struct NodeKayles<'g> {
    graph: &'g Graph,
    memo: HashMap<u64, u16>,
    /// Dawson's chess (0.137) is node-Kayles on paths: G of a path of n vertices.
    paths: Vec<u16>,
    /// Recognise paths, cycles and complete graphs (off: plain search, for tests).
    shortcuts: bool,
}

/// Most components memoised before the search gives up (a few hundred MB at most).
pub const MAX_MEMO: usize = 4_000_000;

impl<'g> NodeKayles<'g> {
    /// A search on `graph`, with an empty memo.
    pub fn new(graph: &'g Graph) -> Self {
        let code = OctalCode::parse("0.137").expect("a valid code");
        NodeKayles {
            graph,
            memo: HashMap::new(),
            paths: naive_values(&code, MAX_VERTICES),
            shortcuts: true,
        }
    }

    /// The same values by plain search only: the reference for the shortcuts.
    pub fn plain(graph: &'g Graph) -> Self {
        NodeKayles {
            shortcuts: false,
            ..NodeKayles::new(graph)
        }
    }

    /// The value of the subgraph induced by `mask`: the XOR over its components.
    pub fn value(&mut self, mask: u64) -> u16 {
        self.graph
            .components(mask)
            .into_iter()
            .fold(0, |s, c| s ^ self.component(c))
    }

    /// Whether the search stopped at [`MAX_MEMO`] positions (its values are then meaningless).
    pub fn exhausted(&self) -> bool {
        self.memo.len() >= MAX_MEMO
    }

    /// The value of one connected component.
    pub fn component(&mut self, comp: u64) -> u16 {
        if let Some(&v) = self.memo.get(&comp) {
            return v;
        }
        if self.exhausted() {
            return 0;
        }
        let g = self.graph;
        let n = comp.count_ones() as usize;
        let degrees: Vec<u32> = bits(comp).map(|v| (g.adj[v] & comp).count_ones()).collect();
        let edges = degrees.iter().sum::<u32>() as usize / 2;
        let value = if !self.shortcuts {
            let mut seen = Bits::default();
            for v in bits(comp) {
                seen.insert(self.value(comp & !g.closed(v)));
            }
            seen.mex()
        } else if edges + 1 == n && degrees.iter().all(|&d| d <= 2) {
            self.paths[n]
        } else if edges == n && degrees.iter().all(|&d| d == 2) {
            // A cycle: every move leaves a path of n − 3.
            u16::from(self.paths[n - 3] == 0)
        } else if edges == n * (n - 1) / 2 {
            1
        } else {
            let mut seen = Bits::default();
            for v in bits(comp) {
                let rest = comp & !g.closed(v);
                seen.insert(self.value(rest));
            }
            seen.mex()
        };
        self.memo.insert(comp, value);
        value
    }

    /// The vertices whose removal (with their neighbours) leaves value 0.
    pub fn winning_moves(&mut self, mask: u64) -> Vec<usize> {
        bits(mask)
            .filter(|&v| self.value(mask & !self.graph.closed(v)) == 0)
            .collect()
    }

    /// Positions memoised so far.
    pub fn memoised(&self) -> usize {
        self.memo.len()
    }
}

/// The vertices of a mask.
pub fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let v = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            v
        })
    })
}

/// The colouring game with one colour, by its own rules: a position is the set
/// of coloured vertices; a move colours a vertex that is not coloured and has
/// no coloured neighbour. Its value by plain memoised search (≤ 24 vertices).
///
/// # Errors
/// [`Error::OutOfRange`] beyond 24 vertices.
pub fn colouring_value(graph: &Graph) -> Result<u16, Error> {
    if graph.len() > 24 {
        return Err(Error::out_of_range(
            text!(
                "vertices of the colouring game searched directly",
                "sommets du jeu de coloriage cherchés directement"
            ),
            graph.len(),
            0,
            24,
        ));
    }
    fn go(g: &Graph, coloured: u64, memo: &mut HashMap<u64, u16>) -> u16 {
        if let Some(&v) = memo.get(&coloured) {
            return v;
        }
        let mut seen = Bits::default();
        for v in 0..g.len() {
            if coloured >> v & 1 == 0 && g.adj[v] & coloured == 0 {
                seen.insert(go(g, coloured | 1 << v, memo));
            }
        }
        let m = seen.mex();
        memo.insert(coloured, m);
        m
    }
    Ok(go(graph, 0, &mut HashMap::new()))
}
