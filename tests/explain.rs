//! `explain` against answers found independently: the solutions of each puzzle listed by the
//! `bitmask` backtracker (not the engine that `explain` runs), the cells where they disagree
//! computed here, the suggested givens counted by `bitmask`, and their minimality checked by
//! brute force over every smaller set of cells.

use std::collections::HashMap;
use std::path::Path;

use explore::explain::{ExplainOptions, Explanation, explain};
use explore::geometry::{Cell, Digit, Shape};
use explore::{Config, Grid, Status, Strategy, format, solve};

/// Every solution, by `bitmask` (by `dfs` on 9x9 puzzles with few givens, which `bitmask`
/// takes minutes over in an unoptimised build).
fn all_solutions(puzzle: &Grid) -> Vec<Grid> {
    let strategy = if puzzle.shape().side() == 9 && puzzle.n_filled() < 30 {
        Strategy::Dfs
    } else {
        Strategy::Bitmask
    };
    let config = Config::default()
        .with_strategy(strategy)
        .with_max_solutions(None)
        .with_threads(1);
    let outcome = solve(puzzle, &config);
    assert!(outcome.is_exact(), "bitmask ends on {puzzle:?}");
    outcome.solutions
}

/// Puzzles with several solutions (at most `max` of them) from a file of `tests/data`, read
/// as the conformance suite stores them: the puzzle, then its count.
fn multi(file: &str, max: u128) -> Vec<(Grid, u128)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(file);
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter_map(|line| {
            let line = line.split('#').next().unwrap().trim();
            let mut fields = line.split_whitespace().peekable();
            // A box shape first where the cell count alone would give another.
            let shape = fields
                .next_if(|field| field.contains('x'))
                .and_then(|field| field.parse::<Shape>().ok());
            let puzzle = fields.next()?;
            let count: u128 = fields.next()?.parse().ok()?;
            let options = format::Options::default().with_shape(shape);
            (2..=max)
                .contains(&count)
                .then(|| (format::parse_one_with(puzzle, &options).unwrap(), count))
        })
        .collect()
}

/// The cells where `solutions` disagree, with their digits, computed plainly.
fn disagreements(shape: Shape, solutions: &[Grid]) -> Vec<(Cell, Vec<Digit>)> {
    shape
        .cells()
        .filter_map(|cell| {
            let mut digits: Vec<Digit> = solutions.iter().filter_map(|s| s.get(cell)).collect();
            digits.sort_unstable();
            digits.dedup();
            (digits.len() > 1).then_some((cell, digits))
        })
        .collect()
}

/// Whether some solution is alone in agreeing with itself on `cells`.
fn isolates(solutions: &[Grid], cells: &[Cell]) -> bool {
    let mut classes: HashMap<Vec<Option<Digit>>, usize> = HashMap::new();
    for solution in solutions {
        let key = cells.iter().map(|&cell| solution.get(cell)).collect();
        *classes.entry(key).or_default() += 1;
    }
    classes.values().any(|&n| n == 1)
}

/// Whether some set of `k` of `cells` isolates a solution (every such set, tried in turn).
fn some_set_isolates(solutions: &[Grid], cells: &[Cell], k: usize) -> bool {
    fn sets(
        cells: &[Cell],
        k: usize,
        chosen: &mut Vec<Cell>,
        each: &mut dyn FnMut(&[Cell]) -> bool,
    ) -> bool {
        if chosen.len() == k {
            return each(chosen);
        }
        for (i, &cell) in cells.iter().enumerate() {
            chosen.push(cell);
            let found = sets(&cells[i + 1..], k, chosen, each);
            chosen.pop();
            if found {
                return true;
            }
        }
        false
    }
    sets(cells, k, &mut Vec::new(), &mut |set| {
        isolates(solutions, set)
    })
}

