//! The sharding field and the shown device: expectations from XLA's
//! worked examples (docs/sharding.md), JAX's lowering
//! (tests/fixtures/sharding/jax.tsv) and counting by hand.

use super::*;
use crate::core::parse;

fn view_of(shape: &str, sharding: &str, device: usize) -> Result<ShardView, InputError> {
    let s = parse(shape).unwrap();
    let array = s.leaf(&[]).unwrap().clone();
    view(&s, &[], &array, sharding, device)
}

#[test]
fn the_field_reads_xla_jax_and_pasted_named_shardings_alike() {
    // JAX 0.10.2 lowers P('x', None) over x=4,y=2 to this (jax.tsv).
    let xla = "{devices=[4,1,2]<=[8] last_tile_dim_replicate}";
    for text in [
        xla,
        "  x=4,y=2 P('x', None)",
        "Mesh('x': 4, 'y': 2), PartitionSpec('x', None)",
        "NamedSharding(mesh=Mesh('x': 4, 'y': 2, axis_types=(Auto, Auto)), spec=P('x', None), memory_kind=device)",
    ] {
        assert_eq!(read(text, 2).unwrap().classic().to_string(), xla, "{text}");
    }
    assert_eq!(
        read("x=2,y=4 P('y', 'x')", 2).unwrap().to_string(),
        "{devices=[4,2]<=[2,4]T(1,0)}"
    );
}

#[test]
fn field_errors_point_at_the_offending_characters() {
    let text = "x=4,y=2 P('q', None)";
    let e = read(text, 2).unwrap_err();
    assert!(text[e.span.0..e.span.1].contains('q'), "{e:?}");
    let text = " {devices=[2,2]0,1,2,2}";
    let e = read(text, 2).unwrap_err();
    assert!(
        e.span.0 > 10 && text[e.span.0..e.span.1].contains('2'),
        "{e:?}"
    );
    let e = read("<img src=x onerror=alert(1)>", 1).unwrap_err();
    assert!(e.reason.contains("mesh and a spec"));
}

#[test]
fn tiling_doubles_every_shard() {
    // The worked example: 16 ways on dim 0 leave 4 rows, T(8,128) pads to 8.
    let v = view_of("f32[64,4096]{1,0:T(8,128)}", "{devices=[16,1]<=[16]}", 5).unwrap();
    assert_eq!(v.shard_array.to_string(), "f32[4,4096]{1,0:T(8,128)}");
    assert_eq!(v.shard.mapping.footprint(), 8 * 4096);
    assert_eq!(v.report.bytes_per_device, 8 * 4096 * 4);
    assert_eq!(v.shown().unwrap().device, 5);
    assert_eq!(v.origin(), [20, 0]);
    assert_eq!(v.blocks.len(), 16);
    assert_eq!(global_index(&v, &[3, 7]), Some(vec![23, 7]));
}

#[test]
fn uneven_dims_leave_short_and_empty_shards() {
    // ceil(5 / 4) = 2 per device: [0,2) [2,4) [4,5) and an empty [5,5).
    let v = view_of("f32[5]{0}", "{devices=[4]<=[4]}", 9).unwrap();
    assert_eq!(v.device, 3, "clamped to the last device");
    let ranges: Vec<_> = v.blocks.iter().map(|b| b.ranges[0]).collect();
    assert_eq!(ranges, [[0, 2], [2, 4], [4, 5], [5, 5]]);
    assert_eq!(v.blocks[3].elements, 0);
    assert_eq!(global_index(&v, &[0]), None, "past the array's end");
    let v = view_of("f32[5]{0}", "{devices=[4]<=[4]}", 2).unwrap();
    assert_eq!(global_index(&v, &[0]), Some(vec![4]));
    assert_eq!(global_index(&v, &[1]), None);
}

