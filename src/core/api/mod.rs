//! The outward API: everything about one array leaf at once
//! ([`Analysis`](analysis::Analysis): layout, mapping, sizes, errors located
//! in the text) and its serialisable summary
//! ([`Summary`](summary::Summary), the CLI's `info --json`), what the app,
//! the CLI and the Python package call.

pub mod analysis;
pub mod summary;
