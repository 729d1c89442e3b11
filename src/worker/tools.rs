//! What the tools worker serves (`src/bin/tools.rs`, started by the page as `tools-boot.js`
//! on the first request for a rare tool, or by the parsing worker for files that might hold a
//! catalog template): catalog templates ([`super::template`]), and catalogs and series read
//! with templates expanded (core's `open::load_files_with_progress`).

use olm_graph_core::open::load_files_with_progress;
use olm_graph_core::InputFile;
use wasm_bindgen::JsValue;
use web_sys::DedicatedWorkerGlobalScope;

use super::protocol::{self, WorkerReply};
use super::{
    decode_files, decode_list, post, request_id, request_kind, serve_catalog, serve_series,
    template,
};

/// Serves one request of the page (or of the parsing worker, passed on as it came).
///
/// # Complexity
/// That of the loader, the template renderer or the linter on the request's files.
pub fn serve(scope: &DedicatedWorkerGlobalScope, data: JsValue) {
    let id = request_id(&data);
    let files = match decode_files(&data) {
        Ok(f) => f,
        Err(message) => return post(scope, &WorkerReply::Failed { id, message }),
    };
    match request_kind(&data).as_deref() {
        Some(protocol::KIND_SERIES) => serve_series(scope, id, files, load_files_with_progress),
        Some(k @ (protocol::KIND_TEMPLATE | protocol::KIND_RENDER_TEMPLATE)) => {
            let reply = serve_template(id, k, files, &data);
            post(scope, &reply);
        }
        _ => serve_catalog(scope, id, &data, files, load_files_with_progress),
    }
}

/// A template request: its one template file, rendered with the request's bundle sources.
fn serve_template(id: u32, kind: &str, files: Vec<InputFile>, data: &JsValue) -> WorkerReply {
    let sources = match decode_list(data, protocol::REQ_SOURCES) {
        Ok(s) => s,
        Err(message) => return WorkerReply::Failed { id, message },
    };
    let Some(file) = files.into_iter().next() else {
        return WorkerReply::Failed {
            id,
            message: "the template request has no template file".into(),
        };
    };
    if kind == protocol::KIND_TEMPLATE {
        let (catalog, findings) = template::preview_template(file, &sources);
        return WorkerReply::Done {
            id,
            catalog,
            findings,
        };
    }
    match template::render_template(file, &sources) {
        Ok((text, warnings)) => WorkerReply::RenderDone { id, text, warnings },
        Err(error) => WorkerReply::RenderFailed { id, error: *error },
    }
}
