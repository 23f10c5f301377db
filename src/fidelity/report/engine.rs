//! The page's engine inside the report (`machack report --engine DIR`): the `.wasm` that
//! `scripts/web.sh` builds (`web/engine`), its glue (`engine.js`) and the page's worker
//! (`worker.js`, the one the browser page searches in), embedded so that each of
//! Mac Hack's positions gets a button, "think here", that searches it in the reader's browser
//! (in a worker made from a Blob: the page is one file, opened from disk) with the report's
//! settings and the game's earlier moves, as the report searched it, and sets the answer beside
//! the recorded c197 and machack answers.

use crate::interface::SearchParams;
use crate::interface::settings;
use std::fmt::Write;

/// The script of the buttons.
const SCRIPT: &str = include_str!("think.js");

/// The engine as the page embeds it.
pub struct PageEngine {
    /// The `.wasm` (`machack.wasm`).
    wasm: Vec<u8>,
    /// Its glue (`engine.js`), a plain script that defines `loadEngine`.
    glue: String,
    /// The worker's script (`worker.js`), run after the glue in a worker made from a Blob.
    worker: String,
}

impl PageEngine {
    /// The engine of `wasm`, `glue` and `worker`; refused if a script holds `</script` (it
    /// would end its element early) or the bytes are no WebAssembly module.
    pub fn new(wasm: Vec<u8>, glue: String, worker: String) -> Result<PageEngine, String> {
        if !wasm.starts_with(b"\0asm") {
            return Err("not a WebAssembly module (it does not start with \\0asm)".into());
        }
        for (name, script) in [("engine.js", &glue), ("worker.js", &worker)] {
            if script.to_ascii_lowercase().contains("</script") {
                return Err(format!("{name} holds '</script': it cannot be inlined"));
            }
        }
        Ok(PageEngine { wasm, glue, worker })
    }

    /// The engine's scripts, the `.wasm` as base64, and the script of the buttons.
    pub fn html(&self) -> String {
        let mut out = String::new();
        let _ = write!(
            out,
            "<script id=\"machack-engine-js\" type=\"text/plain\">{}</script>\n\
             <script id=\"machack-worker-js\" type=\"text/plain\">{}</script>\n\
             <script id=\"machack-wasm\" type=\"application/octet-stream\">{}</script>\n\
             <script>\n{SCRIPT}</script>\n",
            self.glue,
            self.worker,
            base64(&self.wasm)
        );
        out
    }
}

/// The engine's request fields that give a search the report's settings (those that differ
/// from the defaults, by the table's names, as a record notes them), the book off (as the
/// report searches) and its node limit.
pub fn request_fields(params: &SearchParams, nodes: Option<u64>) -> String {
    let mut lines: Vec<String> = settings::differences(&SearchParams::default(), params)
        .into_iter()
        .map(|(key, value)| format!("{key}={value}"))
        .collect();
    lines.push("book=off".into());
    if let Some(n) = nodes {
        lines.push(format!("nodes={n}"));
    }
    lines.join("\n")
}

/// `bytes` in base64 (RFC 4648, with padding).
pub fn base64(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(DIGITS[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_is_rfc_4648s() {
        // RFC 4648 section 10's test vectors.
        let cases = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, encoded) in cases {
            assert_eq!(base64(plain.as_bytes()), encoded);
        }
    }

    #[test]
    fn the_fields_give_the_settings_changed_and_the_book_off() {
        assert_eq!(request_fields(&SearchParams::default(), None), "book=off");
        let params = SearchParams::preset(crate::interface::Preset::Normal);
        let fields = request_fields(&params, Some(4096));
        assert_eq!(fields, "width=6\nbook=off\nnodes=4096");
        let wasm = b"\0asm\x01\0\0\0".to_vec();
        let js = |s: &str| s.to_string();
        assert!(PageEngine::new(wasm.clone(), js("</SCRIPT>"), js("var w;")).is_err());
        assert!(PageEngine::new(wasm.clone(), js("var x;"), js("'</script>'")).is_err());
        assert!(PageEngine::new(b"<html>".to_vec(), js("var x;"), js("var w;")).is_err());
        let html = PageEngine::new(wasm, js("var x;"), js("var w;"))
            .unwrap()
            .html();
        assert!(html.contains(">AGFzbQEAAAA=</script>"), "{html}");
        assert!(html.contains(">var w;</script>"), "{html}");
    }
}
