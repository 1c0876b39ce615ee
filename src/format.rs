//! Reading puzzles from text. (Minimal: one 81-character puzzle per line; the full reader of
//! every layout replaces this.)

use std::io::BufRead;

use crate::error::{InputError, InputErrorKind};
use crate::geometry::{Digit, N_CELLS};
use crate::grid::Grid;

/// A puzzle read from an input, with where it was found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    /// Position in the input, from 1, counting unreadable puzzles too.
    pub index: usize,
    /// Line on which the puzzle starts, from 1.
    pub line: usize,
    /// The givens.
    pub grid: Grid,
}

/// Streams the puzzles of `reader`, one item per puzzle (readable or not), in input order.
pub fn read<R: BufRead>(
    reader: R,
    input: &str,
) -> impl Iterator<Item = Result<Puzzle, InputError>> {
    let input = input.to_owned();
    let mut index = 0;
    reader
        .lines()
        .enumerate()
        .filter_map(move |(n, line)| {
            let line = match line {
                Ok(line) => line,
                Err(e) => return Some(Err((n, 1, InputErrorKind::Io(e.to_string())))),
            };
            let text = line.trim();
            if text.is_empty() || text.starts_with('#') {
                return None;
            }
            let cells: Vec<Option<Digit>> = text
                .chars()
                .take_while(|c| !c.is_whitespace())
                .map(Digit::from_char)
                .collect();
            if cells.len() != N_CELLS {
                return Some(Err((
                    n,
                    1,
                    InputErrorKind::LineLength {
                        found: cells.len(),
                        expected: N_CELLS,
                    },
                )));
            }
            Some(Ok((n, cells.into_iter().collect::<Grid>())))
        })
        .map(move |item| {
            index += 1;
            match item {
                Ok((n, grid)) => Ok(Puzzle {
                    index,
                    line: n + 1,
                    grid,
                }),
                Err((n, column, kind)) => Err(InputError {
                    input: input.clone(),
                    puzzle: index,
                    line: n + 1,
                    column,
                    kind,
                }),
            }
        })
}

/// Reads the puzzles of a text held in memory.
pub fn parse(text: &str, input: &str) -> Vec<Result<Puzzle, InputError>> {
    read(text.as_bytes(), input).collect()
}

/// Reads exactly one puzzle from `text`.
pub fn parse_one(text: &str) -> Result<Grid, InputError> {
    match parse(text, "<argument>").into_iter().next() {
        Some(result) => result.map(|puzzle| puzzle.grid),
        None => Err(InputError {
            input: "<argument>".to_owned(),
            puzzle: 1,
            line: 1,
            column: 1,
            kind: InputErrorKind::Empty,
        }),
    }
}
