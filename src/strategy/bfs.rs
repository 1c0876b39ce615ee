//! Breadth-first board branching: the "array of boards".
//!
//! The search holds a *level*: the array of every board at one depth (one guess deeper than the
//! level before). The level is cut into chunks of [`CHUNK`] boards in order (a wide level into
//! [`MAX_CHUNKS`] longer ones), and the chunks go over a crossbeam-channel work queue to the
//! worker threads. A worker pops a chunk and, for each board, fills its forced cells and then
//! discards it (dead), collects it (solved), or clones one child board per candidate of its
//! branch cell into the chunk's part of the next level. The coordinator (the calling thread)
//! puts the chunks' results in chunk order as the next level, without copying a board
//! ([`level`]), and the search goes one level deeper until a level is empty.
//!
//! # Why it neither hangs nor stops early
//!
//! Workers never push into the queue they pop from: every board of a level is sent before any
//! result is awaited, each chunk yields exactly one result message, and the coordinator waits
//! for exactly as many results as it sent chunks. So a level ends exactly when its last chunk is
//! done, whatever the thread count and timing; no board is lost (each lives in exactly one chunk,
//! and every child is in its chunk's result) and none is waited for twice. The workers end when
//! the coordinator drops the sending side of the queue after the last level, and
//! `std::thread::scope` joins them before `solve` returns. A level of a single chunk, every
//! level with one thread, and a level whose boards are being recorded for a page
//! ([`Config::record`], handed to a `Recorder` in level order as they are expanded) is
//! processed by the coordinator itself, in order, through the same function; the workers are
//! spawned at the first level of two chunks or more.
//!
//! # Same answer for every thread count
//!
//! Chunk boundaries depend only on the level, never on the thread count, and results are
//! reassembled in chunk order, so each level holds the same boards in the same order as a
//! single-threaded run. Each chunk stops by itself once it holds the solution limit; when the
//! chunks before and including chunk `i` together reach the limit, the coordinator cancels every
//! chunk after `i`. The reported solutions are the first ones in level order, truncated to the
//! limit and sorted, so they are the same for 1 and 16 threads.
//!
//! # Bounded memory
//!
//! The next level may hold at most `max_frontier` boards, and no more than `max_frontier_bytes`
//! of them ([`Config::frontier_boards`]: a 25x25 board is nearly fifty times a 9x9 one). Each
//! chunk is given an equal share of that budget, fixed before the level starts; a child beyond
//! its chunk's share is not queued but explored depth-first at once inside the worker
//! (`dfs::search`), which needs only a stack of at most one board per depth, within its own
//! budget. Such boards are counted in [`Stats::overflow`]. Memory is therefore at most two
//! levels of that many boards plus one small stack per worker, however large the tree.

use std::borrow::Cow;
use std::cell::Cell;
use std::sync::atomic::{AtomicU8, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::Instant;

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender};

use crate::board::Board;
use crate::budget::{Budget, CLOCK_EVERY};
use crate::config::Config;
use crate::footprint::Footprint;
use crate::geometry::Shape;
use crate::grid::Grid;
use crate::outcome::{Outcome, Stop};
use crate::progress::Meter;
use crate::record::Recorder;
use crate::stats::Stats;
use crate::strategy::estimate::Estimator;
use crate::strategy::expand::{Step, expand, record};
use crate::strategy::learn::{Learner, Lessons, Notes};
use crate::strategy::{Found, Strategy, dfs};
use crate::trace;

mod level;

use level::{Level, Pieces};

/// Fewest boards per work item: small enough that a level of a few dozen boards already keeps
/// two workers busy, large enough that the cost of a channel message is spread over a few
/// microseconds of work.
pub(super) const CHUNK: usize = 16;

/// Most work items per level. A wider level is cut into this many chunks of more than
/// [`CHUNK`] boards each: a chunk's fixed costs (its messages, its harvest's vectors, merging
/// its statistics) are then spread over more boards, while a level still has enough chunks
/// for every worker to take dozens, so that the last to finish holds the others up little.
const MAX_CHUNKS: usize = 1024;

