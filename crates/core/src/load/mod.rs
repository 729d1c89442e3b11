//! Reading catalogs: files, directories, standard input, several paths at once.
//!
//! [`load_files`] is pure (the web app hands it the files a user picked); [`load_paths`] reads
//! the file system (and `-`, standard input) first (the CLI). Both give one [`Catalog`] with
//! every problem reported as a [`Diagnostic`]; nothing here panics on bad input, and every
//! input is read in time linear in its size within the [`Limits`] of [`LoadOptions`].
//!
//! Behind this front door: `source` (file system and stdin), `pipeline` (the phases of a
//! load), `stream` with `json` and `yaml` over `yaml_de` (documents), `raw` with `budget` (one document
//! within the limits), `convert` and `assemble` (opm's model rules), `legacy` (package
//! manifests), `indexignore`.

mod ahead;
mod assemble;
mod budget;
mod convert;
mod doc;
mod error;
mod indexignore;
mod input;
mod json;
mod legacy;
mod options;
mod pipeline;
mod raw;
mod source;
mod stream;
mod yaml;
mod yaml_de;
mod yaml_fast;

use std::path::Path;

pub use error::LoadError;
pub use indexignore::IgnoreRules;
pub use input::{has_catalog_extension, InputFile, Progress, CATALOG_EXTENSIONS};
pub use options::{LimitKind, Limits, LoadOptions};
pub(crate) use pipeline::load_fbc;
pub use source::{read_paths, InputSource, ReadPaths, STDIN_NAME, STDIN_PATH};
pub(crate) use yaml::yaml_value;

use crate::model::Catalog;

/// Reads catalog files already in memory (from one or several directories or single files),
/// with the default options.
///
/// Files named `.indexignore` are applied (gitignore syntax, relative to their directory) and
/// are not read themselves.
///
/// # Complexity
/// O(B + N log N) time for B bytes of input and N objects, entries and documents; memory O(B).
pub fn load_files(files: Vec<InputFile>) -> Catalog {
    load_files_with(files, LoadOptions::default())
}

/// [`load_files`] with options: within directories only `.json`, `.yaml` and `.yml` files are
/// read when `only_catalog_extensions` is set (the others get an info note), and nothing is
/// read past the [`Limits`].
///
/// # Complexity
/// As [`load_files`].
pub fn load_files_with(files: Vec<InputFile>, options: LoadOptions) -> Catalog {
    load_files_with_progress(files, options, &mut |_| {})
}

/// [`load_files_with`], reporting progress after every document read (so a single large file
/// still moves the bar) and once at the end.
///
/// # Complexity
/// As [`load_files`].
pub fn load_files_with_progress(
    files: Vec<InputFile>,
    options: LoadOptions,
    progress: &mut dyn FnMut(Progress),
) -> Catalog {
    // Catalog templates are read as the objects they stand for (see `template::expand_inputs`).
    let (files, templates) = crate::template::expand_inputs_with(files, &options.limits);
    let mut catalog = load_fbc(&files, options, progress);
    templates.apply(&mut catalog);
    catalog
}

/// Reads files, directory trees and standard input (`-`) from disk, then [`load_files`], with
/// the limits set for this process ([`Limits::set_process_default`], the CLI's flags).
///
/// A path that does not exist or cannot be read is a [`LoadError`]. Inside a directory, files
/// are read in sorted order; a file that is not UTF-8 is reported and skipped.
///
/// # Complexity
/// As [`read_paths`] then [`load_files`].
pub fn load_paths<P: AsRef<Path>>(paths: &[P]) -> Result<Catalog, LoadError> {
    let options = LoadOptions {
        limits: Limits::process_default(),
        ..LoadOptions::default()
    };
    load_paths_with(paths, options)
}

/// [`load_paths`] with explicit options.
///
/// # Complexity
/// As [`read_paths`] then [`load_files`].
pub fn load_paths_with<P: AsRef<Path>>(
    paths: &[P],
    options: LoadOptions,
) -> Result<Catalog, LoadError> {
    let ReadPaths { files, mut notes } = read_paths(paths, &options.limits)?;
    // Files named explicitly are read whatever their extension; inside directories only
    // catalog extensions were taken by `read_paths`.
    let mut catalog = load_files_with(files, options);
    notes.append(&mut catalog.diagnostics);
    catalog.diagnostics = notes;
    Ok(catalog)
}

/// Byte ranges of a file's documents, and whether each one could be read: for writers that
/// re-emit objects verbatim.
pub(crate) fn document_spans(path: &str, text: &str) -> Vec<((usize, usize), bool)> {
    let mut docs: Vec<stream::Doc> = Vec::new();
    stream::read_docs_with(path, text, &Limits::DEFAULT, &mut docs);
    docs.into_iter()
        .map(|d| (d.span, d.result.is_ok()))
        .collect()
}
