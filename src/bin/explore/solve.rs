//! The default command: solve every puzzle of every input and report each in input order.
//!
//! Inputs are opened one after the other, when their turn comes, and their puzzles stream
//! through [`explore::batch::run`], which solves them in parallel and hands them back in
//! order. This module decides what goes where: results to the [`Renderer`] on standard output,
//! errors and notes to standard error (each once, prefixed `explore: `), verdicts to the
//! [`Tally`] that sets the exit status.
//!
//! When the reader of standard output goes away (`explore big.txt | head`), the write fails
//! with a broken pipe; the run then stops reading input and ends quietly, with exit status 2
//! since some result was not written.

use std::fmt::Display;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crossbeam_channel::{RecvTimeoutError, Sender};

use explore::batch::{self, Solved};
use explore::error::InputErrorKind;
use explore::{Config, Progress, Status, format};

use crate::cli::TraceFormat;
use crate::cli::{OutputFormat, SolveArgs};
use crate::files;
use crate::input::{DEMO_TITLE, Source};
use crate::output::{Origin, Renderer};
use crate::pictures::Pictures;
use crate::progress::Live;
use crate::tally::Tally;

/// Solves the inputs `args` names and reports them, with `live` on standard error showing
/// what `progress` receives; the tally says how it went.
pub(crate) fn run(args: &SolveArgs, live: Live, progress: Option<Progress>) -> Tally {
    let started = Instant::now();
    // A page records the search as the engine runs it (`bfs` runs a level being recorded in
    // order), where the run can be followed board by board.
    let config = args
        .config()
        .with_progress(progress)
        .with_record(args.html.is_some());
    let options = args.read.options();
    let mut run = Run {
        out: Stdout::new(),
        renderer: Renderer::new(args.output, &config)
            .after_trace(args.trace() == Some(TraceFormat::Human)),
        written: 0,
        tally: Tally::default(),
        notes: args.output == OutputFormat::Line && !args.quiet,
        pictures: Pictures::new(args),
        config: config.clone(),
        quiet: args.quiet,
    };
    let sources = Source::from_args(&args.inputs, &args.read.options());
    let outputs: Vec<(&str, &Path)> = [
        ("--svg", &args.svg),
        ("--dot", &args.dot),
        ("--posthoc", &args.posthoc),
        ("--html", &args.html),
    ]
    .into_iter()
    .filter_map(|(flag, path)| Some((flag, path.as_deref()?)))
    .collect();
    if let Err(error) = files::check_outputs(&sources, &outputs) {
        run.out.message(error);
        run.tally.write_failed = true;
        return run.tally;
    }
    for source in sources {
        if run.out.closed {
            break;
        }
        let opened = match source.open() {
            Ok(opened) => opened,
            Err(error) => {
                run.tally.unreadable += 1;
                run.out.message(error);
                continue;
            }
        };
        if source == Source::Stdin && !args.quiet && io::stdin().is_terminal() {
            let end = if cfg!(windows) {
                "Ctrl-Z, Enter"
            } else {
                "Ctrl-D"
            };
            run.out.message(format_args!(
                "reading puzzles from the terminal; end with {end}"
            ));
        }
        let title = (source == Source::Demo).then_some(DEMO_TITLE);
        let name = opened.name;
        // Shared with the batch's reader thread: stop reading once output is closed.
        let closed = AtomicBool::new(false);
        let puzzles = format::read_with(opened.reader, &name, &options)
            .take_while(|_| !closed.load(Ordering::Relaxed));
        let renderer = run.renderer;
        let pictures = run.pictures.wanted();
        let render = |item: batch::Item| match item {
            // A large text is written as it is made, by `report`, not held whole.
            Ok(solved) if Renderer::is_large(&solved) => Rendered::Whole {
                item: Box::new(Ok(solved)),
                text: None,
            },
            Ok(solved) if !pictures => {
                let text = renderer.solved(origin(&name, title, &solved), &solved);
                Rendered::Text {
                    text,
                    facts: Facts::of(&solved, renderer),
                }
            }
            Ok(solved) => {
                let text = Some(renderer.solved(origin(&name, title, &solved), &solved));
                Rendered::Whole {
                    item: Box::new(Ok(solved)),
                    text,
                }
            }
            // An input with no puzzle has no result to write (docs/json.md): it is reported as
            // an input that could not be read.
            Err(error) if error.kind == InputErrorKind::Empty => Rendered::Whole {
                text: Some(Ok(String::new())),
                item: Box::new(Err(error)),
            },
            Err(error) => Rendered::Whole {
                text: Some(renderer.invalid(&error)),
                item: Box::new(Err(error)),
            },
        };
        batch::run(puzzles, &config, render, |rendered| {
            if !closed.load(Ordering::Relaxed) {
                live.suspend(|| run.report(&name, title, rendered));
                closed.store(run.out.closed, Ordering::Relaxed);
            }
        });
    }
    live.finish();
    if let Some(note) = run.pictures.skipped_note().filter(|_| !args.quiet) {
        run.out.notice(&note);
    }
    run.out.finish(&mut run.tally);
    let show_summary = !args.quiet;
    if show_summary && !run.out.closed && run.tally.n_puzzles() > 1 {
        run.out
            .message(format_args!("{}", run.tally.summary(started.elapsed())));
    }
    run.tally
}

