//! Why a puzzle has several solutions, and how to fix it: [`explain`].
//!
//! For a puzzle with several solutions, the engine finds them ([`crate::solve`], solutions
//! kept up to [`ExplainOptions::max_solutions`]; beyond that they are only counted), and the
//! explanation says:
//!
//! - how many there are ([`Explanation::count`]; exact, or a lower bound that says so);
//! - the cells where they differ, each with the digits it takes across them
//!   ([`Explanation::differing`]);
//! - where the search first splits ([`Split`]): following the search of `bfs` and `dfs` (their
//!   forced-cell and branch rules) from the root, the first board that branches into more than
//!   one child with a solution below it; above it, every branch had one such child;
//! - the fewest givens to add, each taken from the solutions, so that exactly one solution
//!   remains ([`Fewest`]).
//!
//! For a unique puzzle it says which givens could go without losing uniqueness
//! ([`Explanation::removable`]): none, and the puzzle is minimal.
//!
//! # The fewest givens
//!
//! Adding givens from a target solution `T` removes every solution that disagrees with `T` in
//! one of them: the question is a set cover, per target, of the other solutions by the cells
//! where they differ from `T`, minimised over the targets. It is solved by branch and bound
//! over bitsets of the solutions: an uncovered solution with the fewest cells that remove it
//! is picked and each of those cells tried in turn (a cell tried and left is excluded below
//! its later siblings, so no set is searched twice); a branch is cut when the givens chosen
//! plus a lower bound reach the best found. The bound is a packing: solutions whose remaining
//! cells share none each need a given of their own. Targets are searched best first by a
//! greedy cover, which gives the first bound. The answer is exact when every solution is
//! known and the search ends within [`ExplainOptions::max_cover_nodes`]; otherwise it is the
//! best found, checked by counting, beside a proven lower bound ([`Fewest::exact`],
//! [`Fewest::lower_bound`]).
//!
//! When the solutions exceed the cap, the cover of those kept is a lower bound (what isolates
//! a solution among all isolates it among some); its givens are added, the solutions left are
//! found again, and so on until one remains, which gives the suggestion.
//!
//! ```
//! use explore::{format, explain};
//!
//! // Two 4x4 solutions: 1 and 2 swap in four cells.
//! let puzzle = format::parse_one("..343412..434321")?;
//! let explanation = explain::explain(&puzzle, &explain::ExplainOptions::default());
//! assert_eq!(explanation.count, 2);
//! assert_eq!(explanation.differing.len(), 4);
//! let fewest = explanation.fewest.as_ref().unwrap();
//! assert_eq!((fewest.givens.len(), fewest.exact), (1, true));
//! # Ok::<(), explore::InputError>(())
//! ```
//!
//! This module never prints; the program draws the explanation.

use std::fmt;

use crate::board::{Board, General, Kernel, Nine};
use crate::config::{Config, Strategy};
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::{Conflict, Grid};
use crate::outcome::{Outcome, Status, Stop};
use crate::stats::Stats;
use crate::strategy::expand::{Step, expand};
use crate::strategy::solve;

/// The options of [`explain`]. Start from [`ExplainOptions::default()`] and change what you
/// need with the `with_` setters.
///
/// ```
/// use explore::{Config, explain::ExplainOptions};
///
/// let options = ExplainOptions::default()
///     .with_max_solutions(100)
///     .with_config(Config::default().with_threads(1));
/// assert_eq!(options.max_solutions, 100);
/// ```
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ExplainOptions {
    /// The engine's options for every search the explanation runs: strategy, rules, threads,
    /// and the node and time budgets of each search. Its solution limit is set per search.
    /// By default `dfs`: each search wants its first solutions, which depth-first finds after
    /// one board per depth, where breadth-first first builds whole levels (some 60,000 boards
    /// on the empty 9x9 board).
    pub config: Config,
    /// Most solutions found and kept (1,000 by default). Beyond it the solutions are only
    /// counted, within [`ExplainOptions::max_count_nodes`], and the fewest givens are a bound.
    pub max_solutions: u64,
    /// Most boards the count of the solutions beyond [`ExplainOptions::max_solutions`] may
    /// create (1 million by default, a second or so on 9x9 and a minute on 25x25; `None`: no
    /// limit); past it the count is a lower bound.
    pub max_count_nodes: Option<u64>,
    /// Where that count stops (100,000 solutions by default), a lower bound past it. The
    /// count keeps the grids it finds (a count that keeps none would count the end of a search
    /// without boards, where one board may hold millions of solutions, and no budget of nodes
    /// bounds its time), so this also bounds its memory: 8 MB of 9x9 grids.
    pub max_count: u64,
    /// Most nodes of the branch and bound that finds the fewest givens (5 million by default);
    /// past it the best found is given with a lower bound.
    pub max_cover_nodes: u64,
    /// Most boards of each check of one cell's digit or one given (100,000 by default): whether
    /// a digit can stand in a cell when the solutions are not all known, whether a given can go.
    /// The checks of the cells' digits share this budget too, all together: a nearly empty
    /// 25x25 board has 15,000 of them, each a search hundreds of boards deep, and past the
    /// budget the digits not yet seen are left unchecked (the differing cells are then marked
    /// as not exact).
    pub max_check_nodes: u64,
}

