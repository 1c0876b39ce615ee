//! The `--trace` table of one search: a title, column heads, one row per depth with a bar for
//! its frontier, and a closing summary, all fitted to the width of the terminal.
//!
//! The columns take 64 characters whatever the figures (a count too wide for its column is
//! written `1.23 M`), so 80 columns leave 14 for the bar and a wider terminal gives the bar
//! the rest. The bar is proportional: `#` stands for a whole number of boards, the smallest
//! that fits the largest frontier so far in the bar, and the bar's head says how many. The
//! title and the heads take a line each, so that at 80x30 the demo's whole trace and its
//! results stand on one screen. A table
//! drawn whole (a puzzle of a batch, held until its search ends) has its final scale from the
//! start. A table drawn live grows its scale as the frontier does: on a terminal whose screen
//! still holds the whole table, the table is drawn again in place at the new scale; elsewhere
//! (a file, a pipe, a table taller than the screen) a line says the new scale from that row on.

use std::fmt::Write as _;

use crossterm::Command;
use crossterm::cursor::{MoveToColumn, MoveUp};
use crossterm::terminal::{Clear, ClearType};

use crate::output::bytes;
use crate::progress::compact;
use crate::tally::{counted, group};
use crate::terminal::wrap;

/// The figures of one depth, as its `kind = "depth"` event gives them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Depth {
    pub(crate) depth: u64,
    pub(crate) boards: u64,
    pub(crate) forced: u64,
    pub(crate) children: u64,
    pub(crate) dead: u64,
    pub(crate) found: u64,
    pub(crate) frontier: u64,
    pub(crate) frontier_bytes: u64,
    /// Boards of this depth searched depth-first beyond the frontier budget, not held.
    pub(crate) overflow: u64,
    /// Clauses learned at this depth, when the search learns.
    pub(crate) learned: u64,
}

/// The columns before the bar: head and width. The memory column fits `655.6 MiB`.
const COLUMNS: [(&str, usize); 9] = [
    ("depth", 5),
    ("boards", 7),
    ("forced", 7),
    ("children", 8),
    ("dead", 7),
    ("solved", 6),
    ("frontier", 8),
    ("memory", 9),
    // Only in the table of a search that learns (`Table::learns`).
    ("learned", 7),
];

/// The memory column, after which a table without learning has no more.
const MEMORY: usize = 7;

/// How far a note under a row stands in: under the row's boards.
const NOTE_INDENT: usize = 6;

/// Where the bar starts in a table without the learned column: the columns, a space between
/// each, and two before the bar.
const BAR_START: usize = {
    let mut start = MEMORY + 2;
    let mut i = 0;
    while i <= MEMORY {
        start += COLUMNS[i].1;
        i += 1;
    }
    start
};

/// The fewest columns a table's bar has.
const LEAST_BAR: usize = 6;

/// One search's table, as it grows.
#[derive(Debug)]
pub(crate) struct Table {
    /// What the title says before the scale: `trace of puzzle 1 (bfs, boards of 128 B): ...`.
    title: String,
    width: usize,
    /// Whether the search learns, and the table has a `learned` column before the bar.
    learns: bool,
    rows: Vec<Depth>,
    /// Boards per `#` of the bars drawn last.
    scale: u64,
    /// Lines drawn live so far, from the title on: what a redraw in place goes back over.
    lines: usize,
}

impl Table {
    /// An empty table titled `title`, for lines of `width` columns (at least 80), with a
    /// `learned` column when the search `learns`.
    pub(crate) fn new(title: String, width: usize, learns: bool) -> Table {
        Table {
            title,
            width: width.max(BAR_START + 14),
            learns,
            rows: Vec::new(),
            scale: 1,
            lines: 0,
        }
    }

    /// Adds `row`, drawn at the end with [`Table::block`].
    pub(crate) fn add(&mut self, row: Depth) {
        self.rows.push(row);
    }

    /// The whole table at the scale of its largest frontier, after a blank line (it follows
    /// the results of earlier puzzles).
    pub(crate) fn block(&self) -> String {
        let scale = self.fitting_scale();
        let mut text = "\n".to_owned();
        text.push_str(&self.top(scale));
        for row in &self.rows {
            text.push_str(&self.row(row, scale));
        }
        text
    }

