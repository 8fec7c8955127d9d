//! `sharding`, `per_device`, `bytes_footprint_per_device` and `global` on
//! scan records: XLA's `sharding=`, JAX's Shardy attributes (checked
//! against the `sharding=` JAX's lowering writes beside them), modules
//! before and after XLA's SPMD partitioner.

use xla_layout_viz::core::hlo::{scan, Finds, Record, Scanner};

fn results(text: &str) -> Vec<Record<'_>> {
    // Leak the finds so the records can borrow them: tests only.
    let found: &'static Finds = Box::leak(Box::new(scan(text)));
    found
        .iter()
        .filter(|f| f.role.name() == "result")
        .map(|f| f.record(text))
        .collect()
}

fn one(text: &str) -> Record<'_> {
    let mut r = results(text);
    assert_eq!(r.len(), 1, "{text}");
    r.remove(0)
}

#[test]
fn tiling_doubles_every_shard_before_partitioning() {
    // The spec's worked example: 16 ways on dim 0 leaves 4 rows per device,
    // T(8,128) pads them to 8: 8 x 4096 x 4 bytes per device.
    let r = one("%p = f32[64,4096]{1,0:T(8,128)} parameter(0), sharding={devices=[16,1]<=[16]}");
    assert_eq!(r.sharding, Some("{devices=[16,1]<=[16]}"));
    assert_eq!(r.per_device, Some("f32[4,4096]{1,0:T(8,128)}"));
    assert_eq!(r.bytes_footprint_per_device, Some(8 * 4096 * 4));
    assert_eq!(r.bytes_footprint, Some(64 * 4096 * 4));
    assert_eq!(r.global, None);
    assert_eq!(r.sharding_error, None);
}

#[test]
fn uneven_dims_round_up_and_tuples_pair_leaves() {
    // TileShape: ceil(10 / 4) = 3 rows; the replicated leaf is whole.
    let r = one("%t = (f32[10,3]{1,0}, s32[5]{0}) tuple(%a, %b), sharding={{devices=[4,1]<=[4]}, {replicated}}");
    assert_eq!(r.per_device, Some("(f32[3,3]{1,0}, s32[5]{0})"));
    assert_eq!(r.bytes_footprint_per_device, Some(3 * 3 * 4 + 5 * 4));
    // Manual leaves the shape whole (TileShape returns it).
    let r = one("%m = bf16[8,6]{1,0} custom-call(%x), custom_call_target=\"SPMDFullToShardShape\", sharding={manual}");
    assert_eq!(r.sharding, Some("{manual}"));
    assert_eq!(r.per_device, Some("bf16[8,6]{1,0}"));
}

#[test]
fn canonical_text_is_xlas() {
    // XLA's printer keeps a listed assignment listed and drops metadata
    // (tests/fixtures/sharding/xla.tsv).
    let r = one(
        "%p = f32[8,8]{1,0} parameter(0), sharding={devices=[ 2 , 2 ] 0 , 1 , 2 , 3 metadata={op_name=\"a\"}}",
    );
    assert_eq!(r.sharding, Some("{devices=[2,2]0,1,2,3}"));
    assert_eq!(r.per_device, Some("f32[4,4]{1,0}"));
}

#[test]
fn shardings_that_do_not_fit_say_why() {
    let r = one("%p = f32[8]{0} parameter(0), sharding={devices=[2,2]<=[4]}");
    assert_eq!(r.sharding, Some("{devices=[2,2]<=[4]}"));
    assert!(r.sharding_error.unwrap().contains("cuts 2 dims"), "{r:?}");
    assert_eq!(r.per_device, None);
    let r = one("%t = (f32[2]{0}, f32[2]{0}) tuple(%a, %b), sharding={{replicated}}");
    assert!(r.sharding_error.is_some());
    let r = one("%p = f32[8]{0} parameter(0), sharding={devices=[2]0,0}");
    assert_eq!(r.sharding, None);
    assert!(r.sharding_error.is_some());
    // Only the result carries it; an instruction without one has none.
    let all = results("%a = f32[8]{0} add(f32[8]{0} %x, f32[8]{0} %y)");
    assert_eq!(all[0].sharding, None);
    assert_eq!(all[0].sharding_error, None);
}

/// What XLA's SPMD partitioner gave for `f32[64,4096]` over a 4 x 2 mesh,
/// `P('x', None)` (jax 0.10.2, `.compile().as_text()`, 8 CPU devices).
const PARTITIONED: &str = r#"HloModule jit__lambda, is_scheduled=true, entry_computation_layout={(f32[16,4096]{1,0})->f32[16,4096]{1,0}}, num_partitions=8

