//! `Recorder`: the one place where a search's boards become the columns that
//! `play::Recording` (feature `serde`) keeps, board by board as they are expanded.
//!
//! Whoever expands a board hands it here with what became of it: the engines themselves, when
//! [`Config::record`](crate::Config::record) asks (their boards go to
//! [`Outcome::recorded`](crate::Outcome::recorded), and no second search is made; `bfs`
//! expands a level being recorded in order, on the calling thread), and otherwise the tree's
//! walk ([`Walk`](crate::tree::Walk)), which `play` runs after a search it could not follow
//! (`bfs` that learns, or whose frontier budget sent a board depth-first at once, out of the
//! level's order). Both expand the same boards in the same order, so the recorder numbers
//! them itself as the walk does: the root is board 0, and a board that branches makes its
//! children the next numbers, in digit order, all at once. It keeps the numbers of the
//! boards waiting, a queue breadth-first and a stack depth-first (the smallest digit on top),
//! so the board handed to it next is known by number without being told.
//!
//! The backtrackers' boards are the states of their own tree, as the walk has them
//! ([`Kind::Textbook`](crate::tree::Kind::Textbook)): a state is handed over as it is
//! entered, solved when no cell is empty, dead when its first empty cell has no legal digit,
//! and otherwise branched on that cell into all its legal digits at once, with no forced
//! cell. The search then places those digits one at a time, smallest first, as the stack
//! hands their numbers out.
//!
//! A recording has a bound: at most [`max_boards`] boards. Past it the recorder drops what it
//! held and records nothing more ([`Recorded::is_complete`] is then false). This module never
//! prints, and knows nothing of JSON.

use crate::board::Board;
use crate::candidates::Candidates;
use crate::geometry::{Cell, Shape};
use crate::grid::Grid;

/// The most boards recorded one by one.
pub const MAX_BOARDS: usize = 20_000;

/// The most cells of boards recorded one by one (boards times cells per board): 20,000 boards
/// of 9x9, 7,812 of 16x16, 3,200 of 25x25, 488 of 64x64.
pub const MAX_CELLS: usize = 2_000_000;

/// The most boards recorded one by one for a puzzle of `shape`: [`MAX_BOARDS`], or fewer where
/// boards are large so that their cells stay within [`MAX_CELLS`].
pub fn max_boards(shape: Shape) -> usize {
    (MAX_CELLS / shape.n_cells()).clamp(1, MAX_BOARDS)
}

/// What became of a board once expanded, as the recorder keeps it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Seen {
    /// Dead, with the first cell (by index) left without a candidate, if there is one.
    Dead(Option<u32>),
    /// Cut by a learned clause (only the walk of `bfs` that learns knows).
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    Cut,
    /// Complete.
    Solved,
    /// Branched on `cell` (by index), one child per digit.
    Branched(u32, Candidates),
}

impl Seen {
    /// A board that branched on `cell` into `digits`.
    pub(crate) fn branched(shape: Shape, cell: Cell, digits: Candidates) -> Seen {
        Seen::Branched(shape.index(cell) as u32, digits)
    }

    /// A dead board, with the first cell it left without a candidate.
    pub(crate) fn dead<B: Board>(board: &B) -> Seen {
        let shape = board.shape();
        let mut first: Option<u32> = None;
        board.for_each_open(|cell, digits| {
            if digits.is_empty() {
                let index = shape.index(cell) as u32;
                first = Some(first.map_or(index, |first| first.min(index)));
            }
        });
        Seen::Dead(first)
    }
}

/// The boards of one search, recorded as it expanded them: the columns of
/// `play::Boards` and `play::Steps`, filled.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Recorded {
    /// Per board: its parent, depth, guess (cell and digit), fate letter, cell, forced cells.
    pub(crate) parent: Vec<Option<u32>>,
    pub(crate) depth: Vec<u32>,
    pub(crate) guess_cell: Vec<Option<u32>>,
    pub(crate) guess: Vec<Option<u32>>,
    pub(crate) fate: Vec<u8>,
    pub(crate) cell: Vec<Option<u32>>,
    pub(crate) forced: Vec<u32>,
    /// Per step: the board, the cells changed from its parent (how many, then the pairs of
    /// index and digit of every step in turn). The counts so far follow from the boards.
    pub(crate) step_board: Vec<u32>,
    pub(crate) changed: Vec<u32>,
    pub(crate) changes: Vec<u32>,
    /// Whether every board was recorded: false once the search passed the bound.
    complete: bool,
}

