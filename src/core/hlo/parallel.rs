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

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};

use super::{FactsCache, LineCursor, Scanner, SdyMeshes};
use crate::core::hlo::finds::Finds;
use crate::core::hlo::found::{Found, MAX_SCAN_LEN};
use crate::core::hlo::instruction::starts_instruction;
use crate::core::hlo::iter::scan_one_thread;
use crate::core::hlo::module::{computation_header, may_be_signature, signature};
use crate::core::hlo::scan::{line_end, skip_inline, starts_at};
use crate::core::hlo::sharding::header_meshes;

/// The smallest piece: a thread's start, a piece's fresh caches and its
/// joining cost less than its scan.
pub(crate) const MIN_PIECE: usize = 1 << 20;

/// Pieces per thread: the threads take pieces as they finish, so one slow
/// piece does not hold the others up, and the finds of a piece are joined
/// while later pieces are still being scanned. Small pieces' finds are
/// still in the cache when joined: 16 a thread made a pass of the bench's
/// module 10-15% shorter than 4 (docs/performance/native-scan.md).
const PIECES_PER_THREAD: usize = 16;

/// The most finds room is made for before they are found.
const MAX_ROOM: usize = 1 << 20;

/// How far past a piece's planned start a computation is looked for.
const MAX_LOOK: usize = 1 << 20;

/// The most threads and the most pieces one scan is cut into, whatever
/// is asked.
const MAX_THREADS: usize = 256;
const MAX_PIECES: usize = 4096;

/// Every shape in `text`, in order (the same finds as [`super::super::scan`]
/// makes on one thread), on up to `threads` threads, in pieces of at least
/// `min_piece` bytes (tests cut small texts with a small one).
pub fn scan_on_threads(text: &str, threads: usize, min_piece: usize) -> Finds {
    scan_in_pieces(text, threads, min_piece).0
}

/// A scanned piece, by its number.
type Piece = (usize, Scanner);

