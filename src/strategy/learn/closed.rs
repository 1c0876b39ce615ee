//! How much of its space a learning search has closed, for the time left on the live line of
//! `dfs --learn clauses`.
//!
//! A search that learns has no tree of boards whose size Knuth's paths could estimate: it
//! restarts, jumps back over several guesses at a time and prunes with clauses. What it knows
//! for good is what it has proven at the root: the candidates its learned clauses, with the
//! rules, rule out before any guess. Its space is measured as the puzzle's grids would be
//! counted if every cell were independent, the sum over the open cells of the logarithm of
//! their candidates; the share closed is how much of that the root has lost since the search
//! began. The search is over when the root is closed (no solution left to find, or the
//! solutions found excluded), so the share runs from 0 to 1, and the boards done over the
//! share closed estimate the boards in all.
//!
//! It is rough, and errs on the long side: a search learns most of its facts about the root
//! near its end, when the clauses it has gathered start to meet, so early estimates are too
//! high, often by several times, and fall in steps. It only ever sees the root close, so it
//! never claims to be nearly done before it is. docs/reference.md says so to the user.

use super::{FALSE, Solver};

/// The space of a learning search at its start, to measure what it has closed since.
pub(super) struct Closed {
    /// The space at the root when the search began, in bits.
    start: f64,
}

impl Closed {
    /// The space of `solver` at its root, now.
    pub(super) fn new(solver: &Solver) -> Closed {
        Closed {
            start: root_space(solver),
        }
    }

    /// The share of the space at the start that `solver`'s root has closed, 0 to 1; `None`
    /// while it has closed none (nothing to estimate from yet).
    pub(super) fn share(&self, solver: &Solver) -> Option<f64> {
        if self.start <= 0.0 {
            return None;
        }
        let closed = 1.0 - root_space(solver) / self.start;
        (closed > 0.0).then(|| closed.min(1.0))
    }
}

/// The sum over cells of the base-2 logarithm of their candidates that the root (guess level
/// 0) has not ruled out: the bits of the space left.
fn root_space(solver: &Solver) -> f64 {
    let side = solver.side as u32;
    let n_cells = solver.slots.len() as u32 / side;
    let mut bits = 0.0;
    for cell in 0..n_cells {
        let open = (cell * side..(cell + 1) * side)
            .filter(|&v| !(solver.var_value(v) == FALSE && solver.slots[v as usize].level == 0))
            .count();
        if open > 1 {
            bits += (open as f64).log2();
        }
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::super::{OPEN, neg, pos};
    use super::*;
    use crate::board::{Board, General};
    use crate::config::Forced;
    use crate::testing::{ESCARGOT, grid};

    /// Nothing closed at the start, a share once the root learns a fact, all of it once the
    /// root knows the solution.
    #[test]
    fn the_share_grows_as_the_root_closes() {
        let mut root = General::new(&grid(ESCARGOT));
        root.fill_forced(Forced::Hidden).unwrap();
        let mut solver = Solver::at_root(&root).expect("the root lives");
        let closed = Closed::new(&solver);
        assert_eq!(closed.share(&solver), None, "nothing learned yet");
        let open: Vec<u32> = (0..solver.slots.len() as u32)
            .filter(|&v| solver.var_value(v) == OPEN)
            .collect();
        // Rule out one candidate of the first open cell that has more than two.
        assert!(solver.learn_at_root(&[neg(open[0])]));
        let first = closed.share(&solver).expect("the root closed a little");
        assert!(first > 0.0 && first < 0.1, "{first}");
        // The solution's candidates, set at the root: every cell settled, all closed.
        let solution =
            crate::solve(&grid(ESCARGOT), &crate::Config::default()).solutions[0].clone();
        let side = solution.shape().side();
        for (index, cell) in solution.shape().cells().enumerate() {
            let digit = solution.get(cell).unwrap();
            let v = (index * side + digit.get() - 1) as u32;
            if solver.var_value(v) == OPEN {
                assert!(solver.learn_at_root(&[pos(v)]));
            }
        }
        assert_eq!(closed.share(&solver), Some(1.0));
    }
}
