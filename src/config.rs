//! The options of a search: which [`Strategy`] runs, with which rules ([`Forced`], [`Branch`]),
//! under which limits, all in one plain struct with defaults, [`Config`].
//!
//! This module depends on nothing of the search, only on the [`Progress`] handle it carries and
//! the size of a kept grid: the strategies read their options from here (`strategy`, `budget`
//! and `outcome` import `config`, never the reverse), so the set of strategies and the options
//! that choose between them live on one side of that line.

use std::sync::OnceLock;
use std::time::Duration;

use crate::grid::solution_bytes;
use crate::progress::Progress;

/// An option value that is not one of the names a user may type: the error of `FromStr` for
/// [`Strategy`], [`Forced`] and [`Branch`].
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown {what} '{given}' (expected one of: {expected})")]
pub struct UnknownName {
    what: &'static str,
    given: String,
    expected: String,
}

impl UnknownName {
    pub(crate) fn new(what: &'static str, given: &str, names: &[&str]) -> UnknownName {
        UnknownName {
            what,
            given: given.to_owned(),
            expected: names.join(", "),
        }
    }
}

macro_rules! named_enum {
    ($ty:ident, $what:literal, $($variant:ident => $name:literal),+ $(,)?) => {
        impl $ty {
            /// Every value, in the order `--help` lists them.
            pub const ALL: &'static [$ty] = &[$($ty::$variant),+];

            /// The name used on the command line and in output.
            pub const fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }
        }

        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::std::str::FromStr for $ty {
            type Err = UnknownName;

            fn from_str(s: &str) -> Result<$ty, UnknownName> {
                $ty::ALL
                    .iter()
                    .copied()
                    .find(|value| value.name().eq_ignore_ascii_case(s))
                    .ok_or_else(|| {
                        let names: Vec<&str> = $ty::ALL.iter().map(|v| v.name()).collect();
                        UnknownName::new($what, s, &names)
                    })
            }
        }
    };
}

/// A search strategy.
///
/// The set is closed and chosen at run time; [`solve`](crate::solve) dispatches on it in one
/// `match`. New strategies may be added in a minor release, hence `#[non_exhaustive]`.
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Strategy {
    /// Breadth-first board branching: a work queue of cloned boards, worker threads.
    #[default]
    Bfs,
    /// Depth-first search over the same boards, forced cells and branch rule as `bfs`.
    Dfs,
    /// Depth-first with row, column and box bitmasks, first empty cell, digits in order.
    Bitmask,
    /// The textbook recursive backtracker: first empty cell, digits in order, legality by
    /// scanning.
    Backtrack,
}

named_enum!(
    Strategy, "strategy",
    Bfs => "bfs",
    Dfs => "dfs",
    Bitmask => "bitmask",
    Backtrack => "backtrack",
);

impl Strategy {
    /// One line for `--help` and the docs.
    pub const fn summary(self) -> &'static str {
        match self {
            Strategy::Bfs => {
                "breadth-first \"array of boards\": a work queue of cloned boards, worker threads"
            }
            Strategy::Dfs => {
                "depth-first over the same boards, forced cells and branch rule as bfs"
            }
            Strategy::Bitmask => "depth-first with row/column/box bitmasks, first empty cell",
            Strategy::Backtrack => {
                "textbook recursion: first empty cell, digits in order, legality by scanning"
            }
        }
    }

    /// Whether the strategy uses [`Config::forced`] and [`Config::branch`].
    pub const fn uses_inference(self) -> bool {
        matches!(self, Strategy::Bfs | Strategy::Dfs)
    }
}

