//! The command line: every flag, its help text, and its translation into a [`Config`].
//!
//! This is the only module that knows about clap. Names of strategies and engine rules come
//! from the library's `ALL`/`name()`/`FromStr`, so `--help`, parsing and the library never
//! disagree about what a user may type.
//!
//! The arguments of solving live in [`SolveArgs`], flattened into [`Cli`], so that a later
//! subcommand (`explore compare ...`) can sit beside them as an optional
//! `#[command(subcommand)]` field with `args_conflicts_with_subcommands`, and a flag such as
//! `--trace` is one more field of [`SolveArgs`].

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use explore::explain::ExplainOptions;
use explore::format::{self, Symbols};
use explore::geometry::Shape;
use explore::{Branch, Config, Forced, Learn, Strategy, compare};

use crate::color::Color;

mod class;

pub(crate) use class::{GenerateArgs, GradeArgs};

const ABOUT: &str = "Solve and explore Sudoku by breadth-first board branching.";

const LONG_ABOUT: &str = "\
Solve and explore Sudoku by breadth-first board branching.

The default strategy keeps an \"array of boards\" instead of recursing: a work queue of cloned \
boards shared by worker threads. A worker takes a board, fills the cells that are forced, and \
at the branch cell clones one child board per remaining candidate; dead boards are dropped and \
complete ones collected, one level of guesses at a time. Depth-first backtrackers solve the \
same puzzles for comparison, and every strategy reports the same solutions.

Each INPUT is a file, '-' for standard input, or a puzzle written on the command line. With no \
INPUT, explore reads standard input when it is a pipe or a file, as a Unix filter does, and \
solves a built-in demo puzzle when it is a terminal or holds nothing at all (/dev/null, a pipe \
closed empty). A puzzle is its cells in reading order on one \
line (81 for 9x9, 16 for 4x4, 36 for 6x6, 256 for 16x16, 625 for 25x25), each a digit (1-9, \
then letters: A = 10, G = 16, P = 25) or one of . 0 - _ for an empty cell; files may hold many \
puzzles, of any sizes, and # starts a comment. Grids of rows (with or without box lines), grids \
of space-separated numbers and code literals are read too: see docs/formats.md.

Every board size from 4x4 to 64x64 is solved with every strategy and option, and shown in \
every output: grids boxed to the shape of the board, and in JSON its size and box shape.";

const AFTER_HELP: &str = "\
Exit status: 0 all solved, 1 some puzzle has no solution or gave up, 2 unreadable input, \
invalid puzzle or a result not written. 'explore --help' says more.";

const AFTER_LONG_HELP: &str = "\
Every option, input layout, output and exit status in full: docs/reference.md; the lesson
in search: docs/tutorial.md.

Exit status:
  0  every puzzle was read and solved (unique, multiple or solved)
  1  some puzzle has no solution, or its search gave up at --max-nodes or --timeout
  2  some input could not be read (missing file, invalid puzzle, no puzzle at all),
     some result could not be written (standard output full, or its reader gone,
     as with | head: then without a message), or the command line is wrong

Examples:
  Solve the built-in demo puzzle (at a terminal, with nothing piped in):
    explore
  One line per puzzle, its solution or why there is none, for scripts:
    explore tests/data/top1465.txt --output line > solutions.txt
  One JSON object per puzzle, read from a pipe:
    explore generate -n 5 --seed 1 | explore --output json
  Watch the breadth-first frontier grow, level by level, on the demo puzzle:
    explore --trace
  A 4x4 search tree numbered depth-first, its order drawn as a path, for
  Graphviz; then the same search as a trace for the Posthoc visualiser:
    explore --all --forced naked -s dfs --dot-order --dot tree.dot \\
      ......1.21....21
    explore --all --forced naked -s dfs --posthoc search.trace.json \\
      ......1.21....21
  Count the solutions of each puzzle of a file, one line per puzzle:
    explore --count tests/data/16_clue_multi.txt --output line

One example per board size:
  4x4: every solution of the empty board (288), and its tree for Graphviz:
    explore --all --dot tree.dot ................
  6x6 (boxes of 2 rows by 3 columns): a puzzle and its solution, boxed:
    explore ...4.1....5.3.4.......2...3...14.2..
  16x16: a file of puzzles, one solution per line:
    explore tests/data/16x16_janko.txt --output line
  25x25: watch the frontier, with the rules that pay on large boards:
    explore --trace --forced subsets --branch probe --timeout 60 \\
      benches/data/large/25x25-minimal.txt
";

/// Parses the command line, with clap's help and errors coloured as `--color` and the
/// environment say ([`Color`]).
pub(crate) fn parse() -> Cli {
    let args: Vec<OsString> = std::env::args_os().collect();
    let color = Color::from_args(&args);
    let matches = Cli::command()
        .color(color.for_clap())
        .try_get_matches_from(args)
        .unwrap_or_else(|error| exit_with(&error));
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|error| exit_with(&error));
    if let Some(message) = cli.conflict() {
        let error = Cli::command()
            .color(color.for_clap())
            .error(clap::error::ErrorKind::ArgumentConflict, message);
        exit_with(&error);
    }
    cli
}

impl Cli {
    /// What is wrong with flags that clap accepts one by one but that do not go together.
    fn conflict(&self) -> Option<String> {
        let rules = match &self.command {
            None => Some(&self.solve.engine.rules),
            Some(Command::Split(args)) => Some(&args.rules),
            Some(Command::Explain(args)) => Some(&args.engine.rules),
            _ => None,
        };
        if let Some(flag) = rules.and_then(RuleArgs::several) {
            return Some(format!(
                "{flag} takes one rule; explore compare takes several, comma-separated"
            ));
        }
        if rules.is_some_and(|rules| rules.branch[0] == Branch::Conflicts && !rules.learns()) {
            return Some(
                "--branch conflicts weighs cells by learned clauses: add --learn clauses"
                    .to_owned(),
            );
        }
        match &self.command {
            None => self.solve.conflict(),
            Some(Command::Split(args)) if args.rules.learn[0] == Learn::Clauses => Some(
                "explore split cuts the breadth-first search, which does not learn: leave out \
                 --learn, or split into sets of cubes with --learn cubes"
                    .to_owned(),
            ),
            Some(Command::Split(args))
                if args.rules.learn[0] == Learn::Cubes && args.depth.is_some() =>
            {
                Some(
                    "--learn cubes cuts at the first level of --cubes boards, not at a depth: \
                     leave out --depth"
                        .to_owned(),
                )
            }
            _ => None,
        }
    }
}

impl SolveArgs {
    fn conflict(&self) -> Option<String> {
        let learn = self.engine.rules.learn[0];
        if matches!(learn, Learn::Off | Learn::Auto) {
            None
        } else if !matches!(self.strategy, Strategy::Bfs | Strategy::Dfs) {
            Some(format!(
                "--learn {learn} works with --strategy bfs and dfs: {} does not learn",
                self.strategy
            ))
        } else if self.strategy == Strategy::Dfs && learn == Learn::Cubes {
            Some("--learn cubes needs --strategy bfs: dfs learns with --learn clauses".to_owned())
        } else if self.step || self.dot.is_some() || self.posthoc.is_some() {
            match (self.strategy, learn) {
                (Strategy::Dfs, _) => Some(
                    "dfs --learn has no tree of boards to draw: use bfs --learn clauses".to_owned(),
                ),
                (_, Learn::Cubes) => Some(
                    "--learn cubes has no tree of boards to draw: use --learn clauses".to_owned(),
                ),
                _ => None,
            }
        } else {
            None
        }
    }
}

/// Prints clap's help, version or usage error and exits with its status. Help or a version
/// that cannot be written is a failure, as results are: said in words on standard error, or
/// quietly when the reader has gone (`explore --help | head`); exit status 2 either way.
fn exit_with(error: &clap::Error) -> ! {
    let printed = error
        .print()
        .and_then(|()| std::io::Write::flush(&mut std::io::stdout()));
    match printed {
        Err(failure) if !error.use_stderr() => {
            if failure.kind() != std::io::ErrorKind::BrokenPipe {
                eprintln!(
                    "explore: cannot write output: {}",
                    explore::error::in_words(&failure)
                );
            }
            std::process::exit(2)
        }
        _ => std::process::exit(error.exit_code()),
    }
}

