//! The conquest of cube and conquer (`bfs --learn cubes`): the cubes that the breadth-first
//! levels cut (`strategy/cubes.rs`), conquered by lanes of the search that learns, sharing the
//! short clauses they learn.
//!
//! - **The lanes.** A lane is a copy of the depth-first search that learns at the root, which
//!   conquers cubes one after the other, keeping what it learned from one to the next
//!   (clauses, activity, restarts). The cube's guesses come first, each a guess of its own (a
//!   decision, in SAT terms, as in a search under assumptions), and the search guesses by its
//!   activity below them. A guess of the cube that the clauses rule out refutes the cube.
//! - **Who takes which cube.** By default each thread has a lane and, whenever it is free,
//!   takes the next cube not taken (*free*): no thread waits for another. Under
//!   [`Config::same_stats`], [`LANES`] lanes take fixed cubes, lane `k` the cubes `k`,
//!   `k + LANES`, `k + 2 LANES`, ... (its *rounds*), whatever the threads.
//! - **The sharing.** Since the cube's guesses are guesses like the search's own, every clause
//!   a lane learns is implied by the rules and the clauses it started from, never by the cube:
//!   none depends on the cube's guesses, so it holds in every cube. The clauses of at most
//!   [`SHARED_LEN`] literals are shared. Free, a lane takes, before each cube, those the other
//!   lanes shared since it last took them. By rounds, a lane takes, before its cube of round
//!   `r`, those the other lanes learned in the rounds before `r - LAG`, merged round by round
//!   in lane order without repeats. (A clause a lane keeps to exclude a solution it found is
//!   not learned, and never shared. A clause learned through one holds in every solution but
//!   that one, which lies in that cube alone: it holds in every other cube.)
//!
//! # Why the answer does not depend on the threads
//!
//! What the cubes found is added up in cube order. A cube searched to its end found all its
//! solutions, whichever lane searched it; a cube whose search stopped at the solution limit is
//! searched again from the root's state without the clauses shared, so that the solutions it
//! gives depend on the cube alone. Each cube's solutions are put in their canonical order.
//! So the solutions, the count and the stop are the same on every thread count, free or by
//! rounds.
//!
//! Free, the statistics are not: which clauses a lane holds when it takes a cube depends on
//! the timing. By rounds they are: which lane conquers a cube, and which clauses it has taken
//! before, depend on the cube's number alone, so each cube's search is the same whichever
//! thread runs it, and when. The threads take whichever lane is ready (the rounds it must take
//! are merged), the one furthest behind first. A lane may run [`LAG`] rounds ahead of the
//! clauses it takes (none: it waits for the round before it), so that threads wait for one
//! another less, at the cost of clauses that reach the other lanes later. The waiting is the
//! price of the same figures (docs/benchmarks.md, "Cube and conquer").
//!
//! # Why nothing is lost or counted twice
//!
//! Every solution of the puzzle lies in exactly one cube (`strategy/cubes.rs`). A cube's
//! search finds each of its solutions once (the depth-first search that learns does), and the
//! clauses it starts from hold in every solution not yet found. Past the solution limit, the
//! solutions kept are the first in cube order.
//!
//! # Memory
//!
//! Each lane holds one solver copy, with its clauses within
//! `max_frontier_bytes / lanes` (so all of them within one `dfs` that learns); the clauses
//! shared are held within a 64th of `max_frontier_bytes`, and one more copy searches a cube
//! again. A cube done waits, with what it found, only for the cubes before it: by rounds, at
//! most `LANES x (LAG + 2)` of them; free, a thread takes no cube more than [`AHEAD`] times
//! the lanes past the first cube not done, so at most that many, and none while the cubes
//! waiting keep the solution limit's grids (it waits for the first cube not done, under
//! way on another thread): they keep fewer than that, and each cube under way at most that.

use std::collections::HashSet;
use std::sync::{Condvar, Mutex, PoisonError};

use smallvec::SmallVec;

use super::{Lit, Schedule, Search, Solver};
use crate::board::Board;
use crate::budget::Budget;
use crate::config::Config;
use crate::geometry::Shape;
use crate::outcome::{Found, Stop};
use crate::progress::Meter;
use crate::stats::Stats;

/// Most literals of a clause shared between cubes: short clauses prune the most and cost the
/// least to hold.
pub(super) const SHARED_LEN: usize = 8;