/// Which cells the breadth-first engine fills without guessing, repeating until none is left.
///
/// Ordered from the weakest rule to the strongest. New rules may be added in a minor release.
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub enum Forced {
    /// A cell with one candidate left is filled (a naked single).
    Naked,
    /// Naked singles, and a digit with one place left in a row, column or box (a hidden single).
    Hidden,
    /// Hidden singles, and locked candidates along rows: a digit confined to one box within a
    /// row leaves the rest of that box, one confined to one row within a box leaves the rest of
    /// that row (and, more generally, places that no one-per-row, one-per-box arrangement of the
    /// digit in the band of three rows can use are removed).
    #[default]
    Locked,
    /// Locked candidates, and in each row, column and box, every cell-digit pair that no
    /// one-to-one assignment of the unit's digits to its cells uses is removed: naked and hidden
    /// pairs, triples and larger subsets. The strongest rule and the dearest per board; it pays
    /// on large boards (16x16 and up), where trees are deep.
    Subsets,
}

/// Which undetermined cell the breadth-first engine branches on. New rules may be added in a
/// minor release.
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Branch {
    /// The first undetermined cell in reading order.
    First,
    /// The undetermined cell with the fewest candidates (the first such in reading order).
    #[default]
    Fewest,
    /// One guess of look-ahead: of the first 32 undetermined cells with the fewest candidates,
    /// the one whose children, each filled by the forced-cell rule (at most
    /// [`Forced::Locked`]), settle the most cells, its poorest child counting; a cell with a
    /// dead child at once. Costs up to twice 32 boards per branch
    /// ([`Stats::probes`](crate::Stats::probes)) and can make the tree of a hard large puzzle
    /// many times smaller; it never changes what the search finds.
    Probe,
    /// Led by the contradictions (`bfs --learn clauses`): the undetermined cell with the fewest
    /// candidates for the clauses learned about it, each candidate of a clause counting its
    /// cell once (candidates / (1 + clauses), the least; the first such in reading order). The
    /// counts are those of the clauses merged before the level, so every thread count branches
    /// alike. Without clauses yet, it is [`Branch::Fewest`].
    Conflicts,
}

/// Whether the board searches (`bfs` and `dfs`) learn from their dead boards. New rules may be
/// added in a minor release.
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Learn {
    /// The default: [`Learn::Cubes`] for `bfs` on boards of 25x25 and larger, where one hard
    /// puzzle needs every core and learning pays; [`Learn::Off`] otherwise
    /// ([`Config::learn_for`]).
    #[default]
    Auto,
    /// Nothing is learned: each dead board is only dropped.
    Off,
    /// Conflict-driven clause learning: each dead end is explained by the reasons of its
    /// forced steps and the explanation kept as a clause that prunes every later board. `dfs`
    /// learns at once, from the filled root board on, and guesses where recent dead ends were
    /// (it pays on hard large boards, 25x25 and up); `bfs` merges the clauses a level learned
    /// before the next level, so that every thread count gives the same levels.
    Clauses,
    /// Cube and conquer (`bfs`): the breadth-first levels grown to [`Config::cubes`] boards,
    /// the cubes, each then searched by the depth-first search that learns, the short clauses
    /// learned shared between cubes; every thread count gives the same answer (and the same
    /// statistics with [`Config::same_stats`]). One hard puzzle on every core. `dfs` learns
    /// as with [`Learn::Clauses`].
    Cubes,
}

named_enum!(
    Learn, "learning rule",
    Auto => "auto",
    Off => "off",
    Clauses => "clauses",
    Cubes => "cubes",
);

impl Learn {
    /// The side from which learning pays: [`Learn::Auto`] learns from here on, and so do the
    /// searches that prove a puzzle unique for `generate` and `grade` (docs/benchmarks.md, "A
    /// search that learns"). Below it the trees are small and a dead board is cheaper to drop
    /// than to explain.
    pub const FROM_SIDE: usize = 25;

    /// The learning of a one-thread search that proves a `shape` puzzle unique, for `generate`
    /// and `grade`: [`Learn::Clauses`] from [`Learn::FROM_SIDE`] on, [`Learn::Off`] below.
    pub(crate) fn proving(shape: crate::geometry::Shape) -> Learn {
        if shape.side() >= Learn::FROM_SIDE {
            Learn::Clauses
        } else {
            Learn::Off
        }
    }

