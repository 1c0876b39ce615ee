//! Small boards side by side, for the step mode's frontier: each board a grid of its digits,
//! or of its cells' candidates when two boards that large still fit side by side, under a
//! caption, with the cell of the guess that made it marked.
//!
//! Lines are built as plain text with the mark as a pair of ANSI codes (reverse video), and
//! every width is counted without them.

use explore::Grid;
use explore::geometry::{Cell, Digit, Shape};
use explore::tree::BoardView;

/// Reverse video on and off, around the marked cell.
const MARK_ON: &str = "\x1b[7m";
const MARK_OFF: &str = "\x1b[27m";

/// Spaces between two boards.
const GAP: usize = 3;

/// One board to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Picture {
    shape: Shape,
    /// Per cell in reading order: its digit, when settled.
    digits: Vec<Option<Digit>>,
    /// Per cell in reading order: the bits of its candidates (bit `d` for digit `d`).
    candidates: Vec<u64>,
    /// The cell of the guess that made this board.
    mark: Option<Cell>,
    caption: String,
}

impl Picture {
    /// `view` as it is, under `caption`.
    pub(crate) fn of(view: &BoardView, caption: String) -> Picture {
        let shape = view.grid().shape();
        let digits = shape.cells().map(|cell| view.digit(cell)).collect();
        let candidates = shape
            .cells()
            .map(|cell| view.candidates(cell).fold(0, |bits, d| bits | 1 << d.get()))
            .collect();
        Picture::unmarked(shape, digits, candidates, caption)
    }

    /// The puzzle before any search: its givens, and as candidates of each empty cell the
    /// digits none of its peers holds.
    pub(crate) fn of_puzzle(puzzle: &Grid, caption: String) -> Picture {
        let shape = puzzle.shape();
        let geometry = shape.geometry();
        let all = shape.digits().fold(0u64, |bits, d| bits | 1 << d.get());
        let digits: Vec<Option<Digit>> = shape.cells().map(|cell| puzzle.get(cell)).collect();
        let candidates = (0..shape.n_cells())
            .map(|index| {
                if digits[index].is_some() {
                    return 0;
                }
                geometry.peers(index).iter().fold(all, |bits, &peer| {
                    digits[usize::from(peer)].map_or(bits, |d| bits & !(1 << d.get()))
                })
            })
            .collect();
        Picture::unmarked(shape, digits, candidates, caption)
    }

    fn unmarked(
        shape: Shape,
        digits: Vec<Option<Digit>>,
        candidates: Vec<u64>,
        caption: String,
    ) -> Picture {
        Picture {
            shape,
            digits,
            candidates,
            mark: None,
            caption,
        }
    }

    /// The child this board makes by putting `digit` in `cell`, as the search makes it: the
    /// digit settled and struck from the candidates of the cell's peers (its forced cells are
    /// filled when it is expanded). The cell is marked.
    pub(crate) fn child(&self, cell: Cell, digit: Digit, caption: String) -> Picture {
        let mut child = self.clone();
        let index = self.shape.index(cell);
        child.digits[index] = Some(digit);
        child.candidates[index] = 0;
        for &peer in self.shape.geometry().peers(index) {
            child.candidates[usize::from(peer)] &= !(1 << digit.get());
        }
        child.mark = Some(cell);
        child.caption = caption;
        child
    }

    /// Whether every cell is settled (a solution).
    pub(crate) fn is_complete(&self) -> bool {
        self.digits.iter().all(Option::is_some)
    }

    /// What is written above it.
    #[cfg(test)]
    pub(crate) fn caption(&self) -> &str {
        &self.caption
    }

    /// Marks `cell` (the guess that made the board).
    pub(crate) fn marked(mut self, cell: Option<Cell>) -> Picture {
        self.mark = cell;
        self
    }
}

/// How the cells are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Style {
    /// One character per cell: its digit, or `.`; `|` between boxes.
    Digits,
    /// A cell's candidates in their places (`12..`), a settled digit alone (` 3  `).
    Candidates,
}

impl Style {
    /// Candidates when two boards of `shape` fit side by side in `width` columns, else digits;
    /// digits too when every board of `pictures` is complete (solutions have no candidates to
    /// show).
    pub(crate) fn for_pictures(pictures: &[Picture], width: usize) -> Style {
        match pictures.first() {
            Some(first) if !pictures.iter().all(Picture::is_complete) => {
                Style::for_width(first.shape, width)
            }
            _ => Style::Digits,
        }
    }

    /// Candidates when two boards of `shape` fit side by side in `width` columns, else digits.
    pub(crate) fn for_width(shape: Shape, width: usize) -> Style {
        if 2 * board_width(shape, Style::Candidates) + GAP <= width {
            Style::Candidates
        } else {
            Style::Digits
        }
    }
}

