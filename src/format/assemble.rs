//! A puzzle in the making: cells gathered into rows, rows into a grid, the size of the board
//! found from them, and the checks that keep a miscounted puzzle from passing as a good one.
//!
//! The scanner reports what it meets on a line (a cell, a bar, a comma, a bracket, the end of
//! the line) and [`Builder`] decides what it means. Cells gather into a pending row until the
//! row ends: at a closing bracket, or at the end of a line outside a code literal's row
//! brackets. A first pending row shaped like a whole puzzle ([`is_whole`]) is a one-line
//! puzzle, whose cell count must be a square (or the square the options ask for): it sets the
//! side. Otherwise the first row sets the side, unless the options fixed it, and every other
//! row must have as many cells; anything else is an error where the count went wrong. Digits
//! must fit the side. Bars must fall between boxes: the first row whose bars all cut boxes of
//! one width that divides the side sets the box width (a 6x6 grid drawn with bars every two
//! columns has 3x2 boxes), else the usual shape for the side does. Brackets must match, nest
//! at most two deep (a grid of rows), and a grid literal must hold as many rows as its side
//! when it closes.
//!
//! Which lines reach the builder, and when a plain grid ends, is the reader's business
//! ([`super::Reader`]).

use smallvec::SmallVec;

use crate::error::{Because, InputErrorKind, Shown};
use crate::geometry::{Digit, Shape};
use crate::grid::Grid;

use super::Options;
use super::line::{MIN_SIDE, Survey, closing, is_whole};

/// The most cells a pending row keeps: a whole puzzle of the largest board, and one more to
/// point at.
const KEPT: usize = Shape::MAX_SIDE * Shape::MAX_SIDE + 1;

/// A place in the input, both counted from 1.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
pub(crate) struct Pos {
    pub(crate) line: usize,
    pub(crate) column: usize,
}

/// An error found while reading a puzzle, before it is told which input and puzzle it is in.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Fault {
    pub(crate) pos: Pos,
    pub(crate) kind: InputErrorKind,
}

impl Fault {
    pub(crate) fn new(pos: Pos, kind: InputErrorKind) -> Fault {
        Fault { pos, kind }
    }
}

/// One cell of a pending row.
#[derive(Clone, Copy, Debug)]
struct Written {
    /// The digit read, 0 for empty; numbers are kept up to `u32::MAX` to be reported.
    value: u32,
    /// The character it was written as, or `None` for a number.
    symbol: Option<char>,
    pos: Pos,
}

/// Cells since the last row ended.
#[derive(Clone, Debug)]
struct Pending {
    /// The first [`KEPT`] cells.
    cells: Vec<Written>,
    n: usize,
    /// The largest digit.
    max: usize,
    first: Pos,
    /// Just after the last cell.
    end: Pos,
    /// Every `|`, with the number of cells before it (a row's worth at most: the first ones
    /// locate a fault).
    bars: SmallVec<[(usize, Pos); 8]>,
}

impl Pending {
    fn new() -> Pending {
        Pending {
            cells: Vec::with_capacity(Shape::NINE.n_cells()),
            n: 0,
            max: 0,
            first: Pos::default(),
            end: Pos::default(),
            bars: SmallVec::new(),
        }
    }

    fn clear(&mut self) {
        self.cells.clear();
        self.n = 0;
        self.max = 0;
        self.bars.clear();
    }

    fn is_empty(&self) -> bool {
        self.n == 0 && self.bars.is_empty()
    }

    fn push(&mut self, value: usize, symbol: Option<char>, pos: Pos) {
        if self.n == 0 {
            self.first = pos;
        }
        if self.cells.len() < KEPT {
            let value = u32::try_from(value).unwrap_or(u32::MAX);
            self.cells.push(Written { value, symbol, pos });
        }
        self.n = self.n.saturating_add(1);
        self.max = self.max.max(value);
        self.end = Pos {
            line: pos.line,
            column: pos.column + 1,
        };
    }

    fn bar(&mut self, pos: Pos) {
        if self.bars.len() <= Shape::MAX_SIDE {
            self.bars.push((self.n, pos));
        }
        if self.n == 0 {
            self.first = pos;
        }
        self.end = Pos {
            line: pos.line,
            column: pos.column + 1,
        };
    }