/// [`scan_on_threads`], and how many pieces after the first were kept
/// (the others were read on by the scanner before them).
pub(crate) fn scan_in_pieces(text: &str, threads: usize, min_piece: usize) -> (Finds, usize) {
    let threads = threads.min(MAX_THREADS);
    // MLIR is read in one piece: its meshes are declared once, at the top.
    let one = threads < 2 || crate::core::mlir::looks_like_mlir(text);
    let cuts = if one || text.len() > MAX_SCAN_LEN {
        Vec::new()
    } else {
        cuts(text.as_bytes(), threads * PIECES_PER_THREAD, min_piece)
    };
    if cuts.is_empty() {
        return (scan_one_thread(text), 0);
    }
    let starts: Vec<usize> = [0].into_iter().chain(cuts.iter().copied()).collect();
    let ends: Vec<usize> = cuts.iter().copied().chain([text.len()]).collect();
    let module = first_module(text, cuts[0]);
    let next = AtomicUsize::new(1);
    let spare = Spare::default();
    let (tx, rx) = mpsc::channel::<Piece>();
    std::thread::scope(|s| {
        for _ in 1..threads.min(starts.len()) {
            let (tx, next, module) = (tx.clone(), &next, module.clone());
            let (starts, ends, spare) = (&starts, &ends, &spare);
            s.spawn(move || {
                let mut cache = FactsCache::default();
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= starts.len() {
                        return;
                    }
                    let range = (starts[k], ends[k]);
                    let sc = Scanner::piece(text, range, &module, &mut cache, spare);
                    if tx.send((k, sc)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let mut first = Scanner::new();
        first.len = text.len();
        // Room for the finds at once, guessed at one in 64 bytes and at
        // most MAX_ROOM (address space only, until written): the joins
        // then do not move the finds already joined.
        first.out.found = Vec::with_capacity((text.len() / 64).min(MAX_ROOM));
        first.run(text, ends[0]);
        let out = first.take_found();
        // This thread's later pieces start with the shapes the first one
        // met (the first's scanner builds a cache again only if it has to
        // read on over a piece).
        let mut cache = std::mem::take(&mut first.cache);
        let mut join = Join {
            text,
            spare: &spare,
            module_at: module.as_ref().map(|m| m.0),
            out,
            current: first,
            base: 0,
            kept: 0,
        };
        let mut ready: Vec<Option<Scanner>> = starts.iter().map(|_| None).collect();
        let mut k = 1;
        while k < starts.len() {
            for (j, sc) in rx.try_iter() {
                ready[j] = Some(sc);
            }
            if let Some(piece) = ready[k].take() {
                join.piece(piece, starts[k], ends[k]);
                k += 1;
                continue;
            }
            // Nothing to join yet: scan a piece here, or wait for one.
            let j = next.fetch_add(1, Ordering::Relaxed);
            if j < starts.len() {
                let range = (starts[j], ends[j]);
                ready[j] = Some(Scanner::piece(text, range, &module, &mut cache, &spare));
                continue;
            }
            match rx.recv() {
                Ok((j, sc)) => ready[j] = Some(sc),
                // Every thread has ended without it: read on over it here.
                Err(_) => {
                    join.current.run(text, ends[k]);
                    k += 1;
                }
            }
        }
        join.finish()
    })
}

/// The finds of the pieces, joined in text order.
struct Join<'t> {
    text: &'t str,
    spare: &'t Spare,
    module_at: Option<usize>,
    out: Finds,
    /// The scanner of the last piece kept (its lines counted from the
    /// piece's start, `base` lines into the text).
    current: Scanner,
    base: usize,
    kept: usize,
}

impl Join<'_> {
    /// The piece from `from` to `to`: kept if the scanner before it stopped
    /// where and as it started; else that scanner reads on over it.
    fn piece(&mut self, piece: Scanner, from: usize, to: usize) {
        if !self.current.ends_where_starts(from, self.module_at) {
            self.current.run(self.text, to);
            return;
        }
        self.current.close_report();
        self.take();
        let (line, _) = self.current.lines.locate(self.text.as_bytes(), from);
        self.base += line - 1;
        let done = std::mem::replace(&mut self.current, piece);
        self.spare.put(done.out.found);
        self.kept += 1;
    }

    /// The current scanner's finds, moved to their lines in the text and
    /// to their facts' numbers in the joined tables.
    fn take(&mut self) {
        self.out.append_lines_down(&mut self.current.out, self.base);
    }

    fn finish(mut self) -> (Finds, usize) {
        self.current.close_report();
        self.take();
        self.out.found.shrink_to_fit();
        (self.out, self.kept)
    }
}

/// Emptied find buffers, for the next pieces to write into: memory
/// already written once is not faulted in again.
#[derive(Default)]
struct Spare(Mutex<Vec<Vec<Found>>>);

impl Spare {
    fn put(&self, mut v: Vec<Found>) {
        v.clear();
        if let Ok(mut all) = self.0.lock() {
            all.push(v);
        }
    }

    fn take(&self) -> Vec<Found> {
        self.0
            .lock()
            .ok()
            .and_then(|mut all| all.pop())
            .unwrap_or_default()
    }
}

impl Scanner {
    /// The piece from the line `from`, where a computation opens, to `to`,
    /// scanned as by a scanner that read the text before it with only
    /// `module` for a module header; its lines are counted from `from`.
    fn piece(
        text: &str,
        (from, to): (usize, usize),
        module: &Option<(usize, Option<SdyMeshes>)>,
        cache: &mut FactsCache,
        spare: &Spare,
    ) -> Scanner {
        let mut sc = Scanner::new();
        sc.len = text.len();
        sc.pos = from;
        sc.lines = LineCursor::starting_at(from);
        if let Some((at, meshes)) = module {
            sc.module_at = Some(*at);
            sc.meshes = meshes.clone();
        }
        // Its finds go into its own new tables: whatever numbers the
        // cache gave the pieces before, it gives them for those tables only.
        sc.cache = std::mem::take(cache);
        sc.out.found = spare.take();
        sc.run(text, to);
        *cache = std::mem::take(&mut sc.cache);
        sc
    }

    /// Did this scanner stop exactly at `from`, in the state a piece
    /// starting there with `module_at` for its module header starts in?
    /// That includes no module header walked in vain past `from`: a
    /// piece starts knowing of none, and would follow a header there
    /// over lines that this scanner reads as one.
    fn ends_where_starts(&self, from: usize, module_at: Option<usize>) -> bool {
        self.pos == from
            && self.free.is_none()
            && self.space.is_none()
            && self.module_at == module_at
            && self.header_unclosed_to <= from
    }
}

/// The first `HloModule` starting a line (after spaces) before `before`,
/// with the Shardy meshes its header names, as the scanner reads them
/// there. (A header after it makes the pieces after that header start
/// differently from the scanner before them: they are read on over.)
fn first_module(text: &str, before: usize) -> Option<(usize, Option<SdyMeshes>)> {
    let b = text.as_bytes();
    memchr::memmem::find_iter(&b[..before], b"HloModule")
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
/// first line that opens a computation (its statement sets the
/// computation's state afresh) before the next planned start and within
/// [`MAX_LOOK`] bytes, at least `min_piece` bytes after the last cut: up
/// to `pieces` pieces (at most [`MAX_PIECES`]). Each byte is searched
/// once at most: a text with no computation costs one search over it at
/// most, and over a megabyte a piece when long.
fn cuts(b: &[u8], pieces: usize, min_piece: usize) -> Vec<usize> {
    let n = pieces
        .min(MAX_PIECES)
        .min(b.len() / min_piece.max(1))
        .max(1);
    let step = b.len() / n;
    let mut cuts: Vec<usize> = Vec::new();
    for k in 1..n {
        let after = cuts.last().map_or(0, |&c| c + min_piece);
        let from = (step * k).max(after);
        let limit = (step * (k + 1)).min(from.saturating_add(MAX_LOOK));
        if let Some(cut) = computation_between(b, from, limit) {
            if b.len() - cut >= min_piece / 2 {
                cuts.push(cut);
            }
        }
    }
    cuts
}

/// The first line starting after `from` and before `limit` whose
/// statement opens a computation: [`Scanner::statement`] takes it as a
/// signature or a computation header, which reset the computation's state.
/// Only lines ending in `{` are tried (every computation XLA prints opens
/// so), found by a vectorised search: walking every line of a text with
/// no computation, a long memory report, cost a sixth of its scan.
fn computation_between(b: &[u8], from: usize, limit: usize) -> Option<usize> {
    let hay = b.get(from..limit.min(b.len()))?;
    let first = |needle: &[u8]| {
        memchr::memmem::find_iter(hay, needle).find_map(|k| {
            let ls = from + memchr::memrchr(b'\n', &hay[..k])? + 1;
            let le = from + k + needle.len() - 1;
            (b[ls] != b' ' && opens_computation(b, ls, le)).then_some(ls)
        })
    };
    first(b"{\n").or_else(|| first(b"{\r\n"))
}

/// The branches [`Scanner::statement`] tries before the signature and the
/// computation header all decline the line, and one of those two takes
/// it.
fn opens_computation(b: &[u8], ls: usize, le: usize) -> bool {
    let c = skip_inline(b, ls, le);
    if c >= le || starts_at(b, c, le, b"HloModule") || starts_instruction(b, c, le) {
        return false;
    }
    (may_be_signature(b, c, le) && signature(b, c, b.len()).is_some())
        || computation_header(b, c, le).is_some()
}

#[cfg(test)]
#[path = "parallel_tests.rs"]
mod tests;
