//! Property tests of the MLIR reader on hostile text: pieces of MLIR's
//! syntax (brackets, strings, shardings, meshes, bounds, manual
//! computations) cut anywhere and joined with wide characters. Reading
//! never panics, and every span it gives (a type, a name, an error, a
//! sharding attribute, an op line's parts) lies on character boundaries
//! inside the text: so no byte offset the reader slices at falls inside
//! a character. An independent check of the fuzz target's property
//! (fuzz/fuzz_targets/scan.rs), with a vocabulary aimed at the reader.

use proptest::prelude::*;
use xla_layout_viz::core::hlo::scan;
use xla_layout_viz::core::mlir::{breakdown, read_all, read_type};
use xla_layout_viz::core::span::Span;

/// Pieces of MLIR syntax, whole and cut.
const PIECES: &[&str] = &[
    "module @jit_f {\n",
    "sdy.mesh @m = <[\"x\"=2, \"y\"=4]>\n",
    "sdy.mesh @m = <[\"x\"=2], device_ids=[1, 0]>\n",
    "sdy.mesh @e = <[]>\n",
    "sdy.mesh @",
    "func.func public @main(",
    "func.func @f(",
    "%arg0: ",
    "%a: ",
    ") -> (",
    ") -> ",
    " {\n",
    "}\n",
    "tensor<8x6xf32>",
    "tensor<",
    "tensor<?x8xf32, #stablehlo.bounds<16, ?>>",
    ", #stablehlo.bounds<",
    ", #mhlo.type_extensions<bounds = [",
    "tuple<",
    "tuple<tensor<2xf32>, !stablehlo.token>",
    "!stablehlo.token",
    "complex<f32>",
    "8x",
    "?x",
    "xf32",
    "{sdy.sharding = #sdy.sharding<@m, [{\"x\"}, {}]>}",
    "sdy.sharding = #sdy.sharding<",
    "sdy.sharding = #sdy.sharding_per_value<[",
    "#sdy.sharding<@m, [{\"x\", ?}p1, {\"y\"}], replicated={",
    "@m, ",
    "sdy.sharding = #sdy.sharding<@m, [{\"x\"}], replicated={\"y\"}>",
    "#sdy.mesh<[\"z\"=2]>, ",
    "[{",
    "[",
    "]",
    "{\"x\"}",
    "{\"x\":(1)2}",
    "{\"y\":(2)2, \"x\"}",
    "\"y\":(1)2",
    ":(2)",
    "\"y\"",
    "}, {",
    "{",
    "}",
    "<",
    ">",
    "(",
    ")",
    "\"",
    "\\",
    ",",
    ", ",
    "=",
    " = ",
    " : ",
    ":",
    "->",
    "p1",
    "?",
    "replicated=",
    "unreduced=",
    "device_ids=[",
    "{mhlo.sharding = \"",
    "{devices=[2,1]<=[2]}\"}",
    "mhlo.sharding = \"{replicated}\"",
    "%0 = stablehlo.add %arg0, %arg0 : tensor<8x6xf32>\n",
    "%0 = ",
    "%1:2 = ",
    "stablehlo.add ",
    "\"stablehlo.add\"",
    "<{",
    "}>",
    "sdy.sharding_constraint %0 <@m, [{\"x\"}]>",
    "%2 = sdy.manual_computation(%0) in_shardings=[<@m, [{\"x\"}]>] out_shardings=[",
    "manual_axes={\"x\"} (%arg1: tensor<4xf32>) {\n",
    "} : (tensor<8xf32>) -> tensor<8xf32>\n",
    "return %0 : tensor<8x6xf32>\n",
    "\n",
    " ",
    "// comment\n",
];

/// Wide characters, and the replacement character the fuzz target's
/// lossy decoding makes.
const WIDE: &[&str] = &["é", "\u{fffd}", "😀", "Ω", "\u{200b}"];

fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(PIECES).prop_map(str::to_owned),
        // A piece cut after any of its bytes (a closer missing).
        2 => (prop::sample::select(PIECES), 0usize..64).prop_map(|(p, k)| p[..k % (p.len() + 1)].to_owned()),
        2 => prop::sample::select(WIDE).prop_map(str::to_owned),
        1 => any::<char>().prop_map(String::from),
    ]
}

/// What a text may start with: the meshes its shardings name declared
/// (or not), then a function's argument waiting for its sharding.
const STARTS: &[&str] = &[
    "",
    "sdy.mesh @m = <[\"x\"=2, \"y\"=4]>\n",
    "sdy.mesh @m = <[\"x\"=2, \"y\"=4]>\nfunc.func @f(%a: tensor<8x8xf32> {",
    "sdy.mesh @m = <[\"x\"=2, \"y\"=4]>\n%0 = stablehlo.add %a, %a {",
];

fn text() -> impl Strategy<Value = String> {
    (
        prop::sample::select(STARTS),
        prop::collection::vec(piece(), 0..32),
    )
        .prop_map(|(s, v)| format!("{s}{}", v.concat()))
}

/// A text and a cut of it at a character boundary (so that it ends
/// anywhere, an attribute or a bracket left open at the very end).
fn cut_text() -> impl Strategy<Value = String> {
    (text(), any::<prop::sample::Index>()).prop_map(|(t, at)| {
        let mut cut = t.len() - at.index(t.len() / 2 + 1);
        while !t.is_char_boundary(cut) {
            cut -= 1;
        }
        t[..cut].to_owned()
    })
}

fn inside(t: &str, s: Span, what: &str) {
    assert!(t.get(s.range()).is_some(), "{what} {s:?} in {t:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn hostile_mlir_is_read_on_character_boundaries(t in cut_text()) {
        for f in read_all(&t) {
            inside(&t, f.span, "type");
            for s in [f.name, f.op].into_iter().flatten() {
                inside(&t, s, "name");
            }
            if let Err(e) = &f.shape {
                inside(&t, Span::new(e.start, e.end), "type error");
            }
            if let Some((s, r)) = &f.sharding {
                inside(&t, *s, "sharding");
                if let Err(e) = r {
                    inside(&t, Span::new(e.start, e.end), "sharding error");
                }
            }
        }
        if let Some(p) = breakdown(&t) {
            let spans = [p.span, p.op].into_iter().chain(p.results).chain(p.operands);
            let spans = spans.chain(p.operand_types).chain(p.result_types);
            for s in spans.chain(p.attributes.iter().flat_map(|&(n, v)| [n, v])) {
                inside(&t, s, "op part");
            }
        }
        for f in scan(&t).iter() {
            inside(&t, f.span(), "scan");
            let _ = f.record(&t);
        }
    }

    #[test]
    fn every_type_read_where_it_starts_ends_on_a_boundary(t in cut_text()) {
        for (i, _) in t.match_indices("tensor<").chain(t.match_indices("tuple<")) {
            let mut out = String::new();
            let (stop, r) = read_type(&t, i, t.len(), &mut out);
            assert!(stop <= t.len() && t.is_char_boundary(stop), "{stop} in {t:?}");
            if let Err(e) = r {
                inside(&t, Span::new(e.start, e.end), "type error");
            }
        }
    }
}
