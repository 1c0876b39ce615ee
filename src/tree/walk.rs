//! [`Walk`]: the search tree walked one board at a time, in the order of the chosen strategy.
//!
//! A walk holds the boards still to expand: a queue for `bfs` (first in, first out: every board
//! of a depth before the next depth), a stack for `dfs` and the backtrackers (the last child
//! pushed is expanded next; children are pushed largest digit first, so the smallest digit is
//! expanded first, exactly as `dfs` pops its boards). Each [`Walk::step`] takes one board,
//! expands it with the engines' own step function (fill its forced cells, then dead, solved or
//! branch) and says what happened: a [`Visit`]. [`Walk::finish`] turns the walk into the
//! [`SearchTree`]; [`record`] is a walk run to its end.
//!
//! `bfs` and `dfs` search the tree of candidate boards ([`Kind::Boards`]). `backtrack` and
//! `bitmask` search another tree ([`Kind::Textbook`]): they infer nothing and fill the first
//! empty cell, one child per legal digit; their walk is that tree, depth-first, in their
//! order.

use std::collections::{HashMap, VecDeque};
use std::time::Instant;

use crate::board::{Board, General, Kernel, Nine};
use crate::budget::Budget;
use crate::candidates::Candidates;
use crate::config::{Branch, Config, Strategy};
use crate::geometry::{Cell, Digit};
use crate::grid::Grid;
use crate::outcome::Stop;
use crate::stats::Stats;
use crate::strategy::expand::{Step, expand};
use crate::strategy::{Guided, LevelLearner, within_budget};

#[cfg(doc)]
use super::record;
use super::textbook::Textbook;
use super::{Clause, Fate, Guess, Node, SearchTree, TooLarge};

/// The order in which a walk expands its boards.
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Order {
    /// A queue: the boards of one depth, in the order they were made, before any deeper board
    /// (`bfs`).
    Breadth,
    /// A stack: the children of the board just expanded first, smallest digit first (`dfs`,
    /// `backtrack`, `bitmask`).
    Depth,
}

impl Order {
    /// The order `strategy` expands its boards in.
    pub fn of(strategy: Strategy) -> Order {
        match strategy {
            Strategy::Bfs => Order::Breadth,
            Strategy::Dfs | Strategy::Bitmask | Strategy::Backtrack => Order::Depth,
        }
    }

    /// `breadth-first` or `depth-first`.
    pub fn name(self) -> &'static str {
        match self {
            Order::Breadth => "breadth-first",
            Order::Depth => "depth-first",
        }
    }
}

/// Which tree a walk searches.
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    /// The tree of candidate boards (`bfs`, `dfs`): forced cells filled in every board, one
    /// child per candidate of the branch cell the rule picks.
    Boards,
    /// The textbook backtrackers' tree (`backtrack`, `bitmask`): nothing inferred, one child
    /// per legal digit of the first empty cell, so a node may have a single child.
    Textbook,
}

impl Kind {
    /// The tree `strategy` searches.
    pub fn of(strategy: Strategy) -> Kind {
        match strategy {
            Strategy::Bfs | Strategy::Dfs => Kind::Boards,
            Strategy::Bitmask | Strategy::Backtrack => Kind::Textbook,
        }
    }
}

/// A board as the search saw it: its settled digits and the candidates of its open cells.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BoardView {
    grid: Grid,
    /// Per cell in reading order; empty for settled cells.
    candidates: Vec<Candidates>,
}

impl BoardView {
    fn of<B: Board>(board: &B) -> BoardView {
        let grid = board.to_grid();
        let mut candidates = vec![Candidates::EMPTY; grid.shape().n_cells()];
        let shape = grid.shape();
        board.for_each_open(|cell, digits| candidates[shape.index(cell)] = digits);
        BoardView { grid, candidates }
    }

    /// The settled digits; open cells are empty.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The digit of `cell`, if it is settled.
    pub fn digit(&self, cell: Cell) -> Option<Digit> {
        self.grid.get(cell)
    }