    fn survey(&self) -> Survey {
        Survey {
            cells: self.n,
            max: self.max,
            bars: !self.bars.is_empty(),
        }
    }

    /// Where the cell with index `i` stands, or just after the last cell if there are not
    /// that many.
    fn pos_of(&self, i: usize) -> Pos {
        self.cells.get(i).map_or(self.end, |cell| cell.pos)
    }

    /// Where a count that should be `expected` went wrong: at the first cell too many, or
    /// just after the last.
    fn miscount(&self, expected: usize) -> Pos {
        if self.n > expected {
            self.pos_of(expected)
        } else {
            self.end
        }
    }

    /// Checks that every digit fits a board of side `side`; the first that does not is the
    /// error.
    fn check_digits(&self, side: usize) -> Result<(), Fault> {
        if self.max <= side {
            return Ok(());
        }
        let Some(cell) = self.cells.iter().find(|cell| cell.value as usize > side) else {
            return Ok(());
        };
        let kind = InputErrorKind::DigitTooLarge {
            found: cell.symbol.map(Shown),
            value: cell.value as usize,
            side,
        };
        Err(Fault::new(cell.pos, kind))
    }

    /// Checks that bars fall between boxes of a row of `side` cells, and says how wide the
    /// boxes are if a bar stands inside the row.
    ///
    /// Every box between two bars is `width` cells wide, and so is the part before the first
    /// bar and after the last, unless it is empty. Without a width to follow, boxes all of one
    /// width that divides the side set it; otherwise the usual shape's width is expected.
    fn check_bars(&self, side: usize, width: Option<usize>) -> Result<Option<usize>, Fault> {
        let Some(&(last, _)) = self.bars.last() else {
            return Ok(None);
        };
        let mut boxes: SmallVec<[(usize, Pos); 16]> = SmallVec::new();
        let mut before = 0;
        for (i, &(n, pos)) in self.bars.iter().enumerate() {
            let found = n - before;
            if !(i == 0 && found == 0) {
                boxes.push((found, pos));
            }
            before = n;
        }
        if self.n > last {
            boxes.push((self.n - last, self.end));
        }
        let inside = self.bars.iter().any(|&(n, _)| n > 0 && n < self.n);
        let expected = match width {
            Some(width) => width,
            None => {
                let first = boxes.first().map_or(0, |&(found, _)| found);
                let even = boxes.iter().all(|&(found, _)| found == first);
                if inside && even && first > 0 && side % first == 0 {
                    return Ok(Some(first));
                }
                Shape::for_side(side).map_or(side, Shape::box_cols)
            }
        };
        if let Some(&(found, pos)) = boxes.iter().find(|&&(found, _)| found != expected) {
            let kind = InputErrorKind::BoxWidth { found, expected };
            return Err(Fault::new(pos, kind));
        }
        Ok(inside.then_some(expected))
    }
}

/// An open bracket.
#[derive(Clone, Copy, Debug)]
struct Open {
    bracket: char,
    pos: Pos,
    /// Whether it holds a group, which makes it a grid rather than a row.
    has_groups: bool,
    /// Whether anything at all has been seen inside it.
    has_items: bool,
}

/// A puzzle in the making. See the module docs.
#[derive(Clone, Debug)]
pub(crate) struct Builder {
    options: Options,
    /// The digits of the rows read so far, in reading order, 0 for empty.
    cells: Vec<u8>,
    /// The side of the board: from the options, or set by the first row.
    side: Option<usize>,
    /// The width of a box, once bars have shown it.
    box_cols: Option<usize>,
    rows: usize,
    start_line: usize,
    last_row_line: usize,
    open: [Option<Open>; 2],
    depth: usize,
    /// The puzzle is whole: a one-line puzzle, or a grid literal that has closed.
    whole: bool,
    /// Since the last comma in a code literal, an item has been seen.
    item: bool,
    /// A line of this puzzle was read as numbers, so the rest are too.
    numbers: bool,
    /// Whether this grid's delimited rows end with their delimiter, once a row has shown it
    /// ([`super::fields::split`]).
    trailing: Option<bool>,
    pending: Pending,
    started: bool,
}

