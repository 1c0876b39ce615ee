//! `explore explain`: why a puzzle has several solutions and the fewest givens that fix it, or,
//! for a unique puzzle, which givens could go.
//!
//! [`explore::explain`] does the work; this module reads the inputs as the main command does,
//! writes each explanation for people (a grid with the differing cells and the givens to add
//! marked, then a few lines, within 80 columns) or as JSON (docs/json.md), and draws the first
//! puzzle's explanation as SVG.

use std::fmt::Write as _;
use std::io;
use std::path::Path;

use explore::explain::{Explanation, explain};
use explore::geometry::{Cell, Digit, Shape};
use explore::{Grid, InputError, Status, format};
use serde::Serialize;

use crate::cli::{ExplainArgs, ExplainFormat};
use crate::compare::write_out;
use crate::files;
use crate::input::{DEMO_TITLE, Source, quoted};
use crate::output::Header;
use crate::pictures::puzzle_name;
use crate::tally::{EXIT_INPUT, Tally, group_exact};
use crate::terminal;

/// Runs `explore explain` and returns the exit status.
pub(crate) fn run(args: &ExplainArgs) -> u8 {
    let sources = Source::from_args(&args.inputs, &args.read.options());
    let outputs: Vec<(&str, &Path)> = args
        .svg
        .iter()
        .map(|path| ("--svg", path.as_path()))
        .collect();
    if let Err(error) = files::check_outputs(&sources, &outputs) {
        eprintln!("explore: {error}");
        return EXIT_INPUT;
    }
    let options = args.options();
    let width = terminal::stdout_width();
    let mut tally = Tally::default();
    let mut picture: Option<String> = None;
    let mut out = io::stdout().lock();
    for source in sources {
        let title = (source == Source::Demo).then_some(DEMO_TITLE);
        let opened = match source.open() {
            Ok(opened) => opened,
            Err(error) => {
                eprintln!("explore: {error}");
                tally.unreadable += 1;
                continue;
            }
        };
        for item in format::read_with(opened.reader, &opened.name, &args.read.options()) {
            let text = match item {
                Ok(puzzle) => {
                    let explanation = explain(&puzzle.grid, &options);
                    tally.add(explanation.status);
                    let name = puzzle_name(&opened.name, title, puzzle.index);
                    if picture.is_none() && args.svg.is_some() {
                        picture = Some(svg(&puzzle.grid, &explanation, &name));
                    }
                    match args.output {
                        ExplainFormat::Human => human(&puzzle.grid, &explanation, &name, width),
                        ExplainFormat::Json => {
                            let origin = (puzzle.index, opened.name.as_str(), puzzle.line);
                            json_line(&Record::explained(origin, &puzzle.grid, &explanation))
                        }
                    }
                }
                Err(error) => {
                    eprintln!("explore: {error}");
                    tally.invalid += 1;
                    match args.output {
                        ExplainFormat::Human => String::new(),
                        ExplainFormat::Json => json_line(&Record::invalid(&error)),
                    }
                }
            };
            if let Err(code) = write_out(&mut out, &text) {
                return code;
            }
        }
    }
    drop(out);
    if tally.n_puzzles() == 0 && tally.unreadable == 0 {
        eprintln!("explore: explain: no puzzle to explain");
        return EXIT_INPUT;
    }
    if let Some(path) = &args.svg {
        let name = quoted(path.as_os_str());
        match picture {
            Some(svg) => match files::write_whole(path, svg.as_bytes()) {
                Ok(()) if !args.quiet => {
                    eprint!(
                        "{}",
                        terminal::notice(&format!("wrote the picture to {name}"))
                    );
                }
                Ok(()) => {}
                Err(error) => {
                    eprintln!("explore: --svg: cannot write {name}: {error}");
                    tally.write_failed = true;
                }
            },
            None => eprintln!("explore: --svg: no puzzle was read, so {name} was not written"),
        }
    }
    tally.exit_status()
}

/// What a cell shows in the text grid and the picture.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mark {
    /// A given of the puzzle.
    Given(Digit),
    /// A given of a unique puzzle that could go.
    Removable(Digit),
    /// A given to add.
    Add(Digit),
    /// A cell whose digit differs between the solutions.
    Differs,
    /// An empty cell with the same digit in every solution.
    Settled,
}

