//! `--dot`: a picture of one puzzle's search, written to a file.
//!
//! Only the first puzzle of a run is drawn: a picture is of one search. The search tree is
//! recorded by [`explore::tree::record`], which explores the same tree as `bfs` and `dfs` with
//! the run's rules, up to [`DOT_MAX_NODES`] boards.

use std::path::{Path, PathBuf};

use explore::Config;
use explore::batch::Solved;
use explore::tree::{self, DOT_MAX_NODES};

/// The pictures a run asked for, and whether they are drawn yet.
pub(crate) struct Pictures {
    dot: Option<PathBuf>,
    /// The puzzle that was drawn, once one was.
    drawn: Option<(String, usize)>,
    /// Puzzles after the first, which are not drawn.
    skipped: u64,
}

impl Pictures {
    pub(crate) fn new(dot: Option<PathBuf>) -> Pictures {
        Pictures {
            dot,
            drawn: None,
            skipped: 0,
        }
    }

    /// Draws the search of `solved`, if it is the first puzzle of the run and a picture was
    /// asked for. Returns what was written, for a note, or why it could not be.
    pub(crate) fn draw(
        &mut self,
        input: &str,
        solved: &Solved,
        config: &Config,
    ) -> Option<Result<String, String>> {
        let path = self.dot.as_deref()?;
        if self.drawn.is_some() {
            self.skipped += 1;
            return None;
        }
        self.drawn = Some((input.to_owned(), solved.puzzle.index));
        Some(write_dot(path, solved, config))
    }

    /// A note naming the puzzles that were not drawn, if any.
    pub(crate) fn skipped_note(&self) -> Option<String> {
        let (input, index) = self.drawn.as_ref()?;
        (self.skipped > 0).then(|| {
            format!(
                "--dot draws one search: drew {input} puzzle {index}, not the {} after it",
                self.skipped
            )
        })
    }
}

fn write_dot(path: &Path, solved: &Solved, config: &Config) -> Result<String, String> {
    let tree = tree::record(&solved.puzzle.grid, config, DOT_MAX_NODES)
        .map_err(|too_large| format!("--dot: {too_large}"))?;
    std::fs::write(path, tree.to_dot())
        .map_err(|error| format!("--dot: cannot write {}: {error}", path.display()))?;
    Ok(format!(
        "wrote the search tree to {} ({} boards, {} dead, {}); draw it with: dot -Tsvg {} -o tree.svg",
        path.display(),
        tree.n_nodes(),
        tree.n_dead(),
        match tree.n_solutions() {
            1 => "1 solution".to_owned(),
            n => format!("{n} solutions"),
        },
        path.display()
    ))
}
