//! The breadth-first search that learns (`bfs --learn clauses`): clauses learned while a level
//! is expanded, merged between levels.
//!
//! Each board of the frontier is [`Guided`]: it carries the guesses that led to it from the
//! root. Each thread that expands boards holds a [`Learner`]: its own copy of the solver at the
//! root, with every clause the search has merged so far. Before a board's forced cells are
//! filled, the learner sets the board's guesses again, one level each, and draws what follows
//! from the groups and the clauses:
//!
//! - A guess the clauses have already ruled out, or a dead end on the way, ends the board. A
//!   dead end is explained as the depth-first search explains it (the first unique implication
//!   point, then made shorter), and the clause is kept for the end of the level.
//! - Otherwise every candidate ruled out on the way is removed from the board, and the board's
//!   own rule fills it as usual. A board that only its rule finds dead (`--forced locked` and
//!   `subsets` see more than the groups do) teaches nothing.
//!
//! Between levels, the coordinator merges the clauses of the level's chunks, in chunk order and
//! without repeats, into the [`Lessons`]; each learner takes the new ones before its next
//! chunk. No clause is used in the level that learned it, and a chunk's boards are expanded in
//! order by one thread: so every level holds the same boards, and every statistic is the same,
//! whatever the thread count.
//!
//! The clauses are held within a budget of a 64th of `max_frontier_bytes` for each copy; past
//! it, the longer half are forgotten and every learner starts again from the root with the
//! rest.

use std::collections::HashSet;
use std::sync::{PoisonError, RwLock};

use smallvec::SmallVec;

use super::{FALSE, Lit, Reason, Solver, TRUE, pos, var};
use crate::board::{Board, Dead};
use crate::candidates::Candidates;
use crate::config::{Branch, Config, Forced};
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;

/// A board and the guesses that led to it.
#[derive(Clone, Debug)]
pub(crate) struct Guided<B> {
    board: B,
    guesses: SmallVec<[u32; 8]>,
}

impl<B: Board> Guided<B> {
    /// The root board, reached by no guess.
    pub(crate) fn new(board: B) -> Guided<B> {
        Guided {
            board,
            guesses: SmallVec::new(),
        }
    }
}

impl<B: Board> Board for Guided<B> {
    fn new(puzzle: &Grid) -> Self {
        Guided::new(B::new(puzzle))
    }

    fn broken(&self) -> bool {
        self.board.broken()
    }

    fn shape(&self) -> Shape {
        self.board.shape()
    }

    fn bytes(&self) -> usize {
        let heap = if self.guesses.spilled() {
            self.guesses.capacity() * size_of::<u32>()
        } else {
            0
        };
        self.board.bytes() + size_of::<SmallVec<[u32; 8]>>() + heap
    }

    fn candidates(&self, cell: Cell) -> Candidates {
        self.board.candidates(cell)
    }

    fn is_settled(&self, cell: Cell) -> bool {
        self.board.is_settled(cell)
    }

    fn n_settled(&self) -> usize {
        self.board.n_settled()
    }

    fn is_complete(&self) -> bool {
        self.board.is_complete()
    }

    fn child(&self, cell: Cell, digit: Digit) -> Self {
        let shape = self.shape();
        let mut guesses = self.guesses.clone();
        guesses.push((shape.index(cell) * shape.side()) as u32 + digit.bit());
        Guided {
            board: self.board.child(cell, digit),
            guesses,
        }
    }

    fn to_grid(&self) -> Grid {
        self.board.to_grid()
    }

    fn remove(&mut self, cell: Cell, digit: Digit) -> bool {
        self.board.remove(cell, digit)
    }

    fn fill_forced(&mut self, rule: Forced) -> Result<u32, Dead> {
        self.board.fill_forced(rule)
    }

    fn branch_cell(&self, rule: Branch) -> Option<Cell> {
        self.board.branch_cell(rule)
    }

    fn for_each_open(&self, each: impl FnMut(Cell, Candidates)) {
        self.board.for_each_open(each);
    }

    fn guesses(&self) -> &[u32] {
        &self.guesses
    }
}

/// The clauses merged so far, shared by every thread of one search.
pub(crate) struct Lessons {
    /// The solver at the root, before any clause: `None` when the root is dead.
    root: Option<Solver>,
    /// Trail entries of the root before any clause.
    base: usize,
    /// Most bytes of clauses held.
    budget: usize,
    store: RwLock<Store>,
}

