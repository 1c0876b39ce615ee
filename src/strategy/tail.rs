//! Counting the end of a search without boards: when only a few cells are open, the number of
//! ways to finish a board is counted directly from the candidates of its open cells, instead of
//! expanding a board per guess down to every solution. Only when solutions are counted, not
//! kept ([`Config::keep_solutions`](crate::Config::keep_solutions) off): the trees of 9x9
//! puzzles with millions of solutions are nearly binary to the end, two boards per solution,
//! and this is where a count spends its time.
//!
//! Why the count is exact: every rule of the forced-cell fill removes only candidates that no
//! solution uses, so the solutions below a board are exactly the ways to give each open cell
//! one of its candidates with no two peers alike. (In a unit with `k` open cells the
//! candidates are among the `k` digits the unit lacks, so `k` different digits are all of
//! them.) The counter assigns naked singles and branches on the open cell with the fewest
//! candidates, removing digits in place and putting them back on the way up: a recursion at
//! most [`TAIL_CELLS`] deep, with no copy of the masks. Beside each cell's candidates it keeps
//! each digit's cells, so that placing a digit finds the peers that lose it in one step.

use crate::board::Board;
use crate::candidates::Bits;

/// Open cells at or below which a board is counted by [`completions`]: the measured best on
/// 9x9 puzzles with millions of solutions (docs/benchmarks.md, "Counting"); at most 32, the
/// width of the peer masks.
pub(crate) const TAIL_CELLS: usize = 32;

/// The open cells of a board, their candidates and which of them see each other, with the
/// placements made so far on the way down (to undo them on the way back).
struct Tail {
    masks: [Bits; TAIL_CELLS],
    /// For each digit (bit index), the cells whose masks hold it: a placement finds the peers
    /// that lose its digit with one `and`, not a look at each peer's mask.
    holding: [u32; Bits::BITS as usize],
    peers: [u32; TAIL_CELLS],
    /// Each placement: the cells that lost the digit, and the digit. A path down the count
    /// places each open cell once, so the trail never holds more than [`TAIL_CELLS`].
    trail: [(u32, Bits); TAIL_CELLS],
    len: usize,
}

/// The number of ways to finish `board`, whose forced cells are filled and which has at most
/// [`TAIL_CELLS`] open cells.
pub(crate) fn completions<B: Board>(board: &B) -> u64 {
    let shape = board.shape();
    let geometry = shape.geometry();
    // Open cells of each unit (rows, then columns, then boxes), as bits of the open cells.
    let mut units = [0_u32; 3 * 64];
    let mut of = [[0_usize; 3]; TAIL_CELLS];
    let mut tail = Tail {
        masks: [0; TAIL_CELLS],
        holding: [0; Bits::BITS as usize],
        peers: [0; TAIL_CELLS],
        trail: [(0, 0); TAIL_CELLS],
        len: 0,
    };
    let mut n = 0;
    board.for_each_open(|cell, candidates| {
        debug_assert!(n < TAIL_CELLS, "at most TAIL_CELLS open cells");
        tail.masks[n] = candidates.bits();
        let mut digits = candidates.bits();
        while digits != 0 {
            tail.holding[digits.trailing_zeros() as usize] |= 1 << n;
            digits &= digits - 1;
        }
        of[n] = geometry.units_of(shape.index(cell));
        for unit in of[n] {
            units[unit] |= 1 << n;
        }
        n += 1;
    });
    for (i, units_of) in of.iter().enumerate().take(n) {
        tail.peers[i] = units_of.iter().fold(0, |peers, &unit| peers | units[unit]) & !(1 << i);
    }
    let open = if n == 32 { u32::MAX } else { (1 << n) - 1 };
    tail.count(open, 0)
}

impl Tail {
    /// The ways to give every cell of `open` a digit of its mask, no two peers alike, where
    /// `singles` holds open cells known to have one candidate left. Leaves the masks as it
    /// found them.
    fn count(&mut self, mut open: u32, mut singles: u32) -> u64 {
        let base = self.len;
        let total = loop {
            if open == 0 {
                break 1;
            }
            singles &= open;
            if singles == open {
                // Every open cell has one candidate left: one way, unless two peers need the
                // same digit. Looked at without placing them one by one.
                break u64::from(self.apart(open));
            }
            let (best, fewest) = if singles != 0 {
                (singles.trailing_zeros() as usize, 1)
            } else {
                self.fewest(open)
            };
            if fewest == 0 {
                break 0;
            }
            open &= !(1 << best);
            let mut digits = self.masks[best];
            if fewest == 1 {
                // A naked single: placed here, without a level of its own, and undone when
                // this call returns.
                match self.place(self.peers[best] & open, digits) {
                    Some(fresh) => singles |= fresh,
                    None => break 0,
                }
                continue;
            }
            let mut total = 0;
            while digits != 0 {
                let digit = digits & digits.wrapping_neg();
                digits &= digits - 1;
                if let Some(fresh) = self.place(self.peers[best] & open, digit) {
                    total += self.count(open, singles | fresh);
                }
                self.undo(self.len - 1);
            }
            break total;
        };
        self.undo(base);
        total
    }