impl Default for ExplainOptions {
    fn default() -> ExplainOptions {
        ExplainOptions {
            config: Config::default().with_strategy(Strategy::Dfs),
            max_solutions: ExplainOptions::DEFAULT_MAX_SOLUTIONS,
            max_count_nodes: Some(1_000_000),
            max_count: 100_000,
            max_cover_nodes: 5_000_000,
            max_check_nodes: 100_000,
        }
    }
}

impl ExplainOptions {
    /// Default [`ExplainOptions::max_solutions`].
    pub const DEFAULT_MAX_SOLUTIONS: u64 = 1_000;

    /// Sets [`ExplainOptions::config`].
    #[must_use]
    pub fn with_config(mut self, config: Config) -> ExplainOptions {
        self.config = config;
        self
    }

    /// Sets [`ExplainOptions::max_solutions`] (at least 2 are kept whatever it says).
    #[must_use]
    pub fn with_max_solutions(mut self, max_solutions: u64) -> ExplainOptions {
        self.max_solutions = max_solutions;
        self
    }

    /// Sets [`ExplainOptions::max_count_nodes`].
    #[must_use]
    pub fn with_max_count_nodes(mut self, max_count_nodes: Option<u64>) -> ExplainOptions {
        self.max_count_nodes = max_count_nodes;
        self
    }

    /// Sets [`ExplainOptions::max_count`].
    #[must_use]
    pub fn with_max_count(mut self, max_count: u64) -> ExplainOptions {
        self.max_count = max_count;
        self
    }

    /// Sets [`ExplainOptions::max_cover_nodes`].
    #[must_use]
    pub fn with_max_cover_nodes(mut self, max_cover_nodes: u64) -> ExplainOptions {
        self.max_cover_nodes = max_cover_nodes;
        self
    }

    /// Sets [`ExplainOptions::max_check_nodes`].
    #[must_use]
    pub fn with_max_check_nodes(mut self, max_check_nodes: u64) -> ExplainOptions {
        self.max_check_nodes = max_check_nodes;
        self
    }

    fn cap(&self) -> u64 {
        self.max_solutions.max(2)
    }

    /// The config of a search that keeps up to `limit` solutions.
    fn keeping(&self, limit: u64) -> Config {
        self.config
            .clone()
            .with_keep_solutions(true)
            .with_max_solutions(Some(limit))
    }

    /// The config of one check: a solution or two, within the check budget.
    fn check(&self, limit: u64) -> Config {
        let budget = match self.config.max_nodes {
            Some(nodes) => nodes.min(self.max_check_nodes),
            None => self.max_check_nodes,
        };
        self.keeping(limit).with_max_nodes(Some(budget))
    }
}

/// A cell and a digit: a given to add, or a guess on the search's path.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Given {
    /// The cell.
    pub cell: Cell,
    /// The digit in it.
    pub digit: Digit,
}

impl fmt::Display for Given {
    /// Human form, counted from 1: `r3c7=5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.cell, self.digit)
    }
}

/// In JSON a given's digit is a number, as every digit is there (`r10c9=12`); the letters of
/// [`Given`]'s `Display` (`r10c9=C`) are for people.
#[cfg(feature = "serde")]
impl serde::Serialize for Given {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_args!("{}={}", self.cell, self.digit.get()))
    }
}

/// A cell whose digit differs between the solutions.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Differing {
    /// The cell.
    #[cfg_attr(feature = "serde", serde(serialize_with = "as_text"))]
    pub cell: Cell,
    /// The digits it takes across the solutions, smallest first: at least two.
    #[cfg_attr(feature = "serde", serde(serialize_with = "as_numbers"))]
    pub digits: Vec<Digit>,
}

