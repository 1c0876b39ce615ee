//! `--step`: the search of the first puzzle, one step per key press, for the classroom.
//!
//! A step expands a whole depth of `bfs` or one board of the depth-first strategies
//! ([`lesson`], over the library's walk: the strategy's own rules, boards and order). After
//! each step the screen shows what the step did, the totals so far, and the boards waiting
//! (the next depth of `bfs`, the stack of the others, in the order they will be expanded) as
//! small grids side by side ([`boards`]), each with the guess that made it in reverse video.
//! Keys: space or enter steps, `r` runs to the end, `q` quits; the keys are on the screen.
//!
//! It needs a terminal: to draw on (standard output) and to read single key presses from
//! (raw mode, through crossterm). Without one it is an error, before any input is read. The
//! last screen stays on the terminal when it quits.

mod boards;
mod lesson;

use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};

use crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use crossterm::{cursor, execute, queue, terminal};
use explore::tree::{Fate, Order, TooLarge};
use explore::{Config, Grid, Stop, format};

use crate::cli::SolveArgs;
use crate::input::{DEMO_TITLE, Source};
use crate::tally::{EXIT_INPUT, EXIT_OK, group};
use boards::{Picture, Style, side_by_side};
use lesson::{Lesson, Report, Totals};

/// Steps through the first puzzle of the inputs `args` names; the exit status.
pub(crate) fn run(args: &SolveArgs) -> u8 {
    if !io::stdout().is_terminal() {
        let _ = writeln!(
            io::stderr(),
            "explore: --step draws on a terminal and reads its keys, and standard output is not \
             a terminal (to watch a search in a file or a pipe, use --trace)"
        );
        return EXIT_INPUT;
    }
    let Some((puzzle, title)) = first_puzzle(args) else {
        let _ = writeln!(io::stderr(), "explore: --step: no puzzle to step through");
        return EXIT_INPUT;
    };
    let config = args.config();
    let mut screen = match Screen::open() {
        Ok(screen) => screen,
        Err(error) => {
            let _ = writeln!(
                io::stderr(),
                "explore: --step cannot read keys from the terminal: {error}"
            );
            return EXIT_INPUT;
        }
    };
    let mut class = Class {
        lesson: Lesson::new(&puzzle, &config),
        title,
        config,
        steps: 0,
        last: None,
        error: None,
    };
    loop {
        let (width, height) = screen.size();
        if screen.draw(&class.frame(width, height)).is_err() {
            return EXIT_INPUT;
        }
        match screen.key() {
            Ok(Key::Step) => {
                class.step();
            }
            Ok(Key::Run) => while class.step() {},
            Ok(Key::Redraw) => {}
            Ok(Key::Quit) => return EXIT_OK,
            Err(_) => return EXIT_INPUT,
        }
    }
}

/// The first puzzle that reads, with its title; inputs that cannot be opened and puzzles
/// that cannot be read before it are reported on standard error, as a run reports them.
fn first_puzzle(args: &SolveArgs) -> Option<(Grid, String)> {
    let options = args.read.options();
    for source in Source::from_args(&args.inputs, &options) {
        let opened = match source.open() {
            Ok(opened) => opened,
            Err(error) => {
                let _ = writeln!(io::stderr(), "explore: {error}");
                continue;
            }
        };
        let name = opened.name;
        for item in format::read_with(opened.reader, &name, &options) {
            match item {
                Ok(puzzle) if source == Source::Demo => {
                    return Some((puzzle.grid, DEMO_TITLE.to_owned()));
                }
                Ok(puzzle) => {
                    // A puzzle written on the command line needs no name (`<argument>`).
                    let from = if name.starts_with('<') {
                        String::new()
                    } else {
                        format!("{name}, ")
                    };
                    let title = format!("{from}puzzle {}, {}", puzzle.index, puzzle.grid.shape());
                    return Some((puzzle.grid, title));
                }
                Err(error) => {
                    let _ = writeln!(io::stderr(), "explore: {error}");
                }
            }
        }
    }
    None
}

/// The lesson and what the screen says about it.
struct Class {
    lesson: Lesson,
    title: String,
    config: Config,
    steps: usize,
    last: Option<Report>,
    error: Option<TooLarge>,
}

impl Class {
    /// Takes one step; whether there was one to take.
    fn step(&mut self) -> bool {
        if self.error.is_some() {
            return false;
        }
        match self.lesson.advance() {
            Ok(Some(report)) => {
                self.steps += 1;
                self.last = Some(report);
                true
            }
            Ok(None) => false,
            Err(error) => {
                self.error = Some(error);
                false
            }
        }
    }

