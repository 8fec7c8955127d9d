use super::{min_max_columns, timeline_svg};
use crate::core::dump::{read, Input};

#[test]
fn columns_keep_every_extreme() {
    let v: Vec<u64> = (0..100_000).map(|k| (k * 7919) % 1000).collect();
    let c = min_max_columns(&v, 400);
    assert_eq!(c.len(), 400);
    assert_eq!(c.iter().map(|p| p.1).max(), v.iter().max().copied());
    assert_eq!(c.iter().map(|p| p.0).min(), v.iter().min().copied());
    assert_eq!(min_max_columns(&[3, 1], 400), [(3, 3), (1, 1)]);
}

#[test]
fn names_are_escaped_and_shapes_are_bounded() {
    let ba = "allocation 0: size 64, preallocated-temp:\n value: <1 a<b>&\"x @0> (size=32,offset=0): f32[8]{0}\n value: <2 c @0> (size=32,offset=32): f32[8]{0}\n";
    let mut lr = String::from("HloLiveRange (max 100000):\n  InstructionSequence:\n");
    for k in 0..100_000 {
        lr.push_str(&format!("    {k}:i{k}\n"));
    }
    lr.push_str("  BufferLiveRange:\n    a<b>&\"x{}:0-50000\n    c{}:40000-99999\n");
    let t = read(&[
        Input {
            name: "module_0001.<script>.cpu_after_optimizations-buffer-assignment.txt",
            text: ba,
        },
        Input {
            name: "module_0001.<script>.cpu_after_optimizations-live-range.txt",
            text: &lr,
        },
    ]);
    let svg = timeline_svg(&t.modules, 800);
    assert!(!svg.contains("<script>") && svg.contains("&lt;script&gt;"));
    // At most two points per pixel column per line, and at most one
    // rectangle per row run in the heap map.
    assert!(svg.matches(',').count() < 4 * 800, "{}", svg.len());
    assert!(svg.matches("class=\"used\"").count() <= 2 * 48);
    assert!(svg.len() < 200_000);
}
