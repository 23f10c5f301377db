//! Descriptive move text → a syntax structure: piece, optional from-qualifier, destination or
//! captured piece, promotion, and the claims of the suffixes (check, mate, en passant).

use crate::notation::CheckMark;
use crate::rules::{CastleSide, PieceKind};

/// A mask of files, bit 0 = the QR file (a) … bit 7 = the KR file (h).
pub type FileMask = u8;

/// Every file.
pub const ALL_FILES: FileMask = 0xFF;

/// A side of the board: the king's files (K, KB, KN, KR) or the queen's (QR, QN, QB, Q).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Wing {
    /// The K side.
    King,
    /// The Q side.
    Queen,
}

/// A square or set of squares as written: `KB3` (one), `B3` (two), `K` files only.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct SquareDesig {
    /// The files it may be on.
    pub files: FileMask,
    /// The rank counted from the mover's side, 0..8.
    pub rank: u8,
}

/// A piece as written: `N`, `KN`, `QBP`, `BP`, `P/K2`, `N(KN1)`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct PieceDesig {
    /// The kind, or `None` when omitted (`/K2-K4`).
    pub kind: Option<PieceKind>,
    /// For pieces: `KN`, `QR`.
    pub wing: Option<Wing>,
    /// For pawns: the files it may stand on (`KP`, `BP`); all files otherwise.
    pub files: FileMask,
    /// `P/K2`, `N(KN1)`: the square it stands on.
    pub square: Option<SquareDesig>,
}

impl PieceDesig {
    /// A piece of `kind` with no qualifier.
    pub fn plain(kind: PieceKind) -> PieceDesig {
        PieceDesig {
            kind: Some(kind),
            wing: None,
            files: ALL_FILES,
            square: None,
        }
    }
}

/// Where a move goes: a square, a captured piece, the en passant "ghost", or anywhere.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Target {
    /// `-KB3`.
    To(SquareDesig),
    /// `xN/QB6`.
    Capture(PieceDesig),
    /// `xG`: the en passant capture.
    Ghost,
    /// Nothing written after the piece (`N/QB1`): any move of that piece.
    Any,
}

/// What the suffixes claim.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Claims {
    /// `ch`, `+`, `dis ch`, `dbl ch` (check); `mate`, `#` (mate).
    pub mark: CheckMark,
    /// `e.p.`, `EP`.
    pub en_passant: bool,
}

/// A descriptive move as written.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Syntax {
    /// `O-O`, `O-O-O`, `Castles` (side `None` when not said).
    Castle(Option<CastleSide>),
    /// Everything else.
    Move {
        /// The piece that moves.
        piece: PieceDesig,
        /// Where it goes.
        target: Target,
        /// `=Q`, `(Q)`, `/Q`, `Q`.
        promotion: Option<PieceKind>,
    },
}

/// A descriptive move text parsed into its syntax and claims.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Parsed {
    /// The move as written.
    pub syntax: Syntax,
    /// What the suffixes claim.
    pub claims: Claims,
}

/// The files a file name designates: `K` → e, `QB` → c, `B` → c and f.
pub fn file_mask(wing: Option<Wing>, piece: Option<u8>) -> FileMask {
    // piece: b'R', b'N', b'B' or None for the K or Q file itself.
    let (q, k) = match piece {
        Some(b'R') => (0, 7),
        Some(b'N') => (1, 6),
        Some(b'B') => (2, 5),
        _ => (3, 4),
    };
    match (wing, piece) {
        (Some(Wing::Queen), _) => 1 << q,
        (Some(Wing::King), _) => 1 << k,
        (None, Some(_)) => 1 << q | 1 << k,
        (None, None) => 0,
    }
}

/// Splits off the suffixes (annotations, check, mate, en passant) and returns the move part.
fn strip_suffixes(mut s: &str, claims: &mut Claims) -> String {
    // Longest first, so that "DISCH" is taken before "CH".
    const SUFFIXES: [(&str, u8); 22] = [
        ("DOUBLECHECK", 1),
        ("DISCOVEREDCHECK", 1),
        ("CHECKMATE", 2),
        ("CHECK", 1),
        ("MATE", 2),
        ("DISCH", 1),
        ("DBLCH", 1),
        ("DISCH.", 1),
        ("DBLCH.", 1),
        ("CH.", 1),
        ("CH", 1),
        ("E.P.", 3),
        ("E.P", 3),
        ("EP.", 3),
        ("EP", 3),
        ("++", 1),
        ("+", 1),
        ("#", 2),
        ("!", 0),
        ("?", 0),
        (",", 0),
        (";", 0),
    ];
    'outer: loop {
        for (suf, what) in SUFFIXES {
            if s.len() > suf.len() && s.ends_with(suf) {
                s = &s[..s.len() - suf.len()];
                match what {
                    1 => claims.mark = claims.mark.max(CheckMark::Check),
                    2 => claims.mark = CheckMark::Mate,
                    3 => claims.en_passant = true,
                    _ => {}
                }
                continue 'outer;
            }
        }
        return s.to_string();
    }
}