    /// The candidates of an open `cell`, smallest first; none for a settled cell, and none for
    /// a cell a dead board left without any.
    pub fn candidates(&self, cell: Cell) -> impl DoubleEndedIterator<Item = Digit> + use<> {
        self.candidates[self.grid.shape().index(cell)].iter()
    }

    /// Whether `cell` is open and has no candidate left: where a board died.
    pub fn is_empty_cell(&self, cell: Cell) -> bool {
        self.grid.get(cell).is_none() && self.candidates[self.grid.shape().index(cell)].is_empty()
    }
}

/// What one [`Walk::step`] did.
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Visit {
    /// The board expanded, as it is now in the tree: its fate and, if it branched, its
    /// children (nodes not expanded yet).
    pub node: Node,
    /// Its place in the visit order, from 0: this was the walk's `order + 1`-th expansion.
    pub order: usize,
    /// The board after its forced cells were filled (for a dead board, as it was when it died).
    pub board: BoardView,
    /// Boards waiting to be expanded after this step: the queue or the stack.
    pub waiting: usize,
}

/// What one [`Walk::step_cells`] did.
#[cfg(feature = "serde")] // the recording of `play.rs` alone
pub(crate) struct CellsStep {
    /// The board expanded.
    pub(crate) id: usize,
    /// For a dead board, the index of the first cell left without a candidate.
    pub(crate) dead_cell: Option<usize>,
}

/// A search tree walked one board at a time, in a strategy's order: a queue of boards for
/// `bfs`, a stack for the others, one board expanded per [`Walk::step`].
///
/// ```
/// use explore::{Config, Strategy, format, tree};
///
/// let puzzle = format::parse_one("......1.21....21")?;
/// let config = Config::default()
///     .with_strategy(Strategy::Dfs)
///     .with_max_solutions(None);
/// let mut walk = tree::Walk::new(&puzzle, &config, tree::DOT_MAX_NODES);
/// assert_eq!(walk.order(), tree::Order::Depth);
/// while let Some(visit) = walk.step()? {
///     println!("{}: board {} at depth {}", visit.order, visit.node.id, visit.node.depth);
/// }
/// let tree = walk.finish()?;
/// assert_eq!(tree.n_expanded(), tree.n_nodes());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Walk {
    search: Search,
}

/// A walk on each kind of board.
enum Search {
    Nine(Inner<Nine>),
    General(Inner<General>),
    Textbook(Inner<Textbook>),
    /// `bfs` that learns: each board with the guesses that made it.
    NineLearning(Inner<Guided<Nine>>),
    GeneralLearning(Inner<Guided<General>>),
}

/// Calls `$body` with the walk's inner state, whatever its board.
macro_rules! inner {
    ($walk:expr, $inner:ident => $body:expr) => {
        match $walk {
            Search::Nine($inner) => $body,
            Search::General($inner) => $body,
            Search::Textbook($inner) => $body,
            Search::NineLearning($inner) => $body,
            Search::GeneralLearning($inner) => $body,
        }
    };
}

impl Walk {
    /// A walk of the tree `config.strategy` searches for `puzzle` ([`Kind::of`]), in its order
    /// ([`Order::of`]), under `config`'s rules and limits, keeping at most `max_nodes` nodes.
    ///
    /// The walk stops like the engines at `config.max_solutions` (at the exact board that
    /// reached it), `config.max_nodes` (boards expanded) and `config.timeout`; the boards still
    /// waiting then stay [`Fate::Unexplored`]. `threads` and the frontier budget do not change
    /// the tree.
    ///
    /// `bfs` that learns ([`Config::learns`]) is walked as it learns: the clauses a level
    /// teaches are merged at its end, and a chunk of a level learns from its boards at once,
    /// as on any thread count, so its boards die, shrink and branch where the engine's do.
    /// `dfs` that learns searches candidates, not boards ([`Strategy::Dfs`]): its walk is the
    /// tree of `dfs` without learning.
    pub fn new(puzzle: &Grid, config: &Config, max_nodes: usize) -> Walk {
        let order = Order::of(config.strategy);
        // Learning that does not fit its budget is left out, as the engine leaves it out.
        let config = &*within_budget(puzzle.shape(), config);
        let learning = config.learns() && order == Order::Breadth;
        let search = match Kind::of(config.strategy) {
            Kind::Textbook => {
                // The backtrackers' tree has no rules to follow: the first empty cell, always.
                let config = Config {
                    branch: Branch::First,
                    ..config.clone()
                };
                Search::Textbook(Inner::new(puzzle, &config, order, max_nodes))
            }
            Kind::Boards => match (Kernel::for_search(puzzle.shape(), config.forced), learning) {
                (Kernel::Nine, false) => Search::Nine(Inner::new(puzzle, config, order, max_nodes)),
                (Kernel::General, false) => {
                    Search::General(Inner::new(puzzle, config, order, max_nodes))
                }
                (Kernel::Nine, true) => {
                    Search::NineLearning(Inner::new(puzzle, config, order, max_nodes).learning())
                }
                (Kernel::General, true) => {
                    Search::GeneralLearning(Inner::new(puzzle, config, order, max_nodes).learning())
                }
            },
        };
        Walk { search }
    }

