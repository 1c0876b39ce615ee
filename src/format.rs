//! Reading puzzles from text: every layout the tutorials and collections use, streamed, with
//! located errors.
//!
//! This module owns turning text into [`Grid`]s. It accepts, for a board of [`SIZE`] x
//! [`SIZE`] (docs/formats.md has an example of each):
//!
//! - **one-line puzzles**: [`N_CELLS`] characters, one puzzle per line, `.` `0` `-` or `_`
//!   for an empty cell; after whitespace the rest of the line is a comment
//!   (`....PUZZLE.... 2836`);
//! - **grids**: [`SIZE`] lines of [`SIZE`] cells, with or without spaces, tabs or commas
//!   between cells and `|` between boxes; rules such as `---+---+---` between bands are
//!   skipped. In tab- or comma-separated rows an empty field is an empty cell;
//! - **code literals** pasted from a program: `{{5, 8, 0, ...}, ...}`, `[[6,5,0,...], ...]`,
//!   char literals `{'5','.',...}`, with or without a declaration (`int[][] arr = {`,
//!   `matrix = [`), on one line or one row per line.
//!
//! An input may hold many puzzles in any mix of layouts. Lines whose first non-blank
//! characters are `#` or `//` are comments, as is the rest of a line from a `#` or `//`.
//! A blank line ends a puzzle; one-line puzzles and code literals also end on their own, and a
//! plain grid ends at a blank line, a comment line or the end of the input.
//!
//! Bad input is never skipped or mended in silence: each unreadable puzzle is an `Err` item in
//! its place, numbered like the others, and says where and what ([`InputError`]). Reading then
//! resumes: after a bad one-line puzzle, at the next line; after a bad grid or literal, at the
//! next blank line, comment line, one-line puzzle or declaration (`name = {`). Input that is
//! not text (a NUL byte, bytes that are not UTF-8) ends reading with one error.
//!
//! Rules about the digits themselves (two 5s in a row) are not this module's concern: such a
//! puzzle reads fine and the solver reports it.
//!
//! The parts, each in its own file under `format/`: `source` splits bytes into lines; `line`
//! says what a line is; `fields` reads tab- and comma-separated rows; `scan` walks a line's
//! characters; `assemble` gathers cells into rows and rows into a grid, and checks them. This
//! file holds the reader itself: which lines belong to which puzzle.
//!
//! ```
//! use explore::format;
//!
//! let text = "\
//! ## two puzzles, then a row with one cell too many
//! 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
//! .6.|1.4|.5.
//! ..8|3.5|6..
//! 2..|...|..1
//! ---+---+---
//! 8..|4.7|..6
//! ..6|...|3..
//! 7..|9.1|..4
//! ---+---+---
//! 5..|...|..2
//! ..7|2.6|9..
//! .4.|5.8|.7.
//!
//! int[][] grid = {{1,0,5,0,0,0,0,0,0,0},
//! ";
//! let items = format::parse(text, "example.txt");
//! assert_eq!(items.len(), 3);
//! assert_eq!(items[1].as_ref().unwrap().line, 3);
//! let error = items[2].as_ref().unwrap_err();
//! assert_eq!(
//!     error.to_string(),
//!     "example.txt: puzzle 3, line 15, column 36: row has 10 cells; expected 9"
//! );
//! ```

mod assemble;
mod fields;
mod line;
mod scan;
mod source;

use std::io::BufRead;
use std::iter::FusedIterator;

use crate::error::{InputError, InputErrorKind};

/// The shape the reader reads (9x9 for now).
const SHAPE: crate::geometry::Shape = crate::geometry::Shape::NINE;
/// Cells in a row.
const SIZE: usize = SHAPE.side();
/// Cells on the board.
const N_CELLS: usize = SHAPE.n_cells();

use crate::grid::Grid;

use assemble::{Builder, Fault, Pos};
use fields::Field;
use line::Kind;
use source::{Line, Source};

/// The longest line kept, in bytes. A puzzle line is a few hundred bytes at most; only a
/// comment can usefully be longer, and comments are not read. Content past the limit is an
/// [`InputErrorKind::LineTooLong`] error.
pub const MAX_LINE: usize = 64 * 1024;

/// The input name [`parse_one`] gives in its errors.
pub const ARGUMENT: &str = "<argument>";

/// A puzzle read from an input, with where it was found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    /// Position in the input, from 1, counting unreadable puzzles too.
    pub index: usize,
    /// Line on which the puzzle starts, from 1.
    pub line: usize,
    /// The givens.
    pub grid: Grid,
}

/// Streams the puzzles of `reader`, one item per puzzle (readable or not), in input order.
///
/// Only the current line is held in memory. `input` names the source in errors: a path,
/// `<stdin>`. An input with no puzzle at all yields one [`InputErrorKind::Empty`] error.
///
/// ```
/// use explore::format;
///
/// let file = "# from a collection\n\
///             ................12..3.45.........3...1.6.....8.....54....1....8...9...6...4...... 2836\n";
/// let puzzles: Vec<_> = format::read(file.as_bytes(), "16.txt").collect::<Result<_, _>>()?;
/// assert_eq!(puzzles.len(), 1);
/// assert_eq!(puzzles[0].line, 2);
/// assert_eq!(puzzles[0].grid.n_filled(), 16);
/// # Ok::<(), explore::InputError>(())
/// ```
pub fn read<R: BufRead>(reader: R, input: &str) -> Reader<R> {
    Reader {
        source: Source::new(reader),
        input: input.to_owned(),
        index: 0,
        state: State::Idle,
        builder: Builder::new(),
        scratch: Vec::new(),
        reprocess: false,
        eof: false,
        done: false,
    }
}

