#![no_main]
//! cargo fuzz target: `machack::fuzz::epd`.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| machack::fuzz::epd(data));
