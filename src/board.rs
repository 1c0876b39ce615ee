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
use crate::geometry::{Cell, Digit, N_CELLS, PEERS, UNITS};
use crate::grid::Grid;

/// Bitset of cells, one bit per cell index.
type CellSet = u128;
const _: () = assert!(N_CELLS <= CellSet::BITS as usize, "CellSet too narrow for N_CELLS");
const ALL_CELLS: CellSet = CellSet::MAX >> (CellSet::BITS as usize - N_CELLS);

/// A board being searched: candidates per cell and the set of settled cells.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    candidates: [Candidates; N_CELLS],
    settled: CellSet,
}

/// The board cannot be completed: a cell has no candidate left, or a digit has no place left in
/// a row, column or box.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Dead;

impl Board {
    /// Bytes one board occupies; the unit of the frontier's memory figures.
    pub const BYTES: usize = std::mem::size_of::<Board>();

    /// The board of a puzzle: givens settled, their digits removed from their peers. Givens that
    /// break a rule, or a cell left with no candidate, make a board that [`Board::fill_forced`]
    /// reports dead.
    pub fn new(puzzle: &Grid) -> Board {
        let mut board = Board {
            candidates: [Candidates::ALL; N_CELLS],
            settled: 0,
        };
        for cell in Cell::all() {
            if let Some(digit) = puzzle.get(cell) {
                board.candidates[cell.index()] = Candidates::single(digit);
            }
        }
        for cell in Cell::all() {
            if let Some(digit) = puzzle.get(cell) {
                board.settle(cell, digit);
            }
        }
        // A given that a peer's equal given stripped bare is left unsettled, so that
        // `fill_forced` finds the board dead.
        for cell in Cell::all() {
            if board.candidates(cell).is_empty() {
                board.settled &= !(1 << cell.index());
            }
        }
        board
    }

    /// The candidates of `cell`.
    #[inline]
    pub fn candidates(&self, cell: Cell) -> Candidates {
        self.candidates[cell.index()]
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
        child.candidates[cell.index()] = Candidates::single(digit);
        child.settle(cell, digit);
        child
    }

    /// The settled digits as a grid; unsettled cells are empty.
    pub fn to_grid(&self) -> Grid {
        Cell::all()
            .map(|cell| {
                if self.is_settled(cell) {
                    self.candidates(cell).single_digit()
                } else {
                    None
                }
            })
            .collect()
    }

    /// Marks `cell` settled with `digit` and removes the digit from every peer. A peer left
    /// with no candidate is found by the next [`Board::fill_forced`].
    #[inline]
    fn settle(&mut self, cell: Cell, digit: Digit) {
        self.settled |= 1 << cell.index();
        let mask = !Candidates::single(digit);
        for peer in cell.peers() {
            self.candidates[peer.index()] &= mask;
        }
    }

    /// Fills forced cells until none is left, by `rule`, and returns how many it filled.
    ///
    /// Naked singles are settled one by one; settling one may create others. With
    /// [`Forced::Hidden`], each row, column and box is then scanned for a digit that has a
    /// single place left; that cell becomes pending and the loop goes on until a full scan finds
    /// nothing new. Both rules find a board dead when a cell runs out of candidates; the hidden
    /// rule also when a digit runs out of places in a unit.
    pub fn fill_forced(&mut self, rule: Forced) -> Result<u32, Dead> {
        let mut filled = 0;
        let mut pending = Pending::default();
        let mut open = !self.settled & ALL_CELLS;
        while open != 0 {
            let index = open.trailing_zeros() as usize;
            open &= open - 1;
            match self.candidates[index].len() {
                0 => return Err(Dead),
                1 => pending.push(index),
                _ => {}
            }
        }
        loop {
            filled += self.settle_pending(&mut pending)?;
            if rule == Forced::Naked || self.is_complete() || !self.find_hidden(&mut pending)? {
                return Ok(filled);
            }
        }
    }

