//! The debugging aids of paper §13 asked of the engine's program: the static evaluation term by
//! term (aid 3), the generator's list (aid 5) and how one move's plausibility is made (aid 4).
//! Each program answers in its own terms, c197's (`STVL4`, `LMG`, `LMGR`) or the paper's
//! recreation's (S = B + R + P + K + C, the factors of §5); the commands `eval`, `plausible`
//! and `trace` write the answers out. Moves and values only: no text.

use super::engine::Engine;
use crate::c197;
use crate::interface::{EvalParams, PaperKnowledge, Profile};
use crate::paper::eval::{Breakdown, RootRatio, evaluate_breakdown};
use crate::paper::plausible::{self, Factor, PlausibleMove, PlausibleMoves};
use crate::rules::{Key, Move, Position};

/// A static evaluation, term by term.
pub enum Evaluation {
    /// c197's `STVL4` terms (see [`c197::static_terms`]).
    C197(c197::statev::Terms),
    /// The paper's evaluator's terms (see [`evaluate_breakdown`]).
    Paper(Breakdown),
}

/// The generator's list of the legal moves, most plausible first.
pub enum Listing {
    /// c197's `LMG` list, in the order its `SORT` leaves it (see [`c197::plausible_list`]).
    C197(Vec<(Move, c197::lmg::Entry)>),
    /// The paper's generator's list (see [`plausible::plausible_moves`]).
    Paper(PlausibleMoves),
}

/// How one move's plausibility is made.
pub enum Trace {
    /// c197's `LMGR` rule by rule (see [`c197::trace_move`]).
    C197(c197::lmg::Trace),
    /// The paper's generator factor by factor (see [`plausible::trace_move`]).
    Paper(PlausibleMove, Vec<Factor>),
}

/// Why the program's generator has no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoAnswer {
    /// c197 numbers the levels of its tree from 1, the top level (`LMGD2`): it has no level 0.
    Level,
    /// c197 has no such move: it promotes only to a queen.
    OnlyQueening,
    /// The move is not legal in the position.
    Illegal,
}

/// c197's level `LMGD2` for `level`, if it has one.
fn c197_level(level: u32) -> Result<u32, NoAnswer> {
    if level == 0 {
        Err(NoAnswer::Level)
    } else {
        Ok(level)
    }
}

impl Engine {
    /// The static evaluation of `pos`, reached along `history` (c197 numbers its pieces along
    /// the game), in a search from `root` (the piece ratio's change; with c197 also `OPNMID`).
    /// The paper's teaching knowledge has no evaluator of its own: the 1967 one answers, with
    /// its defaults.
    pub fn evaluation(&self, pos: &Position, history: &[Key], root: &Position) -> Evaluation {
        match self.params().profile {
            Profile::C197(fixes) => Evaluation::C197(c197::static_terms(pos, history, fixes, root)),
            Profile::Paper(knowledge) => {
                let params = match knowledge {
                    PaperKnowledge::K1967(params) => params,
                    PaperKnowledge::Simple => EvalParams::default(),
                };
                Evaluation::Paper(evaluate_breakdown(pos, &RootRatio::at(root), &params))
            }
        }
    }

    /// The generator's list for the side to move in `pos`, reached along `history`, as the
    /// moves of a node at `level` of the tree (1: the top level). The paper's generator answers
    /// for every knowledge.
    pub fn plausible(
        &self,
        pos: &Position,
        history: &[Key],
        level: u32,
    ) -> Result<Listing, NoAnswer> {
        Ok(match self.params().profile {
            Profile::C197(fixes) => Listing::C197(c197::plausible_list(
                pos,
                history,
                fixes,
                c197_level(level)?,
            )),
            Profile::Paper(_) => Listing::Paper(plausible::plausible_moves(pos, level)),
        })
    }

    /// How the generator scores legal move `m` in `pos`, reached along `history`, at `level`
    /// of the tree.
    pub fn trace(
        &self,
        pos: &Position,
        history: &[Key],
        m: Move,
        level: u32,
    ) -> Result<Trace, NoAnswer> {
        match self.params().profile {
            Profile::C197(fixes) => c197::trace_move(pos, history, fixes, c197_level(level)?, m)
                .map(Trace::C197)
                .ok_or(NoAnswer::OnlyQueening),
            Profile::Paper(_) => plausible::trace_move(pos, m, level)
                .map(|(pm, factors)| Trace::Paper(pm, factors))
                .ok_or(NoAnswer::Illegal),
        }
    }
}
