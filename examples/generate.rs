//! Generates a conformance data set for one board shape, in the `PUZZLE EXPECTED` lines that
//! `tests/conformance.rs` reads (see `tests/data/README.md`):
//!
//! ```text
//! cargo run --release --example generate -- 2x3 6 > tests/data/6x6.txt
//! cargo run --release --example generate -- 3x4 12 --max-count 500
//! ```
//!
//! Arguments: the box shape (rows x columns), a seed, and optionally the largest solution count
//! a multi-solution puzzle may have (`--max-count`, default 1000). The same arguments give the
//! same file. Without arguments: the 4x4 set, `2x2 4`.
//!
//! Each set holds:
//! - the empty board with its count, if it has at most `--max-count` solutions;
//! - minimal unique puzzles: givens removed from a random solution in random order while the
//!   solution stays unique, until none can go;
//! - unique puzzles with more givens: the same removal, stopped at 40% to 60% of the cells;
//! - puzzles with several solutions and their exact counts: minimal puzzles with one to three
//!   more givens removed; one more such puzzle is searched only up to a limit of 10 solutions;
//! - puzzles with no solution although no rule is broken: a unique puzzle with one more given
//!   that no peer holds;
//! - one puzzle whose givens repeat a digit in a box.
//!
//! A random solution is found by solving a board with a few random givens that break no rule,
//! then renaming its digits and shuffling its rows within bands, its bands, its columns within
//! stacks and its stacks. Every result written is found by two strategies, `dfs` and `bitmask`,
//! which must agree on the verdict and on every solution; the comments give the textbook
//! backtracker's node count (the `bitmask` walk is the same tree). A puzzle that `bitmask` cannot
//! finish within 300 million nodes is not chosen.

use std::collections::HashSet;
use std::process::ExitCode;

use explore::geometry::{Digit, Shape};
use explore::{Config, Grid, Outcome, Status, Stop, Strategy, solve};

/// Minimal unique puzzles per set.
const MINIMAL: usize = 4;
/// Unique puzzles with more givens than minimal.
const PARTIAL: usize = 4;
/// Puzzles with several solutions.
const MULTI: usize = 6;
/// Puzzles with no solution and no broken rule.
const NONE: usize = 3;
/// The solution limit of the one puzzle searched up to a limit (written `10+`).
const AT_LEAST: u64 = 10;

/// A seeded xorshift64* generator: enough for shuffles, and the same on every platform.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        // SplitMix64's increment spreads small seeds; the state must never be zero.
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number from 0 to `n - 1`.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }

    /// `0..n` in random order.
    fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut order: Vec<usize> = (0..n).collect();
        self.shuffle(&mut order);
        order
    }
}

/// One strategy's search with this solution limit and node budget.
fn config(strategy: Strategy, max_solutions: Option<u64>, max_nodes: Option<u64>) -> Config {
    Config::default()
        .with_strategy(strategy)
        .with_threads(1)
        .with_max_solutions(max_solutions)
        .with_max_nodes(max_nodes)
}

/// The digits no peer of `cell` holds, if `cell` is empty.
fn free_digits(grid: &Grid, index: usize) -> Vec<Digit> {
    let shape = grid.shape();
    let cell = shape.cell_at(index).expect("on the board");
    if grid.get(cell).is_some() {
        return Vec::new();
    }
    let peers = shape.geometry().peers(index);
    shape
        .digits()
        .filter(|&digit| {
            !peers.iter().any(|&peer| {
                grid.get(shape.cell_at(usize::from(peer)).expect("on the board")) == Some(digit)
            })
        })
        .collect()
}

/// `grid` with its digits renamed, its rows shuffled within bands and its bands shuffled, its
/// columns within stacks and its stacks: a solution stays a solution.
fn scramble(grid: &Grid, rng: &mut Rng) -> Grid {
    let shape = grid.shape();
    let (box_rows, box_cols) = (shape.box_rows(), shape.box_cols());
    let names = rng.permutation(shape.side());
    // Bands are box_rows rows deep and there are box_cols of them; stacks the other way round.
    let lines = |rng: &mut Rng, groups: usize, per_group: usize| -> Vec<usize> {
        let order = rng.permutation(groups);
        order
            .into_iter()
            .flat_map(|group| {
                rng.permutation(per_group)
                    .into_iter()
                    .map(move |line| group * per_group + line)
            })
            .collect()
    };
    let rows = lines(rng, box_cols, box_rows);
    let cols = lines(rng, box_rows, box_cols);
    let cells = shape.cells().map(|cell| {
        let from = shape
            .cell(rows[cell.row()], cols[cell.col()])
            .expect("on the board");
        grid.get(from)
            .map(|digit| shape.digit(names[digit.get() - 1] + 1).expect("a digit"))
    });
    Grid::from_digits(shape, cells).expect("same shape")
}

