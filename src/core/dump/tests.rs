//! The reader on small texts, bad ones above all (the fixtures' tests,
//! against XLA's numbers, are in tests/dump_fixtures.rs).

use super::{read, Input};

const BA: &str = "BufferAssignment:
allocation 0: size 64, parameter 0, shape |f32[4,4]| at ShapeIndex {}, maybe-live-out:
 value: <1 p @0> (size=64,offset=0): f32[4,4]{1,0}
allocation 1: size 24, output shape is |(f32[4,4], f32[])|, maybe-live-out:
 value: <5 tuple{} @0> (size=24,offset=0): (f32[4,4]{1,0}, f32[])
allocation 2: size 96, preallocated-temp:
 value: <2 a @0> (size=64,offset=0): f32[4,4]{1,0}
 value: <3 b (phi) @0> (size=32,offset=64): f32[8]{0}
 value: <4 c @0> (size=4,offset=0): f32[]
";

const LR: &str = "HloLiveRange (max 4):
  InstructionSequence:
    0:p
    1:a
    2:b
    3:c
  BufferLiveRange:
    p{}:0-4
    a{}:1-2
    b{}:2-3
    c{}:3-4
    tuple{}:3-4
  Live ranges at 2 (peak):
    p{}: 64 bytes (cumulative: 64 bytes)
    a{}: 64 bytes (cumulative: 128 bytes)
    b{}: 32 bytes (cumulative: 160 bytes)
  Stack trace breakdown for peak usage: 160 bytes
";

fn two(ba: &str, lr: &str) -> super::Timeline {
    read(&[
        Input {
            name: "d/module_0001.jit_f.cpu_after_optimizations-buffer-assignment.txt",
            text: ba,
        },
        Input {
            name: "d/module_0001.jit_f.cpu_after_optimizations-live-range.txt",
            text: lr,
        },
    ])
}

#[test]
fn reads_allocations_ranges_and_both_peaks() {
    let t = two(BA, LR);
    assert!(t.problems.is_empty());
    let m = &t.modules[0];
    assert_eq!(m.name, "module_0001.jit_f");
    assert_eq!(m.backend.as_deref(), Some("cpu"));
    assert!(m.problems.is_empty(), "{:?}", m.problems);
    assert_eq!(m.allocations[0].kinds, ["parameter", "maybe-live-out"]);
    assert_eq!(m.allocations[1].kinds, ["output", "maybe-live-out"]);
    assert_eq!(m.allocations[2].values[1].name, "b{}");
    assert!(m.allocations[2].values[1].phi);
    let bytes: Vec<u64> = m.steps.iter().map(|s| s.bytes).collect();
    // p 64 throughout; a 1-2; b 2-3; c 3-4; tuple 3-4.
    assert_eq!(bytes, [64, 128, 160, 124, 92]);
    assert_eq!(m.peak.as_ref().map(|p| (p.step, p.bytes)), Some((2, 160)));
    let xp = m.xla_peak.as_ref().unwrap();
    assert_eq!((xp.step, xp.bytes, xp.live_bytes), (2, 160, Some(160)));
    assert_eq!(m.totals.arguments, 64);
    assert_eq!(m.totals.outputs, 88);
    assert_eq!(m.totals.aliased, 64);
    assert_eq!(m.totals.temp, 96);
    // a (0..64) and b (64..96) at step 2.
    let f = m.allocations[2].fragmentation.as_ref().unwrap();
    assert_eq!((f.most_live, f.unused), (96, 0));
}

#[test]
fn bad_lines_are_named_and_the_rest_is_kept() {
    let ba = BA.replace(
        " value: <2 a @0> (size=64,offset=0)",
        " value: <2 a @0> (size=6x4,offset=0)",
    );
    let lr = LR.replace("    b{}:2-3", "    b{}:3-2");
    let t = two(&ba, &lr);
    let m = &t.modules[0];
    let lines: Vec<(String, usize)> = m
        .problems
        .iter()
        .map(|p| (p.file.clone(), p.line))
        .collect();
    assert!(
        lines.contains(&(
            "module_0001.jit_f.cpu_after_optimizations-buffer-assignment.txt".into(),
            7
        )),
        "{:?}",
        m.problems
    );
    assert!(
        lines.contains(&(
            "module_0001.jit_f.cpu_after_optimizations-live-range.txt".into(),
            10
        )),
        "{:?}",
        m.problems
    );
    // `a` lost its value line: counted as 0 bytes, said so; c is still read.
    assert!(m.values.iter().any(|v| v.name == "c{}" && v.bytes == 4));
}

#[test]
fn hostile_and_truncated_texts_never_panic() {
    let cut = &LR[..LR.len() / 2];
    let t = two(&BA[..BA.len() / 3], cut);
    assert!(!t.modules[0].problems.is_empty());
    for text in ["", "\n", "HloLiveRange (max 99999999999999999999):\n", "HloLiveRange (max 3):\n  BufferLiveRange:\n    x:0-18446744073709551615\n",
        "allocation 1: size 18446744073709551615, preallocated-temp:\n value: <1 <script>\"x{} @0> (size=18446744073709551615,offset=18446744073709551615): f32[2]{0}\n",
        "allocation 9: size 5, parameter 3, shape |f32[1, at ShapeIndex {:\n"] {
        let t = two(text, text);
        let _ = serde_json::to_string(&t).unwrap();
    }
}

