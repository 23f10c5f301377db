//! The paper profile's own settings: which chess knowledge its search uses, and the variants
//! of the 1967 evaluator (paper §3). The rules they select live in [`crate::paper::eval`].

use std::fmt;
use std::str::FromStr;

/// The default divisor of the piece-ratio term R: the source computes M·(N/T) − M and shifts
/// right by 4 \[S\] (the paper prints k = 1/8).
pub const DEFAULT_RATIO_DIVISOR: i64 = 16;

/// Which king-safety rule the paper's evaluator applies (`crate::paper::eval::king_safety`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum KingSafety {
    /// Paper: 8 per rank of advance, only while queens are on the board.
    #[default]
    Paper,
    /// The paper's rank term gated on the first 20 moves instead, plus −40 for each square
    /// around the king, not holding an own piece, that the opponent attacks more often than we
    /// defend it. An early reading of c197's `KINGSF` (5471-5495), kept as a variant of the
    /// paper's evaluator; it is not c197's rule, which also charges 24 for each equally attacked
    /// square beyond the unattacked ones and counts the king's own attacks (the c197 profile
    /// has that rule, `c197::statev`).
    WeakSquares,
}

impl KingSafety {
    /// The names of the rules, for option lists and messages.
    pub const NAMES: [&'static str; 2] = ["paper", "weak-squares"];
}

impl fmt::Display for KingSafety {
    /// `paper` or `weak-squares`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            KingSafety::Paper => "paper",
            KingSafety::WeakSquares => "weak-squares",
        })
    }
}

impl FromStr for KingSafety {
    type Err = String;
    /// `paper` or `weak-squares`.
    fn from_str(s: &str) -> Result<KingSafety, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "paper" => Ok(KingSafety::Paper),
            "weak-squares" => Ok(KingSafety::WeakSquares),
            other => Err(format!(
                "king safety '{other}' is unknown (use 'paper' or 'weak-squares')"
            )),
        }
    }
}

/// The evaluator's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalParams {
    /// k of the piece-ratio term is `1 / ratio_divisor` (paper §3: the paper prints 1/8, the
    /// source shifts right by 4, i.e. k = 1/16 \[S\] — the default).
    pub ratio_divisor: i64,
    /// Which king-safety term to use (paper by default, c197 source as an option).
    pub king_safety: KingSafety,
}

impl Default for EvalParams {
    fn default() -> Self {
        EvalParams {
            ratio_divisor: DEFAULT_RATIO_DIVISOR,
            king_safety: KingSafety::Paper,
        }
    }
}

/// The chess knowledge the paper's search uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaperKnowledge {
    /// The paper's evaluator (paper §3) and plausible-move generator (paper §5), with the
    /// evaluator's variants.
    K1967(EvalParams),
    /// A teaching implementation (material only, all moves), not the 1967 program.
    Simple,
}

impl PaperKnowledge {
    /// The names of the kinds of knowledge, for option lists and messages.
    pub const NAMES: [&'static str; 2] = ["1967", "simple"];

    /// The kind's name (one of [`PaperKnowledge::NAMES`]), without the evaluator's variants.
    pub fn name(self) -> &'static str {
        match self {
            PaperKnowledge::K1967(_) => "1967",
            PaperKnowledge::Simple => "simple",
        }
    }
}

impl Default for PaperKnowledge {
    fn default() -> PaperKnowledge {
        PaperKnowledge::K1967(EvalParams::default())
    }
}

impl fmt::Display for PaperKnowledge {
    /// `1967`, `1967 (king safety weak-squares, ratio 1/8)` or `simple`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PaperKnowledge::Simple => f.write_str("simple"),
            PaperKnowledge::K1967(e) => {
                f.write_str("1967")?;
                let mut variants = Vec::new();
                if e.king_safety == KingSafety::WeakSquares {
                    variants.push("king safety weak-squares".to_string());
                }
                if e.ratio_divisor != DEFAULT_RATIO_DIVISOR {
                    variants.push(format!("ratio 1/{}", e.ratio_divisor));
                }
                if !variants.is_empty() {
                    write!(f, " ({})", variants.join(", "))?;
                }
                Ok(())
            }
        }
    }
}
