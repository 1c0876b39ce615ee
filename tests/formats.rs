//! Integration tests: formats. Every layout from the seed articles reads to the same grid as
//! its plain form; bad input is reported in place, located, and never read as a puzzle; no
//! input makes the reader panic; and the crate's own output forms read back unchanged.

use std::fs::File;
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};

use explore::Grid;
use explore::error::{Because, InputError, InputErrorKind, Shown};
use explore::format::{self, Options, Puzzle, Symbols};
use explore::geometry::{Digit, Shape};

const NINE: Shape = Shape::NINE;
const SIZE: usize = NINE.side();
const N_CELLS: usize = NINE.n_cells();
const BOX_WIDTH: usize = NINE.box_cols();
use proptest::prelude::*;

// The seeds' puzzles in one-line form.
const SEED_000: &str =
    "58.2..47..2.....3..3..54......56......7.3.9......91......82..6..7.....8..94..6.15";
const SEED_001: &str =
    "957.13.84483.571.6.12.4953717.3.49.25.497.36.3.95.87.184579.613.91.36.757.61854.9";
const SEED_002: &str =
    "65.873.9...325...898.1.43571.5......4.......2......5.35783.1.262...489...9.625.81";
const ALMANAC: [&str; 3] = [
    ".6.1.4.5...83.56..2.......18..4.7..6..6...3..7..9.1..45.......2..72.69...4.5.8.7.",
    "1..9.7..3.8.....7...9...6....72.94..41.....95..85.43....3...7...5.....4.2..8.6..9",
    "123456789.6.....3..7.....4.789123456..................456789123..................",
];

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/formats")
        .join(name)
}

/// Reads a fixture through a file, as the CLI will.
fn read_fixture(name: &str) -> Vec<Result<Puzzle, InputError>> {
    let file = File::open(data(name)).expect("fixture exists");
    format::read(BufReader::new(file), name).collect()
}

fn grid(line: &str) -> Grid {
    format::parse_one(line).expect("a valid one-line puzzle")
}

fn grids(items: &[Result<Puzzle, InputError>]) -> Vec<Grid> {
    items
        .iter()
        .map(|item| item.as_ref().expect("readable").grid.clone())
        .collect()
}

/// The one error among `items`, which must be the only item.
fn only_error(items: Vec<Result<Puzzle, InputError>>) -> InputError {
    assert_eq!(items.len(), 1, "{items:?}");
    items.into_iter().next().unwrap().expect_err("an error")
}

fn parse_error(text: &str) -> InputError {
    only_error(format::parse(text, "t"))
}

fn almanac() -> [Grid; 3] {
    ALMANAC.map(grid)
}

// --- The seed layouts -------------------------------------------------------------------------

#[test]
fn almanac_input_file_reads_as_its_three_puzzles() {
    let items = read_fixture("almanac_input.txt");
    assert_eq!(grids(&items), almanac());
    let lines: Vec<usize> = items.iter().map(|p| p.as_ref().unwrap().line).collect();
    assert_eq!(lines, [2, 16, 27], "each puzzle starts at its first row");
    let indexes: Vec<usize> = items.iter().map(|p| p.as_ref().unwrap().index).collect();
    assert_eq!(indexes, [1, 2, 3]);
}

#[test]
fn almanac_printout_reads_as_the_same_puzzles() {
    assert_eq!(grids(&read_fixture("almanac_output.txt")), almanac());
}

#[test]
fn java_int_literal_and_its_printout_read_alike() {
    let expected = grid(SEED_000);
    assert_eq!(
        grids(&read_fixture("java_int_literal.txt")),
        std::slice::from_ref(&expected)
    );
    assert_eq!(
        grids(&read_fixture("printed_boxes.txt")),
        std::slice::from_ref(&expected)
    );
}

#[test]
fn tabs_with_dashes_and_java_char_literal_read_alike() {
    let expected = grid(SEED_001);
    assert_eq!(
        grids(&read_fixture("tabs_dashes.txt")),
        std::slice::from_ref(&expected)
    );
    assert_eq!(grids(&read_fixture("java_char_literal.txt")), [expected]);
}

#[test]
fn tabs_with_empty_fields_and_python_literal_read_alike() {
    let expected = grid(SEED_002);
    assert_eq!(
        grids(&read_fixture("tabs_empty_fields.txt")),
        std::slice::from_ref(&expected)
    );
    assert_eq!(grids(&read_fixture("python_list_literal.txt")), [expected]);
}

#[test]
fn c_literal_with_a_ten_cell_row_is_one_error_at_the_tenth_cell() {
    let error = only_error(read_fixture("c_literal_ten_cells.txt"));
    assert_eq!((error.puzzle, error.line, error.column), (1, 5, 24));
    let kind = InputErrorKind::RowLength {
        found: SIZE + 1,
        expected: SIZE,
        because: Because::FirstRow,
    };
    assert_eq!(error.kind, kind);
    assert_eq!(
        error.to_string(),
        "c_literal_ten_cells.txt: puzzle 1, line 5, column 24: row has 10 cells; expected 9, \
         as in the grid's first row"
    );
}

#[test]
fn code_blocks_pasted_one_after_another_are_separate_puzzles() {
    // The tutorial's three listings, with code comments between them: C and Java carry the
    // ten-cell row, Python does not. A declaration ends the skipping after an error.
    let c = std::fs::read_to_string(data("c_literal_ten_cells.txt")).unwrap();
    let java = c.replace("int matrix[9][9] = {", "private static int[][] matrix = {");
    let python = std::fs::read_to_string(data("python_list_literal.txt")).unwrap();
    let text =
        format!("//sudoku problem\n{c}//function to print sudoku\n{java}#sudoku problem\n{python}");
    let items = format::parse(&text, "tutorial");
    assert_eq!(items.len(), 3, "{items:?}");
    let lines: Vec<usize> = items[..2]
        .iter()
        .map(|e| e.as_ref().unwrap_err().line)
        .collect();
    assert_eq!(lines, [6, 18]);
    assert_eq!(items[2].as_ref().unwrap().grid, grid(SEED_002));
    assert_eq!(items[2].as_ref().unwrap().index, 3);
}

// --- Many puzzles, good and bad ---------------------------------------------------------------

#[test]
fn mixed_file_reports_each_bad_puzzle_in_place() {
    use InputErrorKind::*;
    let items = read_fixture("mixed_with_errors.txt");
    let summary: Vec<(usize, usize, usize, Option<InputErrorKind>)> = items
        .iter()
        .map(|item| match item {
            Ok(p) => (p.index, p.line, 0, None),
            Err(e) => (e.puzzle, e.line, e.column, Some(e.kind.clone())),
        })
        .collect();
    let expected = vec![
        (1, 2, 0, None),
        (
            2,
            3,
            81,
            Some(LineLength {
                found: 80,
                expected: 81,
                because: Because::Square,
            }),
        ),
        (
            3,
            4,
            21,
            Some(DigitTooLarge {
                found: Some(Shown('x')),
                value: 33,
                side: 9,
            }),
        ),
        (4, 5, 0, None),
        (
            5,
            16,
            1,
            Some(RowCount {
                found: 8,
                expected: 9,
                because: Because::FirstRow,
            }),
        ),
        (6, 17, 0, None),
        (
            7,
            30,
            19,
            Some(RowLength {
                found: 10,
                expected: 9,
                because: Because::FirstRow,
            }),
        ),
        (8, 38, 0, None),
        (9, 39, 10, Some(UnclosedBracket { found: Shown('[') })),
        (10, 50, 0, None),
    ];
    assert_eq!(summary, expected);
    let first =
        grid("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........");
    assert_eq!(items[0].as_ref().unwrap().grid, first);
    assert_eq!(
        items[5].as_ref().unwrap().grid,
        first,
        "boxed grid reads as its line"
    );
    assert_eq!(items[9].as_ref().unwrap().grid, first);
}

#[test]
fn one_line_puzzles_follow_each_other_and_skip_comments() {
    let text = format!("# head\n{SEED_000}\n\n  {SEED_001}   # note\n{SEED_002}\t2836\n");
    let items = format::parse(&text, "t");
    assert_eq!(
        grids(&items),
        [grid(SEED_000), grid(SEED_001), grid(SEED_002)]
    );
    let lines: Vec<usize> = items.iter().map(|p| p.as_ref().unwrap().line).collect();
    assert_eq!(lines, [2, 4, 5]);
}

#[test]
fn grids_may_follow_each_other_with_only_a_comment_between() {
    let boxed = |g: Grid| g.to_string();
    let text = format!(
        "{}\n# next\n{}\n",
        boxed(grid(SEED_000)),
        boxed(grid(SEED_001))
    );
    assert_eq!(
        grids(&format::parse(&text, "t")),
        [grid(SEED_000), grid(SEED_001)]
    );
}

