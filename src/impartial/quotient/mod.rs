//! Misère quotients of octal games (Plambeck, "Taming the wild in impartial
//! combinatorial games", INTEGERS 5 (2005) G05; Plambeck and Siegel, "Misère
//! quotients for impartial games", JCTA 115 (2008); Siegel, "Misère games and
//! misère quotients", Games of No Chance 5 (2017)).
//!
//! The sums of heaps 0..n of an octal game, modulo "no sum tells them apart"
//! (G ≡ H when G + X and H + X have the same misère outcome for every sum X),
//! form a finite commutative monoid Q_n with a subset P, the sums the player
//! to move loses. Once Q_n is known, any sum of heaps ≤ n is a product of a
//! few elements: its outcome is whether that product lies in P, whatever the
//! number of heaps or tokens.
//!
//! The construction ([`build`], heap by heap, after Plambeck–Siegel §6 and
//! Siegel's MisereSolver) proves each Q_n: a walk over every sum
//! ([`search`]) checks that each element's outcome is the one its options
//! give. Every non-trivial misère quotient of an impartial game has even
//! order (Plambeck–Siegel): the builder asserts it.
//!
//! ```
//! use ludolab::impartial::{quotient::Quotient, OctalCode};
//! // Nim with heaps of 1 and 2 (0.33: take 1 or 2, leaving 0 or 1 heap).
//! let q = Quotient::build(&OctalCode::parse("0.33").unwrap(), 2, &mut |_, _| {}).unwrap();
//! assert_eq!(q.order(), 6);
//! assert_eq!(q.presentation(), "⟨a, b | a² = 1, b³ = b⟩");
//! assert!(q.sum(&[1, 1, 2, 2]).unwrap().loses); // a²b² = b², in P
//! assert!(!q.sum(&[1, 2, 2]).unwrap().loses); // ab², not in P
//! ```

pub mod build;
pub mod monoid;
pub mod report;
pub mod search;

use super::misere::octal_options;
use super::octal::OctalCode;
use crate::toolkit::sort;
use crate::toolkit::{Error, Progress, Text};
use build::{Builder, Stuck};
use monoid::Table;
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// The cargo feature of the quotients' construction. The impartial games' own
/// web bundle leaves it out (Cargo.toml, `package.metadata.ludolab.later`): a
/// quotient is what a link of its own mode asks for, and a misère sum past the
/// exhaustive search's tokens; the family's full bundle builds it.
pub const QUOTIENT_FEATURE: &str = "quotient";

/// The largest heap limit.
pub const MAX_HEAP_LIMIT: usize = 300;
/// The most elements of a quotient kept (its table has order² entries).
pub const MAX_ORDER: usize = 1_024;
/// The most heaps in a sum answered by the quotient.
pub const MAX_SUM_HEAPS: usize = 10_000;
/// Work (states, weighted by their options' sets: [`search::Walk::work`]) one
/// walk may do before the construction stops (a few seconds natively).
pub const WALK_BUDGET: u64 = 20_000_000;

/// Where and why the construction stopped before the heap limit.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stopped {
    /// The heap that could not be added: the quotient covers the heaps below it.
    pub heap: usize,
    /// Why, in words.
    pub why: Text,
}

/// The misère quotient of an octal game's heaps 0..=n.
#[derive(Clone, Debug)]
pub struct Quotient {
    code: OctalCode,
    rules: Vec<Vec<Vec<u16>>>,
    table: Table,
    heap: Vec<u32>,
    words: Vec<Vec<u32>>,
    generators: Vec<usize>,
    relations: Vec<(Vec<u32>, Vec<u32>)>,
    growth: Vec<usize>,
    stopped: Option<Stopped>,
    work: u64,
}

/// The outcome of a sum and its winning moves.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SumOutcome {
    /// The sum's element of the quotient.
    pub element: String,
    /// Whether the player to move loses.
    pub loses: bool,
    /// The moves to a sum the opponent loses: heap size and the heaps left
    /// in its place (none when it is taken whole).
    pub winning_moves: Vec<(u64, Vec<u64>)>,
}

