//! A level of the breadth-first search, held so that the coordinator never copies its boards.
//!
//! Workers expand the chunks of a level in parallel, each into a vector of its own children.
//! Put end to end, in chunk order, those vectors are the next level: [`Level`] keeps them as
//! they are, shared segments, and the next level's chunks are cut from them as ranges
//! ([`Level::take_chunks`]), so that neither joining the children nor cutting the chunks moves
//! a board on the coordinator's thread. The one copy of a board is the worker's own, as it
//! takes the board to expand it, in parallel with the other workers. A level expanded by the
//! coordinator itself (one thread, or one chunk) is written into one vector, and read from it.

use std::any::Any;
use std::cell::RefCell;
use std::ops::Range;
use std::sync::Arc;

use smallvec::SmallVec;

use super::CHUNK;

/// The boards of one level, in level order: those written by the coordinator, then the
/// segments made by the workers, one per chunk of the level before, in chunk order.
pub(super) struct Level<B> {
    own: Vec<B>,
    segments: Vec<Arc<Vec<B>>>,
    /// Boards in `segments`.
    in_segments: usize,
}

thread_local! {
    /// The vectors of the levels of this thread's last search (a stack of `Vec<B>`, for the
    /// board kind `B` it searched on), kept for its next: a batch solves its puzzles one after
    /// another on each thread, and a vector of boards aligned to cache lines is an allocation
    /// that costs more than a small puzzle's whole search.
    static SPARE: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
}

/// The most boards a spare vector keeps room for; a larger one goes back to the system, so
/// that a large search holds nothing once it is over.
const SPARE_BOARDS: usize = 64 * CHUNK;

/// Boards of one chunk: ranges of a level's segments, in order.
pub(super) type Pieces<B> = SmallVec<[(Arc<Vec<B>>, Range<usize>); 2]>;

impl<B> Default for Level<B> {
    fn default() -> Level<B> {
        Level {
            own: Vec::new(),
            segments: Vec::new(),
            in_segments: 0,
        }
    }
}

impl<B: 'static> Level<B> {
    /// An empty level, with the room of a vector this thread's last search let go if there is
    /// one ([`Level::recycle`]).
    pub(super) fn reused() -> Level<B> {
        let spare = SPARE.with_borrow_mut(|spare| {
            let stack = spare.as_mut()?.downcast_mut::<Vec<Vec<B>>>()?;
            stack.pop()
        });
        Level {
            own: spare.unwrap_or_default(),
            ..Level::default()
        }
    }

    /// Lets the level go, keeping its own vector's room for this thread's next search when it
    /// is small. Two are kept: a search's level and the next.
    pub(super) fn recycle(self) {
        let mut own = self.own;
        if own.capacity() == 0 || own.capacity() > SPARE_BOARDS {
            return;
        }
        own.clear();
        SPARE.with_borrow_mut(|spare| {
            match spare
                .as_mut()
                .and_then(|spare| spare.downcast_mut::<Vec<Vec<B>>>())
            {
                Some(stack) if stack.len() < 2 => stack.push(own),
                Some(_) => {}
                // None kept yet, or of another kind of board: this kind's from now on.
                None => *spare = Some(Box::new(vec![own])),
            }
        });
    }
}

impl<B: Clone> Level<B> {
    /// Boards in the level.
    pub(super) fn len(&self) -> usize {
        self.own.len() + self.in_segments
    }

    pub(super) fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The boards in level order.
    pub(super) fn iter(&self) -> impl Iterator<Item = &B> {
        let segments = self.segments.iter().flat_map(|segment| segment.iter());
        self.own.iter().chain(segments)
    }

    /// Appends a board, as the coordinator expands a level itself.
    #[inline]
    pub(super) fn push(&mut self, board: B) {
        self.own.push(board);
    }

    /// Appends the children of a worker's chunk, as a segment: the vector is moved, not its
    /// boards.
    pub(super) fn push_segment(&mut self, boards: Vec<B>) {
        if !boards.is_empty() {
            self.in_segments += boards.len();
            self.segments.push(Arc::new(boards));
        }
    }

    /// The worker's children, leaving its harvest's level empty.
    pub(super) fn take_own(&mut self) -> Vec<B> {
        std::mem::take(&mut self.own)
    }