#[test]
fn a_row_after_the_last_is_an_error_not_a_new_puzzle() {
    let mut text = grid(SEED_000).to_string();
    text.push_str("\n| 1 2 3 | 4 5 6 | 7 8 9 |\n\n");
    text.push_str(SEED_001);
    let items = format::parse(&text, "t");
    assert_eq!(items.len(), 2, "{items:?}");
    let error = items[0].as_ref().unwrap_err();
    assert_eq!(
        error.kind,
        InputErrorKind::ExtraRow {
            expected: SIZE,
            because: Because::FirstRow
        }
    );
    assert_eq!((error.line, error.column), (14, 3));
    assert_eq!(items[1].as_ref().unwrap().grid, grid(SEED_001));
}

// --- Resynchronisation: a good puzzle is never lost to its neighbour's fault -------------------

const FOUR: &str = "..42.2.1.4..2.1.";

/// The first 16x16 puzzle of the test collection, on one line.
fn sixteen() -> String {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/16x16_janko.txt"),
    )
    .expect("the 16x16 collection");
    let line = text
        .lines()
        .find(|line| !line.starts_with('#') && !line.trim().is_empty())
        .expect("a puzzle");
    line.split_whitespace().next().unwrap().to_owned()
}

/// The rows of a one-line puzzle of side `side`, as lines of cells.
fn rows(line: &str, side: usize) -> Vec<String> {
    let cells: Vec<char> = line.chars().collect();
    cells.chunks(side).map(|row| row.iter().collect()).collect()
}

/// Reads `text` and checks it item by item against `expected`: each puzzle read is the one
/// expected and is solved (one solution), each error is where expected (line, column); the
/// kinds of the errors are returned.
fn read_and_solve(text: &str, expected: &[Result<&str, (usize, usize)>]) -> Vec<InputErrorKind> {
    let items = format::parse(text, "t");
    let found: Vec<Result<Grid, (usize, usize)>> = items
        .iter()
        .map(|item| match item {
            Ok(p) => Ok(p.grid.clone()),
            Err(e) => Err((e.line, e.column)),
        })
        .collect();
    let wanted: Vec<Result<Grid, (usize, usize)>> = expected
        .iter()
        .map(|item| item.map(|line| format::parse_one(line).expect("a good puzzle")))
        .collect();
    assert_eq!(found, wanted, "{items:#?}");
    for (i, item) in items.iter().enumerate() {
        match item {
            Ok(p) => {
                assert_eq!(p.index, i + 1);
                let outcome = explore::solve(&p.grid, &explore::Config::default());
                assert_eq!(
                    outcome.status(),
                    explore::Status::Unique,
                    "puzzle {}",
                    i + 1
                );
            }
            Err(e) => assert_eq!(e.puzzle, i + 1),
        }
    }
    items
        .into_iter()
        .filter_map(Result::err)
        .map(|e| e.kind)
        .collect()
}

fn cut_short(found: usize, expected: usize) -> InputErrorKind {
    InputErrorKind::RowCount {
        found,
        expected,
        because: Because::FirstRow,
    }
}

#[test]
fn a_line_that_is_a_puzzle_of_its_own_ends_the_grid_it_breaks() {
    // A line of 50 cells opens a 50x50 grid; the 16x16 puzzle after it is not its second row
    // but the next puzzle, and the grid is cut short where that puzzle starts.
    let sixteen = sixteen();
    let text = format!("{sixteen}\n{}\n{sixteen}\n", ".".repeat(50));
    let kinds = read_and_solve(&text, &[Ok(&sixteen), Err((3, 1)), Ok(&sixteen)]);
    assert_eq!(kinds, [cut_short(1, 50)]);
    assert_eq!(
        format::parse(&text, "t")[1]
            .as_ref()
            .unwrap_err()
            .to_string(),
        "t: puzzle 2, line 3, column 1: grid has 1 row; expected 50, one for each cell of its \
         first row"
    );

    // A 16x16 grid cut short after three rows, then a 9x9 and a 4x4 puzzle on a line each.
    let mut lines = rows(&sixteen, 16)[..3].to_vec();
    lines.extend([SEED_000.to_owned(), FOUR.to_owned()]);
    let kinds = read_and_solve(&lines.join("\n"), &[Err((4, 1)), Ok(SEED_000), Ok(FOUR)]);
    assert_eq!(kinds, [cut_short(3, 16)]);
}

#[test]
fn a_whole_grid_followed_at_once_by_a_smaller_puzzle_is_read_and_so_is_the_puzzle() {
    let mut lines = rows(SEED_000, SIZE);
    lines.push(FOUR.to_owned());
    read_and_solve(&lines.join("\n"), &[Ok(SEED_000), Ok(FOUR)]);
    // Boxed, as explore prints it.
    let text = format!("{}\n{FOUR}\n", grid(SEED_000));
    read_and_solve(&text, &[Ok(SEED_000), Ok(FOUR)]);
}

#[test]
fn a_code_literal_broken_by_a_one_line_puzzle_is_reported_and_the_puzzle_read() {
    let literal: Vec<String> = rows(SEED_000, SIZE)[..3]
        .iter()
        .map(|row| {
            let cells: Vec<String> = row
                .chars()
                .map(|c| c.to_string().replace('.', "0"))
                .collect();
            format!("{{{}}},", cells.join(", "))
        })
        .collect();
    let text = format!("int[][] a = {{{}\n{SEED_001}\n", literal.join("\n"));
    let kinds = read_and_solve(&text, &[Err((1, 13)), Ok(SEED_001)]);
    assert_eq!(
        kinds,
        [InputErrorKind::UnclosedBracket { found: Shown('{') }]
    );
}

#[test]
fn an_unclosed_opener_loses_none_of_the_one_line_puzzles_after_it() {
    // Each opener leaves a bracket open; the puzzles after it are read, each on its line.
    let openers = [
        ("[[1,2,3", 1),
        ("{{1,2,3", 1),
        ("int[][] a = {", 13),
        ("matrix = [", 10),
        ("[", 1),
        ("[[", 1),
    ];
    for (opener, column) in openers {
        let [third, ..] = ALMANAC;
        let text = format!("{opener}\n{SEED_000}\n{SEED_001}\n{third}\n");
        let expected = [Err((1, column)), Ok(SEED_000), Ok(SEED_001), Ok(third)];
        let kinds = read_and_solve(&text, &expected);
        assert!(
            matches!(kinds[..], [InputErrorKind::UnclosedBracket { .. }]),
            "{opener}: {kinds:?}"
        );
        // A blank line after them ends nothing more.
        read_and_solve(&format!("{text}\n"), &expected);
        // Nor does another opener later, or the end of the input just after the first puzzle.
        let text = format!("{opener}\n{SEED_000}\n{opener}\n{SEED_001}");
        let expected = [
            Err((1, column)),
            Ok(SEED_000),
            Err((3, column)),
            Ok(SEED_001),
        ];
        read_and_solve(&text, &expected);
        let expected = [Err((1, column)), Ok(FOUR)];
        read_and_solve(&format!("{opener}\n{FOUR}"), &expected);
    }
}

#[test]
fn a_literal_whose_flat_content_is_on_a_line_of_its_own_still_reads() {
    // The opening bracket on one line, all the cells on the next, the closing one after.
    let numbers: Vec<String> = SEED_000
        .chars()
        .map(|c| c.to_string().replace('.', "0"))
        .collect();
    let text = format!("int[] flat = {{\n{}\n}};\n{SEED_001}\n", numbers.join(", "));
    read_and_solve(&text, &[Ok(SEED_000), Ok(SEED_001)]);
    let text = format!("[\n{}\n]\n", numbers.join(","));
    read_and_solve(&text, &[Ok(SEED_000)]);
}

#[test]
fn tab_separated_rows_broken_by_a_one_line_puzzle_are_reported_and_the_puzzle_read() {
    let tabbed: Vec<String> = rows(SEED_000, SIZE)[..4]
        .iter()
        .map(|row| {
            let fields: Vec<String> = row
                .chars()
                .map(|c| c.to_string().replace('.', ""))
                .collect();
            fields.join("\t")
        })
        .collect();
    let text = format!("{}\n{FOUR}\n", tabbed.join("\n"));
    let kinds = read_and_solve(&text, &[Err((5, 1)), Ok(FOUR)]);
    assert_eq!(kinds, [cut_short(4, SIZE)]);
}

