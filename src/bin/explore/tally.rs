//! What a run amounted to: verdicts counted, the exit status they imply, and the one-line
//! summary of a batch.

use std::process::ExitCode;
use std::time::Duration;

use explore::Status;

/// Counts of what happened to every puzzle and input of a run.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct Tally {
    pub(crate) unique: u64,
    pub(crate) multiple: u64,
    pub(crate) solved: u64,
    pub(crate) none: u64,
    pub(crate) gave_up: u64,
    /// Puzzles that could not be read.
    pub(crate) invalid: u64,
    /// Inputs that could not be opened, or held no puzzle.
    pub(crate) unreadable: u64,
    /// Output that could not be written (other than a reader that went away).
    pub(crate) write_failed: bool,
}

/// Every puzzle was read and solved (unique, multiple or solved).
pub(crate) const EXIT_OK: u8 = 0;
/// Some puzzle has no solution, or its search gave up.
pub(crate) const EXIT_UNSOLVED: u8 = 1;
/// Some input could not be read, or output could not be written. Clap uses the same status
/// for a wrong command line.
pub(crate) const EXIT_INPUT: u8 = 2;

impl Tally {
    /// Counts a puzzle's verdict.
    pub(crate) fn add(&mut self, status: Status) {
        let counter = match status {
            Status::Unique => &mut self.unique,
            Status::Multiple => &mut self.multiple,
            Status::Solved => &mut self.solved,
            Status::None => &mut self.none,
            Status::GaveUp => &mut self.gave_up,
        };
        *counter += 1;
    }

    /// Puzzles seen, readable or not.
    pub(crate) fn n_puzzles(&self) -> u64 {
        self.unique + self.multiple + self.solved + self.none + self.gave_up + self.invalid
    }

    /// The exit status: the worst of unreadable input (2), an unsolved puzzle (1), success (0).
    pub(crate) fn exit_status(&self) -> u8 {
        if self.unreadable > 0 || self.invalid > 0 || self.write_failed {
            EXIT_INPUT
        } else if self.none > 0 || self.gave_up > 0 {
            EXIT_UNSOLVED
        } else {
            EXIT_OK
        }
    }

    /// [`Tally::exit_status`] for `main` to return.
    pub(crate) fn exit_code(&self) -> ExitCode {
        ExitCode::from(self.exit_status())
    }

    /// `1,465 puzzles in 1.23 s (1,191 puzzles/s): 1,460 unique, 5 none`.
    pub(crate) fn summary(&self, elapsed: Duration) -> String {
        let n = self.n_puzzles();
        let seconds = elapsed.as_secs_f64();
        let rate = rate(n, elapsed);
        let counts = self.counts();
        let mut line = format!(
            "{} in {seconds:.2} s{rate}",
            counted(n, "puzzle", "puzzles")
        );
        if !counts.is_empty() {
            line.push_str(": ");
            line.push_str(&counts);
        }
        if self.unreadable > 0 {
            let inputs = counted(self.unreadable, "unreadable input", "unreadable inputs");
            line.push_str(&format!("; {inputs}"));
        }
        line
    }
}

impl Tally {
    /// The verdicts that occurred, with their counts: `1,460 unique, 5 none` (the summary's
    /// words, which `explore merge --batch` writes too).
    pub(crate) fn counts(&self) -> String {
        let counts: Vec<String> = [
            (self.unique, "unique"),
            (self.multiple, "multiple"),
            (self.solved, "solved"),
            (self.none, "none"),
            (self.gave_up, "gave up"),
            (self.invalid, "invalid"),
        ]
        .into_iter()
        .filter(|&(count, _)| count > 0)
        .map(|(count, what)| format!("{} {what}", group_exact(count.into())))
        .collect();
        counts.join(", ")
    }
}

/// A count and its noun, singular for one, thousands separated: `1 puzzle`, `1,465 puzzles`.
/// Every count that people read goes through here.
pub(crate) fn counted(n: u64, one: &str, many: &str) -> String {
    let noun = if n == 1 { one } else { many };
    format!("{} {noun}", group_exact(n.into()))
}

