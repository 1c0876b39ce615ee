//! The live line of a long run on standard error: boards searched, solutions found, the rate,
//! and while one search runs, the estimate of its size and the time left.
//!
//! It shows after a second, on a terminal only (not with `--quiet`, nor with the JSON lines
//! of `--trace-format json`), and clears itself at the end. Under the `--trace` table it says
//! how far the search has come between rows, and for a depth-first strategy, whose rows are
//! final only at its end, that they come then. The figures come from the library's
//! [`Progress`], read at each redraw: the search is never slowed by drawing.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::time::Duration;

use explore::progress::Snapshot;
use explore::{Config, Progress, Strategy};
use indicatif::{ProgressBar, ProgressState, ProgressStyle};

use crate::cli::{SolveArgs, TraceFormat};
use crate::tally::counted;
use crate::terminal;

/// How long a run goes before its line shows: a quick run stays quiet.
const DELAY: Duration = Duration::from_secs(1);

/// Redraws per second.
const TICK: Duration = Duration::from_millis(250);

/// The live line of one run; clones draw the same line.
#[derive(Clone)]
pub(crate) struct Live {
    /// `None` when nothing is drawn: then taking the line off costs nothing (a drawn line's
    /// `suspend` reads the clock twice, which showed in a batch of easy puzzles).
    bar: Option<ProgressBar>,
}

impl Live {
    /// The line of a run of the default command, as its flags ask.
    pub(crate) fn for_solving(args: &SolveArgs, config: &Config) -> (Live, Option<Progress>) {
        let trace = args.trace();
        let lead = match trace {
            Some(TraceFormat::Human) if config.strategy != Strategy::Bfs => Some(format!(
                "{} (its rows come when it ends): ",
                config.strategy
            )),
            _ => None,
        };
        Live::new(
            !args.quiet && trace != Some(TraceFormat::Json),
            !config.keep_solutions,
            lead,
        )
    }

    /// The line, and the [`Progress`] the searches report to; neither when `show` is false
    /// or standard error is not a terminal, so that a run into a pipe or a file pays nothing
    /// for progress. `lead` opens the line, which breaks at spaces to fit the terminal.
    fn new(show: bool, counting: bool, lead: Option<String>) -> (Live, Option<Progress>) {
        if !show || !std::io::stderr().is_terminal() {
            return (Live { bar: None }, None);
        }
        let progress = Progress::new();
        let watched = progress.clone();
        let width = terminal::width();
        let style = ProgressStyle::with_template("{figures}")
            .expect("the template is valid")
            .with_key(
                "figures",
                move |state: &ProgressState, out: &mut dyn std::fmt::Write| {
                    let elapsed = state.elapsed();
                    if elapsed >= DELAY {
                        let mut line = lead.clone().unwrap_or_default();
                        line.push_str(&describe(&watched.snapshot(), elapsed, counting));
                        let _ = out.write_str(terminal::wrap(&line, width, 2).trim_end());
                    }
                },
            );
        let bar = ProgressBar::new_spinner().with_style(style);
        bar.enable_steady_tick(TICK);
        (Live { bar: Some(bar) }, Some(progress))
    }

    /// Runs `write` with the line taken off the terminal, so that what it writes is not
    /// mixed with it.
    pub(crate) fn suspend<R>(&self, write: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) => bar.suspend(write),
            None => write(),
        }
    }

    /// Takes the line off the terminal for good.
    pub(crate) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// The line for `snapshot`, `elapsed` into the run:
/// `12.3 M boards, 4.10 M solutions, 1.20 M boards/s; about 45.0 M boards and 15.0 M
/// solutions in all, 27% done, 28 s left`.
///
/// A count (`counting`) spends its time on solutions, most of them counted without boards, so
/// its share done and time left follow the solutions; other searches follow the boards.
fn describe(snapshot: &Snapshot, elapsed: Duration, counting: bool) -> String {
    let seconds = elapsed.as_secs_f64();
    let rate = snapshot.nodes as f64 / seconds.max(1e-9);
    let mut line = String::new();
    if snapshot.finished > 0 {
        let done = counted(snapshot.finished, "puzzle", "puzzles");
        let _ = write!(line, "{done} done, ");
    }
    let _ = write!(
        line,
        "{}, {}, {} boards/s",
        glance(snapshot.nodes, "board", "boards"),
        glance(snapshot.solutions, "solution", "solutions"),
        compact(rate)
    );
    if let Some(estimate) = snapshot.estimate {
        let solutions = compact(estimate.solutions);
        let noun = if solutions == "1" {
            "solution"
        } else {
            "solutions"
        };
        let _ = write!(
            line,
            "; about {} boards and {solutions} {noun} in all",
            compact(estimate.nodes),
        );
        let (done, all) = if counting {
            (snapshot.solutions as f64, estimate.solutions)
        } else {
            (snapshot.nodes as f64, estimate.nodes)
        };
        if all > done && done > 0.0 {
            let left = seconds * (all - done) / done;
            let _ = write!(
                line,
                ", {:.0}% done, {} left",
                100.0 * done / all,
                time(left)
            );
        } else {
            line.push_str(", nearly done");
        }
    }
    line
}

