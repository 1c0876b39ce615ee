//! The textbook recursive backtracker, kept deliberately naive: the baseline every other
//! strategy is measured against.
//!
//! The search state is a plain digit [`Grid`], changed in place. At each state the search
//! looks for the first empty cell in reading order (scanning from the top left every time);
//! with none left, the grid is a solution. Otherwise it tries the digits from 1 to the side of
//! the board in order, and a digit is legal when a scan of the cell's row, column and box does
//! not find it. Each legal digit is placed, the search recurses, and the digit is taken back
//! out. Nothing is cached between states and nothing is inferred, so the work per state is a few
//! scans of the grid and the number of states can grow exponentially: that is the point of this
//! strategy.
//!
//! # Statistics
//!
//! - A *node* is the root or a trial placement that passed the legality scan.
//! - A *guess* is a state at which more than one digit was actually tried.
//! - A *dead* state is one whose first empty cell has no legal digit.
//! - Nothing is *forced*.
//! - *Depth* is the number of placements made by the search, so a solution sits at the depth
//!   of the puzzle's number of empty cells.
//! - The *frontier* is what the search holds: one board, the grid it fills in place, and a
//!   level of recursion per state on the path from the root, `depth + 1` of them at a state of
//!   depth `depth`. A level is counted as what it keeps for itself: the cell it fills and the
//!   digit on trial ([`LEVEL_BYTES`]). The machine's stack frames are larger and depend on the
//!   compiler; they are not counted.
//!
//! The search runs the same tree, in the same order, as [`super::bitmask`], so both report the
//! same statistics apart from the time.

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

/// What one level of the recursion keeps for itself: the cell it fills and the digit on trial.
type Level = (Cell, Digit);

/// Bytes of search state per recursion level (the cell being filled and the digit on trial),
/// the unit of the frontier's memory figures.
pub(super) const LEVEL_BYTES: usize = size_of::<Level>();

/// Solves `puzzle`, whose givens break no rule, by plain recursive backtracking.
pub(crate) fn solve(puzzle: &Grid, config: &Config) -> Outcome {
    let start = Instant::now();
    let mut search = Search {
        grid: puzzle.clone(),
        budget: Budget::new(config, puzzle.shape(), start),
        meter: Meter::new(config.progress.as_ref()),
        stats: Stats::default(),
        found: Found::new(config),
        footprint: config.footprint.then(Footprint::new),
        grid_bytes: puzzle.bytes() as u64,
    };
    let mut recorder = config.record.then(|| Recorder::new(puzzle, false));
    // One recursion, made twice by the compiler: with the recorder, and with nothing to hand
    // states to, which is the plain search, its calls inlined away.
    let searched = match recorder.as_mut() {
        Some(recorder) => search.enter(0).and_then(|()| search.visit(0, recorder)),
        None => search.enter(0).and_then(|()| search.visit(0, &mut ())),
    };
    let stop = match searched {
        Ok(()) => Stop::Exhausted,
        Err(stop) => stop,
    };
    search.meter.flush(&search.stats);
    let Search {
        mut stats,
        found,
        footprint,
        grid_bytes,
        ..
    } = search;
    stats.record_path(grid_bytes as usize, LEVEL_BYTES);
    let mut outcome = Outcome::searched(found, stop, stats, start, footprint);
    outcome.recorded = recorder.and_then(Recorder::finish).map(Box::new);
    outcome
}

/// What a search hands each state it enters to: the recorder of `--html`, or nothing.
trait Watch {
    /// The state just entered, its first empty cell at `first_empty`.
    fn entered(&mut self, search: &Search<'_>, first_empty: Option<usize>);
}

impl Watch for () {
    #[inline(always)]
    fn entered(&mut self, _: &Search<'_>, _: Option<usize>) {}
}

impl Watch for Recorder {
    #[inline(always)]
    fn entered(&mut self, search: &Search<'_>, first_empty: Option<usize>) {
        search.record(self, first_empty);
    }
}

/// The state of one search: the grid being filled and what has been found and counted.
struct Search<'a> {
    grid: Grid,
    budget: Budget,
    meter: Meter<'a>,
    stats: Stats,
    found: Found,
    /// Samples of the memory held, when asked for.
    footprint: Option<Footprint>,
    /// Bytes of the grid filled in place.
    grid_bytes: u64,
}

impl Search<'_> {
    /// Creates a node at `depth`, if the budget allows another.
    #[inline(always)]
    fn enter(&mut self, depth: usize) -> Result<(), Stop> {
        self.meter.tick(&self.stats);
        if let Some(stop) = self.budget.check(self.stats.nodes + 1) {
            return Err(stop);
        }
        self.stats.nodes += 1;
        self.stats.depth_mut(depth).boards += 1;
        if let Some(footprint) = &mut self.footprint {
            let levels = depth as u64 + 1;
            footprint.record(
                self.stats.nodes,
                1,
                self.grid_bytes + levels * LEVEL_BYTES as u64,
            );
        }
        Ok(())
    }

