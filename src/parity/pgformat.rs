//! PGSolver's text format for parity games and their solutions, the format of
//! PGSolver, Oink and SYNTCOMP's parity track:
//!
//! ```text
//! parity 3;                 // N: the largest id (PGSolver) or the count (Oink)
//! start 0;                  // optional
//! 0 3 0 1,2 "a";            // id priority owner successors ["name"];
//! 1 2 1 0;
//! 2 0 0 2,3;
//! 3 1 1 0;
//! ```
//!
//! Comments run from `#` or `//` to the end of the line. A file may be
//! gzip-compressed (`.pg.gz`); the native build inflates it, the page inflates it
//! in the browser before handing it over. Every malformed input is refused with
//! the line and what is wrong there ([`Error::Malformed`]).

use super::game::{Parity, ParityGame, MAX_PRIORITY, MAX_VERTICES};
use super::Solution;
use crate::toolkit::sort;
use crate::toolkit::{Error, Text};
use std::fmt::Write as _;

/// A lexer over the bytes of a file, counting lines.
struct Lexer<'a> {
    bytes: &'a [u8],
    at: usize,
    line: usize,
}

fn malformed(line: usize, what: Text) -> Error {
    Error::Malformed { line, what }
}

impl<'a> Lexer<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        // A file saved by a Windows editor starts with a byte-order mark.
        let bytes = crate::toolkit::text::bytes_without_bom(bytes);
        Lexer { bytes, at: 0, line: 1 }
    }

    /// Skips spaces, line ends and comments.
    fn skip_blank(&mut self) {
        while let Some(&b) = self.bytes.get(self.at) {
            match b {
                b'\n' => {
                    self.line += 1;
                    self.at += 1;
                }
                b' ' | b'\t' | b'\r' => self.at += 1,
                b'#' => self.skip_line(),
                b'/' if self.bytes.get(self.at + 1) == Some(&b'/') => self.skip_line(),
                _ => return,
            }
        }
    }

    fn skip_line(&mut self) {
        while let Some(&b) = self.bytes.get(self.at) {
            if b == b'\n' {
                return;
            }
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_blank();
        self.bytes.get(self.at).copied()
    }

    fn found(&mut self) -> Text {
        match self.peek() {
            None => text!("the end of the file", "la fin du fichier"),
            Some(b) if b.is_ascii_graphic() => Text::same(format!("\"{}\"", b as char)),
            // The character as a reader sees it (an invisible one as a sign), never as bytes.
            Some(_) => match String::from_utf8_lossy(&self.bytes[self.at..self.bytes.len().min(self.at + 4)])
                .chars()
                .next()
            {
                Some(c) if c != '\u{fffd}' && crate::toolkit::text::visible(c) == c => {
                    text!(
                        "\"{}\" (not a digit, a letter or a sign of the format)",
                        "« {} » (ni chiffre, ni lettre, ni signe du format)",
                        c
                    )
                }
                Some(c) if c != '\u{fffd}' => text!(
                    "an invisible character ({}) where the format expects text",
                    "un caractère invisible ({}) là où le format attend du texte",
                    crate::toolkit::text::visible(c)
                ),
                _ => text!("bytes that are not text", "des octets qui ne sont pas du texte"),
            },
        }
    }

    /// A whole number; `what` names it in the message when it is missing.
    fn number(&mut self, what: &Text) -> Result<u64, Error> {
        self.skip_blank();
        let line = self.line;
        if self.bytes.get(self.at) == Some(&b'-') {
            return Err(malformed(
                line,
                Text {
                    en: format!("{} is negative", what.en),
                    fr: format!("{} : nombre négatif", what.fr),
                },
            ));
        }
        let start = self.at;
        let mut value: u64 = 0;
        while let Some(&b) = self.bytes.get(self.at) {
            if !b.is_ascii_digit() {
                break;
            }
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(b - b'0')))
                .ok_or_else(|| {
                    malformed(
                        line,
                        Text {
                            en: format!("{} is too large", what.en),
                            fr: format!("{} : nombre trop grand", what.fr),
                        },
                    )
                })?;
            self.at += 1;
        }
        if self.at == start {
            // Described only here: a file of 10⁶ vertices reads millions of numbers.
            let found = self.found();
            return Err(malformed(
                line,
                Text {
                    en: format!("expected {}, found {}", what.en, found.en),
                    fr: format!("attendu {}, trouvé {}", what.fr, found.fr),
                },
            ));
        }
        Ok(value)
    }

    /// The byte `b` (after blanks), or an error naming it.
    fn expect(&mut self, b: u8) -> Result<(), Error> {
        if self.peek() == Some(b) {
            self.at += 1;
            Ok(())
        } else {
            let found = self.found();
            Err(malformed(
                self.line,
                Text {
                    en: format!("expected \"{}\", found {}", b as char, found.en),
                    fr: format!("« {} » attendu, trouvé {}", b as char, found.fr),
                },
            ))
        }
    }

    /// Whether the next word is `word` (consumed if so).
    fn keyword(&mut self, word: &[u8]) -> bool {
        self.peek();
        let end = self.at + word.len();
        if self.bytes.get(self.at..end) == Some(word) && !self.bytes.get(end).is_some_and(u8::is_ascii_alphanumeric) {
            self.at = end;
            true
        } else {
            false
        }
    }

    /// A quoted name, if one comes next.
    fn name(&mut self) -> Result<Option<Box<str>>, Error> {
        if self.peek() != Some(b'"') {
            return Ok(None);
        }
        let line = self.line;
        self.at += 1;
        let start = self.at;
        while let Some(&b) = self.bytes.get(self.at) {
            match b {
                b'"' => {
                    let name = std::str::from_utf8(&self.bytes[start..self.at]).map_err(|_| {
                        malformed(
                            line,
                            text!("the name is not UTF-8 text", "le nom n'est pas du texte UTF-8"),
                        )
                    })?;
                    self.at += 1;
                    return Ok(Some(name.into()));
                }
                b'\\' => self.at += 2,
                b'\n' => {
                    return Err(malformed(
                        line,
                        text!(
                            "the name's closing quote is missing",
                            "le guillemet fermant du nom manque"
                        ),
                    ))
                }
                _ => self.at += 1,
            }
        }
        Err(malformed(
            line,
            text!(
                "the name's closing quote is missing",
                "le guillemet fermant du nom manque"
            ),
        ))
    }
}

