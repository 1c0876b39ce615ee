//! What a search returns: its solutions, why it stopped, and its statistics.
//!
//! Searching cannot fail. "No solution", "gave up at the budget" and "stopped at the solution
//! limit" are all outcomes; the [`Status`] sums them up in the words the CLI prints.

use std::fmt;

use crate::config::Config;
use crate::footprint::Footprint;
use crate::grid::{Conflict, Grid};
use crate::record::Recorded;
use crate::stats::Stats;

/// The solutions a search has found: kept as grids, or only counted when
/// [`Config::keep_solutions`] is off.
#[derive(Debug)]
pub(crate) struct Found {
    grids: Vec<Grid>,
    count: u128,
    keep: bool,
}

impl Found {
    pub(crate) fn new(config: &Config) -> Found {
        Found {
            grids: Vec::new(),
            count: 0,
            keep: config.keep_solutions,
        }
    }

    /// Whether at least `limit` solutions are found.
    #[inline]
    pub(crate) fn reached(&self, limit: u64) -> bool {
        self.count >= u128::from(limit)
    }

    /// Solutions found so far.
    pub(crate) fn count(&self) -> u128 {
        self.count
    }

    /// Solutions kept as grids.
    pub(crate) fn kept(&self) -> usize {
        self.grids.len()
    }

    /// Adds a solution; `grid` makes it, only when solutions are kept.
    #[inline]
    pub(crate) fn add(&mut self, grid: impl FnOnce() -> Grid) {
        self.count += 1;
        if self.keep {
            self.grids.push(grid());
        }
    }

    /// Adds `n` solutions counted without boards, when solutions are only counted.
    #[inline]
    pub(crate) fn add_counted(&mut self, n: u64) {
        debug_assert!(!self.keep, "only a count counts without boards");
        self.count += u128::from(n);
    }

    /// Adds the solutions of `other`, found after these.
    pub(crate) fn append(&mut self, other: Found) {
        self.count += other.count;
        self.grids.extend(other.grids);
    }

    /// Puts the kept solutions in their canonical order.
    pub(crate) fn sort(&mut self) {
        self.grids.sort_unstable();
    }

    /// Drops the solutions after the first `limit`.
    pub(crate) fn truncate(&mut self, limit: u64) {
        self.count = self.count.min(u128::from(limit));
        self.grids
            .truncate(usize::try_from(limit).unwrap_or(usize::MAX));
    }

    /// The kept grids and the count.
    pub(crate) fn into_parts(self) -> (Vec<Grid>, u128) {
        (self.grids, self.count)
    }
}

/// Why a search stopped.
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Stop {
    /// Every branch was explored.
    Exhausted,
    /// The solution limit was reached.
    SolutionLimit,
    /// The node budget (`--max-nodes`) ran out.
    NodeBudget,
    /// The time budget (`--timeout`) ran out.
    Timeout,
}

/// The verdict on a puzzle.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Status {
    /// Exactly one solution, proven by exhausting the search.
    Unique,
    /// Two or more solutions.
    Multiple,
    /// One solution found, and the solution limit of 1 stopped the search before uniqueness
    /// could be decided.
    Solved,
    /// No solution: the search was exhausted, or the givens break a rule.
    None,
    /// A budget ran out before the verdict was known.
    GaveUp,
}

impl Status {
    /// The name used in output: `unique`, `multiple`, `solved`, `none` or `gave_up`.
    pub const fn name(self) -> &'static str {
        match self {
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::Solved => "solved",
            Status::None => "none",
            Status::GaveUp => "gave_up",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The result of solving one puzzle.
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// Solutions found, sorted, at most the solution limit; empty when they were only
    /// counted ([`Config::keep_solutions`](crate::Config::keep_solutions) off).
    pub solutions: Vec<Grid>,
    /// How many solutions were found, at most the solution limit: the exact number of
    /// solutions when the search was exhausted ([`Outcome::is_exact`]). Counted whether or not
    /// the solutions are kept, and wide enough for any board's count.
    pub count: u128,
    /// Why the search stopped.
    pub stop: Stop,
    /// Givens that break a rule; the search did not run.
    pub conflict: Option<Conflict>,
    /// Counters of the search.
    pub stats: Stats,
    /// The memory the search held against the boards it expanded, when
    /// [`Config::footprint`](crate::Config::footprint) asked for it.
    pub footprint: Option<Footprint>,
    /// The boards the search expanded, recorded as it went, when
    /// [`Config::record`](crate::Config::record) asked for it and the engine records itself
    /// (`dfs`, `bitmask`, `backtrack`); `None` otherwise.
    pub recorded: Option<Box<Recorded>>,
}

impl Outcome {
    /// The outcome of a search that ran: its solutions, why it stopped, its statistics, whose
    /// elapsed time is set from `start`, and its footprint, if it sampled one, which ends here
    /// with nothing held.
    pub(crate) fn searched(
        found: Found,
        stop: Stop,
        mut stats: Stats,
        start: std::time::Instant,
        mut footprint: Option<Footprint>,
    ) -> Outcome {
        stats.elapsed = start.elapsed();
        let (solutions, count) = found.into_parts();
        if let Some(footprint) = &mut footprint {
            footprint.finish(stats.nodes);
        }
        Outcome {
            solutions,
            count,
            stop,
            conflict: None,
            stats,
            footprint,
            recorded: None,
        }
    }

