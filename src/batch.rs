//! Many puzzles through one search configuration, streamed, with results in input order.
//!
//! A batch never holds the whole input: puzzles are read as workers become free, and at most
//! [`WINDOW`] per thread are in flight or waiting for an earlier one to finish. Unreadable
//! puzzles keep their place in the order and come out as errors where they stood.
//!
//! How puzzles share the workers was decided by measurement (docs/benchmarks.md): most puzzles
//! of a batch need a handful of boards or none, too few to split across threads, so after the
//! first puzzle each worker solves whole puzzles, each with a one-thread engine. The first
//! puzzle, which may be the only one, gets every thread inside the engine.

use std::collections::BTreeMap;

use crate::config::Config;
use crate::error::InputError;
use crate::format::Puzzle;
use crate::outcome::Outcome;
use crate::strategy::solve;
use crate::trace;

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
/// The first puzzle is solved as soon as it is read, with every thread inside the engine, so a
/// single puzzle (or one typed at a terminal) is answered at once. The rest stream through a
/// reader thread and `config.threads` workers that each solve whole puzzles; `emit` runs on the
/// calling thread.
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
    I: Iterator<Item = Result<Puzzle, InputError>> + Send,
{
    let mut puzzles = puzzles.enumerate();
    let Some((_, first)) = puzzles.next() else {
        return;
    };
    emit(first.map(|puzzle| solve_one(puzzle, config)));
    let threads = config.threads.max(1);
    if threads == 1 {
        for (_, item) in puzzles {
            emit(item.map(|puzzle| solve_one(puzzle, config)));
        }
        return;
    }
    let per_puzzle = Config {
        threads: 1,
        ..config.clone()
    };
    let window = WINDOW * threads;
    std::thread::scope(|scope| {
        let (job_tx, job_rx) = crossbeam_channel::bounded::<Vec<(usize, Puzzle)>>(threads);
        let (done_tx, done_rx) = crossbeam_channel::unbounded::<Vec<(usize, Item)>>();
        // One token per puzzle that may be read but not yet emitted: the reader takes one
        // before each read, the caller's thread gives it back after each emit.
        let (token_tx, token_rx) = crossbeam_channel::bounded::<()>(window);
        for _ in 0..window {
            token_tx
                .send(())
                .expect("the token channel has room for the window");
        }
        for _ in 0..threads {
            let (job_rx, done_tx, config) = (job_rx.clone(), done_tx.clone(), &per_puzzle);
            scope.spawn(move || {
                for group in job_rx {
                    let solved = group
                        .into_iter()
                        .map(|(seq, puzzle)| (seq, Ok(solve_one(puzzle, config))))
                        .collect();
                    if done_tx.send(solved).is_err() {
                        return;
                    }
                }
            });
        }
        let reader_done = done_tx.clone();
        scope.spawn(move || {
            let mut group = Vec::with_capacity(GROUP);
            for (seq, item) in puzzles {
                if token_rx.recv().is_err() {
                    return;
                }
                match item {
                    Ok(puzzle) => group.push((seq, puzzle)),
                    Err(error) => {
                        if reader_done.send(vec![(seq, Err(error))]).is_err() {
                            return;
                        }
                    }
                }
                // A full group goes at once; a partial one as soon as the workers run dry, so a
                // slow input (a person typing) is never held back waiting for more.
                if group.len() == GROUP || (!group.is_empty() && job_tx.is_empty()) {
                    let full = std::mem::replace(&mut group, Vec::with_capacity(GROUP));
                    if job_tx.send(full).is_err() {
                        return;
                    }
                }
            }
            if !group.is_empty() {
                let _ = job_tx.send(group);
            }
            // Dropping `job_tx` here ends the workers once they have drained the queue.
        });
        drop(done_tx);
        // Every sender is dropped once the input and the workers are done, which ends this loop.
        let mut waiting = BTreeMap::new();
        let mut next = 1;
        for group in done_rx {
            waiting.extend(group);
            while let Some(result) = waiting.remove(&next) {
                emit(result);
                next += 1;
                // The reader may have stopped early; a missing receiver is fine.
                let _ = token_tx.try_send(());
            }
        }
    });
}

/// What the batch hands back for one puzzle.
type Item = Result<Solved, InputError>;

/// Most puzzles a worker takes at once: enough that the hand-off costs little next to solving
/// even puzzles that need no guess (about ten microseconds each), few enough to keep both
/// workers fed.
const GROUP: usize = 32;

fn solve_one(puzzle: Puzzle, config: &Config) -> Solved {
    // Trace events of this search carry the puzzle's number through this span.
    let _span =
        tracing::info_span!(target: trace::TARGET, "puzzle", index = puzzle.index).entered();
    let outcome = solve(&puzzle.grid, config);
    Solved { puzzle, outcome }
}
