//! Text as users give it: files saved by any editor, values pasted from
//! anywhere. A leading byte-order mark (Windows' editors write one) is not part
//! of the text, and a character one cannot see is shown as a visible sign,
//! never in a programmer's notation.

/// The byte-order mark, U+FEFF, as UTF-8.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// `text` without a leading byte-order mark.
///
/// ```
/// use ludolab::toolkit::text::without_bom;
/// assert_eq!(without_bom("\u{feff}a:1>b:2"), "a:1>b:2");
/// assert_eq!(without_bom("a\u{feff}"), "a\u{feff}");
/// ```
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// `bytes` without a leading UTF-8 byte-order mark.
///
/// ```
/// use ludolab::toolkit::text::bytes_without_bom;
/// assert_eq!(bytes_without_bom(b"\xEF\xBB\xBFparity 1;"), b"parity 1;");
/// assert_eq!(bytes_without_bom(b"\xEF\xBB"), b"\xEF\xBB");
/// ```
pub fn bytes_without_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(BOM).unwrap_or(bytes)
}

/// `c` as a reader can see it: itself when it is visible; a control character
/// as its Unicode control picture (a tab `␉`, a line break `␊`); any other
/// invisible character (a byte-order mark, a zero-width space) as `◌`.
///
/// ```
/// use ludolab::toolkit::text::visible;
/// assert_eq!(visible('é'), 'é');
/// assert_eq!(visible('\t'), '␉');
/// assert_eq!(visible('\u{feff}'), '◌');
/// ```
pub fn visible(c: char) -> char {
    match c {
        '\u{0}'..='\u{1f}' => char::from_u32(0x2400 + c as u32).unwrap_or('◌'),
        '\u{7f}' => '␡',
        ' ' => ' ',
        c if c.is_control() || is_invisible(c) => '◌',
        c => c,
    }
}

/// Format characters and spaces with no width: nothing shows where they are.
fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{ad}' | '\u{34f}' | '\u{61c}' | '\u{180e}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}'
        | '\u{2060}'..='\u{206f}' | '\u{feff}' | '\u{fff9}'..='\u{fffb}')
}

/// `message` with its long numbers grouped by thousands as `lang` writes them
/// (`20,000,000`, `20 000 000` with narrow spaces): every run of five digits
/// or more, except inside quotes (a value as the user typed it), after a
/// decimal point, in a fraction, a name (`Q_12345`) or a link (`=12345`).
///
/// ```
/// use ludolab::toolkit::{text::grouped, Lang};
/// assert_eq!(grouped("at most 20000000 states", Lang::En), "at most 20,000,000 states");
/// assert_eq!(grouped("au plus 20000000 états", Lang::Fr), "au plus 20\u{202f}000\u{202f}000 états");
/// assert_eq!(grouped("value \"123456\" for 0.13712345, 1234 or 12345/67890", Lang::En),
///            "value \"123456\" for 0.13712345, 1234 or 12345/67890");
/// ```
pub fn grouped(message: &str, lang: super::Lang) -> String {
    let separator = match lang {
        super::Lang::En => ',',
        super::Lang::Fr => '\u{202f}',
    };
    let chars: Vec<char> = message.chars().collect();
    let mut out = String::with_capacity(message.len() + 8);
    let mut quoted = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if matches!(c, '"' | '«' | '»' | '“' | '”') {
            quoted = match c {
                '«' | '“' => true,
                '»' | '”' => false,
                _ => !quoted,
            };
        }
        if !c.is_ascii_digit() {
            out.push(c);
            i += 1;
            continue;
        }
        let end = (i..chars.len())
            .find(|&j| !chars[j].is_ascii_digit())
            .unwrap_or(chars.len());
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(end).copied();
        // An exponent (1e-12345) is part of its number.
        let exponent = matches!(before, Some('-' | '+')) && i >= 2 && matches!(chars[i - 2], 'e' | 'E');
        let plain = !quoted
            && !exponent
            && end - i >= 5
            // ASCII checks only: Unicode's letter tables would weigh on every bundle.
            && !before.is_some_and(|b| b.is_ascii_alphanumeric() || "_.,/=^\\".contains(b))
            && !after.is_some_and(|a| a.is_ascii_alphabetic() || a == '/' || a == '_');
        for (k, &d) in chars[i..end].iter().enumerate() {
            if plain && k > 0 && (end - i - k) % 3 == 0 {
                out.push(separator);
            }
            out.push(d);
        }
        i = end;
    }
    out
}

