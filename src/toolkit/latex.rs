//! Tables and matrices as LaTeX, for handouts: a `tabular` in a `table` float
//! that compiles with LaTeX alone (no package), numbers in math mode with the
//! language's marks, exact fractions as `\frac`.
//!
//! The cells come as the page shows them (already formatted in the page's
//! language), so a handout reads like the screen: `0,5087` stays a French
//! decimal (`$0{,}5087$`), `1192/1683` becomes `$\frac{1192}{1683}$`, and any
//! text is escaped (`%`, `&`, `_`, `\`…) with the symbols the tables use
//! (≈, ×, →, ≤, ∞…) written as LaTeX commands.

use super::Lang;
use std::fmt::Write;

/// A table as LaTeX: a `table` float with `caption`, a `tabular` whose first
/// line is `headers` (bold) and one line per row. A column whose cells are all
/// numbers is right-aligned, any other left-aligned. `source` (the share link)
/// is written as a comment on the first line.
///
/// # Complexity
/// Linear in the total length of the cells.
///
/// ```
/// use ludolab::toolkit::{latex::tabular, Lang};
/// let rows = vec![vec!["player 1".to_string(), "1192/1683".to_string()]];
/// let tex = tabular("P exactly", &["who".into(), "p".into()], &rows, Lang::En, "");
/// assert!(tex.contains("\\begin{tabular}{lr}"));
/// assert!(tex.contains("player 1 & $\\frac{1192}{1683}$ \\\\"));
/// ```
pub fn tabular(caption: &str, headers: &[String], rows: &[Vec<String>], lang: Lang, source: &str) -> String {
    let cols = headers.len().max(rows.iter().map(Vec::len).max().unwrap_or(0)).max(1);
    if cols > MAX_COLUMNS {
        return split_tabular(caption, headers, rows, lang, source, cols);
    }
    let align: String = (0..cols)
        .map(|c| {
            let mut cells = rows.iter().filter_map(|r| r.get(c)).filter(|x| !x.trim().is_empty());
            // Numbers and fractions (cells set in math mode) align right.
            let numeric = cells.clone().next().is_some() && cells.all(|x| cell(x, lang).starts_with('$'));
            if numeric {
                'r'
            } else {
                'l'
            }
        })
        .collect();
    let mut out = String::new();
    if !source.is_empty() {
        // A comment line must not end early: a link holds no line break, but be sure.
        let _ = writeln!(out, "% Ludolab: {}", source.replace(['\n', '\r'], " "));
    }
    out.push_str("\\begin{table}[ht]\n\\centering\n");
    let _ = writeln!(out, "\\caption{{{}}}", text(caption));
    let _ = writeln!(out, "\\begin{{tabular}}{{{align}}}\n\\hline");
    let line = |cells: Vec<String>| {
        let mut cells = cells;
        cells.resize(cols, String::new());
        format!("{} \\\\\n", cells.join(" & "))
    };
    out.push_str(&line(
        headers.iter().map(|h| format!("\\textbf{{{}}}", text(h))).collect(),
    ));
    out.push_str("\\hline\n");
    for row in rows {
        out.push_str(&line(row.iter().map(|c| cell(c, lang)).collect()));
    }
    out.push_str("\\hline\n\\end{tabular}\n\\end{table}\n");
    out
}

/// Most columns of one `tabular`: a wider table (a 31-column P matrix) would run
/// off an A4 page, so it is cut into blocks of columns, each repeating the first.
pub const MAX_COLUMNS: usize = 12;

/// A table wider than [`MAX_COLUMNS`]: in one `table` float, in small type,
/// one `tabular` per block of columns, each with the first column (the row
/// names) again: every block fits the page, with LaTeX alone.
fn split_tabular(
    caption: &str,
    headers: &[String],
    rows: &[Vec<String>],
    lang: Lang,
    source: &str,
    cols: usize,
) -> String {
    let per = MAX_COLUMNS - 1;
    let pick = |cells: &[String], block: std::ops::Range<usize>| -> Vec<String> {
        std::iter::once(cells.first().cloned().unwrap_or_default())
            .chain(block.map(|c| cells.get(c).cloned().unwrap_or_default()))
            .collect()
    };
    let mut out = String::new();
    let mut start = 1;
    while start < cols {
        let block = start..(start + per).min(cols);
        let part = tabular(
            caption,
            &pick(headers, block.clone()),
            &rows.iter().map(|r| pick(r, block.clone())).collect::<Vec<_>>(),
            lang,
            "",
        );
        // Only the float's inside: one float, one caption, the blocks one under the other.
        let inner = part
            .lines()
            .skip_while(|l| !l.starts_with("\\begin{tabular}"))
            .take_while(|l| !l.starts_with("\\end{table}"))
            .collect::<Vec<_>>()
            .join("\n");
        if start > 1 {
            out.push_str("\n\\medskip\n");
        }
        out.push_str(&inner);
        start = block.end;
    }
    let mut head = String::new();
    if !source.is_empty() {
        let _ = writeln!(head, "% Ludolab: {}", source.replace(['\n', '\r'], " "));
    }
    let _ = writeln!(
        head,
        "\\begin{{table}}[ht]\n\\centering\n\\footnotesize\\setlength{{\\tabcolsep}}{{3pt}}\n\\caption{{{}}}",
        text(caption)
    );
    format!("{head}{out}\n\\end{{table}}\n")
}

