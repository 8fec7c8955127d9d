//! `sdy.manual_computation`: what XLA's export does with it
//! (`shard_map_export.cc`), checked against jax itself in
//! tests/mlir_fixtures.rs (`shard_map.shardy.mlir`); here, the region's
//! bounds, nesting and refusals.

use crate::core::mlir::{read_all, Owned, Role};

const NESTED: &str = r#"module @jit_f attributes {mhlo.num_partitions = 8 : i32} {
  sdy.mesh @mesh = <["x"=4, "y"=2]>
  func.func public @main(%arg0: tensor<8x6xf32>) -> (tensor<8x6xf32>) {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg1: tensor<2x6xf32>) {
      %1 = stablehlo.add %arg1, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>, mhlo.frontend_attributes = {note = "}} {"}} : tensor<2x6xf32>
      %2 = sdy.manual_computation(%1) in_shardings=[<@mesh, [{}, {"y"}]>] out_shardings=[<@mesh, [{}, {"y"}]>] manual_axes={"y"} (%arg2: tensor<2x3xf32>) {
        %3 = "stablehlo.reduce"(%arg2) ({
        ^bb0(%a: tensor<f32>, %b: tensor<f32>):
          %4 = stablehlo.add %a, %b : tensor<f32>
          stablehlo.return %4 : tensor<f32>
        }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>
        sdy.return %arg2 : tensor<2x3xf32>
      } : (tensor<2x6xf32>) -> tensor<2x6xf32>
      sdy.return %2 : tensor<2x6xf32>
    } : (tensor<8x6xf32>) -> tensor<8x6xf32>
    %5 = stablehlo.multiply %0, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} : tensor<8x6xf32>
    return %5 : tensor<8x6xf32>
  }
}
"#;

fn of_op(found: &[Owned], line: usize, role: Role) -> Vec<&Owned> {
    found
        .iter()
        .filter(|f| f.role == role && NESTED[..f.span.start].lines().count() == line)
        .collect()
}

fn sharding(f: &Owned) -> Result<&str, &str> {
    match &f.sharding.as_ref().expect("a sharding").1 {
        Ok(s) => Ok(s.as_str()),
        Err(e) => Err(e.message.as_str()),
    }
}

#[test]
fn the_outer_computation_s_operands_and_results_are_sharded_the_inner_one_s_refused() {
    let found = read_all(NESTED);
    // The outer region closes on line 15: its operand and result carry
    // in_shardings[0] and out_shardings[0], named by its first line.
    let (operand, result) = (
        &of_op(&found, 15, Role::Operand)[0],
        &of_op(&found, 15, Role::Result)[0],
    );
    let want = "{devices=[4,1,2]<=[8] last_tile_dim_replicate}";
    assert_eq!(sharding(operand), Ok(want));
    assert_eq!(sharding(result), Ok(want));
    assert_eq!(
        &NESTED[result.name.unwrap().start..result.name.unwrap().end],
        "%0"
    );
    assert_eq!(
        &NESTED[result.op.unwrap().start..result.op.unwrap().end],
        "sdy.manual_computation"
    );
    // The inner one (closing on line 13) is inside another: refused, why.
    for f in of_op(&found, 13, Role::Operand)
        .into_iter()
        .chain(of_op(&found, 13, Role::Result))
    {
        assert!(sharding(f).unwrap_err().contains("inside another"), "{f:?}");
    }
    // An op's own sharding inside the region: refused, why.
    let add = &of_op(&found, 5, Role::Result)[0];
    assert!(sharding(add)
        .unwrap_err()
        .contains("inside an sdy.manual_computation"));
    // The reduce's region inside did not close anything early; after the
    // outer region, an op's sharding reads again.
    let reduce = &of_op(&found, 11, Role::Result)[0];
    assert!(reduce.sharding.is_none());
    let after = &of_op(&found, 16, Role::Result)[0];
    assert_eq!(
        sharding(after),
        Ok("{devices=[2,1,4]<=[4,2]T(1,0) last_tile_dim_replicate}")
    );
}

#[test]
fn a_region_never_closed_or_lists_gone_wrong_do_not_panic() {
    let head = "%0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{\"x\"}]>] out_shardings=[ manual_axes={\"x\"} (%b: tensor<2xf32>) {\n";
    for text in [
        head.to_string(),
        format!("{head}}} : (tensor<8xf32>) -> tensor<8xf32>\n"),
        head.repeat(100),
        "} : (tensor<8xf32>) -> tensor<8xf32>\n".to_string(),
    ] {
        let found = read_all(&text);
        for f in &found {
            if let Some((_, Ok(s))) = &f.sharding {
                panic!("{text}: a sharding read from a broken list: {s}");
            }
        }
    }
}
