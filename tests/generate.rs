//! Generated puzzles and their grades: every puzzle has one solution, counted by another
//! strategy than the one that made it; the same seed gives the same puzzles on any number of
//! threads; minimal puzzles lose uniqueness with any given removed; symmetries hold; grades
//! agree with the rules; and wrong arguments end with a message and exit status 2.

use assert_cmd::Command;
use explore::generate::{self, Options, Symmetry};
use explore::geometry::Shape;
use explore::grade::{self, Level, Verdict};
use explore::{Config, Grid, Status, Strategy, format, solve};
use serde_json::Value;

use crate::conformance::full_sets;

fn explore() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_explore"));
    command
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("RUST_LOG");
    command
}

/// The number of solutions of `puzzle`, up to 2, by the `bitmask` backtracker: no rule, no
/// board of the engine that made the puzzle.
fn bitmask_count(puzzle: &Grid) -> u128 {
    let config = Config::default()
        .with_strategy(Strategy::Bitmask)
        .with_threads(1)
        .with_max_solutions(Some(2));
    let outcome = solve(puzzle, &config);
    assert!(outcome.is_exact() || outcome.count == 2, "{puzzle:?}");
    outcome.count
}

/// The number of solutions of `puzzle`, up to 2, by a backtracker written here, apart from the
/// library: it fills the empty cell with the fewest legal digits first (none of the engine's
/// rules), which `bitmask`, taking cells in reading order, cannot do fast enough at 25x25.
fn fewest_first_count(puzzle: &Grid) -> u32 {
    let shape = puzzle.shape();
    let side = shape.side();
    let (box_rows, box_cols) = (shape.box_rows(), shape.box_cols());
    let box_of = |index: usize| (index / side / box_rows) * box_rows + (index % side) / box_cols;
    let mut values: Vec<u8> = puzzle.as_slice().to_vec();
    let (mut rows, mut cols, mut boxes) = (vec![0u64; side], vec![0u64; side], vec![0u64; side]);
    for (index, &value) in values.iter().enumerate() {
        if value != 0 {
            let bit = 1u64 << (value - 1);
            let (row, col, b) = (index / side, index % side, box_of(index));
            if (rows[row] | cols[col] | boxes[b]) & bit != 0 {
                return 0;
            }
            rows[row] |= bit;
            cols[col] |= bit;
            boxes[b] |= bit;
        }
    }
    let all = if side == 64 {
        u64::MAX
    } else {
        (1u64 << side) - 1
    };
    fn search(
        values: &mut [u8],
        lines: &mut (Vec<u64>, Vec<u64>, Vec<u64>),
        side: usize,
        all: u64,
        box_of: &dyn Fn(usize) -> usize,
        count: &mut u32,
    ) {
        let mut best: Option<(usize, u64)> = None;
        for (index, &value) in values.iter().enumerate() {
            if value == 0 {
                let (row, col) = (index / side, index % side);
                let free = all & !(lines.0[row] | lines.1[col] | lines.2[box_of(index)]);
                if best.is_none_or(|(_, fewest)| free.count_ones() < fewest.count_ones()) {
                    best = Some((index, free));
                }
            }
        }
        let Some((index, mut free)) = best else {
            *count += 1;
            return;
        };
        let (row, col, b) = (index / side, index % side, box_of(index));
        while free != 0 && *count < 2 {
            let bit = free & free.wrapping_neg();
            free &= free - 1;
            values[index] = bit.trailing_zeros() as u8 + 1;
            lines.0[row] |= bit;
            lines.1[col] |= bit;
            lines.2[b] |= bit;
            search(values, lines, side, all, box_of, count);
            lines.0[row] &= !bit;
            lines.1[col] &= !bit;
            lines.2[b] &= !bit;
            values[index] = 0;
        }
    }
    let mut count = 0;
    let mut lines = (rows, cols, boxes);
    search(&mut values, &mut lines, side, all, &box_of, &mut count);
    count
}

