//! The 9x9 kernel: the [`Board`] of the classic board, laid out for speed.
//!
//! [`Nine`] is plain data with no heap allocation (128 bytes), so cloning it is a memory copy.
//! It implements the rules of [`crate::board`] exactly as [`super::General`] does, so both find
//! the same forced cells, the same dead boards and the same branch cells; only the time taken
//! differs. Its layout is drawn from [`Shape::NINE`]: the compile-time assertions below say what
//! a larger box would need.
//!
//! # Layout: one bitset per digit and band
//!
//! A *band* is a row of boxes ([`BOX_HEIGHT`] rows of the grid). For every digit and every band
//! the board keeps one machine word with a bit per cell of the band, set where the digit may
//! still stand (and where it is settled). Every rule is then a few word operations:
//!
//! - settling a cell clears one bit in the other digits' words of its band, and its peers in
//!   its own digit's words;
//! - counting the candidates of every cell of a band at once (for naked singles, dead cells and
//!   the branch cell) is a bit-sliced addition over the digits' words;
//! - a digit's places in a row, a box or a column of its band are a mask away, which finds
//!   hidden singles;
//! - within a band, a digit takes exactly one place in each row and in each box, so its places
//!   pair the band's rows with its boxes; within a stack (a column of boxes), they pair the
//!   stack's columns with the bands. Which pairs can be part of any such pairing is a table
//!   lookup (`MATCHED`); places outside them are locked candidates, and go.
//!
//! Only the words that changed since they were last looked at are looked at again, and the
//! rules run cheapest first (see [`Board::fill_forced`]).

use std::num::NonZeroU8;

use super::{Board, Dead};
use crate::candidates::Candidates;
use crate::config::{Branch, Forced};
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;

/// The shape this kernel is laid out for.
const SHAPE: Shape = Shape::NINE;
/// Width of a box, in cells.
const BOX_WIDTH: usize = SHAPE.box_cols();
/// Height of a box, in cells.
const BOX_HEIGHT: usize = SHAPE.box_rows();
/// Cells in a row, column or box; also the number of digits.
const SIZE: usize = SHAPE.side();
/// Cells on the board.
const N_CELLS: usize = SHAPE.n_cells();

/// Cells of one band, one bit each: bit `row * SIZE + col` for the band's row `row` (from 0)
/// and the grid's column `col`. Consecutive bands laid end to end give the cells in reading
/// order.
type BandSet = u32;

/// Rows in a band.
const BAND_ROWS: usize = BOX_HEIGHT;
/// Bands on the board.
const N_BANDS: usize = SIZE / BOX_HEIGHT;
/// Boxes side by side in a band.
const N_STACKS: usize = SIZE / BOX_WIDTH;
/// Cells in a band.
const BAND_CELLS: usize = BAND_ROWS * SIZE;
/// One word per band and digit, digit-major: word [`word`]`(digit, band)`.
const N_WORDS: usize = N_BANDS * SIZE;

const _: () = assert!(
    BAND_CELLS <= BandSet::BITS as usize,
    "BandSet too narrow for a band"
);
const _: () = assert!(
    N_WORDS <= u32::BITS as usize,
    "the changed-word set is a u32"
);
const _: () = assert!(
    BAND_ROWS == N_STACKS && BOX_WIDTH == N_BANDS && BOX_WIDTH == BOX_HEIGHT,
    "MATCHED pairs rows with boxes in a band, and columns with bands in a stack"
);
const _: () = assert!(BOX_HEIGHT * BOX_HEIGHT <= 16, "MATCHED holds u16 pair sets");
const _: () = assert!(
    SIZE < 16,
    "Nine::new sorts the givens by their low four bits"
);

const ALL_BAND: BandSet = ((1u64 << BAND_CELLS) - 1) as BandSet;
/// The cells of a band's first row.
const ROW: BandSet = (1 << SIZE) - 1;
/// The cells of one row inside one box.
const SEGMENT: BandSet = (1 << BOX_WIDTH) - 1;

/// The first cell of every row-box segment of a band.
const SEGMENT_STARTS: BandSet = {
    let mut starts = 0;
    let mut cell = 0;
    while cell < BAND_CELLS {
        starts |= 1 << cell;
        cell += BOX_WIDTH;
    }
    starts
};

