//! Misère play (the player who cannot move wins): no Sprague–Grundy theory
//! reduces a sum to its parts (seed 003's conclusion), so outcomes come from an
//! exhaustive search with memoisation over whole positions.

use super::graph::{bits, Graph};
use super::octal::OctalCode;
use crate::toolkit::sort;
use crate::toolkit::Error;
use std::collections::HashMap;

/// Most tokens in an octal position searched in misère play.
pub const MAX_MISERE_TOKENS: usize = 40;
/// Most vertices of a graph searched in misère play.
pub const MAX_MISERE_VERTICES: usize = 20;

/// The heaps one octal move on a heap of `h` leaves in its place (none: the
/// heap taken whole), each sorted, each once.
pub fn heap_options(code: &OctalCode, h: u16) -> Vec<Vec<u16>> {
    let h = usize::from(h);
    let mut out: Vec<Vec<u16>> = Vec::new();
    let mut push = |parts: &[usize]| {
        let mut r: Vec<u16> = parts.iter().map(|&p| p as u16).collect();
        sort::sort(&mut r);
        if !out.contains(&r) {
            out.push(r);
        }
    };
    for k in 0..=code.max_removal().min(h) {
        let d = code.digit(k);
        if k > 0 && d & 1 != 0 && h == k {
            push(&[]);
        }
        if k > 0 && d & 2 != 0 && h > k {
            push(&[h - k]);
        }
        if d & 4 != 0 && h >= k + 2 {
            for a in code.smaller_parts(h - k) {
                push(&[a, h - k - a]);
            }
        }
    }
    out
}

/// The positions reached by one octal move from `heaps` (sorted, no zeros).
pub fn octal_options(code: &OctalCode, heaps: &[u16]) -> Vec<Vec<u16>> {
    let mut out = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        if i > 0 && heaps[i - 1] == h {
            continue; // equal heaps give the same options
        }
        for leaves in heap_options(code, h) {
            let mut r = heaps.to_vec();
            r.remove(i);
            r.extend(leaves);
            sort::sort(&mut r);
            if !out.contains(&r) {
                out.push(r);
            }
        }
    }
    out
}

/// Whether the player to move loses `heaps` of the octal game in misère play.
///
/// # Errors
/// [`Error::OutOfRange`] beyond 40 tokens (the memo then stays below a few hundred thousand positions).
pub fn misere_octal_loses(code: &OctalCode, heaps: &[u16]) -> Result<bool, Error> {
    let total: usize = heaps.iter().map(|&h| usize::from(h)).sum();
    if total > MAX_MISERE_TOKENS {
        return Err(Error::out_of_range(
            text!("tokens searched in misère play", "jetons cherchés en jeu misère"),
            total,
            0,
            MAX_MISERE_TOKENS,
        ));
    }
    fn go(code: &OctalCode, heaps: Vec<u16>, memo: &mut HashMap<Vec<u16>, bool>) -> bool {
        if let Some(&l) = memo.get(&heaps) {
            return l;
        }
        let options = octal_options(code, &heaps);
        // No move: the player to move wins (misère). Otherwise lose iff every option wins.
        let loses = !options.is_empty() && options.into_iter().all(|o| !go(code, o, memo));
        memo.insert(heaps, loses);
        loses
    }
    let mut h: Vec<u16> = heaps.iter().copied().filter(|&x| x > 0).collect();
    sort::sort(&mut h);
    Ok(go(code, h, &mut HashMap::new()))
}

/// Whether the player to move loses node-Kayles on `graph` in misère play, and
/// the winning moves (vertices) otherwise.
///
/// # Errors
/// [`Error::OutOfRange`] beyond 20 vertices (at most 2²⁰ positions in the memo).
pub fn misere_graph(graph: &Graph) -> Result<(bool, Vec<usize>), Error> {
    if graph.len() > MAX_MISERE_VERTICES {
        return Err(Error::out_of_range(
            text!("vertices searched in misère play", "sommets cherchés en jeu misère"),
            graph.len(),
            0,
            MAX_MISERE_VERTICES,
        ));
    }
    fn go(g: &Graph, mask: u64, memo: &mut HashMap<u64, bool>) -> bool {
        if let Some(&l) = memo.get(&mask) {
            return l;
        }
        let loses = mask != 0 && bits(mask).all(|v| !go(g, mask & !g.closed(v), memo));
        memo.insert(mask, loses);
        loses
    }
    let mut memo = HashMap::new();
    let all = graph.all();
    let loses = go(graph, all, &mut memo);
    let moves = bits(all)
        .filter(|&v| go(graph, all & !graph.closed(v), &mut memo))
        .collect();
    Ok((loses, moves))
}
