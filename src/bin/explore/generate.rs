//! `explore generate`: puzzles with one solution, drawn from a seed, one per line (or JSON),
//! and with `--svg` a sheet to print, puzzles on one page and solutions on another.
//!
//! [`explore::generate`] makes the puzzles, on every thread, in order; this module turns the
//! flags into its options, writes each puzzle as it comes, draws the live line of a long run,
//! and says on standard error what a user should know (the seed drawn, a box shape the lines do
//! not carry).

use std::io::{self, BufWriter, IsTerminal, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant, SystemTime};

use explore::generate::{self, GenerateError, Generated, Options};
use explore::geometry::Shape;
use indicatif::{ProgressBar, ProgressState, ProgressStyle};

use crate::cli::GenerateArgs;
use crate::grade::Evidence;
use crate::sheet;
use crate::tally::{EXIT_INPUT, EXIT_OK, EXIT_UNSOLVED, counted};

/// How often a run whose standard error is no terminal says how far it got.
const LOG_EVERY: Duration = Duration::from_secs(5);

/// The board the flags ask for, or why there is none.
fn shape(args: &GenerateArgs) -> Result<Shape, String> {
    let shape = match (args.shape, args.size) {
        (Some(shape), _) => shape,
        (None, None) => Shape::NINE,
        (None, Some(size)) => Shape::for_side(size)
            .ok_or_else(|| format!("--size {size}: a board's side is 4 to {}", Shape::MAX_SIDE))?,
    };
    if shape.side() < 4 || shape.box_rows() < 2 || shape.box_cols() < 2 {
        let asked = match args.size {
            Some(size) if args.shape.is_none() => format!("--size {size}"),
            _ => format!("--box {}x{}", shape.box_rows(), shape.box_cols()),
        };
        return Err(format!(
            "{asked}: no Sudoku board: its boxes would be {}x{}, and a box needs at least two \
             rows and two columns (sides such as 4, 6, 8, 9, 10, 12, 16, 25 have them)",
            shape.box_rows(),
            shape.box_cols()
        ));
    }
    Ok(shape)
}

/// A seed from the clock, for a run that named none.
fn clock_seed() -> u64 {
    let now = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap_or_default();
    (now.as_nanos() % 1_000_000_000_000) as u64
}

/// Makes the puzzles `args` ask for and writes them; returns the exit status.
pub(crate) fn run(args: &GenerateArgs) -> u8 {
    let fail = |message: &dyn std::fmt::Display| {
        say(&message.to_string());
        EXIT_INPUT
    };
    let shape = match shape(args) {
        Ok(shape) => shape,
        Err(message) => return fail(&message),
    };
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut options = Options::default()
        .with_shape(shape)
        .with_count(args.count)
        .with_seed(seed)
        .with_symmetry(args.symmetry)
        .with_minimal(args.minimal)
        .with_givens(args.givens)
        .with_level(args.grade)
        .with_max_tries(args.tries)
        .with_timeout(
            args.timeout
                .filter(|&timeout| timeout != crate::cli::NO_TIMEOUT),
        )
        .with_max_nodes(args.max_nodes)
        .with_check_nodes(Some(args.check_nodes.unwrap_or(generate::CHECK_NODES)));
    if let Some(threads) = args.threads {
        options = options.with_threads(threads);
    }
    if let Err(error) = options.check() {
        return fail(&error);
    }
    if let Some(path) = &args.svg {
        if let Err(message) = crate::files::check_outputs(
            &[],
            &[("--svg", path), ("--svg", &sheet::solutions_path(path))],
        ) {
            return fail(&message);
        }
    }
    if !args.quiet {
        if args.seed.is_none() {
            eprintln!("explore: generate: seed {seed} (--seed {seed} makes these puzzles again)");
        }
        if crate::split::needs_box(shape) && args.output == "line" {
            eprintln!(
                "explore: generate: read these puzzles with --box {}x{}: their lines do not \
                 say the box shape",
                shape.box_rows(),
                shape.box_cols()
            );
        }
    }

    let bar = live(args);
    let json = args.output == "json";
    let mut out = BufWriter::new(io::stdout().lock());
    let mut sheet = Vec::new();
    let mut written = Ok(());
    let n_made = AtomicUsize::new(0);
    // Givens kept by unsettled checks, and the puzzles they are in.
    let (mut unsettled, mut puzzles_unsettled) = (0, 0);
    let start = Instant::now();
    let logs = !args.quiet && !io::stderr().is_terminal();
    let (stop, stopped) = crossbeam_channel::bounded::<()>(0);
    let (made, logged) = std::thread::scope(|scope| {
        // Off a terminal, a line every few seconds: a log shows the run is alive.
        let log = scope.spawn(|| {
            let mut logged = false;
            while logs
                && stopped
                    .recv_timeout(LOG_EVERY)
                    .is_err_and(|e| e.is_timeout())
            {
                eprintln!(
                    "explore: generate: {} of {} made, {} s so far",
                    n_made.load(Ordering::Relaxed),
                    puzzles(args.count),
                    start.elapsed().as_secs()
                );
                logged = true;
            }
            logged
        });
        let made = generate::generate_with(&options, |made| {
            let mut text = if json {
                json_line(&made, seed)
            } else {
                made.puzzle.to_line()
            };
            text.push('\n');
            written = bar.suspend(|| out.write_all(text.as_bytes()));
            bar.inc(1);
            n_made.fetch_add(1, Ordering::Relaxed);
            if made.unsettled > 0 {
                unsettled += made.unsettled;
                puzzles_unsettled += 1;
            }
            if args.svg.is_some() {
                sheet.push(made);
            }
            written.is_ok()
        });
        drop(stop);
        (made, log.join().unwrap_or(false))
    });
    bar.finish_and_clear();
    let n_made = n_made.into_inner();
    if let Err(error) = made {
        let _ = out.flush();
        // What was made, then what was not and why; a limit that ran out is the search
        // giving up (1), as when solving, a target never met a wrong request (2).
        say(&format!(
            "{n_made} of {} made; {error}",
            puzzles(args.count)
        ));
        if let GenerateError::Limit { limit, .. } = error {
            let flag = match limit {
                generate::Limit::Time(_) => "--timeout",
                _ => "--max-nodes",
            };
            let sheet_note = if args.svg.is_some() {
                "; no sheet was drawn"
            } else {
                ""
            };
            say(&format!("raise {flag} to make the rest{sheet_note}"));
            return EXIT_UNSOLVED;
        }
        return EXIT_INPUT;
    }
    if logged {
        eprintln!(
            "explore: generate: {} made in {:.1} s",
            puzzles(args.count),
            start.elapsed().as_secs_f64()
        );
    }
    if unsettled > 0 && !args.quiet {
        say(&format!(
            "{} stayed in {} unsettled: the check of their removal needed more than {}. The \
             puzzles are unique, perhaps not minimal (--check-nodes raises the budget, \
             --minimal lifts it)",
            explore::words::count(unsettled as u128, "given", "givens"),
            puzzles(puzzles_unsettled),
            counted(options.check_nodes.unwrap_or_default(), "board", "boards")
        ));
    }
    if let Err(error) = written.and_then(|()| out.flush()) {
        // A reader that went away is not reported, but the puzzles were not all written.
        if error.kind() != io::ErrorKind::BrokenPipe {
            eprintln!(
                "explore: generate: cannot write the puzzles: {}",
                crate::input::describe(&error)
            );
        }
        return EXIT_INPUT;
    }
    if let Some(path) = &args.svg {
        match sheet::write(path, &sheet, seed) {
            Ok(written) if !args.quiet => eprint!("{}", sheet::notice(&written)),
            Ok(_) => {}
            Err(message) => return fail(&message),
        }
    }
    EXIT_OK
}

