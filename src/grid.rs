//! A grid of digits: a puzzle's givens or a solution.
//!
//! [`Grid`] is what goes in and what comes out of every strategy. It knows the rules only as
//! far as checking them: [`Grid::conflict`] finds givens that break a rule, and
//! [`Grid::is_solution_of`] checks a finished grid against its puzzle. Searching belongs to the
//! strategies; the candidate masks a search keeps belong to [`crate::board`]; reading text belongs
//! to [`crate::format`].

use std::fmt::{self, Write as _};

use smallvec::SmallVec;

use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit, Shape, Unit};

/// Digits on the board; a cell is either empty or holds one digit.
///
/// A grid knows its [`Shape`]. Grids order by shape, then cell by cell in reading order, so
/// sorted solutions come out the same however they were found.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Grid {
    shape: Shape,
    /// 0 for an empty cell, else the digit; in reading order. A 9x9 grid needs no heap.
    cells: SmallVec<[u8; Grid::INLINE_CELLS]>,
}

/// Two givens that break a rule: the same digit twice in one row, column or box.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Conflict {
    /// The repeated digit.
    pub digit: Digit,
    /// Where it repeats.
    pub unit: Unit,
    /// The two cells that hold it, in reading order.
    pub cells: (Cell, Cell),
}

impl fmt::Display for Conflict {
    /// `5 twice in row 3 (r3c1 and r3c8)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} twice in {} ({} and {})",
            self.digit, self.unit, self.cells.0, self.cells.1
        )
    }
}

impl Grid {
    /// Cells a grid holds without a heap allocation: a 9x9 board's.
    pub(crate) const INLINE_CELLS: usize = 81;

    /// Bytes this grid occupies, on the heap included.
    pub(crate) fn bytes(&self) -> usize {
        size_of::<Grid>()
            + if self.cells.spilled() {
                self.cells.capacity()
            } else {
                0
            }
    }

