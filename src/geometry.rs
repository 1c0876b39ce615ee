//! The shape of the board: box width and height, and everything derived from them.
//!
//! This module is the one place that knows the board is 9x9 with 3x3 boxes. Every other size
//! (4x4, 6x6, 16x16, 25x25) is a different pair of [`BOX_WIDTH`] and [`BOX_HEIGHT`]; the rest of
//! the crate reads the derived constants and tables here and never writes a literal 9, 81 or 3.
//! The tables are built at compile time, so the 9x9 hot paths index plain constant arrays.
//!
//! It owns the newtypes for places and values on the board, [`Cell`] and [`Digit`], and the unit
//! tables (rows, columns, boxes) and peer lists that the strategies and the board share.

use std::fmt;

/// Width of a box, in cells.
pub const BOX_WIDTH: usize = 3;
/// Height of a box, in cells.
pub const BOX_HEIGHT: usize = 3;
/// Cells in a row, column or box; also the number of digits.
pub const SIZE: usize = BOX_WIDTH * BOX_HEIGHT;
/// Cells on the board.
pub const N_CELLS: usize = SIZE * SIZE;
/// Rows, columns and boxes together.
pub const N_UNITS: usize = 3 * SIZE;
/// Other cells that share a row, column or box with a cell.
pub const N_PEERS: usize = 2 * (SIZE - 1) + (BOX_WIDTH - 1) * (BOX_HEIGHT - 1);

/// A cell of the board, numbered 0 to [`N_CELLS`] - 1 in reading order (left to right, top to
/// bottom). Rows, columns and boxes are numbered from 0 too; human-facing text adds 1.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cell(u16);

impl Cell {
    /// The cell with this reading-order index, if it is on the board.
    pub const fn new(index: usize) -> Option<Cell> {
        if index < N_CELLS {
            Some(Cell(index as u16))
        } else {
            None
        }
    }

    /// The cell at `row` and `col` (both from 0), if it is on the board.
    pub const fn at(row: usize, col: usize) -> Option<Cell> {
        if row < SIZE && col < SIZE {
            Some(Cell((row * SIZE + col) as u16))
        } else {
            None
        }
    }

    /// Every cell in reading order.
    pub fn all() -> impl Iterator<Item = Cell> + Clone {
        (0..N_CELLS as u16).map(Cell)
    }

    /// Reading-order index, 0 to [`N_CELLS`] - 1.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Row, from 0 at the top.
    #[inline]
    pub const fn row(self) -> usize {
        self.index() / SIZE
    }

    /// Column, from 0 at the left.
    #[inline]
    pub const fn col(self) -> usize {
        self.index() % SIZE
    }

    /// Box, from 0 at the top left, in reading order.
    #[inline]
    pub const fn box_index(self) -> usize {
        (self.row() / BOX_HEIGHT) * BOX_HEIGHT + self.col() / BOX_WIDTH
    }

    /// The cells that share a row, column or box with this one.
    #[inline]
    pub fn peers(self) -> &'static [Cell; N_PEERS] {
        &PEERS[self.index()]
    }

    /// The three units (row, column, box) that hold this cell, as indices into [`UNITS`].
    #[inline]
    pub fn units(self) -> [usize; 3] {
        [self.row(), SIZE + self.col(), 2 * SIZE + self.box_index()]
    }
}

impl fmt::Display for Cell {
    /// Human form, counted from 1: `r3c7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

/// A digit that may stand in a cell: 1 to [`SIZE`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Digit(u8);

impl Digit {
    /// The digit `value`, if it is between 1 and [`SIZE`].
    pub const fn new(value: u8) -> Option<Digit> {
        if value >= 1 && value as usize <= SIZE {
            Some(Digit(value))
        } else {
            None
        }
    }

    /// Every digit, ascending.
    pub fn all() -> impl Iterator<Item = Digit> + Clone {
        (1..=SIZE as u8).map(Digit)
    }

    /// The digit as a number, 1 to [`SIZE`].
    #[inline]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The digit as a bit position, 0 to [`SIZE`] - 1.
    #[inline]
    pub const fn bit(self) -> u32 {
        self.0 as u32 - 1
    }

    /// The digit written by its bit position, 0 to [`SIZE`] - 1.
    #[inline]
    pub const fn from_bit(bit: u32) -> Option<Digit> {
        Digit::new(bit as u8 + 1)
    }

    /// The character that stands for this digit in puzzle text: `1`-`9`, then `A`-`P` for the
    /// larger boards.
    pub const fn to_char(self) -> char {
        if self.0 <= 9 {
            (b'0' + self.0) as char
        } else {
            (b'A' + self.0 - 10) as char
        }
    }

