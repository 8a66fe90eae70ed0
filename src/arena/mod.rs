//! Game graphs and attractors (seed 004): turn-based games of perfect
//! information as arenas, each player's attractor with ranks, winning strategies.
//!
//! * [`graph`]: the arena (owners, successors, terminal outcomes).
//! * [`attractor`](mod@attractor): the backward O(V + E) algorithm and the seed's iteration.
//! * [`subtraction`]: the stick game; [`chomp`]: the chocolate bar; [`edges`]: arenas typed by hand.
//! * [`layout`]: where the page draws a small arena (layered, no edge through a vertex).
//! * [`scenario`]: the link's keys; [`report`]: what the view shows; [`play`]: play against the computer.
//! * [`search`]: the course's next chapter — minimax, alpha-beta, move ordering and a
//!   transposition table on games too big to build, beside the exact answer.

pub mod attractor;
pub mod chomp;
pub mod connect4;
pub mod edges;
mod family;
pub mod graph;
pub mod layout;
pub mod parity;
pub mod play;
pub mod report;
pub mod scenario;
pub mod search;
pub mod subtraction;

pub use attractor::{attractor, choose_move, iterate, solve, Attractor, Solution, OUTSIDE};
pub use chomp::{chomp_arena, losing_boards, ChompArena};
pub use edges::parse_arena;
pub use family::GameGraphs;
pub use graph::{Arena, Outcome, Player};
pub use report::{analyse, build, Built, Report};
pub use scenario::{Kind, Scenario, EXAMPLE_EDGES, MAX_LISTED};
pub use subtraction::subtraction_arena;
