//! The per-puzzle limits every strategy obeys: nodes, wall-clock time and solutions.
//!
//! A strategy asks [`Budget::check`] as it creates boards; the answer is the reason to stop, if
//! any. Reading the clock costs more than a search node of the fast strategies, so the deadline
//! is looked at once every [`CLOCK_EVERY`] nodes.

use std::time::Instant;

use crate::config::Config;
use crate::geometry::Shape;
use crate::outcome::Stop;

/// Nodes between two looks at the clock (public as [`Config::CLOCK_EVERY`]).
pub(crate) const CLOCK_EVERY: u64 = Config::CLOCK_EVERY;

/// The limits of one search, fixed when it starts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget {
    max_nodes: u64,
    deadline: Option<Instant>,
    max_solutions: u64,
}

impl Budget {
    /// The limits `config` sets for a search of a `shape` board that starts at `start`.
    pub(crate) fn new(config: &Config, shape: Shape, start: Instant) -> Budget {
        Budget {
            max_nodes: config
                .max_nodes
                .or(config.max_nodes_beyond_9x9.filter(|_| shape.side() > 9))
                .unwrap_or(u64::MAX),
            deadline: config
                .timeout
                .and_then(|timeout| start.checked_add(timeout)),
            // Kept solutions never exceed `max_kept`, however many were asked for: a limit of
            // a billion must not keep a billion grids.
            max_solutions: if config.keep_solutions {
                config
                    .max_solutions
                    .unwrap_or(u64::MAX)
                    .min(config.max_kept(shape))
            } else {
                config.max_solutions.unwrap_or(u64::MAX)
            }
            .max(1),
        }
    }

    /// Why a search that has created `nodes` boards must stop now, if it must.
    #[inline]
    pub(crate) fn check(&self, nodes: u64) -> Option<Stop> {
        if nodes > self.max_nodes {
            return Some(Stop::NodeBudget);
        }
        if nodes % CLOCK_EVERY == 0 {
            return self.check_clock();
        }
        None
    }

    /// When the search must stop, if it has a time limit.
    pub(crate) fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Whether the deadline has passed, looking at the clock now.
    pub(crate) fn check_clock(&self) -> Option<Stop> {
        match self.deadline {
            Some(deadline) if Instant::now() >= deadline => Some(Stop::Timeout),
            _ => None,
        }
    }

    /// The most boards the search may create.
    pub(crate) fn max_nodes(&self) -> u64 {
        self.max_nodes
    }

    /// The most solutions the search collects (at least 1).
    pub(crate) fn max_solutions(&self) -> u64 {
        self.max_solutions
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::MAX_KEPT_SOLUTIONS;
    use crate::grid::Grid;
    use std::time::Duration;

    #[test]
    fn larger_boards_keep_fewer_solutions() {
        let kept = |r, c| Config::default().max_kept(Shape::new(r, c).unwrap());
        assert_eq!(kept(3, 3), MAX_KEPT_SOLUTIONS);
        assert_eq!(kept(2, 2), MAX_KEPT_SOLUTIONS);
        for (r, c) in [(4, 4), (5, 5), (8, 8)] {
            let bytes = kept(r, c) as usize * (size_of::<Grid>() + r * c * r * c);
            assert!(
                bytes <= Config::DEFAULT_MAX_KEPT_BYTES && kept(r, c) > 1000,
                "{r}x{c}"
            );
        }
        let config = Config {
            max_solutions: None,
            ..Config::default()
        };
        assert_eq!(
            (kept(4, 4), kept(5, 5)),
            (372_827, 184_112),
            "as the docs say"
        );
        let sixteen = Budget::new(&config, Shape::new(4, 4).unwrap(), Instant::now());
        assert_eq!(sixteen.max_solutions(), kept(4, 4));
    }

    #[test]
    fn the_budget_beyond_9x9_binds_only_there_and_only_without_max_nodes() {
        let config = Config::default().with_max_nodes_beyond_9x9(Some(1_000));
        let nodes =
            |config: &Config, shape: Shape| Budget::new(config, shape, Instant::now()).max_nodes();
        let sixteen = Shape::new(4, 4).unwrap();
        assert_eq!(nodes(&config, Shape::NINE), u64::MAX);
        assert_eq!(nodes(&config, sixteen), 1_000);
        let both = config.with_max_nodes(Some(7));
        assert_eq!((nodes(&both, Shape::NINE), nodes(&both, sixteen)), (7, 7));
    }

    #[test]
    fn a_limit_above_the_cap_keeps_no_more_than_the_cap() {
        let config = Config {
            max_solutions: Some(1_000_000_000_000_000_000),
            ..Config::default()
        };
        let budget = Budget::new(&config, Shape::NINE, Instant::now());
        assert_eq!(budget.max_solutions(), MAX_KEPT_SOLUTIONS);
        let counted = Config {
            keep_solutions: false,
            ..config
        };
        let budget = Budget::new(&counted, Shape::NINE, Instant::now());
        assert_eq!(
            budget.max_solutions(),
            1_000_000_000_000_000_000,
            "a count keeps nothing"
        );
    }

    #[test]
    fn node_budget_is_exact() {
        let config = Config {
            max_nodes: Some(10),
            ..Config::default()
        };
        let budget = Budget::new(&config, Shape::NINE, Instant::now());
        assert_eq!(budget.check(10), None);
        assert_eq!(budget.check(11), Some(Stop::NodeBudget));
    }

    #[test]
    fn deadline_is_seen_at_the_clock_interval() {
        let config = Config {
            timeout: Some(Duration::ZERO),
            ..Config::default()
        };
        let budget = Budget::new(&config, Shape::NINE, Instant::now());
        assert_eq!(budget.check(1), None);
        assert_eq!(budget.check(CLOCK_EVERY), Some(Stop::Timeout));
    }
}
