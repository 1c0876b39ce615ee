//! `explore compare`: several strategies over the same puzzles, summed up side by side.
//!
//! The puzzles of every input are compared as they are read, every strategy on each puzzle in
//! turn, so standard input streams and only the per-puzzle records are kept; unreadable
//! puzzles are reported where they stand. [`explore::compare`] does the solving and
//! the summing; this module shows a progress bar on standard error, writes the summaries in the
//! chosen format, draws the chart, writes the page that plays the first puzzle's searches
//! side by side (`--html`), and reports any disagreement between strategies.

use std::io::{self, Write};
use std::path::Path;
use std::time::Duration;

use explore::footprint::Footprint;
use explore::geometry::Shape;
use explore::play::{self, Recording};
use explore::{Config, Grid, InputError, Status, Strategy, chart, compare, format};
use indicatif::{ProgressBar, ProgressStyle};
use serde::{Deserialize, Serialize};

use crate::cli::{CompareArgs, CompareFormat};
use crate::files;
use crate::input::quoted;
use crate::input::{DEMO_TITLE, Source};
use crate::output::{bytes, duration};
use crate::pictures::puzzle_name;
use crate::tally::{EXIT_INPUT, EXIT_OK, EXIT_UNSOLVED, counted, group};
use crate::terminal;

