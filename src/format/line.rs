//! What one line of text is, before any cell is read: blank, a comment, a separator rule, or
//! content; where a trailing comment starts; whether it opens a code literal with a
//! declaration; and whether it is shaped like a whole puzzle or like one row.
//!
//! The character classes live here too, so that every part of the reader agrees on what a
//! cell, a separator and a bracket are.

use std::ops::Range;

use crate::geometry::Digit;

/// The shape the reader reads (9x9 for now).
const SHAPE: crate::geometry::Shape = crate::geometry::Shape::NINE;
/// Cells in a row.
const SIZE: usize = SHAPE.side();
/// Cells on the board.
const N_CELLS: usize = SHAPE.n_cells();

use super::source::Line;

/// Characters that stand for an empty cell.
pub(crate) const EMPTY_MARKS: [char; 4] = ['.', '0', '-', '_'];

/// Characters a separator rule between bands of boxes is made of (with spaces).
const RULE_CHARS: [char; 4] = ['-', '+', '|', '='];

/// What a character means in puzzle text.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Class {
    /// A cell: a digit, or `None` for an empty-cell mark.
    Cell(Option<Digit>),
    /// Whitespace, including tabs and Unicode spaces.
    Space,
    /// `|`, between boxes.
    Bar,
    /// `,`, between cells, or between items of a code literal.
    Comma,
    /// `;` and quotes: punctuation of code that carries no meaning here.
    Quiet,
    /// An opening bracket `{`, `[` or `(`.
    Open,
    /// A closing bracket `}`, `]` or `)`.
    Close,
    /// An ASCII control character other than whitespace: a sign of binary data.
    Control,
    /// Anything else.
    Other,
}

/// The class of `c`.
pub(crate) fn class(c: char) -> Class {
    match c {
        _ if EMPTY_MARKS.contains(&c) => Class::Cell(None),
        '|' => Class::Bar,
        ',' => Class::Comma,
        ';' | '\'' | '"' => Class::Quiet,
        '{' | '[' | '(' => Class::Open,
        '}' | ']' | ')' => Class::Close,
        _ if c.is_whitespace() => Class::Space,
        _ if c.is_ascii_control() => Class::Control,
        _ => match Digit::from_char(c).filter(|d| d.get() <= SIZE) {
            Some(digit) => Class::Cell(Some(digit)),
            None => Class::Other,
        },
    }
}

/// The bracket that closes `open`.
pub(crate) fn closing(open: char) -> char {
    match open {
        '{' => '}',
        '[' => ']',
        _ => ')',
    }
}

/// Whether `c` would take a cell's place: a cell, or a character that cannot be anything else.
/// Shapes count these, so a stray letter does not change what a line looks like.
fn is_cellish(c: char) -> bool {
    matches!(class(c), Class::Cell(_) | Class::Control | Class::Other)
}

/// Whether `n` cells are nearer a whole puzzle ([`N_CELLS`]) than one row ([`SIZE`]).
pub(crate) fn is_whole(n: usize) -> bool {
    2 * n > SIZE + N_CELLS
}

/// What a line is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    /// Nothing but whitespace.
    Blank,
    /// A line whose first non-blank characters are `#` or `//`.
    Comment,
    /// A rule between bands of boxes: only `-`, `+`, `|`, `=` and spaces.
    Separator,
    /// Anything else, including a line whose text is cut (see [`super::source::Cut`]).
    Content,
}

/// What `line` is. A comment may hold any bytes; every other line must be text.
pub(crate) fn kind(line: &Line<'_>) -> Kind {
    let raw = line.bytes.trim_ascii_start();
    let text = line.text.trim();
    if raw.starts_with(b"#") || raw.starts_with(b"//") || is_comment(text) {
        Kind::Comment
    } else if line.cut.is_some() {
        Kind::Content
    } else if text.is_empty() {
        Kind::Blank
    } else if text.chars().all(|c| c == ' ' || RULE_CHARS.contains(&c)) && !is_dash_row(text) {
        Kind::Separator
    } else {
        Kind::Content
    }
}

/// Whether a line of rule characters is really a row of empty cells written with `-`: exactly
/// [`SIZE`] dashes, each standing alone between spaces or bars (`| -  -  - | -  -  - | ...`).
/// A rule has runs of dashes, or `+` or `=`.
fn is_dash_row(text: &str) -> bool {
    let bytes = text.as_bytes();
    let apart = |j: Option<usize>| {
        j.and_then(|j| bytes.get(j))
            .is_none_or(|&b| b == b' ' || b == b'|')
    };
    let alone = |i: usize| apart(i.checked_sub(1)) && apart(Some(i + 1));
    let mut dashes = bytes.iter().enumerate().filter(|&(_, &b)| b == b'-');
    let n_dashes = dashes.clone().count();
    !text.contains(['+', '=']) && n_dashes == SIZE && dashes.all(|(i, _)| alone(i))
}

fn is_comment(text: &str) -> bool {
    text.starts_with('#') || text.starts_with("//")
}

/// Where the content of `text` ends: at a `#` or `//` starting a trailing comment, else at the
/// end.
pub(crate) fn content_end(text: &str) -> usize {
    let hash = text.find('#').unwrap_or(text.len());
    let slashes = text.find("//").unwrap_or(text.len());
    hash.min(slashes)
}

