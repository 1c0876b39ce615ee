//! Reading puzzles from text: every layout the tutorials and collections use, every board size
//! from 4x4 to 64x64, streamed, with located errors.
//!
//! This module owns turning text into [`Grid`]s. It accepts (docs/formats.md has an example of
//! each):
//!
//! - **one-line puzzles**: all n x n cells of a board of side n on one line (16 for 4x4, 81
//!   for 9x9, 256 for 16x16, 625 for 25x25), one puzzle per line, `.` `0` `-` or `_` for an
//!   empty cell; after whitespace the rest of the line is a comment (`....PUZZLE.... 2836`),
//!   unless it is another puzzle, which is an error (a full grid, the solution, is a comment);
//!   81 dashes are the empty board, not a rule; the comment `# cubes: ...` makes the line a
//!   shard of cubes ([`Puzzle::cubes`], [`crate::shard::cubes`]);
//! - **grids**: n lines of n cells, with or without spaces, tabs or commas between cells and
//!   `|` between boxes; rules such as `---+---+---` between bands are skipped. In tab- or
//!   comma-separated rows an empty field is an empty cell;
//! - **code literals** pasted from a program: `{{5, 8, 0, ...}, ...}`, `[[6,5,0,...], ...]`,
//!   char literals `{'5','.',...}`, with or without a declaration (`int[][] arr = {`,
//!   `matrix = [`), on one line or one row per line; an unquoted item is one number however
//!   many digits it has.
//!
//! Digits are written in one of three [`Symbols`]: `1`-`9` then letters (`A` = 10, `G` = 16,
//! `P` = 25, either case), the default, in which rows of separate numbers (`16 0 3 ...`) are
//! read as numbers wherever they can only be numbers; hexadecimal `0`-`F` for the 16 digits of
//! a 16x16 board; or numbers throughout. Boards above 35 are written in numbers.
//!
//! Each puzzle's size is found from what is read of it: a one-line puzzle's cell count must be
//! a square, and a grid's first row sets its side (and so how many rows follow). The box shape
//! is the squarest for the side, with no more rows than columns (12 -> 3x4), unless the bars of
//! a grid show other boxes (a 6x6 drawn with a bar every two columns has 3x2 boxes). A line of
//! 16, 36 or 64 cells is a whole 4x4, 6x6 or 8x8 puzzle if its digits all fit that board (and
//! it has no bars), else the first row of a 16x16, 36x36 or 64x64 grid. [`Options`] can fix the
//! box shape of every puzzle instead, which settles those cases and the rectangles a cell
//! count cannot tell apart (2x3 from 3x2).
//!
//! An input may hold many puzzles in any mix of layouts and sizes. Lines whose first non-blank
//! characters are `#` or `//` are comments, as is the rest of a line from a `#` or `//`.
//! A blank line ends a puzzle; one-line puzzles and code literals also end on their own, and a
//! plain grid ends at a blank line, a comment line or the end of the input.
//!
//! Bad input is never skipped or mended in silence: each unreadable puzzle is an `Err` item in
//! its place, numbered like the others, and says where and what, with the count it expected
//! and why ([`InputError`]). Reading then resumes: after a bad one-line puzzle, at the next
//! line; after a bad grid or literal, at the next blank line, comment line, one-line puzzle or
//! declaration (`name = {`). A line that breaks a grid or literal but reads on its own as a
//! whole puzzle ends it there (reported cut short, or read if it had all its rows) and is read
//! as the next puzzle, so a good puzzle is never lost to its neighbour's fault; inside a code
//! literal still open, such a line ends it even where it would fit (`[[1,2,3` then one-line
//! puzzles), unless it is the first content of an opener that holds no cell yet, which is
//! read as a puzzle after the literal's error if the literal never closes. Input that is
//! not text (a NUL byte, bytes that are not UTF-8) ends reading with one error; a NUL byte
//! ends it wherever it stands, even in a comment, and nothing after it is read, so an endless
//! stream of them (`/dev/zero`) ends at once.
//!
//! Rules about the digits themselves (two 5s in a row) are not this module's concern: such a
//! puzzle reads fine and the solver reports it.
//!
//! The parts, each in its own file under `format/`: `source` splits bytes into lines; `line`
//! says what a line is and in which symbols it is written; `fields` reads tab- and
//! comma-separated rows; `scan` walks a line's characters; `assemble` gathers cells into rows
//! and rows into a grid, finds the board's size and checks it. This file holds the options and
//! the reader itself: which lines belong to which puzzle.
//!
//! ```
//! use explore::format;
//! use explore::geometry::Shape;
//!
//! let text = "\
//! ## a 9x9 line, a 4x4 grid, a 16x16 line, then a 6x6 grid with a row too long
//! 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
//! 1 . | . 4
//! . 4 | 1 .
//! ----+----
//! 4 . | 3 .
//! . 3 | . 1
//!
//! G..1....4.......................................................................................................................................................................................................................................................
//!
//! 1 2 3 | 4 5 6
//! 4 5 6 | 1 2 3 5
//! ";
//! let items = format::parse(text, "example.txt");
//! assert_eq!(items.len(), 4);
//! let shapes: Vec<Shape> = items[..3].iter().map(|p| p.as_ref().unwrap().grid.shape()).collect();
//! assert_eq!(shapes, [Shape::NINE, Shape::new(2, 2)?, Shape::new(4, 4)?]);
//! assert_eq!(items[1].as_ref().unwrap().line, 3);
//! let error = items[3].as_ref().unwrap_err();
//! assert_eq!(
//!     error.to_string(),
//!     "example.txt: puzzle 4, line 12, column 15: row has 7 cells; expected 6, as in the \
//!      grid's first row"
//! );
//! # Ok::<(), explore::geometry::ShapeError>(())
//! ```

