//! The one way searching's neighbours can fail: reading input.
//!
//! An [`InputError`] knows where it happened (the source, the puzzle's number in it, the line
//! and column) and what was expected, so a person can go straight to the fault.

use std::fmt;

/// Input that could not be read as a puzzle.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{input}: puzzle {puzzle}, line {line}, column {column}: {kind}")]
pub struct InputError {
    /// Where the text came from: a path, `<stdin>`, or `<argument>`.
    pub input: String,
    /// The puzzle's position in the input, from 1, counting readable and unreadable puzzles.
    pub puzzle: usize,
    /// Line of the fault, from 1.
    pub line: usize,
    /// Column of the fault, from 1, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: InputErrorKind,
}

/// What is wrong with the input.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum InputErrorKind {
    /// A character that is neither a digit, an empty-cell mark nor a separator.
    #[error("unexpected character {found}; expected a digit 1-9, or . 0 - _ for an empty cell")]
    UnexpectedChar {
        /// The character, shown with escapes.
        found: Shown,
    },
    /// A row of a grid with the wrong number of cells.
    #[error("row has {found} cells; expected {expected}")]
    RowLength {
        /// Cells found in the row.
        found: usize,
        /// Cells a row must have.
        expected: usize,
    },
    /// A grid with the wrong number of rows.
    #[error("grid has {found} rows; expected {expected}")]
    RowCount {
        /// Rows found.
        found: usize,
        /// Rows a grid must have.
        expected: usize,
    },
    /// A one-line puzzle with the wrong number of cells.
    #[error("line has {found} cells; expected {expected}")]
    LineLength {
        /// Cells found on the line.
        found: usize,
        /// Cells a puzzle must have.
        expected: usize,
    },
    /// Input with no puzzle in it at all.
    #[error("no puzzle found (the input is empty or holds only comments)")]
    Empty,
    /// Input that is not text.
    #[error("not text: {0}")]
    NotText(String),
    /// Input that could not be read.
    #[error("cannot read: {0}")]
    Io(String),
}

/// A character as a message shows it: quoted, with control characters escaped.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Shown(pub char);

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}'", self.0.escape_debug())
    }
}
