//! The three ways results are written to standard output: `human`, `line` and `json`.
//!
//! A [`Renderer`] turns one puzzle's result into text and nothing else: it does not decide
//! what goes to standard error, count verdicts, or write anything; the run does (`solve.rs`).
//! It keeps no state from one puzzle to the next, so the batch's workers render the puzzles
//! they solve, in parallel, and the run writes the texts in input order.

use std::fmt::Write as _;
use std::io;
use std::time::Duration;

use explore::batch::Solved;
use explore::{InputError, Outcome, Stats, Strategy};
use serde::Serialize;

use crate::cli::OutputFormat;
use crate::tally::group;

/// Grids side by side in the human output: three fit in 80 columns.
const GRIDS_PER_ROW: usize = 3;
/// Space between grids side by side.
const GUTTER: &str = "  ";

/// Where a puzzle came from, as the output names it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Origin<'a> {
    /// The input's name: a path, `<stdin>`, `<argument>` or `<demo>`.
    pub(crate) input: &'a str,
    /// The puzzle's position in its input, from 1.
    pub(crate) index: usize,
    /// The line the puzzle starts on (or, for an invalid puzzle, the line of the fault).
    pub(crate) line: usize,
    /// A name for the puzzle, if it has one (the demo does).
    pub(crate) title: Option<&'a str>,
}

/// Renders results in one [`OutputFormat`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Renderer {
    format: OutputFormat,
    strategy: Strategy,
}

impl Renderer {
    /// A renderer for results of `strategy`.
    pub(crate) fn new(format: OutputFormat, strategy: Strategy) -> Renderer {
        Renderer { format, strategy }
    }

    /// The text of a solved (or unsolvable, or abandoned) puzzle.
    pub(crate) fn solved(self, origin: Origin<'_>, solved: &Solved) -> io::Result<String> {
        Ok(match self.format {
            OutputFormat::Human => self.human(origin, solved),
            OutputFormat::Line => line(&solved.outcome),
            OutputFormat::Json => json(&Record::solved(origin, &solved.outcome))?,
        })
    }

    /// The text of a puzzle that could not be read. The human output has nothing to add to the
    /// error message (printed on standard error by the caller); the others keep its place.
    pub(crate) fn invalid(self, error: &InputError) -> io::Result<String> {
        Ok(match self.format {
            OutputFormat::Human => String::new(),
            OutputFormat::Line => "invalid\n".to_owned(),
            OutputFormat::Json => json(&Record::invalid(error))?,
        })
    }

    /// What goes between the texts of two puzzles: a blank line in the human output.
    pub(crate) fn separator(self) -> &'static str {
        match self.format {
            OutputFormat::Human => "\n",
            OutputFormat::Line | OutputFormat::Json => "",
        }
    }

    fn human(self, origin: Origin<'_>, solved: &Solved) -> String {
        let outcome = &solved.outcome;
        let mut text = header(origin);
        text.push('\n');
        let mut grids = vec![("puzzle".to_owned(), solved.puzzle.grid.to_string())];
        let numbered = outcome.solutions.len() > 1;
        for (i, solution) in outcome.solutions.iter().enumerate() {
            let label = if numbered {
                format!("solution {}", i + 1)
            } else {
                "solution".to_owned()
            };
            grids.push((label, solution.to_string()));
        }
        for row in grids.chunks(GRIDS_PER_ROW) {
            side_by_side(&mut text, row);
        }
        let _ = writeln!(text, "verdict:  {}", outcome.verdict());
        text.push_str(&statistics(self.strategy, outcome));
        text
    }
}

/// `top1465.txt: puzzle 3 (line 5)`, or the demo's title.
fn header(origin: Origin<'_>) -> String {
    match origin.title {
        Some(title) => format!("== {title}: the built-in demo puzzle"),
        None => format!(
            "== {}: puzzle {} (line {})",
            origin.input, origin.index, origin.line
        ),
    }
}