/// Where the search first splits: the first board, on the path from the root, with more than
/// one child that leads to a solution.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Split {
    /// Its depth: the guesses above it, each the only one of its board that leads to a
    /// solution (the rest died or had none below them).
    pub depth: usize,
    /// Those guesses, from the root.
    pub path: Vec<Given>,
    /// The cell it branches on.
    #[cfg_attr(feature = "serde", serde(serialize_with = "as_text"))]
    pub cell: Cell,
    /// The digits it tries there, one child each.
    #[cfg_attr(feature = "serde", serde(serialize_with = "as_numbers"))]
    pub tried: Vec<Digit>,
    /// Those of them with a solution below: at least two.
    #[cfg_attr(feature = "serde", serde(serialize_with = "as_numbers"))]
    pub live: Vec<Digit>,
}

/// The fewest givens to add so that exactly one solution remains.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Fewest {
    /// The givens, in reading order, each the digit of [`Fewest::solution`] in its cell. With
    /// them the puzzle has exactly that one solution ([`Fewest::unique`]; found again by the
    /// engine when the solutions are not all known).
    pub givens: Vec<Given>,
    /// Whether no fewer givens can do it: the search ended, and it covered every solution or
    /// its answer reached the lower bound.
    pub exact: bool,
    /// Whether the givens are known to leave exactly one solution: always, unless a budget of
    /// the engine ran out while the solutions beyond the cap were looked for again.
    pub unique: bool,
    /// No fewer than this many givens can do it, proven; equal to the number of givens when
    /// exact.
    pub lower_bound: usize,
    /// The one solution left.
    #[cfg_attr(feature = "serde", serde(serialize_with = "as_line"))]
    pub solution: Grid,
    /// Nodes of the branch and bound.
    pub nodes: u64,
}

/// What [`explain`] finds about a puzzle.
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Explanation {
    /// The verdict: `Unique`, `Multiple`, `None`, or `GaveUp` when a budget of the engine ran
    /// out before the solutions were known.
    pub status: Status,
    /// The number of solutions: exact when [`Explanation::exact`], else a lower bound.
    pub count: u128,
    /// Whether [`Explanation::count`] is exact.
    pub exact: bool,
    /// Givens that break a rule (status `None`, nothing searched).
    pub conflict: Option<Conflict>,
    /// The solutions found, sorted: all of them when there are at most
    /// [`ExplainOptions::max_solutions`].
    pub solutions: Vec<Grid>,
    /// The cells where the solutions differ, in reading order, with their digits.
    pub differing: Vec<Differing>,
    /// Whether [`Explanation::differing`] is every cell and every digit: true when the
    /// solutions are all known, or when each digit not seen among those kept was checked.
    pub differing_exact: bool,
    /// Where the search first splits; `None` for fewer than two solutions, or when a check
    /// ran out of its budget.
    pub split: Option<Split>,
    /// The fewest givens to add; `None` for fewer than two solutions.
    pub fewest: Option<Fewest>,
    /// For a unique puzzle, the givens that could go, each alone, and leave one solution
    /// (checked by counting to two); empty: the puzzle is minimal. `None` otherwise.
    pub removable: Option<Vec<Cell>>,
    /// Whether every given was decided for [`Explanation::removable`] (a check may run out
    /// of its budget on a large board).
    pub removable_exact: bool,
}

impl Explanation {
    /// Whether the puzzle is unique and no given can go; `None` when the puzzle is not unique
    /// or a check did not end.
    pub fn is_minimal(&self) -> Option<bool> {
        let removable = self.removable.as_ref()?;
        if !removable.is_empty() {
            Some(false)
        } else {
            self.removable_exact.then_some(true)
        }
    }
}

#[cfg(feature = "serde")]
fn as_text<S: serde::Serializer>(value: &impl fmt::Display, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

#[cfg(feature = "serde")]
fn as_line<S: serde::Serializer>(grid: &Grid, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&grid.to_line())
}

#[cfg(feature = "serde")]
fn as_numbers<S: serde::Serializer>(digits: &[Digit], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(digits.iter().map(|digit| digit.get()))
}

