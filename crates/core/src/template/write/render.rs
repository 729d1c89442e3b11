//! Rendering templates: to FBC text, or to the catalog they stand for in the model.

use crate::diag::Diagnostic;
use crate::load::{InputFile, Limits};
use crate::template::bundles::source::BundleSource;
use crate::template::error::{
    total_bytes_error, BasicError, DetectError, SpecError, SubstitutesError, TemplateError,
    TemplateErrorKind,
};
use crate::template::job::Job;
use crate::template::kind::TemplateKind;
use crate::template::read::documents;
use crate::template::read::fbc::Config;
use crate::template::read::file::{self as doc, File};
use crate::template::{kinds::basic, kinds::substitutes, write::declcfg as write};

/// Rendered FBC text and the warnings that came with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderedFbc {
    /// The JSON stream, as `opm alpha render-template -o json` writes it.
    pub text: String,
    /// Stubs, documents passed through, unknown icons, unreadable bundle-source documents.
    pub warnings: Vec<Diagnostic>,
}

/// Renders templates to FBC text, as `opm alpha render-template` would with bundle images
/// served from `sources` (rendered catalogs); several templates are written as one catalog.
/// `kind` is opm's explicit `TYPE` argument (otherwise each file's type is detected). Reads
/// within [`Limits::process_default`] (the CLI's `--max-*` flags); see [`render_fbc_with`].
///
/// # Complexity
/// As [`render_fbc_with`].
pub fn render_fbc(
    templates: &[InputFile],
    sources: &[InputFile],
    kind: Option<TemplateKind>,
) -> Result<RenderedFbc, TemplateError> {
    render_fbc_with(templates, sources, kind, &Limits::process_default())
}

/// [`render_fbc`] within explicit input limits: a template crossing one is an error
/// ([`TemplateErrorKind::Limit`]) naming the file, line and column; a bundle source document
/// crossing one is a warning and is not read. The total-bytes limit counts the templates, then
/// the sources.
///
/// # Complexity
/// O(n + s + b log b) for n bytes of templates, s bytes of sources and b bundles (the output is
/// sorted by name), plus the size of the output; a substitutes template with S substitutions
/// adds O(S log S) model validations only when one of them fails (see `substitutes.rs`).
pub fn render_fbc_with(
    templates: &[InputFile],
    sources: &[InputFile],
    kind: Option<TemplateKind>,
    limits: &Limits,
) -> Result<RenderedFbc, TemplateError> {
    let mut used = 0usize;
    for t in templates {
        used = used.saturating_add(t.text.len());
        if used > limits.max_total_bytes {
            return Err(total_bytes_error(&t.path, limits));
        }
    }
    let source = BundleSource::from_files_within(sources, limits, used);
    let mut job = Job::new(&source, false);
    let mut cfg = Config::default();
    for t in templates {
        let file = File::new(&t.path, &t.text, limits);
        let (_, c) = render_file(&file, kind, &mut job)?;
        cfg.merge(c);
    }
    let mut warnings = source.diagnostics.clone();
    warnings.append(&mut job.diagnostics);
    Ok(RenderedFbc {
        text: write::write_config(&cfg),
        warnings,
    })
}

/// Renders one template file: the type given or detected, and opm's rules for streams (only
/// the first document is a template) extended as docs/spec/template-rules.md §1.1 describes.
///
/// # Complexity
/// As [`render_fbc_with`] for one file.
pub(crate) fn render_file(
    file: &File,
    explicit: Option<TemplateKind>,
    job: &mut Job,
) -> Result<(TemplateKind, Config), TemplateError> {
    file.check_documents()?;
    if let Some(kind) = explicit {
        return Ok((kind, render_kind(file, 0, kind, job)?));
    }
    let refusal = match doc::detect(file) {
        Ok(kind) => {
            let mut cfg = render_kind(file, 0, kind, job)?;
            let rest: Vec<usize> = (1..file.chunks.len()).collect();
            if !rest.is_empty() {
                let why = format!("opm alpha render-template reads only the first document of a template and drops the {} after it; olm-graph passes them through as entries", rest.len());
                documents::pass_through(file, &rest, &mut cfg, job, why);
            }
            return Ok((kind, cfg));
        }
        Err(e) => e,
    };
    let TemplateErrorKind::Detect(DetectError::UnknownSchema(_)) = refusal.kind.as_ref() else {
        return Err(refusal);
    };
    let templates = documents::template_documents(file);
    let [(index, kind)] = templates.as_slice() else {
        return Err(refusal);
    };
    let mut cfg = render_kind(file, *index, *kind, job)?;
    let rest: Vec<usize> = (0..file.chunks.len()).filter(|i| i != index).collect();
    let why = format!("opm alpha render-template refuses this file ({refusal}); olm-graph renders its only template document (document {}) and passes the {} other documents through as entries", index + 1, rest.len());
    documents::pass_through(file, &rest, &mut cfg, job, why);
    Ok((*kind, cfg))
}

/// Renders document `index` as a template of `kind`.
fn render_kind(
    file: &File,
    index: usize,
    kind: TemplateKind,
    job: &mut Job,
) -> Result<Config, TemplateError> {
    if kind == TemplateKind::Semver {
        return documents::render_semver_at(file, index, job);
    }
    let node = file.parse(index).map_err(|e| {
        file.parse_error(e, index, |m| {
            let spec = SpecError::Decode(m);
            match kind {
                TemplateKind::Basic => TemplateErrorKind::Basic(BasicError::Spec(spec)),
                _ => TemplateErrorKind::Substitutes(SubstitutesError::Parse(spec)),
            }
        })
    })?;
    match kind {
        TemplateKind::Basic => basic::render(file, index, node.as_deref(), job),
        _ => substitutes::render(file, index, node.as_deref(), job),
    }
}
