#![no_main]
//! cargo fuzz target: `machack::fuzz::coordinate`.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| machack::fuzz::coordinate(data));