fn shape(text: &str) -> Shape {
    text.parse().unwrap()
}

/// Checks what every generated puzzle must be: unique by `bitmask`, its solution that one, and
/// its givens those of the solution.
fn check_unique(made: &generate::Generated) {
    let puzzle = &made.puzzle;
    assert_eq!(bitmask_count(puzzle), 1, "{}", puzzle.to_line());
    assert_eq!(fewest_first_count(puzzle), 1, "{}", puzzle.to_line());
    assert!(made.solution.is_solution_of(puzzle));
    assert_eq!(made.grade.solution.as_ref(), Some(&made.solution));
}

/// Puzzles of every size: the larger ones, and 9x9 and 10x10, with a number of givens that
/// keeps the `bitmask` count quick in an unoptimised build (a minimal 10x10 takes it half a
/// minute there); minimal ones are checked below.
#[test]
fn puzzles_of_every_size_to_16x16_have_one_solution_by_another_strategy() {
    for (text, count, givens) in [
        ("2x2", 6, None),
        ("2x3", 4, None),
        ("3x2", 4, None),
        ("2x4", 3, None),
        ("3x3", 3, Some(28)),
        ("2x5", 2, Some(50)),
        ("3x4", 2, Some(80)),
        ("4x4", 1, Some(150)),
    ] {
        let options = Options::default()
            .with_shape(shape(text))
            .with_count(count)
            .with_seed(5)
            .with_givens(givens)
            .with_threads(2);
        let made = generate::generate(&options).unwrap();
        assert_eq!(made.len(), count);
        for (i, made) in made.iter().enumerate() {
            assert_eq!(made.index, i);
            if let Some(givens) = givens {
                assert_eq!(made.puzzle.n_filled(), givens, "{text}");
            }
            check_unique(made);
        }
    }
}

#[test]
fn puzzles_of_25x25_with_at_most_55_percent_givens_have_one_solution_full_sets() {
    if !full_sets() {
        return;
    }
    let options = Options::default()
        .with_shape(shape("5x5"))
        .with_count(2)
        .with_seed(1)
        .with_givens(Some(343));
    for made in generate::generate(&options).unwrap() {
        assert_eq!(made.puzzle.n_filled(), 343);
        assert_eq!(fewest_first_count(&made.puzzle), 1);
        assert!(made.solution.is_solution_of(&made.puzzle));
    }
}

#[test]
fn minimal_puzzles_lose_their_uniqueness_with_any_given_removed() {
    for (text, symmetry) in [
        ("2x3", Symmetry::None),
        ("3x3", Symmetry::None),
        ("3x3", Symmetry::Rotate180),
        ("2x2", Symmetry::Rotate90),
    ] {
        let options = Options::default()
            .with_shape(shape(text))
            .with_count(2)
            .with_seed(9)
            .with_symmetry(symmetry)
            .with_minimal(true)
            .with_threads(1);
        for made in generate::generate(&options).unwrap() {
            check_unique(&made);
            let puzzle = &made.puzzle;
            for cell in puzzle.shape().cells() {
                if puzzle.get(cell).is_some() {
                    let mut fewer = puzzle.clone();
                    fewer.set(cell, None);
                    assert_eq!(bitmask_count(&fewer), 2, "{text} {symmetry}: {cell}");
                }
            }
            assert!(generate::is_minimal(puzzle));
        }
    }
}

