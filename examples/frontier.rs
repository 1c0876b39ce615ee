//! The breadth-first frontier of one hard puzzle, level by level.
//!
//! ```text
//! cargo run --release --example frontier               # print the table
//! cargo run --release --example frontier frontier.svg  # and draw it
//! ```
//!
//! Solves a built-in hard puzzle with `bfs`, proving its solution unique, and prints for each
//! depth how many boards the level held, how many died, how many were solutions, and the
//! frontier, with a bar proportional to the boards, its scale in the heading, all within 80
//! columns. Given a path, it also writes the picture of [`explore::chart`] there.

use std::error::Error;

use explore::{Config, DepthStats, Strategy, chart, format, solve};

/// From the enjoysudoku forum's hardest list (hardest_1106, puzzle 1).
const PUZZLE: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

/// Width of the longest bar, in characters: the table fits 80 columns.
const BAR: usize = 32;

fn main() -> Result<(), Box<dyn Error>> {
    let svg_path = std::env::args_os().nth(1);
    let puzzle = format::parse_one(PUZZLE)?;
    let config = Config::default().with_strategy(Strategy::Bfs);
    let outcome = solve(&puzzle, &config);
    let stats = &outcome.stats;

    println!("{PUZZLE}");
    println!(
        "bfs, forced={} branch={}: {}",
        config.forced,
        config.branch,
        outcome.verdict()
    );
    println!();
    print!("{}", table(&stats.per_depth));
    println!();
    println!(
        "{} boards, {} dead, {} guesses; peak frontier {} boards ({} bytes); {:.3} ms",
        stats.nodes,
        stats.dead,
        stats.guesses,
        stats.peak_frontier,
        stats.peak_frontier_bytes,
        stats.elapsed.as_secs_f64() * 1e3
    );

    if let Some(path) = svg_path {
        let svg = chart::frontier_svg(stats, "Breadth-first search of one hard puzzle");
        std::fs::write(&path, svg)?;
        println!("wrote {}", path.to_string_lossy());
    }
    Ok(())
}

/// The table of `per_depth`: a row per depth and a bar of `#`, each standing for the same
/// number of boards (the heading says how many), the longest [`BAR`] characters.
fn table(per_depth: &[DepthStats]) -> String {
    let widest = per_depth.iter().map(|row| row.boards).max().unwrap_or(1);
    let per_mark = widest.div_ceil(BAR as u64).max(1);
    let unit = if per_mark == 1 { "board" } else { "boards" };
    let mut out = format!(
        "{:>5} {:>9} {:>9} {:>9} {:>9}  # = {per_mark} {unit}\n",
        "depth", "boards", "dead", "solutions", "frontier"
    );
    for row in per_depth {
        // Rounded, and at least one mark for a level that held any board.
        let marks = (row.boards + per_mark / 2) / per_mark;
        let marks = if row.boards > 0 { marks.max(1) } else { 0 };
        out.push_str(&format!(
            "{:>5} {:>9} {:>9} {:>9} {:>9}  {}\n",
            row.depth,
            row.boards,
            row.dead,
            row.solutions,
            row.frontier,
            "#".repeat(marks as usize)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table fits 80 columns, and its bars are proportional to the boards at the scale
    /// the heading gives.
    #[test]
    fn the_table_fits_80_columns_with_bars_to_scale() {
        let outcome = solve(&format::parse_one(PUZZLE).unwrap(), &Config::default());
        let per_depth = &outcome.stats.per_depth;
        let text = table(per_depth);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), per_depth.len() + 1);
        let per_mark: u64 = lines[0]
            .split("# = ")
            .nth(1)
            .and_then(|scale| scale.split(' ').next())
            .and_then(|n| n.parse().ok())
            .expect("the heading gives the scale");
        for (line, row) in lines[1..].iter().zip(per_depth) {
            assert!(line.chars().count() <= 80, "{line}");
            let marks = line.chars().filter(|&c| c == '#').count() as u64;
            assert!(marks <= BAR as u64, "{line}");
            // Within half a mark of the boards it stands for.
            let drawn = marks * per_mark;
            assert!(
                drawn.abs_diff(row.boards) <= per_mark / 2 + u64::from(marks == 1) * per_mark,
                "{line}: {marks} marks of {per_mark} for {} boards",
                row.boards
            );
        }
        assert!(lines.iter().all(|line| line.chars().count() <= 80));
    }
}
