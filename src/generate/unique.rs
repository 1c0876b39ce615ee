//! The uniqueness check of a removal: whether a puzzle with one solution keeps it once the
//! givens of an orbit go.
//!
//! Let the puzzle before the removal have the one solution `S`. A solution of the puzzle after
//! it that agrees with `S` in every cell emptied keeps every given of the puzzle before, so it
//! is `S`. Any other solution therefore differs from `S` in a cell emptied, and the puzzle keeps
//! one solution exactly when no solution of it does. For an orbit of cells `c1, c2, ...` that
//! is one search per cell, each for a single solution: cell `ci` with its digit of `S` ruled
//! out, the cells before it with theirs given (so that no solution is looked for twice). No
//! search counts to two, none has to meet `S` first, and the search that learns leans its
//! guesses to `S`'s digits, since the solution it looks for differs from `S` in a few cells.
//!
//! From 25x25 on ([`Learn::FROM_SIDE`]) every check is made this way; below, each check is the
//! depth-first search counting to two ([`unique_config`]), whose trees are small there
//! (docs/benchmarks.md, "Generating puzzles").
//!
//! A check may have a budget of boards for each of its searches. A search that runs past it
//! settles nothing: the check says [`Check::Unsettled`], and the generator keeps the givens, so
//! the puzzle stays proven unique but may not be minimal. Near the fewest givens a check of a
//! 25x25 board can take tens of thousands of dead ends either way, and most of those searches
//! end by finding another solution, that is by keeping the given anyway.

use super::limits::{Allowance, Spent};
use crate::geometry::{Digit, Shape};
use crate::{Config, Forced, Grid, Learn, Stop, Strategy};

/// What a check found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Check {
    /// The puzzle has one solution: the givens can go.
    Unique,
    /// It has another: the givens stay.
    Multiple,
    /// A search ran past its budget of boards: the givens stay, unproven either way.
    Unsettled,
}

/// The uniqueness checks of one puzzle's removals.
pub(super) struct Unique {
    /// Whether a check looks for another solution than the one known (where the search that
    /// proves a puzzle unique learns, [`Learn::proving`]), or counts to two.
    exclude: bool,
    config: Config,
}

impl Unique {
    /// The checks of a puzzle of `shape`, each search within `budget` boards if given.
    pub(super) fn new(shape: Shape, budget: Option<u64>) -> Unique {
        let exclude = Learn::proving(shape) != Learn::Off;
        Unique::with_exclude(shape, exclude, budget)
    }

    /// The checks of a puzzle of `shape`, looking for another solution or counting to two.
    fn with_exclude(shape: Shape, exclude: bool, budget: Option<u64>) -> Unique {
        let config = unique_config(shape).with_max_nodes(budget);
        Unique {
            exclude,
            config: if exclude {
                config.with_max_solutions(Some(1))
            } else {
                config
            },
        }
    }

    /// Whether `puzzle` has one solution, `solution`, given that it had it with the cells of
    /// `emptied` (reading-order indexes, empty in `puzzle`) filled as in `solution`.
    pub(super) fn keeps(
        &self,
        puzzle: &Grid,
        emptied: &[usize],
        solution: &Grid,
        allowance: &mut Allowance,
    ) -> Result<Check, Spent> {
        if !self.exclude {
            let outcome = allowance.solve(puzzle, &self.config)?;
            return Ok(match (outcome.stop, outcome.count) {
                (_, 2..) => Check::Multiple,
                (Stop::Exhausted, _) => Check::Unique,
                _ => Check::Unsettled,
            });
        }
        let shape = puzzle.shape();
        let digit = |index: usize| -> Digit {
            let value = solution.as_slice()[index];
            shape.digit(usize::from(value)).expect("a solution is full")
        };
        let mut values = puzzle.as_slice().to_vec();
        for &cell in emptied {
            let other = Grid::from_values(shape, &values);
            let away = [(cell, digit(cell))];
            let outcome = allowance.solve_near(&other, &away, solution, &self.config)?;
            if outcome.count != 0 {
                return Ok(Check::Multiple);
            }
            if outcome.stop != Stop::Exhausted {
                return Ok(Check::Unsettled);
            }
            values[cell] = solution.as_slice()[cell];
        }
        Ok(Check::Unique)
    }
}

