//! CECP (xboard) v2: the commands the interface sends, read from text, and the session.

pub mod command;
pub mod session;

pub use command::{XboardCommand, XboardError, parse};
pub use session::run;
