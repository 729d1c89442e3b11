//! How a command ends: its [`ExitStatus`], or the [`CliError`] that stopped it.

use std::fmt;
use std::process::ExitCode;

/// The exit statuses of every command (docs/cli.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExitStatus {
    /// 0: done, nothing to report.
    Success,
    /// 1: a finding the command reports (errors, no route, drift, a failing review), or a
    /// request the catalog cannot answer (an unknown package).
    Failure,
    /// 2: input that cannot be read, or arguments that do not go together.
    Usage,
}

impl ExitStatus {
    /// [`ExitStatus::Failure`] when `failed`, else [`ExitStatus::Success`].
    pub fn failure_if(failed: bool) -> Self {
        if failed {
            ExitStatus::Failure
        } else {
            ExitStatus::Success
        }
    }
}

impl From<ExitStatus> for ExitCode {
    fn from(status: ExitStatus) -> Self {
        ExitCode::from(match status {
            ExitStatus::Success => 0,
            ExitStatus::Failure => 1,
            ExitStatus::Usage => 2,
        })
    }
}

/// A failure that ends the command.
#[derive(Debug)]
pub enum CliError {
    /// Input that cannot be read at all (exit 2).
    Input(String),
    /// Arguments that do not go together, or a flag's value that is not well formed (exit 2).
    Usage(String),
    /// A request that names something the catalog does not have, or that it cannot answer
    /// (exit 1).
    Request(String),
}

impl CliError {
    pub fn exit_status(&self) -> ExitStatus {
        match self {
            CliError::Input(_) | CliError::Usage(_) => ExitStatus::Usage,
            CliError::Request(_) => ExitStatus::Failure,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Input(m) | CliError::Usage(m) | CliError::Request(m) => f.write_str(m),
        }
    }
}

/// What a command returns: its exit status, or the error that ended it.
pub type CmdResult = Result<ExitStatus, CliError>;

/// Arguments that do not go together (exit 2).
pub fn usage(message: impl Into<String>) -> CliError {
    CliError::Usage(message.into())
}

/// A request the catalog cannot answer (exit 1).
pub fn request(message: impl Into<String>) -> CliError {
    CliError::Request(message.into())
}

/// `unknown package "p"`: a package the catalog does not have (exit 1), in every command's
/// one wording.
pub fn unknown_package(name: &str) -> CliError {
    request(format!("unknown package {name:?}"))
}