/// One puzzle's result, with its text for standard output rendered by the worker that solved
/// it.
enum Rendered {
    /// The usual result: its text and the facts the report adds to it. The result itself is
    /// dropped on the worker that made it: dropped on the thread that writes the results
    /// instead, results cost a batch of easy puzzles 8% of its time (memory freed by another
    /// thread than the one that took it goes back under that thread's lock), and moving them
    /// whole (hundreds of bytes each) more.
    Text {
        text: io::Result<String>,
        facts: Facts,
    },
    /// A result the report needs whole: an unreadable puzzle, one whose text is large and is
    /// written as it is made (`text` is `None`), or one that pictures may be drawn of.
    Whole {
        /// Boxed: the usual result is a small one.
        item: Box<batch::Item>,
        text: Option<io::Result<String>>,
    },
}

/// What the report says of a solved puzzle besides its text.
struct Facts {
    index: usize,
    status: Status,
    /// [`Renderer::capped`].
    capped: Option<u64>,
    /// The outcome in words, where a note may give it (no solution, or gave up).
    verdict: Option<String>,
}

impl Facts {
    fn of(solved: &Solved, renderer: Renderer) -> Facts {
        let status = solved.outcome.status();
        Facts {
            index: solved.puzzle.index,
            status,
            capped: renderer.capped(solved),
            verdict: matches!(status, Status::None | Status::GaveUp)
                .then(|| solved.outcome.verdict()),
        }
    }
}

/// Where `solved` came from, for its text.
fn origin<'a>(input: &'a str, title: Option<&'a str>, solved: &Solved) -> Origin<'a> {
    Origin {
        input,
        index: solved.puzzle.index,
        line: solved.puzzle.line,
        title,
    }
}

/// The state of a run across its inputs.
struct Run {
    out: Stdout,
    renderer: Renderer,
    /// Puzzles whose text was written so far, to separate the next one.
    written: u64,
    tally: Tally,
    /// Whether to explain on standard error the `none` and `gave_up` lines of `--output line`.
    notes: bool,
    /// `--svg`, `--dot`, `--posthoc` and `--html`, for the first puzzle.
    pictures: Pictures,
    /// The search configuration, for the pictures.
    config: Config,
    quiet: bool,
}