mod assemble;
mod fields;
mod line;
mod scan;
mod source;

use std::io::BufRead;
use std::iter::FusedIterator;

use crate::error::{InputError, InputErrorKind};
use crate::geometry::Shape;
use crate::grid::Grid;
use crate::shard::cubes::{self, Cubes};
pub use crate::symbols::{Symbols, UnknownSymbols};

use assemble::{Builder, Fault, Pos};
use fields::Field;
use line::Kind;
use source::{Line, Source};

/// The longest line kept, in bytes. A puzzle line is a few hundred bytes at most; only a
/// comment can usefully be longer, and comments are not read. Content past the limit is an
/// [`InputErrorKind::LineTooLong`] error.
pub const MAX_LINE: usize = 64 * 1024;

/// The input name [`parse_one`] gives in its errors: the text has no name of its own (a caller
/// that has one, such as a path, reads with [`parse`] and gives it).
pub const TEXT: &str = "<text>";

/// How to read puzzles: plain data, with [`Default`] reading every size in the usual symbols.
/// `#[non_exhaustive]`: start from `Options::default()` and use the setters or assign fields.
///
/// ```
/// use explore::format::{self, Options, Symbols};
/// use explore::geometry::Shape;
///
/// // A 6x6 board with boxes of 3 rows by 2 columns, which its cell count alone cannot tell.
/// let options = Options::default().with_shape(Some("3x2".parse()?));
/// let items = format::parse_with("123456456123214365365214531642642531", "6.txt", &options);
/// assert_eq!(items[0].as_ref().unwrap().grid.shape(), Shape::new(3, 2)?);
///
/// // A 16x16 puzzle in hex: 0 is the digit 1, F is 16.
/// let hex = Options::default().with_symbols(Symbols::Hex);
/// let line = format!("0F{}", ".".repeat(254));
/// let grid = format::parse_with(&line, "hex.txt", &hex)[0].as_ref().unwrap().grid.clone();
/// assert_eq!(grid.to_line()[..3], *"1G.");
/// # Ok::<(), explore::geometry::ShapeError>(())
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Options {
    /// The box shape of every puzzle; `None` finds each puzzle's size from what is read of it
    /// (a one-line puzzle's cell count, a grid's first row, its bars).
    pub shape: Option<Shape>,
    /// How digits are written.
    pub symbols: Symbols,
}

impl Options {
    /// Sets [`Options::shape`].
    #[must_use]
    pub fn with_shape(mut self, shape: Option<Shape>) -> Options {
        self.shape = shape;
        self
    }

