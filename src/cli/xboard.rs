//! `machack xboard`: the engine speaks CECP (xboard) on standard input and output.

use super::CliError;
use super::search_options::ProfileOptions;
use crate::program::Preset;

/// Arguments of `machack xboard`.
#[derive(clap::Args, Debug)]
pub struct XboardArgs {
    /// Search parameters: normal, tournament or quick.
    #[arg(long, default_value = "normal")]
    pub preset: String,
    /// The program and its fixes.
    #[command(flatten)]
    pub program: ProfileOptions,
}

/// Runs the protocol until `quit` or the end of input.
pub fn run(args: &XboardArgs) -> Result<(), CliError> {
    let preset: Preset = args.preset.parse().map_err(|e| format!("{e}"))?;
    crate::protocol::xboard::run(
        std::io::BufReader::new(std::io::stdin()),
        std::io::stdout(),
        preset,
        args.program.profile()?,
    );
    Ok(())
}
