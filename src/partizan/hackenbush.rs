//! Blue-Red-Green Hackenbush: a drawing of edges standing on the ground; Left
//! chops a blue or green edge, Right a red or green one, and every edge no
//! longer joined to the ground by a path falls. Whoever cannot chop loses.
//!
//! A position is its edges `u-v:c` joined by `,`: vertices are names of
//! letters and digits, `g` is the ground, the colour `b` (blue, Left's), `r`
//! (red, Right's) or `g` (green, either's): `g-a:b,a-b:r` is a blue edge on
//! the ground with a red one on top (value ½). Pieces that meet only at the
//! ground are independent parts of the sum.

use super::drawing::{Drawing, Edges, View};
use super::game::Side;
use super::rules::{Board, Rules};
use crate::toolkit::sort;
use crate::toolkit::{Error, Quoted};
use std::collections::HashMap;

/// The most edges a drawing may have.
pub const MAX_EDGES: usize = 48;

/// An edge's colour: who may chop it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Left's.
    Blue,
    /// Right's.
    Red,
    /// Either player's.
    Green,
}

/// A drawing: its vertices' names (the ground first) and its edges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hackenbush {
    /// Vertex names, `g` (the ground) first.
    pub vertices: Vec<String>,
    /// Edges `(u, v, colour)` between vertex indices.
    pub edges: Vec<(usize, usize, Colour)>,
}

/// A position: which of the drawing's edges still stand (bit `i` for edge `i`).
pub type Standing = u64;

impl Hackenbush {
    /// Reads edges `u-v:c` joined by `,` and the standing set of all of them
    /// (edges cut off from the ground already fall).
    ///
    /// # Errors
    /// [`Error::InvalidValue`] naming the edge at fault.
    pub fn parse(text: &str) -> Result<(Hackenbush, Standing), Error> {
        let mut vertices = vec!["g".to_string()];
        let mut index: HashMap<String, usize> = HashMap::from([("g".to_string(), 0)]);
        let mut edges = Vec::new();
        let items: Vec<&str> = text.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
        if items.len() > MAX_EDGES {
            return Err(Error::InvalidValue {
                key: "position",
                value: Quoted::new(text),
                expected: text!("at most {MAX_EDGES} edges", "au plus {MAX_EDGES} arêtes"),
            });
        }
        for (i, item) in items.iter().enumerate() {
            let bad = || Error::InvalidValue {
                key: "position",
                value: Quoted::new(item),
                expected: text!(
                    "an edge u-v:c (edge {}), c one of b r g, vertices named by letters and digits, g the ground",
                    "une arête u-v:c (arête {}), c parmi b r g, sommets nommés de lettres et chiffres, g le sol",
                    i + 1
                ),
            };
            let (ends, colour) = item.split_once(':').ok_or_else(bad)?;
            let colour = match colour.trim() {
                "b" => Colour::Blue,
                "r" => Colour::Red,
                "g" => Colour::Green,
                _ => return Err(bad()),
            };
            let (u, v) = ends.split_once('-').ok_or_else(bad)?;
            let mut ends = [0; 2];
            for (k, name) in [u.trim(), v.trim()].into_iter().enumerate() {
                if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) {
                    return Err(bad());
                }
                // `G` is the ground too, as books write it (and the link writes it `g`).
                let name = if name == "G" { "g" } else { name };
                let next = vertices.len();
                ends[k] = *index.entry(name.to_string()).or_insert_with(|| {
                    vertices.push(name.to_string());
                    next
                });
            }
            edges.push((ends[0], ends[1], colour));
        }
        let drawing = Hackenbush { vertices, edges };
        let all = if drawing.edges.len() == 64 {
            u64::MAX
        } else {
            (1u64 << drawing.edges.len()) - 1
        };
        let standing = drawing.grounded(all);
        Ok((drawing, standing))
    }

    /// The edges of `standing` written as [`Hackenbush::parse`] reads them.
    pub fn write(&self, standing: Standing) -> String {
        self.edges
            .iter()
            .enumerate()
            .filter(|(i, _)| standing >> i & 1 == 1)
            .map(|(_, &(u, v, c))| {
                let c = match c {
                    Colour::Blue => 'b',
                    Colour::Red => 'r',
                    Colour::Green => 'g',
                };
                format!("{}-{}:{c}", self.vertices[u], self.vertices[v])
            })
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The edges of `standing` still joined to the ground.
    pub fn grounded(&self, standing: Standing) -> Standing {
        let mut reached = vec![false; self.vertices.len()];
        reached[0] = true;
        let mut kept: Standing = 0;
        loop {
            let mut grew = false;
            for (i, &(u, v, _)) in self.edges.iter().enumerate() {
                if standing >> i & 1 == 1 && kept >> i & 1 == 0 && (reached[u] || reached[v]) {
                    kept |= 1 << i;
                    reached[u] = true;
                    reached[v] = true;
                    grew = true;
                }
            }
            if !grew {
                return kept;
            }
        }
    }
}