    /// One line for `--help` and the docs.
    pub const fn summary(self) -> &'static str {
        match self {
            Learn::Auto => "cubes for bfs on 25x25 and larger boards, off otherwise",
            Learn::Off => "nothing: a dead board is dropped",
            Learn::Clauses => {
                "each dead end explained by its forced steps' reasons and kept as a clause \
                 (bfs and dfs; pays on hard 25x25 and larger)"
            }
            Learn::Cubes => {
                "cube and conquer: bfs cuts the tree into boards, each searched by dfs that \
                 learns, short clauses shared (one hard puzzle on every core)"
            }
        }
    }
}

/// Everything that shapes one search.
///
/// Start from [`Config::default()`] and change what you need, with the `with_` setters in one
/// expression or by assigning the public fields:
///
/// ```
/// use explore::{Config, Forced, Strategy};
///
/// let config = Config::default()
///     .with_strategy(Strategy::Dfs)
///     .with_forced(Forced::Subsets)
///     .with_max_solutions(None);
/// assert_eq!(config.strategy, Strategy::Dfs);
///
/// let mut one_thread = Config::default();
/// one_thread.threads = 1;
/// ```
///
/// To count every solution without keeping any, use [`Config::with_counting`].
///
/// The struct is `#[non_exhaustive]`: new options are added in minor releases, each with a
/// default that keeps the old behaviour, so code outside this crate cannot use a struct literal
/// (not even `Config { .., ..Config::default() }`).
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Config {
    /// The search strategy.
    pub strategy: Strategy,
    /// Stop after this many solutions; `None` asks for every solution, of which at most
    /// 1,000,000, and at most 128 MiB of them, are kept (a million 9x9 grids, 372,827 of
    /// 16x16), or, when they are only counted, all.
    pub max_solutions: Option<u64>,
    /// Keep the solutions found as grids (`true`, the default), or only count them
    /// ([`Outcome::count`](crate::Outcome::count)), which takes no memory however many there are.
    /// The count still stops at [`Config::max_solutions`] (2 by default): to count every
    /// solution, use [`Config::with_counting`], which sets both.
    pub keep_solutions: bool,
    /// Give up after creating this many boards (search nodes); deterministic.
    pub max_nodes: Option<u64>,
    /// Give up after creating this many boards on a board larger than 9x9, when `max_nodes`
    /// is `None`: a budget for searches that end on every 9x9 puzzle but may not end on a
    /// larger board (the program gives `backtrack` and `bitmask` one, whose search of an empty
    /// 25x25 board would outlast the machine). `None`, the default: no such limit.
    pub max_nodes_beyond_9x9: Option<u64>,
    /// Give up after this much wall-clock time per puzzle.
    pub timeout: Option<Duration>,
    /// Worker threads for the breadth-first engine; at least 1, and at most
    /// [`Config::MAX_THREADS`] are started. The default is the number of cores the process may
    /// run on, asked of the system once per process.
    pub threads: usize,
    /// Forced-cell rule of the breadth-first engine.
    pub forced: Forced,
    /// Branch-cell rule of the breadth-first engine.
    pub branch: Branch,
    /// Learning from dead boards ([`Config::learns`]: `bfs` and `dfs`; the other strategies
    /// learn nothing). The clauses learned are held within `max_frontier_bytes` (`bfs`: a 64th
    /// of it for each thread's copy).
    pub learn: Learn,
    /// Cubes that cube and conquer ([`Learn::Cubes`]) cuts the search into: the breadth-first
    /// levels grow until one holds at least this many live boards (or the next would not fit
    /// the frontier budget).
    pub cubes: usize,
    /// Whether cube and conquer deals its cubes to four fixed lanes that exchange clauses at
    /// the end of each round, so that every statistic is the same on every thread count and
    /// every run. Off (the default), each thread conquers the next cube as it is free and takes
    /// the clauses the others shared so far: less work and no waiting, and the answer is the
    /// same, but the statistics vary from run to run on more than one thread.
    pub same_stats: bool,
    /// Most boards the breadth-first frontier may hold; beyond it, boards are expanded
    /// depth-first inside the worker so memory stays bounded.
    pub max_frontier: usize,
    /// Most bytes of boards the breadth-first frontier may hold, whatever the board size; the
    /// tighter of this and `max_frontier` applies ([`Config::frontier_boards`]).
    pub max_frontier_bytes: usize,
    /// Most bytes of solutions a search keeps ([`Config::max_kept`]); the breadth-first engine
    /// may hold as many again found by chunks still waiting for earlier ones.
    pub max_kept_bytes: usize,
    /// Most bytes of finished results a batch holds while they wait for an earlier, slower
    /// puzzle ([`crate::batch`]).
    pub max_waiting_bytes: usize,
    /// Most bytes the solver state of a search that learns may take ([`Config::learns`]):
    /// `dfs` holds one copy of it, `bfs` one for each thread and the coordinator, the root's
    /// and the state each chunk starts from, each with its clauses. A `bfs` search runs on as many threads as fit; where even one copy (`dfs`) or
    /// one thread's (`bfs`) does not fit, the search runs without learning. Either way a
    /// warning says so; the verdict and the count are the same (where there are more solutions
    /// than the limit, the first ones found may differ).
    pub max_learn_bytes: usize,
    /// Where the search reports what it has done as it runs, for a live display
    /// ([`Progress`]); `None` (the default) reports nothing.
    pub progress: Option<Progress>,
    /// Sample the memory the search holds against the boards it has expanded, into
    /// [`Outcome::footprint`](crate::Outcome::footprint) (at most a few hundred samples,
    /// [`Footprint`](crate::footprint::Footprint)); off (the default), the engines sample
    /// nothing and pay nothing for it.
    pub footprint: bool,
    /// Record the boards the search expands, one by one within the bound of
    /// [`record::max_boards`](crate::record::max_boards), into
    /// [`Outcome::recorded`](crate::Outcome::recorded), for a page that plays the search
    /// (`bfs` expands a level being recorded in order, on the calling thread; `bfs` that
    /// learns, and `bfs` whose frontier budget sends a board depth-first, leave it to the
    /// tree's walk); off (the default), nothing is recorded and nothing is paid for it. A
    /// batch ([`crate::batch`]) records the first puzzle of each input only.
    pub record: bool,
}

