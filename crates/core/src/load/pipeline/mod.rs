//! The phases of one load, in order: each file is skipped (`.indexignore`, extension, the
//! total-size limit) or split into documents and each document sorted (FBC object, legacy
//! package manifest, ClusterServiceVersion, object without a schema); then the schemaless
//! documents are judged (fine inside a legacy manifest directory), stray CSVs reported, the
//! legacy manifests converted, and every object placed into packages.

mod read_ahead;

use std::collections::{BTreeSet, HashMap};

use crate::diag::{Diagnostic, Location, Rule};
use crate::load::assemble::assemble;
use crate::load::assemble::legacy;
use crate::load::assemble::repo;
use crate::load::input::indexignore::IgnoreRules;
use crate::load::input::source::total_limit_diagnostic;
use crate::load::input::{has_catalog_extension, is_indexignore, parent_dir, InputFile, Progress};
use crate::load::object::convert::{self, Obj, Objects};
use crate::load::object::RawObject;
use crate::load::options::LoadOptions;
use crate::load::stream::{self, Doc, DocSink};
use crate::model::{Catalog, FileFormat, FileSummary, OtherObject};
use read_ahead::ReadAhead;

/// Sorts one file's documents as the reader sends them, and reports progress.
struct FileSink<'l, 'p> {
    load: &'l mut Load<'p>,
    file: &'l InputFile,
    summary: FileSummary,
    /// Bytes of the files before this one.
    base: usize,
}

impl DocSink for FileSink<'_, '_> {
    fn doc(&mut self, doc: Doc) {
        self.load.document(self.file, &mut self.summary, doc);
    }

    fn reached(&mut self, offset: usize) {
        let state = self.load.state;
        (self.load.progress)(Progress {
            bytes_done: self.base + offset,
            ..state
        });
    }
}

/// Reads FBC files (legacy manifests included; catalog templates are not expanded here) into a
/// catalog, reporting progress after every document.
///
/// # Complexity
/// O(B + N log N) time for B bytes of input and N objects, entries and documents; memory O(B).
pub(crate) fn load_fbc(
    files: &[InputFile],
    options: LoadOptions,
    progress: &mut dyn FnMut(Progress),
) -> Catalog {
    let mut load = Load::new(files, options, progress);
    let wanted = load.will_read(files);
    let limits = load.options.limits;
    read_ahead::for_each_in_order(files, &wanted, &limits, &mut |file, read| {
        load.file(file, read)
    });
    load.finish()
}

/// The state of one load between its phases.
pub(in crate::load) struct Load<'p> {
    options: LoadOptions,
    progress: &'p mut dyn FnMut(Progress),
    state: Progress,
    rules: IgnoreRules,
    /// Bytes of the files read so far, against `limits.max_total_bytes`.
    bytes_read: usize,
    /// Files not read because the total-size limit was crossed.
    not_read: usize,
    catalog: Catalog,
    /// Index in `catalog.files` of each file path.
    file_index: HashMap<String, usize>,
    diags: Vec<Diagnostic>,
    objs: Objects,
    manifests: Vec<legacy::Manifest>,
    csvs: Vec<legacy::Csv>,
    /// Operator-repository documents: bundles' `metadata/annotations.yaml`, `ci.yaml`.
    bundle_annotations: Vec<repo::Annotations>,
    ci_configs: Vec<repo::CiConfig>,
    /// Objects without a schema, kept until we know whether they belong to a legacy manifest
    /// directory.
    schemaless: Vec<(String, Location)>,
    /// With `keep_crds`: the CustomResourceDefinition documents of bundle and legacy manifest
    /// directories, by file path.
    crd_docs: Vec<(String, serde_json::Value)>,
}

impl<'p> Load<'p> {
    pub(crate) fn new(
        files: &[InputFile],
        options: LoadOptions,
        progress: &'p mut dyn FnMut(Progress),
    ) -> Self {
        let rules = IgnoreRules::from_files(
            files
                .iter()
                .filter(|f| is_indexignore(&f.path))
                .map(|f| (f.path.as_str(), f.text.as_str())),
        );
        Load {
            options,
            progress,
            state: Progress {
                files_total: files.len(),
                bytes_total: files.iter().map(|f| f.text.len()).sum(),
                ..Progress::default()
            },
            rules,
            bytes_read: 0,
            not_read: 0,
            catalog: Catalog::default(),
            file_index: HashMap::new(),
            diags: Vec::new(),
            objs: Objects::default(),
            manifests: Vec::new(),
            csvs: Vec::new(),
            bundle_annotations: Vec::new(),
            ci_configs: Vec::new(),
            schemaless: Vec::new(),
            crd_docs: Vec::new(),
        }
    }

