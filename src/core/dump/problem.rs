//! What could not be read: the file, the line (1-based; 0 for the file as
//! a whole) and why.

/// At most this many problems are kept per module; the last one says how
/// many more there were.
pub const MAX_PROBLEMS: usize = 100;

/// One thing that could not be read. The rest of the file was read.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Problem {
    pub file: String,
    /// 1-based; 0 when the problem is the file as a whole.
    pub line: usize,
    pub message: String,
}

impl Problem {
    pub fn new(file: &str, line: usize, message: impl Into<String>) -> Problem {
        Problem {
            file: file.to_owned(),
            line,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        }
    }
}

/// Adds a problem unless [`MAX_PROBLEMS`] are kept already; the last kept
/// one then counts the rest.
pub(crate) fn push(problems: &mut Vec<Problem>, p: Problem) {
    match problems.len() {
        n if n + 1 < MAX_PROBLEMS => problems.push(p),
        n if n + 1 == MAX_PROBLEMS => problems.push(Problem::new(
            &p.file,
            0,
            "more problems follow; only the first ones are listed (1 more)",
        )),
        _ => {
            if let Some(last) = problems.last_mut() {
                let more = last
                    .message
                    .rsplit_once('(')
                    .and_then(|(_, n)| n.split(' ').next())
                    .and_then(|n| n.parse::<u64>().ok())
                    .unwrap_or(0)
                    .saturating_add(1);
                last.message =
                    format!("more problems follow; only the first ones are listed ({more} more)");
            }
        }
    }
}

/// Cuts a line to at most 80 bytes (on a character boundary) for a
/// message, so that a 50 MB line does not make a 50 MB message.
pub(crate) fn excerpt(line: &str) -> String {
    if line.len() <= 80 {
        return line.to_owned();
    }
    let mut end = 77;
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}...", &line[..end])
}
