//! Reading what a command is given: catalogs (with the split-catalog hint and load errors on
//! stderr), files kept for rewriting, template files, and series folders.

use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use olm_graph_core::load::{read_paths, Limits, ReadPaths};
use olm_graph_core::model::{Catalog, Package};
use olm_graph_core::open::load_files_with;
use olm_graph_core::partial::{partial_catalog, PartialCatalog};
use olm_graph_core::view::natural_cmp;
use olm_graph_core::{load_paths, InputFile, LoadOptions};

use crate::error::{unknown_package, CliError};

/// The package `name` of `catalog`, or [`unknown_package`].
pub fn package<'a>(catalog: &'a Catalog, name: &str) -> Result<&'a Package, CliError> {
    catalog.package(name).ok_or_else(|| unknown_package(name))
}

/// Loads the catalog at `paths`, without the split-catalog hint.
pub fn load_plain(paths: &[PathBuf]) -> Result<Catalog, CliError> {
    load_paths(paths).map_err(|e| CliError::Input(e.to_string()))
}

/// Loads the catalog at `paths`; the first time a command loads what looks like part of a split
/// catalog, says so on stderr with the counts and the folder to load instead.
pub fn load(paths: &[PathBuf]) -> Result<Catalog, CliError> {
    let catalog = load_plain(paths)?;
    hint_split(paths, &catalog);
    Ok(catalog)
}

/// [`load`], keeping each bundle's CustomResourceDefinitions (`LoadOptions::keep_crds`).
pub fn load_with_crds(paths: &[PathBuf]) -> Result<Catalog, CliError> {
    let catalog = load_plain_with_crds(paths)?;
    hint_split(paths, &catalog);
    Ok(catalog)
}

/// [`load_plain`], keeping each bundle's CustomResourceDefinitions.
pub fn load_plain_with_crds(paths: &[PathBuf]) -> Result<Catalog, CliError> {
    load_crds_and(paths, false)
}

/// [`load`], keeping each bundle's CustomResourceDefinitions and the `olm.gvk`s of bundles
/// without manifests (for `crd-safety`).
pub fn load_with_crds_and_gvks(paths: &[PathBuf]) -> Result<Catalog, CliError> {
    let catalog = load_crds_and(paths, true)?;
    hint_split(paths, &catalog);
    Ok(catalog)
}

fn load_crds_and(paths: &[PathBuf], keep_gvks: bool) -> Result<Catalog, CliError> {
    let options = LoadOptions {
        limits: Limits::process_default(),
        keep_crds: true,
        keep_gvks,
        ..LoadOptions::default()
    };
    olm_graph_core::open::load_paths_with(paths, options)
        .map_err(|e| CliError::Input(e.to_string()))
}

/// Two catalogs loaded as [`load`] loads each, side by side on two threads (`diff` loads the old
/// and the new catalog: the machine's second core halves its loading time). The first error is
/// the old catalog's, and the split-catalog hint looks at the old catalog first, as when they
/// are loaded one after the other.
pub fn load_pair(first: &[PathBuf], second: &[PathBuf]) -> Result<(Catalog, Catalog), CliError> {
    // Each thread also looks for the split-catalog hint; the hints are given in order after.
    let load_one = |paths: &[PathBuf]| {
        let catalog = load_plain(paths)?;
        let partial = partial_catalog(&catalog);
        Ok::<_, CliError>((catalog, partial))
    };
    let (a, b) = std::thread::scope(|s| {
        let other = s.spawn(|| load_one(second));
        let a = load_one(first);
        let b = other
            .join()
            .unwrap_or_else(|_| Err(CliError::Input("loading the catalog failed".into())));
        (a, b)
    });
    let ((a, a_partial), (b, b_partial)) = (a?, b?);
    give_split_hint(first, a_partial);
    give_split_hint(second, b_partial);
    Ok((a, b))
}