    /// The digit a character stands for in puzzle text (the inverse of [`Digit::to_char`]).
    pub const fn from_char(c: char) -> Option<Digit> {
        match c {
            '1'..='9' => Digit::new(c as u8 - b'0'),
            'A'..='Z' => Digit::new(c as u8 - b'A' + 10),
            'a'..='z' => Digit::new(c as u8 - b'a' + 10),
            _ => None,
        }
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// The kind of a unit: the three constraints every digit obeys.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize)]
#[serde(rename_all = "lowercase")]
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

impl Unit {
    /// The unit with this index into [`UNITS`]: rows first, then columns, then boxes.
    pub const fn from_index(unit: usize) -> Unit {
        let kind = match unit / SIZE {
            0 => UnitKind::Row,
            1 => UnitKind::Column,
            _ => UnitKind::Box,
        };
        Unit {
            kind,
            index: unit % SIZE,
        }
    }

    /// The cells of this unit.
    pub fn cells(self) -> &'static [Cell; SIZE] {
        let offset = match self.kind {
            UnitKind::Row => 0,
            UnitKind::Column => SIZE,
            UnitKind::Box => 2 * SIZE,
        };
        &UNITS[offset + self.index]
    }
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

/// The cells of every unit: rows 0..SIZE, then columns, then boxes, each in reading order.
pub static UNITS: [[Cell; SIZE]; N_UNITS] = build_units();

/// For every cell, its [`N_PEERS`] peers in reading order.
pub static PEERS: [[Cell; N_PEERS]; N_CELLS] = build_peers();

const fn build_units() -> [[Cell; SIZE]; N_UNITS] {
    let mut units = [[Cell(0); SIZE]; N_UNITS];
    let mut i = 0;
    while i < SIZE {
        let mut j = 0;
        while j < SIZE {
            units[i][j] = Cell((i * SIZE + j) as u16);
            units[SIZE + i][j] = Cell((j * SIZE + i) as u16);
            let row = (i / BOX_HEIGHT) * BOX_HEIGHT + j / BOX_WIDTH;
            let col = (i % BOX_HEIGHT) * BOX_WIDTH + j % BOX_WIDTH;
            units[2 * SIZE + i][j] = Cell((row * SIZE + col) as u16);
            j += 1;
        }
        i += 1;
    }
    units
}

const fn build_peers() -> [[Cell; N_PEERS]; N_CELLS] {
    let mut peers = [[Cell(0); N_PEERS]; N_CELLS];
    let mut cell = 0;
    while cell < N_CELLS {
        let me = Cell(cell as u16);
        let mut n = 0;
        let mut other = 0;
        while other < N_CELLS {
            let them = Cell(other as u16);
            let shares = me.row() == them.row()
                || me.col() == them.col()
                || me.box_index() == them.box_index();
            if other != cell && shares {
                peers[cell][n] = them;
                n += 1;
            }
            other += 1;
        }
        assert!(n == N_PEERS);
        cell += 1;
    }
    peers
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_tile_the_board() {
        let mut seen = [0u8; N_CELLS];
        for unit in &UNITS[2 * SIZE..] {
            for cell in unit {
                seen[cell.index()] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n == 1));
        assert_eq!(UNITS[2 * SIZE + 4][0], Cell::at(3, 3).unwrap());
        assert_eq!(Cell::at(8, 8).unwrap().box_index(), SIZE - 1);
    }

    #[test]
    fn every_unit_of_a_cell_holds_it() {
        for cell in Cell::all() {
            for unit in cell.units() {
                assert!(UNITS[unit].contains(&cell), "{cell} not in unit {unit}");
                assert_eq!(Unit::from_index(unit).cells(), &UNITS[unit]);
            }
        }
    }

    #[test]
    fn peers_are_distinct_and_exclude_the_cell() {
        for cell in Cell::all() {
            let peers = cell.peers();
            assert!(!peers.contains(&cell));
            let mut sorted = peers.to_vec();
            sorted.dedup();
            assert_eq!(sorted.len(), N_PEERS);
        }
    }

    #[test]
    fn digits_round_trip_through_characters() {
        for digit in Digit::all() {
            assert_eq!(Digit::from_char(digit.to_char()), Some(digit));
            assert_eq!(Digit::from_bit(digit.bit()), Some(digit));
        }
        assert_eq!(Digit::new(0), None);
        assert_eq!(Digit::new(SIZE as u8 + 1), None);
        assert_eq!(Digit::from_char('0'), None);
    }

    #[test]
    fn human_names_count_from_one() {
        assert_eq!(Cell::at(2, 6).unwrap().to_string(), "r3c7");
        assert_eq!(Unit::from_index(SIZE + 4).to_string(), "column 5");
    }
}