/// The whole command line: solving (the default), or a subcommand.
#[derive(Debug, Parser)]
#[command(
    name = "explore",
    version,
    about = ABOUT,
    long_about = LONG_ABOUT,
    after_help = AFTER_HELP,
    after_long_help = AFTER_LONG_HELP,
    max_term_width = 80,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
pub(crate) struct Cli {
    /// A subcommand; without one, explore solves its inputs.
    #[command(subcommand)]
    pub(crate) command: Option<Command>,

    /// Solving, the default command.
    #[command(flatten)]
    pub(crate) solve: SolveArgs,

    /// When to colour messages on standard error
    ///
    /// Clap's messages and the log: auto colours a terminal, unless NO_COLOR is set (or
    /// CLICOLOR_FORCE asks for colour even into a pipe). Results, tables, the trace and the
    /// progress bar are never coloured.
    #[arg(
        long,
        value_name = "WHEN",
        value_enum,
        default_value_t = Color::Auto,
        global = true,
        help_heading = "Output",
        hide_short_help = true
    )]
    pub(crate) color: Color,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Compare strategies side by side on the same puzzles.
    #[command(long_about = COMPARE_ABOUT, after_long_help = COMPARE_AFTER_HELP)]
    Compare(CompareArgs),
    /// Cut one puzzle's search into shards, to solve anywhere.
    #[command(long_about = SPLIT_ABOUT, after_long_help = SPLIT_AFTER_HELP)]
    Split(SplitArgs),
    /// Add up the results of shards, batches or comparisons.
    #[command(long_about = MERGE_ABOUT, after_long_help = MERGE_AFTER_HELP)]
    Merge(MergeArgs),
    /// Generate puzzles with exactly one solution, and a sheet to print.
    #[command(long_about = class::GENERATE_ABOUT, after_long_help = class::GENERATE_AFTER_HELP)]
    Generate(GenerateArgs),
    /// Grade puzzles: how hard each is, by what the search needs.
    #[command(long_about = class::GRADE_ABOUT, after_long_help = class::GRADE_AFTER_HELP)]
    Grade(GradeArgs),
    /// Explain a puzzle: where its solutions differ, what fixes it.
    #[command(long_about = EXPLAIN_ABOUT, after_long_help = EXPLAIN_AFTER_HELP)]
    Explain(ExplainArgs),
    /// Print a shell's completion script.
    #[command(long_about = COMPLETIONS_ABOUT)]
    Completions(CompletionsArgs),
    /// Print the manual page (roff).
    #[command(long_about = MAN_ABOUT)]
    Man,
}

const COMPLETIONS_ABOUT: &str = "\
Print a completion script for a shell to standard output.

bash: source <(explore completions bash), or save it as \
~/.local/share/bash-completion/completions/explore. zsh: save it as _explore in a directory of \
$fpath. fish: save it as ~/.config/fish/completions/explore.fish. elvish and powershell: load \
it from the shell's startup file.";

const MAN_ABOUT: &str = "\
Print the manual page, in roff, to standard output.

Read it with: explore man | man -l -
Install it with: explore man > ~/.local/share/man/man1/explore.1";

/// The arguments of `explore completions`.
#[derive(Debug, Args)]
pub(crate) struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub(crate) shell: clap_complete::Shell,
}

const COMPARE_ABOUT: &str = "\
Run several strategies over the same puzzles and compare them side by side.

Every chosen strategy solves every puzzle, one puzzle at a time on one core, under its own \
per-puzzle budget, so one strategy giving up never stalls the others. The table gives, per \
strategy: puzzles, solved, no solution, gave up, total time, puzzles per second, median and \
worst time per puzzle, guesses per puzzle, the share solved without guessing, boards created, \
dead boards, peak frontier and peak memory, and the board size. Puzzles of different sizes are \
summed up apart, one row per strategy and size. The answers are checked against each other: a \
strategy that contradicts another is reported and the exit status is 1.";

const COMPARE_AFTER_HELP: &str = "\
Budgets: unless --max-nodes or --timeout is given, the naive depth-first strategies get a node \
budget per puzzle (backtrack 1,000,000, bitmask 10,000,000), about a tenth of a second each.

Exit status:
  0  the comparison ran and the strategies agree
  1  two strategies contradict each other on some puzzle
  2  some input could not be read, an invalid puzzle, or the output could not all be
     written (standard output full, or its reader gone: then without a message)

Examples:
  Every strategy on the demo puzzle:
    explore compare
  Breadth-first against depth-first memory on the demo puzzle, as a picture:
    explore compare --svg compare.svg
  The breadth-first and depth-first engines on a puzzle set, as Markdown, with a
  chart:
    explore compare tests/data/top1465.txt --strategies bfs,dfs \\
      --output markdown --svg compare.svg
";

/// The arguments of solving: inputs, search, engine, output.
#[derive(Debug, Args)]
pub(crate) struct SolveArgs {
    /// Files, '-' for stdin, or puzzles; none: a pipe, else the demo
    ///
    /// A puzzle written out is its cells on one line, or a grid of lines. With no INPUT,
    /// explore reads standard input when puzzles are piped or redirected into it, and solves
    /// AI Escargot, its built-in demo, when standard input is a terminal or holds nothing
    /// (/dev/null, or a pipe closed empty).
    #[arg(value_name = "INPUT")]
    pub(crate) inputs: Vec<OsString>,

    #[command(flatten)]
    pub(crate) read: ReadArgs,

