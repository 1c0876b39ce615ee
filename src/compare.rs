//! Several strategies over the same puzzles: one [`Summary`] per configuration, and a check that
//! their answers agree.
//!
//! [`run`] solves every puzzle once per [`Config`], one configuration after the other, each
//! through [`crate::solve`] with that configuration as given: its own per-puzzle budget, so a
//! strategy that gives up on one puzzle costs at most its budget and never stalls the others,
//! and its own engine threads ([`configs`] sets one). Puzzles run one at a time: two at once on
//! the 2-core build machine took the same wall time and doubled every puzzle's own time, so a
//! comparison would measure the machine's contention instead of the strategies. Each puzzle's
//! time comes from its outcome's [`Stats::elapsed`]; the wall time of a pass is reported beside.
//!
//! A comparison that shows numbers from wrong answers is worse than none, so every summary keeps
//! what its strategy said about each puzzle ([`Record`]), and [`disagreements`] lists the puzzles
//! on which two strategies contradict each other or one reports a grid that does not solve the
//! puzzle.
//!
//! This module computes; it never prints. Progress goes to a callback on the calling thread,
//! and drawing the summaries belongs to `chart` (with the `svg` feature).
//!
//! ```
//! use explore::{Config, Strategy, compare, format};
//!
//! let puzzle = format::parse_one(
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
//! )?;
//! let configs = compare::configs(Strategy::ALL, &Config::default());
//! let summaries = compare::run(&[puzzle], &configs, |_progress| {});
//! assert_eq!(summaries.len(), Strategy::ALL.len());
//! assert!(summaries.iter().all(|summary| summary.solved == 1));
//! assert!(compare::disagreements(&summaries).is_empty());
//! # Ok::<(), explore::InputError>(())
//! ```
//!
//! [`Stats::elapsed`]: crate::Stats::elapsed

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use crate::config::Config;
use crate::config::Strategy;
use crate::footprint::Footprint;
use crate::geometry::Shape;
use crate::grid::Grid;
use crate::outcome::{Outcome, Status};
use crate::strategy::solve;

/// Node budget per puzzle that [`configs`] gives the textbook `backtrack` when the user set no
/// budget: 60 to 100 ms of its search on the build machine. On top1465 it gives up on 319 of
/// 1465 puzzles; some 17-clue puzzles need minutes of it, and a comparison should finish. The
/// puzzles it gives up on are counted in [`Summary::gave_up`].
pub const DEFAULT_BACKTRACK_MAX_NODES: u64 = 1_000_000;

/// Node budget per puzzle that [`configs`] gives `bitmask` when the user set no budget: ten
/// times `backtrack`'s, since it walks the same tree about five times faster per node (87
/// against 16 million nodes a second on top1465), so both budgets stand for about a tenth of a
/// second. On top1465 it gives up on 63 of 1465 puzzles; without a budget it needed 35 s for
/// the set, and up to 43 s for a single puzzle of 16_clue_multi.
pub const DEFAULT_BITMASK_MAX_NODES: u64 = 10_000_000;

/// The node budget [`configs`] gives `strategy` when the user set none: the two naive
/// depth-first searches (first empty cell, digits in order) get one, since their trees can grow
/// to billions of nodes; the searches that fill forced cells need none.
pub const fn default_max_nodes(strategy: Strategy) -> Option<u64> {
    match strategy {
        Strategy::Backtrack => Some(DEFAULT_BACKTRACK_MAX_NODES),
        Strategy::Bitmask => Some(DEFAULT_BITMASK_MAX_NODES),
        Strategy::Bfs | Strategy::Dfs => None,
    }
}

/// One configuration per strategy, each a copy of `base` with its strategy set: what
/// `explore compare` should run.
///
/// Each gets one engine thread, so that every strategy solves a puzzle on one core (run puzzles
/// one after the other), and, unless `base` sets a node or time budget,
/// the budget of [`default_max_nodes`]. Every other option is kept; set `threads` on the result
/// to measure the breadth-first engine's own threads.
pub fn configs(strategies: &[Strategy], base: &Config) -> Vec<Config> {
    let unbounded = base.max_nodes.is_none() && base.timeout.is_none();
    strategies
        .iter()
        .map(|&strategy| Config {
            strategy,
            max_nodes: if unbounded {
                default_max_nodes(strategy)
            } else {
                base.max_nodes
            },
            threads: 1,
            ..base.clone()
        })
        .collect()
}

/// The options of `config` that shape its strategy's search, as `key=value` words in the CLI's
/// spelling: `forced=locked branch=fewest` for `bfs` and `dfs` (and `learn=clauses` for a search
/// that learns), `threads=N` for `bfs` (the only strategy with threads), then the budgets and
/// limits when set. Empty when nothing departs from the plain strategy.
pub fn options(config: &Config) -> String {
    let mut words: Vec<String> = Vec::new();
    if config.strategy.uses_inference() {
        words.push(format!("forced={}", config.forced));
        words.push(format!("branch={}", config.branch));
    }
    if config.learns() {
        words.push(format!("learn={}", config.learn));
    }
    if config.strategy == Strategy::Bfs {
        words.push(format!("threads={}", config.n_threads()));
        if config.max_frontier != Config::DEFAULT_MAX_FRONTIER {
            words.push(format!("max-frontier={}", config.max_frontier));
        }
        if config.max_frontier_bytes != Config::DEFAULT_MAX_FRONTIER_BYTES {
            words.push(format!("max-frontier-bytes={}", config.max_frontier_bytes));
        }
    }
    match config.max_solutions {
        Some(Config::DEFAULT_MAX_SOLUTIONS) => {}
        Some(n) => words.push(format!("max-solutions={n}")),
        None => words.push("max-solutions=all".to_owned()),
    }
    if let Some(nodes) = config.max_nodes {
        words.push(format!("max-nodes={nodes}"));
    }
    if let Some(timeout) = config.timeout {
        words.push(format!("timeout={}s", timeout.as_secs_f64()));
    }
    words.join(" ")
}