/// A random solution of an empty board of `shape`.
fn random_solution(shape: Shape, rng: &mut Rng) -> Grid {
    loop {
        let mut seeds = Grid::empty(shape);
        for _ in 0..shape.side() {
            let index = rng.below(shape.n_cells());
            let free = free_digits(&seeds, index);
            if !free.is_empty() {
                let cell = shape.cell_at(index).expect("on the board");
                seeds.set(cell, Some(free[rng.below(free.len())]));
            }
        }
        let outcome = solve(
            &seeds,
            &config(Strategy::Dfs, Some(1), Some(10 * shape.n_cells() as u64)),
        );
        if let [solution] = &outcome.solutions[..] {
            return scramble(solution, rng);
        }
    }
}

/// Most nodes the `bitmask` check may take (a few seconds): a puzzle whose check would take
/// longer is not chosen.
const BITMASK_NODES: u64 = 300_000_000;

/// The result of one puzzle, found by `dfs` and by `bitmask` alike.
struct Checked {
    outcome: Outcome,
    /// Nodes of the `bitmask` search, the textbook backtracker's tree.
    backtrack_nodes: u64,
}

/// Solves `puzzle` with `dfs` and `bitmask` under `max_solutions`; both must search to the end
/// or both stop at the limit, with the same verdict, and the same solutions when exhausted.
/// `None` if `bitmask` needs more than [`BITMASK_NODES`].
fn checked(puzzle: &Grid, max_solutions: Option<u64>) -> Option<Checked> {
    let dfs = solve(puzzle, &config(Strategy::Dfs, max_solutions, None));
    let bitmask = solve(
        puzzle,
        &config(Strategy::Bitmask, max_solutions, Some(BITMASK_NODES)),
    );
    if bitmask.stop == Stop::NodeBudget {
        return None;
    }
    assert_eq!(dfs.stop, bitmask.stop, "{puzzle:?}");
    assert_eq!(dfs.status(), bitmask.status(), "{puzzle:?}");
    assert!(matches!(dfs.stop, Stop::Exhausted | Stop::SolutionLimit));
    if dfs.stop == Stop::Exhausted {
        assert_eq!(dfs.solutions, bitmask.solutions, "{puzzle:?}");
    }
    for solution in dfs.solutions.iter().chain(&bitmask.solutions) {
        assert!(solution.is_solution_of(puzzle), "{puzzle:?}: {solution:?}");
    }
    Some(Checked {
        backtrack_nodes: bitmask.stats.nodes,
        outcome: dfs,
    })
}

/// The number of solutions of `puzzle` by `dfs`, if at most `max`.
fn count_up_to(puzzle: &Grid, max: u64) -> Option<usize> {
    let outcome = solve(puzzle, &config(Strategy::Dfs, Some(max + 1), None));
    (outcome.stop == Stop::Exhausted).then_some(outcome.solutions.len())
}

/// Whether `puzzle` has exactly one solution (`dfs` with a limit of 2).
fn is_unique(puzzle: &Grid) -> bool {
    solve(puzzle, &config(Strategy::Dfs, Some(2), None)).status() == Status::Unique
}

/// `solution` with givens removed in random order while the solution stays unique, until
/// `target` givens are left or none can go.
fn reduce(solution: &Grid, target: usize, rng: &mut Rng) -> Grid {
    let shape = solution.shape();
    let mut puzzle = solution.clone();
    for index in rng.permutation(shape.n_cells()) {
        if puzzle.n_filled() <= target {
            break;
        }
        let cell = shape.cell_at(index).expect("on the board");
        let digit = puzzle.get(cell);
        puzzle.set(cell, None);
        if !is_unique(&puzzle) {
            puzzle.set(cell, digit);
        }
    }
    puzzle
}

