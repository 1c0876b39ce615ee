//! Depth-first search that learns from its dead ends (`--learn clauses`): conflict-driven
//! clause learning over the board's candidates.
//!
//! The root board is filled by the forced-cell rule as every search fills it; from there on the
//! state is one truth value per cell-digit pair (a *candidate*): true when the digit stands in
//! the cell, false when it is ruled out, open otherwise. Every forced step records its
//! *reason*, so that a dead end can be explained and the explanation kept:
//!
//! - **Groups.** Each cell, and each digit in each row, column and box, is a group of `side`
//!   candidates of which exactly one is true. A candidate set true rules out the others of its
//!   four groups (the reason: that candidate); a group with one candidate left makes it true
//!   (the reason: the others of the group, all ruled out); a group with none left is a dead end.
//!   These are the naked and hidden singles of the board kernels.
//! - **Guesses.** Where nothing is forced, the search guesses one candidate true (its digit
//!   placed in its cell): the one most often met in recent dead ends, or a few steps behind
//!   the clauses they taught (an activity score, decayed as the search goes on).
//! - **Learning.** At a dead end, the reasons are followed back from the group or clause that
//!   died until one candidate of the last guess's level is left (the first unique implication
//!   point). The candidates reached form a *clause*: not all of them can be as they are. It is
//!   made shorter twice: a candidate that the others force is dropped, and the candidates of
//!   one earlier level give way to the one candidate of that level they all follow from, where
//!   there is one. The search keeps it, jumps back to the level where the clause forces its
//!   one candidate of the last level, and from then on every board it reaches obeys it: a
//!   clause with one candidate left forces it, like a group.
//! - **Forgetting.** Kept clauses have a budget that grows slowly with the dead ends; past it the
//!   half least useful (most levels spanned, least recently met) are dropped, sparing those
//!   that span two levels or fewer, and those of up to six that took part in a dead end since
//!   the last time. The search restarts from the root now and then (Luby's sequence), keeping
//!   what it learned.
//!
//! A solution is a state with every candidate decided and no group dead. To find the next one,
//! the search keeps a clause that the guesses on the path to it cannot all hold again, so every
//! solution is found once and the search ends when the root itself dies.
//!
//! The breadth-first search learns with the same solver, one copy per thread, merging what a
//! level learned before the next level ([`lessons`]).

use std::borrow::Cow;
use std::mem::size_of;
use std::time::Instant;

use crate::board::Board;
use crate::budget::Budget;
use crate::config::{Config, Learn, Strategy};
use crate::footprint::Footprint;
use crate::geometry::Shape;
use crate::grid::Grid;
use crate::outcome::{Found, Outcome, Stop};
use crate::progress::{Estimate, Meter, Progress};
use crate::stats::Stats;

mod closed;
mod lanes;
mod lessons;

pub(crate) use lanes::{Cube, conquer};
pub(crate) use lessons::{Guided, Learner, Lessons, Notes};

/// A candidate, or its negation: `var << 1 | negated`.
type Lit = u32;

const TRUE: i8 = 1;
const FALSE: i8 = -1;
const OPEN: i8 = 0;

/// Dead ends between looks at the clock.
const CLOCK_EVERY: u64 = 256;

/// Conflicts in the first run between restarts, times Luby's sequence.
const RESTART_UNIT: u64 = 1_000;

/// How much the activity of every candidate fades at each dead end, against those met since.
const ACTIVITY_DECAY: f64 = 0.99;

/// How many steps back from a learned clause's literals, through their reasons, the candidates
/// met are bumped too: over the 25x25 puzzles, one step makes 11% fewer dead ends, two 21%
/// fewer (fewer on each of sixteen puzzles, 30% on the hardest), three 3% fewer than two
/// (9% on the hardest).
const REASON_DEPTH: u32 = 3;

/// How much the activity of every learned clause fades at each dead end.
const CLAUSE_DECAY: f32 = 0.999;

/// Learned clauses kept before the first clean-up, and how much the budget grows after each.
const FIRST_REDUCE: usize = 2_000;
const REDUCE_STEP: usize = 300;

#[inline]
const fn pos(var: u32) -> Lit {
    var << 1
}

#[inline]
const fn neg(var: u32) -> Lit {
    var << 1 | 1
}

#[inline]
const fn var(lit: Lit) -> u32 {
    lit >> 1
}

/// Bytes of one solver's state on boards of `shape` before any clause, by its vectors: per
/// candidate its values, level, reason, place on the trail, groups, activity, place in the
/// heap, marks and watch lists, and per group its members and count.
fn solver_bytes(shape: Shape) -> usize {
    let vars = shape.n_cells() * shape.side();
    let groups = 4 * shape.n_cells();
    let per_var = 2 * size_of::<i8>()
        + size_of::<Slot>()
        + size_of::<Lit>()
        + 4 * size_of::<u32>()
        + 2 * size_of::<WatchList>()
        + size_of::<f64>()
        + 2 * size_of::<u32>()
        + 2 * size_of::<bool>()
        + size_of::<u64>();
    vars * per_var
        + groups * size_of::<Tally>()
        + (groups + 1) * size_of::<u32>()
        + size_of::<u64>()
}

/// `config` for a search that learns on boards of `shape`, within
/// [`Config::max_learn_bytes`]: as it is where its solver copies fit; else, for `bfs`, on as
/// many threads as fit, or else without learning, with a warning that says which. Cube and
/// conquer holds a copy per lane (per thread, or four under [`Config::same_stats`]): it
/// learns where they fit, and otherwise runs as `bfs` without learning.
pub(crate) fn within_budget(shape: Shape, config: &Config) -> Cow<'_, Config> {
    if !config.learns() {
        return Cow::Borrowed(config);
    }
    let copy = solver_bytes(shape);
    let side = shape.side();
    let mib = |bytes: usize| bytes.div_ceil(1 << 20);
    if config.conquers() {
        // A copy for each lane, the root's and one to search a cube again; the clauses shared.
        let need = (lanes::n_lanes(config) + 2) * copy + lessons::clause_budget(config);
        if need <= config.max_learn_bytes {
            return Cow::Borrowed(config);
        }
        tracing::warn!(
            "cubes, {side}x{side}: need {} MiB > budget {} MiB; searching without learning",
            mib(need),
            mib(config.max_learn_bytes)
        );
        return Cow::Owned(config.clone().with_learn(Learn::Off));
    }
    let bfs = config.strategy == Strategy::Bfs;
    // `bfs`: a learner for each worker and one for the coordinator (one thread: one learner),
    // the root's copy and the state every chunk starts from.
    let need = |threads: usize| match (bfs, threads) {
        (false, _) => copy,
        (true, 1) => 3 * (copy + lessons::clause_budget(config)),
        (true, t) => (t + 3) * (copy + lessons::clause_budget(config)),
    };
    let threads = if bfs { config.n_threads() } else { 1 };
    let budget = config.max_learn_bytes;
    if need(threads) <= budget {
        return Cow::Borrowed(config);
    }
    if let Some(fit) = (1..threads).rev().find(|&t| need(t) <= budget) {
        tracing::warn!(
            "learning, {side}x{side}: {threads} threads need {} MiB > budget {} MiB; running {fit}",
            mib(need(threads)),
            mib(budget)
        );
        return Cow::Owned(config.clone().with_threads(fit));
    }
    tracing::warn!(
        "learning, {side}x{side}: needs {} MiB > budget {} MiB; searching without it",
        mib(need(1)),
        mib(budget)
    );
    Cow::Owned(config.clone().with_learn(Learn::Off))
}

/// Why a candidate was set.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Reason {
    /// A guess, or the root.
    Guess,
    /// Ruled out because this literal (a candidate of one of its groups) is true.
    Implied(Lit),
    /// Set true as the last candidate of this group.
    Group(u32),
    /// Forced by this clause, its first literal.
    Clause(u32),
}

/// What the search keeps of one candidate beside its value, side by side so that setting it
/// reaches one place in memory rather than one per field.
#[derive(Clone, Copy)]
struct Slot {
    /// The guess level it was set at.
    level: u32,
    /// Why it was set.
    reason: Reason,
    /// Its four groups: its cell, and its digit in its row, column and box. Two bytes each
    /// (there are at most 4 * 64 * 64 groups) make the slot 20 bytes rather than 28.
    groups: [u16; 4],
}

/// A group's candidates not ruled out: how many, and the sum of their numbers, which names
/// the last one without a search of the group when one is left.
#[derive(Clone, Copy)]
struct Tally {
    n: u32,
    /// At most `side` candidates, each below `side^3`: below 2^24 up to 64x64.
    sum: u32,
}

