//! The one-call and iterator forms of the scanner.

use super::found::Found;
use super::scanner::Scanner;

/// Every shape in `text`, in order.
pub fn scan(text: &str) -> Vec<Found> {
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
