//! Shards that are sets of cubes: one hard puzzle proven across machines by cube and conquer,
//! with the same cubes and the same conquest as on one machine.
//!
//! [`split`] cuts the puzzle's search as `bfs --learn cubes` does (the breadth-first levels
//! until one holds at least [`Config::cubes`] live boards, `strategy/cubes.rs`), and deals the
//! cubes, in level order, to the shards in turn, as the lanes of [`Config::same_stats`] deal
//! them: of `K` shards, shard `j` takes the cubes `j`, `j + K`, `j + 2K`, ... A shard is the
//! puzzle itself with its [`Cubes`]: solving it ([`solve`], also `explore::solve_cubes`)
//! conquers those cubes with the lanes of cube and conquer, each lane keeping what it learns
//! from one cube to the next, as one machine does with all of them; one shard is exactly the
//! search of one machine.
//!
//! Why in turn and not in blocks of neighbours: the hard cubes lie together in the tree (the
//! subtrees where the search goes deep), so blocks give them all to one shard, whose machine
//! then takes most of the time. On frisch #5 (64 cubes, one thread a shard), 4 shards in
//! blocks took 13.4 to 13.9 CPU seconds in all and 8.7 to 8.8 on the slowest; in turn, 14.8 to
//! 16.0 in all (neighbours learn more from each other) and 4.0 to 4.7 on the slowest, the
//! wall of 4 machines (docs/benchmarks.md).
//!
//! A solution met above the cut is a cube too: the guesses that led to it, whose only solution
//! it is. So every solution of the puzzle lies in exactly one cube of exactly one shard (the
//! cubes' own argument, [`crate::shard`]), and the shards' counts add up to the puzzle's.
//!
//! A shard is written on one line, the puzzle then its cubes in a comment that the puzzle
//! reader reads back ([`crate::format`]): `PUZZLE # cubes: r1c3=4,r2c7=1 r1c3=4,r2c7=5`. A cube
//! is its guesses, `r`ow `c`olumn `=` digit (a number, whatever the board's symbols),
//! separated by commas; cubes are separated by spaces; `all` is the cube of no guess.
//!
//! ```
//! use explore::shard::cubes;
//! use explore::{Config, format, solve_cubes};
//!
//! // A puzzle with 296 solutions, in 3 shards of 8 cubes or more in all.
//! let puzzle = format::parse_one(
//!     "........1.....2.....1....34...........64......7....28....13.....9.......82....9..",
//! )?;
//! let config = Config::default().with_cubes(8).with_counting();
//! let split = cubes::split(&puzzle, &config, 3);
//! assert_eq!(split.shards.len(), 3);
//! let total: u128 = split
//!     .shards
//!     .iter()
//!     .map(|shard| solve_cubes(&puzzle, shard, &config).count)
//!     .sum();
//! assert_eq!(total, 296);
//! # Ok::<(), explore::InputError>(())
//! ```

use std::fmt;

use crate::board::{Board, General, Kernel, Nine};
use crate::config::Config;
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;
use crate::outcome::Outcome;
use crate::strategy::{Cube, SplitCut, cut_for_split, solve_given};

use super::Reached;

/// What starts the cubes in the comment of a shard's line: `# cubes: ...`.
pub const MARKER: &str = "cubes:";

/// The cubes of one shard: each the guesses (a digit set in a cell) that led from the puzzle
/// to one board of the cut.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Cubes {
    shape: Shape,
    /// Each guess as the search's candidate: the cell's index times the side, plus the
    /// digit's bit.
    cubes: Vec<Cube>,
}