    /// Search strategy.
    #[arg(
        short,
        long,
        value_name = "NAME",
        default_value = Strategy::default().name(),
        value_parser = strategy_parser(),
    )]
    pub(crate) strategy: Strategy,

    #[command(flatten)]
    pub(crate) limits: LimitArgs,

    /// Count every solution without keeping any
    ///
    /// An exact count however large (the empty 6x6 board has 28,200,960), in the memory of the
    /// search alone. --max-solutions N stops the count at N. Output: the count in the verdict; with
    /// --output line, one line per puzzle, the count and the status ('28200960 multiple', '0 none',
    /// and '>=N' before the status when the search stopped before the end); with --output json,
    /// 'count' and 'exact'
    #[arg(long, help_heading = "Search limits")]
    pub(crate) count: bool,

    #[command(flatten)]
    pub(crate) engine: EngineArgs,

    /// Draw the search live on standard error, a row per depth
    ///
    /// One row per finished depth (boards, forced cells, children, dead boards, solutions, frontier
    /// and its memory, and a bar proportional to the frontier, its scale in the title), then a
    /// summary. The table fits the terminal (at least 80 columns; COLUMNS, else 80, off a
    /// terminal). The depth-first strategies' rows are final only when they end: a live line shows
    /// their progress until then. The rows do not depend on --threads.
    #[arg(long, help_heading = "Watch the search")]
    pub(crate) trace: bool,

    /// Step through the search in the terminal
    ///
    /// For a class, the search of the first puzzle: one depth per key press with bfs, one board
    /// with dfs, bitmask and backtrack. Each step shows what it did and draws the boards waiting
    /// (the bfs queue, the depth-first stack, next first) as small grids, with candidates when they
    /// fit (4x4 boards) and the guess that made each in reverse video. Keys: space or enter to
    /// step, r to run to the end, q to quit. The steps are the strategy's real search: its rules
    /// (--forced, --branch), boards and order. Needs a terminal.
    #[arg(
        long,
        help_heading = "Watch the search",
        conflicts_with_all = ["trace", "trace_format", "svg", "dot", "output", "count"]
    )]
    pub(crate) step: bool,

    /// Write the trace as JSON lines instead of a table (implies --trace); the schema is in
    /// docs/tracing.md.
    #[arg(
        long,
        value_name = "FORMAT",
        value_enum,
        help_heading = "Watch the search",
        hide_short_help = true
    )]
    pub(crate) trace_format: Option<TraceFormat>,

    /// Draw the first puzzle's search per depth as SVG
    ///
    /// Boards branched, dead and solved at each depth, and the frontier.
    #[arg(long, value_name = "FILE", help_heading = "Watch the search")]
    pub(crate) svg: Option<PathBuf>,

    /// Write the first puzzle's search tree for Graphviz
    ///
    /// Graphviz DOT, for searches of up to 2,000 boards: boards as nodes, labelled with the cell
    /// and digit that made them and numbered in the order --strategy expands them (bfs
    /// breadth-first, dfs depth-first); dead boards and solutions marked. backtrack and bitmask
    /// draw their own tree: one cell at a time, nothing forced. Render it with: dot -Tsvg FILE -o
    /// tree.svg
    #[arg(long, value_name = "FILE", help_heading = "Watch the search")]
    pub(crate) dot: Option<PathBuf>,

    /// Also draw the visit order in --dot's tree, as a path of dashed arrows from each board
    /// expanded to the next: bfs sweeps each depth, dfs dives down and backs up.
    #[arg(
        long,
        requires = "dot",
        help_heading = "Watch the search",
        hide_short_help = true
    )]
    pub(crate) dot_order: bool,

    /// Draw each board of --dot's tree as its grid: givens black, digits the search settled
    /// blue, the guess on amber, the next branch cell on yellow, candidates small in open
    /// cells. auto draws them for trees of at most 40 boards of 4x4 to 6x6.
    #[arg(
        long,
        value_name = "WHEN",
        value_enum,
        default_value_t = DotBoards::Auto,
        requires = "dot",
        help_heading = "Watch the search",
        hide_short_help = true
    )]
    pub(crate) dot_boards: DotBoards,

    /// Write the first puzzle's search for Posthoc: .trace.json
    ///
    /// A Posthoc search trace (JSON), to step through, scrub and view as a tree in the Posthoc
    /// visualiser (posthoc.pathfinding.ai): one event per board expanded, per child made and per
    /// board closed, in the order --strategy takes them, each drawing its board. Up to 2,000 boards
    /// (fewer on boards above 9x9). FILE's name ends in .trace.json, as Posthoc opens only such
    /// files.
    #[arg(
        long,
        value_name = "FILE",
        value_parser = parse_trace_name,
        help_heading = "Watch the search",
        hide_short_help = true
    )]
    pub(crate) posthoc: Option<PathBuf>,

    /// Play the first puzzle's search in a web page, offline
    ///
    /// One self-contained HTML file that opens offline in any current browser: the boards of
    /// the search as --strategy takes them (bfs's queue, the stack of the others), the tree
    /// growing, the counts and a chart per depth, with play, pause, step and jump controls
    /// and keys. Board by board up to 20,000 boards (fewer above 9x9), per depth beyond.
    #[arg(long, value_name = "FILE", help_heading = "Watch the search")]
    pub(crate) html: Option<PathBuf>,

    /// Output format.
    #[arg(
        short,
        long,
        value_name = "FORMAT",
        value_enum,
        default_value_t = OutputFormat::Human,
        help_heading = "Output"
    )]
    pub(crate) output: OutputFormat,

    /// No summary or notes on standard error
    ///
    /// Errors are still printed.
    #[arg(short, long, help_heading = "Output")]
    pub(crate) quiet: bool,
}

/// The arguments of `explore compare`.
#[derive(Debug, Args)]
pub(crate) struct CompareArgs {
    /// Files, '-' for standard input, or puzzles written out; none: piped input, else the demo
    #[arg(value_name = "INPUT")]
    pub(crate) inputs: Vec<OsString>,

    #[command(flatten)]
    pub(crate) read: ReadArgs,

    /// Strategies to compare, separated by commas [default: all]
    #[arg(long, value_name = "NAMES", value_delimiter = ',', value_parser = strategy_parser())]
    pub(crate) strategies: Vec<Strategy>,

    #[command(flatten)]
    pub(crate) limits: LimitArgs,

    #[command(flatten)]
    pub(crate) engine: EngineArgs,

    /// Draw the comparison as SVG, with memory against work
    ///
    /// Time and peak memory over all the puzzles, and, on the first puzzle, the memory each one
    /// held against the share of its boards expanded, one line per strategy: the breadth-first
    /// frontier bulges to a whole level of boards where the depth-first stack stays a thin
    /// line. The first puzzle is solved once more for it, so the timings do not pay for the
    /// sampling.
    #[arg(long, value_name = "FILE", help_heading = "Output")]
    pub(crate) svg: Option<PathBuf>,

    /// Play the first puzzle's searches side by side in a web page, offline
    ///
    /// One self-contained HTML file that opens offline in any current browser: the
    /// strategies' searches of the first puzzle stepping together, the queue of bfs beside the
    /// stack of dfs, each with its tree, counts and chart per depth. The puzzle is solved once
    /// more for it, so the timings do not pay for the recording.
    #[arg(long, value_name = "FILE", help_heading = "Output")]
    pub(crate) html: Option<PathBuf>,

    /// Output format.
    #[arg(
        short,
        long,
        value_name = "FORMAT",
        value_enum,
        default_value_t = CompareFormat::Table,
        help_heading = "Output"
    )]
    pub(crate) output: CompareFormat,

    /// Every column of the table, however wide
    ///
    /// Every column, as plain numbers named as the fields of --output json. Without it the
    /// table for people keeps to the terminal's width (at least 80 columns; COLUMNS, else 80,
    /// off a terminal): the strategy, the board, the verdicts, then the time, median, nodes and
    /// memory, and more columns as room allows.
    #[arg(long, help_heading = "Output")]
    pub(crate) wide: bool,

    /// No progress bar and no notes
    ///
    /// Errors are still printed.
    #[arg(short, long, help_heading = "Output")]
    pub(crate) quiet: bool,
}

/// How `explore compare` writes its summaries.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub(crate) enum CompareFormat {
    /// aligned columns for people, as many as fit the terminal (--wide: every one)
    Table,
    /// one JSON object per strategy per line
    Json,
    /// comma-separated values with a header line
    Csv,
    /// a Markdown table
    Markdown,
    /// one JSON object per puzzle and strategy, as it is compared, for explore merge to sum up
    /// (docs/distributed.md)
    Records,
}

const EXPLAIN_ABOUT: &str = "\
Explain a puzzle: why it has several solutions and how to fix it, or whether it is minimal.

For a puzzle with several solutions: how many (exact, or a lower bound beyond --max-solutions), \
the cells that differ between them and the digits each can take, where the search first splits \
(the first board of bfs's search with two children that lead to solutions), and the fewest \
givens to add, each taken from a solution, so that exactly one solution remains: exact when \
every solution is known, otherwise a suggestion that is checked by counting, with a lower \
bound. For a unique puzzle: the givens that could go, each alone, keeping one solution; none, \
and the puzzle is minimal.";

const EXPLAIN_AFTER_HELP: &str = "\
Exit status:
  0  every puzzle was explained (unique or several solutions)
  1  some puzzle has no solution, or a budget ran out before its solutions were known
  2  some input could not be read, an invalid puzzle, a file not written, or bad arguments

Examples:
  Why this 4x4 puzzle has two solutions, and the given that fixes it:
    explore explain ..343412..434321
  Every puzzle of a file, as JSON, and a picture of the first:
    explore explain tests/data/16_clue_multi.txt --output json \\
      --svg explain.svg
";

/// The arguments of `explore explain`.
#[derive(Debug, Args)]
pub(crate) struct ExplainArgs {
    /// Files, '-' for standard input, or puzzles written out; none: piped input, else the demo
    #[arg(value_name = "INPUT")]
    pub(crate) inputs: Vec<OsString>,

    #[command(flatten)]
    pub(crate) read: ReadArgs,

    /// Find and keep at most N solutions [default: 1000]
    ///
    /// Beyond N the solutions are counted (up to 100,000, within a million boards; past
    /// that the count is a lower bound), and the fewest givens to add are a suggestion with a
    /// lower bound.
    #[arg(
        short = 'n',
        long,
        value_name = "N",
        value_parser = parse_positive::<u64>,
        help_heading = "Search limits"
    )]
    pub(crate) max_solutions: Option<u64>,

    /// Give up on a puzzle's search after N boards
    ///
    /// Each search the explanation runs has this budget [default: none for the solutions; the
    /// checks of one digit or one given 100,000 boards each, and the digits' checks as
    /// many together].
    #[arg(
        long,
        value_name = "N",
        value_parser = parse_positive::<u64>,
        help_heading = "Search limits"
    )]
    pub(crate) max_nodes: Option<u64>,

    #[command(flatten)]
    pub(crate) engine: EngineArgs,

    /// Draw the first puzzle's explanation as SVG
    ///
    /// The grid: the givens, the cells that differ shaded with the digits they take, the givens
    /// to add in blue (or, for a unique puzzle, the givens that could go), with a legend.
    #[arg(long, value_name = "FILE", help_heading = "Output")]
    pub(crate) svg: Option<PathBuf>,

    /// Output format.
    #[arg(
        short,
        long,
        value_name = "FORMAT",
        value_enum,
        default_value_t = ExplainFormat::Human,
        help_heading = "Output"
    )]
    pub(crate) output: ExplainFormat,

    /// No notes on standard error; errors are still printed.
    #[arg(short, long, help_heading = "Output")]
    pub(crate) quiet: bool,
}