/// How far [`run`] has come: sent once with `done` 0 when a configuration starts, then after each
/// puzzle.
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Progress {
    /// Index of the configuration being run, into the `configs` given to [`run`].
    pub entry: usize,
    /// Puzzles finished for this configuration.
    pub done: usize,
    /// Puzzles in all.
    pub total: usize,
}

/// What one strategy made of one puzzle: the verdict and the counters a summary needs.
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Record {
    /// The shape of the puzzle's board.
    pub shape: Shape,
    /// The verdict.
    pub status: Status,
    /// The first reported solution (the smallest: solutions are sorted), if any.
    pub solution: Option<Grid>,
    /// Whether every reported solution is complete, follows the rules and keeps the givens.
    pub valid: bool,
    /// Search nodes created.
    pub nodes: u64,
    /// Dead states.
    pub dead: u64,
    /// Branch points.
    pub guesses: u64,
    /// Most states held at once in the frontier.
    pub peak_frontier: u64,
    /// Memory of the frontier at its peak, in bytes.
    pub peak_frontier_bytes: u64,
    /// Time of the search.
    pub elapsed: Duration,
    /// Wall-clock time spent on the puzzle, the search and its record: what
    /// [`Summary::wall_secs`] adds up. [`Record::new`] sets it to the search's time; a
    /// [`Comparison`] measures it.
    pub wall: Duration,
}

impl Record {
    /// The record of `outcome`, the result of solving `puzzle`.
    pub fn new(puzzle: &Grid, outcome: &Outcome) -> Record {
        let stats = &outcome.stats;
        Record {
            shape: puzzle.shape(),
            status: outcome.status(),
            solution: outcome.solutions.first().cloned(),
            valid: outcome
                .solutions
                .iter()
                .all(|solution| solution.is_solution_of(puzzle)),
            nodes: stats.nodes,
            dead: stats.dead,
            guesses: stats.guesses,
            peak_frontier: stats.peak_frontier,
            peak_frontier_bytes: stats.peak_frontier_bytes,
            elapsed: stats.elapsed,
            wall: stats.elapsed,
        }
    }

    /// A record of `status` on a puzzle of `shape`, with no solution, valid, and every counter
    /// and time zero: the start of a record rebuilt from figures stored elsewhere (as the
    /// program's `explore merge` reads them back), whose fields are then set.
    pub fn empty(shape: Shape, status: Status) -> Record {
        Record {
            shape,
            status,
            solution: None,
            valid: true,
            nodes: 0,
            dead: 0,
            guesses: 0,
            peak_frontier: 0,
            peak_frontier_bytes: 0,
            elapsed: Duration::ZERO,
            wall: Duration::ZERO,
        }
    }

    /// Whether the puzzle was solved (`unique`, `multiple` or `solved`) without a single guess.
    fn is_solved_without_guessing(&self) -> bool {
        self.guesses == 0
            && matches!(
                self.status,
                Status::Unique | Status::Multiple | Status::Solved
            )
    }
}

/// One configuration over all the puzzles.
///
/// Serialises to one flat JSON object per configuration; the per-puzzle [`Record`]s are left
/// out.
#[non_exhaustive]
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Summary {
    /// The strategy.
    #[cfg_attr(feature = "serde", serde(serialize_with = "by_name"))]
    pub strategy: Strategy,
    /// Its options, from [`options`].
    pub options: String,
    /// Puzzles run.
    pub puzzles: usize,
    /// Puzzles with a verdict of `unique`, `multiple` or `solved`.
    pub solved: usize,
    /// Puzzles with no solution.
    pub none: usize,
    /// Puzzles on which a budget ran out before any verdict.
    pub gave_up: usize,
    /// Search time summed over the puzzles, in seconds (a puzzle given up on counts the time
    /// until it was).
    pub total_secs: f64,
    /// Wall-clock time of the whole pass, in seconds: `total_secs` plus reading the clock,
    /// checking answers and reporting progress.
    pub wall_secs: f64,
    /// `puzzles / total_secs`: throughput of one core.
    pub puzzles_per_sec: f64,
    /// Median search time of a puzzle, in seconds.
    pub median_secs: f64,
    /// Longest search time of a puzzle, in seconds.
    pub worst_secs: f64,
    /// Mean branch points per puzzle.
    pub guesses_per_puzzle: f64,
    /// Share of the puzzles solved without a single branch point, in percent.
    pub no_guess_pct: f64,
    /// Search nodes created, summed over the puzzles.
    pub nodes: u64,
    /// Dead states, summed over the puzzles.
    pub dead: u64,
    /// Largest frontier of any one puzzle, in boards (states held to come back to).
    pub peak_frontier: u64,
    /// Memory of the largest frontier of any one puzzle, in bytes.
    pub peak_frontier_bytes: u64,
    /// The shape of the puzzles' boards, when they all have the same; `None` when they mix
    /// sizes ([`by_shape`] splits such a summary) or there is no puzzle. Serialised as two
    /// fields: `size`, the side of the board (9 for the classic board), and `box`, the box
    /// shape as rows x columns (`3x3`), both `null` for `None`.
    #[cfg_attr(feature = "serde", serde(flatten, serialize_with = "size_fields"))]
    pub shape: Option<Shape>,
    /// What the strategy made of each puzzle, in puzzle order.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub records: Vec<Record>,
}