    /// Keeps a [`BoardView`] of every board expanded in the tree that [`Walk::finish`]
    /// returns ([`SearchTree::board`]), for pictures that show the boards.
    pub fn keep_boards(mut self) -> Walk {
        inner!(&mut self.search, inner => inner.boards = Some(Vec::new()));
        self
    }

    /// The order of the walk.
    pub fn order(&self) -> Order {
        inner!(&self.search, inner => inner.order)
    }

    /// The tree it walks.
    pub fn kind(&self) -> Kind {
        match self.search {
            Search::Textbook(_) => Kind::Textbook,
            Search::Nine(_)
            | Search::General(_)
            | Search::NineLearning(_)
            | Search::GeneralLearning(_) => Kind::Boards,
        }
    }

    /// Every node made so far, by id (the order they were made in).
    pub fn nodes(&self) -> &[Node] {
        inner!(&self.search, inner => &inner.nodes)
    }

    /// The clauses learned so far (`bfs --learn clauses`), which [`Node::learned`] and
    /// [`Fate::Cut`] name by index ([`SearchTree::clauses`]).
    pub fn clauses(&self) -> &[Clause] {
        inner!(&self.search, inner => &inner.clauses)
    }

    /// The ids of the boards waiting, in the order they will be expanded.
    pub fn waiting(&self) -> Vec<usize> {
        inner!(&self.search, inner => inner.waiting())
    }

    /// Why the walk ended, once it has: `None` while boards wait and no limit is reached.
    pub fn stop(&self) -> Option<Stop> {
        inner!(&self.search, inner => inner.stop)
    }

    /// Expands the next board and says what became of it; `None` once the walk has ended
    /// ([`Walk::stop`] says why).
    ///
    /// # Errors
    ///
    /// [`TooLarge`] when the board's children would take the tree past the walk's cap on
    /// nodes; the walk then ends, and every later step and [`Walk::finish`] give the same
    /// error.
    pub fn step(&mut self) -> Result<Option<Visit>, TooLarge> {
        inner!(&mut self.search, inner => inner.step())
    }

    /// [`Walk::step`] for a recording of the boards' digits: the board's digits go into
    /// `cells`, and the step says which board it expanded (its node is in [`Walk::nodes`]),
    /// how many boards wait, and for a dead board the first cell left without a candidate.
    /// No [`BoardView`] of the candidates is made, nor a copy of the node, and the board is
    /// not kept for [`Walk::keep_boards`].
    ///
    /// # Errors
    ///
    /// [`TooLarge`], as [`Walk::step`].
    #[cfg(feature = "serde")] // the recording of `play.rs` alone
    pub(crate) fn step_cells(&mut self, cells: &mut Grid) -> Result<Option<CellsStep>, TooLarge> {
        inner!(&mut self.search, inner => inner.step_cells(cells))
    }