#[test]
fn passing_over_a_broken_grid_stops_at_a_puzzle_of_its_own_but_not_at_one_of_its_rows() {
    // A row too long breaks the grid; its other rows are passed over, up to the 4x4 puzzle.
    let mut lines = rows(SEED_000, SIZE);
    lines[1].push('1');
    lines.push(FOUR.to_owned());
    let kinds = read_and_solve(&lines.join("\n"), &[Err((2, 10)), Ok(FOUR)]);
    assert_eq!(
        kinds,
        [InputErrorKind::RowLength {
            found: 10,
            expected: SIZE,
            because: Because::FirstRow
        }]
    );
    // In a broken 16x16 grid, a row of 16 cells that would read as a 4x4 puzzle on its own is
    // one of its rows, passed over with the rest.
    let sixteen = sixteen();
    let mut lines = rows(&sixteen, 16);
    lines[1].push('1');
    lines[2] = "1234............".to_owned();
    let text = format!("{}\n\n{SEED_000}\n", lines.join("\n"));
    read_and_solve(&text, &[Err((2, 17)), Ok(SEED_000)]);
}

#[test]
fn every_empty_cell_mark_reads_as_empty() {
    for mark in ['.', '0', '-', '_'] {
        let line = SEED_000.replace('.', &mark.to_string());
        assert_eq!(grid(&line), grid(SEED_000), "mark {mark:?}");
    }
}

#[test]
fn rows_in_many_spellings_read_alike() {
    let expected = grid(SEED_000);
    let rows: Vec<String> = (0..SIZE)
        .map(|r| SEED_000[r * SIZE..(r + 1) * SIZE].to_owned())
        .collect();
    let join = |sep: &str, f: &dyn Fn(&str) -> String| {
        rows.iter().map(|r| f(r)).collect::<Vec<_>>().join(sep)
    };
    let spaced = |r: &str| r.chars().map(String::from).collect::<Vec<_>>().join(" ");
    let zeros = |r: &str| r.replace('.', "0");
    let commas = |r: &str| {
        zeros(r)
            .chars()
            .map(String::from)
            .collect::<Vec<_>>()
            .join(",")
    };
    let boxes = |r: &str| format!("{} {} {}", &r[..3], &r[3..6], &r[6..]);
    let layouts = [
        join("\n", &|r| r.to_owned()),
        join("\n", &spaced),
        join("\n", &|r| {
            zeros(r)
                .chars()
                .map(String::from)
                .collect::<Vec<_>>()
                .join("\t")
        }),
        join("\n", &commas),
        join("\n", &|r| format!("{},", commas(r))),
        join("\n", &boxes),
        join("\n", &|r| format!("{{{}}},", commas(r))),
        format!("[{}]", join(",", &|r| format!("[{}]", commas(r)))),
        format!("grid = ({})", join(", ", &|r| format!("({})", commas(r)))),
        format!("int[] flat = {{{}}};", join(",", &commas)),
        format!("puzzle = \"{SEED_000}\""),
        format!(
            "int grid[9][9] =\n{{\n{}\n}};",
            join(",\n", &|r| format!("    {{{}}}", commas(r)))
        ),
        format!(
            "[{}]",
            join(",\n", &|r| format!(
                "[{}\n {}]",
                &commas(r)[..8],
                &commas(r)[8..]
            ))
        ),
        format!("int[] flat = {{\n{}\n}};", join(",\n", &commas)),
        join("\n", &|r| spaced(r).replace(' ', "\u{a0}")),
        format!("board = [\n{}\n]", join(",\n", &|r| format!("  \"{r}\""))),
    ];
    for text in &layouts {
        let got = format::parse_one(text);
        assert_eq!(got.as_ref().ok(), Some(&expected), "{text}\n{got:?}");
    }
}

#[test]
fn windows_and_old_mac_line_ends_and_a_byte_order_mark_are_text() {
    let unix = std::fs::read_to_string(data("almanac_input.txt")).unwrap();
    let windows = format!("\u{feff}{}", unix.replace('\n', "\r\n"));
    let mac = unix.replace('\n', "\r");
    assert_eq!(grids(&format::parse(&windows, "t")), almanac());
    assert_eq!(grids(&format::parse(&mac, "t")), almanac());
}

#[test]
fn a_tab_row_of_empty_cells_inside_a_grid_is_a_row() {
    let mut lines: Vec<String> = std::fs::read_to_string(data("tabs_empty_fields.txt"))
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    lines[4] = "\t".repeat(SIZE - 1);
    let items = format::parse(&lines.join("\n"), "t");
    let mut expected = grid(SEED_002);
    for col in 0..SIZE {
        expected.set(NINE.cell(4, col).unwrap(), None);
    }
    assert_eq!(grids(&items), [expected]);
}

#[test]
fn broken_rules_in_the_givens_are_not_read_errors() {
    let line = format!("55{}", &SEED_000[2..]);
    let g = grid(&line);
    assert!(g.conflict().is_some());
}

// --- Bad input --------------------------------------------------------------------------------

#[test]
fn eighty_characters_are_a_short_line() {
    let error = parse_error(&SEED_000[1..]);
    assert_eq!(
        error.kind,
        InputErrorKind::LineLength {
            found: N_CELLS - 1,
            expected: N_CELLS,
            because: Because::Square
        }
    );
    assert_eq!((error.line, error.column), (1, N_CELLS));
    let long = format!("{SEED_000}5");
    let error = parse_error(&long);
    assert_eq!(
        error.kind,
        InputErrorKind::LineLength {
            found: N_CELLS + 1,
            expected: N_CELLS,
            because: Because::Square
        }
    );
    assert_eq!(error.column, N_CELLS + 1, "points at the extra cell");
}

#[test]
fn a_stray_character_is_named_and_located() {
    let line = format!("{}*{}", &SEED_000[..40], &SEED_000[41..]);
    let error = parse_error(&line);
    assert_eq!(
        error.kind,
        InputErrorKind::UnexpectedChar {
            found: Shown('*'),
            symbols: Symbols::Alnum
        }
    );
    assert_eq!((error.line, error.column), (1, 41));
    assert_eq!(
        error.to_string(),
        "t: puzzle 1, line 1, column 41: unexpected character '*'; expected a digit 1-9, a \
         letter for 10 and up (A = 10 ... Z = 35), or . 0 - _ for an empty cell"
    );
    let error = parse_error("5 3 . | . 7 . | . . ?\n");
    assert_eq!(error.column, 21);
}

#[test]
fn a_stray_letter_is_a_digit_too_large_for_the_board() {
    let line = format!("{}x{}", &SEED_000[..40], &SEED_000[41..]);
    let error = parse_error(&line);
    assert_eq!((error.line, error.column), (1, 41));
    assert_eq!(
        error.to_string(),
        "t: puzzle 1, line 1, column 41: 'x' stands for 33, too large; a 9x9 board holds 1 to 9"
    );
}

#[test]
fn sizes_are_spoken_with_the_article_they_take() {
    // A 9 on an 8x8 board, an 11x11 and an 18x18 asked for with --box.
    let eight = format!("9.......\n{}", "........\n".repeat(7));
    assert!(
        parse_error(&eight)
            .to_string()
            .ends_with("9 is too large; an 8x8 board holds 1 to 8"),
    );
    for (shape, side) in [("1x11", 11), ("2x9", 18)] {
        let options = Options::default().with_shape(Some(shape.parse().unwrap()));
        let items = format::parse_with(SEED_000, "t", &options);
        let error = items[0].as_ref().unwrap_err().to_string();
        let board = format!("makes an {side}x{side} board");
        assert!(error.contains(&board), "{error}");
        assert!(
            !error.contains(" a 8") && !error.contains(" a 1"),
            "{error}"
        );
    }
}

#[test]
fn empty_input_is_one_error() {
    for text in ["", "\n\n", "# only a comment\n", "---+---+---\n"] {
        let error = parse_error(text);
        assert_eq!(error.kind, InputErrorKind::Empty, "{text:?}");
        assert_eq!((error.puzzle, error.line, error.column), (1, 1, 1));
    }
    let error = format::parse_one("").unwrap_err();
    assert_eq!(
        error.to_string(),
        "<text>: puzzle 1, line 1, column 1: no puzzle found (the input is empty or holds only comments)"
    );
}

#[test]
fn binary_input_is_one_error_and_stops_reading() {
    let cases: [(&[u8], usize, usize, u8); 4] = [
        (b"\x00\x01\x02\x03\n\n53..7", 1, 1, 0x00),
        (b"PK\x03\x04\x14\x00\x00\x00\x08\x00", 1, 3, 0x03),
        (
            b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xed\xbd",
            1,
            1,
            0x1f,
        ),
        (b"12345\xff6789\n123456789\n", 1, 6, 0xff),
    ];
    for (bytes, line, column, byte) in cases {
        let items: Vec<_> = format::read(bytes, "bin").collect();
        let error = only_error(items);
        assert_eq!(error.kind, InputErrorKind::NotText { byte }, "{bytes:?}");
        assert_eq!((error.line, error.column), (line, column), "{bytes:?}");
    }
    let error = only_error(format::read(&b"\xff\xfe5\x003\x00"[..], "u16").collect());
    assert_eq!(error.kind, InputErrorKind::Utf16);
}