/// For a square of possible pairs between two sides of [`BOX_HEIGHT`] items each (bit
/// `i * BOX_HEIGHT + j` when item `i` of one side may pair with item `j` of the other), the pairs
/// that some one-to-one pairing of the two sides uses; empty when there is no such pairing.
///
/// A digit stands once in each row and once in each box of a band, so its places pair the
/// band's rows with its boxes; likewise once in each column and each box of a stack (a column
/// of boxes), which pairs the stack's columns with its bands. Places outside every pairing are
/// impossible: this is the locked-candidates rule (a digit confined to one box within a row
/// leaves the rest of that box, one confined to one row within a box leaves the rest of that
/// row, and the same for columns) in its band-wide form.
static MATCHED: [u16; 1 << (BOX_HEIGHT * BOX_HEIGHT)] = {
    let mut table = [0; 1 << (BOX_HEIGHT * BOX_HEIGHT)];
    // Every choice of one item of the other side for each item, as a number in base BOX_HEIGHT.
    let mut n_choices = 1;
    let mut i = 0;
    while i < BOX_HEIGHT {
        n_choices *= BOX_HEIGHT;
        i += 1;
    }
    let mut possible = 0;
    while possible < table.len() {
        let mut choice = 0;
        while choice < n_choices {
            let (mut rest, mut used, mut pairs, mut item, mut fits) = (choice, 0, 0, 0, true);
            while item < BOX_HEIGHT {
                let other = rest % BOX_HEIGHT;
                rest /= BOX_HEIGHT;
                let pair = item * BOX_HEIGHT + other;
                fits &= used & (1 << other) == 0 && possible & (1 << pair) != 0;
                used |= 1 << other;
                pairs |= 1 << pair;
                item += 1;
            }
            if fits {
                table[possible] |= pairs;
            }
            choice += 1;
        }
        possible += 1;
    }
    table
};

/// [`MATCHED`] for a band's row-box segments (bit `box * BAND_ROWS + row`, as [`segments`]
/// gives them), as the cells of the segments kept. Which side of a pairing is which does not
/// change the pairs it uses.
static MATCHABLE: [BandSet; 1 << (BAND_ROWS * N_STACKS)] = {
    let mut table = [0; 1 << (BAND_ROWS * N_STACKS)];
    let mut possible = 0;
    while possible < table.len() {
        let mut segment = 0;
        while segment < BAND_ROWS * N_STACKS {
            if MATCHED[possible] & (1 << segment) != 0 {
                let (stack, row) = (segment / BAND_ROWS, segment % BAND_ROWS);
                table[possible] |= SEGMENT << (row * SIZE + stack * BOX_WIDTH);
            }
            segment += 1;
        }
        possible += 1;
    }
    table
};

/// The cells of each box of a band.
static BOX_CELLS: [BandSet; N_STACKS] = {
    let mut boxes = [0; N_STACKS];
    let mut stack = 0;
    while stack < N_STACKS {
        let mut row = 0;
        while row < BAND_ROWS {
            boxes[stack] |= SEGMENT << (row * SIZE + stack * BOX_WIDTH);
            row += 1;
        }
        stack += 1;
    }
    boxes
};

/// The cells of each column of a band.
static COLUMN_CELLS: [BandSet; SIZE] = {
    let mut columns = [0; SIZE];
    let mut col = 0;
    while col < SIZE {
        let mut row = 0;
        while row < BAND_ROWS {
            columns[col] |= 1 << (row * SIZE + col);
            row += 1;
        }
        col += 1;
    }
    columns
};

/// For each cell of a band, its peers in the band: same row, box or column, not itself.
static BAND_PEERS: [BandSet; BAND_CELLS] = {
    let mut peers = [0; BAND_CELLS];
    let mut cell = 0;
    while cell < BAND_CELLS {
        let (row, col) = (cell / SIZE, cell % SIZE);
        peers[cell] = (ROW << (row * SIZE)) | BOX_CELLS[col / BOX_WIDTH] | COLUMN_CELLS[col];
        peers[cell] &= !(1 << cell);
        cell += 1;
    }
    peers
};

