//! Where puzzles come from: files, standard input, puzzles written on the command line, or
//! the built-in demo.
//!
//! With no argument the program reads standard input, as a Unix filter does, when puzzles
//! are piped or redirected into it; at a terminal, or with no standard input at all, it shows
//! the demo ([`Stdin`]). No standard input is the null device (as under cron, and a closed one,
//! which the runtime reopens on the null device) or an empty one: test harnesses and launchers
//! start programs on a pipe that they close at once, and the demo is what such a run means.
//!
//! An argument names a [`Source`]; opening it gives a reader and the name that messages and
//! JSON use for it ([`quoted`], how every message prints a path, inputs and outputs alike). Reading the puzzles out of that text is the library's job
//! ([`explore::format`]).

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor, IsTerminal};
use std::path::{Path, PathBuf};

use explore::format;

/// The demo puzzle: "AI Escargot", published by Arto Inkala in 2006 as the hardest Sudoku of
/// its day. The breadth-first engine needs eight levels of guesses for it, and its frontier
/// grows to a few dozen boards before the last level holds the solution: a search worth
/// watching, and still instant.
pub(crate) const DEMO: &str =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";

/// What the demo is called in the output.
pub(crate) const DEMO_TITLE: &str = "AI Escargot (Arto Inkala, 2006)";

/// Cells of the smallest usual puzzle (4x4); a longer argument made of cell characters is
/// taken as a puzzle, so that the reader can say which cell is missing or extra.
const N_CELLS: usize = 16;

/// One place to read puzzles from.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum Source {
    /// The built-in demo puzzle.
    Demo,
    /// Standard input, named `-` on the command line.
    Stdin,
    /// A file.
    File(PathBuf),
    /// Puzzle text given as an argument; the number is the argument's position among the
    /// inputs, from 1, or 0 if it is the only input.
    Literal(String, usize),
}

/// An input that could not be opened.
#[derive(Debug)]
pub(crate) struct OpenError {
    /// The input as the user wrote it.
    pub(crate) name: String,
    /// What went wrong.
    pub(crate) reason: String,
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.name, self.reason)
    }
}

/// An opened input.
pub(crate) struct Opened {
    /// The name messages use: the path, `<stdin>`, `<argument>` or `<demo>`.
    pub(crate) name: String,
    /// The text.
    pub(crate) reader: Box<dyn BufRead + Send>,
}

/// What standard input is, for a command given no input.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Stdin {
    /// A pipe or a file with something in it: puzzles to read.
    Piped,
    /// A terminal, or no standard input at all: the null device, or a pipe or file that ends
    /// before its first byte.
    Absent,
}

impl Stdin {
    /// What this process's standard input is. Off a terminal this waits for the first bytes
    /// (or the end) of the input, which stay in standard input's buffer for the reader.
    pub(crate) fn of_process() -> Stdin {
        let stdin = io::stdin();
        if stdin.is_terminal() || is_null(&stdin) {
            return Stdin::Absent;
        }
        // A read error is the reader's to report, with the input's name.
        match stdin.lock().fill_buf() {
            Ok([]) => Stdin::Absent,
            _ => Stdin::Piped,
        }
    }
}

/// Whether standard input is the null device. A closed standard input is reopened on it
/// before `main`, so the two cannot be told apart, and both mean that nothing was given.
#[cfg(unix)]
fn is_null(stdin: &io::Stdin) -> bool {
    use rustix::fs::{FileType, fstat, stat};
    let (Ok(input), Ok(null)) = (fstat(stdin), stat("/dev/null")) else {
        return false;
    };
    FileType::from_raw_mode(input.st_mode) == FileType::CharacterDevice
        && input.st_rdev == null.st_rdev
}

/// Whether standard input is the null device: not told on this system, so it is read.
#[cfg(not(unix))]
fn is_null(_stdin: &io::Stdin) -> bool {
    false
}

impl Source {
    /// The sources the arguments name, in order, read with `options`; no argument means
    /// standard input when something is piped or redirected into it, else the demo
    /// ([`Stdin::of_process`]).
    pub(crate) fn from_args(args: &[OsString], options: &format::Options) -> Vec<Source> {
        Source::from_args_with(args, options, Stdin::of_process)
    }

    /// [`Source::from_args`] with standard input described by `stdin`, asked only when there
    /// is no argument.
    fn from_args_with(
        args: &[OsString],
        options: &format::Options,
        stdin: impl FnOnce() -> Stdin,
    ) -> Vec<Source> {
        if args.is_empty() {
            return match stdin() {
                Stdin::Piped => vec![Source::Stdin],
                Stdin::Absent => vec![Source::Demo],
            };
        }
        let alone = args.len() == 1;
        args.iter()
            .enumerate()
            .map(|(i, arg)| Source::from_arg(arg, if alone { 0 } else { i + 1 }, options))
            .collect()
    }

