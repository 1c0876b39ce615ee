//! Puzzles with exactly one solution, of every board shape, drawn from a seed.
//!
//! A puzzle is made in two steps, the same for every size:
//!
//! 1. **A full grid.** A board with a few random givens that break no rule (one per digit of the
//!    side, in random cells) is solved depth-first to its first solution; then the solution's
//!    digits are renamed at random, its rows shuffled within their bands and the bands among
//!    themselves, its columns within their stacks and the stacks, and, when the boxes are
//!    square, the grid is transposed or not at random. Each of these maps a solution to a
//!    solution, and together they spread the grids over the whole set, so that puzzles differ
//!    (a board whose random givens the search cannot finish within a small budget is drawn
//!    again; after a few failures the grid starts from a fixed pattern instead, which the same
//!    shuffles then spread).
//! 2. **Givens removed.** The cells are taken in random order, each with its images under the
//!    [`Symmetry`] asked for (its orbit), and an orbit's givens are removed if the puzzle keeps
//!    exactly one solution, as the engine's own [`solve`] says when it counts to two; from
//!    25x25 on, when it finds no solution with the grid's digit ruled out of an emptied cell,
//!    its guesses leaning to the grid's digits (`generate/unique.rs` says why that is the same
//!    check). Removing givens only adds solutions, so a given that could not go once can never
//!    go later: one pass without symmetry leaves a minimal puzzle. With a symmetry whole orbits
//!    go; a puzzle is then minimal only if no single given can go, which [`Options::minimal`]
//!    checks.
//!
//! Each search of a check has a budget of boards ([`Options::check_nodes`]); one that runs past
//! it keeps the givens it was checking ([`Generated::unsettled`] counts them). The puzzle is
//! still proven unique, since a given goes only when its check proved it could, but it may not
//! be minimal. Up to 16x16 no check comes near the budget; near the fewest givens of a 25x25
//! board a check can take tens of thousands of dead ends, most of them to find that the given
//! must stay anyway. [`Options::minimal`] lifts the budget, and proves every removal.
//!
//! A target number of givens stops the removal there; a target level ([`Level`]) keeps a removal
//! only while the level's rule still solves the puzzle without a guess, and the result must grade
//! at that level. A puzzle that misses a target is drawn again from a new grid, at most
//! [`Options::max_tries`] times, then [`GenerateError::Unmet`] says which target failed.
//!
//! The `i`-th puzzle of a run depends only on the seed and `i`: [`generate_with`] makes puzzles
//! on every thread and hands them back in order, the same for every thread count.
//!
//! A run may be bounded ([`Options::timeout`] for the whole run, [`Options::max_nodes`] for the
//! boards each puzzle's searches may expand in all, in `generate/limits.rs`): a puzzle whose
//! allowance runs out is not made, and [`GenerateError::Limit`] says which limit it was. Targets
//! that no puzzle can meet are refused before any work ([`Options::check`]).

mod limits;
mod unique;

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use limits::{Allowance, Spent};
use unique::{Check, Unique, unique_config};

use crate::geometry::{Digit, Shape};
use crate::grade::{self, Grade, Level};
use crate::{Config, Forced, Grid, Stop, Strategy, UnknownName, solve};

/// The symmetry of the pattern of givens; a puzzle has at least the one asked for.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Symmetry {
    /// No symmetry: every given is removed on its own.
    #[default]
    None,
    /// Turning the board half a turn leaves the pattern as it was.
    Rotate180,
    /// A quarter turn leaves the pattern as it was; only boards with square boxes, whose
    /// quarter turn maps boxes to boxes.
    Rotate90,
    /// The mirror image left to right leaves the pattern as it was.
    Mirror,
}

