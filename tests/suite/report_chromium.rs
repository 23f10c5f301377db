//! The report's page in a browser: headless Chromium (Debian package `chromium`) loads the page
//! of the four paper games, and the test checks, through the DevTools protocol over a pipe (no
//! extra crates), that the boards are drawn, that a click, the keys, the buttons and a URL
//! fragment each change the board shown, and saves a screenshot.

use crate::common;
use common::browser::{Browser, CHROMIUM, base64, string_field};
use common::{machack, scratch, tool_installed};
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

#[test]
fn base64_decodes_the_padding_cases() {
    assert_eq!(base64("TWFu"), b"Man");
    assert_eq!(base64("TWE="), b"Ma");
    assert_eq!(base64("TQ=="), b"M");
}

#[test]
fn a_string_field_comes_back_with_its_escapes_undone() {
    let json = r#"{"id":1,"result":{"value":"1. e4\n\"P-K4\"\t\\ \u00e9"}}"#;
    assert_eq!(string_field(json, "value"), "1. e4\n\"P-K4\"\t\\ é");
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
