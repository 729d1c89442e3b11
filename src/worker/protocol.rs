//! The messages between the page and the parsing Web Worker.
//!
//! The page posts a JS object `{id, kind, onlyCatalogExtensions, files: [{path, text}]}` (the
//! texts stay JS strings, so 18 MB are not re-encoded on the main thread); `kind` is
//! [`KIND_CATALOG`] or [`KIND_SERIES`], or for a catalog template [`KIND_TEMPLATE`] or
//! [`KIND_RENDER_TEMPLATE`] (`files` holds the template, `sources: [{path, text}]` the bundle
//! sources). The worker answers with [`WorkerReply`] values serialized as JSON strings: `ready`
//! once it listens, `progress` while it reads, then `done` with the whole [`Catalog`] and its
//! findings (or `series-done` with one catalog per subfolder, `render-done` with a template's
//! FBC text, `render-failed` with opm's error), or `failed`.

use olm_graph_core::{Catalog, Diagnostic, Progress};
use serde::{Deserialize, Serialize};

/// Field names of the request object.
pub const REQ_ID: &str = "id";
pub const REQ_KIND: &str = "kind";
pub const REQ_ONLY_CATALOG_EXTENSIONS: &str = "onlyCatalogExtensions";
pub const REQ_FILES: &str = "files";
/// The bundle sources of a template request (rendered catalogs standing in for the registry).
pub const REQ_SOURCES: &str = "sources";
pub const FILE_PATH: &str = "path";
pub const FILE_TEXT: &str = "text";

/// `kind` of a request: parse the files as one catalog, and lint it.
pub const KIND_CATALOG: &str = "catalog";
/// `kind` of a request: parse each subfolder as one catalog of a series.
pub const KIND_SERIES: &str = "series";
/// `kind` of a request: the catalog a template stands for, rendered with the bundle sources
/// and linted (answered with `done`).
pub const KIND_TEMPLATE: &str = "template";
/// `kind` of a request: a template's FBC text, as `olm-graph render-template` writes it
/// (answered with `render-done` or `render-failed`).
pub const KIND_RENDER_TEMPLATE: &str = "render-template";

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
    /// Series request `id` is done: (folder name, catalog) in version order.
    SeriesDone {
        id: u32,
        series: Vec<(String, Catalog)>,
    },
    /// Template request `id` rendered: the FBC text and its warnings (stubs, passed-through
    /// documents, unreadable bundle-source documents).
    RenderDone {
        id: u32,
        text: String,
        warnings: Vec<Diagnostic>,
    },
    /// Template request `id` could not be rendered: opm's error, with the template's position.
    RenderFailed { id: u32, error: Diagnostic },
    /// Request `id` could not be handled (a malformed request, a folder that is no series;
    /// problems inside a catalog are findings).
    Failed { id: u32, message: String },
}

impl WorkerReply {
    /// The JSON text posted to the page.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| {
            format!(r#"{{"type":"failed","id":0,"message":"could not encode the reply: {e}"}}"#)
        })
    }

    /// The request a reply answers (`None` for `ready`).
    pub fn request_id(&self) -> Option<u32> {
        match self {
            WorkerReply::Ready => None,
            WorkerReply::Progress { id, .. }
            | WorkerReply::Done { id, .. }
            | WorkerReply::SeriesDone { id, .. }
            | WorkerReply::RenderDone { id, .. }
            | WorkerReply::RenderFailed { id, .. }
            | WorkerReply::Failed { id, .. } => Some(*id),
        }
    }

    /// Reads a reply; an error message when it is not one.
    pub fn from_json(text: &str) -> Result<WorkerReply, String> {
        serde_json::from_str(text).map_err(|e| format!("unreadable reply from the parser: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use olm_graph_core::validate::lint_catalog;
    use olm_graph_core::{load_files, InputFile};

    #[test]
    fn worker_replies_round_trip() {
        let catalog = load_files(vec![InputFile::new(
            "sample.yaml",
            include_str!("../../assets/sample-catalog.yaml"),
        )]);
        let findings = lint_catalog(&catalog);
        let reply = WorkerReply::Done {
            id: 7,
            catalog,
            findings,
        };
        match WorkerReply::from_json(&reply.to_json()) {
            Ok(WorkerReply::Done {
                id,
                catalog,
                findings,
            }) => {
                assert_eq!(id, 7);
                assert_eq!(catalog.packages.len(), 2);
                assert_eq!(findings.len(), 1);
            }
            other => panic!("unexpected {other:?}"),
        }
        assert!(WorkerReply::from_json("{\"type\":\"nope\"}").is_err());
    }
}
