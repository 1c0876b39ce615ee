//! The bookkeeping backtracker: the textbook search with the legality scans replaced by sets.
//!
//! It keeps, for every row, column and box, the set of digits placed in it ([`Candidates`]),
//! and updates the three sets when it places or removes a digit. The digits a cell may take are
//! then the complement of three sets joined, found without looking at the grid. Like
//! [`super::backtrack`] it fills the first empty cell in reading order and tries the digits in
//! ascending order; it infers nothing. It therefore walks the same tree in the same order and
//! reports the same statistics as `backtrack`, only faster per state.
//!
//! Two more pieces of bookkeeping replace work the textbook does again at every state:
//!
//! - The search always fills the first empty cell, so after `d` placements the cells it has
//!   filled are exactly the first `d` of the puzzle's empty cells in reading order. Those are
//!   listed once, and the cell to fill at depth `d` is the `d`-th of the list.
//! - There is no recursion: an explicit stack holds one level per state on the current path,
//!   with the digits not yet tried in its cell, so going back is removing the level's last
//!   digit and taking its next one, or popping the level when none is left.
//!
//! # Statistics
//!
//! The definitions are those of [`super::backtrack`]: a node is the root or a placement of a
//! legal digit, a guess is a state at which more than one digit was tried, a dead state is one
//! whose first empty cell has no legal digit, nothing is forced, and depth is the number of
//! placements made. The frontier is what the search holds: one board, the grid with its unit
//! sets ([`Search::bytes`]), filled in place, and one level
//! ([`LEVEL_BYTES`]) per state on the path from the root, so `depth + 1` levels at a state of
//! depth `depth`. (The levels are allocated for every empty cell at the start; the figures count
//! those on the path, as `backtrack` counts its recursion.)

use std::time::Instant;

use crate::budget::Budget;
use crate::candidates::Candidates;
use crate::config::Config;
use crate::footprint::Footprint;
use crate::geometry::{Cell, Digit};
use crate::grid::Grid;
use crate::outcome::{Outcome, Stop};
use crate::progress::Meter;
use crate::record::{Recorder, Seen};
use crate::stats::Stats;
use crate::strategy::Found;

/// What the search keeps for one state it has branched at: the digits still to try in its cell,
/// and how many it has tried (a digit tried is still in the grid until the next is taken).
#[derive(Clone, Copy, Default)]
struct Level {
    untried: Candidates,
    tried: u8,
}

/// Bytes of search state per level (the digits not yet tried in its cell, and how many were
/// tried), the unit of the frontier's memory figures.
pub(super) const LEVEL_BYTES: usize = size_of::<Level>();

/// Solves `puzzle`, whose givens break no rule, by backtracking over row, column and box sets.
pub(crate) fn solve(puzzle: &Grid, config: &Config) -> Outcome {
    let start = Instant::now();
    let budget = Budget::new(config, puzzle.shape(), start);
    let mut stats = Stats::default();
    let mut found = Found::new(config);
    let meter = Meter::new(config.progress.as_ref());
    let mut footprint = config.footprint.then(Footprint::new);
    let mut recorder = config.record.then(|| Recorder::new(puzzle, false));
    let mut search = Search::new(puzzle);
    let stop = search.run(
        &budget,
        &meter,
        &mut stats,
        &mut found,
        &mut footprint,
        recorder.as_mut(),
    );
    meter.flush(&stats);
    stats.record_path(search.bytes(), LEVEL_BYTES);
    let mut outcome = Outcome::searched(found, stop, stats, start, footprint);
    outcome.recorded = recorder.and_then(Recorder::finish).map(Box::new);
    outcome
}

/// The grid being filled, with its bookkeeping.
struct Search {
    grid: Grid,
    /// Every digit of the board.
    all: Candidates,
    /// Digits placed in each unit, indexed like [`crate::geometry::Geometry::unit`].
    used: Vec<Candidates>,
    /// The cells the puzzle leaves empty, in reading order, each with its three units.
    empty: Vec<(Cell, [usize; 3])>,
    n_empty: usize,
    /// The stack: `levels[d]` belongs to the state at depth `d` on the current path.
    levels: Vec<Level>,
}

