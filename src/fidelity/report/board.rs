//! A position drawn as SVG: squares, pieces, the last move's squares, a king in check, and an
//! arrow for each move that was (or would have been) played there.
//!
//! The squares, the coordinates and the pieces are drawn once in the page ([`defs`]) and every
//! board refers to them with `<use href="#…">`, which keeps a board to about a kilobyte and a
//! half. Colours come from the page's style sheet (classes `lm`, `chk`, `ar h|c|m|o`).

use crate::rules::{Color, Move, PieceKind, Position, Square};
use std::fmt::Write;

/// The side of a square, in SVG units (the pieces are drawn in a 45 × 45 square).
const SQUARE: f64 = 45.0;

/// The pieces, each a `<g id="pc-wK">` … `<g id="pc-bP">` drawn in a 45 × 45 square.
const PIECES: &str = include_str!("pieces.svg");

/// Who played, or would have played, the move an arrow shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    /// The move of the game (Mac Hack's in 1967).
    History,
    /// The original program's move (c197).
    C197,
    /// The recreation's move.
    Machack,
    /// The opponent's move in the game.
    Opponent,
}

impl Mover {
    /// The class the style sheet colours it by.
    pub fn class(self) -> &'static str {
        match self {
            Mover::History => "h",
            Mover::C197 => "c",
            Mover::Machack => "m",
            Mover::Opponent => "o",
        }
    }
}

/// One position to draw.
pub struct Board<'a> {
    /// The position.
    pub position: &'a Position,
    /// The side at the bottom of the board.
    pub bottom: Color,
    /// The move that led to it, whose squares are tinted.
    pub last_move: Option<Move>,
    /// The moves to draw as arrows; the same move twice is drawn as parallel arrows.
    pub arrows: Vec<(Move, Mover)>,
    /// What the board shows, for screen readers.
    pub label: String,
}

/// What every board refers to, for the page to hold once: the pieces, the 32 dark squares, the
/// coordinates seen from either side and the glow of a king in check.
pub fn defs() -> String {
    let mut dark = String::new();
    for i in 0..64 {
        let (file, row) = (i % 8, i / 8);
        if (file + row) % 2 == 1 {
            let _ = write!(
                dark,
                r#"<rect x="{}" y="{}" width="45" height="45"/>"#,
                file as f64 * SQUARE,
                row as f64 * SQUARE
            );
        }
    }
    format!(
        r##"{PIECES}<g id="squares"><rect class="sq-l" width="360" height="360"/><g class="sq-d">{dark}</g></g>{}{}<radialGradient id="chk-glow" r="0.5"><stop offset="0%" stop-color="#f00"/><stop offset="60%" stop-color="#e00" stop-opacity=".6"/><stop offset="100%" stop-color="#a00" stop-opacity="0"/></radialGradient>"##,
        coordinates(Color::White),
        coordinates(Color::Black)
    )
}

