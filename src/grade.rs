//! How hard a puzzle is, rated by what the search needs: the weakest forced-cell rule that
//! solves it without a guess, and if none does, the guesses, boards and depth of a search under
//! the strongest rules.
//!
//! The scale has five named [`Level`]s, one per rule and one beyond them:
//!
//! | level | rank | what solves the puzzle without a guess |
//! | --- | --- | --- |
//! | `easy` | 1 | naked singles ([`Forced::Naked`]) |
//! | `medium` | 2 | hidden singles ([`Forced::Hidden`]) |
//! | `hard` | 3 | locked candidates ([`Forced::Locked`]) |
//! | `expert` | 4 | naked and hidden subsets ([`Forced::Subsets`]) |
//! | `extreme` | 5 | nothing: the search must guess ([`Grade::guesses`] says how often) |
//!
//! Every rule is tried on its own, weakest first, each a depth-first search of one thread that
//! stops at its first guess; the last, the search of an `extreme` puzzle, runs to the end with a
//! limit of two solutions, so its figures prove the solution unique. From 25x25 on
//! ([`Learn::FROM_SIDE`]) that search learns from its dead ends, as the search that proves a
//! hard large board must, so its guesses and boards are those of the search that learns. A
//! puzzle with no solution, or several, gets a [`Verdict`] instead of a level. This module
//! leaves where the puzzles come from to its callers: `generate` grades what it makes with it.

use std::fmt;
use std::str::FromStr;

use crate::{Config, Forced, Grid, Learn, Status, Stop, Strategy, UnknownName, solve};

/// A named step of the scale, from `easy` to `extreme`; ordered, easiest first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Level {
    /// Naked singles alone solve it: each step is a cell with one candidate left.
    Easy,
    /// Hidden singles solve it: also a digit with one place left in a row, column or box.
    Medium,
    /// Locked candidates solve it.
    Hard,
    /// Naked and hidden subsets solve it.
    Expert,
    /// No rule solves it without a guess.
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: &'static [Level] = &[
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
    ];

    /// The name users type and output shows: `easy`, `medium`, `hard`, `expert`, `extreme`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
        }
    }

    /// The number behind the name: 1 (`easy`) to 5 (`extreme`).
    pub const fn rank(self) -> u8 {
        self as u8 + 1
    }

    /// The forced-cell rule that solves a puzzle of this level without a guess; `None` for
    /// `extreme`, which needs guesses.
    pub const fn rule(self) -> Option<Forced> {
        match self {
            Level::Easy => Some(Forced::Naked),
            Level::Medium => Some(Forced::Hidden),
            Level::Hard => Some(Forced::Locked),
            Level::Expert => Some(Forced::Subsets),
            Level::Extreme => None,
        }
    }

    /// One line for `--help` and the docs.
    pub const fn summary(self) -> &'static str {
        match self {
            Level::Easy => "naked singles solve it",
            Level::Medium => "hidden singles solve it",
            Level::Hard => "locked candidates solve it",
            Level::Expert => "naked and hidden subsets solve it",
            Level::Extreme => "no rule solves it without guessing",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = UnknownName;

    fn from_str(text: &str) -> Result<Level, UnknownName> {
        Level::ALL
            .iter()
            .copied()
            .find(|level| level.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| {
                let names: Vec<&str> = Level::ALL.iter().map(|level| level.name()).collect();
                UnknownName::new("level", text, &names)
            })
    }
}

/// What grading found: a level, or why there is none.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Verdict {
    /// Exactly one solution, and this level.
    Graded(Level),
    /// Two or more solutions: a puzzle has one, so this is no puzzle to grade.
    Multiple,
    /// No solution (or givens that break a rule).
    None,
    /// The search gave up at [`Options::max_nodes`] before the verdict was known.
    GaveUp,
}

impl Verdict {
    /// The level, if graded.
    pub const fn level(self) -> Option<Level> {
        match self {
            Verdict::Graded(level) => Some(level),
            _ => None,
        }
    }

    /// The name output shows: the level's, or `multiple`, `none`, `gave_up`.
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Graded(level) => level.name(),
            Verdict::Multiple => "multiple",
            Verdict::None => "none",
            Verdict::GaveUp => "gave_up",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A puzzle's grade and its evidence.
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Grade {
    /// The level, or why there is none.
    pub verdict: Verdict,
    /// The weakest rule that solves the puzzle without a guess; `None` when none does (or the
    /// puzzle has no single solution).
    pub rule: Option<Forced>,
    /// Cells filled by that rule, or by the search's rules, before the solution.
    pub forced: u64,
    /// Guesses (branch points) of the search under the strongest rules, run to its end: 0 when
    /// a rule solves the puzzle.
    pub guesses: u64,
    /// Boards the search made (its nodes): 1 when a rule solves the puzzle.
    pub boards: u64,
    /// The deepest level of guesses the search reached: 0 when a rule solves the puzzle.
    pub depth: usize,
    /// The solution, when there is exactly one.
    pub solution: Option<Grid>,
}

/// How a puzzle is graded.
///
/// ```
/// use explore::format;
/// use explore::grade::{self, Level};
///
/// let puzzle = format::parse_one("1.34341221.34.21")?;
/// let graded = grade::grade(&puzzle, &grade::Options::default());
/// assert_eq!(graded.verdict.level(), Some(Level::Easy));
/// # Ok::<(), explore::InputError>(())
/// ```
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Options {
    /// Give up after this many boards in the one search that may run long, that of a puzzle
    /// no rule solves; `None` (the default): no limit.
    pub max_nodes: Option<u64>,
    /// Give up when that search has run this long; `None` (the default): no limit.
    pub timeout: Option<std::time::Duration>,
}

impl Options {
    /// Sets [`Options::max_nodes`].
    #[must_use]
    pub fn with_max_nodes(mut self, max_nodes: Option<u64>) -> Options {
        self.max_nodes = max_nodes;
        self
    }

