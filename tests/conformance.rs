//! Conformance: every strategy, under every combination of its options, over the same puzzle
//! files, with the expected results stored as data.
//!
//! The data sets live in `tests/data/` (samples of the shared collections, hand-made corner
//! cases, and generated sets for every board size from 4x4 to 12x12; `tests/data/README.md` says
//! how each was made). With `EXPLORE_FULL_SETS=1` the shared collections in `../shared/puzzles`
//! (see [`shared_dir`]) run as well: the full 9x9 ones, the 16x16 one (its sample always runs)
//! and the 25x25 one. A set that is not there says why it was skipped, and its tests pass.
//!
//! [`conformance!`] makes one `#[test]` per data set and variant (a strategy with its options),
//! so a failure names both: `conformance::top1465::dfs_naked_first`. Every test goes through
//! [`check`], which solves each puzzle with the public API and judges the outcome against the
//! data; a failing test lists every puzzle that failed, not just the first.
//!
//! Some strategies cannot finish some sets in reasonable time: the backtrackers infer nothing,
//! and 17-clue puzzles take them up to billions of nodes. Those pairs run under a node budget
//! that [`plan`] lists with its reason; an outcome that stopped at the budget is accepted only if
//! what it found so far is consistent with the data. Pairs where no puzzle would finish (the
//! backtrackers on 25x25) are skipped, with the reason. Anything else is checked in full.
//!
//! The property tests at the end build puzzles from known solutions, 9x9 ones and shuffled
//! pattern solutions of random shapes up to 16x16, and check the laws every strategy obeys:
//! reported solutions are complete, valid and keep the givens, and all strategies agree.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Instant;

use explore::geometry::{Digit, Shape};
use explore::{Branch, Config, Forced, Grid, Learn, Outcome, Status, Stop, Strategy, solve};

/// What a puzzle is expected to give, as written in the data files.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Expect {
    /// Exactly one solution, this one.
    Solution(Grid),
    /// Exactly one solution, not stored: the reported one is checked for validity.
    Unique,
    /// Exactly this many solutions; searched with no solution limit.
    Count(u64),
    /// This many solutions at least; searched with this solution limit, which must be reached.
    AtLeast(u64),
    /// No solution, although the givens break no rule.
    None,
    /// No solution because the givens break a rule.
    Conflict,
}

impl Expect {
    /// The solution limit to search with.
    fn max_solutions(&self) -> Option<u64> {
        match *self {
            Expect::Count(_) => None,
            Expect::AtLeast(n) => Some(n),
            _ => Config::default().max_solutions,
        }
    }

    /// Whether solutions found by a search that stopped early could still lead to this result.
    fn admits_partial(&self, solutions: &[Grid]) -> bool {
        let n = solutions.len() as u64;
        match self {
            Expect::Solution(grid) => solutions.iter().all(|found| found == grid),
            Expect::Unique => n <= 1,
            Expect::Count(count) => n <= *count,
            Expect::AtLeast(count) => n < *count,
            Expect::None | Expect::Conflict => n == 0,
        }
    }

    /// Reads the expected result of a puzzle of `shape`: a field with one character per cell
    /// is its solution, any other a verdict or a count.
    fn parse(field: &str, shape: Shape) -> Result<Expect, String> {
        match field {
            "none" => return Ok(Expect::None),
            "conflict" => return Ok(Expect::Conflict),
            "unique" => return Ok(Expect::Unique),
            _ => {}
        }
        if let Some(count) = field.strip_suffix('+') {
            return count
                .parse()
                .map(Expect::AtLeast)
                .map_err(|e| format!("bad count '{field}': {e}"));
        }
        if field.chars().count() == shape.n_cells() {
            let grid = parse_grid(field, Some(shape))?;
            if !grid.is_complete() {
                return Err(format!("solution '{field}' has empty cells"));
            }
            return Ok(Expect::Solution(grid));
        }
        field
            .parse()
            .map(Expect::Count)
            .map_err(|e| format!("bad expectation '{field}': {e}"))
    }
}

impl fmt::Display for Expect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expect::Solution(grid) => write!(f, "unique solution {}", grid.to_line()),
            Expect::Unique => write!(f, "a unique solution"),
            Expect::Count(n) => write!(f, "exactly {n} solutions"),
            Expect::AtLeast(n) => write!(f, "{n} solutions at the limit of {n}"),
            Expect::None => write!(f, "no solution"),
            Expect::Conflict => write!(f, "no solution, with a conflict"),
        }
    }
}

/// One puzzle of a data set.
#[derive(Clone, Debug)]
struct Case {
    /// Where it was read: file and line.
    origin: String,
    puzzle: Grid,
    expect: Expect,
}

/// A puzzle in the one-line form, of any size up to 35x35: its cells in reading order, `1`-`9`
/// then `A`-`Z` (either case) for the digits 1 to 35, `.` or `0` for an empty cell. The box
/// shape is `shape`, or else follows from the cell count: the squarest boxes with no more rows
/// than columns (36 cells make 6x6 with 2x3 boxes).
///
/// This reader is the suite's own, kept apart from the library's reader under test.
fn parse_grid(text: &str, shape: Option<Shape>) -> Result<Grid, String> {
    let n_cells = text.chars().count();
    let shape = match shape {
        Some(shape) if shape.n_cells() == n_cells => shape,
        Some(shape) => {
            return Err(format!(
                "'{text}' has {n_cells} cells; a {shape} board has {}",
                shape.n_cells()
            ));
        }
        None => Shape::for_cells(n_cells).ok_or_else(|| {
            format!("'{text}' has {n_cells} cells, not the square of a side from 1 to 64")
        })?,
    };
    text.chars()
        .map(|c| match c {
            '.' | '0' => Ok(None),
            _ => Digit::from_char(c)
                .and_then(|digit| shape.digit(digit.get()))
                .map(Some)
                .ok_or_else(|| format!("'{c}' is not a digit of the {shape} board")),
        })
        .collect::<Result<Vec<_>, _>>()
        .map(|cells| Grid::from_digits(shape, cells).expect("one digit of the shape per cell"))
}

/// The lines of a file that hold puzzles, with their line numbers from 1: comments (from `#`)
/// and blank lines are skipped.
fn data_lines(path: &Path) -> Result<Vec<(usize, String)>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(text
        .lines()
        .enumerate()
        .filter_map(|(n, line)| {
            let body = line.split('#').next().unwrap_or("").trim();
            (!body.is_empty()).then(|| (n + 1, body.to_owned()))
        })
        .collect())
}

/// Reads a data file of `PUZZLE EXPECTED` lines (tests/data/README.md).
fn read_cases(path: &Path) -> Result<Vec<Case>, String> {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into(),
    );
    data_lines(path)?
        .into_iter()
        .map(|(line, body)| {
            let origin = format!("{name} line {line}");
            let fields: Vec<&str> = body.split_whitespace().collect();
            let (shape, puzzle, expect) = match fields[..] {
                [puzzle, expect] => (None, puzzle, expect),
                [shape, puzzle, expect] => {
                    let shape = shape
                        .parse::<Shape>()
                        .map_err(|e| format!("{origin}: {e}"))?;
                    (Some(shape), puzzle, expect)
                }
                _ => return Err(format!("{origin}: expected '[BOX] PUZZLE EXPECTED'")),
            };
            let puzzle = parse_grid(puzzle, shape).map_err(|e| format!("{origin}: {e}"))?;
            Ok(Case {
                expect: Expect::parse(expect, puzzle.shape())
                    .map_err(|e| format!("{origin}: {e}"))?,
                puzzle,
                origin,
            })
        })
        .collect()
}

/// Reads a shared collection of bare puzzles, each expecting `expect(index, shape)`, keeping
/// every `step`-th puzzle from the first.
fn read_collection(
    path: &Path,
    step: usize,
    mut expect: impl FnMut(usize, Shape) -> Result<Expect, String>,
) -> Result<Vec<Case>, String> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    data_lines(path)?
        .into_iter()
        .enumerate()
        .step_by(step)
        .map(|(index, (line, body))| {
            let origin = format!("{name} line {line}");
            let puzzle = body.split_whitespace().next().unwrap_or("");
            let puzzle = parse_grid(puzzle, None).map_err(|e| format!("{origin}: {e}"))?;
            Ok(Case {
                expect: expect(index, puzzle.shape()).map_err(|e| format!("{origin}: {e}"))?,
                puzzle,
                origin,
            })
        })
        .collect()
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// The shared collections: `$EXPLORE_PUZZLES` if set, else the first `shared/puzzles` beside
/// the project or beside one of its ancestors (`../shared/puzzles` for the main checkout,
/// `../../shared/puzzles` for a worktree kept one level deeper).
fn shared_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("EXPLORE_PUZZLES") {
        return dir.into();
    }
    let project = Path::new(env!("CARGO_MANIFEST_DIR"));
    project
        .ancestors()
        .skip(1)
        .map(|dir| dir.join("shared/puzzles"))
        .find(|dir| dir.is_dir())
        .unwrap_or_else(|| project.join("../shared/puzzles"))
}