/// Boards per chunk of a level of `n_boards`. A function of the level alone, never of the
/// thread count, so that chunking, and with it the overflow shares and the solutions reported
/// at a limit, are the same for every thread count.
fn chunk_len(n_boards: usize) -> usize {
    n_boards.div_ceil(MAX_CHUNKS).max(CHUNK)
}

/// A chunk of one level, to be expanded by a worker.
struct Job<B> {
    index: usize,
    depth: usize,
    boards: Pieces<B>,
    /// Most children this chunk may queue for the next level.
    share: usize,
}

/// What expanding boards made: the children for the next level in order, the solutions, the
/// statistics. A worker makes one per chunk; the coordinator, expanding a level by itself, one
/// for the whole search, so that its children are written once, into the next level.
struct Harvest<'a, B> {
    next: Level<B>,
    found: Found,
    stats: Stats,
    /// Solutions counted in [`Held`] so far, for a chunk whose results wait to be merged;
    /// `None` for the coordinator's own, which are merged as they are found.
    held: Cell<Option<u64>>,
    meter: Meter<'a>,
    /// The coordinator's estimate of the whole search, refreshed between levels and while a
    /// level runs; `None` in a worker's harvest, and when no one watches the search.
    estimator: Option<Estimator<'a>>,
    /// The clauses learned, in the order of the boards that taught them (a search that
    /// learns), to be merged when the level ends.
    learned: Vec<Vec<u32>>,
    /// The coordinator's learner, for the levels it expands itself; `None` in a worker's
    /// harvest (a worker keeps one for all its chunks), and when the search does not learn.
    learner: Option<Box<Learner>>,
    /// The coordinator's recorder ([`Config::record`], a search that does not learn), handed
    /// every board it expands in level order; `None` in a worker's harvest. While it records,
    /// every level is expanded on the calling thread, so that its boards come in the order the
    /// recorder numbers them.
    recorder: Option<Box<Recorder>>,
}

impl<'a, B> Harvest<'a, B> {
    fn new(config: &'a Config, held: Option<u64>) -> Harvest<'a, B> {
        Harvest {
            next: Level::default(),
            found: Found::new(config),
            stats: Stats::default(),
            held: Cell::new(held),
            meter: Meter::new(config.progress.as_ref()),
            estimator: None,
            learned: Vec::new(),
            learner: None,
            recorder: None,
        }
    }

    /// Whether boards are being recorded: the level must then be expanded in order.
    fn is_recording(&self) -> bool {
        self.recorder.as_deref().is_some_and(Recorder::is_recording)
    }
}

/// What a worker made of a chunk.
struct Done<'a, B> {
    index: usize,
    harvest: Harvest<'a, B>,
    /// Why the chunk stopped before its last board, if it did.
    stop: Option<Stop>,
}

/// State the coordinator and the workers share for the length of one search.
struct Shared<'a> {
    config: &'a Config,
    /// When the search started.
    start: Instant,
    budget: Budget,
    /// Chunks with a larger index are cancelled: the solution limit is reached before them.
    cancel_after: AtomicUsize,
    /// Nodes created by all chunks, counted one by one, only when there is a node budget: so
    /// no thread count can create more than the budget allows.
    nodes: AtomicU64,
    /// Set once a budget runs out: [`HALT_NONE`], or the stop as [`halt_code`] says.
    halt: AtomicU8,
    /// Kept solutions of the memory bound below: those found by chunks not yet merged.
    held: Held,
    /// The clauses learned by the levels done, for a search that learns (boxed, as is the
    /// coordinator's learner: a search that does not learn then carries a pointer, not a
    /// solver's fields, in every move of its state).
    lessons: Option<Box<Lessons>>,
}