impl Cubes {
    /// Reads cubes written as [`Cubes`]' `Display` writes them, for a board of `shape`: the
    /// text after [`MARKER`]. Says what is wrong otherwise.
    ///
    /// ```
    /// use explore::geometry::Shape;
    /// use explore::shard::cubes::Cubes;
    ///
    /// let cubes = Cubes::parse("r1c3=4,r2c7=1 all", Shape::NINE).unwrap();
    /// assert_eq!(cubes.len(), 2);
    /// assert_eq!(cubes.to_string(), "r1c3=4,r2c7=1 all");
    /// assert!(Cubes::parse("r1c10=4", Shape::NINE).is_err());
    /// ```
    pub fn parse(text: &str, shape: Shape) -> Result<Cubes, String> {
        let side = shape.side();
        let mut cubes = Vec::new();
        for word in text.split_whitespace() {
            let mut cube = Cube::new();
            if word != "all" {
                for guess in word.split(',') {
                    let (cell, digit) = parse_guess(guess, shape).ok_or_else(|| {
                        format!(
                            "'{guess}' is no guess of a {side}x{side} board: write r1c1=5 \
                             (row, column, digit)"
                        )
                    })?;
                    cube.push((shape.index(cell) * side) as u32 + digit.bit());
                }
            }
            cubes.push(cube);
        }
        if cubes.is_empty() {
            return Err("no cube after 'cubes:'".to_owned());
        }
        Ok(Cubes { shape, cubes })
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// How many cubes.
    pub fn len(&self) -> usize {
        self.cubes.len()
    }

    /// Whether there is no cube (never so for cubes read or split).
    pub fn is_empty(&self) -> bool {
        self.cubes.is_empty()
    }

    /// The guesses of each cube, in order.
    pub fn iter(&self) -> impl Iterator<Item = Vec<(Cell, Digit)>> + '_ {
        let side = self.shape.side();
        self.cubes.iter().map(move |cube| {
            cube.iter()
                .map(|&var| {
                    let var = var as usize;
                    let cell = self
                        .shape
                        .cell_at(var / side)
                        .expect("guesses are read checked");
                    (cell, Digit::from_bit((var % side) as u32))
                })
                .collect()
        })
    }

    /// Whether `grid` keeps every guess of one of the cubes: a solution of the puzzle lies in
    /// the shard.
    pub fn holds(&self, grid: &Grid) -> bool {
        grid.shape() == self.shape
            && self.iter().any(|cube| {
                cube.iter()
                    .all(|&(cell, digit)| grid.get(cell) == Some(digit))
            })
    }
}

impl fmt::Display for Cubes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, cube) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            if cube.is_empty() {
                f.write_str("all")?;
            }
            for (j, (cell, digit)) in cube.iter().enumerate() {
                if j > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{cell}={}", digit.get())?;
            }
        }
        Ok(())
    }
}

/// Solves one shard of `puzzle` that is a set of cubes (also `explore::solve_cubes`): its
/// cubes conquered by the lanes of cube and conquer (`bfs --learn cubes`), in their order, with
/// the forced-cell rule, limits and threads of `config`, whatever strategy and learning it
/// names. The solutions are those of the puzzle that keep every guess of one of the cubes; the
/// answer and every statistic are the same on every thread count.
///
/// # Panics
///
/// If `cubes` are of another board shape than `puzzle` (the reader checks it).
///
/// ```
/// use explore::geometry::Shape;
/// use explore::shard::cubes::Cubes;
/// use explore::{Config, Grid, solve_cubes};
///
/// // The empty 4x4 board's 288 grids, 72 of them with 1 in the first cell.
/// let empty = Grid::empty(Shape::new(2, 2)?);
/// let cubes = Cubes::parse("r1c1=1", empty.shape()).unwrap();
/// let config = Config::default().with_counting();
/// assert_eq!(solve_cubes(&empty, &cubes, &config).count, 72);
/// # Ok::<(), explore::geometry::ShapeError>(())
/// ```
pub fn solve(puzzle: &Grid, cubes: &Cubes, config: &Config) -> Outcome {
    assert_eq!(cubes.shape(), puzzle.shape(), "cubes of another board");
    solve_given(puzzle, &cubes.cubes, config)
}

/// `r3c7=5`: the cell and digit, if they fit `shape`.
fn parse_guess(text: &str, shape: Shape) -> Option<(Cell, Digit)> {
    let (cell, digit) = text.strip_prefix('r')?.split_once('=')?;
    let (row, col) = cell.split_once('c')?;
    let number = |text: &str| {
        text.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| text.parse::<usize>().ok())
            .flatten()
    };
    let (row, col, digit) = (number(row)?, number(col)?, number(digit)?);
    let cell = shape.cell(row.checked_sub(1)?, col.checked_sub(1)?)?;
    Some((cell, shape.digit(digit)?))
}

/// The shards of one puzzle's cubes, and what cutting cost: shard `j` of `K` holds the cubes
/// `j`, `j + K`, ... of the cut's, the solutions met above the cut first.
pub type Split = super::Split<Cubes>;

impl Split {
    /// Cubes in all.
    pub fn n_cubes(&self) -> usize {
        self.shards.iter().map(|shard| shard.cubes.len()).sum()
    }
}

