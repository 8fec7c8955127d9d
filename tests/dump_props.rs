//! The dump reader on broken dumps (the fuzz target `dump`'s checks, as
//! properties on stable Rust): the fixtures cut short, bytes replaced,
//! lines of other sections spliced in. Reading never panics, every
//! problem names one of the files, no step count outgrows the text, and
//! what is read stays consistent.

use proptest::prelude::*;
use xla_layout_viz::core::dump::{read, Input};

const BA: &str = include_str!(
    "fixtures/dump/jax-0.10.2/module_0002.jit_sgd.cpu_after_optimizations-buffer-assignment.txt"
);
const LR: &str = include_str!(
    "fixtures/dump/jax-0.10.2/module_0002.jit_sgd.cpu_after_optimizations-live-range.txt"
);
const OLD: &str = include_str!(
    "fixtures/dump/jax-0.4.38/module_0003.jit_sgd.cpu_after_optimizations-buffer-assignment.txt"
);

const LINES: &[&str] = &[
    "HloLiveRange (max 18446744073709551615):",
    "  BufferLiveRange:",
    "    x{}:0-18446744073709551615",
    "    x{}:5-2",
    "  Live ranges at 99999999 (peak):",
    "    y: 18446744073709551615 bytes",
    "allocation 1: size 18446744073709551615, parameter 0, shape |f32[1,2]| at ShapeIndex {}, maybe-live-out:",
    " value: <9 z{0} (phi) @0> (size=18446744073709551615,offset=18446744073709551615): f32[2]{0}",
    " value: <9 <b>&\"' @0> (size=4,offset=0): (f32[], /*index=5*/s32[])",
    "  InstructionSequence:",
    "    0:a",
    "    7:b",
    "allocation 2: size 5, color 3, thread-local, preallocated-temp:",
    "",
];

fn mutate(text: &str, cut: usize, edits: &[(usize, u8)], splices: &[(usize, usize)]) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    for &(at, which) in splices {
        let at = at % (lines.len() + 1);
        lines.insert(at, LINES[which % LINES.len()].to_owned());
    }
    let mut bytes = lines.join("\n").into_bytes();
    for &(at, b) in edits {
        if !bytes.is_empty() {
            let k = at % bytes.len();
            bytes[k] = b;
        }
    }
    let keep = if bytes.is_empty() {
        0
    } else {
        cut % (bytes.len() + 1)
    };
    bytes.truncate(keep);
    String::from_utf8_lossy(&bytes).into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]
    #[test]
    fn broken_dumps_are_read_without_panics(
        cut_a in any::<usize>(), cut_b in any::<usize>(),
        edits in proptest::collection::vec((any::<usize>(), any::<u8>()), 0..8),
        splices in proptest::collection::vec((any::<usize>(), any::<usize>()), 0..6),
        old in any::<bool>(),
    ) {
        let names = [
            "module_0001.f.cpu_after_optimizations-buffer-assignment.txt",
            "module_0001.f.cpu_after_optimizations-live-range.txt",
        ];
        let ba = mutate(if old { OLD } else { BA }, cut_a, &edits, &splices);
        let lr = if old { String::new() } else { mutate(LR, cut_b, &edits, &splices) };
        let mut inputs = vec![Input { name: names[0], text: &ba }];
        if !old {
            inputs.push(Input { name: names[1], text: &lr });
        }
        let t = read(&inputs);
        prop_assert_eq!(t.modules.len(), 1);
        let m = &t.modules[0];
        for p in &m.problems {
            prop_assert!(names.contains(&p.file.as_str()) || p.file == m.name || p.file.starts_with("allocation "), "{:?}", p);
        }
        prop_assert!(m.steps.len() <= ba.len() + lr.len() + 1);
        for v in &m.values {
            prop_assert!(v.start <= v.end && (v.end as usize) < m.steps.len());
            prop_assert!(v.unpadded <= v.bytes);
        }
        if let Some(p) = &m.peak {
            prop_assert!(m.steps.iter().all(|s| s.bytes <= p.bytes));
        }
        let _ = serde_json::to_string(&t).unwrap();
    }
}
