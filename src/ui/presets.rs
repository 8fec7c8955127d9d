//! The presets menu: every example of the seeds and of XLA's tiled-layout
//! page, and real TPU layouts worth a look.

use super::model::PadValue;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// Stable id, also usable in the address (`?preset=`).
    pub id: &'static str,
    pub name: &'static str,
    pub shape: &'static str,
    /// The older proto's padded dims, if the example uses them.
    pub padded: &'static str,
    pub pad_value: PadValue,
    /// One sentence on what to look at.
    pub note: &'static str,
    /// A second shape for the "compare with" box; empty for none.
    pub compare: &'static str,
    /// The sharding field's text; empty for none.
    pub sharding: &'static str,
}

const fn preset(
    id: &'static str,
    name: &'static str,
    shape: &'static str,
    note: &'static str,
) -> Preset {
    Preset {
        id,
        name,
        shape,
        padded: "",
        pad_value: PadValue::Zero,
        note,
        compare: "",
        sharding: "",
    }
}

const fn sharded(
    id: &'static str,
    name: &'static str,
    shape: &'static str,
    sharding: &'static str,
    note: &'static str,
) -> Preset {
    Preset {
        sharding,
        ..preset(id, name, shape, note)
    }
}

pub const PRESETS: &[Preset] = &[
    preset(
        "seed-2x3-col",
        "[2x3] column-major {0,1} (seeds)",
        "f32[2,3]{0,1}",
        "dim 0 is minor: memory holds a d b e c f.",
    ),
    preset(
        "seed-2x3-row",
        "[2x3] row-major {1,0} (seeds)",
        "f32[2,3]{1,0}",
        "dim 1 is minor, the default: memory holds a b c d e f.",
    ),
    Preset {
        id: "seed-2x3-padded",
        name: "[2x3] padded to [3,5], older XLA (seeds)",
        shape: "f32[2,3]{0,1}",
        padded: "3,5",
        pad_value: PadValue::Zero,
        note: "padded_dimensions [3,5]: memory holds a d 0 b e 0 c f 0 0 0 0 0 0 0.",
        compare: "",
        sharding: "",
    },
    preset(
        "seed-2x3-tail",
        "[2x3] tail padding L(8): tail_padding_alignment_in_elements (Shapes and layout)",
        "f32[2,3]{0,1:T(2)L(8)}",
        "tail_padding_alignment_in_elements = 8, written L(8): after tiling (T(2) adds nothing here), padding up to a multiple of 8: memory holds a d b e c f and 2 padding elements.",
    ),
    Preset {
        id: "seed-2x3-compare",
        name: "[2x3] {1,0} against {0,1} (seeds)",
        shape: "f32[2,3]{1,0}",
        padded: "",
        pad_value: PadValue::Zero,
        note: "a b c d e f against a d b e c f: a copy moves b, c, d and e.",
        compare: "f32[2,3]{0,1}",
        sharding: "",
    },
    preset(
        "tiled-3x5",
        "f32[3,5] by 2x2 tiles (tiled layout, figure 1)",
        "f32[3,5]{1,0:T(2,2)}",
        "element (2,3) is at offset 17; 9 of 24 cells are padding.",
    ),
    preset(
        "tiled-4x8-repeated",
        "4x8 by (2,4)(2,1) (figure 2)",
        "f32[4,8]{1,0:T(2,4)(2,1)}",
        "the second tile interleaves pairs of rows inside each 2x4 tile.",
    ),
    preset(
        "tiled-8x8-tile-counts",
        "8x8 by (2,4)(2,1,1,1) (figure 4)",
        "f32[8,8]{1,0:T(2,4)(2,1,1,1)}",
        "the second tile pairs whole tiles: element (6,5) is at offset 51.",
    ),
    preset(
        "bf16-alternative",
        "bf16[32,256] alternative packing (figure 3)",
        "bf16[32,256]{1,0:T(8,128)(2,1,1,1)}",
        "two 8x128 tiles share 32-bit words, element by element.",
    ),
    preset(
        "combine-dims",
        "combining dims with * (tiled layout)",
        "f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}",
        "tiled as f32[112,110] by (2,3).",
    ),
    preset(
        "seed-add-936",
        "bf16 on TPU: add.936 (seeds, 167M elements)",
        "bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}",
        "8x128 tiles, bf16 pairs from adjacent rows share a word.",
    ),
    preset(
        "tpu-int8",
        "TPU 8-bit: (8,128)(4,1)",
        "s8[32,256]{1,0:T(8,128)(4,1)}",
        "four int8 values from four rows share a 32-bit word.",
    ),
    preset(
        "tpu-pred",
        "TPU 1-bit pred: (32,128)(32,1)",
        "pred[64,256]{1,0:T(32,128)(32,1)E(1)}",
        "32 booleans from 32 rows in one word, 1 bit each.",
    ),
    preset(
        "tpu-s4",
        "4-bit integers packed with E(4)",
        "s4[16,256]{1,0:T(8,128)(4,1)E(4)}",
        "two elements per byte: addresses carry the bit.",
    ),
    preset(
        "small-tile-2",
        "TPU small tile 2x128",
        "f32[2,300]{1,0:T(2,128)}",
        "2 rows tiled by 2x128 instead of 8x128: a quarter of the memory.",
    ),
    preset(
        "small-tile-4",
        "TPU small tile 4x128",
        "f32[3,300]{1,0:T(4,128)}",
        "3 rows tiled by 4x128.",
    ),
    preset(
        "scalar-tiled",
        "a tiled scalar f32[]{:T(128)}",
        "f32[]{:T(128)}",
        "one element in 128 cells.",
    ),
    preset(
        "vmem-s1",
        "on-device VMEM S(1): fusion.3 (seeds)",
        "bf16[32,32,4096]{2,1,0:T(8,128)(2,1)S(1)}",
        "memory space 1.",
    ),
    preset(
        "host-s5",
        "host memory S(5)",
        "f32[16,300]{1,0:T(8,128)S(5)}",
        "memory space 5.",
    ),
    preset(
        "tpu-oom",
        "TPU out of memory: 32x larger than its data",
        "s32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}",
        "the most minor dim (4) is padded to 128.",
    ),
    preset(
        "tuple",
        "a tuple: pick a leaf",
        "(f32[2,3]{1,0}, s8[4,130]{1,0:T(8,128)(4,1)}, (pred[16]{0}, bf16[8,256]{1,0:T(8,128)(2,1)}))",
        "every array leaf has its own picture.",
    ),
    preset(
        "huge-2-40",
        "2^40 elements",
        "f32[1048576,1048576]{1,0:T(8,128)}",
        "any size pans and zooms: cost follows the pixels, not the elements.",
    ),
    preset(
        "seed-hlo-add",
        "HLO instruction add.936 (seeds)",
        "add.936 = bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}\n          add(exponential.183, broadcast.3115)",
        "the seed's first instruction, part by part: op name, shape, layout, operation, arguments.",
    ),
    preset(
        "seed-hlo-fusion",
        "HLO instruction %fusion.3 (seeds)",
        "%fusion.3 = bf16[32,32,4096]{2,1,0:T(8,128)(2,1)S(1)}\n            fusion(bf16[32,32,8192]{2,1,0:T(8,128)(2,1)S(1)} %fusion.32),\n            kind=kCustom, calls=%all-reduce-scatter.3",
        "the seed's second instruction: S(1) puts it in memory space 1; one operand, two attributes.",
    ),
    sharded(
        "shard-embedding",
        "sharded: an embedding table over 8 devices",
        "bf16[256000,4096]{1,0:T(8,128)(2,1)}",
        "{devices=[8,1]<=[8]}",
        "each device holds 32,000 whole rows: 250 MiB, no padding; pick a device to see its rows.",
    ),
    sharded(
        "shard-small-batch",
        "sharded: a small batch where tiling doubles every shard",
        "f32[64,4096]{1,0:T(8,128)}",
        "{devices=[16,1]<=[16]}",
        "16 ways leave 4 rows per device; T(8,128) pads them to 8: every device holds twice its data.",
    ),
    sharded(
        "shard-uneven",
        "sharded: an uneven dim with empty last shards",
        "s32[6,128]{1,0:T(8,128)}",
        "x=8 P('x', None)",
        "6 rows over 8 devices: devices 6 and 7 hold nothing, and every device still allocates an 8-row tile.",
    ),
];