impl Recorded {
    /// Whether every board the search expanded is recorded: false once it made more boards
    /// than the bound, and nothing is then kept.
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// The number of boards recorded.
    pub fn n_boards(&self) -> usize {
        self.parent.len()
    }
}

/// Records boards as they are expanded, numbering them as the tree's walk does ([`Seen`] says
/// what became of each).
#[derive(Clone, Debug)]
pub(crate) struct Recorder {
    recorded: Recorded,
    /// Breadth-first (a queue) or depth-first (a stack).
    breadth: bool,
    max_boards: usize,
    /// Whether the boards could not be followed (one counted without being expanded, or
    /// more boards than the walk would expand): what was recorded then says nothing.
    lost: bool,
    n_cells: usize,
    /// The puzzle's cells: the root's changes are taken against them.
    puzzle: Vec<u8>,
    /// The boards waiting, by number, in the order they will be expanded from the back
    /// (depth-first) or from `head` on (breadth-first: a queue that never moves its numbers,
    /// at most one a board).
    waiting: Vec<u32>,
    head: usize,
    /// The cells of the boards that may still be parents: a child's changes are taken against
    /// its parent's cells. Breadth-first, those of every board that branched, one after
    /// another, and where each board's start in `kept_at` (`u32::MAX` for none); depth-first,
    /// those of the boards on the path to the board expanded, one per depth (a board's parent
    /// is the last board expanded one depth above it), and `kept_at` is unused.
    kept: Vec<u8>,
    kept_at: Vec<u32>,
}

impl Recorder {
    /// A recorder of the search of `puzzle`, breadth-first or depth-first, within the bound of
    /// its shape ([`max_boards`]).
    pub(crate) fn new(puzzle: &Grid, breadth: bool) -> Recorder {
        let shape = puzzle.shape();
        let max_boards = max_boards(shape);
        let mut recorded = Recorded {
            complete: true,
            ..Recorded::default()
        };
        // The columns get room for the bound's boards at once (only the part used is ever
        // touched), so that none is ever copied to a larger one.
        for column in [
            &mut recorded.parent,
            &mut recorded.guess_cell,
            &mut recorded.guess,
            &mut recorded.cell,
        ] {
            column.reserve_exact(max_boards);
        }
        for column in [
            &mut recorded.depth,
            &mut recorded.forced,
            &mut recorded.step_board,
            &mut recorded.changed,
        ] {
            column.reserve_exact(max_boards);
        }
        recorded.fate.reserve_exact(max_boards);
        // A board's changes are a few cells: room for eight pairs a board, and more if asked.
        recorded.changes.reserve(16 * max_boards);
        let mut recorder = Recorder {
            recorded,
            breadth,
            max_boards,
            lost: false,
            n_cells: shape.n_cells(),
            puzzle: puzzle.as_slice().to_vec(),
            waiting: Vec::with_capacity(if breadth { max_boards } else { 64 }),
            head: 0,
            // Breadth-first, room for every board's cells (at most MAX_CELLS bytes), touched as
            // far as used; depth-first, a path's, grown as it deepens.
            kept: Vec::with_capacity(if breadth {
                max_boards * shape.n_cells()
            } else {
                0
            }),
            kept_at: Vec::with_capacity(if breadth { max_boards } else { 0 }),
        };
        recorder.add_board(None, 0, None, None);
        recorder.waiting.push(0);
        recorder
    }

    fn add_board(
        &mut self,
        parent: Option<u32>,
        depth: u32,
        cell: Option<u32>,
        digit: Option<u32>,
    ) {
        let recorded = &mut self.recorded;
        recorded.parent.push(parent);
        recorded.depth.push(depth);
        recorded.guess_cell.push(cell);
        recorded.guess.push(digit);
        recorded.fate.push(b'u');
        recorded.cell.push(None);
        recorded.forced.push(0);
        if self.breadth {
            self.kept_at.push(u32::MAX);
        }
    }

    /// Whether boards are still being recorded (not past the bound).
    pub(crate) fn is_recording(&self) -> bool {
        self.recorded.complete
    }

