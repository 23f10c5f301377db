//! English descriptive notation, as the 1967 program read and printed it: `P-K4`, `NxKP`,
//! `R/K2-Q2`, `B/QN5*N/QB6`.
//!
//! Files are named after the pieces that start on them (QR QN QB Q K KB KN KR); ranks are
//! counted from the mover's side, so White's K4 is e4 and Black's K4 is e5.
//!
//! Wing qualifiers (`KN-B3`, `QR-Q1`, `NxKN`) are read by where the piece stands: on the king's
//! files (e–h) or the queen's (a–d). A bishop's wing is the colour it runs on (the king's bishop
//! runs on the colour of KB1), since bishops never change colour. Pawns are named by file:
//! `KP`, `QBP`, `BP` (either bishop's file).

pub mod matching;
pub mod syntax;

use crate::notation::{CheckMark, MoveError, check_mark};
use crate::rules::{Color, Move, MoveKind, PieceKind, Position, Square};
use syntax::{PieceDesig, SquareDesig, Syntax, Target, Wing, file_mask};

/// How descriptive moves are written.
///
/// All styles give the shortest unambiguous designation of the pieces (`NxP`, `KR-K1`, `PxQP`,
/// `R/K2-Q2`); they differ in how squares are named and in case. The paper prints most moves
/// with full square names (`N-KB3`, `B-QN5`, `K-KR2`), and so do `book` and `teletype`;
/// `short` drops the K/Q prefix whenever the move stays unambiguous (`N-B3`, `B-N5`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Style {
    /// As the paper prints it: `NxP`, `N-KB3`, `B-QN5ch`, `Q-K6 mate`, `P-KB8=Q`, `O-O`.
    #[default]
    Book,
    /// As the teletype printed it, upper case: `NXP`, `N-KB3`, `B-QN5 CH`, `Q-K6 MATE`.
    Teletype,
    /// The shortest form: the K/Q prefix dropped when unambiguous (`N-B3`, `B-N5ch`).
    Short,
}

/// The long names of the files, a to h.
pub const FILE_NAMES: [&str; 8] = ["QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"];

/// The short names of the files, a to h (`B` is either bishop's file).
const SHORT_FILE_NAMES: [&str; 8] = ["R", "N", "B", "Q", "K", "B", "N", "R"];

/// The full descriptive name of a square seen from `color`'s side: e4 is White's `K4`, Black's `K5`.
pub fn square_name(s: Square, color: Color) -> String {
    format!(
        "{}{}",
        FILE_NAMES[s.file() as usize],
        s.relative_rank(color) + 1
    )
}

/// The short name of a square (`B3` for c3 or f3), for the files that have one.
fn short_square_name(s: Square, color: Color) -> String {
    format!(
        "{}{}",
        SHORT_FILE_NAMES[s.file() as usize],
        s.relative_rank(color) + 1
    )
}

/// The designation of square `s` exactly (one file).
fn exact_square(s: Square, color: Color) -> SquareDesig {
    SquareDesig {
        files: 1 << s.file(),
        rank: s.relative_rank(color),
    }
}

/// Reads a descriptive move in `pos` (case and spaces do not matter).
pub fn parse(pos: &Position, text: &str) -> Result<Move, MoveError> {
    if text.trim().is_empty() {
        return Err(MoveError::Empty);
    }
    let parsed = super::length_problem(text)
        .and_then(|()| syntax::parse(text))
        .map_err(|problem| MoveError::Syntax {
            text: text.to_string(),
            notation: "descriptive notation",
            problem,
            expected: "a move such as P-K4, N-KB3, PxP, QxP/Q6, R/K2-Q2 or O-O",
        })?;
    matching::resolve(pos, text, &parsed)
}

/// The ways of naming the moving piece, plainest first, each with its text.
fn mover_designations(pos: &Position, m: Move) -> Vec<(PieceDesig, String)> {
    let us = pos.side_to_move();
    let piece = pos.moved_piece(m);
    let kind = piece.kind;
    let from = m.from();
    let letter = kind.letter().to_string();
    let mut out = vec![(PieceDesig::plain(kind), letter.clone())];
    if kind == PieceKind::Pawn {
        let f = from.file() as usize;
        let short = SHORT_FILE_NAMES[f];
        let pair = file_mask(
            None,
            short.bytes().next().filter(|&c| c != b'K' && c != b'Q'),
        );
        if pair != 0 {
            out.push((
                PieceDesig {
                    files: pair,
                    ..PieceDesig::plain(kind)
                },
                format!("{short}P"),
            ));
        }
        out.push((
            PieceDesig {
                files: 1 << f,
                ..PieceDesig::plain(kind)
            },
            format!("{}P", FILE_NAMES[f]),
        ));
    } else if matches!(
        kind,
        PieceKind::Knight | PieceKind::Bishop | PieceKind::Rook
    ) {
        let wing = matching::wing_of(piece, from);
        let w = if wing == Wing::King { "K" } else { "Q" };
        out.push((
            PieceDesig {
                wing: Some(wing),
                ..PieceDesig::plain(kind)
            },
            format!("{w}{letter}"),
        ));
    }
    out.push((
        PieceDesig {
            square: Some(exact_square(from, us)),
            ..PieceDesig::plain(kind)
        },
        format!("{letter}/{}", square_name(from, us)),
    ));
    out
}