/// Explains `puzzle`: its solutions, where they differ, where the search splits, the fewest
/// givens that make it unique, or, for a unique puzzle, the givens that could go.
pub fn explain(puzzle: &Grid, options: &ExplainOptions) -> Explanation {
    let cap = options.cap();
    // One more than the cap tells "exactly the cap" from "more".
    let mut outcome = solve(puzzle, &options.keeping(cap.saturating_add(1)));
    let mut explanation = Explanation {
        status: outcome.status(),
        count: outcome.count,
        exact: outcome.is_exact(),
        conflict: outcome.conflict,
        solutions: Vec::new(),
        differing: Vec::new(),
        differing_exact: true,
        split: None,
        fewest: None,
        removable: None,
        removable_exact: true,
    };
    let all_known = outcome.stop == Stop::Exhausted;
    if outcome.stop == Stop::SolutionLimit {
        outcome
            .solutions
            .truncate(usize::try_from(cap).unwrap_or(usize::MAX));
        let counted = count_all(puzzle, options);
        explanation.exact = counted.is_exact();
        explanation.count = counted.count.max(outcome.count);
    }
    explanation.solutions = outcome.solutions;
    match explanation.status {
        Status::Unique => {
            let (removable, exact) = removable(puzzle, options);
            explanation.removable = Some(removable);
            explanation.removable_exact = exact;
        }
        Status::Multiple if explanation.solutions.len() >= 2 => {
            let solutions = &explanation.solutions;
            let (differing, exact) = differing(puzzle, solutions, all_known, options);
            explanation.differing = differing;
            explanation.differing_exact = exact;
            explanation.split = split(puzzle, solutions, all_known, options);
            explanation.fewest = Some(fewest(puzzle, solutions, all_known, options));
        }
        // A budget ran out with two solutions or fewer: nothing more is known for sure.
        _ => {}
    }
    explanation
}

/// Counts every solution of `puzzle` within the count budget.
fn count_all(puzzle: &Grid, options: &ExplainOptions) -> Outcome {
    let budget = match (options.config.max_nodes, options.max_count_nodes) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    // Kept, not only counted: see `ExplainOptions::max_count`.
    let config = options
        .keeping(options.max_count.max(options.cap()))
        .with_max_nodes(budget);
    solve(puzzle, &config)
}

/// `grid` with `cell` set to `digit`.
fn with(grid: &Grid, cell: Cell, digit: Option<Digit>) -> Grid {
    let mut grid = grid.clone();
    grid.set(cell, digit);
    grid
}

/// The cells where `solutions` differ, with their digits; when they are not all the
/// solutions, each digit not seen in an open cell is checked by a search of its own.
fn differing(
    puzzle: &Grid,
    solutions: &[Grid],
    all_known: bool,
    options: &ExplainOptions,
) -> (Vec<Differing>, bool) {
    let shape = puzzle.shape();
    let mut exact = true;
    let mut cells = Vec::new();
    // Boards left to the checks of this function, all together.
    let mut left = options.max_check_nodes;
    for cell in shape.cells() {
        if puzzle.get(cell).is_some() {
            continue;
        }
        let index = shape.index(cell);
        let mut seen = 0u64;
        for solution in solutions {
            seen |= 1 << (solution.as_slice()[index] - 1);
        }
        if !all_known {
            for digit in shape.digits() {
                if seen & (1 << digit.bit()) != 0 {
                    continue;
                }
                if left == 0 {
                    exact = false;
                    break;
                }
                let config = options.check(1);
                let budget = config.max_nodes.map_or(left, |nodes| nodes.min(left));
                let outcome = solve(
                    &with(puzzle, cell, Some(digit)),
                    &config.with_max_nodes(Some(budget)),
                );
                left = left.saturating_sub(outcome.stats.nodes);
                match outcome.status() {
                    Status::Solved | Status::Unique | Status::Multiple => seen |= 1 << digit.bit(),
                    Status::None => {}
                    Status::GaveUp => exact = false,
                }
            }
        }
        if seen.count_ones() >= 2 {
            let digits = (0..64)
                .filter(|bit| seen & (1 << bit) != 0)
                .filter_map(|bit| Digit::new(bit + 1))
                .collect();
            cells.push(Differing { cell, digits });
        }
    }
    (cells, exact)
}

/// Where the search first splits, on the kernel that the search runs on.
fn split(
    puzzle: &Grid,
    solutions: &[Grid],
    all_known: bool,
    options: &ExplainOptions,
) -> Option<Split> {
    match Kernel::for_search(puzzle.shape(), options.config.forced) {
        Kernel::Nine => split_on::<Nine>(puzzle, solutions, all_known, options),
        Kernel::General => split_on::<General>(puzzle, solutions, all_known, options),
    }
}

