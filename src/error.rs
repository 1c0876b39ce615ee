//! The one way searching's neighbours can fail: reading input.
//!
//! An [`InputError`] knows where it happened (the source, the puzzle's number in it, the line
//! and column) and what was expected, so a person can go straight to the fault. Boards come in
//! every size, so a count the reader expected comes with its reason, a [`Because`]: the grid's
//! first row, the box shape the options asked for, or the square a one-line puzzle must be.
//! Which text is accepted, and where each kind of error points, is [`crate::format`]'s
//! business; this module only names the faults and words their messages.

use std::fmt;

use crate::geometry::Shape;
use crate::symbols::Symbols;

/// Input that could not be read as a puzzle.
///
/// ```
/// use explore::error::{Because, InputErrorKind};
/// use explore::format;
///
/// let short = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7";
/// let items = format::parse(short, "in.txt");
/// let error = items[0].as_ref().unwrap_err();
/// assert_eq!(
///     error.kind,
///     InputErrorKind::LineLength { found: 80, expected: 81, because: Because::Square }
/// );
/// assert_eq!(
///     error.to_string(),
///     "in.txt: puzzle 1, line 1, column 81: line has 80 cells; expected a square number, \
///      such as 81 for a 9x9 board"
/// );
/// ```
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{input}: puzzle {puzzle}, line {line}, column {column}: {kind}")]
pub struct InputError {
    /// Where the text came from: the name the caller gave it (the program gives a path,
    /// `<stdin>` or `<argument>`), or [`format::TEXT`](crate::format::TEXT) for
    /// [`format::parse_one`](crate::format::parse_one).
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

/// Why the reader expected the count it names in a message: the size of a puzzle is read from
/// the puzzle itself, unless the options fix its box shape.
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Because {
    /// A grid's first row sets its side: every row has as many cells, and there are as many
    /// rows.
    FirstRow,
    /// The options fixed the box shape (`--box` on the command line).
    Asked(Shape),
    /// A one-line puzzle holds a square number of cells, side by side; the count named is the
    /// nearest square.
    Square,
    /// Without a box shape in the options, the smallest board read has 4 cells in a row (4x4).
    Smallest,
    /// No board has more than [`Shape::MAX_SIDE`] cells in a row.
    Largest,
}

/// What is wrong with the input.
///
/// Counts in the messages are those of the puzzle being read: its size comes from what was
/// read of it (its first row, or its cell count) or from the options, and [`Because`] says
/// which.
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum InputErrorKind {
    /// A character that is neither a digit in the symbols being read, an empty-cell mark nor a
    /// separator.
    #[error("unexpected character {found}; expected {}", expected_symbols(*symbols))]
    UnexpectedChar {
        /// The character, shown with escapes.
        found: Shown,
        /// The symbols the line was read in.
        symbols: Symbols,
    },
    /// A digit larger than the side of the board: `Q` (26) on a 16x16 board.
    #[error("{}; {} board holds 1 to {side}", too_large(*found, *value), crate::words::sized(*side))]
    DigitTooLarge {
        /// The symbol as written, or `None` for a number.
        found: Option<Shown>,
        /// The digit it stands for.
        value: usize,
        /// The side of the board.
        side: usize,
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
    #[error("row has {}; {}", cells(*found), row_length(*expected, *because))]
    RowLength {
        /// Cells found in the row.
        found: usize,
        /// Cells a row must have (at least or at most, for [`Because::Smallest`] and
        /// [`Because::Largest`]).
        expected: usize,
        /// Why.
        because: Because,
    },
    /// A row whose `|` bars do not fall between boxes.
    #[error("box has {} between bars; expected {expected}", cells(*found))]
    BoxWidth {
        /// Cells found between two bars (or a bar and an end of the row).
        found: usize,
        /// Cells a box is wide.
        expected: usize,
    },
    /// A one-line puzzle with a number of cells that makes no board, or not the board the
    /// options ask for.
    #[error("line has {}", line_length(*found, *expected, *because))]
    LineLength {
        /// Cells found on the line.
        found: usize,
        /// Cells the puzzle should have: the box shape's, or the nearest square.
        expected: usize,
        /// Why.
        because: Because,
    },
    /// A grid with too few rows, or a code literal that closes with the wrong number.
    #[error(
        "grid has {found} {}; expected {expected}{}",
        if *found == 1 { "row" } else { "rows" },
        why_rows(*because)
    )]
    RowCount {
        /// Rows found.
        found: usize,
        /// Rows a grid must have.
        expected: usize,
        /// Why.
        because: Because,
    },
    /// A row after a grid's last one, where a blank line, a comment or the end was expected.
    #[error("grid has more than {expected} rows{}", why_rows(*because))]
    ExtraRow {
        /// Rows a grid must have.
        expected: usize,
        /// Why.
        because: Because,
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
    /// A row or line of fields that ends with its delimiter after an empty field, with the
    /// count of a whole row or puzzle: an empty last cell, or a delimiter after a lost cell
    /// (a lost inner tab, a line cut short), which the text cannot tell apart.
    #[error(
        "the line ends with {found} after an empty field, with a whole row's count or a whole \
         puzzle's only if the last field is a cell: an empty last cell, or one lost before the \
         end? Write empty cells as . or 0"
    )]
    AmbiguousEnd {
        /// The delimiter.
        found: Shown,
    },
    /// A second puzzle after a one-line puzzle on the same line, where a comment may stand.
    #[error(
        "a second puzzle starts here, on the line of another; put each puzzle on a line of its \
         own (after a puzzle, the rest of the line is a comment only if it is not a puzzle; \
         its solution, a full grid, may stand there)"
    )]
    SecondOnLine,
    /// Input with no puzzle in it at all.
    #[error("no puzzle found (the input is empty or holds only comments)")]
    Empty,
    /// A second puzzle where exactly one was expected.
    #[error("a second puzzle starts here; expected exactly one")]
    ExtraPuzzle,
    /// A shard's cubes (`# cubes: ...` after a one-line puzzle) that cannot be read.
    #[error("the cubes of a shard: {0}")]
    Cubes(String),
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

