//! Games written and read in CGSuite's notation.
//!
//! Written: numbers (`3`, `-1/2`), nimbers (`*`, `*2`), ups and downs with a
//! nimber and a number (`^`, `^^*`, `v3`, `1/2^*`: CGSuite's `^3` is three
//! ups), switches (`+-1`), and any other form as braces with its options in
//! turn (`{2|-1}`, `{0||0|-2}`: a side with one option that is itself a form
//! is written inline with one more bar, as CGSuite does). [`unicode`] turns
//! that into the page's signs (`↑`, `⇑*`, `±1`, `−`).
//!
//! Read ([`parse`]): the same, and sums with `+`, differences with `-`,
//! parentheses, `±` for `+-`, `↑ ⇑ ↓ ⇓` for the arrows. `1+-1` is `1 ± 1`
//! (`+-` is always the sign ±, as in CGSuite).
//!
//! ```
//! use ludolab::partizan::{game::Games, notation::{parse, Namer}};
//! let mut g = Games::new();
//! let x = parse(&mut g, "^ + ^ + *").unwrap();
//! assert_eq!(Namer::new().name(&mut g, x), "^^*");
//! let y = parse(&mut g, "{{2|1}|0}").unwrap();
//! assert_eq!(Namer::new().name(&mut g, y), "{2|1||0}");
//! ```

use super::dyadic::Dyadic;
use super::game::{GameId, Games};
use crate::toolkit::{Error, Quoted};
use std::collections::HashMap;

/// The longest expression read (characters).
pub const MAX_EXPRESSION: usize = 400;
/// The deepest nesting of braces and parentheses read.
pub const MAX_NESTING: usize = 24;
/// The largest whole number, denominator or count of arrows read.
pub const MAX_NUMBER: i64 = 1024;
/// The largest nimber read: `*k` has `k` options on each side, and a sum of
/// it with a game that is not a nimber visits them all for each of that game's followers.
pub const MAX_NIMBER: i64 = 64;
/// The most steps the sums of a typed game may take ([`Games::sum_work`]):
/// the link's check reads the game on the page's main thread, so it must
/// stay well under a second there (`v256 + ^256` is about 2.4·10⁶).
pub const MAX_SUM_WORK: f64 = 3e6;

/// What a game is called: the recognised families, else its form.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Name {
    /// A number.
    Number(Dyadic),
    /// `x + n·↑ + *k`, infinitesimally close to `x`.
    Ups { x: Dyadic, ups: i64, star: u32 },
    /// `±y = {y | −y}`, `y` a positive number.
    Switch(Dyadic),
    /// `Tiny(G) = {0 ‖ 0 | −G}` (`⧾G`), `G`'s left stop above 0.
    Tiny(GameId),
    /// `Miny(G) = {G | 0 ‖ 0}` (`⧿G`), the negative of `Tiny(G)`.
    Miny(GameId),
    /// Any other form.
    Form,
}

/// Names games, remembering their stops and names.
#[derive(Default)]
pub struct Namer {
    stops: HashMap<GameId, (Dyadic, Dyadic)>,
    names: HashMap<GameId, Name>,
    up: Option<GameId>,
}

impl Namer {
    /// A namer with nothing remembered.
    pub fn new() -> Namer {
        Namer::default()
    }

    /// The left and right stops of `g`: where play ends when Left (Right)
    /// starts and both stop as soon as the game is a number.
    pub fn stops(&mut self, games: &Games, g: GameId) -> (Dyadic, Dyadic) {
        if let Some(x) = games.number_value(g) {
            return (x, x);
        }
        if let Some(&s) = self.stops.get(&g) {
            return s;
        }
        let left = games
            .left(g)
            .iter()
            .map(|&l| self.stops(games, l).1)
            .max()
            .unwrap_or(Dyadic::ZERO);
        let right = games
            .right(g)
            .iter()
            .map(|&r| self.stops(games, r).0)
            .min()
            .unwrap_or(Dyadic::ZERO);
        self.stops.insert(g, (left, right));
        (left, right)
    }

    fn classify(&mut self, games: &mut Games, g: GameId) -> Name {
        if let Some(n) = self.names.get(&g) {
            return n.clone();
        }
        let name = self.recognise(games, g);
        self.names.insert(g, name.clone());
        name
    }