/// A check that runs past its budget keeps the given: the puzzle stays unique, and says how
/// many givens stayed so; without the budget, or with one no check comes near, every check
/// settles and the puzzles are the same.
#[test]
fn a_check_past_its_budget_keeps_its_given_and_says_so() {
    for text in ["3x3", "3x4"] {
        let options = Options::default()
            .with_shape(shape(text))
            .with_count(2)
            .with_seed(21)
            .with_threads(1);
        let settled = generate::generate(&options).unwrap();
        let unbounded = generate::generate(&options.clone().with_check_nodes(None)).unwrap();
        assert_eq!(settled, unbounded, "{text}");
        let tight = generate::generate(&options.clone().with_check_nodes(Some(1))).unwrap();
        for (tight, settled) in tight.iter().zip(&settled) {
            assert_eq!(settled.unsettled, 0, "{text}");
            assert!(tight.unsettled > 0, "{text}");
            // The same grid, its givens removed in the same order, some kept unproven.
            assert_eq!(tight.solution, settled.solution, "{text}");
            assert_eq!(fewest_first_count(&tight.puzzle), 1, "{text}");
            assert!(tight.solution.is_solution_of(&tight.puzzle));
        }
        assert!(
            tight
                .iter()
                .zip(&settled)
                .any(|(a, b)| a.puzzle != b.puzzle),
            "{text}: a given kept unproven changes some puzzle"
        );
        // --minimal proves every removal whatever the budget.
        let minimal = options.with_minimal(true).with_count(1);
        let made = generate::generate(&minimal.clone().with_check_nodes(Some(1))).unwrap();
        assert_eq!(made[0].unsettled, 0, "{text}");
        assert!(generate::is_minimal(&made[0].puzzle), "{text}");
    }
}

#[test]
fn givens_keep_the_symmetry_asked_for() {
    for (text, symmetry) in [
        ("3x3", Symmetry::Rotate180),
        ("3x3", Symmetry::Rotate90),
        ("3x3", Symmetry::Mirror),
        ("2x3", Symmetry::Mirror),
        ("2x3", Symmetry::Rotate180),
    ] {
        let options = Options::default()
            .with_shape(shape(text))
            .with_count(3)
            .with_seed(2)
            .with_symmetry(symmetry)
            .with_threads(2);
        for made in generate::generate(&options).unwrap() {
            check_unique(&made);
            let puzzle = &made.puzzle;
            let side = puzzle.shape().side();
            let last = side - 1;
            let at = |row: usize, col: usize| {
                puzzle.get(puzzle.shape().cell(row, col).unwrap()).is_some()
            };
            for row in 0..side {
                for col in 0..side {
                    let image = match symmetry {
                        Symmetry::Rotate180 => at(last - row, last - col),
                        Symmetry::Rotate90 => at(col, last - row),
                        _ => at(row, last - col),
                    };
                    assert_eq!(at(row, col), image, "{text} {symmetry}: r{row}c{col}");
                }
            }
        }
    }
}

#[test]
fn a_target_level_or_number_of_givens_is_met() {
    let options = Options::default()
        .with_seed(4)
        .with_count(2)
        .with_threads(2);
    for &level in &[Level::Easy, Level::Hard, Level::Extreme] {
        for made in generate::generate(&options.clone().with_level(Some(level))).unwrap() {
            assert_eq!(made.grade.verdict, Verdict::Graded(level));
            check_unique(&made);
        }
    }
    for made in generate::generate(&options.with_givens(Some(30))).unwrap() {
        assert_eq!(made.puzzle.n_filled(), 30);
    }
}

#[test]
fn grades_name_the_weakest_rule_that_solves_without_a_guess() {
    let options = Options::default()
        .with_seed(8)
        .with_count(12)
        .with_threads(2);
    for made in generate::generate(&options).unwrap() {
        let level = made.grade.verdict.level().unwrap();
        for &weaker in Level::ALL.iter().filter(|&&other| other < level) {
            let rule = weaker.rule().unwrap();
            assert!(!grade::solves_without_guessing(&made.puzzle, rule));
        }
        match level.rule() {
            Some(rule) => {
                assert!(grade::solves_without_guessing(&made.puzzle, rule));
                assert_eq!(made.grade.guesses, 0);
            }
            None => assert!(made.grade.guesses > 0 && made.grade.depth > 0),
        }
    }
}