/// The mark of every cell, in reading order.
fn marks(puzzle: &Grid, explanation: &Explanation) -> Vec<Mark> {
    let shape = puzzle.shape();
    let mut marks: Vec<Mark> = shape
        .cells()
        .map(|cell| puzzle.get(cell).map_or(Mark::Settled, Mark::Given))
        .collect();
    for differing in &explanation.differing {
        marks[shape.index(differing.cell)] = Mark::Differs;
    }
    if let Some(fewest) = &explanation.fewest {
        for given in &fewest.givens {
            marks[shape.index(given.cell)] = Mark::Add(given.digit);
        }
    }
    for &cell in explanation.removable.iter().flatten() {
        if let Some(digit) = puzzle.get(cell) {
            marks[shape.index(cell)] = Mark::Removable(digit);
        }
    }
    marks
}

/// A digit as a puzzle writes it: `5`, `G`, or a number past 35.
fn symbol(digit: Digit) -> String {
    digit
        .to_char()
        .map_or_else(|| digit.get().to_string(), String::from)
}

/// The explanation for people: a title, the grid with its marks (boards up to 25x25), a
/// legend and the findings, within `width` columns.
fn human(puzzle: &Grid, explanation: &Explanation, name: &str, width: usize) -> String {
    let shape = puzzle.shape();
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{name}: {}, {}",
        shape_name(shape),
        verdict(explanation)
    );
    let shown = explanation.status == Status::Multiple || explanation.removable.is_some();
    if shown && shape.side() <= 25 {
        text.push_str(&grid_text(shape, &marks(puzzle, explanation)));
        let legend = match explanation.removable {
            Some(_) => "5 a given   (5) a given that could go",
            None => "5 a given   ? a cell that differs   [5] a given to add   . the same in all",
        };
        let _ = writeln!(text, "{legend}");
    }
    for line in findings(explanation) {
        text.push_str(&terminal::wrap(&line, width, 2));
    }
    text.push('\n');
    text
}

fn shape_name(shape: Shape) -> String {
    format!(
        "{0}x{0} (boxes {1}x{2})",
        shape.side(),
        shape.box_rows(),
        shape.box_cols()
    )
}

/// The verdict in words: `2 solutions`, `at least 1,001 solutions`, `unique solution`.
fn verdict(explanation: &Explanation) -> String {
    let n = group_exact(explanation.count);
    match explanation.status {
        Status::Unique => "unique solution".to_owned(),
        Status::Multiple if explanation.exact => format!("{n} solutions"),
        Status::Multiple => format!("at least {n} solutions (counting stopped at its budget)"),
        Status::None => match &explanation.conflict {
            Some(conflict) => format!("no solution: {conflict}"),
            None => "no solution".to_owned(),
        },
        _ => "gave up: a search ran out of its budget (--max-nodes)".to_owned(),
    }
}

/// The grid, a cell three characters wide (`[5]`, ` ? `, ` . `), boxes parted by bars.
fn grid_text(shape: Shape, marks: &[Mark]) -> String {
    let side = shape.side();
    let mut text = String::new();
    let rule: String = (0..side / shape.box_cols())
        .map(|_| "-".repeat(3 * shape.box_cols()))
        .collect::<Vec<_>>()
        .join("+");
    for row in 0..side {
        if row > 0 && row % shape.box_rows() == 0 {
            let _ = writeln!(text, "{rule}");
        }
        for col in 0..side {
            if col > 0 && col % shape.box_cols() == 0 {
                text.push('|');
            }
            let mark = marks[row * side + col];
            let cell = match mark {
                Mark::Given(d) => format!(" {} ", symbol(d)),
                Mark::Removable(d) => format!("({})", symbol(d)),
                Mark::Add(d) => format!("[{}]", symbol(d)),
                Mark::Differs => " ? ".to_owned(),
                Mark::Settled => " . ".to_owned(),
            };
            text.push_str(&cell);
        }
        text.truncate(text.trim_end_matches(' ').len());
        text.push('\n');
    }
    text
}

