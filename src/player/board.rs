//! The board as the terminal game shows it, from the player's side: plain upper-case ASCII for a
//! teletype or a pipe (`WR` a White rook, `BN` a Black knight), or coloured squares (crossterm) on
//! a terminal: the men as solid chess glyphs in white or black, which read at a glance on both
//! squares, or, without UTF-8, as the teletype's letters.

use crate::notation::descriptive::FILE_NAMES;
use crate::rules::{Color, PieceKind, Position, Square};
use crossterm::style::{Color as TermColor, Stylize};

/// How the terminal game shows itself, chosen once from where its output goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Display {
    /// A terminal that takes control sequences: the line showing the search, erased after it.
    pub live: bool,
    /// Coloured squares and pieces.
    pub colour: bool,
    /// Chess glyphs (♔ ♚) rather than the teletype's letters (`WK` `BK`).
    pub glyphs: bool,
}

impl Display {
    /// Plain ASCII, as on a teletype or through a pipe.
    pub const TELETYPE: Display = Display {
        live: false,
        colour: false,
        glyphs: false,
    };

    /// The display for output that `is_terminal` or not, `--teletype` or not, under the
    /// environment `var` reads: `TERM=dumb` is a teletype; `NO_COLOR` (set, not empty;
    /// no-color.org) keeps a terminal's live line but draws the board in ASCII; glyphs only where
    /// the locale (`LC_ALL`, `LC_CTYPE`, `LANG`, the first one set) says UTF-8.
    pub fn choose(
        is_terminal: bool,
        teletype: bool,
        var: impl Fn(&str) -> Option<String>,
    ) -> Display {
        let set = |name: &str| var(name).filter(|v| !v.is_empty());
        let dumb = set("TERM").is_some_and(|t| t == "dumb");
        if !is_terminal || teletype || dumb {
            return Display::TELETYPE;
        }
        let colour = set("NO_COLOR").is_none();
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].iter().find_map(|v| set(v));
        let utf8 = locale.is_some_and(|l| {
            let l = l.to_ascii_lowercase();
            l.contains("utf-8") || l.contains("utf8")
        });
        Display {
            live: true,
            colour,
            glyphs: colour && utf8,
        }
    }
}

/// The light squares' colour; with [`DARK`], chosen so that White's men stand out on both
/// squares by a WCAG contrast ratio of at least 4:1 (4.10 on the light ones) and Black's by at
/// least 3:1 (3.02 on the dark ones), the squares still told apart (1.70:1); the test computes
/// them. The usual (240, 217, 181) leaves a white man at 1.4:1.
pub const LIGHT: (u8, u8, u8) = (156, 118, 82);
/// The dark squares' colour.
pub const DARK: (u8, u8, u8) = (112, 84, 58);
/// White's men.
pub const WHITE_MEN: (u8, u8, u8) = (255, 255, 255);
/// Black's men.
pub const BLACK_MEN: (u8, u8, u8) = (0, 0, 0);

/// The board as `display` draws it, with `bottom`'s side at the bottom.
pub fn draw(pos: &Position, bottom: Color, display: Display) -> String {
    if display.colour {
        coloured(pos, bottom, display.glyphs)
    } else {
        teletype(pos, bottom)
    }
}

/// The squares row by row from the top as `bottom` sees the board, with the rank numbers as
/// `bottom` counts them (descriptive notation counts from the mover's side).
fn rows(bottom: Color) -> impl Iterator<Item = (u8, Vec<Square>)> {
    (0..8u8).rev().map(move |own_rank| {
        let rank = if bottom == Color::White {
            own_rank
        } else {
            7 - own_rank
        };
        let files: Vec<Square> = (0..8u8)
            .map(|f| {
                let file = if bottom == Color::White { f } else { 7 - f };
                Square::from_coords(file, rank)
            })
            .collect();
        (own_rank + 1, files)
    })
}

