//! One position analysed, whatever its ruleset: its value in CGSuite's
//! notation, its canonical form, outcome, mean and temperature with the
//! thermograph, and the winning moves of each player moving first. The CLI
//! prints it as JSON; the page draws it.

use super::atomic::AtomicWeights;
pub use super::drawing::{Drawing, View};
use super::game::{GameId, Games, Outcome, Relation, Side};
use super::notation::{self, Namer};
use super::outcome::OutcomeSearch;
use super::rules::{wins, Board, Solver};
use super::rulesets::{on_board, Task};
pub use super::rulesets::{Ruleset, RULESETS, RULESET_HINTS, RULESET_LABELS};
use super::thermograph::{Thermograph, Walls};
use crate::toolkit::{Error, Progress, Quoted};
use serde::Serialize;

/// The most parts a solve may visit before it stops (the cost guard's
/// limits keep every position the page and the CLI accept well below it).
pub const PART_LIMIT: usize = 4_000_000;

/// Forms of the canonical form written out in full; deeper ones keep their value only.
pub const FORM_NODES: usize = 400;

/// Levels of the canonical form written out; deeper forms keep their value only.
/// A chain such as ↓¹⁰²⁴'s nested 400 levels (JSON 802 deep, past the 128 that
/// serde_json and other readers accept by default), which no one reads anyway.
pub const FORM_DEPTH: usize = 40;

/// Most moves of one player listed for play on the board (Domineering 8 × 8
/// has 112 of each; a board beyond is played by typing its position).
pub const MAX_OPTIONS: usize = 400;

/// A canonical form written out: its value, and its options unless the form
/// is a number or too deep to write (`left` and `right` then absent).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Form {
    /// The form's value in CGSuite's notation.
    pub value: String,
    /// The same with the page's signs (`↑`, `±`, `−`).
    pub display: String,
    /// Left's options.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left: Option<Vec<Form>>,
    /// Right's options.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right: Option<Vec<Form>>,
}

/// A winning move: the position after it and its value.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Move {
    /// The position after the move (for a typed game, the option's value).
    pub position: String,
    /// Its value.
    pub value: String,
    /// The same with the page's signs.
    pub display: String,
    /// What the move changed, for the page to mark: the cells (row by row)
    /// of a board, the squares of a strip, the edges (in the position's
    /// order) chopped or fallen, the piece cut.
    pub changed: Vec<usize>,
}

/// Everything the page and the CLI show of one position.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    /// The ruleset's name.
    pub ruleset: &'static str,
    /// The position as read back.
    pub position: String,
    /// The value in CGSuite's notation (ASCII: `^^*`, `+-1`, `{2|-1}`).
    pub value: String,
    /// The value with the page's signs (`⇑*`, `±1`, `{2|−1}`).
    pub display: String,
    /// The canonical form, nested.
    pub canonical: Form,
    /// Who wins: `L`, `R`, `N` (whoever starts) or `P` (whoever does not).
    pub outcome: Outcome,
    /// The value when it is a number (exact, `3/4`), else null.
    pub number: Option<String>,
    /// The mean (exact).
    pub mean: String,
    /// The temperature (exact; negative for a number).
    pub temperature: String,
    /// The thermograph's walls.
    pub thermograph: Thermograph,
    /// The atomic weight in CGSuite's notation when the value is all-small
    /// (every follower has moves for both players or for neither), else null.
    pub atomic_weight: Option<String>,
    /// The same with the page's signs.
    pub atomic_display: Option<String>,
    /// Left's winning moves moving first.
    pub left_moves: Vec<Move>,
    /// Right's winning moves moving first.
    pub right_moves: Vec<Move>,
    /// Every move of Left's (the position it leaves, its value, the cells it
    /// changes), for play on the board; empty beyond [`MAX_OPTIONS`].
    pub left_options: Vec<Move>,
    /// Every move of Right's likewise.
    pub right_options: Vec<Move>,
    /// Parts solved (positions of the ruleset in normal form; 0 for a typed game).
    pub positions: usize,
    /// Canonical forms built.
    pub forms: usize,
    /// A Hackenbush position's drawing (null for the other rulesets).
    pub drawing: Option<Drawing>,
    /// How the page draws and edits the ruleset's positions.
    pub view: View,
    /// The sum box: this position and the others the link lists, added up
    /// (null when it lists none).
    pub sum: Option<SumReport>,
}