    fn recognise(&mut self, games: &mut Games, g: GameId) -> Name {
        if let Some(x) = games.number_value(g) {
            return Name::Number(x);
        }
        let (ls, rs) = self.stops(games, g);
        // x + n·↑ + *k has canonical options x + m·↑ + *j and numbers only
        // (number translation; the options of n·↑ and *k are of that kind):
        // a form with another option is none, and is not tried against up to
        // its birthday's multiples of ↑ (each a whole sum of the form: minutes
        // for a 4 × 4 Clobber board's options, issue 69).
        if ls == rs && self.options_are_ups(games, g) {
            // Infinitely close to x: is g − x some n·↑ + *k?
            let x = games.number(ls);
            let h = games.sub(g, x);
            let up = *self.up.get_or_insert_with(|| {
                let star = games.nimber(1);
                games.make(vec![Games::ZERO], vec![star])
            });
            // The atomic weight of n·↑ + *k is n, at most the birthday in size.
            let bound = i64::from(games.birthday(h)) + 1;
            let down = games.neg(up);
            for (step, sign) in [(up, 1i64), (down, -1)] {
                let mut rest = h;
                for n in 0..=bound {
                    if let Some(k) = games.nimber_value(rest) {
                        return Name::Ups {
                            x: ls,
                            ups: sign * n,
                            star: k,
                        };
                    }
                    rest = games.sub(rest, step);
                }
            }
        }
        if let Some(name) = self.tiny_or_miny(games, g) {
            return name;
        }
        if let ([l], [r]) = (games.left(g), games.right(g)) {
            if let (Some(a), Some(b)) = (games.number_value(*l), games.number_value(*r)) {
                if a == b.neg() && a > Dyadic::ZERO {
                    return Name::Switch(a);
                }
            }
        }
        Name::Form
    }

    /// Whether every option of `g` is a number or `x + n·↑ + *k`.
    fn options_are_ups(&mut self, games: &mut Games, g: GameId) -> bool {
        let options: Vec<GameId> = games.left(g).iter().chain(games.right(g)).copied().collect();
        options
            .into_iter()
            .all(|o| matches!(self.classify(games, o), Name::Number(_) | Name::Ups { .. }))
    }

    /// `Tiny(G)` for `{0 ‖ 0 | −G}` and `Miny(G)` for `{G | 0 ‖ 0}`, where
    /// `G`'s left stop is above 0 (the condition CGSuite names them by).
    fn tiny_or_miny(&mut self, games: &mut Games, g: GameId) -> Option<Name> {
        let zero = [Games::ZERO];
        if let ([Games::ZERO], &[r]) = (games.left(g), games.right(g)) {
            if let (true, &[s]) = (games.left(r) == zero, games.right(r)) {
                let big = games.neg(s);
                return (self.stops(games, big).0 > Dyadic::ZERO).then_some(Name::Tiny(big));
            }
        }
        if let (&[l], [Games::ZERO]) = (games.left(g), games.right(g)) {
            if let (&[big], true) = (games.left(l), games.right(l) == zero) {
                return (self.stops(games, big).0 > Dyadic::ZERO).then_some(Name::Miny(big));
            }
        }
        None
    }

    /// `g` in CGSuite's notation.
    pub fn name(&mut self, games: &mut Games, g: GameId) -> String {
        self.write(games, g, &mut HashMap::new()).0
    }

