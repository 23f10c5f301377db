#![no_main]
//! cargo fuzz target: `machack::fuzz::cecp`.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| machack::fuzz::cecp(data));