/// Follows the search from the root through the one child with a solution below it, to the
/// first board with two or more. A child's solutions are those of the puzzle that agree with
/// its guesses (its forced cells follow from them); when the solutions are not all known, a
/// child none of them reaches is searched for one.
fn split_on<B: Board>(
    puzzle: &Grid,
    solutions: &[Grid],
    all_known: bool,
    options: &ExplainOptions,
) -> Option<Split> {
    let config = options.keeping(2);
    let mut stats = Stats::default();
    let mut board = B::new(puzzle);
    let mut path = Vec::new();
    let mut agreeing: Vec<&Grid> = solutions.iter().collect();
    loop {
        let Step::Branch(cell, candidates) =
            expand(&mut board, path.len(), &config, &mut stats, None, None)
        else {
            return None;
        };
        let index = puzzle.shape().index(cell);
        let mut live = Vec::new();
        for digit in candidates {
            let value = digit.get() as u8;
            let known = agreeing.iter().any(|s| s.as_slice()[index] == value);
            let reached = known || {
                if all_known {
                    false
                } else {
                    let child = board.child(cell, digit).to_grid();
                    match solve(&child, &options.check(1)).status() {
                        Status::None => false,
                        Status::GaveUp => return None,
                        _ => true,
                    }
                }
            };
            if reached {
                live.push(digit);
            }
        }
        match live[..] {
            [] => return None,
            [digit] => {
                board = board.child(cell, digit);
                agreeing.retain(|s| s.as_slice()[index] == digit.get() as u8);
                path.push(Given { cell, digit });
            }
            _ => {
                return Some(Split {
                    depth: path.len(),
                    path,
                    cell,
                    tried: candidates.iter().collect(),
                    live,
                });
            }
        }
    }
}

/// The givens of a unique puzzle that could go, each alone; and whether every one was decided.
fn removable(puzzle: &Grid, options: &ExplainOptions) -> (Vec<Cell>, bool) {
    let mut cells = Vec::new();
    let mut exact = true;
    for cell in puzzle.shape().cells() {
        if puzzle.get(cell).is_none() {
            continue;
        }
        match solve(&with(puzzle, cell, None), &options.check(2)).status() {
            Status::Unique => cells.push(cell),
            Status::Multiple => {}
            _ => exact = false,
        }
    }
    (cells, exact)
}

/// The fewest givens to add to `puzzle`, whose solutions include `solutions` (all of them
/// when `all_known`).
fn fewest(puzzle: &Grid, solutions: &[Grid], all_known: bool, options: &ExplainOptions) -> Fewest {
    let first = Cover::new(solutions).best(options.max_cover_nodes);
    let mut nodes = first.nodes;
    let mut givens = first.givens(solutions);
    let mut solution = solutions[first.target].clone();
    let mut unique = all_known;
    if !all_known {
        // Add the givens and look again, until one solution is left.
        let cap = options.cap();
        let mut current = puzzle.clone();
        let mut added = givens.clone();
        loop {
            for given in &added {
                current.set(given.cell, Some(given.digit));
            }
            // Each round within the count's budget: a puzzle of many givens on a large board
            // can take a search without one minutes to find its next solutions.
            let budget = match (options.config.max_nodes, options.max_count_nodes) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            let outcome = solve(&current, &options.keeping(cap).with_max_nodes(budget));
            if outcome.count == 1 && outcome.stop == Stop::Exhausted {
                solution = outcome.solutions[0].clone();
                unique = true;
                break;
            }
            if outcome.solutions.len() < 2 {
                // A budget ran out: the givens so far are not known to leave one solution.
                break;
            }
            let next = Cover::new(&outcome.solutions).best(options.max_cover_nodes);
            nodes += next.nodes;
            added = next.givens(&outcome.solutions);
            givens.extend(added.iter().copied());
            solution = outcome.solutions[next.target].clone();
        }
        givens.sort_unstable();
    }
    let lower_bound = first.lower_bound.min(givens.len());
    Fewest {
        exact: unique && first.complete && givens.len() == lower_bound,
        givens,
        unique,
        lower_bound,
        solution,
        nodes,
    }
}

/// A set of solutions as bitsets: for each cell where they differ and each digit, the
/// solutions with that digit there.
struct Cover {
    shape: Shape,
    n: usize,
    /// Words of a bitset of solutions.
    words: usize,
    /// Digits of each solution at the differing cells: `digits[j * m + k]`.
    digits: Vec<u8>,
    /// The differing cells, as indices in reading order.
    cells: Vec<usize>,
    /// `classes[(k * (side + 1) + v) * words ..][..words]`: the solutions with digit `v` at
    /// differing cell `k`.
    classes: Vec<u64>,
}