impl Hackenbush {
    /// A drawing's vertices with their heights and places, and its standing edges.
    ///
    /// Heights are distances from the ground (breadth-first); places come from
    /// the breadth-first tree: each leaf its own slot, left to right in the
    /// position's order, and a vertex above the middle of its children, so that
    /// a stalk stands straight and a chop leaves the rest where it was drawn.
    /// A vertex no standing edge joins to the ground has no place.
    ///
    /// # Complexity
    /// `O(V · E)` for at most 64 edges.
    pub fn drawing(&self, standing: Standing) -> Edges {
        let drawing = self;
        let n = drawing.vertices.len();
        let mut level = vec![u32::MAX; n];
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
        level[0] = 0;
        let standing_edges: Vec<(usize, usize, Colour)> = drawing
            .edges
            .iter()
            .enumerate()
            .filter(|(i, _)| standing >> i & 1 == 1)
            .map(|(_, &e)| e)
            .collect();
        // Heights by breadth-first search from the ground, the tree it walks kept.
        let mut frontier = vec![0];
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for &v in &frontier {
                for &(a, b, _) in &standing_edges {
                    for (x, y) in [(a, b), (b, a)] {
                        if x == v && level[y] == u32::MAX {
                            level[y] = level[v] + 1;
                            children[v].push(y);
                            next.push(y);
                        }
                    }
                }
            }
            frontier = next;
        }
        // Places: leaves take slots in order, a parent sits over its children's middle.
        let mut x: Vec<Option<f64>> = vec![None; n];
        let mut slots = 0usize;
        let mut order = vec![(0usize, false)];
        while let Some((v, done)) = order.pop() {
            if v == 0 && done {
                continue;
            }
            if done {
                x[v] = Some(
                    if let (Some(&a), Some(&b)) = (children[v].first(), children[v].last()) {
                        (x[a].unwrap_or(0.0) + x[b].unwrap_or(0.0)) / 2.0
                    } else {
                        slots += 1;
                        (slots - 1) as f64
                    },
                );
                continue;
            }
            order.push((v, true));
            order.extend(children[v].iter().rev().map(|&c| (c, false)));
        }
        let chopped = (0..drawing.edges.len())
            .filter(|i| standing >> i & 1 == 1)
            .map(|i| drawing.write(drawing.grounded(standing & !(1 << i))))
            .collect();
        Edges {
            chopped,
            vertices: drawing.vertices.clone(),
            level: level.into_iter().map(|l| if l == u32::MAX { 0 } else { l }).collect(),
            x,
            slots: slots.max(1),
            edges: standing_edges
                .into_iter()
                .map(|(u, v, c)| {
                    let c = match c {
                        Colour::Blue => 'b',
                        Colour::Red => 'r',
                        Colour::Green => 'g',
                    };
                    (u, v, c)
                })
                .collect(),
        }
    }

    /// A bound on the positions one piece (`standing`) can reach: for a tree,
    /// its subtrees on the ground, counted exactly (each vertex: the product
    /// over its branches of one more than the branch's count); with a cycle, 2^edges.
    pub fn positions_bound(&self, standing: Standing) -> f64 {
        let edges: Vec<(usize, usize)> = self
            .edges
            .iter()
            .enumerate()
            .filter(|(i, _)| standing >> i & 1 == 1)
            .map(|(_, &(u, v, _))| (u, v))
            .collect();
        let mut touched: Vec<usize> = edges.iter().flat_map(|&(u, v)| [u, v]).collect();
        sort::sort(&mut touched);
        touched.dedup();
        // A forest on the ground has one vertex more than edges (the ground counted once).
        if touched.len() != edges.len() + 1 || edges.iter().any(|&(u, v)| u == v) {
            return 2f64.powi(edges.len() as i32);
        }
        fn count(v: usize, from: usize, edges: &[(usize, usize)]) -> f64 {
            edges
                .iter()
                .filter_map(|&(a, b)| {
                    if a == v && b != from {
                        Some(b)
                    } else if b == v && a != from {
                        Some(a)
                    } else {
                        None
                    }
                })
                .map(|w| 1.0 + count(w, v, edges))
                .product()
        }
        count(0, usize::MAX, &edges)
    }
}