    /// The screen, for a terminal of `width` columns and `height` lines.
    fn frame(&self, width: usize, height: usize) -> Vec<String> {
        let strategy = self.config.strategy;
        let breadth = self.lesson.order() == Order::Breadth;
        let unit = if breadth { "depth" } else { "board" };
        let ended = self.lesson.stop().is_some() || self.error.is_some();
        let learning = if self.config.learns() {
            ", learning"
        } else {
            ""
        };
        let mut top = format!(
            "explore --step: {}; {strategy} ({}{learning}), one {unit} per step\n",
            self.title,
            self.lesson.order().name()
        );
        let _ = writeln!(top, "{}", self.said());
        let totals = self.lesson.totals();
        let (_, waiting) = self.lesson.waiting(0);
        let _ = writeln!(
            top,
            "so far: {} expanded, {} dead, {}; {} waiting",
            boards(totals.expanded),
            group(totals.dead as f64),
            solutions(totals.solved),
            group(waiting as f64)
        );
        let keys = if ended {
            "q: quit".to_owned()
        } else {
            format!("space or enter: next {unit}    r: run to the end    q: quit")
        };
        // The boards to draw, and how many there are in all.
        let mut pictures = Vec::new();
        let total;
        let heading = if let Some(error) = &self.error {
            total = 0;
            format!("stopped: {error}")
        } else if let Some(stop) = self.lesson.stop() {
            let found = self.lesson.solutions();
            total = found.len();
            // No more boards than could ever be drawn: one per line at most.
            pictures.extend(
                found
                    .iter()
                    .take(height)
                    .enumerate()
                    .map(|(i, grid)| Picture::of_puzzle(grid, format!("solution {}", i + 1))),
            );
            format!(
                "the search has ended: {}; {}{}",
                ended_because(stop),
                solutions(total),
                if total == 0 { "" } else { ":" }
            )
        } else {
            if let Some(Report::Board { picture, .. }) = &self.last {
                pictures.push(picture.clone());
            }
            total = pictures.len() + waiting;
            pictures.extend(self.lesson.waiting(height).0);
            match (breadth, self.lesson.next_depth()) {
                (true, Some(depth)) => format!(
                    "waiting: depth {depth}, {}, in the order {strategy} takes them (the \
                     guess that made each in reverse video):",
                    boards(waiting)
                ),
                _ if self.last.is_some() => format!(
                    "the board just expanded, then the {}, next first ({}; the guess \
                     that made each in reverse video):",
                    if breadth { "queue" } else { "stack" },
                    boards(waiting)
                ),
                _ => "waiting: the puzzle, with the candidates of its empty cells:".to_owned(),
            }
        };
        top.push('\n');
        top.push_str(&heading);
        let mut lines: Vec<String> = top
            .lines()
            .flat_map(|line| {
                let wrapped = crate::terminal::wrap(line, width, 2);
                wrapped.lines().map(str::to_owned).collect::<Vec<_>>()
            })
            .collect();
        // The boards get the lines left, less a line for what is left out and two for the keys.
        let room = height.saturating_sub(lines.len() + 3);
        let style = Style::for_pictures(&pictures, width);
        let (drawn, n) = side_by_side(&pictures, style, width, room);
        lines.extend(drawn);
        if n < total {
            lines.push(format!(
                "... and {} more not shown",
                group((total - n) as f64)
            ));
        }
        lines.push(String::new());
        lines.push(keys);
        lines
    }

    /// What the last step did.
    fn said(&self) -> String {
        let steps = self.steps;
        match &self.last {
            None => "step 0: nothing expanded yet".to_owned(),
            Some(Report::Level {
                depth,
                totals,
                learned,
            }) => {
                let mut said = format!(
                    "step {steps}: depth {depth} expanded, {}: {} branched into {} children, \
                     {} dead, {} solved",
                    boards(totals.expanded),
                    group(totals.branched as f64),
                    group(totals.children as f64),
                    group(totals.dead as f64),
                    group(totals.solved as f64)
                );
                if self.config.learns() {
                    said.push('\n');
                    said.push_str(&learning(totals, learned));
                }
                said
            }
            Some(Report::Board { node, .. }) => {
                let board = node
                    .guess
                    .map_or_else(|| "the puzzle".to_owned(), |guess| guess.to_string());
                let fate = match &node.fate {
                    Fate::Branched { cell, children } => {
                        format!("branched on {cell} into {} children", children.len())
                    }
                    Fate::Dead => "dead: a cell or a digit ran out of places".to_owned(),
                    Fate::Solved(_) => "solved".to_owned(),
                    _ => "not expanded".to_owned(),
                };
                format!(
                    "step {steps}: expanded {board} (depth {}): {} forced, then {fate}",
                    node.depth,
                    crate::tally::counted(node.forced as u64, "cell", "cells")
                )
            }
        }
    }
}