impl Builder {
    pub(crate) fn new(options: Options) -> Builder {
        Builder {
            options,
            cells: Vec::with_capacity(Shape::NINE.n_cells()),
            side: options.shape.map(Shape::side),
            box_cols: None,
            rows: 0,
            start_line: 0,
            last_row_line: 0,
            open: [None; 2],
            depth: 0,
            whole: false,
            item: false,
            numbers: false,
            trailing: None,
            pending: Pending::new(),
            started: false,
        }
    }

    /// Forgets everything, ready for a puzzle that may start on `line`.
    pub(crate) fn reset(&mut self, line: usize) {
        self.cells.clear();
        self.side = self.options.shape.map(Shape::side);
        self.box_cols = None;
        self.rows = 0;
        self.start_line = line;
        self.last_row_line = line;
        self.open = [None; 2];
        self.depth = 0;
        self.whole = false;
        self.item = false;
        self.numbers = false;
        self.trailing = None;
        self.pending.clear();
        self.started = false;
    }

    /// The options the puzzle is read with.
    pub(crate) fn options(&self) -> Options {
        self.options
    }

    /// The side of the board, once the options or the first row have set it.
    pub(crate) fn side(&self) -> Option<usize> {
        self.side
    }

    /// Whether a line of this puzzle was read as numbers.
    pub(crate) fn is_numbers(&self) -> bool {
        self.numbers
    }

    /// From now on, this puzzle's lines are read as numbers.
    pub(crate) fn set_numbers(&mut self) {
        self.numbers = true;
    }

    /// Whether this grid's delimited rows end with their delimiter, as far as its rows have
    /// shown.
    pub(crate) fn trailing(&mut self) -> &mut Option<bool> {
        &mut self.trailing
    }

    /// Whether anything of a puzzle has been seen since [`Builder::reset`].
    pub(crate) fn is_started(&self) -> bool {
        self.started
    }

    /// Whether any cell has been read since [`Builder::reset`]: brackets and a declaration
    /// alone hold none.
    pub(crate) fn has_cells(&self) -> bool {
        !self.cells.is_empty() || self.pending.n > 0
    }

    /// Cells read so far, in rows and pending.
    pub(crate) fn n_read(&self) -> usize {
        self.cells.len().saturating_add(self.pending.n)
    }

    /// Rows complete so far.
    pub(crate) fn rows(&self) -> usize {
        self.rows
    }

    /// Whether a code literal's bracket is open.
    pub(crate) fn in_literal(&self) -> bool {
        self.depth > 0
    }

    /// Whether the puzzle is finished by its own shape: a one-line puzzle, or a grid literal
    /// that has closed. (A plain grid only ends at a blank line, a comment or the end.)
    pub(crate) fn is_whole(&self) -> bool {
        self.whole
    }

    /// Whether every row of the grid is in.
    pub(crate) fn is_full(&self) -> bool {
        self.side == Some(self.rows)
    }

    /// The line the puzzle started on.
    pub(crate) fn start_line(&self) -> usize {
        self.start_line
    }

    /// The shape of the board: the options', else boxes as wide as the bars showed (or the
    /// usual ones) on a board of the side read.
    fn shape(&self) -> Option<Shape> {
        if let Some(shape) = self.options.shape {
            return Some(shape);
        }
        let side = self.side?;
        match self.box_cols {
            Some(cols) if side % cols == 0 => Shape::new(side / cols, cols).ok(),
            _ => Shape::for_side(side),
        }
    }

    /// The grid as read, once every row is in.
    pub(crate) fn grid(&self) -> Grid {
        let shape = self.shape().expect("a full grid has a side");
        let digits = self.cells.iter().map(|&v| Digit::new(v.into()));
        Grid::from_digits(shape, digits).expect("every row was checked against the side")
    }

    /// Why the side is what it is.
    fn because(&self) -> Because {
        self.options.shape.map_or(Because::FirstRow, Because::Asked)
    }

    /// The cells a row must have, and why; before the side is known, at least [`MIN_SIDE`].
    fn row_length(&self) -> (usize, Because) {
        match self.side {
            Some(side) => (side, self.because()),
            None => (MIN_SIDE, Because::Smallest),
        }
    }

