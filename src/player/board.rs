//! The board as the terminal game shows it: plain upper-case ASCII for a teletype or a pipe, or
//! coloured squares (crossterm) on a terminal.

use crate::notation::descriptive::FILE_NAMES;
use crate::rules::{Color, Position, Square};
use crossterm::style::{Color as TermColor, Stylize};

/// The board in upper-case ASCII, White at the bottom: `WR` a White rook, `BN` a Black knight,
/// `--` an empty light square, `..` an empty dark one; files named as descriptive notation names
/// them, ranks numbered from White's side (Black counts them the other way).
pub fn teletype(pos: &Position) -> String {
    let mut out = String::new();
    for rank in (0..8u8).rev() {
        out.push_str(&format!("{} ", rank + 1));
        for file in 0..8u8 {
            let s = Square::from_coords(file, rank);
            let cell = match pos.piece_at(s) {
                Some(p) => format!(
                    "{}{}",
                    if p.color == Color::White { 'W' } else { 'B' },
                    p.kind.letter()
                ),
                None if (file + rank) % 2 == 0 => "..".to_string(),
                None => "--".to_string(),
            };
            out.push(' ');
            out.push_str(&cell);
        }
        out.push('\n');
    }
    out.push_str("  ");
    for name in FILE_NAMES {
        out.push_str(&format!(" {name:<2}"));
    }
    out.push('\n');
    out
}

/// The board with coloured squares and pieces, for a terminal.
pub fn coloured(pos: &Position) -> String {
    let mut out = String::new();
    for rank in (0..8u8).rev() {
        out.push_str(&format!("{} ", rank + 1));
        for file in 0..8u8 {
            let s = Square::from_coords(file, rank);
            let bg = if (file + rank) % 2 == 0 {
                TermColor::Rgb {
                    r: 181,
                    g: 136,
                    b: 99,
                }
            } else {
                TermColor::Rgb {
                    r: 240,
                    g: 217,
                    b: 181,
                }
            };
            let cell = match pos.piece_at(s) {
                Some(p) => {
                    let fg = if p.color == Color::White {
                        TermColor::White
                    } else {
                        TermColor::Black
                    };
                    format!(" {} ", p.kind.letter())
                        .with(fg)
                        .bold()
                        .on(bg)
                        .to_string()
                }
                None => "   ".on(bg).to_string(),
            };
            out.push_str(&cell);
        }
        out.push('\n');
    }
    out.push_str("  ");
    for name in FILE_NAMES {
        out.push_str(&format!("{name:^3}"));
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn teletype_board_of_the_start() {
        let b = teletype(&Position::startpos());
        let lines: Vec<&str> = b.lines().collect();
        assert_eq!(lines[0], "8  BR BN BB BQ BK BB BN BR");
        assert_eq!(lines[4], "4  -- .. -- .. -- .. -- ..");
        assert_eq!(lines[7], "1  WR WN WB WQ WK WB WN WR");
        assert_eq!(lines[8], "   QR QN QB Q  K  KB KN KR");
    }
}
