//! The search strategies, one module each, behind one entry point: [`solve`].
//!
//! The set is closed and chosen at run time by [`Strategy`](crate::Strategy), which lives with
//! the other options in `config`; [`solve`] dispatches in a single `match`, and no search runs
//! on givens that break a rule: `bfs` and `dfs` find them as their root board is set up, the
//! backtrackers check the givens first. Strategies never print: they return an [`Outcome`] and
//! emit `tracing` events.

use crate::board::{Board, General, Kernel, Nine};
use crate::config::{Config, Forced, Learn};
use crate::geometry::{Digit, Shape};
use crate::grid::Grid;
use crate::outcome::Outcome;
use crate::trace;

// The engines reach these through `crate::strategy`, as before `Strategy` and `Found` moved to
// the modules they belong to (`config` and `outcome`).
pub(crate) use crate::config::Strategy;
pub(crate) use crate::outcome::Found;
// The tree's walk learns as `bfs` does.
pub(crate) use bfs::LevelLearner;
pub(crate) use learn::{Guided, within_budget};
// Shards of cubes cut and conquer as cube and conquer does.
pub(crate) use cubes::{SplitCut, cut_for_split};
pub(crate) use learn::Cube;

mod backtrack;
mod bfs;
mod bitmask;
mod cubes;
mod dfs;
mod estimate;
pub(crate) mod expand;
mod learn;
mod tail;

/// The board kernels' size, for sizing the breadth-first frontier budget in bytes.
///
/// The memory of one search board of `bfs` and `dfs` for a puzzle of `shape` under the
/// forced-cell rule `forced`: what [`Config::max_frontier_bytes`] counts, so that
/// [`Config::frontier_boards`] of this figure is how many such boards one level may hold.
///
/// ```
/// use explore::{Config, Forced, board_bytes, geometry::Shape};
///
/// let nine = board_bytes(Shape::NINE, Forced::default());
/// assert_eq!(nine, 128);
/// assert_eq!(Config::default().frontier_boards(nine), 1_000_000);
/// ```
pub fn board_bytes(shape: Shape, forced: Forced) -> usize {
    let empty = Grid::empty(shape);
    match Kernel::for_search(shape, forced) {
        Kernel::Nine => Nine::new(&empty).bytes(),
        Kernel::General => General::new(&empty).bytes(),
    }
}

/// Solves `puzzle` with the strategy and limits of `config`.
///
/// Every board shape goes through the same strategies: `bfs` and `dfs` search on the board
/// kernel that suits the puzzle's shape and rule (the 9x9 one where it can, the general one
/// otherwise).
/// Givens that break a rule give an outcome with status `none` and the conflict, without a
/// search. Every strategy reports its solutions sorted, so the outcome does not depend on
/// thread count or discovery order.
pub fn solve(puzzle: &Grid, config: &Config) -> Outcome {
    solve_near(puzzle, &[], None, config)
}

/// [`solve`] of `puzzle` with each digit of `away` ruled out of its cell (a reading-order
/// index) before the search, for `bfs` and `dfs`: the solutions in which no cell of `away`
/// holds its digit. The `dfs` that learns leans its guesses to `near`'s digits where given.
pub(crate) fn solve_near(
    puzzle: &Grid,
    away: &[(usize, Digit)],
    near: Option<&Grid>,
    config: &Config,
) -> Outcome {
    let nine = Kernel::for_search(puzzle.shape(), config.forced) == Kernel::Nine;
    let ahead = Ahead { away, near };
    match config.strategy {
        Strategy::Bfs | Strategy::Dfs if nine => solve_on::<Nine>(puzzle, ahead, config),
        Strategy::Bfs | Strategy::Dfs => solve_on::<General>(puzzle, ahead, config),
        Strategy::Bitmask | Strategy::Backtrack => match puzzle.conflict() {
            Some(conflict) => Outcome::conflict(conflict),
            None => searched(config, || match config.strategy {
                Strategy::Bitmask => bitmask::solve(puzzle, config),
                _ => backtrack::solve(puzzle, config),
            }),
        },
    }
}