#[cfg(feature = "serde")]
fn by_name<S: serde::Serializer>(value: &impl std::fmt::Display, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// The `size` and `box` fields of a [`Summary`].
#[cfg(feature = "serde")]
#[derive(serde::Serialize)]
struct SizeFields {
    size: Option<usize>,
    #[serde(rename = "box")]
    box_shape: Option<String>,
}

#[cfg(feature = "serde")]
fn size_fields<S: serde::Serializer>(shape: &Option<Shape>, s: S) -> Result<S::Ok, S::Error> {
    use serde::Serialize as _;
    SizeFields {
        size: shape.map(Shape::side),
        box_shape: shape.map(box_name),
    }
    .serialize(s)
}

/// A box shape as rows x columns: `3x3`, `2x3`.
fn box_name(shape: Shape) -> String {
    format!("{}x{}", shape.box_rows(), shape.box_cols())
}

impl Summary {
    /// Sums up the records of one pass of `config` over the puzzles, in puzzle order, which
    /// took `wall` in all.
    pub fn new(config: &Config, records: Vec<Record>, wall: Duration) -> Summary {
        Summary::from_records(config.strategy, options(config), records, wall)
    }

    /// Sums up `records` of `strategy` run with `options` (as [`options`] writes them), in
    /// puzzle order, whose pass took `wall` in all: the one way a summary is computed, for
    /// records made here or read back from elsewhere, so that the records of a comparison
    /// split into parts sum up to exactly the summary of the whole.
    pub fn from_records(
        strategy: Strategy,
        options: String,
        records: Vec<Record>,
        wall: Duration,
    ) -> Summary {
        let n = records.len();
        let count = |status: Status| records.iter().filter(|r| r.status == status).count();
        let mut secs: Vec<f64> = records.iter().map(|r| r.elapsed.as_secs_f64()).collect();
        secs.sort_unstable_by(f64::total_cmp);
        let total_secs: f64 = secs.iter().sum();
        let per_puzzle = |total: f64| if n == 0 { 0.0 } else { total / n as f64 };
        let no_guess = records
            .iter()
            .filter(|r| r.is_solved_without_guessing())
            .count();
        let shape = records.first().map(|r| r.shape);
        let shape = shape.filter(|&shape| records.iter().all(|r| r.shape == shape));
        Summary {
            strategy,
            options,
            puzzles: n,
            solved: count(Status::Unique) + count(Status::Multiple) + count(Status::Solved),
            none: count(Status::None),
            gave_up: count(Status::GaveUp),
            total_secs,
            wall_secs: wall.as_secs_f64(),
            puzzles_per_sec: if total_secs > 0.0 {
                n as f64 / total_secs
            } else {
                0.0
            },
            median_secs: match n {
                0 => 0.0,
                n if n % 2 == 1 => secs[n / 2],
                n => (secs[n / 2 - 1] + secs[n / 2]) / 2.0,
            },
            worst_secs: secs.last().copied().unwrap_or(0.0),
            guesses_per_puzzle: per_puzzle(records.iter().map(|r| r.guesses as f64).sum()),
            no_guess_pct: 100.0 * per_puzzle(no_guess as f64),
            nodes: records.iter().map(|r| r.nodes).sum(),
            dead: records.iter().map(|r| r.dead).sum(),
            peak_frontier: records.iter().map(|r| r.peak_frontier).max().unwrap_or(0),
            peak_frontier_bytes: records
                .iter()
                .map(|r| r.peak_frontier_bytes)
                .max()
                .unwrap_or(0),
            shape,
            records,
        }
    }
}

/// The summaries split by board size: for each shape among the puzzles, smallest board first,
/// one summary per given summary over its puzzles of that shape, in the order given. Sizes are
/// summed up apart because their figures differ by orders of magnitude: a 25x25 puzzle can
/// take a million times a 9x9 one.
///
/// A split summary's records keep their puzzle order, and its wall time is the pass's wall
/// time shared in proportion to search time. [`disagreements`] wants the summaries as [`run`]
/// made them, whose records line up puzzle for puzzle.
pub fn by_shape(summaries: &[Summary]) -> Vec<Summary> {
    let mut shapes: Vec<Shape> = summaries
        .iter()
        .flat_map(|s| s.records.iter().map(|r| r.shape))
        .collect();
    shapes.sort_unstable_by_key(|shape| (shape.side(), shape.box_rows()));
    shapes.dedup();
    let mut split = Vec::new();
    for &shape in &shapes {
        for summary in summaries {
            let records: Vec<Record> = summary
                .records
                .iter()
                .filter(|r| r.shape == shape)
                .cloned()
                .collect();
            if records.is_empty() {
                continue;
            }
            let secs: f64 = records.iter().map(|r| r.elapsed.as_secs_f64()).sum();
            let share = if summary.total_secs > 0.0 {
                secs / summary.total_secs
            } else {
                records.len() as f64 / summary.records.len() as f64
            };
            let wall = Duration::from_secs_f64(summary.wall_secs * share.clamp(0.0, 1.0));
            split.push(Summary::from_records(
                summary.strategy,
                summary.options.clone(),
                records,
                wall,
            ));
        }
    }
    split
}

/// Solves every puzzle with every configuration, one puzzle at a time, one configuration after
/// the other, and sums up each pass. `on_progress` hears when each configuration starts and
/// after each puzzle.
///
/// Set a budget (`max_nodes` or `timeout`) on any configuration that may need minutes on a
/// puzzle; [`configs`] does so for `backtrack`.
pub fn run(
    puzzles: &[Grid],
    configs: &[Config],
    mut on_progress: impl FnMut(Progress),
) -> Vec<Summary> {
    let total = puzzles.len();
    configs
        .iter()
        .enumerate()
        .map(|(entry, config)| {
            on_progress(Progress {
                entry,
                done: 0,
                total,
            });
            let start = Instant::now();
            let records = puzzles
                .iter()
                .enumerate()
                .map(|(index, puzzle)| {
                    let record = Record::new(puzzle, &solve(puzzle, config));
                    on_progress(Progress {
                        entry,
                        done: index + 1,
                        total,
                    });
                    record
                })
                .collect();
            Summary::new(config, records, start.elapsed())
        })
        .collect()
}

/// A comparison fed one puzzle at a time, for input that streams: each puzzle is solved with
/// every configuration as it comes, and only the records are kept (a couple of hundred bytes a
/// puzzle and configuration), never the input. [`Comparison::finish`] sums them up as [`run`]
/// does; the wall time of a configuration is the time spent in its passes.
///
/// ```
/// use explore::{Config, Strategy, compare, format};
///
/// let configs = compare::configs(&[Strategy::Bfs, Strategy::Dfs], &Config::default());
/// let mut comparison = compare::Comparison::new(configs);
/// let text = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// for puzzle in format::read(text.as_bytes(), "<example>") {
///     comparison.add(&puzzle?.grid);
/// }
/// let summaries = comparison.finish();
/// assert!(summaries.iter().all(|summary| summary.solved == 1));
/// # Ok::<(), explore::InputError>(())
/// ```
#[derive(Debug)]
pub struct Comparison {
    configs: Vec<Config>,
    records: Vec<Vec<Record>>,
    wall: Vec<Duration>,
}

impl Comparison {
    /// A comparison of `configs`, with no puzzle yet.
    pub fn new(configs: Vec<Config>) -> Comparison {
        let n = configs.len();
        Comparison {
            configs,
            records: vec![Vec::new(); n],
            wall: vec![Duration::ZERO; n],
        }
    }

    /// Solves `puzzle` with every configuration, one after the other.
    pub fn add(&mut self, puzzle: &Grid) {
        for (entry, config) in self.configs.iter().enumerate() {
            let start = Instant::now();
            let mut record = Record::new(puzzle, &solve(puzzle, config));
            record.wall = start.elapsed();
            self.wall[entry] += record.wall;
            self.records[entry].push(record);
        }
    }

    /// The records of the puzzle added last, one per configuration in the order given, with
    /// the configuration: for a caller that writes records as they are made.
    pub fn last(&self) -> impl Iterator<Item = (&Config, &Record)> {
        self.configs
            .iter()
            .zip(&self.records)
            .filter_map(|(config, records)| Some((config, records.last()?)))
    }

    /// Puzzles added so far.
    pub fn n_puzzles(&self) -> usize {
        self.records.first().map_or(0, Vec::len)
    }

    /// One summary per configuration, in the order given.
    pub fn finish(self) -> Vec<Summary> {
        self.configs
            .iter()
            .zip(self.records)
            .zip(self.wall)
            .map(|((config, records), wall)| Summary::new(config, records, wall))
            .collect()
    }
}

/// Solves `puzzle` once more with every configuration, sampling the memory each search held
/// against the boards it expanded ([`Config::footprint`]): the lines of `chart`'s
/// `compare_svg_with_footprints`, in the order of `configs`. A pass of its own, so that the
/// comparison's timings never pay for the sampling; givens that break a rule give empty
/// footprints.
pub fn footprints(puzzle: &Grid, configs: &[Config]) -> Vec<Footprint> {
    configs
        .iter()
        .map(|config| {
            let config = config.clone().with_footprint(true);
            solve(puzzle, &config).footprint.unwrap_or_default()
        })
        .collect()
}

/// Names for the summaries, for messages and charts: the strategy's name, followed by its
/// [`distinctions`] in parentheses (`dfs` and `dfs (learn=clauses)`), and by the board size when
/// the summaries are of several.
pub fn labels(summaries: &[Summary]) -> Vec<String> {
    let sizes_differ = summaries.iter().any(|s| s.shape != summaries[0].shape);
    summaries
        .iter()
        .zip(distinctions(summaries))
        .map(|(summary, distinction)| {
            let mut label = summary.strategy.to_string();
            if !distinction.is_empty() {
                let _ = write!(label, " ({distinction})");
            }
            if let Some(shape) = summary.shape.filter(|_| sizes_differ) {
                let _ = write!(label, " {0}x{0}", shape.side());
            }
            label
        })
        .collect()
}

/// What sets each summary apart from the others of its strategy and board size: the words of
/// its [`options`] that not all of them share (`learn=clauses`), or every word where they
/// share all; empty for a summary alone of its kind.
pub fn distinctions(summaries: &[Summary]) -> Vec<String> {
    summaries
        .iter()
        .map(|summary| {
            let alike: Vec<&Summary> = summaries
                .iter()
                .filter(|other| other.strategy == summary.strategy && other.shape == summary.shape)
                .collect();
            if alike.len() < 2 {
                return String::new();
            }
            if alike.iter().all(|other| other.options == summary.options) {
                return summary.options.clone();
            }
            let alike: Vec<&str> = alike.iter().map(|other| other.options.as_str()).collect();
            own_words(&summary.options, &alike).join(" ")
        })
        .collect()
}

/// The words of `options` (as [`options`] writes them) that not all of `alike` have: what sets
/// it apart from them.
pub(crate) fn own_words<'a>(options: &'a str, alike: &[&str]) -> Vec<&'a str> {
    let shared = |word: &str| {
        alike
            .iter()
            .all(|other| other.split(' ').any(|w| w == word))
    };
    options
        .split(' ')
        .filter(|word| !word.is_empty() && !shared(word))
        .collect()
}

