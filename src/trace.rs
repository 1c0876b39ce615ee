//! The search as `tracing` events, for live display and replay.
//!
//! Three kinds of event go to the target [`TARGET`] at `INFO` level: one per finished depth
//! (`kind = "depth"`, the fields of a [`DepthStats`], with `solutions` as `found`), one for the
//! cubes of cube and conquer (`kind = "cubes"`) and one per
//! finished search (`kind = "run"`, the verdict, `count` as in [`Outcome::count`], and the
//! totals of [`Stats`]). Field names are those of the program's JSON
//! (docs/json.md), where `solutions` is always a list of grids and never a number. The
//! breadth-first engine emits a depth as soon as its level is done, so a subscriber sees the
//! frontier grow live; the depth-first strategies emit their depths when they finish. A
//! depth's figures depend only on the puzzle and the options, not on threads or timing,
//! whenever the search runs to the end.
//!
//! [`crate::batch`] runs each puzzle inside a span named `puzzle` with the field `index`, so a
//! subscriber can tell the searches of a batch apart.
//!
//! The library only emits; the `explore` binary's `--trace` installs the subscriber that draws
//! the rows (or writes them as JSON lines with `--trace-format json`).

use crate::config::Strategy;
use crate::outcome::Outcome;
use crate::stats::{DepthStats, Stats};

/// The `tracing` target of every event this module emits.
pub const TARGET: &str = "explore::trace";

/// Emits the event for one finished depth; a search that `learns` adds the clauses it learned
/// there (`learned`), which the events of other searches leave out.
pub(crate) fn depth(strategy: Strategy, learns: bool, row: &DepthStats) {
    macro_rules! event {
        ($($learned:tt)*) => {
            tracing::info!(
                target: TARGET,
                kind = "depth",
                strategy = strategy.name(),
                depth = row.depth,
                boards = row.boards,
                forced = row.forced,
                children = row.children,
                dead = row.dead,
                found = row.solutions,
                frontier = row.frontier,
                frontier_bytes = row.frontier_bytes,
                overflow = row.overflow,
                $($learned)*
            )
        };
    }
    if learns {
        event!(learned = row.learned);
    } else {
        event!();
    }
}

/// Emits the event for a finished search.
pub(crate) fn run(strategy: Strategy, outcome: &Outcome) {
    let stats = &outcome.stats;
    tracing::info!(
        target: TARGET,
        kind = "run",
        strategy = strategy.name(),
        status = outcome.status().name(),
        verdict = outcome.verdict(),
        count = outcome.count,
        nodes = stats.nodes,
        forced = stats.forced,
        guesses = stats.guesses,
        dead = stats.dead,
        max_depth = stats.max_depth,
        peak_frontier = stats.peak_frontier,
        peak_frontier_bytes = stats.peak_frontier_bytes,
        overflow = stats.overflow,
        probes = stats.probes,
        elapsed_secs = stats.elapsed.as_secs_f64(),
    );
}

/// Emits the depths of `rows` from `from` on, and returns the next depth to emit.
pub(crate) fn depths_from(
    strategy: Strategy,
    learns: bool,
    rows: &[DepthStats],
    from: usize,
) -> usize {
    for row in rows.iter().skip(from) {
        depth(strategy, learns, row);
    }
    rows.len().max(from)
}

/// Emits the event of cube and conquer's cubes (`kind = "cubes"`), once its search ends: the
/// depth of the level cut into cubes, how many, how many refuted, the clauses shared, the
/// rounds.
pub(crate) fn cubes(depth: usize, stats: &Stats) {
    tracing::info!(
        target: TARGET,
        kind = "cubes",
        strategy = crate::config::Strategy::Bfs.name(),
        depth = depth,
        cubes = stats.cubes,
        refuted = stats.cubes_refuted,
        shared = stats.clauses_shared,
        rounds = stats.rounds,
    );
}
