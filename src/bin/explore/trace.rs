//! `--trace`: the search drawn as it runs, one row per finished depth, on standard error.
//!
//! A `tracing` layer that listens to the library's [`explore::trace`] events. In the `human`
//! format each depth becomes a table row with a bar for the frontier; in the `json` format each
//! event becomes one JSON object per line (the schema is in docs/tracing.md). The first puzzle
//! of an input is drawn live, row by row; later puzzles of a batch run in parallel, so their
//! rows are held and drawn as one block when their search ends.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::sync::Mutex;
use std::time::Duration;

use clap::ValueEnum;
use explore::Stats;
use serde_json::{Map, Value};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id};
use tracing::{Event, Subscriber};
use tracing_subscriber::Layer;
use tracing_subscriber::layer::Context;
use tracing_subscriber::registry::LookupSpan;

use crate::output::{FrontierBudget, bytes, duration};
use crate::tally::group;

/// How `--trace` writes its events.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub(crate) enum TraceFormat {
    /// a table with a bar per depth, then a summary line
    Human,
    /// one JSON object per event per line: {"event": "depth", ...} and {"event": "run", ...}
    Json,
}

/// The layer that draws the trace.
pub(crate) struct TraceLayer {
    format: TraceFormat,
    /// The run's frontier budget, named in the summary when boards overflowed it.
    budget: FrontierBudget,
    /// Rows of searches that are not drawn live, by puzzle number.
    held: Mutex<HashMap<u64, String>>,
}

/// The puzzle number of a `puzzle` span, kept in the span's extensions.
struct PuzzleIndex(u64);

impl TraceLayer {
    pub(crate) fn new(format: TraceFormat, budget: FrontierBudget) -> TraceLayer {
        TraceLayer {
            format,
            budget,
            held: Mutex::new(HashMap::new()),
        }
    }
}

impl<S> Layer<S> for TraceLayer
where
    S: Subscriber + for<'a> LookupSpan<'a>,
{
    fn on_new_span(&self, attrs: &Attributes<'_>, id: &Id, ctx: Context<'_, S>) {
        let mut fields = Fields::default();
        attrs.record(&mut fields);
        if let (Some(span), Some(Value::Number(index))) = (ctx.span(id), fields.0.get("index")) {
            if let Some(index) = index.as_u64() {
                span.extensions_mut().insert(PuzzleIndex(index));
            }
        }
    }

    fn on_event(&self, event: &Event<'_>, ctx: Context<'_, S>) {
        if event.metadata().target() != explore::trace::TARGET {
            return;
        }
        let mut fields = Fields::default();
        event.record(&mut fields);
        let puzzle = ctx
            .event_scope(event)
            .and_then(|scope| {
                scope
                    .from_root()
                    .find_map(|span| span.extensions().get::<PuzzleIndex>().map(|p| p.0))
            })
            .unwrap_or(1);
        let is_run = fields.str("kind") == "run";
        let text = match self.format {
            TraceFormat::Json => json_line(puzzle, &fields),
            TraceFormat::Human if is_run => summary(&fields, self.budget),
            TraceFormat::Human => row(&fields),
        };
        if self.format == TraceFormat::Json || puzzle == 1 {
            let header = self.format == TraceFormat::Human && !is_run && fields.u64("depth") == 0;
            let mut out = String::new();
            if header {
                out.push_str(&heading(puzzle, &fields));
            }
            out.push_str(&text);
            write_err(&out);
            return;
        }
        let mut held = self
            .held
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        let block = held
            .entry(puzzle)
            .or_insert_with(|| heading(puzzle, &fields));
        block.push_str(&text);
        if is_run {
            let block = held.remove(&puzzle).unwrap_or_default();
            drop(held);
            write_err(&block);
        }
    }
}

/// Writes to standard error in one call, so blocks of different threads do not mix.
fn write_err(text: &str) {
    let _ = io::stderr().lock().write_all(text.as_bytes());
}

