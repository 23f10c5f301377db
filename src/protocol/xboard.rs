//! CECP (xboard) v2: the commands the interface sends, read from text, the session, and the
//! search status analyze mode reports.

pub mod analysis;
pub mod command;
pub mod session;

pub use command::{EngineOption, PvNotation, XboardCommand, XboardError, parse};
pub use session::run;
