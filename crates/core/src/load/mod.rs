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
//! - `skim`: of a catalog's text, only what one channel's first drawing needs
//!   ([`skim_channel`]), cut out before it is read.
//! - `options` ([`LoadOptions`], [`Limits`]) and `error` ([`LoadError`]).

mod assemble;
mod error;
mod input;
mod object;
mod options;
mod pipeline;
mod skim;
mod stream;
pub(crate) mod yaml;

pub use error::LoadError;
pub use input::fetched::fetched_catalog_problem;
pub use input::indexignore::IgnoreRules;
pub use input::source::{read_paths, InputSource, ReadPaths, STDIN_NAME, STDIN_PATH};
pub use input::{has_catalog_extension, InputFile, Progress, CATALOG_EXTENSIONS};
pub use options::{LimitKind, Limits, LoadOptions};
pub(crate) use pipeline::load_fbc;
use serde_json::Value;
pub use skim::{skim_channel, skim_text, KEPT_PROPERTIES};

/// A file's documents for writers that re-emit objects verbatim: each one's first byte, and
/// its object as JSON when the loader can read it as a catalog object (`None` when it cannot:
/// a writer must not lose it silently).
///
/// # Complexity
/// O(n) in the text's length: the loader's reading, then each readable document once more as
/// JSON.
pub(crate) fn document_values(path: &str, text: &str) -> Vec<(usize, Option<Value>)> {
    let mut docs: Vec<stream::Doc> = Vec::new();
    stream::read_docs_with(path, text, &Limits::DEFAULT, &mut docs);
    docs.into_iter()
        .map(|d| {
            let (a, b) = d.span;
            let value = d.result.is_ok().then(|| json_value(&text[a..b])).flatten();
            (a, value)
        })
        .collect()
}

/// Every document of a file that reads as YAML (JSON included), mapping or not, each read
/// once: a JSON stream by serde_json, a YAML stream document by document. A JSON array, and a
/// JSON stream that serde_json refuses, are cut as the loader cuts them, and each document
/// read as YAML.
///
/// # Complexity
/// O(n) in the text's length (a refused JSON stream is read twice).
pub(crate) fn stream_values(path: &str, text: &str) -> Vec<Value> {
    let t = text.trim_start();
    if !t.starts_with(['{', '[']) {
        return yaml::yaml_values(text).into_iter().flatten().collect();
    }
    if t.starts_with('{') {
        let json: Result<Vec<Value>, _> = serde_json::Deserializer::from_str(t)
            .into_iter::<Value>()
            .collect();
        if let Ok(values) = json {
            return values;
        }
    }
    let mut docs: Vec<stream::Doc> = Vec::new();
    stream::read_docs_with(path, text, &Limits::DEFAULT, &mut docs);
    docs.into_iter()
        .filter_map(|d| yaml::yaml_value(&text[d.span.0..d.span.1]))
        .collect()
}

/// One document as JSON: a JSON object as serde_json reads it, anything else as the YAML
/// reader does.
pub(crate) fn json_value(doc: &str) -> Option<Value> {
    let t = doc.trim_start();
    if t.starts_with('{') {
        serde_json::from_str(t).ok()
    } else {
        yaml::yaml_value(doc)
    }
}
