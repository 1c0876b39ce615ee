//! A puzzle in the making: cells gathered into rows, rows into a grid, and the checks that
//! keep a miscounted puzzle from passing as a good one.
//!
//! The scanner reports what it meets on a line (a cell, a bar, a comma, a bracket, the end of
//! the line) and [`Builder`] decides what it means. Cells gather into a pending row until the
//! row ends: at a closing bracket, or at the end of a line outside a code literal's row
//! brackets. A pending row of [`SIZE`] cells is a row; a first one nearer [`N_CELLS`] is a
//! whole one-line puzzle; anything else is an error where the count went wrong. Bars must fall
//! between boxes. Brackets must match, nest at most two deep (a grid of rows), and a grid
//! literal must hold exactly [`SIZE`] rows when it closes.
//!
//! Which lines reach the builder, and when a plain grid ends, is the reader's business
//! ([`super::Reader`]).

use crate::error::{InputErrorKind, Shown};
use crate::geometry::Digit;

/// The shape the reader reads (9x9 for now).
const SHAPE: crate::geometry::Shape = crate::geometry::Shape::NINE;
/// Cells in a row.
const SIZE: usize = SHAPE.side();
/// Cells on the board.
const N_CELLS: usize = SHAPE.n_cells();
const BOX_WIDTH: usize = SHAPE.box_cols();

use crate::grid::Grid;
use smallvec::SmallVec;

use super::line::{closing, is_whole};

/// A place in the input, both counted from 1.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
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

/// Cells since the last row ended.
#[derive(Clone, Debug)]
struct Pending {
    digits: [Option<Digit>; N_CELLS],
    n: usize,
    first: Pos,
    /// Where the cell after a full row stood, if there was one.
    past_row: Pos,
    /// Where the cell after a full puzzle stood, if there was one.
    past_whole: Pos,
    /// Just after the last cell.
    end: Pos,
    /// Every `|`, with the number of cells before it: a row has two, so they stay inline.
    bars: SmallVec<[(usize, Pos); 4]>,
}

impl Pending {
    fn new() -> Pending {
        Pending {
            digits: [None; N_CELLS],
            n: 0,
            first: Pos::default(),
            past_row: Pos::default(),
            past_whole: Pos::default(),
            end: Pos::default(),
            bars: SmallVec::new(),
        }
    }

    fn clear(&mut self) {
        self.n = 0;
        self.bars.clear();
    }

    fn is_empty(&self) -> bool {
        self.n == 0 && self.bars.is_empty()
    }

    fn push(&mut self, digit: Option<Digit>, pos: Pos) {
        match self.n {
            0 => self.first = pos,
            SIZE => self.past_row = pos,
            N_CELLS => self.past_whole = pos,
            _ => {}
        }
        if let Some(slot) = self.digits.get_mut(self.n) {
            *slot = digit;
        }
        self.n = self.n.saturating_add(1);
        self.end = Pos {
            line: pos.line,
            column: pos.column + 1,
        };
    }

