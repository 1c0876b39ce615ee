//! Depth-first search over the same boards, forced cells and branch rule as `bfs`.
//!
//! It keeps an explicit stack instead of recursing. A board that branches stays on the stack
//! and makes its children one at a time, smallest digit first, as the search comes back to it:
//! the stack holds at most one board per depth of the path, whatever the number of candidates
//! waiting there (on a 64x64 board, dozens per depth). The breadth-first engine calls `search`
//! for the boards that do not fit in its frontier budget. A watched search estimates its size
//! from the subtrees still to search: the board about to be expanded and the children still to
//! be made of the boards the stack keeps (below).
//!
//! A path can be thousands of boards deep (the empty 64x64 board: 3,500 boards of 35 KB), so
//! the stack has a budget, [`stack_bytes`]: past it, every other board between the first and
//! the last is dropped, and the frame keeps only its cell and the digits still to try. The
//! search keeps the guesses of its path, a few bytes a depth (only where the path can be deeper
//! than the stack's room: a guess settles a cell), and makes a dropped board again
//! when it comes back to it: from the nearest board kept above it, each guess of the path set
//! and its forced cells filled as before, keeping again the dropped boards it passes while
//! there is room. The boards, the order and the answers are the same; the boards made again
//! cost time, not counted as nodes: on a tight budget (36x36 under `--max-memory 64MiB`, a
//! stack of 23 boards on paths 100 deep) about as many nodes a second as with room, and far
//! fewer when the stack keeps only a few boards of a deep path.
//!
//! The stack is this search's frontier: [`solve`] records, per depth, the most boards it held
//! when it took a board of that depth (that board and the stack, `Stats::record_held`), and
//! samples them into a [`Footprint`] when asked. `search` itself records nothing of its stack,
//! so the overflow stacks of `bfs` leave its per-depth figures alone.

use std::borrow::Cow;
use std::time::Instant;

use smallvec::SmallVec;

use crate::board::Board;
use crate::budget::Budget;
use crate::candidates::Candidates;
use crate::config::Config;
use crate::footprint::Footprint;
use crate::geometry::{Cell, Digit};
use crate::grid::Grid;
use crate::outcome::{Outcome, Stop};
use crate::progress::Meter;
use crate::record::Recorder;
use crate::stats::Stats;
use crate::strategy::Found;
use crate::strategy::estimate::Estimator;
use crate::strategy::expand::{Step, expand, record};

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
    let mut recorder = config.record.then(|| Recorder::new(puzzle, false));
    let stop = search(
        root,
        0,
        config,
        &budget,
        &mut stats,
        &mut found,
        recorder.as_mut(),
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
    let mut outcome = Outcome::searched(found, stop, stats, start, footprint);
    outcome.recorded = recorder.and_then(Recorder::finish).map(Box::new);
    outcome
}

/// Most bytes of boards a depth-first stack holds ([`search`]): a quarter of the frontier's
/// budget, and room for four boards at least.
pub(crate) fn stack_bytes(config: &Config, board_bytes: usize) -> usize {
    (config.max_frontier_bytes / 4).max(4 * board_bytes)
}

/// A board on the stack that has branched: its children, one per candidate of `cell` still in
/// `rest`, are made one at a time as the search comes back to it, so the stack holds at most
/// one board per depth of the path however many candidates wait there. `board` is `None` once
/// dropped to keep the stack within its budget.
struct Frame<B> {
    board: Option<B>,
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
    /// Boards kept on the stack.
    kept: usize,
}

