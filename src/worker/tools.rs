//! What the tools worker serves (`src/bin/tools.rs`, started by the page as `tools-boot.js`
//! on the first request for a rare tool, or by the parsing worker for files that might hold a
//! catalog template): catalog templates ([`super::template`]), a pipeline's pre-flight checks
//! (core's `preflight`), catalogs written back as FBC with an edit (deprecate-and-truncate's
//! download, the mirror's kept catalog: core's FBC writer reads the files' YAML, which the page
//! does not link), catalogs and series read with templates expanded (core's
//! `open::load_files_with_progress`), and cluster state and ImageSetConfigurations opened beside
//! a catalog or alone (core's `cluster` and `mirror` readers, which the parsing worker does not
//! link either).

use olm_graph_core::change::write_truncated;
use olm_graph_core::mirror::write_kept;
use olm_graph_core::open::load_files_with_progress;
use olm_graph_core::preflight::{self, MessageLocator, Pipeline};
use olm_graph_core::{Catalog, InputFile};
use wasm_bindgen::JsValue;
use web_sys::DedicatedWorkerGlobalScope;

use super::protocol::{self, FbcEdit, WorkerReply};
use super::{
    decode_files, decode_list, post, request_id, request_kind, serve_catalog, serve_series,
    serve_state_and_configs, template,
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
        Some(protocol::KIND_PREFLIGHT) => post(scope, &serve_preflight(id, &files, &data)),
        Some(protocol::KIND_WRITE_FBC) => post(scope, &serve_write(id, &files, &data)),
        _ => {
            if let Some(files) = serve_state_and_configs(scope, id, files) {
                serve_catalog(scope, id, &data, files, load_files_with_progress);
            }
        }
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

/// A pre-flight request: the pipeline's checks of the request's catalog and files (Konflux's
/// pruning check has no target index here: core lists it as skipped), and for each message
/// the file it is about.
///
/// # Complexity
/// Decoding the catalog (linear in its JSON), then that of core's `preflight::run_with_files`
/// and of locating each message (`MessageLocator`).
fn serve_preflight(id: u32, files: &[InputFile], data: &JsValue) -> WorkerReply {
    let failed = |message: String| WorkerReply::Failed { id, message };
    let pipeline = match super::field(data, protocol::REQ_PIPELINE).and_then(|v| v.as_string()) {
        Some(name) => match name.parse::<Pipeline>() {
            Ok(p) => p,
            Err(e) => return failed(e.to_string()),
        },
        None => return failed("the pre-flight request names no pipeline".into()),
    };
    let Some(json) = super::field(data, protocol::REQ_CATALOG).and_then(|v| v.as_string()) else {
        return failed("the pre-flight request has no catalog".into());
    };
    let catalog: Catalog = match serde_json::from_str(&json) {
        Ok(c) => c,
        Err(e) => {
            return failed(format!(
                "the pre-flight request's catalog is unreadable: {e}"
            ))
        }
    };
    drop(json);
    let report = preflight::run_with_files(pipeline, &catalog, files, &[]);
    let locator = MessageLocator::new(&catalog);
    let places = report
        .checks
        .iter()
        .map(|c| {
            c.messages
                .iter()
                .map(|m| locator.locate(m).map(|l| l.file).unwrap_or_default())
                .collect()
        })
        .collect();
    WorkerReply::PreflightDone { id, report, places }
}

/// A write request: the request's files written back as FBC with its edit.
///
/// # Complexity
/// Decoding the edit (linear in its JSON), then that of [`write_fbc`].
fn serve_write(id: u32, files: &[InputFile], data: &JsValue) -> WorkerReply {
    let Some(json) = super::field(data, protocol::REQ_EDIT).and_then(|v| v.as_string()) else {
        return WorkerReply::Failed {
            id,
            message: "the write request has no edit".into(),
        };
    };
    let written = serde_json::from_str::<FbcEdit>(&json)
        .map_err(|e| format!("the write request's edit is unreadable: {e}"))
        .and_then(|edit| write_fbc(files, &edit));
    match written {
        Ok(text) => WorkerReply::Written { id, text },
        Err(message) => WorkerReply::Failed { id, message },
    }
}

/// `files` written back as FBC with `edit` (core's `change::write_truncated` or
/// `mirror::write_kept`), or core's error in words.
///
/// # Complexity
/// That of core's FBC writer: linear in the files' text and the packages written.
pub fn write_fbc(files: &[InputFile], edit: &FbcEdit) -> Result<String, String> {
    match edit {
        FbcEdit::Truncated { report, package } => {
            write_truncated(files, report, package).map_err(|e| e.to_string())
        }
        FbcEdit::Kept { packages } => write_kept(files, packages).map_err(|e| e.to_string()),
    }
}
