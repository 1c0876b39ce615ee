//! `--trace`: the search drawn as it runs, one row per finished depth, on standard error.
//!
//! A `tracing` layer that listens to the library's [`explore::trace`] events. In the `human`
//! format each depth becomes a row of a [`Table`] fitted to the terminal, with a bar
//! proportional to the frontier; in the `json` format each event becomes one JSON object per
//! line (the schema is in docs/tracing.md). The first puzzle of an input is drawn live, row by
//! row; later puzzles of a batch run in parallel, so their rows are held and drawn as one
//! block when their search ends (after the live table, when it is still open). While a search
//! runs, the run's live line ([`Live`]) says how far it has come, which is all a depth-first
//! search can show before its end: its rows are final only then.

mod table;

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::sync::Mutex;
use std::time::Duration;

use serde_json::Value;
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id};
use tracing::{Event, Subscriber};
use tracing_subscriber::Layer;
use tracing_subscriber::layer::Context;
use tracing_subscriber::registry::LookupSpan;

use crate::cli::TraceFormat;
use crate::output::{bytes, duration};
use crate::progress::Live;
use crate::tally::{counted, group};
use crate::terminal;
use crate::terminal::wrap;
use table::{Depth, Table};

/// The layer that draws the trace.
pub(crate) struct TraceLayer {
    format: TraceFormat,
    /// The width of the lines, from the terminal (at least 80 columns).
    width: usize,
    /// The run's live line, taken off the terminal while the trace writes.
    live: Live,
    tables: Mutex<Tables>,
}

/// The tables being drawn, by puzzle number: the first puzzle's live, the others held.
#[derive(Default)]
struct Tables {
    open: HashMap<u64, Table>,
    /// Blocks of later puzzles that ended while the first puzzle's table was still being
    /// drawn, written after it so that it stays whole (and can be drawn again in place).
    waiting: String,
    /// The line of each puzzle's cubes (cube and conquer), written before its summary.
    cubes: HashMap<u64, String>,
}

/// The puzzle number of a `puzzle` span, kept in the span's extensions.
struct PuzzleIndex(u64);

/// The puzzle drawn live.
const LIVE: u64 = 1;

impl TraceLayer {
    pub(crate) fn new(format: TraceFormat, live: Live) -> TraceLayer {
        TraceLayer {
            format,
            width: terminal::width(),
            live,
            tables: Mutex::new(Tables::default()),
        }
    }

    /// Writes `text` to standard error in one call, with the live line out of the way.
    fn write(&self, text: &str) {
        self.live.suspend(|| {
            let _ = io::stderr().lock().write_all(text.as_bytes());
        });
    }

