//! Property tests of the shape text: random valid shapes, with every
//! attribute, whitespace and comments, parse and round trip through the
//! printer; random edits of them never make the parser panic.

use crate::parse_support;

use proptest::prelude::*;
use proptest::sample::select;

use parse_support::{cases, element_type, parse_anything, VOCABULARY};
use xla_layout_viz::core::{parse, ElementType};

/// Written pieces of a shape, joined later with random separators.
type Tokens = Vec<String>;

fn integral_type() -> impl Strategy<Value = &'static str> {
    select(
        ElementType::ALL
            .iter()
            .filter(|t| t.is_integral())
            .copied()
            .collect::<Vec<_>>(),
    )
    .prop_map(ElementType::name)
}

/// A dim as written and the extent it has in memory (`None` for `?`).
fn dim() -> impl Strategy<Value = (String, Option<u64>)> {
    prop_oneof![
        6 => (0u64..=6).prop_map(|n| (n.to_string(), Some(n))),
        1 => (0u64..=6).prop_map(|n| (format!("<={n}"), Some(n))),
        1 => Just(("?".to_owned(), None)),
    ]
}

/// A tile: sizes from 1 to 8, `*` anywhere but the most-minor entry.
fn tile() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(
            prop_oneof![3 => (1u64..=8).prop_map(|n| n.to_string()), 1 => Just("*".to_owned())],
            0..=4,
        ),
        1u64..=8,
    )
        .prop_map(|(mut entries, last)| {
            entries.push(last.to_string());
            format!("({})", entries.join(","))
        })
}

fn dim_level_types() -> impl Strategy<Value = String> {
    let level = (
        select(vec!["D", "C", "S", "H"]),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(l, plus, tilde)| {
            format!(
                "{l}{}{}",
                if plus { "+" } else { "" },
                if tilde { "~" } else { "" }
            )
        });
    prop::collection::vec(level, 0..=3).prop_map(|levels| format!("D({})", levels.join(",")))
}

/// Split configs for a layout over `extents` (in physical order, most
/// major first): at most one per physical dim, indices increasing inside.
fn split_configs(physical_extents: Vec<Option<u64>>) -> impl Strategy<Value = Option<String>> {
    let n = physical_extents.len();
    if n == 0 {
        return Just(None).boxed();
    }
    (0..n, prop::collection::btree_set(1u64..10, 0..=3))
        .prop_map(move |(p, indices)| {
            let limit = physical_extents
                .get(p)
                .copied()
                .flatten()
                .unwrap_or(u64::MAX);
            let inside: Vec<String> = indices
                .into_iter()
                .filter(|&i| i < limit)
                .map(|i| i.to_string())
                .collect();
            Some(format!("SC({p}:{})", inside.join(",")))
        })
        .boxed()
}

/// The attribute list after the colon, in XLA's order.
fn attributes(physical_extents: Vec<Option<u64>>) -> impl Strategy<Value = Vec<String>> {
    (
        prop::option::of(dim_level_types()),
        prop::collection::vec(tile(), 0..=3),
        prop::option::of(1u64..=16),
        prop::option::of(integral_type()),
        prop::option::of(integral_type()),
        prop::option::of(1u64..=64),
        prop::option::of(0u64..=127),
        prop::option::of(split_configs(physical_extents)).prop_map(Option::flatten),
        prop::option::of(0u64..=64),
    )
        .prop_map(|(d, tiles, l, index, pointer, e, s, sc, m)| {
            let mut out = Vec::new();
            out.extend(d);
            if !tiles.is_empty() {
                out.push(format!("T{}", tiles.concat()));
            }
            out.extend(l.map(|l| format!("L({l})")));
            out.extend(index.map(|t| format!("#({t})")));
            out.extend(pointer.map(|t| format!("*({t})")));
            out.extend(e.map(|e| format!("E({e})")));
            out.extend(s.map(|s| format!("S({s})")));
            out.extend(sc);
            out.extend(m.map(|m| format!("M({m})")));
            out
        })
}