impl<B: Board> Held<'_, B> {
    /// Boards held: the one about to be expanded and every board kept on the stack.
    pub(crate) fn boards(&self) -> u64 {
        self.kept as u64 + 1
    }

    /// The depth of the board about to be expanded.
    pub(crate) fn depth(&self) -> usize {
        self.depth
    }

    /// Refreshes the estimate of the whole search, if one is due: the open subtrees are the
    /// board about to be expanded and every child still to be made of a board kept (those of
    /// a dropped board are left out).
    fn refresh(&self, estimator: &mut Estimator<'_>, stats: &Stats) {
        if !estimator.is_due() {
            return;
        }
        let mut open = vec![None];
        for (i, frame) in self.stack.iter().enumerate() {
            if frame.board.is_some() {
                open.extend(frame.rest.iter().map(|digit| Some((i, digit))));
            }
        }
        estimator.update(stats, &open, |item| match *item {
            None => Cow::Borrowed(self.next),
            Some((i, digit)) => {
                let frame = &self.stack[i];
                let board = frame.board.as_ref().expect("only kept boards are open");
                Cow::Owned(board.child(frame.cell, digit))
            }
        });
    }
}

/// Explores the subtree under `root` (at `depth`) depth-first, smallest digit first, adding to
/// `stats` and `found`. Stops when `found` holds the budget's most solutions, or when `check`,
/// asked before each node with the statistics so far (to add to, as the caller's figures of
/// the stack) and what the search holds, gives a reason. A `recorder` is handed each board
/// expanded, in order.
#[allow(clippy::too_many_arguments)] // the search's state, each part its own borrow
pub(crate) fn search<B: Board>(
    root: B,
    depth: usize,
    config: &Config,
    budget: &Budget,
    stats: &mut Stats,
    found: &mut Found,
    mut recorder: Option<&mut Recorder>,
    mut check: impl FnMut(&mut Stats, Held<'_, B>) -> Option<Stop>,
) -> Stop {
    let limit = budget.max_solutions();
    if found.reached(limit) {
        return Stop::SolutionLimit;
    }
    let top_depth = depth;
    let most_boards = stack_bytes(config, root.bytes()) / root.bytes().max(1);
    let mut stack: Vec<Frame<B>> = Vec::new();
    // The guess of each depth of the path, from `top_depth`: how a dropped board is made again.
    // Each guess settles a cell, so a path holds at most a frame per open cell of the root: a
    // stack with room for that many boards never drops one, and keeps no path.
    let open_cells = root.shape().n_cells() - root.n_settled();
    let drops = most_boards < open_cells;
    let mut path: SmallVec<[(Cell, Digit); 64]> = SmallVec::new();
    let mut kept = 0;
    let mut root = Some((root, depth));
    loop {
        let (mut board, depth) = match root.take() {
            Some(root) => root,
            // The smallest digit still waiting on the deepest board that has one.
            None => {
                let Some(top) = stack.last() else {
                    return Stop::Exhausted;
                };
                let Some(digit) = top.rest.iter().next() else {
                    kept -= usize::from(top.board.is_some());
                    stack.pop();
                    continue;
                };
                if top.board.is_none() {
                    kept = rebuild(&mut stack, &path, top_depth, config, kept, most_boards);
                }
                let top = stack.last_mut().expect("a top");
                top.rest.remove(digit);
                let parent = top.board.as_ref().expect("made again above");
                let child = (parent.child(top.cell, digit), top.depth + 1);
                if drops {
                    path.truncate(top.depth - top_depth);
                    path.push((top.cell, digit));
                }
                if top.rest.is_empty() {
                    kept -= 1;
                    stack.pop();
                }
                child
            }
        };
        let held = Held {
            next: &board,
            depth,
            stack: &stack,
            kept,
        };
        if let Some(stop) = check(stats, held) {
            return stop;
        }
        let forced_before = stats.forced;
        let step = expand(&mut board, depth, config, stats, budget.deadline(), None);
        if let Some(recorder) = recorder.as_deref_mut() {
            record(recorder, &board, &step, stats.forced - forced_before);
        }
        match step {
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
            Step::Branch(cell, rest) => {
                stack.push(Frame {
                    board: Some(board),
                    depth,
                    cell,
                    rest,
                });
                kept += 1;
                if kept > most_boards {
                    kept = thin(&mut stack);
                }
            }
        }
    }
}

/// Drops the board of every other frame that keeps one, between the first and the last, and
/// returns how many boards are kept.
fn thin<B>(stack: &mut [Frame<B>]) -> usize {
    let last = stack.len() - 1;
    let (mut seen, mut kept) = (0, 0);
    for (i, frame) in stack.iter_mut().enumerate() {
        if frame.board.is_some() {
            seen += 1;
            if i != 0 && i != last && seen % 2 == 0 {
                frame.board = None;
            } else {
                kept += 1;
            }
        }
    }
    kept
}

/// Makes the board of the stack's last frame again, from the nearest board kept above it:
/// each guess of the path set, and the forced cells filled, as the search did the first time
/// (the branch cells are the path's; a look-ahead only chose them). The dropped boards passed
/// on the way are kept again while the stack has room, so that coming back up through them
/// costs one replay, not one each. The first frame always keeps its board. Returns how many
/// boards are kept.
fn rebuild<B: Board>(
    stack: &mut [Frame<B>],
    path: &[(Cell, Digit)],
    top_depth: usize,
    config: &Config,
    mut kept: usize,
    most_boards: usize,
) -> usize {
    let from = stack
        .iter()
        .rposition(|frame| frame.board.is_some())
        .expect("the first frame keeps its board");
    let (above, below) = stack.split_at_mut(from + 1);
    let start = &above[from];
    let mut board = start.board.clone().expect("kept");
    let mut depth = start.depth;
    let last = below.len() - 1;
    for (i, frame) in below.iter_mut().enumerate() {
        for &(cell, digit) in &path[depth - top_depth..frame.depth - top_depth] {
            board = board.child(cell, digit);
            let _ = board.fill_forced(config.forced);
        }
        depth = frame.depth;
        if i == last {
            frame.board = Some(board);
            return kept + 1;
        }
        // Room for this board and the last one's.
        if frame.board.is_none() && kept + 1 < most_boards {
            frame.board = Some(board.clone());
            kept += 1;
        }
    }
    unreachable!("the last frame is made")
}

#[cfg(test)]
mod tests {
    use crate::config::{Branch, Config, Forced, Strategy};
    use crate::geometry::Shape;
    use crate::grid::Grid;
    use crate::strategy::solve;

    /// A stack held to four boards drops boards and makes them again, and searches the same
    /// tree: the same solutions, nodes and figures per depth, with fewer boards held.
    #[test]
    fn a_stack_of_four_boards_searches_the_same_tree() {
        for (shape, forced, branch) in [
            (Shape::new(3, 3).unwrap(), Forced::Hidden, Branch::Fewest),
            (Shape::new(3, 3).unwrap(), Forced::Naked, Branch::Probe),
            (Shape::new(4, 4).unwrap(), Forced::Subsets, Branch::Fewest),
        ] {
            let empty = Grid::empty(shape);
            let roomy = Config::default()
                .with_strategy(Strategy::Dfs)
                .with_forced(forced)
                .with_branch(branch)
                .with_max_solutions(Some(300));
            let tight = roomy.clone().with_max_frontier_bytes(1);
            let (a, b) = (solve(&empty, &roomy), solve(&empty, &tight));
            assert_eq!(a.solutions, b.solutions, "{forced:?} {branch:?}");
            assert_eq!(a.solutions.len(), 300);
            let figures = |s: &crate::stats::Stats| {
                let per_depth: Vec<_> = s
                    .per_depth
                    .iter()
                    .map(|d| (d.boards, d.forced, d.children, d.dead))
                    .collect();
                let totals = (s.nodes, s.forced, s.guesses, s.dead, s.max_depth, s.probes);
                (totals, per_depth)
            };
            assert_eq!(
                figures(&a.stats),
                figures(&b.stats),
                "{forced:?} {branch:?}"
            );
            assert!(b.stats.peak_frontier <= 5, "{}", b.stats.peak_frontier);
            assert!(a.stats.peak_frontier > 10, "{}", a.stats.peak_frontier);
        }
    }
}
