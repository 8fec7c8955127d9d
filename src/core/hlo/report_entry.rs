//! Memory-report entries as the scanner reads them: an entry opens at its
//! `Size:` line, gathers its other fields, and closes (its finds coming
//! out in text order) at the next entry, a separator, or anything else
//! that is not one of its fields.

use std::sync::Arc;

use super::super::attached::{Allocation, Attached};
use super::super::found::Found;
use super::super::instruction::{head, parse_instruction_on, Lines};
use super::super::report::{Field, ReportedSize};
use super::super::role::Role;
use super::super::shape_bytes::{free_shapes, shape_end, FreeText, Strings};
use super::{Ctx, Scanner};
use crate::core::sizes::parse_printed_size;
use crate::core::span::Span;

/// An allocation whose fields are still being read.
#[derive(Debug, Default)]
pub(super) struct Pending {
    pub(super) alloc: Allocation,
    pub(super) shape: Option<Found>,
    pub(super) label: Vec<Found>,
}

impl Scanner {
    /// A report field; false if the line is better read as free text.
    pub(super) fn report_field(&mut self, text: &str, field: Field, le: usize) -> bool {
        let b = text.as_bytes();
        match field {
            Field::Header(space) => {
                self.close_report();
                self.space = Some(space);
                return true;
            }
            Field::Size(number, size) => {
                self.close_report();
                let alloc = Allocation {
                    number,
                    size: reported(text, size),
                    memory_space: self.space,
                    ..Allocation::default()
                };
                self.pending = Some(Pending {
                    alloc,
                    ..Pending::default()
                });
                return true;
            }
            Field::Separator => {
                self.close_report();
                return true;
            }
            _ => {}
        }
        let Some(mut p) = self.pending.take() else {
            return false;
        };
        let handled = match field {
            Field::Operator(v) => {
                p.alloc.operator = Some(v);
                true
            }
            Field::Unpadded(s) => {
                p.alloc.unpadded = reported(text, s);
                true
            }
            Field::Extra(s, x) => {
                p.alloc.extra = Some(s);
                p.alloc.expansion = x;
                true
            }
            Field::AllocationType(v) => {
                p.alloc.allocation_type = Some(v);
                true
            }
            Field::Shape(at) if p.shape.is_none() => match shape_end(b, at, le, true) {
                Some(e) => {
                    p.shape =
                        Some(self.make(text, Role::Allocation, Span::new(at, e), &Ctx::default()));
                    true
                }
                None => false,
            },
            Field::Label(at) => {
                p.alloc.label = Some(Span::new(at, trim_end(b, at, le)));
                let mut parts = self.parts.take().unwrap_or_default();
                if let Some(h) = head(b, at, le) {
                    parse_instruction_on(b, &h, Lines::One { line_end: le }, &mut parts);
                    self.instruction_founds(text, &parts, &mut p.label);
                } else {
                    let mut hits = Vec::new();
                    let w = FreeText::rest_of_line(at, le);
                    free_shapes(b, w, Strings::Search, |s, e| hits.push(Span::new(s, e)));
                    for s in hits {
                        let f = self.make(text, Role::Text, s, &Ctx::default());
                        p.label.push(f);
                    }
                }
                self.parts = Some(parts);
                true
            }
            _ => false,
        };
        self.pending = Some(p);
        handled
    }

    pub(super) fn close_report(&mut self) {
        let Some(p) = self.pending.take() else { return };
        let mut held = p.label;
        if let Some(mut f) = p.shape {
            let at = self.out.attach(Arc::new(Attached::Allocation(p.alloc)));
            f.attach(Some(at));
            held.push(f);
        }
        // A stable sort: held finds are nearly in order already.
        held.sort_by_key(|f| f.span().start);
        for f in held {
            self.emit(f);
        }
    }
}

fn trim_end(b: &[u8], start: usize, mut end: usize) -> usize {
    while end > start && b[end - 1].is_ascii_whitespace() {
        end -= 1;
    }
    end
}

fn reported(text: &str, span: Span) -> Option<ReportedSize> {
    let size = parse_printed_size(text.get(span.range())?).ok()?;
    Some(ReportedSize {
        span,
        low: size.min_bytes,
        high: size.max_bytes,
    })
}
