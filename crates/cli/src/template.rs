//! `olm-graph render-template` and `olm-graph diff-template`: catalog templates rendered
//! offline, with rendered catalogs standing in for the registry.

use std::io::{Read as _, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use olm_graph_core::diag::Diagnostic;
use olm_graph_core::load::InputFile;
use olm_graph_core::load_paths;
use olm_graph_core::template::{drift, render_fbc, template_catalog, TemplateError, TemplateKind};

use crate::commands::{CliError, CmdResult};
use crate::lifecycle::read_inputs;

/// opm's template types (`opm alpha render-template TYPE`).
#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum TypeArg {
    Basic,
    Semver,
    Substitutes,
}

impl From<TypeArg> for TemplateKind {
    fn from(t: TypeArg) -> Self {
        match t {
            TypeArg::Basic => TemplateKind::Basic,
            TypeArg::Semver => TemplateKind::Semver,
            TypeArg::Substitutes => TemplateKind::Substitutes,
        }
    }
}

/// Arguments of `render-template`.
#[derive(Args, Debug)]
pub struct RenderTemplateArgs {
    /// Template files (`-` reads standard input).
    #[arg(required = true)]
    pub templates: Vec<PathBuf>,
    /// Rendered catalogs (files or directories) whose bundles stand in for the bundle images.
    #[arg(long, num_args = 1..)]
    pub bundles: Vec<PathBuf>,
    /// The template type, as opm's TYPE argument (default: read from each file's schema).
    #[arg(long = "type", value_enum)]
    pub kind: Option<TypeArg>,
    /// Write the FBC here instead of standard output.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
}

/// Arguments of `diff-template`.
#[derive(Args, Debug)]
pub struct DiffTemplateArgs {
    /// The template file.
    pub template: PathBuf,
    /// The catalog rendered from it (files or directories); also used as bundle source.
    #[arg(long, required = true, num_args = 1..)]
    pub rendered: Vec<PathBuf>,
    /// More rendered catalogs to take bundles from.
    #[arg(long, num_args = 1..)]
    pub bundles: Vec<PathBuf>,
    /// JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Reads template files; `-` is standard input.
fn read_templates(paths: &[PathBuf]) -> Result<Vec<InputFile>, CliError> {
    let mut out = Vec::new();
    for p in paths {
        if p.as_os_str() == "-" {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| CliError::Input(format!("cannot read standard input: {e}")))?;
            out.push(InputFile::new("-", text));
            continue;
        }
        out.extend(read_inputs(std::slice::from_ref(p))?);
    }
    Ok(out)
}

/// opm's `Error: <message>`, then where it is.
fn print_error(e: &TemplateError) {
    eprintln!("Error: {e}");
    if !e.location.file.is_empty() {
        eprintln!("  at {}", e.location);
    }
}

/// Diagnostics to standard error through one buffer (a template of many stubs has as many
/// warnings: one write each would cost a system call per line).
fn print_diagnostics<'a>(list: impl Iterator<Item = &'a Diagnostic>) {
    let mut err = std::io::BufWriter::new(std::io::stderr().lock());
    for d in list {
        if writeln!(err, "{d}").is_err() {
            return;
        }
    }
    let _ = err.flush();
}

pub fn render_template(args: RenderTemplateArgs) -> CmdResult {
    let templates = read_templates(&args.templates)?;
    let sources = read_inputs(&args.bundles)?;
    let rendered = match render_fbc(&templates, &sources, args.kind.map(Into::into)) {
        Ok(r) => r,
        Err(e) => {
            print_error(&e);
            return Ok(ExitCode::from(1));
        }
    };
    print_diagnostics(rendered.warnings.iter());
    match &args.output {
        Some(path) => std::fs::write(path, &rendered.text)
            .map_err(|e| CliError::Input(format!("cannot write {}: {e}", path.display())))?,
        None => {
            let mut stdout = std::io::stdout().lock();
            if stdout.write_all(rendered.text.as_bytes()).is_err() {
                return Ok(ExitCode::SUCCESS);
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Exit 0 when the rendered catalog is what the template renders, 1 when it drifted.
pub fn diff_template(args: DiffTemplateArgs) -> CmdResult {
    let templates = read_templates(std::slice::from_ref(&args.template))?;
    let mut sources = read_inputs(&args.rendered)?;
    sources.extend(read_inputs(&args.bundles)?);
    let from_template = template_catalog(&templates, &sources);
    print_diagnostics(from_template.diagnostics.iter().filter(|d| d.is_error()));
    let rendered = load_paths(&args.rendered).map_err(|e| CliError::Input(e.to_string()))?;
    let found = drift::compare(&from_template, &rendered);
    if args.json {
        let text = serde_json::to_string_pretty(&found).unwrap_or_default();
        let _ = writeln!(std::io::stdout().lock(), "{text}");
    } else if found.is_empty() {
        let _ = writeln!(
            std::io::stdout().lock(),
            "no drift: the rendered catalog is what the template renders"
        );
    } else {
        let _ = write!(std::io::stdout().lock(), "{}", drift::render_text(&found));
    }
    Ok(if found.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