#[test]
fn a_live_range_file_alone_says_what_is_missing() {
    let t = read(&[Input {
        name: "module_0002.g.tpu_after_optimizations-live-range.txt",
        text: LR,
    }]);
    let m = &t.modules[0];
    assert!(
        m.problems
            .iter()
            .any(|p| p.message.contains("without its buffer assignment")),
        "{:?}",
        m.problems
    );
    assert_eq!(m.values.len(), 5);
    let t = read(&[Input {
        name: "notes.txt",
        text: "x",
    }]);
    assert!(t.modules.is_empty() && t.problems[0].message.contains("not an XLA dump file"));
}

#[test]
fn padded_sizes_are_padded_and_unpadded_bytes_are_the_shapes() {
    // A TPU value: f32[3,5] tiled (8,128) takes 8*128*4 bytes.
    let ba = "allocation 0: size 4096, preallocated-temp:\n value: <1 a @0> (size=4096,offset=0): f32[3,5]{1,0:T(8,128)}\n";
    let lr =
        "HloLiveRange (max 1):\n  InstructionSequence:\n    0:a\n  BufferLiveRange:\n    a{}:0-0\n";
    let m = &two(ba, lr).modules[0];
    assert_eq!((m.steps[0].bytes, m.steps[0].unpadded), (4096, 60));
    // size= below the shape's own bytes is named.
    let ba = ba.replace("size=4096", "size=8");
    let m = &two(&ba, lr).modules[0];
    assert!(
        m.problems
            .iter()
            .any(|p| p.message.contains("less than the 60 bytes")),
        "{:?}",
        m.problems
    );
}

#[test]
fn file_names_as_xla_writes_them() {
    use super::{file_kind, module_prefix, FileKind};
    let n = "1733.module_0042.jit_step.tpu_after_optimizations-live-range.txt";
    assert_eq!(module_prefix(n), Some("module_0042.jit_step"));
    assert_eq!(file_kind(n), Some(FileKind::LiveRange));
    assert_eq!(
        module_prefix("module_0007.cpu_after_optimizations.txt"),
        Some("module_0007")
    );
    assert_eq!(
        file_kind("module_0007.f.cpu_after_optimizations-buffer-assignment-values.txt"),
        None
    );
    assert_eq!(module_prefix("jit_f.cpu_after_optimizations.txt"), None);
}

#[test]
fn host_memory_allocations_count_apart() {
    let ba = "allocation 0: size 64, parameter 0, shape |f32[16]| at ShapeIndex {}:\n value: <1 p @0> (size=64,offset=0): f32[16]{0:S(5)}\nallocation 1: size 32, preallocated-temp:\n value: <2 a @0> (size=32,offset=0): f32[8]{0}\n";
    let m = &two(ba, "HloLiveRange (max 0):\n").modules[0];
    assert_eq!(
        (m.totals.arguments, m.totals.host_arguments, m.totals.temp),
        (0, 64, 32)
    );
}

#[test]
fn op_names_keep_their_escapes_and_sources_resolve_frames() {
    let module = "HloModule m, num_partitions=4\n\nFileNames\n1 \"a/b.py\"\n\nFileLocations\n1 {file_name_id=1 function_name_id=1 line=7 end_line=7 column=1 end_column=1}\n\nStackFrames\n1 {file_location_id=1 parent_frame_id=1}\n\nENTRY e {\n  %p = f32[4,4]{1,0} parameter(0), sharding={devices=[4,1]<=[4]}, metadata={op_name=\"x\\n\\\"<b>\" stack_frame_id=1}\n}\n";
    let t = read(&[
        Input {
            name: "module_0001.jit_f.cpu_after_optimizations-buffer-assignment.txt",
            text: BA,
        },
        Input {
            name: "module_0001.jit_f.cpu_after_optimizations-live-range.txt",
            text: LR,
        },
        Input {
            name: "module_0001.jit_f.cpu_after_optimizations.txt",
            text: module,
        },
    ]);
    let m = &t.modules[0];
    assert_eq!(m.partitions, Some(4));
    let p = m.values.iter().find(|v| v.name == "p{}").unwrap();
    assert_eq!(p.op_name.as_deref(), Some("x\\n\"<b>"));
    assert_eq!(p.source.as_deref(), Some("a/b.py:7"));
    let a = &m.allocations[0];
    assert_eq!(a.sharding.as_deref(), Some("{devices=[4,1]<=[4]}"));
    assert_eq!(
        a.shard.as_ref().map(|s| s.global_dims.clone()),
        Some(vec![16, 4])
    );
}

#[test]
fn files_of_two_backends_for_one_module_are_named() {
    let t = read(&[
        Input {
            name: "module_0001.jit_f.cpu_after_optimizations-buffer-assignment.txt",
            text: BA,
        },
        Input {
            name: "module_0001.jit_f.tpu_after_optimizations-live-range.txt",
            text: LR,
        },
    ]);
    let m = &t.modules[0];
    assert!(
        m.problems
            .iter()
            .any(|p| p.message.contains("backend `tpu`")),
        "{:?}",
        m.problems
    );
    // Still read.
    assert_eq!(m.peak.as_ref().map(|p| p.bytes), Some(160));
}