/// The bound on solutions kept by chunks whose results cannot be merged yet, because an
/// earlier chunk of the level is still running: without it every worker could collect the
/// whole solution limit (the empty board with `--all` took 1.7 GB on 16 threads).
///
/// Chunks report the solutions they keep; once more than `max` are held, a chunk waits until
/// it is the lowest unfinished chunk of its level, or earlier chunks are merged and free
/// room, or it is cancelled. The lowest unfinished chunk never waits, so the level always
/// progresses: chunks are taken from the queue in index order, so the lowest unfinished one
/// is running on some thread, not queued behind waiting ones. Which solutions are reported
/// does not change: chunks only wait, they never drop a solution.
struct Held {
    /// Solutions reported by chunks not yet merged.
    count: AtomicU64,
    /// Most solutions held before a chunk that is not the lowest waits.
    max: u64,
    /// The lowest chunk of the level whose result is not in yet.
    lowest: AtomicUsize,
    /// Chunks waiting on `room`, so that advancing wakes no one (and makes no system call)
    /// when no one waits, as in every search that holds few solutions.
    waiting: AtomicUsize,
    lock: Mutex<()>,
    room: Condvar,
}

impl Held {
    /// Counts `n` more solutions kept by chunk `index`, and waits while too many are held and
    /// the chunk is neither the lowest unfinished one nor cancelled.
    fn add(&self, index: usize, n: u64, shared: &Shared<'_>) {
        let held = self.count.fetch_add(n, Ordering::Relaxed) + n;
        if held <= self.max {
            return;
        }
        let mut guard = self.lock.lock().unwrap_or_else(PoisonError::into_inner);
        // Counted before the condition is read, and `advance` changes the condition before it
        // reads the count (both sequentially consistent): either this chunk sees the change,
        // or `advance` sees it waiting and wakes it.
        self.waiting.fetch_add(1, Ordering::SeqCst);
        while self.count.load(Ordering::SeqCst) > self.max
            && index != self.lowest.load(Ordering::SeqCst)
            && index <= shared.cancel_after.load(Ordering::Relaxed)
            && shared.halt.load(Ordering::Relaxed) == HALT_NONE
        {
            guard = self
                .room
                .wait(guard)
                .unwrap_or_else(PoisonError::into_inner);
        }
        self.waiting.fetch_sub(1, Ordering::SeqCst);
    }

    /// Records that chunks before `lowest` are in and their `released` solutions merged, and
    /// wakes the waiting chunks to look again.
    fn advance(&self, lowest: usize, released: u64) {
        self.count.fetch_sub(released, Ordering::SeqCst);
        self.lowest.store(lowest, Ordering::SeqCst);
        if self.waiting.load(Ordering::SeqCst) > 0 {
            // Taking the lock waits for a chunk between its check and its wait to be waiting.
            let _guard = self.lock.lock().unwrap_or_else(PoisonError::into_inner);
            self.room.notify_all();
        }
    }
}

const HALT_NONE: u8 = 0;

fn halt_code(stop: Stop) -> u8 {
    match stop {
        Stop::NodeBudget => 1,
        Stop::Timeout => 2,
        Stop::Exhausted | Stop::SolutionLimit => HALT_NONE,
    }
}

