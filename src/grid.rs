//! A grid of digits: a puzzle's givens or a solution.
//!
//! [`Grid`] is what goes in and what comes out of every strategy. It knows the rules only as
//! far as checking them: [`Grid::conflict`] finds givens that break a rule, and
//! [`Grid::is_solution_of`] checks a finished grid against its puzzle. Searching belongs to the
//! strategies; the candidate masks a search keeps belong to [`crate::board`]; reading text belongs
//! to [`crate::format`].

use std::fmt;

use crate::candidates::Candidates;
use crate::geometry::{BOX_HEIGHT, BOX_WIDTH, Cell, Digit, N_CELLS, N_UNITS, SIZE, UNITS, Unit};

/// Digits on the board; a cell is either empty or holds one digit.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Grid {
    /// 0 for an empty cell, else the digit.
    cells: [u8; N_CELLS],
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
    /// The grid with every cell empty.
    pub const EMPTY: Grid = Grid {
        cells: [0; N_CELLS],
    };

    /// The digit in `cell`, if any.
    #[inline]
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.cells[cell.index()])
    }

    /// Puts `digit` in `cell`, or empties it with `None`. No rule is checked.
    #[inline]
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        self.cells[cell.index()] = digit.map_or(0, Digit::get);
    }

    /// The cells as numbers, 0 for empty, in reading order.
    #[inline]
    pub fn as_array(&self) -> &[u8; N_CELLS] {
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
        for (index, unit) in UNITS.iter().enumerate().take(N_UNITS) {
            let mut seen = Candidates::EMPTY;
            for (i, &cell) in unit.iter().enumerate() {
                let Some(digit) = self.get(cell) else {
                    continue;
                };
                if !seen.contains(digit) {
                    seen.insert(digit);
                    continue;
                }
                let earlier = unit[..i]
                    .iter()
                    .copied()
                    .find(|&other| self.get(other) == Some(digit))
                    .expect("a digit seen before stands in an earlier cell");
                return Some(Conflict {
                    digit,
                    unit: Unit::from_index(index),
                    cells: (earlier.min(cell), earlier.max(cell)),
                });
            }
        }
        None
    }

    /// Whether this grid is a valid, complete solution that keeps every given of `puzzle`.
    pub fn is_solution_of(&self, puzzle: &Grid) -> bool {
        let keeps_givens = Cell::all()
            .all(|cell| puzzle.get(cell).is_none() || puzzle.get(cell) == self.get(cell));
        let units_full = UNITS.iter().all(|unit| {
            let digits: Candidates = unit.iter().filter_map(|&cell| self.get(cell)).collect();
            digits == Candidates::ALL
        });
        self.is_complete() && keeps_givens && units_full
    }

    /// The one-line form: [`N_CELLS`] characters in reading order, `.` for an empty cell.
    pub fn to_line(&self) -> String {
        Cell::all()
            .map(|cell| self.get(cell).map_or('.', Digit::to_char))
            .collect()
    }
}

impl Default for Grid {
    fn default() -> Grid {
        Grid::EMPTY
    }
}

impl FromIterator<Option<Digit>> for Grid {
    /// Fills cells in reading order; extra items are ignored and missing ones stay empty.
    fn from_iter<I: IntoIterator<Item = Option<Digit>>>(iter: I) -> Grid {
        let mut grid = Grid::EMPTY;
        for (cell, digit) in Cell::all().zip(iter) {
            grid.set(cell, digit);
        }
        grid
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

impl fmt::Display for Grid {
    /// A boxed grid, one row per line, `.` for empty cells:
    ///
    /// ```text
    /// +-------+-------+-------+
    /// | 5 3 . | . 7 . | . . . |
    /// ...
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rule = {
            let mut line = String::from("+");
            for _ in 0..SIZE / BOX_WIDTH {
                line.push_str(&"-".repeat(2 * BOX_WIDTH + 1));
                line.push('+');
            }
            line
        };
        for row in 0..SIZE {
            if row % BOX_HEIGHT == 0 {
                writeln!(f, "{rule}")?;
            }
            for col in 0..SIZE {
                if col % BOX_WIDTH == 0 {
                    write!(f, "| ")?;
                }
                let cell = Cell::at(row, col).expect("row and col are on the board");
                write!(f, "{} ", self.get(cell).map_or('.', Digit::to_char))?;
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

    #[test]
    fn line_form_round_trips() {
        let g = grid(EASY_SOLUTION);
        assert_eq!(g.to_line(), EASY_SOLUTION);
        assert!(g.is_complete());
        assert_eq!(g.n_filled(), N_CELLS);
    }

    #[test]
    fn a_solution_keeps_the_givens() {
        let solution = grid(EASY_SOLUTION);
        let mut puzzle = solution;
        puzzle.set(Cell::new(0).unwrap(), None);
        assert!(solution.is_solution_of(&puzzle));
        puzzle.set(Cell::new(0).unwrap(), Digit::new(1));
        assert!(!solution.is_solution_of(&puzzle));
    }

    #[test]
    fn a_swapped_pair_is_not_a_solution() {
        let mut g = grid(EASY_SOLUTION);
        let (a, b) = (Cell::new(0).unwrap(), Cell::new(1).unwrap());
        let (da, db) = (g.get(a), g.get(b));
        g.set(a, db);
        g.set(b, da);
        assert!(!g.is_solution_of(&Grid::EMPTY));
        assert!(g.conflict().is_some());
    }

    #[test]
    fn conflict_names_digit_unit_and_cells() {
        let mut g = Grid::EMPTY;
        g.set(Cell::at(2, 0).unwrap(), Digit::new(5));
        g.set(Cell::at(2, 7).unwrap(), Digit::new(5));
        let conflict = g.conflict().unwrap();
        assert_eq!(conflict.to_string(), "5 twice in row 3 (r3c1 and r3c8)");
        assert_eq!(grid(EASY_SOLUTION).conflict(), None);
    }

    #[test]
    fn display_draws_boxes() {
        let text = grid(EASY_SOLUTION).to_string();
        assert!(text.starts_with("+-------+-------+-------+\n| 5 3 4 | 6 7 8 | 9 1 2 |\n"));
        assert_eq!(text.lines().count(), SIZE + SIZE / BOX_HEIGHT + 1);
    }
}