/// Checks `explanation` of `puzzle`, whose count is `count`, against the independent answers;
/// the fewest givens are brute-forced when `brute` allows.
fn check(puzzle: &Grid, count: u128, explanation: &Explanation, brute: bool) {
    let solutions = all_solutions(puzzle);
    assert_eq!(solutions.len() as u128, count);
    assert_eq!(explanation.status, Status::Multiple);
    assert_eq!((explanation.count, explanation.exact), (count, true));
    assert_eq!(explanation.solutions, solutions);
    let differing: Vec<(Cell, Vec<Digit>)> = explanation
        .differing
        .iter()
        .map(|d| (d.cell, d.digits.clone()))
        .collect();
    assert_eq!(differing, disagreements(puzzle.shape(), &solutions));
    assert!(explanation.differing_exact);

    let split = explanation.split.as_ref().expect("a split");
    assert!(split.live.len() >= 2);
    assert!(split.live.iter().all(|digit| split.tried.contains(digit)));
    // Every live digit is taken by some solution that follows the path.
    for &digit in &split.live {
        assert!(solutions.iter().any(|s| {
            s.get(split.cell) == Some(digit)
                && split.path.iter().all(|g| s.get(g.cell) == Some(g.digit))
        }));
    }

    let fewest = explanation.fewest.as_ref().expect("a suggestion");
    assert!(fewest.exact && fewest.unique);
    assert_eq!(fewest.lower_bound, fewest.givens.len());
    let mut fixed = puzzle.clone();
    for given in &fewest.givens {
        assert_eq!(puzzle.get(given.cell), None, "{given} is on an empty cell");
        assert_eq!(fewest.solution.get(given.cell), Some(given.digit));
        fixed.set(given.cell, Some(given.digit));
    }
    assert_eq!(
        all_solutions(&fixed),
        std::slice::from_ref(&fewest.solution)
    );
    if brute {
        let cells: Vec<Cell> = differing.iter().map(|(cell, _)| *cell).collect();
        let k = fewest.givens.len();
        assert!(
            !some_set_isolates(&solutions, &cells, k - 1),
            "{} givens would do for {puzzle:?}",
            k - 1
        );
    }
}

#[test]
fn four_by_four_and_six_by_six_multiples_are_explained_and_their_fewest_givens_are_fewest() {
    let cases: Vec<(Grid, u128)> = ["4x4.txt", "6x6.txt", "6x6_3x2.txt"]
        .iter()
        .flat_map(|file| multi(file, 1000))
        .collect();
    assert!(cases.len() >= 15, "{} cases", cases.len());
    for (puzzle, count) in cases {
        let explanation = explain(&puzzle, &ExplainOptions::default());
        // Every set of one cell fewer, when there are few of them: all but two cases.
        let k = explanation.fewest.as_ref().unwrap().givens.len();
        let brute = k <= 2 || count <= 300;
        check(&puzzle, count, &explanation, brute);
    }
}

#[test]
fn nine_by_nine_multiples_are_explained() {
    // The 16-clue puzzles with the fewest solutions (296 and 347).
    let cases: Vec<(Grid, u128)> = multi("16_clue_multi.txt", 400);
    assert_eq!(cases.len(), 2);
    for (puzzle, count) in cases {
        let explanation = explain(&puzzle, &ExplainOptions::default());
        check(&puzzle, count, &explanation, true);
    }
}

/// A solution by the usual pattern: row r, column c of a board with boxes of `rows` x `cols`
/// holds (cols (r mod rows) + r / rows + c) mod side + 1.
fn pattern(shape: Shape) -> Grid {
    let (rows, cols, side) = (shape.box_rows(), shape.box_cols(), shape.side());
    let digits = shape.cells().map(|cell| {
        Digit::new((cols * (cell.row() % rows) + cell.row() / rows + cell.col()) % side + 1)
    });
    Grid::from_digits(shape, digits).unwrap()
}

#[test]
fn a_sixteen_by_sixteen_with_swappable_rectangles_needs_one_given_each() {
    // Rows 1 and 3 of the pattern hold the same digits shifted by eight, so in columns c and
    // c + 8 (two stacks) their digits swap: a rectangle with two solutions. Three such
    // rectangles on rows of their own: 8 solutions, 3 givens.
    let shape = Shape::for_side(16).unwrap();
    let mut puzzle = pattern(shape);
    for (r1, r2, c) in [(0, 2, 0), (1, 3, 1), (4, 6, 2)] {
        for (row, col) in [(r1, c), (r1, c + 8), (r2, c), (r2, c + 8)] {
            puzzle.set(shape.cell(row, col).unwrap(), None);
        }
    }
    let explanation = explain(&puzzle, &ExplainOptions::default());
    check(&puzzle, 8, &explanation, true);
    assert_eq!(explanation.fewest.as_ref().unwrap().givens.len(), 3);
}

