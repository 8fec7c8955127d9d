//! Text and numbers in SVG: escaping and deterministic number formatting.

/// `text` as XML character data or an attribute value: `& < > " '`
/// escaped, and characters XML 1.0 does not allow (controls other than
/// tab, newline, carriage return) replaced by U+FFFD.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// `x` rounded to `digits` decimals, trailing zeros dropped, never `-0`;
/// not-finite numbers as 0 (SVG has no NaN).
pub fn fixed(x: f64, digits: usize) -> String {
    if !x.is_finite() {
        return "0".to_owned();
    }
    let mut s = format!("{x:.digits$}");
    if s.contains('.') {
        while s.ends_with('0') {
            s.pop();
        }
        if s.ends_with('.') {
            s.pop();
        }
    }
    if s == "-0" {
        s = "0".to_owned();
    }
    s
}

/// A coordinate, to 1/100 px.
pub fn num(x: f64) -> String {
    fixed(x, 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_text_stays_text() {
        assert_eq!(
            escape("<img onerror=alert(1)>]]>\"&'"),
            "&lt;img onerror=alert(1)&gt;]]&gt;&quot;&amp;&apos;"
        );
        assert_eq!(escape("a\u{0}b"), "a\u{FFFD}b");
    }

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(f64::NAN), "0");
    }
}
