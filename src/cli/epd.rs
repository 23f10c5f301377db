//! `machack epd FILE [--limit N] [options]`: searches each EPD position and checks the choice
//! against its `bm` (best moves) and `am` (avoid moves) operations.
//!
//! EPD moves are SAN. The notation module had no SAN reader when this was written, so
//! [`san`] below is a small stand-in (matching, TSCP-style, the SAN of each generated legal
//! move against the text); swap it for the notation module's at integration. Knowledge:
//! [`SimpleKnowledge`] until the 1967 evaluator and PMG are integrated.

use super::CliError;
use super::think::{SearchOptions, move_text, value_text};
use crate::rules::{Move, PieceKind, Position};
use crate::search::{Preset, Searcher, SimpleKnowledge};

/// Arguments of `machack epd`.
#[derive(clap::Args, Debug)]
pub struct EpdArgs {
    /// The EPD file: one position a line, `bm`/`am` operations in SAN.
    pub file: String,
    /// Search at most this many positions.
    #[arg(long)]
    pub limit: Option<usize>,
    #[command(flatten)]
    pub search: SearchOptions,
}

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
        fen_parts.push(
            fields
                .next()
                .ok_or_else(|| format!("'{line}' has fewer than the four EPD position fields"))?,
        );
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

/// The SAN of the legal move `m` in `pos`, without check marks (a stand-in: see the module
/// comment).
pub fn san(pos: &Position, m: Move) -> String {
    if m.is_castle() {
        return if m.to().file() == 6 { "O-O" } else { "O-O-O" }.to_string();
    }
    let piece = pos.moved_piece(m).kind;
    let mut s = String::new();
    if piece == PieceKind::Pawn {
        if m.is_capture() {
            s.push((b'a' + m.from().file()) as char);
            s.push('x');
        }
    } else {
        s.push(piece.letter());
        let rivals: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|o| {
                *o != m
                    && o.to() == m.to()
                    && o.from() != m.from()
                    && pos.moved_piece(*o).kind == piece
            })
            .collect();
        if !rivals.is_empty() {
            let same_file = rivals.iter().any(|o| o.from().file() == m.from().file());
            let same_rank = rivals.iter().any(|o| o.from().rank() == m.from().rank());
            if !same_file {
                s.push((b'a' + m.from().file()) as char);
            } else if !same_rank {
                s.push((b'1' + m.from().rank()) as char);
            } else {
                s.push_str(&m.from().to_string());
            }
        }
        if m.is_capture() {
            s.push('x');
        }
    }
    s.push_str(&m.to().to_string());
    if let Some(p) = m.promotion() {
        s.push('=');
        s.push(p.letter());
    }
    s
}

/// Whether the SAN `text` names `m` in `pos` (check marks, annotations, `0-0` and a missing `=`
/// tolerated).
pub fn san_matches(pos: &Position, m: Move, text: &str) -> bool {
    let clean: String = text
        .trim_end_matches(['+', '#', '!', '?'])
        .replace('0', "O")
        .chars()
        .filter(|&c| c != '=')
        .collect();
    san(pos, m).replace('=', "") == clean
}

/// Runs the EPD test.
pub fn run(args: &EpdArgs) -> Result<(), CliError> {
    let params = args.search.params(Preset::Normal)?;
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| format!("cannot read '{}': {e}", args.file))?;
    let limits = args.search.limits();
    let mut searcher = Searcher::new(params);
    let (mut tried, mut solved) = (0, 0);
    println!("knowledge: simple (test implementation, not the 1967 evaluator)");
    for (n, line) in text.lines().enumerate() {
        if args.limit.is_some_and(|l| tried >= l) {
            break;
        }
        let Some(rec) = parse_epd_line(line).map_err(|e| format!("line {}: {e}", n + 1))? else {
            continue;
        };
        let pos = Position::from_fen(&rec.fen).map_err(|e| format!("line {}: {e}", n + 1))?;
        searcher.clear();
        let r = searcher.search(&mut SimpleKnowledge, &pos, &[], &limits, None);
        let Some(m) = r.best_move else {
            println!(
                "{:>4}. {} no legal move",
                n + 1,
                rec.id.as_deref().unwrap_or("")
            );
            continue;
        };
        tried += 1;
        let good = (rec.best.is_empty() || rec.best.iter().any(|b| san_matches(&pos, m, b)))
            && !rec.avoid.iter().any(|a| san_matches(&pos, m, a));
        solved += good as usize;
        println!(
            "{:>4}. {:<12} {:<4} chose {:<7} ({}) {:<18} bm [{}] am [{}]",
            n + 1,
            rec.id.as_deref().unwrap_or(""),
            if good { "ok" } else { "FAIL" },
            san(&pos, m),
            move_text(&pos, m),
            value_text(r.value),
            rec.best.join(" "),
            rec.avoid.join(" ")
        );
    }
    println!("solved {solved} of {tried}");
    Ok(())
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
        let sans: Vec<String> = pos.legal_moves().iter().map(|&m| san(&pos, m)).collect();
        for s in ["Bb5", "Nxe5", "Ke2", "a4", "Nc3", "Ng5"] {
            assert!(sans.contains(&s.to_string()), "{s} in {sans:?}");
        }
        let pos = Position::from_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1").unwrap();
        let m = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|m| m.coordinate() == "a1d1")
            .unwrap();
        assert_eq!(san(&pos, m), "Rad1");
        assert!(san_matches(&pos, m, "Rad1+"));
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
        let castle = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|m| m.is_castle())
            .unwrap();
        assert!(san_matches(&pos, castle, "0-0") || san_matches(&pos, castle, "O-O-O"));
    }
}