#[test]
fn a_unique_puzzles_removable_givens_are_those_whose_removal_keeps_one_solution() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/6x6.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let mut minimal = 0;
    let mut not_minimal = 0;
    for line in text.lines() {
        let line = line.split('#').next().unwrap().trim();
        let mut fields = line.split_whitespace();
        let (Some(puzzle), Some(expect)) = (fields.next(), fields.next()) else {
            continue;
        };
        if expect.len() != 36 {
            continue;
        }
        let puzzle = format::parse_one(puzzle).unwrap();
        let explanation = explain(&puzzle, &ExplainOptions::default());
        assert_eq!(explanation.status, Status::Unique);
        let expected: Vec<Cell> = puzzle
            .shape()
            .cells()
            .filter(|&cell| puzzle.get(cell).is_some())
            .filter(|&cell| {
                let mut fewer = puzzle.clone();
                fewer.set(cell, None);
                all_solutions(&fewer).len() == 1
            })
            .collect();
        assert_eq!(explanation.removable.as_ref(), Some(&expected));
        if expected.is_empty() {
            minimal += 1;
            assert_eq!(explanation.is_minimal(), Some(true));
        } else {
            not_minimal += 1;
            assert_eq!(explanation.is_minimal(), Some(false));
        }
    }
    // The file has minimal puzzles and puzzles with 40% to 60% of the cells given.
    assert!(minimal >= 4 && not_minimal >= 1, "{minimal} {not_minimal}");
}

#[test]
fn no_solution_is_a_verdict_and_nothing_else() {
    let stuck = format::parse_one(".16.....536....4......52..1.4..2.1.5").unwrap();
    let explanation = explain(&stuck, &ExplainOptions::default());
    assert_eq!(explanation.status, Status::None);
    assert!(explanation.conflict.is_none());
    assert!(explanation.fewest.is_none() && explanation.differing.is_empty());
    assert!(explanation.removable.is_none() && explanation.split.is_none());
}

#[test]
fn beyond_the_cap_the_count_is_exact_and_the_suggestion_leaves_one() {
    // 862 solutions, 100 kept.
    let puzzle = format::parse_one("..3.2......4.1......5..........6....").unwrap();
    let options = ExplainOptions::default().with_max_solutions(100);
    let explanation = explain(&puzzle, &options);
    assert_eq!((explanation.count, explanation.exact), (862, true));
    assert_eq!(explanation.solutions.len(), 100);
    let solutions = all_solutions(&puzzle);
    let differing: Vec<(Cell, Vec<Digit>)> = explanation
        .differing
        .iter()
        .map(|d| (d.cell, d.digits.clone()))
        .collect();
    assert!(explanation.differing_exact);
    assert_eq!(differing, disagreements(puzzle.shape(), &solutions));
    let fewest = explanation.fewest.as_ref().unwrap();
    assert!(fewest.unique);
    let mut fixed = puzzle.clone();
    for given in &fewest.givens {
        fixed.set(given.cell, Some(given.digit));
    }
    assert_eq!(
        all_solutions(&fixed),
        std::slice::from_ref(&fewest.solution)
    );
    // The bound is proven: no set of fewer cells isolates a solution.
    let cells: Vec<Cell> = differing.iter().map(|(cell, _)| *cell).collect();
    assert!(fewest.lower_bound >= 1);
    assert!(!some_set_isolates(
        &solutions,
        &cells,
        fewest.lower_bound - 1
    ));
    // With every solution kept, the exact answer is no larger than the suggestion.
    let whole = explain(&puzzle, &ExplainOptions::default());
    let exact = whole.fewest.unwrap();
    assert!(exact.exact);
    assert!(fewest.lower_bound <= exact.givens.len() && exact.givens.len() <= fewest.givens.len());
}
