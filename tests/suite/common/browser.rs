//! Headless Chromium driven over the DevTools protocol through a pipe (no extra crates): what the
//! browser tests share (tests/suite/report_chromium.rs, tests/suite/web_chromium.rs).

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// Debian's Chromium (package `chromium`).
pub const CHROMIUM: &str = "/usr/bin/chromium";

/// Chromium driven over `--remote-debugging-pipe`: it reads the protocol's messages from its
/// file descriptor 3 and writes to 4, each message ended by a NUL byte.
pub struct Browser {
    child: Child,
    input: ChildStdin,
    messages: Receiver<String>,
    next_id: u64,
    session: Option<String>,
}

impl Browser {
    /// Starts a headless Chromium with a fresh profile in `dir`, its window `width` × `height`.
    pub fn start(dir: &Path, width: u32, height: u32) -> Browser {
        // The shell gives Chromium our pipes as descriptors 3 and 4; the flags are those that
        // work on a machine without network (no background connections, no sandbox as root).
        let command = format!(
            "exec {CHROMIUM} --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
             --disable-background-networking --disable-component-update --disable-sync \
             --hide-scrollbars --remote-debugging-pipe --user-data-dir='{}' \
             --window-size={width},{height} 3<&0 4>&1 0</dev/null 1>/dev/null 2>/dev/null",
            dir.display()
        );
        let mut child = Command::new("sh")
            .args(["-c", &command])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("sh starts chromium");
        let input = child.stdin.take().unwrap();
        let output = child.stdout.take().unwrap();
        let (tx, messages) = mpsc::channel();
        std::thread::spawn(move || {
            for message in BufReader::new(output).split(0).map_while(Result::ok) {
                if tx
                    .send(String::from_utf8_lossy(&message).into_owned())
                    .is_err()
                {
                    return;
                }
            }
        });
        Browser {
            child,
            input,
            messages,
            next_id: 0,
            session: None,
        }
    }

    /// Sends `method` with `params` (a JSON object) and returns the answer's JSON text.
    pub fn call(&mut self, method: &str, params: &str) -> String {
        self.next_id += 1;
        let id = self.next_id;
        let session = self
            .session
            .as_ref()
            .map_or(String::new(), |s| format!(r#","sessionId":"{s}""#));
        let message = format!(r#"{{"id":{id},"method":"{method}","params":{params}{session}}}"#);
        self.input.write_all(message.as_bytes()).unwrap();
        self.input.write_all(b"\0").unwrap();
        self.input.flush().unwrap();
        // Answers start with their id; events (no id) are passed over.
        let start = format!(r#"{{"id":{id},"#);
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let answer = self
                .messages
                .recv_timeout(left)
                .unwrap_or_else(|e| panic!("no answer to {method} from chromium: {e}"));
            if answer.starts_with(&start) {
                assert!(!answer.contains(r#""error":"#), "{method}: {answer}");
                return answer;
            }
        }
    }

    /// Opens `url` in a new page and waits until it has loaded.
    pub fn open(&mut self, url: &str) {
        self.open_as(url, None);
    }

    /// Opens `url` in a new page shown as on a device `width` × `height` pixels wide and
    /// high (as a phone, with its viewport, when `mobile`), and waits until it has loaded.
    pub fn open_at(&mut self, url: &str, width: u32, height: u32, mobile: bool) {
        self.open_as(url, Some((width, height, mobile)));
    }

    /// Opens `url` in a new page, shown as on the device `device` describes if any.
    pub fn open_as(&mut self, url: &str, device: Option<(u32, u32, bool)>) {
        self.session = None;
        let target = self.call("Target.createTarget", r#"{"url":"about:blank"}"#);
        let target = string_field(&target, "targetId");
        let attached = self.call(
            "Target.attachToTarget",
            &format!(r#"{{"targetId":"{target}","flatten":true}}"#),
        );
        self.session = Some(string_field(&attached, "sessionId"));
        if let Some((width, height, mobile)) = device {
            self.call(
                "Emulation.setDeviceMetricsOverride",
                &format!(
                    r#"{{"width":{width},"height":{height},"deviceScaleFactor":1,"mobile":{mobile}}}"#
                ),
            );
        }
        self.call("Page.navigate", &format!(r#"{{"url":"{url}"}}"#));
        let deadline = Instant::now() + Duration::from_secs(20);
        while self.eval("document.readyState") != "complete" {
            assert!(Instant::now() < deadline, "{url} did not load");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Evaluates a JavaScript expression in the page; returns its value as a string.
    pub fn eval(&mut self, expression: &str) -> String {
        let params = format!(
            r#"{{"expression":"String({})","returnByValue":true}}"#,
            expression
                .replace('\\', "\\\\")
                .replace('"', "\\\"")
                .replace('\n', "\\n")
        );
        let answer = self.call("Runtime.evaluate", &params);
        assert!(
            !answer.contains("exceptionDetails"),
            "{expression}: {answer}"
        );
        string_field(&answer, "value")
    }

    /// The page as a PNG.
    pub fn screenshot(&mut self) -> Vec<u8> {
        let answer = self.call("Page.captureScreenshot", r#"{"format":"png"}"#);
        base64(&string_field(&answer, "data"))
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The first string field `name` of a JSON text, its escapes undone.
pub fn string_field(json: &str, name: &str) -> String {
    let key = format!(r#""{name}":""#);
    let start = json
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} in {json}"))
        + key.len();
    let mut out = String::new();
    let mut chars = json[start..].chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return out,
            '\\' => match chars.next().unwrap() {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'r' => out.push('\r'),
                'b' => out.push('\u{8}'),
                'f' => out.push('\u{c}'),
                'u' => {
                    let hex: String = chars.by_ref().take(4).collect();
                    let unit = u32::from_str_radix(&hex, 16).unwrap();
                    out.push(char::from_u32(unit).unwrap_or(char::REPLACEMENT_CHARACTER));
                }
                c => out.push(c),
            },
            c => out.push(c),
        }
    }
    panic!("{name} is not closed in {json}")
}

/// Decodes standard base64 (as the protocol sends a screenshot).
pub fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("'{}' is not base64", c as char),
    };
    let digits: Vec<u8> = text.bytes().filter(|&c| c != b'=').map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let bits = chunk
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, &d)| acc | u32::from(d) << (18 - 6 * i));
        out.extend(&bits.to_be_bytes()[1..chunk.len()]);
    }
    out
}