impl Quotient {
    /// The quotient of `code`'s heaps 0..=`heap_limit`, heap by heap;
    /// `progress` gets the fraction of heaps done and the order so far. It
    /// stops cleanly (keeping the last complete quotient) at [`MAX_ORDER`]
    /// elements or when a proof needs more than [`WALK_BUDGET`] states.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] for a heap limit above [`MAX_HEAP_LIMIT`].
    ///
    /// # Complexity
    /// Each heap costs a walk over the states (element, options' elements) of
    /// the sums: at most |Q|·2^|Q| in theory, a few thousand to a few million
    /// in practice; expansions try a few trial monoids each.
    pub fn build(code: &OctalCode, heap_limit: usize, progress: Progress) -> Result<Quotient, Error> {
        Self::build_with(code, heap_limit, WALK_BUDGET, progress)
    }

    /// [`Quotient::build`], or the last quotient built if it was the same one.
    ///
    /// # Errors
    /// As [`Quotient::build`].
    /// In a build without the [`QUOTIENT_FEATURE`] (a web bundle that holds
    /// it back), [`Error::Unavailable`]: the whole construction stays out of it.
    pub fn cached(code: &OctalCode, heap_limit: usize, progress: Progress) -> Result<Arc<Quotient>, Error> {
        #[cfg(feature = "quotient")]
        {
            /// The last quotient built, for the sum box's requests (the page asks
            /// for one sum after another on the same quotient).
            static LAST: std::sync::Mutex<Option<(String, usize, Arc<Quotient>)>> = std::sync::Mutex::new(None);
            let key = code.to_string();
            if let Ok(last) = LAST.lock() {
                if let Some((c, l, q)) = last.as_ref() {
                    if *c == key && *l == heap_limit {
                        return Ok(Arc::clone(q));
                    }
                }
            }
            let q = Arc::new(Self::build(code, heap_limit, progress)?);
            if let Ok(mut last) = LAST.lock() {
                *last = Some((key, heap_limit, Arc::clone(&q)));
            }
            Ok(q)
        }
        #[cfg(not(feature = "quotient"))]
        {
            let _ = progress;
            Err(Error::Unavailable {
                what: text!(
                    "the misère quotient of {code} to heap {heap_limit}",
                    "le quotient misère de {code} jusqu’au tas {heap_limit}"
                ),
                feature: QUOTIENT_FEATURE,
            })
        }
    }

