//! Arenas typed by hand: one statement per line (or separated by `;`):
//!
//! * `a>b` (or `a -> b`): a move from `a` to `b`;
//! * `a:1`, `a:2`: `a` belongs to player 1 or 2 (may be written inline: `a:1>b:2`);
//! * `a=1`, `a=2`, `a=draw`: the outcome of terminal vertex `a`.
//!
//! Every vertex with a move needs an owner; a terminal vertex needs an outcome or
//! an owner (who then cannot move and loses). Play starts at the first vertex named.
//! Lines starting with `#` are comments.

use super::graph::{Arena, Outcome, Player};
use crate::toolkit::{Error, Text};
use crate::toolkit::{Field, Label, Quoted};

/// Most vertices and moves of a typed arena.
pub const MAX_TYPED_VERTICES: usize = 5_000;
/// Most moves of a typed arena.
pub const MAX_TYPED_EDGES: usize = 50_000;

/// A small arena with a cycle: from `a`, player 1 can win at `w`, or circle
/// through `b` forever; `b` can also lose for player 2.
pub const EXAMPLE_EDGES: &str = "a:1>b:2; b>a; a>c:2; c>w; w=1; c>l; l=2; b>d:1; d>l; d>b";

/// Longest typed arena, in characters.
pub const MAX_EDGES_TEXT: usize = 200_000;

/// The link's `edges` key, in every chapter that shows a typed arena.
pub const EDGES_FIELD: Field = Field::text(
    "edges",
    Label::new("Arena", "Arène"),
    MAX_EDGES_TEXT,
    &[
        EXAMPLE_EDGES,
        "x=1",
        "a:1>b:2; b>a",
        "s:1>a:2; s>b:2; a>s; a>w; b>l; b>w; w=1; l=2",
        "a:1>a",
    ],
);

/// A typed arena and its vertex names.
#[derive(Clone, Debug, PartialEq)]
pub struct TypedArena {
    /// The arena.
    pub arena: Arena,
    /// Each vertex's name, as typed.
    pub names: Vec<String>,
}

fn bad(text: &str, expected: Text) -> Error {
    Error::InvalidValue {
        key: "edges",
        value: Quoted::new(text),
        expected,
    }
}

/// Parses an arena (see the module's documentation).
///
/// # Errors
/// [`Error::InvalidValue`] naming the statement at fault; [`Error::TooLarge`]
/// beyond the limits.
pub fn parse_arena(text: &str) -> Result<TypedArena, Error> {
    let text = crate::toolkit::text::without_bom(text);
    let mut names: Vec<String> = Vec::new();
    let mut owner: Vec<Option<Player>> = Vec::new();
    let mut outcome: Vec<Option<Outcome>> = Vec::new();
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let vertex =
        |name: &str, names: &mut Vec<String>, owner: &mut Vec<Option<Player>>, outcome: &mut Vec<Option<Outcome>>| {
            if let Some(i) = names.iter().position(|n| n == name) {
                return Ok(i);
            }
            if names.len() >= MAX_TYPED_VERTICES {
                return Err(Error::too_large(
                    text!(
                        "a typed arena has at most {MAX_TYPED_VERTICES} vertices",
                        "une arène typée a au plus {MAX_TYPED_VERTICES} sommets"
                    ),
                    None,
                    MAX_TYPED_VERTICES as u64,
                ));
            }
            names.push(name.to_string());
            owner.push(None);
            outcome.push(None);
            Ok(names.len() - 1)
        };
    let valid_name =
        |s: &str| !s.is_empty() && s.len() <= 40 && s.chars().all(|c| c.is_alphanumeric() || "_.|".contains(c));
    for statement in text.split(['\n', ';']).map(str::trim) {
        if statement.is_empty() || statement.starts_with('#') {
            continue;
        }
        let expected = text!(
            "a move a>b, an owner a:1 or a:2, or an outcome a=1, a=2 or a=draw",
            "un coup a>b, un propriétaire a:1 ou a:2, ou une issue a=1, a=2 ou a=draw"
        );
        // One side of a move, or a whole statement: `name`, `name:1`, `name=draw`.
        let mut side = |part: &str| -> Result<usize, Error> {
            let part = part.trim();
            let (name, rest) = match part.find([':', '=']) {
                Some(at) => (part[..at].trim(), Some((&part[at..at + 1], part[at + 1..].trim()))),
                None => (part, None),
            };
            if !valid_name(name) {
                return Err(bad(
                    statement,
                    text!(
                        "vertex names of letters, digits, _ . or | (at most 40)",
                        "des noms de sommets faits de lettres, de chiffres, de _ . ou | (au plus 40)"
                    ),
                ));
            }
            let v = vertex(name, &mut names, &mut owner, &mut outcome)?;
            match rest {
                None => {}
                Some((":", "1")) => owner[v] = Some(Player::One),
                Some((":", "2")) => owner[v] = Some(Player::Two),
                Some(("=", "1")) => outcome[v] = Some(Outcome::Win(Player::One)),
                Some(("=", "2")) => outcome[v] = Some(Outcome::Win(Player::Two)),
                Some(("=", "draw")) => outcome[v] = Some(Outcome::Draw),
                Some(_) => return Err(bad(statement, expected.clone())),
            }
            Ok(v)
        };
        let parts: Vec<&str> = statement.split("->").flat_map(|p| p.split('>')).collect();
        match parts.as_slice() {
            [one] => {
                side(one)?;
            }
            [from, to] => {
                let a = side(from)?;
                let b = side(to)?;
                if edges.len() >= MAX_TYPED_EDGES {
                    return Err(Error::too_large(
                        text!(
                            "a typed arena has at most {MAX_TYPED_EDGES} moves",
                            "une arène typée a au plus {MAX_TYPED_EDGES} coups"
                        ),
                        None,
                        MAX_TYPED_EDGES as u64,
                    ));
                }
                if !edges.contains(&(a as u32, b as u32)) {
                    edges.push((a as u32, b as u32));
                }
            }
            _ => return Err(bad(statement, expected.clone())),
        }
    }
    if names.is_empty() {
        return Err(bad(text, text!("at least one move a>b", "au moins un coup a>b")));
    }
    let mut has_move = vec![false; names.len()];
    for &(a, _) in &edges {
        has_move[a as usize] = true;
    }
    let mut owners = Vec::with_capacity(names.len());
    for (v, name) in names.iter().enumerate() {
        if has_move[v] && outcome[v].is_some() {
            return Err(bad(
                name,
                text!(
                    "an outcome only on a vertex without moves",
                    "une issue seulement sur un sommet sans coup"
                ),
            ));
        }
        match (owner[v], has_move[v], outcome[v]) {
            (Some(p), _, _) => owners.push(p),
            // A terminal with an outcome: nobody moves there; any owner will do.
            (None, false, Some(_)) => owners.push(Player::One),
            (None, _, _) => {
                return Err(bad(
                    name,
                    text!(
                        "an owner for this vertex (write name:1 or name:2)",
                        "un propriétaire pour ce sommet (écrivez nom:1 ou nom:2)"
                    ),
                ))
            }
        }
        if !has_move[v] && outcome[v].is_none() {
            // Normal play: whoever cannot move loses.
            outcome[v] = Some(Outcome::Win(owners[v].other()));
        }
    }
    let arena = Arena::from_edges(owners, &edges, outcome, 0)?;
    Ok(TypedArena { arena, names })
}
