//! Catalog templates (`opm alpha render-template`): `olm.template.basic`, `olm.semver` and
//! `olm.template.substitutes`, rendered offline.
//!
//! opm renders a template by pulling every bundle image from a registry. olm-graph renders it
//! without one: a bundle image's name, version and package come from a *bundle source* (any
//! rendered catalog loaded alongside), else from the bundle's name in the template and the
//! image tag, each fact marked with where it came from (templates.md §6). Channels, entries,
//! edges, default channels and error messages are opm's.
//!
//! - [`render_fbc`]: the FBC text opm would write, as far as the facts go (stubs otherwise).
//! - [`template_catalog`]: the rendered catalog in the [`crate::model`], with diagnostics that
//!   carry the template's file, line and column (for an editor that underlines them).
//! - [`expand_inputs`] and [`Expansions::apply`]: the loader's hook, so that every input path
//!   (files, directories, the app's inputs) reads a template as the catalog it stands for.
//! - [`drift`]: where a rendered catalog differs from what its template renders.

mod basic;
mod catalog;
mod doc;
pub mod drift;
mod error;
mod facts;
mod fbc;
mod godecode;
mod semver_read;
mod semver_template;
mod source;
mod spec;
mod substitutes;
mod tree;
mod write;

pub use catalog::{expand_inputs, lint_unknown_versions, Expansions};
pub use error::{
    BasicError, DetectError, EntryError, PostProcessError, SemverError, SemverReadError, SpecError,
    StreamKind, SubstitutesError, SubstitutionReason, TemplateError, TemplateErrorKind,
};
pub use source::BundleSource;

use crate::diag::{Diagnostic, Location};
use crate::load::InputFile;
use crate::model::Catalog;
use doc::File;
use facts::Stub;
use fbc::Config;

/// The three template types opm knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TemplateKind {
    Basic,
    Semver,
    Substitutes,
}

/// The schemas that mark a template document.
pub const TEMPLATE_SCHEMAS: [&str; 3] = [
    "olm.template.basic",
    "olm.semver",
    "olm.template.substitutes",
];

impl TemplateKind {
    /// The document schema (`olm.template.basic`, `olm.semver`, `olm.template.substitutes`).
    pub fn schema(self) -> &'static str {
        match self {
            TemplateKind::Basic => TEMPLATE_SCHEMAS[0],
            TemplateKind::Semver => TEMPLATE_SCHEMAS[1],
            TemplateKind::Substitutes => TEMPLATE_SCHEMAS[2],
        }
    }

    /// The type name opm's command line takes (`basic`, `semver`, `substitutes`).
    pub fn type_name(self) -> &'static str {
        match self {
            TemplateKind::Basic => "basic",
            TemplateKind::Semver => "semver",
            TemplateKind::Substitutes => "substitutes",
        }
    }

    /// The kind of a schema.
    pub fn from_schema(schema: &str) -> Option<Self> {
        match schema {
            "olm.template.basic" => Some(TemplateKind::Basic),
            "olm.semver" => Some(TemplateKind::Semver),
            "olm.template.substitutes" => Some(TemplateKind::Substitutes),
            _ => None,
        }
    }

    /// The kind of an opm type name; anything else is opm's `invalid template type` error.
    pub fn from_type_name(name: &str) -> Result<Self, TemplateError> {
        match name {
            "basic" => Ok(TemplateKind::Basic),
            "semver" => Ok(TemplateKind::Semver),
            "substitutes" => Ok(TemplateKind::Substitutes),
            other => Err(TemplateError::new(
                TemplateErrorKind::InvalidType(other.to_string()),
                Location::default(),
            )),
        }
    }
}

/// What a rendering run knows and collects.
pub(crate) struct Job<'a> {
    pub source: &'a BundleSource,
    /// Report a bundle nothing is known about and go on (the app, the loader), instead of
    /// stopping as opm stops (`render-template`).
    pub keep_going: bool,
    /// One warning per stub (`render-template`), or one summary per template (loading).
    pub warn_each_stub: bool,
    pub diagnostics: Vec<Diagnostic>,
    pub stubs: Vec<String>,
    pub unnamed_images: Vec<String>,
}

impl<'a> Job<'a> {
    pub fn new(source: &'a BundleSource, keep_going: bool) -> Self {
        Job {
            source,
            keep_going,
            warn_each_stub: !keep_going,
            diagnostics: Vec::new(),
            stubs: Vec::new(),
            unnamed_images: Vec::new(),
        }
    }

    /// Notes a stub: a warning naming it, or a line of the summary.
    pub fn stub_warning(&mut self, stub: &Stub, at: Location) {
        self.stubs.push(stub.image.clone());
        if self.warn_each_stub {
            let message = format!(
                "bundle image {:?} is in no bundle source: written as a stub {{schema, package, name, image}} ({})",
                stub.image,
                basic::describe(stub)
            );
            let mut d = Diagnostic::warning("template.stub", message)
                .at(at)
                .schema("olm.bundle");
            if let Some((n, _)) = &stub.name {
                d = d.bundle(n);
            }
            self.diagnostics.push(d);
        }
    }
}

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

/// The catalog templates stand for, in the model: rendered with `sources` as bundle source,
/// stubs for the rest, every problem a diagnostic with the template's file, line and column.
/// A template opm would refuse gives its error (and no objects); a bundle nothing is known
/// about is an error and is left out.
///
/// # Complexity
/// As [`render_fbc`], plus loading the rendered objects.
pub fn template_catalog(templates: &[InputFile], sources: &[InputFile]) -> Catalog {
    let source = BundleSource::from_files(sources);
    let mut exp = Expansions::default();
    let mut files = Vec::new();
    for t in templates {
        let mut job = Job::new(&source, true);
        job.warn_each_stub = true;
        files.push(exp.expand_one(t, &mut job));
    }
    let mut catalog = crate::load::load_files(files);
    exp.apply(&mut catalog);
    let mut notes = source.diagnostics.clone();
    notes.append(&mut catalog.diagnostics);
    catalog.diagnostics = notes;
    catalog
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
                catalog::pass_through(file, &rest, &mut cfg, job, why);
            }
            return Ok((kind, cfg));
        }
        Err(e) => e,
    };
    let TemplateErrorKind::Detect(DetectError::UnknownSchema(_)) = refusal.kind.as_ref() else {
        return Err(refusal);
    };
    let templates = catalog::template_documents(file);
    let [(index, kind)] = templates.as_slice() else {
        return Err(refusal);
    };
    let mut cfg = render_kind(file, *index, *kind, job)?;
    let rest: Vec<usize> = (0..file.chunks.len()).filter(|i| i != index).collect();
    let why = format!("opm alpha render-template refuses this file ({refusal}); olm-graph renders its only template document (document {}) and passes the {} other documents through as entries", index + 1, rest.len());
    catalog::pass_through(file, &rest, &mut cfg, job, why);
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
        return catalog::render_semver_at(file, index, job);
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
