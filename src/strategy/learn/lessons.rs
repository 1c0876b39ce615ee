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
//!   point, then made shorter), and the clause is kept.
//! - Otherwise every candidate ruled out on the way is removed from the board, and the board's
//!   own rule fills it as usual. A board that only its rule finds dead (`--forced locked` and
//!   `subsets` see more than the groups do) is explained by a short search below its guesses
//!   in the solver ([`Learner::explain`]), learning from the dead ends it meets.
//!
//! A clause works at once in the solver that learned it, for the rest of its chunk. Between
//! levels, the coordinator merges the clauses of the level's chunks, in chunk order and
//! without repeats, into the [`Lessons`], and every learner starts each chunk from the same
//! state: the root with every clause merged. A chunk's boards are expanded in order by one
//! thread, from a state that depends on the level alone: so every level holds the same boards,
//! and every statistic is the same, whatever the thread count.
//!
//! The merge also learns the clauses into the state every chunk starts from, once for all
//! learners. The clauses are held within a budget of a 64th of `max_frontier_bytes` for each
//! copy; past it, the longer half are forgotten and that state is made again from the root
//! with the rest.

use std::collections::{HashSet, VecDeque};
use std::sync::{PoisonError, RwLock};

use smallvec::SmallVec;

use super::{Conflict, FALSE, Lit, Reason, Solver, TRUE, neg, pos, var};
use crate::board::{Board, Dead};
use crate::candidates::Candidates;
use crate::config::{Branch, Config, Forced};
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;

/// Most dead ends [`Learner::explain`] meets below a board's guesses.
const EXPLAIN_CONFLICTS: u32 = 64;

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
    /// The board's side.
    side: usize,
    store: RwLock<Store>,
}

struct Store {
    /// The root with every clause of `clauses` learned, at level 0: the state each chunk
    /// starts from, whichever thread takes it. `None` once the clauses leave the root dead.
    start: Option<Solver>,
    /// The clauses, in the order they were merged.
    clauses: Vec<Vec<Lit>>,
    /// Each clause's literals in order, to merge none twice.
    known: HashSet<Vec<Lit>>,
    bytes: usize,
    /// How many times clauses were forgotten.
    era: u64,
    /// Per cell, the clauses merged with a candidate of it ([`Branch::Conflicts`]); forgetting
    /// a clause keeps its count.
    weights: Vec<u32>,
}

/// Most bytes of clauses the lessons of a search hold: a 64th of the frontier's budget.
pub(super) fn clause_budget(config: &Config) -> usize {
    config.max_frontier_bytes / 64
}

/// Learns `clause` at the root of `start`, which becomes `None` when the clause ends it.
fn learn_into(start: &mut Option<Solver>, clause: &[Lit]) {
    if start
        .as_mut()
        .is_some_and(|solver| !solver.learn_at_root(clause))
    {
        *start = None;
    }
}

/// Bytes one clause of `len` literals takes in a solver: its header and literals, and two
/// watches.
pub(super) fn clause_bytes(len: usize) -> usize {
    4 * (super::HEADER + len) + 16
}

impl Lessons {
    /// The lessons of a search from `root`, none learned yet.
    pub(crate) fn new<B: Board>(root: &B, config: &Config) -> Lessons {
        let side = root.shape().side();
        let root = Solver::at_root(root);
        Lessons {
            base: root.as_ref().map_or(0, |solver| solver.trail.len()),
            store: RwLock::new(Store {
                start: root.clone(),
                clauses: Vec::new(),
                known: HashSet::new(),
                bytes: 0,
                era: 0,
                weights: Vec::new(),
            }),
            root,
            budget: clause_budget(config),
            side,
        }
    }

    /// A learner for one thread, with no clause taken yet.
    pub(crate) fn learner(&self) -> Learner {
        Learner {
            solver: self.root.clone(),
            base: self.base,
            learned: Vec::new(),
            learned_bytes: 0,
            most_learned_bytes: self.budget / 64,
            held: Vec::new(),
            weights: Vec::new(),
            notes: None,
        }
    }

