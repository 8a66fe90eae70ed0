//! The games themselves, each written once: positions, moves and the exact
//! solvers that more than one chapter shows. A layer between the toolkit and
//! the families: it imports the toolkit only, and the families that show a
//! game (game graphs, the search, Connect Four) import it from here, so no
//! family imports another (ARCHITECTURE.md, "Layers").
//!
//! * [`graph`]: arenas (owners, successors, terminal outcomes); [`attractor`](mod@attractor):
//!   the backward O(V + E) algorithm and the seed's iteration; [`edges`]: arenas typed by hand.
//! * [`subtraction`]: the stick game; [`chomp`]: the chocolate bar, its boards and
//!   their values.
//! * [`connect4`]: Connect Four's bitboard position and its exact solver;
//!   [`hex`]: Hex's position and its exact solver, beside it.

pub mod attractor;
pub mod chomp;
pub mod connect4;
pub mod edges;
pub mod graph;
pub mod hex;
pub mod subtraction;

pub use attractor::{attractor, attractor_to, choose_move, iterate, solve, Attractor, Solution, OUTSIDE};
pub use chomp::{chomp_arena, losing_boards, ChompArena};
pub use edges::parse_arena;
pub use graph::{Arena, Outcome, Player};
pub use subtraction::subtraction_arena;