    /// Where a missing row belongs: the line after the last row.
    pub(crate) fn missing_row(&self) -> Fault {
        let pos = Pos {
            line: self.last_row_line + 1,
            column: 1,
        };
        let (expected, because) = self.row_length();
        let kind = InputErrorKind::RowCount {
            found: self.rows,
            expected,
            because,
        };
        Fault::new(pos, kind)
    }

    /// The outermost bracket still open, as an error.
    pub(crate) fn unclosed(&self) -> Option<Fault> {
        let open = self.open[0].filter(|_| self.depth > 0)?;
        let kind = InputErrorKind::UnclosedBracket {
            found: Shown(open.bracket),
        };
        Some(Fault::new(open.pos, kind))
    }

    fn start(&mut self, pos: Pos) {
        if !self.started {
            self.started = true;
            self.start_line = pos.line;
            self.last_row_line = pos.line;
        }
    }

    fn after_end(&self, c: char, pos: Pos) -> Result<(), Fault> {
        if self.whole {
            Err(Fault::new(
                pos,
                InputErrorKind::AfterEnd { found: Shown(c) },
            ))
        } else {
            Ok(())
        }
    }

    /// A cell at `pos` written as the character `symbol`: its digit, or 0 for empty.
    pub(crate) fn cell(&mut self, value: u8, symbol: char, pos: Pos) -> Result<(), Fault> {
        self.push(value.into(), Some(symbol), symbol, pos)
    }

    /// A cell at `pos` written as a number (0 for empty) whose first character is `first`.
    pub(crate) fn number(&mut self, value: usize, first: char, pos: Pos) -> Result<(), Fault> {
        self.push(value, None, first, pos)
    }

    fn push(
        &mut self,
        value: usize,
        symbol: Option<char>,
        first: char,
        pos: Pos,
    ) -> Result<(), Fault> {
        self.after_end(first, pos)?;
        self.start(pos);
        self.pending.push(value, symbol, pos);
        self.item = true;
        if let Some(open) = self.innermost() {
            open.has_items = true;
        }
        Ok(())
    }

    /// A `|` at `pos`.
    pub(crate) fn bar(&mut self, pos: Pos) -> Result<(), Fault> {
        self.after_end('|', pos)?;
        self.start(pos);
        self.pending.bar(pos);
        Ok(())
    }

    /// A `,` at `pos`. Inside brackets it must follow an item: `{5,,3}` is a mistake, not an
    /// empty cell.
    pub(crate) fn comma(&mut self, pos: Pos) -> Result<(), Fault> {
        if self.depth > 0 && !self.item && !self.whole {
            let kind = InputErrorKind::UnexpectedChar {
                found: Shown(','),
                symbols: self.options.symbols,
            };
            return Err(Fault::new(pos, kind));
        }
        self.item = false;
        Ok(())
    }

    /// An opening bracket at `pos`.
    pub(crate) fn open(&mut self, bracket: char, pos: Pos) -> Result<(), Fault> {
        self.after_end(bracket, pos)?;
        self.start(pos);
        if self.depth == self.open.len() {
            let kind = InputErrorKind::NestedTooDeep {
                found: Shown(bracket),
            };
            return Err(Fault::new(pos, kind));
        }
        if self.depth == 1 {
            // Cells standing loose in a grid before this row are a row of their own.
            self.flush(1)?;
        }
        if let Some(outer) = self.innermost() {
            outer.has_groups = true;
            outer.has_items = true;
        }
        self.open[self.depth] = Some(Open {
            bracket,
            pos,
            has_groups: false,
            has_items: false,
        });
        self.depth += 1;
        self.item = false;
        Ok(())
    }