/// The files' descriptive names from `bottom`'s left to right.
fn file_names(bottom: Color) -> Vec<&'static str> {
    let mut names = FILE_NAMES.to_vec();
    if bottom == Color::Black {
        names.reverse();
    }
    names
}

fn is_light(s: Square) -> bool {
    (s.file() + s.rank()) % 2 == 1
}

/// The board in upper-case ASCII: `WR` a White rook, `BN` a Black knight, `--` an empty light
/// square, `..` an empty dark one; files named as descriptive notation names them, ranks numbered
/// from `bottom`'s side.
pub fn teletype(pos: &Position, bottom: Color) -> String {
    let mut out = String::new();
    for (number, squares) in rows(bottom) {
        out.push_str(&format!("{number} "));
        for s in squares {
            let cell = match pos.piece_at(s) {
                Some(p) => format!(
                    "{}{}",
                    if p.color == Color::White { 'W' } else { 'B' },
                    p.kind.letter()
                ),
                None if is_light(s) => "--".to_string(),
                None => "..".to_string(),
            };
            out.push(' ');
            out.push_str(&cell);
        }
        out.push('\n');
    }
    out.push_str("  ");
    for name in file_names(bottom) {
        out.push_str(&format!(" {name:<2}"));
    }
    out.push('\n');
    out
}

/// The chess glyph of a man: the solid one for either side, drawn in its side's colour (the
/// outlined White glyphs are thin strokes that read poorly on coloured squares).
fn glyph(kind: PieceKind) -> char {
    match kind {
        PieceKind::King => '♚',
        PieceKind::Queen => '♛',
        PieceKind::Rook => '♜',
        PieceKind::Bishop => '♝',
        PieceKind::Knight => '♞',
        PieceKind::Pawn => '♟',
    }
}