#[derive(Default)]
struct Store {
    /// The clauses, in the order they were merged.
    clauses: Vec<Vec<Lit>>,
    /// Each clause's literals in order, to merge none twice.
    known: HashSet<Vec<Lit>>,
    bytes: usize,
    /// How many times clauses were forgotten: a learner of an older era starts again.
    era: u64,
}

/// Bytes one clause of `len` literals takes in a solver: its header and literals, and two
/// watches.
fn clause_bytes(len: usize) -> usize {
    4 * (super::HEADER + len) + 16
}

impl Lessons {
    /// The lessons of a search from `root`, none learned yet.
    pub(crate) fn new<B: Board>(root: &B, config: &Config) -> Lessons {
        let root = Solver::at_root(root);
        Lessons {
            base: root.as_ref().map_or(0, |solver| solver.trail.len()),
            root,
            budget: config.max_frontier_bytes / 64,
            store: RwLock::new(Store::default()),
        }
    }

    /// A learner for one thread, with no clause taken yet.
    pub(crate) fn learner(&self) -> Learner {
        Learner {
            start: self.root.clone(),
            solver: self.root.clone(),
            base: self.base,
            era: 0,
            taken: 0,
            learned: Vec::new(),
            held: Vec::new(),
        }
    }

    /// Merges the clauses a level learned, in order, leaving out those already held; past the
    /// budget, forgets the longer half. Called between levels, when no chunk runs.
    pub(crate) fn merge(&self, learned: Vec<Vec<Lit>>) {
        let mut store = self.store.write().unwrap_or_else(PoisonError::into_inner);
        for clause in learned {
            let mut key = clause.clone();
            key.sort_unstable();
            if store.known.insert(key) {
                store.bytes += clause_bytes(clause.len());
                store.clauses.push(clause);
            }
        }
        if store.bytes > self.budget {
            let mut clauses = std::mem::take(&mut store.clauses);
            // Stable: of clauses as long, the older are kept.
            clauses.sort_by_key(Vec::len);
            let mut bytes = 0;
            let kept = clauses
                .iter()
                .take_while(|clause| {
                    bytes += clause_bytes(clause.len());
                    bytes <= self.budget / 2
                })
                .count();
            clauses.truncate(kept);
            store.bytes = clauses
                .iter()
                .map(|clause| clause_bytes(clause.len()))
                .sum();
            store.known = clauses
                .iter()
                .map(|clause| {
                    let mut key = clause.clone();
                    key.sort_unstable();
                    key
                })
                .collect();
            store.clauses = clauses;
            store.era += 1;
        }
    }
}

/// One thread's copy of the solver, and the clauses its current chunk learned.
pub(crate) struct Learner {
    /// The root with the clauses taken, at level 0, as every learner holds it: each chunk
    /// starts from it. `None` once the root is dead.
    start: Option<Solver>,
    /// The copy that sets boards' guesses.
    solver: Option<Solver>,
    /// Trail entries of the root before any clause: those after are the clauses' work.
    base: usize,
    era: u64,
    /// Clauses of the lessons taken.
    taken: usize,
    /// Clauses learned since [`Learner::take_learned`] was last called.
    learned: Vec<Vec<Lit>>,
    /// The guesses the solver holds now, each with the guess level it reached: the next board
    /// sets again only the guesses after those it shares (in a level, a board's siblings
    /// follow it, and share all but their last guess).
    held: Vec<(u32, u32)>,
}

impl Learner {
    /// Takes the clauses merged since the last call, and starts from the state every learner
    /// holds, before a chunk is expanded: what a chunk learns, and how, is then the same
    /// whichever thread expands it.
    pub(crate) fn catch_up(&mut self, lessons: &Lessons) {
        let store = lessons.store.read().unwrap_or_else(PoisonError::into_inner);
        if store.era != self.era {
            self.start = lessons.root.clone();
            self.era = store.era;
            self.taken = 0;
        }
        for clause in &store.clauses[self.taken..] {
            if let Some(start) = self.start.as_mut() {
                if !start.learn_at_root(clause) {
                    self.start = None;
                }
            }
        }
        self.taken = store.clauses.len();
        self.held.clear();
        match (&mut self.solver, &self.start) {
            (Some(solver), Some(start)) => solver.reset_to(start),
            (solver, start) => solver.clone_from(start),
        }
    }

