//! Many puzzles through one search configuration, streamed, with results in input order.
//!
//! A batch never holds the whole input: puzzles are read as workers become free, and at most
//! [`WINDOW`] per thread are read but not yet handed back (in flight, or waiting for an earlier
//! one to finish), and no new puzzle is read while the finished ones waiting for an earlier
//! one hold more than [`Config::max_waiting_bytes`] of solutions (eight `--all` searches
//! behind a slow one once took 1.7 GB). Unreadable puzzles keep their place in the order and
//! come out as errors where they stood.
//!
//! How puzzles share the workers was decided by measurement (docs/benchmarks.md): most puzzles
//! of a batch need a handful of boards or none, too few to split across threads, so after the
//! first puzzle each worker solves whole puzzles, each with a one-thread engine. The first
//! puzzle, which may be the only one, gets every thread inside the engine.
//!
//! Puzzles travel in groups sized so that each takes about a millisecond to solve, by the
//! pace of the groups before it: thousands of easy puzzles a second then cost a few hundred
//! hand-offs, not thousands, and a handful of hard ones still spread over every worker.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::config::Config;
use crate::error::InputError;
use crate::format::Puzzle;
use crate::outcome::Outcome;
use crate::threads::spawn_workers;
use crate::trace;

/// Puzzles per worker thread that may be read but not yet handed back.
pub const WINDOW: usize = 4096;

/// About how long one group of puzzles should take a worker to solve.
pub(crate) const GROUP_TIME: Duration = Duration::from_millis(1);

/// Most puzzles in one group, however fast the last group went: a run of hard puzzles after
/// easy ones then reaches one worker in a group of at most this many, and many groups fit in
/// the window.
const MAX_GROUP: usize = 256;

/// One puzzle and what the search made of it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Solved {
    /// The puzzle as read.
    pub puzzle: Puzzle,
    /// Its outcome.
    pub outcome: Outcome,
}

/// What the batch makes of one puzzle: the solved puzzle, or why it could not be read.
pub type Item = Result<Solved, InputError>;