    /// The name, and for a form its number of bars (for nesting inline).
    fn write(&mut self, games: &mut Games, g: GameId, seen: &mut HashMap<GameId, (String, usize)>) -> (String, usize) {
        if let Some(s) = seen.get(&g) {
            return s.clone();
        }
        let result = match self.classify(games, g) {
            Name::Number(x) => (x.to_string(), 0),
            Name::Ups { x, ups, star } => {
                let mut s = if x == Dyadic::ZERO {
                    String::new()
                } else {
                    x.to_string()
                };
                let arrow = if ups > 0 { "^" } else { "v" };
                match ups.unsigned_abs() {
                    0 => {}
                    1 => s.push_str(arrow),
                    2 => {
                        s.push_str(arrow);
                        s.push_str(arrow);
                    }
                    n => s.push_str(&format!("{arrow}{n}")),
                }
                match star {
                    0 => {}
                    1 => s.push('*'),
                    k => s.push_str(&format!("*{k}")),
                }
                if s.is_empty() {
                    s.push('0');
                }
                (s, 0)
            }
            Name::Switch(y) => (format!("+-{y}"), 0),
            Name::Tiny(big) => (format!("Tiny({})", self.write(games, big, seen).0), 0),
            Name::Miny(big) => (format!("Miny({})", self.write(games, big, seen).0), 0),
            Name::Form => {
                let left = games.left(g).to_vec();
                let right = games.right(g).to_vec();
                let mut sides = Vec::new();
                for options in [&left, &right] {
                    let written: Vec<(String, usize)> = options.iter().map(|&o| self.write(games, o, seen)).collect();
                    sides.push(written);
                }
                // A side whose one option is a form is written inline, with one
                // bar more for the whole than the inline form has.
                let mut bars = 1;
                for side in &sides {
                    if let [(_, inner)] = side.as_slice() {
                        bars = bars.max(inner + 1);
                    }
                }
                let mut out = String::from("{");
                for (i, side) in sides.iter().enumerate() {
                    if i == 1 {
                        out.push_str(&"|".repeat(bars));
                    }
                    match side.as_slice() {
                        [(text, inner)] if *inner > 0 => out.push_str(&text[1..text.len() - 1]),
                        _ => out.push_str(&side.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>().join(",")),
                    }
                }
                out.push('}');
                (out, bars)
            }
        };
        seen.insert(g, result.clone());
        result
    }
}

/// CGSuite's ASCII turned into the page's signs: `^` ↑, `^^` ⇑, `v` ↓, `vv` ⇓,
/// `+-` ±, `-` −; `Tiny(x)` is `⧾x` and `Miny(x)` is `⧿x`, as Winning Ways
/// writes them (parentheses kept around anything but a number or a form).
pub fn unicode(ascii: &str) -> String {
    let mut out = String::new();
    let mut rest = ascii;
    while let Some(at) = rest.find("Tiny(").into_iter().chain(rest.find("Miny(")).min() {
        out.push_str(&signs(&rest[..at]));
        out.push(if rest[at..].starts_with('T') { '⧾' } else { '⧿' });
        let inner = &rest[at + 5..];
        // The matching parenthesis (the name is ours: balanced).
        let mut depth = 1;
        let end = inner
            .char_indices()
            .find(|&(_, c)| {
                depth += match c {
                    '(' => 1,
                    ')' => -1,
                    _ => 0,
                };
                depth == 0
            })
            .map_or(inner.len(), |(i, _)| i);
        let argument = unicode(&inner[..end]);
        let plain = argument.starts_with('{') || argument.chars().all(|c| c.is_ascii_digit() || c == '/');
        if plain {
            out.push_str(&argument);
        } else {
            out.push_str(&format!("({argument})"));
        }
        rest = inner.get(end + 1..).unwrap_or("");
    }
    out.push_str(&signs(rest));
    out
}

fn signs(ascii: &str) -> String {
    let arrows = ascii
        .replace("^^", "⇑")
        .replace('^', "↑")
        .replace("vv", "⇓")
        .replace('v', "↓")
        .replace("+-", "±")
        .replace('-', "−");
    // A count after an arrow is a power, as Winning Ways writes it: ^3 is ↑³
    // (three ups), unlike 3^, three and an up.
    let mut out = String::with_capacity(arrows.len());
    let mut after_arrow = false;
    for c in arrows.chars() {
        if after_arrow && c.is_ascii_digit() {
            out.push(['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'][c as usize - '0' as usize]);
            continue;
        }
        after_arrow = matches!(c, '↑' | '↓');
        out.push(c);
    }
    out
}

/// A token of an expression, with where it starts (in characters, from 1).
#[derive(Clone, Debug, PartialEq)]
enum Token {
    Number(i64),
    Slash,
    Up(i64),
    Star(i64),
    Plus,
    Minus,
    PlusMinus,
    Open,
    Close,
    OpenParen,
    CloseParen,
    Tiny,
    Miny,
    Bars(usize),
    Comma,
}

fn bad(token: &str, at: usize, what: &str, quoi: &str) -> Error {
    Error::InvalidValue {
        key: "position",
        value: Quoted::new(token),
        expected: text!("{what} (character {at})", "{quoi} (caractère {at})"),
    }
}

