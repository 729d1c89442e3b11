//! One file per subcommand: each turns its arguments (from [`crate::args`]) into calls to core
//! and prints what they return. What several commands share (errors, loading, printing) lives
//! outside this folder, which nothing outside `main` depends on; [`run`] dispatches.

mod bench;
mod crd_safety;
mod deprecate_truncate;
mod diagnose;
mod diff;
mod diff_series;
mod diff_template;
mod graph;
mod lint;
mod lsp;
mod mirror;
mod mirror_config;
mod packages;
mod path;
mod plain_crossings;
mod plan;
mod preflight;
mod render;
mod render_template;
mod resolve_image;
mod review;
mod support;

use crate::args::Command;
use crate::error::CmdResult;

/// Runs one command.
pub fn run(command: Command) -> CmdResult {
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
        Command::MirrorConfig(args) => mirror_config::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Lsp(args) => lsp::run(args),
        Command::Render(args) => render::run(args),
        Command::RenderTemplate(args) => render_template::run(args),
        Command::DiffTemplate(args) => diff_template::run(args),
        Command::PlainCrossings(args) => plain_crossings::run(args),
    }
}