/// Columns of one character cell: more for boards whose digits are numbers (side 36 and up).
fn cell_width(shape: Shape, style: Style) -> usize {
    match style {
        Style::Digits if shape.side() > Digit::MAX_CHAR => 2,
        Style::Digits => 1,
        Style::Candidates => shape.side(),
    }
}

/// Columns of a board drawn in `style`: its cells, a space between two cells of a box in the
/// candidates style, and ` | ` (or `|`, for digits) between boxes.
fn board_width(shape: Shape, style: Style) -> usize {
    let side = shape.side();
    let boxes = side / shape.box_cols();
    let cells = side * cell_width(shape, style);
    match style {
        Style::Digits => cells + boxes - 1,
        Style::Candidates => cells + (side - boxes) + 3 * (boxes - 1),
    }
}

/// The lines of `picture` in `style`, each with its width without the mark's codes.
fn lines(picture: &Picture, style: Style) -> Vec<(String, usize)> {
    let shape = picture.shape;
    let side = shape.side();
    let width = board_width(shape, style);
    let mut lines = Vec::new();
    for row in 0..side {
        if row > 0 && row % shape.box_rows() == 0 {
            lines.push(("-".repeat(width), width));
        }
        let mut line = String::new();
        for col in 0..side {
            if col > 0 {
                let box_edge = col % shape.box_cols() == 0;
                match (style, box_edge) {
                    (Style::Candidates, true) => line.push_str(" | "),
                    (Style::Candidates, false) => line.push(' '),
                    (Style::Digits, true) => line.push('|'),
                    (Style::Digits, false) => {}
                }
            }
            let Some(cell) = shape.cell(row, col) else {
                continue;
            };
            let text = cell_text(picture, cell, style);
            if picture.mark == Some(cell) {
                line.push_str(MARK_ON);
                line.push_str(&text);
                line.push_str(MARK_OFF);
            } else {
                line.push_str(&text);
            }
        }
        lines.push((line, width));
    }
    lines
}

/// One cell in `style`.
fn cell_text(picture: &Picture, cell: Cell, style: Style) -> String {
    let shape = picture.shape;
    let index = shape.index(cell);
    let width = cell_width(shape, style);
    match (style, picture.digits[index]) {
        (Style::Digits, Some(digit)) => format!("{:>width$}", symbol(digit)),
        (Style::Digits, None) => format!("{:>width$}", "."),
        (Style::Candidates, Some(digit)) => {
            // Centred, so that the settled cells of a board line up as a plain grid and only
            // the open ones read as candidates (in their own place, the digit would move from
            // column to column: `1     2   |   3     4`).
            let symbol = symbol(digit);
            let left = (width - symbol.chars().count()) / 2;
            format!("{:left$}{symbol:<rest$}", "", rest = width - left)
        }
        (Style::Candidates, None) => shape
            .digits()
            .map(|d| {
                if picture.candidates[index] & (1 << d.get()) != 0 {
                    symbol(d)
                } else {
                    ".".to_owned()
                }
            })
            .collect(),
    }
}

/// A digit as one character where it has one (`1`-`9`, `A`-`Z`), else its number.
fn symbol(digit: Digit) -> String {
    digit
        .to_char()
        .map_or_else(|| digit.get().to_string(), String::from)
}

/// `pictures` side by side in rows of boards, within `width` columns and `height` lines, in
/// `style`; the boards that do not fit are left out, and the second value says how many were
/// drawn.
pub(crate) fn side_by_side(
    pictures: &[Picture],
    style: Style,
    width: usize,
    height: usize,
) -> (Vec<String>, usize) {
    let mut out = Vec::new();
    let mut drawn = 0;
    let mut rest = pictures;
    while let Some(first) = rest.first() {
        let board = board_width(first.shape, style);
        let column = |picture: &Picture| board.max(picture.caption.chars().count());
        // As many boards as fit the width, at least one.
        let mut used = column(first);
        let mut n = 1;
        while let Some(next) = rest.get(n) {
            if used + GAP + column(next) > width {
                break;
            }
            used += GAP + column(next);
            n += 1;
        }
        let drawings: Vec<Vec<(String, usize)>> =
            rest[..n].iter().map(|p| lines(p, style)).collect();
        let tall = drawings.iter().map(Vec::len).max().unwrap_or(0);
        let blank = usize::from(!out.is_empty());
        if out.len() + blank + 1 + tall > height {
            break;
        }
        if blank == 1 {
            out.push(String::new());
        }
        let mut caption = String::new();
        for (i, picture) in rest[..n].iter().enumerate() {
            let gap = if i == 0 { 0 } else { GAP };
            let _ = std::fmt::Write::write_fmt(
                &mut caption,
                format_args!("{:gap$}{:<w$}", "", picture.caption, w = column(picture)),
            );
        }
        out.push(caption.trim_end().to_owned());
        for line in 0..tall {
            let mut text = String::new();
            for (i, (picture, drawing)) in rest[..n].iter().zip(&drawings).enumerate() {
                if i > 0 {
                    text.push_str(&" ".repeat(GAP));
                }
                let (line, visible) = drawing.get(line).map_or(("", 0), |(l, v)| (l.as_str(), *v));
                text.push_str(line);
                text.push_str(&" ".repeat(column(picture) - visible));
            }
            out.push(text.trim_end().to_owned());
        }
        drawn += n;
        rest = &rest[n..];
    }
    (out, drawn)
}

