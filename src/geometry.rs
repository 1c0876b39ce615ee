//! The shape of the board: box rows and columns, and everything derived from them.
//!
//! A board is made of boxes of `r` rows by `c` columns; its side is `n = r x c` (a row, a
//! column and a box each hold `n` cells), and it holds the digits 1 to `n`. A [`Shape`] is that
//! pair, from 1x1 up to boards of side [`Shape::MAX_SIDE`] (64): 2x2 boxes make the 4x4 board,
//! 2x3 the 6x6, 3x3 the classic 9x9, 4x4 the 16x16, 5x5 the 25x25.
//!
//! This module is the one place that knows how rows, columns and boxes are laid out. Everything
//! else asks a [`Shape`] (side, cell count, which box a cell is in) or its [`Geometry`] (the cells
//! of every unit and the peers of every cell, built once per shape and kept for the life of the
//! process). The 9x9 search kernel (`board/nine.rs`) lays its band words out from the same
//! [`Shape::NINE`].
//!
//! It also owns the newtypes for places and values on the board, [`Cell`] and [`Digit`].

use std::fmt;
use std::str::FromStr;
use std::sync::{Mutex, OnceLock};

/// The shape of a board: boxes of `box_rows` rows by `box_cols` columns.
///
/// ```
/// use explore::geometry::Shape;
///
/// let six: Shape = "2x3".parse()?;
/// assert_eq!((six.side(), six.n_cells()), (6, 36));
/// assert_eq!(Shape::for_cells(36), Some(six));
/// assert_eq!(Shape::for_cells(81), Some(Shape::NINE));
/// assert_eq!(six.to_string(), "6x6 (2x3 boxes)");
/// # Ok::<(), explore::geometry::ShapeError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

/// A box shape that no board has: a side of 0, or above [`Shape::MAX_SIDE`].
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ShapeError {
    /// Not written `RxC`.
    #[error("box shape '{0}' is not written ROWSxCOLUMNS (for example 3x3 or 2x3)")]
    Syntax(String),
    /// A box of no cells, or a board too large.
    #[error(
        "box shape {rows}x{cols} makes a board of side {side}; the side must be 1 to {max}",
        side = rows * cols,
        max = Shape::MAX_SIDE
    )]
    Size {
        /// Rows of the box.
        rows: usize,
        /// Columns of the box.
        cols: usize,
    },
}

impl Shape {
    /// The largest side: a digit is a bit of a 64-bit word.
    pub const MAX_SIDE: usize = 64;

    /// The classic board: 3x3 boxes, 9x9 cells.
    pub const NINE: Shape = Shape {
        box_rows: 3,
        box_cols: 3,
    };

    /// Boxes of `box_rows` rows by `box_cols` columns.
    pub const fn new(box_rows: usize, box_cols: usize) -> Result<Shape, ShapeError> {
        if box_rows == 0 || box_cols == 0 || box_rows * box_cols > Shape::MAX_SIDE {
            return Err(ShapeError::Size {
                rows: box_rows,
                cols: box_cols,
            });
        }
        Ok(Shape {
            box_rows: box_rows as u8,
            box_cols: box_cols as u8,
        })
    }

    /// The usual shape for a board of side `side`: the squarest boxes, with no more rows than
    /// columns (6 -> 2x3, 12 -> 3x4, 7 -> 1x7).
    pub const fn for_side(side: usize) -> Option<Shape> {
        if side == 0 || side > Shape::MAX_SIDE {
            return None;
        }
        let mut rows = 1;
        let mut r = 1;
        while r * r <= side {
            if side % r == 0 {
                rows = r;
            }
            r += 1;
        }
        Some(Shape {
            box_rows: rows as u8,
            box_cols: (side / rows) as u8,
        })
    }

    /// The usual shape for a board of `n_cells` cells ([`Shape::for_side`] of its square
    /// root), if `n_cells` is a square of a side from 1 to [`Shape::MAX_SIDE`].
    pub const fn for_cells(n_cells: usize) -> Option<Shape> {
        let mut side = 1;
        while side * side < n_cells {
            side += 1;
        }
        if side * side == n_cells {
            Shape::for_side(side)
        } else {
            None
        }
    }

    /// Rows of a box; also the boxes side by side in a band (a row of boxes).
    #[inline]
    pub const fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// Columns of a box; also the boxes stacked in a stack (a column of boxes).
    #[inline]
    pub const fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// Cells in a row, column or box; also the number of digits.
    #[inline]
    pub const fn side(self) -> usize {
        self.box_rows() * self.box_cols()
    }

    /// Cells on the board.
    #[inline]
    pub const fn n_cells(self) -> usize {
        self.side() * self.side()
    }

    /// Rows, columns and boxes together.
    #[inline]
    pub const fn n_units(self) -> usize {
        3 * self.side()
    }