    /// Sets [`Options::timeout`].
    #[must_use]
    pub fn with_timeout(mut self, timeout: Option<std::time::Duration>) -> Options {
        self.timeout = timeout;
        self
    }
}

/// A depth-first search of one thread with `rule`, stopping at the second solution.
fn config(rule: Forced) -> Config {
    Config::default()
        .with_strategy(Strategy::Dfs)
        .with_threads(1)
        .with_forced(rule)
        .with_max_solutions(Some(2))
}

/// Whether `rule` alone fills `puzzle` to its one solution, without a guess: the search's root
/// board, filled by the rule, is the solution. A search that has to guess stops at its first
/// child (a budget of one board), so this costs one board whatever the puzzle.
pub fn solves_without_guessing(puzzle: &Grid, rule: Forced) -> bool {
    let outcome = solve(puzzle, &config(rule).with_max_nodes(Some(1)));
    outcome.stop == Stop::Exhausted && outcome.count == 1 && outcome.stats.guesses == 0
}

/// The grade of `puzzle`: the weakest rule that solves it without a guess, else the figures of
/// a depth-first search under the strongest rule ([`Forced::Subsets`], branching on the cell
/// with the fewest candidates), run to the end to prove the solution unique.
pub fn grade(puzzle: &Grid, options: &Options) -> Grade {
    for &level in Level::ALL {
        let Some(rule) = level.rule() else { break };
        let outcome = solve(puzzle, &config(rule).with_max_nodes(Some(1)));
        if outcome.stop == Stop::Exhausted && outcome.count == 1 && outcome.stats.guesses == 0 {
            return Grade {
                verdict: Verdict::Graded(level),
                rule: Some(rule),
                forced: outcome.stats.forced,
                guesses: 0,
                boards: outcome.stats.nodes,
                depth: 0,
                solution: outcome.solutions.into_iter().next(),
            };
        }
        if outcome.stop == Stop::Exhausted && outcome.count == 0 {
            // Dead at the root: the rule proves there is no solution, and stronger rules agree.
            break;
        }
    }
    let outcome = solve(
        puzzle,
        &config(Forced::Subsets)
            .with_learn(Learn::proving(puzzle.shape()))
            .with_max_nodes(options.max_nodes)
            .with_timeout(options.timeout),
    );
    let verdict = match outcome.status() {
        Status::Unique => Verdict::Graded(Level::Extreme),
        Status::Multiple => Verdict::Multiple,
        Status::None => Verdict::None,
        Status::Solved | Status::GaveUp => Verdict::GaveUp,
    };
    let solution = (verdict == Verdict::Graded(Level::Extreme))
        .then(|| outcome.solutions.into_iter().next())
        .flatten();
    Grade {
        verdict,
        rule: None,
        forced: outcome.stats.forced,
        guesses: outcome.stats.guesses,
        boards: outcome.stats.nodes,
        depth: outcome.stats.max_depth,
        solution,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::grid;

    #[test]
    fn levels_are_ordered_ranked_and_named_both_ways() {
        for (i, pair) in Level::ALL.windows(2).enumerate() {
            assert!(pair[0] < pair[1]);
            assert_eq!(pair[0].rank() as usize, i + 1);
        }
        for &level in Level::ALL {
            assert_eq!(level.name().parse::<Level>(), Ok(level));
        }
        assert!("diabolical".parse::<Level>().is_err());
    }

    #[test]
    fn known_puzzles_grade_in_order_of_what_they_need() {
        // Naked singles: a 4x4 with one cell missing per row.
        let easy = grid("1.34341221.34.21");
        // AI Escargot, the demo: famous for needing guesses.
        let escargot = grid(crate::testing::ESCARGOT);
        let first = grade(&easy, &Options::default());
        assert_eq!(first.verdict, Verdict::Graded(Level::Easy));
        assert_eq!((first.guesses, first.depth), (0, 0));
        assert!(first.solution.unwrap().is_solution_of(&easy));
        let hardest = grade(&escargot, &Options::default());
        assert_eq!(hardest.verdict, Verdict::Graded(Level::Extreme));
        assert!(hardest.guesses > 0 && hardest.depth > 0);
        assert!(hardest.solution.unwrap().is_solution_of(&escargot));
    }

    #[test]
    fn several_solutions_or_none_get_a_verdict_not_a_level() {
        let empty = grid("................");
        assert_eq!(
            grade(&empty, &Options::default()).verdict,
            Verdict::Multiple
        );
        let broken = grid("11..............");
        let graded = grade(&broken, &Options::default());
        assert_eq!(graded.verdict, Verdict::None);
        assert_eq!(graded.solution, None);
    }
}
