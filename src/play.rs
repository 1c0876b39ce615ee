//! The search recorded to be played back: a [`Recording`] of one puzzle's search, board by
//! board in the strategy's own order, with the counts of the run it stands beside.
//!
//! The boards are numbered as the tree walk that `--dot` and `--posthoc` draw ([`Walk`])
//! numbers them, and recorded by one `Recorder` ([`record`](crate::record)): every engine
//! hands it each board as it expands it, in the run itself when [`Config::record`] asks
//! ([`Outcome::recorded`]), so no second search is made. Where the run cannot be followed
//! board by board (`bfs` that learns, or whose frontier budget sends a board depth-first at
//! once), a [`Walk`] expands the same boards in the same order after the run, and hands them
//! to it. It is kept
//! as columns of numbers, a column per field ([`Boards`], [`Steps`]): each board's fate
//! (branched on a cell into children, dead with the cell that died, solved, or never
//! expanded), its depth, its parent and its guess;
//! each step the board expanded, and the cells that board changed from its parent once its
//! forced cells were filled. The counts so far and the boards waiting (the queue of `bfs`,
//! the stack of the others) follow from those, step by step ([`Recording::counts`], as the
//! page works them out too), and are not stored. Beside them it keeps the [`Stats`] and the
//! solutions of the run itself, as the program reports them.
//!
//! A recording has a bound. At most [`MAX_BOARDS`] boards, and at most [`MAX_CELLS`] cells of
//! boards in all ([`max_boards`]), are recorded one by one; a search that would make more is
//! recorded per depth only (the run's [`Stats::per_depth`]), and the recording says so
//! ([`Recording::note`]). The recorder keeps nothing past the bound, and the walk stops
//! there, so recording never holds more than the bound's boards. Its JSON text is at most
//! about [`MAX_JSON_BYTES`] bytes for any input.
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
//! let last = recording.counts().last().expect("a step");
//! assert_eq!((last.nodes, last.found), (outcome.stats.nodes, outcome.stats.solutions));
//! assert_eq!(recording.boards.fate(0), Some("branched"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use serde::Serialize;

use crate::config::{Config, Strategy};
use crate::grid::Grid;
use crate::outcome::{Outcome, Stop};
use crate::record::{Recorded, Recorder, Seen};
use crate::stats::Stats;
use crate::tree::{Fate, Kind, Order, Walk};

#[cfg(feature = "html")]
pub mod page;

/// The schema of the document a page embeds ([`Document`]).
pub const SCHEMA: &str = "explore.play/3";

/// The most solutions a recording lists; [`Recording::count`] says how many there were.
pub const MAX_SOLUTIONS: usize = 100;

pub use crate::record::{MAX_BOARDS, MAX_CELLS, max_boards};

/// A bound on the JSON text of one recording, for any input: the boards' changed cells (at
/// most every cell of every board, [`MAX_CELLS`], each at most 8 bytes: `4095,64,`), 200
/// bytes more per board and per step (their columns' numbers), the solutions listed (at most
/// [`MAX_SOLUTIONS`] of at most 64x64 cells), and the per-depth rows of the run (at most one
/// per cell, 300 bytes each): about 27 MB. A real search writes far less: a board's changes
/// are the cells filled since its parent. The clauses a learning search met are written once
/// each, as many as it learned.
pub const MAX_JSON_BYTES: usize =
    8 * MAX_CELLS + 400 * MAX_BOARDS + MAX_SOLUTIONS * 4 * 64 * 64 + 300 * 64 * 64 + 64 * 1024;

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
    pub boards: Boards,
    /// One per board expanded, in the order the strategy expanded them; empty past the bound.
    pub steps: Steps,
    /// The clauses a learning search met, and the boards they cut or that taught them; empty
    /// for a search that does not learn.
    pub clauses: Clauses,
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