impl Shared<'_> {
    /// Why the chunk `index`, which has created `stats.nodes` nodes so far, must stop before its
    /// next node, if it must. Solutions it found since it last looked are counted in
    /// [`Held`] (`held` is how many it counted so far), which may make it wait.
    #[inline]
    fn check(
        &self,
        index: usize,
        stats: &Stats,
        held: &Cell<Option<u64>>,
        meter: &Meter<'_>,
    ) -> Option<Stop> {
        meter.tick(stats);
        if let Some(counted) = held.get().filter(|&counted| stats.solutions > counted) {
            if self.config.keep_solutions {
                self.held.add(index, stats.solutions - counted, self);
            }
            held.set(Some(stats.solutions));
        }
        if index > self.cancel_after.load(Ordering::Relaxed) {
            return Some(Stop::SolutionLimit);
        }
        match self.halt.load(Ordering::Relaxed) {
            HALT_NONE => {}
            1 => return Some(Stop::NodeBudget),
            _ => return Some(Stop::Timeout),
        }
        let max_nodes = self.budget.max_nodes();
        let over_budget =
            max_nodes != u64::MAX && self.nodes.fetch_add(1, Ordering::Relaxed) >= max_nodes;
        let stop = if over_budget {
            Some(Stop::NodeBudget)
        } else if stats.nodes % CLOCK_EVERY == 0 {
            // The chunk's own count: every chunk looks at the clock at its start and then
            // every CLOCK_EVERY nodes, whatever the other threads do.
            self.budget.check_clock()
        } else {
            None
        }?;
        self.halt.store(halt_code(stop), Ordering::Relaxed);
        Some(stop)
    }

    /// Expands the boards of chunk `index` of the level at `depth` into `out`: at most `share`
    /// children join the next level, the others are searched depth-first at once. Returns
    /// why it stopped before its last board, if it did. A `learner` (a search that learns)
    /// first takes the clauses of the levels before, and leaves those the chunk teaches in
    /// `out`.
    fn process<'a, B: Board>(
        &self,
        index: usize,
        depth: usize,
        boards: impl Iterator<Item = B>,
        share: usize,
        out: &mut Harvest<'a, B>,
        mut learner: Option<&mut Learner>,
    ) -> Option<Stop> {
        let limit = self.budget.max_solutions();
        let room = out.next.len() + share;
        let Harvest {
            next,
            found,
            stats,
            held,
            meter,
            learned,
            recorder,
            ..
        } = out;
        if let (Some(learner), Some(lessons)) = (learner.as_deref_mut(), &self.lessons) {
            learner.catch_up(lessons);
        }
        let mut stop = None;
        'boards: for mut board in boards {
            if let Some(reason) = self.check(index, stats, held, meter) {
                stop = Some(reason);
                break;
            }
            let forced_before = stats.forced;
            let step = expand(
                &mut board,
                depth,
                self.config,
                stats,
                self.budget.deadline(),
                learner.as_deref_mut(),
            );
            if let Some(recorder) = recorder.as_deref_mut() {
                record(recorder, &board, &step, stats.forced - forced_before);
            }
            match step {
                Step::Dead => {}
                Step::Solved => {
                    found.add(|| board.to_grid());
                    if found.reached(limit) {
                        stop = Some(Stop::SolutionLimit);
                        break;
                    }
                }
                Step::Counted(n) => {
                    found.add_counted(n);
                    if found.reached(limit) {
                        stop = Some(Stop::SolutionLimit);
                        break;
                    }
                }
                Step::Branch(cell, candidates) => {
                    for digit in candidates {
                        let child = board.child(cell, digit);
                        if next.len() < room {
                            next.push(child);
                            continue;
                        }
                        stats.overflow += 1;
                        stats.depth_mut(depth + 1).overflow += 1;
                        // Searched at once, out of the level's order: the recording cannot
                        // follow it, and the page falls back on the tree's walk.
                        if let Some(recorder) = recorder.as_deref_mut().filter(|r| r.is_recording())
                        {
                            recorder.lose();
                        }
                        let reason = dfs::search(
                            child,
                            depth + 1,
                            self.config,
                            &self.budget,
                            stats,
                            found,
                            None,
                            |stats, _| self.check(index, stats, held, meter),
                        );
                        if reason != Stop::Exhausted {
                            stop = Some(reason);
                            break 'boards;
                        }
                    }
                }
            }
        }
        if let Some(learner) = learner {
            keep_learned(learner, depth, stats, learned);
        }
        meter.flush(stats);
        stop
    }

    /// Expands a whole level on the calling thread, chunk after chunk as the workers would
    /// (the same shares), straight into `out`: no chunk is copied out of the level, and no
    /// child out of a chunk's result.
    fn expand_in_order<B: Board>(
        &self,
        level: &mut Level<B>,
        depth: usize,
        out: &mut Harvest<'_, B>,
    ) -> Option<Stop> {
        let shares = Shares::new(level.len(), self.max_frontier::<B>(level));
        let mut boards = level.drain();
        let mut learner = out.learner.take();
        let mut stop = None;
        for index in 0..shares.n_chunks {
            // Between chunks the estimate may be refreshed: the open boards are the level's
            // rest and the next level so far.
            let open = boards.as_slice().iter().chain(out.next.iter());
            refresh(&mut out.estimator, &out.stats, open);
            let chunk = boards.by_ref().take(shares.chunk_len);
            let share = shares.of(index);
            stop = self.process(index, depth, chunk, share, out, learner.as_deref_mut());
            if stop.is_some() {
                break;
            }
        }
        out.learner = learner;
        stop
    }

    /// Most boards a level may hold, for boards like those of `level`.
    fn max_frontier<B: Board>(&self, level: &Level<B>) -> usize {
        let bytes = level.iter().next().map_or(1, Board::bytes);
        self.config.frontier_boards(bytes)
    }
}