/// A syntax error: what is wrong, said for a person.
pub type SyntaxProblem = String;

/// Parses a descriptive move text (case and spaces do not matter).
pub fn parse(text: &str) -> Result<Parsed, SyntaxProblem> {
    let squeezed: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(|c| c.to_uppercase())
        .collect();
    if squeezed.is_empty() {
        return Err("nothing given".into());
    }
    if let Some(bad) = squeezed.chars().find(|c| !c.is_ascii_graphic()) {
        return Err(format!("'{bad}' is not used in descriptive notation"));
    }
    let mut claims = Claims::default();
    let body = strip_suffixes(&squeezed, &mut claims).replace("KT", "N");
    if let Some(side) = castling(&body)? {
        return Ok(Parsed {
            syntax: Syntax::Castle(side),
            claims,
        });
    }
    let b = body.as_bytes();
    let mut i: usize;
    let piece = if matches!(b.first(), Some(b'/' | b'(')) {
        let (square, j) = qualifier(b, 0)
            .ok_or_else(|| format!("'{body}' names no square after '{}'", b[0] as char))?;
        i = j;
        PieceDesig {
            kind: None,
            wing: None,
            files: ALL_FILES,
            square: Some(square),
        }
    } else {
        let (mut p, j) = piece_at(b, 0).ok_or_else(|| {
            format!("'{body}' does not start with a piece (P, N or Kt, B, R, Q, K, or KN, QBP …)")
        })?;
        i = j;
        if let Some((square, j)) = qualifier(b, i) {
            p.square = Some(square);
            i = j;
        }
        p
    };
    let target = match b.get(i) {
        Some(b'-') => {
            let (sq, j) = square(b, i + 1).ok_or_else(|| {
                format!("after '{}' comes no square such as K4 or QB3", &body[..=i])
            })?;
            i = j;
            Target::To(sq)
        }
        Some(b'X' | b'*' | b':') => {
            if b.get(i + 1) == Some(&b'G') {
                i += 2;
                Target::Ghost
            } else if let Some((sq, j)) = square(b, i + 1) {
                // A capture naming the square, not the piece: PxQ6.
                i = j;
                Target::Capture(PieceDesig {
                    kind: None,
                    wing: None,
                    files: ALL_FILES,
                    square: Some(sq),
                })
            } else {
                let (mut p, j) = piece_at(b, i + 1).ok_or_else(|| {
                    format!(
                        "after '{}' comes no captured piece such as P, N or KP",
                        &body[..=i]
                    )
                })?;
                i = j;
                if let Some((square, j)) = qualifier(b, i) {
                    p.square = Some(square);
                    i = j;
                }
                Target::Capture(p)
            }
        }
        None => Target::Any,
        Some(_) => Target::Any,
    };
    let promotion = match &b[i..] {
        [] => None,
        [b'=' | b'/', p] | [p] | [b'(', p, b')'] | [b'=', b'(', p, b')'] => {
            Some(promotion_kind(*p).ok_or_else(|| {
                format!(
                    "'{}' after '{}' is no piece to promote to (Q, R, B or N)",
                    *p as char,
                    &body[..i]
                )
            })?)
        }
        rest => {
            return Err(format!(
                "'{}' after '{}' is not understood",
                String::from_utf8_lossy(rest),
                &body[..i]
            ));
        }
    };
    if promotion.is_some() && target == Target::Any {
        return Err(format!("'{body}' names no square to promote on"));
    }
    Ok(Parsed {
        syntax: Syntax::Move {
            piece,
            target,
            promotion,
        },
        claims,
    })
}

/// Recognises castling: `O-O`, `0-0`, `O-O-O`, `Castles`, `Castles KR`/`QR`.
fn castling(body: &str) -> Result<Option<Option<CastleSide>>, SyntaxProblem> {
    let plain: String = body.chars().filter(|&c| c != '-').collect();
    Ok(match plain.as_str() {
        "OO" | "00" => Some(Some(CastleSide::King)),
        "OOO" | "000" => Some(Some(CastleSide::Queen)),
        "CASTLES" | "CASTLE" | "CASTLING" => Some(None),
        "CASTLESKR" | "CASTLESK" | "CASTLEKR" | "CASTLEK" => Some(Some(CastleSide::King)),
        "CASTLESQR" | "CASTLESQ" | "CASTLEQR" | "CASTLEQ" => Some(Some(CastleSide::Queen)),
        s if s.starts_with("CASTL") => {
            return Err(format!(
                "'{body}': castling is written Castles, Castles KR or Castles QR"
            ));
        }
        _ => None,
    })
}