    /// Other cells that share a row, column or box with a cell.
    #[inline]
    pub const fn n_peers(self) -> usize {
        2 * (self.side() - 1) + (self.box_rows() - 1) * (self.box_cols() - 1)
    }

    /// The cell at `row` and `col` (both from 0), if it is on the board.
    #[inline]
    pub const fn cell(self, row: usize, col: usize) -> Option<Cell> {
        if row < self.side() && col < self.side() {
            Some(Cell {
                row: row as u8,
                col: col as u8,
            })
        } else {
            None
        }
    }

    /// The cell with this reading-order index, if it is on the board.
    #[inline]
    pub const fn cell_at(self, index: usize) -> Option<Cell> {
        self.cell(index / self.side(), index % self.side())
    }

    /// The reading-order index of `cell`, 0 to [`Shape::n_cells`] - 1.
    #[inline]
    pub const fn index(self, cell: Cell) -> usize {
        cell.row() * self.side() + cell.col()
    }

    /// The box of `cell`, from 0 at the top left, in reading order.
    #[inline]
    pub const fn box_of(self, cell: Cell) -> usize {
        (cell.row() / self.box_rows()) * self.box_rows() + cell.col() / self.box_cols()
    }

    /// Every cell in reading order.
    pub fn cells(self) -> impl DoubleEndedIterator<Item = Cell> + ExactSizeIterator + Clone {
        let side = self.side();
        (0..self.n_cells()).map(move |i| Cell {
            row: (i / side) as u8,
            col: (i % side) as u8,
        })
    }

    /// The digit `value`, if it is between 1 and the side.
    #[inline]
    pub const fn digit(self, value: usize) -> Option<Digit> {
        if value >= 1 && value <= self.side() {
            Some(Digit(value as u8))
        } else {
            None
        }
    }

    /// Every digit of the board, ascending.
    pub fn digits(self) -> impl DoubleEndedIterator<Item = Digit> + ExactSizeIterator + Clone {
        (1..=self.side() as u8).map(Digit)
    }

    /// The unit and peer tables of this shape, built on first use and kept.
    pub fn geometry(self) -> &'static Geometry {
        if self == Shape::NINE {
            static NINE: OnceLock<Geometry> = OnceLock::new();
            return NINE.get_or_init(|| Geometry::build(Shape::NINE));
        }
        // Few shapes are ever used by one process; each table is built once and kept.
        static BUILT: Mutex<Vec<&'static Geometry>> = Mutex::new(Vec::new());
        let mut built = BUILT
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(geometry) = built.iter().find(|g| g.shape == self) {
            return geometry;
        }
        let geometry: &'static Geometry = Box::leak(Box::new(Geometry::build(self)));
        built.push(geometry);
        geometry
    }
}

impl fmt::Display for Shape {
    /// `9x9 (3x3 boxes)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = self.side();
        write!(
            f,
            "{side}x{side} ({}x{} boxes)",
            self.box_rows, self.box_cols
        )
    }
}

impl FromStr for Shape {
    type Err = ShapeError;

    /// A box shape written `RxC` (rows by columns): `3x3`, `2x3`.
    fn from_str(s: &str) -> Result<Shape, ShapeError> {
        let syntax = || ShapeError::Syntax(s.to_owned());
        let (rows, cols) = s.trim().split_once(['x', 'X']).ok_or_else(syntax)?;
        let rows: usize = rows.trim().parse().map_err(|_| syntax())?;
        let cols: usize = cols.trim().parse().map_err(|_| syntax())?;
        Shape::new(rows, cols)
    }
}

/// A cell of the board: its row and column, both from 0. Human-facing text adds 1.
///
/// Cells order in reading order (left to right, top to bottom). A cell does not know the
/// shape of its board; [`Shape::cell`] makes only cells that are on it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cell {
    row: u8,
    col: u8,
}

impl Cell {
    /// Row, from 0 at the top.
    #[inline]
    pub const fn row(self) -> usize {
        self.row as usize
    }

    /// Column, from 0 at the left.
    #[inline]
    pub const fn col(self) -> usize {
        self.col as usize
    }
}

impl fmt::Display for Cell {
    /// Human form, counted from 1: `r3c7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

/// A digit that may stand in a cell: 1 to the side of the board, at most [`Shape::MAX_SIDE`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Digit(u8);

impl Digit {
    /// The largest digit with a one-character symbol (`Z`).
    pub const MAX_CHAR: usize = 35;

    /// The digit `value`, if it is between 1 and [`Shape::MAX_SIDE`]. Whether it fits a given
    /// board is [`Shape::digit`]'s question.
    #[inline]
    pub const fn new(value: usize) -> Option<Digit> {
        if value >= 1 && value <= Shape::MAX_SIDE {
            Some(Digit(value as u8))
        } else {
            None
        }
    }