impl Tally {
    #[inline]
    fn remove(&mut self, v: u32) {
        self.n -= 1;
        self.sum -= v;
    }

    #[inline]
    fn restore(&mut self, v: u32) {
        self.n += 1;
        self.sum += v;
    }
}

/// What setting a candidate writes, borrowed apart from the rest of the solver: the loop over
/// a group's candidates in [`Solver::propagate`] reads the group while it sets them, and the
/// compiler keeps every vector at hand rather than reading it again after each one set.
struct Setter<'a> {
    value: &'a mut [i8],
    slots: &'a mut [Slot],
    open: &'a mut [Tally],
    trail: &'a mut Vec<Lit>,
    /// The guess level.
    level: u32,
}

impl Setter<'_> {
    /// Sets `lit` true, for `reason`, at the guess level.
    #[inline(always)]
    fn set(&mut self, lit: Lit, reason: Reason) {
        let slot = &mut self.slots[var(lit) as usize];
        debug_assert_eq!(self.value[lit as usize], OPEN);
        slot.level = self.level;
        slot.reason = reason;
        let groups = slot.groups;
        self.trail.push(lit);
        self.value[lit as usize] = TRUE;
        self.value[(lit ^ 1) as usize] = FALSE;
        if lit & 1 == 1 {
            for g in groups {
                self.open[g as usize].remove(var(lit));
            }
        }
    }
}

/// A dead end: what cannot hold.
#[derive(Clone, Copy, Debug)]
enum Conflict {
    /// Two candidates of one group both true.
    Pair(u32, u32),
    /// Every candidate of the group ruled out.
    Group(u32),
    /// Every literal of the clause false.
    Clause(u32),
}

/// Words before a clause's literals in the arena: its length; the guess levels it spanned when
/// learned (its "literal block distance"); its activity (`f32` bits); its flags; where the last
/// search for a literal to watch stopped (the next one starts there).
const HEADER: usize = 5;
/// Flag: never forgotten (the clauses that exclude the solutions found).
const KEEP: u32 = 1;
/// Flag: forgotten, to be dropped from the arena.
const GONE: u32 = 2;
/// Flag: met in a dead end's analysis since the last clean-up.
const USED: u32 = 4;
/// Clauses spanning at most this many levels are kept through a clean-up when they were used
/// since the one before.
const TIER: u32 = 6;

#[derive(Clone, Copy, Default)]
struct Watcher {
    clause: u32,
    /// A literal of the clause: when it is true, the clause need not be looked at.
    blocker: Lit,
}

/// Where one literal's watchers lie in [`Watches::pool`]: `pool[start..start + len]`, with
/// room for `room` before the list must move.
#[derive(Clone, Copy, Default)]
struct WatchList {
    start: u32,
    len: u32,
    room: u32,
}

/// The watch lists of every literal, in one pool rather than one allocation each: most lists
/// are empty or hold a few watchers, and a dead end reads many of them, so a small entry per
/// literal and lists side by side in memory spare cache misses. A list that outgrows its room
/// moves to the end of the pool with twice as much; the pool is packed again, in literal
/// order, when clauses are forgotten or when the lists left behind outweigh the live ones.
struct Watches {
    pool: Vec<Watcher>,
    lists: Vec<WatchList>,
    /// Watchers in the lists, not counting what moved lists left behind.
    live: usize,
}

impl Clone for Watches {
    fn clone(&self) -> Watches {
        Watches {
            pool: self.pool.clone(),
            lists: self.lists.clone(),
            live: self.live,
        }
    }

    fn clone_from(&mut self, other: &Watches) {
        self.pool.clone_from(&other.pool);
        self.lists.clone_from(&other.lists);
        self.live = other.live;
    }
}

impl Watches {
    fn new(n_lits: usize) -> Watches {
        Watches {
            pool: Vec::new(),
            lists: vec![WatchList::default(); n_lits],
            live: 0,
        }
    }

    #[inline]
    fn list(&self, lit: Lit) -> WatchList {
        self.lists[lit as usize]
    }

    /// Cuts `lit`'s list to its first `len` watchers.
    #[inline]
    fn truncate(&mut self, lit: Lit, len: usize) {
        let list = &mut self.lists[lit as usize];
        self.live -= list.len as usize - len;
        list.len = len as u32;
    }

    #[inline]
    fn push(&mut self, lit: Lit, watcher: Watcher) {
        let list = self.lists[lit as usize];
        if list.len == list.room {
            self.grow(lit);
        }
        let list = &mut self.lists[lit as usize];
        self.pool[(list.start + list.len) as usize] = watcher;
        list.len += 1;
        self.live += 1;
    }

    /// Moves `lit`'s full list to the end of the pool, with twice its room.
    #[cold]
    fn grow(&mut self, lit: Lit) {
        let list = &mut self.lists[lit as usize];
        let (from, len) = (list.start as usize, list.len as usize);
        let start = self.pool.len();
        let room = (2 * len).max(4);
        list.start = u32::try_from(start).expect("fewer than 2^32 watchers");
        list.room = room as u32;
        self.pool.extend_from_within(from..from + len);
        self.pool.resize(start + room, Watcher::default());
    }

    /// Every list emptied.
    fn clear(&mut self) {
        self.pool.clear();
        self.lists.fill(WatchList::default());
        self.live = 0;
    }

    /// Whether the room that moved lists left behind outweighs the watchers.
    fn is_loose(&self) -> bool {
        self.pool.len() > 4 * self.live + 4096
    }

    /// Lays the lists out again one after another, in literal order, each with room for half
    /// as many again.
    fn pack(&mut self) {
        let old = std::mem::take(&mut self.pool);
        self.pool.reserve(self.live + self.live / 2);
        for list in &mut self.lists {
            let (from, len) = (list.start as usize, list.len as usize);
            let start = self.pool.len();
            let room = if len == 0 { 0 } else { len + len / 2 + 1 };
            list.start = start as u32;
            list.room = room as u32;
            self.pool.extend_from_slice(&old[from..from + len]);
            self.pool.resize(start + room, Watcher::default());
        }
    }
}

/// Candidates ordered by activity, the most active first.
#[derive(Clone)]
struct Heap {
    heap: Vec<u32>,
    /// Position of each candidate in `heap`, or `u32::MAX`.
    index: Vec<u32>,
}

impl Heap {
    fn new(n: usize) -> Heap {
        Heap {
            heap: Vec::with_capacity(n),
            index: vec![u32::MAX; n],
        }
    }

    fn contains(&self, v: u32) -> bool {
        self.index[v as usize] != u32::MAX
    }

    fn up(&mut self, mut i: usize, activity: &[f64]) {
        // Slices, not the vectors: a write through one then never makes the compiler read
        // where the other lies again.
        let (heap, index) = (&mut self.heap[..], &mut self.index[..]);
        let v = heap[i];
        let a = activity[v as usize];
        while i > 0 {
            let parent = (i - 1) / 2;
            let p = heap[parent];
            if activity[p as usize] >= a {
                break;
            }
            heap[i] = p;
            index[p as usize] = i as u32;
            i = parent;
        }
        heap[i] = v;
        index[v as usize] = i as u32;
    }

    fn down(&mut self, mut i: usize, activity: &[f64]) {
        let (heap, index) = (&mut self.heap[..], &mut self.index[..]);
        let v = heap[i];
        let a = activity[v as usize];
        let len = heap.len();
        loop {
            let left = 2 * i + 1;
            if left >= len {
                break;
            }
            let right = left + 1;
            let child =
                if right < len && activity[heap[right] as usize] > activity[heap[left] as usize] {
                    right
                } else {
                    left
                };
            let c = heap[child];
            if activity[c as usize] <= a {
                break;
            }
            heap[i] = c;
            index[c as usize] = i as u32;
            i = child;
        }
        heap[i] = v;
        index[v as usize] = i as u32;
    }

    fn insert(&mut self, v: u32, activity: &[f64]) {
        if self.contains(v) {
            return;
        }
        self.heap.push(v);
        let i = self.heap.len() - 1;
        self.index[v as usize] = i as u32;
        self.up(i, activity);
    }

    fn bumped(&mut self, v: u32, activity: &[f64]) {
        if let Some(&i) = self.index.get(v as usize).filter(|&&i| i != u32::MAX) {
            self.up(i as usize, activity);
        }
    }

    fn pop(&mut self, activity: &[f64]) -> Option<u32> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("not empty");
        self.index[top as usize] = u32::MAX;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.index[last as usize] = 0;
            self.down(0, activity);
        }
        Some(top)
    }
}