/// One part of a sum: its ruleset, position and value.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Part {
    /// The ruleset's name.
    pub ruleset: &'static str,
    /// The position.
    pub position: String,
    /// Its value in CGSuite's notation.
    pub value: String,
    /// The same with the page's signs.
    pub display: String,
}

/// A winning move in a sum: which part is played, and what it leaves.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SumMove {
    /// The part played (0 is the position of the link's `position`).
    pub part: usize,
    /// That part's position after the move.
    pub position: String,
    /// The value of the whole sum after the move, with the page's signs.
    pub total: String,
}

/// Positions added up: each part's value, the sum's, who wins it, and where
/// each player moving first wins (a move in one part that leaves the whole
/// sum at least 0 for Left, at most 0 for Right).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SumReport {
    /// The parts, the link's position first.
    pub parts: Vec<Part>,
    /// The sum's value in CGSuite's notation.
    pub value: String,
    /// The same with the page's signs.
    pub display: String,
    /// Who wins the sum.
    pub outcome: Outcome,
    /// Left's winning moves in the sum, moving first.
    pub left_moves: Vec<SumMove>,
    /// Right's winning moves in the sum, moving first.
    pub right_moves: Vec<SumMove>,
    /// How the parts compare: `order[i][j]` is part `i` against part `j`
    /// (`Greater` when `i > j`, `Fuzzy` when they are confused).
    pub order: Vec<Vec<Relation>>,
}

/// The sum of solved parts, and its winning moves.
///
/// # Errors
/// [`Error::InvalidValue`] on key `sum` when adding the values would take more
/// than [`MAX_BOX_WORK`] steps ([`Games::sum_work`]): known only once the
/// parts are solved, but before the sum is begun.
fn sum_report(
    games: &mut Games,
    namer: &mut Namer,
    parts: &[(Ruleset, Solved)],
    text: &str,
) -> Result<SumReport, Error> {
    let values: Vec<GameId> = parts.iter().map(|(_, p)| p.value).collect();
    let work = games.sum_work(&values);
    if work > MAX_BOX_WORK {
        return Err(Error::InvalidValue {
            key: "sum",
            value: Quoted::new(text),
            expected: crate::text!(
                "parts whose values add up sooner: adding these would take about {} steps, more than the {} allowed",
                "des parties dont les valeurs s’additionnent plus vite : les ajouter demanderait environ {} étapes, plus que les {} permises",
                work.round() as u64,
                MAX_BOX_WORK as u64
            ),
        });
    }
    let total = games.sum(&values);
    let mut moves = [Vec::new(), Vec::new()];
    for (k, side) in [Side::Left, Side::Right].into_iter().enumerate() {
        for (i, (_, part)) in parts.iter().enumerate() {
            // The other parts added up, not the total less this one: the same
            // value, without the sum of the total and its part's negative (a
            // typed ↑²⁹⁷* beside 1 took 0.37 s that way).
            let others: Vec<GameId> = (0..values.len()).filter(|&j| j != i).map(|j| values[j]).collect();
            let rest = games.sum(&others);
            let options = if side == Side::Left { &part.left } else { &part.right };
            for (position, v, _) in options {
                let after = games.add(rest, *v);
                if wins(games, side, after) {
                    let name = namer.name(games, after);
                    moves[k].push(SumMove {
                        part: i,
                        position: position.clone(),
                        total: notation::unicode(&name),
                    });
                }
            }
        }
    }
    let [left_moves, right_moves] = moves;
    let order = values
        .iter()
        .map(|&a| values.iter().map(|&b| games.compare(a, b)).collect())
        .collect();
    let value = namer.name(games, total);
    Ok(SumReport {
        parts: parts
            .iter()
            .map(|(r, p)| {
                let value = namer.name(games, p.value);
                Part {
                    ruleset: r.name(),
                    position: p.position.clone(),
                    display: notation::unicode(&value),
                    value,
                }
            })
            .collect(),
        display: notation::unicode(&value),
        value,
        outcome: games.outcome(total),
        left_moves,
        right_moves,
        order,
    })
}

/// The most steps the sum box's values may take to add ([`Games::sum_work`]):
/// in the worker, about as long as the largest solve the cost guard allows.
pub const MAX_BOX_WORK: f64 = 1e7;