/// The best cover found: a target solution and the differing cells (by position) to give.
struct Best {
    target: usize,
    cells: Vec<usize>,
    complete: bool,
    lower_bound: usize,
    nodes: u64,
    cover_cells: Vec<usize>,
}

impl Best {
    fn givens(&self, solutions: &[Grid]) -> Vec<Given> {
        let shape = solutions[self.target].shape();
        let mut givens: Vec<Given> = self
            .cells
            .iter()
            .map(|&k| {
                let index = self.cover_cells[k];
                let digit = Digit::new(usize::from(solutions[self.target].as_slice()[index]));
                Given {
                    cell: shape.cell_at(index).expect("a cell of the board"),
                    digit: digit.expect("solutions are complete"),
                }
            })
            .collect();
        givens.sort_unstable();
        givens
    }
}

/// The branch and bound for one target: its solution's digits, the cells each other solution
/// differs in (as a bitset of differing cells), the order in which the bound packs them.
struct Target<'a> {
    cover: &'a Cover,
    t: usize,
    /// Cell words: a bitset of differing cells.
    cell_words: usize,
    /// `diff[j * cell_words ..]`: the differing cells where solution `j` differs from `t`.
    diff: Vec<u64>,
    /// The other solutions, fewest differing cells first.
    order: Vec<usize>,
}

impl Cover {
    fn new(solutions: &[Grid]) -> Cover {
        let shape = solutions[0].shape();
        let n = solutions.len();
        let words = n.div_ceil(64);
        let cells: Vec<usize> = (0..shape.n_cells())
            .filter(|&i| {
                let first = solutions[0].as_slice()[i];
                solutions.iter().any(|s| s.as_slice()[i] != first)
            })
            .collect();
        let m = cells.len();
        let stride = shape.side() + 1;
        let mut digits = vec![0u8; n * m];
        let mut classes = vec![0u64; m * stride * words];
        for (j, solution) in solutions.iter().enumerate() {
            for (k, &index) in cells.iter().enumerate() {
                let v = solution.as_slice()[index];
                digits[j * m + k] = v;
                classes[(k * stride + usize::from(v)) * words + j / 64] |= 1 << (j % 64);
            }
        }
        Cover {
            shape,
            n,
            words,
            digits,
            cells,
            classes,
        }
    }

    /// The solutions with the digit of solution `t` at differing cell `k`.
    fn class(&self, k: usize, t: usize) -> &[u64] {
        let v = usize::from(self.digits[t * self.cells.len() + k]);
        let start = (k * (self.shape.side() + 1) + v) * self.words;
        &self.classes[start..start + self.words]
    }

