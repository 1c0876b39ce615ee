//! The three ways results are written to standard output: `human`, `line` and `json`.
//!
//! A [`Renderer`] turns one puzzle's result into text and nothing else: it does not decide
//! what goes to standard error, count verdicts, or write anything; the run does (`solve.rs`).
//! It keeps no state from one puzzle to the next, so the batch's workers render the puzzles
//! they solve, in parallel, and the run writes the texts in input order.

use std::fmt::Write as _;
use std::io::{self, IsTerminal};
use std::time::Duration;

use explore::batch::Solved;
use explore::geometry::{Digit, Shape};
use explore::{Config, Grid, InputError, Learn, Outcome, Stats, Stop, Strategy};
use serde::Serialize;

use crate::cli::OutputFormat;
use crate::tally::{counted, group};
use crate::terminal;

/// Space between grids side by side.
const GUTTER: &str = "  ";

/// Where a puzzle came from, as the output names it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Origin<'a> {
    /// The input's name: a path, `<stdin>`, `<argument>` or `<demo>`.
    pub(crate) input: &'a str,
    /// The puzzle's position in its input, from 1.
    pub(crate) index: usize,
    /// The line the puzzle starts on (or, for an invalid puzzle, the line of the fault).
    pub(crate) line: usize,
    /// A name for the puzzle, if it has one (the demo does).
    pub(crate) title: Option<&'a str>,
}

/// Renders results in one [`OutputFormat`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Renderer {
    format: OutputFormat,
    strategy: Strategy,
    budget: FrontierBudget,
    /// The solution limit asked for (`None` for every solution), to tell it from the cap on
    /// kept solutions.
    max_solutions: Option<u64>,
    /// The cap on kept solutions, in bytes.
    max_kept_bytes: usize,
    /// The learning rule, which keeps a clause per solution ([`Config::max_kept`]).
    learn: Learn,
    /// Solutions are counted, not kept (`--count`).
    counting: bool,
    /// The width the human output fits: as many grids side by side as fit in it (at 80
    /// columns three 9x9 grids or five 4x4 share a row, a 16x16 grid stands alone), and
    /// statistics broken at spaces to it.
    width: usize,
    /// The verdict and the statistics were just said on the same screen, by the trace's
    /// closing line, so the human output does not say them again.
    said_by_trace: bool,
}

impl Renderer {
    /// A renderer for results of searches run with `config`.
    pub(crate) fn new(format: OutputFormat, config: &Config) -> Renderer {
        Renderer {
            format,
            strategy: config.strategy,
            budget: FrontierBudget::of(config),
            max_solutions: config.max_solutions,
            max_kept_bytes: config.max_kept_bytes,
            learn: config.learn,
            counting: !config.keep_solutions,
            width: terminal::stdout_width(),
            said_by_trace: false,
        }
    }

    /// The renderer for a run whose human `--trace` closes each search with a line of its
    /// verdict and statistics on standard error: when that is the terminal standard output
    /// is too, the human results leave them out (the verdict stays when it has more to say,
    /// such as solutions counted or capped), so that at 80x30 the demo's trace and its grids
    /// stand on one screen, its table's heads included.
    pub(crate) fn after_trace(self, human_trace: bool) -> Renderer {
        let same_screen = io::stdout().is_terminal() && io::stderr().is_terminal();
        Renderer {
            said_by_trace: human_trace && same_screen,
            ..self
        }
    }

    /// The renderer fitting its human output to `width` columns instead of the terminal's.
    #[cfg(test)]
    fn with_width(self, width: usize) -> Renderer {
        Renderer { width, ..self }
    }

    /// The cap on kept solutions, if `solved` stopped there rather than at the limit asked
    /// for: there may be more solutions than it reports.
    pub(crate) fn capped(self, solved: &Solved) -> Option<u64> {
        let outcome = &solved.outcome;
        let config = Config::default()
            .with_strategy(self.strategy)
            .with_learn(self.learn)
            .with_max_solutions(self.max_solutions)
            .with_keep_solutions(true)
            .with_max_kept_bytes(self.max_kept_bytes);
        let shape = solved.puzzle.grid.shape();
        (outcome.stop == Stop::SolutionLimit && config.is_capped(shape, outcome.count))
            .then(|| config.max_kept(shape))
    }