/// Analyses `position` under `ruleset`.
///
/// # Errors
/// [`Error::InvalidValue`] on key `position` for a position that breaks the
/// ruleset's format (naming the character, row, edge or token at fault);
/// [`Error::TooLarge`] past [`PART_LIMIT`].
pub fn analyse(ruleset: Ruleset, position: &str, progress: Progress) -> Result<Analysis, Error> {
    analyse_sum(ruleset, position, &[], progress)
}

/// Analyses `position` under `ruleset` and, when `others` lists positions,
/// the sum of all of them ([`SumReport`]: each part's value, the sum's, and
/// where to play in it).
///
/// # Errors
/// As [`analyse`], for any part.
pub fn analyse_sum(
    ruleset: Ruleset,
    position: &str,
    others: &[(Ruleset, String)],
    progress: Progress,
) -> Result<Analysis, Error> {
    let mut games = Games::new();
    let mut namer = Namer::new();
    let (mut solved, hackenbush) = solve_any(&mut games, &mut namer, ruleset, position, progress)?;
    let sum = if others.is_empty() {
        None
    } else {
        let mut parts = vec![(ruleset, solved.clone())];
        for (r, p) in others {
            parts.push((*r, solve_any(&mut games, &mut namer, *r, p, progress)?.0));
        }
        Some(sum_report(
            &mut games,
            &mut namer,
            &parts,
            &super::rulesets::write_sum(others),
        )?)
    };
    let all = |list: &Vec<(String, GameId, Vec<usize>)>| {
        if list.len() <= MAX_OPTIONS {
            list.clone()
        } else {
            Vec::new()
        }
    };
    let (left_options, right_options) = (all(&solved.left), all(&solved.right));
    solved.left.retain(|m| wins(&mut games, Side::Left, m.1));
    solved.right.retain(|m| wins(&mut games, Side::Right, m.1));
    let value = namer.name(&mut games, solved.value);
    let thermograph = Thermograph::of(&mut games, solved.value, &mut Walls::new());
    let atomic_weight = AtomicWeights::new()
        .of(&mut games, solved.value)
        .map(|aw| namer.name(&mut games, aw));
    let mut budget = FORM_NODES;
    let canonical = form(&mut games, &mut namer, solved.value, &mut budget, FORM_DEPTH);
    let moves = |games: &mut Games, namer: &mut Namer, list: Vec<(String, GameId, Vec<usize>)>| -> Vec<Move> {
        list.into_iter()
            .map(|(position, v, changed)| {
                let value = namer.name(games, v);
                Move {
                    position,
                    display: notation::unicode(&value),
                    value,
                    changed,
                }
            })
            .collect()
    };
    let left_moves = moves(&mut games, &mut namer, solved.left);
    let right_moves = moves(&mut games, &mut namer, solved.right);
    let left_options = moves(&mut games, &mut namer, left_options);
    let right_options = moves(&mut games, &mut namer, right_options);
    Ok(Analysis {
        ruleset: ruleset.name(),
        position: solved.position,
        display: notation::unicode(&value),
        value,
        canonical,
        outcome: games.outcome(solved.value),
        number: games.number_value(solved.value).map(|x| x.to_string()),
        mean: thermograph.mean.to_string(),
        temperature: thermograph.temperature.to_string(),
        thermograph,
        atomic_display: atomic_weight.as_deref().map(notation::unicode),
        atomic_weight,
        left_moves,
        right_moves,
        left_options,
        right_options,
        positions: solved.positions,
        forms: games.len(),
        drawing: hackenbush,
        view: ruleset.view(),
        sum,
    })
}

/// A task's result with what the page draws beside the board.
type OnBoard<T> = (T, Option<Drawing>);

/// The value of a position and every move of each player with the value it leaves.
struct Valued<'g, 'p, 'q> {
    games: &'g mut Games,
    progress: &'p mut Progress<'q>,
}

impl Task for Valued<'_, '_, '_> {
    type Out = OnBoard<Solved>;
    fn run<B: Board>(self, rules: B, position: &B::Position) -> Result<Self::Out, Error> {
        let (games, progress) = (self.games, &mut *self.progress);
        let picture = rules.picture(position);
        let mut solver = Solver::new(rules, PART_LIMIT);
        let value = solver.value(games, position, progress)?;
        let left = solver.moves(games, position, Side::Left, progress)?;
        let right = solver.moves(games, position, Side::Right, progress)?;
        let rules = &solver.rules;
        let listed = |moves: Vec<(B::Position, GameId)>| {
            moves
                .into_iter()
                .map(|(p, v)| (rules.text(&p), v, rules.changed(position, &p)))
                .collect()
        };
        let solved = Solved {
            value,
            position: rules.text(position),
            left: listed(left),
            right: listed(right),
            positions: solver.solved(),
        };
        Ok((solved, picture))
    }
}

