//! Rows whose cells are fields between tabs or commas, as spreadsheets and `printf("%d\t")`
//! loops write them: an empty field is an empty cell.
//!
//! `6⇥5⇥⇥8⇥7⇥3⇥⇥9⇥` is a row of nine cells, three of them empty. Printing every cell followed
//! by a tab leaves one tab too many at the end (`9⇥5⇥7⇥-⇥1⇥3⇥-⇥8⇥4⇥`), so when a row has exactly
//! one field too many and that field is empty at either end, it is dropped; any other count is
//! the row's true length, to be judged by the caller. Nothing else is dropped: a doubled tab
//! inside a row is an empty cell, never alignment.
//!
//! The first row of a grid sets its side, so "one too many" is not known there yet: a first row
//! whose only empty field is the last has a trailing delimiter (the second example); one that
//! writes other empty cells as empty fields keeps its last field (the first example). The
//! options' box shape settles it where that guess is wrong (`1⇥2⇥3⇥4⇥5⇥6⇥7⇥8⇥` as nine cells).
//! In [`Symbols::Numbers`] a field may hold a number (`16⇥⇥3`).

use super::Symbols;
use super::line::{Class, Survey, class, is_whole};

/// What a field holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Field {
    /// A cell written as one character: its digit, or 0 for an empty-cell mark, and the
    /// character; `None` for an empty field.
    Cell(u8, Option<char>),
    /// A cell written as a number (0 for empty), and the number's first character.
    Number(usize, char),
    /// A lone `|` between boxes.
    Bar,
}

/// The fields of `text` with the column (from 1) of each one's cell, counting from
/// `first_column`, if `text` is a delimited row: it holds a tab or a comma, no brackets, and
/// each field (spaces and quotes aside) is empty, one cell or a bar; in [`Symbols::Numbers`] a
/// cell may be a number of several digits. `side` is the grid's side if it is known, and
/// `first_row` says whether a whole puzzle may stand on this line; they set the length a field
/// at an end is dropped to reach.
///
/// A row that ends with its delimiter after an empty field is ambiguous when its count is a
/// whole row's (or a whole puzzle's) only if that last empty field is a cell: its last cell is
/// empty, or a cell was lost before the end (a tab dropped inside the row, a line cut inside
/// its last item) and the delimiter is a trailing one. That is an [`Split::Ambiguous`] at the
/// delimiter's column, when the grid's other rows end with their delimiter (`trailing`, which
/// this updates) or, on a first row, when empty cells are written as empty fields.
pub(crate) fn split(
    text: &str,
    first_column: usize,
    symbols: Symbols,
    side: Option<usize>,
    first_row: bool,
    trailing: &mut Option<bool>,
    out: &mut Vec<(Field, usize)>,
) -> Split {
    match split_fields(text, first_column, symbols, side, first_row, trailing, out) {
        Some(Ok(())) => Split::Fields,
        Some(Err(column)) => Split::Ambiguous(column),
        None => Split::No,
    }
}

/// What [`split`] made of a line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Split {
    /// Not a delimited row.
    No,
    /// A delimited row, its fields in the output.
    Fields,
    /// A delimited row whose end cannot be told: the column of its last delimiter.
    Ambiguous(usize),
}

