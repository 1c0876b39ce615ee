//! The arguments of the class's subcommands, `explore generate` and `explore grade`: their
//! flags, help and the names they accept. What the subcommands do lives in the program's
//! `generate` and `grade` modules.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::Args;
use explore::generate::Symmetry;
use explore::geometry::Shape;
use explore::grade::Level;

use super::{ReadArgs, parse_positive, parse_shape, parse_threads};

pub(crate) const GENERATE_ABOUT: &str = "\
Generate puzzles with exactly one solution, of any size, on every core.

A full grid is drawn from the seed (a board with a few random givens solved, its digits renamed, \
its rows and columns shuffled within bands and stacks), then givens are removed in random order, \
each removal kept only while the engine still finds exactly one solution (counting to two; from \
25x25 on, looking for a solution other than the one the puzzle had). \
Puzzle i of a run depends only on the seed and i: the same seed gives the same puzzles on any \
number of threads. One puzzle per line, so that 'explore generate | explore' solves them.";

pub(crate) const GENERATE_AFTER_HELP: &str = "\
Exit status:
  0  every puzzle was made and written
  1  --timeout or --max-nodes ran out: the puzzles made before were written,
     and standard error says how many and which was not made
  2  a wrong argument (a size with no boxes, a symmetry the boxes cannot
     have, a number of givens no puzzle or no symmetric pattern has), a
     target not met within --tries, or output not written

Progress: a live line on a terminal; otherwise a line on standard error
every 5 seconds of a long run, and a closing one (none with --quiet).

Examples:
  Ten 4x4 puzzles for a class, the same ones every time:
    explore generate --size 4 -n 10 --seed 1
  A hard 9x9 with half-turn symmetry, and its sheet to print:
    explore generate --grade hard --symmetry rotate180 --svg sheet.svg
  Minimal 16x16 puzzles, solved again by explore:
    explore generate --size 16 --minimal -n 3 | explore --output line
";

/// The arguments of `explore generate`.
#[derive(Debug, Args)]
pub(crate) struct GenerateArgs {
    /// Side of the board: 4, 6, 8, 9, 10, 12, 16, 25, ... up to 64 [default: 9]
    ///
    /// The boxes are the squarest that fit, with no more rows than columns (6: 2x3); --box
    /// chooses others.
    #[arg(
        long,
        value_name = "N",
        conflicts_with = "shape",
        help_heading = "Puzzles"
    )]
    pub(crate) size: Option<usize>,

    /// Box shape, rows x columns, such as 3x2 (a 6x6 board of tall boxes)
    #[arg(
        long = "box",
        value_name = "RxC",
        value_parser = parse_shape,
        help_heading = "Puzzles"
    )]
    pub(crate) shape: Option<Shape>,

    /// How many puzzles
    #[arg(
        short = 'n',
        long = "count",
        value_name = "N",
        default_value_t = 1,
        value_parser = parse_positive::<usize>,
        help_heading = "Puzzles"
    )]
    pub(crate) count: usize,

    /// The seed: the same seed gives the same puzzles [default: drawn from the clock, and
    /// said on standard error]
    #[arg(long, value_name = "N", help_heading = "Puzzles")]
    pub(crate) seed: Option<u64>,

    /// Only puzzles from which no given can go without losing uniqueness
    ///
    /// Every removal is then checked to its end, however long its search (no
    /// --check-nodes): slow from 25x25 on.
    #[arg(long, help_heading = "Targets")]
    pub(crate) minimal: bool,

    /// Symmetry of the pattern of givens, at least
    #[arg(
        long,
        value_name = "SYMMETRY",
        default_value = "none",
        value_parser = symmetry_parser(),
        help_heading = "Targets"
    )]
    pub(crate) symmetry: Symmetry,

    /// Only puzzles of this level (explore grade --help has the scale)
    #[arg(long, value_name = "LEVEL", value_parser = level_parser(), help_heading = "Targets")]
    pub(crate) grade: Option<Level>,

    /// Exactly N givens
    #[arg(long, value_name = "N", help_heading = "Targets")]
    pub(crate) givens: Option<usize>,

    /// Grids drawn per puzzle before a target is given up [default: 1000 up to 9x9 (20000 for
    /// --minimal with a symmetry), 100 up to 16x16, 20 above]
    #[arg(
        long,
        value_name = "N",
        value_parser = parse_positive::<usize>,
        help_heading = "Targets",
        hide_short_help = true
    )]
    pub(crate) tries: Option<usize>,

    /// Worker threads, each making whole puzzles [default: the machine's cores]
    #[arg(short = 'j', long, value_name = "N", value_parser = parse_threads)]
    pub(crate) threads: Option<usize>,

    /// Give up on a puzzle whose searches expand more than N boards in all [default: no
    /// limit]
    ///
    /// Every search made for one puzzle counts: grids drawn, each removal checked, the grade.
    /// The puzzles made before it are written, and the run ends (exit status 1).
    #[arg(
        long,
        value_name = "N",
        value_parser = parse_positive::<u64>,
        help_heading = "Limits"
    )]
    pub(crate) max_nodes: Option<u64>,

    /// Keep a given whose removal's check needs more than N boards [default: 2000]
    ///
    /// Each search that checks a removal may expand N boards; one that needs more settles
    /// nothing, and the given stays. The puzzle is still proven unique, but may not be
    /// minimal: -o json's "unsettled" counts the givens kept so. Up to 16x16 no check comes
    /// near it; at 25x25 it turns many minutes into seconds. --minimal checks without it.
    #[arg(
        long,
        value_name = "N",
        value_parser = parse_positive::<u64>,
        conflicts_with = "minimal",
        help_heading = "Limits"
    )]
    pub(crate) check_nodes: Option<u64>,

    /// Stop the whole run after SECS seconds [default: no limit]
    ///
    /// Wall-clock time; fractions allowed, and inf (or none) for no limit. The puzzles made
    /// by then are written, and the run ends (exit status 1).
    #[arg(long, value_name = "SECS", value_parser = super::parse_seconds, help_heading = "Limits")]
    pub(crate) timeout: Option<std::time::Duration>,

    /// line: a puzzle per line; json: a puzzle per line with its solution and grade
    #[arg(
        short,
        long,
        value_name = "FORMAT",
        default_value = "line",
        value_parser = ["line", "json"],
        help_heading = "Output"
    )]
    pub(crate) output: String,

    /// Also draw a sheet to print: FILE the puzzles, FILE-solutions.svg their solutions
    #[arg(long, value_name = "FILE", help_heading = "Output")]
    pub(crate) svg: Option<PathBuf>,

    /// Print no notes on standard error; errors are still printed
    #[arg(short, long, help_heading = "Output")]
    pub(crate) quiet: bool,
}

