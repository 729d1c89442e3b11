//! `olm-graph`: the command-line shell over olm-graph-core, for CI and documentation.
//! [`args`] is what the command line accepts; each file of [`commands`] turns one subcommand's
//! arguments into calls to core and prints the result, over [`error`], [`input`], [`output`].

mod annotate;
mod args;
mod catalogs;
mod clock;
mod cluster_input;
mod commands;
mod diff_text;
mod error;
mod input;
mod lsp;
mod output;
mod preflight_report;
mod process;

use std::process::ExitCode;

use clap::Parser;

use crate::args::Cli;

/// mimalloc instead of the system allocator: loading a catalog makes millions of small
/// allocations (names, versions, properties), which it serves markedly faster.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    process::default_sigpipe();
    process::no_transparent_huge_pages();
    let cli = Cli::parse();
    cli.limits.limits().set_process_default();
    match commands::run(cli.command) {
        Ok(status) => status.into(),
        Err(e) => {
            eprintln!("olm-graph: {e}");
            e.exit_status().into()
        }
    }
}
