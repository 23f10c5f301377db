//! The report's page in a browser: headless Chromium (Debian package `chromium`) loads the page
//! of the four paper games, and the test checks, through the DevTools protocol over a pipe (no
//! extra crates), that the boards are drawn, that a click, the keys, the buttons and a URL
//! fragment each change the board shown, and saves a screenshot.

mod common;
use common::{machack, scratch, tool_installed};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

const CHROMIUM: &str = "/usr/bin/chromium";

/// Chromium driven over `--remote-debugging-pipe`: it reads the protocol's messages from its
/// file descriptor 3 and writes to 4, each message ended by a NUL byte.
struct Browser {
    child: Child,
    input: ChildStdin,
    messages: Receiver<String>,
    next_id: u64,
    session: Option<String>,
}

impl Browser {
    /// Starts a headless Chromium with a fresh profile in `dir`, its window `width` × `height`.
    fn start(dir: &Path, width: u32, height: u32) -> Browser {
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
    fn call(&mut self, method: &str, params: &str) -> String {
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
    fn open(&mut self, url: &str) {
        self.open_as(url, None);
    }

    /// Opens `url` in a new page shown as on a device `width` × `height` pixels wide and
    /// high (as a phone, with its viewport, when `mobile`), and waits until it has loaded.
    fn open_at(&mut self, url: &str, width: u32, height: u32, mobile: bool) {
        self.open_as(url, Some((width, height, mobile)));
    }

    /// Opens `url` in a new page, shown as on the device `device` describes if any.
    fn open_as(&mut self, url: &str, device: Option<(u32, u32, bool)>) {
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
    fn eval(&mut self, expression: &str) -> String {
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
    fn screenshot(&mut self) -> Vec<u8> {
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

/// The first string field `name` of a JSON text (escapes of quotes and backslashes undone).
fn string_field(json: &str, name: &str) -> String {
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
            '\\' => out.push(chars.next().unwrap()),
            c => out.push(c),
        }
    }
    panic!("{name} is not closed in {json}")
}

/// Decodes standard base64 (as the protocol sends a screenshot).
fn base64(text: &str) -> Vec<u8> {
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

#[test]
fn base64_decodes_the_padding_cases() {
    assert_eq!(base64("TWFu"), b"Man");
    assert_eq!(base64("TWE="), b"Ma");
    assert_eq!(base64("TQ=="), b"M");
}

/// The paper's four games.
const PAPER_GAMES: [&str; 4] = [
    "games/1967-1-wagner.score",
    "games/1967-2-nn-1410.score",
    "games/1967-3-landey.score",
    "games/1967-4-spring-amateur.score",
];

/// `machack report GAMES` written in a scratch folder `name`: the folder and the page's URL.
fn report_page(name: &str, games: &[&str]) -> (PathBuf, String) {
    let dir = scratch(name);
    let page = dir.join("report.html");
    let mut args = vec!["report"];
    args.extend(games);
    args.extend(["-o", page.to_str().unwrap()]);
    let (code, _, err) = machack(&args, "");
    assert_eq!(code, 0, "{err}");
    let url = format!("file://{}", page.display());
    (dir, url)
}

/// The id of the position game `g` shows.
fn shown(browser: &mut Browser, g: u32) -> String {
    browser.eval(&format!("document.querySelector('#g{g} .pos.current').id"))
}

#[test]
fn chromium_draws_the_boards_and_moves_between_them() {
    if !tool_installed(CHROMIUM, "chromium_draws_the_boards_and_moves_between_them") {
        return;
    }
    let (dir, url) = report_page("report-chromium", &PAPER_GAMES);
    // The window holds one game's card: the screenshot at the end is the README's
    // (doc/report-screenshot.png, made smaller with pngquant).
    let mut browser = Browser::start(&dir.join("profile"), 1280, 900);
    browser.open(&url);

    // A board per position, each game showing its first, drawn at full size with its pieces.
    assert_eq!(
        browser.eval("document.querySelectorAll('svg.board').length"),
        "320"
    );
    assert_eq!(
        browser.eval("document.querySelectorAll('section.game').length"),
        "4"
    );
    for g in 1..=4 {
        assert_eq!(shown(&mut browser, g), format!("g{g}-p0"));
    }
    let board = "document.querySelector('#g1 .pos.current svg.board')";
    assert_eq!(
        browser.eval(&format!("{board}.getBoundingClientRect().width")),
        "430"
    );
    assert_eq!(
        browser.eval(&format!(
            "{board}.querySelectorAll('use[href^=\"#pc-\"]').length"
        )),
        "32"
    );
    // A piece drawn from the shared definitions has its drawing's height (the king: 34 units
    // of the square's 45; 0 if the definitions were not found).
    assert_eq!(
        browser.eval(&format!(
            "Math.round({board}.querySelector('use[href=\"#pc-bK\"]').getBBox().height)"
        )),
        "34"
    );
    // Only the current position of a game is laid out.
    assert_eq!(
        browser.eval("Array.from(document.querySelectorAll('#g1 .pos')).filter(p => p.querySelector('svg').getBoundingClientRect().width > 0).length"),
        "1"
    );

    // A click on a move shows the position before it; the fragment follows.
    browser.eval("document.querySelector('#g1 .moves a[data-ply=\"9\"]').click()");
    assert_eq!(shown(&mut browser, 1), "g1-p9");
    assert_eq!(browser.eval("location.hash"), "#g1-p9");
    assert_eq!(
        browser.eval("document.querySelector('#g1 .moves a.on').dataset.ply"),
        "9"
    );
    assert_eq!(
        browser.eval(&format!("{board}.getBoundingClientRect().width")),
        "430"
    );

    // The keys act on the game in view.
    browser.eval("document.getElementById('g1').scrollIntoView()");
    let key = |b: &mut Browser, k: &str| {
        b.eval(&format!(
            "document.body.dispatchEvent(new KeyboardEvent('keydown', {{key: '{k}', bubbles: true}}))"
        ));
    };
    key(&mut browser, "ArrowRight");
    assert_eq!(shown(&mut browser, 1), "g1-p10");
    key(&mut browser, "ArrowLeft");
    key(&mut browser, "ArrowLeft");
    assert_eq!(shown(&mut browser, 1), "g1-p8");
    key(&mut browser, "n");
    let next = shown(&mut browser, 1);
    assert_eq!(
        next, "g1-p9",
        "the next position where the moves differ (5... N-KB3)"
    );
    assert_ne!(
        browser.eval(&format!("document.getElementById('{next}').dataset.agree")),
        "all"
    );
    key(&mut browser, "End");
    assert_eq!(shown(&mut browser, 1), "g1-p109");
    key(&mut browser, "Home");
    assert_eq!(shown(&mut browser, 1), "g1-p0");
    assert_eq!(
        shown(&mut browser, 2),
        "g2-p0",
        "the other games stay where they were"
    );

    // The buttons.
    browser.eval("document.querySelector('#g3 button[data-go=\"last\"]').click()");
    assert_eq!(shown(&mut browser, 3), "g3-p41");
    browser.eval("document.querySelector('#g3 button[data-go=\"prev\"]').click()");
    assert_eq!(shown(&mut browser, 3), "g3-p40");

    // A link of the agreement table, and a page opened at a fragment.
    browser.eval("document.querySelector('.summary a[href=\"#g4-p40\"]').click()");
    assert_eq!(shown(&mut browser, 4), "g4-p40");
    browser.open(&format!("{url}#g2-p15"));
    assert_eq!(shown(&mut browser, 2), "g2-p15");
    assert_eq!(shown(&mut browser, 1), "g1-p0");
    assert_eq!(
        browser.eval("Math.round(document.getElementById('g2').getBoundingClientRect().top)"),
        "0",
        "the game is scrolled into view"
    );

    let png = browser.screenshot();
    assert_eq!(&png[1..4], b"PNG");
    let shot = dir.join("report-screenshot.png");
    std::fs::write(&shot, &png).unwrap();
    let _ = writeln!(
        std::io::stderr(),
        "screenshot of the page at game 2, position 15: {} ({} bytes)",
        shot.display(),
        png.len()
    );
    // A drawn board and text make a picture of some size; a blank page is a few kilobytes.
    assert!(png.len() > 60_000, "{} bytes", png.len());
}

/// Every element laid out wider than the window or past its edges, as `where: tag.class left..right`
/// (at most 12 of them, then how many in all): the whole page as it opens, then each game with
/// each of its positions shown in turn (its board, analysis and controls laid out, the others
/// hidden).
const OVERFLOWING: &str = r#"(function () {
  var w = document.documentElement.clientWidth, bad = [];
  function check(where, elements) {
    elements.forEach(function (e) {
      var r = e.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && (r.left < -0.5 || r.right > w + 0.5)) {
        bad.push(where + ': ' + e.tagName.toLowerCase() + '.' + (e.getAttribute('class') || '')
          + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
      }
    });
  }
  check('page', document.querySelectorAll('body *'));
  document.querySelectorAll('section.game').forEach(function (game) {
    var shown = game.querySelector('.pos.current');
    game.querySelectorAll('.pos').forEach(function (pos) {
      shown.classList.remove('current');
      pos.classList.add('current');
      shown = pos;
      check(pos.id, pos.querySelectorAll('*'));
    });
  });
  var wide = document.documentElement.scrollWidth;
  if (wide > w) bad.unshift('the page is ' + wide + ' px wide in a window of ' + w);
  return bad.length + (bad.length ? ': ' + bad.slice(0, 12).join('; ') : '');
})()"#;

#[test]
fn the_page_fits_a_phone_and_a_wide_screen() {
    if !tool_installed(CHROMIUM, "the_page_fits_a_phone_and_a_wide_screen") {
        return;
    }
    // The paper's four games and the Dreyfus game: long variations, long file names, a game
    // with no c197 answers.
    let mut games = PAPER_GAMES.to_vec();
    games.push("games/1967-dreyfus.score");
    let (dir, url) = report_page("report-widths", &games);
    let mut browser = Browser::start(&dir.join("profile"), 1400, 900);
    for (width, height, mobile) in [(390, 844, true), (1400, 900, false)] {
        browser.open_at(&url, width, height, mobile);
        assert_eq!(
            browser.eval("document.documentElement.clientWidth"),
            width.to_string()
        );
        // The screenshots: the top of the page (the headline figures), the agreement table,
        // and game 2 after 15 plies (a board, its analysis, its FEN and command).
        for (view, scroll) in [
            ("top", "window.scrollTo(0, 0)"),
            (
                "table",
                "document.getElementById('summary').scrollIntoView()",
            ),
            (
                "position",
                "(location.hash = '#g2-p15', document.querySelector('#g2-p15 .an').scrollIntoView())",
            ),
        ] {
            browser.eval(scroll);
            std::thread::sleep(Duration::from_millis(100));
            let png = browser.screenshot();
            assert_eq!(&png[1..4], b"PNG");
            let shot = dir.join(format!("report-{width}px-{view}.png"));
            std::fs::write(&shot, &png).unwrap();
            let _ = writeln!(
                std::io::stderr(),
                "screenshot at {width} px, {view}: {} ({} bytes)",
                shot.display(),
                png.len()
            );
        }
        assert_eq!(browser.eval(OVERFLOWING), "0", "at {width} px");
    }
}