    /// Which files [`Load::file`] will read rather than skip, as its rules decide in input
    /// order (so that they can be read ahead).
    ///
    /// # Complexity
    /// O(F · R) for F files and R ignore rules.
    fn will_read(&self, files: &[InputFile]) -> Vec<bool> {
        let mut total = 0usize;
        let mut over = false;
        let limit = self.options.limits.max_total_bytes;
        files
            .iter()
            .map(|file| {
                if is_indexignore(&file.path)
                    || self.rules.is_ignored(&file.path)
                    || (self.options.only_catalog_extensions && !has_catalog_extension(&file.path))
                    || over
                {
                    return false;
                }
                total = total.saturating_add(file.text.len());
                over = total > limit;
                !over
            })
            .collect()
    }

    /// Reads one file (from `read` when it was read ahead): skipped, or split into documents
    /// that are sorted one by one.
    pub(crate) fn file(&mut self, file: &InputFile, read: Option<ReadAhead>) {
        if is_indexignore(&file.path) {
            return;
        }
        let mut summary = FileSummary {
            path: file.path.clone(),
            bytes: file.text.len(),
            ..FileSummary::default()
        };
        let limits = self.options.limits;
        if let Some(reason) = self.skip_reason(file) {
            if !reason.is_empty() {
                let note = Diagnostic::info(Rule::LoadSkipped, reason);
                self.diags
                    .push(note.at(Location::at(&file.path, None, None, None)));
            }
            summary.format = FileFormat::Skipped;
            self.file_done(file, summary);
            return;
        }
        let mut sink = FileSink {
            base: self.state.bytes_done,
            load: self,
            file,
            summary,
        };
        let format = match read {
            Some(read) => read.replay(&mut sink),
            None => stream::read_docs_with(&file.path, &file.text, &limits, &mut sink),
        };
        let mut summary = sink.summary;
        summary.format = format;
        self.file_done(file, summary);
    }