    /// The text of a solved (or unsolvable, or abandoned) puzzle.
    pub(crate) fn solved(self, origin: Origin<'_>, solved: &Solved) -> io::Result<String> {
        if self.format == OutputFormat::Line && !self.counting {
            // The usual batch output: one allocation, the text itself.
            return Ok(line_text(&solved.outcome));
        }
        let mut text = Vec::new();
        self.write_solved(&mut text, origin, solved)?;
        String::from_utf8(text).map_err(io::Error::other)
    }

    /// Writes the text of a solved puzzle to `out` as it is made, a grid or a solution at a
    /// time, so that a million solutions never stand in memory as text.
    pub(crate) fn write_solved(
        self,
        out: &mut dyn io::Write,
        origin: Origin<'_>,
        solved: &Solved,
    ) -> io::Result<()> {
        match self.format {
            OutputFormat::Human => self.human(out, origin, solved),
            OutputFormat::Line if self.counting => counted_line(out, &solved.outcome),
            OutputFormat::Line => line(out, &solved.outcome),
            OutputFormat::Json => json(
                out,
                &Record::solved(
                    origin,
                    &solved.puzzle,
                    &solved.outcome,
                    self.capped(solved).is_some(),
                ),
            ),
        }
    }

    /// Whether the text of `solved` is large enough to be written straight to the output by
    /// [`Renderer::write_solved`] rather than made whole beforehand: more than about
    /// [`LARGE_TEXT`] bytes.
    pub(crate) fn is_large(solved: &Solved) -> bool {
        let cells = solved.puzzle.grid.shape().n_cells();
        // A human grid takes about 2.5 bytes a cell; a line, 1 (up to 3 in numbers).
        solved.outcome.solutions.len().saturating_mul(cells * 3) > LARGE_TEXT
    }

    /// The text of a puzzle that could not be read. The human output has nothing to add to the
    /// error message (printed on standard error by the caller); the others keep its place.
    pub(crate) fn invalid(self, error: &InputError) -> io::Result<String> {
        Ok(match self.format {
            OutputFormat::Human => String::new(),
            OutputFormat::Line => "invalid\n".to_owned(),
            OutputFormat::Json => {
                let mut text = Vec::new();
                json(&mut text, &Record::invalid(error))?;
                String::from_utf8(text).map_err(io::Error::other)?
            }
        })
    }

    /// What goes between the texts of two puzzles: a blank line in the human output.
    pub(crate) fn separator(self) -> &'static str {
        match self.format {
            OutputFormat::Human => "\n",
            OutputFormat::Line | OutputFormat::Json => "",
        }
    }

    fn human(self, out: &mut dyn io::Write, origin: Origin<'_>, solved: &Solved) -> io::Result<()> {
        let outcome = &solved.outcome;
        writeln!(out, "{}", header(origin, solved.puzzle.grid.shape()))?;
        if let Some(cubes) = &solved.puzzle.cubes {
            // The grids alone would read as the whole puzzle's search.
            writeln!(
                out,
                "a shard of {} (explore split --learn cubes): its solutions only",
                explore::words::count(cubes.len() as u128, "cube", "cubes")
            )?;
        }
        let numbered = outcome.solutions.len() > 1;
        let label = |i: usize| {
            if numbered {
                format!("solution {}", i + 1)
            } else {
                "solution".to_owned()
            }
        };
        // Every grid has the puzzle's shape, so the first row of grids says how many fit.
        let mut grids = vec![("puzzle".to_owned(), solved.puzzle.grid.to_string())];
        let n = outcome.solutions.len();
        let first = outcome
            .solutions
            .first()
            .map(|grid| (label(n - 1), grid.to_string()));
        grids.extend(first);
        let per_row = grids_per_row(&grids, self.width);
        grids.truncate(1);
        let mut row = String::new();
        for (i, solution) in outcome.solutions.iter().enumerate() {
            if grids.len() == per_row {
                row.clear();
                side_by_side(&mut row, &grids);
                out.write_all(row.as_bytes())?;
                grids.clear();
            }
            grids.push((label(i), solution.to_string()));
        }
        if !grids.is_empty() {
            row.clear();
            side_by_side(&mut row, &grids);
            out.write_all(row.as_bytes())?;
        }
        let mut text = String::new();
        let mut notes = false;
        let _ = write!(text, "verdict:  {}", outcome.verdict());
        if self.counting && outcome.count > 0 {
            text.push_str(" (counted, not kept)");
            notes = true;
        }
        if let Some(cap) = self.capped(solved) {
            let _ = write!(
                text,
                "; {} is the most solutions kept, so there may be more",
                group(cap as f64)
            );
            notes = true;
        }
        if self.said_by_trace {
            let verdict = if notes {
                terminal::wrap(&text, self.width, INDENT)
            } else {
                String::new()
            };
            return out.write_all(verdict.as_bytes());
        }
        let mut lines = terminal::wrap(&text, self.width, INDENT);
        for line in statistics(self.strategy, self.budget, outcome).lines() {
            lines.push_str(&terminal::wrap(line, self.width, INDENT));
        }
        out.write_all(lines.as_bytes())
    }
}