/// How `explore explain` writes its explanations.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub(crate) enum ExplainFormat {
    /// for people: the grid with its cells marked, then a few lines
    Human,
    /// one JSON object per puzzle per line (docs/json.md has the fields)
    Json,
}

impl ExplainArgs {
    /// The options of the explanation the flags ask for.
    pub(crate) fn options(&self) -> ExplainOptions {
        let mut config = self
            .engine
            .rules
            .apply(ExplainOptions::default().config)
            .with_max_nodes(self.max_nodes);
        if let Some(threads) = self.engine.threads {
            config.threads = threads;
        }
        if let Some(plan) = crate::memory::plan(
            self.engine.max_memory,
            config.threads,
            self.engine.rules.learns(),
        ) {
            plan.apply(&mut config);
        }
        let mut options = ExplainOptions::default().with_config(config);
        if let Some(n) = self.max_solutions {
            options = options.with_max_solutions(n);
        }
        if let Some(n) = self.max_nodes {
            options = options.with_max_check_nodes(n);
        }
        options
    }
}

const SPLIT_ABOUT: &str = "\
Cut one puzzle's search into shards, one puzzle per line, to solve anywhere.

The breadth-first search runs level by level on one thread, filling forced cells and branching \
as --forced and --branch say, until a level reaches --depth or holds at least --shards boards \
(and never beyond the frontier budget of --max-frontier and --max-frontier-bytes: then it stops \
at the last level that fits, and says so). Each board of that level is written as a puzzle: \
the original givens and every digit the search placed. Solutions met above that level are \
written too, as full grids. Every solution of the puzzle is a solution of exactly one shard, \
so the shards' counts add up to the puzzle's, and their solutions to its solutions.

The output starts with comment lines (#) saying where the puzzle came from and how it was cut, \
then one shard per line. Solve the shards anywhere (explore --count - --output line, or \
--all, or --output json), then add the results up with explore merge.

With --learn cubes, for one hard puzzle (25x25): the search is cut into cubes as explore \
--learn cubes cuts it (the first level of at least --cubes boards, each cube the guesses that \
led to one), and the cubes are dealt in turn to --shards shards. Each line is then the puzzle, \
then its shard's cubes in a comment that explore reads ('# cubes: r1c3=4,r2c7=1 ...'): \
solving it conquers those cubes as one machine does, learning from one cube to the next.";

const SPLIT_AFTER_HELP: &str = "\
Exit status:
  0  the shards were written
  2  the input could not be read, held no puzzle or more than one, or the shards could not
     all be written (standard output full, or its reader gone)

Examples:
  Count the empty 6x6 board's 28,200,960 grids in 1,000 pieces, on this machine:
    explore split .................................... --shards 1000 \\
      | explore --count - --output line | explore merge
  Prove one hard 25x25 puzzle on 4 machines, a shard of cubes each:
    explore split puzzle.txt --learn cubes --shards 4 > shards.txt
  Across two hosts with GNU parallel: docs/distributed.md.
";

/// The arguments of `explore split`.
#[derive(Debug, Args)]
pub(crate) struct SplitArgs {
    /// A file, '-' for standard input, or a puzzle written out, holding one puzzle; none:
    /// piped input, else the demo puzzle.
    #[arg(value_name = "INPUT")]
    pub(crate) input: Option<OsString>,

    #[command(flatten)]
    pub(crate) read: ReadArgs,

    /// Cut at this depth: the boards after D levels of guesses (0: the puzzle itself, its
    /// forced cells filled).
    #[arg(
        long,
        value_name = "D",
        conflicts_with = "shards",
        help_heading = "Cut"
    )]
    pub(crate) depth: Option<usize>,

    /// Cut at the first level that holds at least N boards; with --learn cubes, deal the
    /// cubes to N shards (at most one a cube).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 1000,
        value_parser = parse_positive::<usize>,
        help_heading = "Cut"
    )]
    pub(crate) shards: usize,

    #[command(flatten)]
    pub(crate) rules: RuleArgs,

    /// Print no notes on standard error; errors are still printed.
    #[arg(short, long, help_heading = "Output")]
    pub(crate) quiet: bool,
}

impl SplitArgs {
    /// The cut the flags ask for.
    pub(crate) fn cut(&self) -> explore::shard::Cut {
        match self.depth {
            Some(depth) => explore::shard::Cut::Depth(depth),
            None => explore::shard::Cut::Boards(self.shards),
        }
    }

    /// The rules and budget of the cut.
    pub(crate) fn config(&self) -> Config {
        self.rules.apply(Config::default().with_threads(1))
    }
}

const MERGE_ABOUT: &str = "\
Add up results: of one puzzle's shards, of a batch, or of a comparison split by lines.

Each INPUT is a file of results, or '-' for standard input; with none, standard input is read. \
What the results are is read from them, and they must all be of one kind:

  count lines (explore --count --output line: '296 multiple', '>=5 multiple', '0 none') are the \
results of one puzzle's shards, and their counts are summed. A count marked '>=', or a shard \
that gave up, makes the total a lower bound, which the output says (exit status 1).

  solution lines (explore --all --output line: solutions separated by spaces, or none) are the \
results of one puzzle's shards: their solutions are put together, sorted. A solution found by \
two shards is an error, since shards share none.

  explore.solve/1 JSON records (explore --output json) are the results of one puzzle's shards \
(counts summed, solutions put together), or with --batch the results of a batch split by lines: \
then the verdicts are counted as one run over the whole batch counts them.

  explore.compare.record/1 JSON records (explore compare --output records) are summed up into \
exactly the summary explore compare prints for the whole input, in any of its formats.

