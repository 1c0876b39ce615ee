//! `explore split`: one puzzle's search cut into shards, written one puzzle per line.
//!
//! [`explore::shard::split`] decides the shards, or with `--learn cubes`
//! [`explore::shard::cubes::split`] the shards that are sets of cubes; this module reads the one puzzle, writes a
//! commented header saying where it came from and how it was cut, then the shards, and says
//! on standard error what a user should know (a cut stopped by the frontier budget, a box
//! shape the shards' lines do not carry).

use std::fmt::Write as _;
use std::io::{self, BufWriter, Write};

use explore::geometry::Shape;
use explore::shard::{self, Cut, Reached};
use explore::{Config, Forced, Grid, Learn, format};

use crate::cli::SplitArgs;
use crate::input::{DEMO_TITLE, Source};
use crate::tally::{EXIT_INPUT, EXIT_OK, group};

/// Splits the puzzle `args` names and writes its shards; returns the exit status.
pub(crate) fn run(args: &SplitArgs) -> u8 {
    let options = args.read.options();
    let inputs: Vec<_> = args.input.iter().cloned().collect();
    let source = Source::from_args(&inputs, &options)
        .pop()
        .expect("one source at most, or the demo");
    let fail = |message: &dyn std::fmt::Display| {
        eprintln!("explore: {message}");
        EXIT_INPUT
    };
    let opened = match source.open() {
        Ok(opened) => opened,
        Err(error) => return fail(&error),
    };
    let name = opened.name;
    let mut puzzles = format::read_with(opened.reader, &name, &options);
    let puzzle = match puzzles.next() {
        None => return fail(&format_args!("{name}: no puzzle to split")),
        Some(Err(error)) => return fail(&error),
        Some(Ok(puzzle)) => puzzle,
    };
    if let Some(second) = puzzles.next() {
        let line = match &second {
            Ok(puzzle) => puzzle.line,
            Err(error) => error.line,
        };
        return fail(&format_args!(
            "{name}: more than one puzzle (another starts on line {line}); split takes one \
             puzzle: to spread a batch over machines, split the file by lines \
             (docs/distributed.md)"
        ));
    }

    let config = args.config();
    let shape = puzzle.grid.shape();
    let needs_box = needs_box(shape);
    let origin = match source {
        Source::Demo => format!("{name} ({DEMO_TITLE})"),
        _ => format!("{name}, puzzle 1 (line {})", puzzle.line),
    };
    let mut header = String::new();
    let _ = writeln!(header, "# explore split of {origin}: {shape}");
    let _ = writeln!(header, "# puzzle {}", puzzle.grid.to_line());
    if config.learn == Learn::Cubes {
        return cubes(args, &config, &puzzle.grid, header);
    }

    let cut = args.cut();
    let split = shard::split(&puzzle.grid, &config, cut);
    let _ = writeln!(
        header,
        "# cut: {}, forced={} branch={}",
        describe_cut(cut, &split),
        config.forced,
        config.branch
    );
    let count = |n: u128, one: &str, many: &str| explore::words::count(n, one, many);
    let _ = writeln!(
        header,
        "# {}: {} met above the cut, then {} at depth {} ({} expanded, {} dead)",
        count(split.shards.len() as u128, "shard", "shards"),
        count(split.n_solutions as u128, "solution", "solutions"),
        count(
            (split.shards.len() - split.n_solutions) as u128,
            "board",
            "boards"
        ),
        split.depth,
        count(split.boards.into(), "board", "boards"),
        split.dead,
    );
    if needs_box {
        let _ = writeln!(
            header,
            "# read the shards with --box {}x{}: their lines do not say the box shape",
            shape.box_rows(),
            shape.box_cols()
        );
    }
    let _ = writeln!(
        header,
        "# solve every shard, then add the results up: explore merge (docs/distributed.md)"
    );

    let lines = split.shards.iter().map(|grid| grid.to_line());
    if let Err(code) = write(&header, lines) {
        return code;
    }
    if !args.quiet {
        if split.reached == Reached::Budget {
            say_budget(
                split.budget,
                split.depth,
                &format!("{} shards", group(split.shards.len() as f64)),
            );
        }
        if needs_box {
            eprintln!(
                "explore: split: solve the shards with --box {}x{}",
                shape.box_rows(),
                shape.box_cols()
            );
        }
    }
    EXIT_OK
}