/// The words naming each field in messages.
struct Words {
    header: Text,
    id: Text,
    priority: Text,
    owner: Text,
    successor: Text,
}

impl Words {
    fn new() -> Words {
        Words {
            header: text!(
                "the number of vertices after \"parity\"",
                "le nombre de sommets après « parity »"
            ),
            id: text!("a vertex id", "un numéro de sommet"),
            priority: text!("a priority", "une priorité"),
            owner: text!("an owner (0 or 1)", "un joueur (0 ou 1)"),
            successor: text!("a successor", "un successeur"),
        }
    }
}

fn inflate(bytes: &[u8]) -> Result<Vec<u8>, Error> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::io::Read;
        let mut out = Vec::new();
        flate2::read::MultiGzDecoder::new(bytes)
            .read_to_end(&mut out)
            .map_err(|e| {
                malformed(
                    1,
                    text!("the gzip stream is damaged ({})", "le flux gzip est abîmé ({})", e),
                )
            })?;
        Ok(out)
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = bytes;
        Err(malformed(
            1,
            text!(
                "a gzip-compressed file must be inflated before it is parsed",
                "un fichier compressé par gzip doit être décompressé avant d'être lu"
            ),
        ))
    }
}

/// Parses a game in PGSolver's format (gzip-compressed or not).
///
/// # Errors
/// [`Error::Malformed`] with the line and what is wrong: a missing or bad header,
/// a field that is not a number, an owner other than 0 or 1, a priority above
/// [`MAX_PRIORITY`], an id above the header's number, a duplicate id, a vertex
/// without successors, a successor that is no vertex of the file, a file whose
/// vertex count matches neither reading of the header, bytes that are not text.
///
/// # Complexity
/// O(size of the file + V log V when the ids are not in order).
///
/// ```
/// use ludolab::parity::pgformat::parse;
/// let game = parse(b"parity 1;\n0 2 0 1;\n1 1 1 0,1;\n").unwrap();
/// assert_eq!((game.len(), game.edge_count()), (2, 3));
/// assert!(parse(b"0 2 0 1;").unwrap_err().to_string().starts_with("line 1"));
/// ```
pub fn parse(bytes: &[u8]) -> Result<ParityGame, Error> {
    if bytes.starts_with(&[0x1f, 0x8b]) {
        return parse(&inflate(bytes)?);
    }
    let words = Words::new();
    let mut lx = Lexer::new(bytes);
    if !lx.keyword(b"parity") {
        let found = lx.found();
        return Err(malformed(
            lx.line,
            Text {
                en: format!("the file must begin with \"parity N;\", found {}", found.en),
                fr: format!("le fichier doit commencer par « parity N; », trouvé {}", found.fr),
            },
        ));
    }
    let header_line = lx.line;
    let declared = lx.number(&words.header)?;
    if declared > MAX_VERTICES as u64 {
        return Err(malformed(
            header_line,
            text!(
                "the header announces {} vertices, more than the {} allowed",
                "l'en-tête annonce {} sommets, plus que les {} permis",
                declared,
                MAX_VERTICES
            ),
        ));
    }
    lx.expect(b';')?;
    let mut start: Option<(u64, usize)> = None;
    let mut ids: Vec<u32> = Vec::new();
    let mut lines: Vec<u32> = Vec::new();
    let mut priority: Vec<u32> = Vec::new();
    let mut owner: Vec<Parity> = Vec::new();
    let mut offsets: Vec<u32> = vec![0];
    let mut targets: Vec<u32> = Vec::new();
    let mut names: Vec<Option<Box<str>>> = Vec::new();
    let mut named = false;
    let reserve = (declared as usize + 1).min(1 << 22);
    ids.reserve(reserve);
    priority.reserve(reserve);
    owner.reserve(reserve);
    offsets.reserve(reserve);
    lines.reserve(reserve);
    loop {
        if lx.peek().is_none() {
            break;
        }
        if lx.keyword(b"start") {
            let line = lx.line;
            start = Some((lx.number(&words.id)?, line));
            lx.expect(b';')?;
            continue;
        }
        let line = lx.line;
        let id = lx.number(&words.id)?;
        if id > declared {
            return Err(malformed(
                line,
                text!(
                    "vertex id {} is above the header's {}",
                    "le numéro de sommet {} dépasse les {} de l'en-tête",
                    id,
                    declared
                ),
            ));
        }
        let p = lx.number(&words.priority)?;
        if p > u64::from(MAX_PRIORITY) {
            return Err(malformed(
                line,
                text!(
                    "priority {} is out of range (0 to {})",
                    "la priorité {} est hors limites (0 à {})",
                    p,
                    MAX_PRIORITY
                ),
            ));
        }
        let o = lx.number(&words.owner)?;
        if o > 1 {
            return Err(malformed(
                line,
                text!(
                    "owner {} is neither 0 (Even) nor 1 (Odd)",
                    "le joueur {} n'est ni 0 (Pair) ni 1 (Impair)",
                    o
                ),
            ));
        }
        let before = targets.len();
        if matches!(lx.peek(), Some(b';' | b'"')) {
            return Err(malformed(
                line,
                text!(
                    "vertex {} has no successor (every vertex of a parity game needs one)",
                    "le sommet {} n'a pas de successeur (tout sommet d'un jeu de parité en a un)",
                    id
                ),
            ));
        }
        loop {
            let s = lx.number(&words.successor)?;
            if s > declared {
                return Err(malformed(
                    line,
                    text!(
                        "successor {} of vertex {} is above the header's {}",
                        "le successeur {} du sommet {} dépasse les {} de l'en-tête",
                        s,
                        id,
                        declared
                    ),
                ));
            }
            targets.push(s as u32);
            if lx.peek() == Some(b',') {
                lx.at += 1;
            } else {
                break;
            }
        }
        let name = lx.name()?;
        named |= name.is_some();
        names.push(name);
        lx.expect(b';')?;
        ids.push(id as u32);
        lines.push(u32::try_from(line).unwrap_or(u32::MAX));
        priority.push(p as u32);
        owner.push(Parity::from_index(o as usize));
        let end = u32::try_from(targets.len()).map_err(|_| malformed(line, text!("too many edges", "trop d'arcs")))?;
        debug_assert!(end as usize > before);
        offsets.push(end);
    }
    let count = ids.len() as u64;
    // PGSolver writes the largest id, Oink the count: both are accepted, and a
    // file with fewer vertices than either (cut short) is refused.
    if count != declared && count != declared + 1 {
        return Err(malformed(
            header_line,
            text!(
                "the header announces {} (the largest id, or the count), the file has {} {{vertex|vertices}}",
                "l'en-tête annonce {} (le plus grand numéro, ou le nombre), le fichier a {} {{sommet|sommets}}",
                declared,
                count
            ),
        ));
    }
    if count == declared {
        // Oink's reading: ids 0..N-1, so one of 0..=N is missing; name it.
        let mut seen = vec![false; count as usize + 1];
        for &id in &ids {
            seen[id as usize] = true;
        }
        if seen[count as usize] {
            let missing = seen.iter().position(|&s| !s).unwrap_or(0);
            return Err(malformed(
                header_line,
                text!(
                    "the header announces {}: the file has {} {{vertex|vertices}} and lacks vertex {}",
                    "l'en-tête annonce {} : le fichier a {} {{sommet|sommets}} et le sommet {} manque",
                    declared,
                    count,
                    missing
                ),
            ));
        }
    }
    let in_order = ids.iter().enumerate().all(|(i, &id)| id as usize == i);
    let game = if in_order {
        for (v, &line) in lines.iter().enumerate() {
            for &s in &targets[offsets[v] as usize..offsets[v + 1] as usize] {
                if u64::from(s) >= count {
                    return Err(undeclared(line as usize, s, ids[v]));
                }
            }
        }
        ParityGame::new(priority, owner, offsets, targets)?
    } else {
        renumber(&ids, &lines, &priority, &owner, &offsets, &targets, &mut names)?
    };
    let ids_kept = if in_order { None } else { Some(game_ids_sorted(&ids)) };
    let mut game = game.with_labels(ids_kept, named.then_some(names));
    if let Some((s, line)) = start {
        match game.vertex_of_id(s as u32).filter(|_| s <= declared) {
            Some(v) => game.start = Some(v as u32),
            None => {
                return Err(malformed(
                    line,
                    text!(
                        "the start vertex {} is not a vertex of this file",
                        "le sommet de départ {} n'est pas un sommet de ce fichier",
                        s
                    ),
                ))
            }
        }
    }
    Ok(game)
}