    fn bar(&mut self, pos: Pos) {
        // Past a row's worth of bars the row is wrong anyway; the first ones locate the fault.
        if self.bars.len() <= SIZE {
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

    /// Checks that bars fall between boxes: every box between two bars is [`BOX_WIDTH`] cells,
    /// and so is the part before the first bar and after the last, unless it is empty.
    fn check_bars(&self) -> Result<(), Fault> {
        let Some(&(last, _)) = self.bars.last() else {
            return Ok(());
        };
        let mut before = 0;
        for (i, &(n, pos)) in self.bars.iter().enumerate() {
            let width = n - before;
            if width != BOX_WIDTH && !(i == 0 && width == 0) {
                return Err(box_width(width, pos));
            }
            before = n;
        }
        let width = self.n - last;
        if width != BOX_WIDTH && width != 0 {
            return Err(box_width(width, self.end));
        }
        Ok(())
    }
}

fn box_width(found: usize, pos: Pos) -> Fault {
    let kind = InputErrorKind::BoxWidth {
        found,
        expected: BOX_WIDTH,
    };
    Fault::new(pos, kind)
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
    grid: Grid,
    rows: usize,
    start_line: usize,
    last_row_line: usize,
    open: [Option<Open>; 2],
    depth: usize,
    /// The puzzle is whole: a one-line puzzle, or a grid literal that has closed.
    whole: bool,
    /// Since the last comma in a code literal, an item has been seen.
    item: bool,
    pending: Pending,
    started: bool,
}

impl Builder {
    pub(crate) fn new() -> Builder {
        Builder {
            grid: Grid::empty(SHAPE),
            rows: 0,
            start_line: 0,
            last_row_line: 0,
            open: [None; 2],
            depth: 0,
            whole: false,
            item: false,
            pending: Pending::new(),
            started: false,
        }
    }

    /// Forgets everything, ready for a puzzle that may start on `line`.
    pub(crate) fn reset(&mut self, line: usize) {
        self.grid = Grid::empty(SHAPE);
        self.rows = 0;
        self.start_line = line;
        self.last_row_line = line;
        self.open = [None; 2];
        self.depth = 0;
        self.whole = false;
        self.item = false;
        self.pending.clear();
        self.started = false;
    }

    /// Whether anything of a puzzle has been seen since [`Builder::reset`].
    pub(crate) fn is_started(&self) -> bool {
        self.started
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

    /// The line the puzzle started on.
    pub(crate) fn start_line(&self) -> usize {
        self.start_line
    }

    /// The grid as read so far.
    pub(crate) fn grid(&self) -> Grid {
        self.grid.clone()
    }

    /// Where a missing row belongs: the line after the last row.
    pub(crate) fn missing_row(&self) -> Fault {
        let pos = Pos {
            line: self.last_row_line + 1,
            column: 1,
        };
        let kind = InputErrorKind::RowCount {
            found: self.rows,
            expected: SIZE,
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

    /// A cell at `pos`, shown in the text as `c`.
    pub(crate) fn cell(&mut self, digit: Option<Digit>, c: char, pos: Pos) -> Result<(), Fault> {
        self.after_end(c, pos)?;
        self.start(pos);
        self.pending.push(digit, pos);
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
            let kind = InputErrorKind::UnexpectedChar { found: Shown(',') };
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
            let kind = InputErrorKind::RowLength {
                found: 0,
                expected: SIZE,
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
            let rows = self.rows;
            self.whole = true;
            if rows != SIZE {
                let kind = InputErrorKind::RowCount {
                    found: rows,
                    expected: SIZE,
                };
                return Err(Fault::new(pos, kind));
            }
        }
        Ok(())
    }

    /// The end of a line. Cells pending in a row
    /// bracket carry on to the next line; any others are a row now.
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
        let result = self.take_pending(depth);
        self.pending.clear();
        result
    }

    fn take_pending(&mut self, depth: usize) -> Result<bool, Fault> {
        let pending = &self.pending;
        let n = pending.n;
        if self.rows == 0 && depth <= 1 && is_whole(n) {
            if n != N_CELLS {
                let pos = if n > N_CELLS {
                    pending.past_whole
                } else {
                    pending.end
                };
                let kind = InputErrorKind::LineLength {
                    found: n,
                    expected: N_CELLS,
                };
                return Err(Fault::new(pos, kind));
            }
            for (cell, &digit) in SHAPE.cells().zip(&pending.digits) {
                self.grid.set(cell, digit);
            }
            self.rows = SIZE;
            self.last_row_line = pending.end.line;
            if depth == 0 {
                self.whole = true;
            }
            return Ok(true);
        }
        if n != SIZE {
            let pos = if n > SIZE {
                pending.past_row
            } else {
                pending.end
            };
            let kind = InputErrorKind::RowLength {
                found: n,
                expected: SIZE,
            };
            return Err(Fault::new(pos, kind));
        }
        pending.check_bars()?;
        if self.rows == SIZE {
            let kind = InputErrorKind::ExtraRow { expected: SIZE };
            return Err(Fault::new(pending.first, kind));
        }
        for (col, &digit) in pending.digits[..SIZE].iter().enumerate() {
            let cell = SHAPE
                .cell(self.rows, col)
                .expect("row and column are on the board");
            self.grid.set(cell, digit);
        }
        self.rows += 1;
        self.last_row_line = pending.end.line;
        Ok(false)
    }
}