/// The title and column heads of one search's table, from its first event: the size of a
/// board, when the search has a frontier to tell it by.
fn heading(puzzle: u64, fields: &Fields) -> String {
    let strategy = fields.str("strategy");
    let frontier = fields.u64("frontier");
    let board = match fields.u64("frontier_bytes").checked_div(frontier) {
        Some(board) if fields.u64("depth") == 0 => format!(", boards of {}", bytes(board)),
        _ => String::new(),
    };
    format!(
        "\ntrace of puzzle {puzzle} ({strategy}{board}): one row per depth, as each finishes\n\
         {:>5} {:>10} {:>11} {:>10} {:>10} {:>8} {:>10} {:>10}  frontier (bar: log2 of boards)\n",
        "depth", "boards", "forced", "children", "dead", "solved", "frontier", "memory"
    )
}

/// One depth as a table row. Counts are grouped by thousands, and the columns are wide enough
/// for the figures of a 25x25 search (a frontier of 10^5 boards, 10^7 cells forced at one depth,
/// hundreds of MiB).
fn row(fields: &Fields) -> String {
    let frontier = fields.u64("frontier");
    let count = |name: &str| group(fields.u64(name) as f64);
    format!(
        "{:>5} {:>10} {:>11} {:>10} {:>10} {:>8} {:>10} {:>10}  {}\n",
        fields.u64("depth"),
        count("boards"),
        count("forced"),
        count("children"),
        count("dead"),
        count("found"),
        count("frontier"),
        bytes(fields.u64("frontier_bytes")),
        bar(frontier)
    )
}

/// The closing line of one search.
fn summary(fields: &Fields, budget: FrontierBudget) -> String {
    let count = |name: &str| group(fields.u64(name) as f64);
    let mut line = format!(
        "=> {}: {} nodes, {} forced, {} guesses, {} dead, depth {}, peak frontier {} boards ({})",
        fields.str("verdict"),
        count("nodes"),
        count("forced"),
        count("guesses"),
        count("dead"),
        fields.u64("max_depth"),
        count("peak_frontier"),
        bytes(fields.u64("peak_frontier_bytes")),
    );
    let overflow = fields.u64("overflow");
    if overflow > 0 {
        let mut stats = Stats::default();
        stats.peak_frontier = fields.u64("peak_frontier");
        stats.peak_frontier_bytes = fields.u64("peak_frontier_bytes");
        let _ = write!(
            line,
            ", {} boards searched depth-first beyond the frontier budget of {}",
            group(overflow as f64),
            budget.describe(&stats)
        );
    }
    let elapsed = Duration::try_from_secs_f64(fields.f64("elapsed_secs")).unwrap_or_default();
    let _ = writeln!(line, ", {}", duration(elapsed));
    line
}

/// A bar of `#` whose length grows with the logarithm of `boards`: two marks per doubling.
fn bar(boards: u64) -> String {
    let marks = if boards == 0 {
        0
    } else {
        2 * (64 - boards.leading_zeros()) as usize
    };
    "#".repeat(marks.min(60))
}

/// The `schema` of every `--trace-format json` line (docs/json.md).
pub(crate) const SCHEMA: &str = "explore.trace/1";

/// One event as a JSON line: `schema`, `event` (the kind), `puzzle`, then the event's own
/// fields.
///
/// Built from the event's fields rather than from a struct of its own: the library's events
/// already name every field as docs/json.md does, and a struct would be a third copy of that
/// list to keep in step (the test of docs/json.md checks the lines against the document).
fn json_line(puzzle: u64, fields: &Fields) -> String {
    let mut object = Map::new();
    object.insert("schema".to_owned(), SCHEMA.into());
    let mut rest = fields.0.clone();
    let kind = rest.remove("kind").unwrap_or(Value::Null);
    object.insert("event".to_owned(), kind);
    object.insert("puzzle".to_owned(), puzzle.into());
    object.extend(rest);
    let mut line = Value::Object(object).to_string();
    line.push('\n');
    line
}

/// The fields of an event or span, as JSON values in the order they were recorded.
#[derive(Default)]
struct Fields(Map<String, Value>);

impl Fields {
    fn u64(&self, name: &str) -> u64 {
        self.0.get(name).and_then(Value::as_u64).unwrap_or(0)
    }

    fn f64(&self, name: &str) -> f64 {
        self.0.get(name).and_then(Value::as_f64).unwrap_or(0.0)
    }

