//! Depth-first search over the same boards, forced cells and branch rule as `bfs`.
//!
//! It keeps an explicit stack instead of recursing. A board that branches stays on the stack
//! and makes its children one at a time, smallest digit first, as the search comes back to it:
//! the stack holds one board per depth of the path, whatever the number of candidates waiting
//! there (on a 64x64 board, dozens per depth). The breadth-first engine calls `search` for the
//! boards that do not fit in its frontier budget. A watched search estimates its size from the
//! subtrees still to search: the board about to be expanded and the children still to be made.
//!
//! The stack is this search's frontier: [`solve`] records, per depth, the most boards it held
//! when it took a board of that depth (that board and the stack, `Stats::record_held`), and
//! samples them into a [`Footprint`] when asked. `search` itself records nothing of its stack,
//! so the overflow stacks of `bfs` leave its per-depth figures alone.

use std::borrow::Cow;
use std::time::Instant;

use crate::board::Board;
use crate::budget::Budget;
use crate::candidates::Candidates;
use crate::config::Config;
use crate::footprint::Footprint;
use crate::geometry::Cell;
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
        &budget,
        &mut stats,
        &mut found,
        |stats, held| {
            let boards = held.boards();
            stats.record_held(held.depth(), boards, boards * board_bytes);
            if let Some(footprint) = &mut footprint {
                footprint.record(stats.nodes, boards, boards * board_bytes);
            }
            meter.tick(stats);
            if let Some(estimator) = &mut estimator {
                if stats.nodes % ESTIMATE_EVERY == 0 {
                    held.refresh(estimator, stats);
                }
            }
            budget.check(stats.nodes + 1)
        },
    );
    meter.flush(&stats);
    Outcome::searched(found, stop, stats, start, footprint)
}

/// A board on the stack that has branched: its children, one per candidate of `cell` still in
/// `rest`, are made one at a time as the search comes back to it, so the stack holds one board
/// per depth of the path however many candidates wait there.
struct Frame<B> {
    board: B,
    depth: usize,
    cell: Cell,
    rest: Candidates,
}

/// What the search holds as it is about to expand a board: that board (`next`, at `depth`)
/// and the stack of boards above it that still have children to make.
pub(crate) struct Held<'s, B> {
    next: &'s B,
    depth: usize,
    stack: &'s [Frame<B>],
}

impl<B: Board> Held<'_, B> {
    /// Boards held: the one about to be expanded and every board on the stack.
    pub(crate) fn boards(&self) -> u64 {
        self.stack.len() as u64 + 1
    }

    /// The depth of the board about to be expanded.
    pub(crate) fn depth(&self) -> usize {
        self.depth
    }

    /// Refreshes the estimate of the whole search, if one is due: the open subtrees are the
    /// board about to be expanded and every child still to be made.
    fn refresh(&self, estimator: &mut Estimator<'_>, stats: &Stats) {
        if !estimator.is_due() {
            return;
        }
        let mut open = vec![None];
        for (i, frame) in self.stack.iter().enumerate() {
            open.extend(frame.rest.iter().map(|digit| Some((i, digit))));
        }
        estimator.update(stats, &open, |item| match *item {
            None => Cow::Borrowed(self.next),
            Some((i, digit)) => {
                let frame = &self.stack[i];
                Cow::Owned(frame.board.child(frame.cell, digit))
            }
        });
    }
}

/// Explores the subtree under `root` (at `depth`) depth-first, smallest digit first, adding to
/// `stats` and `found`. Stops when `found` holds the budget's most solutions, or when `check`,
/// asked before each node with the statistics so far (to add to, as the caller's figures of
/// the stack) and what the search holds, gives a reason.
pub(crate) fn search<B: Board>(
    root: B,
    depth: usize,
    config: &Config,
    budget: &Budget,
    stats: &mut Stats,
    found: &mut Found,
    mut check: impl FnMut(&mut Stats, Held<'_, B>) -> Option<Stop>,
) -> Stop {
    let limit = budget.max_solutions();
    if found.reached(limit) {
        return Stop::SolutionLimit;
    }
    let mut stack: Vec<Frame<B>> = Vec::new();
    let mut root = Some((root, depth));
    loop {
        let (mut board, depth) = match root.take() {
            Some(root) => root,
            // The smallest digit still waiting on the deepest board that has one.
            None => {
                let Some(top) = stack.last_mut() else {
                    return Stop::Exhausted;
                };
                let Some(digit) = top.rest.iter().next() else {
                    stack.pop();
                    continue;
                };
                top.rest.remove(digit);
                let child = (top.board.child(top.cell, digit), top.depth + 1);
                if top.rest.is_empty() {
                    stack.pop();
                }
                child
            }
        };
        let held = Held {
            next: &board,
            depth,
            stack: &stack,
        };
        if let Some(stop) = check(stats, held) {
            return stop;
        }
        match expand(&mut board, depth, config, stats, budget.deadline(), None) {
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
            Step::Branch(cell, rest) => stack.push(Frame {
                board,
                depth,
                cell,
                rest,
            }),
        }
    }
}
