//! The whole search tree of a small search, walked board by board in the order of the chosen
//! strategy, recorded node by node and drawn as a Graphviz DOT file: a picture of the "array of
//! boards" for the classroom.
//!
//! A [`Walk`] is the incremental form: created from a puzzle and a [`Config`], each
//! [`Walk::step`] expands one board, in the order of `config.strategy` ([`Order`]: a queue for
//! `bfs`, a stack for `dfs` and the backtrackers), with the same forced-cell rule, the same
//! branch cell and the same children in the same order as the engines, through the same step
//! function they use, and returns a [`Visit`]: the [`Node`] (where it hangs in the tree, the
//! guess that made it, how many cells were forced in it, its [`Fate`] and its place in the
//! visit order) and the board itself with its candidates ([`BoardView`]). `backtrack` and
//! `bitmask` search a different tree, cell by cell and without forced cells ([`Kind`]); their
//! walk is that tree. [`record`] runs a walk to its end and keeps the [`SearchTree`]; the
//! boards are dropped once expanded, as in the engine, unless the walk is asked to keep them
//! ([`Walk::keep_boards`]), and only the small node records stay.
//!
//! A tree worth drawing is small, so the recording has a hard cap on nodes
//! ([`DOT_MAX_NODES`] is the one `--dot` uses) and fails with [`TooLarge`] the moment the tree
//! would grow past it, instead of holding a huge tree in memory. The counts ([`SearchTree::levels`]
//! and friends) are read off the nodes; when the search runs to the end they agree with the
//! [`Stats`](crate::Stats) of the strategy for the same puzzle and config, which the tests
//! check.
//!
//! [`SearchTree::to_dot`] writes the picture. Parsing puzzles, running the real engines and
//! writing files are left to others; this module never prints.
//!
//! ```
//! use explore::{Config, format, tree};
//!
//! let puzzle = format::parse_one(
//!     "5...7..1..7.1..3.8..8....6785......3..68..7..7.3.2....96.5....4.8.41........8....",
//! )?;
//! let tree = tree::record(&puzzle, &Config::default(), tree::DOT_MAX_NODES)?;
//! assert_eq!((tree.n_nodes(), tree.n_dead(), tree.n_solutions()), (15, 7, 1));
//! // Every board branched, died or is a solution: the search ran to the end.
//! assert_eq!(tree.n_nodes(), tree.n_branched() + tree.n_dead() + tree.n_solutions());
//! assert!(tree.to_dot().contains("digraph search_tree {"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::ops::Range;

use crate::config::{Branch, Config, Forced};
use crate::geometry::{Cell, Digit};
use crate::grid::Grid;
use crate::outcome::Stop;

mod dot;
#[cfg(feature = "serde")]
pub mod posthoc;
mod textbook;
mod walk;

pub use dot::{BOARDS_MAX_NODES, BOARDS_MAX_SIDE, COMPACT_WIDTH, DotStyle};
pub use walk::{BoardView, Kind, Order, Visit, Walk};

/// The node cap of `explore --dot`.
///
/// A tree meant to be read label by label has a few dozen nodes; this cap is far above that so
/// that the *shape* of a mid-sized search (how wide the levels grow, where the dead boards are)
/// can still be drawn, and low enough that Graphviz stays quick. Measured with `dot -Tsvg` on
/// real trees: about 0.25 s for 1,000 nodes and 1.3 s for 2,500, but 4.6 s for 4,000 and 8 s
/// for 5,500, as layout time grows faster than the node count. At 1,000 nodes a level is
/// already hundreds of boxes and 30,000 pixels wide, so big trees are for SVG and zooming; a
/// PNG that wide is scaled down by Graphviz's bitmap renderer until its labels are unreadable.
pub const DOT_MAX_NODES: usize = 2_000;

/// The search tree would have more nodes than the cap given to [`record`].
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error(
    "the search tree has more than {max_nodes} nodes; trees of up to {max_nodes} nodes are \
     drawn (try a puzzle with more givens)"
)]
pub struct TooLarge {
    /// The cap that was exceeded.
    pub max_nodes: usize,
}

/// A guess: the cell a branch point chose and the digit one of its children put there.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Guess {
    /// The branch cell.
    pub cell: Cell,
    /// The digit this child tries in it.
    pub digit: Digit,
}

impl fmt::Display for Guess {
    /// Human form, counted from 1: `r3c7=5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.cell, self.digit)
    }
}

/// One literal of a [`Clause`]: the candidate `digit` of `cell`, and whether the literal says
/// the cell holds it or does not.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Literal {
    /// The cell.
    pub cell: Cell,
    /// The candidate.
    pub digit: Digit,
    /// `true`: the literal holds when the cell is `digit`; `false`: when it is not.
    pub holds: bool,
}

/// A clause learned at a dead end (`bfs --learn clauses`): at least one of its literals holds
/// in every solution. Read the other way, which is how it is shown, the facts it denies
/// cannot all be true together: `not (r3c4=7 and r5c1=2)`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Clause {
    /// In the order of their cells and digits.
    literals: Vec<Literal>,
}

impl Clause {
    fn new(literals: impl IntoIterator<Item = (Cell, Digit, bool)>) -> Clause {
        let mut literals: Vec<Literal> = literals
            .into_iter()
            .map(|(cell, digit, holds)| Literal { cell, digit, holds })
            .collect();
        literals.sort_unstable();
        Clause { literals }
    }