fn split_fields(
    text: &str,
    first_column: usize,
    symbols: Symbols,
    side: Option<usize>,
    first_row: bool,
    trailing: &mut Option<bool>,
    out: &mut Vec<(Field, usize)>,
) -> Option<Result<(), usize>> {
    out.clear();
    let delimiter = if text.contains(',') {
        ','
    } else if text.contains('\t') {
        '\t'
    } else {
        return None;
    };
    let mut column = first_column;
    let mut empty_ends = (false, false);
    let mut empty_before_last = false;
    let mut survey = Survey::default();
    let n_fields = text.matches(delimiter).count() + 1;
    for (i, field) in text.split(delimiter).enumerate() {
        let mut found: Option<(Field, usize)> = None;
        let mut width = 0;
        // The value of the number being read, while its digits run on.
        let mut number: Option<usize> = None;
        for (offset, c) in field.chars().enumerate() {
            width += 1;
            let class = class(c, symbols);
            let kind = match (class, number) {
                (Class::Numeral(d), Some(value)) => {
                    let value = value.saturating_mul(10).saturating_add(d.into());
                    number = Some(value);
                    if let Some((Field::Number(cell, _), _)) = found.as_mut() {
                        *cell = value;
                    }
                    continue;
                }
                (Class::Numeral(d), None) => {
                    number = Some(d.into());
                    Field::Number(d.into(), c)
                }
                (Class::Space | Class::Quiet, _) => {
                    number = None;
                    continue;
                }
                (Class::Cell(value), _) => Field::Cell(value, Some(c)),
                (Class::Bar, _) => Field::Bar,
                _ => return None,
            };
            if !matches!(class, Class::Numeral(_)) {
                number = None;
            }
            if found.replace((kind, column + offset)).is_some() {
                return None;
            }
        }
        let empty = found.is_none();
        if i == 0 {
            empty_ends.0 = empty;
        }
        if i + 1 < n_fields {
            empty_before_last |= empty;
        }
        empty_ends.1 = empty;
        // An empty field is shown by its delimiter: the one after it, or before it at the end.
        let delimiter_column = if i + 1 < n_fields {
            column + width
        } else {
            column - 1
        };
        let field = found.unwrap_or((Field::Cell(0, None), delimiter_column));
        match field.0 {
            Field::Cell(value, _) => {
                survey.cells += 1;
                survey.max = survey.max.max(value.into());
            }
            Field::Number(value, _) => {
                survey.cells += 1;
                survey.max = survey.max.max(value);
            }
            Field::Bar => survey.bars = true,
        }
        out.push(field);
        column += width + 1;
    }
    let n_cells = survey.cells;
    let whole = first_row && is_whole(survey, side);
    let one_too_many = match side {
        Some(side) if whole => n_cells == side * side + 1,
        Some(side) => n_cells == side + 1,
        // A whole puzzle has a square number of cells. A first row whose only empty field is
        // the last ends with its delimiter, as a loop printing each cell and a delimiter leaves
        // it; one that writes other empty cells as empty fields has an empty cell at the end.
        None => !empty_before_last || (whole && !is_square(n_cells) && is_square(n_cells - 1)),
    };
    let last_delimiter = out.last().map_or(first_column, |&(_, column)| column);
    let exact = match side {
        Some(side) if whole => n_cells == side * side,
        Some(side) => n_cells == side,
        None => whole && is_square(n_cells),
    };
    if exact && empty_ends.1 && n_fields > 1 {
        // A whole count only if the empty last field is a cell: ambiguous where the grid's
        // rows end with their delimiter, or where empty fields are cells on this first row.
        let ambiguous = match side {
            Some(_) => *trailing == Some(true),
            None => empty_before_last,
        };
        if ambiguous {
            return Some(Err(last_delimiter));
        }
    }
    if one_too_many {
        if empty_ends.1 {
            out.pop();
            *trailing = Some(true);
        } else if empty_ends.0 && side.is_some() {
            out.remove(0);
        }
    } else if exact && !empty_ends.1 && trailing.is_none() {
        *trailing = Some(false);
    }
    Some(Ok(()))
}

