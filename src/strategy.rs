//! The search strategies, one module each, behind one entry point: [`solve`].
//!
//! The set is closed and chosen at run time by [`Strategy`]; [`solve`] checks the givens against
//! the rules once, then dispatches in a single `match`. Strategies never print: they return an
//! [`Outcome`] and emit `tracing` events.

use crate::board::{General, Nine};
use crate::config::Config;
use crate::geometry::Shape;
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

/// Solves `puzzle` with the strategy and limits of `config`.
///
/// Every board shape goes through the same strategies: `bfs` and `dfs` search on the 9x9
/// kernel ([`Nine`]) for 9x9 puzzles and on the general one ([`General`]) for every other shape.
/// Givens that break a rule give an outcome with status `none` and the conflict, without a
/// search. Every strategy reports its solutions sorted, so the outcome does not depend on
/// thread count or discovery order.
pub fn solve(puzzle: &Grid, config: &Config) -> Outcome {
    if let Some(conflict) = puzzle.conflict() {
        return Outcome::conflict(conflict);
    }
    let nine = puzzle.shape() == Shape::NINE;
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
