//! EPD (Extended Position Description) as `machack epd` reads it: the four position fields of
//! FEN, then operations; `bm` (best moves), `am` (moves to avoid) and `id` are kept, moves in SAN.

use super::san;
use crate::rules::{Move, Position};

/// One EPD record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EpdRecord {
    /// The position.
    pub fen: String,
    /// `id`, if given.
    pub id: Option<String>,
    /// Best moves (SAN as written).
    pub best: Vec<String>,
    /// Moves to avoid (SAN as written).
    pub avoid: Vec<String>,
}

/// Parses one EPD line (None for blank lines and comments).
pub fn parse_epd_line(line: &str) -> Result<Option<EpdRecord>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let mut fields = line.splitn(5, ' ');
    let mut fen_parts = Vec::new();
    for _ in 0..4 {
        fen_parts.push(fields.next().ok_or_else(|| {
            format!(
                "'{}' has fewer than the four EPD position fields",
                super::excerpt(line)
            )
        })?);
    }
    let ops = fields.next().unwrap_or("");
    let mut rec = EpdRecord {
        fen: format!("{} 0 1", fen_parts.join(" ")),
        id: None,
        best: Vec::new(),
        avoid: Vec::new(),
    };
    for op in ops.split(';').map(str::trim).filter(|o| !o.is_empty()) {
        let (name, args) = op.split_once(' ').unwrap_or((op, ""));
        let args: Vec<String> = args.split_whitespace().map(|a| a.to_string()).collect();
        match name {
            "bm" => rec.best = args,
            "am" => rec.avoid = args,
            "id" => rec.id = Some(args.join(" ").trim_matches('"').to_string()),
            _ => {}
        }
    }
    Ok(Some(rec))
}

/// Whether the SAN `text` names `m` in `pos` (read by the notation module: check marks
/// and the usual variants tolerated; a move that is not legal here names nothing).
pub fn san_matches(pos: &Position, m: Move, text: &str) -> bool {
    san::parse(pos, text.trim_end_matches(['!', '?'])).is_ok_and(|found| found == m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_line_and_san() {
        let rec = parse_epd_line(
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5 Bc4; am Ng5; id \"t1\";",
        )
        .unwrap()
        .unwrap();
        assert_eq!(rec.best, ["Bb5", "Bc4"]);
        assert_eq!(rec.avoid, ["Ng5"]);
        assert_eq!(rec.id.as_deref(), Some("t1"));
        let pos = Position::from_fen(&rec.fen).unwrap();
        let find = |c: &str| {
            pos.legal_moves()
                .iter()
                .copied()
                .find(|m| m.coordinate() == c)
                .unwrap()
        };
        assert!(san_matches(&pos, find("f1b5"), "Bb5"));
        assert!(san_matches(&pos, find("f3e5"), "Nxe5!"));
        assert!(!san_matches(&pos, find("f3e5"), "Ng5"));
        assert!(!san_matches(&pos, find("f3e5"), "Qh8"));
        assert_eq!(parse_epd_line("  # comment"), Ok(None));
        assert!(parse_epd_line("8/8/8 w").is_err());
    }
}