    /// Takes every board in level order, leaving the level empty and its own vector's room
    /// for the level after next. Workers' segments (a level of one chunk, which the
    /// coordinator expands itself) are moved into that vector first, and a segment still
    /// shared with a job is cloned: once every job of the level is done none is.
    pub(super) fn drain(&mut self) -> std::vec::Drain<'_, B> {
        self.in_segments = 0;
        for segment in std::mem::take(&mut self.segments) {
            self.own.extend(Arc::unwrap_or_clone(segment));
        }
        self.own.drain(..)
    }

    /// Cuts the level into chunks of `chunk_len` boards in order (the last may hold fewer), as
    /// ranges of its segments, leaving it empty: no board is moved, the coordinator's own
    /// become a segment as a whole.
    pub(super) fn take_chunks(&mut self, chunk_len: usize) -> Vec<Pieces<B>> {
        let mut segments = std::mem::take(&mut self.segments);
        self.in_segments = 0;
        if !self.own.is_empty() {
            segments.insert(0, Arc::new(std::mem::take(&mut self.own)));
        }
        let mut chunks = Vec::new();
        let mut chunk = Pieces::new();
        let mut in_chunk = 0;
        for segment in segments {
            let mut start = 0;
            while start < segment.len() {
                let end = segment.len().min(start + chunk_len - in_chunk);
                chunk.push((Arc::clone(&segment), start..end));
                in_chunk += end - start;
                start = end;
                if in_chunk == chunk_len {
                    chunks.push(std::mem::take(&mut chunk));
                    in_chunk = 0;
                }
            }
        }
        if in_chunk > 0 {
            chunks.push(chunk);
        }
        chunks
    }
}

/// The boards of a chunk, cloned out of the level's segments.
pub(super) fn boards<B: Clone>(pieces: &Pieces<B>) -> impl Iterator<Item = B> + '_ {
    boards_of(pieces).cloned()
}

/// The boards of a chunk, where they are.
pub(super) fn boards_of<B>(pieces: &Pieces<B>) -> impl Iterator<Item = &B> {
    pieces
        .iter()
        .flat_map(|(segment, range)| segment[range.clone()].iter())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A level of `sizes` segments numbering the boards 0, 1, 2, ... in order.
    fn level(own: usize, sizes: &[usize]) -> Level<usize> {
        let mut level = Level::default();
        let mut next = 0;
        for _ in 0..own {
            level.push(next);
            next += 1;
        }
        for &size in sizes {
            level.push_segment((next..next + size).collect());
            next += size;
        }
        level
    }

    #[test]
    fn chunks_are_runs_of_chunk_boards_in_level_order_across_segments() {
        let cases = [
            (0, vec![]),
            (5, vec![]),
            (0, vec![3, 40, 1, 1, 1, 0, 16, 7]),
            (20, vec![13, 2]),
        ];
        for ((own, sizes), chunk_len) in cases
            .into_iter()
            .flat_map(|case| [CHUNK, 1, 7, 100].map(|chunk_len| (case.clone(), chunk_len)))
        {
            let mut level = level(own, &sizes);
            let n = level.len();
            assert_eq!(
                level.iter().copied().collect::<Vec<_>>(),
                (0..n).collect::<Vec<_>>()
            );
            let chunks = level.take_chunks(chunk_len);
            assert!(level.is_empty());
            assert_eq!(chunks.len(), n.div_ceil(chunk_len));
            let mut seen = Vec::new();
            for chunk in &chunks {
                let boards: Vec<usize> = boards(chunk).collect();
                assert!(boards.len() == chunk_len || seen.len() + boards.len() == n);
                seen.extend(boards);
            }
            assert_eq!(
                seen,
                (0..n).collect::<Vec<_>>(),
                "{own} {sizes:?} {chunk_len}"
            );
        }
    }

    #[test]
    fn a_small_level_lets_its_room_go_to_the_next_search_on_its_thread() {
        // Each test runs on a thread of its own, whose spares start empty.
        let mut level: Level<u64> = Level::reused();
        assert_eq!(level.own.capacity(), 0);
        level.own.reserve_exact(100);
        level.push(7);
        level.recycle();
        let again: Level<u64> = Level::reused();
        assert!(again.is_empty() && again.own.capacity() >= 100);
        // Another kind of board finds nothing of this kind's, and takes the spares over.
        let other: Level<u8> = Level::reused();
        assert_eq!(other.own.capacity(), 0);
        let mut large: Level<u8> = Level::reused();
        large.own.reserve_exact(SPARE_BOARDS + 1);
        large.recycle();
        assert_eq!(Level::<u8>::reused().own.capacity(), 0, "too large to keep");
        let mut small: Level<u8> = Level::reused();
        small.own.reserve_exact(10);
        small.recycle();
        assert!(Level::<u8>::reused().own.capacity() >= 10);
        assert_eq!(Level::<u64>::reused().own.capacity(), 0);
    }

    #[test]
    fn draining_takes_every_board_in_order_shared_or_not() {
        let mut level = level(3, &[4, 0, 2]);
        let held = level.segments[0].clone();
        assert_eq!(
            level.drain().collect::<Vec<_>>(),
            (0..9).collect::<Vec<_>>()
        );
        assert!(level.is_empty());
        assert_eq!(*held, [3, 4, 5, 6]);
    }
}