/// How a level of `n_boards` boards is cut into chunks of [`chunk_len`] boards, each with an
/// equal share of the next level's room.
struct Shares {
    chunk_len: usize,
    n_chunks: usize,
    share: usize,
    extra: usize,
}

impl Shares {
    fn new(n_boards: usize, max_frontier: usize) -> Shares {
        let chunk_len = chunk_len(n_boards);
        let n_chunks = n_boards.div_ceil(chunk_len);
        let (share, extra) = match n_chunks {
            0 => (0, 0),
            n => (max_frontier / n, max_frontier % n),
        };
        Shares {
            chunk_len,
            n_chunks,
            share,
            extra,
        }
    }

    /// The room of chunk `index` in the next level.
    fn of(&self, index: usize) -> usize {
        self.share + usize::from(index < self.extra)
    }
}

/// Solves `puzzle` breadth-first from its board `root`, with `config.threads` workers.
pub(crate) fn solve<B: Board>(puzzle: &Grid, root: B, config: &Config) -> Outcome {
    let start = Instant::now();
    let shared = Shared {
        config,
        start,
        budget: Budget::new(config, puzzle.shape(), start),
        cancel_after: AtomicUsize::new(usize::MAX),
        nodes: AtomicU64::new(0),
        halt: AtomicU8::new(HALT_NONE),
        held: Held {
            count: AtomicU64::new(0),
            max: config.max_kept(puzzle.shape()),
            lowest: AtomicUsize::new(0),
            waiting: AtomicUsize::new(0),
            lock: Mutex::new(()),
            room: Condvar::new(),
        },
        lessons: config
            .learns()
            .then(|| Box::new(Lessons::new(&root, config))),
    };
    let threads = config.n_threads();
    // A search that learns is recorded by the tree's walk, which knows its clauses.
    let recorder =
        (config.record && !config.learns()).then(|| Box::new(Recorder::new(puzzle, true)));
    let (stats, found, stop, footprint, recorder) = if threads == 1 {
        run_levels(root, recorder, &shared, |level, depth, out| {
            shared.expand_in_order(level, depth, out)
        })
    } else {
        std::thread::scope(|scope| {
            let (job_tx, job_rx) = crossbeam_channel::unbounded::<Job<B>>();
            let (done_tx, done_rx) = crossbeam_channel::unbounded::<Done<'_, B>>();
            let mut workers = None;
            let result = run_levels(root, recorder, &shared, |level, depth, out| {
                // Workers start with the first level wide enough to share, so a small search
                // never pays for threads it cannot use. The system may refuse some (a memory
                // or process limit): the search goes on with those it got, and with none, on
                // the coordinator alone.
                if level.len() <= CHUNK || out.is_recording() {
                    // One chunk keeps one thread busy: the coordinator does it, no hand-off.
                    // A level being recorded is expanded in order too (its boards are at most
                    // the recording's bound, a few milliseconds of work).
                    return shared.expand_in_order(level, depth, out);
                }
                let started = *workers.get_or_insert_with(|| {
                    crate::threads::spawn_workers(threads, "explore-bfs", |_| {
                        let (job_rx, done_tx, shared) = (job_rx.clone(), done_tx.clone(), &shared);
                        std::thread::Builder::new()
                            .name("explore-bfs".to_owned())
                            .spawn_scoped(scope, move || work(shared, &job_rx, &done_tx))
                            .map(drop)
                    })
                });
                if started == 0 {
                    return shared.expand_in_order(level, depth, out);
                }
                let max_frontier = shared.max_frontier(level);
                let jobs = chunk_level(level, depth, max_frontier);
                let n_jobs = jobs.len();
                // What each chunk holds, for an estimate to look at while it runs: only when
                // someone watches.
                let pending = match out.estimator {
                    Some(_) => jobs.iter().map(|job| job.boards.clone()).collect(),
                    None => Vec::new(),
                };
                for job in jobs {
                    job_tx.send(job).expect("workers outlive the levels");
                }
                gather(&shared, n_jobs, pending, &done_rx, out)
            });
            // Dropping `job_tx` ends the workers' loops; the scope joins them.
            drop(job_tx);
            result
        })
    };
    let mut outcome = Outcome::searched(found, stop, stats, start, footprint);
    outcome.recorded = recorder
        .and_then(|recorder| recorder.finish())
        .map(Box::new);
    outcome
}