    /// Runs the walk to its end (or the cap) and returns its tree.
    ///
    /// # Errors
    ///
    /// [`TooLarge`], as [`Walk::step`].
    pub fn finish(mut self) -> Result<SearchTree, TooLarge> {
        while self.step()?.is_some() {}
        let order = self.order();
        let kind = self.kind();
        inner!(self.search, inner => inner.finish(order, kind))
    }
}

/// The state of a walk on boards of kind `B`.
struct Inner<B: Board> {
    puzzle: Grid,
    config: Config,
    order: Order,
    budget: Budget,
    limit: u64,
    max_nodes: usize,
    stats: Stats,
    nodes: Vec<Node>,
    /// The boards waiting, with their node ids: popped from the front for [`Order::Breadth`],
    /// from the back for [`Order::Depth`].
    open: VecDeque<(usize, B)>,
    visits: usize,
    stop: Option<Stop>,
    too_large: bool,
    boards: Option<Vec<Option<BoardView>>>,
    /// The boards held when the first solution was found ([`SearchTree::held_at_first_solution`]).
    held: Vec<usize>,
    /// The learning of `bfs` that learns, level by level as the engine learns.
    learning: Option<LevelLearner>,
    /// The clauses learned, in the order first met, and the index of each.
    clauses: Vec<Clause>,
    clause_ids: HashMap<Clause, usize>,
}

impl<B: Board> Inner<B> {
    fn new(puzzle: &Grid, config: &Config, order: Order, max_nodes: usize) -> Inner<B> {
        // The tree is of boards: its end is never counted without them here, even for a count.
        let config = config.clone().with_keep_solutions(true);
        let budget = Budget::new(&config, puzzle.shape(), Instant::now());
        let limit = budget.max_solutions();
        let root = Node {
            id: 0,
            parent: None,
            depth: 0,
            guess: None,
            forced: 0,
            visit: None,
            fate: Fate::Unexplored,
            learned: Vec::new(),
        };
        Inner {
            puzzle: puzzle.clone(),
            config,
            order,
            budget,
            limit,
            max_nodes,
            stats: Stats::default(),
            nodes: vec![root],
            open: VecDeque::from([(0, B::new(puzzle))]),
            visits: 0,
            stop: None,
            too_large: max_nodes == 0,
            boards: None,
            held: Vec::new(),
            learning: None,
            clauses: Vec::new(),
            clause_ids: HashMap::new(),
        }
    }

    /// The walk learning as `bfs` learns, from its root board.
    fn learning(mut self) -> Inner<B> {
        let root = self.open.front().map(|(_, root)| root);
        self.learning = root.map(|root| LevelLearner::new(root, &self.config));
        self
    }

    fn waiting(&self) -> Vec<usize> {
        let ids = self.open.iter().map(|(id, _)| *id);
        match self.order {
            Order::Breadth => ids.collect(),
            Order::Depth => ids.rev().collect(),
        }
    }

    fn step(&mut self) -> Result<Option<Visit>, TooLarge> {
        let Some((id, board)) = self.advance()? else {
            return Ok(None);
        };
        let node = self.nodes[id].clone();
        let view = BoardView::of(&board);
        if let Some(boards) = &mut self.boards {
            boards.resize(self.nodes.len(), None);
            boards[id] = Some(view.clone());
        }
        Ok(Some(Visit {
            order: node.visit.unwrap_or_default(),
            node,
            board: view,
            waiting: self.open.len(),
        }))
    }

    /// A step that hands out the board's digits only, into `cells`, and for a dead board the
    /// first cell it left without a candidate.
    #[cfg(feature = "serde")] // the recording of `play.rs` alone
    fn step_cells(&mut self, cells: &mut Grid) -> Result<Option<CellsStep>, TooLarge> {
        let Some((id, board)) = self.advance()? else {
            return Ok(None);
        };
        *cells = board.to_grid();
        let mut dead_cell = None;
        if matches!(self.nodes[id].fate, Fate::Dead) {
            let shape = self.puzzle.shape();
            board.for_each_open(|cell, digits| {
                if digits.is_empty() {
                    let index = shape.index(cell);
                    dead_cell = Some(dead_cell.map_or(index, |first: usize| first.min(index)));
                }
            });
        }
        Ok(Some(CellsStep { id, dead_cell }))
    }

