//! Templates in the model: the rendered objects are written as a JSON stream, read by the
//! ordinary loader (so every opm conversion rule applies), and then put back in place: every
//! location points into the template again, packages are marked as coming from a template and
//! bundles carry the facts of docs/spec/template-rules.md §6.
//!
//! The loader's hook is two calls: [`expand_inputs`] before files are read (a template file is
//! replaced by the objects it stands for) and [`Expansions::apply`] on the loaded catalog.

use std::collections::{BTreeSet, HashMap};

use crate::diag::{Diagnostic, Location, Rule, Severity};
use crate::load::{InputFile, Limits, LoadOptions};
use crate::model::{BundleFacts, Catalog, FileFormat, TemplateOrigin};
use crate::template::error::total_bytes_error;
use crate::template::kind::might_hold_template;
use crate::template::read::documents::template_documents;
use crate::template::read::fbc::Config;
use crate::template::read::file::File;
use crate::template::write::declcfg::{self as write, NESTED_TAG};
use crate::template::{render_file, BundleSource, Job};
use crate::yaml::tree::Pos;

/// What one template file was expanded into, to put the loaded catalog back in place.
#[derive(Debug, Clone, Default)]
struct Expanded {
    path: String,
    bytes: usize,
    format: FileFormat,
    schema: Option<String>,
    origins: Vec<Location>,
    diagnostics: Vec<Diagnostic>,
    unnamed_images: Vec<String>,
    packages: BTreeSet<String>,
    facts: HashMap<(String, String), BundleFacts>,
}

/// Template files replaced by the objects they stand for, waiting for [`Expansions::apply`].
#[derive(Debug, Clone, Default)]
pub struct Expansions {
    files: Vec<Expanded>,
}

/// The loader's hook: every file holding a catalog template is replaced by a JSON stream of
/// the objects the template stands for (no bundle source: image-only bundles become stubs).
/// Other files are returned as they are. Call [`Expansions::apply`] on the loaded catalog.
/// Reads within [`Limits::process_default`]; see [`expand_inputs_with`].
///
/// # Complexity
/// As [`expand_inputs_with`].
pub fn expand_inputs(files: Vec<InputFile>) -> (Vec<InputFile>, Expansions) {
    expand_inputs_with(files, &Limits::process_default())
}

/// [`expand_inputs`] within the loader's limits: a template crossing one gives its `load.limit`
/// error (and no objects); a file past the total-bytes limit is left as it is, for the loader
/// to report.
///
/// # Complexity
/// O(n) in the total size n (a substring test), plus reading and rendering the templates found
/// (see [`render_fbc_with`](crate::template::render_fbc_with)).
pub fn expand_inputs_with(files: Vec<InputFile>, limits: &Limits) -> (Vec<InputFile>, Expansions) {
    let mut exp = Expansions::default();
    let source = BundleSource::empty();
    let mut used = 0usize;
    let out = files
        .into_iter()
        .map(|f| {
            used = used.saturating_add(f.text.len());
            if used > limits.max_total_bytes || !might_hold_template(&f.text) {
                return f;
            }
            let file = File::new(&f.path, &f.text, limits);
            if template_documents(&file).is_empty() {
                return f;
            }
            let mut job = Job::new(&source, true);
            exp.expand_one(&file, &mut job)
        })
        .collect();
    (out, exp)
}

impl Expansions {
    /// Renders one template file into the stream the loader reads instead.
    ///
    /// # Complexity
    /// As [`render_fbc_with`](crate::template::render_fbc_with) for this file.
    pub(crate) fn expand_one(&mut self, file: &File, job: &mut Job) -> InputFile {
        let json = file.text.trim_start().starts_with('{');
        let mut e = Expanded {
            path: file.path.to_string(),
            bytes: file.text.len(),
            format: if json {
                FileFormat::JsonStream
            } else {
                FileFormat::Yaml
            },
            ..Expanded::default()
        };
        let cfg = match render_file(file, None, job) {
            Ok((kind, cfg)) => {
                e.schema = Some(kind.schema().to_string());
                cfg
            }
            Err(err) => {
                job.diagnostics.push(err.to_diagnostic());
                Config::default()
            }
        };
        summarize_stubs(file, job);
        e.diagnostics = std::mem::take(&mut job.diagnostics);
        e.unnamed_images = std::mem::take(&mut job.unnamed_images);
        record_objects(&cfg, &mut e);
        let (text, origins) = write::model_stream(&cfg);
        e.origins = origins;
        self.files.push(e);
        InputFile::new(file.path.to_string(), text)
    }

    /// Puts the loaded catalog back in place: locations into the templates, template marks,
    /// bundle facts, the files' own formats and sizes, and the template diagnostics.
    ///
    /// # Complexity
    /// O(objects + diagnostics) plus a hash lookup per bundle.
    pub fn apply(&self, catalog: &mut Catalog) {
        for e in &self.files {
            e.relocate(catalog);
            e.mark(catalog);
            catalog.diagnostics.extend(e.diagnostics.iter().cloned());
        }
    }
}

/// One summary warning for the stubs of a template read without a bundle source.
fn summarize_stubs(file: &File, job: &mut Job) {
    if job.warn_each_stub || job.stubs.is_empty() {
        return;
    }
    let unnamed = job.unnamed_images.len();
    let mut msg = format!(
        "{} bundle image(s) are in no bundle source and are shown as stubs (name, version and package from the template's names and image tags; render with a bundle source for the real bundles)",
        job.stubs.len()
    );
    if unnamed > 0 {
        msg.push_str(&format!(
            "; {unnamed} of them have no name (digest references), so the channel entries naming them have no bundle until rendered"
        ));
    }
    job.diagnostics.push(
        Diagnostic::warning(Rule::TemplateStub, msg).at(file.at(Pos { line: 1, column: 1 }, 1)),
    );
}