Nothing is skipped: a line that is none of these, or of another kind than the first, is an \
error naming its input, line and column, and so is a count line that contradicts itself \
('0 multiple', '1 none', '2 unique'). With --expect, the merge also checks that there is \
exactly one result per puzzle of the file that was run, that each record is of one of its \
puzzles (explore.solve/1 records name their puzzle, and a shard's cubes; count lines do not), \
that every solution keeps the givens of its puzzle and of the puzzle the shards were split \
from, and lies in its shard's cubes.";

const MERGE_AFTER_HELP: &str = "\
Exit status:
  0  the results add up: an exact count, or a batch or comparison with
     nothing amiss
  1  the total is a lower bound (some shard stopped at -n or gave up), the
     puzzle has no solution, some puzzle of a batch has none or gave up, or
     strategies disagree
  2  some input could not be read or holds a line that is no result (or a
     count that contradicts itself), results are missing, one too many or of
     other puzzles (--expect), a solution appears twice, or the output could
     not be written

Examples:
  Count the empty 6x6 board's grids in 5,000 shards across two hosts
  (docs/distributed.md):
    explore split .................................... --shards 5000 \\
      > shards.txt
    parallel --pipe -N 500 -S host1,host2 explore --count - --output json \\
      < shards.txt | explore merge --expect shards.txt
  The summary of a batch run in parts:
    explore merge --batch part1.json part2.json
  A comparison run in parts:
    explore merge part1.records part2.records --output markdown
";

/// The arguments of `explore merge`.
#[derive(Debug, Args)]
pub(crate) struct MergeArgs {
    /// Files of results, or '-' for standard input; none reads standard input.
    #[arg(value_name = "INPUT")]
    pub(crate) inputs: Vec<OsString>,

    /// The explore.solve/1 records are a batch's, one per puzzle, not one puzzle's shards.
    #[arg(long)]
    pub(crate) batch: bool,

    /// The file that was run (the shards of explore split, or the batch): the merge fails
    /// unless there is exactly one result for each of its puzzles.
    #[arg(long, value_name = "FILE")]
    pub(crate) expect: Option<PathBuf>,

    #[command(flatten)]
    pub(crate) read: ReadArgs,

    /// Output format; csv and markdown are for comparisons [default: human; for a
    /// comparison, the table]
    #[arg(
        short,
        long,
        value_name = "FORMAT",
        value_enum,
        help_heading = "Output"
    )]
    pub(crate) output: Option<MergeFormat>,

    /// Print no notes on standard error; errors are still printed.
    #[arg(short, long, help_heading = "Output")]
    pub(crate) quiet: bool,
}

/// How `explore merge` writes what it added up.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub(crate) enum MergeFormat {
    /// for people: the total and what it is, or the comparison's table
    Human,
    /// one line, as a whole run writes it: the count and status, the solutions, or for a batch
    /// its counts as key=value words
    Line,
    /// one JSON object (explore.merge/1), or a comparison's explore.compare/1 objects
    Json,
    /// a comparison as CSV
    Csv,
    /// a comparison as a Markdown table
    Markdown,
}

/// How puzzles are read: the box shape and the symbols of the digits.
#[derive(Debug, Args)]
pub(crate) struct ReadArgs {
    /// Box shape of every puzzle, such as 3x2 (rows x columns)
    ///
    /// 2x3 reads 6x6 boards whose boxes are 2 rows by 3 columns, 3x2 the same size with boxes 3
    /// rows by 2 columns, 4x4 reads 16x16. Every puzzle must then have that size [default: each
    /// puzzle's own size, from its cell count (36 cells -> 6x6) or its first row, with the squarest
    /// boxes (2x3), or the boxes its bars show]
    #[arg(
        long = "box",
        value_name = "RxC",
        value_parser = parse_shape,
        help_heading = "Reading puzzles"
    )]
    pub(crate) shape: Option<Shape>,

    /// How digits are written: alnum, hex or numbers
    ///
    /// For example --symbols hex for 16x16 puzzles written with 0-F. The default reads 1-9 then
    /// letters, and rows of separate numbers such as '16 0 3'. '0' is an empty cell except in hex,
    /// where it is the digit 1.
    #[arg(
        long,
        value_name = "SYMBOLS",
        default_value = Symbols::default().name(),
        value_parser = symbols_parser(),
        help_heading = "Reading puzzles",
        hide_short_help = true
    )]
    pub(crate) symbols: Symbols,
}

impl ReadArgs {
    /// The reader's options the flags ask for.
    pub(crate) fn options(&self) -> format::Options {
        format::Options::default()
            .with_shape(self.shape)
            .with_symbols(self.symbols)
    }
}

/// Parses a box shape such as `2x3`, with the library's `FromStr`.
pub(crate) fn parse_shape(text: &str) -> Result<Shape, String> {
    text.parse::<Shape>().map_err(|error| error.to_string())
}

/// The name Posthoc gives its search traces, and the only one its visualiser opens (besides
/// `.trace.yaml`, which is not what `--posthoc` writes).
const TRACE_SUFFIX: &str = ".trace.json";

/// Parses the file `--posthoc` writes: a name ending in [`TRACE_SUFFIX`], checked before any
/// search, since a trace Posthoc will not open is a run wasted. A name that does not end so
/// is refused with the name to use instead.
fn parse_trace_name(text: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(text);
    let name = path
        .file_name()
        .and_then(|name| name.to_str())
        .unwrap_or("");
    if name.len() > TRACE_SUFFIX.len() && name.ends_with(TRACE_SUFFIX) {
        return Ok(path);
    }
    // The name meant, with the suffix in place of a plain `.json`, or after it.
    let instead = match (text.strip_suffix(".json"), name) {
        (_, "") => format!("search{TRACE_SUFFIX}"),
        (_, TRACE_SUFFIX) => format!("{}search{TRACE_SUFFIX}", &text[..text.len() - name.len()]),
        (Some(stem), _) => format!("{stem}{TRACE_SUFFIX}"),
        (None, _) => format!("{text}{TRACE_SUFFIX}"),
    };
    Err(format!(
        "Posthoc opens only files whose names end in {TRACE_SUFFIX}; use {instead}"
    ))
}

fn symbols_parser() -> impl TypedValueParser<Value = Symbols> {
    named_parser(Symbols::ALL, Symbols::name, Symbols::summary)
}

/// Limits of each puzzle's search.
#[derive(Debug, Args)]
pub(crate) struct LimitArgs {
    /// Stop after N solutions [default: 2]
    ///
    /// The default, 2, tells unique from multiple; with --all, there is no limit unless this caps
    /// it.
    #[arg(
        short = 'n',
        long,
        value_name = "N",
        value_parser = parse_positive::<u64>,
        help_heading = "Search limits"
    )]
    pub(crate) max_solutions: Option<u64>,

    /// Find every solution
    ///
    /// Capped by --max-solutions if given; at most 1,000,000 are kept, or 128 MiB of them on larger
    /// boards: 372,827 of 16x16, 184,112 of 25x25.
    #[arg(short, long, help_heading = "Search limits")]
    pub(crate) all: bool,

    /// Give up on a puzzle after N search nodes
    ///
    /// Deterministic [default: no limit on a board up to 9x9, where every strategy ends on the
    /// hardest known puzzles; on a larger board, where the naive ones may never end, 1,000,000 for
    /// backtrack and 10,000,000 for bitmask (a few seconds on 25x25) unless --timeout is given:
    /// --timeout inf lets them run unbounded].
    #[arg(
        long,
        value_name = "N",
        value_parser = parse_positive::<u64>,
        help_heading = "Search limits"
    )]
    pub(crate) max_nodes: Option<u64>,

    /// Give up on a puzzle after SECS seconds
    ///
    /// Wall-clock time; fractions allowed, and inf (or none) for no time limit [default: no limit].
    #[arg(long, value_name = "SECS", value_parser = parse_seconds, help_heading = "Search limits")]
    pub(crate) timeout: Option<Duration>,
}