    /// Its literals, in the order of their cells and digits.
    pub fn literals(&self) -> &[Literal] {
        &self.literals
    }
}

impl fmt::Display for Clause {
    /// The facts it denies: `not (r3c4=7 and r5c1≠2)`; a clause of one literal is the fact it
    /// states, `r3c4≠7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fact = |literal: &Literal, denied: bool| {
            let sign = if literal.holds == denied { "≠" } else { "=" };
            format!("{}{sign}{}", literal.cell, literal.digit)
        };
        match self.literals.as_slice() {
            [] => write!(f, "no solution"),
            [only] => write!(f, "{}", fact(only, false)),
            many => {
                let facts: Vec<String> = many.iter().map(|literal| fact(literal, true)).collect();
                write!(f, "not ({})", facts.join(" and "))
            }
        }
    }
}

/// What became of a board.
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Fate {
    /// Never expanded: the search stopped first (solution limit, node budget or timeout).
    Unexplored,
    /// Filling its forced cells ran a cell, or a digit in a unit, out of places.
    Dead,
    /// Dead before it was filled: a clause learned at an earlier dead end (`bfs --learn
    /// clauses`) ruled out one of the guesses that made it, or led to a dead end as they were
    /// set again. `clause` is that clause, an index into [`SearchTree::clauses`]: of those
    /// that took part, the nearest to where the board died.
    Cut {
        /// The clause that cut it.
        clause: usize,
    },
    /// Every cell settled: a solution.
    Solved(Grid),
    /// It branched on `cell`, one child per candidate, in ascending digit order.
    Branched {
        /// The branch cell.
        cell: Cell,
        /// The ids of its children; they are consecutive because a board's children are all
        /// made when it branches.
        children: Range<usize>,
    },
}

/// One board of the search tree.
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Node {
    /// Its number in the order the boards were made, from 0 at the root; also its index in
    /// [`SearchTree::nodes`]. Under [`Order::Breadth`] it is also the visit order.
    pub id: usize,
    /// The node it branched from; `None` for the root.
    pub parent: Option<usize>,
    /// Guesses between the root and this node.
    pub depth: usize,
    /// The guess that made it; `None` for the root.
    pub guess: Option<Guess>,
    /// Cells forced in it before it branched or was solved. Zero for dead and unexplored
    /// boards: like the engine's statistics, a board that dies does not count the cells it
    /// filled on the way.
    pub forced: u32,
    /// Its place in the order the walk expanded the boards, from 0 at the root; `None` if it
    /// was never expanded.
    pub visit: Option<usize>,
    /// What became of it.
    pub fate: Fate,
    /// The clauses its death taught (`bfs --learn clauses`), indices into
    /// [`SearchTree::clauses`]; empty for a board that lived, and for a search that does not
    /// learn.
    pub learned: Vec<usize>,
}

/// The nodes of one depth, counted by fate.
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Level {
    /// Depth, from 0 at the root.
    pub depth: usize,
    /// Nodes at this depth.
    pub nodes: usize,
    /// Cells forced in them.
    pub forced: usize,
    /// Nodes that branched.
    pub branched: usize,
    /// Children they created (the nodes of the next depth).
    pub children: usize,
    /// Dead nodes, those cut by a learned clause included.
    pub dead: usize,
    /// Nodes cut by a learned clause ([`Fate::Cut`]).
    pub cut: usize,
    /// Solutions.
    pub solutions: usize,
    /// Nodes never expanded.
    pub unexplored: usize,
}

/// The recorded search tree of one puzzle. Build it with [`record`] or a [`Walk`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchTree {
    puzzle: Grid,
    forced_rule: Forced,
    branch_rule: Branch,
    /// Whether the search learned from its dead boards (`bfs` that learns).
    learns: bool,
    order: Order,
    kind: Kind,
    nodes: Vec<Node>,
    stop: Stop,
    /// The board of each node expanded, by id, when the walk kept them.
    boards: Option<Vec<Option<BoardView>>>,
    /// The ids of the boards held when the first solution was found; empty if none was.
    held: Vec<usize>,
    /// The clauses learned, in the order first learned or met.
    clauses: Vec<Clause>,
}

/// Records the search tree that `config.strategy` explores for `puzzle`, in its order,
/// keeping at most `max_nodes` nodes: a [`Walk`] run to its end.
///
/// `bfs` and `dfs` search the same tree of candidate boards, one breadth-first and one
/// depth-first, so their trees have the same nodes when the search runs to the end, numbered
/// differently; `backtrack` and `bitmask` search the textbook tree ([`Kind::Textbook`]). The
/// tree follows `config.forced` and `config.branch`, and stops like the engine at
/// `config.max_solutions`, `config.max_nodes` (boards expanded) and `config.timeout`; boards
/// still waiting then are kept as [`Fate::Unexplored`]. `threads` and `max_frontier` do not
/// change the tree. Givens that break a rule give a tree whose root is dead (where
/// [`solve`](crate::solve) reports the conflict without searching). One difference from the
/// engine is at the solution limit of `bfs`: the tree stops at the exact board that reached
/// it, while the engine may expand the rest of a chunk of boards (16) first and discard what
/// they find; the solutions are the same.
///
/// # Errors
///
/// [`TooLarge`] as soon as the tree would have more than `max_nodes` nodes (counting the
/// unexplored ones), without building it further.
pub fn record(puzzle: &Grid, config: &Config, max_nodes: usize) -> Result<SearchTree, TooLarge> {
    Walk::new(puzzle, config, max_nodes).finish()
}

