//! The one way searching's neighbours can fail: reading input.
//!
//! An [`InputError`] knows where it happened (the source, the puzzle's number in it, the line
//! and column) and what was expected, so a person can go straight to the fault. Which text is
//! accepted, and where each kind of error points, is [`crate::format`]'s business; this module
//! only names the faults and words their messages.

use std::fmt;

use crate::geometry::{Digit, Shape};

/// Input that could not be read as a puzzle.
///
/// ```
/// use explore::error::InputErrorKind;
/// use explore::format;
///
/// let short = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7";
/// let items = format::parse(short, "in.txt");
/// let error = items[0].as_ref().unwrap_err();
/// assert_eq!(error.kind, InputErrorKind::LineLength { found: 80, expected: 81 });
/// assert_eq!(
///     error.to_string(),
///     "in.txt: puzzle 1, line 1, column 81: line has 80 cells; expected 81"
/// );
/// ```
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
///
/// Counts in the messages come from [`crate::geometry`], so they stay right for other board
/// sizes.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum InputErrorKind {
    /// A character that is neither a digit, an empty-cell mark nor a separator.
    #[error(
        "unexpected character {found}; expected a digit 1-{last}, or . 0 - _ for an empty cell",
        last = Shown::last_digit()
    )]
    UnexpectedChar {
        /// The character, shown with escapes.
        found: Shown,
    },
    /// A byte that text never holds: NUL or another control character, or bytes that are not
    /// UTF-8. Reading stops at the first one, since the rest is almost surely not text either.
    #[error("byte {byte:#04x} is not text (binary data, or not UTF-8); reading stops here")]
    NotText {
        /// The first offending byte.
        byte: u8,
    },
    /// Input that starts with a UTF-16 byte order mark. Reading stops there.
    #[error("the input is UTF-16 text; expected UTF-8")]
    Utf16,
    /// A line longer than the reader keeps; only a comment may run past the limit.
    #[error("line is longer than {limit} bytes")]
    LineTooLong {
        /// The longest line the reader keeps, in bytes.
        limit: usize,
    },
    /// A row of a grid with the wrong number of cells.
    #[error("row has {}; expected {expected}", cells(*found))]
    RowLength {
        /// Cells found in the row.
        found: usize,
        /// Cells a row must have.
        expected: usize,
    },
    /// A row whose `|` bars do not fall between boxes.
    #[error("box has {} between bars; expected {expected}", cells(*found))]
    BoxWidth {
        /// Cells found between two bars (or a bar and an end of the row).
        found: usize,
        /// Cells a box is wide.
        expected: usize,
    },
    /// A one-line puzzle with the wrong number of cells.
    #[error("line has {}; expected {expected}", cells(*found))]
    LineLength {
        /// Cells found on the line.
        found: usize,
        /// Cells a puzzle must have.
        expected: usize,
    },
    /// A grid with too few rows, or a code literal that closes with the wrong number.
    #[error("grid has {found} {}; expected {expected}", if *found == 1 { "row" } else { "rows" })]
    RowCount {
        /// Rows found.
        found: usize,
        /// Rows a grid must have.
        expected: usize,
    },
    /// A row after a grid's last one, where a blank line, a comment or the end was expected.
    #[error("grid has more than {expected} rows")]
    ExtraRow {
        /// Rows a grid must have.
        expected: usize,
    },
    /// A closing bracket with no opening one.
    #[error("{found} closes nothing")]
    UnmatchedBracket {
        /// The closing bracket.
        found: Shown,
    },
    /// A closing bracket of the wrong kind.
    #[error("{found} does not match the opening bracket; expected {expected}")]
    MismatchedBracket {
        /// The closing bracket found.
        found: Shown,
        /// The closing bracket the open one needs.
        expected: Shown,
    },
    /// An opening bracket still open at a blank line or the end of the input.
    #[error("{found} is never closed")]
    UnclosedBracket {
        /// The opening bracket.
        found: Shown,
    },
    /// Brackets nested deeper than a grid of rows.
    #[error("{found} opens a third level of brackets; expected at most a grid of rows")]
    NestedTooDeep {
        /// The opening bracket.
        found: Shown,
    },
    /// Something other than a comment after a code literal has closed.
    #[error("unexpected {found} after the end of the puzzle")]
    AfterEnd {
        /// The character.
        found: Shown,
    },
    /// Input with no puzzle in it at all.
    #[error("no puzzle found (the input is empty or holds only comments)")]
    Empty,
    /// A second puzzle where exactly one was expected.
    #[error("a second puzzle starts here; expected exactly one")]
    ExtraPuzzle,
    /// Input that could not be read.
    #[error("cannot read: {0}")]
    Io(String),
}

impl InputErrorKind {
    /// Whether reading stops after this error: the input is not text, or cannot be read.
    pub fn ends_input(&self) -> bool {
        matches!(
            self,
            InputErrorKind::NotText { .. } | InputErrorKind::Utf16 | InputErrorKind::Io(_)
        )
    }
}

/// `n cells`, or `1 cell`.
fn cells(n: usize) -> String {
    if n == 1 {
        "1 cell".to_owned()
    } else {
        format!("{n} cells")
    }
}

/// A character as a message shows it: quoted, with control characters escaped.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Shown(pub char);

impl Shown {
    /// The character of the largest digit: `9` on a 9x9 board.
    fn last_digit() -> char {
        Shape::NINE
            .digit(Shape::NINE.side())
            .and_then(Digit::to_char)
            .unwrap_or('?')
    }
}

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}'", self.0.escape_debug())
    }
}