/// The row-box segments of a band that hold some of `places`: bit `box * BAND_ROWS + row`.
/// A few shifts, where a table per row would cost a load each.
#[inline]
fn segments(places: BandSet) -> usize {
    // Each segment's first cell gathers the segment's others.
    let mut any = places;
    let mut cell = 1;
    while cell < BOX_WIDTH {
        any |= places >> cell;
        cell += 1;
    }
    let starts = any & SEGMENT_STARTS;
    // Row `row` moves down by `row * (SIZE - 1)`, so that its segment in box `box` lands on
    // bit `box * BOX_WIDTH + row`; the other rows fall outside the first row's bits.
    let mut occupied = 0;
    let mut row = 0;
    while row < BAND_ROWS {
        occupied |= starts >> (row * (SIZE - 1));
        row += 1;
    }
    (occupied & ROW) as usize
}

/// The cells of a band in the given columns (one bit per column).
#[inline]
fn spread_columns(columns: BandSet) -> BandSet {
    let mut cells = 0;
    let mut row = 0;
    while row < BAND_ROWS {
        cells |= columns << (row * SIZE);
        row += 1;
    }
    cells
}

/// All ones when `cells` holds at most one cell, else zero.
#[inline]
fn lone(cells: BandSet) -> BandSet {
    BandSet::from(cells & cells.wrapping_sub(1) == 0).wrapping_neg()
}

/// The 9x9 board being searched: for every digit and band, the cells where the digit may still
/// stand; and the cells not settled yet.
///
/// Aligned to a cache line, so that a board is two whole lines and a copy touches no third.
#[derive(Clone, PartialEq, Eq, Debug)]
#[repr(align(64))]
pub(crate) struct Nine {
    /// `places[word(digit, band)]`: cells of `band` where digit bit `digit` may stand,
    /// including where it is settled. A digit's three bands are side by side, so the rules
    /// that look along columns find them together.
    places: [BandSet; N_WORDS],
    /// `open[band]`: cells of `band` not settled yet.
    open: [BandSet; N_BANDS],
    /// The words of `places` that changed since [`Board::fill_forced`] last looked at them
    /// (bit `word(digit, band)`): every write marks the words it changes, and the fill looks at
    /// those.
    changed: u32,
    /// The first open cell in reading order with two candidates (its index in the grid), as
    /// the last count of candidates found it, when that count is of the board as it stands;
    /// [`NO_PAIR`] otherwise. The branch cell of [`Branch::Fewest`] where there is one. Held
    /// as its index plus one, never zero: a board then has a spare value, and an `Option` of
    /// it (a depth-first frame whose board may be dropped) is no larger than the board.
    pair: NonZeroU8,
}

/// [`Nine::pair`] when it says nothing.
const NO_PAIR: NonZeroU8 = NonZeroU8::MAX;
const _: () = assert!(
    N_CELLS < NO_PAIR.get() as usize,
    "a cell index fits Nine::pair"
);
const _: () = assert!(size_of::<Option<Nine>>() == size_of::<Nine>());

// Cloning a board is the breadth-first engine's unit of work: keep it a small memory copy.
const _: () = assert!(
    size_of::<Nine>() <= 128,
    "a board should stay two cache lines"
);

/// Every word of [`Nine::places`], as a set of words.
const ALL_WORDS: u32 = u32::MAX >> (u32::BITS as usize - N_WORDS);

/// The index in [`Nine::places`] of digit bit `digit` in `band`.
#[inline]
const fn word(digit: usize, band: usize) -> usize {
    digit * N_BANDS + band
}

/// Where a cell lies: its band and its bit in the band.
#[inline]
const fn locate(cell: Cell) -> (usize, usize) {
    let index = SHAPE.index(cell);
    (index / BAND_CELLS, index % BAND_CELLS)
}

/// The columns of a band's cells, one bit per column.
#[inline]
fn columns_of(cells: BandSet) -> BandSet {
    let mut columns = 0;
    let mut row = 0;
    while row < BAND_ROWS {
        columns |= cells >> (row * SIZE);
        row += 1;
    }
    columns & ROW
}

