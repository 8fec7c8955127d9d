//! User text quoted in a reason, bounded: a 5 MB name in a reason prints
//! its first characters and `...`, never 5 MB.

use std::fmt;

/// The most characters of user text a reason quotes (names, tokens).
pub const QUOTE_MAX: usize = 40;

/// `text` cut to its first `max` characters, followed by `...` when
/// anything was cut. Never slices inside a character; looks at no more than
/// `max + 1` characters, however long `text` is.
#[derive(Clone, Copy, Debug)]
pub struct Short<'a> {
    pub text: &'a str,
    pub max: usize,
}

impl<'a> Short<'a> {
    /// `text` cut to [`QUOTE_MAX`] characters.
    pub fn new(text: &'a str) -> Short<'a> {
        Short {
            text,
            max: QUOTE_MAX,
        }
    }
}

impl fmt::Display for Short<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.text.char_indices().nth(self.max) {
            Some((cut, _)) => {
                f.write_str(self.text.get(..cut).unwrap_or_default())?;
                f.write_str("...")
            }
            None => f.write_str(self.text),
        }
    }
}