fn lex(input: &str) -> Result<Vec<(Token, usize, String)>, Error> {
    let chars: Vec<char> = input.chars().collect();
    if chars.len() > MAX_EXPRESSION {
        return Err(Error::InvalidValue {
            key: "position",
            value: Quoted::new(input),
            expected: text!(
                "a game of at most {MAX_EXPRESSION} characters",
                "un jeu d’au plus {MAX_EXPRESSION} caractères"
            ),
        });
    }
    let mut out = Vec::new();
    let mut i = 0;
    let count = |i: &mut usize| -> Option<i64> {
        let start = *i;
        while *i < chars.len() && chars[*i].is_ascii_digit() {
            *i += 1;
        }
        (*i > start).then(|| {
            chars[start..*i]
                .iter()
                .collect::<String>()
                .parse::<i64>()
                .unwrap_or(i64::MAX)
        })
    };
    while i < chars.len() {
        let c = chars[i];
        let at = i + 1;
        let start = i;
        let token = match c {
            ' ' | '\t' | '\n' => {
                i += 1;
                continue;
            }
            '0'..='9' => Token::Number(count(&mut i).unwrap_or(0)),
            '/' => {
                i += 1;
                Token::Slash
            }
            '^' | '↑' | '⇑' | 'v' | '↓' | '⇓' => {
                let mut n = 0;
                let sign = if matches!(c, '^' | '↑' | '⇑') { 1 } else { -1 };
                while i < chars.len() && matches!(chars[i], '^' | '↑' | '⇑' | 'v' | '↓' | '⇓') {
                    let s = if matches!(chars[i], '^' | '↑' | '⇑') { 1 } else { -1 };
                    if s != sign {
                        break;
                    }
                    n += if matches!(chars[i], '⇑' | '⇓') { 2 } else { 1 };
                    i += 1;
                }
                // A count in superscript digits (↑³, as the page writes it) reads as `^3`.
                const SUPERSCRIPTS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
                let mut power: Option<i64> = None;
                while let Some(d) = chars.get(i).and_then(|c| SUPERSCRIPTS.iter().position(|s| s == c)) {
                    power = Some(power.unwrap_or(0).saturating_mul(10).saturating_add(d as i64));
                    i += 1;
                }
                if let Some(k) = power.or_else(|| count(&mut i)) {
                    // `^3` is three ups (a count after a single arrow).
                    if n != 1 {
                        let text: String = chars[start..i].iter().collect();
                        return Err(bad(
                            &text,
                            at,
                            "one arrow before a count (^3, v2)",
                            "une seule flèche avant un nombre (^3, v2)",
                        ));
                    }
                    n = k;
                }
                Token::Up(sign * n)
            }
            '*' => {
                i += 1;
                Token::Star(count(&mut i).unwrap_or(1))
            }
            '+' | '±' => {
                i += 1;
                if c == '±' {
                    Token::PlusMinus
                } else if i < chars.len() && (chars[i] == '-' || chars[i] == '−') {
                    i += 1;
                    Token::PlusMinus
                } else {
                    Token::Plus
                }
            }
            '-' | '−' => {
                i += 1;
                Token::Minus
            }
            '{' => {
                i += 1;
                Token::Open
            }
            '}' => {
                i += 1;
                Token::Close
            }
            '(' => {
                i += 1;
                Token::OpenParen
            }
            ')' => {
                i += 1;
                Token::CloseParen
            }
            '|' => {
                let mut n = 0;
                while i < chars.len() && chars[i] == '|' {
                    n += 1;
                    i += 1;
                }
                Token::Bars(n)
            }
            ',' => {
                i += 1;
                Token::Comma
            }
            'T' | 'M' | '⧾' | '⧿' => {
                let word: String = chars[i..chars.len().min(i + 4)].iter().collect();
                if matches!(c, '⧾' | '⧿') {
                    i += 1;
                } else if word == "Tiny" || word == "Miny" {
                    i += 4;
                } else {
                    return Err(bad(
                        &c.to_string(),
                        at,
                        "numbers, * ^ v, + - +-, { , | }, parentheses, Tiny(…) and Miny(…)",
                        "des nombres, * ^ v, + - +-, { , | }, des parenthèses, Tiny(…) et Miny(…)",
                    ));
                }
                if matches!(c, 'T' | '⧾') {
                    Token::Tiny
                } else {
                    Token::Miny
                }
            }
            other => {
                return Err(bad(
                    &other.to_string(),
                    at,
                    "numbers, * ^ v, + - +-, { , | }, parentheses, Tiny(…) and Miny(…)",
                    "des nombres, * ^ v, + - +-, { , | }, des parenthèses, Tiny(…) et Miny(…)",
                ))
            }
        };
        let text: String = chars[start..i].iter().collect();
        match token {
            Token::Star(n) if n > MAX_NIMBER => {
                return Err(bad(
                    &text,
                    at,
                    &format!("nimbers of at most *{MAX_NIMBER}"),
                    &format!("des nimbers d’au plus *{MAX_NIMBER}"),
                ))
            }
            Token::Number(n) | Token::Up(n) if n.abs() > MAX_NUMBER => {
                return Err(bad(
                    &text,
                    at,
                    &format!("numbers and arrow counts of at most {MAX_NUMBER}"),
                    &format!("des nombres et des flèches d’au plus {MAX_NUMBER}"),
                ))
            }
            _ => {}
        }
        out.push((token, at, text));
    }
    Ok(out)
}

