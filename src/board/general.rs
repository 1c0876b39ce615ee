//! The general kernel: the [`Board`] of every shape, 1x1 to 64x64.
//!
//! For every digit and every row, one 64-bit word holds a bit per column, set where the digit
//! may still stand (and where it is settled); one more word per row holds the cells not settled
//! yet. A row, a column or a box of one digit is then a word, a bit across words, or a mask
//! across a few words, and each rule of [`crate::board`] is a loop of word operations:
//!
//! - settling a cell clears its bit in the other digits' words of its row, and its digit from
//!   its row, its column and its box;
//! - the candidates of every cell of a row, counted at once over the digits' words (two
//!   bit-sliced counters), give the naked singles and the dead cells;
//! - a digit's places in a row are a word, in a column one bit of each row's word (counted
//!   bit-sliced again), in a box a segment of a few words: hidden singles and empty units;
//! - the pairing of a band's rows with its boxes (and of a stack's columns with its bands) is a
//!   small bipartite matching: one perfect matching found by augmenting paths, then the pairs
//!   on an alternating cycle, which are exactly those some perfect matching uses.
//!
//! Only digits whose places changed are looked at again. Boards up to 6x6 live inline; larger
//! ones keep their words on the heap (a 25x25 board is 5.2 KiB).

use smallvec::SmallVec;

use super::{Board, Dead};
use crate::candidates::Candidates;
use crate::config::{Branch, Forced};
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;

/// Words held without a heap allocation: (side + 1) x side for a 6x6 board.
const INLINE_WORDS: usize = 42;

/// A board of any shape being searched.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct General {
    shape: Shape,
    /// `words[digit * side + row]`: the columns of `row` where digit bit `digit` may stand,
    /// including where it is settled; then `words[side * side + row]`: the open cells of `row`.
    words: SmallVec<[u64; INLINE_WORDS]>,
    /// Digits (by bit) whose places changed since the hidden and locked rules last looked.
    dirty: u64,
}

/// The lowest `n` bits.
#[inline]
const fn low(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1 << n) - 1 }
}

/// The set bits of `word`, lowest first.
#[inline]
fn bits(mut word: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (word != 0).then(|| {
            let bit = word.trailing_zeros() as usize;
            word &= word - 1;
            bit
        })
    })
}

impl General {
    #[inline]
    fn side(&self) -> usize {
        self.shape.side()
    }

    /// The word of digit bit `digit` in `row`.
    #[inline]
    fn at(&self, digit: usize, row: usize) -> u64 {
        self.words[digit * self.side() + row]
    }

    #[inline]
    fn at_mut(&mut self, digit: usize, row: usize) -> &mut u64 {
        let side = self.side();
        &mut self.words[digit * side + row]
    }

    /// The open cells of `row`.
    #[inline]
    fn open(&self, row: usize) -> u64 {
        self.words[self.side() * self.side() + row]
    }

    /// Replaces the word of digit bit `digit` in `row` by `word`, marking the digit if it
    /// changed.
    #[inline]
    fn store(&mut self, digit: usize, row: usize, word: u64) {
        let place = self.at_mut(digit, row);
        if *place != word {
            *place = word;
            self.dirty |= 1 << digit;
        }
    }

    fn n_open(&self) -> usize {
        let side = self.side();
        self.words[side * side..]
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum()
    }

    /// Settles `row`, `col` with digit bit `digit`: the cell leaves every other digit's places,
    /// and its row, column and box leave this digit's.
    ///
    /// A peer that this takes the last candidate from is left empty, which the next count of
    /// candidates finds dead.
    fn settle(&mut self, row: usize, col: usize, digit: usize) {
        let (side, rows, cols) = (self.side(), self.shape.box_rows(), self.shape.box_cols());
        let bit = 1u64 << col;
        for other in 0..side {
            if other != digit && self.at(other, row) & bit != 0 {
                self.store(other, row, self.at(other, row) & !bit);
            }
        }
        let top = row - row % rows;
        let segment = low(cols) << (col - col % cols);
        for r in 0..side {
            let leave = if r == row {
                !bit
            } else if (top..top + rows).contains(&r) {
                segment | bit
            } else {
                bit
            };
            let word = if r == row {
                bit
            } else {
                self.at(digit, r) & !leave
            };
            self.store(digit, r, word);
        }
        self.words[side * side + row] &= !bit;
    }