/// A position of any ruleset solved: its value and every move of each player
/// with the value it leaves; a Hackenbush position's drawing too.
fn solve_any(
    games: &mut Games,
    namer: &mut Namer,
    ruleset: Ruleset,
    position: &str,
    mut progress: Progress,
) -> Result<(Solved, Option<Drawing>), Error> {
    if let Some(found) = on_board(
        ruleset,
        position,
        Valued {
            games,
            progress: &mut progress,
        },
    )? {
        return Ok(found);
    }
    // A typed game: its canonical options are its moves.
    let g = notation::parse(games, position)?;
    let mut moves: [Vec<(String, GameId, Vec<usize>)>; 2] = [Vec::new(), Vec::new()];
    for (i, side) in [Side::Left, Side::Right].into_iter().enumerate() {
        for o in games.options(g, side).to_vec() {
            moves[i].push((namer.name(games, o), o, Vec::new()));
        }
    }
    let [left, right] = moves;
    Ok((
        Solved {
            value: g,
            position: position.trim().to_string(),
            left,
            right,
            positions: 0,
        },
        None,
    ))
}

#[derive(Clone)]
struct Solved {
    value: GameId,
    position: String,
    left: Vec<(String, GameId, Vec<usize>)>,
    right: Vec<(String, GameId, Vec<usize>)>,
    positions: usize,
}

/// The canonical form of `g` written out as [`Analysis::canonical`] is (the
/// first [`FORM_NODES`] forms in full, at most [`FORM_DEPTH`] levels, deeper
/// ones by their value).
pub fn canonical_form(games: &mut Games, namer: &mut Namer, g: GameId) -> Form {
    let mut budget = FORM_NODES;
    form(games, namer, g, &mut budget, FORM_DEPTH)
}

/// The value of `position` under `ruleset` (a typed game: its value in
/// CGSuite's notation), built in `games`: for a caller that keeps its games
/// to add and compare them (Python's `Game`).
///
/// # Errors
/// As [`analyse`].
pub fn value_in(games: &mut Games, ruleset: Ruleset, position: &str, progress: Progress) -> Result<GameId, Error> {
    Ok(solve_any(games, &mut Namer::new(), ruleset, position, progress)?
        .0
        .value)
}

/// `g` written out as nested options, `budget` forms and `levels` levels at most.
fn form(games: &mut Games, namer: &mut Namer, g: GameId, budget: &mut usize, levels: usize) -> Form {
    let value = namer.name(games, g);
    let display = notation::unicode(&value);
    if games.number_value(g).is_some() || *budget == 0 || levels == 0 {
        return Form {
            value,
            display,
            left: None,
            right: None,
        };
    }
    *budget -= 1;
    let mut sides = [Vec::new(), Vec::new()];
    for (i, side) in [Side::Left, Side::Right].into_iter().enumerate() {
        for o in games.options(g, side).to_vec() {
            sides[i].push(form(games, namer, o, budget, levels - 1));
        }
    }
    let [left, right] = sides;
    Form {
        value,
        display,
        left: Some(left),
        right: Some(right),
    }
}

/// Reads a ruleset's name.
///
/// # Errors
/// [`Error::NotOneOf`] naming the value and the rulesets.
pub fn ruleset(name: &str) -> Result<Ruleset, Error> {
    Ruleset::from_name(name).ok_or_else(|| Error::NotOneOf {
        key: "ruleset",
        value: Quoted::new(name),
        allowed: RULESETS.iter().map(ToString::to_string).collect(),
    })
}

/// What a step of a typed sum ([`Games::sum_work`]) costs, in the parts of
/// [`estimate`] (BENCHMARKS.md, "Typed sums").
const PARTS_PER_STEP: f64 = 0.005;

/// The most parts the cost guard lets a solve visit (estimated before any work).
pub const MAX_PARTS: f64 = 4e5;

/// The most parts (as [`estimate`] counts them for a value) the cost guard lets
/// an outcome search start on: 7 × 7 Domineering (about 1.2·10⁹, searched in
/// under a minute natively: BENCHMARKS.md), not 8 × 8.
pub const MAX_SEARCHED: f64 = 2e9;