/// Lanes under [`Config::same_stats`]: solvers that each conquer every `LANES`-th cube (see
/// the module docs).
pub(crate) const LANES: usize = 4;

/// The lanes (solver copies) cube and conquer holds for `config`: one per thread, or
/// [`LANES`] under [`Config::same_stats`].
pub(crate) fn n_lanes(config: &Config) -> usize {
    if config.same_stats {
        LANES
    } else {
        config.n_threads()
    }
}

/// Rounds a lane may run ahead of the clauses it takes (see the module docs). On frisch #5
/// cut into 64 cubes: with none, 136,000 dead ends, and 2 threads (scheduled from each cube's
/// dead ends) idle a tenth of the time; with one round, 159,000 dead ends (the clauses come
/// later) and threads idle 2% of the time; with two, 152,000 and 3%. None does the least
/// work on 2 threads, and on 1.
const LAG: usize = 0;

/// Free, how far past the first cube not done a thread may take a cube, in lanes: the cubes
/// that wait to be added up (each with its statistics, a row per depth) stay bounded, and a
/// slow cube does not hold a thread up. With 4, frisch #11 to #18 on 2 threads (64 cubes)
/// kept the threads busy 1.89 of the 2 cores and took 0.61 of one thread's wall; with no
/// bound, 1.93 and 0.58 (docs/benchmarks.md, "Cube and conquer"). The grids the waiting
/// cubes keep are bounded apart, by the solution limit.
const AHEAD: usize = 32;

/// A cube: the guesses, candidates set true, that led from the root to its board.
pub(crate) type Cube = SmallVec<[u32; 8]>;

/// What the conquest of one cube found.
struct Conquered {
    found: Found,
    stop: Stop,
    stats: Stats,
    /// The short clauses it learned, in the order learned.
    shared: Vec<Vec<Lit>>,
}

/// Conquers `cubes` in lanes on the config's threads, adding up what each found in cube
/// order; returns why the search stopped.
/// `filled` is the root board filled by the forced rule, `limit` the solutions to find.
#[allow(clippy::too_many_arguments)]
pub(crate) fn conquer<B: Board>(
    shape: Shape,
    cubes: &[Cube],
    filled: &B,
    config: &Config,
    budget: &Budget,
    limit: u64,
    stats: &mut Stats,
    found: &mut Found,
) -> Stop {
    let Some(root) = Solver::at_root(filled) else {
        stats.cubes_refuted = cubes.len() as u64;
        return Stop::Exhausted;
    };
    let root = &root;
    // The solutions met above the cut count towards the limit.
    let limit = limit.saturating_sub(u64::try_from(found.count()).unwrap_or(u64::MAX));
    let n_lanes = n_lanes(config).min(cubes.len()).max(1);
    let lag = LAG;
    let free = !config.same_stats;
    let lanes: Vec<Mutex<Lane>> = (0..n_lanes)
        .map(|k| Mutex::new(Lane::new(k, root)))
        .collect();
    let board = Board_ {
        cubes,
        root,
        free,
        n_lanes,
        lag,
        limit,
        state: Mutex::new(State {
            next_round: vec![0; n_lanes],
            busy: vec![false; n_lanes],
            imported: vec![0; n_lanes],
            merged: Vec::new(),
            next_cube: 0,
            pooled: Vec::new(),
            pool: Pool {
                known: HashSet::new(),
                bytes: 0,
                budget: super::lessons::clause_budget(config),
            },
            results: (0..cubes.len()).map(|_| None).collect(),
            kept: 0,
            prefix: 0,
            found: Found::new(config),
            stats: Stats::default(),
            stop: None,
            nodes: stats.nodes,
            nodes_done: stats.nodes,
            round_nodes: Vec::new(),
        }),
        wake: Condvar::new(),
        shape,
        config,
        budget,
        store_bytes: config.max_frontier_bytes / n_lanes,
        nodes_cut: stats.nodes,
    };
    let threads = config.n_threads().min(n_lanes);
    std::thread::scope(|scope| {
        let board = &board;
        let lanes = &lanes;
        crate::threads::spawn_workers(threads - 1, "explore-cubes", |i| {
            std::thread::Builder::new()
                .name("explore-cubes".to_owned())
                .spawn_scoped(scope, move || board.work(lanes, i + 1))
                .map(drop)
        });
        board.work(lanes, 0);
    });
    let state = board
        .state
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    stats.merge(&state.stats);
    if free {
        stats.clauses_shared = state.pooled.len() as u64;
    } else {
        stats.rounds = state.merged.len() as u64;
        stats.clauses_shared = state.merged.iter().map(|round| round.len() as u64).sum();
    }
    let stop = state.stop.unwrap_or(Stop::Exhausted);
    found.append(state.found);
    stop
}

