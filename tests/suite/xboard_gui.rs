//! A game of machack in a real interface: `scripts/xboard-game.sh` has xboard, on a virtual X
//! display, play machack against itself over CECP until it adjudicates the game after 20 moves,
//! and saves the game and a screenshot. Needs the Debian packages xboard, xvfb, xdotool, x11-utils
//! and imagemagick (.ci/run installs them); elsewhere the test is skipped with a note.

use crate::common;

use std::process::Command;

/// What the script needs, by path.
const TOOLS: [&str; 5] = [
    "/usr/games/xboard",
    "/usr/bin/Xvfb",
    "/usr/bin/xdotool",
    "/usr/bin/xwininfo",
    "/usr/bin/import",
];

/// The width and height of a PNG, from its header; None if it is not a PNG.
fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    let signature = b"\x89PNG\r\n\x1a\n";
    if bytes.len() < 24 || &bytes[..8] != signature || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    Some((word(16), word(20)))
}

#[test]
fn xboard_plays_a_20_move_game_of_machack_and_saves_a_screenshot() {
    let test = "xboard_plays_a_20_move_game_of_machack_and_saves_a_screenshot";
    if !TOOLS.iter().all(|t| common::tool_installed(t, test)) {
        return;
    }
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("xboard-game");
    let _ = std::fs::remove_dir_all(&out);
    let run = Command::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scripts/xboard-game.sh"
    ))
    .arg(&out)
    .arg(env!("CARGO_BIN_EXE_machack"))
    .output()
    .expect("the script runs");
    assert!(
        run.status.success(),
        "{}{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    );
    let pgn = std::fs::read_to_string(out.join("game.pgn")).expect("the game was saved");
    for tag in [
        "[White \"machack (Mac Hack VI 1967)\"]",
        "[Black \"machack (Mac Hack VI 1967)\"]",
        "[Result \"1/2-1/2\"]",
    ] {
        assert!(pgn.contains(tag), "{tag}: {pgn}");
    }
    // Twenty moves each, then xboard's adjudication (`-adjudicateDrawMoves 20`).
    assert!(pgn.contains(" 20. ") || pgn.contains("\n20. "), "{pgn}");
    assert!(
        pgn.trim_end()
            .ends_with("{Xboard adjudication: long game} 1/2-1/2"),
        "{pgn}"
    );
    // The screenshot: the board and the engine output window side by side, at 70%.
    let png = std::fs::read(out.join("xboard.png")).expect("the screenshot was saved");
    let (w, h) = png_size(&png).expect("a PNG");
    assert!(w >= 800 && h >= 400, "{w}x{h}");
}