    /// Explores the state at `depth`, already counted by [`Search::enter`], handing it to
    /// `watch` first. An error is the reason to stop the whole search.
    fn visit<W: Watch>(&mut self, depth: usize, watch: &mut W) -> Result<(), Stop> {
        let shape = self.grid.shape();
        let first_empty = self.grid.as_slice().iter().position(|&value| value == 0);
        watch.entered(self, first_empty);
        let Some(index) = first_empty else {
            return self.found(depth);
        };
        let cell = shape
            .cell_at(index)
            .expect("a position in the grid is a cell");
        let mut tried = 0;
        for digit in shape.digits() {
            if !self.is_legal(cell, digit) {
                continue;
            }
            self.enter(depth + 1)?;
            tried += 1;
            if tried == 2 {
                self.stats.guesses += 1;
            }
            self.stats.depth_mut(depth).children += 1;
            self.grid.set(cell, Some(digit));
            let result = self.visit(depth + 1, watch);
            self.grid.set(cell, None);
            result?;
        }
        if tried == 0 {
            self.stats.dead += 1;
            self.stats.depth_mut(depth).dead += 1;
        }
        Ok(())
    }

    /// Hands the state just entered, whose first empty cell is at `first_empty`, to the
    /// recorder: solved, dead in that cell, or branching there into its legal digits. Out of
    /// line, so that the recursion that calls it stays small.
    #[cold]
    #[inline(never)]
    fn record(&self, recorder: &mut Recorder, first_empty: Option<usize>) {
        if !recorder.is_recording() {
            return;
        }
        let shape = self.grid.shape();
        let seen = match first_empty.and_then(|index| shape.cell_at(index)) {
            None => Seen::Solved,
            Some(cell) => {
                let legal = self.legal(cell);
                if legal.is_empty() {
                    Seen::Dead(Some(shape.index(cell) as u32))
                } else {
                    Seen::branched(shape, cell, legal)
                }
            }
        };
        recorder.expanded(self.grid.as_slice(), seen, 0);
    }

    /// The digits absent from the row, column and box of `cell`, all at once, for the
    /// recording (the search tries one digit at a time, [`Search::is_legal`]).
    fn legal(&self, cell: Cell) -> Candidates {
        let shape = self.grid.shape();
        let (side, box_rows, box_cols) = (shape.side(), shape.box_rows(), shape.box_cols());
        let cells = self.grid.as_slice();
        let (row, col) = (cell.row(), cell.col());
        let (top, left) = (row - row % box_rows, col - col % box_cols);
        let mut legal = shape.all_digits();
        for i in 0..side {
            let in_box = (top + i / box_cols) * side + left + i % box_cols;
            for index in [row * side + i, i * side + col, in_box] {
                if let Some(digit) = Digit::new(usize::from(cells[index])) {
                    legal.remove(digit);
                }
            }
        }
        legal
    }

    /// Whether `digit` is absent from the row, column and box of `cell`, by scanning them.
    /// Inlined in both searches, the one that records and the one that does not: the scan is
    /// their inner loop.
    #[inline(always)]
    fn is_legal(&self, cell: Cell, digit: Digit) -> bool {
        let shape = self.grid.shape();
        let (side, box_rows, box_cols) = (shape.side(), shape.box_rows(), shape.box_cols());
        let cells = self.grid.as_slice();
        let value = digit.get() as u8;
        let (row, col) = (cell.row(), cell.col());
        let (top, left) = (row - row % box_rows, col - col % box_cols);
        (0..side).all(|i| {
            let in_box = (top + i / box_cols) * side + left + i % box_cols;
            cells[row * side + i] != value
                && cells[i * side + col] != value
                && cells[in_box] != value
        })
    }

