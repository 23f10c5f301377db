//! The engine's answers to the page's requests, natively: the same library as `machack`.

use machack_web::{answer, heard};

const F21: &str = "1rq1r1k1/p2b1ppp/3p1nn1/2b3B1/2PN4/1PN3PP/P1Q2PBK/3R1R2 b - - 6 21";

#[test]
fn think_answers_f21_as_machack_think_does() {
    let a = answer(&format!("think\nstart={F21}\nbook=off"));
    assert!(a.starts_with(r#"{"bestmove":"c5a3","san":"Ba3","descriptive":"B-QR6","value":-198,"score":"-1.55 (-198)""#), "{a}");
    let heard = heard();
    assert!(
        heard[0].starts_with(r#"{"event":"begin","bestmove":"#),
        "{heard:?}"
    );
    assert!(
        heard.last().unwrap().contains(r#""bestmove":"c5a3""#),
        "{heard:?}"
    );
}

#[test]
fn a_request_that_is_wrong_is_answered_with_an_error() {
    assert_eq!(
        answer("fly"),
        r#"{"error":"'fly' is not a command: defaults, state, parse, think, draw, pgn, load or bench"}"#
    );
    let a = answer("state\nmoves=e2e5");
    assert!(a.starts_with(r#"{"error":"moves: move 1 'e2e5': "#), "{a}");
}
