//! A catalog kept in memory for an editor (the language server, `olm-graph lsp`): the files of
//! a folder, the [`Catalog`] they make, and every finding `lint` reports, per file. A change to
//! one file re-reads that file and re-checks only the packages it touches
//! ([docs/spec/lsp.md](../../../docs/spec/lsp.md) §1).
//!
//! Everything goes through the public entry points the CLI uses: [`crate::open`] reads,
//! [`crate::validate::lint_catalog`] checks, so a finding here is the finding `lint` prints, at
//! the same file, line and column. [`names`] finds bundle names in the text, [`query`] answers
//! hover, definition, references, symbols and completion, [`fix`] writes the edits of the
//! rules that know their fix, and [`pipelines`] adds oc-mirror's findings on an
//! ImageSetConfiguration and the publishing pipeline's on an operator repository.

pub mod fix;
pub mod names;
pub mod pipelines;
pub mod query;

use std::collections::{BTreeMap, BTreeSet};

use crate::diag::Diagnostic;
use crate::load::{InputFile, LoadOptions};
use crate::model::{Catalog, Package};
use crate::open::load_files_with;
use crate::sort::SortWith;
use crate::validate::lint_catalog;

/// The files of an editor's folder, the catalog they make, and the findings per file.
#[derive(Debug, Default)]
pub struct Workspace {
    options: LoadOptions,
    /// File path → text, as the editor has it (unsaved changes included).
    files: BTreeMap<String, String>,
    /// File path → the packages its objects belong to.
    file_packages: BTreeMap<String, BTreeSet<String>>,
    /// Package → the files holding its objects.
    package_files: BTreeMap<String, BTreeSet<String>>,
    /// File path → the findings located in it, in `lint`'s order.
    findings: BTreeMap<String, Vec<Diagnostic>>,
    /// Findings with no file (`lint` prints them without a location), by package ("" for none).
    unlocated: BTreeMap<String, Vec<Diagnostic>>,
    catalog: Catalog,
}

impl Workspace {
    /// Reads `files` (a folder's catalog files, as [`crate::load::read_paths`] returns them)
    /// within `options`' limits and checks the whole catalog once.
    ///
    /// # Complexity
    /// What [`load_files_with`] and [`lint_catalog`] cost on the files.
    pub fn new(files: Vec<InputFile>, options: LoadOptions) -> Workspace {
        let mut ws = Workspace {
            options,
            ..Workspace::default()
        };
        for f in files {
            ws.files.insert(f.path, f.text);
        }
        let all: Vec<String> = ws.files.keys().cloned().collect();
        ws.recheck(&all, &BTreeSet::new());
        ws
    }

    /// The catalog of every file, as last checked.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// The text of a file, as the editor last sent it.
    pub fn text(&self, path: &str) -> Option<&str> {
        self.files.get(path).map(String::as_str)
    }