    /// Merges the clauses a level learned, in order, leaving out those already held, into
    /// the store and the state every chunk starts from; past the budget, forgets the longer
    /// half and makes that state again from the root. Called between levels, when no chunk
    /// runs.
    pub(crate) fn merge(&self, learned: Vec<Vec<Lit>>) {
        let mut store = self.store.write().unwrap_or_else(PoisonError::into_inner);
        let store = &mut *store;
        for clause in learned {
            let mut key = clause.clone();
            key.sort_unstable();
            if store.known.insert(key) {
                learn_into(&mut store.start, &clause);
                store.bytes += clause_bytes(clause.len());
                let side = self.side;
                if store.weights.is_empty() {
                    store.weights = vec![0; side * side];
                }
                let mut last = u32::MAX;
                for &lit in &clause {
                    // A clause's literals of one cell count it once.
                    let cell = var(lit) / side as u32;
                    if cell != last {
                        store.weights[cell as usize] += 1;
                    }
                    last = cell;
                }
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
            // The old start goes first: no more copies than the budget counts.
            store.start = None;
            let mut start = self.root.clone();
            for clause in &clauses {
                learn_into(&mut start, clause);
            }
            store.start = start;
            store.clauses = clauses;
            store.era += 1;
        }
    }
}

/// One thread's copy of the solver, and the clauses its current chunk learned.
pub(crate) struct Learner {
    /// The copy that sets boards' guesses; `None` once the root is dead.
    solver: Option<Solver>,
    /// Trail entries of the root before any clause: those after are the clauses' work.
    base: usize,
    /// Clauses learned since [`Learner::take_learned`] was last called.
    learned: Vec<Vec<Lit>>,
    /// Bytes of the clauses in `learned`, and the most it holds for a chunk (a 64th of the
    /// lessons' budget: with at most 1,024 chunks a level, a level keeps at most a quarter of
    /// `max_frontier_bytes` for the merge); past it, a clause still works in the solver for the
    /// rest of the chunk but is not merged.
    learned_bytes: usize,
    most_learned_bytes: usize,
    /// The guesses the solver holds now, each with the guess level it reached: the next board
    /// sets again only the guesses after those it shares (in a level, a board's siblings
    /// follow it, and share all but their last guess).
    held: Vec<(u32, u32)>,
    /// The lessons' weights of the cells, as of the last [`Learner::catch_up`].
    weights: Vec<u32>,
    /// What the boards since [`Learner::take_notes`] learned and what cut them, kept only for
    /// a walk of the tree ([`Learner::keep_notes`]): the engine keeps none.
    notes: Option<Notes<Lit>>,
}

/// A literal of a clause as the tree shows it: the candidate `digit` of `cell`, and whether
/// the literal says it holds (`true`: the cell is `digit`) or not.
pub(crate) type Literal = (Cell, Digit, bool);

/// What the boards expanded since the last look learned, and the clause that cut the last
/// one, if one did.
#[derive(Clone, Debug)]
pub(crate) struct Notes<L = Literal> {
    /// The clauses learned, in order, each its literals.
    pub(crate) taught: Vec<Vec<L>>,
    /// The learned clause that ruled the board out when its guesses were set again: the one
    /// nearest to the guess it ruled out, or to the dead end met, in the chain of reasons.
    pub(crate) cut: Option<Vec<L>>,
}

impl<L> Default for Notes<L> {
    fn default() -> Notes<L> {
        Notes {
            taught: Vec::new(),
            cut: None,
        }
    }
}

/// Where a board was cut: a guess already ruled out, or a dead end met setting its guesses.
#[derive(Clone, Copy)]
enum Cut {
    Guess(u32),
    Conflict(Conflict),
}

impl Learner {
    /// Starts from the state every chunk starts from (the root and the clauses merged so far),
    /// before a chunk is expanded: what a chunk learns, and how, is then the same whichever
    /// thread expands it.
    pub(crate) fn catch_up(&mut self, lessons: &Lessons) {
        let store = lessons.store.read().unwrap_or_else(PoisonError::into_inner);
        self.weights.clone_from(&store.weights);
        self.held.clear();
        match (&mut self.solver, &store.start) {
            (Some(solver), Some(start)) => solver.reset_to(start),
            (solver, start) => solver.clone_from(start),
        }
    }

