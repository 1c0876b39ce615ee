//! `--max-memory`: one bound on the memory of the whole process, shared out among the parts
//! that hold memory, by the model of docs/ARCHITECTURE.md ("Memory").
//!
//! Each search gets budgets that depend only on the bound, never on the thread count, so
//! that the answers do not depend on `--threads`; the number of threads (and so of searches
//! at once, in a batch) is what gives way when the bound is tight. Without `--max-memory` the
//! bound is three quarters of the process's address-space limit (`ulimit -v`, `prlimit
//! --as`) when it has one, so that the limit is never what ends a run; with neither, the
//! library's defaults apply.

use explore::Config;

/// The program, its libraries, the main thread's stack and the allocator's own books.
pub(crate) const BASE: usize = 24 << 20;
/// One thread: its stack (2 MiB), guard and signal stacks, and its scratch space (a chunk of
/// boards); its depth-first stack of boards is counted beside it, a quarter of the frontier's
/// budget.
pub(crate) const PER_THREAD: usize = 4 << 20;
/// The smallest bound accepted: the base, one thread, and a little for each budget.
pub(crate) const MIN: usize = 32 << 20;
/// The address space the C allocator reserves for each thread that allocates (glibc: an arena
/// of 64 MiB on 64-bit systems, reserved up front and filled as needed). It costs no memory,
/// but it counts against an address-space limit, so it is part of the plan only then.
pub(crate) const ARENA: usize = 64 << 20;

/// How a bound of `bytes` is shared out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Plan {
    /// Threads, and so searches at once in a batch.
    pub(crate) threads: usize,
    /// One level of the breadth-first frontier ([`Config::max_frontier_bytes`]).
    pub(crate) frontier: usize,
    /// Kept solutions of one search ([`Config::max_kept_bytes`]).
    pub(crate) kept: usize,
    /// Finished results waiting for an earlier puzzle ([`Config::max_waiting_bytes`]).
    pub(crate) waiting: usize,
    /// The solver state of a search that learns ([`Config::max_learn_bytes`]); none when no
    /// search learns.
    pub(crate) learn: usize,
}

impl Plan {
    /// Shares out `bytes` (at least [`MIN`]) among at most `threads` threads.
    ///
    /// One search holds at most two frontier levels whose vectors may have grown to twice
    /// their length (4 F), three times its kept solutions (those merged, those of the lowest
    /// running chunk, and those held by chunks waiting for it) again up to twice over (6 K),
    /// its solver state when it learns (L), and its thread (T) with its depth-first stack (F /
    /// 16). So with W for the results waiting and B for the base, the whole process holds at
    /// most `B + W + S (4 F + 6 K + L + F / 4 + T)` for S searches at once.
    pub(crate) fn new(bytes: usize, threads: usize, arena: usize, learns: bool) -> Plan {
        let waiting = bytes / 16;
        let frontier = bytes / 64;
        let kept = bytes / 128;
        let learn = if learns { bytes / 8 } else { 0 };
        let per_search = 4 * frontier + frontier / 4 + 6 * kept + learn + PER_THREAD + arena;
        let room = bytes.saturating_sub(BASE + waiting);
        let searches = (room / per_search).clamp(1, threads.max(1));
        Plan {
            threads: searches,
            frontier,
            kept,
            waiting,
            learn,
        }
    }

    /// The bytes the plan may use at most, by the model, with `arena` per thread.
    #[cfg(test)]
    fn total(&self, arena: usize) -> usize {
        BASE + self.waiting
            + self.threads
                * (4 * self.frontier
                    + self.frontier / 4
                    + 6 * self.kept
                    + self.learn
                    + PER_THREAD
                    + arena)
    }

    /// `config` within the plan: the tighter of each budget and the plan's, and its threads.
    pub(crate) fn apply(&self, config: &mut Config) {
        config.threads = config.threads.min(self.threads).max(1);
        config.max_frontier_bytes = config.max_frontier_bytes.min(self.frontier).max(1);
        config.max_kept_bytes = config.max_kept_bytes.min(self.kept);
        config.max_waiting_bytes = config.max_waiting_bytes.min(self.waiting);
        if self.learn > 0 {
            config.max_learn_bytes = config.max_learn_bytes.min(self.learn);
        }
    }
}

/// The plan for the bound `--max-memory` gives, or else for three quarters of the
/// address-space limit, for at most `threads` threads, with a share for learning when a
/// search `learns`; `None` with neither bound. Under an address-space limit each thread also
/// counts its allocator arena ([`ARENA`]).
pub(crate) fn plan(asked: Option<usize>, threads: usize, learns: bool) -> Option<Plan> {
    let limit = address_space_limit();
    let arena = if limit.is_some() && cfg!(all(target_os = "linux", target_env = "gnu")) {
        ARENA
    } else {
        0
    };
    let bytes = asked.or_else(|| limit.map(|limit| (limit / 4 * 3).max(MIN)))?;
    Some(Plan::new(bytes, threads, arena, learns))
}

/// The soft limit on the process's address space, if there is one.
fn address_space_limit() -> Option<usize> {
    #[cfg(unix)]
    {
        use rustix::process::{Resource, getrlimit};
        let limit = getrlimit(Resource::As).current?;
        usize::try_from(limit).ok()
    }
    #[cfg(not(unix))]
    {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plan_stays_within_its_bound() {
        for bytes in [MIN, 64 << 20, 256 << 20, 1 << 30, 16 << 30] {
            for threads in [1, 2, 16, 64] {
                for (arena, learns) in [(0, false), (ARENA, false), (0, true), (ARENA, true)] {
                    let plan = Plan::new(bytes, threads, arena, learns);
                    assert!(plan.threads >= 1 && plan.threads <= threads);
                    if plan.threads > 1 {
                        assert!(plan.total(arena) <= bytes, "{bytes} x{threads}: {plan:?}");
                    }
                }
            }
        }
        let plan = Plan::new(1 << 30, 64, 0, false);
        assert_eq!(plan.frontier, 16 << 20);
        assert_eq!(plan.kept, 8 << 20);
        assert_eq!(plan.threads, 7);
    }

    #[test]
    fn budgets_do_not_depend_on_the_thread_count() {
        let (one, many) = (
            Plan::new(1 << 30, 1, 0, true),
            Plan::new(1 << 30, 64, ARENA, true),
        );
        assert_eq!(
            (one.frontier, one.kept, one.learn),
            (many.frontier, many.kept, many.learn)
        );
    }
}