/// Texts of about this many bytes or more are written as they are made, not made whole
/// first ([`Renderer::is_large`]).
pub(crate) const LARGE_TEXT: usize = 256 << 10;

/// `== top1465.txt: puzzle 3 (line 5)`, or the demo's title. Boards other than the classic
/// 9x9 are named: `== 16x16.txt: puzzle 2 (line 19), 16x16 (4x4 boxes)`.
fn header(origin: Origin<'_>, shape: Shape) -> String {
    let mut header = match origin.title {
        Some(title) => format!("== {title}: the built-in demo puzzle"),
        None => format!(
            "== {}: puzzle {} (line {})",
            origin.input, origin.index, origin.line
        ),
    };
    if shape != Shape::NINE {
        let _ = write!(header, ", {shape}");
    }
    header
}

/// Where the words of a broken verdict or statistics line go on, past its `search:   ` label.
const INDENT: usize = 10;

/// How many of `grids` (label, text) stand side by side within `width` columns; at least one.
fn grids_per_row(grids: &[(String, String)], width: usize) -> usize {
    let column = column_width(grids);
    ((width + GUTTER.len()) / (column + GUTTER.len())).max(1)
}

/// The width of the widest grid line or label.
fn column_width(grids: &[(String, String)]) -> usize {
    grids
        .iter()
        .flat_map(|(label, grid)| std::iter::once(label.as_str()).chain(grid.lines()))
        .map(|line| line.chars().count())
        .max()
        .unwrap_or(0)
}

