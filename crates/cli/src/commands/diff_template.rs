//! `olm-graph diff-template`: where a rendered catalog differs from what its template renders.

use std::io::Write as _;

use olm_graph_core::template::{drift, template_catalog};

use crate::args::DiffTemplateArgs;
use crate::error::{CmdResult, ExitStatus};
use crate::input::{load_plain, read_inputs, read_templates};
use crate::output::{print_diagnostics, print_json};

/// Exit 0 when the rendered catalog is what the template renders, 1 when it drifted.
pub fn run(args: DiffTemplateArgs) -> CmdResult {
    let templates = read_templates(std::slice::from_ref(&args.template))?;
    let mut sources = read_inputs(&args.rendered)?;
    sources.extend(read_inputs(&args.bundles)?);
    let from_template = template_catalog(&templates, &sources);
    print_diagnostics(from_template.diagnostics.iter().filter(|d| d.is_error()));
    let rendered = load_plain(&args.rendered)?;
    let found = drift::compare(&from_template, &rendered);
    if args.json {
        print_json(&found)?;
    } else if found.is_empty() {
        let _ = writeln!(
            std::io::stdout().lock(),
            "no drift: the rendered catalog is what the template renders"
        );
    } else {
        let _ = write!(std::io::stdout().lock(), "{}", drift::render_text(&found));
    }
    Ok(if found.is_empty() {
        ExitStatus::Success
    } else {
        ExitStatus::Failure
    })
}