#[test]
fn replicas_share_a_block() {
    let v = view_of(
        "f32[8,8]{1,0}",
        "{devices=[2,1,2]<=[4] last_tile_dim_replicate}",
        0,
    )
    .unwrap();
    let devices: Vec<_> = v.blocks.iter().map(|b| b.devices.clone()).collect();
    assert_eq!(devices, [vec![0, 1], vec![2, 3]]);
    assert_eq!(v.report.replication, Some(2));
}

#[test]
fn tuple_shardings_pick_the_drawn_leafs() {
    let s = parse("(f32[8]{0}, s32[6,2]{1,0})").unwrap();
    let leaf = s.leaf(&[1]).unwrap().clone();
    let v = view(&s, &[1], &leaf, "{{replicated}, {devices=[3,1]<=[3]}}", 1).unwrap();
    assert_eq!(v.shard_array.to_string(), "s32[2,2]{1,0}");
    assert_eq!(v.origin(), [2, 0]);
    let e = view(&s, &[1], &leaf, "{{replicated}}", 0).unwrap_err();
    assert!(e.reason.contains("1"), "{e:?}");
}

#[test]
fn the_page_refuses_more_devices_than_it_can_list() {
    let e = view_of("f32[131072]{0}", "{devices=[131072]<=[131072]}", 0).unwrap_err();
    assert!(e.reason.contains("at most 65536"), "{e:?}");
}

#[test]
fn a_device_order_with_the_mesh_names_chips_in_the_panel() {
    // repr(mesh) with print(mesh.device_ids) of Mesh(devices[::-1].reshape(4, 2)),
    // as JAX prints them (tests/fixtures/sharding/jax_mesh.tsv).
    let text = "Mesh(axis_sizes=(4, 2), axis_names=('x', 'y'), device_ids=[[7 6] [5 4] [3 2] [1 0]]) P('x', None)";
    let v = view_of("f32[16,8]{1,0}", text, 2).unwrap();
    assert_eq!(
        v.report.sharding,
        "{devices=[4,1,2]<=[8] last_tile_dim_replicate}"
    );
    let chips: Vec<Option<u64>> = v.report.devices.iter().map(|d| d.chip).collect();
    assert_eq!(chips, (0..8).rev().map(Some).collect::<Vec<_>>());
    // Position 2 (chip 5) holds rows 4..8.
    assert_eq!(v.shown().unwrap().name(), "2 (chip 5)");
    assert_eq!(v.shown().unwrap().ranges, vec![[4, 8], [0, 8]]);
    // Without an order, positions only.
    let v = view_of("f32[16,8]{1,0}", "x=4,y=2 P('x', None)", 2).unwrap();
    assert_eq!(v.shown().unwrap().name(), "2");
    // A wrong order is the field's error, at the list.
    let text = "x=4,y=2,devices=[0,1] P('x')";
    let e = view_of("f32[16,8]{1,0}", text, 0).unwrap_err();
    assert_eq!(&text[e.span.0..e.span.1], "[0,1]", "{e:?}");
}

#[test]
fn a_replicated_spec_lists_the_meshs_devices() {
    // P() on x=2,y=4: JAX lowers it to {replicated}, over the mesh's 8
    // devices, each holding the whole array (copy k on device k).
    for text in [
        "x=2,y=4 P()",
        "NamedSharding(mesh=Mesh('x': 2, 'y': 4, axis_types=(Auto, Auto)), spec=P(), memory_kind=device)",
    ] {
        let v = view_of("f32[8,8]{1,0}", text, 5).unwrap();
        assert_eq!(v.report.num_devices, Some(8), "{text}");
        let copies: Vec<u64> = v.report.devices.iter().map(|d| d.copy).collect();
        assert_eq!(copies, (0..8).collect::<Vec<_>>());
        assert_eq!(v.blocks.len(), 1);
        assert_eq!(v.shown().unwrap().device, 5);
    }
    // Without a mesh, XLA's text says nothing of the count.
    let v = view_of("f32[8,8]{1,0}", "{replicated}", 0).unwrap();
    assert!(v.report.devices.is_empty());
}