/// Appends boxed grids side by side, each under its label.
fn side_by_side(text: &mut String, grids: &[(String, String)]) {
    let width = column_width(grids);
    let mut rows: Vec<Vec<&str>> = vec![grids.iter().map(|(label, _)| label.as_str()).collect()];
    let lines: Vec<Vec<&str>> = grids
        .iter()
        .map(|(_, grid)| grid.lines().collect())
        .collect();
    let height = lines.iter().map(Vec::len).max().unwrap_or(0);
    for i in 0..height {
        rows.push(
            lines
                .iter()
                .map(|grid| grid.get(i).copied().unwrap_or(""))
                .collect(),
        );
    }
    for row in rows {
        let mut line = String::new();
        for (i, cell) in row.iter().enumerate() {
            if i > 0 {
                line.push_str(GUTTER);
            }
            let _ = write!(line, "{cell:width$}");
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
}

/// Two lines of search statistics for people (three when the search learned, four with cubes),
/// unbroken.
fn statistics(strategy: Strategy, budget: FrontierBudget, outcome: &Outcome) -> String {
    if outcome.conflict.is_some() {
        return "search: not run, the givens break a rule\n".to_owned();
    }
    let stats: &Stats = &outcome.stats;
    let count = |n: u64| group(n as f64);
    let mut text = format!(
        "search:   {strategy}, {}, {} forced, {}, {} dead, max depth {}\n",
        counted(stats.nodes, "node", "nodes"),
        count(stats.forced),
        counted(stats.guesses, "guess", "guesses"),
        count(stats.dead),
        stats.max_depth,
    );
    if stats.learned > 0 {
        let _ = writeln!(
            text,
            "learned:  {} from dead ends, {} candidates each on average; {} set by them",
            counted(stats.learned, "clause", "clauses"),
            group((stats.learned_literals as f64 / stats.learned as f64).round()),
            counted(stats.learned_forced, "candidate", "candidates"),
        );
    }
    if stats.cubes > 0 {
        let _ = writeln!(
            text,
            "cubes:    {} cut by bfs, {} refuted by dfs that learns; {}",
            counted(stats.cubes, "board", "boards"),
            count(stats.cubes_refuted),
            crate::tally::shared(stats.clauses_shared, stats.rounds),
        );
    }
    let _ = write!(
        text,
        "frontier: peak {} ({})",
        counted(stats.peak_frontier, "board", "boards"),
        bytes(stats.peak_frontier_bytes),
    );
    if stats.overflow > 0 {
        let _ = write!(
            text,
            ", {} searched depth-first beyond the budget of {}",
            count(stats.overflow),
            budget.describe(stats),
        );
    }
    let _ = writeln!(text, "; time {}", duration(stats.elapsed));
    text
}

/// The frontier budget of a run, to say which limit bound when boards overflowed it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct FrontierBudget {
    /// `--max-frontier`, in boards.
    boards: usize,
    /// `--max-frontier-bytes`.
    bytes: usize,
}

impl FrontierBudget {
    pub(crate) fn of(config: &Config) -> FrontierBudget {
        FrontierBudget {
            boards: config.max_frontier,
            bytes: config.max_frontier_bytes,
        }
    }

    /// The budget the search had, as the tighter of the two limits for its boards, and the flag
    /// that set it: `1,000 boards (--max-frontier)`, or `24,105 boards of 5.4 KiB
    /// (--max-frontier-bytes 128.0 MiB)`. The size of a board is read off the peak frontier,
    /// which the breadth-first engine, the only strategy with a budget, always has.
    pub(crate) fn describe(self, stats: &Stats) -> String {
        let board = stats
            .peak_frontier_bytes
            .checked_div(stats.peak_frontier)
            .unwrap_or(0);
        let config = Config::default()
            .with_max_frontier(self.boards)
            .with_max_frontier_bytes(self.bytes);
        let limit = counted(
            config.frontier_boards(board as usize) as u64,
            "board",
            "boards",
        );
        if config.frontier_boards(board as usize) < self.boards {
            format!(
                "{limit} of {} (--max-frontier-bytes {})",
                bytes(board),
                bytes(self.bytes as u64)
            )
        } else {
            format!("{limit} (--max-frontier)")
        }
    }
}

/// A byte count for people, in units of 1024: `512 B`, `6.8 KiB`, `1.5 MiB`; a figure in KiB or
/// above that would read 1000 or more is given in the next unit (`1.0 MiB`, never
/// `1000.1 KiB`).
pub(crate) fn bytes(n: u64) -> String {
    const UNITS: [&str; 6] = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    if n < 1024 {
        return format!("{n} B");
    }
    let mut value = n as f64 / 1024.0;
    let mut unit = 0;
    // Rounded to one decimal, 999.96 would read 1000.0: that too goes up a unit.
    while value >= 999.95 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

/// `390 µs`, `12.3 ms`, `1.23 s`.
pub(crate) fn duration(elapsed: Duration) -> String {
    let seconds = elapsed.as_secs_f64();
    if seconds < 1e-3 {
        format!("{:.0} µs", seconds * 1e6)
    } else if seconds < 1.0 {
        format!("{:.1} ms", seconds * 1e3)
    } else {
        format!("{seconds:.2} s")
    }
}

/// The solutions on one line, each in its line form ([`explore::Grid::to_line`]), or the status
/// if there is none. Solutions are separated by a space; on boards of side 36 and more, whose
/// line form is numbers separated by spaces, by ` | `.
///
/// Written a solution at a time, from one buffer.
fn line(out: &mut dyn io::Write, outcome: &Outcome) -> io::Result<()> {
    line_pieces(outcome, |piece| out.write_all(piece.as_bytes()))
}

/// The text [`line`] writes, made whole in one allocation.
fn line_text(outcome: &Outcome) -> String {
    // Exact for sides up to 35, where a cell is one character.
    let each = (outcome.solutions.first()).map_or(0, |first| {
        first.shape().n_cells() + line_separator(first).len()
    });
    let mut text = String::with_capacity(outcome.solutions.len() * each + 16);
    let _ = line_pieces(outcome, |piece| {
        text.push_str(piece);
        Ok(())
    });
    text
}

/// Hands [`line`]'s text to `put` in pieces: each solution with the separator before it, then
/// the line end; or the status and the line end when there is no solution.
fn line_pieces(outcome: &Outcome, mut put: impl FnMut(&str) -> io::Result<()>) -> io::Result<()> {
    let Some(first) = outcome.solutions.first() else {
        return put(&format!("{}\n", outcome.status()));
    };
    let mut text = String::with_capacity(first.shape().n_cells() + 3);
    for (i, solution) in outcome.solutions.iter().enumerate() {
        text.clear();
        if i > 0 {
            text.push_str(line_separator(solution));
        }
        solution.push_line(&mut text);
        put(&text)?;
    }
    put("\n")
}

/// What separates solutions like `solution` on one line.
fn line_separator(solution: &Grid) -> &'static str {
    if solution.shape().side() > Digit::MAX_CHAR {
        " | "
    } else {
        " "
    }
}

/// The count and the status on one line, for `--count`: `28200960 multiple`, `1 unique`,
/// `0 none`; a count that is not exact (the search stopped at the solution limit or a budget)
/// is a lower bound, written `>=5 multiple` or `>=0 gave_up`.
fn counted_line(out: &mut dyn io::Write, outcome: &Outcome) -> io::Result<()> {
    let at_least = if outcome.is_exact() { "" } else { ">=" };
    writeln!(out, "{at_least}{} {}", outcome.count, outcome.status())
}

/// Solutions as JSON strings in their line form, made one at a time as they are written.
#[derive(Debug)]
struct Lines<'a>(&'a [Grid]);

