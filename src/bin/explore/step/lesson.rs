//! The search one step at a time: a whole depth of `bfs`, or one board of the depth-first
//! strategies, per step.
//!
//! It drives the library's [`Walk`], which expands boards with the engines' own step and in
//! the strategy's own order, so what the class sees is the real search: the same rules, the
//! same boards, the same order. What the walk does not keep is the boards still waiting, so
//! each is drawn as the search makes it: its parent (kept here until its last child has been
//! expanded) with its guess settled.

use std::collections::HashMap;

use explore::tree::{Fate, Node, Order, TooLarge, Walk};
use explore::{Config, Grid, Stop};

use super::boards::Picture;

/// Nodes a lesson follows at most: the walk keeps every node of the tree it has made.
pub(crate) const MAX_NODES: usize = 1_000_000;

/// Boards expanded, and what became of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Totals {
    pub(crate) expanded: usize,
    pub(crate) branched: usize,
    pub(crate) children: usize,
    pub(crate) dead: usize,
    /// Of the dead, those a learned clause cut before they were filled.
    pub(crate) cut: usize,
    pub(crate) solved: usize,
    /// Clauses learned from the dead boards.
    pub(crate) learned: usize,
}

impl Totals {
    fn add(&mut self, node: &Node) {
        self.expanded += 1;
        self.learned += node.learned.len();
        match &node.fate {
            Fate::Branched { children, .. } => {
                self.branched += 1;
                self.children += children.len();
            }
            Fate::Dead => self.dead += 1,
            Fate::Cut { .. } => {
                self.dead += 1;
                self.cut += 1;
            }
            Fate::Solved(_) => self.solved += 1,
            _ => {}
        }
    }
}

/// What one step did.
#[derive(Debug)]
pub(crate) enum Report {
    /// `bfs` expanded every board of `depth`, and its dead boards taught the clauses
    /// `learned` (`--learn clauses`), as text, in the order learned.
    Level {
        depth: usize,
        totals: Totals,
        learned: Vec<String>,
    },
    /// A depth-first strategy expanded one board: `node`, drawn after its forced cells.
    Board { node: Node, picture: Picture },
}

/// One puzzle's search, stepped.
pub(crate) struct Lesson {
    puzzle: Grid,
    walk: Walk,
    /// Pictures of boards that branched and still have a child waiting, by node id.
    parents: HashMap<usize, Picture>,
    totals: Totals,
}

impl Lesson {
    /// The search `config` asks for on `puzzle`, not started.
    pub(crate) fn new(puzzle: &Grid, config: &Config) -> Lesson {
        Lesson {
            puzzle: puzzle.clone(),
            walk: Walk::new(puzzle, config, MAX_NODES),
            parents: HashMap::new(),
            totals: Totals::default(),
        }
    }

    /// The order the strategy expands its boards in.
    pub(crate) fn order(&self) -> Order {
        self.walk.order()
    }

    /// Boards expanded so far, and their fates.
    pub(crate) fn totals(&self) -> Totals {
        self.totals
    }

    /// Why the search ended, once it has.
    pub(crate) fn stop(&self) -> Option<Stop> {
        self.walk.stop()
    }

    /// The solutions found so far, sorted as every strategy reports them, so that solution
    /// `n` here is the `n`th of `--all`.
    pub(crate) fn solutions(&self) -> Vec<&Grid> {
        let mut solved: Vec<&Grid> = self
            .walk
            .nodes()
            .iter()
            .filter_map(|node| match &node.fate {
                Fate::Solved(grid) => Some(grid),
                _ => None,
            })
            .collect();
        solved.sort_unstable();
        solved
    }

    /// Takes the next step: every board of the next depth (breadth-first) or the next board
    /// (depth-first). `None` once the search has ended.
    ///
    /// # Errors
    ///
    /// [`TooLarge`] when the tree grows past [`MAX_NODES`] nodes.
    pub(crate) fn advance(&mut self) -> Result<Option<Report>, TooLarge> {
        match self.order() {
            Order::Breadth => self.level(),
            _ => Ok(self
                .visit()?
                .map(|(node, picture)| Report::Board { node, picture })),
        }
    }

    /// Expands every board waiting: at the end of a level, the queue holds the next depth
    /// alone.
    fn level(&mut self) -> Result<Option<Report>, TooLarge> {
        let waiting = self.walk.waiting();
        let Some(&first) = waiting.first() else {
            // Nothing waits: a step ends the walk, and says so.
            return Ok(self
                .visit()?
                .map(|(node, picture)| Report::Board { node, picture }));
        };
        let depth = self.walk.nodes()[first].depth;
        let before = self.totals;
        let clauses_before = self.walk.clauses().len();
        for _ in 0..waiting.len() {
            if self.visit()?.is_none() {
                break;
            }
        }
        let now = self.totals;
        if now.expanded == before.expanded {
            return Ok(None);
        }
        let totals = Totals {
            expanded: now.expanded - before.expanded,
            branched: now.branched - before.branched,
            children: now.children - before.children,
            dead: now.dead - before.dead,
            cut: now.cut - before.cut,
            solved: now.solved - before.solved,
            learned: now.learned - before.learned,
        };
        let learned = self.walk.clauses()[clauses_before..]
            .iter()
            .map(ToString::to_string)
            .collect();
        Ok(Some(Report::Level {
            depth,
            totals,
            learned,
        }))
    }

