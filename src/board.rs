//! The search board: where each digit may still stand, and the cells already settled.
//!
//! A [`Board`] owns the inference rules ([`Forced`]), the choice of branch cell ([`Branch`])
//! and the test for a dead board. Which boards to expand, in which order, and what to count, is
//! left to the strategies, which are generic over the board and so run unchanged on every size.
//!
//! Two kernels implement it, with the same rules and the same answers:
//!
//! - [`Nine`]: the classic 9x9 board, one 27-bit word per band of three rows and per digit,
//!   with table-driven rules; 128 bytes, no heap.
//! - [`General`]: any shape up to 64x64, one 64-bit word per row and per digit; from 4x4 (a few
//!   hundred bytes, no heap) to 64x64 (32 KiB).
//!
//! [`Kernel::for_search`] picks [`Nine`] for 9x9 puzzles under the rules it implements (all
//! but [`Forced::Subsets`]) and [`General`] for everything else. The two agree board for board,
//! which the tests check by running 9x9 puzzles through both.
//!
//! A cell is *settled* once it holds its digit and that digit has been removed from all its
//! peers; filling a forced cell means settling it.
//!
//! # The rules
//!
//! [`Board::fill_forced`] applies its rule until nothing changes; the result does not depend on
//! the order in which a kernel applies the steps, only the time taken does, because every step
//! only removes candidates and removes more from a board that has fewer:
//!
//! - [`Forced::Naked`]: a cell with one candidate left is settled. The board is dead when a
//!   cell has no candidate.
//! - [`Forced::Hidden`]: also, a digit with one place left in a row, column or box is settled
//!   there. The board is also dead when a digit has no place in a unit.
//! - [`Forced::Locked`]: also, in each band (a row of boxes) a digit stands once in each row
//!   and once in each box, so its places pair the band's rows with its boxes; places that no
//!   such one-to-one pairing uses are removed. The same holds for each stack (a column of
//!   boxes), its columns and its boxes. A band or stack with no pairing is dead.
//! - [`Forced::Subsets`] ([`General`] only): also, in each row, column and box, the unit's
//!   digits must go one to a cell, so every cell-digit pair that no such assignment uses is
//!   removed (naked and hidden pairs, triples and larger subsets). A unit with no assignment is
//!   dead.

use std::fmt::Debug;
use std::time::Instant;

use crate::candidates::Candidates;
use crate::config::{Branch, Forced};
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;

mod general;
mod nine;

pub(crate) use general::General;
pub(crate) use nine::Nine;

/// The kernels, for choosing one at run time.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kernel {
    /// [`Nine`].
    Nine,
    /// [`General`].
    General,
}

impl Kernel {
    /// The kernel that searches puzzles of `shape` under `rule`: [`Nine`] where it can, as the
    /// faster, [`General`] otherwise.
    pub(crate) fn for_search(shape: Shape, rule: Forced) -> Kernel {
        if shape == Shape::NINE && rule <= Forced::Locked {
            Kernel::Nine
        } else {
            Kernel::General
        }
    }
}

/// The board cannot be completed: a cell has no candidate left, or a digit has no place left in
/// a row, column or box.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Dead;

