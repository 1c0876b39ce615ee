//! Knuth's estimate of a search tree's size, from random paths down the tree that `bfs` and
//! `dfs` search: the same forced-cell rule, the same branch rule, one child drawn at random at
//! each branch ([`crate::progress`] says why the mean of such paths is the tree's size).
//!
//! The paths are drawn with a seeded generator, so an estimate is the same on every run and
//! every thread count.

use std::borrow::Cow;
use std::time::{Duration, Instant};

use crate::board::{Board, probe};
use crate::config::{Branch, Config};
use crate::progress::{Estimate, Progress};
use crate::stats::Stats;
use crate::strategy::tail::{self, TAIL_CELLS};

/// Boards up to which every open board gets its share of the paths (a stratified sample).
const PATHS: usize = 256;

/// Most paths drawn for one estimate (docs/benchmarks.md says how close the estimates come).
const MAX_PATHS: usize = 1 << 16;

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
pub(crate) fn path<B: Board>(
    board: &B,
    config: &Config,
    draws: &mut Draws,
    deadline: Option<Instant>,
) -> Estimate {
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
        if !config.keep_solutions && board.shape().n_cells() - board.n_settled() <= TAIL_CELLS {
            // Where a count stops making boards, as `expand` does: the board's completions.
            estimate.solutions += weight * tail::completions(&board) as f64;
            return estimate;
        }
        if config.branch == Branch::Probe {
            cell = probe(&board, cell, config.forced, deadline).cell;
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
/// board of an item), from as many paths as are drawn by `deadline` (at least one, at most
/// [`MAX_PATHS`]). Up to [`PATHS`] boards, as on a depth-first stack whose few shallow boards hold most
/// of the tree, every board gets its share of the paths in turn (a stratified sample: no
/// board's weight is left to chance); among more, as in a wide level, boards are drawn at
/// random.
fn subtrees<'b, T, B: Board>(
    open: &[T],
    board: impl Fn(&T) -> Cow<'b, B>,
    config: &Config,
    draws: &mut Draws,
    deadline: Instant,
) -> Estimate {
    let n = open.len();
    let stratified = n <= PATHS;
    // Per board when stratified (the first `n` entries), else one running sum.
    let mut sums = vec![(Estimate::default(), 0_u32); if stratified { n } else { 1 }];
    let mut paths = 0;
    while paths < MAX_PATHS && (paths == 0 || Instant::now() < deadline) {
        let (item, slot) = if stratified {
            (paths % n, paths % n)
        } else {
            (draws.below(n), 0)
        };
        let one = path(&*board(&open[item]), config, draws, Some(deadline));
        let (sum, count) = &mut sums[slot];
        sum.nodes += one.nodes;
        sum.solutions += one.solutions;
        *count += 1;
        paths += 1;
    }
    // Each sampled slot's mean stands for its board (stratified) or for the mean board; a
    // board not reached by the deadline counts as the mean of those reached.
    let sampled: Vec<Estimate> = sums
        .iter()
        .filter(|(_, count)| *count > 0)
        .map(|(sum, count)| Estimate {
            nodes: sum.nodes / f64::from(*count),
            solutions: sum.solutions / f64::from(*count),
        })
        .collect();
    let total = sampled
        .iter()
        .fold(Estimate::default(), |acc, one| Estimate {
            nodes: acc.nodes + one.nodes,
            solutions: acc.solutions + one.solutions,
        });
    let scale = n as f64 / sampled.len() as f64;
    Estimate {
        nodes: total.nodes * scale,
        solutions: total.solutions * scale,
    }
}

/// Keeps the estimate of one search in its [`Progress`] up to date, at a bounded cost: the
/// first estimate comes after [`FIRST_AFTER`] (a quick search is never estimated), each one
/// draws paths for a twentieth of the time searched so far (at least [`MIN_TIME`]), and the
/// next one waits nineteen times as long as the last took, so estimating costs about 5% of a
/// long search, and more paths, so better estimates, as the search goes on.
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
            next: start + FIRST_AFTER,
        })
    }

    /// Whether [`Estimator::update`] would look now: a caller that must gather the open
    /// boards first asks before it does.
    pub(crate) fn is_due(&self) -> bool {
        Instant::now() >= self.next
    }

    /// How long until [`Estimator::update`] looks again; at least a millisecond, so that a
    /// caller waiting on other work in between never spins.
    pub(crate) fn until_due(&self) -> Duration {
        self.next
            .saturating_duration_since(Instant::now())
            .max(Duration::from_millis(1))
    }

    /// Estimates the whole search, if an estimate is due: what is done (`done`), and the
    /// subtrees of the `open` boards, those still to expand (`board` gives the board of an
    /// item).
    pub(crate) fn update<'b, T, B: Board>(
        &mut self,
        done: &Stats,
        open: &[T],
        board: impl Fn(&T) -> Cow<'b, B>,
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
const MIN_TIME: Duration = Duration::from_millis(5);

/// How long a search runs before its first estimate: the live line shows after a second.
const FIRST_AFTER: Duration = Duration::from_millis(100);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{General, Nine};
    use crate::geometry::Shape;
    use crate::grid::Grid;

    /// The mean of `n` paths from `root`, and the size found by searching the whole tree.
    fn estimated_and_true<B: Board>(root: &B, puzzle: &Grid, n: usize) -> [(f64, f64); 2] {
        let config = Config::default().with_max_solutions(None).with_threads(1);
        // Solutions kept: the tree of a board per guess, which these paths walk.
        let whole = crate::solve(puzzle, &config);
        let mut draws = Draws::new(7);
        let mut sum = Estimate::default();
        for _ in 0..n {
            let one = path(root, &config, &mut draws, None);
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