pub(crate) fn symmetry_parser() -> impl clap::builder::TypedValueParser<Value = Symmetry> {
    super::named_parser(Symmetry::ALL, Symmetry::name, Symmetry::summary)
}

pub(crate) const GRADE_ABOUT: &str = "\
Grade puzzles: how hard each is, by what the search needs.

Each rule is tried alone, weakest first: the first that fills the whole grid without a guess \
sets the level. A puzzle no rule solves is extreme, and its evidence is the search that proves \
its solution unique under the strongest rule (subsets), learning from its dead ends from 25x25 \
on: guesses, boards and the deepest level of guesses. A puzzle with several solutions, or \
none, gets that verdict and no grade.";

pub(crate) const GRADE_AFTER_HELP: &str = "\
The scale (docs/class.md compares it with QQWing's ratings):
  easy     1  naked singles solve it (a cell with one candidate left)
  medium   2  hidden singles solve it (a digit with one place left in a unit)
  hard     3  locked candidates solve it
  expert   4  naked and hidden subsets solve it
  extreme  5  no rule solves it without guessing

Exit status:
  0  every puzzle was graded
  1  some puzzle has several solutions or none, or its search gave up
  2  some input could not be read, or the output could not be written

Examples:
  Grade the built-in demo puzzle (AI Escargot):
    explore grade
  Grade generated puzzles, as JSON:
    explore generate -n 5 --seed 1 | explore grade --output json
";

/// The arguments of `explore grade`.
#[derive(Debug, Args)]
pub(crate) struct GradeArgs {
    /// Files, '-' for standard input, or puzzles; none: piped input, else the demo
    #[arg(value_name = "INPUT")]
    pub(crate) inputs: Vec<OsString>,

    #[command(flatten)]
    pub(crate) read: ReadArgs,

    /// Give up on a puzzle's search after N boards [default: no limit]
    #[arg(long, value_name = "N", value_parser = super::parse_positive::<u64>)]
    pub(crate) max_nodes: Option<u64>,

    /// Worker threads, each grading whole puzzles [default: the machine's cores]
    #[arg(short = 'j', long, value_name = "N", value_parser = parse_threads)]
    pub(crate) threads: Option<usize>,

    /// human: a line per puzzle; json: an object per puzzle per line (docs/json.md)
    #[arg(
        short,
        long,
        value_name = "FORMAT",
        default_value = "human",
        value_parser = ["human", "json"],
        help_heading = "Output"
    )]
    pub(crate) output: String,

    /// Print no summary on standard error; errors are still printed
    #[arg(short, long, help_heading = "Output")]
    pub(crate) quiet: bool,
}

/// Accepts the level names, lists each with its summary in `--help`.
pub(crate) fn level_parser() -> impl clap::builder::TypedValueParser<Value = Level> {
    super::named_parser(Level::ALL, Level::name, Level::summary)
}