/// A board being searched. Cloning one is the breadth-first engine's unit of work. Plain data:
/// a level's boards are read by every worker.
pub(crate) trait Board: Clone + Send + Sync + Debug + 'static {
    /// The board of a puzzle: givens settled, their digits removed from their peers. Givens that
    /// break a rule make a board that [`Board::fill_forced`] reports dead, and that
    /// [`Board::broken`] tells apart.
    ///
    /// Panics if the kernel cannot hold the puzzle's shape ([`Nine`] holds only 9x9).
    fn new(puzzle: &Grid) -> Self;

    /// Whether a settled cell has lost its own digit: for a board just made by [`Board::new`],
    /// whether two givens share a digit in a unit (the later one took it from the earlier, its
    /// peer). The board's setup has done the checking; this only looks.
    fn broken(&self) -> bool;

    /// The shape of the board.
    // Both kernels implement it; nothing has called it since the trait became crate-private.
    fn shape(&self) -> Shape;

    /// Bytes this board occupies, on the heap included: the unit of the frontier's memory.
    fn bytes(&self) -> usize;

    /// The candidates of `cell`.
    fn candidates(&self, cell: Cell) -> Candidates;

    /// Whether `cell` is settled.
    // Both kernels implement it; nothing has called it since the trait became crate-private.
    fn is_settled(&self, cell: Cell) -> bool;

    /// Number of settled cells.
    // Only the kernels' agreement tests call it.
    fn n_settled(&self) -> usize;

    /// Whether every cell is settled: the board is a solution.
    fn is_complete(&self) -> bool;

    /// The child in which `cell` holds `digit`: a copy of this board with the digit settled.
    /// The child may be dead; [`Board::fill_forced`] will say so.
    fn child(&self, cell: Cell, digit: Digit) -> Self;

    /// The settled digits as a grid; unsettled cells are empty.
    fn to_grid(&self) -> Grid;

    /// Rules `digit` out of `cell`, an unsettled cell, and returns whether it was a candidate
    /// there. The next [`Board::fill_forced`] draws what follows (a cell left with one
    /// candidate is settled, one left with none is dead).
    fn remove(&mut self, cell: Cell, digit: Digit) -> bool;

    /// The guesses that led from the root to this board, each a cell-digit pair numbered
    /// `cell index * side + digit bit`, for a board that records them (the breadth-first
    /// search that learns); empty for the others.
    fn guesses(&self) -> &[u32] {
        &[]
    }

    /// Fills forced cells by `rule` until none is left (see the module docs), and returns how
    /// many it filled.
    fn fill_forced(&mut self, rule: Forced) -> Result<u32, Dead>;

    /// The cell to branch on by `rule`, or `None` when every cell is settled: with
    /// [`Branch::First`] the first unsettled cell in reading order, otherwise the first of those
    /// with the fewest candidates ([`Branch::Probe`] then looks further with [`probe`], and
    /// [`Branch::Conflicts`] weighs them by the clauses learned).
    fn branch_cell(&self, rule: Branch) -> Option<Cell>;

    /// Calls `each` with every unsettled cell and its candidates, in reading order.
    fn for_each_open(&self, mut each: impl FnMut(Cell, Candidates)) {
        for cell in self.shape().cells() {
            if !self.is_settled(cell) {
                each(cell, self.candidates(cell));
            }
        }
    }
}

/// Most cells [`probe`] tries.
pub(crate) const PROBE_CELLS: usize = 32;

/// What [`probe`] chose, and what looking ahead cost.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Probed {
    /// The cell to branch on.
    pub(crate) cell: Cell,
    /// Child boards made and filled to look ahead.
    pub(crate) boards: u64,
}