struct Parser<'a> {
    tokens: Vec<(Token, usize, String)>,
    at: usize,
    games: &'a mut Games,
    /// The game as typed, quoted when it ends too soon.
    input: &'a str,
    depth: usize,
    end: usize,
    /// Whether the last primary read was a number (two in a row need a sign).
    last_number: bool,
    /// The steps the sums read so far took ([`Games::sum_work`]).
    work: f64,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at).map(|t| &t.0)
    }

    fn here(&self) -> (String, usize) {
        match self.tokens.get(self.at) {
            Some((_, at, text)) => (text.clone(), *at),
            None => ("end".to_string(), self.end),
        }
    }

    fn fail(&self, what: &str, quoi: &str) -> Error {
        if self.at >= self.tokens.len() {
            // Cut short (`{1|`): the whole game is quoted, and the end said in words.
            return Error::InvalidValue {
                key: "position",
                value: Quoted::new(self.input),
                expected: text!(
                    "{what} at character {}, where the game ends too soon",
                    "{quoi} au caractère {}, où le jeu s’arrête trop tôt",
                    self.end
                ),
            };
        }
        let (text, at) = self.here();
        bad(&text, at, what, quoi)
    }

    /// `a + b`, refused with the sign's place once the sums read would take
    /// more than [`MAX_SUM_WORK`] steps in all.
    fn plus(&mut self, a: GameId, b: GameId, sign: &(String, usize)) -> Result<GameId, Error> {
        self.work += self.games.sum_work(&[a, b]);
        if self.work > MAX_SUM_WORK {
            let (steps, most) = (format_steps(self.work), format_steps(MAX_SUM_WORK));
            return Err(bad(
                &sign.0,
                sign.1,
                &format!("a smaller sum: adding here would take about {steps} steps, more than the {most} a typed game may take"),
                &format!("une somme plus petite : l’addition ici demanderait environ {steps} étapes, plus que les {most} permises à un jeu écrit"),
            ));
        }
        Ok(self.games.add(a, b))
    }

    fn expr(&mut self) -> Result<GameId, Error> {
        let mut acc = self.term()?;
        loop {
            let sign = self.here();
            match self.peek() {
                Some(Token::Plus) => {
                    self.at += 1;
                    let t = self.term()?;
                    acc = self.plus(acc, t, &sign)?;
                }
                Some(Token::Minus) => {
                    self.at += 1;
                    let t = self.term()?;
                    let minus = self.games.neg(t);
                    acc = self.plus(acc, minus, &sign)?;
                }
                Some(Token::PlusMinus) => {
                    let t = self.term()?;
                    acc = self.plus(acc, t, &sign)?;
                }
                _ => return Ok(acc),
            }
        }
    }

    fn term(&mut self) -> Result<GameId, Error> {
        match self.peek() {
            Some(Token::Minus) => {
                self.at += 1;
                let t = self.term()?;
                Ok(self.games.neg(t))
            }
            Some(Token::PlusMinus) => {
                self.at += 1;
                let t = self.term()?;
                let n = self.games.neg(t);
                Ok(self.games.make(vec![t], vec![n]))
            }
            _ => {
                let mut acc = self.primary()?;
                let mut last_was_number = self.last_number;
                // Juxtaposed parts add up: 1^* is 1 + ^ + *.
                while matches!(
                    self.peek(),
                    Some(Token::Up(_) | Token::Star(_) | Token::Open | Token::OpenParen | Token::Number(_))
                ) {
                    if last_was_number && matches!(self.peek(), Some(Token::Number(_))) {
                        return Err(self.fail("+ or - between two numbers", "+ ou - entre deux nombres"));
                    }
                    let sign = self.here();
                    let next = self.primary()?;
                    last_was_number = self.last_number;
                    acc = self.plus(acc, next, &sign)?;
                }
                Ok(acc)
            }
        }
    }

    fn primary(&mut self) -> Result<GameId, Error> {
        self.last_number = false;
        let Some(token) = self.peek().cloned() else {
            return Err(self.fail("a game", "un jeu"));
        };
        match token {
            Token::Number(n) => {
                self.at += 1;
                self.last_number = true;
                if self.peek() == Some(&Token::Slash) {
                    self.at += 1;
                    let Some(Token::Number(d)) = self.peek().cloned() else {
                        return Err(self.fail("a denominator (a power of 2)", "un dénominateur (une puissance de 2)"));
                    };
                    if d == 0 || d & (d - 1) != 0 {
                        return Err(self.fail(
                            "a power of 2 as denominator: games' numbers are dyadic",
                            "une puissance de 2 au dénominateur : les nombres des jeux sont dyadiques",
                        ));
                    }
                    self.at += 1;
                    Ok(self.games.number(Dyadic::new(i128::from(n), d.trailing_zeros())))
                } else {
                    Ok(self.games.integer(n))
                }
            }
            Token::Up(n) => {
                self.at += 1;
                let star = self.games.nimber(1);
                let up = self.games.make(vec![Games::ZERO], vec![star]);
                let step = if n > 0 { up } else { self.games.neg(up) };
                let mut acc = Games::ZERO;
                for _ in 0..n.unsigned_abs() {
                    acc = self.games.add(acc, step);
                }
                Ok(acc)
            }
            Token::Star(k) => {
                self.at += 1;
                Ok(self.games.nimber(k as u32))
            }
            Token::Tiny | Token::Miny => {
                // Tiny(G) = {0 || 0 | -G}, Miny(G) = {G | 0 || 0}; ⧾x and ⧿x read likewise.
                self.at += 1;
                let big = self.primary()?;
                self.last_number = false;
                Ok(if token == Token::Tiny {
                    let minus = self.games.neg(big);
                    let inner = self.games.make(vec![Games::ZERO], vec![minus]);
                    self.games.make(vec![Games::ZERO], vec![inner])
                } else {
                    let inner = self.games.make(vec![big], vec![Games::ZERO]);
                    self.games.make(vec![inner], vec![Games::ZERO])
                })
            }
            Token::OpenParen => {
                self.at += 1;
                self.enter()?;
                let g = self.expr()?;
                if self.peek() != Some(&Token::CloseParen) {
                    return Err(self.fail("a closing parenthesis", "une parenthèse fermante"));
                }
                self.at += 1;
                self.depth -= 1;
                Ok(g)
            }
            Token::Open => {
                self.at += 1;
                self.enter()?;
                let g = self.body()?;
                if self.peek() != Some(&Token::Close) {
                    return Err(self.fail("a closing brace or a bar", "une accolade fermante ou une barre"));
                }
                self.at += 1;
                self.depth -= 1;
                Ok(g)
            }
            _ => Err(self.fail("a game", "un jeu")),
        }
    }

    fn enter(&mut self) -> Result<(), Error> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.fail(
                &format!("at most {MAX_NESTING} nested braces"),
                &format!("au plus {MAX_NESTING} accolades imbriquées"),
            ));
        }
        Ok(())
    }

    /// `A, B |… C` up to the closing brace: sides separated by runs of bars,
    /// the longest run splitting the form (shorter ones inside its sides).
    fn body(&mut self) -> Result<GameId, Error> {
        let mut sides: Vec<Vec<GameId>> = vec![Vec::new()];
        let mut bars: Vec<(usize, usize, String)> = Vec::new();
        loop {
            match self.peek() {
                Some(Token::Close) | None => break,
                Some(Token::Bars(n)) => {
                    let (text, at) = self.here();
                    bars.push((*n, at, text));
                    self.at += 1;
                    sides.push(Vec::new());
                }
                Some(Token::Comma) => {
                    self.at += 1;
                }
                _ => {
                    let g = self.expr()?;
                    if let Some(side) = sides.last_mut() {
                        side.push(g);
                    }
                    if !matches!(self.peek(), Some(Token::Comma | Token::Bars(_) | Token::Close) | None) {
                        return Err(self.fail(
                            "a comma, a bar or a closing brace",
                            "une virgule, une barre ou une accolade fermante",
                        ));
                    }
                }
            }
        }
        if bars.is_empty() {
            return Err(self.fail(
                "a bar | between Left's and Right's options",
                "une barre | entre les options de Gauche et de Droite",
            ));
        }
        self.split(&sides, &bars)
    }

    fn split(&mut self, sides: &[Vec<GameId>], bars: &[(usize, usize, String)]) -> Result<GameId, Error> {
        if bars.is_empty() {
            // One side with no bar: its options (one game when inline).
            return Ok(match sides {
                [one] if one.len() == 1 => one[0],
                _ => self.games.make(Vec::new(), Vec::new()),
            });
        }
        let most = bars.iter().map(|b| b.0).max().unwrap_or(1);
        let at: Vec<usize> = (0..bars.len()).filter(|&i| bars[i].0 == most).collect();
        if at.len() > 1 {
            let (_, pos, text) = &bars[at[1]];
            return Err(bad(
                text,
                *pos,
                "one longest run of bars per form ({a|b||c} is read, {a|b|c} is ambiguous)",
                "une seule plus longue suite de barres par forme ({a|b||c} se lit, {a|b|c} est ambigu)",
            ));
        }
        let i = at[0];
        let left = self.side(&sides[..=i], &bars[..i])?;
        let right = self.side(&sides[i + 1..], &bars[i + 1..])?;
        Ok(self.games.make(left, right))
    }

    /// The options of one side: a list, or one inline form.
    fn side(&mut self, sides: &[Vec<GameId>], bars: &[(usize, usize, String)]) -> Result<Vec<GameId>, Error> {
        if bars.is_empty() {
            Ok(sides[0].clone())
        } else {
            Ok(vec![self.split(sides, bars)?])
        }
    }
}

