//! A canonical form drawn as a game tree: the root on top, Left's options on
//! blue branches and Right's on red ones, leaves spread evenly and each node
//! over the middle of its children. At most [`MAX_NODES`] nodes and
//! [`MAX_DEPTH`] levels: a node with options not drawn has a dashed ring.
//! One SVG document for the page and Python's notebooks ([`game_tree_svg`]).

use super::svg_text::{escape, Svg};
use crate::toolkit::{Lang, Text};
use serde::Deserialize;

/// Most nodes drawn.
pub const MAX_NODES: usize = 40;
/// Deepest level drawn (the root is level 0).
pub const MAX_DEPTH: usize = 4;
/// Pixels between two leaves and between two levels.
const STEP: f64 = 72.0;
const LEVEL: f64 = 70.0;

/// A canonical form as the partizan report writes it (`canonical`): its value
/// with the page's signs, and its options unless it is a number or too deep.
#[derive(Clone, Debug, Deserialize)]
#[allow(missing_docs)]
pub struct Form {
    pub display: String,
    #[serde(default)]
    pub left: Option<Vec<Form>>,
    #[serde(default)]
    pub right: Option<Vec<Form>>,
}

struct Node<'a> {
    form: &'a Form,
    depth: usize,
    x: f64,
    more: bool,
}

/// Places `form` and its options depth first: leaves at 0, 1, 2, … and a
/// parent over the middle of its children.
fn place<'a>(
    form: &'a Form,
    depth: usize,
    nodes: &mut Vec<Node<'a>>,
    edges: &mut Vec<(usize, usize, bool)>,
    leaves: &mut f64,
) -> usize {
    let id = nodes.len();
    nodes.push(Node {
        form,
        depth,
        x: 0.0,
        more: false,
    });
    let children: Vec<(bool, &Form)> = form
        .left
        .iter()
        .flatten()
        .map(|f| (true, f))
        .chain(form.right.iter().flatten().map(|f| (false, f)))
        .collect();
    if children.is_empty() || nodes.len() + children.len() > MAX_NODES || depth >= MAX_DEPTH {
        nodes[id].more = !children.is_empty();
        nodes[id].x = *leaves;
        *leaves += 1.0;
        return id;
    }
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for (left, f) in children {
        let c = place(f, depth + 1, nodes, edges, leaves);
        edges.push((id, c, left));
        lo = lo.min(nodes[c].x);
        hi = hi.max(nodes[c].x);
    }
    nodes[id].x = (lo + hi) / 2.0;
    id
}

/// The game tree of `form` as an SVG document at its own size (13-pixel
/// labels; a page scrolls it inside its box on a narrow screen). A value
/// longer than 9 characters is written `G` at the root and `•` below, with
/// the value in the node's title.
pub fn game_tree_svg(form: &Form, lang: Lang) -> String {
    let mut nodes = Vec::new();
    let mut edges = Vec::new();
    let mut leaves = 0.0;
    place(form, 0, &mut nodes, &mut edges, &mut leaves);
    let depth = nodes.iter().map(|n| n.depth).max().unwrap_or(0) as f64;
    let width = (leaves * STEP + 40.0).max(200.0);
    let height = depth * LEVEL + 70.0;
    let label: Text = text!("the game tree of {}", "l’arbre de jeu de {}", form.display);
    let mut s = Svg::new(width, height, "pz-tree", label.get(lang));
    let at = |n: &Node| [20.0 + STEP / 2.0 + n.x * STEP, 30.0 + n.depth as f64 * LEVEL];
    for &(a, b, left) in &edges {
        let (class, colour) = if left {
            ("left", "#0072b2")
        } else {
            ("right", "#d55e00")
        };
        s.line(
            at(&nodes[a]),
            at(&nodes[b]),
            &format!("pz-branch {class}"),
            &format!(r#"stroke="{colour}" stroke-width="2.5""#),
        );
    }
    for (k, n) in nodes.iter().enumerate() {
        let [x, y] = at(n);
        let shown = if n.form.display.chars().count() <= 9 {
            n.form.display.as_str()
        } else if k == 0 {
            "G"
        } else {
            "•"
        };
        let half = (4.0 * shown.chars().count() as f64 + 6.0).max(12.0);
        let (class, dash) = if n.more {
            ("pz-node-disc more", r#" stroke-dasharray="4 3""#)
        } else {
            ("pz-node-disc", "")
        };
        s.push(format!(
            r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="24" rx="12" class="{class}" fill="#fff" stroke="#555" stroke-width="1.5"{dash}/>"##,
            x - half,
            y - 12.0,
            2.0 * half
        ));
        s.push(format!(
            r##"<text x="{x:.1}" y="{:.1}" class="pz-node" font-size="13" fill="#222" font-family="sans-serif" text-anchor="middle">{}<title>{}</title></text>"##,
            y + 5.0,
            escape(shown),
            escape(&n.form.display)
        ));
    }
    s.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(display: &str, left: Vec<Form>, right: Vec<Form>) -> Form {
        let some = |v: Vec<Form>| (!v.is_empty()).then_some(v);
        Form {
            display: display.into(),
            left: some(left),
            right: some(right),
        }
    }

    #[test]
    fn star_has_a_blue_and_a_red_branch_to_zero() {
        let svg = game_tree_svg(
            &form("*", vec![form("0", vec![], vec![])], vec![form("0", vec![], vec![])]),
            Lang::En,
        );
        assert_eq!(svg.matches("pz-branch left").count(), 1);
        assert_eq!(svg.matches("pz-branch right").count(), 1);
        assert_eq!(svg.matches("<rect").count(), 3);
        assert!(svg.contains(">*<title>*</title>") && svg.contains(r#"aria-label="the game tree of *""#));
        // The root over the middle of its two leaves.
        assert!(
            svg.contains(r#"<text x="92.0""#)
                && svg.contains(r#"<text x="56.0""#)
                && svg.contains(r#"<text x="128.0""#)
        );
    }

    #[test]
    fn a_deep_or_wide_form_stops_with_dashed_rings_and_long_values_are_shortened() {
        let mut f = form("0", vec![], vec![]);
        for k in 0..8 {
            f = form(&format!("{{{k}||long value here}}"), vec![f], vec![]);
        }
        let svg = game_tree_svg(&f, Lang::Fr);
        assert_eq!(svg.matches("<rect").count(), MAX_DEPTH + 1);
        assert!(svg.contains("pz-node-disc more") && svg.contains(">G<title>"));
        assert!(svg.contains("l’arbre de jeu de"));
        let wide = form(
            "w",
            (0..60).map(|k| form(&k.to_string(), vec![], vec![])).collect(),
            vec![],
        );
        let svg = game_tree_svg(&wide, Lang::En);
        assert_eq!(
            svg.matches("<rect").count(),
            1,
            "60 options do not fit in {MAX_NODES} nodes"
        );
        assert!(svg.contains("more"));
    }
}
