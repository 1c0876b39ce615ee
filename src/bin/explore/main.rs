//! The `explore` command: solve Sudoku puzzles from files, standard input or the command line,
//! and show the solutions with the statistics of the search.
//!
//! `main` only parses the command line, installs the tracing subscriber and turns the run's
//! tally into an exit status. The modules are named after what they own:
//!
//! - `cli`: the flags, their help, and the [`explore::Config`] they make;
//! - `input`: where puzzles come from (files, `-`, literal puzzles, the demo);
//! - `solve`: the run: inputs through the batch, results to the output, messages to stderr;
//! - `output`: the `human`, `line` and `json` renderers;
//! - `tally`: verdicts counted, the exit status and the batch summary.

mod cli;
mod input;
mod output;
mod solve;
mod tally;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::Parser;
use tracing_subscriber::EnvFilter;
use tracing_subscriber::filter::LevelFilter;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    install_tracing();
    solve::run(&cli.solve).exit_code()
}

/// Sends the library's `tracing` events to standard error, filtered by `RUST_LOG` (default:
/// warnings and errors), coloured only when standard error is a terminal.
fn install_tracing() {
    let filter = EnvFilter::builder()
        .with_default_directive(LevelFilter::WARN.into())
        .from_env()
        .unwrap_or_else(|error| {
            let _ = writeln!(io::stderr(), "explore: ignoring RUST_LOG: {error}");
            EnvFilter::new("warn")
        });
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(io::stderr)
        .with_ansi(io::stderr().is_terminal())
        .try_init();
}