/// The files along the bottom row and the ranks up the left column, seen with `bottom` below,
/// each in the colour of the other kind of square.
fn coordinates(bottom: Color) -> String {
    let mut out = format!(r#"<g id="coords-{}" class="coords">"#, side_letter(bottom));
    for col in 0..8u8 {
        let file = match bottom {
            Color::White => col,
            Color::Black => 7 - col,
        };
        // The bottom row's square in column `col` is dark when col is even.
        let class = if col % 2 == 0 { "on-d" } else { "on-l" };
        let _ = write!(
            out,
            r#"<text class="{class}" x="{}" y="357" text-anchor="end">{}</text>"#,
            col as f64 * SQUARE + 42.0,
            (b'a' + file) as char
        );
    }
    for row in 0..8u8 {
        let rank = match bottom {
            Color::White => 7 - row,
            Color::Black => row,
        };
        // The left column's square in row `row` (from the top) is light when row is even.
        let class = if row % 2 == 0 { "on-l" } else { "on-d" };
        let _ = write!(
            out,
            r#"<text class="{class}" x="2.5" y="{}">{}</text>"#,
            row as f64 * SQUARE + 10.5,
            rank + 1
        );
    }
    out.push_str("</g>");
    out
}

/// `w` or `b`.
fn side_letter(c: Color) -> char {
    match c {
        Color::White => 'w',
        Color::Black => 'b',
    }
}

/// The top-left corner of `s` in SVG units.
fn corner(s: Square, bottom: Color) -> (f64, f64) {
    let (col, row) = match bottom {
        Color::White => (s.file(), 7 - s.rank()),
        Color::Black => (7 - s.file(), s.rank()),
    };
    (col as f64 * SQUARE, row as f64 * SQUARE)
}

/// The centre of `s` in SVG units.
fn centre(s: Square, bottom: Color) -> (f64, f64) {
    let (x, y) = corner(s, bottom);
    (x + SQUARE / 2.0, y + SQUARE / 2.0)
}

/// The board as an inline `<svg class="board">`.
pub fn svg(board: &Board) -> String {
    let bottom = board.bottom;
    let mut out = format!(
        r##"<svg class="board" viewBox="0 0 360 360" role="img" aria-label="{}"><use href="#squares"/><use href="#coords-{}"/>"##,
        super::escape(&board.label),
        side_letter(bottom)
    );
    if let Some(m) = board.last_move {
        for s in [m.from(), m.to()] {
            let (x, y) = corner(s, bottom);
            let _ = write!(
                out,
                r#"<rect class="lm" x="{x}" y="{y}" width="45" height="45"/>"#
            );
        }
    }
    let pos = board.position;
    if pos.in_check() {
        let (x, y) = centre(pos.king_square(pos.side_to_move()), bottom);
        let _ = write!(out, r#"<circle class="chk" cx="{x}" cy="{y}" r="24"/>"#);
    }
    for s in Square::all() {
        if let Some(p) = pos.piece_at(s) {
            let (x, y) = corner(s, bottom);
            let _ = write!(
                out,
                r##"<use href="#pc-{}{}" x="{x}" y="{y}"/>"##,
                side_letter(p.color),
                piece_letter(p.kind)
            );
        }
    }
    for (i, &(m, who)) in board.arrows.iter().enumerate() {
        let same: Vec<usize> = (0..board.arrows.len())
            .filter(|&j| board.arrows[j].0 == m)
            .collect();
        let place = same.iter().position(|&j| j == i).unwrap_or(0);
        let offset = (place as f64 - (same.len() - 1) as f64 / 2.0) * 8.0;
        let narrow = same.len() > 1;
        let _ = write!(
            out,
            r#"<polygon class="ar {}" points="{}"/>"#,
            who.class(),
            arrow_points(
                centre(m.from(), bottom),
                centre(m.to(), bottom),
                offset,
                narrow
            )
        );
    }
    out.push_str("</svg>");
    out
}

/// `K`, `Q`, `R`, `B`, `N` or `P`.
fn piece_letter(k: PieceKind) -> char {
    k.letter().to_ascii_uppercase()
}

/// The outline of an arrow from `from` to `to` (centres of squares), moved `offset` units to
/// its left so that arrows for the same move lie side by side; `narrow` for such arrows.
fn arrow_points(from: (f64, f64), to: (f64, f64), offset: f64, narrow: bool) -> String {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / length, dy / length);
    let (nx, ny) = (-uy, ux);
    let (shaft, head, head_length) = if narrow {
        (2.6, 7.5, 13.0)
    } else {
        (3.6, 10.5, 15.0)
    };
    let at = |along: f64, across: f64| {
        let x = from.0 + ux * along + nx * (across + offset);
        let y = from.1 + uy * along + ny * (across + offset);
        format!("{x:.1},{y:.1}")
    };
    let start = 6.0;
    let tip = length - 5.0;
    let base = tip - head_length;
    [
        at(start, shaft),
        at(base, shaft),
        at(base, head),
        at(tip, 0.0),
        at(base, -head),
        at(base, -shaft),
        at(start, -shaft),
    ]
    .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::san;

    fn board_after(moves: &[&str]) -> (Position, Move) {
        let mut pos = Position::startpos();
        let mut last = Move::NULL;
        for text in moves {
            last = san::parse(&pos, text).unwrap();
            pos.make(last);
        }
        (pos, last)
    }

    #[test]
    fn a_board_places_every_piece_on_its_square_seen_from_either_side() {
        let pos = Position::startpos();
        let white = svg(&Board {
            position: &pos,
            bottom: Color::White,
            last_move: None,
            arrows: vec![],
            label: "start".into(),
        });
        assert_eq!(white.matches("<use href=\"#pc-").count(), 32);
        // a1 is the bottom-left corner with White below, the top-right with Black below.
        assert!(white.contains(r##"<use href="#pc-wR" x="0" y="315"/>"##));
        assert!(white.contains(r##"<use href="#pc-bK" x="180" y="0"/>"##));
        let black = svg(&Board {
            position: &pos,
            bottom: Color::Black,
            last_move: None,
            arrows: vec![],
            label: "start".into(),
        });
        assert!(black.contains(r##"<use href="#pc-wR" x="315" y="0"/>"##));
        assert!(black.contains(r##"<use href="#coords-b"/>"##));
    }

    #[test]
    fn the_last_move_is_tinted_and_a_king_in_check_glows() {
        let (pos, last) = board_after(&["e4", "f5", "Qh5"]);
        let out = svg(&Board {
            position: &pos,
            bottom: Color::White,
            last_move: Some(last),
            arrows: vec![],
            label: "check".into(),
        });
        assert_eq!(out.matches(r#"<rect class="lm""#).count(), 2);
        // The black king on e8: centre (202.5, 22.5) with White below.
        assert!(out.contains(r#"<circle class="chk" cx="202.5" cy="22.5" r="24"/>"#));
    }

    #[test]
    fn the_same_move_for_two_movers_is_two_parallel_arrows() {
        let pos = Position::startpos();
        let e4 = san::parse(&pos, "e4").unwrap();
        let d4 = san::parse(&pos, "d4").unwrap();
        let out = svg(&Board {
            position: &pos,
            bottom: Color::White,
            last_move: None,
            arrows: vec![
                (e4, Mover::History),
                (d4, Mover::C197),
                (e4, Mover::Machack),
            ],
            label: "arrows".into(),
        });
        assert_eq!(out.matches("<polygon class=\"ar ").count(), 3);
        // d4 alone, along the d file (x = 157.5); e4 twice, 4 units either side of x = 202.5
        // (the shaft 2.6 to the arrow's left: the normal points to +x).
        assert!(
            out.contains(r#"<polygon class="ar c" points="161.1,286.5 "#),
            "{out}"
        );
        assert!(
            out.contains(r#"<polygon class="ar h" points="201.1,286.5 "#),
            "{out}"
        );
        assert!(
            out.contains(r#"<polygon class="ar m" points="209.1,286.5 "#),
            "{out}"
        );
    }
}
