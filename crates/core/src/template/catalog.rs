//! Templates in the model: the rendered objects are written as a JSON stream, read by the
//! ordinary loader (so every opm conversion rule applies), and then put back in place: every
//! location points into the template again, packages are marked as coming from a template and
//! bundles carry the facts of §6.
//!
//! The loader's hook is two calls: [`expand_inputs`] before files are read (a template file is
//! replaced by the objects it stands for) and [`Expansions::apply`] on the loaded catalog.

use std::collections::{BTreeSet, HashMap};

use super::doc::File;
use super::fbc::{self, Config};
use super::tree::{self, Pos};
use super::write::{self, NESTED_TAG};
use super::{render_file, semver_template, BundleSource, Job, TemplateError, TemplateKind};
use crate::diag::{Diagnostic, Location, Severity};
use crate::graph::channel_graphs;
use crate::load::InputFile;
use crate::model::{BundleFacts, Catalog, FileFormat, Package, TemplateOrigin};
use crate::validate::{render_tree, validate_package};

/// Documents of a file whose `schema` is a template's, with their kind.
pub(crate) fn template_documents(file: &File) -> Vec<(usize, TemplateKind)> {
    let mut out = Vec::new();
    for (i, c) in file.chunks.iter().enumerate() {
        let body = &file.text[c.span.0..c.span.1];
        if !might_hold_template(body) {
            continue;
        }
        let Ok(Some(node)) = tree::parse_chunk(file.text, c) else {
            continue;
        };
        let schema = node.get("schema").and_then(|n| n.as_str()).unwrap_or("");
        if let Some(kind) = TemplateKind::from_schema(schema) {
            out.push((i, kind));
        }
    }
    out
}

/// A cheap test before any parsing: the text names a template schema somewhere.
fn might_hold_template(text: &str) -> bool {
    text.contains("olm.template.") || text.contains("olm.semver")
}

/// Passes documents of a template file through as entries (with a warning saying why).
pub(crate) fn pass_through(
    file: &File,
    indices: &[usize],
    cfg: &mut Config,
    job: &mut Job,
    why: String,
) {
    job.diagnostics
        .push(Diagnostic::warning("template.stream", why).at(file.doc_start(0)));
    for &i in indices {
        let node = match file.parse(i) {
            Ok(Some(n)) => n,
            Ok(None) => continue,
            Err(e) => {
                let d = Diagnostic::error("load.yaml", format!("invalid YAML: {}", e.message))
                    .at(file.at(e.pos, i + 1));
                job.diagnostics.push(d);
                continue;
            }
        };
        let origin = file.at(node.pos, i + 1);
        let added = fbc::meta(&node.to_json())
            .map_err(|m| m.to_string())
            .and_then(|m| fbc::add_meta(cfg, m, origin.clone()).map_err(|e| e.to_string()));
        if let Err(m) = added {
            job.diagnostics
                .push(Diagnostic::error("template.entry", m).at(origin));
        }
    }
}

/// The semver template of document `index` (a later document of a stream is read on its own;
/// positions are then shifted back into the file).
pub(crate) fn render_semver_at(
    file: &File,
    index: usize,
    job: &mut Job,
) -> Result<Config, TemplateError> {
    if index == 0 {
        return semver_template::render(file, job);
    }
    let Some(chunk) = file.chunks.get(index) else {
        return Ok(Config::default());
    };
    let sub = File::new(file.path, &file.text[chunk.span.0..chunk.span.1]);
    let shift = |loc: &mut Location| {
        loc.line = loc.line.map(|l| l + chunk.first_line - 1);
        loc.document = Some(index + 1);
    };
    let first_new = job.diagnostics.len();
    let result = semver_template::render(&sub, job);
    for d in &mut job.diagnostics[first_new..] {
        if let Some(l) = d.location.as_mut() {
            shift(l);
        }
    }
    match result {
        Ok(mut cfg) => {
            cfg.packages.iter_mut().for_each(|p| shift(&mut p.origin));
            cfg.channels.iter_mut().for_each(|c| shift(&mut c.origin));
            cfg.bundles.iter_mut().for_each(|b| shift(&mut b.origin));
            Ok(cfg)
        }
        Err(mut e) => {
            shift(&mut e.location);
            Err(e)
        }
    }
}