/// The search state: the candidates' values with their reasons, the groups, the clauses.
#[derive(Clone)]
struct Solver {
    side: usize,
    /// Per literal: `TRUE`, `FALSE` or `OPEN`.
    value: Vec<i8>,
    /// Per candidate, its level, reason and groups.
    slots: Vec<Slot>,
    trail: Vec<Lit>,
    /// Where each guess level begins on the trail.
    levels: Vec<usize>,
    /// Trail entries whose consequences are drawn.
    head: usize,
    /// Per group, how many of its candidates are not ruled out, and which.
    open: Vec<Tally>,
    /// Group `g`'s candidates: `members[starts[g]..starts[g + 1]]`; once the root is set up,
    /// only those it left open.
    members: Vec<u32>,
    starts: Vec<u32>,
    /// The clauses, one after another, each its header and literals; a clause is named by
    /// where it begins.
    arena: Vec<u32>,
    /// The learned clauses that may be forgotten.
    learnts: Vec<u32>,
    watches: Watches,
    activity: Vec<f64>,
    bump: f64,
    clause_bump: f32,
    heap: Heap,
    seen: Vec<bool>,
    /// Marks of [`Solver::block_uip`], all false between its calls.
    block: Vec<bool>,
    level_stamp: Vec<u64>,
    stamp: u64,
    /// Watches held, two per clause.
    watchers: usize,
    /// Statistics.
    conflicts: u64,
    learned_total: u64,
    learned_literals: u64,
    /// Cells filled by a forced step, per guess level.
    forced: Vec<u64>,
    /// Candidates set by a clause.
    clause_forced: u64,
    /// Buffers of the analysis of a dead end, kept between dead ends: the clause being
    /// learned, the candidates marked `seen`, the causes of one candidate, and the walk of
    /// [`Solver::redundant`].
    learnt: Vec<Lit>,
    seen_list: Vec<u32>,
    causes: Vec<Lit>,
    stack: Vec<u32>,
    /// Per cell, the candidate a guess in that cell takes while it is open (the digit of a
    /// grid the search expects its solution to resemble, [`Solver::lean_to`]). Empty: none.
    lean: Vec<Option<u32>>,
}

impl Solver {
    fn new(shape: Shape) -> Solver {
        let side = shape.side();
        let cells = shape.n_cells();
        let n_vars = cells * side;
        let groups = 4 * cells;
        let mut members = vec![0u32; groups * side];
        let mut filled = vec![0usize; groups];
        let mut slots = Vec::with_capacity(n_vars);
        for cell in shape.cells() {
            let index = shape.index(cell);
            let b = shape.box_of(cell);
            for d in 0..side {
                let v = (index * side + d) as u32;
                let gs = [
                    index,
                    cells + cell.row() * side + d,
                    2 * cells + cell.col() * side + d,
                    3 * cells + b * side + d,
                ];
                for &g in &gs {
                    members[g * side + filled[g]] = v;
                    filled[g] += 1;
                }
                slots.push(Slot {
                    level: 0,
                    reason: Reason::Guess,
                    groups: gs.map(|g| u16::try_from(g).expect("at most 4 * 64 * 64 groups")),
                });
            }
        }
        let activity = vec![0.0; n_vars];
        let mut heap = Heap::new(n_vars);
        for v in 0..n_vars as u32 {
            heap.insert(v, &activity);
        }
        Solver {
            side,
            value: vec![OPEN; 2 * n_vars],
            slots,
            trail: Vec::with_capacity(n_vars),
            levels: Vec::new(),
            head: 0,
            open: (0..groups)
                .map(|g| Tally {
                    n: side as u32,
                    sum: members[g * side..(g + 1) * side].iter().sum(),
                })
                .collect(),
            members,
            starts: (0..=groups).map(|g| (g * side) as u32).collect(),
            arena: Vec::new(),
            learnts: Vec::new(),
            watches: Watches::new(2 * n_vars),
            activity,
            bump: 1.0,
            clause_bump: 1.0,
            heap,
            seen: vec![false; n_vars],
            block: vec![false; n_vars],
            level_stamp: vec![0; n_vars + 1],
            stamp: 0,
            watchers: 0,
            conflicts: 0,
            learned_total: 0,
            learned_literals: 0,
            forced: vec![0],
            clause_forced: 0,
            learnt: Vec::new(),
            seen_list: Vec::new(),
            causes: Vec::new(),
            stack: Vec::new(),
            lean: Vec::new(),
        }
    }

    #[inline]
    fn lit_value(&self, lit: Lit) -> i8 {
        self.value[lit as usize]
    }

    #[inline]
    fn var_value(&self, v: u32) -> i8 {
        self.value[pos(v) as usize]
    }

    #[inline]
    fn lits(&self, c: u32) -> &[Lit] {
        let c = c as usize;
        let len = self.arena[c] as usize;
        &self.arena[c + HEADER..c + HEADER + len]
    }

    #[inline]
    fn decision_level(&self) -> u32 {
        self.levels.len() as u32
    }

    #[inline]
    fn group(&self, g: u32) -> &[u32] {
        &self.members[self.starts[g as usize] as usize..self.starts[g as usize + 1] as usize]
    }

    #[inline]
    fn assign(&mut self, lit: Lit, reason: Reason) {
        let level = self.decision_level();
        Setter {
            value: &mut self.value,
            slots: &mut self.slots,
            open: &mut self.open,
            trail: &mut self.trail,
            level,
        }
        .set(lit, reason);
    }

    /// Draws every consequence of the trail, or returns the dead end it meets.
    fn propagate(&mut self) -> Option<Conflict> {
        while self.head < self.trail.len() {
            let p = self.trail[self.head];
            self.head += 1;
            let v = var(p);
            let groups = self.slots[v as usize].groups;
            if p & 1 == 0 {
                let Solver {
                    value,
                    slots,
                    open,
                    trail,
                    members,
                    starts,
                    levels,
                    ..
                } = self;
                let mut set = Setter {
                    value,
                    slots,
                    open,
                    trail,
                    level: levels.len() as u32,
                };
                for g in groups {
                    let g = g as usize;
                    // Once the group's other candidates not ruled out are met, the rest are
                    // false: the group is read no further (not at all when `v` is its last).
                    let mut others = set.open[g].n - 1;
                    for &u in &members[starts[g] as usize..starts[g + 1] as usize] {
                        if others == 0 {
                            break;
                        }
                        if u == v {
                            continue;
                        }
                        match set.value[pos(u) as usize] {
                            OPEN => {
                                others -= 1;
                                set.set(neg(u), Reason::Implied(p));
                            }
                            TRUE => return Some(Conflict::Pair(v, u)),
                            _ => {}
                        }
                    }
                }
            } else {
                for g in groups.map(u32::from) {
                    let tally = self.open[g as usize];
                    match tally.n {
                        0 => return Some(Conflict::Group(g)),
                        1 => {
                            // The sum of one candidate is that candidate.
                            let last = tally.sum;
                            if self.var_value(last) == OPEN {
                                self.count_forced();
                                self.assign(pos(last), Reason::Group(g));
                            }
                        }
                        _ => {}
                    }
                }
            }
            if let Some(conflict) = self.propagate_clauses(p ^ 1) {
                return Some(conflict);
            }
        }
        None
    }

    /// The state of `root`, a filled board: every candidate it ruled out set false, and what
    /// follows drawn; `None` when that is a dead end.
    fn at_root<B: Board>(root: &B) -> Option<Solver> {
        let shape = root.shape();
        let side = shape.side();
        let mut solver = Solver::new(shape);
        for cell in shape.cells() {
            let candidates = root.candidates(cell);
            let index = shape.index(cell);
            for (d, digit) in shape.digits().enumerate() {
                let v = (index * side + d) as u32;
                if !candidates.contains(digit) && solver.var_value(v) == OPEN {
                    solver.assign(neg(v), Reason::Guess);
                }
            }
        }
        if solver.propagate().is_some() {
            return None;
        }
        solver.compact();
        Some(solver)
    }

    /// Drops from every group the candidates the root ruled out, for good: the search never
    /// goes back past the root, and they are skipped wherever a group is read.
    fn compact(&mut self) {
        debug_assert_eq!(self.decision_level(), 0);
        let mut members = Vec::new();
        let mut starts = Vec::with_capacity(self.starts.len());
        for g in 0..self.starts.len() - 1 {
            starts.push(members.len() as u32);
            members.extend(
                self.group(g as u32)
                    .iter()
                    .copied()
                    .filter(|&u| self.var_value(u) != FALSE),
            );
        }
        starts.push(members.len() as u32);
        self.members = members;
        self.starts = starts;
    }

    #[inline]
    fn count_forced(&mut self) {
        let level = self.levels.len();
        if level >= self.forced.len() {
            self.forced.resize(level + 1, 0);
        }
        self.forced[level] += 1;
    }

