//! Cutting one puzzle's search into shards: independent puzzles whose solutions, together, are
//! the puzzle's, each solution in exactly one shard.
//!
//! [`split`] runs the breadth-first level loop of the `bfs` strategy on one thread, with the
//! same step (forced cells by [`Config::forced`], then dead, solved or branch by
//! [`Config::branch`]), until a level is where the [`Cut`] asks. Each live board of that level
//! becomes a shard: the [`Grid`] of the digits it has settled, a puzzle with more givens than the
//! original. A solution met above the cut is a shard too, a full grid with one solution. The
//! shards can then be solved anywhere, by any strategy, and their results added up: the counts
//! sum to the puzzle's count, and the union of their solutions is the puzzle's solutions.
//!
//! # Why the results add up
//!
//! - *Nothing is lost.* Filling forced cells removes only candidates that no solution uses, and
//!   branching on a cell makes one child per candidate left, so every solution of a board is a
//!   solution of exactly one of its children, or of the board itself when it is complete. By
//!   induction over the levels, every solution of the puzzle belongs to exactly one board of the
//!   cut level or is one of the solutions met above it.
//! - *A shard's solutions are its board's.* A board's candidates are those its settled digits
//!   leave after forced cells are filled, so a solution extending the board's settled digits is a
//!   solution of the board; the shard, which has those digits as givens, has exactly those
//!   solutions, whatever strategy solves it.
//! - *No solution is counted twice.* Two boards of a level first differ where an ancestor
//!   branched: they hold different digits in that cell, so no grid extends both.
//!
//! This module decides what the shards are; writing them out, and adding their results up, is
//! the program's (`explore split` and `explore merge`).
//!
//! ```
//! use explore::shard::{Cut, split};
//! use explore::{Config, format, solve};
//!
//! // A puzzle with 296 solutions.
//! let puzzle = format::parse_one(
//!     "........1.....2.....1....34...........64......7....28....13.....9.......82....9..",
//! )?;
//! let config = Config::default().with_counting();
//! let split = split(&puzzle, &config, Cut::Boards(20));
//! assert!(split.shards.len() >= 20);
//! let total: u128 = split
//!     .shards
//!     .iter()
//!     .map(|shard| solve(shard, &config).count)
//!     .sum();
//! assert_eq!(total, 296);
//! # Ok::<(), explore::InputError>(())
//! ```

pub mod cubes;

use crate::board::{Board, General, Kernel, Nine};
use crate::config::Config;
use crate::grid::Grid;
use crate::stats::Stats;
use crate::strategy::expand::{Step, expand};

/// Where to cut the search.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Cut {
    /// At this depth: the boards after this many levels of guesses (0 is the puzzle itself,
    /// with its forced cells filled).
    Depth(usize),
    /// At the first level that holds at least this many live boards.
    Boards(usize),
}

/// Why the cut level is where it is.
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Reached {
    /// The level the [`Cut`] asked for.
    Cut,
    /// The search ended above the cut: no live board is left, and every shard is a solution.
    Ended,
    /// The next level would not fit in the frontier budget
    /// ([`Config::frontier_boards`]): the cut stopped at the last level that fits.
    Budget,
}

/// The shards of one puzzle, and what cutting cost: shards that are puzzles ([`split`]), or
/// sets of cubes ([`cubes::split`]).
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Split<S = Grid> {
    /// The shards in level order: first the solutions met above the cut level, then the cut
    /// level's boards (as puzzles: the solutions as complete grids; as cubes: dealt in turn,
    /// each solution the cube of the guesses that led to it).
    pub shards: Vec<S>,
    /// How many of the first shards are solutions met above the cut.
    pub n_solutions: usize,
    /// The depth of the cut level.
    pub depth: usize,
    /// Why the cut level is there.
    pub reached: Reached,
    /// Boards expanded: the levels above the cut and the cut level itself.
    pub boards: u64,
    /// Boards found dead on the way.
    pub dead: u64,
    /// The frontier budget in boards that the cut respected.
    pub budget: usize,
}

/// Cuts the search of `puzzle` into shards at `cut`, with the forced-cell and branch rules of
/// `config` and within its frontier budget; one thread. Givens that break a rule give no
/// shard: the puzzle has no solution.
pub fn split(puzzle: &Grid, config: &Config, cut: Cut) -> Split {
    if puzzle.conflict().is_some() {
        return Split {
            shards: Vec::new(),
            n_solutions: 0,
            depth: 0,
            reached: Reached::Ended,
            boards: 0,
            dead: 0,
            budget: 0,
        };
    }
    match Kernel::for_search(puzzle.shape(), config.forced) {
        Kernel::Nine => levels::<Nine>(puzzle, config, cut),
        Kernel::General => levels::<General>(puzzle, config, cut),
    }
}