    /// Sets `board`'s guesses again and draws what follows. Returns the candidates the clauses
    /// set at the board's last guess (or at the root, since the board was made) that the board
    /// had not ruled out, all now removed from it; or [`Dead`], when a guess is ruled out or a
    /// dead end is met (and then explained, the clause kept).
    pub(crate) fn prune<B: Board>(&mut self, board: &mut B) -> Result<u64, Dead> {
        self.set(board.guesses(), false)?;
        let Some(solver) = self.solver.as_ref() else {
            return Err(Dead);
        };
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
                let clause_made = matches!(solver.slots[v as usize].reason, Reason::Clause(_));
                if i < solver.levels.first().copied().unwrap_or(usize::MAX)
                    || (i >= last && clause_made)
                {
                    by_clauses += 1;
                }
            }
        }
        Ok(by_clauses)
    }

    /// Explains the death of a board that its forced-cell rule found dead where the groups and
    /// clauses did not ([`Learner::prune`] passed it): searches below its `guesses` in the
    /// solver, learning from each dead end, until a clause rules one of the guesses out, or
    /// [`EXPLAIN_CONFLICTS`] dead ends are met.
    pub(crate) fn explain(&mut self, guesses: &[u32]) {
        // The board is dead whatever this finds.
        let _ = self.set(guesses, true);
    }

    /// Sets `guesses` in the solver, each a level, after those it holds already that they
    /// begin with. A dead end is explained and its clause kept, in the solver at once (so that
    /// this chunk's later boards obey it too) and for the level's end. Without `below`, the
    /// first dead end, or a guess already ruled out, ends it ([`Dead`]); with `below`, guesses
    /// of its own follow (the first open candidate of the cell with the fewest), and it goes
    /// on past dead ends until a guess of `guesses` is ruled out ([`Dead`]) or
    /// [`EXPLAIN_CONFLICTS`] were met.
    fn set(&mut self, guesses: &[u32], below: bool) -> Result<(), Dead> {
        let Some(solver) = self.solver.as_mut() else {
            return Err(Dead);
        };
        let shared = self
            .held
            .iter()
            .zip(guesses)
            .take_while(|((held, _), guess)| held == *guess)
            .count();
        self.held.truncate(shared);
        solver.backtrack(self.held.last().map_or(0, |&(_, level)| level));
        let mut conflicts = 0;
        loop {
            if let Some(conflict) = solver.propagate() {
                if solver.decision_level() == 0 {
                    // The clauses leave no solution at all.
                    self.solver = None;
                    return Err(Dead);
                }
                conflicts += 1;
                if let Some(notes) = self.notes.as_mut().filter(|_| !below) {
                    notes.cut = cutting_clause(solver, self.base, Cut::Conflict(conflict));
                }
                let back = solver.analyze(conflict);
                let learnt = std::mem::take(&mut solver.learnt);
                let bytes = clause_bytes(learnt.len());
                if self.learned_bytes + bytes <= self.most_learned_bytes {
                    self.learned_bytes += bytes;
                    self.learned.push(learnt.clone());
                }
                solver.backtrack(back);
                solver.add_clause(&learnt, false);
                if let Some(notes) = self.notes.as_mut() {
                    notes.taught.push(learnt.clone());
                }
                solver.learnt = learnt;
                self.held.retain(|&(_, level)| level <= back);
                if !below || conflicts >= EXPLAIN_CONFLICTS {
                    return Err(Dead);
                }
                continue;
            }
            if let Some(&v) = guesses.get(self.held.len()) {
                match solver.var_value(v) {
                    FALSE => {
                        if let Some(notes) = self.notes.as_mut() {
                            notes.cut = cutting_clause(solver, self.base, Cut::Guess(v));
                        }
                        return Err(Dead);
                    }
                    TRUE => {}
                    _ => {
                        solver.levels.push(solver.trail.len());
                        solver.assign(pos(v), Reason::Guess);
                    }
                }
                self.held.push((v, solver.decision_level()));
                continue;
            }
            let Some(v) = solver.fewest().filter(|_| below) else {
                return Ok(());
            };
            solver.levels.push(solver.trail.len());
            solver.assign(pos(v), Reason::Guess);
        }
    }

    /// The [`Branch::Conflicts`] cell of `board`: the open cell with the least candidates per
    /// clause about it, `candidates / (1 + clauses)`, the first in reading order on a tie;
    /// `None` before any clause is merged (the caller's [`Branch::Fewest`] cell stands).
    pub(crate) fn weighted_cell<B: Board>(&self, board: &B) -> Option<Cell> {
        if self.weights.is_empty() {
            return None;
        }
        let shape = board.shape();
        let mut best: Option<(u64, u64, Cell)> = None;
        board.for_each_open(|cell, candidates| {
            let (n, w) = (
                u64::from(candidates.len()),
                1 + u64::from(self.weights[shape.index(cell)]),
            );
            // n / w < best_n / best_w, in integers.
            if best.is_none_or(|(best_n, best_w, _)| n * best_w < best_n * w) {
                best = Some((n, w, cell));
            }
        });
        best.map(|(_, _, cell)| cell)
    }

    /// Keeps [`Notes`] of what each board learns and what cuts it, for a walk of the tree.
    pub(crate) fn keep_notes(&mut self) {
        self.notes = Some(Notes::default());
    }

    /// The notes since the last call (none unless [`Learner::keep_notes`] was called), on
    /// boards of `shape`.
    pub(crate) fn take_notes(&mut self, shape: Shape) -> Notes {
        let notes = self.notes.as_mut().map(std::mem::take).unwrap_or_default();
        Notes {
            taught: notes
                .taught
                .iter()
                .map(|lits| literals(shape, lits))
                .collect(),
            cut: notes.cut.map(|lits| literals(shape, &lits)),
        }
    }

    /// Takes the clauses learned since the last call: the chunk's, in the order learned.
    pub(crate) fn take_learned(&mut self) -> Vec<Vec<Lit>> {
        self.learned_bytes = 0;
        std::mem::take(&mut self.learned)
    }
}

