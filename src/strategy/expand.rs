//! One step of the candidate-board searches (`bfs` and `dfs`): fill a board's forced cells, then
//! say whether it is dead, solved, or must branch, counting what happened at its depth.
//!
//! Both searches call this and differ only in where they put the children, so their per-depth
//! statistics agree whenever both run to the end.

use std::time::Instant;

use crate::board::{Board, probe};
use crate::candidates::Candidates;
use crate::config::{Branch, Config};
use crate::geometry::Cell;
use crate::record::{Recorder, Seen};
use crate::stats::Stats;
use crate::strategy::learn::Learner;
use crate::strategy::tail::{self, TAIL_CELLS};

/// What to do with a board after its forced cells are filled.
pub(crate) enum Step {
    /// Discard it.
    Dead,
    /// Collect it: the board is complete.
    Solved,
    /// Clone one child per candidate of the cell.
    Branch(Cell, Candidates),
    /// Nothing more to do: the board's solutions, this many, are counted
    /// ([`tail::completions`]).
    Counted(u64),
}

/// Expands `board`, found at `depth`, and counts it as one node. `deadline` is the search's,
/// which cuts short a look-ahead ([`Branch::Probe`]) that would run past it. A `learner` (the
/// breadth-first search that learns) first sets the board's guesses again under its clauses,
/// which may rule out candidates or find the board dead ([`Learner::prune`]).
#[inline]
pub(crate) fn expand<B: Board>(
    board: &mut B,
    depth: usize,
    config: &Config,
    stats: &mut Stats,
    deadline: Option<Instant>,
    learner: Option<&mut Learner>,
) -> Step {
    stats.nodes += 1;
    stats.depth_mut(depth).boards += 1;
    let mut learner = learner;
    let filled = match learner.as_deref_mut() {
        None => board.fill_forced(config.forced),
        Some(learner) => learner.prune(board).and_then(|by_clauses| {
            stats.learned_forced += by_clauses;
            let filled = board.fill_forced(config.forced);
            if filled.is_err() {
                learner.explain(board.guesses());
            }
            filled
        }),
    };
    let Ok(filled) = filled else {
        stats.dead += 1;
        stats.depth_mut(depth).dead += 1;
        return Step::Dead;
    };
    let filled = u64::from(filled);
    stats.forced += filled;
    stats.depth_mut(depth).forced += filled;
    match board.branch_cell(config.branch) {
        None => {
            stats.solutions += 1;
            stats.depth_mut(depth).solutions += 1;
            Step::Solved
        }
        Some(_)
            if !config.keep_solutions
                && board.shape().n_cells() - board.n_settled() <= TAIL_CELLS =>
        {
            let n = tail::completions(board);
            stats.solutions += n;
            stats.counted += n;
            stats.depth_mut(depth).solutions += n;
            Step::Counted(n)
        }
        Some(mut cell) => {
            if config.branch == Branch::Probe {
                let probed = probe(board, cell, config.forced, deadline);
                stats.probes += probed.boards;
                cell = probed.cell;
            } else if let Some(learner) = learner.filter(|_| config.branch == Branch::Conflicts) {
                cell = learner.weighted_cell(board).unwrap_or(cell);
            }
            let candidates = board.candidates(cell);
            stats.guesses += 1;
            stats.depth_mut(depth).children += u64::from(candidates.len());
            Step::Branch(cell, candidates)
        }
    }
}

/// Hands `board`, just expanded into `step` with `forced` cells filled, to `recorder`, as the
/// tree's walk would (a board counted without being expanded has no place there: the
/// recording is given up).
#[inline]
pub(crate) fn record<B: Board>(recorder: &mut Recorder, board: &B, step: &Step, forced: u64) {
    if !recorder.is_recording() {
        return;
    }
    let seen = match *step {
        Step::Dead => Seen::dead(board),
        Step::Solved => Seen::Solved,
        Step::Branch(cell, digits) => Seen::branched(board.shape(), cell, digits),
        Step::Counted(_) => {
            recorder.lose();
            return;
        }
    };
    let forced = u32::try_from(forced).unwrap_or(u32::MAX);
    recorder.expanded(board.to_grid().as_slice(), seen, forced);
}