/// Runs the comparison `args` asks for and returns the exit status.
pub(crate) fn run(args: &CompareArgs) -> u8 {
    let mut status = EXIT_OK;
    let sources = Source::from_args(&args.inputs, &args.read.options());
    let outputs: Vec<(&str, &Path)> = args
        .svg
        .iter()
        .map(|path| ("--svg", path.as_path()))
        .chain(args.html.iter().map(|path| ("--html", path.as_path())))
        .collect();
    if let Err(error) = files::check_outputs(&sources, &outputs) {
        eprintln!("explore: {error}");
        return EXIT_INPUT;
    }
    let mut configs = args.configs();
    if args.limits.timeout == Some(crate::cli::NO_TIMEOUT) {
        // `--timeout inf` asks for no budget: not even the naive strategies' default one.
        for config in &mut configs {
            config.max_nodes = args.limits.max_nodes;
        }
    }
    // Puzzles are compared as they are read, so standard input streams and only the records
    // are kept, never the input.
    let bar = progress_bar(args.quiet);
    // The picture's memory panel: the first puzzle, solved once more by every configuration
    // with its footprint sampled (so the comparison's timings pay nothing for it).
    let picture_configs = args.svg.as_ref().map(|_| configs.clone());
    let mut footprints: Option<(String, Vec<Footprint>)> = None;
    // The page: the first puzzle, solved once more by every configuration and recorded.
    let page_configs = args.html.as_ref().map(|_| configs.clone());
    let mut page: Option<Vec<Recording>> = None;
    let mut comparison = compare::Comparison::new(configs);
    let mut sizes: Vec<usize> = Vec::new();
    // With --output records, each puzzle's records are written as soon as it is compared.
    let mut records = (args.output == CompareFormat::Records).then(|| io::stdout().lock());
    for source in sources {
        let title = (source == Source::Demo).then_some(DEMO_TITLE);
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
                    if let (None, Some(configs)) = (&footprints, &picture_configs) {
                        let name = puzzle_name(&opened.name, title, puzzle.index);
                        footprints = Some((name, compare::footprints(&puzzle.grid, configs)));
                    }
                    if let (None, Some(configs)) = (&page, &page_configs) {
                        let name = puzzle_name(&opened.name, title, puzzle.index);
                        page = Some(record_all(&puzzle.grid, configs, &name));
                    }
                    bar.inc(1);
                    bar.set_message(counted(bar.position(), "puzzle", "puzzles"));
                    if let Some(out) = &mut records {
                        let lines: String = comparison
                            .last()
                            .map(|(config, record)| {
                                RecordLine::of(&opened.name, &puzzle, config, record).to_json()
                            })
                            .collect();
                        if let Err(code) = write_out(out, &lines) {
                            bar.finish_and_clear();
                            return code;
                        }
                    }
                }
                Err(error) => {
                    bar.suspend(|| eprintln!("explore: {error}"));
                    status = EXIT_INPUT;
                    if let Some(out) = &mut records {
                        if let Err(code) = write_out(out, &RecordLine::invalid(&error).to_json()) {
                            bar.finish_and_clear();
                            return code;
                        }
                    }
                }
            }
        }
    }
    bar.finish_and_clear();
    drop(records);
    let n_puzzles = comparison.n_puzzles();
    if n_puzzles == 0 {
        eprintln!("explore: compare: no puzzle to compare on");
        return EXIT_INPUT;
    }
    let summaries = comparison.finish();
    // One line per configuration, named as the summaries of all sizes together name them.
    // One line per configuration, named as the summaries of all sizes together name them,
    // and marked where the search of that puzzle gave up at its budget.
    let footprints = footprints.map(|(puzzle, lines)| {
        let names = compare::labels(&summaries).into_iter().zip(&summaries);
        let names = names.map(|(name, summary)| match summary.records.first() {
            Some(first) if first.status == Status::GaveUp => format!("{name} (gave up)"),
            _ => name,
        });
        let puzzle = match n_puzzles {
            1 => puzzle,
            n => format!("{puzzle} (the first of {n})"),
        };
        chart::FootprintPanel::new(puzzle, names.zip(lines).collect())
    });

    // One row per strategy and board size: the figures of different sizes do not add up.
    let shown = compare::by_shape(&summaries);
    // Said under the table, of the columns it left out.
    let mut note = None;
    let text = match args.output {
        CompareFormat::Table if args.wide => compare::table(&shown),
        CompareFormat::Table => {
            let width = terminal::stdout_width();
            let (text, left_out) = table(&shown, width);
            if left_out > 0 && !args.quiet {
                note = Some(left_out_note(left_out, width));
            }
            text
        }
        CompareFormat::Markdown => markdown(&shown),
        CompareFormat::Csv => csv(&shown),
        CompareFormat::Json => shown.iter().map(json_line).collect(),
        CompareFormat::Records => String::new(),
    };
    if let Err(code) = write_out(&mut io::stdout().lock(), &text) {
        return code;
    }
    if let Some(note) = note {
        eprintln!("explore: {note}");
    }

    if let Some(path) = &args.svg {
        sizes.sort_unstable();
        let sizes: Vec<String> = sizes.iter().map(|n| format!("{n}x{n}")).collect();
        let title = match n_puzzles {
            1 => format!("1 puzzle ({}), one core", sizes.join(", ")),
            n => format!("{n} puzzles ({}), one core each", sizes.join(", ")),
        };
        let name = quoted(path.as_os_str());
        let svg = match &footprints {
            Some(footprints) => chart::compare_svg_with_footprints(&shown, footprints, &title),
            None => chart::compare_svg(&shown, &title),
        };
        match files::write_whole(path, svg.as_bytes()) {
            Ok(()) if !args.quiet => {
                eprint!(
                    "{}",
                    terminal::notice(&format!("wrote the chart to {name}"))
                );
            }
            Ok(()) => {}
            Err(error) => {
                eprintln!("explore: --svg: cannot write {name}: {error}");
                status = EXIT_INPUT;
            }
        }
    }

    if let (Some(path), Some(runs)) = (&args.html, page) {
        let name = quoted(path.as_os_str());
        let text = play::page::html(&play::Document::new(runs));
        match files::write_whole(path, text.as_bytes()) {
            Ok(()) if !args.quiet => {
                eprintln!("explore: wrote a page that plays the searches to {name}");
            }
            Ok(()) => {}
            Err(error) => {
                eprintln!("explore: --html: cannot write {name}: {error}");
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

/// `puzzle` searched once more by each of `configs`, and recorded for the page.
fn record_all(puzzle: &Grid, configs: &[Config], name: &str) -> Vec<Recording> {
    configs
        .iter()
        .map(|config| {
            let config = config.clone().with_record(true);
            Recording::new(puzzle, &config, &explore::solve(puzzle, &config), name)
        })
        .collect()
}

/// A column of the table for people: its heading and its cell for a summary.
struct Column {
    heading: &'static str,
    cell: fn(&compare::Summary) -> String,
}

/// The columns of the table for people, in the order they stand. Each figure is written with
/// its unit (`1.23 s`, `12.3 MiB`) and its thousands separated; [`compare::COLUMNS`] has the
/// same figures, and more, as plain numbers for programs.
const TABLE: [Column; 16] = [
    Column {
        heading: "strategy",
        cell: |s| s.strategy.to_string(),
    },
    Column {
        heading: "board",
        cell: board,
    },
    Column {
        heading: "puzzles",
        cell: |s| group(s.puzzles as f64),
    },
    Column {
        heading: "solved",
        cell: |s| group(s.solved as f64),
    },
    Column {
        heading: "none",
        cell: |s| group(s.none as f64),
    },
    Column {
        heading: "gave up",
        cell: |s| group(s.gave_up as f64),
    },
    Column {
        heading: "time",
        cell: |s| time(s.total_secs),
    },
    Column {
        heading: "puzzles/s",
        cell: |s| {
            if s.puzzles_per_sec >= 10.0 {
                group(s.puzzles_per_sec)
            } else {
                format!("{:.2}", s.puzzles_per_sec)
            }
        },
    },
    Column {
        heading: "median",
        cell: |s| time(s.median_secs),
    },
    Column {
        heading: "worst",
        cell: |s| time(s.worst_secs),
    },
    Column {
        heading: "guesses",
        cell: |s| {
            if s.guesses_per_puzzle >= 100.0 {
                group(s.guesses_per_puzzle)
            } else {
                format!("{:.1}", s.guesses_per_puzzle)
            }
        },
    },
    Column {
        heading: "no guess",
        cell: |s| format!("{:.0}%", s.no_guess_pct),
    },
    Column {
        heading: "nodes",
        cell: |s| group(s.nodes as f64),
    },
    Column {
        heading: "dead",
        cell: |s| group(s.dead as f64),
    },
    Column {
        heading: "frontier",
        cell: |s| group(s.peak_frontier as f64),
    },
    Column {
        heading: "memory",
        cell: |s| bytes(s.peak_frontier_bytes),
    },
];

/// The columns of [`TABLE`] by how much a reader comparing strategies needs them, most first:
/// the narrower the terminal, the fewer of them stand. The strategy, the board and the
/// verdicts always do.
const PRIORITY: [&str; 16] = [
    "strategy",
    "board",
    "solved",
    "none",
    "gave up",
    "time",
    "median",
    "nodes",
    "memory",
    "worst",
    "puzzles",
    "puzzles/s",
    "guesses",
    "frontier",
    "dead",
    "no guess",
];

/// The summaries as a table for people within `width` columns: the columns of [`TABLE`] taken
/// by [`PRIORITY`] while they fit, standing in [`TABLE`]'s order, names to the left and figures
/// to the right. Also says how many columns were left out.
///
/// The full table, every field as a plain number, is `--wide` ([`compare::table`]) and the
/// other formats.
pub(crate) fn table(summaries: &[compare::Summary], width: usize) -> (String, usize) {
    let mut cells: Vec<Vec<String>> = TABLE
        .iter()
        .map(|column| summaries.iter().map(column.cell).collect())
        .collect();
    // Rows of one strategy and board say what sets them apart (`dfs (learn=clauses)`).
    for (cell, distinction) in cells[0].iter_mut().zip(compare::distinctions(summaries)) {
        if !distinction.is_empty() {
            cell.push_str(&format!(" ({distinction})"));
        }
    }
    let widths: Vec<usize> = TABLE
        .iter()
        .zip(&cells)
        .map(|(column, cells)| {
            cells
                .iter()
                .map(|cell| cell.chars().count())
                .chain([column.heading.len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut shown = [false; TABLE.len()];
    let mut used = 0;
    for name in PRIORITY {
        let Some(i) = TABLE.iter().position(|column| column.heading == name) else {
            continue;
        };
        let needed = if used == 0 { widths[i] } else { widths[i] + 2 };
        if used + needed <= width {
            shown[i] = true;
            used += needed;
        }
    }
    let mut out = String::new();
    let headings: Vec<String> = TABLE
        .iter()
        .map(|column| column.heading.to_owned())
        .collect();
    let rows =
        (0..summaries.len()).map(|row| cells.iter().map(|cells| cells[row].clone()).collect());
    for row in std::iter::once(headings).chain(rows) {
        let mut line = String::new();
        for (i, cell) in row.iter().enumerate().filter(|&(i, _)| shown[i]) {
            if !line.is_empty() {
                line.push_str("  ");
            }
            let width = widths[i];
            if i < 2 {
                line.push_str(&format!("{cell:<width$}"));
            } else {
                line.push_str(&format!("{cell:>width$}"));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    (out, shown.iter().filter(|&&shown| !shown).count())
}

/// What a table that left out `n` columns to fit `width` says about them, on standard error.
pub(crate) fn left_out_note(n: usize, width: usize) -> String {
    format!(
        "{} left out to fit {width} columns: --wide shows them all",
        counted(n as u64, "column", "columns")
    )
}

/// `9x9`, or with the box shape where it is not the squarest of the side: `6x6 3x2`.
fn board(summary: &compare::Summary) -> String {
    match summary.shape {
        Some(shape) if Shape::for_side(shape.side()) == Some(shape) => {
            format!("{0}x{0}", shape.side())
        }
        Some(shape) => format!(
            "{0}x{0} {1}x{2}",
            shape.side(),
            shape.box_rows(),
            shape.box_cols()
        ),
        None => "mixed".to_owned(),
    }
}

/// A time in seconds as [`duration`] writes it: `390 µs`, `12.3 ms`, `1.23 s`.
fn time(secs: f64) -> String {
    duration(Duration::try_from_secs_f64(secs).unwrap_or_default())
}

/// A counter of puzzles compared on standard error, for long comparisons; hidden when
/// standard error is not a terminal or with `--quiet`. The input streams, so there is no total
/// to show.
fn progress_bar(quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new_spinner();
    let style = ProgressStyle::with_template("{spinner} {msg} compared, {elapsed} elapsed")
        .expect("the template is valid");
    bar.set_style(style);
    bar
}

/// Writes `text` and flushes; a failure is reported (unless the reader went away) and gives
/// the exit status.
pub(crate) fn write_out(out: &mut dyn Write, text: &str) -> Result<(), u8> {
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|error| {
            // A reader that went away is not reported, but the output was not all written.
            if error.kind() != io::ErrorKind::BrokenPipe {
                eprintln!(
                    "explore: cannot write the output: {}",
                    crate::input::describe(&error)
                );
            }
            EXIT_INPUT
        })
}

/// The `schema` of every `explore compare --output json` line (docs/json.md).
pub(crate) const SCHEMA: &str = "explore.compare/1";

/// The `schema` of every `explore compare --output records` line (docs/json.md).
pub(crate) const RECORD_SCHEMA: &str = "explore.compare.record/1";

/// What one strategy made of one puzzle, as `explore compare --output records` writes it and
/// `explore merge` reads it back: the fields of a [`compare::Record`], with where the puzzle
/// came from and the strategy's options. An unreadable puzzle has one line with its `error`
/// and every field of a search `null`. Times are in seconds, and read back to the nanosecond,
/// so that merged records sum up to exactly the summary of one run.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct RecordLine {
    pub(crate) schema: String,
    pub(crate) input: String,
    pub(crate) index: usize,
    pub(crate) line: usize,
    pub(crate) strategy: Option<String>,
    pub(crate) options: Option<String>,
    pub(crate) size: Option<usize>,
    #[serde(rename = "box")]
    pub(crate) box_shape: Option<String>,
    pub(crate) status: String,
    pub(crate) solution: Option<String>,
    pub(crate) valid: Option<bool>,
    pub(crate) nodes: Option<u64>,
    pub(crate) dead: Option<u64>,
    pub(crate) guesses: Option<u64>,
    pub(crate) peak_frontier: Option<u64>,
    pub(crate) peak_frontier_bytes: Option<u64>,
    pub(crate) elapsed_secs: Option<f64>,
    pub(crate) wall_secs: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) error: Option<String>,
}

/// A compared puzzle read back from a [`RecordLine`].
#[derive(Debug)]
pub(crate) struct ReadRecord {
    pub(crate) strategy: Strategy,
    pub(crate) options: String,
    pub(crate) record: compare::Record,
}

impl RecordLine {
    /// The line of `record`, made by `config` on `puzzle` of the input `input`.
    fn of(
        input: &str,
        puzzle: &format::Puzzle,
        config: &explore::Config,
        record: &compare::Record,
    ) -> RecordLine {
        let shape = record.shape;
        RecordLine {
            schema: RECORD_SCHEMA.to_owned(),
            input: input.to_owned(),
            index: puzzle.index,
            line: puzzle.line,
            strategy: Some(config.strategy.to_string()),
            options: Some(compare::options(config)),
            size: Some(shape.side()),
            box_shape: Some(format!("{}x{}", shape.box_rows(), shape.box_cols())),
            status: record.status.name().to_owned(),
            solution: record.solution.as_ref().map(explore::Grid::to_line),
            valid: Some(record.valid),
            nodes: Some(record.nodes),
            dead: Some(record.dead),
            guesses: Some(record.guesses),
            peak_frontier: Some(record.peak_frontier),
            peak_frontier_bytes: Some(record.peak_frontier_bytes),
            elapsed_secs: Some(record.elapsed.as_secs_f64()),
            wall_secs: Some(record.wall.as_secs_f64()),
            error: None,
        }
    }

    /// The line of a puzzle that could not be read.
    fn invalid(error: &InputError) -> RecordLine {
        RecordLine {
            schema: RECORD_SCHEMA.to_owned(),
            input: error.input.clone(),
            index: error.puzzle,
            line: error.line,
            strategy: None,
            options: None,
            size: None,
            box_shape: None,
            status: "invalid".to_owned(),
            solution: None,
            valid: None,
            nodes: None,
            dead: None,
            guesses: None,
            peak_frontier: None,
            peak_frontier_bytes: None,
            elapsed_secs: None,
            wall_secs: None,
            error: Some(error.to_string()),
        }
    }

    fn to_json(&self) -> String {
        serde_json::to_string(self).expect("records serialise") + "\n"
    }

    /// The record this line holds, or `None` for an unreadable puzzle; an error says which
    /// field is missing or wrong.
    pub(crate) fn read(self) -> Result<Option<ReadRecord>, String> {
        if self.status == "invalid" {
            return Ok(None);
        }
        let missing = |field: &str| format!("field `{field}` is missing or null");
        let strategy: Strategy = self
            .strategy
            .ok_or_else(|| missing("strategy"))?
            .parse()
            .map_err(|error| format!("field `strategy`: {error}"))?;
        let size = self.size.ok_or_else(|| missing("size"))?;
        let shape: Shape = self
            .box_shape
            .ok_or_else(|| missing("box"))?
            .parse()
            .map_err(|error| format!("field `box`: {error}"))?;
        if shape.side() != size {
            return Err(format!(
                "field `box`: {shape} is not a board of size {size}"
            ));
        }
        let status = status_named(&self.status)
            .ok_or_else(|| format!("field `status`: unknown status '{}'", self.status))?;
        let mut record = compare::Record::empty(shape, status);
        if let Some(line) = &self.solution {
            let options = format::Options::default().with_shape(Some(shape));
            let grid = format::parse_one_with(line, &options)
                .map_err(|error| format!("field `solution`: {}", error.kind))?;
            record.solution = Some(grid);
        }
        record.valid = self.valid.ok_or_else(|| missing("valid"))?;
        record.nodes = self.nodes.ok_or_else(|| missing("nodes"))?;
        record.dead = self.dead.ok_or_else(|| missing("dead"))?;
        record.guesses = self.guesses.ok_or_else(|| missing("guesses"))?;
        record.peak_frontier = self.peak_frontier.ok_or_else(|| missing("peak_frontier"))?;
        record.peak_frontier_bytes = self
            .peak_frontier_bytes
            .ok_or_else(|| missing("peak_frontier_bytes"))?;
        record.elapsed = seconds(self.elapsed_secs, "elapsed_secs")?;
        record.wall = seconds(self.wall_secs, "wall_secs")?;
        Ok(Some(ReadRecord {
            strategy,
            options: self.options.ok_or_else(|| missing("options"))?,
            record,
        }))
    }
}

/// The status named `name` in output.
pub(crate) fn status_named(name: &str) -> Option<Status> {
    [
        Status::Unique,
        Status::Multiple,
        Status::Solved,
        Status::None,
        Status::GaveUp,
    ]
    .into_iter()
    .find(|status| status.name() == name)
}

/// A time written in seconds by [`Duration::as_secs_f64`], back to the nanosecond: below a
/// million seconds an `f64` holds a time to a tenth of a nanosecond, so rounding recovers it.
fn seconds(secs: Option<f64>, field: &str) -> Result<Duration, String> {
    let secs = secs.ok_or_else(|| format!("field `{field}` is missing or null"))?;
    if !(0.0..1e9).contains(&secs) {
        return Err(format!("field `{field}`: {secs} is not a time in seconds"));
    }
    Ok(Duration::from_nanos((secs * 1e9).round() as u64))
}

/// One summary as a JSON line: `schema`, then the summary's fields, named as the columns of
/// the other formats ([`compare::COLUMNS`]).
pub(crate) fn json_line(summary: &compare::Summary) -> String {
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
pub(crate) fn markdown(summaries: &[compare::Summary]) -> String {
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
pub(crate) fn csv(summaries: &[compare::Summary]) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Summaries of every strategy over a 9x9 and a 25x25 puzzle, with figures as wide as a
    /// long run makes them.
    fn large_summaries() -> Vec<compare::Summary> {
        let mut summaries = Vec::new();
        for shape in [Shape::NINE, Shape::for_side(25).unwrap()] {
            for &strategy in Strategy::ALL {
                let records: Vec<compare::Record> = (0..1465)
                    .map(|i| {
                        let mut record = compare::Record::empty(shape, Status::GaveUp);
                        record.nodes = 123_456_789 + i;
                        record.dead = 98_765_432;
                        record.guesses = 12_345_678;
                        record.peak_frontier = 24_105;
                        record.peak_frontier_bytes = 128 << 20;
                        record.elapsed = Duration::from_millis(61_234);
                        record
                    })
                    .collect();
                let wall = Duration::from_secs(90_000);
                summaries.push(compare::Summary::from_records(
                    strategy,
                    "forced=subsets branch=probe threads=1 max-frontier-bytes=1073741824".into(),
                    records,
                    wall,
                ));
            }
        }
        summaries
    }

    #[test]
    fn the_table_for_people_fits_the_width() {
        let summaries = large_summaries();
        for width in [80, 100, 132] {
            let (text, left_out) = table(&summaries, width);
            assert_eq!(text.lines().count(), 1 + summaries.len(), "{text}");
            for line in text.lines() {
                assert!(line.chars().count() <= width, "{width}:\n{text}");
            }
            let head: Vec<&str> = text.lines().next().unwrap().split("  ").collect();
            for heading in ["strategy", "board", "solved", "none", "gave up", "time"] {
                assert!(head.iter().any(|h| h.trim() == heading), "{width}: {text}");
            }
            assert!(left_out > 0, "{width}: {text}");
        }
        let (text, left_out) = table(&summaries, 400);
        assert_eq!(left_out, 0, "{text}");
        let rows: Vec<&str> = text.lines().collect();
        assert!(rows[1].starts_with("bfs        9x9  "), "{text}");
        assert!(rows[5].starts_with("bfs        25x25"), "{text}");
        assert!(
            rows[1].contains(" 1,465 ") && rows[1].contains("128.0 MiB"),
            "{text}"
        );
        assert!(rows[1].contains(" 61.23 s "), "{text}");
        assert!(left_out_note(16, 400).chars().count() + "explore: ".len() <= 80);
    }

    /// Times written as seconds read back to the same nanosecond, so merged sums are exact.
    #[test]
    fn times_survive_seconds() {
        let mut nanos: u64 = 1;
        while nanos < 500_000 * 1_000_000_000 {
            for n in [nanos, nanos + 1, nanos * 7 + 3, nanos * 13 - 1] {
                let time = Duration::from_nanos(n);
                let text = serde_json::to_string(&time.as_secs_f64()).unwrap();
                let back: f64 = serde_json::from_str(&text).unwrap();
                assert_eq!(seconds(Some(back), "t"), Ok(time), "{n} ns");
            }
            nanos = nanos * 3 + 1;
        }
    }
}