    /// Sets `board`'s guesses again and draws what follows. Returns the candidates the clauses
    /// set at the board's last guess (or at the root, since the board was made) that the board
    /// had not ruled out, all now removed from it; or [`Dead`], when a guess is ruled out or a
    /// dead end is met (and then explained, the clause kept).
    pub(crate) fn prune<B: Board>(&mut self, board: &mut B) -> Result<u64, Dead> {
        let Some(solver) = self.solver.as_mut() else {
            return Err(Dead);
        };
        let guesses = board.guesses();
        let shared = self
            .held
            .iter()
            .zip(guesses)
            .take_while(|((held, _), guess)| held == *guess)
            .count();
        self.held.truncate(shared);
        solver.backtrack(self.held.last().map_or(0, |&(_, level)| level));
        for &v in &guesses[shared..] {
            match solver.var_value(v) {
                TRUE => {}
                FALSE => return Err(Dead),
                _ => {
                    solver.levels.push(solver.trail.len());
                    solver.assign(pos(v), Reason::Guess);
                    if let Some(conflict) = solver.propagate() {
                        solver.analyze(conflict);
                        self.learned.push(solver.learnt.clone());
                        solver.backtrack(solver.decision_level() - 1);
                        return Err(Dead);
                    }
                }
            }
            self.held.push((v, solver.decision_level()));
        }
        let shape = board.shape();
        let side = shape.side() as u32;
        let last = solver.levels.last().copied().unwrap_or(solver.trail.len());
        let mut by_clauses = 0;
        for (i, &lit) in solver.trail.iter().enumerate().skip(self.base) {
            if lit & 1 == 0 {
                continue;
            }
            let v = var(lit);
            let cell = shape
                .cell_at((v / side) as usize)
                .expect("a candidate's cell");
            if board.remove(cell, Digit::from_bit(v % side)) {
                let clause_made = matches!(solver.reason[v as usize], Reason::Clause(_));
                if i < solver.levels.first().copied().unwrap_or(usize::MAX)
                    || (i >= last && clause_made)
                {
                    by_clauses += 1;
                }
            }
        }
        Ok(by_clauses)
    }

