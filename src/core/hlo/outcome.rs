//! How far a scan has got and how it ended, with what the front ends say
//! when it found nothing or could not read the text.

/// What to paste when nothing was found.
pub const NOTHING_FOUND_HINT: &str = "no shape found. Paste a shape such as `f32[8,128]{1,0:T(8,128)}`, an HLO instruction (`%add.1 = f32[8]{0} add(f32[8]{0} %a, f32[8]{0} %b)`), a whole HLO module (from `--xla_dump_to`), or the memory report of an out-of-memory error (`1. Size: 16.00M ... Shape: f32[4096,8,3]{2,1,0:T(8,128)}`)";

/// What to do with a text longer than [`super::MAX_SCAN_LEN`] bytes, the most
/// one scan reads (the CLI and Python say it after their own first words).
pub const TOO_LONG_HINT: &str =
    "the most one scan reads is 4 GiB less 2 bytes; split the text, for example at its computations";

/// How far a scan has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Bytes of the text scanned so far.
    pub scanned: usize,
    /// The text's length in bytes.
    pub total: usize,
    /// Shapes found so far.
    pub found: usize,
    /// The whole text has been scanned.
    pub done: bool,
}

/// The outcome of a finished scan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// This many shapes were found (some perhaps invalid).
    Found(usize),
    /// Nothing that looks like a shape: the hint says what can be pasted.
    NothingFound { hint: &'static str },
    /// The text is longer than [`super::MAX_SCAN_LEN`] bytes: nothing was read.
    TooLong { len: usize, max: usize },
}