/// A puzzle on which the answers cannot all be right.
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Disagreement {
    /// Index of the puzzle in the slice given to [`run`], from 0.
    pub puzzle: usize,
    /// The summaries involved, as indices into the slice given to [`disagreements`]: two that
    /// contradict each other, or one whose solution is wrong.
    pub entries: Vec<usize>,
    /// What is wrong, in a sentence naming the strategies as [`labels`] does.
    pub reason: String,
}

/// What a record proves about a puzzle's set of solutions.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Claim {
    /// Nothing: the search gave up empty-handed, or its solution is not one.
    Nothing,
    /// There is no solution.
    Empty,
    /// This grid is a solution (and there may be others).
    Contains(Grid),
    /// This grid is the only solution.
    Exactly(Grid),
    /// There are two or more solutions.
    Several,
}

impl Claim {
    fn of(record: &Record) -> Claim {
        if !record.valid {
            return Claim::Nothing;
        }
        match (record.status, record.solution.clone()) {
            (Status::None, _) => Claim::Empty,
            (Status::Multiple, _) => Claim::Several,
            (Status::Unique, Some(grid)) => Claim::Exactly(grid),
            (Status::Solved | Status::GaveUp, Some(grid)) => Claim::Contains(grid),
            _ => Claim::Nothing,
        }
    }

