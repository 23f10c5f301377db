//! UCI: the commands a GUI sends, read from text, and the session that answers them.

pub mod command;
pub mod session;

pub use command::{GoParams, PositionStart, UciCommand, UciError, parse};
pub use session::run;