/// A count at a glance and its noun, singular for one: `1 solution`, `12.3 k boards`.
fn glance(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", compact(n as f64), if n == 1 { one } else { many })
}

/// A count for a glance: `950`, `12.3 k`, `4.10 M`, `1.00 G`, `2.5e15`.
pub(crate) fn compact(value: f64) -> String {
    const UNITS: [(f64, &str); 3] = [(1e9, "G"), (1e6, "M"), (1e3, "k")];
    if value >= 1e15 {
        return format!("{value:.1e}");
    }
    for (scale, unit) in UNITS {
        if value >= scale {
            let scaled = value / scale;
            let digits = if scaled >= 100.0 {
                0
            } else if scaled >= 10.0 {
                1
            } else {
                2
            };
            return format!("{scaled:.digits$} {unit}");
        }
    }
    format!("{value:.0}")
}

/// A time left for a glance: `42 s`, `7 min`, `3.5 h`, `12 days`.
fn time(seconds: f64) -> String {
    if seconds < 90.0 {
        format!("{seconds:.0} s")
    } else if seconds < 90.0 * 60.0 {
        format!("{:.0} min", seconds / 60.0)
    } else if seconds < 48.0 * 3600.0 {
        format!("{:.1} h", seconds / 3600.0)
    } else {
        format!("{:.0} days", seconds / 86400.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use explore::progress::Estimate;

    fn snapshot(nodes: u64, solutions: u64, estimate: Option<(f64, f64)>) -> Snapshot {
        let mut snapshot = Snapshot::default();
        snapshot.nodes = nodes;
        snapshot.solutions = solutions;
        snapshot.running = 1;
        snapshot.estimate = estimate.map(|(nodes, solutions)| {
            let mut estimate = Estimate::default();
            estimate.nodes = nodes;
            estimate.solutions = solutions;
            estimate
        });
        snapshot
    }

    #[test]
    fn the_line_gives_the_rate_and_the_time_left() {
        let line = describe(
            &snapshot(12_300_000, 4_100_000, Some((49.2e6, 16.4e6))),
            Duration::from_secs(10),
            false,
        );
        assert_eq!(
            line,
            "12.3 M boards, 4.10 M solutions, 1.23 M boards/s; about 49.2 M boards and \
             16.4 M solutions in all, 25% done, 30 s left"
        );
    }

    #[test]
    fn a_count_is_measured_by_its_solutions() {
        let line = describe(
            &snapshot(100_000, 4_000_000, Some((150_000.0, 16_000_000.0))),
            Duration::from_secs(10),
            true,
        );
        assert!(line.ends_with("in all, 25% done, 30 s left"), "{line}");
    }

    #[test]
    fn without_an_estimate_the_line_gives_what_is_done() {
        let line = describe(&snapshot(950, 3, None), Duration::from_secs(2), false);
        assert_eq!(line, "950 boards, 3 solutions, 475 boards/s");
        let line = describe(&snapshot(1, 1, None), Duration::from_secs(1), false);
        assert_eq!(line, "1 board, 1 solution, 1 boards/s");
    }

    #[test]
    fn one_solution_in_all_is_singular() {
        let line = describe(
            &snapshot(5_120, 1, Some((371_000.0, 1.0))),
            Duration::from_secs(5),
            false,
        );
        assert!(
            line.contains("about 371 k boards and 1 solution in all, 1% done"),
            "{line}"
        );
    }

    #[test]
    fn a_search_past_its_estimate_is_nearly_done() {
        let line = describe(
            &snapshot(2000, 0, Some((1500.0, 0.0))),
            Duration::from_secs(1),
            false,
        );
        assert!(line.ends_with("in all, nearly done"), "{line}");
    }

    #[test]
    fn counts_and_times_read_at_a_glance() {
        assert_eq!(compact(999.0), "999");
        assert_eq!(compact(12_345.0), "12.3 k");
        assert_eq!(compact(123_456_789.0), "123 M");
        assert_eq!(compact(2.5e15), "2.5e15");
        assert_eq!(time(42.0), "42 s");
        assert_eq!(time(600.0), "10 min");
        assert_eq!(time(7200.0), "2.0 h");
        assert_eq!(time(864_000.0), "10 days");
    }
}