/// The lines of the set, each `# comment` then `PUZZLE EXPECTED`, with the box shape first where
/// the cell count alone would give another shape; no puzzle twice.
struct Writer {
    shape: Shape,
    lines: Vec<String>,
    seen: HashSet<Grid>,
}

impl Writer {
    /// Whether `puzzle` is new to the set.
    fn is_new(&self, puzzle: &Grid) -> bool {
        !self.seen.contains(puzzle)
    }

    fn push(&mut self, puzzle: &Grid, expected: &str, comment: String) {
        assert!(self.seen.insert(puzzle.clone()), "{puzzle:?} twice");
        let prefix = if Shape::for_cells(self.shape.n_cells()) == Some(self.shape) {
            String::new()
        } else {
            format!("{}x{} ", self.shape.box_rows(), self.shape.box_cols())
        };
        self.lines.push(format!("# {comment}"));
        self.lines
            .push(format!("{prefix}{} {expected}", puzzle.to_line()));
    }
}

/// `n givens` or `1 given`.
fn givens(puzzle: &Grid) -> String {
    match puzzle.n_filled() {
        1 => "1 given".to_owned(),
        n => format!("{n} givens"),
    }
}

/// `N backtrack nodes`, or `1 backtrack node`.
fn backtrack(nodes: u64) -> String {
    match nodes {
        1 => "1 backtrack node".to_owned(),
        n => format!("{n} backtrack nodes"),
    }
}

/// Tries `make` until it gives something, at most `tries` times.
fn attempt<T>(what: &str, tries: usize, mut make: impl FnMut() -> Option<T>) -> T {
    (0..tries)
        .find_map(|_| make())
        .unwrap_or_else(|| panic!("no {what} in {tries} tries"))
}