/// One lane: a solver that conquers its cubes one after the other, keeping what it learned
/// (its clauses, the activity of its candidates, when it restarts and forgets) from one cube
/// to the next.
struct Lane {
    /// Its place among the lanes.
    number: usize,
    /// `None` once the clauses leave no solution but those found.
    solver: Option<Solver>,
    schedule: Schedule,
}

/// The clauses shared so far, to merge none twice, within a budget: past it, no more are
/// shared.
struct Pool {
    known: HashSet<Vec<Lit>>,
    bytes: usize,
    budget: usize,
}

impl Pool {
    /// Of the clauses `lane` shared, those not held already, while they fit, with the lane.
    fn take(&mut self, lane: usize, clauses: Vec<Vec<Lit>>, into: &mut Vec<(usize, Vec<Lit>)>) {
        for clause in clauses {
            let bytes = super::lessons::clause_bytes(clause.len()) * 2;
            if self.bytes + bytes > self.budget {
                return;
            }
            let mut key = clause.clone();
            key.sort_unstable();
            if self.known.insert(key) {
                self.bytes += bytes;
                into.push((lane, clause));
            }
        }
    }
}

/// The conquest under way, shared by its threads.
#[allow(non_camel_case_types)]
struct Board_<'a> {
    cubes: &'a [Cube],
    /// The root's solver, for a cube searched again from it (see `add_up`).
    root: &'a Solver,
    /// Each thread conquers the next cube with its own lane, taking the clauses shared so far
    /// (the default); else the lanes take their cubes and clauses by rounds
    /// ([`Config::same_stats`]).
    free: bool,
    n_lanes: usize,
    lag: usize,
    limit: u64,
    state: Mutex<State>,
    /// Woken when a cube is done: a lane may be ready.
    wake: Condvar,
    shape: Shape,
    config: &'a Config,
    budget: &'a Budget,
    /// Most bytes of clauses a lane's solver holds.
    store_bytes: usize,
    /// Nodes of the cut, before every cube.
    nodes_cut: u64,
}

/// Where the conquest stands.
struct State {
    /// Per lane, the round of its next cube.
    next_round: Vec<usize>,
    /// Per lane, whether a thread is conquering its cube.
    busy: Vec<bool>,
    /// Per lane, the rounds of clauses it has taken.
    imported: Vec<usize>,
    /// Per round merged, the clauses its cubes shared, in lane order, with the lane.
    merged: Vec<Vec<(usize, Vec<Lit>)>>,
    /// Free: the next cube to conquer.
    next_cube: usize,
    /// Free: the clauses shared, with the lane, as they came (`imported` indexes it).
    pooled: Vec<(usize, Vec<Lit>)>,
    pool: Pool,
    /// Per cube, what its conquest found, until the cubes before it are done.
    results: Vec<Option<Conquered>>,
    /// The grids the cubes in `results` keep.
    kept: usize,
    /// Cubes done and added up, in cube order.
    prefix: usize,
    found: Found,
    stats: Stats,
    /// Why the search stops early (a budget, the solution limit), once it must.
    stop: Option<Stop>,
    /// Nodes of the cubes added up, and after each round added up whole, that many: the
    /// node budget of a cube counts those of the rounds before it, the same on every thread
    /// count.
    nodes: u64,
    /// Free: nodes of the cubes done, in any order, for the node budget of the next.
    nodes_done: u64,
    round_nodes: Vec<u64>,
}

