//! The search recorded to be played back: a [`Recording`] of one puzzle's search, board by
//! board in the strategy's own order, with the counts of the run it stands beside.
//!
//! A recording is made from a [`Walk`], the tree walk that `--dot` and `--posthoc` draw, so
//! its boards are numbered as theirs are: each board with its digits after its forced cells,
//! its fate (branched on a cell into children, dead with the cell that died, solved, or never
//! expanded), its depth and its parent; each step the board expanded, the boards waiting (the
//! queue of `bfs`, the stack of the others) and the counts so far. Beside them it keeps the
//! [`Stats`] and the solutions of the run itself, as the program reports them: a player shows
//! those, and derives no count of its own.
//!
//! A recording has a bound. At most [`MAX_BOARDS`] boards, and at most [`MAX_CELLS`] cells of
//! boards in all ([`max_boards`]), are recorded one by one; a search that would make more is
//! recorded per depth only (the run's [`Stats::per_depth`]), and the recording says so
//! ([`Recording::note`]). The walk then stops at the bound, so recording never holds more
//! than the bound's boards. Its JSON text is at most about [`MAX_JSON_BYTES`] bytes for any
//! input.
//!
//! The page that plays recordings is [`page`] (feature `html`). This module never prints and
//! never writes files.
//!
//! ```
//! use explore::{Config, Strategy, format, play, solve};
//!
//! let puzzle = format::parse_one("......1.21....21")?;
//! let config = Config::default().with_strategy(Strategy::Dfs).with_max_solutions(None);
//! let outcome = solve(&puzzle, &config);
//! let recording = play::Recording::new(&puzzle, &config, &outcome, "a 4x4 puzzle");
//! assert!(recording.note.is_none());
//! let last = recording.steps.last().unwrap();
//! assert_eq!(last.nodes, outcome.stats.nodes);
//! assert_eq!(last.found, outcome.stats.solutions);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use serde::Serialize;

use crate::config::{Config, Strategy};
use crate::grid::Grid;
use crate::outcome::{Outcome, Stop};
use crate::stats::Stats;
use crate::tree::{Fate, Kind, Order, Walk};

#[cfg(feature = "html")]
pub mod page;

/// The schema of the document a page embeds ([`Document`]).
pub const SCHEMA: &str = "explore.play/1";

/// The most solutions a recording lists; [`Recording::count`] says how many there were.
pub const MAX_SOLUTIONS: usize = 100;

/// The most boards recorded one by one.
pub const MAX_BOARDS: usize = 20_000;

/// The most cells of boards recorded one by one (boards times cells per board): 20,000 boards
/// of 9x9, 7,812 of 16x16, 3,200 of 25x25, 488 of 64x64.
pub const MAX_CELLS: usize = 2_000_000;

/// A bound on the JSON text of one recording, for any input: the boards' changed cells (at
/// most every cell of every board, [`MAX_CELLS`], each at most 8 bytes: `4095=64 `), 200
/// bytes more per board and per step, the solutions listed (at most [`MAX_SOLUTIONS`] of at
/// most 64x64 cells), and the per-depth rows of the run (at most one per cell, 300 bytes
/// each): about 27 MB. A real search writes far less: a board's changes are the cells
/// filled since its parent.
pub const MAX_JSON_BYTES: usize =
    8 * MAX_CELLS + 400 * MAX_BOARDS + MAX_SOLUTIONS * 4 * 64 * 64 + 300 * 64 * 64 + 64 * 1024;

/// The most boards recorded one by one for a puzzle of `shape`: [`MAX_BOARDS`], or fewer where
/// boards are large so that their cells stay within [`MAX_CELLS`].
pub fn max_boards(shape: crate::geometry::Shape) -> usize {
    (MAX_CELLS / shape.n_cells()).clamp(1, MAX_BOARDS)
}

/// The document a page embeds: one recording per strategy shown, side by side.
#[non_exhaustive]
#[derive(Clone, Debug, Serialize)]
pub struct Document {
    /// [`SCHEMA`].
    pub schema: &'static str,
    /// The recordings, in the order they are shown.
    pub runs: Vec<Recording>,
}

impl Document {
    /// The document of `runs`.
    pub fn new(runs: Vec<Recording>) -> Document {
        Document {
            schema: SCHEMA,
            runs,
        }
    }
}

