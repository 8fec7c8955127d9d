//! Which pasted texts are held as a document rather than put in the
//! shape box, and what kind of document a held text is. Plain Rust, tested
//! natively (`document_tests.rs`).

use crate::core::hlo::Role;

/// Pastes longer than this (bytes of UTF-8) are held as a document and
/// never enter the native text box. Issue 15 measured a plain `<textarea>`
/// taking 2.9 s for 5 MB (about 0.6 ms per KB of layout); 100 KB keeps the
/// native box under ~60 ms while anything a person types stays in the box.
pub const DOCUMENT_THRESHOLD: usize = 100 * 1024;

/// What kind of text the document is, from what the scan found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A memory report (it has allocations).
    Report,
    /// An HLO module (computation signatures or entry layout).
    Module,
    /// A StableHLO / MHLO module (`lower().as_text()`): functions'
    /// signatures in MLIR text.
    MlirModule,
    /// Instructions without a module around them.
    Instructions,
    /// Anything else.
    Text,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Report => "memory report",
            Kind::Module => "HLO module",
            Kind::MlirModule => "MLIR module",
            Kind::Instructions => "HLO instructions",
            Kind::Text => "text",
        }
    }
}

/// Whether a paste of this text is too large for the native box.
pub fn is_large(text: &str) -> bool {
    text.len() > DOCUMENT_THRESHOLD
}

/// Whether a paste is held as a document (with the table of its shapes):
/// when it is large, or when it holds more than one statement (a module,
/// a report, several instructions). One shape or one instruction, even
/// over several lines, stays in the box.
///
/// An MLIR text turns the app's MLIR reader on first
/// ([`super::breakdown_mlir::enable_for`]): in the browser the scan below
/// reads MLIR only once it is on, and would find no statement in a
/// module pasted before anything else had turned it on.
pub fn should_hold(text: &str) -> bool {
    super::breakdown_mlir::enable_for(text);
    if is_large(text) {
        return true;
    }
    if !text.contains('\n') {
        return false;
    }
    let statements = crate::core::hlo::scan(text)
        .iter()
        .filter(|f| !matches!(f.role, Role::Operand | Role::Text))
        .count();
    statements > 1
}