/// `message` with each `{word|words}` replaced by the form that agrees with
/// the number just before it, by `lang`'s rule (English: the singular for 1;
/// French: for 0 and 1). In a `text!` or `format!` string the braces are
/// doubled: `"{} {{square|squares}}"`. With no number before, the plural stays.
///
/// ```
/// use ludolab::toolkit::{text::agree, Lang};
/// assert_eq!(agree("lists 1 {square|squares}", Lang::En), "lists 1 square");
/// assert_eq!(agree("lists 0 {square|squares}", Lang::En), "lists 0 squares");
/// assert_eq!(agree("donne 0 {case|cases}", Lang::Fr), "donne 0 case");
/// assert_eq!(agree("a 20\u{202f}000 {sommet|sommets}", Lang::Fr), "a 20\u{202f}000 sommets");
/// // Braces that hold no words are kept: a game, a list of signs.
/// assert_eq!(agree("read 1 {1|*} and { , | }", Lang::En), "read 1 {1|*} and { , | }");
/// ```
pub fn agree(message: &str, lang: super::Lang) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|c| open + c) else {
            break;
        };
        let inner = &rest[open + 1..close];
        let Some((one, many)) = inner.split_once('|').filter(|(a, b)| is_words(a) && is_words(b)) else {
            out.push_str(&rest[..=open]);
            rest = &rest[open + 1..];
            continue;
        };
        let before = &rest[..open];
        out.push_str(before);
        // The number ends just before (one space apart): digits, grouped or with a decimal mark.
        let written: String = before
            .trim_end()
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_digit() || matches!(c, ',' | '.' | '\u{202f}'))
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let singular = singular(&written, lang);
        out.push_str(if singular { one } else { many });
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Whether `s` can be a plural choice's side: words of letters (`tree`,
/// `successeur distinct demande`). Anything else in braces is text to keep, such
/// as a game typed in CGSuite's notation (`{1|*}`) or a list of signs (`{ , | }`).
fn is_words(s: &str) -> bool {
    !s.is_empty() && s.trim() == s && s.chars().all(|c| c.is_alphabetic() || c == ' ')
}

/// Whether the number written `written` (digits, a thousands separator, a
/// decimal mark) takes the singular in `lang`: 1 exactly in English, below 2
/// in French. Read digit by digit: a float parser would weigh on every bundle.
fn singular(written: &str, lang: super::Lang) -> bool {
    let mark = match lang {
        super::Lang::En => '.',
        super::Lang::Fr => ',',
    };
    let (whole, fraction) = written.split_once(mark).unwrap_or((written, ""));
    let whole: String = whole.chars().filter(char::is_ascii_digit).collect();
    if whole.is_empty() || !fraction.chars().all(|c| c.is_ascii_digit()) {
        return false;
    }
    let whole = whole.trim_start_matches('0');
    match lang {
        super::Lang::En => whole == "1" && fraction.chars().all(|c| c == '0'),
        super::Lang::Fr => whole.is_empty() || whole == "1",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_invisible_character_gets_a_sign_and_visible_ones_stay() {
        for c in [
            '\0', '\n', '\r', '\u{1b}', '\u{7f}', '\u{85}', '\u{200b}', '\u{feff}', '\u{2066}',
        ] {
            let shown = visible(c);
            assert_ne!(shown, c, "{c:?}");
            assert!(!shown.is_control() && !is_invisible(shown), "{c:?} shown as {shown:?}");
        }
        for c in ['a', 'é', '→', '½', ' ', '«', '日'] {
            assert_eq!(visible(c), c);
        }
    }

    #[test]
    fn long_numbers_are_grouped_and_nothing_else_moves() {
        use crate::toolkit::Lang::{En, Fr};
        for (given, en) in [
            ("", ""),
            ("12345", "12,345"),
            ("1234 12345 123456 1234567", "1234 12,345 123,456 1,234,567"),
            ("-20000000 states.", "-20,000,000 states."),
            ("(60000000 per heap)", "(60,000,000 per heap)"),
            ("Q_12345 x12345 12345x", "Q_12345 x12345 12345x"),
            ("0.00012345 3,12345 1e-12345", "0.00012345 3,12345 1e-12345"),
            ("«12345» “12345” \"12345\" 12345", "«12345» “12345” \"12345\" 12,345"),
            ("node-limit=20000000", "node-limit=20000000"),
        ] {
            assert_eq!(grouped(given, En), en, "{given}");
            assert_eq!(
                grouped(given, Fr),
                en.replace(",", "\u{202f}").replace("3\u{202f}12345", "3,12345"),
                "{given}"
            );
        }
    }

    #[test]
    fn words_agree_with_the_number_before_them() {
        use crate::toolkit::Lang::{En, Fr};
        assert_eq!(agree("1 {vertex|vertices}, 2 {edge|edges}", En), "1 vertex, 2 edges");
        assert_eq!(
            agree("1 {sommet|sommets}, 0 {arête|arêtes}, 1,5 {tas|tas}", Fr),
            "1 sommet, 0 arête, 1,5 tas"
        );
        assert_eq!(
            agree("12,001 {vertex|vertices} and 1 {step|steps}", En),
            "12,001 vertices and 1 step"
        );
        assert_eq!(agree("no number {vertex|vertices}", En), "no number vertices");
        // Braces that are no choice of words stay.
        assert_eq!(agree("{a} {b|c|d} {", En), "{a} {b|c|d} {");
        assert_eq!(agree("", En), "");
    }

    #[test]
    fn only_a_leading_mark_is_dropped() {
        assert_eq!(without_bom(""), "");
        assert_eq!(without_bom("\u{feff}"), "");
        assert_eq!(without_bom("\u{feff}\u{feff}x"), "\u{feff}x");
        assert_eq!(bytes_without_bom(b""), b"");
        assert_eq!(bytes_without_bom(BOM), b"");
    }
}