    /// The grid of `shape` with every cell empty.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: SmallVec::from_elem(0, shape.n_cells()),
        }
    }

    /// The grid of `shape` whose cells, in reading order, hold `digits` (`None` for empty);
    /// `None` if there are not exactly [`Shape::n_cells`] of them or a digit is larger than the
    /// side.
    pub fn from_digits(
        shape: Shape,
        digits: impl IntoIterator<Item = Option<Digit>>,
    ) -> Option<Grid> {
        let cells: SmallVec<[u8; Grid::INLINE_CELLS]> = digits
            .into_iter()
            .map(|digit| digit.map_or(0, |d| d.get() as u8))
            .collect();
        let fits = cells.iter().all(|&v| usize::from(v) <= shape.side());
        (cells.len() == shape.n_cells() && fits).then_some(Grid { shape, cells })
    }

    /// The grid of `shape` whose cells, in reading order, hold `values` (0 for empty), which
    /// the caller has checked: one per cell, none larger than the side.
    #[inline]
    pub(crate) fn from_values(shape: Shape, values: &[u8]) -> Grid {
        debug_assert_eq!(values.len(), shape.n_cells());
        debug_assert!(values.iter().all(|&v| usize::from(v) <= shape.side()));
        Grid {
            shape,
            cells: SmallVec::from_slice(values),
        }
    }

    /// The shape of the board.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The digit in `cell`, if any.
    #[inline]
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new(usize::from(self.cells[self.shape.index(cell)]))
    }

    /// Puts `digit` in `cell`, or empties it with `None`. No rule is checked.
    ///
    /// Panics if the cell is not on the board or the digit is larger than its side.
    #[inline]
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        let value = digit.map_or(0, Digit::get);
        assert!(
            value <= self.shape.side(),
            "digit {value} on {} {}",
            crate::words::article(self.shape.side() as u128),
            self.shape
        );
        let index = self.shape.index(cell);
        self.cells[index] = value as u8;
    }

    /// The cells as numbers, 0 for empty, in reading order.
    #[inline]
    pub fn as_slice(&self) -> &[u8] {
        &self.cells
    }

    /// Number of filled cells.
    pub fn n_filled(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The first rule broken by the filled cells, scanning rows, then columns, then boxes.
    pub fn conflict(&self) -> Option<Conflict> {
        if !self.has_repeat() {
            return None;
        }
        let geometry = self.shape.geometry();
        let digit_at = |index: u16| Digit::new(usize::from(self.cells[usize::from(index)]));
        for unit in 0..self.shape.n_units() {
            let cells = geometry.unit(unit);
            let mut seen = Candidates::EMPTY;
            for (i, &index) in cells.iter().enumerate() {
                let Some(digit) = digit_at(index) else {
                    continue;
                };
                if !seen.contains(digit) {
                    seen.insert(digit);
                    continue;
                }
                let earlier = cells[..i]
                    .iter()
                    .copied()
                    .find(|&other| digit_at(other) == Some(digit))
                    .expect("a digit seen before stands in an earlier cell");
                let cell = |index: u16| {
                    self.shape
                        .cell_at(usize::from(index))
                        .expect("unit cells are on the board")
                };
                let (a, b) = (cell(earlier), cell(index));
                return Some(Conflict {
                    digit,
                    unit: geometry.unit_name(unit),
                    cells: (a.min(b), a.max(b)),
                });
            }
        }
        None
    }

    /// Whether a digit repeats in some unit: one pass over the cells with a digit set per unit,
    /// which the backtrackers' solve pays for (`bfs` and `dfs` ask only when their root board
    /// finds a broken rule); [`Grid::conflict`] then finds the first repeat in order.
    fn has_repeat(&self) -> bool {
        let (side, box_rows, box_cols) = (
            self.shape.side(),
            self.shape.box_rows(),
            self.shape.box_cols(),
        );
        let (mut columns, mut boxes) = ([0u64; 64], [0u64; 64]);
        // Without a branch or a division per cell: an empty cell is digit set 0, which finds
        // and adds nothing.
        let mut repeat = 0;
        for (row, cells) in self.cells.chunks_exact(side).enumerate() {
            let band = row / box_rows * box_rows;
            let mut seen = 0u64;
            for (stack, segment) in cells.chunks_exact(box_cols).enumerate() {
                // The box's set stays in a register along the segment.
                let mut in_box = boxes[band + stack];
                for (i, &value) in segment.iter().enumerate() {
                    let digit = u64::from(value != 0) << value.saturating_sub(1);
                    let column = &mut columns[stack * box_cols + i];
                    repeat |= (seen | *column | in_box) & digit;
                    seen |= digit;
                    *column |= digit;
                    in_box |= digit;
                }
                boxes[band + stack] = in_box;
            }
        }
        repeat != 0
    }

    /// Whether this grid is a valid, complete solution that keeps every given of `puzzle`.
    pub fn is_solution_of(&self, puzzle: &Grid) -> bool {
        if self.shape != puzzle.shape || !self.is_complete() {
            return false;
        }
        let keeps_givens = (self.cells.iter().zip(&puzzle.cells)).all(|(&v, &p)| p == 0 || p == v);
        let geometry = self.shape.geometry();
        let units_full = (0..self.shape.n_units()).all(|unit| {
            let digits: Candidates = geometry
                .unit(unit)
                .iter()
                .filter_map(|&index| Digit::new(usize::from(self.cells[usize::from(index)])))
                .collect();
            digits == self.shape.all_digits()
        });
        keeps_givens && units_full
    }

    /// The one-line form: the cells in reading order, `.` for an empty cell, digits above 9 as
    /// letters (`A` = 10 ... `Z` = 35). Boards of side 36 and more have no one-character digits:
    /// their line is the cells' numbers separated by spaces, `0` for an empty cell.
    pub fn to_line(&self) -> String {
        let mut line = String::new();
        self.push_line(&mut line);
        line
    }

    /// Appends [`Grid::to_line`]'s line to `text`, with no allocation of its own: a batch
    /// writes one line per puzzle into a buffer it keeps.
    ///
    /// ```
    /// let grid = explore::format::parse_one("1.34341221434.21").unwrap();
    /// let mut text = String::from("solution: ");
    /// grid.push_line(&mut text);
    /// assert_eq!(text, "solution: 1.34341221434.21");
    /// ```
    pub fn push_line(&self, text: &mut String) {
        if self.shape.side() > Digit::MAX_CHAR {
            for (i, value) in self.cells.iter().enumerate() {
                if i > 0 {
                    text.push(' ');
                }
                // Writing to a String cannot fail.
                let _ = write!(text, "{value}");
            }
            return;
        }
        // Bytes a chunk at a time, by arithmetic the compiler vectorises, then checked as text
        // at once: a char at a time cost ten times as much (a batch writes a line a puzzle).
        let mut chunk = [0; 128];
        text.reserve(self.cells.len());
        for cells in self.cells.chunks(chunk.len()) {
            let symbols = &mut chunk[..cells.len()];
            for (symbol, &v) in symbols.iter_mut().zip(cells) {
                // Every value is at most the side, here at most `MAX_CHAR`: `.`, `1` to `9`,
                // then `A` for 10 on.
                *symbol = match v {
                    0 => b'.',
                    1..=9 => b'0' + v,
                    _ => v.wrapping_add(b'A' - 10),
                };
            }
            text.push_str(std::str::from_utf8(symbols).expect("the symbols are ASCII"));
        }
    }
}

/// The bytes one kept solution of a `shape` board takes: the grid, and its cells on the heap
/// when there are more than [`Grid::INLINE_CELLS`].
pub(crate) fn solution_bytes(shape: Shape) -> usize {
    let heap = if shape.n_cells() > Grid::INLINE_CELLS {
        shape.n_cells()
    } else {
        0
    };
    size_of::<Grid>() + heap
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({}, {})", self.shape, self.to_line())
    }
}

