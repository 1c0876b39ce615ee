//! `explore grade`: how hard each puzzle is, with the evidence, as a line for people or a JSON
//! object.
//!
//! [`explore::grade`] grades; this module reads the inputs as the main command does (files,
//! `-`, puzzles written out, the demo), grades a group of puzzles at a time on every thread,
//! and writes the grades in input order.

use std::io::{self, BufWriter, Write};

use explore::format::{self, Puzzle};
use explore::grade::{self, Grade, Level, Verdict};
use explore::{Config, InputError};

use crate::cli::GradeArgs;
use crate::input::Source;
use crate::output::Header;
use crate::tally::{EXIT_INPUT, EXIT_OK, EXIT_UNSOLVED};

/// A grade's figures as output shows them, the same in `explore grade` and `explore generate`
/// (docs/json.md).
#[derive(serde::Serialize)]
pub(crate) struct Evidence {
    pub(crate) level: Option<&'static str>,
    pub(crate) rank: Option<u8>,
    pub(crate) rule: Option<&'static str>,
    pub(crate) forced: Option<u64>,
    pub(crate) guesses: Option<u64>,
    pub(crate) boards: Option<u64>,
    pub(crate) depth: Option<usize>,
}

impl Evidence {
    pub(crate) fn of(grade: &Grade) -> Evidence {
        let level = grade.verdict.level();
        Evidence {
            level: level.map(Level::name),
            rank: level.map(Level::rank),
            rule: grade.rule.map(explore::Forced::name),
            forced: Some(grade.forced),
            guesses: Some(grade.guesses),
            boards: Some(grade.boards),
            depth: Some(grade.depth),
        }
    }

    /// The figures of a puzzle that could not be read: all `null`.
    fn none() -> Evidence {
        Evidence {
            level: None,
            rank: None,
            rule: None,
            forced: None,
            guesses: None,
            boards: None,
            depth: None,
        }
    }
}

/// The sentence for people: `hard (3): locked candidates solve it without a guess, 51 cells
/// forced`.
fn describe(grade: &Grade) -> String {
    match grade.verdict {
        Verdict::Graded(Level::Extreme) => format!(
            "extreme (5): no rule is enough; {} {}, {} boards, depth {}",
            grade.guesses,
            if grade.guesses == 1 {
                "guess"
            } else {
                "guesses"
            },
            grade.boards,
            grade.depth
        ),
        Verdict::Graded(level) => format!(
            "{level} ({}): {} solve it without a guess, {} cells forced",
            level.rank(),
            match level {
                Level::Easy => "naked singles",
                Level::Medium => "hidden singles",
                Level::Hard => "locked candidates",
                _ => "subsets",
            },
            grade.forced
        ),
        Verdict::Multiple => "no grade: more than one solution".to_owned(),
        Verdict::None => "no grade: no solution".to_owned(),
        Verdict::GaveUp => format!(
            "no grade: the search gave up after {} boards (--max-nodes)",
            grade.boards
        ),
    }
}

/// One puzzle read and graded, or why it could not be read.
type Graded = Result<(Puzzle, Grade), InputError>;

/// Puzzles graded at once, per thread: a group is read, graded on every thread, then written.
const GROUP: usize = 64;

