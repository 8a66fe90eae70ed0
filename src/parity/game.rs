//! A parity game: a finite graph whose vertices belong to Even (0) or Odd (1) and
//! carry a priority. An infinite play is won by Even when the largest priority
//! seen infinitely often is even (max-parity), by Odd otherwise.

use crate::toolkit::Error;
use serde::Serialize;

/// Most vertices a parity game may have (ids are kept as `u32`).
pub const MAX_VERTICES: usize = 50_000_000;
/// Most edges a parity game may have.
pub const MAX_EDGES: usize = 500_000_000;
/// The largest priority (PGSolver writes them as non-negative `int`s).
pub const MAX_PRIORITY: u32 = i32::MAX as u32;

/// One of the two players of a parity game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Parity {
    /// Player 0, who wins plays whose largest recurring priority is even.
    Even,
    /// Player 1.
    Odd,
}

impl Parity {
    /// The player who wins when `priority` is the largest seen infinitely often.
    pub fn of(priority: u32) -> Parity {
        if priority % 2 == 0 {
            Parity::Even
        } else {
            Parity::Odd
        }
    }

    /// 0 for Even, 1 for Odd (the owner column of PGSolver's files).
    pub fn index(self) -> usize {
        match self {
            Parity::Even => 0,
            Parity::Odd => 1,
        }
    }

    /// The player of index 0 or 1 (anything else is Odd).
    pub fn from_index(i: usize) -> Parity {
        if i == 0 {
            Parity::Even
        } else {
            Parity::Odd
        }
    }

    /// The opponent.
    pub fn other(self) -> Parity {
        match self {
            Parity::Even => Parity::Odd,
            Parity::Odd => Parity::Even,
        }
    }
}

/// A parity game in compressed form: the successors of vertex `v` are
/// `targets[offsets[v]..offsets[v + 1]]`. Vertices are numbered `0..len()`
/// densely; [`ParityGame::id`] gives the id a file used for each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParityGame {
    priority: Vec<u32>,
    owner: Vec<Parity>,
    offsets: Vec<u32>,
    targets: Vec<u32>,
    /// The file's id of each vertex (`None`: the ids are `0..len()`).
    ids: Option<Vec<u32>>,
    /// Names given in the file, by vertex (`None`: no name at all).
    names: Option<Vec<Option<Box<str>>>>,
    /// Where play starts, when the file says.
    pub start: Option<u32>,
}

impl ParityGame {
    /// A game from priorities, owners and successor lists (`offsets`, `targets`).
    ///
    /// # Errors
    /// [`Error::InvalidArena`] naming the vertex at fault when the lengths differ,
    /// a vertex has no successor, a successor is out of range, or the game is
    /// larger than [`MAX_VERTICES`] or [`MAX_EDGES`].
    pub fn new(
        priority: Vec<u32>,
        owner: Vec<Parity>,
        offsets: Vec<u32>,
        targets: Vec<u32>,
    ) -> Result<ParityGame, Error> {
        let n = priority.len();
        if n > MAX_VERTICES {
            return Err(Error::too_large(
                text!(
                    "a parity game has at most {} vertices",
                    "un jeu de parité a au plus {} sommets",
                    MAX_VERTICES
                ),
                Some(n as u64),
                MAX_VERTICES as u64,
            ));
        }
        if targets.len() > MAX_EDGES {
            return Err(Error::too_large(
                text!(
                    "a parity game has at most {} edges",
                    "un jeu de parité a au plus {} arcs",
                    MAX_EDGES
                ),
                Some(targets.len() as u64),
                MAX_EDGES as u64,
            ));
        }
        if owner.len() != n || offsets.len() != n + 1 || offsets.first() != Some(&0) {
            return Err(Error::InvalidArena(text!(
                "{} priorities, {} owners and {} offsets do not describe one game",
                "{} priorités, {} joueurs et {} débuts de listes ne décrivent pas un même jeu",
                n,
                owner.len(),
                offsets.len()
            )));
        }
        if offsets.last().map(|&e| e as usize) != Some(targets.len()) {
            return Err(Error::InvalidArena(text!(
                "the successor lists end at {}, the targets are {} long",
                "les listes de successeurs finissent à {}, les cibles sont {}",
                offsets.last().map_or(0, |&e| e as usize),
                targets.len()
            )));
        }
        for v in 0..n {
            if offsets[v] >= offsets[v + 1] {
                return Err(Error::InvalidArena(text!(
                    "vertex {} has no successor (every vertex of a parity game needs one)",
                    "le sommet {} n'a pas de successeur (tout sommet d'un jeu de parité en a un)",
                    v
                )));
            }
        }
        if let Some(&t) = targets.iter().find(|&&t| t as usize >= n) {
            return Err(Error::InvalidArena(text!(
                "successor {} is out of range (vertices 0 to {})",
                "le successeur {} est hors limites (sommets 0 à {})",
                t,
                n.saturating_sub(1)
            )));
        }
        if let Some(&p) = priority.iter().find(|&&p| p > MAX_PRIORITY) {
            return Err(Error::out_of_range(text!("priority", "priorité"), p, 0, MAX_PRIORITY));
        }
        Ok(ParityGame {
            priority,
            owner,
            offsets,
            targets,
            ids: None,
            names: None,
            start: None,
        })
    }