#[test]
fn comments_may_hold_bytes_that_are_not_text() {
    let text = [
        b"# Jos\xe9's puzzle\n".as_slice(),
        SEED_000.as_bytes(),
        b" caf\xe9\n",
    ]
    .concat();
    let items: Vec<_> = format::read(&text[..], "latin1").collect();
    assert_eq!(grids(&items), [grid(SEED_000)]);
}

#[test]
fn a_grid_with_eight_rows_points_where_the_ninth_belongs() {
    let text: String = grid(SEED_000)
        .to_string()
        .lines()
        .take(11)
        .collect::<Vec<_>>()
        .join("\n");
    let error = parse_error(&text);
    assert_eq!(
        error.kind,
        InputErrorKind::RowCount {
            found: 8,
            expected: 9,
            because: Because::FirstRow
        }
    );
    assert_eq!((error.line, error.column), (12, 1));
}

#[test]
fn bars_must_fall_between_boxes() {
    let error = parse_error("5 3 . . | 7 . | . . .\n");
    assert_eq!(
        error.kind,
        InputErrorKind::BoxWidth {
            found: 4,
            expected: BOX_WIDTH
        }
    );
    assert_eq!(error.column, 9, "at the bar closing the wide box");
}

#[test]
fn brackets_must_match_and_close() {
    use InputErrorKind::*;
    let row = "5,3,0,0,7,0,0,0,0";
    let rows = |n: usize| vec![format!("[{row}]"); n].join(",");
    let cases = [
        (
            format!("{row}]"),
            UnmatchedBracket { found: Shown(']') }.to_string(),
        ),
        (
            format!("[{},[{row}}}]", rows(8)),
            MismatchedBracket {
                found: Shown('}'),
                expected: Shown(']'),
            }
            .to_string(),
        ),
        (
            format!("[{}", rows(9)),
            UnclosedBracket { found: Shown('[') }.to_string(),
        ),
        (
            format!("[[[{row}]]]"),
            NestedTooDeep { found: Shown('[') }.to_string(),
        ),
        (
            format!("[{}]", rows(8)),
            RowCount {
                found: 8,
                expected: 9,
                because: Because::FirstRow,
            }
            .to_string(),
        ),
        (
            format!("[{}]", rows(10)),
            ExtraRow {
                expected: 9,
                because: Because::FirstRow,
            }
            .to_string(),
        ),
        (
            format!("[{}]x", rows(9)),
            AfterEnd { found: Shown('x') }.to_string(),
        ),
        (
            "{5,,3}".to_owned(),
            UnexpectedChar {
                found: Shown(','),
                symbols: Symbols::Alnum,
            }
            .to_string(),
        ),
        (
            "{}".to_owned(),
            RowLength {
                found: 0,
                expected: 4,
                because: Because::Smallest,
            }
            .to_string(),
        ),
    ];
    for (text, message) in cases {
        let error = parse_error(&text);
        assert_eq!(error.kind.to_string(), message, "{text}");
    }
}

#[test]
fn a_line_past_the_limit_is_an_error_unless_it_is_a_comment() {
    let long = format!(
        "{SEED_000}\n{}\n{SEED_001} {}\n# {}\n{SEED_002}\n",
        "1".repeat(format::MAX_LINE + 5),
        "c".repeat(format::MAX_LINE),
        "c".repeat(format::MAX_LINE)
    );
    let items = format::parse(&long, "t");
    assert_eq!(items.len(), 4, "{items:?}");
    let error = items[1].as_ref().unwrap_err();
    assert_eq!(
        error.kind,
        InputErrorKind::LineTooLong {
            limit: format::MAX_LINE
        }
    );
    assert_eq!((error.line, error.column), (2, format::MAX_LINE + 1));
    assert_eq!(
        grids(&[items[0].clone(), items[2].clone(), items[3].clone()]),
        [grid(SEED_000), grid(SEED_001), grid(SEED_002)]
    );
}

#[test]
fn parse_one_wants_exactly_one_puzzle() {
    let two = format!("{SEED_000}\n\n{SEED_001}\n");
    let error = format::parse_one(&two).unwrap_err();
    assert_eq!(
        (error.kind, error.puzzle, error.line),
        (InputErrorKind::ExtraPuzzle, 2, 3)
    );
    let then_bad = format!("{SEED_000}\n*yz\n");
    let error = format::parse_one(&then_bad).unwrap_err();
    assert_eq!(
        error.kind,
        InputErrorKind::UnexpectedChar {
            found: Shown('*'),
            symbols: Symbols::Alnum
        }
    );
}

// --- Every size -------------------------------------------------------------------------------

/// Reads a fixture with `options`.
fn read_fixture_with(name: &str, options: &Options) -> Vec<Result<Puzzle, InputError>> {
    let file = File::open(data(name)).expect("fixture exists");
    format::read_with(BufReader::new(file), name, options).collect()
}

fn shape(rows: usize, cols: usize) -> Shape {
    Shape::new(rows, cols).expect("a board's shape")
}

/// Reads a fixture holding one puzzle in `n_layouts` layouts, and checks that every one reads
/// to the same grid of `shape`; returns that grid.
fn one_puzzle_in_every_layout(name: &str, shape: Shape, n_layouts: usize) -> Grid {
    let items = read_fixture(name);
    let read = grids(&items);
    assert_eq!(read.len(), n_layouts, "{name}");
    for (i, grid) in read.iter().enumerate() {
        assert_eq!(grid.shape(), shape, "{name}: layout {}", i + 1);
        assert_eq!(
            grid,
            &read[0],
            "{name}: layout {} reads as the first",
            i + 1
        );
    }
    assert!(read[0].n_filled() > shape.side(), "{name}: a real puzzle");
    read[0].clone()
}

#[test]
fn a_4x4_puzzle_reads_alike_in_every_layout() {
    let grid = one_puzzle_in_every_layout("size_4x4.txt", shape(2, 2), 10);
    assert_eq!(grid.to_line(), "..42.2.1.4..2.1.");
}

#[test]
fn a_6x6_puzzle_reads_alike_in_every_layout() {
    one_puzzle_in_every_layout("size_6x6.txt", shape(2, 3), 10);
}

#[test]
fn an_8x8_puzzle_reads_alike_in_every_layout() {
    one_puzzle_in_every_layout("size_8x8.txt", shape(2, 4), 10);
}

#[test]
fn a_12x12_puzzle_reads_alike_in_every_layout() {
    one_puzzle_in_every_layout("size_12x12.txt", shape(3, 4), 10);
}

#[test]
fn a_16x16_puzzle_reads_alike_in_letters_and_numbers() {
    one_puzzle_in_every_layout("size_16x16.txt", shape(4, 4), 10);
}

#[test]
fn a_25x25_puzzle_reads_alike_in_letters_and_numbers() {
    one_puzzle_in_every_layout("size_25x25.txt", shape(5, 5), 10);
}

#[test]
fn a_36x36_puzzle_reads_alike_in_numbers() {
    let grid = one_puzzle_in_every_layout("size_36x36.txt", shape(6, 6), 6);
    assert!(
        grid.as_slice().contains(&36),
        "a digit only numbers can write"
    );
}

#[test]
fn hex_reads_the_16x16_puzzle_with_0_as_the_first_digit() {
    let letters = grids(&read_fixture("size_16x16.txt"))[0].clone();
    let hex = Options::default().with_symbols(Symbols::Hex);
    let items = read_fixture_with("size_16x16_hex.txt", &hex);
    assert_eq!(grids(&items), [letters.clone(), letters]);
    // Read in the usual symbols, the hex line is a 16x16 puzzle with other digits, and the
    // grid's 0s are empty cells.
    let usual = grids(&read_fixture("size_16x16_hex.txt"));
    assert_ne!(
        usual[0],
        grids(&read_fixture_with("size_16x16_hex.txt", &hex))[0]
    );
}

#[test]
fn bars_every_two_columns_make_a_6x6_of_3x2_boxes() {
    let three_by_two = shape(3, 2);
    let items = read_fixture("size_6x6_3x2.txt");
    let read = grids(&items);
    assert_eq!(read[0].shape(), three_by_two, "boxed grid");
    assert_eq!(read[1].shape(), three_by_two, "bars and rules");
    assert_eq!(
        read[2].shape(),
        shape(2, 3),
        "a line of 36 cells has the usual boxes"
    );
    assert_eq!(read[2].as_slice(), read[0].as_slice());
    let forced = Options::default().with_shape(Some(three_by_two));
    let read = grids(&read_fixture_with("size_6x6_3x2.txt", &forced));
    assert!(
        read.iter()
            .all(|grid| grid == &read[0] && grid.shape() == three_by_two)
    );
}