    /// Whether `self` and `other` cannot both be true, as a reason, in the words of `a` and `b`.
    fn contradicts(self, other: Claim, a: &str, b: &str) -> Option<String> {
        use Claim::{Contains, Empty, Exactly, Nothing, Several};
        match (self, other) {
            (Nothing, _) | (_, Nothing) => None,
            (Empty, Empty) => None,
            (Empty, _) => Some(format!("{a} finds no solution, {b} finds one")),
            (_, Empty) => Some(format!("{a} finds a solution, {b} finds none")),
            (Exactly(_), Several) => Some(format!("{a} says unique, {b} finds several solutions")),
            (Several, Exactly(_)) => Some(format!("{a} finds several solutions, {b} says unique")),
            (Exactly(x), Exactly(y) | Contains(y)) | (Contains(x), Exactly(y)) if x != y => Some(
                format!("{a} and {b} report different solutions, and one says it is unique"),
            ),
            _ => None,
        }
    }
}

/// Every puzzle on which two summaries contradict each other, or one reports a grid that does not
/// solve the puzzle, ordered by puzzle.
///
/// Only what a search proved counts: a strategy that gave up says nothing, unless it had found
/// a (checked) solution by then, which is enough to contradict a `none`. Different solutions
/// from two searches that stopped at the solution limit are no contradiction, since the puzzle
/// may have several; a `unique` with a different solution from anyone is. The summaries must
/// come from the same puzzles; extra records of a longer run are not compared.
pub fn disagreements(summaries: &[Summary]) -> Vec<Disagreement> {
    let labels = labels(summaries);
    let n_puzzles = summaries.iter().map(|s| s.records.len()).min().unwrap_or(0);
    let mut found = Vec::new();
    for puzzle in 0..n_puzzles {
        for (i, summary) in summaries.iter().enumerate() {
            if !summary.records[puzzle].valid {
                found.push(Disagreement {
                    puzzle,
                    entries: vec![i],
                    reason: format!(
                        "{} reports a grid that does not solve the puzzle",
                        labels[i]
                    ),
                });
            }
        }
        for i in 0..summaries.len() {
            for j in i + 1..summaries.len() {
                let a = Claim::of(&summaries[i].records[puzzle]);
                let b = Claim::of(&summaries[j].records[puzzle]);
                if let Some(reason) = a.contradicts(b, &labels[i], &labels[j]) {
                    found.push(Disagreement {
                        puzzle,
                        entries: vec![i, j],
                        reason,
                    });
                }
            }
        }
    }
    found
}

/// The columns of a comparison, in the order of [`rows`]: the names and order of the fields of
/// a [`Summary`] in JSON (with the `serde` feature), so that every rendering (table, CSV,
/// Markdown, JSON) calls each figure by one name, in one unit.
pub const COLUMNS: [&str; 19] = [
    "strategy",
    "options",
    "puzzles",
    "solved",
    "none",
    "gave_up",
    "total_secs",
    "wall_secs",
    "puzzles_per_sec",
    "median_secs",
    "worst_secs",
    "guesses_per_puzzle",
    "no_guess_pct",
    "nodes",
    "dead",
    "peak_frontier",
    "peak_frontier_bytes",
    "size",
    "box",
];

/// One row of cells per summary, in the order of [`COLUMNS`]: what every tabular rendering
/// (plain table, CSV, Markdown) shows.
pub fn rows(summaries: &[Summary]) -> Vec<[String; COLUMNS.len()]> {
    summaries
        .iter()
        .map(|s| {
            [
                s.strategy.to_string(),
                s.options.clone(),
                s.puzzles.to_string(),
                s.solved.to_string(),
                s.none.to_string(),
                s.gave_up.to_string(),
                format!("{:.3}", s.total_secs),
                format!("{:.3}", s.wall_secs),
                format!("{:.0}", s.puzzles_per_sec),
                format!("{:.6}", s.median_secs),
                format!("{:.6}", s.worst_secs),
                format!("{:.1}", s.guesses_per_puzzle),
                format!("{:.1}", s.no_guess_pct),
                s.nodes.to_string(),
                s.dead.to_string(),
                s.peak_frontier.to_string(),
                s.peak_frontier_bytes.to_string(),
                s.shape
                    .map_or_else(String::new, |shape| shape.side().to_string()),
                s.shape.map_or_else(String::new, box_name),
            ]
        })
        .collect()
}

