//! Cube and conquer (`bfs --learn cubes`): one hard puzzle on every core. The breadth-first
//! search cuts the tree into boards, the *cubes*, and workers conquer them with the search that
//! learns, sharing the short clauses they learn.
//!
//! - **The cut.** The breadth-first level loop (the `bfs` step: forced cells by
//!   [`Config::forced`], then dead, solved or branch by [`Config::branch`]) runs on the calling
//!   thread until a level holds at least [`Config::cubes`] live boards, or the next level would
//!   not fit the frontier budget ([`Config::frontier_boards`]). Each live board of that level is
//!   a cube: the guesses that led to it. A solution met above the cut is a solution of the
//!   search; a dead board is a cube refuted by the cut alone.
//! - **The conquest.** Each cube is searched by the depth-first search that learns, in a copy
//!   of the solver at the root with the clauses shared so far. The cube's guesses come first,
//!   each a guess of its own (a decision, in SAT terms, as in a search under assumptions), and
//!   the search guesses by its own activity below them. A guess of the cube that the clauses
//!   rule out refutes the cube.
//! - **The sharing.** Since the cube's guesses are guesses like the search's own, every clause
//!   the search learns is implied by the rules and the clauses it started with, never by the
//!   cube: none depends on the cube's guesses, so it holds in every cube. The clauses of at
//!   most [`SHARED_LEN`] literals are shared. (A clause a search keeps to exclude a solution it
//!   found is not learned, and never shared. A clause learned through one holds in every
//!   solution but that one, which lies in this cube alone: it holds in every other cube.)
//!
//! # Why the answer does not depend on the threads
//!
//! Cubes are conquered in rounds of [`ROUND`] cubes, in the cut's order. Every cube of a round
//! starts from the same state: the root and the clauses shared by the rounds before, merged in
//! cube order without repeats ([`Lessons::merge`]), with every candidate's activity alike. A
//! cube's search is then a function of the cube and the round alone, whichever worker takes
//! it; the round's results are added up in cube order, so the solutions, the count and every
//! statistic are the same on every thread count. The cost is that a clause learned in a round
//! reaches the other cubes of that round only in the next; docs/benchmarks.md measures it.
//!
//! # Why nothing is lost or counted twice
//!
//! The cubes are the live boards of one breadth-first level, so (as for `explore split`,
//! [`crate::shard`]) every solution of the puzzle is a solution met above the cut or a
//! solution of exactly one cube: two cubes first differ where an ancestor branched, with
//! different digits in one cell. A cube's search finds each of its solutions once (the
//! depth-first search that learns does), and the clauses it starts from hold in every solution
//! not yet found. Past the solution limit, the solutions kept are the first in cube order.
//!
//! # Memory
//!
//! The cut holds two levels within the frontier budget, as `bfs` does, and then only the
//! cubes' guesses (a few words each). Each worker holds one solver copy ([`Learner`]), the
//! lessons the root's copy and the state every cube starts from, with the shared clauses within
//! their budget: the `T + 3` copies that [`super::within_budget`] counts for `bfs`.

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use smallvec::SmallVec;

use super::{Lit, Schedule, Search, Solver};
use crate::board::Board;
use crate::budget::Budget;
use crate::config::Config;
use crate::geometry::Shape;
use crate::grid::Grid;
use crate::outcome::{Found, Outcome, Stop};
use crate::progress::Meter;
use crate::stats::Stats;
use crate::strategy::expand::{Step, expand};
use crate::strategy::learn::Guided;

/// Most literals of a clause shared between cubes: short clauses prune the most and cost the
/// least to hold.
pub(super) const SHARED_LEN: usize = 8;

/// Lanes: the cubes of one round, each conquered by its lane's solver (see the module docs).
pub(crate) const LANES: usize = 8;

/// A cube: the guesses, candidates set true, that led from the root to its board.
type Cube = SmallVec<[u32; 8]>;

/// What the conquest of one cube found.
struct Conquered {
    found: Found,
    stop: Stop,
    stats: Stats,
    /// The short clauses it learned, in the order learned.
    shared: Vec<Vec<Lit>>,
    /// Whether it found the root itself dead under the clauses: no solution is left in any
    /// cube but those found.
    root_dead: bool,
}

/// Searches `root` by cube and conquer (see the module docs).
pub(crate) fn solve<B: Board>(puzzle: &Grid, root: B, config: &Config) -> Outcome {
    let start = Instant::now();
    let shape = puzzle.shape();
    let budget = Budget::new(config, shape, start);
    let limit = budget.max_solutions().min(config.max_kept(shape));
    let mut stats = Stats::default();
    let mut found = Found::new(config);
    let mut depth = 0;
    let stop = 'search: {
        let (cubes, filled) = match cut(root, config, &budget, limit, &mut stats, &mut found) {
            Ok(cut) => cut,
            Err(stop) => break 'search stop,
        };
        depth = cubes.first().map_or(0, |cube| cube.len());
        stats.cubes = cubes.len() as u64;
        let Some(root) = Solver::at_root(&filled) else {
            stats.cubes_refuted = stats.cubes;
            break 'search Stop::Exhausted;
        };
        drop(filled);
        conquer(
            shape, &cubes, &root, config, &budget, limit, &mut stats, &mut found,
        )
    };
    if found.reached(limit) {
        found.truncate(limit);
    }
    Meter::new(config.progress.as_ref()).flush(&stats);
    crate::trace::cubes(depth, &stats);
    Outcome::searched(found, stop, stats, start, None)
}

