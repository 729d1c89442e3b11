//! What the parsing worker serves (`src/bin/worker.rs`): catalogs and series read as
//! File-Based Catalog only. A request it does not serve (a catalog template, preflight) and
//! one whose files might hold a catalog template (core's `template::might_hold_template`) go
//! as they came to the tools worker ([`super::relay`]), whose replies the page gets as if this
//! worker had posted them; so this worker's wasm does not link core's template renderer.

use olm_graph_core::open::load_fbc_files_with_progress;
use olm_graph_core::template::might_hold_template;
use wasm_bindgen::JsValue;
use web_sys::DedicatedWorkerGlobalScope;

use super::protocol::{self, WorkerReply};
use super::{decode_files, post, relay, request_id, request_kind, serve_catalog, serve_series};

/// Serves one request of the page.
///
/// # Complexity
/// Deciding where it goes is O(B) in the B bytes of its files; then that of the loader.
pub fn serve(scope: &DedicatedWorkerGlobalScope, data: JsValue) {
    let id = request_id(&data);
    let kind = request_kind(&data);
    let series = match kind.as_deref() {
        Some(protocol::KIND_SERIES) => true,
        Some(protocol::KIND_CATALOG) | None => false,
        Some(_) => return relay::forward(scope, id, &data),
    };
    let files = match decode_files(&data) {
        Ok(f) => f,
        Err(message) => return post(scope, &WorkerReply::Failed { id, message }),
    };
    if files.iter().any(|f| might_hold_template(&f.text)) {
        drop(files);
        return relay::forward(scope, id, &data);
    }
    if series {
        serve_series(scope, id, files, load_fbc_files_with_progress);
    } else {
        serve_catalog(scope, id, &data, files, load_fbc_files_with_progress);
    }
}
