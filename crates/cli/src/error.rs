//! The error that ends a command, and its exit status.

use std::fmt;
use std::process::ExitCode;

/// A failure that ends the command.
#[derive(Debug)]
pub enum CliError {
    /// Input that cannot be read at all (exit 2).
    Input(String),
    /// A request that names something the catalog does not have (exit 1).
    Usage(String),
}

impl CliError {
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Input(_) => 2,
            CliError::Usage(_) => 1,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Input(m) | CliError::Usage(m) => f.write_str(m),
        }
    }
}

/// What a command returns: its exit status, or the error that ended it.
pub type CmdResult = Result<ExitCode, CliError>;

/// A request the catalog cannot answer (exit 1).
pub fn usage(message: impl Into<String>) -> CliError {
    CliError::Usage(message.into())
}
