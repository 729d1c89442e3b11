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

pub use error::LoadError;
pub use indexignore::IgnoreRules;
pub use input::{has_catalog_extension, InputFile, Progress, CATALOG_EXTENSIONS};
pub use options::{LimitKind, Limits, LoadOptions};
pub(crate) use pipeline::load_fbc;
pub use source::{read_paths, InputSource, ReadPaths, STDIN_NAME, STDIN_PATH};
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
