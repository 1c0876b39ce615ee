//! Reading the content of one line into the [`Builder`]: as tab- or comma-separated fields
//! when it is such a row, else character by character, counting columns as it goes. Which
//! symbols the line is read in (the input's, or numbers where a line of the usual symbols can
//! only be numbers) is settled here, once per line.
//!
//! Every character of the content is judged here, so the first fault on a line is the one
//! reported, at its own column.

use std::ops::Range;

use crate::error::{InputErrorKind, Shown};

use super::Symbols;
use super::assemble::{Builder, Fault, Pos};
use super::fields::{self, Field, Split};
use super::line::{self, Class, class};
use super::source::{Cut, Line, MAX_LINE};

/// Reads `range` of `line` into `builder`, then ends the line. `scratch` is reused between
/// lines so reading allocates nothing per line.
pub(crate) fn content(
    builder: &mut Builder,
    line: &Line<'_>,
    range: Range<usize>,
    scratch: &mut Vec<(Field, usize)>,
) -> Result<(), Fault> {
    let text = &line.text[range.clone()];
    let first_column = line.text[..range.start].chars().count() + 1;
    let cut = line.cut.filter(|_| range.end == line.text.len());
    let at = |column| Pos {
        line: line.number,
        column,
    };
    // Bytes that text never holds are reported before anything else on the line: they say
    // the whole input is not text, which matters more than any one misplaced character.
    let options = builder.options();
    let symbols = line::reading(text, options.symbols, builder.side(), builder.is_numbers());
    if symbols == Symbols::Numbers {
        builder.set_numbers();
    }
    if let Some((offset, c)) = text
        .char_indices()
        .find(|&(_, c)| class(c, symbols) == Class::Control)
    {
        let column = first_column + text[..offset].chars().count();
        let kind = InputErrorKind::NotText { byte: c as u8 };
        return Err(Fault::new(at(column), kind));
    }
    if let Some(Cut::NotUtf8(byte)) = cut {
        let column = first_column + text.chars().count();
        return Err(Fault::new(at(column), InputErrorKind::NotText { byte }));
    }
    let has_brackets = text.contains(['{', '[', '(', ')', ']', '}']);
    let split = if cut.is_none() && !builder.in_literal() && !has_brackets {
        let (side, first_row) = (builder.side(), builder.rows() == 0);
        fields::split(
            text,
            first_column,
            symbols,
            side,
            first_row,
            builder.trailing(),
            scratch,
        )
    } else {
        Split::No
    };
    if let Split::Ambiguous(column) = split {
        let found = Shown(text.chars().last().unwrap_or(','));
        return Err(Fault::new(
            at(column),
            InputErrorKind::AmbiguousEnd { found },
        ));
    }
    if split == Split::Fields {
        for &(field, column) in scratch.iter() {
            match field {
                Field::Cell(value, symbol) => {
                    builder.cell(value, symbol.unwrap_or('.'), at(column))?
                }
                Field::Number(value, first) => builder.number(value, first, at(column))?,
                Field::Bar => builder.bar(at(column))?,
            }
        }
        return builder.end_line();
    }
    let mut column = first_column;
    // The number being read: its value so far, where it started, and its first character.
    let mut number: Option<(usize, Pos, char)> = None;
    // In a code literal an item of several digits is one number (`{5, 30, 0}` holds three
    // items, and 30 is too large for most boards), unless it is quoted: a string or char
    // literal holds one cell a character (`["530070000", ...]`, `{'5', '3'}`).
    let literal = symbols == Symbols::Alnum && (has_brackets || builder.in_literal());
    let mut quoted = false;
    for c in text.chars() {
        let pos = at(column);
        column += 1;
        if literal && matches!(c, '"' | '\'') {
            quoted = !quoted;
        }
        let class = match c.to_digit(10) {
            Some(d) if literal && !quoted => Class::Numeral(d as u8),
            _ => class(c, symbols),
        };
        if !matches!(class, Class::Numeral(_)) {
            if let Some((value, start, first)) = number.take() {
                builder.number(value, first, start)?;
            }
        }
        match class {
            Class::Numeral(d) => {
                number = Some(match number {
                    Some((value, start, first)) => {
                        let value = value.saturating_mul(10).saturating_add(d.into());
                        (value, start, first)
                    }
                    None => (d.into(), pos, c),
                });
            }
            Class::Cell(value) => builder.cell(value, c, pos)?,
            Class::Space | Class::Quiet => {}
            Class::Bar => builder.bar(pos)?,
            Class::Comma => builder.comma(pos)?,
            Class::Open => builder.open(c, pos)?,
            Class::Close => builder.close(c, pos)?,
            Class::Control => {
                let kind = InputErrorKind::NotText { byte: c as u8 };
                return Err(Fault::new(pos, kind));
            }
            Class::Other => {
                let found = Shown(c);
                let kind = if builder.is_whole() {
                    InputErrorKind::AfterEnd { found }
                } else {
                    InputErrorKind::UnexpectedChar { found, symbols }
                };
                return Err(Fault::new(pos, kind));
            }
        }
    }
    if let Some((value, start, first)) = number {
        builder.number(value, first, start)?;
    }
    if let Some(cut) = cut {
        return Err(Fault::new(at(column), cut_kind(cut)));
    }
    builder.end_line()
}

/// The error for text cut short by `cut`.
pub(crate) fn cut_kind(cut: Cut) -> InputErrorKind {
    match cut {
        Cut::TooLong => InputErrorKind::LineTooLong { limit: MAX_LINE },
        Cut::NotUtf8(byte) => InputErrorKind::NotText { byte },
    }
}
