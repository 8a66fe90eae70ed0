//! SVG documents written as text, for the drawings that are lines and labels
//! (the thermograph, the game tree, a board): each part carries the page's
//! class and the presentation attributes that draw it where no style sheet is
//! (a notebook, a saved file). No inline `style`: the page's CSP forbids it.

/// `text` safe inside an SVG element or attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// A value with the page's minus sign (`−3/4`).
pub fn signs(text: &str) -> String {
    text.replace('-', "−")
}

/// An SVG document being written.
pub struct Svg {
    out: String,
}

impl Svg {
    /// A document `width × height` pixels (its own size, and the view box),
    /// with the class `class` and the accessible name `label`.
    pub fn new(width: f64, height: f64, class: &str, label: &str) -> Svg {
        Svg {
            out: format!(
                r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0} {height:.0}" width="{width:.0}" height="{height:.0}" class="{class}" role="img" aria-label="{}">"#,
                escape(label)
            ),
        }
    }

    /// Appends an element written out.
    pub fn push(&mut self, element: String) {
        self.out.push_str(&element);
    }

    /// A line from `a` to `b` with the class `class` and presentation attributes `look`.
    pub fn line(&mut self, a: [f64; 2], b: [f64; 2], class: &str, look: &str) {
        self.push(format!(
            r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" class="{class}" {look}/>"#,
            a[0], a[1], b[0], b[1]
        ));
    }

    /// The document, closed.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>");
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_minus_signs_are_the_page_s() {
        assert_eq!(escape(r#"{1|<2>} & "x""#), "{1|&lt;2&gt;} &amp; &quot;x&quot;");
        assert_eq!(signs("-1/2"), "−1/2");
        let mut s = Svg::new(10.0, 20.0, "c", "a \"b\"");
        s.line([0.0, 0.0], [1.0, 1.0], "l", r#"stroke="red""#);
        assert_eq!(
            s.finish(),
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 20" width="10" height="20" class="c" role="img" aria-label="a &quot;b&quot;"><line x1="0.0" y1="0.0" x2="1.0" y2="1.0" class="l" stroke="red"/></svg>"#
        );
    }
}
