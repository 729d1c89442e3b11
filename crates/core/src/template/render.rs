//! Rendering templates: to FBC text, or to the catalog they stand for in the model.

use super::doc::{self, File};
use super::documents;
use super::error::{
    BasicError, DetectError, SpecError, SubstitutesError, TemplateError, TemplateErrorKind,
};
use super::fbc::Config;
use super::job::Job;
use super::kind::TemplateKind;
use super::source::BundleSource;
use super::{basic, substitutes, write};
use crate::diag::Diagnostic;
use crate::load::InputFile;

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
/// `kind` is opm's explicit `TYPE` argument (otherwise each file's type is detected).
///
/// # Complexity
/// O(size of the templates and sources) plus O(n log n) to sort the output; a substitutes
/// template revalidates its catalog after each substitution (O(S·n) for S substitutions).
pub fn render_fbc(
    templates: &[InputFile],
    sources: &[InputFile],
    kind: Option<TemplateKind>,
) -> Result<RenderedFbc, TemplateError> {
    let source = BundleSource::from_files(sources);
    let mut job = Job::new(&source, false);
    let mut cfg = Config::default();
    for t in templates {
        let file = File::new(&t.path, &t.text);
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
/// the first document is a template) extended as templates.md §1.1 describes.
pub(crate) fn render_file(
    file: &File,
    explicit: Option<TemplateKind>,
    job: &mut Job,
) -> Result<(TemplateKind, Config), TemplateError> {
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
        let spec = SpecError::Decode(e.decoder_message());
        let kind = match kind {
            TemplateKind::Basic => TemplateErrorKind::Basic(BasicError::Spec(spec)),
            _ => TemplateErrorKind::Substitutes(SubstitutesError::Parse(spec)),
        };
        file.error(kind, e.pos, index)
    })?;
    match kind {
        TemplateKind::Basic => basic::render(file, index, node.as_ref(), job),
        _ => substitutes::render(file, index, node.as_ref(), job),
    }
}