    /// Sets [`Options::symbols`].
    #[must_use]
    pub fn with_symbols(mut self, symbols: Symbols) -> Options {
        self.symbols = symbols;
        self
    }
}

/// A puzzle read from an input, with where it was found.
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    /// Position in the input, from 1, counting unreadable puzzles too.
    pub index: usize,
    /// Line on which the puzzle starts, from 1.
    pub line: usize,
    /// The givens.
    pub grid: Grid,
    /// For a shard that is a set of cubes ([`crate::shard::cubes`]), its cubes: a one-line
    /// puzzle followed by the comment `# cubes: ...`. Solving it means solving those cubes
    /// ([`crate::solve_cubes`]).
    pub cubes: Option<Cubes>,
}

impl Puzzle {
    /// The puzzle `index` of an input (from 1), starting on `line` (from 1), with its givens.
    pub fn new(index: usize, line: usize, grid: Grid) -> Puzzle {
        Puzzle {
            index,
            line,
            grid,
            cubes: None,
        }
    }

    /// The puzzle's search: the whole, or the cubes of a shard ([`Puzzle::cubes`]).
    pub fn solve(&self, config: &crate::Config) -> crate::Outcome {
        match &self.cubes {
            None => crate::solve(&self.grid, config),
            Some(cubes) => crate::solve_cubes(&self.grid, cubes, config),
        }
    }
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
    read_with(reader, input, &Options::default())
}

/// [`read`] with `options`: a box shape for every puzzle, or other symbols.
pub fn read_with<R: BufRead>(reader: R, input: &str, options: &Options) -> Reader<R> {
    Reader {
        source: Source::new(reader),
        input: input.to_owned(),
        options: *options,
        index: 0,
        state: State::Idle,
        builder: Builder::new(*options),
        scratch: Vec::new(),
        reprocess: false,
        pending: None,
        provisional: None,
        cubes: None,
        eof: false,
        done: false,
    }
}

/// Reads the puzzles of a text held in memory.
pub fn parse(text: &str, input: &str) -> Vec<Result<Puzzle, InputError>> {
    read(text.as_bytes(), input).collect()
}

/// [`parse`] with `options`.
pub fn parse_with(text: &str, input: &str, options: &Options) -> Vec<Result<Puzzle, InputError>> {
    read_with(text.as_bytes(), input, options).collect()
}

/// Reads exactly one puzzle from `text`, naming the input [`TEXT`] in errors.
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
    parse_one_with(text, &Options::default())
}