    /// [`Quotient::build`] with a budget of states per walk.
    ///
    /// # Errors
    /// As [`Quotient::build`].
    pub fn build_with(code: &OctalCode, heap_limit: usize, budget: u64, progress: Progress) -> Result<Quotient, Error> {
        if heap_limit > MAX_HEAP_LIMIT {
            return Err(Error::out_of_range(
                text!("heap limit of a misère quotient", "limite de tas d’un quotient misère"),
                heap_limit,
                0,
                MAX_HEAP_LIMIT,
            ));
        }
        let rules: Vec<Vec<Vec<u16>>> = (0..=heap_limit)
            .map(|h| {
                if h == 0 {
                    Vec::new()
                } else {
                    octal_options(code, &[h as u16])
                }
            })
            .collect();
        let mut builder = Builder::new(rules.clone(), budget);
        let mut growth = vec![1];
        let mut stopped = None;
        for n in 1..=heap_limit {
            let before = (builder.table.clone(), builder.phi.clone());
            match builder.next_heap() {
                Ok(()) if builder.table.order <= MAX_ORDER => {}
                result => {
                    (builder.table, builder.phi) = before;
                    let why = match result {
                        Ok(()) => text!(
                            "Q_{n} would have more than {MAX_ORDER} elements",
                            "Q_{n} aurait plus de {MAX_ORDER} éléments"
                        ),
                        Err(Stuck::Budget) => text!(
                            "proving Q_{n} needs more work than its budget ({WALK_BUDGET} states and option sets per proof, {} per heap)",
                            "prouver Q_{n} demande plus de travail que son budget ({WALK_BUDGET} états et ensembles d’options par preuve, {} par tas)",
                            build::HEAP_BUDGET
                        ),
                        Err(Stuck::Size) => text!(
                            "a trial monoid for Q_{n} would have more than {} elements ({} once reduced)",
                            "un monoïde d’essai pour Q_{n} aurait plus de {} éléments ({} une fois réduit)",
                            build::MAX_TRIAL,
                            build::MAX_REDUCED
                        ),
                        Err(Stuck::Refinement) => text!(
                            "no refinement of the trial monoid for Q_{n} was found",
                            "aucun raffinement du monoïde d’essai pour Q_{n} n’a été trouvé"
                        ),
                    };
                    stopped = Some(Stopped { heap: n, why });
                    break;
                }
            }
            let order = builder.table.order;
            assert!(
                order == 1 || order % 2 == 0,
                "Plambeck–Siegel: a misère quotient has even order, not {order}"
            );
            growth.push(order);
            progress(
                n as f64 / heap_limit.max(1) as f64,
                &[("heap", n as i64), ("order", order as i64)],
            );
        }
        let reached = builder.phi.len() - 1;
        let mut q = Quotient {
            code: code.clone(),
            rules: rules[..=reached].to_vec(),
            table: builder.table,
            heap: builder.phi,
            words: Vec::new(),
            generators: Vec::new(),
            relations: Vec::new(),
            growth,
            stopped,
            work: builder.work,
        };
        q.normalise();
        Ok(q)
    }

    /// Renumbers the elements by their least words in the generators (graded,
    /// then lexicographic) and finds the relations: each least word that is
    /// not a normal form but whose divisors all are, set equal to its normal
    /// form (a complete rewriting system for the monoid).
    fn normalise(&mut self) {
        let t = &self.table;
        // Generators: each heap whose element the earlier ones do not generate.
        let mut generated: HashSet<u32> = HashSet::from([0]);
        for (h, &x) in self.heap.iter().enumerate().skip(1) {
            if generated.contains(&x) {
                continue;
            }
            self.generators.push(h);
            let mut frontier: Vec<u32> = generated.iter().copied().collect();
            while let Some(e) = frontier.pop() {
                for &g in &self.generators {
                    let y = t.product(e, self.heap[g]);
                    if generated.insert(y) {
                        frontier.push(y);
                    }
                }
            }
        }
        let k = self.generators.len();
        let generator_elements: Vec<u32> = self.generators.iter().map(|&h| self.heap[h]).collect();
        let mut word_of: HashMap<u32, Vec<u32>> = HashMap::from([(0, vec![0; k])]);
        let mut normal: HashSet<Vec<u32>> = HashSet::from([vec![0; k]]);
        let mut order = vec![0u32];
        let mut layer = vec![vec![0u32; k]];
        let mut element_of: HashMap<Vec<u32>, u32> = HashMap::from([(vec![0; k], 0)]);
        let mut relations = Vec::new();
        while !layer.is_empty() {
            let mut next: Vec<Vec<u32>> = Vec::new();
            for w in &layer {
                for i in 0..k {
                    let mut v = w.clone();
                    v[i] += 1;
                    next.push(v);
                }
            }
            next.sort_unstable();
            next.dedup();
            let mut fresh = Vec::new();
            for v in next {
                // Its element: one divisor's element times that generator.
                let i = (0..k).find(|&i| v[i] > 0).expect("degree ≥ 1");
                let mut d = v.clone();
                d[i] -= 1;
                let Some(&de) = element_of.get(&d) else { continue };
                let e = t.product(de, generator_elements[i]);
                let divisors_normal = (0..k).filter(|&j| v[j] > 0).all(|j| {
                    let mut d = v.clone();
                    d[j] -= 1;
                    normal.contains(&d)
                });
                if !divisors_normal {
                    continue;
                }
                if let std::collections::hash_map::Entry::Vacant(slot) = word_of.entry(e) {
                    slot.insert(v.clone());
                    normal.insert(v.clone());
                    element_of.insert(v.clone(), e);
                    order.push(e);
                    fresh.push(v);
                } else {
                    relations.push((v, word_of[&e].clone()));
                }
            }
            layer = fresh;
        }
        // Renumber: element i is the i-th normal form found.
        let mut new_of = vec![0u32; t.order];
        for (i, &e) in order.iter().enumerate() {
            new_of[e as usize] = i as u32;
        }
        let n = t.order;
        let mut mul = vec![0; n * n];
        for a in 0..n {
            for b in 0..n {
                mul[new_of[a] as usize * n + new_of[b] as usize] = new_of[t.mul[a * n + b] as usize];
            }
        }
        let mut p = vec![false; n];
        for e in 0..n {
            p[new_of[e] as usize] = t.p[e];
        }
        self.words = order.iter().map(|e| word_of[e].clone()).collect();
        self.heap = self.heap.iter().map(|&e| new_of[e as usize]).collect();
        self.table = Table { order: n, mul, p };
        self.relations = relations;
    }