/// The rules of the search tree and the frontier's budget: solving, comparing and cutting a
/// search into shards take the same flags.
#[derive(Debug, Args)]
pub(crate) struct RuleArgs {
    /// Cells bfs and dfs fill without guessing
    ///
    /// Repeated until none is left. The default, locked, is the fastest on hard 9x9 puzzles: it
    /// needs the fewest boards and each costs little more. On large hard boards (25x25), subsets is
    /// the one to use: each board costs about three times as much, and trees are sixty times
    /// smaller (figures in docs/benchmarks.md). explore compare takes several, separated by
    /// commas, and runs each strategy under each.
    #[arg(
        long,
        value_name = "RULE",
        default_value = Forced::default().name(),
        value_parser = forced_parser(),
        value_delimiter = ',',
        help_heading = "Breadth-first engine"
    )]
    pub(crate) forced: Vec<Forced>,

    /// Which cell bfs and dfs branch on
    ///
    /// The default, fewest, makes the fewest children and is the fastest on 9x9 puzzles. probe
    /// looks one guess ahead: of up to 32 cells with the fewest candidates, it fills each one's
    /// children and takes the cell whose children settle the most. That costs up to 64 boards per
    /// branch (reported as probes), and makes the trees of hard 25x25 puzzles ten to a hundred
    /// times smaller: with --forced subsets it is the combination to use there
    /// (docs/benchmarks.md). conflicts, with bfs --learn clauses, weighs each cell's candidates
    /// by the clauses learned about it, and branches where the dead ends were. explore compare
    /// takes several, separated by commas.
    #[arg(
        long,
        value_name = "RULE",
        default_value = Branch::default().name(),
        value_parser = branch_parser(),
        value_delimiter = ',',
        help_heading = "Breadth-first engine"
    )]
    pub(crate) branch: Vec<Branch>,

    /// Whether the search learns from its dead boards
    ///
    /// auto, the default: cubes for bfs on 25x25 and larger boards, where one hard puzzle needs
    /// every core, and off otherwise. clauses: each dead end is explained by the reasons of its forced steps, and the
    /// explanation kept as a clause that prunes every later board (conflict-driven clause
    /// learning). dfs learns at once and guesses where recent dead ends were; it pays on hard
    /// 25x25 and larger puzzles. bfs merges what a level learned before the next level, so
    /// every thread count gives the same frontier. cubes (bfs): cube and conquer, one hard
    /// puzzle on every core: bfs cuts the tree into --cubes boards, each searched by dfs that
    /// learns, with the short clauses learned shared; the same answer on every thread count
    /// (and the same figures with --same-stats). explore compare takes several: --learn off,clauses puts each search with
    /// and without learning side by side.
    #[arg(
        long,
        value_name = "RULE",
        default_value = Learn::default().name(),
        value_parser = learn_parser(),
        value_delimiter = ',',
        help_heading = "Breadth-first engine"
    )]
    pub(crate) learn: Vec<Learn>,

    /// How many boards bfs --learn cubes cuts the search into
    ///
    /// The breadth-first levels grow until one holds at least this many live boards, the
    /// cubes, which dfs that learns then searches on every thread.
    #[arg(
        long,
        value_name = "N",
        default_value_t = Config::DEFAULT_CUBES,
        value_parser = parse_positive::<usize>,
        help_heading = "Breadth-first engine",
        hide_short_help = true
    )]
    pub(crate) cubes: usize,

    /// Cube and conquer: the same statistics on every thread count and run
    ///
    /// Deals the cubes to four fixed lanes that exchange their clauses at the end of each
    /// round. Without it each thread conquers the next cube as soon as it is free and takes
    /// the clauses shared so far: less work and no waiting; the answer is the same, but the
    /// figures vary from run to run on more than one thread.
    #[arg(long, help_heading = "Breadth-first engine", hide_short_help = true)]
    pub(crate) same_stats: bool,

    /// Most boards one level of the bfs frontier may hold
    ///
    /// Boards beyond it are searched depth-first inside a worker, so memory stays bounded. The
    /// tighter of this and --max-frontier-bytes applies.
    #[arg(
        long,
        value_name = "N",
        default_value_t = Config::DEFAULT_MAX_FRONTIER,
        value_parser = parse_positive::<usize>,
        help_heading = "Breadth-first engine",
        hide_short_help = true
    )]
    pub(crate) max_frontier: usize,

    /// Most memory one level of the bfs frontier may hold
    ///
    /// For boards of every size: bytes, or with a unit such as 64MiB or 1GiB (KiB, MiB, GiB, TiB
    /// and K, M, G, T count in 1024s; kB, MB, GB, TB in 1000s). A board is 128 bytes at 9x9, 496 at
    /// 4x4 and 6x6, 2.9 KiB at 16x16, 6.0 KiB at 25x25.
    #[arg(
        long,
        value_name = "SIZE",
        default_value = DEFAULT_MAX_FRONTIER_BYTES_TEXT,
        value_parser = parse_bytes,
        help_heading = "Breadth-first engine",
        hide_short_help = true
    )]
    pub(crate) max_frontier_bytes: usize,
}

impl RuleArgs {
    /// `config` with these rules and budgets: the first of each rule given several times
    /// ([`Cli::conflict`] lets only `explore compare` take several).
    pub(crate) fn apply(&self, config: Config) -> Config {
        let mut each = self.each(config);
        each.swap_remove(0)
    }

    /// `config` under every combination of the rules given, in the order given (forced
    /// outermost, learn innermost), each with these budgets: what `explore compare` runs.
    pub(crate) fn each(&self, config: Config) -> Vec<Config> {
        let mut configs = Vec::new();
        for &forced in &self.forced {
            for &branch in &self.branch {
                for &learn in &self.learn {
                    configs.push(
                        config
                            .clone()
                            .with_forced(forced)
                            .with_branch(branch)
                            .with_learn(learn)
                            .with_cubes(self.cubes)
                            .with_same_stats(self.same_stats)
                            .with_max_frontier(self.max_frontier)
                            .with_max_frontier_bytes(self.max_frontier_bytes),
                    );
                }
            }
        }
        configs
    }

    /// The first rule flag given more than one value, if any.
    fn several(&self) -> Option<&'static str> {
        [
            ("--forced", self.forced.len()),
            ("--branch", self.branch.len()),
            ("--learn", self.learn.len()),
        ]
        .into_iter()
        .find(|&(_, n)| n > 1)
        .map(|(flag, _)| flag)
    }

    /// Whether any value of `--learn` asks for learning.
    fn learns(&self) -> bool {
        self.learn
            .iter()
            .any(|&learn| matches!(learn, Learn::Clauses | Learn::Cubes))
    }
}

/// Options of the breadth-first engine (and, for the rules, of dfs).
#[derive(Debug, Args)]
pub(crate) struct EngineArgs {
    /// Worker threads, 1 to 4096
    ///
    /// A single puzzle gets them all inside the bfs engine, a batch is spread over them
    /// one puzzle per thread, whatever the strategy [default: the machine's cores; compare: 1]
    #[arg(
        short = 'j',
        long,
        value_name = "N",
        value_parser = parse_threads,
        help_heading = "Breadth-first engine"
    )]
    pub(crate) threads: Option<usize>,

    #[command(flatten)]
    pub(crate) rules: RuleArgs,

    /// Most memory the whole run may use
    ///
    /// The frontier, kept solutions, results waiting for an earlier puzzle, output and thread
    /// stacks together, as docs/ARCHITECTURE.md shares it out. Each search's budgets then depend on
    /// SIZE alone; fewer threads run if needed [default: three quarters of the address-space limit
    /// (ulimit -v) if there is one, else no bound beyond the defaults of the other budgets]
    #[arg(
        long,
        value_name = "SIZE",
        value_parser = parse_memory,
        help_heading = "Breadth-first engine",
        hide_short_help = true
    )]
    pub(crate) max_memory: Option<usize>,
}

/// Parses `--max-memory`: a size of at least [`crate::memory::MIN`].
fn parse_memory(text: &str) -> Result<usize, String> {
    let bytes = parse_bytes(text)?;
    if bytes < crate::memory::MIN {
        return Err("expected at least 32MiB: the program and one thread need that".to_owned());
    }
    Ok(bytes)
}

/// [`Config::DEFAULT_MAX_FRONTIER_BYTES`] as `--help` shows it (a test checks they agree).
const DEFAULT_MAX_FRONTIER_BYTES_TEXT: &str = "128MiB";

/// When `--dot` draws each board as its grid.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub(crate) enum DotBoards {
    /// for small trees: at most 40 boards, of side 6 at most
    Auto,
    /// for every tree (9x9 grids and larger make big pictures)
    Always,
    /// never: one line per fact, the smallest picture
    Never,
}

/// How results are written to standard output.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub(crate) enum OutputFormat {
    /// for people: each puzzle and its solutions as grids, the verdict and the search
    /// statistics, with a summary of a batch on standard error
    Human,
    /// one line per puzzle: its solutions (a character per cell, space-separated when several;
    /// numbers above 35x35), or the word none, gave_up or invalid
    Line,
    /// one JSON object per puzzle per line (docs/json.md has the fields)
    Json,
}