/// `explore generate ARGS` and its standard output.
fn generated(args: &[&str]) -> String {
    let output = explore().arg("generate").args(args).assert().success();
    String::from_utf8(output.get_output().stdout.clone()).unwrap()
}

#[test]
fn unsettled_givens_are_counted_and_said() {
    let run = |budget: &str| {
        let output = explore()
            .args(["generate", "-n", "2", "--seed", "21", "-o", "json"])
            .args(["--check-nodes", budget])
            .assert()
            .success();
        let stdout = String::from_utf8(output.get_output().stdout.clone()).unwrap();
        let stderr = String::from_utf8(output.get_output().stderr.clone()).unwrap();
        let unsettled: Vec<u64> = stdout
            .lines()
            .map(|line| {
                let record: Value = serde_json::from_str(line).unwrap();
                record["unsettled"].as_u64().unwrap()
            })
            .collect();
        (
            unsettled,
            stderr.split_whitespace().collect::<Vec<_>>().join(" "),
        )
    };
    let (unsettled, said) = run("1");
    assert!(unsettled.iter().all(|&n| n > 0), "{unsettled:?}");
    let total: u64 = unsettled.iter().sum();
    assert!(
        said.contains(&format!("{total} givens stayed in 2 puzzles unsettled")),
        "{said}"
    );
    assert!(said.contains("needed more than 1 board."), "{said}");
    let (unsettled, said) = run("2000");
    assert_eq!(unsettled, [0, 0]);
    assert!(!said.contains("unsettled"), "{said}");
}

#[test]
fn the_seed_gives_the_same_puzzles_on_one_thread_and_two() {
    for size in ["4", "6", "9"] {
        let args = ["--size", size, "-n", "6", "--seed", "17"];
        let one = generated(&[&args[..], &["-j", "1"]].concat());
        let two = generated(&[&args[..], &["-j", "2"]].concat());
        assert_eq!(one, two, "--size {size}");
        assert_eq!(one.lines().count(), 6);
        let other = generated(&["--size", size, "-n", "6", "--seed", "18"]);
        assert_ne!(one, other);
        let mut lines: Vec<&str> = one.lines().collect();
        lines.sort_unstable();
        lines.dedup();
        assert_eq!(lines.len(), 6, "the puzzles of a seed differ");
    }
}

#[test]
fn generated_puzzles_round_trip_through_the_solver() {
    let json = generated(&["--size", "6", "-n", "4", "--seed", "3", "-o", "json"]);
    let records: Vec<Value> = json
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let lines = generated(&["--size", "6", "-n", "4", "--seed", "3"]);
    let solved = explore()
        .args(["-", "--output", "line"])
        .write_stdin(lines.clone())
        .assert()
        .success();
    let solutions = String::from_utf8(solved.get_output().stdout.clone()).unwrap();
    assert_eq!(solutions.lines().count(), 4);
    for ((record, line), solution) in records.iter().zip(lines.lines()).zip(solutions.lines()) {
        assert_eq!(record["puzzle"], line);
        // One solution per line: a second would follow a space.
        assert_eq!(record["solution"], solution);
        let puzzle = format::parse_one(line).unwrap();
        assert_eq!(record["givens"], puzzle.n_filled());
        assert_eq!(solve(&puzzle, &Config::default()).status(), Status::Unique);
    }
}

#[test]
fn grade_reads_puzzles_as_the_solver_does_and_gives_verdicts() {
    let easy = "1.34341221.34.21";
    let several = "1...............";
    let output = explore().args(["grade", easy, several]).assert().code(1);
    let text = String::from_utf8(output.get_output().stdout.clone()).unwrap();
    assert!(text.contains("easy (1): naked singles"), "{text}");
    assert!(text.contains("no grade: more than one solution"), "{text}");
    let demo = explore().arg("grade").assert().success();
    let text = String::from_utf8(demo.get_output().stdout.clone()).unwrap();
    assert!(text.starts_with("puzzle 1: extreme (5)"), "{text}");
}

