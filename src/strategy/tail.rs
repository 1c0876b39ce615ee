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
//! candidates, removing digits in place: a recursion at most [`TAIL_CELLS`] deep. Beside each
//! cell's candidates it keeps each digit's cells, so that placing a digit finds the peers that
//! lose it in one step. A branch copies the candidates once and puts the copy back after each
//! digit, rather than undoing placements one by one: the copy is a few vector moves, an undo
//! a loop of unpredictable length per placement. Candidates are kept in the narrowest word
//! that holds the shape's digits (16 bits up to 16x16), so that the copy stays small.

use crate::board::Board;
use crate::candidates::Bits;

/// Open cells at or below which a board is counted by [`completions`]: the measured best on
/// 9x9 puzzles with millions of solutions (docs/benchmarks.md, "Counting"); at most 32, the
/// width of the peer masks.
pub(crate) const TAIL_CELLS: usize = 32;

/// A word of candidate bits, one bit per digit: `u16`, `u32` or `u64`, the narrowest that
/// holds the shape's digits.
trait Word: Copy {
    /// The low bits of `bits`, which has no digit beyond the word's width.
    fn of(bits: Bits) -> Self;
    fn is_zero(self) -> bool;
    /// Whether at most one bit is set.
    fn at_most_one(self) -> bool;
    /// Whether at most two bits are set.
    fn at_most_two(self) -> bool;
    fn lowest(self) -> Self;
    fn without(self, other: Self) -> Self;
    /// The position of the lowest bit.
    fn first(self) -> usize;
    fn count(self) -> u32;
}