/// [`load`], keeping the files read (for a command that rewrites them): every path is read
/// once, standard input included.
pub fn load_keeping_files(paths: &[PathBuf]) -> Result<(Catalog, Vec<InputFile>), CliError> {
    let limits = Limits::process_default();
    let ReadPaths { files, mut notes } =
        read_paths(paths, &limits).map_err(|e| CliError::Input(e.to_string()))?;
    let options = LoadOptions {
        limits,
        ..LoadOptions::default()
    };
    let mut catalog = load_files_with(files.clone(), options);
    notes.append(&mut catalog.diagnostics);
    catalog.diagnostics = notes;
    hint_split(paths, &catalog);
    Ok((catalog, files))
}

/// The split-catalog hint, the first time a command loads what looks like part of a split
/// catalog: on stderr, with the counts and the folder to load instead.
fn hint_split(paths: &[PathBuf], catalog: &Catalog) {
    give_split_hint(paths, partial_catalog(catalog));
}

/// The split-catalog hint for what [`partial_catalog`] found, unless one was given already.
fn give_split_hint(paths: &[PathBuf], partial: Option<PartialCatalog>) {
    if let Some(partial) = partial {
        if !SPLIT_HINT_GIVEN.swap(true, Ordering::Relaxed) {
            eprintln!("olm-graph: note: {}", split_hint(paths, &partial));
        }
    }
}

/// Whether the split-catalog hint was printed already.
static SPLIT_HINT_GIVEN: AtomicBool = AtomicBool::new(false);

/// The hint, naming the folder of a single file given alone.
fn split_hint(paths: &[PathBuf], partial: &PartialCatalog) -> String {
    let shown: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    let folder = match paths {
        [one] if one.is_file() => one
            .parent()
            .map(|d| d.display().to_string())
            .filter(|d| !d.is_empty()),
        _ => None,
    };
    let mut hint = format!("{}: {}", shown.join(" "), partial.message());
    if let Some(d) = folder {
        hint += &format!(" (for example `{d}`)");
    }
    hint
}

/// Load errors go to stderr so that the output stays machine-readable: the first 20, then how
/// many more.
pub fn report_load_errors(catalog: &Catalog) {
    let errors: Vec<_> = catalog
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .collect();
    if errors.is_empty() {
        return;
    }
    for d in errors.iter().take(20) {
        eprintln!("{d}");
    }
    if errors.len() > 20 {
        eprintln!(
            "... and {} more errors (run `olm-graph lint` for all)",
            errors.len() - 20
        );
    }
}

/// Reads the files of the given paths for rewriting, as the loader reads them: directories walked
/// (honouring `.indexignore`), `-` for standard input, within the input limits.
pub fn read_inputs(paths: &[PathBuf]) -> Result<Vec<InputFile>, CliError> {
    let read = read_paths(paths, &Limits::process_default())
        .map_err(|e| CliError::Input(e.to_string()))?;
    for note in &read.notes {
        eprintln!("olm-graph: {note}");
    }
    Ok(read.files)
}

/// Reads template files; `-` is standard input.
pub fn read_templates(paths: &[PathBuf]) -> Result<Vec<InputFile>, CliError> {
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

/// The subfolders of a series folder (one catalog per platform version), with their names,
/// in natural order (`v4.9` before `v4.10`).
pub fn series_folders(dir: &Path) -> Result<Vec<(String, PathBuf)>, CliError> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| CliError::Input(format!("cannot read {}: {e}", dir.display())))?;
    let mut dirs: Vec<(String, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
        .collect();
    dirs.sort_by(|a, b| natural_cmp(&a.0, &b.0));
    Ok(dirs)
}

/// Each subfolder of a series folder loaded as [`load`] loads a catalog, labelled by its name.
pub fn load_series(dir: &Path) -> Result<Vec<(String, Catalog)>, CliError> {
    let dirs = series_folders(dir)?;
    let mut catalogs = Vec::with_capacity(dirs.len());
    for (label, path) in dirs {
        catalogs.push((label, load(&[path])?));
    }
    Ok(catalogs)
}