/// One puzzle's search, recorded to be played back.
#[non_exhaustive]
#[derive(Clone, Debug, Serialize)]
pub struct Recording {
    /// What the page calls the puzzle.
    pub title: String,
    /// The strategy's name as the program takes it: `bfs`, `dfs`, `bitmask`, `backtrack`.
    pub strategy: &'static str,
    /// `breadth-first` (a queue) or `depth-first` (a stack).
    pub order: &'static str,
    /// `boards` (the tree of candidate boards, forced cells filled) or `textbook` (the
    /// backtrackers' tree: the first empty cell, one child per legal digit).
    pub tree: &'static str,
    /// The forced-cell rule's name.
    pub forced: &'static str,
    /// The branch rule's name.
    pub branch: &'static str,
    /// Whether the search learned clauses from its dead ends.
    pub learn: bool,
    /// The side of the board.
    pub size: usize,
    /// The box shape, rows x columns (`3x3`).
    #[serde(rename = "box")]
    pub box_shape: String,
    /// The puzzle in its line form.
    pub puzzle: String,
    /// The most boards this puzzle's recording may hold ([`max_boards`]).
    pub max_boards: usize,
    /// Why the boards were not recorded one by one, when they were not: the page then plays
    /// the per-depth rows of [`Recording::stats`] only.
    pub note: Option<String>,
    /// Why the walk ended: `exhausted`, `solution_limit`, `node_budget`, `timeout`.
    pub stop: &'static str,
    /// Every board made, by number (the numbering of `--dot`); empty past the bound.
    pub boards: Vec<BoardRecord>,
    /// One per board expanded, in the order the strategy expanded them; empty past the bound.
    pub steps: Vec<StepRecord>,
    /// The run's verdict, as `explore --output json` names it.
    pub status: &'static str,
    /// The run's solutions in their line form, sorted, as the program reports them: the
    /// first [`MAX_SOLUTIONS`].
    pub solutions: Vec<String>,
    /// The number of solutions the run reports (the `count` of `explore --output json`).
    pub count: u128,
    /// The run's statistics, as the program reports them (the `stats` of `explore.solve/1`).
    pub stats: Stats,
}

/// One board of a [`Recording`].
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct BoardRecord {
    /// Its number, from 0 at the root, in the order the boards were made.
    pub id: usize,
    /// The board it was made from; `None` for the root.
    pub parent: Option<usize>,
    /// Guesses between the root and this board.
    pub depth: usize,
    /// The guess that made it (`r1c1=5`); `None` for the root.
    pub guess: Option<String>,
    /// The index of the guessed cell in reading order; `None` for the root.
    pub guess_cell: Option<usize>,
    /// `branched`, `dead`, `solved` or `unexplored`.
    pub fate: &'static str,
    /// The cell the board branched on, or the cell a dead board left without a candidate, by
    /// index in reading order; `None` otherwise (a board that died of a digit without a place
    /// in a unit has no such cell).
    pub cell: Option<usize>,
    /// The boards it branched into, by number, in digit order.
    pub children: Vec<usize>,
    /// Cells forced in it (0 for a dead board, as the statistics count).
    pub forced: u32,
    /// Its place in the order of expansion; `None` if it was never expanded.
    pub visit: Option<usize>,
    /// Its digits once its forced cells were filled (as it was when it died), written as the
    /// cells that differ from its parent's digits (the root's: from the puzzle's), in reading
    /// order: `index=digit` separated by spaces (`65=1 70=4`), each digit as the line form
    /// writes a cell (a number past 35x35), `""` if none differ; `None` if it was never
    /// expanded. A parent is expanded before its children, so the boards in id order rebuild
    /// every board's digits ([`Recording::board_cells`]).
    pub changes: Option<String>,
    /// For a board cut by a learned clause (`cut`), that clause (`not (r1c4=2 and r2c7=2)`);
    /// `None` otherwise.
    pub clause: Option<String>,
    /// The clauses a dead or cut board's death taught (`bfs --learn clauses`), in the order
    /// learned; empty otherwise.
    pub learned: Vec<String>,
}

/// One step of a [`Recording`]: a board expanded, and the counts once it was.
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct StepRecord {
    /// The board expanded.
    pub board: usize,
    /// Boards waiting after this step: the queue or the stack.
    pub waiting: usize,
    /// Boards expanded so far (the statistics' `nodes`).
    pub nodes: u64,
    /// Cells forced so far.
    pub forced: u64,
    /// Branch points so far (boards with two children or more).
    pub guesses: u64,
    /// Dead boards so far.
    pub dead: u64,
    /// Solutions so far.
    pub found: u64,
}

