//! Reading catalogs: files, directories, several paths at once.
//!
//! [`load_files`] is pure (the web app hands it the files a user picked); [`load_paths`] reads
//! the file system first (the CLI). Both give one [`Catalog`] with every problem reported as a
//! [`Diagnostic`]; nothing here panics on bad input.

mod convert;
mod indexignore;
mod legacy;
mod raw;
mod stream;

use std::path::{Path, PathBuf};

pub use indexignore::IgnoreRules;

use crate::diag::{Diagnostic, Location};
use crate::model::{Catalog, FileFormat, FileSummary, OtherObject};
use convert::Obj;

/// One input file: its path (as shown to the user) and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputFile {
    pub path: String,
    pub text: String,
}

impl InputFile {
    pub fn new(path: impl Into<String>, text: impl Into<String>) -> Self {
        InputFile {
            path: path.into(),
            text: text.into(),
        }
    }
}

/// File name endings read as catalog files in a directory.
pub const CATALOG_EXTENSIONS: &[&str] = &[".json", ".yaml", ".yml"];

/// True when a path inside a directory is read as a catalog file.
pub fn has_catalog_extension(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    CATALOG_EXTENSIONS.iter().any(|e| lower.ends_with(e))
}

/// Reads catalog files already in memory (from one or several directories or single files).
///
/// Files named `.indexignore` are applied (gitignore syntax, relative to their directory) and
/// are not read themselves; within directories only `.json`, `.yaml` and `.yml` files are read
/// (`only_catalog_extensions`), the others get an info note.
pub fn load_files(files: Vec<InputFile>) -> Catalog {
    load_files_with(files, LoadOptions::default())
}

/// Options of [`load_files_with`].
#[derive(Debug, Clone, Copy, Default)]
pub struct LoadOptions {
    /// Skip files without a catalog extension (as for a directory walk), with a note.
    pub only_catalog_extensions: bool,
}

/// How far loading has got, for a progress bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Progress {
    pub files_done: usize,
    pub files_total: usize,
    pub bytes_done: usize,
    pub bytes_total: usize,
}

/// [`load_files`] with options.
pub fn load_files_with(files: Vec<InputFile>, options: LoadOptions) -> Catalog {
    load_files_with_progress(files, options, &mut |_| {})
}

