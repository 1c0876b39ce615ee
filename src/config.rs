//! The options of a search, in one plain struct with defaults.
//!
//! [`Config`] says which strategy runs and under which limits. It is data only: the CLI fills it
//! from flags, tests and examples build it with struct-update syntax over `Config::default()`.

use std::time::Duration;

use crate::strategy::Strategy;

/// Which cells the breadth-first engine fills without guessing, repeating until none is left.
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

/// Which undetermined cell the breadth-first engine branches on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Branch {
    /// The first undetermined cell in reading order.
    First,
    /// The undetermined cell with the fewest candidates (the first such in reading order).
    #[default]
    Fewest,
}

/// Everything that shapes one search. Build with `Config { field: value, ..Config::default() }`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Config {
    /// The search strategy.
    pub strategy: Strategy,
    /// Stop after this many solutions; `None` asks for every solution, of which at most
    /// [`crate::budget::max_kept`] are kept (a million 9x9 grids, fewer of larger boards), or,
    /// when they are only counted, all.
    pub max_solutions: Option<u64>,
    /// Keep the solutions found as grids (`true`, the default), or only count them
    /// ([`Outcome::count`](crate::Outcome::count)), which takes no memory however many there are.
    pub keep_solutions: bool,
    /// Give up after creating this many boards (search nodes); deterministic.
    pub max_nodes: Option<u64>,
    /// Give up after this much wall-clock time per puzzle.
    pub timeout: Option<Duration>,
    /// Worker threads for the breadth-first engine; at least 1.
    pub threads: usize,
    /// Forced-cell rule of the breadth-first engine.
    pub forced: Forced,
    /// Branch-cell rule of the breadth-first engine.
    pub branch: Branch,
    /// Most boards the breadth-first frontier may hold; beyond it, boards are expanded
    /// depth-first inside the worker so memory stays bounded.
    pub max_frontier: usize,
    /// Most bytes of boards the breadth-first frontier may hold, whatever the board size; the
    /// tighter of this and `max_frontier` applies ([`Config::frontier_boards`]).
    pub max_frontier_bytes: usize,
    /// Most bytes of solutions a search keeps ([`crate::budget::max_kept_in`]); the breadth-first
    /// engine may hold as many again found by chunks still waiting for earlier ones.
    pub max_kept_bytes: usize,
    /// Most bytes of finished results a batch holds while they wait for an earlier, slower
    /// puzzle ([`crate::batch`]).
    pub max_waiting_bytes: usize,
}

/// Default [`Config::max_waiting_bytes`]: 256 MiB.
pub const DEFAULT_MAX_WAITING_BYTES: usize = 256 << 20;

/// Default frontier budget in boards: 128 MB of 9x9 boards per level.
pub const DEFAULT_MAX_FRONTIER: usize = 1_000_000;

/// Default frontier budget in bytes, for every board size: 128 MiB per level, so two levels and
/// the workers' depth-first stacks stay well under 1 GiB.
pub const DEFAULT_MAX_FRONTIER_BYTES: usize = 128 << 20;

/// Default solution limit: two is enough to tell unique from multiple.
pub const DEFAULT_MAX_SOLUTIONS: u64 = 2;

impl Default for Config {
    fn default() -> Config {
        Config {
            strategy: Strategy::default(),
            max_solutions: Some(DEFAULT_MAX_SOLUTIONS),
            keep_solutions: true,
            max_nodes: None,
            timeout: None,
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            forced: Forced::default(),
            branch: Branch::default(),
            max_frontier: DEFAULT_MAX_FRONTIER,
            max_frontier_bytes: DEFAULT_MAX_FRONTIER_BYTES,
            max_kept_bytes: crate::budget::MAX_KEPT_BYTES,
            max_waiting_bytes: DEFAULT_MAX_WAITING_BYTES,
        }
    }
}

impl Config {
    /// Most boards of `board_bytes` bytes each that one level of the breadth-first frontier may
    /// hold: the tighter of `max_frontier` and `max_frontier_bytes`.
    pub fn frontier_boards(&self, board_bytes: usize) -> usize {
        self.max_frontier
            .min(self.max_frontier_bytes / board_bytes.max(1))
    }
}

/// An option value that is not one of the names a user may type.
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
            type Err = $crate::config::UnknownName;

            fn from_str(s: &str) -> Result<$ty, $crate::config::UnknownName> {
                $ty::ALL
                    .iter()
                    .copied()
                    .find(|value| value.name().eq_ignore_ascii_case(s))
                    .ok_or_else(|| {
                        let names: Vec<&str> = $ty::ALL.iter().map(|v| v.name()).collect();
                        $crate::config::UnknownName::new($what, s, &names)
                    })
            }
        }
    };
}
pub(crate) use named_enum;

named_enum!(
    Forced, "forced-cell rule",
    Naked => "naked", Hidden => "hidden", Locked => "locked", Subsets => "subsets",
);
named_enum!(Branch, "branch rule", First => "first", Fewest => "fewest");

#[cfg(test)]
mod tests {
    use super::*;

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
            "unknown branch rule 'widest' (expected one of: first, fewest)"
        );
    }
}