/// An I/O error in words, as messages print it: `is a directory`, `permission denied`,
/// without Rust's `(os error N)` suffix and with a lower-case first letter.
///
/// ```
/// let error = std::io::Error::from_raw_os_error(21);
/// assert!(!explore::error::in_words(&error).contains("os error"));
/// ```
pub fn in_words(error: &std::io::Error) -> String {
    let text = error.to_string();
    let mut text = match text.find(" (os error") {
        Some(end) => text[..end].to_owned(),
        None => text,
    };
    if let Some(first) = text.get_mut(..1) {
        first.make_ascii_lowercase();
    }
    text
}

/// `n cells`, or `1 cell`.
fn cells(n: usize) -> String {
    if n == 1 {
        "1 cell".to_owned()
    } else {
        format!("{n} cells")
    }
}

/// What may stand in a cell, for [`InputErrorKind::UnexpectedChar`].
fn expected_symbols(symbols: Symbols) -> &'static str {
    match symbols {
        Symbols::Alnum => {
            "a digit 1-9, a letter for 10 and up (A = 10 ... Z = 35), or . 0 - _ for an empty cell"
        }
        Symbols::Hex => "a hex digit 0-F (0 = 1 ... F = 16), or . - _ for an empty cell",
        Symbols::Numbers => {
            "a number (or a letter, A = 10 ... Z = 35), or 0 . - _ for an empty cell"
        }
    }
}

/// `'Q' stands for 26, too large`, or `37 is too large` for a number or a decimal digit.
fn too_large(found: Option<Shown>, value: usize) -> String {
    match found {
        Some(Shown(c)) if c.to_digit(10).is_some_and(|d| d as usize == value) => {
            format!("{value} is too large")
        }
        Some(symbol) => format!("{symbol} stands for {value}, too large"),
        None => format!("{value} is too large"),
    }
}

/// The board of side `side`: `9x9`.
fn board(side: usize) -> String {
    format!("{side}x{side}")
}

/// The board of side `side` after its article: `a 9x9`, `an 8x8`.
fn a_board(side: usize) -> String {
    crate::words::sized(side)
}

/// The expectation of [`InputErrorKind::RowLength`], with its reason.
fn row_length(expected: usize, because: Because) -> String {
    match because {
        Because::FirstRow => format!("expected {expected}, as in the grid's first row"),
        Because::Asked(shape) => format!(
            "expected {expected}, as box shape {}x{} makes {} board",
            shape.box_rows(),
            shape.box_cols(),
            a_board(shape.side())
        ),
        Because::Smallest => format!(
            "expected at least {expected}: the smallest board read without a box shape is {}",
            board(expected)
        ),
        Because::Largest | Because::Square => format!(
            "expected at most {expected}: the largest board is {}",
            board(expected)
        ),
    }
}

/// [`InputErrorKind::LineLength`]'s message after `line has `: the count, what was expected,
/// and why.
fn line_length(found: usize, expected: usize, because: Because) -> String {
    let found_cells = cells(found);
    match because {
        Because::Asked(shape) => {
            let makes = Shape::for_cells(found)
                .map(|made| format!(", which make {} board", a_board(made.side())))
                .unwrap_or_default();
            format!(
                "{found_cells}{makes}; box shape {}x{} makes {} board, {expected} cells",
                shape.box_rows(),
                shape.box_cols(),
                a_board(shape.side()),
            )
        }
        _ if found > Shape::MAX_SIDE * Shape::MAX_SIDE => format!(
            "{found_cells}; expected at most {expected}: the largest board is {}",
            board(Shape::MAX_SIDE)
        ),
        _ => {
            let side = (1..=Shape::MAX_SIDE)
                .find(|side| side * side >= expected)
                .unwrap_or(Shape::MAX_SIDE);
            format!(
                "{found_cells}; expected a square number, such as {expected} for {} board",
                a_board(side)
            )
        }
    }
}

/// Why a grid has the rows it must have, after [`InputErrorKind::RowCount`]'s count.
fn why_rows(because: Because) -> String {
    match because {
        Because::Asked(shape) => format!(
            ", as box shape {}x{} makes {} board",
            shape.box_rows(),
            shape.box_cols(),
            a_board(shape.side())
        ),
        _ => ", one for each cell of its first row".to_owned(),
    }
}

/// A character as a message shows it: quoted, with control characters escaped.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Shown(pub char);

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}'", self.0.escape_debug())
    }
}