    /// Adds `row` to a table drawn live, and returns what to write: the title and heads
    /// before the first row (no blank line: the live table is the first puzzle's, the first
    /// thing the run writes), the row itself, and when the row needs a larger scale, either
    /// the whole table again in place (when `screen_rows`, the height of the terminal it is
    /// drawn on, still holds it with a line to spare) or a line giving the new scale.
    pub(crate) fn push(&mut self, row: Depth, screen_rows: Option<usize>) -> String {
        self.rows.push(row);
        let scale = self.fitting_scale();
        let mut text = String::new();
        if self.rows.len() == 1 {
            self.scale = scale;
            let top = self.top(scale);
            self.lines = top.lines().count();
            text.push_str(&top);
        } else if scale != self.scale {
            self.scale = scale;
            let fits = screen_rows.is_some_and(|rows| self.lines + 2 < rows);
            if fits {
                // The cursor stands at the start of the line after the table.
                let up = u16::try_from(self.lines).unwrap_or(u16::MAX);
                let _ = MoveUp(up).write_ansi(&mut text);
                let _ = MoveToColumn(0).write_ansi(&mut text);
                let _ = Clear(ClearType::FromCursorDown).write_ansi(&mut text);
                let mut redrawn = self.top(scale);
                for earlier in &self.rows[..self.rows.len() - 1] {
                    redrawn.push_str(&self.row(earlier, scale));
                }
                self.lines = redrawn.lines().count();
                text.push_str(&redrawn);
            } else {
                let note = format!("{:>width$}  from here on: {}\n", "", mark(scale), width = 5);
                self.lines += 1;
                text.push_str(&note);
            }
        }
        let drawn = self.row(&row, self.scale);
        self.lines += drawn.lines().count();
        text.push_str(&drawn);
        text
    }

    /// The columns of this table before its bar.
    fn columns(&self) -> &'static [(&'static str, usize)] {
        if self.learns {
            &COLUMNS
        } else {
            &COLUMNS[..=MEMORY]
        }
    }

    /// Where its bar starts.
    fn bar_start(&self) -> usize {
        if self.learns {
            BAR_START + 1 + COLUMNS[MEMORY + 1].1
        } else {
            BAR_START
        }
    }

    /// The columns the bar may fill.
    fn bar_width(&self) -> u64 {
        self.width.saturating_sub(self.bar_start()).max(LEAST_BAR) as u64
    }

    /// The smallest whole number of boards per `#` that fits every frontier so far in the bar.
    fn fitting_scale(&self) -> u64 {
        let largest = self.rows.iter().map(|row| row.frontier).max().unwrap_or(0);
        largest.div_ceil(self.bar_width()).max(1)
    }

    /// The title and the column heads, the bar's head its scale (`# = 3 boards`, or as much
    /// of it as fits: `# = 1,000`, else `bar`).
    fn top(&self, scale: u64) -> String {
        let mut text = wrap(&self.title, self.width, 3);
        for (i, (head, width)) in self.columns().iter().enumerate() {
            let gap = if i == 0 { "" } else { " " };
            let _ = write!(text, "{gap}{head:>width$}");
        }
        let room = self.bar_width() as usize;
        let head = [mark(scale), format!("# = {}", group(scale as f64))]
            .into_iter()
            .find(|head| head.len() <= room)
            .unwrap_or_else(|| "bar".to_owned());
        let _ = writeln!(text, "  {head}");
        text
    }

    /// One depth as a row, its bar at `scale` boards per `#`.
    fn row(&self, row: &Depth, scale: u64) -> String {
        let figures = [
            row.depth.to_string(),
            fit(row.boards, COLUMNS[1].1),
            fit(row.forced, COLUMNS[2].1),
            fit(row.children, COLUMNS[3].1),
            fit(row.dead, COLUMNS[4].1),
            fit(row.found, COLUMNS[5].1),
            fit(row.frontier, COLUMNS[6].1),
            bytes(row.frontier_bytes),
            fit(row.learned, COLUMNS[8].1),
        ];
        let mut text = String::new();
        for (i, (figure, (_, width))) in figures.iter().zip(self.columns()).enumerate() {
            let gap = if i == 0 { "" } else { " " };
            let _ = write!(text, "{gap}{figure:>width$}");
        }
        // A figure wider than its column pushes the bar right; the row still fits the width.
        let room = self.width.saturating_sub(text.len() + 2);
        let marks = (row.frontier.div_ceil(scale) as usize).min(room);
        if row.frontier == 0 && row.boards > 0 {
            // Every board of this depth lay below a board searched depth-first: the level held
            // none of them, and an empty bar would say there was nothing here.
            text.push_str("  depth-first");
        } else {
            let _ = write!(text, "  {}", "#".repeat(marks));
        }
        text.push('\n');
        let first_overflow = self.rows.iter().find(|row| row.overflow > 0);
        if first_overflow.is_some_and(|first| first.depth == row.depth) {
            text.push_str(&self.overflow_note());
        }
        text
    }

    /// The line under the first row whose depth had boards searched depth-first beyond the
    /// frontier budget: plain words for what happened (docs/tracing.md has the details).
    fn overflow_note(&self) -> String {
        let note = "^ the frontier was full, so the search went on depth-first";
        let indent = " ".repeat(NOTE_INDENT);
        wrap(note, self.width - NOTE_INDENT, 2)
            .lines()
            .map(|line| format!("{indent}{line}\n"))
            .collect()
    }
}

