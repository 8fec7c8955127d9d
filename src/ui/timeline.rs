//! The app's timeline view in plain Rust (tested natively): the dump files
//! the page holds (opened, dropped or pasted), what the chart draws of a
//! module, and the sentences beside it. The components are in
//! `web/timeline.rs` and `web/timeline_view.rs`; docs/timeline.md, "In the
//! app".

use std::rc::Rc;

use crate::core::dump::{self, FileKind, Module, Timeline};
use crate::core::sizes::bytes::{binary_bytes, exact_bytes};
use crate::render::timeline::min_max_columns;

/// The name a pasted text is given, by what it holds: the core groups and
/// reads files by their names (`module_NNNN.NAME.<backend>_after_optimizations`
/// + suffix), and a pasted text has none.
pub const PASTED_PREFIX: &str = "module_0000.pasted.text_after_optimizations";

/// What a pasted text is, from its first line: `BufferAssignment:`
/// (`BufferAssignment::ToString`), `HloLiveRange (max N):`
/// (`HloLiveRange::ToString`), `HloModule NAME, ...` (`HloModule::ToString`).
/// Anything else is not a dump file.
pub fn pasted_kind(text: &str) -> Option<FileKind> {
    let head = text.trim_start();
    if head.starts_with("BufferAssignment:") {
        Some(FileKind::BufferAssignment)
    } else if head.starts_with("HloLiveRange (max ") {
        Some(FileKind::LiveRange)
    } else if head.starts_with("HloModule ") {
        Some(FileKind::Module)
    } else {
        None
    }
}

/// Whether a paste belongs to the timeline rather than the shape box: a
/// buffer assignment or live ranges always; a module's text only while
/// pasted dump texts wait for it (`joining`), since a module alone is
/// what the document's table reads.
#[inline(never)]
pub fn is_dump_paste(text: &str, joining: bool) -> bool {
    match pasted_kind(text) {
        Some(FileKind::BufferAssignment | FileKind::LiveRange) => true,
        Some(FileKind::Module) => joining,
        _ => false,
    }
}

fn suffix(kind: FileKind) -> &'static str {
    match kind {
        FileKind::Module => ".txt",
        FileKind::BufferAssignment => "-buffer-assignment.txt",
        FileKind::LiveRange => "-live-range.txt",
        FileKind::MemoryReport => "-memory-usage-report.txt",
    }
}

/// One file the page holds: its name and its text.
#[derive(Clone, Debug, PartialEq)]
pub struct DumpFile {
    pub name: String,
    pub text: String,
}

/// The files the view reads, and what they read as.
#[derive(Clone, Debug, Default)]
pub struct DumpSet {
    pub files: Vec<DumpFile>,
    /// Whether the files came by pasting (named by [`PASTED_PREFIX`]).
    pub pasted: bool,
    pub timeline: Rc<Timeline>,
}

impl DumpSet {
    /// The files opened or dropped together: they replace what was held.
    pub fn opened(files: Vec<DumpFile>) -> DumpSet {
        let timeline = Rc::new(read(&files));
        DumpSet {
            files,
            pasted: false,
            timeline,
        }
    }

    /// A pasted text joins the pasted ones (replacing one of its kind);
    /// after opened files it starts a new set. `None` if it is no dump text.
    pub fn with_pasted(&self, text: String) -> Option<DumpSet> {
        let kind = pasted_kind(&text)?;
        let name = format!("{PASTED_PREFIX}{}", suffix(kind));
        let mut files = if self.pasted {
            self.files.clone()
        } else {
            Vec::new()
        };
        files.retain(|f| f.name != name);
        files.push(DumpFile { name, text });
        let timeline = Rc::new(read(&files));
        Some(DumpSet {
            files,
            pasted: true,
            timeline,
        })
    }

    /// Whether a pasted module text joins this set (see [`is_dump_paste`]).
    pub fn joining(&self) -> bool {
        self.pasted && !self.files.is_empty()
    }
}