/// The findings, a sentence each.
fn findings(explanation: &Explanation) -> Vec<String> {
    let mut lines = Vec::new();
    if explanation.status == Status::Multiple {
        let cells: Vec<String> = explanation
            .differing
            .iter()
            .map(|d| format!("{}:{}", d.cell, digits(&d.digits)))
            .collect();
        let note = if explanation.differing_exact {
            ""
        } else {
            " (a check ran out of its budget: there may be more)"
        };
        lines.push(format!(
            "{} cells differ{note}: {}",
            cells.len(),
            cells.join(", ")
        ));
        match &explanation.split {
            Some(split) => {
                let path = if split.path.is_empty() {
                    String::new()
                } else {
                    let guesses: Vec<String> = split.path.iter().map(ToString::to_string).collect();
                    format!(
                        " (after {}, each the only guess of its board with a solution)",
                        guesses.join(", ")
                    )
                };
                lines.push(format!(
                    "The search first splits at depth {}{path}: on {}, {} lead to solutions \
                     (of {} tried).",
                    split.depth,
                    split.cell,
                    digits(&split.live),
                    digits(&split.tried)
                ));
            }
            None => lines.push("Where the search splits is not known (a budget ran out).".into()),
        }
        if let Some(fewest) = &explanation.fewest {
            let givens: Vec<String> = fewest.givens.iter().map(ToString::to_string).collect();
            let needed = at_least_needed(fewest.lower_bound);
            let how = match (fewest.exact, fewest.unique) {
                (true, _) => "no fewer will do".to_owned(),
                (false, true) => needed,
                (false, false) => {
                    format!("{needed}; not checked to leave one (a budget ran out)")
                }
            };
            let n = fewest.givens.len();
            let s = if n == 1 { "" } else { "s" };
            lines.push(format!(
                "Add {n} given{s} for one solution ({how}): {}.",
                givens.join(", ")
            ));
        }
    }
    if let Some(removable) = &explanation.removable {
        let line = match (removable.is_empty(), explanation.removable_exact) {
            (true, true) => "Minimal: no given can go without a second solution.".to_owned(),
            (true, false) => "No given was found that could go (some checks ran out of their \
                              budget)."
                .to_owned(),
            (false, _) => {
                let cells: Vec<String> = removable.iter().map(ToString::to_string).collect();
                format!(
                    "Not minimal: {} could go, each alone, and one solution remain: {}.",
                    explore::words::count(cells.len() as u128, "given", "givens"),
                    cells.join(", ")
                )
            }
        };
        lines.push(line);
    }
    lines
}

/// Digits in braces: `{1,2}`.
fn digits(digits: &[Digit]) -> String {
    let symbols: Vec<String> = digits.iter().map(|&d| symbol(d)).collect();
    format!("{{{}}}", symbols.join(","))
}

/// The `schema` of every `explore explain --output json` line (docs/json.md).
pub(crate) const SCHEMA: &str = "explore.explain/1";

/// One puzzle's explanation in JSON; docs/json.md lists the fields and a test holds the two
/// in step.
#[derive(Debug, Serialize)]
struct Record<'a> {
    #[serde(flatten)]
    header: Header<'a>,
    status: &'static str,
    count: u128,
    exact: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    conflict: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    differing: &'a [explore::explain::Differing],
    differing_exact: bool,
    split: Option<&'a explore::explain::Split>,
    fewest: Option<&'a explore::explain::Fewest>,
    removable: Option<Vec<String>>,
    minimal: Option<bool>,
    solution: Option<String>,
}

impl<'a> Record<'a> {
    fn explained(
        (index, input, line): (usize, &'a str, usize),
        puzzle: &Grid,
        explanation: &'a Explanation,
    ) -> Record<'a> {
        let shape = puzzle.shape();
        let solution = match explanation.status {
            Status::Unique => explanation.solutions.first().map(Grid::to_line),
            _ => None,
        };
        Record {
            header: Header::new(SCHEMA, (index, input, line), Some(shape)),
            status: explanation.status.name(),
            count: explanation.count,
            exact: explanation.exact,
            conflict: explanation.conflict.map(|conflict| conflict.to_string()),
            error: None,
            differing: &explanation.differing,
            differing_exact: explanation.differing_exact,
            split: explanation.split.as_ref(),
            fewest: explanation.fewest.as_ref(),
            removable: explanation
                .removable
                .as_ref()
                .map(|cells| cells.iter().map(Cell::to_string).collect()),
            minimal: explanation.is_minimal(),
            solution,
        }
    }

