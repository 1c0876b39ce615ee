//! `--svg`, `--dot`, `--posthoc` and `--html`: pictures of one puzzle's search, written to
//! files.
//!
//! Only the first puzzle of a run is drawn: a picture is of one search. `--svg` draws the
//! search's per-depth figures with [`explore::chart::frontier_svg`]; `--dot` records the search
//! tree with [`explore::tree::record`], which walks the tree of the run's strategy in its order
//! with the run's rules, up to [`DOT_MAX_NODES`] boards, and draws it in the style that
//! `--dot-order` and `--dot-boards` ask for; `--posthoc` writes the same walk as a Posthoc
//! search trace with [`explore::tree::posthoc`]; `--html` records it with
//! [`explore::play::Recording`] beside the run's own counts and writes the page that plays it
//! with [`explore::play::page`].

use std::path::{Path, PathBuf};

use explore::batch::Solved;
use explore::geometry::Shape;
use explore::play::{self, Recording};
use explore::tree::{self, BOARDS_MAX_SIDE, DOT_MAX_NODES, DotStyle, Walk};
use explore::{Config, chart};

use crate::cli::{DotBoards, SolveArgs};
use crate::files;
use crate::input::quoted;
use crate::tally;

/// The pictures a run asked for, and whether they are drawn yet.
pub(crate) struct Pictures {
    svg: Option<PathBuf>,
    dot: Option<PathBuf>,
    /// `--dot-order`.
    dot_order: bool,
    /// `--dot-boards`.
    dot_boards: DotBoards,
    posthoc: Option<PathBuf>,
    html: Option<PathBuf>,
    /// The puzzle that was drawn, once one was.
    drawn: Option<(String, usize)>,
    /// Puzzles after the first, which are not drawn.
    skipped: u64,
}

impl Pictures {
    pub(crate) fn new(args: &SolveArgs) -> Pictures {
        Pictures {
            svg: args.svg.clone(),
            dot: args.dot.clone(),
            dot_order: args.dot_order,
            dot_boards: args.dot_boards,
            posthoc: args.posthoc.clone(),
            html: args.html.clone(),
            drawn: None,
            skipped: 0,
        }
    }

    /// Draws the search of `solved`, if it is the first puzzle of the run and a picture was
    /// asked for. Returns what was written, for a note, or why it could not be.
    /// Whether any picture is asked for: only then does a result need more than its text,
    /// its status and its counts once its text is made.
    pub(crate) fn wanted(&self) -> bool {
        self.svg.is_some() || self.dot.is_some() || self.posthoc.is_some() || self.html.is_some()
    }

    pub(crate) fn draw(
        &mut self,
        input: &str,
        title: Option<&str>,
        solved: &mut Solved,
        config: &Config,
    ) -> Vec<Result<String, String>> {
        if !self.wanted() {
            return Vec::new();
        }
        if self.drawn.is_some() {
            self.skipped += 1;
            return Vec::new();
        }
        self.drawn = Some((input.to_owned(), solved.puzzle.index));
        let shape = solved.puzzle.grid.shape();
        let size = if shape == Shape::NINE {
            String::new()
        } else {
            format!(" ({0}x{0})", shape.side())
        };
        let name = puzzle_name(input, title, solved.puzzle.index);
        let title = format!("{name}{size}: {}", config.strategy);
        let svg = self
            .svg
            .as_deref()
            .map(|path| write_svg(path, solved, &title));
        let dot = self
            .dot
            .as_deref()
            .map(|path| self.write_dot(path, solved, config));
        let posthoc = self
            .posthoc
            .as_deref()
            .map(|path| write_posthoc(path, solved, config));
        let html = self
            .html
            .as_deref()
            .map(|path| write_html(path, solved, config, &name));
        svg.into_iter()
            .chain(dot)
            .chain(posthoc)
            .chain(html)
            .collect()
    }

    /// A note naming the puzzles that were not drawn, if any.
    pub(crate) fn skipped_note(&self) -> Option<String> {
        let (input, index) = self.drawn.as_ref()?;
        (self.skipped > 0).then(|| {
            format!(
                "pictures show one search: drew {input} puzzle {index}, not the {} after it",
                self.skipped
            )
        })
    }
}

/// A puzzle as a picture names it: its title if it has one (the demo: `AI Escargot (Arto
/// Inkala, 2006)`), else its input and number (`top1465.txt, puzzle 3`; `the command line,
/// puzzle 1` for a puzzle given as an argument, `standard input, puzzle 1`), never the `<demo>`
/// and `<argument>` that messages use.
pub(crate) fn puzzle_name(input: &str, title: Option<&str>, index: usize) -> String {
    if let Some(title) = title {
        return title.to_owned();
    }
    let input = match input {
        "<stdin>" => "standard input",
        _ if input.starts_with("<argument") => "the command line",
        _ => input,
    };
    format!("{input}, puzzle {index}")
}

