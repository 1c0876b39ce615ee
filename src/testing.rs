//! Puzzles and helpers shared by the unit tests.

use crate::grid::Grid;

/// An easy puzzle: naked singles alone solve it.
pub(crate) const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The solution of [`EASY`].
pub(crate) const EASY_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// Reads a test puzzle from its one-line form.
pub(crate) fn grid(line: &str) -> Grid {
    crate::format::parse_one(line).expect("test puzzle reads")
}

/// AI Escargot: a hard puzzle whose tree has a few hundred boards under every rule.
pub(crate) const ESCARGOT: &str =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
