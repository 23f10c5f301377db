//! machack in a browser (issue 33, doc/web.md): the page `scripts/web.sh` builds, opened from
//! disk in headless Chromium and driven through the DevTools protocol (tests/suite/common/browser.rs).
//! A whole game played on it by clicks, drags and typed moves to its end, whose record `machack
//! replay` reads; its answers beside the native program's in every position of the paper's four
//! games where Mac Hack moved; the address form with `&think`; a phone's width; Stop, take-back,
//! a refused move, the clocks; the bench and the time until a move can be played; "think here"
//! in a report made with `--engine`.
//!
//! The page: `$MACHACK_WEB_DIR/index.html` (`.ci/run` builds it once), else `scripts/web.sh`
//! run once into a scratch folder. Without Chromium, or without a wasm32 toolchain (rustup's
//! target or Debian's rustc-web route), each test says SKIPPED, and fails under
//! `MACHACK_REQUIRE_TOOLS`.

use crate::common;
use common::browser::{Browser, CHROMIUM};
use common::{machack, scratch, skipped, tool_installed};
use machack::fidelity::compare::{Oracle, Yardsticks, compare_game, mac_hack_side};
use machack::interface::{Limits, SearchParams};
use machack::notation::{Style, coordinate, descriptive, read_games, san};
use machack::rules::Position;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{OnceLock, RwLock, RwLockReadGuard};
use std::time::{Duration, Instant};

/// The project's folder.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Whether a wasm32 toolchain is there for `scripts/web.sh`: rustup's target, or Debian's
/// route (rustc-web, cargo-web, rust-web-src, lld-22), as the script looks for them.
fn wasm_toolchain() -> bool {
    let rustup = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("wasm32-unknown-unknown"));
    let debian = Path::new("/usr/bin/rustc").exists()
        && Path::new("/usr/lib/rustlib/src/rust/library").exists()
        && Command::new("rust-lld")
            .args(["-flavor", "wasm", "--version"])
            .output()
            .is_ok_and(|o| o.status.success());
    rustup || debian
}

/// The page's file: `$MACHACK_WEB_DIR/index.html`, or built once by `scripts/web.sh` for all
/// the tests of this file; None (the test skipped) when Chromium or a toolchain is missing.
fn page(test: &str) -> Option<PathBuf> {
    static PAGE: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    if !tool_installed(CHROMIUM, test) {
        return None;
    }
    let built = PAGE.get_or_init(|| {
        if let Some(dir) = common::web_dir() {
            return Ok(dir.join("index.html"));
        }
        if !wasm_toolchain() {
            return Err(
                "no wasm32 toolchain: rustup target add wasm32-unknown-unknown, or \
                        Debian's rustc-web cargo-web rust-web-src lld-22"
                    .into(),
            );
        }
        let dir = scratch("web-page");
        let began = Instant::now();
        let out = Command::new(root().join("scripts/web.sh"))
            .arg(&dir)
            .output()
            .expect("scripts/web.sh runs");
        assert!(
            out.status.success(),
            "scripts/web.sh failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        note(&format!(
            "scripts/web.sh built the page in {:.1} s: {}",
            began.elapsed().as_secs_f64(),
            String::from_utf8_lossy(&out.stdout).trim()
        ));
        Ok(dir.join("index.html"))
    });
    match built {
        Ok(path) => {
            assert!(path.exists(), "{} is missing", path.display());
            Some(path.clone())
        }
        Err(why) => {
            skipped(test, why);
            None
        }
    }
}

/// The tests of this file run side by side; the bench's measurements run alone (the
/// machine has two cores): each test holds this lock shared, the bench exclusive.
static ALONE: RwLock<()> = RwLock::new(());

/// The lock shared, for a test that may run beside the others.
fn beside_others() -> RwLockReadGuard<'static, ()> {
    ALONE.read().unwrap_or_else(|e| e.into_inner())
}

/// For a test that runs beside the others: the lock shared, its scratch folder `name`, and a
/// browser 1280 × 900 with a fresh profile there.
fn beside_others_in(name: &str) -> (RwLockReadGuard<'static, ()>, PathBuf, Browser) {
    let beside = beside_others();
    let dir = scratch(name);
    let browser = Browser::start(&dir.join("profile"), 1280, 900);
    (beside, dir, browser)
}