/// Whether the slow sets run: `EXPLORE_FULL_SETS=1`.
///
/// CI's second pass picks its tests by name (so that the optimised build does not run the quick
/// ones again): those whose name holds `full_sets`, and this suite. A test that asks here must
/// be named so, or CI would never run its slow part: asking from any other test fails it,
/// whether the switch is on or not.
pub(crate) fn full_sets() -> bool {
    let test = std::thread::current().name().map(str::to_owned);
    if let Some(test) = test.filter(|name| name != "main") {
        assert!(
            test.contains("full_sets"),
            "{test} asks for EXPLORE_FULL_SETS but lacks `full_sets` in its name, which CI's \
             second pass selects"
        );
    }
    std::env::var_os("EXPLORE_FULL_SETS").is_some_and(|v| v == "1")
}

/// Every 49th 17-clue puzzle makes the full-set slice: about a thousand, spread over the file.
const CLUE_17_STEP: usize = 49;

/// A data set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Set {
    Top1465,
    Hardest1106,
    Multi16,
    Unsolvable,
    Clue17,
    Handmade,
    /// Generated sets, one per board shape (`examples/generate.rs`).
    Four,
    Six,
    SixTall,
    Eight,
    Ten,
    Twelve,
    Sixteen,
    Janko16,
    FullTop1465,
    FullHardest1106,
    FullMulti16,
    FullUnsolvable,
    FullClue17,
    Full25,
}

/// Where a set comes from, and so when it runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Source {
    /// `tests/data/`: always.
    Data,
    /// `../shared/puzzles`, and slow: only with `EXPLORE_FULL_SETS=1`.
    Full,
}

impl Set {
    const ALL: [Set; 20] = [
        Set::Top1465,
        Set::Hardest1106,
        Set::Multi16,
        Set::Unsolvable,
        Set::Clue17,
        Set::Handmade,
        Set::Four,
        Set::Six,
        Set::SixTall,
        Set::Eight,
        Set::Ten,
        Set::Twelve,
        Set::Sixteen,
        Set::Janko16,
        Set::FullTop1465,
        Set::FullHardest1106,
        Set::FullMulti16,
        Set::FullUnsolvable,
        Set::FullClue17,
        Set::Full25,
    ];

    fn source(self) -> Source {
        match self {
            Set::Janko16
            | Set::FullTop1465
            | Set::FullHardest1106
            | Set::FullMulti16
            | Set::FullUnsolvable
            | Set::FullClue17
            | Set::Full25 => Source::Full,
            _ => Source::Data,
        }
    }

    /// The cases, read once per test run; `Err` says why the set is skipped.
    fn cases(self) -> Result<&'static [Case], &'static str> {
        static LOADED: [OnceLock<Result<Vec<Case>, String>>; Set::ALL.len()] =
            [const { OnceLock::new() }; Set::ALL.len()];
        let index = Set::ALL
            .iter()
            .position(|&set| set == self)
            .expect("listed");
        match LOADED[index].get_or_init(|| self.load()) {
            Ok(cases) => Ok(cases),
            Err(reason) => Err(reason),
        }
    }

    fn load(self) -> Result<Vec<Case>, String> {
        if self.source() == Source::Full && !full_sets() {
            return Err("full sets run only with EXPLORE_FULL_SETS=1".into());
        }
        if self.source() != Source::Data && !shared_dir().is_dir() {
            return Err(format!("{} not found", shared_dir().display()));
        }
        let cases = match self {
            Set::Top1465 => read_cases(&data_dir().join("top1465.txt")),
            Set::Hardest1106 => read_cases(&data_dir().join("hardest_1106.txt")),
            Set::Multi16 => read_cases(&data_dir().join("16_clue_multi.txt")),
            Set::Unsolvable => read_cases(&data_dir().join("unsolvable.txt")),
            Set::Clue17 => read_cases(&data_dir().join("17_clue.txt")),
            Set::Handmade => read_cases(&data_dir().join("handmade.txt")),
            Set::Four => read_cases(&data_dir().join("4x4.txt")),
            Set::Six => read_cases(&data_dir().join("6x6.txt")),
            Set::SixTall => read_cases(&data_dir().join("6x6_3x2.txt")),
            Set::Eight => read_cases(&data_dir().join("8x8.txt")),
            Set::Ten => read_cases(&data_dir().join("10x10.txt")),
            Set::Twelve => read_cases(&data_dir().join("12x12.txt")),
            Set::Sixteen => read_cases(&data_dir().join("16x16_janko.txt")),
            Set::Janko16 => read_with_solutions("16x16_janko"),
            Set::FullTop1465 => read_with_solutions("top1465"),
            Set::FullHardest1106 => read_with_solutions("hardest_1106"),
            Set::FullMulti16 => read_cases(&shared_dir().join("16_clue_multi.txt")),
            Set::FullUnsolvable => {
                read_collection(&shared_dir().join("unsolvable.txt"), 1, |_, _| {
                    Ok(Expect::None)
                })
            }
            Set::FullClue17 => {
                read_collection(&shared_dir().join("17_clue.txt"), CLUE_17_STEP, |_, _| {
                    Ok(Expect::Unique)
                })
            }
            Set::Full25 => read_with_solutions("25x25_frisch"),
        };
        // A set that cannot be read is a broken test, not a skip.
        let cases = cases.unwrap_or_else(|e| panic!("{self:?}: {e}"));
        assert!(!cases.is_empty(), "{self:?} has no puzzles");
        Ok(cases)
    }
}

/// A shared collection with its `.solutions` file, line by line.
fn read_with_solutions(name: &str) -> Result<Vec<Case>, String> {
    let solutions = data_lines(&shared_dir().join(format!("{name}.solutions")))?;
    let cases = read_collection(
        &shared_dir().join(format!("{name}.txt")),
        1,
        |index, shape| {
            let (_, line) = solutions
                .get(index)
                .ok_or_else(|| format!("no solution line for puzzle {}", index + 1))?;
            Expect::parse(line, shape)
        },
    )?;
    if cases.len() != solutions.len() {
        return Err(format!(
            "{name}: {} puzzles but {} solutions",
            cases.len(),
            solutions.len()
        ));
    }
    Ok(cases)
}

/// How a strategy runs over a set.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Plan {
    /// Every puzzle must give exactly the expected result.
    Full,
    /// Under a node budget: a puzzle may stop at the budget, with what it found so far
    /// consistent with the data.
    Budget {
        max_nodes: u64,
        reason: &'static str,
    },
    /// Not run: no puzzle of the set would finish in reasonable time.
    Skip { reason: &'static str },
}

/// Whether the tests run unoptimised, where some plans need a budget that an optimised build
/// does not.
const DEBUG_BUILD: bool = cfg!(debug_assertions);