/// The level loop of [`split`] on boards of kind `B`.
fn levels<B: Board>(puzzle: &Grid, config: &Config, cut: Cut) -> Split {
    // Shards are boards: the end of the tree is never counted without them here.
    let config = &config.clone().with_keep_solutions(true);
    let mut stats = Stats::default();
    let root = B::new(puzzle);
    let budget = config.frontier_boards(root.bytes()).max(1);
    let mut solutions = Vec::new();
    let mut level = vec![root];
    let mut depth = 0;
    loop {
        // Each board of the level is filled and judged, as `bfs` does before branching.
        let mut live = Vec::with_capacity(level.len());
        let mut children = 0usize;
        for mut board in level {
            match expand(&mut board, depth, config, &mut stats, None, None) {
                Step::Dead => {}
                Step::Solved => solutions.push(board.to_grid()),
                Step::Counted(_) => unreachable!("solutions are kept, so boards are expanded"),
                Step::Branch(cell, candidates) => {
                    children += candidates.len() as usize;
                    live.push((board, cell, candidates));
                }
            }
        }
        let reached = match cut {
            Cut::Depth(at) => depth >= at,
            Cut::Boards(n) => live.len() >= n,
        };
        let reached = if live.is_empty() {
            Some(Reached::Ended)
        } else if reached {
            Some(Reached::Cut)
        } else if children > budget {
            Some(Reached::Budget)
        } else {
            None
        };
        if let Some(reached) = reached {
            let n_solutions = solutions.len();
            let mut shards = solutions;
            shards.extend(live.iter().map(|(board, _, _)| board.to_grid()));
            return Split {
                shards,
                n_solutions,
                depth,
                reached,
                boards: stats.nodes,
                dead: stats.dead,
                budget,
            };
        }
        level = Vec::with_capacity(children);
        for (board, cell, candidates) in live {
            level.extend(candidates.iter().map(|digit| board.child(cell, digit)));
        }
        depth += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Branch, Forced, Strategy};
    use crate::geometry::Shape;
    use crate::outcome::Stop;
    use crate::strategy::solve;
    use crate::testing::{ESCARGOT, grid};

    /// Counts every solution, keeping none.
    fn counting(strategy: Strategy) -> Config {
        Config::default()
            .with_strategy(strategy)
            .with_threads(1)
            .with_counting()
            .with_max_nodes(None)
    }

    /// The puzzles of a test data file whose lines are `puzzle expected...`.
    fn data(name: &str) -> Vec<Grid> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
        let text = std::fs::read_to_string(path.join(name)).expect("test data reads");
        text.lines()
            .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
            .map(|line| grid(line.split_whitespace().next().unwrap()))
            .collect()
    }

    /// Splits `puzzle` at `cut` and checks the shards against the whole search with
    /// `strategy`: the counts add up, and when `union` is set the shards' solutions, put
    /// together, are the puzzle's, each once.
    fn check(puzzle: &Grid, split_config: &Config, cut: Cut, strategy: Strategy, union: bool) {
        let config = counting(strategy);
        let whole = solve(puzzle, &config);
        assert_eq!(whole.stop, Stop::Exhausted);
        let split = split(puzzle, split_config, cut);
        assert!(split.n_solutions <= split.shards.len());
        let mut total: u128 = 0;
        let mut solutions = Vec::new();
        for (i, shard) in split.shards.iter().enumerate() {
            assert_eq!(shard.shape(), puzzle.shape());
            assert!(shard.conflict().is_none(), "a shard breaks no rule");
            assert!(
                puzzle
                    .as_slice()
                    .iter()
                    .zip(shard.as_slice())
                    .all(|(&given, &cell)| given == 0 || given == cell),
                "a shard keeps the givens"
            );
            assert_eq!(shard.is_complete(), i < split.n_solutions);
            let kept = config.clone().with_keep_solutions(true);
            let outcome = solve(shard, if union { &kept } else { &config });
            assert_eq!(outcome.stop, Stop::Exhausted);
            total += outcome.count;
            solutions.extend(outcome.solutions);
        }
        assert_eq!(
            total,
            whole.count,
            "{strategy} at {cut:?}: {} shards",
            split.shards.len()
        );
        if union {
            let all = solve(puzzle, &config.clone().with_keep_solutions(true));
            solutions.sort_unstable();
            let n = solutions.len();
            solutions.dedup();
            assert_eq!(solutions.len(), n, "no solution in two shards");
            assert_eq!(solutions, all.solutions, "{strategy} at {cut:?}");
        }
    }

    #[test]
    fn the_empty_4x4_board_splits_into_its_288_grids() {
        let empty = Grid::empty(Shape::new(2, 2).unwrap());
        let config = counting(Strategy::Bfs);
        for cut in [
            Cut::Depth(0),
            Cut::Depth(1),
            Cut::Depth(3),
            Cut::Depth(50),
            Cut::Boards(1),
            Cut::Boards(10),
            Cut::Boards(1000),
        ] {
            for &strategy in Strategy::ALL {
                check(&empty, &config, cut, strategy, true);
            }
        }
        let deep = split(&empty, &config, Cut::Depth(50));
        assert_eq!(deep.reached, Reached::Ended);
        assert_eq!(
            (deep.shards.len(), deep.n_solutions),
            (288, 288),
            "every shard a solution"
        );
        let root = split(&empty, &config, Cut::Depth(0));
        assert_eq!((root.shards.len(), root.depth), (1, 0));
        assert_eq!(
            root.shards[0], empty,
            "nothing is forced on the empty board"
        );
    }

    #[test]
    fn six_by_six_puzzles_split_under_every_rule() {
        for puzzle in data("6x6.txt").iter().take(8) {
            for &forced in Forced::ALL {
                for &branch in Branch::ALL {
                    let config = counting(Strategy::Bfs)
                        .with_forced(forced)
                        .with_branch(branch);
                    for cut in [Cut::Depth(1), Cut::Depth(2), Cut::Boards(6)] {
                        check(puzzle, &config, cut, Strategy::Dfs, true);
                    }
                }
            }
            for &strategy in Strategy::ALL {
                check(puzzle, &counting(strategy), Cut::Boards(4), strategy, true);
            }
        }
        // The empty 6x6 board with its first row given: 39,168 grids.
        let six = Shape::new(2, 3).unwrap();
        let mut first_row = Grid::empty(six);
        for col in 0..6 {
            first_row.set(six.cell(0, col).unwrap(), six.digit(col + 1));
        }
        check(
            &first_row,
            &counting(Strategy::Bfs),
            Cut::Boards(100),
            Strategy::Bfs,
            false,
        );
    }

    /// 9x9 with the strategies that fill forced cells. The naive depth-first searches solve
    /// every shard of the 4x4 and 6x6 tests above; on these 16-clue shards they take minutes
    /// in a debug build.
    #[test]
    fn nine_by_nine_puzzles_with_many_solutions_split() {
        let puzzles = data("16_clue_multi.txt");
        let config = counting(Strategy::Bfs);
        check(&puzzles[0], &config, Cut::Boards(50), Strategy::Bfs, true);
        check(&puzzles[0], &config, Cut::Depth(2), Strategy::Dfs, true);
        check(&puzzles[1], &config, Cut::Boards(30), Strategy::Dfs, false);
        // A unique puzzle: one shard has the solution, the others none.
        check(&grid(ESCARGOT), &config, Cut::Depth(3), Strategy::Dfs, true);
    }

    #[test]
    fn the_cut_stops_at_the_last_level_within_the_budget() {
        let empty = Grid::empty(Shape::new(2, 2).unwrap());
        let bytes = crate::board_bytes(empty.shape(), Forced::default());
        let tight = counting(Strategy::Bfs)
            .with_max_frontier(10)
            .with_max_frontier_bytes(bytes * 1000);
        let split = split(&empty, &tight, Cut::Boards(1000));
        assert_eq!(split.reached, Reached::Budget);
        assert_eq!(split.budget, 10);
        assert!(split.shards.len() <= 10, "{}", split.shards.len());
        check(&empty, &tight, Cut::Boards(1000), Strategy::Dfs, true);
        let by_bytes = counting(Strategy::Bfs).with_max_frontier_bytes(bytes * 4);
        assert_eq!(super::split(&empty, &by_bytes, Cut::Boards(1000)).budget, 4);
    }

    #[test]
    fn givens_that_break_a_rule_give_no_shard() {
        let mut bad = Grid::empty(Shape::NINE);
        let five = Shape::NINE.digit(5);
        bad.set(Shape::NINE.cell(0, 0).unwrap(), five);
        bad.set(Shape::NINE.cell(0, 5).unwrap(), five);
        let split = split(&bad, &Config::default(), Cut::Boards(10));
        assert!(split.shards.is_empty());
        assert_eq!(split.reached, Reached::Ended);
    }
}
