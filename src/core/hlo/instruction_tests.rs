//! Instruction parsing tests.
use super::*;
use crate::core::hlo::scan::line_end;

/// The instruction starting at `c` (its first non-space byte), as the
/// scanner reads one: false if none starts there.
fn parse_instruction(b: &[u8], c: usize, end: usize, multiline: bool, parts: &mut Parts) -> bool {
    let le = line_end(b, c, end);
    match head(b, c, le) {
        Some(h) => {
            let lines = if multiline {
                Lines::Following {
                    line_end: le,
                    text_end: end,
                }
            } else {
                Lines::One { line_end: le }
            };
            parse_instruction_on(b, &h, lines, parts);
            true
        }
        None => false,
    }
}

fn parse(s: &str) -> Parts {
    let mut p = Parts::default();
    let c = s.len() - s.trim_start().len();
    assert!(
        parse_instruction(s.as_bytes(), c, s.len(), true, &mut p),
        "{s}"
    );
    p
}

fn text(s: &str, span: Span) -> &str {
    &s[span.range()]
}

#[test]
fn the_seeds_first_example_over_two_lines() {
    let s = "add.936 = bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}\n          add(exponential.183, broadcast.3115)";
    let p = parse(s);
    assert_eq!(text(s, p.name), "add.936");
    assert_eq!(
        text(s, p.shape.unwrap()),
        "bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}"
    );
    assert_eq!(text(s, p.opcode.unwrap()), "add");
    let names: Vec<&str> = p.args.iter().map(|a| text(s, a.name.unwrap())).collect();
    assert_eq!(names, ["exponential.183", "broadcast.3115"]);
    assert_eq!(p.end, s.len());
}

#[test]
fn the_seeds_fusion_over_three_lines() {
    let s = "%fusion.3 = bf16[32,32,4096]{2,1,0:T(8,128)(2,1)S(1)}\n            fusion(bf16[32,32,8192]{2,1,0:T(8,128)(2,1)S(1)} %fusion.32),\n            kind=kCustom, calls=%all-reduce-scatter.3\nnext = f32[] add()";
    let p = parse(s);
    assert_eq!(text(s, p.name), "fusion.3");
    assert_eq!(text(s, p.name_written), "%fusion.3");
    assert_eq!(p.args.len(), 1);
    assert_eq!(
        text(s, p.args[0].shape.unwrap()),
        "bf16[32,32,8192]{2,1,0:T(8,128)(2,1)S(1)}"
    );
    assert_eq!(text(s, p.args[0].name.unwrap()), "fusion.32");
    let attrs: Vec<(&str, &str)> = p
        .attrs
        .iter()
        .map(|a| (text(s, a.name), text(s, a.value)))
        .collect();
    assert_eq!(
        attrs,
        [("kind", "kCustom"), ("calls", "%all-reduce-scatter.3")]
    );
    assert_eq!(
        &s[p.end..p.end + 1],
        "\n",
        "stops before the next instruction"
    );
}

#[test]
fn attribute_traps_are_skipped() {
    let s = r#"ROOT %dot.5 = f32[2,3]{1,0} dot(f32[2,4]{1,0} %a, f32[4,3]{1,0} %b), lhs_contracting_dims={1}, rhs_contracting_dims={0}, sharding={devices=[2,1]0,1}, metadata={op_name="jit(f)/dot[x={1}]\"f32[9]{0}\"" source_file="a{b.py" source_line=3}, backend_config={"flag":{"nested":[1,2]},"s":"f32[7]{0}"}, frontend_attributes={a={b="c"}}"#;
    let p = parse(s);
    assert!(p.root.is_some());
    assert_eq!(p.args.len(), 2);
    let names: Vec<&str> = p.attrs.iter().map(|a| text(s, a.name)).collect();
    assert_eq!(
        names,
        [
            "lhs_contracting_dims",
            "rhs_contracting_dims",
            "sharding",
            "metadata",
            "backend_config",
            "frontend_attributes"
        ]
    );
    assert!(
        p.text_shapes.is_empty(),
        "no shape outside strings: {:?}",
        p.text_shapes
    );
}

#[test]
fn operands_without_shapes_tuples_and_index_comments() {
    let s = "%t = (f32[2]{0}, s32[]) tuple(f32[2]{0} %a, s32[] %b, %c, d, e, /*index=5*/f32[] %f)";
    let p = parse(s);
    assert_eq!(text(s, p.shape.unwrap()), "(f32[2]{0}, s32[])");
    let names: Vec<&str> = p.args.iter().map(|a| text(s, a.name.unwrap())).collect();
    assert_eq!(names, ["a", "b", "c", "d", "e", "f"]);
    assert_eq!(text(s, p.args[5].shape.unwrap()), "f32[]");
}

#[test]
fn constants_and_parameters() {
    let s = "%c = s32[2]{0} constant({1, 2}), metadata={}";
    let p = parse(s);
    assert!(p.args.is_empty());
    assert_eq!(p.attrs.len(), 1);
    let s = "%p = f32[8]{0} parameter(0)";
    let p = parse(s);
    assert_eq!(p.args.len(), 1);
    assert_eq!(p.args[0].name, None);
}

#[test]
fn attribute_shapes_are_text() {
    let s = "%cc = f32[2]{0} custom-call(), custom_call_target=\"x\", operand_layout_constraints={f32[2,3]{0,1}}";
    let p = parse(s);
    assert_eq!(p.text_shapes.len(), 1);
    assert_eq!(text(s, p.text_shapes[0]), "f32[2,3]{0,1}");
}

#[test]
fn a_truncated_label_stays_on_its_line() {
    let s = "%fusion.38 = f32[2]{0} fusion(f32[32]{0} %a), metadata={op_type=\"Le...\n     Allocation type: HLO temp";
    let mut p = Parts::default();
    assert!(parse_instruction(s.as_bytes(), 0, s.len(), false, &mut p));
    assert_eq!(p.end, s.find('\n').unwrap());
}

#[test]
fn starts_need_a_space_before_equals() {
    let s = "kind=kCustom, calls=%x";
    assert!(!starts_instruction(s.as_bytes(), 0, s.len()));
    let s = "ROOT x = f32[] add(a, b)";
    assert!(starts_instruction(s.as_bytes(), 0, s.len()));
    let s = "a == b";
    assert!(!starts_instruction(s.as_bytes(), 0, s.len()));
}