/// The pace of a batch, in parentheses after its time, in the unit that reads as a whole
/// number: ` (1,191 puzzles/s)`, or ` (3.2 s a puzzle)` below one a second. Nothing for a
/// single puzzle (its time says it) or a run too short to time (under a millisecond).
fn rate(n: u64, elapsed: Duration) -> String {
    let seconds = elapsed.as_secs_f64();
    if n < 2 || seconds < 1e-3 {
        return String::new();
    }
    let per_second = n as f64 / seconds;
    if per_second >= 1.0 {
        format!(" ({} puzzles/s)", group(per_second))
    } else {
        format!(" ({:.1} s a puzzle)", seconds / n as f64)
    }
}

/// The clauses cube and conquer shared: in rounds ([`explore::Config::same_stats`]), or as
/// they came (no rounds).
pub(crate) fn shared(clauses: u64, rounds: u64) -> String {
    let clauses = counted(clauses, "clause", "clauses");
    if rounds == 0 {
        format!("{clauses} shared as they came")
    } else {
        format!("{clauses} shared in {}", counted(rounds, "round", "rounds"))
    }
}

/// A count rounded to a whole number, with thousands separated: `12,345`.
pub(crate) fn group(value: f64) -> String {
    group_digits(&format!("{:.0}", value.max(0.0)))
}

/// A whole number of any size with thousands separated: `28,200,960`.
pub(crate) fn group_exact(value: u128) -> String {
    group_digits(&value.to_string())
}

/// `digits` with a comma before every group of three from the right.
fn group_digits(digits: &str) -> String {
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worst_outcome_sets_the_exit_status() {
        let mut tally = Tally::default();
        tally.add(Status::Unique);
        tally.add(Status::Multiple);
        tally.add(Status::Solved);
        assert_eq!(tally.exit_status(), EXIT_OK);
        tally.add(Status::GaveUp);
        assert_eq!(tally.exit_status(), EXIT_UNSOLVED);
        tally.invalid += 1;
        assert_eq!(tally.exit_status(), EXIT_INPUT);

        let none = Tally {
            none: 1,
            ..Tally::default()
        };
        assert_eq!(none.exit_status(), EXIT_UNSOLVED);
        let unreadable = Tally {
            unreadable: 1,
            ..Tally::default()
        };
        assert_eq!(unreadable.exit_status(), EXIT_INPUT);
    }

    #[test]
    fn the_summary_names_only_what_happened() {
        let tally = Tally {
            unique: 1460,
            none: 5,
            ..Tally::default()
        };
        assert_eq!(
            tally.summary(Duration::from_millis(500)),
            "1,465 puzzles in 0.50 s (2,930 puzzles/s): 1,460 unique, 5 none"
        );
        let one = Tally {
            unique: 1,
            unreadable: 1,
            ..Tally::default()
        };
        assert_eq!(
            one.summary(Duration::ZERO),
            "1 puzzle in 0.00 s: 1 unique; 1 unreadable input"
        );
    }

    #[test]
    fn rates_read_as_whole_numbers() {
        let two = Tally {
            unique: 2,
            ..Tally::default()
        };
        assert_eq!(
            two.summary(Duration::from_secs(7)),
            "2 puzzles in 7.00 s (3.5 s a puzzle): 2 unique"
        );
        assert_eq!(
            two.summary(Duration::from_micros(10)),
            "2 puzzles in 0.00 s: 2 unique"
        );
        let one = Tally {
            gave_up: 1,
            ..Tally::default()
        };
        assert_eq!(
            one.summary(Duration::from_secs(60)),
            "1 puzzle in 60.00 s: 1 gave up"
        );
    }

    #[test]
    fn counts_are_singular_for_one_and_grouped() {
        assert_eq!(counted(1, "node", "nodes"), "1 node");
        assert_eq!(counted(0, "node", "nodes"), "0 nodes");
        assert_eq!(
            counted(28_200_960, "solution", "solutions"),
            "28,200,960 solutions"
        );
        assert_eq!(
            counted(u64::MAX, "node", "nodes"),
            "18,446,744,073,709,551,615 nodes"
        );
    }

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(group(0.0), "0");
        assert_eq!(group(999.4), "999");
        assert_eq!(group(1234.0), "1,234");
        assert_eq!(group(1_234_567.0), "1,234,567");
    }
}
