//! `machack xboard`: the engine speaks CECP (xboard) on standard input and output.

use super::CliError;
use super::search_options::SettingsOptions;

/// Arguments of `machack xboard`.
#[derive(clap::Args, Debug)]
pub struct XboardArgs {
    /// The program's settings at the start (the protocol's options change them).
    #[command(flatten)]
    pub settings: SettingsOptions,
}

/// Runs the protocol until `quit` or the end of input.
pub fn run(args: &XboardArgs) -> Result<(), CliError> {
    crate::protocol::xboard::run(
        std::io::BufReader::new(std::io::stdin()),
        std::io::stdout(),
        args.settings.params()?,
    );
    Ok(())
}