    /// A closing bracket at `pos`.
    pub(crate) fn close(&mut self, bracket: char, pos: Pos) -> Result<(), Fault> {
        self.after_end(bracket, pos)?;
        let Some(open) = self.innermost().copied() else {
            let kind = InputErrorKind::UnmatchedBracket {
                found: Shown(bracket),
            };
            return Err(Fault::new(pos, kind));
        };
        if closing(open.bracket) != bracket {
            let kind = InputErrorKind::MismatchedBracket {
                found: Shown(bracket),
                expected: Shown(closing(open.bracket)),
            };
            return Err(Fault::new(pos, kind));
        }
        if !open.has_items {
            let (expected, because) = self.row_length();
            let kind = InputErrorKind::RowLength {
                found: 0,
                expected,
                because,
            };
            return Err(Fault::new(pos, kind));
        }
        let held_whole = self.flush(self.depth)?;
        self.depth -= 1;
        self.open[self.depth] = None;
        self.item = true;
        let is_grid = open.has_groups || open.pos.line != pos.line || held_whole;
        if self.depth == 0 && is_grid {
            // A grid literal closes here, and the puzzle with it.
            self.whole = true;
            if !self.is_full() {
                let (expected, because) = self.row_length();
                let kind = InputErrorKind::RowCount {
                    found: self.rows,
                    expected,
                    because,
                };
                return Err(Fault::new(pos, kind));
            }
        }
        Ok(())
    }

    /// The end of a line. Cells pending in a row bracket carry on to the next line; any
    /// others are a row now.
    pub(crate) fn end_line(&mut self) -> Result<(), Fault> {
        if self.depth <= 1 {
            self.flush(self.depth)?;
        }
        Ok(())
    }

    fn innermost(&mut self) -> Option<&mut Open> {
        let depth = self.depth;
        self.open[..depth].last_mut()?.as_mut()
    }

    /// Ends the pending row, whose cells stood `depth` brackets deep; true if it held a whole
    /// puzzle.
    fn flush(&mut self, depth: usize) -> Result<bool, Fault> {
        if self.pending.is_empty() {
            return Ok(false);
        }
        let result = if self.rows == 0 && depth <= 1 && is_whole(self.pending.survey(), self.side) {
            self.take_whole(depth).map(|()| true)
        } else {
            self.take_row().map(|()| false)
        };
        self.pending.clear();
        result
    }

    /// The pending cells as a whole puzzle: a square number of them, or the options' count.
    fn take_whole(&mut self, depth: usize) -> Result<(), Fault> {
        let pending = &self.pending;
        let n = pending.n;
        let (expected, because) = match self.options.shape {
            Some(shape) => (shape.n_cells(), Because::Asked(shape)),
            None => (nearest_square(n), Because::Square),
        };
        if n != expected {
            let kind = InputErrorKind::LineLength {
                found: n,
                expected,
                because,
            };
            return Err(Fault::new(pending.miscount(expected), kind));
        }
        let side = self
            .options
            .shape
            .or_else(|| Shape::for_cells(n))
            .expect("a square count makes a board")
            .side();
        pending.check_digits(side)?;
        self.cells.clear();
        self.cells
            .extend(pending.cells.iter().map(|cell| cell.value as u8));
        self.side = Some(side);
        self.rows = side;
        self.last_row_line = pending.end.line;
        if depth == 0 {
            self.whole = true;
        }
        Ok(())
    }

    /// The pending cells as the next row.
    fn take_row(&mut self) -> Result<(), Fault> {
        let pending = &self.pending;
        let n = pending.n;
        let side = match self.side {
            Some(side) => side,
            None if n < MIN_SIDE => {
                let kind = InputErrorKind::RowLength {
                    found: n,
                    expected: MIN_SIDE,
                    because: Because::Smallest,
                };
                return Err(Fault::new(pending.end, kind));
            }
            None if n > Shape::MAX_SIDE => {
                let kind = InputErrorKind::RowLength {
                    found: n,
                    expected: Shape::MAX_SIDE,
                    because: Because::Largest,
                };
                return Err(Fault::new(pending.pos_of(Shape::MAX_SIDE), kind));
            }
            // The first row sets the side.
            None => n,
        };
        if n != side {
            let kind = InputErrorKind::RowLength {
                found: n,
                expected: side,
                because: self.because(),
            };
            return Err(Fault::new(pending.miscount(side), kind));
        }
        let width = self.options.shape.map(Shape::box_cols).or(self.box_cols);
        let shown = pending.check_bars(side, width)?;
        if self.rows == side {
            let kind = InputErrorKind::ExtraRow {
                expected: side,
                because: self.because(),
            };
            return Err(Fault::new(pending.first, kind));
        }
        pending.check_digits(side)?;
        self.cells
            .extend(pending.cells.iter().map(|cell| cell.value as u8));
        self.side = Some(side);
        self.box_cols = self.box_cols.or(shown);
        self.rows += 1;
        self.last_row_line = pending.end.line;
        Ok(())
    }
}

