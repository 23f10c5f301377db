//! The interface of the two programs, the paper's ([`crate::paper`]) and c197's
//! ([`crate::c197`]): the settings both take, how a search is limited, and what it returns. A
//! layer below both, so that neither is filed under the other and the front ends speak to
//! either in the same terms (through [`crate::game::Engine`]).
//!
//! - [`params`]: the settings of a search: which program ([`Profile`]), widths, depth,
//!   feedovers, the table, the secondary search; presets; the one range check of each value.
//! - [`fixes`]: c197's bugs that later versions fixed, each a switch ([`Fixes`]).
//! - [`paper`]: the paper profile's own settings: which knowledge, the evaluator's variants.
//! - [`settings`]: every setting in one table: which profile it applies to, its option, tag
//!   and UCI name; the one settings line; a record's settings tags.
//! - [`result`]: what a search returns (the move, its value and line, the top-level record),
//!   how it is limited and stopped, what it reports while it runs.
//! - [`stats`]: the counters of a search (paper §13, debugging aid 6).

pub mod fixes;
pub mod paper;
pub mod params;
pub mod result;
pub mod settings;
pub mod stats;

pub use fixes::Fixes;
pub use paper::{EvalParams, KingSafety, PaperKnowledge};
pub use params::{
    ParamError, Preset, Profile, RepetitionPolicy, SearchParams, TableUse, WidthSchedule,
    parse_depth, parse_switch,
};
pub use result::{
    Approximation, Deepening, Limits, Line, Progress, SearchResult, Selection, TopBound,
    TopLevelMove,
};
pub use stats::{Statistics, TableStats};