impl Serialize for Lines<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(Grid::to_line))
    }
}

/// The `schema` of every `--output json` line (docs/json.md).
pub(crate) const SCHEMA: &str = "explore.solve/1";

/// One puzzle in the JSON output. The fields are documented in docs/json.md, and a test holds
/// the two in step.
#[derive(Debug, Serialize)]
struct Record<'a> {
    #[serde(flatten)]
    header: Header<'a>,
    /// The givens, in the form of the `line` output: what the result is of, so that results
    /// merged later can be matched to the puzzles (or shards) they belong to.
    puzzle: Option<String>,
    /// For a shard of cubes, its cubes as the shard's line writes them: with `puzzle`, what
    /// the result is of.
    #[serde(skip_serializing_if = "Option::is_none")]
    cubes: Option<String>,
    status: &'static str,
    /// The search stopped at the cap on kept solutions, not at the limit asked for: there may
    /// be more solutions.
    capped: bool,
    /// Solutions found: the length of `solutions`, or with `--count` the number counted.
    count: u128,
    /// `count` is the puzzle's exact number of solutions: the search was exhausted.
    exact: bool,
    solutions: Lines<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    conflict: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    stats: Option<&'a Stats>,
}

impl<'a> Record<'a> {
    fn solved(
        origin: Origin<'a>,
        puzzle: &explore::format::Puzzle,
        outcome: &'a Outcome,
        capped: bool,
    ) -> Record<'a> {
        let cubes = puzzle.cubes.as_ref().map(ToString::to_string);
        let puzzle = &puzzle.grid;
        Record {
            header: Header::new(
                SCHEMA,
                (origin.index, origin.input, origin.line),
                Some(puzzle.shape()),
            ),
            puzzle: Some(puzzle.to_line()),
            cubes,
            status: outcome.status().name(),
            capped,
            count: outcome.count,
            exact: outcome.is_exact(),
            solutions: Lines(&outcome.solutions),
            conflict: outcome.conflict.map(|conflict| conflict.to_string()),
            error: None,
            stats: Some(&outcome.stats),
        }
    }

    fn invalid(error: &'a InputError) -> Record<'a> {
        Record {
            header: Header::new(SCHEMA, (error.puzzle, &error.input, error.line), None),
            puzzle: None,
            cubes: None,
            status: "invalid",
            capped: false,
            count: 0,
            exact: false,
            solutions: Lines(&[]),
            conflict: None,
            error: Some(error.to_string()),
            stats: None,
        }
    }
}

/// The fields every JSON object of a puzzle begins with, in every command's schema
/// (docs/json.md): the schema, where the puzzle was read (its index from 1, the input's name,
/// its first line) and its shape.
#[derive(Debug, Serialize)]
pub(crate) struct Header<'a> {
    schema: &'static str,
    index: usize,
    input: &'a str,
    line: usize,
    /// Cells in a row, column or box; `null` for a puzzle that could not be read.
    size: Option<usize>,
    /// The box shape, `RxC` (rows by columns, as `--box` takes it); `null` for a puzzle that
    /// could not be read.
    #[serde(rename = "box")]
    box_shape: Option<String>,
}

