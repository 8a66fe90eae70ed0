//! Game graphs and attractors (seed 004): turn-based games of perfect
//! information as arenas, each player's attractor with ranks, winning strategies.
//! The games and the attractor algorithm are [`crate::games`]'; this chapter
//! shows them.
//!
//! * [`layout`]: where the page draws a small arena (layered, no edge through a vertex).
//! * [`scenario`]: the link's keys; [`report`]: what the view shows; [`play`]: play against the computer.

mod family;
pub mod layout;
pub mod play;
pub mod report;
pub mod scenario;
pub mod text;

pub use family::GameGraphs;
pub use report::{analyse, build, Built, Report};
pub use scenario::{Kind, Scenario, EXAMPLE_EDGES, MAX_LISTED};
