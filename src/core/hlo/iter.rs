//! The one-call and iterator forms of the scanner.

use super::found::Found;
#[cfg(not(target_arch = "wasm32"))]
use super::scanner::parallel::{scan_on_threads, MIN_PIECE};
use super::scanner::Scanner;

/// Every shape in `text`, in order.
///
/// Natively, a text of several megabytes is scanned on every core the
/// machine has, in pieces cut where computations open; the finds are the
/// same as on one thread (see `parallel.rs`).
pub fn scan(text: &str) -> Vec<Found> {
    #[cfg(not(target_arch = "wasm32"))]
    if text.len() >= 4 * MIN_PIECE {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        return scan_on_threads(text, threads, MIN_PIECE);
    }
    scan_one_thread(text)
}

/// Every shape in `text`, in order, on this thread.
pub(crate) fn scan_one_thread(text: &str) -> Vec<Found> {
    // One pass into one vector: collecting from chunks moved every find
    // twice and grew two vectors.
    let mut scanner = Scanner::new();
    scanner.scan_some(text, usize::MAX);
    scanner.take_found()
}

/// The shapes of a text, found a chunk at a time as they are asked for.
pub struct ScanIter<'a> {
    text: &'a str,
    scanner: Scanner,
    buffer: std::vec::IntoIter<Found>,
}

impl<'a> ScanIter<'a> {
    /// Bytes scanned per step.
    const CHUNK: usize = 1 << 20;

    pub fn new(text: &'a str) -> ScanIter<'a> {
        ScanIter {
            text,
            scanner: Scanner::new(),
            buffer: Vec::new().into_iter(),
        }
    }

    /// The scan's progress and outcome so far.
    pub fn scanner(&self) -> &Scanner {
        &self.scanner
    }
}

impl Iterator for ScanIter<'_> {
    type Item = Found;

    fn next(&mut self) -> Option<Found> {
        loop {
            if let Some(f) = self.buffer.next() {
                return Some(f);
            }
            if self.scanner.progress().done {
                return None;
            }
            self.scanner.scan_some(self.text, Self::CHUNK);
            self.buffer = self.scanner.take_found().into_iter();
        }
    }
}