/// Grades the puzzles `args` name; returns the exit status.
pub(crate) fn run(args: &GradeArgs) -> u8 {
    let options = args.read.options();
    let sources = Source::from_args(&args.inputs, &options);
    let several = sources.len() > 1;
    let threads = args
        .threads
        .unwrap_or_else(|| Config::default().threads)
        .clamp(1, Config::MAX_THREADS);
    let grading = grade::Options::default().with_max_nodes(args.max_nodes);
    let json = args.output == "json";
    let mut out = BufWriter::new(io::stdout().lock());
    let mut status = EXIT_OK;
    let mut counts = [0u64; 5];
    let mut others = 0u64;
    for source in &sources {
        let opened = match source.open() {
            Ok(opened) => opened,
            Err(error) => {
                eprintln!("explore: {error}");
                status = EXIT_INPUT;
                continue;
            }
        };
        let name = opened.name;
        let mut puzzles = format::read_with(opened.reader, &name, &options).peekable();
        if puzzles.peek().is_none() {
            eprintln!("explore: {name}: no puzzle to grade");
            status = EXIT_INPUT;
            continue;
        }
        loop {
            let group: Vec<_> = puzzles.by_ref().take(GROUP * threads).collect();
            if group.is_empty() {
                break;
            }
            for item in grade_all(group, threads, &grading) {
                let text = match item {
                    Err(error) => {
                        eprintln!("explore: {error}");
                        status = EXIT_INPUT;
                        if !json {
                            continue;
                        }
                        invalid_json(&error, &name)
                    }
                    Ok((puzzle, grade)) => {
                        match grade.verdict.level() {
                            Some(level) => counts[usize::from(level.rank() - 1)] += 1,
                            None => {
                                others += 1;
                                status = status.max(EXIT_UNSOLVED);
                            }
                        }
                        if json {
                            json_line(&puzzle, &grade, &name)
                        } else if several {
                            format!("{name}, puzzle {}: {}", puzzle.index, describe(&grade))
                        } else {
                            format!("puzzle {}: {}", puzzle.index, describe(&grade))
                        }
                    }
                };
                if let Err(error) = writeln!(out, "{text}") {
                    return write_failed(&error);
                }
            }
        }
    }
    if let Err(error) = out.flush() {
        return write_failed(&error);
    }
    let total: u64 = counts.iter().sum::<u64>() + others;
    if !args.quiet && total > 1 {
        let mut parts: Vec<String> = Level::ALL
            .iter()
            .zip(counts)
            .filter(|&(_, n)| n > 0)
            .map(|(level, n)| format!("{n} {level}"))
            .collect();
        if others > 0 {
            parts.push(format!("{others} without a grade"));
        }
        let puzzles = explore::words::count(total.into(), "puzzle", "puzzles");
        eprintln!("explore: grade: {puzzles}: {}", parts.join(", "));
    }
    status
}

/// A write that failed: said in words unless the reader went away; exit status 2 either way.
fn write_failed(error: &io::Error) -> u8 {
    if error.kind() != io::ErrorKind::BrokenPipe {
        eprintln!(
            "explore: grade: cannot write the grades: {}",
            crate::input::describe(error)
        );
    }
    EXIT_INPUT
}

/// Grades `group` on `threads` threads, each taking every `threads`-th puzzle; in order.
fn grade_all(
    group: Vec<Result<Puzzle, InputError>>,
    threads: usize,
    options: &grade::Options,
) -> Vec<Graded> {
    let n = group.len();
    let threads = threads.min(n).max(1);
    let mut shares: Vec<Vec<(usize, Result<Puzzle, InputError>)>> =
        (0..threads).map(|_| Vec::new()).collect();
    for (i, item) in group.into_iter().enumerate() {
        shares[i % threads].push((i, item));
    }
    let mut slots: Vec<Option<Graded>> = (0..n).map(|_| None).collect();
    std::thread::scope(|scope| {
        let workers: Vec<_> = shares
            .into_iter()
            .map(|share| {
                scope.spawn(move || {
                    share
                        .into_iter()
                        .map(|(i, item)| {
                            let graded = item.map(|puzzle| {
                                let grade = grade::grade(&puzzle.grid, options);
                                (puzzle, grade)
                            });
                            (i, graded)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for worker in workers {
            for (i, graded) in worker.join().expect("a grading thread does not panic") {
                slots[i] = Some(graded);
            }
        }
    });
    slots
        .into_iter()
        .map(|slot| slot.expect("graded"))
        .collect()
}

/// One `explore.grade/1` object (docs/json.md).
#[derive(serde::Serialize)]
struct Record<'a> {
    #[serde(flatten)]
    header: Header<'a>,
    puzzle: Option<String>,
    verdict: &'static str,
    #[serde(flatten)]
    evidence: Evidence,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

const SCHEMA: &str = "explore.grade/1";

/// One `explore.grade/1` object, without its newline.
fn json_line(puzzle: &Puzzle, grade: &Grade, input: &str) -> String {
    let shape = puzzle.grid.shape();
    let record = Record {
        header: Header::new(SCHEMA, (puzzle.index, input, puzzle.line), Some(shape)),
        puzzle: Some(puzzle.grid.to_line()),
        verdict: grade.verdict.name(),
        evidence: Evidence::of(grade),
        error: None,
    };
    serde_json::to_string(&record).expect("a record serialises")
}

/// The `explore.grade/1` object of a puzzle that could not be read: its evidence is `null`.
fn invalid_json(error: &InputError, input: &str) -> String {
    let record = Record {
        header: Header::new(SCHEMA, (error.puzzle, input, error.line), None),
        puzzle: None,
        verdict: "invalid",
        evidence: Evidence::none(),
        error: Some(error.to_string()),
    };
    serde_json::to_string(&record).expect("a record serialises")
}