/// What is asked of a position: its value (canonical form, thermograph,
/// winning moves), or only who wins, by [`outcome`](super::outcome)'s search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Solve {
    /// The value and everything read from it.
    #[default]
    Value,
    /// Who wins, and the winning first moves, for positions too large for a value.
    Outcome,
}

/// The names of [`Solve`]'s values in links and on the command line.
pub const SOLVES: &[&str] = &["value", "outcome"];

impl Solve {
    /// Both, in [`SOLVES`] order.
    pub const ALL: [Solve; 2] = [Solve::Value, Solve::Outcome];

    /// The name in links.
    pub fn name(self) -> &'static str {
        SOLVES[self as usize]
    }
}

/// What the family's view shows: a value's analysis or an outcome's search.
/// Serialized as the analysis or the search itself (untagged: the command
/// line's contract since it first printed them; an outcome is the one with
/// `leaves_up_to`).
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum PartizanReport {
    /// [`analyse_sum`]'s analysis (boxed, as the outcome: a report is moved whole).
    Value(Box<Analysis>),
    /// [`outcome_report`]'s search.
    Outcome(Box<OutcomeReport>),
    /// [`preview`]: the board before any solve (the one with `preview`).
    Preview(Box<Preview>),
}

/// A board as its link holds it, nothing solved: shown under the go-ahead
/// question of a long solve, edited and played from there.
#[derive(Clone, Debug, Serialize)]
pub struct Preview {
    /// Always true: how the page tells a preview.
    pub preview: bool,
    /// The ruleset's name.
    pub ruleset: &'static str,
    /// The position as read back.
    pub position: String,
    /// Each player's moves, with the positions they leave and the cells they
    /// change (no value: `value` and `display` empty).
    pub left_options: Vec<Move>,
    /// Right's moves.
    pub right_options: Vec<Move>,
    /// No winning move is known yet: empty, as the page's board reads them.
    pub left_moves: Vec<Move>,
    /// The same for Right.
    pub right_moves: Vec<Move>,
    /// A Hackenbush or Cutcake position's drawing (null for the other rulesets).
    pub drawing: Option<Drawing>,
    /// How the page draws and edits the ruleset's positions.
    pub view: View,
}

/// The moves of a position with no value, for [`preview`].
struct Unsolved;

impl Task for Unsolved {
    type Out = Preview;
    fn run<B: Board>(self, rules: B, position: &B::Position) -> Result<Preview, Error> {
        let listed = |side| -> Vec<Move> {
            let moves = rules.moves(position, side);
            if moves.len() > MAX_OPTIONS {
                return Vec::new();
            }
            moves
                .into_iter()
                .map(|p| Move {
                    position: rules.text(&p),
                    value: String::new(),
                    display: String::new(),
                    changed: rules.changed(position, &p),
                })
                .collect()
        };
        Ok(Preview {
            preview: true,
            ruleset: "",
            position: rules.text(position),
            left_options: listed(Side::Left),
            right_options: listed(Side::Right),
            left_moves: Vec::new(),
            right_moves: Vec::new(),
            drawing: rules.picture(position),
            view: B::VIEW,
        })
    }
}

/// The board of `position` before any solve (None for a typed game, whose
/// text is all there is to show, or a position that does not read).
pub fn preview(ruleset: Ruleset, position: &str) -> Option<Preview> {
    let mut p = on_board(ruleset, position, Unsolved).ok()??;
    p.ruleset = ruleset.name();
    Some(p)
}

/// Who wins a position, found by search (no value): [`outcome_report`].
#[derive(Clone, Debug, Serialize)]
pub struct OutcomeReport {
    /// The ruleset's name.
    pub ruleset: &'static str,
    /// The position as read back.
    pub position: String,
    /// Who wins: `L`, `R`, `N` or `P`.
    pub outcome: Outcome,
    /// Left's winning first moves: the positions they leave (no value: `value`
    /// and `display` empty); all of them unless `all_moves` is false (then the first found).
    pub left_moves: Vec<Move>,
    /// Right's winning first moves.
    pub right_moves: Vec<Move>,
    /// Positions the search expanded.
    pub positions: u64,
    /// Whether the moves listed are every winning move (false past [`ALL_MOVES_AFTER`]
    /// positions: one winning move per player, the first the search found).
    pub all_moves: bool,
    /// Regions of at most this size are leaves, replaced by their values.
    pub leaves_up_to: usize,
    /// A Hackenbush position's drawing (null for the other rulesets).
    pub drawing: Option<Drawing>,
    /// How the page draws and edits the ruleset's positions.
    pub view: View,
}