/// The board with coloured squares and men, for a terminal: solid glyphs (` ♜ `) in the men's
/// colours, or the teletype's letters (` BR `), which tell the sides apart without colour too.
pub fn coloured(pos: &Position, bottom: Color, glyphs: bool) -> String {
    let rgb = |(r, g, b): (u8, u8, u8)| TermColor::Rgb { r, g, b };
    let width = if glyphs { 3 } else { 4 };
    let mut out = String::new();
    for (number, squares) in rows(bottom) {
        out.push_str(&format!("{number} "));
        for s in squares {
            let bg = rgb(if is_light(s) { LIGHT } else { DARK });
            let cell = match pos.piece_at(s) {
                Some(p) => {
                    let fg = rgb(if p.color == Color::White {
                        WHITE_MEN
                    } else {
                        BLACK_MEN
                    });
                    let text = if glyphs {
                        format!(" {} ", glyph(p.kind))
                    } else {
                        let side = if p.color == Color::White { 'W' } else { 'B' };
                        format!(" {side}{} ", p.kind.letter())
                    };
                    text.with(fg).bold().on(bg).to_string()
                }
                None => " ".repeat(width).on(bg).to_string(),
            };
            out.push_str(&cell);
        }
        out.push('\n');
    }
    out.push_str("  ");
    for name in file_names(bottom) {
        out.push_str(&format!("{name:^width$}"));
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn teletype_board_of_the_start() {
        let b = teletype(&Position::startpos(), Color::White);
        let lines: Vec<&str> = b.lines().collect();
        assert_eq!(lines[0], "8  BR BN BB BQ BK BB BN BR");
        assert_eq!(lines[4], "4  -- .. -- .. -- .. -- ..");
        assert_eq!(lines[7], "1  WR WN WB WQ WK WB WN WR");
        assert_eq!(lines[8], "   QR QN QB Q  K  KB KN KR");
    }

    #[test]
    fn blacks_board_is_turned_round_and_counted_from_blacks_side() {
        let after_e4 =
            Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
                .unwrap();
        let b = teletype(&after_e4, Color::Black);
        assert_eq!(
            b,
            "\
8  WR WN WB WK WQ WB WN WR
7  WP WP WP -- WP WP WP WP
6  -- .. -- .. -- .. -- ..
5  .. -- .. WP .. -- .. --
4  -- .. -- .. -- .. -- ..
3  .. -- .. -- .. -- .. --
2  BP BP BP BP BP BP BP BP
1  BR BN BB BK BQ BB BN BR
   KR KN KB K  Q  QB QN QR
"
        );
    }

    /// WCAG 2 relative luminance of an sRGB colour.
    fn luminance((r, g, b): (u8, u8, u8)) -> f64 {
        let lin = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.03928 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    }

    fn contrast(a: (u8, u8, u8), b: (u8, u8, u8)) -> f64 {
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    #[test]
    fn white_men_stand_out_by_4_to_1_and_black_by_3_to_1_on_each_square() {
        let ratios: Vec<String> = [WHITE_MEN, BLACK_MEN]
            .iter()
            .flat_map(|&men| [LIGHT, DARK].map(|sq| format!("{:.2}", contrast(men, sq))))
            .collect();
        // White on light, White on dark, Black on light, Black on dark.
        assert_eq!(ratios, ["4.10", "6.96", "5.13", "3.02"]);
        // The squares are told apart.
        assert_eq!(format!("{:.2}", contrast(LIGHT, DARK)), "1.70");
        assert_eq!(
            format!("{:.2}", contrast(WHITE_MEN, (240, 217, 181))),
            "1.37"
        );
    }

    #[test]
    fn the_display_follows_the_output_and_the_environment() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        let utf8 = env(&[("TERM", "xterm-256color"), ("LANG", "en_GB.UTF-8")]);
        let full = Display {
            live: true,
            colour: true,
            glyphs: true,
        };
        assert_eq!(Display::choose(true, false, utf8), full);
        assert_eq!(Display::choose(false, false, utf8), Display::TELETYPE);
        assert_eq!(Display::choose(true, true, utf8), Display::TELETYPE);
        assert_eq!(
            Display::choose(true, false, env(&[("TERM", "dumb"), ("LANG", "C.UTF-8")])),
            Display::TELETYPE
        );
        assert_eq!(
            Display::choose(true, false, env(&[("NO_COLOR", "1"), ("LANG", "C.UTF-8")])),
            Display {
                live: true,
                colour: false,
                glyphs: false
            }
        );
        // An empty NO_COLOR does not count; LC_ALL outranks LANG.
        assert_eq!(
            Display::choose(
                true,
                false,
                env(&[("NO_COLOR", ""), ("LC_ALL", "C"), ("LANG", "C.UTF-8")])
            ),
            Display {
                live: true,
                colour: true,
                glyphs: false
            }
        );
    }

    #[test]
    fn coloured_men_are_solid_glyphs_in_their_colours_or_letters() {
        let start = Position::startpos();
        let glyphs = coloured(&start, Color::White, true);
        // Solid glyphs for both sides, in the men's colours: white's rook, then black's.
        let white_rook = " ♜ "
            .with(TermColor::Rgb {
                r: 255,
                g: 255,
                b: 255,
            })
            .bold();
        let black_rook = " ♜ ".with(TermColor::Rgb { r: 0, g: 0, b: 0 }).bold();
        let on_dark = |s: crossterm::style::StyledContent<&str>| {
            let (r, g, b) = DARK;
            s.on(TermColor::Rgb { r, g, b }).to_string()
        };
        let on_light = |s: crossterm::style::StyledContent<&str>| {
            let (r, g, b) = LIGHT;
            s.on(TermColor::Rgb { r, g, b }).to_string()
        };
        // a1 is dark, h8 light.
        assert!(glyphs.contains(&on_dark(white_rook)), "{glyphs:?}");
        assert!(glyphs.contains(&on_light(black_rook)), "{glyphs:?}");
        assert!(!glyphs.contains('♖'));
        let letters = coloured(&start, Color::White, false);
        assert!(letters.contains(" BR ") && letters.contains(" WR "));
        assert!(letters.ends_with("  QR  QN  QB  Q   K   KB  KN  KR \n"));
    }
}
