#![no_main]
//! cargo fuzz target: `machack::fuzz::game_command`.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| machack::fuzz::game_command(data));
