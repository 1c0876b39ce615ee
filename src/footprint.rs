//! The memory a search holds against the work it has done: a [`Footprint`] of samples, each the
//! boards expanded so far and the boards (and bytes) held at that point.
//!
//! It is what shows breadth-first and depth-first search apart: on the same puzzle the
//! breadth-first frontier bulges to a whole level of boards while a depth-first stack stays a
//! thin line. The work is counted in boards expanded (search nodes), not in time, so the
//! picture is the same on every machine and every run.
//!
//! A search samples only when [`Config::footprint`](crate::Config::footprint) asks for it; the
//! engines then call [`Footprint::record`] once per node (`dfs` and the backtrackers) or once
//! per level (`bfs`), and nothing otherwise. The samples stay bounded whatever the size of the
//! search: at most [`Footprint::CAPACITY`]. Each sample covers a run of consecutive records
//! (its *stride*) and keeps the most held during the run, so no peak is lost; when the samples
//! are full, neighbours are merged in pairs and the stride doubles. Drawing the samples belongs
//! to `chart`.

/// Memory held at one point of a search, or the most held over a run of records.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Sample {
    /// Boards (search nodes) expanded so far, at the end of the run.
    pub expanded: u64,
    /// Most boards held during the run: the breadth-first level, the depth-first stack, or the
    /// one board a backtracker fills in place.
    pub boards: u64,
    /// Most bytes held during the run by those boards (and a backtracker's levels).
    pub bytes: u64,
}

/// Samples of the memory a search held against the boards it expanded, at most
/// [`Footprint::CAPACITY`] of them, in the order of the search.
///
/// ```
/// use explore::{Config, Strategy, format, solve};
///
/// let puzzle = format::parse_one(
///     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
/// )?;
/// let config = Config::default().with_strategy(Strategy::Dfs).with_footprint(true);
/// let outcome = solve(&puzzle, &config);
/// let footprint = outcome.footprint.expect("asked for");
/// let peak = footprint.samples().iter().map(|s| s.boards).max();
/// assert_eq!(peak, Some(outcome.stats.peak_frontier));
/// # Ok::<(), explore::InputError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Footprint {
    samples: Vec<Sample>,
    /// The run being gathered into the next sample, and how many records it holds.
    pending: Sample,
    in_pending: u64,
    /// Records per sample.
    stride: u64,
}

impl Default for Footprint {
    fn default() -> Footprint {
        Footprint::new()
    }
}

impl Footprint {
    /// Most samples kept (the last one, the search's end, included): enough for a smooth line
    /// across a picture, small enough to cost nothing beside the search.
    pub const CAPACITY: usize = 256;

    /// No samples yet.
    pub fn new() -> Footprint {
        Footprint {
            samples: Vec::with_capacity(Footprint::CAPACITY),
            pending: Sample::default(),
            in_pending: 0,
            stride: 1,
        }
    }

    /// Records that the search, having expanded `expanded` boards, holds `boards` boards of
    /// `bytes` bytes in all.
    #[inline]
    pub fn record(&mut self, expanded: u64, boards: u64, bytes: u64) {
        let pending = &mut self.pending;
        pending.expanded = expanded;
        pending.boards = pending.boards.max(boards);
        pending.bytes = pending.bytes.max(bytes);
        self.in_pending += 1;
        if self.in_pending == self.stride {
            self.push_pending();
        }
    }

    /// Ends the samples at `expanded` boards with nothing held: the search is over and has
    /// dropped what it held.
    pub fn finish(&mut self, expanded: u64) {
        if self.in_pending > 0 {
            self.push_pending();
        }
        self.samples.push(Sample {
            expanded,
            boards: 0,
            bytes: 0,
        });
    }

    /// The samples, in the order of the search: `expanded` never decreases.
    pub fn samples(&self) -> &[Sample] {
        &self.samples
    }

    /// Moves the pending run into the samples, and halves them once they are full. Full is
    /// two short of the capacity, an even number so that every pair merges two whole runs,
    /// leaving room for a partial run and the end that [`Footprint::finish`] adds.
    fn push_pending(&mut self) {
        self.samples.push(self.pending);
        self.pending = Sample::default();
        self.in_pending = 0;
        if self.samples.len() == Footprint::CAPACITY - 2 {
            self.halve();
        }
    }

    /// Merges neighbouring samples in pairs, keeping the later point and the larger figures,
    /// and doubles the stride so that every sample still covers as many records.
    fn halve(&mut self) {
        let merged: Vec<Sample> = self
            .samples
            .chunks(2)
            .map(|pair| Sample {
                expanded: pair.iter().map(|s| s.expanded).max().unwrap_or(0),
                boards: pair.iter().map(|s| s.boards).max().unwrap_or(0),
                bytes: pair.iter().map(|s| s.bytes).max().unwrap_or(0),
            })
            .collect();
        self.samples.clear();
        self.samples.extend(merged);
        self.stride *= 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_search_keeps_every_record() {
        let mut footprint = Footprint::new();
        for (expanded, boards) in [(1, 1), (2, 3), (3, 2)] {
            footprint.record(expanded, boards, boards * 128);
        }
        footprint.finish(3);
        let held: Vec<(u64, u64, u64)> = footprint
            .samples()
            .iter()
            .map(|s| (s.expanded, s.boards, s.bytes))
            .collect();
        assert_eq!(held, [(1, 1, 128), (2, 3, 384), (3, 2, 256), (3, 0, 0)]);
    }

    #[test]
    fn a_long_search_stays_within_capacity_and_keeps_its_peak() {
        let mut footprint = Footprint::new();
        let n = 1_000_003;
        for expanded in 1..=n {
            // A saw tooth with one spike, at a record no stride would land on by chance.
            let boards = if expanded == 777_777 {
                5_000
            } else {
                expanded % 100
            };
            footprint.record(expanded, boards, boards * 2);
        }
        footprint.finish(n);
        let samples = footprint.samples();
        assert!(samples.len() <= Footprint::CAPACITY, "{}", samples.len());
        assert!(samples.len() > Footprint::CAPACITY / 2, "{}", samples.len());
        assert!(samples.windows(2).all(|w| w[0].expanded <= w[1].expanded));
        assert_eq!(samples.iter().map(|s| s.boards).max(), Some(5_000));
        assert_eq!(samples.iter().map(|s| s.bytes).max(), Some(10_000));
        assert_eq!(samples.last().map(|s| (s.expanded, s.boards)), Some((n, 0)));
        // Every sample but the last two (the partial run and the end) covers as many records.
        let stride = samples[0].expanded;
        assert!(stride.is_power_of_two() && stride >= n / Footprint::CAPACITY as u64);
        assert!(
            samples[..samples.len() - 2]
                .windows(2)
                .all(|w| w[1].expanded - w[0].expanded == stride)
        );
    }
}
