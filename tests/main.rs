//! The integration tests: one binary, a module per topic.

mod cli;
mod conformance;
mod engine;
mod formats;
mod hardening;
mod properties;