    fn invalid(error: &'a InputError) -> Record<'a> {
        Record {
            header: Header::new(SCHEMA, (error.puzzle, &error.input, error.line), None),
            status: "invalid",
            count: 0,
            exact: false,
            conflict: None,
            error: Some(error.to_string()),
            differing: &[],
            differing_exact: false,
            split: None,
            fewest: None,
            removable: None,
            minimal: None,
            solution: None,
        }
    }
}

fn json_line(record: &Record<'_>) -> String {
    let mut line = serde_json::to_string(record).expect("a record serialises");
    line.push('\n');
    line
}

/// The picture's palette and sizes.
const GIVEN: &str = "#000000";
const ADD_FILL: &str = "#cfe3ff";
const ADD_TEXT: &str = "#0b4fb3";
const DIFFERS_FILL: &str = "#ffe2b8";
const DIFFERS_TEXT: &str = "#8a4b00";
const REMOVABLE_FILL: &str = "#d9f2d9";
const REMOVABLE_TEXT: &str = "#1e6b1e";

/// A text of the picture, kept as drawn so that the tests can check that none meets another
/// and none leaves the canvas.
#[derive(Clone, Debug)]
struct Text {
    x: f64,
    /// The baseline.
    y: f64,
    size: f64,
    middle: bool,
    text: String,
    fill: &'static str,
}

/// Width of a character, in ems, as the picture lays text out (DejaVu Sans's digits and
/// capitals are about 0.62 em wide).
const CHAR_EM: f64 = 0.62;

impl Text {
    /// The box it takes: from 0.76 em above the baseline to 0.24 em below.
    fn bounds(&self) -> (f64, f64, f64, f64) {
        let width = self.text.chars().count() as f64 * CHAR_EM * self.size;
        let left = if self.middle {
            self.x - width / 2.0
        } else {
            self.x
        };
        (
            left,
            self.y - 0.76 * self.size,
            left + width,
            self.y + 0.24 * self.size,
        )
    }
}

/// The picture: its size, the shapes drawn, the texts.
struct Picture {
    width: f64,
    height: f64,
    shapes: String,
    texts: Vec<Text>,
}

/// Escapes text for SVG.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Lays the explanation out: the grid, then a legend and a line or two under it.
fn layout(puzzle: &Grid, explanation: &Explanation, name: &str) -> Picture {
    let shape = puzzle.shape();
    let side = shape.side();
    // A cell big enough for its candidates to be read: 56 px at 4x4 and 9x9, 40 at 16x16.
    let cell = if side <= 9 {
        56.0
    } else {
        40.0_f64.max(720.0 / side as f64)
    };
    let margin = 20.0;
    let grid = cell * side as f64;
    let title_size = 16.0;
    let top = margin + title_size * 1.6;
    let marks = marks(puzzle, explanation);
    let mut shapes = String::new();
    let mut texts = Vec::new();
    let digit_size = cell * 0.6;
    let small_rows = shape.box_rows();
    let small_cols = shape.box_cols();
    for (index, &mark) in marks.iter().enumerate() {
        let (row, col) = (index / side, index % side);
        let x = margin + col as f64 * cell;
        let y = top + row as f64 * cell;
        let fill = match mark {
            Mark::Add(_) => Some(ADD_FILL),
            Mark::Differs => Some(DIFFERS_FILL),
            Mark::Removable(_) => Some(REMOVABLE_FILL),
            _ => None,
        };
        if let Some(fill) = fill {
            let _ = write!(
                shapes,
                r#"<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}"/>"#
            );
        }
        let big = |digit: Digit, fill| Text {
            x: x + cell / 2.0,
            y: y + cell / 2.0 + 0.36 * digit_size,
            size: digit_size,
            middle: true,
            text: symbol(digit),
            fill,
        };
        match mark {
            Mark::Given(d) => texts.push(big(d, GIVEN)),
            Mark::Removable(d) => texts.push(big(d, REMOVABLE_TEXT)),
            Mark::Add(d) => texts.push(big(d, ADD_TEXT)),
            Mark::Differs => {
                let cell_at = shape.cell_at(index).expect("a cell of the board");
                let digits = explanation
                    .differing
                    .iter()
                    .find(|d| d.cell == cell_at)
                    .map(|d| d.digits.clone())
                    .unwrap_or_default();
                // Up to 9x9, each digit in its own place of a box-shaped array, as candidates
                // are drawn; on larger boards, where that makes them tiny, the few digits a
                // cell takes fill a square array of their own, larger.
                let n = digits.len();
                let (across, down) = if side <= 9 {
                    (small_cols, small_rows)
                } else {
                    let across = (1..=n).find(|a| a * a >= n).unwrap_or(1);
                    (across, n.div_ceil(across))
                };
                let size = small_size(cell, across.max(down));
                for (i, digit) in digits.into_iter().enumerate() {
                    let place = if side <= 9 { digit.get() - 1 } else { i };
                    let (r, c) = (place / across, place % across);
                    let pitch_x = cell / across as f64;
                    let pitch_y = cell / down as f64;
                    texts.push(Text {
                        x: x + (c as f64 + 0.5) * pitch_x,
                        y: y + (r as f64 + 0.5) * pitch_y + 0.26 * size,
                        size,
                        middle: true,
                        text: symbol(digit),
                        fill: DIFFERS_TEXT,
                    });
                }
            }
            Mark::Settled => {}
        }
    }
    // Thin lines between cells, thick between boxes, a frame around.
    for i in 0..=side {
        let at = i as f64 * cell;
        let thick = i % shape.box_cols() == 0;
        let stroke = if thick { 2.5 } else { 0.75 };
        let _ = write!(
            shapes,
            r##"<line x1="{x}" y1="{top}" x2="{x}" y2="{bottom}" stroke="#333" stroke-width="{stroke}"/>"##,
            x = margin + at,
            bottom = top + grid,
        );
        let thick = i % shape.box_rows() == 0;
        let stroke = if thick { 2.5 } else { 0.75 };
        let _ = write!(
            shapes,
            r##"<line x1="{margin}" y1="{y}" x2="{right}" y2="{y}" stroke="#333" stroke-width="{stroke}"/>"##,
            y = top + at,
            right = margin + grid,
        );
    }
    let mut width = grid + 2.0 * margin;
    texts.push(Text {
        x: margin,
        y: margin + title_size,
        size: title_size,
        middle: false,
        text: format!("{name}: {}", verdict(explanation)),
        fill: GIVEN,
    });
    // The legend: a swatch and its words per mark shown.
    let legend_size = 13.0;
    let mut y = top + grid + 16.0;
    let entries: Vec<(&str, String)> = match (&explanation.removable, &explanation.fewest) {
        (Some(removable), _) => vec![(
            REMOVABLE_FILL,
            if removable.is_empty() {
                "minimal: no given can go".to_owned()
            } else {
                let givens = explore::words::count(removable.len() as u128, "given", "givens");
                format!("{givens} that could go, each alone")
            },
        )],
        (None, Some(fewest)) => {
            let n = fewest.givens.len();
            let s = if n == 1 { "" } else { "s" };
            let how = if fewest.exact {
                "the fewest".to_owned()
            } else {
                format!("at least {} needed", fewest.lower_bound)
            };
            vec![
                (
                    DIFFERS_FILL,
                    format!(
                        "{} cells that differ, with their digits",
                        explanation.differing.len()
                    ),
                ),
                (
                    ADD_FILL,
                    format!("{n} given{s} to add for one solution ({how})"),
                ),
            ]
        }
        _ => Vec::new(),
    };
    for (fill, words) in entries {
        let swatch = legend_size * 1.2;
        let _ = write!(
            shapes,
            r##"<rect x="{margin}" y="{y}" width="{swatch}" height="{swatch}" fill="{fill}" stroke="#333" stroke-width="0.75"/>"##
        );
        let text = Text {
            x: margin + swatch + 8.0,
            y: y + swatch / 2.0 + 0.36 * legend_size,
            size: legend_size,
            middle: false,
            text: words,
            fill: GIVEN,
        };
        width = width.max(text.bounds().2 + margin);
        texts.push(text);
        y += swatch + 8.0;
    }
    if let Some(split) = &explanation.split {
        let text = Text {
            x: margin,
            y: y + legend_size,
            size: legend_size,
            middle: false,
            text: format!(
                "the search first splits at depth {} on {}: {}",
                split.depth,
                split.cell,
                digits(&split.live)
            ),
            fill: GIVEN,
        };
        width = width.max(text.bounds().2 + margin);
        texts.push(text);
        y += legend_size * 1.6;
    }
    let title_right = texts.iter().map(|t| t.bounds().2).fold(0.0_f64, f64::max);
    width = width.max(title_right + margin);
    Picture {
        width: width.ceil(),
        height: (y + margin).ceil(),
        shapes,
        texts,
    }
}

/// The font size of small digits in a cell of `cell` pixels, `across` to a row or column: as
/// large as fits, and never larger than half a given's.
fn small_size(cell: f64, across: usize) -> f64 {
    (cell / across as f64 * 0.62).min(cell * 0.3)
}

/// The explanation of `puzzle` as an SVG picture.
fn svg(puzzle: &Grid, explanation: &Explanation, name: &str) -> String {
    let picture = layout(puzzle, explanation, name);
    let mut svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Verdana, sans-serif">"#,
        w = picture.width,
        h = picture.height
    );
    let _ = write!(
        svg,
        r#"<rect width="{}" height="{}" fill="white"/>"#,
        picture.width, picture.height
    );
    svg.push_str(&picture.shapes);
    for text in &picture.texts {
        let anchor = if text.middle { "middle" } else { "start" };
        let _ = write!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" font-size="{:.1}" text-anchor="{anchor}" fill="{}">{}</text>"#,
            text.x,
            text.y,
            text.size,
            text.fill,
            escape(&text.text)
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// `at least 1 is needed`, `at least 3 are needed`.
fn at_least_needed(n: usize) -> String {
    match n {
        1 => "at least 1 is needed".to_owned(),
        n => format!("at least {n} are needed"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_given_needed_is_said_in_the_singular() {
        assert_eq!(at_least_needed(1), "at least 1 is needed");
        assert_eq!(at_least_needed(3), "at least 3 are needed");
    }
    use explore::explain::ExplainOptions;
    use explore::geometry::Shape;

    fn explained(line: &str) -> (Grid, Explanation) {
        let puzzle = format::parse_one(line).unwrap();
        let explanation = explain(&puzzle, &ExplainOptions::default());
        (puzzle, explanation)
    }

    /// Multiple-solution puzzles of 4x4, 6x6, 9x9 and 16x16, and a unique one.
    fn cases() -> Vec<(Grid, Explanation)> {
        [
            "..343412..434321",
            "..34....2...2..1............4..6..3.",
            "........1.....2.....1....34...........64......7....28....13.....9.......82....9..",
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        ]
        .iter()
        .map(|line| explained(line))
        .chain(std::iter::once({
            // A 16x16 puzzle: a full grid with two swappable pairs blanked.
            let mut grid = sixteen();
            for (r, c) in [(0, 0), (0, 1), (4, 0), (4, 1)] {
                grid.set(Shape::for_side(16).unwrap().cell(r, c).unwrap(), None);
            }
            let explanation = explain(&grid, &ExplainOptions::default());
            (grid, explanation)
        }))
        .collect()
    }

    /// A 16x16 solution by the usual pattern: row r, column c holds
    /// (4 (r mod 4) + r / 4 + c) mod 16 + 1.
    fn sixteen() -> Grid {
        let shape = Shape::for_side(16).unwrap();
        let digits = shape
            .cells()
            .map(|cell| Digit::new((4 * (cell.row() % 4) + cell.row() / 4 + cell.col()) % 16 + 1));
        Grid::from_digits(shape, digits).unwrap()
    }

    #[test]
    fn no_two_texts_meet_and_none_leaves_the_canvas() {
        for (puzzle, explanation) in cases() {
            let picture = layout(&puzzle, &explanation, "a-puzzle.txt, puzzle 1");
            assert!(picture.texts.len() > 1);
            let boxes: Vec<_> = picture.texts.iter().map(Text::bounds).collect();
            for (i, a) in boxes.iter().enumerate() {
                assert!(
                    a.0 >= 0.0 && a.1 >= 0.0 && a.2 <= picture.width && a.3 <= picture.height,
                    "{:?} leaves {}x{}",
                    picture.texts[i],
                    picture.width,
                    picture.height
                );
                for (j, b) in boxes.iter().enumerate().skip(i + 1) {
                    let across = a.2.min(b.2) - a.0.max(b.0);
                    let down = a.3.min(b.3) - a.1.max(b.1);
                    assert!(
                        across <= 0.5 || down <= 0.5,
                        "{:?} meets {:?}",
                        picture.texts[i],
                        picture.texts[j]
                    );
                }
            }
            let svg = svg(&puzzle, &explanation, "x");
            assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        }
    }

    #[test]
    fn the_text_keeps_to_80_columns_and_marks_the_cells() {
        for (puzzle, explanation) in cases() {
            let text = human(&puzzle, &explanation, "puzzles.txt, puzzle 1", 80);
            for line in text.lines() {
                assert!(line.chars().count() <= 80, "{line:?}");
            }
            if let Some(fewest) = &explanation.fewest {
                let grid = &text[..text.find("5 a given").unwrap()];
                let added = grid.matches('[').count();
                assert_eq!(added, fewest.givens.len(), "{text}");
                assert_eq!(
                    grid.matches('?').count() + added,
                    explanation.differing.len(),
                    "{text}"
                );
            }
        }
    }
}