impl Run {
    /// Writes one puzzle's result, and its error or note, and counts it.
    fn report(&mut self, input: &str, title: Option<&str>, rendered: Rendered) {
        let (item, text) = match rendered {
            Rendered::Text { text, facts } => {
                let written = text.and_then(|text| self.write(&text));
                if self.out.check(written) {
                    self.count(input, facts);
                }
                return;
            }
            Rendered::Whole { item, text } => (*item, text),
        };
        let written = match (text, &item) {
            (Some(text), _) => text.and_then(|text| self.write(&text)),
            (None, Ok(solved)) => self.stream(origin(input, title, solved), solved),
            (None, Err(_)) => Ok(()),
        };
        match item {
            Ok(mut solved) => {
                for drawn in self.pictures.draw(input, title, &mut solved, &self.config) {
                    match drawn {
                        Ok(note) if !self.quiet => self.out.notice(&note),
                        Ok(_) => {}
                        Err(error) => {
                            self.tally.write_failed = true;
                            self.out.message(error);
                        }
                    }
                }
                if self.out.check(written) {
                    self.count(input, Facts::of(&solved, self.renderer));
                }
            }
            Err(error) => {
                if self.out.check(written) {
                    if error.kind == InputErrorKind::Empty {
                        self.tally.unreadable += 1;
                    } else {
                        self.tally.invalid += 1;
                    }
                    self.out.message(error);
                }
            }
        }
    }

    /// Counts a puzzle whose text is written, with a note where its line needs one.
    fn count(&mut self, input: &str, facts: Facts) {
        self.tally.add(facts.status);
        if let Some(cap) = facts.capped.filter(|_| self.notes) {
            self.out.message(format_args!(
                "{input}: puzzle {}: stopped at {} solutions, the most kept; there may be more",
                facts.index,
                crate::tally::group(cap as f64)
            ));
        }
        if let Some(verdict) = facts.verdict.filter(|_| self.notes) {
            self.out
                .message(format_args!("{input}: puzzle {}: {verdict}", facts.index));
        }
    }

    /// Writes one puzzle's text as it is made, after the separator from the one before.
    fn stream(&mut self, origin: Origin<'_>, solved: &Solved) -> io::Result<()> {
        if self.written > 0 {
            self.out
                .lock()
                .write_all(self.renderer.separator().as_bytes())?;
        }
        self.written += 1;
        self.renderer
            .write_solved(&mut *self.out.lock(), origin, solved)
    }

    /// Writes one puzzle's text, after the separator from the one before; an empty text is
    /// not written.
    fn write(&mut self, text: &str) -> io::Result<()> {
        if text.is_empty() {
            return Ok(());
        }
        if self.written > 0 {
            self.out
                .lock()
                .write_all(self.renderer.separator().as_bytes())?;
        }
        self.written += 1;
        self.out.lock().write_all(text.as_bytes())
    }
}

/// Standard output, buffered, so that a batch of easy puzzles costs no system call per puzzle.
///
/// A person at a terminal gets each result as soon as it and those before it are solved: it
/// is flushed as it is written. A program reading a pipe gets it within [`FLUSH_EVERY`]: a
/// flusher thread writes out whatever waits that long, however slow the next puzzle is. A
/// regular file is written when the buffer fills, and at the end.
struct Stdout {
    writer: Arc<Mutex<BufWriter<io::Stdout>>>,
    flush_each: bool,
    /// The flusher thread, stopped by dropping the sender.
    flusher: Option<(Sender<()>, JoinHandle<()>)>,
    /// Set once a write failed: nothing more is written.
    closed: bool,
    /// Set when a write failed, a broken pipe included: some result was not written.
    lost: bool,
    /// A write failure other than a broken pipe, to report once.
    failure: Option<io::Error>,
}

/// How long a result may wait in the buffer when standard output is neither a terminal nor
/// a regular file.
const FLUSH_EVERY: Duration = Duration::from_millis(20);

impl Stdout {
    fn new() -> Stdout {
        let stdout = io::stdout();
        let flush_each = stdout.is_terminal();
        let timed = !flush_each && !is_regular_file(&stdout);
        let writer = Arc::new(Mutex::new(BufWriter::new(stdout)));
        Stdout {
            flusher: timed.then(|| Stdout::flusher(&writer)).flatten(),
            writer,
            flush_each,
            closed: false,
            lost: false,
            failure: None,
        }
    }