impl Symmetry {
    /// Every symmetry, in the order `--help` lists them.
    pub const ALL: &'static [Symmetry] = &[
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Mirror,
    ];

    /// The name used on the command line and in output.
    pub const fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Rotate90 => "rotate90",
            Symmetry::Mirror => "mirror",
        }
    }

    /// One line for `--help` and the docs.
    pub const fn summary(self) -> &'static str {
        match self {
            Symmetry::None => "givens anywhere",
            Symmetry::Rotate180 => "the pattern is the same after half a turn",
            Symmetry::Rotate90 => {
                "the pattern is the same after a quarter turn (square boxes only)"
            }
            Symmetry::Mirror => "the pattern is its own mirror image, left to right",
        }
    }

    /// Whether a board of `shape` can have this symmetry: a quarter turn of a board whose boxes
    /// are not square turns its boxes into boxes of another shape, so the turned pattern would
    /// not be a pattern of the same puzzle.
    pub const fn fits(self, shape: Shape) -> bool {
        !matches!(self, Symmetry::Rotate90) || shape.box_rows() == shape.box_cols()
    }

    /// The cells of `shape` in orbits: each cell with its images, in reading order, each orbit
    /// once.
    fn orbits(self, shape: Shape) -> Vec<Vec<usize>> {
        let side = shape.side();
        let last = side - 1;
        let mut seen = vec![false; shape.n_cells()];
        let mut orbits = Vec::new();
        for index in 0..shape.n_cells() {
            if seen[index] {
                continue;
            }
            let (row, col) = (index / side, index % side);
            let images: &[(usize, usize)] = match self {
                Symmetry::None => &[(row, col)],
                Symmetry::Rotate180 => &[(row, col), (last - row, last - col)],
                Symmetry::Rotate90 => &[
                    (row, col),
                    (col, last - row),
                    (last - row, last - col),
                    (last - col, row),
                ],
                Symmetry::Mirror => &[(row, col), (row, last - col)],
            };
            let mut orbit: Vec<usize> = images.iter().map(|&(r, c)| r * side + c).collect();
            orbit.sort_unstable();
            orbit.dedup();
            for &cell in &orbit {
                seen[cell] = true;
            }
            orbits.push(orbit);
        }
        orbits
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = UnknownName;

    fn from_str(text: &str) -> Result<Symmetry, UnknownName> {
        Symmetry::ALL
            .iter()
            .copied()
            .find(|symmetry| symmetry.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| {
                let names: Vec<&str> = Symmetry::ALL.iter().map(|s| s.name()).collect();
                UnknownName::new("symmetry", text, &names)
            })
    }
}

/// What to generate.
///
/// ```
/// use explore::generate::{self, Options};
/// use explore::geometry::Shape;
///
/// let options = Options::default()
///     .with_shape("2x2".parse()?)
///     .with_count(3)
///     .with_seed(7)
///     .with_threads(1);
/// let puzzles = generate::generate(&options)?;
/// assert_eq!(puzzles.len(), 3);
/// for made in &puzzles {
///     assert!(made.solution.is_solution_of(&made.puzzle));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Options {
    /// The board: its box shape.
    pub shape: Shape,
    /// How many puzzles.
    pub count: usize,
    /// The seed: the same seed gives the same puzzles.
    pub seed: u64,
    /// The symmetry of the givens' pattern.
    pub symmetry: Symmetry,
    /// Only puzzles from which no given can go without losing uniqueness.
    pub minimal: bool,
    /// Exactly this many givens.
    pub givens: Option<usize>,
    /// Only puzzles of this level ([`crate::grade`]).
    pub level: Option<Level>,
    /// Grids drawn for one puzzle before a target is given up; `None`: a default for the size
    /// and targets ([`Options::tries`]).
    pub max_tries: Option<usize>,
    /// Threads making puzzles at once (each puzzle on one); at least 1.
    pub threads: usize,
    /// How long the whole run may take ([`generate_with`]; for [`puzzle`], that puzzle):
    /// puzzles not made by then are not made. `None`: no limit.
    pub timeout: Option<Duration>,
    /// Boards that the searches made for one puzzle may expand in all (grids drawn, removals
    /// checked, the grade); a puzzle that needs more is not made. `None`: no limit.
    pub max_nodes: Option<u64>,
    /// Boards that one search of a removal's check may expand: a check that needs more keeps
    /// the givens it was checking ([`Generated::unsettled`]), so the puzzle stays unique but
    /// may not be minimal. `None`: every check runs to its end. A [`Options::minimal`] puzzle
    /// is checked without it. Default: [`CHECK_NODES`].
    pub check_nodes: Option<u64>,
}

/// The default of [`Options::check_nodes`]: a tenth of a second or so of a 25x25 check. Up to
/// 16x16 no check comes near it, so there every removal is settled; at 25x25 it keeps a few
/// givens more than a minimal puzzle has, and makes a puzzle in seconds rather than in many
/// minutes (docs/benchmarks.md, "Generating puzzles").
pub const CHECK_NODES: u64 = 2_000;

impl Default for Options {
    fn default() -> Options {
        Options {
            shape: Shape::NINE,
            count: 1,
            seed: 0,
            symmetry: Symmetry::None,
            minimal: false,
            givens: None,
            level: None,
            max_tries: None,
            threads: Config::default().threads,
            timeout: None,
            max_nodes: None,
            check_nodes: Some(CHECK_NODES),
        }
    }
}

