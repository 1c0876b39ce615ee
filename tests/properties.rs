//! The properties the fuzz targets check (`fuzz/fuzz_targets/`), shared with the stable test
//! suite: the fuzz targets include this file (`#[path]`), and the proptests below run the same
//! checks on generated input in every `cargo test`.
//!
//! - [`check_read`]: any bytes read without a panic; every puzzle read has its cells in its
//!   shape, its line form reads back to the same grid, and every error is located (line and
//!   column from 1, puzzles numbered in order).
//! - [`check_solve`]: any bytes that read as a small puzzle are solved by every strategy under
//!   a node budget, on one and two threads; every solution reported is complete, keeps the
//!   givens and is sorted; strategies that exhaust the search agree on the count and the
//!   solutions.

use explore::format::{self, Options};
use explore::{Config, Grid, Stop, Strategy, solve};

/// Reads `bytes` and checks what came out.
pub(crate) fn check_read(bytes: &[u8]) {
    let items: Vec<_> = format::read(bytes, "fuzz").collect();
    for (i, item) in items.iter().enumerate() {
        match item {
            Ok(puzzle) => {
                assert_eq!(puzzle.index, i + 1);
                assert!(puzzle.line >= 1);
                let grid = &puzzle.grid;
                let shape = grid.shape();
                let options =
                    Options::default()
                        .with_shape(Some(shape))
                        .with_symbols(if shape.side() > 35 {
                            format::Symbols::Numbers
                        } else {
                            format::Symbols::Alnum
                        });
                let again = format::parse_one_with(&grid.to_line(), &options)
                    .expect("a grid's line form reads back");
                assert_eq!(&again, grid);
            }
            Err(error) => {
                assert_eq!(error.puzzle, i + 1);
                assert!(error.line >= 1 && error.column >= 1, "{error}");
                assert!(!error.to_string().is_empty());
            }
        }
    }
}

/// Solves the puzzle `bytes` hold, if they hold one small enough, with every strategy, and
/// checks the answers against each other.
pub(crate) fn check_solve(bytes: &[u8]) {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let Ok(puzzle) = format::parse_one(text) else {
        return;
    };
    if puzzle.shape().side() > 9 {
        return;
    }
    check_grid(&puzzle);
}

/// Solves `puzzle` with every strategy and checks the answers.
pub(crate) fn check_grid(puzzle: &Grid) {
    let mut finished: Option<(Strategy, u128, Vec<Grid>)> = None;
    for &strategy in Strategy::ALL {
        for threads in [1, 2] {
            let config = Config::default()
                .with_strategy(strategy)
                .with_threads(threads)
                .with_max_nodes(Some(20_000))
                .with_max_solutions(Some(50));
            let outcome = solve(puzzle, &config);
            assert!(outcome.solutions.len() as u64 <= 50);
            assert!(outcome.solutions.windows(2).all(|w| w[0] < w[1]), "sorted");
            for solution in &outcome.solutions {
                assert!(solution.is_solution_of(puzzle), "{strategy}: {solution}");
            }
            if outcome.conflict.is_some() {
                assert!(outcome.solutions.is_empty());
                continue;
            }
            if outcome.stop == Stop::SolutionLimit {
                // Which solutions come first depends on the strategy's order: only the count
                // is common.
                assert_eq!(outcome.count, 50, "{strategy}");
            }
            if outcome.stop == Stop::Exhausted {
                match &finished {
                    Some((other, count, solutions)) => {
                        assert_eq!(
                            (&outcome.count, &outcome.solutions),
                            (count, solutions),
                            "{strategy} x{threads} against {other}"
                        );
                    }
                    None => finished = Some((strategy, outcome.count, outcome.solutions.clone())),
                }
            }
        }
    }
}

/// A 4x4, 6x6 or 9x9 board, for the generators below.
#[cfg(test)]
fn small_shape() -> impl proptest::strategy::Strategy<Value = explore::geometry::Shape> {
    use explore::geometry::Shape;
    proptest::sample::select(vec![
        Shape::new(2, 2).unwrap(),
        Shape::new(2, 3).unwrap(),
        Shape::NINE,
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::{ProptestConfig, any, proptest};
    use proptest::strategy::Strategy as _;

    /// Text made of what puzzles are made of: cells, separators, brackets, quotes, comments,
    /// tabs, commas and line ends, so that the reader's every path is taken.
    fn puzzle_like() -> impl proptest::strategy::Strategy<Value = Vec<u8>> {
        let pieces = proptest::sample::select(vec![
            ".",
            "0",
            "1",
            "2",
            "3",
            "4",
            "5",
            "9",
            "A",
            "G",
            "-",
            "_",
            " ",
            "\t",
            ",",
            "|",
            "+",
            "=",
            "{",
            "}",
            "[",
            "]",
            "(",
            ")",
            "'",
            "\"",
            "#",
            "//",
            "\n",
            "\r\n",
            "\n\n",
            "16",
            "30",
            "x",
            "int[][] a = {",
            "\0",
            "\u{feff}",
            "é",
            ".........",
            "---------",
        ]);
        proptest::collection::vec(pieces, 0..200).prop_map(|pieces| pieces.concat().into_bytes())
    }

    /// A puzzle with some givens of a random grid of `shape`: the rows of a pattern solution,
    /// with random digits dropped.
    fn small_puzzle() -> impl proptest::strategy::Strategy<Value = Grid> {
        small_shape().prop_flat_map(|shape| {
            let n = shape.n_cells();
            (
                proptest::collection::vec(any::<bool>(), n),
                proptest::collection::vec(0..shape.side(), 0..3),
            )
                .prop_map(move |(keep, swaps)| {
                    let (rows, cols, side) = (shape.box_rows(), shape.box_cols(), shape.side());
                    let mut grid = Grid::empty(shape);
                    for cell in shape.cells() {
                        let (r, c) = (cell.row(), cell.col());
                        let mut digit = (r % rows * cols + r / rows + c) % side + 1;
                        for &s in &swaps {
                            // Swap the labels of two digits: still a solution.
                            let (a, b) = (s + 1, (s + 1) % side + 1);
                            if digit == a {
                                digit = b;
                            } else if digit == b {
                                digit = a;
                            }
                        }
                        if keep[shape.index(cell)] {
                            grid.set(cell, shape.digit(digit));
                        }
                    }
                    grid
                })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

        #[test]
        fn the_reader_never_panics_and_round_trips(bytes in puzzle_like()) {
            check_read(&bytes);
        }

        #[test]
        fn the_reader_takes_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
            check_read(&bytes);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        #[test]
        fn every_strategy_solves_and_checks_alike(puzzle in small_puzzle()) {
            check_grid(&puzzle);
            check_solve(puzzle.to_line().as_bytes());
        }
    }
}
