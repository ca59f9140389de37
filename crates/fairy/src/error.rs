//! What reading a variants file reports: each problem with the file, the
//! line, the section and the key it is about.

use core::fmt;

/// Whether a diagnostic stops the file from being read cleanly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The file is wrong: [`crate::Variants::read`] returns an error.
    Error,
    /// Read, but worth changing (a deprecated key).
    Warning,
}

/// What is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// No such key; the nearest known key, if one is close.
    UnknownKey {
        /// The nearest known key.
        hint: Option<String>,
    },
    /// The value does not read as the key's type.
    BadValue {
        /// The value as written.
        value: String,
        /// The key's type (`bool`, `Bitboard`, …).
        expected: &'static str,
        /// Why.
        message: String,
    },
    /// The parent is neither a built-in game nor an earlier section.
    MissingParent {
        /// The parent named.
        parent: String,
        /// The nearest known name.
        hint: Option<String>,
    },
    /// The parent is a section later in the file; a parent must come first.
    ParentLater {
        /// The parent named.
        parent: String,
        /// Its line.
        line: u32,
    },
    /// The parent is a section of this file that could not be defined.
    ParentFailed {
        /// The parent named.
        parent: String,
        /// Its line.
        line: u32,
    },
    /// Sections that inherit from each other in a circle.
    Cycle {
        /// The names around the circle, back to the first.
        chain: Vec<String>,
    },
    /// A second section of an existing name.
    DuplicateSection {
        /// Where the first one is (`None`: a built-in game).
        first: Option<(String, u32)>,
    },
    /// A key given twice in one section: a warning, as Fairy-Stockfish
    /// reads such a file, with the later value.
    DuplicateKey {
        /// The line of the first.
        first_line: u32,
    },
    /// A line that is not a section header, a comment or `key = value`.
    Syntax {
        /// Why.
        message: String,
    },
    /// A key Fairy-Stockfish still reads but no longer documents.
    Deprecated {
        /// What to write instead.
        instead: &'static str,
    },
}

/// One problem of a variants file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// The file's name as given to the reader.
    pub source: String,
    /// The line, from 1.
    pub line: u32,
    /// The section, if the line is in one.
    pub section: Option<String>,
    /// The key, if the problem is about one.
    pub key: Option<String>,
    /// What is wrong.
    pub problem: Problem,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: ", self.source, self.line)?;
        if self.severity == Severity::Warning {
            f.write_str("warning: ")?;
        }
        if let Some(section) = &self.section {
            write!(f, "[{section}] ")?;
        }
        if let Some(key) = &self.key {
            write!(f, "{key}: ")?;
        }
        match &self.problem {
            Problem::UnknownKey { hint: Some(h) } => write!(f, "unknown key (did you mean `{h}`?)"),
            Problem::UnknownKey { hint: None } => f.write_str("unknown key"),
            Problem::BadValue { value, expected, message } => {
                write!(f, "bad value `{value}` for type {expected}: {message}")
            }
            Problem::MissingParent { parent, hint } => {
                write!(f, "no game named `{parent}` to inherit from")?;
                if let Some(h) = hint {
                    write!(f, " (did you mean `{h}`?)")?;
                }
                Ok(())
            }
            Problem::ParentLater { parent, line } => write!(
                f,
                "the parent `{parent}` is defined later, on line {line}; a parent must come before the sections that inherit from it"
            ),
            Problem::ParentFailed { parent, line } => {
                write!(f, "the parent `{parent}` (line {line}) could not be defined")
            }
            Problem::Cycle { chain } => write!(f, "inheritance cycle: {}", chain.join(" -> ")),
            Problem::DuplicateSection { first: Some((source, line)) } => {
                write!(f, "a game of this name is already defined at {source}:{line}")
            }
            Problem::DuplicateSection { first: None } => {
                f.write_str("a built-in game has this name; inherit from it under another name")
            }
            Problem::DuplicateKey { first_line } => {
                write!(f, "given twice in the section (first on line {first_line}); the later value is used")
            }
            Problem::Syntax { message } => f.write_str(message),
            Problem::Deprecated { instead } => write!(f, "deprecated key; write {instead}"),
        }
    }
}

/// A variants file that did not read cleanly: every error, and the
/// warnings beside them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.render())]
pub struct ReadError {
    /// Every diagnostic, errors and warnings, in file order.
    pub diagnostics: Vec<Diagnostic>,
}

impl ReadError {
    /// The errors only.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| d.severity == Severity::Error)
    }

    /// One line per diagnostic.
    pub fn render(&self) -> String {
        self.diagnostics.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")
    }
}
