//! Any texts as a module's dump files: reading never panics, every
//! problem names one of the files, no time exceeds the text that states
//! it, and the result prints.
#![no_main]
use libfuzzer_sys::fuzz_target;
use xla_layout_viz::core::dump::{read, Input};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // Two files cut where the first byte says, and the whole as the module.
    let cut = data.first().map_or(0, |&b| b as usize * text.len() / 256);
    let mut cut = cut.min(text.len());
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    let names = [
        "module_0001.f.cpu_after_optimizations-buffer-assignment.txt",
        "module_0001.f.cpu_after_optimizations-live-range.txt",
        "module_0001.f.cpu_after_optimizations.txt",
    ];
    let inputs = [
        Input { name: names[0], text: &text[..cut] },
        Input { name: names[1], text: &text[cut..] },
        Input { name: names[2], text: &text },
    ];
    let t = read(&inputs);
    assert_eq!(t.modules.len(), 1);
    let m = &t.modules[0];
    for p in &m.problems {
        assert!(names.contains(&p.file.as_str()) || p.file == m.name, "{p:?}");
    }
    assert!(m.steps.len() <= text.len() + 1);
    for v in &m.values {
        assert!(v.start <= v.end && (v.end as usize) < m.steps.len().max(1));
    }
    let _ = format!("{t:?}");
    // The older layout: everything in the buffer assignment.
    let _ = read(&[Input { name: names[0], text: &text }]);
});