    /// The digit as a number, from 1.
    #[inline]
    pub const fn get(self) -> usize {
        self.0 as usize
    }

    /// The digit as a bit position, from 0.
    #[inline]
    pub const fn bit(self) -> u32 {
        self.0 as u32 - 1
    }

    /// The digit written by its bit position, from 0.
    #[inline]
    pub const fn from_bit(bit: u32) -> Digit {
        Digit(bit as u8 + 1)
    }

    /// The one character that stands for this digit in puzzle text: `1`-`9`, then `A`-`Z` for
    /// 10 to 35 (`G` = 16, `P` = 25). Larger digits have no character and are written as
    /// numbers.
    pub const fn to_char(self) -> Option<char> {
        match self.0 {
            1..=9 => Some((b'0' + self.0) as char),
            10..=35 => Some((b'A' + self.0 - 10) as char),
            _ => None,
        }
    }

    /// The digit a character stands for in puzzle text (the inverse of [`Digit::to_char`],
    /// letters in either case).
    pub const fn from_char(c: char) -> Option<Digit> {
        match c {
            '1'..='9' => Digit::new((c as u8 - b'0') as usize),
            'A'..='Z' => Digit::new((c as u8 - b'A') as usize + 10),
            'a'..='z' => Digit::new((c as u8 - b'a') as usize + 10),
            _ => None,
        }
    }
}

impl fmt::Display for Digit {
    /// Its character where it has one, else its number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_char() {
            Some(c) => write!(f, "{c}"),
            None => write!(f, "{}", self.0),
        }
    }
}

/// The kind of a unit: the three constraints every digit obeys.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum UnitKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box.
    Box,
}

/// One row, column or box, identified for messages.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Unit {
    /// Row, column or box.
    pub kind: UnitKind,
    /// Which one, from 0.
    pub index: usize,
}

impl fmt::Display for Unit {
    /// Human form, counted from 1: `row 3`, `column 7`, `box 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "box",
        };
        write!(f, "{kind} {}", self.index + 1)
    }
}

/// The tables of one shape: the cells of every unit and the peers of every cell, as
/// reading-order indices. Get one with [`Shape::geometry`].
#[derive(Debug)]
pub struct Geometry {
    shape: Shape,
    /// `units[u * side..][..side]`: the cells of unit `u` (rows, then columns, then boxes).
    units: Vec<u16>,
    /// `peers[i * n_peers..][..n_peers]`: the peers of cell `i`, in reading order.
    peers: Vec<u16>,
}

impl Geometry {
    fn build(shape: Shape) -> Geometry {
        let side = shape.side();
        let mut units = vec![0; shape.n_units() * side];
        for i in 0..side {
            for j in 0..side {
                units[i * side + j] = (i * side + j) as u16;
                units[(side + i) * side + j] = (j * side + i) as u16;
                let row = (i / shape.box_rows()) * shape.box_rows() + j / shape.box_cols();
                let col = (i % shape.box_rows()) * shape.box_cols() + j % shape.box_cols();
                units[(2 * side + i) * side + j] = (row * side + col) as u16;
            }
        }
        let mut peers = Vec::with_capacity(shape.n_cells() * shape.n_peers());
        for me in shape.cells() {
            let start = peers.len();
            peers.extend(
                shape
                    .cells()
                    .filter(|&them| {
                        them != me
                            && (me.row == them.row
                                || me.col == them.col
                                || shape.box_of(me) == shape.box_of(them))
                    })
                    .map(|them| shape.index(them) as u16),
            );
            debug_assert_eq!(peers.len() - start, shape.n_peers());
        }
        Geometry {
            shape,
            units,
            peers,
        }
    }

    /// The shape these tables are for.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The cells of unit `unit` as reading-order indices: rows 0..side, then columns, then
    /// boxes, each in reading order.
    #[inline]
    pub fn unit(&self, unit: usize) -> &[u16] {
        let side = self.shape.side();
        &self.units[unit * side..][..side]
    }

    /// The three units (row, column, box) that hold the cell with index `index`.
    #[inline]
    pub fn units_of(&self, index: usize) -> [usize; 3] {
        let side = self.shape.side();
        let cell = Cell {
            row: (index / side) as u8,
            col: (index % side) as u8,
        };
        [
            cell.row(),
            side + cell.col(),
            2 * side + self.shape.box_of(cell),
        ]
    }

    /// The unit with this index, named for messages.
    pub fn unit_name(&self, unit: usize) -> Unit {
        let side = self.shape.side();
        let kind = match unit / side {
            0 => UnitKind::Row,
            1 => UnitKind::Column,
            _ => UnitKind::Box,
        };
        Unit {
            kind,
            index: unit % side,
        }
    }