/// The boards of a [`Recording`] as columns, one entry per board by number: entry `id` of each
/// is board `id`'s. A column of numbers is a short text, and the page reads it once.
#[non_exhaustive]
#[derive(Clone, Default, PartialEq, Eq, Debug, Serialize)]
pub struct Boards {
    /// The board each was made from; `None` for the root. A board's children are the boards
    /// that name it: consecutive numbers, in digit order, all made when it branched.
    pub parent: Vec<Option<u32>>,
    /// Guesses between the root and each board.
    pub depth: Vec<u32>,
    /// The index of the cell guessed to make each board, in reading order; `None` for the
    /// root.
    pub guess_cell: Vec<Option<u32>>,
    /// The digit guessed there; `None` for the root. A board's children hold one guess per
    /// candidate of its branch cell: the clones made there, one per candidate.
    pub guess: Vec<Option<u32>>,
    /// Each board's fate, a letter a board: `b` branched, `d` dead, `c` cut by a learned
    /// clause, `s` solved, `u` never expanded ([`Boards::fate`] names them).
    pub fate: String,
    /// The cell a board branched on, or the cell a dead board left without a candidate, by
    /// index in reading order; `None` otherwise (a board that died of a digit without a place
    /// in a unit has no such cell).
    pub cell: Vec<Option<u32>>,
    /// Cells forced in each board (0 for a dead board, as the statistics count).
    pub forced: Vec<u32>,
}

impl Boards {
    /// The number of boards.
    pub fn len(&self) -> usize {
        self.parent.len()
    }

    /// Whether there are none (a search recorded per depth).
    pub fn is_empty(&self) -> bool {
        self.parent.is_empty()
    }

    /// The fate of board `id` by name: `branched`, `dead`, `cut`, `solved` or `unexplored`.
    pub fn fate(&self, id: usize) -> Option<&'static str> {
        Some(match self.fate.as_bytes().get(id)? {
            b'b' => "branched",
            b'd' => "dead",
            b'c' => "cut",
            b's' => "solved",
            _ => "unexplored",
        })
    }

    /// The boards `id` branched into, in digit order.
    pub fn children(&self, id: usize) -> std::ops::Range<usize> {
        let first = (id + 1..self.len())
            .find(|&child| self.parent[child] == Some(id as u32))
            .unwrap_or(self.len());
        let end = (first..self.len())
            .find(|&child| self.parent[child] != Some(id as u32))
            .unwrap_or(self.len());
        first..end
    }
}

/// The steps of a [`Recording`] as columns, one entry per board expanded in the order the
/// strategy expanded them (entry `i` of each is step `i`'s), but for [`Steps::changes`],
/// which holds every step's changed cells one after another.
#[non_exhaustive]
#[derive(Clone, Default, PartialEq, Eq, Debug, Serialize)]
pub struct Steps {
    /// The board expanded.
    pub board: Vec<u32>,
    /// How many cells of the board expanded differ from its parent's (the root's: from the
    /// puzzle's), its forced cells filled (as it was when it died).
    pub changed: Vec<u32>,
    /// Those cells, every step's in turn (`changed[i]` pairs for step `i`), each as two
    /// numbers: its index in reading order, then its digit (0 for a cell emptied). A parent
    /// is expanded before its children, so the steps in order rebuild every board's digits
    /// ([`Recording::board_cells`]).
    pub changes: Vec<u32>,
}

impl Steps {
    /// The number of steps.
    pub fn len(&self) -> usize {
        self.board.len()
    }

    /// Whether there are none (a search recorded per depth).
    pub fn is_empty(&self) -> bool {
        self.board.is_empty()
    }
}

/// The counts after one step of a [`Recording`] ([`Recording::counts`]), as the run's
/// [`Stats`] names them.
#[non_exhaustive]
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Counts {
    /// Boards expanded so far (the statistics' `nodes`).
    pub nodes: u64,
    /// Boards waiting after the step: the queue or the stack.
    pub waiting: u64,
    /// Cells forced so far.
    pub forced: u64,
    /// Branch points so far (boards with two children or more).
    pub guesses: u64,
    /// Dead boards so far (cut ones among them).
    pub dead: u64,
    /// Solutions so far.
    pub found: u64,
}