/// A worker: expands chunks until the queue is closed.
fn work<'a, B: Board>(shared: &Shared<'a>, jobs: &Receiver<Job<B>>, done: &Sender<Done<'a, B>>) {
    let mut learner = shared.lessons.as_deref().map(Lessons::learner);
    for job in jobs {
        let Job {
            index,
            depth,
            boards,
            share,
        } = job;
        let mut harvest = Harvest::new(shared.config, Some(0));
        let boards_in = level::boards(&boards);
        let stop = shared.process(
            index,
            depth,
            boards_in,
            share,
            &mut harvest,
            learner.as_mut(),
        );
        // The chunk's hold on the level's segments ends before the coordinator hears of it, so
        // that it can take the last of them without a copy.
        drop(boards);
        let done_chunk = Done {
            index,
            harvest,
            stop,
        };
        if done.send(done_chunk).is_err() {
            return;
        }
    }
}

/// Takes the results of the `n_jobs` chunks of a level from `results_in`, in any order, and puts
/// them into `out` in chunk order: the chunks in, in order, are merged at once, so that their
/// solutions leave the bound on held ones; once they hold the limit, the later chunks are
/// cancelled, and their work is counted but their results are not used.
///
/// `pending` holds the boards of every chunk when the search is watched (`out` has an
/// estimator), and nothing otherwise: an estimate made while the chunks run looks at those
/// not in yet, and a chunk's boards are let go as its result comes in.
fn gather<'a, B: Board>(
    shared: &Shared<'a>,
    n_jobs: usize,
    mut pending: Vec<Pieces<B>>,
    results_in: &Receiver<Done<'a, B>>,
    out: &mut Harvest<'a, B>,
) -> Option<Stop> {
    let limit = shared.budget.max_solutions();
    shared.cancel_after.store(usize::MAX, Ordering::Relaxed);
    shared.held.advance(0, 0);
    let mut results: Vec<Option<Done<'a, B>>> = (0..n_jobs).map(|_| None).collect();
    // Chunks whose results are used: those before the one that reached the limit, and it.
    let mut used = n_jobs;
    let mut prefix = 0;
    for _ in 0..n_jobs {
        let done = loop {
            let Some(wait) = out.estimator.as_ref().map(Estimator::until_due) else {
                break results_in.recv().expect("every chunk yields one result");
            };
            match results_in.recv_timeout(wait) {
                Ok(done) => break done,
                Err(RecvTimeoutError::Timeout) => {
                    // The open boards: those of the chunks not in yet, as if none had
                    // started, and the children of those in.
                    let boards = pending.iter().flat_map(level::boards_of);
                    let children = results.iter().flatten();
                    let open = boards.chain(children.flat_map(|done| done.harvest.next.iter()));
                    refresh(&mut out.estimator, &out.stats, open);
                }
                Err(RecvTimeoutError::Disconnected) => panic!("every chunk yields one result"),
            }
        };
        let index = done.index;
        if let Some(boards) = pending.get_mut(index) {
            *boards = Pieces::new();
        }
        // Merged as they come, so that an estimate counts what is done.
        out.stats.merge(&done.harvest.stats);
        results[index] = Some(done);
        let mut released = 0;
        while let Some(Some(done)) = results.get_mut(prefix) {
            released += done.harvest.held.get().unwrap_or(0);
            let part = std::mem::replace(&mut done.harvest.found, Found::new(shared.config));
            if prefix < used {
                out.found.append(part);
                if out.found.reached(limit) {
                    out.found.truncate(limit);
                    used = prefix + 1;
                    shared.cancel_after.store(prefix, Ordering::Relaxed);
                }
            }
            prefix += 1;
        }
        shared.held.advance(prefix, released);
    }
    let mut stop = None;
    for mut done in results.into_iter().flatten() {
        if done.index >= used {
            continue;
        }
        // The chunk's children join the next level as they are, a segment: nothing is copied.
        out.next.push_segment(done.harvest.next.take_own());
        out.learned.append(&mut done.harvest.learned);
        if let Some(reason @ (Stop::NodeBudget | Stop::Timeout)) = done.stop {
            stop = Some(reason);
        }
    }
    stop
}

