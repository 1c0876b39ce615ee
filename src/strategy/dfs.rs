//! Depth-first search over the same boards, forced cells and branch rule as `bfs`.
//!
//! It keeps an explicit stack of boards instead of recursing, so its memory is the path from
//! the root times the branching factor: at most a few hundred boards. The breadth-first engine
//! calls `search` for the boards that do not fit in its frontier budget.

use std::time::Instant;

use crate::board::Board;
use crate::budget::Budget;
use crate::config::Config;
use crate::grid::Grid;
use crate::outcome::{Outcome, Stop};
use crate::stats::Stats;
use crate::strategy::Found;
use crate::strategy::expand::{Step, expand};

/// Solves `puzzle` depth-first on boards of kind `B`.
pub(crate) fn solve<B: Board>(puzzle: &Grid, config: &Config) -> Outcome {
    let start = Instant::now();
    let budget = Budget::new(config, puzzle.shape(), start);
    let mut stats = Stats::default();
    let mut found = Found::new(config);
    let stop = search(
        B::new(puzzle),
        0,
        config,
        budget.max_solutions(),
        &mut stats,
        &mut found,
        |stats| budget.check(stats.nodes + 1),
    );
    Outcome::searched(found, stop, stats, start)
}

/// Explores the subtree under `root` (at `depth`) depth-first, smallest digit first, adding to
/// `stats` and `found`. Stops when `found` holds `limit` solutions, or when `check`,
/// asked before each node with the statistics so far, gives a reason.
pub(crate) fn search<B: Board>(
    root: B,
    depth: usize,
    config: &Config,
    limit: u64,
    stats: &mut Stats,
    found: &mut Found,
    mut check: impl FnMut(&Stats) -> Option<Stop>,
) -> Stop {
    if found.count() >= limit {
        return Stop::SolutionLimit;
    }
    let board_bytes = root.bytes();
    let mut stack = vec![(root, depth)];
    while let Some((mut board, depth)) = stack.pop() {
        if let Some(stop) = check(stats) {
            return stop;
        }
        match expand(&mut board, depth, config, stats) {
            Step::Dead => {}
            Step::Solved => {
                found.add(|| board.to_grid());
                if found.count() >= limit {
                    return Stop::SolutionLimit;
                }
            }
            Step::Branch(cell, candidates) => {
                // Pushed largest first, so the smallest digit is explored first.
                for digit in candidates.iter().rev() {
                    stack.push((board.child(cell, digit), depth + 1));
                }
                stats.record_peak(stack.len() as u64, board_bytes);
            }
        }
    }
    Stop::Exhausted
}