/// A setter per field, for building [`Options`] in one expression.
macro_rules! setters {
    ($($(#[$doc:meta])* $name:ident: $field:ident: $ty:ty;)+) => {
        $(
            $(#[$doc])*
            #[must_use]
            pub fn $name(mut self, $field: $ty) -> Options {
                self.$field = $field;
                self
            }
        )+
    };
}

impl Options {
    setters! {
        /// Sets [`Options::shape`].
        with_shape: shape: Shape;
        /// Sets [`Options::count`].
        with_count: count: usize;
        /// Sets [`Options::seed`].
        with_seed: seed: u64;
        /// Sets [`Options::symmetry`].
        with_symmetry: symmetry: Symmetry;
        /// Sets [`Options::minimal`].
        with_minimal: minimal: bool;
        /// Sets [`Options::givens`].
        with_givens: givens: Option<usize>;
        /// Sets [`Options::level`].
        with_level: level: Option<Level>;
        /// Sets [`Options::max_tries`].
        with_max_tries: max_tries: Option<usize>;
        /// Sets [`Options::threads`].
        with_threads: threads: usize;
        /// Sets [`Options::timeout`].
        with_timeout: timeout: Option<Duration>;
        /// Sets [`Options::max_nodes`].
        with_max_nodes: max_nodes: Option<u64>;
        /// Sets [`Options::check_nodes`].
        with_check_nodes: check_nodes: Option<u64>;
    }

    /// Grids drawn for one puzzle before a target is given up: [`Options::max_tries`], or its
    /// default for the board's size: 1,000 up to 9x9, 100 up to 16x16, 20 above; up to 9x9,
    /// 20,000 for a minimal puzzle with a symmetry, which about one grid in 2,000 gives with a
    /// quarter turn (each try takes a tenth of a millisecond there).
    pub fn tries(&self) -> usize {
        self.max_tries.unwrap_or(match self.shape.side() {
            0..=9 if self.minimal && self.symmetry != Symmetry::None => 20_000,
            0..=9 => 1000,
            10..=16 => 100,
            _ => 20,
        })
    }

    /// Whether a puzzle must be drawn again until it meets a target: a number of givens, a
    /// level, or minimality that one pass does not prove.
    fn has_target(&self) -> bool {
        self.givens.is_some()
            || self.level.is_some()
            || (self.minimal && self.symmetry != Symmetry::None)
    }

    /// Checks what can be checked before any work: the symmetry fits the shape, and the number
    /// of givens is one a unique puzzle can have (at least one less than the side, since a
    /// puzzle missing two digits can swap them, and at most every cell).
    pub fn check(&self) -> Result<(), GenerateError> {
        let shape = self.shape;
        if !self.symmetry.fits(shape) {
            return Err(GenerateError::Symmetry {
                symmetry: self.symmetry,
                shape,
            });
        }
        if let Some(givens) = self.givens {
            let least = shape.side().saturating_sub(1);
            if givens < least || givens > shape.n_cells() {
                return Err(GenerateError::Givens {
                    givens,
                    shape,
                    least,
                });
            }
            let orbits = Orbits::of(self.symmetry, shape);
            if !orbits.reach(givens) {
                let below = (0..givens).rev().find(|&n| orbits.reach(n) && n >= least);
                let above = (givens..=shape.n_cells()).find(|&n| orbits.reach(n));
                return Err(GenerateError::Orbits {
                    givens,
                    symmetry: self.symmetry,
                    shape,
                    sizes: orbits.sizes(),
                    nearest: [below, above].into_iter().flatten().collect(),
                });
            }
        }
        Ok(())
    }
}

/// How many orbits of each size (1, 2 and 4 cells) a symmetry cuts a board into: the givens of
/// a symmetric pattern are a sum of whole orbits.
struct Orbits {
    by_size: [usize; 5],
}

impl Orbits {
    fn of(symmetry: Symmetry, shape: Shape) -> Orbits {
        let mut by_size = [0; 5];
        for orbit in symmetry.orbits(shape) {
            by_size[orbit.len()] += 1;
        }
        Orbits { by_size }
    }

    /// Whether whole orbits can make `givens` cells.
    fn reach(&self, givens: usize) -> bool {
        let [_, ones, twos, _, fours] = self.by_size;
        (0..=fours.min(givens / 4)).any(|four| {
            let rest = givens - 4 * four;
            (0..=twos.min(rest / 2)).any(|two| rest - 2 * two <= ones)
        })
    }

    /// The sizes of the orbits, smallest first.
    fn sizes(&self) -> Vec<usize> {
        (1..self.by_size.len())
            .filter(|&size| self.by_size[size] > 0)
            .collect()
    }
}

/// A puzzle made, with its solution and grade.
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Generated {
    /// Its place in the run, from 0.
    pub index: usize,
    /// The givens.
    pub puzzle: Grid,
    /// Its one solution.
    pub solution: Grid,
    /// Its grade.
    pub grade: Grade,
    /// Grids drawn to make it: 1 unless a target turned some away.
    pub tries: usize,
    /// Givens kept because a search of their removal's check ran past
    /// [`Options::check_nodes`]: the puzzle may have fewer givens and stay unique. 0 when
    /// every check settled, and then a puzzle made without symmetry or level is minimal.
    pub unsettled: usize,
}

/// Why puzzles could not be made.
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum GenerateError {
    /// A symmetry the board cannot have.
    #[error(
        "{} {shape} board cannot have {symmetry} symmetry: a quarter turn needs square \
         boxes (try rotate180 or mirror)",
        crate::words::article(shape.side() as u128)
    )]
    Symmetry {
        /// The symmetry asked for.
        symmetry: Symmetry,
        /// The board.
        shape: Shape,
    },
    /// A number of givens no unique puzzle of the board has.
    #[error(
        "no {shape} puzzle with {givens} givens has one solution: it takes {least} to {} givens",
        shape.n_cells()
    )]
    Givens {
        /// The number asked for.
        givens: usize,
        /// The board.
        shape: Shape,
        /// The fewest a unique puzzle may have.
        least: usize,
    },
    /// A number of givens that no pattern with the symmetry has: its cells go in whole orbits
    /// (a cell and its images), and no sum of orbits makes that number.
    #[error(
        "{} {} board with {symmetry} symmetry cannot have {givens} givens: they come in \
         orbits of {} cells (a cell with its images), so {}",
        crate::words::article(shape.side() as u128),
        words_side(*shape),
        orbit_words(sizes),
        nearest_words(nearest)
    )]
    Orbits {
        /// The number asked for.
        givens: usize,
        /// The symmetry asked for.
        symmetry: Symmetry,
        /// The board.
        shape: Shape,
        /// The sizes of its orbits, smallest first.
        sizes: Vec<usize>,
        /// The nearest numbers of givens below and above that orbits make.
        nearest: Vec<usize>,
    },
    /// A limit of the run ran out before the puzzle was made.
    #[error("puzzle {}: not made: {limit}", index + 1)]
    Limit {
        /// The puzzle's place in the run, from 0.
        index: usize,
        /// The limit.
        limit: Limit,
    },
    /// No grid drawn gave a puzzle that met the targets.
    #[error("puzzle {}: {tries} grids drawn, none gave {wanted}{}", index + 1,
        fewest.map(|n| format!(" (the fewest givens reached: {n})")).unwrap_or_default())]
    Unmet {
        /// The puzzle's place in the run, from 0.
        index: usize,
        /// Grids drawn.
        tries: usize,
        /// The targets, in words.
        wanted: String,
        /// The fewest givens a try reached, when a number of givens was asked for.
        fewest: Option<usize>,
    },
}

