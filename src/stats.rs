//! Search statistics: counters every strategy fills and returns with its outcome.
//!
//! Each worker keeps its own [`Stats`] and the engine sums them with [`Stats::merge`] after the
//! workers are joined, so no counter is shared between threads while the search runs.
//! The same names mean the same thing for every strategy:
//!
//! - a *node* is a search state the strategy created: the root, and every child board or trial
//!   placement;
//! - a *forced* cell is one filled by inference, without a guess;
//! - a *guess* is a branch point: a state at which the search tried two or more alternatives;
//! - a *dead* state is one abandoned because some cell (or some digit in a unit) has no place left;
//! - *depth* counts the branch decisions between the root and a state;
//! - the *frontier* is what the search holds to come back to: the breadth-first engine's level
//!   of queued boards, a depth-first search's stack of boards, or a backtracker's one board with
//!   a level of bookkeeping per depth on its path.

use std::time::Duration;

/// What happened at one depth of the search tree.
///
/// `#[non_exhaustive]`: counters may be added in a minor release. Start from
/// `DepthStats::default()` to make one. With the `serde` feature it serialises as the
/// `per_depth` objects of docs/json.md.
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DepthStats {
    /// Depth, from 0 at the root.
    pub depth: usize,
    /// States that entered this depth (nodes at this depth).
    pub boards: u64,
    /// Cells forced in states at this depth.
    pub forced: u64,
    /// Children created by branching at this depth (they live at the next depth).
    pub children: u64,
    /// States at this depth found dead.
    pub dead: u64,
    /// Complete, valid states at this depth (`found` in JSON: `solutions` there is always a
    /// list of grids); when solutions are only counted, also those counted below boards at
    /// this depth without boards of their own ([`Stats::counted`]).
    #[cfg_attr(feature = "serde", serde(rename = "found"))]
    pub solutions: u64,
    /// Boards the search held while it expanded the boards of this depth: for `bfs` the level
    /// (every board of this depth, queued at once); for `dfs` the most boards it held when it
    /// took a board of this depth (the board taken, and above it on its path each board with
    /// children still to make, one per depth); for the backtrackers 1, the board they fill in
    /// place.
    /// Boards `bfs` searches depth-first beyond its frontier budget are not counted.
    pub frontier: u64,
    /// Memory of those boards, in bytes; for the backtrackers the board and one level of
    /// bookkeeping per depth on the path, root included.
    pub frontier_bytes: u64,
    /// Boards of this depth that `bfs` searched depth-first past its frontier budget: each
    /// chunk of the level above may add an equal share of the budget to this level, and its
    /// children past that share are searched at once by a worker's stack, not held here. They are counted in
    /// `boards` but not in `frontier`; the boards below them are not counted here. The rows
    /// add up to [`Stats::overflow`].
    pub overflow: u64,
    /// Clauses learned at this depth ([`Learn::Clauses`](crate::Learn::Clauses)): by `dfs`
    /// at the dead ends of this depth, by `bfs` from the boards of this level that died. The
    /// rows add up to [`Stats::learned`]. Left out of JSON where it is zero.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "is_zero"))]
    pub learned: u64,
}

#[cfg(feature = "serde")]
#[allow(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde passes fields by reference"
)]
fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl DepthStats {
    fn add(&mut self, other: &DepthStats) {
        self.boards += other.boards;
        self.forced += other.forced;
        self.children += other.children;
        self.dead += other.dead;
        self.solutions += other.solutions;
        self.frontier += other.frontier;
        self.frontier_bytes += other.frontier_bytes;
        self.overflow += other.overflow;
        self.learned += other.learned;
    }
}

/// Counters of one search, or of several summed.
///
/// `#[non_exhaustive]`: counters may be added in a minor release. Start from
/// `Stats::default()` to make one. With the `serde` feature it serialises as the `stats`
/// object of docs/json.md.
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Stats {
    /// States created: the root and every child or trial placement.
    pub nodes: u64,
    /// Cells filled by inference.
    pub forced: u64,
    /// Branch points.
    pub guesses: u64,
    /// States found dead.
    pub dead: u64,
    /// Solutions found (may exceed those reported when several workers hit the limit at once);
    /// `found` in JSON, where `solutions` is always a list of grids.
    #[cfg_attr(feature = "serde", serde(rename = "found"))]
    pub solutions: u64,
    /// Deepest depth reached.
    pub max_depth: usize,
    /// Most boards held at once in the frontier: the largest per-depth
    /// [`DepthStats::frontier`].
    pub peak_frontier: u64,
    /// Memory of the frontier at its peak, in bytes: the largest per-depth
    /// [`DepthStats::frontier_bytes`].
    pub peak_frontier_bytes: u64,
    /// Boards expanded depth-first inside a worker because the frontier was at its budget:
    /// the sum of the per-depth [`DepthStats::overflow`].
    pub overflow: u64,
    /// Boards made only to look ahead ([`Branch::Probe`](crate::Branch::Probe)): filled, then
    /// dropped; not counted in `nodes`.
    pub probes: u64,
    /// Solutions counted without boards at the end of the tree, when solutions are only
    /// counted: below a board with few open cells, its completions are counted from the open
    /// cells' candidates. Included in `solutions` (and in the per-depth `solutions` of the
    /// board's depth).
    pub counted: u64,
    /// Clauses learned from dead ends ([`Learn::Clauses`](crate::Learn::Clauses)): one per
    /// dead board below the root.
    pub learned: u64,
    /// Candidates in the clauses learned, summed: `learned_literals / learned` is their mean
    /// size.
    pub learned_literals: u64,
    /// Candidates set by a learned clause (ruled out, or placed): the clauses at work.
    pub learned_forced: u64,
    /// Cubes of cube and conquer ([`Learn::Cubes`](crate::Learn::Cubes)): the live boards
    /// of the breadth-first level where the search was cut, each searched by the search that
    /// learns.
    pub cubes: u64,
    /// Cubes refuted: those whose search found no solution.
    pub cubes_refuted: u64,
    /// Clauses shared between the lanes that conquer the cubes: those of at most 8 literals
    /// learned in a cube, without repeats, taken by the other lanes before their next cube
    /// (none with one lane).
    pub clauses_shared: u64,
    /// Rounds of cubes conquered under [`Config::same_stats`](crate::Config::same_stats): in
    /// each, every lane conquers one cube, having taken the clauses the other lanes shared in
    /// the rounds before. 0 where the threads take cubes as they are free.
    pub rounds: u64,
    /// Wall-clock time of the search.
    #[cfg_attr(
        feature = "serde",
        serde(rename = "elapsed_secs", serialize_with = "as_secs")
    )]
    pub elapsed: Duration,
    /// Per-depth breakdown, indexed by depth.
    pub per_depth: Vec<DepthStats>,
}

