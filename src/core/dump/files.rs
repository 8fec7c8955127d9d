//! Which dump file is which. XLA names them (`DumpToFileInDirOrStdout` and
//! its callers, xla/service/dump.cc) `module_NNNN.NAME.<backend>_after_optimizations`
//! plus `.txt` (the scheduled module), `-buffer-assignment.txt`,
//! `-live-range.txt` or `-memory-usage-report.txt`.

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
    head.get(..dot).filter(|p| p.starts_with("module_"))
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
