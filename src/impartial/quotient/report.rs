//! What the quotient view and `ludolab misere --quotient` show.

use super::{Quotient, Stopped};
use crate::toolkit::{Error, Text};
use serde::Serialize;

/// A winning move of a sum: one heap replaced by what the move leaves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SumMove {
    /// The heap moved in.
    pub heap: u64,
    /// The heaps it leaves in its place (none: taken whole).
    pub leaves: Vec<u64>,
}

impl SumMove {
    /// The move in words.
    pub fn text(&self) -> Text {
        let h = self.heap;
        if self.leaves.is_empty() {
            text!("take the heap of {h} whole", "prendre tout le tas de {h}")
        } else {
            let left: Vec<String> = self.leaves.iter().map(u64::to_string).collect();
            let left = left.join(" + ");
            text!("heap of {h} → {left}", "tas de {h} → {left}")
        }
    }
}

/// A generator of the presentation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Generator {
    /// Its letter.
    pub name: String,
    /// The heap it is the element of.
    pub heap: usize,
}

/// The quotient and the sum asked.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct QuotientReport {
    /// `"quotient"`.
    pub mode: &'static str,
    /// How the sum's outcome was found: `"quotient"`.
    pub method: &'static str,
    /// The octal code.
    pub code: String,
    /// The heap limit asked.
    pub heap_limit: usize,
    /// The largest heap covered (the limit unless the construction stopped).
    pub reached: usize,
    /// Where and why it stopped early.
    pub stopped: Option<Stopped>,
    /// |Q|.
    pub order: usize,
    /// |P|.
    pub p_portion_size: usize,
    /// The P-portion's elements.
    pub p_portion: Vec<String>,
    /// ⟨generators | relations⟩.
    pub presentation: String,
    /// The generators and their heaps.
    pub generators: Vec<Generator>,
    /// The relations, each (word, normal form).
    pub relations: Vec<(String, String)>,
    /// Each heap 0..=reached's element.
    pub heap_elements: Vec<String>,
    /// Every element, in order (the multiplication table's rows).
    pub elements: Vec<String>,
    /// Whether each element is in P.
    pub is_p: Vec<bool>,
    /// The products: `multiplication[a][b]` is the index of a·b.
    pub multiplication: Vec<Vec<u16>>,
    /// |Q_k| for k = 0..=reached.
    pub growth: Vec<usize>,
    /// States the proofs visited.
    pub work: u64,
    /// The sum asked.
    pub heaps: Vec<u64>,
    /// Its element.
    pub element: String,
    /// Whether the player to move loses it.
    pub loses: bool,
    /// Its winning moves.
    pub winning_moves: Vec<SumMove>,
    /// The same, in words.
    pub misere_winning: Vec<Text>,
}

/// The outcome of `heaps` by `q`, as the report writes it.
///
/// # Errors
/// A heap beyond the quotient (named with the largest heap covered).
pub fn sum_moves(q: &Quotient, heaps: &[u64]) -> Result<(String, bool, Vec<SumMove>), Error> {
    let s = q.sum(heaps)?;
    let moves = s
        .winning_moves
        .into_iter()
        .map(|(heap, leaves)| SumMove { heap, leaves })
        .collect();
    Ok((s.element, s.loses, moves))
}

/// The report of quotient `q` with the sum `heaps`.
///
/// # Errors
/// A heap of the sum beyond the quotient.
pub fn quotient_report(q: &Quotient, heap_limit: usize, heaps: &[u64]) -> Result<QuotientReport, Error> {
    let (element, loses, winning_moves) = sum_moves(q, heaps)?;
    let p_portion: Vec<String> = q.p_portion().into_iter().map(|e| q.name(e)).collect();
    Ok(QuotientReport {
        mode: "quotient",
        method: "quotient",
        code: q.code().to_string(),
        heap_limit,
        reached: q.reached(),
        stopped: q.stopped().cloned(),
        order: q.order(),
        p_portion_size: p_portion.len(),
        p_portion,
        presentation: q.presentation(),
        generators: q
            .generators()
            .into_iter()
            .map(|(name, heap)| Generator { name, heap })
            .collect(),
        relations: q.relations(),
        heap_elements: (0..=q.reached()).map(|h| q.name(q.heap_element(h))).collect(),
        elements: q.elements(),
        is_p: (0..q.order()).map(|e| q.is_p(e)).collect(),
        multiplication: (0..q.order())
            .map(|a| (0..q.order()).map(|b| q.product(a, b) as u16).collect())
            .collect(),
        growth: q.growth().to_vec(),
        work: q.work(),
        heaps: heaps.to_vec(),
        element,
        loses,
        misere_winning: winning_moves.iter().map(SumMove::text).collect(),
        winning_moves,
    })
}