/// The breadth-first levels from `root` to the cut: the cubes in level order and the root
/// filled by the forced rule; or why the search ended above the cut (no live board left, a
/// budget, the solution limit).
fn cut<B: Board>(
    root: B,
    config: &Config,
    budget: &Budget,
    limit: u64,
    stats: &mut Stats,
    found: &mut Found,
) -> Result<(Vec<Cube>, Guided<B>), Stop> {
    let most_boards = config.frontier_boards(root.bytes()).max(1);
    let mut level = vec![Guided::new(root)];
    let mut filled = None;
    let mut depth = 0;
    loop {
        let mut live = Vec::with_capacity(level.len());
        let mut children = 0usize;
        let bytes: usize = level.iter().map(Board::bytes).sum();
        stats.record_held(depth, level.len() as u64, bytes as u64);
        for mut board in level {
            if let Some(stop) = budget.check(stats.nodes + 1) {
                return Err(stop);
            }
            let step = expand(&mut board, depth, config, stats, budget.deadline(), None);
            if depth == 0 {
                filled = Some(board.clone());
            }
            match step {
                Step::Dead => {}
                Step::Solved => found.add(|| board.to_grid()),
                Step::Counted(n) => found.add_counted(n),
                Step::Branch(cell, candidates) => {
                    children += candidates.len() as usize;
                    live.push((board, cell, candidates));
                }
            }
            if found.reached(limit) {
                return Err(Stop::SolutionLimit);
            }
        }
        if live.is_empty() {
            return Err(Stop::Exhausted);
        }
        if live.len() >= config.cubes || children > most_boards {
            let cubes = live
                .iter()
                .map(|(board, _, _)| Cube::from(board.guesses()))
                .collect();
            let filled = filled.expect("the root is expanded first");
            return Ok((cubes, filled));
        }
        level = Vec::with_capacity(children);
        for (board, cell, candidates) in live {
            level.extend(candidates.iter().map(|digit| board.child(cell, digit)));
        }
        depth += 1;
    }
}

/// Conquers `cubes` in rounds of one cube a lane, on the config's threads, adding up what each
/// found in cube order; returns why the search stopped.
#[allow(clippy::too_many_arguments)]
fn conquer(
    shape: Shape,
    cubes: &[Cube],
    root: &Solver,
    config: &Config,
    budget: &Budget,
    limit: u64,
    stats: &mut Stats,
    found: &mut Found,
) -> Stop {
    let n_lanes = lanes().min(cubes.len()).max(1);
    let lanes: Vec<Mutex<Lane>> = (0..n_lanes)
        .map(|_| {
            Mutex::new(Lane {
                solver: Some(root.clone()),
                schedule: Schedule::default(),
                imported: 0,
            })
        })
        .collect();
    let mut pool = Pool {
        clauses: Vec::new(),
        known: HashSet::new(),
        bytes: 0,
        budget: super::lessons::clause_budget(config),
    };
    let threads = config.n_threads().min(n_lanes);
    for (round, these) in cubes.chunks(n_lanes).enumerate() {
        let context = Context {
            shape,
            config,
            budget,
            limit: limit.saturating_sub(u64::try_from(found.count()).unwrap_or(u64::MAX)),
            nodes_before: stats.nodes,
            store_bytes: config.max_frontier_bytes / n_lanes,
            pool: &pool,
        };
        let results = conquer_round(these, &context, &lanes, threads);
        stats.rounds = round as u64 + 1;
        let mut root_dead = false;
        for (lane, result) in results.into_iter().enumerate() {
            let result = result.expect("every cube of a round is conquered");
            stats.merge(&result.stats);
            if result.stop == Stop::Exhausted && !result.found.reached(1) {
                stats.cubes_refuted += 1;
            }
            pool.add(lane, result.shared);
            found.append(result.found);
            if found.reached(limit) {
                return Stop::SolutionLimit;
            }
            if result.stop != Stop::Exhausted {
                return result.stop;
            }
            root_dead |= result.root_dead;
        }
        stats.clauses_shared = pool.clauses.len() as u64;
        if root_dead {
            // No solution is left but those found: every later cube is refuted unsearched.
            let later = cubes.len() - (round * n_lanes + these.len());
            stats.cubes_refuted += later as u64;
            return Stop::Exhausted;
        }
    }
    Stop::Exhausted
}

