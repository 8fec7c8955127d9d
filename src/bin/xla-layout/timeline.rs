//! `timeline PATH... [--json | --svg] [--top N] [--module TEXT]`: a program's memory over its run,
//! from XLA's dump files (a dump folder, or the files themselves):
//! per module and per device, the totals, the fullest step beside XLA's
//! stated peak, and the largest buffers live there (docs/timeline.md).

use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};

use xla_layout_viz::core::dump::{file_kind, module_prefix, read, Input, Module, Timeline};
use xla_layout_viz::core::sizes::bytes::binary_bytes;
use xla_layout_viz::render::timeline::timeline_svg;

use crate::common::{Failure, Output};

/// The most text read from one file (a 192-layer training step's dump is
/// 1.8 MB; XLA's largest are tens of MB).
const MAX_FILE: u64 = 1 << 30;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// A dump folder (every module's `*after_optimizations*` files in it,
    /// grouped by their module_NNNN.NAME prefix) or dump files
    #[arg(value_name = "PATH", required = true)]
    paths: Vec<PathBuf>,
    /// Print one JSON object (docs/timeline.md, "xla-layout timeline --json")
    #[arg(long)]
    json: bool,
    /// How many of the buffers live at the peak to list
    #[arg(long, value_name = "N", default_value_t = 10)]
    top: usize,
    /// Only the modules whose name (module_NNNN.NAME) contains this text
    #[arg(long, value_name = "TEXT")]
    module: Option<String>,
    /// Print the figure as SVG: per module, the chart of bytes live per
    /// step and the heap map of its temp allocation
    #[arg(long, conflicts_with = "json")]
    svg: bool,
    /// The figure's width in pixels (with --svg)
    #[arg(long, value_name = "PX", default_value_t = 800, requires = "svg")]
    width: u32,
}

impl Args {
    pub fn run(self) -> Result<Output, Failure> {
        let mut files: Vec<(String, String)> = Vec::new();
        for p in &self.paths {
            if p.is_dir() {
                let mut names: Vec<PathBuf> = std::fs::read_dir(p)
                    .map_err(|e| cannot(p, &e))?
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|q| {
                        q.file_name()
                            .and_then(|n| n.to_str())
                            .is_some_and(|n| module_prefix(n).is_some() && file_kind(n).is_some())
                    })
                    .collect();
                if names.is_empty() {
                    return Err(Failure(format!(
                        "xla-layout timeline: {} holds no XLA dump files (module_NNNN.NAME.<backend>_after_optimizations*.txt); make them with compiler_options={{\"xla_dump_to\": DIR}} or XLA_FLAGS=--xla_dump_to=DIR",
                        p.display()
                    )));
                }
                names.sort();
                for q in names {
                    files.push((q.display().to_string(), read_text(&q)?));
                }
            } else {
                files.push((p.display().to_string(), read_text(p)?));
            }
        }
        let inputs: Vec<Input> = files
            .iter()
            .map(|(n, t)| Input { name: n, text: t })
            .collect();
        let mut timeline = read(&inputs);
        if let Some(want) = &self.module {
            let names: Vec<String> = timeline.modules.iter().map(|m| m.name.clone()).collect();
            timeline.modules.retain(|m| m.name.contains(want.as_str()));
            if timeline.modules.is_empty() {
                return Err(Failure(format!(
                    "xla-layout timeline: no module's name contains `{want}` (the modules: {})",
                    names.join(", ")
                )));
            }
        }
        if timeline.modules.is_empty() {
            let why: Vec<String> = timeline.problems.iter().map(|p| p.to_string()).collect();
            return Err(Failure(format!(
                "xla-layout timeline: no module read\n{}",
                why.join("\n")
            )));
        }
        if self.svg {
            return Ok(Output::Text(
                timeline_svg(&timeline.modules, self.width)
                    .trim_end()
                    .to_owned(),
            ));
        }
        if self.json {
            let text = serde_json::to_string(&timeline)
                .map_err(|e| Failure(format!("xla-layout timeline: {e}")))?;
            return Ok(Output::Text(text));
        }
        Ok(Output::Text(printable(&human(&timeline, self.top))))
    }
}

fn cannot(p: &Path, e: &std::io::Error) -> Failure {
    Failure(format!(
        "xla-layout timeline: cannot read {}: {e}",
        p.display()
    ))
}

fn read_text(p: &Path) -> Result<String, Failure> {
    let mut bytes = Vec::new();
    std::fs::File::open(p)
        .and_then(|f| f.take(MAX_FILE + 1).read_to_end(&mut bytes))
        .map_err(|e| cannot(p, &e))?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(Failure(format!(
            "xla-layout timeline: {} is larger than {}: not read",
            p.display(),
            binary_bytes(MAX_FILE)
        )));
    }
    Ok(match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    })
}

/// The text with every control character but its line breaks shown as
/// U+FFFD: names are data, and a terminal must not act on them (no field
/// holds a line break: the reader splits lines first).
fn printable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() && c != '\n' {
                '\u{FFFD}'
            } else {
                c
            }
        })
        .collect()
}

/// Byte counts as `114,692 B (112.0 KiB)`.
fn b(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n >= 1024 {
        format!("{out} B ({})", binary_bytes(n))
    } else {
        format!("{out} B")
    }
}

