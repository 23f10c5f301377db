//! machack in a browser: the library (built without its terminal, `default-features = false`)
//! behind a few `extern "C"` exports for `wasm32-unknown-unknown`, which `web/page/engine.js`
//! calls. Built by `scripts/web.sh` (see `doc/web.md`); the contract between this crate and the
//! page is summarised here (and in `doc/web.md`).
//!
//! No wasm-bindgen: strings in and strings out are all the page needs, and the glue over them
//! is some forty lines of plain JavaScript (`engine.js`), where wasm-bindgen would add a
//! dependency, a CLI tool of its own version (14 minutes to build from crates.io here) and
//! generated glue to the build.
//!
//! # Exports
//! - `machack_alloc(len) -> ptr`, `machack_free(ptr, len)`: memory for a request.
//! - `machack_call(ptr, len) -> ptr`: a request (UTF-8 text) in, a response (UTF-8 JSON) out,
//!   valid until the next call; `machack_result_len()` its length.
//!
//! # Imports (module `env`)
//! - `machack_now_ms() -> f64`: the clock (`performance.now()`), given to `machack::time` as
//!   its clock (`set_clock`) before the first request is answered.
//! - `machack_progress(ptr, len)`: a progress report (JSON) during `think`.
//!
//! # Requests
//! The first line is the command, then `key=value` lines; a line `text:` starts a block that
//! runs to the end. `start` is a FEN or `startpos`, `moves` coordinates separated by spaces. The
//! settings, wherever a search is asked for: `profile`, `preset`, `widths` (or `width`),
//! `depth`, any other setting by its command-line name (`table=off|draws|values` under c197,
//! `feedovers`, …), `book=on|off` (default on), `deepen=on|off` (default off). Any response may
//! be `{"error": "…"}`.
//!
//! | command | fields | response |
//! |---|---|---|
//! | `defaults` | | the profiles, presets and default settings |
//! | `state` | start, moves | the position, its legal moves, the moves played, how it stands |
//! | `parse` | start, moves, text | a move read as the terminal reads one, or its refusal |
//! | `think` | start, moves, settings, `wtime`, `btime`, `movestogo`, `inc`, `movetime`, `nodes`, `seed`, `values` | the move, value, line, top-level record, 1967 time, resignation, draw claims |
//! | `draw` | start, moves, settings, `value`, `machine` | `{accept}`: the answer to a draw offer |
//! | `pgn` | start, moves, settings, `white`, `black`, `result`, `seconds`, `values`, `event`, `date`, `plays`, `seed` | `{pgn}`: the record the terminal writes |
//! | `load` | text (PGN or FEN) | the start, moves, settings and names of a record |
//! | `clock` | `clock` | a time control as `--clock` reads it (`game::clock::parse`), or its refusal |
//! | `ending` | `kind`, `loser` | a game the page ends (resignation, flag, agreement, claim) in the library's words and result |
//! | `bench` | `repeat`, settings | `{positions, nodes, ms}` over `machack bench`'s positions |

mod game;
mod json;
mod request;
mod think;

use json::Json;
use machack::interface::settings::VERSION;
use machack::interface::{Preset, Profile, SearchParams};
use request::Request;
use std::cell::RefCell;

/// Answers one request: the response's JSON text.
pub fn answer(text: &str) -> String {
    #[cfg(target_arch = "wasm32")]
    machack::time::set_clock(page_now_ms);
    let json = match Request::parse(text) {
        Ok(r) => dispatch(&r).unwrap_or_else(Json::error),
        Err(e) => Json::error(e),
    };
    json.text()
}

fn dispatch(r: &Request) -> Result<Json, String> {
    match r.command.as_str() {
        "defaults" => Ok(defaults()),
        "state" => game::state(r),
        "parse" => game::parse(r),
        "think" => think::think(r),
        "draw" => game::draw(r),
        "pgn" => game::pgn(r),
        "load" => game::load(r),
        "clock" => game::clock(r),
        "ending" => game::ending(r),
        "bench" => think::bench(r),
        other => Err(format!(
            "'{}' is not a command: defaults, state, parse, think, draw, pgn, load, clock, ending or bench",
            machack::notation::excerpt(other)
        )),
    }
}

/// The settings the page offers: the profiles, the presets, and the program's defaults.
fn defaults() -> Json {
    let presets = Preset::ALL
        .iter()
        .map(|&p| {
            let params = SearchParams::preset(p);
            (
                p.to_string(),
                Json::object(vec![
                    ("widths", game::widths(&params)),
                    ("depth", params.depth.into()),
                ]),
            )
        })
        .collect();
    Json::object(vec![
        (
            "profiles",
            Json::strings(Profile::NAMES.iter().map(|s| s.to_string())),
        ),
        ("presets", Json::object(presets)),
        (
            "default",
            game::settings_json(&SearchParams::default(), true),
        ),
        ("version", VERSION.into()),
    ])
}

/// The page's clock, `performance.now()`: milliseconds since the page opened.
#[cfg(target_arch = "wasm32")]
fn page_now_ms() -> f64 {
    #[link(wasm_import_module = "env")]
    unsafe extern "C" {
        fn machack_now_ms() -> f64;
    }
    // SAFETY: an import of the page taking nothing and returning a number.
    unsafe { machack_now_ms() }
}

/// Sends a progress report to the page (in a browser; natively there is no page to tell).
fn progress(json: &str) {
    #[cfg(target_arch = "wasm32")]
    {
        #[link(wasm_import_module = "env")]
        unsafe extern "C" {
            fn machack_progress(ptr: *const u8, len: usize);
        }
        // SAFETY: the page reads `len` bytes at `ptr` before it returns.
        unsafe { machack_progress(json.as_ptr(), json.len()) };
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = json;
}

thread_local! {
    /// The last response, kept until the next call.
    static RESULT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Memory for a request of `len` bytes, for the page to write into.
#[unsafe(no_mangle)]
pub extern "C" fn machack_alloc(len: usize) -> *mut u8 {
    let mut buf = Vec::<u8>::with_capacity(len.max(1));
    let ptr = buf.as_mut_ptr();
    std::mem::forget(buf);
    ptr
}

/// Gives back memory [`machack_alloc`] gave.
///
/// # Safety
/// `ptr` and `len` must be a pair [`machack_alloc`] returned, not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn machack_free(ptr: *mut u8, len: usize) {
    // SAFETY: as the caller promises, an allocation of capacity `len.max(1)`.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len.max(1)) });
}

/// Answers the request of `len` bytes at `ptr`: the response's address, valid until the next
/// call; its length is [`machack_result_len`].
///
/// # Safety
/// `ptr` must point to `len` readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn machack_call(ptr: *const u8, len: usize) -> *const u8 {
    // SAFETY: as the caller promises.
    let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
    let response = match std::str::from_utf8(bytes) {
        Ok(text) => answer(text),
        Err(_) => Json::error("the request is not UTF-8 text").text(),
    };
    RESULT.with(|r| {
        let mut r = r.borrow_mut();
        *r = response.into_bytes();
        r.as_ptr()
    })
}

/// The length of the last response.
#[unsafe(no_mangle)]
pub extern "C" fn machack_result_len() -> usize {
    RESULT.with(|r| r.borrow().len())
}