/// What a depth of `bfs` that learns learned and cut: the legend of its two marks and the
/// first clause it learned.
fn learning(totals: &Totals, learned: &[String]) -> String {
    let mut text = format!(
        "cut: {} of the dead were cut by a clause learned at an earlier dead end, before \
         they were filled; learned: {}",
        group(totals.cut as f64),
        plural(learned.len(), "clause", "clauses"),
    );
    if let Some(first) = learned.first() {
        let more = if learned.len() > 1 { ", ..." } else { "" };
        let _ = write!(text, " (facts that cannot all hold), such as {first}{more}");
    }
    text
}

/// `1 board`, `12 boards`.
fn boards(n: usize) -> String {
    plural(n, "board", "boards")
}

/// `1 solution`, `12 solutions`.
fn solutions(n: usize) -> String {
    plural(n, "solution", "solutions")
}

fn plural(n: usize, one: &str, many: &str) -> String {
    crate::tally::counted(n as u64, one, many)
}

/// Why a search ended, in words.
fn ended_because(stop: Stop) -> &'static str {
    match stop {
        Stop::Exhausted => "every board was expanded",
        Stop::SolutionLimit => "it found as many solutions as asked (--max-solutions, --all)",
        Stop::NodeBudget => "the node budget ran out (--max-nodes)",
        Stop::Timeout => "the time ran out (--timeout)",
        _ => "it stopped",
    }
}

/// What a key press asks for.
enum Key {
    Step,
    Run,
    Quit,
    /// Nothing but a new screen (the terminal was resized).
    Redraw,
}

/// The terminal in raw mode, its cursor hidden, until dropped.
struct Screen {
    out: io::Stdout,
}

impl Screen {
    fn open() -> io::Result<Screen> {
        terminal::enable_raw_mode()?;
        let mut out = io::stdout();
        execute!(out, cursor::Hide)?;
        Ok(Screen { out })
    }

    /// Columns and lines.
    fn size(&self) -> (usize, usize) {
        let (columns, rows) = terminal::size().unwrap_or((80, 24));
        (usize::from(columns), usize::from(rows))
    }

    /// Clears the screen and draws `lines` from the top.
    fn draw(&mut self, lines: &[String]) -> io::Result<()> {
        queue!(
            self.out,
            cursor::MoveTo(0, 0),
            terminal::Clear(terminal::ClearType::All)
        )?;
        // Raw mode: a new line is a carriage return too.
        self.out.write_all(lines.join("\r\n").as_bytes())?;
        self.out.flush()
    }