    /// The octal game.
    pub fn code(&self) -> &OctalCode {
        &self.code
    }

    /// The largest heap covered: Q_n for this n.
    pub fn reached(&self) -> usize {
        self.heap.len() - 1
    }

    /// Where the construction stopped early, if it did.
    pub fn stopped(&self) -> Option<&Stopped> {
        self.stopped.as_ref()
    }

    /// |Q_n|.
    pub fn order(&self) -> usize {
        self.table.order
    }

    /// |Q_k| for k = 0..=n: how the quotient grows.
    pub fn growth(&self) -> &[usize] {
        &self.growth
    }

    /// States visited by the proofs.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The name of generator `i`: a, b, …, z, then a₁, b₁, ….
    fn generator_name(i: usize) -> String {
        let letter = char::from(b'a' + (i % 26) as u8);
        if i < 26 {
            letter.to_string()
        } else {
            format!("{letter}{}", subscript(i / 26))
        }
    }

    fn word_name(&self, w: &[u32]) -> String {
        let mut out = String::new();
        for (i, &x) in w.iter().enumerate() {
            if x > 0 {
                out.push_str(&Self::generator_name(i));
                if x > 1 {
                    out.push_str(&superscript(x as usize));
                }
            }
        }
        if out.is_empty() {
            "1".into()
        } else {
            out
        }
    }

    /// Element `e` written as its normal form, "1" for the identity.
    pub fn name(&self, e: usize) -> String {
        self.word_name(&self.words[e])
    }

    /// Every element's name, in order.
    pub fn elements(&self) -> Vec<String> {
        (0..self.order()).map(|e| self.name(e)).collect()
    }

    /// Whether the player to move loses a sum of element `e`.
    pub fn is_p(&self, e: usize) -> bool {
        self.table.p[e]
    }

    /// The P-portion's elements.
    pub fn p_portion(&self) -> Vec<usize> {
        (0..self.order()).filter(|&e| self.table.p[e]).collect()
    }

    /// The product of elements `a` and `b`.
    pub fn product(&self, a: usize, b: usize) -> usize {
        self.table.product(a as u32, b as u32) as usize
    }

    /// The element of heap `h` (≤ [`Quotient::reached`]).
    pub fn heap_element(&self, h: usize) -> usize {
        self.heap[h] as usize
    }

    /// The generators: (name, heap).
    pub fn generators(&self) -> Vec<(String, usize)> {
        self.generators
            .iter()
            .enumerate()
            .map(|(i, &h)| (Self::generator_name(i), h))
            .collect()
    }