    /// What an argument names, by one rule, in this order:
    ///
    /// 1. `-` is standard input;
    /// 2. an existing path is a file, even if its name looks like a puzzle;
    /// 3. text that reads as puzzles without a fault is puzzles;
    /// 4. text that spans lines, or that looks like a puzzle ([`looks_like_puzzle`]) and not
    ///    like a file name ([`looks_like_path`]), is a puzzle with a fault, which the reader
    ///    locates;
    /// 5. anything else is a path, which fails to open: `no such file or directory`.
    fn from_arg(arg: &OsStr, position: usize, options: &format::Options) -> Source {
        if arg == "-" {
            return Source::Stdin;
        }
        let path = Path::new(arg);
        if path.exists() {
            return Source::File(path.to_owned());
        }
        let Some(text) = arg.to_str() else {
            return Source::File(path.to_owned());
        };
        let clean = || {
            let items = format::read_with(text.as_bytes(), "", options);
            let mut n = 0;
            for item in items {
                if item.is_err() {
                    return false;
                }
                n += 1;
            }
            n > 0
        };
        let faulty_puzzle =
            text.contains(['\n', '\r']) || (looks_like_puzzle(text) && !looks_like_path(text));
        if faulty_puzzle || clean() {
            Source::Literal(text.to_owned(), position)
        } else {
            Source::File(path.to_owned())
        }
    }

    /// Opens the source for reading.
    pub(crate) fn open(&self) -> Result<Opened, OpenError> {
        let opened = |name: String, reader: Box<dyn BufRead + Send>| Ok(Opened { name, reader });
        match self {
            Source::Demo => opened("<demo>".to_owned(), Box::new(Cursor::new(DEMO))),
            Source::Stdin => opened("<stdin>".to_owned(), Box::new(BufReader::new(io::stdin()))),
            Source::Literal(text, position) => {
                let name = match position {
                    0 => "<argument>".to_owned(),
                    n => format!("<argument {n}>"),
                };
                opened(name, Box::new(Cursor::new(text.clone())))
            }
            Source::File(path) => {
                let name = quoted(path.as_os_str());
                let fail = |reason: String| OpenError {
                    name: name.clone(),
                    reason,
                };
                if path.is_dir() {
                    return Err(fail("is a directory, not a file of puzzles".to_owned()));
                }
                match File::open(path) {
                    Ok(file) => opened(name, Box::new(BufReader::new(file))),
                    Err(err) if err.kind() == io::ErrorKind::NotFound => {
                        let mut reason = "no such file or directory".to_owned();
                        if might_be_a_puzzle(&name) {
                            reason.push_str(
                                " (a puzzle on the command line is 81 cells, \
                                 each a digit 1-9 or one of . 0 - _ for an empty cell)",
                            );
                        }
                        Err(fail(reason))
                    }
                    Err(err) => Err(fail(describe(&err))),
                }
            }
        }
    }
}

/// Whether an argument that names no file is meant as a puzzle: it spans several lines, or
/// it is mostly cell characters (digits and the empty-cell marks) and has at least a fifth of
/// a puzzle's cells. File names rarely look like that; a slightly short or long puzzle does,
/// and then the reader's message points at the fault.
fn looks_like_puzzle(text: &str) -> bool {
    if text.contains('\n') {
        return true;
    }
    let is_cell = |c: char| c.is_ascii_digit() || matches!(c, '.' | '-' | '_' | '*');
    let cells = text.chars().filter(|&c| is_cell(c)).count();
    let others = text
        .chars()
        .filter(|&c| !is_cell(c) && !c.is_whitespace())
        .count();
    let separators_allowed = !text.contains(['/', '\\']);
    let many = cells >= N_CELLS || (cells >= N_CELLS / 4 && others * 4 <= cells);
    cells >= 81 || (separators_allowed && many)
}

/// Whether text reads as a file name rather than as a puzzle: it holds a `/` or `\\`, or ends in
/// an extension (a `.` then one to five letters and digits, at least one a letter, as in
/// `.txt` or `.sdk`). A puzzle with such an ending is still read as one when it reads without
/// a fault.
fn looks_like_path(text: &str) -> bool {
    let extension = text.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty()
            && !stem.ends_with('.')
            && (1..=5).contains(&ext.len())
            && ext.chars().all(|c| c.is_ascii_alphanumeric())
            && ext.chars().any(|c| c.is_ascii_alphabetic())
    });
    text.contains(['/', '\\']) || extension
}

/// Whether a name that is neither a file nor a puzzle may have been meant as a puzzle: long,
/// with no directory in it and no extension of letters such as `.txt`.
fn might_be_a_puzzle(name: &str) -> bool {
    let has_extension = Path::new(name)
        .extension()
        .and_then(OsStr::to_str)
        .is_some_and(|ext| {
            (1..=5).contains(&ext.len()) && ext.chars().all(|c| c.is_ascii_alphabetic())
        });
    name.chars().count() >= 20 && !name.contains(['/', '\\']) && !has_extension
}

/// An I/O error in words, without Rust's `(os error N)` suffix.
pub(crate) fn describe(err: &io::Error) -> String {
    explore::error::in_words(err)
}