/// The peers in their band of the cells `cells`: same row, box or column. A cell is left out
/// unless it is a peer of another one.
#[inline]
fn band_peers(cells: BandSet) -> BandSet {
    let mut peers = 0;
    let mut left = cells;
    while left != 0 {
        peers |= BAND_PEERS[left.trailing_zeros() as usize];
        left &= left - 1;
    }
    peers
}

impl Board for Nine {
    /// The board of a 9x9 puzzle: givens settled, their digits removed from their peers.
    ///
    /// Panics if the puzzle is not 9x9.
    #[inline]
    fn new(puzzle: &Grid) -> Nine {
        assert_eq!(puzzle.shape(), SHAPE, "the 9x9 kernel takes 9x9 puzzles");
        // Built in bulk, as settling each given in turn would leave it, but with no marks of
        // change (every word is looked at first anyway). `given[value][band]`: the givens of
        // each value; row 0 gathers the empty cells, so that the pass has no branch.
        // Indexed by a value's low four bits, which hold every value of a 9x9 grid: the pass
        // needs no bounds check.
        let mut given = [[0 as BandSet; N_BANDS]; 16];
        let values = puzzle.as_slice();
        for (band, given_band) in (0..N_BANDS).zip(values.chunks_exact(BAND_CELLS)) {
            for (bit, &value) in given_band.iter().enumerate() {
                given[usize::from(value & 15)][band] |= 1 << bit;
            }
        }
        let open = given[0];
        let mut places = [0; N_WORDS];
        for (digit, cells) in given[1..=SIZE].iter().enumerate() {
            for band in 0..N_BANDS {
                // The digit's givens in the other bands take their columns here.
                let across = (0..N_BANDS).filter(|&other| other != band);
                let columns = across.fold(0, |columns, other| columns | columns_of(cells[other]));
                let taken = band_peers(cells[band]) | spread_columns(columns);
                // A given that is a peer of another given of its digit is left with no
                // candidate, which `broken` finds.
                places[word(digit, band)] = (open[band] | cells[band]) & !taken;
            }
        }
        Nine {
            places,
            open,
            changed: ALL_WORDS,
            pair: NO_PAIR,
        }
    }

    #[inline]
    fn broken(&self) -> bool {
        (0..N_BANDS).any(|band| {
            let held = (0..SIZE).fold(0, |held, digit| held | self.places[word(digit, band)]);
            !self.open[band] & ALL_BAND & !held != 0
        })
    }

    #[inline]
    fn shape(&self) -> Shape {
        SHAPE
    }

    #[inline]
    fn bytes(&self) -> usize {
        size_of::<Nine>()
    }

    #[inline]
    fn candidates(&self, cell: Cell) -> Candidates {
        let (band, bit) = locate(cell);
        // Gathered without a branch per digit: every branching board asks.
        let bits = (0..SIZE).fold(0, |bits, digit| {
            bits | (((self.places[word(digit, band)] >> bit) & 1) << digit)
        });
        Candidates::from_bits(bits.into())
    }

    /// One pass over the band words: each digit's open places are scattered into the masks
    /// of their cells, instead of nine looks per cell.
    fn for_each_open(&self, mut each: impl FnMut(Cell, Candidates)) {
        for (band, &open) in self.open.iter().enumerate() {
            if open == 0 {
                continue;
            }
            let mut masks = [0; BAND_CELLS];
            for digit in 0..SIZE {
                let mut cells = self.places[word(digit, band)] & open;
                while cells != 0 {
                    let bit = cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    masks[bit] |= 1 << digit;
                }
            }
            let mut cells = open;
            while cells != 0 {
                let bit = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                if let Some(cell) = SHAPE.cell_at(band * BAND_CELLS + bit) {
                    each(cell, Candidates::from_bits(masks[bit]));
                }
            }
        }
    }

    #[inline]
    fn is_settled(&self, cell: Cell) -> bool {
        let (band, bit) = locate(cell);
        self.open[band] & (1 << bit) == 0
    }

    #[inline]
    fn n_settled(&self) -> usize {
        N_CELLS - self.n_open()
    }

