//! The search state of the textbook backtrackers (`backtrack` and `bitmask`) as a [`Board`], so
//! that [`Walk`](super::Walk) can walk their tree with the same step as the board search.
//!
//! Those strategies infer nothing: at each state they fill the first empty cell in reading
//! order, one child per digit that no peer holds, tried from the smallest. As a board that is:
//! no forced cell ever, the branch cell always the first empty one (whatever the rule asks),
//! its candidates the legal digits, and a board dead when that cell has none. A node is then
//! the root or a legal placement, a dead node a state whose first empty cell has no legal
//! digit: the definitions of the backtrackers' statistics. The strategies themselves keep
//! their own, faster state; this one is for drawing their trees only.

use crate::board::{Board, Dead};
use crate::candidates::Candidates;
use crate::config::{Branch, Forced};
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;

/// A partly filled grid, searched cell by cell in reading order.
#[derive(Clone, Debug)]
pub(crate) struct Textbook {
    grid: Grid,
    /// Whether this is the puzzle's own board, whose givens may break a rule; every later
    /// digit is placed only where it is legal.
    root: bool,
}

impl Textbook {
    /// The digits no peer of `cell` holds.
    fn legal(&self, cell: Cell) -> Candidates {
        let shape = self.grid.shape();
        let geometry = shape.geometry();
        let mut legal = Candidates::below(shape.side());
        for &peer in geometry.peers(shape.index(cell)) {
            if let Some(digit) = shape
                .cell_at(usize::from(peer))
                .and_then(|peer| self.grid.get(peer))
            {
                legal.remove(digit);
            }
        }
        legal
    }

    fn first_empty(&self) -> Option<Cell> {
        self.grid
            .shape()
            .cells()
            .find(|&cell| self.grid.get(cell).is_none())
    }
}

impl Board for Textbook {
    fn new(puzzle: &Grid) -> Self {
        Textbook {
            grid: puzzle.clone(),
            root: true,
        }
    }

    /// Only the puzzle's own board may break a rule: every later digit is placed where it is
    /// legal.
    fn broken(&self) -> bool {
        self.root && self.grid.conflict().is_some()
    }

    fn shape(&self) -> Shape {
        self.grid.shape()
    }

    fn bytes(&self) -> usize {
        size_of::<Self>()
    }

    fn candidates(&self, cell: Cell) -> Candidates {
        match self.grid.get(cell) {
            Some(digit) => Candidates::single(digit),
            None => self.legal(cell),
        }
    }

    fn is_settled(&self, cell: Cell) -> bool {
        self.grid.get(cell).is_some()
    }

    fn n_settled(&self) -> usize {
        self.grid.n_filled()
    }

    fn is_complete(&self) -> bool {
        self.grid.is_complete()
    }

    fn child(&self, cell: Cell, digit: Digit) -> Self {
        let mut grid = self.grid.clone();
        grid.set(cell, Some(digit));
        Textbook { grid, root: false }
    }

    fn to_grid(&self) -> Grid {
        self.grid.clone()
    }

    /// Removes nothing: the candidates are the digits no peer holds, read from the grid, and
    /// no search that learns walks these boards.
    fn remove(&mut self, _cell: Cell, _digit: Digit) -> bool {
        false
    }

    /// Fills nothing: the backtrackers infer nothing. Dead when the givens break a rule, or
    /// when the first empty cell has no legal digit.
    fn fill_forced(&mut self, _rule: Forced) -> Result<u32, Dead> {
        if self.broken() {
            return Err(Dead);
        }
        match self.first_empty() {
            Some(cell) if self.legal(cell).is_empty() => Err(Dead),
            _ => Ok(0),
        }
    }

    /// The first empty cell, whatever the rule.
    fn branch_cell(&self, _rule: Branch) -> Option<Cell> {
        self.first_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::grid;

    #[test]
    fn the_first_empty_cell_takes_the_digits_no_peer_holds() {
        // 4x4: row 1 holds 2, column 1 holds 3, the box holds 4 (r2c2): only 1 is legal.
        let board = Textbook::new(&grid(".2...4..3......."));
        let cell = board.branch_cell(Branch::Fewest).unwrap();
        assert_eq!(cell.to_string(), "r1c1");
        let legal: Vec<usize> = board.candidates(cell).iter().map(Digit::get).collect();
        assert_eq!(legal, [1]);
        let mut child = board.child(cell, Digit::new(1).unwrap());
        assert_eq!(
            child.fill_forced(Forced::Locked),
            Ok(0),
            "nothing is inferred"
        );
        assert_eq!(child.n_settled(), 4);
    }

    #[test]
    fn a_first_cell_without_a_legal_digit_is_dead() {
        // r1c1 sees 1 and 2 in its row, 3 in its column and 4 in its box.
        let mut board = Textbook::new(&grid(".12..4..3......."));
        assert_eq!(board.fill_forced(Forced::Naked), Err(Dead));
        let mut conflict = Textbook::new(&grid("11.............."));
        assert_eq!(conflict.fill_forced(Forced::Naked), Err(Dead));
    }
}