    /// Starts the thread that flushes what has waited [`FLUSH_EVERY`]. A failed flush leaves
    /// the text in the buffer, so the next write or [`Stdout::finish`] meets the same error
    /// and reports it; the flusher just stops. Without a thread (the system may refuse one)
    /// results are written when the buffer fills.
    fn flusher(writer: &Arc<Mutex<BufWriter<io::Stdout>>>) -> Option<(Sender<()>, JoinHandle<()>)> {
        let (stop, stopped) = crossbeam_channel::bounded::<()>(0);
        let writer = Arc::clone(writer);
        let thread = std::thread::Builder::new()
            .name("explore-flush".to_owned())
            .stack_size(64 * 1024)
            .spawn(move || {
                while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(FLUSH_EVERY) {
                    let mut writer = writer.lock().unwrap_or_else(PoisonError::into_inner);
                    if !writer.buffer().is_empty() && writer.flush().is_err() {
                        return;
                    }
                }
            })
            .ok()?;
        Some((stop, thread))
    }

    /// The buffered writer, for one result.
    fn lock(&self) -> MutexGuard<'_, BufWriter<io::Stdout>> {
        self.writer.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether a write succeeded (and, at a terminal, was flushed). A failure closes the
    /// output; a broken pipe means the reader went away, which is not reported, but the
    /// results after it are lost all the same.
    fn check(&mut self, written: io::Result<()>) -> bool {
        let result = written.and_then(|()| {
            if self.flush_each {
                self.lock().flush()
            } else {
                Ok(())
            }
        });
        match result {
            Ok(()) => !self.closed,
            Err(error) => {
                self.close(error);
                false
            }
        }
    }

    fn close(&mut self, error: io::Error) {
        if !self.closed && error.kind() != io::ErrorKind::BrokenPipe {
            self.failure = Some(error);
        }
        self.closed = true;
        self.lost = true;
    }

    /// Prints `explore: {message}` on standard error, after what standard output holds so
    /// far, so that on a terminal both appear in order.
    fn message(&mut self, message: impl Display) {
        if !self.closed {
            let flushed = self.lock().flush();
            if let Err(error) = flushed {
                self.close(error);
            }
        }
        let _ = writeln!(io::stderr().lock(), "explore: {message}");
    }

    /// Writes a notice on standard error, after what is waiting on standard output, fitted
    /// to 80 columns ([`crate::terminal::notice`]).
    fn notice(&mut self, text: &str) {
        if !self.closed {
            let flushed = self.lock().flush();
            if let Err(error) = flushed {
                self.close(error);
            }
        }
        let _ = write!(io::stderr().lock(), "{}", crate::terminal::notice(text));
    }

    /// Stops the flusher, flushes what is left and reports a write failure, if there was one.
    fn finish(&mut self, tally: &mut Tally) {
        if let Some((stop, thread)) = self.flusher.take() {
            drop(stop);
            let _ = thread.join();
        }
        if !self.closed {
            let flushed = self.lock().flush();
            if let Err(error) = flushed {
                self.close(error);
            }
        }
        tally.write_failed |= self.lost;
        if let Some(error) = self.failure.take() {
            let reason = crate::input::describe(&error);
            let _ = writeln!(
                io::stderr().lock(),
                "explore: cannot write output: {reason}"
            );
        }
    }
}

/// Whether standard output is a regular file, where nobody waits for a result before the end.
fn is_regular_file(stdout: &io::Stdout) -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        stdout
            .as_fd()
            .try_clone_to_owned()
            .and_then(|fd| std::fs::File::from(fd).metadata())
            .is_ok_and(|metadata| metadata.is_file())
    }
    #[cfg(not(unix))]
    {
        let _ = stdout;
        false
    }
}
