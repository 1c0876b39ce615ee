//! The breadth-first frontier of one hard puzzle, level by level.
//!
//! ```text
//! cargo run --release --example frontier               # print the table
//! cargo run --release --example frontier frontier.svg  # and draw it
//! ```
//!
//! Solves a built-in hard puzzle with `bfs`, proving its solution unique, and prints for each
//! depth how many boards the level held, how many died, how many were solutions, and the
//! frontier, with a bar. Given a path, it also writes the picture of [`explore::chart`] there.

use std::error::Error;

use explore::{Config, Strategy, chart, format, solve};

/// From the enjoysudoku forum's hardest list (hardest_1106, puzzle 1).
const PUZZLE: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

/// Width of the longest bar, in characters.
const BAR: usize = 40;

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
    println!(
        "{:>5} {:>9} {:>9} {:>9} {:>9}  boards",
        "depth", "boards", "dead", "solutions", "frontier"
    );
    let widest = stats.per_depth.iter().map(|r| r.boards).max().unwrap_or(1);
    for row in &stats.per_depth {
        // Bars grow with the logarithm of the count, so that 1 and 100,000 both show.
        let length = if row.boards == 0 {
            0
        } else {
            let share = (row.boards as f64).ln_1p() / (widest as f64).ln_1p();
            ((share * BAR as f64).round() as usize).max(1)
        };
        println!(
            "{:>5} {:>9} {:>9} {:>9} {:>9}  {}",
            row.depth,
            row.boards,
            row.dead,
            row.solutions,
            row.frontier,
            "#".repeat(length)
        );
    }
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