    /// Records the next board expanded, its cells once its forced cells were filled (as it was
    /// when it died), what became of it, and how many cells were forced in it. Returns its
    /// number, or `None` once past the bound.
    pub(crate) fn expanded(&mut self, cells: &[u8], seen: Seen, forced: u32) -> Option<usize> {
        if !self.recorded.complete {
            return None;
        }
        let id = if self.breadth {
            let id = self.waiting.get(self.head).copied();
            self.head += 1;
            id
        } else {
            self.waiting.pop()
        };
        let Some(id) = id else {
            // More boards than the walk would expand: nothing here to show them as.
            self.lose();
            return None;
        };
        let depth = self.recorded.depth[id as usize];
        if let Seen::Branched(cell, digits) = seen {
            let first = self.recorded.parent.len();
            if first + digits.len() as usize > self.max_boards {
                self.give_up();
                return None;
            }
            for digit in digits {
                self.add_board(Some(id), depth + 1, Some(cell), Some(digit.get() as u32));
            }
            // Within the bound, a board's number fits in 32 bits.
            let children = first as u32..self.recorded.parent.len() as u32;
            if self.breadth {
                self.waiting.extend(children);
            } else {
                // The largest digit goes on the stack first, so the smallest is taken next.
                self.waiting.extend(children.rev());
            }
        }
        self.record_step(id, cells, seen, forced);
        Some(id as usize)
    }

    /// A board that cannot be shown (one counted without being expanded): the recording is
    /// lost, and [`Recorder::finish`] gives none.
    pub(crate) fn lose(&mut self) {
        self.lost = true;
        self.give_up();
    }

    /// Past the bound: nothing is kept.
    fn give_up(&mut self) {
        self.recorded = Recorded::default();
        self.waiting = Vec::new();
        self.head = 0;
        self.kept = Vec::new();
        self.kept_at = Vec::new();
    }

    fn record_step(&mut self, id: u32, cells: &[u8], seen: Seen, forced: u32) {
        let index = id as usize;
        let n_cells = self.n_cells;
        let recorded = &mut self.recorded;
        let from = if self.breadth {
            match recorded.parent[index].map(|parent| self.kept_at[parent as usize]) {
                Some(start) if start != u32::MAX => {
                    let start = start as usize;
                    &self.kept[start..start + n_cells]
                }
                _ => &self.puzzle[..],
            }
        } else {
            // The path above this board: its parent's cells last.
            let depth = recorded.depth[index] as usize;
            self.kept.truncate(depth * n_cells);
            let parent = depth.checked_sub(1).map(|above| above * n_cells);
            let parent = parent.and_then(|start| self.kept.get(start..start + n_cells));
            debug_assert!(depth == 0 || parent.is_some(), "a parent is on the path");
            parent.unwrap_or(&self.puzzle[..])
        };
        let before = recorded.changes.len();
        // Eight cells at a time, compared as one word: most of a board is its parent's.
        let whole = n_cells - n_cells % 8;
        let words = from[..whole]
            .chunks_exact(8)
            .zip(cells[..whole].chunks_exact(8));
        for (chunk, (was, now)) in words.enumerate() {
            let word = |bytes: &[u8]| u64::from_ne_bytes(bytes.try_into().unwrap_or_default());
            if word(was) != word(now) {
                push_changes(&mut recorded.changes, chunk * 8, was, now);
            }
        }
        push_changes(
            &mut recorded.changes,
            whole,
            &from[whole..n_cells],
            &cells[whole..n_cells],
        );
        recorded
            .changed
            .push(((recorded.changes.len() - before) / 2) as u32);
        let (fate, cell) = match seen {
            Seen::Dead(cell) => (b'd', cell),
            Seen::Cut => (b'c', None),
            Seen::Solved => (b's', None),
            Seen::Branched(cell, _) => {
                // Only a board with children is ever a parent: only its cells are kept.
                if self.breadth {
                    self.kept_at[index] = u32::try_from(self.kept.len()).unwrap_or(u32::MAX);
                }
                self.kept.extend_from_slice(cells);
                (b'b', Some(cell))
            }
        };
        recorded.fate[index] = fate;
        recorded.cell[index] = cell;
        recorded.forced[index] = forced;
        recorded.step_board.push(id);
    }

    /// What was recorded; `None` if the boards could not be followed ([`Recorder::lose`]).
    pub(crate) fn finish(self) -> Option<Recorded> {
        (!self.lost).then_some(self.recorded)
    }
}

/// Pushes to `changes` the index (from `first` on) and new digit of each cell where `now`
/// differs from `was`. An index is below 4,096 and a digit below 65, as the board's shape
/// bounds them.
#[inline]
fn push_changes(changes: &mut Vec<u32>, first: usize, was: &[u8], now: &[u8]) {
    for (offset, (&was, &value)) in was.iter().zip(now).enumerate() {
        if was != value {
            changes.push((first + offset) as u32);
            changes.push(u32::from(value));
        }
    }
}