fn undeclared(line: usize, s: u32, id: u32) -> Error {
    malformed(
        line,
        text!(
            "successor {} of vertex {} is not a vertex of this file",
            "le successeur {} du sommet {} n'est pas un sommet de ce fichier",
            s,
            id
        ),
    )
}

fn game_ids_sorted(ids: &[u32]) -> Vec<u32> {
    let mut sorted = ids.to_vec();
    sort::sort(&mut sorted);
    sorted
}

/// Renumbers vertices by increasing id (the file listed them in another order or with gaps).
#[allow(clippy::too_many_arguments)]
fn renumber(
    ids: &[u32],
    lines: &[u32],
    priority: &[u32],
    owner: &[Parity],
    offsets: &[u32],
    targets: &[u32],
    names: &mut Vec<Option<Box<str>>>,
) -> Result<ParityGame, Error> {
    let n = ids.len();
    let mut order: Vec<u32> = (0..n as u32).collect();
    sort::sort_by_key(&mut order, |&i| ids[i as usize]);
    for w in order.windows(2) {
        let (a, b) = (w[0] as usize, w[1] as usize);
        if ids[a] == ids[b] {
            let (first, second) = (lines[a].min(lines[b]), lines[a].max(lines[b]));
            return Err(malformed(
                second as usize,
                text!(
                    "vertex {} is defined twice (first on line {})",
                    "le sommet {} est défini deux fois (d'abord ligne {})",
                    ids[a],
                    first
                ),
            ));
        }
    }
    let sorted: Vec<u32> = order.iter().map(|&i| ids[i as usize]).collect();
    let dense = |id: u32| sorted.binary_search(&id).ok();
    let mut new_priority = Vec::with_capacity(n);
    let mut new_owner = Vec::with_capacity(n);
    let mut new_offsets = Vec::with_capacity(n + 1);
    let mut new_targets = Vec::with_capacity(targets.len());
    let mut new_names = Vec::with_capacity(n);
    new_offsets.push(0u32);
    for &i in &order {
        let i = i as usize;
        new_priority.push(priority[i]);
        new_owner.push(owner[i]);
        for &s in &targets[offsets[i] as usize..offsets[i + 1] as usize] {
            let d = dense(s).ok_or_else(|| undeclared(lines[i] as usize, s, ids[i]))?;
            new_targets.push(d as u32);
        }
        new_offsets.push(new_targets.len() as u32);
        new_names.push(names.get_mut(i).and_then(Option::take));
    }
    *names = new_names;
    ParityGame::new(new_priority, new_owner, new_offsets, new_targets)
}