macro_rules! word {
    ($($t:ty),*) => {$(
        impl Word for $t {
            #[inline]
            fn of(bits: Bits) -> Self {
                debug_assert!(bits >> (<$t>::BITS - 1) >> 1 == 0, "no digit beyond the word");
                bits as $t
            }
            #[inline]
            fn is_zero(self) -> bool {
                self == 0
            }
            #[inline]
            fn at_most_one(self) -> bool {
                self & self.wrapping_sub(1) == 0
            }
            #[inline]
            fn at_most_two(self) -> bool {
                let others = self & self.wrapping_sub(1);
                others & others.wrapping_sub(1) == 0
            }
            #[inline]
            fn lowest(self) -> Self {
                self & self.wrapping_neg()
            }
            #[inline]
            fn without(self, other: Self) -> Self {
                self & !other
            }
            #[inline]
            fn first(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
        }
    )*};
}
word!(u16, u32, u64);

/// What a placement changes: the open cells' candidates and, for each of the `D` digits (bit
/// index), the cells whose candidates hold it, so that a placement finds the peers that lose
/// its digit with one `and`, not a look at each peer's mask. Copied whole at a branch.
#[derive(Clone, Copy)]
struct Candidates<W, const D: usize> {
    masks: [W; TAIL_CELLS],
    holding: [u32; D],
}

/// The open cells of a board, their candidates and which of them see each other.
struct Tail<W, const D: usize> {
    now: Candidates<W, D>,
    peers: [u32; TAIL_CELLS],
}

/// The number of ways to finish `board`, whose forced cells are filled and which has at most
/// [`TAIL_CELLS`] open cells.
pub(crate) fn completions<B: Board>(board: &B) -> u64 {
    match board.shape().side() {
        ..=16 => completions_in::<B, u16, 16>(board),
        17..=32 => completions_in::<B, u32, 32>(board),
        _ => completions_in::<B, u64, 64>(board),
    }
}

/// [`completions`] with candidates in words `W` of `D` bits.
fn completions_in<B: Board, W: Word, const D: usize>(board: &B) -> u64 {
    let shape = board.shape();
    let geometry = shape.geometry();
    // Open cells of each unit (rows, then columns, then boxes), as bits of the open cells.
    let mut units = [0_u32; 3 * 64];
    let mut of = [[0_usize; 3]; TAIL_CELLS];
    let mut tail = Tail {
        now: Candidates {
            masks: [W::of(0); TAIL_CELLS],
            holding: [0; D],
        },
        peers: [0; TAIL_CELLS],
    };
    let mut n = 0;
    board.for_each_open(|cell, candidates| {
        debug_assert!(n < TAIL_CELLS, "at most TAIL_CELLS open cells");
        tail.now.masks[n] = W::of(candidates.bits());
        let mut digits = candidates.bits();
        while digits != 0 {
            tail.now.holding[digits.trailing_zeros() as usize] |= 1 << n;
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

impl<W: Word, const D: usize> Tail<W, D> {
    /// The ways to give every cell of `open` a digit of its mask, no two peers alike, where
    /// `singles` holds open cells known to have one candidate left. Leaves the candidates
    /// changed: a caller that needs them puts back its copy.
    fn count(&mut self, mut open: u32, mut singles: u32) -> u64 {
        loop {
            if open == 0 {
                return 1;
            }
            singles &= open;
            if singles == open {
                // Every open cell has one candidate left: one way, unless two peers need the
                // same digit. Looked at without placing them one by one.
                return u64::from(self.apart(open));
            }
            let (best, fewest) = if singles != 0 {
                (singles.trailing_zeros() as usize, 1)
            } else {
                self.fewest(open)
            };
            if fewest == 0 {
                return 0;
            }
            open &= !(1 << best);
            let mut digits = self.now.masks[best];
            if fewest == 1 {
                // A naked single: placed here, without a level of its own.
                match self.place(self.peers[best] & open, digits) {
                    Some(fresh) => singles |= fresh,
                    None => return 0,
                }
                continue;
            }
            let before = self.now;
            let mut total = 0;
            loop {
                let digit = digits.lowest();
                digits = digits.without(digit);
                if let Some(fresh) = self.place(self.peers[best] & open, digit) {
                    total += self.count(open, singles | fresh);
                }
                if digits.is_zero() {
                    return total;
                }
                self.now = before;
            }
        }
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
            let mask = self.now.masks[i];
            if mask.at_most_two() {
                return (i, mask.count());
            }
            let n = mask.count();
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
            clash |= self.peers[i] & self.now.holding[self.now.masks[i].first()];
        }
        clash & open == 0
    }

    /// Removes `digit` from the open `peers`: the peers left with one candidate, or `None`
    /// when one has none left.
    #[inline]
    fn place(&mut self, peers: u32, digit: W) -> Option<u32> {
        let holding = &mut self.now.holding[digit.first()];
        let hit = peers & *holding;
        *holding &= !hit;
        let (mut fresh, mut dead) = (0, false);
        let mut rest = hit;
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mask = self.now.masks[j].without(digit);
            self.now.masks[j] = mask;
            // Without a branch: which peers are left with one candidate is hard to predict.
            dead |= mask.is_zero();
            fresh |= u32::from(mask.at_most_one()) << j;
        }
        (!dead).then_some(fresh)
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

    /// Boards of 16, 25 and 36 digits (candidates in 16-, 32- and 64-bit words): random full
    /// grids with up to 32 cells of one band blanked, among them cells that two rows may
    /// swap, counted by the tail and by the bitmask backtracker, which shares no code with it.
    #[test]
    fn every_word_width_counts_as_the_backtracker() {
        let config = Config::default()
            .with_counting()
            .with_threads(1)
            .with_strategy(crate::config::Strategy::Bitmask);
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move |below: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % below as u64) as usize
        };
        for (box_rows, box_cols) in [(4, 4), (5, 5), (6, 6)] {
            let shape = Shape::new(box_rows, box_cols).unwrap();
            let side = shape.side();
            // A random full grid takes a while to draw in a debug build: one per shape.
            let solution = crate::generate::random_solution(shape, next(1 << 30) as u64);
            let (mut checked, mut several) = (0, 0);
            for _ in 0..12 {
                let mut values = solution.as_slice().to_vec();
                // Two rows of a band: the cycles of the permutation that takes a column's
                // digit in the first row to its column in the second row can each be swapped
                // between the rows. The shortest cycles are blanked, then a few cells more.
                let band = next(box_cols) * box_rows * side;
                let first = band + next(box_rows) * side;
                let second =
                    band + (first - band + side * (1 + next(box_rows - 1))) % (box_rows * side);
                let mut cycles: Vec<Vec<usize>> = Vec::new();
                let mut seen = vec![false; side];
                for start in 0..side {
                    let mut cycle = Vec::new();
                    let mut col = start;
                    while !seen[col] {
                        seen[col] = true;
                        cycle.push(col);
                        col = (0..side)
                            .find(|&c| values[first + c] == values[second + col])
                            .unwrap();
                    }
                    if !cycle.is_empty() {
                        cycles.push(cycle);
                    }
                }
                cycles.sort_by_key(Vec::len);
                let mut blank = 0;
                for cycle in cycles {
                    if blank + 2 * cycle.len() > 26 {
                        break;
                    }
                    for col in cycle {
                        values[first + col] = 0;
                        values[second + col] = 0;
                        blank += 2;
                    }
                }
                for _ in blank..28 + next(5) {
                    values[band + next(box_rows * side)] = 0;
                }
                let grid = Grid::from_values(shape, &values);
                let mut board = General::new(&grid);
                if board.fill_forced(Forced::Locked).is_err() {
                    continue;
                }
                if shape.n_cells() - board.n_settled() > TAIL_CELLS {
                    continue;
                }
                let counted = completions(&board);
                assert_eq!(u128::from(counted), crate::solve(&grid, &config).count);
                checked += 1;
                several += usize::from(counted > 1);
            }
            assert!(
                checked >= 8 && several >= 2,
                "{side}: {checked}, {several} with several"
            );
        }
    }
}