    /// Settles every pending cell, and the cells that become pending on the way.
    #[inline]
    fn settle_pending(&mut self, pending: &mut Pending) -> Result<u32, Dead> {
        let mut filled = 0;
        while let Some(index) = pending.pop() {
            let bit = 1 << index;
            if self.settled & bit != 0 {
                continue;
            }
            let Some(digit) = self.candidates[index].single_digit() else {
                // Two pending peers held the same digit: settling one emptied the other.
                return Err(Dead);
            };
            self.settled |= bit;
            filled += 1;
            let mask = !Candidates::single(digit);
            for peer in &PEERS[index] {
                let peer = peer.index();
                let before = self.candidates[peer];
                if before.contains(digit) {
                    let after = before & mask;
                    self.candidates[peer] = after;
                    match after.len() {
                        0 => return Err(Dead),
                        1 => pending.push(peer),
                        _ => {}
                    }
                }
            }
        }
        Ok(filled)
    }

    /// Scans every unit for hidden singles, making their cells pending. Returns whether it found
    /// any.
    fn find_hidden(&mut self, pending: &mut Pending) -> Result<bool, Dead> {
        let mut found = false;
        for unit in &UNITS {
            let mut once = Candidates::EMPTY;
            let mut twice = Candidates::EMPTY;
            let mut settled = Candidates::EMPTY;
            for &cell in unit {
                let candidates = self.candidates[cell.index()];
                if self.settled & (1 << cell.index()) != 0 {
                    settled |= candidates;
                } else {
                    twice |= once & candidates;
                    once |= candidates;
                }
            }
            if once | settled != Candidates::ALL {
                return Err(Dead);
            }
            let hidden = once & !twice & !settled;
            for digit in hidden {
                for &cell in unit {
                    let candidates = &mut self.candidates[cell.index()];
                    if candidates.contains(digit) {
                        if candidates.len() > 1 {
                            *candidates = Candidates::single(digit);
                            found = true;
                        }
                        pending.push(cell.index());
                        break;
                    }
                }
            }
            if found {
                // Settle at once, so the next units see the removals.
                self.settle_pending(pending)?;
            }
        }
        Ok(found)
    }

    /// The cell to branch on by `rule`, or `None` when every cell is settled.
    ///
    /// Call after [`Board::fill_forced`], when no unsettled cell has fewer than two candidates.
    #[inline]
    pub fn branch_cell(&self, rule: Branch) -> Option<Cell> {
        let mut open = !self.settled & ALL_CELLS;
        if open == 0 {
            return None;
        }
        let first = open.trailing_zeros() as usize;
        if rule == Branch::First {
            return Cell::new(first);
        }
        let mut best = first;
        let mut best_len = u32::MAX;
        while open != 0 {
            let index = open.trailing_zeros() as usize;
            open &= open - 1;
            let len = self.candidates[index].len();
            if len < best_len {
                best = index;
                best_len = len;
                if len <= 2 {
                    break;
                }
            }
        }
        Cell::new(best)
    }
}

/// A small stack of pending cell indices. Each cell is pushed at most a few times per
/// propagation, so a fixed array twice the board suffices; overflow is impossible because a
/// cell is pushed only when its candidate count drops to one, or by the hidden-single scan
/// once per unit.
struct Pending {
    cells: [u16; 4 * N_CELLS],
    len: usize,
}

impl Default for Pending {
    fn default() -> Pending {
        Pending {
            cells: [0; 4 * N_CELLS],
            len: 0,
        }
    }
}

impl Pending {
    #[inline]
    fn push(&mut self, index: usize) {
        self.cells[self.len] = index as u16;
        self.len += 1;
    }

    #[inline]
    fn pop(&mut self) -> Option<usize> {
        self.len = self.len.checked_sub(1)?;
        Some(self.cells[self.len] as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(line: &str) -> Grid {
        line.chars().map(Digit::from_char).collect()
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
        let puzzle =
            grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
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

    #[test]
    fn a_board_is_small_plain_data() {
        assert!(Board::BYTES <= 256, "board is {} bytes", Board::BYTES);
    }
}
