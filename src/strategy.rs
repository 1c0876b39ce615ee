//! The search strategies, one module each, behind one entry point: [`solve`].
//!
//! The set is closed and chosen at run time by [`Strategy`]; [`solve`] checks the givens against
//! the rules once, then dispatches in a single `match`. Strategies never print: they return an
//! [`Outcome`] and emit `tracing` events.

use crate::board::{General, Kernel, Nine};
use crate::config::Config;
use crate::grid::Grid;
use crate::outcome::Outcome;
use crate::trace;

pub mod backtrack;
pub mod bfs;
pub mod bitmask;
pub mod dfs;
pub(crate) mod expand;

/// A search strategy.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Strategy {
    /// Breadth-first board branching: a work queue of cloned boards, worker threads.
    #[default]
    Bfs,
    /// Depth-first search over the same boards, forced cells and branch rule as `bfs`.
    Dfs,
    /// Depth-first with row, column and box bitmasks, first empty cell, digits in order.
    Bitmask,
    /// The textbook recursive backtracker: first empty cell, digits in order, legality by
    /// scanning.
    Backtrack,
}

crate::config::named_enum!(
    Strategy, "strategy",
    Bfs => "bfs",
    Dfs => "dfs",
    Bitmask => "bitmask",
    Backtrack => "backtrack",
);

impl Strategy {
    /// One line for `--help` and the docs.
    pub const fn summary(self) -> &'static str {
        match self {
            Strategy::Bfs => {
                "breadth-first \"array of boards\": a work queue of cloned boards, worker threads"
            }
            Strategy::Dfs => {
                "depth-first over the same boards, forced cells and branch rule as bfs"
            }
            Strategy::Bitmask => "depth-first with row/column/box bitmasks, first empty cell",
            Strategy::Backtrack => {
                "textbook recursion: first empty cell, digits in order, legality by scanning"
            }
        }
    }

    /// Whether the strategy uses `--forced` and `--branch`.
    pub const fn uses_inference(self) -> bool {
        matches!(self, Strategy::Bfs | Strategy::Dfs)
    }
}

/// The solutions a search has found: kept as grids, or only counted when
/// [`Config::keep_solutions`] is off.
#[derive(Debug)]
pub(crate) struct Found {
    grids: Vec<Grid>,
    count: u64,
    keep: bool,
}

impl Found {
    pub(crate) fn new(config: &Config) -> Found {
        Found {
            grids: Vec::new(),
            count: 0,
            keep: config.keep_solutions,
        }
    }

    /// Solutions found so far.
    #[inline]
    pub(crate) fn count(&self) -> u64 {
        self.count
    }

    /// Adds a solution; `grid` makes it, only when solutions are kept.
    #[inline]
    pub(crate) fn add(&mut self, grid: impl FnOnce() -> Grid) {
        self.count += 1;
        if self.keep {
            self.grids.push(grid());
        }
    }

    /// Adds the solutions of `other`, found after these.
    pub(crate) fn append(&mut self, other: Found) {
        self.count += other.count;
        self.grids.extend(other.grids);
    }

    /// Drops the solutions after the first `limit`.
    pub(crate) fn truncate(&mut self, limit: u64) {
        self.count = self.count.min(limit);
        self.grids
            .truncate(usize::try_from(limit).unwrap_or(usize::MAX));
    }

    /// The kept grids and the count.
    pub(crate) fn into_parts(self) -> (Vec<Grid>, u64) {
        (self.grids, self.count)
    }
}

/// Solves `puzzle` with the strategy and limits of `config`.
///
/// Every board shape goes through the same strategies: `bfs` and `dfs` search on the board
/// kernel [`Kernel::for_search`] picks (the 9x9 one where it can, the general one otherwise).
/// Givens that break a rule give an outcome with status `none` and the conflict, without a
/// search. Every strategy reports its solutions sorted, so the outcome does not depend on
/// thread count or discovery order.
pub fn solve(puzzle: &Grid, config: &Config) -> Outcome {
    if let Some(conflict) = puzzle.conflict() {
        return Outcome::conflict(conflict);
    }
    let nine = Kernel::for_search(puzzle.shape(), config.forced) == Kernel::Nine;
    let mut outcome = match config.strategy {
        Strategy::Bfs if nine => bfs::solve::<Nine>(puzzle, config),
        Strategy::Bfs => bfs::solve::<General>(puzzle, config),
        Strategy::Dfs if nine => dfs::solve::<Nine>(puzzle, config),
        Strategy::Dfs => dfs::solve::<General>(puzzle, config),
        Strategy::Bitmask => bitmask::solve(puzzle, config),
        Strategy::Backtrack => backtrack::solve(puzzle, config),
    };
    outcome.solutions.sort_unstable();
    if config.strategy != Strategy::Bfs {
        // The breadth-first engine emits its depths live; the others when they finish.
        trace::depths_from(config.strategy, &outcome.stats.per_depth, 0);
    }
    trace::run(config.strategy, &outcome);
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Shape;
    use crate::outcome::Stop;

    fn counting(strategy: Strategy, threads: usize) -> Config {
        Config {
            strategy,
            threads,
            max_solutions: None,
            keep_solutions: false,
            ..Config::default()
        }
    }

    #[test]
    fn every_strategy_counts_the_288_grids_of_the_4x4_board() {
        let empty = Grid::empty(Shape::new(2, 2).unwrap());
        for &strategy in Strategy::ALL {
            for threads in [1, 2] {
                let outcome = solve(&empty, &counting(strategy, threads));
                assert_eq!(outcome.count, 288, "{strategy} x{threads}");
                assert_eq!(outcome.stop, Stop::Exhausted);
                assert!(outcome.solutions.is_empty(), "counted, not kept");
                let kept = solve(
                    &empty,
                    &Config {
                        keep_solutions: true,
                        ..counting(strategy, threads)
                    },
                );
                assert_eq!(kept.count, 288);
                assert_eq!(kept.solutions.len(), 288);
                assert!(kept.solutions.iter().all(|s| s.is_solution_of(&empty)));
                assert!(
                    kept.solutions.windows(2).all(|w| w[0] < w[1]),
                    "sorted and distinct"
                );
            }
        }
    }

    /// Renaming the digits maps solutions to solutions one to one, so the empty 6x6 board has
    /// 6! times as many solutions as the board whose first row is 1 to 6: 720 x 39,168 =
    /// 28,200,960, the known total. (The whole empty board is counted in the benchmarks.)
    #[test]
    fn the_6x6_count_matches_the_known_total() {
        let six = Shape::new(2, 3).unwrap();
        let mut first_row = Grid::empty(six);
        for col in 0..6 {
            first_row.set(six.cell(0, col).unwrap(), six.digit(col + 1));
        }
        for (strategy, threads) in [(Strategy::Bfs, 2), (Strategy::Dfs, 1)] {
            let outcome = solve(&first_row, &counting(strategy, threads));
            assert_eq!(outcome.stop, Stop::Exhausted);
            assert_eq!(outcome.count * 720, 28_200_960, "{strategy}");
        }
    }

    #[test]
    fn a_count_stops_at_the_solution_limit() {
        let empty = Grid::empty(Shape::new(2, 3).unwrap());
        for &strategy in Strategy::ALL {
            for threads in [1, 2] {
                let config = Config {
                    max_solutions: Some(1000),
                    ..counting(strategy, threads)
                };
                let outcome = solve(&empty, &config);
                assert_eq!(
                    (outcome.count, outcome.stop),
                    (1000, Stop::SolutionLimit),
                    "{strategy}"
                );
            }
        }
    }
}
