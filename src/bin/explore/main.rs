//! The `explore` command: solve Sudoku puzzles from files, standard input or the command line,
//! and show the solutions with the statistics of the search.
//!
//! `main` only parses the command line, installs the tracing subscriber and turns the run's
//! tally into an exit status. The modules are named after what they own:
//!
//! - `cli`: the flags, their help, and the [`explore::Config`] they make;
//! - `color`: `--color` and the environment variables that say whether to colour;
//! - `compare`: `explore compare`, strategies side by side;
//! - `explain`: `explore explain`, a puzzle's solutions, where they differ, the givens to add;
//! - `files`: files the run writes, never an input and written whole;
//! - `generate`: `explore generate`, puzzles with one solution, and `sheet`, their page to print;
//! - `grade`: `explore grade`, how hard each puzzle is, with the evidence;
//! - `input`: where puzzles come from (files, `-`, literal puzzles, the demo);
//! - `manual`: `explore completions` and `explore man`;
//! - `merge`: `explore merge`, results of shards, batches and comparisons added up;
//! - `solve`: the run: inputs through the batch, results to the output, messages to stderr;
//! - `split`: `explore split`, one puzzle's search cut into shards;
//! - `step`: `--step`, the search stepped in the terminal for a class;
//! - `memory`: `--max-memory`, one bound shared out among the budgets;
//! - `output`: the `human`, `line` and `json` renderers;
//! - `pictures`: `--svg`, `--dot`, `--posthoc` and `--html`, pictures of one puzzle's search;
//! - `progress`: the live line of a long run (boards, solutions, rate, estimate, time left);
//! - `tally`: verdicts counted, the exit status and the batch summary;
//! - `terminal`: the size of the terminal that the trace and the step mode draw on;
//! - `trace`: the `--trace` layer that draws the search as it runs.

mod cli;
mod color;
mod compare;
mod explain;
mod files;
mod generate;
mod grade;
mod input;
mod manual;
mod memory;
mod merge;
mod output;
mod pictures;
mod progress;
mod sheet;
mod solve;
mod split;
mod step;
mod tally;
mod terminal;
mod trace;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use explore::trace::TARGET;
use tracing::Level;
use tracing_subscriber::EnvFilter;
use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::prelude::*;

fn main() -> ExitCode {
    let cli = cli::parse();
    let ansi = cli.color.enabled(io::stderr().is_terminal());
    // Standard output is not checked for being closed: a process started with it closed
    // (`>&-`) finds it open on `/dev/null`, which Rust's runtime opens read-write in its
    // place, and that is what scripts that discard output open too (Python's
    // `subprocess.DEVNULL`, Go's and Node's ways): the two cannot be told apart, and the
    // common case wins. Both are written as `/dev/null` is, in any mode.
    match &cli.command {
        Some(cli::Command::Compare(args)) => {
            install_tracing(ansi, None);
            ExitCode::from(compare::run(args))
        }
        Some(cli::Command::Split(args)) => {
            install_tracing(ansi, None);
            ExitCode::from(split::run(args))
        }
        Some(cli::Command::Generate(args)) => {
            install_tracing(ansi, None);
            ExitCode::from(generate::run(args))
        }
        Some(cli::Command::Grade(args)) => {
            install_tracing(ansi, None);
            ExitCode::from(grade::run(args))
        }
        Some(cli::Command::Explain(args)) => {
            install_tracing(ansi, None);
            ExitCode::from(explain::run(args))
        }
        Some(cli::Command::Merge(args)) => {
            install_tracing(ansi, None);
            ExitCode::from(merge::run(args))
        }
        Some(cli::Command::Completions(args)) => ExitCode::from(manual::completions(args.shell)),
        Some(cli::Command::Man) => ExitCode::from(manual::man()),
        None if cli.solve.step => {
            install_tracing(ansi, None);
            ExitCode::from(step::run(&cli.solve))
        }
        None => {
            let config = cli.solve.config();
            let (live, progress) = progress::Live::for_solving(&cli.solve, &config);
            let trace = cli
                .solve
                .trace()
                .map(|format| trace::TraceLayer::new(format, live.clone()));
            install_tracing(ansi, trace);
            solve::run(&cli.solve, live, progress).exit_code()
        }
    }
}

/// Sends the library's `tracing` events to standard error, filtered by `RUST_LOG` (default:
/// warnings and errors), coloured when `ansi` says (`--color`, [`color`]); with `--trace`, also
/// the search's own events, drawn by `trace`.
fn install_tracing(ansi: bool, trace: Option<trace::TraceLayer>) {
    let filter = EnvFilter::builder()
        .with_default_directive(LevelFilter::WARN.into())
        .from_env()
        .unwrap_or_else(|error| {
            let _ = writeln!(io::stderr(), "explore: ignoring RUST_LOG: {error}");
            EnvFilter::new("warn")
        });
    // A warning is for the person at the terminal: its level and its words, no time or
    // module, so that it fits 80 columns.
    let log = tracing_subscriber::fmt::layer()
        .without_time()
        .with_target(false)
        .with_writer(io::stderr)
        .with_ansi(ansi)
        .with_filter(filter);
    let trace =
        trace.map(|layer| layer.with_filter(Targets::new().with_target(TARGET, Level::INFO)));
    let _ = tracing_subscriber::registry()
        .with(log)
        .with(trace)
        .try_init();
}