impl SearchTree {
    /// Every node, in the order they were made: node `id` is `nodes()[id]`, and parents come
    /// before their children.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The root: the board of the puzzle itself.
    pub fn root(&self) -> &Node {
        &self.nodes[0]
    }

    /// The children of node `id`, in digit order; empty unless it branched.
    ///
    /// # Panics
    ///
    /// If `id` is not a node of this tree.
    pub fn children(&self, id: usize) -> &[Node] {
        match &self.nodes[id].fate {
            Fate::Branched { children, .. } => &self.nodes[children.clone()],
            _ => &[],
        }
    }

    /// The puzzle the tree searched.
    pub fn puzzle(&self) -> &Grid {
        &self.puzzle
    }

    /// Why the search stopped: [`Stop::Exhausted`] when the tree is complete.
    pub fn stop(&self) -> Stop {
        self.stop
    }

    /// Number of nodes, unexplored ones included.
    pub fn n_nodes(&self) -> usize {
        self.nodes.len()
    }

    /// Number of nodes that were expanded (the engine's `nodes` counter).
    pub fn n_expanded(&self) -> usize {
        self.n_nodes() - self.n_unexplored()
    }

    /// Number of branch points (the engine's `guesses` counter).
    pub fn n_branched(&self) -> usize {
        self.count(|fate| matches!(fate, Fate::Branched { .. }))
    }

    /// Number of dead boards, those cut by a learned clause included (the engine's `dead`).
    pub fn n_dead(&self) -> usize {
        self.count(|fate| matches!(fate, Fate::Dead | Fate::Cut { .. }))
    }

    /// Number of boards cut by a learned clause ([`Fate::Cut`]).
    pub fn n_cut(&self) -> usize {
        self.count(|fate| matches!(fate, Fate::Cut { .. }))
    }

    /// The clauses the search learned (`bfs --learn clauses`), in the order they were first
    /// learned; [`Node::learned`] and [`Fate::Cut`] name them by index. Empty for a search
    /// that does not learn.
    pub fn clauses(&self) -> &[Clause] {
        &self.clauses
    }

    /// Whether the search learned from its dead boards (`bfs --learn clauses`).
    pub fn learns(&self) -> bool {
        self.learns
    }

    /// Number of solutions.
    pub fn n_solutions(&self) -> usize {
        self.count(|fate| matches!(fate, Fate::Solved(_)))
    }

    /// Number of boards never expanded because the search stopped first.
    pub fn n_unexplored(&self) -> usize {
        self.count(|fate| *fate == Fate::Unexplored)
    }

    /// Cells forced over the whole tree.
    pub fn n_forced(&self) -> usize {
        self.nodes.iter().map(|node| node.forced as usize).sum()
    }

    /// The deepest depth of any node: the most guesses on one path from the root.
    pub fn depth(&self) -> usize {
        self.nodes.iter().map(|node| node.depth).max().unwrap_or(0)
    }

    /// The solutions, in the order the walk found them.
    pub fn solutions(&self) -> impl Iterator<Item = &Grid> {
        self.visits().filter_map(|node| match &node.fate {
            Fate::Solved(grid) => Some(grid),
            _ => None,
        })
    }

    /// The nodes expanded, in the order the walk expanded them.
    pub fn visits(&self) -> impl Iterator<Item = &Node> {
        let mut visited: Vec<&Node> = self.nodes.iter().filter(|n| n.visit.is_some()).collect();
        visited.sort_unstable_by_key(|node| node.visit);
        visited.into_iter()
    }

    /// The order the tree was walked in.
    pub fn order(&self) -> Order {
        self.order
    }

    /// Which tree it is: that of the board search or of the textbook backtrackers.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The board of node `id` after its forced cells were filled, if the walk kept boards
    /// ([`Walk::keep_boards`]) and the node was expanded.
    pub fn board(&self, id: usize) -> Option<&BoardView> {
        self.boards.as_ref()?.get(id)?.as_ref()
    }

    /// The boards the walk held at the moment it found its first solution, by id: that
    /// solution and the boards waiting to be expanded, in the order they would have been. This
    /// is what the strategy's order costs in memory: breadth-first holds a queue, the rest of
    /// the solution's level and the next level made so far, a row across the tree;
    /// depth-first holds a stack, the boards still to try beside the path to the solution, a
    /// few to each depth. Empty when the walk found no solution.
    pub fn held_at_first_solution(&self) -> &[usize] {
        &self.held
    }

    /// The counts of every depth, from the root's down.
    pub fn levels(&self) -> Vec<Level> {
        let mut levels: Vec<Level> = (0..=self.depth())
            .map(|depth| Level {
                depth,
                ..Level::default()
            })
            .collect();
        for node in &self.nodes {
            let level = &mut levels[node.depth];
            level.nodes += 1;
            level.forced += node.forced as usize;
            match &node.fate {
                Fate::Unexplored => level.unexplored += 1,
                Fate::Dead => level.dead += 1,
                Fate::Cut { .. } => {
                    level.dead += 1;
                    level.cut += 1;
                }
                Fate::Solved(_) => level.solutions += 1,
                Fate::Branched { children, .. } => {
                    level.branched += 1;
                    level.children += children.len();
                }
            }
        }
        levels
    }