/// One cell: a number or an exact fraction in math mode, else escaped text.
pub fn cell(value: &str, lang: Lang) -> String {
    let v = value.trim();
    if let Some(n) = number(v, lang) {
        return format!("${n}$");
    }
    if let Some((a, b)) = v.split_once('/') {
        if let (Some(num), Some(den)) = (number(a.trim(), lang), number(b.trim(), lang)) {
            if !den.starts_with('-') && !a.contains(['.', 'e']) && !b.contains(['.', 'e']) {
                return match num.strip_prefix('-') {
                    Some(positive) => format!("$-\\frac{{{positive}}}{{{den}}}$"),
                    None => format!("$\\frac{{{num}}}{{{den}}}$"),
                };
            }
        }
    }
    text(v)
}

/// A decimal number as the page writes it in `lang` (sign `-` or `−`, the
/// language's thousands separator and decimal mark, an exponent `e-7`), as
/// LaTeX math; `None` for anything else.
fn number(v: &str, lang: Lang) -> Option<String> {
    let (sign, rest) = match v.strip_prefix('-').or_else(|| v.strip_prefix('−')) {
        Some(rest) => ("-", rest),
        None => ("", v),
    };
    let (mantissa, exponent) = match rest.split_once(['e', 'E']) {
        Some((m, e)) => (m, Some(e)),
        None => (rest, None),
    };
    let (decimal, thousands): (char, &[char]) = match lang {
        Lang::En => ('.', &[',']),
        Lang::Fr => (',', &['\u{202f}', '\u{a0}', ' ']),
    };
    let (whole, fraction) = match mantissa.split_once(decimal) {
        Some((w, f)) => (w, Some(f)),
        None => (mantissa, None),
    };
    let groups: Vec<&str> = whole.split(thousands).collect();
    let grouped_ok = groups.len() == 1 || (groups[0].len() <= 3 && groups[1..].iter().all(|g| g.len() == 3));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !grouped_ok || !groups.iter().all(|g| digits(g)) || !fraction.is_none_or(digits) {
        return None;
    }
    let separator = match lang {
        Lang::En => "{,}",
        Lang::Fr => "\\,",
    };
    let mut out = format!("{sign}{}", groups.join(separator));
    if let Some(f) = fraction {
        out.push_str(match lang {
            Lang::En => ".",
            Lang::Fr => "{,}",
        });
        out.push_str(f);
    }
    if let Some(e) = exponent {
        let e = e.strip_prefix('+').unwrap_or(e);
        let (es, ed) = match e.strip_prefix('-').or_else(|| e.strip_prefix('−')) {
            Some(d) => ("-", d),
            None => ("", e),
        };
        if !digits(ed) {
            return None;
        }
        let _ = write!(out, "\\times 10^{{{es}{ed}}}");
    }
    Some(out)
}