/// Reads the puzzles of a text held in memory.
pub fn parse(text: &str, input: &str) -> Vec<Result<Puzzle, InputError>> {
    read(text.as_bytes(), input).collect()
}

/// Reads exactly one puzzle from `text`, naming the input [`ARGUMENT`] in errors.
///
/// ```
/// use explore::error::InputErrorKind;
/// use explore::format;
///
/// let grid = format::parse_one("[[5,3,0,0,7,0,0,0,0],[6,0,0,1,9,5,0,0,0],[0,9,8,0,0,0,0,6,0],\
///     [8,0,0,0,6,0,0,0,3],[4,0,0,8,0,3,0,0,1],[7,0,0,0,2,0,0,0,6],\
///     [0,6,0,0,0,0,2,8,0],[0,0,0,4,1,9,0,0,5],[0,0,0,0,8,0,0,7,9]]")?;
/// assert_eq!(grid.n_filled(), 30);
///
/// let two = format::parse_one(&format!("{}\n{}", grid.to_line(), grid.to_line()));
/// assert_eq!(two.unwrap_err().kind, InputErrorKind::ExtraPuzzle);
/// assert_eq!(format::parse_one("# nothing\n").unwrap_err().kind, InputErrorKind::Empty);
/// # Ok::<(), explore::InputError>(())
/// ```
pub fn parse_one(text: &str) -> Result<Grid, InputError> {
    let mut items = read(text.as_bytes(), ARGUMENT);
    let first = match items.next() {
        Some(first) => first?,
        None => return Err(error(ARGUMENT, 1, Fault::new(START, InputErrorKind::Empty))),
    };
    match items.next() {
        None => Ok(first.grid),
        Some(Err(e)) => Err(e),
        Some(Ok(second)) => {
            let pos = Pos {
                line: second.line,
                column: 1,
            };
            Err(error(
                ARGUMENT,
                second.index,
                Fault::new(pos, InputErrorKind::ExtraPuzzle),
            ))
        }
    }
}

/// The iterator [`read`] returns: the puzzles of one input, in order.
#[derive(Debug)]
pub struct Reader<R> {
    source: Source<R>,
    input: String,
    /// Items yielded so far.
    index: usize,
    state: State,
    builder: Builder,
    scratch: Vec<(Field, usize)>,
    /// The current line must be read again in the new state before the next one.
    reprocess: bool,
    eof: bool,
    done: bool,
}

/// Where the reader stands between lines.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    /// Between puzzles.
    Idle,
    /// Part way through a grid or a code literal.
    Building,
    /// A plain grid has all its rows and waits for a blank line, a comment or the end.
    AfterGrid,
    /// After an error, passing over the rest of a bad grid or literal.
    Skipping,
}

/// What reading a line produced: a puzzle (its first line and grid) or a fault.
type Found = Result<(usize, Grid), Fault>;

const START: Pos = Pos { line: 1, column: 1 };

fn error(input: &str, puzzle: usize, fault: Fault) -> InputError {
    InputError {
        input: input.to_owned(),
        puzzle,
        line: fault.pos.line,
        column: fault.pos.column,
        kind: fault.kind,
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Puzzle, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            let found = if self.eof {
                self.finish()
            } else if self.reprocess {
                self.reprocess = false;
                self.step()
            } else {
                match self.source.advance() {
                    Ok(true) if self.source.is_utf16() => {
                        Some(Err(Fault::new(START, InputErrorKind::Utf16)))
                    }
                    Ok(true) => self.step(),
                    Ok(false) => {
                        self.eof = true;
                        None
                    }
                    Err(e) => {
                        let pos = Pos {
                            line: self.source.number() + 1,
                            column: 1,
                        };
                        Some(Err(Fault::new(pos, InputErrorKind::Io(e.to_string()))))
                    }
                }
            };
            if let Some(found) = found {
                return Some(self.emit(found));
            }
        }
        None
    }
}

impl<R: BufRead> FusedIterator for Reader<R> {}

impl<R: BufRead> Reader<R> {
    fn emit(&mut self, found: Found) -> Result<Puzzle, InputError> {
        self.index += 1;
        match found {
            Ok((line, grid)) => Ok(Puzzle {
                index: self.index,
                line,
                grid,
            }),
            Err(fault) => {
                if fault.kind.ends_input() {
                    self.done = true;
                }
                Err(error(&self.input, self.index, fault))
            }
        }
    }