    #[inline]
    fn is_complete(&self) -> bool {
        self.open.iter().all(|&open| open == 0)
    }

    #[inline]
    fn child(&self, cell: Cell, digit: Digit) -> Nine {
        let mut child = self.clone();
        let (band, bit) = locate(cell);
        child.settle(digit.bit() as usize, band, 1 << bit);
        child.pair = NO_PAIR;
        child
    }

    fn remove(&mut self, cell: Cell, digit: Digit) -> bool {
        let (band, bit) = locate(cell);
        let w = word(digit.bit() as usize, band);
        if self.open[band] & self.places[w] & 1 << bit == 0 {
            return false;
        }
        self.places[w] &= !(1 << bit);
        self.changed |= 1 << w;
        self.pair = NO_PAIR;
        true
    }

    fn to_grid(&self) -> Grid {
        let mut values = [0; N_CELLS];
        for digit in 0..SIZE {
            for band in 0..N_BANDS {
                let mut cells = self.places[word(digit, band)] & !self.open[band];
                while cells != 0 {
                    values[band * BAND_CELLS + cells.trailing_zeros() as usize] = digit as u8 + 1;
                    cells &= cells - 1;
                }
            }
        }
        Grid::from_values(SHAPE, &values)
    }

    /// Fills forced cells until none is left, by `rule`, and returns how many it filled.
    ///
    /// The rules run cheapest first, and a dearer one only when the cheaper ones have nothing
    /// left to do; the cells filled do not depend on this order, only the time taken does.
    /// Every write marks the words it changes, so the fill looks at those alone.
    ///
    /// 1. With [`Forced::Hidden`] and [`Forced::Locked`], for every word of places that
    ///    changed, until none did: a digit with one place left in a row or box of the band is
    ///    settled there (a hidden single); [`Forced::Locked`] first removes the digit's locked
    ///    candidates in the band (after which a box with one place leaves its row one place
    ///    too, and the settled cell's peers in the band have already gone).
    /// 2. Every naked single (an unsettled cell with one candidate) is settled; if there was
    ///    any, back to 1.
    /// 3. With [`Forced::Hidden`], for every digit whose places changed since this step last
    ///    looked: a digit with one place left in a column is settled there. With
    ///    [`Forced::Locked`], its locked candidates along columns are removed instead; a
    ///    column with one place then has it settled by step 1.
    ///
    /// It stops when step 3 changes nothing. Every rule finds a board dead when a cell runs out
    /// of candidates; the hidden and locked rules also when a digit runs out of places in a
    /// unit.
    /// Implements [`Forced::Naked`], [`Forced::Hidden`] and [`Forced::Locked`]; the others are
    /// [`super::General`]'s (see [`super::Kernel::for_search`]).
    fn fill_forced(&mut self, rule: Forced) -> Result<u32, Dead> {
        debug_assert!(rule <= Forced::Locked, "{rule} is the general kernel's");
        let open_before = self.open;
        if rule == Forced::Naked {
            while self.settle_naked_singles()? {}
            self.changed = 0;
        } else {
            if rule == Forced::Locked {
                self.fill_scanned::<true>()?;
            } else {
                self.fill_scanned::<false>()?;
            }
        }
        // The cells settled, counted once (three counts, not six: this target counts bits in
        // software).
        let settled = (0..N_BANDS).map(|band| (open_before[band] & !self.open[band]).count_ones());
        Ok(settled.sum())
    }

    #[inline]
    fn branch_cell(&self, rule: Branch) -> Option<Cell> {
        if self.is_complete() {
            return None;
        }
        let index = match rule {
            Branch::First => (0..N_BANDS)
                .find(|&band| self.open[band] != 0)
                .map(|band| band * BAND_CELLS + self.open[band].trailing_zeros() as usize),
            Branch::Fewest | Branch::Probe | Branch::Conflicts if self.pair != NO_PAIR => {
                Some(usize::from(self.pair.get() - 1))
            }
            Branch::Fewest | Branch::Probe | Branch::Conflicts => self.fewest(),
        };
        index.and_then(|index| SHAPE.cell_at(index))
    }
}

