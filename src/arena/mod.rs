//! Game graphs and attractors (seed 004): turn-based games of perfect
//! information as arenas, each player's attractor with ranks, winning strategies.
//!
//! * [`graph`]: the arena (owners, successors, terminal outcomes).
//! * [`attractor`]: the backward O(V + E) algorithm and the seed's iteration.
//! * [`subtraction`]: the stick game; [`chomp`]: the chocolate bar; [`edges`]: arenas typed by hand.

pub mod attractor;
pub mod chomp;
pub mod edges;
pub mod graph;
pub mod layout;
mod scenario;
pub mod subtraction;

pub use attractor::{attractor, choose_move, iterate, solve, Attractor, Solution, OUTSIDE};
pub use chomp::{chomp_arena, losing_boards, ChompArena};
pub use edges::parse_arena;
pub use graph::{Arena, Outcome, Player};
pub use scenario::{analyse, analyse_full, build, Analysis, Built, Kind, Scenario, EXAMPLE_EDGES, MAX_LISTED};
pub use subtraction::subtraction_arena;