    /// Why a file is not read (an empty reason: no note of its own), or `None` to read it.
    fn skip_reason(&mut self, file: &InputFile) -> Option<&'static str> {
        if self.rules.is_ignored(&file.path) {
            return Some("skipped: matched by .indexignore");
        }
        if self.options.only_catalog_extensions && !has_catalog_extension(&file.path) {
            return Some("skipped: not a .json, .yaml or .yml file (opm would try to parse it)");
        }
        let limit = self.options.limits.max_total_bytes;
        if self.not_read > 0 {
            self.not_read += 1;
            return Some("");
        }
        if self.bytes_read.saturating_add(file.text.len()) > limit {
            let allowed = limit - self.bytes_read;
            let d = total_limit_diagnostic(&file.path, file.text.as_bytes(), allowed, limit);
            self.diags.push(d);
            self.not_read = 1;
            return Some("");
        }
        self.bytes_read += file.text.len();
        None
    }

    fn file_done(&mut self, file: &InputFile, summary: FileSummary) {
        self.state.files_done += 1;
        self.state.bytes_done += file.text.len();
        self.file_index
            .insert(summary.path.clone(), self.catalog.files.len());
        self.catalog.files.push(summary);
    }

    /// Sorts one document of `file`.
    fn document(&mut self, file: &InputFile, summary: &mut FileSummary, doc: Doc) {
        let raw = match doc.result {
            Ok(raw) => raw,
            Err(d) => {
                summary.failed += 1;
                self.diags.push(d);
                return;
            }
        };
        let location = doc.location;
        if legacy::is_manifest(&raw) {
            summary.format = FileFormat::LegacyManifest;
            let dir = parent_dir(&file.path).to_string();
            self.manifests.push(legacy::Manifest { dir, raw, location });
            return;
        }
        if legacy::is_csv(&raw) {
            summary.format = FileFormat::LegacyManifest;
            let path = file.path.clone();
            self.csvs.push(legacy::Csv {
                path,
                raw,
                location,
            });
            return;
        }
        if raw.schema.is_none() {
            if self.keep_crds() && is_crd(&raw) {
                let text = file.text.get(doc.span.0..doc.span.1).unwrap_or_default();
                if let Some(v) = crate::load::yaml::yaml_value(text) {
                    self.crd_docs.push((file.path.clone(), v));
                }
            }
            self.keep_repo_document(&file.path, &raw, &location);
            summary.failed += 1;
            self.schemaless.push((file.path.clone(), location));
            return;
        }
        let text =
            |v: &Option<serde_json::Value>| v.as_ref().and_then(|v| v.as_str()).map(str::to_string);
        let (package, name) = (text(&raw.package), text(&raw.name));
        match convert::convert_object(raw, &location, &mut self.diags) {
            Ok(mut o) => {
                if self.keep_crds() {
                    self.decode_bundle_objects(file, doc.span, &mut o);
                }
                count_object(summary, &o);
                self.objs.push(o);
            }
            Err(Some(schema)) => {
                summary.others += 1;
                let span = doc.span;
                if schema == crate::model::support_blob::SCHEMA {
                    self.keep_lifecycle(file, span, &location);
                }
                let other = OtherObject {
                    schema,
                    package,
                    name,
                    location,
                    span,
                };
                self.catalog.others.push(other);
            }
            Err(None) => summary.failed += 1,
        }
    }

    /// Keeps what an operator repository's documents say (a bundle's annotations, an
    /// operator's `ci.yaml`); the document stays schemaless until [`Load::finish`] knows
    /// whether it sits in an operator directory.
    fn keep_repo_document(&mut self, path: &str, raw: &RawObject, location: &Location) {
        if let (Some(dir), Some(a)) = (repo::annotations_bundle_dir(path), &raw.annotations) {
            self.bundle_annotations.push(repo::Annotations {
                bundle_dir: dir.to_string(),
                annotations: a.clone(),
                location: location.clone(),
            });
        } else if repo::is_ci_config(path) {
            self.ci_configs.push(repo::CiConfig {
                dir: parent_dir(path).to_string(),
                update_graph: raw.update_graph.clone(),
                location: location.clone(),
            });
        }
    }

    /// Whether CRDs are kept: [`LoadOptions::keep_crds`], and never without the `crd-safety`
    /// feature (the `<olm-graph>` element), whose build then leaves the decoding out.
    fn keep_crds(&self) -> bool {
        cfg!(feature = "crd-safety") && self.options.keep_crds
    }

    /// With `keep_crds`: a bundle's `olm.bundle.object` properties decoded, its document read
    /// again from its span (spec/crd-safety.md §1).
    ///
    /// # Complexity
    /// O(d) for the document's length d.
    fn decode_bundle_objects(&mut self, file: &InputFile, span: (usize, usize), o: &mut Obj) {
        let Obj::Bundle(b) = o else {
            return;
        };
        let gvks = self.options.keep_gvks && b.property_counts.get("olm.gvk").is_some();
        if b.bundle_objects == 0 && !gvks {
            return;
        }
        let text = file.text.get(span.0..span.1).unwrap_or_default();
        let doc = crate::load::json_value(text);
        if let Some(doc) = doc {
            let crds = convert::bundle_crds(&doc, b, &mut self.diags);
            b.crds = Some(Box::new(crds));
        }
    }

    /// With `keep_crds`: the CRD documents of each bundle read from a directory (a bundle's
    /// `manifests/`, a legacy manifest's version directory) put on its bundle, with the CRDs its
    /// CSV owns (`owned`: CSV path → names).
    ///
    /// # Complexity
    /// O(D log D + B log D) for D CRD documents and B bundles.
    fn attach_crd_docs(&mut self, objs: &mut [Obj], owned: &HashMap<String, Vec<String>>) {
        let mut by_dir: std::collections::BTreeMap<&str, Vec<&serde_json::Value>> =
            std::collections::BTreeMap::new();
        for (path, v) in &self.crd_docs {
            by_dir.entry(parent_dir(path)).or_default().push(v);
        }
        for o in objs {
            let Obj::Bundle(b) = o else {
                continue;
            };
            let Some(file) = b.location.as_ref().map(|l| l.file.clone()) else {
                continue;
            };
            let mut crds = crate::model::BundleCrds::default();
            if let Some(docs) = by_dir.get(parent_dir(&file)) {
                crds.objects = docs.iter().map(|v| (*v).clone()).collect();
            }
            if let Some(names) = owned.get(&file) {
                crds.owned = names.clone();
            }
            crds.manifests = crds.objects.len() + 1;
            b.crds = Some(Box::new(crds));
        }
    }

    /// With `keep_crds`: each CSV's path → the CRDs it owns.
    fn csv_owned(&self) -> HashMap<String, Vec<String>> {
        if !self.keep_crds() {
            return HashMap::new();
        }
        self.csvs
            .iter()
            .map(|c| {
                let names = convert::csv_owned_crds(c.raw.spec.as_ref());
                (c.path.clone(), names)
            })
            .collect()
    }

    /// Keeps a support lifecycle blob (`support`), read again from its span with positions.
    fn keep_lifecycle(&mut self, file: &InputFile, span: (usize, usize), location: &Location) {
        let text = file.text.get(span.0..span.1).unwrap_or_default();
        let line = location.line.unwrap_or(1);
        if let Some(blob) = crate::model::support_blob::read_blob(text, &file.path, line) {
            self.catalog.lifecycles.push(blob);
        }
    }

    /// The phases after every file is read; the catalog.
    pub(crate) fn finish(mut self) -> Catalog {
        let max_entries = self.options.limits.max_nodes;
        let owned = self.csv_owned();
        let mut repo = repo::convert(
            std::mem::take(&mut self.bundle_annotations),
            std::mem::take(&mut self.ci_configs),
            &mut self.csvs,
            max_entries,
            &mut self.diags,
        );
        let mut legacy_dirs: BTreeSet<String> =
            self.manifests.iter().map(|m| m.dir.clone()).collect();
        self.report_stray_csvs(&legacy_dirs);
        legacy_dirs.extend(repo.operator_dirs);
        self.judge_schemaless(&legacy_dirs);
        if self.keep_crds() {
            self.attach_crd_docs(&mut repo.objs, &owned);
        }
        for o in repo.objs {
            self.count_legacy(&o);
            self.objs.push(o);
        }
        let manifests = std::mem::take(&mut self.manifests);
        let mut legacy_objs = legacy::convert(manifests, &self.csvs, max_entries, &mut self.diags);
        if self.keep_crds() {
            self.attach_crd_docs(&mut legacy_objs, &owned);
        }
        for o in legacy_objs {
            self.count_legacy(&o);
            self.objs.push(o);
        }
        if self.not_read > 1 {
            let n = self.not_read - 1;
            let note = format!("{n} more file(s) not read: the total-size limit was reached");
            self.diags.push(Diagnostic::info(Rule::LoadLimit, note));
        }
        self.catalog.packages = assemble(std::mem::take(&mut self.objs), &mut self.diags);
        self.catalog.diagnostics = std::mem::take(&mut self.diags);
        (self.progress)(Progress {
            files_done: self.state.files_total,
            bytes_done: self.state.bytes_total,
            ..self.state
        });
        self.catalog
    }

    /// Documents without a schema are fine inside a legacy manifest directory (CRDs and the
    /// like); anywhere else they are opm's "missing root schema field".
    fn judge_schemaless(&mut self, legacy_dirs: &BTreeSet<String>) {
        for (path, loc) in std::mem::take(&mut self.schemaless) {
            if !in_legacy_dir(&path, legacy_dirs) {
                self.diags.push(
                    Diagnostic::error(Rule::LoadSchema, "object is missing root schema field")
                        .at(loc)
                        .field("schema")
                        .suggest("add `schema: olm.package`, `olm.channel`, `olm.bundle` or `olm.deprecations`"),
                );
                continue;
            }
            if let Some(&i) = self.file_index.get(&path) {
                let f = &mut self.catalog.files[i];
                f.failed = f.failed.saturating_sub(1);
                f.format = FileFormat::LegacyManifest;
            }
        }
    }

    /// CSVs outside every manifest directory are not catalog content.
    fn report_stray_csvs(&mut self, legacy_dirs: &BTreeSet<String>) {
        for c in &self.csvs {
            if !in_legacy_dir(&c.path, legacy_dirs) {
                self.diags.push(
                    Diagnostic::warning(
                        Rule::LoadLegacy,
                        "ClusterServiceVersion outside a package-manifest directory: not read",
                    )
                    .at(c.location.clone()),
                );
            }
        }
    }

    /// Counts a legacy object against its manifest's (or CSV's) file.
    fn count_legacy(&mut self, o: &Obj) {
        let Some(loc) = obj_location(o) else {
            return;
        };
        let Some(&i) = self.file_index.get(&loc.file) else {
            return;
        };
        let f = &mut self.catalog.files[i];
        match o {
            Obj::Channel(c) => {
                f.channels += 1;
                f.entries += c.entries.len();
            }
            Obj::Package(_) => f.packages += 1,
            Obj::Bundle(_) => f.bundles += 1,
            Obj::Deprecations(_) => {}
        }
    }
}