    /// The clauses watching `false_lit`, which has just become false.
    fn propagate_clauses(&mut self, false_lit: Lit) -> Option<Conflict> {
        // The list is read and written in place: the watchers that move go to the lists of
        // literals not false, never to this one, so it stays where it is.
        let list = self.watches.list(false_lit);
        if list.len == 0 {
            return None;
        }
        let start = list.start as usize;
        let end = start + list.len as usize;
        let mut conflict = None;
        let mut i = start;
        let mut j = start;
        while i < end {
            let w = self.watches.pool[i];
            i += 1;
            if self.lit_value(w.blocker) == TRUE {
                self.watches.pool[j] = w;
                j += 1;
                continue;
            }
            let c = w.clause as usize;
            let len = self.arena[c] as usize;
            let (header, lits) = self.arena[c..c + HEADER + len].split_at_mut(HEADER);
            if lits[0] == false_lit {
                lits.swap(0, 1);
            }
            let first = lits[0];
            let value = &self.value;
            let first_value = value[first as usize];
            if first != w.blocker && first_value == TRUE {
                self.watches.pool[j] = Watcher {
                    clause: w.clause,
                    blocker: first,
                };
                j += 1;
                continue;
            }
            // Long clauses are searched round from where the last search stopped, so that the
            // literals just passed, likely still false, are not read again first.
            let from = header[4] as usize;
            let not_false = |l: &Lit| value[*l as usize] != FALSE;
            let found = match lits[from..].iter().position(not_false) {
                Some(k) => Some(from + k),
                None => lits[2..from].iter().position(not_false).map(|k| 2 + k),
            };
            if let Some(k) = found {
                let l = lits[k];
                header[4] = k as u32;
                lits.swap(1, k);
                self.watches.push(
                    l,
                    Watcher {
                        clause: w.clause,
                        blocker: first,
                    },
                );
                continue;
            }
            self.watches.pool[j] = Watcher {
                clause: w.clause,
                blocker: first,
            };
            j += 1;
            if first_value == FALSE {
                conflict = Some(Conflict::Clause(w.clause));
                self.watches.pool.copy_within(i..end, j);
                j += end - i;
                break;
            }
            if first & 1 == 0 {
                self.count_forced();
            }
            self.clause_forced += 1;
            self.assign(first, Reason::Clause(w.clause));
        }
        self.watches.truncate(false_lit, j - start);
        conflict
    }

    /// Calls `each` with the false literals that, together, forced `var` (every literal of its
    /// reason but its own).
    #[inline]
    fn for_each_cause(&self, v: u32, mut each: impl FnMut(Lit)) {
        match self.slots[v as usize].reason {
            Reason::Guess => {}
            Reason::Implied(p) => each(p ^ 1),
            Reason::Group(g) => {
                for &u in self.group(g) {
                    if u != v {
                        each(pos(u));
                    }
                }
            }
            Reason::Clause(c) => {
                for &l in &self.lits(c)[1..] {
                    each(l);
                }
            }
        }
    }