fn generate(shape: Shape, seed: u64, max_count: u64) -> Vec<String> {
    let mut rng = Rng::new(seed);
    let mut out = Writer {
        shape,
        lines: Vec::new(),
        seen: HashSet::new(),
    };
    let n_cells = shape.n_cells();

    // The empty board, where its solutions are few enough to count.
    let empty = Grid::empty(shape);
    if let Some(all) = count_up_to(&empty, max_count).and_then(|_| checked(&empty, None)) {
        out.push(
            &empty,
            &all.outcome.solutions.len().to_string(),
            format!(
                "the empty board: every solution ({})",
                backtrack(all.backtrack_nodes)
            ),
        );
    }

    // Unique puzzles: minimal ones, then ones stopped at 40% to 60% of the cells.
    let mut unique = Vec::new();
    for i in 0..MINIMAL + PARTIAL {
        let (puzzle, solution, result) = attempt("unique puzzle", 100, || {
            let solution = random_solution(shape, &mut rng);
            let target = if i < MINIMAL {
                0
            } else {
                n_cells * 2 / 5 + rng.below(n_cells / 5 + 1)
            };
            let puzzle = reduce(&solution, target, &mut rng);
            let result = checked(&puzzle, Some(2))?;
            out.is_new(&puzzle).then_some((puzzle, solution, result))
        });
        assert_eq!(result.outcome.solutions, std::slice::from_ref(&solution));
        let kind = if i < MINIMAL { "minimal" } else { "unique" };
        out.push(
            &puzzle,
            &solution.to_line(),
            format!(
                "{kind}, {} ({})",
                givens(&puzzle),
                backtrack(result.backtrack_nodes)
            ),
        );
        unique.push(puzzle);
    }

    // Several solutions: minimal puzzles of fresh solutions with 1, 2 or 3 givens removed, and
    // one more with over AT_LEAST solutions, to be searched up to that limit.
    for i in 0..=MULTI {
        let remove = 1 + i % 3;
        let (puzzle, solution, result) = attempt("multi-solution puzzle", 1000, || {
            let solution = random_solution(shape, &mut rng);
            let mut puzzle = reduce(&solution, 0, &mut rng);
            let mut filled: Vec<usize> = (0..n_cells)
                .filter(|&i| {
                    puzzle
                        .get(shape.cell_at(i).expect("on the board"))
                        .is_some()
                })
                .collect();
            rng.shuffle(&mut filled);
            for &index in filled.get(..remove)? {
                puzzle.set(shape.cell_at(index).expect("on the board"), None);
            }
            let n = count_up_to(&puzzle, max_count)?;
            let result = if i < MULTI {
                checked(&puzzle, None)?
            } else if n > AT_LEAST as usize {
                checked(&puzzle, Some(AT_LEAST))?
            } else {
                return None;
            };
            out.is_new(&puzzle).then_some((puzzle, solution, result))
        });
        let n = result.outcome.solutions.len();
        let (expected, what) = if i < MULTI {
            assert!(result.outcome.solutions.contains(&solution) && n >= 2);
            (n.to_string(), "every solution of ")
        } else {
            assert_eq!(result.outcome.stop, Stop::SolutionLimit);
            (format!("{AT_LEAST}+"), "the first solutions of ")
        };
        out.push(
            &puzzle,
            &expected,
            format!(
                "{what}a minimal puzzle with {remove} more removed: {} ({})",
                givens(&puzzle),
                backtrack(result.backtrack_nodes)
            ),
        );
    }

    // No solution: a unique puzzle with one more given that no peer holds.
    for _ in 0..NONE {
        let (puzzle, result) = attempt("unsolvable puzzle", 10_000, || {
            let mut puzzle = unique[rng.below(unique.len())].clone();
            let index = rng.below(n_cells);
            let free = free_digits(&puzzle, index);
            let digit = *free.get(rng.below(free.len().max(1)))?;
            puzzle.set(shape.cell_at(index).expect("on the board"), Some(digit));
            let result = checked(&puzzle, Some(2))?;
            (result.outcome.status() == Status::None && out.is_new(&puzzle))
                .then_some((puzzle, result))
        });
        out.push(
            &puzzle,
            "none",
            format!(
                "a unique puzzle with a given that no peer holds: {} ({})",
                givens(&puzzle),
                backtrack(result.backtrack_nodes)
            ),
        );
    }

    // A digit twice in a box: its first and last cells, in different rows and columns unless
    // the box is one row or one column.
    let mut puzzle = unique[0].clone();
    let in_box = shape
        .geometry()
        .unit(2 * shape.side() + rng.below(shape.side()));
    let at = |i: usize| shape.cell_at(usize::from(in_box[i])).expect("on the board");
    let (a, b) = (at(0), at(in_box.len() - 1));
    let digit = puzzle
        .get(a)
        .or(puzzle.get(b))
        .or(shape.digit(1))
        .expect("a digit");
    puzzle.set(a, Some(digit));
    puzzle.set(b, Some(digit));
    let conflict = puzzle.conflict().expect("a digit twice in a box");
    for strategy in [Strategy::Dfs, Strategy::Bitmask] {
        let outcome = solve(&puzzle, &config(strategy, Some(2), None));
        assert_eq!(outcome.status(), Status::None);
        assert!(outcome.conflict.is_some());
    }
    out.push(
        &puzzle,
        "conflict",
        format!("givens that break a rule: {conflict}"),
    );
    out.lines
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: generate [BOX SEED [--max-count N]]   (for example: generate 2x3 6)";
    let parsed = match &args[..] {
        [] => Some(("2x2", "4", "1000")),
        [shape, seed] => Some((shape.as_str(), seed.as_str(), "1000")),
        [shape, seed, flag, count] if flag == "--max-count" => {
            Some((shape.as_str(), seed.as_str(), count.as_str()))
        }
        _ => None,
    };
    let Some((shape, seed, max_count)) = parsed else {
        eprintln!("{usage}");
        return ExitCode::FAILURE;
    };
    let (Ok(shape), Ok(seed), Ok(max_count)) = (
        shape.parse::<Shape>(),
        seed.parse::<u64>(),
        max_count.parse::<u64>(),
    ) else {
        eprintln!("{usage}");
        return ExitCode::FAILURE;
    };
    if shape.side() > Digit::MAX_CHAR {
        eprintln!("generate: a {shape} board has no one-line form");
        return ExitCode::FAILURE;
    }
    let lines = generate(shape, seed, max_count);
    println!("# Generated puzzles for the {shape} board, with their expected results.");
    println!("#");
    println!(
        "# Made by: cargo run --release --example generate -- {}x{} {seed} --max-count {max_count}",
        shape.box_rows(),
        shape.box_cols()
    );
    println!("# Every result found by dfs and by bitmask alike. Format: see README.md.");
    println!();
    for line in lines {
        println!("{line}");
    }
    ExitCode::SUCCESS
}