impl fmt::Display for Grid {
    /// A boxed grid drawn to the box shape, one row per line, `.` for empty cells:
    ///
    /// ```text
    /// +-------+-------+-------+
    /// | 5 3 . | . 7 . | . . . |
    /// ...
    /// ```
    ///
    /// Boards of side 36 and more write each cell as its number, right-aligned.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shape = self.shape;
        let width = if shape.side() > Digit::MAX_CHAR { 2 } else { 1 };
        let rule = {
            let mut line = String::from("+");
            for _ in 0..shape.side() / shape.box_cols() {
                line.push_str(&"-".repeat((width + 1) * shape.box_cols() + 1));
                line.push('+');
            }
            line
        };
        for row in 0..shape.side() {
            if row % shape.box_rows() == 0 {
                writeln!(f, "{rule}")?;
            }
            for col in 0..shape.side() {
                if col % shape.box_cols() == 0 {
                    write!(f, "| ")?;
                }
                let cell = shape.cell(row, col).expect("row and col are on the board");
                match self.get(cell) {
                    None => write!(f, "{:>width$} ", '.')?,
                    Some(digit) => write!(f, "{:>width$} ", digit.to_string())?,
                }
            }
            writeln!(f, "|")?;
        }
        write!(f, "{rule}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{EASY_SOLUTION, grid};

    const NINE: Shape = Shape::NINE;

    #[test]
    fn line_form_round_trips() {
        let g = grid(EASY_SOLUTION);
        assert_eq!(g.to_line(), EASY_SOLUTION);
        assert!(g.is_complete());
        assert_eq!(g.n_filled(), 81);
    }

    #[test]
    fn a_solution_keeps_the_givens() {
        let solution = grid(EASY_SOLUTION);
        let mut puzzle = solution.clone();
        puzzle.set(NINE.cell(0, 0).unwrap(), None);
        assert!(solution.is_solution_of(&puzzle));
        puzzle.set(NINE.cell(0, 0).unwrap(), Digit::new(1));
        assert!(!solution.is_solution_of(&puzzle));
    }

    #[test]
    fn a_swapped_pair_is_not_a_solution() {
        let mut g = grid(EASY_SOLUTION);
        let (a, b) = (NINE.cell(0, 0).unwrap(), NINE.cell(0, 1).unwrap());
        let (da, db) = (g.get(a), g.get(b));
        g.set(a, db);
        g.set(b, da);
        assert!(!g.is_solution_of(&Grid::empty(NINE)));
        assert!(g.conflict().is_some());
    }

    #[test]
    fn conflict_names_digit_unit_and_cells() {
        let mut g = Grid::empty(NINE);
        g.set(NINE.cell(2, 0).unwrap(), Digit::new(5));
        g.set(NINE.cell(2, 7).unwrap(), Digit::new(5));
        let conflict = g.conflict().unwrap();
        assert_eq!(conflict.to_string(), "5 twice in row 3 (r3c1 and r3c8)");
        assert_eq!(grid(EASY_SOLUTION).conflict(), None);
    }

    #[test]
    fn display_draws_boxes() {
        let text = grid(EASY_SOLUTION).to_string();
        assert!(text.starts_with("+-------+-------+-------+\n| 5 3 4 | 6 7 8 | 9 1 2 |\n"));
        assert_eq!(text.lines().count(), 9 + 3 + 1);
    }

    #[test]
    fn display_draws_rectangular_boxes() {
        let six = Shape::new(2, 3).unwrap();
        let mut g = Grid::empty(six);
        g.set(six.cell(5, 5).unwrap(), six.digit(6));
        let text = g.to_string();
        assert!(text.starts_with("+-------+-------+\n| . . . | . . . |\n"));
        assert!(text.ends_with("| . . . | . . 6 |\n+-------+-------+"));
        assert_eq!(text.lines().count(), 6 + 3 + 1);
    }

    #[test]
    fn large_boards_write_letters_then_numbers() {
        let sixteen = Shape::new(4, 4).unwrap();
        let mut g = Grid::empty(sixteen);
        g.set(sixteen.cell(0, 1).unwrap(), sixteen.digit(16));
        assert_eq!(&g.to_line()[..3], ".G.");
        // Side 35, the largest with a character per digit: the line writes each digit's own.
        let widest = Shape::new(5, 7).unwrap();
        let mut g = Grid::empty(widest);
        for digit in widest.digits() {
            g.set(widest.cell(0, digit.get() - 1).unwrap(), Some(digit));
        }
        let first_row: String = widest.digits().filter_map(Digit::to_char).collect();
        assert_eq!(g.to_line()[..35], first_row);
        assert_eq!(g.to_line().len(), 35 * 35);
        let big = Shape::new(6, 6).unwrap();
        let mut g = Grid::empty(big);
        g.set(big.cell(0, 1).unwrap(), big.digit(36));
        assert!(g.to_line().starts_with("0 36 0 "));
        assert!(
            g.to_string()
                .lines()
                .nth(1)
                .unwrap()
                .starts_with("|  . 36  . ")
        );
        assert_eq!(Grid::from_digits(sixteen, [None; 255]), None);
        let too_large = std::iter::repeat_n(Digit::new(17), 256);
        assert_eq!(Grid::from_digits(sixteen, too_large), None);
    }
}