/// The plan for `config` on `set`: in full unless listed here with the reason.
fn plan(set: Set, config: &Config) -> Plan {
    const SEVENTEEN: &str = "17-clue puzzles take the backtrackers from a million to billions of \
                             nodes each (0.1 s to minutes)";
    const COUNTING: &str = "counting every solution of a 16-clue puzzle takes the backtrackers \
                            from two million to tens of billions of nodes";
    const TEXTBOOK: &str = "the textbook backtracker needs about 3 billion nodes for top1465 and \
                            0.8 billion for hardest_1106 (minutes); bitmask runs them in full";
    const NAKED: &str = "with naked singles alone, bfs and dfs need up to 8 million boards for \
                         a 16- or 17-clue puzzle (minutes unoptimised); optimised builds run \
                         them in full";
    const NAKED_FIRST: &str = "naked singles with first-cell branching need up to 8 million \
                               boards per 16- or 17-clue puzzle (over 6 minutes for bfs on the \
                               17-clue slice); the samples run them in full when optimised";
    const MINIMAL: &str = "minimal 10x10 and 12x12 puzzles take the backtrackers from a million \
                           to hundreds of millions of nodes each (seconds to minutes)";
    const NAKED_LARGE: &str = "with naked singles alone, bfs and dfs need up to 250,000 boards \
                               for a minimal 10x10 or 12x12 puzzle (a minute unoptimised); \
                               optimised builds run them in full";
    const JANKO: &str = "the backtrackers need from 30,000 to over 100 million nodes for a \
                         16x16 puzzle (bitmask takes over 5 s on 20 of the 55)";
    const JANKO_DEBUG: &str = "the backtrackers need from 30,000 to over 100 million nodes for a \
                               16x16 puzzle; unoptimised, the 16x16 sample runs them instead";
    const NAKED_JANKO: &str = "with naked singles alone, bfs and dfs need up to 30 million \
                               boards for a 16x16 puzzle (over 30 s optimised), and about half of \
                               the 55 over 2,000";
    const BACKTRACK_25: &str = "the backtrackers infer nothing, and a minimal 25x25 puzzle has \
                                over 400 empty cells: none finishes in minutes";
    const NAKED_25: &str = "with naked singles alone, bfs and dfs finish no 25x25 puzzle of the \
                            set in minutes";
    const FRISCH: &str = "the minimal 25x25 puzzles take bfs and dfs over a million boards \
                          (minutes), the two easier ones 650,000 boards (10 s optimised)";
    const FRISCH_SUBSETS: &str = "with the subsets rule the two easier 25x25 puzzles take about \
                                  11,000 boards each and are checked in full; the minimal ones \
                                  take a million boards and more";
    const PROBE_FULL: &str = "looking ahead costs up to 64 boards per branch: the probe rule \
                              runs on every sample and size set and, of the full 9x9 sets, on \
                              hardest_1106";
    const FRISCH_PROBE: &str = "with look-ahead the two easier 25x25 puzzles take under 1,000 \
                                boards with the subsets rule; each board costs up to 64 more";
    const PROBE_DEBUG: &str = "unoptimised, looking ahead up to 64 boards per branch takes \
                               the empty board's hundred solutions and the 16x16 set a minute \
                               per variant; optimised builds run them in full";
    const EMPTY_DEBUG: &str = "breadth-first, the empty board makes some 60,000 boards before \
                               its first solution: unoptimised, five seconds per variant with \
                               the subsets rule; optimised builds run it in full";
    const FRISCH_LEARN: &str = "learning, the easier 25x25 puzzles take under 20,000 guesses \
                                and the hardest minimal ones several hundred thousand";
    let budget = |max_nodes, reason| Plan::Budget { max_nodes, reason };
    let probe = config.branch == Branch::Probe;
    let naked = config.forced == Forced::Naked;
    let naked_first = naked && config.branch == Branch::First;
    match (set, config.strategy) {
        (Set::Full25, Strategy::Dfs) if config.learns() => budget(20_000, FRISCH_LEARN),
        (Set::Full25, Strategy::Bfs) if config.conquers() => budget(30_000, FRISCH_LEARN),
        (Set::FullClue17 | Set::FullMulti16 | Set::FullTop1465 | Set::FullUnsolvable, _)
            if probe =>
        {
            Plan::Skip { reason: PROBE_FULL }
        }
        (Set::Handmade | Set::Janko16, Strategy::Bfs | Strategy::Dfs) if probe && DEBUG_BUILD => {
            budget(2_000, PROBE_DEBUG)
        }
        (Set::Handmade, Strategy::Bfs) if DEBUG_BUILD => budget(2_000, EMPTY_DEBUG),
        (Set::Full25, Strategy::Bfs | Strategy::Dfs) if naked => Plan::Skip { reason: NAKED_25 },
        (Set::Full25, Strategy::Bfs | Strategy::Dfs) if probe => budget(1_000, FRISCH_PROBE),
        (Set::Full25, Strategy::Bfs | Strategy::Dfs) if config.forced == Forced::Subsets => {
            budget(12_000, FRISCH_SUBSETS)
        }
        (Set::Full25, Strategy::Bfs | Strategy::Dfs) => budget(5_000, FRISCH),
        (Set::Full25, _) => Plan::Skip {
            reason: BACKTRACK_25,
        },
        (Set::Ten | Set::Twelve, Strategy::Bfs | Strategy::Dfs) if naked && DEBUG_BUILD => {
            budget(2_000, NAKED_LARGE)
        }
        (Set::Janko16, Strategy::Bfs | Strategy::Dfs) if naked && DEBUG_BUILD => {
            budget(2_000, NAKED_JANKO)
        }
        (Set::Janko16, Strategy::Bfs | Strategy::Dfs) if naked => budget(500_000, NAKED_JANKO),
        (Set::Clue17 | Set::Multi16, Strategy::Bfs | Strategy::Dfs) if naked && DEBUG_BUILD => {
            budget(10_000, NAKED)
        }
        (Set::FullClue17 | Set::FullMulti16, Strategy::Bfs | Strategy::Dfs) if naked_first => {
            budget(20_000, NAKED_FIRST)
        }
        (_, Strategy::Bfs | Strategy::Dfs) => Plan::Full,
        // The samples run in debug builds too: budgets that take a second or two there.
        (Set::Clue17, _) => budget(50_000, SEVENTEEN),
        (Set::Multi16, _) => budget(100_000, COUNTING),
        (Set::FullClue17, Strategy::Bitmask) => budget(500_000, SEVENTEEN),
        (Set::FullClue17, _) => budget(100_000, SEVENTEEN),
        (Set::FullMulti16, Strategy::Bitmask) => budget(2_000_000, COUNTING),
        (Set::FullMulti16, _) => budget(500_000, COUNTING),
        (Set::FullTop1465 | Set::FullHardest1106, Strategy::Backtrack) => budget(500_000, TEXTBOOK),
        (Set::Ten | Set::Twelve, _) if DEBUG_BUILD => budget(20_000, MINIMAL),
        (Set::Ten | Set::Twelve, Strategy::Bitmask) => budget(5_000_000, MINIMAL),
        (Set::Ten | Set::Twelve, _) => budget(1_000_000, MINIMAL),
        (Set::Janko16, _) if DEBUG_BUILD => Plan::Skip {
            reason: JANKO_DEBUG,
        },
        (Set::Janko16, Strategy::Bitmask) => budget(5_000_000, JANKO),
        (Set::Janko16, _) => budget(1_000_000, JANKO),
        _ => Plan::Full,
    }
}

/// What became of one puzzle.
enum Verdict {
    /// The outcome is exactly the expected one.
    Verified,
    /// Stopped at the budget, with nothing inconsistent found.
    GaveUp,
}

/// Judges `outcome` of `case`, searched under `plan`.
fn judge(case: &Case, outcome: &Outcome, plan: Plan, counting: bool) -> Result<Verdict, String> {
    let solutions = &outcome.solutions;
    let kept = if counting { 0 } else { outcome.count };
    if solutions.len() as u128 != kept {
        return Err(format!(
            "{} solutions kept, {} counted",
            solutions.len(),
            outcome.count
        ));
    }
    if !solutions.windows(2).all(|pair| pair[0] < pair[1]) {
        return Err("solutions are not sorted and distinct".into());
    }
    if let Some(bad) = solutions.iter().find(|s| !s.is_solution_of(&case.puzzle)) {
        return Err(format!("{} is not a solution", bad.to_line()));
    }
    if outcome.conflict.is_some() != (case.expect == Expect::Conflict) {
        return Err(format!("conflict reported: {:?}", outcome.conflict));
    }
    if let Some(limit) = case.expect.max_solutions() {
        if outcome.count > u128::from(limit) {
            return Err(format!("{} solutions, over the limit", outcome.count));
        }
    }
    if matches!(outcome.stop, Stop::NodeBudget | Stop::Timeout) {
        // Whether the budget itself was kept is for
        // `no_strategy_creates_more_nodes_than_its_budget`.
        if plan == Plan::Full {
            return Err(format!("stopped without a budget: {}", outcome.verdict()));
        }
        if !case.expect.admits_partial(solutions) {
            return Err(format!(
                "expected {}, but before the budget it found {} solutions",
                case.expect,
                solutions.len()
            ));
        }
        return Ok(Verdict::GaveUp);
    }
    let n = outcome.count;
    let status = outcome.status();
    let matches = match &case.expect {
        // Counting keeps no solution to compare: the count and the status say it all.
        Expect::Solution(grid) => {
            status == Status::Unique && (counting || solutions[..] == [grid.clone()])
        }
        Expect::Unique => status == Status::Unique,
        Expect::Count(count) => outcome.is_exact() && n == u128::from(*count),
        Expect::AtLeast(count) => outcome.stop == Stop::SolutionLimit && n == u128::from(*count),
        Expect::None | Expect::Conflict => status == Status::None,
    };
    if matches {
        Ok(Verdict::Verified)
    } else {
        Err(format!(
            "expected {}, got {} ({} solutions, {:?})",
            case.expect, status, n, outcome.stop
        ))
    }
}

/// Puzzles of a set that each variant solves in an unoptimised build, where the whole suite
/// would take minutes more: spread evenly over the set, so that every variant still meets every
/// set and every part of it. The hand-made cases, each a corner of the search, always run
/// whole.
const DEBUG_SAMPLE: usize = 6;

/// The variants that solve every puzzle of the shared sets in CI's optimised pass: the
/// program's defaults (breadth-first on one and two threads, depth-first), the bookkeeping
/// backtracker, and the count on many threads. Each of the others solves every
/// [`FULL_STRIDE`]th puzzle there, a spread sample of hundreds of 9x9 puzzles per set: forty
/// variants over every puzzle took CI nine minutes, most of them spent on the same puzzles
/// through rules that differ from the defaults only in how much they infer.
const WHOLE: [&str; 5] = [
    "bfs_locked_fewest_1",
    "bfs_locked_fewest_2",
    "dfs_locked_fewest",
    "bitmask",
    "bfs_count_7",
];

/// The stride of the variants not in [`WHOLE`] through a shared set in the optimised pass.
const FULL_STRIDE: usize = 4;

/// The stride through a set of `len` puzzles for `variant`: every puzzle of the data sets in
/// an optimised build, a sample of [`DEBUG_SAMPLE`] in an unoptimised one, and a stride of
/// [`FULL_STRIDE`] through the shared sets but for the [`WHOLE`] variants.
fn sample_step(set: Set, variant: &str, len: usize) -> usize {
    if set == Set::Handmade {
        1
    } else if DEBUG_BUILD {
        len.div_ceil(DEBUG_SAMPLE).max(1)
    } else if set.source() == Source::Full && !WHOLE.contains(&variant) {
        FULL_STRIDE
    } else {
        1
    }
}

