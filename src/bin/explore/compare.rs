//! `explore compare`: several strategies over the same puzzles, summed up side by side.
//!
//! The puzzles of every input are compared as they are read, every strategy on each puzzle in
//! turn, so standard input streams and only the per-puzzle records are kept; unreadable
//! puzzles are reported where they stand. [`explore::compare`] does the solving and
//! the summing; this module shows a progress bar on standard error, writes the summaries in the
//! chosen format, draws the chart, and reports any disagreement between strategies.

use std::io::{self, Write};
use std::path::Path;

use explore::{chart, compare, format};
use indicatif::{ProgressBar, ProgressStyle};

use crate::cli::{CompareArgs, CompareFormat};
use crate::files::{self, quoted};
use crate::input::Source;
use crate::tally::{EXIT_INPUT, EXIT_OK, EXIT_UNSOLVED};

/// Runs the comparison `args` asks for and returns the exit status.
pub(crate) fn run(args: &CompareArgs) -> u8 {
    let mut status = EXIT_OK;
    let sources = Source::from_args(&args.inputs, &args.read.options());
    let outputs: Vec<(&str, &Path)> = args
        .svg
        .iter()
        .map(|path| ("--svg", path.as_path()))
        .collect();
    if let Err(error) = files::check_outputs(&sources, &outputs) {
        eprintln!("explore: {error}");
        return EXIT_INPUT;
    }
    let mut configs = compare::configs(args.strategies(), &args.config());
    if args.limits.timeout == Some(crate::cli::NO_TIMEOUT) {
        // `--timeout inf` asks for no budget: not even the naive strategies' default one.
        for config in &mut configs {
            config.max_nodes = args.limits.max_nodes;
        }
    }
    // Puzzles are compared as they are read, so standard input streams and only the records
    // are kept, never the input.
    let bar = progress_bar(args.quiet);
    let mut comparison = compare::Comparison::new(configs);
    let mut sizes: Vec<usize> = Vec::new();
    for source in sources {
        let opened = match source.open() {
            Ok(opened) => opened,
            Err(error) => {
                bar.suspend(|| eprintln!("explore: {error}"));
                status = EXIT_INPUT;
                continue;
            }
        };
        for item in format::read_with(opened.reader, &opened.name, &args.read.options()) {
            match item {
                Ok(puzzle) => {
                    let side = puzzle.grid.shape().side();
                    if !sizes.contains(&side) {
                        sizes.push(side);
                    }
                    comparison.add(&puzzle.grid);
                    bar.inc(1);
                }
                Err(error) => {
                    bar.suspend(|| eprintln!("explore: {error}"));
                    status = EXIT_INPUT;
                }
            }
        }
    }
    bar.finish_and_clear();
    let n_puzzles = comparison.n_puzzles();
    if n_puzzles == 0 {
        eprintln!("explore: compare: no puzzle to compare on");
        return EXIT_INPUT;
    }
    let summaries = comparison.finish();

    // One row per strategy and board size: the figures of different sizes do not add up.
    let shown = compare::by_shape(&summaries);
    let text = match args.output {
        CompareFormat::Table => compare::table(&shown),
        CompareFormat::Markdown => markdown(&shown),
        CompareFormat::Csv => csv(&shown),
        CompareFormat::Json => shown.iter().map(json_line).collect(),
    };
    let mut stdout = io::stdout().lock();
    if let Err(error) = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        // A reader that went away is not reported, but the comparison was not all written.
        if error.kind() != io::ErrorKind::BrokenPipe {
            eprintln!(
                "explore: cannot write the comparison: {}",
                crate::input::describe(&error)
            );
        }
        return EXIT_INPUT;
    }

    if let Some(path) = &args.svg {
        sizes.sort_unstable();
        let sizes: Vec<String> = sizes.iter().map(|n| format!("{n}x{n}")).collect();
        let title = match n_puzzles {
            1 => format!("1 puzzle ({}), one core", sizes.join(", ")),
            n => format!("{n} puzzles ({}), one core each", sizes.join(", ")),
        };
        let name = quoted(path.as_os_str());
        match files::write_whole(path, chart::compare_svg(&shown, &title).as_bytes()) {
            Ok(()) if !args.quiet => eprintln!("explore: wrote the chart to {name}"),
            Ok(()) => {}
            Err(error) => {
                eprintln!("explore: --svg: cannot write {name}: {error}");
                status = EXIT_INPUT;
            }
        }
    }

    let disagreements = compare::disagreements(&summaries);
    for disagreement in &disagreements {
        eprintln!(
            "explore: puzzle {}: {}",
            disagreement.puzzle + 1,
            disagreement.reason
        );
    }
    if status == EXIT_OK && !disagreements.is_empty() {
        status = EXIT_UNSOLVED;
    }
    status
}

/// A counter of puzzles compared on standard error, for long comparisons; hidden when
/// standard error is not a terminal or with `--quiet`. The input streams, so there is no total
/// to show.
fn progress_bar(quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new_spinner();
    let style = ProgressStyle::with_template("{spinner} {pos} puzzles compared, {elapsed} elapsed")
        .expect("the template is valid");
    bar.set_style(style);
    bar
}

/// The `schema` of every `explore compare --output json` line (docs/json.md).
pub(crate) const SCHEMA: &str = "explore.compare/1";

/// One summary as a JSON line: `schema`, then the summary's fields, named as the columns of
/// the other formats ([`compare::COLUMNS`]).
fn json_line(summary: &compare::Summary) -> String {
    #[derive(serde::Serialize)]
    struct Line<'a> {
        schema: &'static str,
        #[serde(flatten)]
        summary: &'a compare::Summary,
    }
    let line = Line {
        schema: SCHEMA,
        summary,
    };
    serde_json::to_string(&line).expect("summaries serialise") + "\n"
}

/// The summaries as a Markdown table.
fn markdown(summaries: &[compare::Summary]) -> String {
    let mut out = format!("| {} |\n", compare::COLUMNS.join(" | "));
    out.push_str(&format!(
        "|{}\n",
        compare::COLUMNS
            .iter()
            .enumerate()
            .map(|(i, _)| if i < 2 { " --- |" } else { " ---: |" })
            .collect::<String>()
    ));
    for row in compare::rows(summaries) {
        out.push_str(&format!("| {} |\n", row.join(" | ")));
    }
    out
}

/// The summaries as CSV with a header line; cells holding a comma, a quote or a line break are
/// quoted (RFC 4180).
///
/// Hand-written rather than the `csv` crate's: the cells are already strings, one quoting rule
/// is all RFC 4180 asks of a writer, and the crate would bring four more to compile for it.
fn csv(summaries: &[compare::Summary]) -> String {
    let line = |cells: &mut dyn Iterator<Item = &str>| -> String {
        let quoted: Vec<String> = cells
            .map(|cell| {
                if cell.contains([',', '"', '\n', '\r']) {
                    format!("\"{}\"", cell.replace('"', "\"\""))
                } else {
                    cell.to_owned()
                }
            })
            .collect();
        quoted.join(",") + "\n"
    };
    let mut out = line(&mut compare::COLUMNS.iter().copied());
    for row in compare::rows(summaries) {
        out.push_str(&line(&mut row.iter().map(String::as_str)));
    }
    out
}