    /// The outcome for givens that break a rule.
    pub(crate) fn conflict(conflict: Conflict) -> Outcome {
        Outcome {
            solutions: Vec::new(),
            count: 0,
            stop: Stop::Exhausted,
            conflict: Some(conflict),
            stats: Stats::default(),
            footprint: None,
            recorded: None,
        }
    }

    /// Whether [`Outcome::count`] is the puzzle's exact number of solutions: the search was
    /// exhausted (or the givens break a rule, and there are none), rather than stopped at the
    /// solution limit or a budget.
    pub fn is_exact(&self) -> bool {
        self.stop == Stop::Exhausted
    }

    /// The verdict.
    pub fn status(&self) -> Status {
        match (self.count, self.stop) {
            (2.., _) => Status::Multiple,
            (0, Stop::Exhausted) => Status::None,
            (1, Stop::Exhausted) => Status::Unique,
            (1, Stop::SolutionLimit) => Status::Solved,
            _ => Status::GaveUp,
        }
    }

    /// A sentence for people: `unique solution`, `no solution: 5 twice in row 3 (…)`,
    /// `gave up after 1,000 nodes`. Counts have their thousands separated.
    pub fn verdict(&self) -> String {
        let n = grouped(self.count);
        match self.status() {
            Status::Unique => "unique solution".to_owned(),
            Status::Multiple if self.stop == Stop::Exhausted => format!("{n} solutions"),
            Status::Multiple if self.stop == Stop::SolutionLimit => {
                format!("multiple solutions (stopped at the limit of {n})")
            }
            Status::Multiple => format!("multiple solutions ({n} found, then {})", self.gave_up()),
            Status::Solved => "solved (uniqueness not checked: solution limit 1)".to_owned(),
            Status::None => match &self.conflict {
                Some(conflict) => format!("no solution: {conflict}"),
                None => "no solution".to_owned(),
            },
            Status::GaveUp => {
                let found = if self.count == 1 {
                    ", 1 solution found"
                } else {
                    ""
                };
                format!("{}{found}", self.gave_up())
            }
        }
    }

    /// `gave up after 1,000 nodes`, or after the time for a timeout: the budget that ran out,
    /// in its own unit (the nodes of a search cut short by the clock are in its statistics).
    fn gave_up(&self) -> String {
        match self.stop {
            Stop::Timeout => format!("gave up after {:.3} s", self.stats.elapsed.as_secs_f64()),
            _ => format!("gave up after {} nodes", grouped(self.stats.nodes.into())),
        }
    }
}

/// A count with its thousands separated, as people read it: `28,200,960`.
fn grouped(n: u128) -> String {
    let digits = n.to_string();
    let mut text = String::with_capacity(digits.len() * 4 / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(n: usize, stop: Stop) -> Outcome {
        Outcome {
            solutions: vec![Grid::empty(crate::geometry::Shape::NINE); n],
            count: n as u128,
            stop,
            conflict: None,
            footprint: None,
            recorded: None,
            stats: Stats {
                nodes: 1000,
                ..Stats::default()
            },
        }
    }

    #[test]
    fn status_follows_count_and_stop() {
        assert_eq!(outcome(0, Stop::Exhausted).status(), Status::None);
        assert_eq!(outcome(1, Stop::Exhausted).status(), Status::Unique);
        assert_eq!(outcome(1, Stop::SolutionLimit).status(), Status::Solved);
        assert_eq!(outcome(1, Stop::NodeBudget).status(), Status::GaveUp);
        assert_eq!(outcome(2, Stop::NodeBudget).status(), Status::Multiple);
        assert_eq!(outcome(0, Stop::Timeout).status(), Status::GaveUp);
    }

    #[test]
    fn a_budget_is_named_even_after_two_solutions() {
        assert_eq!(
            outcome(3, Stop::NodeBudget).verdict(),
            "multiple solutions (3 found, then gave up after 1,000 nodes)"
        );
        assert_eq!(
            outcome(2, Stop::SolutionLimit).verdict(),
            "multiple solutions (stopped at the limit of 2)"
        );
        assert_eq!(
            outcome(0, Stop::NodeBudget).verdict(),
            "gave up after 1,000 nodes"
        );
    }

    #[test]
    fn counts_in_verdicts_are_grouped_and_said_once() {
        let mut many = outcome(0, Stop::Exhausted);
        many.count = 28_200_960;
        assert_eq!(many.verdict(), "28,200,960 solutions");
        let mut late = outcome(0, Stop::Timeout);
        late.stats.elapsed = std::time::Duration::from_millis(60_112);
        assert_eq!(late.verdict(), "gave up after 60.112 s");
    }
}