    /// The end of the input: the puzzle in progress ends here.
    fn finish(&mut self) -> Option<Found> {
        let found = match self.state {
            State::Building => Some(Err(self.unfinished())),
            State::AfterGrid => Some(Ok(self.finished())),
            State::Idle | State::Skipping => None,
        };
        self.state = State::Idle;
        if found.is_none() {
            self.done = true;
            if self.index == 0 {
                return Some(Err(Fault::new(START, InputErrorKind::Empty)));
            }
        }
        found
    }

    fn finished(&self) -> (usize, Grid) {
        (self.builder.start_line(), self.builder.grid())
    }

    /// The fault of a puzzle cut short: a bracket left open, or rows missing.
    fn unfinished(&self) -> Fault {
        self.builder
            .unclosed()
            .unwrap_or_else(|| self.builder.missing_row())
    }

    /// Reads the current line in the current state.
    fn step(&mut self) -> Option<Found> {
        let line = self.source.line();
        let kind = line::kind(&line);
        let content = 0..line::content_end(line.text);
        match (self.state, kind) {
            (_, Kind::Separator) => None,
            (State::Idle, Kind::Blank | Kind::Comment) => None,
            (State::Idle, Kind::Content) => {
                if let Some(grid) = quick_line(line.bytes) {
                    return Some(Ok((line.number, grid)));
                }
                let opening = line::opening(line.text);
                self.builder.reset(line.number);
                read_line(
                    &mut self.state,
                    &mut self.builder,
                    &mut self.scratch,
                    &line,
                    opening.range,
                    opening.whole,
                )
            }
            (State::Skipping, Kind::Blank | Kind::Comment) => {
                self.state = State::Idle;
                None
            }
            (State::Skipping, Kind::Content) => {
                if line::is_boundary(line.text) {
                    self.state = State::Idle;
                    self.reprocess = true;
                }
                None
            }
            (State::AfterGrid, Kind::Blank | Kind::Comment) => {
                self.state = State::Idle;
                Some(Ok(self.finished()))
            }
            (State::AfterGrid | State::Building, Kind::Content)
                if !self.builder.in_literal() && line::is_boundary(line.text) =>
            {
                self.reprocess = true;
                let found = match self.state {
                    State::AfterGrid => Ok(self.finished()),
                    _ => Err(self.unfinished()),
                };
                self.state = State::Idle;
                Some(found)
            }
            (State::Building, Kind::Blank)
                if !self.builder.in_literal() && is_tab_row(line.text) =>
            {
                read_line(
                    &mut self.state,
                    &mut self.builder,
                    &mut self.scratch,
                    &line,
                    0..line.text.len(),
                    false,
                )
            }
            (State::Building, Kind::Comment) if self.builder.in_literal() => None,
            (State::Building, Kind::Blank | Kind::Comment) => {
                self.state = State::Idle;
                Some(Err(self.unfinished()))
            }
            (State::AfterGrid | State::Building, Kind::Content) => read_line(
                &mut self.state,
                &mut self.builder,
                &mut self.scratch,
                &line,
                content,
                false,
            ),
        }
    }
}

/// Reads `range` of `line` into the puzzle in progress and moves to the state that follows.
/// `whole_line` says the line opens a puzzle shaped like a one-line puzzle, so a fault in it
/// is the whole puzzle's and reading resumes at the next line.
fn read_line(
    state: &mut State,
    builder: &mut Builder,
    scratch: &mut Vec<(Field, usize)>,
    line: &Line<'_>,
    range: std::ops::Range<usize>,
    whole_line: bool,
) -> Option<Found> {
    if let Err(fault) = scan::content(builder, line, range, scratch) {
        let resume_here = whole_line || builder.is_whole();
        *state = if resume_here {
            State::Idle
        } else {
            State::Skipping
        };
        return Some(Err(fault));
    }
    if builder.is_whole() {
        *state = State::Idle;
        return Some(Ok((builder.start_line(), builder.grid())));
    }
    *state = if !builder.is_started() {
        State::Idle
    } else if !builder.in_literal() && builder.rows() == SIZE {
        State::AfterGrid
    } else {
        State::Building
    };
    None
}

/// The bulk of every collection, read directly: a line that starts with exactly [`N_CELLS`]
/// ASCII cells followed by its end or whitespace (the rest is a comment). Anything else goes
/// the general way, which reads such a line to the same grid.
fn quick_line(bytes: &[u8]) -> Option<Grid> {
    let (cells, rest) = bytes.split_at_checked(N_CELLS)?;
    if !rest.first().is_none_or(u8::is_ascii_whitespace) {
        return None;
    }
    let mut grid = Grid::empty(SHAPE);
    for (cell, &b) in SHAPE.cells().zip(cells) {
        match line::class(char::from(b)) {
            line::Class::Cell(digit) if b.is_ascii() => grid.set(cell, digit),
            _ => return None,
        }
    }
    Some(grid)
}

/// Whether a line that looks blank is a tab-separated row of empty cells: only tabs, one
/// fewer than a row has cells (or one more, for a trailing tab). Only read so inside a grid,
/// where a blank line could not stand anyway.
fn is_tab_row(text: &str) -> bool {
    text.bytes().all(|b| b == b'\t') && (SIZE - 1..=SIZE).contains(&text.len())
}