fn record_objects(cfg: &Config, e: &mut Expanded) {
    let names = cfg
        .packages
        .iter()
        .map(|p| &p.name)
        .chain(cfg.channels.iter().map(|c| &c.package))
        .chain(cfg.bundles.iter().map(|b| &b.package))
        .chain(cfg.deprecations.iter().map(|d| &d.package))
        .filter(|n| !n.is_empty());
    e.packages.extend(names.cloned());
    for b in &cfg.bundles {
        if let Some(f) = &b.facts {
            e.facts
                .insert((b.package.clone(), b.name.clone()), f.clone());
        }
    }
}

impl Expanded {
    fn origin(&self, loc: &Location) -> Option<&Location> {
        if loc.file != self.path {
            return None;
        }
        self.origins.get(loc.document?.checked_sub(1)?)
    }

    fn fix(&self, loc: &mut Option<Location>) {
        if let Some(o) = loc.as_ref().and_then(|l| self.origin(l)) {
            *loc = Some(o.clone());
        }
    }

    fn relocate(&self, catalog: &mut Catalog) {
        for d in &mut catalog.diagnostics {
            self.fix(&mut d.location);
        }
        for o in &mut catalog.others {
            if let Some(orig) = self.origin(&o.location) {
                o.location = orig.clone();
                o.span = (0, 0);
            }
            if let Some(s) = o.schema.strip_prefix(NESTED_TAG) {
                o.schema = s.to_string();
            }
        }
        for p in &mut catalog.packages {
            self.fix(&mut p.location);
            self.fix(&mut p.deprecations.location);
            p.channels
                .iter_mut()
                .for_each(|c| self.fix(&mut c.location));
            p.bundles.iter_mut().for_each(|b| self.fix(&mut b.location));
        }
        if let Some(f) = catalog.files.iter_mut().find(|f| f.path == self.path) {
            f.bytes = self.bytes;
            f.format = self.format;
            f.template = self.schema.clone();
        }
    }

    fn mark(&self, catalog: &mut Catalog) {
        let Some(schema) = &self.schema else { return };
        for p in catalog
            .packages
            .iter_mut()
            .filter(|p| self.packages.contains(&p.name))
        {
            p.template = Some(TemplateOrigin {
                schema: schema.clone(),
                file: self.path.clone(),
                unnamed_images: self.unnamed_images.clone(),
            });
            for b in &mut p.bundles {
                b.facts = self.facts.get(&(p.name.clone(), b.name.clone())).cloned();
            }
        }
        if self.unnamed_images.is_empty() {
            return;
        }
        for d in &mut catalog.diagnostics {
            let in_package = d
                .package
                .as_ref()
                .is_some_and(|p| self.packages.contains(p));
            if in_package && d.is_error() && d.message.starts_with("no olm.bundle blobs found") {
                d.severity = Severity::Warning;
                d.code = Rule::TemplateUnrendered.into();
                d.message = format!(
                    "{} (the template names {} bundle image(s) by digest only: their names are unknown until rendered with a bundle source)",
                    d.message,
                    self.unnamed_images.len()
                );
            }
        }
    }
}

/// The catalog templates stand for, in the model: rendered with `sources` as bundle source,
/// stubs for the rest, every problem a diagnostic with the template's file, line and column.
/// A template opm would refuse gives its error (and no objects); a bundle nothing is known
/// about is an error and is left out. Reads within [`Limits::process_default`]; see
/// [`template_catalog_with`].
///
/// # Complexity
/// As [`template_catalog_with`].
pub fn template_catalog(templates: &[InputFile], sources: &[InputFile]) -> Catalog {
    template_catalog_with(templates, sources, &Limits::process_default())
}

/// [`template_catalog`] within explicit input limits (a template crossing one gives its
/// `load.limit` error and no objects).
///
/// # Complexity
/// As [`render_fbc_with`](crate::template::render_fbc_with), plus loading the rendered objects.
pub fn template_catalog_with(
    templates: &[InputFile],
    sources: &[InputFile],
    limits: &Limits,
) -> Catalog {
    let mut used = 0usize;
    let mut over = Vec::new();
    let mut within = Vec::new();
    for t in templates {
        used = used.saturating_add(t.text.len());
        if used > limits.max_total_bytes {
            over.push(total_bytes_error(&t.path, limits).to_diagnostic());
        } else {
            within.push(t);
        }
    }
    let source = BundleSource::from_files_within(sources, limits, used);
    let mut exp = Expansions::default();
    let mut files = Vec::new();
    for t in within {
        let mut job = Job::new(&source, true);
        job.warn_each_stub = true;
        files.push(exp.expand_one(&File::new(&t.path, &t.text, limits), &mut job));
    }
    let options = LoadOptions {
        limits: *limits,
        ..LoadOptions::default()
    };
    let mut catalog = crate::load::load_fbc(&files, options, &mut |_| {});
    exp.apply(&mut catalog);
    let mut notes = source.diagnostics.clone();
    notes.append(&mut over);
    notes.append(&mut catalog.diagnostics);
    catalog.diagnostics = notes;
    catalog
}