impl Nine {
    fn n_open(&self) -> usize {
        self.open
            .iter()
            .map(|open| open.count_ones() as usize)
            .sum()
    }

    /// Settles the cells `cells` of `band` with digit bit `digit`: the cells leave every other
    /// digit's places, and their peers leave this digit's.
    ///
    /// Cells that are peers of each other take each other's place and are left empty, which
    /// the next count of candidates finds dead.
    #[inline]
    fn settle(&mut self, digit: usize, band: usize, cells: BandSet) {
        self.settle_paired(digit, band, cells);
        let w = word(digit, band);
        let peers = band_peers(cells);
        self.changed |= u32::from(self.places[w] & peers != 0) << w;
        self.places[w] &= !peers;
    }

    /// [`Nine::settle`] where the cells' peers in the band have no place left for the digit
    /// already, as after the band's locked candidates are gone: the cells leave every other
    /// digit's places, and their columns leave this digit's places in the other bands.
    #[inline(always)]
    fn settle_paired(&mut self, digit: usize, band: usize, cells: BandSet) {
        // One check that lets the compiler drop one per word below.
        assert!(digit < SIZE && band < N_BANDS);
        // The words this changes are marked as it goes, so that the fill looks at no other.
        // Marks of band 0's words, shifted to this band's once: a constant shift per digit.
        let mut changed = 0;
        for other in 0..SIZE {
            let w = word(other, band);
            changed |= u32::from(self.places[w] & cells != 0) << word(other, 0);
            self.places[w] &= !cells;
        }
        // The digit's own word keeps its places: only its peers go, which `settle` does.
        let own = word(digit, band);
        self.places[own] |= cells;
        let mut changed = (changed << band) & !(1 << own);
        let columns = spread_columns(columns_of(cells));
        for other_band in 0..N_BANDS {
            if other_band != band {
                let w = word(digit, other_band);
                changed |= u32::from(self.places[w] & columns != 0) << w;
                self.places[w] &= !columns;
            }
        }
        self.open[band] &= !cells;
        self.changed |= changed;
    }

    /// Settles every naked single; returns whether there was any. Where there was none, the
    /// count of candidates was of the board as it stands, and its first cell with two
    /// candidates is kept in [`Nine::pair`].
    #[inline]
    fn settle_naked_singles(&mut self) -> Result<bool, Dead> {
        let mut found = false;
        let mut pair = NO_PAIR;
        for band in 0..N_BANDS {
            let (mut once, mut twice, mut thrice) = (0, 0, 0);
            for digit in 0..SIZE {
                let places = self.places[word(digit, band)];
                thrice |= twice & places;
                twice |= once & places;
                once |= places;
            }
            if once != ALL_BAND {
                return Err(Dead);
            }
            let pairs = twice & !thrice & self.open[band];
            if pair == NO_PAIR && pairs != 0 {
                let index = (band * BAND_CELLS) as u8 + pairs.trailing_zeros() as u8;
                pair = NonZeroU8::MIN.saturating_add(index);
            }
            let singles = once & !twice & self.open[band];
            if singles == 0 {
                continue;
            }
            found = true;
            for digit in 0..SIZE {
                // A cell already placed this round may have taken one of these cells' only
                // candidate: that cell is left empty, and the next round finds it dead.
                let cells = self.places[word(digit, band)] & singles;
                if cells != 0 {
                    self.settle(digit, band, cells);
                }
            }
        }
        self.pair = if found { NO_PAIR } else { pair };
        Ok(found)
    }

    /// [`Board::fill_forced`] with [`Forced::Locked`] (`LOCKED`) or [`Forced::Hidden`]: one
    /// copy of the code for each.
    #[inline]
    fn fill_scanned<const LOCKED: bool>(&mut self) -> Result<(), Dead> {
        // The digits with a word that changed since step 3 last looked at them.
        let mut digits = 0;
        loop {
            self.scan_bands::<LOCKED>(&mut digits)?;
            if self.settle_naked_singles()? {
                continue;
            }
            if digits == 0 {
                return Ok(());
            }
            self.scan_stacks::<LOCKED>(std::mem::take(&mut digits))?;
            if self.changed == 0 {
                return Ok(());
            }
        }
    }