    fn target(&self, t: usize) -> Target<'_> {
        let m = self.cells.len();
        let cell_words = m.div_ceil(64).max(1);
        let mut diff = vec![0u64; self.n * cell_words];
        let mut counts = vec![0u32; self.n];
        for j in 0..self.n {
            for k in 0..m {
                if self.digits[j * m + k] != self.digits[t * m + k] {
                    diff[j * cell_words + k / 64] |= 1 << (k % 64);
                    counts[j] += 1;
                }
            }
        }
        let mut order: Vec<usize> = (0..self.n).filter(|&j| j != t).collect();
        order.sort_by_key(|&j| (counts[j], j));
        Target {
            cover: self,
            t,
            cell_words,
            diff,
            order,
        }
    }

    /// A greedy cover for target `t`: the cell that removes the most solutions left, until
    /// none is left.
    fn greedy(&self, t: usize) -> Vec<usize> {
        let mut left = vec![u64::MAX; self.words];
        clear_beyond(&mut left, self.n);
        left[t / 64] &= !(1 << (t % 64));
        let mut chosen = Vec::new();
        while left.iter().any(|&w| w != 0) {
            let (k, _) = (0..self.cells.len())
                .map(|k| {
                    let kept: u32 = and_count(&left, self.class(k, t));
                    (k, kept)
                })
                .min_by_key(|&(k, kept)| (kept, k))
                .expect("solutions differ somewhere");
            and_assign(&mut left, self.class(k, t));
            chosen.push(k);
        }
        chosen.sort_unstable();
        chosen
    }

    /// A lower bound on the cells that isolate target `t`, from the number each removes
    /// alone: the fewest whose counts add up to the other solutions.
    fn counting_bound(&self, t: usize) -> usize {
        let mut removes: Vec<usize> = (0..self.cells.len())
            .map(|k| self.n - and_count(self.class(k, t), self.class(k, t)) as usize)
            .collect();
        removes.sort_unstable_by(|a, b| b.cmp(a));
        let mut sum = 0;
        for (r, removed) in removes.into_iter().enumerate() {
            sum += removed;
            if sum >= self.n - 1 {
                return r + 1;
            }
        }
        self.cells.len()
    }

    /// The fewest cells, and the target, over every target, within `max_nodes`.
    fn best(&self, max_nodes: u64) -> Best {
        // Targets in the order of their bound, so that once a bound reaches the best found,
        // every later target is done with.
        let bounds: Vec<usize> = (0..self.n).map(|t| self.counting_bound(t)).collect();
        let mut targets: Vec<usize> = (0..self.n).collect();
        targets.sort_by_key(|&t| (bounds[t], t));
        // The first bound to beat: the best greedy cover of the most promising targets.
        let (best_target, best) = targets
            .iter()
            .take(16)
            .map(|&t| (t, self.greedy(t)))
            .min_by_key(|(t, cells)| (cells.len(), *t))
            .expect("at least two solutions");
        let mut search = Search {
            best,
            best_target,
            nodes: 0,
            max_nodes,
            stopped: false,
        };
        let mut lower_bound = usize::MAX;
        for &t in &targets {
            if bounds[t] >= search.best.len() {
                break;
            }
            if search.stopped {
                // The rest are not searched: their bounds are what is known of them.
                lower_bound = bounds[t];
                break;
            }
            let target = self.target(t);
            let mut left = vec![u64::MAX; self.words];
            clear_beyond(&mut left, self.n);
            left[t / 64] &= !(1 << (t % 64));
            let excluded = vec![0u64; target.cell_words];
            target.search(&mut search, &left, &excluded, &mut Vec::new());
            if search.stopped {
                lower_bound = bounds[t];
                break;
            }
        }
        let found = search.best.len();
        Best {
            target: search.best_target,
            complete: !search.stopped,
            lower_bound: lower_bound.min(found),
            nodes: search.nodes,
            cells: search.best,
            cover_cells: self.cells.clone(),
        }
    }
}

/// The state of the branch and bound shared by every target.
struct Search {
    best: Vec<usize>,
    best_target: usize,
    nodes: u64,
    max_nodes: u64,
    stopped: bool,
}

impl Target<'_> {
    fn diff(&self, j: usize) -> &[u64] {
        &self.diff[j * self.cell_words..(j + 1) * self.cell_words]
    }

    /// A lower bound on the cells still needed to remove the solutions `left` with the cells
    /// not `excluded`: solutions whose cells share none each need one of their own. `None`
    /// when some solution has no cell left to remove it.
    fn packing(&self, left: &[u64], excluded: &[u64]) -> Option<usize> {
        let mut used = vec![0u64; self.cell_words];
        let mut count = 0;
        for &j in &self.order {
            if left[j / 64] & (1 << (j % 64)) == 0 {
                continue;
            }
            let diff = self.diff(j);
            let mut any = false;
            let mut disjoint = true;
            for w in 0..self.cell_words {
                let free = diff[w] & !excluded[w];
                any |= free != 0;
                disjoint &= free & used[w] == 0;
            }
            if !any {
                return None;
            }
            if disjoint {
                for w in 0..self.cell_words {
                    used[w] |= diff[w] & !excluded[w];
                }
                count += 1;
            }
        }
        Some(count)
    }

    fn search(&self, search: &mut Search, left: &[u64], excluded: &[u64], chosen: &mut Vec<usize>) {
        if search.stopped {
            return;
        }
        search.nodes += 1;
        if search.nodes > search.max_nodes {
            search.stopped = true;
            return;
        }
        if left.iter().all(|&w| w == 0) {
            if chosen.len() < search.best.len() {
                search.best = chosen.clone();
                search.best.sort_unstable();
                search.best_target = self.t;
            }
            return;
        }
        if chosen.len() + 1 >= search.best.len() {
            return;
        }
        let Some(bound) = self.packing(left, excluded) else {
            return;
        };
        if chosen.len() + bound >= search.best.len() {
            return;
        }
        // The solution left with the fewest cells to remove it: one of them must be given.
        let mut pick = None;
        let mut fewest = u32::MAX;
        for &j in &self.order {
            if left[j / 64] & (1 << (j % 64)) == 0 {
                continue;
            }
            let free: u32 = self
                .diff(j)
                .iter()
                .zip(excluded)
                .map(|(d, e)| (d & !e).count_ones())
                .sum();
            if free < fewest {
                fewest = free;
                pick = Some(j);
                if free <= 1 {
                    break;
                }
            }
        }
        let Some(j) = pick else { return };
        let diff = self.diff(j);
        let mut branches: Vec<(u32, usize)> = (0..self.cover.cells.len())
            .filter(|&k| diff[k / 64] & !excluded[k / 64] & (1 << (k % 64)) != 0)
            .map(|k| (and_count(left, self.cover.class(k, self.t)), k))
            .collect();
        // The cell that leaves the fewest solutions first.
        branches.sort_unstable();
        let mut excluded = excluded.to_vec();
        let mut next = vec![0u64; left.len()];
        for (_, k) in branches {
            for (w, (a, b)) in next
                .iter_mut()
                .zip(left.iter().zip(self.cover.class(k, self.t)))
            {
                *w = a & b;
            }
            chosen.push(k);
            self.search(search, &next, &excluded, chosen);
            chosen.pop();
            // Below its later siblings this cell is not tried again: those sets were searched.
            excluded[k / 64] |= 1 << (k % 64);
            if search.stopped {
                return;
            }
        }
    }
}