fn read(files: &[DumpFile]) -> Timeline {
    let inputs: Vec<dump::Input<'_>> = files
        .iter()
        .map(|f| dump::Input {
            name: &f.name,
            text: &f.text,
        })
        .collect();
    dump::read(&inputs)
}

/// Whether a file of this name is one the view reads (others in a folder
/// are left alone).
pub fn wanted(name: &str) -> bool {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    dump::file_kind(base).is_some() && dump::module_prefix(base).is_some()
}

/// The chart's coordinates: `columns` wide, `height` high, bytes up.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    pub columns: usize,
    pub height: f64,
    /// `points` of the padded (`size=`) and the unpadded polyline.
    pub padded: String,
    pub unpadded: String,
    /// The largest byte count of a step: the chart's top.
    pub most: u64,
    /// x of the fullest step and of XLA's stated peak where it differs.
    pub peak_x: Option<f64>,
    pub xla_peak_x: Option<f64>,
}

impl Chart {
    /// The chart of `m`'s steps: the minimum and maximum of each column
    /// (`render::timeline::min_max_columns`), never one point per step.
    pub fn of(m: &Module, columns: usize, height: f64) -> Chart {
        let columns = columns.max(1);
        let most = m.steps.iter().map(|s| s.bytes).max().unwrap_or(0).max(1);
        let line = |pick: fn(&dump::Step) -> u64| {
            let series: Vec<u64> = m.steps.iter().map(pick).collect();
            let cols = min_max_columns(&series, columns);
            let n = cols.len().max(1) as f64;
            let mut s = String::new();
            for (c, (lo, hi)) in cols.iter().enumerate() {
                let x = columns as f64 * (c as f64 + 0.5) / n;
                for b in if lo == hi { vec![*hi] } else { vec![*hi, *lo] } {
                    let y = height * (1.0 - b as f64 / most as f64);
                    s.push_str(&format!("{x:.1},{y:.1} "));
                }
            }
            s.trim_end().to_owned()
        };
        let peak_step = m.peak.as_ref().map(|p| p.step);
        Chart {
            columns,
            height,
            padded: line(|s| s.bytes),
            unpadded: line(|s| s.unpadded),
            most,
            peak_x: peak_step.map(|t| x_of(t, m.steps.len(), columns)),
            xla_peak_x: m
                .xla_peak
                .as_ref()
                .filter(|x| Some(x.step) != peak_step)
                .map(|x| x_of(x.step, m.steps.len(), columns)),
        }
    }
}

/// The centre of step `t`'s share of `columns`.
pub fn x_of(t: u64, steps: usize, columns: usize) -> f64 {
    columns as f64 * (t as f64 + 0.5) / steps.max(1) as f64
}

/// The step under `fraction` (0..1) of the chart's width.
pub fn step_at(fraction: f64, steps: usize) -> u64 {
    if steps == 0 || !fraction.is_finite() {
        return 0;
    }
    ((fraction.clamp(0.0, 1.0) * steps as f64).floor() as u64).min(steps as u64 - 1)
}

/// The step a key moves to from `at` (arrows one, Page keys a tenth,
/// Home and End the ends), `None` for other keys.
pub fn step_key(key: &str, at: u64, steps: usize) -> Option<u64> {
    let last = (steps as u64).saturating_sub(1);
    let page = (steps as u64 / 10).max(1);
    Some(match key {
        "ArrowRight" | "ArrowUp" => at.saturating_add(1).min(last),
        "ArrowLeft" | "ArrowDown" => at.saturating_sub(1),
        "PageUp" => at.saturating_add(page).min(last),
        "PageDown" => at.saturating_sub(page),
        "Home" => 0,
        "End" => last,
        _ => return None,
    })
}

/// `81,920 B (80.0 KiB)`.
pub fn bytes(n: u64) -> String {
    if n < 1024 {
        exact_bytes(n)
    } else {
        format!("{} ({})", exact_bytes(n), binary_bytes(n))
    }
}

