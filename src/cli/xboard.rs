//! `machack xboard`: the engine speaks CECP (xboard) on standard input and output.

use super::CliError;
use crate::search::Preset;

/// Arguments of `machack xboard`.
#[derive(clap::Args, Debug)]
pub struct XboardArgs {
    /// Search parameters: normal, tournament or quick.
    #[arg(long, default_value = "normal")]
    pub preset: String,
    /// The program: c197 (the 1967-68 source, the default) or paper (the recreation of the
    /// paper).
    #[arg(long, default_value = "c197")]
    pub profile: String,
}

/// Runs the protocol until `quit` or the end of input.
pub fn run(args: &XboardArgs) -> Result<(), CliError> {
    let preset: Preset = args.preset.parse().map_err(|e| format!("{e}"))?;
    crate::protocol::xboard::run(
        std::io::BufReader::new(std::io::stdin()),
        std::io::stdout(),
        preset,
        args.profile.parse().map_err(|e| format!("{e}"))?,
    );
    Ok(())
}
