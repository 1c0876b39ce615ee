//! What one line of text is, before any cell is read: blank, a comment, a separator rule, or
//! content; where a trailing comment starts; whether it opens a code literal with a
//! declaration; whether its cells are written as numbers; and whether it is shaped like a
//! whole puzzle or like one row.
//!
//! The character classes live here too, so that every part of the reader agrees on what a
//! cell, a separator and a bracket are in each set of [`Symbols`].

use std::ops::Range;

use crate::geometry::Shape;

use super::Symbols;
use super::source::Line;

/// The smallest side read without a box shape in the options: 4x4. Shorter rows are labels or
/// mistakes far more often than boards of 1 to 3 cells a side.
pub(crate) const MIN_SIDE: usize = 4;

/// Characters a separator rule between bands of boxes is made of (with spaces).
const RULE_CHARS: [char; 4] = ['-', '+', '|', '='];

/// What a character means in puzzle text.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Class {
    /// A cell: its digit, or 0 for an empty-cell mark.
    Cell(u8),
    /// A decimal digit of a number, when cells are written as numbers: `1` or `6` of `16`.
    Numeral(u8),
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

/// The class of `c` in text written in `symbols`.
#[inline]
pub(crate) fn class(c: char, symbols: Symbols) -> Class {
    match c {
        '.' | '-' | '_' => Class::Cell(0),
        '0'..='9' => {
            let d = c as u8 - b'0';
            match symbols {
                // `0` is the empty mark of the usual symbols, and the first digit of hex.
                Symbols::Alnum => Class::Cell(d),
                Symbols::Hex => Class::Cell(d + 1),
                Symbols::Numbers => Class::Numeral(d),
            }
        }
        'a'..='z' | 'A'..='Z' => {
            let letter = c.to_ascii_uppercase() as u8 - b'A';
            match symbols {
                // Among numbers too: a grid printed with letters up to 35 and numbers above.
                Symbols::Alnum | Symbols::Numbers => Class::Cell(letter + 10),
                Symbols::Hex if letter < 6 => Class::Cell(letter + 11),
                Symbols::Hex => Class::Other,
            }
        }
        '|' => Class::Bar,
        ',' => Class::Comma,
        ';' | '\'' | '"' => Class::Quiet,
        '{' | '[' | '(' => Class::Open,
        '}' | ']' | ')' => Class::Close,
        _ if c.is_whitespace() => Class::Space,
        _ if c.is_ascii_control() => Class::Control,
        _ => Class::Other,
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

/// What a stretch of text holds, as far as its shape goes: its cells (counting characters that
/// can be nothing but a mistake in a cell's place, so a stray character does not change what a
/// line looks like), its largest digit, and whether it has a `|`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Survey {
    pub(crate) cells: usize,
    pub(crate) max: usize,
    pub(crate) bars: bool,
}

/// Surveys `text` read in `symbols`; in [`Symbols::Numbers`] a run of decimal digits is one
/// cell.
pub(crate) fn survey(text: &str, symbols: Symbols) -> Survey {
    let mut survey = Survey::default();
    let mut number: Option<usize> = None;
    let count = |survey: &mut Survey, value: usize| {
        survey.cells += 1;
        survey.max = survey.max.max(value);
    };
    for c in text.chars() {
        let class = class(c, symbols);
        if let Class::Numeral(d) = class {
            let value = number.unwrap_or(0).saturating_mul(10);
            number = Some(value.saturating_add(d.into()));
            continue;
        }
        if let Some(value) = number.take() {
            count(&mut survey, value);
        }
        match class {
            Class::Cell(value) => count(&mut survey, value.into()),
            Class::Control | Class::Other => count(&mut survey, 0),
            Class::Bar => survey.bars = true,
            _ => {}
        }
    }
    if let Some(value) = number {
        count(&mut survey, value);
    }
    survey
}

/// The side of the board of `n` cells, if `n` is the square of a side from [`MIN_SIDE`] up
/// whose usual boxes are real boxes: at least two rows of them, so not a prime side.
fn boxed_square(n: usize) -> Option<usize> {
    let shape = Shape::for_cells(n)?;
    (shape.side() >= MIN_SIDE && shape.box_rows() >= 2).then_some(shape.side())
}

/// Whether what `survey` found is a whole puzzle rather than one row, on a board of side
/// `side` if it is known (from the options, or from the grid so far).
///
/// With the side known, it is whole if its cells are nearer a puzzle's worth than a row's.
/// Without it, a line longer than any row is whole, and so is one whose cells make a board
/// with real boxes and whose digits all fit that board: 16 cells holding only 1 to 4 are a
/// 4x4 puzzle, while 16 cells holding a 9 are the first row of a 16x16 grid. Bars mark a row.
pub(crate) fn is_whole(survey: Survey, side: Option<usize>) -> bool {
    let n = survey.cells;
    match side {
        Some(side) => 2 * n > side + side * side,
        None => {
            n > Shape::MAX_SIDE
                || (!survey.bars && boxed_square(n).is_some_and(|side| survey.max <= side))
        }
    }
}

/// The symbols to read `text` in, for an input written in `symbols`: the usual symbols are
/// read as numbers on a line that can only be numbers ([`looks_numeric`]), and on every line
/// of a puzzle once one of its lines was (`numbers`).
pub(crate) fn reading(text: &str, symbols: Symbols, side: Option<usize>, numbers: bool) -> Symbols {
    match symbols {
        Symbols::Alnum if numbers || looks_numeric(text, side) => Symbols::Numbers,
        _ => symbols,
    }
}

/// Whether `text` is cells written as separate numbers: every word between separators is a
/// number, a letter or an empty-cell mark, some number has two digits and no leading zero
/// (`16`, not `05`), and none is larger than the side, if known, or else than the count of cells (the
/// words, or the fields between tabs or commas, where empty fields are cells too).
///
/// Words of several digits are otherwise read digit by digit (`530 070 000` is a row of nine
/// cells): a row of numbers never holds a number larger than its count of cells, which digits
/// grouped by box almost always do.
pub(crate) fn looks_numeric(text: &str, side: Option<usize>) -> bool {
    let separator = |c: char| {
        c.is_whitespace()
            || matches!(
                c,
                ',' | '|' | ';' | '\'' | '"' | '{' | '[' | '(' | '}' | ']' | ')'
            )
    };
    let mut words = 0;
    let mut max = 0usize;
    let mut plural = false;
    for word in text.split(separator).filter(|word| !word.is_empty()) {
        words += 1;
        if word.bytes().all(|b| b.is_ascii_digit()) {
            let value = word.bytes().fold(0usize, |value, b| {
                value
                    .saturating_mul(10)
                    .saturating_add(usize::from(b - b'0'))
            });
            max = max.max(value);
            plural |= word.len() >= 2 && !word.starts_with('0');
        } else if word.len() == 1 && word.as_bytes()[0].is_ascii_alphabetic() {
            let letter = word.as_bytes()[0].to_ascii_uppercase();
            max = max.max(usize::from(letter - b'A') + 10);
        } else if !matches!(word, "." | "-" | "_") {
            return false;
        }
    }
    let fields = text.matches(',').count().max(text.matches('\t').count()) + 1;
    plural && max <= side.unwrap_or(words.max(fields))
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

/// What `line` is, in a grid of side `side` if that is known. A comment may hold any bytes;
/// every other line must be text.
pub(crate) fn kind(line: &Line<'_>, side: Option<usize>) -> Kind {
    let raw = line.bytes.trim_ascii_start();
    let text = line.text.trim();
    if raw.starts_with(b"#") || raw.starts_with(b"//") || is_comment(text) {
        Kind::Comment
    } else if line.cut.is_some() {
        Kind::Content
    } else if text.is_empty() {
        Kind::Blank
    } else if text.chars().all(|c| c == ' ' || RULE_CHARS.contains(&c))
        && !is_dash_row(text, side)
        && !is_dash_puzzle(text, side)
    {
        Kind::Separator
    } else {
        Kind::Content
    }
}

/// Whether a line of rule characters is really a row of empty cells written with `-`: a row's
/// worth of dashes (`side` of them, or [`MIN_SIDE`] to [`Shape::MAX_SIDE`] while the side is
/// unknown), each standing alone between spaces or bars (`| -  -  - | -  -  - | ...`). A rule
/// has runs of dashes, or `+` or `=`.
fn is_dash_row(text: &str, side: Option<usize>) -> bool {
    let bytes = text.as_bytes();
    let apart = |j: Option<usize>| {
        j.and_then(|j| bytes.get(j))
            .is_none_or(|&b| b == b' ' || b == b'|')
    };
    let alone = |i: usize| apart(i.checked_sub(1)) && apart(Some(i + 1));
    let mut dashes = bytes.iter().enumerate().filter(|&(_, &b)| b == b'-');
    let n_dashes = dashes.clone().count();
    let a_row = match side {
        Some(side) => n_dashes == side,
        None => (MIN_SIDE..=Shape::MAX_SIDE).contains(&n_dashes),
    };
    !text.contains(['+', '=']) && a_row && dashes.all(|(i, _)| alone(i))
}

/// Whether a line of dashes alone is a whole puzzle of empty cells written with `-`: a
/// puzzle's worth of them (`side` squared, or while the side is unknown, the cells of a board
/// larger than any row, such as 81). A rule that long would be a puzzle's length by chance.
fn is_dash_puzzle(text: &str, side: Option<usize>) -> bool {
    let n = text.len();
    text.bytes().all(|b| b == b'-')
        && match side {
            Some(side) => n == side * side,
            None => n > Shape::MAX_SIDE && Shape::for_cells(n).is_some(),
        }
}

fn is_comment(text: &str) -> bool {
    text.starts_with('#') || text.starts_with("//")
}

/// Where the content of `text` ends: at a `#` or `//` starting a trailing comment, else at the
/// end.
pub(crate) fn content_end(text: &str) -> usize {
    // One pass over the bytes: every line read goes through here.
    let bytes = text.as_bytes();
    (0..bytes.len())
        .find(|&i| bytes[i] == b'#' || (bytes[i] == b'/' && bytes.get(i + 1) == Some(&b'/')))
        .unwrap_or(bytes.len())
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

/// How to read `text` when it is the first line of a puzzle written in `symbols`, on a board
/// of side `side` if that is known.
///
/// A line whose first word holds a whole puzzle is a one-line puzzle, and the rest of the line
/// is a comment (`....PUZZLE.... 2836`). Otherwise the whole content is read, as a one-line
/// puzzle if it holds a whole puzzle (`5, 3, 0, ...`), else as the first row of a grid.
pub(crate) fn opening(text: &str, symbols: Symbols, side: Option<usize>) -> Opening {
    let end = content_end(text);
    let declared = declaration(&text[..end]);
    let start = declared.unwrap_or(0);
    let word_start = start + (text[start..end].len() - text[start..end].trim_start().len());
    let word_end = text[word_start..end]
        .find(char::is_whitespace)
        .map_or(end, |n| word_start + n);
    let whole = |range: Range<usize>| {
        let text = &text[range];
        is_whole(survey(text, reading(text, symbols, side, false)), side)
    };
    // A first word that leaves a bracket open is the start of a literal, not all of one.
    let word = &text[word_start..word_end];
    let balanced = word.matches(['{', '[', '(']).count() == word.matches(['}', ']', ')']).count();
    let (range, whole) = if balanced && whole(word_start..word_end) {
        (word_start..word_end, true)
    } else {
        (start..end, whole(start..end))
    };
    Opening {
        range,
        whole,
        declared: declared.is_some(),
    }
}

/// The column (from 1) of a second puzzle on a line whose puzzle ends at byte `after`: the
/// first word of the rest of the line, if it is a whole puzzle of cells alone with at least
/// one empty cell. A full grid there is the puzzle's solution, which collections append as a
/// comment, as they do ratings and counts.
pub(crate) fn second_puzzle(
    text: &str,
    after: usize,
    symbols: Symbols,
    side: Option<usize>,
) -> Option<usize> {
    // The usual case, a line with nothing after its puzzle, found without a look for comments.
    if text
        .as_bytes()
        .get(after..)?
        .iter()
        .all(u8::is_ascii_whitespace)
    {
        return None;
    }
    let end = content_end(text).max(after);
    let rest = text.get(after..end)?;
    let start = after + (rest.len() - rest.trim_start().len());
    let word = text[start..end].split(char::is_whitespace).next()?;
    let cells_only = word
        .chars()
        .all(|c| matches!(class(c, symbols), Class::Cell(_) | Class::Numeral(_)));
    let has_empty = word.chars().any(|c| class(c, symbols) == Class::Cell(0));
    let whole = is_whole(survey(word, symbols), side);
    (!word.is_empty() && cells_only && has_empty && whole)
        .then(|| text[..start].chars().count() + 1)
}

/// Whether a content line can only start a new puzzle, after a grid of side `side` if that is
/// known: it declares a code literal or holds a whole puzzle. Such a line ends a grid in
/// progress and ends skipping after an error.
pub(crate) fn is_boundary(text: &str, symbols: Symbols, side: Option<usize>) -> bool {
    let opening = opening(text, symbols, side);
    opening.declared || opening.whole
}

#[cfg(test)]
mod tests {
    use super::*;

    const NINE: Option<usize> = Some(9);

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
        let kind = |text| kind(&line(text), NINE);
        assert_eq!(kind(" \t "), Kind::Blank);
        assert_eq!(kind("  # note"), Kind::Comment);
        assert_eq!(kind("//sudoku problem"), Kind::Comment);
        assert_eq!(kind("---+---+---"), Kind::Separator);
        assert_eq!(kind("+-------+ ===== |"), Kind::Separator);
        assert_eq!(
            kind("-\t-\t-"),
            Kind::Content,
            "tabs make a row of empty cells"
        );
        assert_eq!(kind(".6.|1.4|.5."), Kind::Content);
        assert_eq!(kind("| -  -  - | -  -  - | -  -  - "), Kind::Content);
        assert_eq!(kind("- - - - - - - - -"), Kind::Content);
        assert_eq!(kind("- - - - - - - - - -"), Kind::Separator);
        assert_eq!(kind("---------"), Kind::Separator);
        assert_eq!(kind("----------|---------|----------"), Kind::Separator);
        let (d80, d81, d256) = ("-".repeat(80), "-".repeat(81), "-".repeat(256));
        assert_eq!(kind(&d81), Kind::Content, "an empty 9x9 puzzle");
        assert_eq!(kind(&d80), Kind::Separator);
        assert_eq!(super::kind(&line(&d81), None), Kind::Content);
        assert_eq!(super::kind(&line(&d256), None), Kind::Content);
    }

    #[test]
    fn a_row_of_dashes_needs_a_row_worth_of_them() {
        let kind = |text, side| kind(&line(text), side);
        assert_eq!(kind("- - - - - - - - - -", None), Kind::Content);
        assert_eq!(kind("- - | - -", None), Kind::Content, "a 4x4 row");
        assert_eq!(kind("- - -", None), Kind::Separator);
        assert_eq!(kind("- -  - -", Some(16)), Kind::Separator);
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
        assert_eq!(kind(&cut, None), Kind::Comment);
    }

    #[test]
    fn classes_follow_the_symbols() {
        assert_eq!(class('0', Symbols::Alnum), Class::Cell(0));
        assert_eq!(class('g', Symbols::Alnum), Class::Cell(16));
        assert_eq!(class('Z', Symbols::Alnum), Class::Cell(35));
        assert_eq!(class('0', Symbols::Hex), Class::Cell(1));
        assert_eq!(class('f', Symbols::Hex), Class::Cell(16));
        assert_eq!(class('G', Symbols::Hex), Class::Other);
        assert_eq!(class('.', Symbols::Hex), Class::Cell(0));
        assert_eq!(class('7', Symbols::Numbers), Class::Numeral(7));
        assert_eq!(class('a', Symbols::Numbers), Class::Cell(10));
        assert_eq!(class('*', Symbols::Numbers), Class::Other);
    }

    #[test]
    fn surveys_count_numbers_as_one_cell_each() {
        let numbers = survey("16 0 . 3 | 12", Symbols::Numbers);
        assert_eq!(
            numbers,
            Survey {
                cells: 5,
                max: 16,
                bars: true
            }
        );
        let chars = survey("G..1*", Symbols::Alnum);
        assert_eq!((chars.cells, chars.max, chars.bars), (5, 16, false));
    }

    #[test]
    fn numbers_are_told_from_digits_grouped_by_box() {
        assert!(looks_numeric("16 0 0 3 0 0 0 0 0 0 0 0 0 0 12 1", None));
        assert!(looks_numeric(
            "[16, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 12, 1],",
            None
        ));
        assert!(
            looks_numeric("10 . 3", Some(16)),
            "the grid's side bounds the numbers"
        );
        assert!(!looks_numeric("530 070 000", None));
        assert!(!looks_numeric("12 34", None), "a 4x4 row grouped by box");
        assert!(
            !looks_numeric("5 3 0 0 7 0 0 0 0", None),
            "no number of two digits"
        );
        assert!(
            !looks_numeric("01 02 03 04", None),
            "leading zeros alone do not tell"
        );
        assert!(!looks_numeric("16 GG 0 0", None));
        let mixed = "1 2 3 4 5 6 7 8 9 A B C D E F G H I J K L M N O P Q R S T U V W X Y Z 36";
        assert!(looks_numeric(mixed, None), "letters to 35, numbers above");
        assert!(!looks_numeric("10 . 3", Some(9)));
        assert!(
            looks_numeric("12\t\t\t\t\t\t\t\t\t\t\t3", None),
            "empty fields are cells"
        );
        assert!(!looks_numeric("530,070,000", None));
    }

    #[test]
    fn a_square_of_small_digits_is_a_whole_puzzle_and_a_large_digit_makes_a_row() {
        let whole = |text: &str, side| is_whole(survey(text, Symbols::Alnum), side);
        assert!(whole("1234341221434321", None), "a 4x4 puzzle");
        assert!(!whole("1234341221434G21", None), "a 16x16 row");
        assert!(!whole("12|34|34|12|21|43|43|21", None), "bars mark a row");
        assert!(whole("1234341221434321", Some(4)));
        assert!(!whole("1234341221434321", Some(16)));
        assert!(!whole("123456789", None), "3x3 boards have no real boxes");
        assert!(!whole(&"1".repeat(25), None), "nor 5x5");
        assert!(whole(&".".repeat(65), None), "longer than any row");
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
        let opening = |text: &str| opening(text, Symbols::Alnum, None);
        let one = format!("{} 2836", ".".repeat(81));
        assert_eq!(
            opening(&one),
            Opening {
                range: 0..81,
                whole: true,
                declared: false
            }
        );
        let spaced = vec!["0"; 81].join(", ");
        assert!(opening(&spaced).whole);
        assert!(!opening("5 3 . | . 7 . | . . .").whole);
        let short = ".".repeat(80);
        assert!(opening(&short).whole, "longer than any row");
        let declared = opening("matrix = [");
        assert!(declared.declared && !declared.whole);
        assert_eq!(declared.range, 8..10);
        let numbers = format!("16 {}", vec!["0"; 255].join(" "));
        assert!(opening(&numbers).whole, "256 numbers");
        let row = "16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1";
        assert!(!opening(row).whole, "a row of 16 numbers");
        let literal = format!(
            "m = [[{}], [{}]]",
            vec!["0"; 16].join(","),
            vec!["0"; 16].join(",")
        );
        assert!(
            !opening(&literal).whole,
            "a first row of 16 cells opens a literal"
        );
    }
}
