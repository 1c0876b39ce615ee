//! Knuth's estimate of a search tree's size, from random paths down the tree that `bfs` and
//! `dfs` search: the same forced-cell rule, the same branch rule, one child drawn at random at
//! each branch ([`crate::progress`] says why the mean of such paths is the tree's size).
//!
//! The paths are drawn with a seeded generator, so an estimate is the same on every run and
//! every thread count.

use std::time::{Duration, Instant};

use crate::board::{Board, probe};
use crate::config::{Branch, Config};
use crate::progress::{Estimate, Progress};
use crate::stats::Stats;

/// Most paths drawn for one estimate of a level or a stack (docs/benchmarks.md says how
/// close the estimates come).
pub(crate) const PATHS: usize = 256;

/// A seeded xorshift64* generator: the same draws on every platform.
#[derive(Clone, Debug)]
pub(crate) struct Draws(u64);

impl Draws {
    /// Draws that start from `seed`.
    pub(crate) fn new(seed: u64) -> Draws {
        // Any seed but 0 will do; mixing spreads nearby seeds apart.
        Draws(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A number below `n` (at least 1).
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let draw = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
        (((draw >> 32) * n as u64) >> 32) as usize
    }
}

/// One random path from `board` (not yet expanded) to a dead or solved board: the boards and
/// solutions of its subtree, if every board on the path stood for as many as it has children.
pub(crate) fn path<B: Board>(board: &B, config: &Config, draws: &mut Draws) -> Estimate {
    let mut board = board.clone();
    let mut weight = 1.0;
    let mut estimate = Estimate::default();
    loop {
        estimate.nodes += weight;
        if board.fill_forced(config.forced).is_err() {
            return estimate;
        }
        let Some(mut cell) = board.branch_cell(config.branch) else {
            estimate.solutions += weight;
            return estimate;
        };
        if config.branch == Branch::Probe {
            cell = probe(&board, cell, config.forced).cell;
        }
        let candidates = board.candidates(cell);
        let n = candidates.len() as usize;
        let Some(digit) = candidates.iter().nth(draws.below(n.max(1))) else {
            return estimate;
        };
        weight *= n as f64;
        board = board.child(cell, digit);
    }
}

/// The boards and solutions of the subtrees of `open` boards together (`board` gives the
/// board of an item), from paths below boards drawn at random among them: [`PATHS`] paths,
/// or as many as are drawn by `deadline` (at least one).
fn subtrees<T, B: Board>(
    open: &[T],
    board: impl Fn(&T) -> &B,
    config: &Config,
    draws: &mut Draws,
    deadline: Instant,
) -> Estimate {
    let mut sum = Estimate::default();
    let mut paths = 0;
    while paths < PATHS && (paths == 0 || Instant::now() < deadline) {
        let one = path(board(&open[draws.below(open.len())]), config, draws);
        sum.nodes += one.nodes;
        sum.solutions += one.solutions;
        paths += 1;
    }
    // Each path stands for `1 / paths` of the mean board, and there are `len` boards.
    let scale = open.len() as f64 / paths as f64;
    Estimate {
        nodes: sum.nodes * scale,
        solutions: sum.solutions * scale,
    }
}

/// Keeps the estimate of one search in its [`Progress`] up to date, at a bounded cost: an
/// estimate takes at most 20 ms or a twentieth of the time searched so far, whichever is more,
/// and the next one waits nineteen times as long as the last took, so estimating never costs
/// more than about 5% of the search.
#[derive(Debug)]
pub(crate) struct Estimator<'a> {
    progress: &'a Progress,
    config: &'a Config,
    draws: Draws,
    start: Instant,
    next: Instant,
}

impl<'a> Estimator<'a> {
    /// An estimator for a search under `config` that started at `start`; none when nobody
    /// watches (no [`Config::progress`]).
    pub(crate) fn new(config: &'a Config, start: Instant) -> Option<Estimator<'a>> {
        Some(Estimator {
            progress: config.progress.as_ref()?,
            config,
            draws: Draws::new(0x5EED),
            start,
            next: start,
        })
    }

    /// Estimates the whole search, if an estimate is due: what is done (`done`), and the
    /// subtrees of the `open` boards, those still to expand (`board` gives the board of an
    /// item).
    pub(crate) fn update<T, B: Board>(
        &mut self,
        done: &Stats,
        open: &[T],
        board: impl Fn(&T) -> &B,
    ) {
        let now = Instant::now();
        if now < self.next || open.is_empty() {
            return;
        }
        let deadline = now + (now - self.start).div_f64(20.0).max(MIN_TIME);
        let rest = subtrees(open, board, self.config, &mut self.draws, deadline);
        self.progress.set_estimate(Estimate {
            nodes: done.nodes as f64 + rest.nodes,
            solutions: done.solutions as f64 + rest.solutions,
        });
        let end = Instant::now();
        self.next = end + (end - now) * 19;
    }
}

/// The time an estimate may always take.
const MIN_TIME: Duration = Duration::from_millis(20);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{General, Nine};
    use crate::geometry::Shape;
    use crate::grid::Grid;

    /// The mean of `n` paths from `root`, and the size found by searching the whole tree.
    fn estimated_and_true<B: Board>(root: &B, puzzle: &Grid, n: usize) -> [(f64, f64); 2] {
        let config = Config::default().with_max_solutions(None).with_threads(1);
        let whole = crate::solve(puzzle, &config.clone().with_keep_solutions(false));
        let mut draws = Draws::new(7);
        let mut sum = Estimate::default();
        for _ in 0..n {
            let one = path(root, &config, &mut draws);
            sum.nodes += one.nodes;
            sum.solutions += one.solutions;
        }
        [
            (sum.nodes / n as f64, whole.stats.nodes as f64),
            (sum.solutions / n as f64, whole.count as f64),
        ]
    }

    /// The estimate is unbiased: the mean of many paths comes close to the true size, on the
    /// empty 4x4 board (569 boards, 288 solutions) and on a 16-clue 9x9 puzzle with 296
    /// solutions, whose tree is far from even.
    #[test]
    fn the_mean_of_many_paths_approaches_the_size() {
        let empty = Grid::empty(Shape::new(2, 2).unwrap());
        let sixteen = crate::testing::grid(
            "........1.....2.....1....34...........64......7....28....13.....9.......82....9..",
        );
        for (estimated, searched) in estimated_and_true(&General::new(&empty), &empty, 5_000)
            .into_iter()
            .chain(estimated_and_true(&Nine::new(&sixteen), &sixteen, 20_000))
        {
            assert!(
                (estimated / searched - 1.0).abs() < 0.25,
                "{estimated} estimated, {searched} searched"
            );
        }
    }

    #[test]
    fn draws_cover_their_range() {
        let mut draws = Draws::new(3);
        let mut seen = [0; 5];
        for _ in 0..1000 {
            seen[draws.below(5)] += 1;
        }
        assert!(seen.iter().all(|&n| n > 150), "{seen:?}");
    }
}