    /// Draws one event of the human table of `puzzle`.
    fn draw(&self, puzzle: u64, fields: &Fields) {
        let mut tables = self
            .tables
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        let tables = &mut *tables;
        if fields.str("kind") == "cubes" {
            tables
                .cubes
                .insert(puzzle, wrap(&cubes(fields), self.width, 3));
            return;
        }
        if fields.str("kind") != "run" {
            let table = tables.open.entry(puzzle).or_insert_with(|| {
                let learns = fields.value("learned").is_some();
                Table::new(title(puzzle, fields), self.width, learns)
            });
            let row = depth(fields);
            if puzzle == LIVE {
                let screen_rows = terminal::stderr_size().map(|(_, rows)| rows);
                self.write(&table.push(row, screen_rows));
            } else {
                table.add(row);
            }
            return;
        }
        let summary = tables.cubes.remove(&puzzle).unwrap_or_default()
            + &wrap(&summary(fields), self.width, 3);
        if puzzle == LIVE {
            tables.open.remove(&puzzle);
            let text = summary + &std::mem::take(&mut tables.waiting);
            self.write(&text);
            return;
        }
        let table = tables
            .open
            .remove(&puzzle)
            .unwrap_or_else(|| Table::new(title(puzzle, fields), self.width, false));
        let block = table.block() + &summary;
        if tables.open.contains_key(&LIVE) {
            tables.waiting.push_str(&block);
        } else {
            self.write(&block);
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
        if let (Some(span), Some(Value::Number(index))) = (ctx.span(id), fields.value("index")) {
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
            .unwrap_or(LIVE);
        match self.format {
            TraceFormat::Json => self.write(&json_line(puzzle, &fields)),
            TraceFormat::Human => self.draw(puzzle, &fields),
        }
    }
}

/// The title of one search's table, from its first event: the size of a board, when the
/// search has a frontier to tell it by, and when its rows come.
fn title(puzzle: u64, fields: &Fields) -> String {
    let strategy = fields.str("strategy");
    let frontier = fields.u64("frontier");
    let board = match fields.u64("frontier_bytes").checked_div(frontier) {
        Some(board) if fields.u64("depth") == 0 => format!(", boards of {}", bytes(board)),
        _ => String::new(),
    };
    // Only the breadth-first engine finishes a depth before it starts the next.
    let when = if strategy == "bfs" {
        "as each finishes"
    } else {
        "when the search ends"
    };
    format!("trace of puzzle {puzzle} ({strategy}{board}): a row per depth {when}")
}

/// The figures of a `depth` event.
fn depth(fields: &Fields) -> Depth {
    Depth {
        depth: fields.u64("depth"),
        boards: fields.u64("boards"),
        forced: fields.u64("forced"),
        children: fields.u64("children"),
        dead: fields.u64("dead"),
        found: fields.u64("found"),
        frontier: fields.u64("frontier"),
        frontier_bytes: fields.u64("frontier_bytes"),
        overflow: fields.u64("overflow"),
        learned: fields.u64("learned"),
    }
}

/// The line of cube and conquer's cubes, unwrapped: the breadth-first part above the cut, and
/// the search that learns below it.
fn cubes(fields: &Fields) -> String {
    let n = fields.u64("cubes");
    if n == 0 {
        return "=> cubes: none, the breadth-first levels ended the search".to_owned();
    }
    format!(
        "=> cubes: bfs cut the search at depth {} into {}, each searched by dfs that learns: \
         {} refuted, {}",
        fields.u64("depth"),
        counted(n, "board", "boards"),
        group(fields.u64("refuted") as f64),
        shared(fields.u64("shared"), fields.u64("rounds")),
    )
}

/// The clauses cube and conquer shared: in rounds ([`explore::Config::same_stats`]), or as
/// they came (no rounds).
pub(crate) fn shared(clauses: u64, rounds: u64) -> String {
    let clauses = counted(clauses, "clause", "clauses");
    if rounds == 0 {
        format!("{clauses} shared as they came")
    } else {
        format!("{clauses} shared in {}", counted(rounds, "round", "rounds"))
    }
}

/// The closing line of one search, unwrapped.
fn summary(fields: &Fields) -> String {
    let count = |name: &str| group(fields.u64(name) as f64);
    let mut line = format!(
        "=> {}: {}, {} forced, {}, {} dead, depth {}, peak frontier {} ({})",
        fields.str("verdict"),
        counted(fields.u64("nodes"), "node", "nodes"),
        count("forced"),
        counted(fields.u64("guesses"), "guess", "guesses"),
        count("dead"),
        fields.u64("max_depth"),
        counted(fields.u64("peak_frontier"), "board", "boards"),
        bytes(fields.u64("peak_frontier_bytes")),
    );
    let overflow = fields.u64("overflow");
    if overflow > 0 {
        // One plain line's worth: how the budget is shared out among a level's chunks, and
        // why the peak held may stay below it, is for docs/tracing.md.
        let _ = write!(
            line,
            ", the frontier was full, so {} went on depth-first",
            counted(overflow, "board", "boards")
        );
    }
    let elapsed = Duration::try_from_secs_f64(fields.f64("elapsed_secs")).unwrap_or_default();
    let _ = write!(line, ", {}", duration(elapsed));
    line
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
    let mut object = fields.0.clone();
    let kind = object
        .remove("kind")
        .unwrap_or(FieldValue::Json(Value::Null));
    object.insert("schema".to_owned(), FieldValue::Json(SCHEMA.into()));
    object.insert("event".to_owned(), kind);
    object.insert("puzzle".to_owned(), FieldValue::Json(puzzle.into()));
    // The keys are sorted, as a `BTreeMap` keeps them; a map of fields cannot fail to write.
    let mut line = serde_json::to_string(&object).unwrap_or_default();
    line.push('\n');
    line
}

/// The value of one field of an event or span.
#[derive(Clone, Debug, PartialEq)]
enum FieldValue {
    Json(Value),
    /// A count past `u64` (a `u128`, such as a run's `count`), which a JSON `Value` cannot hold
    /// exactly without arbitrary precision but the JSON writer writes digit for digit: every
    /// JSON the program writes has its counts as numbers (docs/json.md).
    Big(u128),
}

impl serde::Serialize for FieldValue {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            FieldValue::Json(value) => value.serialize(serializer),
            FieldValue::Big(value) => serializer.serialize_u128(*value),
        }
    }
}