/// A valid array shape's tokens.
fn array() -> impl Strategy<Value = Tokens> {
    (element_type(), prop::collection::vec(dim(), 0..=5))
        .prop_flat_map(|(ty, dims)| {
            let n = dims.len();
            let permutation = Just((0..n).collect::<Vec<usize>>()).prop_shuffle();
            (Just(ty), Just(dims), permutation)
        })
        .prop_flat_map(|(ty, dims, minor_to_major)| {
            let physical: Vec<Option<u64>> = minor_to_major
                .iter()
                .rev()
                .map(|&d| dims.get(d).and_then(|x| x.1))
                .collect();
            let layout = prop::option::of((attributes(physical), any::<bool>()));
            (Just(ty), Just(dims), Just(minor_to_major), layout)
        })
        .prop_map(|(ty, dims, minor_to_major, layout)| {
            let mut t: Tokens = vec![ty.to_owned(), "[".into()];
            for (i, (text, _)) in dims.iter().enumerate() {
                if i > 0 {
                    t.push(",".into());
                }
                t.push(text.clone());
            }
            t.push("]".into());
            if let Some((attrs, colon)) = layout {
                t.push("{".into());
                for (i, d) in minor_to_major.iter().enumerate() {
                    if i > 0 {
                        t.push(",".into());
                    }
                    t.push(d.to_string());
                }
                if colon || !attrs.is_empty() {
                    t.push(":".into());
                }
                t.extend(attrs);
                t.push("}".into());
            }
            t
        })
}

/// A valid shape's tokens: arrays, tokens, opaque, buffers and tuples.
fn shape() -> impl Strategy<Value = Tokens> {
    let leaf = prop_oneof![
        6 => array(),
        1 => Just(vec!["token".into(), "[".into(), "]".into()]),
        1 => Just(vec!["opaque".into(), "[".into(), "]".into()]),
        1 => array().prop_map(|a| [vec!["b".into(), "(".into()], a, vec![")".into()]].concat()),
    ];
    leaf.prop_recursive(3, 24, 7, |inner| {
        prop::collection::vec(inner, 0..=7).prop_map(|elements| {
            let mut t: Tokens = vec!["(".into()];
            for (i, e) in elements.into_iter().enumerate() {
                if i > 0 {
                    t.push(",".into());
                }
                t.extend(e);
            }
            t.push(")".into());
            t
        })
    })
}

/// Tokens joined by random whitespace and comments.
fn written() -> impl Strategy<Value = String> {
    prop_oneof![array(), shape()]
        .prop_flat_map(|tokens| {
            let n = tokens.len();
            let separators =
                prop::collection::vec(select(vec!["", "", "", " ", "\n\t", "/*c*/", "/**/ "]), n);
            (Just(tokens), separators)
        })
        .prop_map(|(tokens, separators)| {
            tokens
                .iter()
                .zip(&separators)
                .map(|(t, s)| format!("{s}{t}"))
                .collect::<String>()
        })
}
#[derive(Clone, Debug)]
enum Edit {
    Delete(usize, usize),
    Insert(usize, &'static str),
    Truncate(usize),
    Duplicate(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 1usize..8).prop_map(|(at, len)| Edit::Delete(at, len)),
        (any::<usize>(), select(VOCABULARY)).prop_map(|(at, s)| Edit::Insert(at, s)),
        any::<usize>().prop_map(Edit::Truncate),
        (any::<usize>(), 1usize..12).prop_map(|(at, len)| Edit::Duplicate(at, len)),
    ]
}

/// The char boundary at or before `at % (len + 1)`.
fn boundary(text: &str, at: usize) -> usize {
    let mut i = at % (text.len() + 1);
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn apply(text: &mut String, edit: &Edit) {
    match *edit {
        Edit::Delete(at, len) => {
            let start = boundary(text, at);
            let end = boundary(text, start + len);
            if end > start {
                text.replace_range(start..end, "");
            }
        }
        Edit::Insert(at, s) => {
            let at = boundary(text, at);
            text.insert_str(at, s);
        }
        Edit::Truncate(at) => {
            let at = boundary(text, at);
            text.truncate(at);
        }
        Edit::Duplicate(at, len) => {
            let start = boundary(text, at);
            let end = boundary(text, start + len).max(start);
            let piece = text[start..end].to_owned();
            text.insert_str(end, &piece);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn valid_shapes_parse_and_round_trip(text in written()) {
        let shape = parse(&text).unwrap_or_else(|e| panic!("{text:?} should be valid:\n{e}"));
        let printed = shape.to_string();
        let again = parse(&printed).unwrap_or_else(|e| panic!("{printed:?} does not reparse:\n{e}"));
        prop_assert_eq!(&again, &shape);
        prop_assert_eq!(again.to_string(), printed.clone());
        prop_assert!(!printed.replace(", ", "").chars().any(char::is_whitespace), "{}", printed);
        for (path, leaf) in shape.leaves() {
            prop_assert!(leaf.layout().is_ok(), "leaf {:?} of {}", path, text);
        }
    }

    #[test]
    fn never_panics_on_edited_valid_text(text in written(), edits in prop::collection::vec(edit(), 1..5)) {
        let mut text = text;
        for e in &edits {
            apply(&mut text, e);
        }
        parse_anything(&text);
    }
}