/// A limit of a run that ran out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Limit {
    /// [`Options::timeout`].
    Time(Duration),
    /// [`Options::max_nodes`].
    Nodes(u64),
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Time(time) => write!(
                f,
                "the time limit of {} s ran out",
                (time.as_secs_f64() * 1000.0).round() / 1000.0
            ),
            Limit::Nodes(n) => write!(f, "its searches reached the limit of {n} boards"),
        }
    }
}

/// `16x16`.
fn words_side(shape: Shape) -> String {
    format!("{0}x{0}", shape.side())
}

/// `2`, `1 and 4`.
fn orbit_words(sizes: &[usize]) -> String {
    let names: Vec<String> = sizes.iter().map(ToString::to_string).collect();
    names.join(" and ")
}

/// What numbers of givens are near: `the nearest are 100 and 102`.
fn nearest_words(nearest: &[usize]) -> String {
    match nearest {
        [] => "no number of givens does".to_owned(),
        [one] => format!("the nearest that can be is {one}"),
        [below, above, ..] => format!("the nearest that can be are {below} and {above}"),
    }
}

/// A seeded xorshift64* generator: enough for shuffles, and the same on every platform.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        // The multiplier spreads small seeds; the state must never be zero.
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The stream of the `index`-th puzzle of a run from `seed`: two puzzles' streams share
    /// nothing, and neither depends on how many threads make them.
    fn stream(seed: u64, index: usize) -> Rng {
        Rng::new(mix(seed ^ mix(index as u64 + 1)))
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

/// SplitMix64's finaliser: close seeds give unrelated results.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Whether `puzzle` has exactly one solution, by the engine counting to two.
pub fn is_unique(puzzle: &Grid) -> bool {
    let outcome = solve(puzzle, &unique_config(puzzle.shape()));
    outcome.stop == Stop::Exhausted && outcome.count == 1
}

/// Whether `puzzle` has exactly one solution and no given can go without losing it.
pub fn is_minimal(puzzle: &Grid) -> bool {
    let shape = puzzle.shape();
    let outcome = solve(puzzle, &unique_config(shape).with_keep_solutions(true));
    let [solution] = &outcome.solutions[..] else {
        return false;
    };
    let unique = Unique::new(shape, None);
    outcome.stop == Stop::Exhausted
        && matches!(
            removable(puzzle, solution, &unique, &mut Allowance::unlimited()),
            Ok(None)
        )
}

/// The first given (a reading-order index) whose removal leaves `puzzle`, whose one solution
/// is `solution`, with one solution.
fn removable(
    puzzle: &Grid,
    solution: &Grid,
    unique: &Unique,
    allowance: &mut Allowance,
) -> Result<Option<usize>, Spent> {
    let mut values = puzzle.as_slice().to_vec();
    for index in 0..values.len() {
        let digit = values[index];
        if digit == 0 {
            continue;
        }
        values[index] = 0;
        let emptied = Grid::from_values(puzzle.shape(), &values);
        values[index] = digit;
        // A check that settles nothing does not prove the given must stay.
        if unique.keeps(&emptied, &[index], solution, allowance)? != Check::Multiple {
            return Ok(Some(index));
        }
    }
    Ok(None)
}

/// A random full grid of `shape` from `seed` (step 1 of the module's docs): the grid that the
/// puzzles of that seed start from, for a look at how grids are drawn.
pub fn random_solution(shape: Shape, seed: u64) -> Grid {
    draw_solution(shape, &mut Rng::new(mix(seed)), &mut Allowance::unlimited())
        .expect("no limit runs out")
}

/// Boards with random givens tried before the pattern grid stands in.
const SEED_TRIES: usize = 20;

fn draw_solution(shape: Shape, rng: &mut Rng, allowance: &mut Allowance) -> Result<Grid, Spent> {
    let config = Config::default()
        .with_strategy(Strategy::Dfs)
        .with_threads(1)
        .with_max_solutions(Some(1))
        .with_max_nodes(Some(10 * shape.n_cells() as u64));
    for _ in 0..SEED_TRIES {
        let mut seeds = Grid::empty(shape);
        for _ in 0..shape.side() {
            let index = rng.below(shape.n_cells());
            let free = free_digits(&seeds, index);
            if !free.is_empty() {
                let cell = shape.cell_at(index).expect("on the board");
                seeds.set(cell, Some(free[rng.below(free.len())]));
            }
        }
        let outcome = allowance.solve(&seeds, &config)?;
        if let [solution] = &outcome.solutions[..] {
            return Ok(scramble(solution, rng));
        }
    }
    Ok(scramble(&pattern(shape), rng))
}

/// The grid whose row `r` is the first row shifted by `r`'s place among the bands: a solution
/// of every shape.
fn pattern(shape: Shape) -> Grid {
    let (rows, cols, side) = (shape.box_rows(), shape.box_cols(), shape.side());
    let cells = shape.cells().map(|cell| {
        let shift = (cell.row() % rows) * cols + cell.row() / rows;
        shape.digit((shift + cell.col()) % side + 1)
    });
    Grid::from_digits(shape, cells).expect("same shape")
}

/// The digits no peer of the cell at `index` holds, if it is empty.
fn free_digits(grid: &Grid, index: usize) -> Vec<Digit> {
    let shape = grid.shape();
    let values = grid.as_slice();
    if values[index] != 0 {
        return Vec::new();
    }
    let peers = shape.geometry().peers(index);
    shape
        .digits()
        .filter(|&digit| {
            !peers
                .iter()
                .any(|&peer| usize::from(values[usize::from(peer)]) == digit.get())
        })
        .collect()
}

/// `grid` with its digits renamed, its rows shuffled within bands and its bands shuffled, its
/// columns within stacks and its stacks, and transposed or not when its boxes are square: a
/// solution stays a solution.
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
    let transpose = box_rows == box_cols && rng.below(2) == 1;
    let side = shape.side();
    let values = grid.as_slice();
    let cells: Vec<u8> = (0..shape.n_cells())
        .map(|index| {
            let (mut row, mut col) = (index / side, index % side);
            if transpose {
                (row, col) = (col, row);
            }
            let value = values[rows[row] * side + cols[col]];
            names[usize::from(value) - 1] as u8 + 1
        })
        .collect();
    Grid::from_values(shape, &cells)
}