/// If `text` declares a code literal (`int[][] grid = {`, `matrix = [`, `s = "53..."`), the
/// byte offset just after the `=`: the declaration is not read, only what follows it. A
/// declaration starts like a name, and after its `=` comes a bracket, a quote, or nothing
/// (the bracket opens the next line).
pub(crate) fn declaration(text: &str) -> Option<usize> {
    let equals = text.find('=')?;
    let named = text
        .trim_start()
        .starts_with(|c: char| c.is_alphabetic() || c == '_');
    let rest = text[equals + 1..].trim_start();
    let opens = rest.is_empty() || rest.starts_with(['{', '[', '(', '"', '\'']);
    (named && opens).then_some(equals + 1)
}

/// How a line that opens a puzzle is to be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Opening {
    /// The bytes of the line that hold the puzzle: after any declaration, before any comment.
    pub(crate) range: Range<usize>,
    /// The line is shaped like a whole puzzle rather than a row.
    pub(crate) whole: bool,
    /// The line declares a code literal.
    pub(crate) declared: bool,
}

/// How to read `text` when it is the first line of a puzzle.
///
/// A line whose first word holds nearly a puzzle's worth of cells is a one-line puzzle, and
/// the rest of the line is a comment (`....PUZZLE.... 2836`). Otherwise the whole content is
/// read, as a one-line puzzle if it holds nearly a puzzle's worth of cells (`5, 3, 0, ...`),
/// else as the first row of a grid.
pub(crate) fn opening(text: &str) -> Opening {
    let end = content_end(text);
    let declared = declaration(&text[..end]);
    let start = declared.unwrap_or(0);
    let word_start = start + (text[start..end].len() - text[start..end].trim_start().len());
    let word_end = text[word_start..end]
        .find(char::is_whitespace)
        .map_or(end, |n| word_start + n);
    let count = |range: Range<usize>| text[range].chars().filter(|&c| is_cellish(c)).count();
    let (range, whole) = if is_whole(count(word_start..word_end)) {
        (word_start..word_end, true)
    } else {
        (start..end, is_whole(count(start..end)))
    };
    Opening {
        range,
        whole,
        declared: declared.is_some(),
    }
}

/// Whether a content line can only start a new puzzle: it declares a code literal or holds a
/// whole puzzle. Such a line ends a grid in progress and ends skipping after an error.
pub(crate) fn is_boundary(text: &str) -> bool {
    let opening = opening(text);
    opening.declared || opening.whole
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str) -> Line<'_> {
        Line {
            number: 1,
            bytes: text.as_bytes(),
            text,
            cut: None,
        }
    }

    #[test]
    fn lines_are_sorted_by_kind() {
        assert_eq!(kind(&line(" \t ")), Kind::Blank);
        assert_eq!(kind(&line("  # note")), Kind::Comment);
        assert_eq!(kind(&line("//sudoku problem")), Kind::Comment);
        assert_eq!(kind(&line("---+---+---")), Kind::Separator);
        assert_eq!(kind(&line("+-------+ ===== |")), Kind::Separator);
        assert_eq!(
            kind(&line("-\t-\t-")),
            Kind::Content,
            "tabs make a row of empty cells"
        );
        assert_eq!(kind(&line(".6.|1.4|.5.")), Kind::Content);
        assert_eq!(kind(&line("| -  -  - | -  -  - | -  -  - ")), Kind::Content);
        assert_eq!(kind(&line("- - - - - - - - -")), Kind::Content);
        assert_eq!(kind(&line("- - - - - - - - - -")), Kind::Separator);
        assert_eq!(kind(&line("---------")), Kind::Separator);
        assert_eq!(
            kind(&line("----------|---------|----------")),
            Kind::Separator
        );
    }

    #[test]
    fn comments_may_hold_any_bytes() {
        let bytes = b"# caf\xE9";
        let cut = Line {
            number: 1,
            bytes,
            text: "# caf",
            cut: Some(super::super::source::Cut::NotUtf8(0xE9)),
        };
        assert_eq!(kind(&cut), Kind::Comment);
    }

    #[test]
    fn declarations_need_a_bracket_or_quote_after_the_equals() {
        assert_eq!(declaration("int[][] arr = {{5, 8,"), Some(13));
        assert_eq!(declaration("matrix = ["), Some(8));
        assert_eq!(declaration("int matrix[9][9] = {"), Some(18));
        assert_eq!(declaration("int grid[9][9] ="), Some(16));
        assert_eq!(declaration("a = 5"), None);
        assert_eq!(declaration("5 3 0 = ["), None);
        assert_eq!(declaration("===+==="), None);
    }

    #[test]
    fn trailing_comments_end_the_content() {
        assert_eq!(content_end("[6,5,0], # first row"), 9);
        assert_eq!(content_end("{1,2}, // note"), 7);
        assert_eq!(content_end("5 3 ."), 5);
    }

    #[test]
    fn an_opening_line_is_a_whole_puzzle_or_a_row_by_its_shape() {
        let one = format!("{} 2836", ".".repeat(N_CELLS));
        assert_eq!(
            opening(&one),
            Opening {
                range: 0..N_CELLS,
                whole: true,
                declared: false
            }
        );
        let spaced = vec!["0"; N_CELLS].join(", ");
        assert!(opening(&spaced).whole);
        assert!(!opening("5 3 . | . 7 . | . . .").whole);
        let short = ".".repeat(N_CELLS - 1);
        assert!(opening(&short).whole, "nearer a puzzle than a row");
        let declared = opening("matrix = [");
        assert!(declared.declared && !declared.whole);
        assert_eq!(declared.range, 8..10);
    }
}