/// [`load_files_with`], reporting progress after every document read (so a single large file
/// still moves the bar) and once at the end.
pub fn load_files_with_progress(
    files: Vec<InputFile>,
    options: LoadOptions,
    progress: &mut dyn FnMut(Progress),
) -> Catalog {
    // Catalog templates are read as the objects they stand for (see `template::expand_inputs`).
    let (files, templates) = crate::template::expand_inputs(files);
    let mut state = Progress {
        files_total: files.len(),
        bytes_total: files.iter().map(|f| f.text.len()).sum(),
        ..Progress::default()
    };
    let mut catalog = Catalog::default();
    let mut diags = Vec::new();

    let rules = IgnoreRules::from_files(
        files
            .iter()
            .filter(|f| is_indexignore(&f.path))
            .map(|f| (f.path.as_str(), f.text.as_str())),
    );
    let mut objs: Vec<Obj> = Vec::new();
    let mut manifests = Vec::new();
    let mut csvs = Vec::new();
    // Objects without a schema, kept until we know whether they belong to a legacy manifest dir.
    let mut schemaless: Vec<(String, Location)> = Vec::new();

    for file in &files {
        if is_indexignore(&file.path) {
            continue;
        }
        let mut summary = FileSummary {
            path: file.path.clone(),
            bytes: file.text.len(),
            ..FileSummary::default()
        };
        if rules.is_ignored(&file.path) {
            state.files_done += 1;
            state.bytes_done += file.text.len();
            summary.format = FileFormat::Skipped;
            diags.push(
                Diagnostic::info("load.skipped", "skipped: matched by .indexignore")
                    .at(Location::file(&file.path)),
            );
            catalog.files.push(summary);
            continue;
        }
        if options.only_catalog_extensions && !has_catalog_extension(&file.path) {
            state.files_done += 1;
            state.bytes_done += file.text.len();
            summary.format = FileFormat::Skipped;
            diags.push(
                Diagnostic::info(
                    "load.skipped",
                    "skipped: not a .json, .yaml or .yml file (opm would try to parse it)",
                )
                .at(Location::file(&file.path)),
            );
            catalog.files.push(summary);
            continue;
        }
        let base = state.bytes_done;
        let (format, docs) = stream::read_docs_with(&file.path, &file.text, &mut |offset| {
            progress(Progress {
                bytes_done: base + offset,
                ..state
            })
        });
        state.bytes_done = base + file.text.len();
        state.files_done += 1;
        summary.format = format;
        for doc in docs {
            let raw = match doc.result {
                Ok(raw) => raw,
                Err(d) => {
                    summary.failed += 1;
                    diags.push(d);
                    continue;
                }
            };
            if legacy::is_manifest(&raw) {
                summary.format = FileFormat::LegacyManifest;
                manifests.push(legacy::Manifest {
                    dir: parent_dir(&file.path).to_string(),
                    raw,
                    location: doc.location,
                });
                continue;
            }
            if legacy::is_csv(&raw) {
                summary.format = FileFormat::LegacyManifest;
                csvs.push(legacy::Csv {
                    path: file.path.clone(),
                    raw,
                    location: doc.location,
                });
                continue;
            }
            if raw.schema.is_none() {
                summary.failed += 1;
                schemaless.push((file.path.clone(), doc.location));
                continue;
            }
            let package = raw
                .package
                .as_ref()
                .and_then(|v| v.as_str())
                .map(str::to_string);
            let name = raw
                .name
                .as_ref()
                .and_then(|v| v.as_str())
                .map(str::to_string);
            match convert::convert_object(raw, &doc.location, &mut diags) {
                Ok(o) => {
                    match &o {
                        Obj::Package(_) => summary.packages += 1,
                        Obj::Channel(c) => {
                            summary.channels += 1;
                            summary.entries += c.entries.len();
                        }
                        Obj::Bundle(_) => summary.bundles += 1,
                        Obj::Deprecations(_) => summary.deprecations += 1,
                    }
                    objs.push(o);
                }
                Err(Some(schema)) => {
                    summary.others += 1;
                    catalog.others.push(OtherObject {
                        schema,
                        package,
                        name,
                        location: doc.location,
                        span: doc.span,
                    });
                }
                Err(None) => summary.failed += 1,
            }
        }
        catalog.files.push(summary);
    }

    // Documents without a schema are fine inside a legacy manifest directory (CRDs and the like).
    let legacy_dirs: Vec<String> = manifests.iter().map(|m| m.dir.clone()).collect();
    for (path, loc) in schemaless {
        let in_legacy = legacy_dirs
            .iter()
            .any(|d| d.is_empty() || path.starts_with(&format!("{d}/")));
        if in_legacy {
            if let Some(f) = catalog.files.iter_mut().find(|f| f.path == path) {
                f.failed = f.failed.saturating_sub(1);
                f.format = FileFormat::LegacyManifest;
            }
        } else {
            diags.push(
                Diagnostic::error("load.schema", "object is missing root schema field")
                    .at(loc)
                    .field("schema")
                    .suggest("add `schema: olm.package`, `olm.channel`, `olm.bundle` or `olm.deprecations`"),
            );
        }
    }
    // CSVs outside every manifest directory are not catalog content.
    for c in &csvs {
        if !legacy_dirs
            .iter()
            .any(|d| d.is_empty() || c.path.starts_with(&format!("{d}/")))
        {
            diags.push(
                Diagnostic::warning(
                    "load.legacy",
                    "ClusterServiceVersion outside a package-manifest directory: not read",
                )
                .at(c.location.clone()),
            );
        }
    }
    let legacy_objs = legacy::convert(manifests, &csvs, &mut diags);
    for o in &legacy_objs {
        // Count legacy objects against the manifest's file.
        if let (Obj::Channel(c), Some(loc)) = (o, obj_location(o)) {
            if let Some(f) = catalog.files.iter_mut().find(|f| f.path == loc.file) {
                f.channels += 1;
                f.entries += c.entries.len();
            }
        } else if let (Obj::Package(_), Some(loc)) = (o, obj_location(o)) {
            if let Some(f) = catalog.files.iter_mut().find(|f| f.path == loc.file) {
                f.packages += 1;
            }
        } else if let (Obj::Bundle(_), Some(loc)) = (o, obj_location(o)) {
            if let Some(f) = catalog.files.iter_mut().find(|f| f.path == loc.file) {
                f.bundles += 1;
            }
        }
    }
    objs.extend(legacy_objs);

    catalog.packages = convert::assemble(objs, &mut diags);
    catalog.diagnostics = diags;
    templates.apply(&mut catalog);
    progress(Progress {
        files_done: state.files_total,
        bytes_done: state.bytes_total,
        ..state
    });
    catalog
}