impl Search {
    fn new(puzzle: &Grid) -> Search {
        let shape = puzzle.shape();
        let geometry = shape.geometry();
        let mut search = Search {
            grid: puzzle.clone(),
            all: shape.all_digits(),
            used: vec![Candidates::EMPTY; shape.n_units()],
            empty: Vec::new(),
            n_empty: 0,
            levels: Vec::new(),
        };
        for cell in shape.cells() {
            let units = geometry.units_of(shape.index(cell));
            match puzzle.get(cell) {
                Some(digit) => {
                    for unit in units {
                        search.used[unit].insert(digit);
                    }
                }
                None => search.empty.push((cell, units)),
            }
        }
        search.n_empty = search.empty.len();
        search.levels = vec![Level::default(); search.n_empty];
        search
    }

    /// Bytes of the board the search fills in place: the grid and its unit sets. The list of
    /// empty cells is a table made once and only read, like the geometry's tables, which no
    /// strategy counts.
    fn bytes(&self) -> usize {
        self.grid.bytes() + self.used.len() * size_of::<Candidates>()
    }

    /// The digits the empty cell at `depth` may take: those in none of its units.
    #[inline]
    fn free(&self, depth: usize) -> Candidates {
        let [row, col, bx] = self.empty[depth].1;
        self.all
            .without(self.used[row] | self.used[col] | self.used[bx])
    }

    /// Places `digit` in the empty cell at `depth`.
    #[inline]
    fn place(&mut self, depth: usize, digit: Digit) {
        let (cell, units) = self.empty[depth];
        self.grid.set(cell, Some(digit));
        for unit in units {
            self.used[unit].insert(digit);
        }
    }

    /// Empties the empty cell at `depth` again.
    #[inline]
    fn remove(&mut self, depth: usize) {
        let (cell, units) = self.empty[depth];
        if let Some(digit) = self.grid.get(cell) {
            self.grid.set(cell, None);
            for unit in units {
                self.used[unit].remove(digit);
            }
        }
    }
}

impl Search {
    /// Runs the search to its end, or until a limit stops it, and says why it stopped. A
    /// `recorder` is handed each state as it is entered, as the tree's walk numbers it.
    fn run(
        &mut self,
        budget: &Budget,
        meter: &Meter<'_>,
        stats: &mut Stats,
        found: &mut Found,
        footprint: &mut Option<Footprint>,
        mut recorder: Option<&mut Recorder>,
    ) -> Stop {
        if let Some(stop) = budget.check(1) {
            return stop;
        }
        stats.nodes = 1;
        stats.depth_mut(0).boards += 1;
        // `open` counts the levels that may still have digits to try; the state just entered
        // is at depth `depth`.
        let mut open = 0;
        let mut depth = 0;
        let bytes = self.bytes() as u64;
        loop {
            if let Some(footprint) = footprint {
                footprint.record(
                    stats.nodes,
                    1,
                    bytes + (depth as u64 + 1) * LEVEL_BYTES as u64,
                );
            }
            if let Some(recorder) = recorder.as_deref_mut() {
                self.record(recorder, depth);
            }
            if depth == self.n_empty {
                stats.solutions += 1;
                stats.depth_mut(depth).solutions += 1;
                found.add(|| self.grid.clone());
                if found.reached(budget.max_solutions()) {
                    return Stop::SolutionLimit;
                }
            } else {
                let free = self.free(depth);
                if free.is_empty() {
                    stats.dead += 1;
                    stats.depth_mut(depth).dead += 1;
                } else {
                    self.levels[depth] = Level {
                        untried: free,
                        tried: 0,
                    };
                    open = depth + 1;
                }
            }

            // Go back to the deepest level with a digit left, undoing placements on the way,
            // and place that digit: the next state.
            loop {
                let Some(at) = open.checked_sub(1) else {
                    return Stop::Exhausted;
                };
                self.remove(at);
                let level = &mut self.levels[at];
                let Some(digit) = level.untried.lowest() else {
                    open = at;
                    continue;
                };
                meter.tick(stats);
                if let Some(stop) = budget.check(stats.nodes + 1) {
                    return stop;
                }
                level.untried.remove(digit);
                level.tried += 1;
                if level.tried == 2 {
                    stats.guesses += 1;
                }
                stats.nodes += 1;
                stats.depth_mut(at).children += 1;
                stats.depth_mut(at + 1).boards += 1;
                self.place(at, digit);
                depth = at + 1;
                break;
            }
        }
    }
}