/// Conquers the given `cubes` of `puzzle` with the lanes of cube and conquer (`bfs --learn
/// cubes`), in their order, under the forced-cell rule, limits and threads of `config`,
/// whatever strategy and learning it names: the search of one shard of cubes
/// (`crate::shard::cubes::solve`).
pub(crate) fn solve_given(puzzle: &Grid, list: &[Cube], config: &Config) -> Outcome {
    let config = &config
        .clone()
        .with_strategy(Strategy::Bfs)
        .with_learn(Learn::Cubes);
    match Kernel::for_search(puzzle.shape(), config.forced) {
        Kernel::Nine => given_on::<Nine>(puzzle, config, |root| {
            cubes::solve_given(puzzle, root, list, config)
        }),
        Kernel::General => given_on::<General>(puzzle, config, |root| {
            cubes::solve_given(puzzle, root, list, config)
        }),
    }
}

/// [`solve_given`] on boards of kind `B`: givens that break a rule give no search.
fn given_on<B: Board>(
    puzzle: &Grid,
    config: &Config,
    conquer: impl FnOnce(B) -> Outcome,
) -> Outcome {
    let root = B::new(puzzle);
    if root.broken() {
        if let Some(conflict) = puzzle.conflict() {
            return Outcome::conflict(conflict);
        }
    }
    searched(config, || conquer(root))
}

/// [`solve`] with `bfs` or `dfs` on boards of kind `B`. The root board's setup settles every
/// given, which finds those that break a rule ([`Board::broken`]): the givens are read once,
/// and the rule broken is looked for only then.
fn solve_on<B: Board>(puzzle: &Grid, ahead: Ahead<'_>, config: &Config) -> Outcome {
    let mut root = B::new(puzzle);
    if root.broken() {
        if let Some(conflict) = puzzle.conflict() {
            return Outcome::conflict(conflict);
        }
    }
    for &(index, digit) in ahead.away {
        // A given keeps its digit: `remove` leaves settled cells as they are.
        root.remove(puzzle.shape().cell_at(index).expect("on the board"), digit);
    }
    let auto;
    let config = if config.learn == Learn::Auto {
        auto = config.clone().with_learn(config.learn_for(puzzle.shape()));
        &auto
    } else {
        config
    };
    let config = &learn::within_budget(puzzle.shape(), config);
    searched(config, || match config.strategy {
        Strategy::Bfs if config.conquers() => cubes::solve(puzzle, root, config),
        Strategy::Bfs if config.learns() => bfs::solve(puzzle, learn::Guided::new(root), config),
        Strategy::Bfs => bfs::solve(puzzle, root, config),
        _ if config.learns() => learn::solve(puzzle, root, ahead.near, config),
        _ => dfs::solve(puzzle, root, config),
    })
}

/// What [`solve_near`] asks beyond the puzzle: digits ruled out, a grid to lean to.
#[derive(Clone, Copy)]
struct Ahead<'a> {
    away: &'a [(usize, Digit)],
    near: Option<&'a Grid>,
}

/// Runs a search on givens that break no rule, with what every strategy does around it:
/// progress begun and ended, solutions sorted, the run traced.
fn searched(config: &Config, search: impl FnOnce() -> Outcome) -> Outcome {
    if let Some(progress) = &config.progress {
        progress.begin();
    }
    let mut outcome = search();
    if let Some(progress) = &config.progress {
        progress.end();
    }
    outcome.solutions.sort_unstable();
    if config.strategy != Strategy::Bfs || config.conquers() {
        // The breadth-first engine emits its depths live; the others when they finish.
        trace::depths_from(
            config.strategy,
            config.learns(),
            &outcome.stats.per_depth,
            0,
        );
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