    /// The relations, each `word = normal form`.
    pub fn relations(&self) -> Vec<(String, String)> {
        self.relations
            .iter()
            .map(|(a, b)| (self.word_name(a), self.word_name(b)))
            .collect()
    }

    /// ⟨a, b | a² = 1, b³ = b⟩.
    pub fn presentation(&self) -> String {
        let gens: Vec<String> = (0..self.generators.len()).map(Self::generator_name).collect();
        let rels: Vec<String> = self
            .relations()
            .into_iter()
            .map(|(a, b)| format!("{a} = {b}"))
            .collect();
        if gens.is_empty() {
            return "⟨ | ⟩ = {1}".into();
        }
        format!("⟨{} | {}⟩", gens.join(", "), rels.join(", "))
    }

    /// Refuses more than [`MAX_SUM_HEAPS`] heaps or a heap beyond the quotient.
    fn check(&self, heaps: &[u64]) -> Result<(), Error> {
        if heaps.len() > MAX_SUM_HEAPS {
            return Err(Error::out_of_range(
                text!("heaps in a sum", "tas d’une somme"),
                heaps.len(),
                0,
                MAX_SUM_HEAPS,
            ));
        }
        if let Some(&h) = heaps
            .iter()
            .find(|&&h| h as usize > self.reached() || h > MAX_HEAP_LIMIT as u64)
        {
            return Err(Error::out_of_range(
                text!(
                    "heap in a sum (the quotient covers heaps up to {})",
                    "tas d’une somme (le quotient couvre les tas jusqu’à {})",
                    self.reached()
                ),
                h,
                0,
                self.reached(),
            ));
        }
        Ok(())
    }

    /// The outcome of the sum of `heaps` and its winning moves, in any order
    /// of the heaps.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] for a heap above [`Quotient::reached`] or more
    /// than [`MAX_SUM_HEAPS`] heaps.
    ///
    /// # Complexity
    /// O(heaps + d² + d·o) products, d the distinct sizes and o their options.
    pub fn sum(&self, heaps: &[u64]) -> Result<SumOutcome, Error> {
        self.check(heaps)?;
        let mut counts: Vec<(u64, u64)> = Vec::new();
        let mut sorted = heaps.to_vec();
        sort::sort(&mut sorted);
        for h in sorted.into_iter().filter(|&h| h > 0) {
            match counts.last_mut() {
                Some((s, c)) if *s == h => *c += 1,
                _ => counts.push((h, 1)),
            }
        }
        let power = |h: u64, c: u64| (0..c).fold(0, |e, _| self.product(e, self.heap_element(h as usize)));
        let powers: Vec<usize> = counts.iter().map(|&(h, c)| power(h, c)).collect();
        let element = powers.iter().fold(0, |e, &x| self.product(e, x));
        let mut winning_moves = Vec::new();
        for (i, &(h, c)) in counts.iter().enumerate() {
            let rest = powers.iter().enumerate().fold(0, |e, (j, &x)| {
                self.product(e, if j == i { power(h, c - 1) } else { x })
            });
            for parts in &self.rules[h as usize] {
                let after = parts
                    .iter()
                    .fold(rest, |e, &k| self.product(e, self.heap_element(usize::from(k))));
                if self.is_p(after) {
                    winning_moves.push((h, parts.iter().map(|&k| u64::from(k)).collect()));
                }
            }
        }
        Ok(SumOutcome {
            element: self.name(element),
            loses: self.is_p(element),
            winning_moves,
        })
    }
}

fn superscript(n: usize) -> String {
    n.to_string()
        .chars()
        .map(|c| ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'][c.to_digit(10).expect("a digit") as usize])
        .collect()
}

fn subscript(n: usize) -> String {
    n.to_string()
        .chars()
        .map(|c| ['₀', '₁', '₂', '₃', '₄', '₅', '₆', '₇', '₈', '₉'][c.to_digit(10).expect("a digit") as usize])
        .collect()
}
