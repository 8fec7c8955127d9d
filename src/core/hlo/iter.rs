//! The one-call and iterator forms of the scanner.

use super::finds::Finds;
#[cfg(not(target_arch = "wasm32"))]
use super::scanner::parallel::{scan_on_threads, MIN_PIECE};
use super::scanner::Scanner;

/// Every shape in `text`, in order.
///
/// Natively, a text of several megabytes is scanned on every core the
/// machine has, in pieces cut where computations open; the finds are the
/// same as on one thread (see `parallel.rs`).
pub fn scan(text: &str) -> Finds {
    #[cfg(not(target_arch = "wasm32"))]
    if text.len() >= 4 * MIN_PIECE {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        return scan_on_threads(text, threads, MIN_PIECE);
    }
    scan_one_thread(text)
}

/// Every shape in `text`, in order, on this thread.
pub(crate) fn scan_one_thread(text: &str) -> Finds {
    // One pass into one vector: collecting from chunks moved every find
    // twice and grew two vectors.
    let mut scanner = Scanner::new();
    scanner.scan_some(text, usize::MAX);
    scanner.take_found()
}

/// The shapes of a text, found a chunk at a time as they are asked for:
/// each item is the next chunk's [`Finds`] (never empty), with its own
/// tables.
pub struct ScanChunks<'a> {
    text: &'a str,
    scanner: Scanner,
}

impl<'a> ScanChunks<'a> {
    /// Bytes scanned per step.
    const CHUNK: usize = 1 << 20;

    pub fn new(text: &'a str) -> ScanChunks<'a> {
        ScanChunks {
            text,
            scanner: Scanner::new(),
        }
    }

    /// The scan's progress and outcome so far.
    pub fn scanner(&self) -> &Scanner {
        &self.scanner
    }
}

impl Iterator for ScanChunks<'_> {
    type Item = Finds;

    fn next(&mut self) -> Option<Finds> {
        loop {
            if self.scanner.progress().done {
                return None;
            }
            self.scanner.scan_some(self.text, Self::CHUNK);
            let finds = self.scanner.take_found();
            if !finds.is_empty() {
                return Some(finds);
            }
        }
    }
}