impl Board_<'_> {
    /// Conquers cubes until none is left or the search must stop: takes, of the lanes that
    /// are ready (the clauses of every round they must take are merged), the one furthest
    /// behind.
    fn work(&self, lanes: &[Mutex<Lane>], thread: usize) {
        if self.free {
            self.work_free(&lanes[thread]);
            return;
        }
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        while state.stop.is_none() {
            let full = state.prefix / self.n_lanes;
            let pending = (0..self.n_lanes).filter(|&k| {
                !state.busy[k] && state.next_round[k] * self.n_lanes + k < self.cubes.len()
            });
            let ready = pending
                .clone()
                .filter(|&k| full >= state.next_round[k].saturating_sub(self.lag))
                .min_by_key(|&k| (state.next_round[k], k));
            let Some(k) = ready else {
                if pending.count() == 0 && !state.busy.contains(&true) {
                    break;
                }
                state = self
                    .wake
                    .wait(state)
                    .unwrap_or_else(PoisonError::into_inner);
                continue;
            };
            let round = state.next_round[k];
            state.busy[k] = true;
            // The rounds this cube takes: those before its round by more than the lag.
            let take = round.saturating_sub(self.lag);
            let imports: Vec<Vec<Lit>> = state.merged[state.imported[k]..take]
                .iter()
                .flatten()
                .filter(|(lane, _)| *lane != k)
                .map(|(_, clause)| clause.clone())
                .collect();
            state.imported[k] = take;
            let nodes = take
                .checked_sub(1)
                .map_or(self.nodes_cut, |r| state.round_nodes[r]);
            drop(state);
            let cube = &self.cubes[round * self.n_lanes + k];
            let mut lane = lanes[k].lock().unwrap_or_else(PoisonError::into_inner);
            let result = lane.conquer(cube, &imports, nodes, self);
            drop(lane);
            state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
            self.finish(&mut state, k, round, result);
            self.wake.notify_all();
        }
        self.wake.notify_all();
    }

    /// Conquers the next cube with `lane` (the thread's own) until none is left or the search
    /// must stop, taking first the clauses the other lanes shared since it last took them.
    fn work_free(&self, lane: &Mutex<Lane>) {
        let mut lane = lane.lock().unwrap_or_else(PoisonError::into_inner);
        let k = lane.number;
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        while state.stop.is_none() && state.next_cube < self.cubes.len() {
            let ahead = state.next_cube >= state.prefix + AHEAD * self.n_lanes;
            let kept = state.next_cube > state.prefix && state.kept as u64 >= self.limit;
            if ahead || kept {
                state = self
                    .wake
                    .wait(state)
                    .unwrap_or_else(PoisonError::into_inner);
                continue;
            }
            let index = state.next_cube;
            state.next_cube += 1;
            let imports: Vec<Vec<Lit>> = state.pooled[state.imported[k]..]
                .iter()
                .filter(|(from, _)| *from != k)
                .map(|(_, clause)| clause.clone())
                .collect();
            state.imported[k] = state.pooled.len();
            let nodes = state.nodes_done;
            drop(state);
            let mut result = lane.conquer(&self.cubes[index], &imports, nodes, self);
            state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
            state.nodes_done += result.stats.nodes;
            if self.n_lanes > 1 {
                let shared = std::mem::take(&mut result.shared);
                let State { pool, pooled, .. } = &mut *state;
                pool.take(k, shared, pooled);
            }
            state.wait(index, result);
            self.add_up(&mut state);
            self.wake.notify_all();
        }
        self.wake.notify_all();
    }

    /// Records lane `k`'s cube of `round`, then adds up the cubes done.
    fn finish(&self, state: &mut State, k: usize, round: usize, result: Conquered) {
        state.busy[k] = false;
        state.next_round[k] = round + 1;
        let index = round * self.n_lanes + k;
        state.wait(index, result);
        self.add_up(state);
    }

    /// Adds up the cubes done in cube order, as far as none is missing; by rounds, merges the
    /// clauses each shared into its round's. A cube whose search stopped at the solution
    /// limit is searched again from the root's state, without the clauses shared: which of
    /// its solutions a search finds first depends on what its lane learned before, which
    /// depends on the threads when they take cubes as they are free, and the answer must not.
    /// (A cube searched to the end found all its solutions, whichever lane searched it.)
    fn add_up(&self, state: &mut State) {
        // Once stopped, nothing more is added up: where it stops depends on the cubes alone.
        while state.stop.is_none() {
            let Some(mut result) = state.results.get_mut(state.prefix).and_then(Option::take)
            else {
                break;
            };
            state.kept -= result.found.kept();
            if result.stop == Stop::SolutionLimit {
                let mut lane = Lane::new(usize::MAX, self.root);
                let mut again = lane.conquer(&self.cubes[state.prefix], &[], state.nodes, self);
                again.stats.merge(&result.stats);
                result = again;
            }
            // All of the cube's solutions, or those the search from the root's state finds
            // first: the same whichever lane found them, in the same order.
            result.found.sort();
            let (round, lane) = (state.prefix / self.n_lanes, state.prefix % self.n_lanes);
            if state.nodes + result.stats.nodes > self.budget.max_nodes() {
                // Added up in cube order, the cubes stop at the same place on every run.
                state.stop = Some(Stop::NodeBudget);
                break;
            }
            state.prefix += 1;
            state.nodes += result.stats.nodes;
            if state.prefix % self.n_lanes == 0 {
                state.round_nodes.push(state.nodes);
            }
            state.stats.merge(&result.stats);
            if result.stop == Stop::Exhausted && !result.found.reached(1) {
                state.stats.cubes_refuted += 1;
            }
            state.found.append(result.found);
            if !self.free {
                if round == state.merged.len() {
                    state.merged.push(Vec::new());
                }
                let State { pool, merged, .. } = &mut *state;
                pool.take(lane, result.shared, &mut merged[round]);
            }
            if state.found.reached(self.limit) {
                state.stop = Some(Stop::SolutionLimit);
            } else if result.stop != Stop::Exhausted {
                state.stop = Some(result.stop);
            }
        }
    }
}