#[test]
fn a_file_may_mix_sizes_and_layouts() {
    let items = read_fixture("mixed_sizes.txt");
    let shapes: Vec<Shape> = grids(&items).iter().map(Grid::shape).collect();
    let expected = [
        shape(2, 2),
        Shape::NINE,
        shape(4, 4),
        shape(2, 3),
        shape(5, 5),
        shape(2, 2),
        shape(4, 4),
        shape(6, 6),
        shape(3, 4),
    ];
    assert_eq!(shapes, expected);
    let lines: Vec<usize> = items.iter().map(|p| p.as_ref().unwrap().line).collect();
    assert_eq!(lines, [3, 4, 5, 7, 16, 17, 19, 36, 39]);
}

#[test]
fn sixteen_cells_are_a_4x4_puzzle_unless_a_digit_is_too_large_for_one() {
    let four = format::parse_one("1234341221434321").unwrap();
    assert_eq!(four.shape(), shape(2, 2));
    // With a G the same line is the first row of a 16x16 grid.
    let error = parse_error("1234341221434G21\n");
    assert_eq!(
        error.to_string(),
        "t: puzzle 1, line 2, column 1: grid has 1 row; expected 16, one for each cell of its \
         first row"
    );
    // The options settle it either way.
    let sixteen = Options::default().with_shape(Some(shape(4, 4)));
    let error = format::parse_one_with("1234341221434321", &sixteen).unwrap_err();
    assert_eq!(
        error.kind,
        InputErrorKind::RowCount {
            found: 1,
            expected: 16,
            because: Because::Asked(shape(4, 4))
        }
    );
}

#[test]
fn rows_of_numbers_are_told_from_digits_grouped_by_box() {
    // A 9x9 grid written three digits to a box.
    let grouped = "530 070 000\n600 195 000\n098 000 060\n800 060 003\n400 803 001\n\
                   700 020 006\n060 000 280\n000 419 005\n000 080 079";
    let easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    assert_eq!(format::parse_one(grouped), Ok(grid(easy)));
    // A 12x12 row of numbers: 12 cells, the largest 12.
    let row = "12 0 0 3 0 10 0 0 0 0 0 1";
    let twelve = format!("{row}\n{}", vec![["0"; 12].join(" "); 11].join("\n"));
    let read = format::parse_one(&twelve).unwrap();
    assert_eq!(read.shape(), shape(3, 4));
    assert_eq!(&read.to_line()[..12], "C..3.A.....1");
}

// --- Errors at every size ---------------------------------------------------------------------

/// The messages of the errors among `items`, without the input name.
fn messages(items: &[Result<Puzzle, InputError>]) -> Vec<String> {
    items
        .iter()
        .filter_map(|item| item.as_ref().err())
        .map(|e| e.to_string().split_once(": ").unwrap().1.to_owned())
        .collect()
}

#[test]
fn errors_in_larger_puzzles_say_what_size_was_expected_and_why() {
    let items = read_fixture("sizes_with_errors.txt");
    assert_eq!(
        messages(&items),
        [
            "puzzle 2, line 5, column 16: row has 15 cells; expected 16, as in the grid's first row",
            "puzzle 3, line 22, column 7: 'Q' stands for 26, too large; a 16x16 board holds 1 to 16",
            "puzzle 4, line 43, column 256: line has 255 cells; expected a square number, such as \
             256 for a 16x16 board",
            "puzzle 5, line 44, column 101: line has 101 cells; expected a square number, such as \
             100 for a 10x10 board",
            "puzzle 6, line 53, column 1: grid has 5 rows; expected 6, one for each cell of its \
             first row",
            "puzzle 7, line 55, column 3: 37 is too large; a 36x36 board holds 1 to 36",
            "puzzle 8, line 57, column 3: row has 2 cells; expected at least 4: the smallest \
             board read without a box shape is 4x4",
            "puzzle 10, line 65, column 1: grid has more than 4 rows, one for each cell of its \
             first row",
        ]
    );
    let good: Vec<usize> = items
        .iter()
        .filter_map(|item| item.as_ref().ok())
        .map(|p| p.index)
        .collect();
    assert_eq!(good, [1, 9, 11], "each bad puzzle costs only itself");
}

#[test]
fn a_box_shape_from_the_options_is_checked_against_every_puzzle() {
    let options = Options::default().with_shape(Some(shape(2, 3)));
    let error = format::parse_one_with(SEED_000, &options).unwrap_err();
    assert_eq!(
        error.to_string(),
        "<text>: puzzle 1, line 1, column 37: line has 81 cells, which make a 9x9 board; \
         box shape 2x3 makes a 6x6 board, 36 cells"
    );
    let error = format::parse_one_with(&SEED_000[..80], &options).unwrap_err();
    assert_eq!(
        error.kind.to_string(),
        "line has 80 cells; box shape 2x3 makes a 6x6 board, 36 cells"
    );
    let error = format::parse_one_with(&grid(SEED_000).to_string(), &options).unwrap_err();
    assert_eq!(
        error.kind.to_string(),
        "row has 9 cells; expected 6, as box shape 2x3 makes a 6x6 board"
    );
    assert_eq!((error.line, error.column), (2, 19), "at the seventh cell");
    let error = format::parse_one_with("1 2 . | 4 5 6\n", &options).unwrap_err();
    assert_eq!(
        error.kind.to_string(),
        "grid has 1 row; expected 6, as box shape 2x3 makes a 6x6 board"
    );
    let bars = format::parse_one_with("1 2 | . 4 | 5 6\n", &options).unwrap_err();
    assert_eq!(
        bars.kind,
        InputErrorKind::BoxWidth {
            found: 2,
            expected: 3
        }
    );
}

#[test]
fn other_symbols_name_what_they_expected() {
    let hex = Options::default().with_symbols(Symbols::Hex);
    let line = format!("0123456789ABCDEFG{}", ".".repeat(239));
    let error = format::parse_one_with(&line, &hex).unwrap_err();
    assert_eq!(
        error.kind.to_string(),
        "unexpected character 'G'; expected a hex digit 0-F (0 = 1 ... F = 16), or . - _ for an \
         empty cell"
    );
    assert_eq!(error.column, 17);
    let numbers = Options::default().with_symbols(Symbols::Numbers);
    let error = format::parse_one_with("1 2 3 *", &numbers).unwrap_err();
    assert_eq!(
        error.kind.to_string(),
        "unexpected character '*'; expected a number (or a letter, A = 10 ... Z = 35), or 0 . - \
         _ for an empty cell"
    );
    // In numbers, 12 is one cell; in the usual symbols, a row of four digits.
    let four = "12 34\n34 12\n21 43\n43 21";
    assert_eq!(format::parse_one(four).map(|g| g.shape()), Ok(shape(2, 2)));
    assert!(format::parse_one_with(four, &numbers).is_err());
}

// --- The command line -------------------------------------------------------------------------

fn explore() -> assert_cmd::Command {
    let mut command = assert_cmd::Command::new(env!("CARGO_BIN_EXE_explore"));
    command
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("RUST_LOG");
    command
}

#[test]
fn the_command_line_solves_a_4x4_and_a_6x6_of_3x2_boxes() {
    explore()
        .args(["-o", "line", "..42.2.1.4..2.1."])
        .assert()
        .success()
        .stdout("3142423114232314\n");
    // The file's grids show their 3x2 boxes by their bars; its one-line form does not, and
    // read with the usual 2x3 boxes it breaks a rule.
    let path = "tests/data/formats/size_6x6_3x2.txt";
    let solution = "364521452136213645645213521364136452\n";
    explore()
        .args(["-o", "line", "--box", "3x2", path])
        .assert()
        .success()
        .stdout(solution.repeat(3));
    explore()
        .args(["-o", "line", "-q", path])
        .assert()
        .code(1)
        .stdout(format!("{}none\n", solution.repeat(2)));
}