/// How `--trace` writes its events.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub(crate) enum TraceFormat {
    /// a table with a bar per depth, then a summary line
    Human,
    /// one JSON object per event per line: {"event": "depth", ...} and {"event": "run", ...}
    Json,
}

impl SolveArgs {
    /// The trace format, if the trace is on.
    pub(crate) fn trace(&self) -> Option<TraceFormat> {
        match (self.trace, self.trace_format) {
            (_, Some(format)) => Some(format),
            (true, None) => Some(TraceFormat::Human),
            (false, None) => None,
        }
    }

    /// The search configuration the flags ask for.
    pub(crate) fn config(&self) -> Config {
        let config = config(&self.limits, &self.engine, Some(self.strategy), None)
            .with_strategy(self.strategy);
        if self.count {
            // Counting asks for every solution, as --all does, and keeps none; -n still stops
            // the count.
            config
                .with_counting()
                .with_max_solutions(self.limits.max_solutions)
        } else {
            config
        }
    }
}

impl CompareArgs {
    /// The strategies to compare: those named, or all.
    pub(crate) fn strategies(&self) -> &[Strategy] {
        if self.strategies.is_empty() {
            Strategy::ALL
        } else {
            &self.strategies
        }
    }

    /// The configuration every compared strategy starts from; one engine thread unless asked.
    pub(crate) fn config(&self) -> Config {
        config(&self.limits, &self.engine, None, Some(1))
    }

    /// What to compare: each strategy under each combination of the rules given, a strategy's
    /// rows together, leaving out a row that only repeats one before it (the naive strategies
    /// follow no rule and do not learn).
    pub(crate) fn configs(&self) -> Vec<Config> {
        let variants = self.engine.rules.each(self.config());
        let mut configs: Vec<Config> = Vec::new();
        for &strategy in self.strategies() {
            for variant in &variants {
                for mut config in compare::configs(&[strategy], variant) {
                    if config.branch == Branch::Conflicts && !config.learns() {
                        // Without clauses it branches as fewest does.
                        continue;
                    }
                    if config.strategy == Strategy::Dfs && config.learn == Learn::Cubes {
                        // Cubes are cut by the breadth-first search: dfs has none.
                        continue;
                    }
                    if config.strategy == Strategy::Dfs && config.learns() {
                        // It guesses by its own activity, whatever the branch rule.
                        config.branch = Branch::default();
                    }
                    let options = compare::options(&config);
                    if !configs
                        .iter()
                        .any(|c| c.strategy == strategy && compare::options(c) == options)
                    {
                        configs.push(config);
                    }
                }
            }
        }
        configs
    }
}

/// The search configuration of limits and engine flags for `strategy` (`None` for `compare`,
/// which budgets each strategy itself); `threads` is the default thread count.
fn config(
    limits: &LimitArgs,
    engine: &EngineArgs,
    strategy: Option<Strategy>,
    threads: Option<usize>,
) -> Config {
    let strategy = strategy.unwrap_or_default();
    let defaults = Config::default();
    let max_solutions = match (limits.all, limits.max_solutions) {
        (true, cap) => cap,
        (false, limit) => Some(limit.unwrap_or(Config::DEFAULT_MAX_SOLUTIONS)),
    };
    // The naive depth-first searches end on every 9x9 puzzle of the hardest public sets (in
    // minutes at worst), but on a larger board, where a puzzle can ask them for more nodes than
    // the machine will ever make, they get a node budget, unless the user set a budget of either
    // kind (`--timeout inf` included).
    let budgeted = limits.max_nodes.is_some() || limits.timeout.is_some();
    let beyond_9x9 = if budgeted {
        None
    } else {
        explore::compare::default_max_nodes(strategy)
    };
    let mut config = engine.rules.apply(
        defaults
            .with_max_solutions(max_solutions)
            .with_max_nodes(limits.max_nodes)
            .with_max_nodes_beyond_9x9(beyond_9x9)
            .with_timeout(limits.timeout.filter(|&timeout| timeout != NO_TIMEOUT)),
    );
    if let Some(threads) = engine.threads.or(threads) {
        config.threads = threads;
    }
    if let Some(plan) =
        crate::memory::plan(engine.max_memory, config.threads, engine.rules.learns())
    {
        plan.apply(&mut config);
    }
    config
}

/// Accepts the names of `values`, lists each with its help in `--help`, and parses with
/// the library's `FromStr`.
pub(crate) fn named_parser<T>(
    values: &'static [T],
    name: fn(T) -> &'static str,
    help: fn(T) -> &'static str,
) -> impl TypedValueParser<Value = T>
where
    T: Copy + std::str::FromStr + Send + Sync + 'static,
    T::Err: std::error::Error + Send + Sync + 'static,
{
    let possible = values
        .iter()
        .map(|&value| PossibleValue::new(name(value)).help(help(value)));
    PossibleValuesParser::new(possible).try_map(|name| name.parse::<T>())
}

fn strategy_parser() -> impl TypedValueParser<Value = Strategy> {
    named_parser(Strategy::ALL, Strategy::name, Strategy::summary)
}

fn forced_parser() -> impl TypedValueParser<Value = Forced> {
    named_parser(Forced::ALL, Forced::name, Forced::summary)
}

fn branch_parser() -> impl TypedValueParser<Value = Branch> {
    named_parser(Branch::ALL, Branch::name, Branch::summary)
}

fn learn_parser() -> impl TypedValueParser<Value = Learn> {
    named_parser(Learn::ALL, Learn::name, Learn::summary)
}

/// Parses a whole number of at least 1.
/// Parses a thread count: 1 to [`Config::MAX_THREADS`], the most the engines start.
pub(crate) fn parse_threads(text: &str) -> Result<usize, String> {
    match parse_positive::<usize>(text) {
        Ok(n) if n <= Config::MAX_THREADS => Ok(n),
        _ => Err(format!(
            "expected a whole number from 1 to {}",
            Config::MAX_THREADS
        )),
    }
}

pub(crate) fn parse_positive<T: TryFrom<u64>>(text: &str) -> Result<T, String> {
    let fail = || "expected a whole number, 1 or more".to_owned();
    match text.trim().parse::<u64>() {
        Ok(n) if n >= 1 => T::try_from(n).map_err(|_| fail()),
        _ => Err(fail()),
    }
}

/// Parses a memory size of at least one byte: a whole number of bytes, or a number (fractions
/// allowed) with a unit. `KiB`, `MiB`, `GiB` and `TiB` count in 1024s, and so do the bare `K`,
/// `M`, `G` and `T` (as `sort -S` and `dd` read them); `kB`, `MB`, `GB` and `TB` count in 1000s.
/// Units ignore case, and may follow a space. A fraction of a byte is dropped.
///
/// Hand-written rather than a crate's: the grammar is a dozen lines, and a dependency would
/// bring its own idea of what `64M` means.
fn parse_bytes(text: &str) -> Result<usize, String> {
    const EXPECTED: &str = "expected a size in bytes, 1 or more, such as 65536, 64MiB or 1GiB";
    let text = text.trim();
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let unit = unit.trim_start().to_ascii_lowercase();
    let scale: f64 = match unit.as_str() {
        "" | "b" => 1.0,
        "k" | "kib" => 1024.0,
        "m" | "mib" => 1024f64.powi(2),
        "g" | "gib" => 1024f64.powi(3),
        "t" | "tib" => 1024f64.powi(4),
        "kb" => 1e3,
        "mb" => 1e6,
        "gb" => 1e9,
        "tb" => 1e12,
        _ => return Err(format!("unknown unit '{}': {EXPECTED}", unit.trim())),
    };
    let value: f64 = number.parse().map_err(|_| EXPECTED.to_owned())?;
    let bytes = (value * scale).floor();
    if !(1.0..=usize::MAX as f64).contains(&bytes) {
        return Err(EXPECTED.to_owned());
    }
    Ok(bytes as usize)
}

/// What `--timeout inf` parses to: no time limit, but a budget given all the same.
pub(crate) const NO_TIMEOUT: Duration = Duration::MAX;

