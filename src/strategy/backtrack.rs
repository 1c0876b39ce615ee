//! Placeholder: replaced by the real backtrack strategy.

use crate::config::Config;
use crate::grid::Grid;
use crate::outcome::Outcome;

/// Solves `puzzle` (placeholder: delegates to dfs until the real backtrack lands).
pub(crate) fn solve(puzzle: &Grid, config: &Config) -> Outcome {
    super::dfs::solve(puzzle, config)
}
