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
//! Each change to a digit's places is recorded as the row and the column it touched, so the
//! rules look again only at the bands, stacks, rows, columns and boxes of a digit that changed,
//! and the naked singles only at rows that changed. Boards up to 6x6 live inline; larger ones
//! keep their words on the heap (a 25x25 board is 5.6 KiB).

use smallvec::SmallVec;

use super::{Board, Dead};
use crate::candidates::Candidates;
use crate::config::{Branch, Forced};
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;

/// Words held without a heap allocation: (side + 3) x side for a 6x6 board.
const INLINE_WORDS: usize = 54;

/// Working space of the rules: made once per [`Board::fill_forced`] call rather than by each
/// rule for each digit and unit, since clearing it costs more than some of the rules.
struct Scratch {
    possible: [u64; 64],
    used: [u64; 64],
    keep: [u64; 64],
    columns: [u64; 64],
    digits: [u8; 64],
    pairing: Pairing,
}

impl Scratch {
    fn new() -> Scratch {
        Scratch {
            possible: [0; 64],
            used: [0; 64],
            keep: [0; 64],
            columns: [0; 64],
            digits: [0; 64],
            pairing: Pairing {
                owner: [0; 64],
                next: [0; 64],
            },
        }
    }
}

/// Working space of [`pairings`].
struct Pairing {
    /// `owner[j]`: the item paired with place `j`.
    owner: [u8; 64],
    /// `next[i]`: the items whose place item `i` may take.
    next: [u64; 64],
}

