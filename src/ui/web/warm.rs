//! Warming the scanner up before the first paste.
//!
//! V8 first runs a wasm function in its baseline compiler and optimises it
//! once it has run for a while. In the paste harness the first megabyte of
//! a 5 MB module scanned at 20-40 KB/ms and the rest at 80-100 KB/ms, so a
//! paste paid for the warm-up inside the 200 ms it is given (issue 7). The
//! full app scans a small made-up module once the page is idle, so that
//! the optimised scanner is ready before the user pastes; the result is
//! dropped.

use gloo::timers::callback::Timeout;

use crate::ui::document::Document;

/// How long after the app mounts the warm-up runs: after the first paint
/// and the start-up work (issue 9's first paint is about 220 ms).
const AFTER_MS: u32 = 600;
/// Tasks of the warm-up, each scanning the sample this many times: a few
/// milliseconds each in the baseline compiler.
const TASKS: u32 = 4;
const REPEAT: usize = 60;

/// An HLO instruction, an operand list with shapes, metadata, a tuple and a
/// memory-report allocation: the paths a pasted module or report takes.
const SAMPLE: &str = r#"HloModule warm, entry_computation_layout={(f32[128,256]{1,0:T(8,128)}, s32[]{:T(256)})->(f32[128,256]{1,0:T(8,128)}, s32[])}
  %param_1.2 = bf16[256]{0:T(512)(128)(2,1)} parameter(1), sharding={devices=[2,1]0,1}
  %convert.3 = f32[256]{0:T(256)} convert(bf16[256]{0:T(512)(128)(2,1)} %param_1.2), metadata={op_type="convert" op_name="jit(f)/convert[new_dtype=float32]" source_file="/home/u/train.py" source_line=12}
  ROOT %tuple.9 = (f32[128,256]{1,0:T(8,128)}, s32[]) tuple(%add.5, %c.1), backend_config={"flag":{"a":[1,2]}}
  %fusion.3 = bf16[32,32,4096]{2,1,0:T(8,128)(2,1)S(1)} fusion(bf16[32,32,8192]{2,1,0:T(8,128)(2,1)S(1)} %fusion.32), kind=kCustom, calls=%all-reduce-scatter.3
  1. Size: 16.00M
     Shape: f32[4096,8,3]{2,1,0:T(8,128)}
     Unpadded size: 384.0K
     XLA label: %copy.17 = f32[4096,8,3]{2,1,0:T(8,128)} copy(f32[4096,8,3]{0,2,1:T(8,128)} %param.3)
     Allocation type: HLO temp
"#;

/// Schedules the warm-up; dropping nothing stops it (it is short).
pub(super) fn warm_up_later() {
    Timeout::new(AFTER_MS, || task(TASKS)).forget();
}

fn task(left: u32) {
    if left == 0 {
        return;
    }
    let mut doc = Document::new(SAMPLE.repeat(REPEAT));
    doc.scan_all();
    // Each task in its own turn of the event loop: input is never kept
    // waiting behind more than one of them.
    Timeout::new(0, move || task(left - 1)).forget();
}