/// `, per device (each of 8)` for a module that N devices run.
pub fn per_device(m: &Module) -> String {
    match m.partitions {
        Some(n) if n > 1 => format!(" per device (each of {n})"),
        _ => String::new(),
    }
}

/// `#timeline-at`'s text: the step, its instruction and where it came
/// from, the bytes live there.
pub fn at_text(m: &Module, t: u64) -> String {
    let Some(step) = usize::try_from(t).ok().and_then(|i| m.steps.get(i)) else {
        return String::new();
    };
    let what = match &step.instruction {
        Some(i) => {
            let from = m
                .values
                .iter()
                .find(|v| dump_instruction(&v.name) == i.as_str() && v.op_name.is_some())
                .map(|v| {
                    let mut s = format!(" ({}", v.op_name.as_deref().unwrap_or(""));
                    if let Some(src) = &v.source {
                        s.push_str(&format!(", {src}"));
                    }
                    s.push(')');
                    s
                })
                .unwrap_or_default();
            format!("`{i}`{from}")
        }
        None => "the computation's end".to_owned(),
    };
    format!(
        "step {t} of {}: {what}: {} live{}, {} of it data",
        m.steps.len().saturating_sub(1),
        bytes(step.bytes),
        per_device(m),
        bytes(step.unpadded)
    )
}

fn dump_instruction(name: &str) -> &str {
    name.split_once('{').map_or(name, |(i, _)| i)
}

/// The two peaks in words: the fullest step and XLA's stated moment, which
/// is said apart wherever it differs (docs/timeline.md, "Two peaks").
pub fn peaks_text(m: &Module) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(p) = &m.peak {
        out.push(format!(
            "Fullest step (red): step {}{}: {} live{}, {} of it data.",
            p.step,
            p.instruction
                .as_deref()
                .map(|i| format!(" `{i}`"))
                .unwrap_or_default(),
            bytes(p.bytes),
            per_device(m),
            bytes(p.unpadded)
        ));
    }
    match (&m.xla_peak, &m.peak) {
        (Some(x), Some(p)) if x.step == p.step => out.push(format!(
            "XLA's stated peak (live-range file, `Live ranges at {} (peak)`) is the same step.",
            x.step
        )),
        (Some(x), _) => {
            let live = x.live_bytes.map(bytes).unwrap_or_else(|| "?".into());
            let fewer = match (x.live_bytes, &m.peak) {
                (Some(l), Some(p)) if l < p.bytes => {
                    format!(", {} fewer than at the fullest step", bytes(p.bytes - l))
                }
                _ => String::new(),
            };
            out.push(format!(
                "XLA's stated peak (amber, dashed): step {}; it lists {}; {live} are live there{fewer}. XLA's sweep adds a step's new values before it frees the previous step's and sizes a tuple's element by its whole tuple (HloLiveRange::ComputePeakMemoryMoment), so its moment is not always the fullest step.",
                x.step,
                bytes(x.bytes)
            ));
        }
        (None, _) => out.push("XLA's stated peak: not in these files.".to_owned()),
    }
    out
}

/// The totals line, as `memory_analysis()` names them.
pub fn totals_text(m: &Module) -> String {
    let t = &m.totals;
    let mut text = format!(
        "Totals{}: arguments {}, outputs {}, aliased (donated) {}, temp {}.",
        per_device(m),
        bytes(t.arguments),
        bytes(t.outputs),
        bytes(t.aliased),
        bytes(t.temp)
    );
    // The memory-usage report's totals (a disagreement with the
    // allocations is among the module's problems).
    let report: Vec<String> = m
        .memory_report
        .iter()
        .map(|s| s.describe(&bytes(s.bytes)))
        .collect();
    if !report.is_empty() {
        text.push_str(&format!(
            " XLA's memory-usage report: {}.",
            report.join(", ")
        ));
    }
    text
}

#[cfg(test)]
#[path = "timeline_tests.rs"]
mod tests;