/// A board of any shape being searched.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct General {
    shape: Shape,
    /// `side` blocks of `side` words, then three blocks of `side` more:
    ///
    /// - `words[digit * side + row]`: the columns of `row` where digit bit `digit` may stand,
    ///   including where it is settled;
    /// - `words[OPEN + row]`: the open cells of `row`;
    /// - `words[ROWS + digit]`, `words[COLUMNS + digit]`: the rows and the columns where the
    ///   places of digit bit `digit` changed since the hidden and locked rules last looked.
    ///
    /// (`OPEN`, `ROWS`, `COLUMNS` stand for `side * side` plus 0, `side` and `2 * side`.)
    words: SmallVec<[u64; INLINE_WORDS]>,
    /// Digits (by bit) with changes in `ROWS` and `COLUMNS`.
    dirty: u64,
    /// Rows where any digit's places changed since the naked singles last looked.
    naked_rows: u64,
    /// Rows, columns and boxes where any digit's places changed since the subsets rule last
    /// looked.
    units: [u64; 3],
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

    /// Where the open cells start in `words`.
    #[inline]
    fn open_at(&self) -> usize {
        self.side() * self.side()
    }

    /// The open cells of `row`.
    #[inline]
    fn open(&self, row: usize) -> u64 {
        self.words[self.open_at() + row]
    }

    /// Replaces the word of digit bit `digit` in `row` by `word`, recording the change.
    #[inline(always)]
    fn store(&mut self, digit: usize, row: usize, word: u64) {
        let side = self.side();
        let at = digit * side + row;
        let before = self.words[at];
        if before != word {
            self.words[at] = word;
            let changes = side * side + side;
            self.words[changes + digit] |= 1 << row;
            self.words[changes + side + digit] |= before ^ word;
            self.dirty |= 1 << digit;
            self.naked_rows |= 1 << row;
            self.units[0] |= 1 << row;
            self.units[1] |= before ^ word;
            let band = row / self.shape.box_rows() * self.shape.box_rows();
            for col in bits(before ^ word) {
                self.units[2] |= 1 << (band + col / self.shape.box_cols());
            }
        }
    }

    /// Takes the rows and the columns where digit bit `digit` changed.
    #[inline]
    fn take_changes(&mut self, digit: usize) -> (u64, u64) {
        let side = self.side();
        let changes = side * side + side;
        let rows = std::mem::take(&mut self.words[changes + digit]);
        let columns = std::mem::take(&mut self.words[changes + side + digit]);
        (rows, columns)
    }

    fn n_open(&self) -> usize {
        let open = self.open_at();
        self.words[open..open + self.side()]
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

    /// Every row and column of every digit is to be looked at.
    fn mark_all(&mut self) {
        let side = self.side();
        let changes = side * side + side;
        self.words[changes..].fill(low(side));
        self.dirty = low(side);
        self.naked_rows = low(side);
        self.units = [low(side); 3];
    }

    /// The subsets rule: in each row, column and box that changed, removes every cell-digit
    /// pair that no one-to-one assignment of the unit's digits to its cells uses. Only the
    /// digits not settled in the unit and its open cells take part.
    fn match_units(&mut self, scratch: &mut Scratch) -> Result<(), Dead> {
        let (side, rows, cols) = (self.side(), self.shape.box_rows(), self.shape.box_cols());
        // The unit's open cells as bits (by column, row or place in the box), and for each
        // digit not settled there, its places among them.
        let Scratch {
            digits,
            possible: places,
            used,
            pairing,
            ..
        } = scratch;
        for row in bits(std::mem::take(&mut self.units[0])) {
            let open = self.open(row);
            let k = self.unsettled(open, digits, places, |b, d| b.at(d, row))?;
            if !pairings(&places[..k], &mut used[..k], pairing) {
                return Err(Dead);
            }
            for i in 0..k {
                if used[i] != places[i] {
                    let digit = usize::from(digits[i]);
                    self.store(digit, row, self.at(digit, row) & !(places[i] & !used[i]));
                }
            }
        }
        for col in bits(std::mem::take(&mut self.units[1])) {
            let column = |b: &General, d: usize| {
                (0..side).fold(0, |set, row| set | ((b.at(d, row) >> col) & 1) << row)
            };
            let open = (0..side).fold(0, |set, row| set | ((self.open(row) >> col) & 1) << row);
            let k = self.unsettled(open, digits, places, column)?;
            if !pairings(&places[..k], &mut used[..k], pairing) {
                return Err(Dead);
            }
            for i in 0..k {
                let digit = usize::from(digits[i]);
                for row in bits(places[i] & !used[i]) {
                    self.store(digit, row, self.at(digit, row) & !(1 << col));
                }
            }
        }
        for unit in bits(std::mem::take(&mut self.units[2])) {
            let (top, left) = (unit / rows * rows, unit % rows * cols);
            let gather = |word: &dyn Fn(usize) -> u64| {
                (0..rows).fold(0, |set, i| {
                    set | ((word(top + i) >> left) & low(cols)) << (i * cols)
                })
            };
            let open = gather(&|row| self.open(row));
            let k = self.unsettled(open, digits, places, |b, d| gather(&|row| b.at(d, row)))?;
            if !pairings(&places[..k], &mut used[..k], pairing) {
                return Err(Dead);
            }
            for i in 0..k {
                let digit = usize::from(digits[i]);
                for i_row in 0..rows {
                    let gone = ((places[i] & !used[i]) >> (i_row * cols)) & low(cols);
                    if gone != 0 {
                        let row = top + i_row;
                        self.store(digit, row, self.at(digit, row) & !(gone << left));
                    }
                }
            }
        }
        Ok(())
    }

    /// Lists in `digits` and `places` the digits whose places in a unit (`places_of`, as bits)
    /// are all open (`open`), that is, not settled there; returns how many (0 when there are
    /// too few to pair usefully), or [`Dead`] when their number differs from the open cells',
    /// which leaves a cell or a digit of the unit without a partner.
    fn unsettled(
        &self,
        open: u64,
        digits: &mut [u8; 64],
        places: &mut [u64; 64],
        places_of: impl Fn(&General, usize) -> u64,
    ) -> Result<usize, Dead> {
        let mut k = 0;
        for digit in 0..self.side() {
            let here = places_of(self, digit);
            if here & !open == 0 {
                digits[k] = digit as u8;
                places[k] = here;
                k += 1;
            }
        }
        if k != open.count_ones() as usize {
            return Err(Dead);
        }
        // Units with at most two open cells are left to the hidden and naked singles, which
        // already make every removal (and find every dead end) that a pairing of two would.
        Ok(if k <= 2 { 0 } else { k })
    }

    /// Settles every naked single in the rows that changed; returns whether there was any.
    fn settle_naked_singles(&mut self) -> Result<bool, Dead> {
        let side = self.side();
        let full = low(side);
        let mut found = false;
        for row in bits(std::mem::take(&mut self.naked_rows)) {
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

    /// The hidden and locked rules for digit bit `digit`, where its places changed. What the
    /// rules change here is recorded again and looked at in the next round.
    fn scan_digit(
        &mut self,
        digit: usize,
        locked: bool,
        scratch: &mut Scratch,
    ) -> Result<(), Dead> {
        let (rows, columns) = self.take_changes(digit);
        let (box_rows, box_cols) = (self.shape.box_rows(), self.shape.box_cols());
        // The bands (by first row) and the stacks (by first column) that changed.
        let bands = bits(rows).fold(0u64, |set, row| set | 1 << (row - row % box_rows));
        let stacks = bits(columns).fold(0u64, |set, col| set | 1 << (col - col % box_cols));
        if locked {
            self.pair_bands(digit, bands, scratch)?;
            self.pair_stacks(digit, stacks, scratch)?;
        }
        self.hidden_in_rows(digit, rows)?;
        self.hidden_in_columns(digit, columns)?;
        self.hidden_in_boxes(digit, bands, stacks)
    }

    /// Settles `row`, `col` with digit bit `digit`, the only place of the digit in some unit,
    /// unless it is settled already.
    #[inline]
    fn settle_single(&mut self, row: usize, col: usize, digit: usize) {
        if self.open(row) & (1 << col) != 0 {
            self.settle(row, col, digit);
        }
    }

    fn hidden_in_rows(&mut self, digit: usize, rows: u64) -> Result<(), Dead> {
        for row in bits(rows) {
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

    fn hidden_in_columns(&mut self, digit: usize, columns: u64) -> Result<(), Dead> {
        let side = self.side();
        let (mut once, mut twice) = (0, 0);
        for row in 0..side {
            let places = self.at(digit, row);
            twice |= once & places;
            once |= places;
        }
        if once & columns != columns {
            return Err(Dead);
        }
        for col in bits(once & !twice & columns) {
            // Settling an earlier single may have taken this column's place.
            match (0..side).find(|&row| self.at(digit, row) & (1 << col) != 0) {
                Some(row) => self.settle_single(row, col, digit),
                None => return Err(Dead),
            }
        }
        Ok(())
    }

    fn hidden_in_boxes(&mut self, digit: usize, bands: u64, stacks: u64) -> Result<(), Dead> {
        let (rows, cols) = (self.shape.box_rows(), self.shape.box_cols());
        for top in bits(bands) {
            for left in bits(stacks) {
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

    /// The locked rule along rows: in each band of `bands` (by first row), pairs its rows with
    /// its boxes and removes the places no pairing uses.
    fn pair_bands(&mut self, digit: usize, bands: u64, scratch: &mut Scratch) -> Result<(), Dead> {
        let (rows, cols) = (self.shape.box_rows(), self.shape.box_cols());
        let Scratch {
            possible,
            used: paired,
            pairing,
            ..
        } = scratch;
        for top in bits(bands) {
            for (i, row_boxes) in possible[..rows].iter_mut().enumerate() {
                let places = self.at(digit, top + i);
                *row_boxes = (0..rows)
                    .filter(|&j| places & (low(cols) << (j * cols)) != 0)
                    .fold(0, |set, j| set | 1 << j);
            }
            if !pairings(&possible[..rows], &mut paired[..rows], pairing) {
                return Err(Dead);
            }
            for (i, &boxes) in paired[..rows].iter().enumerate() {
                let keep = bits(boxes).fold(0, |keep, j| keep | low(cols) << (j * cols));
                self.store(digit, top + i, self.at(digit, top + i) & keep);
            }
        }
        Ok(())
    }

    /// The locked rule along columns: in each stack of `stacks` (by first column), pairs its
    /// columns with its bands and removes the places no pairing uses.
    fn pair_stacks(
        &mut self,
        digit: usize,
        stacks: u64,
        scratch: &mut Scratch,
    ) -> Result<(), Dead> {
        if stacks == 0 {
            return Ok(());
        }
        let (side, rows, cols) = (self.side(), self.shape.box_rows(), self.shape.box_cols());
        let n_bands = side / rows;
        // The columns where the digit has a place in each band.
        let Scratch {
            possible,
            used: paired,
            keep,
            columns: band_columns,
            pairing,
            ..
        } = scratch;
        for (band, columns) in band_columns[..n_bands].iter_mut().enumerate() {
            *columns = (band * rows..(band + 1) * rows).fold(0, |c, r| c | self.at(digit, r));
        }
        // Columns outside the stacks looked at are kept as they are.
        let untouched = low(side) & !bits(stacks).fold(0, |set, left| set | low(cols) << left);
        keep[..n_bands].fill(untouched);
        for left in bits(stacks) {
            for (i, column_bands) in possible[..cols].iter_mut().enumerate() {
                *column_bands = (0..n_bands)
                    .filter(|&band| band_columns[band] & (1 << (left + i)) != 0)
                    .fold(0, |set, band| set | 1 << band);
            }
            if !pairings(&possible[..cols], &mut paired[..cols], pairing) {
                return Err(Dead);
            }
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

/// For possible pairs between `k` items and `k` places (`possible[i]` holds bit `j` when item
/// `i` may take place `j`; places are any bits, `k` of them in all), writes into `used[i]` the
/// pairs that some one-to-one pairing of the items with the places uses, and returns `true`;
/// returns `false` when there is no such pairing.
///
/// One pairing is found greedily, then completed by augmenting paths. A pair outside it is used
/// by another pairing exactly when it closes a cycle that alternates between pairs outside and
/// inside it: item `i` may take the place of item `i2` when `i2` can in turn, step by step, get
/// back to `i`'s own place.
fn pairings(possible: &[u64], used: &mut [u64], work: &mut Pairing) -> bool {
    let k = possible.len();
    let places = possible.iter().fold(0, |all, &p| all | p);
    if places.count_ones() as usize != k {
        return false;
    }
    let Pairing { owner, next } = work;
    for j in bits(places) {
        owner[j] = u8::MAX;
    }
    let (mut taken, mut waiting) = (0u64, 0u64);
    for (i, &places) in possible.iter().enumerate() {
        let free = places & !taken;
        if free == 0 {
            waiting |= 1 << i;
        } else {
            let j = free.trailing_zeros();
            taken |= 1 << j;
            owner[j as usize] = i as u8;
        }
    }
    for i in bits(waiting) {
        let mut seen = 0u64;
        if !augment(i, possible, owner, &mut seen) {
            return false;
        }
    }
    // The items item i may displace: the owners of its other places.
    let next = &mut next[..k];
    for (i, next) in next.iter_mut().enumerate() {
        *next = bits(possible[i]).fold(0, |set, j| set | 1 << owner[j]) & !(1 << i);
    }
    mark_used(possible, owner, next, used, k <= SMALL_PAIRING);
    true
}

/// The pairs some perfect pairing uses, into `used`, from one pairing (`owner` of each place)
/// and the items each item may displace (`next`). A pair outside the pairing is used by
/// another exactly when its place's owner and the item lie on a common cycle of `next`: found
/// `by_reach`, closing every item's reach over the others in k x k steps (cheaper for the few
/// rows of a band), or else by strongly connected components.
fn mark_used(
    possible: &[u64],
    owner: &[u8; 64],
    next: &mut [u64],
    used: &mut [u64],
    by_reach: bool,
) {
    let k = possible.len();
    if by_reach {
        for m in 0..k {
            for i in 0..k {
                if next[i] & (1 << m) != 0 {
                    next[i] |= next[m];
                }
            }
        }
        for (i, used) in used.iter_mut().enumerate().take(k) {
            *used = bits(possible[i])
                .filter(|&j| {
                    let other = usize::from(owner[j]);
                    other == i || next[other] & (1 << i) != 0
                })
                .fold(0, |set, j| set | 1 << j);
        }
        return;
    }
    let component = components(next);
    for (i, used) in used.iter_mut().enumerate().take(k) {
        *used = bits(possible[i])
            .filter(|&j| {
                let other = usize::from(owner[j]);
                other == i || component[other] == component[i]
            })
            .fold(0, |set, j| set | 1 << j);
    }
}

/// Most items for which [`pairings`] finds the cycles by closing every item's reach rather
/// than by strongly connected components: cheaper for the few rows of a band (a 64x64
/// board's boxes have 8).
const SMALL_PAIRING: usize = 8;

/// The strongly connected components of a graph of at most 64 nodes given by `next[i]`, the
/// nodes with an edge from node `i`, by Kosaraju's two passes on bit sets (each node is
/// entered once per pass): the component of each node, as the smallest node in it.
fn components(next: &[u64]) -> [u8; 64] {
    let k = next.len();
    // Pass 1: the nodes in order of finishing a depth-first walk.
    let mut order = [0u8; 64];
    let (mut n_done, mut seen) = (0, 0u64);
    let mut stack = [0u8; 64];
    for root in 0..k {
        if seen & (1 << root) != 0 {
            continue;
        }
        seen |= 1 << root;
        stack[0] = root as u8;
        let mut depth = 1;
        while depth > 0 {
            let node = usize::from(stack[depth - 1]);
            let fresh = next[node] & !seen;
            if fresh == 0 {
                depth -= 1;
                order[n_done] = node as u8;
                n_done += 1;
            } else {
                let child = fresh.trailing_zeros() as usize;
                seen |= 1 << child;
                stack[depth] = child as u8;
                depth += 1;
            }
        }
    }
    // Pass 2: on the reversed graph, latest finisher first, each walk is one component.
    let mut back = [0u64; 64];
    for (i, &out) in next.iter().enumerate() {
        for j in bits(out) {
            back[j] |= 1 << i;
        }
    }
    let mut component = [0u8; 64];
    let mut placed = 0u64;
    for &root in order[..k].iter().rev() {
        let root = usize::from(root);
        if placed & (1 << root) != 0 {
            continue;
        }
        let (mut members, mut frontier) = (1u64 << root, 1u64 << root);
        while frontier != 0 {
            let node = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let fresh = back[node] & !members & !placed;
            members |= fresh;
            frontier |= fresh;
        }
        placed |= members;
        let name = members.trailing_zeros() as u8;
        for node in bits(members) {
            component[node] = name;
        }
    }
    component
}

/// Finds a place for item `i` by an augmenting path, moving others as needed.
fn augment(i: usize, possible: &[u64], owner: &mut [u8; 64], seen: &mut u64) -> bool {
    for j in bits(possible[i]) {
        // A place seen deeper in this search cannot lead to a free one any more.
        if *seen & (1 << j) != 0 {
            continue;
        }
        *seen |= 1 << j;
        if owner[j] == u8::MAX || augment(usize::from(owner[j]), possible, owner, seen) {
            owner[j] = i as u8;
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
            words: SmallVec::from_elem(low(side), (side + 3) * side),
            dirty: 0,
            naked_rows: 0,
            units: [0; 3],
        };
        for cell in shape.cells() {
            if let Some(digit) = puzzle.get(cell) {
                board.settle(cell.row(), cell.col(), digit.bit() as usize);
            }
        }
        board.mark_all();
        board
    }

    fn broken(&self) -> bool {
        let side = self.side();
        (0..side).any(|row| {
            let held = (0..side).fold(0, |held, digit| held | self.at(digit, row));
            !self.open(row) & low(side) & !held != 0
        })
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
        let open = self.open_at();
        self.words[open..open + self.side()]
            .iter()
            .all(|&open| open == 0)
    }

    fn child(&self, cell: Cell, digit: Digit) -> General {
        let mut child = self.clone();
        child.settle(cell.row(), cell.col(), digit.bit() as usize);
        child
    }

    fn remove(&mut self, cell: Cell, digit: Digit) -> bool {
        let (row, bit, digit) = (cell.row(), 1 << cell.col(), digit.bit() as usize);
        let word = self.at(digit, row);
        if self.open(row) & bit == 0 || word & bit == 0 {
            return false;
        }
        self.store(digit, row, word & !bit);
        true
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
        let locked = rule >= Forced::Locked;
        let mut scratch = Scratch::new();
        loop {
            if self.settle_naked_singles()? {
                continue;
            }
            if rule == Forced::Naked {
                break;
            }
            if self.dirty != 0 {
                let digits = std::mem::take(&mut self.dirty);
                for digit in bits(digits) {
                    self.scan_digit(digit, locked, &mut scratch)?;
                }
                continue;
            }
            if rule != Forced::Subsets || self.units == [0; 3] {
                break;
            }
            self.match_units(&mut scratch)?;
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
            Branch::Fewest | Branch::Probe | Branch::Conflicts => self.fewest(),
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
        let k = |rows: &[&str]| {
            let mut used = vec![0; rows.len()];
            pairings(&square(rows), &mut used, &mut Scratch::new().pairing).then_some(used)
        };
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
            let mut got = vec![0; 4];
            let found = pairings(&possible, &mut got, &mut Scratch::new().pairing);
            assert_eq!(
                found.then_some(got),
                any.then(|| used.to_vec()),
                "{possible:?}"
            );
        }
    }

    /// The two ways of finding the cycles of a pairing, by reach and by components, keep the
    /// same pairs, on random graphs of 2 to 16 items, most with a perfect pairing.
    #[test]
    fn both_ways_of_finding_the_cycles_agree() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut random = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut paired = 0;
        for round in 0..20_000 {
            let k = 2 + round % 15;
            // A permutation's pairs, so that a perfect pairing exists, and a few more.
            let mut possible: Vec<u64> = (0..k).map(|i| 1 << ((i + round) % k)).collect();
            for places in &mut possible {
                *places |= random() & random() & low(k);
            }
            let mut work = Scratch::new().pairing;
            let mut used = vec![0; k];
            assert!(pairings(&possible, &mut used, &mut work), "{possible:?}");
            let next: Vec<u64> = (0..k)
                .map(|i| bits(possible[i]).fold(0, |set, j| set | 1 << work.owner[j]) & !(1 << i))
                .collect();
            let mut ways = [vec![0; k], vec![0; k]];
            for (way, by_reach) in ways.iter_mut().zip([true, false]) {
                mark_used(&possible, &work.owner, &mut next.clone(), way, by_reach);
            }
            assert_eq!(ways[0], ways[1], "{possible:?}");
            assert_eq!(ways[0], used);
            paired += usize::from(ways[0] != possible);
        }
        assert!(paired > 1000, "only {paired} graphs lost a pair");
    }

    #[test]
    fn small_boards_stay_inline_and_large_ones_say_their_heap() {
        let four = General::new(&Grid::empty(Shape::new(2, 2).unwrap()));
        assert_eq!(four.bytes(), size_of::<General>());
        let six = General::new(&Grid::empty(Shape::new(2, 3).unwrap()));
        assert!(!six.words.spilled());
        let big = General::new(&Grid::empty(Shape::new(5, 5).unwrap()));
        assert!(big.bytes() >= size_of::<General>() + 28 * 25 * 8);
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
