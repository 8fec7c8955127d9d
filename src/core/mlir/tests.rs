//! The reader on the issue's example, on bad input, and on programs
//! lowered by jax (tests/fixtures/mlir, `scripts/mlir-oracle.py`).

use super::*;

const ISSUE: &str = r#"module @jit_f attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=1, "y"=8]>
  func.func public @main(%arg0: tensor<56xf16> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}]>})
      -> (tensor<56xf16> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}]>}) {
    %0 = stablehlo.add %arg0, %arg0 : tensor<56xf16>
    return %0 : tensor<56xf16>
  }
}
"#;

fn at(text: &str, s: crate::core::span::Span) -> &str {
    &text[s.start..s.end]
}

#[test]
fn the_issue_s_program_reads_as_xla_will_partition_it() {
    assert!(looks_like_mlir(ISSUE));
    let found = read_all(ISSUE);
    let roles: Vec<Role> = found.iter().map(|f| f.role).collect();
    assert_eq!(
        roles,
        [
            Role::EntryParameter,
            Role::EntryResult,
            Role::Result,
            Role::Operand
        ]
    );
    for f in &found {
        assert_eq!(f.shape.as_deref(), Ok("f16[56]{0}"), "{f:?}");
        assert_eq!(at(ISSUE, f.span), "tensor<56xf16>");
    }
    let arg = &found[0];
    assert_eq!(at(ISSUE, arg.name.unwrap()), "%arg0");
    assert_eq!(at(ISSUE, arg.op.unwrap()), "@main");
    assert_eq!(
        arg.sharding.as_ref().unwrap().1.as_deref(),
        Ok("{devices=[8]<=[8]}")
    );
    assert_eq!(
        found[1].sharding.as_ref().unwrap().1.as_deref(),
        Ok("{devices=[8]<=[8]}")
    );
    assert_eq!(at(ISSUE, found[2].name.unwrap()), "%0");
    assert_eq!(at(ISSUE, found[2].op.unwrap()), "stablehlo.add");
}

#[test]
fn hlo_is_not_mlir() {
    assert!(!looks_like_mlir(
        "HloModule m\nENTRY e {\n  p = f32[2]{0} parameter(0)\n}\n"
    ));
    assert!(!looks_like_mlir("f32[2,3]{1,0}"));
    assert!(looks_like_mlir(
        "  %0 = stablehlo.add %a, %a : tensor<2xf32>\n"
    ));
}

fn sharding_of(text: &str) -> Result<String, String> {
    let found = read_all(text);
    let f = found
        .iter()
        .find(|f| f.sharding.is_some())
        .expect("a sharded value");
    let (_, r) = f.sharding.as_ref().unwrap();
    r.clone()
        .map_err(|e| format!("{}|{}", &text[e.start..e.end], e.message))
}

fn arg(mesh: &str, sharding: &str) -> String {
    format!("{mesh}\nfunc.func public @main(%arg0: tensor<8x8xf32> {{sdy.sharding = {sharding}}}) -> tensor<8x8xf32> {{\n")
}