/// Writes `game` in PGSolver's format (the header holds the largest id).
pub fn write(game: &ParityGame) -> String {
    let mut out = String::with_capacity(game.len() * 24);
    let max_id = (0..game.len()).map(|v| game.id(v)).max().unwrap_or(0);
    let _ = writeln!(out, "parity {max_id};");
    if let Some(s) = game.start {
        let _ = writeln!(out, "start {};", game.id(s as usize));
    }
    for v in 0..game.len() {
        let _ = write!(out, "{} {} {} ", game.id(v), game.priority(v), game.owner(v).index());
        for (i, &s) in game.successors(v).iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let _ = write!(out, "{}", game.id(s as usize));
        }
        if let Some(name) = game.name(v) {
            let _ = write!(out, " \"{}\"", name.replace('"', "'"));
        }
        out.push_str(";\n");
    }
    out
}

/// Writes a solution in PGSolver's format: `paritysol N;` then `id winner [move];`.
pub fn write_solution(game: &ParityGame, solution: &Solution) -> String {
    let mut out = String::with_capacity(game.len() * 16);
    let max_id = (0..game.len()).map(|v| game.id(v)).max().unwrap_or(0);
    let _ = writeln!(out, "paritysol {max_id};");
    for v in 0..game.len() {
        let w = solution.winner[v];
        let _ = write!(out, "{} {}", game.id(v), w.index());
        if let Some(s) = solution.strategy(v) {
            let _ = write!(out, " {}", game.id(s as usize));
        }
        out.push_str(";\n");
    }
    out
}

