//! Rows whose cells are fields between tabs or commas, as spreadsheets and `printf("%d\t")`
//! loops write them: an empty field is an empty cell.
//!
//! `6⇥5⇥⇥8⇥7⇥3⇥⇥9⇥` is a row of nine cells, three of them empty. Printing every cell followed
//! by a tab leaves one tab too many at the end (`9⇥5⇥7⇥-⇥1⇥3⇥-⇥8⇥4⇥`), so when a row has exactly
//! one field too many and that field is empty at either end, it is dropped; any other count is
//! the row's true length, to be judged by the caller. Nothing else is dropped: a doubled tab
//! inside a row is an empty cell, never alignment.

/// The shape the reader reads (9x9 for now).
const SHAPE: crate::geometry::Shape = crate::geometry::Shape::NINE;
/// Cells in a row.
const SIZE: usize = SHAPE.side();
/// Cells on the board.
const N_CELLS: usize = SHAPE.n_cells();

use super::line::{Class, class, is_whole};

/// What a field holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Field {
    /// A cell (a digit or an empty-cell mark, or nothing at all: also an empty cell).
    Cell(Option<crate::geometry::Digit>),
    /// A lone `|` between boxes.
    Bar,
}

/// The fields of `text` with the column (from 1) of each one's cell, counting from
/// `first_column`, if `text` is a delimited row: it holds a tab or a comma, no brackets, and
/// each field (spaces and quotes aside) is empty, one cell or a bar. `rows_so_far` says
/// whether a whole puzzle may stand on this line, which sets the length a field at an end is
/// dropped to reach.
pub(crate) fn split(
    text: &str,
    first_column: usize,
    rows_so_far: usize,
    out: &mut Vec<(Field, usize)>,
) -> bool {
    out.clear();
    let delimiter = if text.contains(',') {
        ','
    } else if text.contains('\t') {
        '\t'
    } else {
        return false;
    };
    let mut column = first_column;
    let mut empty_ends = (false, false);
    let n_fields = text.matches(delimiter).count() + 1;
    for (i, field) in text.split(delimiter).enumerate() {
        let mut found = None;
        let mut width = 0;
        for (offset, c) in field.chars().enumerate() {
            width += 1;
            let kind = match class(c) {
                Class::Space | Class::Quiet => continue,
                Class::Cell(digit) => Field::Cell(digit),
                Class::Bar => Field::Bar,
                _ => return false,
            };
            if found.replace((kind, column + offset)).is_some() {
                return false;
            }
        }
        let empty = found.is_none();
        if i == 0 {
            empty_ends.0 = empty;
        }
        empty_ends.1 = empty;
        // An empty field is shown by its delimiter: the one after it, or before it at the end.
        let delimiter_column = if i + 1 < n_fields {
            column + width
        } else {
            column - 1
        };
        out.push(found.unwrap_or((Field::Cell(None), delimiter_column)));
        column += width + 1;
    }
    let n_cells = out.iter().filter(|(f, _)| *f != Field::Bar).count();
    let target = if rows_so_far == 0 && is_whole(n_cells) {
        N_CELLS
    } else {
        SIZE
    };
    if n_cells == target + 1 {
        if empty_ends.1 {
            out.pop();
        } else if empty_ends.0 {
            out.remove(0);
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(text: &str) -> Option<String> {
        let mut out = Vec::new();
        split(text, 1, 1, &mut out).then(|| {
            out.iter()
                .map(|(field, _)| match field {
                    Field::Cell(Some(d)) => d.to_char().unwrap(),
                    Field::Cell(None) => '.',
                    Field::Bar => '|',
                })
                .collect()
        })
    }

    #[test]
    fn empty_fields_are_empty_cells() {
        assert_eq!(
            cells("6\t5\t\t8\t7\t3\t\t9\t").as_deref(),
            Some("65.873.9.")
        );
        assert_eq!(cells("\t\t3\t2\t5\t\t\t\t8").as_deref(), Some("..325...8"));
        assert_eq!(cells("6,5,,8,7,3,,9,").as_deref(), Some("65.873.9."));
    }

    #[test]
    fn one_extra_empty_field_at_an_end_is_a_trailing_delimiter() {
        assert_eq!(
            cells("9\t5\t7\t-\t1\t3\t-\t8\t4\t").as_deref(),
            Some("957.13.84")
        );
        assert_eq!(
            cells("\t9\t5\t7\t-\t1\t3\t-\t8\t4").as_deref(),
            Some("957.13.84")
        );
        assert_eq!(
            cells("5, 3, 0, 0, 7, 0, 0, 0, 0,").as_deref(),
            Some("53..7....")
        );
    }

    #[test]
    fn a_doubled_delimiter_inside_a_row_is_a_cell() {
        assert_eq!(
            cells("9\t\t5\t7\t-\t1\t3\t-\t8\t4").map(|s| s.len()),
            Some(SIZE + 1)
        );
    }

    #[test]
    fn fields_holding_more_than_one_cell_are_not_fields() {
        assert_eq!(cells("530,070,000"), None);
        assert_eq!(cells("5,x,3"), None);
        assert_eq!(cells("5 3 0"), None);
        assert_eq!(cells("'5','3','.'").as_deref(), Some("53."));
    }

    #[test]
    fn columns_point_at_each_field() {
        let mut out = Vec::new();
        assert!(split("1\t\t 3\t", 5, 1, &mut out));
        let columns: Vec<usize> = out.iter().map(|&(_, column)| column).collect();
        assert_eq!(
            columns,
            [5, 7, 9, 10],
            "an empty field is shown by its delimiter"
        );
    }
}
