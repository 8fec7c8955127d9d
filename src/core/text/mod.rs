//! The text stage: shape text -> tokens -> syntax tree, the printer that
//! writes a tree back as XLA prints it, and errors that point into the
//! text.

pub mod ast;
pub mod error;
mod lexer;
pub mod parser;
mod print;
pub mod span;
