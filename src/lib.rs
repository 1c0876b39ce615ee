//! Solve and explore Sudoku by breadth-first board branching: the "array of boards".
//!
//! Instead of recursing, the breadth-first engine keeps a work queue of cloned boards. Each
//! worker pops a board, fills its forced cells, and at the branch point clones one child per
//! remaining candidate; dead boards are discarded and complete ones collected. The same puzzles
//! run through depth-first backtrackers, and every [`Strategy`] reports the same solutions.
//!
//! Data flows one way: text ([`format`](mod@format)) → [`Grid`] → [`solve`] with a [`Config`] →
//! [`Outcome`] (solutions and [`Stats`]).
//!
//! ```
//! use explore::{Config, Status, Strategy, format, solve};
//!
//! let puzzle = format::parse_one(
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
//! )?;
//! for &strategy in Strategy::ALL {
//!     let outcome = solve(&puzzle, &Config::default().with_strategy(strategy));
//!     assert_eq!(outcome.status(), Status::Unique);
//!     assert!(outcome.solutions[0].is_solution_of(&puzzle));
//! }
//! # Ok::<(), explore::InputError>(())
//! ```

pub mod batch;
mod board;
mod budget;
mod candidates;
#[cfg(feature = "svg")]
pub mod chart;
pub mod compare;
mod config;
pub mod error;
pub mod explain;
pub mod footprint;
pub mod format;
pub mod generate;
pub mod geometry;
pub mod grade;
mod grid;
mod outcome;
#[cfg(feature = "serde")]
pub mod play;
pub mod progress;
pub mod record;
pub mod shard;
mod stats;
mod strategy;
mod symbols;
#[cfg(test)]
mod testing;
mod threads;
pub mod trace;
pub mod tree;
pub mod words;

pub use config::{Branch, Config, Forced, Learn, Strategy, UnknownName};
pub use error::InputError;
pub use grid::{Conflict, Grid};
pub use outcome::{Outcome, Status, Stop};
pub use progress::Progress;
pub use shard::cubes::solve as solve_cubes;
pub use stats::{DepthStats, Stats};
pub use strategy::{board_bytes, solve};