    /// The next key press that means something.
    fn key(&self) -> io::Result<Key> {
        loop {
            match event::read()? {
                Event::Key(key) if key.kind == KeyEventKind::Press => {
                    let control = key.modifiers.contains(KeyModifiers::CONTROL);
                    return Ok(match key.code {
                        KeyCode::Char('c' | 'd') if control => Key::Quit,
                        KeyCode::Char(' ' | 'n') | KeyCode::Enter | KeyCode::Right => Key::Step,
                        KeyCode::Char('r') => Key::Run,
                        KeyCode::Char('q') | KeyCode::Esc => Key::Quit,
                        _ => continue,
                    });
                }
                Event::Resize(..) => return Ok(Key::Redraw),
                _ => {}
            }
        }
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        let _ = execute!(self.out, cursor::Show);
        let _ = terminal::disable_raw_mode();
        let _ = writeln!(self.out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use explore::Strategy;

    /// A class on `puzzle` with `strategy`, not started.
    fn class(puzzle: &str, strategy: Strategy) -> Class {
        let puzzle = format::parse_one(puzzle).unwrap();
        let config = Config::default().with_strategy(strategy).with_threads(1);
        Class {
            lesson: Lesson::new(&puzzle, &config),
            title: "a puzzle".to_owned(),
            config,
            steps: 0,
            last: None,
            error: None,
        }
    }

    /// Asserts that the screen of `class` at 80x30 is at most 30 lines of at most 80 columns
    /// (the mark's codes take none).
    fn check(class: &Class, when: &str) {
        let frame = class.frame(80, 30);
        if std::env::var_os("EXPLORE_SHOW_STEP").is_some() {
            eprintln!("{}", frame.join("\n"));
        }
        assert!(frame.len() <= 30, "{when}:\n{}", frame.join("\n"));
        for line in &frame {
            let plain = line.replace("\x1b[7m", "").replace("\x1b[27m", "");
            assert!(
                plain.chars().count() <= 80,
                "{when}: {} columns:\n{}",
                plain.chars().count(),
                frame.join("\n")
            );
        }
    }

    /// Every screen of a search, from the first to the last, at 80x30: no line is wider than
    /// 80 columns (the mark's codes take none) and the screen is at most 30 lines.
    #[test]
    fn every_screen_fits_80_columns() {
        let puzzles = [
            crate::input::DEMO.lines().next().unwrap(),
            "....2.3.321.....",
            // The 16x16 puzzle of tests/data/cli/sizes.txt.
            "D92.....G...43..4CF.....9D.2.6EB.E.1....F.8BC..AG56.....A3C....1.7G5A8....61....2...C....B7.......AE.964..G......F9.5.7.4............29....A.C..........645D.1......D....1.C.B7F.....E.C2G...8A9B..9.G52.....EF6.256..F.....D.B.E13.6.D........7A...8BC3....954.",
        ];
        for puzzle in puzzles {
            for strategy in [Strategy::Bfs, Strategy::Dfs] {
                let mut class = class(puzzle, strategy);
                // The first screens, then the last (the solutions) once the search has run on.
                for step in 0..=40 {
                    check(&class, &format!("{strategy}, step {step}"));
                    if !class.step() {
                        break;
                    }
                }
                while class.step() {}
                check(&class, &format!("{strategy}, the end"));
                assert!(class.lesson.stop().is_some());
            }
        }
    }

    /// `bfs` that learns, a depth per step: each screen says how many of the dead a learned
    /// clause cut and shows a clause learned, within 80x30; the counts add up to the tree's.
    #[test]
    fn a_class_that_learns_sees_its_clauses_and_the_boards_they_cut() {
        let puzzle = format::parse_one(
            "1...56....5718...66...7.....9.3............9.8....5..35...17..8..2....1.......4..",
        )
        .unwrap();
        let config = Config::default()
            .with_forced(explore::Forced::Hidden)
            .with_learn(explore::Learn::Clauses)
            .with_threads(1);
        let mut class = Class {
            lesson: Lesson::new(&puzzle, &config),
            title: "a puzzle".to_owned(),
            config: config.clone(),
            steps: 0,
            last: None,
            error: None,
        };
        let (mut cut, mut learned, mut shown) = (0, 0, 0);
        while class.step() {
            check(&class, &format!("step {}", class.steps));
            let said = class.said();
            if let Some(Report::Level { totals, .. }) = &class.last {
                assert!(
                    said.contains(&format!("\ncut: {} of the dead", totals.cut)),
                    "{said}"
                );
                cut += totals.cut;
                learned += totals.learned;
            }
            shown += usize::from(said.contains(", such as not ("));
        }
        let tree = explore::tree::record(&puzzle, &config, 10_000).unwrap();
        assert!(tree.n_cut() > 0 && shown > 0, "{shown}");
        assert_eq!((cut, learned), (tree.n_cut(), tree.clauses().len()));
    }

    /// Breadth-first, the boards wait in a queue, depth-first on a stack: every screen of each
    /// says which, and never the other's word.
    #[test]
    fn screens_name_the_queue_or_the_stack() {
        for (strategy, word, other) in [
            (Strategy::Bfs, "queue", "stack"),
            (Strategy::Dfs, "stack", "queue"),
        ] {
            let mut named = false;
            for puzzle in ["....2.3.321.....", crate::input::DEMO] {
                let mut class = class(puzzle, strategy);
                loop {
                    let screen = class.frame(80, 30).join("\n");
                    assert!(!screen.contains(other), "{strategy}:\n{screen}");
                    named |= screen.contains(word);
                    if !class.step() {
                        break;
                    }
                }
            }
            assert!(named, "{strategy} never names its {word}");
        }
    }

    /// The solutions at the end are numbered as `--all` lists them.
    #[test]
    fn solutions_are_numbered_as_all_lists_them() {
        let puzzle = "......1.21....21";
        for strategy in [Strategy::Bfs, Strategy::Dfs] {
            let mut class = class(puzzle, strategy);
            class.config = class.config.clone().with_max_solutions(None);
            class.lesson = Lesson::new(&format::parse_one(puzzle).unwrap(), &class.config);
            while class.step() {}
            let all = explore::solve(&format::parse_one(puzzle).unwrap(), &class.config);
            assert!(all.solutions.len() > 1, "the puzzle has several solutions");
            assert_eq!(
                class.lesson.solutions(),
                all.solutions.iter().collect::<Vec<_>>()
            );
            let screen = class.frame(80, 200).join("\n");
            assert!(screen.contains("solution 1"), "{screen}");
        }
    }
}