    /// Settles every naked single; returns whether there was any.
    fn settle_naked_singles(&mut self) -> Result<bool, Dead> {
        let side = self.side();
        let full = low(side);
        let mut found = false;
        for row in 0..side {
            let (mut once, mut twice) = (0, 0);
            for digit in 0..side {
                let places = self.at(digit, row);
                twice |= once & places;
                once |= places;
            }
            if once != full {
                return Err(Dead);
            }
            let singles = once & !twice & self.open(row);
            for col in bits(singles) {
                found = true;
                // A cell settled before it in this pass may have taken its only candidate:
                // it is left empty, and the next pass finds it dead.
                if let Some(digit) = (0..side).find(|&d| self.at(d, row) & (1 << col) != 0) {
                    self.settle(row, col, digit);
                }
            }
        }
        Ok(found)
    }

    /// The hidden and locked rules for digit bit `digit`.
    fn scan_digit(&mut self, digit: usize, locked: bool) -> Result<(), Dead> {
        if locked {
            self.pair_bands(digit)?;
            self.pair_stacks(digit)?;
        }
        self.hidden_in_rows(digit)?;
        self.hidden_in_columns(digit)?;
        self.hidden_in_boxes(digit)
    }

    /// Settles `row`, `col` with digit bit `digit`, the only place of the digit in some unit,
    /// unless it is settled already.
    #[inline]
    fn settle_single(&mut self, row: usize, col: usize, digit: usize) {
        if self.open(row) & (1 << col) != 0 {
            self.settle(row, col, digit);
        }
    }

    fn hidden_in_rows(&mut self, digit: usize) -> Result<(), Dead> {
        for row in 0..self.side() {
            let places = self.at(digit, row);
            if places == 0 {
                return Err(Dead);
            }
            if places & (places - 1) == 0 {
                self.settle_single(row, places.trailing_zeros() as usize, digit);
            }
        }
        Ok(())
    }

    fn hidden_in_columns(&mut self, digit: usize) -> Result<(), Dead> {
        let side = self.side();
        let (mut once, mut twice) = (0, 0);
        for row in 0..side {
            let places = self.at(digit, row);
            twice |= once & places;
            once |= places;
        }
        if once != low(side) {
            return Err(Dead);
        }
        for col in bits(once & !twice) {
            // Settling an earlier single may have taken this column's place.
            match (0..side).find(|&row| self.at(digit, row) & (1 << col) != 0) {
                Some(row) => self.settle_single(row, col, digit),
                None => return Err(Dead),
            }
        }
        Ok(())
    }

