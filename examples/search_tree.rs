//! Prints the search tree of a nearly-solved puzzle as a Graphviz DOT digraph, for the
//! classroom:
//!
//! ```text
//! cargo run --example search_tree | dot -Tsvg > tree.svg
//! cargo run --example search_tree -- PUZZLE | dot -Tpng > tree.png
//! ```
//!
//! PUZZLE is one puzzle in any format `explore` reads (one line of 81 characters, `.` or `0`
//! for an empty cell). Without it, a built-in puzzle: the solution of a well-known puzzle with
//! 54 cells blanked, whose tree has 15 boards, seven of them dead ends.

use std::process::ExitCode;

use explore::{Config, format, tree};

/// 27 givens; the default rules (locked candidates, fewest-candidates cell) need seven guesses.
const NEARLY_SOLVED: &str =
    "5...7..1..7.1..3.8..8....6785......3..68..7..7.3.2....96.5....4.8.41........8....";

fn main() -> ExitCode {
    let text = std::env::args()
        .nth(1)
        .unwrap_or_else(|| NEARLY_SOLVED.to_owned());
    let result = format::parse_one(&text)
        .map_err(|err| err.to_string())
        .and_then(|puzzle| {
            tree::record(&puzzle, &Config::default(), tree::DOT_MAX_NODES)
                .map_err(|err| err.to_string())
        });
    match result {
        Ok(tree) => {
            print!("{}", tree.to_dot());
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("search_tree: {message}");
            ExitCode::FAILURE
        }
    }
}
