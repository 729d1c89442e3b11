//! The parsing Web Worker (`src/bin/worker.rs`, started by the page as `worker-boot.js`): reads
//! each request's files with core's loader and posts the catalog back ([`protocol`]), the
//! files that hold cluster state beside it, or
//! renders a catalog template ([`template`]). What it does with the files is pure ([`parse`],
//! [`template`]); this module only talks to the worker scope.

pub mod parse;
pub mod protocol;
pub mod template;

use gloo_events::EventListener;
use js_sys::{Array, Reflect, Uint8Array};
use olm_graph_core::InputFile;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use crate::state::load::text_from_utf8;
use parse::{load_options, parse_catalog, parse_series, split_cluster_state, split_mirror_configs};
use protocol::{catalog_replies, WorkerReply};

/// Progress is posted at most this often (milliseconds), plus at the start and the end.
const PROGRESS_INTERVAL_MS: f64 = 40.0;

/// Listens for requests and tells the page the worker is ready.
pub fn run() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let post_scope = scope.clone();
    EventListener::new(&scope, "message", move |ev| {
        if let Some(ev) = ev.dyn_ref::<MessageEvent>() {
            handle(&post_scope, ev.data());
        }
    })
    .forget();
    post(&scope, &WorkerReply::Ready);
}

fn post(scope: &DedicatedWorkerGlobalScope, reply: &WorkerReply) {
    post_text(scope, &reply.to_json());
}

/// Posts a reply's JSON as UTF-8 bytes in a buffer of its own, transferred to the page (no
/// re-encoding to a JS string here, no copy in between, no decoding on the page).
fn post_text(scope: &DedicatedWorkerGlobalScope, text: &str) {
    let bytes = Uint8Array::from(text.as_bytes());
    let transfer = Array::of1(&bytes.buffer());
    // Posting only fails for uncloneable values; a buffer always transfers.
    let _ = scope.post_message_with_transfer(&bytes, &transfer);
}

fn field(data: &JsValue, name: &str) -> Option<JsValue> {
    Reflect::get(data, &name.into()).ok()
}

fn handle(scope: &DedicatedWorkerGlobalScope, data: JsValue) {
    let id = field(&data, protocol::REQ_ID)
        .and_then(|v| v.as_f64())
        .map_or(0, |v| v as u32);
    let files = match decode_files(&data) {
        Ok(f) => f,
        Err(message) => return post(scope, &WorkerReply::Failed { id, message }),
    };
    let kind = field(&data, protocol::REQ_KIND).and_then(|v| v.as_string());
    match kind.as_deref() {
        Some(protocol::KIND_SERIES) => {
            let reply = match parse_series(files) {
                Ok(series) => WorkerReply::SeriesDone { id, series },
                Err(message) => WorkerReply::Failed { id, message },
            };
            return post(scope, &reply);
        }
        Some(k @ (protocol::KIND_TEMPLATE | protocol::KIND_RENDER_TEMPLATE)) => {
            let reply = handle_template(id, k, files, &data);
            return post(scope, &reply);
        }
        _ => {}
    }
    let (state, files) = split_cluster_state(files);
    let (configs, files) = split_mirror_configs(files);
    if !configs.is_empty() {
        let alone = files.is_empty() && state.is_empty();
        post(
            scope,
            &WorkerReply::MirrorConfig {
                id,
                files: configs,
                alone,
            },
        );
        if alone {
            return;
        }
    }
    if !state.is_empty() {
        let alone = files.is_empty();
        post(
            scope,
            &WorkerReply::ClusterState {
                id,
                files: state,
                alone,
            },
        );
        if alone {
            return;
        }
    }
    let only = field(&data, protocol::REQ_ONLY_CATALOG_EXTENSIONS)
        .and_then(|v| v.as_bool())
        .unwrap_or(false);
    let mut last = f64::NEG_INFINITY;
    let (catalog, findings) = parse_catalog(
        files,
        load_options(only),
        &mut |progress| {
            let now = js_sys::Date::now();
            let finished = progress.bytes_done >= progress.bytes_total
                && progress.files_done >= progress.files_total;
            if now - last >= PROGRESS_INTERVAL_MS || finished {
                last = now;
                post(scope, &WorkerReply::Progress { id, progress });
            }
        },
        &mut |stage| post(scope, &WorkerReply::Stage { id, stage }),
    );
    catalog_replies(id, catalog, findings, &mut |text| post_text(scope, &text));
}

/// A template request: its one template file, rendered with the request's bundle sources.
fn handle_template(id: u32, kind: &str, files: Vec<InputFile>, data: &JsValue) -> WorkerReply {
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

fn decode_files(data: &JsValue) -> Result<Vec<InputFile>, String> {
    decode_list(data, protocol::REQ_FILES)
}

/// The `{path, text}` or `{path, bytes}` list in field `name` of the request.
///
/// # Complexity
/// O(F + B) for F files of B bytes (each file's bytes copied into wasm memory once).
fn decode_list(data: &JsValue, name: &str) -> Result<Vec<InputFile>, String> {
    let files = field(data, name)
        .filter(Array::is_array)
        .ok_or_else(|| format!("the request has no {name} list"))?;
    let files: Array = files.unchecked_into();
    let mut out = Vec::with_capacity(files.length() as usize);
    for f in files.iter() {
        let path = field(&f, protocol::FILE_PATH)
            .and_then(|v| v.as_string())
            .ok_or("a file of the request has no path")?;
        let bytes = field(&f, protocol::FILE_BYTES).and_then(|v| v.dyn_into::<Uint8Array>().ok());
        let text = match bytes {
            Some(bytes) => text_from_utf8(bytes.to_vec()),
            None => field(&f, protocol::FILE_TEXT)
                .and_then(|v| v.as_string())
                .ok_or_else(|| format!("{path}: the file has no text"))?,
        };
        out.push(InputFile { path, text });
    }
    Ok(out)
}
