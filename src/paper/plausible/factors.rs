//! The accumulator of a move's plausibility: every factor passes through [`Factors::add`], which
//! sums it and, only when tracing, records it with its comment — so the trace (paper §13, aid 4)
//! and the score can never disagree.

use crate::value::Value;

/// One factor of a move's plausibility, as the trace prints it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Factor {
    /// Its signed value.
    pub value: Value,
    /// What it is, in the paper's manner.
    pub comment: String,
}

/// Whether a factor counts in the positional change (paper §5, developmentally poor moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Development and positional attributes: they decide "developmentally poor".
    Positional,
    /// Material, threats, exchanges and fixed values.
    Tactical,
}

/// The running sum of a move's factors, recording them when `TRACE` (a constant, so that the
/// generator's scoring, which never traces, carries no test for it at each factor).
#[derive(Clone, Debug, Default)]
pub struct Factors<const TRACE: bool> {
    /// The plausibility so far.
    pub total: Value,
    /// The positional change so far.
    pub positional: Value,
    /// Forcing possibilities found (two or more make a fork).
    pub forcing: u32,
    /// The recorded factors (empty unless `TRACE`).
    trace: Vec<Factor>,
}

impl<const TRACE: bool> Factors<TRACE> {
    /// A new accumulator.
    pub fn new() -> Factors<TRACE> {
        Factors::default()
    }

    /// Adds a factor; `comment` is only called when tracing. Zero values are skipped.
    #[inline]
    pub fn add(&mut self, value: Value, kind: Kind, comment: impl FnOnce() -> String) {
        if value == 0 {
            return;
        }
        self.total += value;
        if kind == Kind::Positional {
            self.positional += value;
        }
        if TRACE {
            self.trace.push(Factor {
                value,
                comment: comment(),
            });
        }
    }

    /// The recorded factors (empty when not tracing).
    pub fn into_trace(self) -> Vec<Factor> {
        self.trace
    }
}