    fn bump_var(&mut self, v: u32) {
        let a = &mut self.activity[v as usize];
        *a += self.bump;
        if *a > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.bump *= 1e-100;
        }
        self.heap.bumped(v, &self.activity);
    }

    fn bump_clause(&mut self, c: u32) {
        let at = c as usize + 2;
        if self.arena[c as usize + 3] & KEEP != 0 {
            return;
        }
        self.arena[c as usize + 3] |= USED;
        let activity = f32::from_bits(self.arena[at]) + self.clause_bump;
        self.arena[at] = activity.to_bits();
        if activity > 1e20 {
            for &c in &self.learnts {
                let at = c as usize + 2;
                self.arena[at] = (f32::from_bits(self.arena[at]) * 1e-20).to_bits();
            }
            self.clause_bump *= 1e-20;
        }
    }

    /// Leaves in `self.learnt` the clause a dead end teaches (its literal of the last level
    /// first) and returns the level to jump back to.
    fn analyze(&mut self, conflict: Conflict) -> u32 {
        let current = self.decision_level();
        let mut learnt = std::mem::take(&mut self.learnt);
        learnt.clear();
        learnt.push(0);
        let mut open_here = 0usize;
        let mut seen_list = std::mem::take(&mut self.seen_list);
        let mut causes = std::mem::take(&mut self.causes);
        causes.clear();
        match conflict {
            Conflict::Pair(a, b) => causes.extend([neg(a), neg(b)]),
            Conflict::Group(g) => causes.extend(self.group(g).iter().map(|&u| pos(u))),
            Conflict::Clause(c) => {
                self.bump_clause(c);
                causes.extend_from_slice(self.lits(c));
            }
        }
        let mut index = self.trail.len();
        loop {
            for &q in &causes {
                let x = var(q);
                if self.meet(x, &mut seen_list) {
                    if self.slots[x as usize].level >= current {
                        open_here += 1;
                    } else {
                        learnt.push(q);
                    }
                }
            }
            let p = loop {
                index -= 1;
                let p = self.trail[index];
                if self.seen[var(p) as usize] {
                    break p;
                }
            };
            self.seen[var(p) as usize] = false;
            open_here -= 1;
            if open_here == 0 {
                learnt[0] = p ^ 1;
                break;
            }
            causes.clear();
            if let Reason::Clause(c) = self.slots[var(p) as usize].reason {
                self.bump_clause(c);
            }
            let mut list = std::mem::take(&mut causes);
            self.for_each_cause(var(p), |l| list.push(l));
            causes = list;
        }
        self.causes = causes;
        // Drop a literal that the others force: its reasons lead, through forced steps only, to
        // literals of the clause (or to the root).
        let levels = learnt[1..]
            .iter()
            .fold(0u32, |acc, &l| acc | self.abstract_level(var(l)));
        let mut kept = 1;
        for i in 1..learnt.len() {
            let lit = learnt[i];
            if self.slots[var(lit) as usize].reason == Reason::Guess
                || !self.redundant(lit, levels, &mut seen_list)
            {
                learnt[kept] = lit;
                kept += 1;
            }
        }
        learnt.truncate(kept);
        self.shrink(&mut learnt);
        self.bump_reasons(&learnt, &mut seen_list);
        for &x in &seen_list {
            self.seen[x as usize] = false;
        }
        seen_list.clear();
        self.seen_list = seen_list;
        let mut back = 0;
        if learnt.len() > 1 {
            let mut best = 1;
            for i in 2..learnt.len() {
                if self.slots[var(learnt[i]) as usize].level
                    > self.slots[var(learnt[best]) as usize].level
                {
                    best = i;
                }
            }
            learnt.swap(1, best);
            back = self.slots[var(learnt[1]) as usize].level;
        }
        self.learnt = learnt;
        back
    }

    /// Marks candidate `x` met in this dead end's analysis (`seen`, listed in `seen_list`) and
    /// bumps it, unless it was met already or set at the root; says whether it was new.
    #[inline]
    fn meet(&mut self, x: u32, seen_list: &mut Vec<u32>) -> bool {
        if self.seen[x as usize] || self.slots[x as usize].level == 0 {
            return false;
        }
        self.seen[x as usize] = true;
        seen_list.push(x);
        self.bump_var(x);
        true
    }

    /// Bumps the candidates that set the literals of `learnt` (the rest of each one's reason),
    /// and those that set them in turn, [`REASON_DEPTH`] steps back, where not met already in
    /// this dead end's analysis, and marks them `seen`. They lie just behind the clause, and
    /// guessing them soon leads back to where it bites (CaDiCaL bumps them too).
    fn bump_reasons(&mut self, learnt: &[Lit], seen_list: &mut Vec<u32>) {
        let mut causes = std::mem::take(&mut self.causes);
        let mut from = std::mem::take(&mut self.stack);
        from.clear();
        from.extend(learnt.iter().map(|&l| var(l)));
        for _ in 0..REASON_DEPTH {
            causes.clear();
            for &x in &from {
                self.for_each_cause(x, |q| causes.push(q));
            }
            from.clear();
            for &q in &causes {
                let x = var(q);
                if self.meet(x, seen_list) {
                    from.push(x);
                }
            }
        }
        self.causes = causes;
        self.stack = from;
    }

    /// Replaces the literals of each earlier level of `learnt` (all but its first) by one, where
    /// that level has a candidate they all follow from, given the clause's other literals (marked
    /// `seen`): their nearest common cause on the trail. The clause says the same and is
    /// shorter. A level whose literals rest on a candidate of an earlier level outside the
    /// clause stays as it is.
    fn shrink(&mut self, learnt: &mut Vec<Lit>) {
        if learnt.len() < 3 {
            return;
        }
        let slots = &self.slots;
        learnt[1..].sort_unstable_by_key(|&l| std::cmp::Reverse(slots[var(l) as usize].level));
        let mut out = 1;
        let mut i = 1;
        while i < learnt.len() {
            let at = self.slots[var(learnt[i]) as usize].level;
            let mut end = i + 1;
            while end < learnt.len() && self.slots[var(learnt[end]) as usize].level == at {
                end += 1;
            }
            if end - i > 1 {
                if let Some(uip) = self.block_uip(&learnt[i..end], at) {
                    learnt[out] = uip ^ 1;
                    out += 1;
                    i = end;
                    continue;
                }
            }
            learnt.copy_within(i..end, out);
            out += end - i;
            i = end;
        }
        learnt.truncate(out);
    }

    /// The candidate of level `at` that every literal of `lits` (all of that level) follows
    /// from, with literals marked `seen`, if there is one.
    fn block_uip(&mut self, lits: &[Lit], at: u32) -> Option<Lit> {
        let mut marked = std::mem::take(&mut self.stack);
        marked.clear();
        for &l in lits {
            self.block[var(l) as usize] = true;
            marked.push(var(l));
        }
        let mut open = lits.len();
        let start = self.levels[at as usize - 1];
        let mut causes = std::mem::take(&mut self.causes);
        let mut uip = None;
        'walk: for i in (start..self.levels[at as usize]).rev() {
            let p = self.trail[i];
            let x = var(p);
            if !self.block[x as usize] {
                continue;
            }
            if open == 1 {
                uip = Some(p);
                break;
            }
            open -= 1;
            causes.clear();
            self.for_each_cause(x, |l| causes.push(l));
            if causes.is_empty() {
                break;
            }
            for &l in &causes {
                let y = var(l) as usize;
                let of = self.slots[y].level;
                if of == at {
                    if !self.block[y] {
                        self.block[y] = true;
                        marked.push(y as u32);
                        open += 1;
                    }
                } else if of > 0 && !self.seen[y] {
                    break 'walk;
                }
            }
        }
        for &x in &marked {
            self.block[x as usize] = false;
        }
        self.stack = marked;
        self.causes = causes;
        uip
    }

    #[inline]
    fn abstract_level(&self, x: u32) -> u32 {
        1 << (self.slots[x as usize].level & 31)
    }

    /// Whether `lit` of a clause being learned follows from the clause's other literals: every
    /// path back through its reasons meets a literal marked `seen` or the root. Candidates found
    /// to follow are marked too (and listed in `seen_list`, to be cleared); a failed search
    /// unmarks what it marked.
    fn redundant(&mut self, lit: Lit, levels: u32, seen_list: &mut Vec<u32>) -> bool {
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(var(lit));
        let top = seen_list.len();
        let mut causes = std::mem::take(&mut self.causes);
        let mut follows = true;
        'walk: while let Some(x) = stack.pop() {
            causes.clear();
            self.for_each_cause(x, |l| causes.push(l));
            for &l in &causes {
                let y = var(l);
                if self.seen[y as usize] || self.slots[y as usize].level == 0 {
                    continue;
                }
                if self.slots[y as usize].reason != Reason::Guess
                    && self.abstract_level(y) & levels != 0
                {
                    self.seen[y as usize] = true;
                    stack.push(y);
                    seen_list.push(y);
                } else {
                    for &z in &seen_list[top..] {
                        self.seen[z as usize] = false;
                    }
                    seen_list.truncate(top);
                    follows = false;
                    break 'walk;
                }
            }
        }
        self.stack = stack;
        self.causes = causes;
        follows
    }

    fn lbd(&mut self, lits: &[Lit]) -> u32 {
        self.stamp += 1;
        let mut n = 0;
        for &l in lits {
            let level = self.slots[var(l) as usize].level as usize;
            if self.level_stamp[level] != self.stamp {
                self.level_stamp[level] = self.stamp;
                n += 1;
            }
        }
        n
    }

    fn backtrack(&mut self, level: u32) {
        if self.decision_level() <= level {
            return;
        }
        let start = self.levels[level as usize];
        let Solver {
            trail,
            slots,
            open,
            value,
            heap,
            activity,
            ..
        } = self;
        // Slices, not the vectors, as in [`Setter`].
        let (slots, open, value) = (&slots[..], &mut open[..], &mut value[..]);
        for &lit in trail[start..].iter().rev() {
            let v = var(lit) as usize;
            if lit & 1 == 1 {
                for g in slots[v].groups {
                    open[g as usize].restore(v as u32);
                }
            }
            value[lit as usize] = OPEN;
            value[(lit ^ 1) as usize] = OPEN;
            heap.insert(v as u32, activity);
        }
        self.trail.truncate(start);
        self.head = start;
        self.levels.truncate(level as usize);
    }

    /// Keeps `lits` as a clause whose first literal is open and every other false, and sets
    /// that first literal.
    fn add_clause(&mut self, lits: &[Lit], keep: bool) {
        if lits.len() == 1 {
            debug_assert_eq!(self.decision_level(), 0);
            self.assign(lits[0], Reason::Guess);
            return;
        }
        let lbd = self.lbd(lits);
        let c = self.arena.len() as u32;
        self.arena
            .extend([lits.len() as u32, lbd, 0, if keep { KEEP } else { 0 }, 2]);
        self.arena.extend_from_slice(lits);
        self.watch(c, lits[0], lits[1]);
        if !keep {
            self.learnts.push(c);
        }
        self.assign(lits[0], Reason::Clause(c));
    }

    /// Makes the state of this solver, a copy of `other` from the same root, the same as
    /// `other`'s: values, reasons, trail, clauses and their watches, in their order, so that
    /// both draw the same consequences for the same reasons. Its memory is reused. Activity
    /// is left as it is: the breadth-first search does not guess by it.
    fn reset_to(&mut self, other: &Solver) {
        self.value.clone_from(&other.value);
        self.slots.clone_from(&other.slots);
        self.trail.clone_from(&other.trail);
        self.levels.clone_from(&other.levels);
        self.head = other.head;
        self.open.clone_from(&other.open);
        self.arena.clone_from(&other.arena);
        self.learnts.clone_from(&other.learnts);
        self.watches.clone_from(&other.watches);
        self.watchers = other.watchers;
    }

    /// Sets the counters of what a search did to zero, for the next search in this state (the
    /// next cube of a lane of cube and conquer) to count its own.
    fn clear_counters(&mut self) {
        self.conflicts = 0;
        self.learned_total = 0;
        self.learned_literals = 0;
        self.forced.clear();
        self.forced.push(0);
        self.clause_forced = 0;
    }

    /// Keeps `lits`, a clause that holds in every solution, at the root (level 0): without the
    /// literals the root has made false, and not at all when the root makes one true. A clause
    /// left with one literal sets it at the root, and what follows is drawn. Returns whether
    /// the root still stands: a clause with every literal false, or what it sets, may end it.
    fn learn_at_root(&mut self, lits: &[Lit]) -> bool {
        debug_assert_eq!(self.decision_level(), 0);
        if lits.iter().any(|&l| self.lit_value(l) == TRUE) {
            return true;
        }
        let open: Vec<Lit> = lits
            .iter()
            .copied()
            .filter(|&l| self.lit_value(l) == OPEN)
            .collect();
        match open[..] {
            [] => false,
            [only] => {
                self.assign(only, Reason::Guess);
                self.propagate().is_none()
            }
            _ => {
                let c = self.arena.len() as u32;
                self.arena.extend([open.len() as u32, 0, 0, 0, 2]);
                self.arena.extend_from_slice(&open);
                self.watch(c, open[0], open[1]);
                self.learnts.push(c);
                true
            }
        }
    }

    fn watch(&mut self, c: u32, a: Lit, b: Lit) {
        self.watchers += 2;
        self.watches.push(
            a,
            Watcher {
                clause: c,
                blocker: b,
            },
        );
        self.watches.push(
            b,
            Watcher {
                clause: c,
                blocker: a,
            },
        );
        if self.watches.is_loose() {
            self.watches.pack();
        }
    }

    /// Forgets the less useful half of the learned clauses that no candidate rests on, that span
    /// more than two levels, and that span more than [`TIER`] or took no part in a dead end since
    /// the last call (any of them, when the store is `full`), then packs the arena.
    fn reduce(&mut self, full: bool) {
        let mut order: Vec<u32> = self
            .learnts
            .iter()
            .copied()
            .filter(|&c| {
                let (lbd, flags) = (self.arena[c as usize + 1], self.arena[c as usize + 3]);
                (full || (lbd > 2 && !(lbd <= TIER && flags & USED != 0))) && !self.locked(c)
            })
            .collect();
        for &c in &self.learnts {
            self.arena[c as usize + 3] &= !USED;
        }
        let arena = &self.arena;
        order.sort_by(|&a, &b| {
            let (a, b) = (a as usize, b as usize);
            arena[b + 1]
                .cmp(&arena[a + 1])
                .then(f32::from_bits(arena[a + 2]).total_cmp(&f32::from_bits(arena[b + 2])))
        });
        for &c in &order[..order.len() / 2] {
            self.arena[c as usize + 3] |= GONE;
        }
        let old = std::mem::take(&mut self.arena);
        let mut at = 0;
        self.learnts.clear();
        let mut map: Vec<(u32, u32)> = Vec::new();
        while at < old.len() {
            let end = at + HEADER + old[at] as usize;
            if old[at + 3] & GONE == 0 {
                let c = self.arena.len() as u32;
                map.push((at as u32, c));
                if old[at + 3] & KEEP == 0 {
                    self.learnts.push(c);
                }
                self.arena.extend_from_slice(&old[at..end]);
            }
            at = end;
        }
        for &lit in &self.trail {
            let v = var(lit) as usize;
            if let Reason::Clause(c) = self.slots[v].reason {
                let i = map
                    .binary_search_by_key(&c, |&(from, _)| from)
                    .expect("a locked clause is kept");
                self.slots[v].reason = Reason::Clause(map[i].1);
            }
        }
        self.watches.clear();
        self.watchers = 0;
        for &(_, c) in &map {
            let base = c as usize + HEADER;
            let (a, b) = (self.arena[base], self.arena[base + 1]);
            self.watch(c, a, b);
        }
        self.watches.pack();
    }

    /// Bytes of the clauses and their watches.
    fn clause_bytes(&self) -> usize {
        self.arena.len() * 4 + self.watchers * std::mem::size_of::<Watcher>()
    }

    /// Adds what a search in this solver counted (dead ends, forced cells per depth, clauses
    /// learned) to `stats`: the whole puzzle's search and each cube's add theirs alike.
    fn add_counts_to(&self, stats: &mut Stats) {
        stats.dead += self.conflicts;
        for (depth, &n) in self.forced.iter().enumerate() {
            stats.forced += n;
            stats.depth_mut(depth).forced += n;
        }
        stats.learned += self.learned_total;
        stats.learned_literals += self.learned_literals;
        stats.learned_forced += self.clause_forced;
    }

    /// Bytes the search holds: the clauses, and per candidate and group what it keeps.
    fn bytes(&self) -> usize {
        let per_candidate = 2 + size_of::<Slot>() + 8 + 4 + 4 + 1 + 4;
        self.clause_bytes()
            + self.activity.len() * per_candidate
            + (self.members.len() + self.open.len()) * 4
            + self.open.len() * size_of::<Tally>()
            + self.watches.lists.len() * size_of::<WatchList>()
    }

    fn locked(&self, c: u32) -> bool {
        let first = self.lits(c)[0];
        self.lit_value(first) == TRUE && self.slots[var(first) as usize].reason == Reason::Clause(c)
    }

    /// The first open candidate of the cell with the fewest open candidates (the first such
    /// cell): a guess that does not depend on activity, for the breadth-first search.
    fn fewest(&self) -> Option<u32> {
        let cells = self.side * self.side;
        let cell = (0..cells as u32)
            .filter(|&g| self.open[g as usize].n >= 2)
            .min_by_key(|&g| self.open[g as usize].n)?;
        self.group(cell)
            .iter()
            .copied()
            .find(|&u| self.var_value(u) == OPEN)
    }

    /// Makes every guess lean to `near`'s digits: the search still picks the cell of its most
    /// active candidate, but places `near`'s digit there while it is open. A search for a
    /// solution that differs from a known grid in a few cells finds it sooner (a removal's
    /// check in `generate/unique.rs`: a solution other than the one the puzzle had).
    fn lean_to(&mut self, near: &Grid) {
        let side = self.side as u32;
        let values = near.as_slice().iter().enumerate();
        self.lean = values
            .map(|(index, &v)| (v != 0).then(|| index as u32 * side + u32::from(v) - 1))
            .collect();
    }

    /// The next guess: the most active open candidate, set true (its digit placed in its cell);
    /// where the solver leans to a grid ([`Solver::lean_to`]) and that grid's digit is still
    /// open in the candidate's cell, that digit instead.
    fn pick(&mut self) -> Option<Lit> {
        while let Some(v) = self.heap.pop(&self.activity) {
            if self.var_value(v) == OPEN {
                if let Some(&Some(u)) = self.lean.get(v as usize / self.side) {
                    if u != v && self.var_value(u) == OPEN {
                        self.heap.insert(v, &self.activity);
                        return Some(pos(u));
                    }
                }
                return Some(pos(v));
            }
        }
        None
    }

    fn solution(&self, shape: Shape) -> Grid {
        let side = self.side;
        let values: Vec<u8> = (0..shape.n_cells())
            .map(|cell| {
                (0..side)
                    .find(|&d| self.var_value((cell * side + d) as u32) == TRUE)
                    .map_or(0, |d| (d + 1) as u8)
            })
            .collect();
        Grid::from_values(shape, &values)
    }
}

