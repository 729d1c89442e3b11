//! `olm-graph render-template`: catalog templates (basic, semver, substitutes) rendered to FBC
//! as `opm alpha render-template` would, offline, with rendered catalogs standing in for the
//! bundle images.

use std::io::Write as _;

use olm_graph_core::template::{render_fbc, TemplateError};

use crate::args::RenderTemplateArgs;
use crate::error::{CliError, CmdResult, ExitStatus};
use crate::input::{read_inputs, read_templates};
use crate::output::print_diagnostics;

/// Renders the templates to FBC (standard output or `--output`); exit 1 when one cannot be
/// rendered.
pub fn run(args: RenderTemplateArgs) -> CmdResult {
    let templates = read_templates(&args.templates)?;
    let sources = read_inputs(&args.bundles)?;
    let rendered = match render_fbc(&templates, &sources, args.kind) {
        Ok(r) => r,
        Err(e) => {
            print_error(&e);
            return Ok(ExitStatus::Failure);
        }
    };
    print_diagnostics(rendered.warnings.iter());
    match &args.output {
        Some(path) => std::fs::write(path, &rendered.text)
            .map_err(|e| CliError::Input(format!("cannot write {}: {e}", path.display())))?,
        None => {
            let mut stdout = std::io::stdout().lock();
            if stdout.write_all(rendered.text.as_bytes()).is_err() {
                return Ok(ExitStatus::Success);
            }
        }
    }
    Ok(ExitStatus::Success)
}

/// opm's `Error: <message>`, then where it is.
fn print_error(e: &TemplateError) {
    eprintln!("Error: {e}");
    if !e.location.file.is_empty() {
        eprintln!("  at {}", e.location);
    }
}