/// `solution` with its orbits' givens removed in `rng`'s order while the puzzle keeps one
/// solution (`unique`), or one that the level's rule reaches without a guess, until `stop_at`
/// givens are left if given; and how many givens stayed because their check was unsettled.
fn reduce(
    solution: &Grid,
    orbits: &mut [Vec<usize>],
    stop_at: Option<usize>,
    rule: Option<Forced>,
    rng: &mut Rng,
    unique: &Unique,
    allowance: &mut Allowance,
) -> Result<(Grid, usize), Spent> {
    let shape = solution.shape();
    rng.shuffle(orbits);
    let mut unsettled = 0;
    let mut values = solution.as_slice().to_vec();
    let mut filled = shape.n_cells();
    let mut saved = Vec::new();
    for orbit in orbits.iter() {
        if let Some(target) = stop_at {
            if filled <= target {
                break;
            }
            if filled - orbit.len() < target {
                continue;
            }
        }
        saved.clear();
        saved.extend(orbit.iter().map(|&cell| values[cell]));
        for &cell in orbit {
            values[cell] = 0;
        }
        let puzzle = Grid::from_values(shape, &values);
        let keeps = match rule {
            Some(rule) => {
                allowance.check()?;
                grade::solves_without_guessing(&puzzle, rule)
            }
            None => match unique.keeps(&puzzle, orbit, solution, allowance)? {
                Check::Unique => true,
                Check::Multiple => false,
                Check::Unsettled => {
                    unsettled += orbit.len();
                    false
                }
            },
        };
        if keeps {
            filled -= orbit.len();
        } else {
            for (&cell, &value) in orbit.iter().zip(&saved) {
                values[cell] = value;
            }
        }
    }
    Ok((Grid::from_values(shape, &values), unsettled))
}