    /// Expands the next board: the node's fate, forced count, visit and lessons set, its
    /// children made and put in the open boards; the board's id and the board, once filled.
    fn advance(&mut self) -> Result<Option<(usize, B)>, TooLarge> {
        let too_large = TooLarge {
            max_nodes: self.max_nodes,
        };
        if self.too_large {
            return Err(too_large);
        }
        if self.stop.is_some() {
            return Ok(None);
        }
        if self.open.is_empty() {
            self.stop = Some(Stop::Exhausted);
            return Ok(None);
        }
        // As in the engines, the board about to be expanded counts against the node budget.
        if let Some(reason) = self.budget.check(self.stats.nodes + 1) {
            self.stop = Some(reason);
            return Ok(None);
        }
        let waiting = self.open.len();
        let popped = match self.order {
            Order::Breadth => self.open.pop_front(),
            Order::Depth => self.open.pop_back(),
        };
        let Some((id, mut board)) = popped else {
            return Ok(None);
        };
        let depth = self.nodes[id].depth;
        let forced_before = self.stats.forced;
        let learner = self
            .learning
            .as_mut()
            .map(|learning| learning.next(waiting, depth, &mut self.stats));
        let step = expand(
            &mut board,
            depth,
            &self.config,
            &mut self.stats,
            None,
            learner,
        );
        let forced = u32::try_from(self.stats.forced - forced_before).unwrap_or(u32::MAX);
        let shape = self.puzzle.shape();
        let notes = self
            .learning
            .as_mut()
            .map(|learning| learning.take_notes(shape))
            .unwrap_or_default();
        let learned: Vec<usize> = notes
            .taught
            .into_iter()
            .map(|literals| self.clause_id(Clause::new(literals)))
            .collect();
        let cut = notes
            .cut
            .map(|literals| self.clause_id(Clause::new(literals)));
        let fate = match step {
            Step::Dead => cut.map_or(Fate::Dead, |clause| Fate::Cut { clause }),
            // Solutions are kept, so no board is counted without being expanded.
            Step::Solved | Step::Counted(_) => Fate::Solved(board.to_grid()),
            Step::Branch(cell, candidates) => {
                let first = self.nodes.len();
                if first + candidates.len() as usize > self.max_nodes {
                    self.too_large = true;
                    return Err(too_large);
                }
                for digit in candidates {
                    self.nodes.push(Node {
                        id: self.nodes.len(),
                        parent: Some(id),
                        depth: depth + 1,
                        guess: Some(Guess { cell, digit }),
                        forced: 0,
                        visit: None,
                        fate: Fate::Unexplored,
                        learned: Vec::new(),
                    });
                }
                let children = first..self.nodes.len();
                let board = &board;
                let child = |(child, digit): (usize, Digit)| (child, board.child(cell, digit));
                match self.order {
                    Order::Breadth => self
                        .open
                        .extend(children.clone().zip(candidates).map(child)),
                    // The largest digit goes on the stack first, so the smallest is popped next.
                    Order::Depth => self.open.extend(
                        children
                            .clone()
                            .rev()
                            .zip(candidates.iter().rev())
                            .map(child),
                    ),
                }
                Fate::Branched { cell, children }
            }
        };
        if matches!(fate, Fate::Solved(_)) && self.held.is_empty() {
            // The one moment every strategy has: what it holds when its first answer appears.
            self.held = std::iter::once(id).chain(self.waiting()).collect();
        }
        let order = self.visits;
        self.visits += 1;
        let node = &mut self.nodes[id];
        node.forced = forced;
        node.visit = Some(order);
        node.fate = fate;
        node.learned = learned;
        if self.stats.solutions >= self.limit {
            self.stop = Some(Stop::SolutionLimit);
        }
        Ok(Some((id, board)))
    }

    /// The index of `clause` among those met, added if it is new.
    fn clause_id(&mut self, clause: Clause) -> usize {
        let next = self.clauses.len();
        *self.clause_ids.entry(clause).or_insert_with_key(|clause| {
            self.clauses.push(clause.clone());
            next
        })
    }