impl State {
    /// Keeps what cube `index` found until the cubes before it are done.
    fn wait(&mut self, index: usize, result: Conquered) {
        self.kept += result.found.kept();
        self.results[index] = Some(result);
    }
}

impl Lane {
    fn new(number: usize, root: &Solver) -> Lane {
        Lane {
            number,
            solver: Some(root.clone()),
            schedule: Schedule::default(),
        }
    }

    /// Takes `imports`, the clauses the other lanes shared that it has not taken, then
    /// searches `cube`; `nodes_before` is the search's nodes so far, for its node budget.
    fn conquer(
        &mut self,
        cube: &Cube,
        imports: &[Vec<Lit>],
        nodes_before: u64,
        board: &Board_<'_>,
    ) -> Conquered {
        let config = board.config;
        let mut stats = Stats::default();
        let mut found = Found::new(config);
        let mut shared = Vec::new();
        let refuted = |found, stats, shared| Conquered {
            found,
            stop: Stop::Exhausted,
            stats,
            shared,
        };
        if let Some(stop) = board.budget.check_clock() {
            return Conquered {
                found,
                stop,
                stats,
                shared,
            };
        }
        let Some(solver) = self.solver.as_mut() else {
            return refuted(found, stats, shared);
        };
        solver.backtrack(0);
        for clause in imports {
            if !solver.learn_at_root(clause) {
                self.solver = None;
                return refuted(found, stats, shared);
            }
        }
        solver.clear_counters();
        let meter = Meter::new(config.progress.as_ref());
        let mut search = Search {
            solver,
            shape: board.shape,
            budget: board.budget,
            limit: board.limit,
            store_bytes: board.store_bytes,
            stats: &mut stats,
            found: &mut found,
            meter: &meter,
            footprint: None,
            // A cube's share of the space says little of the whole search's time left.
            watched: None,
            counting: !config.keep_solutions,
            cube,
            nodes_before,
            // One lane has none to share with.
            shared: (board.n_lanes > 1).then_some(&mut shared),
            root_dead: false,
            schedule: self.schedule,
        };
        let stop = search.run();
        let root_dead = search.root_dead;
        self.schedule = search.schedule;
        solver.add_counts_to(&mut stats);
        // The frontier figures are the cut's: a lane holds one solver, whatever the depth, and
        // the lanes' copies are counted in the memory model, not as boards.
        for row in &mut stats.per_depth {
            row.frontier = 0;
            row.frontier_bytes = 0;
        }
        stats.peak_frontier = 0;
        stats.peak_frontier_bytes = 0;
        meter.flush(&stats);
        if root_dead {
            // No solution is left but those this lane found: its later cubes are refuted.
            self.solver = None;
        }
        Conquered {
            found,
            stop,
            stats,
            shared,
        }
    }
}
