//! MLIR types as XLA shapes: the issue's examples, tuples, tokens,
//! bounds, and what XLA has no shape for.

use super::*;

fn xla(t: &str) -> Result<String, (String, String)> {
    let mut out = String::new();
    let (stop, r) = read_type(t, 0, t.len(), &mut out);
    match r {
        Ok(()) => {
            assert_eq!(stop, t.len(), "{t}");
            Ok(out)
        }
        Err(e) => Err((t[e.start..e.end].to_owned(), e.message)),
    }
}

#[test]
fn the_issue_s_examples() {
    assert_eq!(xla("tensor<56xf16>").unwrap(), "f16[56]{0}");
    assert_eq!(xla("tensor<f32>").unwrap(), "f32[]");
    assert_eq!(xla("tensor<2x3xi1>").unwrap(), "pred[2,3]{1,0}");
    assert_eq!(xla("tensor<8x128xbf16>").unwrap(), "bf16[8,128]{1,0}");
    assert_eq!(
        xla("tensor<2x3x4xcomplex<f32>>").unwrap(),
        "c64[2,3,4]{2,1,0}"
    );
    assert_eq!(xla("tensor<0x5xui8>").unwrap(), "u8[0,5]{1,0}");
}

#[test]
fn tuples_tokens_and_bounds() {
    assert_eq!(
        xla("tuple<tensor<2xf32>, tuple<tensor<i32>, !stablehlo.token>>").unwrap(),
        "(f32[2]{0}, (s32[], token[]))"
    );
    assert_eq!(xla("tuple<>").unwrap(), "()");
    assert_eq!(
        xla("tensor<?x8xf32, #stablehlo.bounds<16, ?>>").unwrap(),
        "f32[<=16,8]{1,0}"
    );
}

#[test]
fn what_xla_has_no_shape_for_is_refused_where_it_is() {
    let (at, why) = xla("tensor<4x?x128xf32>").unwrap_err();
    assert_eq!(at, "?");
    assert!(why.contains("dynamic"), "{why}");
    let (at, why) = xla("tensor<*xf32>").unwrap_err();
    assert_eq!((at.as_str(), why.contains("unranked")), ("*", true));
    let (at, why) = xla("tensor<2xf7>").unwrap_err();
    assert_eq!(at, "f7");
    assert!(why.contains("element type"), "{why}");
    let (at, why) = xla("tensor<2x3xf32").unwrap_err();
    assert_eq!((at.as_str(), why.contains("not closed")), ("<", true));
    let (_, why) = xla("tensor<2x3xf32, #foo<1>>").unwrap_err();
    assert!(why.contains("encoding"), "{why}");
    let (at, _) = xla("tensor<99999999999999999999xf32>").unwrap_err();
    assert_eq!(at, "99999999999999999999");
    assert!(xla("tensor<2x>").is_err());
    assert!(xla("tensor<>").is_err());
    assert!(xla(&format!("tensor<{}f32>", "1x".repeat(100))).is_err());
    assert!(xla(&format!(
        "{}tensor<f32>{}",
        "tuple<".repeat(20),
        ">".repeat(20)
    ))
    .is_err());
}