#[cfg(test)]
mod tests {
    use super::*;
    use explore::format;

    fn puzzle(text: &str) -> Picture {
        let grid = format::parse_one(text).unwrap();
        Picture::of_puzzle(&grid, "puzzle".to_owned())
    }

    /// Lines without the mark's codes.
    fn plain(lines: &[String]) -> Vec<String> {
        lines
            .iter()
            .map(|line| line.replace(MARK_ON, "[").replace(MARK_OFF, "]"))
            .collect()
    }

    #[test]
    fn a_4x4_board_shows_its_candidates_and_its_children_the_guess() {
        let board = puzzle("1.....2..3.....4");
        assert_eq!(Style::for_width(board.shape, 80), Style::Candidates);
        let cell = board.shape.cell(0, 1).unwrap();
        let child = board.child(cell, Digit::new(2).unwrap(), "r1c2=2".to_owned());
        let (lines, drawn) = side_by_side(&[board, child], Style::Candidates, 80, 30);
        assert_eq!(drawn, 2);
        // r1c2 may hold 2 or 4; its child with 2 strikes 2 from r4c2 below it, leaving 1.
        assert_eq!(
            plain(&lines),
            [
                "puzzle                  r1c2=2",
                " 1   .2.4 | ..34 ..3.    1   [ 2  ] | ..34 ..3.",
                "..34 ...4 |  2   1.3.   ..34 ...4 |  2   1.3.",
                "---------------------   ---------------------",
                ".2.4  3   | 1... 12..   .2.4  3   | 1... 12..",
                ".2.. 12.. | 1.3.  4     .2.. 1... | 1.3.  4",
            ]
        );
    }

    /// Settled digits stand in one column of each cell, centred, so a board's settled cells
    /// read as a plain grid; a solution, with no candidate left, is drawn as digits, with the
    /// box lines of every board.
    #[test]
    fn settled_digits_line_up_and_solutions_are_boxed_grids() {
        let solution = puzzle("1234341221434321");
        assert!(solution.is_complete());
        let (lines, _) = side_by_side(std::slice::from_ref(&solution), Style::Candidates, 80, 30);
        assert_eq!(lines[1], " 1    2   |  3    4");
        assert_eq!(lines[2], " 3    4   |  1    2");
        assert_eq!(
            Style::for_pictures(&[solution.clone(), solution.clone()], 80),
            Style::Digits
        );
        let (lines, _) = side_by_side(&[solution], Style::Digits, 80, 30);
        assert_eq!(lines[1..5], ["12|34", "34|12", "-----", "21|43"]);
        let open = puzzle("1.....2..3.....4");
        assert_eq!(Style::for_pictures(&[open], 80), Style::Candidates);
        // Every 9x9 and 16x16 board of the step mode fits 80 columns.
        let demo = puzzle(
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        );
        let boards = vec![demo; 8];
        let (lines, _) = side_by_side(&boards, Style::for_pictures(&boards, 80), 80, 30);
        assert!(lines.iter().all(|line| line.chars().count() <= 80));
    }

    #[test]
    fn boards_too_wide_for_candidates_show_digits_and_what_does_not_fit_is_left_out() {
        let demo = puzzle(
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        );
        assert_eq!(Style::for_width(demo.shape, 120), Style::Digits);
        let pictures = vec![demo; 12];
        let (lines, drawn) = side_by_side(&pictures, Style::Digits, 80, 25);
        // Boards of 11 columns, 3 apart: 5 to a row; a row is a caption and 11 lines.
        assert_eq!(drawn, 10);
        assert_eq!(lines.len(), 25);
        assert_eq!(
            lines[1],
            "1..|..7|.9.   1..|..7|.9.   1..|..7|.9.   1..|..7|.9.   1..|..7|.9."
        );
        assert_eq!(
            lines[4],
            "-----------   -----------   -----------   -----------   -----------"
        );
        assert!(lines.iter().all(|line| line.chars().count() <= 80));
    }
}
