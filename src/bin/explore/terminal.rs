//! The terminal that people read the program on: how wide and how tall it is, and text broken
//! into lines that fit it.
//!
//! `--trace` and `--step` draw on standard error, the human results and `explore compare`'s
//! table go to standard output; each fits the width of the terminal it goes to, and never less
//! than [`MIN_WIDTH`] columns (the classic terminal, which every layout must fit). When the
//! stream is not a terminal (a file, a pipe, a test), the width is `COLUMNS` if it holds a
//! number, else [`MIN_WIDTH`]: a file has no width of its own to follow.

use std::io::{self, IsTerminal};

/// The narrowest width drawn for: every layout fits 80 columns.
pub(crate) const MIN_WIDTH: usize = 80;

/// The widest width drawn for: beyond it, a bar is only longer.
const MAX_WIDTH: usize = 400;

/// The size of standard error's terminal, as (columns, rows), when it is one.
pub(crate) fn stderr_size() -> Option<(usize, usize)> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let (columns, rows) = crossterm::terminal::size().ok()?;
    (columns > 0 && rows > 0).then_some((usize::from(columns), usize::from(rows)))
}

/// The width to draw standard error's lines for: the terminal's, else `COLUMNS`, else 80;
/// never less than [`MIN_WIDTH`].
pub(crate) fn width() -> usize {
    let columns = stderr_size()
        .map(|(columns, _)| columns)
        .or_else(columns_variable);
    clamp_width(columns)
}

/// The width to draw standard output's human text for: the terminal's, else `COLUMNS`, else
/// 80; never less than [`MIN_WIDTH`].
pub(crate) fn stdout_width() -> usize {
    let terminal = io::stdout()
        .is_terminal()
        .then(crossterm::terminal::size)
        .and_then(Result::ok)
        .map(|(columns, _)| usize::from(columns))
        .filter(|&columns| columns > 0);
    clamp_width(terminal.or_else(columns_variable))
}

/// The width `COLUMNS` gives, when it holds a number.
fn columns_variable() -> Option<usize> {
    std::env::var("COLUMNS").ok()?.trim().parse().ok()
}

/// `columns` kept within what the layouts are drawn for.
fn clamp_width(columns: Option<usize>) -> usize {
    columns.unwrap_or(MIN_WIDTH).clamp(MIN_WIDTH, MAX_WIDTH)
}

/// `text` broken at spaces into lines of at most `width` characters (a longer word stands on
/// its own line), each line after the first indented by `indent` spaces, every line ended.
pub(crate) fn wrap(text: &str, width: usize, indent: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let started = !line.trim().is_empty();
        if started && line.chars().count() + 1 + word.chars().count() > width {
            out.push_str(&line);
            out.push('\n');
            line = " ".repeat(indent);
        } else if started {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// A notice for standard error: `explore: ` then `text`, broken at spaces into lines of at
/// most [`MIN_WIDTH`] columns, each line after the first indented by two spaces; a line break
/// in `text` starts a new line there (a command to copy, on a line of its own). Every line
/// ended.
pub(crate) fn notice(text: &str) -> String {
    let mut parts = text.split('\n');
    let mut out = wrap(
        &format!("explore: {}", parts.next().unwrap_or("")),
        MIN_WIDTH,
        2,
    );
    for part in parts {
        for line in wrap(part, MIN_WIDTH - 2, 0).lines() {
            out.push_str("  ");
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_are_at_least_80_columns() {
        assert_eq!(clamp_width(None), 80);
        assert_eq!(clamp_width(Some(40)), 80);
        assert_eq!(clamp_width(Some(132)), 132);
        assert_eq!(clamp_width(Some(100_000)), MAX_WIDTH);
    }

    #[test]
    fn long_lines_wrap_at_spaces() {
        assert_eq!(wrap("a bb ccc", 80, 3), "a bb ccc\n");
        assert_eq!(
            wrap("aaaa bbbb cccc dddd", 10, 3),
            "aaaa bbbb\n   cccc\n   dddd\n"
        );
        assert_eq!(wrap("aaaaaaaaaaaaaa b", 10, 2), "aaaaaaaaaaaaaa\n  b\n");
    }

    #[test]
    fn notices_fit_80_columns_and_keep_their_line_breaks() {
        let long = "wrote the search tree to tree.dot (11 boards, 0 dead, 6 solutions; numbered \
                    breadth-first, with grids); draw it with:\ndot -Tsvg tree.dot -o tree.svg";
        let text = notice(long);
        assert_eq!(
            text,
            "explore: wrote the search tree to tree.dot (11 boards, 0 dead, 6 solutions;\n  \
             numbered breadth-first, with grids); draw it with:\n  \
             dot -Tsvg tree.dot -o tree.svg\n"
        );
        assert!(text.lines().all(|line| line.chars().count() <= MIN_WIDTH));
        assert_eq!(notice("wrote a.svg"), "explore: wrote a.svg\n");
    }
}