impl<'a> Header<'a> {
    /// The header of a `schema` object for the puzzle at `(index, input, line)`, of `shape`
    /// (`None` where it could not be read).
    pub(crate) fn new(
        schema: &'static str,
        (index, input, line): (usize, &'a str, usize),
        shape: Option<Shape>,
    ) -> Header<'a> {
        Header {
            schema,
            index,
            input,
            line,
            size: shape.map(Shape::side),
            box_shape: shape.map(|shape| format!("{}x{}", shape.box_rows(), shape.box_cols())),
        }
    }
}

fn json(out: &mut dyn io::Write, record: &Record<'_>) -> io::Result<()> {
    serde_json::to_writer(&mut *out, record)?;
    out.write_all(b"\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use explore::Status;
    use explore::format::Puzzle;

    /// A solved grid of any shape: row `r` is the first row shifted by its band and row in
    /// the band, the pattern every box shape tiles.
    fn pattern(shape: Shape) -> Grid {
        let (rows, cols, side) = (shape.box_rows(), shape.box_cols(), shape.side());
        let digits = shape.cells().map(|cell| {
            let (r, c) = (cell.row(), cell.col());
            shape.digit((r % rows * cols + r / rows + c) % side + 1)
        });
        Grid::from_digits(shape, digits).expect("the pattern fits the shape")
    }

    /// `pattern(shape)` with every `step`th cell emptied.
    fn puzzle(shape: Shape, step: usize) -> Grid {
        let mut grid = pattern(shape);
        for cell in shape.cells().step_by(step) {
            grid.set(cell, None);
        }
        grid
    }

    /// `pattern(shape)` with its diagonal emptied: one open cell per row, so one solution.
    fn diagonal(shape: Shape) -> Grid {
        let mut grid = pattern(shape);
        for i in 0..shape.side() {
            grid.set(shape.cell(i, i).expect("on the board"), None);
        }
        grid
    }

    fn shape(text: &str) -> Shape {
        text.parse().expect("a valid box shape")
    }

    /// `grid` solved with the default configuration on one thread.
    fn solved(grid: Grid) -> Solved {
        let config = Config::default().with_threads(1);
        Solved {
            outcome: explore::solve(&grid, &config),
            puzzle: Puzzle::new(2, 7, grid),
        }
    }

    fn render(format: OutputFormat, solved: &Solved) -> String {
        let origin = Origin {
            input: "sizes.txt",
            index: solved.puzzle.index,
            line: solved.puzzle.line,
            title: None,
        };
        Renderer::new(format, &Config::default())
            .with_width(80)
            .solved(origin, solved)
            .expect("renders")
    }

    #[test]
    fn the_pattern_is_a_solution_at_every_size() {
        for text in ["2x2", "2x3", "3x3", "4x4", "5x5", "6x6"] {
            let grid = pattern(shape(text));
            assert!(grid.is_solution_of(&Grid::empty(grid.shape())), "{text}");
        }
    }

    /// Every size in every format: the boxes drawn to the shape, the line form, the JSON size
    /// fields; how many grids stand side by side at 80 columns follows the width of one (two
    /// 16x16 grids would be 84 columns: one stands under the other).
    #[test]
    fn every_size_renders_in_every_format() {
        let cases = [
            // shape, a line of the puzzle grid, grid lines per puzzle, grids per row
            ("2x2", "+-----+-----+", 4 + 3, 5),
            ("2x3", "+-------+-------+", 6 + 4, 4),
            ("3x3", "+-------+-------+-------+", 9 + 4, 3),
            (
                "4x4",
                "+---------+---------+---------+---------+",
                16 + 5,
                1,
            ),
            ("5x5", &format!("+{}", "-----------+".repeat(5)), 25 + 6, 1),
        ];
        for (text, rule, height, per_row) in cases {
            let shape = shape(text);
            let solved = solved(diagonal(shape));
            let outcome = &solved.outcome;
            assert_eq!(outcome.status(), Status::Unique, "{text}");
            let solution = &outcome.solutions[0];
            assert!(solution.is_solution_of(&solved.puzzle.grid));

            let human = render(OutputFormat::Human, &solved);
            let mut lines = human.lines();
            let header = lines.next().unwrap();
            if shape == Shape::NINE {
                assert_eq!(header, "== sizes.txt: puzzle 2 (line 7)");
            } else {
                assert_eq!(header, format!("== sizes.txt: puzzle 2 (line 7), {shape}"));
            }
            let labels = lines.next().unwrap();
            assert!(labels.starts_with("puzzle"), "{human}");
            assert_eq!(labels.contains("solution"), per_row >= 2, "{human}");
            let first = lines.next().unwrap();
            let grids_side_by_side = first.split("  ").filter(|g| *g == rule).count();
            assert_eq!(grids_side_by_side, per_row.min(2), "{text}:\n{human}");
            assert!(human.contains("verdict:  unique solution"));
            let grid_lines = human.lines().filter(|line| line.starts_with(['+', '|']));
            assert_eq!(grid_lines.count(), height * 2 / per_row.min(2), "{human}");
            assert!(
                human.lines().all(|line| line.chars().count() <= 80),
                "{text}:\n{human}"
            );
            for row in solution.to_string().lines() {
                assert!(human.contains(row), "{row}");
            }

            let line = render(OutputFormat::Line, &solved);
            assert_eq!(line, format!("{}\n", solution.to_line()));
            assert_eq!(line.trim_end().chars().count(), shape.n_cells());

            let json: serde_json::Value =
                serde_json::from_str(&render(OutputFormat::Json, &solved)).unwrap();
            assert_eq!(json["size"], shape.side(), "{json}");
            assert_eq!(json["box"], text);
            assert_eq!(json["status"], "unique");
            assert_eq!(json["solutions"][0], solution.to_line());
            assert_eq!(json["index"], 2);
            assert!(json["stats"]["nodes"].as_u64().is_some_and(|n| n >= 1));
        }
    }

    /// Long statistics (a 25x25 board past its frontier budget) are broken at spaces within 80
    /// columns, every word whole, and go on past the `search:   ` label.
    #[test]
    fn statistics_break_at_spaces() {
        let mut solved = solved(diagonal(shape("5x5")));
        let stats = &mut solved.outcome.stats;
        stats.nodes = 123_456_789_012;
        stats.forced = 9_876_543_210_987;
        stats.guesses = 12_345_678_901;
        stats.dead = 12_345_678_901;
        stats.max_depth = 56;
        stats.peak_frontier = 11_389;
        stats.peak_frontier_bytes = 11_389 * 5568;
        stats.overflow = 1_234_567;
        let human = render(OutputFormat::Human, &solved);
        let words =
            |text: &str| -> Vec<String> { text.split_whitespace().map(str::to_owned).collect() };
        let statistics = human.split_once("search:").unwrap().1;
        let whole = super::statistics(
            Strategy::Bfs,
            FrontierBudget::of(&Config::default()),
            &solved.outcome,
        );
        assert_eq!(
            words(statistics),
            words(whole.split_once("search:").unwrap().1)
        );
        for line in human.lines() {
            assert!(line.chars().count() <= 80, "{human}");
        }
        assert!(human.contains("max depth 56"), "{human}");
        assert!(human.contains("\n          "), "{human}");
    }

    #[test]
    fn sixteen_by_sixteen_digits_are_letters() {
        let solved = solved(puzzle(shape("4x4"), 5));
        let solution = solved.outcome.solutions[0].to_line();
        assert!(
            solution.contains('G') && !solution.contains('0'),
            "{solution}"
        );
        let human = render(OutputFormat::Human, &solved);
        assert!(human.contains(" G "), "{human}");
    }

    #[test]
    fn several_solutions_of_a_small_board_share_a_row() {
        let empty = solved(Grid::empty(shape("2x2")));
        assert_eq!(empty.outcome.status(), Status::Multiple);
        let human = render(OutputFormat::Human, &empty);
        assert!(
            human.contains("puzzle         solution 1     solution 2\n"),
            "{human}"
        );
        let line = render(OutputFormat::Line, &empty);
        let solutions: Vec<&str> = line.trim_end().split(' ').collect();
        assert_eq!(solutions.len(), 2);
        assert!(solutions.iter().all(|s| s.len() == 16));
    }

    /// Above side 35 a digit has no character: the line form is numbers, and solutions on one
    /// line are told apart by ` | `.
    #[test]
    fn boards_above_side_35_write_numbers() {
        let big = shape("6x6");
        let solved = solved(puzzle(big, 7));
        assert_eq!(solved.outcome.status(), Status::Unique);
        let line = render(OutputFormat::Line, &solved);
        let numbers: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(numbers.len(), 36 * 36);
        assert!(numbers.iter().all(|n| matches!(n.parse(), Ok(1..=36))));
        assert!(line.starts_with("1 2 3 4 5 6 7 "), "{}", &line[..40]);
        let json: serde_json::Value =
            serde_json::from_str(&render(OutputFormat::Json, &solved)).unwrap();
        assert_eq!(
            (json["size"].as_u64(), json["box"].as_str()),
            (Some(36), Some("6x6"))
        );
        assert_eq!(json["solutions"][0], line.trim_end());
        let human = render(OutputFormat::Human, &solved);
        assert!(human.contains("== sizes.txt: puzzle 2 (line 7), 36x36 (6x6 boxes)"));
        assert!(human.contains("| 36  1  2  3  4  5 |"), "{human}");

        let mut two = solved;
        two.outcome.solutions = vec![pattern(big), pattern(big)];
        two.outcome.stop = Stop::SolutionLimit;
        let line = render(OutputFormat::Line, &two);
        let parts: Vec<&str> = line.trim_end().split(" | ").collect();
        assert_eq!(parts.len(), 2);
        assert!(parts.iter().all(|part| part.split(' ').count() == 36 * 36));
    }

    #[test]
    fn an_invalid_puzzle_has_no_size() {
        let error = explore::format::parse_one("12345").unwrap_err();
        let text = Renderer::new(OutputFormat::Json, &Config::default())
            .invalid(&error)
            .unwrap();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert!(json["size"].is_null() && json["box"].is_null(), "{json}");
        assert_eq!(json["status"], "invalid");
    }

    #[test]
    fn the_budget_names_the_limit_that_bound() {
        let stats = |boards: u64, board: u64| {
            let mut stats = Stats::default();
            stats.peak_frontier = boards;
            stats.peak_frontier_bytes = boards * board;
            stats.overflow = 5;
            stats
        };
        let budget = |boards, bytes| {
            FrontierBudget::of(
                &Config::default()
                    .with_max_frontier(boards)
                    .with_max_frontier_bytes(bytes),
            )
        };
        assert_eq!(
            budget(1000, 128 << 20).describe(&stats(1000, 128)),
            "1,000 boards (--max-frontier)"
        );
        assert_eq!(
            budget(1_000_000, 128 << 20).describe(&stats(24_105, 5568)),
            "24,105 boards of 5.4 KiB (--max-frontier-bytes 128.0 MiB)"
        );
        assert_eq!(
            budget(1_000_000, 300).describe(&stats(2, 128)),
            "2 boards of 128 B (--max-frontier-bytes 300 B)"
        );
        assert_eq!(
            budget(1_000_000, 1000).describe(&stats(1, 5568)),
            "0 boards of 5.4 KiB (--max-frontier-bytes 1000 B)"
        );
    }

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(bytes(192), "192 B");
        assert_eq!(bytes(6912), "6.8 KiB");
        assert_eq!(bytes(3 << 20), "3.0 MiB");
        assert_eq!(bytes(4_200), "4.1 KiB");
        assert_eq!(bytes(200 << 20), "200.0 MiB");
        assert_eq!(bytes(1000), "1000 B");
        assert_eq!(bytes(1024), "1.0 KiB");
        assert_eq!(bytes(1_024_100), "1.0 MiB");
        assert_eq!(bytes(1023 << 10), "1.0 MiB");
        assert_eq!(bytes(999 << 10), "999.0 KiB");
        assert_eq!(bytes(u64::MAX), "16.0 EiB");
        assert_eq!(duration(Duration::from_micros(390)), "390 µs");
        assert_eq!(duration(Duration::from_micros(12_345)), "12.3 ms");
        assert_eq!(duration(Duration::from_millis(1_234)), "1.23 s");
    }

    #[test]
    fn grids_stand_side_by_side_under_their_labels() {
        let mut text = String::new();
        let grids = [
            ("a".to_owned(), "+--+\n|1.|\n+--+".to_owned()),
            ("bb".to_owned(), "+--+\n|.2|\n+--+".to_owned()),
        ];
        side_by_side(&mut text, &grids);
        assert_eq!(text, "a     bb\n+--+  +--+\n|1.|  |.2|\n+--+  +--+\n");
    }
}