impl Recording {
    /// Records the search of `puzzle` under `config`, board by board within the bound, beside
    /// `outcome`, the run of [`solve`](crate::solve) with the same puzzle and config, whose
    /// counts and solutions it keeps as they are. `title` names the puzzle for the page.
    ///
    /// The steps follow the tree walk ([`Walk`]): when the search runs to its end, the last
    /// step's counts are the run's. At a solution limit, `bfs` may expand a few boards more
    /// than the walk (the rest of a chunk of 16), which the run's counts include.
    pub fn new(puzzle: &Grid, config: &Config, outcome: &Outcome, title: &str) -> Recording {
        let shape = puzzle.shape();
        let order = Order::of(config.strategy);
        let max_boards = max_boards(shape);
        let mut recording = Recording {
            title: title.to_owned(),
            strategy: config.strategy.name(),
            order: order.name(),
            tree: match Kind::of(config.strategy) {
                Kind::Boards => "boards",
                Kind::Textbook => "textbook",
            },
            forced: config.forced.name(),
            branch: config.branch.name(),
            learn: config.learns(),
            size: shape.side(),
            box_shape: format!("{}x{}", shape.box_rows(), shape.box_cols()),
            puzzle: puzzle.to_line(),
            max_boards,
            note: None,
            stop: stop_name(outcome.stop),
            boards: Vec::new(),
            steps: Vec::new(),
            status: outcome.status().name(),
            solutions: outcome
                .solutions
                .iter()
                .take(MAX_SOLUTIONS)
                .map(Grid::to_line)
                .collect(),
            count: outcome.count,
            stats: outcome.stats.clone(),
        };
        if config.strategy == Strategy::Dfs && config.learns() {
            recording.note = Some(
                "dfs --learn clauses searches candidates, not boards: played per depth".to_owned(),
            );
            return recording;
        }
        match record_walk(puzzle, config, max_boards) {
            Ok((boards, steps, stop)) => {
                recording.boards = boards;
                recording.steps = steps;
                recording.stop = stop_name(stop);
            }
            Err(()) => {
                recording.note = Some(format!(
                    "the search makes more than {max_boards} boards: played per depth"
                ));
            }
        }
        recording
    }

    /// Whether the boards were recorded one by one.
    pub fn has_boards(&self) -> bool {
        self.note.is_none()
    }

    /// The cells of board `id` once its forced cells were filled, in reading order (`0` for
    /// an empty cell), rebuilt from the puzzle and the [`BoardRecord::changes`] of the boards
    /// from the root to it; `None` if it was never expanded or is not recorded.
    pub fn board_cells(&self, id: usize) -> Option<Vec<u8>> {
        let mut chain = Vec::new();
        let mut at = Some(id);
        while let Some(board) = at.and_then(|id| self.boards.get(id)) {
            chain.push(board.changes.as_deref()?);
            at = board.parent;
        }
        if chain.is_empty() {
            return None;
        }
        let mut cells = line_values(&self.puzzle, self.size);
        for changes in chain.iter().rev() {
            for change in changes.split(' ').filter(|change| !change.is_empty()) {
                let (index, digit) = change.split_once('=')?;
                let value = line_values(digit, self.size).first().copied()?;
                *cells.get_mut(index.parse::<usize>().ok()?)? = value;
            }
        }
        Some(cells)
    }
}

/// The cells' values of a line-form text (`0` for an empty cell): one character a cell up to
/// 35x35, numbers separated by spaces past it.
fn line_values(line: &str, side: usize) -> Vec<u8> {
    if side > crate::geometry::Digit::MAX_CHAR {
        return line
            .split(' ')
            .map(|number| number.parse().unwrap_or(0))
            .collect();
    }
    line.chars()
        .map(|c| {
            c.to_digit(36)
                .and_then(|d| u8::try_from(d).ok())
                .unwrap_or(0)
        })
        .collect()
}

/// Appends `number` in decimal to `out`, without the formatting machinery: a page near the
/// bound writes some hundred thousand of them.
fn push_number(out: &mut String, mut number: usize) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        // A digit of 0 to 9.
        digits[at] = b'0' + (number % 10) as u8;
        number /= 10;
        if number == 0 {
            break;
        }
    }
    for &digit in &digits[at..] {
        out.push(char::from(digit));
    }
}