    fn hidden_in_boxes(&mut self, digit: usize) -> Result<(), Dead> {
        let (side, rows, cols) = (self.side(), self.shape.box_rows(), self.shape.box_cols());
        for top in (0..side).step_by(rows) {
            for left in (0..side).step_by(cols) {
                let segment = low(cols) << left;
                let (mut count, mut last) = (0, (0, 0));
                for row in top..top + rows {
                    let here = self.at(digit, row) & segment;
                    if here != 0 {
                        count += here.count_ones();
                        last = (row, here.trailing_zeros() as usize);
                    }
                }
                match count {
                    0 => return Err(Dead),
                    1 => self.settle_single(last.0, last.1, digit),
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// The locked rule along rows: in each band, pairs its rows with its boxes and removes the
    /// places no pairing uses.
    fn pair_bands(&mut self, digit: usize) -> Result<(), Dead> {
        let (side, rows, cols) = (self.side(), self.shape.box_rows(), self.shape.box_cols());
        let mut possible = [0u64; 64];
        for top in (0..side).step_by(rows) {
            for (i, row_boxes) in possible[..rows].iter_mut().enumerate() {
                let places = self.at(digit, top + i);
                *row_boxes = (0..rows)
                    .filter(|&j| places & (low(cols) << (j * cols)) != 0)
                    .fold(0, |set, j| set | 1 << j);
            }
            let paired = pairings(&possible[..rows]).ok_or(Dead)?;
            for (i, &boxes) in paired[..rows].iter().enumerate() {
                let keep = bits(boxes).fold(0, |keep, j| keep | low(cols) << (j * cols));
                self.store(digit, top + i, self.at(digit, top + i) & keep);
            }
        }
        Ok(())
    }

    /// The locked rule along columns: in each stack, pairs its columns with its bands and
    /// removes the places no pairing uses.
    fn pair_stacks(&mut self, digit: usize) -> Result<(), Dead> {
        let (side, rows, cols) = (self.side(), self.shape.box_rows(), self.shape.box_cols());
        let n_bands = side / rows;
        // The columns where the digit has a place in each band.
        let mut band_columns = [0u64; 64];
        for (band, columns) in band_columns[..n_bands].iter_mut().enumerate() {
            *columns = (band * rows..(band + 1) * rows).fold(0, |c, r| c | self.at(digit, r));
        }
        let mut keep = [0u64; 64];
        for left in (0..side).step_by(cols) {
            let mut possible = [0u64; 64];
            for (i, column_bands) in possible[..cols].iter_mut().enumerate() {
                *column_bands = (0..n_bands)
                    .filter(|&band| band_columns[band] & (1 << (left + i)) != 0)
                    .fold(0, |set, band| set | 1 << band);
            }
            let paired = pairings(&possible[..cols]).ok_or(Dead)?;
            for (i, &bands) in paired[..cols].iter().enumerate() {
                for band in bits(bands) {
                    keep[band] |= 1 << (left + i);
                }
            }
        }
        for (band, &keep) in keep[..n_bands].iter().enumerate() {
            for row in band * rows..(band + 1) * rows {
                self.store(digit, row, self.at(digit, row) & keep);
            }
        }
        Ok(())
    }

    /// The first open cell in reading order with the fewest candidates.
    fn fewest(&self) -> Option<Cell> {
        let side = self.side();
        let mut best: Option<(u32, Cell)> = None;
        for row in 0..side {
            let open = self.open(row);
            if open == 0 {
                continue;
            }
            // Bit-sliced counters: bit `col` of counter[k] is bit k of the count of `col`.
            let mut counter = [0u64; 7];
            for digit in 0..side {
                let mut carry = self.at(digit, row);
                for plane in &mut counter {
                    let next = *plane & carry;
                    *plane ^= carry;
                    carry = next;
                    if carry == 0 {
                        break;
                    }
                }
            }
            for col in bits(open) {
                let count = (0..7).map(|k| ((counter[k] >> col) & 1) << k).sum::<u64>() as u32;
                if best.is_none_or(|(fewest, _)| count < fewest) {
                    best = self.shape.cell(row, col).map(|cell| (count, cell));
                }
            }
        }
        best.map(|(_, cell)| cell)
    }
}

/// For a square of possible pairs between two sides of `k` items each (`possible[i]` holds bit
/// `j` when item `i` of one side may pair with item `j` of the other), the pairs that some
/// one-to-one pairing of the two sides uses, in the same form; `None` when there is no such
/// pairing.
///
/// One pairing is found by augmenting paths. A pair outside it is used by another pairing
/// exactly when it closes a cycle that alternates between pairs outside and inside it: item `i`
/// may take the partner of item `i2` when `i2` can in turn, step by step, get back to `i`'s own.
fn pairings(possible: &[u64]) -> Option<[u64; 64]> {
    let k = possible.len();
    const NONE: usize = usize::MAX;
    // partner_of[j]: the item of the first side paired with item j of the second.
    let mut partner_of = [NONE; 64];
    for i in 0..k {
        let mut seen = 0u64;
        if !augment(i, possible, &mut partner_of, &mut seen) {
            return None;
        }
    }
    let mut partner = [0usize; 64];
    for j in 0..k {
        partner[partner_of[j]] = j;
    }
    // reach[i]: items whose partner item i may take, transitively (an item reaches itself).
    let mut reach = [0u64; 64];
    for i in 0..k {
        reach[i] = 1 << i;
        for j in bits(possible[i]) {
            reach[i] |= 1 << partner_of[j];
        }
    }
    for via in 0..k {
        for i in 0..k {
            if reach[i] & (1 << via) != 0 {
                reach[i] |= reach[via];
            }
        }
    }
    let mut used = [0u64; 64];
    for i in 0..k {
        for j in bits(possible[i]) {
            let other = partner_of[j];
            if other == i || (reach[other] & (1 << i) != 0) {
                used[i] |= 1 << j;
            }
        }
        debug_assert!(used[i] & (1 << partner[i]) != 0);
    }
    Some(used)
}

/// Finds a pairing for item `i` by an augmenting path, re-pairing others as needed.
fn augment(i: usize, possible: &[u64], partner_of: &mut [usize; 64], seen: &mut u64) -> bool {
    for j in bits(possible[i]) {
        // A column seen deeper in this search cannot lead to a free one any more.
        if *seen & (1 << j) != 0 {
            continue;
        }
        *seen |= 1 << j;
        if partner_of[j] == usize::MAX || augment(partner_of[j], possible, partner_of, seen) {
            partner_of[j] = i;
            return true;
        }
    }
    false
}

impl Board for General {
    fn new(puzzle: &Grid) -> General {
        let shape = puzzle.shape();
        let side = shape.side();
        let mut board = General {
            shape,
            words: SmallVec::from_elem(low(side), (side + 1) * side),
            dirty: 0,
        };
        for cell in shape.cells() {
            if let Some(digit) = puzzle.get(cell) {
                board.settle(cell.row(), cell.col(), digit.bit() as usize);
            }
        }
        board.dirty = low(side);
        board
    }

    #[inline]
    fn shape(&self) -> Shape {
        self.shape
    }

    fn bytes(&self) -> usize {
        let heap = if self.words.spilled() {
            self.words.capacity() * size_of::<u64>()
        } else {
            0
        };
        size_of::<General>() + heap
    }

    fn candidates(&self, cell: Cell) -> Candidates {
        let bit = 1 << cell.col();
        (0..self.side())
            .filter(|&digit| self.at(digit, cell.row()) & bit != 0)
            .map(|digit| Digit::from_bit(digit as u32))
            .collect()
    }

    #[inline]
    fn is_settled(&self, cell: Cell) -> bool {
        self.open(cell.row()) & (1 << cell.col()) == 0
    }

    fn n_settled(&self) -> usize {
        self.shape.n_cells() - self.n_open()
    }

    fn is_complete(&self) -> bool {
        let side = self.side();
        self.words[side * side..].iter().all(|&open| open == 0)
    }

    fn child(&self, cell: Cell, digit: Digit) -> General {
        let mut child = self.clone();
        child.settle(cell.row(), cell.col(), digit.bit() as usize);
        child
    }

    fn to_grid(&self) -> Grid {
        let mut grid = Grid::empty(self.shape);
        for row in 0..self.side() {
            let settled = !self.open(row);
            for digit in 0..self.side() {
                for col in bits(self.at(digit, row) & settled) {
                    let cell = self.shape.cell(row, col).expect("places lie on the board");
                    grid.set(cell, Some(Digit::from_bit(digit as u32)));
                }
            }
        }
        grid
    }

    fn fill_forced(&mut self, rule: Forced) -> Result<u32, Dead> {
        let open_before = self.n_open();
        let locked = rule == Forced::Locked;
        loop {
            if self.settle_naked_singles()? {
                continue;
            }
            if rule == Forced::Naked || self.dirty == 0 {
                break;
            }
            let digits = std::mem::take(&mut self.dirty);
            for digit in bits(digits) {
                self.scan_digit(digit, locked)?;
            }
        }
        Ok((open_before - self.n_open()) as u32)
    }

    fn branch_cell(&self, rule: Branch) -> Option<Cell> {
        match rule {
            Branch::First => (0..self.side()).find_map(|row| {
                let open = self.open(row);
                (open != 0)
                    .then(|| self.shape.cell(row, open.trailing_zeros() as usize))
                    .flatten()
            }),
            Branch::Fewest => self.fewest(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Square from rows of `#` (possible) and `.`.
    fn square(rows: &[&str]) -> Vec<u64> {
        let bit = |(j, c)| u64::from(c == '#') << j;
        rows.iter()
            .map(|row| row.chars().enumerate().map(bit).sum())
            .collect()
    }

    #[test]
    fn pairings_keep_the_pairs_some_pairing_uses() {
        let k = |rows: &[&str]| pairings(&square(rows)).map(|used| used[..rows.len()].to_vec());
        let full = ["###", "###", "###"];
        assert_eq!(k(&full), Some(square(&full)));
        assert_eq!(
            k(&["#..", ".#.", "..#"]),
            Some(square(&["#..", ".#.", "..#"]))
        );
        // Item 0 can only take 1: nobody else may, and item 0 gives up the rest.
        assert_eq!(
            k(&[".#.", "###", "###"]),
            Some(square(&[".#.", "#.#", "#.#"]))
        );
        // Items 0 and 1 share {0, 1}: item 2 must take 2.
        assert_eq!(
            k(&["##.", "##.", "###"]),
            Some(square(&["##.", "##.", "..#"]))
        );
        assert_eq!(k(&["#..", "#..", "###"]), None);
        assert_eq!(k(&["###", "###", "..."]), None);
        // Five items: 0-1 swap on a cycle; 2, 3 and 4 are forced down a chain.
        let five = ["##...", "##...", "#.#..", "..##.", "...##"];
        assert_eq!(
            k(&five),
            Some(square(&["##...", "##...", "..#..", "...#.", "....#"]))
        );
    }

    /// Brute force over every assignment agrees with [`pairings`] on every 4x4 square.
    #[test]
    fn pairings_agree_with_brute_force() {
        let perms: Vec<[usize; 4]> = (0..256)
            .map(|n| [n & 3, (n >> 2) & 3, (n >> 4) & 3, (n >> 6) & 3])
            .filter(|p| (0..4).all(|j| p.contains(&j)))
            .collect();
        for bits in 0..1u32 << 16 {
            let possible: Vec<u64> = (0..4).map(|i| u64::from((bits >> (4 * i)) & 15)).collect();
            let mut used = [0u64; 4];
            let mut any = false;
            for p in &perms {
                if (0..4).all(|i| possible[i] & (1 << p[i]) != 0) {
                    any = true;
                    (0..4).for_each(|i| used[i] |= 1 << p[i]);
                }
            }
            let got = pairings(&possible).map(|u| u[..4].to_vec());
            assert_eq!(got, any.then(|| used.to_vec()), "{possible:?}");
        }
    }

    #[test]
    fn small_boards_stay_inline_and_large_ones_say_their_heap() {
        let four = General::new(&Grid::empty(Shape::new(2, 2).unwrap()));
        assert_eq!(four.bytes(), size_of::<General>());
        let six = General::new(&Grid::empty(Shape::new(2, 3).unwrap()));
        assert!(!six.words.spilled());
        let big = General::new(&Grid::empty(Shape::new(5, 5).unwrap()));
        assert!(big.bytes() >= size_of::<General>() + 26 * 25 * 8);
    }

    #[test]
    fn a_64x64_board_fills_a_row_with_hidden_singles() {
        let shape = Shape::new(8, 8).unwrap();
        let mut puzzle = Grid::empty(shape);
        // The first row holds 1 to 63; its last cell can only take 64.
        for col in 0..63 {
            puzzle.set(shape.cell(0, col).unwrap(), shape.digit(col + 1));
        }
        let mut board = General::new(&puzzle);
        assert_eq!(board.fill_forced(Forced::Naked), Ok(1));
        let last = shape.cell(0, 63).unwrap();
        assert_eq!(board.to_grid().get(last), shape.digit(64));
        assert_eq!(board.candidates(shape.cell(1, 0).unwrap()).len(), 64 - 8);
    }
}