/// The kind named by a promotion letter.
fn promotion_kind(c: u8) -> Option<PieceKind> {
    match c {
        b'Q' => Some(PieceKind::Queen),
        b'R' => Some(PieceKind::Rook),
        b'B' => Some(PieceKind::Bishop),
        b'N' => Some(PieceKind::Knight),
        _ => None,
    }
}

/// Reads a piece designation at `i`: `P`, `N`, `KN`, `QR`, `KP`, `QBP`, `BP`, `K`, `Q`.
fn piece_at(b: &[u8], i: usize) -> Option<(PieceDesig, usize)> {
    let wing_of = |c: u8| match c {
        b'K' => Some(Wing::King),
        b'Q' => Some(Wing::Queen),
        _ => None,
    };
    let mut i = i;
    let mut wing = None;
    if let (Some(w), Some(b'R' | b'N' | b'B' | b'P')) =
        (b.get(i).copied().and_then(wing_of), b.get(i + 1))
    {
        wing = Some(w);
        i += 1;
    }
    let letter = *b.get(i)?;
    let mut d = PieceDesig::plain(PieceKind::Pawn);
    match letter {
        b'R' | b'N' | b'B' if b.get(i + 1) == Some(&b'P') => {
            d.files = file_mask(wing, Some(letter));
            Some((d, i + 2))
        }
        b'P' => {
            if wing.is_some() {
                d.files = file_mask(wing, None);
            }
            Some((d, i + 1))
        }
        b'R' | b'N' | b'B' | b'Q' | b'K' => {
            d.kind = PieceKind::from_letter(letter as char);
            d.wing = wing;
            Some((d, i + 1))
        }
        _ => None,
    }
}

/// Reads a square designation at `i`: an optional K/Q, an optional R/N/B, a rank digit.
fn square(b: &[u8], i: usize) -> Option<(SquareDesig, usize)> {
    let mut i = i;
    let mut wing = None;
    if let Some(c @ (b'K' | b'Q')) = b.get(i) {
        wing = Some(if *c == b'K' { Wing::King } else { Wing::Queen });
        i += 1;
    }
    let mut piece = None;
    if let Some(c @ (b'R' | b'N' | b'B')) = b.get(i) {
        piece = Some(*c);
        i += 1;
    }
    let files = match (wing, piece) {
        (None, None) => return None,
        (Some(Wing::King), None) => 1 << 4,
        (Some(Wing::Queen), None) => 1 << 3,
        _ => file_mask(wing, piece),
    };
    let rank = match b.get(i) {
        Some(d @ b'1'..=b'8') => d - b'1',
        _ => return None,
    };
    Some((SquareDesig { files, rank }, i + 1))
}

/// Reads a square qualifier at `i`: `/K2` or `(KN1)`.
fn qualifier(b: &[u8], i: usize) -> Option<(SquareDesig, usize)> {
    match b.get(i) {
        Some(b'/') => square(b, i + 1),
        Some(b'(') => {
            let (sq, j) = square(b, i + 1)?;
            (b.get(j) == Some(&b')')).then_some((sq, j + 1))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_form_of_the_1967_program() {
        let p = parse("B/QN5*N/QB6").unwrap();
        let Syntax::Move { piece, target, .. } = p.syntax else {
            panic!()
        };
        assert_eq!(piece.kind, Some(PieceKind::Bishop));
        assert_eq!(piece.square, Some(SquareDesig { files: 2, rank: 4 }));
        let Target::Capture(c) = target else { panic!() };
        assert_eq!(c.kind, Some(PieceKind::Knight));
        assert_eq!(c.square, Some(SquareDesig { files: 4, rank: 5 }));
    }

    #[test]
    fn pawn_files_and_suffixes() {
        let p = parse("qbp x kp e.p. dis ch!").unwrap();
        assert!(p.claims.mark == CheckMark::Check && p.claims.en_passant);
        let Syntax::Move { piece, target, .. } = p.syntax else {
            panic!()
        };
        assert_eq!(piece.files, 1 << 2);
        assert_eq!(
            target,
            Target::Capture(PieceDesig {
                files: 1 << 4,
                ..PieceDesig::plain(PieceKind::Pawn)
            })
        );
    }

    #[test]
    fn promotions_in_every_form() {
        for t in ["P-K8=Q", "P-K8(Q)", "P-K8/Q", "P-K8Q", "p-k8 = q"] {
            let p = parse(t).unwrap();
            assert!(
                matches!(
                    p.syntax,
                    Syntax::Move {
                        promotion: Some(PieceKind::Queen),
                        ..
                    }
                ),
                "{t}"
            );
        }
    }
}
