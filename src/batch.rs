//! Many puzzles through one search configuration, streamed, with results in input order.
//!
//! A batch never holds the whole input: puzzles are read as workers become free, and at most
//! [`WINDOW`] per thread are in flight or waiting for an earlier one to finish. Unreadable
//! puzzles keep their place in the order and come out as errors where they stood.
//!
//! How puzzles share the workers was decided by measurement (docs/benchmarks.md): most puzzles
//! of a batch need a handful of boards or none, too few to split across threads, so with more
//! than one puzzle each worker solves whole puzzles, each with a one-thread engine. A single
//! puzzle gets every thread inside the engine instead.

use std::collections::BTreeMap;

use crossbeam_channel::{Receiver, Sender, select};

use crate::config::Config;
use crate::error::InputError;
use crate::format::Puzzle;
use crate::outcome::Outcome;
use crate::strategy::solve;

/// Puzzles per worker thread that may be read ahead of the oldest unfinished one.
pub const WINDOW: usize = 256;

/// One puzzle and what the search made of it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Solved {
    /// The puzzle as read.
    pub puzzle: Puzzle,
    /// Its outcome.
    pub outcome: Outcome,
}

/// Solves every puzzle of `puzzles` with `config`, handing each result to `emit` in input order.
///
/// ```
/// use explore::{Config, Status, batch, format};
///
/// let text = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n\
///             12345678\n";
/// let mut statuses = Vec::new();
/// batch::run(format::read(text.as_bytes(), "<example>"), &Config::default(), |result| {
///     statuses.push(result.map(|solved| solved.outcome.status()).map_err(|e| e.puzzle));
/// });
/// assert_eq!(statuses, vec![Ok(Status::Unique), Err(2)]);
/// ```
pub fn run<I>(puzzles: I, config: &Config, mut emit: impl FnMut(Result<Solved, InputError>))
where
    I: Iterator<Item = Result<Puzzle, InputError>>,
{
    let mut puzzles = puzzles.peekable();
    let first = puzzles.next();
    let single = puzzles.peek().is_none();
    let threads = config.threads.max(1);
    let Some(first) = first else { return };
    if single || threads == 1 {
        for item in std::iter::once(first).chain(puzzles) {
            emit(item.map(|puzzle| solve_one(puzzle, config)));
        }
        return;
    }
    let per_puzzle = Config {
        threads: 1,
        ..config.clone()
    };
    std::thread::scope(|scope| {
        let (job_tx, job_rx) = crossbeam_channel::bounded::<(usize, Puzzle)>(threads);
        let (done_tx, done_rx) = crossbeam_channel::unbounded::<(usize, Solved)>();
        for _ in 0..threads {
            let (job_rx, done_tx, config) = (job_rx.clone(), done_tx.clone(), &per_puzzle);
            scope.spawn(move || work(config, &job_rx, &done_tx));
        }
        drop(done_tx);
        let mut order = Reorder::default();
        let mut input = std::iter::once(first).chain(puzzles).enumerate();
        let mut pending: Option<(usize, Puzzle)> = None;
        let window = WINDOW * threads;
        loop {
            if pending.is_none() && order.held() < window {
                let item = input.next();
                order.read += usize::from(item.is_some());
                match item {
                    Some((seq, Ok(puzzle))) => pending = Some((seq, puzzle)),
                    Some((seq, Err(error))) => {
                        order.insert(seq, Err(error));
                        order.flush(&mut emit);
                        continue;
                    }
                    None => break,
                }
            }
            receive(&job_tx, &done_rx, &mut pending, &mut order);
            order.flush(&mut emit);
        }
        drop(job_tx);
        for (seq, solved) in done_rx.iter() {
            order.insert(seq, Ok(solved));
            order.flush(&mut emit);
        }
    });
}

fn solve_one(puzzle: Puzzle, config: &Config) -> Solved {
    let outcome = solve(&puzzle.grid, config);
    Solved { puzzle, outcome }
}

/// Sends the pending puzzle or takes a finished one, whichever can happen first.
fn receive(
    jobs: &Sender<(usize, Puzzle)>,
    done: &Receiver<(usize, Solved)>,
    pending: &mut Option<(usize, Puzzle)>,
    order: &mut Reorder,
) {
    match pending.take() {
        Some(job) => {
            // Hold on to the job until the send succeeds; a send error cannot happen while the
            // workers live, and they live until `jobs` is dropped.
            let mut job = Some(job);
            select! {
                send(jobs, job.take().expect("job is set")) -> result => {
                    if let Err(err) = result {
                        *pending = Some(err.into_inner());
                    }
                }
                recv(done) -> result => {
                    *pending = job;
                    if let Ok((seq, solved)) = result {
                        order.insert(seq, Ok(solved));
                    }
                }
            }
        }
        None => {
            if let Ok((seq, solved)) = done.recv() {
                order.insert(seq, Ok(solved));
            }
        }
    }
}

fn work(config: &Config, jobs: &Receiver<(usize, Puzzle)>, done: &Sender<(usize, Solved)>) {
    for (seq, puzzle) in jobs {
        if done.send((seq, solve_one(puzzle, config))).is_err() {
            return;
        }
    }
}

/// Results waiting for their turn.
#[derive(Default)]
struct Reorder {
    /// The next sequence number to emit.
    next: usize,
    /// Items taken from the input so far.
    read: usize,
    waiting: BTreeMap<usize, Result<Solved, InputError>>,
}

impl Reorder {
    fn insert(&mut self, seq: usize, result: Result<Solved, InputError>) {
        self.waiting.insert(seq, result);
    }

    /// Puzzles read but not yet emitted.
    fn held(&self) -> usize {
        self.read - self.next
    }

    fn flush(&mut self, emit: &mut impl FnMut(Result<Solved, InputError>)) {
        while let Some(result) = self.waiting.remove(&self.next) {
            emit(result);
            self.next += 1;
        }
    }
}