/// Says `text` on standard error after the command's name, broken at spaces to the width.
fn say(text: &str) {
    let line = format!("explore: generate: {text}");
    eprint!(
        "{}",
        crate::terminal::wrap(&line, crate::terminal::width(), 2)
    );
}

/// `1 puzzle`, `10 puzzles`.
fn puzzles(n: usize) -> String {
    explore::words::count(n as u128, "puzzle", "puzzles")
}

/// The live line of a run: puzzles done, time so far and time left, after a second (a quick
/// run stays quiet), on a terminal only.
fn live(args: &GenerateArgs) -> ProgressBar {
    if args.quiet || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let style = ProgressStyle::with_template("{figures}")
        .expect("the template is valid")
        .with_key(
            "figures",
            |state: &ProgressState, out: &mut dyn std::fmt::Write| {
                let elapsed = state.elapsed();
                if elapsed >= Duration::from_secs(1) {
                    let left = if state.pos() == 0 {
                        "the time left after the first".to_owned()
                    } else {
                        format!("about {} s left", state.eta().as_secs().max(1))
                    };
                    let _ = write!(
                        out,
                        "generating: {} of {}, {} s so far, {left}",
                        state.pos(),
                        puzzles(state.len().unwrap_or(0) as usize),
                        elapsed.as_secs()
                    );
                }
            },
        );
    let bar = ProgressBar::new(args.count as u64).with_style(style);
    bar.enable_steady_tick(Duration::from_millis(250));
    bar
}

/// One `explore.generate/1` object (docs/json.md).
#[derive(serde::Serialize)]
struct Record {
    schema: &'static str,
    index: usize,
    seed: u64,
    size: usize,
    #[serde(rename = "box")]
    shape: String,
    puzzle: String,
    givens: usize,
    solution: String,
    #[serde(flatten)]
    evidence: Evidence,
    tries: usize,
    unsettled: usize,
}

/// One `explore.generate/1` object, without its newline.
fn json_line(made: &Generated, seed: u64) -> String {
    let shape = made.puzzle.shape();
    let record = Record {
        schema: "explore.generate/1",
        index: made.index + 1,
        seed,
        size: shape.side(),
        shape: format!("{}x{}", shape.box_rows(), shape.box_cols()),
        puzzle: made.puzzle.to_line(),
        givens: made.puzzle.n_filled(),
        solution: made.solution.to_line(),
        evidence: Evidence::of(&made.grade),
        tries: made.tries,
        unsettled: made.unsettled,
    };
    serde_json::to_string(&record).expect("a record serialises")
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn parse(args: &[&str]) -> GenerateArgs {
        let cli = crate::cli::Cli::try_parse_from([&["explore", "generate"], args].concat())
            .expect("parses");
        match cli.command {
            Some(crate::cli::Command::Generate(args)) => args,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn sizes_have_boxes_of_two_rows_and_columns_at_least() {
        assert_eq!(shape(&parse(&[])), Ok(Shape::NINE));
        assert_eq!(
            shape(&parse(&["--size", "6"])).unwrap().to_string(),
            "6x6 (2x3 boxes)"
        );
        assert_eq!(shape(&parse(&["--box", "3x2"])).unwrap().box_rows(), 3);
        for bad in [
            &["--size", "7"][..],
            &["--size", "3"],
            &["--size", "65"],
            &["--box", "1x4"],
        ] {
            assert!(shape(&parse(bad)).is_err(), "{bad:?}");
        }
    }
}