    /// Records the complete grid, a solution at `depth`; an error once the limit is reached.
    fn found(&mut self, depth: usize) -> Result<(), Stop> {
        self.stats.solutions += 1;
        self.stats.depth_mut(depth).solutions += 1;
        self.found.add(|| self.grid.clone());
        if self.found.reached(self.budget.max_solutions()) {
            return Err(Stop::SolutionLimit);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Shape;
    use crate::outcome::Status;
    use crate::testing::{EASY_SOLUTION, grid};

    fn run(puzzle: &Grid, config: Config) -> Outcome {
        solve(puzzle, &config)
    }

    #[test]
    fn a_solved_grid_is_one_node() {
        let outcome = run(&grid(EASY_SOLUTION), Config::default());
        assert_eq!(outcome.status(), Status::Unique);
        assert_eq!(outcome.solutions, vec![grid(EASY_SOLUTION)]);
        assert_eq!(outcome.stats.nodes, 1);
        assert_eq!(outcome.stats.max_depth, 0);
        assert_eq!(outcome.stats.peak_frontier, 1);
        assert_eq!(outcome.stats.per_depth[0].solutions, 1);
    }

    #[test]
    fn one_empty_cell_is_one_placement() {
        let mut puzzle = grid(EASY_SOLUTION);
        puzzle.set(Shape::NINE.cell(8, 8).unwrap(), None);
        let outcome = run(&puzzle, Config::default());
        assert_eq!(outcome.status(), Status::Unique);
        assert_eq!(outcome.solutions, vec![grid(EASY_SOLUTION)]);
        let stats = &outcome.stats;
        assert_eq!((stats.nodes, stats.guesses, stats.dead), (2, 0, 0));
        assert_eq!(stats.max_depth, 1);
        assert_eq!(stats.per_depth[0].children, 1);
        assert_eq!(stats.per_depth[1].solutions, 1);
        let grid_bytes = puzzle.bytes() as u64;
        assert_eq!(stats.peak_frontier, 1);
        assert_eq!(
            stats.per_depth[0].frontier_bytes,
            grid_bytes + LEVEL_BYTES as u64
        );
        assert_eq!(
            stats.peak_frontier_bytes,
            grid_bytes + 2 * LEVEL_BYTES as u64
        );
    }

    #[test]
    fn a_cell_with_no_legal_digit_is_dead() {
        // With r1c1, r1c4 and r2c1 empty, r1c1 may hold 5 or 6. After 5, r1c4 and r2c1 take 6
        // and the grid is solved; after 6, r1c4 would need 5, which its column already holds.
        let mut puzzle = grid(EASY_SOLUTION);
        for (row, col) in [(0, 0), (0, 3), (1, 0)] {
            puzzle.set(Shape::NINE.cell(row, col).unwrap(), None);
        }
        let outcome = run(&puzzle, Config::default());
        assert_eq!(outcome.status(), Status::Unique);
        let stats = &outcome.stats;
        assert_eq!((stats.nodes, stats.guesses, stats.dead), (5, 1, 1));
        assert_eq!(stats.per_depth[0].children, 2);
        assert_eq!(stats.per_depth[1].dead, 1);
        assert_eq!(stats.per_depth[3].solutions, 1);
        assert_eq!(stats.max_depth, 3);
    }

    #[test]
    fn the_node_budget_is_exact() {
        let hard = grid(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        );
        let config = Config {
            max_nodes: Some(1000),
            ..Config::default()
        };
        let outcome = run(&hard, config);
        assert_eq!(outcome.stop, Stop::NodeBudget);
        assert_eq!(outcome.status(), Status::GaveUp);
        assert_eq!(outcome.stats.nodes, 1000);
        assert_eq!(
            outcome
                .stats
                .per_depth
                .iter()
                .map(|d| d.boards)
                .sum::<u64>(),
            1000
        );
    }

    #[test]
    fn the_solution_limit_stops_the_search() {
        let outcome = run(
            &Grid::empty(Shape::NINE),
            Config {
                max_solutions: Some(3),
                ..Config::default()
            },
        );
        assert_eq!(outcome.stop, Stop::SolutionLimit);
        assert_eq!(outcome.solutions.len(), 3);
        assert!(
            outcome
                .solutions
                .iter()
                .all(|s| s.is_solution_of(&Grid::empty(Shape::NINE)))
        );
    }

    #[test]
    fn a_zero_timeout_is_seen_at_the_clock_interval() {
        let outcome = run(
            &Grid::empty(Shape::NINE),
            Config {
                max_solutions: None,
                timeout: Some(std::time::Duration::ZERO),
                ..Config::default()
            },
        );
        assert_eq!(outcome.stop, Stop::Timeout);
        assert_eq!(outcome.stats.nodes, crate::budget::CLOCK_EVERY - 1);
    }
}