/// Solves every puzzle of `puzzles` with `config`, turns each result into a `T` with `prepare`,
/// and hands those to `emit` in input order.
///
/// `prepare` runs on the thread that solved the puzzle, so work done there for every puzzle
/// (rendering output, say) is shared by the workers; `emit` runs on the calling thread. Pass
/// `|item| item` to receive the results as they are.
///
/// The first puzzle is solved as soon as it is read, with every thread inside the engine, so a
/// single puzzle (or one typed at a terminal) is answered at once. The rest stream through a
/// reader thread and `config.threads` workers that each solve whole puzzles.
///
/// ```
/// use explore::{Config, Status, batch, format};
///
/// let text = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n\
///             12345678\n";
/// let mut statuses = Vec::new();
/// let status = |item: batch::Item| item.map(|solved| solved.outcome.status()).map_err(|e| e.puzzle);
/// batch::run(format::read(text.as_bytes(), "<example>"), &Config::default(), status, |status| {
///     statuses.push(status);
/// });
/// assert_eq!(statuses, vec![Ok(Status::Unique), Err(2)]);
/// ```
pub fn run<I, T>(
    puzzles: I,
    config: &Config,
    prepare: impl Fn(Item) -> T + Sync,
    mut emit: impl FnMut(T),
) where
    I: Iterator<Item = Result<Puzzle, InputError>> + Send,
    T: Send,
{
    let mut puzzles = puzzles.enumerate();
    let Some((_, first)) = puzzles.next() else {
        return;
    };
    emit(prepare(first.map(|puzzle| solve_one(puzzle, config))));
    // Threads are only started for a second puzzle.
    let mut puzzles = puzzles.peekable();
    if puzzles.peek().is_none() {
        return;
    }
    let threads = config.n_threads();
    if threads == 1 {
        for (_, item) in puzzles {
            emit(prepare(item.map(|puzzle| solve_one(puzzle, config))));
        }
        return;
    }
    let per_puzzle = Config {
        threads: 1,
        ..config.clone()
    };
    let window = Window {
        size: WINDOW * threads,
        max_bytes: config.max_waiting_bytes,
        state: Mutex::new(WindowState::default()),
        room: Condvar::new(),
    };
    // Nanoseconds per puzzle in the last group solved; 0 before the first.
    let pace = AtomicU64::new(0);
    let (window, pace, prepare) = (&window, &pace, &prepare);
    // Shared with the reader thread, so that the calling thread can take the input back if
    // the reader cannot start.
    let input = Mutex::new(Some(puzzles));
    let input = &input;
    let take_input = || input.lock().unwrap_or_else(PoisonError::into_inner).take();
    let serial = std::thread::scope(|scope| {
        // A few groups per worker wait in the queue, so that a worker finishing a group finds
        // the next one even when the reader has not had a turn on a busy core.
        let (job_tx, job_rx) = crossbeam_channel::bounded::<Vec<(usize, Puzzle)>>(4 * threads);
        let (done_tx, done_rx) = crossbeam_channel::unbounded::<Vec<(usize, usize, T)>>();
        let workers = spawn_workers(threads, "worker", |_| {
            let (job_rx, done_tx, config) = (job_rx.clone(), done_tx.clone(), &per_puzzle);
            spawn(scope, "explore-worker", move || {
                for group in job_rx {
                    let start = Instant::now();
                    let n = group.len() as u64;
                    let prepared: Vec<_> = group
                        .into_iter()
                        .map(|(seq, puzzle)| {
                            let solved = solve_one(puzzle, config);
                            let bytes = weight(&solved);
                            (seq, bytes, prepare(Ok(solved)))
                        })
                        .collect();
                    let nanos = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
                    pace.store((nanos / n.max(1)).max(1), Ordering::Relaxed);
                    // Counted as the group leaves, once: a lock per puzzle showed in a batch
                    // of easy ones.
                    window.waiting(prepared.iter().map(|(_, bytes, _)| bytes).sum());
                    if done_tx.send(prepared).is_err() {
                        return;
                    }
                }
            })
        });
        if workers == 0 {
            return true;
        }
        let reader_done = done_tx.clone();
        let reader = spawn(scope, "explore-reader", move || {
            let Some(mut puzzles) = take_input() else {
                return;
            };
            let mut group = Vec::new();
            // Puzzle numbers count from 1 after the first, which is handed back already. The
            // reader waits for room before it reads, so no puzzle is held beyond the window.
            for seq in 1.. {
                if !window.has_room(seq) {
                    // The results holding the window may wait for a puzzle of this group.
                    if !group.is_empty() && job_tx.send(std::mem::take(&mut group)).is_err() {
                        return;
                    }
                    window.wait_for_room(seq);
                }
                let Some((_, item)) = puzzles.next() else {
                    break;
                };
                match item {
                    Ok(puzzle) => group.push((seq, puzzle)),
                    Err(error) => {
                        if reader_done
                            .send(vec![(seq, 0, prepare(Err(error)))])
                            .is_err()
                        {
                            return;
                        }
                    }
                }
                // A full group goes at once; a partial one as soon as the workers run dry, so a
                // slow input (a person typing) is never held back waiting for more.
                let full = group_size(pace.load(Ordering::Relaxed));
                let ready = group.len() >= full || (!group.is_empty() && job_tx.is_empty());
                if ready {
                    // The next group is made as large as a full one at once, not grown by
                    // copies as it fills.
                    let group = std::mem::replace(&mut group, Vec::with_capacity(full));
                    if job_tx.send(group).is_err() {
                        return;
                    }
                }
            }
            if !group.is_empty() {
                let _ = job_tx.send(group);
            }
            // Dropping `job_tx` here ends the workers once they have drained the queue.
        });
        if let Err(error) = reader {
            tracing::warn!(
                "the reader thread could not start ({}); solving on the calling thread alone",
                crate::error::in_words(&error)
            );
            // The reader's closure, and the queue's sender with it, is dropped: the workers
            // end, and the scope joins them.
            return true;
        }
        drop(done_tx);
        // Every sender is dropped once the input and the workers are done, which ends this loop.
        // `waiting[i]` holds puzzle `next + i` once it is done; the window bounds its length.
        let mut waiting: VecDeque<Option<(usize, T)>> = VecDeque::new();
        let mut next = 1;
        for group in done_rx {
            // The window hears once per arrival what it handed back, not once per puzzle.
            let (first, mut bytes) = (next, 0);
            for (seq, size, prepared) in group {
                if seq == next && waiting.is_empty() {
                    // The usual case, the next puzzle: handed back without a stop in
                    // `waiting` (a result is hundreds of bytes, and moving it showed).
                    emit(prepared);
                    bytes += size;
                    next += 1;
                    continue;
                }
                let slot = seq - next;
                if waiting.len() <= slot {
                    waiting.resize_with(slot + 1, || None);
                }
                waiting[slot] = Some((size, prepared));
            }
            while let Some(Some(_)) = waiting.front() {
                if let Some(Some((size, prepared))) = waiting.pop_front() {
                    emit(prepared);
                    bytes += size;
                }
                next += 1;
            }
            if next > first {
                window.handed_back(next - 1, bytes);
            }
        }
        false
    });
    if serial {
        if let Some(puzzles) = take_input() {
            for (_, item) in puzzles {
                emit(prepare(item.map(|puzzle| solve_one(puzzle, &per_puzzle))));
            }
        }
    }
}