#[test]
fn the_command_line_solves_every_puzzle_after_an_unclosed_opener() {
    // Twenty 9x9 puzzles and a blank line after `{{1,2,3`: one error, twenty solved.
    let set = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/top1465.txt"),
    )
    .unwrap();
    let twenty: Vec<&str> = set
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .take(20)
        .collect();
    for opener in ["[[1,2,3", "{{1,2,3"] {
        let input = format!("{opener}\n{}\n\n", twenty.join("\n"));
        let output = explore()
            .args(["-o", "line", "-"])
            .write_stdin(input)
            .assert()
            .code(2)
            .stderr(predicates::str::contains(
                "<stdin>: puzzle 1, line 1, column 1: '",
            ))
            .stderr(predicates::str::contains("is never closed"))
            .stderr(predicates::str::contains("21 puzzles"))
            .stderr(predicates::str::contains("20 unique, 1 invalid"))
            .get_output()
            .stdout
            .clone();
        let stdout = String::from_utf8(output).unwrap();
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 21, "{stdout}");
        assert_eq!(lines[0], "invalid");
        for (line, puzzle) in lines[1..].iter().zip(&twenty) {
            assert!(grid(line).is_solution_of(&grid(puzzle)), "{line}");
        }
    }
    // 4x4 puzzles after a declaration or a lone bracket: the first is solved too.
    let four = ["..42.2.1.4..2.1.", "...3.3.4....1...", ".3.44....2.....3"];
    for (opener, column) in [("int[][] a = {", 13), ("matrix = [", 10), ("[", 1)] {
        let input = format!("{opener}\n{}\n", four.join("\n"));
        let output = explore()
            .args(["-o", "line", "-"])
            .write_stdin(input)
            .assert()
            .code(2)
            .stderr(predicates::str::contains(format!(
                "<stdin>: puzzle 1, line 1, column {column}: "
            )))
            .stderr(predicates::str::contains("3 unique, 1 invalid"))
            .get_output()
            .stdout
            .clone();
        let stdout = String::from_utf8(output).unwrap();
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 4, "{stdout}");
        for (line, puzzle) in lines[1..].iter().zip(four) {
            assert!(grid(line).is_solution_of(&grid(puzzle)), "{line}");
        }
    }
}

#[test]
fn the_command_line_reads_hex_and_says_when_the_box_shape_does_not_fit() {
    let output = explore()
        .args([
            "-o",
            "line",
            "--symbols",
            "hex",
            "tests/data/formats/size_16x16_hex.txt",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    explore()
        .args(["-o", "line", "--box", "2x3", SEED_000])
        .assert()
        .code(2)
        .stdout("invalid\n")
        .stderr(
            "explore: <argument>: puzzle 1, line 1, column 37: line has 81 cells, which make a \
             9x9 board; box shape 2x3 makes a 6x6 board, 36 cells\n",
        );
    explore()
        .args(["--box", "3"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("ROWSxCOLUMNS"));
    explore()
        .args(["compare", "--symbols", "roman"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "[possible values: alnum, hex, numbers]",
        ));
}

// --- Streaming and the shared collections -----------------------------------------------------

/// An input that never ends: the same puzzle line forever.
struct Endless(Vec<u8>, usize);

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let at = self.1 % self.0.len();
        let n = buf.len().min(self.0.len() - at);
        buf[..n].copy_from_slice(&self.0[at..at + n]);
        self.1 += n;
        Ok(n)
    }
}

#[test]
fn reading_streams_an_input_that_never_ends() {
    let endless = BufReader::new(Endless(format!("{SEED_000}\n").into_bytes(), 0));
    let first: Vec<_> = format::read(endless, "endless").take(3).collect();
    assert_eq!(grids(&first), vec![grid(SEED_000); 3]);
}

#[test]
fn twenty_thousand_lines_stream_through() {
    lines_stream_through(20_000);
}

/// The same a million times: seconds of a debug build, so with the slow sets.
#[test]
fn full_sets_a_million_lines_stream_through() {
    if !crate::conformance::full_sets() {
        eprintln!("skipped: set EXPLORE_FULL_SETS=1 to read a million lines");
        return;
    }
    lines_stream_through(1_000_000);
}

fn lines_stream_through(n: usize) {
    let endless = BufReader::new(Endless(format!("{SEED_000}\n").into_bytes(), 0));
    let limited = endless.take((n * (N_CELLS + 1)) as u64);
    let mut count = 0;
    for item in format::read(limited, "many") {
        assert!(item.is_ok());
        count += 1;
    }
    assert_eq!(count, n);
}

/// The shared puzzle collections, wherever the checkout sits above them.
fn shared_puzzles() -> Option<PathBuf> {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|dir| dir.join("shared/puzzles"))
        .find(|dir| dir.is_dir())
}

fn read_collection(name: &str) -> Option<Vec<Puzzle>> {
    let Some(dir) = shared_puzzles() else {
        eprintln!("skipped: shared/puzzles not found above the crate");
        return None;
    };
    let file = BufReader::new(File::open(dir.join(name)).expect("collection exists"));
    let puzzles = format::read(file, name)
        .collect::<Result<Vec<_>, _>>()
        .unwrap_or_else(|e| panic!("{e}"));
    Some(puzzles)
}

#[test]
fn shared_collections_read_without_error() {
    for (name, count) in [
        ("top1465.txt", 1465),
        ("hardest_1106.txt", 375),
        ("16_clue_multi.txt", 168),
        ("unsolvable.txt", 100),
        ("top1465.solutions", 1465),
    ] {
        let Some(puzzles) = read_collection(name) else {
            return;
        };
        assert_eq!(puzzles.len(), count, "{name}");
    }
    let multi = read_collection("16_clue_multi.txt").unwrap();
    assert!(
        multi.iter().all(|p| p.grid.n_filled() == 16),
        "trailing counts are comments"
    );
}

#[test]
fn shared_16x16_and_25x25_collections_read_at_their_size() {
    for (name, count, side) in [
        ("16x16_janko.txt", 55, 16),
        ("16x16_janko.solutions", 55, 16),
        ("25x25_frisch.txt", 18, 25),
        ("25x25_frisch.solutions", 18, 25),
    ] {
        let Some(puzzles) = read_collection(name) else {
            return;
        };
        assert_eq!(puzzles.len(), count, "{name}");
        let expected = Shape::for_side(side).unwrap();
        assert!(puzzles.iter().all(|p| p.grid.shape() == expected), "{name}");
        if name.ends_with(".solutions") {
            assert!(puzzles.iter().all(|p| p.grid.is_complete()), "{name}");
        }
    }
}

#[test]
fn full_sets_all_seventeen_clue_puzzles_stream_through() {
    if !crate::conformance::full_sets() {
        eprintln!("skipped: set EXPLORE_FULL_SETS=1 to read all of 17_clue.txt");
        return;
    }
    let Some(puzzles) = read_collection("17_clue.txt") else {
        return;
    };
    assert_eq!(puzzles.len(), 49_158);
    assert!(puzzles.iter().all(|p| p.grid.n_filled() == 17));
}

// --- Properties -------------------------------------------------------------------------------

/// Box shapes for the round trips: every shape with a side of 4 to 25 (rectangles both ways,
/// prime sides), 9x9 often, and now and then a board above 35 that only numbers can write.
fn any_shape() -> impl Strategy<Value = Shape> {
    let small = (1usize..=25)
        .prop_flat_map(|r| (Just(r), 4usize.div_ceil(r)..=25 / r))
        .prop_map(|(r, c)| Shape::new(r, c).unwrap());
    let large = prop::sample::select(vec![(6, 6), (6, 7), (7, 7), (5, 8)])
        .prop_map(|(r, c)| Shape::new(r, c).unwrap());
    prop_oneof![6 => small, 3 => Just(NINE), 1 => large]
}

/// Grids of `shape` with some rows entirely empty and some full, to reach the edges of every
/// layout.
fn grid_of(shape: Shape) -> impl Strategy<Value = Grid> {
    let side = shape.side();
    let row = prop_oneof![
        4 => proptest::collection::vec(0..=side as u8, side),
        1 => Just(vec![0; side]),
        1 => proptest::collection::vec(1..=side as u8, side),
    ];
    proptest::collection::vec(row, side).prop_map(move |rows| {
        let digits = rows
            .into_iter()
            .flatten()
            .map(|v| Digit::new(usize::from(v)));
        Grid::from_digits(shape, digits).expect("side x side cells of 0 to side")
    })
}

/// 9x9 grids.
fn any_grid() -> impl Strategy<Value = Grid> {
    grid_of(NINE)
}

/// Grids of every shape [`any_shape`] makes.
fn any_sized_grid() -> impl Strategy<Value = Grid> {
    any_shape().prop_flat_map(grid_of)
}

/// Grids that are a whole puzzle on one line in any company: larger than any row (above 8x8),
/// and of a shape their cell count shows.
fn one_line_puzzle() -> impl Strategy<Value = Grid> {
    any_sized_grid().prop_filter("a one-line puzzle larger than a row", |grid| {
        grid.shape().n_cells() > Shape::MAX_SIDE && !needs_shape(grid, 0)
    })
}

fn rows_of(grid: &Grid) -> Vec<Vec<Option<Digit>>> {
    let shape = grid.shape();
    (0..shape.side())
        .map(|r| {
            (0..shape.side())
                .map(|c| grid.get(shape.cell(r, c).unwrap()))
                .collect()
        })
        .collect()
}