fn human(t: &Timeline, top: usize) -> String {
    let mut s = String::new();
    for p in &t.problems {
        let _ = writeln!(s, "problem: {p}");
    }
    for m in &t.modules {
        module(&mut s, m, top);
    }
    s.trim_end().to_owned()
}

fn module(s: &mut String, m: &Module, top: usize) {
    let devices = match m.partitions {
        Some(1) => "one device".to_owned(),
        Some(n) => {
            format!("each of {n} devices (num_partitions={n}): every byte count is per device")
        }
        None => "devices unknown (no module file given)".to_owned(),
    };
    let _ = writeln!(
        s,
        "{} ({}; {devices}; live ranges: {})",
        m.name,
        m.backend.as_deref().unwrap_or("backend unknown"),
        m.layout
    );
    let t = &m.totals;
    let _ = writeln!(
        s,
        "  totals per device: arguments {}, outputs {}, aliased (donated) {}, temp {}",
        b(t.arguments),
        b(t.outputs),
        b(t.aliased),
        b(t.temp)
    );
    for r in &m.memory_report {
        let _ = writeln!(s, "  memory-usage report: {}", r.describe(&b(r.bytes)));
    }
    for a in &m.allocations {
        let (Some(p), Some(sh)) = (a.parameter, &a.shard) else {
            continue;
        };
        let per_device = a.values.first().map_or("?", |v| v.shape.as_str());
        let whole: Vec<String> = sh.global_dims.iter().map(u64::to_string).collect();
        let cuts: Vec<String> = sh.cuts.iter().map(u64::to_string).collect();
        let _ = writeln!(
            s,
            "  parameter {p}: {per_device} on each device is {}[{}] cut [{}] ways{} ({})",
            per_device.split('[').next().unwrap_or(""),
            whole.join(","),
            cuts.join(","),
            if sh.copies > 1 {
                format!(", {} copies of each shard", sh.copies)
            } else {
                String::new()
            },
            a.sharding.as_deref().unwrap_or("")
        );
    }
    if let Some(p) = &m.peak {
        let _ = writeln!(
            s,
            "  fullest step: {} `{}`: {} live, {} of it data ({} padding)",
            p.step,
            p.instruction.as_deref().unwrap_or("(end)"),
            b(p.bytes),
            b(p.unpadded),
            b(p.bytes.saturating_sub(p.unpadded))
        );
    }
    if let Some(x) = &m.xla_peak {
        let instr = usize::try_from(x.step)
            .ok()
            .and_then(|k| m.steps.get(k))
            .and_then(|st| st.instruction.as_deref())
            .unwrap_or("(end)");
        let _ = write!(
            s,
            "  XLA's stated peak: step {} `{instr}`: it lists {}",
            x.step,
            b(x.bytes)
        );
        match (&m.peak, x.live_bytes) {
            (Some(p), Some(live)) if p.step != x.step => {
                let _ = writeln!(
                    s,
                    "; {} are live there, {} fewer than at the fullest step (XLA's sweep adds a step's new values before it frees the previous step's, and sizes a tuple's element by its whole tuple: HloLiveRange::ComputePeakMemoryMoment)",
                    b(live),
                    b(p.bytes.saturating_sub(live))
                );
            }
            _ => {
                let _ = writeln!(s, " (the fullest step too)");
            }
        }
    }
    // The largest temp heap (XLA makes one per module; more are counted).
    let temps: Vec<_> = m
        .allocations
        .iter()
        .filter(|a| a.kinds.iter().any(|k| k == "preallocated-temp"))
        .collect();
    if let Some(a) = temps.iter().rev().max_by_key(|a| a.size) {
        if let Some(f) = &a.fragmentation {
            let more = match temps.len() {
                1 => String::new(),
                n => format!("; {} more temp allocations", n - 1),
            };
            let _ = writeln!(
                s,
                "  temp heap (allocation {}): {}; at most {} occupied at once (step {}): {} never used then (fragmentation){more}",
                a.index,
                b(a.size),
                b(f.most_live),
                f.step,
                b(f.unused)
            );
        }
    }
    if let Some(p) = &m.peak {
        let mut live: Vec<_> = m
            .values
            .iter()
            .filter(|v| v.start <= p.step && p.step <= v.end)
            .collect();
        live.sort_by(|a, b| b.bytes.cmp(&a.bytes).then_with(|| a.name.cmp(&b.name)));
        let _ = writeln!(
            s,
            "  largest buffers live at step {} ({} of {}):",
            p.step,
            live.len().min(top),
            live.len()
        );
        for v in live.iter().take(top) {
            let place = match (v.allocation, v.offset) {
                (Some(a), Some(o)) => format!("alloc {a} @{o}"),
                _ => "no allocation".to_owned(),
            };
            let src = match (&v.op_name, &v.source) {
                (Some(o), Some(f)) => format!("{o} ({f})"),
                (Some(o), None) => o.clone(),
                (None, Some(f)) => f.clone(),
                (None, None) => String::new(),
            };
            let _ = writeln!(
                s,
                "    {:>12}  padding {:>10}  {}  {}  {}  {}",
                b(v.bytes),
                b(v.bytes.saturating_sub(v.unpadded)),
                v.shape.as_deref().unwrap_or("?"),
                v.name,
                place,
                src
            );
        }
    }
    for p in &m.problems {
        let _ = writeln!(s, "  problem: {p}");
    }
}