impl Search {
    /// Hands the state at `depth`, just entered, to `recorder`: solved, dead in its empty
    /// cell, or branching there into the digits no unit of it holds.
    fn record(&self, recorder: &mut Recorder, depth: usize) {
        if !recorder.is_recording() {
            return;
        }
        let shape = self.grid.shape();
        let seen = match self.empty.get(depth) {
            None => Seen::Solved,
            Some(&(cell, _)) => match self.free(depth) {
                free if free.is_empty() => Seen::Dead(Some(shape.index(cell) as u32)),
                free => Seen::branched(shape, cell, free),
            },
        };
        recorder.expanded(self.grid.as_slice(), seen, 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Shape;
    use crate::outcome::Status;
    use crate::strategy::backtrack;
    use crate::testing::{EASY_SOLUTION, grid};

    /// Both backtrackers walk one tree: everything but the time and the bytes each level
    /// keeps agrees.
    fn assert_same_walk(puzzle: &Grid, config: &Config) {
        let mut ours = solve(puzzle, config);
        let mut theirs = backtrack::solve(puzzle, config);
        for outcome in [&mut ours, &mut theirs] {
            outcome.stats.elapsed = Default::default();
        }
        // One board each, of their own size, and a level of their own size per depth.
        for outcome in [&mut ours, &mut theirs] {
            let held = u64::from(outcome.stats.nodes > 0);
            assert_eq!(outcome.stats.peak_frontier, held);
            for row in &mut outcome.stats.per_depth {
                assert_eq!(row.frontier, 1);
                row.frontier_bytes = 0;
            }
            outcome.stats.peak_frontier_bytes = 0;
        }
        assert_eq!(ours, theirs, "{puzzle:?}");
    }

    #[test]
    fn walks_the_same_tree_as_the_textbook() {
        let mut puzzle = grid(EASY_SOLUTION);
        for (row, col) in [(0, 0), (0, 3), (1, 0)] {
            puzzle.set(Shape::NINE.cell(row, col).unwrap(), None);
        }
        assert_same_walk(&puzzle, &Config::default());
        assert_same_walk(&grid(EASY_SOLUTION), &Config::default());
        let hard = grid(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        );
        for max_nodes in [0, 1, 2, 5000] {
            let config = Config {
                max_nodes: Some(max_nodes),
                ..Config::default()
            };
            assert_same_walk(&hard, &config);
        }
        let config = Config {
            max_solutions: Some(50),
            ..Config::default()
        };
        assert_same_walk(&Grid::empty(Shape::NINE), &config);
    }

    #[test]
    fn counts_every_solution_without_a_limit() {
        // 6 7 over 7 6 in r1c4:r1c5 and r4c4:r4c5: the two digits can swap, so blanking the
        // four cells leaves two solutions.
        let mut puzzle = grid(EASY_SOLUTION);
        for (row, col) in [(0, 3), (0, 4), (3, 3), (3, 4)] {
            puzzle.set(Shape::NINE.cell(row, col).unwrap(), None);
        }
        let all = Config {
            max_solutions: None,
            ..Config::default()
        };
        let outcome = solve(&puzzle, &all);
        assert_eq!(outcome.stop, Stop::Exhausted);
        assert_eq!(outcome.solutions.len(), 2);
        assert!(outcome.solutions.contains(&grid(EASY_SOLUTION)));
        assert!(outcome.solutions.iter().all(|s| s.is_solution_of(&puzzle)));
        assert_eq!(outcome.stats.guesses, 1);
        assert_eq!(outcome.stats.per_depth[4].solutions, 2);
        assert_same_walk(&puzzle, &all);

        let one = Config {
            max_solutions: Some(1),
            ..Config::default()
        };
        assert_eq!(solve(&puzzle, &one).status(), Status::Solved);
    }

    #[test]
    fn the_node_budget_is_exact() {
        let outcome = solve(
            &Grid::empty(Shape::NINE),
            &Config {
                max_nodes: Some(777),
                max_solutions: None,
                ..Config::default()
            },
        );
        assert_eq!(outcome.stop, Stop::NodeBudget);
        assert_eq!(outcome.stats.nodes, 777);
        let board = Search::new(&Grid::empty(Shape::NINE)).bytes();
        let deepest = outcome.stats.per_depth.len();
        assert_eq!(
            outcome.stats.peak_frontier_bytes,
            (board + deepest * LEVEL_BYTES) as u64
        );
    }

    #[test]
    fn a_zero_timeout_is_seen_at_the_clock_interval() {
        let outcome = solve(
            &Grid::empty(Shape::NINE),
            &Config {
                max_solutions: None,
                timeout: Some(std::time::Duration::ZERO),
                ..Config::default()
            },
        );
        assert_eq!(outcome.stop, Stop::Timeout);
        assert_eq!(outcome.stats.nodes, crate::budget::CLOCK_EVERY - 1);
    }
}