fn count_object(summary: &mut FileSummary, o: &Obj) {
    match o {
        Obj::Package(_) => summary.packages += 1,
        Obj::Channel(c) => {
            summary.channels += 1;
            summary.entries += c.entries.len();
        }
        Obj::Bundle(_) => summary.bundles += 1,
        Obj::Deprecations(_) => summary.deprecations += 1,
    }
}

fn obj_location(o: &Obj) -> Option<&Location> {
    match o {
        Obj::Package(p) => p.location.as_ref(),
        Obj::Channel(c) => c.location.as_ref(),
        Obj::Bundle(b) => b.location.as_ref(),
        Obj::Deprecations(d) => Some(&d.location),
    }
}

/// True when the object is a CustomResourceDefinition (a manifest, not catalog content).
fn is_crd(o: &RawObject) -> bool {
    o.kind.as_ref().and_then(serde_json::Value::as_str) == Some("CustomResourceDefinition")
}

/// True when `path` is inside one of the directories (the empty directory holds everything).
fn in_legacy_dir(path: &str, dirs: &BTreeSet<String>) -> bool {
    if dirs.is_empty() {
        return false;
    }
    if dirs.contains("") {
        return true;
    }
    path.match_indices('/')
        .any(|(i, _)| dirs.contains(&path[..i]))
}
