//! Any bytes that read as a puzzle of side 9 at most, solved by every strategy on one and two
//! threads under a node budget: solutions valid and sorted, and every strategy that finishes
//! agrees. The property is `check_solve` in tests/properties.rs, which the stable test suite
//! also runs as a proptest.
#![no_main]

#[path = "../../tests/properties.rs"]
#[allow(dead_code)]
mod properties;

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| properties::check_solve(bytes));