    /// Step 1 of [`Board::fill_forced`]: every marked word is looked at, until none is left;
    /// the digits of those words join `digits`.
    #[inline]
    fn scan_bands<const LOCKED: bool>(&mut self, digits: &mut u32) -> Result<(), Dead> {
        while self.changed != 0 {
            let w = self.changed.trailing_zeros() as usize;
            self.changed &= self.changed - 1;
            *digits |= 1 << (w / N_BANDS);
            self.scan_band::<LOCKED>(w)?;
        }
        Ok(())
    }

    /// Step 1 of [`Board::fill_forced`] on word `w` of places. Settling its singles may change
    /// the word again (their peers go, under [`Forced::Hidden`]), which marks it.
    #[inline]
    fn scan_band<const LOCKED: bool>(&mut self, w: usize) -> Result<(), Dead> {
        let (digit, band) = (w / N_BANDS, w % N_BANDS);
        let mut places = self.places[w];
        // Branch-free: which rows hold a single place is hard to predict.
        let (mut singles, mut empty) = (0, false);
        if LOCKED {
            // Also finds a row or box without a place: there is no pairing then.
            places &= MATCHABLE[segments(places)];
            self.places[w] = places;
        } else {
            for cells in BOX_CELLS {
                let here = places & cells;
                empty |= here == 0;
                singles |= here & lone(here);
            }
        }
        for row in 0..BAND_ROWS {
            let here = places & (ROW << (row * SIZE));
            empty |= here == 0;
            singles |= here & lone(here);
        }
        if empty {
            return Err(Dead);
        }
        let new = singles & self.open[band];
        if new != 0 {
            if LOCKED {
                self.settle_paired(digit, band, new);
            } else {
                self.settle(digit, band, new);
            }
        }
        Ok(())
    }

    /// Step 3 of [`Board::fill_forced`], once over `digits`; marks the words it changes.
    #[inline]
    fn scan_stacks<const LOCKED: bool>(&mut self, mut digits: u32) -> Result<(), Dead> {
        while digits != 0 {
            let digit = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            if LOCKED {
                self.pair_stacks(digit)?;
            } else {
                self.settle_column_singles(digit)?;
            }
        }
        Ok(())
    }

    /// The hidden singles of digit bit `digit` in columns: a column with one place left has
    /// the digit settled there.
    #[inline]
    fn settle_column_singles(&mut self, digit: usize) -> Result<(), Dead> {
        // Count places per column over every row, bit-sliced.
        let (mut once, mut twice) = (0, 0);
        for band in 0..N_BANDS {
            let places = self.places[word(digit, band)];
            twice |= once & places;
            once |= places;
        }
        let (mut col_once, mut col_twice) = (0, 0);
        for row in 0..BAND_ROWS {
            let row_once = (once >> (row * SIZE)) & ROW;
            let row_twice = (twice >> (row * SIZE)) & ROW;
            col_twice |= row_twice | (col_once & row_once);
            col_once |= row_once;
        }
        if col_once != ROW {
            return Err(Dead);
        }
        let lone_columns = spread_columns(col_once & !col_twice);
        for band in 0..N_BANDS {
            let places = self.places[word(digit, band)];
            // A lone place is in one band only, so settling one band's takes none of the
            // next band's; two in one band that are peers take each other's, and the next
            // count of candidates finds them dead.
            let new = places & lone_columns & self.open[band];
            if new != 0 {
                self.settle(digit, band, new);
            }
        }
        Ok(())
    }

