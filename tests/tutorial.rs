//! docs/tutorial.md runs as written: every `console` block's commands are run from the
//! repository's root with the `explore` this build made, and their output (standard output,
//! then standard error) must be the text shown under them, where `[..]` stands for any text
//! within a line (times) and `...` for any lines. The pictures the tutorial's commands draw are
//! written where the tutorial shows them, so CI's `git diff --exit-code docs/img` after the
//! tests proves the pictures in the repository are the ones the program draws.
//!
//! After a deliberate change of output, `TRYCMD=overwrite cargo test --test main tutorial`
//! writes the new output into the tutorial; read the diff before committing it.

#[test]
fn the_tutorial_runs_as_written() {
    // The pictures' folder, which a packaged crate does not ship.
    std::fs::create_dir_all(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/img")).unwrap();
    trycmd::TestCases::new()
        .register_bin(
            "explore",
            std::path::Path::new(env!("CARGO_BIN_EXE_explore")),
        )
        // The trace is as wide as COLUMNS off a terminal: the tutorial shows 80 columns.
        .env("COLUMNS", "80")
        .case("docs/tutorial.md");
}