/// Up to this many parts (as [`estimate`] counts them), who wins is read
/// from the value (about 0.2 s in the browser) instead of searched.
pub const VALUE_FOR_OUTCOME_PARTS: f64 = 1e4;

/// Positions an outcome search may expand before its report lists one winning
/// move per player instead of all (6 × 6 Domineering: 6,688, all listed; 7 × 7:
/// about 10⁶, one each).
pub const ALL_MOVES_AFTER: u64 = 200_000;

/// Parts of at most this many cells, squares or edges are the search's leaves
/// (their canonical forms are quick; larger leaves slowed 7 × 7 down: BENCHMARKS.md).
pub const LEAVES_UP_TO: usize = 14;

/// Who wins `position`, and each player's winning first moves, by the search
/// whose leaves are the values of small parts ([`OutcomeSearch`]).
///
/// # Errors
/// The ruleset's parse errors; [`Error::TooLarge`] past [`PART_LIMIT`] states.
pub fn outcome_report(ruleset: Ruleset, position: &str, mut progress: Progress) -> Result<OutcomeReport, Error> {
    let mut games = Games::new();
    // A value within reach says who wins sooner than a search (Cutcake's
    // 12 × 12: 144 parts, where the search split it into millions of cakes).
    let by_value = estimate(ruleset, position)? <= VALUE_FOR_OUTCOME_PARTS;
    let searched = if by_value {
        None
    } else {
        on_board(
            ruleset,
            position,
            Searched {
                games: &mut games,
                progress: &mut progress,
            },
        )?
    };
    let ((outcome, left, right, positions, all_moves), drawing) = if let Some(found) = searched {
        found
    } else {
        // The value: who wins, and which options win.
        let mut namer = Namer::new();
        let (solved, drawing) = solve_any(&mut games, &mut namer, ruleset, position, progress)?;
        let mut moves = [Vec::new(), Vec::new()];
        for (i, (side, options)) in [(Side::Left, solved.left), (Side::Right, solved.right)]
            .into_iter()
            .enumerate()
        {
            for (position, o, changed) in options {
                if wins(&mut games, side, o) {
                    let value = namer.name(&mut games, o);
                    moves[i].push(Move {
                        position,
                        display: notation::unicode(&value),
                        value,
                        changed,
                    });
                }
            }
        }
        let [l, r] = moves;
        (
            (games.outcome(solved.value), l, r, solved.positions as u64, true),
            drawing,
        )
    };
    Ok(OutcomeReport {
        ruleset: ruleset.name(),
        position: position.trim().to_string(),
        outcome,
        left_moves: left,
        right_moves: right,
        all_moves,
        positions,
        leaves_up_to: LEAVES_UP_TO,
        drawing,
        view: ruleset.view(),
    })
}

/// The outcome search of a position, and each player's winning first moves.
struct Searched<'g, 'p, 'q> {
    games: &'g mut Games,
    progress: &'p mut Progress<'q>,
}

impl Task for Searched<'_, '_, '_> {
    type Out = OnBoard<(Outcome, Vec<Move>, Vec<Move>, u64, bool)>;
    fn run<B: Board>(self, rules: B, position: &B::Position) -> Result<Self::Out, Error> {
        let games = self.games;
        let progress = &mut *self.progress;
        let picture = rules.picture(position);
        let mut search = OutcomeSearch::new(rules, B::size, LEAVES_UP_TO, PART_LIMIT * 8);
        let left = search.first_player_wins(games, position, Side::Left, progress)?;
        let right = search.first_player_wins(games, position, Side::Right, progress)?;
        // Every winning move after a small search; after a large one, the first the
        // search found (its siblings tried before it are remembered, those after it
        // would each be a search of their own).
        let all = search.nodes <= ALL_MOVES_AFTER;
        let mut moves = [Vec::new(), Vec::new()];
        for (i, (side, first)) in [(Side::Left, left), (Side::Right, right)].into_iter().enumerate() {
            // A player who loses moving first has no winning move to look for.
            if !first {
                continue;
            }
            for next in search.ordered_moves(position, side) {
                if !search.first_player_wins(games, &next, side.other(), progress)? {
                    let rules = search.rules();
                    moves[i].push(Move {
                        position: rules.text(&next),
                        value: String::new(),
                        display: String::new(),
                        changed: rules.changed(position, &next),
                    });
                    if !all {
                        break;
                    }
                }
            }
        }
        let [l, r] = moves;
        Ok(((Outcome::from_first(left, right), l, r, search.nodes, all), picture))
    }
}