#[test]
fn wrong_arguments_end_with_a_message_and_status_2() {
    for (args, message) in [
        (&["--size", "7"][..], "a box needs at least two"),
        (&["--size", "65"], "side is 4 to 64"),
        (&["--box", "1x9"], "a box needs at least two"),
        (&["--box", "2x3", "--symmetry", "rotate90"], "square boxes"),
        (&["--size", "4", "--givens", "2"], "it takes 3 to 16 givens"),
        (
            &["--size", "4", "--givens", "17"],
            "it takes 3 to 16 givens",
        ),
        // No 4x4 puzzle of three givens is unique: every try fails, then the run does.
        (&["--size", "4", "--givens", "3"], "1000 grids drawn"),
        (
            &["--size", "4", "--grade", "extreme", "--tries", "20"],
            "20 grids drawn",
        ),
        (
            &["--size", "16", "--givens", "101", "--symmetry", "rotate180"],
            "cannot have 101 givens: they come in orbits of 2 cells",
        ),
        (&["--symmetry", "spiral"], "spiral"),
        (&["--check-nodes", "0"], "0"),
        (&["--minimal", "--check-nodes", "50"], "cannot be used with"),
        (&["--grade", "diabolical"], "diabolical"),
    ] {
        let output = explore()
            .arg("generate")
            .args(args)
            .args(["--seed", "1"])
            .assert()
            .code(2);
        let stderr = String::from_utf8(output.get_output().stderr.clone()).unwrap();
        // Messages are broken at spaces to the width: compare them as words.
        let words = stderr.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(words.contains(message), "{args:?}: {stderr}");
    }
}

#[test]
fn a_limit_ends_the_run_with_what_was_made_and_status_1() {
    // No time at all: the 25x25 that ran for minutes unbounded is not made, at once.
    let output = explore()
        .args([
            "generate", "--size", "25", "-n", "1", "--seed", "4", "-j", "1",
        ])
        .args(["--timeout", "0"])
        .assert()
        .code(1);
    let output = output.get_output();
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr.clone()).unwrap();
    let words = stderr.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("0 of 1 puzzle made; puzzle 1: not made: the time limit of 0 s ran out"),
        "{stderr}"
    );
    assert!(words.contains("raise --timeout"), "{stderr}");
    // Ten boards are too few for any 9x9 puzzle; a million are plenty for three 4x4 ones.
    let output = explore()
        .args(["generate", "-n", "3", "--seed", "1", "--max-nodes", "10"])
        .assert()
        .code(1);
    let stderr = String::from_utf8(output.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains("0 of 3 puzzles made"), "{stderr}");
    assert!(
        stderr.contains("raise --max-nodes to make the rest"),
        "{stderr}"
    );
    let output = explore()
        .args(["generate", "--size", "4", "-n", "3", "--seed", "1"])
        .args(["--max-nodes", "1000000", "--timeout", "inf"])
        .assert()
        .code(0);
    let stdout = String::from_utf8(output.get_output().stdout.clone()).unwrap();
    assert_eq!(stdout.lines().count(), 3);
}

#[test]
fn the_sheet_has_a_page_of_puzzles_and_one_of_solutions() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sheet.svg");
    let lines = generated(&[
        "--size",
        "4",
        "-n",
        "8",
        "--seed",
        "2",
        "--svg",
        path.to_str().unwrap(),
    ]);
    assert_eq!(lines.lines().count(), 8);
    // Six 4x4 boards to a page: two pages of each.
    for name in [
        "sheet.svg",
        "sheet-2.svg",
        "sheet-solutions.svg",
        "sheet-solutions-2.svg",
    ] {
        let svg = std::fs::read_to_string(dir.path().join(name)).unwrap();
        assert!(
            svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
            "{name}"
        );
        assert!(svg.contains(r#"width="210mm" height="297mm""#), "{name}");
    }
}
