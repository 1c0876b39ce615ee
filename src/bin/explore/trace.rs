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

use clap::ValueEnum;
use serde_json::{Map, Value};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id};
use tracing::{Event, Subscriber};
use tracing_subscriber::Layer;
use tracing_subscriber::layer::Context;
use tracing_subscriber::registry::LookupSpan;

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
    /// Rows of searches that are not drawn live, by puzzle number.
    held: Mutex<HashMap<u64, String>>,
}

/// The puzzle number of a `puzzle` span, kept in the span's extensions.
struct PuzzleIndex(u64);

impl TraceLayer {
    pub(crate) fn new(format: TraceFormat) -> TraceLayer {
        TraceLayer {
            format,
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
            TraceFormat::Human if is_run => summary(&fields),
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

/// The title and column heads of one search's table.
fn heading(puzzle: u64, fields: &Fields) -> String {
    let strategy = fields.str("strategy");
    format!(
        "\ntrace of puzzle {puzzle} ({strategy}): one row per depth, as each finishes\n\
         {:>5} {:>9} {:>9} {:>9} {:>9} {:>8} {:>9} {:>10}  frontier (bar: log2 of boards)\n",
        "depth", "boards", "forced", "children", "dead", "solved", "frontier", "memory"
    )
}

/// One depth as a table row.
fn row(fields: &Fields) -> String {
    let frontier = fields.u64("frontier");
    format!(
        "{:>5} {:>9} {:>9} {:>9} {:>9} {:>8} {:>9} {:>10}  {}\n",
        fields.u64("depth"),
        fields.u64("boards"),
        fields.u64("forced"),
        fields.u64("children"),
        fields.u64("dead"),
        fields.u64("solutions"),
        frontier,
        bytes(fields.u64("frontier_bytes")),
        bar(frontier)
    )
}

/// The closing line of one search.
fn summary(fields: &Fields) -> String {
    let mut line = format!(
        "=> {}: {} nodes, {} forced, {} guesses, {} dead, depth {}, peak frontier {} boards ({})",
        fields.str("verdict"),
        fields.u64("nodes"),
        fields.u64("forced"),
        fields.u64("guesses"),
        fields.u64("dead"),
        fields.u64("max_depth"),
        fields.u64("peak_frontier"),
        bytes(fields.u64("peak_frontier_bytes")),
    );
    let overflow = fields.u64("overflow");
    if overflow > 0 {
        let _ = write!(
            line,
            ", {overflow} boards searched depth-first beyond the frontier budget"
        );
    }
    let _ = writeln!(line, ", {:.3} ms", fields.f64("elapsed_secs") * 1e3);
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

/// A byte count for people: `208 B`, `4.1 KiB`, `203.1 MiB`.
fn bytes(n: u64) -> String {
    const UNITS: [&str; 4] = ["B", "KiB", "MiB", "GiB"];
    let mut value = n as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{n} B")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// One event as a JSON line: `event` (the kind), `puzzle`, then the event's own fields.
fn json_line(puzzle: u64, fields: &Fields) -> String {
    let mut object = Map::new();
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

    #[test]
    fn bars_grow_with_the_logarithm() {
        assert_eq!(bar(0), "");
        assert_eq!(bar(1).len(), 2);
        assert_eq!(bar(2).len(), 4);
        assert_eq!(bar(1_000_000).len(), 40);
    }

    #[test]
    fn bytes_read_well() {
        assert_eq!(bytes(208), "208 B");
        assert_eq!(bytes(4_200), "4.1 KiB");
        assert_eq!(bytes(200 << 20), "200.0 MiB");
    }
}