/// The `index`-th puzzle of a run: a function of the options and `index` alone, unless a limit
/// runs out first ([`Options::timeout`], counted from now, and [`Options::max_nodes`]).
pub fn puzzle(options: &Options, index: usize) -> Result<Generated, GenerateError> {
    options.check()?;
    make(options, index, deadline(options.timeout))
}

/// The moment `timeout` from now ends, if it is one a clock can name.
fn deadline(timeout: Option<Duration>) -> Option<Instant> {
    timeout.and_then(|timeout| Instant::now().checked_add(timeout))
}

/// [`puzzle`] by `deadline`, within its budget of boards; the error names the limit that ran
/// out.
fn make(
    options: &Options,
    index: usize,
    deadline: Option<Instant>,
) -> Result<Generated, GenerateError> {
    let mut allowance = Allowance::new(deadline, options.max_nodes);
    attempt(options, index, &mut allowance).map_err(|spent| GenerateError::Limit {
        index,
        limit: match spent {
            Spent::Time => Limit::Time(options.timeout.unwrap_or_default()),
            Spent::Nodes => Limit::Nodes(options.max_nodes.unwrap_or_default()),
        },
    })?
}

/// The tries of [`puzzle`] within `allowance`: the outer error says it ran out.
fn attempt(
    options: &Options,
    index: usize,
    allowance: &mut Allowance,
) -> Result<Result<Generated, GenerateError>, Spent> {
    let shape = options.shape;
    let mut rng = Rng::stream(options.seed, index);
    let mut orbits = options.symmetry.orbits(shape);
    let rule = options.level.and_then(Level::rule);
    // A minimal puzzle is taken whole, then counted; otherwise the removal stops at the target.
    let stop_at = if options.minimal {
        None
    } else {
        options.givens
    };
    let tries = if options.has_target() {
        options.tries()
    } else {
        1
    };
    let mut fewest: Option<usize> = None;
    // A minimal puzzle is proven so: its checks run to their end.
    let budget = if options.minimal {
        None
    } else {
        options.check_nodes
    };
    let unique = Unique::new(shape, budget);
    for attempt in 1..=tries {
        let solution = draw_solution(shape, &mut rng, allowance)?;
        let (puzzle, unsettled) = reduce(
            &solution,
            &mut orbits,
            stop_at,
            rule,
            &mut rng,
            &unique,
            allowance,
        )?;
        let n = puzzle.n_filled();
        fewest = Some(fewest.map_or(n, |least| least.min(n)));
        if options.givens.is_some_and(|givens| givens != n) {
            continue;
        }
        // Without symmetry one pass is minimal (module docs) unless a rule or an unsettled
        // check held a given back.
        let proven = options.symmetry == Symmetry::None && rule.is_none() && unsettled == 0;
        if options.minimal
            && !proven
            && removable(&puzzle, &solution, &unique, allowance)?.is_some()
        {
            continue;
        }
        let grade = allowance.grade(&puzzle)?;
        if options
            .level
            .is_some_and(|level| grade.verdict.level() != Some(level))
        {
            continue;
        }
        debug_assert_eq!(grade.solution.as_ref(), Some(&solution));
        return Ok(Ok(Generated {
            index,
            puzzle,
            solution,
            grade,
            tries: attempt,
            unsettled,
        }));
    }
    Ok(Err(GenerateError::Unmet {
        index,
        tries,
        wanted: wanted(options),
        fewest: options.givens.and(fewest),
    }))
}