/// Cuts the search of `puzzle` into cubes as `bfs --learn cubes` does under `config` (its
/// [`Config::cubes`], forced-cell and branch rules and frontier budget), and deals them to at
/// most `n_shards` shards (no more than there are cubes, at least one cube each); one thread.
/// Givens that break a rule, or a puzzle found to have no solution by the cut, give no shard.
pub fn split(puzzle: &Grid, config: &Config, n_shards: usize) -> Split {
    let shape = puzzle.shape();
    let (cut, budget) = if puzzle.conflict().is_some() {
        let cut = SplitCut {
            solved: Vec::new(),
            cubes: Vec::new(),
            depth: 0,
            ended: true,
            stats: crate::Stats::default(),
        };
        (cut, 0)
    } else {
        let budget = config.frontier_boards(crate::board_bytes(shape, config.forced));
        let cut = match Kernel::for_search(shape, config.forced) {
            Kernel::Nine => cut_for_split(puzzle, Nine::new(puzzle), config),
            Kernel::General => cut_for_split(puzzle, General::new(puzzle), config),
        };
        (cut, budget.max(1))
    };
    let reached = if cut.ended {
        Reached::Ended
    } else if cut.cubes.len() >= config.cubes {
        Reached::Cut
    } else {
        Reached::Budget
    };
    let n_solutions = cut.solved.len();
    let mut all = cut.solved;
    all.extend(cut.cubes);
    let n_cubes = all.len();
    let n_shards = n_shards.min(n_cubes);
    let mut shards: Vec<Cubes> = (0..n_shards)
        .map(|_| Cubes {
            shape,
            cubes: Vec::with_capacity(n_cubes.div_ceil(n_shards)),
        })
        .collect();
    for (i, cube) in all.into_iter().enumerate() {
        shards[i % n_shards].cubes.push(cube);
    }
    Split {
        shards,
        n_solutions,
        depth: cut.depth,
        reached,
        boards: cut.stats.nodes,
        dead: cut.stats.dead,
        budget,
    }
}

#[cfg(test)]
mod tests {
    use super::solve as solve_cubes;
    use super::*;
    use crate::config::{Learn, Strategy};
    use crate::geometry::Shape;
    use crate::outcome::Stop;
    use crate::strategy::solve;
    use crate::testing::{ESCARGOT, grid};

    /// Counts every solution, keeping them, on `threads` threads.
    fn all(threads: usize, cubes: usize) -> Config {
        Config::default()
            .with_strategy(Strategy::Bfs)
            .with_learn(Learn::Cubes)
            .with_cubes(cubes)
            .with_threads(threads)
            .with_max_solutions(None)
            .with_keep_solutions(true)
            .with_max_nodes(None)
    }

    /// Splits `puzzle` into `n_shards` shards of `cubes` cubes or more, solves each, and checks
    /// that their solutions, put together, are the whole search's, each once, and in its
    /// shard's cubes.
    fn check(puzzle: &Grid, cubes: usize, n_shards: usize) -> Split {
        let config = all(2, cubes);
        let whole = solve(puzzle, &config);
        assert_eq!(whole.stop, Stop::Exhausted);
        let split = split(puzzle, &config, n_shards);
        assert!(split.shards.len() <= n_shards);
        assert_eq!(
            split.shards.iter().map(Cubes::len).sum::<usize>(),
            split.n_cubes()
        );
        let mut solutions = Vec::new();
        let mut total = 0;
        for shard in &split.shards {
            assert!(!shard.is_empty());
            let read = Cubes::parse(&shard.to_string(), puzzle.shape()).unwrap();
            assert_eq!(&read, shard, "the text reads back");
            let outcome = solve_cubes(puzzle, shard, &config);
            assert_eq!(outcome.stop, Stop::Exhausted);
            assert_eq!(outcome.stats.cubes, shard.len() as u64);
            for solution in &outcome.solutions {
                assert!(
                    shard.holds(solution),
                    "a solution lies in its shard's cubes"
                );
            }
            total += outcome.count;
            solutions.extend(outcome.solutions);
        }
        assert_eq!(total, whole.count);
        solutions.sort_unstable();
        assert_eq!(solutions, whole.solutions);
        split
    }

