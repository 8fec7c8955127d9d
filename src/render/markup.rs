//! User text as data in markup: the one escaper for HTML and SVG, used by
//! the SVG backend, the device grid's export, embed mode's snippet and the
//! Python package's notebook HTML. Shape texts, shardings, labels and
//! errors are what users typed or pasted: they are always written through
//! [`escape`], never as markup.

/// `text` as character data or a quoted attribute value, in HTML and in
/// XML (SVG) alike:
///
/// - `&`, `<`, `>`, `"`, `'` become `&amp;`, `&lt;`, `&gt;`, `&quot;`,
///   `&apos;` (all five are named in XML 1.0 and in HTML5), so the text
///   can neither open a tag or an entity nor close the attribute it is in,
///   whichever quote that attribute uses;
/// - characters XML 1.0 does not allow in a document (its `Char`
///   production: controls below U+0020 other than tab, newline and
///   carriage return, and U+FFFE, U+FFFF) become U+FFFD, so that an SVG
///   holding them still parses;
/// - everything else is kept as it is.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    escape_into(&mut out, text);
    out
}

/// [`escape`], appended to `out`.
pub fn escape_into(out: &mut String, text: &str) {
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
        assert_eq!(
            escape("a\u{0}b\u{1b}c\u{FFFF}"),
            "a\u{FFFD}b\u{FFFD}c\u{FFFD}"
        );
        assert_eq!(escape("\t\r\n é ∑ 😀"), "\t\r\n é ∑ 😀");
    }
}