%fused_computation (param_0.1: f32[16,4096]) -> f32[16,4096] {
  %param_0.1 = f32[16,4096]{1,0} parameter(0)
  ROOT %mul.7 = f32[16,4096]{1,0} multiply(%param_0.1, %param_0.1)
}

ENTRY %main.0_spmd (param: f32[16,4096]) -> f32[16,4096] {
  %param = f32[16,4096]{1,0} parameter(0), sharding={devices=[4,1,2]<=[8] last_tile_dim_replicate}, metadata={op_name="a"}
  ROOT %broadcast_multiply_fusion = f32[16,4096]{1,0} fusion(%param), kind=kLoop, calls=%fused_computation
}
"#;

#[test]
fn partitioned_modules_give_the_global_shape() {
    let r = results(PARTITIONED);
    let param = r.iter().find(|r| r.instruction == Some("param")).unwrap();
    assert_eq!(param.global, Some("f32[64,4096]{1,0}"));
    assert_eq!(param.per_device, None);
    assert_eq!(param.bytes_footprint_per_device, None);
    // The same instruction in a computation the partitioner did not write.
    let before = PARTITIONED.replace("main.0_spmd", "main.0");
    let r = results(&before);
    let param = r.iter().find(|r| r.instruction == Some("param")).unwrap();
    assert_eq!(param.global, None);
    assert_eq!(param.per_device, Some("f32[4,4096]{1,0}"));
    // A computation header without a signature, as JAX prints lowered HLO.
    let short =
        "ENTRY main.1_spmd {\n  a = f32[2,3]{1,0} parameter(0), sharding={devices=[1,3]<=[3]}\n}\n";
    assert_eq!(one(short).global, Some("f32[2,9]{1,0}"));
}

fn sdy_module(meshes: &str, sdy: &str, shape: &str) -> String {
    format!(
        "HloModule m, frontend_attributes={{xla.sdy.meshes={meshes}}}\n\nENTRY main.1 {{\n  a = {shape} parameter(0), frontend_attributes={{xla.sdy.sharding=\"{}\"}}\n}}\n",
        sdy.replace('"', "\\\"")
    )
}

#[test]
fn shardy_attributes_give_the_sharding_jax_writes_beside_them() {
    let fixture = include_str!("fixtures/sharding/sdy.tsv");
    let mut n = 0;
    for line in fixture.lines() {
        let [meshes, sdy, xla]: [&str; 3] =
            line.split('\t').collect::<Vec<_>>().try_into().unwrap();
        let rank = sdy.matches('{').count();
        let dims = vec!["16"; rank].join(",");
        let minor: Vec<String> = (0..rank).rev().map(|d| d.to_string()).collect();
        let shape = format!("f32[{dims}]{{{}}}", minor.join(","));
        let text = sdy_module(meshes, sdy, &shape);
        let r = one(&text);
        assert_eq!(r.sharding, Some(xla), "{text}");
        assert_eq!(r.sharding_error, None);
        // The same records scanned in small chunks: the meshes carry over.
        let mut scanner = Scanner::new();
        let mut found = Finds::default();
        while !scanner.scan_some(&text, 9).done {
            scanner.append_found(&mut found);
        }
        scanner.append_found(&mut found);
        let chunked = found.iter().find(|f| f.role.name() == "result").unwrap();
        assert_eq!(chunked.record(&text), r);
        n += 1;
    }
    assert!(n > 300, "{n} cases");
}