/// A digit in hex: `0` is 1, `F` is 16.
fn hex(digit: Digit) -> char {
    char::from_digit(digit.get() as u32 - 1, 16)
        .unwrap()
        .to_ascii_uppercase()
}

/// The layouts: the one-line form, the boxed display, an int literal, a Python list, tab rows
/// with empty fields, tab rows with dashes and a trailing tab, comma rows with empty fields,
/// boxes with dashes and rules, a char literal, rows of numbers, and hex.
const N_LAYOUTS: usize = 11;
const CHAR_LITERAL: usize = 8;
const HEX: usize = 10;

/// Whether `layout` can write `grid`: char literals need one-character digits, hex 16 digits
/// at most.
fn writes(grid: &Grid, layout: usize) -> bool {
    match layout {
        CHAR_LITERAL => grid.shape().side() <= Digit::MAX_CHAR,
        HEX => grid.shape().side() <= 16,
        _ => true,
    }
}

fn render(grid: &Grid, layout: usize) -> String {
    let shape = grid.shape();
    let ch = |d: &Option<Digit>, empty: char| d.map_or(empty, |d| d.to_char().unwrap());
    // A digit as the crate writes it: its character, or its number above 35.
    let word = |d: &Option<Digit>, empty: &str| d.map_or(empty.to_owned(), |d| d.to_string());
    let number = |d: &Option<Digit>| d.map_or(0, |d| d.get()).to_string();
    let rows = rows_of(grid);
    let each = |f: &dyn Fn(&Vec<Option<Digit>>) -> String, sep: &str| {
        rows.iter().map(f).collect::<Vec<_>>().join(sep)
    };
    let words = |r: &[Option<Digit>], empty: &str, sep: &str| {
        r.iter()
            .map(|d| word(d, empty))
            .collect::<Vec<_>>()
            .join(sep)
    };
    let numbers =
        |r: &Vec<Option<Digit>>, sep: &str| r.iter().map(number).collect::<Vec<_>>().join(sep);
    match layout {
        0 => grid.to_line(),
        1 => grid.to_string(),
        2 => format!(
            "int[][] g = {{{}}};",
            each(&|r| format!("{{{}}}", numbers(r, ", ")), ",\n    ")
        ),
        3 => format!(
            "m = [{}]",
            each(&|r| format!("[{}]", numbers(r, ",")), ", ")
        ),
        4 => each(&|r| words(r, "", "\t"), "\n"),
        5 => each(&|r| format!("{}\t", words(r, "-", "\t")), "\n"),
        6 => each(&|r| words(r, "", ","), "\n"),
        7 => {
            let band_rule =
                vec!["-".repeat(2 * shape.box_cols()); shape.side() / shape.box_cols()].join("+");
            let mut out = String::new();
            for (i, r) in rows.iter().enumerate() {
                if i % shape.box_rows() == 0 && i > 0 {
                    out.push_str(&band_rule);
                    out.push('\n');
                }
                let boxes: Vec<String> = r
                    .chunks(shape.box_cols())
                    .map(|b| words(b, "-", " "))
                    .collect();
                out.push_str(&boxes.join(" | "));
                out.push('\n');
            }
            out
        }
        CHAR_LITERAL => format!(
            "char[][] b = {{\n{}\n}};",
            each(
                &|r| format!(
                    "  {{{}}}",
                    r.iter()
                        .map(|d| format!("'{}'", ch(d, '.')))
                        .collect::<Vec<_>>()
                        .join(",")
                ),
                ",\n"
            )
        ),
        9 => each(&|r| numbers(r, " "), "\n"),
        _ => each(
            &|r| r.iter().map(|d| d.map_or('.', hex)).collect::<String>(),
            "",
        ),
    }
}

/// The options that read `layout` back.
fn options_for(layout: usize, shape: Option<Shape>) -> Options {
    let symbols = if layout == HEX {
        Symbols::Hex
    } else {
        Symbols::Alnum
    };
    Options::default().with_shape(shape).with_symbols(symbols)
}

/// Whether reading `layout` of `grid` needs its box shape from the options, by design
/// (docs/formats.md): the text alone leaves the shape or size open.
fn needs_shape(grid: &Grid, layout: usize) -> bool {
    let shape = grid.shape();
    let side = shape.side();
    let first: Vec<Option<Digit>> = rows_of(grid).swap_remove(0);
    let has_bars = matches!(layout, 1 | 7) && shape.box_cols() < side;
    // Boxes other than the usual ones show only in bars.
    let unusual = Some(shape) != Shape::for_side(side) && !has_bars;
    // A one-line puzzle of a prime side has no real boxes: its line reads as a row.
    let one_line = matches!(layout, 0 | HEX);
    let prime_line = one_line && side <= Shape::MAX_SIDE.isqrt() && shape.box_rows() == 1;
    // A first row of 16, 36 or 64 cells holding only digits that fit 4x4, 6x6 or 8x8 reads as
    // such a puzzle.
    let root = side.isqrt();
    let small_digits = first.iter().flatten().all(|d| d.get() <= root);
    let square_row = !one_line
        && !has_bars
        && !matches!(layout, 2 | 3 | CHAR_LITERAL)
        && root * root == side
        && Shape::for_side(root).is_some_and(|s| s.box_rows() >= 2)
        && small_digits;
    // A first row of fields whose only empty one is the last reads as ending with its
    // delimiter.
    let last_only_empty =
        first[side - 1].is_none() && first[..side - 1].iter().all(Option::is_some);
    let trailing = matches!(layout, 4 | 6) && last_only_empty;
    unusual || prime_line || square_row || trailing
}

/// Whether `layout` cannot hold `grid` at all: a first row of empty tab fields is only tabs, a
/// blank line (docs/formats.md).
fn unreadable(grid: &Grid, layout: usize) -> bool {
    layout == 4 && rows_of(grid)[0].iter().all(Option::is_none)
}

/// A code literal's first line, left open: a declaration or none, one or two brackets, then a
/// few cells of a first row (numbers or char literals), maybe that row closed.
fn broken_opener() -> impl Strategy<Value = String> {
    let declaration = prop::sample::select(vec![
        "",
        "int[][] a = ",
        "matrix = ",
        "char[][] board = ",
        "private static int[][] grid =",
        "grid=",
        "  ",
    ]);
    let bracket = prop::sample::select(vec!['[', '{', '(']);
    let cells = proptest::collection::vec(0u8..=9, 0..=9);
    (
        declaration,
        bracket,
        1..=2usize,
        cells,
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(declaration, bracket, depth, cells, quoted, closed)| {
            let items: Vec<String> = cells
                .iter()
                .map(|d| {
                    if quoted {
                        format!("'{d}'")
                    } else {
                        d.to_string()
                    }
                })
                .collect();
            let mut text = format!("{declaration}{}", bracket.to_string().repeat(depth));
            text.push_str(&items.join(","));
            if closed && depth == 2 && !cells.is_empty() {
                text.push(match bracket {
                    '[' => ']',
                    '{' => '}',
                    _ => ')',
                });
                text.push(',');
            }
            text
        })
}

/// The unique puzzles of the test data at every size a one-line puzzle is read without a box
/// shape (4x4 to 25x25), each with its solution.
fn unique_puzzles() -> &'static [(Grid, Grid)] {
    static PUZZLES: std::sync::OnceLock<Vec<(Grid, Grid)>> = std::sync::OnceLock::new();
    PUZZLES.get_or_init(|| {
        let files = [
            "4x4.txt",
            "6x6.txt",
            "8x8.txt",
            "10x10.txt",
            "12x12.txt",
            "top1465.txt",
            "16x16_janko.txt",
            "cli/25x25.txt",
        ];
        let mut puzzles = Vec::new();
        for name in files {
            let path = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/data")
                .join(name);
            let text = std::fs::read_to_string(&path).expect("test data");
            for line in text.lines() {
                let line = line.split('#').next().unwrap_or("");
                let mut words = line.split_whitespace();
                let (Some(puzzle), Some(answer)) = (words.next(), words.next()) else {
                    continue;
                };
                if puzzle.len() == answer.len() {
                    puzzles.push((grid(puzzle), grid(answer)));
                }
            }
        }
        puzzles
    })
}

