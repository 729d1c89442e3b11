//! `olm-graph`: the command-line shell over olm-graph-core, for CI and documentation.
//! [`args`] is what the command line accepts; each file of [`commands`] turns one subcommand's
//! arguments into calls to core and prints the result, over [`error`], [`input`], [`output`].

mod annotate;
mod args;
mod catalogs;
mod clock;
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

use crate::args::{Cli, Command};
use crate::error::CmdResult;

/// mimalloc instead of the system allocator: loading a catalog makes millions of small
/// allocations (names, versions, properties), which it serves markedly faster.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    process::default_sigpipe();
    process::no_transparent_huge_pages();
    let cli = Cli::parse();
    cli.limits.limits().set_process_default();
    match run(cli.command) {
        Ok(status) => status.into(),
        Err(e) => {
            eprintln!("olm-graph: {e}");
            e.exit_status().into()
        }
    }
}

/// Runs one command.
fn run(command: Command) -> CmdResult {
    use commands::*;
    match command {
        Command::Packages(args) => packages::run(args),
        Command::Graph(args) => graph::run(args),
        Command::CrdSafety(args) => crd_safety::run(args),
        Command::Lint(args) => lint::run(args),
        Command::Preflight(args) => preflight::run(args.json_as_format()),
        Command::Path(args) => path::run(args),
        Command::Plan(args) => plan::run(args),
        Command::Mirror(args) => mirror::run(args),
        Command::DeprecateTruncate(args) => deprecate_truncate::run(args),
        Command::ResolveImage(args) => resolve_image::run(args),
        Command::Diff(args) => diff::run(args),
        Command::DiffSeries(args) => diff_series::run(args),
        Command::Review(args) => review::run(args.json_as_format()),
        Command::Lifecycle(args) => support::run(args),
        Command::Diagnose(args) => diagnose::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Lsp(args) => lsp::run(args),
        Command::Render(args) => render::run(args),
        Command::RenderTemplate(args) => render_template::run(args),
        Command::DiffTemplate(args) => diff_template::run(args),
        Command::PlainCrossings(args) => plain_crossings::run(args),
    }
}