/// The clauses of a learning search (`bfs --learn clauses`), each written once, and the
/// boards that name them, as pairs of numbers: a board, then a clause's index in
/// [`Clauses::text`].
#[non_exhaustive]
#[derive(Clone, Default, PartialEq, Eq, Debug, Serialize)]
pub struct Clauses {
    /// The clauses, in the order first met (`not (r1c4=2 and r2c7=2)`).
    pub text: Vec<String>,
    /// Each board cut by a clause, and that clause.
    pub cut: Vec<usize>,
    /// Each dead or cut board and a clause its death taught, board by board, in the order
    /// learned.
    pub taught: Vec<usize>,
}

impl Recording {
    /// Records the search of `puzzle` under `config`, board by board within the bound, beside
    /// `outcome`, the run of [`solve`](crate::solve) with the same puzzle and config, whose
    /// counts and solutions it keeps as they are. `title` names the puzzle for the page.
    ///
    /// The boards are those the run recorded as it expanded them ([`Outcome::recorded`], a
    /// run under [`Config::record`]), else those of the tree walk ([`Walk`]), which expands
    /// the same boards in the same order, recorded as it goes: when the search runs to its
    /// end, the last step's counts are the run's. At a solution limit, a run of `bfs` on
    /// several threads that the walk records may expand a few boards more than the walk (the
    /// rest of a chunk of 16), which the run's counts include.
    pub fn new(puzzle: &Grid, config: &Config, outcome: &Outcome, title: &str) -> Recording {
        let recorded = outcome.recorded.as_deref().cloned();
        Recording::with_recorded(puzzle, config, outcome, recorded, title)
    }

    /// [`Recording::new`], the boards the run recorded taken out of `outcome` rather than
    /// copied.
    pub fn take(puzzle: &Grid, config: &Config, outcome: &mut Outcome, title: &str) -> Recording {
        let recorded = outcome.recorded.take().map(|recorded| *recorded);
        Recording::with_recorded(puzzle, config, outcome, recorded, title)
    }

    fn with_recorded(
        puzzle: &Grid,
        config: &Config,
        outcome: &Outcome,
        recorded: Option<Recorded>,
        title: &str,
    ) -> Recording {
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
            boards: Boards::default(),
            steps: Steps::default(),
            clauses: Clauses::default(),
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
        // The run recorded itself where it could be followed; else the walk records it.
        let recorded = match recorded {
            Some(recorded) if recorded.is_complete() => {
                take_recorded(&mut recording, recorded);
                Ok(())
            }
            Some(_) => Err(()),
            None => record_walk(&mut recording, puzzle, config),
        };
        if recorded.is_err() {
            recording.boards = Boards::default();
            recording.steps = Steps::default();
            recording.clauses = Clauses::default();
            recording.stop = stop_name(outcome.stop);
            recording.note = Some(format!(
                "the search makes more than {max_boards} boards: played per depth"
            ));
        }
        recording
    }

