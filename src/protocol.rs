//! The messages between the page and the parsing Web Worker.
//!
//! The page posts a JS object `{id, onlyCatalogExtensions, files: [{path, text}]}` (the texts
//! stay JS strings, so 18 MB are not re-encoded on the main thread). The worker answers with
//! [`WorkerReply`] values serialized as JSON strings: `ready` once it listens, `progress` after
//! each document, then `done` with the whole [`Catalog`] and its findings, or `failed`.

use olm_graph_core::{Catalog, Diagnostic, Progress};
use serde::{Deserialize, Serialize};

/// Field names of the request object.
pub const REQ_ID: &str = "id";
pub const REQ_ONLY_CATALOG_EXTENSIONS: &str = "onlyCatalogExtensions";
pub const REQ_FILES: &str = "files";
pub const FILE_PATH: &str = "path";
pub const FILE_TEXT: &str = "text";

/// What the worker posts back (as a JSON string).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum WorkerReply {
    /// The worker is listening; requests posted before this would be lost.
    Ready,
    /// Parsing request `id` has got this far.
    Progress { id: u32, progress: Progress },
    /// Request `id` is done: the catalog and every finding (`lint_catalog`).
    Done {
        id: u32,
        catalog: Catalog,
        findings: Vec<Diagnostic>,
    },
    /// Request `id` could not be handled (a malformed request; catalog problems are findings).
    Failed { id: u32, message: String },
}

impl WorkerReply {
    /// The JSON text posted to the page.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| {
            format!(r#"{{"type":"failed","id":0,"message":"could not encode the reply: {e}"}}"#)
        })
    }

    /// Reads a reply; an error message when it is not one.
    pub fn from_json(text: &str) -> Result<WorkerReply, String> {
        serde_json::from_str(text).map_err(|e| format!("unreadable reply from the parser: {e}"))
    }
}