    /// The peers of the cell with index `index`, as reading-order indices.
    #[inline]
    pub fn peers(&self, index: usize) -> &[u16] {
        let n = self.shape.n_peers();
        &self.peers[index * n..][..n]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every shape the tests walk: each box shape with a side of at most 16, and a few larger.
    fn shapes() -> impl Iterator<Item = Shape> {
        let small = (1..=16).flat_map(|r| (1..=16 / r).map(move |c| Shape::new(r, c).unwrap()));
        small.chain([(5, 5), (4, 7), (8, 8), (1, 64)].map(|(r, c)| Shape::new(r, c).unwrap()))
    }

    #[test]
    fn boxes_tile_the_board() {
        for shape in shapes() {
            let geometry = shape.geometry();
            let side = shape.side();
            let mut seen = vec![0u8; shape.n_cells()];
            for unit in 2 * side..3 * side {
                for &cell in geometry.unit(unit) {
                    seen[cell as usize] += 1;
                    let cell = shape.cell_at(cell as usize).unwrap();
                    assert_eq!(shape.box_of(cell), unit - 2 * side, "{shape}");
                }
            }
            assert!(seen.iter().all(|&n| n == 1), "{shape}");
        }
        let nine = Shape::NINE.geometry();
        assert_eq!(nine.unit(2 * 9 + 4)[0], 30);
        assert_eq!(Shape::NINE.box_of(Shape::NINE.cell(8, 8).unwrap()), 8);
    }

    #[test]
    fn every_unit_of_a_cell_holds_it_and_peers_are_distinct() {
        for shape in shapes() {
            let geometry = shape.geometry();
            for cell in shape.cells() {
                let index = shape.index(cell);
                for unit in geometry.units_of(index) {
                    assert!(geometry.unit(unit).contains(&(index as u16)));
                }
                let peers = geometry.peers(index);
                assert!(!peers.contains(&(index as u16)));
                let mut sorted = peers.to_vec();
                sorted.dedup();
                assert_eq!(sorted.len(), shape.n_peers(), "{shape}");
            }
        }
    }

    #[test]
    fn default_shapes_are_the_squarest_with_fewer_rows() {
        let cases = [(16, 2, 2), (36, 2, 3), (64, 2, 4), (81, 3, 3), (100, 2, 5)];
        let more = [
            (144, 3, 4),
            (225, 3, 5),
            (256, 4, 4),
            (400, 4, 5),
            (625, 5, 5),
        ];
        for (cells, rows, cols) in cases.into_iter().chain(more) {
            assert_eq!(
                Shape::for_cells(cells),
                Some(Shape::new(rows, cols).unwrap())
            );
        }
        assert_eq!(Shape::for_cells(49), Some(Shape::new(1, 7).unwrap()));
        assert_eq!(Shape::for_cells(4096), Some(Shape::new(8, 8).unwrap()));
        assert_eq!(Shape::for_cells(80), None);
        assert_eq!(Shape::for_cells(65 * 65), None);
        assert_eq!(Shape::for_cells(0), None);
    }

    #[test]
    fn shapes_parse_and_refuse_what_no_board_has() {
        assert_eq!("3x4".parse::<Shape>(), Shape::new(3, 4));
        assert_eq!(" 2X3 ".parse::<Shape>(), Shape::new(2, 3));
        assert!(matches!("3".parse::<Shape>(), Err(ShapeError::Syntax(_))));
        assert!(matches!(
            "0x3".parse::<Shape>(),
            Err(ShapeError::Size { .. })
        ));
        let too_big = "9x8".parse::<Shape>().unwrap_err();
        assert_eq!(
            too_big.to_string(),
            "box shape 9x8 makes a board of side 72; the side must be 1 to 64"
        );
    }

    #[test]
    fn digits_round_trip_through_characters() {
        for digit in Shape::new(5, 7).unwrap().digits() {
            assert_eq!(Digit::from_char(digit.to_char().unwrap()), Some(digit));
            assert_eq!(Digit::from_bit(digit.bit()), digit);
        }
        assert_eq!(Digit::from_char('g'), Digit::new(16));
        assert_eq!(Digit::new(36).unwrap().to_char(), None);
        assert_eq!(Digit::new(36).unwrap().to_string(), "36");
        assert_eq!(Shape::NINE.digit(10), None);
        assert_eq!(Digit::new(0), None);
        assert_eq!(Digit::from_char('0'), None);
    }

    #[test]
    fn human_names_count_from_one() {
        let nine = Shape::NINE.geometry();
        assert_eq!(Shape::NINE.cell(2, 6).unwrap().to_string(), "r3c7");
        assert_eq!(nine.unit_name(9 + 4).to_string(), "column 5");
    }
}
