//! The search board: a candidate set for every cell, and the cells already settled.
//!
//! A [`Board`] is plain data with no heap allocation (about 200 bytes for 9x9), so cloning it is
//! a memory copy: the breadth-first engine clones one per child at every branch point. It
//! owns the two inference rules ([`Forced`]), the choice of branch cell ([`Branch`]) and the
//! test for a dead board. Which boards to expand, in which order, and what to count, is left to
//! the strategies.
//!
//! A cell is *settled* once its digit has been removed from all its peers. A cell whose
//! candidates have shrunk to one digit but which is not settled yet is *pending*; settling it
//! is what "filling a forced cell" means.

use crate::candidates::Candidates;
use crate::config::{Branch, Forced};
use crate::geometry::{Cell, Digit, N_CELLS, N_UNITS, PEERS, SIZE, UNITS};
use crate::grid::Grid;

/// Bitset of cells, one bit per cell index.
type CellSet = u128;
const _: () = assert!(
    N_CELLS <= CellSet::BITS as usize,
    "CellSet too narrow for N_CELLS"
);
const ALL_CELLS: CellSet = CellSet::MAX >> (CellSet::BITS as usize - N_CELLS);
const ALL_DIGITS: u32 = (1 << SIZE) - 1;

/// The cells of each unit, as bitsets, in the order of [`UNITS`].
static UNIT_SETS: [CellSet; N_UNITS] = {
    let mut sets = [0; N_UNITS];
    let mut unit = 0;
    while unit < N_UNITS {
        let mut i = 0;
        while i < SIZE {
            sets[unit] |= 1 << UNITS[unit][i].index();
            i += 1;
        }
        unit += 1;
    }
    sets
};

const ALL_UNITS: u32 = (1 << N_UNITS) - 1;
const _: () = assert!(N_UNITS <= u32::BITS as usize, "unit sets are u32");

/// The units of each cell, as bitsets over unit indices.
static UNITS_OF: [u32; N_CELLS] = {
    let mut sets = [0; N_CELLS];
    let mut unit = 0;
    while unit < N_UNITS {
        let mut i = 0;
        while i < SIZE {
            sets[UNITS[unit][i].index()] |= 1 << unit;
            i += 1;
        }
        unit += 1;
    }
    sets
};

/// The peers of each cell, as bitsets.
static PEER_SETS: [CellSet; N_CELLS] = {
    let mut sets = [0; N_CELLS];
    let mut cell = 0;
    while cell < N_CELLS {
        let mut i = 0;
        while i < PEERS[cell].len() {
            sets[cell] |= 1 << PEERS[cell][i].index();
            i += 1;
        }
        cell += 1;
    }
    sets
};

/// A board being searched: for every digit, the cells where it may still stand, and the set of
/// settled cells.
///
/// Keeping one cell bitset per digit (rather than one digit set per cell) makes the two hot
/// operations a handful of word operations: settling a cell clears it from the other digits
/// and clears its peers from its own digit; and counting how many candidates every cell has at
/// once, which finds naked singles and dead cells, is a bit-sliced addition over the digits.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    /// `places[d]`: cells where digit `d + 1` may stand, including where it is settled.
    places: [CellSet; SIZE],
    settled: CellSet,
    /// `done[d]`: the units (bits over unit indices) where digit `d + 1` is settled; the
    /// hidden-single scan skips them.
    done: [u32; SIZE],
    /// Digits whose places changed since the last hidden-single scan (bit `d` for digit `d + 1`).
    /// A scan that found nothing needs no repeat until one of them changes.
    changed: u32,
}

// Cloning a board is the breadth-first engine's unit of work: keep it a small memory copy.
const _: () = assert!(Board::BYTES <= 256, "a board should stay a small copy");

/// The board cannot be completed: a cell has no candidate left, or a digit has no place left in
/// a row, column or box.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Dead;

impl Board {
    /// Bytes one board occupies; the unit of the frontier's memory figures.
    pub const BYTES: usize = std::mem::size_of::<Board>();

    /// The board of a puzzle: givens settled, their digits removed from their peers. Givens that
    /// break a rule make a board that [`Board::fill_forced`] reports dead.
    pub fn new(puzzle: &Grid) -> Board {
        let mut board = Board {
            places: [ALL_CELLS; SIZE],
            settled: 0,
            done: [0; SIZE],
            changed: ALL_DIGITS,
        };
        for cell in Cell::all() {
            if let Some(digit) = puzzle.get(cell) {
                board.settle(cell.index(), digit.bit() as usize);
            }
        }
        board
    }