/// The level loop, run by the coordinator. `expand_level` expands every board of a level (it
/// leaves the level empty) into the harvest it is given, the children in level order; it
/// returns why it stopped early, if it did.
fn run_levels<'a, B: Board>(
    root: B,
    recorder: Option<Box<Recorder>>,
    shared: &Shared<'a>,
    mut expand_level: impl FnMut(&mut Level<B>, usize, &mut Harvest<'a, B>) -> Option<Stop>,
) -> (Stats, Found, Stop, Option<Footprint>, Option<Box<Recorder>>) {
    let limit = shared.budget.max_solutions();
    let mut out = Harvest::new(shared.config, None);
    // The calling thread's levels come from its last search's (a worker's chunk results
    // leave as segments, and have none to take).
    out.next = Level::reused();
    let board_bytes = root.bytes();
    let mut level = Level::reused();
    level.push(root);
    let mut depth = 0;
    let mut stop = Stop::Exhausted;
    let mut emitted = 0;
    let learns = shared.lessons.is_some();
    let mut footprint = shared.config.footprint.then(Footprint::new);
    out.estimator = Estimator::new(shared.config, shared.start);
    out.recorder = recorder;
    out.learner = shared
        .lessons
        .as_ref()
        .map(|lessons| Box::new(lessons.learner()));
    while !level.is_empty() {
        refresh(&mut out.estimator, &out.stats, level.iter());
        // The frontier is the level; the workers' overflow stacks are not part of it.
        let width = level.len() as u64;
        out.stats
            .record_held(depth, width, width * board_bytes as u64);
        if let Some(footprint) = &mut footprint {
            footprint.record(out.stats.nodes, width, width * board_bytes as u64);
        }

        let early = expand_level(&mut level, depth, &mut out);
        if let Some(lessons) = &shared.lessons {
            lessons.merge(std::mem::take(&mut out.learned));
        }
        // Deeper depths may still grow (overflow, later levels); this one and those above
        // it are final.
        emitted = trace::depths_from(
            Strategy::Bfs,
            learns,
            &out.stats.per_depth[..=depth],
            emitted,
        );
        if out.found.reached(limit) {
            out.found.truncate(limit);
            stop = Stop::SolutionLimit;
            break;
        }
        if let Some(reason @ (Stop::NodeBudget | Stop::Timeout)) = early {
            stop = reason;
            break;
        }
        // The drained level's room is the one after next.
        std::mem::swap(&mut level, &mut out.next);
        depth += 1;
    }
    trace::depths_from(Strategy::Bfs, learns, &out.stats.per_depth, emitted);
    level.recycle();
    let Harvest {
        next,
        stats,
        found,
        recorder,
        ..
    } = out;
    next.recycle();
    (stats, found, stop, footprint, recorder)
}

/// Refreshes the estimate of the whole search, if one is due, from the statistics of what is
/// `done` and the `open` boards, those still to expand.
fn refresh<'b, B: Board>(
    estimator: &mut Option<Estimator<'_>>,
    done: &Stats,
    open: impl Iterator<Item = &'b B>,
) {
    if let Some(estimator) = estimator.as_mut().filter(|estimator| estimator.is_due()) {
        let open: Vec<&B> = open.collect();
        estimator.update(done, &open, |board| Cow::Borrowed(*board));
    }
}

/// Cuts a level into chunks of [`chunk_len`] boards with their [`Shares`], leaving it empty.
fn chunk_level<B: Clone>(level: &mut Level<B>, depth: usize, max_frontier: usize) -> Vec<Job<B>> {
    let shares = Shares::new(level.len(), max_frontier);
    level
        .take_chunks(shares.chunk_len)
        .into_iter()
        .enumerate()
        .map(|(index, boards)| Job {
            index,
            depth,
            boards,
            share: shares.of(index),
        })
        .collect()
}