/// Parses a non-negative number of seconds such as `2`, `0.5` or `1e-3`, or `inf` (also
/// `infinity`, `none`, `never`) for no limit, [`NO_TIMEOUT`].
pub(crate) fn parse_seconds(text: &str) -> Result<Duration, String> {
    const EXPECTED: &str =
        "expected a number of seconds, 0 or more, such as 2 or 0.5, or inf for no limit";
    let text = text.trim();
    if ["inf", "infinity", "none", "never"]
        .iter()
        .any(|word| text.eq_ignore_ascii_case(word))
    {
        return Ok(NO_TIMEOUT);
    }
    let seconds: f64 = text.parse().map_err(|_| EXPECTED.to_owned())?;
    if seconds.is_nan() || seconds < 0.0 {
        return Err(EXPECTED.to_owned());
    }
    // Beyond what a Duration holds (1e30 s) is as good as no limit.
    Ok(Duration::try_from_secs_f64(seconds).unwrap_or(NO_TIMEOUT))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> SolveArgs {
        Cli::try_parse_from(std::iter::once("explore").chain(args.iter().copied()))
            .expect("valid arguments")
            .solve
    }

    #[test]
    fn the_command_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn a_posthoc_trace_is_named_as_posthoc_opens_it() {
        assert_eq!(
            parse_trace_name("out/demo.trace.json"),
            Ok(PathBuf::from("out/demo.trace.json"))
        );
        let refused = |name: &str| parse_trace_name(name).unwrap_err();
        assert_eq!(
            refused("demo.json"),
            "Posthoc opens only files whose names end in .trace.json; use demo.trace.json"
        );
        assert!(refused("demo").ends_with("use demo.trace.json"));
        assert!(refused("demo.trace.yaml").ends_with("use demo.trace.yaml.trace.json"));
        assert!(refused("out/.trace.json").ends_with("use out/search.trace.json"));
        assert!(refused("").ends_with("use search.trace.json"));
    }

    #[test]
    fn defaults_are_the_library_defaults() {
        let config = parse(&[]).config();
        assert_eq!(config, Config::default());
    }

    #[test]
    fn all_lifts_the_solution_limit_unless_capped() {
        assert_eq!(parse(&["--all"]).config().max_solutions, None);
        assert_eq!(
            parse(&["--all", "--max-solutions", "5"])
                .config()
                .max_solutions,
            Some(5)
        );
        assert_eq!(
            parse(&["--max-solutions", "1"]).config().max_solutions,
            Some(1)
        );
    }

    #[test]
    fn names_parse_as_the_library_spells_them() {
        for &strategy in Strategy::ALL {
            assert_eq!(parse(&["--strategy", strategy.name()]).strategy, strategy);
        }
        let args = parse(&["--forced", "naked", "--branch", "first"]);
        assert_eq!(
            (&args.engine.rules.forced[..], &args.engine.rules.branch[..]),
            (&[Forced::Naked][..], &[Branch::First][..])
        );
    }

    #[test]
    fn compare_shares_the_limits_and_defaults_to_one_thread_and_every_strategy() {
        let cli = Cli::try_parse_from([
            "explore",
            "compare",
            "--max-nodes",
            "5",
            "--forced",
            "naked",
        ])
        .expect("valid arguments");
        let Some(Command::Compare(args)) = cli.command else {
            panic!("compare is a subcommand");
        };
        let config = args.config();
        assert_eq!(config.max_nodes, Some(5));
        assert_eq!(config.forced, Forced::Naked);
        assert_eq!(config.threads, 1);
        assert_eq!(args.strategies(), Strategy::ALL);
    }

    #[test]
    fn reading_flags_make_the_reader_options() {
        assert_eq!(parse(&[]).read.options(), format::Options::default());
        let args = parse(&["--box", "3x2", "--symbols", "hex"]);
        let expected = format::Options::default()
            .with_shape(Some(Shape::new(3, 2).unwrap()))
            .with_symbols(Symbols::Hex);
        assert_eq!(args.read.options(), expected);
        let bad = Cli::try_parse_from(["explore", "--box", "9x8"]).unwrap_err();
        assert!(bad.to_string().contains("side 72"), "{bad}");
        let cli = Cli::try_parse_from(["explore", "compare", "--symbols", "numbers"]).unwrap();
        let Some(Command::Compare(args)) = cli.command else {
            panic!("compare is a subcommand");
        };
        assert_eq!(args.read.options().symbols, Symbols::Numbers);
    }

    #[test]
    fn counts_start_at_one() {
        assert_eq!(parse_positive::<usize>("4"), Ok(4));
        assert!(parse_positive::<u64>("0").is_err());
        assert!(parse_positive::<u64>("-3").is_err());
        assert!(parse_positive::<u64>("many").is_err());
    }

    #[test]
    fn sizes_take_units_in_1024s_and_1000s() {
        assert_eq!(parse_bytes("65536"), Ok(65_536));
        assert_eq!(parse_bytes("64MiB"), Ok(64 << 20));
        assert_eq!(parse_bytes("64 mib"), Ok(64 << 20));
        assert_eq!(parse_bytes("1GiB"), Ok(1 << 30));
        assert_eq!(parse_bytes("1G"), Ok(1 << 30));
        assert_eq!(parse_bytes("512K"), Ok(512 << 10));
        assert_eq!(parse_bytes("1.5KiB"), Ok(1536));
        assert_eq!(parse_bytes("2MB"), Ok(2_000_000));
        assert_eq!(parse_bytes("3kB"), Ok(3_000));
        assert_eq!(parse_bytes("100B"), Ok(100));
        assert_eq!(
            parse_bytes(DEFAULT_MAX_FRONTIER_BYTES_TEXT),
            Ok(Config::DEFAULT_MAX_FRONTIER_BYTES)
        );
        for bad in [
            "",
            "0",
            "0.5",
            "-1",
            "MiB",
            "12 parsecs",
            "1e3",
            "1..2K",
            "99999999T",
        ] {
            assert!(parse_bytes(bad).is_err(), "{bad}");
        }
        assert!(
            parse_bytes("4 furlongs")
                .unwrap_err()
                .starts_with("unknown unit 'furlongs'")
        );
    }

    #[test]
    fn the_byte_budget_reaches_the_config() {
        let config = parse(&["--max-frontier-bytes", "64KiB"]).config();
        assert_eq!(config.max_frontier_bytes, 64 << 10);
        assert_eq!(config.max_frontier, Config::DEFAULT_MAX_FRONTIER);
    }

    #[test]
    fn seconds_may_be_fractions_but_not_negative() {
        assert_eq!(parse_seconds("0.25"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_seconds("3"), Ok(Duration::from_secs(3)));
        assert!(parse_seconds("-1").is_err());
        assert!(parse_seconds("NaN").is_err());
        assert_eq!(parse_seconds("inf"), Ok(NO_TIMEOUT));
        assert_eq!(parse_seconds("none"), Ok(NO_TIMEOUT));
        assert_eq!(parse_seconds("1e300"), Ok(NO_TIMEOUT));
        assert!(
            parse_seconds("soon")
                .unwrap_err()
                .contains("or inf for no limit")
        );
        assert_eq!(parse(&["--timeout", "inf"]).config().timeout, None);
    }

    #[test]
    fn the_naive_strategies_get_a_node_budget_beyond_9x9_unless_one_is_given() {
        let nodes = |args: &[&str]| {
            let config = parse(args).config();
            (config.max_nodes, config.max_nodes_beyond_9x9)
        };
        assert_eq!(nodes(&["-s", "backtrack"]), (None, Some(1_000_000)));
        assert_eq!(nodes(&["-s", "bitmask"]), (None, Some(10_000_000)));
        assert_eq!(nodes(&["-s", "bfs"]), (None, None));
        assert_eq!(nodes(&["-s", "dfs"]), (None, None));
        assert_eq!(
            nodes(&["-s", "backtrack", "--max-nodes", "7"]),
            (Some(7), None)
        );
        assert_eq!(nodes(&["-s", "bitmask", "--timeout", "3"]), (None, None));
        assert_eq!(nodes(&["-s", "bitmask", "--timeout", "inf"]), (None, None));
    }
}