/// The preset with this id.
pub fn find(id: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.id == id)
}

/// The preset an input is shared by (`?preset=ID`) when the address could
/// not hold the input itself: the address holds a shape, never HLO text
/// (`ui/web/browser.rs`), so an HLO preset shared as its result shape
/// lost its part-by-part breakdown (issue 71). `None` for a shape, and
/// for an instruction that is no preset's.
pub fn shared_as(input: &str) -> Option<&'static str> {
    if crate::core::parse(input).is_ok() {
        return None;
    }
    PRESETS.iter().find(|p| p.shape == input).map(|p| p.id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::model::{analyse, Request};

    #[test]
    fn every_preset_is_valid_and_drawable() {
        crate::ui::shard::enable();
        for p in PRESETS {
            let model = analyse(&Request {
                text: p.shape.to_owned(),
                leaf: Vec::new(),
                padded: p.padded.to_owned(),
                pad_value: p.pad_value,
                sharding: p.sharding.to_owned(),
                device: 0,
            })
            .unwrap_or_else(|e| panic!("{}: {}", p.id, e.message));
            assert!(model.drawn.is_some(), "{} draws", p.id);
            assert!(model.padded_error.is_none(), "{}", p.id);
            assert!(model.sharding_error.is_none(), "{}", p.id);
            assert_eq!(model.shard.is_some(), !p.sharding.is_empty(), "{}", p.id);
            assert_eq!(find(p.id), Some(p));
        }
        let ids: std::collections::HashSet<_> = PRESETS.iter().map(|p| p.id).collect();
        assert_eq!(ids.len(), PRESETS.len(), "ids are unique");
    }

    #[test]
    fn the_sharded_presets_say_what_their_notes_say() {
        crate::ui::shard::enable();
        let per_device = |id: &str| {
            let p = find(id).unwrap();
            let m = analyse(&Request {
                text: p.shape.to_owned(),
                sharding: p.sharding.to_owned(),
                ..Request::default()
            })
            .unwrap();
            m.shard.unwrap().report
        };
        // 256,000 / 8 rows of 4,096 bf16: 250 MiB, no padding.
        let r = per_device("shard-embedding");
        assert_eq!(r.bytes_per_device, 32_000 * 4096 * 2);
        assert_eq!(r.bytes_per_device, 250 * 1024 * 1024);
        let r = per_device("shard-small-batch");
        assert_eq!(r.bytes_per_device, 2 * 4 * 4096 * 4);
        let r = per_device("shard-uneven");
        let empty: Vec<i64> = r
            .devices
            .iter()
            .filter(|d| d.elements == 0)
            .map(|d| d.device)
            .collect();
        assert_eq!(empty, [6, 7]);
        assert_eq!(r.bytes_per_device, 8 * 128 * 4);
    }

    #[test]
    fn hlo_presets_are_shared_by_their_id_and_shapes_by_themselves() {
        let hlo: Vec<&str> = PRESETS
            .iter()
            .filter(|p| crate::core::parse(p.shape).is_err())
            .map(|p| p.id)
            .collect();
        assert_eq!(hlo, ["seed-hlo-add", "seed-hlo-fusion"]);
        for p in PRESETS {
            let want = hlo.contains(&p.id).then_some(p.id);
            assert_eq!(shared_as(p.shape), want, "{}", p.id);
        }
        // An instruction typed by hand is no preset's; nor is a preset's
        // instruction edited.
        assert_eq!(shared_as("x = f32[2,3]{1,0} add(a, b)"), None);
        let edited = format!("{} ", find("seed-hlo-add").unwrap().shape);
        assert_eq!(shared_as(&edited), None);
    }

    #[test]
    fn the_tail_preset_pads_the_pages_array_to_a_multiple_of_8() {
        // XLA's "Shapes and layout" page, "Padding": after tiling, padding
        // is added at the end until the total number of elements is a
        // multiple of tail_padding_alignment_in_elements. The page's 2x3
        // array {0,1} holds a d b e c f; 6 rounds up to 8.
        let p = find("seed-2x3-tail").unwrap();
        let m = analyse(&Request {
            text: p.shape.to_owned(),
            ..Request::default()
        })
        .unwrap();
        let drawn = m.drawn.unwrap();
        let mapping = &drawn.analysis.mapping;
        let order: Vec<Option<u64>> = (0..mapping.footprint())
            .map(|o| match mapping.at(o) {
                Some(crate::core::Cell::Element(id)) => Some(id),
                _ => None,
            })
            .collect();
        let (a, b, c, d, e, f) = (0, 1, 2, 3, 4, 5);
        let want = [a, d, b, e, c, f].map(Some);
        assert_eq!(order[..6], want);
        assert_eq!(order[6..], [None, None]);
        assert_eq!(drawn.analysis.layout.tail_padding_alignment(), 8);
        assert!(p.name.contains("L(8)") && p.name.contains("tail_padding_alignment_in_elements"));
    }

    #[test]
    fn the_oom_preset_is_32_times_its_data() {
        let p = find("tpu-oom").unwrap();
        let m = analyse(&Request {
            text: p.shape.to_owned(),
            ..Request::default()
        })
        .unwrap();
        let stats = &m.drawn.unwrap().analysis.stats;
        assert_eq!(stats.footprint_elements, 32 * stats.elements);
    }
}
