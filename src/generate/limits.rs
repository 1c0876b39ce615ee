//! What one puzzle of a run may spend: the time left of the run's limit
//! ([`super::Options::timeout`]) and the boards left of its own budget
//! ([`super::Options::max_nodes`]), shared by every search made for it (grids drawn, removals
//! checked, minimality, the grade).
//!
//! Each search is given at most what is left, and charged what it used; once either runs out
//! the puzzle is abandoned with [`Spent`], never returned half made. A search stopped at its
//! own, smaller budget (drawing a grid tries a few boards, then another grid) is not a limit
//! reached: only what is left of the allowance decides.

use std::time::{Duration, Instant};

use crate::geometry::Digit;
use crate::grade::{self, Grade};
use crate::strategy::solve_near;
use crate::{Config, Grid, Outcome, solve};

/// Which limit ran out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Spent {
    /// The run's time limit.
    Time,
    /// The puzzle's budget of boards.
    Nodes,
}

/// What a puzzle may still spend.
#[derive(Clone, Debug)]
pub(super) struct Allowance {
    deadline: Option<Instant>,
    nodes_left: Option<u64>,
}

impl Allowance {
    /// Up to `deadline`, and at most `max_nodes` boards.
    pub(super) fn new(deadline: Option<Instant>, max_nodes: Option<u64>) -> Allowance {
        Allowance {
            deadline,
            nodes_left: max_nodes,
        }
    }

    /// No limit.
    pub(super) fn unlimited() -> Allowance {
        Allowance::new(None, None)
    }

    /// Whether a limit has run out.
    pub(super) fn check(&self) -> Result<(), Spent> {
        if self.nodes_left == Some(0) {
            return Err(Spent::Nodes);
        }
        match self.deadline {
            Some(deadline) if Instant::now() >= deadline => Err(Spent::Time),
            _ => Ok(()),
        }
    }

    fn time_left(&self) -> Option<Duration> {
        self.deadline
            .map(|deadline| deadline.saturating_duration_since(Instant::now()))
    }

    /// `config` within what is left.
    fn bound(&self, config: &Config) -> Config {
        let least = |own: Option<u64>, left: Option<u64>| match (own, left) {
            (Some(own), Some(left)) => Some(own.min(left)),
            (own, left) => own.or(left),
        };
        let timeout = match (config.timeout, self.time_left()) {
            (Some(own), Some(left)) => Some(own.min(left)),
            (own, left) => own.or(left),
        };
        config
            .clone()
            .with_max_nodes(least(config.max_nodes, self.nodes_left))
            .with_timeout(timeout)
    }

    /// Takes `nodes` boards from what is left; an error if a limit ran out.
    fn charge(&mut self, nodes: u64) -> Result<(), Spent> {
        if let Some(left) = &mut self.nodes_left {
            *left = left.saturating_sub(nodes);
        }
        self.check()
    }

    /// [`solve`] within what is left, charged.
    pub(super) fn solve(&mut self, puzzle: &Grid, config: &Config) -> Result<Outcome, Spent> {
        self.check()?;
        let outcome = solve(puzzle, &self.bound(config));
        self.charge(outcome.stats.nodes)?;
        Ok(outcome)
    }

    /// [`solve_near`] within what is left, charged.
    pub(super) fn solve_near(
        &mut self,
        puzzle: &Grid,
        away: &[(usize, Digit)],
        near: &Grid,
        config: &Config,
    ) -> Result<Outcome, Spent> {
        self.check()?;
        let outcome = solve_near(puzzle, away, Some(near), &self.bound(config));
        self.charge(outcome.stats.nodes)?;
        Ok(outcome)
    }

    /// [`grade::grade`] within what is left, charged.
    pub(super) fn grade(&mut self, puzzle: &Grid) -> Result<Grade, Spent> {
        self.check()?;
        let options = grade::Options::default()
            .with_max_nodes(self.nodes_left)
            .with_timeout(self.time_left());
        let grade = grade::grade(puzzle, &options);
        self.charge(grade.boards)?;
        Ok(grade)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::grid;

    #[test]
    fn searches_share_the_boards_and_stop_when_they_run_out() {
        let empty = grid(&".".repeat(81));
        let config = Config::default().with_threads(1).with_max_solutions(None);
        let mut allowance = Allowance::new(None, Some(50));
        assert_eq!(allowance.solve(&empty, &config).unwrap_err(), Spent::Nodes);
        assert_eq!(allowance.check(), Err(Spent::Nodes));
        // A search's own smaller budget is not the allowance's.
        let mut allowance = Allowance::new(None, Some(1_000));
        let small = config.clone().with_max_nodes(Some(10));
        let outcome = allowance.solve(&empty, &small).unwrap();
        assert!(outcome.stats.nodes <= 10);
        assert_eq!(allowance.check(), Ok(()));
    }

    #[test]
    fn a_deadline_passed_stops_before_any_search() {
        let mut allowance = Allowance::new(Some(Instant::now()), None);
        let config = Config::default();
        let puzzle = grid(&".".repeat(16));
        assert_eq!(allowance.solve(&puzzle, &config).unwrap_err(), Spent::Time);
        assert!(Allowance::unlimited().solve(&puzzle, &config).is_ok());
    }
}