    fn count(&self, which: impl Fn(&Fate) -> bool) -> usize {
        self.nodes.iter().filter(|node| which(&node.fate)).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Strategy;
    use crate::geometry::Shape;
    use crate::strategy::solve;
    use crate::testing::{EASY, EASY_SOLUTION, grid};
    use dot::{html, plural, quote};

    /// Unique; seven branch points, each with one dead child, and one branch that stays alive
    /// a level below the solution.
    const NEARLY: &str =
        "5...7..1..7.1..3.8..8....6785......3..68..7..7.3.2....96.5....4.8.41........8....";
    /// The rectangle blanked and more cells besides: two solutions, seven branch points.
    const TWO: &str =
        "..4678..2...........8.4..6...97...2..2....79..13.....69..53.28....4.963.3.52....9";
    /// Two deadly rectangles blanked (and more): four solutions.
    const FOUR: &str =
        ".3.6.8.1.6.2.9.......3...67..97..4.............392...6....3728...7.1.....4..8.1..";
    /// AI Escargot, the CLI's demo: a tree of 119 to 247 nodes under each pair of rules (131
    /// under the defaults).
    const HARD: &str =
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";

    /// The solution with a deadly rectangle blanked: r4c6, r4c9, r5c6, r5c9 hold 1, 3 / 3, 1,
    /// and 3, 1 / 1, 3 fits as well, so there are exactly two solutions.
    fn rectangle() -> Grid {
        let mut puzzle = grid(EASY_SOLUTION);
        for (row, col) in [(3, 5), (3, 8), (4, 5), (4, 8)] {
            puzzle.set(Shape::NINE.cell(row, col).unwrap(), None);
        }
        puzzle
    }

    fn all_solutions() -> Config {
        Config {
            max_solutions: None,
            ..Config::default()
        }
    }

    fn record_all(puzzle: &Grid) -> SearchTree {
        record(puzzle, &all_solutions(), DOT_MAX_NODES).expect("small tree")
    }

    /// The links between nodes agree with one another: ids, parents, depths, guesses.
    fn check_links(tree: &SearchTree) {
        assert_eq!(tree.root().parent, None);
        assert_eq!(tree.root().guess, None);
        for (index, node) in tree.nodes().iter().enumerate() {
            assert_eq!(node.id, index);
            if let Fate::Branched { cell, children } = &node.fate {
                assert!(
                    children.len() >= 2,
                    "a branch cell has two or more candidates"
                );
                for child in tree.children(node.id) {
                    assert_eq!(child.parent, Some(node.id));
                    assert_eq!(child.depth, node.depth + 1);
                    assert_eq!(child.guess.map(|guess| guess.cell), Some(*cell));
                }
                let digits: Vec<Digit> = tree
                    .children(node.id)
                    .iter()
                    .filter_map(|child| child.guess.map(|guess| guess.digit))
                    .collect();
                assert!(digits.is_sorted(), "children in digit order");
            }
            if let Some(parent) = node.parent {
                assert!(tree.children(parent).iter().any(|n| n.id == node.id));
            }
        }
    }

    /// What the unit tests can check of the DOT text without Graphviz: balanced brackets and
    /// quotes, one line per node, one edge per parent link, one row per depth.
    fn check_dot(tree: &SearchTree) -> String {
        let dot = tree.to_dot();
        let mut lines = dot.lines().skip_while(|line| line.starts_with("//"));
        assert_eq!(lines.next(), Some("digraph search_tree {"));
        assert!(dot.ends_with("}\n"));

        let (mut braces, mut brackets, mut html) = (0i32, 0i32, 0i32);
        let mut chars = dot.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '"' if html == 0 => {
                    // A quoted string: skip to its closing quote, past escapes.
                    loop {
                        match chars.next().expect("every string is closed") {
                            '\\' => {
                                chars.next();
                            }
                            '"' => break,
                            _ => {}
                        }
                    }
                }
                '-' if chars.peek() == Some(&'>') => {
                    chars.next();
                }
                '/' if html == 0 && chars.peek() == Some(&'/') => {
                    // A comment, to the end of the line.
                    chars.find(|&c| c == '\n');
                }
                '<' => html += 1,
                '>' => html -= 1,
                '{' if html == 0 => braces += 1,
                '}' if html == 0 => braces -= 1,
                '[' if html == 0 => brackets += 1,
                ']' if html == 0 => brackets -= 1,
                _ => {}
            }
            assert!(braces >= 0 && brackets >= 0 && html >= 0);
        }
        assert_eq!((braces, brackets, html), (0, 0, 0));

