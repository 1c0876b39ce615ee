//! Depth-first search over the same boards, forced cells and branch rule as `bfs`.
//!
//! It keeps an explicit stack of boards instead of recursing, so its memory is the path from
//! the root times the branching factor: at most a few hundred boards. The breadth-first engine
//! calls `search` for the boards that do not fit in its frontier budget. A watched search
//! estimates its size from the boards on its stack, the subtrees still to search.
//!
//! The stack is this search's frontier: [`solve`] records, per depth, the most boards it held
//! when it took a board of that depth (`Stats::record_held`), and samples them into a
//! [`Footprint`] when asked. `search` itself records nothing of its stack, so the overflow
//! stacks of `bfs` leave its per-depth figures alone.

use std::time::Instant;

use crate::board::Board;
use crate::budget::Budget;
use crate::config::Config;
use crate::footprint::Footprint;
use crate::grid::Grid;
use crate::outcome::{Outcome, Stop};
use crate::progress::Meter;
use crate::stats::Stats;
use crate::strategy::Found;
use crate::strategy::estimate::Estimator;
use crate::strategy::expand::{Step, expand};

/// Nodes between two looks at whether the estimate of the search is due (the
/// [`Estimator`] decides): about a millisecond of work.
const ESTIMATE_EVERY: u64 = 1024;

/// Solves `puzzle` depth-first from its board `root`.
pub(crate) fn solve<B: Board>(puzzle: &Grid, root: B, config: &Config) -> Outcome {
    let start = Instant::now();
    let budget = Budget::new(config, puzzle.shape(), start);
    let mut stats = Stats::default();
    let mut found = Found::new(config);
    let meter = Meter::new(config.progress.as_ref());
    let mut estimator = Estimator::new(config, start);
    let mut footprint = config.footprint.then(Footprint::new);
    let board_bytes = root.bytes() as u64;
    let stop = search(
        root,
        0,
        config,
        budget.max_solutions(),
        &mut stats,
        &mut found,
        |stats, stack| {
            // The board on top is taken next; the stack holds it and everything below it.
            if let Some(&(_, depth)) = stack.last() {
                let held = stack.len() as u64;
                stats.record_held(depth, held, held * board_bytes);
                if let Some(footprint) = &mut footprint {
                    footprint.record(stats.nodes, held, held * board_bytes);
                }
            }
            meter.tick(stats);
            if let Some(estimator) = &mut estimator {
                if stats.nodes % ESTIMATE_EVERY == 0 {
                    estimator.update(stats, stack, |(board, _)| board);
                }
            }
            budget.check(stats.nodes + 1)
        },
    );
    meter.flush(&stats);
    Outcome::searched(found, stop, stats, start, footprint)
}

/// Explores the subtree under `root` (at `depth`) depth-first, smallest digit first, adding to
/// `stats` and `found`. Stops when `found` holds `limit` solutions, or when `check`,
/// asked before each node with the statistics so far (to add to, as the caller's figures of
/// the stack) and the stack of boards still to expand (each with its depth, the next on top),
/// gives a reason.
pub(crate) fn search<B: Board>(
    root: B,
    depth: usize,
    config: &Config,
    limit: u64,
    stats: &mut Stats,
    found: &mut Found,
    mut check: impl FnMut(&mut Stats, &[(B, usize)]) -> Option<Stop>,
) -> Stop {
    if found.reached(limit) {
        return Stop::SolutionLimit;
    }
    let mut stack = vec![(root, depth)];
    while !stack.is_empty() {
        if let Some(stop) = check(stats, &stack) {
            return stop;
        }
        let Some((mut board, depth)) = stack.pop() else {
            break;
        };
        match expand(&mut board, depth, config, stats) {
            Step::Dead => {}
            Step::Solved => {
                found.add(|| board.to_grid());
                if found.reached(limit) {
                    return Stop::SolutionLimit;
                }
            }
            Step::Counted(n) => {
                found.add_counted(n);
                if found.reached(limit) {
                    // A board's completions come all at once: no more than the limit count.
                    found.truncate(limit);
                    return Stop::SolutionLimit;
                }
            }
            Step::Branch(cell, candidates) => {
                // Pushed largest first, so the smallest digit is explored first.
                for digit in candidates.iter().rev() {
                    stack.push((board.child(cell, digit), depth + 1));
                }
            }
        }
    }
    Stop::Exhausted
}