impl Board for Hackenbush {
    const VIEW: View = View::Edges;

    fn read(text: &str) -> Result<(Hackenbush, Standing), Error> {
        // Read twice: the edges that stand, in their order, are the ones the page numbers.
        let (first, standing) = Hackenbush::parse(text)?;
        Hackenbush::parse(&first.write(standing))
    }

    fn text(&self, &standing: &Standing) -> String {
        self.write(standing)
    }

    fn size(standing: &Standing) -> usize {
        standing.count_ones() as usize
    }

    /// The edge chopped: among the edges gone, the one whose chop leaves
    /// `after` (the others fell with it).
    fn changed(&self, before: &Standing, after: &Standing) -> Vec<usize> {
        (0..self.edges.len())
            .filter(|&i| (before & !after) >> i & 1 == 1)
            .find(|&i| self.grounded(before & !(1 << i)) == *after)
            .into_iter()
            .collect()
    }

    fn estimate(&self, standing: &Standing) -> f64 {
        self.parts(standing)
            .iter()
            .map(|&(piece, _)| self.positions_bound(piece))
            .sum()
    }

    fn picture(&self, &standing: &Standing) -> Option<Drawing> {
        Some(Drawing::Edges(self.drawing(standing)))
    }

    /// Every edge as typed, tidied as the other rulesets' positions are (one
    /// `,` between edges, no spaces, the ground `g`): the edges not yet joined
    /// to the ground stay (they fall, but someone drawing edge by edge is not done).
    fn link(text: &str) -> Result<String, Error> {
        let (drawing, _) = Hackenbush::parse(text)?;
        let all = if drawing.edges.len() == 64 {
            u64::MAX
        } else {
            (1u64 << drawing.edges.len()) - 1
        };
        Ok(drawing.write(all))
    }
}

impl Rules for Hackenbush {
    type Position = Standing;

    fn moves(&self, &standing: &Standing, side: Side) -> Vec<Standing> {
        self.edges
            .iter()
            .enumerate()
            .filter(|&(i, &(_, _, c))| {
                standing >> i & 1 == 1
                    && match side {
                        Side::Left => c != Colour::Red,
                        Side::Right => c != Colour::Blue,
                    }
            })
            .map(|(i, _)| self.grounded(standing & !(1 << i)))
            .collect()
    }

    fn parts(&self, &standing: &Standing) -> Vec<(Standing, bool)> {
        // Pieces: edges joined through vertices other than the ground.
        let n = self.vertices.len();
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        for (i, &(u, v, _)) in self.edges.iter().enumerate() {
            if standing >> i & 1 == 1 && u != 0 && v != 0 {
                let (a, b) = (find(&mut parent, u), find(&mut parent, v));
                parent[a] = b;
            }
        }
        let mut pieces: Vec<(usize, Standing)> = Vec::new();
        for (i, &(u, v, _)) in self.edges.iter().enumerate() {
            if standing >> i & 1 == 0 {
                continue;
            }
            // An edge from the ground to the ground is a piece alone.
            let root = if u == 0 && v == 0 {
                n + i
            } else {
                find(&mut parent, if u == 0 { v } else { u })
            };
            match pieces.iter_mut().find(|p| p.0 == root) {
                Some(p) => p.1 |= 1 << i,
                None => pieces.push((root, 1 << i)),
            }
        }
        pieces.into_iter().map(|(_, s)| (s, false)).collect()
    }
}