/// A solution as a file claims it: each vertex's winner and move, where given.
pub type Claimed = (Vec<Option<Parity>>, Vec<Option<u32>>);

/// Reads a solution of `game` in PGSolver's format (`paritysol N;`, then
/// `id winner [move];`; the header may be omitted). Vertices the file does not
/// list stay unsolved, which [`verify`](super::verify::verify) then reports.
///
/// # Errors
/// [`Error::Malformed`] with the line: an id that is no vertex of the game, a
/// winner other than 0 or 1, a vertex listed twice.
pub fn parse_solution(game: &ParityGame, bytes: &[u8]) -> Result<Claimed, Error> {
    if bytes.starts_with(&[0x1f, 0x8b]) {
        return parse_solution(game, &inflate(bytes)?);
    }
    let words = Words::new();
    let mut lx = Lexer::new(bytes);
    if lx.keyword(b"paritysol") {
        lx.number(&words.header)?;
        lx.expect(b';')?;
    }
    let n = game.len();
    let mut winner = vec![None; n];
    let mut strategy = vec![None; n];
    while lx.peek().is_some() {
        let line = lx.line;
        let id = lx.number(&words.id)?;
        let v = u32::try_from(id)
            .ok()
            .and_then(|id| game.vertex_of_id(id))
            .ok_or_else(|| {
                malformed(
                    line,
                    text!("{} is not a vertex of the game", "{} n'est pas un sommet du jeu", id),
                )
            })?;
        let w = lx.number(&text!("a winner (0 or 1)", "un gagnant (0 ou 1)"))?;
        if w > 1 {
            return Err(malformed(
                line,
                text!("winner {} is neither 0 nor 1", "le gagnant {} n'est ni 0 ni 1", w),
            ));
        }
        if winner[v].is_some() {
            return Err(malformed(
                line,
                text!("vertex {} is listed twice", "le sommet {} est donné deux fois", id),
            ));
        }
        winner[v] = Some(Parity::from_index(w as usize));
        if lx.peek().is_some_and(|b| b.is_ascii_digit()) {
            let s = lx.number(&words.successor)?;
            let t = u32::try_from(s)
                .ok()
                .and_then(|s| game.vertex_of_id(s))
                .ok_or_else(|| {
                    malformed(
                        line,
                        text!(
                            "move {} is not a vertex of the game",
                            "le coup {} n'est pas un sommet du jeu",
                            s
                        ),
                    )
                })?;
            strategy[v] = Some(t as u32);
        }
        lx.expect(b';')?;
    }
    Ok((winner, strategy))
}

/// A game typed in the page (the link's `pg` key): its errors name the key, and a
/// game needs a vertex.
///
/// # Errors
/// The parser's error, or an empty game.
pub fn typed(pg: &str) -> Result<ParityGame, Error> {
    let game = parse(pg.as_bytes()).map_err(|e| Error::Conflict {
        key: "pg",
        message: e.text(),
    })?;
    if game.is_empty() {
        return Err(Error::Conflict {
            key: "pg",
            message: text!(
                "the game has no vertex: write at least one line like 0 2 0 0;",
                "le jeu n'a aucun sommet : écrivez au moins une ligne comme 0 2 0 0;"
            ),
        });
    }
    Ok(game)
}
