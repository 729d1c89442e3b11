//! Reading File-Based Catalogs: files, directories, standard input, several paths at once.
//! This layer knows nothing of catalog templates: [`crate::open`] expands them above it, then
//! calls [`load_fbc`] here.
//!
//! [`load_files`](crate::open::load_files) is pure (the web app hands it the files a user
//! picked); [`load_paths`](crate::open::load_paths) reads the file system (and `-`, standard
//! input) first (the CLI). Both give one [`Catalog`] with
//! every problem reported as a [`Diagnostic`]; nothing here panics on bad input, and every
//! input is read in time linear in its size within the [`Limits`] of [`LoadOptions`].
//!
//! Behind this front door, one folder per question:
//! - `input/`: what is read: files in memory, the file system and stdin (`source`),
//!   `.indexignore` (`indexignore`), an answer fetched from a URL checked for an HTML page
//!   (`fetched`, [`fetched_catalog_problem`]).
//! - `pipeline/`: the phases of one load, and files read ahead on worker threads
//!   (`read_ahead`).
//! - `stream/`: a file split into documents (`document`: what the readers share), JSON
//!   streams (`json`).
//! - `yaml/`: the YAML front end catalogs and templates share: the stream `reader`, the `fast`
//!   path, the serde deserializer (`de`), and its limits.
//! - `object/`: one document's raw object within the limits (`budget`), checked field by field
//!   (`convert`).
//! - `assemble/`: objects placed into packages with opm's model rules, the legacy package
//!   manifests (`legacy`), and operator repositories in the bundle layout (`repo`).
//! - `options` ([`LoadOptions`], [`Limits`]) and `error` ([`LoadError`]).

mod assemble;
mod error;
mod input;
mod object;
mod options;
mod pipeline;
mod stream;
pub(crate) mod yaml;

pub use error::LoadError;
pub use input::fetched::fetched_catalog_problem;
pub use input::indexignore::IgnoreRules;
pub use input::source::{read_paths, InputSource, ReadPaths, STDIN_NAME, STDIN_PATH};
pub use input::{has_catalog_extension, InputFile, Progress, CATALOG_EXTENSIONS};
pub use options::{LimitKind, Limits, LoadOptions};
pub(crate) use pipeline::load_fbc;
pub(crate) use yaml::yaml_value;

/// Byte ranges of a file's documents, and whether each one could be read: for writers that
/// re-emit objects verbatim.
pub(crate) fn document_spans(path: &str, text: &str) -> Vec<((usize, usize), bool)> {
    let mut docs: Vec<stream::Doc> = Vec::new();
    stream::read_docs_with(path, text, &Limits::DEFAULT, &mut docs);
    docs.into_iter()
        .map(|d| (d.span, d.result.is_ok()))
        .collect()
}
