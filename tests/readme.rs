//! README.md's commands work as pasted: every line of its `sh` blocks is run by the shell with
//! the `explore` this build made first on the path, in a directory that holds the repository's
//! puzzle files (`tests/data`) and nothing else, so that a command that needs
//! a file the repository does not ship (`../shared/...`) fails here as it would in a fresh
//! clone. A command passes when it exits with status 0.
//!
//! A few commands take seconds optimised and most of a minute in a debug build: they run with
//! `EXPLORE_FULL_SETS=1`, in CI's optimised build (`full_sets_` in the name), so that the plain
//! `cargo test` stays quick.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Lines of the README's `sh` blocks that this test does not run, each with the reason.
const NOT_RUN: [(&str, &str); 3] = [
    (
        "cargo ",
        "builds and tests this repository: the test runs inside that build",
    ),
    (
        "export PATH=",
        "puts the program on the path, which the test does itself",
    ),
    (
        "explore --step",
        "steps through a search on a key press: it needs a terminal",
    ),
];

/// Commands of the README run only with `EXPLORE_FULL_SETS=1`, each with the reason.
const SLOW: [(&str, &str); 3] = [
    (
        "explore compare tests/data/top1465.txt",
        "backtrack and bitmask search 1.7 million boards: 18 s unoptimised",
    ),
    (
        "explore compare tests/data/hardest_1106.txt",
        "bitmask searches 4.5 million boards: 8 s unoptimised",
    ),
    (
        "explore --count ....",
        "counts 28 million grids: 22 s unoptimised",
    ),
];

/// The commands of README.md's `sh` blocks, without their comments.
fn commands(readme: &str) -> Vec<String> {
    let mut commands = Vec::new();
    let mut in_block = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_block = !in_block && line.trim() == "```sh";
            continue;
        }
        if !in_block {
            continue;
        }
        // A comment starts at a `#` after a space; puzzles on these lines hold none.
        let command = line.split(" #").next().unwrap_or("").trim();
        if !command.is_empty() {
            commands.push(command.to_owned());
        }
    }
    commands
}

/// Copies the directory `from` into `to`, files and folders.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Runs the README's commands, the slow ones (those of [`SLOW`]) or the others, and
/// returns how many ran.
fn run_readme(slow: bool) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let commands = commands(&readme);
    assert!(commands.len() >= 10, "the README's commands: {commands:?}");
    // Every exception still names a command of the README, so the lists stay true.
    for (start, reason) in NOT_RUN.iter().chain(&SLOW) {
        assert!(
            commands.iter().any(|command| command.starts_with(start)),
            "{start:?} ({reason}) is no longer in the README"
        );
    }
    // A clone with its puzzle files, and nothing beside it.
    let clone = tempfile::tempdir().unwrap();
    copy_tree(&root.join("tests/data"), &clone.path().join("tests/data"));
    let bin: PathBuf = Path::new(env!("CARGO_BIN_EXE_explore"))
        .parent()
        .unwrap()
        .to_owned();
    let path = std::env::join_paths(std::iter::once(bin).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .unwrap();
    let mut run = 0;
    for command in &commands {
        assert!(
            !command.contains("../"),
            "{command}: a fresh clone has nothing beside it"
        );
        let starts =
            |list: &[(&str, &str)]| list.iter().any(|(start, _)| command.starts_with(start));
        if starts(&NOT_RUN) || starts(&SLOW) != slow {
            continue;
        }
        let output = Command::new("sh")
            .arg("-c")
            .arg(command)
            .current_dir(clone.path())
            .env("PATH", &path)
            .env_remove("RUST_LOG")
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{command}: {}\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
        run += 1;
    }
    run
}

#[test]
fn the_readme_commands_run_as_pasted() {
    let run = run_readme(false);
    assert!(run >= 6, "ran {run} commands");
}

#[test]
fn full_sets_the_readme_slow_commands_run_as_pasted() {
    if std::env::var_os("EXPLORE_FULL_SETS").is_none() {
        eprintln!("skipped: set EXPLORE_FULL_SETS=1 to run the README's slow commands");
        return;
    }
    assert_eq!(run_readme(true), SLOW.len());
}