/// Text escaped for LaTeX: its special characters, and the symbols Ludolab's
/// tables use, as commands that need no package. A character LaTeX cannot
/// set without a package is written as `?`, so the file always compiles.
pub fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '%' | '_' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str("\\^{}"),
            '~' => out.push_str("\\~{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            '|' => out.push_str("\\textbar{}"),
            '\u{a0}' => out.push('~'),
            '\u{202f}' | '\u{2009}' => out.push_str("\\,"),
            '−' => out.push_str("$-$"),
            '≈' => out.push_str("$\\approx$"),
            '×' => out.push_str("$\\times$"),
            '→' => out.push_str("$\\to$"),
            '←' => out.push_str("$\\leftarrow$"),
            '≤' => out.push_str("$\\leq$"),
            '≥' => out.push_str("$\\geq$"),
            '≠' => out.push_str("$\\neq$"),
            '∞' => out.push_str("$\\infty$"),
            '±' => out.push_str("$\\pm$"),
            '⊕' => out.push_str("$\\oplus$"),
            '∈' => out.push_str("$\\in$"),
            '…' => out.push_str("\\ldots{}"),
            '–' => out.push_str("--"),
            '—' => out.push_str("---"),
            '·' => out.push_str("$\\cdot$"),
            '²' => out.push_str("$^2$"),
            '³' => out.push_str("$^3$"),
            '✓' => out.push_str("$\\surd$"),
            '●' => out.push_str("$\\bullet$"),
            '○' => out.push_str("$\\circ$"),
            '’' => out.push('\''),
            '‘' => out.push('`'),
            '“' => out.push_str("``"),
            '”' => out.push_str("''"),
            '«' => out.push_str("\\guillemotleft{}"),
            '»' => out.push_str("\\guillemotright{}"),
            '₀'..='₉' => {
                let _ = write!(out, "$_{}$", c as u32 - '₀' as u32);
            }
            'ₖ' => out.push_str("$_k$"),
            // ASCII and Latin-1 letters (French accents) are set by LaTeX's
            // own UTF-8 input; anything else would stop the compilation.
            c if c.is_ascii() || ('\u{c0}'..='\u{ff}').contains(&c) || "œŒ".contains(c) => out.push(c),
            _ => out.push('?'),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_keep_the_language_marks() {
        assert_eq!(cell("0.5087", Lang::En), "$0.5087$");
        assert_eq!(cell("0,5087", Lang::Fr), "$0{,}5087$");
        assert_eq!(cell("1,274", Lang::En), "$1{,}274$");
        assert_eq!(cell("1\u{202f}274", Lang::Fr), "$1\\,274$");
        assert_eq!(cell("−0,25", Lang::Fr), "$-0{,}25$");
        assert_eq!(cell("1.5e-13", Lang::En), "$1.5\\times 10^{-13}$");
        // A comma is a thousands separator in English only where groups of three follow.
        assert_eq!(cell("1,27", Lang::En), "1,27");
        assert_eq!(cell("12", Lang::Fr), "$12$");
    }

    #[test]
    fn exact_fractions_become_frac() {
        assert_eq!(cell("1192/1683", Lang::En), "$\\frac{1192}{1683}$");
        assert_eq!(cell("-3/4", Lang::Fr), "$-\\frac{3}{4}$");
        assert_eq!(cell("−3/4", Lang::Fr), "$-\\frac{3}{4}$");
        assert_eq!(cell("0.5/2", Lang::En), "0.5/2");
        assert_eq!(cell("a/b", Lang::En), "a/b");
        assert_eq!(cell("3/-4", Lang::En), "3/-4");
    }

    #[test]
    fn text_is_escaped_and_symbols_are_commands() {
        assert_eq!(text("50% & $5_k #1"), "50\\% \\& \\$5\\_k \\#1");
        assert_eq!(text("a \\ b {c}"), "a \\textbackslash{} b \\{c\\}");
        assert_eq!(text("≈ 0.5 × 2 → A₁"), "$\\approx$ 0.5 $\\times$ 2 $\\to$ A$_1$");
        assert_eq!(text("évité, là"), "évité, là");
        assert_eq!(text("☠"), "?");
    }

    #[test]
    fn a_table_has_one_line_per_row_and_aligns_numbers_right() {
        let headers = vec!["player".to_string(), "win".to_string()];
        let rows = vec![
            vec!["1".to_string(), "0.5".to_string()],
            vec!["2".to_string(), "x".to_string()],
            vec!["3".to_string()],
        ];
        let tex = tabular("Race", &headers, &rows, Lang::En, "http://x/#a=1&b=2");
        assert!(tex.starts_with("% Ludolab: http://x/#a=1&b=2\n"));
        assert!(tex.contains("\\begin{tabular}{rl}"));
        assert!(tex.contains("\\textbf{player} & \\textbf{win} \\\\"));
        assert!(tex.contains("$3$ &  \\\\"));
        assert_eq!(tex.matches("\\\\\n").count(), 4);
        // Nothing at all still makes a table that compiles.
        assert!(tabular("", &[], &[], Lang::Fr, "").contains("\\begin{tabular}{l}"));
    }
}