        let node_lines = dot
            .lines()
            .filter(|line| line.starts_with("    n") && line.contains(" [label="))
            .count();
        assert_eq!(node_lines, tree.n_nodes());
        let edges: Vec<&str> = dot
            .lines()
            .filter(|line| line.starts_with("    n") && line.contains(" -> "))
            .collect();
        assert_eq!(edges.len(), tree.n_nodes() - 1);
        for node in &tree.nodes()[1..] {
            let edge = format!("    n{} -> n{};", node.parent.unwrap(), node.id);
            assert!(edges.contains(&edge.as_str()), "{edge}");
        }
        let ranks: Vec<&str> = dot
            .lines()
            .filter(|line| line.contains("rank=same"))
            .collect();
        assert_eq!(ranks.len(), tree.depth() + 1);
        for node in tree.nodes() {
            let name = format!(" n{};", node.id);
            let rows: Vec<_> = ranks.iter().filter(|row| row.contains(&name)).collect();
            assert_eq!(rows.len(), 1, "{name}");
            assert!(rows[0].contains(&format!("depth{};", node.depth)));
        }
        dot
    }

    #[test]
    fn a_nearly_solved_puzzle_branches_a_few_times() {
        let tree = record_all(&grid(NEARLY));
        check_links(&tree);
        assert_eq!(tree.stop(), Stop::Exhausted);
        assert_eq!(
            (tree.n_nodes(), tree.n_branched(), tree.n_dead()),
            (15, 7, 7)
        );
        assert_eq!(tree.n_solutions(), 1);
        assert_eq!(tree.n_unexplored(), 0);
        assert_eq!(tree.depth(), 4);
        assert_eq!(tree.solutions().collect::<Vec<_>>(), [&grid(EASY_SOLUTION)]);
        assert_eq!(tree.root().forced, 12);
        let widths: Vec<usize> = tree.levels().iter().map(|level| level.nodes).collect();
        assert_eq!(widths, [1, 2, 4, 6, 2]);
        let first = &tree.children(0)[0];
        assert_eq!(first.guess.unwrap().to_string(), "r1c9=2");
        let dot = check_dot(&tree);
        assert!(dot.contains("n0 [label=\"1. start\\n27 givens\\n+12 forced\""));
        assert!(dot.contains("n1 [label=\"2. r1c9=2\\n+0 forced\""));
        assert!(dot.contains("15 boards: 7 branched, 7 dead, 1 solution; depth 4"));
    }

    #[test]
    fn a_deadly_rectangle_gives_two_solutions() {
        let puzzle = rectangle();
        let tree = record_all(&puzzle);
        check_links(&tree);
        assert_eq!(tree.n_nodes(), 3);
        assert_eq!(tree.root().forced, 0, "every open cell has two candidates");
        let guesses: Vec<String> = tree
            .children(0)
            .iter()
            .map(|n| n.guess.unwrap().to_string())
            .collect();
        assert_eq!(guesses, ["r4c6=1", "r4c6=3"]);
        for child in tree.children(0) {
            assert_eq!(child.forced, 3);
            assert!(matches!(&child.fate, Fate::Solved(grid) if grid.is_solution_of(&puzzle)));
        }
        let solutions: Vec<&Grid> = tree.solutions().collect();
        assert_ne!(solutions[0], solutions[1]);
        let differ = Shape::NINE
            .cells()
            .filter(|&c| solutions[0].get(c) != solutions[1].get(c));
        assert_eq!(differ.count(), 4);
        let dot = check_dot(&tree);
        assert!(dot.contains("solution 1") && dot.contains("solution 2"));

        let tree = record_all(&grid(TWO));
        check_links(&tree);
        assert_eq!(
            (tree.n_nodes(), tree.n_branched(), tree.n_dead()),
            (5, 2, 1)
        );
        assert_eq!(tree.n_solutions(), 2);
        check_dot(&tree);
    }

    #[test]
    fn a_puzzle_without_guesses_is_one_node() {
        let puzzle = grid(EASY);
        let tree = record_all(&puzzle);
        assert_eq!(tree.n_nodes(), 1);
        assert_eq!(tree.depth(), 0);
        assert_eq!(tree.root().forced as usize, 81 - puzzle.n_filled());
        assert!(matches!(&tree.root().fate, Fate::Solved(grid) if grid.is_solution_of(&puzzle)));
        let dot = check_dot(&tree);
        assert!(!dot.contains(" -> n"));
    }

    #[test]
    fn conflicting_givens_make_a_dead_root() {
        let mut puzzle = grid(EASY);
        puzzle.set(Shape::NINE.cell(0, 2).unwrap(), Digit::new(5));
        assert!(puzzle.conflict().is_some());
        let tree = record_all(&puzzle);
        assert_eq!(tree.n_nodes(), 1);
        assert_eq!(tree.root().fate, Fate::Dead);
        assert_eq!((tree.n_dead(), tree.n_solutions()), (1, 0));
        let dot = check_dot(&tree);
        assert!(dot.contains("n0 [label=\"1. start\\n31 givens\\ndead\""));
    }

    #[test]
    fn the_cap_is_exact_and_stops_the_recording() {
        let puzzle = grid(NEARLY);
        let config = all_solutions();
        assert_eq!(record(&puzzle, &config, 15).map(|t| t.n_nodes()), Ok(15));
        assert_eq!(
            record(&puzzle, &config, 14),
            Err(TooLarge { max_nodes: 14 })
        );
        assert_eq!(record(&puzzle, &config, 0), Err(TooLarge { max_nodes: 0 }));
        // The empty board's tree has about 10^21 leaves: only stopping at the cap returns.
        let err = record(&Grid::empty(Shape::NINE), &config, DOT_MAX_NODES).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the search tree has more than 2000 nodes; trees of up to 2000 nodes are drawn \
             (try a puzzle with more givens)"
        );
        // A tree that needs more nodes than the cap is one the engine explores further.
        let engine = solve(
            &grid(HARD),
            &Config {
                threads: 1,
                ..config.clone()
            },
        );
        let nodes = engine.stats.nodes as usize;
        assert_eq!(
            record(&grid(HARD), &config, nodes).map(|t| t.n_nodes()),
            Ok(nodes)
        );
        assert!(record(&grid(HARD), &config, nodes - 1).is_err());
    }

    /// The tree's counts, depth by depth, are the engine's `stats`.
    fn check_counts(tree: &SearchTree, stats: &crate::Stats, what: &str) {
        assert_eq!(stats.nodes as usize, tree.n_nodes(), "{what}");
        assert_eq!(stats.nodes as usize, tree.n_expanded(), "{what}");
        assert_eq!(stats.guesses as usize, tree.n_branched(), "{what}");
        assert_eq!(stats.dead as usize, tree.n_dead(), "{what}");
        assert_eq!(stats.solutions as usize, tree.n_solutions(), "{what}");
        assert_eq!(stats.forced as usize, tree.n_forced(), "{what}");
        assert_eq!(stats.max_depth, tree.depth(), "{what}");
        let levels = tree.levels();
        assert_eq!(stats.per_depth.len(), levels.len(), "{what}");
        for (row, level) in stats.per_depth.iter().zip(&levels) {
            let engine = (
                row.depth,
                row.boards,
                row.forced,
                row.children,
                row.dead,
                row.solutions,
            );
            let mine = (
                level.depth,
                level.nodes as u64,
                level.forced as u64,
                level.children as u64,
                level.dead as u64,
                level.solutions as u64,
            );
            assert_eq!(engine, mine, "{what}");
        }
    }

    /// `bfs` that learns is walked as it learns: the same boards die, shrink and branch in
    /// the tree as in the engine, on one thread and on two, and learning changes the tree.
    #[test]
    fn a_walk_that_learns_is_the_tree_of_bfs_that_learns() {
        let mut changed = 0;
        for line in [HARD, TWO, FOUR, crate::testing::ESCARGOT] {
            let puzzle = grid(line);
            for (forced, branch) in [
                (Forced::Hidden, Branch::Fewest),
                (Forced::Naked, Branch::Conflicts),
                (Forced::Subsets, Branch::Conflicts),
            ] {
                let config = Config {
                    forced,
                    branch,
                    learn: crate::config::Learn::Clauses,
                    ..all_solutions()
                };
                let tree = record(&puzzle, &config, DOT_MAX_NODES).expect("small tree");
                check_links(&tree);
                assert_eq!(tree.stop(), Stop::Exhausted);
                for threads in [1, 2] {
                    let what = format!("{line} {forced} {branch} learning x{threads}");
                    let stats = solve(
                        &puzzle,
                        &Config {
                            threads,
                            ..config.clone()
                        },
                    )
                    .stats;
                    check_counts(&tree, &stats, &what);
                }
                let plain = Config {
                    learn: crate::config::Learn::Off,
                    branch: Branch::Fewest,
                    ..config
                };
                let without = record(&puzzle, &plain, DOT_MAX_NODES).expect("small tree");
                changed += usize::from(without.n_nodes() != tree.n_nodes());
            }
        }
        assert!(changed > 0, "learning changed no tree");
    }

    /// Learning shows in the tree: each clause is learned at a dead board before it cuts one,
    /// holds in every solution, and the clauses of each depth's dead boards are the engine's
    /// `learned` of that depth; boards that live teach nothing.
    #[test]
    fn a_walk_that_learns_names_its_clauses_and_the_boards_they_cut() {
        let mut cut = 0;
        let learning =
            "1...56....5718...66...7.....9.3............9.8....5..35...17..8..2....1.......4..";
        for line in [HARD, TWO, FOUR, crate::testing::ESCARGOT, learning] {
            let puzzle = grid(line);
            let config = Config {
                forced: Forced::Hidden,
                learn: crate::config::Learn::Clauses,
                ..all_solutions()
            };
            let tree = record(&puzzle, &config, DOT_MAX_NODES).expect("small tree");
            let stats = solve(&puzzle, &config).stats;
            for row in &stats.per_depth {
                let taught: usize = tree
                    .nodes()
                    .iter()
                    .filter(|node| node.depth == row.depth)
                    .map(|node| node.learned.len())
                    .sum();
                assert_eq!(taught as u64, row.learned, "{line} depth {}", row.depth);
            }
            let mut learned_at = vec![usize::MAX; tree.clauses().len()];
            for node in tree.nodes() {
                for &clause in &node.learned {
                    learned_at[clause] = learned_at[clause].min(node.visit.unwrap());
                }
                match node.fate {
                    Fate::Dead => {}
                    Fate::Cut { clause } => {
                        cut += 1;
                        assert!(learned_at[clause] < node.visit.unwrap(), "{line}");
                    }
                    _ => assert!(node.learned.is_empty(), "{line}"),
                }
            }
            for clause in tree.clauses() {
                for solution in tree.solutions() {
                    assert!(
                        clause.literals().iter().any(|literal| {
                            (solution.get(literal.cell) == Some(literal.digit)) == literal.holds
                        }),
                        "{line}: {clause} breaks a solution"
                    );
                }
            }
            let dot = tree.to_dot();
            assert_eq!(
                dot.contains("cut by a learned clause"),
                tree.n_cut() > 0 || tree.learns(),
                "{line}"
            );
        }
        assert!(cut > 0, "no board was cut");
        let plain = record(&grid(learning), &all_solutions(), DOT_MAX_NODES).unwrap();
        assert_eq!((plain.n_cut(), plain.clauses().len()), (0, 0));
        assert!(!plain.to_dot().contains("cut by"));
    }

    /// A tree with a depth of more than [`COMPACT_WIDTH`] boards is drawn to fit a slide: boards labelled
    /// by number alone, their guesses in their tooltips, the layout stretched to 16:9; a
    /// smaller tree keeps its full labels.
    #[test]
    fn a_large_tree_is_drawn_compact_to_fit_a_slide() {
        let puzzle = grid(
            "1...56....5718...66...7.....9.3............9.8....5..35...17..8..2....1.......4..",
        );
        let config = Config {
            forced: Forced::Hidden,
            ..Config::default()
        };
        let large = record(&puzzle, &config, DOT_MAX_NODES).unwrap();
        let widest = |tree: &SearchTree| tree.levels().iter().map(|l| l.nodes).max().unwrap();
        assert!(widest(&large) > COMPACT_WIDTH);
        let dot = check_dot(&large);
        assert!(dot.contains("ratio=0.5625"), "{dot}");
        let second = &large.nodes()[1];
        let guess = second.guess.unwrap().to_string();
        let line = dot
            .lines()
            .find(|line| line.starts_with("    n1 ["))
            .unwrap();
        assert!(
            line.starts_with("    n1 [label=\"2\", tooltip=\"2. "),
            "{line}"
        );
        assert!(line.contains(&guess), "{line}");
        let small = record(&grid(NEARLY), &config, DOT_MAX_NODES).unwrap();
        assert!(widest(&small) <= COMPACT_WIDTH);
        let dot = small.to_dot();
        assert!(!dot.contains("ratio="));
        assert!(dot.contains("[label=\"2. r"), "{dot}");
    }

    /// A clause reads as the facts it denies.
    #[test]
    fn a_clause_reads_as_what_cannot_all_hold() {
        let shape = Shape::NINE;
        let literal = |row, col, digit, holds| {
            (
                shape.cell(row, col).unwrap(),
                Digit::new(digit).unwrap(),
                holds,
            )
        };
        let clause = Clause::new([literal(4, 0, 2, false), literal(2, 3, 7, false)]);
        assert_eq!(clause.to_string(), "not (r3c4=7 and r5c1=2)");
        let mixed = Clause::new([literal(2, 3, 7, false), literal(5, 4, 2, true)]);
        assert_eq!(mixed.to_string(), "not (r3c4=7 and r6c5≠2)");
        assert_eq!(Clause::new([literal(2, 3, 7, false)]).to_string(), "r3c4≠7");
        assert_eq!(Clause::new([literal(2, 3, 7, true)]).to_string(), "r3c4=7");
    }

    /// The tree's counts, depth by depth, are the statistics of both candidate-board engines.
    #[test]
    fn counts_agree_with_the_engines() {
        let rules = [
            (Forced::Locked, Branch::Fewest),
            (Forced::Hidden, Branch::Fewest),
            (Forced::Naked, Branch::Fewest),
            (Forced::Locked, Branch::First),
            (Forced::Hidden, Branch::First),
            (Forced::Naked, Branch::First),
        ];
        let mut puzzles: Vec<(Grid, &[(Forced, Branch)])> = [NEARLY, TWO, FOUR, EASY]
            .iter()
            .map(|line| (grid(line), &rules[..]))
            .collect();
        puzzles.push((rectangle(), &rules));
        puzzles.push((grid(HARD), &rules));
        for (puzzle, rules) in puzzles {
            for &(forced, branch) in rules {
                let config = Config {
                    forced,
                    branch,
                    ..all_solutions()
                };
                let tree = record(&puzzle, &config, DOT_MAX_NODES).expect("small tree");
                check_links(&tree);
                assert_eq!(tree.stop(), Stop::Exhausted);
                for (strategy, threads) in
                    [(Strategy::Bfs, 1), (Strategy::Bfs, 2), (Strategy::Dfs, 1)]
                {
                    let what = format!(
                        "{} {forced} {branch} {strategy} x{threads}",
                        puzzle.to_line()
                    );
                    let config = Config {
                        strategy,
                        threads,
                        ..config.clone()
                    };
                    check_counts(&tree, &solve(&puzzle, &config).stats, &what);
                }
            }
        }
    }

    #[test]
    fn the_solution_limit_leaves_boards_unexplored_like_the_engine() {
        let puzzle = grid(FOUR);
        assert_eq!(record_all(&puzzle).n_solutions(), 4);
        let config = Config {
            max_solutions: Some(2),
            ..Config::default()
        };
        let tree = record(&puzzle, &config, DOT_MAX_NODES).unwrap();
        check_links(&tree);
        assert_eq!(tree.stop(), Stop::SolutionLimit);
        assert_eq!(tree.n_solutions(), 2);
        assert_eq!(tree.n_unexplored(), 2);
        assert_eq!(tree.n_expanded() + tree.n_unexplored(), tree.n_nodes());
        let mut mine: Vec<Grid> = tree.solutions().cloned().collect();
        mine.sort_unstable();
        for threads in [1, 2] {
            let engine = solve(
                &puzzle,
                &Config {
                    threads,
                    ..config.clone()
                },
            );
            assert_eq!(engine.solutions, mine, "x{threads}");
        }
        let dot = check_dot(&tree);
        assert!(dot.contains("\\nnot explored\", tooltip=\"not explored: the search stopped first (stopped at the solution limit)\""));
        assert!(dot.contains("2 not explored"));
    }

    #[test]
    fn the_node_budget_stops_like_the_engine() {
        let puzzle = grid(NEARLY);
        let config = Config {
            max_nodes: Some(5),
            threads: 1,
            ..all_solutions()
        };
        let tree = record(&puzzle, &config, DOT_MAX_NODES).unwrap();
        check_links(&tree);
        assert_eq!(tree.stop(), Stop::NodeBudget);
        let engine = solve(
            &puzzle,
            &Config {
                strategy: Strategy::Bfs,
                ..config
            },
        );
        assert_eq!(engine.stop, Stop::NodeBudget);
        assert_eq!(tree.n_expanded() as u64, engine.stats.nodes);
        assert!(tree.n_unexplored() > 0);
        check_dot(&tree);
    }

    #[test]
    fn every_fate_has_its_look() {
        let config = Config {
            max_solutions: Some(2),
            ..Config::default()
        };
        let dot = record(&grid(FOUR), &config, DOT_MAX_NODES)
            .unwrap()
            .to_dot();
        let line = |label: &str| {
            dot.lines()
                .find(|line| line.contains(label))
                .unwrap_or_else(|| panic!("no {label}"))
                .to_owned()
        };
        assert!(line("\\ndead\"").contains("shape=octagon"));
        assert!(line("\\nsolution 1\"").contains("peripheries=2"));
        assert!(line("\\nnot explored\"").contains("dashed"));
        assert!(
            line("n0 [").contains("tooltip=\"+19 forced, then branches on r1c1 into 2 boards\"")
        );
        assert!(line("depth4 [").contains("label=\"depth 4\\n4 boards"));
    }

    /// The empty 4x4 board, whose 288 solutions are the classroom's whole tree: every board
    /// drawn, the guesses named in the board's own digits, the shape in the title, and the
    /// counts those of the engines.
    #[test]
    fn the_whole_tree_of_the_empty_4x4_board_is_drawn() {
        let four = Shape::new(2, 2).unwrap();
        let tree = record_all(&Grid::empty(four));
        check_links(&tree);
        assert_eq!(tree.stop(), Stop::Exhausted);
        assert_eq!(tree.n_solutions(), 288);
        assert_eq!(
            tree.n_dead(),
            0,
            "every 4x4 guess that rules allow completes"
        );
        assert!(
            tree.solutions()
                .all(|grid| grid.is_solution_of(&Grid::empty(four)))
        );
        let stats = solve(&Grid::empty(four), &all_solutions()).stats;
        assert_eq!(stats.nodes as usize, tree.n_nodes());
        assert_eq!(stats.guesses as usize, tree.n_branched());

        // Drawn compact: a number a board, its guess in its tooltip.
        let dot = check_dot(&tree);
        assert!(
            dot.contains("n0 [label=\"1\", tooltip=\"1. start: "),
            "{dot}"
        );
        assert!(
            dot.contains("n1 [label=\"2\", tooltip=\"2. r1c1=1: "),
            "{dot}"
        );
        assert!(dot.contains("4x4 (2x2 boxes); forced cells: locked"));
        assert!(dot.contains("solution 288"));
        assert!(dot.contains(&format!("// {}\n", ".".repeat(16))));
    }

    /// A 16x16 puzzle: guesses name digits above 9 by letter, and the tooltip of a solution
    /// holds its line.
    #[test]
    fn a_sixteen_by_sixteen_tree_names_digits_by_letter() {
        let sixteen = Shape::new(4, 4).unwrap();
        // The pattern solution (each row the one above shifted), digits counted down from 16,
        // with its first two rows emptied: a few guesses, among the larger digits.
        let solution = Grid::from_digits(
            sixteen,
            sixteen.cells().map(|cell| {
                let (r, c) = (cell.row(), cell.col());
                sixteen.digit(16 - (r % 4 * 4 + r / 4 + c) % 16)
            }),
        )
        .unwrap();
        let mut puzzle = solution.clone();
        for cell in sixteen.cells().filter(|cell| cell.row() < 2) {
            puzzle.set(cell, None);
        }
        let tree = record_all(&puzzle);
        check_links(&tree);
        assert!(tree.n_branched() > 0, "the two open rows need guesses");
        assert!(tree.solutions().all(|grid| grid.is_solution_of(&puzzle)));
        assert!(tree.solutions().any(|grid| *grid == solution));
        let dot = check_dot(&tree);
        assert!(dot.contains("16x16 (4x4 boxes); forced cells:"));
        let letters = tree
            .nodes()
            .iter()
            .filter_map(|node| node.guess)
            .filter(|guess| guess.digit.get() > 9)
            .map(|guess| guess.to_string())
            .collect::<Vec<_>>();
        assert!(!letters.is_empty());
        for guess in &letters {
            assert!(guess.ends_with(|c: char| c.is_ascii_uppercase()), "{guess}");
            assert!(dot.contains(&format!(". {guess}\\n")), "{guess}");
        }
        let first = tree.solutions().next().unwrap().to_line();
        assert!(dot.contains(&format!("tooltip=\"solution 1: {first}")));
    }

    #[test]
    fn labels_are_escaped() {
        assert_eq!(quote(&["plain"]), "\"plain\"");
        assert_eq!(quote(&["a\"b\\c", "x\ny"]), "\"a\\\"b\\\\c\\nx\\ny\"");
        assert_eq!(html("a<b> & \"c\""), "a&lt;b&gt; &amp; &quot;c&quot;");
        assert_eq!(plural(1, "board", "boards"), "1 board");
        assert_eq!(plural(0, "board", "boards"), "0 boards");
    }
}