    /// The locked-candidates rule along columns for digit bit `digit`: in each stack, pairs
    /// its columns with its bands ([`MATCHED`]) and removes the places no pairing uses, marking
    /// the words it changes.
    #[inline]
    fn pair_stacks(&mut self, digit: usize) -> Result<(), Dead> {
        // The columns of each band where the digit has a place.
        let mut columns = [0 as BandSet; N_BANDS];
        for (band, columns) in columns.iter_mut().enumerate() {
            *columns = columns_of(self.places[word(digit, band)]);
        }
        let mut keep = [0 as BandSet; N_BANDS];
        for stack in 0..N_STACKS {
            let shift = stack * BOX_WIDTH;
            let mut possible = 0;
            for (band, columns) in columns.iter().enumerate() {
                possible |= (((columns >> shift) & SEGMENT) as usize) << (band * BOX_WIDTH);
            }
            let paired = BandSet::from(MATCHED[possible]);
            if paired == 0 {
                return Err(Dead);
            }
            for (band, keep) in keep.iter_mut().enumerate() {
                *keep |= ((paired >> (band * BOX_WIDTH)) & SEGMENT) << shift;
            }
        }
        for (band, keep) in keep.into_iter().enumerate() {
            let w = word(digit, band);
            let kept = self.places[w] & spread_columns(keep);
            self.changed |= u32::from(kept != self.places[w]) << w;
            self.places[w] = kept;
        }
        Ok(())
    }

    /// The first open cell in reading order with the fewest candidates, by bit-sliced counting
    /// over the digits. Most branch cells have two candidates: that case counts to three only.
    #[inline]
    fn fewest(&self) -> Option<usize> {
        let mut below_three = [[0 as BandSet; 3]; N_BANDS];
        for (band, below) in below_three.iter_mut().enumerate() {
            let (mut one, mut two, mut three) = (0, 0, 0);
            for digit in 0..SIZE {
                let places = self.places[word(digit, band)];
                three |= two & places;
                two |= one & places;
                one |= places;
            }
            let open = self.open[band];
            *below = [open & !one, open & one & !two, open & two & !three];
        }
        for count in 0..3 {
            for (band, below) in below_three.iter().enumerate() {
                if below[count] != 0 {
                    return Some(band * BAND_CELLS + below[count].trailing_zeros() as usize);
                }
            }
        }
        // Every open cell has three or more: count them all.
        let mut best: Option<(usize, usize)> = None;
        for band in 0..N_BANDS {
            // more[k]: cells with more than k candidates.
            let mut more = [0 as BandSet; SIZE];
            for digit in 0..SIZE {
                let places = self.places[word(digit, band)];
                for k in (1..SIZE).rev() {
                    more[k] |= more[k - 1] & places;
                }
                more[0] |= places;
            }
            for count in 3..=SIZE {
                let over = if count < SIZE { more[count] } else { 0 };
                let exactly = self.open[band] & more[count - 1] & !over;
                if exactly != 0 {
                    if best.is_none_or(|(fewest, _)| count < fewest) {
                        best = Some((count, band * BAND_CELLS + exactly.trailing_zeros() as usize));
                    }
                    break;
                }
            }
        }
        best.map(|(_, index)| index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pair sets over a 3x3 square, written row by row as in `MATCHED`'s index.
    fn pairs(rows: [&str; 3]) -> usize {
        let mut bits = 0;
        for (i, row) in rows.iter().enumerate() {
            for (j, c) in row.chars().enumerate() {
                if c == '#' {
                    bits |= 1 << (i * 3 + j);
                }
            }
        }
        bits
    }

    #[test]
    fn matched_keeps_the_pairs_some_pairing_uses() {
        assert_eq!(BOX_HEIGHT, 3, "these cases are drawn for 3x3 boxes");
        let full = pairs(["###", "###", "###"]);
        assert_eq!(usize::from(MATCHED[full]), full);
        let diagonal = pairs(["#..", ".#.", "..#"]);
        assert_eq!(usize::from(MATCHED[diagonal]), diagonal);
        // Item 0 can only take 1: nobody else may, and item 0 gives up the rest.
        assert_eq!(
            usize::from(MATCHED[pairs([".#.", "###", "###"])]),
            pairs([".#.", "#.#", "#.#"])
        );
        // Items 0 and 1 share {0, 1}: item 2 must take 2.
        assert_eq!(
            usize::from(MATCHED[pairs(["##.", "##.", "###"])]),
            pairs(["##.", "##.", "..#"])
        );
        // Two items that both need 0, and one with nothing: no pairing at all.
        assert_eq!(MATCHED[pairs(["#..", "#..", "###"])], 0);
        assert_eq!(MATCHED[pairs(["###", "###", "..."])], 0);
    }
}