/// Luby's sequence: 1, 1, 2, 1, 1, 2, 4, ...
fn luby(mut i: u64) -> u64 {
    let mut size = 1;
    let mut seq = 0;
    while size < i + 1 {
        seq += 1;
        size = 2 * size + 1;
    }
    while size - 1 != i {
        size = (size - 1) >> 1;
        seq -= 1;
        i %= size;
    }
    1 << seq
}

/// Searches `root`, filled by `config.forced`, learning from its dead ends; its guesses lean
/// to `near`'s digits where given ([`Solver::lean`]).
///
/// Each solution found keeps a clause, so the search finds at most [`Config::max_kept`]
/// solutions, whether it keeps them or only counts them. The clauses learned are held within
/// [`Config::max_frontier_bytes`]: past it, the search forgets half of those it may.
pub(crate) fn solve<B: Board>(
    puzzle: &Grid,
    mut root: B,
    near: Option<&Grid>,
    config: &Config,
) -> Outcome {
    let start = Instant::now();
    let shape = puzzle.shape();
    let budget = Budget::new(config, shape, start);
    let mut stats = Stats::default();
    let mut found = Found::new(config);
    let meter = Meter::new(config.progress.as_ref());
    let mut footprint = config.footprint.then(Footprint::new);
    stats.nodes = 1;
    stats.depth_mut(0).boards = 1;
    let stop = 'search: {
        let Ok(filled) = root.fill_forced(config.forced) else {
            stats.dead += 1;
            stats.depth_mut(0).dead += 1;
            break 'search Stop::Exhausted;
        };
        stats.forced += u64::from(filled);
        stats.depth_mut(0).forced += u64::from(filled);
        let Some(mut solver) = Solver::at_root(&root) else {
            stats.dead += 1;
            stats.depth_mut(0).dead += 1;
            break 'search Stop::Exhausted;
        };
        if let Some(near) = near {
            solver.lean_to(near);
        }
        let mut search = Search {
            solver: &mut solver,
            shape,
            budget: &budget,
            limit: budget.max_solutions().min(config.max_kept(shape)),
            store_bytes: config.max_frontier_bytes,
            stats: &mut stats,
            found: &mut found,
            meter: &meter,
            footprint: footprint.as_mut(),
            watched: config.progress.as_ref().map(|progress| (progress, None)),
            counting: !config.keep_solutions,
            cube: &[],
            nodes_before: 0,
            shared: None,
            root_dead: false,
            schedule: Schedule::default(),
        };
        if let Some((_, closed)) = search.watched.as_mut() {
            *closed = Some(closed::Closed::new(search.solver));
        }
        let stop = search.run();
        solver.add_counts_to(&mut stats);
        stats.record_held(0, 1, solver.bytes() as u64);
        stop
    };
    meter.flush(&stats);
    Outcome::searched(found, stop, stats, start, footprint)
}

/// When a search that learns restarts and forgets: carried from one cube to the next by a
/// lane of cube and conquer, as if its cubes were one search.
#[derive(Clone, Copy, Debug)]
struct Schedule {
    restarts: u64,
    /// Dead ends before the next restart.
    until_restart: u64,
    /// Learned clauses held before the next clean-up.
    next_reduce: usize,
}

impl Default for Schedule {
    fn default() -> Schedule {
        Schedule {
            restarts: 0,
            until_restart: RESTART_UNIT * luby(0),
            next_reduce: FIRST_REDUCE,
        }
    }
}