/// A plain-text table of [`rows`] under [`COLUMNS`], columns aligned, numbers to the right.
pub fn table(summaries: &[Summary]) -> String {
    let rows = rows(summaries);
    let mut widths = COLUMNS.map(str::len);
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.len());
        }
    }
    let mut out = String::new();
    let header = COLUMNS.map(str::to_owned);
    for row in std::iter::once(&header).chain(&rows) {
        let mut line = String::new();
        for (i, (cell, width)) in row.iter().zip(widths).enumerate() {
            if i > 0 {
                line.push_str("  ");
            }
            if i < 2 {
                let _ = write!(line, "{cell:<width$}");
            } else {
                let _ = write!(line, "{cell:>width$}");
            }
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;
    use crate::geometry::Shape;

    /// From top1465.
    const HARD: [&str; 3] = [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
    ];
    /// From top1465, three that the naive strategies solve in 18,000 to 30,000 nodes
    /// (tests/data/cli/quick3.txt): [`HARD`] takes them seconds of a debug build.
    const QUICK: [&str; 3] = [
        "...2.49...4.....5...37....88...1..64...3..5...9..8..........74..15......6......2.",
        "..4....89...1.2.6...6...7..2..8.4.1..4....5...3......8....7.......5.1....154398..",
        ".4..7....7.3....928....14...672....99..1.......1..7.54...3.....4....5.8.......5.1",
    ];
    /// From 16_clue_multi: 2836 solutions.
    const MULTI: &str =
        "................12..3.45.........3...1.6.....8.....54....1....8...9...6...4......";
    /// From unsolvable.
    const NONE: &str =
        ".2..58..3.........9.5...6..21..9.......7....44...1..6.53..4..2.6.2....35.9..8..1.";

    fn grids(lines: &[&str]) -> Vec<Grid> {
        lines
            .iter()
            .map(|line| format::parse_one(line).expect("test puzzle reads"))
            .collect()
    }

    fn base() -> Config {
        Config {
            threads: 1,
            ..Config::default()
        }
    }

    #[test]
    fn every_strategy_agrees_and_the_counts_add_up() {
        strategies_agree_and_add_up(QUICK);
    }

    /// The same where the naive strategies give up at their budgets: 24 s of a debug build.
    #[test]
    fn full_sets_every_strategy_agrees_and_the_counts_add_up_on_hard_puzzles() {
        if std::env::var_os("EXPLORE_FULL_SETS").is_none_or(|v| v != "1") {
            eprintln!("skipped: set EXPLORE_FULL_SETS=1 to compare on the hard puzzles");
            return;
        }
        strategies_agree_and_add_up(HARD);
    }

    /// Every strategy over three unique puzzles (`unique`), one with many solutions and one
    /// with none: progress heard, the counts adding up, no disagreement.
    fn strategies_agree_and_add_up(unique: [&str; 3]) {
        let puzzles = grids(&[unique[0], unique[1], unique[2], MULTI, NONE]);
        let configs = configs(Strategy::ALL, &base());
        let mut heard = Vec::new();
        let summaries = run(&puzzles, &configs, |p| heard.push(p));
        assert_eq!(heard.len(), configs.len() * (puzzles.len() + 1));
        assert_eq!(
            heard.last(),
            Some(&Progress {
                entry: configs.len() - 1,
                done: 5,
                total: 5
            })
        );
        for summary in &summaries {
            assert_eq!(summary.puzzles, 5);
            assert_eq!(summary.solved + summary.none + summary.gave_up, 5);
            assert_eq!(summary.records.len(), 5);
            assert!(summary.nodes > 0 && summary.total_secs > 0.0);
            assert!(summary.median_secs <= summary.worst_secs);
            assert!(summary.worst_secs <= summary.total_secs);
            if summary.gave_up == 0 {
                assert_eq!((summary.solved, summary.none), (4, 1), "{summary:?}");
                let statuses: Vec<Status> = summary.records.iter().map(|r| r.status).collect();
                assert_eq!(statuses[3..], [Status::Multiple, Status::None]);
            }
        }
        assert_eq!(disagreements(&summaries), Vec::new());
    }

    #[test]
    fn progress_is_heard_at_the_start_and_after_each_puzzle() {
        let puzzles = grids(&[HARD[0], HARD[1], HARD[2], MULTI, NONE]);
        let mut heard = Vec::new();
        let summaries = run(&puzzles, &[base()], |p| heard.push(p.done));
        assert_eq!(heard, [0, 1, 2, 3, 4, 5]);
        assert_eq!(summaries[0].records.len(), 5);
        assert_eq!(
            summaries[0].options,
            "forced=locked branch=fewest threads=1"
        );
    }

    #[test]
    fn a_budget_gives_up_without_stalling() {
        let puzzles = grids(&HARD);
        let tight = Config {
            max_nodes: Some(1),
            ..base()
        };
        let summaries = run(&puzzles, &[tight, base()], |_| {});
        assert_eq!(summaries[0].gave_up, 3);
        assert_eq!(summaries[1].solved, 3);
        assert_eq!(
            summaries[0].options,
            "forced=locked branch=fewest threads=1 max-nodes=1"
        );
        assert!(disagreements(&summaries).is_empty());
        assert_eq!(labels(&summaries), ["bfs (max-nodes=1)", "bfs"]);
    }

    #[test]
    fn configs_budget_only_the_naive_searches() {
        let configs = configs(Strategy::ALL, &Config::default());
        for config in &configs {
            assert_eq!(config.threads, 1);
            assert_eq!(config.max_nodes, default_max_nodes(config.strategy));
        }
        let budgets: Vec<Option<u64>> = configs.iter().map(|c| c.max_nodes).collect();
        assert_eq!(budgets, [None, None, Some(10_000_000), Some(1_000_000)]);
        assert_eq!(options(&configs[3]), "max-nodes=1000000");
        let timed = Config {
            timeout: Some(Duration::from_secs(2)),
            ..base()
        };
        let configs = super::configs(&[Strategy::Backtrack], &timed);
        assert_eq!(configs[0].max_nodes, None);
        assert_eq!(options(&configs[0]), "timeout=2s");
    }

    fn summary(strategy: Strategy, records: Vec<Record>) -> Summary {
        Summary::new(&Config { strategy, ..base() }, records, Duration::ZERO)
    }

    fn record(status: Status, solution: Option<Grid>) -> Record {
        Record {
            shape: Shape::NINE,
            status,
            solution,
            valid: true,
            nodes: 1,
            dead: 0,
            guesses: 0,
            peak_frontier: 0,
            peak_frontier_bytes: 0,
            elapsed: Duration::ZERO,
            wall: Duration::ZERO,
        }
    }

    #[test]
    fn summaries_add_up_their_records() {
        let timed = |status, guesses, ms, peak| Record {
            guesses,
            elapsed: Duration::from_millis(ms),
            peak_frontier: peak,
            peak_frontier_bytes: peak * 100,
            ..record(status, Some(Grid::empty(Shape::NINE)))
        };
        let records = vec![
            timed(Status::Unique, 0, 4, 1),
            timed(Status::Solved, 3, 1, 9),
            timed(Status::None, 0, 2, 5),
            timed(Status::GaveUp, 7, 10, 2),
        ];
        let s = summary(Strategy::Dfs, records);
        assert_eq!((s.puzzles, s.solved, s.none, s.gave_up), (4, 2, 1, 1));
        assert!((s.total_secs - 0.017).abs() < 1e-9);
        assert!(
            (s.median_secs - 0.003).abs() < 1e-9,
            "mean of the middle two"
        );
        assert!((s.worst_secs - 0.010).abs() < 1e-9);
        assert!((s.guesses_per_puzzle - 2.5).abs() < 1e-9);
        assert!((s.no_guess_pct - 25.0).abs() < 1e-9, "only the unique one");
        assert_eq!(
            (s.nodes, s.peak_frontier, s.peak_frontier_bytes),
            (4, 9, 900)
        );
        assert_eq!(s.options, "forced=locked branch=fewest");
    }

    #[test]
    fn disagreements_name_contradictions_only() {
        let puzzles = grids(&[HARD[0], MULTI]);
        let outcome = crate::solve(&puzzles[0], &base());
        let right = outcome.solutions[0].clone();
        // Validity is the record's business; here only the claims matter.
        let other = Grid::empty(Shape::NINE);

        let bfs = summary(
            Strategy::Bfs,
            vec![
                record(Status::Unique, Some(right.clone())),
                record(Status::Solved, Some(right.clone())),
            ],
        );
        let agreeing = summary(
            Strategy::Dfs,
            vec![
                record(Status::Solved, Some(right)),
                record(Status::Multiple, Some(other.clone())),
            ],
        );
        let gave_up = summary(
            Strategy::Bitmask,
            vec![record(Status::GaveUp, None), record(Status::GaveUp, None)],
        );
        assert!(disagreements(&[bfs.clone(), agreeing, gave_up]).is_empty());

        let wrong = summary(
            Strategy::Backtrack,
            vec![
                record(Status::None, None),
                record(Status::Unique, Some(other)),
            ],
        );
        let found = disagreements(&[bfs, wrong]);
        let reasons: Vec<(usize, &str)> = found
            .iter()
            .map(|d| (d.puzzle, d.reason.as_str()))
            .collect();
        assert_eq!(
            reasons,
            [
                (0, "bfs finds a solution, backtrack finds none"),
                (
                    1,
                    "bfs and backtrack report different solutions, and one says it is unique"
                ),
            ]
        );
        assert!(found.iter().all(|d| d.entries == [0, 1]));
    }

    #[test]
    fn a_wrong_solution_is_reported_and_proves_nothing() {
        let bad = Record {
            valid: false,
            ..record(Status::Unique, Some(Grid::empty(Shape::NINE)))
        };
        let found = disagreements(&[
            summary(Strategy::Bfs, vec![bad]),
            summary(Strategy::Dfs, vec![record(Status::None, None)]),
        ]);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].entries, [0]);
        assert_eq!(
            found[0].reason,
            "bfs reports a grid that does not solve the puzzle"
        );
    }

    /// A collection from the shared puzzle folder above the crate, or `None` to skip.
    fn shared(name: &str) -> Option<Vec<Grid>> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .ancestors()
            .map(|dir| dir.join("shared/puzzles"))
            .find(|dir| dir.is_dir());
        let Some(dir) = dir else {
            eprintln!("skipped: shared/puzzles not found above the crate");
            return None;
        };
        let text = std::fs::read_to_string(dir.join(name)).expect("collection reads");
        let grids = format::parse(&text, name)
            .into_iter()
            .map(|puzzle| puzzle.map(|p| p.grid).unwrap_or_else(|e| panic!("{e}")))
            .collect();
        Some(grids)
    }

    /// The measured comparison of the module docs: every strategy over a spread quarter of
    /// each shared set (every fourth puzzle), checked against the independent solutions. Slow
    /// in a debug build; CI runs it optimised (the `ci` profile). The conformance suite
    /// (tests/conformance.rs) solves every puzzle of these sets with every strategy; this test
    /// checks what the comparison makes of them, which a quarter shows as well, at a quarter
    /// of the naive searches' minutes.
    #[test]
    fn full_sets_every_strategy_agrees_with_the_known_answers() {
        if std::env::var_os("EXPLORE_FULL_SETS").is_none() {
            eprintln!("skipped: set EXPLORE_FULL_SETS=1 to compare over the shared sets");
            return;
        }
        let (Some(top), Some(solutions), Some(none), Some(multi)) = (
            shared("top1465.txt"),
            shared("top1465.solutions"),
            shared("unsolvable.txt"),
            shared("16_clue_multi.txt"),
        ) else {
            return;
        };
        let configs = configs(Strategy::ALL, &Config::default());
        const STEP: usize = 4;
        let spread =
            |grids: &[Grid]| -> Vec<Grid> { grids.iter().step_by(STEP).cloned().collect() };
        for (name, puzzles, expected) in [
            ("top1465", &top, Status::Unique),
            ("unsolvable", &none, Status::None),
            ("16_clue_multi", &multi, Status::Multiple),
        ] {
            let summaries = run(&spread(puzzles), &configs, |_| {});
            eprintln!("{name}:\n{}", table(&summaries));
            assert_eq!(disagreements(&summaries), Vec::new(), "{name}");
            for summary in &summaries {
                for (i, record) in summary.records.iter().enumerate() {
                    // The naive searches run under a budget and may give up (see `configs`).
                    if record.status == Status::GaveUp && summary.options.contains("max-nodes") {
                        continue;
                    }
                    assert_eq!(
                        record.status,
                        expected,
                        "{name} #{} {}",
                        i + 1,
                        summary.strategy
                    );
                    if expected == Status::Unique {
                        assert_eq!(
                            record.solution,
                            Some(solutions[i * STEP].clone()),
                            "{name} #{}",
                            i * STEP + 1
                        );
                    }
                }
            }
        }
    }

    #[cfg(feature = "serde")]
    #[test]
    fn summaries_serialise_flat_without_records() {
        let summaries = run(&grids(&HARD[..1]), &[base()], |_| {});
        let json = serde_json::to_value(&summaries[0]).expect("serialises");
        assert_eq!(json["strategy"], "bfs");
        assert_eq!(json["solved"], 1);
        assert!(json.get("records").is_none());
        assert!(json["peak_frontier_bytes"].as_u64().is_some_and(|b| b > 0));
        let text = serde_json::to_string(&summaries[0]).unwrap();
        let keys: Vec<&str> = text
            .split('"')
            .skip(1)
            .step_by(2)
            .filter(|key| text.contains(&format!("\"{key}\":")))
            .collect();
        assert_eq!(
            keys, COLUMNS,
            "the JSON names the columns of the tables, in order"
        );
    }

    /// The empty board of `shape` with the pattern solution's first row given.
    fn first_row(shape: Shape) -> Grid {
        let mut grid = Grid::empty(shape);
        for (col, digit) in shape.digits().enumerate() {
            grid.set(shape.cell(0, col).unwrap(), Some(digit));
        }
        grid
    }

    /// A file mixing sizes: one pass per strategy over every puzzle (so the answers are
    /// checked puzzle for puzzle), then a summary per strategy and size, smallest first, each
    /// naming its size.
    #[test]
    fn sizes_are_summed_apart() {
        let four = Shape::new(2, 2).unwrap();
        let six = Shape::new(2, 3).unwrap();
        let mut puzzles = grids(&[HARD[0]]);
        puzzles.extend([Grid::empty(six), first_row(four), Grid::empty(four)]);
        puzzles.extend(grids(&[NONE]));
        let configs = configs(&[Strategy::Bfs, Strategy::Dfs], &base());
        let summaries = run(&puzzles, &configs, |_| {});
        assert!(
            summaries
                .iter()
                .all(|s| s.shape.is_none() && s.puzzles == 5)
        );
        assert!(disagreements(&summaries).is_empty());

        let split = by_shape(&summaries);
        let what: Vec<(Strategy, Option<Shape>, usize, usize, usize)> = split
            .iter()
            .map(|s| (s.strategy, s.shape, s.puzzles, s.solved, s.none))
            .collect();
        let (bfs, dfs) = (Strategy::Bfs, Strategy::Dfs);
        assert_eq!(
            what,
            [
                (bfs, Some(four), 2, 2, 0),
                (dfs, Some(four), 2, 2, 0),
                (bfs, Some(six), 1, 1, 0),
                (dfs, Some(six), 1, 1, 0),
                (bfs, Some(Shape::NINE), 2, 1, 1),
                (dfs, Some(Shape::NINE), 2, 1, 1),
            ]
        );
        for (whole, part) in summaries.iter().zip(&split) {
            assert_eq!(whole.options, part.options);
        }
        let nodes = |strategy| -> u64 {
            split
                .iter()
                .filter(|s| s.strategy == strategy)
                .map(|s| s.nodes)
                .sum()
        };
        assert_eq!(nodes(bfs), summaries[0].nodes, "the parts add up");
        assert_eq!(nodes(dfs), summaries[1].nodes);
        assert!(
            split
                .iter()
                .all(|s| s.wall_secs <= summaries[0].wall_secs.max(summaries[1].wall_secs))
        );

        assert_eq!(
            labels(&split),
            [
                "bfs 4x4", "dfs 4x4", "bfs 6x6", "dfs 6x6", "bfs 9x9", "dfs 9x9"
            ]
        );
        assert_eq!(
            labels(&split[4..]),
            ["bfs", "dfs"],
            "one size: no size in the label"
        );
        let table = table(&split);
        let rows: Vec<&str> = table.lines().collect();
        assert!(rows[0].ends_with("  size  box"), "{table}");
        assert!(
            rows[1].starts_with("bfs ") && rows[1].ends_with("     4  2x2"),
            "{table}"
        );
        assert!(rows[3].ends_with("     6  2x3"), "{table}");
        assert!(
            rows[6].starts_with("dfs ") && rows[6].ends_with("     9  3x3"),
            "{table}"
        );
        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_value(&split[2]).unwrap();
            assert_eq!(
                (json["size"].as_u64(), json["box"].as_str()),
                (Some(6), Some("2x3"))
            );
            let whole = serde_json::to_value(&summaries[0]).unwrap();
            assert!(whole["size"].is_null() && whole["box"].is_null());
        }
    }

    #[test]
    fn the_byte_budget_is_an_option_when_set() {
        let config = Config {
            max_frontier_bytes: 1 << 20,
            ..base()
        };
        assert_eq!(
            options(&config),
            "forced=locked branch=fewest threads=1 max-frontier-bytes=1048576"
        );
    }

    #[test]
    fn the_table_has_a_row_per_summary() {
        let summaries = run(
            &grids(&HARD[..1]),
            &configs(&[Strategy::Bfs, Strategy::Dfs], &base()),
            |_| {},
        );
        let table = table(&summaries);
        assert_eq!(table.lines().count(), 3);
        assert!(
            table
                .lines()
                .nth(2)
                .is_some_and(|row| row.starts_with("dfs "))
        );
    }
}