fn clear_beyond(bits: &mut [u64], n: usize) {
    for (w, word) in bits.iter_mut().enumerate() {
        let start = w * 64;
        if start >= n {
            *word = 0;
        } else if n - start < 64 {
            *word &= (1u64 << (n - start)) - 1;
        }
    }
}

fn and_count(a: &[u64], b: &[u64]) -> u32 {
    a.iter().zip(b).map(|(x, y)| (x & y).count_ones()).sum()
}

fn and_assign(a: &mut [u64], b: &[u64]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x &= y;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::grid;

    #[test]
    fn two_swapped_digits_need_one_given() {
        let puzzle = grid("..343412..434321");
        let explanation = explain(&puzzle, &ExplainOptions::default());
        assert_eq!(explanation.status, Status::Multiple);
        assert_eq!((explanation.count, explanation.exact), (2, true));
        let cells: Vec<String> = explanation
            .differing
            .iter()
            .map(|d| d.cell.to_string())
            .collect();
        assert_eq!(cells, ["r1c1", "r1c2", "r3c1", "r3c2"]);
        let split = explanation.split.unwrap();
        assert_eq!(split.depth, 0);
        assert_eq!(split.live.len(), 2);
        let fewest = explanation.fewest.unwrap();
        assert_eq!(
            (fewest.givens.len(), fewest.exact, fewest.lower_bound),
            (1, true, 1)
        );
    }

    #[test]
    fn a_unique_puzzle_says_which_givens_could_go() {
        // A full grid: every given but... any one given can go, as the rest decide it.
        let solved = grid("1234341221434321");
        let explanation = explain(&solved, &ExplainOptions::default());
        assert_eq!(explanation.status, Status::Unique);
        assert_eq!(explanation.removable.as_ref().map(Vec::len), Some(16));
        assert_eq!(explanation.is_minimal(), Some(false));
    }

    #[test]
    fn broken_givens_are_the_verdict() {
        let broken = grid("11..............");
        let explanation = explain(&broken, &ExplainOptions::default());
        assert_eq!(explanation.status, Status::None);
        assert!(explanation.conflict.is_some());
        assert!(explanation.fewest.is_none() && explanation.removable.is_none());
    }

    #[test]
    fn beyond_the_cap_the_count_is_counted_and_the_givens_still_leave_one() {
        // The empty 4x4 board: 288 solutions, 10 kept.
        let empty = grid("................");
        let options = ExplainOptions::default().with_max_solutions(10);
        let explanation = explain(&empty, &options);
        assert_eq!((explanation.count, explanation.exact), (288, true));
        assert_eq!(explanation.solutions.len(), 10);
        assert_eq!(explanation.differing.len(), 16);
        assert!(explanation.differing_exact);
        assert!(explanation.differing.iter().all(|d| d.digits.len() == 4));
        let fewest = explanation.fewest.unwrap();
        let mut puzzle = empty.clone();
        for given in &fewest.givens {
            puzzle.set(given.cell, Some(given.digit));
        }
        let outcome = solve(&puzzle, &Config::default().with_max_solutions(Some(2)));
        assert_eq!(outcome.status(), Status::Unique);
        assert_eq!(outcome.solutions[0], fewest.solution);
        assert!(fewest.lower_bound <= fewest.givens.len());
    }
}