    /// The open cell with the fewest candidates, and how many it has. The first with two or
    /// fewer ends the look: open cells with one are in `singles` already, and most branches
    /// are between two digits. Bits are counted only for cells with more: without a
    /// bit-count instruction in the target, a count is a dozen instructions.
    #[inline]
    fn fewest(&self, open: u32) -> (usize, u32) {
        let (mut best, mut fewest) = (0, u32::MAX);
        let mut rest = open;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mask = self.masks[i];
            let others = mask & mask.wrapping_sub(1);
            if others & others.wrapping_sub(1) == 0 {
                return (i, mask.count_ones());
            }
            let n = mask.count_ones();
            if n < fewest {
                (best, fewest) = (i, n);
            }
        }
        (best, fewest)
    }

    /// Whether no two of the `open` cells, each with one candidate left, are peers with the
    /// same digit.
    #[inline]
    fn apart(&self, open: u32) -> bool {
        let mut clash = 0;
        let mut rest = open;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            clash |= self.peers[i] & self.holding[self.masks[i].trailing_zeros() as usize];
        }
        clash & open == 0
    }

    /// Removes `digit` from the open `peers` and records it on the trail: the peers left with
    /// one candidate, or `None` when one has none left.
    #[inline]
    fn place(&mut self, peers: u32, digit: Bits) -> Option<u32> {
        let holding = &mut self.holding[digit.trailing_zeros() as usize];
        let hit = peers & *holding;
        *holding &= !hit;
        let (mut fresh, mut dead) = (0, false);
        let mut rest = hit;
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mask = self.masks[j] & !digit;
            self.masks[j] = mask;
            // Without a branch: which peers are left with one candidate is hard to predict.
            dead |= mask == 0;
            fresh |= u32::from(mask & mask.wrapping_sub(1) == 0) << j;
        }
        self.trail[self.len] = (hit, digit);
        self.len += 1;
        (!dead).then_some(fresh)
    }

    /// Gives back the digits removed by the placements from `len` on, the last first.
    #[inline]
    fn undo(&mut self, len: usize) {
        while self.len > len {
            self.len -= 1;
            let (hit, digit) = self.trail[self.len];
            self.holding[digit.trailing_zeros() as usize] |= hit;
            let mut rest = hit;
            while rest != 0 {
                let j = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                self.masks[j] |= digit;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{General, Nine};
    use crate::config::{Config, Forced};
    use crate::geometry::Shape;
    use crate::grid::Grid;

    /// Every board of a search with few enough open cells is counted as the search below it
    /// counts: the 16-clue puzzle's boards against a full search from each.
    #[test]
    fn a_board_has_as_many_completions_as_its_search_finds() {
        let puzzle = crate::testing::grid(
            "........1.....2.....1....34...........64......7....28....13.....9.......82....9..",
        );
        let config = Config::default().with_counting().with_threads(1);
        let mut checked = 0;
        let mut stack = vec![Nine::new(&puzzle)];
        while let Some(mut board) = stack.pop() {
            if board.fill_forced(Forced::Locked).is_err() {
                continue;
            }
            let Some(cell) = board.branch_cell(crate::config::Branch::Fewest) else {
                continue;
            };
            let open = crate::geometry::Shape::NINE.n_cells() - board.n_settled();
            if open <= TAIL_CELLS {
                let searched = crate::solve(&board.to_grid(), &config).count;
                assert_eq!(u128::from(completions(&board)), searched);
                checked += 1;
                continue;
            }
            for digit in board.candidates(cell) {
                stack.push(board.child(cell, digit));
            }
        }
        assert!(checked > 10, "{checked} boards checked");
    }

    /// The empty 4x4 board has 16 open cells and 288 completions; a 2x3 board too.
    #[test]
    fn small_empty_boards_count_in_full() {
        let empty = General::new(&Grid::empty(Shape::new(2, 2).unwrap()));
        assert_eq!(completions(&empty), 288);
    }
}