/// The cores this process may run on, asked once: the answer comes from several system files
/// (affinity and control-group quotas), which would cost more than solving an easy puzzle if
/// every `Config::default()` asked again.
fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, usize::from))
}

impl Default for Config {
    fn default() -> Config {
        Config {
            strategy: Strategy::default(),
            max_solutions: Some(Config::DEFAULT_MAX_SOLUTIONS),
            keep_solutions: true,
            max_nodes: None,
            max_nodes_beyond_9x9: None,
            timeout: None,
            threads: cores(),
            forced: Forced::default(),
            branch: Branch::default(),
            learn: Learn::default(),
            cubes: Config::DEFAULT_CUBES,
            same_stats: false,
            max_frontier: Config::DEFAULT_MAX_FRONTIER,
            max_frontier_bytes: Config::DEFAULT_MAX_FRONTIER_BYTES,
            max_kept_bytes: Config::DEFAULT_MAX_KEPT_BYTES,
            max_waiting_bytes: Config::DEFAULT_MAX_WAITING_BYTES,
            max_learn_bytes: Config::DEFAULT_MAX_LEARN_BYTES,
            progress: None,
            footprint: false,
            record: false,
        }
    }
}

impl Forced {
    /// One line for `--help` and the docs.
    pub const fn summary(self) -> &'static str {
        match self {
            Forced::Naked => "naked singles: a cell with one candidate left",
            Forced::Hidden => {
                "naked and hidden singles: also a digit with one place left in a unit"
            }
            Forced::Locked => {
                "hidden singles and locked candidates: a digit confined to one box within a row \
                 or column leaves the rest of that box, and one confined to one row or column \
                 within a box leaves the rest of that line"
            }
            Forced::Subsets => {
                "locked candidates, and naked and hidden subsets of every size in each row, \
                 column and box: the strongest rule, for large boards"
            }
        }
    }
}