/// The first reason opm's `ConvertToModel` (conversion, then model validation) rejects this
/// config, in opm's words; `None` when it is valid FBC.
pub(crate) fn model_error(cfg: &Config) -> Option<String> {
    let (text, _) = write::model_stream(cfg);
    let catalog = crate::load::load_files(vec![InputFile::new("entries.json", text)]);
    if let Some(d) = catalog.diagnostics.iter().find(|d| d.is_error()) {
        return Some(d.message.clone());
    }
    let errors: Vec<Diagnostic> = catalog
        .packages
        .iter()
        .flat_map(|p| validate_package(p, &channel_graphs(p)))
        .filter(Diagnostic::is_error)
        .map(|mut d| {
            d.location = None;
            d
        })
        .collect();
    (!errors.is_empty()).then(|| render_tree(&errors).trim_end().to_string())
}

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
///
/// # Complexity
/// O(n) in the total size (a substring test), plus rendering the templates found.
pub fn expand_inputs(files: Vec<InputFile>) -> (Vec<InputFile>, Expansions) {
    let mut exp = Expansions::default();
    let source = BundleSource::empty();
    let out = files
        .into_iter()
        .map(|f| {
            if !might_hold_template(&f.text)
                || template_documents(&File::new(&f.path, &f.text)).is_empty()
            {
                return f;
            }
            let mut job = Job::new(&source, true);
            exp.expand_one(&f, &mut job)
        })
        .collect();
    (out, exp)
}

impl Expansions {
    /// Renders one template file into the stream the loader reads instead.
    pub(crate) fn expand_one(&mut self, f: &InputFile, job: &mut Job) -> InputFile {
        let file = File::new(&f.path, &f.text);
        let json = f.text.trim_start().starts_with('{');
        let mut e = Expanded {
            path: f.path.clone(),
            bytes: f.text.len(),
            format: if json {
                FileFormat::JsonStream
            } else {
                FileFormat::Yaml
            },
            ..Expanded::default()
        };
        let cfg = match render_file(&file, None, job) {
            Ok((kind, cfg)) => {
                e.schema = Some(kind.schema().to_string());
                cfg
            }
            Err(err) => {
                job.diagnostics.push(err.to_diagnostic());
                Config::default()
            }
        };
        summarize_stubs(&file, job);
        e.diagnostics = std::mem::take(&mut job.diagnostics);
        e.unnamed_images = std::mem::take(&mut job.unnamed_images);
        record_objects(&cfg, &mut e);
        let (text, origins) = write::model_stream(&cfg);
        e.origins = origins;
        self.files.push(e);
        InputFile::new(f.path.clone(), text)
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
    job.diagnostics
        .push(Diagnostic::warning("template.stub", msg).at(file.at(Pos { line: 1, column: 1 }, 1)));
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
                d.code = "template.unrendered".into();
                d.message = format!(
                    "{} (the template names {} bundle image(s) by digest only: their names are unknown until rendered with a bundle source)",
                    d.message,
                    self.unnamed_images.len()
                );
            }
        }
    }
}

/// The lint on template packages: bundles whose version nobody knows without a bundle source.
///
/// # Complexity
/// O(B) for B bundles of the package.
pub fn lint_unknown_versions(pkg: &Package) -> Vec<Diagnostic> {
    let Some(t) = &pkg.template else {
        return Vec::new();
    };
    let why = "it cannot take part in skipRange matching or semver channel generation";
    let mut out: Vec<Diagnostic> = pkg
        .bundles
        .iter()
        .filter(|b| b.version.is_none())
        .map(|b| {
            Diagnostic::warning(
                "template.unknown-version",
                format!("bundle {:?} has no known version: {why} (no bundle source has its image, and neither its name nor its image tag gives a version)", b.name),
            )
            .package(&pkg.name)
            .bundle(&b.name)
            .at_opt(b.location.clone())
            .suggest("render the template with the rendered catalog as bundle source (`olm-graph render-template --bundles`)")
        })
        .collect();
    if !t.unnamed_images.is_empty() {
        out.push(
            Diagnostic::warning(
                "template.unknown-version",
                format!("{} bundle image(s) have no known name or version: {why}", t.unnamed_images.len()),
            )
            .package(&pkg.name)
            .at(Location::file(&t.file))
            .suggest("render the template with the rendered catalog as bundle source (`olm-graph render-template --bundles`)"),
        );
    }
    out
}