/// The fields of an event or span, by name.
#[derive(Default)]
struct Fields(BTreeMap<String, FieldValue>);

impl Fields {
    fn value(&self, name: &str) -> Option<&Value> {
        match self.0.get(name) {
            Some(FieldValue::Json(value)) => Some(value),
            _ => None,
        }
    }

    fn u64(&self, name: &str) -> u64 {
        self.value(name).and_then(Value::as_u64).unwrap_or(0)
    }

    fn f64(&self, name: &str) -> f64 {
        self.value(name).and_then(Value::as_f64).unwrap_or(0.0)
    }

    fn str(&self, name: &str) -> &str {
        self.value(name).and_then(Value::as_str).unwrap_or("")
    }

    fn insert(&mut self, field: &Field, value: impl Into<Value>) {
        self.0
            .insert(field.name().to_owned(), FieldValue::Json(value.into()));
    }
}

impl Visit for Fields {
    fn record_u64(&mut self, field: &Field, value: u64) {
        self.insert(field, value);
    }

    fn record_i64(&mut self, field: &Field, value: i64) {
        self.insert(field, value);
    }

    fn record_u128(&mut self, field: &Field, value: u128) {
        match u64::try_from(value) {
            Ok(small) => self.insert(field, small),
            Err(_) => {
                self.0
                    .insert(field.name().to_owned(), FieldValue::Big(value));
            }
        }
    }

    fn record_f64(&mut self, field: &Field, value: f64) {
        self.insert(field, value);
    }

    fn record_bool(&mut self, field: &Field, value: bool) {
        self.insert(field, value);
    }

    fn record_str(&mut self, field: &Field, value: &str) {
        self.insert(field, value);
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.insert(field, format!("{value:?}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(pairs: &[(&str, Value)]) -> Fields {
        Fields(
            pairs
                .iter()
                .map(|(name, value)| ((*name).to_owned(), FieldValue::Json(value.clone())))
                .collect(),
        )
    }

    /// Boards past the frontier budget get one plain clause, not the budget's workings.
    #[test]
    fn the_summary_says_plainly_that_the_frontier_was_full() {
        let run = fields(&[
            ("kind", "run".into()),
            ("verdict", "unique solution".into()),
            ("nodes", 1_234_567.into()),
            ("peak_frontier", 11_389.into()),
            ("peak_frontier_bytes", (11_389 * 5_568).into()),
            ("overflow", 99_999.into()),
            ("elapsed_secs", 2.5.into()),
        ]);
        let line = summary(&run);
        assert!(
            line.starts_with("=> unique solution: 1,234,567 nodes, "),
            "{line}"
        );
        assert!(
            line.ends_with(
                "peak frontier 11,389 boards (60.5 MiB), the frontier was full, so 99,999 \
                 boards went on depth-first, 2.50 s"
            ),
            "{line}"
        );
        let wrapped = wrap(&line, 80, 3);
        assert!(wrapped.lines().count() <= 3, "{wrapped}");
        assert!(
            wrapped.lines().all(|l| l.chars().count() <= 80),
            "{wrapped}"
        );
    }
}
