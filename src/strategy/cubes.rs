//! Cube and conquer (`bfs --learn cubes`): one hard puzzle on every core. The breadth-first
//! search cuts the tree into boards, the *cubes*, and lanes of the search that learns conquer
//! them, sharing the short clauses they learn (`learn/lanes.rs`, whose module docs say how,
//! and why the answer and every statistic are the same on every thread count).
//!
//! The cut is the breadth-first level loop (the `bfs` step: forced cells by
//! [`Config::forced`], then dead, solved or branch by [`Config::branch`]), on the calling
//! thread, until a level holds at least [`Config::cubes`] live boards, or the next level would
//! not fit the frontier budget ([`Config::frontier_boards`]). Each live board of that level is
//! a cube: the guesses that led to it. A solution met above the cut is a solution of the
//! search (the first, in level order), and when the levels end the search no cube is left.
//!
//! Nothing is lost or counted twice: as for `explore split` ([`crate::shard`]), every solution
//! of the puzzle is a solution met above the cut or a solution of exactly one cube, since two
//! cubes first differ where an ancestor branched, with different digits in one cell.
//!
//! The same cut, and the same conquest, serve shards that are sets of cubes
//! ([`crate::shard::cubes`]): [`cut_for_split`] cuts as [`solve`] does, and [`solve_given`]
//! conquers the cubes of one shard with the same lanes.

use std::time::Instant;

use crate::board::Board;
use crate::budget::Budget;
use crate::config::Config;
use crate::grid::Grid;
use crate::outcome::{Found, Outcome, Stop};
use crate::progress::Meter;
use crate::stats::Stats;
use crate::strategy::expand::{Step, expand};
use crate::strategy::learn::{self, Cube, Guided};

/// Searches `root` by cube and conquer: the cut here, the conquest by the lanes.
pub(crate) fn solve<B: Board>(puzzle: &Grid, root: B, config: &Config) -> Outcome {
    conquest(puzzle, config, |budget, limit, stats, found| {
        let (cubes, filled) = match cut(root, config, budget, limit, stats, found, None) {
            Ok(cut) => cut,
            Err(stop) => return (stop, 0),
        };
        stats.cubes = cubes.len() as u64;
        let depth = cubes.first().map_or(0, |cube| cube.len());
        let shape = puzzle.shape();
        let stop = learn::conquer(shape, &cubes, &filled, config, budget, limit, stats, found);
        (stop, depth)
    })
}

/// The frame of a search by cube and conquer, around `search`, which is given the budget, the
/// solutions to find, the statistics and the solutions, and says why it stopped and the depth
/// of its cubes: the solutions kept within the limit, the progress and the trace's line.
fn conquest(
    puzzle: &Grid,
    config: &Config,
    search: impl FnOnce(&Budget, u64, &mut Stats, &mut Found) -> (Stop, usize),
) -> Outcome {
    let start = Instant::now();
    let shape = puzzle.shape();
    let budget = Budget::new(config, shape, start);
    let limit = budget.max_solutions().min(config.max_kept(shape));
    let mut stats = Stats::default();
    let mut found = Found::new(config);
    let (stop, depth) = search(&budget, limit, &mut stats, &mut found);
    if found.reached(limit) {
        found.truncate(limit);
    }
    Meter::new(config.progress.as_ref()).flush(&stats);
    crate::trace::cubes(depth, &stats);
    Outcome::searched(found, stop, stats, start, None)
}