/// Byte ranges of a file's documents, and whether each one could be read: for writers that
/// re-emit objects verbatim.
pub(crate) fn document_spans(path: &str, text: &str) -> Vec<((usize, usize), bool)> {
    let (_, docs) = stream::read_docs_with(path, text, &mut |_| {});
    docs.into_iter()
        .map(|d| (d.span, d.result.is_ok()))
        .collect()
}

fn obj_location(o: &Obj) -> Option<&Location> {
    match o {
        Obj::Package(p) => p.location.as_ref(),
        Obj::Channel(c) => c.location.as_ref(),
        Obj::Bundle(b) => b.location.as_ref(),
        Obj::Deprecations(d) => Some(&d.location),
    }
}

fn is_indexignore(path: &str) -> bool {
    path == ".indexignore" || path.ends_with("/.indexignore")
}

fn parent_dir(path: &str) -> &str {
    path.rfind('/').map_or("", |i| &path[..i])
}

/// A path that could not be read at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    pub path: String,
    pub message: String,
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot read {}: {}", self.path, self.message)
    }
}

impl std::error::Error for LoadError {}

/// Reads files and directory trees from disk, then [`load_files`].
///
/// A path that does not exist or cannot be read is a [`LoadError`]. Inside a directory, files
/// are read in sorted order; a file that is not UTF-8 is reported and skipped.
pub fn load_paths<P: AsRef<Path>>(paths: &[P]) -> Result<Catalog, LoadError> {
    let mut files = Vec::new();
    let mut notes = Vec::new();
    for p in paths {
        let p = p.as_ref();
        let meta = std::fs::metadata(p).map_err(|e| LoadError {
            path: p.display().to_string(),
            message: e.to_string(),
        })?;
        if meta.is_dir() {
            let mut found = Vec::new();
            walk(p, &mut found).map_err(|e| LoadError {
                path: p.display().to_string(),
                message: e.to_string(),
            })?;
            found.sort();
            let root = p.display().to_string();
            let root = root.trim_end_matches('/');
            for f in found {
                let rel = f
                    .strip_prefix(p)
                    .unwrap_or(&f)
                    .to_string_lossy()
                    .replace('\\', "/");
                let shown = format!("{root}/{rel}");
                let is_catalog = has_catalog_extension(&rel) || is_indexignore(&rel);
                if !is_catalog {
                    notes.push(
                        Diagnostic::info(
                            "load.skipped",
                            "skipped: not a .json, .yaml or .yml file (opm would try to parse it)",
                        )
                        .at(Location::file(shown)),
                    );
                    continue;
                }
                match std::fs::read(&f) {
                    Ok(bytes) => match String::from_utf8(bytes) {
                        Ok(text) => files.push(InputFile::new(shown, text)),
                        Err(_) => notes.push(
                            Diagnostic::error("load.utf8", "file is not UTF-8 text: not read")
                                .at(Location::file(shown)),
                        ),
                    },
                    Err(e) => notes.push(
                        Diagnostic::error("load.io", format!("cannot read file: {e}"))
                            .at(Location::file(shown)),
                    ),
                }
            }
        } else {
            let bytes = std::fs::read(p).map_err(|e| LoadError {
                path: p.display().to_string(),
                message: e.to_string(),
            })?;
            let text = String::from_utf8(bytes).map_err(|_| LoadError {
                path: p.display().to_string(),
                message: "file is not UTF-8 text".into(),
            })?;
            files.push(InputFile::new(p.display().to_string(), text));
        }
    }
    // Files named explicitly are read whatever their extension; inside directories only catalog
    // extensions were taken above.
    let mut catalog = load_files(files);
    notes.append(&mut catalog.diagnostics);
    catalog.diagnostics = notes;
    Ok(catalog)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let ty = entry.file_type()?;
        let path = entry.path();
        if ty.is_dir() {
            walk(&path, out)?;
        } else if ty.is_file() || (ty.is_symlink() && path.is_file()) {
            out.push(path);
        }
    }
    Ok(())
}