/// A depth-first search on one thread that stops at the second solution and keeps none: the
/// uniqueness check of a puzzle whose solution is not known, and of each removal below
/// [`Learn::FROM_SIDE`]. Up to 9x9 locked candidates make the smallest trees for their cost; above,
/// subsets pay for themselves near the fewest givens, and from [`Learn::FROM_SIDE`] on the
/// search learns from its dead ends (docs/benchmarks.md, "A search that learns").
pub(super) fn unique_config(shape: Shape) -> Config {
    let forced = if shape.side() <= 9 {
        Forced::Locked
    } else {
        Forced::Subsets
    };
    Config::default()
        .with_strategy(Strategy::Dfs)
        .with_threads(1)
        .with_forced(forced)
        .with_learn(Learn::proving(shape))
        .with_max_solutions(Some(2))
        .with_keep_solutions(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Rng, random_solution};
    use crate::solve;

    /// Whether `puzzle` has one solution, by the search counting to two.
    fn counted(puzzle: &Grid) -> bool {
        let outcome = solve(puzzle, &unique_config(puzzle.shape()));
        outcome.stop == Stop::Exhausted && outcome.count == 1
    }

    /// Removes orbits of one to four random cells from a full grid, each checked by looking
    /// for another solution and by counting to two, keeping those both call unique, until `steps` checks
    /// are made; then empties every cell of two digits, which can swap. Returns the checks
    /// that broke uniqueness.
    fn agree(text: &str, seed: u64, steps: usize) -> usize {
        let shape: Shape = text.parse().unwrap();
        let solution = random_solution(shape, seed);
        let mut rng = Rng::new(seed);
        let unique = Unique::with_exclude(shape, true, None);
        // A budget withholds an answer, never changes one.
        let tight = [true, false].map(|exclude| Unique::with_exclude(shape, exclude, Some(2)));
        let mut allowance = Allowance::unlimited();
        let mut values = solution.as_slice().to_vec();
        let mut broke = 0;
        let mut check = |values: &mut Vec<u8>, orbit: &[usize], broke: &mut usize| {
            let saved: Vec<u8> = orbit.iter().map(|&cell| values[cell]).collect();
            for &cell in orbit {
                values[cell] = 0;
            }
            let puzzle = Grid::from_values(shape, values);
            let keeps = unique
                .keeps(&puzzle, orbit, &solution, &mut allowance)
                .unwrap()
                == Check::Unique;
            assert_eq!(keeps, counted(&puzzle), "{text}, seed {seed}: {orbit:?}");
            for tight in &tight {
                let check = tight
                    .keeps(&puzzle, orbit, &solution, &mut allowance)
                    .unwrap();
                let expected = if keeps {
                    Check::Unique
                } else {
                    Check::Multiple
                };
                assert!(
                    check == expected || check == Check::Unsettled,
                    "{text}, seed {seed}: {orbit:?}: {check:?}"
                );
            }
            if !keeps {
                *broke += 1;
                for (&cell, &value) in orbit.iter().zip(&saved) {
                    values[cell] = value;
                }
            }
        };
        for _ in 0..steps {
            let filled: Vec<usize> = (0..values.len()).filter(|&i| values[i] != 0).collect();
            let mut orbit: Vec<usize> = (0..1 + rng.below(4))
                .map(|_| filled[rng.below(filled.len())])
                .collect();
            orbit.sort_unstable();
            orbit.dedup();
            check(&mut values, &orbit, &mut broke);
        }
        let (a, b) = (values.iter().find(|&&v| v != 0).copied().unwrap(), {
            let first = values.iter().find(|&&v| v != 0).copied().unwrap();
            values
                .iter()
                .find(|&&v| v != 0 && v != first)
                .copied()
                .unwrap()
        });
        let swap: Vec<usize> = (0..values.len())
            .filter(|&i| values[i] == a || values[i] == b)
            .collect();
        check(&mut values, &swap, &mut broke);
        broke
    }

    #[test]
    fn looking_for_another_solution_agrees_with_counting_to_two() {
        for (text, steps) in [("2x2", 30), ("2x3", 60), ("3x3", 150), ("3x4", 200)] {
            for seed in 0..4 {
                let broke = agree(text, seed, steps);
                assert!(broke >= 2, "{text}, seed {seed}: {broke} removals broke it");
            }
        }
        let broke = agree("4x4", 1, 250);
        assert!(broke >= 2, "16x16: {broke} removals broke it");
    }

    #[test]
    fn looking_for_another_solution_agrees_with_counting_to_two_at_25x25() {
        let broke = agree("5x5", 3, 100);
        assert!(broke >= 1, "25x25: {broke} removals broke it");
    }
}