/// Splits `puzzle` into shards that are sets of cubes (`--learn cubes`) and writes them after
/// `header`; returns the exit status.
fn cubes(args: &SplitArgs, config: &Config, puzzle: &Grid, mut header: String) -> u8 {
    let split = shard::cubes::split(puzzle, config, args.shards);
    let shape = puzzle.shape();
    let count = |n: usize, one: &str, many: &str| explore::words::count(n as u128, one, many);
    let why = match split.reached {
        Reached::Ended => format!(
            "the search ended at depth {} above the cut: every cube is a solution",
            split.depth
        ),
        Reached::Budget => format!(
            "at depth {}, the last level within the frontier budget of {} boards, before \
             --cubes {}",
            split.depth, split.budget, config.cubes
        ),
        _ => format!(
            "at depth {}, the first level of --cubes {} boards or more",
            split.depth, config.cubes
        ),
    };
    let _ = writeln!(
        header,
        "# cut: {} as explore --learn cubes cuts them, {why}; forced={} branch={}",
        count(split.n_cubes(), "cube", "cubes"),
        config.forced,
        config.branch
    );
    let _ = writeln!(
        header,
        "# {} ({} met above the cut, then {} at depth {}; {} expanded, {} dead)",
        count(split.n_cubes(), "cube", "cubes"),
        count(split.n_solutions, "solution", "solutions"),
        count(split.n_cubes() - split.n_solutions, "board", "boards"),
        split.depth,
        count(split.boards as usize, "board", "boards"),
        split.dead,
    );
    let _ = writeln!(
        header,
        "# dealt in turn to {}: each line is the puzzle and its shard's cubes, which explore \
         conquers as one machine does, learning from cube to cube",
        count(split.shards.len(), "shard", "shards")
    );
    let mut flags = Vec::new();
    if needs_box(shape) {
        flags.push(format!("--box {}x{}", shape.box_rows(), shape.box_cols()));
    }
    if config.forced != Forced::default() {
        flags.push(format!("--forced {}", config.forced));
    }
    if !flags.is_empty() {
        let _ = writeln!(
            header,
            "# solve the shards with {}: their lines do not say it",
            flags.join(" ")
        );
    }
    let _ = writeln!(
        header,
        "# solve every shard, then add the results up: explore merge (docs/distributed.md)"
    );
    let puzzle_line = puzzle.to_line();
    let lines = split
        .shards
        .iter()
        .map(|cubes| format!("{puzzle_line} # {} {cubes}", shard::cubes::MARKER));
    if let Err(code) = write(&header, lines) {
        return code;
    }
    if !args.quiet {
        if split.reached == Reached::Budget {
            say_budget(
                split.budget,
                split.depth,
                &count(split.n_cubes(), "cube", "cubes"),
            );
        }
        if split.shards.len() < args.shards && split.n_cubes() > 0 {
            eprintln!(
                "explore: split: {} for --shards {}: a shard holds one cube at least",
                count(split.n_cubes(), "cube", "cubes"),
                args.shards
            );
        }
        if !flags.is_empty() {
            eprintln!("explore: split: solve the shards with {}", flags.join(" "));
        }
    }
    EXIT_OK
}

/// Says that the cut stopped at the frontier's `budget` of boards, at `depth` with `made`.
fn say_budget(budget: usize, depth: usize, made: &str) {
    eprintln!(
        "explore: split: the next level would hold more than {} boards, the frontier budget \
         (--max-frontier, --max-frontier-bytes): cut at depth {depth} with {made}",
        group(budget as f64)
    );
}

/// Writes `header`, then each of `lines` on a line of its own, to standard output; the exit
/// status when they could not all be written.
fn write(header: &str, lines: impl Iterator<Item = String>) -> Result<(), u8> {
    let mut out = BufWriter::new(io::stdout().lock());
    let written = out.write_all(header.as_bytes()).and_then(|()| {
        for line in lines {
            out.write_all(line.as_bytes())?;
            out.write_all(b"\n")?;
        }
        out.flush()
    });
    if let Err(error) = written {
        // A reader that went away is not reported, but the shards were not all written.
        if error.kind() != io::ErrorKind::BrokenPipe {
            eprintln!(
                "explore: cannot write the shards: {}",
                crate::input::describe(&error)
            );
        }
        return Err(EXIT_INPUT);
    }
    Ok(())
}

/// Whether a line of `shape`'s cells reads back as another shape unless `--box` says.
pub(crate) fn needs_box(shape: Shape) -> bool {
    let line = explore::Grid::empty(shape).to_line();
    format::parse_one(&line).map_or(true, |grid| grid.shape() != shape)
}

/// `at depth 3 (--depth 3)`, `at depth 4, the first level of 1,000 boards or more (--shards
/// 1000)`, and why a cut stopped short.
fn describe_cut(cut: Cut, split: &shard::Split) -> String {
    let asked = match cut {
        Cut::Depth(depth) => format!("--depth {depth}"),
        Cut::Boards(n) => format!("--shards {n}"),
    };
    match split.reached {
        Reached::Ended => format!(
            "the search ended at depth {} above the cut ({asked}): every shard is a solution",
            split.depth
        ),
        Reached::Budget => format!(
            "at depth {}, the last level within the frontier budget of {} boards, before the \
             cut asked for ({asked})",
            split.depth, split.budget
        ),
        _ => format!("at depth {} ({asked})", split.depth),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_shapes_that_are_not_the_default_for_their_size_need_box() {
        for (text, needed) in [
            ("2x2", false),
            ("2x3", false),
            ("3x2", true),
            ("3x3", false),
        ] {
            let shape: Shape = text.parse().unwrap();
            assert_eq!(needs_box(shape), needed, "{text}");
        }
    }
}