/// One learning search under way: the solver and what it reports to.
struct Search<'a> {
    solver: &'a mut Solver,
    shape: Shape,
    budget: &'a Budget,
    /// Solutions to find.
    limit: u64,
    /// Most bytes of clauses held.
    store_bytes: usize,
    stats: &'a mut Stats,
    found: &'a mut Found,
    meter: &'a Meter<'a>,
    footprint: Option<&'a mut Footprint>,
    /// Where a watched search reports its estimate, and the space it started from.
    watched: Option<(&'a Progress, Option<closed::Closed>)>,
    /// Whether the solutions are counted, not kept: a count's solutions scale with the share
    /// closed too, where a search for a few solutions has found what it will.
    counting: bool,
    /// The cube this search is confined to (cube and conquer, [`lanes`]): candidates set
    /// true, as guesses, before any guess of its own; one the clauses rule out ends the
    /// search. Empty for the whole puzzle.
    cube: &'a [u32],
    /// Nodes of the whole search before this one, for the node budget.
    nodes_before: u64,
    /// Where the clauses of at most [`lanes::SHARED_LEN`] literals it learns go, to be shared.
    shared: Option<&'a mut Vec<Vec<Lit>>>,
    /// Set when the search ends at a dead end at the root: under the clauses it holds, no
    /// solution is left but those it found.
    root_dead: bool,
    schedule: Schedule,
}

