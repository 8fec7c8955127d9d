//! One scan on several threads (native builds only): the text is cut at
//! lines that open a computation, each piece is scanned by its own
//! [`Scanner`], and the pieces' finds are joined in text order.
//!
//! A piece's scanner starts as a scanner reading the whole text would be
//! at that line, *if* nothing before it carries over: no statement runs
//! over the cut (a multi-line instruction, string or comment), no memory
//! report sets a memory space, and the module header is the text's first.
//! Those are checked afterwards, against the state the previous piece's
//! scanner actually ended in; a piece whose start does not match is thrown
//! away and the previous scanner reads on over it. So the finds are
//! always those of a scan on one thread, only sooner.

use super::{Scanner, SdyMeshes};
use crate::core::hlo::found::{Found, MAX_SCAN_LEN};
use crate::core::hlo::instruction::starts_instruction;
use crate::core::hlo::module::{computation_header, may_be_signature, signature};
use crate::core::hlo::scan::{line_end, skip_inline};
use crate::core::hlo::sharding::header_meshes;

/// A text shorter than this many bytes a piece is scanned on one thread:
/// a thread's start and the pieces' joining cost more than they save.
pub(crate) const MIN_PIECE: usize = 4 << 20;

/// How far past a piece's planned start a computation is looked for.
const MAX_LOOK: usize = 1 << 20;

/// Every shape in `text`, in order (the same finds as [`super::super::scan`]
/// makes on one thread), on up to `threads` threads, in pieces of at least
/// `min_piece` bytes (tests cut small texts with a small one).
pub fn scan_on_threads(text: &str, threads: usize, min_piece: usize) -> Vec<Found> {
    scan_in_pieces(text, threads, min_piece).0
}

/// [`scan_on_threads`], and how many pieces after the first were kept
/// (the others were read on by the scanner before them).
pub(crate) fn scan_in_pieces(text: &str, threads: usize, min_piece: usize) -> (Vec<Found>, usize) {
    let mut first = Scanner::new();
    first.len = text.len();
    if text.len() > MAX_SCAN_LEN {
        first.done = true;
        return (Vec::new(), 0);
    }
    let cuts = cuts(text.as_bytes(), threads, min_piece);
    if cuts.is_empty() {
        first.run(text, text.len());
        return (first.finish(), 0);
    }
    let module = first_module(text);
    let module_at = module.as_ref().map(|m| m.0);
    let ends: Vec<usize> = cuts.iter().copied().chain([text.len()]).collect();
    let pieces: Vec<Scanner> = std::thread::scope(|s| {
        let handles: Vec<_> = cuts
            .iter()
            .zip(&ends[1..])
            .map(|(&from, &to)| {
                let module = module.clone();
                s.spawn(move || {
                    let mut sc = Scanner::at(text, from, module);
                    sc.run(text, to);
                    sc
                })
            })
            .collect();
        first.run(text, cuts[0]);
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let total = pieces.iter().map(|p| p.out.len()).sum::<usize>();
    let mut out = first.take_found();
    out.reserve(total);
    let mut current = first;
    let mut kept = 0;
    for ((piece, &from), &to) in pieces.into_iter().zip(&cuts).zip(&ends[1..]) {
        if current.ends_where_starts(from, module_at) {
            current.close_report();
            current.append_found(&mut out);
            current = piece;
            kept += 1;
        } else {
            current.run(text, to);
        }
    }
    out.append(&mut current.finish());
    (out, kept)
}

impl Scanner {
    /// A scanner starting at the line `from`, where a computation opens,
    /// as one that read the text before it with only `module` for a
    /// module header.
    fn at(text: &str, from: usize, module: Option<(usize, Option<SdyMeshes>)>) -> Scanner {
        let mut sc = Scanner::new();
        sc.len = text.len();
        sc.pos = from;
        if let Some((at, meshes)) = module {
            sc.module_at = Some(at);
            sc.meshes = meshes;
        }
        sc
    }

    /// Did this scanner stop exactly at `from`, in the state a piece
    /// starting there with `module_at` for its module header starts in?
    fn ends_where_starts(&self, from: usize, module_at: Option<usize>) -> bool {
        self.pos == from
            && self.free.is_none()
            && self.space.is_none()
            && self.module_at == module_at
    }

    /// Closes the scan at the text's end and hands over every find.
    fn finish(&mut self) -> Vec<Found> {
        self.close_report();
        self.done = true;
        self.take_found()
    }
}

/// The first `HloModule` starting a line (after spaces), with the Shardy
/// meshes its header names, as the scanner reads them there.
fn first_module(text: &str) -> Option<(usize, Option<SdyMeshes>)> {
    let b = text.as_bytes();
    memchr::memmem::find_iter(b, b"HloModule")
        .find(|&at| {
            let ls = memchr::memrchr(b'\n', &b[..at]).map_or(0, |k| k + 1);
            b[ls..at].iter().all(|&c| c == b' ' || c == b'\t')
        })
        .map(|at| {
            let le = line_end(b, at, b.len());
            (at, text.get(at..le).and_then(header_meshes))
        })
}

/// Where the pieces start: for each planned start after the first, the
/// next line that opens a computation (its statement sets the
/// computation's state afresh), at least `min_piece` bytes apart.
fn cuts(b: &[u8], threads: usize, min_piece: usize) -> Vec<usize> {
    let n = threads.min(b.len() / min_piece.max(1)).max(1);
    let mut cuts: Vec<usize> = Vec::new();
    for k in 1..n {
        let planned = b.len() / n * k;
        let after = cuts.last().map_or(0, |&c| c + min_piece);
        if let Some(cut) = computation_after(b, planned.max(after)) {
            if b.len() - cut >= min_piece / 2 {
                cuts.push(cut);
            }
        }
    }
    cuts.dedup();
    cuts
}

/// The first line starting after `from` (within [`MAX_LOOK`] bytes) whose
/// statement opens a computation: [`Scanner::statement`] takes it as a
/// signature or a computation header, which reset the computation's state.
fn computation_after(b: &[u8], from: usize) -> Option<usize> {
    let end = b.len();
    let limit = end.min(from.saturating_add(MAX_LOOK));
    let mut ls = from.checked_add(memchr::memchr(b'\n', b.get(from..limit)?)?)? + 1;
    while ls < limit {
        let le = line_end(b, ls, end);
        if b[ls] != b' ' && opens_computation(b, ls, le) {
            return Some(ls);
        }
        ls = le + 1;
    }
    None
}

/// The branches [`Scanner::statement`] tries before the signature and the
/// computation header all decline the line, and one of those two takes
/// it.
fn opens_computation(b: &[u8], ls: usize, le: usize) -> bool {
    let c = skip_inline(b, ls, le);
    if c >= le || b[c..le].starts_with(b"HloModule") || starts_instruction(b, c, le) {
        return false;
    }
    (may_be_signature(b, c, le) && signature(b, c, b.len()).is_some())
        || computation_header(b, c, le).is_some()
}

#[cfg(test)]
#[path = "parallel_tests.rs"]
mod tests;