    #[test]
    fn the_shards_add_up_to_the_whole_search() {
        let split = check(&Grid::empty(Shape::new(2, 2).unwrap()), 10, 3);
        assert_eq!(split.shards.len(), 3);
        check(&Grid::empty(Shape::new(2, 2).unwrap()), 1000, 7);
        let puzzle = grid(
            "........1.....2.....1....34...........64......7....28....13.....9.......82....9..",
        );
        let split = check(&puzzle, 16, 3);
        assert_eq!((split.shards.len(), split.reached), (3, Reached::Cut));
        check(&puzzle, 5, 40);
        check(&grid(ESCARGOT), 8, 2);
    }

    #[test]
    fn one_shard_is_the_search_of_one_machine() {
        // Cut into 9 cubes at depth 4; the solution lies in one of them. The lanes of
        // --same-stats, whose figures are the same on every thread count.
        let puzzle = grid(ESCARGOT);
        let config = all(1, 8).with_same_stats(true);
        let whole = solve(&puzzle, &config);
        let split = split(&puzzle, &config, 1);
        assert_eq!(split.n_solutions, 0);
        assert_eq!((split.n_cubes(), split.depth), (9, 4));
        let shard = solve_cubes(&puzzle, &split.shards[0], &all(2, 8).with_same_stats(true));
        assert_eq!(shard.solutions, whole.solutions);
        // The same cubes in the same lanes: the same dead ends, whatever the threads.
        assert_eq!(shard.stats.cubes, whole.stats.cubes);
        assert_eq!(shard.stats.learned, whole.stats.learned);
        assert_eq!(shard.stats.cubes_refuted, whole.stats.cubes_refuted);
        assert_eq!(shard.stats.clauses_shared, whole.stats.clauses_shared);
        assert_eq!(shard.stats.rounds, whole.stats.rounds);
        // And with the search ended above the cut, the solution is a cube of its own.
        let ended = super::split(&puzzle, &all(1, 16), 5);
        assert_eq!((ended.reached, ended.n_cubes()), (Reached::Ended, 1));
        assert_eq!(ended.n_solutions, 1);
        check(&puzzle, 16, 5);
    }

    #[test]
    fn cubes_of_another_puzzle_find_nothing_wrong() {
        // r1c1 is given 1 in this puzzle: a cube that guesses 5 there holds no solution.
        let puzzle = grid(ESCARGOT);
        let given = puzzle.get(Shape::NINE.cell(0, 0).unwrap()).unwrap().get();
        let other = if given == 5 { 6 } else { 5 };
        let cubes = Cubes::parse(&format!("r1c1={other}"), Shape::NINE).unwrap();
        let outcome = solve_cubes(&puzzle, &cubes, &all(1, 4));
        assert_eq!((outcome.count, outcome.stop), (0, Stop::Exhausted));
    }

    #[test]
    fn the_reader_reads_a_shard_line_as_one_puzzle_with_its_cubes() {
        use crate::error::InputErrorKind;
        use crate::format;
        let text = format!(
            "# a shard\n{ESCARGOT} # cubes: r1c2=4,r1c3=5 all\n{ESCARGOT} # rated 9\n\
             {ESCARGOT} # cubes: r1c10=4\n{ESCARGOT}  #cubes:r9c9=9"
        );
        let items = format::parse(&text, "shards.txt");
        let cubes = |i: usize| {
            items[i]
                .as_ref()
                .unwrap()
                .cubes
                .as_ref()
                .map(ToString::to_string)
        };
        assert_eq!(cubes(0).as_deref(), Some("r1c2=4,r1c3=5 all"));
        assert_eq!(items[0].as_ref().unwrap().grid, grid(ESCARGOT));
        assert_eq!(cubes(1), None, "a comment of another kind");
        let error = items[2].as_ref().unwrap_err();
        assert!(matches!(error.kind, InputErrorKind::Cubes(_)), "{error}");
        assert_eq!((error.line, error.column), (4, 85), "at `cubes:`");
        assert_eq!(cubes(3).as_deref(), Some("r9c9=9"));
        assert_eq!(items.len(), 4);
    }

    #[test]
    fn guesses_that_do_not_fit_the_board_are_refused() {
        for bad in ["", "r0c1=1", "r1c1=10", "r1c1", "x", "r1c1=1,", "r1c+1=2"] {
            assert!(Cubes::parse(bad, Shape::NINE).is_err(), "{bad}");
        }
        let cubes = Cubes::parse("r9c9=9,r1c2=3  all", Shape::NINE).unwrap();
        assert_eq!(cubes.to_string(), "r9c9=9,r1c2=3 all");
    }
}