/// Lanes of cube and conquer: the cubes of a round, one a lane.
fn lanes() -> usize {
    std::env::var("EXPLORE_LANES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(LANES)
}

/// One lane: a solver that conquers a cube each round, keeping what it learned (its clauses,
/// the activity of its candidates, when it restarts and forgets) from one cube to the next.
struct Lane {
    /// `None` once the clauses leave no solution but those found.
    solver: Option<Solver>,
    schedule: Schedule,
    /// Clauses of the pool already taken.
    imported: usize,
}

/// The clauses shared between lanes, in the order merged (round by round, in lane order),
/// each with the lane that learned it, without repeats and within a budget: past it, no more
/// are shared.
struct Pool {
    clauses: Vec<(usize, Vec<Lit>)>,
    known: HashSet<Vec<Lit>>,
    bytes: usize,
    budget: usize,
}

impl Pool {
    /// Adds the clauses `lane` shared, those not held already, while they fit.
    fn add(&mut self, lane: usize, clauses: Vec<Vec<Lit>>) {
        for clause in clauses {
            let bytes = super::lessons::clause_bytes(clause.len()) * 2;
            if self.bytes + bytes > self.budget {
                return;
            }
            let mut key = clause.clone();
            key.sort_unstable();
            if self.known.insert(key) {
                self.bytes += bytes;
                self.clauses.push((lane, clause));
            }
        }
    }
}

/// What every cube of a round starts from.
struct Context<'a> {
    shape: Shape,
    config: &'a Config,
    budget: &'a Budget,
    /// Solutions still to find.
    limit: u64,
    /// Nodes of the search before the round, for the node budget.
    nodes_before: u64,
    /// Most bytes of clauses a lane's solver holds.
    store_bytes: usize,
    pool: &'a Pool,
}

/// Conquers one round's `cubes`, cube `k` in lane `k`, on up to `threads` threads, the calling
/// thread one of them; the results in cube order.
fn conquer_round(
    cubes: &[Cube],
    context: &Context<'_>,
    lanes: &[Mutex<Lane>],
    threads: usize,
) -> Vec<Option<Conquered>> {
    let threads = threads.min(cubes.len()).max(1);
    let results: Vec<Mutex<Option<Conquered>>> = cubes.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    let work = || {
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            let Some(cube) = cubes.get(k) else {
                break;
            };
            let mut lane = lanes[k].lock().unwrap_or_else(PoisonError::into_inner);
            let result = lane.conquer(k, cube, context);
            *results[k].lock().unwrap_or_else(PoisonError::into_inner) = Some(result);
        }
    };
    std::thread::scope(|scope| {
        crate::threads::spawn_workers(threads - 1, "explore-cubes", |_| {
            std::thread::Builder::new()
                .name("explore-cubes".to_owned())
                .spawn_scoped(scope, work)
                .map(drop)
        });
        work();
    });
    results
        .into_iter()
        .map(|slot| slot.into_inner().unwrap_or_else(PoisonError::into_inner))
        .collect()
}

impl Lane {
    /// Takes the clauses the other lanes shared since this lane last did, then searches
    /// `cube`, the lane's `k`.
    fn conquer(&mut self, k: usize, cube: &Cube, context: &Context<'_>) -> Conquered {
        let config = context.config;
        let mut stats = Stats::default();
        let mut found = Found::new(config);
        let mut shared = Vec::new();
        let dead = |found, stats, shared| Conquered {
            found,
            stop: Stop::Exhausted,
            stats,
            shared,
            root_dead: true,
        };
        let Some(solver) = self.solver.as_mut() else {
            return dead(found, stats, shared);
        };
        solver.backtrack(0);
        for (lane, clause) in &context.pool.clauses[self.imported..] {
            if *lane != k && !solver.learn_at_root(clause) {
                self.solver = None;
                return dead(found, stats, shared);
            }
        }
        self.imported = context.pool.clauses.len();
        solver.clear_counters();
        let meter = Meter::new(config.progress.as_ref());
        let mut search = Search {
            solver,
            shape: context.shape,
            budget: context.budget,
            limit: context.limit,
            store_bytes: context.store_bytes,
            stats: &mut stats,
            found: &mut found,
            meter: &meter,
            footprint: None,
            cube,
            nodes_before: context.nodes_before,
            shared: Some(&mut shared),
            root_dead: false,
            schedule: self.schedule,
        };
        let stop = search.run();
        let root_dead = search.root_dead;
        self.schedule = search.schedule;
        stats.dead += solver.conflicts;
        for (depth, &n) in solver.forced.iter().enumerate() {
            stats.forced += n;
            stats.depth_mut(depth).forced += n;
        }
        stats.learned += solver.learned_total;
        stats.learned_literals += solver.learned_literals;
        stats.learned_forced += solver.clause_forced;
        meter.flush(&stats);
        if root_dead {
            self.solver = None;
        }
        Conquered {
            found,
            stop,
            stats,
            shared,
            root_dead,
        }
    }
}