    /// The counts after each step, in order: worked out from the boards the steps expanded,
    /// as the run's [`Stats`] counts them. A step expands one board; its forced cells, its
    /// fate and the children it made add to the counts. Every board made and not yet
    /// expanded is waiting, so `waiting` is the queue of `bfs`, the stack of the others.
    pub fn counts(&self) -> impl Iterator<Item = Counts> + '_ {
        let boards = &self.boards;
        let mut children = vec![0u64; boards.len()];
        for &parent in boards.parent.iter().flatten() {
            if let Some(count) = children.get_mut(parent as usize) {
                *count += 1;
            }
        }
        let fates = boards.fate.as_bytes();
        let mut now = Counts {
            waiting: 1,
            ..Counts::default()
        };
        self.steps.board.iter().map(move |&board| {
            let board = board as usize;
            let made = children.get(board).copied().unwrap_or(0);
            now.nodes += 1;
            now.waiting = (now.waiting + made).saturating_sub(1);
            now.forced += boards.forced.get(board).map_or(0, |&n| u64::from(n));
            match fates.get(board) {
                Some(b'b') if made > 1 => now.guesses += 1,
                Some(b'd' | b'c') => now.dead += 1,
                Some(b's') => now.found += 1,
                _ => {}
            }
            now
        })
    }

    /// Whether the boards were recorded one by one.
    pub fn has_boards(&self) -> bool {
        self.note.is_none()
    }

    /// The cells of board `id` once its forced cells were filled, in reading order (`0` for
    /// an empty cell), rebuilt from the puzzle and the [`Steps::changes`] of the boards from
    /// the root to it; `None` if it was never expanded or is not recorded.
    pub fn board_cells(&self, id: usize) -> Option<Vec<u8>> {
        // Where each expanded board's changes start.
        let mut at = vec![None; self.boards.len()];
        let mut start = 0;
        for (&board, &changed) in self.steps.board.iter().zip(&self.steps.changed) {
            *at.get_mut(board as usize)? = Some((start, changed as usize));
            start += 2 * changed as usize;
        }
        let mut chain = Vec::new();
        let mut next = Some(id);
        while let Some(board) = next {
            chain.push((*at.get(board)?)?);
            next = self.boards.parent.get(board)?.map(|parent| parent as usize);
        }
        let mut cells = line_values(&self.puzzle, self.size);
        for &(start, changed) in chain.iter().rev() {
            let pairs = self.steps.changes.get(start..start + 2 * changed)?;
            for pair in pairs.chunks_exact(2) {
                *cells.get_mut(pair[0] as usize)? = u8::try_from(pair[1]).ok()?;
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

/// Runs the walk to its end within the bound, handing each step to a [`Recorder`], and
/// takes the boards and steps it recorded, and the walk's clauses; `Err` past the bound.
fn record_walk(recording: &mut Recording, puzzle: &Grid, config: &Config) -> Result<(), ()> {
    let shape = puzzle.shape();
    let mut walk = Walk::new(puzzle, config, max_boards(shape));
    let mut recorder = Recorder::new(puzzle, walk.order() == Order::Breadth);
    let mut grid = puzzle.clone();
    while let Some(step) = walk.step_cells(&mut grid).map_err(|_| ())? {
        let node = &walk.nodes()[step.id];
        let seen = match &node.fate {
            Fate::Dead => Seen::Dead(step.dead_cell.map(|cell| cell as u32)),
            Fate::Cut { .. } => Seen::Cut,
            // An expanded board is never left unexplored.
            Fate::Solved(_) | Fate::Unexplored => Seen::Solved,
            Fate::Branched { cell, children } => {
                let digits = walk.nodes()[children.clone()]
                    .iter()
                    .filter_map(|child| child.guess.map(|guess| guess.digit))
                    .collect();
                Seen::branched(shape, *cell, digits)
            }
        };
        let id = recorder.expanded(grid.as_slice(), seen, node.forced);
        debug_assert_eq!(id, Some(step.id), "the walk and the recorder number alike");
    }
    let recorded = recorder.finish().ok_or(())?;
    if !recorded.is_complete() {
        return Err(());
    }
    recording.stop = stop_name(walk.stop().unwrap_or(Stop::Exhausted));
    take_recorded(recording, recorded);
    let clauses = &mut recording.clauses;
    for node in walk.nodes() {
        if let Fate::Cut { clause } = node.fate {
            clauses.cut.extend([node.id, clause]);
        }
        for &clause in &node.learned {
            clauses.taught.extend([node.id, clause]);
        }
    }
    clauses.text = walk.clauses().iter().map(ToString::to_string).collect();
    Ok(())
}

/// Moves the columns of `recorded` into `recording`.
fn take_recorded(recording: &mut Recording, recorded: Recorded) {
    let Recorded {
        parent,
        depth,
        guess_cell,
        guess,
        fate,
        cell,
        forced,
        step_board,
        changed,
        changes,
        ..
    } = recorded;
    recording.boards = Boards {
        parent,
        depth,
        guess_cell,
        guess,
        fate: fate.into_iter().map(char::from).collect(),
        cell,
        forced,
    };
    recording.steps = Steps {
        board: step_board,
        changed,
        changes,
    };
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
                let steps = &recording.steps;
                let counts: Vec<Counts> = recording.counts().collect();
                let last = counts.last().expect("a step");
                let stats = &recording.stats;
                assert_eq!(
                    (last.nodes, last.forced, last.dead, last.found),
                    (stats.nodes, stats.forced, stats.dead, stats.solutions),
                    "{what}"
                );
                assert_eq!(last.guesses, stats.guesses, "{what}");
                assert_eq!(last.waiting, 0, "{what}");
                assert_eq!(steps.len(), recording.boards.len(), "{what}");
                // A count for each step, and every board is expanded once.
                assert_eq!(counts.len(), steps.len(), "{what}");
                assert_eq!(steps.changed.len(), steps.len(), "{what}");
                let mut seen = vec![false; recording.boards.len()];
                for (order, &board) in steps.board.iter().enumerate() {
                    assert!(!seen[board as usize], "{what}: board {board} twice");
                    seen[board as usize] = true;
                    assert_eq!(counts[order].nodes as usize, order + 1, "{what}");
                }
            }
        }
    }

    /// The counts after step `k` are those of the same search stopped by a budget of `k`
    /// boards, as the engine itself counts them: for each depth-first strategy, recorded by
    /// the run and by the walk.
    #[test]
    fn the_counts_of_each_step_are_those_of_the_search_stopped_there() {
        let puzzle = Grid::empty(Shape::new(3, 3).unwrap());
        for strategy in [Strategy::Dfs, Strategy::Bitmask, Strategy::Backtrack] {
            for record in [false, true] {
                let full = Config {
                    strategy,
                    threads: 1,
                    record,
                    max_solutions: None,
                    max_nodes: Some(400),
                    ..Config::default()
                };
                let counts: Vec<Counts> = run(&puzzle, &full).counts().collect();
                assert_eq!(counts.len(), 400, "{strategy}");
                for k in [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377] {
                    let stopped = Config {
                        max_nodes: Some(k),
                        ..full.clone()
                    };
                    let stats = solve(&puzzle, &stopped).stats;
                    let now = counts[k as usize - 1];
                    assert_eq!(
                        (now.nodes, now.forced, now.dead, now.found),
                        (stats.nodes, stats.forced, stats.dead, stats.solutions),
                        "{strategy} record {record}, step {k}"
                    );
                    // The backtrackers count a guess as they try a cell's second digit, the
                    // recording as the board branches: the two agree once the search ends.
                    if strategy == Strategy::Dfs {
                        assert_eq!(now.guesses, stats.guesses, "record {record}, step {k}");
                    }
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
        let boards = &recording.boards;
        assert!(boards.fate.contains('d'));
        for id in 0..boards.len() {
            let cells = recording.board_cells(id);
            let expanded = boards.fate(id) != Some("unexplored");
            assert_eq!(cells.is_some(), expanded, "board {id}");
            let children = boards.children(id);
            assert_eq!(children.is_empty(), boards.fate(id) != Some("branched"));
            for child in children {
                assert_eq!(boards.parent[child], Some(id as u32));
                assert_eq!(boards.depth[child], boards.depth[id] + 1);
                assert_eq!(boards.guess_cell[child], boards.cell[id]);
            }
            if let (Some(cell), Some(cells)) = (boards.cell[id], &cells) {
                assert_eq!(cells[cell as usize], 0, "board {id}");
            }
        }
        let dead_with_cell = (0..boards.len())
            .filter(|&id| boards.fate(id) == Some("dead") && boards.cell[id].is_some())
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
            for id in 0..recording.boards.len() {
                let seen = tree.board(id).map(|view| view.grid().as_slice().to_vec());
                assert_eq!(recording.board_cells(id), seen, "{what} {id}");
                compared += usize::from(seen.is_some());
            }
            assert!(compared >= 10, "{what}: {compared} boards");
            // Boards share their parents' digits: the changes are short.
            let cells = puzzle.shape().n_cells();
            let steps = &recording.steps;
            assert!(
                steps.changed.iter().all(|&n| (n as usize) < cells),
                "{what}"
            );
            let changes: u32 = steps.changed.iter().sum();
            assert_eq!(steps.changes.len(), 2 * changes as usize, "{what}");
            assert!(changes as usize * 4 < cells * steps.len(), "{what}");
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
        // Columns of numbers: well under a hundred bytes a board, its step included.
        let per_board = text.len() / recording.boards.len();
        assert!(per_board < 100, "{per_board} bytes a board");
        assert!(text.len() < MAX_JSON_BYTES);
        assert_eq!(max_boards(Shape::new(5, 5).unwrap()), 3_200);
        assert_eq!(max_boards(Shape::NINE), 20_000);
    }

    /// The run of `puzzle` under `config` records its boards itself, and they are the walk's,
    /// number for number, step for step (none past the bound, as the walk has none).
    fn assert_records_as_the_walk(puzzle: &Grid, config: &Config) {
        let outcome = solve(puzzle, config);
        let what = format!("{} {config:?}", puzzle.to_line());
        let recorded = outcome
            .recorded
            .as_deref()
            .unwrap_or_else(|| panic!("{what}: the run records itself"));
        let mut walked = outcome.clone();
        walked.recorded = None;
        let by_engine = Recording::new(puzzle, config, &outcome, "test");
        let by_walk = Recording::new(puzzle, config, &walked, "test");
        assert_eq!(recorded.is_complete(), by_walk.has_boards(), "{what}");
        assert_eq!(by_engine.note, by_walk.note, "{what}");
        assert_eq!(by_engine.stop, by_walk.stop, "{what}");
        assert_eq!(by_engine.boards, by_walk.boards, "{what}");
        assert_eq!(by_engine.steps, by_walk.steps, "{what}");
    }

    /// The boards `dfs` records as it runs ([`Config::record`]) are the walk's, number for
    /// number, step for step: in full, at a solution limit, at a node budget, with a stack
    /// that drops boards and makes them again, and past the bound.
    #[test]
    fn dfs_records_the_boards_the_walk_records() {
        let dfs = Config::default()
            .with_strategy(Strategy::Dfs)
            .with_record(true);
        let empty = Grid::empty(Shape::NINE);
        let cases = [
            (grid(ESCARGOT), dfs.clone()),
            (grid(ESCARGOT), dfs.clone().with_forced(Forced::Hidden)),
            (
                grid(ESCARGOT),
                dfs.clone().with_branch(crate::config::Branch::Probe),
            ),
            (
                Grid::empty(Shape::new(2, 2).unwrap()),
                dfs.clone().with_max_solutions(None),
            ),
            (empty.clone(), dfs.clone().with_max_solutions(Some(7))),
            (
                empty.clone(),
                dfs.clone()
                    .with_max_solutions(None)
                    .with_max_nodes(Some(3_000)),
            ),
            (
                empty.clone(),
                dfs.clone()
                    .with_max_solutions(None)
                    .with_max_nodes(Some(2_000))
                    .with_max_frontier_bytes(1),
            ),
            (
                empty.clone(),
                dfs.clone()
                    .with_max_solutions(None)
                    .with_max_nodes(Some(25_000)),
            ),
            (
                Grid::empty(Shape::new(4, 4).unwrap()),
                dfs.clone().with_max_nodes(Some(300)),
            ),
        ];
        for (puzzle, config) in &cases {
            assert_records_as_the_walk(puzzle, config);
        }
        // A search that counts boards it does not expand is left to the walk.
        let counting = dfs.with_max_solutions(None).with_keep_solutions(false);
        let outcome = solve(&Grid::empty(Shape::new(2, 2).unwrap()), &counting);
        assert!(outcome.recorded.is_none());
    }

    /// The boards `bfs` records as it runs are the walk's too, on one thread or two (a level
    /// being recorded is expanded in order): in full, at a solution limit, at a node budget,
    /// and past the bound. A search whose frontier budget sends boards depth-first at once,
    /// or that learns, is left to the walk.
    #[test]
    fn bfs_records_the_boards_the_walk_records() {
        let empty = Grid::empty(Shape::NINE);
        for threads in [1, 2] {
            let bfs = Config::default()
                .with_strategy(Strategy::Bfs)
                .with_threads(threads)
                .with_record(true);
            let all = bfs.clone().with_max_solutions(None);
            let cases = [
                (grid(ESCARGOT), bfs.clone()),
                (grid(ESCARGOT), bfs.clone().with_forced(Forced::Hidden)),
                (Grid::empty(Shape::new(2, 2).unwrap()), all.clone()),
                (empty.clone(), bfs.clone().with_max_solutions(Some(7))),
                (empty.clone(), all.clone().with_max_nodes(Some(3_000))),
                (empty.clone(), all.clone().with_max_nodes(Some(25_000))),
            ];
            for (puzzle, config) in &cases {
                assert_records_as_the_walk(puzzle, config);
            }
            let narrow = all.clone().with_max_frontier_bytes(1);
            let learns = Config {
                learn: Learn::Clauses,
                ..bfs.clone()
            };
            // The empty 16x16's third level holds more boards than a chunk's share of the
            // default budget: one is searched depth-first.
            let sixteen = Grid::empty(Shape::new(4, 4).unwrap());
            for (puzzle, config) in [(&empty, narrow), (&empty, learns), (&sixteen, bfs.clone())] {
                let outcome = solve(puzzle, &config.clone().with_max_nodes(Some(2_000)));
                assert!(outcome.recorded.is_none(), "{threads} threads");
                assert!(config.learns() || outcome.stats.overflow > 0);
            }
        }
    }

    /// The boards `bitmask` and `backtrack` record as they run ([`Config::record`]) are the
    /// walk's of the textbook tree, number for number, step for step: in full (dead states
    /// among them), at a solution limit, at a node budget, on 16x16, and past the bound.
    #[test]
    fn the_backtrackers_record_the_boards_the_walk_records() {
        let hard = grid(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        );
        let empty = Grid::empty(Shape::NINE);
        for strategy in [Strategy::Bitmask, Strategy::Backtrack] {
            let textbook = Config::default().with_strategy(strategy).with_record(true);
            let all = textbook.clone().with_max_solutions(None);
            let cases = [
                (grid("......1.21....21"), all.clone()),
                (grid(".....4.1....13.4"), all.clone()),
                (Grid::empty(Shape::new(2, 2).unwrap()), all.clone()),
                (Grid::empty(Shape::new(2, 2).unwrap()), textbook.clone()),
                (empty.clone(), textbook.clone().with_max_solutions(Some(7))),
                (hard.clone(), textbook.clone().with_max_nodes(Some(5_000))),
                (empty.clone(), all.clone().with_max_nodes(Some(3_000))),
                (empty.clone(), all.clone().with_max_nodes(Some(25_000))),
                (
                    Grid::empty(Shape::new(4, 4).unwrap()),
                    textbook.clone().with_max_nodes(Some(300)),
                ),
            ];
            let mut dead = 0;
            for (puzzle, config) in &cases {
                assert_records_as_the_walk(puzzle, config);
                let outcome = solve(puzzle, config);
                if outcome
                    .recorded
                    .as_deref()
                    .is_some_and(Recorded::is_complete)
                {
                    dead += outcome.stats.dead;
                }
            }
            assert!(dead > 0, "{strategy}: dead states are recorded too");
        }
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
        let last = bfs.counts().last().expect("a step");
        assert_eq!((last.nodes, last.dead), (bfs.stats.nodes, bfs.stats.dead));
        // The boards a clause cut name it, and the dead boards name what they taught.
        let clauses = &bfs.clauses;
        let cut: Vec<&[usize]> = clauses.cut.chunks_exact(2).collect();
        assert!(!cut.is_empty());
        assert_eq!(cut.len(), bfs.boards.fate.matches('c').count());
        for pair in cut {
            assert_eq!(bfs.boards.fate(pair[0]), Some("cut"));
            assert!(clauses.text[pair[1]].contains('r'));
        }
        let taught: Vec<&[usize]> = clauses.taught.chunks_exact(2).collect();
        assert!(
            taught
                .iter()
                .any(|pair| bfs.boards.fate(pair[0]) == Some("dead"))
        );
        for pair in taught {
            assert!(matches!(bfs.boards.fate(pair[0]), Some("dead" | "cut")));
            assert!(pair[1] < clauses.text.len());
        }
        let dfs = run(&puzzle, &learn.clone().with_strategy(Strategy::Dfs));
        assert!(!dfs.has_boards());
        assert!(dfs.note.unwrap().contains("per depth"));
    }
}
