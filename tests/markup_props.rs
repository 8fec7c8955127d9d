//! The crate's one escaper (`render::markup::escape`, used by the SVG
//! backend, the device grid's export, embed mode's snippet and the
//! notebook's HTML), over every class of character and hostile strings:
//! what it writes can open no tag, entity or comment and close no
//! attribute, is a well-formed XML document's text and attribute values
//! (parsed by roxmltree, an independent XML parser), and reads back as the
//! input (with the characters XML forbids as U+FFFD, and XML's own
//! normalisations of line ends and attribute whitespace, XML 1.0 sections
//! 2.11 and 3.3.3).

use proptest::prelude::*;
use xla_layout_viz::render::markup::escape;

/// One character of each class a text may hold.
fn any_class() -> impl Strategy<Value = char> {
    let range = |a: u32, b: u32| (a..=b).prop_filter_map("a scalar value", char::from_u32);
    prop_oneof![
        range(0x20, 0x7E),                                    // printable ASCII
        prop::sample::select(vec!['&', '<', '>', '"', '\'']), // markup's own
        range(0x00, 0x1F),                                    // C0 controls, tab, newlines
        range(0x7F, 0x9F),                                    // DEL, C1 controls
        range(0xA0, 0x2FF),                                   // Latin
        range(0x300, 0x36F),                                  // combining marks
        range(0x370, 0xD7FF),  // the rest of the BMP below surrogates
        range(0xE000, 0xF8FF), // private use
        prop::sample::select(vec![
            '\u{FDD0}', '\u{FEFF}', '\u{FFFD}', '\u{FFFE}', '\u{FFFF}'
        ]),
        range(0x10000, 0x10FFFF), // astral: emoji, CJK extensions
    ]
}

/// Pieces of markup a text may carry to break out of where it is put.
const HOSTILE: &[&str] = &[
    "<script>alert(1)</script>",
    "\"><img src=x onerror=alert(1)>",
    "' onmouseover='alert(1)",
    "]]>",
    "<!--",
    "-->",
    "<![CDATA[",
    "&amp;",
    "&#x3C;",
    "&lt",
    "</text></svg>",
    "javascript:alert(1)",
    "\r\n",
    "\u{0}",
];

fn text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        3 => any_class().prop_map(String::from),
        1 => prop::sample::select(HOSTILE).prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

/// What XML allows in a document (XML 1.0, 2.2 `Char`), others as U+FFFD.
fn allowed(s: &str) -> String {
    s.chars()
        .map(|c| match c as u32 {
            0x9 | 0xA | 0xD | 0x20..=0xD7FF | 0xE000..=0xFFFD | 0x10000.. => c,
            _ => '\u{FFFD}',
        })
        .collect()
}

/// An XML parser's character data: line ends normalised (2.11).
fn as_text(s: &str) -> String {
    allowed(s).replace("\r\n", "\n").replace('\r', "\n")
}

/// An XML parser's attribute value: line ends normalised, then every
/// whitespace character a space (3.3.3).
fn as_attribute(s: &str) -> String {
    as_text(s).replace(['\t', '\n'], " ")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn escaped_text_is_only_text(s in text()) {
        let e = escape(&s);
        // Nothing that opens a tag or closes a quoted attribute, either quote.
        prop_assert!(!e.contains(['<', '>', '"', '\'']), "{e:?}");
        // Every `&` starts one of the five entities.
        for (k, _) in e.match_indices('&') {
            let rest = &e[k..];
            prop_assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"].iter().any(|n| rest.starts_with(n)),
                "{rest:?}"
            );
        }
        // Only characters an XML document may hold.
        prop_assert_eq!(allowed(&e), e.clone());
    }

    #[test]
    fn escaped_text_reads_back_in_an_xml_document(s in text()) {
        let e = escape(&s);
        let doc = format!("<t a=\"{e}\" b='{e}'>{e}</t>");
        let parsed = roxmltree::Document::parse(&doc);
        prop_assert!(parsed.is_ok(), "{doc:?}: {parsed:?}");
        let parsed = parsed.unwrap();
        let root = parsed.root_element();
        // Compared after the normalisations, which parsers apply in full
        // or in part (roxmltree keeps a lone `\r` in text).
        let a = root.attribute("a").map(as_attribute);
        prop_assert_eq!(a, Some(as_attribute(&s)));
        let b = root.attribute("b").map(as_attribute);
        prop_assert_eq!(b, Some(as_attribute(&s)));
        prop_assert_eq!(as_text(root.text().unwrap_or("")), as_text(&s));
    }
}

/// Each hostile string alone, in text and in both kinds of quotes.
#[test]
fn hostile_strings_stay_text() {
    for h in HOSTILE {
        let e = escape(h);
        assert!(!e.contains(['<', '>', '"', '\'']), "{h:?} -> {e:?}");
        let doc = format!("<t a=\"{e}\" b='{e}'>{e}</t>");
        let parsed = roxmltree::Document::parse(&doc).unwrap_or_else(|err| panic!("{doc}: {err}"));
        let back = as_text(parsed.root_element().text().unwrap_or(""));
        assert_eq!(back, as_text(h), "{h:?}");
    }
}