    /// Expands one board.
    fn visit(&mut self) -> Result<Option<(Node, Picture)>, TooLarge> {
        let Some(visit) = self.walk.step()? else {
            return Ok(None);
        };
        let node = visit.node;
        let picture = Picture::of(&visit.board, "expanded".to_owned())
            .marked(node.guess.map(|guess| guess.cell));
        if let Some(parent) = node.parent {
            let last = match &self.walk.nodes()[parent].fate {
                Fate::Branched { children, .. } => children.end == node.id + 1,
                _ => true,
            };
            if last {
                self.parents.remove(&parent);
            }
        }
        if let Fate::Branched { .. } = node.fate {
            self.parents.insert(node.id, picture.clone());
        }
        self.totals.add(&node);
        Ok(Some((node, picture)))
    }

    /// The boards waiting, in the order they will be expanded (the first `max` drawn), and
    /// how many wait in all.
    pub(crate) fn waiting(&self, max: usize) -> (Vec<Picture>, usize) {
        let ids = self.walk.waiting();
        let nodes = self.walk.nodes();
        let pictures = ids
            .iter()
            .take(max)
            .filter_map(|&id| {
                let node = &nodes[id];
                match (node.parent, node.guess) {
                    (Some(parent), Some(guess)) => self
                        .parents
                        .get(&parent)
                        .map(|board| board.child(guess.cell, guess.digit, guess.to_string())),
                    _ => Some(Picture::of_puzzle(&self.puzzle, "the puzzle".to_owned())),
                }
            })
            .collect();
        (pictures, ids.len())
    }

    /// The depth of the boards waiting first in line.
    pub(crate) fn next_depth(&self) -> Option<usize> {
        let first = *self.walk.waiting().first()?;
        Some(self.walk.nodes()[first].depth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use explore::{Outcome, Strategy, format, solve};

    /// A lesson on `text` with every solution, and the outcome of the engine's own search.
    fn lesson(text: &str, strategy: Strategy) -> (Lesson, Outcome) {
        let puzzle = format::parse_one(text).unwrap();
        let config = Config::default()
            .with_strategy(strategy)
            .with_max_solutions(None);
        (Lesson::new(&puzzle, &config), solve(&puzzle, &config))
    }

    /// A 4x4 puzzle with several solutions, so that its tree branches.
    const FOUR: &str = "1...............";

    /// Breadth-first, a step is a depth: the levels' boards are the engine's per-depth
    /// figures, and the boards waiting after each step are the next depth's.
    #[test]
    fn a_bfs_step_is_one_depth_of_the_engine() {
        let (mut lesson, outcome) = lesson(FOUR, Strategy::Bfs);
        let mut depth = 0;
        while let Some(report) = lesson.advance().unwrap() {
            let Report::Level {
                depth: at, totals, ..
            } = report
            else {
                panic!("bfs steps by levels");
            };
            let row = &outcome.stats.per_depth[depth];
            assert_eq!(at, depth);
            assert_eq!(totals.expanded as u64, row.boards, "depth {depth}");
            assert_eq!(totals.children as u64, row.children, "depth {depth}");
            assert_eq!(totals.solved as u64, row.solutions, "depth {depth}");
            let (pictures, waiting) = lesson.waiting(usize::MAX);
            assert_eq!(waiting as u64, row.children);
            assert_eq!(pictures.len(), waiting, "every waiting board is drawn");
            depth += 1;
        }
        assert_eq!(depth, outcome.stats.per_depth.len());
        assert_eq!(lesson.stop(), Some(Stop::Exhausted));
        assert_eq!(lesson.totals().solved as u128, outcome.count);
        assert_eq!(
            lesson.solutions(),
            outcome.solutions.iter().collect::<Vec<_>>()
        );
    }

    /// Depth-first, a step is a board, and the stack shows the next board first: the board the
    /// next step expands is the one drawn first, with the same guess.
    #[test]
    fn a_dfs_step_is_one_board_and_the_stack_comes_first_in_line() {
        let (mut lesson, outcome) = lesson(FOUR, Strategy::Dfs);
        let mut steps = 0;
        let mut next: Option<Picture> = None;
        while let Some(report) = lesson.advance().unwrap() {
            let Report::Board { node, .. } = report else {
                panic!("dfs steps by boards");
            };
            if let Some(expected) = &next {
                let guess = node.guess.expect("only the root has no guess");
                assert_eq!(expected.caption(), guess.to_string(), "step {steps}");
            }
            next = lesson.waiting(1).0.into_iter().next();
            steps += 1;
        }
        assert_eq!(steps as u64, outcome.stats.nodes);
        assert_eq!(
            lesson.solutions(),
            outcome.solutions.iter().collect::<Vec<_>>()
        );
    }
}