/// Runs `config` over every puzzle of `set`, or a spread sample of them ([`sample_step`]), and
/// fails listing every puzzle that disagrees with the data.
fn check(set: Set, variant: &str, config: Config) {
    let cases = match set.cases() {
        Ok(cases) => cases,
        Err(reason) => {
            eprintln!("{set:?} / {variant}: skipped: {reason}");
            return;
        }
    };
    let plan = plan(set, &config);
    let max_nodes = match plan {
        Plan::Full => None,
        Plan::Budget { max_nodes, .. } => Some(max_nodes),
        Plan::Skip { reason } => {
            eprintln!("{set:?} / {variant}: skipped: {reason}");
            return;
        }
    };
    let start = Instant::now();
    let (mut verified, mut gave_up) = (0, 0);
    let mut failures = Vec::new();
    let step = sample_step(set, variant, cases.len());
    let cases_len = cases.len();
    let cases: Vec<&Case> = cases.iter().step_by(step).collect();
    for case in cases.iter().copied() {
        let config = config
            .clone()
            .with_max_solutions(case.expect.max_solutions())
            .with_max_nodes(max_nodes);
        let outcome = solve(&case.puzzle, &config);
        match judge(case, &outcome, plan, !config.keep_solutions) {
            Ok(Verdict::Verified) => verified += 1,
            Ok(Verdict::GaveUp) => gave_up += 1,
            Err(why) => failures.push(format!(
                "  {}: {}\n    {why}",
                case.origin,
                case.puzzle.to_line()
            )),
        }
    }
    let budget = match plan {
        Plan::Full | Plan::Skip { .. } => String::new(),
        Plan::Budget { max_nodes, reason } => {
            format!(", {gave_up} stopped at the budget of {max_nodes} nodes ({reason})")
        }
    };
    let sampled = if step > 1 {
        format!(" (every {step}th of {})", cases_len)
    } else {
        String::new()
    };
    eprintln!(
        "{set:?} / {variant}: {} puzzles{sampled}, {verified} verified{budget}, {:.2} s",
        cases.len(),
        start.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{set:?} / {variant}: {} of {} puzzles failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// The breadth-first engine with these options.
fn bfs(forced: Forced, branch: Branch, threads: usize) -> Config {
    Config::default()
        .with_strategy(Strategy::Bfs)
        .with_forced(forced)
        .with_branch(branch)
        .with_threads(threads)
}

/// The depth-first search over the same boards, with these options.
fn dfs(forced: Forced, branch: Branch) -> Config {
    Config::default()
        .with_strategy(Strategy::Dfs)
        .with_forced(forced)
        .with_branch(branch)
        .with_threads(1)
}

/// A strategy without options.
fn plain(strategy: Strategy) -> Config {
    Config::default().with_strategy(strategy).with_threads(1)
}

/// Makes a module per data set with a `#[test]` per variant, and `variants()` listing them.
macro_rules! conformance {
    (sets: [$($set:ident = $value:expr),+ $(,)?], variants: $variants:tt) => {
        $(conformance!(@set $set = $value; $variants);)+

        /// Every variant that keeps its solutions, by name, for the tests that compare
        /// solutions across variants; the counting ones (`--count`) run over every data set,
        /// where [`check`] judges their counts.
        fn variants() -> Vec<(&'static str, Config)> {
            let all: Vec<(&'static str, Config)> = conformance!(@list $variants);
            all.into_iter().filter(|(_, config)| config.keep_solutions).collect()
        }

        /// The name of every variant, counting ones included.
        fn variant_names() -> Vec<&'static str> {
            let all: Vec<(&'static str, Config)> = conformance!(@list $variants);
            all.into_iter().map(|(name, _)| name).collect()
        }
    };
    (@set $set:ident = $value:expr; [$($variant:ident = $config:expr),+ $(,)?]) => {
        mod $set {
            use super::*;
            $(
                #[test]
                fn $variant() {
                    check($value, stringify!($variant), $config);
                }
            )+
        }
    };
    (@list [$($variant:ident = $config:expr),+ $(,)?]) => {
        vec![$((stringify!($variant), $config)),+]
    };
}

conformance! {
    sets: [
        top1465 = Set::Top1465,
        hardest_1106 = Set::Hardest1106,
        multi_16 = Set::Multi16,
        unsolvable = Set::Unsolvable,
        clue_17 = Set::Clue17,
        handmade = Set::Handmade,
        full_sets_top1465 = Set::FullTop1465,
        full_sets_hardest_1106 = Set::FullHardest1106,
        full_sets_multi_16 = Set::FullMulti16,
        full_sets_unsolvable = Set::FullUnsolvable,
        full_sets_clue_17 = Set::FullClue17,
        size_4x4 = Set::Four,
        size_6x6 = Set::Six,
        size_6x6_3x2 = Set::SixTall,
        size_8x8 = Set::Eight,
        size_10x10 = Set::Ten,
        size_12x12 = Set::Twelve,
        size_16x16 = Set::Sixteen,
        full_sets_janko_16x16 = Set::Janko16,
        full_sets_frisch_25x25 = Set::Full25,
    ],
    variants: [
        bfs_naked_first_1 = bfs(Forced::Naked, Branch::First, 1),
        bfs_naked_first_2 = bfs(Forced::Naked, Branch::First, 2),
        bfs_naked_fewest_1 = bfs(Forced::Naked, Branch::Fewest, 1),
        bfs_naked_fewest_2 = bfs(Forced::Naked, Branch::Fewest, 2),
        bfs_hidden_first_1 = bfs(Forced::Hidden, Branch::First, 1),
        bfs_hidden_first_2 = bfs(Forced::Hidden, Branch::First, 2),
        bfs_hidden_fewest_1 = bfs(Forced::Hidden, Branch::Fewest, 1),
        bfs_hidden_fewest_2 = bfs(Forced::Hidden, Branch::Fewest, 2),
        bfs_locked_first_1 = bfs(Forced::Locked, Branch::First, 1),
        bfs_locked_first_2 = bfs(Forced::Locked, Branch::First, 2),
        bfs_locked_fewest_1 = bfs(Forced::Locked, Branch::Fewest, 1),
        bfs_locked_fewest_2 = bfs(Forced::Locked, Branch::Fewest, 2),
        bfs_subsets_first_1 = bfs(Forced::Subsets, Branch::First, 1),
        bfs_subsets_first_2 = bfs(Forced::Subsets, Branch::First, 2),
        bfs_subsets_fewest_1 = bfs(Forced::Subsets, Branch::Fewest, 1),
        bfs_subsets_fewest_2 = bfs(Forced::Subsets, Branch::Fewest, 2),
        bfs_naked_probe_1 = bfs(Forced::Naked, Branch::Probe, 1),
        bfs_naked_probe_2 = bfs(Forced::Naked, Branch::Probe, 2),
        bfs_hidden_probe_1 = bfs(Forced::Hidden, Branch::Probe, 1),
        bfs_hidden_probe_2 = bfs(Forced::Hidden, Branch::Probe, 2),
        bfs_locked_probe_1 = bfs(Forced::Locked, Branch::Probe, 1),
        bfs_locked_probe_2 = bfs(Forced::Locked, Branch::Probe, 2),
        bfs_subsets_probe_1 = bfs(Forced::Subsets, Branch::Probe, 1),
        bfs_subsets_probe_2 = bfs(Forced::Subsets, Branch::Probe, 2),
        // A frontier of a few boards: almost every board overflows into the workers' stacks.
        bfs_small_frontier_2 = bfs(Forced::Naked, Branch::First, 2).with_max_frontier(4),
        dfs_naked_first = dfs(Forced::Naked, Branch::First),
        dfs_naked_fewest = dfs(Forced::Naked, Branch::Fewest),
        dfs_hidden_first = dfs(Forced::Hidden, Branch::First),
        dfs_hidden_fewest = dfs(Forced::Hidden, Branch::Fewest),
        dfs_locked_first = dfs(Forced::Locked, Branch::First),
        dfs_locked_fewest = dfs(Forced::Locked, Branch::Fewest),
        dfs_subsets_first = dfs(Forced::Subsets, Branch::First),
        dfs_subsets_fewest = dfs(Forced::Subsets, Branch::Fewest),
        dfs_naked_probe = dfs(Forced::Naked, Branch::Probe),
        dfs_hidden_probe = dfs(Forced::Hidden, Branch::Probe),
        dfs_locked_probe = dfs(Forced::Locked, Branch::Probe),
        dfs_subsets_probe = dfs(Forced::Subsets, Branch::Probe),
        bfs_learn_hidden_2 = bfs(Forced::Hidden, Branch::Fewest, 2).with_learn(Learn::Clauses),
        bfs_learn_subsets_2 = bfs(Forced::Subsets, Branch::Fewest, 2).with_learn(Learn::Clauses),
        bfs_learn_conflicts_2 =
            bfs(Forced::Subsets, Branch::Conflicts, 2).with_learn(Learn::Clauses),
        dfs_learn_locked = dfs(Forced::Locked, Branch::Fewest).with_learn(Learn::Clauses),
        dfs_learn_subsets = dfs(Forced::Subsets, Branch::Fewest).with_learn(Learn::Clauses),
        // Cube and conquer: a few cubes on one thread, the default number on three.
        bfs_cubes_subsets_1 = bfs(Forced::Subsets, Branch::Fewest, 1)
            .with_learn(Learn::Cubes)
            .with_cubes(8),
        bfs_cubes_locked_3 = bfs(Forced::Locked, Branch::Fewest, 3).with_learn(Learn::Cubes),
        bitmask = plain(Strategy::Bitmask),
        backtrack = plain(Strategy::Backtrack),
        // Counting without keeping (`--count`): the same counts, on 1 and 7 threads.
        bfs_count_1 = bfs(Forced::Locked, Branch::Fewest, 1).with_keep_solutions(false),
        bfs_count_7 = bfs(Forced::Locked, Branch::Fewest, 7).with_keep_solutions(false),
        dfs_count = dfs(Forced::Locked, Branch::Fewest).with_keep_solutions(false),
        dfs_learn_count = dfs(Forced::Locked, Branch::Fewest)
            .with_learn(Learn::Clauses)
            .with_keep_solutions(false),
        bfs_cubes_count_2 = bfs(Forced::Locked, Branch::Fewest, 2)
            .with_learn(Learn::Cubes)
            .with_cubes(16)
            .with_keep_solutions(false),
        bitmask_count = plain(Strategy::Bitmask).with_keep_solutions(false),
    ]
}

#[test]
fn the_variants_cover_every_strategy_and_option() {
    let variants = variants();
    for &strategy in Strategy::ALL {
        assert!(
            variants.iter().any(|(_, c)| c.strategy == strategy),
            "{strategy} is not run"
        );
    }
    for &forced in Forced::ALL {
        // The conflicts rule weighs cells by the clauses learned: it runs with learning.
        for &branch in Branch::ALL.iter().filter(|&&b| b != Branch::Conflicts) {
            let has = |strategy, threads| {
                variants.iter().any(|(_, c)| {
                    c.strategy == strategy
                        && (c.forced, c.branch, c.threads) == (forced, branch, threads)
                })
            };
            assert!(has(Strategy::Dfs, 1), "dfs {forced} {branch} is not run");
            for threads in [1, 2] {
                assert!(
                    has(Strategy::Bfs, threads),
                    "bfs {forced} {branch} with {threads} threads is not run"
                );
            }
        }
    }
    // The default, auto, is off on 9x9 (and cubes beyond 16x16, run on the frisch set).
    const NINE: explore::geometry::Shape = explore::geometry::Shape::NINE;
    for &learn in Learn::ALL.iter().filter(|&&l| l != Learn::Auto) {
        // Cubes are cut by the breadth-first search: dfs learns as with clauses.
        let strategies: &[Strategy] = if learn == Learn::Cubes {
            &[Strategy::Bfs]
        } else {
            &[Strategy::Bfs, Strategy::Dfs]
        };
        for &strategy in strategies {
            assert!(
                variants
                    .iter()
                    .any(|(_, c)| c.strategy == strategy && c.learn_for(NINE) == learn),
                "{strategy} --learn {learn} is not run"
            );
        }
    }
    assert!(
        variants
            .iter()
            .any(|(_, c)| c.branch == Branch::Conflicts && c.learns()),
        "--branch conflicts is not run"
    );
    let mut names: Vec<&str> = variants.iter().map(|(name, _)| *name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), variants.len(), "variant names repeat");
}

#[test]
fn the_variants_that_run_every_shared_puzzle_exist() {
    let names = variant_names();
    for whole in WHOLE {
        assert!(names.contains(&whole), "{whole} is not a variant");
    }
    // The program's defaults are among them, on one thread and on more.
    let defaults = Config::default();
    assert!(variants().iter().any(|(name, config)| {
        WHOLE.contains(name)
            && config.strategy == defaults.strategy
            && config.forced == defaults.forced
            && config.branch == defaults.branch
            && config.threads == 1
    }));
}

#[test]
fn the_data_files_read_and_hold_what_their_readme_says() {
    let sizes = [
        (Set::Top1465, 30),
        (Set::Hardest1106, 20),
        (Set::Multi16, 10),
        (Set::Unsolvable, 10),
        (Set::Clue17, 20),
    ];
    for (set, n) in sizes {
        let cases = set.cases().expect("samples are always there");
        assert_eq!(cases.len(), n, "{set:?}");
        for case in cases {
            assert_eq!(case.puzzle.conflict(), None, "{}", case.origin);
            match (set, &case.expect) {
                (Set::Top1465 | Set::Hardest1106 | Set::Clue17, Expect::Solution(grid)) => {
                    assert!(grid.is_solution_of(&case.puzzle), "{}", case.origin);
                }
                (Set::Multi16, Expect::Count(count)) => assert!(*count <= 2000),
                (Set::Unsolvable, Expect::None) => {}
                _ => panic!("{}: unexpected {}", case.origin, case.expect),
            }
        }
    }
    let handmade = Set::Handmade.cases().expect("always there");
    for kind in [
        Expect::AtLeast(100),
        Expect::Conflict,
        Expect::None,
        Expect::Count(2),
    ] {
        assert!(handmade.iter().any(|case| case.expect == kind), "{kind}");
    }
    assert!(
        handmade
            .iter()
            .any(|case| case.puzzle.n_filled() == case.puzzle.shape().n_cells() - 1)
    );
}

/// The generated sets hold every kind of case on the shape their name says, and the 16x16
/// sample its five stored solutions (tests/data/README.md).
#[test]
fn every_size_has_its_set_with_every_kind_of_case() {
    let sets = [
        (Set::Four, (2, 2)),
        (Set::Six, (2, 3)),
        (Set::SixTall, (3, 2)),
        (Set::Eight, (2, 4)),
        (Set::Ten, (2, 5)),
        (Set::Twelve, (3, 4)),
    ];
    for (set, (rows, cols)) in sets {
        let shape = Shape::new(rows, cols).expect("a shape");
        let cases = set.cases().expect("always there");
        let count = |kind: fn(&Expect) -> bool| cases.iter().filter(|c| kind(&c.expect)).count();
        assert!(count(|e| matches!(e, Expect::Solution(_))) >= 8, "{set:?}");
        assert!(count(|e| matches!(e, Expect::Count(2..))) >= 6, "{set:?}");
        assert_eq!(count(|e| matches!(e, Expect::AtLeast(_))), 1, "{set:?}");
        assert!(count(|e| *e == Expect::None) >= 3, "{set:?}");
        assert_eq!(count(|e| *e == Expect::Conflict), 1, "{set:?}");
        for case in cases {
            assert_eq!(case.puzzle.shape(), shape, "{}", case.origin);
            let conflict = case.puzzle.conflict().is_some();
            assert_eq!(conflict, case.expect == Expect::Conflict, "{}", case.origin);
            if let Expect::Solution(grid) = &case.expect {
                assert!(grid.is_solution_of(&case.puzzle), "{}", case.origin);
            }
        }
    }
    let four = Set::Four.cases().expect("always there");
    let empty = Grid::empty(Shape::new(2, 2).expect("a shape"));
    assert!(
        four.iter()
            .any(|case| case.puzzle == empty && case.expect == Expect::Count(288))
    );
    let sixteen = Set::Sixteen.cases().expect("always there");
    assert_eq!(sixteen.len(), 5);
    for case in sixteen {
        assert_eq!(case.puzzle.shape(), Shape::new(4, 4).expect("a shape"));
        let Expect::Solution(grid) = &case.expect else {
            panic!("{}: unexpected {}", case.origin, case.expect);
        };
        assert!(grid.is_solution_of(&case.puzzle), "{}", case.origin);
    }
}

/// The empty 4x4 board has exactly 288 solutions: every variant finds them all, `bfs` with one
/// thread and with two alike.
#[test]
fn the_empty_4x4_board_has_288_solutions() {
    let empty = Grid::empty(Shape::new(2, 2).expect("a shape"));
    for (name, config) in variants() {
        let config = config.with_max_solutions(None);
        let outcome = solve(&empty, &config);
        assert_eq!(outcome.stop, Stop::Exhausted, "{name}");
        assert_eq!(outcome.solutions.len(), 288, "{name}");
        assert!(outcome.solutions.windows(2).all(|pair| pair[0] < pair[1]));
        assert!(outcome.solutions.iter().all(|s| s.is_solution_of(&empty)));
    }
}

/// A file of puzzles or solutions written in numbers, one per line (`0` for an empty cell), for
/// the boards above 35x35 that the one-line form cannot write; the suite's own reader too.
fn read_numbers(path: &Path) -> Vec<(String, Grid)> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let lines = data_lines(path).unwrap_or_else(|e| panic!("{e}"));
    lines
        .into_iter()
        .map(|(line, body)| {
            let origin = format!("{name} line {line}");
            let values: Vec<usize> = body
                .split_whitespace()
                .map(|t| t.parse().unwrap_or_else(|_| panic!("{origin}: '{t}'")))
                .collect();
            let shape = Shape::for_cells(values.len())
                .unwrap_or_else(|| panic!("{origin}: {} cells", values.len()));
            let digits = values.iter().map(|&v| {
                (v > 0).then(|| {
                    shape
                        .digit(v)
                        .unwrap_or_else(|| panic!("{origin}: {v} is not a digit"))
                })
            });
            let grid = Grid::from_digits(shape, digits).expect("one digit per cell");
            (origin, grid)
        })
        .collect()
}

/// The 36x36 sample (`tests/data/36x36.txt`, with its solutions proven unique by CaDiCaL,
/// tests/data/README.md): `bfs` and `dfs` with the large-board rules find exactly one solution
/// for each puzzle, the stored one, `bfs` on one thread and on two.
#[test]
fn size_36x36_puzzles_have_their_one_stored_solution() {
    let puzzles = have_their_stored_solutions("36x36", Shape::new(6, 6).expect("a shape"));
    assert_eq!(puzzles.len(), 2);
}

/// The 49x49 sample (`tests/data/49x49.txt`, its solution proven unique by CaDiCaL,
/// tests/data/README.md): boxes of 7x7, digits up to 49 read in numbers; `bfs` and `dfs` with
/// the large-board rules find exactly the stored solution, `bfs` on one thread and on two.
#[test]
fn size_49x49_puzzle_has_its_one_stored_solution() {
    let puzzles = have_their_stored_solutions("49x49", Shape::new(7, 7).expect("a shape"));
    assert_eq!(puzzles.len(), 1);
    assert_eq!(puzzles[0].1.n_filled(), 1400);
}

/// Checks that the puzzles of `tests/data/NAME.txt`, of `shape`, have exactly their stored
/// solutions (`NAME.solutions`) under `bfs` on one and two threads and `dfs`, with the
/// large-board rules; returns the puzzles.
fn have_their_stored_solutions(name: &str, shape: Shape) -> Vec<(String, Grid)> {
    let puzzles = read_numbers(&data_dir().join(format!("{name}.txt")));
    let solutions = read_numbers(&data_dir().join(format!("{name}.solutions")));
    assert_eq!(solutions.len(), puzzles.len());
    let variants = [
        (
            "bfs_subsets_probe_1",
            bfs(Forced::Subsets, Branch::Probe, 1),
        ),
        (
            "bfs_subsets_probe_2",
            bfs(Forced::Subsets, Branch::Probe, 2),
        ),
        ("dfs_subsets_fewest", dfs(Forced::Subsets, Branch::Fewest)),
    ];
    for ((origin, puzzle), (_, solution)) in puzzles.iter().zip(&solutions) {
        assert_eq!(puzzle.shape(), shape, "{origin}");
        assert!(solution.is_solution_of(puzzle), "{origin}");
        for (name, config) in &variants {
            let outcome = solve(puzzle, config);
            assert_eq!(outcome.stop, Stop::Exhausted, "{origin} / {name}");
            assert_eq!(
                outcome.solutions,
                std::slice::from_ref(solution),
                "{origin} / {name}"
            );
        }
    }
    puzzles
}

/// The suite's own reader takes every size up to 35x35 and refuses what no board has.
#[test]
fn grids_of_every_size_parse() {
    let four = parse_grid("1234341221434321", None).expect("a 4x4 grid");
    assert_eq!(four.shape(), Shape::new(2, 2).expect("a shape"));
    assert!(four.is_complete());
    let six = parse_grid(&".".repeat(36), None).expect("a 6x6 grid");
    assert_eq!(six.shape(), Shape::new(2, 3).expect("a shape"));
    let tall = Shape::new(3, 2).expect("a shape");
    assert_eq!(
        parse_grid(&".".repeat(36), Some(tall)).map(|g| g.shape()),
        Ok(tall)
    );
    let sixteen = "g".to_owned() + &"0".repeat(255);
    let sixteen = parse_grid(&sixteen, None).expect("a 16x16 grid");
    assert_eq!(sixteen.n_filled(), 1);
    assert_eq!(sixteen.as_slice()[0], 16);
    // A symbol above the side, a cell count that is no square, a shape of another size.
    assert!(parse_grid(&("5".to_owned() + &".".repeat(15)), None).is_err());
    assert!(parse_grid(&".".repeat(80), None).is_err());
    assert!(parse_grid(&".".repeat(16), Some(tall)).is_err());
    assert_eq!(
        Expect::parse("1234341221434321", four.shape()),
        Ok(Expect::Solution(four.clone()))
    );
    assert_eq!(Expect::parse("288", four.shape()), Ok(Expect::Count(288)));
}

#[test]
fn expectations_parse() {
    let nine = Shape::NINE;
    assert_eq!(Expect::parse("none", nine), Ok(Expect::None));
    assert_eq!(Expect::parse("conflict", nine), Ok(Expect::Conflict));
    assert_eq!(Expect::parse("1485", nine), Ok(Expect::Count(1485)));
    assert_eq!(Expect::parse("100+", nine), Ok(Expect::AtLeast(100)));
    assert!(Expect::parse("12x", nine).is_err());
    assert!(Expect::parse(&".".repeat(81), nine).is_err());
    assert!(parse_grid("12", None).is_err());
}

/// The budget is a promise about nodes created: `Config::max_nodes` says "give up after
/// creating this many boards (search nodes); deterministic", so no strategy may create more, and
/// every run must stop at the same place. (`Budget::check(n)` stops once `n` exceeds the budget,
/// so it must be asked with the count including the node about to be created.) Threaded runs are
/// repeated, since timing could change where they stop.
#[test]
fn every_strategy_keeps_its_node_budget_exactly() {
    keeps_its_node_budgets_exactly(&[1, 10, 1000]);
}

/// The same at a budget three times larger, past more of the breadth-first level being cut:
/// the look-ahead of `probe` under `subsets` is costly on the empty board, and this budget
/// alone took a debug build forty seconds, so it runs with the slow sets.
#[test]
fn full_sets_every_strategy_keeps_a_larger_node_budget_exactly() {
    if !full_sets() {
        eprintln!("skipped: set EXPLORE_FULL_SETS=1 to check the budget of 3000 nodes");
        return;
    }
    keeps_its_node_budgets_exactly(&[3000]);
}

/// Every variant, searching the empty board under each of `budgets`, creates at most that
/// many nodes, and stops at the same place on every run.
fn keeps_its_node_budgets_exactly(budgets: &[u64]) {
    let mut broken = Vec::new();
    for (name, config) in variants() {
        for &max_nodes in budgets {
            let config = config
                .clone()
                .with_max_nodes(Some(max_nodes))
                .with_max_solutions(None);
            let runs = if config.threads > 1 { 4 } else { 1 };
            let mut seen = Vec::new();
            for _ in 0..runs {
                let outcome = solve(&Grid::empty(Shape::NINE), &config);
                assert_eq!(outcome.stop, Stop::NodeBudget, "{name}");
                let nodes = outcome.stats.nodes;
                if nodes > max_nodes {
                    broken.push(format!("{name}: {nodes} nodes with max_nodes {max_nodes}"));
                }
                if !seen.contains(&(nodes, outcome.solutions.clone())) {
                    seen.push((nodes, outcome.solutions));
                }
            }
            if seen.len() > 1 {
                let counts: Vec<u64> = seen.iter().map(|(nodes, _)| *nodes).collect();
                broken.push(format!(
                    "{name}: max_nodes {max_nodes} stops differently from run to run: {counts:?} \
                     nodes"
                ));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "node budget broken:\n{}",
        broken.join("\n")
    );
}

/// With a limit of one solution a unique puzzle is `solved`: found, uniqueness not checked.
#[test]
fn a_limit_of_one_reports_solved() {
    let cases = Set::Top1465.cases().expect("always there");
    for (name, config) in variants() {
        for case in &cases[..5] {
            let config = config.clone().with_max_solutions(Some(1));
            let outcome = solve(&case.puzzle, &config);
            assert_eq!(outcome.status(), Status::Solved, "{name}: {}", case.origin);
            assert_eq!(outcome.stop, Stop::SolutionLimit, "{name}: {}", case.origin);
            let Expect::Solution(solution) = case.expect.clone() else {
                panic!("{}: no stored solution", case.origin);
            };
            assert_eq!(outcome.solutions, [solution], "{name}: {}", case.origin);
        }
    }
}

/// A deadline stops every strategy at its next look at the clock, which `Budget` spaces
/// `CLOCK_EVERY` nodes apart. (A node budget keeps a strategy that never looks from running
/// forever.)
#[test]
fn every_strategy_stops_soon_after_its_deadline() {
    let clock_every = Config::CLOCK_EVERY;
    let mut late = Vec::new();
    for (name, config) in variants() {
        let config = config
            .with_max_solutions(None)
            .with_timeout(Some(std::time::Duration::ZERO))
            .with_max_nodes(Some(1000 * clock_every));
        let outcome = solve(&Grid::empty(Shape::NINE), &config);
        let nodes = outcome.stats.nodes;
        if outcome.stop != Stop::Timeout || nodes > 2 * clock_every {
            late.push(format!("{name}: {:?} after {nodes} nodes", outcome.stop));
        }
        assert!(
            outcome
                .solutions
                .iter()
                .all(|s| s.is_solution_of(&Grid::empty(Shape::NINE)))
        );
    }
    assert!(
        late.is_empty(),
        "deadline of zero seen late (the clock is due every {clock_every} nodes):\n{}",
        late.join("\n")
    );
}

mod properties {
    //! Laws over puzzles made by blanking cells of known solutions.

    use proptest::prelude::{ProptestConfig, prop_assert, prop_assert_eq, proptest};
    use proptest::sample::subsequence;
    use proptest::strategy::{Just, Strategy as _};
    use proptest::test_runner::TestCaseError;

    use super::*;
    use explore::geometry::Digit;

    const SIZE: usize = 9;
    /// Cells of the 9x9 board.
    const N_CELLS: usize = SIZE * SIZE;

    /// Known solution grids: those of the top1465 sample.
    fn solutions() -> Vec<Grid> {
        Set::Top1465
            .cases()
            .expect("always there")
            .iter()
            .filter_map(|case| match &case.expect {
                Expect::Solution(grid) => Some(grid.clone()),
                _ => None,
            })
            .collect()
    }

    /// A known solution with its digits renamed, and a puzzle keeping `givens` of its cells.
    fn puzzle(
        givens: std::ops::RangeInclusive<usize>,
    ) -> impl proptest::strategy::Strategy<Value = (Grid, Grid)> {
        let solutions = solutions();
        let digits: Vec<u8> = (1..=SIZE as u8).collect();
        (
            0..solutions.len(),
            Just(digits).prop_shuffle(),
            subsequence((0..N_CELLS).collect::<Vec<_>>(), givens),
        )
            .prop_map(move |(which, names, keep)| {
                let rename = |digit: Option<Digit>| {
                    digit.and_then(|d| Digit::new(usize::from(names[d.get() - 1])))
                };
                let cells = Shape::NINE
                    .cells()
                    .map(|cell| rename(solutions[which].get(cell)));
                let solution = Grid::from_digits(Shape::NINE, cells).expect("a 9x9 grid");
                let mut puzzle = Grid::empty(Shape::NINE);
                for index in keep {
                    let cell = Shape::NINE.cell_at(index).expect("on the board");
                    puzzle.set(cell, solution.get(cell));
                }
                (solution, puzzle)
            })
    }

    /// A puzzle made by [`puzzle`] with up to three cells set to a digit that none of their
    /// peers holds: no rule is broken, but often no solution is left.
    fn altered(
        givens: std::ops::RangeInclusive<usize>,
    ) -> impl proptest::strategy::Strategy<Value = Grid> {
        let changes = proptest::collection::vec((0..N_CELLS, 1..=SIZE as u8), 1..=3);
        (puzzle(givens), changes).prop_map(|((_, mut puzzle), changes)| {
            for (index, value) in changes {
                let cell = Shape::NINE.cell_at(index).expect("on the board");
                // The first digit from `value` on that is new here and held by no peer.
                let peers = Shape::NINE.geometry().peers(Shape::NINE.index(cell));
                let digit = (0..SIZE as u8)
                    .filter_map(|step| Digit::new(usize::from((value - 1 + step) % SIZE as u8 + 1)))
                    .find(|&digit| {
                        puzzle.get(cell) != Some(digit)
                            && !peers.iter().any(|&peer| {
                                let peer = Shape::NINE.cell_at(usize::from(peer));
                                puzzle.get(peer.expect("on the board")) == Some(digit)
                            })
                    });
                if digit.is_some() {
                    puzzle.set(cell, digit);
                }
            }
            puzzle
        })
    }

    /// Solves `puzzle` with every variant, up to 1,000 solutions, and checks that all stop
    /// for the same reason with the same verdict and, when they search to the end, the same
    /// solutions. Returns the outcomes by variant name.
    fn every_variant_agrees(puzzle: &Grid) -> Result<Vec<(&'static str, Outcome)>, TestCaseError> {
        let outcomes: Vec<(&str, Outcome)> = variants()
            .into_iter()
            .map(|(name, config)| {
                let config = config
                    .with_max_solutions(Some(1000))
                    .with_max_nodes(Some(MAX_NODES));
                (name, solve(puzzle, &config))
            })
            .collect();
        let (first, expected) = &outcomes[0];
        for (name, outcome) in &outcomes[1..] {
            prop_assert_eq!(outcome.stop, expected.stop, "{} vs {}", name, first);
            prop_assert_eq!(outcome.status(), expected.status(), "{} vs {}", name, first);
            if outcome.stop == Stop::Exhausted {
                prop_assert_eq!(
                    &outcome.solutions,
                    &expected.solutions,
                    "{} vs {}",
                    name,
                    first
                );
            }
        }
        Ok(outcomes)
    }

    /// Enough for the backtrackers on any puzzle with 30 givens or more: in 20,000 random ones
    /// the largest search took under 500,000 nodes.
    const MAX_NODES: u64 = 5_000_000;

    /// Most boards for counting a whole tree with `bfs` and `dfs`.
    const TREE_NODES: u64 = 500_000;

    /// Every strategy with its default options, one bfs with two threads.
    fn strategies() -> Vec<Config> {
        Strategy::ALL
            .iter()
            .map(|&strategy| {
                Config::default()
                    .with_strategy(strategy)
                    .with_threads(if strategy == Strategy::Bfs { 2 } else { 1 })
                    .with_max_nodes(Some(MAX_NODES))
            })
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        #[test]
        fn every_strategy_reports_valid_solutions_and_all_agree(
            (solution, puzzle) in puzzle(30..=60),
        ) {
            let outcomes: Vec<(Strategy, Outcome)> = strategies()
                .iter()
                .map(|config| (config.strategy, solve(&puzzle, config)))
                .collect();
            for (strategy, outcome) in &outcomes {
                prop_assert!(
                    !matches!(outcome.stop, Stop::NodeBudget | Stop::Timeout),
                    "{strategy} gave up on {puzzle:?}"
                );
                prop_assert!(outcome.solutions.len() <= 2);
                prop_assert!(outcome.solutions.windows(2).all(|pair| pair[0] < pair[1]));
                for found in &outcome.solutions {
                    prop_assert!(found.is_solution_of(&puzzle), "{strategy}: {found:?}");
                }
                if outcome.stop == Stop::Exhausted {
                    prop_assert!(outcome.solutions.contains(&solution), "{strategy}");
                }
            }
            let (_, first) = &outcomes[0];
            for (strategy, outcome) in &outcomes[1..] {
                prop_assert_eq!(outcome.status(), first.status(), "{}", strategy);
                if outcome.stop == Stop::Exhausted {
                    prop_assert_eq!(&outcome.solutions, &first.solutions, "{}", strategy);
                }
            }
            // The two backtrackers walk the same tree: all but the time and the bytes each
            // level keeps agrees.
            let walk = |strategy| {
                let (_, outcome) = outcomes.iter().find(|(s, _)| *s == strategy).expect("run");
                let mut outcome = outcome.clone();
                outcome.stats.elapsed = Default::default();
                outcome.stats.peak_frontier_bytes = 0;
                for row in &mut outcome.stats.per_depth {
                    row.frontier_bytes = 0;
                }
                outcome
            };
            prop_assert_eq!(walk(Strategy::Bitmask), walk(Strategy::Backtrack));
        }

        #[test]
        fn without_a_limit_every_variant_finds_the_same_solutions(
            (solution, puzzle) in puzzle(40..=70),
        ) {
            for (name, outcome) in every_variant_agrees(&puzzle)? {
                prop_assert!(
                    outcome.solutions.contains(&solution) || outcome.stop != Stop::Exhausted,
                    "{}", name
                );
            }
        }

        /// Dead boards are found alike by every rule: on puzzles that may have no solution,
        /// every variant gives the same verdict and solutions.
        #[test]
        fn every_variant_agrees_when_a_puzzle_may_have_no_solution(puzzle in altered(35..=60)) {
            prop_assert!(puzzle.conflict().is_none());
            for (name, outcome) in every_variant_agrees(&puzzle)? {
                for found in &outcome.solutions {
                    prop_assert!(found.is_solution_of(&puzzle), "{}: {:?}", name, found);
                }
            }
        }

        /// `bfs` and `dfs` expand the same boards and differ only in order, so when both run
        /// to the end they count the same tree, depth by depth.
        #[test]
        fn bfs_and_dfs_count_the_same_tree(
            (_solution, puzzle) in puzzle(30..=45),
            forced in proptest::sample::select(Forced::ALL),
            branch in proptest::sample::select(Branch::ALL),
        ) {
            let all = |strategy, threads| Config::default().with_strategy(strategy).with_forced(forced).with_branch(branch).with_threads(threads).with_max_solutions(None).with_max_nodes(Some(TREE_NODES));
            let depth_first = solve(&puzzle, &all(Strategy::Dfs, 1));
            if depth_first.stop != Stop::Exhausted {
                // Too large a tree to count in a test; rare at 30 givens or more.
                return Ok(());
            }
            for threads in [1, 2] {
                let breadth_first = solve(&puzzle, &all(Strategy::Bfs, threads));
                let (a, b) = (&breadth_first.stats, &depth_first.stats);
                prop_assert_eq!(breadth_first.stop, Stop::Exhausted);
                prop_assert_eq!(&breadth_first.solutions, &depth_first.solutions);
                prop_assert_eq!(
                    (a.nodes, a.forced, a.guesses, a.dead, a.solutions, a.max_depth),
                    (b.nodes, b.forced, b.guesses, b.dead, b.solutions, b.max_depth)
                );
                let rows = |stats: &explore::Stats| -> Vec<_> {
                    stats
                        .per_depth
                        .iter()
                        .map(|d| (d.depth, d.boards, d.forced, d.children, d.dead, d.solutions))
                        .collect()
                };
                prop_assert_eq!(rows(a), rows(b));
            }
        }
    }

    /// The pattern solution of `shape`: with boxes of R rows by C columns and side n, row r
    /// holds `(r % R * C + r / R + c) % n + 1` in column c. Each row is a rotation of 1..n; the
    /// rows of a band start C apart and the bands 1 apart, so no column and no box repeats.
    fn pattern(shape: Shape) -> Grid {
        let (rows, cols, side) = (shape.box_rows(), shape.box_cols(), shape.side());
        let cells = shape.cells().map(|cell| {
            let (r, c) = (cell.row(), cell.col());
            shape.digit((r % rows * cols + r / rows + c) % side + 1)
        });
        Grid::from_digits(shape, cells).expect("one digit of the shape per cell")
    }

    #[test]
    fn the_pattern_is_a_solution_for_every_shape() {
        for rows in 1..=8 {
            for cols in (1..=8).filter(|cols| rows * cols <= Shape::MAX_SIDE) {
                let shape = Shape::new(rows, cols).expect("a shape");
                let grid = pattern(shape);
                assert!(grid.is_solution_of(&Grid::empty(shape)), "{shape}");
            }
        }
    }

    /// A seeded xorshift, for shuffles drawn from one proptest value.
    struct Shuffler(u64);

    impl Shuffler {
        fn permutation(&mut self, n: usize) -> Vec<usize> {
            let mut order: Vec<usize> = (0..n).collect();
            for i in (1..n).rev() {
                self.0 ^= self.0 << 13;
                self.0 ^= self.0 >> 7;
                self.0 ^= self.0 << 17;
                order.swap(i, (self.0 % (i as u64 + 1)) as usize);
            }
            order
        }
    }

    /// The pattern of `shape` with its digits renamed, its rows shuffled within bands and its
    /// bands shuffled, its columns within stacks and its stacks: still a solution.
    fn scrambled(shape: Shape, seed: u64) -> Grid {
        let mut shuffle = Shuffler(seed | 1);
        let (box_rows, box_cols) = (shape.box_rows(), shape.box_cols());
        let names = shuffle.permutation(shape.side());
        let mut lines = |groups: usize, per_group: usize| -> Vec<usize> {
            let order = shuffle.permutation(groups);
            order
                .into_iter()
                .flat_map(|group| {
                    shuffle
                        .permutation(per_group)
                        .into_iter()
                        .map(move |line| group * per_group + line)
                        .collect::<Vec<_>>()
                })
                .collect()
        };
        // Bands are box_rows rows deep and there are box_cols of them; stacks the other way.
        let rows = lines(box_cols, box_rows);
        let cols = lines(box_rows, box_cols);
        let grid = pattern(shape);
        let cells = shape.cells().map(|cell| {
            let from = shape
                .cell(rows[cell.row()], cols[cell.col()])
                .expect("on the board");
            let digit = grid.get(from).expect("complete");
            shape.digit(names[digit.get() - 1] + 1)
        });
        Grid::from_digits(shape, cells).expect("same shape")
    }

    /// A solution of a random shape (box rows and columns 1 to 4, so sides 1 to 16), a puzzle
    /// keeping each of its cells with probability `keep`, and maybe one more given that no
    /// peer holds, which often leaves no solution.
    fn sized_puzzle() -> impl proptest::strategy::Strategy<Value = (Grid, Grid)> {
        (
            1..=4usize,
            1..=4usize,
            proptest::prelude::any::<u64>(),
            0.3..0.9f64,
            proptest::prelude::any::<bool>(),
        )
            .prop_map(|(rows, cols, seed, keep, alter)| {
                let shape = Shape::new(rows, cols).expect("a shape");
                let solution = scrambled(shape, seed);
                let mut puzzle = Grid::empty(shape);
                let mut draw = Shuffler(seed.rotate_left(32) | 1);
                let order = draw.permutation(shape.n_cells());
                let n_kept = (keep * shape.n_cells() as f64) as usize;
                for &index in &order[..n_kept] {
                    let cell = shape.cell_at(index).expect("on the board");
                    puzzle.set(cell, solution.get(cell));
                }
                if alter {
                    let geometry = shape.geometry();
                    let held = |puzzle: &Grid, index: usize, digit| {
                        geometry.peers(index).iter().any(|&peer| {
                            let peer = shape.cell_at(usize::from(peer)).expect("on the board");
                            puzzle.get(peer) == Some(digit)
                        })
                    };
                    let free = order[n_kept..].iter().find_map(|&index| {
                        let digit = shape.digits().find(|&d| !held(&puzzle, index, d))?;
                        Some((index, digit))
                    });
                    if let Some((index, digit)) = free {
                        puzzle.set(shape.cell_at(index).expect("on the board"), Some(digit));
                    }
                }
                (solution, puzzle)
            })
    }

    /// Variants for random sizes: every strategy, both ends of the rules, bfs on two threads.
    fn sized_variants() -> Vec<(&'static str, Config)> {
        let budget = |config: Config| {
            config
                .with_max_solutions(Some(100))
                .with_max_nodes(Some(20_000))
        };
        vec![
            (
                "bfs_locked_fewest_2",
                budget(bfs(Forced::Locked, Branch::Fewest, 2)),
            ),
            (
                "bfs_naked_first_1",
                budget(bfs(Forced::Naked, Branch::First, 1)),
            ),
            (
                "dfs_hidden_fewest",
                budget(dfs(Forced::Hidden, Branch::Fewest)),
            ),
            ("dfs_naked_first", budget(dfs(Forced::Naked, Branch::First))),
            ("bitmask", budget(plain(Strategy::Bitmask))),
            ("backtrack", budget(plain(Strategy::Backtrack))),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        /// At every size, under a node budget: every reported solution is complete, valid and
        /// keeps the givens; searches that run to the end find the same solutions, among them
        /// the one the puzzle was made from; searches stopped early find only some of those.
        #[test]
        fn at_every_size_every_strategy_reports_valid_solutions_and_all_agree(
            (solution, puzzle) in sized_puzzle(),
        ) {
            prop_assert!(solution.is_solution_of(&Grid::empty(solution.shape())));
            let outcomes: Vec<(&str, Outcome)> = sized_variants()
                .into_iter()
                .map(|(name, config)| (name, solve(&puzzle, &config)))
                .collect();
            for (name, outcome) in &outcomes {
                prop_assert!(outcome.solutions.windows(2).all(|pair| pair[0] < pair[1]), "{}", name);
                prop_assert!(outcome.solutions.len() <= 100, "{}", name);
                for found in &outcome.solutions {
                    prop_assert!(found.is_solution_of(&puzzle), "{}: {:?}", name, found);
                }
                let keeps = solution.is_solution_of(&puzzle);
                if outcome.stop == Stop::Exhausted && keeps {
                    prop_assert!(outcome.solutions.contains(&solution), "{}", name);
                }
            }
            let exhausted = outcomes.iter().find(|(_, o)| o.stop == Stop::Exhausted);
            if let Some((first, all)) = exhausted {
                for (name, outcome) in &outcomes {
                    if outcome.stop == Stop::Exhausted {
                        prop_assert_eq!(&outcome.solutions, &all.solutions, "{} vs {}", name, first);
                    } else {
                        prop_assert!(
                            outcome.solutions.iter().all(|s| all.solutions.contains(s)),
                            "{} found a solution that {} did not", name, first
                        );
                    }
                }
            }
            let limited: Vec<&(&str, Outcome)> = outcomes
                .iter()
                .filter(|(_, o)| o.stop == Stop::SolutionLimit)
                .collect();
            for (name, outcome) in limited {
                prop_assert_eq!(outcome.status(), Status::Multiple, "{}", name);
                prop_assert!(
                    exhausted.is_none_or(|(_, all)| all.solutions.len() >= 100),
                    "{} stopped at the limit, others found fewer", name
                );
            }
        }
    }
}

/// The whole empty 6x6 board (2x3 boxes) has 28,200,960 solutions, counted without keeping
/// any by bfs on 1 and 2 threads and by dfs. A few seconds each when optimised, so it runs
/// with the full sets; the unit tests check the total as 6! times the count with the first
/// row fixed.
#[test]
fn full_sets_the_empty_6x6_board_has_28_200_960_solutions() {
    if !full_sets() {
        eprintln!("the whole 6x6 count runs only with EXPLORE_FULL_SETS=1");
        return;
    }
    let empty = Grid::empty(Shape::new(2, 3).expect("a shape"));
    for config in [
        bfs(Forced::Locked, Branch::Fewest, 1),
        bfs(Forced::Locked, Branch::Fewest, 2),
        dfs(Forced::Locked, Branch::Fewest),
    ] {
        let config = config.with_counting();
        let outcome = solve(&empty, &config);
        assert!(outcome.is_exact(), "{config:?}");
        assert_eq!(outcome.count, 28_200_960, "{config:?}");
    }
}