/// Fragments that valid and invalid inputs are built from./// Fragments that valid and invalid inputs are built from.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(SEED_000.to_owned()),
        Just(format!("{SEED_001} 12")),
        Just(String::new()),
        Just("# comment".to_owned()),
        Just("---+---+---".to_owned()),
        Just(".6.|1.4|.5.".to_owned()),
        Just("5 3 0 0 7 0 0 0 0".to_owned()),
        Just("int[][] arr = {{5, 8, 0, 2, 0, 0, 4, 7, 0},".to_owned()),
        Just("{0, 2, 0, 0, 0, 0, 0, 3, 0},".to_owned()),
        Just("[6,5,0,8,7,3,0,9,0]]".to_owned()),
        Just("matrix = [".to_owned()),
        Just("};".to_owned()),
        Just("6\t5\t\t8\t7\t3\t\t9\t".to_owned()),
        Just("\t".repeat(SIZE - 1)),
        Just("G..1|....|4...|..P.".to_owned()),
        Just("16 0 0 3 0 0 0 0 0 0 0 0 0 0 12 1".to_owned()),
        Just("1234341221434321".to_owned()),
        "[0-9a-gA-G.|{}\\[\\], \t#=x-]{0,30}",
        any::<String>(),
        (0..N_LAYOUTS).prop_map(|layout| render(&Grid::empty(NINE), layout)),
        (any_shape(), 0..N_LAYOUTS).prop_map(|(shape, layout)| render(&Grid::empty(shape), layout)),
    ]
}

fn any_options() -> impl Strategy<Value = Options> {
    let shape = proptest::option::of(any_shape());
    let symbols = prop::sample::select(Symbols::ALL.to_vec());
    (shape, symbols)
        .prop_map(|(shape, symbols)| Options::default().with_shape(shape).with_symbols(symbols))
}

fn check_locations(items: &[Result<Puzzle, InputError>]) -> Result<(), TestCaseError> {
    for (i, item) in items.iter().enumerate() {
        match item {
            Ok(p) => {
                prop_assert_eq!(p.index, i + 1);
                prop_assert!(p.line >= 1);
            }
            Err(e) => {
                prop_assert_eq!(e.puzzle, i + 1);
                prop_assert!(e.line >= 1 && e.column >= 1, "{}", e);
            }
        }
    }
    prop_assert!(!items.is_empty(), "an input yields at least one item");
    Ok(())
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600),
                                   options in any_options()) {
        let items: Vec<_> = format::read_with(&bytes[..], "bytes", &options).collect();
        check_locations(&items)?;
    }

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>(), options in any_options()) {
        check_locations(&format::parse_with(&text, "text", &options))?;
    }

    #[test]
    fn mixes_of_fragments_never_panic(parts in proptest::collection::vec(fragment(), 0..40),
                                      options in any_options()) {
        let text = parts.join("\n");
        let items = format::parse_with(&text, "mix", &options);
        check_locations(&items)?;
        // Errors never hide in the middle of a line of puzzle text: each points inside it, or
        // just past it.
        let lines: Vec<&str> = text.lines().collect();
        for e in items.iter().filter_map(|item| item.as_ref().err()) {
            if let Some(line) = lines.get(e.line - 1) {
                prop_assert!(e.column <= line.chars().count() + 1, "{} in {:?}", e, line);
            }
        }
    }

    #[test]
    fn line_form_round_trips(grid in any_grid()) {
        prop_assert_eq!(format::parse_one(&grid.to_line()), Ok(grid));
    }

    #[test]
    fn one_line_puzzles_read_alike_however_they_are_indented(grid in any_grid(), comment in "[ \t][ -~]{0,20}") {
        // A leading space takes the line off the direct path for plain one-line puzzles.
        let line = format!("{}{comment}", grid.to_line());
        let direct = format::parse(&line, "t");
        prop_assert_eq!(format::parse(&format!(" {line}"), "t"), direct.clone());
        prop_assert_eq!(direct.len(), 1);
        prop_assert_eq!(direct[0].as_ref().map(|p| p.grid.clone()), Ok(grid));
    }

    #[test]
    fn large_one_line_puzzles_read_alike_however_they_are_indented(
        grid in (10usize..=35).prop_flat_map(|side| grid_of(Shape::for_side(side).unwrap()))
    ) {
        let line = format!("{} 12", grid.to_line());
        let direct = format::parse(&line, "t");
        prop_assert_eq!(format::parse(&format!(" {line}"), "t"), direct.clone());
        prop_assert_eq!(direct[0].as_ref().map(|p| p.grid.clone()), Ok(grid));
    }

    #[test]
    fn boxed_display_round_trips(grid in any_grid()) {
        prop_assert_eq!(format::parse_one(&grid.to_string()), Ok(grid));
    }

    #[test]
    fn every_layout_round_trips(grid in any_grid(), layout in 0..N_LAYOUTS) {
        prop_assume!(writes(&grid, layout) && !unreadable(&grid, layout));
        let text = render(&grid, layout);
        let shape = needs_shape(&grid, layout).then_some(NINE);
        let options = options_for(layout, shape);
        prop_assert_eq!(format::parse_one_with(&text, &options), Ok(grid), "{}", text);
    }

    #[test]
    fn every_layout_round_trips_at_every_size(grid in any_sized_grid(), layout in 0..N_LAYOUTS) {
        prop_assume!(writes(&grid, layout));
        let text = render(&grid, layout);
        if unreadable(&grid, layout) {
            prop_assert!(format::parse_one(&text).is_err());
            return Ok(());
        }
        // With the shape given, every layout reads back.
        let forced = options_for(layout, Some(grid.shape()));
        prop_assert_eq!(format::parse_one_with(&text, &forced), Ok(grid.clone()), "{}", text);
        // Without it, so does every layout that shows the size and shape.
        if !needs_shape(&grid, layout) {
            let found = options_for(layout, None);
            prop_assert_eq!(format::parse_one_with(&text, &found), Ok(grid), "{}", text);
        }
    }

    #[test]
    fn a_faulty_line_between_two_one_line_puzzles_loses_neither(
        first in one_line_puzzle(),
        faulty in prop_oneof![
            Just(".".repeat(50)),
            "[0-9a-gA-G.*?x| \t,]{1,90}",
        ],
        last in one_line_puzzle(),
    ) {
        // Whatever the faulty line opens (a grid's first row, a bad one-line puzzle, a row
        // with a stray character), the puzzles on either side of it are read.
        let text = format!("{}\n{faulty}\n{}\n", first.to_line(), last.to_line());
        let items = format::parse(&text, "t");
        check_locations(&items)?;
        let grid = |item: Option<&Result<Puzzle, InputError>>| {
            item.and_then(|item| item.as_ref().ok()).map(|p| p.grid.clone())
        };
        prop_assert_eq!(grid(items.first()), Some(first), "{:?}", items);
        prop_assert_eq!(grid(items.last()), Some(last), "{:?}", items);
        prop_assert!(items.len() <= 3, "{:?}", items);
    }

    #[test]
    fn puzzles_of_every_size_in_a_file_keep_their_order(
        grids in proptest::collection::vec(
            any_sized_grid().prop_filter("its display shows its shape", |g| !needs_shape(g, 1)),
            1..6,
        ),
        layouts in proptest::collection::vec(0..HEX, 6),
    ) {
        let text: Vec<String> = grids.iter().zip(&layouts)
            .map(|(g, &layout)| {
                let fits = writes(g, layout) && !unreadable(g, layout) && !needs_shape(g, layout);
                render(g, if fits { layout } else { 1 })
            })
            .collect();
        let items = format::parse(&text.join("\n\n"), "many");
        let read: Vec<Grid> = items.iter().map(|i| i.as_ref().map(|p| p.grid.clone()).map_err(|e| e.to_string())).collect::<Result<_, _>>().map_err(TestCaseError::fail)?;
        prop_assert_eq!(read, grids);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn a_broken_opener_loses_none_of_the_puzzles_after_it(
        opener in broken_opener(),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 1..5),
        blank_after in any::<bool>(),
    ) {
        let puzzles = unique_puzzles();
        let chosen: Vec<&(Grid, Grid)> = picks.iter().map(|i| i.get(puzzles)).collect();
        let mut text = format!("{opener}\n");
        for (puzzle, _) in &chosen {
            text.push_str(&puzzle.to_line());
            text.push('\n');
        }
        if blank_after {
            text.push_str("\n# the end\n");
        }
        let items = format::parse(&text, "t");
        check_locations(&items)?;
        prop_assert_eq!(items.len(), chosen.len() + 1, "{}\n{:#?}", text, items);
        let error = items[0].as_ref().err();
        prop_assert_eq!(error.map(|e| e.line), Some(1), "{:?}", items[0]);
        for (i, (item, (puzzle, solution))) in items[1..].iter().zip(&chosen).enumerate() {
            let read = item.as_ref().map_err(ToString::to_string);
            prop_assert_eq!(read.map(|p| (p.line, p.grid.clone())), Ok((i + 2, puzzle.clone())));
            let outcome = explore::solve(puzzle, &explore::Config::default());
            prop_assert_eq!(outcome.status(), explore::Status::Unique);
            prop_assert_eq!(outcome.solutions.first(), Some(solution));
        }
    }
}