/// Starts a named thread in `scope`: the name shows in debuggers and profilers.
fn spawn<'scope>(
    scope: &'scope std::thread::Scope<'scope, '_>,
    name: &str,
    body: impl FnOnce() + Send + 'scope,
) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name(name.to_owned())
        .spawn_scoped(scope, body)
        .map(drop)
}

/// The bound on puzzles read but not handed back, in number and in the bytes of the results
/// that wait for an earlier puzzle, shared by the reader, the workers and the caller's thread.
struct Window {
    size: usize,
    max_bytes: usize,
    state: Mutex<WindowState>,
    room: Condvar,
}

#[derive(Default)]
struct WindowState {
    /// Puzzles handed back so far, after the first.
    emitted: usize,
    /// Bytes of solutions of the finished puzzles not handed back yet.
    bytes: usize,
    /// Whether the reader waits for room: only then does handing back wake it (a wake-up is
    /// a system call even with nobody waiting).
    reader_waits: bool,
}

impl Window {
    fn state(&self) -> std::sync::MutexGuard<'_, WindowState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn room_for(&self, state: &WindowState, seq: usize) -> bool {
        seq <= state.emitted + self.size && state.bytes <= self.max_bytes
    }

    /// Whether puzzle `seq` (from 1) may be read now.
    fn has_room(&self, seq: usize) -> bool {
        self.room_for(&self.state(), seq)
    }

    /// Waits until puzzle `seq` (from 1) may be read: fewer than the window's puzzles are out,
    /// and the finished ones waiting hold no more than its bytes. Every waiting result waits
    /// for a puzzle already handed to the workers, so the wait ends.
    fn wait_for_room(&self, seq: usize) {
        let mut state = self.state();
        while !self.room_for(&state, seq) {
            state.reader_waits = true;
            state = self
                .room
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
        state.reader_waits = false;
    }

    /// Records finished results of `bytes` in all that wait to be handed back.
    fn waiting(&self, bytes: usize) {
        self.state().bytes += bytes;
    }

    /// Records that the puzzles up to `seq`, whose results held `bytes`, are handed back.
    fn handed_back(&self, seq: usize, bytes: usize) {
        let mut state = self.state();
        state.emitted = seq;
        state.bytes = state.bytes.saturating_sub(bytes);
        if state.reader_waits {
            self.room.notify_one();
        }
    }
}

/// The memory a solved puzzle holds until it is handed back, as the window counts it: its
/// kept solutions, and what the caller's `prepare` may have made of them, reckoned as text of
/// three bytes a cell (a boxed grid takes about 2.5), and a kilobyte of the rest.
pub fn weight(solved: &Solved) -> usize {
    let shape = solved.puzzle.grid.shape();
    let each = crate::grid::solution_bytes(shape) + 3 * shape.n_cells();
    solved
        .outcome
        .solutions
        .len()
        .saturating_mul(each)
        .saturating_add(1024)
}

/// Puzzles per group at `pace` nanoseconds per puzzle (0: not known yet).
fn group_size(pace: u64) -> usize {
    if pace == 0 {
        return 1;
    }
    let n = GROUP_TIME.as_nanos() / u128::from(pace);
    usize::try_from(n).unwrap_or(MAX_GROUP).clamp(1, MAX_GROUP)
}

fn solve_one(puzzle: Puzzle, config: &Config) -> Solved {
    // Trace events of this search carry the puzzle's number through this span.
    let _span =
        tracing::info_span!(target: trace::TARGET, "puzzle", index = puzzle.index).entered();
    // A picture is of the first puzzle: the others record nothing, so that a batch holds at
    // most a recording per input (a page of one that did not record walks its tree instead).
    let unrecorded;
    let config = if config.record && puzzle.index > 1 {
        unrecorded = config.clone().with_record(false);
        &unrecorded
    } else {
        config
    };
    let outcome = puzzle.solve(config);
    Solved { puzzle, outcome }
}