/// The breadth-first levels from `root` to the cut: the cubes in level order and the root
/// filled by the forced rule; or why the search ended above the cut (no live board left, a
/// budget, the solution limit). The guesses that led to each solution met above the cut are
/// pushed to `solved`, when given.
fn cut<B: Board>(
    root: B,
    config: &Config,
    budget: &Budget,
    limit: u64,
    stats: &mut Stats,
    found: &mut Found,
    mut solved: Option<&mut Vec<Cube>>,
) -> Result<(Vec<Cube>, Guided<B>), Stop> {
    let most_boards = config.frontier_boards(root.bytes()).max(1);
    let mut level = vec![Guided::new(root)];
    let mut filled = None;
    let mut depth = 0;
    loop {
        let mut live = Vec::with_capacity(level.len());
        let mut children = 0usize;
        let bytes: usize = level.iter().map(Board::bytes).sum();
        stats.record_held(depth, level.len() as u64, bytes as u64);
        for mut board in level {
            if let Some(stop) = budget.check(stats.nodes + 1) {
                return Err(stop);
            }
            let step = expand(&mut board, depth, config, stats, budget.deadline(), None);
            if depth == 0 {
                filled = Some(board.clone());
            }
            match step {
                Step::Dead => {}
                Step::Solved => {
                    if let Some(solved) = solved.as_deref_mut() {
                        solved.push(Cube::from(board.guesses()));
                    }
                    found.add(|| board.to_grid());
                }
                Step::Counted(n) => found.add_counted(n),
                Step::Branch(cell, candidates) => {
                    children += candidates.len() as usize;
                    live.push((board, cell, candidates));
                }
            }
            if found.reached(limit) {
                return Err(Stop::SolutionLimit);
            }
        }
        if live.is_empty() {
            return Err(Stop::Exhausted);
        }
        if live.len() >= config.cubes || children > most_boards {
            let cubes = live
                .iter()
                .map(|(board, _, _)| Cube::from(board.guesses()))
                .collect();
            let filled = filled.expect("the root is expanded first");
            return Ok((cubes, filled));
        }
        level = Vec::with_capacity(children);
        for (board, cell, candidates) in live {
            level.extend(candidates.iter().map(|digit| board.child(cell, digit)));
        }
        depth += 1;
    }
}

/// The cut of [`solve`] for shards of cubes: the guesses that led to each solution met above
/// the cut, then the cubes, in level order; the depth of the cut level (of the last level, when
/// the search ended above the cut); whether it ended there; and the cut's statistics.
/// Solutions are kept, so that a board near its end is branched rather than counted: each
/// solution is one cube's.
pub(crate) struct SplitCut {
    pub(crate) solved: Vec<Cube>,
    pub(crate) cubes: Vec<Cube>,
    pub(crate) depth: usize,
    pub(crate) ended: bool,
    pub(crate) stats: Stats,
}

/// Cuts `root`'s search as [`solve`] does under `config`, with no budget but the frontier's
/// and no solution limit, on the calling thread.
pub(crate) fn cut_for_split<B: Board>(puzzle: &Grid, root: B, config: &Config) -> SplitCut {
    let config = &config
        .clone()
        .with_keep_solutions(true)
        .with_max_solutions(None)
        .with_max_nodes(None)
        .with_max_nodes_beyond_9x9(None)
        .with_timeout(None);
    let budget = Budget::new(config, puzzle.shape(), Instant::now());
    let mut stats = Stats::default();
    let mut found = Found::new(config);
    let mut solved = Vec::new();
    let cut = cut(
        root,
        config,
        &budget,
        u64::MAX,
        &mut stats,
        &mut found,
        Some(&mut solved),
    );
    let (cubes, ended) = match cut {
        Ok((cubes, _)) => (cubes, false),
        Err(_) => (Vec::new(), true),
    };
    let depth = cubes.first().map_or(stats.max_depth, |cube| cube.len());
    SplitCut {
        solved,
        cubes,
        depth,
        ended,
        stats,
    }
}

/// Conquers the given `cubes` of `root`'s search with the lanes of [`solve`]: the root filled
/// by the forced rule, then the cubes in their order, dealt to the lanes as [`solve`] deals
/// the cubes it cuts.
pub(crate) fn solve_given<B: Board>(
    puzzle: &Grid,
    root: B,
    cubes: &[Cube],
    config: &Config,
) -> Outcome {
    conquest(puzzle, config, |budget, limit, stats, found| {
        let mut root = Guided::new(root);
        let step = expand(&mut root, 0, config, stats, budget.deadline(), None);
        stats.cubes = cubes.len() as u64;
        let depth = cubes.iter().map(|cube| cube.len()).max().unwrap_or(0);
        let stop = if matches!(step, Step::Dead) {
            stats.cubes_refuted = cubes.len() as u64;
            Stop::Exhausted
        } else {
            let shape = puzzle.shape();
            learn::conquer(shape, cubes, &root, config, budget, limit, stats, found)
        };
        (stop, depth)
    })
}
