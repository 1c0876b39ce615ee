//! `explore completions SHELL` and `explore man`: the command line describing itself, from the
//! same clap definition as `--help`, so neither can fall out of step with the flags.

use std::io::{self, Write};

use clap::CommandFactory;
use clap_complete::Shell;

use crate::cli::Cli;
use crate::tally::{EXIT_INPUT, EXIT_OK};

/// Writes the completion script for `shell` to standard output; returns the exit status.
pub(crate) fn completions(shell: Shell) -> u8 {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "explore", &mut script);
    write_out(&script)
}

/// Writes the manual page, in roff, to standard output; returns the exit status.
pub(crate) fn man() -> u8 {
    let mut page = Vec::new();
    match clap_mangen::Man::new(Cli::command()).render(&mut page) {
        Ok(()) => write_out(&page),
        Err(error) => {
            eprintln!("explore: man: {error}");
            EXIT_INPUT
        }
    }
}

fn write_out(bytes: &[u8]) -> u8 {
    match io::stdout().lock().write_all(bytes) {
        Ok(()) => EXIT_OK,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => EXIT_OK,
        Err(error) => {
            eprintln!("explore: cannot write: {error}");
            EXIT_INPUT
        }
    }
}
