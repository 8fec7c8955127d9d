//! Per-device shards and bytes: the worked examples of docs/sharding.md
//! (each checked against XLA's partitioned module on 8 host CPU devices),
//! and properties checked against an independent brute force.

use proptest::prelude::*;
use xla_layout_viz::core::analysis::Analysis;
use xla_layout_viz::core::parse;
use xla_layout_viz::core::sharding::{shard_texts, ShardReport};

fn report(shape: &str, sharding: &str) -> ShardReport {
    let mut all = shard_texts(shape, sharding, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(all.len(), 1);
    all.remove(0).1
}

#[test]
fn worked_examples_from_xla() {
    // global shape, sharding, what one device holds (XLA's partitioned module).
    let cases = [
        (
            "s32[48,7,130]",
            "{devices=[8,1,1]<=[8]}",
            "s32[6,7,130]{2,1,0}",
        ),
        (
            "f32[5,512,12]",
            "{devices=[1,4,2]<=[2,4]T(1,0)}",
            "f32[5,128,6]{2,1,0}",
        ),
        (
            "f16[10]",
            "{devices=[2,4]<=[2,2,2]T(1,0,2) last_tile_dim_replicate}",
            "f16[5]{0}",
        ),
        ("f32[10,5]", "{devices=[4,2]<=[8]}", "f32[3,3]{1,0}"),
    ];
    for (shape, sharding, shard) in cases {
        assert_eq!(report(shape, sharding).shard, shard, "{shape} {sharding}");
    }
}

#[test]
fn tiling_doubles_every_shard() {
    // 64 rows over 16 devices: 4 rows each, padded to 8 by T(8,128).
    let r = report("f32[64,4096]{1,0:T(8,128)}", "{devices=[16,1]<=[16]}");
    assert_eq!(r.shard, "f32[4,4096]{1,0:T(8,128)}");
    assert_eq!(r.bytes_data, 64 * 4096 * 4);
    assert_eq!(r.bytes_per_device, 8 * 4096 * 4);
    assert_eq!(r.bytes_total, Some(16 * 8 * 4096 * 4));
    assert_eq!(r.bytes_padding_partitioner, Some(0));
    assert_eq!(r.bytes_padding_tiling, Some(16 * 4 * 4096 * 4));
    assert_eq!(r.expansion, Some(2.0));
    // Cutting the 4096 dim instead leaves 64 rows: no padding.
    let best = &r.suggestions[0];
    assert_eq!(best.ways, vec![1, 16]);
    assert_eq!(best.bytes_total, 64 * 4096 * 4);
}

#[test]
fn uneven_dims_leave_the_last_devices_short_or_empty() {
    // 10 rows over 4 devices: 3, 3, 3, 1. 3 rows over 4 devices: 1, 1, 1, 0.
    let r = report("f32[10,5]", "{devices=[4,2]<=[8]}");
    let rows: Vec<u64> = r
        .devices
        .iter()
        .map(|d| d.ranges[0][1] - d.ranges[0][0])
        .collect();
    assert_eq!(rows, vec![3, 3, 3, 3, 3, 3, 1, 1]);
    assert_eq!(r.bytes_padding_partitioner, Some(8 * 9 * 4 - 200));
    let r = report("f32[3]", "{devices=[4]<=[4]}");
    assert_eq!(r.devices[3].elements, 0);
    assert_eq!(r.shard, "f32[1]{0}");
}

#[test]
fn replicated_needs_the_device_count_to_list_devices() {
    let (_, r) = shard_texts("f32[8]", "{replicated}", None)
        .unwrap()
        .remove(0);
    assert_eq!(
        (r.num_devices, r.devices.len(), r.bytes_total),
        (None, 0, None)
    );
    let (_, r) = shard_texts("f32[8]", "{replicated}", Some(4))
        .unwrap()
        .remove(0);
    assert_eq!(
        (r.num_devices, r.devices.len(), r.bytes_total),
        (Some(4), 4, Some(128))
    );
    for text in ["{manual}", "{unknown}"] {
        let (_, r) = shard_texts("f32[8]", text, None).unwrap().remove(0);
        assert!(!r.meaning.is_empty() && r.devices.is_empty(), "{text}");
    }
}

#[test]
fn tuple_shardings_pair_with_leaves() {
    let all = shard_texts(
        "(f32[8], s8[4,4])",
        "{{devices=[2]0,1}, {replicated}}",
        Some(2),
    )
    .unwrap();
    assert_eq!(all[0].1.shard, "f32[4]{0}");
    assert_eq!(all[1].1.shard, "s8[4,4]{1,0}");
    let e = shard_texts("(f32[8], s8[4])", "{{replicated}}", None).unwrap_err();
    assert!(e.to_string().contains("leaves"), "{e}");
}

#[test]
fn bad_pairs_are_errors_not_panics() {
    for (shape, sharding) in [
        ("f32[8]", "{devices=[2,2]<=[4]}"),
        ("f32[8,8]", "{devices=[2]0,1}"),
        ("f32[8]", "{devices=[2]0,1"),
        ("f32[8]", "{devices=[1099511627776]<=[1099511627776]}"),
        ("f32[8]", "{mesh['x'=2,'x'=2], [{'x'}]}"),
        ("f32[8]", "{devices=[2]0,1 metadata={op_name=\"</script>\"}"),
    ] {
        assert!(
            shard_texts(shape, sharding, None).is_err(),
            "{shape} {sharding}"
        );
    }
    // A huge device id is valid without a device count; with one, it is out of range.
    assert!(shard_texts("f32[8]", "{maximal device=9223372036854775807}", None).is_ok());
    assert!(shard_texts("f32[8]", "{maximal device=3}", Some(2)).is_err());
    assert!(shard_texts("f32[8]", "{devices=[2]0,1}", Some(3)).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Every element is held by exactly `replication` devices, each
    /// device's ranges lie in the array, the valid elements sum to the
    /// data times its copies, and the per-device footprint is the mapping
    /// of the shard shape.
    #[test]
    fn devices_cover_the_array(
        dims in prop::collection::vec(1u64..7, 1..4),
        ways in prop::collection::vec(1u64..5, 4),
        copies in 1u64..4,
        tiled in any::<bool>(),
    ) {
        let rank = dims.len();
        let ways = &ways[..rank];
        let total: u64 = ways.iter().product::<u64>() * copies;
        prop_assume!(total > 1);
        let mut tile: Vec<u64> = ways.to_vec();
        let mut tail = "";
        if copies > 1 {
            tile.push(copies);
            tail = " last_tile_dim_replicate";
        }
        let join = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        let sharding = format!("{{devices=[{}]<=[{total}]{tail}}}", join(&tile));
        let layout = if tiled && rank >= 2 { "{1,0:T(2,2)}".replace("1,0", &(0..rank).rev().map(|d| d.to_string()).collect::<Vec<_>>().join(",")) } else { String::new() };
        let shape = format!("f32[{}]{layout}", join(&dims));
        // The device count given: `{devices=[1,3]<=[3] last_tile_dim_replicate}`
        // is XLA's `{replicated}` (PartialTile), which lists no devices without it.
        let (_, r) = shard_texts(&shape, &sharding, Some(total)).unwrap().remove(0);
        let n: u64 = dims.iter().product();
        let replication = r.replication.unwrap();
        // Brute force: count holders of every element.
        let mut held = vec![0u64; n as usize];
        for d in &r.devices {
            let mut idx = vec![0u64; rank];
            for e in 0..n {
                let mut rest = e;
                for i in (0..rank).rev() { idx[i] = rest % dims[i]; rest /= dims[i]; }
                if (0..rank).all(|i| d.ranges[i][0] <= idx[i] && idx[i] < d.ranges[i][1]) {
                    held[e as usize] += 1;
                }
            }
            prop_assert!(d.ranges.iter().zip(&dims).all(|(r, &s)| r[0] <= r[1] && r[1] <= s));
        }
        prop_assert!(held.iter().all(|&h| h == replication), "{shape} {sharding}: {held:?}");
        let sum: u64 = r.devices.iter().map(|d| d.elements).sum();
        prop_assert_eq!(sum, n * replication);
        let shard = parse(&r.shard).unwrap();
        let analysis = Analysis::of(shard.leaves()[0].1).unwrap();
        prop_assert_eq!(analysis.stats.bytes_footprint, r.bytes_per_device);
        prop_assert_eq!(r.bytes_total, Some(r.bytes_per_device * total));
    }
}
