//! Any bytes through the puzzle reader: no panic, every puzzle round-trips through its line
//! form, every error is located. The property is `check_read` in tests/properties.rs, which
//! the stable test suite also runs as a proptest.
#![no_main]

#[path = "../../tests/properties.rs"]
#[allow(dead_code)]
mod properties;

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| properties::check_read(bytes));