/// Takes the clauses a chunk's `learner` learned into `learned`, for the level's end, and
/// counts them in `stats`.
fn keep_learned(
    learner: &mut Learner,
    depth: usize,
    stats: &mut Stats,
    learned: &mut Vec<Vec<u32>>,
) {
    for clause in learner.take_learned() {
        stats.learned += 1;
        stats.depth_mut(depth).learned += 1;
        stats.learned_literals += clause.len() as u64;
        learned.push(clause);
    }
}

/// The learning of `bfs` one board at a time, for a walk of its tree (`crate::tree::Walk`):
/// the boards of each level cut into this engine's chunks ([`chunk_len`]), each chunk begun
/// from the lessons merged so far, and what the chunks learned merged at the level's end. So
/// the walk meets the same clauses at the same boards as the engine, on any thread count.
pub(crate) struct LevelLearner {
    lessons: Lessons,
    learner: Learner,
    /// The clauses the level's chunks learned so far, for its end.
    learned: Vec<Vec<u32>>,
    /// Boards of the level, and of the chunk, still to come.
    level_left: usize,
    chunk_left: usize,
    chunk_len: usize,
    /// The depth of the chunk running.
    depth: usize,
}

impl LevelLearner {
    /// The learning of a walk from `root`, none learned yet.
    pub(crate) fn new<B: Board>(root: &B, config: &Config) -> LevelLearner {
        let lessons = Lessons::new(root, config);
        let mut learner = lessons.learner();
        learner.keep_notes();
        LevelLearner {
            learner,
            lessons,
            learned: Vec::new(),
            level_left: 0,
            chunk_left: 0,
            chunk_len: 0,
            depth: 0,
        }
    }

    /// The learner for the next board, with `waiting` boards waiting before it is taken: at
    /// the start of a level (the boards waiting are the level) the lessons of the last one are
    /// merged, and at the start of a chunk the learner starts from them. Counts the clauses
    /// of a chunk that ends in `stats`, as the engine does; the board is at `depth`.
    pub(crate) fn next(&mut self, waiting: usize, depth: usize, stats: &mut Stats) -> &mut Learner {
        if self.chunk_left == 0 {
            keep_learned(&mut self.learner, self.depth, stats, &mut self.learned);
            self.depth = depth;
            if self.level_left == 0 {
                self.lessons.merge(std::mem::take(&mut self.learned));
                self.level_left = waiting;
                self.chunk_len = chunk_len(waiting);
            }
            self.chunk_left = self.chunk_len.min(self.level_left);
            self.learner.catch_up(&self.lessons);
        }
        self.level_left -= 1;
        self.chunk_left -= 1;
        &mut self.learner
    }

    /// What the board just expanded learned, and the clause that cut it if one did.
    pub(crate) fn take_notes(&mut self, shape: Shape) -> Notes {
        self.learner.take_notes(shape)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_is_cut_into_chunks_of_sixteen_boards_or_at_most_max_chunks() {
        for n_boards in [
            0,
            1,
            15,
            16,
            17,
            1000,
            16 * 1024,
            16 * 1024 + 1,
            362_880,
            10_000_000,
        ] {
            let shares = Shares::new(n_boards, 1_000_000);
            assert!(shares.chunk_len >= CHUNK, "{n_boards}");
            assert!(shares.n_chunks <= MAX_CHUNKS, "{n_boards}");
            assert!(shares.n_chunks * shares.chunk_len >= n_boards, "{n_boards}");
            if n_boards <= CHUNK * MAX_CHUNKS {
                assert_eq!(shares.chunk_len, CHUNK, "{n_boards}: a narrow level");
            }
            // The whole budget is shared out, and no chunk's share is more than one above
            // another's.
            let each: Vec<usize> = (0..shares.n_chunks).map(|index| shares.of(index)).collect();
            let given: usize = each.iter().sum();
            assert_eq!(
                given,
                if n_boards == 0 { 0 } else { 1_000_000 },
                "{n_boards}"
            );
            if let (Some(least), Some(most)) = (each.iter().min(), each.iter().max()) {
                assert!(most - least <= 1, "{n_boards}: {least} to {most}");
            }
        }
    }
}