#[test]
fn sharding_wins_over_shardy_and_bad_shardy_says_why() {
    let meshes = "{mesh = #sdy.mesh<[\"x\"=4, \"y\"=2]>}";
    let both = sdy_module(
        meshes,
        "#sdy.sharding<@mesh, [{\"x\"}, {}]>",
        "f32[8,8]{1,0}",
    )
    .replace("parameter(0),", "parameter(0), sharding={replicated},");
    assert_eq!(one(&both).sharding, Some("{replicated}"));
    let per_value = sdy_module(
        meshes,
        "#sdy.sharding_per_value<[<@mesh, [{\"y\", \"x\"}, {}]>]>",
        "f32[8,8]{1,0}",
    );
    assert_eq!(
        one(&per_value).sharding,
        Some("{devices=[8,1]<=[4,2]T(1,0)}")
    );
    let maximal = sdy_module(
        "{maximal_mesh_0 = #sdy.mesh<[], device_ids=[3]>}",
        "#sdy.sharding<@maximal_mesh_0, []>",
        "f32[8]{0}",
    );
    assert_eq!(one(&maximal).sharding, Some("{maximal device=3}"));
    for (sdy, why) in [
        ("#sdy.sharding<@nowhere, [{}, {}]>", "not in the module"),
        // Read as in MLIR text (tests/mlir_fixtures.rs), refused as there.
        ("#sdy.sharding<@mesh, [{\"x\":(1)4}, {}]>", "whole axis"),
        ("#sdy.sharding<@mesh, [{\"x\":(3)2}, {}]>", "divide"),
        ("#sdy.sharding<@mesh, [{\"x\", ?}, {}]>", "open dim"),
        (
            "#sdy.sharding_per_value<[<@mesh, [{}]>, <@nowhere, []>]>",
            "@nowhere",
        ),
        ("#sdy.sharding<@mesh, [{\"q\"}, {}]>", "q"),
        ("#sdy.sharding<@mesh, [{\"x\"}, {\"x\"}]>", "x"),
        ("<script>alert(1)</script>", "not a Shardy sharding"),
        ("#sdy.sharding<@mesh, [{\"x\"}, {}], bogus={}>", "bogus"),
    ] {
        let r = one_owned(&sdy_module(meshes, sdy, "f32[8,8]{1,0}"));
        assert_eq!(r.0, None, "{sdy}");
        assert!(
            r.1.as_deref().unwrap_or("").contains(why),
            "{sdy}: {:?}",
            r.1
        );
    }
    for (meshes, sdy, why) in [
        (
            "{mesh = #sdy.mesh<[\"x\"=0]>}",
            "#sdy.sharding<@mesh, [{}]>",
            "not an axis size",
        ),
        (
            "{mesh = #sdy.mesh<[\"x\"=4}",
            "#sdy.sharding<@mesh, [{}]>",
            "does not read",
        ),
        (
            "{mesh = #sdy.mesh<[\"x\"=4]>}",
            "#sdy.sharding<@mesh, [{\"x\"}",
            "not a Shardy sharding",
        ),
    ] {
        let r = one_owned(&sdy_module(meshes, sdy, "f32[8]{0}"));
        assert!(
            r.1.as_deref().unwrap_or("").contains(why),
            "{meshes} {sdy}: {:?}",
            r.1
        );
    }
    // Read as in MLIR text: a mesh's own device order.
    let ids = sdy_module(
        "{mesh = #sdy.mesh<[\"a\"=2, \"b\"=4], device_ids=[3,1,2,0,7,5,6,4]>}",
        "#sdy.sharding<@mesh, [{\"b\":(2)2}, {\"a\", \"b\":(1)2}]>",
        "f32[8,8]{1,0}",
    );
    // XLA's, for the same program: tests/fixtures/mlir/expected_hlo.tsv.
    assert_eq!(one(&ids).sharding, Some("{devices=[2,4]3,2,7,6,1,0,5,4}"));
    let no_meshes = "a = f32[8]{0} parameter(0), frontend_attributes={xla.sdy.sharding=\"#sdy.sharding<@mesh, [{}]>\"}";
    assert!(one(no_meshes)
        .sharding_error
        .unwrap()
        .contains("xla.sdy.meshes"));
}

fn one_owned(text: &str) -> (Option<String>, Option<String>) {
    let r = one(text);
    (
        r.sharding.map(str::to_owned),
        r.sharding_error.map(str::to_owned),
    )
}

/// A report entry whose label is an instruction with a `sharding=`: the
/// entry's shape carries the report, the label's result the sharding, and
/// neither the other (one pointer holds either: src/core/hlo/attached.rs).
#[test]
fn a_report_entry_and_its_labels_sharding_stay_apart() {
    let text = "  Largest program allocations in hbm:\n\n  1. Size: 16.00M\n     \
        Shape: f32[4096,8,3]{2,1,0:T(8,128)}\n     Unpadded size: 384.0K\n     \
        XLA label: %copy.17 = f32[4096,8,3]{2,1,0:T(8,128)} copy(f32[4096,8,3]{0,2,1:T(8,128)} %p), sharding={devices=[2,1,1]<=[2]}\n     \
        Allocation type: HLO temp\n";
    let finds = scan(text);
    let found: Vec<_> = finds.iter().collect();
    let entry: Vec<_> = found
        .iter()
        .filter(|f| f.role.name() == "allocation")
        .collect();
    assert_eq!(entry.len(), 1, "{found:?}");
    assert!(entry[0].allocation().is_some_and(|a| a.size.is_some()));
    assert!(entry[0].sharding().is_none());
    let label: Vec<_> = found.iter().filter(|f| f.role.name() == "result").collect();
    assert_eq!(label.len(), 1, "{found:?}");
    assert_eq!(
        label[0].sharding().and_then(|s| s.canonical.as_deref()),
        Some("{devices=[2,1,1]<=[2]}")
    );
    assert!(label[0].allocation().is_none());
    assert!(found
        .iter()
        .filter(|f| f.role.name() == "operand")
        .all(|f| f.sharding().is_none() && f.allocation().is_none()));
}