/// The scale in words: `# = 1 board`, `# = 3 boards`.
fn mark(scale: u64) -> String {
    format!("# = {}", counted(scale, "board", "boards"))
}

/// `value` in at most `width` characters: grouped by thousands (`123,456`) when that fits,
/// else at a glance (`1.23 M`).
fn fit(value: u64, width: usize) -> String {
    let exact = group(value as f64);
    if exact.len() <= width {
        exact
    } else {
        compact(value as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth(depth: u64, frontier: u64) -> Depth {
        Depth {
            depth,
            boards: frontier,
            frontier,
            frontier_bytes: frontier * 128,
            ..Depth::default()
        }
    }

    /// Marks of each row's bar, in the order drawn.
    fn bars(text: &str) -> Vec<usize> {
        text.lines()
            .filter(|line| line.trim_start().starts_with(char::is_numeric))
            .map(|line| line.matches('#').count())
            .collect()
    }

    #[test]
    fn every_line_fits_the_width_and_bars_use_the_room_they_have() {
        for width in [80, 120] {
            let mut table = Table::new(
                "trace of puzzle 12 (bfs, boards of 5.4 KiB): a row per depth as each \
                 finishes"
                    .to_owned(),
                width,
                false,
            );
            table.add(Depth {
                depth: 14,
                boards: 123_456,
                forced: 61_234_567,
                children: 987_654,
                dead: 100_001,
                found: 1_234_567,
                frontier: 123_456,
                frontier_bytes: 123_456 * 5568,
                overflow: 0,
                learned: 0,
            });
            let block = table.block();
            for line in block.lines() {
                assert!(line.chars().count() <= width, "{width}: {line:?}");
            }
            let row = block.lines().last().unwrap();
            assert!(
                row.starts_with(
                    "   14 123,456  61.2 M  987,654 100,001 1.23 M  123,456 655.6 MiB  #"
                ),
                "{row}"
            );
            assert_eq!(
                row.len(),
                width,
                "the largest frontier fills the bar: {row}"
            );
        }
    }

    /// The demo's frontiers (1 to 30 boards) at 80 columns: 14 marks of bar, so `#` = 3
    /// boards, and 18, 22 and 30 boards draw 6, 8 and 10 marks.
    #[test]
    fn bars_are_proportional_to_the_frontier() {
        let frontiers = [1, 2, 4, 8, 12, 18, 18, 22, 30, 16];
        let mut table = Table::new("trace".to_owned(), 80, false);
        for (i, &frontier) in frontiers.iter().enumerate() {
            table.add(depth(i as u64, frontier));
        }
        let block = table.block();
        assert!(block.contains("memory  # = 3 boards\n"), "{block}");
        assert_eq!(bars(&block), [1, 1, 2, 3, 4, 6, 6, 8, 10, 6]);
    }

    /// The bar's head says its scale in the room the bar has: in words, as a number, or not
    /// at all when even that is too wide.
    #[test]
    fn the_bar_head_is_its_scale() {
        let head = |frontier: u64| {
            let mut table = Table::new("trace".to_owned(), 80, false);
            table.add(depth(0, frontier));
            let block = table.block();
            let heads = block.lines().nth(2).unwrap().to_owned();
            assert!(heads.chars().count() <= 80, "{heads}");
            heads.rsplit("  ").next().unwrap().to_owned()
        };
        assert_eq!(head(14), "# = 1 board");
        assert_eq!(head(11_389), "# = 814 boards");
        assert_eq!(head(14_000), "# = 1,000");
        assert_eq!(head(u64::MAX / 1024), "bar");
    }

    #[test]
    fn a_live_table_is_drawn_again_at_a_new_scale_when_the_screen_holds_it() {
        let mut table = Table::new("trace".to_owned(), 80, false);
        let first = table.push(depth(0, 10), Some(30));
        assert!(first.starts_with("trace\ndepth "), "{first}");
        assert!(first.contains("memory  # = 1 board\n"), "{first}");
        assert_eq!(bars(&first), [10]);
        let same = table.push(depth(1, 14), Some(30));
        assert_eq!(bars(&same), [14], "no new scale: the row alone");
        assert!(!same.contains('\x1b'));
        let redrawn = table.push(depth(2, 28), Some(30));
        // Back over the title, the heads and two rows, then all three rows at 2 boards a mark.
        assert!(redrawn.starts_with("\x1b[4A"), "{redrawn:?}");
        assert!(redrawn.contains("# = 2 boards"), "{redrawn}");
        assert_eq!(bars(&redrawn), [5, 7, 14]);
        let again = table.push(depth(3, 42), Some(30));
        assert!(again.starts_with("\x1b[5A"), "{again:?}");
    }

    /// `--max-frontier 2` on the demo: depth 1 makes 4 children, 2 are held and 2 go
    /// depth-first; depth 9 is reached only below boards searched depth-first.
    #[test]
    fn the_trace_says_where_boards_went_depth_first() {
        let mut table = Table::new("trace".to_owned(), 80, false);
        table.push(depth(0, 1), Some(30));
        table.push(depth(1, 2), Some(30));
        let first = table.push(
            Depth {
                boards: 4,
                overflow: 2,
                ..depth(2, 2)
            },
            Some(30),
        );
        assert!(
            first.ends_with("\n      ^ the frontier was full, so the search went on depth-first\n"),
            "{first}"
        );
        for line in first.lines() {
            assert!(line.chars().count() <= 80, "{line:?}");
        }
        let later = table.push(
            Depth {
                boards: 8,
                overflow: 2,
                ..depth(3, 2)
            },
            Some(30),
        );
        assert!(
            !later.contains('^'),
            "the first row alone explains: {later}"
        );
        let only_below = table.push(
            Depth {
                boards: 16,
                ..depth(4, 0)
            },
            Some(30),
        );
        assert!(only_below.ends_with("  depth-first\n"), "{only_below:?}");
        // A redraw at a new scale goes back over the title, the heads, five rows and the note.
        let redrawn = table.push(depth(5, 40), Some(30));
        let lines_above = 2 + 5 + 1;
        assert!(
            redrawn.starts_with(&format!("\x1b[{lines_above}A")),
            "{redrawn:?}"
        );
        assert_eq!(redrawn.matches("^ the frontier was full").count(), 1);
    }

    #[test]
    fn elsewhere_a_live_table_says_its_new_scale() {
        let mut table = Table::new("trace".to_owned(), 80, false);
        table.push(depth(0, 10), None);
        let row = table.push(depth(1, 28), None);
        assert!(!row.contains('\x1b'));
        assert!(
            row.starts_with("       from here on: # = 2 boards\n"),
            "{row}"
        );
        assert_eq!(bars(&row), [14]);
        // A screen too short for the table is no place to redraw it either.
        let row = table.push(depth(2, 42), Some(5));
        assert!(row.contains("from here on: # = 3 boards"), "{row}");
    }
}