    /// The candidates of `cell`.
    #[inline]
    pub fn candidates(&self, cell: Cell) -> Candidates {
        let bit = 1 << cell.index();
        let mut set = Candidates::EMPTY;
        for (digit, places) in Digit::all().zip(&self.places) {
            if places & bit != 0 {
                set.insert(digit);
            }
        }
        set
    }

    /// Whether `cell` is settled.
    #[inline]
    pub fn is_settled(&self, cell: Cell) -> bool {
        self.settled & (1 << cell.index()) != 0
    }

    /// Number of settled cells.
    #[inline]
    pub fn n_settled(&self) -> usize {
        self.settled.count_ones() as usize
    }

    /// Whether every cell is settled: the board is a solution.
    #[inline]
    pub fn is_complete(&self) -> bool {
        self.settled == ALL_CELLS
    }

    /// The child in which `cell` holds `digit`: a copy of this board with the digit settled.
    /// The child may be dead; [`Board::fill_forced`] will say so.
    #[inline]
    pub fn child(&self, cell: Cell, digit: Digit) -> Board {
        let mut child = self.clone();
        child.settle(cell.index(), digit.bit() as usize);
        child
    }

    /// The settled digits as a grid; unsettled cells are empty.
    pub fn to_grid(&self) -> Grid {
        let mut grid = Grid::EMPTY;
        for (digit, places) in Digit::all().zip(&self.places) {
            let mut cells = places & self.settled;
            while cells != 0 {
                let index = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                if let Some(cell) = Cell::new(index) {
                    grid.set(cell, Some(digit));
                }
            }
        }
        grid
    }

    /// Settles cell `index` with digit bit `digit`: the cell leaves every other digit's places,
    /// and its peers leave this digit's.
    #[inline]
    fn settle(&mut self, index: usize, digit: usize) {
        let bit: CellSet = 1 << index;
        let mut changed = 0;
        for (other, places) in self.places.iter_mut().enumerate() {
            changed |= u32::from(*places & bit != 0) << other;
            *places &= !bit;
        }
        self.changed |= changed;
        self.places[digit] = (self.places[digit] & !PEER_SETS[index]) | bit;
        self.changed |= 1 << digit;
        self.done[digit] |= UNITS_OF[index];
        self.settled |= bit;
    }

    /// Cells with at least one candidate, and cells with at least two.
    #[inline]
    fn counts(&self) -> (CellSet, CellSet) {
        let (mut once, mut twice) = (0, 0);
        for &places in &self.places {
            twice |= once & places;
            once |= places;
        }
        (once, twice)
    }

    /// Fills forced cells until none is left, by `rule`, and returns how many it filled.
    ///
    /// Each round settles every naked single (an unsettled cell with one candidate). When there
    /// is none, [`Forced::Hidden`] scans each digit's places in every row, column and box: a
    /// unit with a single place for a digit makes that cell hold only that digit, a naked single
    /// for the next round. Both rules find a board dead when a cell runs out of candidates; the
    /// hidden rule also when a digit runs out of places in a unit.
    pub fn fill_forced(&mut self, rule: Forced) -> Result<u32, Dead> {
        let mut filled = 0;
        loop {
            let (once, twice) = self.counts();
            if once != ALL_CELLS {
                return Err(Dead);
            }
            let mut singles = once & !twice & !self.settled;
            if singles != 0 {
                while singles != 0 {
                    let index = singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    let bit = 1 << index;
                    // Settling an earlier single of this round may have emptied this cell.
                    let digit = self.places.iter().position(|places| places & bit != 0);
                    self.settle(index, digit.ok_or(Dead)?);
                    filled += 1;
                }
                continue;
            }
            if rule == Forced::Naked || self.is_complete() || !self.find_hidden()? {
                return Ok(filled);
            }
        }
    }

    /// Restricts every hidden single's cell to its digit. Returns whether it found any.
    fn find_hidden(&mut self) -> Result<bool, Dead> {
        let mut found = false;
        let mut digits = std::mem::take(&mut self.changed);
        while digits != 0 {
            let digit = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let places = self.places[digit];
            if places & !self.settled == 0 {
                // Placed everywhere it can be: dead unless it stands in every unit.
                if places.count_ones() as usize != SIZE {
                    return Err(Dead);
                }
                continue;
            }
            // Units where the digit is settled need no look: their only place is taken.
            let mut open_units = !self.done[digit] & ALL_UNITS;
            let mut hidden: CellSet = 0;
            while open_units != 0 {
                let unit = open_units.trailing_zeros() as usize;
                open_units &= open_units - 1;
                let here = places & UNIT_SETS[unit];
                if here & here.wrapping_sub(1) == 0 {
                    if here == 0 {
                        return Err(Dead);
                    }
                    hidden |= here;
                }
            }
            hidden &= !self.settled;
            if hidden != 0 {
                found = true;
                for (other, places) in self.places.iter_mut().enumerate() {
                    if other != digit && *places & hidden != 0 {
                        *places &= !hidden;
                        self.changed |= 1 << other;
                    }
                }
            }
        }
        Ok(found)
    }