#[test]
fn shardy_forms_xla_defines() {
    let m = r#"sdy.mesh @mesh = <["x"=4, "y"=2]>"#;
    // A priority orders propagation only; convertToHloSharding ignores it.
    assert_eq!(
        sharding_of(&arg(m, r#"#sdy.sharding<@mesh, [{"x"}p1, {}]>"#)),
        Ok("{devices=[4,1,2]<=[8] last_tile_dim_replicate}".into())
    );
    assert_eq!(
        sharding_of(&arg(
            m,
            r#"#sdy.sharding<@mesh, [{}, {}], replicated={"x"}>"#
        )),
        Ok("{replicated}".into())
    );
    assert_eq!(
        sharding_of(&arg(
            m,
            r#"#sdy.sharding<@mesh, [{"y"}, {}], unreduced={"x"}>"#
        )),
        Ok("{devices=[2,1,4]<=[4,2]T(1,0) last_tile_dims={unreduced}}".into())
    );
    // An inline mesh, and a mesh of one device.
    assert_eq!(
        sharding_of(&arg(
            "",
            r#"#sdy.sharding<#sdy.mesh<["a"=2]>, [{}, {"a"}]>"#
        )),
        Ok("{devices=[1,2]<=[2]}".into())
    );
    assert_eq!(
        sharding_of(&arg(
            "",
            r#"#sdy.sharding<#sdy.mesh<[], device_ids=[3]>, [{}, {}]>"#
        )),
        Ok("{maximal device=3}".into())
    );
}

#[test]
fn device_ids_are_the_mesh_s_devices_transposed_as_xla_does() {
    // Mesh x=2, y=2 over devices 3,1,2,0 (row-major): sharding dim 0 by y
    // and dim 1 by x transposes the mesh: tile (i, j) is mesh (j, i).
    let m = r#"sdy.mesh @m = <["x"=2, "y"=2], device_ids=[3, 1, 2, 0]>"#;
    let got = sharding_of(&arg(m, r#"#sdy.sharding<@m, [{"y"}, {"x"}]>"#)).unwrap();
    let ids = [[3, 1], [2, 0]];
    let want: Vec<String> = (0..2)
        .flat_map(|i| (0..2).map(move |j| ids[j][i].to_string()))
        .collect();
    assert_eq!(got, format!("{{devices=[2,2]{}}}", want.join(",")));
}

#[test]
fn shardy_forms_refused_with_where_and_why() {
    let m = r#"sdy.mesh @mesh = <["x"=4, "y"=2]>"#;
    let cases = [
        (r#"#sdy.sharding<@mesh, [{"x", ?}, {}]>"#, "?", "open dim"),
        (
            r#"#sdy.sharding<@mesh, [{"x":(1)4}, {}]>"#,
            r#""x":(1)4"#,
            "the whole axis",
        ),
        (
            r#"#sdy.sharding<@mesh, [{"x"}, {"x"}]>"#,
            r#""x""#,
            "named twice",
        ),
        (r#"#sdy.sharding<@mesh, [{"z"}, {}]>"#, r#""z""#, "no axis"),
        (
            r#"#sdy.sharding<@other, [{"x"}, {}]>"#,
            "@other",
            "no mesh @other",
        ),
        (
            r#"#sdy.sharding<@mesh, [{"x"}, {}], bogus={}>"#,
            "bogus={}",
            "not read",
        ),
    ];
    for (s, at, why) in cases {
        let (got_at, got_why) = sharding_of(&arg(m, s))
            .unwrap_err()
            .split_once('|')
            .map(|(a, b)| (a.to_owned(), b.to_owned()))
            .unwrap();
        assert_eq!(got_at, at, "{s}");
        assert!(got_why.contains(why), "{s}: {got_why}");
    }
    let twice = r#"sdy.mesh @mesh = <["x"=4, "x"=2]>"#;
    let e = sharding_of(&arg(twice, r#"#sdy.sharding<@mesh, [{"x"}, {}]>"#)).unwrap_err();
    assert!(e.contains("named twice in the mesh"), "{e}");
}

#[test]
fn gspmd_strings_and_tuples_per_result() {
    let t = r#"func.func public @main(%arg0: tensor<8xf32> {mhlo.sharding = "{devices=[8]<=[8]}"}) -> tensor<8xf32> {
    %0:2 = stablehlo.custom_call @f(%arg0) {mhlo.sharding = "{{replicated}, {devices=[4,2]<=[8] last_tile_dim_replicate}}"} : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
"#;
    let found = read_all(t);
    let sh: Vec<_> = found
        .iter()
        .map(|f| f.sharding.as_ref().map(|s| s.1.clone().unwrap()))
        .collect();
    let roles: Vec<Role> = found.iter().map(|f| f.role).collect();
    assert_eq!(
        roles,
        [
            Role::EntryParameter,
            Role::EntryResult,
            Role::Operand,
            Role::Result,
            Role::Result
        ]
    );
    assert_eq!(sh[0].as_deref(), Some("{devices=[8]<=[8]}"));
    assert_eq!(sh[1..3], [None, None]);
    assert_eq!(sh[3].as_deref(), Some("{replicated}"));
    assert_eq!(
        sh[4].as_deref(),
        Some("{devices=[4,2]<=[8] last_tile_dim_replicate}")
    );
    assert_eq!(at(t, found[4].name.unwrap()), "%0");
    assert_eq!(found[4].index, Some(1));
    let bad = "func.func public @main(%arg0: tensor<8xf32> {mhlo.sharding = \"{devices=[3]<=[8]}\"}) -> tensor<8xf32> {\n";
    assert!(sharding_of(bad).is_err());
}

#[test]
fn bad_input_is_an_error_where_it_is_and_the_rest_is_read() {
    let t = "%0 = stablehlo.add %a, %b : tensor<?x128xf32>\n\
             %1 = stablehlo.add %a, %b : tensor<2xf7>\n\
             %2 = stablehlo.add %a, %b : tensor<*xf32>\n\
             %3 = stablehlo.add %a, %b : tensor<2x3xf32\n\
             %4 = stablehlo.add %a, %b : tensor<4xf32>\n";
    let found = read_all(t);
    let errs: Vec<&str> = found
        .iter()
        .filter_map(|f| f.shape.as_ref().err())
        .map(|e| &t[e.start..e.end])
        .collect();
    assert_eq!(errs, ["?", "f7", "*", "<"]);
    assert_eq!(found.last().unwrap().shape.as_deref(), Ok("f32[4]{0}"));
}

#[test]
fn unbalanced_brackets_over_many_lines_stay_on_their_line() {
    let mut t = String::from("%0 = stablehlo.add %a, %b : tensor<2x\n");
    for _ in 0..500 {
        t.push_str("  tensor<<<<(((\n");
    }
    t.push_str("%9 = stablehlo.add %a, %b : tensor<4xf32>\n");
    let found = read_all(&t);
    assert_eq!(found.last().unwrap().shape.as_deref(), Ok("f32[4]{0}"));
    assert!(found.len() > 500);
}

#[test]
fn no_input_panics() {
    let pieces = [
        "tensor<",
        "tuple<",
        ">",
        "<",
        "(",
        ")",
        "{",
        "}",
        "\"",
        "%0 = ",
        ": ",
        "-> ",
        "func.func @f(",
        "sdy.sharding = #sdy.sharding<@m, [",
        "{mhlo.sharding = \"",
        "sdy.mesh @m = <[\"x\"=2]>\n",
        "\n",
        "x",
        "2",
        "?",
        "!stablehlo.token",
        ",",
        "é",
    ];
    let mut seed = 7u64;
    for _ in 0..3000 {
        let mut t = String::new();
        for _ in 0..(seed % 24) {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            t.push_str(pieces[(seed >> 33) as usize % pieces.len()]);
        }
        for f in read_all(&t) {
            assert!(t.is_char_boundary(f.span.start) && t.is_char_boundary(f.span.end));
        }
        let _ = breakdown(&t);
    }
}

#[test]
fn an_op_line_in_parts() {
    let t = "    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x6xf32>, tensor<6x8xf32>) -> tensor<8x8xf32>\n";
    let p = breakdown(t).unwrap();
    let s = |sp: crate::core::span::Span| &t[sp.start..sp.end];
    assert_eq!(p.results.iter().map(|&r| s(r)).collect::<Vec<_>>(), ["%0"]);
    assert_eq!(s(p.op), "stablehlo.dot_general");
    assert_eq!(
        p.operands.iter().map(|&r| s(r)).collect::<Vec<_>>(),
        ["%arg0", "%arg1"]
    );
    let attrs: Vec<(&str, &str)> = p.attributes.iter().map(|&(n, v)| (s(n), s(v))).collect();
    assert_eq!(
        attrs,
        [
            ("contracting_dims", "[1] x [0]"),
            ("precision", "[DEFAULT, DEFAULT]")
        ]
    );
    assert_eq!(
        p.operand_types.iter().map(|&r| s(r)).collect::<Vec<_>>(),
        ["tensor<8x6xf32>", "tensor<6x8xf32>"]
    );
    assert_eq!(
        p.result_types.iter().map(|&r| s(r)).collect::<Vec<_>>(),
        ["tensor<8x8xf32>"]
    );
    let t = "%3 = stablehlo.custom_call @Sharding(%2) {backend_config = \"\", mhlo.sharding = \"{replicated}\"} : (tensor<5x8xf32>) -> tensor<5x8xf32>";
    let p = breakdown(t).unwrap();
    let attrs: Vec<(&str, &str)> = p
        .attributes
        .iter()
        .map(|&(n, v)| (&t[n.start..n.end], &t[v.start..v.end]))
        .collect();
    assert_eq!(
        attrs,
        [
            ("backend_config", "\"\""),
            ("mhlo.sharding", "\"{replicated}\"")
        ]
    );
    assert_eq!(&t[p.operands[0].start..p.operands[0].end], "%2");
}

#[test]
fn a_sharding_string_left_open_before_a_wide_character_is_an_error() {
    // Found by the scan fuzz target: the string's last byte was taken for
    // its closing quote and the slice cut "é" in half.
    for t in [
        "func.func @f(%a: tensor<2xf32> {mhlo.sharding = \"é",
        "func.func @f(%a: tensor<2xf32> {mhlo.sharding = \"{replicated}é\n",
        "func.func @f(%a: tensor<2xf32> {mhlo.sharding = \"",
    ] {
        for f in read_all(t) {
            if let Some((_, Err(e))) = &f.sharding {
                assert!(t.get(e.start..e.end).is_some(), "{t:?}: {e:?}");
            }
        }
        let _ = breakdown(t);
    }
}

#[test]
fn wide_characters_where_a_type_bracket_or_bounds_end_are_never_cut() {
    // Found by the scan fuzz target, each a slice inside a character: a
    // type starting with a wide one (the error's end one byte past its
    // first byte), an op's `<{` dictionary left open before one, bounds
    // whose closer is missing before one; all read now by
    // bytes::inner_end (an inside ends before its closer when that is
    // there, else at the line's end).
    for t in [
        "func.func @f(%a: é) -> tensor<2xf32> {\n",
        "tuple<\u{fffd}>",
        "Nop.2[]<{T:-2\u{fffd}\n\u{fffd}",
        "%0 = stablehlo.add %a, %a : tensor<?x8xf32,#stablehlo.bounds<4,>\u{fffd}>\n",
        "%0 = stablehlo.add %a, %a : tensor<?x8xf32,#mhlo.type_extensions<bounds = [4, ?]é>\n",
        "%0 = stablehlo.add %a, %a : tuple<é, f32>\n",
    ] {
        for f in read_all(t) {
            assert!(t.is_char_boundary(f.span.start) && t.is_char_boundary(f.span.end));
        }
        // An op line's parts (an open `<{` dictionary ran into "\u{fffd}").
        if let Some(p) = breakdown(t) {
            let spans = [p.span, p.op]
                .into_iter()
                .chain(p.results)
                .chain(p.operands);
            let spans = spans.chain(p.operand_types).chain(p.result_types);
            for s in spans.chain(p.attributes.iter().flat_map(|&(n, v)| [n, v])) {
                assert!(t.get(s.range()).is_some(), "{t:?}: op part {s:?}");
            }
        }
    }
}

#[test]
fn a_sharding_cut_off_by_the_text_s_end_is_an_error_on_its_last_character() {
    // Found by tests/mlir_props.rs: a Shardy sharding whose dims or
    // `replicated=` axes are missing because the text ends there indexed
    // one byte past the text; and an empty body's error pointed past it.
    let mesh = "sdy.mesh @m = <[\"x\"=2, \"y\"=4]>\nfunc.func @f(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<";
    for tail in [
        "@m,",
        "@m, ",
        "@m, [{\"x\"}], replicated=",
        "@m, [{\"x\"}], unreduced=",
        "#sdy.mesh<",
        "",
    ] {
        let t = format!("{mesh}{tail}");
        let found = read_all(&t);
        let Some((span, Err(e))) = &found[0].sharding else {
            panic!("{t:?}: {:?}", found[0].sharding)
        };
        assert!(t.get(span.range()).is_some(), "{t:?}: {span:?}");
        assert!(e.start < e.end && e.end <= t.len(), "{t:?}: {e:?}");
        assert!(t.get(e.start..e.end).is_some(), "{t:?}: {e:?}");
    }
}