/// A line on the terminal, past the test harness's capture.
fn note(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// The page's address, with `fragment` (`#fen=…`) if any.
fn url(page: &Path, fragment: &str) -> String {
    format!("file://{}{fragment}", page.display())
}

/// Opens the page at `fragment` in a window `width` px wide, and waits until a move can be
/// played (the engine compiled, the board drawn).
fn open(browser: &mut Browser, page: &Path, fragment: &str, width: u32) {
    browser.open_at(&url(page, fragment), width, 900, width < 600);
    wait_for(
        browser,
        "document.body.dataset.ready === '1'",
        "the page is ready",
    );
}

/// Waits until the expression `condition` is true in the page (at most a minute).
fn wait_for(browser: &mut Browser, condition: &str, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if browser.eval(condition) == "true" {
            return;
        }
        if Instant::now() > deadline {
            let status = browser.eval("document.getElementById('status').textContent");
            let said = transcript(browser);
            panic!("waited a minute for: {what}; the page says {status}, its teletype:\n{said}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The moves of the page's game, in coordinates.
fn moves(browser: &mut Browser) -> Vec<String> {
    browser
        .eval("machack.game.moves.join(' ')")
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// The page's transcript.
fn transcript(browser: &mut Browser) -> String {
    browser.eval("document.getElementById('transcript').textContent")
}

/// A JavaScript string literal of `text`.
fn js(text: &str) -> String {
    format!(
        "'{}'",
        text.replace('\\', "\\\\")
            .replace('\'', "\\'")
            .replace('\n', "\\n")
    )
}

/// Types `text` into the move field and presses Enter, as keys the browser receives.
fn type_move(browser: &mut Browser, text: &str) {
    browser.eval("document.getElementById('move-input').focus()");
    let quoted = text.replace('\\', "\\\\").replace('"', "\\\"");
    browser.call("Input.insertText", &format!(r#"{{"text":"{quoted}"}}"#));
    for kind in ["keyDown", "keyUp"] {
        browser.call(
            "Input.dispatchKeyEvent",
            &format!(
                r#"{{"type":"{kind}","key":"Enter","code":"Enter","windowsVirtualKeyCode":13,"text":"\r"}}"#
            ),
        );
    }
}

/// The centre of `square` on the screen, in CSS pixels.
fn centre(browser: &mut Browser, square: &str) -> (f64, f64) {
    let xy = browser.eval(&format!(
        "(r => (r.left + r.width / 2) + ' ' + (r.top + r.height / 2))\
         (document.querySelector('#b-squares rect[data-square=\"{square}\"]').getBoundingClientRect())"
    ));
    let (x, y) = xy.split_once(' ').unwrap();
    (x.parse().unwrap(), y.parse().unwrap())
}

/// A mouse event of the DevTools protocol at (x, y).
fn mouse(browser: &mut Browser, kind: &str, (x, y): (f64, f64)) {
    let buttons = if kind == "mouseMoved" { 1 } else { 0 };
    browser.call(
        "Input.dispatchMouseEvent",
        &format!(
            r#"{{"type":"{kind}","x":{x},"y":{y},"button":"left","buttons":{buttons},"clickCount":1}}"#
        ),
    );
}

/// Plays `uci` on the board with the mouse: a click on each square, or a drag from one to
/// the other.
fn board_move(browser: &mut Browser, uci: &str, drag: bool) {
    let from = centre(browser, &uci[0..2]);
    let to = centre(browser, &uci[2..4]);
    if drag {
        mouse(browser, "mousePressed", from);
        for i in 1..=4 {
            let t = f64::from(i) / 4.0;
            let at = (from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t);
            mouse(browser, "mouseMoved", at);
        }
        mouse(browser, "mouseReleased", to);
    } else {
        mouse(browser, "mousePressed", from);
        mouse(browser, "mouseReleased", from);
        mouse(browser, "mousePressed", to);
        mouse(browser, "mouseReleased", to);
    }
}

/// A pawn promoted on the board: the page asks which piece, in the four pieces' drawings, and
/// plays the one clicked (here an under-promotion, which c197 holds as what it is, issue 31);
/// the machine answers it; a typed promotion names its piece in the notation.
#[test]
fn a_pawn_promoted_on_the_board_becomes_the_piece_chosen() {
    let Some(page) = page("a_pawn_promoted_on_the_board_becomes_the_piece_chosen") else {
        return;
    };
    let (_beside, _, mut browser) = beside_others_in("web-promotion");
    // White to move with a pawn on QR7; the machine plays Black, the side not to move.
    let fen = "7k/P7/8/8/8/8/6PP/4K3_w_-_-_0_1";
    open(&mut browser, &page, &format!("#fen={fen}&book=off"), 1280);
    board_move(&mut browser, "a7a8", false);
    assert_eq!(
        browser.eval("document.getElementById('promotion').hidden"),
        "false",
        "the page asks which piece"
    );
    assert_eq!(
        browser.eval(
            "[...document.querySelectorAll('#promotion button')].map(b => b.dataset.uci).join(' ')"
        ),
        "a7a8q a7a8r a7a8b a7a8n"
    );
    assert!(
        moves(&mut browser).is_empty(),
        "nothing played before the choice"
    );
    let xy = browser.eval(
        "(r => (r.left + r.width / 2) + ' ' + (r.top + r.height / 2))\
         (document.querySelector('#promotion button[data-uci=\"a7a8n\"]').getBoundingClientRect())",
    );
    let (x, y) = xy.split_once(' ').unwrap();
    let at = (x.parse().unwrap(), y.parse().unwrap());
    mouse(&mut browser, "mousePressed", at);
    mouse(&mut browser, "mouseReleased", at);
    wait_for(
        &mut browser,
        "machack.game.moves.length === 2",
        "the machine's answer to the knight",
    );
    assert_eq!(moves(&mut browser)[0], "a7a8n");
    assert!(
        transcript(&mut browser).contains("1. P-QR8=N"),
        "{}",
        transcript(&mut browser)
    );

    // Typed: the piece in the notation, no question asked.
    open(&mut browser, &page, &format!("#fen={fen}&book=off"), 1280);
    type_move(&mut browser, "P-R8=R");
    wait_for(
        &mut browser,
        "machack.game.moves.length === 2",
        "the machine's answer to the rook",
    );
    assert_eq!(moves(&mut browser)[0], "a7a8r");
}

/// A flag falls: the player's clock (a game of 1.5 s here) runs out on its move, the game ends
/// lost on time, said on the teletype and in the status line, and no move is taken after it.
#[test]
fn a_flag_falls_when_the_players_time_runs_out() {
    let Some(page) = page("a_flag_falls_when_the_players_time_runs_out") else {
        return;
    };
    let (_beside, _, mut browser) = beside_others_in("web-flag");
    open(&mut browser, &page, "#moves=&clock=1.5&book=off", 1280);
    wait_for(
        &mut browser,
        "document.getElementById('status').textContent.includes('FLAG')",
        "White's flag to fall",
    );
    assert_eq!(
        browser.eval("document.getElementById('status').textContent"),
        "WHITE'S FLAG HAS FALLEN, BLACK WINS   0-1"
    );
    assert!(
        transcript(&mut browser).contains("WHITE'S FLAG HAS FALLEN, BLACK WINS"),
        "{}",
        transcript(&mut browser)
    );
    type_move(&mut browser, "P-K4");
    assert!(moves(&mut browser).is_empty(), "a move after the flag");

    // A clock of a time a move (`move/1`, as `--clock` reads it): no flag falls, however
    // long the player takes, and each side's time starts again at each move.
    open(
        &mut browser,
        &page,
        "#moves=&clock=move/1&book=off&plays=b",
        1280,
    );
    std::thread::sleep(Duration::from_millis(1600));
    assert_eq!(browser.eval("machack.game.moves.length"), "0");
    assert!(
        !browser
            .eval("document.getElementById('status').textContent")
            .contains("FLAG")
    );
    type_move(&mut browser, "P-K4");
    wait_for(&mut browser, "machack.game.moves.length === 2", "the reply");
    assert_eq!(
        browser.eval("document.querySelector('#clock-bottom .time').textContent"),
        "0:00:01",
        "White's time a move again, 1 s"
    );
}

/// A game against the program at its default settings but without its book (so that its
/// replies do not depend on the book's random choice): White's moves are Stockfish's (depth
/// 14), Black's the program's (`machack think --moves …`, each position searched afresh as the
/// page searches it), found by playing the two against each other until Black was mated; the
/// page must answer each White move with the same Black move, and resigns before the mate.
const WHOLE_GAME: &str = "d2d4 e7e6 e2e4 d7d5 b1c3 d5e4 c3e4 b8c6 g1f3 g8f6 f1d3 f6e4 d3e4 d8d6 \
     e1g1 f7f5 e4c6 d6c6 f3e5 c6e4 d1h5 g7g6 e5g6 h8g8 g6e5 e8d8 c1g5 g8g5 h5g5 d8e8 g5g8 c7c6 \
     g8f7 e8d8 f7f8 d8c7 f8e7 c7b6 e5c4 b6a6 e7a3 a6b5 a3c5 b5a6 c5a5";

#[test]
fn a_whole_game_played_on_the_page_ends_and_its_record_replays() {
    let Some(page) = page("a_whole_game_played_on_the_page_ends_and_its_record_replays") else {
        return;
    };
    let (_beside, dir, mut browser) = beside_others_in("web-game");
    open(&mut browser, &page, "", 1280);
    // The program's defaults, the book switched off in the settings before the game.
    assert_eq!(
        browser.eval("JSON.stringify(machack.game.settings)"),
        r#"{"profile":"c197","preset":"tournament","book":"on"}"#
    );
    browser.eval(
        "(b => (b.checked = false, b.dispatchEvent(new Event('change', {bubbles: true}))))\
         (document.querySelector('#settings [name=book]'))",
    );
    assert_eq!(browser.eval("machack.game.settings.book"), "off");

    let script: Vec<&str> = WHOLE_GAME.split_whitespace().collect();
    let mut pos = Position::startpos();
    let mut screenshot = None;
    for (i, pair) in script.chunks(2).enumerate() {
        let mine = pair[0];
        let m = coordinate::parse(&pos, mine).unwrap();
        // Typed in descriptive notation, in SAN, in coordinates; clicked; dragged.
        match i % 5 {
            0 => type_move(&mut browser, &descriptive::format(&pos, m, Style::Teletype)),
            1 => type_move(&mut browser, &san::format(&pos, m)),
            2 => type_move(&mut browser, mine),
            3 => board_move(&mut browser, mine, false),
            _ => board_move(&mut browser, mine, true),
        }
        pos.make(m);
        let played = 2 * i + 1;
        wait_for(
            &mut browser,
            &format!(
                "machack.game.moves.length > {played} || document.getElementById('status').textContent.includes('   ')"
            ),
            &format!("the reply to {mine}"),
        );
        let now = moves(&mut browser);
        assert_eq!(
            now[..played],
            script[..played],
            "the page's game after {mine}"
        );
        let Some(&reply) = pair.get(1) else { break };
        if now.len() == played {
            break; // the program resigned
        }
        assert_eq!(now[played], reply, "the program's reply to {mine}");
        pos.make(coordinate::parse(&pos, reply).unwrap());
        if i == 0 {
            // A draw offered after an even first move: declined (paper §12).
            browser.eval("document.getElementById('offer').click()");
            wait_for(
                &mut browser,
                "document.getElementById('transcript').textContent.endsWith('DRAW?\\nDECLINE\\n')",
                "the answer to the draw offer",
            );
        }
        if i == 9 {
            // The README's picture: a game in progress, the search shown beside it.
            screenshot = Some(browser.screenshot());
        }
    }
    // The program resigns after 18. Q-KB8ch, its third search in a row at 6 pawns down or worse
    // (-828 there), before the mate.
    let status = browser.eval("document.getElementById('status').textContent");
    assert_eq!(status, "BLACK RESIGNS, WHITE WINS   1-0");
    let moves_played = moves(&mut browser).len();
    assert_eq!(moves_played, 35);
    let t = transcript(&mut browser);
    assert!(t.contains("1. P-Q4"), "{t}");
    assert!(t.contains("WHITE WINS   1-0"), "{t}");

    // The record the Download button writes, read back by the native program.
    let downloads = dir.join("downloads");
    std::fs::create_dir_all(&downloads).unwrap();
    browser.call(
        "Page.setDownloadBehavior",
        &format!(
            r#"{{"behavior":"allow","downloadPath":"{}"}}"#,
            downloads.display()
        ),
    );
    browser.eval("document.getElementById('download').click()");
    let deadline = Instant::now() + Duration::from_secs(20);
    let file = loop {
        let done = std::fs::read_dir(&downloads)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.extension().is_some_and(|x| x == "pgn"));
        if let Some(file) = done {
            break file;
        }
        assert!(Instant::now() < deadline, "no record downloaded");
        std::thread::sleep(Duration::from_millis(50));
    };
    let pgn = std::fs::read_to_string(&file).unwrap();
    assert_eq!(pgn, browser.eval("machack.pgn()"));
    let name = file.file_name().unwrap().to_str().unwrap();
    assert!(
        name.starts_with("machack-") && name.len() == "machack-20261128-205045.pgn".len(),
        "{name}"
    );
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(pgn.contains("[White \"Player\"]"), "{pgn}");
    assert!(pgn.contains("[Black \"Mac Hack VI (machack)\"]"), "{pgn}");
    let (code, out, err) = machack(&["replay", file.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}\n{pgn}");
    assert!(
        out.contains(&format!("FEN: {}", pos.to_fen())) || out.contains("Result: 1-0"),
        "{out}"
    );
    assert!(out.contains("Result: 1-0"), "{out}");

    // The record opened again (pasted): the same game, over.
    browser.eval(&format!(
        "(document.getElementById('load-text').value = {}, \
         document.getElementById('load-form').requestSubmit())",
        js(&pgn)
    ));
    assert_eq!(moves(&mut browser), script[..moves_played]);
    assert_eq!(
        browser.eval("document.getElementById('records-note').textContent"),
        format!("OPENED THE TEXT: {moves_played} PLIES.")
    );
    assert!(
        browser
            .eval("document.getElementById('status').textContent")
            .ends_with("1-0")
    );

    let png = screenshot.expect("the game reached its tenth move");
    let shot = dir.join("web-screenshot.png");
    std::fs::write(&shot, &png).unwrap();
    note(&format!(
        "a game in progress: {} ({} bytes)",
        shot.display(),
        png.len()
    ));
}

/// Every position of the paper's four games where Mac Hack moved: the game's start, the moves
/// before it (coordinates) and the native program's move and value there, searched as `machack
/// replay --compare` searches them (the default profile and table, the tournament widths, the
/// book off, a fresh program per position with the game's earlier positions).
fn paper_positions() -> Vec<(String, Vec<String>, String, i32)> {
    let mut out = Vec::new();
    for file in [
        "1967-1-wagner.score",
        "1967-2-nn-1410.score",
        "1967-3-landey.score",
        "1967-4-spring-amateur.score",
    ] {
        let text = std::fs::read_to_string(root().join("games").join(file)).unwrap();
        let game = read_games(&text).unwrap().remove(0);
        let side = mac_hack_side(&game).expect("the tags name Mac Hack");
        let oracle = Oracle::default();
        let rows = compare_game(
            &game,
            side,
            &SearchParams::default(),
            &Limits::default(),
            Yardsticks {
                oracle: &oracle,
                c197: None,
            },
        );
        let mut rows = rows.into_iter();
        let mut pos = game.start.clone();
        let mut before = Vec::new();
        for gm in &game.moves {
            if pos.side_to_move() == side {
                let row = rows.next().unwrap();
                assert_eq!(row.position, pos);
                out.push((
                    game.start.to_fen(),
                    before.clone(),
                    row.chosen.unwrap().coordinate(),
                    row.value,
                ));
            }
            before.push(gm.mv.coordinate());
            pos.make(gm.mv);
        }
    }
    out
}

#[test]
fn the_page_answers_as_the_native_program_in_the_paper_games() {
    let Some(page) = page("the_page_answers_as_the_native_program_in_the_paper_games") else {
        return;
    };
    let _beside = beside_others();
    let positions = paper_positions();
    assert_eq!(positions.len(), 158);
    let dir = scratch("web-paper");
    let mut browser = Browser::start(&dir.join("profile"), 1280, 900);
    open(&mut browser, &page, "", 1280);
    // Each searched in the page's worker, one after the other; the answers gathered in order.
    let requests: Vec<String> = positions
        .iter()
        .map(|(start, before, _, _)| {
            format!(
                "{{start: {}, moves: {}, book: 'off'}}",
                js(start),
                js(&before.join(" "))
            )
        })
        .collect();
    let began = Instant::now();
    browser.eval(&format!(
        "(window.answers = null, (async list => {{ const out = []; \
           for (const f of list) {{ const r = await machack.think(f); \
             out.push(r.error ? 'error: ' + r.error : r.bestmove + ' ' + r.value); }} \
           window.answers = out.join('\\n'); }})([{}]))",
        requests.join(",")
    ));
    wait_for(&mut browser, "window.answers !== null", "the 158 answers");
    let seconds = began.elapsed().as_secs_f64();
    let answers = browser.eval("window.answers");
    let answers: Vec<&str> = answers.lines().collect();
    assert_eq!(answers.len(), positions.len());
    let mut same = 0;
    let mut differ = Vec::new();
    for ((_, before, mv, value), answer) in positions.iter().zip(&answers) {
        let native = format!("{mv} {value}");
        if *answer == native {
            same += 1;
        } else {
            differ.push(format!(
                "after {} plies: page {answer}, native {native}",
                before.len()
            ));
        }
    }
    note(&format!(
        "the page = the native program (move and value) in {same}/{} positions of the paper \
         games, searched in {seconds:.1} s",
        positions.len()
    ));
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// F21 (the paper's figure: game 2 before 21... B-R6), the acceptance's address.
const F21: &str = "1rq1r1k1/p2b1ppp/3p1nn1/2b3B1/2PN4/1PN3PP/P1Q2PBK/3R1R2 b - - 6 21";

/// Every element laid out past the window's right or left edge, and the page's width if it
/// is wider than the window: empty when the page fits.
const OVERFLOWING: &str = r#"(function () {
  var w = document.documentElement.clientWidth, bad = [];
  document.querySelectorAll('body *').forEach(function (e) {
    var r = e.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && (r.left < -0.5 || r.right > w + 0.5)) {
      bad.push(e.tagName.toLowerCase() + '#' + e.id + '.' + (e.getAttribute('class') || '')
        + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
    }
  });
  var wide = document.documentElement.scrollWidth;
  if (wide > w) bad.unshift('the page is ' + wide + ' px wide in a window of ' + w);
  return bad.slice(0, 12).join('; ');
})()"#;

#[test]
fn the_address_with_think_marks_the_answer_and_fits_a_phone() {
    let Some(page) = page("the_address_with_think_marks_the_answer_and_fits_a_phone") else {
        return;
    };
    let _beside = beside_others();
    // One file that names nothing to fetch: no source, link, import or request to load.
    let text = std::fs::read_to_string(&page).unwrap();
    for fetch in [
        " src=",
        "href=\"http",
        "url(http",
        "@import",
        "fetch(",
        "importScripts(",
        "XMLHttpRequest",
    ] {
        assert!(!text.contains(fetch), "the page holds {fetch}");
    }
    let dir = scratch("web-address");
    let mut browser = Browser::start(&dir.join("profile"), 390, 844);
    // encodeURIComponent's form, and spaces as `_`.
    let encoded = F21.replace('/', "%2F").replace(' ', "%20");
    for fragment in [
        format!("#fen={encoded}&think"),
        format!("#fen={}&think", F21.replace(' ', "_")),
    ] {
        open(&mut browser, &page, &fragment, 390);
        wait_for(
            &mut browser,
            "document.getElementById('answer').dataset.bestmove !== ''",
            "the answer",
        );
        assert_eq!(
            browser.eval("document.getElementById('answer').dataset.bestmove"),
            "c5a3",
            "{fragment}"
        );
        assert!(
            browser
                .eval("document.getElementById('answer').textContent")
                .contains("B-QR6"),
            "the answer is shown"
        );
        assert_eq!(
            browser.eval("machack.game.settings.book"),
            "off",
            "&think answers with the book off"
        );
        assert_eq!(browser.eval("machack.state().fen"), F21);
        assert_eq!(browser.eval("document.documentElement.clientWidth"), "390");
        assert_eq!(browser.eval(OVERFLOWING), "", "at 390 px");
        std::fs::write(dir.join("web-390px-f21.png"), browser.screenshot()).unwrap();
    }
    // The moves form, in any notation, from the start.
    open(&mut browser, &page, "#moves=1._e4_e5_2._N-KB3", 390);
    assert_eq!(moves(&mut browser), ["e2e4", "e7e5", "g1f3"]);
    // A bad address says what is wrong.
    open(&mut browser, &page, "#moves=e4_e4", 390);
    let refusal = browser.eval("document.getElementById('refusal').textContent");
    assert!(refusal.starts_with("THE ADDRESS: MOVE 2 'E4'"), "{refusal}");
    std::fs::write(dir.join("web-390px-refused.png"), browser.screenshot()).unwrap();
}

#[test]
fn stop_take_back_a_refusal_the_clock_and_a_new_game() {
    let Some(page) = page("stop_take_back_a_refusal_the_clock_and_a_new_game") else {
        return;
    };
    let (_beside, _, mut browser) = beside_others_in("web-controls");
    // A search long enough to stop: wide and deep, on a clock of an hour.
    open(
        &mut browser,
        &page,
        "#moves=e2e4&plays=b&widths=30&depth=7&book=off&clock=3600",
        1280,
    );
    wait_for(
        &mut browser,
        "document.getElementById('progress').textContent.includes('BEST')",
        "the search's progress",
    );
    assert_eq!(moves(&mut browser).len(), 1, "still thinking");
    browser.eval("document.getElementById('stop').click()");
    let now = moves(&mut browser);
    assert_eq!(now.len(), 2, "Stop plays the move found so far");
    assert_eq!(
        browser.eval("document.getElementById('answer').dataset.bestmove"),
        now[1]
    );
    assert!(transcript(&mut browser).contains("(STOPPED)"));
    assert_eq!(
        browser.eval("document.getElementById('stop').disabled"),
        "true"
    );

    // A refused move: the terminal's message, nothing played.
    type_move(&mut browser, "Q-K8");
    let refusal = browser.eval("document.getElementById('refusal').textContent");
    assert!(refusal.starts_with("ILLEGAL: "), "{refusal}");
    assert!(transcript(&mut browser).contains(&refusal));
    assert_eq!(moves(&mut browser).len(), 2);

    // The clock of the side to move runs.
    let clock = "document.querySelector('.clock.running .time').textContent";
    let before = browser.eval(clock);
    std::thread::sleep(Duration::from_millis(1300));
    let after = browser.eval(clock);
    assert_ne!(before, after, "the running clock ticks");
    assert!(
        before.starts_with("1:00:") || before.starts_with("0:59:"),
        "{before}"
    );

    // Take-back: the user's move and the machine's reply.
    browser.eval("document.getElementById('takeback').click()");
    assert_eq!(moves(&mut browser), Vec::<String>::new());
    assert!(transcript(&mut browser).contains("TAKEN BACK: 1... "));

    // New game, then settings of its own before its first move: written into its record.
    browser.eval("document.getElementById('new').click()");
    assert!(transcript(&mut browser).contains("A NEW GAME."));
    // Its clock, in any form the terminal's --clock reads (the library reads it), and the
    // terminal's refusal of one it cannot.
    let set_clock = |browser: &mut Browser, text: &str| {
        browser.eval(&format!(
            "(c => (c.value = '{text}', c.dispatchEvent(new Event('change', {{bubbles: true}}))))\
             (document.querySelector('#settings [name=clock]'))"
        ))
    };
    set_clock(&mut browser, "40/0");
    let refusal = browser.eval("document.getElementById('settings-error').textContent");
    assert!(
        refusal.starts_with("CLOCK '40/0' NOT UNDERSTOOD: ") && refusal.contains("MM:SS"),
        "{refusal}"
    );
    set_clock(&mut browser, "10:00+2");
    assert_eq!(
        browser.eval("document.getElementById('settings-error').textContent"),
        ""
    );
    let time = browser.eval(clock);
    assert!(time == "0:10:00" || time == "0:09:59", "{time}");
    browser.eval(
        "(f => { f.preset.value = 'custom'; f.widths.value = '6'; f.depth.value = '3'; \
           f.depth.dispatchEvent(new Event('change', {bubbles: true})); })\
         (document.getElementById('settings').elements)",
    );
    assert_eq!(
        browser.eval("JSON.stringify(machack.game.settings)"),
        r#"{"profile":"c197","widths":"6","depth":"3","book":"off"}"#
    );
    // A draw offered before the machine has searched: it searches the position, and declines.
    browser.eval("document.getElementById('offer').click()");
    wait_for(
        &mut browser,
        "document.getElementById('transcript').textContent.endsWith('DRAW?\\nDECLINE\\n')",
        "the answer to the draw offer",
    );
    type_move(&mut browser, "e4");
    wait_for(&mut browser, "machack.game.moves.length === 2", "the reply");
    assert_eq!(
        browser.eval("document.querySelector('#settings [name=depth]').disabled"),
        "true",
        "the settings are fixed once the game has a move"
    );
    let pgn = browser.eval("machack.pgn()");
    for tag in [
        "[MachackWidth \"6\"]",
        "[MachackDepth \"3\"]",
        "[MachackBook \"off\"]",
        "[MachackPlays \"black\"]",
        "[TimeControl \"600+2\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} in {pgn}");
    }

    // The other side, mid-game: the machine now plays White, which is to move, and the board
    // turns to show Black below.
    browser.eval(
        "(p => (p.value = 'w', p.dispatchEvent(new Event('change', {bubbles: true}))))\
         (document.querySelector('#settings [name=plays]'))",
    );
    wait_for(
        &mut browser,
        "machack.game.moves.length === 3",
        "White's move",
    );
    assert_eq!(
        browser.eval("document.getElementById('clock-bottom').dataset.side"),
        "b"
    );
    assert!(transcript(&mut browser).contains("THE MACHINE PLAYS WHITE."));
}

/// The figures of a bench line the page prints: `BENCH: 14 POSITIONS, 43852 NODES, 893 MS
/// (49 KN/S)`, as (nodes, ms).
fn bench_figures(line: &str) -> (u64, f64) {
    let words: Vec<&str> = line.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    let before = |unit: &str| words[words.iter().position(|w| *w == unit).unwrap() - 1];
    (
        before("NODES").parse().unwrap(),
        before("MS").parse().unwrap(),
    )
}

#[test]
fn the_bench_counts_the_native_nodes_and_the_page_is_ready_soon() {
    let Some(page) = page("the_bench_counts_the_native_nodes_and_the_page_is_ready_soon") else {
        return;
    };
    // Alone: the other tests wait, and this one waits for them (the time until the first move
    // and the speed, measured on the two cores without the other tests).
    let _alone = ALONE.write().unwrap_or_else(|e| e.into_inner());
    let dir = scratch("web-bench");
    let mut browser = Browser::start(&dir.join("profile"), 1280, 900);
    open(&mut browser, &page, "", 1280);
    let ready: f64 = browser.eval("machack.ready").parse().unwrap();
    let size = std::fs::metadata(&page).unwrap().len();
    note(&format!(
        "the page ({size} bytes) is ready for the first move {ready:.0} ms after it opens"
    ));
    assert!(ready < 10_000.0, "{ready} ms");

    // The button: once, then repeated for about five seconds, both printed.
    browser.eval("document.getElementById('bench').click()");
    wait_for(
        &mut browser,
        "document.getElementById('bench').disabled === false",
        "the bench",
    );
    let printed = browser.eval("document.getElementById('bench-out').textContent");
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines.len(), 2, "{printed}");
    let (once, _) = bench_figures(lines[0]);
    let (nodes, ms) = bench_figures(lines[1]);
    assert_eq!(nodes % once, 0, "{printed}");
    note(&format!("the page's Bench button: {}", lines.join("; ")));

    // The speed: the page's bench and the native program's in turn, a run of each at a time
    // (so that both see the same load on a shared machine), until each has searched for three
    // seconds; the same nodes in every run.
    let (mut page_nodes, mut page_ms) = (0u64, 0.0);
    let (mut native_nodes, mut native_ms) = (0u64, 0.0);
    while page_ms < 3000.0 || native_ms < 3000.0 {
        browser.eval(
            "(window.ran = null, machack.bench(1).then(r => window.ran = r.nodes + ' ' + r.ms))",
        );
        wait_for(&mut browser, "window.ran !== null", "a run of the bench");
        let ran = browser.eval("window.ran");
        let (run_nodes, run_ms) = ran.split_once(' ').unwrap();
        let run_nodes: u64 = run_nodes.parse().unwrap();
        assert_eq!(run_nodes, once);
        page_nodes += run_nodes;
        page_ms += run_ms.parse::<f64>().unwrap();

        let (code, out, err) = machack(&["bench"], "");
        assert_eq!(code, 0, "{err}");
        let total = |name: &str| {
            out.lines()
                .find_map(|l| l.strip_prefix(name))
                .unwrap_or_else(|| panic!("machack bench prints its {name}"))
                .split_whitespace()
                .next()
                .unwrap()
                .to_string()
        };
        let run: u64 = total("total nodes").parse().unwrap();
        assert_eq!(once, run, "the page's bench searches the native nodes");
        native_nodes += run;
        native_ms += total("total time").parse::<f64>().unwrap() * 1000.0;
    }
    note(&format!(
        "bench in turn: the page {page_nodes} nodes in {page_ms:.0} ms, the native program \
         {native_nodes} nodes in {native_ms:.0} ms: the page takes {:.2}x the native time a node \
         (the button's figure alone: {:.0} nodes/ms)",
        (page_ms / page_nodes as f64) / (native_ms / native_nodes as f64),
        nodes as f64 / ms
    ));
}

/// `machack report --engine DIR`: "think here" searches a position of a 1967 game in the
/// reader's browser, in the page's worker (`worker.js`, beside the engine), and finds machack's
/// move and value as the report recorded them (21... B-QR6, -1.55, in the Wagner game).
#[test]
fn think_here_in_the_report_searches_in_the_browser_as_the_report_did() {
    let Some(page) = page("think_here_in_the_report_searches_in_the_browser_as_the_report_did")
    else {
        return;
    };
    let (_beside, dir, mut browser) = beside_others_in("web-report-think");
    let report = dir.join("report.html");
    let (code, _, err) = machack(
        &[
            "report",
            "--engine",
            page.parent().unwrap().to_str().unwrap(),
            "games/1967-1-wagner.score",
            "-o",
            report.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    browser.open(&url(&report, ""));
    let button = "document.querySelector('#g1-p41 button.think')";
    wait_for(&mut browser, &format!("{button} !== null"), "the report");
    browser.eval(&format!("{button}.click()"));
    let out = "document.querySelector('#g1-p41 .here-out')";
    wait_for(
        &mut browser,
        &format!("{out}.hasAttribute('data-bestmove')"),
        "the answer of think here",
    );
    let said = browser.eval(&format!("{out}.textContent"));
    assert_eq!(
        browser.eval(&format!("{out}.dataset.bestmove")),
        "c5a3",
        "{said}"
    );
    assert_eq!(
        browser.eval(&format!("{out}.dataset.agrees")),
        "yes",
        "{said}"
    );
    assert!(
        said.starts_with("B-QR6 (Ba3) -1.55 (-198), ")
            && said.ends_with(": machack's move and value, as recorded; c197's move"),
        "{said}"
    );
}