/// Appends to `out` the cells of `cells` that differ from `from`, as
/// [`BoardRecord::changes`] writes them.
fn push_changes(out: &mut String, from: &[u8], cells: &[u8], side: usize) {
    let wide = side > crate::geometry::Digit::MAX_CHAR;
    for (index, (&was, &value)) in from.iter().zip(cells).enumerate() {
        if was == value {
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        push_number(out, index);
        out.push('=');
        if wide {
            push_number(out, usize::from(value));
        } else {
            out.push(match value {
                0 => '.',
                1..=9 => char::from(b'0' + value),
                _ => char::from(value.wrapping_add(b'A' - 10)),
            });
        }
    }
}

/// The walk run to its end within `max_boards` boards: the boards, the steps and why it
/// stopped; `Err` past the bound.
fn record_walk(
    puzzle: &Grid,
    config: &Config,
    max_boards: usize,
) -> Result<(Vec<BoardRecord>, Vec<StepRecord>, Stop), ()> {
    let shape = puzzle.shape();
    let mut walk = Walk::new(puzzle, config, max_boards);
    let mut steps = Vec::new();
    let side = shape.side();
    let n_cells = shape.n_cells();
    // The cells of every board expanded, one after another, and where each board's start:
    // a child's changes are taken against its parent's cells.
    let mut kept: Vec<u8> = Vec::new();
    let mut kept_at: Vec<Option<usize>> = Vec::new();
    let mut changes: Vec<Option<String>> = Vec::new();
    let mut dead_cells: Vec<Option<usize>> = Vec::new();
    let mut counts = StepRecord {
        board: 0,
        waiting: 0,
        nodes: 0,
        forced: 0,
        guesses: 0,
        dead: 0,
        found: 0,
    };
    while let Some(visit) = walk.step().map_err(|_| ())? {
        let id = visit.node.id;
        if changes.len() <= id {
            changes.resize(id + 1, None);
            kept_at.resize(id + 1, None);
            dead_cells.resize(id + 1, None);
        }
        let cells = visit.board.grid().as_slice();
        let from = match visit
            .node
            .parent
            .and_then(|parent| kept_at.get(parent).copied())
        {
            Some(Some(start)) => &kept[start..start + n_cells],
            _ => puzzle.as_slice(),
        };
        let mut text = String::new();
        push_changes(&mut text, from, cells, side);
        changes[id] = Some(text);
        kept_at[id] = Some(kept.len());
        kept.extend_from_slice(cells);
        counts.board = id;
        counts.waiting = visit.waiting;
        counts.nodes += 1;
        counts.forced += u64::from(visit.node.forced);
        match &visit.node.fate {
            Fate::Cut { .. } => counts.dead += 1,
            Fate::Dead => {
                counts.dead += 1;
                dead_cells[id] = shape
                    .cells()
                    .find(|&cell| visit.board.is_empty_cell(cell))
                    .map(|cell| shape.index(cell));
            }
            Fate::Solved(_) => counts.found += 1,
            Fate::Branched { children, .. } if children.len() > 1 => counts.guesses += 1,
            _ => {}
        }
        steps.push(counts.clone());
    }
    let stop = walk.stop().unwrap_or(Stop::Exhausted);
    let clauses: Vec<String> = walk.clauses().iter().map(ToString::to_string).collect();
    let boards = walk
        .nodes()
        .iter()
        .map(|node| {
            let (fate, cell, children) = match &node.fate {
                Fate::Unexplored => ("unexplored", None, Vec::new()),
                Fate::Dead => (
                    "dead",
                    dead_cells.get(node.id).copied().flatten(),
                    Vec::new(),
                ),
                Fate::Cut { .. } => ("cut", None, Vec::new()),
                Fate::Solved(_) => ("solved", None, Vec::new()),
                Fate::Branched { cell, children } => (
                    "branched",
                    Some(shape.index(*cell)),
                    children.clone().collect(),
                ),
            };
            BoardRecord {
                id: node.id,
                parent: node.parent,
                depth: node.depth,
                guess: node.guess.map(|guess| guess.to_string()),
                guess_cell: node.guess.map(|guess| shape.index(guess.cell)),
                fate,
                cell,
                children,
                forced: node.forced,
                visit: node.visit,
                changes: changes.get_mut(node.id).and_then(Option::take),
                clause: match node.fate {
                    Fate::Cut { clause } => clauses.get(clause).cloned(),
                    _ => None,
                },
                learned: node
                    .learned
                    .iter()
                    .filter_map(|&clause| clauses.get(clause).cloned())
                    .collect(),
            }
        })
        .collect();
    Ok((boards, steps, stop))
}

/// A stop as the recording names it.
fn stop_name(stop: Stop) -> &'static str {
    match stop {
        Stop::Exhausted => "exhausted",
        Stop::SolutionLimit => "solution_limit",
        Stop::NodeBudget => "node_budget",
        Stop::Timeout => "timeout",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Forced, Learn};
    use crate::geometry::Shape;
    use crate::strategy::solve;
    use crate::testing::{ESCARGOT, grid};

    fn run(puzzle: &Grid, config: &Config) -> Recording {
        Recording::new(puzzle, config, &solve(puzzle, config), "test")
    }

    /// Run to its end, the last step's counts are the run's statistics, for every strategy.
    #[test]
    fn the_last_step_counts_what_the_run_counts() {
        let puzzles = [
            grid("......1.21....21"),
            grid(".....4.1....13.4"),
            grid(ESCARGOT),
            Grid::empty(Shape::new(2, 2).unwrap()),
        ];
        for puzzle in &puzzles {
            for &strategy in Strategy::ALL {
                if strategy != Strategy::Bfs
                    && strategy != Strategy::Dfs
                    && puzzle.shape() == Shape::NINE
                {
                    // The textbook tree of the demo has tens of thousands of boards.
                    continue;
                }
                let config = Config {
                    strategy,
                    max_solutions: None,
                    threads: 1,
                    ..Config::default()
                };
                let recording = run(puzzle, &config);
                let what = format!("{} {strategy}", puzzle.to_line());
                assert!(recording.has_boards(), "{what}");
                assert_eq!(recording.stop, "exhausted", "{what}");
                let last = recording.steps.last().expect("a step");
                let stats = &recording.stats;
                assert_eq!(
                    (last.nodes, last.forced, last.dead, last.found),
                    (stats.nodes, stats.forced, stats.dead, stats.solutions),
                    "{what}"
                );
                assert_eq!(last.guesses, stats.guesses, "{what}");
                assert_eq!(last.waiting, 0, "{what}");
                assert_eq!(recording.steps.len(), recording.boards.len(), "{what}");
                for (order, step) in recording.steps.iter().enumerate() {
                    assert_eq!(recording.boards[step.board].visit, Some(order), "{what}");
                }
            }
        }
    }

    /// Every board's links agree: children name their parent, a dead board's cell is open,
    /// a branch cell is open and each child's guess is in it.
    #[test]
    fn boards_link_and_mark_their_cells() {
        let puzzle = grid(ESCARGOT);
        let recording = run(&puzzle, &Config::default());
        assert!(recording.boards.iter().any(|b| b.fate == "dead"));
        for board in &recording.boards {
            let cells = recording.board_cells(board.id);
            assert_eq!(cells.is_some(), board.visit.is_some(), "board {}", board.id);
            for &child in &board.children {
                let child = &recording.boards[child];
                assert_eq!(child.parent, Some(board.id));
                assert_eq!(child.depth, board.depth + 1);
                assert_eq!(child.guess_cell, board.cell);
            }
            if let (Some(cell), Some(cells)) = (board.cell, &cells) {
                assert_eq!(cells[cell], 0, "board {}", board.id);
            }
        }
        let dead_with_cell = recording
            .boards
            .iter()
            .filter(|b| b.fate == "dead" && b.cell.is_some())
            .count();
        assert!(dead_with_cell > 0);
    }

    /// Each board's changes rebuild the digits the walk saw in it, on every board size (letters
    /// past 9, numbers past 35x35) and in both trees.
    #[test]
    fn changes_rebuild_every_board() {
        let cases = [
            (grid(ESCARGOT), Strategy::Bfs, 400),
            (grid(ESCARGOT), Strategy::Dfs, 400),
            (grid(".....4.1....13.4"), Strategy::Backtrack, 400),
            (Grid::empty(Shape::new(4, 4).unwrap()), Strategy::Dfs, 400),
            (Grid::empty(Shape::new(6, 6).unwrap()), Strategy::Dfs, 20),
        ];
        for (puzzle, strategy, nodes) in &cases {
            let config = Config::default()
                .with_strategy(*strategy)
                .with_max_nodes(Some(*nodes));
            let recording = run(puzzle, &config);
            let what = format!("{}x{} {strategy}", recording.size, recording.size);
            assert!(recording.has_boards(), "{what}");
            let mut walk = Walk::new(puzzle, &config, max_boards(puzzle.shape())).keep_boards();
            while walk.step().unwrap().is_some() {}
            let tree = walk.finish().unwrap();
            let mut compared = 0;
            for board in &recording.boards {
                let seen = tree
                    .board(board.id)
                    .map(|view| view.grid().as_slice().to_vec());
                assert_eq!(recording.board_cells(board.id), seen, "{what} {}", board.id);
                compared += usize::from(seen.is_some());
            }
            assert!(compared >= 10, "{what}: {compared} boards");
            // Boards share their parents' digits: the changes are short.
            let root = recording.boards[0].changes.as_deref().unwrap();
            assert!(root.len() < recording.puzzle.len(), "{what}: {root}");
        }
    }

    /// Past the bound, nothing but the run's per-depth rows: the empty 9x9 board.
    #[test]
    fn a_big_search_is_recorded_per_depth() {
        let puzzle = Grid::empty(Shape::NINE);
        let config = Config::default().with_max_nodes(Some(30_000));
        let recording = run(&puzzle, &config);
        assert!(!recording.has_boards());
        assert!(recording.steps.is_empty() && recording.boards.is_empty());
        assert_eq!(
            recording.note.as_deref(),
            Some("the search makes more than 20000 boards: played per depth")
        );
        assert!(!recording.stats.per_depth.is_empty());
        let text = serde_json::to_string(&recording).unwrap();
        assert!(text.len() < MAX_JSON_BYTES);
    }

    /// However many solutions a run keeps, a recording lists a bounded number of them.
    #[test]
    fn solutions_are_listed_up_to_the_bound() {
        let puzzle = Grid::empty(Shape::new(2, 2).unwrap());
        let config = Config::default().with_max_solutions(None);
        let recording = run(&puzzle, &config);
        assert_eq!(recording.count, 288);
        assert_eq!(recording.solutions.len(), MAX_SOLUTIONS);
        let outcome = solve(&puzzle, &config);
        assert_eq!(recording.solutions[0], outcome.solutions[0].to_line());
    }

    /// The largest recording a 9x9 puzzle can give stays within the stated bound.
    #[test]
    fn a_recording_at_the_bound_fits_its_size() {
        let puzzle = Grid::empty(Shape::NINE);
        let config = Config::default()
            .with_strategy(Strategy::Dfs)
            .with_max_nodes(Some(MAX_BOARDS as u64 / 2));
        let recording = run(&puzzle, &config);
        assert!(recording.has_boards());
        assert!(recording.boards.len() <= MAX_BOARDS);
        let text = serde_json::to_string(&recording).unwrap();
        let per_board = text.len() / recording.boards.len();
        assert!(per_board < 81 + 400, "{per_board} bytes a board");
        assert!(text.len() < MAX_JSON_BYTES);
        assert_eq!(max_boards(Shape::new(5, 5).unwrap()), 3_200);
        assert_eq!(max_boards(Shape::NINE), 20_000);
    }

    /// `dfs` that learns has no tree of boards; `bfs` that learns does.
    #[test]
    fn learning_is_recorded_where_it_has_boards() {
        let puzzle = grid(ESCARGOT);
        let learn = Config {
            learn: Learn::Clauses,
            forced: Forced::Hidden,
            max_solutions: None,
            threads: 1,
            ..Config::default()
        };
        let bfs = run(&puzzle, &learn);
        assert!(bfs.learn && bfs.has_boards());
        let last = bfs.steps.last().unwrap();
        assert_eq!((last.nodes, last.dead), (bfs.stats.nodes, bfs.stats.dead));
        // The boards a clause cut name it, and the dead boards name what they taught.
        let cut: Vec<_> = bfs.boards.iter().filter(|b| b.fate == "cut").collect();
        assert!(!cut.is_empty());
        assert!(
            cut.iter()
                .all(|b| b.clause.as_ref().is_some_and(|c| c.contains('r')))
        );
        assert!(
            bfs.boards
                .iter()
                .any(|b| b.fate == "dead" && !b.learned.is_empty())
        );
        assert!(
            bfs.boards
                .iter()
                .all(|b| matches!(b.fate, "dead" | "cut") || b.learned.is_empty())
        );
        let dfs = run(&puzzle, &learn.clone().with_strategy(Strategy::Dfs));
        assert!(!dfs.has_boards());
        assert!(dfs.note.unwrap().contains("per depth"));
    }
}