    fn finish(self, order: Order, kind: Kind) -> Result<SearchTree, TooLarge> {
        if self.too_large {
            return Err(TooLarge {
                max_nodes: self.max_nodes,
            });
        }
        let mut boards = self.boards;
        if let Some(boards) = &mut boards {
            boards.resize(self.nodes.len(), None);
        }
        Ok(SearchTree {
            puzzle: self.puzzle,
            forced_rule: self.config.forced,
            branch_rule: self.config.branch,
            learns: self.learning.is_some(),
            order,
            kind,
            nodes: self.nodes,
            stop: self.stop.unwrap_or(Stop::Exhausted),
            boards,
            held: self.held,
            clauses: self.clauses,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Shape;
    use crate::strategy::solve;
    use crate::testing::{EASY, ESCARGOT, grid};
    use crate::tree::record;

    /// 4x4 puzzles with six and two solutions, and 9x9 puzzles of 15 and 131 boards.
    const PUZZLES: [&str; 4] = [
        "......1.21....21",
        ".....4.1....13.4",
        "5...7..1..7.1..3.8..8....6785......3..68..7..7.3.2....96.5....4.8.41........8....",
        ESCARGOT,
    ];

    fn config(strategy: Strategy, max_solutions: Option<u64>) -> Config {
        Config {
            strategy,
            max_solutions,
            threads: 1,
            ..Config::default()
        }
    }

    fn walk_all(puzzle: &Grid, config: &Config) -> (Vec<Visit>, SearchTree) {
        let mut walk = Walk::new(puzzle, config, 100_000).keep_boards();
        let mut visits = Vec::new();
        while let Some(visit) = walk.step().expect("small tree") {
            visits.push(visit);
        }
        (visits, walk.finish().expect("small tree"))
    }

    /// `dfs` pops its boards in the walk's order: stopped at each solution in turn, the engine
    /// has expanded exactly as many boards as the walk, and found the same solutions.
    #[test]
    fn the_depth_first_walk_is_the_order_of_dfs() {
        let mut puzzles: Vec<Grid> = PUZZLES.iter().map(|line| grid(line)).collect();
        puzzles.push(Grid::empty(Shape::new(2, 2).unwrap()));
        for puzzle in &puzzles {
            for limit in [1, 2, 3, 50] {
                let config = config(Strategy::Dfs, Some(limit));
                let (visits, tree) = walk_all(puzzle, &config);
                let engine = solve(puzzle, &config);
                let what = format!("{} limit {limit}", puzzle.to_line());
                assert_eq!(visits.len() as u64, engine.stats.nodes, "{what}");
                assert_eq!(tree.n_expanded() as u64, engine.stats.nodes, "{what}");
                let mut mine: Vec<Grid> = tree.solutions().cloned().collect();
                mine.sort_unstable();
                assert_eq!(mine, engine.solutions, "{what}");
            }
        }
    }

    /// Depth-first: after a board branches, its first child is next; breadth-first: the visits
    /// are the ids, and depths never decrease.
    #[test]
    fn each_order_visits_as_it_says() {
        for line in PUZZLES {
            let puzzle = grid(line);
            let (visits, _) = walk_all(&puzzle, &config(Strategy::Dfs, None));
            for pair in visits.windows(2) {
                if let Fate::Branched { children, .. } = &pair[0].node.fate {
                    assert_eq!(pair[1].node.id, children.start, "{line}");
                }
                assert_eq!(pair[1].order, pair[0].order + 1);
            }
            let (visits, tree) = walk_all(&puzzle, &config(Strategy::Bfs, None));
            for (order, visit) in visits.iter().enumerate() {
                assert_eq!((visit.order, visit.node.id), (order, order), "{line}");
            }
            assert!(
                visits
                    .windows(2)
                    .all(|p| p[0].node.depth <= p[1].node.depth)
            );
            assert_eq!(visits.len(), tree.n_nodes());
        }
    }

    /// The textbook tree is the one `backtrack` and `bitmask` search: the same counts when run
    /// to the end, and the same boards expanded before each solution.
    #[test]
    fn the_textbook_walk_is_the_tree_of_the_backtrackers() {
        // The 9x9 puzzles of PUZZLES make textbook trees of tens of thousands of boards.
        for line in [PUZZLES[0], PUZZLES[1], EASY] {
            let puzzle = grid(line);
            for strategy in [Strategy::Backtrack, Strategy::Bitmask] {
                for limit in [None, Some(1), Some(2)] {
                    let config = config(strategy, limit);
                    let (_, tree) = walk_all(&puzzle, &config);
                    assert_eq!(tree.kind(), Kind::Textbook);
                    assert_eq!(tree.order(), Order::Depth);
                    let stats = solve(&puzzle, &config).stats;
                    let what = format!("{line} {strategy} {limit:?}");
                    assert_eq!(stats.nodes as usize, tree.n_expanded(), "{what}");
                    assert_eq!(stats.dead as usize, tree.n_dead(), "{what}");
                    assert_eq!(stats.solutions as usize, tree.n_solutions(), "{what}");
                    assert_eq!(stats.forced, 0, "{what}");
                    if limit.is_none() {
                        let guesses = tree
                            .nodes()
                            .iter()
                            .filter(|node| tree.children(node.id).len() > 1)
                            .count();
                        assert_eq!(stats.guesses as usize, guesses, "{what}");
                        assert_eq!(stats.max_depth, tree.depth(), "{what}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_step_shows_the_board_and_what_waits() {
        let puzzle = grid(PUZZLES[0]);
        let mut walk = Walk::new(&puzzle, &config(Strategy::Dfs, None), 1_000);
        assert_eq!(walk.waiting(), [0]);
        let first = walk.step().unwrap().unwrap();
        assert_eq!(
            (first.order, first.node.id, first.node.visit),
            (0, 0, Some(0))
        );
        let Fate::Branched { cell, children } = first.node.fate.clone() else {
            panic!("the root branches: {first:?}");
        };
        // The branch cell is open on the board shown, with one candidate per child.
        assert_eq!(first.board.digit(cell), None);
        assert_eq!(first.board.candidates(cell).count(), children.len());
        assert_eq!(first.waiting, children.len());
        assert_eq!(walk.waiting(), children.clone().collect::<Vec<_>>());
        // Every cell of the board is settled or has candidates: the root is alive.
        assert!(
            puzzle
                .shape()
                .cells()
                .all(|c| !first.board.is_empty_cell(c))
        );
        let given = puzzle
            .shape()
            .cells()
            .find(|&c| puzzle.get(c).is_some())
            .unwrap();
        assert_eq!(first.board.digit(given), puzzle.get(given));
        assert_eq!(first.board.candidates(given).count(), 0);
    }

    #[test]
    fn past_the_cap_every_step_fails() {
        let puzzle = Grid::empty(Shape::NINE);
        let mut walk = Walk::new(&puzzle, &config(Strategy::Dfs, None), 30);
        let error = loop {
            match walk.step() {
                Ok(Some(_)) => {}
                Ok(None) => panic!("the empty board's tree is huge"),
                Err(error) => break error,
            }
        };
        assert_eq!(error, TooLarge { max_nodes: 30 });
        assert!(walk.nodes().len() <= 30);
        assert_eq!(walk.step(), Err(error));
        assert_eq!(walk.finish().unwrap_err(), error);
        assert_eq!(
            Walk::new(&puzzle, &Config::default(), 0).step(),
            Err(TooLarge { max_nodes: 0 })
        );
    }

    #[test]
    fn kept_boards_are_those_of_the_steps() {
        let puzzle = grid(PUZZLES[1]);
        let (visits, tree) = walk_all(&puzzle, &config(Strategy::Bfs, None));
        for visit in &visits {
            assert_eq!(tree.board(visit.node.id), Some(&visit.board));
        }
        let plain = record(&puzzle, &config(Strategy::Bfs, None), 1_000).unwrap();
        assert_eq!(plain.board(0), None, "boards only when asked for");
    }
}