impl Search<'_> {
    fn run(&mut self) -> Stop {
        let mut schedule = self.schedule;
        let stop = self.search(&mut schedule);
        self.schedule = schedule;
        stop
    }

    fn search(&mut self, schedule: &mut Schedule) -> Stop {
        let solver = &mut *self.solver;
        loop {
            if let Some(conflict) = solver.propagate() {
                solver.conflicts += 1;
                let depth = solver.decision_level() as usize;
                self.stats.depth_mut(depth).dead += 1;
                if depth == 0 {
                    self.root_dead = true;
                    return Stop::Exhausted;
                }
                if solver.conflicts % CLOCK_EVERY == 0 {
                    if let Some(stop) = self.budget.check_clock() {
                        return stop;
                    }
                    if let Some((progress, Some(closed))) = &self.watched {
                        // The boards done over the share of the space closed: rough, and high
                        // (`closed.rs`).
                        if let Some(share) = closed.share(solver) {
                            let found = self.stats.solutions as f64;
                            progress.set_estimate(Estimate {
                                nodes: self.stats.nodes as f64 / share,
                                solutions: if self.counting { found / share } else { found },
                            });
                        }
                    }
                }
                let back = solver.analyze(conflict);
                let learnt = std::mem::take(&mut solver.learnt);
                self.stats.depth_mut(depth).learned += 1;
                solver.learned_total += 1;
                solver.learned_literals += learnt.len() as u64;
                if let Some(shared) = self.shared.as_deref_mut() {
                    if learnt.len() <= lanes::SHARED_LEN {
                        shared.push(learnt.clone());
                    }
                }
                solver.backtrack(back);
                solver.add_clause(&learnt, false);
                solver.learnt = learnt;
                solver.bump /= ACTIVITY_DECAY;
                solver.clause_bump /= CLAUSE_DECAY;
                schedule.until_restart = schedule.until_restart.saturating_sub(1);
                continue;
            }
            if schedule.until_restart == 0 {
                schedule.restarts += 1;
                schedule.until_restart = RESTART_UNIT * luby(schedule.restarts);
                solver.backtrack(0);
            }
            let full = solver.clause_bytes() > self.store_bytes;
            if solver.learnts.len() >= schedule.next_reduce || (full && !solver.learnts.is_empty())
            {
                schedule.next_reduce = solver.learnts.len().max(schedule.next_reduce) + REDUCE_STEP;
                solver.reduce(full);
            }
            // The cube's candidates come first, each a guess of its own where the others have
            // not set it; the clauses learned are then implied by the rules alone, as if the
            // search had chosen these guesses itself.
            let mut next = None;
            for &v in self.cube {
                match solver.var_value(v) {
                    TRUE => {}
                    FALSE => return Stop::Exhausted,
                    _ => {
                        next = Some(pos(v));
                        break;
                    }
                }
            }
            let Some(lit) = next.or_else(|| solver.pick()) else {
                self.stats.solutions += 1;
                let level = solver.decision_level();
                self.stats.depth_mut(level as usize).solutions += 1;
                self.found.add(|| solver.solution(self.shape));
                if self.found.reached(self.limit) {
                    return Stop::SolutionLimit;
                }
                if level == 0 {
                    return Stop::Exhausted;
                }
                // Not every guess on the path to this solution can hold again.
                let block: Vec<Lit> = (0..level as usize)
                    .rev()
                    .map(|l| solver.trail[solver.levels[l]] ^ 1)
                    .collect();
                solver.backtrack(level - 1);
                solver.add_clause(&block, true);
                continue;
            };
            let stats = &mut *self.stats;
            if let Some(stop) = self.budget.check(self.nodes_before + stats.nodes + 1) {
                return stop;
            }
            stats.nodes += 1;
            stats.guesses += 1;
            self.meter.tick(stats);
            let bytes = solver.bytes() as u64;
            if let Some(footprint) = self.footprint.as_deref_mut() {
                footprint.record(stats.nodes, 1, bytes);
            }
            let depth = solver.decision_level() as usize;
            stats.depth_mut(depth).children += 1;
            solver.levels.push(solver.trail.len());
            stats.depth_mut(depth + 1).boards += 1;
            stats.record_held(depth + 1, 1, bytes);
            solver.assign(lit, Reason::Guess);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::General;
    use crate::config::{Learn, Strategy};
    use crate::geometry::Shape;
    use crate::strategy::solve as solve_with;
    use crate::testing::{ESCARGOT, grid};

    fn learning() -> Config {
        Config::default()
            .with_strategy(Strategy::Dfs)
            .with_learn(Learn::Clauses)
    }

    fn plain(strategy: Strategy) -> Config {
        Config::default().with_strategy(strategy)
    }

    /// The estimate of a solver's bytes is not below what a new solver allocates.
    #[test]
    fn a_solver_takes_no_more_than_its_estimate() {
        fn bytes<T>(v: &Vec<T>) -> usize {
            v.capacity() * size_of::<T>()
        }
        for (rows, cols) in [(2, 2), (3, 3), (5, 5), (6, 6)] {
            let shape = Shape::new(rows, cols).unwrap();
            let s = Solver::new(shape);
            let held = bytes(&s.value)
                + bytes(&s.slots)
                + bytes(&s.trail)
                + bytes(&s.open)
                + bytes(&s.members)
                + bytes(&s.starts)
                + bytes(&s.watches.pool)
                + bytes(&s.watches.lists)
                + bytes(&s.activity)
                + bytes(&s.heap.heap)
                + bytes(&s.heap.index)
                + bytes(&s.seen)
                + bytes(&s.block)
                + bytes(&s.level_stamp);
            let estimate = solver_bytes(shape);
            assert!(held <= estimate, "{rows}x{cols}: {held} > {estimate}");
            assert!(
                estimate < held + held / 8,
                "{rows}x{cols}: {held}, {estimate}"
            );
        }
    }

    /// A search that learns keeps its solver copies within `max_learn_bytes`: `bfs` on fewer
    /// threads where those of all its threads do not fit, and any search without learning where
    /// one thread's do not; the answers stay the same.
    #[test]
    fn learning_keeps_within_its_memory_budget() {
        let shape = Shape::new(3, 3).unwrap();
        let bfs = Config::default().with_learn(Learn::Clauses).with_threads(4);
        let copy = solver_bytes(shape) + lessons::clause_budget(&bfs);
        assert!(matches!(within_budget(shape, &bfs), Cow::Borrowed(_)));
        let two = bfs.clone().with_max_learn_bytes(5 * copy);
        assert_eq!(within_budget(shape, &two).threads, 2);
        let one = within_budget(shape, &bfs.clone().with_max_learn_bytes(4 * copy)).into_owned();
        assert_eq!((one.threads, one.learn), (1, Learn::Clauses));
        let none = bfs.clone().with_max_learn_bytes(3 * copy - 1);
        assert_eq!(within_budget(shape, &none).learn, Learn::Off);
        let dfs = learning().with_max_learn_bytes(solver_bytes(shape));
        assert!(matches!(within_budget(shape, &dfs), Cow::Borrowed(_)));
        let dfs_none = dfs.clone().with_max_learn_bytes(solver_bytes(shape) - 1);
        assert_eq!(within_budget(shape, &dfs_none).learn, Learn::Off);
        let puzzle = grid(ESCARGOT);
        let solutions = |config: &Config| solve_with(&puzzle, config).solutions;
        let answer = solutions(&bfs);
        assert_eq!(answer.len(), 1);
        let bfs_none = bfs.with_max_learn_bytes(0);
        for config in [&two, &bfs_none, &dfs, &dfs_none] {
            assert_eq!(solutions(config), answer, "{config:?}");
        }
    }

    #[test]
    fn luby_begins_as_it_should() {
        let seq: Vec<u64> = (0..15).map(luby).collect();
        assert_eq!(seq, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn every_grid_of_the_4x4_board_is_found_once() {
        let empty = Grid::empty(Shape::new(2, 2).unwrap());
        let outcome = solve_with(&empty, &learning().with_max_solutions(None));
        assert_eq!(outcome.stop, Stop::Exhausted);
        assert_eq!(outcome.count, 288);
        assert!(outcome.solutions.iter().all(|s| s.is_solution_of(&empty)));
        assert!(
            outcome.solutions.windows(2).all(|w| w[0] < w[1]),
            "distinct"
        );
    }

    #[test]
    fn a_puzzle_with_many_solutions_gives_the_bitmask_backtrackers_list() {
        // Escargot without its first three givens: 5,736 solutions.
        let mut puzzle = grid(ESCARGOT);
        let mut removed = 0;
        for cell in puzzle.shape().cells() {
            if removed < 3 && puzzle.get(cell).is_some() {
                puzzle.set(cell, None);
                removed += 1;
            }
        }
        let all = |config: Config| solve_with(&puzzle, &config.with_max_solutions(None));
        let expected = all(plain(Strategy::Bitmask));
        assert_eq!(expected.count, 5_736);
        let learned = all(learning());
        assert_eq!(learned.stop, Stop::Exhausted);
        assert_eq!(learned.solutions, expected.solutions);
        let counted = all(learning().with_keep_solutions(false));
        assert_eq!(counted.count, expected.count);
    }

    /// Every clause a search learns on a unique puzzle before it finds the solution holds in
    /// that solution: the reasons followed back at each dead end are true consequences of the
    /// givens. (After a solution, clauses may rest on the one that excludes it.) So too in a
    /// cube that holds no solution, whose guesses the search takes as its first: none of its
    /// clauses rests on the cube, which is why cube and conquer may share them.
    #[test]
    fn every_clause_learned_holds_in_the_solution() {
        let puzzle = grid(ESCARGOT);
        let solution = solve_with(&puzzle, &plain(Strategy::Bitmask)).solutions[0].clone();
        let config = learning().with_forced(crate::config::Forced::Naked);
        let mut root = General::new(&puzzle);
        root.fill_forced(config.forced).expect("the root lives");
        let side = puzzle.shape().side();
        // Two wrong digits in open cells: a cube without the solution.
        let wrong: Vec<u32> = puzzle
            .shape()
            .cells()
            .filter(|&cell| root.candidates(cell).len() > 2)
            .take(2)
            .map(|cell| {
                let right = solution.get(cell).unwrap();
                let digit = root.candidates(cell).iter().find(|&d| d != right).unwrap();
                (puzzle.shape().index(cell) * side) as u32 + digit.bit()
            })
            .collect();
        for cube in [&[][..], &wrong[..]] {
            let mut solver = Solver::at_root(&root).expect("the root lives");
            let budget = Budget::new(&config, puzzle.shape(), Instant::now());
            let (mut stats, mut found) = (Stats::default(), Found::new(&config));
            let meter = Meter::new(None);
            let mut shared = Vec::new();
            let mut search = Search {
                solver: &mut solver,
                shape: puzzle.shape(),
                budget: &budget,
                limit: 1,
                store_bytes: usize::MAX,
                stats: &mut stats,
                found: &mut found,
                meter: &meter,
                footprint: None,
                watched: None,
                counting: false,
                cube,
                nodes_before: 0,
                shared: Some(&mut shared),
                root_dead: false,
                schedule: Schedule::default(),
            };
            let stop = search.run();
            if cube.is_empty() {
                assert_eq!(stop, Stop::SolutionLimit);
                assert_eq!(found.into_parts().0, std::slice::from_ref(&solution));
            } else {
                assert_eq!(stop, Stop::Exhausted, "the cube is refuted");
                assert_eq!(found.into_parts().1, 0);
            }
            // A wrong cube dies sooner than the whole search finds the solution.
            let least = if cube.is_empty() { 10 } else { 3 };
            assert!(
                solver.learned_total > least,
                "it learned: {}",
                solver.learned_total
            );
            let holds = |lit: Lit| {
                let v = var(lit) as usize;
                let cell = puzzle.shape().cell_at(v / side).unwrap();
                let is = solution.get(cell).map(|d| d.get() - 1) == Some(v % side);
                is == (lit & 1 == 0)
            };
            let mut at = 0;
            let mut checked = 0;
            while at < solver.arena.len() {
                let len = solver.arena[at] as usize;
                let lits = &solver.arena[at + HEADER..at + HEADER + len];
                if solver.arena[at + 3] & KEEP == 0 {
                    assert!(lits.iter().any(|&l| holds(l)), "clause at {at}: {lits:?}");
                    checked += 1;
                }
                at += HEADER + len;
            }
            assert!(checked > least, "{checked}");
            assert!(shared.iter().all(|clause| clause.iter().any(|&l| holds(l))));
            assert!(
                shared
                    .iter()
                    .all(|clause| clause.len() <= lanes::SHARED_LEN)
            );
        }
    }

    #[test]
    fn the_rows_per_depth_add_up_to_the_totals() {
        let outcome = solve_with(&grid(ESCARGOT), &learning());
        let stats = &outcome.stats;
        let sum = |field: fn(&crate::stats::DepthStats) -> u64| -> u64 {
            stats.per_depth.iter().map(field).sum()
        };
        assert_eq!(sum(|d| d.boards), stats.nodes);
        assert_eq!(sum(|d| d.children), stats.guesses);
        assert_eq!(sum(|d| d.dead), stats.dead);
        assert_eq!(sum(|d| d.forced), stats.forced);
        assert_eq!(sum(|d| d.solutions), 1);
        assert_eq!(
            stats.learned,
            stats.dead - 1,
            "every dead end but the root's taught"
        );
        assert!(stats.per_depth.iter().all(|d| d.frontier == 1));
        assert_eq!(stats.peak_frontier, 1);
    }

    #[test]
    fn a_store_of_a_few_bytes_forgets_and_still_agrees() {
        let puzzle = grid(ESCARGOT);
        let expected = solve_with(&puzzle, &plain(Strategy::Bitmask));
        let outcome = solve_with(&puzzle, &learning().with_max_frontier_bytes(1));
        assert_eq!(outcome.solutions, expected.solutions);
        assert_eq!(outcome.stop, Stop::Exhausted);
    }

    #[test]
    fn budgets_stop_it() {
        let puzzle = grid(ESCARGOT);
        let outcome = solve_with(
            &puzzle,
            &learning()
                .with_forced(crate::config::Forced::Naked)
                .with_max_nodes(Some(3)),
        );
        assert_eq!(outcome.stop, Stop::NodeBudget);
        assert_eq!(
            outcome.stats.nodes, 3,
            "the root and two guesses, the third refused"
        );
    }

    #[test]
    fn a_puzzle_without_solution_is_exhausted() {
        let puzzle = grid(
            "..6.5..9.1..6......5...1.8.2....31....5.....27.9.6....4..3....7...4.8.3...1..5...",
        );
        let outcome = solve_with(&puzzle, &learning());
        assert_eq!((outcome.count, outcome.stop), (0, Stop::Exhausted));
        assert!(outcome.stats.dead > 0);
    }

    #[test]
    fn counting_stops_at_the_most_kept_since_each_solution_keeps_a_clause() {
        let empty = Grid::empty(Shape::new(2, 2).unwrap());
        // A grid, and a clause of at most a candidate per cell, 4 bytes each, and 32 more.
        let bytes = crate::grid::solution_bytes(empty.shape()) + 4 * 16 + 32;
        let config = learning().with_counting().with_max_kept_bytes(10 * bytes);
        assert_eq!(config.max_kept(empty.shape()), 10);
        assert!(
            config
                .clone()
                .with_learn(Learn::Off)
                .max_kept(empty.shape())
                > 10
        );
        let outcome = solve_with(&empty, &config);
        assert_eq!((outcome.count, outcome.stop), (10, Stop::SolutionLimit));
        assert!(config.is_capped(empty.shape(), outcome.count));
        assert!(
            !config
                .with_learn(Learn::Off)
                .is_capped(empty.shape(), outcome.count)
        );
    }
}
