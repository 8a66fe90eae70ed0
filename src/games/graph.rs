//! Arenas: finite directed graphs whose vertices belong to player 1 or 2 (the
//! player to move), with an outcome on every terminal vertex. Cycles are allowed.

use crate::toolkit::Error;
use serde::Serialize;

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Player {
    /// Player 1, who moves first.
    One,
    /// Player 2.
    Two,
}

impl Player {
    /// Both players, player 1 first.
    pub const BOTH: [Player; 2] = [Player::One, Player::Two];

    /// 0 for player 1, 1 for player 2.
    pub fn index(self) -> usize {
        match self {
            Player::One => 0,
            Player::Two => 1,
        }
    }

    /// The player of index 0 or 1 (anything else is player 2).
    pub fn from_index(i: usize) -> Player {
        if i == 0 {
            Player::One
        } else {
            Player::Two
        }
    }

    /// The opponent.
    pub fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// 1 or 2, as people write it.
    pub fn number(self) -> u8 {
        self.index() as u8 + 1
    }
}

/// How a terminal vertex ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Outcome {
    /// A win of this player.
    Win(Player),
    /// A draw.
    Draw,
}

/// Most vertices an arena may have.
pub const MAX_VERTICES: usize = 20_000_000;

/// A game graph in compressed form: successors of `v` are
/// `targets[offsets[v]..offsets[v + 1]]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Arena {
    owner: Vec<Player>,
    offsets: Vec<u32>,
    targets: Vec<u32>,
    /// Outcome of each terminal vertex (`None` for the others).
    outcome: Vec<Option<Outcome>>,
    /// Where play starts.
    pub start: usize,
}

impl Arena {
    /// An arena from owners, successor lists given as `offsets`/`targets` and the
    /// terminals' outcomes.
    ///
    /// # Errors
    /// [`Error::InvalidArena`] when the lists do not fit together or a terminal
    /// has no outcome; [`Error::TooLarge`] beyond [`MAX_VERTICES`].
    pub fn new(
        owner: Vec<Player>,
        offsets: Vec<u32>,
        targets: Vec<u32>,
        outcome: Vec<Option<Outcome>>,
        start: usize,
    ) -> Result<Arena, Error> {
        let n = owner.len();
        if n > MAX_VERTICES {
            return Err(Error::too_large(
                text!(
                    "an arena has at most {MAX_VERTICES} vertices (this one has {n})",
                    "une arène a au plus {MAX_VERTICES} sommets (celle-ci en a {n})"
                ),
                Some(n as u64),
                MAX_VERTICES as u64,
            ));
        }
        if n == 0 || offsets.len() != n + 1 || outcome.len() != n || start >= n {
            return Err(Error::InvalidArena(text!(
                "an arena needs at least one vertex and consistent lists",
                "une arène demande au moins un sommet et des listes cohérentes"
            )));
        }
        if offsets[0] != 0 || offsets.windows(2).any(|w| w[0] > w[1]) || offsets[n] as usize != targets.len() {
            return Err(Error::InvalidArena(text!(
                "successor offsets must increase to the number of edges",
                "les décalages des successeurs doivent croître jusqu'au nombre d'arêtes"
            )));
        }
        if let Some(&t) = targets.iter().find(|&&t| t as usize >= n) {
            return Err(Error::InvalidArena(text!(
                "edge to vertex {t}, but there are {n} {{vertex|vertices}}",
                "arête vers le sommet {t}, mais il y a {n} {{sommet|sommets}}"
            )));
        }
        for v in 0..n {
            let terminal = offsets[v] == offsets[v + 1];
            if terminal && outcome[v].is_none() {
                return Err(Error::InvalidArena(text!(
                    "terminal vertex {v} has no outcome",
                    "le sommet terminal {v} n'a pas d'issue"
                )));
            }
        }
        Ok(Arena {
            owner,
            offsets,
            targets,
            outcome,
            start,
        })
    }

    /// An arena from an edge list (any order).
    ///
    /// # Errors
    /// As [`Arena::new`].
    pub fn from_edges(
        owner: Vec<Player>,
        edges: &[(u32, u32)],
        outcome: Vec<Option<Outcome>>,
        start: usize,
    ) -> Result<Arena, Error> {
        let n = owner.len();
        let mut offsets = vec![0u32; n + 1];
        for &(a, _) in edges {
            if a as usize >= n {
                return Err(Error::InvalidArena(text!(
                    "edge from vertex {a}, but there are {n} {{vertex|vertices}}",
                    "arête depuis le sommet {a}, mais il y a {n} {{sommet|sommets}}"
                )));
            }
            offsets[a as usize + 1] += 1;
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let mut next = offsets.clone();
        let mut targets = vec![0u32; edges.len()];
        for &(a, b) in edges {
            targets[next[a as usize] as usize] = b;
            next[a as usize] += 1;
        }
        Arena::new(owner, offsets, targets, outcome, start)
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.owner.len()
    }

    /// Whether the arena has no vertex (never: `new` refuses it).
    pub fn is_empty(&self) -> bool {
        self.owner.is_empty()
    }

    /// Number of moves.
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The player to move at `v`.
    pub fn owner(&self, v: usize) -> Player {
        self.owner[v]
    }

    /// The vertices one move from `v`.
    pub fn successors(&self, v: usize) -> &[u32] {
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// Whether `v` has no move.
    pub fn is_terminal(&self, v: usize) -> bool {
        self.offsets[v] == self.offsets[v + 1]
    }

    /// The outcome of a terminal vertex (`None` for the others).
    pub fn outcome(&self, v: usize) -> Option<Outcome> {
        self.outcome[v]
    }

    /// Predecessor lists in the same compressed form: `(offsets, sources)`.
    pub fn predecessors(&self) -> (Vec<u32>, Vec<u32>) {
        let n = self.len();
        let mut offsets = vec![0u32; n + 1];
        for &t in &self.targets {
            offsets[t as usize + 1] += 1;
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let mut next = offsets.clone();
        let mut sources = vec![0u32; self.targets.len()];
        for v in 0..n {
            for &t in self.successors(v) {
                sources[next[t as usize] as usize] = v as u32;
                next[t as usize] += 1;
            }
        }
        (offsets, sources)
    }
}
