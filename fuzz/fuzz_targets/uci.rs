#![no_main]
//! cargo fuzz target: `machack::fuzz::uci`.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| machack::fuzz::uci(data));