/// Reads a game typed in CGSuite's notation.
///
/// # Errors
/// [`Error::InvalidValue`] on key `position`, naming the token at fault and
/// its place (characters from 1): an unknown sign, a fraction that is not
/// dyadic, unbalanced braces, an ambiguous run of bars, a number above
/// [`MAX_NUMBER`], more than [`MAX_NESTING`] nested braces or more than
/// [`MAX_EXPRESSION`] characters.
pub fn parse(games: &mut Games, input: &str) -> Result<GameId, Error> {
    parse_counted(games, input).map(|(g, _)| g)
}

/// [`parse`], with the steps its sums took ([`Games::sum_work`]): what
/// reading the game costs, and so what analysing it costs.
///
/// # Errors
/// As [`parse`].
pub fn parse_counted(games: &mut Games, input: &str) -> Result<(GameId, f64), Error> {
    let tokens = lex(input)?;
    let end = input.chars().count() + 1;
    let mut p = Parser {
        input,
        tokens,
        at: 0,
        games,
        depth: 0,
        end,
        last_number: false,
        work: 0.0,
    };
    let g = p.expr()?;
    if p.at < p.tokens.len() {
        return Err(p.fail("+, - or the end", "+, - ou la fin"));
    }
    Ok((g, p.work))
}

/// A count of steps, to two significant digits (the page groups its thousands).
fn format_steps(x: f64) -> String {
    let scale = 10f64.powi((x.max(1.0).log10().floor() as i32 - 1).max(0));
    ((x / scale).round() * scale).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(text: &str) -> String {
        let mut g = Games::new();
        let x = parse(&mut g, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        Namer::new().name(&mut g, x)
    }

    #[test]
    fn every_small_sum_of_ups_and_a_star_is_named_as_such() {
        // The options' test that spares the search must not miss any x + n·↑ + *k.
        for x in ["0", "1", "-1/2", "3/4"] {
            for n in -5i64..=5 {
                for k in 0..=5u32 {
                    let arrow = if n > 0 { "^" } else { "v" };
                    let ups = match n.unsigned_abs() {
                        0 => String::new(),
                        1 => arrow.to_string(),
                        2 => arrow.repeat(2),
                        m => format!("{arrow}{m}"),
                    };
                    let star = match k {
                        0 => String::new(),
                        1 => "*".to_string(),
                        k => format!("*{k}"),
                    };
                    let typed = format!(
                        "{x} + {} + *{k}",
                        if n == 0 {
                            "0".to_string()
                        } else {
                            format!("{arrow}{}", n.abs())
                        }
                    );
                    let mut expected = format!("{}{ups}{star}", if x == "0" { "" } else { x });
                    if expected.is_empty() {
                        expected.push('0');
                    }
                    assert_eq!(name(&typed), expected, "{typed}");
                }
            }
        }
    }

    #[test]
    fn names_of_the_textbook_values() {
        for (typed, written) in [
            ("0", "0"),
            ("{|}", "0"),
            ("{0|}", "1"),
            ("{0|1}", "1/2"),
            ("-3/4", "-3/4"),
            ("{0|0}", "*"),
            ("*2+*3", "*"),
            ("{0,*|0,*}", "*2"),
            ("{0|*}", "^"),
            ("^+^", "^^"),
            ("^+^+*", "^^*"),
            ("{0|^}", "^^*"),
            ("^3", "^3"),
            ("v+v", "vv"),
            ("{0,*|0}", "^*"),
            ("1+^+*", "1^*"),
            ("{1|-1}", "+-1"),
            ("+-1", "+-1"),
            ("+-1 + +-1", "0"),
            ("{2|-1}", "{2|-1}"),
            ("{{2|1}|0}", "{2|1||0}"),
            ("{2|1||0}", "{2|1||0}"),
            ("{0||0|-2}", "Tiny(2)"),
            ("{1/2|0||0}", "Miny(1/2)"),
            ("{0|||0||-1|-3}", "Tiny({3|1})"),
            ("{5||3|1|||0||||0}", "Miny({5||3|1})"),
            ("{2|Tiny(1)}", "{2|Tiny(1)}"),
            ("Tiny(2) + Miny(2)", "0"),
            ("⧾1/2", "Tiny(1/2)"),
            ("{0||0|-2*}", "Tiny(2*)"),
            ("1/2+1/2", "1"),
            ("1 + -1", "0"),
            ("(1+1)*", "2*"),
            ("−1/2", "-1/2"),
            ("↑ + ⇑*", "^3*"),
            ("↑³ + ↓²", "^"),
            ("±2", "+-2"),
        ] {
            assert_eq!(name(typed), written, "{typed}");
            // The page's signs read back as the same game.
            assert_eq!(name(&unicode(written)), written, "{}", unicode(written));
        }
    }

    #[test]
    fn errors_name_the_token() {
        let mut g = Games::new();
        for (typed, token) in [
            ("1/3", "3"),
            ("{1|2|3}", "|"),
            ("{1 2}", "2"),
            ("{1|", "{1|"),
            ("x", "x"),
            ("2000", "2000"),
            ("*65", "*65"),
            ("^^3", "^^3"),
            ("{0}", "}"),
        ] {
            let e = parse(&mut g, typed).expect_err(typed);
            assert_eq!(e.value(), Some(token), "{typed}: {e}");
        }
        let deep = "{".repeat(30) + &"}".repeat(30);
        assert!(parse(&mut g, &deep).is_err());
        assert!(parse(&mut g, &"1+".repeat(300)).is_err());
    }

    #[test]
    fn unicode_signs() {
        assert_eq!(unicode("^^*"), "⇑*");
        assert_eq!(unicode("{2|-1}"), "{2|−1}");
        assert_eq!(unicode("+-1"), "±1");
        assert_eq!(unicode("v3"), "↓³");
        assert_eq!(unicode("1/2^12*"), "1/2↑¹²*");
        assert_eq!(unicode("{3^|^3}"), "{3↑|↑³}");
        assert_eq!(unicode("Tiny(2)"), "⧾2");
        assert_eq!(unicode("Miny(1/2)"), "⧿1/2");
        assert_eq!(unicode("{Tiny({3|1})|Miny(^)}"), "{⧾{3|1}|⧿(↑)}");
        assert_eq!(unicode("{0||0|-2*}"), "{0||0|−2*}");
    }
}
