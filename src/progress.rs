//! Live figures of running searches, for a display that a person watches while a long search
//! runs: boards done, solutions found so far, and an estimate of the whole search.
//!
//! A caller makes a [`Progress`], hands a clone to the search in
//! [`Config::progress`](crate::Config::progress), and reads [`Progress::snapshot`] from another
//! thread whenever it likes. Each engine thread adds what it did every 1,024 nodes and when a
//! unit of work ends (a `bfs` chunk, a whole depth-first search): a few additions on shared
//! atomics per thousand boards, and nothing at all without a `Progress`. The figures are
//! therefore at most a thousand boards per thread behind.
//!
//! The estimate is Knuth's (1975): a random path from a board down to a leaf, choosing one
//! child at random at each branch, visits `1 + b1 + b1*b2 + ...` boards if every board along
//! it had as many children as those it met, and the mean of that sum over many paths is
//! exactly the size of the subtree. `bfs` estimates each level as it starts, from paths below
//! boards drawn from the level (the frontier), so the estimate sharpens as the search goes
//! deeper, and again while a long level runs, from the boards it has left and the children
//! it has made; `dfs` estimates from the boards on its stack. The strategies of their own trees
//! (`bitmask`, `backtrack`) report no estimate. `dfs` that learns has no tree of boards to draw
//! paths in: its estimate is the boards done over the share of its space closed, rougher and
//! high. docs/benchmarks.md says how close the estimates come.

use std::cell::Cell;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use crate::stats::Stats;

/// A handle on the live figures of the searches run with it; clones share them.
///
/// ```
/// use explore::{Config, Progress, format, solve};
///
/// let progress = Progress::new();
/// let config = Config::default()
///     .with_counting()
///     .with_progress(Some(progress.clone()));
/// let outcome = solve(&format::parse_one("................")?, &config);
/// // Another thread would read snapshots while the search runs; at the end, every board and
/// // solution is in.
/// let snapshot = progress.snapshot();
/// assert_eq!(snapshot.nodes, outcome.stats.nodes);
/// assert_eq!(snapshot.solutions, 288);
/// assert_eq!((snapshot.running, snapshot.finished), (0, 1));
/// # Ok::<(), explore::InputError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Progress {
    live: Arc<Live>,
}

#[derive(Debug, Default)]
struct Live {
    nodes: AtomicU64,
    solutions: AtomicU64,
    running: AtomicUsize,
    finished: AtomicU64,
    /// The estimate of the one running search, as `f64` bits; [`NO_ESTIMATE`] when none.
    estimate_nodes: AtomicU64,
    estimate_solutions: AtomicU64,
}

/// Nodes between two reports of one thread: as often as the engines look at the clock
/// ([`Config::CLOCK_EVERY`](crate::Config::CLOCK_EVERY)).
pub(crate) const REPORT_EVERY: u64 = 1024;

/// `f64` bits that no estimate has (a NaN).
const NO_ESTIMATE: u64 = u64::MAX;

/// What the searches run with a [`Progress`] have done so far.
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct Snapshot {
    /// Boards (search nodes) created so far, by every search.
    pub nodes: u64,
    /// Solutions found so far, by every search.
    pub solutions: u64,
    /// Searches running now.
    pub running: usize,
    /// Searches finished.
    pub finished: u64,
    /// The estimated size of the running search, when exactly one is running and its strategy
    /// estimates (`bfs` and `dfs`).
    pub estimate: Option<Estimate>,
}

/// Knuth's estimate of a whole search: the boards it will create and the solutions it will
/// find, from its root to its end.
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct Estimate {
    /// Boards (search nodes) in the whole tree.
    pub nodes: f64,
    /// Solutions in the whole tree.
    pub solutions: f64,
}

impl Progress {
    /// A new handle, with nothing done yet.
    pub fn new() -> Progress {
        let progress = Progress {
            live: Arc::default(),
        };
        progress.clear_estimate();
        progress
    }

    /// The figures now.
    pub fn snapshot(&self) -> Snapshot {
        let live = &*self.live;
        let running = live.running.load(Ordering::Relaxed);
        let nodes = f64::from_bits(live.estimate_nodes.load(Ordering::Relaxed));
        let solutions = f64::from_bits(live.estimate_solutions.load(Ordering::Relaxed));
        Snapshot {
            nodes: live.nodes.load(Ordering::Relaxed),
            solutions: live.solutions.load(Ordering::Relaxed),
            running,
            finished: live.finished.load(Ordering::Relaxed),
            estimate: (running == 1 && nodes.is_finite() && solutions.is_finite())
                .then_some(Estimate { nodes, solutions }),
        }
    }

    /// A search starts.
    pub(crate) fn begin(&self) {
        self.live.running.fetch_add(1, Ordering::Relaxed);
    }

    /// A search ends; its estimate, if it made one, goes with it.
    pub(crate) fn end(&self) {
        self.clear_estimate();
        self.live.running.fetch_sub(1, Ordering::Relaxed);
        self.live.finished.fetch_add(1, Ordering::Relaxed);
    }

    /// Sets the estimate of the running search.
    pub(crate) fn set_estimate(&self, estimate: Estimate) {
        let live = &*self.live;
        live.estimate_nodes
            .store(estimate.nodes.to_bits(), Ordering::Relaxed);
        live.estimate_solutions
            .store(estimate.solutions.to_bits(), Ordering::Relaxed);
    }

    fn clear_estimate(&self) {
        let live = &*self.live;
        live.estimate_nodes.store(NO_ESTIMATE, Ordering::Relaxed);
        live.estimate_solutions
            .store(NO_ESTIMATE, Ordering::Relaxed);
    }

    fn add(&self, nodes: u64, solutions: u64) {
        self.live.nodes.fetch_add(nodes, Ordering::Relaxed);
        if solutions > 0 {
            self.live.solutions.fetch_add(solutions, Ordering::Relaxed);
        }
    }
}

impl Default for Progress {
    fn default() -> Progress {
        Progress::new()
    }
}

/// Clones share their figures, so two configs are alike when they report to the same place.
impl PartialEq for Progress {
    fn eq(&self, other: &Progress) -> bool {
        Arc::ptr_eq(&self.live, &other.live)
    }
}

impl Eq for Progress {}

/// One thread's reporter of one unit of work: it adds to the [`Progress`] what its [`Stats`]
/// gained since it last reported.
#[derive(Debug)]
pub(crate) struct Meter<'a> {
    progress: Option<&'a Progress>,
    nodes: Cell<u64>,
    solutions: Cell<u64>,
}

impl<'a> Meter<'a> {
    /// A meter that reports to `progress`; silent without one.
    pub(crate) fn new(progress: Option<&'a Progress>) -> Meter<'a> {
        Meter {
            progress,
            nodes: Cell::new(0),
            solutions: Cell::new(0),
        }
    }

    /// Reports `stats` every [`REPORT_EVERY`] nodes: call it once per node.
    #[inline]
    pub(crate) fn tick(&self, stats: &Stats) {
        if self.progress.is_some() && stats.nodes % REPORT_EVERY == 0 {
            self.flush(stats);
        }
    }

    /// Reports what `stats` gained since the last report: call it when the work ends.
    pub(crate) fn flush(&self, stats: &Stats) {
        if let Some(progress) = self.progress {
            progress.add(
                stats.nodes - self.nodes.replace(stats.nodes),
                stats.solutions - self.solutions.replace(stats.solutions),
            );
        }
    }
}