/// The learned clause nearest to where `from` cut a board, following the reasons back from
/// the guess ruled out or the dead end met, breadth-first: a clause that set a candidate, or a
/// clause of one literal (learned at the root, where its literal stands with no reason but
/// itself, after the root's own facts that end at `base` on the trail). `None` when the groups
/// alone cut it.
fn cutting_clause(solver: &Solver, base: usize, from: Cut) -> Option<Vec<Lit>> {
    let root_end = solver.levels.first().copied().unwrap_or(solver.trail.len());
    let at_root: HashSet<u32> = solver.trail[base.min(root_end)..root_end]
        .iter()
        .map(|&lit| var(lit))
        .collect();
    let mut queue = VecDeque::new();
    match from {
        Cut::Guess(v) => queue.push_back(v),
        Cut::Conflict(Conflict::Pair(a, b)) => queue.extend([a, b]),
        Cut::Conflict(Conflict::Group(g)) => queue.extend(solver.group(g).iter().copied()),
        Cut::Conflict(Conflict::Clause(c)) => return Some(solver.lits(c).to_vec()),
    }
    let mut seen = HashSet::new();
    while let Some(v) = queue.pop_front() {
        if !seen.insert(v) {
            continue;
        }
        match solver.slots[v as usize].reason {
            Reason::Clause(c) => return Some(solver.lits(c).to_vec()),
            Reason::Guess if at_root.contains(&v) => {
                let lit = if solver.var_value(v) == TRUE {
                    pos(v)
                } else {
                    neg(v)
                };
                return Some(vec![lit]);
            }
            Reason::Guess => {}
            Reason::Implied(_) | Reason::Group(_) => {
                solver.for_each_cause(v, |lit| queue.push_back(var(lit)));
            }
        }
    }
    None
}

/// `lits` as the tree shows them, in the order of their cells and digits.
fn literals(shape: Shape, lits: &[Lit]) -> Vec<Literal> {
    let side = shape.side() as u32;
    let mut literals: Vec<Literal> = lits
        .iter()
        .map(|&lit| {
            let v = var(lit);
            let cell = shape
                .cell_at((v / side) as usize)
                .expect("a candidate's cell");
            (cell, Digit::from_bit(v % side), lit & 1 == 0)
        })
        .collect();
    literals.sort_unstable_by_key(|&(cell, digit, holds)| (cell, digit, holds));
    literals
}

#[cfg(test)]
mod tests {
    use super::super::neg;
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