/// A rough count of the parts a solve of `position`'s value visits, from its
/// size alone (calibrated on the solves in BENCHMARKS.md).
///
/// # Errors
/// The ruleset's parse errors.
pub fn estimate(ruleset: Ruleset, position: &str) -> Result<f64, Error> {
    estimated(ruleset, position, Solve::Value)
}

/// The count the outcome search's cost is fitted on ([`Board::estimate`]).
///
/// # Errors
/// The ruleset's parse errors.
pub fn search_estimate(ruleset: Ruleset, position: &str) -> Result<f64, Error> {
    estimated(ruleset, position, Solve::Outcome)
}

fn estimated(ruleset: Ruleset, position: &str, solve: Solve) -> Result<f64, Error> {
    struct Estimated(Solve);
    impl Task for Estimated {
        type Out = f64;
        fn run<B: Board>(self, rules: B, position: &B::Position) -> Result<f64, Error> {
            Ok(match self.0 {
                Solve::Value => rules.value_estimate(position),
                Solve::Outcome => rules.estimate(position),
            })
        }
    }
    if let Some(parts) = on_board(ruleset, position, Estimated(solve))? {
        return Ok(parts);
    }
    // A typed game: read to check it; its sums are its cost (reading it again
    // in the worker, then everything read from the value: a part each step).
    let (_, work) = notation::parse_counted(&mut Games::new(), position)?;
    Ok(1.0 + work * PARTS_PER_STEP)
}

/// Checks that `position` is one of `ruleset`'s and small enough for the
/// cost guard, before any work, and returns it as the ruleset writes it (a
/// cake without spaces, a typed game trimmed): the link's form, so that one
/// position has one link. A Hackenbush drawing keeps the edges not yet joined
/// to the ground (they fall, but someone drawing edge by edge is not done).
///
/// # Errors
/// The ruleset's parse errors; [`Error::TooLarge`] when the estimate of
/// [`estimate`] passes [`MAX_PARTS`].
pub fn check(ruleset: Ruleset, position: &str) -> Result<String, Error> {
    check_for(ruleset, position, Solve::Value)
}

/// [`check`] for what is asked: a value ([`MAX_PARTS`]) or the outcome alone
/// ([`MAX_SEARCHED`], the search pruning most of what a value needs).
///
/// # Errors
/// As [`check`].
pub fn check_for(ruleset: Ruleset, position: &str, solve: Solve) -> Result<String, Error> {
    let value = estimate(ruleset, position)?;
    let searched = search_estimate(ruleset, position)?;
    // Who wins is read from the value when that is within reach (outcome_report).
    let (parts, most) = match solve {
        Solve::Value => (value, MAX_PARTS),
        Solve::Outcome if value <= VALUE_FOR_OUTCOME_PARTS => (value, MAX_PARTS),
        Solve::Outcome => (searched, MAX_SEARCHED),
    };
    if parts > most {
        // Named on the position's key, so that the page shows it beside that field.
        return Err(Error::InvalidValue {
            key: "position",
            value: Quoted::new(position),
            expected: {
                // The outcome alone is suggested only where it would be searched.
                let (en, fr) = match solve {
                    Solve::Value if searched <= MAX_SEARCHED => (
                        "; who wins alone (solve=outcome) is searched on larger ones",
                        " ; qui gagne, seul (solve=outcome), se cherche sur de plus grandes",
                    ),
                    Solve::Value | Solve::Outcome => ("", ""),
                };
                crate::text!(
                    "a smaller position: this {} position would take about {} positions to solve, more than the {} allowed{en}",
                    "une position plus petite : celle-ci ({}) demanderait environ {} positions, plus que les {} permises{fr}",
                    ruleset.name(),
                    parts.round() as u64,
                    most as u64
                )
            },
        });
    }
    /// The position as the link writes it.
    struct Linked<'t>(&'t str);
    impl Task for Linked<'_> {
        type Out = String;
        fn run<B: Board>(self, _: B, _: &B::Position) -> Result<String, Error> {
            B::link(self.0)
        }
    }
    Ok(on_board(ruleset, position, Linked(position))?.unwrap_or_else(|| position.trim().to_string()))
}