fn write_svg(path: &Path, solved: &Solved, title: &str) -> Result<String, String> {
    let svg = chart::frontier_svg(&solved.outcome.stats, title);
    files::write_whole(path, svg.as_bytes())
        .map_err(|error| format!("--svg: cannot write {}: {error}", quoted(path.as_os_str())))?;
    Ok(format!(
        "wrote the search per depth to {} ({})",
        quoted(path.as_os_str()),
        tally::counted(
            solved.outcome.stats.per_depth.len() as u64,
            "depth",
            "depths"
        )
    ))
}

impl Pictures {
    fn write_dot(&self, path: &Path, solved: &Solved, config: &Config) -> Result<String, String> {
        let puzzle = &solved.puzzle.grid;
        let grids = match self.dot_boards {
            DotBoards::Never => false,
            DotBoards::Always => true,
            DotBoards::Auto => puzzle.shape().side() <= BOARDS_MAX_SIDE,
        };
        let mut walk = Walk::new(puzzle, config, DOT_MAX_NODES);
        if grids {
            walk = walk.keep_boards();
        }
        let tree = walk
            .finish()
            .map_err(|too_large| format!("--dot: {too_large}"))?;
        let grids = match self.dot_boards {
            DotBoards::Auto => tree.boards_fit(),
            _ => grids,
        };
        let style = DotStyle::default()
            .with_order_path(self.dot_order)
            .with_boards(grids);
        files::write_whole(path, tree.to_dot_with(style).as_bytes()).map_err(|error| {
            format!("--dot: cannot write {}: {error}", quoted(path.as_os_str()))
        })?;
        let path = quoted(path.as_os_str());
        Ok(format!(
            "wrote the search tree to {} ({}, {} dead, {}; numbered {}{}); draw it with:\n\
             dot -Tsvg {} -o tree.svg",
            path,
            tally::counted(tree.n_nodes() as u64, "board", "boards"),
            tree.n_dead(),
            tally::counted(tree.n_solutions() as u64, "solution", "solutions"),
            tree.order().name(),
            if grids { ", with grids" } else { "" },
            path
        ))
    }
}

fn write_posthoc(path: &Path, solved: &Solved, config: &Config) -> Result<String, String> {
    let puzzle = &solved.puzzle.grid;
    let max_nodes = tree::posthoc::max_nodes(puzzle.shape());
    let trace = tree::posthoc::trace(puzzle, config, max_nodes)
        .map_err(|too_large| format!("--posthoc: {too_large}"))?;
    files::write_whole(path, trace.text.as_bytes()).map_err(|error| {
        format!(
            "--posthoc: cannot write {}: {error}",
            quoted(path.as_os_str())
        )
    })?;
    Ok(format!(
        "wrote the search as a Posthoc trace to {} ({}, {} events); open it in the \
         Posthoc visualiser:\nhttps://posthoc.pathfinding.ai",
        quoted(path.as_os_str()),
        explore::words::count(trace.n_nodes as u128, "board", "boards"),
        trace.n_events
    ))
}

fn write_html(
    path: &Path,
    solved: &mut Solved,
    config: &Config,
    name: &str,
) -> Result<String, String> {
    let recording = Recording::take(&solved.puzzle.grid, config, &mut solved.outcome, name);
    let how = if recording.has_boards() {
        tally::counted(recording.steps.len() as u64, "board", "boards")
    } else {
        format!(
            "{}, per depth: more than {} boards",
            tally::counted(recording.stats.per_depth.len() as u64, "depth", "depths"),
            recording.max_boards
        )
    };
    // The page is written whole, so that a file it replaces is never left half written, and
    // as it is made, never held whole in memory.
    let document = play::Document::new(vec![recording]);
    files::write_whole_with(path, |mut out| play::page::write_html(&document, &mut out))
        .map_err(|error| format!("--html: cannot write {}: {error}", quoted(path.as_os_str())))?;
    Ok(format!(
        "wrote a page that plays the search to {} ({how}); open it in a browser",
        quoted(path.as_os_str())
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_name_puzzles_for_people() {
        let demo = Some(crate::input::DEMO_TITLE);
        assert_eq!(
            puzzle_name("<demo>", demo, 1),
            "AI Escargot (Arto Inkala, 2006)"
        );
        assert_eq!(puzzle_name("hard.txt", None, 3), "hard.txt, puzzle 3");
        assert_eq!(puzzle_name("<stdin>", None, 2), "standard input, puzzle 2");
        assert_eq!(
            puzzle_name("<argument 2>", None, 1),
            "the command line, puzzle 1"
        );
    }
}