/// The targets in words: `a minimal puzzle with 24 givens at level hard`.
fn wanted(options: &Options) -> String {
    let mut text = String::from(if options.minimal {
        "a minimal puzzle"
    } else {
        "a puzzle"
    });
    if options.symmetry != Symmetry::None {
        text.push_str(&format!(" with {} symmetry", options.symmetry));
    }
    if let Some(givens) = options.givens {
        text.push_str(&format!(" with {givens} givens"));
    }
    if let Some(level) = options.level {
        text.push_str(&format!(" at level {level}"));
    }
    text
}

/// Every puzzle the options ask for, in order; the first failure if one cannot be made.
pub fn generate(options: &Options) -> Result<Vec<Generated>, GenerateError> {
    let mut made = Vec::with_capacity(options.count);
    generate_with(options, |puzzle| {
        made.push(puzzle);
        true
    })?;
    Ok(made)
}

/// Most puzzles made ahead of the one the caller waits for, per thread: results wait in order
/// in a bounded window.
const AHEAD: usize = 16;

/// Makes the puzzles the options ask for on [`Options::threads`] threads and hands each to
/// `each` in order, on the calling thread; `each` returns `false` to stop. The first puzzle that
/// cannot be made ends the run with its error, after every puzzle before it was handed over.
pub fn generate_with(
    options: &Options,
    mut each: impl FnMut(Generated) -> bool,
) -> Result<(), GenerateError> {
    options.check()?;
    if options.count == 0 {
        return Ok(());
    }
    let threads = options
        .threads
        .clamp(1, Config::MAX_THREADS)
        .min(options.count.max(1));
    let deadline = deadline(options.timeout);
    let window = AHEAD * threads;
    let (task_tx, task_rx) = crossbeam_channel::bounded::<usize>(window);
    let (done_tx, done_rx) = crossbeam_channel::unbounded();
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (tasks, done, stop) = (task_rx.clone(), done_tx.clone(), &stop);
            scope.spawn(move || {
                for index in tasks {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    if done.send((index, make(options, index, deadline))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        let mut next_task = 0;
        while next_task < options.count.min(window) {
            task_tx.send(next_task).expect("the workers wait for tasks");
            next_task += 1;
        }
        let mut waiting = BTreeMap::new();
        let mut next = 0;
        let mut result = Ok(());
        'receive: for (index, made) in &done_rx {
            waiting.insert(index, made);
            while let Some(made) = waiting.remove(&next) {
                next += 1;
                let go_on = match made {
                    Ok(made) => each(made),
                    Err(error) => {
                        result = Err(error);
                        false
                    }
                };
                if !go_on || next == options.count {
                    break 'receive;
                }
                if next_task < options.count {
                    // At most `window` tasks are out, so the channel has room.
                    let _ = task_tx.send(next_task);
                    next_task += 1;
                }
            }
        }
        stop.store(true, Ordering::Relaxed);
        drop(task_tx);
        result
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(text: &str) -> Shape {
        text.parse().unwrap()
    }

    #[test]
    fn orbits_cover_the_board_once_and_map_to_themselves() {
        for text in ["2x2", "2x3", "3x3", "3x4"] {
            let shape = shape(text);
            for &symmetry in Symmetry::ALL {
                if !symmetry.fits(shape) {
                    assert_eq!(symmetry, Symmetry::Rotate90);
                    continue;
                }
                let orbits = symmetry.orbits(shape);
                let mut cells: Vec<usize> = orbits.concat();
                cells.sort_unstable();
                assert_eq!(cells, (0..shape.n_cells()).collect::<Vec<_>>());
                let largest = orbits.iter().map(Vec::len).max().unwrap();
                let expected = match symmetry {
                    Symmetry::None => 1,
                    Symmetry::Rotate90 => 4,
                    _ => 2,
                };
                assert_eq!(largest, expected, "{symmetry} on {text}");
            }
        }
    }

    #[test]
    fn pattern_and_drawn_grids_are_solutions_and_differ() {
        for text in ["2x2", "2x3", "3x2", "3x3", "2x4", "3x4", "4x4", "1x5"] {
            let shape = shape(text);
            assert!(pattern(shape).is_solution_of(&Grid::empty(shape)), "{text}");
            let grids: Vec<Grid> = (0..8).map(|seed| random_solution(shape, seed)).collect();
            for grid in &grids {
                assert!(grid.is_solution_of(&Grid::empty(shape)), "{text}: {grid:?}");
            }
            let mut distinct = grids.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), grids.len(), "{text}");
        }
    }

    #[test]
    fn a_puzzle_depends_on_the_seed_and_its_index_only() {
        let options = Options::default().with_shape(shape("2x3")).with_seed(11);
        let a = puzzle(&options, 3).unwrap();
        let b = puzzle(&options.clone().with_threads(7).with_count(50), 3).unwrap();
        assert_eq!(a, b);
        assert_ne!(a.puzzle, puzzle(&options, 4).unwrap().puzzle);
    }

    #[test]
    fn targets_that_cannot_be_met_say_so() {
        let four = Options::default().with_shape(shape("2x2"));
        assert!(matches!(
            four.clone().with_givens(Some(2)).check(),
            Err(GenerateError::Givens { least: 3, .. })
        ));
        assert!(matches!(
            Options::default()
                .with_shape(shape("2x3"))
                .with_symmetry(Symmetry::Rotate90)
                .check(),
            Err(GenerateError::Symmetry { .. })
        ));
        // No 4x4 puzzle with three givens has one solution; ten tries end the search.
        let error = puzzle(&four.with_givens(Some(3)).with_max_tries(Some(10)), 0).unwrap_err();
        assert!(
            matches!(error, GenerateError::Unmet { tries: 10, .. }),
            "{error}"
        );
        assert!(error.to_string().contains("3 givens"), "{error}");
    }

    #[test]
    fn givens_that_whole_orbits_cannot_make_are_refused_before_any_work() {
        let sixteen = Options::default().with_shape(shape("4x4"));
        let half_turn = sixteen.clone().with_symmetry(Symmetry::Rotate180);
        let error = half_turn
            .clone()
            .with_givens(Some(101))
            .check()
            .unwrap_err();
        assert!(
            matches!(&error, GenerateError::Orbits { nearest, sizes, .. }
                if nearest == &[100, 102] && sizes == &[2]),
            "{error}"
        );
        assert_eq!(half_turn.with_givens(Some(100)).check(), Ok(()));
        // An odd side has a centre, an orbit of one cell: odd counts can be made.
        let nine = Options::default().with_symmetry(Symmetry::Rotate180);
        assert_eq!(nine.clone().with_givens(Some(25)).check(), Ok(()));
        let quarter = nine.with_symmetry(Symmetry::Rotate90);
        let error = quarter.clone().with_givens(Some(26)).check().unwrap_err();
        assert!(
            error
                .to_string()
                .contains("the nearest that can be are 25 and 28"),
            "{error}"
        );
        assert_eq!(quarter.with_givens(Some(29)).check(), Ok(()));
        assert!(
            sixteen
                .with_symmetry(Symmetry::Mirror)
                .with_givens(Some(99))
                .check()
                .is_err()
        );
    }

    #[test]
    fn a_puzzle_whose_limit_runs_out_is_not_made_and_says_which() {
        let now = Options::default().with_timeout(Some(Duration::ZERO));
        assert!(matches!(
            puzzle(&now, 0),
            Err(GenerateError::Limit {
                index: 0,
                limit: Limit::Time(_)
            })
        ));
        let few = Options::default().with_max_nodes(Some(10)).with_count(3);
        let mut made = Vec::new();
        let error = generate_with(&few, |puzzle| {
            made.push(puzzle);
            true
        })
        .unwrap_err();
        assert_eq!(
            error,
            GenerateError::Limit {
                index: 0,
                limit: Limit::Nodes(10)
            }
        );
        assert!(made.is_empty());
        assert!(error.to_string().contains("limit of 10 boards"), "{error}");
        // A budget that is not reached changes nothing.
        let four = Options::default().with_shape(shape("2x2")).with_seed(3);
        let bounded = four.clone().with_max_nodes(Some(1_000_000));
        assert_eq!(puzzle(&four, 2), puzzle(&bounded, 2));
    }
}