    /// The cell to branch on by `rule`, or `None` when every cell is settled.
    ///
    /// Call after [`Board::fill_forced`], when every unsettled cell has two or more candidates.
    #[inline]
    pub fn branch_cell(&self, rule: Branch) -> Option<Cell> {
        let open = !self.settled & ALL_CELLS;
        if open == 0 {
            return None;
        }
        let chosen = match rule {
            Branch::First => open,
            Branch::Fewest => self.fewest(open),
        };
        Cell::new(chosen.trailing_zeros() as usize)
    }

    /// The cells of `open` with the fewest candidates, by bit-sliced counting over the digits.
    #[inline]
    fn fewest(&self, open: CellSet) -> CellSet {
        // counts[k]: cells with more than k candidates.
        let mut more = [0 as CellSet; SIZE];
        for &places in &self.places {
            for k in (1..SIZE).rev() {
                more[k] |= more[k - 1] & places;
            }
            more[0] |= places;
        }
        for k in 1..SIZE {
            let exactly = open & more[k - 1] & !more[k];
            if exactly != 0 {
                return exactly;
            }
        }
        open
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(line: &str) -> Grid {
        crate::format::parse_one(line).expect("test puzzle reads")
    }

    /// Solved by naked singles alone.
    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const EASY_SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn naked_singles_solve_an_easy_puzzle() {
        let mut board = Board::new(&grid(EASY));
        let givens = grid(EASY).n_filled();
        let filled = board.fill_forced(Forced::Naked).unwrap();
        assert!(board.is_complete());
        assert_eq!(filled as usize, N_CELLS - givens);
        assert_eq!(board.to_grid().to_line(), EASY_SOLUTION);
        assert_eq!(board.branch_cell(Branch::Fewest), None);
    }

    #[test]
    fn hidden_singles_go_further_than_naked() {
        // A hard puzzle: naked singles stall early, hidden singles settle more cells.
        let puzzle = grid(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        );
        let mut naked = Board::new(&puzzle);
        let mut hidden = Board::new(&puzzle);
        naked.fill_forced(Forced::Naked).unwrap();
        hidden.fill_forced(Forced::Hidden).unwrap();
        assert!(hidden.n_settled() >= naked.n_settled());
        for cell in Cell::all() {
            assert_eq!(
                hidden.candidates(cell) & naked.candidates(cell),
                hidden.candidates(cell),
                "hidden singles only remove candidates"
            );
        }
    }

    #[test]
    fn a_wrong_guess_dies() {
        let puzzle = grid(EASY);
        let board = Board::new(&puzzle);
        let r1c3 = Cell::at(0, 2).unwrap();
        let solution = grid(EASY_SOLUTION);
        for digit in board.candidates(r1c3) {
            let mut child = board.child(r1c3, digit);
            let result = child.fill_forced(Forced::Hidden);
            if Some(digit) == solution.get(r1c3) {
                assert!(result.is_ok());
                assert_eq!(child.to_grid(), solution);
            } else {
                assert_eq!(result, Err(Dead), "{digit} at r1c3 should die");
            }
        }
    }

    #[test]
    fn conflicting_givens_are_dead() {
        let mut puzzle = Grid::EMPTY;
        puzzle.set(Cell::at(0, 0).unwrap(), Digit::new(5));
        puzzle.set(Cell::at(0, 5).unwrap(), Digit::new(5));
        assert_eq!(Board::new(&puzzle).fill_forced(Forced::Naked), Err(Dead));
    }

    #[test]
    fn branch_rules_pick_first_and_fewest() {
        let mut board = Board::new(&grid(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        ));
        board.fill_forced(Forced::Hidden).unwrap();
        let first = Cell::all().find(|&cell| !board.is_settled(cell));
        assert_eq!(board.branch_cell(Branch::First), first);
        let fewest = board.branch_cell(Branch::Fewest).unwrap();
        let min = Cell::all()
            .filter(|&cell| !board.is_settled(cell))
            .map(|cell| board.candidates(cell).len())
            .min()
            .unwrap();
        assert_eq!(board.candidates(fewest).len(), min);
    }
}