    fn str(&self, name: &str) -> &str {
        self.0.get(name).and_then(Value::as_str).unwrap_or("")
    }
}

impl Visit for Fields {
    fn record_u64(&mut self, field: &Field, value: u64) {
        self.0.insert(field.name().to_owned(), value.into());
    }

    fn record_i64(&mut self, field: &Field, value: i64) {
        self.0.insert(field.name().to_owned(), value.into());
    }

    fn record_f64(&mut self, field: &Field, value: f64) {
        self.0.insert(field.name().to_owned(), value.into());
    }

    fn record_bool(&mut self, field: &Field, value: bool) {
        self.0.insert(field.name().to_owned(), value.into());
    }

    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.insert(field.name().to_owned(), value.into());
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.0
            .insert(field.name().to_owned(), format!("{value:?}").into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(pairs: &[(&str, Value)]) -> Fields {
        Fields(
            pairs
                .iter()
                .map(|(name, value)| ((*name).to_owned(), value.clone()))
                .collect(),
        )
    }

    /// Where each column of `line` ends: the positions after its runs of non-spaces.
    fn column_ends(line: &str) -> Vec<usize> {
        let bytes = line.as_bytes();
        (1..=bytes.len())
            .filter(|&i| bytes[i - 1] != b' ' && bytes.get(i).is_none_or(|&b| b == b' '))
            .collect()
    }

    /// A depth of a 25x25 search (boards of 5.4 KiB, a frontier of 10^5 boards, tens of
    /// millions of cells forced) stays under its heads, and its numbers read in thousands.
    #[test]
    fn a_wide_depth_of_a_large_board_stays_in_its_columns() {
        let board = 5568;
        let depth = fields(&[
            ("kind", "depth".into()),
            ("strategy", "bfs".into()),
            ("depth", 14.into()),
            ("boards", 123_456.into()),
            ("forced", 61_234_567.into()),
            ("children", 987_654.into()),
            ("dead", 100_001.into()),
            ("found", 1.into()),
            ("frontier", 123_456.into()),
            ("frontier_bytes", (123_456 * board).into()),
        ]);
        let row = row(&depth);
        assert!(row.starts_with(
            "   14    123,456  61,234,567    987,654    100,001        1    123,456  655.6 MiB  "
        ));
        let root = fields(&[
            ("strategy", "bfs".into()),
            ("depth", 0.into()),
            ("frontier", 1.into()),
            ("frontier_bytes", board.into()),
        ]);
        let heading = heading(3, &root);
        assert!(heading.contains("trace of puzzle 3 (bfs, boards of 5.4 KiB):"));
        let heads = heading.lines().nth(2).unwrap();
        let ends = column_ends(heads);
        // The heads' last words are the bar's caption; the memory is two words, `655.6 MiB`.
        let cells = column_ends(&row);
        assert_eq!(cells[..7], ends[..7], "{heads}\n{row}");
        assert_eq!(cells[8], ends[7], "{heads}\n{row}");
    }

    #[test]
    fn the_summary_names_the_budget_that_bound() {
        let run = fields(&[
            ("kind", "run".into()),
            ("verdict", "unique solution".into()),
            ("nodes", 1_234_567.into()),
            ("peak_frontier", 24_105.into()),
            ("peak_frontier_bytes", (24_105 * 5568).into()),
            ("overflow", 99_999.into()),
            ("elapsed_secs", 2.5.into()),
        ]);
        let budget = FrontierBudget::of(&explore::Config::default());
        let line = summary(&run, budget);
        assert!(
            line.starts_with("=> unique solution: 1,234,567 nodes, "),
            "{line}"
        );
        assert!(
            line.ends_with(
                "peak frontier 24,105 boards (128.0 MiB), 99,999 boards searched depth-first \
                 beyond the frontier budget of 24,105 boards of 5.4 KiB \
                 (--max-frontier-bytes 128.0 MiB), 2.50 s\n"
            ),
            "{line}"
        );
    }

    #[test]
    fn bars_grow_with_the_logarithm() {
        assert_eq!(bar(0), "");
        assert_eq!(bar(1).len(), 2);
        assert_eq!(bar(2).len(), 4);
        assert_eq!(bar(1_000_000).len(), 40);
    }
}