fn is_square(n: usize) -> bool {
    crate::geometry::Shape::for_cells(n).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(text: &str) -> Option<String> {
        let mut out = Vec::new();
        (split(text, 1, Symbols::Alnum, Some(9), false, &mut None, &mut out) == Split::Fields)
            .then(|| show(&out))
    }

    fn show(out: &[(Field, usize)]) -> String {
        out.iter()
            .map(|(field, _)| match *field {
                Field::Cell(0, _) => ".".to_owned(),
                Field::Cell(value, _) => crate::geometry::Digit::new(value.into())
                    .and_then(|d| d.to_char())
                    .unwrap()
                    .to_string(),
                Field::Number(value, _) => format!("<{value}>"),
                Field::Bar => "|".to_owned(),
            })
            .collect()
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
            Some(10)
        );
    }

    #[test]
    fn fields_holding_more_than_one_cell_are_not_fields() {
        assert_eq!(cells("530,070,000"), None);
        assert_eq!(cells("5,*,3"), None);
        assert_eq!(cells("5,x,3").as_deref(), Some("5X3"), "letters are digits");
        assert_eq!(cells("5 3 0"), None);
        assert_eq!(cells("'5','3','.'").as_deref(), Some("53."));
    }

    #[test]
    fn columns_point_at_each_field() {
        let mut out = Vec::new();
        assert_eq!(
            split(
                "1\t\t 3\t",
                5,
                Symbols::Alnum,
                Some(9),
                false,
                &mut None,
                &mut out
            ),
            Split::Fields
        );
        let columns: Vec<usize> = out.iter().map(|&(_, column)| column).collect();
        assert_eq!(
            columns,
            [5, 7, 9, 10],
            "an empty field is shown by its delimiter"
        );
    }

    #[test]
    fn a_first_row_ends_with_its_delimiter_unless_it_writes_empty_cells_as_empty_fields() {
        let first = |text: &str| {
            let mut out = Vec::new();
            (split(text, 1, Symbols::Alnum, None, true, &mut None, &mut out) == Split::Fields)
                .then(|| show(&out))
        };
        assert_eq!(
            first("9\t5\t7\t-\t1\t3\t-\t8\t4\t").as_deref(),
            Some("957.13.84")
        );
        assert_eq!(
            first("6\t5\t\t8\t7\t3\t\t9\t").as_deref(),
            Some("65.873.9.")
        );
        assert_eq!(first("1,2,3,4,").as_deref(), Some("1234"));
        assert_eq!(first(",1,2,3,").as_deref(), Some(".123."));
        let flat = format!("{},", vec!["0"; 81].join(","));
        assert_eq!(first(&flat).map(|s| s.len()), Some(81));
    }

    /// A row that ends with its delimiter after an empty field is a whole row only if that
    /// field is a cell: in a grid whose rows end with their delimiter, a lost inner tab would
    /// shift the cells, so it is an error at the last delimiter; so is a one-line puzzle of
    /// empty fields cut inside its last item.
    #[test]
    fn an_end_that_cannot_be_told_is_ambiguous() {
        let mut out = Vec::new();
        let mut trailing = None;
        let row = "1\t\t3\t4\t5\t6\t7\t8\t9\t";
        let split9 = |text: &str, trailing: &mut Option<bool>, out: &mut Vec<_>| {
            split(text, 1, Symbols::Alnum, Some(9), false, trailing, out)
        };
        assert_eq!(split9(row, &mut trailing, &mut out), Split::Fields);
        assert_eq!((out.len(), trailing), (9, Some(true)));
        // The tab after 1 lost: 1 3 4 5 6 7 8 9 and an empty last cell, or a lost cell?
        let lost = "1\t3\t4\t5\t6\t7\t8\t9\t";
        assert_eq!(split9(lost, &mut trailing, &mut out), Split::Ambiguous(16));
        // In a grid whose rows do not end with a tab, it is an empty last cell.
        let mut plain = Some(false);
        assert_eq!(split9(lost, &mut plain, &mut out), Split::Fields);
        assert_eq!(show(&out), "13456789.");
        // 81 items, empty cells as empty fields, cut inside the last ("3").
        let mut items = ["5", "", "3"].repeat(27);
        items[80] = "";
        let cut = items.join(",");
        let mut none = None;
        assert_eq!(
            split(&cut, 1, Symbols::Alnum, None, true, &mut none, &mut out),
            Split::Ambiguous(cut.chars().count())
        );
    }

    #[test]
    fn a_trailing_delimiter_does_not_make_a_row_look_like_a_puzzle() {
        let mut out = Vec::new();
        let row = "-\t".repeat(15);
        assert_eq!(
            split(&row, 1, Symbols::Alnum, None, true, &mut None, &mut out),
            Split::Fields
        );
        assert_eq!(out.len(), 15, "15 cells, not a 4x4 puzzle of 16");
    }

    #[test]
    fn numbers_are_one_field_each() {
        let mut out = Vec::new();
        assert_eq!(
            split(
                "16,,3, 12 ,",
                1,
                Symbols::Numbers,
                Some(4),
                false,
                &mut None,
                &mut out
            ),
            Split::Fields
        );
        assert_eq!(show(&out), "<16>.<3><12>");
        let columns: Vec<usize> = out.iter().map(|&(_, column)| column).collect();
        assert_eq!(
            columns,
            [1, 4, 5, 8],
            "a number is shown by its first digit"
        );
        assert_eq!(
            split(
                "1 6,2",
                1,
                Symbols::Numbers,
                Some(4),
                false,
                &mut None,
                &mut out
            ),
            Split::No
        );
    }
}
