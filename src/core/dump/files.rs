//! Which dump file is which. XLA names them (`FilenameFor` and
//! `DumpHloModuleImpl`, xla/service/dump.cc) `[TIMESTAMP.]module_NNNN.NAME.<backend>_after_optimizations`
//! (the NAME left out when the whole would pass 255 characters) plus
//! `.txt` (the scheduled module), `-buffer-assignment.txt`,
//! `-live-range.txt` (only with `xla_dump_buffer_assignment_analysis`, on
//! in jaxlib 0.10) or `-memory-usage-report.txt`.

const AFTER: &str = "_after_optimizations";

/// What a dump file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// `..._after_optimizations.txt`: the scheduled module.
    Module,
    /// `...-buffer-assignment.txt`.
    BufferAssignment,
    /// `...-live-range.txt` (newer XLA only).
    LiveRange,
    /// `...-memory-usage-report.txt`.
    MemoryReport,
}

/// The last component of a path (`/` or `\` separated).
pub(crate) fn base_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

/// `module_0001.jit_f.cpu_after_optimizations...` -> `module_0001.jit_f`.
pub fn module_prefix(base: &str) -> Option<&str> {
    let head = head(base)?;
    let dot = head.rfind('.')?;
    let prefix = head.get(..dot)?;
    // `xla_dump_include_timestamp` puts a timestamp and a dot first.
    let digits = prefix.bytes().take_while(u8::is_ascii_digit).count();
    let prefix = match prefix.get(digits..) {
        Some(rest) if digits > 0 && rest.starts_with('.') => &rest[1..],
        _ => prefix,
    };
    prefix.starts_with("module_").then_some(prefix)
}

/// `module_0001.jit_f.cpu_after_optimizations...` -> `cpu`.
pub(crate) fn backend(base: &str) -> Option<&str> {
    let head = head(base)?;
    let dot = head.rfind('.')?;
    head.get(dot + 1..).filter(|b| !b.is_empty())
}

fn head(base: &str) -> Option<&str> {
    let at = base.rfind(AFTER)?;
    base.get(..at)
}

/// What the file of this name holds, if it is one of the four kinds read.
pub fn file_kind(base: &str) -> Option<FileKind> {
    let at = base.rfind(AFTER)?;
    let rest = base.get(at + AFTER.len()..)?;
    match rest {
        ".txt" => Some(FileKind::Module),
        "-buffer-assignment.txt" => Some(FileKind::BufferAssignment),
        "-live-range.txt" => Some(FileKind::LiveRange),
        "-memory-usage-report.txt" => Some(FileKind::MemoryReport),
        _ => None,
    }
}