/// A path or name as messages print it: as it is when it holds only printable characters
/// that cannot be mistaken for the message around it, else quoted with every control or
/// unusual character escaped (`"a\u{1b}[31m"`), so that no name can write to the terminal
/// or fake a line of output.
pub(crate) fn quoted(name: &OsStr) -> String {
    let text = name.to_string_lossy();
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| !c.is_control() && !c.is_whitespace() || c == ' ')
        && !text.contains(['"', '\u{fffd}'])
        && !text.starts_with(' ')
        && !text.ends_with(' ');
    if plain {
        text.into_owned()
    } else {
        format!("{:?}", name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_names_stay_plain_and_others_are_escaped() {
        assert_eq!(
            quoted(OsStr::new("tests/data/top3.txt")),
            "tests/data/top3.txt"
        );
        assert_eq!(quoted(OsStr::new("my puzzles.txt")), "my puzzles.txt");
        assert_eq!(
            quoted(OsStr::new("a\x1b[31mred\nexplore: fake")),
            "\"a\\u{1b}[31mred\\nexplore: fake\""
        );
        assert_eq!(quoted(OsStr::new("")), "\"\"");
        assert_eq!(quoted(OsStr::new("tab\there")), "\"tab\\there\"");
    }

    #[test]
    fn a_missing_path_that_looks_like_a_puzzle_is_a_path_unless_it_reads_as_one() {
        let source =
            |text: &str| Source::from_arg(OsStr::new(text), 0, &format::Options::default());
        let file = |text: &str| Source::File(text.into());
        assert_eq!(source("1234567890123456.txt"), file("1234567890123456.txt"));
        assert_eq!(
            source("2024-01-01-12345678.sdk"),
            file("2024-01-01-12345678.sdk")
        );
        assert_eq!(
            source("puzzles/1234567890123456"),
            file("puzzles/1234567890123456")
        );
        let short = &DEMO[..80];
        assert_eq!(source(short), Source::Literal(short.to_owned(), 0));
        let empty_4x4 = "................";
        assert_eq!(source(empty_4x4), Source::Literal(empty_4x4.to_owned(), 0));
        // A 16x16 puzzle whose last cells look like an extension still reads as a puzzle.
        let sixteen = format!("{}.ABC", ".".repeat(252));
        assert_eq!(source(&sixteen), Source::Literal(sixteen.clone(), 0));
        assert!(
            looks_like_path("a.txt") && !looks_like_path("1....7.9..3") && !looks_like_path(short)
        );
    }

    #[test]
    fn arguments_name_sources() {
        let args: Vec<OsString> = ["-", DEMO, "no/such/file.txt", "missing.txt"]
            .into_iter()
            .map(OsString::from)
            .collect();
        assert_eq!(
            Source::from_args(&args, &format::Options::default()),
            vec![
                Source::Stdin,
                Source::Literal(DEMO.to_owned(), 2),
                Source::File("no/such/file.txt".into()),
                Source::File("missing.txt".into()),
            ]
        );
        let none = |stdin| Source::from_args_with(&[], &format::Options::default(), || stdin);
        assert_eq!(none(Stdin::Absent), vec![Source::Demo]);
        assert_eq!(none(Stdin::Piped), vec![Source::Stdin]);
    }

    #[test]
    fn puzzles_are_told_from_paths() {
        assert!(looks_like_puzzle(DEMO));
        assert!(
            looks_like_puzzle(&DEMO[..80]),
            "a short puzzle is still a puzzle"
        );
        assert!(looks_like_puzzle("1 2 3\n4 5 6\n"));
        assert!(looks_like_puzzle(
            "1..|..7|.9.|.3.|.2.|..8|..9|6..|5..|..5|3..|9..|.1.|.8.|..2|6..|..4|...|3..|...|.1.|.4.|...|..7|..7|...|3.."
        ));
        assert!(!looks_like_puzzle("puzzles.txt"));
        assert!(!looks_like_puzzle("2024-01-01.txt"));
        assert!(!looks_like_puzzle("../data/1234567890123456789.txt"));
        assert!(!looks_like_puzzle(""));
    }

    #[test]
    fn missing_files_say_so() {
        let err = Source::File("no/such/file.txt".into())
            .open()
            .err()
            .expect("the file does not exist");
        assert_eq!(
            err.to_string(),
            "no/such/file.txt: no such file or directory"
        );
        let err = Source::File("1xx..7x9xx3xx2xxx8xx96..5....53..9".into())
            .open()
            .err()
            .expect("the file does not exist");
        assert!(
            err.to_string()
                .contains("a puzzle on the command line is 81 cells")
        );
        let err = Source::File("my_favourite_puzzles.txt".into())
            .open()
            .err()
            .expect("the file does not exist");
        assert_eq!(err.reason, "no such file or directory");
    }

    #[test]
    fn io_errors_read_as_words() {
        let err = io::Error::from_raw_os_error(13);
        assert_eq!(describe(&err), "permission denied");
    }
}
