//! Expectations are the seed page's own lists for its two examples
//! (XLA docs, "Shapes and layout", "Structure of an XLA Op").

use super::*;
use crate::ui::presets::find;

fn listed(text: &str) -> Vec<(PartKind, String)> {
    parts(text)
        .unwrap()
        .iter()
        .map(|p| (p.kind, text[p.span.range()].to_string()))
        .collect()
}

#[test]
fn the_seed_add_instruction() {
    let text = find("seed-hlo-add").unwrap().shape;
    use PartKind::*;
    assert_eq!(
        listed(text),
        vec![
            (Name, "add.936".into()),
            (Shape, "bf16[8,1,1280,16384]".into()),
            (Layout, "3,2,0,1:T(8,128)(2,1)".into()),
            (Operation, "add".into()),
            (Argument, "exponential.183".into()),
            (Argument, "broadcast.3115".into()),
        ]
    );
    let p = parts(text).unwrap();
    assert!(p[1].notes[0].contains("bf16") && p[1].notes[0].contains("[8,1,1280,16384]"));
    assert!(p[2].notes[0].contains("3,2,0,1"));
    assert!(p[2].notes[1].contains("T(8,128)(2,1)"));
}

#[test]
fn the_seed_fusion_instruction() {
    let text = find("seed-hlo-fusion").unwrap().shape;
    let p = parts(text).unwrap();
    let kinds: Vec<_> = p.iter().map(|p| p.kind).collect();
    use PartKind::*;
    assert_eq!(
        kinds,
        vec![Name, Shape, Layout, Operation, Argument, Attribute, Attribute]
    );
    // "Memory location (memory space identifier): S(1) ... lives in VMEM".
    assert!(p[2]
        .notes
        .iter()
        .any(|n| n.contains("S(1)") && n.contains("VMEM")));
    // "Attributes: kind and calls".
    assert!(p[5].notes[0].starts_with("kind = kCustom"));
    assert!(p[6].notes[0].starts_with("calls = %all-reduce-scatter.3"));
    // "Shape and layout details for the input argument %fusion.32".
    let arg = p[4].shape.unwrap();
    assert_eq!(
        &text[arg.range()],
        "bf16[32,32,8192]{2,1,0:T(8,128)(2,1)S(1)}"
    );
    assert!(text[p[4].span.range()].ends_with("%fusion.32"));
}

#[test]
fn the_presets_are_the_seed_text() {
    let seed = include_str!("../../tests/fixtures/hlo/seed_instructions.txt");
    for id in ["seed-hlo-add", "seed-hlo-fusion"] {
        assert!(seed.contains(find(id).unwrap().shape), "{id}");
    }
}

#[test]
fn a_shape_alone_is_no_instruction() {
    assert!(parts("f32[2,3]{1,0}").is_none());
    assert!(parts("<img onerror=alert(1)>").is_none());
}

#[test]
fn segments_cover_the_text_once() {
    let text = find("seed-hlo-fusion").unwrap().shape;
    let p = parts(text).unwrap();
    let segs = segments(text.len(), &p);
    let joined: String = segs.iter().map(|(r, _)| &text[r.clone()]).collect();
    assert_eq!(joined, text);
    let marked = segs.iter().filter(|(_, m)| m.is_some()).count();
    assert_eq!(marked, p.len());
}

#[test]
fn an_instruction_in_the_box_draws_its_result() {
    use crate::ui::model::{analyse, Request};
    let text = find("seed-hlo-fusion").unwrap().shape;
    let m = analyse(&Request {
        text: text.into(),
        ..Request::default()
    })
    .unwrap();
    assert_eq!(m.canonical, "bf16[32,32,4096]{2,1,0:T(8,128)(2,1)S(1)}");
    // Text that is neither a shape nor an instruction keeps the shape error.
    assert!(analyse(&Request {
        text: "%x = ".into(),
        ..Request::default()
    })
    .is_err());
}
