//! The impartial-games scenario: the list of modes and every key's value.
//! Which keys a mode reads is its module's (`super::modes`); the link's
//! parsing and writing are in `super::link`.

use super::graph::Graph;
use super::octal::OctalCode;

/// The impartial modes: one line each, `Variant "link name" module` (the
/// module in [`super::modes`], whose `Rules` say the mode's keys, checks, cost
/// and analysis, and whose report becomes a variant of [`super::Report`]).
/// A new mode is its module and one line here; the enum [`Mode`], the
/// report, the link's keys and the page's form all follow from it.
macro_rules! impartial_modes {
    ($then:ident) => {
        $then! {
            Nim "nim" nim,
            Octal "octal" octal,
            Subtraction "subtraction" subtraction,
            Graph "graph" graph,
            Sum "sum" sum,
            Misere "misere" misere,
            Quotient "quotient" quotient,
            Solitaire "solitaire" solitaire,
            Table "table" table,
        }
    };
}
pub(crate) use impartial_modes;

macro_rules! define_mode {
    ($($variant:ident $name:literal $module:ident,)*) => {
        /// What the impartial-games view computes (menu order); see each mode's module.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Mode {
            $(
                #[doc = concat!("`mode=", $name, "`: see `modes::", stringify!($module), "`.")]
                $variant,
            )*
        }

        impl Mode {
            /// Every mode, in menu order.
            pub const ALL: &'static [Mode] = &[$(Mode::$variant,)*];
            /// Their link names, in the same order.
            pub const NAMES: &'static [&'static str] = &[$($name,)*];
        }
    };
}
impartial_modes!(define_mode);

impl Mode {
    /// The value of the `mode` key.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

/// What a misère position is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MisereOf {
    /// Nim heaps.
    Nim,
    /// Heaps of an octal game.
    Octal,
    /// A graph (node-Kayles).
    Graph,
}

impl MisereOf {
    /// Every kind, in menu order.
    pub const ALL: [MisereOf; 3] = [MisereOf::Nim, MisereOf::Octal, MisereOf::Graph];
    /// Their link names.
    pub const NAMES: [&'static str; 3] = ["nim", "octal", "graph"];

    /// The value of the `of` key.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

/// Most heaps of a Nim position.
pub const MAX_HEAPS: usize = 40;
/// Most heaps of a misère sum answered by a quotient.
pub const MAX_SUM_HEAPS: usize = 1_000;
/// The quotient's heap limit of a link that names none.
pub const DEFAULT_HEAP_LIMIT: usize = 30;
/// The largest Nim heap.
pub const MAX_NIM_HEAP: u64 = 1_000_000_000;
/// Most heap sizes whose values are computed.
pub const MAX_UP_TO: usize = 1 << 25;
/// Longest text of a graph, a sum or a line.
pub const MAX_TEXT: usize = 4_000;

/// One impartial-games view.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scenario {
    /// What is computed.
    pub mode: Mode,
    /// Nim heaps (also misère heaps).
    pub heaps: Vec<u64>,
    /// The octal game.
    pub code: OctalCode,
    /// Heap sizes 0..=up_to whose values are computed.
    pub up_to: usize,
    /// A subtraction game's takes (sorted, distinct).
    pub set: Vec<usize>,
    /// The drawn graph (edges or a preset).
    pub graph: Graph,
    /// The graph as the link writes it.
    pub graph_text: String,
    /// The colouring game instead of node-Kayles.
    pub colouring: bool,
    /// A sum of games.
    pub sum: String,
    /// A second sum to compare with.
    pub other: Option<String>,
    /// What a misère position is made of.
    pub of: MisereOf,
    /// A peg solitaire line.
    pub line: String,
    /// Digits after the point of the table's codes.
    pub digits: usize,
    /// The misère quotient covers heaps 0..=heap_limit.
    pub heap_limit: usize,
}

/// The heaps of a misère octal link that names none.
pub const DEFAULT_MISERE_HEAPS: [u64; 2] = [3, 4];

/// The graph of a link that names none.
pub const DEFAULT_GRAPH: &str = "path:7";

impl Default for Scenario {
    /// The seed's Nim example.
    fn default() -> Self {
        Scenario {
            mode: Mode::Nim,
            heaps: vec![8, 8, 7, 7, 7, 6, 4, 4, 4, 2, 1],
            code: OctalCode::parse("0.77").expect("Kayles"),
            up_to: 200,
            set: vec![1, 2, 3],
            graph: Graph::preset(DEFAULT_GRAPH).expect("a preset"),
            graph_text: DEFAULT_GRAPH.into(),
            colouring: false,
            sum: "nim 3; 0.77 10; path:5".into(),
            other: None,
            of: MisereOf::Octal,
            line: "1101101".into(),
            digits: 2,
            heap_limit: DEFAULT_HEAP_LIMIT,
        }
    }
}