/// [`parse_one`] with `options`.
pub fn parse_one_with(text: &str, options: &Options) -> Result<Grid, InputError> {
    let mut items = read_with(text.as_bytes(), TEXT, options);
    let first = match items.next() {
        Some(first) => first?,
        None => return Err(error(TEXT, 1, Fault::new(START, InputErrorKind::Empty))),
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
                TEXT,
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
    options: Options,
    /// Items yielded so far.
    index: usize,
    state: State,
    builder: Builder,
    scratch: Vec<(Field, usize)>,
    /// The current line must be read again in the new state before the next one.
    reprocess: bool,
    /// An item found on the current line after the one yielded: a second puzzle's fault.
    pending: Option<Found>,
    /// The one line an open code literal took as its first content while that line is also a
    /// whole puzzle of its own (`[` then a 4x4 line): its line and grid, read as the next
    /// puzzle if the literal never closes, forgotten once the literal closes or takes more.
    provisional: Option<(usize, Grid)>,
    /// The cubes of the one-line puzzle found on the current line, for its item.
    cubes: Option<Cubes>,
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
        if let Some(found) = self.pending.take() {
            return Some(self.emit(found));
        }
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
                    Ok(true) if self.source.is_at_nul() => Some(Err(self.not_text())),
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
                        Some(Err(Fault::new(
                            pos,
                            InputErrorKind::Io(crate::error::in_words(&e)),
                        )))
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
                cubes: self.cubes.take(),
            }),
            Err(fault) => {
                if fault.kind.ends_input() {
                    self.done = true;
                }
                Err(error(&self.input, self.index, fault))
            }
        }
    }

    /// The fault of a line that stops at a NUL byte, where the input ends: the first byte on
    /// it that is not text (outside a comment), which may be the NUL itself.
    fn not_text(&self) -> Fault {
        let line = self.source.line();
        let at = |column| Pos {
            line: line.number,
            column,
        };
        let nul = Fault::new(
            at(line.text.chars().count() + 1),
            InputErrorKind::NotText { byte: 0 },
        );
        if line::kind(&line, None) == Kind::Comment {
            return nul;
        }
        let control = line
            .text
            .chars()
            .position(|c| c.is_ascii_control() && !c.is_whitespace());
        match (control, line.cut) {
            (Some(i), _) => {
                let byte = line.text.chars().nth(i).map_or(0, |c| c as u8);
                Fault::new(at(i + 1), InputErrorKind::NotText { byte })
            }
            (None, Some(source::Cut::NotUtf8(byte))) => {
                Fault::new(nul.pos, InputErrorKind::NotText { byte })
            }
            (None, _) => nul,
        }
    }

    /// The end of the input: the puzzle in progress ends here.
    fn finish(&mut self) -> Option<Found> {
        let found = match self.state {
            State::Building => Some(Err(self.cut_short())),
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

    /// The fault of a puzzle that ends unfinished, as the item to report: a literal's line held
    /// as a puzzle of its own ([`Reader::provisional`]) follows it.
    fn cut_short(&mut self) -> Fault {
        self.pending = self.provisional.take().map(Ok);
        self.unfinished()
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
        let symbols = self.options.symbols;
        // Between puzzles only the options say what the side is; within one, what was read.
        let side = match self.state {
            State::Idle => self.options.shape.map(Shape::side),
            _ => self.builder.side(),
        };
        let kind = line::kind(&line, side);
        // Found only where it is needed: a one-line puzzle does not look for its comment.
        let content = || 0..line::content_end(line.text);
        let boundary = || line::is_boundary(line.text, symbols, side);
        match (self.state, kind) {
            (_, Kind::Separator) => None,
            (State::Idle, Kind::Blank | Kind::Comment) => None,
            (State::Idle, Kind::Content) => {
                // A second puzzle after a one-line puzzle is an error of its own, after it.
                let second = |after: usize| {
                    let column = line::second_puzzle(line.text, after, symbols, side)?;
                    let pos = Pos {
                        line: line.number,
                        column,
                    };
                    Some(Err(Fault::new(pos, InputErrorKind::SecondOnLine)))
                };
                if let Some((grid, after)) = quick_line(line.bytes, &self.options) {
                    self.pending = second(after);
                    let (found, cubes) = with_cubes(&line, after, grid);
                    self.cubes = cubes;
                    return Some(found);
                }
                let opening = line::opening(line.text, symbols, side);
                self.builder.reset(line.number);
                let end = opening.range.end;
                let found = read_line(
                    &mut self.state,
                    &mut self.builder,
                    &mut self.scratch,
                    &line,
                    opening.range,
                    opening.whole,
                );
                match found {
                    Some(Ok((_, grid))) if opening.whole => {
                        self.pending = second(end);
                        let (found, cubes) = with_cubes(&line, end, grid);
                        self.cubes = cubes;
                        Some(found)
                    }
                    found => found,
                }
            }
            (State::Skipping, Kind::Blank | Kind::Comment) => {
                self.state = State::Idle;
                None
            }
            (State::Skipping, Kind::Content) => {
                if boundary() || starts_anew(&line, &self.options, side, &mut self.scratch) {
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
                if !self.builder.in_literal() && boundary() =>
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
                if !self.builder.in_literal() && is_tab_row(line.text, side) =>
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
                Some(Err(self.cut_short()))
            }
            (State::Building, Kind::Content) if self.builder.in_literal() => {
                let range = content();
                // A declaration can only open a literal of its own, and a line that is a
                // whole puzzle cannot continue a literal that holds cells already: either
                // ends the literal, unclosed, before it. Without this an unclosed opener
                // (`[[1,2,3`) would take every one-line puzzle after it into its row.
                let declares = line::declaration(&line.text[range.clone()]).is_some();
                let own = own_puzzle(&line, &self.options, side, &mut self.scratch);
                if declares || (own.is_some() && self.builder.has_cells()) {
                    self.state = State::Idle;
                    self.reprocess = true;
                    return Some(Err(self.cut_short()));
                }
                let before = self.unfinished();
                let n_before = self.builder.n_read();
                let found = read_line(
                    &mut self.state,
                    &mut self.builder,
                    &mut self.scratch,
                    &line,
                    range,
                    false,
                );
                match found {
                    None if self.builder.in_literal() => {
                        // A literal with no cells yet may hold this whole puzzle as its flat
                        // content; it is held in case the literal never closes.
                        if let Some(grid) = own {
                            self.provisional = Some((line.number, grid));
                        } else if self.builder.n_read() != n_before {
                            self.provisional = None;
                        }
                        None
                    }
                    Some(Err(_)) if own.is_some() || self.provisional.is_some() => {
                        // The literal breaks here: it ends unclosed before this line, and
                        // this line is read afresh.
                        self.state = State::Idle;
                        self.reprocess = true;
                        self.pending = self.provisional.take().map(Ok);
                        Some(Err(before))
                    }
                    _ => {
                        self.provisional = None;
                        found
                    }
                }
            }
            (State::AfterGrid | State::Building, Kind::Content) => {
                // Where the puzzle in progress stands before this line, in case the line
                // turns out to be the next puzzle.
                let before = match self.state {
                    State::Building => Some(self.unfinished()),
                    _ => None,
                };
                let found = read_line(
                    &mut self.state,
                    &mut self.builder,
                    &mut self.scratch,
                    &line,
                    content(),
                    false,
                );
                let broken = matches!(found, Some(Err(_))) && self.state == State::Skipping;
                if !(broken && starts_anew(&line, &self.options, side, &mut self.scratch)) {
                    return found;
                }
                // The puzzle in progress ends before a line that breaks it and is a puzzle of
                // its own: cut short, or whole if every row was in.
                self.state = State::Idle;
                self.reprocess = true;
                Some(before.map_or_else(|| Ok(self.finished()), Err))
            }
        }
    }
}

/// Whether `line`, which does not belong to a grid or code literal of side `side` (it broke
/// it, or comes while the reader passes over the rest of a broken one), starts the next
/// puzzle: read on its own, it is a whole puzzle that reads without fault. A line that could
/// be a row of that grid (16 cells that are both a 4x4 puzzle and a row of a 16x16 grid) is
/// taken for a row.
///
/// This is what keeps a good puzzle from being lost to its neighbour's fault: a line of 50
/// cells opens a 50x50 grid, and the 16x16 puzzle on the next line breaks it; that puzzle is
/// read, not passed over as the grid's bad second row. Read only after a fault, so it costs
/// nothing on good input.
fn starts_anew(
    line: &Line<'_>,
    options: &Options,
    side: Option<usize>,
    scratch: &mut Vec<(Field, usize)>,
) -> bool {
    own_puzzle(line, options, side, scratch).is_some()
}

/// The puzzle `line` is on its own, if it starts the next puzzle ([`starts_anew`]).
fn own_puzzle(
    line: &Line<'_>,
    options: &Options,
    side: Option<usize>,
    scratch: &mut Vec<(Field, usize)>,
) -> Option<Grid> {
    let is_row = |grid: &Grid| Some(grid.shape().n_cells()) == side;
    if let Some((grid, _)) = quick_line(line.bytes, options) {
        return (!is_row(&grid)).then_some(grid);
    }
    let opening = line::opening(line.text, options.symbols, options.shape.map(Shape::side));
    if !opening.whole {
        return None;
    }
    let mut builder = Builder::new(*options);
    builder.reset(line.number);
    let mut state = State::Idle;
    match read_line(&mut state, &mut builder, scratch, line, opening.range, true) {
        Some(Ok((_, grid))) => (!is_row(&grid)).then_some(grid),
        _ => None,
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
    } else if !builder.in_literal() && builder.is_full() {
        State::AfterGrid
    } else {
        State::Building
    };
    None
}

/// The bulk of every collection, read directly: a line in the usual symbols that starts with
/// exactly one puzzle's worth of ASCII cells followed by its end or whitespace (the rest is a
/// comment). 9x9 lines are tried first and cost nothing more; other sizes need a count longer
/// than any row. Anything else goes the general way, which reads such a line to the same grid.
fn quick_line(bytes: &[u8], options: &Options) -> Option<(Grid, usize)> {
    if options.symbols != Symbols::Alnum {
        return None;
    }
    let nine = Shape::NINE;
    if let Some((cells, rest)) = bytes.split_at_checked(nine.n_cells()) {
        let fits = options.shape.is_none_or(|shape| shape == nine);
        if fits && rest.first().is_none_or(u8::is_ascii_whitespace) {
            return quick_cells(nine, cells).map(|grid| (grid, nine.n_cells()));
        }
    }
    let n = bytes
        .iter()
        .position(u8::is_ascii_whitespace)
        .unwrap_or(bytes.len());
    let shape = Shape::for_cells(n).filter(|_| n > Shape::MAX_SIDE)?;
    if options.shape.is_some_and(|forced| forced != shape) {
        return None;
    }
    quick_cells(shape, &bytes[..n]).map(|grid| (grid, n))
}

/// The one-line puzzle `grid` of `line`, whose cells end at byte `after`, with the cubes its
/// comment holds, if it is a shard of cubes; a fault where those cubes cannot be read.
fn with_cubes(line: &Line<'_>, after: usize, grid: Grid) -> (Found, Option<Cubes>) {
    let puzzle = (line.number, grid);
    // The usual case, nothing after the puzzle, costs no look for a comment.
    let rest = line.text.get(after..).unwrap_or("");
    if !rest.contains('#') {
        return (Ok(puzzle), None);
    }
    let hash = after + line::content_end(rest);
    let Some(comment) = line.text.get(hash + 1..).map(str::trim_start) else {
        return (Ok(puzzle), None);
    };
    let Some(text) = comment.strip_prefix(cubes::MARKER) else {
        return (Ok(puzzle), None);
    };
    match Cubes::parse(text, puzzle.1.shape()) {
        Ok(cubes) => (Ok(puzzle), Some(cubes)),
        Err(why) => {
            let start = line.text.len() - comment.len();
            let pos = Pos {
                line: line.number,
                column: line.text[..start].chars().count() + 1,
            };
            (Err(Fault::new(pos, InputErrorKind::Cubes(why))), None)
        }
    }
}

/// The grid of `shape` whose cells are the bytes `cells`, if each is an ASCII cell that fits.
/// Always inlined, so that with [`Shape::NINE`] the side is a constant, as the 9x9 path needs
/// to stay as fast as it was.
#[inline(always)]
fn quick_cells(shape: Shape, cells: &[u8]) -> Option<Grid> {
    let mut values = [0; Grid::INLINE_CELLS];
    let mut heap = Vec::new();
    let values = if cells.len() <= values.len() {
        &mut values[..cells.len()]
    } else {
        heap.resize(cells.len(), 0);
        &mut heap[..]
    };
    // The usual bytes (digits and dots) without a branch per byte; any other byte, or a value
    // over the side, and the bytes are read again one by one.
    let mut unusual = false;
    for (value, &b) in values.iter_mut().zip(cells.iter()) {
        let digit = b.wrapping_sub(b'0');
        *value = if digit <= 9 { digit } else { 0 };
        unusual |= (digit > 9 && b != b'.') || usize::from(*value) > shape.side();
    }
    if !unusual {
        return Some(Grid::from_values(shape, values));
    }
    for (value, &b) in values.iter_mut().zip(cells) {
        *value = match b {
            // The usual bytes first, without a look at the other symbols.
            b'1'..=b'9' => b - b'0',
            b'.' | b'0' => 0,
            _ => match line::class(char::from(b), Symbols::Alnum) {
                line::Class::Cell(value) if b.is_ascii() => value,
                _ => return None,
            },
        };
        if usize::from(*value) > shape.side() {
            return None;
        }
    }
    Some(Grid::from_values(shape, values))
}

/// Whether a line that looks blank is a tab-separated row of empty cells: only tabs, one
/// fewer than a row of a grid of side `side` has cells (or one more, for a trailing tab). Only
/// read so inside a grid, where a blank line could not stand anyway.
fn is_tab_row(text: &str, side: Option<usize>) -> bool {
    side.is_some_and(|side| {
        text.bytes().all(|b| b == b'\t') && (side.saturating_sub(1)..=side).contains(&text.len())
    })
}