/// The square nearest `n` among the cell counts of boards (never a tie: the midpoint between
/// two squares is never a whole number).
fn nearest_square(n: usize) -> usize {
    let below = (1..=Shape::MAX_SIDE)
        .take_while(|side| side * side <= n)
        .last()
        .unwrap_or(1);
    let above = (below + 1).min(Shape::MAX_SIDE);
    if n - (below * below).min(n) < (above * above).saturating_sub(n) {
        below * below
    } else {
        above * above
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_square_names_the_board_meant() {
        assert_eq!(nearest_square(80), 81);
        assert_eq!(nearest_square(82), 81);
        assert_eq!(nearest_square(255), 256);
        assert_eq!(nearest_square(72), 64);
        assert_eq!(nearest_square(73), 81);
        assert_eq!(nearest_square(5000), 4096);
        assert_eq!(nearest_square(65), 64);
    }

    fn row(builder: &mut Builder, text: &str, line: usize) -> Result<(), Fault> {
        for (i, c) in text.chars().enumerate() {
            let pos = Pos {
                line,
                column: i + 1,
            };
            match c {
                '|' => builder.bar(pos)?,
                ' ' => {}
                '.' => builder.cell(0, c, pos)?,
                _ => {
                    let value = Digit::from_char(c).map_or(0, Digit::get);
                    builder.cell(value as u8, c, pos)?
                }
            }
        }
        builder.end_line()
    }

    #[test]
    fn bars_every_two_columns_make_boxes_of_three_rows_by_two() {
        let mut builder = Builder::new(Options::default());
        builder.reset(1);
        for (i, text) in [
            "12|34|56", "..|..|..", "..|..|..", "..|..|..", "..|..|..", "..|..|..",
        ]
        .iter()
        .enumerate()
        {
            row(&mut builder, text, i + 1).unwrap();
        }
        assert!(builder.is_full());
        assert_eq!(builder.grid().shape(), Shape::new(3, 2).unwrap());
    }

    #[test]
    fn uneven_bars_are_held_to_the_usual_boxes() {
        let mut builder = Builder::new(Options::default());
        builder.reset(1);
        let fault = row(&mut builder, "53..|7.|...", 1).unwrap_err();
        let kind = InputErrorKind::BoxWidth {
            found: 4,
            expected: 3,
        };
        assert_eq!(fault, Fault::new(Pos { line: 1, column: 5 }, kind));
    }

    #[test]
    fn the_first_row_sets_the_side_and_the_rest_follow_it() {
        let mut builder = Builder::new(Options::default());
        builder.reset(1);
        row(&mut builder, "G..1....4.......", 1).unwrap();
        assert_eq!(builder.side(), Some(16));
        let fault = row(&mut builder, "G..1....4......", 2).unwrap_err();
        let kind = InputErrorKind::RowLength {
            found: 15,
            expected: 16,
            because: Because::FirstRow,
        };
        assert_eq!(
            fault,
            Fault::new(
                Pos {
                    line: 2,
                    column: 16
                },
                kind
            )
        );
    }

    #[test]
    fn a_digit_too_large_for_the_side_is_located() {
        let mut builder = Builder::new(Options::default());
        builder.reset(1);
        let fault = row(&mut builder, "1.|3Q", 1).unwrap_err();
        assert_eq!(fault.pos, Pos { line: 1, column: 5 });
        let kind = InputErrorKind::DigitTooLarge {
            found: Some(Shown('Q')),
            value: 26,
            side: 4,
        };
        assert_eq!(fault.kind, kind);
        assert_eq!(
            fault.kind.to_string(),
            "'Q' stands for 26, too large; a 4x4 board holds 1 to 4"
        );
    }
}
