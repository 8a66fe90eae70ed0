//! The partizan rulesets, one line each: the name the link and the command
//! line use, what the page's menu calls it, the help beside the position's
//! field (both languages), the position it opens with, and the type that
//! plays it (its file says how its board is drawn, [`Board::VIEW`]). The enum,
//! the link's values, the report's dispatch, the page's menu and help come
//! from this list; a ruleset is its file and its line here.

use super::clobber::Clobber;
use super::cutcake::Cutcake;
use super::domineering::Domineering;
use super::drawing::View;
use super::hackenbush::Hackenbush;
use super::konane::Konane;
use super::rules::Board;
use super::toads::ToadsAndFrogs;
use crate::toolkit::{Error, Label};
use serde::Serialize;

/// A computation on a position of any ruleset with a board (the report's
/// value, outcome search, cost and link), each written once for every ruleset
/// and handed to the ruleset's `Board` by [`on_board`].
pub(super) trait Task {
    type Out;
    fn run<B: Board>(self, rules: B, position: &B::Position) -> Result<Self::Out, Error>;
}

/// Writes [`Ruleset`] and its lists from one line per ruleset with a board,
/// then the line of the typed game (no board).
macro_rules! partizan_rulesets {
    (boards {$(
        $(#[$attr:meta])* $variant:ident = $name:literal, $board:ty,
            $label:expr, $hint:expr, $start:literal;
    )*} typed { $(#[$tattr:meta])* $typed:ident = $tname:literal, $tlabel:expr, $thint:expr, $tstart:literal; }) => {
        /// A ruleset.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize)]
        #[serde(rename_all = "lowercase")]
        pub enum Ruleset {
            $($(#[$attr])* $variant,)*
            $(#[$tattr])* $typed,
        }

        /// The rulesets, by the names the link and the CLI use.
        pub const RULESETS: &[&str] = &[$($name,)* $tname];
        /// What the page's menu calls them, in [`RULESETS`] order.
        pub const RULESET_LABELS: &[Label] = &[$($label,)* $tlabel];
        /// The help the page shows beside the position's field, in [`RULESETS`] order.
        pub const RULESET_HINTS: &[Label] = &[$($hint,)* $thint];

        impl Ruleset {
            /// Every ruleset, in [`RULESETS`] order.
            pub const ALL: [Ruleset; RULESETS.len()] = [$(Ruleset::$variant,)* Ruleset::$typed];

            /// The position the ruleset opens with.
            pub fn start(self) -> &'static str {
                match self {
                    $(Ruleset::$variant => $start,)*
                    Ruleset::$typed => $tstart,
                }
            }

            /// How the page draws and edits its positions.
            pub fn view(self) -> View {
                match self {
                    $(Ruleset::$variant => <$board as Board>::VIEW,)*
                    Ruleset::$typed => View::Typed,
                }
            }
        }

        /// Reads `position` under `ruleset` and runs `task` on it; `None` for a
        /// typed game (no board). The one place that reaches each ruleset's type.
        pub(super) fn on_board<T: Task>(ruleset: Ruleset, position: &str, task: T) -> Result<Option<T::Out>, Error> {
            fn run<B: Board, T: Task>(text: &str, task: T) -> Result<Option<T::Out>, Error> {
                let (rules, position) = B::read(text)?;
                task.run(rules, &position).map(Some)
            }
            match ruleset {
                $(Ruleset::$variant => run::<$board, T>(position, task),)*
                Ruleset::$typed => Ok(None),
            }
        }
    };
}

partizan_rulesets! {
    boards {
        /// Domineering: `..../....`.
        #[default]
        Domineering = "domineering", Domineering,
            Label::new("Domineering", "Domineering"),
            Label::new(
                "Rows joined by /, . an empty cell, # a blocked one. Left places vertical dominoes, Right horizontal ones. Click a cell of the board below to block or free it.",
                "Lignes jointes par /, . une case vide, # une case bloquée. Gauche pose des dominos verticaux, Droite des horizontaux. Cliquez sur une case du plateau ci-dessous pour la bloquer ou la libérer.",
            ),
            "..../..../..../....";
        /// Toads and Frogs: `TT..FF`.
        Toads = "toads", ToadsAndFrogs,
            Label::new("Toads and Frogs", "Crapauds et grenouilles"),
            Label::new(
                "A strip of T (Left’s toads, moving right), F (Right’s frogs, moving left) and . (empty): one step into an empty square, or a jump over one creature of the other kind. Click a square below to change it.",
                "Une bande de T (les crapauds de Gauche, vers la droite), F (les grenouilles de Droite, vers la gauche) et . (vide) : un pas vers une case vide, ou un saut par-dessus une bête de l’autre camp. Cliquez sur une case ci-dessous pour la changer.",
            ),
            "TTT..FFF";
        /// Clobber: `xo/ox`.
        Clobber = "clobber", Clobber,
            Label::new("Clobber", "Clobber"),
            Label::new(
                "Rows joined by /, x Left’s stones, o Right’s, . empty: a stone moves onto an adjacent stone of the opponent, which is removed. Click a cell below to change it.",
                "Lignes jointes par /, x les pierres de Gauche, o celles de Droite, . vide : une pierre se pose sur une pierre adverse voisine, qui est retirée. Cliquez sur une case ci-dessous pour la changer.",
            ),
            "xoxo/oxox/xoxo";
        /// Blue-Red-Green Hackenbush: `g-a:b,a-b:r`.
        Hackenbush = "hackenbush", Hackenbush,
            Label::new("Blue-Red-Green Hackenbush", "Hackenbush bleu-rouge-vert"),
            Label::new(
                "Edges u-v:c joined by commas; g is the ground, c is b (blue, Left’s), r (red, Right’s) or g (green, either’s). Click an edge of the drawing to chop it: what no longer touches the ground falls.",
                "Arêtes u-v:c séparées par des virgules ; g est le sol, c vaut b (bleu, à Gauche), r (rouge, à Droite) ou g (vert, aux deux). Cliquez sur une arête du dessin pour la couper : ce qui ne touche plus le sol tombe.",
            ),
            "g-a:b,a-b:r,b-c:b,g-d:r,d-e:g,g-f:g";
        /// Cutcake: `2x3`.
        Cutcake = "cutcake", Cutcake,
            Label::new("Cutcake", "Découpe du gâteau (Cutcake)"),
            Label::new(
                "Pieces RxC (rows × columns) joined by +. Left cuts between columns, Right between rows. Click a line of the cake below to cut there, or change each piece with its buttons.",
                "Morceaux RxC (lignes × colonnes) joints par +. Gauche coupe entre les colonnes, Droite entre les lignes. Cliquez sur une ligne du gâteau ci-dessous pour y couper, ou changez chaque morceau avec ses boutons.",
            ),
            "4x6+3x5";
        /// Konane: `xo.o.`.
        Konane = "konane", Konane,
            Label::new("Konane", "Konane"),
            Label::new(
                "Rows joined by /, x Left’s stones, o Right’s, . empty: a stone jumps over an adjacent stone of the opponent into the empty cell beyond, which removes it, and may jump again in the same direction. Click a cell below to change it.",
                "Lignes jointes par /, x les pierres de Gauche, o celles de Droite, . vide : une pierre saute par-dessus une pierre adverse voisine vers la case vide derrière elle, ce qui la retire, et peut sauter encore dans la même direction. Cliquez sur une case ci-dessous pour la changer.",
            ),
            "xoxox/oxo.o/x.xox";
    }
    typed {
        /// A game typed in CGSuite's notation: `{1|*}`.
        Expr = "expr",
            Label::new("a game typed in CGSuite’s notation", "un jeu écrit dans la notation de CGSuite"),
            Label::new(
                "CGSuite’s notation: numbers (3, -1/2), * and *2, ^ and v (up, down; ^3 is ↑³), +-1 (±1), Tiny(2) and Miny(2) (⧾2, ⧿2), {left options | right options}, sums with + and -. To compare G with H, type G - H: P means G = H, L G > H, R G < H, N G ‖ H (confused).",
                "Notation de CGSuite : nombres (3, -1/2), * et *2, ^ et v (up, down ; ^3 vaut ↑³), +-1 (±1), Tiny(2) et Miny(2) (⧾2, ⧿2), {options de Gauche | options de Droite}, sommes avec + et -. Pour comparer G à H, tapez G - H : P veut dire G = H, L G > H, R G < H, N G ‖ H (confus).",
            ),
            "{2|-1} + ^ + *";
    }
}

impl Ruleset {
    /// The name in links and on the command line.
    pub fn name(self) -> &'static str {
        RULESETS[self as usize]
    }

    /// The ruleset called `name`.
    pub fn from_name(name: &str) -> Option<Ruleset> {
        Ruleset::ALL.into_iter().find(|r| r.name() == name)
    }
}

/// The sum box as the link writes it: `ruleset:position` parts joined by `; `
/// (here, beside the rulesets, for the scenario that writes links and the
/// report that names a sum alike).
pub fn write_sum(parts: &[(Ruleset, String)]) -> String {
    parts
        .iter()
        .map(|(r, p)| format!("{}:{p}", r.name()))
        .collect::<Vec<_>>()
        .join("; ")
}