/// The [`Branch::Probe`] rule, one guess of look-ahead: of the first [`PROBE_CELLS`] open cells
/// in reading order that have as few candidates as `fewest` (the board's
/// [`Branch::Fewest`] cell), the one whose children settle the most cells when filled by
/// `rule`, counting each cell by its poorest child; the first on a tie. A cell with a dead child
/// is taken at once: branching on it leaves its other children only.
///
/// A cell stops being looked at as soon as one of its children settles no more than the best
/// cell's poorest: it can no longer be the best, and its other children are not made. (A dead
/// child among them goes unseen; the search meets it as a child of its own. On 25x25 boards
/// this makes a third fewer boards to look ahead and trees a few percent larger, for a quarter
/// less time: docs/benchmarks.md.)
///
/// `rule` is the search's own forced-cell rule, which filled `board`, but at most
/// [`Forced::Locked`]: the subsets rule costs more per look than it tells the choice. The
/// look-ahead changes which cell the search branches on, never what it finds.
///
/// On a large board one look-ahead can take seconds (an empty 64x64 board: 32 cells of 64
/// children each): past `deadline`, it takes the best cell of those looked at so far, and the
/// search, which checks its own clock next, stops.
pub(crate) fn probe<B: Board>(
    board: &B,
    fewest: Cell,
    rule: Forced,
    deadline: Option<Instant>,
) -> Probed {
    let rule = rule.min(Forced::Locked);
    let n = board.candidates(fewest).len();
    let shape = board.shape();
    let mut best = (0, fewest);
    let mut boards = 0;
    let tried = shape
        .cells()
        .filter(|&cell| !board.is_settled(cell))
        .map(|cell| (cell, board.candidates(cell)))
        .filter(|(_, candidates)| candidates.len() == n)
        .take(PROBE_CELLS);
    for (i, (cell, candidates)) in tried.enumerate() {
        if i > 0 && deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            break;
        }
        let mut poorest = u32::MAX;
        for digit in candidates {
            let mut child = board.child(cell, digit);
            boards += 1;
            match child.fill_forced(rule) {
                Ok(settled) => poorest = poorest.min(settled),
                Err(Dead) => return Probed { cell, boards },
            }
            if i > 0 && poorest <= best.0 {
                break;
            }
        }
        if i == 0 || poorest > best.0 {
            best = (poorest, cell);
        }
    }
    Probed {
        cell: best.1,
        boards,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{EASY, EASY_SOLUTION, grid};

    const HARD: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    /// Runs `check` with each kernel that can hold 9x9 puzzles, and the rules it implements.
    fn each_kernel(check: impl Fn(&dyn Fn(&Grid) -> Box<dyn Searched>, &[Forced])) {
        check(&|puzzle| Box::new(Nine::new(puzzle)), NINE_RULES);
        check(&|puzzle| Box::new(General::new(puzzle)), Forced::ALL);
    }

    /// The rules [`Nine`] implements.
    const NINE_RULES: &[Forced] = &[Forced::Naked, Forced::Hidden, Forced::Locked];

    /// The board methods the shared tests use, object-safe.
    trait Searched {
        fn fill(&mut self, rule: Forced) -> Result<u32, Dead>;
        fn candidates(&self, cell: Cell) -> Candidates;
        fn settled(&self) -> usize;
        fn complete(&self) -> bool;
        fn grid(&self) -> Grid;
        fn branch(&self, rule: Branch) -> Option<Cell>;
        fn child(&self, cell: Cell, digit: Digit) -> Box<dyn Searched>;
    }

    impl<B: Board> Searched for B {
        fn fill(&mut self, rule: Forced) -> Result<u32, Dead> {
            self.fill_forced(rule)
        }
        fn candidates(&self, cell: Cell) -> Candidates {
            Board::candidates(self, cell)
        }
        fn settled(&self) -> usize {
            self.n_settled()
        }
        fn complete(&self) -> bool {
            self.is_complete()
        }
        fn grid(&self) -> Grid {
            self.to_grid()
        }
        fn branch(&self, rule: Branch) -> Option<Cell> {
            self.branch_cell(rule)
        }
        fn child(&self, cell: Cell, digit: Digit) -> Box<dyn Searched> {
            Box::new(Board::child(self, cell, digit))
        }
    }

    fn total(board: &dyn Searched) -> u32 {
        Shape::NINE.cells().map(|c| board.candidates(c).len()).sum()
    }

    /// A board's setup finds givens that break a rule exactly when the grid's own check does:
    /// every digit written into every empty cell of a half-filled grid, on each kernel that
    /// holds the shape.
    #[test]
    fn a_board_is_broken_exactly_when_its_givens_break_a_rule() {
        let config = crate::Config {
            threads: 1,
            max_solutions: Some(1),
            ..crate::Config::default()
        };
        for shape in [
            Shape::new(2, 2),
            Shape::new(2, 3),
            Shape::new(3, 3),
            Shape::new(4, 4),
        ] {
            let shape = shape.unwrap();
            let solution = crate::solve(&Grid::empty(shape), &config).solutions[0].clone();
            let mut puzzle = solution.clone();
            for cell in shape
                .cells()
                .filter(|cell| (cell.row() + 2 * cell.col()) % 3 != 0)
            {
                puzzle.set(cell, None);
            }
            assert!(puzzle.conflict().is_none());
            assert!(!General::new(&puzzle).broken());
            let mut checked = [0, 0];
            for cell in shape
                .cells()
                .filter(|&cell| puzzle.get(cell).is_none())
                .take(40)
            {
                for digit in shape.digits() {
                    let mut grid = puzzle.clone();
                    grid.set(cell, Some(digit));
                    let conflict = grid.conflict().is_some();
                    checked[usize::from(conflict)] += 1;
                    assert_eq!(
                        General::new(&grid).broken(),
                        conflict,
                        "{shape} {cell} {digit}"
                    );
                    if shape == Shape::NINE {
                        assert_eq!(Nine::new(&grid).broken(), conflict, "{cell} {digit}");
                    }
                }
            }
            assert!(
                checked[0] > 0 && checked[1] > 0,
                "{shape}: both kinds of grid"
            );
        }
    }

    #[test]
    fn naked_singles_solve_an_easy_puzzle() {
        each_kernel(|new, _| {
            let mut board = new(&grid(EASY));
            let givens = grid(EASY).n_filled();
            let filled = board.fill(Forced::Naked).unwrap();
            assert!(board.complete());
            assert_eq!(filled as usize, 81 - givens);
            assert_eq!(board.grid().to_line(), EASY_SOLUTION);
            assert_eq!(board.branch(Branch::Fewest), None);
        });
    }

    /// Every rule removes only what the solution does not use, and each removes at least what
    /// the one before it does.
    #[test]
    fn each_rule_keeps_the_solution_and_removes_more() {
        let puzzles = [
            HARD,
            "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        ];
        let config = crate::Config {
            threads: 1,
            ..crate::Config::default()
        };
        each_kernel(|new, rules| {
            for line in puzzles {
                let puzzle = grid(line);
                let solution = crate::solve(&puzzle, &config).solutions[0].clone();
                let mut looser: Option<Box<dyn Searched>> = None;
                for &rule in rules {
                    let mut board = new(&puzzle);
                    board
                        .fill(rule)
                        .expect("a puzzle with a solution is not dead");
                    for cell in Shape::NINE.cells() {
                        let digit = solution.get(cell).unwrap();
                        assert!(board.candidates(cell).contains(digit), "{rule} at {cell}");
                        if let Some(looser) = &looser {
                            let here = board.candidates(cell);
                            assert_eq!(here & looser.candidates(cell), here, "{rule} at {cell}");
                        }
                    }
                    looser = Some(board);
                }
            }
        });
    }

    #[test]
    fn locked_goes_further_than_hidden_and_hidden_than_naked() {
        each_kernel(|new, _| {
            let puzzle = grid(HARD);
            let [mut naked, mut hidden, mut locked] = [new(&puzzle), new(&puzzle), new(&puzzle)];
            naked.fill(Forced::Naked).unwrap();
            hidden.fill(Forced::Hidden).unwrap();
            locked.fill(Forced::Locked).unwrap();
            assert!(total(locked.as_ref()) < total(hidden.as_ref()));
            assert!(total(hidden.as_ref()) < total(naked.as_ref()));
            assert!(hidden.settled() >= naked.settled());
        });
    }

    #[test]
    fn a_wrong_guess_dies() {
        each_kernel(|new, _| {
            let puzzle = grid(EASY);
            let board = new(&puzzle);
            let r1c3 = Shape::NINE.cell(0, 2).unwrap();
            let solution = grid(EASY_SOLUTION);
            for digit in board.candidates(r1c3) {
                let mut child = board.child(r1c3, digit);
                let result = child.fill(Forced::Hidden);
                if Some(digit) == solution.get(r1c3) {
                    assert!(result.is_ok());
                    assert_eq!(child.grid(), solution);
                } else {
                    assert_eq!(result, Err(Dead), "{digit} at r1c3 should die");
                }
            }
        });
    }

    #[test]
    fn conflicting_givens_are_dead() {
        each_kernel(|new, _| {
            let mut puzzle = Grid::empty(Shape::NINE);
            puzzle.set(Shape::NINE.cell(0, 0).unwrap(), Digit::new(5));
            puzzle.set(Shape::NINE.cell(0, 5).unwrap(), Digit::new(5));
            assert_eq!(new(&puzzle).fill(Forced::Naked), Err(Dead));
        });
    }

    #[test]
    fn branch_rules_pick_first_and_fewest() {
        each_kernel(|new, _| {
            let mut board = new(&grid(HARD));
            board.fill(Forced::Hidden).unwrap();
            let open = |cell: &Cell| board.candidates(*cell).len() > 1;
            let first = Shape::NINE.cells().find(open);
            assert_eq!(board.branch(Branch::First), first);
            let fewest = board.branch(Branch::Fewest).unwrap();
            let min = Shape::NINE
                .cells()
                .filter(open)
                .map(|cell| board.candidates(cell).len());
            assert_eq!(board.candidates(fewest).len(), min.min().unwrap());
        });
    }

    /// The probe takes a cell with the fewest candidates: one with a dead child, or the first
    /// of those whose poorest child settles the most, of the cells it tries that have none; it
    /// makes a cell's children only while that cell may still be the best.
    #[test]
    fn the_probe_looks_one_guess_ahead() {
        let mut seen_dead = 0;
        for line in [HARD, crate::testing::ESCARGOT] {
            let mut queue = vec![Nine::new(&grid(line))];
            while let Some(mut board) = queue.pop() {
                if Board::fill_forced(&mut board, Forced::Locked).is_err() {
                    continue;
                }
                let Some(fewest) = Board::branch_cell(&board, Branch::Fewest) else {
                    continue;
                };
                let n = Board::candidates(&board, fewest).len();
                let probed = probe(&board, fewest, Forced::Locked, None);
                assert_eq!(Board::candidates(&board, probed.cell).len(), n);
                // Each tried cell's children: settled counts, None where dead.
                let poorest = |cell: Cell| {
                    Board::candidates(&board, cell)
                        .iter()
                        .map(|digit| {
                            Board::child(&board, cell, digit)
                                .fill_forced(Forced::Locked)
                                .ok()
                        })
                        .collect::<Option<Vec<u32>>>()
                        .map(|settled| settled.into_iter().min().unwrap())
                };
                let tried: Vec<Cell> = Shape::NINE
                    .cells()
                    .filter(|&c| {
                        !Board::is_settled(&board, c) && Board::candidates(&board, c).len() == n
                    })
                    .take(PROBE_CELLS)
                    .collect();
                assert!(tried.contains(&probed.cell));
                assert!(probed.boards <= u64::from(n) * tried.len() as u64);
                match poorest(probed.cell) {
                    // A dead child: the first cell looked at in full that has one.
                    None => seen_dead += 1,
                    Some(chosen) => {
                        // No dead child: the first live cell of the most settled, unless a
                        // dead child was met before it.
                        let best = tried.iter().filter_map(|&c| poorest(c)).max().unwrap();
                        let first = tried.iter().position(|&c| poorest(c) == Some(best));
                        let at = tried.iter().position(|&c| c == probed.cell);
                        assert_eq!((chosen, at), (best, first));
                    }
                }
                for digit in Board::candidates(&board, probed.cell) {
                    queue.push(Board::child(&board, probed.cell, digit));
                }
            }
        }
        assert!(seen_dead > 0, "no board with a dead look-ahead");
    }

    /// The two kernels agree on every board of a search: the same candidates after the same
    /// rule, the same verdict, the same branch cell. On every fourth sample: all of them take
    /// a debug build some seventeen seconds, so they run with the slow sets.
    #[test]
    fn the_kernels_agree_board_for_board() {
        kernels_agree_on_samples(4);
    }

    #[test]
    fn full_sets_the_kernels_agree_board_for_board_on_every_sample() {
        if std::env::var_os("EXPLORE_FULL_SETS").is_none_or(|v| v != "1") {
            eprintln!("skipped: set EXPLORE_FULL_SETS=1 to compare the kernels on every sample");
            return;
        }
        kernels_agree_on_samples(1);
    }

    /// The kernels compared on every board of the searches of three puzzles and of every
    /// `step`th sample of tests/data.
    fn kernels_agree_on_samples(step: usize) {
        // The hard samples too: a rule step that one kernel skips shows on some board there.
        let samples = [
            include_str!("../tests/data/hardest_1106.txt"),
            include_str!("../tests/data/top1465.txt"),
            include_str!("../tests/data/unsolvable.txt"),
        ];
        let sampled = samples.iter().flat_map(|text| {
            text.lines()
                .filter(|line| !line.starts_with('#') && line.len() >= 81)
                .map(|line| &line[..81])
                .step_by(step)
        });
        let puzzles = [HARD, EASY, crate::testing::ESCARGOT]
            .into_iter()
            .chain(sampled);
        let mut seen = 0;
        for line in puzzles {
            for &rule in NINE_RULES {
                let mut queue = vec![(Nine::new(&grid(line)), General::new(&grid(line)))];
                while let Some((mut nine, mut general)) = queue.pop() {
                    seen += 1;
                    let verdict = nine.fill_forced(rule);
                    assert_eq!(verdict, general.fill_forced(rule), "{rule} {line}");
                    if verdict.is_err() {
                        continue;
                    }
                    assert_eq!(nine.to_grid(), general.to_grid());
                    for cell in Shape::NINE.cells() {
                        let (a, b) = (
                            Board::candidates(&nine, cell),
                            Board::candidates(&general, cell),
                        );
                        assert_eq!(a, b, "{cell}");
                    }
                    for &branch in Branch::ALL {
                        assert_eq!(nine.branch_cell(branch), general.branch_cell(branch));
                    }
                    if let Some(cell) = nine.branch_cell(Branch::Fewest) {
                        assert_eq!(
                            probe(&nine, cell, rule, None),
                            probe(&general, cell, rule, None)
                        );
                        for digit in Board::candidates(&nine, cell) {
                            let children = (
                                Board::child(&nine, cell, digit),
                                Board::child(&general, cell, digit),
                            );
                            queue.push(children);
                        }
                    }
                }
            }
        }
        assert!(seen > 500, "only {seen} boards compared");
    }

    #[test]
    fn a_look_ahead_past_its_deadline_takes_the_best_cell_so_far() {
        // The empty board: every cell has nine candidates and no child dies or settles a cell,
        // so the look-ahead makes the first cell's nine children, then one child of each of the
        // other cells it looks at (which cannot do better than the first).
        let board = Nine::new(&Grid::empty(Shape::NINE));
        let first = board.branch_cell(Branch::Fewest).unwrap();
        let whole = probe(&board, first, Forced::Locked, None);
        assert_eq!(whole.boards, 9 + (PROBE_CELLS as u64 - 1));
        let later = Instant::now() + std::time::Duration::from_secs(3600);
        assert_eq!(probe(&board, first, Forced::Locked, Some(later)), whole);
        // Past the deadline it still looks at one cell, so that there is a best one.
        let past = probe(&board, first, Forced::Locked, Some(Instant::now()));
        assert_eq!((past.cell, past.boards), (first, 9));
    }
}