    /// Takes the clauses learned since the last call: the chunk's, in the order learned.
    pub(crate) fn take_learned(&mut self) -> Vec<Vec<Lit>> {
        std::mem::take(&mut self.learned)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::General;
    use crate::config::{Learn, Strategy};
    use crate::outcome::{Outcome, Stop};
    use crate::strategy::solve;
    use crate::testing::{ESCARGOT, grid};

    fn learning(threads: usize) -> Config {
        Config::default()
            .with_strategy(Strategy::Bfs)
            .with_learn(Learn::Clauses)
            .with_forced(Forced::Hidden)
            .with_threads(threads)
    }

    /// Escargot without its first `n` givens.
    fn opened(n: usize) -> Grid {
        let mut puzzle = grid(ESCARGOT);
        let givens: Vec<Cell> = puzzle
            .shape()
            .cells()
            .filter(|&cell| puzzle.get(cell).is_some())
            .take(n)
            .collect();
        for cell in givens {
            puzzle.set(cell, None);
        }
        puzzle
    }

    /// A breadth-first search by hand, level by level, with one learner: every clause it
    /// learns, and the solutions.
    fn by_hand(puzzle: &Grid, budget: usize) -> (Vec<Vec<Lit>>, Vec<Grid>) {
        let config = Config::default().with_max_frontier_bytes(budget.saturating_mul(64));
        let root = Guided::new(General::new(puzzle));
        let lessons = Lessons::new(&root, &config);
        let mut learner = lessons.learner();
        let (mut all, mut solutions) = (Vec::new(), Vec::new());
        let mut level = vec![root];
        while !level.is_empty() {
            learner.catch_up(&lessons);
            let mut next = Vec::new();
            for mut board in level {
                if learner.prune(&mut board).is_err() || board.fill_forced(Forced::Naked).is_err() {
                    continue;
                }
                match board.branch_cell(Branch::Fewest) {
                    None => solutions.push(board.to_grid()),
                    Some(cell) => {
                        for digit in board.candidates(cell) {
                            next.push(board.child(cell, digit));
                        }
                    }
                }
            }
            let learned = learner.take_learned();
            all.extend(learned.iter().cloned());
            lessons.merge(learned);
            level = next;
        }
        solutions.sort_unstable();
        (all, solutions)
    }

    fn holds(solution: &Grid, lit: Lit) -> bool {
        let side = solution.shape().side() as u32;
        let v = var(lit);
        let cell = solution.shape().cell_at((v / side) as usize).unwrap();
        let placed = solution.get(cell) == Some(Digit::from_bit(v % side));
        placed == (lit & 1 == 0)
    }

    #[test]
    fn every_clause_learned_holds_in_every_solution() {
        // 200 solutions: clauses are learned in many branches, and none may cut one off.
        let puzzle = opened(2);
        let expected = solve(&puzzle, &Config::default().with_max_solutions(None));
        let (clauses, solutions) = by_hand(&puzzle, usize::MAX);
        assert_eq!(solutions, expected.solutions);
        assert!(clauses.len() > 10, "it learned {}", clauses.len());
        for clause in &clauses {
            for solution in &solutions {
                assert!(
                    clause.iter().any(|&lit| holds(solution, lit)),
                    "{clause:?} fails in a solution"
                );
            }
        }
    }

    #[test]
    fn a_store_of_a_few_bytes_forgets_and_still_agrees() {
        let puzzle = opened(2);
        let (_, all_kept) = by_hand(&puzzle, usize::MAX);
        let (learned, forgetful) = by_hand(&puzzle, 200);
        assert!(learned.len() > 10);
        assert_eq!(forgetful, all_kept);
    }

    #[test]
    fn forgetting_keeps_the_shorter_half_and_starts_the_learners_again() {
        let puzzle = grid(ESCARGOT);
        let config = Config::default().with_max_frontier_bytes(64 * 400);
        let lessons = Lessons::new(&General::new(&puzzle), &config);
        let mut learner = lessons.learner();
        // Clauses over candidates the root leaves open, of 2 to 11 literals.
        let open: Vec<Lit> = (0..81 * 9)
            .filter(|&v| lessons.root.as_ref().unwrap().var_value(v) == super::super::OPEN)
            .map(super::super::neg)
            .collect();
        let clauses: Vec<Vec<Lit>> = (2..12).rev().map(|n| open[..n].to_vec()).collect();
        lessons.merge(clauses.clone());
        // Those kept come again: none is held twice.
        lessons.merge(clauses[6..].to_vec());
        let store = lessons.store.read().unwrap();
        assert_eq!(store.era, 1);
        assert!(store.bytes <= 200, "{}", store.bytes);
        let lens: Vec<usize> = store.clauses.iter().map(Vec::len).collect();
        assert_eq!(lens, [2, 3, 4, 5], "the shortest, once each");
        drop(store);
        learner.catch_up(&lessons);
        assert_eq!((learner.era, learner.taken), (1, 4));
    }

    fn outcome(puzzle: &Grid, config: &Config) -> Outcome {
        let outcome = solve(puzzle, config);
        assert_eq!(outcome.stop, Stop::Exhausted);
        outcome
    }

    #[test]
    fn every_thread_count_gives_the_same_levels_and_it_learns() {
        let puzzle = opened(3);
        let one = outcome(&puzzle, &learning(1).with_max_solutions(None));
        assert_eq!(one.count, 5_736);
        let plain_all = outcome(
            &puzzle,
            &learning(1).with_learn(Learn::Off).with_max_solutions(None),
        );
        assert_eq!(one.solutions, plain_all.solutions);
        assert!(one.stats.learned > 0 && one.stats.learned_forced > 0);
        assert!(
            one.stats.nodes < plain_all.stats.nodes,
            "learning prunes: {} boards against {}",
            one.stats.nodes,
            plain_all.stats.nodes
        );
        for threads in [2, 3] {
            let many = outcome(&puzzle, &learning(threads).with_max_solutions(None));
            assert_eq!(many.solutions, one.solutions);
            assert_eq!(
                many.stats.per_depth, one.stats.per_depth,
                "{threads} threads"
            );
            assert_eq!(
                (many.stats.learned, many.stats.learned_literals),
                (one.stats.learned, one.stats.learned_literals)
            );
            assert_eq!(many.stats.learned_forced, one.stats.learned_forced);
        }
    }

    #[test]
    fn a_puzzle_without_solution_is_exhausted() {
        // Escargot with its first empty cell given a digit that breaks no rule but is not the
        // solution's: no solution is left.
        let mut puzzle = grid(ESCARGOT);
        let expected = solve(&puzzle, &Config::default()).solutions[0].clone();
        let cell = puzzle
            .shape()
            .cells()
            .find(|&cell| puzzle.get(cell).is_none())
            .unwrap();
        let wrong = puzzle
            .shape()
            .digits()
            .find(|&digit| {
                Some(digit) != expected.get(cell) && {
                    let mut test = puzzle.clone();
                    test.set(cell, Some(digit));
                    test.conflict().is_none()
                }
            })
            .unwrap();
        puzzle.set(cell, Some(wrong));
        let outcome = outcome(&puzzle, &learning(2));
        assert_eq!(outcome.count, 0);
        assert!(outcome.stats.learned > 0);
    }
}
