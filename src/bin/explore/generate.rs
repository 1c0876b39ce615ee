//! `explore generate`: puzzles with one solution, drawn from a seed, one per line (or JSON),
//! and with `--svg` a sheet to print, puzzles on one page and solutions on another.
//!
//! [`explore::generate`] makes the puzzles, on every thread, in order; this module turns the
//! flags into its options, writes each puzzle as it comes, draws the live line of a long run,
//! and says on standard error what a user should know (the seed drawn, a box shape the lines do
//! not carry).

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, SystemTime};

use clap::Args;
use explore::generate::{self, Generated, Options, Symmetry};
use explore::geometry::Shape;
use explore::grade::Level;
use indicatif::{ProgressBar, ProgressStyle};

use crate::cli::{parse_positive, parse_shape, parse_threads};
use crate::grade::{Evidence, level_parser};
use crate::sheet;
use crate::tally::{EXIT_INPUT, EXIT_OK};

pub(crate) const ABOUT: &str = "\
Generate puzzles with exactly one solution, of any size, on every core.

A full grid is drawn from the seed (a board with a few random givens solved, its digits renamed, \
its rows and columns shuffled within bands and stacks), then givens are removed in random order, \
each removal kept only while the engine, counting solutions to two, still finds exactly one. \
Puzzle i of a run depends only on the seed and i: the same seed gives the same puzzles on any \
number of threads. One puzzle per line, so that 'explore generate | explore' solves them.";

pub(crate) const AFTER_HELP: &str = "\
Exit status:
  0  every puzzle was made and written
  2  a wrong argument (a size with no boxes, a symmetry the boxes cannot have, a number
     of givens no puzzle has), a target not met within --tries, or output not written

Examples:
  Ten 4x4 puzzles for a class, the same ones every time:
    explore generate --size 4 -n 10 --seed 1
  A hard 9x9 with half-turn symmetry, and its sheet to print:
    explore generate --grade hard --symmetry rotate180 --svg sheet.svg
  Minimal 16x16 puzzles, solved again by explore:
    explore generate --size 16 --minimal -n 3 | explore - --output line
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

    /// Grids drawn per puzzle before a target is given up [default: 1000 up to 9x9, 100 up
    /// to 16x16, 20 above]
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

fn symmetry_parser() -> impl clap::builder::TypedValueParser<Value = Symmetry> {
    crate::cli::named_parser(Symmetry::ALL, Symmetry::name, Symmetry::summary)
}

/// The board the flags ask for, or why there is none.
fn shape(args: &GenerateArgs) -> Result<Shape, String> {
    let shape = match (args.shape, args.size) {
        (Some(shape), _) => shape,
        (None, None) => Shape::NINE,
        (None, Some(size)) => Shape::for_side(size)
            .ok_or_else(|| format!("--size {size}: a board's side is 4 to {}", Shape::MAX_SIDE))?,
    };
    if shape.side() < 4 || shape.box_rows() < 2 || shape.box_cols() < 2 {
        let asked = match args.size {
            Some(size) if args.shape.is_none() => format!("--size {size}"),
            _ => format!("--box {}x{}", shape.box_rows(), shape.box_cols()),
        };
        return Err(format!(
            "{asked}: no Sudoku board: its boxes would be {}x{}, and a box needs at least two \
             rows and two columns (sides such as 4, 6, 8, 9, 10, 12, 16, 25 have them)",
            shape.box_rows(),
            shape.box_cols()
        ));
    }
    Ok(shape)
}

/// A seed from the clock, for a run that named none.
fn clock_seed() -> u64 {
    let now = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap_or_default();
    (now.as_nanos() % 1_000_000_000_000) as u64
}

