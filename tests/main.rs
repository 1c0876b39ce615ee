//! The integration tests: one binary, a module per topic.

mod architecture;

// The command line's tests run the `explore` program, which only the `cli` feature builds.
#[cfg(feature = "cli")]
mod cli;
mod conformance;
#[cfg(feature = "cli")]
mod contract;
#[cfg(feature = "cli")]
mod distributed;
mod engine;
mod explain;
mod formats;
#[cfg(feature = "cli")]
mod generate;
mod hardening;
mod properties;
// README.md's commands, run by the shell as a user pastes them.
#[cfg(all(feature = "cli", unix))]
mod readme;
#[cfg(feature = "cli")]
mod tutorial;