    /// A game from one `(priority, owner, successors)` per vertex.
    ///
    /// # Errors
    /// As [`ParityGame::new`].
    pub fn from_lists(vertices: &[(u32, Parity, Vec<u32>)]) -> Result<ParityGame, Error> {
        let mut offsets = Vec::with_capacity(vertices.len() + 1);
        let mut targets = Vec::new();
        offsets.push(0);
        for (_, _, succ) in vertices {
            targets.extend_from_slice(succ);
            offsets.push(u32::try_from(targets.len()).unwrap_or(u32::MAX));
        }
        ParityGame::new(
            vertices.iter().map(|v| v.0).collect(),
            vertices.iter().map(|v| v.1).collect(),
            offsets,
            targets,
        )
    }

    /// Keeps the file's ids and names (parallel to the vertices).
    pub(crate) fn with_labels(mut self, ids: Option<Vec<u32>>, names: Option<Vec<Option<Box<str>>>>) -> ParityGame {
        self.ids = ids;
        self.names = names;
        self
    }

    /// The same game with other priorities (one per vertex, each at most [`MAX_PRIORITY`]).
    pub(crate) fn with_priorities(mut self, priority: Vec<u32>) -> ParityGame {
        debug_assert_eq!(priority.len(), self.priority.len());
        debug_assert!(priority.iter().all(|&p| p <= MAX_PRIORITY));
        self.priority = priority;
        self
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.priority.len()
    }

    /// Whether the game has no vertex.
    pub fn is_empty(&self) -> bool {
        self.priority.is_empty()
    }

    /// Number of edges.
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The priority of `v`.
    pub fn priority(&self, v: usize) -> u32 {
        self.priority[v]
    }

    /// All priorities, by vertex.
    pub fn priorities(&self) -> &[u32] {
        &self.priority
    }

    /// The largest priority (`None` for the empty game).
    pub fn max_priority(&self) -> Option<u32> {
        self.priority.iter().copied().max()
    }

    /// Who moves at `v`.
    pub fn owner(&self, v: usize) -> Parity {
        self.owner[v]
    }

    /// The successors of `v`.
    pub fn successors(&self, v: usize) -> &[u32] {
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// Whether `w` is a successor of `v`.
    pub fn has_edge(&self, v: usize, w: u32) -> bool {
        self.successors(v).contains(&w)
    }

    /// The id the file gave `v` (`v` itself when the game was built in memory).
    pub fn id(&self, v: usize) -> u32 {
        self.ids.as_ref().map_or(v as u32, |ids| ids[v])
    }

    /// The vertex whose file id is `id`, if any.
    pub fn vertex_of_id(&self, id: u32) -> Option<usize> {
        match &self.ids {
            None => ((id as usize) < self.len()).then_some(id as usize),
            // Ids are stored in increasing order (the parser sorts them).
            Some(ids) => ids.binary_search(&id).ok(),
        }
    }

    /// The name the file gave `v`, if any.
    pub fn name(&self, v: usize) -> Option<&str> {
        self.names.as_ref().and_then(|n| n[v].as_deref())
    }

    /// Predecessor lists in the same compressed form (`offsets`, `sources`).
    ///
    /// # Complexity
    /// O(V + E).
    pub fn predecessors(&self) -> (Vec<u32>, Vec<u32>) {
        let n = self.len();
        let mut count = vec![0u32; n + 1];
        for &t in &self.targets {
            count[t as usize + 1] += 1;
        }
        for v in 0..n {
            count[v + 1] += count[v];
        }
        let offsets = count.clone();
        let mut sources = vec![0u32; self.targets.len()];
        for v in 0..n {
            for &t in self.successors(v) {
                let slot = &mut count[t as usize];
                sources[*slot as usize] = v as u32;
                *slot += 1;
            }
        }
        (offsets, sources)
    }
}