/// Makes the puzzles `args` ask for and writes them; returns the exit status.
pub(crate) fn run(args: &GenerateArgs) -> u8 {
    let fail = |message: &dyn std::fmt::Display| {
        eprintln!("explore: generate: {message}");
        EXIT_INPUT
    };
    let shape = match shape(args) {
        Ok(shape) => shape,
        Err(message) => return fail(&message),
    };
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut options = Options::default()
        .with_shape(shape)
        .with_count(args.count)
        .with_seed(seed)
        .with_symmetry(args.symmetry)
        .with_minimal(args.minimal)
        .with_givens(args.givens)
        .with_level(args.grade)
        .with_max_tries(args.tries);
    if let Some(threads) = args.threads {
        options = options.with_threads(threads);
    }
    if let Err(error) = options.check() {
        return fail(&error);
    }
    if let Some(path) = &args.svg {
        if let Err(message) = crate::files::check_outputs(
            &[],
            &[("--svg", path), ("--svg", &sheet::solutions_path(path))],
        ) {
            return fail(&message);
        }
    }
    if !args.quiet {
        if args.seed.is_none() {
            eprintln!("explore: generate: seed {seed} (--seed {seed} makes these puzzles again)");
        }
        if crate::split::needs_box(shape) && args.output == "line" {
            eprintln!(
                "explore: generate: read these puzzles with --box {}x{}: their lines do not \
                 say the box shape",
                shape.box_rows(),
                shape.box_cols()
            );
        }
    }

    let bar = live(args);
    let json = args.output == "json";
    let mut out = BufWriter::new(io::stdout().lock());
    let mut sheet = Vec::new();
    let mut written = Ok(());
    let made = generate::generate_with(&options, |made| {
        let mut text = if json {
            json_line(&made, seed)
        } else {
            made.puzzle.to_line()
        };
        text.push('\n');
        written = bar.suspend(|| out.write_all(text.as_bytes()));
        bar.inc(1);
        if args.svg.is_some() {
            sheet.push(made);
        }
        written.is_ok()
    });
    bar.finish_and_clear();
    if let Err(error) = made {
        let _ = out.flush();
        return fail(&error);
    }
    if let Err(error) = written.and_then(|()| out.flush()) {
        // A reader that went away is not reported, but the puzzles were not all written.
        if error.kind() != io::ErrorKind::BrokenPipe {
            eprintln!(
                "explore: generate: cannot write the puzzles: {}",
                crate::input::describe(&error)
            );
        }
        return EXIT_INPUT;
    }
    if let Some(path) = &args.svg {
        if let Err(message) = sheet::write(path, &sheet, seed) {
            return fail(&message);
        }
    }
    EXIT_OK
}

/// The live line of a run of more than one puzzle: done, rate and time left, after a second,
/// on a terminal only.
fn live(args: &GenerateArgs) -> ProgressBar {
    if args.quiet || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let style = ProgressStyle::with_template(
        "generating: {pos}/{len} puzzles, {elapsed} so far, about {eta} left",
    )
    .expect("the template is valid");
    let bar = ProgressBar::new(args.count as u64).with_style(style);
    bar.enable_steady_tick(Duration::from_millis(250));
    bar
}

/// One `explore.generate/1` object (docs/json.md).
#[derive(serde::Serialize)]
struct Record {
    schema: &'static str,
    index: usize,
    seed: u64,
    size: usize,
    #[serde(rename = "box")]
    shape: String,
    puzzle: String,
    givens: usize,
    solution: String,
    #[serde(flatten)]
    evidence: Evidence,
    tries: usize,
}

/// One `explore.generate/1` object, without its newline.
fn json_line(made: &Generated, seed: u64) -> String {
    let shape = made.puzzle.shape();
    let record = Record {
        schema: "explore.generate/1",
        index: made.index + 1,
        seed,
        size: shape.side(),
        shape: format!("{}x{}", shape.box_rows(), shape.box_cols()),
        puzzle: made.puzzle.to_line(),
        givens: made.puzzle.n_filled(),
        solution: made.solution.to_line(),
        evidence: Evidence::of(&made.grade),
        tries: made.tries,
    };
    serde_json::to_string(&record).expect("a record serialises")
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn parse(args: &[&str]) -> GenerateArgs {
        let cli = crate::cli::Cli::try_parse_from([&["explore", "generate"], args].concat())
            .expect("parses");
        match cli.command {
            Some(crate::cli::Command::Generate(args)) => args,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn sizes_have_boxes_of_two_rows_and_columns_at_least() {
        assert_eq!(shape(&parse(&[])), Ok(Shape::NINE));
        assert_eq!(
            shape(&parse(&["--size", "6"])).unwrap().to_string(),
            "6x6 (2x3 boxes)"
        );
        assert_eq!(shape(&parse(&["--box", "3x2"])).unwrap().box_rows(), 3);
        for bad in [
            &["--size", "7"][..],
            &["--size", "3"],
            &["--size", "65"],
            &["--box", "1x4"],
        ] {
            assert!(shape(&parse(bad)).is_err(), "{bad:?}");
        }
    }
}