#[cfg(feature = "serde")]
fn as_secs<S: serde::Serializer>(elapsed: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(elapsed.as_secs_f64())
}

impl Stats {
    /// The row for `depth`, created (with the rows above it) if the search had not been there.
    #[inline]
    pub(crate) fn depth_mut(&mut self, depth: usize) -> &mut DepthStats {
        if depth >= self.per_depth.len() {
            let start = self.per_depth.len();
            self.per_depth
                .extend((start..=depth).map(|depth| DepthStats {
                    depth,
                    ..DepthStats::default()
                }));
            self.max_depth = self.max_depth.max(depth);
        }
        &mut self.per_depth[depth]
    }

    /// Records that the search held `boards` boards of `bytes` bytes in all while it expanded a
    /// board at `depth`, in that depth's row and in the peaks, where they are the most so far.
    #[inline]
    pub(crate) fn record_held(&mut self, depth: usize, boards: u64, bytes: u64) {
        let row = self.depth_mut(depth);
        row.frontier = row.frontier.max(boards);
        row.frontier_bytes = row.frontier_bytes.max(bytes);
        self.peak_frontier = self.peak_frontier.max(boards);
        self.peak_frontier_bytes = self.peak_frontier_bytes.max(bytes);
    }

    /// Records a backtracker's frontier once its search is over: at every depth it reached, one
    /// board of `board_bytes` bytes, filled in place, and `level_bytes` of bookkeeping for each
    /// depth on the path from the root.
    pub(crate) fn record_path(&mut self, board_bytes: usize, level_bytes: usize) {
        for depth in 0..self.per_depth.len() {
            let bytes = board_bytes + (depth + 1) * level_bytes;
            self.record_held(depth, 1, bytes as u64);
        }
    }

    /// Adds the counters of `other`, as when summing workers. Peaks take the larger value;
    /// elapsed time is left alone, since workers run at the same time.
    pub fn merge(&mut self, other: &Stats) {
        self.nodes += other.nodes;
        self.forced += other.forced;
        self.guesses += other.guesses;
        self.dead += other.dead;
        self.solutions += other.solutions;
        self.overflow += other.overflow;
        self.probes += other.probes;
        self.counted += other.counted;
        self.learned += other.learned;
        self.learned_literals += other.learned_literals;
        self.learned_forced += other.learned_forced;
        self.cubes += other.cubes;
        self.cubes_refuted += other.cubes_refuted;
        self.clauses_shared += other.clauses_shared;
        self.rounds = self.rounds.max(other.rounds);
        self.max_depth = self.max_depth.max(other.max_depth);
        self.peak_frontier = self.peak_frontier.max(other.peak_frontier);
        self.peak_frontier_bytes = self.peak_frontier_bytes.max(other.peak_frontier_bytes);
        if let Some(last) = other.per_depth.len().checked_sub(1) {
            self.depth_mut(last);
        }
        for (mine, theirs) in self.per_depth.iter_mut().zip(&other.per_depth) {
            mine.add(theirs);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merge_sums_counters_and_keeps_peaks() {
        let mut a = Stats {
            nodes: 3,
            peak_frontier: 7,
            ..Stats::default()
        };
        a.depth_mut(0).boards = 1;
        let mut b = Stats {
            nodes: 4,
            peak_frontier: 5,
            ..Stats::default()
        };
        b.depth_mut(2).dead = 6;
        a.merge(&b);
        assert_eq!(a.nodes, 7);
        assert_eq!(a.peak_frontier, 7);
        assert_eq!(a.max_depth, 2);
        assert_eq!(a.per_depth.len(), 3);
        assert_eq!(a.per_depth[2].depth, 2);
        assert_eq!(a.per_depth[2].dead, 6);
        assert_eq!(a.per_depth[0].boards, 1);
    }
}