/// Appends boxed grids side by side, each under its label.
fn side_by_side(text: &mut String, grids: &[(String, String)]) {
    let width = grids
        .iter()
        .flat_map(|(_, grid)| grid.lines())
        .map(|line| line.chars().count())
        .max()
        .unwrap_or(0);
    let mut rows: Vec<Vec<&str>> = vec![grids.iter().map(|(label, _)| label.as_str()).collect()];
    let lines: Vec<Vec<&str>> = grids
        .iter()
        .map(|(_, grid)| grid.lines().collect())
        .collect();
    let height = lines.iter().map(Vec::len).max().unwrap_or(0);
    for i in 0..height {
        rows.push(
            lines
                .iter()
                .map(|grid| grid.get(i).copied().unwrap_or(""))
                .collect(),
        );
    }
    for row in rows {
        let mut line = String::new();
        for (i, cell) in row.iter().enumerate() {
            if i > 0 {
                line.push_str(GUTTER);
            }
            let _ = write!(line, "{cell:width$}");
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
}

/// Two lines of search statistics for people.
fn statistics(strategy: Strategy, outcome: &Outcome) -> String {
    if outcome.conflict.is_some() {
        return "search: not run, the givens break a rule\n".to_owned();
    }
    let stats: &Stats = &outcome.stats;
    let count = |n: u64| group(n as f64);
    let mut text = format!(
        "search:   {strategy}, {} nodes, {} forced, {} guesses, {} dead, max depth {}\n",
        count(stats.nodes),
        count(stats.forced),
        count(stats.guesses),
        count(stats.dead),
        stats.max_depth,
    );
    let boards = if stats.peak_frontier == 1 {
        "board"
    } else {
        "boards"
    };
    let _ = write!(
        text,
        "frontier: peak {} {boards} ({})",
        count(stats.peak_frontier),
        bytes(stats.peak_frontier_bytes),
    );
    if stats.overflow > 0 {
        let _ = write!(
            text,
            ", {} searched depth-first at the limit",
            count(stats.overflow)
        );
    }
    let _ = writeln!(text, "; time {}", duration(stats.elapsed));
    text
}

/// `512 B`, `6.8 KiB`, `1.5 MiB`.
fn bytes(n: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if n < 1024 {
        return format!("{n} B");
    }
    let mut value = n as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

/// `390 µs`, `12.3 ms`, `1.23 s`.
fn duration(elapsed: Duration) -> String {
    let seconds = elapsed.as_secs_f64();
    if seconds < 1e-3 {
        format!("{:.0} µs", seconds * 1e6)
    } else if seconds < 1.0 {
        format!("{:.1} ms", seconds * 1e3)
    } else {
        format!("{seconds:.2} s")
    }
}

/// The solutions on one line, separated by spaces, or the status if there is none.
fn line(outcome: &Outcome) -> String {
    if outcome.solutions.is_empty() {
        return format!("{}\n", outcome.status());
    }
    let mut text = String::with_capacity(outcome.solutions.len() * 82);
    for (i, solution) in outcome.solutions.iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        text.push_str(&solution.to_line());
    }
    text.push('\n');
    text
}

/// One puzzle in the JSON output. The fields are documented in README.md; keep the two
/// in step.
#[derive(Debug, Serialize)]
struct Record<'a> {
    index: usize,
    input: &'a str,
    line: usize,
    status: &'static str,
    count: usize,
    solutions: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    conflict: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    stats: Option<&'a Stats>,
}

impl<'a> Record<'a> {
    fn solved(origin: Origin<'a>, outcome: &'a Outcome) -> Record<'a> {
        Record {
            index: origin.index,
            input: origin.input,
            line: origin.line,
            status: outcome.status().name(),
            count: outcome.solutions.len(),
            solutions: outcome
                .solutions
                .iter()
                .map(|grid| grid.to_line())
                .collect(),
            conflict: outcome.conflict.map(|conflict| conflict.to_string()),
            error: None,
            stats: Some(&outcome.stats),
        }
    }

    fn invalid(error: &'a InputError) -> Record<'a> {
        Record {
            index: error.puzzle,
            input: &error.input,
            line: error.line,
            status: "invalid",
            count: 0,
            solutions: Vec::new(),
            conflict: None,
            error: Some(error.to_string()),
            stats: None,
        }
    }
}

fn json(record: &Record<'_>) -> io::Result<String> {
    let mut text = serde_json::to_string(record)?;
    text.push('\n');
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(bytes(192), "192 B");
        assert_eq!(bytes(6912), "6.8 KiB");
        assert_eq!(bytes(3 << 20), "3.0 MiB");
        assert_eq!(duration(Duration::from_micros(390)), "390 µs");
        assert_eq!(duration(Duration::from_micros(12_345)), "12.3 ms");
        assert_eq!(duration(Duration::from_millis(1_234)), "1.23 s");
    }

    #[test]
    fn grids_stand_side_by_side_under_their_labels() {
        let mut text = String::new();
        let grids = [
            ("a".to_owned(), "+--+\n|1.|\n+--+".to_owned()),
            ("bb".to_owned(), "+--+\n|.2|\n+--+".to_owned()),
        ];
        side_by_side(&mut text, &grids);
        assert_eq!(text, "a     bb\n+--+  +--+\n|1.|  |.2|\n+--+  +--+\n");
    }
}