impl Branch {
    /// One line for `--help` and the docs.
    pub const fn summary(self) -> &'static str {
        match self {
            Branch::First => "the first empty cell in reading order",
            Branch::Fewest => "the empty cell with the fewest candidates",
            Branch::Probe => {
                "of the cells with the fewest candidates, the one whose children settle the most \
                 (one guess of look-ahead; pays on large hard boards)"
            }
            Branch::Conflicts => {
                "the cell with the fewest candidates for the clauses learned about it (bfs \
                 --learn clauses)"
            }
        }
    }
}

/// A setter per field, for building a [`Config`] in one expression.
macro_rules! setters {
    ($($(#[$doc:meta])* $name:ident: $field:ident: $ty:ty;)+) => {
        $(
            $(#[$doc])*
            #[must_use]
            pub fn $name(mut self, $field: $ty) -> Config {
                self.$field = $field;
                self
            }
        )+
    };
}

/// Most solutions a search keeps when asked for all of them: beyond it the search stops at the
/// solution limit and says so, so that memory is never what ends it. Larger boards keep fewer
/// ([`Config::max_kept`]).
pub(crate) const MAX_KEPT_SOLUTIONS: u64 = 1_000_000;

impl Config {
    /// Default frontier budget in boards: 128 MB of 9x9 boards per level.
    pub const DEFAULT_MAX_FRONTIER: usize = 1_000_000;

    /// Default frontier budget in bytes, for every board size: 128 MiB per level, so two levels
    /// and the workers' depth-first stacks stay well under 1 GiB.
    pub const DEFAULT_MAX_FRONTIER_BYTES: usize = 128 << 20;

    /// Default [`Config::max_kept_bytes`]: 128 MiB.
    pub const DEFAULT_MAX_KEPT_BYTES: usize = 128 << 20;

    /// Default [`Config::max_waiting_bytes`]: 256 MiB.
    pub const DEFAULT_MAX_WAITING_BYTES: usize = 256 << 20;

    /// Default [`Config::max_learn_bytes`]: 1 GiB, the solver copies of 2 threads on a 64x64
    /// board (about 40 MiB each) many times over.
    pub const DEFAULT_MAX_LEARN_BYTES: usize = 1 << 30;

    /// Default [`Config::cubes`].
    pub const DEFAULT_CUBES: usize = 64;

    /// Default solution limit: two is enough to tell unique from multiple.
    pub const DEFAULT_MAX_SOLUTIONS: u64 = 2;

    /// How many nodes apart every strategy looks at the clock for [`Config::timeout`]: a search
    /// notices its deadline within this many nodes of passing it.
    pub const CLOCK_EVERY: u64 = 1024;

    /// The most worker threads a search or a batch starts, whatever [`Config::threads`] asks.
    /// Each thread maps its stack and guard pages, and past some sixteen thousand threads a
    /// system with the usual limits lets a thread start but not set up its guard page, which
    /// aborts the process; no level of boards keeps this many busy anyway.
    pub const MAX_THREADS: usize = 4096;

    /// The worker threads to start: [`Config::threads`] within 1 and [`Config::MAX_THREADS`].
    pub(crate) fn n_threads(&self) -> usize {
        self.threads.clamp(1, Self::MAX_THREADS)
    }

    setters! {
        /// Sets [`Config::strategy`].
        with_strategy: strategy: Strategy;
        /// Sets [`Config::cubes`].
        with_cubes: cubes: usize;
        /// Sets [`Config::same_stats`].
        with_same_stats: same_stats: bool;
        /// Sets [`Config::max_solutions`]; `None` asks for every solution.
        with_max_solutions: max_solutions: Option<u64>;
        /// Sets [`Config::keep_solutions`].
        with_keep_solutions: keep_solutions: bool;
        /// Sets [`Config::max_nodes`].
        with_max_nodes: max_nodes: Option<u64>;
        /// Sets [`Config::max_nodes_beyond_9x9`].
        with_max_nodes_beyond_9x9: max_nodes_beyond_9x9: Option<u64>;
        /// Sets [`Config::timeout`].
        with_timeout: timeout: Option<Duration>;
        /// Sets [`Config::threads`].
        with_threads: threads: usize;
        /// Sets [`Config::forced`].
        with_forced: forced: Forced;
        /// Sets [`Config::branch`].
        with_branch: branch: Branch;
        /// Sets [`Config::learn`].
        with_learn: learn: Learn;
        /// Sets [`Config::max_frontier`].
        with_max_frontier: max_frontier: usize;
        /// Sets [`Config::max_frontier_bytes`].
        with_max_frontier_bytes: max_frontier_bytes: usize;
        /// Sets [`Config::max_kept_bytes`].
        with_max_kept_bytes: max_kept_bytes: usize;
        /// Sets [`Config::max_waiting_bytes`].
        with_max_waiting_bytes: max_waiting_bytes: usize;
        /// Sets [`Config::max_learn_bytes`].
        with_max_learn_bytes: max_learn_bytes: usize;
        /// Sets [`Config::progress`].
        with_progress: progress: Option<Progress>;
        /// Sets [`Config::footprint`].
        with_footprint: footprint: bool;
        /// Sets [`Config::record`].
        with_record: record: bool;
    }

    /// Counts every solution without keeping any: no solution limit
    /// ([`Config::max_solutions`] `None`) and no grids kept ([`Config::keep_solutions`] off),
    /// the one switch for an exact count however large, in the memory of the search alone.
    /// A limit set after it stops the count there (`explore --count -n N`).
    ///
    /// ```
    /// use explore::{Config, format, solve};
    ///
    /// // The empty 4x4 board has 288 solutions.
    /// let empty = format::parse_one("................")?;
    /// let outcome = solve(&empty, &Config::default().with_counting());
    /// assert_eq!(outcome.count, 288);
    /// assert!(outcome.is_exact() && outcome.solutions.is_empty());
    ///
    /// // Without it, the default limit of two solutions stops the count.
    /// let kept_none = Config::default().with_keep_solutions(false);
    /// assert_eq!(solve(&empty, &kept_none).count, 2);
    /// # Ok::<(), explore::InputError>(())
    /// ```
    #[must_use]
    pub fn with_counting(self) -> Config {
        self.with_max_solutions(None).with_keep_solutions(false)
    }

    /// Most solutions of a `shape` board a search keeps when asked for all of them: the
    /// tighter of a million and [`Config::max_kept_bytes`], and at least one (with the default
    /// 128 MiB: 1,000,000 of 9x9, 372,827 of 16x16, 184,112 of 25x25).
    ///
    /// `dfs` that learns ([`Config::learns`]) also keeps, for each solution, a clause that
    /// excludes it: at most a candidate per cell, 4 bytes each, and 32 bytes of header and
    /// watches. Those count here too, so that its kept clauses stay within `max_kept_bytes`.
    pub fn max_kept(&self, shape: crate::geometry::Shape) -> u64 {
        let mut bytes = solution_bytes(shape);
        if self.blocks_solutions() {
            bytes += 4 * shape.n_cells() + 32;
        }
        MAX_KEPT_SOLUTIONS
            .min((self.max_kept_bytes / bytes) as u64)
            .max(1)
    }

    /// Whether a search of a `shape` board that stopped at its solution limit with `count`
    /// solutions stopped at the cap on kept solutions ([`Config::max_kept`]) rather than at the
    /// limit asked for: then there may be more solutions than it reports.
    pub fn is_capped(&self, shape: crate::geometry::Shape, count: u128) -> bool {
        let cap = self.max_kept(shape);
        (self.keep_solutions || self.blocks_solutions())
            && count >= u128::from(cap)
            && self.max_solutions.is_none_or(|asked| asked > cap)
    }

    /// Whether the search learns from its dead boards: `bfs` or `dfs` with [`Learn::Clauses`]
    /// or [`Learn::Cubes`].
    /// `dfs` that learns keeps a clause for each solution it finds, so it finds at most
    /// [`Config::max_kept`] even when it only counts them.
    pub fn learns(&self) -> bool {
        matches!(self.strategy, Strategy::Bfs | Strategy::Dfs)
            && matches!(self.learn, Learn::Clauses | Learn::Cubes)
    }

    /// The learning rule a search of a `shape` board runs under: [`Config::learn`], with
    /// [`Learn::Auto`] made [`Learn::Cubes`] for `bfs` on boards of 25x25 and larger, and
    /// [`Learn::Off`] otherwise.
    pub fn learn_for(&self, shape: crate::geometry::Shape) -> Learn {
        match self.learn {
            Learn::Auto if self.strategy == Strategy::Bfs && shape.side() >= Learn::FROM_SIDE => {
                Learn::Cubes
            }
            Learn::Auto => Learn::Off,
            learn => learn,
        }
    }

    /// Whether the search is cube and conquer: `bfs` with [`Learn::Cubes`].
    pub fn conquers(&self) -> bool {
        self.strategy == Strategy::Bfs && self.learn == Learn::Cubes
    }

    /// Whether the search keeps a clause for each solution it finds: `dfs` that learns, and
    /// the lanes of cube and conquer.
    fn blocks_solutions(&self) -> bool {
        (self.strategy == Strategy::Dfs && self.learns()) || self.conquers()
    }

    /// Most boards of `board_bytes` bytes each that one level of the breadth-first frontier may
    /// hold: the tighter of `max_frontier` and `max_frontier_bytes`.
    /// [`board_bytes`](crate::board_bytes) gives the size of a board.
    pub fn frontier_boards(&self, board_bytes: usize) -> usize {
        self.max_frontier
            .min(self.max_frontier_bytes / board_bytes.max(1))
    }
}

named_enum!(
    Forced, "forced-cell rule",
    Naked => "naked", Hidden => "hidden", Locked => "locked", Subsets => "subsets",
);
named_enum!(
    Branch, "branch rule",
    First => "first", Fewest => "fewest", Probe => "probe", Conflicts => "conflicts",
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Shape;

    #[test]
    fn the_threads_started_are_between_one_and_the_most() {
        for (asked, started) in [(0, 1), (1, 1), (16, 16), (usize::MAX, Config::MAX_THREADS)] {
            assert_eq!(Config::default().with_threads(asked).n_threads(), started);
        }
    }

    /// Whether a search that reported `count` solutions stopped at [`Config::max_kept`] rather than
    /// at the limit asked for.
    #[test]
    fn the_cap_is_told_from_the_limit() {
        let all = Config {
            max_solutions: None,
            ..Config::default()
        };
        assert!(all.is_capped(Shape::NINE, MAX_KEPT_SOLUTIONS.into()));
        assert!(!all.is_capped(Shape::NINE, 5));
        let asked = Config {
            max_solutions: Some(MAX_KEPT_SOLUTIONS),
            ..Config::default()
        };
        assert!(!asked.is_capped(Shape::NINE, MAX_KEPT_SOLUTIONS.into()));
    }

    #[test]
    fn names_round_trip() {
        for &forced in Forced::ALL {
            assert_eq!(forced.to_string().parse::<Forced>(), Ok(forced));
        }
        for &branch in Branch::ALL {
            assert_eq!(branch.to_string().parse::<Branch>(), Ok(branch));
        }
    }

    #[test]
    fn unknown_names_list_the_choices() {
        let err = "widest".parse::<Branch>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown branch rule 'widest' (expected one of: first, fewest, probe, conflicts)"
        );
    }
}