/// The ways of naming where the move goes, plainest first, each with its text (after `-` or `x`).
fn target_designations(pos: &Position, m: Move, short_squares: bool) -> Vec<(Target, String)> {
    let us = pos.side_to_move();
    let mut out = Vec::new();
    match pos.captured_piece(m) {
        None => {
            let to = m.to();
            let short = SHORT_FILE_NAMES[to.file() as usize];
            if short_squares && short != "K" && short != "Q" {
                out.push((
                    Target::To(SquareDesig {
                        files: file_mask(None, short.bytes().next()),
                        rank: to.relative_rank(us),
                    }),
                    format!("-{}", short_square_name(to, us)),
                ));
            }
            out.push((
                Target::To(exact_square(to, us)),
                format!("-{}", square_name(to, us)),
            ));
        }
        Some(victim) => {
            let at = matching::captured_square(m);
            let kind = victim.kind;
            let letter = kind.letter();
            out.push((
                Target::Capture(PieceDesig::plain(kind)),
                format!("x{letter}"),
            ));
            if kind == PieceKind::Pawn {
                let f = at.file() as usize;
                let short = SHORT_FILE_NAMES[f];
                if short != "K" && short != "Q" {
                    out.push((
                        Target::Capture(PieceDesig {
                            files: file_mask(None, short.bytes().next()),
                            ..PieceDesig::plain(kind)
                        }),
                        format!("x{short}P"),
                    ));
                }
                out.push((
                    Target::Capture(PieceDesig {
                        files: 1 << f,
                        ..PieceDesig::plain(kind)
                    }),
                    format!("x{}P", FILE_NAMES[f]),
                ));
            }
            out.push((
                Target::Capture(PieceDesig {
                    square: Some(exact_square(at, us)),
                    ..PieceDesig::plain(kind)
                }),
                format!("x{letter}/{}", square_name(at, us)),
            ));
        }
    }
    out
}

/// The promotion suffix of a move: `=Q`, or nothing.
fn promotion_text(m: Move) -> String {
    m.promotion()
        .map_or(String::new(), |p| format!("={}", p.letter()))
}

/// The shortest unambiguous descriptive form of legal move `m`, without check marks.
fn shortest(pos: &Position, m: Move, short_squares: bool) -> String {
    match m.kind() {
        MoveKind::CastleKingSide => return "O-O".into(),
        MoveKind::CastleQueenSide => return "O-O-O".into(),
        _ => {}
    }
    let moves = pos.legal_moves();
    for (piece, ptext) in mover_designations(pos, m) {
        for (target, ttext) in target_designations(pos, m, short_squares) {
            let syntax = Syntax::Move {
                piece,
                target,
                promotion: m.promotion(),
            };
            if matching::candidates(pos, &moves, &syntax) == [m] {
                return format!("{ptext}{ttext}{}", promotion_text(m));
            }
        }
    }
    format_full(pos, m)
}

/// Writes legal move `m` in the shortest unambiguous descriptive form, with check and mate.
///
/// The K/Q prefix of a file is dropped when the move stays unambiguous (`N-B3`); otherwise the
/// square is named in full (`N-KB3`), then the piece is qualified by wing or file (`KN-B3`,
/// `QPxB`), then by its square (`R/K2-Q2`). Captures name the captured piece, qualified the
/// same way (`PxQP`, `QxP/Q6`).
pub fn format(pos: &Position, m: Move, style: Style) -> String {
    let body = shortest(pos, m, style == Style::Short);
    let mark = check_mark(pos, m);
    match style {
        Style::Book | Style::Short => {
            let suffix = match mark {
                CheckMark::None => "",
                CheckMark::Check => "ch",
                CheckMark::Mate => " mate",
            };
            format!("{body}{suffix}")
        }
        Style::Teletype => {
            let suffix = match mark {
                CheckMark::None => "",
                CheckMark::Check => " CH",
                CheckMark::Mate => " MATE",
            };
            format!("{}{suffix}", body.to_uppercase())
        }
    }
}

/// Writes legal move `m` as a player writes it down: the shortest unambiguous form, the K/Q
/// prefix dropped where the move stays unambiguous ([`Style::Short`]'s body), then ` ch` or
/// ` mate` as a word: `P-QR3`, `BxP ch`, `N-B3`, `R/K2-Q2`. Suggestions and candidates are
/// given so, to be typed back as they stand.
pub fn format_written(pos: &Position, m: Move) -> String {
    let body = shortest(pos, m, true);
    match check_mark(pos, m) {
        CheckMark::None => body,
        CheckMark::Check => format!("{body} ch"),
        CheckMark::Mate => format!("{body} mate"),
    }
}

/// Writes a line of moves played one after the other from `pos` (a principal variation), each in
/// `style`; a move that is not legal where it stands ends the line, shown as `?` + coordinates.
pub fn format_line(pos: &Position, line: &[Move], style: Style) -> String {
    super::format_line_with(pos, line, |p, m| format(p, m, style))
}

/// Writes legal move `m` in full, naming both squares: `N/KN1-KB3`, `B/QN5xN/QB6`, `P/K7-K8=Q`.
pub fn format_full(pos: &Position, m: Move) -> String {
    let us = pos.side_to_move();
    match m.kind() {
        MoveKind::CastleKingSide => return "O-O".into(),
        MoveKind::CastleQueenSide => return "O-O-O".into(),
        _ => {}
    }
    let from = format!(
        "{}/{}",
        pos.moved_piece(m).kind.letter(),
        square_name(m.from(), us)
    );
    let to = match pos.captured_piece(m) {
        Some(v) => format!(
            "x{}/{}",
            v.kind.letter(),
            square_name(matching::captured_square(m), us)
        ),
        None => format!("-{}", square_name(m.to(), us)),
    };
    format!("{from}{to}{}", promotion_text(m))
}