    /// A breadth-first search by hand under `rule`, level by level, with one learner: every
    /// clause it learns, the solutions, and how many boards that only the rule found dead
    /// taught a clause.
    fn by_hand(puzzle: &Grid, rule: Forced, budget: usize) -> (Vec<Vec<Lit>>, Vec<Grid>, usize) {
        let config = Config::default().with_max_frontier_bytes(budget.saturating_mul(64));
        let root = Guided::new(General::new(puzzle));
        let lessons = Lessons::new(&root, &config);
        let mut learner = lessons.learner();
        // The whole level is one chunk here: every clause it learns is merged.
        learner.most_learned_bytes = usize::MAX;
        let (mut all, mut solutions, mut explained) = (Vec::new(), Vec::new(), 0);
        let mut level = vec![root];
        while !level.is_empty() {
            learner.catch_up(&lessons);
            let mut next = Vec::new();
            for mut board in level {
                if learner.prune(&mut board).is_err() {
                    continue;
                }
                if board.fill_forced(rule).is_err() {
                    let before = learner.learned.len();
                    learner.explain(board.guesses());
                    explained += usize::from(learner.learned.len() > before);
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
        (all, solutions, explained)
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
        for rule in [Forced::Naked, Forced::Subsets] {
            let (clauses, solutions, explained) = by_hand(&puzzle, rule, usize::MAX);
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
            // The subsets rule finds boards dead that the groups do not: the search below
            // them explains them.
            assert_eq!(
                explained > 0,
                rule == Forced::Subsets,
                "{rule}: {explained}"
            );
        }
    }

    #[test]
    fn a_store_of_a_few_bytes_forgets_and_still_agrees() {
        let puzzle = opened(2);
        let (_, all_kept, _) = by_hand(&puzzle, Forced::Naked, usize::MAX);
        let (learned, forgetful, _) = by_hand(&puzzle, Forced::Naked, 200);
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
            .map(neg)
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
        let start = store.start.as_ref().unwrap();
        assert_eq!(start.learnts.len(), 4, "the start holds the clauses kept");
        drop(store);
        learner.catch_up(&lessons);
        assert!(learner.solver.is_some());
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
        for branch in [Branch::Fewest, Branch::Conflicts] {
            let config = |threads| {
                learning(threads)
                    .with_branch(branch)
                    .with_max_solutions(None)
            };
            let one = outcome(&puzzle, &config(1));
            assert_eq!(one.solutions, plain_all.solutions, "{branch}");
            for threads in [2, 3] {
                let many = outcome(&puzzle, &config(threads));
                assert_eq!(many.solutions, one.solutions);
                assert_eq!(
                    many.stats.per_depth, one.stats.per_depth,
                    "{branch}, {threads} threads"
                );
                assert_eq!(
                    (many.stats.learned, many.stats.learned_literals),
                    (one.stats.learned, one.stats.learned_literals)
                );
                assert_eq!(many.stats.learned_forced, one.stats.learned_forced);
            }
        }
    }

    #[test]
    fn the_conflicts_rule_branches_where_the_clauses_are() {
        let puzzle = grid(ESCARGOT);
        let root = Guided::new(General::new(&puzzle));
        let lessons = Lessons::new(&root, &Config::default());
        let mut learner = lessons.learner();
        learner.catch_up(&lessons);
        assert_eq!(learner.weighted_cell(&root), None, "no clause yet");
        // Ten clauses about the last open cell, each with a candidate of another open cell:
        // the last cell has at most 9 candidates for 10 clauses (9 / 11), every other at
        // least 2 for at most one (2 / 2).
        let shape = puzzle.shape();
        let open: Vec<Cell> = shape
            .cells()
            .filter(|&cell| puzzle.get(cell).is_none())
            .collect();
        let candidate = |cell: Cell| {
            let digit = root.candidates(cell).iter().next().unwrap();
            (shape.index(cell) * 9) as u32 + digit.bit()
        };
        let last = open[open.len() - 1];
        let clauses = open[..10]
            .iter()
            .map(|&other| vec![neg(candidate(last)), neg(candidate(other))])
            .collect();
        lessons.merge(clauses);
        learner.catch_up(&lessons);
        assert_eq!(learner.weighted_cell(&root), Some(last));
        // Without those clauses the first cell of the fewest candidates stands.
        assert_ne!(root.branch_cell(Branch::Fewest), Some(last));
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