    /// Every file path, sorted.
    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.files.keys().map(String::as_str)
    }

    /// The findings located in `path`, in `lint`'s order.
    pub fn findings(&self, path: &str) -> &[Diagnostic] {
        self.findings.get(path).map(Vec::as_slice).unwrap_or(&[])
    }

    /// The findings without a file, of the packages `path` holds (an editor shows them at the
    /// top of the file).
    pub fn unlocated(&self, path: &str) -> Vec<&Diagnostic> {
        let pkgs = self.file_packages.get(path);
        pkgs.into_iter()
            .flatten()
            .filter_map(|p| self.unlocated.get(p))
            .flatten()
            .collect()
    }

    /// The files holding a package's objects, with their text (what `render -f embed` inlines).
    ///
    /// # Complexity
    /// O(F·S) to copy the package's F files of S bytes.
    pub fn files_of_package(&self, package: &str) -> Vec<InputFile> {
        let files = self.package_files.get(package).into_iter().flatten();
        files
            .filter_map(|f| Some(InputFile::new(f.as_str(), self.files.get(f)?.as_str())))
            .collect()
    }

    /// Adds notes of the folder's reading (files skipped, the size limit crossed: what
    /// [`crate::load::read_paths`] reports beside the files) to the findings, first, as `lint`
    /// prints them.
    pub fn add_notes(&mut self, notes: Vec<Diagnostic>) {
        for d in notes.into_iter().rev() {
            match d.location.as_ref().map(|l| l.file.clone()) {
                Some(file) => self.findings.entry(file).or_default().insert(0, d),
                None => self
                    .unlocated
                    .entry(String::new())
                    .or_default()
                    .insert(0, d),
            }
        }
    }

    /// oc-mirror's findings on `path` when it is an ImageSetConfiguration
    /// ([`pipelines::isc_findings`]), within the workspace's limits.
    pub fn isc_findings(&self, path: &str) -> Vec<Diagnostic> {
        let text = self.text(path).unwrap_or_default();
        pipelines::isc_findings(path, text, &self.options.limits)
    }

    /// The packages whose objects `path` holds.
    pub fn packages_of(&self, path: &str) -> Vec<&Package> {
        let names = self.file_packages.get(path).into_iter().flatten();
        names.filter_map(|n| self.catalog.package(n)).collect()
    }

    /// The editor changed, opened or created `path`: re-reads it, re-checks the packages it held
    /// and holds now, and returns the files whose findings may have changed (to publish again).
    ///
    /// # Complexity
    /// [`load_files_with`] and [`lint_catalog`] over `path` and the files of the packages it
    /// held; a second time with the files of the packages it holds now, when it moved to
    /// packages other files also hold; nothing else is read again.
    pub fn update(&mut self, path: &str, text: String) -> Vec<String> {
        let mut touched: BTreeSet<String> =
            self.file_packages.get(path).cloned().unwrap_or_default();
        self.files.insert(path.to_string(), text);
        let group = self.group_of(path, &touched);
        let (sub, found) = self.load_lint(&group);
        // The text may now hold objects of packages that other files hold too: check those
        // packages with all their files.
        let newly: Vec<String> = (sub.packages.iter())
            .map(|p| p.name.clone())
            .filter(|p| !touched.contains(p))
            .collect();
        let elsewhere = newly
            .iter()
            .any(|p| (self.package_files.get(p).into_iter().flatten()).any(|f| !group.contains(f)));
        touched.extend(newly);
        if elsewhere {
            return self.recheck_packages(path, &touched);
        }
        self.apply(&group, &touched, sub, found);
        group
    }

    /// The file is gone (deleted, or closed and not on disk): its packages are checked again
    /// without it.
    ///
    /// # Complexity
    /// As [`Workspace::update`].
    pub fn remove(&mut self, path: &str) -> Vec<String> {
        let touched = self.file_packages.get(path).cloned().unwrap_or_default();
        self.files.remove(path);
        let mut out = self.recheck_packages(path, &touched);
        self.findings.remove(path);
        self.file_packages.remove(path);
        out.push(path.to_string());
        out
    }

    /// Options of a re-read: files named by the editor are read whatever their extension,
    /// like files named on the command line.
    fn options_for_files(&self) -> LoadOptions {
        LoadOptions {
            only_catalog_extensions: false,
            ..self.options
        }
    }

    /// Re-checks `path` and every file of the packages `touched`.
    fn recheck_packages(&mut self, path: &str, touched: &BTreeSet<String>) -> Vec<String> {
        let group = self.group_of(path, touched);
        self.recheck(&group, touched);
        group
    }

    /// `path` and every file of the packages `touched` (and of its operator directory).
    fn group_of(&self, path: &str, touched: &BTreeSet<String>) -> Vec<String> {
        let mut group: BTreeSet<String> = touched
            .iter()
            .filter_map(|p| self.package_files.get(p))
            .flatten()
            .cloned()
            .collect();
        if self.files.contains_key(path) {
            group.insert(path.to_string());
        }
        // An operator directory (bundle layout, legacy manifests) is read as a whole.
        if let Some(dir) = self.operator_dir(path) {
            let prefix = format!("{dir}/");
            let inside = self.files.range(prefix.clone()..);
            group.extend(
                inside
                    .take_while(|(p, _)| p.starts_with(&prefix))
                    .map(|(p, _)| p.clone()),
            );
        }
        group.into_iter().collect()
    }

    /// The operator directory holding `path`, in an operator repository (bundle layout, spec
    /// docs/spec/operator-repo.md) or a legacy package-manifest tree: the nearest folder above it
    /// with a `ci.yaml`, a package manifest, or a `<version>/manifests/` folder.
    ///
    /// # Complexity
    /// O(D·log F) for D folders above `path` and F files.
    fn operator_dir(&self, path: &str) -> Option<String> {
        let mut dir = path;
        while let Some((parent, _)) = dir.rsplit_once('/') {
            dir = parent;
            if dir.is_empty() {
                return None;
            }
            let prefix = format!("{dir}/");
            let marks = self
                .files
                .range(prefix.clone()..)
                .take_while(|(p, _)| p.starts_with(&prefix));
            let operator = marks.map(|(p, _)| &p[prefix.len()..]).any(|rest| {
                matches!(rest, "ci.yaml" | "ci.yml")
                    || !rest.contains('/') && rest.ends_with("package.yaml")
                    || rest.split('/').nth(1) == Some("manifests")
            });
            if operator {
                return Some(dir.to_string());
            }
        }
        None
    }

    /// Loads and lints the files `group` together, and puts what they say in place of what
    /// the packages `replaced` and the files of the group said before.
    ///
    /// # Complexity
    /// [`load_files_with`] and [`lint_catalog`] over the group, then O(P log P) to merge P
    /// packages.
    fn recheck(&mut self, group: &[String], replaced: &BTreeSet<String>) {
        let (sub, found) = self.load_lint(group);
        self.apply(group, replaced, sub, found);
    }

    /// The catalog of the files `group` and its findings.
    ///
    /// # Complexity
    /// [`load_files_with`] and [`lint_catalog`] over the group.
    fn load_lint(&self, group: &[String]) -> (Catalog, Vec<Diagnostic>) {
        let inputs: Vec<InputFile> = group
            .iter()
            .filter_map(|p| {
                self.files
                    .get(p)
                    .map(|t| InputFile::new(p.as_str(), t.as_str()))
            })
            .collect();
        let sub = load_files_with(inputs, self.options_for_files());
        let found = lint_catalog(&sub);
        (sub, found)
    }

    /// Puts what the group's load and findings say in place of what the packages `replaced`
    /// and the files of the group said before.
    ///
    /// # Complexity
    /// O(D + F log F) for D findings and F files, then [`Workspace::merge`].
    fn apply(
        &mut self,
        group: &[String],
        replaced: &BTreeSet<String>,
        sub: Catalog,
        found: Vec<Diagnostic>,
    ) {
        for f in group {
            self.findings.insert(f.clone(), Vec::new());
            for p in self.file_packages.remove(f).unwrap_or_default() {
                if let Some(files) = self.package_files.get_mut(&p) {
                    files.remove(f);
                }
            }
        }
        for p in replaced.iter().chain(sub.packages.iter().map(|p| &p.name)) {
            self.unlocated.remove(p);
        }
        for d in found {
            match d.location.as_ref().map(|l| l.file.clone()) {
                Some(file) if self.findings.contains_key(&file) => {
                    self.findings.entry(file).or_default().push(d)
                }
                _ => self
                    .unlocated
                    .entry(d.package.clone().unwrap_or_default())
                    .or_default()
                    .push(d),
            }
        }
        for pkg in &sub.packages {
            for file in package_files_of(pkg) {
                self.file_packages
                    .entry(file.clone())
                    .or_default()
                    .insert(pkg.name.clone());
                self.package_files
                    .entry(pkg.name.clone())
                    .or_default()
                    .insert(file);
            }
        }
        self.merge(sub, replaced);
    }

    /// Puts the packages of `sub` in place of `replaced` (and of their own names) in the
    /// catalog, and `sub`'s files and load notes in place of theirs.
    ///
    /// # Complexity
    /// O((P + F + D) log P) for P packages, F files and D load notes.
    fn merge(&mut self, sub: Catalog, replaced: &BTreeSet<String>) {
        let names: BTreeSet<&str> = replaced
            .iter()
            .map(String::as_str)
            .chain(sub.packages.iter().map(|p| p.name.as_str()))
            .collect();
        let files: BTreeSet<&str> = sub.files.iter().map(|f| f.path.as_str()).collect();
        let c = &mut self.catalog;
        c.packages.retain(|p| !names.contains(p.name.as_str()));
        c.files.retain(|f| !files.contains(f.path.as_str()));
        c.diagnostics.retain(|d| {
            d.location
                .as_ref()
                .is_none_or(|l| !files.contains(l.file.as_str()))
        });
        c.others
            .retain(|o| !files.contains(o.location.file.as_str()));
        c.packages.extend(sub.packages);
        c.packages.sort_with(|a, b| a.name.cmp(&b.name));
        c.files.extend(sub.files);
        c.others.extend(sub.others);
        c.diagnostics.extend(sub.diagnostics);
    }
}

/// The files a package's objects come from: its `olm.package`, channels, bundles and
/// deprecations.
///
/// # Complexity
/// O(C + B) for C channels and B bundles.
fn package_files_of(pkg: &Package) -> BTreeSet<String> {
    let locations = pkg
        .location
        .iter()
        .chain(pkg.channels.iter().filter_map(|c| c.location.as_ref()))
        .chain(pkg.bundles.iter().filter_map(|b| b.location.as_ref()))
        .chain(pkg.deprecations.location.iter());
    let mut out: BTreeSet<String> = locations.map(|l| l.file.clone()).collect();
    if let Some(t) = &pkg.template {
        out.insert(t.file.clone());
    }
    out
}
