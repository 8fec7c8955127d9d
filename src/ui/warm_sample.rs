//! The made-up text the web app scans once before the first paste, so that
//! V8 has optimised the scanner by then (`web/warm.rs`). Plain Rust: the
//! test below checks that it takes the paths a pasted module or report
//! takes.

/// An HLO module header, instructions with operands written with shapes,
/// metadata, a backend config, a tuple result and a memory-report
/// allocation.
pub const WARM_SAMPLE: &str = r#"HloModule warm, entry_computation_layout={(f32[128,256]{1,0:T(8,128)}, s32[]{:T(256)})->(f32[128,256]{1,0:T(8,128)}, s32[])}
  %param_1.2 = bf16[256]{0:T(512)(128)(2,1)} parameter(1), sharding={devices=[2,1]0,1}
  %convert.3 = f32[256]{0:T(256)} convert(bf16[256]{0:T(512)(128)(2,1)} %param_1.2), metadata={op_type="convert" op_name="jit(f)/convert[new_dtype=float32]" source_file="/home/u/train.py" source_line=12}
  ROOT %tuple.9 = (f32[128,256]{1,0:T(8,128)}, s32[]) tuple(%add.5, %c.1), backend_config={"flag":{"a":[1,2]}}
  %fusion.3 = bf16[32,32,4096]{2,1,0:T(8,128)(2,1)S(1)} fusion(bf16[32,32,8192]{2,1,0:T(8,128)(2,1)S(1)} %fusion.32), kind=kCustom, calls=%all-reduce-scatter.3

  Largest program allocations in hbm:

  1. Size: 16.00M
     Shape: f32[4096,8,3]{2,1,0:T(8,128)}
     Unpadded size: 384.0K
     XLA label: %copy.17 = f32[4096,8,3]{2,1,0:T(8,128)} copy(f32[4096,8,3]{0,2,1:T(8,128)} %param.3)
     Allocation type: HLO temp
     ==========================
"#;

#[cfg(test)]
mod tests {
    use super::WARM_SAMPLE;
    use crate::core::hlo::{scan, Role};

    #[test]
    fn the_sample_takes_the_paths_a_paste_takes() {
        let found = scan(&WARM_SAMPLE.repeat(3));
        for role in [
            Role::EntryParameter,
            Role::EntryResult,
            Role::Result,
            Role::Operand,
            Role::Allocation,
        ] {
            assert!(found.iter().any(|f| f.role == role), "{role:?}");
        }
        assert!(found.iter().all(|f| f.facts.canonical.is_some()));
        assert!(found.len() >= 3 * 9, "{}", found.len());
    }
}
