//! Opening catalogs: the entry points that read what a user hands over (FBC files, catalog
//! templates, directories, standard input) into one [`Catalog`]. Templates are expanded first
//! ([`crate::template`]), then the File-Based Catalog is read ([`crate::load`]); this layer
//! sits above both, so that `load` knows nothing of templates.

use std::path::Path;

use crate::load::Limits;
use crate::load::{load_fbc, read_paths, InputFile, LoadError, LoadOptions, Progress, ReadPaths};
use crate::model::Catalog;
use crate::template;

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
    let (files, templates) = template::expand_inputs_with(files, &options.limits);
    let mut catalog = load_fbc(&files, options, progress);
    templates.apply(&mut catalog);
    catalog
}

/// [`load_files_with_progress`] without the template step: every file is read as File-Based
/// Catalog. The same catalog as [`load_files_with_progress`] when no file
/// [`might hold a template`](template::might_hold_template) (the template step then changes
/// nothing); for a reader that must not link the template renderer (the web app's parsing
/// worker, which hands files that might hold one to a worker that does).
///
/// # Complexity
/// As [`load_files`].
pub fn load_fbc_files_with_progress(
    files: Vec<InputFile>,
    options: LoadOptions,
    progress: &mut dyn FnMut(Progress),
) -> Catalog {
    load_fbc(&files, options, progress)
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
