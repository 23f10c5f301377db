#![no_main]
//! cargo fuzz target: `machack::fuzz::book`.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| machack::fuzz::book(data));
